"""A card's full text, for whatever has the focus: its name, type, tags and text in the table's
language only (the other language's name and text below it, dimmed, when the player asks)."""

from __future__ import annotations

from rich.text import Text
from textual.css.scalar import Scalar
from textual.widget import Widget
from textual.widgets import Static

from qm_rules.model import CardView
from qm_rules.shown import DEFS
from qm_tui.i18n import tr
from qm_tui.safe import clean
from qm_tui.widgets.redraw import OneLayout
from qm_words import card_name, type_name
from qm_words.names import written


def pinned_text(card_id: str, lang: str, heading: str) -> Text:
    """The card a decision is about, for :meth:`CardDetail.pin`: a heading, the name and the
    text in the player's language."""
    d = DEFS.get(card_id)
    name = clean(card_id) if d is None else d.name(lang)
    # the heading and the name as one line of the language ("你在回应：驱邪", no space after
    # the full-width colon; "Answering: Amulet")
    out = Text(written(clean(heading) + " " + name, lang), style="bold reverse")
    if d is None:
        return out
    out.append("\n" + d.text(lang), style="bold")
    return out


def detail_text(
    card_id: str | None,
    lang: str,
    *,
    tapped: bool = False,
    face_down: bool = False,
    negated: bool = False,
    stacked: tuple[CardView, ...] = (),
    hint: str = "",
    other: bool = False,
    note: str = "",
    compact: bool = False,
) -> Text:
    """The full text of one card; ``hint`` when there is no card to show. ``other`` adds its
    name and text in the other language (the card panel's key); ``note``, a line about the
    card now (why it cannot be played, what declaring it would do), goes first. ``compact``:
    its type and states on its name's line and the note last, for a panel short of rows."""
    if card_id is None:
        return Text("\n".join(clean(line) for line in hint.split("\n")), style="dim")
    d = DEFS.get(card_id)
    if d is None:
        return Text(clean(card_id))  # not a card we know: a host sent it
    out = Text(d.name(lang), style="bold")
    if note and not compact:
        out.append("\n" + clean(note), style=NOTE)
    marks = [type_name(d.type, lang), *(tr(f"tag.{tag}", lang) for tag in sorted(d.tags))]
    if tapped:
        marks.append(tr("card.tapped", lang))
    if face_down:
        marks.append(tr("card.face_down", lang))
    if negated:
        marks.append(tr("detail.negated", lang))
    out.append((" · " if compact else "\n") + " | ".join(marks), style="italic")
    out.append("\n" + d.text(lang))
    if stacked:
        names = ", ".join(card_name(c.card, lang) for c in stacked)
        out.append("\n" + tr("detail.stacked", lang, cards=clean(names)))
    if note and compact:  # after the text: where rows run out it goes (:func:`without_note`)
        out.append("\n" + clean(note), style=NOTE)
    if other:
        them = "en" if lang == "zh" else "zh"
        out.append(f"\n{d.name(them)}  {d.text(them)}", style=OTHER_LANGUAGE)
    return out


#: The style of the line about a card now (why it cannot be played...).
NOTE = "bold italic"


def without_note(text: Text) -> Text:
    """A compact :func:`detail_text` without its note, if the note ends it (the other
    language's text, when shown, comes after it: then it stays)."""
    plain = text.plain
    for span in text.spans:
        if span.style == NOTE and span.end == len(plain) and span.start > 0:
            if plain[span.start] == "\n":
                return text.divide([span.start])[0]
    return text


#: The style of a card's text in the other language (:func:`one_language` finds it by it).
OTHER_LANGUAGE = "dim"


def one_language(text: Text) -> Text:
    """A card's :func:`detail_text` without its text in the other language, if it has one."""
    plain = text.plain
    for span in text.spans:
        if span.style == OTHER_LANGUAGE and span.end == len(plain) and span.start > 0:
            if plain[span.start] == "\n":  # (appended with the line break before it)
                return text.divide([span.start])[0]
    return text


class CardDetail(OneLayout, Static):
    """A card's full text: the focused card's, and above it the card pinned there.

    A card can be pinned above the focused one: the card a pending response answers, or the
    card resolving, stays readable while the player looks at their own cards.

    Its height is the stylesheet's while the text fits; a longer text takes more rows, from
    the log under it, as many as the side column has below the chain (:meth:`fit`). Where even
    those are too few, the pinned card is cut to its heading (the chain names it too), then the
    focused card is drawn compact (:func:`detail_text`'s ``compact``: no border, no padding,
    its type on its name's line), so that its full name and text always show. A change of
    height is a layout; a focus moved between cards that fit is a repaint only."""

    DEFAULT_CSS = """
    CardDetail { height: 8; border-top: solid $secondary; padding: 0 1; }
    CardDetail.-compact { border-top: none; padding: 0; }
    """

    _pinned: Text | None = None
    _focused: Text | None = None
    _compact: Text | None = None
    _drawn: tuple[object, ...] = ()

    def show(self, text: Text, compact: Text | None = None) -> None:
        """Show ``text`` for the focused card; ``compact``: the same in fewer rows, where the
        panel is short of them."""
        self._focused = text
        self._compact = compact
        self.fit()

    def pin(self, text: Text | None) -> None:
        """Keep ``text`` above the focused card's (None: nothing pinned)."""
        if text == self._pinned:
            return
        self._pinned = text
        self.fit()

    def _room(self) -> int:
        """The most rows the panel may take: the side column's, less the chain's and the rows
        above it (the log under it gives up its rows)."""
        parent = self.parent
        if not isinstance(parent, Widget) or not parent.size.height:
            return 0
        above = 0
        for sibling in parent.children:
            if sibling is self:
                break
            if sibling.display:
                above += sibling.outer_size.height
        return parent.size.height - above

    def _choices(self) -> list[tuple[Text, bool]]:
        """What the panel may show, most first: (text, compact). The pinned card whole, then
        its heading only (what a second Enter does stays whole: it has one line), then the
        focused card compact under that heading, then alone."""
        focused, pinned = self._focused, self._pinned
        if focused is None:
            return [(pinned or Text(""), False)]
        if pinned is None:
            out = [(focused, False)]
            if self._compact is not None:
                out.append((self._compact, True))
                bare = without_note(self._compact)
                if bare is not self._compact:
                    out.append((bare, True))
            return out
        one = one_language(focused)  # the box is shared: no room for the other text
        if one.plain == pinned.plain.split("\n", 1)[-1]:
            return [(pinned, False)]  # the same card: once is enough
        head = pinned.divide([len(pinned.plain.split("\n", 1)[0])])[0]
        out = [(Text("\n").join([pinned, one]), False), (Text("\n").join([head, one]), False)]
        if self._compact is not None:
            compact = one_language(self._compact)
            bare = without_note(compact)
            out += [(Text("\n").join([head, compact]), True), (compact, True)]
            if bare is not compact:
                out.append((bare, True))
        return out

    def _rows(self, text: Text, compact: bool) -> int:
        """The rows ``text`` takes with the panel's border (none when ``compact``)."""
        width = self.size.width - (0 if compact else 2)  # (its padding)
        if width <= 0:
            return 0
        lines = len(text.wrap(self.app.console, width))
        return lines + (0 if compact else 1)

    def fit(self) -> None:
        """Draw the most of :meth:`_choices` that fits the room, at the height it needs (the
        stylesheet's at least)."""
        choices = self._choices()
        if not self.is_mounted or not self.size.width:
            self._put(*choices[0], None)
            return
        room = self._room() or self.outer_size.height
        base = self.styles.base.height
        least = int(base.value) if base is not None and base.is_cells else 8
        text, compact = choices[-1]
        need = self._rows(text, compact)
        for t, c in choices:
            rows = self._rows(t, c)
            if rows <= room:
                text, compact, need = t, c, rows
                break
        self._put(text, compact, max(least, min(need, room)) if need > least else None)

    def _put(self, text: Text, compact: bool, height: int | None) -> None:
        """Draw ``text``, ``compact`` or not, at ``height`` rows (None: the stylesheet's)."""
        key = (text.plain, tuple(text.spans), compact, height)
        if key == self._drawn:
            return
        self._drawn = key
        self.set_class(compact, "-compact")
        inline = self.styles.inline
        if height is None:
            if inline.has_rule("height"):
                inline.clear_rule("height")
                self.refresh(layout=True)
        elif not inline.has_rule("height") or self.styles.height != Scalar.from_number(height):
            self.styles.height = height
        self.update(text, layout=False)

    def on_resize(self) -> None:
        self.fit()
