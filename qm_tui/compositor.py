"""A compositor that draws, in a partial frame, only the widgets under the changed cells.

Textual's compositor (``textual._compositor.Compositor``, Textual 8.2.8) draws a partial frame
by rendering every widget that overlaps the *bounding box* of the changed regions. At the table
a frame nearly always changes something at the top (the status lines) and something lower down
(a card, the log, the prompt), so that box is the whole screen and every one of its ~70 widgets
is rendered again each frame, though the frame writes only the changed cells.

:class:`SpotCompositor` renders only the widgets that overlap a changed region itself, and
of those only the ones not hidden, in every changed region they overlap, by a widget in front of
them that was drawn whole there (a card changed: not the seat's area, the board and the screen
behind it). The frame is the same: a frame writes only the cells of the changed regions, and the
widget in front at each such cell is still rendered. Full frames (after a layout) are
untouched.
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
        if not spots or crop is None:  # a full frame
            yield from super()._get_renders(crop)
            return
        # As Textual's own, with two more tests: the widget overlaps a changed region, and not
        # every changed region it overlaps is already drawn whole by a widget in front of it.
        # Widgets come front to back and the first strip drawn into a cell is the one kept
        # (Compositor._render_chops), so a widget behind those is drawn for nothing: the board,
        # a seat's area and its grid behind a card that changed, the screen behind it all.
        covered: set[Region] = set()
        for widget, (region, clip) in self.visible_widgets.items():
            whole = clip.contains_region(region)
            drawn = region if whole else region.intersection(clip)
            if not crop.overlaps(drawn):
                continue
            under = [spot for spot in spots if drawn.overlaps(spot)]
            if not under or all(spot in covered for spot in under):
                continue
            x, y, width, height = drawn
            if whole:
                lines = widget.render_lines(Region(0, 0, width, height))
            else:
                lines = widget.render_lines(Region(x - region.x, y - region.y, width, height))
            covered.update(spot for spot in under if drawn.contains_region(spot))
            yield region, clip, lines
