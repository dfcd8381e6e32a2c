"""What a finished game leaves behind: nothing that outlives the next one.

The table freezes what is alive once its board is built (``gc.freeze``: no collection scans
it again), so anything frozen that dies later can only be given back by unfreezing it; and
Textual's footer keeps a watcher for every key it ever showed. Both kept a whole game's worth
of widgets per rematch (benchmarks/tui.py measures the memory; these check the references).
"""

from __future__ import annotations

import gc
import weakref
from pathlib import Path

import pytest
from test_tui_lobby import leave
from tui_support import hosted_table_playing, isolate, make_app, open_result, until

from qm_tui.app import PlayLocal
from qm_tui.widgets.footer import Footer

SIZE = (100, 30)


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return isolate(tmp_path, monkeypatch)


def _footer_watchers(footer: Footer) -> int:
    watchers: dict[str, list[object]] = getattr(footer, "__watchers", {})
    return sum(len(w) for w in watchers.values())


async def test_a_rematch_lets_the_last_game_s_table_go() -> None:
    app = make_app(start=PlayLocal(bots=1, seed=11))
    try:
        async with app.run_test(size=SIZE) as pilot:
            first: list[weakref.ref[object]] = []
            for game in (1, 2, 3):
                await until(
                    pilot,
                    lambda: hosted_table_playing(app) and getattr(app.screen, "areas", None),
                    f"game {game}'s board",
                )
                if game == 1:
                    first.append(weakref.ref(app.screen))
                if game == 3:
                    break
                assert app.client is not None
                await app.client.concede()  # two players: the game ends at once
                await open_result(pilot, app)
                await pilot.press("r")
                await until(
                    pilot,
                    lambda g=game: app.hosted is not None and app.hosted.games_played == g,
                    f"game {game} over",
                )
            # The third board was built after the first table was long gone from the screens:
            # its build gave the first one back, though it had been frozen with its board.
            assert first[0]() is None
            # The room's footer was rebuilt at each game; it watches only the keys it shows.
            room = next(s for s in app.screen_stack if type(s).__name__ == "RoomScreen")
            footer = room.query_one(Footer)
            assert _footer_watchers(footer) <= len(footer.children)
            await leave(pilot, app)
    finally:
        gc.unfreeze()  # leave the collector as other tests expect it
