"""``unstack``: a stacked offering leaves its ancestor (as a cost, or otherwise)."""

from __future__ import annotations

from ._line import Line, describes

STRINGS: dict[str, dict[str, str | dict[str, str]]] = {
    "log.unstack.cost": {
        "zh": "{who} 移除叠放的 {card} 作为代价",
        "en": "{who} removes the stacked {card} as a cost",
    },
    "log.unstack": {
        "zh": "{who} 的祖宗牌下的 {card} 进入弃牌区",
        "en": "{card} stacked under {who}'s ancestor goes to the discard pile",
    },
}


@describes("unstack")
def unstack(line: Line) -> str:
    return line.say("log.unstack.cost" if line.get("cost") else "log.unstack")
