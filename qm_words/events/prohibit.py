"""``prohibit``: for the rest of the turn nobody may search for or use cards of a tag."""

from __future__ import annotations

from ._line import Line, describes

STRINGS: dict[str, dict[str, str | dict[str, str]]] = {
    "log.prohibit": {
        "zh": "本回合所有玩家不能 {actions}{tag} 牌（{card}）",
        "en": "This turn nobody may {actions} {tag} cards ({card})",
    },
    "log.prohibit.search": {"zh": "检索", "en": "search"},
    "log.prohibit.use": {"zh": "使用", "en": "use"},
    "log.prohibit.or": {"zh": "或", "en": " or "},
}


@describes("prohibit")
def prohibit(line: Line) -> str:
    tag = line.get("tag")
    actions = line.tr("log.prohibit.or").join(
        line.tr(f"log.prohibit.{a}") for a in line.get("actions") or ("search", "use")
    )
    return line.tr(
        "log.prohibit",
        actions=actions,
        tag=line.tr(f"tag.{tag}") if tag else "",
        card=line.card_named(line.get("source")),
    )
