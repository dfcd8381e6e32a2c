"""A puzzle played at the table (``qingming puzzle NAME|FILE``): the goal said first, a hint on
``h``, the intended solution played with the option keys, "solved" said and remembered."""

from __future__ import annotations

import argparse
from typing import Any

import pytest
from tui_support import make_app, until

from qingming.commands import puzzle as puzzle_command
from qm_rules.i18n import tr
from qm_rules.puzzles import goal_text, move_label, shipped
from qm_tui.app import PlayPuzzle
from qm_tui.screens.learn import LocalTableScreen, Progress
from qm_tui.table_model import lettered, numbered
from qm_tui.widgets.keybar import KeyBar, key_words
from qm_tui.widgets.log import GameLog


def _log(app: Any) -> str:
    return "\n".join(app.screen.query_one(GameLog).lines_written)


def _asked(table: Any, seat: int) -> bool:
    view = table.view
    return view is not None and view.prompt is not None and view.prompt.seat == seat


def _bar_word(table: Any, action: str) -> str:
    """How the key bar shows ``action``'s key: "q Leave"."""
    binding = next(b for _, b in table._bindings if b.action == action)
    return f"{key_words(table, binding)} {binding.description}"


def _said(app: Any, words: str) -> bool:
    if words in _log(app):
        return True
    app.clock.advance(2.0)  # the others' moves are played back at the table's pace
    return False


@pytest.mark.parametrize("lang", ["zh", "en"])
async def test_a_puzzle_is_solved_at_the_table(lang: str) -> None:
    puzzle = next(p for p in shipped() if p.solution and len(p.solution) >= 2)
    app = make_app(lang=lang, start=PlayPuzzle(puzzle))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LocalTableScreen), "the puzzle")
        table = app.screen
        run = table.local.run
        await until(pilot, lambda: _said(app, goal_text(puzzle, lang)), "the goal")
        bar = str(table.query_one(KeyBar).render())
        for action in ("leave", "restart", "hint", "help"):  # kept on an 80-column bar
            assert _bar_word(table, action) in bar, (action, bar)
        await pilot.press("h")
        await until(pilot, lambda: _said(app, puzzle.hints[0](lang)), "a hint")
        assert puzzle.solution is not None
        for move in puzzle.solution:
            await until(pilot, lambda: _asked(table, run.seat), f"asked for {move}")
            options = table.view.prompt.options
            labels = [move_label(run.game, o) for o in options]
            chosen = options[labels.index(move)].id
            ids = [o.id for o in options]
            made = len(run.game.choices)
            # pass, end and cancel keep their letters; the number keys answer the rest
            letter = {"pass": "p", "end": "e", "cancel": "escape"}
            action = lettered(ids).get(chosen)
            key = letter[action] if action else str(numbered(ids).index(chosen) + 1)
            await pilot.press(key)
            await until(pilot, lambda n=made: len(run.game.choices) > n, move)
        await until(pilot, lambda: _said(app, tr("puzzles.solved", lang)), "solved")
        assert run.status == "solved"
        assert puzzle.id in Progress.load().puzzles
        assert puzzle.id in puzzle_command.solved_here()  # the list's mark reads the same
        await pilot.press("q")
        await until(pilot, lambda: not isinstance(app.screen, LocalTableScreen), "left")


def test_the_command_plays_a_name_or_a_file_and_refuses_anything_else(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    started: list[Any] = []
    monkeypatch.setattr("qingming.commands.lobby.launch", lambda args, start: started.append(start))
    first = shipped()[0]
    args = argparse.Namespace(words=[first.id], json=False, lang="en")
    puzzle_command.run(args)
    assert isinstance(started[-1], PlayPuzzle) and started[-1].puzzle.id == first.id
    bad = tmp_path / "bad.toml"
    bad.write_text('title = { zh = "x" }\n', encoding="utf-8")
    assert puzzle_command.run(argparse.Namespace(words=[str(bad)], json=False, lang="en")) == 2
    assert "bad.toml: intro: missing" in capsys.readouterr().err  # the field named, one line
    assert len(started) == 1
