"""A tile: one focusable cell of the table — a player's name line, a field slot, a card in hand.

Tiles are how the keyboard moves over the table: arrows move the focus from tile to tile
(the screen decides where), Enter or a click chooses the tile. A tile knows what it shows, not
what choosing it means; it posts :class:`TableTile.Focused`, :class:`TableTile.Chosen` and
:class:`TableTile.Navigate` and the screen answers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from textual.binding import Binding
from textual.content import Content
from textual.message import Message
from textual.widgets import Static

from qm_rules.cards import CARDS, CardDef, CardType
from qm_rules.describe import card_name
from qm_rules.model import CardView
from qm_tui.safe import clean

Zone = Literal["seat", "slot", "hand"]

#: Card definitions by id, looked up once (``CARDS.by_id`` hashes the whole card set a call).
DEFS: dict[str, CardDef] = dict(CARDS.by_id)

#: Marks kept to ASCII: ambiguous-width symbols are drawn two cells wide by some terminals.
MARK_BURNING = "^"
MARK_TAPPED = "="
BACK = "####"
EMPTY = "--"


def card_label(
    card: CardView | None,
    lang: str,
    *,
    face_down: bool = False,
    stacked: int | None = None,
) -> str:
    """The short text of a card on a tile: marks, then the name (and, for an ancestor on the
    field, ``+N`` offerings stacked under it)."""
    if card is None:
        return BACK if face_down else EMPTY
    d = DEFS.get(card.card)
    marks = ""
    if face_down:
        marks += "#"
    if card.tapped:
        marks += MARK_TAPPED
    if d is not None and "burning" in d.tags:
        marks += MARK_BURNING
    text = marks + card_name(card.card, lang)
    if stacked is not None and d is not None and d.type is CardType.ANCESTOR:
        text += f" +{stacked}"
    return text


class TableTile(Static, can_focus=True):
    """One cell of the table. ``zone`` says which: a seat's name line, a slot, a hand card."""

    DEFAULT_CSS = """
    TableTile {
        height: 1;
        width: 1fr;
        text-wrap: nowrap;
        text-overflow: clip;
        background: $boost;
    }
    TableTile.-empty { color: $text-disabled; background: $surface; }
    TableTile.-back { color: $text-muted; background: $primary-background; }
    TableTile.-burning { color: $text-warning; }
    TableTile.-tapped { text-style: italic; color: $text-muted; }
    TableTile.-ancestor { color: $text-accent; text-style: bold; }
    TableTile.-choosable { background: $success-muted; text-style: bold; }
    TableTile.-seat { background: $panel; text-style: bold; }
    TableTile.-turn { background: $primary-muted; }
    TableTile.-out { color: $text-disabled; text-style: strike; }
    TableTile:focus { background: $accent; color: $text; text-style: bold; }
    TableTile:hover { background: $accent-muted; }
    """

    BINDINGS = [
        Binding("enter,space", "choose", "Choose", id="tile.choose", show=False),
        Binding("up", "navigate(0,-1)", show=False, id="tile.up"),
        Binding("down", "navigate(0,1)", show=False, id="tile.down"),
        Binding("left", "navigate(-1,0)", show=False, id="tile.left"),
        Binding("right", "navigate(1,0)", show=False, id="tile.right"),
    ]

    @dataclass
    class Focused(Message):
        """The focus came to a tile (the screen shows that card's full text)."""

        tile: TableTile

    @dataclass
    class Chosen(Message):
        """Enter or a click on a tile."""

        tile: TableTile

    @dataclass
    class Navigate(Message):
        """An arrow key on a tile: move the focus by ``dx``, ``dy``."""

        tile: TableTile
        dx: int
        dy: int

    def __init__(self, seat: int, zone: Zone, index: int = 0, *, id: str | None = None) -> None:
        super().__init__("", markup=False, id=id)
        self.seat = seat
        """The seat whose area the tile is in (the owner of the slot or hand)."""
        self.zone: Zone = zone
        self.index = index
        self.card: CardView | None = None
        """The card shown (None: empty, a back, or a seat tile)."""
        self.face_down = False
        self.stacked: tuple[CardView, ...] = ()
        self._shown: tuple[object, ...] = ()

    def show(
        self,
        text: str,
        *,
        card: CardView | None = None,
        face_down: bool = False,
        stacked: tuple[CardView, ...] = (),
        classes: frozenset[str] = frozenset(),
    ) -> None:
        """Show ``text`` (data, never markup) and state classes; does nothing when unchanged."""
        self.card = card
        self.face_down = face_down
        self.stacked = stacked
        key = (text, classes)
        if key == self._shown:
            return
        self._shown = key
        self.update(Content(clean(text)), layout=False)  # a tile's size never depends on its text
        self.set_classes(" ".join(sorted(classes)))

    def show_card(
        self,
        card: CardView | None,
        lang: str,
        *,
        face_down: bool = False,
        stacked: tuple[CardView, ...] = (),
        choosable: bool = False,
    ) -> None:
        """Show a card (or an empty slot, or a face-down back)."""
        classes: set[str] = set()
        d = DEFS.get(card.card) if card is not None else None
        if card is None:
            classes.add("-back" if face_down else "-empty")
        else:
            if card.tapped:
                classes.add("-tapped")
            if d is not None and "burning" in d.tags:
                classes.add("-burning")
            if d is not None and d.type is CardType.ANCESTOR:
                classes.add("-ancestor")
            if face_down:
                classes.add("-back")
        if choosable:
            classes.add("-choosable")
        on_field = self.zone == "slot" and not face_down
        text = card_label(
            card, lang, face_down=face_down, stacked=len(stacked) if on_field else None
        )
        self.show(text, card=card, face_down=face_down, stacked=stacked, classes=frozenset(classes))

    def on_focus(self) -> None:
        self.post_message(self.Focused(self))

    def on_click(self) -> None:
        self.focus()
        self.post_message(self.Chosen(self))

    def action_choose(self) -> None:
        self.post_message(self.Chosen(self))

    def action_navigate(self, dx: int, dy: int) -> None:
        self.post_message(self.Navigate(self, dx, dy))
