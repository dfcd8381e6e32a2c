"""A card's full text, for whatever has the focus: its name, type, tags and text in the table's
language only (the other language's name and text below it, dimmed, when the player asks)."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from qm_rules.model import CardView
from qm_rules.shown import DEFS
from qm_tui.i18n import tr
from qm_tui.safe import clean
from qm_tui.widgets.redraw import OneLayout
from qm_words import card_name, type_name


def pinned_text(card_id: str, lang: str, heading: str) -> Text:
    """The card a decision is about, for :meth:`CardDetail.pin`: a heading, the name and the
    text in the player's language."""
    d = DEFS.get(card_id)
    out = Text(clean(heading) + " ", style="bold reverse")
    if d is None:
        return out + Text(clean(card_id))
    out.append(d.name(lang), style="bold reverse")
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
) -> Text:
    """The full text of one card; ``hint`` when there is no card to show. ``other`` adds its
    name and text in the other language (the card panel's key); ``note``, a line about the
    card now (why it cannot be played, what declaring it would do), goes first."""
    if card_id is None:
        return Text("\n".join(clean(line) for line in hint.split("\n")), style="dim")
    d = DEFS.get(card_id)
    if d is None:
        return Text(clean(card_id))  # not a card we know: a host sent it
    out = Text(d.name(lang), style="bold")
    if note:
        out.append("\n" + clean(note), style="bold italic")
    marks = [type_name(d.type, lang), *(tr(f"tag.{tag}", lang) for tag in sorted(d.tags))]
    if tapped:
        marks.append(tr("card.tapped", lang))
    if face_down:
        marks.append(tr("card.face_down", lang))
    if negated:
        marks.append(tr("detail.negated", lang))
    out.append("\n" + " | ".join(marks), style="italic")
    out.append("\n" + d.text(lang))
    if stacked:
        names = ", ".join(card_name(c.card, lang) for c in stacked)
        out.append("\n" + tr("detail.stacked", lang, cards=clean(names)))
    if other:
        them = "en" if lang == "zh" else "zh"
        out.append(f"\n{d.name(them)}  {d.text(them)}", style=OTHER_LANGUAGE)
    return out


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
    """A fixed height, so that moving the focus repaints it without a new layout.

    A card can be pinned above the focused one: the card a pending response answers, or the
    card resolving, stays readable while the player looks at their own cards."""

    DEFAULT_CSS = """
    CardDetail { height: 8; border-top: solid $secondary; padding: 0 1; }
    """

    _pinned: Text | None = None
    _focused: Text | None = None

    def show(self, text: Text) -> None:
        self._focused = text
        self._draw()

    def pin(self, text: Text | None) -> None:
        """Keep ``text`` above the focused card's (None: nothing pinned)."""
        if text == self._pinned:
            return
        self._pinned = text
        self._draw()

    def _draw(self) -> None:
        focused = self._focused
        if self._pinned is not None and focused is not None:
            focused = one_language(focused)  # the box is shared: no room for the other text
        parts = [t for t in (self._pinned, focused) if t is not None]
        if self._pinned is not None and focused is not None:
            if focused.plain == self._pinned.plain.split("\n", 1)[-1]:
                parts = [self._pinned]  # the same card: once is enough
        self.update(Text("\n").join(parts) if parts else Text(""), layout=False)
