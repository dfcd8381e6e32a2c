"""``resolved``: a link resolves, or was negated; named by its number, card and owner (the card
from the event, or, from a host that left it out, from the link's ``activate``, which
:class:`~qm_words.logorder.LogOrder` puts in)."""

from __future__ import annotations

from ._line import Line, describes

STRINGS: dict[str, dict[str, str | dict[str, str]]] = {
    "log.resolved": {
        "zh": "连锁 {n}：{card}（{who}）结算",
        "en": "Link {n}: {card} ({who}) resolves",
    },
    "log.resolved.negated": {
        "zh": "连锁 {n}：{card}（{who}）被无效",
        "en": "Link {n}: {card} ({who}) was negated",
    },
}


@describes("resolved")
def resolved(line: Line) -> str:
    key = "log.resolved.negated" if line.get("negated") else "log.resolved"
    card = line.card_named(line.get("def"))
    return line.tr(key, who=line.who, card=card, n=(line.get("link") or 0) + 1)
