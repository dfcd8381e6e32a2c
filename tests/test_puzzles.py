"""Puzzles: every shipped puzzle is proved by the solver (solvable, nothing flagged, its intended
solution works); a broken file is refused naming its field; the solver's flags find what they
say; a session plays a puzzle to its end."""

from __future__ import annotations

from pathlib import Path

import pytest

from qm_rules.puzzles import PuzzleSession, shipped
from qm_rules.solver import check

HERE = Path(__file__).parent / "puzzles"
SHIPPED = shipped()


@pytest.mark.parametrize("puzzle", SHIPPED, ids=[p.id for p in SHIPPED])
def test_every_shipped_puzzle_is_proved(puzzle) -> None:  # type: ignore[no-untyped-def]
    verdict = check(puzzle)
    assert verdict.error is None, verdict.error
    assert verdict.solvable, puzzle.id
    assert verdict.flags == [], (verdict.flags, verdict.solutions, verdict.intended)
    assert verdict.intended == "ok"


def test_a_session_plays_the_intended_solution_to_solved() -> None:
    for puzzle in SHIPPED:
        s = PuzzleSession(puzzle)
        assert puzzle.solution is not None
        from qm_rules.puzzles import find_move

        for move in puzzle.solution:
            assert s.status == "open" and s.prompt is not None, (puzzle.id, move)
            option = find_move(s.game, s.prompt, move)
            assert option is not None, (puzzle.id, move, s.prompt.ids)
            s.choose(option.id)
        assert s.status == "solved", puzzle.id
        assert s.prompt is None
        s.restart()
        assert s.status == "open" and s.prompt is not None
