"""The rulebook: ``docs/RULES.md`` in a Markdown viewer with its table of contents."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, Label, MarkdownViewer

from qm_tui.bindings import localize_bindings
from qm_tui.i18n import tr
from qm_tui.rules_text import rules_markdown

#: Below this width the table of contents starts hidden (it would squeeze the text).
TOC_MIN_WIDTH = 100


class RulebookScreen(Screen[None]):
    """The rules, readable from the lobby and from the table."""

    CSS_PATH = "rulebook.tcss"
    BINDINGS = [
        Binding("escape,q", "close", "Back", id="rulebook.close"),
        Binding("t", "toggle_toc", "Contents", id="rulebook.toc"),
    ]

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang

    def compose(self) -> ComposeResult:
        yield Label(tr("rulebook.title", self.lang), id="title")
        markdown = rules_markdown(self.lang) or tr("rulebook.missing", self.lang)
        yield MarkdownViewer(markdown, id="rules", show_table_of_contents=self.app.size.width >= TOC_MIN_WIDTH)
        yield Footer()

    def on_mount(self) -> None:
        localize_bindings(self, self.lang)
        self.query_one("#rules", MarkdownViewer).document.focus()

    def action_toggle_toc(self) -> None:
        viewer = self.query_one("#rules", MarkdownViewer)
        viewer.show_table_of_contents = not viewer.show_table_of_contents

    def action_close(self) -> None:
        self.dismiss(None)
