"""The engine's public value types: options, prompts, events, views, table options, errors.

Everything here is immutable and converts to plain data (dicts, lists, str, int, bool, None) with
:func:`to_plain`. The wire carries the views as they are: ``qm_net.protocol`` encodes and decodes
them (msgspec reads these dataclasses' fields and types), so they need no converters of their own.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, TypeVar

from qm_rules.options import GameOptions as GameOptions  # defined with the options it holds

_T = TypeVar("_T")


def _init_source(cls: type, body: str, env: dict[str, Any], last: str = "") -> Any:
    """An ``__init__`` with ``cls``'s signature (names, order, defaults: the dataclass's own)
    and ``body`` (``{name}`` stands for each field's name, one line a field), then ``last``,
    compiled in ``env``."""
    fields = dataclasses.fields(cls)
    params = []
    for f in fields:
        if f.default is dataclasses.MISSING:
            params.append(f.name)
        else:
            env[f"_default_{f.name}"] = f.default
            params.append(f"{f.name}=_default_{f.name}")
    lines = "".join("    " + body.format(name=f.name) + "\n" for f in fields)
    src = f"def __init__(self, {', '.join(params)}):\n{lines}"
    if last:
        src += f"    {last}\n"
    exec(src, env)  # noqa: S102 - source built from the class's own field names
    return env["__init__"]


def _fast_init(cls: type[_T]) -> type[_T]:
    """Give a frozen, slotted dataclass a faster ``__init__`` that keeps it frozen.

    A frozen dataclass sets each field through ``object.__setattr__``, looked up at every
    call; this one calls each slot's own setter, bound once. Views, options, prompts and
    events are built at every decision, so this is about a third of their cost."""
    env: dict[str, Any] = {
        f"_set_{f.name}": getattr(cls, f.name).__set__
        # (type: ignore: cls is a dataclass; type[_T] does not say so)
        for f in dataclasses.fields(cls)  # type: ignore[arg-type]
    }
    init = _init_source(cls, "_set_{name}(self, {name})", env)
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = init  # type: ignore[method-assign]  # replaced on purpose: the faster __init__
    return cls


def _maker(cls: type[_T]) -> Callable[..., _T]:
    """A faster way to build instances of a frozen, slotted dataclass, for the engine's
    hottest spots (views, seats' views, events, prompts: at every decision).

    Even with :func:`_fast_init`, each field of a frozen instance costs a call of its slot's
    setter. The maker is a plain class with the same slots, whose ``__init__`` stores the
    fields as any class does and then turns the instance into ``cls`` (the layouts are the
    same, so Python allows it): the result is an ordinary, frozen ``cls``. Same arguments
    (and defaults) as ``cls``."""
    # (type: ignore: a slotted dataclass; type[_T] does not say so)
    slots = cls.__slots__  # type: ignore[attr-defined]
    # (type: ignore: cls is a dataclass; type[_T] does not say so)
    assert tuple(f.name for f in dataclasses.fields(cls)) == slots, cls  # type: ignore[arg-type]
    maker = type(f"_{cls.__name__}Maker", (), {"__slots__": slots})
    maker.__init__ = _init_source(  # type: ignore[misc]  # set on purpose: the maker's own __init__
        cls, "self.{name} = {name}", {"_cls": cls}, last="self.__class__ = _cls"
    )
    return maker


class Phase(StrEnum):
    DRAW = "draw"
    PLACE = "place"
    ACTION = "action"
    WORSHIP = "worship"
    END = "end"
    OVER = "over"


class PromptKind(StrEnum):
    """What the pending decision is about."""

    PLACE = "place"  # placement phase: place:<cid> | skip
    ACTION = "action"  # action phase: play:<cid> | set:<cid> | ability:<cid> | end
    WORSHIP = "worship"  # worship phase: declare:<cid> | decline
    MODE = "mode"  # activation: mode:<i> | cancel
    TARGET = "target"  # activation: target:p<seat> | target:c<cid> | cancel
    COST = "cost"  # activation: pay:<cid> (one card a prompt) | cancel
    RESPOND = "respond"  # chain: flip:<cid> | counter:<cid> | manifest:<cid> | pass
    EFFECT = "effect"  # resolution: pick:<cid> (search, discard, take, put, remove) | none
    HAND_LIMIT = "hand_limit"  # end phase: discard:<cid>


class LinkKind(StrEnum):
    PLACE = "place"
    ACTION = "action"
    TRAP = "trap"
    COUNTER = "counter"
    WORSHIP = "worship"
    MANIFEST = "manifest"
    ABILITY = "ability"


@_fast_init
@dataclass(frozen=True, slots=True)
class Option:
    """One legal choice. ``id`` is stable: the same choice has the same id in every prompt."""

    id: str
    kind: str
    card: int | None = None  # a card instance the option is about (visible to the decider)
    seat: int | None = None  # a player the option is about (targets)
    mode: int | None = None


class CardOptions(dict[int, Option]):
    """The options ``kind:<card>`` of one kind, by card: ``card_options("place")[cid]``. Options
    are immutable and their ids fixed, so each is built once, when first asked for."""

    __slots__ = ("kind",)

    def __init__(self, kind: str) -> None:
        super().__init__()
        self.kind = kind

    def __missing__(self, card: int) -> Option:
        opt = self[card] = Option(f"{self.kind}:{card}", self.kind, card=card)
        return opt


_CARD_OPTIONS: dict[str, CardOptions] = {}


def card_options(kind: str) -> CardOptions:
    """The options ``kind:<card>`` (place, play, set, flip, pay, pick, discard, ...) by card."""
    options = _CARD_OPTIONS.get(kind)
    if options is None:
        options = _CARD_OPTIONS[kind] = CardOptions(kind)
    return options


#: The options that name no card: skip, end, decline, pass, cancel, none.
PLAIN_OPTIONS = {
    k: Option(k, k) for k in ("skip", "end", "decline", "pass", "cancel", "none", "enough")
}


@_fast_init
@dataclass(frozen=True, slots=True)
class Prompt:
    """The pending decision.

    ``seq`` counts decisions made so far; a choice made against an older prompt is stale.
    ``context`` says what the decision is about, in plain data: for RESPOND the link answered
    (``link``); for activation steps the card being activated (``card``, ``def``) and the step;
    for EFFECT the clause (``op``) and the link resolving.
    ``default`` is the option a timer takes (pass, skip, end, decline; else the first option).
    ``cancel``, where an activation being declared offers it, is the last option.
    """

    seat: int
    kind: PromptKind
    seq: int
    options: tuple[Option, ...]
    context: dict[str, Any]
    default: str

    def option(self, option_id: str) -> Option | None:
        for o in self.options:
            if o.id == option_id:
                return o
        return None

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(o.id for o in self.options)


@_fast_init
@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened. ``to`` is None for a public event, else the seats that see it."""

    kind: str
    seat: int | None
    data: dict[str, Any]
    to: tuple[int, ...] | None = None

    def visible_to(self, viewer: int | None) -> bool:
        return self.to is None or (viewer is not None and viewer in self.to)


def seen_by(events: Iterable[Event], viewer: int | None) -> list[Event]:
    """The events of ``events`` that ``viewer`` (a seat; None: a spectator) may see (R5), in
    order: what a player at the table reads in the log."""
    return [e for e in events if e.visible_to(viewer)]


class SharedEvents(dict[tuple[Any, ...], Event]):
    """Public events of one kind whose data is a few small values, by ``(seat, *values)``:
    events are immutable, so each is built once, when first needed, and shared by every game
    (several of these happen at each decision: a link resolved, a chain closed, a draw's count).
    Bounded: the table starts again when it holds :attr:`LIMIT` events."""

    __slots__ = ("kind", "names")
    LIMIT = 4096

    def __init__(self, kind: str, *names: str) -> None:
        super().__init__()
        self.kind = kind
        self.names = names

    def __missing__(self, key: tuple[Any, ...]) -> Event:
        if len(self) >= self.LIMIT:
            self.clear()
        data = dict(zip(self.names, key[1:], strict=True))
        event = self[key] = make_event(self.kind, key[0], data, None)
        return event


@_fast_init
@dataclass(frozen=True, slots=True)
class CardView:
    """A card its viewer may see: instance id, definition id, tapped."""

    cid: int
    card: str
    tapped: bool = False


@_fast_init
@dataclass(frozen=True, slots=True)
class SlotView:
    """One of the 5 slots. ``card`` is None when empty, or face-down and not the viewer's.
    ``negated``: the card's activation was negated; it stays in its slot, dead, until it leaves."""

    index: int
    card: CardView | None
    face_down: bool = False
    negated: bool = False

    @property
    def empty(self) -> bool:
        return self.card is None and not self.face_down


@_fast_init
@dataclass(frozen=True, slots=True)
class SeatView:
    seat: int
    name: str
    hand_count: int
    hand: tuple[CardView, ...] | None  # the viewer's own hand, or every hand once the game is over
    slots: tuple[SlotView, ...]
    stacked: tuple[CardView, ...]  # offerings under this seat's ancestor (public)
    conceded: bool


@_fast_init
@dataclass(frozen=True, slots=True)
class LinkView:
    """One link of the chain (public, R5): who, what, mode, targets, the costs paid."""

    index: int
    seat: int
    kind: LinkKind
    card: CardView
    mode: int | None
    targets: tuple[str, ...]  # "p<seat>" or "c<cid>"
    cost: tuple[CardView, ...]
    negated: bool
    responds_to: int | None
    payload: CardView | None = None  # the offering 始祖's ability stacks (revealed)


@dataclass(frozen=True, slots=True)
class Result:
    """How the game ended. ``winner`` is None for a draw."""

    winner: int | None
    ancestor: str | None  # the winner's ancestor id, if they won by worship
    reason: (
        str  # "worship" | "last_standing" | "round_limit" | "stalemate" (nothing left to happen)
    )
    rounds: int
    turns: int

    @classmethod
    def from_plain(cls, d: dict[str, Any]) -> Result:
        return cls(d.get("winner"), d.get("ancestor"), d["reason"], d["rounds"], d["turns"])


@dataclass(frozen=True, slots=True)
class Prohibition:
    tag: str
    actions: tuple[str, ...]
    source: str  # the card id that made it
    until_turn: int


@_fast_init
@dataclass(frozen=True, slots=True)
class View:
    """Everything one seat may see (R5); ``viewer`` None is a spectator.

    ``prompt`` always says whose decision is pending and of what kind; its options (and
    context) are filled only for the seat that decides.
    """

    viewer: int | None
    seq: int
    turn: int  # turns begun, from 1
    round: int
    turn_seat: int
    phase: Phase
    first_seat: int
    deck_count: int
    discard: tuple[CardView, ...]  # bottom first
    seats: tuple[SeatView, ...]
    chain: tuple[LinkView, ...]  # oldest first
    resolving: int | None  # index of the link resolving now
    prohibitions: tuple[Prohibition, ...]
    prompt: Prompt | None
    result: Result | None

    def me(self) -> SeatView | None:
        return self.seats[self.viewer] if self.viewer is not None else None


def to_plain(value: Any) -> Any:
    """Dataclasses, enums, tuples and dicts to plain data (str-keyed dicts, lists, scalars)."""
    if value is None or isinstance(value, bool | int | float):
        return value
    if isinstance(value, StrEnum):
        return value.value
    if isinstance(value, str):
        return value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {str(k): to_plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple | frozenset | set):
        return [to_plain(v) for v in value]
    raise TypeError(f"cannot make {type(value).__name__} plain")


# ───────────────────────────── errors ─────────────────────────────


class RulesError(Exception):
    """A call the rules refuse. The game state is unchanged. ``code`` is stable for the wire."""

    code = "rules_error"


class NotYourTurn(RulesError):
    """The player is not the one whose decision is pending."""

    code = "not_your_turn"


class UnknownOption(RulesError):
    """The option is not one of the pending prompt's options."""

    code = "unknown_option"


class StalePrompt(RulesError):
    """The choice was made against a prompt that is no longer pending."""

    code = "stale_prompt"


class GameOver(RulesError):
    """The game has ended; no more choices."""

    code = "game_over"


class JournalError(RulesError):
    """A journal cannot be replayed (other rules version, bad data, a choice that fails)."""

    code = "journal_error"


#: Makers of what is built at every decision (:func:`_maker`): ``make_view(viewer, seq, …)``
#: is ``View(viewer, seq, …)``, faster.
make_view: Callable[..., View] = _maker(View)
make_seat_view: Callable[..., SeatView] = _maker(SeatView)
make_event: Callable[..., Event] = _maker(Event)
make_prompt: Callable[..., Prompt] = _maker(Prompt)
