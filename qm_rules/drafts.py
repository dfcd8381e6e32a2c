"""Activation drafts (R15): declaring an activation step by step before it becomes a link.

A draft is started by a choice (place, play, flip, counter, manifest, worship, ability) and
asks its activator for the mode, the targets and the costs, one prompt at a time; a step with
a single candidate is taken without asking. Cancelling leaves no trace. A complete draft is
committed: the card moves, the costs are paid, and it becomes the newest link of the chain
(:mod:`qm_rules.chain`), about which every other seat is then asked in turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import CardDef
from .chain import open_asking
from .members import (
    LINK_ABILITY,
    LINK_ACTION,
    LINK_COUNTER,
    LINK_MANIFEST,
    LINK_PLACE,
    LINK_TRAP,
    LINK_WORSHIP,
    PROMPT_ACTION,
    PROMPT_COST,
    PROMPT_MODE,
    PROMPT_TARGET,
)
from .model import PLAIN_OPTIONS, LinkKind, Option, Prompt, PromptKind, card_options
from .plays import target_candidates
from .state import DISCARD, FIELD, HAND, LIMBO, STACK, Draft, Link

if TYPE_CHECKING:
    from .game import Game

_PAY = card_options("pay")


_LINK_NAME = {k: k.value for k in LinkKind}
_PROMPT_NAME = {k: k.value for k in PromptKind}  # an enum's .value is a slow property
#: Activations with no mode, target or cost to choose: complete as soon as they are started.
_NOTHING_TO_DECLARE = frozenset({LINK_PLACE, LINK_WORSHIP, LINK_ABILITY})


def _draft_def(g: Game, dr: Draft) -> tuple[CardDef, tuple[str, ...], list[tuple[str, int]]]:
    """The card, the target kinds and the costs still to choose for a draft."""
    d = g.st.defs[dr.card]
    if dr.kind is LINK_MANIFEST:
        assert d.manifestation is not None
        return d, (), [(c.op, c.n) for c in d.manifestation.cost]
    if dr.kind in (LINK_ACTION, LINK_TRAP, LINK_COUNTER):
        return d, d.targets, [(c.op, c.n) for c in d.cost]
    return d, (), []


def draft_prompt(g: Game) -> Prompt | None:
    """The next step of the draft, or None after committing it. Forced choices are made
    without asking (a single candidate)."""
    dr = g.draft
    assert dr is not None
    if dr.kind in _NOTHING_TO_DECLARE:
        commit(g, dr)
        return None
    st = g.st
    d, target_kinds, costs = _draft_def(g, dr)
    ctx = {"card": dr.card, "def": d.id, "activation": _LINK_NAME[dr.kind]}
    cancel = PLAIN_OPTIONS["cancel"]
    if dr.mode is None and dr.kind in (LINK_ACTION, LINK_TRAP, LINK_COUNTER) and len(d.modes) > 1:
        opts = [Option(f"mode:{i}", "mode", card=dr.card, mode=i) for i in range(len(d.modes))]
        return g.make_prompt(dr.seat, PROMPT_MODE, [*opts, cancel], ctx)
    while len(dr.targets) < len(target_kinds):
        cands = target_candidates(g, dr.seat, target_kinds[len(dr.targets)], dr.targets)
        if len(cands) == 1:
            dr.targets.append(cands[0])
            continue
        opts = [
            Option(f"target:p{v}", "target", seat=v)
            if k == "p"
            else Option(f"target:c{v}", "target", card=v)
            for k, v in cands
        ]
        return g.make_prompt(
            dr.seat,
            PROMPT_TARGET,
            [*opts, cancel],
            {**ctx, "target": target_kinds[len(dr.targets)]},
        )
    paid = len(dr.cost)
    need = 0
    for op, n in costs:
        need += n
        if paid < need:
            if op == "discard":
                cands_c = [c for c in st.hands[dr.seat] if c != dr.card and c not in dr.cost]
            else:  # remove_stacked: from this ancestor's stack
                cands_c = [c for c in st.stacks[dr.seat] if c not in dr.cost]
            if len(cands_c) == need - paid or len({st.defs[c].id for c in cands_c}) == 1:
                dr.cost.extend(cands_c[: need - paid])
                return draft_prompt(g)
            opts = [_PAY[c] for c in cands_c]
            return g.make_prompt(
                dr.seat,
                PROMPT_COST,
                [*opts, cancel],
                {**ctx, "cost": op, "remaining": need - paid},
            )
    commit(g, dr)
    return None


def start_draft(g: Game, seat: int, kind: LinkKind, card: int, payload: int | None = None) -> None:
    """Begin declaring an activation; others keep seeing the prompt it started from."""
    prompt = g._prompt
    origin = prompt.kind if prompt is not None else PROMPT_ACTION
    g.draft = Draft(seat, kind, card, payload, _PROMPT_NAME[origin])


def commit(g: Game, dr: Draft) -> None:
    """Carry out a complete activation: move the card, pay the costs, open or extend the
    chain, and start asking (R15, R18)."""
    st = g.st
    g.draft = None
    seat, card, kind = dr.seat, dr.card, dr.kind
    d = st.defs[card]
    if kind is LINK_PLACE:
        st.move(card, FIELD, seat, st.free_slot(seat))
        g.placed = True
    elif kind is LINK_ACTION or (kind is LINK_COUNTER and st.loc[card][0] == HAND):
        st.move(card, FIELD, seat, st.free_slot(seat))
    elif kind is LINK_TRAP or kind is LINK_COUNTER:
        st.set_face_down(card, False)  # flipped where it stands
    elif kind is LINK_WORSHIP:
        st.move(card, LIMBO, seat)
    elif kind is LINK_ABILITY:
        assert dr.payload is not None
        st.move(dr.payload, LIMBO, seat)
        g.ability_turn[seat] = g.turn
    for c in dr.cost:
        if st.loc[c][0] == STACK:
            st.move(c, DISCARD)
            g.emit("unstack", seat, {"card": c, "def": st.defs[c].id, "cost": True})
            if not st.stacks[seat]:
                g.breaking.add(seat)
        else:
            st.move(c, DISCARD)
            g.emit("discard", seat, {"card": c, "def": st.defs[c].id, "cost": True})
    # (most activations have no targets and no costs: no list is built for them)
    owners = [st.loc[v][1] if k == "c" else -1 for k, v in dr.targets] if dr.targets else []
    responds_to = len(g.chain) - 1 if g.chain else None
    if not g.chain:
        g.chain_origin = g.phase
    link = Link(
        seat, kind, card, dr.mode, list(dr.targets), owners, list(dr.cost), responds_to, dr.payload
    )
    g.chain.append(link)
    g.emit(
        "activate",
        seat,
        {
            "link": len(g.chain) - 1,
            "kind": _LINK_NAME[kind],
            "card": card,
            "def": d.id,
            "mode": dr.mode,
            "targets": [f"{k}{v}" for k, v in dr.targets] if dr.targets else [],
            "cost": [st.defs[c].id for c in dr.cost] if dr.cost else [],
            "payload": st.defs[dr.payload].id if dr.payload is not None else None,
        },
    )
    open_asking(g, seat)
