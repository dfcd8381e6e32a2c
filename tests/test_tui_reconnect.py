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


async def test_a_short_drop_brings_what_was_told_meanwhile_once_and_nothing_twice() -> None:
    # The connection drops while the bots play; the same client takes the seat back. The
    # host's history at the rejoin is the whole game: the session must hand on only what this
    # client did not get, so that every event of the game reaches the table exactly once, in
    # order — the same list the host tells a seat started again from nothing.
    import msgspec

    from qm_net import compact
    from qm_rules.bots import make_bot
    from qm_tui.session import Ended, History

    async with running_host(
        seats=3, bots=2, bot_delay=0.05, options=options(round_limit=6)
    ) as host:
        (me,) = await seated(host, "Ann")
        session = NetSession(me, clock=FakeClock(), reconnect_delays=(0.4, 0.2, 0.2, 0.5))
        bot = make_bot("heuristic", 3)
        got: list = []
        missed: list[History] = []
        dropped = False

        async def play() -> None:
            nonlocal dropped
            async for item in session.messages():
                if isinstance(item, History):
                    assert item.missed  # (joined at the start: no history then)
                    missed.append(item)
                    got.extend(item.events)
                elif isinstance(item, Update):
                    got.extend(item.events)
                    p = item.view.prompt
                    if p is not None and p.options and p.seat == me.seat:
                        await session.choose(bot.choose(item.view))
                    elif p is not None and not dropped and host.game.turn >= 2:
                        dropped = True  # the bots are playing: the network fails meanwhile
                        me._writer.transport.abort()
                elif isinstance(item, Ended):
                    return

        await asyncio.wait_for(play(), 60)
        assert dropped and missed
        assert any(h.events for h in missed)  # the bots moved while it was away
        seat = me.seat
        told = host.history.for_viewer(seat, limit=10**6)
        assert told.omitted == 0
        assert got == [compact.to_event(msgspec.convert(e, compact.Event)) for e in told.events]
        await me.close()


def test_held_events_and_a_history_meet_where_they_should() -> None:
    from qm_net.held import Held
    from qm_net.messages import GameHistory
    from qm_rules import Event

    game = tuple(Event("pass", i % 3, {"n": i // 7}) for i in range(60))  # repeats a lot
    other = tuple(Event("draw", 0, {"n": i}) for i in range(30))

    fresh = Held()
    whole = GameHistory(game[:40], 0)
    assert fresh.take(whole) == whole  # held nothing: all of it, "earlier in this game"
    fresh.add(game[40:45])
    assert fresh.take(GameHistory(game[:50], 0)) == GameHistory(game[45:50], 0, missed=True)
    assert fresh.take(GameHistory(game[:50], 0)) == GameHistory((), 0, missed=True)
    # the host keeps the newest part only: the same place, counted from its omitted ones
    assert fresh.take(GameHistory(game[20:55], 20)) == GameHistory(game[50:55], 0, missed=True)

    held = Held()
    held.add(game[:10])
    # more was told meanwhile than the host keeps: what it has, and how much is lost
    assert held.take(GameHistory(game[30:60], 30)) == GameHistory(game[30:60], 20, missed=True)

    held = Held()
    held.add(game[:10])
    assert held.take(GameHistory(other, 0)) == GameHistory(other, 0)  # another game: all

    held = Held()
    held.add(game[:12])
    held.over = True  # the game ended; back after a drop, at the table showing its result:
    assert held.take(GameHistory(game[:12], 0)) == GameHistory((), 0, missed=True)
    held.add(other[:3])  # then a new game began and its first update came
    assert held.count == 3
    assert held.take(GameHistory(other[:8], 0)) == GameHistory(other[3:8], 0, missed=True)

    held = Held()
    held.add(game[:12])
    held.over = True  # the game ended; a new one began and its first update came
    held.add(other[:3])
    assert held.take(GameHistory(other[:8], 0)) == GameHistory(other[3:8], 0, missed=True)


async def test_the_log_shows_what_was_missed_between_marks_and_no_marks_for_nothing() -> None:
    from test_tui_table_support import ScriptedSession, TableApp, chain_position, screen_text
    from test_tui_table_support import until as wait

    from qm_rules import Event
    from qm_tui.session import History

    view = chain_position()
    missed = (Event("draw", 1, {"n": 2}),)
    for events, marks in (((), False), (missed, True)):
        session = ScriptedSession(
            [
                Update(view, (Event("pass", 1, {}),), None),
                Lost("connection reset", False),
                Back(),
                History(events, ("Ann", "Bo", "Cy"), 0, missed=True),
                Update(view, (), None),
            ]
        )
        app = TableApp(session, clock=FakeClock())
        async with app.run_test(size=(160, 48)) as pilot:
            await wait(pilot, lambda app=app: len(app._notifications) >= 2)
            await pilot.pause()
            text = screen_text(app)
            assert "Earlier in this game" not in text
            assert ("While you were disconnected" in text) is marks
            assert ("The game goes on from here" in text) is marks


async def test_a_seat_taken_over_by_another_window_says_so_not_that_the_host_closed() -> None:
    # Playtest 4, F10: the same player opened the table again (a second window, the same seat
    # token). The host gives the seat to the newer connection and closes the old one with the
    # error `replaced`; the old window said "connection closed by the host", though the table
    # goes on. Real host and clients on loopback; the first window is the table screen.
    from net_support import client
    from test_tui_table_support import TableApp, until

    async with running_host(seats=2, options=options(round_limit=10)) as host:
        ann, bo = await seated(host, "Ann", "Bo")
        clock = FakeClock()
        app = TableApp(NetSession(bo, clock=clock, reconnect_delays=(0.05,)), clock=clock)
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: app.table.view is not None)
            second = await client(host, "Bo")  # Bo's other window
            assert await second.rejoin(bo.token) == bo.seat  # type: ignore[arg-type]
            await until(pilot, lambda: bool(app.left))
            said = [n.message for n in app._notifications] + [app.left[0].reason]
            assert app.left[0].reason == (
                "your seat was taken over by another window of yours (the same player)"
            )
            assert not any("closed by the host" in m for m in said)
            assert not any(m.startswith("Error") for m in said)  # (the refusal toast too)
            assert host.seats[bo.seat].conn is not None and host.state == "playing"  # type: ignore[index]
            await second.close()


def test_a_known_closing_code_has_words_and_any_other_reason_is_kept() -> None:
    from qm_net.messages import ConnectionLost
    from qm_tui.i18n import tr
    from qm_tui.net import lost_reason

    lost = ConnectionLost("connection closed by the host", True, "replaced")
    assert lost_reason(lost.reason, lost.code, "zh") == tr("net.lost.replaced", "zh")
    assert lost_reason("the host went silent", None, "en") == "the host went silent"
