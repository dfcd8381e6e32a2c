"""Your hand: a grid of card tiles, grown as the hand grows, as many to a row as the width
holds.

The hand changes with every card drawn or played, often while the bots' moves play back. A
change that keeps the grid's rows and columns is a repaint of the tiles that changed: the
places past the last card of its last row are vacant tiles (drawn as nothing, never focused),
not tiles taken out of the layout, and the columns, once grown for a bigger hand, stay for the
game. Before, a card drawn or played hid or showed a tile, or took the grid from 5 columns to 6
and back, and each was a layout of the whole screen and a redraw of every card of the hand
(benchmarks/tui.py: an arrow pressed meanwhile waited for it).
"""

from __future__ import annotations

from textual.containers import Grid

from qm_rules.model import CardView
from qm_tui.widgets.redraw import OneLayout
from qm_tui.widgets.tiles import TableTile


class HandRow(OneLayout, Grid):
    """The cards in the viewer's hand. Tiles are pooled: a new view updates them in place."""

    DEFAULT_CSS = """
    HandRow { grid-size: 5; grid-gutter: 0 1; grid-rows: auto; height: auto; }
    """

    #: The narrowest a card may be drawn, in cells, by the board's card mode (tiles.CARD_MODES),
    #: so that every card's name is whole: a short card (two lines of name, its first words on
    #: the frame) needs 14 for "Civilized Worship Campaign"; a tall one, 16 inside.
    MIN_WIDTH = {"-cards-line": 12, "-cards-short": 14, "-cards-tall": 18, "-cards-tall3": 13}

    def __init__(self, seat: int, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.seat = seat
        self.pool: list[TableTile] = []
        self._count = 0
        self._most = 0
        """The most cards held this game: the columns grow with it, never shrink back."""
        self.mode = "-cards-line"
        """How cards are drawn (the screen says, by the room the board has)."""

    async def show(
        self,
        cards: tuple[CardView, ...],
        lang: str,
        choosable: frozenset[int],
        peers: frozenset[str] = frozenset(),
    ) -> None:
        """Show ``cards``; mounts tiles only when the hand needs more places than ever before.
        ``peers``: the names of the cards on the board (see TableTile.peers)."""
        if not self.is_attached:  # its screen is being taken down (the player left)
            return
        self._count = len(cards)
        self._most = max(self._most, len(cards))
        places = self._places(self._columns())
        if places > len(self.pool):
            new = [TableTile(self.seat, "hand", i) for i in range(len(self.pool), places)]
            self.pool.extend(new)
            await self.mount_all(new)
        for i, card in enumerate(cards):
            self.pool[i].show_card(card, lang, choosable=card.cid in choosable, peers=peers)
        self.fit()

    def on_resize(self) -> None:
        self.fit()

    def _columns(self) -> int:
        """As many cards a row as the width holds, none narrower than the mode's least (5, as
        the field's slots, when the hand is smaller: the board is laid out for 5 at 14); fewer
        only when 5 would be too narrow for a name."""
        least = self.MIN_WIDTH.get(self.mode, 12)
        width = self.content_size.width or self.size.width
        gutter = 1 if self.mode == "-cards-line" else 0  # framed cards touch (tiles.CARD_MODES)
        fits = max(1, (width + gutter) // (least + gutter)) if width else 5
        if self.mode == "-cards-line":
            fits = max(5, fits)  # one-line cards are shortened below 100 columns, never fewer
        return min(fits, max(5, self._most))

    def _places(self, columns: int) -> int:
        """The grid's places for the hand: its cards' rows, whole."""
        return -(-self._count // columns) * columns

    def fit(self) -> None:
        """The columns for the width (see :meth:`_columns`), and the places of the cards' rows
        shown: a card's, or vacant past the last card."""
        cols = self._columns()
        if self.styles.grid_size_columns != cols:
            self.styles.grid_size_columns = cols
        places = self._places(cols)
        for i, tile in enumerate(self.pool):
            if i >= places:
                tile.display = False
                continue
            tile.display = True
            if i >= self._count:
                tile.show_vacant()

    def tiles(self) -> list[TableTile]:
        """The tiles showing my cards, in order."""
        return self.pool[: self._count]

    @property
    def rows(self) -> int:
        """How many rows the hand takes."""
        return -(-self._count // self.columns)

    @property
    def columns(self) -> int:
        """How many tiles a row holds (the grid's size)."""
        return max(1, self.styles.grid_size_columns or 5)
