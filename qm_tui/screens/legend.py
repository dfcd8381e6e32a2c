"""The legend: what the cards' colours, symbols and marks mean (``k`` at the table)."""

from __future__ import annotations

from qm_tui.i18n import tr
from qm_tui.widgets.modals import ListModal
from qm_tui.widgets.tiles import (
    EMPTY,
    KINDS,
    MARK_FACE_DOWN,
    MARK_NEGATED,
    MARK_TAPPED,
    MARK_TARGETED,
)


def legend_lines(lang: str) -> list[str]:
    """The legend as lines: each kind of card (symbol, name, colour), then each state's mark."""
    lines = [
        tr(
            "legend.kind",
            lang,
            symbol=symbol,
            name=tr(f"legend.kind.{kind}", lang),
            colour=tr(f"legend.colour.{kind}", lang),
        )
        for kind, (symbol, _css) in KINDS.items()
    ]
    lines += ["", tr("legend.marks", lang)]
    marks = {
        "face_down": MARK_FACE_DOWN,
        "tapped": MARK_TAPPED,
        "negated": MARK_NEGATED,
        "targeted": MARK_TARGETED,
    }
    lines += [tr(f"legend.mark.{name}", lang, mark=mark) for name, mark in marks.items()]
    lines += [tr("legend.mark.stacked", lang), tr("legend.mark.empty", lang).replace("--", EMPTY)]
    return lines


class LegendScreen(ListModal):
    """The legend, read from the top."""

    def __init__(self, lang: str) -> None:
        super().__init__(tr("legend.title", lang), legend_lines(lang))

    def on_mount(self) -> None:
        self.query_one("#list-body").focus()
