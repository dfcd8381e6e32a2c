"""A tile: one focusable cell of the table — a player's name line, a field slot, a card in hand.

Tiles are how the keyboard moves over the table: arrows move the focus from tile to tile
(the screen decides where), Enter or a click chooses the tile. A tile knows what it shows, not
what choosing it means: it posts :class:`TableTile.Chosen` and the screen answers. Arrows and the
focus are answered by the screen at once, through :class:`TileHost` (a message would wait in the
screen's queue behind the playback's work, and a key must be answered by the next frame).

A card tile is drawn as a small framed card when the board has the room (the board's
``-cards-short`` / ``-cards-tall`` class, see ``table.tcss``): a frame in its type's colour with
the type's symbol and the card's states on the frame, the full name wrapped inside it. Below
that room it is one line: marks, then the name as far as it fits. Every mark is ASCII:
ambiguous-width symbols are drawn two cells wide by some terminals.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Protocol, runtime_checkable

from rich.cells import cell_len
from textual.binding import Binding
from textual.content import Content
from textual.dom import NoScreen
from textual.message import Message
from textual.widgets import Static

from qm_rules.cards import CardDef, CardType
from qm_rules.model import CardView
from qm_rules.shown import DEFS
from qm_tui.i18n import tr
from qm_tui.safe import clean
from qm_tui.widgets.names import short_name
from qm_tui.widgets.redraw import OneLayout
from qm_words import card_name

Zone = Literal["seat", "slot", "hand"]


MARK_BURNING = "^"
MARK_TAPPED = "="
MARK_FACE_DOWN = "#"
MARK_NEGATED = "X"
MARK_TARGETED = "@"
BACK = "####"
EMPTY = "--"

#: Each kind of card: its symbol (on the frame, and first on a one-line tile) and its CSS class
#: (the colour, in ``table.tcss``). A Burning offering is a kind of its own.
KINDS: dict[str, tuple[str, str]] = {
    "offering": ("o", "-t-offering"),
    "burning": (MARK_BURNING, "-t-burning"),
    "action": ("*", "-t-action"),
    "trap": ("!", "-t-trap"),
    "counter": ("<", "-t-counter"),
    "ancestor": ("&", "-t-ancestor"),
}


def card_kind(d: CardDef | None) -> str | None:
    """The key of :data:`KINDS` for a card ("burning" for a Burning offering)."""
    if d is None:
        return None
    if d.type is CardType.OFFERING and "burning" in d.tags:
        return "burning"
    return d.type.value


@dataclass(frozen=True)
class CardState:
    """Everything a card tile says besides the name: one value, compared to skip redraws."""

    face_down: bool = False
    tapped: bool = False
    negated: bool = False
    targeted: bool = False
    stacked: int | None = None  # offerings under an ancestor on the field

    def marks(self) -> str:
        """The states as ASCII marks, for a one-line tile or a narrow frame."""
        out = ""
        if self.face_down:
            out += MARK_FACE_DOWN
        if self.negated:
            out += MARK_NEGATED
        if self.tapped:
            out += MARK_TAPPED
        if self.targeted:
            out += MARK_TARGETED
        return out

    def words(self, lang: str) -> list[str]:
        """The states in words ("negated", "横置"), the most important first."""
        out = []
        if self.negated:
            out.append(tr("card.negated", lang))
        if self.targeted:
            out.append(tr("card.targeted", lang))
        if self.tapped:
            out.append(tr("card.tapped", lang))
        if self.face_down:
            out.append(tr("card.face_down", lang))
        if self.stacked:
            out.append(tr("card.stacked", lang, n=self.stacked))
        return out


def label_parts(
    card: CardView | None,
    lang: str,
    *,
    face_down: bool = False,
    stacked: int | None = None,
    state: CardState | None = None,
) -> tuple[str, str, str]:
    """The one-line text of a card tile in three parts: the kind symbol and marks, the name
    (what is shortened where the tile is narrow), and what follows it (for an ancestor on the
    field, ``+N`` offerings stacked under it)."""
    if card is None:
        return "", BACK if face_down else EMPTY, ""
    d = DEFS.get(card.card)
    st = state or CardState(face_down=face_down, tapped=card.tapped)
    kind = card_kind(d)
    marks = (KINDS[kind][0] if kind else "") + st.marks()
    after = ""
    if stacked is not None and d is not None and d.type is CardType.ANCESTOR:
        after = f" +{stacked}"
    return marks, card_name(card.card, lang), after


def _split_word(word: str, width: int) -> list[str]:
    """A word longer than a line: hyphenated (Latin) or simply broken (CJK) to fit."""
    out: list[str] = []
    latin = word.isascii()
    while cell_len(word) > width:
        take, used = "", 0
        room = width - 1 if latin else width
        for ch in word:
            if used + cell_len(ch) > room:
                break
            take += ch
            used += cell_len(ch)
        if not take:  # a line too narrow for even one character
            take = word[0]
        out.append(take + ("-" if latin else ""))
        word = word[len(take) :]
    out.append(word)
    return out


def wrap_name(name: str, width: int, lines: int) -> tuple[list[str], bool]:
    """``name`` wrapped into at most ``lines`` lines of ``width`` cells, at spaces (and hyphens)
    first; returns the lines and whether the whole name fits. Cut names end with ``~``."""
    width = max(2, width)
    words: list[str] = []
    for word in name.replace("-", "- ").split() if name.isascii() else [name]:
        words.extend(_split_word(word, width))
    out: list[str] = []
    for word in words:
        if out and not out[-1].endswith("-") and cell_len(out[-1]) + 1 + cell_len(word) <= width:
            out[-1] += " " + word
        elif out and out[-1].endswith("-") and cell_len(out[-1]) + cell_len(word) <= width:
            out[-1] += word
        else:
            out.append(word)
    if len(out) <= lines:
        return out, True
    kept = out[:lines]
    last = kept[-1]
    while last and cell_len(last) + 1 > width:
        last = last[:-1]
    kept[-1] = last + "~"
    return kept, False


def _name_head(name: str, width: int) -> tuple[str, str]:
    """The start of ``name`` that goes on a tile's frame (``width`` cells), and the rest: the
    whole words that fit, else the first word hyphenated (never "Civil" / "ized": a cut word
    ends with "-"); Chinese, the characters that fit."""
    if not name.isascii():
        head = ""
        for ch in name:
            if cell_len(head + ch) > width:
                break
            head += ch
        return head, name[len(head) :]
    words = name.split(" ")
    taken = 0
    while taken < len(words) and cell_len(" ".join(words[: taken + 1])) <= width:
        taken += 1
    if taken:
        return " ".join(words[:taken]), " ".join(words[taken:])
    piece = _split_word(words[0], width)[0]  # "Civil-"
    cut = len(piece) - 1 if piece.endswith("-") else len(piece)
    return piece, name[cut:]


#: The colour of each kind of card (a theme variable; the legend names it in words).
KIND_COLOURS: dict[str, str] = {
    "offering": "$success",
    "burning": "$warning",
    "action": "$primary",
    "trap": "$error",
    "counter": "$secondary",
    "ancestor": "$accent",
}

#: How a card tile is drawn, by the board's class: rows, and whether the frame has a bottom edge.
CARD_MODES: dict[str, tuple[int, bool]] = {
    "-cards-line": (1, False),  # one line: marks and the name as far as it fits
    "-cards-short": (4, True),  # top edge (kind; a name's first words if it needs three
    # lines), two lines of name, bottom edge (states): whole, as the tall ones
    "-cards-tall": (4, True),  # top edge (kind), two lines of name, bottom edge (states)
    "-cards-tall3": (5, True),  # the same with three lines of name, for narrow cards
}

#: On a short screen (``-cards-short``: 100x30) the opponents' cards have this many rows and no
#: bottom edge (their states as marks on the top edge, and a word where it fits), so that every
#: seat's field and my hand fit the board together: a player must see the seat that plays, and
#: whole frames for every seat would scroll two of four seats out of view there. My own field and
#: hand keep whole cards.
SHORT_OPPONENT_ROWS = 3


def field_rows(mode: str, mine: bool) -> int:
    """The rows of a framed field's cards in ``mode`` (a board class of CARD_MODES), for my
    field or an opponent's."""
    rows = CARD_MODES[mode][0]
    return rows if mine or mode != "-cards-short" else SHORT_OPPONENT_ROWS


#: The board's class that draws a field with nothing on it as one line of empty slots, not rows
#: of empty frames: set by the table when the board cannot hold every seat's framed field (a
#: short screen, many seats). Where it can, every field keeps its framed height, empty or not,
#: and a field's first card (or its last leaving) changes that seat's tiles only: a field
#: growing from one line to framed cards moved every seat and the hand below it, a layout of
#: the screen and a redraw of each moved card, 20-40 ms in which a key waited
#: (benchmarks/tui.py: arrow -> frame while the playback runs).
BARE_FIELDS = "-bare-fields"


def _card_css() -> str:
    """The framed modes' sizes and the frame's colour per kind of card."""
    rules = []
    for mode, (rows, bottom) in CARD_MODES.items():
        if rows == 1:
            continue
        sel = f"#board.{mode}"
        rules.append(f"{sel} TableTile.-card {{ height: {rows}; text-wrap: wrap; }}")
        rules.append(f"{sel} Grid, {sel} HandRow {{ grid-gutter: 0 0; grid-rows: {rows}; }}")
        for kind, (_symbol, css) in KINDS.items():
            colour = KIND_COLOURS[kind]
            edges = ["top", "left", "right"] + (["bottom"] if bottom else [])
            border = " ".join(f"border-{e}: round {colour};" for e in edges)
            rules.append(f"{sel} TableTile.{css} {{ {border} }}")
        plain = ["top", "left", "right"] + (["bottom"] if bottom else [])
        border = " ".join(f"border-{e}: round $panel-lighten-2;" for e in plain)
        rules.append(f"{sel} TableTile.-empty, {sel} TableTile.-back {{ {border} }}")
        dead = " ".join(f"border-{e}: round $foreground 25%;" for e in plain)
        rules.append(f"{sel} TableTile.-negated {{ {dead} }}")  # dead: never like a live card
        # a vacant place of the hand: a frame, so that a card coming there or leaving it is a
        # repaint (an edge coming or going is a layout), of blank edges: drawn in the colour
        # behind it, the frame still showed wherever the colours do not match (a terminal's
        # own background, fewer colours, a copy of its text) as an empty card (playtest 4)
        none = " ".join(f"border-{e}: blank;" for e in plain)
        rules.append(f"{sel} TableTile.-vacant {{ {none} }}")
        # a field with nothing on it: one line of empty slots, when the board is short of rows
        bare = f"{sel}.{BARE_FIELDS} SeatArea.-bare"
        rules.append(f"{bare} > Grid {{ grid-rows: 1; }}")
        rules.append(f"{bare} TableTile.-card {{ height: 1; border: none; }}")
    sel, rows = "#board.-cards-short #opponents", SHORT_OPPONENT_ROWS
    rules.append(f"{sel} TableTile.-card {{ height: {rows}; border-bottom: none; }}")
    rules.append(f"{sel} Grid {{ grid-rows: {rows}; }}")
    bare = f"#board.-cards-short.{BARE_FIELDS} #opponents SeatArea.-bare"  # (as above)
    rules.append(f"{bare} > Grid {{ grid-rows: 1; }}")
    rules.append(f"{bare} TableTile.-card {{ height: 1; border: none; }}")
    return "\n".join(rules)


class TableTile(OneLayout, Static, can_focus=True):
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
    TableTile.-t-offering { color: $text-success; }
    TableTile.-t-burning { color: $text-warning; }
    TableTile.-t-action { color: $text-primary; }
    TableTile.-t-trap { color: $text-error; }
    TableTile.-t-counter { color: $text-secondary; }
    TableTile.-t-ancestor { color: $text-accent; text-style: bold; }
    TableTile.-tapped { text-style: italic; }
    TableTile.-negated { text-style: strike; color: $text-disabled; }
    TableTile.-targeted { background: $warning-muted; }
    TableTile.-choosable { background: $success-muted; text-style: bold; }
    TableTile.-seat { background: $panel; text-style: bold; color: $text; }
    TableTile.-turn { background: $primary-muted; }
    TableTile.-out { color: $text-disabled; text-style: strike; }
    TableTile:focus { background: $accent; color: $text; text-style: bold; }
    TableTile:hover { background: $accent-muted; }
    TableTile.-vacant, TableTile.-vacant:hover { background: $background; color: $background; }
    """ + _card_css()
    SCOPED_CSS = False  # the framed modes are chosen by the board's class

    BINDINGS = [
        Binding("enter,space", "choose", "Choose", id="tile.choose", show=False),
        # priority: run by the app as the key arrives, not after the key has gone up through
        # the screen's queue (which may be busy with the playback): see TileHost
        Binding("up", "navigate(0,-1)", show=False, id="tile.up", priority=True),
        Binding("down", "navigate(0,1)", show=False, id="tile.down", priority=True),
        Binding("left", "navigate(-1,0)", show=False, id="tile.left", priority=True),
        Binding("right", "navigate(1,0)", show=False, id="tile.right", priority=True),
    ]

    @dataclass
    class Chosen(Message):
        """Enter or a click on a tile."""

        tile: TableTile

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
        self.state = CardState()
        self.lang = "en"
        self.peers: frozenset[str] = frozenset()
        """The names of the other cards on the board: a name shortened to fit a one-line tile
        is never one of theirs (:mod:`qm_tui.widgets.names`)."""
        self._parts: tuple[str, str, str] | None = None
        self._text = ""
        self._shown: tuple[object, ...] = ()
        self._drawn: tuple[object, ...] = ()
        self._asked: tuple[object, ...] = ()
        self._tile_classes: frozenset[str] | None = None

    def show(
        self,
        text: str,
        *,
        card: CardView | None = None,
        face_down: bool = False,
        stacked: tuple[CardView, ...] = (),
        classes: frozenset[str] = frozenset(),
        state: CardState | None = None,
        lang: str | None = None,
        parts: tuple[str, str, str] | None = None,
    ) -> None:
        """Show ``text`` (data, never markup) and state classes; does nothing when unchanged.
        ``parts``: a card's text as :func:`label_parts`, for a one-line tile to shorten the
        name to its width."""
        self.card = card
        self._parts = None if parts is None else (clean(parts[0]), clean(parts[1]), clean(parts[2]))
        self.face_down = face_down
        self.stacked = stacked
        self.state = state or CardState()
        if lang is not None:
            self.lang = lang
        key = (text, classes, self.state, self.lang, self.peers if parts else None)
        if key == self._shown:
            return
        self._shown = key
        self._text = clean(text)
        if classes != self._tile_classes:  # a restyle is the dear part: only when they change
            self._tile_classes = classes
            self.set_classes(" ".join(sorted(classes)))
        self._draw()

    def show_card(
        self,
        card: CardView | None,
        lang: str,
        *,
        face_down: bool = False,
        stacked: tuple[CardView, ...] = (),
        choosable: bool = False,
        negated: bool = False,
        targeted: bool = False,
        peers: frozenset[str] = frozenset(),
    ) -> None:
        """Show a card (or an empty slot, or a face-down back); ``peers``: the names of the
        cards on the board (see :attr:`peers`)."""
        self.peers = peers
        asked = (card, lang, face_down, stacked, choosable, negated, targeted, peers)
        if asked == self._asked:
            return  # the common case: most tiles do not change from one view to the next
        self._asked = asked
        self.can_focus = True  # (a vacant place of the hand is not)
        classes: set[str] = {"-card"}
        d = DEFS.get(card.card) if card is not None else None
        on_field = self.zone == "slot" and not face_down
        is_ancestor = d is not None and d.type is CardType.ANCESTOR
        state = CardState(
            face_down=face_down,
            tapped=card is not None and card.tapped,
            negated=negated,
            targeted=targeted,
            stacked=len(stacked) if on_field and is_ancestor else None,
        )
        if card is None:
            classes.add("-back" if face_down else "-empty")
        else:
            kind = card_kind(d)
            if kind is not None:
                classes.add(KINDS[kind][1])
            if face_down:
                classes.add("-back")
        for flag in ("tapped", "negated", "targeted"):
            if getattr(state, flag):
                classes.add(f"-{flag}")
        if choosable:
            classes.add("-choosable")
        parts = label_parts(card, lang, face_down=face_down, stacked=state.stacked, state=state)
        self.show(
            "".join(parts),
            parts=parts,
            card=card,
            face_down=face_down,
            stacked=stacked,
            classes=frozenset(classes),
            state=state,
            lang=lang,
        )

    def show_vacant(self) -> None:
        """A place of the hand's grid past its last card: drawn as nothing, never focused
        (see :mod:`qm_tui.widgets.hand`)."""
        self._asked = ()
        self.can_focus = False
        if self.has_focus:
            self.blur()  # as when a hidden tile had the focus: on to the next
        self.show("", classes=frozenset({"-card", "-vacant"}))

    # ── drawing: one line, or a framed card, by the room the tile has ───────────────────────

    def on_resize(self) -> None:
        self._draw()

    def _draw(self) -> None:
        """Draw for the tile's present size; nothing when that gives what is already drawn."""
        framed = "-card" in self.classes and self.outer_size.height >= 3
        width, height = self.content_size.width, self.content_size.height
        if not framed:
            if not width and self._parts is not None and self.is_attached:
                # not laid out yet (a tile just mounted, or shown again at the size it had,
                # which no resize tells): its name is fitted once it is
                self.call_after_refresh(self._draw)
            # (the peers change whenever a new card comes to the board: most tiles' text not)
            line = self.line_text(width)
            if (False, line) != self._drawn:
                self._drawn = (False, line)
                self.border_title = self.border_subtitle = None
                self.update(Content(line), layout=False)  # (a tile's size never follows it)
            return
        shown = self._shown[:-1]  # (the peers matter to one line only)
        key = (True, shown, width, height)
        if key == self._drawn:
            return
        self._drawn = key
        title, lines, subtitle = self._frame(width, height)
        self.border_title = Content(title) if title else None
        self.border_subtitle = Content(subtitle) if subtitle else None
        self.update(Content("\n".join(lines)), layout=False)

    def line_text(self, width: int) -> str:
        """The tile's text on one line of ``width`` cells: a card's name shortened to the room
        its marks leave, told apart from the other cards on the board."""
        if self._parts is None or not width:
            return self._text
        marks, name, after = self._parts
        room = width - cell_len(marks) - cell_len(after)
        return marks + short_name(name, room, self.peers) + after

    def _frame(self, width: int, height: int) -> tuple[str, list[str], str]:
        """The frame's title (kind symbol and state marks), the name's lines, the bottom line
        (the states in words). A frame with no bottom edge (SHORT_OPPONENT_ROWS) puts a state's
        word on its top edge where it fits."""
        card, st, lang = self.card, self.state, self.lang
        if width < 4 or height < 1:  # not laid out yet
            return "", [], ""
        if card is None:
            if self.face_down:
                return (
                    MARK_FACE_DOWN,
                    ["#" * max(1, width)] * max(1, height),
                    tr("card.face_down", lang),
                )
            if "-vacant" in self.classes:  # a place past the hand's last card: no slot at all
                return "", [], ""
            return "", [EMPTY], ""  # the legend's mark for an empty slot, framed or not
        kind = card_kind(DEFS.get(card.card))
        symbol = KINDS[kind][0] if kind else ""
        words = st.words(lang)
        lines, fits = wrap_name(card_name(card.card, lang), width, max(1, height))
        room = width - 4  # what a title may take of the top edge, as Textual draws it
        marks = symbol + st.marks() + (f"+{st.stacked}" if st.stacked else "")
        if self.styles.border_bottom[0] in ("", "none", "hidden"):
            # no bottom edge: the states go on the top one, as marks and, room allowing, a word
            title = marks
            if words and cell_len(f"{marks} {words[0]}") <= room:
                title = f"{marks} {words[0]}"
            if not fits:  # the name needs one more line: its first words go on the frame
                head, rest = _name_head(
                    card_name(card.card, lang), max(2, room - cell_len(marks) - 1)
                )
                title = f"{marks} {head}"
                lines, _ = wrap_name(rest.strip(), width, height)
            return title, lines, ""
        title = f"{marks} {tr('card.kind.' + kind, lang)}" if kind else marks
        if not fits:  # a narrow card (100 columns): the name's first words on the top edge
            head, rest = _name_head(card_name(card.card, lang), max(2, room - cell_len(marks) - 1))
            title = f"{marks} {head}"
            lines, _ = wrap_name(rest.strip(), width, height)
        bottom = ""  # the states in words, as many as fit (the marks on top say them all)
        for word in words:
            if cell_len(f"{bottom} {word}".strip()) <= room:
                bottom = f"{bottom} {word}".strip()
        return title if cell_len(title) <= room else marks, lines, bottom

    def _host(self) -> TileHost | None:
        try:
            screen = self.screen
        except NoScreen:  # being removed
            return None
        return screen if isinstance(screen, TileHost) else None

    def on_focus(self) -> None:
        host = self._host()
        if host is not None:
            host.show_focused(self)

    def on_click(self) -> None:
        self.focus()
        self.post_message(self.Chosen(self))

    def action_choose(self) -> None:
        self.post_message(self.Chosen(self))

    def action_navigate(self, dx: int, dy: int) -> None:
        host = self._host()
        if host is not None:
            host.move_focus(self, dx, dy)


@runtime_checkable
class TileHost(Protocol):
    """The screen the tiles are on, called at once (not by message) for what must be answered
    within a frame."""

    def move_focus(self, tile: TableTile, dx: int, dy: int) -> None:
        """An arrow key on ``tile``: move the focus by ``dx``, ``dy``."""

    def show_focused(self, tile: TableTile) -> None:
        """The focus came to ``tile``: show that card's full text."""
