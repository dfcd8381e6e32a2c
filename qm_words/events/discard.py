"""``discard``: a card goes to the discard pile, and why.

At the end phase several cards may leave one field together, two copies of a card among them:
read one a line, the copies would read as one line told twice; they are one line
(:func:`leaving_together`)."""

from __future__ import annotations

from collections.abc import Sequence

from qm_rules.model import Event

from ..names import count
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
    "log.discard.end_phase.copies": {
        "zh": "{who} 的 {count} 张 {card} 离场",
        "en": "{who}'s {count} copies of {card} leave the field",
    },
    "log.discard.hand_limit": {
        "zh": "{who} 因手牌上限弃掉 {card}",
        "en": "{who} discards {card} for the hand limit",
    },
}


#: Why a card was discarded, in the order an event's data is read for it.
_WHY = ("cost", "random", "face_down", "end_phase", "hand_limit")


#: In an end phase's discard read with its copies (:func:`leaving_together`): how many.
COPIES = "copies"


@describes("discard")
def discard(line: Line) -> str:
    why = next((w for w in _WHY if line.get(w)), None)
    copies = line.get(COPIES)
    if why == "end_phase" and isinstance(copies, int) and copies > 1:
        return line.say("log.discard.end_phase.copies", count=count(copies, line.lang))
    return line.say(f"log.discard.{why}" if why else "log.discard")


def leaves_with(e: Event, before: Event) -> bool:
    """Whether ``e`` is a card leaving the same field as ``before`` in the same end phase."""
    return (
        e.kind == "discard"
        and before.kind == "discard"
        and bool(e.data.get("end_phase"))
        and bool(before.data.get("end_phase"))
        and e.seat == before.seat
        and e.to == before.to
    )


def leaving_together(events: Sequence[Event]) -> list[Event]:
    """``events`` with each run of cards leaving one field at the end phase read together:
    the copies of a card as one event (data :data:`COPIES`: how many), where the first was."""
    out: list[Event] = []
    run: dict[object, list[Event]] = {}  # the run's cards by definition, in order
    for e in events:
        if run and not leaves_with(e, next(iter(run.values()))[0]):
            out += _together(run)
            run = {}
        if e.kind == "discard" and e.data.get("end_phase"):
            run.setdefault(e.data.get("def"), []).append(e)
        else:
            out.append(e)
    return out + _together(run)


def _together(run: dict[object, list[Event]]) -> list[Event]:
    return [
        same[0]
        if len(same) == 1
        else Event(same[0].kind, same[0].seat, {**same[0].data, COPIES: len(same)}, same[0].to)
        for same in run.values()
    ]
