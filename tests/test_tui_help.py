"""Help for players: ``?`` explains the screen's areas as well as its keys, and a first run
offers a one-screen "how to play" that is not offered again (the config remembers)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_tui_table_support import TableApp, chain_script
from tui_support import isolate, make_app, screen_name, until

from qm_tui import config as cfg
from qm_tui.app import JoinAddress, PlayLocal
from qm_tui.clock import FakeClock
from qm_tui.i18n import tr
from qm_tui.messages import LeaveTable
from qm_tui.screens.help import HelpScreen
from qm_tui.screens.intro import IntroScreen
from qm_tui.screens.lobby import LobbyScreen
from qm_tui.screens.start import StartScreen
from qm_tui.screens.table import TableScreen
from qm_tui.widgets.tiles import TableTile


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return isolate(tmp_path, monkeypatch)


def _help_text(app: object) -> str:
    screen = app.screen  # type: ignore[attr-defined]
    assert isinstance(screen, HelpScreen)
    return " ".join(f"{name} {text}" for name, text in screen.areas)


@pytest.mark.parametrize("lang", ["en", "zh"])
async def test_help_in_the_lobby_explains_its_areas(lang: str) -> None:
    app = make_app(lang=lang)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
        names = [name for name, _ in app.screen.areas]  # type: ignore[attr-defined]
        assert names == [tr(f"area.lobby.{a}", lang) for a in ("tables", "menu", "status")]
        assert app.screen.keys  # type: ignore[attr-defined]  # and the keys, as before


async def test_help_in_the_waiting_room_explains_how_to_join() -> None:
    from qm_net.host import Host
    from qm_tui.screens.room import RoomScreen

    host = Host(
        "Tea", 3, bind="127.0.0.1", interfaces=["127.0.0.1"], advertise=False, autostart=False
    )
    await host.start()
    try:
        app = make_app()
        async with app.run_test(size=(100, 30)) as pilot:
            app.join_table("127.0.0.1", host.port)
            await until(pilot, lambda: isinstance(app.screen, RoomScreen), "the waiting room")
            await pilot.press("question_mark")
            await until(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
            names = [name for name, _ in app.screen.areas]  # type: ignore[attr-defined]
            assert names == [tr(f"area.room.{a}", "en") for a in ("join", "seats", "chat")]
            await pilot.press("escape")
            app.post_message(LeaveTable())
            await until(pilot, lambda: app.client is None, "left the table")
    finally:
        await host.stop()


async def test_help_at_the_table_explains_every_area_on_screen() -> None:
    clock = FakeClock()
    app = TableApp(chain_script(clock), clock=clock)
    async with app.run_test(size=(160, 48)) as pilot:
        await until(pilot, lambda: app.table.view is not None, "the table")
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
        table = app.table
        shown = [
            widget_id
            for widget_id, *_ in TableScreen.HELP_AREAS
            if any(w.display for w in table.query(f"#{widget_id}"))
        ]
        assert {"chain", "prompt"} <= set(shown), shown  # mid-chain, a response pending
        names = [name for name, _ in app.screen.areas]  # type: ignore[attr-defined]
        assert names == [tr(f"area.table.{a}", "en") for a in shown]
        text = _help_text(app)
        assert "newest" in text and "time left" in text
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is app.table, "back to the table")


async def test_every_area_of_the_table_has_its_help() -> None:
    """A part added to the table (a strip, a panel) needs its words in ``HELP_AREAS``: the help
    explains every widget that the screen, its board and its side column lay out."""
    clock = FakeClock()
    app = TableApp(chain_script(clock), clock=clock)
    async with app.run_test(size=(160, 48)) as pilot:
        await until(pilot, lambda: app.table.view is not None, "the table")
        await pilot.press("c")  # the chat line too
        table = app.table
        containers = {"main", "board", "side"}
        laid_out = [
            w
            for parent in (table, *(table.query_one(f"#{c}") for c in containers))
            for w in parent.children
            if w.id not in containers
        ]
        described = {widget_id for widget_id, *_ in TableScreen.HELP_AREAS}
        missing = [f"{type(w).__name__}#{w.id}" for w in laid_out if w.id not in described]
        assert not missing, f"parts of the table the help does not explain: {missing}"


async def test_a_first_run_offers_how_to_play_once(tmp_path: Path) -> None:
    app = make_app(first_run=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, IntroScreen), "how to play")
        assert cfg.load().intro_seen is False  # not until it has been shown and closed
        await pilot.press("escape")  # skipped
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
    assert cfg.load().intro_seen is True
    saved = json.loads(cfg.config_path().read_text(encoding="utf-8"))
    assert saved["intro_seen"] is True and saved["name"] is None

    again = make_app(first_run=True)
    async with again.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(again.screen, LobbyScreen), "the lobby")
        await pilot.pause(0.2)
        assert not isinstance(again.screen, IntroScreen)
        # ...and it is still one palette command away.
        await pilot.press("ctrl+p", *"how to play")
        await until(
            pilot, lambda: again.screen.query("CommandList").first().option_count > 0, "a hit"
        )
        await pilot.press("down", "enter")
        await until(pilot, lambda: isinstance(again.screen, IntroScreen), "how to play again")


def _under_intro(app: object) -> object:
    """The screen the "how to play" stands over."""
    stack = app.screen_stack  # type: ignore[attr-defined]
    assert isinstance(stack[-1], IntroScreen)
    return stack[-2]


async def test_play_deals_only_after_how_to_play_is_closed() -> None:
    app = make_app(first_run=True, start=PlayLocal(bots=1, seed=3))
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, IntroScreen), "how to play")
        assert app.hosted is None  # no table dealt behind the player's back
        # ...and it is read over the game it leads to, not over a scan for tables on the LAN.
        below = _under_intro(app)
        assert isinstance(below, StartScreen)
        said = str(below.query_one("#start-what").content)
        assert said == "Starting a game: you and 1 bot (normal)"
        for key in ("goal", "turn", "answer", "keys"):
            text = tr(f"intro.{key}", "en")
            assert any(text == str(s.content) for s in app.screen.query(".intro-paragraph"))
        await pilot.press("enter")
        await until(pilot, lambda: screen_name(app) == "TableScreen", "the table")
        # Leave once the first view is drawn: the hand is mounted by then.
        await until(pilot, lambda: getattr(app.screen, "updates", 0) > 0, "the first view")
        app.post_message(LeaveTable())
        await until(pilot, lambda: app.hosted is None, "the table closed")
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
        assert not any(isinstance(s, StartScreen) for s in app.screen_stack)


@pytest.mark.parametrize("lang", ["en", "zh"])
async def test_join_says_where_it_goes_behind_how_to_play(lang: str) -> None:
    """``qingming join`` on a first run: the "how to play" stands over "Joining the table at
    ...", not over the lobby; joining starts when it is closed, and a table that is not there
    leaves the player in the lobby, told why."""
    app = make_app(lang=lang, first_run=True, start=JoinAddress("127.0.0.1", 1))
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, IntroScreen), "how to play")
        below = _under_intro(app)
        assert isinstance(below, StartScreen)
        said = str(below.query_one("#start-what").content)
        assert said == tr("start.join", lang, address="127.0.0.1:1")
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "back in the lobby")
        await until(pilot, lambda: bool(app._notifications), "the reason")
        told = " ".join(n.message for n in app._notifications)
        assert "127.0.0.1:1" in told


async def test_the_plain_lobby_start_shows_how_to_play_over_the_lobby() -> None:
    app = make_app(first_run=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, IntroScreen), "how to play")
        assert isinstance(_under_intro(app), LobbyScreen)  # the lobby is what was asked for


async def test_the_help_speaks_the_players_language_for_a_cards_keys_too() -> None:
    """With a card focused at a Chinese table, ``?`` listed '⏎ Choose' among the keys (the
    card's own binding, never localized)."""
    clock = FakeClock()
    app = TableApp(chain_script(clock), lang="zh", clock=clock)
    async with app.run_test(size=(160, 48)) as pilot:
        await until(pilot, lambda: app.table.view is not None, "the table")
        app.table.query(TableTile).first().focus()
        await pilot.pause()
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
        keys = dict((text, key) for key, text in app.screen.keys)  # type: ignore[attr-defined]
        assert tr("key.tile.choose", "zh") in keys, keys
        assert not [text for text in keys if text.isascii() and text.strip()], keys


def test_every_binding_that_has_words_has_them_in_the_catalogue() -> None:
    """Every key of every screen and widget of the app (the footer and ``?`` show them)."""
    import importlib
    import inspect
    import pkgutil

    from textual.dom import DOMNode

    import qm_tui
    from qm_tui.i18n import has

    missing = []
    for info in pkgutil.walk_packages(qm_tui.__path__, "qm_tui."):
        module = importlib.import_module(info.name)
        for name, cls in inspect.getmembers(module, inspect.isclass):
            if not (issubclass(cls, DOMNode) and cls.__module__ == info.name):
                continue
            for binding in cls.__dict__.get("BINDINGS", []):
                if getattr(binding, "description", "") and not (
                    binding.id and has(f"key.{binding.id}")
                ):
                    missing.append(f"{name}: {binding.key} ({binding.id})")
    assert not missing, missing


@pytest.mark.parametrize("lang", ["en", "zh"])
async def test_no_two_keys_in_the_help_say_the_same(lang: str) -> None:
    """At the table the help listed '1-2 Options' and 'o Options' in English: the option keys
    and the key that moves to the option list read alike."""
    clock = FakeClock()
    app = TableApp(chain_script(clock), lang=lang, clock=clock)
    async with app.run_test(size=(160, 48)) as pilot:
        await until(pilot, lambda: app.table.view is not None, "the table")
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
        said = [text for _, text in app.screen.keys]  # type: ignore[attr-defined]
        assert tr("key.table.options", lang) in said and tr("key.table.option", lang) in said
        assert len(said) == len(set(said)), said


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("size", [(80, 24), (160, 48)])
async def test_how_to_play_says_enter_closes_it_for_good(lang: str, size: tuple[int, int]) -> None:
    """Enter closes "how to play" for good as Esc does: the hint says so of both, in full on
    screen, and Enter does it."""
    app = make_app(lang=lang, first_run=True)
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: isinstance(app.screen, IntroScreen), "how to play")
        await pilot.pause(0.1)
        hint = app.screen.query_one("#intro-hint")
        shown = str(hint.render())
        said = {"en": "Enter and Esc both close it for good", "zh": "回车和 Esc 都会关掉它"}
        assert said[lang] in shown.replace("\n", "")
        region = hint.region
        assert region.height == 2 and region.bottom <= size[1]  # both lines, none cut
        assert app.screen.region.contains_region(region)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
    assert cfg.load().intro_seen is True
