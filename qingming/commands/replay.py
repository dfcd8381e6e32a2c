"""``qingming replay [JOURNAL]``: step through a finished or interrupted game from its journal,
or from the game record a player's client kept (the game the host revealed at its end);
without a file, the game played last on this machine (:func:`last_played`).

Prints each choice and what it caused, in words, one line each (on a terminal, Enter steps
and ``q`` stops); ``--json`` prints a summary instead. The journal is a host's ``--journal``
file (see docs/protocol.md, "Journal"); with several games in it, the last is shown unless
``--game`` says otherwise.

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
HELP = "replay a game from its journal or game record (or summarise it with --json)"


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
        "--seat",
        type=int,
        metavar="S",
        help="tell the game as seat S saw it: only the events S saw, and other seats' choices "
        "by kind only (default: everything)",
    )
    parser.add_argument(
        "--no-step", action="store_true", help="do not wait for Enter between choices"
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
        help="language of the lines (default: --lang, else en)",
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
    try:
        return _run(args)
    except BrokenPipeError:  # `qingming replay J | head`
        sys.stderr.close()
        return 0


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
    from qm_net.journal_io import in_use, pick_game, retell
    from qm_rules import Game, JournalError, Option, RulesError
    from qm_rules.i18n import tr
    from qm_rules.shown import show_cards
    from qm_words import (
        card_index,
        describe_events,
        describe_option,
        describe_result,
        field_places,
    )
    from qm_words.logorder import LogOrder

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
    except JournalError as exc:
        print(f"qingming replay: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:  # in words, not "[Errno 2] ..."
        print(
            f"qingming replay: cannot read {args.journal}: {exc.strerror or exc}", file=sys.stderr
        )
        return 1
    except (ValueError, KeyError, TypeError) as exc:  # a record that is not one
        print(
            f"qingming replay: {args.journal} is not a readable game record: {exc}", file=sys.stderr
        )
        return 1
    except IndexError as exc:
        print(f"qingming replay: {exc}", file=sys.stderr)
        return 2
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
    order = LogOrder()  # the chain, choice to choice: each link's line before its effects
    for i, (seat, option_id) in enumerate(journal.choices):
        # the board as the events begin, as the reader may see it: whose slot a targeted card
        # is in, and the cards' names (the events name targets by instance)
        board = game.view(args.seat)
        places = field_places(board)
        cards = card_index(board)
        if everything or seat == args.seat:
            view = game.view(seat)
            opt = view.prompt.option(option_id) if view.prompt is not None else None
            kind = option_id.partition(":")[0]
            words = describe_option(opt or Option(option_id, kind), view, lang)
        else:
            # Another seat's choice, told from seat S's side: its kind, never the card it names
            # (a search pick or a card from hand may be hidden from S, R5). What becomes public
            # shows in the event lines below.
            kind = option_id.partition(":")[0]
            words = describe_option(Option(kind, kind), game.view(args.seat), lang)
        print(tr("replay.choice", lang, i=i + 1, turn=game.turn, who=names[seat], words=words))
        try:
            events = retell(game, seat, option_id, i in timeouts)  # a timer's: says so
        except RulesError as exc:
            print(f"qingming replay: choice {i + 1} does not replay: {exc}", file=sys.stderr)
            return 1
        after = game.view(args.seat)
        cards.update(card_index(after))
        for cid, place in field_places(after).items():
            places.setdefault(cid, place)  # placed by these events
        lines = describe_events(
            events,
            args.seat,
            lang,
            names,
            cards,
            everything=everything,
            places=places,
            order=order,
        )
        for line in lines:
            print(f"    {line}")
        if step and input("").strip().lower() == "q":
            return 0
    print(describe_result(game.result, names, lang, turn=game.turn, round_=game.round))
    return 0
