"""The table's small promises, as a player sees them, in both languages at 80x24 and 160x48:
chat reads the same in the waiting room and at the table; the legend's mark for an empty slot
is what an empty slot shows; the host form's unchecked box is empty."""

from __future__ import annotations

from pathlib import Path

import pytest
from tui_support import (
    LOOPBACK,
    hosted_table_playing,
    in_room,
    isolate,
    make_app,
    screen_name,
    until,
)

from qm_net.client import TableClient
from qm_net.host import Host
from qm_tui.app import JoinAddress, PlayLocal
from qm_tui.screens.legend import legend_lines
from qm_tui.screens.room import RoomScreen
from qm_tui.widgets.log import GameLog, chat_line
from qm_tui.widgets.tiles import EMPTY, TableTile

LANGS = ["en", "zh"]
SIZES = [(80, 24), (160, 48)]


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return isolate(tmp_path, monkeypatch)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
async def test_chat_reads_the_same_in_the_waiting_room_and_at_the_table(
    lang: str, size: tuple[int, int]
) -> None:
    host = Host("Chat", 2, bind="127.0.0.1", interfaces=LOOPBACK, advertise=False, seed=4)
    await host.start()
    bob = None
    try:
        app = make_app(lang=lang, start=JoinAddress("127.0.0.1", host.port))
        async with app.run_test(size=size) as pilot:
            room = await in_room(pilot, app)
            assert isinstance(room, RoomScreen)
            bob = await TableClient.connect("127.0.0.1", host.port, "Bob")
            await bob.join()
            await bob.chat("hi")
            said = chat_line("Bob", "hi", lang)
            await until(pilot, lambda: said in room.chat_lines(), "the chat in the room")
            await bob.set_ready(True)
            await pilot.press("r")
            await until(pilot, lambda: screen_name(app) == "TableScreen", "the table")
            await bob.chat("gg")
            log = app.screen.query_one(GameLog)
            said = chat_line("Bob", "gg", lang)
            await until(pilot, lambda: said in log.lines_written, "the chat at the table")
            colon = {"en": "Bob: ", "zh": "Bob："}[lang]
            assert said.startswith(colon) and not said.startswith("<")
    finally:
        if bob is not None:
            await bob.close()
        await host.stop()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
async def test_an_empty_slot_shows_the_legends_mark(lang: str, size: tuple[int, int]) -> None:
    app = make_app(lang=lang, start=PlayLocal(bots=2, seed=5))
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: hosted_table_playing(app), "the table")
        screen = app.screen
        await until(pilot, lambda: bool(screen.query("TableTile.-empty")), "an empty slot")
        await pilot.pause(0.2)
        empty = [t for t in screen.query(TableTile) if "-empty" in t.classes]
        assert empty and all(str(t.render()).strip() == EMPTY for t in empty), [
            str(t.render()) for t in empty
        ]
        await pilot.press("k")
        await until(pilot, lambda: screen_name(app) == "LegendScreen", "the legend")
        line = legend_lines(lang)[-1]
        assert line.startswith(EMPTY + " ")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
async def test_the_host_forms_unchecked_box_is_empty(lang: str, size: tuple[int, int]) -> None:
    from textual.widgets import Checkbox

    app = make_app(lang=lang)
    async with app.run_test(size=size) as pilot:
        await pilot.press("h")
        await until(pilot, lambda: screen_name(app) == "HostFormScreen", "the form")
        box = app.screen.query_one("#f-ask_everyone", Checkbox)
        assert box.value is False
        inner = lambda: str(box.render()).split("▐")[1].split("▌")[0]  # noqa: E731
        assert inner() == " ", str(box.render())
        box.value = True
        await pilot.pause()
        assert inner() == "X"
