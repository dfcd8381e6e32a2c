"""The table's side of a game: what the table screen reads and what it asks for.

:class:`TableSession` is the seam between the table screen and whatever runs the game;
:class:`NetSession` wraps a :class:`qm_net.client.TableClient` — a game hosted on the LAN, or in
the app's own loop by ``qingming play``: the host runs the timers and the bots. Every table, the
tests' too, is played through a host, so what is tested is what players get.

A session yields :data:`SessionMessage` values from ``messages()``; times are absolute on the
session's injected clock (``deadline_at``), so a countdown is ``deadline_at - clock.now()``.
No Textual here.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from qm_rules.model import Event, Result, View
from qm_tui.clock import Clock, SystemClock

if TYPE_CHECKING:
    from qm_net.client import TableClient
    from qm_net.fairdeal import ClientRecord

__all__ = [
    "Chat",
    "Ended",
    "Failure",
    "Back",
    "History",
    "Lost",
    "NetSession",
    "Reconnecting",
    "SeatStatus",
    "Seats",
    "SessionMessage",
    "TableSession",
    "Update",
]


# ───────────────────────────── what a session yields ─────────────────────────────


@dataclass(frozen=True, slots=True)
class Update:
    """A new view and the events that led to it (only those this seat may see).
    ``deadline_at``: when the timer of the pending prompt runs out, on the session's clock;
    ``timer``: that timer's whole length in seconds (None: not told, e.g. an older host)."""

    view: View
    events: tuple[Event, ...]
    deadline_at: float | None
    timer: float | None = None


@dataclass(frozen=True, slots=True)
class Chat:
    seat: int | None
    name: str
    text: str


@dataclass(frozen=True, slots=True)
class Failure:
    """The host (or the rules) refused a request; shown to the player, never swallowed."""

    code: str
    message: str


@dataclass(frozen=True, slots=True)
class Ended:
    """The game is over; ``view`` shows every hand (R5)."""

    result: Result
    view: View
    fair: ClientRecord | None = None
    """This client's record of a fair deal (the host's reveal in it), to check; None when the
    table dealt from a fixed number."""
    record_path: str | None = None
    """Where that record was saved (``qingming verify`` checks it again), if it was."""
    takebacks: int = 0
    """How many decisions the player took back during the game (``u``)."""


@dataclass(frozen=True, slots=True)
class HostMadeParts:
    """The deal is fixed, and the host made the deal's number for these players (away, or no
    answer in time): the table says so."""

    names: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class History:
    """The game so far, before this client came to it (started again after a crash, a resumed
    table, a spectator arriving): the events this seat was allowed to see, as the host told
    them, for the log; ``names``: the players, by seat; ``omitted``: earlier events the host
    left out (a long game)."""

    events: tuple[Event, ...]
    names: tuple[str, ...]
    omitted: int = 0
    missed: bool = False
    """The connection dropped and is back: ``events`` are what was told meanwhile (the log
    has the rest), ``omitted`` those of them the host no longer keeps."""
    stand_ins: tuple[Any, ...] = ()
    """Where among ``events`` a host bot began or stopped playing a player's seat
    (``qm_net.protocol.StandIn``: ``at``, ``seat``, ``playing``), in order."""
    places: tuple[Any, ...] = ()
    """Where the cards the activations among ``events`` targeted lay
    (``qm_net.protocol.Placed``: ``at``, ``card``, ``seat``, ``slot``), in order."""


@dataclass(frozen=True, slots=True)
class Back:
    """The connection was lost and is back: the seat is ours again (its view follows)."""


@dataclass(frozen=True, slots=True)
class Reconnecting:
    """The connection is lost and the session tries to get the seat back: ``attempt`` of
    ``of`` comes next; ``ends_at``: when the last try is due (on the session's clock)."""

    attempt: int
    of: int
    ends_at: float
    span: float = 0.0
    """All the tries' time, from the first (the countdown's whole length)."""

    @property
    def clock(self) -> tuple[float, float | None]:
        """The countdown to the last try: its end and its whole length."""
        return self.ends_at, self.span or None


@dataclass(frozen=True, slots=True)
class Lost:
    """The connection to the table is gone; ``final``: reconnecting will not help; ``code``:
    the error the host closed it with, when it said one (``replaced``: another connection of
    the same player took the seat); ``closed``: the host closed the table and said so (after
    its last game, say), rather than the link failing."""

    reason: str
    final: bool = False
    code: str | None = None
    closed: bool = False


@dataclass(frozen=True, slots=True)
class SeatStatus:
    seat: int
    name: str
    kind: str  # "human" | "bot" | "empty"
    connected: bool
    played_by_bot: bool = False
    """A human's seat that a bot plays for now (its player was away too long, or left)."""
    level: str | None = None
    """A bot seat's level (easy, normal, hard; or random)."""


@dataclass(frozen=True, slots=True)
class Seats:
    """Who sits where and who is connected (the view itself does not say); ``grace``: the
    table's seconds before a bot plays the seat of a player who is away (None: unknown)."""

    seats: tuple[SeatStatus, ...]
    grace: float | None = None


SessionMessage = (
    Update | Chat | Failure | Ended | Lost | Reconnecting | Back | Seats | HostMadeParts | History
)


class TableSession(Protocol):
    """What the table screen needs from a game in progress."""

    @property
    def seat(self) -> int | None:
        """The seat this session plays (None: a spectator)."""
        ...

    @property
    def view(self) -> View | None:
        """The latest view, if one has arrived."""
        ...

    def messages(self) -> AsyncIterator[SessionMessage]:
        """Everything that happens at the table, in order, until the session is closed."""
        ...

    async def choose(self, option_id: str) -> None: ...

    async def chat(self, text: str) -> None: ...

    async def concede(self) -> None: ...

    @property
    def can_take_back(self) -> bool:
        """Whether this table takes back decisions at all: one player and the host's bots,
        at a host that does it. Whether it takes back the last one now is the host's call."""
        ...

    async def take_back(self) -> None:
        """Take back the player's last decision (its view comes as an update); raises
        ``qm_net.client.TableError`` with the host's refusal."""
        ...


# ───────────────────────────── a game over the network ─────────────────────────────


class NetSession:
    """A seat at a table on the network, through a connected :class:`TableClient`.

    The host runs the game, the bots and the timers; this turns the client's messages into
    :data:`SessionMessage` values, converting the host's "seconds left" into a time on the clock.
    """

    #: Waits between reconnect attempts after the host is lost (about a minute in all).
    RECONNECT_DELAYS: tuple[float, ...] = (0.2, 0.5, 1.0, 2.0, 3.0, 5.0, 8.0, 10.0, 15.0, 15.0)

    def __init__(
        self,
        client: TableClient,
        *,
        clock: Clock | None = None,
        reconnect_delays: tuple[float, ...] | None = None,
        keep_records: bool = True,
    ) -> None:
        self.client = client
        self.keep_records = keep_records
        """Save a fairly dealt game's record at its end (``--no-journal``: not)."""
        self.clock: Clock = clock or SystemClock()
        self._view: View | None = None
        self.reconnect_delays = (
            self.RECONNECT_DELAYS if reconnect_delays is None else reconnect_delays
        )

    @property
    def seat(self) -> int | None:
        return self.client.seat

    @property
    def view(self) -> View | None:
        return self._view

    async def messages(self) -> AsyncIterator[SessionMessage]:
        """The table's messages. When the connection drops, this says so (``Lost``, not final),
        reconnects with the seat's token — the host gives back the seat and the current view,
        mid-chain too — and goes on; ``Lost(final=True)`` once that cannot work.

        The seat list the client already has comes first: the waiting room read it (the table's
        state turning to ``playing``, or a rematch), and the host sends it again only when a
        seat changes; without it the table's first frames would lack who is a bot, of which
        level, and who is online. Then the game so far, when the host told it (this client
        came to a game under way: started again after a crash, or watching); after a dropped
        connection, what was told while it was down."""
        if self.client.lobby is not None:
            yield self._seats(self.client.lobby)
        history = self._history()
        if history is not None:
            yield history
        while True:
            lost: Lost | None = None
            async for item in self._once():
                if isinstance(item, Lost):
                    lost = item
                    break
                yield item
            if lost is None:
                return
            if lost.final or not self.reconnect_delays:
                yield lost
                return
            yield Lost(lost.reason, False, lost.code)
            back = False
            async for step in self._reconnect():
                yield step
                back = isinstance(step, Back)
            if not back:
                yield Lost(lost.reason, True, lost.code)
                return
            history = self._history()  # what was told while the connection was down
            if history is not None:
                yield history

    async def _reconnect(self) -> AsyncIterator[Reconnecting | Back]:
        """Try to take the seat back, once after each of :attr:`reconnect_delays`: a
        ``Reconnecting`` before each try (which one, and when the tries end), ``Back`` once one
        worked; nothing more when none did."""
        from qm_net.client import TableError

        delays = self.reconnect_delays
        for i, delay in enumerate(delays):
            ends_at = self.clock.now() + sum(delays[i:])
            yield Reconnecting(i + 1, len(delays), ends_at, sum(delays))
            await asyncio.sleep(delay)
            try:
                await self.client.reconnect()
            except TableError:  # the host is there but will not give the seat back
                return
            except (TimeoutError, OSError, ConnectionError):
                continue  # not reachable yet (restarting, network down): try again
            yield Back()
            return

    async def _once(self) -> AsyncIterator[SessionMessage]:
        from qm_net import messages as m

        async for msg in self.client.messages():
            if isinstance(msg, m.GameUpdate):
                self._view = msg.view
                at = self.clock.now() + msg.deadline if msg.deadline is not None else None
                yield Update(msg.view, tuple(msg.events), at, msg.timer)
            elif isinstance(msg, m.GameEnded):
                self._view = msg.view
                record = self._save_record(msg.fair)
                yield Ended(msg.result, msg.view, msg.fair, record, msg.takebacks)
            elif isinstance(msg, m.Dealt):
                absent = [i for i, src in enumerate(msg.sources) if src == "absent"]
                if absent:
                    names = self._names()
                    yield HostMadeParts(tuple(names.get(i, f"#{i + 1}") for i in absent))
            elif isinstance(msg, m.ChatMessage):
                yield Chat(msg.seat, msg.name, msg.text)
            elif isinstance(msg, m.ErrorMessage):
                yield Failure(msg.code, msg.message)
            elif isinstance(msg, m.ConnectionLost):
                yield Lost(msg.reason, msg.final, msg.code, msg.closed)
            elif isinstance(msg, m.LobbyUpdate):
                yield self._seats(msg)

    def _seats(self, lobby: Any) -> Seats:
        """A ``LobbyUpdate``'s seats as the table reads them, with the table's grace."""
        table = self.client.table
        return Seats(
            tuple(
                SeatStatus(s.seat, s.name or "", s.kind, s.connected, s.played_by_bot, s.level)
                for s in lobby.seats
            ),
            table.options.disconnect_grace if table is not None else None,
        )

    def _history(self) -> History | None:
        """The game so far as the host told it at the (re)join, once; None if it told none."""
        told = self.client.take_history()
        if told is None or not (told.events or told.omitted or told.stand_ins):
            return None
        names = self._names()
        players = tuple(names.get(i, f"#{i + 1}") for i in range(max(names, default=-1) + 1))
        return History(
            tuple(told.events), players, told.omitted, told.missed, told.stand_ins, told.places
        )

    def _names(self) -> dict[int, str]:
        lobby = self.client.lobby
        return {s.seat: s.name or f"#{s.seat + 1}" for s in lobby.seats} if lobby else {}

    def _save_record(self, fair: ClientRecord | None) -> str | None:
        """Keep a fair deal's record where ``qingming verify`` can check it again (the check
        on screen does not need the file)."""
        if fair is None or not self.keep_records:
            return None
        from qm_tui import config

        table = self.client.table.name if self.client.table is not None else "table"
        try:
            path = config.new_record_path(table)
            fair.save(str(path))
        except OSError:
            return None  # the check on screen does not need the file
        return str(path)

    async def choose(self, option_id: str) -> None:
        await self.client.choose(option_id)

    async def chat(self, text: str) -> None:
        await self.client.chat(text)

    async def concede(self) -> None:
        await self.client.concede()

    @property
    def can_take_back(self) -> bool:
        """The host takes decisions back, and this seat is the one player among its bots."""
        client, lobby = self.client, self.client.lobby
        if not client.can_take_back or client.seat is None or lobby is None:
            return False
        return all(
            s.kind == ("human" if s.seat == client.seat else "bot")
            for s in lobby.seats
            if s.kind != "empty"
        )

    async def take_back(self) -> None:
        await self.client.take_back()
