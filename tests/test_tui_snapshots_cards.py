"""Snapshots of the table with framed cards, at 100x30 (narrow frames, the board scrolled to my
hand, whole seats above it named under it) and 160x48 (wide frames): a chain in progress, a
negated trap, a tapped card, a targeted card, a face-down back and an ancestor with offerings
stacked; and six seats at 240x50 (the opponents two by two)."""

from __future__ import annotations

import pytest
from test_tui_cards import negated_position, six_seat_position
from test_tui_table_support import ScriptedSession, TableApp, settle, until

from qm_tui.clock import FakeClock
from qm_tui.session import Update


@pytest.mark.parametrize("size", [(100, 30), (160, 48)])
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_table_with_cards(snap_compare, lang: str, size: tuple[int, int]) -> None:
    app = TableApp(
        ScriptedSession([Update(negated_position(), (), None)]), lang=lang, clock=FakeClock()
    )

    async def run_before(pilot) -> None:  # type: ignore[no-untyped-def]
        await until(pilot, lambda: app.table.updates > 0)
        await settle(pilot)  # (the board, the option list and the card panel fitted)

    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_six_seats_on_a_very_wide_terminal(snap_compare, lang: str) -> None:
    """240x50: the five opponents' fields two by two."""
    app = TableApp(
        ScriptedSession([Update(six_seat_position(), (), None)]), lang=lang, clock=FakeClock()
    )

    async def run_before(pilot) -> None:  # type: ignore[no-untyped-def]
        await until(pilot, lambda: app.table.updates > 0)
        await settle(pilot)  # (the board, the option list and the card panel fitted)

    assert snap_compare(app, terminal_size=(240, 50), run_before=run_before)
