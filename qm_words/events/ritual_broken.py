"""``ritual_broken``: a worship's ritual breaks: its ancestor goes to the discard pile."""

from __future__ import annotations

from ._line import Line, describes

STRINGS: dict[str, dict[str, str | dict[str, str]]] = {
    "log.ritual_broken": {
        "zh": "{who} 的祭祀中断，{card} 进入弃牌区",
        "en": "{who}'s ritual breaks; {card} goes to the discard pile",
    },
}


@describes("ritual_broken")
def ritual_broken(line: Line) -> str:
    return line.say("log.ritual_broken")
