"""A resize can reach the table before its widgets exist or after they are gone ("No nodes
match '#opponents'" was seen once at quit): it then changes nothing and raises nothing."""

from __future__ import annotations

from test_tui_table_support import TableApp, chain_script, until
from textual import events
from textual.geometry import Size

from qm_tui.clock import FakeClock
from qm_tui.screens.table import TableScreen


def resized(table: TableScreen) -> None:
    """What a resize runs on the table: its handler, and the board's own (see Board)."""
    table.on_resize()
    table._board_resized()


async def test_a_resize_before_the_tables_widgets_exist_or_after_they_are_gone() -> None:
    clock = FakeClock()
    app = TableApp(chain_script(clock), clock=clock)
    async with app.run_test(size=(160, 50)) as pilot:
        await until(pilot, lambda: app.table.updates > 0)
        table = app.table
        # not yet composed: a table made but not shown
        early = TableScreen(chain_script(clock), lang="en", clock=clock)
        resized(early)
        # shown, then taken down (the player quits): a resize on its way arrives after
        await app.pop_screen()
        await until(pilot, lambda: not table.is_attached)
        resized(table)
        table.post_message(events.Resize(Size(100, 30), Size(100, 30)))
        await pilot.pause()
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
    assert app._exception is None, app._exception


async def test_a_resize_of_the_shown_table_still_fits_the_cards() -> None:
    """(The same handler, not skipped while the table is up: the cards' mode follows the size.)"""
    clock = FakeClock()
    app = TableApp(chain_script(clock), clock=clock)
    async with app.run_test(size=(160, 50)) as pilot:
        await until(pilot, lambda: app.table.updates > 0)
        board = app.table.query_one("#board")
        assert board.has_class("-cards-tall")
        await pilot.resize_terminal(100, 30)
        await until(pilot, lambda: board.has_class("-cards-short"))
