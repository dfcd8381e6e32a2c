"""The app shell without a network: gallery, rulebook, help, palette, language, name, config,
the host form's checks, the command line, and the 80×24 layout."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual.widgets import Button, Label, MarkdownViewer, Static
from tui_support import click, isolate, make_app, screen_name, until

from qm_rules.cards import CardType, shipped_cards
from qm_rules.model import GameOptions
from qm_tui import config
from qm_tui.i18n import all_strings, tr
from qm_tui.net import AddressError, parse_address
from qm_tui.rules_text import packaged_rules, repo_rules, rules_markdown, split_sections
from qm_tui.screens.gallery import GalleryScreen, describe_card
from qm_tui.screens.help import HelpScreen
from qm_tui.screens.host_form import FormValues
from qm_tui.screens.lobby import LobbyScreen
from qm_tui.screens.rulebook import RulebookScreen


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return isolate(tmp_path, monkeypatch)


ROOT = Path(__file__).resolve().parent.parent

# ───────────────────────────── gallery and rulebook ─────────────────────────────


@pytest.mark.parametrize("lang", ["zh", "en"])
async def test_gallery_lists_every_card_and_shows_it_in_full(lang: str) -> None:
    app = make_app(lang=lang)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("g")
        await until(pilot, lambda: isinstance(app.screen, GalleryScreen), "the gallery")
        gallery = app.screen
        assert isinstance(gallery, GalleryScreen)
        assert gallery.listed == [c.id for c in shipped_cards().cards]
        # Moving down shows the second card, names in both languages and its text.
        await pilot.press("down")
        second = shipped_cards().cards[1]
        shown = str(gallery.query_one("#detail", Static).content)
        assert second.name.zh in shown and second.name.en in shown
        assert second.text(lang) in shown
        assert str(second.copies) in shown


async def test_gallery_filter_narrows_the_list() -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("g")
        await until(pilot, lambda: isinstance(app.screen, GalleryScreen), "the gallery")
        gallery = app.screen
        await pilot.press("slash", *"burning")
        burning = [c.id for c in shipped_cards().cards if "burning" in c.tags]
        assert burning and gallery.listed == burning
        await pilot.press("escape", "escape")  # clear the filter, then leave
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")


def test_gallery_counts_copies_per_base_set_and_ancestors_in_the_pool() -> None:
    # A four-player deck holds two base sets: "Copies 1" would read as one in the deck.
    offering = next(c for c in shipped_cards().cards if c.type is CardType.OFFERING)
    assert f"Copies per base set {offering.copies}" in describe_card(offering, "en").plain
    assert f"每份基础套牌张数 {offering.copies}" in describe_card(offering, "zh").plain
    ancestor = shipped_cards().ancestors[0]
    shown = describe_card(ancestor, "en").plain
    assert "One in the ancestor pool" in shown and "Copies" not in shown


def test_card_text_is_never_markup() -> None:
    """A card text with brackets comes out as written."""
    card = shipped_cards().cards[0]
    assert card.text("en") in describe_card(card, "en").plain


@pytest.mark.parametrize("lang", ["zh", "en"])
async def test_rulebook_opens_in_the_players_language(lang: str) -> None:
    app = make_app(lang=lang)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, RulebookScreen), "the rulebook")
        book = app.screen
        assert isinstance(book, RulebookScreen)
        assert [s.title for s in book.sections] == [
            s.title for s in split_sections(rules_markdown() or "", lang)
        ]
        await pilot.press("n")  # the first numbered section
        await until(pilot, lambda: book.shown == 1, "the next section")
        viewer = book.query_one("#rules", MarkdownViewer)
        headings = [str(h.content) for h in viewer.document.query("MarkdownH2")]
        assert headings == [book.sections[1].title]
        goal = {"zh": "目标", "en": "Goal"}[lang]
        assert goal in headings[0]
        switch = {"zh": "English", "en": "中文"}
        assert switch[lang] in _footer(book)  # l names the language it switches to...
        await pilot.press("l")  # the other language's part
        other = {"zh": "Goal", "en": "目标"}[lang]
        await until(
            pilot, lambda: book.shown == 0 and other in book.sections[1].title, "the other part"
        )
        back = {"zh": "中文", "en": "English"}[lang]  # ...and then the way back
        await until(pilot, lambda: back in _footer(book), "the key's new label")
        assert switch[lang] not in _footer(book)
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")


def _footer(screen: object) -> list[str]:
    from textual.widgets._footer import FooterKey

    return [str(k.description) for k in screen.query(FooterKey)]  # type: ignore[attr-defined]


def test_rulebook_sections_follow_the_language() -> None:
    text = rules_markdown() or ""
    zh, en = split_sections(text, "zh"), split_sections(text, "en")
    assert len(zh) == len(en) > 10
    assert zh[0] == en[0]  # the opening text is shared
    assert all(re.search(r"[\u4e00-\u9fff]", s.title) for s in zh[1:])
    assert not any(re.search(r"[\u4e00-\u9fff]", s.title) for s in en[1:])
    # Nothing is lost: every line of the book is in one language's sections or the other's.
    kept = "".join(s.markdown for s in zh + en[1:])
    for line in text.splitlines():
        if line.strip() and not line.startswith("# "):
            assert line in kept, line
    # A book in one language is shown whole.
    plain = "# Rules\n\nIntro.\n\n## 1 Goal\n\nWin.\n"
    assert [s.title for s in split_sections(plain, "zh")] == ["Rules", "1 Goal"]


def test_packaged_rulebook_is_the_repositorys() -> None:
    """qm_tui/docs/RULES.md (what an installed app reads) cannot drift from docs/RULES.md."""
    repo = repo_rules()
    assert repo is not None and repo.strip(), "docs/RULES.md exists"
    assert packaged_rules() == repo
    assert rules_markdown() == repo
    assert (ROOT / "qm_tui" / "docs" / "RULES.md").read_text(encoding="utf-8") == (
        ROOT / "docs" / "RULES.md"
    ).read_text(encoding="utf-8")


def test_the_packaged_rulebook_is_package_data() -> None:
    """pyproject ships qm_tui/docs/*.md with the package (a wheel holds the file itself)."""
    import tomllib

    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = data["tool"]["setuptools"]["package-data"]["qm_tui"]
    assert any(p in ("docs/*.md", "docs/RULES.md", "**/*.md") for p in patterns), patterns


# ───────────────────────────── help, palette, language, name ─────────────────────────────


async def test_help_lists_the_lobby_keys() -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
        keys = dict(app.screen.keys)
        for key, what in {
            "h": "Host",
            "a": "Address",
            "p": "Bots",
            "g": "Cards",
            "r": "Rules",
        }.items():
            assert keys.get(key) == what, keys
        assert "ctrl+p" in keys
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")


async def test_help_in_chinese() -> None:
    app = make_app(lang="zh")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("f1")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
        keys = dict(app.screen.keys)
        assert keys["h"] == "开桌" and keys["f1"] == "帮助"


async def test_command_palette_knows_the_rulebook() -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("ctrl+p")
        await pilot.press(*"rulebook")
        await until(
            pilot, lambda: app.screen.query("CommandList").first().option_count > 0, "a hit"
        )
        await pilot.press("down", "enter")
        await until(
            pilot, lambda: isinstance(app.screen, RulebookScreen), "the rulebook from the palette"
        )


@pytest.mark.parametrize(
    ("lang", "label", "placeholder", "theme"),
    [("zh", "命令", "搜索命令…", "配色"), ("en", "palette", "Search for commands…", "Theme")],
)
async def test_the_command_palette_speaks_the_players_language(
    lang: str, label: str, placeholder: str, theme: str
) -> None:
    """Its key in the footer, its search line and Textual's own commands (theme, quit...)."""
    from textual.command import CommandInput
    from textual.widgets._footer import FooterKey

    app = make_app(lang=lang)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: bool(app.screen.query(".-command-palette")), "the footer")
        key = app.screen.query_one(".-command-palette", FooterKey)
        assert key.description == label
        await pilot.press("ctrl+p")
        await until(pilot, lambda: bool(app.screen.query(CommandInput)), "the palette")
        assert app.screen.query_one(CommandInput).placeholder == placeholder
        await pilot.press(*theme)
        await until(
            pilot, lambda: app.screen.query("CommandList").first().option_count > 0, "a hit"
        )
        hits = app.screen.query("CommandList").first()
        first = str(hits.get_option_at_index(0).prompt)
        assert theme in first, first


async def test_switching_language_relabels_and_is_remembered() -> None:
    app = make_app(lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        lobby = app.screen
        assert "Lobby" in str(lobby.query_one("#title", Label).content)
        await pilot.press("l")
        await until(
            pilot, lambda: "大厅" in str(lobby.query_one("#title", Label).content), "Chinese title"
        )
        assert "开一桌" in str(lobby.query_one("#menu-host", Button).label)
        assert app.lang == "zh"
    assert config.load().lang == "zh"


async def test_changing_name_is_remembered() -> None:
    app = make_app(name="Ann")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("n")
        await until(pilot, lambda: screen_name(app) == "AskScreen", "the question")
        await pilot.press(*["backspace"] * 3, *"清明 Bo", "enter")
        await until(pilot, lambda: app.player_name == "清明 Bo", "the new name")
        assert "清明 Bo" in str(app.screen.query_one("#status", Static).content)
    assert config.load().name == "清明 Bo"


# ───────────────────────────── config ─────────────────────────────


def test_config_written_and_read_back() -> None:
    assert config.load() == config.Config()
    config.remember(name="  Mei   Lin ", lang="zh")
    assert (config.config_dir() / "config.json").exists()
    assert config.load() == config.Config(name="Mei Lin", lang="zh")
    # The command line wins and is remembered; then the remembered values are used.
    assert config.resolve("Bo", "en") == ("Bo", "en")
    assert config.resolve(None, None) == ("Bo", "en")


def test_config_defaults_from_the_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    assert config.resolve(None, None)[1] == "zh"
    monkeypatch.setenv("LC_ALL", "en_GB.UTF-8")
    assert config.resolve(None, None)[1] == "en"
    assert config.locale_lang({}) == "en"


def test_a_broken_config_file_is_an_empty_config() -> None:
    config.config_dir().mkdir(parents=True)
    (config.config_dir() / "config.json").write_text("{not json", encoding="utf-8")
    assert config.load() == config.Config()
    (config.config_dir() / "config.json").write_text('{"name": 5, "lang": "fr"}', encoding="utf-8")
    assert config.load() == config.Config()


# ───────────────────────────── strings (the whole catalogue: test_catalogue.py) ─────────────


def test_every_binding_of_the_shell_has_a_translation() -> None:
    from qm_tui.app import QingmingApp
    from qm_tui.screens import ask, gallery, help, host_form, intro, lobby, room, rulebook

    classes = [
        QingmingApp,
        lobby.LobbyScreen,
        room.RoomScreen,
        host_form.HostFormScreen,
        ask.AskScreen,
        help.HelpScreen,
        intro.IntroScreen,
        rulebook.RulebookScreen,
        gallery.GalleryScreen,
    ]
    for cls in classes:
        for binding in cls.BINDINGS:
            assert binding.id, f"{cls.__name__}: {binding.key} has no id"
            if binding.description:
                assert f"key.{binding.id}" in all_strings(), binding.id


def test_tr_formats_and_survives_unknown_keys() -> None:
    assert tr("room.your_seat", "en", seat=2, name="Ann") == "You sit at seat 2 (Ann)."
    assert tr("no.such.key", "zh") == "no.such.key"


# ───────────────────────────── host form and addresses ─────────────────────────────


def _values(level: str = "normal", **changes: str | bool) -> FormValues:
    typed: dict[str, str | bool] = dict(
        response_timer="20",
        turn_timer="",
        round_limit="40",
        hand_limit="",
        ask_everyone=False,
        disconnect_grace="120",
    )
    base = dict(name="Tea", seats=4, bots="1")
    for key, value in changes.items():
        if key in typed:
            typed[key] = value
        else:
            base[key] = value
    return FormValues(**base, options=typed, level=level)  # type: ignore[arg-type]


def test_the_form_passes_the_bots_level_on() -> None:
    assert _values().settings().level == "normal"
    assert _values(level="hard").settings().level == "hard"


def test_form_values_become_table_options() -> None:
    s = _values(turn_timer="90", hand_limit="7", ask_everyone=True, response_timer="").settings()
    assert (s.name, s.seats, s.bots) == ("Tea", 4, 1)
    assert s.options == GameOptions(
        response_timer=None,
        turn_timer=90.0,
        round_limit=40,
        hand_limit=7,
        ask_everyone=True,
        disconnect_grace=120.0,
    )


@pytest.mark.parametrize(
    "changes, field",
    [
        ({"bots": "4"}, "bots"),
        ({"name": "   "}, "name"),
        ({"round_limit": "x"}, "round_limit"),
        ({"response_timer": "-3"}, "response_timer"),
    ],
)
def test_form_refuses_what_a_table_cannot_use(changes: dict[str, object], field: str) -> None:
    from qm_tui.screens.host_form import FormError

    with pytest.raises(FormError) as error:
        _values(**changes).settings()
    assert error.value.field == field


def test_a_bad_option_is_named_with_its_range_in_the_players_words() -> None:
    from qm_tui.screens.host_form import FormError

    with pytest.raises(FormError) as error:
        _values(round_limit="x").settings()
    assert error.value.text("en") == "Round limit: 0 to 10000 (0 = none)"
    assert error.value.text("zh") == "轮数上限：0 到 10000（0 = 无）"


@pytest.mark.parametrize("lang", ["zh", "en"])
async def test_the_form_has_a_field_for_every_table_option(lang: str) -> None:
    from qm_rules.options import OPTIONS

    app = make_app(lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("h")
        await until(pilot, lambda: screen_name(app) == "HostFormScreen", "the form")
        labels = [str(label.content) for label in app.screen.query("#fields Label")]
        for option in OPTIONS:
            assert option.form_label(lang) in labels
            app.screen.query_one(f"#f-{option.name}")
        # Untouched, the form gives the table the options' defaults.
        assert app.screen.values().settings().options == GameOptions()  # type: ignore[attr-defined]
        await pilot.press("escape")


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("size", [(100, 30), (80, 24)])
async def test_the_form_shows_each_options_help_whole(lang: str, size: tuple[int, int]) -> None:
    # "Ask everyone" read "ask every player to respond, not onl…": its help wraps instead.
    from textual.widgets import Checkbox

    from qm_rules.options import OPTIONS

    app = make_app(lang=lang)
    async with app.run_test(size=size) as pilot:
        await pilot.press("h")
        await until(pilot, lambda: screen_name(app) == "HostFormScreen", "the form")
        await pilot.pause()
        rows = app.screen._compositor.render_strips()
        flags = [o for o in OPTIONS if o.kind == "flag"]
        assert flags
        for option in flags:
            box = app.screen.query_one(f"#f-{option.name}", Checkbox)
            r = box.region
            drawn = "".join(row.crop(r.x, r.right).text for row in rows[r.y : r.bottom])
            shown = "".join(drawn.split())
            assert "".join(option.words("help", lang).split()) in shown, drawn
            assert "…" not in drawn
        await pilot.press("escape")


async def test_form_shows_its_error_and_stays_open() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("h")
        await until(pilot, lambda: screen_name(app) == "HostFormScreen", "the form")
        app.screen.query_one("#f-bots").value = "9"
        await pilot.press("ctrl+s")
        assert screen_name(app) == "HostFormScreen"
        assert "Bots: 0 to 3" in str(app.screen.query_one("#form-error", Static).content)
        await pilot.press("escape")
        await until(pilot, lambda: screen_name(app) == "LobbyScreen", "the lobby")


def test_addresses() -> None:
    assert parse_address("192.168.1.5:7351") == ("192.168.1.5", 7351)
    assert parse_address("[::1]:80") == ("::1", 80)
    assert parse_address("tea.local", 9000) == ("tea.local", 9000)
    assert parse_address("tea.local") == ("tea.local", 7351)  # qingming serve's usual port
    for bad in ("", ":80", "host:port", "host:70000"):
        with pytest.raises(AddressError):
            parse_address(bad)


# ───────────────────────────── command line ─────────────────────────────


def test_play_and_join_take_the_common_options() -> None:
    from qingming.cli import build_parser

    args = build_parser("play").parse_args(
        ["play", "--bots", "2", "--seed", "9", "--lang", "zh", "--name", "Bo"]
    )
    assert (args.bots, args.seed, args.lang, args.name) == (2, "9", "zh", "Bo")
    args = build_parser("join").parse_args(["join", "10.0.0.2:7000", "--interface", "10.0.0.1"])
    assert (args.address, args.interface) == ("10.0.0.2:7000", ["10.0.0.1"])


@pytest.mark.parametrize(
    "argv",
    [
        ["--lang", "zh", "--name", "Bo", "--no-journal", "play", "--bots", "2"],
        ["--lang", "zh", "--name", "Bo", "--no-journal", "join", "10.0.0.2:7000"],
        ["--lang", "zh", "--name", "Bo", "--no-journal"],
    ],
)
def test_the_common_options_count_before_the_command_too(argv: list[str]) -> None:
    """``qingming --help`` shows them before COMMAND; a playtester's ``qingming --lang zh
    --name Bo --no-journal play`` got the locale's language, the login name and a journal."""
    from qingming.cli import build_parser

    args = build_parser().parse_args(argv)
    assert (args.lang, args.name, args.no_journal) == ("zh", "Bo", True)


def test_a_common_option_after_the_command_wins_and_defaults_stay_without_either() -> None:
    from qingming.cli import build_parser

    args = build_parser().parse_args(["--lang", "zh", "play", "--lang", "en"])
    assert args.lang == "en"
    for argv in (["play"], ["join", "h"], []):
        args = build_parser().parse_args(argv)
        assert (args.lang, args.name, args.interface, args.no_journal) == (None, None, None, False)


# ───────────────────────────── layout ─────────────────────────────


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_lobby_fits_the_terminal(size: tuple[int, int]) -> None:
    app = make_app(lang="zh")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        width, height = size
        for button in screen.query(Button):
            region = button.region
            assert region.width > 0 and region.right <= width and region.bottom <= height - 2, (
                button.id
            )
        tables = screen.query_one("#tables")
        assert tables.region.height >= 5
        if width >= 160:
            assert tables.region.width >= 100  # a large terminal gives the list the room


async def test_the_mouse_works_on_the_menu() -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await click(pilot, "#menu-cards")
        await until(pilot, lambda: isinstance(app.screen, GalleryScreen), "the gallery by mouse")
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
        await click(pilot, "#menu-host")
        await until(pilot, lambda: screen_name(app) == "HostFormScreen", "the form by mouse")
        await click(pilot, "#cancel")
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")


def test_the_commands_answer_from_a_fresh_interpreter() -> None:
    """``qingming play`` / ``join`` parse their options; a bad address is refused before any UI."""
    import subprocess
    import sys

    for args in (["play", "--help"], ["join", "--help"]):
        out = subprocess.run(
            [sys.executable, "-m", "qingming", *args], capture_output=True, text=True, timeout=60
        )
        assert out.returncode == 0 and "--lang" in out.stdout and "--interface" in out.stdout, (
            out.stderr
        )
    out = subprocess.run(
        [sys.executable, "-m", "qingming", "join", "host:not-a-port"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode != 0 and "HOST:PORT" in out.stderr


async def test_a_network_without_discovery_still_leaves_the_lobby_usable() -> None:
    """An interface that does not exist: the lobby says discovery failed, and stays up."""
    from qm_tui.app import QingmingApp

    app = QingmingApp(
        name="Ann", lang="en", interfaces=["203.0.113.5"], remember=False, bot_delay=0
    )
    async with app.run_test(size=(100, 30)) as pilot:
        status = app.screen.query_one("#status", Static)
        await until(
            pilot, lambda: "cannot search the network" in str(status.content), "the message"
        )
        await pilot.press("g")
        await until(pilot, lambda: isinstance(app.screen, GalleryScreen), "the gallery")


async def test_clicking_a_listed_table_twice_joins_it() -> None:
    from qm_net.discovery import TableInfo
    from qm_tui.tablelist import FixedSource

    tables = [
        TableInfo("A", "127.0.0.1", 1, 1, 0, 2, "lobby", "a"),
        TableInfo("B", "127.0.0.1", 2, 1, 0, 2, "lobby", "b"),
    ]
    app = make_app(source=FixedSource(tables))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.click("#tables", offset=(4, 3))  # the second row: highlighted
        assert app.screen.selected_key() == "b"  # type: ignore[attr-defined]
        await pilot.click("#tables", offset=(4, 3))  # again: join it
        await until(
            pilot, lambda: any("127.0.0.1:2" in n.message for n in app._notifications), "the join"
        )


async def test_a_table_served_to_browsers_lists_its_web_page() -> None:
    """A table whose mDNS record names a web page (serve --web) lists the page's address beside
    its own, without the table's code; one without lists its address alone."""
    from textual.widgets import DataTable

    from qm_net.discovery import TableInfo
    from qm_tui.tablelist import FixedSource

    tables = [
        TableInfo("A", "10.0.0.7", 7351, 1, 0, 2, "lobby", "a", web_port=7352),
        TableInfo("B", "10.0.0.8", 7351, 1, 0, 2, "lobby", "b"),
    ]
    app = make_app(source=FixedSource(tables))
    async with app.run_test(size=(140, 30)) as pilot:
        table = app.screen.query_one("#tables", DataTable)
        await until(pilot, lambda: table.row_count == 2, "the tables")
        cells = [str(table.get_row_at(i)[3]) for i in range(2)]
        assert cells == ["10.0.0.7:7351  browsers: http://10.0.0.7:7352/", "10.0.0.8:7351"]


@pytest.mark.parametrize("lang", ["zh", "en"])
async def test_every_state_of_a_listed_table_is_in_the_players_language(lang: str) -> None:
    """A table whose game had ended was listed as 'ended' in a Chinese lobby: only waiting and
    playing were looked up in the catalogue."""
    from textual.widgets import DataTable

    from qm_net.discovery import TableInfo
    from qm_net.version import PROTOCOL_VERSION
    from qm_tui.tablelist import FixedSource

    states = ["lobby", "playing", "ended"]
    tables = [
        TableInfo(f"T{i}", "127.0.0.1", 7000 + i, PROTOCOL_VERSION, 2, 4, state, f"t{i}")
        for i, state in enumerate(states)
    ]
    app = make_app(lang=lang, source=FixedSource(tables))
    async with app.run_test(size=(100, 30)) as pilot:
        grid = app.screen.query_one("#tables", DataTable)
        await until(pilot, lambda: grid.row_count == len(states), "the tables listed")
        shown = {str(grid.get_row_at(i)[0]): grid.get_row_at(i) for i in range(grid.row_count)}
        for i, state in enumerate(states):
            cells = [str(c) for c in shown[f"T{i}"]]
            assert tr(f"lobby.state.{state}", lang) in cells, cells
