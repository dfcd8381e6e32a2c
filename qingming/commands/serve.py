"""``qingming serve``: host a table headless (no terminal UI) until its games are played.

Prints one line ``qingming serve: table "NAME" listening on ADDR:PORT`` on stdout once the
table is open (scripts read the port from it; it is always in English), then, for the one who
runs the table, a line for each thing that happens there, in the language of ``--lang`` (else
the remembered one, as the other commands): how players join, who sat down, left, lost the
connection or came back, each game starting (with whom) and ending (who won, how, where it is
journaled), the table closing. ``-v`` adds the host's own log (stderr), for debugging.
"""

from __future__ import annotations

import argparse
import asyncio
import errno
import logging
import signal
import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from qm_rules.bots import BOT_NAMES
from qm_rules.model import GameOptions
from qm_rules.options import OPTIONS, as_flag

if TYPE_CHECKING:  # (the host is imported when it serves)
    from qm_net.host import Host
    from qm_net.host.news import News

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
        "--web",
        nargs="?",
        type=port,
        const=-1,
        metavar="PORT",
        help="also serve the table to browsers on the LAN, on PORT (default: 7352 if free, else "
        "any free port); they need the table's code, printed here with the address and a QR "
        "code (needs the web extra: pip install 'qingming[web]')",
    )
    parser.add_argument(
        "--journal",
        metavar="PATH",
        help="append every game's choices to this file (JSON lines, 0600)",
    )
    from qingming.cardsfile import add_cards_argument

    add_cards_argument(parser)
    parser.add_argument(
        "--resume",
        metavar="JOURNAL",
        help="restore the last game of a journal (and keep writing it); its seats, table options, "
        "--games, --seed and bot settings come from the journal unless given again; refused "
        "while a running table writes it",
    )
    parser.add_argument(
        "--games",
        type=int,
        metavar="G",
        help="exit after G games (default: keep hosting rematches)",
    )
    parser.add_argument(
        "--seed",
        metavar="NUMBER",
        help="deal the first game from this fixed number (default: a fair deal); later games "
        "derive theirs from it",
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
        "--lang",
        dest="serve_lang",
        choices=("zh", "en"),
        help="language of the lines printed about players and games "
        "(default: the remembered one, else the locale's)",
    )
    parser.add_argument(
        "-v",
        "--verbose",
        action="store_true",
        help="also log the host's own details to stderr (connections, timers), for debugging",
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


def news_line(news: News, lang: str, grace: float) -> str:
    """What ``news`` says, as a line of the host operator's log (seats counted from 1, as the
    players see them; ``grace``: how long a dropped player's seat is kept)."""
    import qm_words  # noqa: F401  (registers the game's words: how a game ended)
    from qm_rules.i18n import tr

    seat = (news.seat or 0) + 1
    name = news.name or f"P{seat}"
    if news.kind == "joined":
        if news.level is not None:  # a bot: the host's, or a player's client that says it is one
            key = "serve.joined.bot.level" if news.bot else "serve.joined.netbot"
            level = tr(f"level.{news.level}", lang)
            return tr(key, lang, name=name, seat=seat, level=level)
        return tr("serve.joined.bot" if news.bot else "serve.joined", lang, name=name, seat=seat)
    if news.kind == "left":
        if news.bot:
            return tr("serve.left.bot", lang, name=name, seat=seat)
        key = "serve.left.conceded" if news.conceded else "serve.left"
        return tr(key, lang, name=name, seat=seat)
    if news.kind in ("dropped", "away"):
        return tr(f"serve.{news.kind}", lang, name=name, seat=seat, grace=f"{grace:g}")
    if news.kind in ("back", "bot_plays", "freed"):
        return tr(f"serve.{news.kind}", lang, name=name, seat=seat)
    if news.kind == "game_started":
        sep = tr("serve.players.sep", lang)
        n = len(news.players)
        bots = news.bots if len(news.bots) == n else (False,) * n
        levels = news.levels if len(news.levels) == n else (None,) * n

        def player(who: str, bot: bool, level: str | None) -> str:
            if not bot:
                return who
            if level is None:
                return tr("serve.player.bot", lang, name=who)
            return tr("serve.player.bot.level", lang, name=who, level=tr(f"level.{level}", lang))

        players = sep.join(map(player, news.players, bots, levels))
        return tr("serve.game_started", lang, game=news.game, players=players)
    if news.kind == "game_over":
        result = news.result
        assert result is not None
        how = tr(f"result.reason.{result.reason}", lang)
        if result.winner is None:
            line = tr("serve.game_over.draw", lang, game=news.game, how=how, n=result.turns)
        else:
            who = news.players[result.winner] if result.winner < len(news.players) else "?"
            line = tr("serve.game_over.win", lang, game=news.game, who=who, how=how, n=result.turns)
        if news.journal:
            line += tr("serve.game_over.saved", lang, path=news.journal)
        return line
    if news.kind == "closed":
        return tr("serve.closed", lang, n=news.game)
    raise ValueError(f"no words for {news.kind!r}")


def resuming_line(host: Host, lang: str) -> str:
    """What a table resumed from its journal carries on: the game, its turn, its players."""
    from qm_rules.i18n import tr

    game = host.game
    if game is None or game.over:
        return tr("serve.resuming.between", lang, n=host.games_played)
    players = tr("serve.players.sep", lang).join(game.names)
    return tr("serve.resuming", lang, game=host.games_played + 1, turn=game.turn, players=players)


def operator_log(lang: str, grace: float, out: Callable[[str], None]) -> Callable[[News], None]:
    """A host's news listener writing each line, after the local time, with ``out``."""

    def tell(news: News) -> None:
        out(f"{time.strftime('%H:%M:%S')} {news_line(news, lang, grace)}")

    return tell


def _say(line: str) -> None:
    print(line, flush=True)


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
    from qingming.cardsfile import read_card_set

    cards = read_card_set(args.cards, "serve", args.lang_resolved)
    if args.resume:
        if args.table_name:
            common["name"] = args.table_name
        host = Host.resume(args.resume, **common)
        if cards is not None and cards.digest != host.cards.digest:
            raise ValueError(
                f"{args.resume} was played with another card set than {args.cards}: a resumed "
                "table plays the set its journal keeps (leave out --cards)"
            )
    else:
        options = table_options(args)
        host = Host(
            args.table_name or "Qingming",
            args.seats,
            bots=args.bots,
            options=options,
            journal_path=args.journal,
            cards=cards,
            **common,
        )
    from qm_net.discovery import reachable_addresses
    from qm_rules.i18n import tr

    lang = args.lang_resolved
    tell = operator_log(lang, host.options.disconnect_grace, _say)
    held: list[News] = []
    host.news = held.append  # (a table of bots starts at once: its news after the header)
    await host.start()
    print(f'qingming serve: table "{host.name}" listening on {args.bind}:{host.port}', flush=True)
    addresses = reachable_addresses(host.interfaces, None if args.bind == "0.0.0.0" else args.bind)
    commands = "  ".join(f"qingming join {a}:{host.port}" for a in addresses)
    _say(tr("serve.join_with", lang, commands=commands))
    if args.resume:
        _say(resuming_line(host, lang))
    if host.journal_path:
        _say(tr("serve.journal", lang, path=host.journal_path))
    door = None
    if args.web is not None:
        from qm_web.host import open_door

        try:
            door = await open_door(host, port=args.web, lang=lang)
        except OSError as exc:
            await host.stop("the table's web page could not open")
            raise WebPortError(args.web, exc) from None
        urls = [door.url(a) for a in addresses]
        _say(tr("serve.web", lang, urls="  ".join(urls), code=door.code))
        from qm_web import qr_lines

        print("\n".join(qr_lines(urls[0])), flush=True)
    for news in held:
        tell(news)
    host.news = tell
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, lambda: loop.create_task(host.stop("the host was stopped")))
    try:
        await host.wait_closed()
    finally:
        if door is not None:
            await door.stop()
    return 0


class WebPortError(Exception):
    """The web page's port could not be listened on."""

    def __init__(self, port: int, exc: OSError) -> None:
        where = "the web port" if port < 0 else f"web port {port}"
        super().__init__(f"{where}: {exc.strerror or exc}")


def run(args: argparse.Namespace) -> int:
    logging.basicConfig(
        level=logging.INFO if args.verbose else logging.WARNING,
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
        stream=sys.stderr,
    )
    from qm_tui.config import resolve  # (no Textual: the remembered settings only)

    args.lang_resolved = resolve(
        None, args.serve_lang or getattr(args, "lang", None), persist=False
    )[1]
    if not 2 <= args.seats <= 6 and not args.resume:
        print("qingming serve: --seats must be 2 to 6", file=sys.stderr)
        return 2
    if args.web is not None:
        import qm_web

        if not qm_web.available():
            print(f"qingming serve: {qm_web.MISSING}", file=sys.stderr)
            return 1
    from qm_net.journal_io import JournalInUse
    from qm_rules import JournalError
    from qm_rules.i18n import tr

    try:
        return asyncio.run(_serve(args))
    except WebPortError as exc:
        print(f"qingming serve: {exc}", file=sys.stderr)
        return 1
    except JournalInUse as exc:  # a running table's journal: left as it is
        print(f"qingming serve: {exc.path}: {tr(exc.key, args.lang_resolved)}", file=sys.stderr)
        return 1
    except (ValueError, OSError, JournalError) as exc:  # bad options, a busy port, a bad journal
        words = bind_failure(exc, args) if isinstance(exc, OSError) else None
        print(f"qingming serve: {words or as_flag(str(exc))}", file=sys.stderr)
        return 1
