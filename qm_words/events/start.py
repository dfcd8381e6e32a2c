"""``start``: the game begins: who goes first."""

from __future__ import annotations

from ._line import Line, describes

STRINGS: dict[str, dict[str, str | dict[str, str]]] = {
    "log.start": {"zh": "游戏开始，{first} 先手", "en": "The game begins; {first} goes first"},
}


@describes("start")
def start(line: Line) -> str:
    return line.say("log.start", first=line.seat(line.get("first")))
