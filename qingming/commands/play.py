"""``qingming play``: you against bots on a table in this process, at once."""

from __future__ import annotations

import argparse

NAME = "play"
HELP = "play now: a table on this machine, you against bots (default 3)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from qingming.cli import add_common_arguments

    parser.add_argument(
        "--bots",
        type=int,
        default=3,
        choices=range(1, 6),
        metavar="N",
        help="how many bots (1-5, default 3)",
    )
    parser.add_argument(
        "--seed", help="the game's seed (an integer or any text): the same seed deals the same cards"
    )
    parser.add_argument(
        "--bot-delay",
        type=float,
        default=0.6,
        metavar="S",
        help="seconds a bot waits before each move (default 0.6)",
    )
    add_common_arguments(parser)


def run(args: argparse.Namespace) -> int:
    from qingming.cli import parse_seed
    from qingming.commands.lobby import launch
    from qm_tui.app import PlayLocal

    seed = parse_seed(args.seed)
    return launch(args, PlayLocal(bots=args.bots, seed=seed), bot_delay=max(0.0, args.bot_delay))
