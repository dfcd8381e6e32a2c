"""The board: every seat's field and my hand, scrolled when it is taller than the screen.

The table keeps my hand in view as views come (:meth:`TableScreen.keep_hand_in_view`). A player
who scrolls the board by hand (the mouse wheel, the scrollbar) to look at the opponents' fields
is left where they put it: :attr:`Board.held` says so, until the player moves the focus on the
board or a decision of theirs needs their hand. When the board's height changes (the option
list below it grows with a decision's options) the table is asked to place it again.
"""

from __future__ import annotations

from collections.abc import Callable

from textual import events
from textual.containers import VerticalScroll
from textual.scrollbar import ScrollDown, ScrollTo, ScrollUp


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
