"""A seat from a browser, in a real one: Debian's chromium, driven by Playwright.

Each test opens a real host on loopback with its web door (qm_web) and plays through the page as
a person would, by clicks (taps) alone. What the page's terminal shows is read back from the
websocket's frames with pyte (tests/web_support.py); the host's own state says who sits where.
The tests skip, saying why, where chromium or Playwright is missing.
"""

from __future__ import annotations

import asyncio
import io
import unicodedata
from collections.abc import AsyncIterator
from typing import Any

import pytest

from tests.net_support import options, running_host, wait_for
from tests.web_support import Tab, chromium, need_browser, open_tab, sit

pytestmark = pytest.mark.usefixtures("browser_here")

#: A whole test, at most (two shared cores: generous, and it ends by progress).
BOUND = 420.0


@pytest.fixture
def browser_here() -> None:
    need_browser()


@pytest.fixture
async def browser() -> AsyncIterator[Any]:
    async with chromium() as b:
        yield b


def local_only(tab: Tab, port: int) -> None:
    """Everything the page loaded came from the table's own server."""
    for url in tab.requests:
        assert url.startswith((f"http://127.0.0.1:{port}/", "data:")), url


async def said(tab: Tab, word: str) -> str:
    """What the page's door says, once it says ``word``."""
    for _ in range(400):
        text = await tab.page.text_content("#why") or ""
        if word in text:
            return text
        await asyncio.sleep(0.05)
    raise AssertionError(f"the page never said {word!r}")


async def until_answered(tab: Tab, stop: str) -> None:
    """Answer every question by clicking its first option until ``stop`` shows; a click the
    table ignored (it came too soon after the question) is clicked again a moment later."""
    while True:
        text = await tab.text()
        if stop in text:
            return
        where = await tab.find("1) ")
        if where is not None:
            await tab.click_cell(where[0] + 3, where[1])
        await asyncio.sleep(0.7)


async def until_shown(tab: Tab, key: str, shows: str) -> None:
    """Click ``key`` until the screen ``shows``: the result's key is drawn with the game's
    end, and answers once the host's last word about it has arrived."""
    for _ in range(100):
        if shows in await tab.text():
            return
        await tab.click(key)
        await asyncio.sleep(0.5)
    raise AssertionError(f"{key!r} never showed {shows!r}")


async def test_a_wrong_or_missing_code_is_asked_for_and_starts_nothing(browser: Any) -> None:
    async with running_host(seats=2, bots=1, options=options()) as host:
        from qm_web.host import open_door

        door = await open_door(host, port=0)
        try:
            tab = await open_tab(browser, door.url("127.0.0.1", with_code=False))
            page = tab.page
            await page.wait_for_selector("#door", state="visible")
            assert await page.title() == "Qingming · test table"
            await sit(tab, "Ann")
            assert "need the table's code" in await said(tab, "code")
            await page.fill("#code", "WRONG1")
            await page.click("#sit")
            assert "not this table's code" in await said(tab, "not")
            assert door.started == 0 and not door.sessions
            # the right code, typed in lower case with a space, lets the browser in
            await page.fill("#code", door.code[:3].lower() + " " + door.code[3:])
            await page.click("#sit")
            await tab.wait_text("Ann", "(you")
            assert door.started == 1
            local_only(tab, door.port)
        finally:
            await door.stop()


async def test_a_refresh_mid_game_keeps_the_seat_and_hand(browser: Any) -> None:
    async def go() -> None:
        async with running_host(seats=2, bots=1, options=options()) as host:
            from qm_web.host import open_door

            door = await open_door(host, port=0)
            try:
                tab = await open_tab(browser, door.url("127.0.0.1"))
                await sit(tab, "Ann")
                await tab.click("r Ready")
                await wait_for(lambda: host.game is not None, 60)
                await tab.wait_text("1) ")  # Ann's first question: the table is drawn
                seat = next(s for s in host.seats.occupied if s.name == "Ann")
                assert host.game is not None
                hand = [c.card for c in host.game.view(seat.index).seats[seat.index].hand or []]
                # each option's own words: a toast ("Connecting to ...") may lie over a line's end
                lines = await tab.lines()
                before = [line.split("▌")[0].rstrip() for line in lines if ") " in line[:4]]
                await tab.page.reload()
                # the same seat, its hand and its question, drawn by a new process
                await tab.wait_text("Ann (you)", "1) ", timeout=60)
                after = await tab.wait_for(lambda t: all(line in t for line in before))
                assert "Ann (you)" in after
                assert [s.name for s in host.seats.occupied] == ["Ann", "bot-2"]
                assert seat.conn is not None and seat.index == 0
                assert host.game is not None
                view = host.game.view(seat.index)
                assert [c.card for c in view.seats[seat.index].hand or []] == hand
                assert door.started == 2 and len(door.sessions) == 1
            finally:
                await door.stop()

    await asyncio.wait_for(go(), BOUND)


async def test_two_browsers_and_a_bot_play_a_game_by_clicks(browser: Any) -> None:
    async def go() -> None:
        table = options(round_limit=1)
        async with running_host(seats=3, bots=1, options=table, name="LAN table") as host:
            from qm_web.host import open_door

            door = await open_door(host, port=0)
            try:
                ann = await open_tab(browser, door.url("127.0.0.1"))
                bo = await open_tab(browser, door.url("127.0.0.1"))
                await sit(ann, "Ann")
                await ann.wait_text("Ann", "(you")
                await sit(bo, "Bo")
                await bo.wait_text("Bo", "(you")
                await ann.click("r Ready")
                await bo.click("r Ready")
                await wait_for(lambda: host.game is not None, 60)
                await asyncio.gather(
                    until_answered(ann, "v Result"), until_answered(bo, "v Result")
                )
                assert host.game is not None and host.game.over
                for tab in (ann, bo):
                    await until_shown(tab, "v Result", "Rematch")
                    local_only(tab, door.port)
                assert host.games_played == 1
            finally:
                await door.stop()

    await asyncio.wait_for(go(), BOUND)


def ink_in(
    shot: Any, box: tuple[float, float, float, float], cell: tuple[int, int], blank: tuple[int, int]
) -> int:
    """How many pixels of ``cell`` (column, row) in the screenshot differ from the background of
    the ``blank`` cell (``box``: the cells' left, top, width, height on the page)."""
    left, top, cw, ch = box
    bg = shot.getpixel((int(left + blank[0] * cw + cw / 2), int(top + blank[1] * ch + 1)))
    col, row = cell
    n = 0
    for px in range(int(left + col * cw) + 1, int(left + (col + 1) * cw) - 1):
        for py in range(int(top + row * ch) + 1, int(top + (row + 1) * ch) - 1):
            pixel = shot.getpixel((px, py))
            if sum(abs(a - b) for a, b in zip(pixel, bg, strict=True)) > 96:
                n += 1
    return n


def wide(ch: str) -> bool:
    return unicodedata.east_asian_width(ch) in ("W", "F")


async def test_the_chinese_table_draws_a_wide_character_in_two_cells(browser: Any) -> None:
    """A screenshot of the Chinese table: each wide character checked is drawn across exactly
    its two cells (ink in both, none in the blank cells beside it), where the frames (pyte) and
    xterm.js's own buffer both put it at two cells."""
    from PIL import Image

    async def go() -> None:
        async with running_host(seats=2, bots=1, options=options(), name="清明桌") as host:
            from qm_web.host import open_door

            door = await open_door(host, port=0)
            try:
                tab = await open_tab(browser, door.url("127.0.0.1"))
                await tab.page.wait_for_selector("#door", state="visible")
                await tab.page.click("#lang")  # 中文
                assert await tab.page.title() == "清明 · 清明桌"
                await sit(tab, "小明")
                await tab.wait_text("小明")
                await tab.page.keyboard.press("r")  # ready: the game starts
                await tab.wait_text("1) ")
                await asyncio.sleep(1.0)  # the playback settles (the check reads one frame)
                await tab.lines()
                shot = Image.open(io.BytesIO(await tab.page.screenshot())).convert("RGB")
                box = await tab.cell_box()
                screen = tab._screen
                assert screen is not None
                checked = 0
                for y in range(screen.lines):
                    row = screen.buffer[y]
                    for x in range(1, screen.columns - 3):
                        cell = row[x]
                        if not (cell.data and wide(cell.data) and row[x + 1].data == ""):
                            continue
                        around = (row[x - 1], row[x + 2], row[x + 3])
                        if any(c.data != " " or c.bg != cell.bg for c in around):
                            continue  # only a character with blank cells beside it
                        width = await tab.page.evaluate(
                            f"[window.qmTerminal.buffer.active.getLine({y}).getCell({x})"
                            f".getWidth(), window.qmTerminal.buffer.active.getLine({y})"
                            f".getCell({x + 1}).getWidth()]"
                        )
                        assert width == [2, 0], (cell.data, x, y)

                        inks = [ink_in(shot, box, (c, y), (x + 3, y)) for c in range(x - 1, x + 3)]
                        # ink in the character's two cells, none in the blank ones beside it
                        assert inks[1] > 0 and inks[2] > 0, (cell.data, x, y, inks)
                        assert inks[0] == 0 and inks[3] == 0, (cell.data, x, y, inks)
                        checked += 1
                        break
                    if checked >= 3:
                        break
                assert checked >= 1
            finally:
                await door.stop()

    await asyncio.wait_for(go(), BOUND)
