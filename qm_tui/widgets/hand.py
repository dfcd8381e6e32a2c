"""Your hand: a grid of card tiles, grown as the hand grows and hidden past its end, as many
to a row as the width holds."""

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
        self.mode = "-cards-line"
        """How cards are drawn (the screen says, by the room the board has)."""

    async def show(self, cards: tuple[CardView, ...], lang: str, choosable: frozenset[int]) -> None:
        """Show ``cards``; mounts tiles only when the hand is larger than ever before."""
        if not self.is_attached:  # its screen is being taken down (the player left)
            return
        if len(cards) > len(self.pool):
            new = [TableTile(self.seat, "hand", i) for i in range(len(self.pool), len(cards))]
            self.pool.extend(new)
            await self.mount_all(new)
        for i, tile in enumerate(self.pool):
            if i < len(cards):
                tile.display = True
                tile.show_card(cards[i], lang, choosable=cards[i].cid in choosable)
            else:
                tile.display = False
        self._count = len(cards)
        self.fit()

    def on_resize(self) -> None:
        self.fit()

    def fit(self) -> None:
        """As many cards a row as the width holds, none narrower than the mode's least (5, as
        the field's slots, when the hand is smaller: the board is laid out for 5 at 14); fewer
        only when 5 would be too narrow for a name."""
        least = self.MIN_WIDTH.get(self.mode, 12)
        width = self.content_size.width or self.size.width
        gutter = 1 if self.mode == "-cards-line" else 0  # framed cards touch (tiles.CARD_MODES)
        fits = max(1, (width + gutter) // (least + gutter)) if width else 5
        if self.mode == "-cards-line":
            fits = max(5, fits)  # one-line cards are shortened below 100 columns, never fewer
        cols = min(fits, max(5, self._count))
        if self.styles.grid_size_columns != cols:
            self.styles.grid_size_columns = cols

    def tiles(self) -> list[TableTile]:
        return [t for t in self.pool if t.display]

    @property
    def columns(self) -> int:
        """How many tiles a row holds (the grid's size)."""
        return max(1, self.styles.grid_size_columns or 5)
