"""Views and events in their compact wire form (protocol 3): arrays by position, not maps.

An update used to carry the engine's dataclasses as maps, every key in every card and slot: a
whole view at six seats was 2.3 KiB at the median, the last update of a game (every hand) over
4 KiB. On the wire now (``docs/protocol.md`` §5.1):

- each value of the engine's is an array of its fields, in the order of its class below
  (:class:`Card`, :class:`Slot`, :class:`Seat`, :class:`Link`, :class:`Prohibition`,
  :class:`Option`, :class:`Prompt`, :class:`Event`): ``[cid, def]`` is a card, a slot is nil
  when empty; a Seat's, a Link's, an Option's and a Prohibition's fields are the engine's own
  (:class:`~qm_rules.model.SeatView`, :class:`~qm_rules.model.LinkView`, but for the
  position), in the same order, each put on the wire and read back by its type
  (:class:`Shape`);
- trailing items equal to their default are left out (``[12, "qingtuan"]`` is untapped; a
  prompt others see is ``[seat, kind, seq]``), and a receiver ignores items past those it
  knows (so an item may be added at the end without a version step);
- an index that is a position (a seat's, a slot's, a link's) is not sent;
- the view itself stays a map (its field names are few and make patch paths readable).

The classes below are the wire's definitions (decoding and checking in C, and the published
schema); :func:`view` and :func:`event` make the host's side of it from the engine's values,
:func:`to_view` and :func:`to_event` the client's. Every part the engine shares between views
(cards, slots, a seat that did not change) is converted once and the same object reused, so
that :func:`qm_net.delta.diff` passes over it unread.
"""

from __future__ import annotations

import dataclasses
import enum
import operator
import typing
from collections.abc import Callable
from typing import Annotated, Any

import msgspec
from msgspec import Meta, Struct

from qm_rules import model as m
from qm_rules.model import Phase, PromptKind, Result

Int = Annotated[int, Meta(ge=-(2**31), le=2**31 - 1)]


class Card(Struct, array_like=True, frozen=True):
    """``[cid, def, tapped]``: a card instance, its definition id, tapped (left out: false)."""

    cid: Int
    card: str
    tapped: bool = False


class Slot(Struct, array_like=True, frozen=True):
    """``[card, face_down, negated]`` of a slot that is not empty (an empty one is nil)."""

    card: Card | None  # nil: someone else's face-down card
    face_down: bool = False
    negated: bool = False


class Seat(Struct, array_like=True, frozen=True):
    """One seat, in seat order: the fields of the engine's seat view but its position."""

    name: str
    hand_count: Int
    hand: tuple[Card, ...] | None
    slots: tuple[Slot | None, ...]
    stacked: tuple[Card, ...] = ()
    conceded: bool = False


class Link(Struct, array_like=True, frozen=True):
    """One link of the chain, oldest first: the fields of the engine's link view but its
    position."""

    seat: Int
    kind: m.LinkKind
    card: Card
    mode: Int | None = None
    targets: tuple[str, ...] = ()
    cost: tuple[Card, ...] = ()
    negated: bool = False
    responds_to: Int | None = None
    payload: Card | None = None


class Prohibition(Struct, array_like=True, frozen=True):
    """``[tag, actions, source, until_turn]``."""

    tag: str
    actions: tuple[str, ...]
    source: str
    until_turn: Int


class Option(Struct, array_like=True, frozen=True):
    """``[id, kind, card, seat, mode]``."""

    id: str
    kind: str
    card: Int | None = None
    seat: Int | None = None
    mode: Int | None = None


class Prompt(Struct, array_like=True, frozen=True):
    """``[seat, kind, seq, options, context, default]``; others see ``[seat, kind, seq]``."""

    seat: Int
    kind: PromptKind
    seq: Int
    options: tuple[Option, ...] = ()
    context: dict[str, Any] = {}
    default: str = ""


class Event(Struct, array_like=True, frozen=True):
    """``[kind, seat, data, to]``: ``to`` nil (left out) is public."""

    kind: str
    seat: Int | None
    data: dict[str, Any] = {}
    to: tuple[Int, ...] | None = None


class View(Struct, frozen=True):
    """Everything one receiver may see: a map, its parts compact."""

    viewer: Int | None
    seq: Int
    turn: Int
    round: Int
    turn_seat: Int
    phase: Phase
    first_seat: Int
    deck_count: Int
    discard: tuple[Card, ...]
    seats: tuple[Seat, ...]
    chain: tuple[Link, ...]
    resolving: Int | None
    prohibitions: tuple[Prohibition, ...]
    prompt: Prompt | None
    result: Result | None


# ───────────────────────── a seat's and a link's fields ─────────────────────────


def _same(value: Any) -> Any:
    return value


def _encode(hint: Any) -> Callable[[Encoder, Any], Any]:
    """How an engine value of the field typed ``hint`` on the wire goes in its wire form."""
    if hint is Card:
        return Encoder.card
    if hint == Card | None:
        return lambda enc, c: None if c is None else enc.card(c)
    if hint == tuple[Card, ...]:
        return Encoder.cards
    if hint == tuple[Card, ...] | None:
        return lambda enc, cs: None if cs is None else enc.cards(cs)
    if hint == tuple[Slot | None, ...]:
        return lambda enc, slots: [enc.slot(x) for x in slots]
    if hint == tuple[str, ...]:
        return lambda enc, items: list(items)
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return lambda enc, value: value.value
    return lambda enc, value: value


def _decode(hint: Any) -> Callable[[Any], Any]:
    """How a decoded wire value of the field typed ``hint`` becomes the engine's."""
    if hint is Card:
        return to_card
    if hint == Card | None:
        return lambda c: None if c is None else to_card(c)
    if hint == tuple[Card, ...]:
        return _cards
    if hint == tuple[Card, ...] | None:
        return lambda cs: None if cs is None else _cards(cs)
    if hint == tuple[Slot | None, ...]:
        return lambda slots: tuple([to_slot(k, x) for k, x in enumerate(slots)])
    return _same


class Shape:
    """One compact array's fields, said once by its class, and what follows from them: how an
    engine value goes on the wire (its trailing defaults left out) and comes back, and each
    field's place. The engine's value has the same fields (after its position ``at``, which
    the wire leaves out), in the same order: checked when this module loads."""

    def __init__(self, wire: type[Struct], engine: type, at: str | None = None) -> None:
        hints = typing.get_type_hints(wire, include_extras=True)
        self.wire = wire
        self.fields: tuple[str, ...] = wire.__struct_fields__
        ours = tuple(f.name for f in dataclasses.fields(engine))
        if ours != ((at,) if at else ()) + self.fields:
            after = f" after {at!r}" if at else ""
            raise TypeError(
                f"{wire.__name__} on the wire is {self.fields}, the engine's {engine.__name__} "
                f"{ours}: the same fields{after}, in the same order"
            )
        self.types = tuple(hints[f] for f in self.fields)
        self.place = {f: j for j, f in enumerate(self.fields)}
        self.get = operator.attrgetter(*self.fields)
        self.encoders = tuple(_encode(t) for t in self.types)
        self.decoders = tuple(_decode(t) for t in self.types)
        infos = msgspec.structs.fields(wire)
        self.defaults = tuple(d[0] for f in infos if (d := _default(f)))
        """The plain defaults of the last fields (those that have one), for the trimming."""
        self.missing = {j: d[0] for j, f in enumerate(infos) if (d := _default(f))}
        """A field's plain default by its place, for an array that leaves it out."""

    def encode(self, enc: Encoder, value: Any) -> list[Any]:
        items = [e(enc, v) for e, v in zip(self.encoders, self.get(value), strict=True)]
        return _trim(items, self.defaults)

    def decode(self, wire: Any) -> list[Any]:
        """The engine's field values (but the position) of a decoded wire array."""
        return [d(getattr(wire, f)) for d, f in zip(self.decoders, self.fields, strict=True)]


# ───────────────────────── the host's side: engine values → wire ─────────────────────────


def _trim(items: list[Any], defaults: tuple[Any, ...]) -> list[Any]:
    """``items`` without the trailing ones equal to their defaults (``defaults`` are those of
    the last ``len(defaults)`` items)."""
    start = len(items) - len(defaults)
    n = len(items)
    while n > start and items[n - 1] == defaults[n - 1 - start]:
        n -= 1
    return items[:n]


class Encoder:
    """Engine values to their wire form, each part the engine shares converted once: a card,
    a slot, a seat, the discard pile. The host keeps one for all its views; parts are held by
    identity (with the object, so the id stays theirs) and forgotten past a bound."""

    BOUND = 20_000

    __slots__ = ("_parts",)

    def __init__(self) -> None:
        self._parts: dict[int, tuple[Any, Any]] = {}

    def _held(self, part: Any) -> Any:
        hit = self._parts.get(id(part))
        if hit is not None and hit[0] is part:
            return hit[1]
        return None

    def _keep(self, part: Any, wire: Any) -> Any:
        if len(self._parts) >= self.BOUND:
            self._parts.clear()
        self._parts[id(part)] = (part, wire)
        return wire

    def card(self, c: m.CardView) -> list[Any]:
        hit = self._held(c)
        if hit is not None:
            # (type: ignore: the cache holds what was encoded for the part)
            return hit  # type: ignore[no-any-return]
        # (type: ignore: the cache holds what was encoded for the part)
        return self._keep(c, [c.cid, c.card, True] if c.tapped else [c.cid, c.card])  # type: ignore[no-any-return]

    def cards(self, cs: tuple[m.CardView, ...]) -> list[Any]:
        hit = self._held(cs)
        if hit is not None:
            # (type: ignore: the cache holds what was encoded for the part)
            return hit  # type: ignore[no-any-return]
        card = self.card
        # (type: ignore: the cache holds what was encoded for the part)
        return self._keep(cs, [card(c) for c in cs])  # type: ignore[no-any-return]

    def slot(self, s: m.SlotView) -> list[Any] | None:
        if s.card is None and not s.face_down and not s.negated:
            return None
        hit = self._held(s)
        if hit is not None:
            # (type: ignore: the cache holds what was encoded for the part)
            return hit  # type: ignore[no-any-return]
        out: list[Any] = [None if s.card is None else self.card(s.card)]
        if s.negated:
            out += [s.face_down, True]
        elif s.face_down:
            out.append(True)
        # (type: ignore: the cache holds what was encoded for the part)
        return self._keep(s, out)  # type: ignore[no-any-return]

    def seat(self, s: m.SeatView) -> list[Any]:
        hit = self._held(s)
        if hit is not None:
            # (type: ignore: the cache holds what was encoded for the part)
            return hit  # type: ignore[no-any-return]
        # (type: ignore: the cache holds what was encoded for the part)
        return self._keep(s, SEAT.encode(self, s))  # type: ignore[no-any-return]

    def link(self, link: m.LinkView) -> list[Any]:
        return LINK.encode(self, link)

    def prompt(self, p: m.Prompt | None) -> list[Any] | None:
        """A new list each time: the host numbers each receiver's copy (its ``seq``)."""
        if p is None:
            return None
        if not p.options and not p.context and not p.default:
            return [p.seat, p.kind.value, p.seq]
        options = [OPTION.encode(self, o) for o in p.options]
        return [p.seat, p.kind.value, p.seq, options, p.context, p.default]

    def view(self, v: m.View) -> dict[str, Any]:
        """A view's wire form: plain data (maps, arrays, scalars) for msgpack and the patches."""
        discard = self._held(v.discard)
        if discard is None:
            discard = self.cards(v.discard)
        return {
            "viewer": v.viewer,
            "seq": v.seq,
            "turn": v.turn,
            "round": v.round,
            "turn_seat": v.turn_seat,
            "phase": v.phase.value,
            "first_seat": v.first_seat,
            "deck_count": v.deck_count,
            "discard": discard,
            "seats": [self.seat(s) for s in v.seats],
            "chain": [self.link(x) for x in v.chain],
            "resolving": v.resolving,
            "prohibitions": [PROHIBITION.encode(self, x) for x in v.prohibitions],
            "prompt": self.prompt(v.prompt),
            "result": None if v.result is None else msgspec.to_builtins(v.result),
        }


#: An event in its wire form, as the host queues it.
WireEvent = list[Any]


def event(e: m.Event) -> WireEvent:
    """An event's wire form. ``reveal_hands`` carries no hands: the view of the same update
    shows every hand (each hand is sent once)."""
    if e.to is not None:
        return [e.kind, e.seat, e.data, list(e.to)]
    if e.kind == "reveal_hands":
        return [e.kind, e.seat]
    return [e.kind, e.seat, e.data] if e.data else [e.kind, e.seat]


def stamp(view: dict[str, Any], seq: int) -> dict[str, Any]:
    """Number a wire view (its ``seq`` and its prompt's) for one receiver; the prompt list is
    copied, never changed in place (another receiver's view may share it)."""
    view["seq"] = seq
    prompt = view["prompt"]
    if prompt is not None and prompt[2] != seq:
        view["prompt"] = [prompt[0], prompt[1], seq, *prompt[3:]]
    return view


# ───────────────────────── the client's side: wire → engine values ─────────────────────────

#: Card views by (cid, def, tapped), and slot views by (index, card's key, face down, negated):
#: one object for the same card or slot seen again (cheaper than building it, and the engine's
#: views share theirs the same way).
_CARD_VIEWS: dict[tuple[int, str, bool], m.CardView] = {}
_SLOT_VIEWS: dict[tuple[Any, ...], m.SlotView] = {}
_BOUND = 20_000


def to_card(c: Card) -> m.CardView:
    key = (c.cid, c.card, c.tapped)
    hit = _CARD_VIEWS.get(key)
    if hit is None:
        if len(_CARD_VIEWS) > _BOUND:
            _CARD_VIEWS.clear()
        hit = _CARD_VIEWS[key] = m.CardView(c.cid, c.card, c.tapped)
    return hit


def _cards(cs: tuple[Card, ...]) -> tuple[m.CardView, ...]:
    return tuple([to_card(c) for c in cs])


def to_slot(index: int, x: Slot | None) -> m.SlotView:
    if x is None:
        key: tuple[Any, ...] = (index,)
    else:
        c = x.card
        key = (index, x.face_down, x.negated) + (() if c is None else (c.cid, c.card, c.tapped))
    hit = _SLOT_VIEWS.get(key)
    if hit is None:
        if len(_SLOT_VIEWS) > _BOUND:
            _SLOT_VIEWS.clear()
        if x is None:
            hit = m.SlotView(index, None)
        else:
            card = None if x.card is None else to_card(x.card)
            hit = m.SlotView(index, card, x.face_down, x.negated)
        _SLOT_VIEWS[key] = hit
    return hit


def to_seat(index: int, s: Seat) -> m.SeatView:
    return m.make_seat_view(index, *SEAT.decode(s))


_SLOT_OR_NIL = Slot | None


def patch_seat(
    prev: m.SeatView, plain: Any, parts: dict[int, set[int] | None] | None
) -> m.SeatView:
    """A seat's view after a patch, from the one before: only its ``parts`` (by place in the
    Seat array; for the slots, the slots at those indices) are checked and converted from
    ``plain`` (the patched wire seat); None converts the whole seat."""
    index = prev.seat
    if parts is None or type(plain) is not list or len(plain) <= SEAT_SLOTS:
        return to_seat(index, msgspec.convert(plain, Seat))
    values = list(SEAT.get(prev))
    for j, within in parts.items():
        if type(j) is not int or not 0 <= j < len(values):
            continue  # a place past those we know: ignored
        value = plain[j] if j < len(plain) else SEAT.missing[j]
        if j == SEAT_SLOTS and within is not None and type(value) is list:
            slots = values[j]
            if len(value) == len(slots):
                now = list(slots)
                for k in within:
                    now[k] = to_slot(k, msgspec.convert(value[k], _SLOT_OR_NIL))
                values[j] = tuple(now)
                continue
        values[j] = SEAT.decoders[j](msgspec.convert(value, SEAT.types[j]))
    return m.make_seat_view(index, *values)


def _link(index: int, x: Link) -> m.LinkView:
    return m.LinkView(index, *LINK.decode(x))


_OPTIONS: dict[tuple[Any, ...], m.Option] = {}


def _option(o: Option) -> m.Option:
    key = tuple(OPTION.decode(o))
    hit = _OPTIONS.get(key)
    if hit is None:
        if len(_OPTIONS) > _BOUND:
            _OPTIONS.clear()
        hit = _OPTIONS[key] = m.Option(*key)
    return hit


def to_prompt(p: Prompt | None) -> m.Prompt | None:
    if p is None:
        return None
    options = tuple([_option(o) for o in p.options])
    return m.make_prompt(p.seat, p.kind, p.seq, options, p.context, p.default)


#: How each field of a wire view becomes the engine's (the scalars are taken as they are).
FIELDS: dict[str, Any] = {
    "discard": _cards,
    "seats": lambda seats: tuple([to_seat(i, s) for i, s in enumerate(seats)]),
    "chain": lambda chain: tuple([_link(i, x) for i, x in enumerate(chain)]),
    "prohibitions": lambda ps: tuple([m.Prohibition(*PROHIBITION.decode(x)) for x in ps]),
    "prompt": to_prompt,
}
VIEW_FIELDS: tuple[str, ...] = View.__struct_fields__


def to_view(w: View) -> m.View:
    """The engine's view of a (decoded, checked) wire view."""
    return m.make_view(*[convert_field(name, getattr(w, name)) for name in VIEW_FIELDS])


def convert_field(name: str, value: Any) -> Any:
    """One field of a (decoded, checked) wire view as the engine's view holds it."""
    convert = FIELDS.get(name)
    return value if convert is None else convert(value)


def to_event(e: Event) -> m.Event:
    return m.make_event(e.kind, e.seat, e.data, e.to)


def field_type(name: str) -> Any:
    """The wire type of a view's field, for checking a patched part of it."""
    return _FIELD_TYPES[name]


_FIELD_TYPES: dict[str, Any] = typing.get_type_hints(View, include_extras=True)


def plain(value: Any) -> Any:
    """A wire value (these classes, or messages holding them) as the host sends it: plain
    data with each array's trailing defaults left out, as :class:`Encoder` makes it."""
    if isinstance(value, Struct):
        fields = msgspec.structs.fields(value)
        if not value.__struct_config__.array_like:  # a map: its keys as msgspec writes them
            out = msgspec.to_builtins(value)
            for f in fields:
                if f.encode_name in out:
                    out[f.encode_name] = plain(getattr(value, f.name))
            return out
        items = [plain(getattr(value, f.name)) for f in fields]
        n = len(items)
        while n and _default(fields[n - 1]) == [items[n - 1]]:
            n -= 1
        return items[:n]
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    return msgspec.to_builtins(value)


def _default(f: msgspec.structs.FieldInfo) -> list[Any]:
    """A field's default in its plain form, in a list (empty: it has none)."""
    if f.default is not msgspec.NODEFAULT:
        return [plain(f.default)]
    if f.default_factory is not msgspec.NODEFAULT:
        return [plain(f.default_factory())]
    return []


#: The compact arrays' fields, each said once (by their classes, the engine's alike).
SEAT: Shape = Shape(Seat, m.SeatView, "seat")
LINK: Shape = Shape(Link, m.LinkView, "index")
OPTION: Shape = Shape(Option, m.Option)
PROHIBITION: Shape = Shape(Prohibition, m.Prohibition)
#: The place of a seat's slots in its array: a patch may change one slot of them.
SEAT_SLOTS = SEAT.place["slots"]
