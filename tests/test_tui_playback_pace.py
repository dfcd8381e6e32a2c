"""The pace the player chose holds for the chain: at ``slow`` a chain resolving is played back
link by link, not dropped because the slow steps add up to more seconds than the normal pace's
catching-up allows (a playtest at slow pace: the chain box went from "2. root springs the trap
Wildfire / 1. bot-2 places ..." straight to empty, the outcome only in the log).

And a chain cut short by a decision of the player's (which ends the playback at once) stays
drawn with its outcomes until the next step: at normal pace the chain the player had answered
resolved, the bot ended its turn, the player's next question came a second later, and the chain
box went empty before it had shown what the chain did.

Positions are made by hand (``chain_position``) and time is a FakeClock moved by hand.
"""

from __future__ import annotations

import dataclasses

import pytest
from test_tui_follow import FedSession, _chain_lines, _resolution
from test_tui_table_support import (
    ScriptedSession,
    TableApp,
    chain_events,
    chain_position,
    until,
)

from qm_rules.model import Event, Option, Phase, Prompt, PromptKind, View
from qm_tui.clock import FakeClock
from qm_tui.i18n import tr
from qm_tui.playback import MOST_BEHIND, PACES, Playback, most_behind
from qm_tui.session import Update
from qm_tui.widgets.chain import ChainStack


class PacedApp(TableApp):
    """The table at a pace the player chose earlier (the app remembers it)."""

    def __init__(self, session: ScriptedSession, clock: FakeClock, pace: str) -> None:
        super().__init__(session, clock=clock)
        self.pace = pace


@pytest.mark.parametrize("pace", ["slow", "normal", "fast"])
async def test_a_chain_of_three_resolves_link_by_link_at_every_pace(pace: str) -> None:
    clock = FakeClock()
    view = chain_position()
    after, events = _resolution(view)
    session = ScriptedSession(
        [Update(view, chain_events(), clock.now() + 20), Update(after, events, None)]
    )
    app = PacedApp(session, clock, pace)
    async with app.run_test(size=(120, 40)) as pilot:
        table = app.table
        await until(pilot, lambda: table.updates > 0 and not table.playback.ready())
        assert table.playback.pace == pace
        seen = [_chain_lines(app)]
        waits = []
        for _ in range(12):
            if not table.playback.queue:
                break
            assert table.playback.next_at is not None
            waits.append(table.playback.next_at - clock.now())
            clock.set(table.playback.next_at)
            await until(pilot, lambda: not table.playback.ready())
            seen.append(_chain_lines(app))
        text = ["\n".join(lines) for lines in seen]
        # every link is on screen at its turn: link 3 resolving, then each outcome in order
        assert any(t.startswith("▶3.") for t in text), text
        i3 = next(i for i, t in enumerate(text) if "resolved: Cat negates link 2" in t)
        i2 = next(i for i, t in enumerate(text) if "✗2." in t and "negated" in t)
        i1 = next(i for i, t in enumerate(text) if "resolved: Cat takes Chrysanthemums" in t)
        assert i3 < i2 < i1
        assert text[-1] in ("", tr("table.chain.empty", "en"))  # the chain done, gone
        # ...and each for as long as the pace gives a link resolving (no hurrying: one
        # resolution is not "far behind" at any pace)
        assert max(waits) == pytest.approx(1.4 * PACES[pace])


def test_far_behind_is_measured_at_the_chosen_pace() -> None:
    """How far behind the playback may be scales with the pace: a slower pace is further
    behind before it hurries or drops steps (the player asked for the time), a faster one
    less; the normal pace keeps MOST_BEHIND seconds."""
    assert most_behind("normal") == MOST_BEHIND
    assert most_behind("slow") == pytest.approx(MOST_BEHIND * PACES["slow"] / PACES["normal"])
    assert most_behind("fast") < MOST_BEHIND < most_behind("slow")
    clock = FakeClock()
    view = chain_position()
    playback = Playback(clock, "slow")
    # six placements queued at slow pace (9.6 s): behind, but not twice the slow bound
    places = [Event("place", 1, {"card": 100 + i, "def": "juhua"}) for i in range(6)]
    playback.add(places, view, None)
    first = playback.due()
    assert [s.events for s in first if s.events] == [(places[0],)]  # one at a time, none dropped


def _my_turn_after(after: View) -> tuple[View, tuple[Event, ...]]:
    """Cat's turn ends and mine begins, with a question for me: the update that ends the
    playback at once."""
    mine = dataclasses.replace(
        after,
        seq=after.seq + 1,
        turn=8,
        turn_seat=0,
        phase=Phase.PLACE,
        prompt=Prompt(0, PromptKind.PLACE, after.seq + 1, (Option("skip", "skip"),), {}, None),
    )
    events = (
        Event("phase", 2, {"phase": "worship"}),
        Event("phase", 2, {"phase": "end"}),
        Event("turn", 0, {"turn": 8, "round": 2}),
        Event("phase", 0, {"phase": "draw"}),
        Event("phase", 0, {"phase": "place"}),
    )
    return mine, events


@pytest.mark.parametrize("lang", ["en", "zh"])
async def test_a_chain_cut_short_by_my_decision_stays_drawn_with_its_outcomes(lang: str) -> None:
    """The chain I answered resolves, the others move on, and my next question arrives before
    the playback has shown the resolution: the question comes at once, and the chain box keeps
    the chain with what became of each link (marked as the last chain, not a live one) until
    the next step; it was empty, the outcome only in the log."""
    clock = FakeClock()
    view = chain_position()
    after, events = _resolution(view)
    mine, turn = _my_turn_after(after)
    session = FedSession()
    app = TableApp(session, clock=clock, lang=lang)
    async with app.run_test(size=(120, 40)) as pilot:
        table = app.table
        session.queue.put_nowait(Update(view, chain_events(), clock.now() + 20))
        await until(pilot, lambda: table.view is view)
        session.queue.put_nowait(Update(after, events, None))
        await until(pilot, lambda: table.updates > 1 or bool(table.playback.queue))
        await pilot.pause()
        assert table.playback.queue  # the resolution is still to be played back...
        session.queue.put_nowait(Update(mine, turn, clock.now() + 20))
        await until(pilot, lambda: table.view is mine)  # ...when my question arrives
        assert not table.playback.queue
        text = "\n".join(_chain_lines(app))
        # the link negated named by its card and owner, not by its number alone
        negates = "Cat 使连锁 2：鬼打墙（Bob）无效" if lang == "zh" else "Cat negates link 2: "
        takes = "Chrysanthemums" if lang == "en" else "菊花"
        assert negates in text and takes in text, text
        assert "✗2." in text and "✓3." in text and "✓1." in text
        assert "▶" not in text  # nothing is resolving: it is over
        stack = app.table.query_one(ChainStack)
        assert str(stack.render()).split("\n")[0] == tr("table.chain.last", lang)
