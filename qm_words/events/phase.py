"""``phase``: the turn moves to a phase."""

from __future__ import annotations

from ..names import phase_name
from ._line import Line, describes

STRINGS: dict[str, dict[str, str | dict[str, str]]] = {
    "log.phase": {"zh": "{who}：{phase}", "en": "{who}: {phase}"},
}


@describes("phase")
def phase(line: Line) -> str:
    return line.say("log.phase", phase=phase_name(line.get("phase") or "", line.lang))
