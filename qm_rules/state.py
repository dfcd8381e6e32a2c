"""The mutable game state: zones, card flags, the chain, the activation being prepared.

Every card instance (``cid``) is in exactly one zone at a time; :meth:`State.move` is the only
way a card changes zone, and it keeps ``loc`` (where each card is) true.
"""

from __future__ import annotations

from operator import add, attrgetter
from typing import Any

from .cards import CardDef
from .model import LinkKind

# Zone codes for State.loc
DECK, DISCARD, HAND, FIELD, STACK, LIMBO = range(6)
ZONE_NAMES = ("deck", "discard", "hand", "field", "stack", "limbo")
SLOTS = 5
EMPTY = -1

#: Each definition id's number, for slot codes (:attr:`State.codes`): shared by every game, so
#: a code means the same card, slot and flags in any game whose card has that definition.
_DEF_NUMBERS: dict[str, int] = {}
_DEF_IDS: list[str] = []
#: Card instance ids are below this (the largest deck is far smaller).
MAX_CARDS = 1024


def def_number(def_id: str) -> int:
    """A definition id's number (the same for the whole run)."""
    number = _DEF_NUMBERS.get(def_id)
    if number is None:
        number = _DEF_NUMBERS[def_id] = len(_DEF_IDS)
        _DEF_IDS.append(def_id)
    return number


_PER_CARD = SLOTS * 8  # the codes of one card instance: a slot and three flags


class _DefBases(dict[str, int]):
    """The part of a slot code that names a definition, by its id (``def_number * MAX_CARDS *
    SLOTS * 8``), worked out when first asked for: a new game reads its cards' in one ``map``."""

    def __missing__(self, def_id: str) -> int:
        base = self[def_id] = def_number(def_id) * MAX_CARDS * _PER_CARD
        return base


_DEF_BASES = _DefBases()


def def_id_of(number: int) -> str:
    return _DEF_IDS[number]


def slot_code(base: int, slot: int, tapped: bool, face_down: bool, negated: bool) -> int:
    """What a slot holds, as one number (for views: :mod:`qm_rules.views` decodes it):
    ``((definition number * MAX_CARDS + card) * SLOTS + slot) * 8 + flags``, where ``base`` is
    the card's ``(definition number * MAX_CARDS + card) * SLOTS * 8``; an empty slot is
    ``-1 - slot``."""
    return base + slot * 8 + tapped * 4 + face_down * 2 + negated


class Link:
    """One link of the chain (R18)."""

    __slots__ = (
        "seat",
        "kind",
        "card",
        "mode",
        "targets",
        "target_owners",
        "cost",
        "responds_to",
        "negated",
        "negate_to",
        "payload",
        "view",
    )

    def __init__(
        self,
        seat: int,
        kind: LinkKind,
        card: int,
        mode: int | None,
        targets: list[tuple[str, int]],
        target_owners: list[int],
        cost: list[int],
        responds_to: int | None,
        payload: int | None = None,
    ) -> None:
        self.seat = seat
        self.kind = kind
        self.card = card
        self.mode = mode
        self.targets = targets  # ("p", seat) or ("c", cid), in the card's target order
        self.target_owners = target_owners  # for card targets: whose field it was on at activation
        self.cost = cost  # cards paid as cost (discarded or removed from the stack)
        self.responds_to = responds_to
        self.negated = False
        self.negate_to = "discard"
        self.payload = payload  # the offering a stacking ability puts under the ancestor
        self.view: Any = None  # the engine's cached LinkView of this link

    def copy(self) -> Link:
        link = Link(
            self.seat,
            self.kind,
            self.card,
            self.mode,
            self.targets[:],
            self.target_owners[:],
            self.cost[:],
            self.responds_to,
            self.payload,
        )
        link.negated, link.negate_to = self.negated, self.negate_to
        link.view = self.view  # immutable, and valid while negated stays the same
        return link

    def to_plain(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "kind": self.kind.value,
            "card": self.card,
            "mode": self.mode,
            "targets": [list(t) for t in self.targets],
            "target_owners": list(self.target_owners),
            "cost": list(self.cost),
            "responds_to": self.responds_to,
            "negated": self.negated,
            "negate_to": self.negate_to,
            "payload": self.payload,
        }

    @classmethod
    def from_plain(cls, d: dict[str, Any]) -> Link:
        link = cls(
            d["seat"],
            LinkKind(d["kind"]),
            d["card"],
            d["mode"],
            [(t[0], t[1]) for t in d["targets"]],
            list(d["target_owners"]),
            list(d["cost"]),
            d["responds_to"],
            d["payload"],
        )
        link.negated = d["negated"]
        link.negate_to = d["negate_to"]
        return link


class Draft:
    """An activation being declared: mode, targets and costs are chosen one prompt at a time
    (R15). Nothing is moved until it is complete, so it can be cancelled without a trace."""

    __slots__ = ("seat", "kind", "card", "mode", "targets", "cost", "payload", "origin")

    def __init__(
        self,
        seat: int,
        kind: LinkKind,
        card: int,
        payload: int | None = None,
        origin: str = "action",
    ) -> None:
        self.seat = seat
        self.kind = kind
        self.card = card
        self.mode: int | None = None
        self.targets: list[tuple[str, int]] = []
        self.cost: list[int] = []
        self.payload = payload
        self.origin = origin  # the prompt kind the draft started from (what others see)

    def copy(self) -> Draft:
        dr = Draft(self.seat, self.kind, self.card, self.payload, self.origin)
        dr.mode, dr.targets, dr.cost = self.mode, list(self.targets), list(self.cost)
        return dr

    def to_plain(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "kind": self.kind.value,
            "card": self.card,
            "mode": self.mode,
            "targets": [list(t) for t in self.targets],
            "cost": list(self.cost),
            "payload": self.payload,
            "origin": self.origin,
        }

    @classmethod
    def from_plain(cls, d: dict[str, Any]) -> Draft:
        dr = cls(d["seat"], LinkKind(d["kind"]), d["card"], d["payload"], d.get("origin", "action"))
        dr.mode = d["mode"]
        dr.targets = [(t[0], t[1]) for t in d["targets"]]
        dr.cost = list(d["cost"])
        return dr


_UNSET = object()


def attrs_of(obj: object) -> dict[str, Any]:
    """``obj``'s attributes by name: its own ``__dict__`` (not a copy: do not change it). A
    class compiled by mypyc (``tools/compile.py``) keeps them in a struct and has no
    ``__dict__``; they are then read into a new dict, by the names mypyc lists."""
    own: dict[str, Any] | None = getattr(obj, "__dict__", None)
    if own is not None:
        return own
    names: tuple[str, ...] = getattr(type(obj), "__mypyc_attrs__")  # noqa: B009
    attrs = {}
    for name in names:
        value = getattr(obj, name, _UNSET)
        if value is not _UNSET:  # an attribute never set (a blank object's) is left out
            attrs[name] = value
    return attrs


def set_attrs(obj: object, attrs: dict[str, Any]) -> None:
    """Set ``obj``'s attributes from ``attrs`` (see :func:`attrs_of`)."""
    own: dict[str, Any] | None = getattr(obj, "__dict__", None)
    if own is not None:
        own.update(attrs)
    else:
        for name, value in attrs.items():
            setattr(obj, name, value)


#: How :meth:`State.clone` copies a state, by the state's field names (see ``_copy_plan``).
_COPY_PLANS: dict[tuple[str, ...], tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]] = {}


class State:
    """Zones and per-card flags. Plain lists of ints for speed."""

    def __init__(self, defs: list[CardDef], players: int, *, blank: bool = False) -> None:
        self.defs = defs
        if blank:  # no zones yet: for clone and from_plain, which set every field
            return
        n = len(defs)
        assert n <= MAX_CARDS, "slot codes allow for MAX_CARDS card instances"
        self.loc: list[tuple[int, int, int]] = [(DECK, -1, -1)] * n
        self.tapped = [False] * n
        self.face_down = [False] * n
        self.negated = [False] * n  # an action, trap or counter negated where it stands (public)
        self.set_turn = [0] * n
        self.deck: list[int] = []
        self.discard: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.fields: list[list[int]] = [[EMPTY] * SLOTS for _ in range(players)]
        self.stacks: list[list[int]] = [[] for _ in range(players)]
        self.limbo: list[int] = []
        # Derived from the definitions and the fields (derive()): per card, whether it is an
        # ancestor and the base of its slot codes (slot_code); per seat, the ancestor on its
        # field and each slot's code, kept by every write to the field, so that views read a
        # field without looking at its cards.
        self.is_ancestor: list[bool] = []
        self.code_base: list[int] = []
        self.anc: list[int] = []
        self.codes: list[list[int]] = []
        # Change counters: views reuse what has not changed since they were last built. Only
        # this class writes the zones and flags, and every write moves the counters of what it
        # changes (a test checks): ``ver``, a seat's anything (the last, -1, is the deck's
        # and the discard pile's); ``hver``, ``fver``, ``sver``, a seat's hand, field
        # (cards and flags) and stack; ``dver``, the discard pile.
        self.ver = [0] * (players + 1)
        self.hver = [0] * players
        self.fver = [0] * players
        self.sver = [0] * players
        self.dver = 0
        self.derive()

    # ─── moves ───

    def fill_deck(self, order: list[int]) -> None:
        """The deck becomes ``order`` (its last card on top): when the game is dealt, and when
        the discard pile is shuffled into the empty deck (R4)."""
        assert not self.deck
        leaving = set(order)
        self.discard = [c for c in self.discard if c not in leaving]
        self.deck = order
        loc = self.loc
        for c in order:
            loc[c] = (DECK, -1, -1)
        self.ver[-1] += 1
        self.dver += 1

    def _flagged(self, cid: int) -> None:
        """A card's flag changed: move the counters of the zone it is in."""
        zone, owner, slot = self.loc[cid]
        self.ver[owner] += 1
        if zone == FIELD:
            self.fver[owner] += 1
            self.codes[owner][slot] = slot_code(
                self.code_base[cid], slot, self.tapped[cid], self.face_down[cid], self.negated[cid]
            )
        elif zone == HAND:
            self.hver[owner] += 1
        elif zone == STACK:
            self.sver[owner] += 1
        elif zone == DISCARD:
            self.dver += 1

    def set_tapped(self, cid: int, value: bool = True) -> None:
        """Tap (or untap) a card on the field: only there is a card tapped (leaving the
        field untaps it), so views show every card elsewhere untapped."""
        if self.loc[cid][0] != FIELD:
            raise ValueError(f"card {cid} is not on the field: only a card there can be tapped")
        self.tapped[cid] = value
        self._flagged(cid)

    def set_face_down(self, cid: int, value: bool, turn: int | None = None) -> None:
        """Turn a card on the field face down (set, in ``turn``) or face up (flipped)."""
        self.face_down[cid] = value
        if turn is not None:
            self.set_turn[cid] = turn
        self._flagged(cid)

    def set_negated(self, cid: int) -> None:
        """Mark a card on the field as negated, until it leaves the field."""
        self.negated[cid] = True
        self._flagged(cid)

    def _remove(self, cid: int) -> None:
        zone, owner, slot = self.loc[cid]
        self.ver[owner] += 1  # owner -1: the deck or the discard pile
        if zone == DECK:
            deck = self.deck
            if deck[-1] == cid:  # drawn from the top: no search through the deck
                deck.pop()
            else:
                deck.remove(cid)
        elif zone == DISCARD:
            self.discard.remove(cid)
            self.dver += 1
        elif zone == HAND:
            self.hands[owner].remove(cid)
            self.hver[owner] += 1
        elif zone == FIELD:
            self.fields[owner][slot] = EMPTY
            self.codes[owner][slot] = -1 - slot
            self.tapped[cid] = False
            self.face_down[cid] = False
            self.negated[cid] = False
            if self.anc[owner] == cid:
                self.anc[owner] = EMPTY
            self.fver[owner] += 1
        elif zone == STACK:
            self.stacks[owner].remove(cid)
            self.sver[owner] += 1
        else:
            self.limbo.remove(cid)

    def move(self, cid: int, zone: int, owner: int = -1, slot: int = -1) -> None:
        """Move a card to a zone. FIELD needs a free ``slot``; DECK puts it on top."""
        self._remove(cid)
        if zone == DECK:
            self.deck.append(cid)
        elif zone == DISCARD:
            self.discard.append(cid)
            self.dver += 1
        elif zone == HAND:
            self.hands[owner].append(cid)
            self.hver[owner] += 1
        elif zone == FIELD:
            assert self.fields[owner][slot] == EMPTY, "slot taken"
            self.fields[owner][slot] = cid
            self.codes[owner][slot] = slot_code(
                self.code_base[cid], slot, self.tapped[cid], self.face_down[cid], self.negated[cid]
            )
            if self.is_ancestor[cid]:
                self.anc[owner] = cid
            self.fver[owner] += 1
        elif zone == STACK:
            self.stacks[owner].append(cid)
            self.sver[owner] += 1
        else:
            self.limbo.append(cid)
        self.loc[cid] = (zone, owner, slot)
        self.ver[owner] += 1

    def draw(self, seat: int) -> int:
        """Move the deck's top card into ``seat``'s hand (what ``move`` does, without asking
        where the card was) and return it."""
        c = self.deck.pop()
        self.hands[seat].append(c)
        self.loc[c] = (HAND, seat, -1)
        self.ver[-1] += 1
        self.ver[seat] += 1
        self.hver[seat] += 1
        return c

    def draw_many(self, seat: int, n: int) -> list[int]:
        """:meth:`draw` ``n`` times (fewer than the deck holds), in one step: the cards drawn,
        the top first."""
        deck = self.deck
        assert n < len(deck)
        cards = deck[len(deck) - n :]
        cards.reverse()
        del deck[len(deck) - n :]
        self.hands[seat] += cards
        loc, where = self.loc, (HAND, seat, -1)
        for c in cards:
            loc[c] = where
        self.ver[-1] += 1
        self.ver[seat] += 1
        self.hver[seat] += 1
        return cards

    def free_slot(self, seat: int) -> int:
        """The lowest free slot of a field, or -1 (R6)."""
        f = self.fields[seat]
        return f.index(EMPTY) if EMPTY in f else -1

    def ancestor(self, seat: int) -> int:
        """The ancestor on this seat's field, or -1."""
        return self.anc[seat]

    def offerings_on_field(self, seat: int) -> list[int]:
        defs = self.defs
        return [
            c
            for c in self.fields[seat]
            if c != EMPTY and not self.face_down[c] and defs[c].type == "offering"
        ]

    def owner(self, cid: int) -> int:
        return self.loc[cid][1]

    def clone(self) -> State:
        """An independent copy. Every list is copied (lists of lists one level deeper), so a
        field added later is copied without being named here; the card definitions and what
        is derived from them are shared (immutable). How each field is copied is worked out
        from the fields' values once per set of field names (:meth:`_copy_plan`)."""
        mine = attrs_of(self)
        plan = _COPY_PLANS.get(tuple(mine))
        if plan is None:
            plan = _COPY_PLANS[tuple(mine)] = self._copy_plan()
        flat, nested, other = plan
        st = State(self.defs, 0, blank=True)
        own: dict[str, Any] | None = getattr(st, "__dict__", None)
        theirs = {} if own is None else own
        theirs.update(mine)  # then the mutable fields are replaced by copies
        for key in flat:
            theirs[key] = mine[key][:]
        for key in nested:
            theirs[key] = list(map(list.copy, mine[key]))
        for key in other:
            theirs[key] = mine[key].copy()
        if own is None:
            set_attrs(st, theirs)
        return st

    def _copy_plan(self) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
        """The fields :meth:`clone` copies: flat lists, per-seat lists of lists (never empty:
        every game has players), dicts and sets. The rest are immutable, or shared on purpose
        (the definitions and what is derived from them alone)."""
        shared = (self.defs, self.is_ancestor, self.code_base)
        flat: list[str] = []
        nested: list[str] = []
        other: list[str] = []
        for key, value in attrs_of(self).items():
            if isinstance(value, list) and not any(value is x for x in shared):
                (nested if value and isinstance(value[0], list) else flat).append(key)
            elif isinstance(value, dict | set):
                other.append(key)
        return tuple(flat), tuple(nested), tuple(other)

    def to_plain(self) -> dict[str, Any]:
        return {
            "loc": [list(x) for x in self.loc],
            "tapped": [i for i, t in enumerate(self.tapped) if t],
            "face_down": [i for i, t in enumerate(self.face_down) if t],
            "negated": [i for i, t in enumerate(self.negated) if t],
            "set_turn": list(self.set_turn),
            "deck": list(self.deck),
            "discard": list(self.discard),
            "hands": [list(h) for h in self.hands],
            "fields": [list(f) for f in self.fields],
            "stacks": [list(s) for s in self.stacks],
            "limbo": list(self.limbo),
        }

    @classmethod
    def from_plain(cls, defs: list[CardDef], d: dict[str, Any]) -> State:
        """A state saved by :meth:`to_plain`, of a game with these cards."""
        st = State(defs, 0, blank=True)
        st.load_plain(d)
        return st

    def load_plain(self, d: dict[str, Any]) -> None:
        n = len(self.defs)
        self.loc = [(z, o, s) for z, o, s in d["loc"]]
        self.tapped = [False] * n
        for i in d["tapped"]:
            self.tapped[i] = True
        self.face_down = [False] * n
        for i in d["face_down"]:
            self.face_down[i] = True
        self.negated = [False] * n
        for i in d.get("negated", ()):
            self.negated[i] = True
        self.set_turn = list(d["set_turn"])
        self.deck = list(d["deck"])
        self.discard = list(d["discard"])
        self.hands = [list(h) for h in d["hands"]]
        self.fields = [list(f) for f in d["fields"]]
        self.stacks = [list(s) for s in d["stacks"]]
        self.limbo = list(d["limbo"])
        players = len(self.fields)
        self.ver = [0] * (players + 1)
        self.hver, self.fver, self.sver = [0] * players, [0] * players, [0] * players
        self.dver = 0
        self.derive()

    def derive(self) -> None:
        """Work out again what is derived from the definitions and the fields (after a load,
        or a test's setup that re-deals a card as another definition)."""
        defs, n = self.defs, len(self.defs)
        self.is_ancestor = [d.type == "ancestor" for d in defs]
        ids = map(attrgetter("id"), defs)
        self.code_base = list(
            map(add, map(_DEF_BASES.__getitem__, ids), range(0, n * _PER_CARD, _PER_CARD))
        )
        self.anc = [EMPTY] * len(self.fields)
        self.codes = [[-1 - i for i in range(SLOTS)] for _ in self.fields]
        for seat, f in enumerate(self.fields):
            for i, c in enumerate(f):
                if c != EMPTY:
                    self.codes[seat][i] = slot_code(
                        self.code_base[c], i, self.tapped[c], self.face_down[c], self.negated[c]
                    )
                    if self.is_ancestor[c]:
                        self.anc[seat] = c
