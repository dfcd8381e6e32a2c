"""Names and places: a card's, a seat's, a phase's name, where a card lies, lists as each
language writes them — the parts every describer puts together.

Cards are named from the card set being shown (:func:`qm_rules.shown.show_cards`): the shipped
set until a program shows a table, a replay or a gallery of another. The engine never reads it:
games take their set as a value.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from qm_rules.cards import CardType, Cost
from qm_rules.i18n import spaced, tr
from qm_rules.model import LinkKind, Phase, PromptKind, View
from qm_rules.shown import DEFS


def written(text: str, lang: str) -> str:
    """Text put together from several strings, Chinese spaced by the one rule (each string
    follows it, their joins may not: "发动" + " " + "鬼打墙")."""
    return spaced(text) if lang == "zh" else text


def listed(lang: str, words: Iterable[str]) -> str:
    """Words as a list reads in ``lang``: "A, B" in English, "A、B" in Chinese."""
    return tr("list.sep", lang).join(words)


def card_name(card_id: str | None, lang: str) -> str:
    """A card definition's name; an unknown or hidden card is "a card"."""
    if not card_id:
        return tr("card.unknown", lang)
    d = DEFS.get(card_id)
    return d.name(lang) if d is not None else card_id


def seat_name(seat: int | None, names: Sequence[str] | None, lang: str) -> str:
    """A seat's player name, falling back to "P<n>" (and "the table" for no seat)."""
    if seat is None:
        return tr("seat.none", lang)
    if names is not None and 0 <= seat < len(names):
        return names[seat]
    return f"P{seat + 1}"


def phase_name(phase: Phase | str, lang: str) -> str:
    return tr(f"phase.{phase}", lang)


def card_index(view: View | None, extra: Mapping[Any, Any] | None = None) -> dict[int, str]:
    """Every card instance the view shows, ``cid -> card id`` (hands, fields, stacks, discard,
    the chain and its costs). ``extra`` adds pairs a prompt's context names (a search's cards)."""
    out: dict[int, str] = {}
    if view is not None:
        for s in view.seats:
            for c in s.hand or ():
                out[c.cid] = c.card
            for slot in s.slots:
                if slot.card is not None:
                    out[slot.card.cid] = slot.card.card
            for c in s.stacked:
                out[c.cid] = c.card
        for c in view.discard:
            out[c.cid] = c.card
        for link in view.chain:
            out[link.card.cid] = link.card.card
            for c in link.cost:
                out[c.cid] = c.card
    for k, v in (extra or {}).items():
        try:
            out[int(k)] = str(v)
        except (TypeError, ValueError):
            continue
    return out


def context_cards(view: View | None) -> dict[int, str]:
    """Cards a prompt's context reveals to its decider (e.g. the deck cards a search offers)."""
    if view is None or view.prompt is None:
        return {}
    ctx = view.prompt.context
    out: dict[int, str] = {}
    cards = ctx.get("cards")
    if isinstance(cards, Mapping):
        out.update(card_index(None, cards))
    elif isinstance(cards, list):
        for c in cards:
            if isinstance(c, Mapping) and "cid" in c and "card" in c:
                out[int(c["cid"])] = str(c["card"])
    if isinstance(ctx.get("card"), int) and isinstance(ctx.get("def"), str):
        out[ctx["card"]] = ctx["def"]
    return out


def describe_target(
    target: str, view: View | None, lang: str, index: Mapping[int, str] | None = None
) -> str:
    """``p<seat>`` to a player's name, ``c<cid>`` to a card's name."""
    names = [s.name for s in view.seats] if view is not None else None
    if target.startswith("p") and target[1:].isdigit():
        return seat_name(int(target[1:]), names, lang)
    if target.startswith("c") and target[1:].isdigit():
        idx = index if index is not None else card_index(view)
        return card_name(idx.get(int(target[1:])), lang)
    return target


#: Where cards lie on the fields: ``cid -> (seat, slot index)``.
Places = Mapping[int, tuple[int, int]]


def field_places(view: View | None) -> dict[int, tuple[int, int]]:
    """Where each card the view shows on a field lies (face-down cards it names too)."""
    out: dict[int, tuple[int, int]] = {}
    if view is not None:
        for sv in view.seats:
            for slot in sv.slots:
                if slot.card is not None:
                    out[slot.card.cid] = (sv.seat, slot.index)
    return out


def place_words(
    place: tuple[int, int] | None, names: Sequence[str] | None, lang: str, viewer: int | None
) -> str:
    """Whose slot a card is in, as it follows the card's name: " (Bob's slot 3)", " (your
    slot 3)" for the viewer's own; "" when not known."""
    if place is None:
        return ""
    seat, index = place
    if viewer is not None and seat == viewer:
        return tr("option.where.my_slot", lang, n=index + 1)
    return tr("option.where.slot", lang, name=seat_name(seat, names, lang), n=index + 1)


def mode_label(card_id: str | None, mode: int | None, lang: str) -> str:
    """The label of a card's mode, or "" for a card without a choice of modes."""
    if card_id is None or mode is None:
        return ""
    d = DEFS.get(card_id)
    if d is None:
        return f"#{mode + 1}"
    modes = d.modes
    if 0 <= mode < len(modes) and len(modes) > 1:
        return modes[mode].label(lang) or f"#{mode + 1}"
    return "" if len(modes) <= 1 else f"#{mode + 1}"


def type_name(card_type: CardType | str, lang: str) -> str:
    """A card type's name ("Offering", "陷阱牌")."""
    return tr(f"type.{card_type}", lang)


def count(n: int, lang: str) -> int | str:
    """A number of cards as the card texts write it ("舍弃两张手牌"): in Chinese the catalogue's
    words for 0 to 10; else the number (English plural forms go by it)."""
    if lang != "zh":
        return n
    words = re.split(r"[、,]\s*", tr("count.small", lang))
    return words[n] if 0 <= n < len(words) else n


def costs_of(card_id: str, kind: str | None) -> tuple[Cost, ...]:
    d = DEFS.get(card_id)
    if d is None:
        return ()
    if kind == LinkKind.MANIFEST:
        return d.manifestation.cost if d.manifestation is not None else ()
    return d.cost


def stacking_after_worship(view: View) -> bool:
    """The worship phase's question after 始祖's worship: stack one more, or not."""
    p = view.prompt
    return (
        p is not None
        and p.kind is PromptKind.WORSHIP
        and any(o.kind == "ability" for o in p.options)
        and not any(o.kind == "declare" for o in p.options)
    )
