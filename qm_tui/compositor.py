"""A compositor that draws, in a partial frame, only the widgets under the changed cells.

Textual's compositor (``textual._compositor.Compositor``, Textual 8.2.8) draws a partial frame
by rendering every widget that overlaps the *bounding box* of the changed regions. At the table
a frame nearly always changes something at the top (the status lines) and something lower down
(a card, the log, the prompt), so that box is the whole screen and every one of its ~70 widgets
is rendered again each frame, though the frame writes only the changed cells.

:class:`SpotCompositor` renders only the widgets that overlap a changed region itself. The
frame is the same: a frame writes only the cells of the changed regions, and every widget
that covers such a cell overlaps its region, so it is still rendered. Full frames (after a
layout) are untouched.
"""

from __future__ import annotations

from collections.abc import Iterable

from textual._compositor import ChopsUpdate, Compositor
from textual.geometry import Region
from textual.strip import Strip


class SpotCompositor(Compositor):
    """:class:`~textual._compositor.Compositor`, rendering in a partial frame only the widgets
    that overlap one of its changed regions."""

    def __init__(self) -> None:
        super().__init__()
        self._spots: tuple[Region, ...] = ()
        """The changed regions of the partial frame being drawn (empty otherwise)."""

    def render_partial_update(self) -> ChopsUpdate | None:
        self._spots = tuple(self._dirty_regions)
        try:
            return super().render_partial_update()
        finally:
            self._spots = ()

    def _get_renders(
        self, crop: Region | None = None
    ) -> Iterable[tuple[Region, Region, list[Strip]]]:
        spots = self._spots
        if len(spots) < 2 or crop is None:  # one region is its own bounding box
            yield from super()._get_renders(crop)
            return
        # As Textual's own, with one more test: the widget overlaps a changed region.
        for widget, (region, clip) in self.visible_widgets.items():
            if not crop.overlaps(clip) or not any(clip.overlaps(spot) for spot in spots):
                continue
            if clip.contains_region(region):
                yield region, clip, widget.render_lines(Region(0, 0, region.width, region.height))
                continue
            x, y, width, height = region.intersection(clip)
            if width and height:
                lines = widget.render_lines(Region(x - region.x, y - region.y, width, height))
                yield region, clip, lines
