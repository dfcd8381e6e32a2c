"""The host's program crashes under a guest: the table says it is gone and counts the retries.

Playtest 4 finding 23: Bob's table, its host killed, showed a toast, then the stale "Waiting for
Ann" for a minute while his program retried in silence, then the lobby with "connection
closed by the host" — which the host had not done. Here a real host on loopback drops its
connections without a word (as a crash does) or closes the table in order, and a real client
and its session say which: the client's ``code``, the status line's "Lost the table —
reconnecting (attempt N/M)" with the tries' countdown (it fits an 80-column line), and, once
they are spent, the lobby's hint that the table comes back there if its host reopens it.
"""

from __future__ import annotations

import asyncio
import re

import pytest
from net_support import options, running_host, seated
from test_tui_table_support import TableApp, until

from qm_net.messages import ConnectionLost
from qm_tui.clock import FakeClock
from qm_tui.session import Lost, NetSession, Reconnecting, Update


async def _lost(client) -> ConnectionLost:  # type: ignore[no-untyped-def]
    async def go() -> ConnectionLost:
        async for msg in client.messages():
            if isinstance(msg, ConnectionLost):
                return msg
        raise AssertionError("no ConnectionLost")

    return await asyncio.wait_for(go(), 10)


async def test_a_crashed_host_is_not_said_to_have_closed_the_table() -> None:
    async with running_host(seats=2, options=options(round_limit=10)) as host:
        a, b = await seated(host, "Ann", "Bo")
        await host.stop(goodbye=False)  # no goodbye: the connections just drop, as in a crash
        for lost in (await _lost(a), await _lost(b)):
            assert lost.code == "dropped" and not lost.final
            assert "closed by the host" not in lost.reason
    async with running_host(seats=2, options=options(round_limit=10)) as host:
        a, _ = await seated(host, "Ann", "Bo")
        await host.stop("the host closed the table")  # in order: a goodbye with its reason
        lost = await _lost(a)
        assert lost.code is None and lost.final and "the host closed the table" in lost.reason


@pytest.mark.parametrize("size", [(120, 36), (80, 24)])
async def test_the_status_line_counts_the_retries_then_the_lobby_says_how_to_come_back(
    size: tuple[int, int],
) -> None:
    async with running_host(seats=2, options=options(round_limit=10)) as host:
        (a, b) = await seated(host, "Ann", "Bo")
        clock = FakeClock()
        delays = (0.3, 0.3, 0.3, 0.3)
        session = NetSession(b, clock=clock, reconnect_delays=delays)
        steps: list[Reconnecting] = []

        app = TableApp(session, clock=clock)
        async with app.run_test(size=size) as pilot:
            screen = app.screen
            await until(pilot, lambda: screen.view is not None)
            await host.stop(goodbye=False)
            status = screen.query_one("#status-now")

            def shown() -> str:
                return str(status.render())

            await until(pilot, lambda: "Lost the table — reconnecting (attempt 2/4)" in shown())
            assert "Waiting for" not in shown()
            # the tries' countdown right after the words, not a stale "Waiting for Ann"
            assert re.search(r"\(attempt 2/4\)…\s+[█░]+ \d+s", shown()), shown()
            steps.append(screen.reconnecting)
            await until(pilot, lambda: bool(app.left))
            (left,) = app.left
            assert "closed by the host" not in (left.reason or "")
            assert "broke off" in (left.reason or "")
            assert "shows up in the lobby again" in (left.reason or "")
            assert "join it to get your seat back" in (left.reason or "")
        assert steps and steps[0].attempt == 2 and steps[0].of == len(delays)
        assert steps[0].ends_at > clock.now()


async def test_the_session_says_each_attempt_and_when_the_retries_end() -> None:
    async with running_host(seats=2, options=options(round_limit=10)) as host:
        (a, b) = await seated(host, "Ann", "Bo")
        clock = FakeClock()
        session = NetSession(b, clock=clock, reconnect_delays=(0.05, 0.05, 0.05))
        got: list[object] = []

        async def read() -> None:
            async for item in session.messages():
                got.append(item)
                if isinstance(item, Update) and not host._stopping:
                    await host.stop(goodbye=False)  # as a crash: no goodbye
                if isinstance(item, Lost) and item.final:
                    return

        await asyncio.wait_for(read(), 20)
        tries = [m for m in got if isinstance(m, Reconnecting)]
        assert [t.attempt for t in tries] == [1, 2, 3] and {t.of for t in tries} == {3}
        assert [round(t.ends_at - clock.now(), 2) for t in tries] == [0.15, 0.1, 0.05]
        final = got[-1]
        assert isinstance(final, Lost) and final.final and final.code == "dropped"
