"""``reshuffle``: the discard pile becomes the deck."""

from __future__ import annotations

from ._line import Line, describes

STRINGS: dict[str, dict[str, str | dict[str, str]]] = {
    "log.reshuffle": {
        "zh": "弃牌区洗切成为新的牌山",
        "en": "The discard pile is shuffled into a new deck",
    },
}


@describes("reshuffle")
def reshuffle(line: Line) -> str:
    return line.say("log.reshuffle")
