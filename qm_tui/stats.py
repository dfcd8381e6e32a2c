"""What each player did in a game, counted from the events the table was sent: cards played,
responses (links added to a chain someone else started), turns. For the result screen.

Only public events are counted (each happens once in public; a private copy names the cards to
the seats allowed), so every seat's figures are the same for every viewer. A client that came
in mid-game counts from where it came in (:attr:`GameStats.first_turn` says from when).
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from dataclasses import dataclass, field

from qm_rules.model import Event


@dataclass
class SeatStats:
    played: int = 0
    """Cards activated or set face-down."""
    responses: int = 0
    """Activations answering a chain (a link above the first)."""
    turns: int = 0


@dataclass
class GameStats:
    seats: dict[int, SeatStats] = field(default_factory=dict)
    first_turn: int | None = None
    """The first turn counted (1 when the whole game was seen)."""
    takebacks: int = 0
    """The decisions the player took back (``u``), as this client saw them taken."""

    def seat(self, seat: int) -> SeatStats:
        return self.seats.setdefault(seat, SeatStats())

    def note(self, events: Iterable[Event]) -> None:
        for e in events:
            if e.to is not None or e.seat is None:
                continue
            if e.kind == "activate":
                s = self.seat(e.seat)
                s.played += 1
                if (e.data.get("link") or 0) > 0:
                    s.responses += 1
            elif e.kind == "set":
                self.seat(e.seat).played += 1
            elif e.kind == "turn":
                self.seat(e.seat).turns += 1
                turn = e.data.get("turn")
                if isinstance(turn, int) and self.first_turn is None:
                    self.first_turn = turn

    def copy(self) -> GameStats:
        """The figures as they are now (kept before a decision of mine, so that taking it back
        takes back what it counted too)."""
        return copy.deepcopy(self)

    def note_view(self, turn: int) -> None:
        """A view of ``turn`` arrived: if nothing was counted yet, counting starts there."""
        if self.first_turn is None:
            self.first_turn = turn
