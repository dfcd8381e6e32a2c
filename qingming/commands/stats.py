"""``qingming stats``: your record from the games kept on this machine.

The games are the data directory's journals (tables hosted here) and game records (games
played at others' tables), or the files and folders given; :mod:`qm_net.stats` counts them.
The lobby's panel (``s``) shows the same lines. A file that is not a game, or is damaged, is
skipped with a note; the command still exits 0 (1 only when a path given does not exist).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

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
