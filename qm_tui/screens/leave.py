"""Leaving on purpose: the question asked before quitting or leaving a table mid-game.

:func:`leave_question` decides what to ask (no Textual state, so tests can read it): a player in
a game is told what leaving costs; the player who hosts the table is told it closes for the
others, and may hand it over instead (it goes on in a ``qingming serve`` of its own until its
game ends) when that can work, or is told plainly why it cannot. :class:`LeaveModal` asks.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label
from textual.widgets.button import ButtonVariant

from qm_tui.clock import Clock
from qm_tui.i18n import tr
from qm_tui.safe import clean
from qm_tui.widgets.waiting import Waiting, WaitingNote


@dataclass(frozen=True, slots=True)
class Choice:
    answer: str
    """What the modal returns: ``leave``, ``keep`` (go, keeping the seat), ``hand_over`` or
    ``stay``."""
    key: str
    label: str


@dataclass(frozen=True, slots=True)
class LeaveQuestion:
    text: str
    choices: tuple[Choice, ...]


@dataclass(frozen=True, slots=True)
class TableState:
    """What the question depends on, read from the app by :meth:`QingmingApp.table_state`."""

    hosting: bool
    playing: bool
    """A game is in progress (leaving concedes it, or closing ends it)."""
    seated: bool
    others: int
    """Other people connected to a table this process hosts (players and watchers)."""
    journal: bool
    """The hosted table keeps a journal (needed to hand it over, and to resume it)."""


def leave_question(state: TableState, lang: str, *, quitting: bool) -> LeaveQuestion | None:
    """What to ask before leaving the table (``quitting``: the app too); None: nothing to ask."""
    go = "seats.leave.quit" if quitting else "seats.leave.leave"
    stay = Choice("stay", "n", tr("seats.leave.stay", lang))
    if state.hosting and state.others:
        text = tr("seats.leave.closes", lang, n=state.others)
        choices = [Choice("leave", "y", tr("seats.leave.close", lang)), stay]
        if state.playing and state.journal:
            text += "\n" + tr("seats.leave.can_hand_over", lang)
            choices.insert(0, Choice("hand_over", "h", tr("seats.leave.hand_over", lang)))
        elif state.playing:
            text += "\n" + tr("seats.leave.no_hand_over.journal", lang)
        else:
            text += "\n" + tr("seats.leave.no_hand_over.lobby", lang)
        return LeaveQuestion(text, tuple(choices))
    if not state.playing or not state.seated:
        return None  # nothing is lost: a waiting room, a game only watched
    if state.hosting:  # a table of bots here: the game stops, and may be carried on later
        key = "seats.leave.saved" if state.journal else "seats.leave.unsaved"
        return LeaveQuestion(tr(key, lang), (Choice("leave", "y", tr(go, lang)), stay))
    # A guest may concede, or go keeping the seat (a bot plays it after the grace).
    choices = [Choice("leave", "y", tr("seats.leave.concede", lang))]
    if quitting:
        choices.append(Choice("keep", "k", tr("seats.leave.keep", lang)))
    text = tr("seats.leave.concedes", lang)
    if quitting:
        text += "\n" + tr("seats.leave.can_keep", lang)
    return LeaveQuestion(text, (*choices, stay))


class LeaveModal(ModalScreen[str]):
    """The question, with a button (and a key) per choice; Escape stays. Over a table with a
    question of mine pending (``waiting``, on ``clock``), it says so and counts it down: the
    table's timer does not stop for the dialog."""

    DEFAULT_CSS = """
    LeaveModal { align: center middle; }
    LeaveModal > Vertical {
        width: 80; max-width: 100%; height: auto; border: round $warning;
        background: $surface; padding: 1 2;
    }
    LeaveModal #leave-question { width: 100%; }
    LeaveModal Horizontal { height: auto; margin-top: 1; }
    LeaveModal Button { margin-right: 2; }
    """

    def __init__(
        self,
        question: LeaveQuestion,
        *,
        waiting: Callable[[], Waiting | None] | None = None,
        clock: Clock | None = None,
        lang: str = "en",
    ) -> None:
        super().__init__()
        self.question = question
        self.waiting = waiting
        self.clock = clock
        self.lang = lang

    def compose(self) -> ComposeResult:
        with Vertical():
            lines = (clean(line) for line in self.question.text.split("\n"))  # clean: no breaks
            yield Label(Text("\n".join(lines)), id="leave-question")
            if self.waiting is not None and self.clock is not None:
                yield WaitingNote(self.waiting, self.clock, self.lang, id="leave-waiting")
            with Horizontal():
                for c in self.question.choices:
                    variant: ButtonVariant = "primary" if c.answer == "stay" else "error"
                    yield Button(f"{c.key}) {c.label}", id=f"leave-{c.answer}", variant=variant)

    def on_mount(self) -> None:
        self.query_one("#leave-stay", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss((event.button.id or "leave-stay").removeprefix("leave-"))

    def on_key(self, event: events.Key) -> None:
        if event.key == "escape":
            event.stop()
            self.dismiss("stay")
            return
        for c in self.question.choices:
            if event.key == c.key:
                event.stop()
                self.dismiss(c.answer)
                return
