"""Text from strangers is shown as text: never markup, never a terminal control sequence.

Player names and table names come from other machines (a host, an mDNS TXT record), and so do
chat lines and a host's error messages. A name like ``[@click=app.quit]Bob[/]`` must show
literally (not be a link that quits), ``[red]`` must not colour anything, and an ESC in a name
must not reach the terminal (it would clear the screen or retitle the window). Each screen that
shows such text is driven with hostile text here: the lobby's list, the waiting room (seats,
title, chat, a refusal), the table (seat headers, status, chain, log, chat, a refusal) and the
result screen.
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from rich.segment import Segment
from test_tui_table_support import (
    ScriptedSession,
    TableApp,
    chain_events,
    chain_position,
    screen_text,
)
from test_tui_table_support import until as until_tries
from textual.app import App
from tui_support import isolate, make_app, until

from qm_net.discovery import TableInfo
from qm_net.messages import ChatMessage, ErrorMessage, LobbyUpdate, SeatInfo
from qm_net.version import PROTOCOL_VERSION
from qm_rules.model import View
from qm_tui.clock import FakeClock
from qm_tui.safe import clean
from qm_tui.screens.lobby import LobbyScreen
from qm_tui.screens.result import ResultScreen
from qm_tui.screens.room import RoomScreen
from qm_tui.session import Chat, Ended, Failure, Seats, SeatStatus, Update
from qm_tui.tablelist import FixedSource
from qm_tui.widgets.chain import ChainStack
from qm_tui.widgets.log import GameLog


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return isolate(tmp_path, monkeypatch)


SIZE = (160, 45)

#: A link that would quit the app, if it were markup.
QUIT = "[@click=app.quit]Bob[/]"
#: Colour markup and a "clear the screen" sequence.
RED = "[red]Cat\x1b[2J"
#: Bold markup and an OSC "set the window title" sequence (ended by a bell).
TITLE = "[b]Dan\x1b]0;pwned\x07"

NAMES = ["Me", QUIT, RED, TITLE]


def test_clean_replaces_control_and_format_characters_and_keeps_the_rest() -> None:
    assert clean("茶馆 [red]x") == "茶馆 [red]x"
    assert clean(RED) == "[red]Cat?[2J"
    assert clean(TITLE) == "[b]Dan?]0;pwned?"
    assert clean("a\u202eb\u200bc\nd") == "a?b?c?d"  # bidi override, zero-width space, newline
    assert clean("a\u3000b") == "a\u3000b"  # an ideographic space is not a control


def shown(name: str) -> str:
    """How a hostile name must appear on screen: literally, its control characters as ``?``."""
    return clean(name)


def segments(app: App[Any]) -> list[Segment]:
    return [seg for strip in app.screen._compositor.render_strips() for seg in strip._segments]


def assert_inert(app: App[Any]) -> None:
    """Nothing on screen holds an escape character, and no hostile name became a link."""
    for seg in segments(app):
        assert "\x1b" not in seg.text and "\x07" not in seg.text, repr(seg.text)
        style = seg.style
        if style is not None and style.meta:
            assert "app.quit" not in str(style.meta.get("@click", "")), seg


def notifications(app: App[Any]) -> list[str]:
    return [n.message for n in app._notifications]


def hostile_view(over: bool = False) -> View:
    view = chain_position(over=over)
    seats = tuple(dataclasses.replace(sv, name=NAMES[i]) for i, sv in enumerate(view.seats))
    return dataclasses.replace(view, seats=seats)


# ───────────────────────────── the lobby ─────────────────────────────


async def test_a_hostile_table_name_in_the_lobby_is_shown_literally() -> None:
    info = TableInfo(
        QUIT + RED,
        "127.0.0.1",
        9,
        PROTOCOL_VERSION,
        1,
        4,
        TITLE,  # an unknown state is shown as it came
        "x._qingming._tcp.local.",
    )
    app = make_app(source=FixedSource([info]), name="[@click=app.quit]Ann")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        await until(pilot, lambda: len(lobby.tables()) == 1, "the table listed")
        await pilot.pause()
        text = screen_text(app)
        assert shown(QUIT + RED) in text
        assert shown(TITLE) in text
        assert "[@click=app.quit]Ann" in text  # the player's own name, in the status line
        assert_inert(app)
        assert app.is_running


# ───────────────────────────── the waiting room ─────────────────────────────


class RoomClient:
    """The parts of TableClient the waiting room reads, fed hostile messages."""

    def __init__(self, messages: list[Any]) -> None:
        self._messages = messages
        self.seat: int | None = 0
        self.lobby: LobbyUpdate | None = None
        self.table = None
        self.host, self.port = "127.0.0.1", 7351  # where it was joined (the room shows it)
        self.web = None  # the table's page for browsers: none
        self._hold = asyncio.Event()

    async def messages(self) -> AsyncIterator[Any]:
        for m in self._messages:
            if isinstance(m, LobbyUpdate):
                self.lobby = m
            yield m
        await self._hold.wait()

    async def set_ready(self, ready: bool) -> None:
        pass

    async def leave(self) -> None:
        self._hold.set()

    async def close(self) -> None:
        self._hold.set()


async def test_hostile_names_chat_and_errors_in_the_waiting_room_are_shown_literally() -> None:
    lobby = LobbyUpdate(
        QUIT + " table" + RED,
        "lobby",
        (
            SeatInfo(0, "Me", "human", False, True),
            SeatInfo(1, QUIT, "human", True, True),
            SeatInfo(2, RED, "human", False, True),
            SeatInfo(3, TITLE, "bot", True, True),
        ),
        1,
        0,
    )
    client = RoomClient(
        [
            lobby,
            ChatMessage(1, QUIT, "hello [@click=app.quit]click me[/] " + RED),
            ErrorMessage("bad", "refused [@click=app.quit]x[/]" + TITLE),
        ]
    )
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
        room = RoomScreen(client, 0)  # type: ignore[arg-type]
        await app.push_screen(room)
        await until(pilot, lambda: bool(room.chat_lines()), "the chat line")
        await until(pilot, lambda: bool(notifications(app)), "the refusal")
        await pilot.pause()
        text = screen_text(app)
        assert shown(QUIT + " table" + RED) in text  # the title
        for name in (QUIT, RED, TITLE):
            assert shown(name) in text  # the seats
        assert room.chat_lines() == [f"{QUIT}: hello [@click=app.quit]click me[/] {shown(RED)}"]
        assert any("refused [@click=app.quit]x[/]" + shown(TITLE) in n for n in notifications(app))
        assert all(not n.markup for n in app._notifications)
        assert_inert(app)
        # the name that would be a quit link, clicked where it is drawn: still running
        await pilot.click("#chat-log", offset=(2, 0))
        await pilot.pause()
        assert app.is_running
        await client.leave()


# ───────────────────────────── the table and the result ─────────────────────────────


def hostile_session(clock: FakeClock, *, ended: bool) -> ScriptedSession:
    view = hostile_view()
    items: list[Any] = [
        Seats(tuple(SeatStatus(i, name, "human", True) for i, name in enumerate(NAMES))),
        Update(view, chain_events(), clock.now() + 20.0),
        Chat(1, QUIT, "gg [@click=app.quit]quit[/] " + RED),
        Failure("bad", "no [@click=app.quit]way[/]" + TITLE),
    ]
    if ended:
        final = hostile_view(over=True)
        assert final.result is not None
        items.append(Ended(final.result, final))
    return ScriptedSession(items)


async def test_hostile_names_and_chat_at_the_table_are_shown_literally() -> None:
    clock = FakeClock()
    app = TableApp(hostile_session(clock, ended=False), clock=clock)
    async with app.run_test(size=SIZE) as pilot:
        await until_tries(pilot, lambda: app.table.updates > 0 and bool(notifications(app)))
        log = app.table.query_one(GameLog)
        await until_tries(pilot, lambda: any("gg" in line for line in log.lines_written))
        await pilot.press("space")  # the whole playback, at once
        await pilot.pause()
        text = screen_text(app)
        # the seat headers (and the status line: it is Cat's turn)
        for name in (QUIT, RED, TITLE):
            assert shown(name) in text, name
        # the chain names the players whose links it holds
        chain = str(app.table.query_one(ChainStack).content)
        assert shown(QUIT) in chain and shown(RED) in chain
        # the log: the events name the players, the chat line is kept as it was said
        assert f"{QUIT}: gg [@click=app.quit]quit[/] {shown(RED)}" in log.lines_written
        assert any(shown(RED) in line for line in log.lines_written[:-1])
        assert any("no [@click=app.quit]way[/]" + shown(TITLE) in n for n in notifications(app))
        assert_inert(app)
        # a click on the seat header holding the would-be link does not quit
        header = next(a.header for a in app.table.areas.values() if a.seat == 1)
        await pilot.click(header, offset=(3, 0))
        await pilot.pause()
        assert app.is_running


async def test_hostile_names_on_the_result_screen_are_shown_literally() -> None:
    clock = FakeClock()
    app = TableApp(hostile_session(clock, ended=True), clock=clock)
    async with app.run_test(size=SIZE) as pilot:
        await until_tries(pilot, lambda: app.table.ended is not None)
        await pilot.press("v")
        await until_tries(pilot, lambda: isinstance(app.screen, ResultScreen))
        await pilot.pause()
        text = screen_text(app)
        for name in (QUIT, RED, TITLE):
            assert shown(name) in text, name
        assert_inert(app)
        assert app.is_running
