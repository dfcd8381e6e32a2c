"""The chain (R16–R19): asking each seat in turn about the newest link, then resolving the
links last-in first-out, section by section, and what follows a chain (broken rituals, the win
check, the rest of the turn).

Links are added by committed drafts (:mod:`qm_rules.drafts`). While a chain is open the game's
loop calls :func:`step`: it asks the seats after the newest link's activator, in turn order,
whether they respond (R18); once nobody does, the chain closes and resolves from the newest
link down (:func:`resolve`). Each link's effect is a tuple of sections; a section's clauses
happen together or not at all (clause ops in :mod:`qm_rules.effects`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import Section
from .effects import CLAUSE_OPS, NO_CHOICE, STOPPED, Choice
from .members import (
    CARD_OFFERING,
    LINK_ABILITY,
    LINK_ACTION,
    LINK_COUNTER,
    LINK_MANIFEST,
    LINK_PLACE,
    LINK_TRAP,
    LINK_WORSHIP,
    PHASE_ACTION,
    PHASE_END,
    PHASE_PLACE,
    PHASE_WORSHIP,
    PROMPT_EFFECT,
    PROMPT_RESPOND,
)
from .model import PLAIN_OPTIONS, Prompt, SharedEvents, card_options
from .plays import ability_options, response_options
from .state import DISCARD, FIELD, HAND, LIMBO, STACK, Link
from .turn import end_turn, next_phase

if TYPE_CHECKING:
    from .game import Game

_PICK = card_options("pick")
_CHAIN_CLOSED = SharedEvents("chain_closed", "links")
_RESOLVED = SharedEvents("resolved", "link", "negated", "def")
_SECTION_DONE = SharedEvents("section", "link", "section", "ok")  # a section carried out


def step(g: Game) -> Prompt | None:
    """Run the open chain forward: ask the next seat about the newest link (R18); once
    nobody responds, close the chain and resolve it (R19); when it has resolved, what follows
    a chain. Returns the prompt of whoever must decide, or None when the chain is gone."""
    if not g.resolving:
        prompt = ask_next(g)
        if prompt is not None:
            return prompt
        g.resolving = True
        g.res_section = 0
        g.res_choices = {}
        g.add_event(_CHAIN_CLOSED[None, len(g.chain)])
    prompt = resolve(g)
    if prompt is not None:
        return prompt
    after_chain(g)
    return None


def ask_next(g: Game) -> Prompt | None:
    """Ask the next seat in turn order about the newest link (R18)."""
    asking = g.asking
    assert asking is not None
    while asking:
        seat = asking[0]
        if g.conceded[seat]:
            asking.pop(0)
            continue
        opts = response_options(g, seat)
        if opts or g.options.ask_everyone:
            opts.append(PLAIN_OPTIONS["pass"])
            return g.make_prompt(seat, PROMPT_RESPOND, opts, {"link": len(g.chain) - 1})
        asking.pop(0)
    return None


#: The seats after a seat, in turn order, by (players, seat).
_AFTER: dict[tuple[int, int], list[int]] = {}


def open_asking(g: Game, after: int) -> None:
    """Ask every seat still playing after ``after``, in turn order, about the newest link."""
    n = g.n
    order = _AFTER.get((n, after))
    if order is None:
        order = _AFTER[n, after] = [(after + i) % n for i in range(1, n)]
    conceded = g.conceded
    g.asking = [s for s in order if not conceded[s]] if True in conceded else order[:]


def _link_effect(g: Game, link: Link) -> tuple[Section, ...]:
    """The sections a link resolves: its mode's effect, its manifestation's, or none."""
    d = g.st.defs[link.card]
    if link.kind is LINK_MANIFEST:
        assert d.manifestation is not None
        return d.manifestation.effect
    if link.kind in (LINK_ACTION, LINK_TRAP, LINK_COUNTER):
        return d.modes[link.mode or 0].effect
    return ()


def resolve(g: Game) -> Prompt | None:
    """Resolve from the newest link to the oldest (R18). Returns a prompt when a clause
    needs a decision, None when the chain is empty."""
    while g.chain:
        link = g.chain[-1]
        index = len(g.chain) - 1
        if not link.negated and not g.conceded[link.seat]:
            sections = _link_effect(g, link)
            while g.res_section < len(sections):
                sec = sections[g.res_section]
                prompt = _resolve_section(g, link, index, sec)
                if prompt is not None:
                    return prompt
                g.res_section += 1
                g.res_choices = {}
        _finish_link(g, link, index)
        g.chain.pop()
        g.res_section = 0
        g.res_choices = {}
    return None


def _resolve_section(g: Game, link: Link, index: int, sec: Section) -> Prompt | None:
    """Resolve one section: gather its clauses' choices (asking when there is more than one
    candidate), then carry out all its clauses or none (R19)."""
    if sec.condition == "cost_offering":
        if not any(g.st.defs[c].type is CARD_OFFERING for c in link.cost):
            g.emit(
                "section",
                link.seat,
                {"link": index, "section": g.res_section, "ok": False, "why": "condition"},
            )
            return None
    chosen = g.res_choices
    for i, cl in enumerate(sec.clauses):
        picked = chosen.get(i, ...)
        if picked is None and i in chosen:
            continue  # an optional choice declined
        op = CLAUSE_OPS[cl.op]
        cands = op.choices(g, link, cl)
        if cands is NO_CHOICE:
            continue
        got = picked if isinstance(picked, list) else []
        if got and got[-1] == STOPPED:
            continue  # the decider took fewer than the most, and enough
        rule = op.picks(g, link, cl)
        if len(got) >= rule.most:
            continue
        remaining = [c for c in cands if c not in got]
        if not remaining:
            if cl.optional and not got:
                chosen[i] = None
                continue
            if len(got) >= rule.least:
                continue
            g.emit(
                "section",
                link.seat,
                {"link": index, "section": g.res_section, "ok": False, "why": cl.op},
            )
            return None
        if not got:
            op.shown(g, link, cl, remaining)
        may_stop = len(got) >= rule.least
        if len(remaining) == 1 and not cl.optional and not may_stop:
            chosen[i] = [*got, remaining[0]]
            if len(got) + 1 < rule.most:
                return _resolve_section(g, link, index, sec)
            continue
        opts = [_PICK[c] for c in remaining]
        if may_stop:
            opts.append(PLAIN_OPTIONS["enough"])
        if cl.optional:
            opts.append(PLAIN_OPTIONS["none"])
        context = {
            "link": index,
            "clause": i,
            "op": cl.op,
            "section": g.res_section,
            "def": g.st.defs[link.card].id,
            "n": rule.most,  # cards this clause takes, and how many are chosen so far
            "picked": len(got),
            # The candidates may be cards the decider's view does not hold (the deck
            # for a search, a hand for 借东风); the decider may see them (R5).
            "cards": {str(c): g.st.defs[c].id for c in remaining},
        }
        if rule.least < rule.most:  # "up to n": said only where it is so
            context["least"] = rule.least
        if rule.ordered:
            context["ordered"] = True
        return g.make_prompt(
            link.seat,
            PROMPT_EFFECT,
            opts,
            context,
            default="none" if cl.optional else "enough" if may_stop else opts[0].id,
        )
    for i, cl in enumerate(sec.clauses):
        if not CLAUSE_OPS[cl.op].feasible(g, link, cl, _picks(chosen.get(i))):
            g.emit(
                "section",
                link.seat,
                {"link": index, "section": g.res_section, "ok": False, "why": cl.op},
            )
            return None
    for i, cl in enumerate(sec.clauses):
        CLAUSE_OPS[cl.op].apply(g, link, cl, _picks(chosen.get(i)))
    g.add_event(_SECTION_DONE[link.seat, index, g.res_section, True])
    return None


def _picks(choice: Choice) -> Choice:
    """A clause's picks without the mark that the decider stopped early."""
    if choice and choice[-1] == STOPPED:
        return choice[:-1]
    return choice


def _finish_link(g: Game, link: Link, index: int) -> None:
    """What happens to the card itself once its link has resolved or was negated."""
    st = g.st
    card = link.card
    # the link's card was shown to everyone when it was activated (R5: nothing new)
    g.add_event(_RESOLVED[link.seat, index, link.negated, st.defs[card].id])
    if link.kind is LINK_PLACE:
        if link.negated and st.loc[card][0] == FIELD:  # R10
            st.move(card, DISCARD)
            g.emit("discard", link.seat, {"card": card, "def": st.defs[card].id})
    elif link.kind is LINK_WORSHIP:
        if st.loc[card][0] != LIMBO:
            return
        if link.negated or g.conceded[link.seat]:  # R12
            if link.negate_to == "hand" and not g.conceded[link.seat]:
                st.move(card, HAND, link.seat)
                g.emit("return", link.seat, {"card": card, "def": st.defs[card].id})
            else:
                st.move(card, DISCARD)
                g.emit("discard", link.seat, {"card": card, "def": st.defs[card].id})
            return
        _worship(g, link.seat, card)
    elif link.kind is LINK_ABILITY:
        payload = link.payload
        assert payload is not None
        if st.loc[payload][0] != LIMBO:
            return
        if link.negated or st.ancestor(link.seat) != card:
            st.move(payload, DISCARD)
            g.emit("discard", link.seat, {"card": payload, "def": st.defs[payload].id})
        else:
            st.move(payload, STACK, link.seat)
            g.breaking.discard(link.seat)
            g.emit("stack", link.seat, {"cards": [payload], "defs": [st.defs[payload].id]})


def _worship(g: Game, seat: int, ancestor: int) -> None:
    """R12: the offerings are stacked under the ancestor, which takes one of their slots;
    then the worship draw."""
    st = g.st
    offerings = st.offerings_on_field(seat)
    slot = st.loc[offerings[0]][2] if offerings else st.free_slot(seat)
    for c in offerings:
        st.move(c, STACK, seat)
    if slot < 0:  # R6: nowhere to put it
        st.move(ancestor, HAND, seat)
        g.emit("return", seat, {"card": ancestor, "def": st.defs[ancestor].id})
        return
    st.move(ancestor, FIELD, seat, slot)
    g.emit(
        "worship",
        seat,
        {
            "card": ancestor,
            "def": st.defs[ancestor].id,
            "stacked": [st.defs[c].id for c in offerings],
        },
    )
    if not offerings:
        g.breaking.add(seat)
    g.draw(seat, 1)


def after_chain(g: Game) -> None:
    """After a chain has fully resolved: broken rituals leave (R14), the win check (R20),
    and the turn goes on from the phase that opened the chain."""
    st = g.st
    g.resolving = False
    g.asking = None
    if g.breaking:
        for seat in sorted(g.breaking):
            anc = st.ancestor(seat)
            if anc >= 0 and not st.stacks[seat]:
                st.move(anc, DISCARD)
                g.emit("ritual_broken", seat, {"card": anc, "def": st.defs[anc].id})
        g.breaking.clear()
    if any(st.stacks) and g.check_win():
        return
    if g.turn_ends_after_chain:
        end_turn(g)
        return
    if g.chain_origin is PHASE_PLACE:
        next_phase(g, PHASE_ACTION)
    elif g.chain_origin is PHASE_WORSHIP and not ability_options(g, g.turn_seat):
        next_phase(g, PHASE_END)  # else 始祖, just worshipped, may still stack this turn
