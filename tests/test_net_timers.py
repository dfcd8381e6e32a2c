"""R22's timers, run by the host: a silent responder passes, a silent turn ends."""

from __future__ import annotations

import asyncio
import contextlib
import math

from net_support import options, running_host, seated, until, wait_for

from qm_net.messages import GameUpdate
from qm_rules import PromptKind
from qm_rules.bots import make_bot


async def _answer(c, bot, skip_kinds=()) -> None:
    """Answer c's prompts forever, except prompts of the kinds in ``skip_kinds``."""
    async for msg in c.messages():
        if isinstance(msg, GameUpdate):
            p = msg.view.prompt
            if p is not None and p.options and p.seat == c.seat and p.kind not in skip_kinds:
                await c.choose(bot.choose(msg.view), p.seq)


async def test_response_timer_passes_for_a_silent_player() -> None:
    opts = options(response_timer=0.05, ask_everyone=True, round_limit=20)
    async with running_host(seats=2, options=opts) as host:
        a, b = await seated(host, "active", "silent")
        tasks = [
            asyncio.create_task(_answer(a, make_bot("random", 1))),
            asyncio.create_task(
                _answer(b, make_bot("random", 2), skip_kinds=(PromptKind.RESPOND,))
            ),
        ]
        try:
            # b never sends "pass": every pass of b's in the game is the timer's
            await wait_for(lambda: (b.seat, "pass") in host.game.choices or host.game.over)
            assert (b.seat, "pass") in host.game.choices
        finally:
            for t in tasks:
                t.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await t


async def test_turn_timer_ends_turns_nobody_plays() -> None:
    async with running_host(seats=2, options=options(turn_timer=0.1, round_limit=20)) as host:
        a, _ = await seated(host, "idle", "idler")
        first = await until(a, lambda m: isinstance(m, GameUpdate))
        assert first.deadline is not None and first.deadline > 0
        await wait_for(lambda: host.game.turn >= 3)  # nobody chose anything
        assert len(host.game.choices) >= 2  # all of them the timer's defaults


async def test_a_client_that_comes_in_mid_countdown_is_told_the_whole_timer() -> None:
    # Playtest 4, F11: a client that rejoined (or began watching) with the clock half run drew
    # a full bar for 39 s of a 60 s turn timer: an update said the time left, never of how
    # much. Now each update while a timer runs says its whole length too (`timer`); the table
    # draws the bar from it. Real host, clients on loopback, a spectator and a rejoin.
    from net_support import client
    from test_tui_table_support import TableApp
    from test_tui_table_support import until as pilot_until

    from qm_tui.clock import FakeClock
    from qm_tui.session import NetSession
    from qm_tui.widgets.status import TableStatus

    opts = options(turn_timer=60.0, response_timer=20.0, round_limit=10)
    async with running_host(seats=2, options=opts) as host:
        ann, bo = await seated(host, "Ann", "Bo")
        first = await until(bo, lambda m: isinstance(m, GameUpdate))
        assert first.timer == 60.0  # the turn timer's (a turn player's own step)
        assert first.deadline is not None and first.deadline <= 60.0
        await asyncio.sleep(0.5)  # the clock runs a while before anyone else comes in
        again = await client(host, "Bo")
        assert await again.rejoin(bo.token) == bo.seat  # type: ignore[arg-type]
        late = await until(again, lambda m: isinstance(m, GameUpdate))
        assert late.timer == 60.0 and late.deadline is not None and late.deadline < 60.0
        watcher = await client(host, "Cy")
        await watcher.spectate()
        clock = FakeClock()
        app = TableApp(NetSession(watcher, clock=clock, reconnect_delays=()), clock=clock)
        async with app.run_test(size=(100, 30)) as pilot:
            bar = app.table.query_one(TableStatus).timer
            await pilot_until(pilot, lambda: bar.deadline_at is not None)
            assert bar.total == 60.0  # the whole timer, not the time left at connect
            left = bar.seconds_left()
            assert left is not None and left < 60.0
            cells = str(bar.render()).count("█")
            assert cells == math.ceil(left / 60.0 * 12)
        await again.close()
        await watcher.close()
