"""How fast tables show up, change and go away in a browse, over real zeroconf on loopback.

    .venv/bin/python benchmarks/discovery.py [--rounds N]

Prints, in milliseconds (median / 90th percentile / max over the rounds):
- advertise → added: from ``Advertiser.astart()`` being called to a running browser's "added"
  (includes the one name probe, PROBE_TIMEOUT_MS);
- update → updated: from ``aupdate()`` to "updated";
- close → removed: from ``aclose()`` to "removed" (goodbye packets);
- browse → found: from starting a new browser to "added" for a table already advertised
  (what a player waits for on opening the lobby).
Figures only; nothing here passes or fails.
"""

from __future__ import annotations

import argparse
import asyncio
import secrets
import statistics
import time

from qm_net.discovery import Advertiser, Browser, TableEvent, TableEventKind

LOOPBACK = ["127.0.0.1"]


class Waiter:
    def __init__(self, name: str) -> None:
        self.name = name
        self.queue: asyncio.Queue[TableEvent] = asyncio.Queue()

    def __call__(self, event: TableEvent) -> None:
        if event.table.name == self.name:
            self.queue.put_nowait(event)

    async def wait(self, kind: TableEventKind) -> float:
        while True:
            event = await asyncio.wait_for(self.queue.get(), 10)
            if event.kind is kind:
                return time.perf_counter()


async def one_round(figures: dict[str, list[float]]) -> None:
    name = f"bench {secrets.token_hex(3)}"
    waiter = Waiter(name)
    async with Browser(waiter, interfaces=LOOPBACK):
        await asyncio.sleep(0.3)  # let the browser's first queries pass
        advertiser = Advertiser(name, 4800, interfaces=LOOPBACK, seats_total=4)
        t0 = time.perf_counter()
        await advertiser.astart()
        figures["advertise → added"].append(await waiter.wait(TableEventKind.ADDED) - t0)

        t0 = time.perf_counter()
        await advertiser.aupdate(seats_taken=1)
        figures["update → updated"].append(await waiter.wait(TableEventKind.UPDATED) - t0)

        late = Waiter(name)
        t0 = time.perf_counter()
        async with Browser(late, interfaces=LOOPBACK):
            figures["browse → found"].append(await late.wait(TableEventKind.ADDED) - t0)

        t0 = time.perf_counter()
        close = asyncio.create_task(advertiser.aclose())
        figures["close → removed"].append(await waiter.wait(TableEventKind.REMOVED) - t0)
        await close


async def main(rounds: int) -> None:
    figures: dict[str, list[float]] = {
        k: []
        for k in ("advertise → added", "update → updated", "browse → found", "close → removed")
    }
    for _ in range(rounds):
        await one_round(figures)
    print(f"discovery on loopback, {rounds} rounds (ms: median / p90 / max)")
    for label, values in figures.items():
        ms = sorted(v * 1000 for v in values)
        p90 = ms[min(len(ms) - 1, int(len(ms) * 0.9))]
        print(f"  {label:<20} {statistics.median(ms):7.1f} / {p90:7.1f} / {ms[-1]:7.1f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10)
    asyncio.run(main(parser.parse_args().rounds))
