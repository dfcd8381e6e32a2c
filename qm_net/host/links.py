"""The table's connections: accepting them, routing their messages, and seeing them go.

:class:`Links` is the host's part for them (``Host.links``). A message is decoded and validated
here, then handed to the part that owns its type (``Host.handlers``); a refusal raised there
becomes an ``error`` reply that changes nothing.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from qm_net import protocol as p
from qm_net.framing import ProtocolError
from qm_net.host.conn import Conn, refuse
from qm_net.protocol import decode_client
from qm_rules import RulesError

if TYPE_CHECKING:
    from qm_net.host.table import Host

log = logging.getLogger("qm_net.host")


class Links:
    """Accepts connections, routes each message to its handler, and frees a dropped seat's
    player to come back: ``Host.links``."""

    def __init__(self, host: Host) -> None:
        self.host = host

    async def on_connect(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        host = self.host
        if host.stopping:
            await refuse(reader, writer, p.Bye(reason="the table is closing"))
            return
        if len(host.conns) >= host.limits.max_connections and not self.make_room():
            refusal = p.ErrorMessage(
                code="table_busy", message="the table takes no more connections; try again"
            )
            await refuse(reader, writer, refusal)
            return
        conn = Conn(reader, writer, host.limits, self.on_conn_closed)
        host.conns.add(conn)
        conn.reader_task = asyncio.current_task()
        conn.start_writer()
        await conn.read_loop(self.dispatch, self.answers_prompt)

    def make_room(self) -> bool:
        """At the connection cap, close the oldest connection that holds no seat (one that
        does not even watch, first), so that a player coming back with a token always gets
        in: seats are at stake, idle connections are not. False when every one holds a seat."""
        idle = [c for c in self.host.conns if c.seat is None]
        if not idle:
            return False
        victim = min(idle, key=lambda c: (c.spectator, c.number))
        victim.send(
            p.Bye(reason="the table is full: your connection, which held no seat, made room")
        )
        victim.close("evicted at the connection cap", flush=True)
        return True

    def answers_prompt(self, conn: Conn, msg: dict[str, Any]) -> bool:
        """A choice (or a take-back) for this seat's pending prompt: never rate-limited, so
        that a fast bot peer, or a player taking back moves at a quick table of bots, is not
        mistaken for a flood (each one answers a prompt of its own: one per decision)."""
        host = self.host
        game = host.game
        t = msg.get("t")
        if game is None or conn.seat is None or t not in ("choose", "takeback"):
            return False
        if host.state != "playing":
            return False
        prompt = game.prompt
        return (
            prompt is not None
            and prompt.seat == conn.seat
            and msg.get("seq") == host.wire.of(conn.seat)
        )

    def dispatch(self, conn: Conn, msg: dict[str, Any]) -> None:
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
        handler = self.host.handlers[type(typed)]
        try:
            handler(conn, typed)
        except ProtocolError as exc:
            conn.error(exc.code, exc.message, ref, fatal=exc.fatal)
        except RulesError as exc:
            conn.error(exc.code, str(exc), ref)
        except Exception:  # a bug of ours must not take the table down
            log.exception("handling %s from %s", t, conn.peer)
            conn.error("server_error", f"the host failed to handle {t}", ref)

    def on_conn_closed(self, conn: Conn, reason: str) -> None:
        self.host.conns.discard(conn)
        self.seat_gone(conn, reason)

    def seat_gone(self, conn: Conn, reason: str, *, kept: bool = False) -> None:
        """``conn``'s seat has lost its player: the connection closed, or (``kept``) its player
        went away keeping the seat (``leave`` with ``keep``). Either way the seat waits for
        them as for a dropped connection; only the news differs."""
        host = self.host
        if conn.seat is None:
            return
        seat = host.seats[conn.seat]
        conn.seat = None
        if seat.conn is not conn:
            return  # replaced by a newer connection with the token
        seat.conn = None
        log.info("seat %d (%s) disconnected: %s", seat.index, seat.name, reason)
        if host.stopping:
            return
        # in the lobby the seat is free at once; during or after a game it is kept a while
        host.announce("left" if host.state == "lobby" else "away" if kept else "dropped", seat)
        if host.state == "lobby":
            seat.clear()  # in the lobby a seat is free again as soon as its player goes
            host.advert.changed()
        elif host.state == "playing" or seat.grace is None:
            host.standins.start_grace(seat)  # after a game, a rematch clock runs on
        if host.state == "playing":
            host.dealer.seat_left(seat.index)  # while dealing: the host makes this seat's part
        host.lobby.broadcast()

    async def ping_loop(self) -> None:
        host = self.host
        while True:
            await asyncio.sleep(host.limits.ping_interval)
            ping = p.Shared(p.HostPing())
            for conn in list(host.conns):
                if conn.name is not None:  # pings start after hello
                    conn.send(ping)
