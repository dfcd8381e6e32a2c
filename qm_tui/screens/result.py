"""The result, over the final table: who won, with which ancestor and its condition, whether
the deal checked out and where the game is saved (short lines first, on the first screen), every
hand revealed, what each player did, the last lines of the log; rematch or leave. The box's foot
says when there is more below.

A modal: the final table stays visible behind it. It is dismissed with ``"rematch"``,
``"leave"`` or None (back to the table, which can open it again); the table screen that pushed
it decides what that means for its session (see :meth:`TableScreen.show_result`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from rich.cells import cell_len
from rich.table import Table
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.geometry import Size
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Static

from qm_rules.cards import CardType
from qm_rules.model import Result, SeatView, View
from qm_rules.shown import DEFS
from qm_tui.bindings import localize_bindings
from qm_tui.i18n import tr
from qm_tui.safe import clean
from qm_tui.seat_words import SeatLike, bot_words
from qm_tui.stats import GameStats
from qm_words import card_name, listed


def hands_table(
    result: Result, view: View, lang: str, seats: Mapping[int, SeatLike] | None = None
) -> Table:
    """Every seat's revealed hand and its field (face-down cards marked #, stacked after +);
    beside a name, the bot that plays the seat and its level (``seats``: what the host told)."""
    table = Table(box=None, padding=(0, 1), expand=True, show_edge=False)
    table.add_column(tr("result.col.player", lang), no_wrap=True, style="bold")
    table.add_column(tr("result.col.hand", lang), ratio=1)
    table.add_column(tr("result.col.field", lang), ratio=1)
    for sv in view.seats:
        name = Text(clean(sv.name), style="reverse" if sv.seat == result.winner else "")
        if sv.conceded:
            name.append(" " + tr("table.conceded", lang), style="dim")
        elif words := bot_words((seats or {}).get(sv.seat), lang):
            name.append(" " + words, style="dim")
        hand = listed(lang, (card_name(c.card, lang) for c in sv.hand or ()))
        table.add_row(name, Text(clean(hand)), Text(clean(field_words(sv, lang))))
    return table


def field_words(sv: SeatView, lang: str) -> str:
    """A seat's field in words: its cards in slot order (face-down ones marked #), the offerings
    stacked under its ancestor right after the ancestor (or last, if it has left the field)."""
    stacked = listed(lang, (card_name(c.card, lang) for c in sv.stacked))
    words, placed = [], False
    for s in sv.slots:
        if s.card is None:
            continue
        word = ("#" if s.face_down else "") + card_name(s.card.card, lang)
        d = DEFS.get(s.card.card)
        if stacked and not placed and d is not None and d.type is CardType.ANCESTOR:
            word, placed = tr("result.stacked", lang, ancestor=word, cards=stacked), True
        words.append(word)
    if stacked and not placed:
        words.append(tr("result.stacked_alone", lang, cards=stacked))
    return listed(lang, words)


def stats_table(stats: GameStats, view: View, lang: str) -> Table:
    """Per player: cards played, responses, turns."""
    table = Table(box=None, padding=(0, 2), show_edge=False)
    table.add_column(tr("result.col.player", lang), no_wrap=True, style="bold")
    for key in ("played", "responses", "turns"):
        table.add_column(tr(f"result.col.{key}", lang), justify="right")
    for sv in view.seats:
        s = stats.seat(sv.seat)
        table.add_row(Text(clean(sv.name)), str(s.played), str(s.responses), str(s.turns))
    return table


def short_path(path: str) -> str:
    """``path`` with the home folder as ``~`` (shorter: it fits a line at 80 columns)."""
    home = str(Path.home())
    return (
        "~" + path[len(home) :] if home not in ("", "/") and path.startswith(home + "/") else path
    )


def path_lines(path: str, width: int) -> list[str]:
    """``path`` in lines of ``width`` cells at most, broken only after a ``/``: never inside a
    folder's or a file's name (a name longer than the line has a line of its own)."""
    lines = [""]
    for part in re.split(r"(?<=/)", path):
        if lines[-1] and cell_len(lines[-1] + part) > width:
            lines.append(part)
        else:
            lines[-1] += part
    return lines


class KeptLine(Static):
    """Where the game is kept, in one line of words and the path below it (the journal of a
    table hosted here, else this client's record): the path broken only between names."""

    DEFAULT_CSS = "KeptLine { height: auto; }"

    def __init__(self, words: str, path: str, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.words = words
        self.path = path

    @classmethod
    def of(cls, journal: str | None, record: str | None, lang: str) -> KeptLine | None:
        if journal:
            return cls(tr("result.kept.journal", lang), journal, id="result-kept")
        if record:
            return cls(tr("result.kept.record", lang), record, id="result-kept")
        return None

    def render(self) -> Text:
        width = max(10, self.content_size.width or 80)
        out = Text(clean(self.words), style="dim")
        for line in path_lines(clean(short_path(self.path)), width):
            out.append("\n" + line, style="bold")
        return out

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return 1 + len(path_lines(clean(short_path(self.path)), max(10, width)))


def headline(result: Result, view: View, lang: str) -> str:
    if result.winner is None:
        return tr("result.draw", lang)
    return tr("result.winner", lang, name=clean(view.seats[result.winner].name))


class Contents(VerticalScroll):
    """The result's scrolled contents: scrolled, resized or grown, it has its screen say
    whether there is more below."""

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self._tell()

    def on_resize(self) -> None:  # its size or its contents' size changed
        self._tell()

    def _tell(self) -> None:
        screen = self.screen
        if isinstance(screen, ResultScreen):
            screen.show_more()
            # and once the layout has settled: a change of size may move the scroll position
            # without a message (clamped in place), which would leave the words stale
            self.call_after_refresh(screen.show_more)


class ResultScreen(ModalScreen[str | None]):
    """The end of a game, for everyone at the table, over the final table."""

    CSS_PATH = Path(__file__).with_name("result.tcss")  # absolute: subclasses elsewhere find it
    BINDINGS = [
        Binding("r", "rematch", "Rematch", id="result.rematch"),
        Binding("q", "leave", "Leave", id="result.leave"),
        Binding("escape,t", "table", "Table", id="result.table"),
        # the page keys scroll the result whatever has the focus (a button, at first)
        Binding("pagedown", "scroll('scroll_page_down')", show=False),
        Binding("pageup", "scroll('scroll_page_up')", show=False),
        Binding("end", "scroll('scroll_end')", show=False),
        Binding("home", "scroll('scroll_home')", show=False),
    ]

    def __init__(
        self,
        result: Result,
        view: View,
        lang: str,
        *,
        stats: GameStats | None = None,
        log: Sequence[str] = (),
        fair: Any = None,
        record_path: str | None = None,
        seats: Mapping[int, SeatLike] | None = None,
        closed: bool = False,
        takebacks: int | None = None,
    ) -> None:
        super().__init__()
        self.takebacks = takebacks
        """How many decisions were taken back (None: the table takes none back: not said)."""
        self.closed = closed
        """The table has closed after this game (its last): no rematch to ask for."""
        self.result = result
        self.view = view
        self.lang = lang
        self.stats = stats
        """What each player did (None: not counted)."""
        self.log_lines = tuple(log)
        """The last lines of the game's log."""
        self.fair = fair
        """This client's record of the fair deal (``qm_net.fairdeal.ClientRecord``), or None."""
        self.record_path = record_path
        self.seats = seats
        """What the host last told of each seat (who plays it: a bot's level), or None."""
        self.verdict: Any = None
        """The check's verdict once made (``qm_net.fairdeal.Verdict``)."""

    def compose(self) -> ComposeResult:
        lang = self.lang
        r = self.result
        with Vertical(id="result-box"):
            with Contents(id="result"):
                yield Label(tr("result.title", lang), id="result-title")
                line = Text(headline(r, self.view, lang), style="bold")
                line.append("  " + clean(tr(f"result.reason.{r.reason}", lang)), style="")
                line.append(
                    "  |  " + tr("result.stats", lang, rounds=r.rounds, turns=r.turns), style="dim"
                )
                yield Static(line, id="result-winner")
                if r.ancestor:
                    d = DEFS.get(r.ancestor)
                    anc = Text(
                        clean(tr("result.ancestor", lang, name=card_name(r.ancestor, lang))),
                        style="bold",
                    )
                    if d is not None:
                        anc.append("  " + d.text(lang), style="")
                    yield Static(anc, id="result-ancestor")
                # the short lines first: the deal's verdict and where the game is saved show
                # when the result opens, before the long lists (hands, stats, the last moves)
                closed = Static(self._closed_line(), id="result-closed")
                closed.display = self.closed  # no room taken while a rematch may follow
                yield closed
                yield Static(self._fair_line(), id="result-fair")
                if self.takebacks is not None:
                    said = tr("result.takebacks", lang, n=self.takebacks)
                    yield Static(said, id="result-takebacks", markup=False)
                # where the game is kept, once: a table hosted here keeps a journal (the
                # whole game), else this client keeps its record of the fair deal
                journal = getattr(self.app, "journal_path", None)
                kept = KeptLine.of(journal, self.record_path, lang)
                if kept is not None:
                    yield kept
                yield Label(tr("result.hands", lang), id="result-hands-title")
                yield Static(hands_table(r, self.view, lang, self.seats), id="result-hands")
                if self.stats is not None:
                    title = tr("result.stats_title", lang)
                    first = self.stats.first_turn
                    if first is not None and first > 1:
                        title += "  " + tr("result.stats_from", lang, turn=first)
                    yield Label(title, id="result-stats-title")
                    yield Static(stats_table(self.stats, self.view, lang), id="result-stats")
                if self.log_lines:
                    yield Label(tr("result.log", lang), id="result-log-title")
                    lines = "\n".join(clean(line) for line in self.log_lines)
                    yield Static(Text(lines, style="dim"), id="result-log")
            with Horizontal(id="result-buttons"):
                yield Button(
                    tr("result.rematch", lang),
                    id="rematch",
                    variant="success",
                    compact=True,
                    disabled=self.closed,
                )
                yield Button(tr("result.leave", lang), id="leave", compact=True)
                yield Button(tr("result.table", lang), id="table", compact=True)

    def on_mount(self) -> None:
        localize_bindings(self, self.lang)
        self.query_one("#leave" if self.closed else "#rematch", Button).focus()
        if self.fair is not None and self.verdict is None:
            self._check_deal()

    def show_more(self) -> None:
        """Say there is more below while the contents go on under the box's foot (the
        scrollbar alone was missed); nothing once the end is in view."""
        if not self.is_attached:
            return
        box = self.query_one("#result", VerticalScroll)
        more = box.max_scroll_y > 0 and box.scroll_y < box.max_scroll_y
        # on the box's foot, right (its border): it takes no room from the buttons
        self.query_one("#result-box").border_subtitle = tr("result.more", self.lang) if more else ""

    def _closed_line(self) -> Text:
        """That the table has closed (shown once it has: no rematch)."""
        return Text(tr("result.closed", self.lang), style="bold")

    def table_closed(self) -> None:
        """The table closed while this is open: say so, and the rematch is gone."""
        self.closed = True
        if not self.is_attached:
            return
        self.query_one("#result-closed", Static).display = True
        rematch = self.query_one("#rematch", Button)
        if rematch.has_focus:
            self.query_one("#leave", Button).focus()
        rematch.disabled = True
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return not (action == "rematch" and self.closed)

    def _fair_line(self) -> Text:
        """The fair deal's verdict in words: checking, verified, or the step that failed."""
        lang = self.lang
        if self.fair is None:
            return Text(tr("fair.none", lang), style="dim")
        verdict = self.verdict
        if verdict is None:
            return Text(tr("fair.checking", lang), style="dim")
        failed = verdict.failed
        if failed is None:  # from the player's return on only, when that is all it had
            key = "fair.verified"
            if verdict.partial:
                key = (
                    "fair.verified.watching" if self.fair.seat is None else "fair.verified.partial"
                )
            return Text(tr(key, lang), style="bold green")
        step = tr(f"fair.step.{failed.name}", lang)
        line = Text(clean(tr("fair.failed", lang, step=step)), style="bold red")
        line.append("\n" + clean(failed.detail), style="dim")  # the check's own words
        return line

    @work(thread=True, exclusive=True, group="fair-deal")
    def _check_deal(self) -> None:
        """Replay the game to check the deal: off the UI's loop (it replays every choice)."""
        from qm_net import fairdeal

        verdict = fairdeal.verify(self.fair)
        self.app.call_from_thread(self._checked, verdict)

    def _checked(self, verdict: Any) -> None:
        self.verdict = verdict
        if self.is_attached:
            self.query_one("#result-fair", Static).update(self._fair_line())

    def relocalize(self) -> None:
        """The app's language changed: build the screen again in it."""
        self.lang = str(getattr(self.app, "lang", self.lang))
        localize_bindings(self, self.lang)
        self.refresh(recompose=True)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        choice = event.button.id
        self.dismiss(choice if choice in ("rematch", "leave") else None)

    def action_scroll(self, how: str) -> None:
        getattr(self.query_one("#result", VerticalScroll), how)(animate=False)

    def action_table(self) -> None:
        """Back to the final table (v there opens this again)."""
        self.dismiss(None)

    def action_rematch(self) -> None:
        self.dismiss("rematch")

    def action_leave(self) -> None:
        self.dismiss("leave")
