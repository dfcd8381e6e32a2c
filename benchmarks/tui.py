"""The table screen, measured with 6 seats (headless Textual, the real widgets).

    .venv/bin/python benchmarks/tui.py [--updates N] [--keys N] [--size 80x24 ...]

Prints, for each terminal size (milliseconds, median / p99 / max):
- view → screen: from a new view (and its events) arriving from the session to the screen
  having rendered it and repainted (measured at the first refresh after the render);
- key → answer: from a key event entering the app to the screen's answer being painted:
  an arrow moving the focus over the board (the card text follows), and a number key taking
  an option (the choice handed to the session).

The views come from a real 6-player game (random bots) replayed from seat 0's side. Aim from
the issue: both under 50 ms. Figures only; nothing here passes or fails.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from collections.abc import AsyncIterator

from textual import events
from textual.app import App

from qm_rules.bots import make_bot
from qm_rules.game import Game
from qm_rules.model import GameOptions, View
from qm_tui.clock import FakeClock
from qm_tui.screens.table import TableScreen
from qm_tui.session import SessionMessage, Update

SEATS = 6


def pct(values: list[float], p: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]


def figures(name: str, ms: list[float]) -> str:
    return f"  {name:<28} median {statistics.median(ms):6.2f}  p99 {pct(ms, 99):6.2f}  max {max(ms):6.2f}  (n={len(ms)})"


def game_updates(n: int, seed: int = 7) -> list[Update]:
    """``n`` consecutive updates of a 6-player game as seat 0 sees them (new games as needed)."""
    out: list[Update] = []
    game_no = 0
    while len(out) < n:
        g = Game.new(
            [f"P{i}" for i in range(SEATS)], f"{seed}-{game_no}", GameOptions(round_limit=30)
        )
        bots = [make_bot("random", f"{seed}:{s}") for s in range(SEATS)]
        while not g.over and len(out) < n:
            p = g.prompt
            assert p is not None
            events = g.choose(p.seat, bots[p.seat].choose(g.view(p.seat)), p.seq)
            out.append(Update(g.view(0), tuple(e for e in events if e.visible_to(0)), None))
        game_no += 1
    return out


class FeedSession:
    """Views pushed by the benchmark; choices only counted."""

    local = True

    def __init__(self, first: View) -> None:
        self.queue: asyncio.Queue[SessionMessage] = asyncio.Queue()
        self._view: View | None = first
        self.queue.put_nowait(Update(first, (), None))
        self.chosen = 0
        self.on_choose: asyncio.Event = asyncio.Event()

    @property
    def seat(self) -> int | None:
        return 0

    @property
    def view(self) -> View | None:
        return self._view

    async def messages(self) -> AsyncIterator[SessionMessage]:
        while True:
            yield await self.queue.get()

    async def choose(self, option_id: str) -> None:
        self.chosen += 1
        self.on_choose.set()

    async def chat(self, text: str) -> None: ...

    async def concede(self) -> None: ...

    async def rematch(self) -> None: ...

    async def leave(self) -> None: ...


class BenchTable(TableScreen):
    """The table screen, saying when a render or a focus change has reached the screen."""

    painted: asyncio.Event

    async def render_view(self, view: View) -> None:
        await super().render_view(view)
        self.call_after_refresh(self.painted.set)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        self.call_after_refresh(self.painted.set)


class BenchApp(App[None]):
    def __init__(self, session: FeedSession) -> None:
        super().__init__()
        self.session = session
        self.table = BenchTable(session, lang="zh", clock=FakeClock())  # type: ignore[arg-type]
        self.table.painted = asyncio.Event()

    def on_mount(self) -> None:
        self.push_screen(self.table)


async def measure(size: tuple[int, int], updates: list[Update], keys: int) -> None:
    session = FeedSession(updates[0].view)
    app = BenchApp(session)
    table = app.table
    view_ms: list[float] = []
    arrow_ms: list[float] = []
    option_ms: list[float] = []
    async with app.run_test(size=size) as pilot:
        while table.updates == 0:
            await pilot.pause()
        await pilot.pause()
        # view -> screen
        for u in updates[1:]:
            table.painted.clear()
            t0 = time.perf_counter()
            session.queue.put_nowait(u)
            await table.painted.wait()
            view_ms.append((time.perf_counter() - t0) * 1000)
        # key -> answer: arrows over the board
        table.action_focus_board()
        await pilot.pause()
        driver = app._driver
        assert driver is not None
        moves = ["right", "right", "down", "left", "up", "down", "down", "left"]
        for i in range(keys):
            key = moves[i % len(moves)]
            before = app.focused
            table.painted.clear()
            t0 = time.perf_counter()
            driver.send_message(events.Key(key, None))
            if await _moves(app, before):  # an arrow at the board's edge does nothing
                await table.painted.wait()
                arrow_ms.append((time.perf_counter() - t0) * 1000)
        # key -> answer: a number key takes an option (a view with my prompt is showing)
        mine = [
            u
            for u in updates
            if u.view.prompt is not None and u.view.prompt.seat == 0 and u.view.prompt.options
        ]
        for u in mine[:keys]:
            table.painted.clear()
            session.queue.put_nowait(u)
            await table.painted.wait()
            session.on_choose.clear()
            t0 = time.perf_counter()
            driver.send_message(events.Key("1", "1"))
            await session.on_choose.wait()
            option_ms.append((time.perf_counter() - t0) * 1000)
    print(f"terminal {size[0]}x{size[1]}, {SEATS} seats:")
    print(figures("view -> screen", view_ms))
    print(figures("arrow key -> focus painted", arrow_ms))
    if option_ms:
        print(figures("number key -> choice sent", option_ms))


async def _moves(app: App[None], before: object) -> bool:
    """Let the key be handled; True if it moved the focus (so a repaint is coming)."""
    for _ in range(50):
        await asyncio.sleep(0)
        if app.focused is not before:
            return True
    return False


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--updates", type=int, default=300)
    ap.add_argument("--keys", type=int, default=200)
    ap.add_argument(
        "--size", action="append", default=None, help="WxH (repeatable; default 80x24 and 160x48)"
    )
    args = ap.parse_args()
    updates = game_updates(args.updates)
    sizes = [tuple(int(x) for x in s.split("x")) for s in (args.size or ["80x24", "160x48"])]
    for size in sizes:
        asyncio.run(measure((size[0], size[1]), updates, args.keys))


if __name__ == "__main__":
    main()
