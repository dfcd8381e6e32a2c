"""The host's bots: a bot seat (or a human seat a bot has taken over) answering its prompt."""

from __future__ import annotations

import logging
from typing import Any

from qm_net.host.seats import Seat
from qm_rules import Game
from qm_rules.bots import make_bot

log = logging.getLogger("qm_net.host")


def bot_move(seat: Seat, game: Game, seq: int, takeover_strategy: str) -> tuple[list[Any], str]:
    """Let ``seat``'s bot answer the pending prompt ``seq``; returns the events and the option
    taken. A human seat
    taken over plays with ``takeover_strategy``. The bot of a seat is made once per game, seeded
    from the game's seed and the seat, so a replay plays the same moves."""
    if seat.bot is None:
        strategy = seat.strategy if seat.kind == "bot" else takeover_strategy
        seat.bot = make_bot(strategy, f"{game.seed}:{seat.index}")
    try:
        option = seat.bot.choose(game.view(seat.index))
        return game.choose(seat.index, option, seq), option
    except Exception:  # a bot's bug must not stall the table: take the default instead
        log.exception("bot at seat %d failed; taking the default", seat.index)
        assert game.prompt is not None
        option = game.prompt.default
        return game.apply_default(), option
