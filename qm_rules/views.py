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

from typing import TYPE_CHECKING, Any

from .model import CardView, LinkView, Prompt, PromptKind, SeatView, SlotView, View
from .state import EMPTY, SLOTS, Link, State

if TYPE_CHECKING:
    from .game import Game

_EMPTY_SLOTS = tuple(SlotView(i, None, False) for i in range(SLOTS))
_HIDDEN_SLOTS = tuple(SlotView(i, None, True) for i in range(SLOTS))  # face down, not yours

#: A seat's cached view, per (seat, shown its hand): the counters it was built at and its parts.
_Entry = tuple[int, bool, SeatView, int, tuple[SlotView, ...], int, tuple[CardView, ...], int, Any]


class Views:
    """The view builder of one game, with its caches of immutable pieces."""

    __slots__ = ("cards", "slots", "seats", "discard", "others")

    def __init__(self, n_cards: int) -> None:
        # one CardView per card and tapped state, at 2 * cid + tapped
        self.cards: list[CardView | None] = [None] * (2 * n_cards)
        self.slots: dict[int, SlotView] = {}
        # per 2 * seat + shown its hand: the seat's counters and conceded flag it was built at
        self.seats: dict[int, _Entry] = {}
        self.discard: tuple[int, tuple[CardView, ...]] | None = None
        # the pending prompt as the other seats see it: (the prompt, its kind for them, it)
        self.others: tuple[Prompt, PromptKind, Prompt] | None = None

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
        ver = st.ver
        conceded = g.conceded
        cache = self.seats
        seats = []
        for s in range(g.n):
            visible = over or s == viewer
            e = cache.get(s + s + visible)
            if e is not None and e[0] == ver[s] and e[1] == conceded[s]:
                seats.append(e[2])
            else:
                seats.append(self._seat(g, s, visible, e))
        dv = self.discard
        if dv is None or dv[0] != st.dver:
            dv = self.discard = (st.dver, self._cards(st, st.discard))
        chain = (
            tuple([self._link(st, i, link) for i, link in enumerate(g.chain)]) if g.chain else ()
        )
        prompt = g.prompt
        if prompt is not None and prompt.seat != viewer:
            # Others see whose decision it is and of what kind — but not the steps of an
            # activation being declared (MODE/TARGET/COST would tell which hidden card it is,
            # even if it is then cancelled): for them it is still the prompt it started from.
            kind = PromptKind(g.draft.origin) if g.draft is not None else prompt.kind
            seen = self.others
            if seen is not None and seen[0] is prompt and seen[1] is kind:
                prompt = seen[2]
            else:
                shown = Prompt(prompt.seat, kind, prompt.seq, (), {}, "")
                self.others = (prompt, kind, shown)
                prompt = shown
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

    def _seat(self, g: Game, s: int, visible: bool, e: _Entry | None) -> SeatView:
        """Seat ``s``'s view, built again from the parts that changed since ``e``."""
        st = g.st
        fv, sv, hv = st.fver[s], st.sver[s], st.hver[s]
        slots = e[4] if e is not None and e[3] == fv else self._slots(st, s, visible)
        stacked = e[6] if e is not None and e[5] == sv else self._cards(st, st.stacks[s])
        if not visible:
            hand = None
        elif e is not None and e[7] == hv:
            hand = e[8]
        else:
            hand = self._cards(st, st.hands[s])
        seat = SeatView(s, g.names[s], len(st.hands[s]), hand, slots, stacked, g.conceded[s])
        self.seats[s + s + visible] = (
            st.ver[s],
            g.conceded[s],
            seat,
            fv,
            slots,
            sv,
            stacked,
            hv,
            hand,
        )
        return seat

    def _card(self, st: State, c: int) -> CardView:
        """Card ``c`` as it is now (its tapped state): built once."""
        k = c + c + st.tapped[c]
        v = self.cards[k]
        if v is None:
            v = self.cards[k] = CardView(c, st.defs[c].id, st.tapped[c])
        return v

    def _cards(self, st: State, cids: list[int]) -> tuple[CardView, ...]:
        cards, tapped, card = self.cards, st.tapped, self._card
        return tuple([cards[c + c + tapped[c]] or card(st, c) for c in cids])

    def _slots(self, st: State, s: int, visible: bool) -> tuple[SlotView, ...]:
        fd, neg, tapped = st.face_down, st.negated, st.tapped
        cache = self.slots
        slots = []
        for i, c in enumerate(st.fields[s]):
            if c == EMPTY:
                slots.append(_EMPTY_SLOTS[i])
            elif fd[c] and not visible:
                slots.append(_HIDDEN_SLOTS[i])
            else:
                key = (c * SLOTS + i) * 8 + tapped[c] * 4 + fd[c] * 2 + neg[c]
                slot = cache.get(key)
                if slot is None:
                    if fd[c]:
                        slot = SlotView(i, self._card(st, c), True)
                    else:
                        slot = SlotView(i, self._card(st, c), False, neg[c])
                    cache[key] = slot
                slots.append(slot)
        return tuple(slots)

    def _link(self, st: State, i: int, link: Link) -> LinkView:
        """A link changes after it is made only by being negated (and its card by being
        tapped): its view is kept on the link until then."""
        cached: LinkView | None = link.view
        if (
            cached is not None
            and cached.negated == link.negated
            and cached.index == i
            and cached.card.tapped == st.tapped[link.card]
        ):
            return cached
        view = LinkView(
            i,
            link.seat,
            link.kind,
            self._card(st, link.card),
            link.mode,
            tuple([f"{k}{v}" for k, v in link.targets]),
            self._cards(st, link.cost),
            link.negated,
            link.responds_to,
            self._card(st, link.payload) if link.payload is not None else None,
        )
        link.view = view
        return view
