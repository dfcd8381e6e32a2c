"""Views (R5): what each seat may see of the game, built from the state at each decision.

Views are immutable and built at every decision, so the pieces that rarely change are kept:
one :class:`CardView` per card and tapped state (the untapped ones shared by every game), one
:class:`SlotView` per slot content, and each seat's :class:`SeatView` (and the discard pile)
until that seat's change counter in :attr:`State.ver` moves on or the seat concedes; then only
the parts whose own counters moved (hand, field, stack) are built again. The pending prompt as
the others see it is built once.

The cache cannot go stale by a forgotten call: only :class:`State`'s methods write the zones
and card flags, and each moves the counters of what it changes; what a seat's view takes from
the game itself (its name, whether it conceded) is part of the cache's key. Only a card on the
field can be tapped (:meth:`State.set_tapped`), so hands, stacks and the discard pile show
untapped cards. ``tests/test_view_cache.py`` checks all this, and that cached views equal fresh
ones all game long.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import getitem, itemgetter
from typing import TYPE_CHECKING, Any

from .cards import CardDef
from .model import (
    CardView,
    LinkView,
    Prompt,
    PromptKind,
    SeatView,
    SlotView,
    View,
    make_seat_view,
    make_view,
)
from .state import EMPTY, SLOTS, Link, State

if TYPE_CHECKING:
    from .game import Game

_EMPTY_SLOTS = tuple(SlotView(i, None, False) for i in range(SLOTS))
_HIDDEN_SLOTS = tuple(SlotView(i, None, True) for i in range(SLOTS))  # face down, not yours

#: Per definition id, shared by every game (immutable, and bounded by the largest deck times
#: the number of definitions): the untapped card views, by card instance; and the views of a
#: slot holding the card untapped and not negated, at 2 * (SLOTS * cid + slot) + face down
#: (face down as its owner sees it), built when first needed.
_ROWS: dict[str, tuple[list[CardView], list[SlotView | None]]] = {}

#: A seat's cached view, per (seat, shown its hand): the counters it was built at and its parts.
_Entry = tuple[int, bool, SeatView, int, tuple[SlotView, ...], int, tuple[CardView, ...], int, Any]


def _rows(defs: Sequence[CardDef]) -> tuple[list[CardView], list[list[SlotView | None]]]:
    """The untapped view of each card of a game, and each card's row of slot views."""
    n = len(defs)
    ids = [d.id for d in defs]
    for i in set(ids):
        row = _ROWS.get(i)
        if row is None or len(row[0]) < n:
            size = max(n, 2 * len(row[0]) if row else 0)
            _ROWS[i] = ([CardView(c, i, False) for c in range(size)], [None] * (2 * SLOTS * size))
    rows = list(map(_ROWS.__getitem__, ids))  # in C: this runs at every new game
    return list(map(getitem, map(itemgetter(0), rows), range(n))), list(map(itemgetter(1), rows))


class Views:
    """The view builder of one game, with its caches of immutable pieces."""

    __slots__ = ("untapped", "tapped", "rows", "slots", "seats", "discard", "others")

    def __init__(self, defs: Sequence[CardDef]) -> None:
        self.untapped, self.rows = _rows(defs)
        self.tapped: dict[int, CardView] = {}
        self.slots: dict[int, SlotView] = {}  # the other slots with a card, by slot and flags
        # at 2 * seat + shown its hand: the seat's counters and conceded flag it was built at
        self.seats: list[_Entry | None] = []
        self.discard: tuple[int, tuple[CardView, ...]] | None = None
        # the pending prompt as the other seats see it: (the prompt, its kind for them, it)
        self.others: tuple[Prompt, PromptKind, Prompt] | None = None

    def fork(self) -> Views:
        """The caches for a copy of the game (search makes many): card and slot views (they
        depend on the definitions only) are shared; the rest is keyed by change counters that
        the copy moves on independently, so it starts afresh."""
        views = Views.__new__(Views)
        views.untapped, views.tapped, views.rows = self.untapped, self.tapped, self.rows
        views.slots, views.seats, views.discard, views.others = self.slots, [], None, None
        return views

    def build(self, g: Game, viewer: int | None) -> View:
        """Everything ``viewer`` may see (R5). None is a spectator."""
        st = g.st
        over = g.result is not None
        ver = st.ver
        conceded = g.conceded
        cache = self.seats
        if not cache:
            cache.extend([None] * (2 * g.n))
        seats = []
        for s in range(g.n):
            visible = over or s == viewer
            e = cache[s + s + visible]
            if e is not None and e[0] == ver[s] and e[1] == conceded[s]:
                seats.append(e[2])
            else:
                seats.append(self._seat(g, s, visible, e))
        dv = self.discard
        if dv is None or dv[0] != st.dver:
            dv = self.discard = (st.dver, tuple(map(self.untapped.__getitem__, st.discard)))
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
        return make_view(  # View(…), positional: this runs at every decision
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
        if e is not None and e[5] == sv:
            stacked = e[6]
        else:
            stacked = tuple(map(self.untapped.__getitem__, st.stacks[s]))
        if not visible:
            hand = None
        elif e is not None and e[7] == hv:
            hand = e[8]
        else:
            hand = tuple(map(self.untapped.__getitem__, st.hands[s]))
        seat = make_seat_view(s, g.names[s], len(st.hands[s]), hand, slots, stacked, g.conceded[s])
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
        """Card ``c`` as it is now (tapped or not)."""
        if not st.tapped[c]:
            return self.untapped[c]
        v = self.tapped.get(c)
        if v is None:
            v = self.tapped[c] = CardView(c, st.defs[c].id, True)
        return v

    def _slots(self, st: State, s: int, visible: bool) -> tuple[SlotView, ...]:
        # Most cards on a field are untapped and not negated: their slot views are found in
        # the card's row in one step; the others are built (or found) by _slot.
        fd, neg, tapped, rows = st.face_down, st.negated, st.tapped, self.rows
        slots = []
        for i, c in enumerate(st.fields[s]):
            if c == EMPTY:
                slots.append(_EMPTY_SLOTS[i])
            elif tapped[c] or neg[c]:
                slots.append(self._slot(st, i, c, visible))
            elif fd[c] and not visible:
                slots.append(_HIDDEN_SLOTS[i])
            else:
                slots.append(rows[c][2 * (c * SLOTS + i) + fd[c]] or self._slot(st, i, c, visible))
        return tuple(slots)

    def _slot(self, st: State, i: int, c: int, visible: bool) -> SlotView:
        """The view of slot ``i`` holding card ``c`` (not empty), built once."""
        fd, neg, tapped = st.face_down[c], st.negated[c], st.tapped[c]
        if fd and not visible:
            return _HIDDEN_SLOTS[i]
        if not (tapped or neg):
            view = self.rows[c][2 * (c * SLOTS + i) + fd] = SlotView(i, self.untapped[c], fd)
            return view
        key = (c * SLOTS + i) * 8 + tapped * 4 + fd * 2 + neg
        found = self.slots.get(key)
        if found is None:
            if fd:
                found = SlotView(i, self._card(st, c), True)
            else:
                found = SlotView(i, self._card(st, c), False, neg)
            self.slots[key] = found
        return found

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
            tuple([self._card(st, c) for c in link.cost]),
            link.negated,
            link.responds_to,
            self._card(st, link.payload) if link.payload is not None else None,
        )
        link.view = view
        return view
