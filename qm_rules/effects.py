"""Clause ops: the primitives card effects are made of (R19), one :class:`ClauseOp` each.

Each op is a subclass, registered by name (:func:`register`, :data:`CLAUSE_OPS`), that holds all
the game knows about it: the parameters a clause of it takes in the card data (the card loader
checks every clause against them), the event kinds it emits, and how it is carried out. Its
words are the catalogue's ``clause.<name>`` (``qm_rules/strings/play.py``). README, "Developing",
says how to add one.

A section resolves in three steps, so that its clauses happen together or not at all:

1. ``choices``: each clause that needs a decision (which card to search, to discard, to take…)
   offers its candidates; an empty list means the clause cannot be carried out.
2. ``feasible``: with every choice made, each clause checks it can still be carried out
   (target still there, not tapped, not forbidden).
3. ``apply``: all clauses happen, in order.

Nothing changes state before step 3, except the empty-deck reshuffle a search needs (R4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Literal, NamedTuple

from .cards import CardDef, Clause, Param
from .members import (
    CARD_OFFERING,
    CARD_TRAP,
    LINK_ACTION,
    LINK_COUNTER,
    LINK_MANIFEST,
    LINK_PLACE,
    LINK_TRAP,
    LINK_WORSHIP,
)
from .state import DISCARD, FIELD, HAND, STACK, Link

#: Links whose card stands on the field while and after it resolves (until the end phase).
_SPELL_LINKS = frozenset({LINK_ACTION, LINK_TRAP, LINK_COUNTER})

if TYPE_CHECKING:
    from .game import Game


def affected(g: Game, link: Link, cid: int) -> bool:
    """Can the effect of ``link`` touch card ``cid``? (R8 tapped; 祖母 unaffected by traps)."""
    st = g.st
    owner = st.loc[cid][1]
    if st.tapped[cid] and owner != link.seat:
        return False
    d = st.defs[cid]
    if "immune_traps" in d.standing and g.defs[link.card].type is CARD_TRAP:
        return False
    return True


def _target_card(g: Game, link: Link, index: int) -> int | None:
    """The card target ``index`` if it is still on the field it was targeted on."""
    if index >= len(link.targets):
        return None
    kind, value = link.targets[index]
    if kind != "c":
        return None
    zone, owner, _ = g.st.loc[value]
    if zone != FIELD or owner != link.target_owners[index]:
        return None
    return value


def _target_seat(g: Game, link: Link, index: int) -> int | None:
    if index >= len(link.targets):
        return None
    kind, value = link.targets[index]
    if kind != "p" or g.conceded[value]:
        return None
    return value


def _guarded(g: Game, seat: int, standing: str) -> bool:
    a = g.st.ancestor(seat)
    return a >= 0 and standing in g.defs[a].standing


def responded(g: Game, link: Link) -> Link | None:
    if link.responds_to is None:
        return None
    return g.chain[link.responds_to]


def _random_victim(g: Game, link: Link, cl: Clause) -> int | None:
    """Whose hand a random discard hits: the answered link's player, or the activator."""
    if cl.who == "responded":
        target = responded(g, link)
        if target is None or g.conceded[target.seat]:
            return None
        return target.seat
    return None if g.conceded[link.seat] else link.seat


def _tap_candidate(g: Game, link: Link) -> int | None:
    """护身符: the card on the responder's field that the answered link targets."""
    target = responded(g, link)
    if target is None:
        return None
    st = g.st
    for i, (kind, value) in enumerate(target.targets):
        if (
            kind == "c"
            and st.loc[value][:2] == (FIELD, link.seat)
            and target.target_owners[i] == link.seat
        ):
            return value
    return None


#: A clause needs no decision.
NO_CHOICE = None

#: A clause's choice: the cards picked, or None (no decision, or an optional one declined).
Choice = list[int] | None


# ───────────────────────────── the registry ─────────────────────────────


class PickRule(NamedTuple):
    """How a clause takes its candidates, asked one at a time: at least ``least`` of them (a
    section whose clause gets fewer is not carried out, unless the clause is optional and the
    decider chose none), at most ``most`` (between the two the decider may stop: "up to"), and
    whether the order they are picked in is the order the op uses them (``ordered``: the
    decider is told, so that "put them back in any order" can be asked)."""

    least: int = 1
    most: int = 1
    ordered: bool = False


ONE = PickRule()

#: The last entry of a clause's picks once the decider stopped short of the most it takes.
STOPPED = -1


class ClauseOp:
    """One clause op of the card data: the parameters it takes (what the card loader accepts,
    :class:`~qm_rules.cards.Param`), the events it emits and how it is carried out, in the
    three steps of a section (module docstring). Subclasses override what they need."""

    #: The op's name in the card data; its words are the catalogue's ``clause.<name>``.
    name: ClassVar[str]
    #: The keys a clause of this op takes besides ``op``; any other key is refused.
    params: ClassVar[tuple[Param, ...]] = ()
    #: The event kinds it emits (each has its data definition and its words in the log).
    emits: ClassVar[frozenset[str]] = frozenset()
    #: Does it take another player's card (what the trigger "opp_takes_yours" answers, R17)?
    takes: ClassVar[bool] = False
    #: Where a card picked for it goes, from the decider's side (what a bot weighs a pick by):
    #: into their hand, out of it, onto their field; None for anywhere else.
    picked_goes: ClassVar[Literal["to_hand", "from_hand", "to_field"] | None] = None

    def choices(self, g: Game, link: Link, cl: Clause) -> list[int] | None:
        """Step 1: the candidates of its decision ([]: it cannot be carried out), or NO_CHOICE."""
        return NO_CHOICE

    def picks(self, g: Game, link: Link, cl: Clause) -> PickRule:
        """How many of the candidates it takes, and whether their order matters (the game as
        it is when the pick is asked: an op may take as many as there are)."""
        return ONE

    def shown(self, g: Game, link: Link, cl: Clause, candidates: list[int]) -> None:
        """Before its first pick is asked: show the decider candidates it may see (R5)."""

    def feasible(self, g: Game, link: Link, cl: Clause, choice: Choice) -> bool:
        """Step 2: can it still be carried out, with ``choice`` made?"""
        return True

    def apply(self, g: Game, link: Link, cl: Clause, choice: Choice) -> None:
        """Step 3: carry it out."""
        raise NotImplementedError(self.name)

    def takes_from(self, link: Link, cl: Clause, seat: int) -> bool:
        """Does this clause of ``link`` take a card of ``seat``'s? (only ops that ``takes``)"""
        return False


#: Every clause op, by name.
CLAUSE_OPS: dict[str, ClauseOp] = {}


def register(cls: type[ClauseOp]) -> None:
    """Add one instance of the op ``cls`` to :data:`CLAUSE_OPS`. Every subclass of
    :class:`ClauseOp` defined in this module is registered at its end (not by a class
    decorator: mypyc, which can compile the engine (``tools/compile.py``), compiles no class
    that has one)."""
    assert cls.name not in CLAUSE_OPS, f"clause op {cls.name} defined twice"
    CLAUSE_OPS[cls.name] = cls()


def _n() -> Param:
    """How many cards (or times): a whole number, 1 unless the card says."""
    return Param("n", "count", 1)


def _target(kind: str) -> Param:
    """Which of the card's targets (chosen at activation, R15) it acts on, one of ``kind``."""
    return Param("target", "target", 0, target_kind=kind)


# ───────────────────────────── the ops ─────────────────────────────


class Draw(ClauseOp):
    name = "draw"
    params = (_n(),)
    emits = frozenset({"draw", "reshuffle"})

    def apply(self, g: Game, link: Link, cl: Clause, choice: Choice) -> None:
        g.draw(link.seat, cl.n)


class Search(ClauseOp):
    """One card of the deck (matching ``filter``) to the hand."""

    name = "search"
    params = (Param("filter", "filter", None),)
    emits = frozenset({"search", "reshuffle"})
    picked_goes = "to_hand"

    def choices(self, g: Game, link: Link, cl: Clause) -> list[int] | None:
        g.refill_deck_if_empty()
        st = g.st
        defs, flt, prohibitions = st.defs, cl.filter, bool(g.prohibitions)
        seen: dict[str, int] = {}
        # the whole deck: only what it costs a card counts
        for c in st.deck if flt is None else flt.select(defs, st.deck):
            d = defs[c]
            if prohibitions and g.prohibited(link.seat, d, "search"):
                continue
            first = seen.get(d.id)
            if first is None or c < first:
                seen[d.id] = c
        # One choice a card name, lowest instance first: the deck's order stays unseen.
        return sorted(seen.values())

    def feasible(self, g: Game, link: Link, cl: Clause, choice: Choice) -> bool:
        return bool(choice) and all(g.st.loc[c][0] == 0 for c in choice or ())

    def apply(self, g: Game, link: Link, cl: Clause, choice: Choice) -> None:
        st = g.st
        seat = link.seat
        for c in choice or ():
            st.move(c, HAND, seat)
            g.emit("search", seat, {"card": None})
            g.emit("search", seat, {"card": c, "def": st.defs[c].id}, to=(seat,))
        if not st.deck:  # searched empty: refilled at once (R4)
            g.refill_deck_if_empty()


class Discard(ClauseOp):
    """``n`` cards of the activator's hand, chosen; with ``at_least``, up to ``n`` of them and
    no fewer than ``at_least`` (0: none at all is enough)."""

    name = "discard"
    params = (_n(), Param("at_least", "count", None, least=0))
    emits = frozenset({"discard"})
    picked_goes = "from_hand"

    def choices(self, g: Game, link: Link, cl: Clause) -> list[int] | None:
        return list(g.st.hands[link.seat])

    def picks(self, g: Game, link: Link, cl: Clause) -> PickRule:
        return PickRule(cl.n if cl.at_least is None else cl.at_least, cl.n)

    def feasible(self, g: Game, link: Link, cl: Clause, choice: Choice) -> bool:
        loc = g.st.loc
        got = choice or ()
        enough = len(got) >= self.picks(g, link, cl).least
        return enough and all(loc[c][:2] == (HAND, link.seat) for c in got)

    def apply(self, g: Game, link: Link, cl: Clause, choice: Choice) -> None:
        st = g.st
        for c in choice or ():
            st.move(c, DISCARD)
            g.emit("discard", link.seat, {"card": c, "def": st.defs[c].id})


class DiscardRandom(ClauseOp):
    """``n`` cards at random from a hand: the activator's (``who = "self"``) or the answered
    link's player's (``"responded"``)."""

    name = "discard_random"
    params = (_n(), Param("who", "word", "self", frozenset({"self", "responded"})))
    emits = frozenset({"discard"})

    def feasible(self, g: Game, link: Link, cl: Clause, choice: Choice) -> bool:
        victim = _random_victim(g, link, cl)
        return victim is not None and bool(g.st.hands[victim])

    def apply(self, g: Game, link: Link, cl: Clause, choice: Choice) -> None:
        st = g.st
        victim = _random_victim(g, link, cl)
        assert victim is not None
        for _ in range(cl.n):
            hand = st.hands[victim]
            if not hand:
                break
            c = hand[g.rng.below(len(hand))]
            st.move(c, DISCARD)
            g.emit("discard", victim, {"card": c, "def": st.defs[c].id, "random": True})


class TakeField(ClauseOp):
    """The targeted offering onto the activator's field (to the hand when it is full)."""

    name = "take_field"
    params = (_target("opp_offering"),)
    emits = frozenset({"take"})
    takes = True

    def feasible(self, g: Game, link: Link, cl: Clause, choice: Choice) -> bool:
        c = _target_card(g, link, cl.target)
        return c is not None and g.st.defs[c].type is CARD_OFFERING and affected(g, link, c)

    def apply(self, g: Game, link: Link, cl: Clause, choice: Choice) -> None:
        st = g.st
        seat = link.seat
        c = _target_card(g, link, cl.target)
        assert c is not None
        victim = st.loc[c][1]
        slot = st.free_slot(seat)
        if slot >= 0:
            st.move(c, FIELD, seat, slot)
            g.emit("take", seat, {"from": victim, "card": c, "def": st.defs[c].id, "to": "field"})
        else:
            st.move(c, HAND, seat)
            g.emit("take", seat, {"from": victim, "card": c, "def": st.defs[c].id, "to": "hand"})

    def takes_from(self, link: Link, cl: Clause, seat: int) -> bool:
        if cl.target >= len(link.targets):
            return False
        kind, _ = link.targets[cl.target]
        return kind == "c" and link.target_owners[cl.target] == seat


class TakeHand(ClauseOp):
    """A card of the targeted player's hand, chosen after looking at it (R5)."""

    name = "take_hand"
    params = (_target("opponent"),)
    emits = frozenset({"take", "look"})
    takes = True
    picked_goes = "to_hand"

    def choices(self, g: Game, link: Link, cl: Clause) -> list[int] | None:
        victim = _target_seat(g, link, cl.target)
        if victim is None or _guarded(g, victim, "guard_hand"):
            return []
        return sorted(g.st.hands[victim])  # R5: the hand, not the order it was gathered in

    def shown(self, g: Game, link: Link, cl: Clause, candidates: list[int]) -> None:
        # R5: the hand is shown to the activator only
        g.emit(
            "look",
            link.seat,
            {
                "seat": link.targets[cl.target][1],
                "cards": list(candidates),
                "defs": [g.st.defs[c].id for c in candidates],
            },
            to=(link.seat,),
        )

    def feasible(self, g: Game, link: Link, cl: Clause, choice: Choice) -> bool:
        victim = _target_seat(g, link, cl.target)
        loc = g.st.loc
        return (
            victim is not None
            and bool(choice)
            and all(loc[c][:2] == (HAND, victim) for c in choice or ())
        )

    def apply(self, g: Game, link: Link, cl: Clause, choice: Choice) -> None:
        st = g.st
        seat = link.seat
        victim = _target_seat(g, link, cl.target)
        assert victim is not None
        for c in choice or ():
            st.move(c, HAND, seat)
            g.emit("take", seat, {"from": victim, "card": None, "to": "hand"})
            g.emit(
                "take",
                seat,
                {"from": victim, "card": c, "def": st.defs[c].id, "to": "hand"},
                to=(seat, victim),
            )

    def takes_from(self, link: Link, cl: Clause, seat: int) -> bool:
        return cl.target < len(link.targets) and link.targets[cl.target] == ("p", seat)


class PutOffering(ClauseOp):
    """An offering from the activator's hand onto a free slot of their field."""

    name = "put_offering"
    params = (Param("optional", "flag", False),)
    emits = frozenset({"put"})
    picked_goes = "to_field"

    def choices(self, g: Game, link: Link, cl: Clause) -> list[int] | None:
        st = g.st
        seat = link.seat
        if st.free_slot(seat) < 0:
            return []
        return [
            c
            for c in st.hands[seat]
            if st.defs[c].type is CARD_OFFERING and not g.prohibited(seat, st.defs[c], "use")
        ]

    def feasible(self, g: Game, link: Link, cl: Clause, choice: Choice) -> bool:
        loc = g.st.loc
        return choice is None or all(loc[c][:2] == (HAND, link.seat) for c in choice)

    def apply(self, g: Game, link: Link, cl: Clause, choice: Choice) -> None:
        st = g.st
        seat = link.seat
        for c in choice or ():
            slot = st.free_slot(seat)
            if slot >= 0:
                st.move(c, FIELD, seat, slot)
                g.emit("put", seat, {"card": c, "def": st.defs[c].id, "slot": slot})


class DiscardFacedown(ClauseOp):
    """Every face-down card on the targeted player's field."""

    name = "discard_facedown"
    params = (_target("opponent"),)
    emits = frozenset({"discard"})

    def feasible(self, g: Game, link: Link, cl: Clause, choice: Choice) -> bool:
        victim = _target_seat(g, link, cl.target)
        return victim is not None and not _guarded(g, victim, "guard_facedown")

    def apply(self, g: Game, link: Link, cl: Clause, choice: Choice) -> None:
        st = g.st
        victim = _target_seat(g, link, cl.target)
        assert victim is not None
        for c in list(st.fields[victim]):
            if c >= 0 and st.face_down[c] and affected(g, link, c):
                d = st.defs[c]
                st.move(c, DISCARD)
                g.emit("discard", victim, {"card": c, "def": d.id, "face_down": True})


class RemoveStacked(ClauseOp):
    """An offering stacked under the targeted ancestor, chosen; its ritual breaks when none
    is left (R14)."""

    name = "remove_stacked"
    params = (_target("opp_ancestor"),)
    emits = frozenset({"unstack"})

    def choices(self, g: Game, link: Link, cl: Clause) -> list[int] | None:
        anc = _target_card(g, link, cl.target)
        if anc is None or not affected(g, link, anc):
            return []
        return list(g.st.stacks[g.st.loc[anc][1]])

    def feasible(self, g: Game, link: Link, cl: Clause, choice: Choice) -> bool:
        anc = _target_card(g, link, cl.target)
        loc = g.st.loc
        return anc is not None and bool(choice) and all(loc[c][0] == STACK for c in choice or ())

    def apply(self, g: Game, link: Link, cl: Clause, choice: Choice) -> None:
        st = g.st
        anc = _target_card(g, link, cl.target)
        assert anc is not None
        owner = st.loc[anc][1]
        for c in choice or ():
            st.move(c, DISCARD)
            g.emit("unstack", owner, {"card": c, "def": st.defs[c].id})
        if not st.stacks[owner]:
            g.breaking.add(owner)


class Negate(ClauseOp):
    """The link it answers; its card goes to the discard pile or (``to = "hand"``) back to its
    player's hand."""

    name = "negate"
    params = (Param("to", "word", "discard", frozenset({"discard", "hand"})),)
    emits = frozenset({"negate"})

    def feasible(self, g: Game, link: Link, cl: Clause, choice: Choice) -> bool:
        target = responded(g, link)
        if target is None or not affected(g, link, target.card):
            return False
        if cl.to == "hand" and "no_return" in g.st.defs[target.card].standing:
            return False  # 外公: the section cannot be carried out, so none of it is (R19)
        return True

    def apply(self, g: Game, link: Link, cl: Clause, choice: Choice) -> None:
        st = g.st
        target = responded(g, link)
        assert target is not None
        target.negated = True
        target.negate_to = cl.to
        if target.kind in _SPELL_LINKS and st.loc[target.card][0] == FIELD:
            st.set_negated(target.card)  # it stays in its slot until the end phase, dead
        g.emit("negate", link.seat, {"link": link.responds_to})


class TapTargeted(ClauseOp):
    """The responder's card that the answered link targets (护身符)."""

    name = "tap_targeted"
    emits = frozenset({"tap"})

    def feasible(self, g: Game, link: Link, cl: Clause, choice: Choice) -> bool:
        return _tap_candidate(g, link) is not None

    def apply(self, g: Game, link: Link, cl: Clause, choice: Choice) -> None:
        c = _tap_candidate(g, link)
        assert c is not None
        g.st.set_tapped(c)
        g.emit("tap", link.seat, {"card": c, "def": g.st.defs[c].id})


class Prohibit(ClauseOp):
    """Nobody may do ``actions`` with cards of ``tag`` until the end of the turn it was made in
    (there is no other duration, R21)."""

    name = "prohibit"
    params = (
        Param("tag", "word"),
        Param("actions", "words", ("search", "use"), frozenset({"search", "use"})),
    )
    emits = frozenset({"prohibit"})

    def apply(self, g: Game, link: Link, cl: Clause, choice: Choice) -> None:
        g.add_prohibition(cl.tag or "", cl.actions, g.st.defs[link.card].id)


# ───────────────────────────── triggers (R17) ─────────────────────────────


#: The triggers that answer one kind of link, and that kind (a card whose trigger is here
#: cannot answer a link of another kind: :func:`qm_rules.plays.response_options` asks no more).
KIND_TRIGGERS = {
    "opp_action": LINK_ACTION,
    "opp_place": LINK_PLACE,
    "opp_worship": LINK_WORSHIP,
    "trap": LINK_TRAP,
    "counter": LINK_COUNTER,
    "manifestation": LINK_MANIFEST,
}


def trigger_matches(g: Game, trigger: str, seat: int, newest: Link) -> bool:
    """Does ``trigger`` of a card of ``seat`` match the newest link of the chain?"""
    if newest.seat == seat:
        return False
    kind = KIND_TRIGGERS.get(trigger)
    if kind is not None:
        return newest.kind is kind
    if trigger == "any" or trigger == "opp_any":
        return True
    if trigger == "opp_takes_yours":
        return _takes_from(g, newest, seat)
    if trigger == "opp_targets_yours":
        return _targets_card_of(g, newest, seat)
    return False


def _takes_from(g: Game, link: Link, seat: int) -> bool:
    d: CardDef = g.defs[link.card]
    if not d.takes or link.kind not in (LINK_ACTION, LINK_TRAP, LINK_COUNTER):
        return False
    mode = d.modes[link.mode or 0]
    for sec in mode.effect:
        for cl in sec.clauses:
            if CLAUSE_OPS[cl.op].takes_from(link, cl, seat):
                return True
    return False


def _targets_card_of(g: Game, link: Link, seat: int) -> bool:
    for i, (kind, _value) in enumerate(link.targets):
        if kind == "c" and link.target_owners[i] == seat:
            return True
    return False


for _op in ClauseOp.__subclasses__():  # in the order they are defined
    register(_op)
