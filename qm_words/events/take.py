"""``take``: a card is taken from another seat's hand or field."""

from __future__ import annotations

from ._line import Line, describes

STRINGS: dict[str, dict[str, str | dict[str, str]]] = {
    "log.take.field": {
        "zh": "{who} 把 {other} 场上的 {card} 拿到自己场上",
        "en": "{who} takes {card} from {other}'s field onto {who}'s field",
    },
    "log.take.hand": {
        "zh": "{who} 从 {other} 处拿走 {card}",
        "en": "{who} takes {card} from {other}",
    },
}


@describes("take")
def take(line: Line) -> str:
    card = line.card or line.tr("card.unknown")
    where = "field" if line.get("to") == "field" else "hand"
    other = line.seat(line.get("from"))
    return line.tr(f"log.take.{where}", who=line.who, card=card, other=other)
