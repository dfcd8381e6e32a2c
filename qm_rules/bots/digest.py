"""The heuristic bot's digest of a view: each seat's table position (:class:`Seat`) and the
deciding seat's whole situation (:class:`Situation`: its hand and field, the others, the
leader, what its conditions still lack), worked out once a decision.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..cards import CardType
from ..model import View
from .roles import ANCESTOR, OFFERING, Book

#: Offerings on the field before worship: four are needed (R12); 始祖 stacks a fifth right after.
WORSHIP_OFFERINGS = 4


class Seat:
    """What the bot knows of one seat's table position."""

    __slots__ = (
        "book",
        "seat",
        "hand_count",
        "offerings",
        "face_down",
        "ancestor",
        "stacked",
        "free",
        "live",
    )

    def __init__(self, book: Book, seat: int, hand_count: int, stacked: int, live: bool) -> None:
        self.book = book
        self.seat = seat
        self.hand_count = hand_count
        self.offerings: list[tuple[int, str, bool]] = []  # (cid, def, tapped), face-up
        self.face_down = 0
        self.ancestor: tuple[int, str, bool] | None = None  # (cid, def, tapped)
        self.stacked = stacked
        self.free = 0
        self.live = live

    @property
    def standing(self) -> frozenset[str]:
        return self.book.defs[self.ancestor[1]].standing if self.ancestor else frozenset()

    def threat(self) -> float:
        """How close this seat is to winning (R20): ancestor on field, stacked, offerings."""
        if not self.live:
            return -1.0
        score = 0.2 * self.hand_count
        if self.ancestor is not None:
            score += 20 + 3 * self.stacked
            anc = self.ancestor[1]
            book = self.book
            if book.stack_condition(anc) and self.stacked >= book.stacked_needed(anc) - 1:
                score += 10  # one stacking away
        else:
            n = len(self.offerings)
            score += 3 * n + (6 if n >= WORSHIP_OFFERINGS else 0)
        return score


class Situation:
    """The facts a decision needs, read once from the view."""

    def __init__(self, view: View, book: Book) -> None:
        assert view.viewer is not None, "a bot plays a seat"
        self.view = view
        self.book = book
        self.me = view.viewer
        self.names: dict[int, str] = {}
        names = self.names
        types = book.type
        seats: list[Seat] = []
        for sv in view.seats:
            info = Seat(book, sv.seat, sv.hand_count, len(sv.stacked), not sv.conceded)
            for slot in sv.slots:
                card = slot.card
                if slot.face_down:
                    info.face_down += 1
                    if card is not None:
                        names[card.cid] = card.card
                    continue
                if card is None:
                    info.free += 1
                    continue
                names[card.cid] = card.card
                t = types[card.card]
                if t is OFFERING:
                    info.offerings.append((card.cid, card.card, card.tapped))
                elif t is ANCESTOR:
                    info.ancestor = (card.cid, card.card, card.tapped)
            for c in sv.stacked:
                names[c.cid] = c.card
            seats.append(info)
        self.seats = seats
        mine = view.seats[self.me]
        self.hand: list[tuple[int, str]] = [(c.cid, c.card) for c in mine.hand or ()]
        for cid, name in self.hand:
            names[cid] = name
        self.my_face_down: list[tuple[int, str]] = [
            (s.card.cid, s.card.card) for s in mine.slots if s.face_down and s.card is not None
        ]
        for link in view.chain:
            self.names[link.card.cid] = link.card.card
        prompt = view.prompt
        if prompt is not None:
            _context_names(prompt.context, self.names)
        self.my = seats[self.me]
        self.opponents = [s for s in seats if s.seat != self.me and s.live]
        self.plan = self._plan()
        self.burning_search_prohibited = any(
            p.tag == "burning" and "search" in p.actions for p in view.prohibitions
        )

    # ── the hand ──

    def count(self, *, ctype: CardType | None = None, burning: bool = False) -> int:
        """Cards in hand of this type (and/or Burning)."""
        n = 0
        for _, card in self.hand:
            if ctype is not None and self.book.type[card] is not ctype:
                continue
            if burning and not self.book.defs[card].burning:
                continue
            n += 1
        return n

    @property
    def pre_worship(self) -> bool:
        return self.my.ancestor is None

    def target_offerings(self, without_ancestor: int = WORSHIP_OFFERINGS) -> int:
        """Offerings we want on the field before worship."""
        if self.plan is None:
            return without_ancestor
        if (
            self.book.plan_kind(self.plan) == "stack"
        ):  # four, then its ability stacks one more the same turn
            return max(WORSHIP_OFFERINGS, self.book.stacked_needed(self.plan) - 1)
        return WORSHIP_OFFERINGS

    # ── the plan: which ancestor we play for ──

    def _plan(self) -> str | None:
        if self.my.ancestor is not None:
            return self.my.ancestor[1]
        best: tuple[int, int, str] | None = None
        for i, (_, card) in enumerate(self.hand):
            if self.book.type[card] is ANCESTOR:
                key = (self.missing(card), i, card)
                if best is None or key < best:
                    best = key
        return best[2] if best else None

    def missing(self, ancestor: str, extra_draw: int = 0, spent: Iterable[int] = ()) -> int:
        """How far the hand/field is from ``ancestor``'s worship condition, counted as if the
        ancestor (and the ``spent`` cards) were already out of the hand (0 = met)."""
        gone = set(spent)
        hand = [c for cid, c in self.hand if cid not in gone]
        if ancestor in hand:
            hand.remove(ancestor)
        if (
            self.book.condition(ancestor).op == "stacked"
        ):  # 始祖: its stack, or the field it will stack
            have = self.my.stacked if self.my.ancestor else len(self.my.offerings)
            return max(0, self.book.stacked_needed(ancestor) - have)
        return self.book.hand_missing(ancestor, hand, extra_draw)

    # ── the others ──

    def leader(self) -> Seat | None:
        """The opponent closest to winning."""
        best = None
        for s in self.opponents:
            if best is None or s.threat() > best.threat():
                best = s
        return best

    def owner_of(self, cid: int) -> int | None:
        for sv in self.view.seats:
            for slot in sv.slots:
                if slot.card is not None and slot.card.cid == cid:
                    return sv.seat
        return None

    # ── card values ──

    def value(self, card: str) -> float:
        """How much a card in hand is worth keeping for our plan (higher = keep)."""
        d = self.book.defs[card]
        plan = self.plan
        if d.type is ANCESTOR:
            return 100.0 if self.pre_worship else 2.0
        if d.type is OFFERING:
            v = 24.0 if self.pre_worship else 8.0
            if self.book.plan_kind(plan) in ("offerings", "stack"):
                v += 20
        else:
            v = d.bot.keep if d.bot.keep is not None else 10.0
            if self.book.role(card) == "break_ritual" and any(s.ancestor for s in self.opponents):
                v += 12
        kind = self.book.plan_kind(plan)
        if kind == "burning" and d.burning:
            v += 40
        if (
            kind == "types"
            and d.type in self.book.types_needed(plan)
            and self.count(ctype=d.type) <= 1
        ):
            v += 50
        return v

    def cheapest(self, cids: Iterable[int]) -> int | None:
        """The card (of these, in hand) we miss least."""
        best: tuple[float, int] | None = None
        for c in cids:
            name = self.names.get(c)
            v = self.value(name) if name is not None else 50.0
            if best is None or (v, c) < best:
                best = (v, c)
        return best[1] if best else None


def _context_names(ctx: dict[str, Any], names: dict[int, str]) -> None:
    """Cards a prompt's context names for its decider (a search's or 借东风's candidates)."""
    cards = ctx.get("cards")
    if isinstance(cards, dict):
        for k, v in cards.items():
            try:
                names[int(k)] = str(v)
            except (TypeError, ValueError):
                continue
    elif isinstance(cards, list):
        for c in cards:
            if isinstance(c, dict) and "cid" in c and "card" in c:
                names[int(c["cid"])] = str(c["card"])
