"""The host proper: a table's life cycle, its connections and the authoritative game.

Everything that spans the parts lives here: accepting and routing connections, starting a game,
applying a decision (engine → journal → broadcast), the timers' and bots' moves, and a dropped
seat's grace. The parts themselves are :mod:`~qm_net.host.conn`, :mod:`~qm_net.host.seats`,
:mod:`~qm_net.host.lobby`, :mod:`~qm_net.host.timers`, :mod:`~qm_net.host.bots`,
:mod:`~qm_net.host.journal` and :mod:`~qm_net.host.advert`.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

import msgspec

from qm_net import compact, fairdeal
from qm_net import protocol as p
from qm_net.framing import ProtocolError
from qm_net.host.advert import Advert
from qm_net.host.bots import bot_move, catch_up, searches, think
from qm_net.host.conn import ChatLimits, Conn, Limits, refuse
from qm_net.host.deal import Dealer
from qm_net.host.feed import Feed
from qm_net.host.history import GameHistory
from qm_net.host.journal import TableJournal
from qm_net.host.lobby import Lobby
from qm_net.host.news import Listener, News
from qm_net.host.seats import Seat, Seats
from qm_net.host.timers import Timers
from qm_net.host.wireseq import WireSeq, drafters_only, is_hidden_step
from qm_net.journal_io import JournalGame, read_games
from qm_net.protocol import MAX_SEATS, MIN_SEATS, decode_client
from qm_net.version import DEFAULT_PORT
from qm_rules import CardSet, Game, GameOptions, RulesError, StalePrompt, View, shipped_cards
from qm_rules.bots import strategy_of

log = logging.getLogger("qm_net.host")

#: What a table keeps across ``--resume`` besides its game (the journal's ``table`` line).
RESUMED_OPTIONS = ("games", "seed", "bot_strategy", "bot_delay", "anyone_starts", "autostart")
_ATTR = {"games": "games_limit"}  # where the Host keeps an option under another name
JOURNAL_RETRY = 1.0  # seconds between tries to write a journal that failed


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
        deal_timeout: float = 10.0,
        cards: CardSet | None = None,
    ) -> None:
        if not MIN_SEATS <= seats <= MAX_SEATS:
            raise ValueError(f"a table has {MIN_SEATS} to {MAX_SEATS} seats, not {seats}")
        if not 0 <= bots <= seats:
            raise ValueError(f"cannot seat {bots} bots at {seats} seats")
        strategy_of(bot_strategy)  # ValueError for an unknown name
        self.name = name
        self.n_seats = seats
        self.options = options or GameOptions()
        self.options.check()  # a bad value is refused here, not when the first game starts
        self.cards = cards or shipped_cards()
        """The card set every game at the table is dealt from."""
        self.bind = bind
        self._want_port = port  # None: DEFAULT_PORT if free, else any
        self.port: int = port or 0  # the port listened on, once started
        self.interfaces = interfaces
        self.advertise = advertise
        self.web_port: int | None = None
        """The port the table is served to browsers on (qm_web), advertised beside it."""
        self.journal = TableJournal(journal_path)
        self.games_limit = games
        self.seed = seed
        self.bot_strategy = bot_strategy
        self.bot_delay = bot_delay
        self.anyone_starts = anyone_starts
        self.autostart = autostart
        self.limits = limits or Limits()

        self.seats = Seats(seats)
        for i in range(seats - bots, seats):
            self.seats.seat_bot(self.seats[i], bot_strategy)
        self.state = "lobby"  # "lobby" | "playing" | "ended"
        self.game: Game | None = None
        self.games_played = 0
        self.conns: set[Conn] = set()
        self.chat_limits = ChatLimits(self.limits)
        self._server: asyncio.Server | None = None
        self._closed = asyncio.Event()
        self._stopping = False
        self._tasks: set[asyncio.Task[Any]] = set()
        self.advert = Advert(self._advert_fields, self._spawn)
        self.timers = Timers(
            self.options,
            bot_delay=bot_delay,
            on_response=self._on_response_timeout,
            on_turn=self._on_turn_timeout,
            on_bot=self._bot_move,
        )
        self.wire = WireSeq()  # the seq each receiver is shown (drafts leave no trace)
        self._compact = compact.Encoder()  # views in their wire form, for the patches
        self.feed = Feed()  # the spectators' updates
        self.history = GameHistory()  # what has been told of the game, for late comers
        self._held: list[tuple[list[Any], int | None]] = []  # updates waiting for the journal
        self._broken = False  # the game cannot go on: the table is closing (_cannot_go_on)
        self._resumed = False
        self.with_players = False
        """Whether the last game started had a human player (a table of bots only plays on)."""
        self.news: Listener | None = None
        """Told what happens at the table (players coming and going, games starting and
        ending): ``qingming serve`` prints it."""
        # The fair deal (qm_net.host.deal): a table with a fixed seed deals from it instead.
        self.dealer = Dealer(self, deal_timeout)
        self.lobby = Lobby(self)
        # Each client message's handler, by its type, in the part that owns it.
        lobby = self.lobby
        self._handlers: dict[type[p.ClientMessage], Callable[[Conn, Any], None]] = {
            p.Hello: lobby.on_hello,
            p.Join: lobby.on_join,
            p.Rejoin: lobby.on_rejoin,
            p.Spectate: lobby.on_spectate,
            p.Leave: lobby.on_leave,
            p.Ready: lobby.on_ready,
            p.Rematch: lobby.on_rematch,
            p.Start: lobby.on_start,
            p.AddBot: lobby.on_add_bot,
            p.RemoveBot: lobby.on_remove_bot,
            p.Say: lobby.on_chat,
            p.Ping: lobby.on_ping,
            p.Pong: lobby.on_pong,
            p.DealPart: self.dealer.on_deal_part,
            p.Choose: self._on_choose,
            p.Sync: self._on_sync,
            p.Concede: self._on_concede,
        }

    @property
    def deal(self) -> fairdeal.Deal | None:
        """The deal of the game being dealt or played (None: dealt from a fixed seed)."""
        return self.dealer.deal

    @deal.setter
    def deal(self, deal: fairdeal.Deal | None) -> None:
        self.dealer.deal = deal

    @property
    def journal_path(self) -> str | None:
        return self.journal.path

    # ───────────────────────────── life cycle ─────────────────────────────

    @classmethod
    def resume(cls, journal_path: str, **kwargs: Any) -> Host:
        """A host restoring the last game of a journal file: the same state, and the seats'
        tokens (kept as hashes) still work. Its players appear disconnected until they rejoin.
        Keyword arguments are those of :class:`Host`; those not given (or None) are the
        journal's: the name, the seats, the game's options, and how the table was started
        (:data:`RESUMED_OPTIONS`: games, seed, bots...)."""
        games = read_games(journal_path)
        if not games:
            raise ValueError(f"{journal_path} holds no game")
        last: JournalGame = games[-1]
        game = last.replay()
        kept = last.table_options
        for key in RESUMED_OPTIONS:
            if kwargs.get(key) is None and kept.get(key) is not None:
                kwargs[key] = kept[key]
        kwargs = {k: v for k, v in kwargs.items() if v is not None or k in ("port",)}
        n = max(len(last.seats), kwargs.pop("seats", 0), game.n, int(kept.get("seats") or 0))
        kwargs.setdefault("options", game.options)
        kwargs["cards"] = game.cards  # the journal's own set, whatever became of its file
        host = cls(
            kwargs.pop("name", last.table or "Qingming"), n, journal_path=journal_path, **kwargs
        )
        for seat in host.seats:
            seat.clear()  # the seats are the journal's, not the constructor's --bots
        for rec in last.seats:
            seat = host.seats[int(rec["seat"])]
            seat.kind = "bot" if rec.get("kind") == "bot" else "human"  # occupied seats only
            seat.name = rec.get("name")
            seat.token_hash = rec.get("token_sha256")
            seat.strategy = rec.get("strategy") or host.bot_strategy
            seat.order = host.seats.next_order()
        host.game = game
        host.wire = WireSeq.replay(
            list(game.names),
            game.seed,
            game.options,
            list(game.choices),
            host.history,
            last.timeouts,
            game.cards,
        )
        host.journal.timeouts = set(last.timeouts)
        host.deal = fairdeal.Deal.from_plain(last.deal) if last.deal else None
        host.games_played = sum(1 for g in games if g.finished)
        host.state = "ended" if game.over else "playing"
        host.with_players = any(s.kind == "human" for s in host.seats)
        host._resumed = True
        return host

    def _table_options(self) -> dict[str, Any]:
        """How this table was started, for the journal (so that a resumed table keeps it)."""
        kept = {key: getattr(self, _ATTR.get(key, key)) for key in RESUMED_OPTIONS}
        # advertise: whether it was a table for the LAN (reopened as one) or a private one
        return {"seats": self.n_seats, **kept, "advertise": self.advertise}

    async def start(self) -> None:
        """Listen, advertise, and (after a resume) carry the game on. Raises ``OSError`` when
        the port is taken or the journal cannot be written."""
        self.journal.open(self._table_options(), self.game if self._resumed else None)
        if (
            self._want_port is None
        ):  # the usual port if it is free, else any (discovery tells which)
            try:
                self._server = await asyncio.start_server(
                    self._on_connect, host=self.bind, port=DEFAULT_PORT
                )
            except OSError:
                self._server = await asyncio.start_server(self._on_connect, host=self.bind, port=0)
        else:
            self._server = await asyncio.start_server(
                self._on_connect, host=self.bind, port=self.port
            )
        self.port = self._server.sockets[0].getsockname()[1]
        self._spawn(self._ping_loop())
        if self.advertise:
            await self.advert.start(self.name, self.port, self.bind, self.interfaces)
        if self.state == "lobby":
            self.lobby.maybe_autostart()
        elif self._resumed:  # every player is away until they rejoin: each seat's grace runs
            for seat in self.seats:
                if seat.kind == "human":
                    self._start_grace(seat)
            if self.state == "playing":
                self._arm()
            self._close_if_done()  # resumed after the last game: once its players are told
        log.info("table %r listening on %s:%d", self.name, self.bind, self.port)

    async def stop(
        self, reason: str = "the host closed the table", *, goodbye: bool = True
    ) -> None:
        """Say goodbye to every connection, close the listener, stop advertising.

        ``goodbye`` False: drop the connections without a word, as a crash would, so that the
        players reconnect with their tokens, to a host resumed from the journal on the same
        port (a table handed over to ``qingming serve --resume``)."""
        if self._stopping:
            await self._closed.wait()
            return
        self._stopping = True
        self._announce("closed", game=self.games_played)
        self.timers.cancel()
        self.dealer.cancel()
        for seat in self.seats:
            seat.cancel_grace()
        if self._server is not None:
            self._server.close()
        conns = list(self.conns)
        for conn in conns:
            if goodbye:
                conn.send(p.Bye(reason=reason))
                conn.close("table closed", flush=True)
            else:
                conn.abort()
        writers = [c.writer_task for c in conns if c.writer_task is not None]
        if writers:
            await asyncio.wait(writers, timeout=2.0)
        readers = [
            c.reader_task
            for c in conns
            if c.reader_task is not None and c.reader_task is not asyncio.current_task()
        ]
        for task in readers:
            task.cancel()
        if readers:
            await asyncio.wait(readers, timeout=2.0)
        await self.advert.close()
        for task in list(self._tasks):
            task.cancel()
        self.journal.close()
        self._closed.set()

    async def wait_closed(self) -> None:
        await self._closed.wait()

    def _spawn(self, coro: Any) -> asyncio.Task[Any]:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    def _advert_fields(self) -> dict[str, Any]:
        return {
            "seats_taken": len(self.seats.occupied),
            "seats_total": self.n_seats,
            "state": self.state,
            # seats a bot plays: bot seats, players' seats while a bot stands in for them, and
            # players' seats whose client says it is a bot
            "bots": sum(
                1 for s in self.seats.occupied if (s.bot_controlled or s.client_bot) and not s.left
            ),
            "web": self.web_port or 0,
        }

    # ───────────────────────────── connections ─────────────────────────────

    async def _on_connect(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if self._stopping:
            await refuse(reader, writer, p.Bye(reason="the table is closing"))
            return
        if len(self.conns) >= self.limits.max_connections and not self._make_room():
            refusal = p.ErrorMessage(
                code="table_busy", message="the table takes no more connections; try again"
            )
            await refuse(reader, writer, refusal)
            return
        conn = Conn(reader, writer, self.limits, self._on_conn_closed)
        self.conns.add(conn)
        conn.reader_task = asyncio.current_task()
        conn.start_writer()
        await conn.read_loop(self._dispatch, self._answers_prompt)

    def _make_room(self) -> bool:
        """At the connection cap, close the oldest connection that holds no seat (one that
        does not even watch, first), so that a player coming back with a token always gets
        in: seats are at stake, idle connections are not. False when every one holds a seat."""
        idle = [c for c in self.conns if c.seat is None]
        if not idle:
            return False
        victim = min(idle, key=lambda c: (c.spectator, c.number))
        victim.send(
            p.Bye(reason="the table is full: your connection, which held no seat, made room")
        )
        victim.close("evicted at the connection cap", flush=True)
        return True

    def _answers_prompt(self, conn: Conn, msg: dict[str, Any]) -> bool:
        """A choice for this seat's pending prompt: never rate-limited, so that a fast bot
        peer is not mistaken for a flood (it can send at most one per decision anyway)."""
        game = self.game
        if game is None or conn.seat is None or msg.get("t") != "choose" or self.state != "playing":
            return False
        prompt = game.prompt
        return (
            prompt is not None
            and prompt.seat == conn.seat
            and msg.get("seq") == self.wire.of(conn.seat)
        )

    def _dispatch(self, conn: Conn, msg: dict[str, Any]) -> None:
        ref = msg.get("id")
        try:
            typed = decode_client(msg)
        except ProtocolError as exc:
            conn.refuse(exc.code, exc.message, ref, fatal=exc.fatal)
            return
        t = typed.__struct_config__.tag
        if conn.name is None and t not in ("hello", "ping", "pong"):
            conn.error("hello_required", "say hello first", ref)
            return
        handler = self._handlers[type(typed)]
        try:
            handler(conn, typed)
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
        # in the lobby the seat is free at once; during or after a game it is kept a while
        self._announce("left" if self.state == "lobby" else "dropped", seat)
        if self.state == "lobby":
            seat.clear()  # in the lobby a seat is free again as soon as its player goes
            self.advert.changed()
        elif self.state == "playing" or seat.grace is None:
            self._start_grace(seat)  # after a game, a rematch clock already running runs on
        if self.state == "playing":
            self.dealer.seat_left(seat.index)  # while dealing: the host makes this seat's part
        self.lobby.broadcast()

    async def _ping_loop(self) -> None:
        while True:
            await asyncio.sleep(self.limits.ping_interval)
            ping = p.Shared(p.HostPing())
            for conn in list(self.conns):
                if conn.name is not None:  # pings start after hello
                    conn.send(ping)

    # ───────────────────────────── the game's messages ─────────────────────────────

    def _on_choose(self, conn: Conn, msg: p.Choose) -> None:
        seat = self.lobby.my_seat(conn)
        game = self.game
        self._game_on()
        assert game is not None and game.prompt is not None
        shown = self.wire.of(seat.index)  # the seat answers in its own numbering (see wireseq)
        if msg.seq < shown:
            raise StalePrompt(
                f"that prompt (#{msg.seq}) is no longer pending; the current one is #{shown}"
            )
        if msg.seq > shown:
            raise StalePrompt(f"there is no prompt #{msg.seq} yet; the current one is #{shown}")
        self._apply(seat.index, msg.option, game.prompt.seq)

    def _on_sync(self, conn: Conn, msg: p.Sync) -> None:
        self._send_current(conn, msg.id)  # the whole view; nothing before or between games

    def _on_concede(self, conn: Conn, msg: p.Concede) -> None:
        seat = self.lobby.my_seat(conn)
        self._game_on()
        self._apply(seat.index, "concede", None)

    def _game_on(self) -> None:
        """Refuse a game's message when no game is on: ``game_over`` after one (until the next
        starts), ``wrong_state`` before any."""
        game = self.game
        if self.state == "playing" and game is not None and game.prompt is not None:
            return
        if self.state == "ended" or (game is not None and game.over):
            raise ProtocolError("game_over", "the game is over")
        raise ProtocolError("wrong_state", "no game is on")

    # ───────────────────────────── the game ─────────────────────────────

    def _next_seed(self) -> int | str:
        """A fixed-seed table's next seed: the first, then derived from it game by game."""
        assert self.seed is not None
        if isinstance(self.seed, int):
            return self.seed + self.games_played
        return self.seed if self.games_played == 0 else f"{self.seed}/{self.games_played}"

    def _start_game(self) -> None:
        if len(self.seats.occupied) < MIN_SEATS:
            return
        # Seats are the game's seat numbers: close up gaps so that the players are 0..k-1.
        for s in self.seats.compact():  # tell the players their new seat numbers
            if s.conn is not None:
                # (type: ignore: a seated player holds a token)
                s.conn.send(p.Joined(seat=s.index, token=s.token))  # type: ignore[arg-type]
        self.state = "playing"
        self.with_players = any(s.kind == "human" for s in self.seats.occupied)
        self.game = None
        self.deal = None
        for s in self.seats:
            s.takeover, s.bot, s.left = False, None, False
            s.cancel_grace()
            if s.kind == "human":
                s.ready = False
        self.lobby.broadcast()
        if self.seed is None:
            self.dealer.begin()  # the seed is made together; the game starts in _deal_game
        else:
            self._deal_game(self._next_seed())

    def _deal_game(self, seed: int | str) -> None:
        """The game itself, once its seed is known."""
        players = [s.name or f"seat-{s.index + 1}" for s in self.seats.occupied]
        self.game = Game.new(players, seed, self.options, self.cards)
        self.wire.reset(self.game.n)
        self.history.reset()  # the opening goes in once told (_tell), like every event
        records = [s.journal_record() for s in self.seats.occupied]
        deal = self.deal.plain() if self.deal is not None else None
        saved = self.journal.begin_game(self.games_played, self.name, records, self.game, deal)
        log.info("game %d starts: %s", self.games_played + 1, ", ".join(players))
        self._announce("game_started", game=self.games_played + 1)
        self.timers.reset()
        opening = list(self.game.opening)  # the deal and the first turn, as an update
        if not saved:  # told to nobody before the game is on disk; told once it is
            self._hold(opening, None)
            return
        self._tell(opening, None)

    @staticmethod
    def _player(conn: Conn, game: Game) -> int | None:
        """The game seat whose view ``conn`` gets; None for the public (spectator's) view."""
        seat = conn.seat
        return seat if seat is not None and seat < game.n else None

    def _decide(
        self, seat: int, option: str, seq: int | None, *, timed_out: bool = False
    ) -> tuple[list[Any], bool]:
        """One decision in the engine (raises RulesError, changing nothing); returns its events
        and whether it was a hidden step of a draft (counted in the seat's own numbering).
        ``timed_out``: the prompt's default taken by a clock (its events say so)."""
        game = self.game
        assert game is not None
        drafting = game.draft is not None
        events = game.apply_default() if timed_out else game.choose(seat, option, seq)
        if timed_out:  # the journal says so, for a resumed host to tell it alike
            self.journal.timeouts.add(len(game.choices) - 1)
        hidden = is_hidden_step(drafting, option, game)
        self.wire.record(seat if hidden else None)
        return events, hidden

    def _apply(self, seat: int, option: str, seq: int | None) -> None:
        """One decision: the engine, then the journal (fsynced), then the broadcast."""
        if self._broken:  # (until the table closes, a moment later)
            raise ProtocolError("wrong_state", "the game cannot go on; the table closes")
        if self.journal.failure is not None:
            raise ProtocolError("cannot_save", self._cannot_save())
        events, hidden = self._decide(seat, option, seq)
        self._changed(events, seat if hidden else None)

    def _apply_default(self) -> None:
        """Take the pending prompt's default, as its timer would."""
        self._changed(*self._defaults(lambda game: False))

    def _defaults(self, go_on: Any) -> tuple[list[Any], int | None]:
        """Take the pending prompt's default — cancelling an open draft first, and then the
        default of the prompt it started from — and more while ``go_on(game)``; returns the
        events and, when every step was a draft's hidden one, the drafter."""
        game = self.game
        assert game is not None
        events: list[Any] = []
        public = False
        for _ in range(10_000):  # defaults always move on; the bound only guards a bug
            prompt = game.prompt
            if prompt is None:
                break
            more, hidden = self._decide(prompt.seat, prompt.default, prompt.seq, timed_out=True)
            # a declaration cancelled by the clock is the drafter's to know, its timeout mark
            # too: told to the others it would say the seat was declaring (they see the
            # prompt it started from time out, as if nothing had been declared)
            events.extend(drafters_only(more, prompt.seat) if hidden else more)
            public = public or not hidden
            if not hidden and not go_on(game):
                break
        return events, None if public else (game.prompt.seat if game.prompt is not None else None)

    def _changed(self, events: list[Any], hidden_by: int | None = None) -> None:
        """After decisions: journal them (fsynced), set the clocks, tell the players — only
        the drafter when ``hidden_by`` says the decisions were hidden steps of its draft."""
        game = self.game
        assert game is not None
        if not self.journal.sync(game):
            self._hold(events, hidden_by)
            return
        self._tell(events, hidden_by)

    def _tell(self, events: list[Any], hidden_by: int | None) -> None:
        """What follows decisions once they are on disk: the clocks, the updates, the end.

        Every decision is told from here (a player's choice, a timer's or a bot's default, the
        decisions held for the journal). The engine has moved and the journal holds it: a bug
        while telling it would leave every client waiting for an update that never comes, so
        the table says it cannot go on and closes (the journal can be resumed)."""
        if self._broken:
            return  # the table is closing: nothing more is told
        try:
            self._tell_them(events, hidden_by)
        except Exception:
            self._cannot_go_on()

    def _tell_them(self, events: list[Any], hidden_by: int | None) -> None:
        game = self.game
        assert game is not None
        self.history.add(events, hidden_by)
        if game.over:
            self.timers.cancel()
            self._broadcast(events)
            self._end_game()
            return
        self._arm()
        if hidden_by is None:
            self._broadcast(events)
        else:
            self._send_update(self.seats[hidden_by].conn, _wired(events))

    def _deadline(self) -> float | None:
        return self.timers.deadline()

    def _history(self, conn: Conn) -> p.GameHistory | None:
        """What ``conn``'s receiver was told of the game so far (its seat's events, or the
        public ones), for a client that comes back to it or starts watching; None outside a
        game."""
        game = self.game
        if game is None or self.state == "lobby":
            return None
        return self.history.for_viewer(self._player(conn, game))

    # ───────────────────────────── a journal that cannot be written ─────────────────────────────

    def _cannot_save(self) -> str:
        return f"the host cannot save the game: {self.journal.failure}; play waits until it can"

    def _hold(self, events: list[Any], hidden_by: int | None) -> None:
        """Decisions not on disk are told to nobody: hold them, stop the clocks, say why, and
        keep trying to write (play goes on once the journal takes them)."""
        self._held.append((events, hidden_by))
        if len(self._held) > 1:
            return
        self.timers.cancel()
        for conn in list(self.conns):
            if conn.name is not None:
                conn.error("cannot_save", self._cannot_save())
        self._spawn(self._retry_journal())

    async def _retry_journal(self) -> None:
        while not self.journal.flush():
            await asyncio.sleep(JOURNAL_RETRY)
            if self._stopping:
                return
        held, self._held = self._held, []
        for events, hidden_by in held:
            self._tell(events, hidden_by)

    def _view(self, game: Game, viewer: int | None) -> View:
        """``viewer``'s view as the engine builds it: every view the host sends comes from
        here (numbered for its receiver by :meth:`_plain_view`). The decider's prompt tells
        it why each card of its that no option plays cannot be played now (its context's
        ``why_not``: only its own cards, which its view shows anyway)."""
        return fairdeal.sent_view(game, viewer)

    def _broadcast(self, events: list[Any]) -> None:
        """Each seat its own view and the events it may see; spectators the public view,
        published once to the feed. Each event is put in its wire form once for everyone."""
        game = self.game
        assert game is not None
        deadline = self._deadline()
        wired = _wired(events)
        for conn in list(self.conns):
            if conn.seat is not None:
                self._send_update(conn, wired, deadline)
        if self.feed.watchers:
            public = tuple(w for e, w in wired if e.to is None)
            plain = self._plain_view(game, None)
            self.feed.publish(plain, public, deadline, self.timers.length())
        else:
            self.feed.skip()

    def _plain_view(self, game: Game, viewer: int | None) -> dict[str, Any]:
        """``viewer``'s view as sent (its wire form), numbered in ``viewer``'s own seq."""
        return compact.stamp(self._compact.view(self._view(game, viewer)), self.wire.of(viewer))

    def _send_update(
        self, conn: Conn | None, events: list[tuple[Any, Any]], deadline: float | None = None
    ) -> None:
        """One seat's update: its view, the events it may see (each with its wire form) and
        the clock."""
        game = self.game
        assert game is not None
        if conn is None:
            return
        seat = self._player(conn, game)
        if seat is None:
            return
        if deadline is None:
            deadline = self._deadline()
        seen = tuple(w for e, w in events if e.visible_to(seat))
        conn.send_view(self._plain_view(game, seat), seen, deadline, self.timers.length())

    def _send_current(self, conn: Conn, ref: int | None = None) -> None:
        """Bring a (re)joining connection up to date: its view now, or the last result (or,
        while a game is being dealt, the deal's commitment), answering the request whose id is
        ``ref``."""
        game = self.game
        if game is None and self.state == "playing":
            self.dealer.send(conn)
            return
        if game is None or self.state == "lobby":
            return
        if self._held:  # what the game is now is not on disk yet: not told to anyone
            conn.error("cannot_save", self._cannot_save(), ref)
            return
        viewer = self._player(conn, game)
        if self.state == "playing":
            if conn.spectator:
                restart = self.feed.stale  # nobody watched: the feed was not kept up
                if restart:
                    plain = self._plain_view(game, None)
                    self.feed.restart(plain, self._deadline(), self.timers.length())
                conn.resync(restarted=restart, ref=ref)
            elif viewer is not None:
                conn.view_base = None  # the whole view: a (re)joining client holds none
                plain = self._plain_view(game, viewer)
                conn.send_view(plain, (), self._deadline(), self.timers.length(), ref)
        elif game.result is not None:
            conn.send(self._ended_msg(game, viewer, whole=True, ref=ref))

    def _end_game(self) -> None:
        game = self.game
        assert game is not None and game.result is not None
        if not self.journal.end_game(game) and not self._held:
            self._hold_result()
        self.state = "ended"
        self.games_played += 1
        log.info("game %d over: %s", self.games_played, game.result)
        self._announce(
            "game_over", game=self.games_played, result=game.result, journal=self.journal.path
        )
        public: p.Shared | None = None  # one result for every spectator
        for conn in list(self.conns):
            viewer = self._player(conn, game)
            if viewer is not None:
                conn.send(self._ended_msg(game, viewer))
            elif conn.spectator:
                public = public or p.Shared(self._ended_msg(game, None))
                conn.send(public)
        for s in self.seats:
            if s.kind == "human" and s.conn is None and (s.left or s.grace is None):
                s.clear()  # a player who left, or who was away past the grace, gives the seat up
            s.takeover = False
            if s.kind == "human" and s.grace is None:
                self._start_grace(s)  # the rematch clock; an away player's grace runs on
        self.lobby.broadcast()
        if self._close_if_done():
            return
        self.lobby.maybe_autostart()

    @property
    def games_done(self) -> bool:
        return self.games_limit is not None and self.games_played >= self.games_limit

    def _close_if_done(self) -> bool:
        """After the table's last game: close it once no player who may still come back for
        the result is away (their grace runs). True when the table has played its games."""
        if self.state != "ended" or not self.games_done:
            return False
        if not any(
            s.kind == "human" and s.conn is None and s.grace is not None for s in self.seats
        ):
            self._spawn(self.stop("the table has played its games"))
        return True

    def _ended_msg(
        self, game: Game, viewer: int | None, *, whole: bool = False, ref: int | None = None
    ) -> p.GameEnded:
        """The result and the deal revealed (nil when the seed was fixed); the final view only
        when ``whole`` (a connection that did not just get it as its last update), in the wire
        form the updates carry (trailing defaults left out, as everywhere)."""
        assert game.result is not None
        view = self._plain_view(game, viewer) if whole else None
        return p.GameEnded(
            result=game.result,
            view=view,  # type: ignore[arg-type]  # the View's wire form, as update_body takes it
            deal=self._deal_reveal(),
            ref=ref,
        )

    def _deal_reveal(self) -> p.Reveal | None:
        """For ``ended``: the secret, the parts and the journal (None for a fixed seed)."""
        if self.deal is None or self.game is None or not self.game.over:
            return None
        return msgspec.convert(self.deal.reveal(self.game.journal), p.Reveal)

    # ───────────────────────────── timers, bots, grace ─────────────────────────────

    def _hold_result(self) -> None:
        """The result line failed (the choices, which decide it, are on disk): say so and keep
        trying; a next game is held until it is written."""
        for conn in list(self.conns):
            if conn.name is not None:
                conn.error("cannot_save", self._cannot_save())
        self._spawn(self._retry_journal())

    def _arm(self) -> None:
        """Set the timers and the bots going for the pending prompt (R22)."""
        game = self.game
        assert game is not None
        if self.journal.failure is not None:
            return  # play waits for the journal: no clock runs, no bot moves
        prompt = game.prompt
        bot = prompt is not None and self.seats[prompt.seat].bot_controlled
        self.timers.arm(game, bot_controlled=bot, key=self.wire.public)

    def _prompt_pending(self, seq: int) -> bool:
        game = self.game
        return (
            game is not None
            and self.state == "playing"
            and game.prompt is not None
            and game.prompt.seq == seq
        )

    def _on_response_timeout(self, key: int) -> None:
        """The response clock ran out: cancel a draft in progress, take the default."""
        game = self.game
        if (
            game is None
            or self.state != "playing"
            or game.prompt is None
            or key != self.wire.public
        ):
            return
        try:
            done = self._defaults(lambda game: False)
        except Exception:
            self._cannot_go_on()
            return
        self._changed(*done)

    def _on_turn_timeout(self, turn: int) -> None:
        game = self.game
        if game is None or self.state != "playing" or game.turn != turn or game.prompt is None:
            return
        try:
            done = self._defaults(lambda game: game.turn == turn)
        except Exception:
            self._cannot_go_on()
            return
        self._changed(*done)

    def _bot_move(self, seq: int) -> None:
        if not self._prompt_pending(seq):
            return
        game = self.game
        assert game is not None and game.prompt is not None
        seat = self.seats[game.prompt.seat]
        if not seat.bot_controlled:
            return
        catch_up(seat, game, self.bot_strategy, self.history)
        if searches(seat, game, self.bot_strategy):
            self._spawn(self._bot_move_off_loop(seat, game, seq))
            return
        self._bot_apply(seat, game, seq)

    async def _bot_move_off_loop(self, seat: Seat, game: Game, seq: int) -> None:
        """A searching bot thinks in a worker thread: the table keeps answering meanwhile
        (chat, pings, other seats' timers). Its move counts only if the prompt is still the
        one it thought about."""
        option = await think(seat, game.view(seat.index))
        if self.game is not game or not self._prompt_pending(seq) or not seat.bot_controlled:
            return
        if option is None:  # the bot failed: the default, as for any bot
            try:
                self._apply_default()
            except Exception:  # not even the default could be taken: never a silent freeze
                self._cannot_go_on()
            return
        self._bot_apply(seat, game, seq, option)

    def _bot_apply(self, seat: Seat, game: Game, seq: int, option: str | None = None) -> None:
        """Play the bot's move (``option`` if it thought in a thread, else it chooses now)."""
        drafting = game.draft is not None
        try:
            events, option = bot_move(seat, game, seq, self.bot_strategy, option)
        except Exception:  # not even the default could be taken: never a silent freeze
            self._cannot_go_on()
            return
        hidden = is_hidden_step(drafting, option, game)
        self.wire.record(seat.index if hidden else None)
        self._changed(events, seat.index if hidden else None)

    def _cannot_go_on(self) -> None:
        """A bug in the engine or a bot left a decision no one can take, or one taken that
        cannot be told (called in an ``except``): log it, tell everyone plainly, and close the
        table rather than freeze. Once: no clock or bot moves on meanwhile. The journal keeps
        every decision taken, so ``--resume`` brings the game back."""
        log.exception("the game cannot go on")
        if self._broken:
            return
        self._broken = True
        self.timers.cancel()
        for conn in list(self.conns):
            if conn.name is not None:
                conn.error(
                    "server_error",
                    "the host hit a bug and cannot go on with this game; the table closes",
                )
        self._spawn(self.stop("the host hit a bug and cannot go on with this game"))

    def _cancel_draft(self, index: int) -> bool:
        """Cancel the declaration seat ``index`` left open, as a hidden step (told to it
        alone), so that the bot standing in plays from the prompt it started from, as it would
        have had the player declared nothing: a bot that finished the player's declaration would
        show the others what was declared. True when there was one (the clocks are set)."""
        game = self.game
        prompt = game.prompt if game is not None else None
        if game is None or game.draft is None or prompt is None or prompt.seat != index:
            return False
        try:
            events, hidden = self._decide(index, "cancel", prompt.seq)
        except RulesError:  # (a draft step always offers cancel; a bug must not stop play)
            log.exception("cancelling seat %d's declaration", index)
            return False
        self._changed(events, index if hidden else None)
        return True

    def _rematch_awaited(self, seat: Seat) -> bool:
        """After a game: does another player, connected, wait for the rematch ``seat`` has not
        asked for? Bots do not mind: a player reading the result at a table of bots keeps it."""
        return any(
            s is not seat and s.kind == "human" and s.conn is not None and s.ready
            for s in self.seats
        )

    def _announce(self, kind: str, seat: Seat | None = None, **fields: Any) -> None:
        """Tell :attr:`news` what happened (about ``seat``, if given); the game's players are
        those of the game on (or last played). Whatever the listener does, play goes on."""
        if self.news is None:
            return
        if seat is not None:
            fields.update(
                seat=seat.index,
                name=seat.name or "",
                bot=seat.kind == "bot",
                level=seat.level(self.bot_strategy),
            )
        if kind in ("game_started", "game_over") and self.game is not None:
            fields["players"] = tuple(self.game.names)
            fields["bots"] = tuple(s.bot_controlled or s.client_bot for s in self.seats.occupied)
            fields["levels"] = tuple(s.level(self.bot_strategy) for s in self.seats.occupied)
        try:
            self.news(News(kind, **fields))
        except Exception:  # (a closed stdout, say): the table is not the listener's to stop
            log.exception("telling the news %r", kind)

    def _start_grace(self, seat: Seat) -> None:
        """A human seat's grace (R22): during a game, for a player who dropped to come back;
        after a game, for each player to ask for the rematch (and to be connected)."""
        seat.cancel_grace()
        grace = self.options.disconnect_grace
        seat.grace = asyncio.get_running_loop().call_later(grace, self._grace_over, seat.index)

    def _grace_over(self, index: int) -> None:
        seat = self.seats[index]
        seat.grace = None
        if seat.kind != "human" or self._stopping:
            return
        if self.state == "playing" and self.game is not None and seat.conn is None:
            log.info("seat %d (%s) did not come back: a bot plays it", index, seat.name)
            self._announce("bot_plays", seat)
            seat.takeover = True
            self.history.stand_in(index, True)
            self.lobby.broadcast()
            if not self._cancel_draft(index):
                self._arm()
        elif self.state == "ended" and not (seat.ready and seat.conn is not None):
            if seat.conn is not None and not self._rematch_awaited(seat):
                return  # connected, and no other player waits for the rematch: the seat stays
            # not back, or never answered the rematch: treated as one who left
            log.info(
                "seat %d (%s) did not ask for a rematch in time: the seat is free", index, seat.name
            )
            freed = seat.conn
            if freed is not None:
                freed.seat = None
            self._announce("freed", seat)
            seat.clear()
            if freed is not None:  # told before the lobby shows the seat free (or taken)
                freed.error(
                    "seat_freed",
                    f"you did not ask for the rematch within {self.options.disconnect_grace:g} s:"
                    " your seat is free",
                )
            self.lobby.broadcast()
            if not self._close_if_done():
                self.lobby.maybe_autostart(rematch=True)


def _wired(events: list[Any]) -> list[tuple[Any, Any]]:
    """Each event with its wire form (:func:`qm_net.compact.event`)."""
    return [(e, compact.event(e)) for e in events]
