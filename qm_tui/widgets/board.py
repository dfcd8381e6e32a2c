"""The board: every seat's field and my hand, scrolled when it is taller than the screen.

The table keeps my hand in view as views come (:meth:`TableScreen.keep_hand_in_view`). A player
who scrolls the board by hand (the mouse wheel, the scrollbar) to look at the opponents' fields
is left where they put it: :attr:`Board.held` says so, until the player moves the focus on the
board or a decision of theirs needs their hand. When the board's height changes (the option
list below it grows with a decision's options) the table is asked to place it again.

Scrolled to my hand, the first row in view is the top of a seat's area, so no card is cut at the
top; the rows that leaves under the hand (:class:`BoardFoot`, one at least) say whose fields
are above. Scrolled anywhere else, the line under the board says which way more of it is
(:meth:`BoardLayout.say_hidden`).
"""

from __future__ import annotations

from collections.abc import Callable

from textual import events
from textual.containers import VerticalScroll
from textual.geometry import Size
from textual.scrollbar import ScrollDown, ScrollTo, ScrollUp
from textual.widgets import Static


class Board(VerticalScroll, can_focus=False):
    held = False
    """The player scrolled the board: it stays where they put it."""

    def __init__(
        self,
        resized: Callable[[], None],
        scrolled: Callable[[], None] = lambda: None,
        *,
        id: str | None = None,
    ) -> None:
        """``resized``: called at a new size of the board or of its content; ``scrolled``:
        whenever what is out of view above
        or below may have changed (a scroll, a new size of the board or of its content)."""
        super().__init__(id=id)
        self._resized = resized
        self._scrolled = scrolled

    def on_resize(self, event: events.Resize) -> None:
        self._resized()

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self._scrolled()

    def _scroll_update(self, virtual_size: Size) -> None:
        # (Textual's, at a new size of the board or of its content: the hand's rows grown
        # with a new card mode, which no resize of the board tells)
        super()._scroll_update(virtual_size)
        self._resized()
        self._scrolled()

    def hidden(self) -> tuple[bool, bool]:
        """Whether rows of the board are out of view above, and below."""
        y, most = round(self.scroll_y), self.max_scroll_y
        return y > 0, y < most

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
