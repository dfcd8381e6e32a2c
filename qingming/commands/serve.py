"""``qingming serve``: host a table headless (no terminal UI) until its games are played.

Prints one line ``qingming serve: table "NAME" listening on ADDR:PORT`` on stdout once the
table is open (scripts read the port from it), then logs to stderr.
"""

from __future__ import annotations

import argparse
import asyncio
import errno
import logging
import signal
import sys

from qm_rules.bots import BOT_NAMES
from qm_rules.model import GameOptions
from qm_rules.options import OPTIONS, as_flag

NAME = "serve"
HELP = "host a table without a terminal UI (players join with `qingming join` or `qingming bot`)"


def table_options(args: argparse.Namespace) -> GameOptions:
    """The table options the flags give (one not given: its default); ``ValueError`` names
    the first bad one."""
    values = {}
    for option in OPTIONS:
        given = getattr(args, option.name)
        if given is None or option.kind == "flag":
            values[option.name] = option.default if given is None else given
        else:
            values[option.name] = option.parse(given)
    options = GameOptions(**values)
    options.check()
    return options


def add_arguments(parser: argparse.ArgumentParser) -> None:
    # Own dests: the top-level parser has --name/--interface too, and a subparser's default
    # would overwrite a value given before the command word.
    parser.add_argument(
        "--name", dest="table_name", metavar="NAME", help="the table's name (default: Qingming)"
    )
    parser.add_argument(
        "--seats", type=int, default=4, metavar="N", help="seats at the table, 2-6 (default: 4)"
    )
    parser.add_argument(
        "--bots",
        type=int,
        default=0,
        metavar="K",
        help="seats the host fills with bots (default: 0)",
    )
    parser.add_argument(
        "--port",
        type=port,
        default=None,
        metavar="P",
        help="TCP port (default: 7351 if free, else any free port; 0: any free port)",
    )
    parser.add_argument(
        "--bind", default="0.0.0.0", metavar="ADDR", help="address to listen on (default: 0.0.0.0)"
    )
    parser.add_argument(
        "--interface",
        dest="serve_interface",
        action="append",
        metavar="ADDR",
        help="advertise on this interface address (or name); repeat for several "
        "(default: every interface, or 127.0.0.1 when CI is set)",
    )
    parser.add_argument(
        "--no-advertise", action="store_true", help="do not announce the table over mDNS"
    )
    parser.add_argument(
        "--journal",
        metavar="PATH",
        help="append every game's choices to this file (JSON lines, 0600)",
    )
    parser.add_argument(
        "--resume",
        metavar="JOURNAL",
        help="restore the last game of a journal (and keep writing it); its seats, table options, "
        "--games, --seed and bot settings come from the journal unless given again",
    )
    parser.add_argument(
        "--games",
        type=int,
        metavar="G",
        help="exit after G games (default: keep hosting rematches)",
    )
    parser.add_argument(
        "--seed", help="the first game's seed (default: random); later games derive theirs"
    )
    parser.add_argument(
        "--strategy",
        choices=BOT_NAMES,
        default=None,
        metavar="LEVEL",
        help="how the host's bots play: easy, normal or hard "
        "(or a strategy: heuristic, random, mcts; default: normal)",
    )
    parser.add_argument(
        "--bot-delay",
        type=float,
        default=None,
        metavar="S",
        help="seconds a host bot waits before each move (default: 0)",
    )
    for option in OPTIONS:  # the table options, one flag each, read as the host form reads them
        if option.kind == "flag":
            parser.add_argument(option.flag, action="store_true", help=option.serve_help())
        else:
            parser.add_argument(option.flag, metavar=option.metavar, help=option.serve_help())
    parser.add_argument(
        "-v",
        "--verbose",
        action="store_true",
        help="log connections, games starting and ending, and bot takeovers",
    )


def port(text: str) -> int:
    """A TCP port as ``--port`` takes it (named so, argparse says "invalid port value")."""
    number = int(text)
    if not 0 <= number <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 0 to 65535 (0: any free one), not {number}")
    return number


def bind_failure(exc: OSError, args: argparse.Namespace) -> str | None:
    """Why the table could not listen, in words (None: no plainer words than the error's)."""
    where = f"port {args.port} on {args.bind}" if args.port is not None else f"{args.bind}"
    if exc.errno == errno.EADDRINUSE:
        return (
            f"{where} is already in use (another table, or another program): choose another "
            "with --port, or leave --port out to take a free one"
        )
    if exc.errno == errno.EADDRNOTAVAIL:
        return (
            f"{args.bind} is not an address of this machine: --bind takes one of its own "
            "addresses, or 0.0.0.0 for all of them"
        )
    return None


async def _serve(args: argparse.Namespace) -> int:
    from qingming.cli import parse_seed
    from qm_net.discovery import parse_interfaces
    from qm_net.host import Host

    interfaces = parse_interfaces(
        (args.serve_interface or []) + (getattr(args, "interface", None) or [])
    )
    common = {
        "bind": args.bind,
        "port": args.port,
        "interfaces": interfaces,
        "advertise": not args.no_advertise,
        "games": args.games,
        "seed": parse_seed(args.seed),
        "bot_strategy": args.strategy,
        "bot_delay": args.bot_delay,
        "anyone_starts": True,  # a headless table has no owner at a keyboard
    }
    common = {
        k: v for k, v in common.items() if v is not None or k == "port"
    }  # not given: the default, or the journal's
    if args.resume:
        if args.table_name:
            common["name"] = args.table_name
        host = Host.resume(args.resume, **common)
    else:
        options = table_options(args)
        host = Host(
            args.table_name or "Qingming",
            args.seats,
            bots=args.bots,
            options=options,
            journal_path=args.journal,
            **common,
        )
    await host.start()
    print(f'qingming serve: table "{host.name}" listening on {args.bind}:{host.port}', flush=True)
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, lambda: loop.create_task(host.stop("the host was stopped")))
    await host.wait_closed()
    return 0


def run(args: argparse.Namespace) -> int:
    logging.basicConfig(
        level=logging.INFO if args.verbose else logging.WARNING,
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
        stream=sys.stderr,
    )
    if not 2 <= args.seats <= 6 and not args.resume:
        print("qingming serve: --seats must be 2 to 6", file=sys.stderr)
        return 2
    from qm_rules import JournalError

    try:
        return asyncio.run(_serve(args))
    except (ValueError, OSError, JournalError) as exc:  # bad options, a busy port, a bad journal
        words = bind_failure(exc, args) if isinstance(exc, OSError) else None
        print(f"qingming serve: {words or as_flag(str(exc))}", file=sys.stderr)
        return 1
