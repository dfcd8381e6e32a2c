"""``draw``: a seat draws: the cards, to those who may see them; else how many."""

from __future__ import annotations

from ._line import Line, describes

STRINGS: dict[str, dict[str, str | dict[str, str]]] = {
    "log.draw.cards": {"zh": "{who} 抽到 {cards}", "en": "{who} draws {cards}"},
    "log.draw.count": {
        "zh": "{who} 抽了 {n} 张牌",
        "en": {"one": "{who} draws {n} card", "other": "{who} draws {n} cards"},
    },
}


@describes("draw")
def draw(line: Line) -> str:
    shown = line.get("defs")
    if isinstance(shown, list) and shown:
        return line.say("log.draw.cards", cards=line.cards_listed(shown))
    return line.say("log.draw.count", n=line.get("count") or 0)
