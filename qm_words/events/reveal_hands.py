"""``reveal_hands``: the game is over: every hand is shown."""

from __future__ import annotations

from ._line import Line, describes

STRINGS: dict[str, dict[str, str | dict[str, str]]] = {
    "log.reveal_hands": {"zh": "所有手牌公开", "en": "Every hand is revealed"},
}


@describes("reveal_hands")
def reveal_hands(line: Line) -> str:
    return line.say("log.reveal_hands")
