"""A dropped connection is freed by reference counting alone, not by the cyclic collector.

With the collector switched off, every way a connection can end (the peer hangs up, the peer
is reset, the host drops a stalled reader, a malformed stream, a seat taken back by a newer
connection, a flood) must leave nothing that refers to the connection: its queue, its last view
and the object itself go as soon as its tasks end. A reference cycle (a task's frame kept by an
exception's traceback, a callback holding the connection) would keep it alive here.
"""

from __future__ import annotations

import gc
import socket
import struct
import weakref

import pytest
from net_support import Raw, client, options, running_host, seated, wait_for

from qm_net.host import Limits


@pytest.fixture
def no_cyclic_gc():
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def newest_conn(host, before: set):  # noqa: ANN001, ANN201
    (conn,) = [c for c in host.conns if id(c) not in before]
    return weakref.ref(conn)


async def gone(host, ref) -> None:  # noqa: ANN001
    """The connection leaves the host, then (its tasks ended) nothing keeps it alive."""
    await wait_for(lambda: ref() is None or ref() not in host.conns)
    await wait_for(lambda: ref() is None)


async def spectator(host):  # noqa: ANN001, ANN201
    before = {id(c) for c in host.conns}
    raw = await Raw.open(host)
    await raw.send({"t": "spectate"})
    await raw.expect("spectating")
    await wait_for(lambda: len(host.conns) > len(before))
    return raw, newest_conn(host, before)


async def test_a_spectator_that_hangs_up_is_freed_without_the_cyclic_collector(no_cyclic_gc):
    async with running_host(bots=2, options=options(round_limit=0)) as host:
        for how in ("close", "abort"):
            raw, ref = await spectator(host)
            await raw.expect("update")
            if how == "close":
                raw.close()
            else:
                raw.writer.transport.abort()
            del raw
            await gone(host, ref)


async def test_a_connection_the_host_drops_is_freed_without_the_cyclic_collector(no_cyclic_gc):
    async with running_host(bots=2, options=options(round_limit=0)) as host:
        # a bad length prefix: the host refuses the stream and closes
        raw, ref = await spectator(host)
        await raw.send_bytes(struct.pack(">I", 10 * 1024 * 1024))
        await gone(host, ref)
        raw.close()
    # a stalled reader that sends nothing either: dropped by the host's read timeout, while
    # its writer waits on a full socket
    limits = Limits(ping_interval=3600.0, idle_timeout=2.0)
    async with running_host(bots=2, options=options(round_limit=0), limits=limits) as host:
        raw, ref = await spectator(host)
        conn = ref()
        conn.writer.transport.set_write_buffer_limits(high=1024)
        conn.writer.transport.get_extra_info("socket").setsockopt(
            socket.SOL_SOCKET, socket.SO_SNDBUF, 4096
        )
        del conn
        # the socket is full: updates wait unsent, the newest replacing the one before
        await wait_for(lambda: (c := ref()) is not None and c.coalesced > 0)
        await gone(host, ref)
        raw.close()


async def test_a_seat_taken_back_frees_the_old_connection_without_the_cyclic_collector(
    no_cyclic_gc,
):
    async with running_host() as host:
        a, b = await seated(host, "Ann", "Bo")
        token = a.token
        await wait_for(lambda: host.game is not None)
        ref = weakref.ref(next(c for c in host.conns if c.seat == 0))
        again = await client(host, "Ann")
        await again.rejoin(token)
        await gone(host, ref)
        for c in (a, b, again):
            await c.close()
