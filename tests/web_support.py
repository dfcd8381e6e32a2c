"""Helpers for the browser tests: Debian's chromium driven by Playwright, and the terminal the
page draws read back from the websocket's frames with pyte.

The tests skip, saying why, where chromium or Playwright is missing (``.ci/run`` installs both;
``pytest -rs`` prints the reason). Playwright's own browser download is never used.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib.util
import os
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
WAIT = 60.0  # generous: a wait ends by progress, never a timing assertion


def need_browser() -> None:
    """Skip (with the reason) unless chromium and Playwright are both here."""
    missing = [m for m in ("playwright", "pyte", "aiohttp") if importlib.util.find_spec(m) is None]
    if missing:
        pytest.skip(f"browser tests need {', '.join(missing)}: pip install -e '.[test]'")
    if not os.access(CHROMIUM, os.X_OK):
        pytest.skip(f"browser tests need Debian's chromium at {CHROMIUM}: apt-get install chromium")


@contextlib.asynccontextmanager
async def chromium() -> AsyncIterator[Any]:
    """A Playwright ``Browser`` on Debian's chromium. Playwright gives it a fresh user data dir
    of its own, and each :func:`open_tab` a context of its own (a browser of its own: its own
    local storage), so one chromium serves every player of a test."""
    need_browser()
    from playwright.async_api import async_playwright

    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        try:
            yield browser
        finally:
            await browser.close()


class Tab:
    """One browser tab at the table's page; what its terminal shows, read from its frames."""

    def __init__(self, page: Any) -> None:
        import pyte

        self.page = page
        self.frames: list[bytes] = []
        self.requests: list[str] = []
        self._pyte = pyte
        self._screen: Any = None
        self._stream: Any = None
        self._fed = 0
        self._fed_to = 0
        self._sockets = 0
        page.on("websocket", self._on_socket)
        page.on("request", lambda request: self.requests.append(request.url))

    def _on_socket(self, ws: Any) -> None:
        self._sockets += 1
        self._screen = None  # a new session draws anew
        self._fed = len(self.frames)

        def received(payload: Any) -> None:
            if isinstance(payload, bytes):
                self.frames.append(payload)

        ws.on("framereceived", received)

    async def size(self) -> tuple[int, int]:
        cols, rows = await self.page.evaluate(
            "window.qmTerminal ? [window.qmTerminal.cols, window.qmTerminal.rows] : [0, 0]"
        )
        return int(cols), int(rows)

    async def lines(self) -> list[str]:
        """The terminal's screen as the frames drew it (pyte): one string a row, a wide
        character followed by an empty cell's place (pyte keeps it as "")."""
        cols, rows = await self.size()
        if not cols:
            return []
        if self._screen is None or (self._screen.columns, self._screen.lines) != (cols, rows):
            self._screen = self._pyte.Screen(cols, rows)
            self._stream = self._pyte.ByteStream(self._screen)
            start = self._fed
        else:
            start = self._fed_to
        for frame in self.frames[start:]:
            self._stream.feed(frame)
        self._fed_to = len(self.frames)
        return ["".join(self._screen.buffer[y][x].data for x in range(cols)) for y in range(rows)]

    async def text(self) -> str:
        return "\n".join(await self.lines())

    async def wait_for(self, pred: Callable[[str], bool], timeout: float = WAIT) -> str:
        """Wait until the screen's text satisfies ``pred``; the text."""
        deadline = asyncio.get_running_loop().time() + timeout
        while True:
            text = await self.text()
            if pred(text):
                return text
            if asyncio.get_running_loop().time() > deadline:
                raise AssertionError(f"the screen never matched; it shows:\n{text}")
            await asyncio.sleep(0.2)

    async def wait_text(self, *words: str, timeout: float = WAIT) -> str:
        return await self.wait_for(lambda t: all(w in t for w in words), timeout)

    async def cell_box(self) -> tuple[float, float, float, float]:
        """Where the terminal's cells are on the page: left, top, cell width, cell height."""
        box = await self.page.evaluate(
            """() => {
              const t = window.qmTerminal;
              const r = t.element.querySelector('.xterm-screen').getBoundingClientRect();
              return [r.left, r.top, r.width / t.cols, r.height / t.rows];
            }"""
        )
        return float(box[0]), float(box[1]), float(box[2]), float(box[3])

    async def find(self, word: str) -> tuple[int, int] | None:
        """The cell where ``word`` starts on the screen (columns counted in cells: a wide
        character's second cell holds "" in pyte's buffer)."""
        await self.lines()
        screen = self._screen
        if screen is None:
            return None
        for y in range(screen.lines):
            line, cells = "", []
            for x in range(screen.columns):
                data = screen.buffer[y][x].data
                line += data
                cells += [x] * len(data)
            at = line.find(word)
            if at >= 0:
                return cells[at], y
        return None

    async def click_cell(self, x: float, y: int) -> None:
        left, top, width, height = await self.cell_box()
        await self.page.mouse.click(left + (x + 0.5) * width, top + (y + 0.5) * height)

    async def click(self, word: str, timeout: float = WAIT) -> None:
        """Click (tap) ``word``'s first cell where the screen shows it."""
        await self.wait_text(word, timeout=timeout)
        where = await self.find(word)
        assert where is not None
        await self.click_cell(*where)


async def open_tab(browser: Any, url: str, *, viewport: tuple[int, int] = (1100, 700)) -> Tab:
    context = await browser.new_context(viewport={"width": viewport[0], "height": viewport[1]})
    page = await context.new_page()
    tab = Tab(page)
    await page.goto(url)
    return tab


async def sit(tab: Tab, name: str) -> None:
    """Give the page a name and sit down (the code came with the address)."""
    await tab.page.fill("#name", name)
    await tab.page.click("#sit")
