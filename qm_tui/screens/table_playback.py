"""The table screen's playback on screen: each step due shown (its log lines, then its chain,
phase and board), the chain's frames, the pace, skipping. The
:class:`~qm_tui.playback.Playback` decides what is due; this shows it on the
:class:`~qm_tui.screens.table.TableScreen`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from qm_rules.model import View
from qm_tui.i18n import tr
from qm_tui.playback import (
    ANCESTOR_NOTES,
    IDLE_NOTES,
    ChainFrame,
    Step,
    is_resolved,
    next_pace,
    resolved_among,
)
from qm_tui.session import Ended
from qm_tui.table_model import Shown
from qm_tui.widgets.chain import ChainStack
from qm_tui.widgets.log import GameLog
from qm_tui.widgets.status import TableStatus
from qm_tui.widgets.tiles import TableTile
from qm_words import field_places, worship_block_words, worship_progress

if TYPE_CHECKING:
    from qm_tui.screens.table import TableScreen


class PlaybackShow:
    """Shows the table's playback, step by step."""

    def __init__(self, table: TableScreen) -> None:
        self.table = table
        self.playback = table.playback
        self.advancing = False
        self.key_unpainted = False
        """A key's answer is waiting for its frame: the playback's next step waits for it."""

    def tick(self) -> None:
        """On an interval: if a step is due, show it from the screen's own message queue (in
        order with the session's messages, never beside them). (And the option list of a new
        question is shown taking keys once its moment has passed: :meth:`answer_armed`.)"""
        self.table.keys.tick()
        self.table.handlers.tell_away()
        if self.key_unpainted:
            return  # a key's answer first (see key_answered)
        if self.playback.queue and not self.advancing and self.playback.ready():
            self.advancing = True
            self.table.call_later(self.table.advance_playback)

    def key_answered(self) -> None:
        """A key was answered on screen (the focus moved): the playback's next step waits until
        the frame showing that answer has been drawn. A step shown meanwhile would be drawn in
        the same frame, its layout and the cards it changes first (benchmarks/tui.py: an arrow
        while the playback runs); the step waits a frame at most."""
        if not self.key_unpainted:
            self.key_unpainted = True
            self.table.call_after_refresh(self._painted)

    def _painted(self) -> None:
        self.key_unpainted = False

    async def advance(self) -> None:
        """Show the steps whose time has come (after the frame answering a key, if one waits:
        the next tick shows them)."""
        self.advancing = False
        if not self.table.taken_down and not self.key_unpainted:
            await self.table.show_steps(self.playback.due())

    async def show_steps(self, steps: list[Step]) -> None:
        """Show ``steps`` (several at once when skipping): their log lines, then the last
        chain, phase and board among them."""
        if not steps:
            self.show_state()
            return
        with_view = [step for step in steps if step.view is not None]
        view = with_view[-1].view if with_view else self.table.view
        if view is not None and any(step.events for step in steps):
            names = [s.name for s in view.seats]
            # whose slot a targeted card is in: as the board still shows it (the steps' view
            # is drawn after their lines), else where the new view has it (placed meanwhile)
            places = field_places(view)
            places.update(field_places(self.table.view))
            lines: list[str] = []
            for step in steps:
                lines += self.table.handlers.describe(step.events, view.viewer, names, places)
                if step.note:
                    lines.append(self.note_words(step.note, view))
            if lines:
                self.table.query_one(GameLog).add_lines(lines)
        last = steps[-1]
        ended = next((step.ended for step in steps if isinstance(step.ended, Ended)), None)
        if view is None:
            return
        chain = last.chain if last.chain.links else resolved_among(steps) or last.chain
        self.table.model.shown = Shown(chain, last.phase, last.turn_seat, view, last.turn)
        if ended is not None:
            self.table.ended = ended
            if self.table.closed:
                self.table.handlers.say_closed()
        if with_view:
            self.table.model.deadline_at = with_view[-1].deadline_at
            self.table.model.timer_length = with_view[-1].timer
            await self.table.render_view(view)
        else:
            self.show_chain(view, chain)
            self.table.show_status(view)
        self.show_state()

    def show_chain(self, view: View, frame: ChainFrame | None = None) -> None:
        """The chain as the playback last showed it with ``view`` (``frame``, else the one
        noted), or else the view's own."""
        shown = self.table.model.shown
        if frame is None and shown is not None and shown.view is view:
            frame = shown.chain
        lang = self.table.lang
        over = frame is not None and frame.current is None and is_resolved(frame)
        self.table.query_one(ChainStack).show(
            view,
            lang,
            tr("table.chain.last" if over else "table.chain", lang),
            frame=frame,
            cards=self.table.known_cards,
            ahead=self._chain_ahead(),
        )
        # the chain's rows are the card panel's to give up: fitted once the chain is laid out
        self.table.call_after_refresh(self.table.board_layout.fit_detail)

    def _chain_ahead(self) -> tuple[ChainFrame, ...]:
        """The frames of the chain on screen that the playback has still to draw (up to the
        chain's end): the chain's box takes their rows at once."""
        ahead: list[ChainFrame] = []
        for step in self.playback.queue:
            if not step.chain.links:
                break
            ahead.append(step.chain)
        return tuple(ahead)

    def show_state(self) -> None:
        lang = self.table.lang
        behind = self.playback.behind
        keys: tuple[str, ...]
        fields: dict[str, object]
        if behind:  # longest first: the status line draws the first that fits
            keys = ("playback.behind", "playback.behind.short", "playback.behind.tiny")
            fields = {"n": behind}
        else:
            keys = ("playback.pace", "playback.pace.short")
            fields = {"pace": tr(f"pace.{self.playback.pace}", lang)}
        self.table.query_one(TableStatus).show_playback([tr(k, lang, **fields) for k in keys])

    async def skip(self) -> None:
        """Space: show everything up to now at once (on a card with nothing to skip: choose
        it, as space does there)."""
        if self.playback.queue:
            await self.table.show_steps(self.playback.flush())
        elif isinstance(self.table.focused, TableTile):
            self.table.focused.post_message(TableTile.Chosen(self.table.focused))

    def pace(self) -> None:
        """Fast, normal, slow: how long each step of the playback stays (remembered)."""
        pace = next_pace(self.playback.pace)
        self.playback.pace = pace
        set_pace = getattr(self.table.app, "set_pace", None)
        if callable(set_pace):
            set_pace(pace)
        words = tr(f"pace.{pace}", self.table.lang)
        self.table.notify(
            tr("playback.pace_set", self.table.lang, pace=words), timeout=2, markup=False
        )
        self.show_state()

    def note_words(self, note: str, view: View) -> str:
        """A playback note in words; the worship phase's, of a player whose ancestor is on
        the field, says how far its condition is (as of ``view``, the update's); the plain
        worship phase's says what keeps the player from declaring."""
        if note == IDLE_NOTES["worship"] and view.viewer is not None:
            why = worship_block_words(view, self.table.lang)
            if why:
                return tr("table.idle.worship.why", self.table.lang, why=why)
        if note != ANCESTOR_NOTES["worship"] or view.viewer is None:
            return tr(note, self.table.lang)
        progress = worship_progress(view, view.viewer, self.table.lang, not_yet=True) or ""
        return tr(note, self.table.lang, progress=progress)
