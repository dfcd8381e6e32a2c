"""Bots: they see only ``game.view(seat)`` and answer with an option id.

``make_bot(strategy, seed)`` builds one; strategies: ``random`` (uniform over the legal
options) and ``heuristic`` (plays to win).
"""

from __future__ import annotations

from typing import Protocol

from ..model import View
from .random_bot import RandomBot


class Bot(Protocol):
    name: str

    def choose(self, view: View) -> str:
        """The option id to take for ``view.prompt`` (which must be this bot's)."""
        ...


STRATEGIES = ("heuristic", "random")


def make_bot(strategy: str = "heuristic", seed: int | str = 0) -> Bot:
    if strategy == "random":
        return RandomBot(seed)
    if strategy == "heuristic":
        from .heuristic import HeuristicBot

        return HeuristicBot(seed)
    raise ValueError(f"unknown bot strategy {strategy!r}; choose from {', '.join(STRATEGIES)}")
