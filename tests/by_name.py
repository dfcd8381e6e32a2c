"""Finding and playing cards by name in a position a rules test arranged.

A test builds its position with :func:`helpers.position` (a new game holding exactly the cards
named) or :func:`helpers.arrange` (cards moved into an existing game), the one implementation of
setup. From then on it drives the game only through ``game.choose`` — :func:`play`, :func:`flip`,
:func:`pick`, :func:`pass_all` here — and reads it only through ``game.view`` (:func:`in_hand`,
:func:`on_field`, the ``*_defs`` lists), events, ``game.prompt`` and ``game.result``.
"""

from __future__ import annotations

from qm_rules import Event, Game, PromptKind
from qm_rules.state import DECK, EMPTY

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
