"""``resolved``: A link resolves, or was negated (the card named, unless an older host left it
out)."""

from __future__ import annotations

from ._line import Line, describes

STRINGS: dict[str, dict[str, str | dict[str, str]]] = {
    "log.resolved": {"zh": "连锁 {n}（{who}）结算", "en": "Link {n} ({who}) resolves"},
    "log.resolved.negated": {"zh": "连锁 {n}（{who}）被无效", "en": "Link {n} ({who}) was negated"},
    "log.resolved.card": {
        "zh": "连锁 {n}：{card}（{who}）结算",
        "en": "Link {n}: {card} ({who}) resolves",
    },
    "log.resolved.negated.card": {
        "zh": "连锁 {n}：{card}（{who}）被无效",
        "en": "Link {n}: {card} ({who}) was negated",
    },
}


@describes("resolved")
def resolved(line: Line) -> str:
    if line.get("negated"):
        key = "log.resolved.negated.card" if line.card else "log.resolved.negated"
    else:
        key = "log.resolved.card" if line.card else "log.resolved"
    return line.say(key, n=(line.get("link") or 0) + 1)
