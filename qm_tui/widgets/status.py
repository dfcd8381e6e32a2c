"""The top of the table: whose turn, which phase, what now, and how long is left.

Two lines. The first is the phase strip (抽牌 · 摆放 · 行动 · 祭祀 · 结束, the current phase
lit) with the turn, round, deck and discard; the second says in plain words what is wanted
("Your turn", "Respond?", "Waiting for Bob"), the countdown as a bar that turns yellow, then
red, as time runs out, and on the right how far behind the table the playback is.

The countdown is computed from a deadline on the injected clock (``deadline_at - now``), never
counted down by a timer, so a slow frame cannot make it drift and tests move time by hand.
Everything is drawn as ``Text`` (player names are data, never markup).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widget import Widget
from textual.widgets import Static

from qm_rules.model import Phase
from qm_tui.clock import Clock
from qm_tui.i18n import tr
from qm_tui.safe import clean
from qm_tui.widgets.redraw import OneLayout, SteadyHorizontal, SteadyStatic, redraw

#: The phases of a turn, in order, as the strip shows them.
PHASES: tuple[Phase, ...] = (Phase.DRAW, Phase.PLACE, Phase.ACTION, Phase.WORSHIP, Phase.END)

#: Cells of the countdown bar.
BAR_CELLS = 12

#: The share of the status line the "what now" words may take (its CSS max-width).
NOW_SHARE = 0.6


def phase_strip(phase: Phase | str | None, lang: str) -> Text:
    """``抽牌 · 摆放 · 行动 · 祭祀 · 结束`` with ``phase`` lit (reverse) and the ones passed dim."""
    out = Text()
    names = [str(p) for p in PHASES]
    current = names.index(str(phase)) if str(phase) in names else None
    for i, p in enumerate(PHASES):
        if i:
            out.append(" · ", style="dim")
        label = tr(f"strip.{p}", lang)
        if current is None:
            style = "dim" if str(phase) == str(Phase.OVER) else ""
        elif i == current:
            style = "bold reverse"
        elif i < current:
            style = "dim"
        else:
            style = ""
        out.append(f" {label} " if i == current else label, style=style)
    return out


@dataclass(frozen=True, slots=True)
class Now:
    """What the second line says: ``kind`` picks the words and colour.

    ``mine`` (your decision), ``respond`` (yours, answering a chain), ``sent`` (answered, the
    table is moving on), ``waiting`` (someone else decides: ``who``), ``away`` (``who`` should
    decide but is away: the timer counts down to the bot that steps in), ``over`` (the game ended:
    ``who`` won, or a draw when ``who`` is empty), ``watching`` (a spectator, no one deciding)."""

    kind: str
    who: str = ""


def now_text(now: Now, lang: str, room: int | None = None) -> Text:
    """The "what now" words, styled; shorter where they would not fit ``room`` cells (the game
    over without "press v for the result", which the prompt line and the key bar say too; an
    away player without the bot's countdown words)."""
    words = now_words(now, lang)
    if room is not None and cell_len(words) + 2 > room:
        words = now_words(now, lang, short=True)
    style = {
        "mine": "bold black on green",
        "respond": "bold black on yellow",
        "sent": "dim",
        "waiting": "",
        "away": "",
        "over": "bold black on cyan",
        "watching": "dim",
    }.get(now.kind, "")
    return Text(f" {words} ", style=style)


def now_words(now: Now, lang: str, *, short: bool = False) -> str:
    """What is wanted now, in words (the status line's; the prompt line's once the game is
    over); ``short``: the shorter wording, for a narrow line."""
    if now.kind == "over":
        words = tr("now.over", lang, who=clean(now.who)) if now.who else tr("now.over_draw", lang)
        return words if short else words + " · " + tr("now.over_hint", lang)
    if now.kind == "away" and short:
        return tr("now.away.short", lang, who=clean(now.who))
    return tr(f"now.{now.kind}", lang, who=clean(now.who))


def countdown_bar(left: float | None, total: float | None) -> Text:
    """``██████░░░░░░ 13s``: green, then yellow under half, red in the last 5 s (or quarter).
    Empty when no timer runs."""
    if left is None:
        return Text()
    full = total if total and total > 0 else max(left, 1.0)
    frac = max(0.0, min(1.0, left / full))
    cells = math.ceil(frac * BAR_CELLS)
    secs = max(0, math.ceil(left))
    if secs <= 5 or frac <= 0.25:
        colour = "red"
    elif frac <= 0.5:
        colour = "yellow"
    else:
        colour = "green"
    out = Text()
    out.append("█" * cells, style=colour)
    out.append("░" * (BAR_CELLS - cells), style="dim")
    out.append(f" {secs}s", style=f"bold {colour}")
    return out


class TimerBar(OneLayout, Static):
    """The countdown of the pending decision as a bar; redrawn only when a cell or second
    changes (the bar is a fixed width: no layout)."""

    DEFAULT_CSS = """
    TimerBar { width: 18; height: 1; }
    """

    def __init__(self, clock: Clock, *, id: str | None = None) -> None:
        super().__init__("", id=id, markup=False)
        self.clock = clock
        self.deadline_at: float | None = None
        self.total: float | None = None
        self._drawn: object = ()

    def on_mount(self) -> None:
        self.set_interval(0.25, self.refresh_bar)

    #: Deadlines this close (seconds) are one clock: the host's, told again with each update.
    SAME_CLOCK = 0.5

    def set_deadline(self, deadline_at: float | None) -> None:
        """Run the bar to ``deadline_at`` (None: no timer). The bar's full length is the time
        left when the clock was first seen. The host keeps one clock running over the steps of
        declaring an activation in response (they do not restart it), and says the same
        deadline again with each step: the bar then runs on from where it was, never full again
        as if a new clock had started."""
        old = self.deadline_at
        if deadline_at is None or old is None or abs(deadline_at - old) > self.SAME_CLOCK:
            self.total = None if deadline_at is None else deadline_at - self.clock.now()
        self.deadline_at = deadline_at
        self.refresh_bar()

    def seconds_left(self) -> float | None:
        if self.deadline_at is None:
            return None
        return max(0.0, self.deadline_at - self.clock.now())

    def refresh_bar(self) -> None:
        left = self.seconds_left()
        bar = countdown_bar(left, self.total)
        key = bar.plain, tuple(str(s.style) for s in bar.spans)
        if key == self._drawn:
            return
        self._drawn = key
        self.update(bar, layout=False)


class FitLine(OneLayout, Widget):
    """One line drawn in the longest of its wordings that fits the width it is given (the
    last, shortest one when none does): at 100 columns beside a long "what now" and the timer,
    "Playing back: 3 more · space skips" becomes "3 more · space skips" rather than being cut.
    The wording is picked when the line is drawn, so a resize picks again."""

    DEFAULT_CSS = """
    FitLine { height: 1; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._wordings: tuple[Text, ...] = (Text(),)

    def show(self, wordings: Sequence[Text]) -> None:
        """Draw the first of ``wordings`` (longest first) that fits; a repaint, no layout."""
        wordings = tuple(wordings) or (Text(),)
        if [w.plain for w in wordings] != [w.plain for w in self._wordings]:
            self._wordings = wordings
            self.refresh()

    def render(self) -> Text:
        width = self.content_size.width
        if width <= 0:
            return self._wordings[0]
        return next((w for w in self._wordings if w.cell_len <= width), self._wordings[-1])


class TableStatus(OneLayout, Vertical):
    """The phase strip line and the "what now" line with the countdown and playback state."""

    DEFAULT_CSS = f"""
    TableStatus {{ height: 2; background: $primary-background; }}
    TableStatus Static, TableStatus FitLine {{ height: 1; text-wrap: nowrap; text-overflow: clip; }}
    TableStatus #status-phases {{ padding: 0 1; }}
    TableStatus > Horizontal {{ height: 1; }}
    TableStatus #status-now {{
        width: auto; max-width: {round(NOW_SHARE * 100)}%; padding: 0 1 0 0;
    }}
    TableStatus #status-playback {{ width: 1fr; text-align: right; padding: 0 1; }}
    """

    def __init__(self, clock: Clock, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.clock = clock
        self._drawn: dict[str, object] = {}

    def compose(self) -> ComposeResult:
        yield SteadyStatic("", id="status-phases", markup=False)
        with SteadyHorizontal():
            yield SteadyStatic("", id="status-now", markup=False)
            yield TimerBar(self.clock, id="status-timer")
            yield FitLine(id="status-playback")

    @property
    def timer(self) -> TimerBar:
        return self.query_one(TimerBar)

    def _put(self, part: str, text: Text, *, auto_width: bool = False) -> None:
        key = (text.plain, tuple((s.start, s.end, str(s.style)) for s in text.spans))
        if self._drawn.get(part) == key:
            return
        self._drawn[part] = key
        static = self.query_one(f"#status-{part}", Static)
        if auto_width:
            redraw(static, text, auto_width=True)  # a new layout only when the width changes
        else:
            static.update(text, layout=False)  # a fixed size

    def show(
        self,
        *,
        lang: str,
        phase: Phase | str | None,
        info_left: str,
        info_right: str,
        now: Now,
        deadline_at: float | None,
    ) -> None:
        """Draw both lines. ``info_left`` (turn, round, whose) goes before the strip,
        ``info_right`` (deck, discard, bans) after it."""
        line = Text(clean(info_left) + "  ", style="bold")
        line.append_text(phase_strip(phase, lang))
        line.append("  " + clean(info_right))
        self._put("phases", line)
        room = int(self.size.width * NOW_SHARE) - 1 if self.size.width else None
        self._put("now", now_text(now, lang, room), auto_width=True)  # its width follows them
        self.timer.set_deadline(deadline_at)

    def show_playback(self, wordings: Sequence[str]) -> None:
        """The playback's state on the right, longest wording first: the first that fits is
        drawn."""
        line = self.query_one("#status-playback", FitLine)
        line.show([Text(clean(w), style="dim italic") for w in wordings])

    def forget(self) -> None:
        """Draw everything again at the next :meth:`show` (the language changed)."""
        self._drawn.clear()
