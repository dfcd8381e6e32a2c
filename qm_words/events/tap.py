"""``tap``: a card on the field becomes tapped."""

from __future__ import annotations

from ._line import Line, describes

STRINGS: dict[str, dict[str, str | dict[str, str]]] = {
    "log.tap": {"zh": "{who} 的 {card} 横置了", "en": "{who}'s {card} becomes tapped"},
}


@describes("tap")
def tap(line: Line) -> str:
    return line.say("log.tap")
