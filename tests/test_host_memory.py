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

STALLED = 12
seen: set = set()  # the host's connections already matched to a stalled peer


async def stalled_spectator(host) -> tuple[Raw, object]:  # noqa: ANN001
    raw = await Raw.open(host)
    await raw.send({"t": "spectate"})
    await raw.expect("spectating")
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
        assert reads > 100  # the reading spectator kept up meanwhile
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
