"""A game's journal: seed, options, players and the list of choices — enough to replay it.

The journal names the rules it was played under (a hash of what the rules read of the card
data, :func:`qm_rules.cards.rules_digest`, and of the engine's version); replaying it under
other rules is refused (:meth:`qm_rules.game.Game.replay`). Rewording a card is not a change of
the rules: its names and texts are not in the hash.

A game played with a card set other than the shipped one keeps that set's file in its journal
(``cards``, the TOML text): the journal replays wherever it goes, whatever became of the file,
and a copy edited since no longer matches the journal's rules hash.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from .cards import CardDataError, CardSet, parse_cards, shipped_cards, shipped_source
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
    #: The card data file the game was played with (TOML text); None: the shipped set.
    cards: str | None = None

    def card_set(self) -> CardSet:
        """The card set the game was played with: the copy the journal keeps, else the shipped
        set. JournalError if the kept copy cannot be read."""
        if self.cards is None:
            return shipped_cards()
        try:
            return _kept_set(self.cards)
        except (CardDataError, ValueError) as exc:
            raise JournalError(f"the card set kept with this game cannot be read: {exc}") from exc

    def to_plain(self) -> dict[str, Any]:
        plain = {
            "rules": self.rules,
            "engine": self.engine,
            "seed": self.seed,
            "players": list(self.players),
            "options": to_plain(self.options),
            "choices": [[s, o] for s, o in self.choices],
            "result": to_plain(self.result),
        }
        if self.cards is not None:
            plain["cards"] = self.cards
        return plain

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
                cards=str(d["cards"]) if d.get("cards") is not None else None,
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise JournalError(f"not a Qingming journal: {exc}") from exc


def kept_cards(cards: CardSet) -> str | None:
    """What a journal keeps of ``cards``: its file's text, or None for the shipped set."""
    if cards is shipped_cards() or not cards.source or cards.source == shipped_source():
        return None
    return cards.source.decode("utf-8")


@cache
def _kept_set(text: str) -> CardSet:
    return parse_cards(text.encode("utf-8"))
