"""Puzzles: every shipped puzzle is proved by the solver (solvable, nothing flagged, its intended
solution works); a broken file is refused naming its field; the solver's flags find what they
say; a session plays a puzzle to its end; `qingming puzzle` lists, checks and remembers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from qingming.cli import main
from qm_rules.cards import CardType, shipped_cards
from qm_rules.puzzles import (
    Puzzle,
    PuzzleError,
    PuzzleSession,
    find_move,
    goal_text,
    load_puzzle,
    shipped,
)
from qm_rules.solver import check

HERE = Path(__file__).parent / "puzzles"
SHIPPED = shipped()
BROKEN = sorted((HERE / "broken").glob("*.toml"))


@pytest.mark.parametrize("puzzle", SHIPPED, ids=[p.id for p in SHIPPED])
def test_every_shipped_puzzle_is_proved(puzzle: Puzzle) -> None:
    verdict = check(puzzle)
    assert verdict.error is None, verdict.error
    assert verdict.solvable, puzzle.id
    assert verdict.flags == [], (verdict.flags, verdict.solutions, verdict.intended)
    assert verdict.intended == "ok"
    assert len(verdict.solutions) == 1


def test_the_shipped_puzzles_cover_what_they_must() -> None:
    assert len(SHIPPED) >= 24
    assert {p.difficulty for p in SHIPPED} == {1, 2, 3, 4, 5}
    assert {p.goal.kind for p in SHIPPED} == {"win", "stop_worship", "survive", "clear"}
    rules = {r.play for p in SHIPPED for r in p.others.values()} | {"any"}
    assert rules == {"passive", "script", "any"}
    named: set[str] = set()
    for p in SHIPPED:
        pos = p.position
        for seat in pos.seats:
            named |= set(seat.hand) | set(seat.stacked)
            named |= {s.split("/")[0] if isinstance(s, str) else s.card for s in seat.field if s}
    types = {shipped_cards().by_id[c].type for c in named}
    assert types == set(CardType)
    ancestors = {d.id for d in shipped_cards().ancestors}
    assert ancestors <= named
    assert any(shipped_cards().by_id[c].burning for c in named)
    assert any("tapped" in str(s) for p in SHIPPED for seat in p.position.seats for s in seat.field)


def test_a_three_link_chain_is_in_the_shipped_puzzles() -> None:
    deepest = 0
    for p in SHIPPED:
        s = PuzzleSession(p)
        assert p.solution is not None
        for move in p.solution:
            assert s.prompt is not None
            deepest = max(deepest, len(s.game.chain))
            option = find_move(s.game, s.prompt, move)
            assert option is not None
            s.choose(option.id)
            deepest = max(deepest, len(s.game.chain))
    assert deepest >= 3


@pytest.mark.parametrize("puzzle", SHIPPED, ids=[p.id for p in SHIPPED])
def test_a_session_plays_the_intended_solution_to_solved(puzzle: Puzzle) -> None:
    s = PuzzleSession(puzzle, "zh")
    assert s.game.names[puzzle.seat] == "玩家"
    assert PuzzleSession(puzzle, "en", "Tess").game.names[puzzle.seat] == "Tess"
    assert puzzle.solution is not None
    for move in puzzle.solution:
        assert s.status == "open" and s.prompt is not None, move
        option = find_move(s.game, s.prompt, move)
        assert option is not None, (move, s.prompt.ids)
        for event in s.choose(option.id):
            assert event.visible_to(puzzle.seat)
    assert s.status == "solved"
    assert s.prompt is None
    s.restart()
    assert s.status == "open" and s.prompt is not None


def test_a_session_fails_when_the_player_does_nothing() -> None:
    for p in SHIPPED:
        s = PuzzleSession(p)
        while s.prompt is not None:
            s.choose(s.prompt.default)
        assert s.status == "failed", p.id


def test_a_seat_that_may_answer_anything_answers_where_it_hurts() -> None:
    puzzle = next(p for p in SHIPPED if p.id.endswith("catch-the-catcher"))
    s = PuzzleSession(puzzle)
    assert s.prompt is not None
    s.choose(find_move(s.game, s.prompt, "play shunshou").id)  # type: ignore[union-attr]
    events = s.choose(find_move(s.game, s.prompt, "target qingtuan").id)  # type: ignore[union-attr]
    # The opponent flips Catch the Thief: without an answer the Sleight of Hand is negated.
    assert any(e.kind == "activate" and e.seat == 1 for e in events)
    assert s.prompt is not None and find_move(s.game, s.prompt, "counter quxie") is not None


def test_hints_come_one_at_a_time() -> None:
    p = SHIPPED[0]
    s = PuzzleSession(p)
    given = [s.hint("en") for _ in p.hints]
    assert given == [h.en for h in p.hints]
    assert s.hint("en") is None
    assert goal_text(p, "en") == "Win this turn."


@pytest.mark.parametrize("path", BROKEN, ids=[p.stem for p in BROKEN])
def test_a_broken_file_is_refused_naming_its_field(path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    field = path.read_text(encoding="utf-8").splitlines()[0].removeprefix("# field: ")
    with pytest.raises(PuzzleError) as err:
        load_puzzle(path)
    assert err.value.field == field
    assert main(["puzzle", "check", str(path)]) == 2
    out, err_text = capsys.readouterr()
    assert out == ""
    lines = err_text.strip().splitlines()
    assert len(lines) == 1 and f": {field}: " in lines[0], lines
    assert "Traceback" not in err_text


def test_the_flags_find_what_they_say() -> None:
    flagged = {p.stem: check(load_puzzle(p)) for p in (HERE / "flagged").glob("*.toml")}
    assert flagged["holds-at-start"].holds_at_start
    assert flagged["needs-no-move"].needs_no_move and not flagged["needs-no-move"].holds_at_start
    two = flagged["two-solutions"]
    assert two.solvable and len(two.solutions) == 2 and two.shortest == 2
    assert two.unintended == [["declare taigong", "place juhua"]]
    assert two.intended == "ok"
    assert not flagged["unsolvable"].solvable
    for name, verdict in flagged.items():
        assert not verdict.proved, name
    for p in SHIPPED[:3]:  # the same flags stay down on a good puzzle
        v = check(p)
        assert not (v.holds_at_start or v.needs_no_move or v.unintended)


def test_check_prints_json_and_says_by_its_status(capsys) -> None:  # type: ignore[no-untyped-def]
    good = [str(p) for p in sorted(Path("qm_rules/data/puzzles").glob("0[12]-*.toml"))]
    assert main(["puzzle", "check", "--json", *good]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["flags"] for r in rows] == [[], []]
    assert all(r["solvable"] and r["shortest"] >= 1 for r in rows)
    assert main(["puzzle", "check", str(HERE / "flagged" / "two-solutions.toml")]) == 1
    out = capsys.readouterr().out
    assert "a solution the author did not intend: declare taigong, place juhua" in out


def test_the_list_marks_the_puzzles_solved_here(monkeypatch, tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("QINGMING_DATA_DIR", str(tmp_path))
    assert main(["puzzle", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert f"({len(SHIPPED)}, 0 solved)" in out
    progress = {"lessons": [], "puzzles": [SHIPPED[1].id]}
    (tmp_path / "progress.json").write_text(json.dumps(progress), encoding="utf-8")
    assert main(["puzzle", "list", "--lang", "en"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert f"({len(SHIPPED)}, 1 solved)" in lines[0]
    marked = [line for line in lines if line.startswith(" ✓")]
    assert len(marked) == 1 and SHIPPED[1].id in marked[0]
    (tmp_path / "progress.json").write_text("not json", encoding="utf-8")
    assert main(["puzzle"]) == 0  # a broken file is nothing solved, never an error


def test_a_move_that_is_no_option_changes_nothing() -> None:
    from qm_rules import RulesError

    s = PuzzleSession(SHIPPED[0])
    before = s.game.position_key()
    with pytest.raises(RulesError):
        s.choose("play:999")
    assert s.status == "open" and s.game.position_key() == before


def test_check_without_a_file_proves_every_shipped_puzzle(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["puzzle", "check", "--lang", "zh"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[-1] == f"{len(SHIPPED)} 道谜题中 {len(SHIPPED)} 道得到证明，没有问题。"


TINY_SET = Path(__file__).parent / "cardsets" / "tiny.toml"
TINY_PUZZLE = HERE / "cardset" / "tiny-worship.toml"


def test_a_puzzle_of_another_card_set_is_played_and_proved_with_it(capsys) -> None:  # type: ignore[no-untyped-def]
    from qingming.cardsfile import read_card_set

    cards = read_card_set(str(TINY_SET), "puzzle")
    puzzle = load_puzzle(TINY_PUZZLE, cards)
    session = PuzzleSession(puzzle, "en")
    declare = find_move(session.game, session.prompt, "declare a3")  # type: ignore[arg-type]
    assert declare is not None
    session.choose(declare.id)
    assert session.status == "solved"
    assert main(["puzzle", "check", str(TINY_PUZZLE), "--cards", str(TINY_SET)]) == 0
    assert "1 of 1 puzzle proved with nothing flagged" in capsys.readouterr().out


def test_a_puzzle_whose_cards_are_not_in_the_set_is_refused_naming_them(capsys) -> None:  # type: ignore[no-untyped-def]
    # the tiny set's puzzle with the game's own cards, and a shipped puzzle with the tiny set
    assert main(["puzzle", "check", str(TINY_PUZZLE)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "no card 'a3' in the card set" in err[0], err
    assert main(["puzzle", "check", "--cards", str(TINY_SET)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "position.seats[0]" in err[0] and "in the card set" in err[0], err
    assert main(["puzzle", "01-first-worship", f"--cards={TINY_SET}"]) == 2
    assert "in the card set" in capsys.readouterr().err
    # a set that does not load is refused as `cards check` says it, before anything
    broken = sorted((Path(__file__).parent / "cardsets" / "broken").glob("*.toml"))[0]
    with pytest.raises(SystemExit) as exit_:
        main(["puzzle", "check", "--cards", str(broken)])
    assert exit_.value.code == 1
    err_text = capsys.readouterr().err
    assert str(broken) in err_text and "Traceback" not in err_text
