"""The board: every seat's field and my hand, scrolled when it is taller than the screen.

The table keeps my hand in view as views come (:meth:`TableScreen.keep_hand_in_view`). A player
who scrolls the board by hand (the mouse wheel, the scrollbar) to look at the opponents' fields
is left where they put it: :attr:`Board.held` says so, until the player moves the focus on the
board or a decision of theirs needs their hand. When the board's height changes (the option
list below it grows with a decision's options) the table is asked to place it again.

Scrolled to my hand, the first row in view is the top of a seat's area, so no card is cut at the
top; the rows that leaves under the hand (:class:`BoardFoot`, one at least) say whose fields
are above.
"""

from __future__ import annotations

from collections.abc import Callable

from textual import events
from textual.containers import VerticalScroll
from textual.scrollbar import ScrollDown, ScrollTo, ScrollUp
from textual.widgets import Static


class Board(VerticalScroll, can_focus=False):
    held = False
    """The player scrolled the board: it stays where they put it."""

    def __init__(self, resized: Callable[[], None], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._resized = resized

    def on_resize(self, event: events.Resize) -> None:
        self._resized()

    def _on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        super()._on_mouse_scroll_down(event)
        self.held = True

    def _on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        super()._on_mouse_scroll_up(event)
        self.held = True

    def _on_scroll_to(self, message: ScrollTo) -> None:  # the scrollbar dragged
        super()._on_scroll_to(message)
        self.held = True

    def _on_scroll_up(self, event: ScrollUp) -> None:  # the scrollbar clicked
        super()._on_scroll_up(event)
        self.held = True

    def _on_scroll_down(self, event: ScrollDown) -> None:
        super()._on_scroll_down(event)
        self.held = True


class BoardFoot(Static):
    """Under my hand, on a board scrolled to it: whose fields are above, and how to get there;
    as many rows as put the board's top on a seat's first row (none when all is in view)."""

    DEFAULT_CSS = """
    BoardFoot { height: 0; display: none; color: $text-accent; text-style: bold; }
    """

    _said = ""

    def show(self, rows: int, text: str) -> None:
        """``rows`` rows (0: none, hidden) saying ``text`` (data, never markup) on the first."""
        if rows <= 0:
            if self.display:
                self.display = False
            return
        if text != self._said:
            self._said = text
            self.update(text)
        if self.styles.height is None or self.styles.height.value != rows or not self.display:
            self.styles.height = rows
            self.display = True
