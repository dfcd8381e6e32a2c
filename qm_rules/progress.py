"""How near each player is to winning, counted from one seat's :class:`~qm_rules.model.View`.

Everything here reads only what the view shows, so a figure can never say more than its viewer
may see (R5): offerings on a field, offerings stacked and hand sizes are public; the cards of a
hand only in its owner's view. The conditions are counted with the card data's own
:meth:`~qm_rules.cards.Condition.have`, the count the engine's win check makes (R20).

- :func:`seat_progress`: a seat's offerings on the field out of the 4 that worship needs, and
  its ancestor on the field with how far its condition is;
- :func:`hand_outlooks`: for each ancestor in the viewer's own hand, its condition counted as
  it would stand were it declared now (the offerings on the field stacked, the ancestor gone
  from the hand, the worship draw to come) and whether the declaration would win;
- :func:`worship_block`: what stops the viewer declaring worship now, if anything.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .cards import CardDef, CardType, Condition
from .model import View
from .shown import DEFS

__all__ = [
    "WORSHIP_OFFERINGS",
    "ancestor_on_field",
    "Outlook",
    "SeatProgress",
    "Standing",
    "hand_outlooks",
    "seat_progress",
    "worship_block",
]

#: Offerings on the field that declaring worship needs (R12).
WORSHIP_OFFERINGS = 4

_DEFS = DEFS


@dataclass(frozen=True, slots=True)
class Standing:
    """An ancestor's worship condition and how far a seat is: ``have`` of ``need`` (None: it
    looks into a hand the view does not hold); ``missing``, for a condition on kinds of card,
    the kinds not in the hand (when the hand is known); ``ritual``: offerings are stacked
    under it (the last one removed, the ritual breaks: no condition holds, R20)."""

    card: str
    condition: Condition
    have: int | None
    missing: tuple[CardType, ...] = ()
    ritual: bool = True

    @property
    def need(self) -> int:
        return self.condition.need

    @property
    def met(self) -> bool | None:
        """Whether the condition holds; None when the view cannot tell."""
        if not self.ritual:
            return False
        return None if self.have is None else self.have >= self.need


@dataclass(frozen=True, slots=True)
class SeatProgress:
    """One seat: its offerings on the field (towards :data:`WORSHIP_OFFERINGS`) and its
    ancestor on the field, if any."""

    seat: int
    offerings: int
    ancestor: Standing | None


#: What declaring an ancestor now would do: win at once; leave it to the worship draw (one card
#: short, and a card to draw); or not win yet.
Verdict = Literal["win", "draw", "short"]


@dataclass(frozen=True, slots=True)
class Outlook:
    """An ancestor in the viewer's hand: its condition as it would stand were it declared now
    and resolved (``standing``: the offerings on the field stacked, the hand without it, the
    worship draw not yet counted unless the condition counts cards, which it adds one to),
    and the ``verdict``; ``declarable``: worship may be declared now (4 offerings on the field,
    no ancestor out), else the verdict says only how the condition stands."""

    cid: int
    standing: Standing
    verdict: Verdict
    declarable: bool = True


def _standing(
    d: CardDef, stacked: int, hand_size: int, hand: list[CardDef] | None, *, ritual: bool = True
) -> Standing:
    cond = d.condition
    assert cond is not None
    have = cond.have(stacked, hand_size, hand)
    missing: tuple[CardType, ...] = ()
    if cond.op == "hand_types" and hand is not None:
        kinds = {h.type for h in hand}
        missing = tuple(t for t in cond.types if t not in kinds)
    return Standing(d.id, cond, have, missing, ritual)


def _offerings(view: View, seat: int) -> int:
    """Face-up offerings in ``seat``'s slots (tapped ones count, stacked ones do not: R12)."""
    n = 0
    for slot in view.seats[seat].slots:
        d = _DEFS.get(slot.card.card) if slot.card is not None and not slot.face_down else None
        if d is not None and d.type is CardType.OFFERING:
            n += 1
    return n


def ancestor_on_field(view: View, seat: int) -> CardDef | None:
    """The ancestor on ``seat``'s field (face up: everyone sees it), if any."""
    for slot in view.seats[seat].slots:
        d = _DEFS.get(slot.card.card) if slot.card is not None else None
        if d is not None and d.type is CardType.ANCESTOR and d.condition is not None:
            return d
    return None


def _hand(view: View, seat: int) -> list[CardDef] | None:
    hand = view.seats[seat].hand
    return None if hand is None else [_DEFS[c.card] for c in hand if c.card in _DEFS]


def seat_progress(view: View, seat: int) -> SeatProgress:
    """``seat``'s offerings on the field and its ancestor's condition, as ``view`` shows them."""
    sv = view.seats[seat]
    d = ancestor_on_field(view, seat)
    standing = None
    if d is not None:
        stacked = len(sv.stacked)
        standing = _standing(d, stacked, sv.hand_count, _hand(view, seat), ritual=stacked > 0)
    return SeatProgress(seat, _offerings(view, seat), standing)


def _can_draw(view: View) -> bool:
    """Whether a card could be drawn now (the deck, or the discard pile shuffled in: R4)."""
    return view.deck_count > 0 or bool(view.discard)


def hand_outlooks(view: View) -> list[Outlook]:
    """For each ancestor in the viewer's own hand (in hand order; one per card name), its
    condition as it would stand after declaring it now, and whether that would win (R20: the
    check right after the worship draw). Empty for a spectator."""
    me = view.me()
    if me is None or me.hand is None:
        return []
    out: list[Outlook] = []
    seen: set[str] = set()
    offerings = _offerings(view, me.seat)
    draws = _can_draw(view)
    declarable = offerings >= WORSHIP_OFFERINGS and ancestor_on_field(view, me.seat) is None
    for c in me.hand:
        d = _DEFS.get(c.card)
        if d is None or d.type is not CardType.ANCESTOR or d.condition is None or d.id in seen:
            continue
        seen.add(d.id)
        rest = [_DEFS[h.card] for h in me.hand if h.cid != c.cid and h.card in _DEFS]
        size = len(rest) + (1 if draws else 0)  # the worship draw: its card is unknown
        standing = _standing(d, offerings, size, rest)
        have = standing.have
        assert have is not None  # (the viewer's own hand)
        verdict: Verdict
        if have >= standing.need:
            verdict = "win"
        elif draws and standing.condition.op in ("hand_count", "hand_types"):
            verdict = "draw" if have + 1 >= standing.need else "short"
        else:
            verdict = "short"
        out.append(Outlook(c.cid, standing, verdict, declarable))
    return out


#: Why the viewer cannot declare worship now: an ancestor on the field already; fewer than 4
#: offerings on the field (with how many); no ancestor in hand.
Block = Literal["ancestor_out", "offerings", "no_ancestor"]


def worship_block(view: View) -> tuple[Block, int] | None:
    """What keeps the viewer from declaring worship now (R12), with the offerings on the field;
    None when nothing does (it still takes the worship phase, and nothing forbidding it)."""
    me = view.me()
    if me is None:
        return None
    offerings = _offerings(view, me.seat)
    if ancestor_on_field(view, me.seat) is not None:
        return "ancestor_out", offerings
    if offerings < WORSHIP_OFFERINGS:
        return "offerings", offerings
    if not any(
        (d := _DEFS.get(c.card)) is not None and d.type is CardType.ANCESTOR for c in me.hand or ()
    ):
        return "no_ancestor", offerings
    return None
