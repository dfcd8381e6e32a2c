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

    def add_lines(self, lines: list[str]) -> None:
        for line in lines:
            self.lines_written.append(line)
            self.write(Text(line))

    def add_chat(self, name: str, text: str) -> None:
        line = f"<{name}> {text}"
        self.lines_written.append(line)
        self.write(Text(line, style="italic"))
