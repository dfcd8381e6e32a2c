"""What each card is for, read from the card data: the bots know no card by its id.

An action's role from its effect (:func:`action_role`: take an offering, break a ritual, draw,
...), a trap's or counter's from its trigger and effect (:func:`answer_role`), a manifestation's
from its effect (:func:`manifestation_role`), the plan an ancestor asks for from its worship
condition, and how readily a card is kept or set from its ``bot`` hints; :class:`Book` holds
it all for one card set (:func:`book_of`). A card the bots have no role for fails a test.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..cards import CardDef, CardSet, CardType, Condition, Section, shipped_cards

#: The card types by their short names, as the bots' reasons read.
OFFERING, ACTION, TRAP, COUNTER, ANCESTOR = (
    CardType.OFFERING,
    CardType.ACTION,
    CardType.TRAP,
    CardType.COUNTER,
    CardType.ANCESTOR,
)


def _negates(d: CardDef) -> bool:
    """Does any of the card's effects (modes or manifestation) negate what it answers?"""
    effects = [m.effect for m in d.modes]
    if d.manifestation is not None:
        effects.append(d.manifestation.effect)
    return any(cl.op == "negate" for effect in effects for sec in effect for cl in sec.clauses)


def _effect_ops(effect: Iterable[Section]) -> frozenset[str]:
    return frozenset(cl.op for sec in effect for cl in sec.clauses)


def card_ops(d: CardDef) -> frozenset[str]:
    """The clause ops of a card's effects (every mode), read from the card data."""
    return frozenset(op for m in d.modes for op in _effect_ops(m.effect))


#: A negating trap or counter's role, by what it answers.
_NEGATE_ROLES = {
    "opp_worship": "stop_worship",
    "any": "negate_any",
    "opp_any": "negate_any",
    "opp_place": "stop_place",
    "opp_action": "stop_action",
    "opp_takes_yours": "keep_mine",
    "trap": "stop_trap",
    "manifestation": "stop_manifestation",
}


def answer_role(d: CardDef) -> str | None:
    """What a trap or counter is for, read from its trigger and effect: the bot's reasons to
    spend one (:meth:`HeuristicBot._response_score`) are kept by role, not by card. None: a
    card the bot has no reason for (a test fails on such a card)."""
    ops = card_ops(d)
    if "negate" in ops:
        return _NEGATE_ROLES.get(d.trigger or "")
    if d.trigger == "opp_targets_yours" and "tap_targeted" in ops:
        return "shield"
    if "prohibit" in ops:
        return "prohibit"
    return None


def manifestation_role(d: CardDef) -> str | None:
    """What an ancestor's manifestation is for (draw, negate, discard), read from its effect;
    None if the bot has no use for it (a test fails on such an ancestor)."""
    m = d.manifestation
    if m is None:
        return None
    ops = _effect_ops(m.effect)
    for op, role in (("draw", "draw"), ("negate", "negate"), ("discard_random", "discard")):
        if op in ops:
            return role
    return None


def prohibits(d: CardDef) -> tuple[str | None, frozenset[str]]:
    """A prohibition's tag and actions (None and nothing for a card without one)."""
    for m in d.modes:
        for sec in m.effect:
            for cl in sec.clauses:
                if cl.op == "prohibit":
                    return cl.tag, frozenset(cl.actions)
    return None, frozenset()


def searches_tag(d: CardDef, mode: int | None, tag: str) -> bool:
    """Does the card (in the mode chosen, if it has modes) search the deck for ``tag`` cards?"""
    modes = d.modes if mode is None or not 0 <= mode < len(d.modes) else (d.modes[mode],)
    return any(
        cl.op == "search" and cl.filter is not None and cl.filter.tag == tag
        for m in modes
        for sec in m.effect
        for cl in sec.clauses
    )


def action_role(d: CardDef) -> str | None:
    """What an action card is for, read from its effect and cost (the bot's reasons to play one
    are kept by role, not by card); None for an action the bot has no use for (a test fails)."""
    ops = card_ops(d)
    for op, role in (
        ("remove_stacked", "break_ritual"),
        ("take_field", "steal_offering"),
        ("take_hand", "take_hand"),
        ("discard_facedown", "clear_facedown"),
        ("put_offering", "fetch_offering"),
    ):
        if op in ops:
            return role
    if "search" in ops and any(c.op == "discard" for c in d.cost):
        return "trade"  # pay a card, search (or draw)
    if "draw" in ops:
        return "draw"
    return None


def returns_to_hand(d: CardDef) -> bool:
    """Does the card negate by sending the card back to its owner's hand (纸人替身)?"""
    return any(
        cl.op == "negate" and cl.to == "hand"
        for m in d.modes
        for sec in m.effect
        for cl in sec.clauses
    )


#: Worship conditions the bot knows how to play for (the hand ones, and a stack).
KNOWN_CONDITIONS = frozenset({"hand_count", "hand_types", "hand_size", "stacked"})


class Book:
    """What the bots read of one card set, worked out once a set (:func:`book_of`): each
    card's type and role, the cards that negate or stop a worship, and each ancestor's worship
    condition as the bot plays for it. Every lookup takes a card's id in that set."""

    def __init__(self, cards: CardSet) -> None:
        self.cards = cards
        self.defs: dict[str, CardDef] = cards.by_id
        self.type: dict[str, CardType] = {d.id: d.type for d in cards.cards}
        #: Cards whose effect negates the link they answer.
        self.negators = frozenset(d.id for d in cards.cards if _negates(d))
        #: Set cards worth a pre-worship field's last free slot: they stop an opponent's
        #: worship (a trap or counter that can answer a worship and negates it).
        self.worship_stoppers = frozenset(
            d.id
            for d in cards.cards
            if d.type in (TRAP, COUNTER)
            and d.trigger in ("opp_worship", "any", "opp_any")
            and _negates(d)
        )
        #: Worship stoppers that send the ancestor back to its owner's hand: such a card in
        #: the discard pile, not the ancestor, is what a broken worship leaves there.
        self.returns_ancestor = frozenset(
            c for c in self.worship_stoppers if returns_to_hand(self.defs[c])
        )
        #: Each action card's role.
        self.action_roles = {d.id: action_role(d) for d in cards.cards if d.type is ACTION}
        #: Ancestors whose condition counts Burning cards in hand (and nothing else).
        self.burning_plans = frozenset(
            d.id for d in cards.ancestors if self._counts_burning_only(d.condition)
        )

    def _counts_burning_only(self, cond: Condition | None) -> bool:
        if cond is None or cond.op != "hand_count":
            return False
        f = cond.filter
        return f is not None and all(d.burning for d in self.cards.cards if f.accepts(d))

    def condition(self, ancestor: str) -> Condition:
        cond = self.defs[ancestor].condition
        assert cond is not None, f"{ancestor} is not an ancestor"
        return cond

    def counts_tag(self, ancestor: str, tag: str) -> bool:
        """Does this ancestor's worship condition count cards tagged ``tag`` in hand?"""
        cond = self.defs[ancestor].condition
        return (
            cond is not None
            and cond.op == "hand_count"
            and cond.filter is not None
            and cond.filter.tag == tag
        )

    def stack_condition(self, ancestor: str) -> bool:
        """Is the ancestor's condition its stack (so the stack is not spent on manifestations)?"""
        cond = self.defs[ancestor].condition
        return cond is not None and cond.op == "stacked"

    def plan_kind(self, ancestor: str | None) -> str | None:
        """How the bot plays for an ancestor, read from its worship condition: ``stack``
        (offerings stacked under it), ``burning`` / ``offerings`` / ``traps`` (such cards in
        hand), ``types`` (one of each of some types in hand), ``size`` (a hand of some size);
        None without one."""
        if ancestor is None:
            return None
        cond = self.defs[ancestor].condition
        if cond is None:
            return None
        if cond.op == "hand_count":
            f = cond.filter
            if f is not None and f.tag == "burning":
                return "burning"
            if f is not None and f.type is OFFERING:
                return "offerings"
            if f is not None and f.type is TRAP:
                return "traps"
            return "count"
        return {"stacked": "stack", "hand_types": "types", "hand_size": "size"}.get(cond.op)

    def condition_n(self, ancestor: str | None) -> int:
        """The number in an ancestor's condition (cards in hand, hand size, stacked)."""
        cond = self.defs[ancestor].condition if ancestor is not None else None
        return cond.n if cond is not None else 0

    def types_needed(self, ancestor: str | None) -> tuple[CardType, ...]:
        """The card types a ``types`` condition wants in hand."""
        cond = self.defs[ancestor].condition if ancestor is not None else None
        return cond.types if cond is not None else ()

    def role(self, card: str) -> str | None:
        """An action card's role (:func:`action_role`); None for any other card."""
        return self.action_roles.get(card)

    def worship_draw_counts(self, ancestor: str) -> bool:
        """Does the card drawn at worship count for this ancestor's condition (a hand size)?"""
        cond = self.defs[ancestor].condition
        return cond is not None and cond.op == "hand_size"

    def hand_missing(self, ancestor: str, hand: list[str], extra_draw: int = 0) -> int:
        """Cards a hand condition (hand_count, hand_types, hand_size) still lacks; 0 = met.
        Read from the ancestor's condition in the card data; a field condition counts as met
        here."""
        cond = self.condition(ancestor)
        if cond.op == "hand_count":
            f, defs = cond.filter, self.defs
            return max(0, cond.n - sum(1 for c in hand if f is None or f.accepts(defs[c])))
        if cond.op == "hand_types":
            types = {self.type[c] for c in hand}
            return sum(1 for t in cond.types if t not in types)
        if cond.op == "hand_size":
            return max(0, cond.n - len(hand) - extra_draw)
        return 0

    def stacked_needed(self, ancestor: str) -> int:
        """Offerings a stack condition wants under the ancestor (0 for a hand condition)."""
        cond = self.condition(ancestor)
        return cond.n if cond.op == "stacked" else 0


def book_of(cards: CardSet | None = None) -> Book:
    """The bots' reading of ``cards`` (the shipped set if None), worked out once a set."""
    return (cards or shipped_cards()).derived(Book, Book)
