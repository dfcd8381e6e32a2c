"""The game log in words (and the chat, interleaved): the newest lines that fit.

The side pane shows the tail of the log; the whole log opens in a modal (``l``). Drawing only
the tail keeps a new line a repaint of this widget, where a scrolling log would change its
virtual size, and so the screen's layout, on every line.
"""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget

from qm_tui.safe import clean


class GameLog(Widget):
    """The newest lines of the log, wrapped to the pane, oldest at the top. Lines are data
    (player and card names): kept and drawn as ``Text``, never parsed as markup."""

    DEFAULT_CSS = """
    GameLog { height: 1fr; border-top: solid $primary; padding: 0 1; background: $surface; }
    """

    def __init__(self, *, id: str | None = None, keep: int = 2000) -> None:
        super().__init__(id=id)
        self.lines_written: list[str] = []
        """Every line so far (the full log opens from it)."""
        self._chat: set[int] = set()  # indexes of chat lines, drawn in italics
        self.keep = keep

    def add_lines(self, lines: list[str]) -> None:
        self.lines_written.extend(clean(line) for line in lines)
        self._trim()
        self.refresh()

    def add_chat(self, name: str, text: str) -> None:
        self._chat.add(len(self.lines_written))
        self.lines_written.append(clean(f"<{name}> {text}"))
        self._trim()
        self.refresh()

    def _trim(self) -> None:
        extra = len(self.lines_written) - self.keep
        if extra > 0:
            del self.lines_written[:extra]
            self._chat = {i - extra for i in self._chat if i >= extra}

    def render(self) -> Text:
        width = max(1, self.content_region.width)
        height = max(1, self.content_region.height)
        rows: list[Text] = []
        i = len(self.lines_written) - 1
        while i >= 0 and len(rows) < height:
            line = Text(self.lines_written[i], style="italic" if i in self._chat else "")
            wrapped = line.wrap(self.app.console, width)
            rows[:0] = list(wrapped)
            i -= 1
        return Text("\n").join(rows[-height:])
