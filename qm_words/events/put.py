"""``put``: a card is put onto the field."""

from __future__ import annotations

from ._line import Line, describes

STRINGS: dict[str, dict[str, str | dict[str, str]]] = {
    "log.put": {"zh": "{who} 把 {card} 放到场上", "en": "{who} puts {card} onto the field"},
}


@describes("put")
def put(line: Line) -> str:
    return line.say("log.put")
