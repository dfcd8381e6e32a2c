"""The rulebook: ``docs/RULES.md``, one section at a time, in the player's language; its card
list and deck those of the card set shown (a table's own, sent by its host).

A list of the sections on the left, the chosen one in a Markdown viewer on the right. The whole
bilingual book in one viewer takes Textual seconds to lay out (a widget a block); a section
takes a fraction of one, so the screen opens at once and never stalls the table behind it.
"""

from __future__ import annotations

import dataclasses

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Label, MarkdownViewer, OptionList
from textual.widgets.option_list import Option

from qm_rules.shown import shown_cards
from qm_tui.bindings import localize_bindings
from qm_tui.i18n import tr
from qm_tui.rules_text import RulesSection, rules_markdown, split_sections
from qm_tui.widgets.footer import Footer
from qm_words.cardlist import with_cards

#: Below this width the section list starts hidden (it would squeeze the text).
TOC_MIN_WIDTH = 90


class RulebookScreen(Screen[None]):
    """The rules, readable from the lobby and from the table."""

    CSS_PATH = "rulebook.tcss"
    BINDINGS = [
        Binding("escape,q", "close", "Back", id="rulebook.close"),
        Binding("t", "toggle_toc", "Contents", id="rulebook.toc"),
        Binding("l", "other_lang", "中文/English", id="rulebook.lang"),
        Binding("n", "step(1)", "Next", id="rulebook.next"),
        Binding("p", "step(-1)", "Previous", id="rulebook.previous"),
        Binding("pagedown,space", "page(1)", "Page down", id="rulebook.page_down", show=False),
        Binding("pageup", "page(-1)", "Page up", id="rulebook.page_up", show=False),
    ]

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang
        self.book_lang = lang
        """The language of the part shown (``l`` switches to the other)."""
        self.sections: list[RulesSection] = []
        self.shown: int | None = None
        """The index of the section in the viewer."""

    def compose(self) -> ComposeResult:
        yield Label(tr("rulebook.title", self.lang), id="title")
        with Horizontal(id="book"):
            yield OptionList(id="sections")
            yield MarkdownViewer("", id="rules", show_table_of_contents=False)
        yield Footer()

    def on_mount(self) -> None:
        localize_bindings(self, self.lang)
        self._name_other_lang()
        self.query_one("#sections").display = self.app.size.width >= TOC_MIN_WIDTH
        self._load()

    def _load(self) -> None:
        text = rules_markdown()
        if text:  # at a table of its host's own set: that set's card list and deck
            text = with_cards(text, shown_cards())
        self.sections = split_sections(text, self.book_lang) if text else []
        if not self.sections:
            self.sections = [
                RulesSection(tr("rulebook.title", self.lang), tr("rulebook.missing", self.lang))
            ]
        toc = self.query_one("#sections", OptionList)
        toc.clear_options()
        toc.add_options(Option(Content(s.title), id=str(i)) for i, s in enumerate(self.sections))
        self.shown = None
        toc.highlighted = 0
        toc.focus()

    @on(OptionList.OptionHighlighted, "#sections")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.show_section(event.option_index)

    @on(OptionList.OptionSelected, "#sections")
    def _selected(self) -> None:
        self.query_one("#rules", MarkdownViewer).document.focus()

    @work(exclusive=True, group="rulebook-section", exit_on_error=False)
    async def show_section(self, index: int) -> None:
        """Put section ``index`` in the viewer (the newest request wins)."""
        if index == self.shown or not 0 <= index < len(self.sections):
            return
        viewer = self.query_one("#rules", MarkdownViewer)
        await viewer.document.update(self.sections[index].markdown)
        viewer.scroll_home(animate=False)
        self.shown = index

    def action_step(self, delta: int) -> None:
        toc = self.query_one("#sections", OptionList)
        current = toc.highlighted or 0
        toc.highlighted = max(0, min(len(self.sections) - 1, current + delta))

    def action_page(self, delta: int) -> None:
        viewer = self.query_one("#rules", MarkdownViewer)
        if delta > 0:
            viewer.scroll_page_down()
        else:
            viewer.scroll_page_up()

    def action_toggle_toc(self) -> None:
        toc = self.query_one("#sections", OptionList)
        toc.display = not toc.display

    def action_other_lang(self) -> None:
        self.book_lang = "en" if self.book_lang == "zh" else "zh"
        self._name_other_lang()
        self._load()

    def _name_other_lang(self) -> None:
        """``l`` is labelled with the language it switches to: the part not shown (it kept
        the first label, "中文", while the Chinese part was shown)."""
        bindings = self._bindings.key_to_bindings
        label = tr("key.rulebook.lang", self.book_lang)
        bindings["l"] = [dataclasses.replace(b, description=label) for b in bindings["l"]]
        self.refresh_bindings()

    def action_close(self) -> None:
        self.dismiss(None)
