"""Arranging positions for the rules tests (setup only: it moves instances in ``game.st``).

A test builds a game with :func:`arrange`, naming the cards each seat holds, has on its field
and has stacked under its ancestor, whose turn it is and which phase it starts in. From then on
the test drives the game only through ``game.choose`` and reads it only through ``game.view``,
events, ``game.prompt`` and ``game.result``.

When the deck lacks enough instances of a card the test asks for (an ancestor not drawn into
this game's deck, a second copy of a one-copy card), an unrequested instance is re-dealt as that
card: the setup is about a position, not about a deck that could occur. Such games cannot be
replayed from their journal, which the journal tests do not need.
"""

from __future__ import annotations

from collections.abc import Iterable

from qm_rules import CARDS, Event, Game, GameOptions, Phase, PromptKind
from qm_rules.state import DECK, DISCARD, EMPTY, FIELD, HAND, STACK

FieldSpec = str  # "qingtuan", "gui_daqiang/down", "zhiqian/tapped", "yehuo/down/new"


def _parse(spec: FieldSpec) -> tuple[str, set[str]]:
    parts = spec.split("/")
    return parts[0], set(parts[1:])


def arrange(
    players: int = 2,
    *,
    seed: int = 1,
    turn: int = 0,
    phase: Phase = Phase.ACTION,
    hands: dict[int, Iterable[str]] | None = None,
    fields: dict[int, Iterable[FieldSpec]] | None = None,
    stacks: dict[int, Iterable[str]] | None = None,
    deck_top: Iterable[str] = (),
    discard: Iterable[str] = (),
    empty_deck: bool = False,
    options: GameOptions | None = None,
    placed: bool = False,
) -> Game:
    """A game of ``players`` in the given position, waiting on ``turn``'s first decision of
    ``phase`` (or whatever the rules do at that phase's start).

    Cards not named stay in the deck (in their shuffled order; ``deck_top`` cards are put on top,
    the first named drawn first). ``empty_deck`` moves every unnamed card to the discard pile.
    Field specs take flags: ``down`` (set face-down before this turn), ``new`` (with ``down``:
    set this turn), ``tapped``.
    """
    g = Game.new([f"P{i}" for i in range(players)], seed, options or GameOptions())
    st = g.st
    hands = {s: list(v) for s, v in (hands or {}).items()}
    fields = {s: list(v) for s, v in (fields or {}).items()}
    stacks = {s: list(v) for s, v in (stacks or {}).items()}
    deck_top = list(deck_top)
    discard = list(discard)

    # Everything back to the deck first.
    for c in range(len(g.defs)):
        if st.loc[c][0] != DECK:
            st.move(c, DECK)
        st.tapped[c] = False
        st.face_down[c] = False
        st.set_turn[c] = 0

    wanted: list[str] = []
    for v in hands.values():
        wanted += v
    for v in fields.values():
        wanted += [_parse(x)[0] for x in v]
    for v in stacks.values():
        wanted += v
    wanted += deck_top + discard
    need: dict[str, int] = {}
    for w in wanted:
        if w not in CARDS.by_id:
            raise KeyError(f"no card {w!r}")
        need[w] = need.get(w, 0) + 1

    # Re-deal unrequested instances as the cards still missing (same type first).
    have: dict[str, int] = {}
    for d in g.defs:
        have[d.id] = have.get(d.id, 0) + 1
    spare = [c for c in range(len(g.defs)) if g.defs[c].id not in need]
    for w, n in need.items():
        missing = n - have.get(w, 0)
        t = CARDS.by_id[w].type
        spare.sort(key=lambda c: g.defs[c].type is not t)  # same type first
        for _ in range(max(0, missing)):
            c = spare.pop(0)
            g.defs[c] = CARDS.by_id[w]

    pool: dict[str, list[int]] = {}
    for c in sorted(range(len(g.defs))):
        pool.setdefault(g.defs[c].id, []).append(c)

    def take(w: str) -> int:
        return pool[w].pop(0)

    for s, v in hands.items():
        for w in v:
            st.move(take(w), HAND, s)
    for s, v in fields.items():
        for i, spec in enumerate(v):
            w, flags = _parse(spec)
            c = take(w)
            st.move(c, FIELD, s, i)
            if "down" in flags:
                st.face_down[c] = True
                st.set_turn[c] = 1 if "new" in flags else 0
            if "tapped" in flags:
                st.tapped[c] = True
    for s, v in stacks.items():
        for w in v:
            st.move(take(w), STACK, s)
    for w in discard:
        st.move(take(w), DISCARD)
    rest = [c for c in st.deck]
    if empty_deck:
        for c in rest:
            st.move(c, DISCARD)
    for w in reversed(deck_top):
        st.move(take(w), DECK)  # on top: the first named ends last, drawn first

    g.turn_seat = turn
    g.first_seat = turn
    g.turn = 1
    g.round = 1
    g.phase = phase
    g.phase_entered = False
    g.placed = placed
    g.chain = []
    g.draft = None
    g.asking = None
    g.resolving = False
    g._prompt = None
    g._advance()
    g._events = []
    return g


# ───────────────────────────── finding cards through the view ─────────────────────────────


def in_hand(g: Game, seat: int, card: str, nth: int = 0) -> int:
    """The cid of the ``nth`` ``card`` in ``seat``'s hand, as that seat sees it."""
    me = g.view(seat).seats[seat]
    assert me.hand is not None
    found = [cv.cid for cv in me.hand if cv.card == card]
    assert len(found) > nth, f"seat {seat} holds no {card} (#{nth}): {[cv.card for cv in me.hand]}"
    return found[nth]


def on_field(g: Game, seat: int, card: str, viewer: int | None = None) -> int:
    """The cid of ``card`` on ``seat``'s field, as ``viewer`` (default: the owner) sees it."""
    v = g.view(seat if viewer is None else viewer)
    for slot in v.seats[seat].slots:
        if slot.card is not None and slot.card.card == card:
            return slot.card.cid
    raise AssertionError(f"no {card} on seat {seat}'s field")


def hand_defs(g: Game, seat: int) -> list[str]:
    me = g.view(seat).seats[seat]
    assert me.hand is not None
    return sorted(cv.card for cv in me.hand)


def field_defs(g: Game, seat: int, viewer: int | None = None) -> list[str]:
    """Face-up (and, for the owner, face-down) card ids on a field, slot order."""
    v = g.view(seat if viewer is None else viewer)
    return [s.card.card for s in v.seats[seat].slots if s.card is not None]


def stacked_defs(g: Game, seat: int) -> list[str]:
    return sorted(cv.card for cv in g.view(None).seats[seat].stacked)


def discard_defs(g: Game) -> list[str]:
    return [cv.card for cv in g.view(None).discard]


def ids(g: Game) -> tuple[str, ...]:
    assert g.prompt is not None
    return g.prompt.ids


#: A card to keep in a hand so the action phase stays open: a trap, which can be "set".
PAD = "yehuo"


def play(g: Game, seat: int, card: str) -> list[Event]:
    """``seat`` activates the ``card`` in its hand (an action, or a counter from hand)."""
    return g.choose(seat, f"play:{in_hand(g, seat, card)}")


def flip(g: Game, seat: int, card: str) -> list[Event]:
    """``seat`` flips its face-down ``card`` to activate it (which must be one of its options)."""
    option = f"flip:{on_field(g, seat, card)}"
    assert g.prompt is not None and option in g.prompt.ids, f"seat {seat} cannot flip {card}"
    return g.choose(seat, option)


def resolved_links(events: list[Event]) -> list[tuple[int, bool]]:
    """(link index, negated) of each link that resolved, in order."""
    return [(e.data["link"], e.data["negated"]) for e in events if e.kind == "resolved"]


def pick(g: Game, seat: int, card: str) -> list:
    """In an EFFECT or HAND_LIMIT prompt of ``seat``, choose the option about a ``card``."""
    p = g.prompt
    assert p is not None and p.seat == seat, f"not seat {seat}'s decision: {p}"
    for o in p.options:
        if o.card is not None and g.defs[o.card].id == card:
            return g.choose(seat, o.id)
    raise AssertionError(f"no option about {card}: {p.options}")


def pass_all(g: Game, max_steps: int = 50) -> list:
    """Everyone asked to respond passes until the chain has resolved (or another kind of
    decision is pending). Returns the events."""
    events: list = []
    for _ in range(max_steps):
        p = g.prompt
        if p is None or p.kind is not PromptKind.RESPOND:
            return events
        events += g.choose(p.seat, "pass")
    raise AssertionError("chain never closed")


__all__ = [
    "DECK",
    "EMPTY",
    "arrange",
    "discard_defs",
    "field_defs",
    "hand_defs",
    "ids",
    "in_hand",
    "on_field",
    "pass_all",
    "pick",
    "stacked_defs",
]
