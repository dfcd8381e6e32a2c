"""``qingming bot``: a bot player in its own process, joining a table over TCP like anyone.

It says it is a bot, of its level (``hello``'s ``bot``: the table shows its seat as a network
bot of that level), takes a seat, says it is ready, answers its prompts with a
:mod:`qm_rules.bots` strategy, asks for a rematch after each game, and exits when the table
closes (or after ``--games``). It plays with the table's card set: the game's own, or the one
the host sends it (kept in the data directory's card cache for the next time).
A dropped connection, whenever it drops (while the bot thinks, or as it sends a choice or asks
for the rematch), is retried with the seat's token for a while, and play goes on; it exits 0
when the table ends.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from qm_rules.bots import BOT_NAMES

if TYPE_CHECKING:
    from qm_net.cardsets import CardCache
    from qm_rules.cards import CardSet

NAME = "bot"
HELP = "join a table as a bot player (for tests, demos and filling seats from another machine)"

RECONNECT_FOR = 30.0  # seconds to keep trying after a dropped connection


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--connect", required=True, metavar="HOST:PORT", help="the table's address")
    parser.add_argument(
        "--name",
        dest="bot_name",
        metavar="NAME",
        help="the bot's player name (default: bot-<strategy>)",
    )
    parser.add_argument(
        "--strategy",
        choices=BOT_NAMES,
        default="normal",
        metavar="LEVEL",
        help="how the bot plays: easy, normal or hard "
        "(or a strategy: heuristic, random, mcts; default: normal); "
        "the table shows its seat as a bot of that level",
    )
    parser.add_argument(
        "--seat", type=int, metavar="S", help="the seat to take (default: the first free one)"
    )
    parser.add_argument(
        "--games",
        type=int,
        metavar="G",
        help="leave after G games (default: until the table closes)",
    )
    parser.add_argument(
        "--seed",
        metavar="NUMBER",
        default=None,
        help="the number the bot's own random choices start from (default: its name)",
    )
    parser.add_argument(
        "--delay",
        type=float,
        default=0.0,
        metavar="S",
        help="seconds to think before each move (default: 0)",
    )
    parser.add_argument(
        "--record",
        metavar="DIR",
        help="save each game's record in DIR, to check later with `qingming verify`",
    )
    parser.add_argument("--quiet", action="store_true", help="print nothing but errors")
    from qingming.cardsfile import add_cards_argument

    add_cards_argument(parser, guest=True)


def _address(text: str) -> tuple[str, int]:
    host, sep, port = text.rpartition(":")
    if not sep or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"--connect wants HOST:PORT (a port from 1 to 65535), not {text!r}")
    return host.strip("[]") or "127.0.0.1", int(port)


async def play(
    host: str,
    port: int,
    name: str,
    *,
    strategy: str = "normal",
    seat: int | None = None,
    games: int | None = None,
    seed: int | str | None = None,
    delay: float = 0.0,
    record: str | None = None,
    say: Callable[[str], object] = print,
    cards: CardSet | None = None,
    card_cache: CardCache | None = None,
) -> int:
    """Play at a table until it closes or ``games`` are done; returns an exit code. The bot
    plays the table's card set (``cards``: a set it has, besides the game's own; else the
    host sends it, kept in ``card_cache``)."""
    from qm_net import fairdeal
    from qm_net.client import TableClient, TableError
    from qm_net.messages import ConnectionLost, ErrorMessage, GameEnded, GameUpdate
    from qm_rules.bots import level_of, make_bot, new_game, tell

    loop = asyncio.get_running_loop()
    give_up = loop.time() + RECONNECT_FOR
    while True:  # a table at its connection cap says "busy": that passes
        try:
            # the table shows the seat as a bot of this level (the host checks the name)
            client = await TableClient.connect(
                host,
                port,
                name,
                bot=level_of(strategy),
                known_cards=[cards] if cards is not None else [],
                card_cache=card_cache,
            )
            break
        except TableError as exc:
            if exc.code != "table_busy" or loop.time() > give_up:
                raise
            await asyncio.sleep(0.5)
    if client.cards_from == "host":
        say(f"{name}: the table plays its own card set; received and kept")
    bot = make_bot(strategy, seed if seed is not None else name, client.cards)
    my_seat = await client.join(seat)
    say(f"{name}: seat {my_seat} at {client.table.name if client.table else '?'}")
    played = 0
    acted = -1  # the last prompt seq answered: never answer one prompt twice
    counted = False  # the game that just ended is counted (a rejoin is told its end again)
    ready = False
    # One loop for everything the bot says: a link that drops at any point (while it thinks,
    # before a choice or a rematch is sent) ends in the same place, taking the seat back.
    while True:
        try:
            if not ready:
                await client.set_ready(True)
                ready = True
            while True:
                msg = await client.next_message()
                if isinstance(msg, GameUpdate):
                    counted = False
                    # what the seat was told, read as a player reads the log: the game so
                    # far on a (re)join, then each update's events (the host sends this
                    # seat only what it may see)
                    told = client.take_history()
                    if told is not None:
                        if not told.missed:  # a game it holds nothing of (its start may be
                            new_game(bot)  # cut off the history): the bot starts afresh
                        tell(bot, client.seat, told.events)
                    tell(bot, client.seat, msg.events)
                    p = msg.view.prompt
                    if p is not None and p.options and p.seat == client.seat and p.seq != acted:
                        acted = p.seq
                        if delay:
                            await asyncio.sleep(delay)
                        # in a thread: a searching bot must not stop this loop answering
                        # the host
                        option = await loop.run_in_executor(None, bot.choose, msg.view)
                        await client.choose(option, p.seq)
                elif isinstance(msg, GameEnded):
                    acted = -1
                    if not counted:
                        counted = True
                        played += 1
                        r = msg.result
                        say(
                            f"{name}: game {played} over: winner {r.winner}, {r.reason}, "
                            f"{r.rounds} rounds"
                        )
                        if msg.fair is not None:  # a fair deal: check it, say so, keep the record
                            verdict = fairdeal.verify(msg.fair)
                            failed = verdict.failed
                            say(
                                f"{name}: fair deal: verified"
                                if failed is None
                                else f"{name}: fair deal NOT verified: {failed.detail}"
                            )
                            if record:
                                msg.fair.save(os.path.join(record, f"{name}-game{played}.json"))
                    if games is not None and played >= games:
                        await client.close()
                        return 0
                    await client.rematch()
                elif isinstance(msg, ErrorMessage) and msg.code not in ("stale_prompt",):
                    say(f"{name}: host says {msg.code}: {msg.message}")
                elif isinstance(msg, ConnectionLost):
                    if msg.final:
                        say(f"{name}: {msg.reason}")
                        return 0
                    if not client.closed:
                        continue  # the notice of a link already replaced (a send found it dead)
                    break
        except TableError as exc:  # a request on a link that has just dropped
            if exc.code != "not_connected":
                raise
            if client.farewell is not None:  # ... by the host's goodbye (ended, then bye)
                say(f"{name}: {client.farewell}")
                return 0
        give_up = loop.time() + RECONNECT_FOR
        while True:  # the connection dropped: take the seat back with the token
            try:
                await client.reconnect()
                acted = -1
                break
            except (TableError, OSError) as exc:
                if isinstance(exc, TableError) and exc.code in (
                    "bad_token",
                    "version_mismatch",
                    "table_closed",
                ):
                    say(f"{name}: cannot come back: {exc}")
                    return 0 if exc.code == "table_closed" else 1
                if loop.time() > give_up:
                    say(f"{name}: the table is gone: {exc}")
                    return 1
                await asyncio.sleep(0.5)


def run(args: argparse.Namespace) -> int:
    from qm_net.client import TableError

    try:
        host, port = _address(args.connect)
    except ValueError as exc:
        print(f"qingming bot: {exc}", file=sys.stderr)
        return 2
    from qingming.cardsfile import read_card_set
    from qm_net.cardsets import CardCache
    from qm_tui.config import data_dir

    cards = read_card_set(args.cards, "bot", getattr(args, "lang", None) or "en")
    name = args.bot_name or getattr(args, "name", None) or f"bot-{args.strategy}"
    say = (lambda *a, **k: None) if args.quiet else (lambda *a: print(*a, flush=True))
    try:
        return asyncio.run(
            play(
                host,
                port,
                name,
                strategy=args.strategy,
                seat=args.seat,
                games=args.games,
                seed=args.seed,
                delay=args.delay,
                record=args.record,
                say=say,
                cards=cards,
                card_cache=CardCache(data_dir() / "cards"),
            )
        )
    except OSError as exc:  # no such host, nothing listening...: in words, not "[Errno -2]"
        from qm_tui.net import connect_failure

        print(f"qingming bot: {connect_failure(exc, host, port, 'en')}", file=sys.stderr)
        return 1
    except TableError as exc:  # refused: in plain words (the catalogue's), not the code
        from qm_tui.i18n import has, tr
        from qm_tui.net import refusal

        lang = getattr(args, "lang", None) or "en"
        key = f"bot.refused.{exc.code}"
        words = tr(key, lang) if has(key) else refusal(exc.code, exc.message, lang)
        print(f"qingming bot: {words}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
