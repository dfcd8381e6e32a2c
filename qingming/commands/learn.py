"""``qingming learn``: the lessons, a guided first game (:mod:`qm_tui.screens.learn`)."""

from __future__ import annotations

import argparse

NAME = "learn"
HELP = (
    "learn to play: six short lessons, each one thing done in a position set up for it (the ones "
    "you finished are ticked), then a real game against an easy bot"
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--lang",
        choices=("zh", "en"),
        default=argparse.SUPPRESS,
        help="language, remembered (default: the remembered one, else the locale's)",
    )
    parser.add_argument(
        "--name",
        default=argparse.SUPPRESS,
        help="your player name in the lessons and the game after, remembered",
    )


def run(args: argparse.Namespace) -> int:
    from qingming.commands.lobby import launch
    from qm_tui.app import Learn

    return launch(args, Learn())
