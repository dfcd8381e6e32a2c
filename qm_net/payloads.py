"""What a prompt's ``context`` holds, one typed definition per kind; and (from the engine's
:mod:`qm_rules.events`) what an event's ``data`` holds.

The engine builds these maps as plain data; the definitions say what each kind carries,
so that a client written from ``docs/protocol.md`` can render every event and prompt. They feed
the published schema and the doc's tables (:mod:`qm_net.schema`), and a test plays many games
holding every event and prompt the host sends to them — a kind or field the engine adds without
a word here fails it. Each class's ``EXAMPLE`` is checked against its own definition.

Fields that only some receivers get (the cards named to those allowed to see them) have the
default ``UNSET`` and are absent from the map otherwise. ``card`` is a card instance (``cid``),
``def`` a card definition id, ``link`` an index into the view's ``chain``.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

import msgspec
from msgspec import UNSET, UnsetType

from qm_rules.events import EVENT_DATA, Cid, Def, Payload

__all__ = ["EVENT_DATA", "PROMPT_CONTEXT", "Payload"]


# ───────────────────────────── prompt context ─────────────────────────────


class NoContext(Payload):
    """Nothing more: the options say it all."""

    EXAMPLE: ClassVar[dict[str, Any]] = {}


class HandLimitContext(Payload):
    """Discard down to ``limit`` cards: ``over`` more to go."""

    limit: int
    over: int
    EXAMPLE = {"limit": 6, "over": 1}


#: Why a card cannot be played now: ``[reason, n, word]`` (:class:`PlayContext`).
WhyNot = tuple[str, int, str]


class PlayContext(Payload):
    """A play of the turn: ``why_not`` (absent when empty) says, for each card in the
    decider's hand that no option plays, why not (cid as a string → ``[reason, n, word]``:
    ``cost`` with ``n`` other cards to discard, ``no_target`` with the target kind,
    ``slots_full``, ``prohibited`` with the tag, ``offerings`` with the offerings on the field,
    ``action_phase``, ``placement_phase`` and the like; ``qm_rules.plays.Reason``)."""

    why_not: dict[str, WhyNot] | UnsetType = UNSET
    EXAMPLE = {"why_not": {"12": ["cost", 1, ""], "30": ["action_phase", 0, ""]}}


class RespondContext(Payload):
    """The link being answered; ``why_not`` as for a play, for the cards in hand and the
    decider's face-down cards that cannot answer it (``set_this_turn``, ``trigger``,
    ``own_turn_only``, ...)."""

    link: int
    why_not: dict[str, WhyNot] | UnsetType = UNSET
    EXAMPLE = {"link": 0, "why_not": {"9": ["set_this_turn", 0, ""]}}


class ActivationContext(Payload):
    """A step of declaring an activation: the card and how it is being activated."""

    card: Cid
    def_: Def = msgspec.field(name="def")
    activation: Literal["place", "action", "trap", "counter", "worship", "manifest", "ability"]
    EXAMPLE = {"card": 7, "def": "jie_dongfeng", "activation": "action"}


class TargetContext(ActivationContext):
    """Choose the next target; ``target`` is the kind of target wanted."""

    target: str
    EXAMPLE = {"card": 7, "def": "jie_dongfeng", "activation": "action", "target": "opponent"}


class CostContext(ActivationContext):
    """Pay the cost one card at a time: ``cost`` is how (``discard`` from the hand,
    ``remove_stacked`` from the ancestor's stack), ``remaining`` cards still to pay."""

    cost: str
    remaining: int
    EXAMPLE = {"card": 7, "def": "chaitai", "activation": "trap", "cost": "discard", "remaining": 1}


class EffectContext(Payload):
    """A link's effect needs a pick: ``op`` is the clause (search, discard, take, put, remove),
    which takes ``n`` cards of which ``picked`` are chosen so far; ``cards`` the candidates
    (cid as a string → def), which may be cards the view does not hold (the deck, another's
    hand) but that the decider may see."""

    link: int
    clause: int
    op: str
    section: int
    def_: Def = msgspec.field(name="def")
    n: int  # the most cards this clause takes
    picked: int  # how many of them are chosen so far
    cards: dict[str, Def]
    least: int | None = None  # "up to n": the fewest it takes (then `enough` is offered)
    ordered: bool = False  # the cards are used in the order they are picked
    EXAMPLE = {
        "link": 0,
        "clause": 0,
        "op": "search",
        "section": 0,
        "def": "saomu",
        "n": 1,
        "picked": 0,
        "cards": {"14": "qingtuan", "31": "zhiqian"},
    }


#: Prompt kind → what its ``context`` holds for the deciding seat (others get ``{}``).
PROMPT_CONTEXT: dict[str, type[Payload]] = {
    "place": PlayContext,
    "action": PlayContext,
    "worship": PlayContext,
    "mode": ActivationContext,
    "target": TargetContext,
    "cost": CostContext,
    "respond": RespondContext,
    "effect": EffectContext,
    "hand_limit": HandLimitContext,
}


def fields_of(cls: type[Payload]) -> dict[str, msgspec.structs.FieldInfo]:
    """The wire names of a payload's fields."""
    return {f.encode_name: f for f in msgspec.structs.fields(cls)}
