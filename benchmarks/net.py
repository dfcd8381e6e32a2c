"""The table on the wire, measured on loopback with 6 seats.

    .venv/bin/python benchmarks/net.py [--decisions N] [--journal] [--discovery-rounds R]

Prints:
- choice → every seat updated: from a client sending ``choose`` to the moment all 6 clients
  hold the resulting view (median, p99, max; milliseconds). Host and clients share one event
  loop here, so this includes the clients' own decoding — a conservative figure; beside it the
  CPU time the process spent meanwhile, which a loaded machine changes less than the wall time;
- bytes per update per seat: the size of each seat's ``update`` frame (median, p99, max), in
  all and late in a game (from round 3 on), with updates as compact patches (protocol 3) and,
  beside them, with every update carrying the whole (compact) view;
- beside them, the figures of the earlier protocols, measured on this machine with this script;
- the load average, since the machine is shared and the figures move with it;
- host start → table in a browse: from ``Host.start()`` to a running browser's "added" event
  (real zeroconf bound to 127.0.0.1).

Aims: choice → every seat median < 1 ms, p99 < 10 ms; an update median < 1 KiB and max < 2 KiB
at 6 seats late in a game; discovery < 1 s. Figures only; nothing here passes or fails.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import tempfile
import time

import qm_net.host.conn
import qm_net.host.feed
from qm_net import protocol
from qm_net.client import TableClient
from qm_net.host import Host
from qm_net.messages import GameUpdate
from qm_rules import GameOptions
from qm_rules.bots import make_bot

SEATS = 6

#: Earlier protocols' figures (6 seats, loopback, random bots), printed beside today's.
BEFORE = (
    ("protocol 1, whole views as maps", "update 2.3 KiB median, 4 KiB p99, 8.3 KiB max"),
    (
        "protocol 2, patches on map views (load 4.5)",
        "update median 449 B, p99 2293 B, max 4383 B; round 3 on: median 495 B, p99 3211 B, "
        "max 4383 B; choice -> every seat median 1.06-1.47 ms",
    ),
)


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def pct(values: list[float], p: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]


def summary(values: list[float], unit: str, scale: float = 1.0) -> str:
    v = [x * scale for x in values]
    return (
        f"median {statistics.median(v):.2f} {unit}, p99 {pct(v, 99):.2f} {unit}, "
        f"max {max(v):.2f} {unit} (n={len(v)})"
    )


async def latency(
    decisions: int, journal: bool, whole: bool = False, cpu: list[float] | None = None
) -> tuple[list[float], list[int], list[int]]:
    """Times and update sizes (all, and from round 3 on); ``whole``: every update carries
    the whole view, as before patches; ``cpu`` gets the process's CPU time for each choice."""
    sizes: list[int] = []
    late: list[int] = []
    real_frame = protocol.update_frame
    real_patch = qm_net.host.feed.patch_between
    host: Host | None = None

    def counting_frame(body: bytes, n: int, base: int | None) -> bytes:
        frame = real_frame(body, n, base)
        sizes.append(len(frame))
        if host is not None and host.game is not None and host.game.round >= 3:
            late.append(len(frame))
        return frame

    protocol.update_frame = counting_frame  # the host frames updates through this
    if whole:
        for module in (qm_net.host.feed, qm_net.host.conn):
            module.patch_between = lambda base, view: None  # type: ignore[attr-defined]
    tmp = tempfile.mkdtemp()
    path = os.path.join(tmp, "bench.jsonl") if journal else None
    opts = GameOptions(response_timer=None, round_limit=0)
    host = Host(
        "bench", SEATS, options=opts, advertise=False, bind="127.0.0.1", journal_path=path, seed=1
    )
    await host.start()
    taken = asyncio.Event()  # set when the host has applied a choice: no polling meanwhile
    changed = host.play.changed

    def on_changed(*args: object) -> None:
        changed(*args)  # type: ignore[arg-type]
        taken.set()

    host.play.changed = on_changed  # type: ignore[method-assign]
    clients = [await TableClient.connect("127.0.0.1", host.port, f"p{i}") for i in range(SEATS)]
    for c in clients:
        await c.join()
    bots = [make_bot("random", i) for i in range(SEATS)]
    latest = [-1] * SEATS  # the newest view seq each client holds (each in its own numbering)
    arrived = asyncio.Event()
    target = [0] * SEATS

    def caught_up() -> bool:
        return all(have >= want for have, want in zip(latest, target, strict=True))

    async def reader(i: int, c: TableClient) -> None:
        async for msg in c.messages():
            if isinstance(msg, GameUpdate):
                latest[i] = msg.view.seq
                if caught_up():
                    arrived.set()

    readers = [asyncio.create_task(reader(i, c)) for i, c in enumerate(clients)]
    for c in clients:
        await c.set_ready(True)
    times: list[float] = []
    games = 0
    try:
        while len(times) < decisions:
            if host.game is None or host.game.over:
                games += 1
                if host.state == "ended":
                    for c in clients:
                        await c.rematch()
                while host.state != "playing" or host.game is None or host.game.over:
                    await asyncio.sleep(0.001)
            game = host.game
            target = [host.wire.of(i) for i in range(SEATS)]
            while not caught_up():  # everyone holds the current view before we time the next
                arrived.clear()
                await arrived.wait()
            p = game.prompt
            if p is None:
                continue
            seat = p.seat
            option = bots[seat].choose(game.view(seat))
            seq = host.wire.of(seat)
            arrived.clear()
            taken.clear()
            t0, c0 = time.perf_counter(), time.process_time()
            await clients[seat].choose(option, seq)
            await taken.wait()  # the host has taken the choice (and queued its updates)
            # a draft's hidden step reaches only the drafter; anything else reaches everyone
            target = [host.wire.of(i) for i in range(SEATS)]
            while not caught_up():
                arrived.clear()
                await arrived.wait()
            times.append(time.perf_counter() - t0)
            if cpu is not None:
                cpu.append(time.process_time() - c0)
    finally:
        protocol.update_frame = real_frame
        for module in (qm_net.host.feed, qm_net.host.conn):
            module.patch_between = real_patch  # type: ignore[attr-defined]
        for t in readers:
            t.cancel()
        for c in clients:
            await c.close()
        await host.stop()
    return times, sizes, late


async def discovery(rounds: int) -> list[float]:
    from qm_net.discovery import Browser, TableEvent, TableEventKind

    out: list[float] = []
    for r in range(rounds):
        name = f"bench-net-{os.getpid()}-{r}"
        found = asyncio.Event()

        def on_change(event: TableEvent, name: str = name, found: asyncio.Event = found) -> None:
            if event.kind is TableEventKind.ADDED and event.table.name == name:
                found.set()

        browser = Browser(on_change, interfaces=["127.0.0.1"])
        await browser.astart()
        await asyncio.sleep(0.3)  # the browser's first queries pass
        host = Host(name, 4, advertise=True, interfaces=["127.0.0.1"], bind="127.0.0.1")
        t0 = time.perf_counter()
        await host.start()
        await asyncio.wait_for(found.wait(), 10)
        out.append(time.perf_counter() - t0)
        await host.stop()
        await browser.aclose()
    return out


async def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--decisions", type=int, default=2000)
    ap.add_argument(
        "--journal", action="store_true", help="also time with the journal on (fsync per choice)"
    )
    ap.add_argument("--discovery-rounds", type=int, default=5)
    args = ap.parse_args()

    cpu: list[float] = []
    times, sizes, late = await latency(args.decisions, journal=False, cpu=cpu)
    wtimes, wsizes, wlate = await latency(args.decisions, journal=False, whole=True)
    print(
        f"{SEATS} seats, loopback, {len(times)} decisions; compact patches (protocol 3), "
        f"then compact whole views; load average {load()}"
    )
    print(f"choice -> every seat updated:  {summary(times, 'ms', 1000)}")
    print(f"  whole views:                 {summary(wtimes, 'ms', 1000)}")
    print(f"  CPU time of it (one process): {summary(cpu, 'ms', 1000)}")
    print(f"update frame per seat:         {summary([float(s) for s in sizes], 'B')}")
    print(f"  whole views:                 {summary([float(s) for s in wsizes], 'B')}")
    print(f"  from round 3 on:             {summary([float(s) for s in late], 'B')}")
    print(f"  whole views, round 3 on:     {summary([float(s) for s in wlate], 'B')}")
    for what, figures in BEFORE:
        print(f"before: {what}: {figures}")
    print(f"load average now: {load()}")
    if args.journal:
        jtimes, _, _ = await latency(args.decisions, journal=True)
        print(f"same, journal fsync per choice: {summary(jtimes, 'ms', 1000)}")
    if args.discovery_rounds:
        d = await discovery(args.discovery_rounds)
        print(f"host start -> table in browse:  {summary(d, 'ms', 1000)}")


if __name__ == "__main__":
    asyncio.run(main())
