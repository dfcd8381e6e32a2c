"""The chain stack: every link (player, card, mode, targets), newest on top, as it builds and
unwinds — the link a step is about highlighted, each resolved link with what it did."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich.text import Text
from textual.visual import visualize
from textual.widgets import Static

from qm_rules.model import Event, LinkView, View
from qm_tui.i18n import tr
from qm_tui.playback import ChainFrame, LinkState
from qm_tui.safe import clean
from qm_tui.widgets.redraw import OneLayout, redraw, rules
from qm_words import describe, describe_link
from qm_words.logorder import NAMES_A_LINK, name_link

#: The mark before a link, by state.
MARKS = {"waiting": " ", "resolving": "▶", "resolved": "✓", "negated": "✗"}


def outcome(
    ls: LinkState,
    lang: str,
    names: Sequence[str],
    cards: Mapping[int, str] | None = None,
    links: Mapping[int, LinkView] | None = None,
) -> str:
    """What a link did, in words: "negated", "resolved: Bob draws 2 cards", "resolving...";
    a link it names by number (a negate) by its card and owner too, from ``links``."""
    if ls.state == "negated":
        return tr("chain.negated", lang)
    if ls.state == "resolving":
        return tr("chain.resolving", lang)
    if ls.state != "resolved":
        return ""
    effects = [_naming(e, links or {}) for e in ls.effects]
    did = [t for t in (describe(e, lang, names, cards) for e in effects) if t]
    if did:
        return tr("chain.resolved_did", lang, what="; ".join(did))
    return tr("chain.no_effect" if ls.failed else "chain.resolved", lang)


def _naming(e: Event, links: Mapping[int, LinkView]) -> Event:
    # (type: ignore: an event naming a link holds its index)
    link = links.get(e.data.get("link")) if e.kind in NAMES_A_LINK else None  # type: ignore[arg-type]
    return e if link is None else name_link(e, link.card.card, link.seat)


def chain_text(
    frame: ChainFrame,
    view: View,
    lang: str,
    title: str,
    cards: Mapping[int, str] | None = None,
) -> Text:
    """The chain as lines of text, newest first; under a link that resolved (or is resolving)
    its outcome. Names are data: built with ``Text``, no markup."""
    names = [s.name for s in view.seats]
    out = Text(title, style="bold")
    if not frame.links:  # (a tall screen keeps the box): say it is empty, not a bare title
        out.append("\n" + tr("table.chain.empty", lang), style="dim italic")
        return out
    links = {ls.link.index: ls.link for ls in frame.links}
    for ls in reversed(frame.links):
        link = ls.link
        current = frame.current == link.index
        line = Text(f"\n{MARKS.get(ls.state, ' ')}{link.index + 1}. ")
        if current:
            style = "reverse bold"
        elif ls.state == "negated" or link.negated:
            style = "strike dim"
        elif ls.state == "resolved":
            style = "dim"
        else:
            style = ""
        line.append(clean(describe_link(link, view, lang, ls.where())), style=style)
        said = outcome(ls, lang, names, cards, links)
        if said and not (ls.state == "negated" and link.negated):  # its line says "(negated)"
            colour = "red" if ls.state == "negated" else "green" if current else "dim"
            line.append("\n   " + clean(said), style=f"italic {colour}")
        out.append_text(line)
    return out


def frame_of(view: View) -> ChainFrame:
    """The chain of a view, with no playback behind it."""
    return ChainFrame(
        tuple(
            LinkState(link, "resolving" if view.resolving == link.index else "waiting")
            for link in view.chain
        ),
        view.resolving,
    )


class ChainStack(OneLayout, Static):
    """A line a link (and one for its outcome), newest on top.

    Without a chain the box is hidden, or, with ``reserve`` rows (a tall screen), shows its
    title over that many empty rows. While a chain lasts its box only grows, and takes at once
    the rows of the chain as the playback will draw it next (``ahead``). A box that came, went
    and changed height with every link and outcome moved the log and the card panel beside it
    each time: a new layout of the screen and a redraw of the side (at the table nearly every
    move is a chain of one link); with rows reserved, a chain of one link is none.
    """

    DEFAULT_CSS = """
    ChainStack { height: auto; max-height: 14; border-top: solid $warning; padding: 0 1; }
    """

    _shown: tuple[object, ...] = ()
    _rows = 0
    """The rows of text the box keeps (0: it follows its text)."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.reserve = 0
        """Rows kept for the chain when there is none (0: the box is hidden then)."""
        self._heights: dict[int, tuple[ChainFrame, int]] = {}
        """The height of each frame of this chain measured so far (by ``id``: a frame holds
        events' data, which cannot be hashed) ..."""
        self._measured_at: tuple[int, str] | None = None
        """... at this width and in this language."""
        self._width = 0
        """The width of its text when it was last shown (a hidden widget has none)."""

    def keep(self, rows: int) -> None:
        """Keep ``rows`` for the chain when there is none (0: hide the box then)."""
        if rows != self.reserve:
            self.reserve = rows
            self._shown = ()  # drawn again at the next show
            self._rows = 0

    def show(
        self,
        view: View,
        lang: str,
        title: str,
        frame: ChainFrame | None = None,
        cards: Mapping[int, str] | None = None,
        ahead: Sequence[ChainFrame] = (),
    ) -> None:
        """Draw ``frame`` (a step of the playback), or else the view's own chain; ``ahead``:
        the frames of this chain the playback has still to draw."""
        if frame is None:
            frame = frame_of(view)
        key = (frame, lang, tuple(s.name for s in view.seats), tuple(ahead))
        if key == self._shown:
            return
        # only a change of the chain redraws it; a new layout only when its box changes size
        self._shown = key
        if not frame.links:
            self._heights.clear()
            if not self.reserve:
                self.display = False
                if self._rows:
                    self._rows = 0
                    self.styles.height = None  # back to following the text
                return
        text = chain_text(frame, view, lang, title, cards)
        width = self.content_size.width or self._width  # hidden, it has no size: the last one
        if not self.is_mounted or not width:
            self.display = True
            redraw(self, text)  # not laid out yet: it follows its text
            return
        self.update(text, layout=False)
        heights = self._heights
        if self._measured_at != (width, lang):  # rows kept at another width mean nothing
            heights.clear()
            self._measured_at = (width, lang)
            self._rows = 0
        rows = max(self.reserve, self.visual.get_height(rules(self), width))
        if frame.links:
            rows = max(rows, self._rows)  # while the chain lasts, the box only grows
        for f in ahead:
            known = heights.get(id(f))
            if known is None or known[0] is not f:
                later = visualize(self, chain_text(f, view, lang, title, cards))
                known = heights[id(f)] = (f, later.get_height(rules(self), width))
            rows = max(rows, known[1])
        rows = min(rows, self.max_rows)
        if rows != self._rows or not self.display:
            self._rows = rows
            self.display = True
            self.styles.height = rows + self.styles.gutter.height

    def on_resize(self) -> None:
        """A new width: the rows kept were measured at the old one; fit the text shown."""
        width = self.content_size.width
        if width:
            self._width = width
        if not self._rows or self._measured_at is None or self._measured_at[0] == width:
            return
        self._heights.clear()
        self._measured_at = (width, self._measured_at[1])
        rows = max(self.reserve, self.visual.get_height(rules(self), width))
        self._rows = min(rows, self.max_rows)
        self.styles.height = self._rows + self.styles.gutter.height

    @property
    def max_rows(self) -> int:
        """The most lines of text the box shows (its ``max-height`` less its border)."""
        most = self.styles.max_height
        if most is None or not most.is_cells:
            return 1_000
        return max(1, int(most.value) - self.styles.gutter.height)
