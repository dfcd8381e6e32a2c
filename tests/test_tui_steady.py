"""On a tall screen what comes and goes with every move keeps its place: the option list keeps
its rows whether it shows options or not, and the chain's box keeps rows for a chain of one
link, so that neither moves the board or the log (each move was a new layout of the screen and a
redraw of what moved). On a short screen both take only the rows they need."""

from __future__ import annotations

import dataclasses

import pytest
from test_tui_cards import chain_position, negated_position
from test_tui_table_support import ScriptedSession, TableApp, until

from qm_tui.clock import FakeClock
from qm_tui.session import Update
from qm_tui.widgets.chain import ChainStack
from qm_tui.widgets.log import GameLog
from qm_tui.widgets.prompt import PromptBar


@pytest.mark.parametrize(("size", "kept"), [((160, 48), True), ((100, 30), False)])
async def test_the_board_stays_put_when_options_come_and_go(
    size: tuple[int, int], kept: bool
) -> None:
    mine = negated_position()  # I am asked to respond: two options
    assert mine.prompt is not None and len(mine.prompt.options) == 2
    others = dataclasses.replace(mine, prompt=dataclasses.replace(mine.prompt, seat=2))
    app = TableApp(ScriptedSession([Update(mine, (), None)]), clock=FakeClock())
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: app.table.updates > 0)
        await pilot.pause()
        board = app.table.query_one("#board")
        ol = app.table.query_one(PromptBar).options_list
        with_options = (board.size.height, ol.option_count)
        await app.table.render_view(others)  # the decision passes to another player
        await pilot.pause()
        assert ol.option_count == 0 and with_options[1] == 2
        if kept:
            assert board.size.height == with_options[0]
            assert ol.size.height > 2  # the rows the board does not need, kept for options
        else:
            assert board.size.height == with_options[0] + 2  # the two options' rows


@pytest.mark.parametrize(("size", "kept"), [((160, 48), True), ((100, 30), False)])
async def test_a_chain_of_one_link_does_not_move_the_log(size: tuple[int, int], kept: bool) -> None:
    full = chain_position()
    one = dataclasses.replace(full, chain=full.chain[:1], prompt=None)
    none = dataclasses.replace(one, chain=())
    app = TableApp(ScriptedSession([Update(none, (), None)]), clock=FakeClock())
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: app.table.updates > 0)
        await pilot.pause()
        log = app.table.query_one(GameLog)
        chain = app.table.query_one(ChainStack)
        before = log.region
        await app.table.render_view(one)
        await pilot.pause()
        assert "1." in str(chain.render())
        if kept:
            assert log.region == before
        else:
            assert log.region.height < before.height  # the chain's lines are taken from it
        await app.table.render_view(none)
        await pilot.pause()
        assert log.region == before
        assert "1." not in str(chain.render()) or not chain.display


@pytest.mark.parametrize("lang", ["en", "zh"])
async def test_the_empty_chain_box_says_there_is_no_chain(lang: str) -> None:
    """The box a tall screen keeps for the chain says it is empty, not only its heading; a
    chain replaces those words, and they come back when it has resolved."""
    from qm_tui.i18n import tr

    full = chain_position()
    none = dataclasses.replace(full, chain=(), prompt=None)
    app = TableApp(ScriptedSession([Update(none, (), None)]), clock=FakeClock(), lang=lang)
    async with app.run_test(size=(160, 48)) as pilot:
        await until(pilot, lambda: app.table.updates > 0)
        await pilot.pause()
        chain = app.table.query_one(ChainStack)
        empty = tr("table.chain.empty", lang)
        said = str(chain.render())
        assert said.startswith(tr("table.chain", lang)) and empty in said
        assert chain.display and chain.size.height >= 2  # (the heading and those words)
        await app.table.render_view(full)
        await pilot.pause()
        assert empty not in str(chain.render()) and "1." in str(chain.render())
        await app.table.render_view(none)
        await pilot.pause()
        assert empty in str(chain.render())


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("size", [(160, 48), (100, 30)])
async def test_the_card_panels_hint_keeps_each_mark_with_its_word(
    lang: str, size: tuple[int, int]
) -> None:
    """ "X" / "negated" on two lines read as nonsense: the marks are two a line."""
    from qm_tui.widgets.detail import CardDetail

    none = dataclasses.replace(chain_position(), chain=(), prompt=None)
    app = TableApp(ScriptedSession([Update(none, (), None)]), clock=FakeClock(), lang=lang)
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: app.table.updates > 0)
        await pilot.pause()
        detail = app.table.query_one(CardDetail)
        rows = [s.text.strip() for s in detail.render_lines(detail.region.reset_offset)]
        pairs = {"en": ("^ Burning", "= tapped", "# face-down", "X negated"),
                 "zh": ("^ 燃烧", "= 横置", "# 盖放", "X 已无效")}[lang]  # fmt: skip
        for pair in pairs:
            assert any(pair in row for row in rows), (pair, rows)
