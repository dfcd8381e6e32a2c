"""A game's journal: seed, options, players and the list of choices — enough to replay it.

The journal names the rules it was played under (a hash of what the rules read of the card
data, :func:`qm_rules.cards.rules_digest`, and of the engine's version); replaying it under
other rules is refused (:meth:`qm_rules.game.Game.replay`). Rewording a card is not a change of
the rules: its names and texts are not in the hash.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from .cards import CardSet, shipped_cards
from .model import GameOptions, JournalError, Result, to_plain

#: Bump when a change to the engine changes what a sequence of choices leads to.
ENGINE_VERSION = "4"


def rules_version(cards: CardSet | None = None) -> str:
    """The rules a game with ``cards`` (the shipped set if None) is played under: the card
    data's rules hash (display texts left out) and the engine version, hashed."""
    return _rules_version((cards or shipped_cards()).digest)


@cache
def _rules_version(digest: str) -> str:
    return hashlib.sha256(f"{digest}:{ENGINE_VERSION}".encode()).hexdigest()[:16]


@dataclass(slots=True)
class Journal:
    rules: str
    engine: str
    seed: int | str
    players: list[str]
    options: GameOptions
    choices: list[tuple[int, str]] = field(default_factory=list)
    result: Result | None = None

    def to_plain(self) -> dict[str, Any]:
        return {
            "rules": self.rules,
            "engine": self.engine,
            "seed": self.seed,
            "players": list(self.players),
            "options": to_plain(self.options),
            "choices": [[s, o] for s, o in self.choices],
            "result": to_plain(self.result),
        }

    @classmethod
    def from_plain(cls, d: dict[str, Any]) -> Journal:
        try:
            seed = d["seed"]
            if not isinstance(seed, int | str):
                raise TypeError("seed")
            choices = [(int(s), str(o)) for s, o in d.get("choices", ())]
            return cls(
                rules=str(d["rules"]),
                engine=str(d.get("engine", "?")),
                seed=seed,
                players=[str(p) for p in d["players"]],
                options=GameOptions.from_plain(d.get("options")),
                choices=choices,
                result=Result.from_plain(d["result"]) if d.get("result") else None,
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise JournalError(f"not a Qingming journal: {exc}") from exc
