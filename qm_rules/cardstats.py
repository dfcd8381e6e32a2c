"""Card by card: how the games went for the players who held, drew and played each card.

The figures digital card games are judged by (17lands' "games in hand win rate",
"improvement when drawn"), counted over seat-games: one seat's part in one game, won or not
(a draw is not a win). For each card of the set:

- **opening hand** win rate: the seat-games where the card was in the opening hand;
- **drawn** win rate: where it came into the hand later (a draw, a search), not at the start;
- **in hand** (opening or drawn) and **not seen** (never in that seat's hand) win rates, and
  the **improvement when drawn**: in hand less not seen;
- **played** and **not played** win rates, among the seat-games where it was in hand
  (played: activated — an offering placed, an action, trap or counter played, an ancestor
  worshipped or manifested);
- **how often it is played** (of the seat-games it was in hand) and **the round** of its first
  play.

Each rate has its 95 % Wilson interval; the improvement, the interval of a difference of two
proportions. A :class:`Tracker` reads one game's events into a :data:`Seen` (plain tuples: a
pure result of the game, merged in game order by :class:`CardStats`): as ``qingming sim`` plays
it, or, for a game kept on disk (``qingming stats --cards``), as :func:`track_replay` replays
its journal — every seat's cards, or only what one seat saw (a player's game record).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any

from .model import Event

if TYPE_CHECKING:
    from .cards import CardSet
    from .journal import Journal

#: One game, by seat: each card that came into that seat's hand or was played by it, as
#: ``(card id, how it came: 1 opening hand, 2 later, 0 never (played from elsewhere),
#: the round of its first play, 0 if not played)``.
Seen = tuple[tuple[tuple[str, int, int], ...], ...]

OPENING, LATER = 1, 2
#: z for a two-sided 95 % interval.
Z95 = 1.959964


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for ``k`` successes in ``n`` trials."""
    if n <= 0:
        return 0.0, 1.0
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


class Tracker:
    """Reads one game's events as they come (the opening, then each decision's)."""

    __slots__ = ("hands", "round")

    def __init__(self, players: int) -> None:
        self.hands: list[dict[str, list[int]]] = [{} for _ in range(players)]
        self.round = 1

    def read(self, events: Iterable[Event], how: int, round_: int) -> None:
        for e in events:
            kind = e.kind
            if kind == "draw":
                if e.to is None:
                    continue  # the public count; the drawer's own event names the cards
                seen = self.hands[e.seat]  # type: ignore[index]  # a card's own event names its seat
                for d in e.data["defs"]:
                    if d not in seen:
                        seen[d] = [how, 0]
            elif kind == "search":
                if e.to is None:
                    continue
                seen = self.hands[e.seat]  # type: ignore[index]  # a card's own event names its seat
                d = e.data["def"]
                if d not in seen:
                    seen[d] = [LATER, 0]
            elif kind == "activate":
                seen = self.hands[e.seat]  # type: ignore[index]  # a card's own event names its seat
                d = e.data["def"]
                got = seen.get(d)
                if got is None:
                    seen[d] = [0, round_]
                elif not got[1]:
                    got[1] = round_

    def result(self) -> Seen:
        return tuple(
            tuple((d, how, played) for d, (how, played) in sorted(hand.items()))
            for hand in self.hands
        )


def track_replay(journal: Journal, seat: int | None = None, cards: CardSet | None = None) -> Seen:
    """The cards of the game ``journal`` keeps, replayed through the engine with the card set
    it keeps, read as :func:`qm_rules.sim.play_game` reads a game it plays: every seat's
    (``seat`` None: a host's journal), or only the events ``seat`` was shown (a player's record
    of a game: their own hand, and what the others did in the open). ``cards``: the set to
    replay it with (None: the one the journal keeps, else the game's own). Raises what
    :meth:`~qm_rules.game.Game.replay` and :meth:`~qm_rules.game.Game.choose` raise for a
    journal of other rules or a choice that is not an option."""
    from .game import Game

    game = Game.replay(dataclasses.replace(journal, choices=[], result=None), cards=cards)
    tracker = Tracker(game.n)

    def read(events: Iterable[Event], how: int, round_: int) -> None:
        if seat is not None:
            events = [e for e in events if e.visible_to(seat)]
        tracker.read(events, how, round_)

    read(game.opening, OPENING, 1)
    for s, option in journal.choices:
        read(game.choose(s, option), LATER, game.round)
    return tracker.result()


@dataclass(slots=True)
class Rate:
    """``won`` of ``n`` seat-games."""

    won: int = 0
    n: int = 0

    def add(self, won: bool) -> None:
        self.n += 1
        self.won += won

    @property
    def rate(self) -> float | None:
        return self.won / self.n if self.n else None

    def to_plain(self) -> dict[str, Any]:
        lo, hi = wilson(self.won, self.n)
        rate = self.rate
        return {
            "won": self.won,
            "of": self.n,
            "rate": None if rate is None else round(rate, 4),
            "interval": [round(lo, 4), round(hi, 4)] if self.n else None,
        }


def difference(a: Rate, b: Rate) -> tuple[float, float, float] | None:
    """``a``'s rate less ``b``'s and its 95 % interval (normal approximation)."""
    if not a.n or not b.n:
        return None
    pa, pb = a.won / a.n, b.won / b.n
    half = Z95 * math.sqrt(pa * (1 - pa) / a.n + pb * (1 - pb) / b.n)
    return pa - pb, pa - pb - half, pa - pb + half


@dataclass(slots=True)
class CardFigures:
    """One card's counts over a run of games."""

    opening: Rate = field(default_factory=Rate)
    drawn: Rate = field(default_factory=Rate)
    in_hand: Rate = field(default_factory=Rate)
    not_seen: Rate = field(default_factory=Rate)
    played: Rate = field(default_factory=Rate)
    not_played: Rate = field(default_factory=Rate)
    play_rounds: int = 0  # the rounds of its first plays, summed

    @property
    def play_rate(self) -> Rate:
        """Seat-games it was played in, of those it was in hand."""
        return Rate(self.played.n - self._played_unseen, self.in_hand.n)

    _played_unseen: int = 0  # played without coming into the hand (from the field, a stack)

    @property
    def improvement(self) -> tuple[float, float, float] | None:
        return difference(self.in_hand, self.not_seen)

    @property
    def mean_round(self) -> float | None:
        return self.play_rounds / self.played.n if self.played.n else None

    def merge(self, other: CardFigures) -> None:
        for name in RATES:
            mine, theirs = getattr(self, name), getattr(other, name)
            mine.won += theirs.won
            mine.n += theirs.n
        self.play_rounds += other.play_rounds
        self._played_unseen += other._played_unseen

    def to_plain(self) -> dict[str, Any]:
        iwd = self.improvement
        mean = self.mean_round
        return {
            "opening_hand": self.opening.to_plain(),
            "drawn": self.drawn.to_plain(),
            "in_hand": self.in_hand.to_plain(),
            "not_seen": self.not_seen.to_plain(),
            "played": self.played.to_plain(),
            "not_played": self.not_played.to_plain(),
            "improvement_when_drawn": None
            if iwd is None
            else {"value": round(iwd[0], 4), "interval": [round(iwd[1], 4), round(iwd[2], 4)]},
            "play_rate": self.play_rate.to_plain(),
            "mean_round_played": None if mean is None else round(mean, 3),
        }


#: The :class:`Rate` fields of :class:`CardFigures` (their annotations are strings here).
RATES = tuple(f.name for f in fields(CardFigures) if f.type == "Rate")


class CardStats:
    """Every card's figures over a run, added one game at a time in game order."""

    def __init__(self, card_ids: Sequence[str]) -> None:
        self.ids = list(card_ids)
        self.cards = {c: CardFigures() for c in self.ids}

    def add(self, seen: Seen, winner: int | None, seats: Collection[int] | None = None) -> None:
        """One game's cards (``seats``: only these seats' part counts; None: every seat's)."""
        for seat, hand in enumerate(seen):
            if seats is not None and seat not in seats:
                continue
            won = winner == seat
            had = {d: (how, played) for d, how, played in hand}
            for card, fig in self.cards.items():
                got = had.get(card)
                if got is None or not got[0]:
                    fig.not_seen.add(won)
                    if got is not None and got[1]:  # played, never in hand
                        fig.played.add(won)
                        fig.play_rounds += got[1]
                        fig._played_unseen += 1
                    continue
                how, played = got
                fig.in_hand.add(won)
                (fig.opening if how == OPENING else fig.drawn).add(won)
                if played:
                    fig.played.add(won)
                    fig.play_rounds += played
                else:
                    fig.not_played.add(won)

    def merge(self, other: CardStats) -> None:
        """Add ``other``'s counts (the same cards' figures over other games) to these."""
        for card, fig in self.cards.items():
            fig.merge(other.cards[card])

    def to_plain(self) -> dict[str, Any]:
        return {c: self.cards[c].to_plain() for c in self.ids}
