"""``stack``: offerings are stacked under an ancestor."""

from __future__ import annotations

from ._line import Line, describes

STRINGS: dict[str, dict[str, str | dict[str, str]]] = {
    "log.stack": {
        "zh": "{who} 把 {cards} 叠放到祖宗牌下",
        "en": "{who} stacks {cards} under the ancestor",
    },
}


@describes("stack")
def stack(line: Line) -> str:
    return line.say("log.stack", cards=line.cards_listed(line.get("defs")))
