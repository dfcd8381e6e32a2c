"""The host proper: a table's life cycle, and the parts it is composed of.

:class:`Host` holds the table's state (its seats, connections, the game and its journal) and
its life cycle (start, stop, resume); each job is a part it owns, reached as an attribute:
``links`` (:mod:`~qm_net.host.links`: connections and routing), ``lobby``
(:mod:`~qm_net.host.lobby`), ``dealer`` (:mod:`~qm_net.host.deal`), ``play``
(:mod:`~qm_net.host.play`: the game's decisions, engine → journal → players), ``updates``
(:mod:`~qm_net.host.updates`: who is told what), ``standins`` (:mod:`~qm_net.host.standins`:
clocks, bots and grace) and ``takebacks`` (:mod:`~qm_net.host.takeback`: a player alone with
bots taking back a decision).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from qm_net import cardsets, fairdeal
from qm_net import protocol as p
from qm_net.host.advert import Advert
from qm_net.host.conn import ChatLimits, Conn, Limits
from qm_net.host.deal import Dealer
from qm_net.host.feed import Feed
from qm_net.host.history import GameHistory
from qm_net.host.journal import TableJournal
from qm_net.host.links import Links
from qm_net.host.lobby import Lobby
from qm_net.host.news import Listener, News
from qm_net.host.play import Play
from qm_net.host.seats import Seat, Seats
from qm_net.host.standins import StandIns
from qm_net.host.takeback import TakeBacks
from qm_net.host.timers import Timers
from qm_net.host.updates import Updates
from qm_net.host.wireseq import WireSeq
from qm_net.journal_io import JournalGame, read_games
from qm_net.protocol import MAX_SEATS, MIN_SEATS
from qm_net.version import DEFAULT_PORT
from qm_rules import CardSet, Game, GameOptions, shipped_cards
from qm_rules.bots import strategy_of

log = logging.getLogger("qm_net.host")

#: What a table keeps across ``--resume`` besides its game (the journal's ``table`` line).
RESUMED_OPTIONS = ("games", "seed", "bot_strategy", "bot_delay", "anyone_starts", "autostart")
_ATTR = {"games": "games_limit"}  # where the Host keeps an option under another name


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
        """The card set every game at the table is dealt from: named to every client by the
        hash of its file (``welcome``, the mDNS record), and sent to one that asks (``cards``)."""
        unfit = cardsets.unfit(self.cards)
        if unfit is not None:
            raise ValueError(f"this card set cannot be sent to the table's guests: {unfit}")
        self.bind = bind
        self._want_port = port  # None: DEFAULT_PORT if free, else any
        self.port: int = port or 0  # the port listened on, once started
        self.interfaces = interfaces
        self.advertise = advertise
        self.web_port: int | None = None
        """The port the table is served to browsers on (qm_web), advertised beside it."""
        self.web_code: str | None = None
        """The code a browser gives to come in: told to seated players only (never advertised)."""
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
        self.advert = Advert(self._advert_fields, self.spawn)
        # The parts, each owning its job (and the client messages of it, in ``handlers``).
        self.links = Links(self)
        self.updates = Updates(self)
        self.play = Play(self)
        self.standins = StandIns(self)
        self.dealer = Dealer(self, deal_timeout)  # the fair deal, unless the seed is fixed
        self.lobby = Lobby(self)
        self.takebacks = TakeBacks(self)
        self.timers = Timers(
            self.options,
            bot_delay=bot_delay,
            on_response=self.standins.on_response_timeout,
            on_turn=self.standins.on_turn_timeout,
            on_bot=self.standins.bot_move,
        )
        self.wire = WireSeq()  # the seq each receiver is shown (drafts leave no trace)
        self.feed = Feed()  # the spectators' updates
        self.history = GameHistory()  # what has been told of the game, for late comers
        self.broken = False
        """The game cannot go on: the table is closing (:meth:`cannot_go_on`)."""
        self._resumed = False
        self.with_players = False
        """Whether the last game started had a human player (a table of bots only plays on)."""
        self.news: Listener | None = None
        """Told what happens at the table (players coming and going, games starting and
        ending): ``qingming serve`` prints it."""
        lobby, play = self.lobby, self.play
        self.handlers: dict[type[p.ClientMessage], Callable[[Conn, Any], None]] = {
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
            p.Choose: play.on_choose,
            p.Sync: play.on_sync,
            p.Concede: play.on_concede,
            p.GetCards: lobby.on_get_cards,
            p.TakeBack: self.takebacks.on_takeback,
        }
        """Each client message's handler, by its type, in the part that owns it."""

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

    @property
    def stopping(self) -> bool:
        """The table is closing (:meth:`stop` was called)."""
        return self._stopping

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
            last.takebacks,
        )
        host.takebacks.reset(last.takebacks)
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
        on_connect = self.links.on_connect
        if self._want_port is None:  # the usual port if it is free, else any (discovery tells)
            try:
                self._server = await asyncio.start_server(
                    on_connect, host=self.bind, port=DEFAULT_PORT
                )
            except OSError:
                self._server = await asyncio.start_server(on_connect, host=self.bind, port=0)
        else:
            self._server = await asyncio.start_server(on_connect, host=self.bind, port=self.port)
        self.port = self._server.sockets[0].getsockname()[1]
        self.spawn(self.links.ping_loop())
        if self.advertise:
            await self.advert.start(self.name, self.port, self.bind, self.interfaces)
        if self.state == "lobby":
            self.lobby.maybe_autostart()
        elif self._resumed:  # every player is away until they rejoin: each seat's grace runs
            for seat in self.seats:
                if seat.kind == "human":
                    self.standins.start_grace(seat)
            if self.state == "playing":
                self.standins.arm()
            self.play.close_if_done()  # resumed after the last game: once its players are told
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
        self.announce("closed", game=self.games_played)
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

    def spawn(self, coro: Any) -> asyncio.Task[Any]:
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
            "cards": self.cards.file_hash,
        }

    @property
    def games_done(self) -> bool:
        return self.games_limit is not None and self.games_played >= self.games_limit

    def cannot_go_on(self) -> None:
        """A bug in the engine or a bot left a decision no one can take, or one taken that
        cannot be told (called in an ``except``): log it, tell everyone plainly, and close the
        table rather than freeze. Once: no clock or bot moves on meanwhile. The journal keeps
        every decision taken, so ``--resume`` brings the game back."""
        log.exception("the game cannot go on")
        if self.broken:
            return
        self.broken = True
        self.timers.cancel()
        for conn in list(self.conns):
            if conn.name is not None:
                conn.error(
                    "server_error",
                    "the host hit a bug and cannot go on with this game; the table closes",
                )
        self.spawn(self.stop("the host hit a bug and cannot go on with this game"))

    def web_page(self) -> p.WebPage | None:
        """The table's page for browsers, as a seated player is told it (None: no page)."""
        if self.web_port is None or self.web_code is None:
            return None
        return p.WebPage(port=self.web_port, code=self.web_code)

    def tell_web_page(self) -> None:
        """The page opened: each seated player is told it (``joined`` again, unasked)."""
        for s in self.seats.occupied:
            if s.conn is not None and s.token is not None:
                s.conn.send(p.Joined(seat=s.index, token=s.token, web=self.web_page()))

    def announce(self, kind: str, seat: Seat | None = None, **fields: Any) -> None:
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
