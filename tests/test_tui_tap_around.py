"""A dialog without a button to close it closes with a click (a tap) on the dimmed screen around
it, as with Escape: a phone's browser has no Escape key (qm_web). A click inside it does not."""

from __future__ import annotations

from pathlib import Path

import pytest
from tui_support import isolate, make_app, until

from qm_tui.screens.ask import AskScreen
from qm_tui.screens.help import HelpScreen
from qm_tui.screens.lobby import LobbyScreen


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return isolate(tmp_path, monkeypatch)


@pytest.mark.parametrize(("key", "dialog"), [("question_mark", HelpScreen), ("a", AskScreen)])
async def test_a_tap_around_the_dialog_closes_it(key: str, dialog: type) -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
        await pilot.press(key)
        await until(pilot, lambda: isinstance(app.screen, dialog), "the dialog")
        inside = app.screen.children[0]
        await pilot.click(inside, offset=(2, 1))  # inside: it stays
        await pilot.pause()
        assert isinstance(app.screen, dialog)
        await pilot.click(offset=(0, 0))  # the corner of the screen, around it
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby again")
