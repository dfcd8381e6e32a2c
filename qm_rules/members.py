"""The engine's enum members as plain module constants.

The engine's hot loops compare kinds, phases and types at every step, and reading a member
off an Enum class (``Phase.ACTION``) costs about ten times a module global. The rules modules
import these instead; everything else uses the enums.
"""

from .cards import CardType
from .model import LinkKind, Phase, PromptKind

CARD_OFFERING = CardType.OFFERING
CARD_ACTION = CardType.ACTION
CARD_TRAP = CardType.TRAP
CARD_COUNTER = CardType.COUNTER
CARD_ANCESTOR = CardType.ANCESTOR

PHASE_DRAW = Phase.DRAW
PHASE_PLACE = Phase.PLACE
PHASE_ACTION = Phase.ACTION
PHASE_WORSHIP = Phase.WORSHIP
PHASE_END = Phase.END
PHASE_OVER = Phase.OVER

PROMPT_PLACE = PromptKind.PLACE
PROMPT_ACTION = PromptKind.ACTION
PROMPT_WORSHIP = PromptKind.WORSHIP
PROMPT_MODE = PromptKind.MODE
PROMPT_TARGET = PromptKind.TARGET
PROMPT_COST = PromptKind.COST
PROMPT_RESPOND = PromptKind.RESPOND
PROMPT_EFFECT = PromptKind.EFFECT
PROMPT_HAND_LIMIT = PromptKind.HAND_LIMIT

LINK_PLACE = LinkKind.PLACE
LINK_ACTION = LinkKind.ACTION
LINK_TRAP = LinkKind.TRAP
LINK_COUNTER = LinkKind.COUNTER
LINK_WORSHIP = LinkKind.WORSHIP
LINK_MANIFEST = LinkKind.MANIFEST
LINK_ABILITY = LinkKind.ABILITY
