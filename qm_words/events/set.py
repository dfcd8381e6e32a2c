"""``set``: a card is set face down (named only to those who may see it)."""

from __future__ import annotations

from ._line import Line, describes

STRINGS: dict[str, dict[str, str | dict[str, str]]] = {
    "log.set": {"zh": "{who} 盖放了 {card}", "en": "{who} sets {card} face-down"},
    "log.set.hidden": {"zh": "{who} 盖放了一张牌", "en": "{who} sets a card face-down"},
}


@describes("set")
def set_(line: Line) -> str:
    return line.say("log.set" if line.card else "log.set.hidden")
