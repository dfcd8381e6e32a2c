"""A phase the engine closes under the player says so: after a play that leaves nothing more
to play (the last free slot taken, or no card left that may be played) the action phase ends
without a question; the log went "Me sets Ward Off Evil face-down / Me: worship phase / ..."
and a playtester, left wondering where the turn went, pressed a key meant for a next action
that answered the next question instead. A phase the player closed says nothing more.

A real engine position (``position``) answered through a session that plays it directly.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest
from helpers import position
from test_tui_table_support import ScriptedSession, TableApp, until

from qm_rules import GameOptions, Phase, PromptKind
from qm_rules.game import Game
from qm_tui.clock import FakeClock
from qm_tui.i18n import tr
from qm_tui.session import Update
from qm_tui.widgets.log import GameLog
from qm_words import describe_events

OFFERINGS = ["juhua", "qingtuan", "qingcha", "qingjiu"]


class EngineSession(ScriptedSession):
    """Seat 0 of a game played right here: each choice goes to the engine and its update to
    the table (the other seat's decisions are left waiting)."""

    def __init__(self, game: Game) -> None:
        super().__init__([])
        self.game = game
        self.queue: asyncio.Queue[Update] = asyncio.Queue()
        self.queue.put_nowait(Update(game.view(0), (), None))

    async def messages(self) -> AsyncIterator[Update]:  # type: ignore[override]
        while True:
            item = await self.queue.get()
            self._view = item.view
            yield item

    async def choose(self, option_id: str) -> None:
        await super().choose(option_id)
        g = self.game
        assert g.prompt is not None
        events = g.choose(0, option_id, g.prompt.seq)
        self.queue.put_nowait(Update(g.view(0), tuple(events), None))


async def _log_after(game: Game, keys: tuple[str, ...], lang: str) -> list[str]:
    session = EngineSession(game)
    app = TableApp(session, clock=FakeClock(), lang=lang)
    async with app.run_test(size=(120, 40)) as pilot:
        table = app.table
        await until(pilot, lambda: table.view is not None and table.view.prompt is not None)
        n = len(session.chosen)
        for key in keys:
            await pilot.press(key)
            n += 1
            await until(pilot, lambda n=n: len(session.chosen) >= n)
            await until(pilot, lambda: table.view is session.view)
        await pilot.press("space")  # whatever is still to play back, told now
        await pilot.pause()
        return list(table.query_one(GameLog).lines_written)


@pytest.mark.parametrize("lang", ["en", "zh"])
async def test_the_last_free_slot_taken_ends_the_action_phase_and_the_log_says_why(
    lang: str,
) -> None:
    g = position(2, turn=0, hands={0: ["quxie", "hushenfu"]}, fields={0: OFFERINGS})
    log = await _log_after(g, ("1",), lang)
    note = tr("table.idle.action.full", lang)
    assert note in log, log
    at = log.index(note)
    assert "P0" in log[at - 1] and ("face-down" in log[at - 1] or "盖放" in log[at - 1])
    assert "worship" in log[at + 1] or "祭祀" in log[at + 1]


async def test_nothing_left_to_play_ends_the_action_phase_and_the_log_says_why() -> None:
    g = position(2, turn=0, hands={0: ["quxie"]}, fields={0: OFFERINGS[:2]})
    log = await _log_after(g, ("1",), "en")
    assert tr("table.idle.action.more", "en") in log, log
    assert tr("table.idle.action.full", "en") not in log


async def test_an_action_phase_i_end_myself_says_nothing_more() -> None:
    g = position(2, turn=0, hands={0: ["quxie", "hushenfu"]}, fields={0: OFFERINGS[:2]})
    log = await _log_after(g, ("1", "e"), "en")
    assert any("face-down" in line for line in log)  # the set happened, then I ended
    assert tr("table.idle.action.more", "en") not in log
    assert tr("table.idle.action.full", "en") not in log


@pytest.mark.parametrize("lang", ["en", "zh"])
async def test_a_play_whose_effect_fills_the_field_says_the_slots_are_full(lang: str) -> None:
    # Playtest 4 (F2): Sleight of Hand, played into my 4th slot, took an offering into my 5th;
    # the action phase ended with "Nothing more you can play" while a counter was still in my
    # hand: the full field stopped me, and a placement into a full field says so.
    g = position(
        2,
        turn=0,
        hands={0: ["shunshou", "hushenfu"]},
        fields={0: OFFERINGS[:3], 1: ["qingjiu"]},
    )
    session = EngineSession(g)
    app = TableApp(session, clock=FakeClock(), lang=lang)
    async with app.run_test(size=(120, 40)) as pilot:
        table = app.table
        await until(pilot, lambda: table.view is not None and table.view.prompt is not None)
        await pilot.press("1")  # Play Sleight of Hand (one target: it resolves at once)
        await until(pilot, lambda: [c[:5] for c in session.chosen] == ["play:"])
        lines = table.query_one(GameLog).lines_written
        for _ in range(100):  # the other seat decides next: the steps, told at once
            if any("worship" in x or "祭祀" in x for x in lines):
                break
            await pilot.press("space")
        log = list(lines)
    assert tr("table.idle.action.full", lang) in log, log
    assert tr("table.idle.action.more", lang) not in log
    full = log.index(tr("table.idle.action.full", lang))
    took = [line for line in log[:full] if "Rice Wine" in line or "清酒" in line][-1]
    if lang == "en":  # whose field it went onto, by name (F5: "onto theirs" read oddly)
        assert took == "P0 takes Rice Wine from P1's field onto P0's field", took


@pytest.mark.parametrize("lang", ["en", "zh"])
async def test_an_action_phase_the_turn_timer_ends_gives_that_reason_only(lang: str) -> None:
    # Playtest 4 (F14): the turn timer ran out after a play, with cards still playable; the log
    # said "Nothing more you can play: the action phase ends" and then "Bob timed out (ended
    # the action phase)": two reasons, the first false. The timer's is the one true reason.
    g = position(2, turn=0, hands={0: ["quxie", "hushenfu"]}, fields={0: OFFERINGS[:2]})
    session = EngineSession(g)
    app = TableApp(session, clock=FakeClock(), lang=lang)
    async with app.run_test(size=(120, 40)) as pilot:
        table = app.table
        await until(pilot, lambda: table.view is not None and table.view.prompt is not None)
        await pilot.press("1")  # set Ward Off Evil: the action phase asks again
        await until(pilot, lambda: len(session.chosen) == 1)
        await until(pilot, lambda: table.view is session.view)
        assert g.prompt is not None and g.prompt.seat == 0 and g.prompt.default == "end"
        events = g.apply_default()  # the host's turn timer takes "end"
        update = Update(g.view(0), tuple(events), None)
        session.queue.put_nowait(update)
        await until(pilot, lambda: table.view is update.view)
        lines = table.query_one(GameLog).lines_written
        for _ in range(100):  # the steps, told at once
            if any("worship" in x or "祭祀" in x for x in lines):
                break
            await pilot.press("space")
        log = list(lines)
    timed_out = tr("log.timeout.end", lang)
    assert any(timed_out in line for line in log), log
    assert tr("table.idle.action.more", lang) not in log, log
    assert tr("table.idle.action.full", lang) not in log, log


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "P0 timed out (the default was taken: Discard Green Rice Cake)"),
        ("zh", "P0 超时（取了默认选项：弃掉青团）"),
    ],
)
async def test_a_default_the_timer_took_is_named_to_the_player_who_had_the_choice(
    lang: str, words: str
) -> None:
    # Playtest 4 (F14): "Bob timed out (the default was taken)" did not say what was taken.
    # The player whose question it was saw the options: their log names the one taken.
    g = position(
        2,
        turn=0,
        phase=Phase.WORSHIP,
        hands={0: ["qingtuan", "juhua", "qingjiu", "xianguo", "qingcha"]},
        options=GameOptions(hand_limit=3),
    )
    while g.prompt is not None and g.prompt.kind is not PromptKind.HAND_LIMIT:
        g.choose(g.prompt.seat, g.prompt.default)
    assert g.prompt is not None and g.prompt.seat == 0
    assert g.prompt.default.startswith("discard:")
    session = EngineSession(g)
    app = TableApp(session, clock=FakeClock(), lang=lang)
    async with app.run_test(size=(120, 40)) as pilot:
        table = app.table
        await until(pilot, lambda: table.view is not None and table.view.prompt is not None)
        update = Update(g.view(0), tuple(g.apply_default()), None)  # the host's timer
        session.queue.put_nowait(update)
        await until(pilot, lambda: table.view is update.view)
        await pilot.press("space")
        await pilot.pause()
        log = list(table.query_one(GameLog).lines_written)
    assert words in log, log
    # the others read what they read before: the engine's event names nothing hidden
    others = describe_events(update.events, 1, lang, ["P0", "P1"])
    assert tr("log.timeout", lang, who="P0", took=tr("log.timeout.default", lang)) in others
