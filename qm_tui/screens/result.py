"""The result: who won, with which ancestor, how, and every hand revealed; rematch or leave.

The screen is dismissed with ``"rematch"`` or ``"leave"``; the table screen that pushed it
decides what that means for its session (see :meth:`TableScreen.show_result`).
"""

from __future__ import annotations

from pathlib import Path

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Label, Static

from qm_rules.cards import CARDS
from qm_rules.describe import card_name
from qm_rules.model import Result, View
from qm_tui.bindings import localize_bindings
from qm_tui.i18n import tr
from qm_tui.safe import clean


def hands_table(result: Result, view: View, lang: str) -> Table:
    """Every seat's revealed hand and its field (face-down cards marked #, stacked after +)."""
    table = Table(box=None, padding=(0, 1), expand=True, show_edge=False)
    table.add_column(tr("result.col.player", lang), no_wrap=True, style="bold")
    table.add_column(tr("result.col.hand", lang), ratio=1)
    table.add_column(tr("result.col.field", lang), ratio=1)
    for sv in view.seats:
        name = Text(clean(sv.name), style="reverse" if sv.seat == result.winner else "")
        if sv.conceded:
            name.append(" " + tr("table.conceded", lang), style="dim")
        hand = ", ".join(card_name(c.card, lang) for c in sv.hand or ())
        field = ", ".join(
            ("#" if s.face_down else "") + card_name(s.card.card, lang)
            for s in sv.slots
            if s.card is not None
        )
        if sv.stacked:
            field += " + " + ", ".join(card_name(c.card, lang) for c in sv.stacked)
        table.add_row(name, Text(clean(hand)), Text(clean(field)))
    return table


def headline(result: Result, view: View, lang: str) -> str:
    if result.winner is None:
        return tr("result.draw", lang)
    return tr("result.winner", lang, name=clean(view.seats[result.winner].name))


class ResultScreen(Screen[str]):
    """The end of a game, for everyone at the table."""

    CSS_PATH = Path(__file__).with_name("result.tcss")  # absolute: subclasses elsewhere find it
    BINDINGS = [
        Binding("r", "rematch", "Rematch", id="result.rematch"),
        Binding("q,escape", "leave", "Leave", id="result.leave"),
    ]

    def __init__(self, result: Result, view: View, lang: str) -> None:
        super().__init__()
        self.result = result
        self.view = view
        self.lang = lang

    def compose(self) -> ComposeResult:
        lang = self.lang
        r = self.result
        with VerticalScroll(id="result"):
            yield Label(tr("result.title", lang), id="result-title")
            line = Text(headline(r, self.view, lang), style="bold")
            line.append("  " + clean(tr(f"result.reason.{r.reason}", lang)), style="")
            line.append(
                "  |  " + tr("result.stats", lang, rounds=r.rounds, turns=r.turns), style="dim"
            )
            yield Static(line, id="result-winner")
            if r.ancestor:
                d = CARDS.by_id.get(r.ancestor)
                anc = Text(
                    clean(tr("result.ancestor", lang, name=card_name(r.ancestor, lang))),
                    style="bold",
                )
                if d is not None:
                    anc.append("  " + d.text(lang), style="")
                yield Static(anc, id="result-ancestor")
            yield Label(tr("result.hands", lang), id="result-hands-title")
            yield Static(hands_table(r, self.view, lang), id="result-hands")
            journal = getattr(self.app, "journal_path", None)  # a table hosted here keeps one
            if journal:
                yield Static(
                    Text(clean(tr("seats.journal_saved", lang, path=journal)), style="dim"),
                    id="result-journal",
                )
        with Horizontal(id="result-buttons"):
            yield Button(tr("result.rematch", lang), id="rematch", variant="success", compact=True)
            yield Button(tr("result.leave", lang), id="leave", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        localize_bindings(self, self.lang)
        self.query_one("#rematch", Button).focus()

    def relocalize(self) -> None:
        """The app's language changed: build the screen again in it."""
        self.lang = str(getattr(self.app, "lang", self.lang))
        localize_bindings(self, self.lang)
        self.refresh(recompose=True)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss("rematch" if event.button.id == "rematch" else "leave")

    def action_rematch(self) -> None:
        self.dismiss("rematch")

    def action_leave(self) -> None:
        self.dismiss("leave")
