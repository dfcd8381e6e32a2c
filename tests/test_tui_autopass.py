"""Auto-pass: one key answers "pass" for me for the rest of the turn, or unless my cards are
targeted; shown while on, reset each turn, and never used on anything but respond-or-pass."""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import AsyncIterator

from test_tui_table_support import (
    HostedTable,
    ScriptedSession,
    TableApp,
    chain_position,
    my_prompt,
    play_until,
    screen_text,
    until,
)

from qm_rules.model import Option, Prompt, PromptKind
from qm_tui.clock import FakeClock
from qm_tui.session import SessionMessage, Update
from qm_tui.widgets.log import GameLog


class FedSession(ScriptedSession):
    """A session the test feeds one update at a time."""

    def __init__(self) -> None:
        super().__init__([])
        self.queue: asyncio.Queue[SessionMessage] = asyncio.Queue()

    async def messages(self) -> AsyncIterator[SessionMessage]:
        while True:
            item = await self.queue.get()
            if isinstance(item, Update):
                self._view = item.view
            yield item


def respond(seq: int, *, turn: int = 7, targeting_me: bool = False):
    """A respond-or-pass decision of mine; the newest link targets my 菊花 if asked."""
    view = chain_position()
    chain = view.chain[:1] if targeting_me else view.chain
    prompt = dataclasses.replace(view.prompt, seq=seq)
    return dataclasses.replace(view, seq=seq, turn=turn, chain=chain, prompt=prompt)


def effect_choice(seq: int):
    """Not a respond prompt (a pick with a "none" option): auto-pass must never answer it."""
    view = respond(seq)
    options = (Option("pick:2", "pick", card=2), Option("none", "none"))
    prompt = Prompt(0, PromptKind.EFFECT, seq, options, {"op": "put_offering"}, "none")
    return dataclasses.replace(view, prompt=prompt, resolving=2)


async def _feed(pilot, app: TableApp, session: FedSession, view) -> None:
    before = app.table.updates
    await session.queue.put(Update(view, (), None))
    await until(pilot, lambda: app.table.updates > before)
    await pilot.pause()


async def test_auto_pass_off_asks_and_this_turn_passes_until_the_turn_changes() -> None:
    session = FedSession()
    app = TableApp(session, clock=FakeClock())  # type: ignore[arg-type]
    async with app.run_test(size=(100, 30)) as pilot:
        await _feed(pilot, app, session, respond(57))
        assert session.chosen == []  # off: I am asked
        assert "auto-pass" not in screen_text(app)
        await pilot.press("a", "a")  # don't ask me again this turn: the pending one passes too
        await until(pilot, lambda: session.chosen == ["pass"])
        assert "auto-pass: this turn" in screen_text(app)
        await _feed(pilot, app, session, respond(58))
        await until(pilot, lambda: session.chosen == ["pass", "pass"])
        # not a respond prompt: never answered for me, even with auto-pass on
        await _feed(pilot, app, session, effect_choice(59))
        assert session.chosen == ["pass", "pass"]
        # a new turn: auto-pass is off again and I am asked
        await _feed(pilot, app, session, respond(60, turn=8))
        assert session.chosen == ["pass", "pass"]
        assert "auto-pass" not in screen_text(app)


async def test_auto_pass_unless_targeted_asks_me_only_about_my_cards() -> None:
    session = FedSession()
    app = TableApp(session, clock=FakeClock())  # type: ignore[arg-type]
    async with app.run_test(size=(100, 30)) as pilot:
        await _feed(pilot, app, session, respond(57, targeting_me=True))
        await pilot.press("a")  # the first mode: unless targeted
        await pilot.pause()
        assert "auto-pass: unless targeted" in screen_text(app)
        assert session.chosen == []  # the link targets my 菊花: I am asked
        await _feed(pilot, app, session, respond(58))  # the newest link targets nobody of mine
        await until(pilot, lambda: session.chosen == ["pass"])
        await pilot.press("a", "a")  # this turn, then off
        await _feed(pilot, app, session, respond(59))
        assert session.chosen == ["pass"]


async def test_a_response_left_to_the_timer_is_logged_as_timed_out() -> None:
    clock = FakeClock()
    session = HostedTable(seed=5, clock=clock, response_timer=5.0, ask_everyone=True)
    app = TableApp(session, clock=clock)
    async with app.run_test(size=(100, 30)) as pilot:
        await play_until(pilot, app, lambda: my_prompt(app, PromptKind.RESPOND))
        log = app.table.query_one(GameLog)
        before = len(log.lines_written)
        # the host's response timer (5 s of the loop's time) runs out: it takes the default
        for _ in range(400):
            if len(log.lines_written) > before:
                break
            await pilot.pause(0.05)
        new = log.lines_written[before:]
        assert "Me timed out (passed)" in new, new
        assert "Me passes" not in new, new


async def test_the_auto_pass_mark_follows_a_change_of_language() -> None:
    session = FedSession()
    app = TableApp(session, clock=FakeClock())  # type: ignore[arg-type]
    async with app.run_test(size=(100, 30)) as pilot:
        await _feed(pilot, app, session, respond(57, targeting_me=True))
        await pilot.press("a")
        await pilot.pause()
        assert "auto-pass: unless targeted" in screen_text(app)
        app.lang = "zh"
        app.table.relocalize()
        await pilot.pause()
        assert "自动不跟牌：除非被指定" in screen_text(app)
