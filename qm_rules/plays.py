"""What a seat may do now: the legal plays of each phase (R10–R12) and the responses it may
make to the newest link of a chain (R16–R17). Pure questions: nothing here changes the game.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from . import effects
from .cards import CardDef
from .members import (
    CARD_ACTION,
    CARD_ANCESTOR,
    CARD_COUNTER,
    CARD_OFFERING,
    CARD_TRAP,
    PROMPT_ACTION,
    PROMPT_PLACE,
    PROMPT_RESPOND,
    PROMPT_WORSHIP,
)
from .model import Option, card_options
from .state import EMPTY, HAND

if TYPE_CHECKING:
    from .game import Game

_ABILITY = card_options("ability")
_COUNTER = card_options("counter")
_DECLARE = card_options("declare")
_FLIP = card_options("flip")
_MANIFEST = card_options("manifest")
_PLACE = card_options("place")
_PLAY = card_options("play")
_SET = card_options("set")


class Reason(NamedTuple):
    """Why a card cannot be played now: ``code`` (its words are the catalogue's
    ``whynot.<code>``), with a count ``n`` and a ``word`` (a tag, a target kind) where the words
    need them. The functions below that decide legality return one (None: playable), so what
    the table says of a card and what the rules let it do are one decision."""

    code: str
    n: int = 0
    word: str = ""


#: Reasons that take no count and no word, built once (the option builders run at every prompt).
_R = {
    code: Reason(code)
    for code in (
        "action_phase",  # a special card in the placement phase
        "ancestor_out",  # no offering placed while the ancestor is on the field (R14)
        "ancestor_on_field",  # one ancestor on the field at a time (R12)
        "worship_phase",  # an ancestor outside the worship phase
        "placement_phase",  # an offering outside the placement phase
        "placed",  # one offering a turn (R10)
        "slots_full",  # no free slot (R6)
        "ability_used",  # 始祖's stacking, once a turn (R21)
        "worship_only",  # in the worship phase only an ancestor is declared
        "set_this_turn",  # not flipped in the turn it was set (R16)
        "trigger",  # its trigger does not match the newest link (R17)
        "own_turn_only",  # a counter from hand on one's own turn only (R16)
        "trap_set_first",  # a trap is set, then flipped
        "no_response",  # actions, offerings and ancestors answer nothing
    )
}


def _forbidden(g: Game, seat: int, d: CardDef) -> Reason | None:
    """R21: a prohibition in force on using ``d``: the reason names its tag."""
    for p in g.prohibitions:
        if p.tag in d.tags and "use" in p.actions:
            return Reason("prohibited", word=p.tag)
    return None


def place_reason(g: Game, seat: int, card: int) -> Reason | None:
    """Why ``card`` (in ``seat``'s hand) cannot be placed now, or None: one offering a turn
    (R10), none while the ancestor is out (R14), into a free slot, nothing forbidden."""
    st = g.st
    d = st.defs[card]
    if d.type is not CARD_OFFERING:
        return _R["worship_phase"] if d.type is CARD_ANCESTOR else _R["action_phase"]
    if g.placed:
        return _R["placed"]
    if st.anc[seat] >= 0:
        return _R["ancestor_out"]
    if EMPTY not in st.fields[seat]:
        return _R["slots_full"]
    return _forbidden(g, seat, d) if g.prohibitions else None


def place_options(g: Game, seat: int) -> list[Option]:
    """The offerings ``seat`` may place now (:func:`place_reason`)."""
    st = g.st
    if g.placed or st.anc[seat] >= 0 or EMPTY not in st.fields[seat]:
        return []  # (what place_reason says of every card: the common case, cheaply)
    return [_PLACE[c] for c in st.hands[seat] if place_reason(g, seat, c) is None]


def action_reason(
    g: Game, seat: int, card: int, targets: dict[str, bool] | None = None
) -> Reason | None:
    """Why ``card`` (in ``seat``'s hand) cannot be played or set now, or None: actions that can
    be paid and have targets, traps and counters to set, with a free slot, nothing forbidden
    (R11, R21). ``targets`` caches, for one call of :func:`action_options`, whether each
    target kind has a candidate. An offering goes through :func:`ability_reason`."""
    st = g.st
    d = st.defs[card]
    t = d.type
    if t is CARD_OFFERING:
        return ability_reason(g, seat, card)
    if t is CARD_ANCESTOR:
        return _R["worship_phase"]
    if EMPTY not in st.fields[seat]:
        return _R["slots_full"]
    if g.prohibitions:
        why = _forbidden(g, seat, d)
        if why is not None:
            return why
    if t is CARD_ACTION:
        why = pay_reason(g, seat, d, card)
        if why is not None:
            return why
        for kind in d.targets:
            has = targets.get(kind) if targets is not None else None
            if has is None:
                has = has_target(g, seat, kind)
                if targets is not None:
                    targets[kind] = has
            if not has:
                return Reason("no_target", word=kind)
    return None


def action_options(g: Game, seat: int) -> list[Option]:
    """What ``seat`` may play or set in its action phase (:func:`action_reason`), then
    始祖's stacking (:func:`ability_options`)."""
    st = g.st
    opts: list[Option] = []
    if EMPTY in st.fields[seat]:  # a free slot (else action_reason refuses every card)
        defs = st.defs
        targets: dict[str, bool] = {}  # target kind -> has a candidate (asked once a call)
        for c in st.hands[seat]:
            t = defs[c].type
            if t is CARD_OFFERING or t is CARD_ANCESTOR:
                continue
            if action_reason(g, seat, c, targets) is None:
                opts.append(_PLAY[c] if t is CARD_ACTION else _SET[c])
    opts += ability_options(g, seat)
    return opts


def ability_reason(g: Game, seat: int, card: int) -> Reason | None:
    """Why offering ``card`` cannot be stacked by 始祖's ability now, or None: once a turn, an
    offering that may be used (R21). Without 始祖 on the field, an offering is placed, in the
    placement phase."""
    st = g.st
    anc = st.anc[seat]
    if anc < 0 or "stack_ability" not in st.defs[anc].standing:
        return _R["placement_phase"]
    if g.ability_turn[seat] == g.turn:
        return _R["ability_used"]
    return _forbidden(g, seat, st.defs[card]) if g.prohibitions else None


def ability_options(g: Game, seat: int) -> list[Option]:
    """始祖's stacking: the offerings in hand :func:`ability_reason` lets it stack."""
    st = g.st
    anc = st.anc[seat]
    if anc < 0 or "stack_ability" not in st.defs[anc].standing or g.ability_turn[seat] == g.turn:
        return []
    defs = st.defs
    return [
        _ABILITY[c]
        for c in st.hands[seat]
        if defs[c].type is CARD_OFFERING and ability_reason(g, seat, c) is None
    ]


def worship_reason(g: Game, seat: int, card: int) -> Reason | None:
    """Why ``card`` (in ``seat``'s hand) cannot be declared or used in the worship phase, or
    None: an ancestor, four offerings on the field, no ancestor out (R12); with the ancestor
    out, only 始祖's stacking (:func:`ability_reason`)."""
    st = g.st
    d = st.defs[card]
    if st.anc[seat] >= 0:
        if d.type is CARD_OFFERING:
            return ability_reason(g, seat, card)
        return _R["ancestor_on_field"] if d.type is CARD_ANCESTOR else _R["worship_only"]
    if d.type is not CARD_ANCESTOR:
        return _R["worship_only"]
    have = len(st.offerings_on_field(seat))
    if have < 4:  # R12
        return Reason("offerings", n=have)
    return _forbidden(g, seat, d) if g.prohibitions else None


def worship_options(g: Game, seat: int) -> list[Option]:
    """The ancestors in hand that may be declared (:func:`worship_reason`). With the ancestor
    out, only 始祖's stacking, if not used yet this turn."""
    st = g.st
    if st.anc[seat] >= 0:
        return ability_options(g, seat)
    if len(st.offerings_on_field(seat)) < 4:  # R12
        return []
    defs = st.defs
    return [
        _DECLARE[c]
        for c in st.hands[seat]
        if defs[c].type is CARD_ANCESTOR and worship_reason(g, seat, c) is None
    ]


def pay_reason(g: Game, seat: int, d: CardDef, card: int) -> Reason | None:
    """Why ``seat`` cannot pay ``d``'s costs (not counting ``card`` itself), or None."""
    st = g.st
    for cost in d.cost:
        if (
            cost.op == "discard"
            and len(st.hands[seat]) - (1 if st.loc[card][0] == HAND else 0) < cost.n
        ):
            return Reason("cost", n=cost.n)
    return None


def can_pay(g: Game, seat: int, d: CardDef, card: int) -> bool:
    """Has ``seat`` the cards to pay ``d``'s costs (not counting ``card`` itself)?"""
    return pay_reason(g, seat, d, card) is None


def _candidates(g: Game, seat: int, kind: str) -> Iterator[tuple[str, int]]:
    """The targets of ``kind`` for ``seat``, in seat order: ("p", seat) or ("c", cid)."""
    st = g.st
    for s in range(g.n):
        if s == seat or g.conceded[s]:
            continue
        if kind == "opponent":
            yield ("p", s)
        elif kind == "opp_offering":
            for c in st.fields[s]:
                if (
                    c != EMPTY
                    and not st.face_down[c]
                    and not st.tapped[c]
                    and st.defs[c].type is CARD_OFFERING
                ):
                    yield ("c", c)
        elif kind == "opp_ancestor":
            a = st.ancestor(s)
            if a >= 0 and not st.tapped[a]:
                yield ("c", a)


def target_candidates(
    g: Game, seat: int, kind: str, chosen: list[tuple[str, int]]
) -> list[tuple[str, int]]:
    return [t for t in _candidates(g, seat, kind) if t not in chosen]


def has_target(g: Game, seat: int, kind: str) -> bool:
    """Has a target of ``kind`` at least one candidate?"""
    return next(_candidates(g, seat, kind), None) is not None


# ───────────────────────────── responses (R16–R18) ─────────────────────────────


def _use_reason(g: Game, seat: int, d: CardDef, card: int) -> Reason | None:
    """The last checks of an answer: nothing forbids it (R21) and its cost can be paid."""
    if g.prohibitions:
        why = _forbidden(g, seat, d)
        if why is not None:
            return why
    return pay_reason(g, seat, d, card)


def flip_reason(g: Game, seat: int, card: int) -> Reason | None:
    """Why ``seat``'s face-down ``card`` cannot be flipped in answer to the newest link, or
    None: set before this turn, its trigger matching, nothing forbidden, paid (R16–R17)."""
    st = g.st
    if g.turn <= st.set_turn[card]:
        return _R["set_this_turn"]  # R16: not in the turn it was set
    d = st.defs[card]
    trigger = d.trigger
    newest = g.chain[-1]
    kind = newest.kind
    if (
        not trigger
        or effects.KIND_TRIGGERS.get(trigger, kind) is not kind  # (cheaply: most set cards)
        or not effects.trigger_matches(g, trigger, seat, newest)
    ):
        return _R["trigger"]
    return _use_reason(g, seat, d, card)


def hand_response_reason(g: Game, seat: int, card: int) -> Reason | None:
    """Why ``card`` in ``seat``'s hand cannot answer the newest link, or None: a counter, on
    its owner's turn, with a free slot, its trigger matching, nothing forbidden, paid (R16)."""
    st = g.st
    d = st.defs[card]
    if d.type is not CARD_COUNTER:
        return _R["trap_set_first"] if d.type is CARD_TRAP else _R["no_response"]
    if seat != g.turn_seat:
        return _R["own_turn_only"]
    if EMPTY not in st.fields[seat]:
        return _R["slots_full"]
    if not effects.trigger_matches(g, d.trigger or "", seat, g.chain[-1]):
        return _R["trigger"]
    return _use_reason(g, seat, d, card)


def response_options(g: Game, seat: int) -> list[Option]:
    """What ``seat`` may respond to the newest link with: a trap or counter set before this
    turn (:func:`flip_reason`), a counter from hand on its own turn
    (:func:`hand_response_reason`), its ancestor's manifestation (R16–R17)."""
    st = g.st
    opts: list[Option] = []
    face_down = st.face_down
    for c in st.fields[seat]:
        if c != EMPTY and face_down[c] and flip_reason(g, seat, c) is None:
            opts.append(_FLIP[c])
    if seat == g.turn_seat and EMPTY in st.fields[seat]:
        defs = st.defs
        for c in st.hands[seat]:
            if defs[c].type is CARD_COUNTER and hand_response_reason(g, seat, c) is None:
                opts.append(_COUNTER[c])
    anc = st.anc[seat]
    if anc >= 0 and st.stacks[seat]:
        m = st.defs[anc].manifestation
        if m is not None and effects.trigger_matches(g, m.trigger, seat, g.chain[-1]):
            opts.append(_MANIFEST[anc])
    return opts


def why_not(g: Game, seat: int) -> dict[int, Reason]:
    """For the seat whose decision is pending (a placement, action, worship or response): each
    card in its hand, and each of its face-down cards, that no option of the prompt plays, and
    why (the same functions the options come from). Empty for any other seat or prompt."""
    p = g.prompt
    if p is None or p.seat != seat:
        return {}
    st = g.st
    kind = p.kind
    if kind is PROMPT_PLACE:
        reason = place_reason
    elif kind is PROMPT_ACTION:
        reason = action_reason
    elif kind is PROMPT_WORSHIP:
        reason = worship_reason
    elif kind is PROMPT_RESPOND:
        reason = hand_response_reason
    else:
        return {}
    out: dict[int, Reason] = {}
    for c in st.hands[seat]:
        why = reason(g, seat, c)
        if why is not None:
            out[c] = why
    if kind is PROMPT_RESPOND:
        for c in st.fields[seat]:
            if c != EMPTY and st.face_down[c]:
                why = flip_reason(g, seat, c)
                if why is not None:
                    out[c] = why
    return out


def why_not_context(g: Game, seat: int) -> dict[str, list[Any]]:
    """:func:`why_not` as a prompt context carries it to its decider: cid as a string →
    ``[code, n, word]`` (``docs/protocol.md``, the ``why_not`` of a prompt's context)."""
    return {str(c): [r.code, r.n, r.word] for c, r in why_not(g, seat).items()}


def reasons_of(context: Mapping[str, Any]) -> dict[int, Reason]:
    """The reasons a prompt's context carries (:func:`why_not_context`), by card; what does
    not read as one is left out (a newer host's reason shows as none)."""
    out: dict[int, Reason] = {}
    told = context.get("why_not")
    if not isinstance(told, Mapping):
        return out
    for key, value in told.items():
        if str(key).isdigit() and isinstance(value, list | tuple) and len(value) == 3:
            code, n, word = value
            if isinstance(code, str) and isinstance(n, int) and isinstance(word, str):
                out[int(key)] = Reason(code, n, word)
    return out
