"""``qingming replay [JOURNAL]``: step through a finished or interrupted game from its journal,
or from the game record a player's client kept (the game the host revealed at its end);
without a file, the game played last on this machine (:func:`last_played`).

On a terminal the game opens on the table screen, read-only (:mod:`qm_tui.screens.replay`):
step by step, by turn or chain, as any seat the file may show saw it. ``--text`` (and
``--no-step``, or an output that is not a terminal) prints each choice and what it caused
instead, in words, one line each (on a terminal, Enter steps and ``q`` stops); ``--json``
prints a summary. The journal is a host's ``--journal`` file (see docs/protocol.md,
"Journal"); with several games in it, the last is shown unless ``--game`` says otherwise.

A game still being played at a table running on this machine (its journal open, locked by the
host: :func:`qm_net.journal_io.in_use`) is refused unless ``--live``: the journal holds every
choice, so replaying it would show every live hand to whoever hosts the table.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Collection
from pathlib import Path

NAME = "replay"
HELP = (
    "replay a game from its journal or game record on the table (or in lines of text with "
    "--text, a summary with --json)"
)
EPILOG = (
    "at the table: n/p a step forward/back, ]/[ the next/previous turn, >/< the next/previous "
    "chain, j a turn by its number, Home/End the start/end, w whose view (a host's journal "
    "shows every seat; a player's record, theirs and the spectators'), q leaves, ? all keys. "
    "Text instead when --text, --json or --no-step is given, or the output is not a terminal."
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "journal",
        metavar="JOURNAL",
        nargs="?",
        help="a game's journal (saved by the table you host), or the game record your "
        "program kept of a game at another's table (default: the last game played here, "
        "of those kept in ~/.local/share/qingming)",
    )
    parser.add_argument(
        "--game", type=int, metavar="N", help="which game of the file, from 0 (default: the last)"
    )
    parser.add_argument("--json", action="store_true", help="print a JSON summary and exit")
    parser.add_argument(
        "--text",
        action="store_true",
        help="print the game in lines of text instead of opening it on the table",
    )
    parser.add_argument(
        "--seat",
        type=int,
        metavar="S",
        help="the game as seat S (from 0) saw it: only the events S saw, and other seats' "
        "choices by kind only (default: in text, everything; on the table, your own seat "
        "if you played, else a spectator's view)",
    )
    parser.add_argument(
        "--no-step",
        action="store_true",
        help="print the text without waiting for Enter between choices (implies --text)",
    )
    parser.add_argument(
        "--live",
        action="store_true",
        help="replay a game that a table running on this machine is still playing (refused "
        "without it: it shows every hand)",
    )
    parser.add_argument(
        "--cards",
        metavar="FILE",
        help="the card set the game was played with, for a journal that keeps none (a game "
        "played with your own set keeps a copy of it, used when this is not given)",
    )
    parser.add_argument(
        "--replay-lang",
        dest="replay_lang",
        choices=("zh", "en"),
        help="language of the lines (default: --lang, else en) and of the table (default: "
        "--lang, else the remembered one)",
    )


def last_played() -> str | None:
    """The file of the game played last on this machine: the newest journal or game record
    kept in the data directory (None: none kept)."""
    from qm_net import fairdeal
    from qm_net.stats import kept_files
    from qm_tui import config

    def when(path: Path) -> float:
        try:
            return path.stat().st_mtime
        except OSError:
            return 0.0

    for path in sorted(kept_files(config.data_dir()), key=when, reverse=True):
        if path.suffix == ".jsonl" or fairdeal.is_record(str(path)):
            return str(path)
    return None


def run(args: argparse.Namespace) -> int:
    if args.journal is None:
        args.journal = last_played()
        if args.journal is None:
            print(
                "qingming replay: no game is kept on this machine yet (the tables you host "
                "keep a journal, the games at others' a record); name a file to replay",
                file=sys.stderr,
            )
            return 1
    if not _as_text(args):
        return _table(args)
    try:
        return _run(args)
    except BrokenPipeError:  # `qingming replay J | head`
        sys.stderr.close()
        return 0


def _as_text(args: argparse.Namespace) -> bool:
    """Whether the game is told in text rather than on the table: asked for (``--text``,
    ``--json``, ``--no-step``), or not at a terminal (a pipe, a script: text as ever)."""
    if args.text or args.json or args.no_step:
        return True
    return not (sys.stdin.isatty() and sys.stdout.isatty())


def _table(args: argparse.Namespace) -> int:
    """Open the game on the table screen, read-only (:mod:`qm_tui.screens.replay`)."""
    from qingming.cardsfile import read_card_set
    from qm_net import fairdeal
    from qm_net.journal_io import in_use, pick_game
    from qm_net.replay_source import ReplaySource
    from qm_rules import JournalError
    from qm_rules.i18n import tr
    from qm_rules.shown import show_cards
    from qm_tui import config
    from qm_tui.app import QingmingApp, WatchReplay

    name, lang = config.resolve(getattr(args, "name", None), getattr(args, "lang", None))
    lang = args.replay_lang or lang
    given = read_card_set(args.cards, "replay", lang)
    try:
        if not fairdeal.is_record(args.journal):
            kept = pick_game(args.journal, args.game)
            if not kept.finished and not args.live and in_use(args.journal):
                print(f"qingming replay: {tr('replay.live', lang)}", file=sys.stderr)
                return 1
        source = ReplaySource.from_file(args.journal, args.game, given)
        show_cards(given or source.journal.card_set())  # its cards named from its own set
    except (JournalError, OSError, ValueError, KeyError, TypeError, IndexError) as exc:
        return _refused(exc, args.journal)
    names = list(source.names)
    mine = source.owner
    owner = names[mine] if mine is not None else None  # a player's record: theirs
    seat: int | None = mine
    if args.seat is not None:
        if args.seat not in source.seats:
            shown = ", ".join(str(s) for s in source.seats if s is not None)
            print(
                f"qingming replay: this file does not show seat {args.seat}"
                + (f" (it shows seat {shown} and the spectators' view)" if shown else ""),
                file=sys.stderr,
            )
            return 2
        seat = args.seat
    elif source.owner is None and name in names and len(source.seats) > 1:  # a host's: you
        seat = names.index(name)
    app = QingmingApp(name=name, lang=lang, start=WatchReplay(source, seat, owner))
    app.run()
    return int(app.return_code or 0)


def _refused(exc: Exception, path: str) -> int:
    """A file that cannot be replayed, said in one line on stderr; the exit status."""
    from qm_rules import JournalError

    if isinstance(exc, JournalError):
        message = str(exc)
    elif isinstance(exc, OSError):  # in words, not "[Errno 2] ..."
        message = f"cannot read {path}: {exc.strerror or exc}"
    elif isinstance(exc, IndexError):  # no such game in the journal
        print(f"qingming replay: {exc}", file=sys.stderr)
        return 2
    else:  # a record that is not one
        message = f"{path} is not a readable game record: {exc}"
    print(f"qingming replay: {message}", file=sys.stderr)
    return 1


def _when(path: str, lang: str) -> str:
    """The day the journal was started, from its name as ``play`` and ``serve`` give it
    (``20261201-031116-Ann-s-table.jsonl``); "" for a journal named otherwise."""
    from qm_rules.i18n import tr

    m = re.match(r"(\d{4})(\d{2})(\d{2})-\d{6}-", Path(path).name)
    if m is None:
        return ""
    return tr("replay.when", lang, date="-".join(m.groups()))


def _deal(seed: object, recorded: bool, lang: str) -> str:
    """How the game was dealt, in words: fairly (every player's program added to the deal:
    its seed is derived, ``deal:…``), or from a fixed number given at the start."""
    from qm_rules.i18n import tr

    if recorded:  # the host's secret and the parts are in the journal: it can be checked
        return tr("replay.deal.checkable", lang)
    if isinstance(seed, str) and seed.startswith("deal:"):
        return tr("replay.deal.fair", lang)
    return tr("replay.deal.fixed", lang, number=seed)


def _run(args: argparse.Namespace) -> int:
    from qm_net import fairdeal
    from qm_net.journal_io import in_use, pick_game
    from qm_net.replay_source import tell
    from qm_rules import Game, JournalError, RulesError
    from qm_rules.i18n import tr
    from qm_rules.shown import show_cards
    from qm_words import describe_result

    lang = args.replay_lang or getattr(args, "lang", None) or "en"
    timeouts: Collection[int] = ()
    index: int | None = None  # which game of a journal (a record holds one)
    try:
        if fairdeal.is_record(args.journal):  # a game record a player's client kept
            journal = fairdeal.revealed_journal(fairdeal.load(args.journal))
            checkable = True  # (its deal is checked by qingming verify)
        else:
            record = pick_game(args.journal, args.game)
            if not record.finished and not args.json and not args.live and in_use(args.journal):
                print(f"qingming replay: {tr('replay.live', lang)}", file=sys.stderr)
                return 1
            journal = record.journal()
            checkable, timeouts, index = record.deal is not None, record.timeouts, record.index
    except (JournalError, OSError, ValueError, KeyError, TypeError, IndexError) as exc:
        return _refused(exc, args.journal)
    from qingming.cardsfile import read_card_set

    given = read_card_set(args.cards, "replay", lang)
    if given is not None:
        journal.cards = None  # the file given, not the copy: so the error says which failed
    try:
        if args.json:
            game = Game.replay(journal, cards=given)
            summary = {
                "game": index,
                "players": list(journal.players),
                "finished": game.over,
                "winner": game.result.winner if game.result else None,
                "reason": game.result.reason if game.result else None,
                "rounds": game.round,
                "choices": len(journal.choices),
                "state_hash": game.state_hash(),
            }
            print(json.dumps(summary, ensure_ascii=False))
            return 0
        Game.replay(journal, cards=given)  # refuses other rules before we print a line
        card_set = given or journal.card_set()
        game = Game.new(list(journal.players), journal.seed, journal.options, card_set)
        show_cards(card_set)  # its cards are named from the set it was played with
    except JournalError as exc:
        print(f"qingming replay: {exc}", file=sys.stderr)
        return 1

    names = list(journal.players)
    everything = args.seat is None
    step = not args.no_step and sys.stdin.isatty() and sys.stdout.isatty()
    players = " · ".join(names)
    print(
        tr(
            "replay.header",
            lang,
            players=players,
            when=_when(args.journal, lang),
            n=len(journal.choices),
            deal=_deal(journal.seed, checkable, lang),
        )
    )
    told = tell(game, journal.choices, args.seat, lang, everything=everything, timeouts=timeouts)
    done = 0
    try:
        for choice in told:
            print(choice.choice)
            for line in choice.events:
                print(f"    {line}")
            done += 1
            if step and input("").strip().lower() == "q":
                return 0
    except RulesError as exc:
        print(f"qingming replay: choice {done + 1} does not replay: {exc}", file=sys.stderr)
        return 1
    print(describe_result(game.result, names, lang, turn=game.turn, round_=game.round))
    return 0
