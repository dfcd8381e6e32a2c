"""``concede``: a player concedes."""

from __future__ import annotations

from ._line import Line, describes

STRINGS: dict[str, dict[str, str | dict[str, str]]] = {
    "log.concede": {"zh": "{who} 认输", "en": "{who} concedes"},
}


@describes("concede")
def concede(line: Line) -> str:
    return line.say("log.concede")
