"""``worship``: a seat worships its ancestor."""

from __future__ import annotations

from ._line import Line, describes

STRINGS: dict[str, dict[str, str | dict[str, str]]] = {
    "log.worship": {
        "zh": "{who} 祭祀 {card}，叠放了 {n} 张供品",
        "en": {
            "one": "{who} worships {card}, stacking {n} offering",
            "other": "{who} worships {card}, stacking {n} offerings",
        },
    },
}


@describes("worship")
def worship(line: Line) -> str:
    return line.say("log.worship", n=len(line.get("stacked") or ()))
