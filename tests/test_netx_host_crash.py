"""The player hosting a table from the lobby crashes (``kill -9``): the app offers the table again.

Playtest 4 finding 22: the table died with its host's program, its journal was on disk, and
nothing but the README's ``qingming serve --resume JOURNAL`` brought it back — the lobby
offered nothing and ``qingming play --resume`` said there was no game to carry on. Here Ann's
real ``qingming`` (tests/seat_client.py, headless) hosts from the lobby, Bob's real
``qingming join`` sits down, the game starts and Ann's program gets ``kill -9``. Started again,
Ann's lobby says which table was interrupted, where, and with whom; ``o`` reopens it on the
network on its old port; Bob's program, still trying to reconnect, gets its seat back by
itself. ``play --resume`` finds the same journal.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest
from test_netx_seat_crash import WAIT, Client, _env
from tui_support import make_app, until

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="kill -9 is POSIX")


def _table_on(line: dict) -> bool:
    return line.get("screen") == "TableScreen" and bool(line.get("status"))


async def test_a_table_hosted_from_the_lobby_and_killed_is_offered_again_and_reopens(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from qingming.commands import play
    from qm_tui import interrupted
    from qm_tui.screens.lobby import LobbyScreen
    from qm_tui.screens.table import TableScreen

    ann_home, clients = tmp_path / "ann", []
    try:
        ann = Client(tmp_path / "ann.jsonl", [], ann_home, "Ann", QM_TEST_HOST="Ann's table,3,1")
        clients.append(ann)
        port = ann.until(lambda line: line.get("hosting") is not None, "Ann hosting")["hosting"]
        bob = Client(tmp_path / "bob.jsonl", ["join", f"127.0.0.1:{port}"], tmp_path / "bob", "Bob")
        clients.append(bob)
        seated = bob.until(_table_on, "the game on, at Bob's table")
        ann.until(_table_on, "the game on, at Ann's table")
        bob_seat = seated["seat"]
        assert bob_seat is not None
        ann.kill9()

        # Ann's program, started again, with her directories.
        for key, value in _env(ann_home).items():
            if key.startswith("QINGMING_"):
                monkeypatch.setenv(key, value)
        (journal,) = (ann_home / "data" / "journals").glob("*.jsonl")
        found = interrupted.latest()
        assert found is not None and found.journal == str(journal)
        assert (found.table, found.game, found.lan, found.port, found.seat) == (
            "Ann's table",
            1,
            True,
            port,
            0,
        )
        assert found.players == ("Ann", "Bob", "bot-3") and found.turn >= 1
        assert play._interrupted() == str(journal)  # qingming play --resume finds it too

        app = make_app(name="Ann")
        async with app.run_test(size=(120, 36)) as pilot:
            lobby = app.screen
            assert isinstance(lobby, LobbyScreen)
            await until(
                pilot, lambda: lobby.interrupted is not None, "the interrupted table's line", WAIT
            )
            line = str(lobby.query_one("#interrupted").render())
            assert lobby.query_one("#interrupted").display
            assert line.startswith('Your table "Ann\'s table" was interrupted in game 1 at turn')
            assert "(Ann, Bob, bot-3)" in line and "Press o to reopen it on the network" in line
            await pilot.press("o")
            await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table", WAIT)
            assert isinstance(app.screen, TableScreen), app.screen
            host = app.hosted
            assert host is not None and host.port == port and host.advertise
            assert app.client is not None and app.client.seat == 0  # Ann's own seat back
            # Bob's program, still reconnecting, has its seat back by itself.
            await until(
                pilot, lambda: host.seats[bob_seat].conn is not None, "Bob's seat back", WAIT
            )
            assert host.seats[bob_seat].conn is not None, "Bob did not come back"
            assert interrupted.latest() is None  # running again: nothing to offer
            await asyncio.to_thread(
                bob.until, lambda line: _table_on(line) and line["seat"] == bob_seat, "Bob back"
            )
    finally:
        for c in clients:
            c.stop()
