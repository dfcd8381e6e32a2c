"""A key meant for one question must not answer the next: for a moment after a new question of
mine appears (``qm_tui.config.ANSWER_GUARD``), the keys that answer it are not taken, the
option list shows it is not yet taking keys, and a key pressed then says why; after the moment
the same key answers. The same question drawn again does not start the moment again; the
response timer and auto-pass do not wait for it.

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
from qm_tui.session import Seats, SeatStatus, Update
from qm_tui.widgets.prompt import PromptBar

GUARD = 0.5
TOO_SOON = "A new question just came up: that key did not answer it"


@pytest.fixture(autouse=True)
def guard_on(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(config, "ANSWER_GUARD", GUARD)


def told(app: TableApp) -> list[str]:
    return [n.message for n in app._notifications]


def unarmed(app: TableApp) -> bool:
    return app.table.query_one(PromptBar).has_class("-unarmed")


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
        assert sum(TOO_SOON in m for m in told(app)) == 1  # said once a question
        # after the moment the same key answers, and the list says it takes keys
        clock.advance(GUARD - 0.3)
        await until(pilot, lambda: not unarmed(app))
        await pilot.press("1")
        await until(pilot, lambda: session.chosen == [first])


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
