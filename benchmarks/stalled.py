"""Stalled readers against a busy table: host memory and the table's pace.

A table of bots plays on loopback as fast as it can, watched by one spectator that reads
everything. Then waves of spectators connect, ask to watch and never read again; after a while
each wave hangs up and the next comes. Printed, without stalled peers and during each wave: the
table's pace (decisions a second: the public views the host published) and the reading
spectator's updates a second (a spectator gets the newest view each time it can be sent, so
this may be below the pace); how far behind the stalled spectators still connected are (the
views they were not sent: none is queued for them), how many were dropped for going over their
send budget (the results and lobby changes of the table's many short games add up), and the
host's resident memory (the host runs in this process) at the start, at its peak and at the
end. Nothing is asserted.

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

    async def rate() -> tuple[float, float, float]:
        """The table's decisions a second, the reader's updates a second, and the decisions a
        second of this process's CPU time (host, reader and stalled peers: what a loaded
        machine does not change)."""
        start, rounds, t0, cpu0 = updates, host.feed.round, time.perf_counter(), time.process_time()
        await asyncio.sleep(seconds)
        took, cpu = time.perf_counter() - t0, time.process_time() - cpu0
        done = host.feed.round - rounds
        return done / took, (updates - start) / took, done / max(cpu, 1e-9)

    await asyncio.sleep(0.5)
    start_rss = peak = rss_mib()
    base, base_read, base_cpu = await rate()
    print(f"stalled readers: {waves} waves of {per_wave}, {seconds:.0f} s each, 2 bots playing")
    print(
        f"  without stalled peers: table {base:6.0f} decisions/s ({base_cpu:6.0f} a CPU second), "
        f"reader {base_read:6.0f} updates/s; host RSS {start_rss:.1f} MiB"
    )
    rates, cpu_rates = [], []
    for w in range(waves):
        peers = [await stalled_peer(host.port) for _ in range(per_wave)]
        r, read, per_cpu = await rate()
        rates.append(r)
        cpu_rates.append(per_cpu)
        peak = max(peak, rss_mib())
        queued = sum(c.queued for c in host.conns)
        stalled = [c for c in host.conns if c.spectator and c.feed_round < host.feed.round - 1]
        behind = sum(host.feed.round - c.feed_round for c in stalled)
        dropped = per_wave + 1 - len(host.conns)
        for p in peers:
            p.transport.abort()
        await asyncio.sleep(0.3)
        print(
            f"  wave {w + 1}: table {r:6.0f} decisions/s ({r / base:6.1%} of unstalled; "
            f"a CPU second {per_cpu / base_cpu:6.1%}), "
            f"reader {read:6.0f} updates/s; {len(stalled)} stalled, {behind} views not sent, "
            f"queued {queued / 1024:5.1f} KiB; {dropped} dropped (send budget); "
            f"RSS {rss_mib():.1f} MiB"
        )
    end_rss = rss_mib()
    print(
        f"  host RSS: start {start_rss:.1f} MiB, peak {peak:.1f} MiB (+{peak - start_rss:.1f}), "
        f"end {end_rss:.1f} MiB (+{end_rss - start_rss:.1f})"
    )
    median = sorted(rates)[len(rates) // 2]
    low, mid = min(rates) / base, median / base
    print(f"  table's pace during waves: min {low:.1%}, median {mid:.1%} of unstalled")
    cpu_mid = sorted(cpu_rates)[len(cpu_rates) // 2] / base_cpu
    print(f"  decisions a CPU second during waves: median {cpu_mid:.1%} of unstalled")
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
