"""Events and options in words, Chinese or English.

Pure and Textual-free: the table's log and prompt bar use it, and so does ``qingming replay``.
It never fails on data it does not know (a newer engine may add an event kind): an unknown
event is still described, by its kind and its data, rather than dropped or raised on.

Cards are named from the card set being shown (:func:`show_cards`): the shipped set until a
program shows a table, a replay or a gallery of another (a guest at a table whose host plays
its own set). The engine never reads it: games take their set as a value.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .cards import CardType, Clause, Cost, Filter, Section
from .i18n import has, spaced, tr
from .logorder import LogOrder
from .model import Event, LinkKind, LinkView, Option, Phase, PromptKind, Result, View
from .plays import Reason
from .progress import (
    WORSHIP_OFFERINGS,
    Outlook,
    Standing,
    ancestor_on_field,
    seat_progress,
    worship_block,
)
from .shown import DEFS, show_cards, shown_cards

__all__ = [
    "ancestor_on_field",
    "card_index",
    "card_name",
    "clause_words",
    "cost_words",
    "describe",
    "describe_events",
    "describe_link",
    "describe_option",
    "describe_options",
    "describe_prompt",
    "describe_result",
    "describe_target",
    "distinct_options",
    "field_places",
    "option_cost",
    "phase_name",
    "place_words",
    "seat_name",
    "show_cards",
    "shown_cards",
    "type_name",
    "offerings_words",
    "outlook_words",
    "why_not_words",
    "worship_block_words",
    "worship_progress",
]


_DEFS = DEFS


def _written(text: str, lang: str) -> str:
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
    d = _DEFS.get(card_id)
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


def _context_cards(view: View | None) -> dict[int, str]:
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
    d = _DEFS.get(card_id)
    if d is None:
        return f"#{mode + 1}"
    modes = d.modes
    if 0 <= mode < len(modes) and len(modes) > 1:
        return modes[mode].label(lang) or f"#{mode + 1}"
    return "" if len(modes) <= 1 else f"#{mode + 1}"


def describe_link(
    link: LinkView, view: View | None, lang: str, places: Places | None = None
) -> str:
    return _written(_describe_link(link, view, lang, places), lang)


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
                describe_target(t, view, lang, idx) + _target_place(t, where, names, lang, viewer)
                for t in link.targets
            ),
        )
    if link.cost:
        paid = listed(lang, (card_name(c.card, lang) for c in link.cost))
        text += tr("link.paid", lang, paid=paid)
    if link.negated:
        text += tr("link.negated", lang)
    return text


# ───────────────────────────── options ─────────────────────────────

#: Options named by a card: the verb before the card's name ("Place Green Rice Cake").
_OPTION_VERBS = frozenset(
    {"place", "play", "set", "ability", "declare", "pay", "flip", "counter", "manifest", "pick",
     "discard"}
)  # fmt: skip
#: Options that activate their card, and so pay its cost (a manifestation's: its ancestor's).
_ACTIVATIONS = frozenset({"play", "flip", "counter", "manifest"})
#: Options that are a word of their own.
_OPTION_WORDS = frozenset({"skip", "end", "decline", "cancel", "pass", "none"})


def describe_option(
    option: Option, view: View | None, lang: str, cards: Mapping[int, str] | None = None
) -> str:
    return _written(_describe_option(option, view, lang, cards), lang)


def _describe_option(
    option: Option, view: View | None, lang: str, cards: Mapping[int, str] | None = None
) -> str:
    """An option as its button text, e.g. ``place:12`` -> "Place Green Rice Cake".

    ``cards`` (cid -> card id) names cards the view no longer shows but the viewer has seen
    (an opponent's hand looked at by 借东风)."""
    prefix, _, rest = option.id.partition(":")
    kind = option.kind or prefix
    if option.id == "decline" and view is not None and _stacking_after_worship(view):
        return tr("option.decline.stacking", lang)
    if option.id in _OPTION_WORDS:
        return tr(f"option.{option.id}", lang)
    idx = dict(cards or {})
    idx.update(card_index(view))
    idx.update(_context_cards(view))
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
            text += option_cost(_costs_of(idx.get(cid) or "", link_kind), lang)
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


def _standing_words(st: Standing, lang: str) -> str:
    """A condition and how far a seat is, without the ancestor's name ("4 of 5 offerings
    stacked"; another player's hand condition as the condition alone)."""
    cond, have, n = st.condition, st.have, st.need
    what = ""
    if cond.op == "hand_count":
        f = cond.filter
        if f is not None and f.tag is not None:
            what = tr("progress.what.tag", lang, n=n, tag=tr(f"tag.{f.tag}", lang))
        else:
            what = tr(f"progress.what.{f.type if f is not None and f.type else 'card'}", lang, n=n)
    if cond.op == "hand_types":
        if have is None:
            types = listed(lang, (tr(f"noun.{t}", lang) for t in cond.types))
            return tr("progress.hidden.hand_types", lang, types=types)
        if have < n:
            missing = listed(lang, (tr(f"noun.{t}", lang) for t in st.missing))
            return tr("progress.hand_types", lang, missing=missing)
        types = listed(lang, (tr(f"noun.{t}", lang) for t in cond.types))
        return tr("progress.hand_types.met", lang, types=types)
    if have is None:  # (only a hand's cards are ever hidden)
        return tr("progress.hidden.hand_count", lang, n=n, what=what)
    return tr(f"progress.{cond.op}", lang, n=n, have=have, what=what)


def worship_progress(view: View, seat: int, lang: str, *, not_yet: bool = False) -> str | None:
    """``seat``'s ancestor on the field, its worship condition and how far they are, in words
    ("First Ancestor: 4 of 5 offerings stacked"), counted by :func:`qm_rules.progress.seat_progress`
    from what ``view`` shows; None without an ancestor on the field. Another player's hand
    condition is given without a count ("needs 2 traps in hand"). ``not_yet`` says the
    condition does not hold yet (for its owner, whose win would have ended the game)."""
    st = seat_progress(view, seat).ancestor
    if st is None:
        return None
    key = "progress.not_yet" if not_yet else "progress.named"
    return tr(key, lang, name=card_name(st.card, lang), words=_standing_words(st, lang))


def offerings_words(view: View, seat: int, lang: str) -> str:
    """``seat``'s offerings on the field out of the 4 worship needs: "offerings 3/4"."""
    n = seat_progress(view, seat).offerings
    return tr("progress.offerings", lang, n=n, need=WORSHIP_OFFERINGS)


def outlook_words(outlook: Outlook, lang: str) -> str:
    """An ancestor in my hand, its condition as declaring it now would leave it, and whether
    that wins ("Maternal Grandfather: 0 of 2 traps in hand - not yet"); while worship cannot be
    declared yet, whether the condition is met now ("... - met now")."""
    st = outlook.standing
    verdict = outlook.verdict if outlook.declarable else f"held_{outlook.verdict}"
    return tr(
        f"progress.outlook.{verdict}",
        lang,
        name=card_name(st.card, lang),
        words=_standing_words(st, lang),
    )


def worship_block_words(view: View, lang: str) -> str | None:
    """What keeps the viewer from declaring worship now ("offerings on your field: 2 of 4",
    "no ancestor in your hand"); None if nothing does."""
    block = worship_block(view)
    if block is None:
        return None
    what, n = block
    return tr(f"progress.block.{what}", lang, n=n)


def why_not_words(reason: Reason, card_id: str | None, lang: str) -> str:
    """Why a card cannot be played now (:func:`qm_rules.plays.why_not`), in a sentence."""
    code = reason.code
    if code == "no_target":
        return tr(f"whynot.no_target.{reason.word}", lang)
    if code == "prohibited":
        return tr("whynot.prohibited", lang, tag=tr(f"tag.{reason.word}", lang))
    if code == "trigger":
        d = _DEFS.get(card_id or "")
        trigger = d.trigger if d is not None else None
        if not trigger:
            return tr("whynot.no_response", lang)
        return tr("whynot.trigger", lang, trigger=tr(f"trigger.{trigger}", lang))
    return tr(f"whynot.{code}", lang, n=reason.n)


def type_name(card_type: CardType | str, lang: str) -> str:
    """A card type's name ("Offering", "陷阱牌")."""
    return tr(f"type.{card_type}", lang)


def _filter_noun(f: Filter | None, lang: str) -> str:
    """The kind of card a clause names: "a Burning card", "an offering", "a card"."""
    if f is not None and f.tag is not None:
        return tr("noun.tag", lang, tag=tr(f"tag.{f.tag}", lang))
    if f is not None and f.type is not None:
        return tr(f"noun.{f.type}", lang)
    return tr("noun.card", lang)


def _count(step: int, total: int, lang: str) -> str:
    """ "(1 of 2)" when a choice is one of several picks; "" for a single pick."""
    if total <= 1:
        return ""
    return tr("prompt.step", lang, step=step, n=total)


def _headed(card_id: str | None, activation: str | None, words: str, lang: str) -> str:
    """ "拆台：words" / "Dismantle - words"; a manifestation says so after the name."""
    name = card_name(card_id, lang) if card_id else ""
    if name and activation == LinkKind.MANIFEST:
        name = tr("prompt.manifestation", lang, name=name)
    if not name:
        return words[:1].upper() + words[1:]
    return tr("prompt.headed", lang, name=name, words=words)


def clause_words(clause: Clause, lang: str, *, who: str | None = None, n: int | None = None) -> str:
    """What a clause does, in the decider's words ("choose a card to discard")."""
    count = clause.n if n is None else n
    key = "clause.discard_many" if clause.op == "discard" and count > 1 else f"clause.{clause.op}"
    if who is None:
        who = tr("noun.opponent", lang) if clause.op != "discard_random" else ""
    what = _filter_noun(clause.filter, lang)
    tag = tr(f"tag.{clause.tag}", lang) if clause.tag else ""
    actions = tr("clause.prohibit.and", lang).join(
        tr(f"clause.prohibit.{a}", lang) for a in clause.actions
    )
    text = tr(key, lang, n=count, what=what, who=who, tag=tag, actions=actions)
    return " ".join(text.split()) if lang != "zh" else text


def cost_words(op: str, n: int, lang: str) -> str:
    """What paying a cost takes ("pay the cost: discard 2 cards")."""
    return tr(f"cost.{op}", lang, n=count(n, lang))


def count(n: int, lang: str) -> int | str:
    """A number of cards as the card texts write it ("舍弃两张手牌"): in Chinese the catalogue's
    words for 0 to 10; else the number (English plural forms go by it)."""
    if lang != "zh":
        return n
    words = re.split(r"[、,]\s*", tr("count.small", lang))
    return words[n] if 0 <= n < len(words) else n


def _effect_of(card_id: str, kind: str | None, mode: int | None) -> tuple[Section, ...]:
    d = _DEFS.get(card_id)
    if d is None:
        return ()
    if kind == LinkKind.MANIFEST:
        return d.manifestation.effect if d.manifestation is not None else ()
    if not d.modes:
        return ()
    return d.modes[mode if mode is not None and 0 <= mode < len(d.modes) else 0].effect


def _costs_of(card_id: str, kind: str | None) -> tuple[Cost, ...]:
    d = _DEFS.get(card_id)
    if d is None:
        return ()
    if kind == LinkKind.MANIFEST:
        return d.manifestation.cost if d.manifestation is not None else ()
    return d.cost


def _owner_of(view: View, cid: int) -> int | None:
    for s in view.seats:
        for slot in s.slots:
            if slot.card is not None and slot.card.cid == cid:
                return s.seat
    return None


def _clause_who(clause: Clause, link: LinkView | None, view: View, lang: str) -> str | None:
    """The player a clause is about, from the link's targets (or the answered link)."""
    if link is None:
        return None
    names = [s.name for s in view.seats]
    if clause.op == "discard_random" and clause.who == "responded":
        answered = link.responds_to
        if answered is not None and 0 <= answered < len(view.chain):
            return seat_name(view.chain[answered].seat, names, lang)
        return None
    if clause.target < len(link.targets):
        t = link.targets[clause.target]
        if t.startswith("p") and t[1:].isdigit():
            return seat_name(int(t[1:]), names, lang)
        if t.startswith("c") and t[1:].isdigit():
            owner = _owner_of(view, int(t[1:]))
            if owner is not None:
                return seat_name(owner, names, lang)
    return None


def _effect_title(view: View, ctx: Mapping[str, Any], lang: str) -> str | None:
    card_id = ctx.get("def")
    if not isinstance(card_id, str):
        return None
    index = ctx.get("link")
    link = view.chain[index] if isinstance(index, int) and 0 <= index < len(view.chain) else None
    kind = str(link.kind) if link is not None else None
    sections = _effect_of(card_id, kind, link.mode if link is not None else None)
    sec, i = ctx.get("section"), ctx.get("clause")
    clause: Clause | None = None
    if isinstance(sec, int) and isinstance(i, int) and 0 <= sec < len(sections):
        clauses = sections[sec].clauses
        clause = clauses[i] if 0 <= i < len(clauses) else None
    if clause is None or (isinstance(ctx.get("op"), str) and clause.op != ctx["op"]):
        op = ctx.get("op")
        if not isinstance(op, str):
            return None
        clause = Clause(op=op)
    n_raw, picked_raw = ctx.get("n"), ctx.get("picked")
    n = n_raw if isinstance(n_raw, int) else clause.n
    picked = picked_raw if isinstance(picked_raw, int) else 0
    words = clause_words(clause, lang, who=_clause_who(clause, link, view, lang), n=n)
    words += _count(picked + 1, n, lang)  # "(1 of 2)" when the clause takes several cards
    return _headed(card_id, kind, words, lang)


def _draft_title(kind: PromptKind, ctx: Mapping[str, Any], lang: str) -> str | None:
    """MODE, TARGET, COST: the card being activated, the step and the count."""
    card_id = ctx.get("def")
    if not isinstance(card_id, str):
        return None
    activation = ctx.get("activation")
    activation = activation if isinstance(activation, str) else None
    if kind is PromptKind.MODE:
        words = tr("prompt.which_effect", lang)
    elif kind is PromptKind.TARGET:
        target = f"target.{ctx.get('target')}"
        words = tr(target if has(target) else "prompt.target", lang)
    else:
        op = str(ctx.get("cost") or "discard")
        total = sum(c.n for c in _costs_of(card_id, activation) if c.op == op) or 1
        remaining = ctx.get("remaining")
        remaining = remaining if isinstance(remaining, int) and 0 < remaining <= total else total
        words = cost_words(op, total, lang) + _count(total - remaining + 1, total, lang)
    return _headed(card_id, activation, words, lang)


def _stacking_after_worship(view: View) -> bool:
    """The worship phase's question after 始祖's worship: stack one more, or not."""
    p = view.prompt
    return (
        p is not None
        and p.kind is PromptKind.WORSHIP
        and any(o.kind == "ability" for o in p.options)
        and not any(o.kind == "declare" for o in p.options)
    )


def describe_prompt(view: View, lang: str) -> str:
    return _written(_describe_prompt(view, lang), lang)


def _describe_prompt(view: View, lang: str) -> str:
    """What the pending decision is, from the viewer's side: for the decider, the card, the
    clause and the count ("Dismantle - pay the cost: discard 2 cards (1 of 2)"); for the others
    whose decision it is ("Waiting for Bob: respond")."""
    p = view.prompt
    if p is None:
        return ""
    title = tr(f"prompt.{p.kind}", lang)
    if p.kind is PromptKind.RESPOND and view.chain:
        title = tr(
            "prompt.respond_to", lang, title=title, link=describe_link(view.chain[-1], view, lang)
        )
    elif p.kind in (PromptKind.MODE, PromptKind.TARGET, PromptKind.COST):
        title = _draft_title(p.kind, p.context, lang) or title
    elif _stacking_after_worship(view):
        title = tr("prompt.worship.stacking", lang)
    elif p.kind is PromptKind.EFFECT:
        words = _effect_title(view, p.context, lang)
        if words is not None:
            title = words
        elif view.resolving is not None and 0 <= view.resolving < len(view.chain):
            # the others see no context: the resolving card is public, the choice is not
            link = view.chain[view.resolving]
            choosing = tr("prompt.choosing", lang)
            title = _headed(link.card.card, str(link.kind), choosing, lang)
    elif p.kind is PromptKind.HAND_LIMIT and isinstance(p.context.get("over"), int):
        over, limit = p.context["over"], p.context.get("limit")
        title = tr("prompt.hand_limit_count", lang, over=over, limit=limit)
    if p.seat != view.viewer:
        names = [s.name for s in view.seats]
        who = seat_name(p.seat, names, lang)
        return tr("prompt.waiting", lang, who=who, title=title)
    return title


# ───────────────────────────── events ─────────────────────────────

#: Default options a timed-out player's line names (see ``Game.apply_default``); another
#: default reads "the default was taken".
_TIMED_OUT = frozenset({"pass", "end", "skip", "decline", "none"})


def _d(data: Mapping[str, Any], key: str) -> Any:
    return data.get(key)


def describe(
    event: Event,
    lang: str,
    names: Sequence[str] | None = None,
    cards: Mapping[int, str] | None = None,
    *,
    places: Places | None = None,
    viewer: int | None = None,
) -> str:
    """One event as a line of the game log (see :func:`_describe`), Chinese written as it is
    (:func:`qm_rules.i18n.spaced`)."""
    return _written(_describe(event, lang, names, cards, places=places, viewer=viewer), lang)


def _describe(
    event: Event,
    lang: str,
    names: Sequence[str] | None = None,
    cards: Mapping[int, str] | None = None,
    *,
    places: Places | None = None,
    viewer: int | None = None,
) -> str:
    """One event as a line of the game log; "" for bookkeeping not worth a line (a section
    that resolved).

    ``names`` are the seats' player names; ``cards`` (cid -> card id, e.g. from
    :func:`card_index` of the current view) names card targets, which events carry as ids;
    ``places`` (:func:`field_places` of the board the event happened on) says whose slot a
    targeted card is in, "your slot" for ``viewer``'s."""
    d = event.data
    who = seat_name(event.seat, names, lang)
    k = event.kind
    card = card_name(_d(d, "def"), lang) if _d(d, "def") else None

    def say(key: str, **kwargs: object) -> str:
        return tr(key, lang, who=who, card=card, **kwargs)

    def listed_cards(defs: Any) -> str:
        return listed(lang, (card_name(c, lang) for c in defs or ()))

    if k == "start":
        return say("log.start", first=seat_name(_d(d, "first"), names, lang))
    if k == "turn":
        return say("log.turn", n=_d(d, "turn"))
    if k == "phase":
        return say("log.phase", phase=phase_name(_d(d, "phase") or "", lang))
    if k == "draw":
        shown = _d(d, "defs")
        if isinstance(shown, list) and shown:
            return say("log.draw.cards", cards=listed_cards(shown))
        return say("log.draw.count", n=_d(d, "count") or 0)
    if k == "reshuffle":
        return say("log.reshuffle")
    if k == "tap":
        return say("log.tap")
    if k == "activate":
        return _activation(d, who, names, lang, cards, places or {}, viewer)
    if k == "set":
        return say("log.set" if card else "log.set.hidden")
    if k == "pass":
        return say("log.pass")
    if k == "timeout":
        option, what = str(_d(d, "option")), _d(d, "took")
        if option in _TIMED_OUT:
            took = tr(f"log.timeout.{option}", lang)
        elif isinstance(what, str) and what:  # named by the TUI for its player; not on the wire
            took = tr("log.timeout.took", lang, what=what)
        else:
            took = tr("log.timeout.default", lang)
        return say("log.timeout", took=took)
    if k == "chain_closed":
        return "" if (_d(d, "links") or 0) < 2 else say("log.chain_closed")

    def named_link(key: str, key_card: str) -> str:
        """A line naming a link by number, its card and owner too (``of``, ``owner``: put
        there by qm_rules.logorder), where the event carries them."""
        n = (_d(d, "link") or 0) + 1
        of = _d(d, "of")
        if not of:
            return say(key, n=n)
        owner = seat_name(_d(d, "owner"), names, lang)
        return tr(key_card, lang, who=who, n=n, card=card_name(of, lang), owner=owner)

    if k == "section":
        if _d(d, "ok"):
            return ""
        if _d(d, "why") == "condition":
            return named_link("log.section_unmet", "log.section_unmet.card")
        return named_link("log.section_failed", "log.section_failed.card")
    if k == "resolved":  # the card named, unless an older host left it out
        if _d(d, "negated"):
            key = "log.resolved.negated.card" if card else "log.resolved.negated"
        else:
            key = "log.resolved.card" if card else "log.resolved"
        return say(key, n=(_d(d, "link") or 0) + 1)
    if k == "negate":
        return named_link("log.negate", "log.negate.card")
    if k == "search":
        return say("log.search" if card else "log.search.hidden")
    if k == "look":
        return say(
            "log.look",
            other=seat_name(_d(d, "seat"), names, lang),
            cards=listed_cards(_d(d, "defs")),
        )
    if k == "discard":
        why = next((w for w in _DISCARD_WHY if _d(d, w)), None)
        return say(f"log.discard.{why}" if why else "log.discard")
    if k == "take":
        card = card or tr("card.unknown", lang)
        where = "field" if _d(d, "to") == "field" else "hand"
        return say(f"log.take.{where}", other=seat_name(_d(d, "from"), names, lang))
    if k == "put":
        return say("log.put")
    if k == "unstack":
        return say("log.unstack.cost" if _d(d, "cost") else "log.unstack")
    if k == "stack":
        return say("log.stack", cards=listed_cards(_d(d, "defs")))
    if k == "return":
        return say("log.return")
    if k == "worship":
        return say("log.worship", n=len(_d(d, "stacked") or ()))
    if k == "ritual_broken":
        return say("log.ritual_broken")
    if k == "prohibit":
        tag = _d(d, "tag")
        actions = tr("log.prohibit.or", lang).join(
            tr(f"log.prohibit.{a}", lang) for a in _d(d, "actions") or ("search", "use")
        )
        return tr(
            "log.prohibit",
            lang,
            actions=actions,
            tag=tr(f"tag.{tag}", lang) if tag else "",
            card=card_name(_d(d, "source"), lang),
        )
    if k == "concede":
        return say("log.concede")
    if k == "game_over":
        winner = _d(d, "winner")
        if winner is None:
            return say("log.game_over.draw")
        w = seat_name(winner, names, lang)
        anc = _d(d, "ancestor")
        if anc:
            return tr("log.game_over.worship", lang, who=w, card=card_name(anc, lang))
        return tr("log.game_over.win", lang, who=w)
    if k == "reveal_hands":
        return say("log.reveal_hands")
    return _fallback(event, who, lang)


#: Why a card was discarded, in the order an event's data is read for it.
_DISCARD_WHY = ("cost", "random", "face_down", "end_phase", "hand_limit")


def describe_result(
    result: Result | None, names: Sequence[str], lang: str, *, turn: int = 0, round_: int = 0
) -> str:
    return _written(_describe_result(result, names, lang, turn=turn, round_=round_), lang)


def _describe_result(
    result: Result | None, names: Sequence[str], lang: str, *, turn: int = 0, round_: int = 0
) -> str:
    """How a game ended, in one line; a game not over (None) was interrupted at ``turn``."""
    if result is None:
        return tr("result.line.interrupted", lang, turn=turn, round=round_)
    how = tr(f"result.reason.{result.reason}", lang)
    rounds, turns = result.rounds, result.turns
    if result.winner is None:
        return tr("result.line.draw", lang, how=how, rounds=rounds, turns=turns)
    who = seat_name(result.winner, names, lang)
    return tr("result.line.win", lang, who=who, how=how, rounds=rounds, turns=turns)


def _activation(
    d: Mapping[str, Any],
    who: str,
    names: Sequence[str] | None,
    lang: str,
    cards: Mapping[int, str] | None,
    places: Places,
    viewer: int | None,
) -> str:
    kind = str(_d(d, "kind") or "action")
    verb = tr(f"link.{kind}", lang)
    card_id = _d(d, "def")
    text = tr("log.activate", lang, who=who, verb=verb, card=card_name(card_id, lang))
    payload = _d(d, "payload")
    if payload:
        text += tr("log.activate.stacking", lang, card=card_name(payload, lang))
    label = mode_label(card_id, _d(d, "mode"), lang)
    if label:
        text += f" [{label}]"
    targets = _d(d, "targets")
    if targets:
        text += " -> " + listed(
            lang,
            (
                _target_words(t, names, lang, cards) + _target_place(t, places, names, lang, viewer)
                for t in targets
            ),
        )
    cost = _d(d, "cost")
    if cost:
        paid = listed(lang, (card_name(c, lang) for c in cost))
        text += tr("link.paid", lang, paid=paid)
    return text


def _target_words(
    t: Any, names: Sequence[str] | None, lang: str, cards: Mapping[int, str] | None
) -> str:
    if isinstance(t, str) and t.startswith("p") and t[1:].isdigit():
        return seat_name(int(t[1:]), names, lang)
    if isinstance(t, str) and t.startswith("c") and t[1:].isdigit():
        return card_name((cards or {}).get(int(t[1:])), lang)
    return str(t)


def _target_place(
    t: Any, places: Places, names: Sequence[str] | None, lang: str, viewer: int | None
) -> str:
    """Whose slot a targeted card (``c<cid>``) is in; "" for a player or a card not placed."""
    if isinstance(t, str) and t.startswith("c") and t[1:].isdigit():
        return place_words(places.get(int(t[1:])), names, lang, viewer)
    return ""


def describe_events(
    events: Iterable[Event],
    viewer: int | None,
    lang: str,
    names: Sequence[str] | None = None,
    cards: Mapping[int, str] | None = None,
    *,
    everything: bool = False,
    places: Places | None = None,
    order: LogOrder | None = None,
) -> list[str]:
    """The log lines ``viewer`` should read for ``events``; ``places``: where the cards lay on
    the fields as the events began (a targeted card's owner and slot, see :func:`describe`).
    The events are read in the log's order (:class:`~qm_rules.logorder.LogOrder`: each link's
    line before its effects); ``order`` carries the chain over from the events described
    before (a table's log, told update by update), else the events are taken as a whole.

    Events the viewer may not see are dropped (with ``everything``, none is: a replay of the
    whole game from its journal). A pass right after a ``timeout`` of the same seat is not
    read twice. The engine sends a public event ("Bob draws 2") and then, to
    the seats allowed, the same event with the cards named; a viewer who sees both gets only
    the second line.
    """
    seen = list(events) if everything else [e for e in events if e.visible_to(viewer)]
    seen = (order or LogOrder()).feed(seen)
    lines: list[str] = []
    for i, e in enumerate(seen):
        nxt = seen[i + 1] if i + 1 < len(seen) else None
        prev = seen[i - 1] if i else None
        if e.kind == "pass" and prev is not None and prev.kind == "timeout" and prev.seat == e.seat:
            continue  # "timed out (passed)" said it
        if (
            e.to is None
            and nxt is not None
            and nxt.to is not None
            and nxt.kind == e.kind
            and nxt.seat == e.seat
        ):
            continue
        text = describe(e, lang, names, cards, places=places, viewer=viewer)
        if text:
            lines.append(text)
    return lines


def _fallback(event: Event, who: str, lang: str) -> str:
    parts: Iterable[str] = (
        f"{k}={card_name(v, lang) if k == 'def' else v}"
        for k, v in sorted(event.data.items())
        if k != "card"
    )
    detail = ", ".join(parts)
    return f"{who}: {event.kind}" + (f" ({detail})" if detail else "")
