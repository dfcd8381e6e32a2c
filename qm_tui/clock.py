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

    def at(self, stamp: float) -> float:
        """This clock's reading at the moment Textual stamped a message (its ``.time``): when
        a key was pressed, not when it was handled, which under load can be a while later."""
        ...


class SystemClock:
    """The real monotonic clock."""

    def now(self) -> float:
        return time.monotonic()

    def at(self, stamp: float) -> float:
        """``now`` less the message's age. The age is taken on Textual's own clock (its
        ``_time.get_time``: monotonic, but perf_counter on Windows), so the two need not share
        a base; a stamp from the future (none should be) counts as now. (Textual is imported
        here, not above: this module stays light for what runs without the TUI.)"""
        from textual._time import get_time as textual_time

        return self.now() - max(0.0, textual_time() - stamp)


class FakeClock:
    """A clock that moves only when told to: for tests and snapshots."""

    def __init__(self, start: float = 1000.0) -> None:
        self._now = start

    def now(self) -> float:
        return self._now

    def at(self, stamp: float) -> float:
        """Every message happens now: a fake clock moves only when a test moves it."""
        return self._now

    def advance(self, seconds: float) -> None:
        """Move time forward by ``seconds``."""
        self._now += seconds

    def set(self, now: float) -> None:
        """Jump to ``now``."""
        self._now = now
