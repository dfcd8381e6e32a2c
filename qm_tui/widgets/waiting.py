"""A dialog over the table says what the table is waiting on from me, and its countdown.

The host's timers do not pause for one player (the others wait on them), so a dialog over the
table (quitting, leaving) must not hide that a question of mine is counting down behind it:
:class:`WaitingNote` reads the question from the table (:class:`Waiting`, see
``TableScreen.waiting_question``) and its time left from the table's clock, and says so if the
time runs out while the dialog is up.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rich.text import Text
from textual.widgets import Label

from qm_tui.clock import Clock
from qm_tui.i18n import tr
from qm_tui.safe import clean
from qm_tui.widgets.prompt import seconds_left


@dataclass(frozen=True, slots=True)
class Waiting:
    """A question of mine at the table: pending, or (``timed_out``) just taken by its timer."""

    seq: int
    what: str
    """The question in the player's words (the prompt bar's title)."""
    deadline_at: float | None
    """When its timer runs out (on the table's clock); None: no timer."""
    timed_out: str | None = None
    """Once the timer ran out: what it took, in words ("passed")."""


class WaitingNote(Label):
    """One line (wrapped) under a dialog's question: "Your answer to … is due in 14 s", or that
    time ran out; nothing when no question of mine waits. Redrawn from ``source`` four times a
    second (the countdown is computed from the deadline and the clock, never counted down)."""

    DEFAULT_CSS = """
    WaitingNote { width: 100%; margin-top: 1; color: $warning; text-style: bold; }
    WaitingNote.-none { display: none; }
    """

    def __init__(
        self,
        source: Callable[[], Waiting | None],
        clock: Clock,
        lang: str,
        *,
        id: str | None = None,
    ) -> None:
        super().__init__("", id=id, markup=False, classes="-none")
        self.source = source
        self.clock = clock
        self.lang = lang
        self._seen: Waiting | None = None  # the question last shown pending
        self.words = ""
        """What the note says now ("" when nothing)."""

    def on_mount(self) -> None:
        self.tick()
        self.set_interval(0.25, self.tick)

    def tick(self) -> None:
        waiting = self.source()
        if waiting is not None and waiting.timed_out is None:
            self._seen = waiting
            words = self._due(waiting)
        elif waiting is not None and self._seen is not None and waiting.seq == self._seen.seq:
            # (a timeout only of a question this dialog showed pending: not an older one)
            words = tr("waiting.timed_out", self.lang, what=waiting.what, took=waiting.timed_out)
        else:
            words = ""
        if words != self.words:
            self.words = words
            self.update(Text(clean(words)))
            self.set_class(not words, "-none")

    def _due(self, waiting: Waiting) -> str:
        left = seconds_left(waiting.deadline_at, self.clock.now())
        if left is None:
            return tr("waiting.open", self.lang, what=waiting.what)
        return tr("waiting.due", self.lang, what=waiting.what, n=left)
