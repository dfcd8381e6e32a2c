"""The fair deal at the table: the result says whether the game verified, and where its record is.

``qingming play`` without ``--seed`` deals fairly (the player's client adds its own part); with
a seed it deals from that number and the result says there was nothing to check.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from tui_support import isolate, make_app, open_result, screen_name, until

from qm_net import fairdeal
from qm_tui.app import PlayLocal

SIZE = (120, 36)


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return isolate(tmp_path, monkeypatch)


def _shown(app: object, selector: str) -> str:
    return str(app.screen.query_one(selector).render())  # type: ignore[attr-defined]


async def test_a_fairly_dealt_game_says_verified_and_keeps_its_record(tmp_path: Path) -> None:
    app = make_app(start=PlayLocal(bots=1), journal=True)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "TableScreen", "the table")
        await until(pilot, lambda: app.hosted is not None and app.hosted.game is not None, "dealt")
        assert app.hosted.deal is not None and app.hosted.game.seed == app.hosted.deal.seed()
        await app.client.concede()  # two players: the game ends at once
        await open_result(pilot, app)
        await until(pilot, lambda: "verified" in _shown(app, "#result-fair"), "the check")
        assert "NOT" not in _shown(app, "#result-fair")
        saved = _shown(app, "#result-kept").replace("\n", "")
        records = list((tmp_path / "data" / "records").iterdir())
        assert len(records) == 1  # the record is kept; the one line names the journal
        assert app.journal_path is not None and app.journal_path in saved
        assert "qingming replay" in saved
    assert fairdeal.verify(fairdeal.load(str(records[0]))).ok
    from qingming.cli import main

    assert main(["replay", str(records[0]), "--json"]) == 0


async def test_no_journal_saves_no_record_either(tmp_path: Path) -> None:
    # Playtest 4 finding 20: `play --no-journal` saved no journal but the game's record, and
    # said so. A player who asked not to save finds nothing saved; the deal is still checked.
    app = make_app(start=PlayLocal(bots=1), journal=False)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "TableScreen", "the table")
        await until(pilot, lambda: app.hosted is not None and app.hosted.game is not None, "dealt")
        assert app.hosted.deal is not None  # a fair deal: a record there would be
        await app.client.concede()
        await open_result(pilot, app)
        await until(pilot, lambda: "verified" in _shown(app, "#result-fair"), "the check")
        assert not app.screen.query("#result-kept")
    assert not (tmp_path / "data").exists()


async def test_a_fixed_deal_number_says_there_is_nothing_to_check(tmp_path: Path) -> None:
    app = make_app(start=PlayLocal(bots=1, seed=3), journal=False)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "TableScreen", "the table")
        await app.client.concede()
        await open_result(pilot, app)
        assert "nothing to check" in _shown(app, "#result-fair")
        assert not app.screen.query("#result-kept")
    assert not (tmp_path / "data" / "records").exists()


async def test_a_failed_check_names_the_step_in_the_players_language() -> None:
    from qm_rules import Game, Result
    from qm_tui.screens.result import ResultScreen

    deal = fairdeal.Deal(2)
    deal.fill(0, "bot")
    deal.fill(1, "bot")
    game = Game.new(["a", "b"], deal.seed())
    game.choose(0, "concede")
    record = fairdeal.ClientRecord(seat=None, commitment="0" * 64, reveal=deal.reveal(game.journal))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(game.result, Result)
        screen = ResultScreen(game.result, game.view(None), "zh", fair=record)
        await app.push_screen(screen)
        await until(pilot, lambda: screen.verdict is not None, "the check")
        shown = str(screen.query_one("#result-fair").render())
        assert "未通过" in shown and "主机事先的承诺" in shown


@pytest.mark.parametrize(
    ("seat", "lang", "words"),
    [
        (0, "en", "verified from your return on"),
        (0, "zh", "从你回来起已验证"),
        (None, "en", "verified from when you began watching"),
        (None, "zh", "从你开始观战起已验证"),
    ],
)
async def test_a_check_from_the_middle_of_the_game_says_what_it_covered(
    seat: int | None, lang: str, words: str
) -> None:
    # A client that came back after a crash with its record lost (or a watcher come late)
    # checks what it can: the result says it is from its return on, not "verified" whole.
    from qm_rules import Game, Result
    from qm_tui.screens.result import ResultScreen

    deal = fairdeal.Deal(2)
    deal.fill(0, "bot")
    deal.fill(1, "bot")
    game = Game.new(["a", "b"], deal.seed())
    game.choose(0, "concede")
    record = fairdeal.ClientRecord(
        seat=seat, commitment="", reveal=deal.reveal(game.journal), partial=True, events=[]
    )
    record.saw(game.view(seat))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(game.result, Result)
        screen = ResultScreen(game.result, game.view(seat), lang, fair=record)
        await app.push_screen(screen)
        await until(pilot, lambda: screen.verdict is not None, "the check")
        shown = str(screen.query_one("#result-fair").render())
        assert words in shown, shown
