"""The game log in words (and the chat, interleaved): the newest lines that fit.

The side pane shows the tail of the log; the whole log opens in a modal (``l``). Drawing only
the tail keeps a new line a repaint of this widget, where a scrolling log would change its
virtual size, and so the screen's layout, on every line.

A new line moves every line of the pane up by one, so the pane is drawn again each time; each
log line is wrapped and turned into strips once per width and kept (``render_line``), so a
redraw costs lookups, not the rendering of the whole pane (benchmarks/tui.py).
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.strip import Strip
from textual.visual import Visual, visualize
from textual.widget import Widget

from qm_tui.i18n import tr
from qm_tui.safe import clean
from qm_tui.widgets.redraw import OneLayout

#: How many wrapped lines (with their strips) are kept; far more than a pane shows.
CACHE_LINES = 1024


def chat_line(name: str, text: str, lang: str) -> str:
    """One line of chat, the same in the waiting room and at the table: "Ann: hi"."""
    return tr("chat.line", lang, name=clean(name), text=clean(text))


class GameLog(OneLayout, Widget):
    """The newest lines of the log, wrapped to the pane, oldest at the top. Lines are data
    (player and card names): kept and drawn as ``Text``, never parsed as markup."""

    DEFAULT_CSS = """
    GameLog { height: 1fr; border-top: solid $primary; padding: 0 1; background: $surface; }
    """

    def __init__(self, *, id: str | None = None, keep: int = 2000) -> None:
        super().__init__(id=id)
        self.lines_written: list[str] = []
        """Every line so far (the full log opens from it)."""
        self._chat: set[int] = set()  # indexes of chat lines, drawn in italics
        self.keep = keep
        self._version = 0  # counts changes of lines_written
        self._wrapped: dict[tuple[str, bool, int], list[Text]] = {}
        self._strips: dict[tuple[tuple[str, bool, int], int], list[Strip]] = {}
        self._shown: tuple[tuple[int, int, int], list[Strip]] | None = None

    def add_lines(self, lines: list[str]) -> None:
        self.lines_written.extend(clean(line) for line in lines)
        self._trim()
        self._changed()

    def set_lines(self, lines: list[str]) -> None:
        """The log is ``lines`` from now on (a replay's, told up to the step shown)."""
        new = [clean(line) for line in lines]
        if new == self.lines_written and not self._chat:
            return
        self.lines_written = new
        self._chat = set()
        self._trim()
        self._changed()

    def add_chat(self, name: str, text: str, lang: str | None = None) -> None:
        """A chat line, as the waiting room writes it (:func:`chat_line`); ``lang``: the
        app's unless given."""
        self._chat.add(len(self.lines_written))
        lang = lang or str(getattr(self.app, "lang", "en"))
        self.lines_written.append(chat_line(name, text, lang))
        self._trim()
        self._changed()

    def _changed(self) -> None:
        self._version += 1
        self.refresh()

    def _trim(self) -> None:
        extra = len(self.lines_written) - self.keep
        if extra > 0:
            del self.lines_written[:extra]
            self._chat = {i - extra for i in self._chat if i >= extra}

    def _key(self, i: int, width: int) -> tuple[str, bool, int]:
        return (self.lines_written[i], i in self._chat, width)

    def _wrap(self, key: tuple[str, bool, int]) -> list[Text]:
        """One log line wrapped to ``width``: its rows."""
        rows = self._wrapped.get(key)
        if rows is None:
            line, chat, width = key
            rows = list(Text(line, style="italic" if chat else "").wrap(self.app.console, width))
            if len(self._wrapped) >= CACHE_LINES:
                self._wrapped.clear()
            self._wrapped[key] = rows
        return rows

    def _tail(self, width: int, height: int) -> list[tuple[tuple[str, bool, int], int]]:
        """The newest lines that fit ``height`` rows: (line, rows of it shown from its end)."""
        out: list[tuple[tuple[str, bool, int], int]] = []
        used = 0
        i = len(self.lines_written) - 1
        while i >= 0 and used < height:
            key = self._key(i, width)
            n = min(len(self._wrap(key)), height - used)
            out.append((key, n))
            used += n
            i -= 1
        out.reverse()
        return out

    def render(self) -> Text:
        width = max(1, self.content_region.width)
        height = max(1, self.content_region.height)
        rows: list[Text] = []
        for key, n in self._tail(width, height):
            rows.extend(self._wrap(key)[-n:])
        return Text("\n").join(rows)

    def notify_style_update(self) -> None:
        self._strips.clear()  # the colours changed (theme, classes)
        self._shown = None
        super().notify_style_update()

    def render_line(self, y: int) -> Strip:
        """Row ``y`` of the pane: what :meth:`render` gives, drawn one log line at a time and
        kept, so an unchanged line is not drawn again."""
        if self.text_selection is not None:  # a selection spans lines: draw the whole
            return super().render_line(y)
        width = max(1, self.content_region.width)
        height = max(1, self.content_region.height)
        at = (self._version, width, height)
        if self._shown is None or self._shown[0] != at:
            strips: list[Strip] = []
            base = 0  # the row of the whole text where this line starts
            for key, n in self._tail(width, height):
                strips.extend(at_row(strip, base) for strip in self._line_strips(key, n))
                base += n
            if not self.lines_written:  # drawn as the whole (empty) text is: one empty row
                visual = visualize(self, Text(""), markup=self._render_markup)
                strips = Visual.to_strips(self, visual, width, height, self.visual_style)
            self._shown = (at, strips[:height])
        try:
            return self._shown[1][y]
        except IndexError:
            return Strip.blank(self.size.width, self.visual_style.rich_style)

    def _line_strips(self, key: tuple[str, bool, int], n: int) -> list[Strip]:
        """The last ``n`` rows of a log line, drawn as the whole pane would draw them."""
        strips = self._strips.get((key, n))
        if strips is None:
            rows = self._wrap(key)[-n:]
            visual = visualize(self, Text("\n").join(rows), markup=self._render_markup)
            strips = Visual.to_strips(self, visual, key[2], None, self.visual_style)
            if len(self._strips) >= CACHE_LINES:
                self._strips.clear()
            self._strips[(key, n)] = strips
        return strips


def at_row(strip: Strip, base: int) -> Strip:
    """``strip`` of a line drawn alone, as part of the whole text, whose row ``base`` that line
    starts: the text offsets that a mouse selection reads (Textual's ``offset`` meta) moved down
    by ``base`` rows, as drawing the whole pane at once gives them."""
    if not base:
        return strip
    segments = []
    changed = False
    for text, style, control in strip:
        meta = style.meta if style is not None and style._meta else None
        offset = meta.get("offset") if meta else None
        if style is not None and offset is not None:
            style = style + Style.from_meta({"offset": (offset[0], offset[1] + base)})
            changed = True
        segments.append(Segment(text, style, control))
    return Strip(segments, strip.cell_length) if changed else strip
