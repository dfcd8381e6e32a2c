"""``timeout``: a timer ran out and the seat's default was taken."""

from __future__ import annotations

from ._line import Line, describes

STRINGS: dict[str, dict[str, str | dict[str, str]]] = {
    "log.timeout": {"zh": "{who} 超时（{took}）", "en": "{who} timed out ({took})"},
    "log.timeout.pass": {"zh": "不跟牌", "en": "passed"},
    "log.timeout.end": {"zh": "结束了行动阶段", "en": "ended the action phase"},
    "log.timeout.skip": {"zh": "跳过了摆放", "en": "skipped placing"},
    "log.timeout.decline": {"zh": "不祭祀", "en": "declined worship"},
    "log.timeout.none": {"zh": "不选", "en": "chose none"},
    "log.timeout.default": {"zh": "取了默认选项", "en": "the default was taken"},
    "log.timeout.took": {"zh": "取了默认选项：{what}", "en": "the default was taken: {what}"},
}


#: Default options a timed-out player's line names (see ``Game.apply_default``); another
#: default reads "the default was taken".
_TIMED_OUT = frozenset({"pass", "end", "skip", "decline", "none"})


@describes("timeout")
def timeout(line: Line) -> str:
    option, what = str(line.get("option")), line.get("took")
    if option in _TIMED_OUT:
        took = line.tr(f"log.timeout.{option}")
    elif isinstance(what, str) and what:  # named by the TUI for its player; not on the wire
        took = line.tr("log.timeout.took", what=what)
    else:
        took = line.tr("log.timeout.default")
    return line.say("log.timeout", took=took)
