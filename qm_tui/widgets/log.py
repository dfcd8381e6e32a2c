"""The game log in words (and the chat, interleaved)."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import RichLog


class GameLog(RichLog):
    """A scrolling log. Lines are data (player names, card names): written as ``Text``."""

    DEFAULT_CSS = """
    GameLog { height: 1fr; border-top: solid $primary; padding: 0 1; background: $surface; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(
            id=id, wrap=True, markup=False, highlight=False, max_lines=1000, min_width=20
        )
        self.lines_written: list[str] = []
        """Every line so far (the full log opens from it)."""
        self._chat: set[int] = set()  # indexes of chat lines, drawn in italics
        self._width = 0

    def add_lines(self, lines: list[str]) -> None:
        for line in lines:
            self.lines_written.append(line)
            self.write(Text(line))

    def add_chat(self, name: str, text: str) -> None:
        line = f"<{name}> {text}"
        self._chat.add(len(self.lines_written))
        self.lines_written.append(line)
        self.write(Text(line, style="italic"))

    def on_resize(self) -> None:
        """RichLog wraps a line once, when written: wrap everything again at the new width."""
        width = self.scrollable_content_region.width
        if width == self._width:
            return
        self._width = width
        self.clear()
        start = max(0, len(self.lines_written) - (self.max_lines or len(self.lines_written)))
        for i in range(start, len(self.lines_written)):
            self.write(Text(self.lines_written[i], style="italic" if i in self._chat else ""))
