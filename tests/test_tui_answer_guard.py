"""A key meant for one question must not answer the next: a new question of mine takes no key
until the keyboard has been quiet for a moment (``qm_tui.config.ANSWER_GUARD``) since it
appeared. Until then the keys that answer it are not taken, the option list shows it is not yet
taking keys, every key pressed meanwhile starts the moment again (a held or hammered key never
answers a question that came in the middle of it, nor the cost steps of an activation), and a
key pressed then says why, in one toast at a time; after the moment the same key answers, at
once. A key counts from when it was pressed, not from when the table handled it. The same
question drawn again does not start the moment again; the response timer and auto-pass do not
wait for it.

The guard runs on the table's clock: these tests turn it on (the suite's fixture turns it off,
tests/conftest.py) and move a fake clock by hand."""

from __future__ import annotations

import dataclasses

import pytest
from test_tui_autopass import FedSession, effect_choice, respond
from test_tui_table_support import TableApp, until

from qm_tui import config
from qm_tui.clock import FakeClock
from qm_tui.screens.leave import LeaveModal
from qm_tui.screens.table_keys import GuardedKeys
from qm_tui.session import Seats, SeatStatus, Update
from qm_tui.widgets.prompt import PromptBar

GUARD = 0.5
TOO_SOON = "A new question just came up: keys pressed while its options are dimmed"


@pytest.fixture(autouse=True)
def guard_on(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(config, "ANSWER_GUARD", GUARD)
    # The guard runs on the fake clock, but Textual times a toast on the real one: a toast that
    # outlives any test keeps "one toast, still showing" a fact about the guard, never about
    # how fast a loaded machine ran the burst.
    monkeypatch.setattr(GuardedKeys, "TOO_SOON_SECONDS", 3600.0)


def told(app: TableApp) -> list[str]:
    return [n.message for n in app._notifications]


def unarmed(app: TableApp) -> bool:
    return app.table.query_one(PromptBar).has_class("-unarmed")


def sent(app: TableApp) -> bool:
    """A choice was taken from the keys (the list shows it answered at once, before any reply
    of the host)."""
    return app.table.query_one(PromptBar).has_class("-sent")


def toasts(app: TableApp) -> int:
    """How many too-soon toasts are showing."""
    return sum(TOO_SOON in m for m in told(app))


async def feed(pilot, app: TableApp, session: FedSession, view, deadline: float | None = None):
    before = app.table.updates
    await session.queue.put(Update(view, (), deadline))
    await until(pilot, lambda: app.table.updates > before)
    await pilot.pause()


async def test_a_key_in_a_new_questions_first_moment_is_not_taken_and_says_why() -> None:
    session, clock = FedSession(), FakeClock()
    app = TableApp(session, clock=clock)  # type: ignore[arg-type]
    async with app.run_test(size=(160, 48)) as pilot:
        await feed(pilot, app, session, respond(57))
        first = app.table.view.prompt.ids[0]
        assert unarmed(app)  # the list shows it is not yet taking keys
        clock.advance(0.3)  # the playtester's key: 0.3 s after the question appeared
        await pilot.press("1")
        await pilot.pause()
        assert session.chosen == []
        assert any(TOO_SOON in m for m in told(app)), told(app)
        # nor Enter on the list, nor the pass key
        app.table.query_one(PromptBar).options_list.focus()
        await pilot.press("enter", "p")
        await pilot.pause()
        assert session.chosen == []
        assert sum(TOO_SOON in m for m in told(app)) == 1  # said once
        # once the keyboard has been quiet for the moment the same key answers, and the list
        # says it takes keys
        clock.advance(GUARD)
        await until(pilot, lambda: not unarmed(app))
        await pilot.press("1")
        await until(pilot, lambda: session.chosen == [first])


async def test_a_burst_of_keys_across_a_new_question_answers_nothing_until_it_stops() -> None:
    """Playtest 4: ``1`` pressed every 0.3 s (shorter than the moment) from before a question
    of mine appeared answered it 0.3 s after the first press the table refused. Every key
    pressed while the options are dimmed starts the moment again: nothing is answered while
    the burst goes on, across two new questions, with one toast; once the keys stop for the
    moment, one press answers."""
    session, clock = FedSession(), FakeClock()
    app = TableApp(session, clock=clock)  # type: ignore[arg-type]
    async with app.run_test(size=(80, 24)) as pilot:
        await feed(pilot, app, session, dataclasses.replace(respond(56), prompt=None))
        for _ in range(3):  # the burst begins during someone else's turn
            await pilot.press("1")
            clock.advance(0.3)
        await feed(pilot, app, session, respond(57))
        for i in range(12):
            clock.advance(0.3)
            await pilot.press("1")
            await pilot.pause()
            if i == 5:  # another new question in the middle of the burst
                await feed(pilot, app, session, respond(58))
            assert session.chosen == [], i
            assert unarmed(app), i
            assert toasts(app) == 1, told(app)
        clock.advance(GUARD - 0.01)  # not quite quiet long enough
        await pilot.press("2")
        await pilot.pause()
        assert session.chosen == []
        clock.advance(GUARD)
        await until(pilot, lambda: not unarmed(app))
        await pilot.press("1")
        assert sent(app)  # taken at once: the press the player meant
        await until(pilot, lambda: session.chosen == [app.table.view.prompt.ids[0]])
        assert toasts(app) <= 1


async def test_keys_too_soon_for_several_questions_are_told_in_one_toast() -> None:
    """One toast at a time, not one a question: at 80x24 stacked toasts of CJK text clipped
    each other (playtest 4). Three questions in a row, each with a key pressed too soon (a
    question that came, then was taken by someone else's timer, then the next)."""
    session, clock = FedSession(), FakeClock()
    app = TableApp(session, lang="zh", clock=clock)  # type: ignore[arg-type]
    async with app.run_test(size=(80, 24)) as pilot:
        for seq in (57, 58, 59):
            await feed(pilot, app, session, respond(seq))
            clock.advance(0.2)
            await pilot.press("1")
            await pilot.pause()
            clock.advance(0.2)
        assert session.chosen == []
        zh = "新的问题刚出现"
        assert sum(zh in m for m in told(app)) == 1, told(app)
        assert len(told(app)) == 1, told(app)  # and nothing else said


async def test_a_calm_press_after_a_quiet_gap_answers_at_once() -> None:
    """No sluggishness for a calm player: on the real clock, a question shown, no key for the
    moment, then one press: that press answers (it is taken before the pilot's press returns;
    nothing waits or retries), with no toast. The real clock's moments are ordered: the press
    comes after the pause by construction, so this needs no timing to hold."""
    from qm_tui.clock import SystemClock

    session = FedSession()
    app = TableApp(session, clock=SystemClock())  # type: ignore[arg-type]
    async with app.run_test(size=(160, 48)) as pilot:
        app.table.answer_guard = 0.2
        await feed(pilot, app, session, respond(57))
        await pilot.pause(0.25)  # reading it (longer than the moment)
        await pilot.press("1")
        assert sent(app)
        await until(pilot, lambda: len(session.chosen) == 1)
        assert toasts(app) == 0


async def test_a_key_counts_from_when_it_was_pressed_not_when_it_was_handled() -> None:
    """Under load a key can be handled well after it was pressed: a ``1`` pressed before the
    question appeared, handled after the moment had passed, must not answer it. The table
    reads the key's own time stamp (Textual's ``Message.time``) on the real clock."""
    from textual import events

    from qm_tui.clock import SystemClock

    session = FedSession()
    app = TableApp(session, clock=SystemClock())  # type: ignore[arg-type]
    async with app.run_test(size=(160, 48)) as pilot:
        app.table.answer_guard = 0.2
        late = events.Key("1", "1")  # pressed now, before the question ...
        late.set_sender(app)
        await feed(pilot, app, session, respond(57))
        await pilot.pause(0.25)  # ... handled after the moment
        app._driver.send_message(late)  # type: ignore[union-attr]
        await pilot.pause()
        assert session.chosen == [] and not sent(app)
        assert toasts(app) == 1
        # held back, it started the moment again from when it was pressed (before the
        # question): the moment since the question has passed, so the next press answers
        await pilot.press("1")
        await until(pilot, lambda: len(session.chosen) == 1)


def test_the_real_clock_places_a_stamp_in_the_past() -> None:
    """SystemClock.at: a message stamped 0.3 s ago (on Textual's clock) happened at least
    0.3 s before now on the table's clock; a stamp from the future counts as now."""
    from textual._time import get_time

    from qm_tui.clock import SystemClock

    clock = SystemClock()
    pressed = clock.at(get_time() - 0.3)
    assert clock.now() - pressed >= 0.3 - 1e-6  # (floats)
    before = clock.now()
    assert clock.at(get_time() + 5) >= before


async def test_the_cost_steps_of_a_response_are_guarded_too(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Playtest 4's table, a real game: I play 扫墓, Bob springs 鬼打墙, and ``1`` hammered
    from then on must neither answer my response nor, once I answer it with 拆台 myself, its
    cost (discard 2: a question a card): each cost question that comes waits for the
    keyboard to be quiet, as any new question of mine does."""
    from helpers import in_hand
    from test_tui_table_support import bob_springs_his_trap, my_prompt, trap_table

    from qm_rules.model import PromptKind
    from qm_tui.session import NetSession

    clock = FakeClock()

    def seq() -> int:
        return app.table.view.prompt.seq  # type: ignore[union-attr]

    async def hammer(times: int) -> None:
        """``1`` every 0.3 s: none of it answers, and one toast says why."""
        asked = seq()
        for _ in range(times):
            clock.advance(0.3)
            await pilot.press("1")
            assert app.table._chosen_seq != asked and seq() == asked and unarmed(app)
            assert toasts(app) <= 1

    async def key_for(option: str) -> None:
        """Quiet for the moment, then the key: taken (the table's own mark; the host's next
        question may already have cleared the list's)."""
        clock.advance(GUARD)
        asked = seq()
        await pilot.press(str(app.table.view.prompt.ids.index(option) + 1))  # type: ignore[union-attr]
        assert app.table._chosen_seq == asked

    async with trap_table(monkeypatch, response_timer=None) as (host, me, bob):
        app = TableApp(NetSession(me, clock=clock, reconnect_delays=()), clock=clock)  # type: ignore[arg-type]
        async with app.run_test(size=(80, 24)) as pilot:
            await me.set_ready(True)
            await bob.set_ready(True)
            await until(pilot, lambda: my_prompt(app, PromptKind.ACTION))
            game = host.game
            assert game is not None
            await key_for(f"play:{in_hand(game, 0, 'saomu')}")
            await pilot.press("1")  # the burst is under way before the question comes
            await bob_springs_his_trap(game, bob)
            await until(pilot, lambda: my_prompt(app, PromptKind.RESPOND))
            await hammer(6)
            assert toasts(app) == 1
            await key_for(f"counter:{in_hand(game, 0, 'chaitai')}")
            await until(pilot, lambda: my_prompt(app, PromptKind.COST))
            assert unarmed(app)
            await hammer(4)  # the first cost question: held back
            first_paid = seq()
            await key_for(app.table.view.prompt.ids[0])  # type: ignore[union-attr]
            await until(pilot, lambda: my_prompt(app, PromptKind.COST) and seq() != first_paid)
            assert unarmed(app)
            await hammer(4)  # the second: held back too
            pending = game.prompt
            assert pending is not None and pending.kind is PromptKind.COST, pending
            assert pending.seq == seq()  # the host still waits on it


async def test_the_same_question_drawn_again_does_not_start_the_moment_again() -> None:
    session, clock = FedSession(), FakeClock()
    app = TableApp(session, clock=clock)  # type: ignore[arg-type]
    async with app.run_test(size=(160, 48)) as pilot:
        await feed(pilot, app, session, respond(57))
        clock.advance(GUARD)
        await until(pilot, lambda: not unarmed(app))
        # the same prompt again (re-sent after a reconnection; the seats redrawn)
        await feed(pilot, app, session, respond(57))
        seats = Seats((SeatStatus(0, "Me", "human", True),), grace=30.0)
        await session.queue.put(seats)
        await until(pilot, lambda: app.table.seat_status.get(0) is not None)
        await pilot.pause()
        assert not unarmed(app)
        await pilot.press("1")
        await until(pilot, lambda: len(session.chosen) == 1)
        # a new question (the next seq) does start it again
        await feed(pilot, app, session, respond(58))
        assert unarmed(app)
        await pilot.press("1")
        await pilot.pause()
        assert len(session.chosen) == 1
        clock.advance(GUARD)
        await pilot.press("1")
        await until(pilot, lambda: len(session.chosen) == 2)


async def test_the_timer_and_auto_pass_do_not_wait_for_the_moment() -> None:
    session, clock = FedSession(), FakeClock()
    app = TableApp(session, clock=clock)  # type: ignore[arg-type]
    async with app.run_test(size=(160, 48)) as pilot:
        await feed(pilot, app, session, respond(57), deadline=clock.now() + 20)
        countdown = app.table.query_one("#prompt-countdown")
        assert str(countdown.render()) == "20s"  # counted from the host's deadline, as ever
        assert unarmed(app)
        # auto-pass answers at once, within the moment ("a": a key, but not an answer key)
        await pilot.press("a", "a")
        await until(pilot, lambda: session.chosen == ["pass"])
        # ... and a new question it covers is passed at once too
        await feed(pilot, app, session, respond(58), deadline=clock.now() + 20)
        await until(pilot, lambda: session.chosen == ["pass", "pass"])
        assert not any(TOO_SOON in m for m in told(app))
        # a question auto-pass does not answer waits for its moment, its timer running as ever
        await feed(pilot, app, session, effect_choice(59), deadline=clock.now() + 20)
        assert unarmed(app)
        clock.advance(6)
        await until(pilot, lambda: str(countdown.render()) == "14s")
        await until(pilot, lambda: not unarmed(app))
        await pilot.press("1")
        await until(pilot, lambda: session.chosen[-1] == "pick:2")


async def test_a_question_that_came_under_a_dialog_starts_its_moment_when_it_closes() -> None:
    """The keys went to the dialog: the question is seen when it closes."""
    from qm_tui.screens.leave import Choice, LeaveQuestion

    session, clock = FedSession(), FakeClock()
    app = TableApp(session, clock=clock)  # type: ignore[arg-type]
    async with app.run_test(size=(160, 48)) as pilot:
        await feed(pilot, app, session, dataclasses.replace(respond(56), prompt=None))
        question = LeaveQuestion("Quit?", (Choice("stay", "n", "Stay"),))
        await app.push_screen(LeaveModal(question))
        await feed(pilot, app, session, respond(57))
        clock.advance(GUARD + 1)  # reading the dialog
        await pilot.press("n")  # stay
        await until(pilot, lambda: app.screen is app.table)
        await pilot.pause()
        assert unarmed(app)
        await pilot.press("1")
        await pilot.pause()
        assert session.chosen == []
        clock.advance(GUARD)
        await pilot.press("1")
        await until(pilot, lambda: len(session.chosen) == 1)


def test_the_guard_is_one_setting_of_the_config_file(tmp_path, monkeypatch) -> None:
    """``answer_guard`` in config.json (seconds; 0 turns it off; at most 2 s), else the
    default."""
    from tui_support import isolate

    path = isolate(tmp_path, monkeypatch)
    assert config.answer_guard(config.load()) == GUARD
    path.mkdir(parents=True, exist_ok=True)
    for raw, expected in (("0", 0.0), ("0.25", 0.25), ("9", config.MAX_ANSWER_GUARD)):
        (path / "config.json").write_text(f'{{"answer_guard": {raw}}}', encoding="utf-8")
        assert config.answer_guard(config.load()) == expected
    for bad in ('"soon"', "-1", "true", "null"):
        (path / "config.json").write_text(f'{{"answer_guard": {bad}}}', encoding="utf-8")
        assert config.answer_guard(config.load()) == GUARD, bad
