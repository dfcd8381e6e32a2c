"""The help overlay: every key the screen below answers to, with what it does."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import DataTable, Label, Static

from qm_tui.bindings import localize_bindings
from qm_tui.i18n import tr


class HelpScreen(ModalScreen[None]):
    """A list of (key, description) pairs over the screen it was opened from."""

    CSS_PATH = "help.tcss"
    BINDINGS = [
        Binding("escape,f1,question_mark,q", "close", "Close", id="help.close"),
    ]

    def __init__(self, keys: list[tuple[str, str]], lang: str) -> None:
        super().__init__()
        self.keys = keys
        self.lang = lang

    @classmethod
    def for_screen(cls, screen: Screen[object], lang: str) -> HelpScreen:
        """The help for ``screen``: its active bindings (and the app's), as the footer has them."""
        app = screen.app
        keys: list[tuple[str, str]] = []
        seen: set[tuple[str, str]] = set()
        for key, active in screen.active_bindings.items():
            binding = active.binding
            # Only bindings with an id: Textual's own (focus, copy) are not news to anyone.
            if binding.system or not binding.description or binding.id is None:
                continue
            if binding.action == "command_palette":
                continue
            display = binding.key_display or app.get_key_display(binding)
            if display in ("", None):
                display = key
            row = (display, binding.description)
            if row not in seen:
                seen.add(row)
                keys.append(row)
        keys.append(("ctrl+p", tr("help.palette", lang)))
        return cls(keys, lang)

    def compose(self) -> ComposeResult:
        with Vertical(id="help"):
            yield Label(tr("help.title", self.lang), id="help-title")
            table: DataTable[Text] = DataTable(
                id="help-keys", cursor_type="none", show_header=False
            )
            yield table
            yield Static(tr("help.hint", self.lang), id="help-hint", markup=False)

    def on_mount(self) -> None:
        localize_bindings(self, self.lang)
        table = self.query_one("#help-keys", DataTable)
        table.add_columns("key", "action")
        for display, description in self.keys:
            table.add_row(Text(display, style="bold"), Text(description))

    def action_close(self) -> None:
        self.dismiss(None)
