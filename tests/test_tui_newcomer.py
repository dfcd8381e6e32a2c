"""What a newcomer met playing Qingming from a fresh clone, pinned at the screen: each test shows
the player-facing words or layout as they must read (the questions in full, no internal ids)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys

import pytest
from test_tui_table_support import screen_text
from textual.app import App, ComposeResult
from textual.widgets import Static
from tui_support import isolate

from qm_tui.screens.leave import LeaveModal, TableState, leave_question


@pytest.fixture(autouse=True)
def _isolated(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    return isolate(tmp_path, monkeypatch)


def _flat(text: str) -> str:
    """``text`` with the frame characters and line breaks taken out: its words, one space apart."""
    kept = "".join(ch if ch.isalnum() or ch in " .,:;()'-" else " " for ch in text)
    return " ".join(kept.split())


class _Behind(App[None]):
    def compose(self) -> ComposeResult:
        yield Static("the table")


@pytest.mark.parametrize(
    ("state", "quitting"),
    [
        # a guest quitting mid-game: concede, or keep the seat for later
        (TableState(hosting=False, playing=True, seated=True, others=0, journal=False), True),
        # the host's player, others at the table: close it, or hand it over
        (TableState(hosting=True, playing=True, seated=True, others=1, journal=True), True),
    ],
)
async def test_the_leave_question_is_shown_whole_line_by_line(
    state: TableState, quitting: bool
) -> None:
    """The question has two sentences on two lines; the second says what the other choice
    does. Both show in full at 100 and 160 columns, with no '?' in place of the line break."""
    question = leave_question(state, "en", quitting=quitting)
    assert question is not None and "\n" in question.text
    for size in ((100, 30), (160, 48)):
        app = _Behind()
        async with app.run_test(size=size) as pilot:
            app.push_screen(LeaveModal(question))
            await pilot.pause()
            shown = screen_text(app)
            assert "?" not in shown
            for line in question.text.split("\n"):
                assert _flat(line) in _flat(shown), (size, line)


# ───────────────────────────── the card gallery ─────────────────────────────


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("size", [(100, 40), (160, 48)])
async def test_the_gallery_lists_whole_names_and_shows_no_internal_id(
    lang: str, size: tuple[int, int]
) -> None:
    """Each card's name and type read whole in the list ("Incense and Candles  Offering", not
    "…Offeri…"), and the card shown says nothing of the id the data files know it by."""
    from tui_support import make_app, until

    from qm_rules.cards import shipped_cards
    from qm_tui.screens.gallery import GalleryScreen, type_name

    app = make_app(lang=lang)
    async with app.run_test(size=size) as pilot:
        await pilot.press("g")
        await until(pilot, lambda: isinstance(app.screen, GalleryScreen), "the gallery")
        await pilot.pause()
        shown = screen_text(app)
        assert "…" not in shown
        for card in shipped_cards().cards:
            assert f"{card.name(lang)}  {type_name(card, lang)}" in shown, card.name(lang)
        for card in shipped_cards().cards:
            detail = str(app.screen.query_one("#detail", Static).content)
            assert card.id not in detail.replace(card.name.en, "")
            await pilot.press("down")


# ───────────────────────────── the result ─────────────────────────────


def _worshipped() -> tuple[object, object]:
    """A finished game's result and a final view in which seat 0 worshipped Grandfather with
    four offerings under it, an action card still on its field beside it."""
    import dataclasses

    from qm_rules import Game
    from qm_rules.model import CardView, Result, SlotView

    game = Game.new(["Ann", "Bo"], "newcomer")
    view = game.view(None)
    seat = view.seats[0]
    slots = (
        SlotView(0, CardView(901, "zufu")),
        SlotView(1, CardView(902, "shunshou")),
        *(SlotView(i, None) for i in range(2, 5)),
    )
    stacked = tuple(
        CardView(910 + i, d) for i, d in enumerate(("xiangzhu", "qingtuan", "qingcha", "zhiqian"))
    )
    seats = (dataclasses.replace(seat, slots=slots, stacked=stacked), *view.seats[1:])
    result = Result(winner=0, ancestor="zufu", reason="worship", rounds=5, turns=17)
    return result, dataclasses.replace(view, seats=seats)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_result_lists_stacked_offerings_with_the_ancestor_they_are_under(lang: str) -> None:
    """Not after whatever card was last on the field ("Sleight of Hand + Incense and Candles,
    …"): the offerings read as the ancestor's."""
    from qm_tui.screens.result import field_words
    from qm_words import card_name

    result, view = _worshipped()
    words = field_words(view.seats[0], lang)  # type: ignore[attr-defined]
    ancestor, action = card_name("zufu", lang), card_name("shunshou", lang)
    offerings = [card_name(d, lang) for d in ("xiangzhu", "qingtuan", "qingcha", "zhiqian")]
    assert words.index(ancestor) < words.index(offerings[0]) < words.index(action)
    assert all(o in words.split(action)[0] for o in offerings)
    assert not words.split(action)[1].strip(" ,，、")  # nothing of the ancestor's after it
    assert (", " in words) is (lang == "en") and ("、" in words) is (lang == "zh")


async def test_the_result_scrolls_with_the_page_keys() -> None:
    """Page down scrolls the result without first tabbing away from the buttons; the foot says
    there is more below until the end is in view."""
    from tui_support import make_app

    from qm_tui.screens.result import ResultScreen

    result, view = _worshipped()
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = ResultScreen(result, view, "en", log=[f"line {i}" for i in range(30)])  # type: ignore[arg-type]
        await app.push_screen(screen)
        await pilot.pause()
        box = screen.query_one("#result")
        more = screen.query_one("#result-box")
        assert box.max_scroll_y > 0 and box.scroll_y == 0
        assert "more below" in str(more.border_subtitle)
        await pilot.press("pagedown")
        await pilot.pause()
        assert box.scroll_y > 0
        await pilot.press("end")
        await pilot.pause()
        assert box.scroll_y == box.max_scroll_y
        assert "more below" not in str(more.border_subtitle)  # the end is in view
        await pilot.press("home")
        await pilot.pause()
        assert box.scroll_y == 0
        assert "more below" in str(more.border_subtitle)


# ───────────────────────────── help (?) ─────────────────────────────


@pytest.mark.parametrize("size", [(100, 30), (160, 48)])
async def test_the_chinese_help_does_not_break_a_line_after_a_number(size: tuple[int, int]) -> None:
    """ "对手 每位对手的场地（5" then "个位置）…" on the next line: a space before a long run of
    Chinese moved the whole run to a new line. The sentence reads on, filling the line."""
    from qm_tui.i18n import tr
    from qm_tui.screens.help import HelpScreen

    areas = [
        (tr(f"area.table.{a}", "zh"), tr(f"area.table.{a}.text", "zh"))
        for a in ("opponents", "mine")
    ]
    app = _Behind()
    async with app.run_test(size=size) as pilot:
        app.push_screen(HelpScreen([], "zh", areas))
        await pilot.pause()
        lines = screen_text(app).split("\n")
        for start, after in (("每位对手的场地", "个位置"), ("你的", "个位置和手牌")):
            line = next(row for row in lines if start in row)
            assert after in line, line


# ───────────────────────────── qingming serve ─────────────────────────────


def _serve(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "qingming", "serve", "--no-advertise", *args],
        capture_output=True, text=True, timeout=60, env={**os.environ, "CI": "1"},
    )  # fmt: skip


def test_serve_on_a_port_that_cannot_be_says_so_without_a_traceback() -> None:
    run = _serve("--bind", "127.0.0.1", "--port", "99999")
    assert run.returncode == 2
    assert "--port" in run.stderr and "0 to 65535" in run.stderr
    assert "Traceback" not in run.stderr and "Error" not in run.stderr


def test_serve_on_a_busy_port_says_so_in_words() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        run = _serve("--bind", "127.0.0.1", "--port", str(port))
    assert run.returncode == 1
    assert f"port {port} on 127.0.0.1 is already in use" in run.stderr
    assert "Errno" not in run.stderr and "Traceback" not in run.stderr


def test_a_bot_given_a_port_that_cannot_be_says_so_without_a_traceback() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "qingming", "bot", "--connect", "127.0.0.1:99999", "--quiet"],
        capture_output=True, text=True, timeout=60, env={**os.environ, "CI": "1"},
    )  # fmt: skip
    assert run.returncode == 2
    assert "HOST:PORT" in run.stderr and "Traceback" not in run.stderr


# ───────────────────────────── the log's lists ─────────────────────────────


@pytest.mark.parametrize(("lang", "sep"), [("zh", "、"), ("en", ", ")])
def test_the_log_lists_cards_as_the_language_does(lang: str, sep: str) -> None:
    """ "root 抽到 纸钱, 捉贼": a Chinese list is joined with 、, an English one with a comma —
    cards drawn, the costs paid and the targets of an activation alike."""
    from qm_rules.model import Event
    from qm_words import card_name, describe

    names = ["Ann", "Bo", "Cy"]
    drawn = describe(Event("draw", 0, {"defs": ["zhiqian", "zhuozei"]}), lang, names)
    assert sep.join(card_name(d, lang) for d in ("zhiqian", "zhuozei")) in drawn
    paid = describe(
        Event("activate", 0, {"def": "chaitai", "link": 1, "cost": ["qingtuan", "juhua"]}),
        lang,
        names,
    )
    assert sep.join(card_name(d, lang) for d in ("qingtuan", "juhua")) in paid
    aimed = describe(
        Event("activate", 0, {"def": "qingming_yu", "link": 0, "targets": ["p1", "p2"]}),
        lang,
        names,
    )
    assert "Bo" + sep + "Cy" in aimed
