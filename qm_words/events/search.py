"""``search``: a card is searched out of the deck."""

from __future__ import annotations

from ._line import Line, describes

STRINGS: dict[str, dict[str, str | dict[str, str]]] = {
    "log.search": {"zh": "{who} 检索了 {card}", "en": "{who} searches out {card}"},
    "log.search.hidden": {
        "zh": "{who} 从牌山检索了一张牌",
        "en": "{who} searches the deck for a card",
    },
}


@describes("search")
def search(line: Line) -> str:
    return line.say("log.search" if line.card else "log.search.hidden")
