"""Views (R5): what each seat may see of the game, built from the state at each decision.

Views are immutable and built at every decision, so the pieces that rarely change are kept:
one :class:`CardView` per card and tapped state (the untapped ones shared by every game), one
:class:`SlotView` per slot content, and each seat's :class:`SeatView` (and the discard pile)
until that seat's change counter in :attr:`State.ver` moves on or the seat concedes; then only
the parts whose own counters moved (hand, field, stack) are built again, once for the view that
shows the seat's hand and the one that does not (a field with nothing face down looks the same
to both). The pending prompt as the others see it is built once.

The cache cannot go stale by a forgotten call: only :class:`State`'s methods write the zones
and card flags, and each moves the counters of what it changes; what a seat's view takes from
the game itself (its name, whether it conceded) is part of the cache's key. Only a card on the
field can be tapped (:meth:`State.set_tapped`), so hands, stacks and the discard pile show
untapped cards. ``tests/test_view_cache.py`` checks all this, and that cached views equal fresh
ones all game long.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter, getitem
from typing import TYPE_CHECKING

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
from .state import MAX_CARDS, SLOTS, Link, State, def_id_of

if TYPE_CHECKING:
    from .game import Game

_EMPTY_SLOTS = tuple(SlotView(i, None, False) for i in range(SLOTS))
_HIDDEN_SLOTS = tuple(SlotView(i, None, True) for i in range(SLOTS))  # face down, not yours

#: Per definition id, shared by every game (immutable, and bounded by the largest deck times
#: the number of definitions): the untapped card views, by card instance.
_UNTAPPED: dict[str, list[CardView]] = {}
_UNTAPPED_SIZE = 128


def _untapped(defs: Sequence[CardDef]) -> list[CardView]:
    """The untapped view of each card of a game. This runs at every new game: in C, but for a
    definition or a deck size not seen before (every row holds ``_UNTAPPED_SIZE`` cards)."""
    global _UNTAPPED_SIZE
    n = len(defs)
    ids = list(map(attrgetter("id"), defs))
    if n > _UNTAPPED_SIZE or not _UNTAPPED.keys() >= set(ids):
        old = _UNTAPPED_SIZE
        _UNTAPPED_SIZE = max(n, 2 * old) if n > old else old
        for i, row in _UNTAPPED.items():  # longer rows, the same views (identity is kept)
            row.extend(CardView(c, i, False) for c in range(old, _UNTAPPED_SIZE))
        for i in set(ids) - _UNTAPPED.keys():
            _UNTAPPED[i] = [CardView(c, i, False) for c in range(_UNTAPPED_SIZE)]
    return list(map(getitem, map(_UNTAPPED.__getitem__, ids), range(n)))


#: How many slot views a :class:`_SlotTable` keeps before it starts again. Card ids are dealt
#: at random in every game, so a long-running host or a search would otherwise collect views of
#: nearly every (definition, id, slot, flags) there is: over a million.
SLOT_TABLE_LIMIT = 20_000


class _SlotTable(dict[int, SlotView]):
    """The view of a slot by its code (:attr:`State.codes`: the card, its definition, the slot
    and the card's flags), as the field's owner sees it or as the others do. Shared by every
    game (a code names the definition too), each view built when first needed; a field's
    views are then ``map(table.__getitem__, codes)``, without a look at its cards. Views are
    values, so emptying the table when it is full (:data:`SLOT_TABLE_LIMIT`) only costs their
    building again."""

    __slots__ = ("owner",)

    def __init__(self, owner: bool) -> None:
        super().__init__()
        self.owner = owner

    def __missing__(self, code: int) -> SlotView:
        if code < 0:
            view = _EMPTY_SLOTS[-1 - code]
        else:
            place, flags = divmod(code, 8)
            place, slot = divmod(place, SLOTS)
            number, cid = divmod(place, MAX_CARDS)
            face_down, tapped, negated = bool(flags & 2), bool(flags & 4), bool(flags & 1)
            if face_down and not self.owner:
                view = _HIDDEN_SLOTS[slot]
            else:
                def_id = def_id_of(number)
                card = CardView(cid, def_id, True) if tapped else _UNTAPPED[def_id][cid]
                # a card face down shows no negation (only its owner sees it at all)
                view = SlotView(slot, card, face_down, negated and not face_down)
        if len(self) >= SLOT_TABLE_LIMIT:
            self.clear()
        self[code] = view
        return view


_OWNER_SLOTS = _SlotTable(owner=True)
_OTHERS_SLOTS = _SlotTable(owner=False)


class Views:
    """The view builder of one game, with its caches of immutable pieces.

    Each seat's view is kept twice, at index ``2 * seat + shown`` (``shown``: with its hand,
    for that seat itself and once the game is over, or without): ``made`` holds the view and
    ``keys`` the seat's change counter it was built at. The parts a seat's view is made of are
    kept the same way, each with the counter it was built at: the field's slots (at the same
    index: as its owner sees them, as the others do), the hand and the stack (per seat)."""

    __slots__ = (
        "untapped",
        "tapped",
        "keys",
        "made",
        "orders",
        "conceded",
        "fkeys",
        "fields",
        "hkeys",
        "hands",
        "skeys",
        "stacks",
        "discard",
        "others",
    )

    def __init__(self, defs: Sequence[CardDef], share: Views | None = None) -> None:
        """The caches of a game with cards ``defs``, or of a copy of ``share``'s game (then
        ``defs`` is not read: see :meth:`fork`)."""
        if share is None:
            self.untapped = _untapped(defs)
            self.tapped: dict[int, CardView] = {}
        else:
            self.untapped, self.tapped = share.untapped, share.tapped
        self._forget()

    def _forget(self) -> None:
        """Empty every cache but the card views (they depend on the definitions only)."""
        self.keys: list[int] = []
        self.made: list[SeatView | None] = []
        # per viewer (None: a spectator; "over": anyone once the game is over), each seat's index
        self.orders: dict[int | str | None, tuple[int, ...]] = {}
        self.conceded: list[bool] = []  # the game's conceded flags the caches were built at
        self.fkeys: list[int] = []
        self.fields: list[tuple[SlotView, ...]] = []
        self.hkeys: list[int] = []
        self.hands: list[tuple[CardView, ...]] = []
        self.skeys: list[int] = []
        self.stacks: list[tuple[CardView, ...]] = []
        self.discard: tuple[int, tuple[CardView, ...]] | None = None
        # the pending prompt as the other seats see it: (the prompt, its kind for them, it)
        self.others: tuple[Prompt, PromptKind, Prompt] | None = None

    def fork(self) -> Views:
        """The caches for a copy of the game (search makes many): card views (they depend on
        the definitions only) are shared; the rest is keyed by change counters that the copy
        moves on independently, so it starts afresh."""
        return Views((), self)

    def _start(self, n: int, conceded: list[bool]) -> None:
        """Empty caches for ``n`` seats (counters start at 0: -1 is never current)."""
        self.keys = [-1] * (2 * n)
        self.made = [None] * (2 * n)
        self.fkeys = [-1] * (2 * n)
        self.fields = [()] * (2 * n)
        self.hkeys, self.hands = [-1] * n, [()] * n
        self.skeys, self.stacks = [-1] * n, [()] * n
        self.conceded = list(conceded)
        self.orders = {None: tuple(range(0, 2 * n, 2)), "over": tuple(range(1, 2 * n, 2))}

    def build(self, g: Game, viewer: int | None) -> View:
        """Everything ``viewer`` may see (R5). None is a spectator."""
        st = g.st
        ver = st.ver
        keys = self.keys
        if not keys or g.conceded != self.conceded:  # a concession: the seats' views start again
            self._start(g.n, g.conceded)
            keys = self.keys
        orders = self.orders
        order = orders.get("over" if g.result is not None else viewer)
        if order is None:
            order = orders[viewer] = tuple(s + s + (s == viewer) for s in range(g.n))
        s = 0
        for i in order:
            if keys[i] != ver[s]:
                self._seat(g, s, i)
            s += 1
        dv = self.discard
        if dv is None or dv[0] != st.dver:
            dv = self.discard = (st.dver, tuple(map(self.untapped.__getitem__, st.discard)))
        chain = g.chain
        prompt = g._prompt
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
            tuple(map(self.made.__getitem__, order)),
            tuple([self._link(st, i, link) for i, link in enumerate(chain)]) if chain else (),
            len(chain) - 1 if g.resolving and chain else None,
            tuple(g.prohibitions) if g.prohibitions else (),
            prompt,
            g.result,
        )

    def _seat(self, g: Game, s: int, i: int) -> None:
        """Seat ``s``'s view at index ``i`` (``2 * s + shown``), built again from the parts
        that changed since they were built."""
        st = g.st
        fv = st.fver[s]
        if self.fkeys[i] != fv:
            table = _OWNER_SLOTS if i & 1 else _OTHERS_SLOTS
            self.fields[i] = tuple(map(table.__getitem__, st.codes[s]))
            self.fkeys[i] = fv
        sv = st.sver[s]
        if self.skeys[s] != sv:
            self.stacks[s] = tuple(map(self.untapped.__getitem__, st.stacks[s]))
            self.skeys[s] = sv
        held = st.hands[s]
        hand = None
        if i & 1:
            hv = st.hver[s]
            if self.hkeys[s] != hv:
                self.hands[s] = tuple(map(self.untapped.__getitem__, held))
                self.hkeys[s] = hv
            hand = self.hands[s]
        self.made[i] = make_seat_view(
            s, g.names[s], len(held), hand, self.fields[i], self.stacks[s], g.conceded[s]
        )
        self.keys[i] = st.ver[s]

    def _card(self, st: State, c: int) -> CardView:
        """Card ``c`` as it is now (tapped or not)."""
        if not st.tapped[c]:
            return self.untapped[c]
        v = self.tapped.get(c)
        if v is None:
            v = self.tapped[c] = CardView(c, st.defs[c].id, True)
        return v

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
