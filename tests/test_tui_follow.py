"""Following the game at the table: the phase strip, the "what now" line and the countdown bar.

Positions are made by hand (``chain_position``) and time is a FakeClock moved by hand.
"""

from __future__ import annotations

import dataclasses

import pytest
from test_tui_table_support import ScriptedSession, TableApp, chain_position, until

from qm_rules.model import Option, Phase, PromptKind
from qm_tui.clock import FakeClock
from qm_tui.session import Update
from qm_tui.widgets.status import TableStatus, TimerBar, countdown_bar, phase_strip


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
    return str(app.table.query_one("#status-now").render())


async def test_the_status_line_says_respond_and_the_bar_runs_down_on_the_clock() -> None:
    clock = FakeClock()
    view = chain_position()
    app = TableApp(ScriptedSession([Update(view, (), clock.now() + 20.0)]), clock=clock)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: app.table.updates > 0)
        assert _status_now(app).strip() == "Respond?"
        phases = app.table.query_one("#status-phases").render()
        assert "Turn 7" in str(phases) and "Cat" in str(phases)
        bar = app.table.query_one(TimerBar)
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
        assert str(app.table.query_one(TimerBar).render()) == ""  # no timer runs
        await pilot.press("1")
        await until(pilot, lambda: session.chosen == ["end"])
        await pilot.pause()
        assert "waiting for the table" in _status_now(app)  # answered: not "your turn" again
        await app.table.render_view(theirs)
        assert _status_now(app).strip() == "Waiting for Bob"
        app.table.lang = "zh"
        app.table.query_one(TableStatus).forget()
        await app.table.render_view(theirs)
        assert _status_now(app).strip() == "等待 Bob"
