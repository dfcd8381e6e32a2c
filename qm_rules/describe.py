"""Events and options in words, Chinese or English.

Pure and Textual-free: the table's log and prompt bar use it, and so does ``qingming replay``.
It never fails on data it does not know (a newer engine may add an event kind): an unknown
event is still described, by its kind and its data, rather than dropped or raised on.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .cards import CARDS, CardDef, CardType, Clause, Cost, Filter, Section
from .model import Event, LinkKind, LinkView, Option, Phase, PromptKind, Result, View

__all__ = [
    "card_index",
    "card_name",
    "clause_words",
    "cost_words",
    "describe",
    "describe_events",
    "describe_link",
    "describe_option",
    "describe_prompt",
    "describe_result",
    "describe_target",
    "phase_name",
    "seat_name",
    "type_name",
]


#: Card definitions by id, taken once: ``CARDS[...]`` hashes the whole card set on every call.
_DEFS: dict[str, CardDef] = dict(CARDS.by_id)


def _pick(lang: str, zh: str, en: str) -> str:
    return zh if lang == "zh" else en


def card_name(card_id: str | None, lang: str) -> str:
    """A card definition's name; an unknown or hidden card is "a card"."""
    if not card_id:
        return _pick(lang, "一张牌", "a card")
    d = _DEFS.get(card_id)
    return d.name(lang) if d is not None else card_id


def seat_name(seat: int | None, names: Sequence[str] | None, lang: str) -> str:
    """A seat's player name, falling back to "P<n>" (and "the table" for no seat)."""
    if seat is None:
        return _pick(lang, "牌桌", "the table")
    if names is not None and 0 <= seat < len(names):
        return names[seat]
    return f"P{seat + 1}"


_PHASES: dict[str, tuple[str, str]] = {
    Phase.DRAW: ("抽牌阶段", "draw phase"),
    Phase.PLACE: ("摆放阶段", "placement phase"),
    Phase.ACTION: ("行动阶段", "action phase"),
    Phase.WORSHIP: ("祭祀阶段", "worship phase"),
    Phase.END: ("结束阶段", "end phase"),
    Phase.OVER: ("游戏结束", "game over"),
}


def phase_name(phase: Phase | str, lang: str) -> str:
    zh, en = _PHASES.get(str(phase), (str(phase), str(phase)))
    return _pick(lang, zh, en)


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


_LINK_KINDS: dict[str, tuple[str, str]] = {
    LinkKind.PLACE: ("摆放", "places"),
    LinkKind.ACTION: ("发动", "activates"),
    LinkKind.TRAP: ("翻开陷阱", "springs the trap"),
    LinkKind.COUNTER: ("反击", "counters with"),
    LinkKind.WORSHIP: ("宣言祭祀", "declares worship with"),
    LinkKind.MANIFEST: ("显灵", "manifests"),
    LinkKind.ABILITY: ("发动能力", "uses the ability of"),
}


def describe_link(link: LinkView, view: View | None, lang: str) -> str:
    """One chain link in words: who, what, which mode, which targets, what was paid."""
    names = [s.name for s in view.seats] if view is not None else None
    idx = card_index(view)
    who = seat_name(link.seat, names, lang)
    verb = _pick(lang, *_LINK_KINDS.get(str(link.kind), (str(link.kind), str(link.kind))))
    text = f"{who} {verb} {card_name(link.card.card, lang)}"
    label = mode_label(link.card.card, link.mode, lang)
    if label:
        text += f" [{label}]"
    if link.targets:
        arrow = " -> "
        text += arrow + ", ".join(describe_target(t, view, lang, idx) for t in link.targets)
    if link.cost:
        paid = ", ".join(card_name(c.card, lang) for c in link.cost)
        text += _pick(lang, f"（代价：{paid}）", f" (paid: {paid})")
    if link.negated:
        text += _pick(lang, "（已无效）", " (negated)")
    return text


# ───────────────────────────── options ─────────────────────────────

_OPTION_VERBS: dict[str, tuple[str, str]] = {
    "place": ("摆放", "Place"),
    "play": ("发动", "Play"),
    "set": ("盖放", "Set"),
    "ability": ("叠放到祖宗牌下（能力）：", "Stack under your ancestor (ability):"),
    "declare": ("宣言祭祀", "Declare worship with"),
    "pay": ("支付代价", "Pay with"),
    "flip": ("翻开", "Flip"),
    "counter": ("反击", "Counter with"),
    "manifest": ("显灵", "Manifest"),
    "pick": ("选择", "Pick"),
    "discard": ("弃掉", "Discard"),
}
_OPTION_WORDS: dict[str, tuple[str, str]] = {
    "skip": ("跳过摆放", "Skip placing"),
    "end": ("结束行动阶段", "End the action phase"),
    "decline": ("不祭祀", "Decline worship"),
    "cancel": ("取消", "Cancel"),
    "pass": ("不跟牌", "Pass"),
    "none": ("不选", "Choose none"),
}


def describe_option(
    option: Option, view: View | None, lang: str, cards: Mapping[int, str] | None = None
) -> str:
    """An option as its button text, e.g. ``place:12`` -> "Place Green Rice Cake".

    ``cards`` (cid -> card id) names cards the view no longer shows but the viewer has seen
    (an opponent's hand looked at by 借东风)."""
    prefix, _, rest = option.id.partition(":")
    kind = option.kind or prefix
    if option.id in _OPTION_WORDS:
        return _pick(lang, *_OPTION_WORDS[option.id])
    idx = dict(cards or {})
    idx.update(card_index(view))
    idx.update(_context_cards(view))
    if prefix == "mode" or kind == "mode":
        mode = option.mode if option.mode is not None else (int(rest) if rest.isdigit() else None)
        card_id = None
        if view is not None and view.prompt is not None:
            card_id = view.prompt.context.get("def") or idx.get(view.prompt.context.get("card", -1))
        label = mode_label(card_id, mode, lang)
        return label or _pick(lang, f"模式 {(mode or 0) + 1}", f"Mode {(mode or 0) + 1}")
    if prefix == "target":
        return _pick(lang, "目标：", "Target: ") + describe_target(rest, view, lang, idx)
    verb = _OPTION_VERBS.get(prefix)
    if verb is not None:
        cid = option.card if option.card is not None else (int(rest) if rest.isdigit() else None)
        name = card_name(idx.get(cid) if cid is not None else None, lang)
        return f"{_pick(lang, *verb)} {name}"
    return option.id


_PROMPT_TITLES: dict[str, tuple[str, str]] = {
    PromptKind.PLACE: ("摆放阶段：摆放一张供品，或跳过", "Placement: place an offering, or skip"),
    PromptKind.ACTION: ("行动阶段：发动、盖放，或结束", "Action phase: play, set, or end"),
    PromptKind.WORSHIP: ("祭祀阶段：宣言祭祀，或不祭祀", "Worship: declare, or decline"),
    PromptKind.MODE: ("选择模式", "Choose a mode"),
    PromptKind.TARGET: ("选择目标", "Choose a target"),
    PromptKind.COST: ("支付代价：选择一张牌", "Pay the cost: choose a card"),
    PromptKind.RESPOND: ("跟牌，或不跟", "Respond, or pass"),
    PromptKind.EFFECT: ("效果：选择一张牌", "Effect: choose a card"),
    PromptKind.HAND_LIMIT: ("手牌超出上限：弃一张牌", "Hand limit: discard a card"),
}

#: A card type: zh, its English name, and as a noun with its article ("choose an offering").
_TYPES: dict[str, tuple[str, str, str]] = {
    CardType.OFFERING: ("供品", "Offering", "an offering"),
    CardType.ACTION: ("行动牌", "Action", "an action card"),
    CardType.TRAP: ("陷阱牌", "Trap", "a trap"),
    CardType.COUNTER: ("反击牌", "Counter", "a counter"),
    CardType.ANCESTOR: ("祖宗牌", "Ancestor", "an ancestor"),
}


def type_name(card_type: CardType | str, lang: str) -> str:
    """A card type's name ("Offering", "陷阱牌")."""
    zh, en, _ = _TYPES.get(str(card_type), (str(card_type),) * 3)
    return _pick(lang, zh, en)


def _filter_noun(f: Filter | None, lang: str) -> str:
    if f is not None and f.tag == "burning":
        return _pick(lang, "燃烧牌", "a Burning card")
    if f is not None and f.type is not None:
        zh, _, noun = _TYPES[f.type]
        return _pick(lang, zh, noun)
    return _pick(lang, "牌", "a card")


#: What each clause op does, as the decider reads it. ``{n}`` the count, ``{what}`` the
#: search's kind of card, ``{who}`` the player the clause is about. Every clause op has words
#: (a test iterates the card set), also those that never ask: the chain and the rulebook may
#: use them too.
_CLAUSE_WORDS: dict[str, tuple[str, str]] = {
    "draw": ("抽 {n} 张牌", "draw {n} card{s}"),
    "search": ("从牌山选一张{what}加入手牌", "choose {what} to add to your hand from the deck"),
    "discard": ("选择要弃掉的手牌", "choose a card to discard"),
    "discard_random": ("{who}随机弃掉 {n} 张手牌", "{who} discards {n} at random"),
    "take_field": ("把作为对象的供品拿到你的场上", "take the targeted offering onto your field"),
    "take_hand": ("从{who}的手牌中选一张拿走", "choose a card to take from {who}'s hand"),
    "put_offering": (
        "选择一张供品放到你的场上（也可以不放）",
        "choose an offering to put onto your field (or none)",
    ),
    "discard_facedown": ("弃掉{who}场上所有盖放的牌", "discard {who}'s face-down cards"),
    "remove_stacked": (
        "选择{who}祖宗牌下的一张供品移除",
        "choose an offering stacked under {who}'s ancestor to remove",
    ),
    "negate": ("使所回应的连锁无效", "negate the link it answers"),
    "tap_targeted": ("横置你被作为对象的牌", "tap your card that was targeted"),
    "prohibit": ("本回合禁止检索和使用燃烧牌", "ban searching and using Burning cards this turn"),
}
_COST_WORDS: dict[str, tuple[str, str]] = {
    "discard": ("支付代价：弃掉 {n} 张手牌", "pay the cost: discard {n} card{s}"),
    "remove_stacked": (
        "支付代价：移除祖宗牌下的 {n} 张供品",
        "pay the cost: remove {n} offering{s} stacked under your ancestor",
    ),
}
_TARGET_WORDS: dict[str, tuple[str, str]] = {
    "opponent": ("选择一名对手作为对象", "choose an opponent as the target"),
    "opp_offering": (
        "选择对手场上一张未横置的供品作为对象",
        "choose an untapped offering on an opponent's field as the target",
    ),
    "opp_ancestor": ("选择对手场上的祖宗牌作为对象", "choose an opponent's ancestor as the target"),
}


def _count(step: int, total: int, lang: str) -> str:
    """ "(1 of 2)" when a choice is one of several picks; "" for a single pick."""
    if total <= 1:
        return ""
    return _pick(lang, f"（第 {step} 张，共 {total} 张）", f" ({step} of {total})")


def _headed(card_id: str | None, activation: str | None, words: str, lang: str) -> str:
    """ "拆台：words" / "Dismantle - words"; a manifestation says so after the name."""
    name = card_name(card_id, lang) if card_id else ""
    if activation == LinkKind.MANIFEST:
        name += _pick(lang, "（显灵）", " (manifestation)")
    if not name:
        return words[:1].upper() + words[1:]
    return _pick(lang, f"{name}：{words}", f"{name} - {words}")


def clause_words(
    clause: Clause, lang: str, *, who: str | None = None, n: int | None = None
) -> str:
    """What a clause does, in the decider's words ("choose a card to discard")."""
    zh, en = _CLAUSE_WORDS.get(clause.op, (clause.op, clause.op))
    count = clause.n if n is None else n
    if clause.op == "discard" and count > 1:
        zh, en = "弃掉 {n} 张手牌", "discard {n} cards"
    if who is None:
        who = _pick(lang, "对手", "the opponent") if clause.op != "discard_random" else ""
    what = _filter_noun(clause.filter, lang)
    text = _pick(lang, zh, en).format(n=count, s="" if count == 1 else "s", what=what, who=who)
    return " ".join(text.split()) if lang != "zh" else text


def cost_words(op: str, n: int, lang: str) -> str:
    """What paying a cost takes ("pay the cost: discard 2 cards")."""
    zh, en = _COST_WORDS.get(op, (f"支付代价：{op} {{n}}", f"pay the cost: {op} {{n}}"))
    return _pick(lang, zh, en).format(n=n, s="" if n == 1 else "s")


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
    if clause.op == "discard":
        words += _count(picked + 1, n, lang)
    return _headed(card_id, kind, words, lang)


def _draft_title(kind: PromptKind, ctx: Mapping[str, Any], lang: str) -> str | None:
    """MODE, TARGET, COST: the card being activated, the step and the count."""
    card_id = ctx.get("def")
    if not isinstance(card_id, str):
        return None
    activation = ctx.get("activation")
    activation = activation if isinstance(activation, str) else None
    if kind is PromptKind.MODE:
        words = _pick(lang, "选择要发动的效果", "choose which effect to use")
    elif kind is PromptKind.TARGET:
        zh, en = _TARGET_WORDS.get(str(ctx.get("target")), _PROMPT_TITLES[PromptKind.TARGET])
        words = _pick(lang, zh, en)
    else:
        op = str(ctx.get("cost") or "discard")
        total = sum(c.n for c in _costs_of(card_id, activation) if c.op == op) or 1
        remaining = ctx.get("remaining")
        remaining = remaining if isinstance(remaining, int) and 0 < remaining <= total else total
        words = cost_words(op, total, lang) + _count(total - remaining + 1, total, lang)
    return _headed(card_id, activation, words, lang)


def describe_prompt(view: View, lang: str) -> str:
    """What the pending decision is, from the viewer's side: for the decider, the card, the
    clause and the count ("Dismantle - pay the cost: discard 2 cards (1 of 2)"); for the others
    whose decision it is ("Waiting for Bob: respond")."""
    p = view.prompt
    if p is None:
        return ""
    title = _pick(lang, *_PROMPT_TITLES.get(str(p.kind), (str(p.kind), str(p.kind))))
    if p.kind is PromptKind.RESPOND and view.chain:
        newest = view.chain[-1]
        title += _pick(lang, "：", ": ") + describe_link(newest, view, lang)
    elif p.kind in (PromptKind.MODE, PromptKind.TARGET, PromptKind.COST):
        title = _draft_title(p.kind, p.context, lang) or title
    elif p.kind is PromptKind.EFFECT:
        words = _effect_title(view, p.context, lang)
        if words is not None:
            title = words
        elif view.resolving is not None and 0 <= view.resolving < len(view.chain):
            # the others see no context: the resolving card is public, the choice is not
            link = view.chain[view.resolving]
            choosing = _pick(lang, "选择一张牌", "choosing a card")
            title = _headed(link.card.card, str(link.kind), choosing, lang)
    if p.seat != view.viewer:
        names = [s.name for s in view.seats]
        who = seat_name(p.seat, names, lang)
        return _pick(lang, f"等待 {who}：", f"Waiting for {who}: ") + title
    return title


# ───────────────────────────── events ─────────────────────────────

#: What a timed-out player did, by the default option taken (see ``Game.apply_default``).
_TIMED_OUT: dict[str, tuple[str, str]] = {
    "pass": ("不跟牌", "passed"),
    "end": ("结束了行动阶段", "ended the action phase"),
    "skip": ("跳过了摆放", "skipped placing"),
    "decline": ("不祭祀", "declined worship"),
    "none": ("不选", "chose none"),
}


def _d(data: Mapping[str, Any], key: str) -> Any:
    return data.get(key)


def describe(
    event: Event,
    lang: str,
    names: Sequence[str] | None = None,
    cards: Mapping[int, str] | None = None,
) -> str:
    """One event as a line of the game log; "" for bookkeeping not worth a line (a section
    that resolved).

    ``names`` are the seats' player names; ``cards`` (cid -> card id, e.g. from
    :func:`card_index` of the current view) names card targets, which events carry as ids."""
    d = event.data
    who = seat_name(event.seat, names, lang)
    k = event.kind
    card = card_name(_d(d, "def"), lang) if _d(d, "def") else None

    def z(zh: str, en: str) -> str:
        return _pick(lang, zh, en)

    if k == "start":
        first = seat_name(_d(d, "first"), names, lang)
        return z(f"游戏开始，{first} 先手", f"The game begins; {first} goes first")
    if k == "turn":
        n = _d(d, "turn")
        return z(f"== 第 {n} 回合：{who} ==", f"== Turn {n}: {who} ==")
    if k == "phase":
        return z(
            f"{who}：{phase_name(_d(d, 'phase') or '', lang)}",
            f"{who}: {phase_name(_d(d, 'phase') or '', lang)}",
        )
    if k == "draw":
        n = _d(d, "count") or 0
        shown = _d(d, "defs")
        if isinstance(shown, list) and shown:
            listed = ", ".join(card_name(c, lang) for c in shown)
            return z(f"{who} 抽到 {listed}", f"{who} draws {listed}")
        return z(f"{who} 抽了 {n} 张牌", f"{who} draws {n} card{'s' if n != 1 else ''}")
    if k == "reshuffle":
        return z("弃牌区洗切成为新的牌山", "The discard pile is shuffled into a new deck")
    if k == "tap":
        return z(f"{who} 的 {card} 横置了", f"{who}'s {card} becomes tapped")
    if k == "activate":
        return _activation(d, who, names, lang, cards)
    if k == "set":
        if card:
            return z(f"{who} 盖放了 {card}", f"{who} sets {card} face-down")
        return z(f"{who} 盖放了一张牌", f"{who} sets a card face-down")
    if k == "pass":
        return z(f"{who} 不跟牌", f"{who} passes")
    if k == "timeout":
        zh, en = _TIMED_OUT.get(str(_d(d, "option")), ("取了默认选项", "the default was taken"))
        return z(f"{who} 超时（{zh}）", f"{who} timed out ({en})")
    if k == "chain_closed":
        if (_d(d, "links") or 0) < 2:
            return ""
        return z("连锁结束，开始逆序结算", "The chain closes and resolves, newest first")
    if k == "section":
        if _d(d, "ok"):
            return ""
        n = (_d(d, "link") or 0) + 1
        return z(f"连锁 {n} 的一段效果未能执行", f"Part of link {n}'s effect fails")
    if k == "resolved":
        n = (_d(d, "link") or 0) + 1
        if _d(d, "negated"):
            return z(f"连锁 {n}（{who}）被无效", f"Link {n} ({who}) was negated")
        return z(f"连锁 {n}（{who}）结算完毕", f"Link {n} ({who}) resolves")
    if k == "negate":
        n = (_d(d, "link") or 0) + 1
        return z(f"{who} 使连锁 {n} 无效", f"{who} negates link {n}")
    if k == "search":
        if card:
            return z(f"{who} 检索了 {card}", f"{who} searches out {card}")
        return z(f"{who} 从牌山检索了一张牌", f"{who} searches the deck for a card")
    if k == "look":
        seen = ", ".join(card_name(c, lang) for c in _d(d, "defs") or ())
        other = seat_name(_d(d, "seat"), names, lang)
        return z(f"{who} 看了 {other} 的手牌：{seen}", f"{who} looks at {other}'s hand: {seen}")
    if k == "discard":
        if _d(d, "cost"):
            return z(f"{who} 弃掉 {card} 作为代价", f"{who} discards {card} as a cost")
        if _d(d, "random"):
            return z(f"{who} 随机弃掉了 {card}", f"{who} discards {card} at random")
        if _d(d, "face_down"):
            return z(
                f"{who} 的盖放牌 {card} 进入弃牌区",
                f"{who}'s face-down {card} goes to the discard pile",
            )
        if _d(d, "end_phase"):
            return z(f"{who} 的 {card} 离场", f"{who}'s {card} leaves the field")
        if _d(d, "hand_limit"):
            return z(f"{who} 因手牌上限弃掉 {card}", f"{who} discards {card} for the hand limit")
        return z(f"{who} 弃掉了 {card}", f"{who} discards {card}")
    if k == "take":
        frm = seat_name(_d(d, "from"), names, lang)
        what = card or _pick(lang, "一张牌", "a card")
        if _d(d, "to") == "field":
            return z(
                f"{who} 把 {frm} 场上的 {what} 拿到自己场上",
                f"{who} takes {what} from {frm}'s field onto theirs",
            )
        return z(f"{who} 从 {frm} 处拿走 {what}", f"{who} takes {what} from {frm}")
    if k == "put":
        return z(f"{who} 把 {card} 放到场上", f"{who} puts {card} onto the field")
    if k == "unstack":
        if _d(d, "cost"):
            return z(
                f"{who} 移除叠放的 {card} 作为代价", f"{who} removes the stacked {card} as a cost"
            )
        return z(
            f"{who} 的祖宗牌下的 {card} 进入弃牌区",
            f"{card} stacked under {who}'s ancestor goes to the discard pile",
        )
    if k == "stack":
        listed = ", ".join(card_name(c, lang) for c in _d(d, "defs") or ())
        return z(f"{who} 把 {listed} 叠放到祖宗牌下", f"{who} stacks {listed} under the ancestor")
    if k == "return":
        return z(f"{card} 回到 {who} 的手牌", f"{card} returns to {who}'s hand")
    if k == "worship":
        n = len(_d(d, "stacked") or ())
        return z(
            f"{who} 祭祀 {card}，叠放了 {n} 张供品",
            f"{who} worships {card}, stacking {n} offering{'s' if n != 1 else ''}",
        )
    if k == "ritual_broken":
        return z(
            f"{who} 的祭祀中断，{card} 进入弃牌区",
            f"{who}'s ritual breaks; {card} goes to the discard pile",
        )
    if k == "prohibit":
        src = card_name(_d(d, "source"), lang)
        return z(
            f"本回合所有玩家不能检索或使用燃烧牌（{src}）",
            f"This turn nobody may search or use Burning cards ({src})",
        )
    if k == "concede":
        return z(f"{who} 认输", f"{who} concedes")
    if k == "game_over":
        winner = _d(d, "winner")
        if winner is None:
            return z("游戏结束：平局", "The game ends in a draw")
        w = seat_name(winner, names, lang)
        anc = _d(d, "ancestor")
        if anc:
            return z(
                f"{w} 祭祀 {card_name(anc, lang)} 成功，获胜！",
                f"{w} wins by worshipping {card_name(anc, lang)}!",
            )
        return z(f"{w} 获胜！", f"{w} wins!")
    if k == "reveal_hands":
        return z("所有手牌公开", "Every hand is revealed")
    return _fallback(event, who, lang)


_RESULT_REASONS: dict[str, tuple[str, str]] = {
    "worship": ("祭祀成功", "by worship"),
    "last_standing": ("其他玩家都已认输", "as the last player standing"),
    "round_limit": ("打满了轮数上限", "the round limit was reached"),
    "stalemate": ("僵局：谁都无事可做", "stalemate: nothing left to happen"),
}


def describe_result(
    result: Result | None, names: Sequence[str], lang: str, *, turn: int = 0, round_: int = 0
) -> str:
    """How a game ended, in one line; a game not over (None) was interrupted at ``turn``."""
    if result is None:
        return _pick(
            lang,
            f"未完：停在第 {turn} 回合（第 {round_} 轮）",
            f"Interrupted at turn {turn} (round {round_})",
        )
    zh, en = _RESULT_REASONS.get(result.reason, (result.reason, result.reason))
    how = _pick(lang, zh, en)
    rounds, turns = result.rounds, result.turns
    if result.winner is None:
        return _pick(
            lang,
            f"游戏结束：平局（{how}），{rounds} 轮，{turns} 个回合",
            f"Game over: a draw ({how}) after {rounds} rounds, {turns} turns",
        )
    winner = seat_name(result.winner, names, lang)
    return _pick(
        lang,
        f"游戏结束：{winner} 获胜（{how}），{rounds} 轮，{turns} 个回合",
        f"Game over: {winner} wins {how} after {rounds} rounds, {turns} turns",
    )


def _activation(
    d: Mapping[str, Any],
    who: str,
    names: Sequence[str] | None,
    lang: str,
    cards: Mapping[int, str] | None,
) -> str:
    kind = str(_d(d, "kind") or "")
    verb = _pick(lang, *_LINK_KINDS.get(kind, ("发动", "activates")))
    card_id = _d(d, "def")
    text = f"{who} {verb} {card_name(card_id, lang)}"
    payload = _d(d, "payload")
    if payload:
        text += _pick(
            lang, f"（叠放 {card_name(payload, lang)}）", f" (stacking {card_name(payload, lang)})"
        )
    label = mode_label(card_id, _d(d, "mode"), lang)
    if label:
        text += f" [{label}]"
    targets = _d(d, "targets")
    if targets:
        text += " -> " + ", ".join(_target_words(t, names, lang, cards) for t in targets)
    cost = _d(d, "cost")
    if cost:
        paid = ", ".join(card_name(c, lang) for c in cost)
        text += _pick(lang, f"（代价：{paid}）", f" (paid: {paid})")
    return text


def _target_words(
    t: Any, names: Sequence[str] | None, lang: str, cards: Mapping[int, str] | None
) -> str:
    if isinstance(t, str) and t.startswith("p") and t[1:].isdigit():
        return seat_name(int(t[1:]), names, lang)
    if isinstance(t, str) and t.startswith("c") and t[1:].isdigit():
        return card_name((cards or {}).get(int(t[1:])), lang)
    return str(t)


def describe_events(
    events: Iterable[Event],
    viewer: int | None,
    lang: str,
    names: Sequence[str] | None = None,
    cards: Mapping[int, str] | None = None,
    *,
    everything: bool = False,
) -> list[str]:
    """The log lines ``viewer`` should read for ``events``.

    Events the viewer may not see are dropped (with ``everything``, none is: a replay of the
    whole game from its journal). A pass right after a ``timeout`` of the same seat is not
    read twice. The engine sends a public event ("Bob draws 2") and then, to
    the seats allowed, the same event with the cards named; a viewer who sees both gets only
    the second line.
    """
    seen = list(events) if everything else [e for e in events if e.visible_to(viewer)]
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
        text = describe(e, lang, names, cards)
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
