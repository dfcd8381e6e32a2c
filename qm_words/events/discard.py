"""``discard``: a card goes to the discard pile, and why."""

from __future__ import annotations

from ._line import Line, describes

STRINGS: dict[str, dict[str, str | dict[str, str]]] = {
    "log.discard": {"zh": "{who} 弃掉了 {card}", "en": "{who} discards {card}"},
    "log.discard.cost": {
        "zh": "{who} 弃掉 {card} 作为代价",
        "en": "{who} discards {card} as a cost",
    },
    "log.discard.random": {
        "zh": "{who} 随机弃掉了 {card}",
        "en": "{who} discards {card} at random",
    },
    "log.discard.face_down": {
        "zh": "{who} 的盖放牌 {card} 进入弃牌区",
        "en": "{who}'s face-down {card} goes to the discard pile",
    },
    "log.discard.end_phase": {
        "zh": "{who} 的 {card} 离场",
        "en": "{who}'s {card} leaves the field",
    },
    "log.discard.hand_limit": {
        "zh": "{who} 因手牌上限弃掉 {card}",
        "en": "{who} discards {card} for the hand limit",
    },
}


#: Why a card was discarded, in the order an event's data is read for it.
_WHY = ("cost", "random", "face_down", "end_phase", "hand_limit")


@describes("discard")
def discard(line: Line) -> str:
    why = next((w for w in _WHY if line.get(w)), None)
    return line.say(f"log.discard.{why}" if why else "log.discard")
