"""``negate``: a counter negates the link it responds to."""

from __future__ import annotations

from ._line import Line, describes

STRINGS: dict[str, dict[str, str | dict[str, str]]] = {
    "log.negate": {"zh": "{who} 使连锁 {n} 无效", "en": "{who} negates link {n}"},
    "log.negate.card": {
        "zh": "{who} 使连锁 {n}：{card}（{owner}）无效",
        "en": "{who} negates link {n}: {card} ({owner})",
    },
}


@describes("negate")
def negate(line: Line) -> str:
    return line.named_link("log.negate", "log.negate.card")
