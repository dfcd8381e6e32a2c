"""The table over the network: ``qingming play``'s own path (a host in the app's loop on
loopback, bots at the other seats), played through the table's keys to the result."""

from __future__ import annotations

from test_tui_table_support import screen_text
from tui_support import config_dir, make_app, screen_name, until  # noqa: F401  (fixture)

from qm_tui.app import PlayLocal
from qm_tui.screens.result import ResultScreen
from qm_tui.screens.table import TableScreen

SIZE = (100, 30)


def _quiet(screen: TableScreen) -> str | None:
    """The key that declines my pending decision, if one is pending and unanswered."""
    v = screen.view
    if v is None or v.prompt is None or v.prompt.seat != v.viewer or not v.prompt.options:
        return None
    if screen._chosen_seq == v.prompt.seq:
        return None
    ids = set(v.prompt.ids)
    if ids & {"pass", "none"}:
        return "p"
    if ids & {"end", "skip", "decline"}:
        return "e"
    return "1"


async def test_play_a_whole_game_through_the_host_with_the_keys() -> None:
    app = make_app(start=PlayLocal(bots=2, seed=3))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "TableScreen", "the table screen")
        table = app.screen
        assert isinstance(table, TableScreen)
        for _ in range(20000):
            if isinstance(app.screen, ResultScreen):
                break
            key = _quiet(table) if app.screen is table else None
            if key is None and app.screen is table:  # what a player does while others play:
                if table.playback.queue:  # skip the playback,
                    key = "space"
                elif table.ended is not None:  # open the result once the final table shows
                    key = "v"
            if key:
                await pilot.press(key)
            await pilot.pause()
        assert isinstance(app.screen, ResultScreen)
        assert "Game over" in screen_text(app)
        assert table.view is not None and table.view.result is not None
        # every hand is shown once the game is over (R5)
        assert all(s.hand is not None for s in table.view.seats)
        await pilot.press("r")  # rematch: back to the waiting room (which, for play, starts again)
        await until(
            pilot,
            lambda: (
                screen_name(app) == "RoomScreen"
                or (isinstance(app.screen, TableScreen) and app.screen is not table)
            ),
            "the waiting room or the next game",
        )
