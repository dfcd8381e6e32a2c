"""``qingming stats``: your record from the games kept on this machine.

The games are the data directory's journals (tables hosted here) and game records (games
played at others' tables), or the files and folders given; :mod:`qm_net.stats` counts them.
The lobby's panel (``s``) shows the same lines. A file that is not a game, or is damaged, is
skipped with a note; the command still exits 0 (1 only when a path given does not exist).

``--cards``: card by card instead — the figures ``qingming sim --by-card`` reports
(:mod:`qm_rules.cardstats`, the same code), from the same games replayed
(:func:`qm_net.stats.collect_cards`): every seat of a game hosted here, only the player's own
seat of a game record. Each card set's games apart (``--cards-file FILE``: only that set's);
``--report FILE.html`` writes them as ``sim --report``'s page.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from qm_net.stats import CardGroup, CardRecord

NAME = "stats"
HELP = (
    "your record: games, wins and losses by ancestor, table size, bots' level and opponent, "
    "from the games kept on this machine"
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "paths",
        nargs="*",
        metavar="PATH",
        help="journals, game records or folders of them to count (default: the ones kept on "
        "this machine, ~/.local/share/qingming/journals and .../records)",
    )
    parser.add_argument(
        "--name",
        dest="stats_name",
        metavar="NAME",
        help="whose record: the player seated under this name at a table of several people "
        "(default: your remembered name)",
    )
    parser.add_argument(
        "--lang",
        choices=("zh", "en"),
        default=argparse.SUPPRESS,
        help="language (default: the remembered one; --json is the same in both)",
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument(
        "--cards",
        dest="by_card",
        action="store_true",
        help="card by card instead: the figures of 'qingming sim --by-card' (win rates in the "
        "opening hand, drawn, played and not, the improvement when drawn, how often and in which "
        "round it is played, by ancestor too, with 95 %% intervals) from these games, each card "
        "set's apart; every seat of a game hosted here counts, only your own seat of a game "
        "record (what you saw)",
    )
    parser.add_argument(
        "--cards-file",
        metavar="FILE",
        help="with --cards: only the games played with the card set in FILE (default: each "
        "game's own set, the one its journal keeps)",
    )
    parser.add_argument(
        "--report",
        metavar="FILE.html",
        help="with --cards: also write the figures as one self-contained web page with charts",
    )


def files(paths: list[str]) -> list[Path]:
    """The files ``paths`` name (a folder: the files in it), or the data directory's kept
    games; SystemExit naming a path that does not exist."""
    from qm_net.stats import kept_files
    from qm_tui import config

    if not paths:
        return kept_files(config.data_dir())
    out: list[Path] = []
    for given in paths:
        path = Path(given)
        if path.is_dir():
            out += sorted(p for p in path.rglob("*") if p.is_file())
        elif path.exists():
            out.append(path)
        else:
            raise SystemExit(f"qingming stats: {given}: no such file or folder")
    return out


def run(args: argparse.Namespace) -> int:
    from qm_net.stats import collect, record_lines
    from qm_tui import config, seat_tokens
    from qm_tui.i18n import tr

    name, lang = config.resolve(args.stats_name, getattr(args, "lang", None), persist=False)
    if args.by_card or args.cards_file or args.report:
        return _by_card(args, lang)
    tokens = [entry.token for entry in seat_tokens.load()]
    record = collect(files(args.paths), name, tokens)
    if args.json:
        print(json.dumps(record.plain(), ensure_ascii=False))
        return 0
    print(tr("stats.title", lang))
    for line in record_lines(record, name, lang):
        print(line)
    sys.stdout.flush()
    return 0


def _by_card(args: argparse.Namespace, lang: str) -> int:
    from qingming.cardsfile import read_card_set
    from qm_net.stats import collect_cards
    from qm_rules.i18n import tr

    cards = read_card_set(args.cards_file, "stats", lang)
    record = collect_cards(files(args.paths), cards)
    if args.json:
        print(json.dumps(record.plain(), ensure_ascii=False))
    else:
        for line in card_lines(record, lang, args.cards_file):
            print(line)
    if args.report:
        from qingming.simreport import stats_page

        try:
            with open(args.report, "w", encoding="utf-8") as f:
                f.write(stats_page(record, lang, args.cards_file))
        except OSError as exc:
            print(f"qingming stats: {args.report}: {exc.strerror or exc}", file=sys.stderr)
            return 1
        if not args.json:
            print(tr("sim.report.written", lang, file=args.report))
    sys.stdout.flush()
    return 0


def card_set_words(group: CardGroup, lang: str, cards_file: str | None = None) -> str:
    """Which set a group's games were played with: the game's own, the file given, or a set
    the games keep a copy of."""
    from qm_rules.cards import shipped_cards
    from qm_rules.i18n import tr

    digest = group.cards.digest
    if digest == shipped_cards().digest:
        return tr("stats.cards.set.shipped", lang, digest=digest)
    if cards_file:
        return tr("sim.cards", lang, file=cards_file, digest=digest)
    return tr("stats.cards.set.kept", lang, digest=digest)


def group_words(group: CardGroup, lang: str) -> str:
    """How many games a group counts and whose part of each."""
    from qm_rules.i18n import tr

    return tr(
        "stats.cards.games",
        lang,
        n=group.games,
        hosted=group.hosted,
        recorded=group.recorded,
        seat_games=group.seat_games,
    )


def card_lines(record: CardRecord, lang: str, cards_file: str | None = None) -> list[str]:
    """``qingming stats --cards`` in words: each card set's games, its ancestors' wins and
    every card's figures (as ``qingming sim --by-card`` says them), then what was not
    counted."""
    from qingming.commands.sim import format_card_stats
    from qm_rules.i18n import tr
    from qm_rules.shown import show_cards

    lines = [tr("stats.cards.title", lang)]
    if not record.groups:
        lines.append(tr("stats.cards.none", lang))
    for group in record.groups:
        show_cards(group.cards)  # the cards named from their own set
        lines += ["", card_set_words(group, lang, cards_file), group_words(group, lang)]
        if group.worshipped:
            shares = [
                tr(
                    "stats.cards.ancestor",
                    lang,
                    name=d.name(lang),
                    n=group.wins_by_ancestor[d.id],
                    share=f"{100 * group.wins_by_ancestor[d.id] / group.worshipped:.0f}",
                )
                for d in group.cards.ancestors
            ]
            lines.append(
                tr(
                    "stats.cards.ancestors",
                    lang,
                    n=group.worshipped,
                    shares=tr("sim.draws.sep", lang).join(shares),
                )
            )
        lines += ["", format_card_stats(group.stats.to_plain(), lang)]
    show_cards(None)
    lines += ["", tr("stats.cards.uses", lang)]
    notes = []
    if record.other_set:
        notes.append(tr("stats.cards.other_set", lang, n=record.other_set))
    if record.other_rules:
        notes.append(tr("stats.cards.other_rules", lang, n=record.other_rules))
    if record.unfinished:
        notes.append(tr("stats.unfinished", lang, n=record.unfinished))
    for path, why in record.skipped:
        notes.append(tr("stats.skipped", lang, path=path, why=tr(f"stats.why.{why}", lang)))
    return lines + ([""] + notes if notes else [])
