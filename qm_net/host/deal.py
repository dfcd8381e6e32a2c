"""The deal before each game: the host's commitment, the players' parts, then the seed.

:class:`Dealer` is the host's part that deals (``Host.dealer``). A table with no fixed seed
deals every game this way (the construction and what it proves: :mod:`qm_net.fairdeal`):

1. :meth:`Dealer.begin` — the seats are set, a fresh :class:`~qm_net.fairdeal.Deal` is made
   and its commitment sent to every connection (``deal``); bots and absent players get
   host-made parts at once. No part is accepted before this message is out: there is no deal
   to accept it into.
2. :meth:`Dealer.on_deal_part` — each seated, connected player's part, once; nothing about it
   is sent to anyone else.
3. :meth:`Dealer.finish` — when every part is in, or at the deal's deadline (the missing ones
   made by the host and marked ``absent``), the seed is derived, the game made, the deal
   journaled (its secret too: the journal is the host's) and ``dealt`` tells everyone where
   each part came from. Then play starts as with a fixed seed.

The secret and the parts leave the host only in the ``ended`` message, after the game.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from qm_net import fairdeal
from qm_net import protocol as p
from qm_net.framing import ProtocolError

if TYPE_CHECKING:
    from qm_net.host.conn import Conn
    from qm_net.host.table import Host

log = logging.getLogger("qm_net.host")


class Dealer:
    """The deal of the host's next game: the parts awaited, and the deadline for them."""

    def __init__(self, host: Host, timeout: float) -> None:
        self.host = host
        self.timeout = timeout
        self.deal: fairdeal.Deal | None = None
        self._waiting: set[int] = set()  # the seats whose part is awaited
        self._until = 0.0  # the loop's time at the deadline
        self._timer: asyncio.TimerHandle | None = None

    def begin(self) -> None:
        host = self.host
        seated = host.seats.occupied
        deal = fairdeal.Deal(len(seated), cards=host.cards.file_hash)  # the set is bound too
        self.deal = deal
        self._waiting = set()
        for s in seated:
            if s.kind == "bot":
                deal.fill(s.index, fairdeal.SOURCE_BOT)
            elif s.conn is None:
                deal.fill(s.index, fairdeal.SOURCE_ABSENT)
            else:
                self._waiting.add(s.index)
        if deal.complete():
            self.finish()
            return
        loop = asyncio.get_running_loop()
        self._until = loop.time() + self.timeout
        self._timer = loop.call_later(self.timeout, self._timed_out, deal)
        for conn in list(host.conns):
            self.send(conn)

    def send(self, conn: Conn) -> None:
        """The commitment, to anyone who said hello (spectators check the game too); ``seats``
        are those whose part is still awaited."""
        if conn.name is None or self.deal is None or self.host.game is not None:
            return
        left = max(0.0, self._until - asyncio.get_running_loop().time())
        waiting = tuple(sorted(self._waiting))
        conn.send(p.Deal(commitment=self.deal.commitment, seats=waiting, deadline=round(left, 3)))

    def on_deal_part(self, conn: Conn, msg: p.DealPart) -> None:
        deal = self.deal
        if deal is None or self.host.game is not None:
            raise ProtocolError("wrong_state", "no deal is waiting for parts")
        if conn.seat is None or conn.seat not in self._waiting:
            raise ProtocolError("wrong_state", "no part is awaited from you")
        try:
            deal.accept(conn.seat, bytes.fromhex(msg.part))
        except ValueError as exc:
            raise ProtocolError("bad_message", f"deal_part: {exc}") from None
        self._waiting.discard(conn.seat)
        if not self._waiting:
            self.finish()

    def seat_left(self, index: int) -> None:
        """A seat's player went away while its part was awaited: the host makes it."""
        if self.deal is not None and self.host.game is None and index in self._waiting:
            self._waiting.discard(index)
            self.deal.fill(index, fairdeal.SOURCE_ABSENT)
            if not self._waiting:
                self.finish()

    def _timed_out(self, deal: fairdeal.Deal) -> None:
        if self.deal is not deal or self.host.game is not None:
            return
        for index in sorted(self._waiting):
            log.info("seat %d sent no part in time: the host makes it", index)
            deal.fill(index, fairdeal.SOURCE_ABSENT)
        self._waiting.clear()
        self.finish()

    def finish(self) -> None:
        deal = self.deal
        assert deal is not None
        self.cancel()
        host = self.host
        for s in host.seats.occupied:  # a player who left meanwhile has a host-made part
            deal.fill(s.index, fairdeal.SOURCE_ABSENT)
        sources = tuple(deal.sources())
        for conn in list(host.conns):
            if conn.name is not None:
                # (type: ignore: the sources are the wire's words)
                conn.send(p.Dealt(sources=sources))  # type: ignore[arg-type]
        host.play.deal_game(deal.seed())

    def cancel(self) -> None:
        """Stop waiting for the parts (the table is closing, or they are all in)."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
