"""The deal before each game: the host's commitment, the players' parts, then the seed.

:class:`DealHandlers` is mixed into :class:`qm_net.host.Host`. A table with no fixed seed deals
every game this way (the construction and what it proves: :mod:`qm_net.fairdeal`):

1. :meth:`_begin_deal` — the seats are set, a fresh :class:`~qm_net.fairdeal.Deal` is made and
   its commitment sent to every connection (``deal``); bots and absent players get host-made
   parts at once. No part is accepted before this message is out: there is no deal to accept
   it into.
2. :meth:`_on_deal_part` — each seated, connected player's part, once; nothing about it is
   sent to anyone else.
3. :meth:`_finish_deal` — when every part is in, or at the deal's deadline (the missing ones
   made by the host and marked ``absent``), the seed is derived, the game made, the deal
   journaled (its secret too: the journal is the host's) and ``dealt`` tells everyone where
   each part came from. Then play starts as with a fixed seed.

The secret and the parts leave the host only in the ``ended`` message, after the game.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

import msgspec

from qm_net import fairdeal
from qm_net import protocol as p
from qm_net.framing import ProtocolError

if TYPE_CHECKING:
    from qm_net.host.conn import Conn
    from qm_net.host.table import Host

    _Base = Host
else:
    _Base = object

log = logging.getLogger("qm_net.host")


class DealHandlers(_Base):
    def _begin_deal(self) -> None:
        seated = self.seats.occupied
        deal = fairdeal.Deal(len(seated))
        self.deal = deal
        self._deal_waiting: set[int] = set()
        for s in seated:
            if s.kind == "bot":
                deal.fill(s.index, fairdeal.SOURCE_BOT)
            elif s.conn is None:
                deal.fill(s.index, fairdeal.SOURCE_ABSENT)
            else:
                self._deal_waiting.add(s.index)
        if deal.complete():
            self._finish_deal()
            return
        loop = asyncio.get_running_loop()
        self._deal_until = loop.time() + self.deal_timeout
        self._deal_timer = loop.call_later(self.deal_timeout, self._deal_timed_out, deal)
        for conn in list(self.conns):
            self._send_deal(conn)

    def _send_deal(self, conn: Conn) -> None:
        """The commitment, to anyone who said hello (spectators check the game too); ``seats``
        are those whose part is still awaited."""
        if conn.name is None or self.deal is None or self.game is not None:
            return
        left = max(0.0, self._deal_until - asyncio.get_running_loop().time())
        waiting = tuple(sorted(self._deal_waiting))
        conn.send(p.Deal(commitment=self.deal.commitment, seats=waiting, deadline=round(left, 3)))

    def _on_deal_part(self, conn: Conn, msg: p.DealPart) -> None:
        deal = self.deal
        if deal is None or self.game is not None:
            raise ProtocolError("wrong_state", "no deal is waiting for parts")
        if conn.seat is None or conn.seat not in self._deal_waiting:
            raise ProtocolError("wrong_state", "no part is awaited from you")
        try:
            deal.accept(conn.seat, bytes.fromhex(msg.part))
        except ValueError as exc:
            raise ProtocolError("bad_message", f"deal_part: {exc}") from None
        self._deal_waiting.discard(conn.seat)
        if not self._deal_waiting:
            self._finish_deal()

    def _deal_left(self, index: int) -> None:
        """A seat's player went away while its part was awaited: the host makes it."""
        if self.deal is not None and self.game is None and index in self._deal_waiting:
            self._deal_waiting.discard(index)
            self.deal.fill(index, fairdeal.SOURCE_ABSENT)
            if not self._deal_waiting:
                self._finish_deal()

    def _deal_timed_out(self, deal: fairdeal.Deal) -> None:
        if self.deal is not deal or self.game is not None:
            return
        for index in sorted(self._deal_waiting):
            log.info("seat %d sent no part in time: the host makes it", index)
            deal.fill(index, fairdeal.SOURCE_ABSENT)
        self._deal_waiting.clear()
        self._finish_deal()

    def _finish_deal(self) -> None:
        deal = self.deal
        assert deal is not None
        if self._deal_timer is not None:
            self._deal_timer.cancel()
            self._deal_timer = None
        for s in self.seats.occupied:  # a player who left meanwhile has a host-made part
            deal.fill(s.index, fairdeal.SOURCE_ABSENT)
        sources = tuple(deal.sources())
        for conn in list(self.conns):
            if conn.name is not None:
                conn.send(p.Dealt(sources=sources))  # type: ignore[arg-type]
        self._deal_game(deal.seed())

    def _deal_reveal(self) -> p.Reveal | None:
        """For ``ended``: the secret, the parts and the journal (None for a fixed seed)."""
        if self.deal is None or self.game is None or not self.game.over:
            return None
        return msgspec.convert(self.deal.reveal(self.game.journal), p.Reveal)
