"""Redrawing a widget's text without a new layout when its size stays the same.

``Static.update`` asks for a layout by default, and a layout in Textual is a reflow of the
whole screen and a redraw of every widget that moved or was clipped anew: at the table that is
most of the board. A widget whose text changes but whose size does not needs only its own
repaint; :func:`redraw` asks for the layout only when the size changes. And a layout that
resizes widgets is not followed by a second one (:class:`OneLayout`).
"""

from __future__ import annotations

from typing import cast

from textual.containers import Grid, Horizontal, Vertical
from textual.css.styles import RulesMap
from textual.geometry import Size
from textual.visual import VisualType
from textual.widget import Widget
from textual.widgets import Label, Static


def rules(widget: Widget) -> RulesMap:
    """``widget``'s styles as a visual's measures (``get_height``...) take them. Textual passes
    a widget's styles to them itself (``Widget.get_content_height``), whose lookups the styles
    answer, though the measures are annotated with the plain rules map."""
    return cast(RulesMap, widget.styles)


def redraw(widget: Static, content: VisualType, *, auto_width: bool = False) -> None:
    """Show ``content`` in ``widget``; a new layout only when its size changes: its height at
    the present width, or also its width when the widget's width follows its content
    (``auto_width``)."""
    before = widget.content_size
    widget.update(content, layout=False)
    if not widget.is_mounted or not before.width or not widget.display:
        widget.refresh(layout=True)  # not laid out yet: nothing to compare with
        return
    visual = widget.visual
    if auto_width and widget.parent is not None:
        # (type: ignore: a widget's parent here is a widget)
        container = widget.parent.content_size.width  # type: ignore[attr-defined]
        if visual.get_optimal_width(rules(widget), container) != before.width:
            widget.refresh(layout=True)
            return
    if visual.get_height(rules(widget), before.width) != before.height:
        widget.refresh(layout=True)


class OneLayout:
    """A widget that never asks a second layout of the screen when a layout resizes it.

    When a layout gives a widget a new size, Textual (8.2.8, ``Widget._size_updated``) also
    sets its ``virtual_size``, a reactive that asks the screen for another layout: a second
    reflow of the whole table, and a second frame redrawing every resized widget, after every
    layout that resized anything (benchmarks/tui.py: about one reflow in three at the table).
    The virtual size only matters to a widget that may show scrollbars; for one whose content
    never scrolls (``overflow: hidden`` both ways) it is noted without the layout. Mixed in
    before the Textual class (``class X(OneLayout, Static)``)."""

    def _size_updated(
        self, size: Size, virtual_size: Size, container_size: Size, layout: bool = True
    ) -> bool:
        styles = self.styles  # type: ignore[attr-defined]  # mixed into widgets, which have styles
        scrolls = styles.overflow_x != "hidden" or styles.overflow_y != "hidden"
        # (type: ignore: mixed into widgets (Textual's private hook))
        return super()._size_updated(  # type: ignore[misc, no-any-return]
            size, virtual_size, container_size, layout and scrolls
        )


class SteadyStatic(OneLayout, Static):
    """:class:`~textual.widgets.Static` without the second layout (:class:`OneLayout`)."""


class SteadyLabel(OneLayout, Label):
    """:class:`~textual.widgets.Label` without the second layout (:class:`OneLayout`)."""


class SteadyVertical(OneLayout, Vertical):
    """:class:`~textual.containers.Vertical` without the second layout (:class:`OneLayout`)."""


class SteadyHorizontal(OneLayout, Horizontal):
    """:class:`~textual.containers.Horizontal` without the second layout (:class:`OneLayout`)."""


class SteadyGrid(OneLayout, Grid):
    """:class:`~textual.containers.Grid` without the second layout (:class:`OneLayout`)."""
