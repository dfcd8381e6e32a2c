"""A table that closes after its last game (``serve --games G``; every host hand-over, which
goes on with ``--games 1``): the host sends the game's end, then its goodbye, one right after
the other. The players must still see the end — the final table, the result, the fair deal's
check — and be told calmly that the table has closed (no rematch), not thrown back to the lobby
as if the connection had been lost (playtest 4, finding 17)."""

from __future__ import annotations

from typing import Any

from textual.widgets import Button
from tui_support import config_dir, make_app, open_result, screen_name, until  # noqa: F401

from qm_net.client import TableClient
from qm_net.host import Host
from qm_net.messages import ConnectionLost, GameEnded
from qm_tui.screens.table import TableScreen
from qm_tui.widgets.log import GameLog

SIZE = (120, 36)


async def _texts(app: Any) -> list[str]:
    return [str(n.message) for n in app._notifications]


async def test_the_last_game_of_a_closing_table_ends_on_the_result_not_in_the_lobby() -> None:
    host = Host("Den", 2, bind="127.0.0.1", port=0, advertise=False, anyone_starts=True, games=1)
    await host.start()
    try:
        app = make_app()
        async with app.run_test(size=SIZE) as pilot:
            bo = await TableClient.connect("127.0.0.1", host.port, "Bo")
            await bo.join()
            app.join_table("127.0.0.1", host.port)
            await until(pilot, lambda: screen_name(app) == "RoomScreen", "the room")
            await bo.start_game()
            await until(pilot, lambda: screen_name(app) == "TableScreen", "the table")
            table = app.screen
            assert isinstance(table, TableScreen)
            await bo.concede()  # two players: the game ends, and with it the table (games=1)
            await host.wait_closed()
            # the other client, too, got the end before the goodbye
            got = []
            while not got or not isinstance(got[-1], ConnectionLost):
                got.append(await bo.next_message(10))
            ended = [m for m in got if isinstance(m, GameEnded)]
            assert ended and got.index(ended[0]) < len(got) - 1 and got[-1].final
            # the app stays at the table: the final table, then the result over it
            await open_result(pilot, app)
            assert any(isinstance(s, TableScreen) for s in app.screen_stack)
            result = app.screen
            shown = " ".join(str(w.render()) for w in result.query("Static"))
            assert "Ann wins" in shown
            assert "This table has closed: no rematch" in shown
            rematch = result.query_one("#rematch", Button)
            assert rematch.disabled
            await pilot.press("r")  # no rematch to ask for: nothing happens
            await pilot.pause(0.2)
            assert screen_name(app) == "ResultScreen"
            said = await _texts(app)
            assert not any("Lost the table" in s for s in said), said
            assert any("This table has closed" in s for s in said), said
            # told in the log once, after the game's end (not before the last moves)
            lines = table.query_one(GameLog).lines_written
            closed = [i for i, line in enumerate(lines) if "This table has closed" in line]
            assert len(closed) == 1 and closed[0] == len(lines) - 1, lines[-5:]
            await pilot.press("q")  # leave: back to the lobby, quietly
            await until(pilot, lambda: screen_name(app) == "LobbyScreen", "the lobby")
            assert not any("Back in the lobby" in s for s in await _texts(app))
            await bo.close()
    finally:
        await host.stop()
