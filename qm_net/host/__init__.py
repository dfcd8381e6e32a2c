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

The parts, each readable on its own:

- :mod:`~qm_net.host.table` — :class:`Host`: the table's state and life cycle, composed of
  the parts below;
- :mod:`~qm_net.host.links` — :class:`Links`: accepting connections, routing their messages;
- :mod:`~qm_net.host.play` — :class:`Play`: the game's decisions (engine → journal → players);
- :mod:`~qm_net.host.updates` — :class:`Updates`: each receiver's view and the events it may see;
- :mod:`~qm_net.host.standins` — :class:`StandIns`: the clocks' defaults, bots' moves, grace;
- :mod:`~qm_net.host.takeback` — :class:`TakeBacks`: a player alone with bots taking back a
  decision;
- :mod:`~qm_net.host.conn` — :class:`Conn` and :class:`Limits`: one connection's I/O and limits;
- :mod:`~qm_net.host.seats` — :class:`Seat` and :class:`Seats`: who sits where;
- :mod:`~qm_net.host.lobby` — :class:`Lobby`: the lobby's message handlers;
- :mod:`~qm_net.host.deal` — :class:`Dealer`: the fair deal;
- :mod:`~qm_net.host.timers` — :class:`Timers`: the response and turn clocks, the bots' pause;
- :mod:`~qm_net.host.bots` — a bot answering its seat's prompt;
- :mod:`~qm_net.host.journal` — :class:`TableJournal`: when the journal is written;
- :mod:`~qm_net.host.history` — :class:`GameHistory`: the game so far, for a client coming back;
- :mod:`~qm_net.host.advert` — the mDNS advertisement;
- :mod:`~qm_net.host.news` — :class:`News`: what happens at the table, for its operator's log.
"""

from __future__ import annotations

from qm_net.host.conn import Conn, Limits
from qm_net.host.seats import Seat, Seats
from qm_net.host.table import Host

__all__ = ["Conn", "Host", "Limits", "Seat", "Seats"]
