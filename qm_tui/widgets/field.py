"""A player's area: the name line (connection, hand size, stacked offerings) and 5 slots, each
drawn as a small card (see :mod:`qm_tui.widgets.tiles`). The name line is drawn from the
model's :class:`~qm_tui.table_model.SeatHeader`, part by part."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical

from qm_rules.cards import CardType
from qm_rules.model import SeatView
from qm_rules.shown import DEFS
from qm_tui.table_model import SeatHeader
from qm_tui.widgets.redraw import OneLayout, SteadyGrid
from qm_tui.widgets.tiles import TableTile

SLOTS = 5


class SeatArea(OneLayout, Vertical):
    """One seat's name line and field. The tiles are made once and updated in place, so the
    focus stays put while the game moves."""

    DEFAULT_CSS = """
    SeatArea { height: auto; }
    SeatArea > Grid { grid-size: 5; grid-gutter: 0 1; height: auto; grid-rows: auto; }
    """

    def __init__(self, seat: int, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.seat = seat
        self.header = TableTile(seat, "seat")
        self.slots = [TableTile(seat, "slot", i) for i in range(SLOTS)]

    def compose(self) -> ComposeResult:
        yield self.header
        with SteadyGrid():
            yield from self.slots

    def show(
        self,
        sv: SeatView,
        header: SeatHeader,
        lang: str,
        *,
        header_classes: frozenset[str] = frozenset(),
        choosable_cards: frozenset[int] = frozenset(),
        targeted: frozenset[int] = frozenset(),
        peers: frozenset[str] = frozenset(),
    ) -> None:
        """Show the seat's name line (``header``'s parts) and its slots; ``peers``: the names
        of the cards on the board (see TableTile.peers)."""
        self.header.show(header_line(header, lang), classes=header_classes | {"-seat"})
        self.set_class(all(slot.empty for slot in sv.slots), "-bare")
        for tile, slot in zip(self.slots, sv.slots, strict=False):
            card = slot.card
            is_ancestor = card is not None and not slot.face_down and _is_ancestor(card.card)
            tile.show_card(
                card,
                lang,
                face_down=slot.face_down,
                stacked=sv.stacked if is_ancestor else (),
                choosable=card is not None and card.cid in choosable_cards,
                negated=slot.negated,
                targeted=card is not None and card.cid in targeted,
                peers=peers,
            )

    def tiles(self) -> list[TableTile]:
        return [self.header, *self.slots]


def header_line(header: SeatHeader, lang: str) -> str:
    """A seat's name line: its parts, two spaces apart."""
    return "  ".join(part.text for part in header.parts(lang))


def _is_ancestor(card_id: str) -> bool:
    d = DEFS.get(card_id)
    return d is not None and d.type is CardType.ANCESTOR
