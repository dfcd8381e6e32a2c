"""``turn``: a turn begins."""

from __future__ import annotations

from ._line import Line, describes

STRINGS: dict[str, dict[str, str | dict[str, str]]] = {
    "log.turn": {"zh": "== 第 {n} 回合：{who} ==", "en": "== Turn {n}: {who} =="},
}


@describes("turn")
def turn(line: Line) -> str:
    return line.say("log.turn", n=line.get("turn"))
