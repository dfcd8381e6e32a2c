"""A chain link in words: who, what, which mode, which targets (and where they lie), what was
paid."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from qm_rules.i18n import tr
from qm_rules.model import LinkView, View

from .names import (
    Places,
    card_index,
    card_name,
    describe_target,
    field_places,
    listed,
    mode_label,
    place_words,
    seat_name,
    written,
)


def describe_link(
    link: LinkView, view: View | None, lang: str, places: Places | None = None
) -> str:
    return written(_describe_link(link, view, lang, places), lang)


def _describe_link(
    link: LinkView, view: View | None, lang: str, places: Places | None = None
) -> str:
    """One chain link in words: who, what, which mode, which targets (a card on a field with
    whose slot it is in: "-> Green Tea (Bob's slot 2)"), what was paid. ``places``: where the
    targets lay when the link was made (else where ``view`` shows them)."""
    names = [s.name for s in view.seats] if view is not None else None
    idx = card_index(view)
    where = field_places(view) if places is None else places
    viewer = view.viewer if view is not None else None
    who = seat_name(link.seat, names, lang)
    verb = tr(f"link.{link.kind}", lang)
    text = f"{who} {verb} {card_name(link.card.card, lang)}"
    label = mode_label(link.card.card, link.mode, lang)
    if label:
        text += f" [{label}]"
    if link.targets:
        arrow = " -> "
        text += arrow + listed(
            lang,
            (
                describe_target(t, view, lang, idx) + target_place(t, where, names, lang, viewer)
                for t in link.targets
            ),
        )
    if link.cost:
        paid = listed(lang, (card_name(c.card, lang) for c in link.cost))
        text += tr("link.paid", lang, paid=paid)
    if link.negated:
        text += tr("link.negated", lang)
    return text


def target_place(
    t: Any, places: Places, names: Sequence[str] | None, lang: str, viewer: int | None
) -> str:
    """Whose slot a targeted card (``c<cid>``) is in; "" for a player or a card not placed."""
    if isinstance(t, str) and t.startswith("c") and t[1:].isdigit():
        return place_words(places.get(int(t[1:])), names, lang, viewer)
    return ""
