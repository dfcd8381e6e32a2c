"""The response timer runs under the quit dialog (the host's timer cannot pause for one player:
the others wait on it), so the dialog says that a question of mine is waiting and its
countdown, and, if the time runs out while it is up, that it did (playtest 6)."""

from __future__ import annotations

import dataclasses

import pytest
from test_tui_autopass import FedSession, respond
from test_tui_table_support import TableApp, until
from tui_support import make_app, screen_name
from tui_support import until as until_said

from qm_rules.model import Event
from qm_tui.app import PlayLocal
from qm_tui.clock import FakeClock
from qm_tui.screens.leave import Choice, LeaveModal, LeaveQuestion
from qm_tui.session import Update
from qm_tui.widgets.waiting import WaitingNote

DUE = {"en": "is due in {n} s", "zh": "还剩 {n} 秒"}
TIMED_OUT = {"en": "Time ran out for your answer to", "zh": "回答超时了"}
PASSED = {"en": "(passed)", "zh": "（不跟牌）"}


def note(app) -> str:
    return app.screen.query_one(WaitingNote).words


async def feed(pilot, app, session, view, events=(), deadline=None) -> None:
    before = app.table.updates
    await session.queue.put(Update(view, tuple(events), deadline))
    await until(pilot, lambda: app.table.updates > before)
    await pilot.pause()


@pytest.mark.parametrize("lang", ["en", "zh"])
async def test_the_dialog_counts_down_the_question_behind_it_and_says_when_time_ran_out(
    lang: str,
) -> None:
    session, clock = FedSession(), FakeClock()
    app = TableApp(session, clock=clock, lang=lang)  # type: ignore[arg-type]
    async with app.run_test(size=(160, 48)) as pilot:
        await feed(pilot, app, session, respond(57), deadline=clock.now() + 20)
        what = str(app.table.query_one("#prompt-title").render())
        question = LeaveQuestion("Quit?", (Choice("stay", "n", "Stay"),))
        table = app.table
        await app.push_screen(
            LeaveModal(question, waiting=table.waiting_question, clock=clock, lang=lang)
        )
        await until(pilot, lambda: DUE[lang].format(n=20) in note(app))
        assert what and what in note(app)  # the question, in the words the prompt bar used
        clock.advance(6)  # reading the dialog: the question's timer goes on
        await until(pilot, lambda: DUE[lang].format(n=14) in note(app))
        # the host's timer runs out: it passes for me, and the next view has no question of mine
        timeout = Event("timeout", 0, {"option": "pass"})
        after = dataclasses.replace(respond(58), prompt=None)
        clock.advance(14)
        await feed(pilot, app, session, after, events=[timeout, Event("pass", 0, {})])
        await until(pilot, lambda: TIMED_OUT[lang] in note(app))
        assert PASSED[lang] in note(app) and what in note(app)
        # staying: the table is as the host left it, nothing more to answer
        await pilot.press("n")
        await until(pilot, lambda: app.screen is table)
        assert session.chosen == []


async def test_no_question_of_mine_nothing_is_said_and_an_old_timeout_is_not_told() -> None:
    session, clock = FedSession(), FakeClock()
    app = TableApp(session, clock=clock)  # type: ignore[arg-type]
    async with app.run_test(size=(160, 48)) as pilot:
        await feed(pilot, app, session, respond(57), deadline=clock.now() + 20)
        timeout = Event("timeout", 0, {"option": "pass"})
        after = dataclasses.replace(respond(58), prompt=None)
        await feed(pilot, app, session, after, events=[timeout])
        question = LeaveQuestion("Quit?", (Choice("stay", "n", "Stay"),))
        table = app.table
        modal = LeaveModal(question, waiting=table.waiting_question, clock=clock, lang="en")
        await app.push_screen(modal)
        await pilot.pause()
        assert note(app) == ""  # a timeout before the dialog opened is the log's to tell
        assert not modal.query_one(WaitingNote).display


async def test_ctrl_q_at_a_table_with_my_question_pending_says_it_is_waiting() -> None:
    """The app's own quit dialog reads the question from the table it covers."""
    app = make_app(start=PlayLocal(bots=1, seed=4), journal=True)
    async with app.run_test(size=(160, 48)) as pilot:
        await until_said(pilot, lambda: screen_name(app) == "TableScreen", "the table")
        table = app.screen

        def mine() -> bool:
            v = table.view  # type: ignore[attr-defined]
            return v is not None and v.prompt is not None and v.prompt.seat == v.viewer

        await until_said(pilot, mine, "a question of mine")
        what = str(table.query_one("#prompt-title").render())
        await pilot.press("ctrl+q")
        await until_said(pilot, lambda: isinstance(app.screen, LeaveModal), "the dialog")
        await until_said(pilot, lambda: what in note(app), "the question in the dialog")
        await pilot.press("n")
        await until_said(pilot, lambda: app.screen is table, "the table again")


async def test_the_concede_question_says_so_too() -> None:
    from qm_tui.widgets.modals import ConfirmModal

    session, clock = FedSession(), FakeClock()
    app = TableApp(session, clock=clock)  # type: ignore[arg-type]
    async with app.run_test(size=(100, 30)) as pilot:
        await feed(pilot, app, session, respond(57), deadline=clock.now() + 20)
        await pilot.press("x")
        await until(pilot, lambda: isinstance(app.screen, ConfirmModal))
        clock.advance(6)
        await until(pilot, lambda: DUE["en"].format(n=14) in note(app))
        await pilot.press("n")
        await until(pilot, lambda: app.screen is app.table)
        assert session.chosen == []
