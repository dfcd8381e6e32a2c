"""Time for the UI, injected so that countdowns in tests and snapshots do not depend on the wall.

A countdown is computed from a deadline (``deadline - clock.now()``), never decremented by a
timer, so a slow frame cannot make it drift (the way Textual's ``examples/merlin.py`` does it).
"""

from __future__ import annotations

import time
from typing import Protocol


class Clock(Protocol):
    """Anything that tells the time in seconds (monotonic; only differences matter)."""

    def now(self) -> float: ...


class SystemClock:
    """The real monotonic clock."""

    def now(self) -> float:
        return time.monotonic()


class FakeClock:
    """A clock that moves only when told to: for tests and snapshots."""

    def __init__(self, start: float = 1000.0) -> None:
        self._now = start

    def now(self) -> float:
        return self._now

    def advance(self, seconds: float) -> None:
        """Move time forward by ``seconds``."""
        self._now += seconds

    def set(self, now: float) -> None:
        """Jump to ``now``."""
        self._now = now
