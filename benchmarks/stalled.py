"""Stalled readers against a busy table: host memory and the others' update rate.

A table of bots plays on loopback, watched by one spectator that reads everything (its update
rate is the figure for "the others"). Then waves of spectators connect, ask to watch and never
read again; after a while each wave hangs up and the next comes. Printed: the reader's updates
per second without stalled peers and during each wave, and the host's resident memory (the
host runs in this process) at the start, at its peak and at the end. Nothing is asserted.

    python benchmarks/stalled.py [--waves 8] [--per-wave 60] [--seconds 3]
"""

from __future__ import annotations

import argparse
import asyncio
import socket
import time

from qm_net import framing
from qm_net.host import Host, Limits
from qm_net.protocol import PROTOCOL_VERSION
from qm_rules import GameOptions


def rss_mib() -> float:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


async def stalled_peer(port: int) -> asyncio.StreamWriter:
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # a reader that stalls at once
    sock.setblocking(False)
    await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", port))
    _, writer = await asyncio.open_connection(sock=sock)
    writer.write(framing.encode({"t": "hello", "version": PROTOCOL_VERSION, "name": "stalled"}))
    writer.write(framing.encode({"t": "spectate"}))
    await writer.drain()
    return writer  # and never read


async def main(waves: int, per_wave: int, seconds: float) -> None:
    opts = GameOptions(response_timer=None, round_limit=0)
    limits = Limits(max_connections=per_wave + 8, ping_interval=1.0)
    host = Host(
        "bench", 2, bots=2, options=opts, bind="127.0.0.1", advertise=False, seed=1, limits=limits
    )
    await host.start()
    reader, writer = await asyncio.open_connection("127.0.0.1", host.port)
    writer.write(framing.encode({"t": "hello", "version": PROTOCOL_VERSION, "name": "reader"}))
    writer.write(framing.encode({"t": "spectate"}))
    await writer.drain()
    updates = 0

    async def read() -> None:
        nonlocal updates
        while True:
            msg = await framing.read_frame(reader)
            if msg.get("t") == "update":
                updates += 1
            elif msg.get("t") == "ping":
                writer.write(framing.encode({"t": "pong"}))

    reading = asyncio.create_task(read())

    async def rate() -> float:
        start, t0 = updates, time.perf_counter()
        await asyncio.sleep(seconds)
        return (updates - start) / (time.perf_counter() - t0)

    await asyncio.sleep(0.5)
    start_rss = peak = rss_mib()
    base = await rate()
    print(f"stalled readers: {waves} waves of {per_wave}, {seconds:.0f} s each, 2 bots playing")
    print(f"  reader without stalled peers: {base:8.0f} updates/s; host RSS {start_rss:.1f} MiB")
    rates = []
    for w in range(waves):
        peers = [await stalled_peer(host.port) for _ in range(per_wave)]
        r = await rate()
        rates.append(r)
        peak = max(peak, rss_mib())
        queued = sum(c.queued for c in host.conns)
        coalesced = sum(getattr(c, "coalesced", 0) for c in host.conns)
        for p in peers:
            p.transport.abort()
        await asyncio.sleep(0.3)
        print(
            f"  wave {w + 1}: reader {r:8.0f} updates/s ({r / base:6.1%} of unstalled); "
            f"queued {queued / 1024:7.1f} KiB, {coalesced} updates replaced unsent; "
            f"RSS {rss_mib():.1f} MiB"
        )
    end_rss = rss_mib()
    print(
        f"  host RSS: start {start_rss:.1f} MiB, peak {peak:.1f} MiB (+{peak - start_rss:.1f}), "
        f"end {end_rss:.1f} MiB (+{end_rss - start_rss:.1f})"
    )
    median = sorted(rates)[len(rates) // 2]
    low, mid = min(rates) / base, median / base
    print(f"  reader during waves: min {low:.1%}, median {mid:.1%} of unstalled")
    reading.cancel()
    writer.close()
    await host.stop()


if __name__ == "__main__":
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--waves", type=int, default=8)
    ap.add_argument("--per-wave", type=int, default=60)
    ap.add_argument("--seconds", type=float, default=3.0)
    a = ap.parse_args()
    asyncio.run(main(a.waves, a.per_wave, a.seconds))
