"""The lobby's messages: hello, taking and leaving seats, readiness, bots, rematch, chat.

:class:`LobbyHandlers` is mixed into :class:`qm_net.host.Host`; each ``_on_<type>`` method
handles one validated client message and raises :class:`ProtocolError` to refuse it (the host
turns that into an ``error`` reply, changing nothing). The game's own messages (``choose``,
``concede``) are handled in :mod:`qm_net.host.table`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from qm_net import protocol as p
from qm_net.framing import ProtocolError
from qm_net.protocol import MIN_SEATS, PROTOCOL_VERSION
from qm_rules.bots import level_of

if TYPE_CHECKING:
    from qm_net.host.conn import Conn
    from qm_net.host.seats import Seat
    from qm_net.host.table import Host

    _Base = Host
else:
    _Base = object


class LobbyHandlers(_Base):
    # ───────────────────────────── hello and seats ─────────────────────────────

    def _on_hello(self, conn: Conn, msg: p.Hello) -> None:
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
        table = p.TableInfo(self.name, self.n_seats, self.options, self.anyone_starts)
        conn.send(p.Welcome(version=PROTOCOL_VERSION, table=table, ref=msg.id))
        conn.send(self._lobby_msg())

    def _on_join(self, conn: Conn, msg: p.Join) -> None:
        if conn.seat is not None:
            raise ProtocolError("already_seated", f"you hold seat {conn.seat}")
        if self.state == "playing":
            raise ProtocolError("wrong_state", "a game is on: spectate, or rejoin with your token")
        want = msg.seat
        if want is not None:
            if want >= self.n_seats:
                raise ProtocolError("bad_seat", f"this table has seats 0..{self.n_seats - 1}")
            if self.seats[want].occupied:
                raise ProtocolError("seat_taken", f"seat {want} is taken")
            seat = self.seats[want]
        else:
            free = self.seats.free
            if not free:
                raise ProtocolError("table_full", "no free seat")
            seat = free[0]
        token = self.seats.seat_human(seat, conn.name, conn)
        conn.seat = seat.index
        conn.unwatch()
        conn.send(p.Joined(seat=seat.index, token=token, ref=msg.id))
        self._announce("joined", seat)
        self._broadcast_lobby()
        self._maybe_autostart()

    def _on_rejoin(self, conn: Conn, msg: p.Rejoin) -> None:
        seat = self.seats.by_token(msg.token)
        if seat is None or seat.kind != "human":
            raise ProtocolError("bad_token", "no seat holds this token")
        if conn.seat is not None and conn.seat != seat.index:
            raise ProtocolError("already_seated", f"you hold seat {conn.seat}")
        old = seat.conn
        if old is not None and old is not conn:
            old.seat = None
            old.error("replaced", "your seat was taken back by a newer connection", fatal=True)
        if self.state != "ended" or seat.ready:
            seat.cancel_grace()  # after a game the clock runs on until the player asks for more
        was_bot = seat.takeover
        if old is not conn:  # (not a rejoin on the same connection)
            self._announce("back", seat)
        if was_bot and self.state == "playing":
            self.history.stand_in(seat.index, False)  # (before the history it is sent)
        seat.conn, seat.takeover, seat.token = conn, False, msg.token
        seat.client_level = conn.bot_level  # what the newest connection says it is
        seat.name = seat.name or conn.name
        conn.seat = seat.index
        conn.unwatch()
        conn.send(
            p.Joined(seat=seat.index, token=msg.token, ref=msg.id, history=self._history(conn))
        )
        self._broadcast_lobby()
        if self.state == "playing" and was_bot:
            self._arm()  # the seat is human again: stop its bot, set the timers for a human
        self._send_current(conn)
        self._close_if_done()

    def _on_spectate(self, conn: Conn, msg: p.Spectate) -> None:
        if conn.seat is not None:
            raise ProtocolError("already_seated", "leave your seat first")
        conn.watch(self.feed)
        conn.send(p.Spectating(ref=msg.id, history=self._history(conn)))
        conn.send(self._lobby_msg())
        self._send_current(conn)

    def _on_leave(self, conn: Conn, msg: p.Leave) -> None:
        if conn.seat is None:
            conn.unwatch()
            return
        seat = self.seats[conn.seat]
        playing = self.state == "playing" and self.game is not None
        self._announce("left", seat, conceded=playing)
        if self.state == "playing" and self.game is not None and not self.game.conceded[seat.index]:
            self._apply(seat.index, "concede", None)  # leaving a game concedes it (R23)
        conn.seat = None
        seat.conn = None
        if self.state == "playing":
            seat.takeover = True  # the seat stays in the game, conceded; nobody answers for it
            seat.left = True
            self._deal_left(seat.index)
        else:
            seat.clear()
            self.advert.changed()
        self._broadcast_lobby()

    # ───────────────────────────── readiness, start, bots ─────────────────────────────

    def _on_ready(self, conn: Conn, msg: p.Ready) -> None:
        seat = self._my_seat(conn)
        if self.state == "playing":
            raise ProtocolError("wrong_state", "the game is on")
        seat.ready = msg.ready
        if self.state == "ended":
            self._rematch_clock(seat)
        self._broadcast_lobby()
        self._maybe_autostart()

    def _on_rematch(self, conn: Conn, msg: p.Rematch) -> None:
        if self.state != "ended":
            raise ProtocolError("wrong_state", "no game has ended")
        seat = self._my_seat(conn)
        seat.ready = True
        self._rematch_clock(seat)
        self._broadcast_lobby()
        self._maybe_autostart(rematch=True)  # everyone asked: start, even without autostart

    def _on_start(self, conn: Conn, msg: p.Start) -> None:
        seat = self._my_seat(conn)
        self._require_owner(seat)
        if self.state == "playing":
            raise ProtocolError("wrong_state", "the game is on")
        if len(self.seats.occupied) < MIN_SEATS:
            raise ProtocolError("too_few_players", "a game needs at least 2 players: add a bot?")
        self._start_game()

    def _on_add_bot(self, conn: Conn, msg: p.AddBot) -> None:
        self._require_owner(self._my_seat(conn))
        if self.state == "playing":
            raise ProtocolError("wrong_state", "the game is on")
        free = self.seats.free
        if not free:
            raise ProtocolError("table_full", "no free seat")
        self.seats.seat_bot(free[0], msg.strategy or self.bot_strategy)
        self._announce("joined", free[0])
        self._broadcast_lobby()
        self._maybe_autostart()

    def _on_remove_bot(self, conn: Conn, msg: p.RemoveBot) -> None:
        self._require_owner(self._my_seat(conn))
        if self.state == "playing":
            raise ProtocolError("wrong_state", "the game is on")
        if msg.seat >= self.n_seats or self.seats[msg.seat].kind != "bot":
            raise ProtocolError("bad_seat", f"seat {msg.seat} holds no bot")
        self._announce("left", self.seats[msg.seat])
        self.seats[msg.seat].clear()
        self._broadcast_lobby()

    # ───────────────────────────── chat and keep-alive ─────────────────────────────

    def _on_chat(self, conn: Conn, msg: p.Say) -> None:
        seat = self.seats[conn.seat] if conn.seat is not None else None
        if not self.chat_limits.take(seat.token_hash if seat is not None else None, conn.address):
            raise ProtocolError("rate_limited", "chat is rate-limited; wait a moment")
        text = msg.text.strip()
        if not text:
            return
        out = p.ChatMessage(seat=conn.seat, name=conn.name or "", text=text)
        for c in list(self.conns):
            if c.name is not None:
                c.send(out)

    def _on_ping(self, conn: Conn, msg: p.Ping) -> None:
        conn.send(p.HostPong())

    def _on_pong(self, conn: Conn, msg: p.Pong) -> None:
        pass  # arriving at all is the point: it resets the read timeout

    # ───────────────────────────── helpers ─────────────────────────────

    def _rematch_clock(self, seat: Seat) -> None:
        """After a game: a player who asked for the rematch is in; one who takes it back has
        the grace again to decide."""
        if seat.ready:
            seat.cancel_grace()
            for other in self.seats:  # now someone waits: the others' clocks run (again)
                if other.kind == "human" and not other.ready and other.grace is None:
                    self._start_grace(other)
        elif seat.grace is None:
            self._start_grace(seat)

    def _my_seat(self, conn: Conn) -> Seat:
        if conn.seat is None:
            raise ProtocolError("not_seated", "join a seat first")
        return self.seats[conn.seat]

    @property
    def owner_seat(self) -> int | None:
        return self.seats.owner

    def _require_owner(self, seat: Seat) -> None:
        if not self.anyone_starts and seat.index != self.owner_seat:
            raise ProtocolError("not_owner", "only the table's owner may do this")

    def _lobby_msg(self) -> p.LobbyUpdate:
        return p.LobbyUpdate(
            table_name=self.name,
            state=self.state,  # type: ignore[arg-type]
            seats=self.seats.info(self.bot_strategy),
            owner_seat=self.owner_seat,
            games_played=self.games_played,
        )

    def _broadcast_lobby(self) -> None:
        msg = p.Shared(self._lobby_msg())
        for c in list(self.conns):
            if c.name is not None:
                c.send(msg)
        self.advert.changed()  # (the TXT record changes only if what it says did: bots, seats)

    def _maybe_autostart(self, *, rematch: bool = False) -> None:
        """In the lobby: start when every seat is filled and every player is ready. After a
        game: start the rematch when every seated player asked for it (or said ready)."""
        if (
            not (self.autostart or rematch)
            or self.state == "playing"
            or self._stopping
            or self.games_done
        ):
            return
        seated = self.seats.occupied
        if self.state == "lobby" and len(seated) < self.n_seats:
            return
        if self.with_players and not any(s.kind == "human" for s in seated):
            return  # the players all gave their seats up: the bots do not play on alone
        if len(seated) >= MIN_SEATS and all(
            s.kind == "bot" or (s.ready and s.conn is not None) for s in seated
        ):
            self._start_game()
