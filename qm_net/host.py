"""The host: one table on the wire — lobby, seats, the authoritative game, timers, bots, rematch.

It runs inside any asyncio loop (the TUI's own when a player hosts, or ``qingming serve``'s).
All table state changes happen synchronously in loop callbacks, so no two decisions ever
interleave; I/O sits at the edges, in one reader and one writer task per connection.

What it promises (see ``docs/protocol.md``):

- every incoming message is validated (:mod:`qm_net.protocol`) before anything acts on it;
- every frame a seat receives is built from ``game.view(seat)`` and the events visible to that
  seat — never from the full state (R5);
- every choice is in the journal (fsynced) before its result is broadcast;
- a slow, stalled or hostile connection is dropped without holding up the others.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import secrets
import time
from dataclasses import dataclass, field
from typing import Any

from qm_net import framing
from qm_net.framing import ProtocolError
from qm_net.journal_io import JournalGame, JournalWriter, read_games, token_hash
from qm_net.messages import plain
from qm_net.protocol import MAX_SEATS, MIN_SEATS, PROTOCOL_VERSION, validate_client
from qm_net.version import DEFAULT_PORT
from qm_rules import Game, GameOptions, PromptKind, RulesError, to_plain
from qm_rules.bots import STRATEGIES, make_bot

log = logging.getLogger("qm_net.host")

_CONN_NUMBERS = itertools.count()
FLUSH_GRACE = 2.0  # seconds a closing connection gets to take its last frames


@dataclass(frozen=True, slots=True)
class Limits:
    """Per-connection limits; tests and benchmarks may shrink or widen them."""

    hello_timeout: float = 10.0  # seconds for the first message to arrive
    idle_timeout: float = 45.0  # seconds without any message before we drop the peer
    ping_interval: float = 10.0  # the host pings every connection this often
    send_queue_bytes: int = 4 * 1024 * 1024  # more unsent than this: the peer is too slow
    rate: float = 30.0  # messages a second, sustained (token bucket)
    burst: float = 60.0
    strikes: int = 50  # rate-limited or malformed messages before we hang up
    chat_rate: float = 0.5  # chat lines a second, sustained
    chat_burst: float = 5.0
    max_connections: int = 64


class Bucket:
    """A token bucket: ``take()`` is False when the peer is over its rate."""

    __slots__ = ("rate", "cap", "level", "at")

    def __init__(self, rate: float, cap: float) -> None:
        self.rate, self.cap, self.level, self.at = rate, cap, cap, time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.level = min(self.cap, self.level + (now - self.at) * self.rate)
        self.at = now
        if self.level < 1.0:
            return False
        self.level -= 1.0
        return True


class Conn:
    """One TCP connection: a bounded send queue, a writer task, a reader task."""

    def __init__(self, host: Host, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.host = host
        self.reader = reader
        self.writer = writer
        self.peer = str(writer.get_extra_info("peername"))
        self.n = 0
        self.name: str | None = None  # set by hello
        self.seat: int | None = None
        self.spectator = False
        self.queue: asyncio.Queue[bytes | None] = asyncio.Queue()
        self.queued = 0
        self.closed = False
        self.bucket = Bucket(host.limits.rate, host.limits.burst)
        self.chat_bucket = Bucket(host.limits.chat_rate, host.limits.chat_burst)
        self.strikes = 0
        self.number = next(_CONN_NUMBERS)  # connection order: the oldest idle one goes first
        self.writer_task: asyncio.Task[None] | None = None
        self.reader_task: asyncio.Task[Any] | None = None

    # sending never blocks the table: frames queue up; a peer that falls too far behind is dropped
    def send(self, msg: dict[str, Any]) -> None:
        if self.closed:
            return
        msg["n"] = self.n
        self.n += 1
        try:
            frame = framing.encode(msg)
        except ProtocolError:  # a message of ours over 256 KiB: a bug, but only this peer's
            log.exception("%s: cannot frame a %s message", self.peer, msg.get("t"))
            self.close("message too large")
            return
        self.send_frame(frame)

    def send_frame(self, frame: bytes) -> None:
        if self.closed:
            return
        self.queued += len(frame)
        if self.queued > self.host.limits.send_queue_bytes:
            log.info("%s: send queue full, dropping", self.peer)
            self.close("send queue full")
            return
        self.queue.put_nowait(frame)

    def error(self, code: str, message: str, ref: Any = None, *, fatal: bool = False) -> None:
        msg: dict[str, Any] = {"t": "error", "code": code, "message": message}
        if isinstance(ref, int) and not isinstance(ref, bool):
            msg["ref"] = ref
        self.send(msg)
        if fatal:
            self.close(code, flush=True)

    def close(self, reason: str, *, flush: bool = False) -> None:
        """Drop the connection; with ``flush`` what is queued is still written first."""
        if self.closed:
            return
        self.closed = True
        if flush:
            self.queue.put_nowait(None)  # the writer ends after the queued frames...
            # ...unless the peer does not read them: then it goes anyway, soon
            asyncio.get_running_loop().call_later(FLUSH_GRACE, self.abort)
        else:
            self.abort()
        self.host._on_conn_closed(self, reason)

    def abort(self) -> None:
        """Drop the socket now, unsent data and all (``close()`` would wait for a peer that
        may never read)."""
        if self.writer_task is not None and not self.writer_task.done():
            self.writer_task.cancel()
        transport = self.writer.transport
        if not transport.is_closing() or transport.get_write_buffer_size():
            transport.abort()

    async def write_loop(self) -> None:
        try:
            while True:
                frame = await self.queue.get()
                if frame is None:
                    break
                self.queued -= len(frame)
                self.writer.write(frame)
                await self.writer.drain()
            # A graceful close: say we are done (FIN) and let the reader drain what the peer
            # still sends until it hangs up. Closing with unread bytes in our receive buffer
            # would send a reset, and a reset makes the peer's kernel throw away our last
            # frames (a "bye") before the peer has read them.
            if self.writer.can_write_eof():
                self.writer.write_eof()
            if self.reader_task is not None and self.reader_task is not asyncio.current_task():
                await asyncio.wait({self.reader_task}, timeout=FLUSH_GRACE)
        except (ConnectionError, OSError):
            pass
        finally:
            self.writer.close()
            if not self.closed:
                self.close("write failed")

    async def drain_input(self) -> None:
        """After the connection is closed: read and drop what the peer still sends until it
        hangs up (or the flush grace runs out), so that closing is not a reset."""
        with contextlib.suppress(Exception):
            async with asyncio.timeout(FLUSH_GRACE):
                while await self.reader.read(65536):
                    pass


@dataclass(slots=True)
class Seat:
    index: int
    kind: str = "empty"  # "human" | "bot" | "empty"
    name: str | None = None
    token: str | None = None  # in memory only; the journal keeps its hash
    token_hash: str | None = None
    ready: bool = False
    conn: Conn | None = None
    order: int = 0  # join order: the owner is the earliest human still seated
    strategy: str = "heuristic"
    takeover: bool = False  # a bot plays this human seat (disconnected past the grace time)
    grace: asyncio.TimerHandle | None = None
    bot: Any = field(default=None, repr=False)

    @property
    def occupied(self) -> bool:
        return self.kind != "empty"

    def clear(self) -> None:
        if self.grace is not None:
            self.grace.cancel()
        self.kind, self.name, self.token, self.token_hash = "empty", None, None, None
        self.ready, self.conn, self.takeover, self.grace, self.bot = False, None, False, None, None

    def plain(self) -> dict[str, Any]:
        return {
            "seat": self.index,
            "name": self.name,
            "kind": self.kind,
            "ready": self.ready or self.kind == "bot",
            "connected": self.kind == "bot" or self.conn is not None,
            "played_by_bot": self.kind == "human" and self.takeover,
        }


class Host:
    """A Qingming table. ``await start()``, then clients connect to ``port``."""

    def __init__(
        self,
        name: str,
        seats: int,
        *,
        bots: int = 0,
        options: GameOptions | None = None,
        bind: str = "0.0.0.0",
        port: int | None = 0,
        interfaces: list[str] | None = None,
        advertise: bool = True,
        journal_path: str | None = None,
        games: int | None = None,
        seed: int | str | None = None,
        bot_strategy: str = "heuristic",
        bot_delay: float = 0.0,
        anyone_starts: bool = False,
        autostart: bool = True,
        limits: Limits | None = None,
    ) -> None:
        if not MIN_SEATS <= seats <= MAX_SEATS:
            raise ValueError(f"a table has {MIN_SEATS} to {MAX_SEATS} seats, not {seats}")
        if not 0 <= bots <= seats:
            raise ValueError(f"cannot seat {bots} bots at {seats} seats")
        if bot_strategy not in STRATEGIES:
            raise ValueError(f"unknown bot strategy {bot_strategy!r}")
        self.name = name
        self.n_seats = seats
        self.options = options or GameOptions()
        self.bind = bind
        self._want_port = port  # None: DEFAULT_PORT if free, else any
        self.port: int = port or 0  # the port listened on, once started
        self.interfaces = interfaces
        self.advertise = advertise
        self.journal_path = journal_path
        self.games_limit = games
        self.seed = seed
        self.bot_strategy = bot_strategy
        self.bot_delay = bot_delay
        self.anyone_starts = anyone_starts
        self.autostart = autostart
        self.limits = limits or Limits()

        self._order = 0
        self.seats = [Seat(i) for i in range(seats)]
        for i in range(seats - bots, seats):
            self._seat_bot(self.seats[i], bot_strategy)
        self.state = "lobby"  # "lobby" | "playing" | "ended"
        self.game: Game | None = None
        self.games_played = 0
        self.conns: set[Conn] = set()
        self._server: asyncio.Server | None = None
        self._journal: JournalWriter | None = None
        self._closed = asyncio.Event()
        self._stopping = False
        self._tasks: set[asyncio.Task[Any]] = set()
        self._advertiser: Any = None
        self._advert_dirty = False
        self._response_timer: asyncio.TimerHandle | None = None
        self._turn_timer: asyncio.TimerHandle | None = None
        self._bot_timer: asyncio.TimerHandle | None = None
        self._response_deadline: float | None = None
        self._turn_deadline: float | None = None
        self._timer_turn = 0
        self._resumed = False

    # ───────────────────────────── life cycle ─────────────────────────────

    @classmethod
    def resume(cls, journal_path: str, **kwargs: Any) -> Host:
        """A host restoring the last game of a journal file: the same state, and the seats'
        tokens (kept as hashes) still work. Its players appear disconnected until they rejoin.
        Keyword arguments are those of :class:`Host`; ``name`` and ``seats`` default to the
        journal's."""
        games = read_games(journal_path)
        if not games:
            raise ValueError(f"{journal_path} holds no game")
        last: JournalGame = games[-1]
        game = last.replay()
        n = max(len(last.seats), kwargs.pop("seats", 0), game.n)
        kwargs.setdefault("options", game.options)
        host = cls(kwargs.pop("name", last.table or "Qingming"), n, journal_path=journal_path, **kwargs)
        for seat in host.seats:
            seat.clear()  # the seats are the journal's, not the constructor's --bots
        for rec in last.seats:
            seat = host.seats[int(rec["seat"])]
            seat.kind = str(rec.get("kind", "human"))
            seat.name = rec.get("name")
            seat.token_hash = rec.get("token_sha256")
            seat.strategy = rec.get("strategy") or host.bot_strategy
            seat.order = host._next_order()
        host.game = game
        host.games_played = sum(1 for g in games if g.finished)
        host.state = "ended" if game.over else "playing"
        host._resumed = True
        return host

    async def start(self) -> None:
        """Listen, advertise, and (after a resume) carry the game on."""
        if self._want_port is None:  # the usual port if it is free, else any (discovery tells which)
            try:
                self._server = await asyncio.start_server(self._on_connect, host=self.bind, port=DEFAULT_PORT)
            except OSError:
                self._server = await asyncio.start_server(self._on_connect, host=self.bind, port=0)
        else:
            self._server = await asyncio.start_server(self._on_connect, host=self.bind, port=self.port)
        self.port = self._server.sockets[0].getsockname()[1]
        if self.journal_path:
            self._journal = JournalWriter(self.journal_path)
            if self._resumed and self.game is not None:
                self._journal.continue_game(self.game)
        self._spawn(self._ping_loop())
        if self.advertise:
            await self._start_advertiser()
        if self._resumed and self.state == "playing":
            for seat in self.seats:
                if seat.kind == "human":
                    self._start_grace(seat)
            self._arm()
        elif self.state == "lobby":
            self._maybe_autostart()
        elif self.games_limit is not None and self.games_played >= self.games_limit:
            self._spawn(self.stop("the table has played its games"))  # resumed after the last
        log.info("table %r listening on %s:%d", self.name, self.bind, self.port)

    async def stop(self, reason: str = "the host closed the table") -> None:
        """Say goodbye to every connection, close the listener, stop advertising."""
        if self._stopping:
            await self._closed.wait()
            return
        self._stopping = True
        self._cancel_timers()
        for seat in self.seats:
            if seat.grace is not None:
                seat.grace.cancel()
        if self._server is not None:
            self._server.close()
        conns = list(self.conns)
        for conn in conns:
            conn.send({"t": "bye", "reason": reason})
            conn.close("table closed", flush=True)
        writers = [c.writer_task for c in conns if c.writer_task is not None]
        if writers:
            await asyncio.wait(writers, timeout=2.0)
        readers = [c.reader_task for c in conns if c.reader_task is not None and c.reader_task is not asyncio.current_task()]
        for task in readers:
            task.cancel()
        if readers:
            await asyncio.wait(readers, timeout=2.0)
        if self._advertiser is not None:
            with contextlib.suppress(Exception):
                await self._advertiser.aclose()
        for task in list(self._tasks):
            task.cancel()
        if self._journal is not None:
            self._journal.close()
        self._closed.set()

    async def wait_closed(self) -> None:
        await self._closed.wait()

    def _spawn(self, coro: Any) -> asyncio.Task[Any]:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    # ───────────────────────────── discovery ─────────────────────────────

    async def _start_advertiser(self) -> None:
        try:
            from qm_net.discovery import Advertiser
        except Exception:  # discovery is a convenience: the table works without it
            log.exception("discovery not available; the table is reachable by address only")
            return
        try:
            address = None if self.bind in ("", "0.0.0.0", "::") else self.bind
            self._advertiser = Advertiser(
                self.name, self.port, interfaces=self.interfaces, address=address, **self._advert_fields()
            )
            await self._advertiser.astart()
        except Exception as exc:  # discovery is a convenience: the table works without it
            log.warning("cannot advertise the table: %s", exc)
            self._advertiser = None

    def _advert_fields(self) -> dict[str, Any]:
        taken = sum(1 for s in self.seats if s.occupied)
        return {"seats_taken": taken, "seats_total": self.n_seats, "state": self.state}

    def _advert_changed(self) -> None:
        if self._advertiser is None or self._advert_dirty:
            return
        self._advert_dirty = True

        async def push() -> None:
            await asyncio.sleep(0.05)  # coalesce bursts of lobby changes
            self._advert_dirty = False
            with contextlib.suppress(Exception):
                await self._advertiser.aupdate(**self._advert_fields())

        self._spawn(push())

    # ───────────────────────────── connections ─────────────────────────────

    async def _on_connect(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        conn = Conn(self, reader, writer)
        if self._stopping:
            refusal = {"t": "bye", "n": 0, "reason": "the table is closing"}
        elif len(self.conns) >= self.limits.max_connections and not self._make_room():
            refusal = {"t": "error", "n": 0, "code": "table_busy", "message": "the table takes no more connections; try again"}
        else:
            refusal = None
        if refusal is not None:
            writer.write(framing.encode(refusal))
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer.drain(), 1.0)
                if writer.can_write_eof():
                    writer.write_eof()  # then drain the peer's hello: no reset eats the refusal
                async with asyncio.timeout(1.0):
                    while await reader.read(65536):
                        pass
            writer.transport.abort()
            return
        self.conns.add(conn)
        conn.reader_task = asyncio.current_task()
        conn.writer_task = asyncio.get_running_loop().create_task(conn.write_loop())
        await self._read_loop(conn)

    def _make_room(self) -> bool:
        """At the connection cap, close the oldest connection that holds no seat (one that
        does not even watch, first), so that a player coming back with a token always gets
        in: seats are at stake, idle connections are not. False when every one holds a seat."""
        idle = [c for c in self.conns if c.seat is None]
        if not idle:
            return False
        victim = min(idle, key=lambda c: (c.spectator, c.number))
        victim.send({"t": "bye", "reason": "the table is full: your connection, which held no seat, made room"})
        victim.close("evicted at the connection cap", flush=True)
        return True

    async def _read_loop(self, conn: Conn) -> None:
        lim = self.limits
        try:
            while not conn.closed:
                timeout = lim.idle_timeout if conn.name is not None else lim.hello_timeout
                try:
                    msg = await asyncio.wait_for(framing.read_frame(conn.reader), timeout)
                except ProtocolError as exc:
                    conn.strikes += 1
                    conn.error(exc.code, exc.message, fatal=exc.fatal or conn.strikes > lim.strikes)
                    continue
                if not self._answers_prompt(conn, msg) and not conn.bucket.take():
                    conn.strikes += 1
                    if conn.strikes > lim.strikes:
                        conn.error("flood", "too many messages", fatal=True)
                    elif conn.strikes % 10 == 1:  # answer some, not all: no amplification
                        conn.error("rate_limited", "too many messages; slow down")
                    continue
                self._dispatch(conn, msg)
            await conn.drain_input()
        except TimeoutError:
            conn.error("timeout", "nothing received in time", fatal=True)
        except (asyncio.IncompleteReadError, ConnectionError, OSError):
            conn.close("connection closed by peer")
        except asyncio.CancelledError:
            # only stop() cancels a reader; end quietly (asyncio's stream server would log
            # a cancelled handler as an error)
            conn.close("host stopping")
        except Exception:  # a bug of ours: lose this connection, never the table
            log.exception("reading from %s", conn.peer)
            conn.close("host error")

    def _answers_prompt(self, conn: Conn, msg: dict[str, Any]) -> bool:
        """A choice for this seat's pending prompt: never rate-limited, so that a fast bot
        peer is not mistaken for a flood (it can send at most one per decision anyway)."""
        game = self.game
        if game is None or conn.seat is None or msg.get("t") != "choose" or self.state != "playing":
            return False
        prompt = game.prompt
        return prompt is not None and prompt.seat == conn.seat and msg.get("seq") == prompt.seq

    def _dispatch(self, conn: Conn, msg: dict[str, Any]) -> None:
        ref = msg.get("id")
        try:
            t = validate_client(msg)
        except ProtocolError as exc:
            conn.strikes += 1
            conn.error(exc.code, exc.message, ref, fatal=exc.fatal or conn.strikes > self.limits.strikes)
            return
        if conn.name is None and t != "hello":
            conn.error("hello_required", "say hello first", ref)
            return
        handler = getattr(self, f"_on_{t}")
        try:
            handler(conn, msg)
        except ProtocolError as exc:
            conn.error(exc.code, exc.message, ref, fatal=exc.fatal)
        except RulesError as exc:
            conn.error(exc.code, str(exc), ref)
        except Exception:  # a bug of ours must not take the table down
            log.exception("handling %s from %s", t, conn.peer)
            conn.error("server_error", f"the host failed to handle {t}", ref)

    def _on_conn_closed(self, conn: Conn, reason: str) -> None:
        self.conns.discard(conn)
        if conn.seat is None:
            return
        seat = self.seats[conn.seat]
        conn.seat = None
        if seat.conn is not conn:
            return  # replaced by a newer connection with the token
        seat.conn = None
        log.info("seat %d (%s) disconnected: %s", seat.index, seat.name, reason)
        if self._stopping:
            return
        if self.state == "playing":
            self._start_grace(seat)
        else:
            seat.clear()  # in the lobby a seat is free again as soon as its player goes
            self._advert_changed()
        self._broadcast_lobby()

    async def _ping_loop(self) -> None:
        while True:
            await asyncio.sleep(self.limits.ping_interval)
            for conn in list(self.conns):
                conn.send({"t": "ping"})

    # ───────────────────────────── handlers: hello and seats ─────────────────────────────

    def _on_hello(self, conn: Conn, msg: dict[str, Any]) -> None:
        if conn.name is not None:
            raise ProtocolError("wrong_state", "hello was already said")
        if msg["version"] != PROTOCOL_VERSION:
            raise ProtocolError(
                "version_mismatch",
                f"this table speaks protocol {PROTOCOL_VERSION}, you speak {msg['version']}",
                fatal=True,
            )
        name = msg["name"].strip()
        if not name:
            raise ProtocolError("bad_name", "a name cannot be blank")
        conn.name = name
        conn.send(
            {
                "t": "welcome",
                "version": PROTOCOL_VERSION,
                "table": {
                    "name": self.name,
                    "seats": self.n_seats,
                    "options": to_plain(self.options),
                    "anyone_starts": self.anyone_starts,
                },
                "ref": msg.get("id"),
            }
        )
        conn.send(self._lobby_msg())

    def _on_join(self, conn: Conn, msg: dict[str, Any]) -> None:
        if conn.seat is not None:
            raise ProtocolError("already_seated", f"you hold seat {conn.seat}")
        if self.state == "playing":
            raise ProtocolError("wrong_state", "a game is on: spectate, or rejoin with your token")
        want = msg.get("seat")
        if want is not None:
            if want >= self.n_seats:
                raise ProtocolError("bad_seat", f"this table has seats 0..{self.n_seats - 1}")
            if self.seats[want].occupied:
                raise ProtocolError("seat_taken", f"seat {want} is taken")
            seat = self.seats[want]
        else:
            free = [s for s in self.seats if not s.occupied]
            if not free:
                raise ProtocolError("table_full", "no free seat")
            seat = free[0]
        seat.clear()
        seat.kind, seat.name, seat.conn = "human", conn.name, conn
        seat.token = secrets.token_urlsafe(24)
        seat.token_hash = token_hash(seat.token)
        seat.order = self._next_order()
        conn.seat, conn.spectator = seat.index, False
        conn.send({"t": "joined", "seat": seat.index, "token": seat.token, "ref": msg.get("id")})
        self._broadcast_lobby()
        self._advert_changed()
        self._maybe_autostart()

    def _on_rejoin(self, conn: Conn, msg: dict[str, Any]) -> None:
        digest = token_hash(msg["token"])
        seat = next((s for s in self.seats if s.token_hash is not None and secrets.compare_digest(s.token_hash, digest)), None)
        if seat is None or seat.kind != "human":
            raise ProtocolError("bad_token", "no seat holds this token")
        if conn.seat is not None and conn.seat != seat.index:
            raise ProtocolError("already_seated", f"you hold seat {conn.seat}")
        old = seat.conn
        if old is not None and old is not conn:
            old.seat = None
            old.error("replaced", "your seat was taken back by a newer connection", fatal=True)
        if seat.grace is not None:
            seat.grace.cancel()
            seat.grace = None
        was_bot = seat.takeover
        seat.conn, seat.takeover, seat.token = conn, False, msg["token"]
        seat.name = seat.name or conn.name
        conn.seat, conn.spectator = seat.index, False
        conn.send({"t": "joined", "seat": seat.index, "token": msg["token"], "ref": msg.get("id")})
        self._broadcast_lobby()
        if self.state == "playing" and was_bot:
            self._arm()  # the seat is human again: stop its bot, set the timers for a human
        self._send_current(conn)

    def _on_spectate(self, conn: Conn, msg: dict[str, Any]) -> None:
        if conn.seat is not None:
            raise ProtocolError("already_seated", "leave your seat first")
        conn.spectator = True
        conn.send({"t": "spectating", "ref": msg.get("id")})
        conn.send(self._lobby_msg())
        self._send_current(conn)

    def _on_leave(self, conn: Conn, msg: dict[str, Any]) -> None:
        if conn.seat is None:
            conn.spectator = False
            return
        seat = self.seats[conn.seat]
        if self.state == "playing" and self.game is not None and not self.game.conceded[seat.index]:
            self._apply(seat.index, "concede", None)  # leaving a game concedes it (R23)
        conn.seat = None
        seat.conn = None
        if self.state == "playing":
            seat.takeover = True  # the seat stays in the game, conceded; nobody answers for it
        else:
            seat.clear()
            self._advert_changed()
        self._broadcast_lobby()

    def _on_ready(self, conn: Conn, msg: dict[str, Any]) -> None:
        seat = self._my_seat(conn)
        if self.state == "playing":
            raise ProtocolError("wrong_state", "the game is on")
        seat.ready = bool(msg["ready"])
        self._broadcast_lobby()
        self._maybe_autostart()

    def _on_rematch(self, conn: Conn, msg: dict[str, Any]) -> None:
        if self.state != "ended":
            raise ProtocolError("wrong_state", "no game has ended")
        seat = self._my_seat(conn)
        seat.ready = True
        self._broadcast_lobby()
        self._maybe_autostart(rematch=True)  # everyone asked: start, even without autostart

    def _on_start(self, conn: Conn, msg: dict[str, Any]) -> None:
        seat = self._my_seat(conn)
        self._require_owner(seat)
        if self.state == "playing":
            raise ProtocolError("wrong_state", "the game is on")
        if sum(1 for s in self.seats if s.occupied) < MIN_SEATS:
            raise ProtocolError("too_few_players", "a game needs at least 2 players: add a bot?")
        self._start_game()

    def _on_add_bot(self, conn: Conn, msg: dict[str, Any]) -> None:
        self._require_owner(self._my_seat(conn))
        if self.state == "playing":
            raise ProtocolError("wrong_state", "the game is on")
        free = [s for s in self.seats if not s.occupied]
        if not free:
            raise ProtocolError("table_full", "no free seat")
        self._seat_bot(free[0], msg.get("strategy") or self.bot_strategy)
        self._broadcast_lobby()
        self._advert_changed()
        self._maybe_autostart()

    def _on_remove_bot(self, conn: Conn, msg: dict[str, Any]) -> None:
        self._require_owner(self._my_seat(conn))
        if self.state == "playing":
            raise ProtocolError("wrong_state", "the game is on")
        if msg["seat"] >= self.n_seats or self.seats[msg["seat"]].kind != "bot":
            raise ProtocolError("bad_seat", f"seat {msg['seat']} holds no bot")
        self.seats[msg["seat"]].clear()
        self._broadcast_lobby()
        self._advert_changed()

    def _on_chat(self, conn: Conn, msg: dict[str, Any]) -> None:
        if not conn.chat_bucket.take():
            raise ProtocolError("rate_limited", "chat is rate-limited; wait a moment")
        text = msg["text"].strip()
        if not text:
            return
        out = {"t": "chat", "seat": conn.seat, "name": conn.name, "text": text}
        for c in list(self.conns):
            if c.name is not None:
                c.send(dict(out))

    def _on_choose(self, conn: Conn, msg: dict[str, Any]) -> None:
        seat = self._my_seat(conn)
        if self.state != "playing" or self.game is None:
            raise ProtocolError("wrong_state", "no game is on")
        self._apply(seat.index, msg["option"], msg["seq"])

    def _on_concede(self, conn: Conn, msg: dict[str, Any]) -> None:
        seat = self._my_seat(conn)
        if self.state != "playing" or self.game is None:
            raise ProtocolError("wrong_state", "no game is on")
        self._apply(seat.index, "concede", None)

    def _on_ping(self, conn: Conn, msg: dict[str, Any]) -> None:
        conn.send({"t": "pong"})

    def _on_pong(self, conn: Conn, msg: dict[str, Any]) -> None:
        pass  # arriving at all is the point: it resets the read timeout

    # ───────────────────────────── lobby helpers ─────────────────────────────

    def _next_order(self) -> int:
        self._order += 1
        return self._order

    def _seat_bot(self, seat: Seat, strategy: str) -> None:
        seat.clear()
        seat.kind, seat.strategy, seat.ready = "bot", strategy, True
        seat.name = f"bot-{seat.index + 1}"
        seat.order = self._next_order()

    def _my_seat(self, conn: Conn) -> Seat:
        if conn.seat is None:
            raise ProtocolError("not_seated", "join a seat first")
        return self.seats[conn.seat]

    @property
    def owner_seat(self) -> int | None:
        humans = [s for s in self.seats if s.kind == "human"]
        return min(humans, key=lambda s: s.order).index if humans else None

    def _require_owner(self, seat: Seat) -> None:
        if not self.anyone_starts and seat.index != self.owner_seat:
            raise ProtocolError("not_owner", "only the table's owner may do this")

    def _lobby_msg(self) -> dict[str, Any]:
        return {
            "t": "lobby",
            "table_name": self.name,
            "state": self.state,
            "seats": [s.plain() for s in self.seats],
            "owner_seat": self.owner_seat,
            "games_played": self.games_played,
        }

    def _broadcast_lobby(self) -> None:
        msg = self._lobby_msg()
        for c in list(self.conns):
            if c.name is not None:
                c.send(dict(msg))

    def _maybe_autostart(self, *, rematch: bool = False) -> None:
        """In the lobby: start when every seat is filled and every player is ready. After a
        game: start the rematch when every seated player asked for it (or said ready)."""
        if not (self.autostart or rematch) or self.state == "playing" or self._stopping:
            return
        seated = [s for s in self.seats if s.occupied]
        if self.state == "lobby" and len(seated) < self.n_seats:
            return
        if len(seated) >= MIN_SEATS and all(s.kind == "bot" or (s.ready and s.conn is not None) for s in seated):
            self._start_game()

    def _send_current(self, conn: Conn) -> None:
        """Bring a (re)joining connection up to date: its view now, or the last result."""
        game = self.game
        if game is None or self.state == "lobby":
            return
        viewer = self._player(conn, game)
        if self.state == "playing":
            conn.send({"t": "update", "view": plain(game.view(viewer)), "events": [], "deadline": self._deadline()})
        elif game.result is not None:
            conn.send({"t": "ended", "result": plain(game.result), "view": plain(game.view(viewer))})

    # ───────────────────────────── the game ─────────────────────────────

    def _next_seed(self) -> int | str:
        if self.seed is None:
            return secrets.randbits(48)
        if isinstance(self.seed, int):
            return self.seed + self.games_played
        return self.seed if self.games_played == 0 else f"{self.seed}/{self.games_played}"

    def _start_game(self) -> None:
        # Seats are the game's seat numbers: close up gaps so that the players are 0..k-1.
        occupied = [s for s in self.seats if s.occupied]
        if len(occupied) < MIN_SEATS:
            return
        if any(s.index != i for i, s in enumerate(occupied)):
            self._compact(occupied)
        players = [s.name or f"seat-{s.index + 1}" for s in self.seats if s.occupied]
        seed = self._next_seed()
        self.game = Game.new(players, seed, self.options)
        self.state = "playing"
        for s in self.seats:
            s.takeover, s.bot = False, None
            if s.kind == "human":
                s.ready = False
        if self._journal is not None:
            seats = [
                {"seat": s.index, "name": s.name, "kind": s.kind, "strategy": s.strategy if s.kind == "bot" else None, "token_sha256": s.token_hash}
                for s in self.seats
                if s.occupied
            ]
            try:
                self._journal.begin_game(self.games_played, self.name, seats, self.game)
            except OSError:
                self._drop_journal()
        log.info("game %d starts: %s (seed %r)", self.games_played + 1, ", ".join(players), seed)
        self._timer_turn = 0
        self._broadcast_lobby()
        self._advert_changed()
        self._arm()
        self._broadcast([])

    def _compact(self, occupied: list[Seat]) -> None:
        moved = []
        for i, old in enumerate(occupied):
            if old.index == i:
                continue
            new = self.seats[i]
            for name in ("kind", "name", "token", "token_hash", "ready", "conn", "order", "strategy"):
                setattr(new, name, getattr(old, name))
            old.kind, old.name, old.token, old.token_hash, old.conn = "empty", None, None, None, None
            old.ready = False
            if new.conn is not None:
                new.conn.seat = i
                moved.append(new)
        for s in moved:  # tell the players their new seat numbers
            if s.conn is not None:
                s.conn.send({"t": "joined", "seat": s.index, "token": s.token})

    @staticmethod
    def _player(conn: Conn, game: Game) -> int | None:
        """The game seat whose view ``conn`` gets; None for the public (spectator's) view."""
        seat = conn.seat
        return seat if seat is not None and seat < game.n else None

    def _drop_journal(self) -> None:
        """Called in an ``except OSError`` around a journal write (a full disk, say): the game
        goes on unjournaled, and says so loudly."""
        log.exception("cannot write the journal %s; going on without it", self.journal_path)
        if self._journal is not None:
            self._journal.close()
        self._journal = None

    def _bot_controlled(self, seat: int) -> bool:
        s = self.seats[seat]
        return s.kind == "bot" or s.takeover

    def _apply(self, seat: int, option: str, seq: int | None) -> None:
        """One decision: the engine, then the journal (fsynced), then the broadcast."""
        assert self.game is not None
        events = self.game.choose(seat, option, seq)  # raises RulesError, changing nothing
        self._changed(events)

    def _apply_default(self) -> None:
        assert self.game is not None
        self._changed(self.game.apply_default())

    def _changed(self, events: list[Any]) -> None:
        game = self.game
        assert game is not None
        if self._journal is not None:
            try:
                self._journal.sync_choices(game)
            except OSError:
                self._drop_journal()
        if game.over:
            self._cancel_timers()
            self._broadcast(events)
            self._end_game()
            return
        self._arm()
        self._broadcast(events)

    def _broadcast(self, events: list[Any]) -> None:
        """Each seat its own view and the events it may see; spectators the public view."""
        game = self.game
        assert game is not None
        deadline = self._deadline()
        public: tuple[Any, Any] | None = None
        for conn in list(self.conns):
            seat = self._player(conn, game)
            if seat is not None:
                conn.send(
                    {
                        "t": "update",
                        "view": plain(game.view(seat)),
                        "events": [plain(e) for e in events if e.visible_to(seat)],
                        "deadline": deadline,
                    }
                )
            elif conn.spectator:
                if public is None:  # one public view serves every spectator
                    public = (plain(game.view(None)), [plain(e) for e in events if e.visible_to(None)])
                conn.send({"t": "update", "view": public[0], "events": public[1], "deadline": deadline})

    def _end_game(self) -> None:
        game = self.game
        assert game is not None and game.result is not None
        if self._journal is not None:
            try:
                self._journal.end_game(game)
            except OSError:
                log.exception("cannot write the journal %s", self.journal_path)
        self.state = "ended"
        self.games_played += 1
        result = plain(game.result)
        log.info("game %d over: %s", self.games_played, result)
        for conn in list(self.conns):
            viewer = self._player(conn, game)
            if viewer is not None or conn.spectator:
                conn.send({"t": "ended", "result": result, "view": plain(game.view(viewer))})
        for s in self.seats:  # a player who did not come back gives the seat up now
            if s.kind == "human" and s.conn is None:
                s.clear()
            s.takeover = False
        self._broadcast_lobby()
        self._advert_changed()
        if self.games_limit is not None and self.games_played >= self.games_limit:
            self._spawn(self.stop("the table has played its games"))
            return
        self._maybe_autostart()

    # ───────────────────────────── timers and bots ─────────────────────────────

    def _cancel_timers(self) -> None:
        for handle in (self._response_timer, self._turn_timer, self._bot_timer):
            if handle is not None:
                handle.cancel()
        self._response_timer = self._turn_timer = self._bot_timer = None
        self._response_deadline = self._turn_deadline = None

    def _arm(self) -> None:
        """Set the timers and the bots going for the pending prompt (R22)."""
        game = self.game
        assert game is not None
        loop = asyncio.get_running_loop()
        prompt = game.prompt
        if self._response_timer is not None:
            self._response_timer.cancel()
            self._response_timer = None
        self._response_deadline = None
        if self._bot_timer is not None:
            self._bot_timer.cancel()
            self._bot_timer = None
        if prompt is None:
            return
        now = loop.time()
        if game.turn != self._timer_turn:  # a new turn: its turn timer starts now
            self._timer_turn = game.turn
            if self._turn_timer is not None:
                self._turn_timer.cancel()
                self._turn_timer = None
            self._turn_deadline = None
            if self.options.turn_timer:
                self._turn_deadline = now + self.options.turn_timer
                self._turn_timer = loop.call_at(self._turn_deadline, self._on_turn_timeout, game.turn)
        if self._bot_controlled(prompt.seat):
            self._bot_timer = loop.call_later(self.bot_delay, self._bot_move, prompt.seq)
            return
        if prompt.kind == PromptKind.RESPOND and self.options.response_timer:
            self._response_deadline = now + self.options.response_timer
            self._response_timer = loop.call_at(self._response_deadline, self._on_response_timeout, prompt.seq)

    def _deadline(self) -> float | None:
        """Seconds left on the timer for the pending prompt, if one runs."""
        ends = [d for d in (self._response_deadline, self._turn_deadline) if d is not None]
        if not ends:
            return None
        return max(0.0, round(min(ends) - asyncio.get_running_loop().time(), 3))

    def _on_response_timeout(self, seq: int) -> None:
        game = self.game
        if game is None or self.state != "playing" or game.prompt is None or game.prompt.seq != seq:
            return
        self._response_timer = None
        self._apply_default()

    def _on_turn_timeout(self, turn: int) -> None:
        game = self.game
        self._turn_timer = None
        self._turn_deadline = None
        if game is None or self.state != "playing" or game.turn != turn:
            return
        events: list[Any] = []
        for _ in range(10_000):  # defaults always end a turn; the bound only guards a bug
            if game.over or game.turn != turn:
                break
            events.extend(game.apply_default())
        self._changed(events)

    def _bot_move(self, seq: int) -> None:
        self._bot_timer = None
        game = self.game
        if game is None or self.state != "playing" or game.prompt is None or game.prompt.seq != seq:
            return
        seat = self.seats[game.prompt.seat]
        if not self._bot_controlled(seat.index):
            return
        if seat.bot is None:
            seat.bot = make_bot(seat.strategy if seat.kind == "bot" else self.bot_strategy, f"{game.seed}:{seat.index}")
        try:
            option = seat.bot.choose(game.view(seat.index))
            events = game.choose(seat.index, option, seq)
        except Exception:  # a bot's bug must not stall the table: take the default instead
            log.exception("bot at seat %d failed; taking the default", seat.index)
            events = game.apply_default()
        self._changed(events)

    def _start_grace(self, seat: Seat) -> None:
        if seat.grace is not None:
            seat.grace.cancel()
        grace = self.options.disconnect_grace
        seat.grace = asyncio.get_running_loop().call_later(grace, self._take_over, seat.index)

    def _take_over(self, index: int) -> None:
        seat = self.seats[index]
        seat.grace = None
        if self.state != "playing" or seat.conn is not None or seat.kind != "human":
            return
        log.info("seat %d (%s) did not come back: a bot plays it", index, seat.name)
        seat.takeover = True
        self._broadcast_lobby()
        self._arm()
