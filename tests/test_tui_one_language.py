"""One language at a time: a card's name and text in the table's language only, the other
language a key away (``t``) in the card panel; the command palette lists each command once,
in the player's language. In both languages, at 80x24 and 160x48."""

from __future__ import annotations

import pytest
from test_tui_autopass import FedSession, respond
from test_tui_table_support import TableApp, until
from tui_support import make_app

from qm_rules.shown import DEFS
from qm_tui.commands import ACTIONS
from qm_tui.i18n import tr
from qm_tui.session import Update
from qm_tui.widgets.detail import CardDetail

SIZES = [(80, 24), (160, 48)]
LANGS = ["en", "zh"]


def other(lang: str) -> str:
    return "en" if lang == "zh" else "zh"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
async def test_the_card_panel_speaks_one_language_and_the_other_is_a_key_away(
    size: tuple[int, int], lang: str
) -> None:
    session = FedSession()
    app = TableApp(session, lang=lang)  # type: ignore[arg-type]
    async with app.run_test(size=size) as pilot:
        await session.queue.put(Update(respond(57), (), None))
        await until(pilot, lambda: app.table.updates > 0)
        tile = next(t for t in app.table.board_tiles() if t.card is not None and t.card.cid == 10)
        tile.focus()
        await pilot.pause()
        card = DEFS["juhua"]
        panel = app.table.query_one(CardDetail)

        def shown() -> str:
            return panel._focused.plain if panel._focused is not None else ""

        await until(pilot, lambda: card.name(lang) in shown())
        assert card.name(other(lang)) not in shown() and card.text(other(lang)) not in shown()
        await pilot.press("t")
        await until(pilot, lambda: card.name(other(lang)) in shown())
        assert card.text(other(lang)) in shown() and card.text(lang) in shown()
        await pilot.press("t")
        await until(pilot, lambda: card.name(other(lang)) not in shown())


@pytest.mark.parametrize("lang", LANGS)
async def test_the_command_palette_lists_each_command_once_in_the_players_language(
    lang: str,
) -> None:
    app = make_app(lang=lang)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("ctrl+p")
        await until(
            pilot, lambda: app.screen.query("CommandList").first().option_count >= len(ACTIONS)
        )
        await pilot.pause()
        hits = app.screen.query("CommandList").first()
        listed = [str(hits.get_option_at_index(i).prompt) for i in range(hits.option_count)]
        text = "\n".join(listed)
        for key, _action in ACTIONS:
            assert sum(line == tr(key, lang) for line in listed) == 1, (key, listed)
            if tr(key, other(lang)) != tr(key, lang):
                assert tr(key, other(lang)) not in text, (key, listed)
