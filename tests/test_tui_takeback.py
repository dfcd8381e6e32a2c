"""``u`` at a table of one player and bots: it takes back my last decision (the question comes
back, and the log and a toast say so), a toast says why when the host will not (a bot decided
since), the key bar offers it, and the result says how many take-backs were used — in both
languages, at 80x24 and 160x48, on a real host on loopback (``qingming play``'s table)."""

from __future__ import annotations

import pytest
from test_tui_table_support import (
    HostedTable,
    TableApp,
    follow,
    game_over,
    my_prompt,
    quiet_key,
    screen_text,
    settle,
    until,
)
from tui_support import config_dir  # noqa: F401  (fixture: off the real config and state)

from qm_rules.model import PromptKind
from qm_tui.i18n import tr
from qm_tui.screens.help import HelpScreen
from qm_tui.screens.result import ResultScreen
from qm_tui.widgets.log import GameLog

SIZES = [(80, 24), (160, 48)]
PROMPTS = 600  # a bound on the decisions a test plays through looking for its situation


def _toasts(app: TableApp) -> list[str]:
    return [str(n.message) for n in app._notifications]


def _placing(app: TableApp) -> bool:
    """My placement question, with an offering to place (a number key places it)."""
    return my_prompt(app, PromptKind.PLACE) and bool(app.table.model.numbered_ids())


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("size", SIZES)
async def test_u_takes_my_last_decision_back_and_the_result_counts_it(
    lang: str, size: tuple[int, int]
) -> None:
    hosted = HostedTable(["Me", "Bob"], seed=3)
    app = TableApp(hosted, lang=lang)
    async with app.run_test(size=size) as pilot:
        taken = refused = False
        told = tr("table.takeback.done", lang, n=1)
        for _ in range(PROMPTS):
            if taken and refused:
                break
            if not _placing(app):
                if my_prompt(app):
                    await pilot.press(quiet_key(app))
                else:
                    await follow(pilot, app)
                await pilot.pause()
                continue
            table = app.table
            before = table.view
            assert before is not None and before.prompt is not None
            if not taken:
                # offered: in the help, and in the key bar when it has the room
                await settle(pilot)
                words = tr("key.table.take_back", lang)
                if size[0] >= 160:
                    assert f"u {words}" in screen_text(app)
                await pilot.press("question_mark")
                await until(pilot, lambda: isinstance(app.screen, HelpScreen))
                help_screen = app.screen
                assert isinstance(help_screen, HelpScreen) and ("u", words) in help_screen.keys
                await pilot.press("escape")
                await until(pilot, lambda: app.screen is app.table)
                played = app.table.stats.seat(0).played
                await pilot.press("1")  # place an offering
                await until(pilot, lambda: my_prompt(app) and not _placing(app), tries=2000)
                await pilot.press("u")
                await until(
                    pilot,
                    lambda: _placing(app) or bool(_toasts(app)),
                    tries=2000,
                )
                if not _placing(app):  # a bot answered my offering: not mine to take back
                    app.clear_notifications()
                    continue
                await until(pilot, lambda: told in app.table.query_one(GameLog).lines_written)
                assert told in _toasts(app)
                after = table.view
                assert after is not None and after.prompt is not None
                assert after.prompt.ids == before.prompt.ids  # the same question, asked again
                assert after.seats[0].hand == before.seats[0].hand
                assert app.table.stats.seat(0).played == played  # not counted: taken back
                taken = True
                app.clear_notifications()
            # at a new question of mine whose last decision was a bot's: refused, told why
            game = hosted.game
            mine = any(seat == 0 for seat, _ in game.choices)
            if mine and game.choices[-1][0] != 0:
                await pilot.press("u")
                why = tr("refused.takeback_others", lang)
                await until(pilot, lambda: bool(_toasts(app)), tries=2000)
                assert why in _toasts(app), _toasts(app)
                refused = True
            await pilot.press(quiet_key(app))
            await pilot.pause()
        assert taken and refused, "no offering of mine to place and take back"
        await pilot.press("x")  # concede: Bob wins, the result opens
        await pilot.press("y")
        for _ in range(PROMPTS):
            if game_over(app):
                break
            await follow(pilot, app)
            await pilot.pause()
        assert isinstance(app.screen, ResultScreen)
        said = tr("result.takebacks", lang, n=1)
        await until(pilot, lambda: bool(app.screen.query("#result-takebacks")))
        await settle(pilot)
        assert said in screen_text(app)
