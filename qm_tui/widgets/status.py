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
from collections.abc import Callable, Sequence

from rich.cells import cell_len
from rich.text import Span, Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widget import Widget

from qm_rules.model import Phase
from qm_tui.clock import Clock
from qm_tui.i18n import tr
from qm_tui.safe import clean
from qm_tui.table_model import Now, StatusLine
from qm_tui.widgets.redraw import OneLayout, SteadyStatic

#: The phases of a turn, in order, as the strip shows them.
PHASES: tuple[Phase, ...] = (Phase.DRAW, Phase.PLACE, Phase.ACTION, Phase.WORSHIP, Phase.END)

#: Cells of the countdown bar.
BAR_CELLS = 12

#: The share of the status line the "what now" words may take (its CSS max-width).
NOW_SHARE = 0.6


def phase_strip(phase: Phase | str | None, lang: str, *, short: bool = False) -> Text:
    """``抽牌 · 摆放 · 行动 · 祭祀 · 结束`` with ``phase`` lit (reverse) and the ones passed dim;
    ``short``: the phases not lit by a letter each (``D · P ·  Action  · W · E``), for a narrow
    line."""
    out = Text()
    names = [str(p) for p in PHASES]
    current = names.index(str(phase)) if str(phase) in names else None
    for i, p in enumerate(PHASES):
        if i:
            out.append(" · ", style="dim")
        label = tr(f"strip.{p}", lang)
        if short and i != current:
            label = tr(f"strip.short.{p}", lang)
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
        "away_bot": "",
        "away_timer": "",
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
    if now.kind.startswith("away") and short:
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


def idle_text(idle: float, lang: str) -> Text:
    """``idle 2:05``: how long the decision awaited has been waiting, where no timer runs (a
    table whose host switched it off), counting up, dim."""
    secs = max(0, int(idle))
    hours, rest = divmod(secs, 3600)
    minutes, seconds = divmod(rest, 60)
    clock = f"{hours}:{minutes:02d}:{seconds:02d}" if hours else f"{minutes}:{seconds:02d}"
    return Text(tr("timer.idle", lang, time=clock), style="dim")


class TimerBar:
    """The countdown of the pending decision, drawn as a bar by the status line (:class:`NowLine`)
    after the "what now" words. Not a widget of its own: it is one part of that line."""

    #: Cells the bar takes on the line (the bar, its seconds, and a space or two after).
    WIDTH = 18

    def __init__(self, clock: Clock, changed: Callable[[], object] | None = None) -> None:
        self.clock = clock
        self.deadline_at: float | None = None
        self.total: float | None = None
        self.idle_since: float | None = None
        """With no deadline: since when the decision awaited has waited (None: nobody's)."""
        self.lang = "en"
        self._changed = changed
        self._drawn: Text = Text()
        self._key: object = ()

    #: Deadlines this close (seconds) are one clock: the host's, told again with each update.
    SAME_CLOCK = 0.5

    def set_deadline(self, deadline_at: float | None, total: float | None = None) -> None:
        """Run the bar to ``deadline_at`` (None: no timer). The bar's full length is ``total``
        seconds, the whole clock's, when known; else the time left when the clock was first
        seen. The host keeps one clock running over the steps of declaring an activation in
        response (they do not restart it), and says the same deadline again with each step:
        the bar then runs on from where it was, never full again as if a new clock had
        started."""
        old = self.deadline_at
        if total is not None and deadline_at is not None:
            self.total = total
        elif deadline_at is None or old is None or abs(deadline_at - old) > self.SAME_CLOCK:
            self.total = None if deadline_at is None else deadline_at - self.clock.now()
        self.deadline_at = deadline_at
        self.refresh_bar()

    def seconds_left(self) -> float | None:
        if self.deadline_at is None:
            return None
        return max(0.0, self.deadline_at - self.clock.now())

    def refresh_bar(self) -> None:
        """Draw the bar again if a cell or a second changed (the line is repainted: the bar's
        width is fixed, so nothing moves)."""
        bar = countdown_bar(self.seconds_left(), self.total)
        if self.deadline_at is None and self.idle_since is not None:
            bar = idle_text(self.clock.now() - self.idle_since, self.lang)
        key = bar.plain, tuple(str(s.style) for s in bar.spans)
        if key == self._key:
            return
        self._key = key
        self._drawn = bar
        if self._changed is not None:
            self._changed()

    def render(self) -> Text:
        """The bar as drawn now."""
        return self._drawn


def fit_wording(wordings: Sequence[Text], width: int) -> Text:
    """The first (longest) of ``wordings`` that fits ``width`` cells, else the last one."""
    return next((w for w in wordings if w.cell_len <= width), wordings[-1])


def _cells(text: Text, width: int) -> Text:
    """``text`` cut or padded to exactly ``width`` cells (unstyled padding)."""
    out = text.copy()
    out.truncate(max(0, width), overflow="crop", pad=True)
    return out


def _append(line: Text, part: Text) -> None:
    """``part`` added to ``line``, its styles kept as they were given (strings stay strings)."""
    at = len(line)
    line.append(part.plain, style=part.style or None)
    line.spans.extend(Span(at + s.start, at + s.end, s.style) for s in part.spans)


class NowLine(OneLayout, Widget):
    """The status line's second line as one widget: the "what now" words (at most
    ``NOW_SHARE`` of the width, a space after them), the countdown bar right after them
    (:class:`TimerBar`, ``TimerBar.WIDTH`` cells), and the playback's state on the right in
    the longest wording that fits (a space either side).

    One widget, so that the words changing length ("Your turn" -> "Sent", "Waiting for
    Bartholomew") moves the bar by a repaint of this line: as three widgets side by side it
    was a new layout of the whole screen each time (the number key's answer frame among them,
    benchmarks/tui.py). The wording is picked when the line is drawn, so a resize picks again.
    """

    DEFAULT_CSS = """
    NowLine { height: 1; width: 1fr; }
    """

    def __init__(self, clock: Clock, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.timer = TimerBar(clock, self.refresh)
        self.now = Text()
        self.wordings: tuple[Text, ...] = (Text(),)

    def on_mount(self) -> None:
        self.set_interval(0.25, self.timer.refresh_bar)

    def show_now(self, now: Text) -> None:
        if now.plain != self.now.plain or now.spans != self.now.spans:
            self.now = now
            self.refresh()

    def show_playback(self, wordings: Sequence[Text]) -> None:
        """The playback's state, longest wording first: the first that fits is drawn."""
        wordings = tuple(wordings) or (Text(),)
        if [w.plain for w in wordings] != [w.plain for w in self.wordings]:
            self.wordings = wordings
            self.refresh()

    def parts(self, width: int) -> tuple[Text, Text, Text]:
        """The three parts as drawn at ``width``: the words, the bar, the playback's state."""
        now_cells = min(self.now.cell_len + 1, int(width * NOW_SHARE))  # with its space after
        rest = width - now_cells - TimerBar.WIDTH
        playback = fit_wording(self.wordings, max(0, rest - 2))
        return _cells(self.now, now_cells - 1), self.timer.render(), playback

    def render(self) -> Text:
        # each part with its own style (``a + b`` would give all of it ``a``'s), as written:
        # "black" named in a string is drawn as it was by a Static of its own, where Rich's
        # Style object for it (``append_text``) is the terminal theme's black
        width = self.content_size.width
        line = Text()
        if width <= 0:
            return line
        now, bar, playback = self.parts(width)
        _append(line, now)
        line.append(" ")
        _append(line, _cells(bar, TimerBar.WIDTH))
        rest = width - line.cell_len
        if rest > 2:
            room = rest - 2  # a space either side of the playback's words, set right
            shown = _cells(playback, room) if playback.cell_len > room else playback
            line.append(" " * (rest - 1 - shown.cell_len))
            _append(line, shown)
            line.append(" ")
        return _cells(line, width)


class PhaseLine(SteadyStatic):
    """The status line's first line: the turn, round and player, the phase strip, the piles.
    Drawn in the longest wording that fits its width (picked again at a resize): the strip's
    phases not lit go down to a letter each before anything is cut, so that the round, the
    turn and the phase stay on an 80-column line."""

    DEFAULT_CSS = """
    PhaseLine { height: 1; text-wrap: nowrap; text-overflow: clip; padding: 0 1; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("", id=id, markup=False)
        self.wordings: tuple[Text, ...] = (Text(),)
        self._drawn: object = ()

    def show(self, wordings: Sequence[Text]) -> None:
        """The line's wordings, longest first."""
        self.wordings = tuple(wordings) or (Text(),)
        self._fit()

    def on_resize(self) -> None:
        self._fit()

    def forget(self) -> None:
        """Draw again at the next :meth:`show`, whatever it shows."""
        self._drawn = ()

    def _fit(self) -> None:
        width = self.content_size.width
        text = fit_wording(self.wordings, width) if width else self.wordings[0]
        key = (text.plain, tuple((s.start, s.end, str(s.style)) for s in text.spans))
        if key != self._drawn:
            self._drawn = key
            self.update(text, layout=False)  # a fixed size


class TableStatus(OneLayout, Vertical):
    """The phase strip line and the "what now" line with the countdown and playback state."""

    DEFAULT_CSS = """
    TableStatus { height: 2; background: $primary-background; }
    """

    def __init__(self, clock: Clock, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.clock = clock

    def compose(self) -> ComposeResult:
        yield PhaseLine(id="status-phases")
        yield NowLine(self.clock, id="status-now")

    @property
    def line(self) -> NowLine:
        """The second line: what now, the countdown, the playback's state."""
        return self.query_one(NowLine)

    @property
    def timer(self) -> TimerBar:
        return self.line.timer

    def now_shown(self) -> str:
        """The "what now" words as the line draws them (tests)."""
        line = self.line
        return line.parts(line.content_size.width)[0].plain if line.content_size.width else ""

    def playback_shown(self) -> str:
        """The playback's state as the line draws it (tests)."""
        line = self.line
        return line.parts(line.content_size.width)[2].plain if line.content_size.width else ""

    def show(
        self,
        *,
        lang: str,
        phase: Phase | str | None,
        info_left: str,
        info_right: str,
        now: Now,
        deadline_at: float | None,
        total: float | None = None,
        idle_since: float | None = None,
    ) -> None:
        """Draw both lines. ``info_left`` (turn, round, whose) goes before the strip,
        ``info_right`` (deck, discard, bans) after it; the bar runs to ``deadline_at``, full
        at ``total`` seconds when known (:meth:`TimerBar.set_deadline`); ``idle_since``: with
        no deadline, since when the decision awaited has waited (counted up where the bar
        would be)."""
        wordings = []
        for short in (False, True):
            line = Text(clean(info_left) + "  ", style="bold")
            line.append_text(phase_strip(phase, lang, short=short))
            line.append("  " + clean(info_right))
            wordings.append(line)
        self.query_one(PhaseLine).show(wordings)
        room = int(self.size.width * NOW_SHARE) - 1 if self.size.width else None
        self.line.show_now(now_text(now, lang, room))  # a repaint of the line, whatever its width
        self.timer.idle_since, self.timer.lang = idle_since, lang
        self.timer.set_deadline(deadline_at, total)

    def show_line(self, line: StatusLine, lang: str) -> None:
        """Draw the model's status line (:meth:`TableModel.status_line`)."""
        self.show(
            lang=lang,
            phase=line.phase,
            info_left=line.left,
            info_right=line.right,
            now=line.now,
            deadline_at=line.deadline_at,
            total=line.total,
            idle_since=line.idle_since,
        )

    def show_playback(self, wordings: Sequence[str]) -> None:
        """The playback's state on the right, longest wording first: the first that fits is
        drawn."""
        self.line.show_playback([Text(clean(w), style="dim italic") for w in wordings])

    def forget(self) -> None:
        """Draw everything again at the next :meth:`show` (the language changed)."""
        self.query_one(PhaseLine).forget()
