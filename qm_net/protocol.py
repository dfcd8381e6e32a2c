"""The wire's messages: one typed definition each, and the checks every message goes through.

Each message is a frozen :class:`msgspec.Struct` whose tag is its ``t``. From these classes come

- decoding and validation (:func:`decode_client` on the host, :func:`decode_host` on the
  client): types, ranges, lengths and patterns are the annotations below, text is held clean
  by ``__post_init__``, a frame that does not fit is a :class:`ProtocolError`;
- encoding (:func:`encode`): the host hands a Struct to the framing, never a hand-made dict;
- the published schema, ``docs/protocol.schema.json`` (:mod:`qm_net.schema` writes it).

The views and events inside ``update`` and ``ended`` are in their compact wire form
(:mod:`qm_net.compact`: arrays by position, defaults left out), which the client turns into
the engine's own values; what a prompt's ``context`` and an event's ``data`` hold is defined
per kind in :mod:`qm_rules.events` (an event's) and :mod:`qm_net.payloads` (a prompt's).

Evolving the wire (``docs/protocol.md`` §9): a receiver ignores map fields it does not know,
so a field may be added (with a default) without a version step; anything else — a new message
type, a field removed, renamed, made required or given another meaning — bumps
:data:`~qm_net.version.PROTOCOL_VERSION`.
"""

from __future__ import annotations

import unicodedata
from typing import Annotated, Any, Literal, dataclass_transform

import msgspec
from msgspec import Meta, Struct

from qm_net import framing
from qm_net.compact import Event, View
from qm_net.framing import ProtocolError
from qm_net.version import DEFAULT_PORT as DEFAULT_PORT  # clients read both here
from qm_net.version import PROTOCOL_VERSION as PROTOCOL_VERSION
from qm_rules.bots import BOT_LEVELS, BOT_NAMES
from qm_rules.model import GameOptions, Result

MAX_SEATS = 6
MIN_SEATS = 2
MAX_NAME = 24
MAX_CHAT = 200
MAX_INT = 2**31 - 1
#: The largest card set a table sends its guests (the TOML file's UTF-8 bytes; the game's own
#: is about 16 KiB): inside one frame, with room to spare.
MAX_CARD_SET = 128 * 1024
#: The most events of the game so far a (re)joining peer is sent (the newest; a typical
#: six-seat game tells one seat about 300, one played to the round limit about 1,700).
MAX_HISTORY = 600

#: Every error code the host sends, with what it means. Engine codes pass through unchanged.
ERROR_CODES: dict[str, str] = {
    # framing and shape
    "bad_frame": "the frame body is not msgpack, or the frame is empty",
    "frame_too_large": "the length prefix exceeds 256 KiB (connection closed)",
    "bad_message": "not a map, no/invalid `t`, a missing or wrongly typed field, "
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
    "seat_freed": "after a game, the grace to ask for the rematch ran out: the seat is free "
    "(sent unasked; the connection stays, seatless)",
    # game (from the rules engine, passed through)
    "not_your_turn": "the pending decision is someone else's",
    "unknown_option": "the option is not among the prompt's options",
    "stale_prompt": "the choice answers a prompt that is no longer pending",
    "game_over": "the game has ended",
    "rules_error": "the rules refuse the choice",
    "journal_error": "the journal cannot be replayed",
    "unknown_cards": "`cards` asked for a card set this table does not play",
    # the host itself
    "replaced": "the seat was taken back by a newer connection with the same token",
    "table_closed": "the host is closing the table",
    "table_busy": "the table is at its connection cap and every connection holds a seat; "
    "retry (connection closed)",
    "server_error": "the host hit a bug handling this message (the table goes on), or one "
    "that stops the game (sent to everyone; the table closes)",
    "cannot_save": "the host cannot write its journal (a full disk, say): play waits, "
    "choices are refused until it can",
    # take-backs (the feature `takeback`)
    "takeback_table": "take-backs are only for a table of one player and the host's bots",
    "takeback_none": "no decision of this seat's own to take back (none yet, or a clock's)",
    "takeback_others": "another seat has decided since this seat's last decision",
    "takeback_revealed": "a card hidden from this seat has been shown since its last decision",
}

#: What a host does beyond the messages every host of this version knows, announced in
#: ``welcome.features`` (docs/protocol.md §9): a client uses each only with a host that lists
#: it, so an older host (which lists none) is never asked for what it does not know.
FEATURES: dict[str, str] = {
    "leave_keep": "`leave` takes `keep`: the player goes away keeping the seat",
    "takeback": "`takeback`: at a table of one player and bots, take back the last decision",
}

_BAD_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def clean_text(text: str) -> bool:
    """True when ``text`` holds no control, format (bidi overrides, zero-width), surrogate,
    private-use or unassigned characters — player text is shown verbatim in others' terminals."""
    return not any(unicodedata.category(ch) in _BAD_CATEGORIES for ch in text)


def _require_clean(**fields: str) -> None:
    for name, text in fields.items():
        if not clean_text(text):
            raise ValueError(f"{name} holds control or format characters")


# ───────────────────────────── field types ─────────────────────────────

Count = Annotated[int, Meta(ge=0, le=MAX_INT)]
SeatNo = Annotated[int, Meta(ge=0, le=MAX_SEATS - 1)]
Name = Annotated[str, Meta(min_length=1, max_length=MAX_NAME)]
ChatText = Annotated[str, Meta(min_length=1, max_length=MAX_CHAT)]
Token = Annotated[str, Meta(pattern=r"^[A-Za-z0-9_\-]{16,128}$")]
OptionId = Annotated[str, Meta(pattern=r"^[a-z_]{1,16}(:[a-z]?[0-9]{1,9})?$")]
Hex64 = Annotated[str, Meta(pattern=r"^[0-9a-f]{64}$")]  # 32 bytes as lowercase hex
PartSource = Literal["player", "bot", "absent"]
TableState = Literal["lobby", "playing", "ended"]
SeatKind = Literal["human", "bot", "empty"]
#: What a bot may be asked for by (a level or a strategy), and the level a bot seat shows.
# (type: ignore: the names come from the bots' table: mypy reads Any)
BotName = Literal[BOT_NAMES]  # type: ignore[valid-type]
# (type: ignore: the names come from the bots' table: mypy reads Any)
BotLevel = Literal[BOT_LEVELS]  # type: ignore[valid-type]


# ───────────────────────────── client → host ─────────────────────────────


# msgspec passes ``frozen`` (and ``kw_only``) down to subclasses, but a type checker reads a
# Struct subclass by PEP 681's defaults (not frozen) and calls every message a mutable class
# inheriting a frozen one; this base states the inherited defaults (msgspec/msgspec#657).
@dataclass_transform(frozen_default=True, kw_only_default=True, field_specifiers=(msgspec.field,))
class ClientMessage(Struct, tag_field="t", frozen=True, kw_only=True, omit_defaults=True):
    """Any client message may carry ``id``; the reply or error it causes carries it as ``ref``.
    Optional fields left at their default are not sent."""

    id: Count | None = None


class Hello(ClientMessage, tag="hello"):
    """Must come first. ``version`` must equal the host's protocol version. ``bot``: this
    client is a bot, playing at that level (or strategy); nil for a person. Its own word: the
    host shows it in the seat's ``SeatInfo.level`` and grants nothing for it."""

    version: Count
    name: Name
    client: Annotated[str, Meta(max_length=64)] = ""
    bot: BotName | None = None  # a level or a strategy (qm_rules.bots.BOT_NAMES), as add_bot

    def __post_init__(self) -> None:
        _require_clean(name=self.name, client=self.client)


class Join(ClientMessage, tag="join"):
    """Take a seat (nil: the first free one); the reply is ``joined``."""

    seat: SeatNo | None = None


class Rejoin(ClientMessage, tag="rejoin"):
    """Take back the seat this token was given for, at any time."""

    token: Token


class Spectate(ClientMessage, tag="spectate"):
    """Watch: the public view."""


class Ready(ClientMessage, tag="ready"):
    ready: bool


class Start(ClientMessage, tag="start"):
    """Start now with the seated players."""


class AddBot(ClientMessage, tag="add_bot"):
    strategy: BotName | None = None  # a level or a strategy (qm_rules.bots.BOT_NAMES)


class RemoveBot(ClientMessage, tag="remove_bot"):
    seat: SeatNo


class Say(ClientMessage, tag="chat"):
    """A chat line to everyone at the table."""

    text: ChatText

    def __post_init__(self) -> None:
        _require_clean(text=self.text)


class Choose(ClientMessage, tag="choose"):
    """Answer the pending prompt (``seq``) with one of its options."""

    seq: Count
    option: OptionId


class Concede(ClientMessage, tag="concede"):
    pass


class TakeBack(ClientMessage, tag="takeback"):
    """Take back this seat's last decision (a host listing the feature ``takeback``), asked
    at the prompt ``seq`` (the newest view's): the answer is the ``update`` (``ref``: this
    message's ``id``) showing the game as it was before that decision, or an error."""

    seq: Count


class Rematch(ClientMessage, tag="rematch"):
    pass


class Leave(ClientMessage, tag="leave"):
    """Give up the seat; with ``keep`` (a host announcing ``leave_keep``) go away keeping it
    instead: nothing is conceded, the seat waits as for a dropped connection."""

    keep: bool = False


class DealPart(ClientMessage, tag="deal_part"):
    """This seat's share of the next game's deal: 32 fresh random bytes (hex). Send it once,
    when a ``deal`` names your seat; the host accepts none before its ``deal`` is out."""

    part: Hex64


class Sync(ClientMessage, tag="sync"):
    """Send me the whole view again: the next ``update`` carries ``view``, not a ``patch``
    (for a client that lost track, e.g. a patch that does not fit)."""


class GetCards(ClientMessage, tag="cards"):
    """Send me the table's card set (its file): for a client that has no set of the hash
    ``welcome`` named (``table.cards``). The reply is the host's ``cards``."""

    sha256: Hex64


class Ping(ClientMessage, tag="ping"):
    pass


class Pong(ClientMessage, tag="pong"):
    pass


CLIENT_MESSAGES: tuple[type[ClientMessage], ...] = (
    Hello, Join, Rejoin, Spectate, Ready, Start, AddBot, RemoveBot, Say, Choose, Concede,
    Rematch, Leave, DealPart, Sync, GetCards, Ping, Pong, TakeBack,
)  # fmt: skip


# ───────────────────────────── host → client ─────────────────────────────


# Frozen and keyword-only by inheritance, as ClientMessage.
@dataclass_transform(frozen_default=True, kw_only_default=True, field_specifiers=(msgspec.field,))
class HostMessage(Struct, tag_field="t", frozen=True, kw_only=True):
    """Every host message carries ``n``: 0 on a new connection, then one more each message.
    The host sets it as it sends (:func:`encode`)."""

    n: Count = 0


class TableInfo(Struct, frozen=True):
    name: str
    seats: Annotated[int, Meta(ge=MIN_SEATS, le=MAX_SEATS)]
    options: GameOptions
    anyone_starts: bool  # True: any seated player may start; else only the owner
    cards: Hex64  # the SHA-256 of the card set's file the table deals from (its own or another)


class Welcome(HostMessage, tag="welcome"):
    """``features``: what this host does beyond the messages every host of its version knows
    (:data:`FEATURES`); a receiver ignores names it does not know."""

    version: Count
    table: TableInfo
    ref: Count | None = None
    features: tuple[Annotated[str, Meta(max_length=32)], ...] = ()


class StandIn(Struct, frozen=True):
    """In a history: here a host bot began to play a player's seat (``playing`` true: its
    player did not come back within the grace) or stopped (false: the player took it back).
    ``at``: the place in the history's ``events``, before the event of that index (its length:
    after the last); ``seat``: whose seat."""

    at: Count
    seat: SeatNo
    playing: bool


class Placed(Struct, frozen=True):
    """In a history: where a card an ``activate`` targeted lay on the fields, as the update
    that told the activation began (else where it ended: a card placed meanwhile) — what the
    live log read from the views ("-> Joss Paper (bot-3's slot 1)"), which the events do not
    hold. ``at``: the index of the ``activate`` in the history's ``events``; ``card``: the
    targeted card; ``seat``, ``slot``: whose field and which slot (from 0)."""

    at: Count
    card: Count
    seat: SeatNo
    slot: Count


class GameHistory(Struct, frozen=True):
    """The game so far as its receiver was told it: the events its updates carried (a seat's
    own, or the public ones for a spectator), oldest first — the newest :data:`MAX_HISTORY`
    of them; ``omitted``: how many earlier ones were left out; ``stand_ins``: where a host bot
    began or stopped playing a player's seat among them (as the live ``lobby`` messages told
    it, which a log restored from ``events`` alone would not show), in order; ``places``:
    where the cards the activations among them targeted lay, in order."""

    events: tuple[Event, ...]
    omitted: Count = 0
    stand_ins: tuple[StandIn, ...] = ()
    places: tuple[Placed, ...] = ()


class WebPage(Struct, frozen=True):
    """The table's page for browsers: its port on the host's address, and the code a browser
    must give to come in (told to seated players only, who may pass it to a friend)."""

    port: Annotated[int, Meta(ge=1, le=65535)]
    code: Annotated[str, Meta(pattern=r"^[A-Z0-9]{4,16}$")]


class Joined(HostMessage, tag="joined"):
    """A seat is yours. **Keep the token secret**: it is the only proof of the seat. Also sent
    unasked (``ref`` nil) when ``start`` renumbers the seats, or when the table's page for
    browsers opens. ``history``: when a game is on (or just over), what this seat was told of it
    so far (a rejoining client's log). ``web``: the table's page for browsers, when it has one."""

    seat: SeatNo
    token: Token
    ref: Count | None = None
    history: GameHistory | None = None
    web: WebPage | None = None


class Spectating(HostMessage, tag="spectating"):
    """Watching; ``history``: the public events of the game so far, when one is on."""

    ref: Count | None = None
    history: GameHistory | None = None


class SeatInfo(Struct, frozen=True):
    seat: SeatNo
    name: str | None
    kind: SeatKind
    ready: bool
    connected: bool  # for bots always True; for a human whether their client is connected
    played_by_bot: bool = False  # a human seat a host bot plays for now (away past the grace)
    # how well the bot playing the seat plays: a host bot seat's level; while played_by_bot,
    # the host bot's standing in; else the level a player's client said it is a bot of (hello)
    level: BotLevel | None = None


class LobbyUpdate(HostMessage, tag="lobby"):
    """The table's seats and state; sent on every lobby change and at each state change."""

    table_name: str
    state: TableState
    seats: tuple[SeatInfo, ...]
    owner_seat: SeatNo | None
    games_played: Count


#: One step of a patch (:mod:`qm_net.delta`): ``[path, value]``, path a list of map keys and
#: array indices.
PatchStep = tuple[tuple[str | int, ...], Any]


class Update(HostMessage, tag="update"):
    """After every decision: this seat's view and the events it may see, in their compact
    form (:mod:`qm_net.compact`). The view comes whole (``view``) or as ``patch``, the steps
    from the view of the previous ``update`` on this connection (whose ``n`` is ``base``) to
    this one. ``deadline``: seconds left on the
    pending prompt's timer, nil if none runs; ``timer``: that timer's whole length in seconds
    (the table's ``response_timer`` or ``turn_timer``), so that a client which comes in with
    the clock half run can show how much of it is left; nil when none runs (absent: an older
    host). ``ref``: the ``id`` of this connection's ``sync``, ``rejoin`` or ``spectate`` that
    this update answers; nil (or absent) for an update pushed after decisions."""

    events: tuple[Event, ...]
    deadline: float | None
    view: View | None = None
    patch: tuple[PatchStep, ...] | None = None
    base: Count | None = None
    timer: Annotated[float, Meta(gt=0)] | None = None
    ref: Count | None = None

    def __post_init__(self) -> None:
        whole, patched = self.view is not None, self.patch is not None
        if whole == patched or patched != (self.base is not None):
            raise ValueError("an update carries either a view, or a patch and its base")


class Deal(HostMessage, tag="deal"):
    """A table with no fixed seed is about to deal a game (§11): the host's commitment to its
    secret, the seats whose part it awaits (answer with ``deal_part`` if yours is one), and
    seconds left before it makes the missing parts itself."""

    commitment: Hex64
    seats: tuple[SeatNo, ...]
    deadline: float


class Dealt(HostMessage, tag="dealt"):
    """The game's seed is fixed: where each seat's part came from (its own client, or made by
    the host for a bot or for a player who was away or did not answer in time)."""

    sources: tuple[PartSource, ...]


class RevealedPart(Struct, frozen=True):
    seat: SeatNo
    source: PartSource
    part: Hex64


class GameJournal(Struct, frozen=True):
    """Everything that decides a game: the rules it was played under, its seed, players,
    options and every choice in order (seat, option id). ``rules`` hashes what the rules read
    of the card data (not its display texts) and the engine version: see "Journal"."""

    rules: str
    engine: str
    seed: int | str
    players: tuple[str, ...]
    options: GameOptions
    choices: tuple[tuple[Count, str], ...]
    result: Result | None = None
    # the choices taken back, in order: [index, seat, option] each (absent: none)
    takebacks: tuple[tuple[Count, Count, str], ...] = ()


class Reveal(Struct, frozen=True):
    """After a fairly dealt game: the host's secret, every part and the game's journal, so
    that each client can check the deal and the game on its own (§11)."""

    secret: Hex64
    commitment: Hex64
    parts: tuple[RevealedPart, ...]
    journal: GameJournal


class GameEnded(HostMessage, tag="ended"):
    """The game is over. ``view``: the final view (every hand revealed), nil when the
    ``update`` just before this one on the connection carried it (the usual case); whole for a
    connection that (re)joins, or asks ``sync``, after the game. ``ref``: as an update's, the
    ``id`` of the request it answers (nil: the game just ended)."""

    result: Result
    view: View | None = None
    deal: Reveal | None = None  # nil when the table dealt from a fixed seed
    ref: Count | None = None
    takebacks: Count = 0  # the decisions taken back during the game


class ChatMessage(HostMessage, tag="chat"):
    seat: SeatNo | None  # None: a spectator
    name: str
    text: str


class ErrorMessage(HostMessage, tag="error"):
    """The host refused something. ``ref`` is the ``id`` of the request it answers, if any."""

    code: str
    message: str
    ref: Count | None = None


class CardsFile(HostMessage, tag="cards"):
    """The table's card set, the answer to ``cards``: its file (TOML, as the host read it),
    whose UTF-8 bytes hash (SHA-256) to ``sha256``, the hash ``welcome`` named."""

    sha256: Hex64
    source: Annotated[str, Meta(min_length=1, max_length=MAX_CARD_SET)]
    ref: Count | None = None


class HostPing(HostMessage, tag="ping"):
    pass


class HostPong(HostMessage, tag="pong"):
    pass


class Bye(HostMessage, tag="bye"):
    """The host closes this connection (the table is closing, or it made room)."""

    reason: str


HOST_MESSAGES: tuple[type[HostMessage], ...] = (
    Welcome, Joined, Spectating, LobbyUpdate, Update, Deal, Dealt, GameEnded, ChatMessage,
    ErrorMessage, CardsFile, HostPing, HostPong, Bye,
)  # fmt: skip


def _tag(cls: type[Struct]) -> str:
    tag = cls.__struct_config__.tag
    assert isinstance(tag, str)
    return tag


CLIENT_TYPES: dict[str, type[ClientMessage]] = {_tag(c): c for c in CLIENT_MESSAGES}
HOST_TYPES: dict[str, type[HostMessage]] = {_tag(c): c for c in HOST_MESSAGES}


# ───────────────────────────── decoding and encoding ─────────────────────────────


def message_type(msg: dict[str, Any]) -> str:
    t = msg.get("t")
    if not isinstance(t, str) or not 1 <= len(t) <= 32:
        raise ProtocolError("bad_message", "`t` must be a short string")
    return t


def _convert(msg: dict[str, Any], types: dict[str, type[Any]]) -> Any:
    t = message_type(msg)
    cls = types.get(t)
    if cls is None:
        raise ProtocolError("unknown_type", f"unknown message type {t!r}")
    try:
        return msgspec.convert(msg, cls)
    except msgspec.ValidationError as exc:
        raise ProtocolError("bad_message", f"{t}: {exc}") from None


def decode_client(msg: dict[str, Any]) -> ClientMessage:
    """A decoded frame from a client to its typed message; raises ProtocolError
    (``unknown_type``, or ``bad_message`` naming the field and what is wrong)."""
    # (type: ignore: msgspec.convert to one of the types given)
    return _convert(msg, CLIENT_TYPES)  # type: ignore[no-any-return]


def decode_host(msg: dict[str, Any]) -> HostMessage:
    """A decoded frame from the host to its typed message; raises ProtocolError."""
    # (type: ignore: msgspec.convert to one of the types given)
    return _convert(msg, HOST_TYPES)  # type: ignore[no-any-return]


_ENCODER = msgspec.msgpack.Encoder()


def encode_body(msg: Any) -> bytes:
    """A message (or any wire value) as msgpack: the body of a frame."""
    return _ENCODER.encode(msg)


def encode(msg: ClientMessage | HostMessage) -> bytes:
    """A message as a complete frame; raises ProtocolError (``frame_too_large``)."""
    return framing.frame(_ENCODER.encode(msg))


def plain(msg: Any) -> Any:
    """A message (or any wire value) as plain data: maps, arrays, strings, numbers, nil."""
    return msgspec.to_builtins(msg)


# ─────────────────── encoded once, numbered per connection ───────────────────


class Shared:
    """A host message encoded once for every connection that gets it (a lobby change, a
    ping, the public result); :meth:`frame` gives one connection's frame with its own ``n``.
    The encoding is a map of ``t`` (first) and the fields in their order: the bytes before the
    value of ``n`` and after it are kept, and each frame puts its own value between them."""

    __slots__ = ("tag", "_head", "_rest")

    def __init__(self, msg: HostMessage) -> None:
        self.tag = _tag(type(msg))
        msg = msgspec.structs.replace(msg, n=0)
        body = _ENCODER.encode(msg)
        size = len(_ENCODER.encode("t")) + len(_ENCODER.encode(self.tag))
        for name in msg.__struct_fields__:
            size += len(_ENCODER.encode(name))
            if name == "n":
                break
            size += len(_ENCODER.encode(getattr(msg, name)))
        head = 1 + size  # the map's header, the pairs before n, and the key "n"
        assert body[head - 2 : head] == b"\xa1n" and body[head] == 0  # n=0 is one byte
        self._head, self._rest = body[:head], body[head + 1 :]

    def frame(self, n: int) -> bytes:
        """The frame numbered ``n``; raises ProtocolError (``frame_too_large``)."""
        return framing.frame(self._head + _ENCODER.encode(n) + self._rest)


# ─────────────────── updates: encoded once, numbered per connection ───────────────────


def update_body(
    events: Any,
    deadline: float | None,
    view: Any = None,
    patch: Any = None,
    timer: float | None = None,
) -> bytes:
    """What an ``update`` holds apart from its numbers (``n``, ``base``), encoded once for
    every connection that gets the same one (spectators): the msgpack map of ``t``,
    ``events``, ``deadline``, ``view`` and ``patch``, and ``timer`` when a timer runs.
    Exactly one of ``view`` (plain data or a :class:`View`) and ``patch`` is given;
    :func:`update_frame` completes it."""
    if (view is None) == (patch is None):
        raise ValueError("an update carries either a view or a patch")
    fields = {"t": "update", "events": events, "deadline": deadline, "view": view, "patch": patch}
    if timer is not None:
        fields["timer"] = timer
    body = _ENCODER.encode(fields)
    assert body[0] == 0x80 | len(fields)  # a fixmap
    return body


def update_frame(body: bytes, n: int, base: int | None, ref: int | None = None) -> bytes:
    """One connection's ``update`` frame: ``body`` (from :func:`update_body`) with this
    connection's ``n`` and, for a patch (only), the ``n`` of the update it applies to, and
    ``ref`` when the update answers a request. A msgpack map is its key count followed by its
    pairs, so the pairs are appended and the count raised — the shared part is copied, not
    encoded again. Raises ProtocolError (``frame_too_large``)."""
    pairs: dict[str, int | None] = {"n": n, "base": base}
    if ref is not None:
        pairs["ref"] = ref
    numbers = _ENCODER.encode(pairs)
    # (both fixmaps: at most 7 pairs and 3)
    return framing.frame(bytes((body[0] + len(pairs),)) + body[1:] + numbers[1:])
