"""The option list on a tall screen keeps its rows whether it shows options or not, so that a
decision coming and going never moves the board (each move was a new layout and a redraw of
every card). On a short screen it is as long as the options."""

from __future__ import annotations

import dataclasses

import pytest
from test_tui_cards import negated_position
from test_tui_table_support import ScriptedSession, TableApp, until

from qm_tui.clock import FakeClock
from qm_tui.session import Update
from qm_tui.widgets.prompt import PromptBar


@pytest.mark.parametrize(("size", "kept"), [((160, 48), True), ((100, 30), False)])
async def test_the_board_stays_put_when_options_come_and_go(
    size: tuple[int, int], kept: bool
) -> None:
    mine = negated_position()  # I am asked to respond: two options
    assert mine.prompt is not None and len(mine.prompt.options) == 2
    others = dataclasses.replace(mine, prompt=dataclasses.replace(mine.prompt, seat=2))
    app = TableApp(ScriptedSession([Update(mine, (), None)]), clock=FakeClock())
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: app.table.updates > 0)
        await pilot.pause()
        board = app.table.query_one("#board")
        ol = app.table.query_one(PromptBar).options_list
        with_options = (board.size.height, ol.option_count)
        await app.table.render_view(others)  # the decision passes to another player
        await pilot.pause()
        assert ol.option_count == 0 and with_options[1] == 2
        if kept:
            assert board.size.height == with_options[0]
            assert ol.size.height > 2  # the rows the board does not need, kept for options
        else:
            assert board.size.height == with_options[0] + 2  # the two options' rows
