"""qm_rules — the Qingming rules engine: pure, deterministic, fast.

>>> from qm_rules import Game
>>> game = Game.new(["Ann", "Bo"], seed=7)
>>> game.prompt.kind  # whose decision, what kind, which options
"""

from .cards import CARDS, CardDef, CardType
from .game import Game
from .journal import ENGINE_VERSION, Journal, rules_version
from .model import (
    CardView,
    Event,
    GameOptions,
    GameOver,
    JournalError,
    LinkKind,
    LinkView,
    NotYourTurn,
    Option,
    Phase,
    Prohibition,
    Prompt,
    PromptKind,
    Result,
    RulesError,
    SeatView,
    SlotView,
    StalePrompt,
    UnknownOption,
    View,
    to_plain,
)

__all__ = [
    "CARDS",
    "ENGINE_VERSION",
    "CardDef",
    "CardType",
    "CardView",
    "Event",
    "Game",
    "GameOptions",
    "GameOver",
    "Journal",
    "JournalError",
    "LinkKind",
    "LinkView",
    "NotYourTurn",
    "Option",
    "Phase",
    "Prohibition",
    "Prompt",
    "PromptKind",
    "Result",
    "RulesError",
    "SeatView",
    "SlotView",
    "StalePrompt",
    "UnknownOption",
    "View",
    "rules_version",
    "to_plain",
]
