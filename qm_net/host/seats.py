"""The table's seats: who sits where, their tokens, readiness and the owner.

Pure bookkeeping with no I/O: :class:`Seats` is the list of :class:`Seat` plus the rules that
span seats (join order and the owner, seating a bot, closing up gaps before a game, finding a
seat by its token). The host decides *when* these change; this module only says *how*.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from qm_net.journal_io import token_hash
from qm_net.protocol import SeatInfo, SeatKind
from qm_rules.bots import level_of

if TYPE_CHECKING:
    from qm_net.host.conn import Conn


@dataclass(slots=True)
class Seat:
    index: int
    kind: SeatKind = "empty"
    name: str | None = None
    token: str | None = None  # in memory only; the journal keeps its hash
    token_hash: str | None = None
    ready: bool = False
    conn: Conn | None = None
    order: int = 0  # join order: the owner is the earliest human still seated
    strategy: str = "heuristic"
    takeover: bool = False  # a bot plays this human seat (disconnected past the grace time)
    # a human seat whose client said it is a bot (hello's ``bot``), as a level: shown, never trusted
    client_level: str | None = None
    left: bool = False  # its player left this game (conceding): the seat is freed when it ends
    grace: asyncio.TimerHandle | None = None
    bot: Any = field(default=None, repr=False)
    bot_heard: int = field(default=0, repr=False)  # the game's told events its bot was handed

    @property
    def occupied(self) -> bool:
        return self.kind != "empty"

    @property
    def bot_controlled(self) -> bool:
        return self.kind == "bot" or self.takeover

    @property
    def stood_in(self) -> bool:
        """Does a host bot play this player's seat now? Not once the player has left the game:
        the seat is conceded, and nobody plays it."""
        return self.kind == "human" and self.takeover and not self.left

    def cancel_grace(self) -> None:
        if self.grace is not None:
            self.grace.cancel()
            self.grace = None

    def clear(self) -> None:
        self.cancel_grace()
        self.kind, self.name, self.token, self.token_hash = "empty", None, None, None
        self.ready, self.conn, self.takeover, self.bot, self.left = False, None, False, None, False
        self.client_level = None

    @property
    def client_bot(self) -> bool:
        """A player's seat whose client says it is a bot (``qingming bot``), playing it now."""
        return self.kind == "human" and not self.takeover and self.client_level is not None

    def level(self, takeover_strategy: str | None = None) -> str | None:
        """How well the bot playing this seat plays (None: a person plays it, or nobody): a
        bot seat's level; while a host bot stands in for its player (``takeover_strategy``:
        the table's bots'), that bot's; else the level the player's client said it is a bot
        of — its own word, shown and never trusted."""
        if self.kind == "bot":
            return level_of(self.strategy)
        if self.stood_in:
            return level_of(takeover_strategy) if takeover_strategy is not None else None
        return self.client_level if self.kind == "human" else None

    def info(self, takeover_strategy: str | None = None) -> SeatInfo:
        """What everyone is told of this seat; ``takeover_strategy``: the table's bots', which
        play a human's seat while its player is away (its level is told then)."""
        level = self.level(takeover_strategy)
        return SeatInfo(
            seat=self.index,
            name=self.name,
            kind=self.kind,
            ready=self.ready or self.kind == "bot",
            connected=self.kind == "bot" or self.conn is not None,
            played_by_bot=self.stood_in,
            level=level,
        )

    def journal_record(self) -> dict[str, Any]:
        """What the journal keeps of this seat (the token only as its hash)."""
        return {
            "seat": self.index,
            "name": self.name,
            "kind": self.kind,
            "strategy": self.strategy if self.kind == "bot" else None,
            "token_sha256": self.token_hash,
        }


# What moves with a player when seats close up (the rest belongs to the seat, not the player).
_PLAYER_FIELDS = (
    "kind", "name", "token", "token_hash", "ready", "conn", "order", "strategy", "client_level",
)  # fmt: skip


class Seats:
    """The seats of one table, in seat order."""

    def __init__(self, n: int) -> None:
        self.seats = [Seat(i) for i in range(n)]
        self._order = 0

    def __len__(self) -> int:
        return len(self.seats)

    def __iter__(self) -> Iterator[Seat]:
        return iter(self.seats)

    def __getitem__(self, index: int) -> Seat:
        return self.seats[index]

    def next_order(self) -> int:
        self._order += 1
        return self._order

    @property
    def occupied(self) -> list[Seat]:
        return [s for s in self.seats if s.occupied]

    @property
    def free(self) -> list[Seat]:
        return [s for s in self.seats if not s.occupied]

    @property
    def owner(self) -> int | None:
        """The earliest-joined human still seated, if any."""
        humans = [s for s in self.seats if s.kind == "human"]
        return min(humans, key=lambda s: s.order).index if humans else None

    def seat_bot(self, seat: Seat, strategy: str) -> None:
        seat.clear()
        seat.kind, seat.strategy, seat.ready = "bot", strategy, True
        seat.name = f"bot-{seat.index + 1}"
        seat.order = self.next_order()

    def seat_human(self, seat: Seat, name: str | None, conn: Conn) -> str:
        """Seat a new player; returns the seat's fresh token."""
        seat.clear()
        seat.kind, seat.name, seat.conn = "human", name, conn
        seat.client_level = conn.bot_level if conn is not None else None
        seat.token = secrets.token_urlsafe(24)
        seat.token_hash = token_hash(seat.token)
        seat.order = self.next_order()
        return seat.token

    def by_token(self, token: str) -> Seat | None:
        digest = token_hash(token)
        return next(
            (
                s
                for s in self.seats
                if s.token_hash is not None and secrets.compare_digest(s.token_hash, digest)
            ),
            None,
        )

    def compact(self) -> list[Seat]:
        """Close up gaps so that the occupied seats are 0..k-1; returns the seats whose
        connected player got a new seat number (they must be told)."""
        moved = []
        for i, old in enumerate(self.occupied):
            if old.index == i:
                continue
            new = self.seats[i]
            for name in _PLAYER_FIELDS:
                setattr(new, name, getattr(old, name))
            old.kind, old.name, old.token, old.token_hash, old.conn = (
                "empty",
                None,
                None,
                None,
                None,
            )
            old.ready, old.client_level = False, None
            if new.conn is not None:
                new.conn.seat = i
                moved.append(new)
        return moved

    def info(self, takeover_strategy: str | None = None) -> tuple[SeatInfo, ...]:
        return tuple(s.info(takeover_strategy) for s in self.seats)
