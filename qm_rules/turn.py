"""The turn (R9–R13): its phases in order, each phase's prompt, and passing the turn on.

A turn is draw → place → action → worship → end. :func:`phase_step` runs the turn from the
current phase until it needs a decision (returns the prompt) or the game is over (returns
None); the game's loop calls it whenever no draft and no chain is open. What may be played in
each phase is in :mod:`qm_rules.plays`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .cards import SPECIAL_TYPES
from .members import (
    CARD_OFFERING,
    PHASE_ACTION,
    PHASE_DRAW,
    PHASE_END,
    PHASE_PLACE,
    PHASE_WORSHIP,
    PROMPT_ACTION,
    PROMPT_HAND_LIMIT,
    PROMPT_PLACE,
    PROMPT_WORSHIP,
)
from .model import (
    PLAIN_OPTIONS,
    Event,
    Option,
    Phase,
    Prompt,
    PromptKind,
    SharedEvents,
    card_options,
    make_event,
    make_prompt,
)
from .plays import action_options, place_options, worship_options
from .state import DISCARD, EMPTY

if TYPE_CHECKING:
    from .game import Game

_DISCARD = card_options("discard")


class _PhaseEvents(dict[int, Event]):
    """The events of one phase's start, by seat: the commonest event (several a decision) and
    immutable, so each is built once, when first needed, and shared by every game."""

    __slots__ = ("phase",)

    def __init__(self, phase: Phase) -> None:
        super().__init__()
        self.phase = phase

    def __missing__(self, seat: int) -> Event:
        event = self[seat] = make_event("phase", seat, {"phase": self.phase.value}, None)
        return event


_PHASE_EVENTS = {p: _PhaseEvents(p) for p in Phase}
#: A turn begins: by (seat, turn, round).
TURN_EVENTS = SharedEvents("turn", "turn", "round")

#: The phases in which the turn player picks a play: what may be played (:mod:`qm_rules.plays`),
#: the option that closes the phase, the prompt's kind, and the phase that follows once nothing
#: (more) can be played or the player closes it.
_PLAY_PHASES: dict[Phase, tuple[Callable[[Game, int], list[Option]], Option, PromptKind, Phase]] = {
    PHASE_PLACE: (place_options, PLAIN_OPTIONS["skip"], PROMPT_PLACE, PHASE_ACTION),
    PHASE_ACTION: (action_options, PLAIN_OPTIONS["end"], PROMPT_ACTION, PHASE_WORSHIP),
    PHASE_WORSHIP: (worship_options, PLAIN_OPTIONS["decline"], PROMPT_WORSHIP, PHASE_END),
}


def next_phase(g: Game, phase: Phase) -> None:
    """Move on to ``phase``; its start (event, win check) happens at the next step."""
    g.phase = phase
    g.phase_entered = False


def phase_step(g: Game) -> Prompt | None:
    """Run the turn on from the current phase: the prompt of the turn player's next decision,
    or None once the game is over. Phases with nothing to decide are passed through here (no
    draft or chain can open in them), without going back to the game's loop."""
    st = g.st
    record = g._events.append  # g.add_event without a call: the events stay the same list
    while True:
        seat = g.turn_seat
        phase = g.phase
        if not g.phase_entered:
            g.phase_entered = True
            record(_PHASE_EVENTS[phase][seat])
            if any(st.stacks) and g.check_win():  # R20: at the start of every phase
                return None
            if phase is PHASE_DRAW:
                _draw_phase(g, seat)
                g.phase, g.phase_entered = PHASE_PLACE, False  # next_phase, written out
                continue
            if phase is PHASE_END:
                _end_phase_discards(g, seat)
        plays = _PLAY_PHASES.get(phase)
        if plays is not None:
            options, close, kind, following = plays
            opts = options(g, seat)
            if not opts:
                g.phase, g.phase_entered = following, False  # next_phase, written out
                continue
            opts.append(close)
            # g.make_prompt, written out: the default is the option that closes the phase
            return make_prompt(seat, kind, g.seq, tuple(opts), {}, close.id)
        if phase is PHASE_END:
            limit = g.options.hand_limit
            hand = st.hands[seat]
            if limit is not None and len(hand) > limit:
                opts = [_DISCARD[c] for c in hand]
                return g.make_prompt(
                    seat, PROMPT_HAND_LIMIT, opts, {"limit": limit, "over": len(hand) - limit}
                )
            end_turn(g)
            if g.result is not None:
                return None
            continue
        raise AssertionError(phase)


def _draw_phase(g: Game, seat: int) -> None:
    """R8 (Burning offerings become tapped) and R9 (draw one, plus one per offering)."""
    st = g.st
    face_down, defs = st.face_down, st.defs
    n = 1  # R9: one, plus one per offering on the field
    for c in st.fields[seat]:
        if c == EMPTY or face_down[c]:
            continue
        d = defs[c]
        if d.type is CARD_OFFERING:
            n += 1
            if d.burning and not st.tapped[c]:  # R8: placed before this turn, it becomes tapped
                st.set_tapped(c)
                g.emit("tap", seat, {"card": c, "def": d.id, "burning": True})
    anc = st.anc[seat]
    if anc >= 0 and "extra_draw" in st.defs[anc].standing:
        n += 1
    g.draw(seat, n)


def _end_phase_discards(g: Game, seat: int) -> None:
    """R7: the turn player's face-up actions, traps and counters go to the discard pile."""
    st = g.st
    for c in st.fields[seat]:  # R7
        if c != EMPTY and not st.face_down[c] and st.defs[c].type in SPECIAL_TYPES:
            st.move(c, DISCARD)
            g.emit("discard", seat, {"card": c, "def": st.defs[c].id, "end_phase": True})


def end_turn(g: Game) -> None:
    """R13: "this turn" effects end, the next player still playing begins."""
    if g.prohibitions:
        g.prohibitions = [p for p in g.prohibitions if p.until_turn > g.turn]
    prev = g.turn_seat
    nxt = prev
    for i in range(1, g.n + 1):
        s = (prev + i) % g.n
        if not g.conceded[s]:
            nxt = s
            break
    # A round ends when the turn passes the first player's position again; the next round
    # begins only if the game goes on (a game that ends here ends in this round).
    new_round = (nxt - g.first_seat) % g.n <= (prev - g.first_seat) % g.n
    if new_round:
        limit = g.options.round_limit
        if limit and g.round >= limit:
            g.end_game(None, None, "round_limit")
            return
    # A dead position: nobody has had a decision for two rounds and nothing is left to
    # draw, so every further turn would be the same (e.g. full fields, empty piles). Without
    # a round limit this would never end; it is a draw.
    g.quiet_turns += 1
    live = g.n - sum(g.conceded)
    if g.quiet_turns >= 2 * live and not g.st.deck and not g.st.discard:
        g.end_game(None, None, "stalemate")
        return
    if new_round:
        g.round += 1
    g.turn_seat = nxt
    g.turn += 1
    g.placed = False
    g.turn_ends_after_chain = False
    next_phase(g, PHASE_DRAW)
    g.add_event(TURN_EVENTS[nxt, g.turn, g.round])
