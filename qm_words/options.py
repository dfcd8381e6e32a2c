"""A prompt's options as their buttons read: "Place Green Rice Cake", "Target: Green Tea (Bob's
slot 3)", no two alike."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from qm_rules.cards import Cost
from qm_rules.i18n import tr
from qm_rules.model import LinkKind, Option, View

from .names import (
    card_index,
    card_name,
    context_cards,
    costs_of,
    count,
    describe_target,
    field_places,
    listed,
    mode_label,
    place_words,
    stacking_after_worship,
    written,
)

#: Options named by a card: the verb before the card's name ("Place Green Rice Cake").
_OPTION_VERBS = frozenset(
    {"place", "play", "set", "ability", "declare", "pay", "flip", "counter", "manifest", "pick",
     "discard"}
)  # fmt: skip
#: Options that activate their card, and so pay its cost (a manifestation's: its ancestor's).
_ACTIVATIONS = frozenset({"play", "flip", "counter", "manifest"})
#: Options that are a word of their own.
_OPTION_WORDS = frozenset({"skip", "end", "decline", "cancel", "pass", "none", "enough"})


def describe_option(
    option: Option, view: View | None, lang: str, cards: Mapping[int, str] | None = None
) -> str:
    return written(_describe_option(option, view, lang, cards), lang)


def _describe_option(
    option: Option, view: View | None, lang: str, cards: Mapping[int, str] | None = None
) -> str:
    """An option as its button text, e.g. ``place:12`` -> "Place Green Rice Cake".

    ``cards`` (cid -> card id) names cards the view no longer shows but the viewer has seen
    (an opponent's hand looked at by 借东风)."""
    prefix, _, rest = option.id.partition(":")
    kind = option.kind or prefix
    if option.id == "decline" and view is not None and stacking_after_worship(view):
        return tr("option.decline.stacking", lang)
    if option.id in _OPTION_WORDS:
        return tr(f"option.{option.id}", lang)
    idx = dict(cards or {})
    idx.update(card_index(view))
    idx.update(context_cards(view))
    if prefix == "mode" or kind == "mode":
        mode = option.mode if option.mode is not None else (int(rest) if rest.isdigit() else None)
        card_id = None
        if view is not None and view.prompt is not None:
            card_id = view.prompt.context.get("def") or idx.get(view.prompt.context.get("card", -1))
        label = mode_label(card_id, mode, lang)
        return label or tr("option.mode", lang, n=(mode or 0) + 1)
    if prefix == "target":
        return tr("option.target", lang, target=describe_target(rest, view, lang, idx))
    if prefix in _OPTION_VERBS:
        cid = option.card if option.card is not None else (int(rest) if rest.isdigit() else None)
        name = card_name(idx.get(cid) if cid is not None else None, lang)
        key = f"option.{prefix}"
        if prefix == "pay" and view is not None and view.prompt is not None:
            cost = view.prompt.context.get("cost")  # say what paying does to the card
            key = f"option.pay.{cost}" if cost in ("discard", "remove_stacked") else key
        text = f"{tr(key, lang)} {name}"
        if prefix in _ACTIVATIONS and cid is not None:  # what it costs, before it is chosen
            link_kind = LinkKind.MANIFEST if prefix == "manifest" else None
            text += option_cost(costs_of(idx.get(cid) or "", link_kind), lang)
        return text
    return option.id


def option_cost(costs: Sequence[Cost], lang: str) -> str:
    """What activating a card costs, as its option says it: " (costs 1 stacked offering)",
    "" for a card without a cost (the card data's ``cost``)."""
    if not costs:
        return ""
    words = listed(lang, (tr(f"option.cost.{c.op}", lang, n=count(c.n, lang)) for c in costs))
    return tr("option.costs", lang, costs=words)


def describe_options(
    options: Sequence[Option], view: View | None, lang: str, cards: Mapping[int, str] | None = None
) -> list[str]:
    """Every option of a prompt as its button text (:func:`describe_option`), no two alike:
    a target on a field says whose slot it is in ("Target: Green Tea (Bob's slot 3)"), and
    other options that would read the same (two copies of a card) say where their card is —
    "(hand card 2)", "(Bob's slot 3)" — or, where that does not tell them apart, "(1)", "(2)"."""
    labels = [describe_option(o, view, lang, cards) for o in options]
    for i, o in enumerate(options):
        if o.kind == "target":
            where = _where(o, view, lang, fields_only=True)
            labels[i] += where
    alike: dict[str, list[int]] = {}
    for i, label in enumerate(labels):
        alike.setdefault(label, []).append(i)
    for group in alike.values():
        if len(group) < 2:
            continue
        wheres = [_where(options[i], view, lang) for i in group]
        if not all(wheres) or len(set(wheres)) < len(wheres):  # not all in sight: numbered
            wheres = [tr("option.nth", lang, n=n) for n in range(1, len(group) + 1)]
        for i, where in zip(group, wheres, strict=True):
            labels[i] += where
    return labels


def distinct_options(options: Sequence[Option], view: View | None) -> list[Option]:
    """The options as a player is shown them: two that do exactly the same are one, the
    first. Two copies of a card in the viewer's own hand, offered for the same action (the
    same kind, mode and seat), are such: the viewer sees both, nobody else sees which one it
    was, and nothing in the rules tells copies in a hand apart (playtest 4, F21: "Place Joss
    Paper (hand card 1)" and "(hand card 4)"; ten options with a 16-card hand, four of them
    such twins). Copies anywhere else stay apart: on a field a slot (and what lies on it)
    makes them differ. The engine offers every copy (the wire and the bots use its list);
    the option sent is the first copy's, one of the engine's own."""
    me = view.me() if view is not None else None
    hand = {c.cid: c.card for c in me.hand or ()} if me is not None else {}
    out: list[Option] = []
    seen: set[tuple[str, str, int | None, int | None]] = set()
    for o in options:
        card = hand.get(o.card) if o.card is not None else None
        if card is not None:
            key = (o.kind, card, o.mode, o.seat)
            if key in seen:
                continue
            seen.add(key)
        out.append(o)
    return out


def _option_card(option: Option) -> int | None:
    """The card instance an option names, if any (``place:12``, ``target:c12``)."""
    if option.card is not None:
        return option.card
    rest = option.id.partition(":")[2]
    rest = rest[1:] if rest[:1] == "c" else rest
    return int(rest) if rest.isdigit() else None


def _where(option: Option, view: View | None, lang: str, *, fields_only: bool = False) -> str:
    """Where the card an option names is, from the viewer's side; "" when not in sight (or,
    ``fields_only``, not on a field)."""
    cid = _option_card(option)
    if cid is None or view is None:
        return ""
    me = view.me()
    for i, c in enumerate(me.hand or () if me is not None and not fields_only else ()):
        if c.cid == cid:
            return tr("option.where.hand", lang, n=i + 1)
    names = [sv.name for sv in view.seats]
    return place_words(field_places(view).get(cid), names, lang, view.viewer)
