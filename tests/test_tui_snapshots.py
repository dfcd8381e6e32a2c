"""Snapshots of the table mid-chain and of the result, in Chinese and English, at 80x24.

The positions are made by hand (``chain_position``), the clock is a FakeClock moved by hand,
so nothing here depends on the bots, the engine's choices or the wall clock.
"""

from __future__ import annotations

import pytest
from test_tui_table_support import TableApp, chain_script, settle, until

from qm_tui.clock import FakeClock
from qm_tui.screens.result import ResultScreen
from qm_tui.widgets.prompt import PromptBar
from qm_tui.widgets.status import TableStatus

SIZE = (80, 24)


def _table_app(lang: str, *, ended: bool) -> tuple[TableApp, FakeClock]:
    clock = FakeClock()
    return TableApp(chain_script(clock, ended=ended), lang=lang, clock=clock), clock


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_table_mid_chain(snap_compare, lang: str) -> None:
    app, clock = _table_app(lang, ended=False)

    async def run_before(pilot) -> None:  # type: ignore[no-untyped-def]
        await until(pilot, lambda: app.table.updates > 0)
        clock.advance(7)  # 13 s left of the 20 s response timer
        app.table.query_one(PromptBar).refresh_countdown()
        app.table.query_one(TableStatus).timer.refresh_bar()
        await pilot.press("b")  # onto the board: my face-down 拆台, the card the flip names
        await settle(pilot)  # (the card panel fitted to the card)

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_result(snap_compare, lang: str) -> None:
    app, _clock = _table_app(lang, ended=True)

    async def run_before(pilot) -> None:  # type: ignore[no-untyped-def]
        await until(pilot, lambda: app.table.ended is not None)  # the final table stays...
        await pilot.press("v")  # ...until the result is opened
        await until(pilot, lambda: isinstance(app.screen, ResultScreen))
        await settle(pilot)

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)
