"""Views (R5): what each seat may see of the game, built from the state at each decision.

Views are immutable and built at every decision, so the pieces that rarely change are kept:
one :class:`CardView` per card and tapped state, one :class:`SlotView` per slot content, and
each seat's :class:`SeatView` (and the discard pile) until that seat's change counter in
:attr:`State.ver` moves on or the seat concedes.

The cache cannot go stale by a forgotten call: only :class:`State`'s methods write the zones
and card flags, and each moves the counter of the seat (or pile) it changes; what a seat's view
takes from the game itself (its name, whether it conceded) is part of the cache's key.
``tests/test_view_cache.py`` checks both, and that cached views equal fresh ones all game long.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .model import CardView, LinkView, Prompt, PromptKind, SeatView, SlotView, View
from .state import EMPTY, SLOTS, Link

if TYPE_CHECKING:
    from .game import Game

_EMPTY_SLOTS = tuple(SlotView(i, None, False) for i in range(SLOTS))


class Views:
    """The view builder of one game, with its caches of immutable pieces."""

    __slots__ = ("cards", "slots", "seats", "discard")

    def __init__(self, n_cards: int) -> None:
        self.cards: list[list[CardView | None]] = [[None, None] for _ in range(n_cards)]
        self.slots: dict[tuple[int, int, bool, bool, bool, bool], SlotView] = {}
        # per (seat, visible): the seat's change counter and conceded flag it was built at
        self.seats: dict[tuple[int, bool], tuple[int, bool, SeatView]] = {}
        self.discard: tuple[int, tuple[CardView, ...]] | None = None

    def fork(self) -> Views:
        """The caches for a copy of the game: card views (they depend on the definitions
        only) are shared; the rest is keyed by change counters that the copy moves on
        independently, so it starts afresh."""
        views = Views(0)
        views.cards = self.cards
        return views

    def build(self, g: Game, viewer: int | None) -> View:
        """Everything ``viewer`` may see (R5). None is a spectator."""
        st = g.st
        over = g.result is not None
        defs = st.defs
        fd = st.face_down
        neg = st.negated
        tapped = st.tapped
        card_cache = self.cards

        def cv(c: int) -> CardView:
            t = tapped[c]
            pair = card_cache[c]
            v = pair[t]
            if v is None:
                v = pair[t] = CardView(c, defs[c].id, t)
            return v

        seats = []
        slot_cache = self.slots
        ver = st.ver
        seat_cache = self.seats
        conceded = g.conceded
        for s in range(g.n):
            visible = s == viewer or over
            hit = seat_cache.get((s, visible))
            if hit is not None and hit[0] == ver[s] and hit[1] == conceded[s]:
                seats.append(hit[2])
                continue
            slots = []
            for i, c in enumerate(st.fields[s]):
                if c == EMPTY:
                    slots.append(_EMPTY_SLOTS[i])
                    continue
                key = (i, c, tapped[c], fd[c] and not visible, fd[c], neg[c])
                slot = slot_cache.get(key)
                if slot is None:
                    if fd[c]:
                        slot = SlotView(i, cv(c) if visible else None, True)
                    else:
                        slot = SlotView(i, cv(c), False, neg[c])
                    slot_cache[key] = slot
                slots.append(slot)
            hand = tuple([cv(c) for c in st.hands[s]]) if visible else None
            sv = SeatView(
                s,
                g.names[s],
                len(st.hands[s]),
                hand,
                tuple(slots),
                tuple([cv(c) for c in st.stacks[s]]),
                conceded[s],
            )
            seat_cache[(s, visible)] = (ver[s], conceded[s], sv)
            seats.append(sv)
        dv = self.discard
        if dv is None or dv[0] != ver[-1]:
            dv = self.discard = (ver[-1], tuple([cv(c) for c in st.discard]))
        chain = (
            tuple([_link_view(i, link, cv, tapped) for i, link in enumerate(g.chain)])
            if g.chain
            else ()
        )
        prompt = g.prompt
        if prompt is not None and prompt.seat != viewer:
            # Others see whose decision it is and of what kind — but not the steps of an
            # activation being declared (MODE/TARGET/COST would tell which hidden card it is,
            # even if it is then cancelled): for them it is still the prompt it started from.
            kind = PromptKind(g.draft.origin) if g.draft is not None else prompt.kind
            prompt = Prompt(prompt.seat, kind, prompt.seq, (), {}, "")
        return View(  # positional: this runs at every decision
            viewer,
            g.seq,
            g.turn,
            g.round,
            g.turn_seat,
            g.phase,
            g.first_seat,
            len(st.deck),
            dv[1],
            tuple(seats),
            chain,
            len(g.chain) - 1 if g.resolving and g.chain else None,
            tuple(g.prohibitions),
            prompt,
            g.result,
        )


def _link_view(i: int, link: Link, cv: Callable[[int], CardView], tapped: list[bool]) -> LinkView:
    """A link changes after it is made only by being negated (and its card by being tapped):
    its view is kept on the link until then."""
    cached: LinkView | None = link.view
    if (
        cached is not None
        and cached.negated == link.negated
        and cached.index == i
        and cached.card.tapped == tapped[link.card]
    ):
        return cached
    view = LinkView(
        i,
        link.seat,
        link.kind,
        cv(link.card),
        link.mode,
        tuple([f"{k}{v}" for k, v in link.targets]),
        tuple([cv(c) for c in link.cost]),
        link.negated,
        link.responds_to,
        cv(link.payload) if link.payload is not None else None,
    )
    link.view = view
    return view
