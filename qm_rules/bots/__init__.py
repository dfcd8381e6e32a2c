"""Bots: they see only ``game.view(seat)`` and answer with an option id.

A bot may also read the log, as a player at the table does: a bot with an ``observe(events)``
method is handed, before each of its decisions, the events its seat was shown since the last
ones it was handed (:func:`tell`: every place that runs a bot calls it, and it selects what
the seat may see, R5). Bots without the method are never handed any.

``make_bot(name, seed, cards)`` builds one. Strategies: ``random`` (uniform over the legal options),
``heuristic`` (plays to win), ``mcts`` (searches: ISMCTS over the heuristic, in
:mod:`qm_rules.bots.mcts`) and ``easy`` (the heuristic, careless one move in three).

Players choose a *level*, the name shown at the table: ``easy``, ``normal`` (the heuristic) and
``hard`` (the search bot); :data:`LEVELS` maps each to its strategy. Every place that seats a bot
takes a level or a strategy name (:data:`BOT_NAMES`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol

from ..cards import CardSet
from ..model import Event, View, seen_by
from .random_bot import RandomBot


class Bot(Protocol):
    name: str

    def choose(self, view: View) -> str:
        """The option id to take for ``view.prompt`` (which must be this bot's)."""
        ...

    def new_game(self) -> None:
        """Forget every game played so far: from here on play as a bot just made would."""
        ...


def tell(bot: Any, seat: int | None, events: Iterable[Event]) -> None:
    """Hand ``bot`` (in ``seat``) the events of ``events`` its seat may see, in order, if it
    reads the log (has ``observe``). Runners call it with every batch of events the game
    produces (its opening included), before the bot is next asked to choose. When they say a
    game begins, the bot starts afresh first (:func:`new_game`) and is handed only that game's."""
    seen = seen_by(events, seat)
    begins = max((i for i, e in enumerate(seen) if e.kind == "start"), default=None)
    if begins is not None:
        new_game(bot)
        seen = seen[begins:]
    observe = getattr(bot, "observe", None)
    if observe is not None and seen:
        observe(seen)


def new_game(bot: Any) -> None:
    """``bot`` forgets the games it played: it plays the next as a bot made for it would.
    :func:`tell` calls it at a game's ``start``; a runner calls it itself for a game whose
    start it was not told (a history that left it out)."""
    bot.new_game()


STRATEGIES = ("heuristic", "random", "mcts", "easy")
#: The levels players pick from, weakest first, and the strategy each plays.
LEVELS = {"easy": "easy", "normal": "heuristic", "hard": "mcts"}
#: Every name a bot may be asked for by: a level or a strategy.
BOT_NAMES = (*LEVELS, *(s for s in STRATEGIES if s not in LEVELS))
#: The levels a bot seat may show: the levels, and a strategy that has none (random).
BOT_LEVELS = (*LEVELS, *(s for s in STRATEGIES if s not in LEVELS.values()))
#: The search budget of the ``hard`` level: playouts a searched decision, by table size (a size
#: not listed takes the entry of the largest listed size below it). Heads-up decisions are
#: cheaper, so they get more; the figures and decision times are in docs/BOTS.md
#: (benchmarks/mcts.py measures them).
HARD_ITERATIONS: dict[int, int] | int = {2: 600, 3: 400, 4: 300}


def strategy_of(name: str) -> str:
    """The strategy a level or strategy name plays; ValueError for an unknown name."""
    strategy = LEVELS.get(name, name)
    if strategy not in STRATEGIES:
        raise ValueError(f"unknown bot strategy {name!r}; choose from {', '.join(BOT_NAMES)}")
    return strategy


def level_of(name: str) -> str:
    """The level shown for a bot asked for by ``name`` (a strategy with no level: its own name)."""
    strategy = strategy_of(name)
    return next((level for level, s in LEVELS.items() if s == strategy), strategy)


def make_bot(strategy: str = "heuristic", seed: int | str = 0, cards: CardSet | None = None) -> Bot:
    """A bot for a level (easy, normal, hard) or a strategy (heuristic, random, mcts, easy),
    playing with the card set ``cards`` (the shipped set if None): the one its game is dealt
    from, whose cards it reads in its views."""
    strategy = strategy_of(strategy)
    if strategy == "random":
        return RandomBot(seed)
    if strategy == "heuristic":
        from .heuristic import HeuristicBot

        return HeuristicBot(seed, cards)
    if strategy == "easy":
        from .heuristic import EasyBot

        return EasyBot(seed, cards)
    from .mcts import MCTSBot

    return MCTSBot(seed, iterations=HARD_ITERATIONS, cards=cards)
