"""The result: who won, with which ancestor, how, and every hand revealed; rematch or leave.

The screen is dismissed with ``"rematch"`` or ``"leave"``; the table screen that pushed it
decides what that means for its session (see :meth:`TableScreen.show_result`).
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, DataTable, Footer, Label, Static

from qm_rules.cards import CARDS
from qm_rules.describe import card_name
from qm_rules.model import Result, View
from qm_tui.bindings import localize_bindings
from qm_tui.i18n import tr


def headline(result: Result, view: View, lang: str) -> str:
    if result.winner is None:
        return tr("result.draw", lang)
    return tr("result.winner", lang, name=view.seats[result.winner].name)


class ResultScreen(Screen[str]):
    """The end of a game, for everyone at the table."""

    CSS_PATH = "result.tcss"
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
        with Vertical(id="result"):
            yield Label(tr("result.title", lang), id="result-title")
            yield Static(Text(headline(r, self.view, lang), style="bold"), id="result-winner")
            yield Static(Text(tr(f"result.reason.{r.reason}", lang)), id="result-reason")
            if r.ancestor:
                d = CARDS.by_id.get(r.ancestor)
                anc = Text(
                    tr("result.ancestor", lang, name=card_name(r.ancestor, lang)), style="bold"
                )
                if d is not None:
                    anc.append("\n" + d.text(lang), style="")
                yield Static(anc, id="result-ancestor")
            yield Static(
                Text(tr("result.stats", lang, rounds=r.rounds, turns=r.turns)), id="result-stats"
            )
            yield Label(tr("result.hands", lang), id="result-hands-title")
            yield DataTable(id="result-hands", cursor_type="row", zebra_stripes=True)
            with Horizontal(id="result-buttons"):
                yield Button(tr("result.rematch", lang), id="rematch", variant="success")
                yield Button(tr("result.leave", lang), id="leave")
        yield Footer()

    def on_mount(self) -> None:
        localize_bindings(self, self.lang)
        lang = self.lang
        table: DataTable[Text] = self.query_one("#result-hands", DataTable)
        table.add_columns(
            tr("result.col.player", lang), tr("result.col.hand", lang), tr("result.col.field", lang)
        )
        for sv in self.view.seats:
            name = Text(sv.name, style="bold" if sv.seat == self.result.winner else "")
            hand = ", ".join(card_name(c.card, lang) for c in sv.hand or ())
            field = ", ".join(
                card_name(s.card.card, lang) + ("(#)" if s.face_down else "")
                for s in sv.slots
                if s.card is not None
            )
            if sv.stacked:
                field += " + " + ", ".join(card_name(c.card, lang) for c in sv.stacked)
            table.add_row(name, Text(hand), Text(field))
        self.query_one("#rematch", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss("rematch" if event.button.id == "rematch" else "leave")

    def action_rematch(self) -> None:
        self.dismiss("rematch")

    def action_leave(self) -> None:
        self.dismiss("leave")
