"""The lobby's messages: hello, taking and leaving seats, readiness, bots, rematch, chat.

:class:`Lobby` is the host's part for them (``Host.lobby``); each ``on_<type>`` method handles
one validated client message and raises :class:`ProtocolError` to refuse it (the host turns
that into an ``error`` reply, changing nothing). The game's own messages (``choose``,
``concede``, ``sync``) are handled in :mod:`qm_net.host.play`, the deal's in
:mod:`qm_net.host.deal`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from qm_net import protocol as p
from qm_net.framing import ProtocolError
from qm_net.protocol import MIN_SEATS, PROTOCOL_VERSION
from qm_rules.bots import level_of

#: How many times one connection is sent the card set (a client keeps what it was sent; a
#: second time covers a client that lost it, more is a client asking in a loop).
MAX_CARD_SENDS = 3

if TYPE_CHECKING:
    from qm_net.host.conn import Conn
    from qm_net.host.seats import Seat
    from qm_net.host.table import Host


class Lobby:
    """The messages of the lobby and of the seats (taking, leaving, readiness, bots, chat), and
    what the table tells of its seats: ``Host.lobby``."""

    def __init__(self, host: Host) -> None:
        self.host = host

    # ───────────────────────────── hello and seats ─────────────────────────────

    def on_hello(self, conn: Conn, msg: p.Hello) -> None:
        host = self.host
        if conn.name is not None:
            raise ProtocolError("wrong_state", "hello was already said")
        if msg.version != PROTOCOL_VERSION:
            raise ProtocolError(
                "version_mismatch",
                f"this table speaks protocol {PROTOCOL_VERSION}, your client speaks {msg.version}: "
                "play with a Qingming of the same version as the host",
                fatal=True,
            )
        name = msg.name.strip()
        if not name:
            raise ProtocolError("bad_name", "a name cannot be blank")
        conn.name = name
        conn.bot_level = level_of(msg.bot) if msg.bot is not None else None
        table = p.TableInfo(
            host.name, host.n_seats, host.options, host.anyone_starts, host.cards.file_hash
        )
        conn.send(
            p.Welcome(version=PROTOCOL_VERSION, table=table, ref=msg.id, features=tuple(p.FEATURES))
        )
        conn.send(self.message())

    def on_get_cards(self, conn: Conn, msg: p.GetCards) -> None:
        """The table's card set, to a client that has none of its hash (a few times a
        connection at most: a client keeps what it was sent)."""
        cards = self.host.cards
        if msg.sha256 != cards.file_hash:
            raise ProtocolError(
                "unknown_cards", f"this table plays the card set {cards.file_hash}, not that one"
            )
        conn.cards_sent += 1
        if conn.cards_sent > MAX_CARD_SENDS:
            raise ProtocolError("rate_limited", "the card set was sent already; keep it")
        source = cards.source.decode("utf-8")
        conn.send(p.CardsFile(sha256=cards.file_hash, source=source, ref=msg.id))

    def on_join(self, conn: Conn, msg: p.Join) -> None:
        host = self.host
        if conn.seat is not None:
            raise ProtocolError("already_seated", f"you hold seat {conn.seat}")
        if host.state == "playing":
            raise ProtocolError("wrong_state", "a game is on: spectate, or rejoin with your token")
        want = msg.seat
        if want is not None:
            if want >= host.n_seats:
                raise ProtocolError("bad_seat", f"this table has seats 0..{host.n_seats - 1}")
            if host.seats[want].occupied:
                raise ProtocolError("seat_taken", f"seat {want} is taken")
            seat = host.seats[want]
        else:
            free = host.seats.free
            if not free:
                raise ProtocolError("table_full", "no free seat")
            seat = free[0]
        token = host.seats.seat_human(seat, conn.name, conn)
        conn.seat = seat.index
        conn.unwatch()
        conn.send(p.Joined(seat=seat.index, token=token, ref=msg.id, web=host.web_page()))
        host.announce("joined", seat)
        self.broadcast()
        self.maybe_autostart()

    def on_rejoin(self, conn: Conn, msg: p.Rejoin) -> None:
        host = self.host
        seat = host.seats.by_token(msg.token)
        if seat is None or seat.kind != "human":
            raise ProtocolError("bad_token", "no seat holds this token")
        if conn.seat is not None and conn.seat != seat.index:
            raise ProtocolError("already_seated", f"you hold seat {conn.seat}")
        old = seat.conn
        if old is not None and old is not conn:
            old.seat = None
            old.error("replaced", "your seat was taken back by a newer connection", fatal=True)
        if host.state != "ended" or seat.ready:
            seat.cancel_grace()  # after a game the clock runs on until the player asks for more
        was_bot = seat.takeover
        if old is not conn:  # (not a rejoin on the same connection)
            host.announce("back", seat)
        if was_bot and host.state == "playing":
            host.history.stand_in(seat.index, False)  # (before the history it is sent)
        seat.conn, seat.takeover, seat.token = conn, False, msg.token
        seat.client_level = conn.bot_level  # what the newest connection says it is
        seat.name = seat.name or conn.name
        conn.seat = seat.index
        conn.unwatch()
        told = host.updates.history(conn)
        web = host.web_page()
        conn.send(p.Joined(seat=seat.index, token=msg.token, ref=msg.id, history=told, web=web))
        self.broadcast()
        if host.state == "playing" and was_bot:
            host.standins.arm()  # the seat is human again: stop its bot, set the timers for a human
        host.updates.send_current(conn, msg.id)
        host.play.close_if_done()

    def on_spectate(self, conn: Conn, msg: p.Spectate) -> None:
        host = self.host
        if conn.seat is not None:
            raise ProtocolError("already_seated", "leave your seat first")
        conn.watch(host.feed)
        conn.send(p.Spectating(ref=msg.id, history=host.updates.history(conn)))
        conn.send(self.message())
        host.updates.send_current(conn, msg.id)

    def on_leave(self, conn: Conn, msg: p.Leave) -> None:
        host = self.host
        if conn.seat is None:
            conn.unwatch()
            return
        if msg.keep and host.state != "lobby":  # going away, not giving the seat up
            host.links.seat_gone(conn, "went away keeping the seat", kept=True)
            return
        seat = host.seats[conn.seat]
        playing = host.state == "playing" and host.game is not None
        host.announce("left", seat, conceded=playing)
        if host.state == "playing" and host.game is not None and not host.game.conceded[seat.index]:
            host.play.apply(seat.index, "concede", None)  # leaving a game concedes it (R23)
        conn.seat = None
        seat.conn = None
        if host.state == "playing":
            seat.takeover = True  # the seat stays in the game, conceded; nobody answers for it
            seat.left = True
            host.dealer.seat_left(seat.index)
        else:
            seat.clear()
            host.advert.changed()
        self.broadcast()

    # ───────────────────────────── readiness, start, bots ─────────────────────────────

    def on_ready(self, conn: Conn, msg: p.Ready) -> None:
        host = self.host
        seat = self.my_seat(conn)
        if host.state == "playing":
            raise ProtocolError("wrong_state", "the game is on")
        seat.ready = msg.ready
        if host.state == "ended":
            self.rematch_clock(seat)
        self.broadcast()
        self.maybe_autostart()

    def on_rematch(self, conn: Conn, msg: p.Rematch) -> None:
        if self.host.state != "ended":
            raise ProtocolError("wrong_state", "no game has ended")
        seat = self.my_seat(conn)
        seat.ready = True
        self.rematch_clock(seat)
        self.broadcast()
        self.maybe_autostart(rematch=True)  # everyone asked: start, even without autostart

    def on_start(self, conn: Conn, msg: p.Start) -> None:
        host = self.host
        seat = self.my_seat(conn)
        self.require_owner(seat)
        if host.state == "playing":
            raise ProtocolError("wrong_state", "the game is on")
        if len(host.seats.occupied) < MIN_SEATS:
            raise ProtocolError("too_few_players", "a game needs at least 2 players: add a bot?")
        host.play.start_game()

    def on_add_bot(self, conn: Conn, msg: p.AddBot) -> None:
        host = self.host
        self.require_owner(self.my_seat(conn))
        if host.state == "playing":
            raise ProtocolError("wrong_state", "the game is on")
        free = host.seats.free
        if not free:
            raise ProtocolError("table_full", "no free seat")
        host.seats.seat_bot(free[0], msg.strategy or host.bot_strategy)
        host.announce("joined", free[0])
        self.broadcast()
        self.maybe_autostart()

    def on_remove_bot(self, conn: Conn, msg: p.RemoveBot) -> None:
        host = self.host
        self.require_owner(self.my_seat(conn))
        if host.state == "playing":
            raise ProtocolError("wrong_state", "the game is on")
        if msg.seat >= host.n_seats or host.seats[msg.seat].kind != "bot":
            raise ProtocolError("bad_seat", f"seat {msg.seat} holds no bot")
        host.announce("left", host.seats[msg.seat])
        host.seats[msg.seat].clear()
        self.broadcast()

    # ───────────────────────────── chat and keep-alive ─────────────────────────────

    def on_chat(self, conn: Conn, msg: p.Say) -> None:
        host = self.host
        seat = host.seats[conn.seat] if conn.seat is not None else None
        if not host.chat_limits.take(seat.token_hash if seat is not None else None, conn.address):
            raise ProtocolError("rate_limited", "chat is rate-limited; wait a moment")
        text = msg.text.strip()
        if not text:
            return
        out = p.ChatMessage(seat=conn.seat, name=conn.name or "", text=text)
        for c in list(host.conns):
            if c.name is not None:
                c.send(out)

    def on_ping(self, conn: Conn, msg: p.Ping) -> None:
        conn.send(p.HostPong())

    def on_pong(self, conn: Conn, msg: p.Pong) -> None:
        pass  # arriving at all is the point: it resets the read timeout

    # ───────────────────────────── helpers ─────────────────────────────

    def rematch_clock(self, seat: Seat) -> None:
        """After a game: a player who asked for the rematch is in; one who takes it back has
        the grace again to decide."""
        host = self.host
        if seat.ready:
            seat.cancel_grace()
            for other in host.seats:  # now someone waits: the others' clocks run (again)
                if other.kind == "human" and not other.ready and other.grace is None:
                    host.standins.start_grace(other)
        elif seat.grace is None:
            host.standins.start_grace(seat)

    def my_seat(self, conn: Conn) -> Seat:
        if conn.seat is None:
            raise ProtocolError("not_seated", "join a seat first")
        return self.host.seats[conn.seat]

    @property
    def owner_seat(self) -> int | None:
        return self.host.seats.owner

    def require_owner(self, seat: Seat) -> None:
        if not self.host.anyone_starts and seat.index != self.owner_seat:
            raise ProtocolError("not_owner", "only the table's owner may do this")

    def message(self) -> p.LobbyUpdate:
        host = self.host
        return p.LobbyUpdate(
            table_name=host.name,
            state=host.state,  # type: ignore[arg-type]  # the state is one of the wire's words
            seats=host.seats.info(host.bot_strategy),
            owner_seat=self.owner_seat,
            games_played=host.games_played,
        )

    def broadcast(self) -> None:
        host = self.host
        msg = p.Shared(self.message())
        for c in list(host.conns):
            if c.name is not None:
                c.send(msg)
        host.advert.changed()  # (the TXT record changes only if what it says did: bots, seats)

    def maybe_autostart(self, *, rematch: bool = False) -> None:
        """In the lobby: start when every seat is filled and every player is ready. After a
        game: start the rematch when every seated player asked for it (or said ready)."""
        host = self.host
        if (
            not (host.autostart or rematch)
            or host.state == "playing"
            or host.stopping
            or host.games_done
        ):
            return
        seated = host.seats.occupied
        if host.state == "lobby" and len(seated) < host.n_seats:
            return
        if host.with_players and not any(s.kind == "human" for s in seated):
            return  # the players all gave their seats up: the bots do not play on alone
        if len(seated) >= MIN_SEATS and all(
            s.kind == "bot" or (s.ready and s.conn is not None) for s in seated
        ):
            host.play.start_game()
