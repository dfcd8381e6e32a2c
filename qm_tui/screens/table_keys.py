"""The table screen's keys that answer a question, held back while a new question is dimmed.

A key meant for one question must not answer the next (:class:`~qm_tui.answer_guard.AnswerGuard`
decides when a key may); this draws it on the :class:`~qm_tui.screens.table.TableScreen`: the
option list dimmed until its keys answer it, a key that came too soon held back and told, and
the letters the options past 0 take.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import events
from textual.binding import Binding
from textual.notifications import Notification, Notify

from qm_tui.i18n import tr
from qm_tui.widgets.prompt import PromptBar

if TYPE_CHECKING:
    from qm_tui.screens.table import TableScreen

#: The table's actions that answer the question (with ``option(n)``): a key bound to one is
#: held back while a new question's options are dimmed.
ANSWER_ACTIONS = frozenset({"pass", "end", "cancel"})


class GuardedKeys:
    """The answer guard's part on screen."""

    TOO_SOON_SECONDS = 3.0
    """How long the too-soon toast shows (Textual times a toast on the real clock)."""

    def __init__(self, table: TableScreen) -> None:
        self.table = table
        self.guard = table.guard
        self.too_soon_toast: Notification | None = None
        """The toast that says a key came too soon: one at a time (:meth:`tell_too_soon`)."""
        self.unarmed = False  # the option list is shown as not yet taking keys

    def tick(self) -> None:
        """On the playback's interval: the option list of a new question is shown taking keys
        once its moment has passed."""
        if self.unarmed and self.guard.armed():
            self.show_armed()

    def new_question(self, seq: int) -> None:
        """A question of mine is on screen: if it is a new one, its keys wait a moment (a
        dialog over the table takes the keys: its moment starts when the table is back)."""
        if self.guard.new_question(seq, covered=not self.table.is_active):
            self.show_armed()

    def hold_dim(self, at: float) -> None:
        self.guard.hold(at)
        self.show_armed()

    def _question_open(self) -> bool:
        """A question of mine is on screen, not yet answered (the one the guard times)."""
        view = self.table.view
        p = view.prompt if view is not None else None
        return (
            p is not None
            and self.table.model.my_question()
            and not self.table.model.answered()
            and self.guard.is_asked(p.seq)
        )

    def _key_answers(self, event: events.Key) -> bool:
        """Whether ``event`` would answer the question: a key bound here to an option, pass,
        end or cancel, a letter naming an option, or Enter on the option list. (Enter or space
        on a card are the card's priority keys, which never come by here: :meth:`choose` holds
        them back.)"""
        for binding in self.table._bindings.key_to_bindings.get(event.key, ()):
            if binding.action.startswith("option(") or binding.action in ANSWER_ACTIONS:
                return True
        bar = self.table.query_one(PromptBar)
        if event.character is not None and bar.index_for_key(event.character) is not None:
            return True
        return event.key == "enter" and self.table.focused is bar.options_list

    def held_back(self, event: events.Key) -> bool:
        """A key pressed while the question's options are dimmed (by its press time, which
        under load can be well before the table handles it): the dim starts over, and if the
        key would answer, it does not (the player told why). True: the key is not to be used."""
        if not self._question_open():
            return False
        at = self.table.clock.at(event.time)
        if self.guard.armed(at):
            return False
        self.hold_dim(at)
        if not self._key_answers(event):
            return False
        self.tell_too_soon()
        return True

    def tell_too_soon(self) -> None:
        """Say that a key came too soon and did not answer: one toast at a time. A burst of
        keys added one per question (per key, had it been asked), and stacked toasts of CJK
        text clipped each other at 80x24 . (One toast can still lose a character
        where an edge of a widget beneath it cuts through one: Textual's compositor, its issue
        6357.)"""
        told = self.too_soon_toast
        if told is not None and not told.has_expired:
            return
        text = tr("table.guard.too_soon", self.table.lang)
        told = Notification(text, timeout=self.TOO_SOON_SECONDS, markup=False)
        self.too_soon_toast = told
        self.table.app.post_message(Notify(told))

    def show_armed(self) -> None:
        """The option list looks not yet armed (dimmed) until its keys answer it."""
        unarmed = not self.guard.armed()
        if unarmed != self.unarmed:
            self.unarmed = unarmed
            self.table.query_one(PromptBar).show_armed(not unarmed)

    def resume(self) -> None:
        """Back on top: a question that came while a dialog covered the table appears now, so
        its moment starts now."""
        if self.guard.resume():
            self.show_armed()

    def use_option_keys(self) -> None:
        """Options past 0 take letters; never one the table or the app binds to something."""
        reserved = {
            k.strip()
            for b in (*self.table.BINDINGS, *self.table.app.BINDINGS)
            if isinstance(b, Binding)  # (both lists hold Bindings only)
            for k in b.key.split(",")
        }
        letters = {
            b.action: self.table.app.get_key_display(b)
            for b in self.table.BINDINGS
            if isinstance(b, Binding) and b.action in ANSWER_ACTIONS
        }
        bar = self.table.query_one(PromptBar)
        bar.use_keys(reserved, tr("table.option_count", self.table.lang), letters)
