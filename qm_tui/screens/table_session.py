"""The table screen's session messages, one handler per message type.

:class:`SessionHandlers` takes each message the :class:`~qm_tui.session.TableSession` sends (an
update, the end, chat, a refusal, the history, the seat list, a lost or regained connection)
to its handler, found by the message's type. Updates and the end go to the playback; the rest
changes the log, the notes and the model (:class:`~qm_tui.table_model.TableModel`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from qm_rules.model import Event, View
from qm_tui.i18n import has, tr
from qm_tui.messages import LeaveTable
from qm_tui.net import lost_reason, refusal, seat_freed_text
from qm_tui.safe import clean
from qm_tui.session import (
    Back,
    Chat,
    Ended,
    Failure,
    History,
    HostMadeParts,
    Lost,
    Reconnecting,
    Seats,
    SessionMessage,
    Update,
)
from qm_tui.stats import GameStats
from qm_tui.widgets.log import GameLog
from qm_tui.widgets.prompt import PromptBar
from qm_words import (
    Places,
    card_index,
    describe_events,
    describe_option,
    describe_options,
    distinct_options,
)

if TYPE_CHECKING:
    from qm_tui.screens.table import TableScreen


class SessionHandlers:
    """What the table does with each kind of session message."""

    def __init__(self, table: TableScreen) -> None:
        self.table = table
        self.model = table.model
        self.end_told = False
        """The game's end has arrived (the playback may not be there yet)."""
        self._closed_said = False
        self._asked_view: View | None = None
        """The last view that asked me a question: what its timer took (:meth:`_name_default`)."""
        handlers: dict[type[Any], Callable[[Any], Awaitable[None] | None]] = {
            Update: self.apply_update,
            Ended: self.ended,
            Chat: self.chat,
            Failure: self.failure,
            History: self.show_history,
            HostMadeParts: self.host_made_parts,
            Seats: self.seats,
            Lost: self.lost,
            Reconnecting: self.reconnecting,
            Back: self.back,
        }
        self.handlers = handlers

    async def dispatch(self, item: SessionMessage) -> None:
        handled = self.handlers[type(item)](item)
        if handled is not None:
            await handled

    def _log(self, lines: list[str]) -> None:
        self.table.query_one(GameLog).add_lines(lines)

    # ── one handler per message type ────────────────────────────────────────────────────────

    async def apply_update(self, update: Update) -> None:
        """Take a new view: queue its events for the playback, and show what is due — all of
        it at once when the view asks a decision of this player (the prompt is never late)."""
        table, model = self.table, self.model
        view = update.view
        update = dataclasses.replace(update, events=self._name_default(update.events, view.viewer))
        asks_me = view.prompt is not None and view.prompt.seat == view.viewer
        self._asked_view = view if asks_me else None
        self._note_timeout(update.events, view.viewer)
        model.known_cards.update(card_index(view))
        model.learn_cards(update.events)
        if model.ended is not None and view.result is None:  # a new game at this table
            model.ended, table.stats = None, GameStats()
            self.end_told = False
        table.stats.note(update.events)
        table.stats.note_view(view.turn)
        table.playback.add(update.events, view, update.deadline_at, table.phase_open, update.timer)
        mine = view.viewer
        if any(e.kind == "turn" or (e.kind == "phase" and e.seat == mine) for e in update.events):
            table.phase_open = None  # it moved on (the playback says so if it ended by itself)
        p = view.prompt
        if p is not None and model.my_question(view) and model.chosen_seq != p.seq:
            mode = table.autopass.mode
            passing = table.autopass.should_pass(view)  # (a new turn turns auto-pass off)
            if passing or table.autopass.mode != mode:
                table.show_autopass()
            if passing:  # answered for the player: the playback goes on
                model.chosen_seq = p.seq
                table.send("choose", "pass")
                await table.advance_playback()
                return
            await table.show_steps(table.playback.flush())
        else:
            await table.advance_playback()

    async def ended(self, item: Ended) -> None:
        self.end_told = True
        self.table.playback.add_end(item, item.view)
        await self.table.advance_playback()

    def chat(self, item: Chat) -> None:
        self.table.query_one(GameLog).add_chat(item.name, item.text)

    def failure(self, item: Failure) -> None:
        table, lang = self.table, self.table.lang
        if item.code == "seat_freed":
            # Not a refusal: the host gave our seat up after the game (see seat_freed_text).
            text = seat_freed_text(lang)
            self._log([text])
            table.notify(clean(text), severity="warning", timeout=20, markup=False)
            return
        if item.code == "replaced":
            return  # the connection closes with it: the Lost that follows says so
        self.model.chosen_seq = None
        table.query_one(PromptBar).show_sent(False)
        if table.view is not None:
            table.show_status(table.view)
        message = refusal(item.code, item.message, lang)
        table.notify(
            clean(tr("table.error", lang, message=message)),
            severity="error",
            timeout=6,
            markup=False,  # the host wrote the message
        )

    async def show_history(self, history: History) -> None:
        """The game so far (this client came to a game under way), or what was told while the
        connection was down (``missed``: after what is still playing back): into the log at
        once, not played back, and counted for the result's figures."""
        table = self.table
        if history.missed:
            await table.show_steps(table.playback.flush())
        self.model.learn_cards(history.events)
        table.stats.note(history.events)
        # (without the playback's notes of phases of mine that had nothing to play: the
        # history runs the updates' events together, and a phase I closed myself, which no
        # event marks, would read as one that had nothing)
        lines = self._history_lines(history)
        if lines:
            lang = table.lang
            first = [tr("table.history.missed" if history.missed else "table.history", lang)]
            if history.omitted:
                first.append(tr("table.history.omitted", lang))
            self._log([*first, *lines, tr("table.history.resumed", lang)])

    def host_made_parts(self, item: HostMadeParts) -> None:
        lang = self.table.lang
        why = tr("fair.why.absent", lang)
        line = tr("fair.host_made", lang, names=", ".join(item.names), why=why)
        self._log([clean(line)])

    async def seats(self, item: Seats) -> None:
        self._say_seat_changes(item)
        self.model.seat_status = {s.seat: s for s in item.seats}
        self.model.away.note(item)
        if self.table.view is not None:
            await self.table.render_view(self.table.view)

    def lost(self, item: Lost) -> None:
        table, lang = self.table, self.table.lang
        if item.closed and self.end_told:
            self._table_closed()
            return
        reason = lost_reason(item.reason, item.code, lang)
        key = "table.lost" if item.final else "table.reconnecting"
        table.notify(
            clean(tr(key, lang, reason=reason)), severity="warning", timeout=8, markup=False
        )
        if item.final:
            if self.model.reconnecting is not None and item.code in ("dropped", "silent"):
                # the retries are spent, the table may come back: where to find it
                reason += " " + tr("table.lost.come_back", lang)
            self.reconnecting(None)
            table.post_message(LeaveTable(reason))

    def reconnecting(self, step: Reconnecting | None) -> None:
        """The connection is gone and ``step`` is the next try to get the seat back (None: no
        longer trying): the status line says so instead of whom the table waited for."""
        self.model.reconnecting = step
        if self.table.view is not None:
            self.table.show_status(self.table.view)

    def back(self, item: Back) -> None:
        self.reconnecting(None)
        self.table.notify(tr("table.back", self.table.lang), timeout=4, markup=False)

    # ── the table closing ───────────────────────────────────────────────────────────────────

    def _table_closed(self) -> None:
        """The host closed the table after telling the game's end (it has played its games,
        or its owner closed it): nothing is lost. The final table and the result stay; only
        the rematch is gone, and the log, a calm note and the result (if open) say so."""
        from qm_tui.screens.result import ResultScreen

        table = self.table
        table.closed = True
        for screen in table.app.screen_stack:
            if isinstance(screen, ResultScreen):
                screen.table_closed()
        if self.model.ended is not None:  # else once the playback has shown the end
            self.say_closed()

    def say_closed(self) -> None:
        """The log and a calm note: the table has closed (after the game's end is shown)."""
        if self._closed_said:
            return
        self._closed_said = True
        text = tr("table.closed", self.table.lang)
        self._log([text])
        self.table.notify(text, timeout=10, markup=False)

    # ── the log's lines ─────────────────────────────────────────────────────────────────────

    def _history_lines(self, history: History) -> list[str]:
        """The log's lines for a history, with a line where a bot began or stopped playing a
        seat (the live log told it from a seat list; the events alone do not say it): a
        player back at the table after a bot stood in for them reads which moves were the
        bot's."""
        lang = self.table.lang
        me, names = self.table.session.seat, list(history.names)
        places: dict[int, dict[int, tuple[int, int]]] = {}  # by event: its targets' places
        for pl in history.places:
            places.setdefault(pl.at, {})[pl.card] = (pl.seat, pl.slot)
        lines: list[str] = []
        done = 0

        def told(start: int, end: int) -> list[str]:
            at = {i - start: p for i, p in places.items() if start <= i < end}
            return self.describe(history.events[start:end], me, names, event_places=at)

        for s in history.stand_ins:
            at = min(max(s.at, done), len(history.events))
            lines += told(done, at)
            done = at
            if s.seat == me:
                key = "seats.bot_took_over.you" if s.playing else "seats.player_back.you"
                lines.append(tr(key, lang))
            else:
                key = "seats.bot_took_over" if s.playing else "seats.player_back"
                name = names[s.seat] if 0 <= s.seat < len(names) else f"#{s.seat + 1}"
                lines.append(tr(key, lang, name=name))
        return lines + told(done, len(history.events))

    def describe(
        self,
        events: Sequence[Event],
        viewer: int | None,
        names: Sequence[str],
        places: Places | None = None,
        event_places: Mapping[int, Places] | None = None,
    ) -> list[str]:
        """The log's lines for ``events``, as ``viewer`` may read them; ``places``: where the
        fields' cards lay as they happened (unknown, a target is named without its slot), or
        for some events (by index) ``event_places``."""
        lang, known = self.table.lang, self.model.known_cards
        order = self.model.log_order
        return describe_events(
            events,
            viewer,
            lang,
            names,
            known,
            places=places,
            order=order,
            event_places=event_places,
        )

    def _say_seat_changes(self, seats: Seats) -> None:
        """Log a bot taking over an away player's seat, and the player taking it back. Not of
        my own seat: I was away then; the history I am given back places both (the seat list
        before my rejoin still said a bot played it, and the log read "Bob is back" in the
        third person after the history)."""
        for new in seats.seats:
            old = self.model.seat_status.get(new.seat)
            if old is None or new.kind != "human" or old.played_by_bot == new.played_by_bot:
                continue
            if new.seat == self.table.session.seat:
                continue
            view = self.table.view
            if view is not None and new.seat < len(view.seats) and view.seats[new.seat].conceded:
                continue  # a player who left concedes; the header says so
            key = "seats.bot_took_over" if new.played_by_bot else "seats.player_back"
            self._log([tr(key, self.table.lang, name=new.name)])

    def tell_away(self) -> None:
        """Log each player away for a few seconds during a game, once: that the table goes
        on, and when a bot steps in. Without it the others saw only "offline" by the name (a
        host handing the table over: their own clients reconnected, and nothing said why)."""
        view = self.table.view
        for seat, left in self.model.away.due(view):
            assert view is not None
            name = view.seats[seat].name
            self._log([tr("seats.away_goes_on", self.table.lang, name=name, n=left)])

    # ── the timer's answer to my question ───────────────────────────────────────────────────

    def _name_default(self, events: Sequence[Event], me: int | None) -> tuple[Event, ...]:
        """My question's timer took its default: the log names what it took ("timed out (the
        default was taken: Take Grandmother)"), from the question as I was shown it. The
        engine's ``timeout`` event names only a plain default (pass, end...) to all; the
        option itself was mine to see. Only the first timeout of mine: one that follows
        (an open draft cancelled, then its prompt's default) answered a question not shown."""
        asked = self._asked_view
        p = asked.prompt if asked is not None else None
        if asked is None or p is None or me is None:
            return tuple(events)
        lang, known = self.table.lang, self.model.known_cards
        out = list(events)
        for i, e in enumerate(out):
            if e.kind == "timeout" and e.seat == me:
                opt = p.option(p.default)
                if e.data.get("option") is None and opt is not None:
                    shown = distinct_options(p.options, asked)
                    labels = dict(
                        zip(
                            (o.id for o in shown),
                            describe_options(shown, asked, lang, known),
                            strict=True,
                        )
                    )
                    what = labels.get(opt.id) or describe_option(opt, asked, lang, known)
                    out[i] = Event(e.kind, e.seat, {**e.data, "took": what}, e.to)
                break
        return tuple(out)

    def _note_timeout(self, events: Sequence[Event], me: int | None) -> None:
        """The host's timer answered my question (told as a ``timeout`` event of my seat)."""
        table = self.table
        waiting = table.waiting
        if me is None or waiting is None or waiting.timed_out:
            return
        for e in events:
            if e.kind == "timeout" and e.seat == me:
                option, what = str(e.data.get("option")), e.data.get("took")
                key = f"log.timeout.{option}"
                if not has(key) and isinstance(what, str):  # named by _name_default
                    key = "log.timeout.took"
                took = tr(key if has(key) else "log.timeout.default", table.lang, what=what)
                table.waiting = dataclasses.replace(waiting, timed_out=took)
                return
