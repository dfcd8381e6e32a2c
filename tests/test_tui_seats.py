"""Pilot tests of a seat's life at the app: journals by default, the result saying where, leaving
deliberately, and the waiting room."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stdout
from pathlib import Path

import pytest
from tui_support import isolate, make_app, screen_name, until

from qm_net.journal_io import read_games
from qm_tui.app import PlayLocal
from qm_tui.messages import LeaveTable
from qm_tui.screens.lobby import LobbyScreen

SIZE = (120, 36)


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return isolate(tmp_path, monkeypatch)


async def _leave(pilot: object, app: object) -> None:
    app.post_message(LeaveTable())  # type: ignore[attr-defined]
    await until(
        pilot,  # type: ignore[arg-type]
        lambda: isinstance(app.screen, LobbyScreen) and app.client is None,  # type: ignore[attr-defined]
        "back in the lobby",
    )


async def test_play_journals_the_game_and_the_result_says_where(tmp_path: Path) -> None:
    app = make_app(start=PlayLocal(bots=1, seed=3), journal=True)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "TableScreen", "the table")
        path = app.journal_path
        assert path is not None and Path(path).parent == tmp_path / "data" / "journals"
        assert app.client is not None
        await app.client.concede()  # two players: the game ends at once
        await until(pilot, lambda: screen_name(app) == "ResultScreen", "the result")
        shown = str(app.screen.query_one("#result-journal").render())
        assert path in shown and "qingming replay" in shown
        await _leave(pilot, app)
    games = read_games(path)
    assert len(games) == 1 and games[0].finished
    # ... and `qingming replay PATH` reads it.
    from qingming.cli import main

    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["replay", path, "--json"]) == 0
    assert json.loads(out.getvalue())


async def test_no_journal_means_none_and_the_result_does_not_mention_one(tmp_path: Path) -> None:
    app = make_app(start=PlayLocal(bots=1, seed=3), journal=False)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "TableScreen", "the table")
        assert app.journal_path is None and app.client is not None
        await app.client.concede()
        await until(pilot, lambda: screen_name(app) == "ResultScreen", "the result")
        assert not app.screen.query("#result-journal")
        await _leave(pilot, app)
    assert not (tmp_path / "data" / "journals").exists()
