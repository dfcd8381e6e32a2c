"""The typed messages a :class:`~qm_net.client.TableClient` yields, built from host frames.

Past the wire boundary nobody handles raw dicts: each host message becomes one of these frozen
dataclasses (or is refused as a protocol error when it does not fit).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Literal

from qm_net.framing import ProtocolError
from qm_rules.model import CardView, Event, GameOptions, Result, SlotView, View, to_plain

TableState = Literal["lobby", "playing", "ended"]
SeatKind = Literal["human", "bot", "empty"]


@dataclass(frozen=True, slots=True)
class TableMeta:
    """What the host says about itself at welcome."""

    name: str
    seats: int
    options: GameOptions
    version: int
    anyone_starts: bool  # True: any seated player may start; else only the owner


@dataclass(frozen=True, slots=True)
class SeatInfo:
    seat: int
    name: str | None
    kind: SeatKind
    ready: bool
    connected: bool  # for bots always True; for a human whether their client is connected
    played_by_bot: bool = False  # a human seat a host bot plays for now (away past the grace)


@dataclass(frozen=True, slots=True)
class LobbyUpdate:
    """The table's seats and state; sent on every lobby change and at each state change."""

    table_name: str
    state: TableState
    seats: tuple[SeatInfo, ...]
    owner_seat: int | None
    games_played: int


@dataclass(frozen=True, slots=True)
class GameUpdate:
    """A new view after a decision, with the events of that decision this seat may see.
    ``deadline``: seconds left on the timer for the pending prompt, if a timer runs."""

    view: View
    events: tuple[Event, ...]
    deadline: float | None


@dataclass(frozen=True, slots=True)
class ChatMessage:
    seat: int | None  # None: a spectator
    name: str
    text: str


@dataclass(frozen=True, slots=True)
class ErrorMessage:
    """The host refused something. ``ref`` is the ``id`` of the request it answers, if any."""

    code: str
    message: str
    ref: int | None = None


@dataclass(frozen=True, slots=True)
class GameEnded:
    result: Result
    view: View  # the final view: every hand revealed (R5)


@dataclass(frozen=True, slots=True)
class ConnectionLost:
    """The connection is gone. ``final``: the host closed the table (or replaced this
    connection); reconnecting will not help."""

    reason: str
    final: bool = False


Message = LobbyUpdate | GameUpdate | ChatMessage | ErrorMessage | GameEnded | ConnectionLost


def parse_meta(table: dict[str, Any], version: int) -> TableMeta:
    try:
        return TableMeta(
            str(table["name"]),
            int(table["seats"]),
            GameOptions.from_plain(table.get("options")),
            version,
            bool(table.get("anyone_starts", False)),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise ProtocolError("bad_message", f"welcome.table: {exc}") from None


def parse(t: str, msg: dict[str, Any]) -> Message | None:
    """A validated host message (see :func:`qm_net.protocol.validate_server`) to its typed
    form; None for the messages the client handles itself (welcome, joined, ping, ...)."""
    try:
        if t == "lobby":
            seats = tuple(
                SeatInfo(
                    int(s["seat"]),
                    s.get("name"),
                    s["kind"],
                    bool(s["ready"]),
                    bool(s["connected"]),
                    bool(s.get("played_by_bot", False)),
                )
                for s in msg["seats"]
            )
            owner = msg.get("owner_seat")
            return LobbyUpdate(msg["table_name"], msg["state"], seats, owner, int(msg.get("games_played", 0)))
        if t == "update":
            deadline = msg.get("deadline")
            return GameUpdate(
                View.from_plain(msg["view"]),
                tuple(Event.from_plain(e) for e in msg["events"]),
                float(deadline) if deadline is not None else None,
            )
        if t == "ended":
            return GameEnded(Result.from_plain(msg["result"]), View.from_plain(msg["view"]))
        if t == "chat":
            return ChatMessage(msg.get("seat"), msg["name"], msg["text"])
        if t == "error":
            return ErrorMessage(msg["code"], msg["message"], msg.get("ref"))
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise ProtocolError("bad_message", f"{t}: {type(exc).__name__}: {exc}") from None
    return None


_FIELDS: dict[type, tuple[str, ...]] = {}
# The hand-written leaves below hold only while the engine's fields are these.
_LEAVES_OK = [f.name for f in dataclasses.fields(CardView)] == ["cid", "card", "tapped"] and [
    f.name for f in dataclasses.fields(SlotView)
] == ["index", "card", "face_down", "negated"]


_SCALARS = frozenset({bool, int, float, str, type(None)})


def plain(value: Any) -> Any:
    """What :func:`qm_rules.to_plain` returns, several times faster: the host turns six views
    into plain data after every decision, and ``to_plain`` asks ``dataclasses.fields`` at every
    level. Field names are looked up once per class, and scalars are never recursed into.
    (A test holds the two equal.)"""
    cls = value.__class__
    if cls in _SCALARS:
        return value
    if cls is CardView and _LEAVES_OK:  # the commonest object in a view, by far
        return {"cid": value.cid, "card": value.card, "tapped": value.tapped}
    if cls is SlotView and _LEAVES_OK:
        card = value.card
        return {
            "index": value.index,
            "card": None if card is None else {"cid": card.cid, "card": card.card, "tapped": card.tapped},
            "face_down": value.face_down,
            "negated": value.negated,
        }
    names = _FIELDS.get(cls)
    if names is not None:
        out = {}
        for n in names:
            v = getattr(value, n)
            out[n] = v if v.__class__ in _SCALARS else plain(v)
        return out
    if isinstance(value, StrEnum):
        return value.value
    if isinstance(value, list | tuple):
        return [v if v.__class__ in _SCALARS else plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        _FIELDS[cls] = tuple(f.name for f in dataclasses.fields(value))
        return plain(value)
    return to_plain(value)  # anything rarer: the engine's own rules
