"""``section``: a section of a link's effect resolved (no line), could not be carried out, or its
condition was not met."""

from __future__ import annotations

from ._line import Line, describes

STRINGS: dict[str, dict[str, str | dict[str, str]]] = {
    "log.section_failed": {
        "zh": "连锁 {n} 的一段效果无法执行，这一段不发生",
        "en": "Part of link {n}'s effect cannot be carried out and does not happen",
    },
    "log.section_failed.card": {
        "zh": "连锁 {n}：{card}（{owner}）的一段效果无法执行，这一段不发生",
        "en": "Link {n}: {card} ({owner}): part of its effect cannot be carried out and does "
        "not happen",
    },
    "log.section_unmet": {
        "zh": "连锁 {n}：条件未满足，这一段效果不发生",
        "en": "Link {n}: the condition was not met, so that part of the effect does not happen",
    },
    "log.section_unmet.card": {
        "zh": "连锁 {n}：{card}（{owner}）的条件未满足，这一段效果不发生",
        "en": "Link {n}: {card} ({owner}): the condition was not met, so that part of the "
        "effect does not happen",
    },
}


@describes("section")
def section(line: Line) -> str:
    if line.get("ok"):
        return ""
    if line.get("why") == "condition":
        return line.named_link("log.section_unmet", "log.section_unmet.card")
    return line.named_link("log.section_failed", "log.section_failed.card")
