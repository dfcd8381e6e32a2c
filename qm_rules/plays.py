"""What a seat may do now: the legal plays of each phase (R10–R12) and the responses it may
make to the newest link of a chain (R16–R17). Pure questions: nothing here changes the game.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from . import effects
from .cards import CardDef
from .members import CARD_ACTION, CARD_ANCESTOR, CARD_COUNTER, CARD_OFFERING, CARD_TRAP
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


def place_options(g: Game, seat: int) -> list[Option]:
    """One offering a turn (R10), none while the ancestor is out (R14), into a free slot."""
    st = g.st
    if g.placed or st.anc[seat] >= 0 or EMPTY not in st.fields[seat]:
        return []
    defs = st.defs
    if not g.prohibitions:
        return [_PLACE[c] for c in st.hands[seat] if defs[c].type is CARD_OFFERING]
    return [
        _PLACE[c]
        for c in st.hands[seat]
        if defs[c].type is CARD_OFFERING and not g.prohibited(seat, defs[c], "use")
    ]


def action_options(g: Game, seat: int) -> list[Option]:
    """Actions that can be paid and have targets and traps and counters to set, with a free
    slot; 始祖's stacking once a turn; nothing forbidden (R11, R21)."""
    st = g.st
    opts: list[Option] = []
    if EMPTY in st.fields[seat]:  # a free slot
        defs = st.defs
        forbidden = g.prohibited if g.prohibitions else None
        targets: dict[str, bool] = {}  # target kind -> has a candidate (asked once a call)
        for c in st.hands[seat]:
            d = defs[c]
            t = d.type
            if t is CARD_ACTION:
                if forbidden is not None and forbidden(seat, d, "use"):
                    continue
                if not can_pay(g, seat, d, c):
                    continue
                for kind in d.targets:
                    has = targets.get(kind)
                    if has is None:
                        has = targets[kind] = has_target(g, seat, kind)
                    if not has:
                        break
                else:
                    opts.append(_PLAY[c])
            elif (t is CARD_TRAP or t is CARD_COUNTER) and (
                forbidden is None or not forbidden(seat, d, "use")
            ):
                opts.append(_SET[c])
    opts += ability_options(g, seat)
    return opts


def ability_options(g: Game, seat: int) -> list[Option]:
    """始祖's stacking: once a turn, an offering from hand that may be used (R21)."""
    st = g.st
    anc = st.anc[seat]
    if anc < 0 or "stack_ability" not in st.defs[anc].standing or g.ability_turn[seat] == g.turn:
        return []
    return [
        _ABILITY[c]
        for c in st.hands[seat]
        if st.defs[c].type is CARD_OFFERING and not g.prohibited(seat, st.defs[c], "use")
    ]


def worship_options(g: Game, seat: int) -> list[Option]:
    """The ancestors in hand that may be declared: four offerings on the field, no ancestor out
    (R12). With the ancestor out, only 始祖's stacking, if not used yet this turn."""
    st = g.st
    if st.anc[seat] >= 0:
        return ability_options(g, seat)
    if len(st.offerings_on_field(seat)) < 4:  # R12
        return []
    return [
        _DECLARE[c]
        for c in st.hands[seat]
        if st.defs[c].type is CARD_ANCESTOR and not g.prohibited(seat, st.defs[c], "use")
    ]


def can_pay(g: Game, seat: int, d: CardDef, card: int) -> bool:
    """Has ``seat`` the cards to pay ``d``'s costs (not counting ``card`` itself)?"""
    st = g.st
    for cost in d.cost:
        if (
            cost.op == "discard"
            and len(st.hands[seat]) - (1 if st.loc[card][0] == HAND else 0) < cost.n
        ):
            return False
    return True


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


def response_options(g: Game, seat: int) -> list[Option]:
    """What ``seat`` may respond to the newest link with: a trap or counter set before this
    turn, a counter from hand on its own turn, its ancestor's manifestation (R16–R17)."""
    st = g.st
    newest = g.chain[-1]
    opts: list[Option] = []
    match = effects.trigger_matches
    answers, kind = effects.KIND_TRIGGERS.get, newest.kind
    face_down, set_turn, turn = st.face_down, st.set_turn, g.turn
    for c in st.fields[seat]:
        if c == EMPTY or not face_down[c] or set_turn[c] >= turn:
            continue  # R16: not in the turn it was set
        d = st.defs[c]
        trigger = d.trigger
        if not trigger or answers(trigger, kind) is not kind:
            continue  # none, or it answers another kind of link only (most set cards)
        if (
            match(g, trigger, seat, newest)
            and not (g.prohibitions and g.prohibited(seat, d, "use"))
            and can_pay(g, seat, d, c)
        ):
            opts.append(_FLIP[c])
    if seat == g.turn_seat and EMPTY in st.fields[seat]:
        for c in st.hands[seat]:
            d = st.defs[c]
            if (
                d.type is CARD_COUNTER
                and match(g, d.trigger or "", seat, newest)
                and not g.prohibited(seat, d, "use")
                and can_pay(g, seat, d, c)
            ):
                opts.append(_COUNTER[c])
    anc = st.anc[seat]
    if anc >= 0 and st.stacks[seat]:
        m = st.defs[anc].manifestation
        if m is not None and match(g, m.trigger, seat, newest):
            opts.append(_MANIFEST[anc])
    return opts
