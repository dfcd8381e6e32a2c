"""What happens at a table, for the one who runs it: players coming and going, games starting
and ending. ``qingming serve`` prints each :class:`News` as a line in words (a host operator's
log); the host only says what happened, as data, and goes on whatever the listener does.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from qm_rules.model import Result

#: What a piece of news may be about.
KINDS = frozenset(
    {
        "joined",  # a player sat down (``bot``: a bot was seated; ``level``: a bot's level)
        "left",  # a player gave up the seat (``conceded``: leaving a game concedes it)
        "dropped",  # a player's connection was lost during or after a game: the seat is kept
        "away",  # a player went away during or after a game keeping the seat (leave: keep)
        "back",  # a player took the seat back (after a drop, or from a bot)
        "bot_plays",  # a dropped player did not come back in time: a bot plays the seat
        "freed",  # a player did not ask for a rematch in time: the seat is free
        "game_started",  # ``game``: its number; ``players``: who plays
        "game_over",  # ``game``, ``players``, ``result``; ``journal``: where it is kept
        "closed",  # the table closed (``game``: the games it played)
    }
)


@dataclass(frozen=True, slots=True)
class News:
    """One thing that happened at the table."""

    kind: str
    seat: int | None = None
    name: str = ""
    bot: bool = False
    """The seat is a bot seat (the host plays it)."""
    level: str | None = None
    """How well the bot playing the seat plays (``SeatInfo.level``): a bot seat's level, or a
    player's whose client says it is a bot (``qingming bot``); None for a person."""
    conceded: bool = False
    game: int = 0
    players: tuple[str, ...] = ()
    bots: tuple[bool, ...] = ()
    """Per player of ``players``: whether a bot plays the seat (the host's, or a player's client
    that says it is a bot)."""
    levels: tuple[str | None, ...] = ()
    """Per player of ``players``: the level of the bot playing the seat (None: a person)."""
    result: Result | None = None
    journal: str | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"no such news: {self.kind!r}")


Listener = Callable[[News], None]
