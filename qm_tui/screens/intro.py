"""How to play, on one screen: offered on the first run, then never again unless asked for.

The app shows it before anything else the first time it runs (the config remembers that it
did, whether the player read it or skipped it); the command palette opens it any time.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from qm_tui.bindings import localize_bindings
from qm_tui.i18n import tr
from qm_tui.widgets.modals import TapAround

#: The paragraphs of the screen, in order (string keys).
PARAGRAPHS = ("intro.goal", "intro.turn", "intro.answer", "intro.keys")


class IntroScreen(TapAround, ModalScreen[None]):
    """A short "how to play"; Enter or Esc closes it."""

    CSS_PATH = "intro.tcss"
    BINDINGS = [
        Binding("enter", "close", "Play", id="intro.play"),
        Binding("escape", "close", "Skip", id="intro.skip"),
        Binding("r", "rulebook", "Rules", id="intro.rules"),
        Binding("t", "learn", "Learn", id="intro.learn"),
    ]

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang

    def compose(self) -> ComposeResult:
        with Vertical(id="intro"):
            yield Label(tr("intro.title", self.lang), id="intro-title")
            with VerticalScroll(id="intro-body"):
                for key in PARAGRAPHS:
                    yield Static(tr(key, self.lang), classes="intro-paragraph", markup=False)
            yield Static(tr("intro.hint", self.lang), id="intro-hint", markup=False)

    def on_mount(self) -> None:
        localize_bindings(self, self.lang)

    def action_close(self) -> None:
        self.dismiss(None)

    def action_learn(self) -> None:
        """Close this and open the lessons (what this screen offers a newcomer first)."""
        self.dismiss(None)
        self.app.call_later(self.app.run_action, "app.learn")

    def action_rulebook(self) -> None:
        from qm_tui.screens.rulebook import RulebookScreen

        self.app.push_screen(RulebookScreen(self.lang))
