"""What each option does when it is chosen (R9–R19): the step a choice takes at once, or the
declaration it begins (:func:`qm_rules.drafts.start_draft`). :meth:`Game.choose` checks the
choice, applies it here, then runs the game on to the next decision.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .drafts import start_draft
from .effects import STOPPED
from .members import (
    CARD_TRAP,
    LINK_ABILITY,
    LINK_ACTION,
    LINK_COUNTER,
    LINK_MANIFEST,
    LINK_PLACE,
    LINK_TRAP,
    LINK_WORSHIP,
    PHASE_END,
    PHASE_WORSHIP,
    PROMPT_ACTION,
    PROMPT_COST,
    PROMPT_EFFECT,
    PROMPT_HAND_LIMIT,
    PROMPT_MODE,
    PROMPT_PLACE,
    PROMPT_RESPOND,
    PROMPT_TARGET,
    PROMPT_WORSHIP,
)
from .model import Option, Prompt, SharedEvents
from .state import DISCARD, FIELD
from .turn import next_phase

if TYPE_CHECKING:
    from .game import Game

#: A pass, by (seat, link): shared public events (:class:`SharedEvents`).
_PASSED = SharedEvents("pass", "link")


def apply_choice(g: Game, prompt: Prompt, opt: Option) -> None:
    """What option ``opt`` of ``prompt`` does, chosen: a step taken now, or a declaration
    begun (:mod:`qm_rules.drafts`); the game's loop runs on from there."""
    kind = prompt.kind
    seat = prompt.seat
    st = g.st
    k = opt.kind
    if kind is PROMPT_PLACE:
        if k == "skip":
            g.placed = True
        else:
            # (type: ignore: a card option names its card)
            start_draft(g, seat, LINK_PLACE, opt.card)  # type: ignore[arg-type]
    elif kind is PROMPT_ACTION:
        if k == "end":
            next_phase(g, PHASE_WORSHIP)
        elif k == "play":
            # (type: ignore: a card option names its card)
            start_draft(g, seat, LINK_ACTION, opt.card)  # type: ignore[arg-type]
        elif k == "set":
            c = opt.card
            assert c is not None
            st.move(c, FIELD, seat, st.free_slot(seat))
            st.set_face_down(c, True, turn=g.turn)
            g.emit("set", seat, {"slot": st.loc[c][2]})
            g.emit("set", seat, {"slot": st.loc[c][2], "card": c, "def": st.defs[c].id}, to=(seat,))
        elif k == "ability":
            start_draft(g, seat, LINK_ABILITY, st.ancestor(seat), payload=opt.card)
    elif kind is PROMPT_WORSHIP:
        if k == "decline":
            next_phase(g, PHASE_END)
        elif k == "ability":  # 始祖, right after its worship
            start_draft(g, seat, LINK_ABILITY, st.ancestor(seat), payload=opt.card)
        else:
            # (type: ignore: a card option names its card)
            start_draft(g, seat, LINK_WORSHIP, opt.card)  # type: ignore[arg-type]
    elif kind in (PROMPT_MODE, PROMPT_TARGET, PROMPT_COST):
        dr = g.draft
        assert dr is not None
        if k == "cancel":
            g.draft = None
        elif k == "mode":
            dr.mode = opt.mode
        elif k == "target":
            # (type: ignore: a card target names its card)
            dr.targets.append(("p", opt.seat) if opt.seat is not None else ("c", opt.card))  # type: ignore[arg-type]
        elif k == "pay":
            dr.cost.append(opt.card)  # type: ignore[arg-type]  # a card option names its card
    elif kind is PROMPT_RESPOND:
        if k == "pass":
            assert g.asking
            g.asking.pop(0)
            g.add_event(_PASSED[seat, len(g.chain) - 1])
        elif k == "flip":
            d = st.defs[opt.card]  # type: ignore[index]  # a card option names its card
            lk = LINK_TRAP if d.type is CARD_TRAP else LINK_COUNTER
            # (type: ignore: a card option names its card)
            start_draft(g, seat, lk, opt.card)  # type: ignore[arg-type]
        elif k == "counter":
            # (type: ignore: a card option names its card)
            start_draft(g, seat, LINK_COUNTER, opt.card)  # type: ignore[arg-type]
        elif k == "manifest":
            # (type: ignore: a card option names its card)
            start_draft(g, seat, LINK_MANIFEST, opt.card)  # type: ignore[arg-type]
    elif kind is PROMPT_EFFECT:
        i = prompt.context["clause"]
        prev = g.res_choices.get(i) or []
        # (type: ignore: an effect's option names a card, but none)
        if k == "none":
            g.res_choices[i] = None
        elif k == "enough":
            g.res_choices[i] = [*prev, STOPPED]
        else:
            # (type: ignore: an effect's card option names its card)
            g.res_choices[i] = [*prev, opt.card]  # type: ignore[list-item]
    elif kind is PROMPT_HAND_LIMIT:
        c = opt.card
        assert c is not None
        st.move(c, DISCARD)
        g.emit("discard", seat, {"card": c, "def": st.defs[c].id, "hand_limit": True})
