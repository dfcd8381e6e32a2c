"""How the table screen's board fits the terminal: card modes, the option list's rows, empty
fields drawn framed or bare, opponents in one or two columns, the hand kept in view, and the
tiles as rows for the arrows. A part of :class:`~qm_tui.screens.table.TableScreen`, which owns
the widgets; this decides their sizes and places."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.containers import Vertical
from textual.widget import Widget

from qm_rules.model import View
from qm_tui import gc_tuning
from qm_tui.i18n import tr
from qm_tui.safe import clean
from qm_tui.widgets.board import BoardFoot
from qm_tui.widgets.chain import ChainStack
from qm_tui.widgets.detail import CardDetail
from qm_tui.widgets.field import SLOTS, SeatArea
from qm_tui.widgets.hand import HandRow
from qm_tui.widgets.prompt import PromptBar
from qm_tui.widgets.tiles import BARE_FIELDS, CARD_MODES, TableTile, field_rows
from qm_words import listed

if TYPE_CHECKING:
    from qm_tui.screens.table import TableScreen


class BoardLayout:
    """The board's layout for one table screen."""

    def __init__(self, table: TableScreen) -> None:
        self.table = table

    async def build(self, view: View) -> None:
        """Make every seat's area once the seat count is known: opponents in turn order after
        the viewer, the viewer's own field and hand last (nearest the prompt)."""
        n = len(view.seats)
        me = view.viewer
        start = (me + 1) if me is not None else 0
        order = [(start + i) % n for i in range(n)]
        opponents = [s for s in order if s != me]
        areas = {s: SeatArea(s, classes="-opponent") for s in opponents}
        await self.table.query_one("#opponents", Vertical).mount_all(list(areas.values()))
        mine = self.table.query_one("#mine", Vertical)
        if self.table.taken_down:  # the player left while the opponents were mounted: no board
            return
        if me is not None:
            areas[me] = SeatArea(me, classes="-me")
            self.table.hand = HandRow(me, id="hand")
            await mine.mount_all([areas[me], self.table.hand])
        else:
            mine.display = False
        self.table.areas = areas
        self.card_mode()
        self.keep_chain_rows()
        self.table.call_after_refresh(self.fit_options)
        gc_tuning.settle()  # the board is built: between games, what is alive stays

    @property
    def laid_out(self) -> bool:
        """The table's widgets are there to fit to a size: composed, and not being taken down.
        A resize can come before (the screen made, not yet composed) or after (the player
        quits while the terminal resizes: "No nodes match '#opponents'" was seen at quit)."""
        return not self.table.taken_down and bool(self.table.query("#opponents"))

    def resized(self) -> None:
        if not self.laid_out:
            return
        self.card_mode()
        self.keep_chain_rows()
        self.table.call_after_refresh(self.fit_options)
        self.table.call_after_refresh(self.fit_detail)

    def fit_detail(self) -> None:
        """The card panel's rows for the side column's (CardDetail.fit): laid out anew."""
        if not self.table.taken_down:
            self.table.query_one(CardDetail).fit()

    #: Rows the chain keeps on a tall screen when there is none (its title, a link, the link's
    #: outcome): a chain of one link comes and goes without moving the card panel and the log
    #: (see ChainStack).
    CHAIN_ROWS = 3

    def _tall_from(self) -> int:
        """The lines from which the screen is tall (its class may not be set yet at a resize)."""
        return dict((c, n) for n, c in self.table.VERTICAL_BREAKPOINTS)["-tall"]

    def keep_chain_rows(self) -> None:
        chain = self.table.query_one(ChainStack)
        tall = self.table.size.height >= self._tall_from()
        rows = self.CHAIN_ROWS if tall else 0  # (the class may not be set yet at a resize)
        if rows != chain.reserve:
            chain.keep(rows)
            if self.table.view is not None:
                self.table.show_chain(self.table.view)

    #: The option list's rows on a tall screen: the fewest and the most.
    OPTION_ROWS = (4, 9)

    def fit_options(self, grown: int = 0) -> None:
        """On a tall screen the option list keeps one height, whether it shows options or not:
        every row the board does not need (4 to 9; more options scroll, their count shown).
        A list that grew and shrank with each decision moved the whole board each time: a new
        layout and a redraw of every card, the slowest frames at the table (benchmarks/tui.py).
        It changes only when the board itself needs more or fewer rows (a resize, the hand
        wrapping). On a short screen rows are too few to keep: the list is as long as the
        options (up to 6). ``grown``: rows the board's content takes more than it was last
        laid out with (the hand's rows changed since)."""
        if self.table.taken_down:
            return
        ol = self.table.query_one(PromptBar).options_list
        if not self.table.has_class("-tall"):
            if ol.styles.inline.has_rule("height"):
                ol.styles.height = None  # back to the stylesheet's
            if self.table.areas and self.table.size.height < self._tall_from():
                self.set_bare_fields(True)  # rows are too few to keep
            return
        board = self.table.query_one("#board")
        need = (
            sum(
                child.outer_size.height + child.styles.margin.top + child.styles.margin.bottom
                for child in board.children
                if child.display
            )
            + grown
        )
        least, most = self.OPTION_ROWS
        foot = self.table.query_one(
            BoardFoot
        )  # (shown only while the board overflows: not counted)
        footing = foot.outer_size.height if foot.display else 0
        self._fit_fields(need - footing, board.size.height + ol.outer_size.height - least)
        free = board.size.height + ol.outer_size.height - need
        rows = max(least, min(most, free))
        if ol.outer_size.height != rows or not ol.styles.inline.has_rule("height"):
            ol.styles.height = rows

    bare_fields = False
    """Whether an empty field is drawn as one line (the board's ``BARE_FIELDS`` class). Framed
    at first: on a board that holds them, the first frames lay out nothing again."""

    def _fit_fields(self, need: int, room: int) -> None:
        """Empty fields keep their framed height when every seat's framed field and the hand
        fit in ``room`` (the board's rows with the option list at its least) — their first card
        is then a repaint, not a layout (see tiles.BARE_FIELDS); else they are one line, so
        that no seat goes out of view for want of a card. ``need``: the rows the board's
        content takes now."""
        mode = next((m for m in CARD_MODES if self.table.board.has_class(m)), "-cards-line")
        rows = CARD_MODES[mode][0]
        if not self.table.areas or any(
            not a.slots[0].outer_size.height for a in self.table.areas.values()
        ):
            return  # not laid out yet: nothing to measure
        viewer = self.table.view.viewer if self.table.view is not None else None
        grown = sum(  # what the empty fields drawn as one line would take more, framed
            max(0, field_rows(mode, seat == viewer) - area.slots[0].outer_size.height)
            for seat, area in self.table.areas.items()
            if area.display
        )
        self.set_bare_fields(rows == 1 or need + grown > room)

    def set_bare_fields(self, bare: bool) -> None:
        if bare != self.bare_fields:
            self.bare_fields = bare
            self.table.board.set_class(bare, BARE_FIELDS)
            self.table.call_after_refresh(self.fit_options)  # the board's content changed height

    def card_mode(self) -> None:
        """Cards framed (whole: four edges) when the terminal has the room (100 columns, 30
        lines), one-line tiles below that (the board's class, see tiles.CARD_MODES); below 36
        lines the opponents' cards are a row shorter (tiles.SHORT_OPPONENT_ROWS) so that four
        seats fit, and a fuller table is taller than the board, which then scrolls
        (keep_hand_in_view)."""
        width, height = self.table.size
        mode = "-cards-line"
        if width >= 100 and height >= 30:
            # below ~145 columns a card is too narrow for every name on two lines
            mode = (
                "-cards-short" if height < 36 else "-cards-tall" if width >= 145 else "-cards-tall3"
            )
        board = self.table.query_one("#board")
        if not board.has_class(mode):
            board.set_classes(mode)
            board.set_class(self.bare_fields, BARE_FIELDS)
        self.opponent_columns()
        if self.table.hand is not None:
            self.table.hand.mode = mode
            self.table.hand.fit()
            self.keep_hand_in_view()

    #: The opponents' fields go two by two when each of their slots is this wide at least: a
    #: framed card holding every name on two lines, as the hand's are at 160 columns (from
    #: 233 columns, the side column at its widest).
    TWO_COLUMN_SLOT = HandRow.MIN_WIDTH["-cards-tall"]
    TWO_COLUMN_GAP = 2  # cells between the two columns (table.tcss, #opponents.-two)

    def opponent_columns(self) -> None:
        """Opponents in two columns on a very wide board (two or more of them, framed cards);
        the arrows then go across both (:meth:`board_rows`)."""
        opponents = self.table.query_one("#opponents", Vertical)
        room = self.table.board.size.width - 2  # its padding and a scrollbar
        two = (
            not self.table.board.has_class("-cards-line")
            and len(opponents.children) >= 2
            and (room - self.TWO_COLUMN_GAP) // 2 >= SLOTS * self.TWO_COLUMN_SLOT
        )
        if opponents.has_class("-two") != two:
            opponents.set_class(two, "-two")

    def board_resized(self) -> None:
        if not self.laid_out:  # (the board's resize, as the screen's: see on_resize)
            return
        self.opponent_columns()
        self.keep_hand_in_view()
        # the option list's rows, measured on the board as laid out now (after a new card
        # mode the hand's rows change a layout later than the screen's resize)
        self.table.call_after_refresh(self.fit_options)

    def keep_hand_in_view(self, *, retry: bool = True) -> None:
        """A board taller than the screen (100×30, a full table) scrolls so that my hand and
        field show whole — the opponents' fields above them are what goes out of view, whole
        seats at a time (:meth:`_hand_position`) — unless the player is looking at a card on an
        opponent's field (or picking a target there), or scrolled the board by hand (the wheel:
        see :class:`Board`)."""
        if self.table.hand is None:
            return
        at = self._hand_position(self.table.hand)
        focused = self.table.focused
        if self.table.board.held or at is None:
            return
        if isinstance(focused, TableTile) and focused.zone != "hand":
            area = self.table.areas.get(focused.seat)
            mine = self.table.view is not None and focused.seat == self.table.view.viewer
            if not mine or area is None or self._board_top(area) < at:
                return  # looking at a card the hand's place would hide
        self.table.board.scroll_to(y=at, animate=False)
        if retry and at > self.table.board.max_scroll_y:  # the foot just grew: once it is laid out
            self.table.call_after_refresh(self.hand_in_view_again)

    def hand_in_view_again(self) -> None:
        if not self.table.taken_down:
            self.keep_hand_in_view(retry=False)

    def _board_top(self, w: Widget) -> int:
        """The first row of ``w`` (on the board) in the board's content."""
        y, parent = w.virtual_region.y, w.parent  # (within its parent's border)
        while isinstance(parent, Widget) and parent is not self.table.board:
            y += parent.styles.gutter.top + parent.virtual_region.y
            parent = parent.parent
        return y

    def _hand_position(self, hand: HandRow) -> int | None:
        """Where the board's top goes for my hand to show whole at its foot with the first row
        in view the top of a seat's area (or of my hand): a card is never cut by the board's top
        edge. The rows that leaves under the hand (one at least) say whose fields are above
        (:class:`BoardFoot`). None while the board is not laid out."""
        board, foot = self.table.board, self.table.query_one(BoardFoot)
        seen = board.scrollable_content_region.height
        if not seen or not hand.size.height:
            return None  # done again once it is (the board's resize)
        opponents = [
            a for a in self.table.query_one("#opponents").children if isinstance(a, SeatArea)
        ]

        top = self._board_top
        need = top(hand) + hand.size.height - seen  # rows to hide (its size: laid out first)
        if need <= 0:
            foot.show(0, "")
            return 0
        tops = sorted({top(a) for a in opponents} | {top(self.table.query_one("#mine")), top(hand)})
        at = next((t for t in tops if t > need), need + 1)
        view = self.table.view
        names = [
            view.seats[a.seat].name if view is not None and a.seat < len(view.seats) else ""
            for a in opponents
            if top(a) < at
        ]
        words = tr("table.board.above", self.table.lang, names=listed(self.table.lang, names))
        foot.show(at - need, clean(words))
        return at

    _hidden_said = ""

    def say_hidden(self) -> None:
        """The line under the board (the prompt's top edge) says which way rows of the board
        are out of view: above (unless the rows under my hand say whose, in view at the
        board's foot: :class:`BoardFoot`), below."""
        if not self.laid_out:
            return
        above, below = self.table.board.hidden()
        foot = self.table.query_one(BoardFoot)
        lang = self.table.lang
        words = []
        if above and (below or not foot.display):
            words.append(tr("table.board.up", lang))
        if below:
            words.append(tr("table.board.down", lang))
        said = "  ".join(words)
        if said != self._hidden_said:
            self._hidden_said = said
            self.table.query_one(PromptBar).border_title = said or None

    def board_rows(self) -> list[list[TableTile]]:
        """The tiles as rows, top to bottom, as the arrows move over them: the opponents (two
        side by side when the board shows them in two columns), my field, my hand."""
        rows: list[list[TableTile]] = []
        me = self.table.view.viewer if self.table.view is not None else None
        others = [a for a in self.table.areas.values() if a.seat != me]
        step = 2 if self.table.query_one("#opponents").has_class("-two") else 1
        groups = [others[i : i + step] for i in range(0, len(others), step)]
        if me is not None and me in self.table.areas:
            groups.append([self.table.areas[me]])
        for group in groups:
            rows.append([area.header for area in group])
            rows.append([slot for area in group for slot in area.slots])
        if self.table.hand is not None:
            tiles = self.table.hand.tiles()
            cols = self.table.hand.columns
            rows.extend(tiles[i : i + cols] for i in range(0, len(tiles), cols))
        return [r for r in rows if r]

    def board_tiles(self) -> list[TableTile]:
        return [t for row in self.board_rows() for t in row]

    def focus_board(self) -> None:
        """Onto the board: the first card an option names, else the first tile."""
        tiles = self.board_tiles()
        for tile in tiles:
            if "-choosable" in tile.classes:
                tile.focus()
                return
        if tiles:
            tiles[0].focus()

    def move_focus(self, tile: TableTile, dx: int, dy: int) -> None:
        """An arrow on ``tile`` (called by the tile at once: see tiles.TileHost)."""
        rows = self.board_rows()
        where = [(r, row.index(tile)) for r, row in enumerate(rows) if tile in row]
        if not where:
            return
        r, c = where[0]
        if dx:
            c2 = c + dx
            if 0 <= c2 < len(rows[r]):
                rows[r][c2].focus()
            return
        r2 = r + dy
        if not 0 <= r2 < len(rows):
            return
        here = (c + 0.5) / len(rows[r])  # keep the horizontal position across rows of other widths
        target = rows[r2][min(len(rows[r2]) - 1, int(here * len(rows[r2])))]
        target.focus()
        # a field's card: its seat's area whole (its name line and cards, never cut)
        grid = target.parent if target.zone == "slot" else None
        area = grid.parent if grid is not None else None
        (area if isinstance(area, SeatArea) else target).scroll_visible(animate=False)
