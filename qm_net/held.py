"""What a client holds of the current game's events, to take up a history where it left off.

A client that drops its connection and comes back is sent the game as told to its seat so far
(a ``GameHistory``); :class:`Held` says which part of it the client has not yet seen.
"""

from __future__ import annotations

import msgspec

from qm_net.messages import GameHistory
from qm_rules.model import Event

HELD_TAIL = 16
"""How many of the newest events a client keeps to find where a history takes up."""


class Held:
    """What a client holds of the current game's events (told in updates, or in a history):
    how many, and the newest few. A history the host sends at a rejoin is the whole game as
    told to this receiver (its newest part); after a dropped connection in the same process
    only the part this client did not get is new (:meth:`take`) — not all of it again, and
    not none of it (what was told while it was away)."""

    def __init__(self) -> None:
        self.count = 0
        self.tail: list[Event] = []
        self.over = False  # the game ended: the next update is another game's

    def add(self, events: tuple[Event, ...]) -> None:
        if self.over:  # a new game at this table
            self.count, self.tail, self.over = 0, [], False
        if events:
            self.count += len(events)
            self.tail = [*self.tail, *events][-HELD_TAIL:]

    def take(self, told: GameHistory) -> GameHistory:
        """The part of ``told`` (a whole history) this client does not hold: all of it when
        it held nothing of this game (``missed`` false), else what followed the events it
        holds (``missed`` true, ``omitted``: those of them the host no longer keeps). A
        history that does not follow the events held is another game's: all of it."""
        events, total = told.events, told.omitted + len(told.events)
        if self.count:
            expected = self.count - told.omitted  # where the first event not held should be
            at = self._where(events, expected)
            if at is not None or expected < 0:
                new = events[at or 0 :]
                self.tail = [*self.tail, *new][-HELD_TAIL:]
                self.count = total  # (a game over stays over: the next update is a new one's)
                omitted = max(0, -expected) if at is None else 0
                shifted = tuple(
                    msgspec.structs.replace(s, at=s.at - (at or 0))
                    for s in told.stand_ins
                    if s.at >= (at or 0)
                )
                places = tuple(
                    msgspec.structs.replace(pl, at=pl.at - (at or 0))
                    for pl in told.places
                    if pl.at >= (at or 0)
                )
                return GameHistory(new, omitted, missed=True, stand_ins=shifted, places=places)
        self.count, self.tail, self.over = total, list(events[-HELD_TAIL:]), False
        return told

    def _where(self, events: tuple[Event, ...], expected: int) -> int | None:
        """The index in ``events`` just past the newest events held (the nearest such place to
        ``expected`` when they repeat); None when they are not there."""
        tail = self.tail
        found: list[int] = []
        for at in range(len(events) + 1):
            k = min(len(tail), at)
            if k == 0:
                if at == expected:
                    found.append(at)  # nothing to compare: only where it should be
                continue
            if list(events[at - k : at]) == tail[-k:]:
                found.append(at)
        return min(found, key=lambda at: abs(at - expected)) if found else None
