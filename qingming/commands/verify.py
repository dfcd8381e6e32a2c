"""``qingming verify FILE``: check a finished game's fair deal on your own.

FILE is either a game record a client saved (every game you play at a table is checked at its
end and its record kept, see ``qm_net.fairdeal``), or a host's journal file (``--game`` picks
the game, ``--seat`` checks one seat's part). Exit status 0 when the game verifies, 1 when a
step fails (the step is named), 2 when the file is not one of these, 3 when the journal's game
is unfinished: its deal and the choices made so far are checked, and it says how far, but an
unfinished game is not a verified one.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from qm_net.fairdeal import Verdict

NAME = "verify"
HELP = "check that a finished game was dealt fairly and played by the rules"
EPILOG = (
    "exit status: 0 verified; 1 a check failed (it is named); 2 not a game record or a journal; "
    "3 the journal's game is unfinished (checked as far as it was played, and says how far)"
)

_STEPS = {
    "reveal": "the host's reveal",
    "commitment": "the host's commitment",
    "part": "the players' contributions",
    "seed": "the deal",
    "rules": "the rules",
    "replay": "the choices",
    "views": "what you were shown",
    "history": "the game's log you were given",
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "file", metavar="FILE", help="a saved game record, or a host's journal file"
    )
    parser.add_argument(
        "--game", type=int, metavar="N", help="in a journal: which game, from 0 (default: the last)"
    )
    parser.add_argument(
        "--seat",
        type=int,
        metavar="S",
        help="in a journal: also say where seat S's contribution came from (seats from 1)",
    )
    parser.add_argument("--json", action="store_true", help="print the verdict as JSON")


def run(args: argparse.Namespace) -> int:
    from qm_net import fairdeal

    try:
        with open(args.file, encoding="utf-8") as f:
            head = f.read(1)
            f.seek(0)
            first = json.loads(f.readline()) if head == "{" else None
    except OSError as exc:  # in words, not "[Errno 2] No such file or directory: '...'"
        print(f"qingming verify: cannot read {args.file}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    except ValueError as exc:
        print(f"qingming verify: cannot read {args.file}: {exc}", file=sys.stderr)
        return 2
    unfinished: str | None = None  # how far a journal's unfinished game was checked
    if isinstance(first, dict) and first.get("kind") == fairdeal.RECORD_KIND:
        try:
            verdict = fairdeal.verify(fairdeal.load(args.file))
        except (OSError, ValueError, KeyError, TypeError) as exc:
            print(
                f"qingming verify: {args.file} is not a readable game record: {exc}",
                file=sys.stderr,
            )
            return 2
    else:
        verdict_or_code = _verify_journal(args)
        if isinstance(verdict_or_code, int):
            return verdict_or_code
        verdict, unfinished = verdict_or_code
    if args.json:
        plain = verdict.plain()
        if unfinished is not None:
            plain["unfinished"] = unfinished
        print(json.dumps(plain, ensure_ascii=False))
    else:
        for step in verdict.steps:
            mark = "ok  " if step.ok else "FAIL"
            print(f"{mark} {_STEPS.get(step.name, step.name)}: {step.detail}")
        if not verdict.ok:
            print("Fair deal: NOT verified")
        elif unfinished is not None:
            print(f"Fair deal: not verified: the game is unfinished ({unfinished})")
        elif verdict.partial:  # a record kept from the player's return on only
            print(
                "Fair deal: verified from your return on (your own part and what you saw "
                "before could not be checked)"
            )
        else:
            print("Fair deal: verified")
    if not verdict.ok:
        return 1
    return 0 if unfinished is None else 3


def _verify_journal(args: argparse.Namespace) -> tuple[Verdict, str | None] | int:
    """The journal's game checked, and for one unfinished how far it was checked (None: a
    finished game); or the exit status of a file that cannot be checked, said."""
    from qm_net import fairdeal
    from qm_net.journal_io import pick_game
    from qm_rules import JournalError

    try:
        record = pick_game(args.file, args.game)
    except (JournalError, IndexError) as exc:
        print(f"qingming verify: {exc}", file=sys.stderr)
        return 2
    if record.deal is None:
        print(
            "qingming verify: this game was dealt before fair deals (nothing to check)",
            file=sys.stderr,
        )
        return 2
    try:
        journal = record.journal()
    except JournalError as exc:
        print(f"qingming verify: {exc}", file=sys.stderr)
        return 2
    seat = args.seat - 1 if args.seat is not None else None
    verdict = fairdeal.verify_journal(record.deal, journal, seat)
    if record.finished or not verdict.ok:
        return verdict, None
    game = record.replay()  # (it replayed in the check)
    n = len(journal.choices)
    return verdict, (
        f"checked its deal and the {n} choice{'' if n == 1 else 's'} made so far, "
        f"up to round {game.round}, turn {game.turn}"
    )
