"""``qingming puzzle``: the puzzles — list them, prove them.

- ``qingming puzzle`` (or ``qingming puzzle list``) lists the shipped puzzles, a mark on those
  solved here (``progress.json`` in the data dir, where the puzzle screen keeps them).
- ``qingming puzzle NAME|FILE`` plays one at the table (:mod:`qm_tui.screens.learn`): its goal
  said first, ``h`` a hint at a time, solved or failed said when it is, ``n`` starts again;
  solved, it is ticked in ``progress.json``.
- ``qingming puzzle check [FILE …] [--json]`` proves puzzles with the solver
  (:mod:`qm_rules.solver`): every shipped one without a FILE. Exit status 0 when every puzzle is
  proved with nothing flagged, 1 when one is not, 2 when a file is refused (one line naming the
  field, on stderr).
- ``--cards FILE`` plays or proves them with a card set of your own (as ``play --cards``): a set
  that does not load is refused as ``cards check`` says it, and a puzzle naming a card the set
  does not have is refused naming the field.

The file format: ``docs/PUZZLES.md``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from qm_rules.cards import CardSet
    from qm_rules.puzzles import Puzzle
    from qm_rules.solver import Verdict

NAME = "puzzle"
HELP = "puzzles: list them (no argument, or list), play one (NAME|FILE), or prove them (check)"
EPILOG = (
    "examples: 'qingming puzzle' lists the puzzles; 'qingming puzzle 01-first-worship' plays "
    "one at the table (h: a hint, n: again, q: leave); 'qingming puzzle mine.toml' plays your "
    "own file; 'qingming puzzle check mine.toml' proves "
    "your own file; 'qingming puzzle check' proves every shipped one; '--cards set.toml' plays "
    "or proves them with your own card set. The file format: docs/PUZZLES.md."
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "words",
        nargs=argparse.REMAINDER,  # options may come after the files too: read in run()
        metavar="NAME|FILE|list|check [FILE ...]",
        help="a shipped puzzle's NAME or a puzzle FILE plays it at the table; 'list' (the "
        "default) lists the shipped puzzles; 'check' and the files to prove (none: every "
        "shipped puzzle)",
    )
    parser.add_argument(
        "--json", action="store_true", help="with check: print one JSON object a puzzle"
    )
    parser.add_argument(
        "--lang",
        choices=("zh", "en"),
        default=argparse.SUPPRESS,
        help="language of the list and the report (default: the remembered one, else en)",
    )
    from qingming.cardsfile import add_cards_argument

    add_cards_argument(parser)


def _lang(args: argparse.Namespace) -> str:
    lang = getattr(args, "lang", None)
    if lang:
        return str(lang)
    from qm_tui.config import load

    return load().lang or "en"


def run(args: argparse.Namespace) -> int:
    words: list[str] = []
    rest = iter(args.words)
    for word in rest:  # --json and --lang among the words (argparse stops at the first word)
        if word == "--json":
            args.json = True
        elif word == "--lang" or word.startswith("--lang="):
            lang_word = word.partition("=")[2] or next(rest, "")
            if lang_word not in ("zh", "en"):
                print("qingming puzzle: --lang needs zh or en", file=sys.stderr)
                return 2
            args.lang = lang_word
        elif word == "--cards" or word.startswith("--cards="):
            args.cards = word.partition("=")[2] or next(rest, "")
            if not args.cards:
                print("qingming puzzle: --cards needs a FILE", file=sys.stderr)
                return 2
        else:
            words.append(word)
    lang = _lang(args)
    from qingming.cardsfile import read_card_set

    cards = read_card_set(getattr(args, "cards", None), "puzzle", lang)
    if words and words[0] == "check":
        return _check(words[1:], as_json=args.json, lang=lang, cards=cards)
    if not words or words == ["list"]:
        return _list(lang)
    if len(words) > 1:
        print("qingming puzzle: play one puzzle at a time", file=sys.stderr)
        return 2
    return _play(words[0], lang, args, cards)


def find(word: str, cards: CardSet | None = None) -> Puzzle:
    """A shipped puzzle by name (``01-first-worship`` or ``first-worship``), else a file,
    played with the card set ``cards`` (the game's own if None). Raises PuzzleError (one line)
    when neither, or when the set lacks a card the puzzle names."""
    from qm_rules.puzzles import PuzzleError, load_puzzle, shipped, with_cards

    for p in shipped():
        if word in (p.id, p.id.partition("-")[2]):
            return with_cards(p, cards)
    if Path(word).exists() or word.endswith(".toml"):
        return load_puzzle(word, cards)
    raise PuzzleError("name", f"no shipped puzzle {word!r} and no such file", word)


def _list(lang: str) -> int:
    from qm_rules.i18n import tr
    from qm_rules.puzzles import goal_text, shipped

    solved = solved_here()
    puzzles = shipped()
    print(
        tr("puzzle.list.title", lang, n=len(puzzles), solved=len(solved & {p.id for p in puzzles}))
    )
    for p in puzzles:
        mark = "✓" if p.id in solved else "·"
        stars = "★" * p.difficulty + "☆" * (5 - p.difficulty)
        print(f" {mark} {stars}  {p.id:<28} {p.title(lang)} — {goal_text(p, lang)}")
    print(tr("puzzle.list.how", lang))
    return 0


def solved_here() -> set[str]:
    """The puzzles solved on this machine: ``progress.json``'s ``puzzles`` in the data dir (a
    file that cannot be read is nothing solved)."""
    from qm_tui.config import data_dir

    try:
        data = json.loads((data_dir() / "progress.json").read_text(encoding="utf-8"))
        return {str(x) for x in data.get("puzzles", [])}
    except (OSError, ValueError, AttributeError, TypeError):
        return set()


def _play(word: str, lang: str, args: argparse.Namespace, cards: CardSet | None = None) -> int:
    """Play the puzzle ``word`` names at the table, in the app (``--lang``, else remembered)."""
    from qingming.commands.lobby import launch
    from qm_rules.puzzles import PuzzleError
    from qm_tui.app import PlayPuzzle

    try:
        puzzle = find(word, cards)
    except PuzzleError as exc:
        print(f"qingming puzzle: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"qingming puzzle: {word}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    return launch(args, PlayPuzzle(puzzle))


def _check(files: list[str], *, as_json: bool, lang: str, cards: CardSet | None = None) -> int:
    from qm_rules.puzzles import PuzzleError, load_puzzle, shipped, with_cards
    from qm_rules.solver import check

    try:
        if files:
            puzzles = [load_puzzle(f, cards) for f in files]
        else:
            puzzles = [with_cards(p, cards) for p in shipped()]
    except PuzzleError as exc:
        print(f"qingming puzzle check: {exc}", file=sys.stderr)
        return 2
    verdicts = []
    for p in puzzles:
        v = check(p)
        verdicts.append(v)
        if as_json:
            print(json.dumps(v.plain(), ensure_ascii=False), flush=True)
        else:
            print(report(v, p, lang), flush=True)
    proved = sum(v.proved for v in verdicts)
    if not as_json:
        from qm_rules.i18n import tr

        print(tr("puzzle.check.summary", lang, n=len(verdicts), proved=proved))
    return 0 if proved == len(verdicts) else 1


def report(v: Verdict, p: Puzzle, lang: str) -> str:
    """A puzzle's verdict in words (the catalogue's ``puzzle.check.*``)."""
    from qm_rules.i18n import tr

    lines = [f"{v.puzzle}: {p.title(lang)}"]
    if v.error is not None:
        lines.append("  " + tr("puzzle.check.error", lang, why=v.error))
    elif v.solvable:
        moves = " → ".join(m if s == p.seat else f"[{s}: {m}]" for s, m in v.line) or "—"
        lines.append("  " + tr("puzzle.check.solvable", lang, n=v.shortest or 0, moves=moves))
        n = len(v.solutions)
        key = "puzzle.check.solutions.more" if v.more_solutions else "puzzle.check.solutions"
        lines.append("  " + tr(key, lang, n=n))
        if n > 1:
            lines += [f"    - {', '.join(s)}" for s in v.solutions]
    else:
        lines.append("  " + tr("puzzle.check.unsolvable", lang))
    if v.holds_at_start:
        lines.append("  ! " + tr("puzzle.check.holds_at_start", lang))
    if v.needs_no_move:
        lines.append("  ! " + tr("puzzle.check.needs_no_move", lang))
    if v.intended not in (None, "ok"):
        lines.append("  ! " + tr("puzzle.check.intended_fails", lang, why=v.intended))
    for s in v.unintended:
        lines.append("  ! " + tr("puzzle.check.unintended", lang, moves=", ".join(s)))
    lines.append("  " + tr("puzzle.check.cost", lang, n=v.positions, seconds=f"{v.seconds:.2f}"))
    return "\n".join(lines)
