"""The hand row after the hand shrinks (playtest 4, F4): 6 cards, then 4, and the row drew 6
frames, the last two empty — they looked like face-down cards. The grid keeps its places past
the last card (a card coming or going is then a repaint, not a layout), and those draw nothing:
no frame, no mark, at every size the cards are framed in."""

from __future__ import annotations

import dataclasses

import pytest
from test_tui_table_support import ScriptedSession, TableApp, chain_position, screen_text, until

from qm_rules.model import CardView
from qm_tui.session import Update
from qm_tui.widgets.hand import HandRow

SIX = ["quxie", "qingtuan", "zhiqian", "jisi_zhunbei", "taigong", "saomu"]


def _with_hand(cards: list[str], seq: int):  # type: ignore[no-untyped-def]
    base = chain_position()
    me = base.seats[0]
    hand = tuple(CardView(100 + i, c) for i, c in enumerate(cards))
    seats = (dataclasses.replace(me, hand=hand, hand_count=len(hand)), *base.seats[1:])
    return dataclasses.replace(base, seats=seats, seq=seq, prompt=None, chain=())


@pytest.mark.parametrize("size", [(160, 48), (100, 30), (220, 60)])
async def test_the_hand_row_draws_no_empty_frames_after_the_hand_shrinks(
    size: tuple[int, int],
) -> None:
    six, four = _with_hand(SIX, 57), _with_hand(SIX[:4], 58)
    session = ScriptedSession([Update(six, (), None), Update(four, (), None)])
    app = TableApp(session, lang="en")
    async with app.run_test(size=size) as pilot:
        table = app.table
        await until(pilot, lambda: table.view is not None and table.view.seq == 58)
        await pilot.pause()
        hand = table.query_one(HandRow)
        assert len(hand.tiles()) == 4
        vacant = [t for t in hand.pool[4:] if t.display]
        assert vacant, "the grid keeps places past the last card (else: nothing to check)"
        lines = screen_text(app).split("\n")
        for tile in vacant:
            r = tile.region
            drawn = [lines[y][r.x : r.x + r.width] for y in range(r.y, r.y + r.height)]
            assert all(not line.strip() for line in drawn), drawn
        for tile in hand.tiles():  # the cards themselves are drawn
            r = tile.region
            assert any(lines[y][r.x : r.x + r.width].strip() for y in range(r.y, r.y + r.height))
