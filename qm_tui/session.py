"""The table's side of a game: what the table screen reads and what it asks for.

:class:`TableSession` is the seam between the table screen and whatever runs the game. Two
implementations:

- :class:`NetSession` wraps a :class:`qm_net.client.TableClient` (a game hosted on the LAN, or
  in the app's own loop by ``qingming play``): the host runs the timers and the bots.
- :class:`LocalSession` plays an in-process :class:`qm_rules.game.Game` against bots, with no
  network at all. It emulates what the host does for a seat: it runs the bots, and when the
  response or turn timer of the human's prompt runs out it takes the prompt's default
  (``game.apply_default()``), exactly as the host's timer would.

Both yield :data:`SessionMessage` values from ``messages()``; times are absolute on the
session's injected clock (``deadline_at``), so a countdown is ``deadline_at - clock.now()``.
No Textual here.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from qm_rules.model import Event, GameOptions, PromptKind, Result, RulesError, View
from qm_tui.clock import Clock, SystemClock

if TYPE_CHECKING:
    from qm_net.client import TableClient
    from qm_rules.bots import Bot
    from qm_rules.game import Game

__all__ = [
    "Chat",
    "Ended",
    "Failure",
    "LocalSession",
    "Back",
    "Lost",
    "NetSession",
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
    ``deadline_at``: when the timer of the pending prompt runs out, on the session's clock."""

    view: View
    events: tuple[Event, ...]
    deadline_at: float | None


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


@dataclass(frozen=True, slots=True)
class Back:
    """The connection was lost and is back: the seat is ours again (its view follows)."""


@dataclass(frozen=True, slots=True)
class Lost:
    """The connection to the table is gone; ``final``: reconnecting will not help."""

    reason: str
    final: bool = False


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
    """Who sits where and who is connected (the view itself does not say)."""

    seats: tuple[SeatStatus, ...]


SessionMessage = Update | Chat | Failure | Ended | Lost | Back | Seats


class TableSession(Protocol):
    """What the table screen needs from a game in progress."""

    local: bool
    """True when the session is the game itself (rematch and leave are the session's to do);
    False for a table on the network, whose waiting room and connection the app handles."""

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

    async def rematch(self) -> None: ...

    async def leave(self) -> None: ...


# ───────────────────────────── a game in this process ─────────────────────────────


class LocalSession:
    """One human seat against bots in an in-process :class:`~qm_rules.game.Game`.

    ``poll`` is how often (real seconds) the session looks at its clock for a timer that ran
    out; None means only when :meth:`poke` is called (tests with a :class:`FakeClock`).
    ``bot_delay`` paces the bots so that a human can follow them (0 in tests).
    """

    local = True

    def __init__(
        self,
        players: Sequence[str],
        seed: int | str = 0,
        *,
        seat: int = 0,
        options: GameOptions | None = None,
        clock: Clock | None = None,
        bot_strategy: str = "heuristic",
        bot_delay: float = 0.0,
        poll: float | None = 0.1,
    ) -> None:
        from qm_rules.bots import make_bot
        from qm_rules.game import Game

        self._players = list(players)
        self._seed = seed
        self._seat = seat
        self.options = options or GameOptions()
        self.clock: Clock = clock or SystemClock()
        self.bot_delay = bot_delay
        self.poll = poll
        self._bot_strategy = bot_strategy
        self._make_bot = make_bot
        self._game_cls = Game
        self.game: Game = Game.new(self._players, seed, self.options)
        self.bots: dict[int, Bot] = self._new_bots()
        self._out: deque[SessionMessage] = deque()
        self._wake = asyncio.Event()
        self._closed = False
        self._ended_sent = False
        self._deadline_seq: int | None = None
        self._deadline_at: float | None = None
        self._view: View | None = None
        self.games = 1
        self._out.append(
            Seats(
                tuple(
                    SeatStatus(i, name, "human" if i == seat else "bot", True)
                    for i, name in enumerate(self._players)
                )
            )
        )
        self._queue_update(tuple(self.game.opening))

    def _new_bots(self) -> dict[int, Bot]:
        return {
            s: self._make_bot(self._bot_strategy, f"{self._seed}:{s}")
            for s in range(len(self._players))
            if s != self._seat
        }

    # ─── TableSession ───

    @property
    def seat(self) -> int | None:
        return self._seat

    @property
    def view(self) -> View | None:
        return self._view

    @property
    def deadline_at(self) -> float | None:
        return self._deadline_at

    async def messages(self) -> AsyncIterator[SessionMessage]:
        while not self._closed:
            while self._out:
                yield self._out.popleft()
            if self._closed:
                break
            if self.bot_delay and self._bot_turn():
                await asyncio.sleep(self.bot_delay)  # pace the bots so a human can follow
            if self._step():
                continue
            self._wake.clear()
            if self._out:
                continue
            try:
                await asyncio.wait_for(self._wake.wait(), self.poll)
            except TimeoutError:
                pass

    async def choose(self, option_id: str) -> None:
        self._apply(lambda: self.game.choose(self._seat, option_id, self.game.seq))

    async def chat(self, text: str) -> None:
        self._out.append(Chat(self._seat, self._players[self._seat], text))
        self.poke()

    async def concede(self) -> None:
        self._apply(lambda: self.game.choose(self._seat, "concede"))

    async def rematch(self) -> None:
        """A new game at the same table, the seed moved on by one."""
        self.games += 1
        self._seed = f"{self._seed}+"
        self.game = self._game_cls.new(self._players, self._seed, self.options)
        self.bots = self._new_bots()
        self._ended_sent = False
        self._deadline_seq = None
        self._queue_update(tuple(self.game.opening))

    async def leave(self) -> None:
        self._closed = True
        self.poke()

    # ─── driving the game ───

    def poke(self) -> None:
        """Wake the session: look at the clock and the bots now."""
        self._wake.set()

    def _bot_turn(self) -> bool:
        p = self.game.prompt
        return p is not None and p.seat in self.bots

    def _apply(self, call: Callable[[], list[Event]]) -> None:
        try:
            events = call()
        except RulesError as e:
            self._out.append(Failure(e.code, str(e) or e.code))
        else:
            self._queue_update(tuple(events))
        self.poke()

    def _step(self) -> bool:
        """Do one thing the host would do now: a bot's move, or a timer running out.
        True if something happened."""
        g = self.game
        if g.over:
            if not self._ended_sent and g.result is not None:
                self._ended_sent = True
                self._out.append(Ended(g.result, g.view(self._seat)))
                return True
            return False
        p = g.prompt
        if p is None:
            return False
        bot = self.bots.get(p.seat)
        if bot is not None:
            self._queue_update(tuple(g.choose(p.seat, bot.choose(g.view(p.seat)), p.seq)))
            return True
        if self._deadline_at is not None and self.clock.now() >= self._deadline_at:
            self._queue_update(tuple(g.apply_default()))
            return True
        return False

    def _timer_for(self, kind: PromptKind) -> float | None:
        if kind is PromptKind.RESPOND:
            return self.options.response_timer
        return self.options.turn_timer

    def _queue_update(self, events: tuple[Event, ...]) -> None:
        g = self.game
        p = g.prompt
        if p is None or p.seat != self._seat:
            self._deadline_seq = None
            self._deadline_at = None
        elif self._deadline_seq != p.seq:
            # A new decision for the human: its timer starts now (the host does the same).
            self._deadline_seq = p.seq
            timer = self._timer_for(p.kind)
            self._deadline_at = self.clock.now() + timer if timer else None
        self._view = g.view(self._seat)
        visible = tuple(e for e in events if e.visible_to(self._seat))
        self._out.append(Update(self._view, visible, self._deadline_at))


# ───────────────────────────── a game over the network ─────────────────────────────


class NetSession:
    """A seat at a table on the network, through a connected :class:`TableClient`.

    The host runs the game, the bots and the timers; this turns the client's messages into
    :data:`SessionMessage` values, converting the host's "seconds left" into a time on the clock.
    """

    local = False

    #: Waits between reconnect attempts after the host is lost (about a minute in all).
    RECONNECT_DELAYS: tuple[float, ...] = (0.2, 0.5, 1.0, 2.0, 3.0, 5.0, 8.0, 10.0, 15.0, 15.0)

    def __init__(
        self,
        client: TableClient,
        *,
        clock: Clock | None = None,
        reconnect_delays: tuple[float, ...] | None = None,
    ) -> None:
        self.client = client
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
        mid-chain too — and goes on; ``Lost(final=True)`` once that cannot work."""
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
            yield Lost(lost.reason, False)
            if not await self._reconnect():
                yield Lost(lost.reason, True)
                return
            yield Back()

    async def _reconnect(self) -> bool:
        from qm_net.client import TableError

        for delay in self.reconnect_delays:
            await asyncio.sleep(delay)
            try:
                await self.client.reconnect()
                return True
            except TableError:  # the host is there but will not give the seat back
                return False
            except (TimeoutError, OSError, ConnectionError):
                continue  # not reachable yet (restarting, network down): try again
        return False

    async def _once(self) -> AsyncIterator[SessionMessage]:
        from qm_net import messages as m

        async for msg in self.client.messages():
            if isinstance(msg, m.GameUpdate):
                self._view = msg.view
                at = self.clock.now() + msg.deadline if msg.deadline is not None else None
                yield Update(msg.view, tuple(msg.events), at)
            elif isinstance(msg, m.GameEnded):
                self._view = msg.view
                yield Ended(msg.result, msg.view)
            elif isinstance(msg, m.ChatMessage):
                yield Chat(msg.seat, msg.name, msg.text)
            elif isinstance(msg, m.ErrorMessage):
                yield Failure(msg.code, msg.message)
            elif isinstance(msg, m.ConnectionLost):
                yield Lost(msg.reason, msg.final)
            elif isinstance(msg, m.LobbyUpdate):
                yield Seats(
                    tuple(
                        SeatStatus(
                            s.seat, s.name or "", s.kind, s.connected, s.played_by_bot, s.level
                        )
                        for s in msg.seats
                    )
                )

    async def choose(self, option_id: str) -> None:
        await self.client.choose(option_id)

    async def chat(self, text: str) -> None:
        await self.client.chat(text)

    async def concede(self) -> None:
        await self.client.concede()

    async def rematch(self) -> None:
        await self.client.rematch()

    async def leave(self) -> None:
        await self.client.leave()
