"""``activate``: a card is activated, worshipped, placed or played as a chain link: who, how,
which mode, which targets (a card on a field with whose slot it was in), what was paid."""

from __future__ import annotations

from typing import Any

from ..links import target_place
from ..names import card_name, listed, mode_label, seat_name
from ._line import Line, describes

STRINGS: dict[str, dict[str, str | dict[str, str]]] = {
    "log.activate": {"zh": "{who} {verb} {card}", "en": "{who} {verb} {card}"},
    "log.activate.stacking": {"zh": "（叠放 {card}）", "en": " (stacking {card})"},
}


@describes("activate")
def activate(line: Line) -> str:
    kind = str(line.get("kind") or "action")
    card_id = line.get("def")
    verb = line.tr(f"link.{kind}")
    text = line.tr("log.activate", who=line.who, verb=verb, card=line.card_named(card_id))
    payload = line.get("payload")
    if payload:
        text += line.tr("log.activate.stacking", card=line.card_named(payload))
    label = mode_label(card_id, line.get("mode"), line.lang)
    if label:
        text += f" [{label}]"
    targets = line.get("targets")
    if targets:
        text += " -> " + listed(
            line.lang,
            (
                _target_words(t, line)
                + target_place(t, line.places, line.names, line.lang, line.viewer)
                for t in targets
            ),
        )
    cost = line.get("cost")
    if cost:
        text += line.tr("link.paid", paid=line.cards_listed(cost))
    return text


def _target_words(t: Any, line: Line) -> str:
    if isinstance(t, str) and t.startswith("p") and t[1:].isdigit():
        return seat_name(int(t[1:]), line.names, line.lang)
    if isinstance(t, str) and t.startswith("c") and t[1:].isdigit():
        return card_name((line.cards or {}).get(int(t[1:])), line.lang)
    return str(t)
