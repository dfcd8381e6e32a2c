"""A one-line question in a modal: the player's name, a table's address."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label

from qm_tui.bindings import localize_bindings
from qm_tui.widgets.modals import TapAround


class AskScreen(TapAround, ModalScreen[str | None]):
    """Ask for one line of text; dismisses with the text, or None when cancelled."""

    CSS_PATH = "ask.tcss"
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="ask.cancel")]

    def __init__(
        self,
        question: str,
        *,
        value: str = "",
        placeholder: str = "",
        lang: str = "en",
        max_length: int = 0,
    ) -> None:
        super().__init__()
        self.question = question
        self.value = value
        self.placeholder = placeholder
        self.lang = lang
        self.max_length = max_length

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label(self.question, id="question", markup=False)
            yield Input(
                self.value, placeholder=self.placeholder, id="answer", max_length=self.max_length
            )

    def on_mount(self) -> None:
        localize_bindings(self, self.lang)
        self.query_one("#answer", Input).focus()

    @on(Input.Submitted, "#answer")
    def _submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        self.dismiss(None)
