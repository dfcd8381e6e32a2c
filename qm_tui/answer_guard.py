"""The answer guard: a key meant for one question must not answer the next.

A new question of mine takes no key until the keyboard has been quiet for a moment since it
appeared. A key pressed sooner was meant for what was there before (a ``1`` meant as the next
action flips a trap on a placement prompt that appeared 0.3 s before), and every key pressed
while the options are dimmed dims them for as long again: a held or hammered key never answers
a question that came in the middle of it. The timer and auto-pass do not wait.

Textual-free: the table screen asks it and draws what it says (the options dimmed, a toast).
"""

from __future__ import annotations

from qm_tui.clock import Clock


class AnswerGuard:
    """When the question on screen (by its ``seq``) may be answered by a key."""

    def __init__(self, clock: Clock, moment: float | None = None) -> None:
        self.clock = clock
        self.moment = moment
        """Seconds a new question waits for a quiet keyboard (None or 0: no wait)."""
        self.asked: tuple[int, float] | None = None
        """The last question of mine shown (its ``seq``) and since when the keyboard has been
        quiet for it: when it appeared, or the last key pressed while it was dimmed."""
        self.unseen = False
        """It appeared while another screen covered the table: its moment starts when the
        table is back on top (:meth:`resume`)."""

    def new_question(self, seq: int, *, covered: bool = False) -> bool:
        """A question of mine is on screen. True if it is a new one (not the same one drawn
        again, re-sent after a reconnection, or in another language): its moment starts."""
        if self.asked is not None and self.asked[0] == seq:
            return False
        self.asked = (seq, self.clock.now())
        self.unseen = covered
        return True

    def is_asked(self, seq: int) -> bool:
        """Whether ``seq`` is the question the guard times."""
        return self.asked is not None and self.asked[0] == seq

    def armed(self, at: float | None = None) -> bool:
        """Whether a key pressed ``at`` (default now) may answer the question on screen."""
        asked, moment = self.asked, self.moment
        if asked is None or not moment:
            return True
        return (self.clock.now() if at is None else at) - asked[1] >= moment

    def hold(self, at: float) -> None:
        """A key pressed ``at`` while the options are dimmed: they stay dimmed until the
        keyboard has been quiet for the whole moment again (a debounce)."""
        if self.asked is not None and at > self.asked[1]:
            self.asked = (self.asked[0], at)

    def resume(self) -> bool:
        """The table is back on top: a question that came while it was covered appears now,
        so its moment starts now. True if one did."""
        restarted = self.unseen and self.asked is not None
        if restarted and self.asked is not None:
            self.asked = (self.asked[0], self.clock.now())
        self.unseen = False
        return restarted
