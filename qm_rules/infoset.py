"""What one seat's view fixes of a game and what it leaves open: the games it could be in.

A search bot cannot be given the true game (R5): it plays over *determinizations*, complete
games consistent with what its seat can know. :class:`InfoSet` reads that from a view (and what
the seat remembers beyond it: :class:`Recall`): every card the view shows where it shows it,
the card pool of a game of this many players less what is seen, and the places it cannot see —
the others' hands (less the cards the seat knows are there), their face-down cards, the deck.
:meth:`InfoSet.sample` builds a game from a :class:`Deal` of the unseen cards into those
places, each of the game's own fields as the view shows it (:data:`qm_rules.fields.FIELDS`);
:meth:`InfoSet.allows` says whether a deal is one the view leaves possible. Who deals decides
how likely each deal is (the engine's own deals at random; :mod:`qm_rules.bots.mcts` deals what
fits how the others played).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .cards import SET_TYPES, CardSet, CardType
from .fields import FIELDS, Seen
from .game import Game, base_set_copies
from .journal import rules_version
from .model import GameOptions, LinkView, PromptKind, View, to_plain
from .rng import Rng
from .state import DECK, DISCARD, FIELD, HAND, LIMBO, SLOTS, STACK

#: The decisions a game can be dealt from: those that begin a decision, not the steps of a
#: declaration (its mode, targets, costs) nor the choices made while a link resolves, which
#: carry state the view does not show (deal from the view where the declaration began).
DEALT_FROM = frozenset(
    {
        PromptKind.PLACE,
        PromptKind.ACTION,
        PromptKind.WORSHIP,
        PromptKind.RESPOND,
        PromptKind.HAND_LIMIT,
    }
)

#: Cards known to be in the others' hands, by seat, as (card, name), given the view and the
#: cards whose place it shows.
HeldCards = Callable[[View, set[int]], Mapping[int, Sequence[tuple[int, str]]]]


@dataclass(frozen=True)
class Recall:
    """What the deciding seat knows beyond its view, which every determinization keeps: the
    turn each face-down card was set (its own by card, the others' by seat and slot; one not
    named: the turn before this one), whether it used its ancestor's stacking ability this
    turn, and the cards it saw go into the others' hands (and not since seen to leave)."""

    set_turn: Mapping[int, int] = field(default_factory=dict)
    others_set_turn: Mapping[tuple[int, int], int] = field(default_factory=dict)
    ability_used: bool = False
    held: HeldCards | None = None


@dataclass(frozen=True)
class Deal:
    """The unseen cards, by name, in the places the view does not show: each other seat's
    hand beyond the cards known there (by seat), the others' face-down cards (by seat and
    slot), and the deck (in the order its cards are given their instance ids)."""

    hands: Mapping[int, Sequence[str]]
    slots: Mapping[tuple[int, int], str]
    deck: Sequence[str]


class InfoSet:
    """The games one seat could be in, given its view (see the module)."""

    def __init__(
        self, view: View, cards: CardSet, options: GameOptions, recall: Recall | None = None
    ) -> None:
        assert view.viewer is not None and view.prompt is not None
        self.view, self.cards, self.options = view, cards, options
        self.recall = recall = recall or Recall()
        me = self.me = view.viewer
        n = self.n = len(view.seats)
        self.types: dict[str, CardType] = {d.id: d.type for d in cards.cards}
        total = self.total = sum(d.copies for d in cards.base_set) * base_set_copies(n) + n
        known: dict[int, str] = {}
        loc: dict[int, tuple[int, int, int]] = {}
        self.tapped: set[int] = set()
        self.negated: set[int] = set()
        self.face_down: list[int] = []
        self.hidden_slots: list[tuple[int, int]] = []  # (seat, slot) of face-down cards not ours
        self.fields = [[-1] * SLOTS for _ in range(n)]
        for sv in view.seats:
            s = sv.seat
            for slot in sv.slots:
                if slot.card is None:
                    if slot.face_down:
                        self.hidden_slots.append((s, slot.index))
                    continue
                c = slot.card.cid
                known[c] = slot.card.card
                loc[c] = (FIELD, s, slot.index)
                self.fields[s][slot.index] = c
                if slot.card.tapped:
                    self.tapped.add(c)
                if slot.negated:
                    self.negated.add(c)
                if slot.face_down:
                    self.face_down.append(c)
            for cv in sv.stacked:
                known[cv.cid] = cv.card
                loc[cv.cid] = (STACK, s, -1)
        for cv in view.seats[me].hand or ():
            known[cv.cid] = cv.card
            loc[cv.cid] = (HAND, me, -1)
        for cv in view.discard:
            known[cv.cid] = cv.card
            loc[cv.cid] = (DISCARD, -1, -1)
        self.limbo: list[int] = []
        for link in view.chain:
            for seen in (link.card, link.payload, *link.cost):
                if seen is not None:
                    known[seen.cid] = seen.card
            for moving in (link.card, link.payload):  # a worship's ancestor, a stacked offering
                if moving is not None and moving.cid not in loc:
                    loc[moving.cid] = (LIMBO, link.seat, -1)
                    self.limbo.append(moving.cid)
        self.known, self.loc = known, loc
        # Cards the seat saw go into the others' hands (and not since leave): placed there.
        held = recall.held(view, set(loc)) if recall.held is not None else {}
        for s, in_hand in held.items():
            for c, name in in_hand:
                known[c] = name
                loc[c] = (HAND, s, -1)
        self.held = {s: [c for c, _ in in_hand] for s, in_hand in held.items()}
        self.others_hands = {
            sv.seat: sv.hand_count - len(held.get(sv.seat, ()))
            for sv in view.seats
            if sv.seat != me
        }
        """Each other seat's count of cards in hand not known to the seat."""
        # The unseen cards: every instance id not seen, and the card pool less what is seen.
        placed = set(loc)
        self.unseen_ids = [c for c in range(total) if c not in placed]
        pool: dict[str, int] = {}
        for d in cards.base_set:
            pool[d.id] = d.copies * base_set_copies(n)
        seen_ancestors = set()
        for name in known.values():
            if self.types[name] is CardType.ANCESTOR:
                seen_ancestors.add(name)
            elif pool.get(name, 0) > 0:
                pool[name] -= 1
        self.pool_base = [name for name, k in sorted(pool.items()) for _ in range(k)]
        """The base set's cards not seen (an unseen card is one of these, or an ancestor)."""
        self.ancestors_left = sorted(d.id for d in cards.ancestors if d.id not in seen_ancestors)
        self.ancestors_unseen = n - len(seen_ancestors)
        hidden = sum(self.others_hands.values()) + len(self.hidden_slots) + view.deck_count
        self.consistent = (
            hidden == len(self.unseen_ids)
            and len(self.pool_base) + self.ancestors_unseen == len(self.unseen_ids)
            and self.ancestors_unseen >= 0
        )
        """Whether the view and the card pool agree (a card set other than the game's, or a
        view the seat misread, would not): no game can be built otherwise."""
        links = [_link_plain(link, loc) for link in view.chain]
        shown = Seen(view, links, self.types, recall.ability_used)
        self._fixed = {name: f.seen(shown) for name, f in FIELDS.items()}
        """Each of the game's own fields (saved form) as the view shows it."""

    def allows(
        self,
        hands: Mapping[int, Sequence[str]],
        slots: Mapping[tuple[int, int], str],
        deck: Sequence[str],
    ) -> bool:
        """Could these be the hidden cards: the others' whole hands (by seat, the cards known
        there included), their face-down cards (by seat and slot) and the deck? Each must be a
        card of the unseen pool, a face-down card one that can be set, and each hand hold the
        cards known in it and as many cards as the view shows."""
        if not self.consistent or set(slots) != set(self.hidden_slots):
            return False
        if set(hands) != set(self.others_hands):
            return False
        if any(self.types[name] not in SET_TYPES for name in slots.values()):
            return False
        dealt: Counter[str] = Counter(deck)
        dealt.update(slots.values())
        for seat, hand in hands.items():
            held = Counter(self.known[c] for c in self.held.get(seat, ()))
            if held - Counter(hand) or len(hand) != self.others_hands[seat] + held.total():
                return False
            dealt.update(Counter(hand) - held)
        base = Counter(self.pool_base)
        rest = dealt - base
        ancestors = set(self.ancestors_left)
        return (
            not base - dealt
            and all(name in ancestors and k == 1 for name, k in rest.items())
            and rest.total() == self.ancestors_unseen
        )

    def unseen_pool(self, rng: Rng) -> list[str]:
        """The unseen cards in a random order: the base set's cards not seen, and the unseen
        ancestors drawn from those not seen."""
        pool = list(self.pool_base)
        ancestors = list(self.ancestors_left)
        rng.shuffle(ancestors)
        pool.extend(ancestors[: self.ancestors_unseen])
        rng.shuffle(pool)
        return pool

    def deal_at_random(self, rng: Rng) -> Deal:
        """A deal of the unseen cards, every one as likely (face-down cards from the cards
        that can be set)."""
        pool = self.unseen_pool(rng)
        slots: dict[tuple[int, int], str] = {}
        for key in self.hidden_slots:
            settable = [i for i, name in enumerate(pool) if self.types[name] in SET_TYPES]
            slots[key] = pool.pop(settable[-1] if settable else -1)
        hands = {
            seat: [pool.pop() for _ in range(count)]
            for seat, count in sorted(self.others_hands.items())
        }
        return Deal(hands, slots, pool[::-1])

    def sample(self, rng: Rng, deal: Callable[[Rng], Deal | None] | None = None) -> Game | None:
        """A game the seat could be in: the cards ``deal`` makes (at random if None) in the
        places the view does not show, given instance ids at random; None when ``deal`` makes
        none. The view must be :attr:`consistent`."""
        view = self.view
        names: list[str | None] = [None] * self.total
        for c, name in self.known.items():
            names[c] = name
        ids = list(self.unseen_ids)
        rng.shuffle(ids)
        dealt = (deal or self.deal_at_random)(rng)
        if dealt is None:
            return None
        loc = dict(self.loc)
        fields = [f[:] for f in self.fields]
        face_down = list(self.face_down)
        recall = self.recall
        set_turn = [0] * self.total
        for c in face_down:
            set_turn[c] = recall.set_turn.get(c, view.turn - 1)
        for seat, slot in self.hidden_slots:
            c = ids.pop()
            names[c] = dealt.slots[seat, slot]
            loc[c] = (FIELD, seat, slot)
            fields[seat][slot] = c
            face_down.append(c)
            set_turn[c] = recall.others_set_turn.get((seat, slot), view.turn - 1)
        hands: list[list[int]] = [[] for _ in range(self.n)]
        for cv in view.seats[self.me].hand or ():
            hands[self.me].append(cv.cid)
        for seat in sorted(self.others_hands):
            hands[seat].extend(self.held.get(seat, ()))
            for name in dealt.hands[seat]:
                c = ids.pop()
                names[c] = name
                loc[c] = (HAND, seat, -1)
                hands[seat].append(c)
        deck = []
        for c, name in zip(ids, dealt.deck, strict=True):
            names[c] = name
            deck.append(c)
        rng.shuffle(deck)
        for c in deck:
            loc[c] = (DECK, -1, -1)
        data: dict[str, Any] = {
            "rules": rules_version(self.cards),
            "names": [sv.name for sv in view.seats],
            "seed": 0,
            "options": to_plain(self.options),
            "defs": names,
            "rng": rng.next64() or 1,
            "zones": {
                "loc": [list(loc[c]) for c in range(self.total)],
                "tapped": sorted(self.tapped),
                "face_down": sorted(face_down),
                "negated": sorted(self.negated),
                "set_turn": set_turn,
                "deck": deck,
                "discard": [cv.cid for cv in view.discard],
                "hands": hands,
                "fields": fields,
                "stacks": [[cv.cid for cv in sv.stacked] for sv in view.seats],
                "limbo": list(self.limbo),
            },
            **self._fixed,
        }
        return Game.from_state(data, cards=self.cards)


def hidden_cards(
    game: Game, seat: int
) -> tuple[dict[int, list[str]], dict[tuple[int, int], str], list[str]]:
    """What ``seat`` cannot see of ``game``, as :meth:`InfoSet.allows` takes it: the others'
    hands, their face-down cards and the deck, by name."""
    name = {c: d.id for c, d in enumerate(game.defs)}
    st = game.st
    hands = {s: [name[c] for c in st.hands[s]] for s in range(game.n) if s != seat}
    slots = {
        (s, i): name[c]
        for s in range(game.n)
        if s != seat
        for i, c in enumerate(st.fields[s])
        if c >= 0 and st.face_down[c]
    }
    return hands, slots, [name[c] for c in st.deck]


def _link_plain(link: LinkView, loc: Mapping[int, tuple[int, int, int]]) -> dict[str, Any]:
    """A link of the view's chain as the game saves it (see :meth:`Link.to_plain`)."""
    targets = []
    owners = []
    for t in link.targets:
        kind, value = t[0], int(t[1:])
        targets.append([kind, value])
        owners.append(loc[value][1] if kind == "c" and value in loc else -1)
    return {
        "seat": link.seat,
        "kind": link.kind.value,
        "card": link.card.cid,
        "mode": link.mode,
        "targets": targets,
        "target_owners": owners,
        "cost": [cv.cid for cv in link.cost],
        "responds_to": link.responds_to,
        "negated": link.negated,
        "negate_to": "discard",
        "payload": link.payload.cid if link.payload is not None else None,
    }
