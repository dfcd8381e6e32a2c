"""What each event kind's ``data`` holds: one typed definition per kind (:data:`EVENT_DATA`).

The engine emits events as plain maps (``Game.emit``, the clause ops' ``emits``); the
definitions here say what each kind carries. They feed the wire's published schema and the
protocol doc's tables (:mod:`qm_net.schema`); the log reads each kind with its describer
(``qm_words/events/<kind>.py``). A test plays many games holding every event the host sends to
them — a kind or field the engine adds without a word here fails it; each class's ``EXAMPLE``
is checked against its own definition.

Fields that only some receivers get (the cards named to those allowed to see them) have the
default ``UNSET`` and are absent from the map otherwise. ``card`` is a card instance (``cid``),
``def`` a card definition id, ``link`` an index into the view's ``chain``.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal, dataclass_transform

import msgspec
from msgspec import UNSET, Struct, UnsetType

Cid = int
Def = str


# Frozen and keyword-only by inheritance, as msgspec does it: stated for type checkers, whose
# PEP 681 defaults would call each payload a mutable class inheriting a frozen one.
@dataclass_transform(frozen_default=True, kw_only_default=True, field_specifiers=(msgspec.field,))
class Payload(Struct, frozen=True, kw_only=True, omit_defaults=True):
    EXAMPLE: ClassVar[dict[str, Any]] = {}


class StartData(Payload):
    """The game begins: who plays (seat order) and who goes first."""

    first: int
    players: list[str]
    EXAMPLE = {"first": 1, "players": ["Ann", "Bo", "Cy"]}


class TurnData(Payload):
    """A turn begins (``seat``: whose)."""

    turn: int
    round: int
    EXAMPLE = {"turn": 4, "round": 2}


class PhaseData(Payload):
    """The turn moves to a phase (``seat``: whose turn)."""

    phase: Literal["draw", "place", "action", "worship", "end", "over"]
    EXAMPLE = {"phase": "action"}


class ReshuffleData(Payload):
    """The deck ran out: the discard pile (``cards`` many) became the deck."""

    cards: int
    EXAMPLE = {"cards": 23}


class DrawData(Payload):
    """``seat`` draws ``count`` cards; the drawer also gets the same event naming them."""

    count: int
    cards: list[Cid] | UnsetType = UNSET
    defs: list[Def] | UnsetType = UNSET
    EXAMPLE = {"count": 2, "cards": [14, 31], "defs": ["qingtuan", "zhiqian"]}


class ProhibitData(Payload):
    """A prohibition comes into force (see the view's ``prohibitions``)."""

    tag: str
    actions: list[str]
    source: Def
    EXAMPLE = {"tag": "burning", "actions": ["search", "use"], "source": "yehuo"}


class ChainClosedData(Payload):
    """Nobody responds any more: the chain of ``links`` links resolves, newest first."""

    links: int
    EXAMPLE = {"links": 2}


class TapData(Payload):
    """A card is tapped (``burning``: by a card that burns at the end of the turn)."""

    card: Cid
    def_: Def = msgspec.field(name="def")
    burning: bool | UnsetType = UNSET
    EXAMPLE = {"card": 9, "def": "xiangzhu"}


class DiscardData(Payload):
    """A card goes to the discard pile. At most one flag says why, when not by an effect:
    ``end_phase`` (burnt out), ``cost`` (paid), ``hand_limit``, ``random`` (from a hand at
    random), ``face_down`` (a face-down card on the field)."""

    card: Cid
    def_: Def = msgspec.field(name="def")
    end_phase: bool | UnsetType = UNSET
    cost: bool | UnsetType = UNSET
    hand_limit: bool | UnsetType = UNSET
    random: bool | UnsetType = UNSET
    face_down: bool | UnsetType = UNSET
    EXAMPLE = {"card": 12, "def": "zhiqian", "cost": True}


class UnstackData(Payload):
    """An offering leaves an ancestor's stack for the discard pile (``cost``: paid)."""

    card: Cid
    def_: Def = msgspec.field(name="def")
    cost: bool | UnsetType = UNSET
    EXAMPLE = {"card": 40, "def": "qingtuan"}


class ActivateData(Payload):
    """A card is activated: a new link on the chain (public, costs and targets included)."""

    link: int
    kind: Literal["place", "action", "trap", "counter", "worship", "manifest", "ability"]
    card: Cid
    def_: Def = msgspec.field(name="def")
    mode: int | None
    targets: list[str]
    cost: list[Def]
    payload: Def | None
    EXAMPLE = {
        "link": 0,
        "kind": "action",
        "card": 7,
        "def": "jie_dongfeng",
        "mode": None,
        "targets": ["p2"],
        "cost": ["zhiqian"],
        "payload": None,
    }


class SetData(Payload):
    """``seat`` sets a card face down in ``slot``; the setter also gets it naming the card."""

    slot: int
    card: Cid | UnsetType = UNSET
    def_: Def | UnsetType = msgspec.field(default=UNSET, name="def")
    EXAMPLE = {"slot": 3}


class PassData(Payload):
    """``seat`` does not respond to the link."""

    link: int
    EXAMPLE = {"link": 1}


class SectionData(Payload):
    """A section of a link's effect resolved (``ok``), or fizzled: ``why`` is the clause op
    that could not happen, or ``condition``."""

    link: int
    section: int
    ok: bool
    why: str | UnsetType = UNSET
    EXAMPLE = {"link": 0, "section": 0, "ok": False, "why": "search"}


class LookData(Payload):
    """To the looker only: the cards of ``seat``'s hand it was shown."""

    seat: int
    cards: list[Cid]
    defs: list[Def]
    EXAMPLE = {"seat": 2, "cards": [5, 18], "defs": ["qingtuan", "xiangzhu"]}


class ResolvedData(Payload):
    """A link finished resolving (``negated``: it did nothing); ``def`` is its card, as its
    ``activate`` named it (absent from older hosts)."""

    link: int
    negated: bool
    def_: Def | UnsetType = msgspec.field(default=UNSET, name="def")
    EXAMPLE = {"link": 1, "negated": False, "def": "chaitai"}


class CardData(Payload):
    """A card moves (``return``: back to its owner's hand; ``ritual_broken``: an ancestor
    loses its last offering)."""

    card: Cid
    def_: Def = msgspec.field(name="def")
    EXAMPLE = {"card": 3, "def": "shizu"}


class StackData(Payload):
    """Offerings are stacked under ``seat``'s ancestor."""

    cards: list[Cid]
    defs: list[Def]
    EXAMPLE = {"cards": [21], "defs": ["qingtuan"]}


class WorshipData(Payload):
    """``seat`` declares worship of its ancestor, with the offerings stacked under it."""

    card: Cid
    def_: Def = msgspec.field(name="def")
    stacked: list[Def]
    EXAMPLE = {"card": 3, "def": "shizu", "stacked": ["qingtuan", "zhiqian", "xiangzhu"]}


class GameOverData(Payload):
    """The game is over (the same fields as the view's ``result``)."""

    winner: int | None
    ancestor: Def | None
    reason: str
    rounds: int
    turns: int
    EXAMPLE = {"winner": 1, "ancestor": "shizu", "reason": "worship", "rounds": 7, "turns": 25}


class RevealHandsData(Payload):
    """At the end every hand is shown: the view of the same update holds them (every seat's
    ``hand``, and every face-down card), so the event carries nothing more."""

    EXAMPLE: ClassVar[dict[str, Any]] = {}


class ConcedeData(Payload):
    """``seat`` concedes."""

    EXAMPLE: ClassVar[dict[str, Any]] = {}


class SearchData(Payload):
    """``seat`` takes a card from the deck: ``card`` nil for others, named to the searcher."""

    card: Cid | None
    def_: Def | UnsetType = msgspec.field(default=UNSET, name="def")
    EXAMPLE = {"card": 33, "def": "zhiqian"}


class TakeData(Payload):
    """``seat`` takes a card of ``from`` into its hand or onto its field (``to``). Where it
    came from shows in who is told: from ``from``'s field (an offering) one public event names
    it; from ``from``'s hand a public one has ``card`` nil and the two players also get it
    naming the card (its own ``to``: the two seats)."""

    from_: int = msgspec.field(name="from")
    card: Cid | None
    to: Literal["field", "hand"]
    def_: Def | UnsetType = msgspec.field(default=UNSET, name="def")
    EXAMPLE = {"from": 0, "card": 16, "def": "xiangzhu", "to": "hand"}


class PutData(Payload):
    """A card is put face up into ``seat``'s ``slot``."""

    card: Cid
    def_: Def = msgspec.field(name="def")
    slot: int
    EXAMPLE = {"card": 16, "def": "xiangzhu", "slot": 2}


class NegateData(Payload):
    """``seat``'s counter negates the link it responds to."""

    link: int | None
    EXAMPLE = {"link": 0}


class TimeoutData(Payload):
    """A timer ran out and the host took ``seat``'s default; ``option`` names it when that tells
    nothing hidden (``pass``, ``end``, ``skip``, ``decline``, ``none``, ``enough``), else nil.
    The events of that decision follow."""

    option: str | None
    EXAMPLE = {"option": "pass"}


#: Event kind → what its ``data`` holds.
EVENT_DATA: dict[str, type[Payload]] = {
    "start": StartData,
    "turn": TurnData,
    "phase": PhaseData,
    "reshuffle": ReshuffleData,
    "draw": DrawData,
    "prohibit": ProhibitData,
    "chain_closed": ChainClosedData,
    "tap": TapData,
    "discard": DiscardData,
    "unstack": UnstackData,
    "activate": ActivateData,
    "set": SetData,
    "pass": PassData,
    "section": SectionData,
    "look": LookData,
    "resolved": ResolvedData,
    "return": CardData,
    "stack": StackData,
    "worship": WorshipData,
    "ritual_broken": CardData,
    "game_over": GameOverData,
    "reveal_hands": RevealHandsData,
    "concede": ConcedeData,
    "search": SearchData,
    "take": TakeData,
    "put": PutData,
    "negate": NegateData,
    "timeout": TimeoutData,
}
