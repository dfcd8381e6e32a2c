"""``qingming play``: you against bots on a table in this process, at once.

Every game is journaled into the platform's data directory unless ``--no-journal``; ``--resume``
carries on the last game of ours cut off here (or the one in JOURNAL) after a crash or a quit:
a practice table, or a table hosted from the lobby, reopened on the LAN as it was
(:mod:`qm_tui.interrupted` says which games are ours to carry on).
"""

from __future__ import annotations

import argparse
from typing import Any

from qm_rules.bots import LEVELS

NAME = "play"
HELP = (
    "play now: a table on this machine, you against bots (default 3), with no timer (nobody "
    "waits on you) unless you set one"
)
TIMERS = ("response_timer", "turn_timer")
"""The table options ``play`` takes: the clocks, off at a table of bots unless set."""


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
        "--level",
        choices=tuple(LEVELS),
        default="normal",
        help="how well the bots play: easy, normal or hard (default: normal)",
    )
    parser.add_argument(
        "--seed",
        metavar="NUMBER",
        help="deal from this fixed number (an integer or any text): the same number deals the same "
        "cards (default: a fair deal, every player's program adding to it)",
    )
    parser.add_argument(
        "--bot-delay",
        type=float,
        default=0.6,
        metavar="S",
        help="seconds a bot waits before each move (default 0.6)",
    )
    parser.add_argument(
        "--web",
        action="store_true",
        help="a seat more, for a guest beside you in a browser (phones too): the waiting room "
        "shows the page's address, the table's code and a QR code; you start the game (needs "
        "the web extra: pip install 'qingming[web]')",
    )
    parser.add_argument(
        "--resume",
        nargs="?",
        const="",
        metavar="JOURNAL",
        help="carry on the last game of yours that was cut off (a crash, a quit), or the one in "
        "JOURNAL, your seat included: a table you hosted from the lobby opens on the network again",
    )
    from qm_rules.options import OPTIONS

    for option in OPTIONS:
        if option.name in TIMERS:
            parser.add_argument(
                option.flag,
                metavar=option.metavar,
                help=f"{option.words('help', 'en')}, as a hosted table's timer "
                "(default: none, nobody waits on you)",
            )
    add_journal_argument(parser, command=True)
    from qingming.cardsfile import add_cards_argument

    add_cards_argument(parser)
    add_common_arguments(parser, command=True)


def timers(args: argparse.Namespace) -> tuple[float | None, float | None]:
    """The response and turn timers ``--response-timer``/``--turn-timer`` set (none unset);
    exits naming the flag of a bad one."""
    from qm_rules.options import OPTIONS, as_flag

    values: dict[str, float | None] = {}
    for option in OPTIONS:
        if option.name in TIMERS:
            given = getattr(args, option.name, None)
            try:
                values[option.name] = None if given is None else option.parse(given)
            except ValueError as exc:
                raise SystemExit(f"qingming play: {as_flag(str(exc))}") from None
    return values["response_timer"], values["turn_timer"]


def add_journal_argument(parser: argparse.ArgumentParser, *, command: bool = False) -> None:
    """``--no-journal``, of the top level and of ``play`` (``command``: no default of its own,
    so that ``qingming --no-journal play`` is not undone; see ``add_common_arguments``)."""
    default: dict[str, Any] = {"default": argparse.SUPPRESS} if command else {}
    parser.add_argument(
        "--no-journal",
        action="store_true",
        help="save no games: no journal of the tables you host, no record of the games you "
        "play at others' (default: a table you host journals each game into "
        "~/.local/share/qingming/journals, for `qingming replay` and `--resume`; at another's "
        "table the game's record goes into .../records, for `qingming verify`)",
        **default,
    )


def _interrupted() -> str:
    """The journal of our most recently played table whose game was cut off (a crash, a
    kill, a game against bots quit to go on later; from the lobby or ``play``), or exit
    saying there is none, and what else brings a table back."""
    from qm_tui import interrupted

    table = interrupted.latest()
    if table is None:
        raise SystemExit(
            "qingming play: there is no game of yours to carry on (a table hosted here whose "
            "game was cut off); a journal elsewhere: qingming play --resume JOURNAL, or "
            "qingming serve --resume JOURNAL"
        )
    return table.journal


def run(args: argparse.Namespace) -> int:
    from qingming.cli import parse_seed
    from qingming.commands.lobby import launch
    from qm_tui.app import PlayLocal

    resume = None
    if args.resume is not None:
        resume = args.resume or _interrupted()
    seed = parse_seed(args.seed)
    response, turn = timers(args)
    from qingming.cardsfile import read_card_set

    cards = read_card_set(args.cards, "play", getattr(args, "lang", None) or "en")
    if cards is not None and resume:
        raise SystemExit(
            "qingming play: a game carried on plays the card set its journal keeps: "
            "leave out --cards"
        )
    if args.web:
        import qm_web

        if not qm_web.available():
            raise SystemExit(f"qingming play: {qm_web.MISSING}")
        if resume:
            raise SystemExit("qingming play: --web opens a new table: leave out --resume")
    start = PlayLocal(
        web=args.web,
        cards=cards,
        bots=args.bots,
        seed=seed,
        resume=resume,
        level=args.level,
        response_timer=response,
        turn_timer=turn,
    )
    return launch(args, start, bot_delay=max(0.0, args.bot_delay))
