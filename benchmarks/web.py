"""A seat from a browser (qm_web), measured on loopback: six browser seats and two spectators.

    .venv/bin/python benchmarks/web.py [--keys N] [--soak CYCLES]

Needs the test extra (Playwright, pyte) and Debian's chromium at /usr/bin/chromium. Prints:
- page open → table drawn: from the page being asked for to its terminal showing the waiting
  room with the player's seat (the door's form filled in by the script at once), per browser;
- resident memory (RSS) of each browser session's process, and of the whole host: the table's
  process (host and web door) and every session's process together (chromium is the players'
  machines', not counted);
- key → frame: ``l`` opening the table's log and Escape closing it, in turn, from the key being
  sent to the first frame drawn after it, for a browser spectator (Playwright's key press to
  the websocket frame it receives) against the same app in a terminal (``qingming join`` in a
  pty: the key's bytes written to the first output read); the aim is the browser within 1.5x
  of the terminal;
- a soak: CYCLES connect / refresh (the same browser again) / close cycles through the door's
  websocket, then whether processes or memory were left behind (the door's sessions, this
  process's children, the host process's RSS before and after).

Figures only; nothing here passes or fails. The load average is printed beside them: the
machine is shared and every figure moves with it.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import os
import pty
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from qm_net.host import Host  # noqa: E402
from qm_rules import GameOptions  # noqa: E402
from qm_web.host import open_door  # noqa: E402
from qm_web.server import WebDoor  # noqa: E402
from tests.web_support import Tab, chromium, open_tab, sit  # noqa: E402

SEATS = 6
SPECTATORS = 2


def rss_kib(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def children() -> set[int]:
    me = str(os.getpid())
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            if stat.read_text().rsplit(")", 1)[1].split()[1] == me:
                found.add(int(stat.parent.name))
        except (OSError, IndexError):
            continue
    return found


def ms(values: list[float]) -> str:
    if not values:
        return "none"
    values = sorted(values)
    p99 = values[min(len(values) - 1, int(len(values) * 0.99))]
    return (
        f"median {statistics.median(values) * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, "
        f"max {values[-1] * 1000:.1f} ms (n={len(values)})"
    )


async def open_browsers(browser: Any, door: WebDoor) -> tuple[list[Tab], list[float]]:
    """Six seats and two spectators, one after another; each one's page open → drawn."""
    tabs, drawn = [], []
    for i in range(SEATS + SPECTATORS):
        start = time.perf_counter()
        tab = await open_tab(browser, door.url("127.0.0.1"), viewport=(1100, 700))
        await sit(tab, f"P{i + 1}")
        await tab.wait_text(*((f"P{i + 1}", "(you") if i < SEATS else ("watching",)))
        drawn.append(time.perf_counter() - start)
        tabs.append(tab)
    return tabs, drawn


async def browser_keys(tab: Tab, keys: int) -> list[float]:
    """``l`` / Escape → the first frame after it, ``keys`` times."""
    got = asyncio.Event()
    sent = 0.0
    lat: list[float] = []

    def frame(payload: Any) -> None:
        if sent and not got.is_set():
            lat.append(time.perf_counter() - sent)
            got.set()

    tab.page.on("websocket", lambda ws: ws.on("framereceived", frame))
    await tab.page.reload()  # a socket of its own, with the listener from its first frame
    await tab.wait_text("Turn", timeout=120)
    await asyncio.sleep(1.0)
    for i in range(keys):
        got.clear()
        sent = time.perf_counter()
        await tab.page.keyboard.press("l" if i % 2 == 0 else "Escape")
        try:
            await asyncio.wait_for(got.wait(), 5)
        except TimeoutError:
            pass
        sent = 0.0
        await asyncio.sleep(0.4)
    return lat


async def terminal_keys(port: int, keys: int) -> list[float]:
    """The same app in a terminal: ``qingming join`` in a pty, watching as the browser does."""
    home = tempfile.mkdtemp(prefix="qm-bench-")
    os.makedirs(os.path.join(home, "config"))
    with open(os.path.join(home, "config", "config.json"), "w") as f:
        f.write('{"intro_seen": true}')  # as the web door's sessions: no how-to-play first
    pid, fd = pty.fork()
    if pid == 0:
        os.environ.update(
            {"COLUMNS": "122", "LINES": "36", "TERM": "xterm-256color", "CI": "1"},
        )
        for what in ("CONFIG", "STATE", "DATA"):  # settings of its own, not the user's
            os.environ[f"QINGMING_{what}_DIR"] = os.path.join(home, what.lower())
        os.execv(
            sys.executable,
            [sys.executable, "-m", "qingming", "--name", "Term", "join", f"127.0.0.1:{port}"],
        )
    import fcntl
    import struct
    import termios

    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 36, 122, 0, 0))
    loop = asyncio.get_running_loop()
    queue: asyncio.Queue[bytes] = asyncio.Queue()

    def readable() -> None:
        try:
            queue.put_nowait(os.read(fd, 65536))
        except OSError:
            loop.remove_reader(fd)

    loop.add_reader(fd, readable)
    lat: list[float] = []
    try:
        deadline = time.perf_counter() + 60
        seen = b""
        while b"Turn" not in seen and time.perf_counter() < deadline:
            with contextlib.suppress(TimeoutError):
                seen += await asyncio.wait_for(queue.get(), 5)
        await asyncio.sleep(1.5)
        while not queue.empty():
            queue.get_nowait()
        for i in range(keys):
            sent = time.perf_counter()
            os.write(fd, b"l" if i % 2 == 0 else b"\x1b")
            try:
                await asyncio.wait_for(queue.get(), 5)
                lat.append(time.perf_counter() - sent)
            except TimeoutError:
                pass
            await asyncio.sleep(0.4)
            while not queue.empty():
                queue.get_nowait()
    finally:
        loop.remove_reader(fd)
        os.kill(pid, 15)
        os.waitpid(pid, 0)
        os.close(fd)
        shutil.rmtree(home, ignore_errors=True)
    return lat


async def soak(door: WebDoor, cycles: int) -> None:
    import aiohttp

    origin = {"Origin": f"http://127.0.0.1:{door.port}"}
    before_children = children()
    gc.collect()
    before_rss = rss_kib(os.getpid())
    before_fds = len(os.listdir("/proc/self/fd"))
    start = time.perf_counter()
    async with aiohttp.ClientSession() as http:
        for i in range(cycles):
            who = f"{10_000 + i % 4:032x}"  # four browsers, coming back in turn
            url = f"ws://127.0.0.1:{door.port}/ws/{who}/{door.code}/en/Soak{i % 4}"
            ws = await http.ws_connect(url + "?width=80&height=24", headers=origin)
            await ws.receive(timeout=60)  # its first frame: the app is up
            again = await http.ws_connect(url + "?width=80&height=24", headers=origin)  # refresh
            await again.receive(timeout=60)
            await ws.close()
            await again.close()
            if (i + 1) % 50 == 0:
                print(f"  soak: {i + 1} cycles, {time.perf_counter() - start:.0f} s", flush=True)
    for _ in range(200):
        if not door.sessions and children() <= before_children:
            break
        await asyncio.sleep(0.1)
    gc.collect()
    print(
        f"soak: {cycles} cycles ({door.started} processes started) in "
        f"{time.perf_counter() - start:.0f} s; left running: {len(door.sessions)} sessions, "
        f"{len(children() - before_children)} child processes; host RSS "
        f"{before_rss / 1024:.1f} → {rss_kib(os.getpid()) / 1024:.1f} MiB; open files "
        f"{before_fds} → {len(os.listdir('/proc/self/fd'))}"
    )


async def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--keys", type=int, default=40, help="arrow keys for each path (default 40)")
    ap.add_argument("--soak", type=int, default=200, help="soak cycles (default 200; 0: none)")
    ap.add_argument("--only-soak", action="store_true", help="the soak alone, without chromium")
    args = ap.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f} {os.getloadavg()[1]:.1f}")
    options = GameOptions(web_spectators=SPECTATORS, turn_timer=None, response_timer=None)
    host = Host("Bench", SEATS, bind="127.0.0.1", advertise=False, options=options)
    await host.start()
    door = await open_door(host, port=0)
    try:
        if not args.only_soak:
            await browsers(door, host, args.keys)
        if args.soak:
            await soak(door, args.soak)
    finally:
        await door.stop()
        await host.stop()
    print(f"load average {os.getloadavg()[0]:.1f} {os.getloadavg()[1]:.1f}")


async def browsers(door: WebDoor, host: Host, keys: int) -> None:
    """The six seats and two spectators: their figures."""
    async with chromium() as browser:
        tabs, drawn = await open_browsers(browser, door)
        print(f"page open → table drawn: {ms(drawn)}")
        for tab in tabs[:SEATS]:
            await tab.click("r Ready")
        for _ in range(600):
            if host.game is not None:
                break
            await asyncio.sleep(0.1)
        await tabs[0].wait_text("Turn", timeout=120)
        pids = door.live()
        sessions = [rss_kib(p) for p in pids]
        own = rss_kib(os.getpid())
        print(
            f"memory: a browser session {statistics.median(sessions) / 1024:.1f} MiB at the "
            f"median (min {min(sessions) / 1024:.1f}, max {max(sessions) / 1024:.1f}; "
            f"{len(sessions)} sessions); the table's process {own / 1024:.1f} MiB; the "
            f"whole host {(own + sum(sessions)) / 1024:.1f} MiB"
        )
        web = await browser_keys(tabs[-1], keys)
        term = await terminal_keys(host.port, keys)
        print(f"key → frame, browser spectator: {ms(web)}")
        print(f"key → frame, terminal spectator: {ms(term)}")
        if web and term:
            ratio = statistics.median(web) / statistics.median(term)
            print(f"browser / terminal at the median: {ratio:.2f}x (aim: within 1.5x)")
        for tab in tabs:
            await tab.page.context.close()
    for _ in range(200):
        if not door.sessions:
            break
        await asyncio.sleep(0.1)


if __name__ == "__main__":
    asyncio.run(main())
