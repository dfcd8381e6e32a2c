"""``return``: a card returns to its owner's hand."""

from __future__ import annotations

from ._line import Line, describes

STRINGS: dict[str, dict[str, str | dict[str, str]]] = {
    "log.return": {"zh": "{card} 回到 {who} 的手牌", "en": "{card} returns to {who}'s hand"},
}


@describes("return")
def return_(line: Line) -> str:
    return line.say("log.return")
