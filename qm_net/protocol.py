"""What a valid message looks like, and the check every incoming message goes through.

The host validates each client message here before anything else looks at it (types, ranges,
lengths, unknown types, unknown fields); the client does the same, more loosely, for what the
host sends. ``docs/protocol.md`` describes the same schemas in words; keep the two in step.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from qm_net.framing import ProtocolError
from qm_net.version import DEFAULT_PORT, PROTOCOL_VERSION  # noqa: F401 - clients read both here

MAX_SEATS = 6
MIN_SEATS = 2
MAX_NAME = 24
MAX_CHAT = 200
MAX_INT = 2**31 - 1

#: Every error code the host sends, with what it means. Engine codes pass through unchanged.
ERROR_CODES: dict[str, str] = {
    # framing and shape
    "bad_frame": "the frame body is not msgpack, or the frame is empty",
    "frame_too_large": "the length prefix exceeds 256 KiB (connection closed)",
    "bad_message": "not a map, no/invalid `t`, a missing, unknown or wrongly typed field, "
    "a value out of range",
    "unknown_type": "`t` names no message of this protocol",
    "hello_required": "the first message must be `hello`",
    "version_mismatch": "the peer speaks another protocol version (connection closed)",
    "bad_name": "the name is blank (a name too long or holding control characters is bad_message)",
    "rate_limited": "too many messages; this one was dropped",
    "flood": "far too many messages (connection closed)",
    "timeout": "nothing received in time (connection closed)",
    # seats and lobby
    "bad_token": "no seat holds this token",
    "bad_seat": "no such seat",
    "seat_taken": "the seat is not free",
    "table_full": "no free seat",
    "already_seated": "this connection already holds a seat",
    "not_seated": "the request needs a seat",
    "not_owner": "only the table's owner may do this",
    "wrong_state": "not now: the table is in another state (lobby / playing / ended)",
    "too_few_players": "a game needs at least 2 seated players",
    # game (from the rules engine, passed through)
    "not_your_turn": "the pending decision is someone else's",
    "unknown_option": "the option is not among the prompt's options",
    "stale_prompt": "the choice answers a prompt that is no longer pending",
    "game_over": "the game has ended",
    "rules_error": "the rules refuse the choice",
    "journal_error": "the journal cannot be replayed",
    # the host itself
    "replaced": "the seat was taken back by a newer connection with the same token",
    "table_closed": "the host is closing the table",
    "table_busy": "the table is at its connection cap and every connection holds a seat; "
    "retry (connection closed)",
    "server_error": "the host hit a bug handling this message (the table goes on)",
    "cannot_save": "the host cannot write its journal (a full disk, say): play waits, "
    "choices are refused until it can",
}

_OPTION_ID = re.compile(r"[a-z_]{1,16}(:[a-z]?[0-9]{1,9})?")
_TOKEN = re.compile(r"[A-Za-z0-9_\-]{16,128}")
_BAD_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def clean_text(text: str) -> bool:
    """True when ``text`` holds no control, format (bidi overrides, zero-width), surrogate,
    private-use or unassigned characters — player text is shown verbatim in others' terminals."""
    return not any(unicodedata.category(ch) in _BAD_CATEGORIES for ch in text)


@dataclass(frozen=True, slots=True)
class Field:
    """One field's rule. ``check`` returns an error text, or None when the value is fine."""

    check: Callable[[Any], str | None]
    required: bool = True


def _int(lo: int = 0, hi: int = MAX_INT, *, nullable: bool = False) -> Callable[[Any], str | None]:
    def check(v: Any) -> str | None:
        if v is None and nullable:
            return None
        # bool is an int in Python; on the wire it is not
        if not isinstance(v, int) or isinstance(v, bool):
            return "must be an integer" + (" or nil" if nullable else "")
        if not lo <= v <= hi:
            return f"must be in {lo}..{hi}"
        return None

    return check


def _bool(v: Any) -> str | None:
    return None if isinstance(v, bool) else "must be a boolean"


def _text(lo: int, hi: int) -> Callable[[Any], str | None]:
    def check(v: Any) -> str | None:
        if not isinstance(v, str):
            return "must be a string"
        if not lo <= len(v) <= hi:
            return f"must be {lo}..{hi} characters"
        if not clean_text(v):
            return "holds control or format characters"
        return None

    return check


def _match(pattern: re.Pattern[str], what: str) -> Callable[[Any], str | None]:
    def check(v: Any) -> str | None:
        if not isinstance(v, str) or not pattern.fullmatch(v):
            return f"must be {what}"
        return None

    return check


def _one_of(*values: str) -> Callable[[Any], str | None]:
    def check(v: Any) -> str | None:
        return None if v in values else f"must be one of {', '.join(values)}"

    return check


#: Client → host messages: type → field → rule. Every message may also carry ``id`` (an
#: integer the host echoes as ``ref`` in the reply or error it causes).
CLIENT_SCHEMAS: dict[str, dict[str, Field]] = {
    "hello": {
        "version": Field(_int()),
        "name": Field(_text(1, MAX_NAME)),
        "client": Field(_text(0, 64), required=False),
    },
    "join": {"seat": Field(_int(0, MAX_SEATS - 1, nullable=True), required=False)},
    "rejoin": {"token": Field(_match(_TOKEN, "a seat token"))},
    "spectate": {},
    "ready": {"ready": Field(_bool)},
    "start": {},
    "add_bot": {"strategy": Field(_one_of("heuristic", "random"), required=False)},
    "remove_bot": {"seat": Field(_int(0, MAX_SEATS - 1))},
    "chat": {"text": Field(_text(1, MAX_CHAT))},
    "choose": {"seq": Field(_int()), "option": Field(_match(_OPTION_ID, "an option id"))},
    "concede": {},
    "rematch": {},
    "leave": {},
    "ping": {},
    "pong": {},
}

_COMMON = {"t": Field(lambda v: None), "id": Field(_int(), required=False)}


def _check_fields(msg: Mapping[str, Any], schema: Mapping[str, Field], kind: str) -> None:
    for key in msg:
        if key not in schema and key not in _COMMON:
            raise ProtocolError("bad_message", f"{kind}: unknown field {key!r}")
    for key, rule in schema.items():
        if key not in msg:
            if rule.required:
                raise ProtocolError("bad_message", f"{kind}: missing field {key!r}")
            continue
        problem = rule.check(msg[key])
        if problem:
            raise ProtocolError("bad_message", f"{kind}.{key} {problem}")


def message_type(msg: Mapping[str, Any]) -> str:
    t = msg.get("t")
    if not isinstance(t, str) or not 1 <= len(t) <= 32:
        raise ProtocolError("bad_message", "`t` must be a short string")
    return t


def validate_client(msg: Mapping[str, Any]) -> str:
    """Check a decoded client message in full; returns its type. Raises ProtocolError."""
    t = message_type(msg)
    schema = CLIENT_SCHEMAS.get(t)
    if schema is None:
        raise ProtocolError("unknown_type", f"unknown message type {t[:32]!r}")
    mid = msg.get("id")
    if mid is not None and _int()(mid):
        raise ProtocolError("bad_message", "`id` must be a non-negative integer")
    _check_fields(msg, schema, t)
    return t


# Host → client: the client checks the fields it relies on; deeper structure (views, events)
# is checked by rebuilding the typed values, which refuses missing keys and wrong kinds.
SERVER_REQUIRED: dict[str, dict[str, type | tuple[type, ...]]] = {
    "welcome": {"version": int, "table": dict},
    "joined": {"seat": int, "token": str},
    "spectating": {},
    "lobby": {"table_name": str, "state": str, "seats": list},
    "update": {"view": dict, "events": list},
    "ended": {"result": dict, "view": dict},
    "chat": {"name": str, "text": str},
    "error": {"code": str, "message": str},
    "ping": {},
    "pong": {},
    "bye": {"reason": str},
}


def validate_server(msg: Mapping[str, Any]) -> str:
    """Check a decoded host message's type, ``n`` and top-level fields; returns its type."""
    t = message_type(msg)
    required = SERVER_REQUIRED.get(t)
    if required is None:
        raise ProtocolError("unknown_type", f"unknown message type {t[:32]!r}")
    n = msg.get("n")
    if not isinstance(n, int) or isinstance(n, bool):
        raise ProtocolError("bad_message", f"{t}: `n` must be an integer")
    for key, typ in required.items():
        v = msg.get(key)
        if not isinstance(v, typ) or isinstance(v, bool) and typ is int:
            raise ProtocolError("bad_message", f"{t}.{key} is missing or of the wrong type")
    return t
