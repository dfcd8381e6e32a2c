"""A card's full text, for whatever has the focus: both names, type, tags and the text in the
player's language (the other language's text below it, dimmed)."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from qm_rules.describe import card_name, type_name
from qm_rules.model import CardView
from qm_tui.safe import clean
from qm_tui.widgets.tiles import DEFS


def detail_text(
    card_id: str | None,
    lang: str,
    *,
    tapped: bool = False,
    face_down: bool = False,
    stacked: tuple[CardView, ...] = (),
    hint: str = "",
    bilingual: bool = True,
) -> Text:
    """The full text of one card; ``hint`` when there is no card to show. ``bilingual`` adds
    the text in the other language (when the terminal has room for it)."""
    if card_id is None:
        return Text("\n".join(clean(line) for line in hint.split("\n")), style="dim")
    d = DEFS.get(card_id)
    if d is None:
        return Text(clean(card_id))  # not a card we know: a host sent it
    zh = lang == "zh"
    out = Text(f"{d.name.zh}  {d.name.en}", style="bold")
    marks = [type_name(d.type, lang)]
    if "burning" in d.tags:
        marks.append("燃烧" if zh else "Burning")
    if tapped:
        marks.append("横置" if zh else "tapped")
    if face_down:
        marks.append("盖放" if zh else "face-down")
    out.append("\n" + " | ".join(marks), style="italic")
    out.append("\n" + d.text(lang))
    if stacked:
        names = ", ".join(card_name(c.card, lang) for c in stacked)
        out.append(("\n叠放：" if zh else "\nStacked: ") + clean(names))
    if bilingual:
        out.append("\n" + d.text("en" if zh else "zh"), style="dim")
    return out


class CardDetail(Static):
    """A fixed height, so that moving the focus repaints it without a new layout."""

    DEFAULT_CSS = """
    CardDetail { height: 8; border-top: solid $secondary; padding: 0 1; }
    """

    def show(self, text: Text) -> None:
        self.update(text, layout=False)
