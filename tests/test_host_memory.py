"""Stalled readers cost the host a bounded amount, and nothing once they are gone.

Spectators that connect and then never read: the host must never keep two unsent updates in a
row for one (a newer update replaces the one before it, whole, so a slow reader gets the latest
view rather than a backlog), hold no more than the send budget for any of them, and give every byte
and the connection object itself back as soon as they are gone — measured with the host's own
counters and weak references.
"""

from __future__ import annotations

import asyncio
import gc
import socket
import weakref

from net_support import Raw, options, running_host, wait_for

from qm_net.host import Limits
from qm_net.host.feed import MAX_HELD_EVENT_BYTES, event_bytes

STALLED = 12
seen: set = set()  # the host's connections already matched to a stalled peer


async def stalled_spectator(host) -> tuple[Raw, object]:  # noqa: ANN001
    raw = await Raw.open(host, rcvbuf=4096)  # a full socket is reached at once, under any load
    await raw.send({"t": "spectate"})
    await raw.expect("spectating")
    raw.writer.transport.pause_reading()  # from now on it reads nothing, not even into a buffer
    await wait_for(lambda: any(c.spectator and c not in seen for c in host.conns))
    conn = next(c for c in host.conns if c.spectator and c not in seen)
    seen.add(conn)
    # tiny buffers on the host's side, so that the stall reaches the host's own queue at once
    sock = conn.writer.transport.get_extra_info("socket")
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
    conn.writer.transport.set_write_buffer_limits(high=4096)
    return raw, conn


async def test_stalled_readers_hold_one_view_within_the_budget_and_free_it_when_gone() -> None:
    limits = Limits(ping_interval=3600.0, idle_timeout=3600.0)
    budget = limits.send_queue_bytes
    async with running_host(bots=2, options=options(round_limit=0), limits=limits) as host:
        stalled = [await stalled_spectator(host) for _ in range(STALLED)]
        watcher = await Raw.open(host)  # one spectator that reads, for comparison
        await watcher.send({"t": "spectate", "id": 1})
        reads = 0

        async def keep_reading() -> None:
            nonlocal reads
            while True:
                msg = await watcher.recv()
                reads += msg["t"] == "update"

        reading = asyncio.create_task(keep_reading())
        conns = [c for _, c in stalled]
        # a backlog would be hundreds of updates by now; the stalled readers hold one each
        await wait_for(lambda: min(c.coalesced for c in conns) >= 200, timeout=120)
        for c in conns:
            assert not c.closed, "a stalled reader was dropped although its updates were replaced"
            assert c.queued <= budget
            kinds = [
                "update" if item[1] is not None else "other" for item in c.queue if item is not None
            ]
            # never two updates in a row: each newer one replaced the one before it, unsent
            assert all(
                a != "update" or b != "update" for a, b in zip(kinds, kinds[1:], strict=False)
            ), kinds
            assert c.coalesced > 0  # it was sent the newest view, not a backlog
        # the reading spectator kept up meanwhile: it gets the newest view each time one can be
        # sent (decisions may come faster than that), so it is never more than a few behind
        assert reads > 50
        reader = next(c for c in host.conns if c.spectator and c not in seen)
        assert host.feed.round - reader.feed_round <= 3
        reading.cancel()

        refs = [weakref.ref(c) for c in conns]
        conns.clear()
        del c
        seen.clear()
        for raw, _conn in stalled:
            raw.writer.transport.abort()
        stalled.clear()
        del raw, _conn
        await wait_for(lambda: len(host.conns) == 1)
        # what a dropped connection held is given back at once, not at the next full GC
        for r in refs:
            gone = r()
            assert gone is None or (gone.queued == 0 and not gone.queue and gone.view_base is None)
        del gone
        # and nothing keeps the connections themselves (their tasks end within the flush grace)
        await wait_for(lambda: gc.collect() >= 0 and all(r() is None for r in refs), timeout=10)
        assert sum(c.queued for c in host.conns) < budget


async def test_stalled_spectators_cost_the_table_nothing_per_decision(monkeypatch) -> None:
    """While their sockets are full, stalled spectators are not sent (or even built) an update
    per decision: the reading spectator is built about one per decision, each stalled one
    about one a game (the one it is owed before a result or a lobby change), not one per
    decision. Once a stalled one reads again it gets the newest view at once."""
    from qm_net.host import conn as conn_module

    built: dict[object, int] = {}  # updates built, by connection
    real_send_update = conn_module.Conn._send_update

    def count_send_update(self, *args):  # noqa: ANN001, ANN002, ANN202
        built[self] = built.get(self, 0) + 1
        return real_send_update(self, *args)

    monkeypatch.setattr(conn_module.Conn, "_send_update", count_send_update)
    # a budget that the results and lobby changes queued between games do not use up here
    limits = Limits(ping_interval=3600.0, idle_timeout=3600.0, send_queue_bytes=8 << 20)
    async with running_host(bots=2, options=options(round_limit=0), limits=limits) as host:
        stalled = [await stalled_spectator(host) for _ in range(STALLED)]
        conns = [c for _, c in stalled]
        watcher = await Raw.open(host)
        await watcher.send({"t": "spectate", "id": 1})
        reading = asyncio.create_task(_drain(watcher))
        # every stalled reader's socket is full: its writer waits
        await wait_for(lambda: all(c.blocked for c in conns), 120)
        start = dict(built)
        start_round, start_games = host.feed.round, host.games_played
        await wait_for(lambda: host.feed.round - start_round >= 200, 120)
        decisions, games = host.feed.round - start_round, host.games_played - start_games
        extra = {c: n - start.get(c, 0) for c, n in built.items()}
        reader = next(c for c in host.conns if c.spectator and c not in seen)
        assert extra.get(reader, 0) <= decisions + 1, (extra.get(reader), decisions)
        # each stalled one: the update it is owed before a result or a lobby change (the
        # order of messages is kept), a few a game; never one a decision
        per_stalled = sorted(extra.get(c, 0) for c in conns)
        assert per_stalled[-1] <= 2 * (games + 2), (per_stalled, decisions, games)
        assert decisions > 4 * (games + 2)
        reading.cancel()
        # one stalled spectator reads again: its next update brings the newest view
        raw, conn = stalled[0]
        raw.writer.transport.resume_reading()
        newest, first_new = host.feed.round, conn.n
        msg = await raw.recv()
        while msg["n"] < first_new:  # what the full socket still held
            msg = await raw.recv()
        assert msg["t"] == "update"  # the first one built since: the newest view, from...
        assert conn.feed_round >= newest  # ...the round that was current when it read again
        assert event_bytes(msg["events"]) <= MAX_HELD_EVENT_BYTES  # (all it missed: below)
        seen.clear()


async def _drain(raw: Raw) -> None:
    while True:
        await raw.recv()
