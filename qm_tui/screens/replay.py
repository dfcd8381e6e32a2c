"""A kept game on the table, read-only: ``qingming replay`` (:mod:`qingming.commands.replay`).

:class:`ReplayScreen` is the ordinary table screen over a
:class:`~qm_net.replay_source.ReplaySource`: each step is shown as one seat saw it (or as a
spectator), its view drawn by the same widgets a live game uses and its log the game told up to
that step. Nothing is answered: the keys that would choose, pass, end, concede or chat are not
there, and a choice made another way (Enter on a card, a click on an option) is refused with a
note. Keys step forward and back, go to the next or previous turn or chain, to a turn by its
number, to the start and the end, and change whose view is shown among the seats the file may
show (a host's journal: every seat; a player's record: theirs and the spectators'). A bar above
the table says it is a replay and where in it the table is.
"""

from __future__ import annotations

import bisect
from collections.abc import AsyncIterator

from rich.text import Text
from textual import events
from textual.actions import parse
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from qm_net.replay_source import ReplaySource
from qm_rules.model import View
from qm_tui.bindings import localize_bindings
from qm_tui.clock import Clock
from qm_tui.i18n import tr
from qm_tui.safe import clean
from qm_tui.screens.table import TableScreen
from qm_tui.session import SessionMessage
from qm_tui.table_model import Now, TableModel
from qm_tui.widgets.detail import CardDetail, detail_text
from qm_tui.widgets.log import GameLog
from qm_tui.widgets.modals import TapAround
from qm_tui.widgets.status import TableStatus, now_words
from qm_words import card_index

__all__ = ["ReplayScreen", "ReplaySession", "SeatChoice"]


class ReplaySession:
    """The table's session for a replay: one seat's view (None: a spectator's), and nothing
    more ever arrives; nothing can be chosen, said or conceded."""

    def __init__(self, seat: int | None) -> None:
        self._seat = seat
        self._view: View | None = None

    @property
    def seat(self) -> int | None:
        return self._seat

    @property
    def view(self) -> View | None:
        return self._view

    def show(self, view: View) -> None:
        self._view = view

    async def messages(self) -> AsyncIterator[SessionMessage]:
        return
        yield  # (a generator that yields nothing: the replay's steps come from its keys)

    async def choose(self, option_id: str) -> None:
        raise RuntimeError("a replay answers nothing")

    async def chat(self, text: str) -> None:
        raise RuntimeError("a replay answers nothing")

    async def concede(self) -> None:
        raise RuntimeError("a replay answers nothing")

    @property
    def can_take_back(self) -> bool:
        return False

    async def take_back(self) -> None:
        raise RuntimeError("a replay answers nothing")


#: The table's actions a replay has no use for: every answer, the chat, the pace and skipping
#: of a live table's playback (a replay shows each step whole), and the result screen (it
#: offers a rematch).
_NOT_IN_A_REPLAY = TableScreen.PLAYER_ACTIONS | {"chat", "pace", "skip", "result"}


#: The table's areas that a replay explains its own way (no timer, no playback, no answer).
_AS_IN_A_REPLAY = frozenset({"status", "mine", "chain", "log", "prompt", "banner"})


#: The table's keys a replay keeps: those that look (a key the table gains later, which may
#: answer something, stays out until it is added here).
_KEPT = frozenset(
    {"focus_board", "log", "discard", "legend", "rulebook", "gallery", "other_lang", "navigate"}
)


def _table_bindings() -> list[Binding]:
    """The table's keys a replay keeps (its help is among the replay's own: shown before)."""
    return [
        b for b in TableScreen.BINDINGS if isinstance(b, Binding) and parse(b.action)[1] in _KEPT
    ]


class ReplayModel(TableModel):
    """The table's model for a replay: nobody is kept waiting in a kept game, so no decision
    counts up how long it has waited."""

    def idle_since(self, view: View) -> float | None:
        return None


class ReplayScreen(TableScreen, inherit_bindings=False):
    """A kept game, step by step, as one seat (or a spectator) saw it. Its keys are its own
    and those of the table's that answer nothing (in that order: the key bar shows the
    replay's first)."""

    MODEL = ReplayModel
    BINDINGS = [
        # (actions without a negative argument: the key bar's click markup takes none)
        Binding("n", "next", "Next", id="replay.next"),
        Binding("p", "back", "Back", id="replay.back"),
        Binding("right_square_bracket", "next_turn", "Next turn", id="replay.next_turn"),
        Binding("greater_than_sign", "next_chain", "Next chain", id="replay.next_chain"),
        Binding("j", "jump", "Turn no.", id="replay.jump"),
        Binding("w", "seat", "Seat", id="replay.seat"),
        Binding("q", "leave", "Leave", id="replay.leave"),
        Binding("question_mark", "help", "Help", id="table.help", key_display="?"),
        Binding("left_square_bracket", "prev_turn", "Turn back", id="replay.prev_turn", show=False),
        Binding("less_than_sign", "prev_chain", "Chain back", id="replay.prev_chain", show=False),
        Binding("space", "next", "Next", id="replay.next_space", show=False),
        # (before a focused list's own Home and End)
        Binding("home", "first", "Start", id="replay.first", show=False, priority=True),
        Binding("end", "last", "End", id="replay.last", show=False, priority=True),
        *_table_bindings(),
    ]
    HELP_AREAS = (
        ("replay", "area.replay", "area.replay.text"),
        *(
            (area, name, f"area.replay.{area}.text" if area in _AS_IN_A_REPLAY else text)
            for area, name, text in TableScreen.HELP_AREAS
        ),
    )

    DEFAULT_CSS = """
    ReplayScreen #replay {
        height: 1; background: $warning-darken-2; color: $text; padding: 0 1;
        text-wrap: nowrap; text-overflow: ellipsis;
    }
    """

    def __init__(
        self,
        source: ReplaySource,
        *,
        seat: int | None,
        lang: str,
        clock: Clock,
        step: int = 0,
        owner: str | None = None,
    ) -> None:
        """``owner``: whose record the file is (a player's: only their seat and the
        spectators' may be shown), None for a host's journal."""
        self.replay_session = ReplaySession(seat)
        super().__init__(self.replay_session, lang=lang, clock=clock, answer_guard=0.0)
        self.source = source
        self.step = step
        self.owner = owner
        self.steps_shown = 0
        """How many steps were drawn (tests wait on it)."""

    @property
    def seat(self) -> int | None:
        """Whose view is shown (None: a spectator's)."""
        return self.replay_session.seat

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            yield widget
            if isinstance(widget, TableStatus):  # the replay's line under the status
                yield Static(id="replay", markup=False)

    def on_mount(self) -> None:
        # (Textual runs the table's own on_mount after this one: the first step is shown
        # once that has set the table up)
        self.call_later(self.go, self.step)

    def relocalize(self) -> None:
        """The app's language changed: the table, the bar and the log in it."""
        super().relocalize()
        self.call_later(self.go, self.step)

    def over_words(self, now: Now) -> str:
        return now_words(now, self.lang, short=True)  # (who won: a replay has no result screen)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in _NOT_IN_A_REPLAY:
            return False
        return super().check_action(action, parameters)

    # ── moving through the game ─────────────────────────────────────────────────────────────

    async def go(self, step: int) -> None:
        """Show the table after ``step`` choices, as the seat shown saw it."""
        if self.taken_down:
            return
        step = max(0, min(self.source.steps, step))
        view, events = self.source.at(step, self.seat)
        self.step = step
        self.replay_session.show(view)
        self.model.known_cards.update(card_index(view))
        self.model.learn_cards(events)
        await self.render_view(view)
        self.query_one(TableStatus).show_playback([])  # (a replay has no pace: each step whole)
        if not self.steps_shown:
            self.query_one(CardDetail).show(detail_text(None, self.lang, hint=self.hint()))
        self.query_one(GameLog).set_lines(self.log_lines(step))
        self.query_one("#replay", Static).update(self.bar_words(view))
        self.steps_shown += 1

    def hint(self) -> str:
        """The card panel's words before a card is looked at: the table's, but that Enter
        chooses nothing here (the marks' lines after the table's first line kept)."""
        marks = tr("table.detail.hint", self.lang).partition("\n")[2]
        return f"{tr('replay.detail.hint', self.lang)}\n{marks}"

    def log_lines(self, step: int) -> list[str]:
        """The game told up to ``step``, as the seat shown saw it: each choice, and under it
        what it caused."""
        lines: list[str] = []
        for told in self.source.told(self.seat, self.lang)[:step]:
            lines.append(told.choice)
            lines.extend(f"  {line}" for line in told.events)
        return lines

    def chain_at(self, step: int) -> int:
        """The number of the chain ``step`` is in (0: none, or before the first)."""
        return bisect.bisect_right(self.source.chains, step)

    def bar_words(self, view: View) -> str:
        source, lang, step = self.source, self.lang, self.step
        chain = ""
        n = self.chain_at(step)
        if n and (view.chain or step in source.chains):  # a chain is being built or resolved
            chain = tr("replay.bar.chain", lang, n=n, of=len(source.chains))
        return clean(
            tr(
                "replay.bar",
                lang,
                step=step,
                steps=source.steps,
                turn=source.turn_of(step),
                turns=len(source.turns),
                chain=chain,
                who=self.seat_name(self.seat),
            )
        )

    def seat_name(self, seat: int | None) -> str:
        if seat is None:
            return tr("replay.spectators", self.lang)
        return self.source.names[seat]

    async def _step(self, delta: int) -> None:
        target = self.step + delta
        if not 0 <= target <= self.source.steps:
            self._say("replay.at_start" if delta < 0 else "replay.at_end")
            return
        await self.go(target)

    async def action_next(self) -> None:
        await self._step(1)

    async def action_back(self) -> None:
        await self._step(-1)

    async def action_first(self) -> None:
        await self.go(0)

    async def action_last(self) -> None:
        await self.go(self.source.steps)

    async def action_next_turn(self) -> None:
        await self._jump(self.source.turns, 1, "replay.no_turn")

    async def action_prev_turn(self) -> None:
        await self._jump(self.source.turns, -1, "replay.no_turn_before")

    async def action_next_chain(self) -> None:
        await self._jump(self.source.chains, 1, "replay.no_chain")

    async def action_prev_chain(self) -> None:
        await self._jump(self.source.chains, -1, "replay.no_chain_before")

    async def _jump(self, starts: list[int], delta: int, none: str) -> None:
        """To the next (``delta`` 1) or previous start among ``starts`` from this step."""
        if delta > 0:
            i = bisect.bisect_right(starts, self.step)
            target = starts[i] if i < len(starts) else None
        else:
            i = bisect.bisect_left(starts, self.step) - 1
            target = starts[i] if i >= 0 else None
        if target is None:
            self._say(none)
            return
        await self.go(target)

    def action_jump(self) -> None:
        """Ask for a turn's number and go to where that turn began."""
        from qm_tui.screens.ask import AskScreen

        turns = len(self.source.turns)
        question = tr("replay.ask_turn", self.lang, turns=turns)
        self.app.push_screen(AskScreen(question, lang=self.lang, max_length=6), self._to_turn)

    async def _to_turn(self, text: str | None) -> None:
        if text is None or not text.strip():
            return
        turns = self.source.turns
        word = text.strip()
        if not word.isdigit() or not 1 <= int(word) <= len(turns):
            self.notify(
                tr("replay.bad_turn", self.lang, text=word, turns=len(turns)),
                severity="warning",
                timeout=5,
                markup=False,
            )
            return
        await self.go(turns[int(word) - 1])

    # ── whose view ──────────────────────────────────────────────────────────────────────────

    def action_seat(self) -> None:
        """Choose whose view to show, among every seat of the game and the spectators."""
        names = list(self.source.names)
        shown = set(self.source.seats)
        self.app.push_screen(SeatChoice(names, shown, self.seat, self.lang), self._seat_chosen)

    def _seat_chosen(self, seat: int | None | str) -> None:
        if seat == SeatChoice.CANCEL:
            return
        assert not isinstance(seat, str)
        self.show_seat(seat)

    def show_seat(self, seat: int | None) -> bool:
        """Show the game from ``seat`` (None: the spectators) from this step on; a seat the
        file may not show is refused, and said why. Whether it was shown."""
        if seat not in self.source.seats:
            owner = self.owner or "?"
            name = self.seat_name(seat)
            self.notify(
                tr("replay.not_shown", self.lang, owner=owner, name=name),
                severity="warning",
                timeout=8,
                markup=False,
            )
            return False
        if seat == self.seat:
            return True
        other = ReplayScreen(
            self.source,
            seat=seat,
            lang=self.lang,
            clock=self.clock,
            step=self.step,
            owner=self.owner,
        )
        self.app.switch_screen(other)
        return True

    # ── nothing answered ────────────────────────────────────────────────────────────────────

    async def choose(self, option_id: str, *, by_key: bool = True) -> None:
        self._say("replay.read_only")

    def action_leave(self) -> None:
        """Leave the replay: the app, when it was started for it; else back to what was
        under it."""
        if len(self.app.screen_stack) <= 2:
            self.app.exit()
        else:
            self.app.pop_screen()

    def _say(self, key: str) -> None:
        self.notify(tr(key, self.lang), timeout=3, markup=False)


class SeatChoice(TapAround, ModalScreen[int | None | str]):
    """Whose view a replay shows: each seat by name and the spectators, those the file may not
    show marked so (chosen anyway, the replay says why it cannot). Dismisses with the seat
    (None: the spectators), or :attr:`CANCEL`."""

    CANCEL = "cancel"

    DEFAULT_CSS = """
    SeatChoice { align: center middle; }
    SeatChoice > Vertical {
        width: 56; max-width: 90%; height: auto; border: round $accent;
        background: $surface; padding: 0 1;
    }
    SeatChoice OptionList { height: auto; max-height: 12; }
    """
    BINDINGS = [Binding("escape,q", "close", "Back", id="replay_seat.close")]

    def __init__(self, names: list[str], shown: set[int | None], now: int | None, lang: str):
        super().__init__()
        self.names = names
        self.shown = shown
        self.now = now
        self.lang = lang

    def seats(self) -> list[int | None]:
        return [*range(len(self.names)), None]

    def compose(self) -> ComposeResult:
        options: list[Option] = []
        for seat in self.seats():
            if seat is None:
                words = tr("replay.seat.spectators", self.lang)
            else:
                name = clean(self.names[seat])
                if seat not in self.shown:
                    name = tr("replay.seat.not_shown", self.lang, name=name)
                words = f"{seat + 1}) {name}"
            options.append(Option(Text(words), id=str(seat)))
        with Vertical():
            yield Label(Text(tr("replay.seat.title", self.lang)), id="seat-title")
            yield OptionList(*options, id="seat-list")
            yield Label(Text(tr("replay.seat.keys", self.lang)), id="seat-keys")

    def on_mount(self) -> None:
        localize_bindings(self, self.lang)
        listing = self.query_one(OptionList)
        listing.highlighted = self.seats().index(self.now)
        listing.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        word = event.option.id
        self.dismiss(None if word == "None" else int(str(word)))

    def on_key(self, event: events.Key) -> None:
        """A seat's number chooses it at once."""
        if event.character is not None and event.character.isdigit():
            n = int(event.character)
            if 1 <= n <= len(self.names):
                event.stop()
                self.dismiss(n - 1)

    def action_close(self) -> None:
        self.dismiss(self.CANCEL)
