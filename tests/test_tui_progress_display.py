"""The table says how near everyone is to winning and why a card cannot be played, at 80x24 and
160x48, in both languages: each seat's offerings out of 4, my hand's ancestors and what
declaring them would do, the worship prompt's verdict, and a focused card's why-not (and the
same words when it is chosen anyway). Played at the lessons' table: the same table screen as a
networked game's, over the prompt's ``why_not`` as a host sends it."""

from __future__ import annotations

from typing import Any

import pytest
from tui_support import make_app, until

from qm_rules.i18n import tr
from qm_rules.lessons import LESSONS
from qm_rules.plays import Reason
from qm_tui.app import Learn
from qm_tui.screens.learn import LessonsScreen, LocalTableScreen
from qm_tui.table_model import SeatHeader
from qm_tui.widgets.detail import CardDetail
from qm_tui.widgets.field import header_line
from qm_tui.widgets.prompt import PromptBar
from qm_tui.widgets.tiles import TableTile
from qm_words import card_name, why_not_words


async def _lesson(pilot: Any, app: Any, lesson_id: str) -> Any:
    await until(pilot, lambda: isinstance(app.screen, LessonsScreen), "the lessons")
    for _ in range([x.id for x in LESSONS].index(lesson_id)):
        await pilot.press("down")
    await pilot.press("enter")
    await until(pilot, lambda: isinstance(app.screen, LocalTableScreen), "the lesson")
    table = app.screen
    await until(pilot, lambda: table.view is not None and table.view.prompt is not None, "asked")
    return table


def _hand_tile(table: Any, card: str) -> TableTile:
    return next(
        t
        for t in table.query(TableTile)
        if t.zone == "hand" and t.card is not None and t.card.card == card
    )


def _first_option(bar: PromptBar) -> str:
    if not bar.option_ids:
        return ""
    return str(bar.options_list.get_option_at_index(0).prompt)


def _detail(table: Any) -> str:
    return str(table.query_one(CardDetail).render())


@pytest.mark.parametrize("size", [(80, 24), (160, 48)], ids=["80x24", "160x48"])
@pytest.mark.parametrize("lang", ["zh", "en"])
async def test_a_focused_card_says_why_it_cannot_be_played(
    lang: str, size: tuple[int, int]
) -> None:
    app = make_app(lang=lang, start=Learn())
    async with app.run_test(size=size) as pilot:
        table = await _lesson(pilot, app, "actions")  # my action phase: an offering in hand
        tile = _hand_tile(table, "xianguo")
        tile.focus()
        why = why_not_words(Reason("placement_phase"), "xianguo", lang)
        words = tr("table.whynot", lang, why=why)
        await until(pilot, lambda: words in _detail(table).replace("\n", ""), "the reason")
        await pilot.press("enter")  # chosen anyway: nothing is played, and the table says why
        await until(pilot, lambda: any(words in str(n.message) for n in app._notifications), "told")
        assert table.local.run.step == 0
        # each seat's offerings out of the 4 worship needs, in its name line
        view = table.view
        for sv in view.seats:
            header = table.model.seat_header(sv, view, lang)
            assert isinstance(header, SeatHeader) and header.offerings is not None
            line = header_line(header, lang)
            assert tr("progress.offerings", lang, n=header.offerings, need=4) in line
        assert [table.model.seat_header(sv, view, lang).offerings for sv in view.seats] == [0, 2]


@pytest.mark.parametrize("size", [(80, 24), (160, 48)], ids=["80x24", "160x48"])
@pytest.mark.parametrize("lang", ["zh", "en"])
async def test_the_worship_prompt_says_whether_declaring_wins(
    lang: str, size: tuple[int, int]
) -> None:
    app = make_app(lang=lang, start=Learn())
    async with app.run_test(size=size) as pilot:
        table = await _lesson(pilot, app, "worship")
        run = table.local.run
        view = table.view
        me = view.seats[run.seat]
        header = table.model.seat_header(me, view, lang)
        name = card_name("zumu", lang)
        assert header.outlook is not None and name in header.outlook  # my hand's ancestor
        assert header.offerings == 3
        # the name line is cut at 80 columns: focusing it shows it whole in the detail panel
        table.areas[run.seat].header.focus()
        await until(pilot, lambda: name in _detail(table).replace("\n", ""), "the whole line")
        await pilot.press("1")  # place the fourth offering
        await until(pilot, lambda: run.step == 1, "placed")
        verdict = tr("table.option.worship.win", lang)
        bar = table.query_one(PromptBar)
        await until(pilot, lambda: verdict in _first_option(bar), "the verdict")
