"""``look``: a seat looks at another's hand."""

from __future__ import annotations

from ._line import Line, describes

STRINGS: dict[str, dict[str, str | dict[str, str]]] = {
    "log.look": {
        "zh": "{who} 看了 {other} 的手牌：{cards}",
        "en": "{who} looks at {other}'s hand: {cards}",
    },
}


@describes("look")
def look(line: Line) -> str:
    return line.say(
        "log.look", other=line.seat(line.get("seat")), cards=line.cards_listed(line.get("defs"))
    )
