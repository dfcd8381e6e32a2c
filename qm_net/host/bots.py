"""The host's bots: a bot seat (or a human seat a bot has taken over) answering its prompt.

Quick bots answer on the event loop. A searching bot (``hard``) thinks in a worker thread
(:func:`think`) with a time cap on top of its iteration budget, so the table goes on
answering everyone while it thinks.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from qm_net.host.history import GameHistory
from qm_net.host.seats import Seat
from qm_rules import Game, View
from qm_rules.bots import make_bot, strategy_of, tell

log = logging.getLogger("qm_net.host")

#: The longest a searching bot thinks at a table, whatever its budget (milliseconds).
SEARCH_CAP_MS = 2_000.0


def _bot(seat: Seat, game: Game, takeover_strategy: str) -> Any:
    """The seat's bot, made once per game, seeded from the game's seed and the seat (so the
    same game gets the same bots)."""
    if seat.bot is None:
        strategy = seat.strategy if seat.kind == "bot" else takeover_strategy
        seat.bot = make_bot(strategy, f"{game.seed}:{seat.index}", game.cards)
        seat.bot_heard = 0
        if strategy_of(strategy) == "mcts":  # it plays out this table's rules (R22)
            seat.bot.max_ms = SEARCH_CAP_MS
            seat.bot.options = game.options
    return seat.bot


def catch_up(seat: Seat, game: Game, takeover_strategy: str, history: GameHistory) -> None:
    """Hand the seat's bot what its seat was told of the game since it was last handed any
    (a bot made mid-game, taking over a human seat, reads the game so far; decisions taken
    back are left out, and a take-back makes the bots anew), before it chooses. Only a bot
    that reads the log (``observe``) is handed anything."""
    bot = _bot(seat, game, takeover_strategy)
    told = history.standing()
    if seat.bot_heard < len(told):
        tell(bot, seat.index, told[seat.bot_heard :])
        seat.bot_heard = len(told)


def searches(seat: Seat, game: Game, takeover_strategy: str) -> bool:
    """Does this seat's bot search (and so think off the event loop)?"""
    return getattr(_bot(seat, game, takeover_strategy), "name", "") == "mcts"


async def think(seat: Seat, view: View) -> str | None:
    """The bot's choice for ``view``, worked out in a thread; None if the bot failed. One
    thought at a time a bot: a new prompt waits for the previous search to end."""
    bot = seat.bot
    lock = getattr(bot, "host_lock", None)
    if lock is None:
        lock = bot.host_lock = asyncio.Lock()
    try:
        async with lock:
            return await asyncio.get_running_loop().run_in_executor(None, bot.choose, view)
    except Exception:  # a bot's bug must not stall the table: the caller takes the default
        log.exception("bot at seat %d failed", seat.index)
        return None


def bot_move(
    seat: Seat, game: Game, seq: int, takeover_strategy: str, option: str | None = None
) -> tuple[list[Any], str]:
    """Let ``seat``'s bot answer the pending prompt ``seq`` (or apply ``option``, a choice it
    made in a thread); returns the events and the option taken. A human seat taken over plays
    with ``takeover_strategy``. A failing bot, or a choice the rules refuse, takes the default."""
    bot = _bot(seat, game, takeover_strategy)
    try:
        if option is None:
            option = bot.choose(game.view(seat.index))
        return game.choose(seat.index, option, seq), option
    except Exception:  # a bot's bug must not stall the table: take the default instead
        log.exception("bot at seat %d failed; taking the default", seat.index)
        assert game.prompt is not None
        option = game.prompt.default
        return game.apply_default(), option
