"""R22's timers, run by the host: a silent responder passes, a silent turn ends."""

from __future__ import annotations

import asyncio
import contextlib

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
