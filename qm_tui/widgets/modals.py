"""Small overlays: a list to read (the discard pile, the whole log), a yes/no, a choice of a few."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Button, Label, Static

from qm_tui.clock import Clock
from qm_tui.safe import clean
from qm_tui.widgets.waiting import Waiting, WaitingNote


class TapAround:
    """A dialog that a click (a tap) on the dimmed screen around it closes, as Escape does: a
    phone's browser has no Escape key, and the dialog may have no button to close it with.
    The screen's ``action_close`` (else ``action_cancel``) closes it."""

    def on_click(self, event: events.Click) -> None:
        # the screen itself, outside the dialog's own widgets
        if isinstance(self, Widget) and event.widget is self:
            close = getattr(self, "action_close", None) or getattr(self, "action_cancel", None)
            if close is not None:
                close()


class ListModal(TapAround, ModalScreen[None]):
    """A titled list of lines (data, not markup); Escape closes it."""

    DEFAULT_CSS = """
    ListModal { align: center middle; }
    ListModal > Vertical {
        width: 80%; max-width: 90; height: 80%; border: round $accent; background: $surface;
        padding: 0 1;
    }
    ListModal #list-title { text-style: bold; width: 1fr; }
    ListModal VerticalScroll { height: 1fr; }
    """
    BINDINGS = [Binding("escape,q,enter", "close", "Close", id="list.close")]

    def __init__(self, title: str, lines: list[str], empty: str = "") -> None:
        super().__init__()
        self.title_text = title
        self.lines = lines
        self.empty = empty

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(Text(clean(self.title_text)), id="list-title")
            with VerticalScroll(id="list-body"):
                yield Static(
                    Text("\n".join(map(clean, self.lines)) if self.lines else self.empty),
                    id="list-lines",
                )

    def on_mount(self) -> None:
        body = self.query_one("#list-body", VerticalScroll)
        body.focus()
        body.scroll_end(animate=False)

    def action_close(self) -> None:
        self.dismiss(None)


class ConfirmModal(ModalScreen[bool]):
    """A question with yes and no; y / n / Escape answer from the keyboard. Over a table with a
    question of mine pending (``waiting``, on ``clock``), it says so and counts it down."""

    DEFAULT_CSS = """
    ConfirmModal { align: center middle; }
    ConfirmModal > Vertical {
        width: auto; min-width: 30; max-width: 60; height: auto; border: round $warning;
        background: $surface; padding: 1 2;
    }
    ConfirmModal Horizontal { height: auto; margin-top: 1; }
    ConfirmModal Button { margin-right: 2; }
    """
    BINDINGS = [
        Binding("y", "answer(True)", "Yes", id="confirm.yes"),
        Binding("n,escape", "answer(False)", "No", id="confirm.no"),
    ]

    def __init__(
        self,
        question: str,
        yes: str,
        no: str,
        *,
        waiting: Callable[[], Waiting | None] | None = None,
        clock: Clock | None = None,
        lang: str = "en",
    ) -> None:
        super().__init__()
        self.question = question
        self.yes = yes
        self.no = no
        self.waiting = waiting
        self.clock = clock
        self.lang = lang

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(Text(clean(self.question)))
            if self.waiting is not None and self.clock is not None:
                yield WaitingNote(self.waiting, self.clock, self.lang, id="confirm-waiting")
            with Horizontal():
                # the keys on the buttons, as the leave question has them ("y) Quit")
                yield Button(f"y) {self.yes}", id="yes", variant="error")
                yield Button(f"n) {self.no}", id="no", variant="primary")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class ChoiceModal(ModalScreen[str | None]):
    """A question with a button and a key per answer (``(answer, key, label)``), the button of
    ``focus`` focused (Enter takes it); Escape answers None."""

    DEFAULT_CSS = """
    ChoiceModal { align: center middle; }
    ChoiceModal > Vertical {
        width: auto; min-width: 40; max-width: 80; height: auto; border: round $accent;
        background: $surface; padding: 1 2;
    }
    ChoiceModal Horizontal { height: auto; margin-top: 1; }
    ChoiceModal Button { margin-right: 2; }
    """

    def __init__(self, question: str, choices: list[tuple[str, str, str]], focus: str) -> None:
        super().__init__()
        self.question = question
        self.choices = choices
        self.focus_answer = focus

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(Text(clean(self.question)))
            with Horizontal():
                for answer, key, label in self.choices:
                    yield Button(f"{key}) {clean(label)}", id=f"choice-{answer}")

    def on_mount(self) -> None:
        self.query_one(f"#choice-{self.focus_answer}", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss((event.button.id or "").removeprefix("choice-") or None)

    def on_key(self, event: events.Key) -> None:
        if event.key == "escape":
            event.stop()
            self.dismiss(None)
            return
        for answer, key, _ in self.choices:
            if event.key == key:
                event.stop()
                self.dismiss(answer)
                return


def level_question(question: str, lang: str, focus: str) -> ChoiceModal:
    """How well a bot should play, asked the one way (the room's Add bot, the lobby's Play
    bots): a number key a level, ``focus`` focused (Enter takes it), Escape cancels (None)."""
    from qm_rules.bots import LEVELS
    from qm_tui.i18n import tr

    choices = [(level, str(n), tr(f"level.{level}", lang)) for n, level in enumerate(LEVELS, 1)]
    choices.append(("cancel", "esc", tr("room.add_bot.cancel", lang)))
    return ChoiceModal(question, choices, focus)
