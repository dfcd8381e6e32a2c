"""Clause ops: how each primitive of the card data is carried out (R19).

A section resolves in three steps, so that its clauses happen together or not at all:

1. ``choices``: each clause that needs a decision (which card to search, to discard, to take…)
   offers its candidates; an empty list means the clause cannot be carried out.
2. ``feasible``: with every choice made, each clause checks it can still be carried out
   (target still there, not tapped, not forbidden).
3. ``apply``: all clauses happen, in order.

Nothing changes state before step 3, except the empty-deck reshuffle a search needs (R4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

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

#: A clause needs no decision.
NO_CHOICE = None


# ───────────────────────────── the registry ─────────────────────────────


class ClauseOp:
    """One clause op of the card data: the parameters it takes (what the card loader accepts,
    :class:`~qm_rules.cards.Param`) and how it is carried out. Each op is a subclass registered
    by name with :func:`register`; its words are the catalogue's ``clause.<name>``."""

    #: The op's name in the card data.
    name: ClassVar[str]
    #: The keys a clause of this op takes besides ``op``; any other key is refused.
    params: ClassVar[tuple[Param, ...]] = ()


#: Every clause op, by name.
CLAUSE_OPS: dict[str, ClauseOp] = {}


def register(cls: type[ClauseOp]) -> type[ClauseOp]:
    """Class decorator: add one instance of the op ``cls`` to :data:`CLAUSE_OPS`."""
    assert cls.name not in CLAUSE_OPS, f"clause op {cls.name} defined twice"
    CLAUSE_OPS[cls.name] = cls()
    return cls


def _n() -> Param:
    """How many cards (or times): a whole number, 1 unless the card says."""
    return Param("n", "count", 1)


@register
class Draw(ClauseOp):
    name = "draw"
    params = (_n(),)


@register
class Search(ClauseOp):
    name = "search"
    params = (Param("filter", "filter", None),)


@register
class Discard(ClauseOp):
    name = "discard"
    params = (_n(),)


@register
class DiscardRandom(ClauseOp):
    """Whose hand: the activator's (``self``) or the answered link's player's (``responded``)."""

    name = "discard_random"
    params = (_n(), Param("who", "word", "self", frozenset({"self", "responded"})))


@register
class TakeField(ClauseOp):
    name = "take_field"
    params = (Param("target", "target", 0, target_kind="opp_offering"),)


@register
class TakeHand(ClauseOp):
    name = "take_hand"
    params = (Param("target", "target", 0, target_kind="opponent"),)


@register
class PutOffering(ClauseOp):
    name = "put_offering"
    params = (Param("optional", "flag", False),)


@register
class DiscardFacedown(ClauseOp):
    name = "discard_facedown"
    params = (Param("target", "target", 0, target_kind="opponent"),)


@register
class RemoveStacked(ClauseOp):
    name = "remove_stacked"
    params = (Param("target", "target", 0, target_kind="opp_ancestor"),)


@register
class Negate(ClauseOp):
    """Where the negated link's card goes: the discard pile, or back to its player's hand."""

    name = "negate"
    params = (Param("to", "word", "discard", frozenset({"discard", "hand"})),)


@register
class TapTargeted(ClauseOp):
    name = "tap_targeted"


@register
class Prohibit(ClauseOp):
    """Until the end of the turn it was made in (there is no other duration, R21): nobody may
    do ``actions`` with cards of ``tag``."""

    name = "prohibit"
    params = (
        Param("tag", "word"),
        Param("actions", "words", ("search", "use"), frozenset({"search", "use"})),
    )


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


# ───────────────────────────── step 1: choices ─────────────────────────────


def choices(g: Game, link: Link, cl: Clause) -> list[int] | None:
    """Candidates for a clause that needs a decision, or NO_CHOICE."""
    op = cl.op
    st = g.st
    seat = link.seat
    if op == "search":
        g.refill_deck_if_empty()
        seen: dict[str, int] = {}
        for c in st.deck:
            d = st.defs[c]
            if cl.filter is not None and not cl.filter.accepts(d):
                continue
            if g.prohibited(seat, d, "search"):
                continue
            if d.id not in seen or c < seen[d.id]:
                seen[d.id] = c
        # One choice a card name, lowest instance first: the deck's order stays unseen.
        return sorted(seen.values())
    if op == "discard":
        return list(st.hands[seat])
    if op == "take_hand":
        victim = _target_seat(g, link, cl.target)
        if victim is None or _guarded(g, victim, "guard_hand"):
            return []
        return sorted(st.hands[victim])  # R5: the hand, not the order it was gathered in
    if op == "put_offering":
        if st.free_slot(seat) < 0:
            return []
        return [
            c
            for c in st.hands[seat]
            if st.defs[c].type is CARD_OFFERING and not g.prohibited(seat, st.defs[c], "use")
        ]
    if op == "remove_stacked":
        anc = _target_card(g, link, cl.target)
        if anc is None or not affected(g, link, anc):
            return []
        return list(st.stacks[st.loc[anc][1]])
    return NO_CHOICE


# ───────────────────────────── step 2: feasible ─────────────────────────────


def feasible(g: Game, link: Link, cl: Clause, choice: list[int] | None) -> bool:
    op = cl.op
    st = g.st
    if op in ("draw", "prohibit"):
        return True
    if op == "search":
        return bool(choice) and all(st.loc[c][0] == 0 for c in choice or ())
    if op == "discard":
        return bool(choice) and all(st.loc[c][:2] == (HAND, link.seat) for c in choice or ())
    if op == "put_offering":
        return choice is None or all(st.loc[c][:2] == (HAND, link.seat) for c in choice)
    if op == "take_hand":
        victim = _target_seat(g, link, cl.target)
        return (
            victim is not None
            and bool(choice)
            and all(st.loc[c][:2] == (HAND, victim) for c in choice or ())
        )
    if op == "remove_stacked":
        anc = _target_card(g, link, cl.target)
        return anc is not None and bool(choice) and all(st.loc[c][0] == STACK for c in choice or ())
    if op == "take_field":
        c = _target_card(g, link, cl.target)
        return c is not None and st.defs[c].type is CARD_OFFERING and affected(g, link, c)
    if op == "discard_facedown":
        victim = _target_seat(g, link, cl.target)
        return victim is not None and not _guarded(g, victim, "guard_facedown")
    if op == "discard_random":
        victim = _random_victim(g, link, cl)
        return victim is not None and bool(st.hands[victim])
    if op == "negate":
        target = responded(g, link)
        if target is None or not affected(g, link, target.card):
            return False
        if cl.to == "hand" and "no_return" in st.defs[target.card].standing:
            return False  # 外公: the section cannot be carried out, so none of it is (R19)
        return True
    if op == "tap_targeted":
        return _tap_candidate(g, link) is not None
    raise AssertionError(f"unknown clause op {op}")


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


# ───────────────────────────── step 3: apply ─────────────────────────────


def apply(g: Game, link: Link, cl: Clause, choice: list[int] | None) -> None:
    op = cl.op
    st = g.st
    seat = link.seat
    if op == "draw":
        g.draw(seat, cl.n)
    elif op == "search":
        for c in choice or ():
            st.move(c, HAND, seat)
            g.emit("search", seat, {"card": None})
            g.emit("search", seat, {"card": c, "def": st.defs[c].id}, to=(seat,))
        if not st.deck:  # searched empty: refilled at once (R4)
            g.refill_deck_if_empty()
    elif op == "discard":
        for c in choice or ():
            st.move(c, DISCARD)
            g.emit("discard", seat, {"card": c, "def": st.defs[c].id})
    elif op == "discard_random":
        victim = _random_victim(g, link, cl)
        assert victim is not None
        for _ in range(cl.n):
            hand = st.hands[victim]
            if not hand:
                break
            c = hand[g.rng.below(len(hand))]
            st.move(c, DISCARD)
            g.emit("discard", victim, {"card": c, "def": st.defs[c].id, "random": True})
    elif op == "take_field":
        taken = _target_card(g, link, cl.target)
        assert taken is not None
        c = taken
        victim = st.loc[c][1]
        slot = st.free_slot(seat)
        if slot >= 0:
            st.move(c, FIELD, seat, slot)
            g.emit("take", seat, {"from": victim, "card": c, "def": st.defs[c].id, "to": "field"})
        else:
            st.move(c, HAND, seat)
            g.emit("take", seat, {"from": victim, "card": c, "def": st.defs[c].id, "to": "hand"})
    elif op == "take_hand":
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
    elif op == "put_offering":
        for c in choice or ():
            slot = st.free_slot(seat)
            if slot >= 0:
                st.move(c, FIELD, seat, slot)
                g.emit("put", seat, {"card": c, "def": st.defs[c].id, "slot": slot})
    elif op == "discard_facedown":
        victim = _target_seat(g, link, cl.target)
        assert victim is not None
        for c in list(st.fields[victim]):
            if c >= 0 and st.face_down[c] and affected(g, link, c):
                d = st.defs[c]
                st.move(c, DISCARD)
                g.emit("discard", victim, {"card": c, "def": d.id, "face_down": True})
    elif op == "remove_stacked":
        anc = _target_card(g, link, cl.target)
        assert anc is not None
        owner = st.loc[anc][1]
        for c in choice or ():
            st.move(c, DISCARD)
            g.emit("unstack", owner, {"card": c, "def": st.defs[c].id})
        if not st.stacks[owner]:
            g.breaking.add(owner)
    elif op == "negate":
        target = responded(g, link)
        assert target is not None
        target.negated = True
        target.negate_to = cl.to
        if target.kind in _SPELL_LINKS and st.loc[target.card][0] == FIELD:
            st.set_negated(target.card)  # it stays in its slot until the end phase, dead
        g.emit("negate", seat, {"link": link.responds_to})
    elif op == "tap_targeted":
        tapped = _tap_candidate(g, link)
        assert tapped is not None
        c = tapped
        st.set_tapped(c)
        g.emit("tap", seat, {"card": c, "def": st.defs[c].id})
    elif op == "prohibit":
        g.add_prohibition(cl.tag or "", cl.actions, st.defs[link.card].id)
    else:  # pragma: no cover - the loader refuses unknown ops
        raise AssertionError(op)


# ───────────────────────────── triggers (R17) ─────────────────────────────


def trigger_matches(g: Game, trigger: str, seat: int, newest: Link) -> bool:
    """Does ``trigger`` of a card of ``seat`` match the newest link of the chain?"""
    if newest.seat == seat:
        return False
    kind = newest.kind
    if trigger == "any" or trigger == "opp_any":
        return True
    if trigger == "opp_action":
        return kind is LINK_ACTION
    if trigger == "opp_place":
        return kind is LINK_PLACE
    if trigger == "opp_worship":
        return kind is LINK_WORSHIP
    if trigger == "trap":
        return kind is LINK_TRAP
    if trigger == "counter":
        return kind is LINK_COUNTER
    if trigger == "manifestation":
        return kind is LINK_MANIFEST
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
            if (
                cl.op == "take_hand"
                and cl.target < len(link.targets)
                and link.targets[cl.target] == ("p", seat)
            ):
                return True
            if cl.op == "take_field" and cl.target < len(link.targets):
                kind, value = link.targets[cl.target]
                if kind == "c" and link.target_owners[cl.target] == seat:
                    return True
    return False


def _targets_card_of(g: Game, link: Link, seat: int) -> bool:
    for i, (kind, _value) in enumerate(link.targets):
        if kind == "c" and link.target_owners[i] == seat:
            return True
    return False
