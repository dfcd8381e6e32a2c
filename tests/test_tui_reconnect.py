"""Losing the host: the table says so and takes the seat back with its token (issue: never
frozen; R22 disconnected seat kept)."""

from __future__ import annotations

import asyncio

from net_support import options, running_host, seated

from qm_tui.clock import FakeClock
from qm_tui.session import Back, Lost, NetSession, Update


async def _next(it, kinds, timeout: float = 10.0):  # type: ignore[no-untyped-def]
    async def go():  # type: ignore[no-untyped-def]
        while True:
            item = await it.__anext__()
            if isinstance(item, kinds):
                return item

    return await asyncio.wait_for(go(), timeout)


async def test_net_session_reconnects_with_its_token_and_gets_the_view_back() -> None:
    async with running_host(seats=2, options=options(round_limit=10)) as host:
        a, b = await seated(host, "Ann", "Bo")
        session = NetSession(b, clock=FakeClock(), reconnect_delays=(0.05, 0.1, 0.2))
        it = session.messages().__aiter__()
        first = await _next(it, Update)
        assert first.view.viewer == b.seat
        seat = b.seat
        b._writer.transport.abort()  # the network fails under the client
        lost = await _next(it, Lost)
        assert not lost.final  # it will try again
        await _next(it, Back)
        again = await _next(it, Update)
        assert b.seat == seat and again.view.viewer == seat
        assert again.view.seq == host.wire.of(seat)  # the current view, not a stale one
        assert host.seats[seat].conn is not None


async def test_net_session_gives_up_when_the_host_is_gone_for_good() -> None:
    async with running_host(seats=2, options=options(round_limit=10)) as host:
        a, b = await seated(host, "Ann", "Bo")
        session = NetSession(b, clock=FakeClock(), reconnect_delays=(0.05, 0.05))
        it = session.messages().__aiter__()
        await _next(it, Update)
        await host.stop("test")
        first = await _next(it, Lost)
        final = first if first.final else await _next(it, Lost)
        assert final.final


async def test_the_table_says_it_is_reconnecting_and_that_it_is_back() -> None:
    from test_tui_table_support import ScriptedSession, TableApp, chain_position, until

    view = chain_position()
    session = ScriptedSession(
        [
            Update(view, (), None),
            Lost("connection reset", False),
            Back(),
            Update(view, (), None),
        ]
    )
    app = TableApp(session, clock=FakeClock())
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: len(app._notifications) >= 2)
        messages = [n.message for n in app._notifications]
        assert any("reconnecting" in m and "connection reset" in m for m in messages)
        assert any("Back at the table" in m for m in messages)
        assert not app.left  # a lost connection that is being retried does not leave the table
