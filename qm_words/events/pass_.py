"""``pass``: a seat passes on the chain."""

from __future__ import annotations

from ._line import Line, describes

STRINGS: dict[str, dict[str, str | dict[str, str]]] = {
    "log.pass": {"zh": "{who} 不跟牌", "en": "{who} passes"},
}


@describes("pass")
def pass_(line: Line) -> str:
    return line.say("log.pass")
