"""What the pending decision is, from the viewer's side: the card, the clause and the count
for the decider, whose decision it is for the others."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from qm_rules.cards import Clause, Filter, Section
from qm_rules.i18n import has, tr
from qm_rules.model import LinkKind, LinkView, PromptKind, View
from qm_rules.shown import DEFS

from .links import describe_link
from .names import card_name, costs_of, count, seat_name, stacking_after_worship, written


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
    key = f"clause.{clause.op}"
    if clause.op == "discard" and clause.at_least is not None and clause.at_least < count:
        key = "clause.discard_up_to"
    elif clause.op == "discard" and count > 1:
        key = "clause.discard_many"
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


def _effect_of(card_id: str, kind: str | None, mode: int | None) -> tuple[Section, ...]:
    d = DEFS.get(card_id)
    if d is None:
        return ()
    if kind == LinkKind.MANIFEST:
        return d.manifestation.effect if d.manifestation is not None else ()
    if not d.modes:
        return ()
    return d.modes[mode if mode is not None and 0 <= mode < len(d.modes) else 0].effect


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
        total = sum(c.n for c in costs_of(card_id, activation) if c.op == op) or 1
        remaining = ctx.get("remaining")
        remaining = remaining if isinstance(remaining, int) and 0 < remaining <= total else total
        words = cost_words(op, total, lang) + _count(total - remaining + 1, total, lang)
    return _headed(card_id, activation, words, lang)


def describe_prompt(view: View, lang: str) -> str:
    return written(_describe_prompt(view, lang), lang)


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
    elif stacking_after_worship(view):
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
