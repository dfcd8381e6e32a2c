"""No connected player can hold the table up: every decision the others wait on has a clock.

Three players answer their prompts at random but now and then never answer at all; the table's
timers must take the default every time. With the response timer alone (the usual table), it
covers every decision but the turn player's own steps: a response, each step of declaring an
activation in response (mode, target, cost), an effect's pick, a hand-limit discard. With the
turn timer on as well, every kind of prompt is covered. Every prompt a player is shown that a
clock covers carries a deadline. The walk goes on until a stall has been seen and got past at
every kind of prompt it covers.
"""

from __future__ import annotations

import asyncio
import random

import pytest
from net_support import WAIT, client, options, running_host, wait_for

from qm_net.client import TableClient
from qm_net.host import Limits
from qm_net.messages import ConnectionLost, GameEnded, GameUpdate
from qm_rules import PromptKind
from qm_rules.bots import make_bot

TURN_STEPS = {PromptKind.PLACE, PromptKind.ACTION, PromptKind.WORSHIP}
DRAFT_STEPS = {PromptKind.MODE, PromptKind.TARGET, PromptKind.COST}


async def walk(
    c: TableClient, seed: int, stalled: dict[PromptKind, int], undated: list[str], turn_timer: bool
) -> None:
    bot = make_bot("heuristic" if c.seat == 0 else "random", f"walk:{seed}:{c.seat}")
    rng = random.Random(f"{seed}:{c.seat}")
    acted = -1
    async for msg in c.messages():
        if isinstance(msg, GameUpdate):
            p = msg.view.prompt
            if p is None or p.seat != c.seat or not p.options or p.seq <= acted:
                continue
            acted = p.seq
            kind = PromptKind(p.kind)
            own_turn = msg.view.turn_seat == c.seat and (kind in TURN_STEPS or kind in DRAFT_STEPS)
            timed = turn_timer or not own_turn
            if timed and msg.deadline is None:
                undated.append(f"{p.kind} #{p.seq}")
            if timed and rng.random() < (0.5 if stalled.get(kind, 0) < 2 else 0.1):
                stalled[kind] = stalled.get(kind, 0) + 1  # never answered: a clock must move on
                continue
            await c.choose(bot.choose(msg.view), p.seq)
        elif isinstance(msg, GameEnded | ConnectionLost):
            return


@pytest.mark.parametrize("turn_timer", [None, 1.0], ids=["response-timer", "both-timers"])
async def test_a_player_who_stops_answering_never_stops_the_table(turn_timer: float | None) -> None:
    stalled: dict[PromptKind, int] = {}
    undated: list[str] = []
    covered = (
        set(PromptKind)
        if turn_timer
        else {PromptKind.RESPOND, PromptKind.COST, PromptKind.EFFECT, PromptKind.HAND_LIMIT}
    )
    opts = options(response_timer=0.05, turn_timer=turn_timer, round_limit=5, hand_limit=3)
    # Seeds until every covered kind has stalled once (the loop stops there); which seed first
    # shows a response's cost step depends on the card set, so the bound is generous.
    for seed in range(1, 41):
        async with running_host(
            seats=3, seed=seed, games=1, options=opts, limits=Limits(ping_interval=3600.0)
        ) as host:
            clients = [await client(host, n) for n in ("Ann", "Bo", "Cy")]
            for c in clients:
                await c.join()
            for c in clients:
                await c.set_ready(True)
            await wait_for(lambda: host.state != "lobby")
            # a stall nobody's clock ends would hang here: the bound is a failure, not a timing
            await asyncio.wait_for(
                asyncio.gather(
                    *(walk(c, seed, stalled, undated, bool(turn_timer)) for c in clients)
                ),
                WAIT * 3,
            )
        if all(stalled.get(k, 0) >= 1 for k in covered):
            break
    assert undated == []  # every prompt a clock covers was shown with its deadline
    missing = [k.value for k in covered if not stalled.get(k)]
    assert missing == [], f"no stall seen at {missing} (stalls: {stalled})"
