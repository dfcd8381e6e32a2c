"""Redrawing a widget's text without a new layout when its size stays the same.

``Static.update`` asks for a layout by default, and a layout in Textual is a reflow of the
whole screen and a redraw of every widget that moved or was clipped anew: at the table that is
most of the board. A widget whose text changes but whose size does not needs only its own
repaint; :func:`redraw` asks for the layout only when the size changes.
"""

from __future__ import annotations

from textual.visual import VisualType
from textual.widgets import Static


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
        container = widget.parent.content_size.width  # type: ignore[attr-defined]
        if visual.get_optimal_width(widget.styles, container) != before.width:
            widget.refresh(layout=True)
            return
    if visual.get_height(widget.styles, before.width) != before.height:
        widget.refresh(layout=True)
