"""Following the game at the table: the phase strip, the "what now" line and the countdown bar.

Positions are made by hand (``chain_position``) and time is a FakeClock moved by hand.
"""

from __future__ import annotations

import asyncio
import dataclasses
import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from test_tui_table_support import (
    ScriptedSession,
    TableApp,
    chain_events,
    chain_position,
    chain_script,
    screen_text,
    until,
)
from textual.app import App, ComposeResult
from textual.screen import ModalScreen
from tui_support import isolate, make_app, screen_name
from tui_support import until as wait

from qm_rules.bots import make_bot
from qm_rules.cards import shipped_cards
from qm_rules.game import Game
from qm_rules.model import (
    CardView,
    Event,
    GameOptions,
    Option,
    Phase,
    Prompt,
    PromptKind,
    SlotView,
    View,
)
from qm_tui import config
from qm_tui.app import PlayLocal
from qm_tui.clock import FakeClock
from qm_tui.i18n import tr
from qm_tui.playback import (
    FULL_NOTES,
    IDLE_NOTES,
    PACES,
    Playback,
    most_behind,
    next_pace,
    visible_events,
)
from qm_tui.screens.result import ResultScreen
from qm_tui.screens.table import TableScreen
from qm_tui.session import Update
from qm_tui.widgets.chain import ChainStack
from qm_tui.widgets.keybar import KeyBar
from qm_tui.widgets.log import GameLog
from qm_tui.widgets.status import Now, TableStatus, countdown_bar, phase_strip


def _lit(text) -> list[str]:  # type: ignore[no-untyped-def]
    """The parts of a rich Text drawn in reverse (the lit phase)."""
    return [text.plain[s.start : s.end].strip() for s in text.spans if "reverse" in str(s.style)]


@pytest.mark.parametrize(
    ("phase", "lang", "lit"),
    [
        (Phase.DRAW, "en", "Draw"),
        (Phase.ACTION, "en", "Action"),
        (Phase.WORSHIP, "zh", "祭祀"),
        (Phase.END, "zh", "结束"),
    ],
)
def test_the_phase_strip_lights_the_current_phase_only(phase: Phase, lang: str, lit: str) -> None:
    strip = phase_strip(phase, lang)
    assert _lit(strip) == [lit]
    names = ["抽牌", "摆放", "行动", "祭祀", "结束"] if lang == "zh" else ["Draw", "Place"]
    for name in names:
        assert name in strip.plain
    assert _lit(phase_strip(Phase.OVER, lang)) == []  # nothing lit once the game is over


def test_the_countdown_bar_shrinks_and_turns_yellow_then_red() -> None:
    full = countdown_bar(20, 20)
    assert full.plain.startswith("█" * 12) and full.plain.endswith("20s")
    assert "green" in str(full.spans[0].style)
    half = countdown_bar(9, 20)
    assert half.plain.count("█") == 6 and "yellow" in str(half.spans[0].style)
    end = countdown_bar(4, 20)
    assert end.plain.count("█") == 3 and "red" in str(end.spans[0].style)
    assert countdown_bar(None, None).plain == ""


def _status_now(app: TableApp) -> str:
    return app.table.query_one(TableStatus).now_shown()


async def test_the_status_line_says_respond_and_the_bar_runs_down_on_the_clock() -> None:
    clock = FakeClock()
    view = chain_position()
    app = TableApp(ScriptedSession([Update(view, (), clock.now() + 20.0)]), clock=clock)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: app.table.updates > 0)
        assert _status_now(app).strip() == "Respond?"
        keys = str(app.table.query_one(KeyBar).render())
        assert "p Pass" in keys and "End" not in keys  # a response is passed, not ended
        phases = app.table.query_one("#status-phases").render()
        assert "Turn 7" in str(phases) and "Cat" in str(phases)
        bar = app.table.query_one(TableStatus).timer
        assert str(bar.render()).endswith("20s")
        clock.advance(16)
        bar.refresh_bar()
        drawn = bar.render()
        assert str(drawn).endswith("4s") and str(drawn).count("█") == 3
        assert "red" in str(drawn.spans[0].style)  # type: ignore[attr-defined]


async def test_the_status_line_says_your_turn_then_waiting_for_the_decider() -> None:
    base = chain_position()
    mine = dataclasses.replace(
        base,
        chain=(),
        turn_seat=0,
        prompt=dataclasses.replace(
            base.prompt,  # type: ignore[arg-type]
            kind=PromptKind.ACTION,
            options=(Option("end", "end"),),
            default="end",
        ),
    )
    theirs = dataclasses.replace(
        base,
        chain=(),
        prompt=dataclasses.replace(base.prompt, seat=1, options=(), seq=58),  # type: ignore[arg-type]
    )
    session = ScriptedSession([Update(mine, (), None)])
    app = TableApp(session, lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: app.table.updates > 0)
        assert _status_now(app).strip() == "Your turn"
        assert str(app.table.query_one(TableStatus).timer.render()) == ""  # no timer runs
        keys = str(app.table.query_one(KeyBar).render())
        assert "Options" in keys and "End" in keys  # a decision of mine: its keys...
        assert "Pass" not in keys  # ...but no pass: an action phase is ended, not passed
        await pilot.press("e")  # ending keeps its letter: a number answers card options only
        await until(pilot, lambda: session.chosen == ["end"])
        await pilot.pause()
        assert "waiting for the table" in _status_now(app)  # answered: not "your turn" again
        await app.table.render_view(theirs)
        assert _status_now(app).strip() == "Waiting for Bob"
        keys = str(app.table.query_one(KeyBar).render())  # Bob decides: nothing to pick or pass
        assert "Options" not in keys and "Pass" not in keys and "Chat" in keys, keys
        again = dataclasses.replace(mine, prompt=dataclasses.replace(mine.prompt, seq=59))  # type: ignore[arg-type]
        await app.table.render_view(again)  # my next decision: its keys come back
        assert "Options" in str(app.table.query_one(KeyBar).render())
        app.table.lang = "zh"
        app.table.query_one(TableStatus).forget()
        await app.table.render_view(theirs)
        assert _status_now(app).strip() == "等待 Bob"


async def test_where_no_timer_runs_the_line_counts_how_long_the_decider_has_been_idle() -> None:
    """A table whose host switched the timers off: "Waiting for Bob" shows, where the bar
    would be, how long Bob's decision has waited (playtest 4, F18), from the moment it was
    asked; a new decision counts from nought again, and a timer, when one runs, is drawn."""
    base = chain_position()
    theirs = dataclasses.replace(
        base,
        chain=(),
        prompt=dataclasses.replace(base.prompt, seat=1, options=(), seq=58),  # type: ignore[arg-type]
    )
    clock = FakeClock()
    app = TableApp(ScriptedSession([Update(theirs, (), None)]), lang="en", clock=clock)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: app.table.updates > 0)
        timer = app.table.query_one(TableStatus).timer
        assert _status_now(app).strip() == "Waiting for Bob"
        assert str(timer.render()) == "idle 0:00"
        clock.advance(125)
        timer.refresh_bar()
        assert str(timer.render()) == "idle 2:05"
        clock.advance(3600)
        timer.refresh_bar()
        assert str(timer.render()) == "idle 1:02:05"
        await app.table.render_view(theirs)  # the same decision, drawn again: still counting
        assert str(timer.render()) == "idle 1:02:05"
        nxt = dataclasses.replace(theirs, prompt=dataclasses.replace(theirs.prompt, seq=59))  # type: ignore[arg-type]
        await app.table.render_view(nxt)  # Bob decided; his next decision: from nought
        assert str(timer.render()) == "idle 0:00"
        app.table.deadline_at = clock.now() + 30  # a timer runs: the countdown, not idle
        await app.table.render_view(nxt)
        assert str(timer.render()).endswith("30s")
        app.table.deadline_at = None
        app.table.lang = "zh"
        app.table.query_one(TableStatus).forget()
        clock.advance(61)
        await app.table.render_view(nxt)
        assert str(timer.render()) == "已等 1:01"


# ───────────────────────────── the playback ─────────────────────────────


def _bot_game_updates(seed: int) -> list[tuple[list[Event], View]]:
    """Every update seat 0 would get in a game of random bots that answer chains, the
    opening (the deal and the first turn) first."""
    game = Game.new(["Me", "Bob", "Cat"], seed, GameOptions(ask_everyone=True))
    bots = {s: make_bot("random", f"{seed}:{s}") for s in range(3)}
    out: list[tuple[list[Event], View]] = [(list(game.opening), game.view(0))]
    while not game.over:
        p = game.prompt
        assert p is not None
        events = game.choose(p.seat, bots[p.seat].choose(game.view(p.seat)), p.seq)
        out.append((events, game.view(0)))
    return out


@pytest.mark.parametrize("seed", range(4))
def test_the_playback_tells_every_event_once_in_order_and_ends_on_the_view(seed: int) -> None:
    clock = FakeClock()
    playback = Playback(clock)
    for events, view in _bot_game_updates(seed):
        playback.add(events, view, None)
        steps = playback.flush()
        told = [e for step in steps for e in step.events]
        assert told == visible_events(events, 0)
        assert [s.view for s in steps if s.view is not None] == [view]  # the board moves once
        # after the update the chain drawn is the view's, link for link (with those that
        # resolved already, mid-resolution, still shown as resolved)
        links = steps[-1].chain.links
        assert [ls.link for ls in links if ls.state in ("waiting", "resolving")] == list(view.chain)


@pytest.mark.parametrize("seed", range(3))
def test_a_played_back_step_has_the_number_and_round_of_its_own_turn(seed: int) -> None:
    # The status line shows a step's player with the step's turn: "Turn 2 · bot-3" while turn
    # 1 (bot-3's) is still played back and turn 2 is someone else's would be a lie.
    playback = Playback(FakeClock())
    current: tuple[int, int, int | None] | None = None
    for events, view in _bot_game_updates(seed):
        playback.add(events, view, None)
        for step in playback.flush():
            for e in step.events:
                if e.kind == "turn":
                    current = (e.data["turn"], e.data["round"], e.seat)
            if current is not None:
                assert (*(step.turn or (0, 0)), step.turn_seat) == current
        assert current == (view.turn, view.round, view.turn_seat)


def test_a_phase_of_mine_with_nothing_to_play_says_so_and_no_other() -> None:
    # A phase of mine that passes without a question gets a note ("Nothing you can play: …");
    # one in which I was asked does not, nor does anyone else's. Every phase of some whole
    # games is checked: a bounded search over seeds until both kinds of phase of mine were.
    noted = quiet = games = 0
    for seed in range(20):
        n, q = _check_idle_notes(seed)
        noted, quiet, games = noted + n, quiet + q, games + 1
        if games >= 4 and noted >= 3 and quiet >= 3:
            return
    raise AssertionError(f"20 games: {noted} phases of mine noted, {quiet} quiet")


def _check_idle_notes(seed: int) -> tuple[int, int]:
    """Check the notes of the phases of the game of ``seed``: (noted, quiet) phases of mine."""
    updates = _bot_game_updates(seed)
    asked = {  # (turn, phase) in which a view put a question to me
        (v.turn, str(v.phase)) for _, v in updates if v.prompt is not None and v.prompt.seat == 0
    }
    playback = Playback(FakeClock())
    noted = quiet = 0
    for events, view in updates:
        playback.add(events, view, None)
        for step in playback.flush():
            phase = next((e for e in step.events if e.kind == "phase"), None)
            if phase is None or phase.seat != 0 or phase.data["phase"] not in IDLE_NOTES:
                assert not step.note, step
                continue
            assert step.turn is not None
            was_asked = (step.turn[0], phase.data["phase"]) in asked
            assert bool(step.note) is not was_asked, (step.turn, phase.data)
            if step.note:  # the slots-full wording when the field is full, else the plain one
                assert step.note in (
                    IDLE_NOTES[phase.data["phase"]],
                    FULL_NOTES.get(phase.data["phase"]),
                )
            noted += bool(step.note)
            quiet += not step.note
    return noted, quiet


async def _log_once_it_says(
    view: View, events: tuple[Event, ...], lang: str, words: str
) -> list[str]:
    """The table's log lines, played back at once, after a line with ``words`` was written."""
    app = TableApp(ScriptedSession([Update(view, events, None)]), lang=lang)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: app.table.updates > 0)
        await pilot.press("space")  # everything at once
        log = app.table.query_one(GameLog)
        await until(pilot, lambda: any(words in line for line in log.lines_written))
        return list(log.lines_written)


@pytest.mark.parametrize(
    ("lang", "words"), [("en", "Nothing you can place"), ("zh", "没有可以摆放")]
)
async def test_the_log_says_when_a_phase_of_mine_had_nothing_to_play(lang: str, words: str) -> None:
    view = dataclasses.replace(chain_position(), chain=(), turn_seat=0)
    events = (Event("phase", 0, {"phase": "place"}), Event("phase", 0, {"phase": "action"}))
    lines = await _log_once_it_says(view, events, lang, words)
    note = next(i for i, line in enumerate(lines) if words in line)
    assert "placement" in lines[note - 1] or "摆放" in lines[note - 1]  # after its phase
    assert tr("table.idle.action", lang) not in lines  # the action phase asks me


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", "Your 5 slots are full: placement skipped"), ("zh", "你的 5 个位置都满了，跳过摆放")],
)
async def test_a_placement_skipped_for_a_full_field_says_the_slots_are_full(
    lang: str, words: str
) -> None:
    # Playtest 3: 3 offerings and 2 face-down cards down, offerings in hand, and the log said
    # "Nothing you can place" turn after turn; the real reason is that no slot is free.
    view = dataclasses.replace(chain_position(), chain=(), turn_seat=0, prompt=None)
    me = view.seats[0]
    taken = (
        *me.slots[:3],
        SlotView(3, CardView(13, "hushenfu"), True),
        SlotView(4, CardView(14, "zhuozei"), True),
    )
    hand = (*me.hand, CardView(6, "juhua"))  # an offering in hand: not what stops it
    seats = (dataclasses.replace(me, slots=taken, hand=hand, hand_count=len(hand)), *view.seats[1:])
    view = dataclasses.replace(view, seats=seats)
    events = (Event("phase", 0, {"phase": "place"}), Event("phase", 0, {"phase": "action"}))
    events = (*events, Event("phase", 0, {"phase": "worship"}))
    lines = await _log_once_it_says(view, events, lang, words)
    assert tr("table.idle.place", lang) not in lines  # not the wrong reason
    assert tr("table.idle.action.full", lang) in lines  # nor in the action phase


def test_steps_come_one_at_a_time_at_the_pace_and_catch_up_when_far_behind() -> None:
    clock = FakeClock()
    playback = Playback(clock, "slow")
    updates = _bot_game_updates(3)
    view = updates[0][1]
    phases = [Event("phase", 1, {"phase": p}) for p in ("draw", "place", "action")]
    playback.add(phases, view, None)
    first = playback.due()
    assert [s.events for s in first] == [(phases[0],)]  # the first step at once, not the rest
    assert playback.due() == []  # nothing more until its time has passed
    assert playback.next_at is not None
    wait = playback.next_at - clock.now()
    assert wait == pytest.approx(first[0].weight * PACES["slow"])
    clock.set(playback.next_at)
    assert [s.events for s in playback.due()] == [(phases[1],)]
    clock.set(playback.next_at)
    assert [s.events for s in playback.due() if s.events] == [(phases[2],)]
    # far behind (a whole game queued): the oldest steps come at once, the rest hurry, and
    # what is left to play back is never more than a few seconds (at the slow pace chosen,
    # MOST_BEHIND scaled to its steps: most_behind)
    for events, view in updates:
        playback.add(events, view, None)
    assert playback.queued_seconds() > 60
    caught_up = playback.due()
    assert len(caught_up) > 20
    assert playback.queued_seconds() <= most_behind("slow")
    step = [s for s in caught_up if s.weight > 0][-1]
    assert playback.next_at - clock.now() <= step.weight * PACES["slow"] + 1e-9  # type: ignore[operator]
    assert next_pace("fast") == "normal" and next_pace("normal") == "slow"
    assert next_pace("slow") == "fast"


def test_a_link_keeps_whose_card_it_targeted_as_it_lay_when_made() -> None:
    """Games of bots: a link targeting a card on a field says whose slot it lay in when the
    link was made (the board before its update), also in the frames drawn once the
    resolution has moved the card; the chain's box then reads "-> Green Tea (Bob's slot 2)".
    Games of the first seeds are played until two have such links; every link is checked."""
    games = 0
    for seed in range(20):
        if _check_targeted_links(seed):
            games += 1
        if games == 2:
            break
    assert games == 2, "fewer than two games of the first 20 seeds make a link at a field card"


def _check_targeted_links(seed: int) -> int:
    """Play back the bot game of ``seed``, checking each link made at a card on a field; how
    many there were."""
    from qm_tui.widgets.chain import chain_text
    from qm_words import field_places

    clock = FakeClock()
    playback = Playback(clock)
    board: dict[int, tuple[int, int]] = {}
    found = 0
    for events, view in _bot_game_updates(seed):
        playback.add(events, view, None)
        steps = playback.flush()
        for e in events:
            targets = [t for t in e.data.get("targets") or () if str(t).startswith("c")]
            if e.kind != "activate" or not targets:
                continue
            cid = int(targets[0][1:])
            drawn = [
                ls
                for step in steps
                for ls in step.chain.links
                if (ls.link.index, ls.link.card.cid) == (e.data["link"], e.data["card"])
            ]
            assert drawn, e
            seat, slot = board[cid]  # a card is targeted where it lay
            assert all(ls.places == ((cid, seat, slot),) for ls in drawn)
            # (seat 0 is the viewer: "your slot")
            name = view.seats[seat].name
            words = f"(your slot {slot + 1})" if seat == 0 else f"({name}'s slot {slot + 1})"
            for step in steps:
                if any(ls in drawn for ls in step.chain.links):
                    shown = str(chain_text(step.chain, step.view or view, "en", "Chain"))
                    assert words in shown, shown
            found += 1
        board = field_places(view)
    return found


def _resolution(view: View) -> tuple[View, tuple[Event, ...]]:
    """The chain of ``chain_position`` after my pass: Cat's 驱邪 negates Bob's 鬼打墙, which
    so does nothing, and Cat's 顺手牵羊 takes my 菊花 (Cat then decides, in the action phase)."""
    me, bob, cat = view.seats[0], view.seats[1], view.seats[2]
    taken = me.slots[0].card
    assert taken is not None
    me2 = dataclasses.replace(me, slots=(SlotView(0, None), *me.slots[1:]))
    cat_slots = list(cat.slots)
    cat2 = dataclasses.replace(cat, slots=tuple(cat_slots))
    after = dataclasses.replace(
        view,
        seq=view.seq + 1,
        seats=(me2, bob, cat2, *view.seats[3:]),
        chain=(),
        prompt=Prompt(2, PromptKind.ACTION, view.seq + 1, (), {}, None),
    )
    events = (
        Event("pass", 0, {"link": 2}),
        Event("chain_closed", None, {"links": 3}),
        Event("negate", 2, {"link": 1}),
        Event("section", 2, {"link": 2, "section": 0, "ok": True}),
        Event("resolved", 2, {"link": 2, "negated": False}),
        Event("resolved", 1, {"link": 1, "negated": True}),
        Event("take", 2, {"from": 0, "card": 10, "def": "juhua", "to": "hand"}),
        Event("section", 2, {"link": 0, "section": 0, "ok": True}),
        Event("resolved", 2, {"link": 0, "negated": False}),
    )
    return after, events


def _chain_lines(app: TableApp) -> list[str]:
    stack = app.table.query_one(ChainStack)
    if not stack.display:
        return []
    return str(stack.render()).split("\n")[1:]


async def test_a_chain_of_three_resolves_link_by_link_with_each_outcome() -> None:
    clock = FakeClock()
    view = chain_position()
    after, events = _resolution(view)
    session = ScriptedSession(
        [Update(view, chain_events(), clock.now() + 20), Update(after, events, None)]
    )
    app = TableApp(session, clock=clock)
    async with app.run_test(size=(120, 40)) as pilot:
        table = app.table
        await until(pilot, lambda: table.updates > 0 and not table.playback.ready())
        # my decision came with the chain: shown at once, all three links
        seen = [_chain_lines(app)]
        shown = []
        for _ in range(12):
            if not table.playback.queue:
                break
            assert table.playback.next_at is not None
            clock.set(table.playback.next_at)
            n = len(table.query_one(GameLog).lines_written)
            await until(pilot, lambda n=n: not table.playback.ready())
            seen.append(_chain_lines(app))
            shown.append(table.query_one(GameLog).lines_written[n:])
        current = [
            next((line for line in lines if line.startswith("▶") or "resolved" in line), "")
            for lines in seen
        ]
        text = ["\n".join(lines) for lines in seen]
        # the chain closes: link 3 resolves first
        assert any(t.startswith("▶3.") for t in text)
        # link 3's outcome: it negated link 2
        i3 = next(i for i, t in enumerate(text) if "resolved: Cat negates link 2" in t)
        # then link 2, negated, doing nothing
        i2 = next(i for i, t in enumerate(text) if "✗2." in t and "negated" in t)
        # then link 1, taking my Chrysanthemums
        i1 = next(i for i, t in enumerate(text) if "resolved: Cat takes Chrysanthemums" in t)
        assert i3 < i2 < i1, current
        # the chain done, it is gone (its box, kept, says so), and the board has moved
        assert text[-1] in ("", tr("table.chain.empty", "en"))
        assert table.view is after
        log = [line for lines in shown for line in lines]
        # (a link named by its number names its card and owner too)
        assert log.index("Cat negates link 2: Ghost Wall (Bob)") < log.index(
            "Link 2: Ghost Wall (Bob) was negated"
        )
        assert log.index("Link 2: Ghost Wall (Bob) was negated") < log.index(
            "Link 1: Sleight of Hand (Cat) resolves"
        )


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_negated_link_says_negated_once(lang: str) -> None:
    # Playtest 3: "✗1. root places Incense and Candles (negated)" and then a line "negated".
    from qm_tui.playback import ChainFrame, LinkState
    from qm_tui.widgets.chain import chain_text

    view = chain_position()
    link = dataclasses.replace(view.chain[1], negated=True)
    text = str(chain_text(ChainFrame((LinkState(link, "negated"),)), view, lang, "Chain"))
    assert tr("link.negated", lang) in text, text  # on the link's line
    lines = text.split("\n")  # the title, the link; no outcome line under it saying it again
    assert len(lines) == 2 and lines[1].startswith("✗2."), text


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", "-> Chrysanthemums (your slot 1)"), ("zh", "-> 菊花（你的 1 号位置）")],
)
async def test_the_log_and_the_chain_say_whose_card_a_link_targets(lang: str, words: str) -> None:
    """Cat's 顺手牵羊 at my 菊花: the log's line and the chain's line both say it is mine and
    where ("-> Chrysanthemums (your slot 1)"), as the options do; they named the card only."""
    clock = FakeClock()
    app = TableApp(chain_script(clock), lang=lang, clock=clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: app.table.updates > 0 and not app.table.playback.ready())
        log = app.table.query_one(GameLog).lines_written
        activation = next(line for line in log if "shunshou" not in line and words in line)
        assert activation.startswith("Cat ")
        assert any(words in line for line in _chain_lines(app) if line.lstrip().startswith("1."))


class FedSession(ScriptedSession):
    """A session the test feeds message by message."""

    def __init__(self) -> None:
        super().__init__([])
        self.queue: asyncio.Queue[Update] = asyncio.Queue()

    async def messages(self) -> AsyncIterator[Update]:  # type: ignore[override]
        while True:
            item = await self.queue.get()
            self._view = item.view
            yield item


async def test_a_decision_of_mine_arriving_ends_the_playback_at_once() -> None:
    clock = FakeClock()
    session = FedSession()
    app = TableApp(session, clock=clock)
    updates = _bot_game_updates(1)
    mine = next(
        i
        for i, (_, v) in enumerate(updates)
        if i > 3 and v.prompt is not None and v.prompt.seat == 0 and v.prompt.options
    )
    async with app.run_test(size=(100, 30)) as pilot:
        table = app.table
        fed = 0
        for events, view in updates[:mine]:
            p = view.prompt
            if p is not None and p.seat == 0:
                continue  # (decisions of mine answered by the bot: not sent here)
            session.queue.put_nowait(Update(view, tuple(events), None))
            fed += 1
        await until(pilot, lambda: table.updates > 0 and session.queue.empty())
        await pilot.pause()
        assert table.playback.behind > 1  # the clock has not moved: the table is ahead
        behind_view = table.view
        events, view = updates[mine]
        session.queue.put_nowait(Update(view, tuple(events), clock.now() + 20))
        await until(pilot, lambda: table.view is view)
        assert not table.playback.queue and behind_view is not view
        now = table.query_one(TableStatus).now_shown()
        assert "Your turn" in now or "Respond" in now
        assert fed > 1


async def test_space_skips_to_now_and_s_changes_the_pace() -> None:
    clock = FakeClock()
    session = FedSession()
    app = TableApp(session, clock=clock)
    updates = _bot_game_updates(2)[:12]
    async with app.run_test(size=(100, 30)) as pilot:
        table = app.table
        for events, view in updates:
            if view.prompt is not None and view.prompt.seat == 0:
                view = dataclasses.replace(
                    view, prompt=dataclasses.replace(view.prompt, options=())
                )
            session.queue.put_nowait(Update(view, tuple(events), None))
        last = view
        await until(pilot, lambda: session.queue.empty() and table.updates > 0)
        await pilot.pause()
        assert table.playback.behind > 0
        assert "space skips" in table.query_one(TableStatus).playback_shown()
        await pilot.press("space")
        await until(pilot, lambda: table.view is last)
        assert not table.playback.queue
        assert "pace: normal" in table.query_one(TableStatus).playback_shown()
        await pilot.press("s")
        assert table.playback.pace == "slow"
        await pilot.press("s")
        assert table.playback.pace == "fast"
        await pilot.pause()
        assert "pace: fast" in table.query_one(TableStatus).playback_shown()


# ───────────────────────────── qingming play ─────────────────────────────


async def test_play_shows_the_table_from_the_first_turn_at_the_remembered_pace(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    isolate(tmp_path, monkeypatch)
    first = make_app()
    first.set_pace("slow")  # as the table's s key does
    assert config.load().pace == "slow"
    app = make_app(start=PlayLocal(bots=3, seed=7))
    assert app.pace == "slow"
    async with app.run_test(size=(100, 30)) as pilot:
        await wait(pilot, lambda: getattr(app.screen, "updates", 0) > 0, "the table")
        table = app.screen
        assert isinstance(table, TableScreen) and screen_name(app) == "TableScreen"
        assert table.playback.pace == "slow"
        # the first thing told is the start of the game, whoever moves first
        assert table.query_one(GameLog).lines_written[0].startswith("The game begins")
        # and the table is there before my first turn has gone by (the bots may move first)
        view = table.view
        assert view is not None and view.viewer is not None
        my_first_turn = (view.viewer - view.first_seat) % len(view.seats) + 1
        assert view.round == 1 and view.turn <= my_first_turn, (view.turn, my_first_turn)
        await pilot.press("s")
        assert config.load().pace == "fast"


# ───────────────────────────── the end ─────────────────────────────


async def test_the_final_table_stays_until_the_result_is_opened_over_it() -> None:
    clock = FakeClock()
    app = TableApp(chain_script(clock, ended=True), clock=clock)
    async with app.run_test(size=(120, 40)) as pilot:
        table = app.table
        await until(pilot, lambda: table.ended is not None)
        await pilot.pause()
        assert app.screen is table  # no result yet: the final table
        now = table.query_one(TableStatus).now_shown()
        assert "Game over: Bob wins" in now and "press v" in now
        # the prompt line says so too (nobody is being waited for), and the key bar offers
        # the result, not the keys of a game that is over
        prompt = str(table.query_one("#prompt-title").render())
        assert "Game over: Bob wins" in prompt and "Waiting" not in prompt
        keys = str(table.query_one(KeyBar).render())
        assert "v Result" in keys and "Pass" not in keys and "Options" not in keys
        assert table.view is not None and table.view.result is not None
        await pilot.press("v")
        await until(pilot, lambda: isinstance(app.screen, ResultScreen))
        result = app.screen
        assert isinstance(result, ModalScreen)  # over the table, which stays in the stack
        assert app.screen_stack[-2] is table
        text = screen_text(app)
        assert "Bob wins!" in text and "by worship" in text
        assert "Ancestor: Grandfather" in text  # the winner's ancestor and its condition
        zufu = shipped_cards().by_id["zufu"].text("en")
        assert zufu.split()[0] in text
        assert shipped_cards().by_id["saomu"].name.en in text  # Bob's hand, revealed
        # what each player did, counted from the turn this table saw first
        assert "What each player did" in text and "(from turn 7)" in text
        rows = {m[0]: m[1:] for m in re.findall(r"(\w+) +(\d+) +(\d+) +(\d+) ", text)}
        assert rows["Cat"] == ("2", "1", "1")  # 2 cards played, 1 response, 1 turn
        assert rows["Bob"] == ("1", "1", "0")
        # the last moves of the log
        assert "The last moves" in text and "Cat counters with Ward Off Evil" in text
        await pilot.press("escape")  # back to the final table...
        await until(pilot, lambda: app.screen is table)
        await pilot.press("v")  # ...and the result again
        await until(pilot, lambda: isinstance(app.screen, ResultScreen))
        await pilot.press("q")
        await until(pilot, lambda: bool(app.left))


async def test_the_result_in_chinese_names_the_ancestor_and_the_stats() -> None:
    clock = FakeClock()
    app = TableApp(chain_script(clock, ended=True), lang="zh", clock=clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: app.table.ended is not None)
        assert "游戏结束：Bob 获胜" in app.table.query_one(TableStatus).now_shown()
        await pilot.press("v")
        await until(pilot, lambda: isinstance(app.screen, ResultScreen))
        text = screen_text(app)
        assert "祖宗牌：祖父" in text and "每位玩家做了什么" in text and "最后的日志" in text


async def test_space_in_the_chat_line_is_a_space_not_a_skip() -> None:
    clock = FakeClock()
    session = FedSession()
    app = TableApp(session, clock=clock)
    async with app.run_test(size=(100, 30)) as pilot:
        table = app.table
        for events, view in _bot_game_updates(2)[:6]:
            if view.prompt is not None and view.prompt.seat == 0:
                view = dataclasses.replace(
                    view, prompt=dataclasses.replace(view.prompt, options=())
                )
            session.queue.put_nowait(Update(view, tuple(events), None))
        await until(pilot, lambda: session.queue.empty() and table.updates > 0)
        await pilot.pause()
        behind = table.playback.behind
        assert behind > 0
        await pilot.press("c", "a", "space", "b", "enter")
        await until(pilot, lambda: session.said == ["a b"])
        assert table.playback.behind == behind  # nothing was skipped


async def test_a_decision_auto_passed_does_not_end_the_playback() -> None:
    clock = FakeClock()
    session = FedSession()
    app = TableApp(session, clock=clock)
    base = chain_position()
    theirs = dataclasses.replace(
        base,
        prompt=dataclasses.replace(base.prompt, seat=1, options=(), seq=56),  # type: ignore[arg-type]
    )
    mine = dataclasses.replace(
        base,
        seq=58,
        prompt=dataclasses.replace(base.prompt, seq=58),  # type: ignore[arg-type]
    )
    async with app.run_test(size=(100, 30)) as pilot:
        table = app.table
        session.queue.put_nowait(Update(theirs, chain_events(), None))
        await until(pilot, lambda: table.updates > 0 and session.queue.empty())
        await pilot.pause()
        behind = table.playback.behind
        assert behind > 1
        await pilot.press("a", "a")  # auto-pass for the rest of this turn
        session.queue.put_nowait(Update(mine, (Event("pass", 1, {"link": 2}),), None))
        await until(pilot, lambda: session.chosen == ["pass"])
        assert table.playback.behind >= behind  # still playing the others' moves back
        assert table.view is not mine


@pytest.mark.parametrize(("size", "lang"), [((80, 24), "en"), ((80, 24), "zh"), ((100, 30), "en")])
async def test_the_phase_line_keeps_round_turn_phase_and_piles_on_a_narrow_terminal(
    size: tuple[int, int], lang: str
) -> None:
    """At 80 columns the phases not lit go down to a letter each: the round, the turn, the lit
    phase and the piles all stay on the line; where it is wide, every phase is named."""
    clock = FakeClock()
    app = TableApp(ScriptedSession([Update(chain_position(), (), None)]), clock=clock, lang=lang)
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: app.table.updates > 0)
        await pilot.pause()
        line = screen_text(app).splitlines()[0]
        want = (
            ("Turn 7", "Round 2", "Cat", "Action", "Discard 3")
            if lang == "en"
            else ("第 7 回合", "第 2 轮", "Cat", "行动", "弃牌 3")
        )
        assert all(w in line for w in want), line
        assert ("Worship" in line) is (size[0] >= 100)  # the phases not lit, named or lettered


class _StatusApp(App[None]):
    """The table's status lines alone, to draw them at a given width."""

    def __init__(self, clock: FakeClock) -> None:
        super().__init__()
        self.clock = clock

    def compose(self) -> ComposeResult:
        yield TableStatus(self.clock)


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize(("width", "whole"), [(100, False), (80, False), (160, True)])
async def test_the_playback_state_fits_beside_a_long_status_and_the_timer(
    lang: str, width: int, whole: bool
) -> None:
    # The final moves playing back beside "Game over: Bartholomew wins · press v for the
    # result" and a running timer: at 100 columns the playback's words are shortened, never cut.
    clock = FakeClock()
    app = _StatusApp(clock)
    async with app.run_test(size=(width, 10)) as pilot:
        status = app.query_one(TableStatus)
        status.show(
            lang=lang,
            phase=Phase.OVER,
            info_left="Turn 30",
            info_right="",
            now=Now("over", "Bartholomew"),
            deadline_at=clock.now() + 20,
        )
        keys = ("playback.behind", "playback.behind.short", "playback.behind.tiny")
        wordings = [tr(k, lang, n=1) for k in keys]
        status.show_playback(wordings)
        await pilot.pause()
        line = screen_text(app).splitlines()[1].rstrip()
        assert "Bartholomew" in line and "20s" in line
        over = tr("now.over", lang, who="Bartholomew")
        hint = tr("now.over_hint", lang)
        assert f"{over} · {hint}" in line or f"{over}  " in line, line  # whole, or shorter
        assert any(line.endswith(w) for w in wordings), line  # one wording, whole
        if whole:
            assert line.endswith(wordings[0])  # the full one where there is room
