"""Looking never plays: Enter (or a click) on a card shows what its option will do, and only a
second Enter on it (or the option's key) does it; the number keys answer only the options that
name cards, never pass, end or cancel, which keep their own letters — a number pressed for one
question cannot mean "pass" in the next. In both languages, at 80x24 and 160x48."""

from __future__ import annotations

import pytest
from test_tui_autopass import FedSession, respond
from test_tui_table_support import TableApp, screen_text, until

from qm_tui.session import Update
from qm_tui.widgets.detail import CardDetail
from qm_tui.widgets.prompt import PromptBar
from qm_tui.widgets.tiles import TableTile

SIZES = [(80, 24), (160, 48)]
LANGS = ["en", "zh"]


async def asked(pilot, app: TableApp, session: FedSession, seq: int = 57) -> None:
    """My respond-or-pass question (flip my face-down 拆台, cid 12, or pass) on screen."""
    before = app.table.updates
    await session.queue.put(Update(respond(seq), (), None))
    await until(pilot, lambda: app.table.updates > before)
    await pilot.pause()


def option_lines(app: TableApp) -> list[str]:
    ol = app.table.query_one(PromptBar).options_list
    return [str(ol.get_option_at_index(i).prompt) for i in range(ol.option_count)]


def my_tile(app: TableApp, cid: int) -> TableTile:
    return next(t for t in app.table.board_tiles() if t.card is not None and t.card.cid == cid)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
async def test_enter_on_a_card_shows_what_it_will_do_and_a_second_enter_does_it(
    size: tuple[int, int], lang: str
) -> None:
    session = FedSession()
    app = TableApp(session, lang=lang)  # type: ignore[arg-type]
    async with app.run_test(size=size) as pilot:
        await asked(pilot, app, session)
        tile = my_tile(app, 12)
        tile.focus()
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert session.chosen == []  # looking: nothing done
        bar = app.table.query_one(PromptBar)
        assert bar.options_list.highlighted == 0  # its option, shown in the list
        assert app.table.focused is tile  # the focus stays on the card
        pinned = app.table.query_one(CardDetail)._pinned
        again = {"en": "Enter again or 1", "zh": "再按回车或 1"}[lang]
        assert pinned is not None and again in pinned.plain, pinned
        assert again in screen_text(app)
        await pilot.press("enter")
        await until(pilot, lambda: session.chosen == ["flip:12"])


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
async def test_looking_at_another_card_forgets_the_first(size: tuple[int, int], lang: str) -> None:
    session = FedSession()
    app = TableApp(session, lang=lang)  # type: ignore[arg-type]
    async with app.run_test(size=size) as pilot:
        await asked(pilot, app, session)
        tile = my_tile(app, 12)
        tile.focus()
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        my_tile(app, 10).focus()  # another card of mine, which no option names
        await pilot.pause()
        tile.focus()
        await pilot.pause()
        await pilot.press("enter")  # a first Enter again: it shows, it does not play
        await pilot.pause()
        assert session.chosen == []
        await pilot.press("1")  # the option's key does it
        await until(pilot, lambda: session.chosen == ["flip:12"])


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
async def test_numbers_answer_only_card_options_and_pass_keeps_its_letter(
    size: tuple[int, int], lang: str
) -> None:
    session = FedSession()
    app = TableApp(session, lang=lang)  # type: ignore[arg-type]
    async with app.run_test(size=size) as pilot:
        await asked(pilot, app, session)
        lines = option_lines(app)
        assert lines[0].startswith("1) ") and lines[1].startswith("p) "), lines
        await pilot.press("2")  # was "pass" before; now no option's
        await pilot.pause()
        assert session.chosen == []
        await pilot.press("p")
        await until(pilot, lambda: session.chosen == ["pass"])
