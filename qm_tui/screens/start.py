"""What the command line asked to start, said while it starts: ``play`` deals a game against
bots, ``join`` sits down at a table, ``play --resume`` carries a game on.

It stands over the lobby (which stays at the bottom of the stack, to come back to) until the
waiting room opens, so that the first run's "how to play" is read over the game it leads to,
not over a scan for tables on the LAN the player did not ask for. If the start fails the app
goes back to the lobby and says why.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Label, Static

from qm_tui.i18n import tr
from qm_tui.safe import clean
from qm_tui.widgets.footer import Footer


def start_text(start: object, lang: str) -> str:
    """What is starting, in words (``start`` is a PlayLocal or a JoinAddress)."""
    from qm_tui.app import JoinAddress, PlayLocal

    if isinstance(start, PlayLocal) and start.resume:
        return tr("start.resume", lang, path=start.resume)
    if isinstance(start, PlayLocal):
        level = tr(f"level.{start.level}", lang)
        return tr("start.play", lang, n=start.bots, level=level)
    if isinstance(start, JoinAddress):
        return tr("start.join", lang, address=f"{start.host}:{start.port}")
    raise TypeError(f"not a start: {start!r}")


class StartScreen(Screen[None]):
    """The title and what is starting; the waiting room replaces it."""

    CSS_PATH = "start.tcss"
    HELP_AREAS = (("start-what", "area.start", "area.start.text"),)

    def __init__(self, start: object, lang: str) -> None:
        super().__init__()
        self.start = start
        self.lang = lang

    def compose(self) -> ComposeResult:
        yield Label(tr("start.title", self.lang), id="title")
        # At the top: the first run's "how to play" stands in the middle, over this.
        yield Static(clean(start_text(self.start, self.lang)), id="start-what", markup=False)
        yield Footer()
