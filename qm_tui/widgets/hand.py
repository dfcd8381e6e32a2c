"""Your hand: a grid of tiles, grown as the hand grows and hidden past its end."""

from __future__ import annotations

from textual.containers import Grid

from qm_rules.model import CardView
from qm_tui.widgets.tiles import TableTile


class HandRow(Grid):
    """The cards in the viewer's hand. Tiles are pooled: a new view updates them in place."""

    DEFAULT_CSS = """
    HandRow { grid-size: 5; grid-gutter: 0 1; grid-rows: 1; height: auto; }
    """

    def __init__(self, seat: int, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.seat = seat
        self.pool: list[TableTile] = []

    async def show(self, cards: tuple[CardView, ...], lang: str, choosable: frozenset[int]) -> None:
        """Show ``cards``; mounts tiles only when the hand is larger than ever before."""
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

    def tiles(self) -> list[TableTile]:
        return [t for t in self.pool if t.display]

    @property
    def columns(self) -> int:
        """How many tiles a row holds (the grid's size)."""
        return max(1, self.styles.grid_size_columns or 5)
