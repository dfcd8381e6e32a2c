"""The help overlay: what each area of the screen below shows, and every key it answers to.

A screen names its areas in ``HELP_AREAS``: ``(widget id, name key, text key)``, the strings
of the area's name and of what it shows and how to use it. Only the areas on screen at the
time are explained, so a screen that changes its layout keeps its help true by keeping that
list current.
"""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import DataTable, Label, Static

from qm_tui.bindings import localize_bindings
from qm_tui.i18n import has, tr
from qm_tui.widgets.keybar import key_words
from qm_tui.widgets.modals import TapAround


def screen_areas(screen: Screen[object], lang: str) -> list[tuple[str, str]]:
    """``(name, explanation)`` of each area of ``screen`` that is on screen now."""
    areas: list[tuple[str, str]] = []
    for widget_id, name, text in getattr(screen, "HELP_AREAS", ()):
        if any(w.display for w in screen.query(f"#{widget_id}")):
            areas.append((tr(name, lang), tr(text, lang)))
    return areas


class HelpScreen(TapAround, ModalScreen[None]):
    """The areas of the screen it was opened from, explained, and its keys."""

    CSS_PATH = "help.tcss"
    BINDINGS = [
        Binding("escape,f1,question_mark,q", "close", "Close", id="help.close"),
    ]

    def __init__(
        self,
        keys: list[tuple[str, str]],
        lang: str,
        areas: list[tuple[str, str]] | None = None,
    ) -> None:
        super().__init__()
        self.keys = keys
        self.lang = lang
        self.areas = areas or []

    @classmethod
    def for_screen(cls, screen: Screen[object], lang: str) -> HelpScreen:
        """The help for ``screen``: its active bindings (and the app's), with their keys as the
        key bar says them (:func:`key_words`)."""
        keys: list[tuple[str, str]] = []
        seen: set[tuple[str, str]] = set()
        for key, active in screen.active_bindings.items():
            binding = active.binding
            # Only bindings with an id: Textual's own (focus, copy) are not news to anyone.
            if binding.system or not binding.description or binding.id is None:
                continue
            if binding.action == "command_palette":
                continue
            display = key_words(screen, binding)  # as the key bar says them
            if display in ("", None):
                display = key
            # A widget's bindings (a card's Enter) are in English unless that widget was
            # localized: the catalogue has the words for every binding id.
            key_id = f"key.{binding.id}"
            row = (display, tr(key_id, lang) if has(key_id) else binding.description)
            if row not in seen:
                seen.add(row)
                keys.append(row)
        keys.append(("ctrl+p", tr("help.palette", lang)))
        return cls(keys, lang, screen_areas(screen, lang))

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help"):
            if self.areas:
                yield Label(tr("help.areas", self.lang), id="help-areas-title")
                yield Static(self._areas_table(), id="help-areas")
            yield Label(tr("help.title", self.lang), id="help-title")
            table: DataTable[Text] = DataTable(
                id="help-keys", cursor_type="none", show_header=False
            )
            yield table
            yield Static(tr("help.hint", self.lang), id="help-hint", markup=False)

    def _areas_table(self) -> Table:
        table = Table.grid(padding=(0, 1))
        table.add_column(no_wrap=True, style="bold")
        table.add_column(ratio=1)
        for name, text in self.areas:
            table.add_row(Text(name), Text(text, overflow="fold"))
        return table

    def on_mount(self) -> None:
        localize_bindings(self, self.lang)
        table = self.query_one("#help-keys", DataTable)
        table.add_columns("key", "action")
        for display, description in self.keys:
            table.add_row(Text(display, style="bold"), Text(description))

    def action_close(self) -> None:
        self.dismiss(None)
