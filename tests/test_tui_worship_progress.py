"""At the table, a player whose ancestor is on their field is told why their phases pass and
how far its worship condition is (playtest 4, F1): the game is a real one, played to First
Ancestor's worship on 4 offerings (it needs 5 stacked), then on to that player's next turn."""

from __future__ import annotations

import pytest
from test_tui_table_support import ScriptedSession, TableApp, screen_text, until
from test_worship_progress import worshipped_first_ancestor

from qm_rules import PromptKind
from qm_rules.game import Game
from qm_rules.model import Event
from qm_tui.i18n import tr
from qm_tui.session import Update
from qm_tui.widgets.log import GameLog


def _until_mine(g: Game) -> list[Event]:
    """Every other seat takes its default until seat 0 decides: the events meanwhile."""
    events: list[Event] = []
    while g.prompt is not None and g.prompt.seat != 0:
        events += g.choose(g.prompt.seat, g.prompt.default)
    return events


def _updates() -> list[Update]:
    """Seat 0 worships with First Ancestor on 4 offerings; the next turn's placement passes
    (the ancestor is on the field), then its worship phase (nothing to stack)."""
    g, worship = worshipped_first_ancestor(["saomu", "qingming_yu", "zhuozei"])  # no offering
    worship += _until_mine(g)
    assert g.prompt is not None and g.prompt.kind is PromptKind.ACTION and g.view(0).turn > 2
    first = Update(g.view(0), tuple(worship), None)
    later = g.choose(0, "end")  # the worship phase has nothing to ask: it passes
    assert g.view(0).turn_seat == 1 and len(g.view(0).seats[0].stacked) == 4
    return [first, Update(g.view(0), tuple(later + _until_mine(g)), None)]


@pytest.mark.parametrize(
    ("lang", "place", "worship", "header"),
    [
        (
            "en",
            "Your ancestor is on your field: placement skipped",
            "You have worshipped already. First Ancestor: 4 of 5 offerings stacked - not yet",
            "stacked 4  First Ancestor: 4 of 5 offerings stacked",
        ),
        (
            "zh",
            "你的祖宗牌在场上，跳过摆放",
            "你已经祭祀过了。始祖：叠放的供品 4/5，还没达成",
            "叠放 4  始祖：叠放的供品 4/5",
        ),
    ],
)
async def test_after_a_worship_that_did_not_win_the_table_says_what_the_ancestor_needs(
    lang: str, place: str, worship: str, header: str
) -> None:
    app = TableApp(ScriptedSession(_updates()), lang=lang)
    async with app.run_test(size=(160, 48)) as pilot:
        log = app.table.query_one(GameLog)
        for _ in range(2):
            await until(pilot, lambda: app.table.updates > 0)
            await pilot.press("space")  # everything at once
        await until(pilot, lambda: worship in log.lines_written)
        lines = list(log.lines_written)
        assert place in lines
        assert tr("table.idle.place", lang) not in lines  # not the wrong reason
        assert tr("table.idle.worship", lang) not in lines
        assert header in app.table.seat_header(app.table.view.seats[0], app.table.view)
        assert header.split("  ")[1] in screen_text(app)  # on the field area's name line
