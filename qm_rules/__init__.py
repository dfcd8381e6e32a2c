"""qm_rules — the Qingming rules engine: pure, deterministic, fast.

>>> from qm_rules import Game
>>> game = Game.new(["Ann", "Bo"], seed=7)
>>> game.prompt.kind  # whose decision, what kind, which options

``BUILD`` says which build runs: ``"python"``, or ``"mypyc"`` (compiled by
``tools/compile.py``; see :mod:`qm_rules.build`).
"""

from .build import check as _check_build

#: The build that runs: "python", or "mypyc". Checked before anything else is imported, so a
#: stale compiled build stops here, before any compiled module loads.
BUILD = _check_build()

from .cards import CardDataError, CardDef, CardSet, CardType, shipped_cards  # noqa: E402
from .game import Game  # noqa: E402
from .journal import ENGINE_VERSION, Journal, rules_version  # noqa: E402
from .model import (  # noqa: E402
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
    "BUILD",
    "ENGINE_VERSION",
    "CardDataError",
    "CardDef",
    "CardSet",
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
    "shipped_cards",
    "to_plain",
]
