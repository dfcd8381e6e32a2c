"""The lobby's ``o`` pressed again while the interrupted table reopens does nothing.

Before, the second press started a second reopen that cancelled the first (one exclusive
worker); a cancel while the first host was starting left that host running with its journal
locked, and the second reopen was refused ("this journal is being written by a table that is
running") until the app was restarted.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from net_support import client, options, wait_for
from tui_support import isolate, make_app, until

from qm_net.host import Host
from qm_tui import interrupted, seat_tokens


@pytest.fixture(autouse=True)
def config_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return isolate(tmp_path, monkeypatch)


async def test_o_twice_reopens_the_table_once(monkeypatch: pytest.MonkeyPatch) -> None:
    from qm_tui.screens.lobby import LobbyScreen
    from qm_tui.screens.table import TableScreen

    interrupted.journals_dir().mkdir(parents=True)
    journal = str(interrupted.journals_dir() / "cut.jsonl")
    host = Host(
        "Ann's table",
        2,
        bots=1,
        options=options(round_limit=6),
        journal_path=journal,
        seed=5,
        bind="127.0.0.1",
        advertise=False,
    )
    await host.start()
    c = await client(host, "Ann")
    assert await c.join() == 0
    seat_tokens.remember(
        seat_tokens.address_key("127.0.0.1", host.port), host.name, c.token, 0, journal
    )
    await c.set_ready(True)
    await wait_for(lambda: host.state == "playing" and host.game.prompt.seat == 0)
    await host.stop(goodbye=False)  # as a crash leaves it: the game cut off
    await c.close()
    assert interrupted.latest() is not None

    started: list[Host] = []
    gate = asyncio.Event()
    start = Host.start

    async def slow_start(self: Host) -> None:  # the reopen's host starts, then waits for the gate
        started.append(self)
        await start(self)
        await gate.wait()

    monkeypatch.setattr(Host, "start", slow_start)
    app = make_app(name="Ann")
    async with app.run_test(size=(120, 36)) as pilot:
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        await until(pilot, lambda: lobby.interrupted is not None, "the interrupted table's line")
        await pilot.press("o")
        await until(pilot, lambda: bool(started), "the reopen's host to start")
        assert app.reopening
        await pilot.press("o")  # while the first reopen is still starting its host
        await pilot.pause(0.2)
        gate.set()
        await until(pilot, lambda: app.client is not None and app.client.seat is not None, "a seat")
        assert len(started) == 1, "a second reopen was started"
        assert app.hosted is started[0] and app.client is not None and app.client.seat == 0
        # the game goes on at Ann's seat
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        assert isinstance(app.screen, TableScreen), app.screen
        await pilot.pause(0.2)
