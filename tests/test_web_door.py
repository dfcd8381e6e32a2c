"""The table's web door (qm_web.server) refuses before any process starts and caps sessions.

A real host on loopback with its door open; the browsers here are aiohttp's websocket client,
sending what a browser would (its ``Origin``), or not. The processes are counted two ways: the
door's own count, and this process's children in /proc.
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

pytest.importorskip("aiohttp", reason="the web extra (aiohttp) is not installed")
import aiohttp  # noqa: E402

from qm_web.host import open_door  # noqa: E402
from qm_web.server import WebDoor  # noqa: E402
from tests.net_support import client, options, running_host, wait_for  # noqa: E402


def children() -> set[int]:
    """This process's live child processes (zombies too: an unreaped child is a leak)."""
    me = str(os.getpid())
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if fields[1] == me:
            found.add(int(stat.parent.name))
    return found


def browser(i: int) -> str:
    return f"{i:032x}"


def ws_url(door: WebDoor, who: str, code: str, name: str = "Ann") -> str:
    return f"ws://127.0.0.1:{door.port}/ws/{who}/{code}/en/{name}?width=80&height=24"


def origin(door: WebDoor) -> dict[str, str]:
    return {"Origin": f"http://127.0.0.1:{door.port}"}


@pytest.fixture
async def door() -> AsyncIterator[WebDoor]:
    async with running_host(seats=2, options=options(web_spectators=1)) as host:
        opened = await open_door(host, port=0)
        try:
            yield opened
        finally:
            await opened.stop()


async def test_refused_before_any_process(door: WebDoor) -> None:
    before = children()
    wrong = "AAAAAA" if door.code != "AAAAAA" else "BBBBBB"
    attempts = {
        "wrong code": (ws_url(door, browser(1), wrong), origin(door)),
        "no code": (ws_url(door, browser(1), ""), origin(door)),
        "foreign origin": (ws_url(door, browser(1), door.code), {"Origin": "http://evil.test"}),
        "another port": (
            ws_url(door, browser(1), door.code),
            {"Origin": f"http://127.0.0.1:{door.port + 1}"},
        ),
        "no origin": (ws_url(door, browser(1), door.code), {}),
        # DNS rebinding: a foreign page whose name now points here sends matching Host/Origin
        "rebound name": (
            ws_url(door, browser(1), door.code),
            {"Origin": f"http://evil.test:{door.port}", "Host": f"evil.test:{door.port}"},
        ),
    }
    async with aiohttp.ClientSession() as http:
        for what, (url, headers) in attempts.items():
            with pytest.raises(aiohttp.WSServerHandshakeError):
                await http.ws_connect(url, headers=headers)
            assert door.started == 0, what
        # the page's own question, for its words: the code is wrong, or missing
        for code, answer in ((wrong, "code"), ("", "code"), (door.code.lower(), "ok")):
            async with http.post(
                f"http://127.0.0.1:{door.port}/enter",
                json={"code": code, "browser": browser(1)},
                headers=origin(door),
            ) as response:
                assert (await response.json())["answer"] == answer
        async with http.post(
            f"http://127.0.0.1:{door.port}/enter",
            json={"code": door.code, "browser": browser(1)},
            headers={"Origin": "http://evil.test"},
        ) as response:
            assert response.status == 403
    assert door.started == 0 and door.sessions == {}
    assert children() == before


async def test_guessing_in_parallel_is_no_faster_than_one_by_one(
    door: WebDoor, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Codes are checked one at a time, each wrong one holding the door (here until the test
    lets go, in place of the delay): forty guesses at once are never checked side by side, a
    few wait their turn, the rest are told to try later unchecked — even the right code, so a
    flood cannot learn from how fast it is answered."""
    from qm_web import server

    gate = asyncio.Event()
    holding = 0
    most = 0

    async def held() -> None:
        nonlocal holding, most
        holding += 1
        most = max(most, holding)
        await gate.wait()
        holding -= 1

    monkeypatch.setattr(door, "_after_wrong_code", held)
    wrong = "AAAAAA" if door.code != "AAAAAA" else "BBBBBB"
    async with aiohttp.ClientSession() as http:

        async def ask(code: str) -> str:
            async with http.post(
                f"http://127.0.0.1:{door.port}/enter",
                json={"code": code, "browser": browser(1)},
                headers=origin(door),
            ) as response:
                return str((await response.json())["answer"])

        guesses = [asyncio.create_task(ask(wrong)) for _ in range(40)]
        await wait_for(lambda: door._waiting == server.MAX_WAITING_CHECKS)
        await wait_for(lambda: sum(g.done() for g in guesses) == 40 - server.MAX_WAITING_CHECKS)
        assert await ask(door.code) == "busy"  # the right code too, while the door is full
        assert most == 1
        gate.set()
        answers = await asyncio.gather(*guesses)
        assert answers.count("code") == server.MAX_WAITING_CHECKS
        assert answers.count("busy") == 40 - server.MAX_WAITING_CHECKS
        assert most == 1  # one check at a time, however many came at once
        assert await ask(door.code) == "ok"
    assert door.started == 0


async def test_a_flood_starts_no_more_than_the_cap(door: WebDoor) -> None:
    assert door.cap == 3  # two seats and one spectator
    before = children()
    async with aiohttp.ClientSession() as http:

        async def knock(i: int) -> aiohttp.ClientWebSocketResponse | None:
            try:
                url = ws_url(door, browser(i), door.code)
                return await http.ws_connect(url, headers=origin(door))
            except aiohttp.WSServerHandshakeError as error:
                assert error.status == 409  # full
                return None

        sockets = await asyncio.gather(*(knock(i) for i in range(30)))
        opened = [s for s in sockets if s is not None]
        assert len(opened) == door.cap
        await wait_for(lambda: door.started == door.cap)
        assert len(children() - before) <= door.cap
        # the sessions draw their apps; the table is still there to join
        first = await asyncio.wait_for(opened[0].receive(), 30)
        assert first.type == aiohttp.WSMsgType.BINARY
        for ws in opened:
            await ws.close()
    await wait_for(lambda: not door.sessions)
    await wait_for(lambda: children() <= before)
    assert door.started == door.cap


async def test_the_same_browser_replaces_its_session(door: WebDoor) -> None:
    before = children()
    async with aiohttp.ClientSession() as http:
        first = await http.ws_connect(ws_url(door, browser(5), door.code), headers=origin(door))
        await wait_for(lambda: bool(door.live()))
        pid = door.live()[0]
        second = await http.ws_connect(ws_url(door, browser(5), door.code), headers=origin(door))
        closed = await asyncio.wait_for(first.receive(), 30)
        while closed.type == aiohttp.WSMsgType.BINARY:  # frames sent before it was let go
            closed = await asyncio.wait_for(first.receive(), 30)
        assert closed.type == aiohttp.WSMsgType.CLOSE and closed.data == 4001
        await wait_for(lambda: len(door.live()) == 1 and door.live()[0] != pid)
        assert door.started == 2
        await second.close()
    await wait_for(lambda: not door.sessions and children() <= before)


async def test_an_idle_session_is_reaped() -> None:
    """A browser that sends nothing (no key, tap or resize) for the door's idle time is let go:
    its socket closed saying so, its process ended."""
    async with running_host(seats=2, options=options()) as host:
        door = WebDoor(host.name, host.port, bind="127.0.0.1", seats=2, idle=1.0)
        await door.start()
        try:
            async with aiohttp.ClientSession() as http:
                url = ws_url(door, browser(7), door.code)
                ws = await http.ws_connect(url, headers=origin(door))
                message = await asyncio.wait_for(ws.receive(), 60)
                while message.type == aiohttp.WSMsgType.BINARY:
                    message = await asyncio.wait_for(ws.receive(), 60)
                assert message.type == aiohttp.WSMsgType.CLOSE and message.data == 4000
            await wait_for(lambda: not door.sessions and not door.live())
            assert door.started == 1
        finally:
            await door.stop()


def test_what_the_app_prints_never_reaches_the_frames() -> None:
    """The app's frames go to a private copy of stdout; print() and stray writes to fd 1 (a
    library, a warning) go to stderr, where the door keeps them out of the browser's stream."""
    code = (
        "import os, sys\n"
        "from qm_web.child import main\n"
        "try:\n"
        "    main(['--version'])\n"  # the command line's own print(), then it exits
        "except SystemExit:\n"
        "    pass\n"
        "os.write(1, b'stray write\\n')\n"
        "print('a print')\n"
        "sys.__stdout__.write('FRAMES'); sys.__stdout__.flush()\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    assert done.stdout == "FRAMES"
    assert "stray write" in done.stderr and "a print" in done.stderr and "qingming" in done.stderr


async def test_seated_players_are_told_the_page_and_its_code_and_nobody_else() -> None:
    """A player seated before the page opens is told it then; one seated after, when they sit
    down; a spectator never, nor a player who left the seat; the page at that port takes the
    code told."""
    async with running_host(seats=3, options=options()) as host:
        early = await client(host, "Ann")
        watcher = await client(host, "Cy")
        try:
            await early.join()
            await watcher.spectate()
            opened = await open_door(host, port=0)
            try:
                await wait_for(lambda: early.web is not None)
                assert early.web is not None
                assert (early.web.port, early.web.code) == (opened.port, opened.code)
                late = await client(host, "Bo")
                try:
                    await late.join()
                    assert late.web == early.web
                    await late.leave()
                    assert late.web is None
                finally:
                    await late.close()
                assert watcher.web is None
                async with aiohttp.ClientSession() as http:
                    async with http.post(
                        f"http://127.0.0.1:{early.web.port}/enter",
                        json={"code": early.web.code, "browser": browser(9)},
                        headers=origin(opened),
                    ) as response:
                        assert (await response.json())["answer"] == "ok"
            finally:
                await opened.stop()
        finally:
            await early.close()
            await watcher.close()
