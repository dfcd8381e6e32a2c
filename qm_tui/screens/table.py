"""The table: every player's area, your hand, the chain, the log, and the decision in front of you.

The screen reads its :class:`~qm_tui.session.TableSession` in one long-lived worker that turns
session messages into Textual messages. Updates go through a :class:`~qm_tui.playback.Playback`:
their events are shown one step at a time at the player's pace (the chain building and
unwinding, each link's outcome), and everything at once when a decision of the player's
arrives or they skip (``space``). At the end of a game the final table stays until the player
opens the result (``v``). Widgets render state
and post intents (a tile chosen, an option picked); the screen turns intents into calls on the
session, and only ever for options of the pending prompt (only legal choices can be made).
A refusal from the host comes back as a message and is shown, never swallowed.
"""

from __future__ import annotations

import asyncio
import dataclasses
import gc
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.notifications import Notification, Notify
from textual.reactive import Reactive
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Input, OptionList

from qm_rules.describe import (
    Places,
    card_index,
    card_name,
    describe_events,
    describe_option,
    describe_options,
    describe_prompt,
    distinct_options,
    field_places,
    listed,
    worship_progress,
)
from qm_rules.model import Event, Option, Phase, PromptKind, SeatView, View
from qm_rules.shown import DEFS
from qm_tui import config as cfg
from qm_tui.autopass import AutoPass
from qm_tui.bindings import localize_bindings
from qm_tui.clock import Clock
from qm_tui.compositor import SpotCompositor
from qm_tui.i18n import has, tr
from qm_tui.messages import LeaveTable, RematchRequested
from qm_tui.net import lost_reason, refusal, seat_freed_text
from qm_tui.playback import (
    ANCESTOR_NOTES,
    DEFAULT_PACE,
    ChainFrame,
    Playback,
    Step,
    is_resolved,
    next_pace,
    resolved_among,
)
from qm_tui.safe import clean
from qm_tui.seat_words import bot_words
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
    SeatStatus,
    SessionMessage,
    TableSession,
    Update,
)
from qm_tui.stats import GameStats
from qm_tui.widgets.board import Board, BoardFoot
from qm_tui.widgets.chain import ChainStack
from qm_tui.widgets.detail import CardDetail, detail_text, pinned_text
from qm_tui.widgets.field import SLOTS, SeatArea
from qm_tui.widgets.hand import HandRow
from qm_tui.widgets.keybar import KeyBar
from qm_tui.widgets.log import GameLog
from qm_tui.widgets.modals import ConfirmModal, ListModal
from qm_tui.widgets.prompt import PromptBar, keys_words
from qm_tui.widgets.redraw import SteadyHorizontal, SteadyVertical
from qm_tui.widgets.status import Now, TableStatus, now_words
from qm_tui.widgets.tiles import BARE_FIELDS, CARD_MODES, TableTile, field_rows
from qm_tui.widgets.waiting import Waiting

#: Options the "pass" and "end" keys take, in order of preference.
PASS_IDS = ("pass", "none")
END_IDS = ("end", "skip", "decline")
#: The table's actions that answer the question (with ``option(n)``): a key bound to one is
#: held back while a new question's options are dimmed (TableScreen.answer_armed).
ANSWER_ACTIONS = frozenset({"pass", "end", "cancel"})


@dataclass
class SessionArrived(Message):
    """A message from the session, handed from the reader worker to the screen."""

    item: SessionMessage


def option_refs(
    options: tuple[Option, ...],
) -> tuple[dict[int, list[Option]], dict[int, list[Option]]]:
    """Which options name which card (``cid``) and which seat: what a tile's Enter can pick."""
    cards: dict[int, list[Option]] = {}
    seats: dict[int, list[Option]] = {}
    for o in options:
        if o.card is not None:
            cards.setdefault(o.card, []).append(o)
        elif o.seat is not None:
            seats.setdefault(o.seat, []).append(o)
    return cards, seats


class TableScreen(Screen[None]):
    """One game at one table, from one seat (or as a spectator)."""

    CSS_PATH = Path(__file__).with_name("table.tcss")  # absolute: subclasses elsewhere find it
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (120, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (36, "-tall")]
    HELP_AREAS = tuple(
        (area, f"area.table.{area}", f"area.table.{area}.text")
        for area in (
            "status",
            "opponents",
            "mine",
            "board_foot",
            "chain",
            "detail",
            "log",
            "prompt",
            "chat",
            "keys",
        )
    )
    BINDINGS = [
        Binding("1", "option(1)", "Options", id="table.option"),  # its keys: key_display_of
        *(Binding(str(n), f"option({n})", show=False, id=f"table.option{n}") for n in range(2, 10)),
        Binding("0", "option(10)", show=False, id="table.option10"),
        Binding("p", "pass", "Pass", id="table.pass"),
        Binding("e", "end", "End/skip", id="table.end"),
        Binding("a", "autopass", "Auto-pass", id="table.autopass"),
        Binding("escape", "cancel", "Cancel", id="table.cancel", show=False),
        Binding("o", "focus_options", "Option list", id="table.options", show=False),
        Binding("b", "focus_board", "Board", id="table.board", show=False),
        Binding("c", "chat", "Chat", id="table.chat"),
        Binding("l", "log", "Log", id="table.log"),
        Binding("d", "discard", "Discards", id="table.discard"),
        Binding("question_mark", "help", "Help", id="table.help", key_display="?"),
        Binding("k", "legend", "Legend", id="table.legend"),
        Binding("r", "rulebook", "Rules", id="table.rulebook"),
        Binding("g", "gallery", "Cards", id="table.gallery"),
        Binding("x", "concede", "Concede", id="table.concede", show=False),
        Binding("s", "pace", "Pace", id="table.pace", show=False),
        Binding("space", "skip", "Skip", id="table.skip", show=False, priority=True),
        Binding("v", "result", "Result", id="table.result"),  # shown once the game is over
        Binding("up", "navigate(0,-1)", show=False, id="table.up"),
        Binding("down", "navigate(0,1)", show=False, id="table.down"),
        Binding("left", "navigate(-1,0)", show=False, id="table.left"),
        Binding("right", "navigate(1,0)", show=False, id="table.right"),
    ]

    PLAYER_ACTIONS = frozenset(
        {"option", "pass", "end", "cancel", "focus_options", "concede", "autopass"}
    )
    """What only a seated player can do: a watcher is neither shown nor given these keys."""

    DECISION_ACTIONS = frozenset({"option", "pass", "end"})
    """What answers a decision: shown and given only while one of mine waits for an answer."""

    focused: Reactive[Widget | None] = Reactive(None, repaint=False)
    """As Textual's, without a repaint of the whole screen at every move of the focus (every
    widget of the board drawn again for an arrow key): the tiles that gain and lose the focus
    restyle, and so repaint, themselves."""

    #: How often (real seconds) the playback looks at the clock for its next step.
    PLAYBACK_TICK = 1 / 30

    def __init__(
        self,
        session: TableSession,
        *,
        lang: str,
        clock: Clock,
        pace: str | None = None,
        answer_guard: float | None = None,
    ) -> None:
        super().__init__()
        self._compositor = SpotCompositor()  # a frame renders only the widgets it changes
        self.session = session
        self.lang = lang
        self.clock = clock
        self.view: View | None = session.view
        """The view on screen (the playback may be behind the table)."""
        self.deadline_at: float | None = None
        """When the pending prompt's timer runs out (on ``clock``)."""
        self.timer_length: float | None = None
        """That timer's whole length in seconds, as the host told it (None: not told): the
        bar is full at it, not at the time left when this client first saw the clock."""
        self.seat_status: dict[int, SeatStatus] = {}
        self._away_at: dict[int, float] = {}  # when a player went away (a bot steps in later)
        self._away_told: set[int] = set()  # ... and the log said so (see _tell_away)
        self._grace: float | None = None  # ... how long after (the table's grace)
        self.known_cards: dict[int, str] = {}
        """Card instances seen so far (cid -> card id), to name targets that left the view."""
        self.areas: dict[int, SeatArea] = {}
        self.hand: HandRow | None = None
        self.result_shown = False
        self.ended: Ended | None = None
        self._idle_from: tuple[tuple[int, int], float] | None = None  # see _idle_since
        self._end_told = False  # the game's end has arrived (the playback may not be there yet)
        self.closed = False
        """The table closed after the game's end (its last game): the result stays, no rematch."""
        self._closed_said = False
        self._keys_over = False  # whether the key bar shows a finished game's keys
        self._keys_mine = False  # whether it shows the keys of a decision of mine
        self._keys_close: tuple[bool, bool] = (False, False)  # ... and its pass, its end/skip
        self._keys_count = 0  # ... and how many options it has (the keys that pick them)
        """The end of the game, once the playback has reached it (``v`` opens the result)."""
        self.stats = GameStats()
        """What each player did this game (the result shows it)."""
        self.playback = Playback(clock, pace or DEFAULT_PACE)
        self._pace_given = pace is not None
        self._shown: (
            tuple[ChainFrame, Phase | None, int | None, View, tuple[int, int] | None] | None
        ) = None
        """The chain, phase and turn the last step showed, and the view they go with."""
        self._advancing = False
        self._key_unpainted = False
        """A key's answer is waiting for its frame: the playback's next step waits for it."""
        self._build_lock = asyncio.Lock()
        self.updates = 0
        """How many views were rendered (tests and benchmarks wait on it)."""
        self._chosen_seq: int | None = None
        self._phase_open: tuple[str, int] | None = None
        """My action phase, which I played in and did not end, with the note the log tells if
        it ends by itself (nothing more to play): see :meth:`choose`."""
        self.autopass = AutoPass()
        """The player's auto-pass mode (answered here, client-side; reset each turn)."""
        self._detail: tuple[object, ...] = ()
        self.answer_guard = answer_guard
        """Seconds a new question of mine waits before a key answers it (None: the app's, or
        else config.ANSWER_GUARD, read at mount): see :meth:`answer_armed`."""
        self._asked: tuple[int, float] | None = None
        """The last question of mine shown (its ``seq``) and since when the keyboard has been
        quiet for it (on ``clock``): when it appeared, or the last key pressed while its options
        were dimmed (:meth:`_hold_dim`)."""
        self._asked_unseen = False
        """... it appeared while another screen covered the table: it appears at the resume."""
        self._too_soon_toast: Notification | None = None
        """The toast that says a key came too soon: one at a time (:meth:`_tell_too_soon`)."""
        self._unarmed = False  # the option list is shown as not yet taking keys
        self._waiting: Waiting | None = None
        """The question of mine last told to a dialog over the table (:meth:`waiting_question`),
        and once its timer took it, what the timer chose."""
        self._asked_view: View | None = None
        """The last view that asked me a question: what its timer took (:meth:`_name_default`)."""
        self.reconnecting: Reconnecting | None = None
        """The connection is lost and this try to get the seat back comes next (None: not)."""

    # ── layout ──────────────────────────────────────────────────────────────────────────────

    def compose(self) -> ComposeResult:
        self.board = Board(self._board_resized, id="board")
        yield TableStatus(self.clock, id="status")
        with SteadyHorizontal(id="main"):
            with self.board:
                yield SteadyVertical(id="opponents")
                yield SteadyVertical(id="mine")
                yield BoardFoot(markup=False, id="board_foot")
            with SteadyVertical(id="side"):
                yield ChainStack(id="chain")
                yield CardDetail(id="detail")
                yield GameLog(id="log")
        yield PromptBar(self.clock, id="prompt")
        yield Input(id="chat", placeholder=tr("table.chat.placeholder", self.lang))
        yield KeyBar(id="keys")

    def on_mount(self) -> None:
        if self.taken_down:  # left before it was shown: its widgets may be gone already
            return
        self._use_option_keys()
        localize_bindings(self, self.lang)
        self.query_one(KeyBar).show_keys(self)
        self.query_one("#chat", Input).display = False
        self.query_one(CardDetail).show(
            detail_text(None, self.lang, hint=tr("table.detail.hint", self.lang))
        )
        if not self._pace_given:
            self.playback.pace = str(getattr(self.app, "pace", None) or DEFAULT_PACE)
        if self.answer_guard is None:
            guard = getattr(self.app, "answer_guard", None)
            self.answer_guard = cfg.ANSWER_GUARD if guard is None else float(guard)
        self.set_interval(self.PLAYBACK_TICK, self._playback_tick)
        self._show_playback_state()
        self._read_session()

    @property
    def taken_down(self) -> bool:
        """The screen is being removed, or is gone (the player left): nothing more is drawn
        or mounted. (Textual marks every widget of a screen being removed at once, before it
        detaches them one by one.)"""
        return self._pruning or self._closing or not self.is_attached

    def key_display_of(self, binding: Binding) -> str | None:
        """The option keys, in the key bar and the help (``key_words``): those the options of
        my decision have (with none, the binding is not shown: every key an option may take)."""
        if binding.id != "table.option":
            return None
        keys = self.query_one(PromptBar).keys
        return keys_words(self._keys_count or len(keys) + 1, keys)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        over = self.ended is not None or (self.view is not None and self.view.result is not None)
        if action == "result":
            return over
        if over and action in self.PLAYER_ACTIONS:
            return False  # nothing left to choose, pass or concede
        if action in self.DECISION_ACTIONS and not self._keys_mine:
            return False  # another player's decision: nothing of mine to pick, pass or end
        if action in ("pass", "end") and not self._keys_close[action == "end"]:
            return False  # no pass (or no end, skip or decline) among my options
        return not (self.session.seat is None and action in self.PLAYER_ACTIONS)

    def relocalize(self) -> None:
        """The app's language changed: redraw in it (lines already in the log stay as they are)."""
        self.lang = str(getattr(self.app, "lang", self.lang))
        self._use_option_keys()
        localize_bindings(self, self.lang)
        self.query_one(KeyBar).show_keys(self)
        self.query_one("#chat", Input).placeholder = tr("table.chat.placeholder", self.lang)
        self.query_one(PromptBar).forget()
        self.query_one(TableStatus).forget()
        self._show_autopass()
        self._detail = ()
        if self.view is not None:
            self.call_later(self.render_view, self.view)

    @property
    def _laid_out(self) -> bool:
        """The table's widgets are there to fit to a size: composed, and not being taken down.
        A resize can come before (the screen made, not yet composed) or after (the player
        quits while the terminal resizes: "No nodes match '#opponents'" was seen at quit)."""
        return not self.taken_down and bool(self.query("#opponents"))

    def on_resize(self) -> None:
        if not self._laid_out:
            return
        self._card_mode()
        self._keep_chain_rows()
        self.call_after_refresh(self._fit_options)

    #: Rows the chain keeps on a tall screen when there is none (its title, a link, the link's
    #: outcome): a chain of one link comes and goes without moving the card panel and the log
    #: (see ChainStack).
    CHAIN_ROWS = 3

    def _tall_from(self) -> int:
        """The lines from which the screen is tall (its class may not be set yet at a resize)."""
        return dict((c, n) for n, c in self.VERTICAL_BREAKPOINTS)["-tall"]

    def _keep_chain_rows(self) -> None:
        chain = self.query_one(ChainStack)
        tall = self.size.height >= self._tall_from()
        rows = self.CHAIN_ROWS if tall else 0  # (the class may not be set yet at a resize)
        if rows != chain.reserve:
            chain.keep(rows)
            if self.view is not None:
                self._show_chain(self.view)

    #: The option list's rows on a tall screen: the fewest and the most.
    OPTION_ROWS = (4, 9)

    def _fit_options(self, grown: int = 0) -> None:
        """On a tall screen the option list keeps one height, whether it shows options or not:
        every row the board does not need (4 to 9; more options scroll, their count shown).
        A list that grew and shrank with each decision moved the whole board each time: a new
        layout and a redraw of every card, the slowest frames at the table (benchmarks/tui.py).
        It changes only when the board itself needs more or fewer rows (a resize, the hand
        wrapping). On a short screen rows are too few to keep: the list is as long as the
        options (up to 6). ``grown``: rows the board's content takes more than it was last
        laid out with (the hand's rows changed since)."""
        if self.taken_down:
            return
        ol = self.query_one(PromptBar).options_list
        if not self.has_class("-tall"):
            if ol.styles.inline.has_rule("height"):
                ol.styles.height = None  # back to the stylesheet's
            if self.areas and self.size.height < self._tall_from():
                self._set_bare_fields(True)  # rows are too few to keep
            return
        board = self.query_one("#board")
        need = (
            sum(
                child.outer_size.height + child.styles.margin.top + child.styles.margin.bottom
                for child in board.children
                if child.display
            )
            + grown
        )
        least, most = self.OPTION_ROWS
        foot = self.query_one(BoardFoot)  # (shown only while the board overflows: not counted)
        footing = foot.outer_size.height if foot.display else 0
        self._fit_fields(need - footing, board.size.height + ol.outer_size.height - least)
        free = board.size.height + ol.outer_size.height - need
        rows = max(least, min(most, free))
        if ol.outer_size.height != rows or not ol.styles.inline.has_rule("height"):
            ol.styles.height = rows

    _bare_fields = False
    """Whether an empty field is drawn as one line (the board's ``BARE_FIELDS`` class). Framed
    at first: on a board that holds them, the first frames lay out nothing again."""

    def _fit_fields(self, need: int, room: int) -> None:
        """Empty fields keep their framed height when every seat's framed field and the hand
        fit in ``room`` (the board's rows with the option list at its least) — their first card
        is then a repaint, not a layout (see tiles.BARE_FIELDS); else they are one line, so
        that no seat goes out of view for want of a card. ``need``: the rows the board's
        content takes now."""
        mode = next((m for m in CARD_MODES if self.board.has_class(m)), "-cards-line")
        rows = CARD_MODES[mode][0]
        if not self.areas or any(not a.slots[0].outer_size.height for a in self.areas.values()):
            return  # not laid out yet: nothing to measure
        viewer = self.view.viewer if self.view is not None else None
        grown = sum(  # what the empty fields drawn as one line would take more, framed
            max(0, field_rows(mode, seat == viewer) - area.slots[0].outer_size.height)
            for seat, area in self.areas.items()
            if area.display
        )
        self._set_bare_fields(rows == 1 or need + grown > room)

    def _set_bare_fields(self, bare: bool) -> None:
        if bare != self._bare_fields:
            self._bare_fields = bare
            self.board.set_class(bare, BARE_FIELDS)
            self.call_after_refresh(self._fit_options)  # the board's content changed height

    def _card_mode(self) -> None:
        """Cards framed (whole: four edges) when the terminal has the room (100 columns, 30
        lines), one-line tiles below that (the board's class, see tiles.CARD_MODES); below 36
        lines the opponents' cards are a row shorter (tiles.SHORT_OPPONENT_ROWS) so that four
        seats fit, and a fuller table is taller than the board, which then scrolls
        (keep_hand_in_view)."""
        width, height = self.size
        mode = "-cards-line"
        if width >= 100 and height >= 30:
            # below ~145 columns a card is too narrow for every name on two lines
            mode = (
                "-cards-short" if height < 36 else "-cards-tall" if width >= 145 else "-cards-tall3"
            )
        board = self.query_one("#board")
        if not board.has_class(mode):
            board.set_classes(mode)
            board.set_class(self._bare_fields, BARE_FIELDS)
        self._opponent_columns()
        if self.hand is not None:
            self.hand.mode = mode
            self.hand.fit()
            self.keep_hand_in_view()

    #: The opponents' fields go two by two when each of their slots is this wide at least: a
    #: framed card holding every name on two lines, as the hand's are at 160 columns (from
    #: 233 columns, the side column at its widest).
    TWO_COLUMN_SLOT = HandRow.MIN_WIDTH["-cards-tall"]
    TWO_COLUMN_GAP = 2  # cells between the two columns (table.tcss, #opponents.-two)

    def _opponent_columns(self) -> None:
        """Opponents in two columns on a very wide board (two or more of them, framed cards);
        the arrows then go across both (:meth:`board_rows`)."""
        opponents = self.query_one("#opponents", Vertical)
        room = self.board.size.width - 2  # its padding and a scrollbar
        two = (
            not self.board.has_class("-cards-line")
            and len(opponents.children) >= 2
            and (room - self.TWO_COLUMN_GAP) // 2 >= SLOTS * self.TWO_COLUMN_SLOT
        )
        if opponents.has_class("-two") != two:
            opponents.set_class(two, "-two")

    def _board_resized(self) -> None:
        if not self._laid_out:  # (the board's resize, as the screen's: see on_resize)
            return
        self._opponent_columns()
        self.keep_hand_in_view()

    async def _build(self, view: View) -> None:
        """Make every seat's area once the seat count is known: opponents in turn order after
        the viewer, the viewer's own field and hand last (nearest the prompt)."""
        n = len(view.seats)
        me = view.viewer
        start = (me + 1) if me is not None else 0
        order = [(start + i) % n for i in range(n)]
        opponents = [s for s in order if s != me]
        areas = {s: SeatArea(s, classes="-opponent") for s in opponents}
        await self.query_one("#opponents", Vertical).mount_all(list(areas.values()))
        mine = self.query_one("#mine", Vertical)
        if self.taken_down:  # the player left while the opponents were mounted: no board
            return
        if me is not None:
            areas[me] = SeatArea(me, classes="-me")
            self.hand = HandRow(me, id="hand")
            await mine.mount_all([areas[me], self.hand])
        else:
            mine.display = False
        self.areas = areas
        self._card_mode()
        self._keep_chain_rows()
        self.call_after_refresh(self._fit_options)
        # The board is built: move everything alive now (the app, its widgets, the card data)
        # out of the collector's reach. Full collections of it stalled the screen for 60-150 ms
        # at a time (benchmarks/tui.py, --gc-freeze); after this they take ~12 ms. What the
        # last freeze kept is given back first: the previous game's board, frozen while it was
        # alive, is garbage now that could never be collected frozen (8 MiB kept a game). This
        # full collection is paid here, between games, inside the first view.
        gc.unfreeze()
        gc.collect()
        gc.freeze()
        # A frame makes tens of thousands of short-lived objects (strips, segments, styles):
        # at Python's default (a young collection every 700 allocations) the table collected
        # ~6,000 times a game and the older generations often enough to stall a frame. Young
        # collections every 10,000 allocations: ~30 times fewer, and no pause near a frame's.
        # The middle generation is collected every third young collection: it then holds the
        # survivors of three (~15,000 objects), not of eleven, and its pauses stay under ~15 ms
        # of CPU where they reached 30-37 ms (benchmarks/tui.py). The oldest is left to the next
        # game's build (above) unless a hundred of those pass: what survives that far is the
        # table's own state, and a full collection of it stalls the screen for 50-150 ms.
        gc.set_threshold(10_000, 2, 100)

    # ── the session, read by one long-lived worker ──────────────────────────────────────────

    @work(exclusive=True, group="table-session", exit_on_error=False)
    async def _read_session(self) -> None:
        async for item in self.session.messages():
            self.post_message(SessionArrived(item))

    @on(SessionArrived)
    async def _arrived(self, message: SessionArrived) -> None:
        if self.taken_down:  # being popped: queued updates have nowhere to be drawn
            return
        item = message.item
        if isinstance(item, Update):
            await self.apply_update(item)
        elif isinstance(item, Ended):
            self._end_told = True
            self.playback.add_end(item, item.view)
            await self.advance_playback()
        elif isinstance(item, Chat):
            self.query_one(GameLog).add_chat(item.name, item.text)
        elif isinstance(item, Failure) and item.code == "seat_freed":
            # Not a refusal: the host gave our seat up after the game (see seat_freed_text).
            text = seat_freed_text(self.lang)
            self.query_one(GameLog).add_lines([text])
            self.notify(clean(text), severity="warning", timeout=20, markup=False)
        elif isinstance(item, Failure) and item.code == "replaced":
            pass  # the connection closes with it: the Lost that follows says so
        elif isinstance(item, Failure):
            self._chosen_seq = None
            self.query_one(PromptBar).show_sent(False)
            if self.view is not None:
                self.show_status(self.view)
            self.notify(
                clean(
                    tr(
                        "table.error",
                        self.lang,
                        message=refusal(item.code, item.message, self.lang),
                    )
                ),
                severity="error",
                timeout=6,
                markup=False,  # the host wrote the message
            )
        elif isinstance(item, History):
            await self.show_history(item)
        elif isinstance(item, HostMadeParts):
            why = tr("fair.why.absent", self.lang)
            line = tr("fair.host_made", self.lang, names=", ".join(item.names), why=why)
            self.query_one(GameLog).add_lines([clean(line)])
        elif isinstance(item, Seats):
            self._say_seat_changes(item)
            self.seat_status = {s.seat: s for s in item.seats}
            self._note_away(item)
            if self.view is not None:
                await self.render_view(self.view)
        elif isinstance(item, Lost) and item.closed and self._end_told:
            self._table_closed()
        elif isinstance(item, Lost):
            reason = lost_reason(item.reason, item.code, self.lang)
            key = "table.lost" if item.final else "table.reconnecting"
            self.notify(
                clean(tr(key, self.lang, reason=reason)),
                severity="warning",
                timeout=8,
                markup=False,
            )
            if item.final:
                if self.reconnecting is not None and item.code in ("dropped", "silent"):
                    # the retries are spent, the table may come back: where to find it
                    reason += " " + tr("table.lost.come_back", self.lang)
                self._set_reconnecting(None)
                self.post_message(LeaveTable(reason))
        elif isinstance(item, Reconnecting):
            self._set_reconnecting(item)
        elif isinstance(item, Back):
            self._set_reconnecting(None)
            self.notify(tr("table.back", self.lang), timeout=4, markup=False)

    def _table_closed(self) -> None:
        """The host closed the table after telling the game's end (it has played its games,
        or its owner closed it): nothing is lost. The final table and the result stay; only
        the rematch is gone, and the log, a calm note and the result (if open) say so."""
        self.closed = True
        from qm_tui.screens.result import ResultScreen

        for screen in self.app.screen_stack:
            if isinstance(screen, ResultScreen):
                screen.table_closed()
        if self.ended is not None:  # else once the playback has shown the end
            self._say_closed()

    def _say_closed(self) -> None:
        """The log and a calm note: the table has closed (after the game's end is shown)."""
        if self._closed_said:
            return
        self._closed_said = True
        text = tr("table.closed", self.lang)
        self.query_one(GameLog).add_lines([text])
        self.notify(text, timeout=10, markup=False)

    def _set_reconnecting(self, step: Reconnecting | None) -> None:
        """The connection is gone and ``step`` is the next try to get the seat back (None: no
        longer trying): the status line says so instead of whom the table waited for."""
        self.reconnecting = step
        if self.view is not None:
            self.show_status(self.view)

    async def apply_update(self, update: Update) -> None:
        """Take a new view: queue its events for the playback, and show what is due — all of
        it at once when the view asks a decision of this player (the prompt is never late)."""
        view = update.view
        update = dataclasses.replace(update, events=self._name_default(update.events, view.viewer))
        self._asked_view = (
            view if view.prompt is not None and view.prompt.seat == view.viewer else None
        )
        self._note_timeout(update.events, view.viewer)
        self.known_cards.update(card_index(view))
        self._learn_cards(update.events)
        if self.ended is not None and view.result is None:  # a new game at this table
            self.ended, self.stats = None, GameStats()
            self._end_told = False
        self.stats.note(update.events)
        self.stats.note_view(view.turn)
        self.playback.add(update.events, view, update.deadline_at, self._phase_open, update.timer)
        mine = view.viewer
        if any(e.kind == "turn" or (e.kind == "phase" and e.seat == mine) for e in update.events):
            self._phase_open = None  # it moved on (the playback says so if it ended by itself)
        p = view.prompt
        if p is not None and p.seat == view.viewer and p.options and self._chosen_seq != p.seq:
            mode = self.autopass.mode
            passing = self.autopass.should_pass(view)  # (a new turn turns auto-pass off)
            if passing or self.autopass.mode != mode:
                self._show_autopass()
            if passing:  # answered for the player: the playback goes on
                self._chosen_seq = p.seq
                self._send("choose", "pass")
                await self.advance_playback()
                return
            await self.show_steps(self.playback.flush())
        else:
            await self.advance_playback()

    def _learn_cards(self, events: tuple[Event, ...]) -> None:
        """Remember the cards ``events`` name (to name them once they have left the view)."""
        for e in events:
            cid, did = e.data.get("card"), e.data.get("def")
            if isinstance(cid, int) and isinstance(did, str):
                self.known_cards[cid] = did
            cids, dids = e.data.get("cards"), e.data.get("defs")
            if isinstance(cids, list) and isinstance(dids, list) and len(cids) == len(dids):
                self.known_cards.update(zip(cids, dids, strict=True))

    async def show_history(self, history: History) -> None:
        """The game so far (this client came to a game under way), or what was told while the
        connection was down (``missed``: after what is still playing back): into the log at
        once, not played back, and counted for the result's figures."""
        if history.missed:
            await self.show_steps(self.playback.flush())
        self._learn_cards(history.events)
        self.stats.note(history.events)
        # (without the playback's notes of phases of mine that had nothing to play: the
        # history runs the updates' events together, and a phase I closed myself, which no
        # event marks, would read as one that had nothing)
        lines = self._history_lines(history)
        if lines:
            log = self.query_one(GameLog)
            first = [tr("table.history.missed" if history.missed else "table.history", self.lang)]
            if history.omitted:
                first.append(tr("table.history.omitted", self.lang))
            log.add_lines([*first, *lines, tr("table.history.resumed", self.lang)])

    def _history_lines(self, history: History) -> list[str]:
        """The log's lines for a history, with a line where a bot began or stopped playing a
        seat (the live log told it from a seat list; the events alone do not say it): a
        player back at the table after a bot stood in for them reads which moves were the
        bot's (playtest 4, F9)."""
        me, names = self.session.seat, list(history.names)
        lines: list[str] = []
        done = 0
        for s in history.stand_ins:
            at = min(max(s.at, done), len(history.events))
            lines += self._describe(history.events[done:at], me, names)
            done = at
            if s.seat == me:
                key = "seats.bot_took_over.you" if s.playing else "seats.player_back.you"
                lines.append(tr(key, self.lang))
            else:
                key = "seats.bot_took_over" if s.playing else "seats.player_back"
                name = names[s.seat] if 0 <= s.seat < len(names) else f"#{s.seat + 1}"
                lines.append(tr(key, self.lang, name=name))
        return lines + self._describe(history.events[done:], me, names)

    def _describe(
        self,
        events: Sequence[Event],
        viewer: int | None,
        names: Sequence[str],
        places: Places | None = None,
    ) -> list[str]:
        """The log's lines for ``events``, as ``viewer`` may read them; ``places``: where the
        fields' cards lay as they happened (unknown, a target is named without its slot)."""
        return describe_events(events, viewer, self.lang, names, self.known_cards, places=places)

    # ── the playback ────────────────────────────────────────────────────────────────────────

    def _playback_tick(self) -> None:
        """On an interval: if a step is due, show it from the screen's own message queue (in
        order with the session's messages, never beside them). (And the option list of a new
        question is shown taking keys once its moment has passed: :meth:`answer_armed`.)"""
        if self._unarmed and self.answer_armed():
            self._show_armed()
        self._tell_away()
        if self._key_unpainted:
            return  # a key's answer first (see key_answered)
        if self.playback.queue and not self._advancing and self.playback.ready():
            self._advancing = True
            self.call_later(self.advance_playback)

    def key_answered(self) -> None:
        """A key was answered on screen (the focus moved): the playback's next step waits until
        the frame showing that answer has been drawn. A step shown meanwhile would be drawn in
        the same frame, its layout and the cards it changes first (benchmarks/tui.py: an arrow
        while the playback runs); the step waits a frame at most."""
        if not self._key_unpainted:
            self._key_unpainted = True
            self.call_after_refresh(self._key_painted)

    def _key_painted(self) -> None:
        self._key_unpainted = False

    async def advance_playback(self) -> None:
        """Show the steps whose time has come (after the frame answering a key, if one waits:
        the next tick shows them)."""
        self._advancing = False
        if not self.taken_down and not self._key_unpainted:
            await self.show_steps(self.playback.due())

    async def show_steps(self, steps: list[Step]) -> None:
        """Show ``steps`` (several at once when skipping): their log lines, then the last
        chain, phase and board among them."""
        if not steps:
            self._show_playback_state()
            return
        with_view = [step for step in steps if step.view is not None]
        view = with_view[-1].view if with_view else self.view
        if view is not None and any(step.events for step in steps):
            names = [s.name for s in view.seats]
            # whose slot a targeted card is in: as the board still shows it (the steps' view
            # is drawn after their lines), else where the new view has it (placed meanwhile)
            places = field_places(view)
            places.update(field_places(self.view))
            lines: list[str] = []
            for step in steps:
                lines += self._describe(step.events, view.viewer, names, places)
                if step.note:
                    lines.append(self._note_words(step.note, view))
            if lines:
                self.query_one(GameLog).add_lines(lines)
        last = steps[-1]
        ended = next((step.ended for step in steps if isinstance(step.ended, Ended)), None)
        if view is None:
            return
        chain = last.chain if last.chain.links else resolved_among(steps) or last.chain
        self._shown = (chain, last.phase, last.turn_seat, view, last.turn)
        if ended is not None:
            self.ended = ended
            if self.closed:
                self._say_closed()
        if with_view:
            self.deadline_at = with_view[-1].deadline_at
            self.timer_length = with_view[-1].timer
            await self.render_view(view)
        else:
            self._show_chain(view, chain)
            self.show_status(view)
        self._show_playback_state()

    def _show_chain(self, view: View, frame: ChainFrame | None = None) -> None:
        """The chain as the playback last showed it with ``view`` (``frame``, else the one
        noted), or else the view's own."""
        if frame is None and self._shown is not None and self._shown[3] is view:
            frame = self._shown[0]
        lang = self.lang
        over = frame is not None and frame.current is None and is_resolved(frame)
        self.query_one(ChainStack).show(
            view,
            lang,
            tr("table.chain.last" if over else "table.chain", lang),
            frame=frame,
            cards=self.known_cards,
            ahead=self._chain_ahead(),
        )

    def _chain_ahead(self) -> tuple[ChainFrame, ...]:
        """The frames of the chain on screen that the playback has still to draw (up to the
        chain's end): the chain's box takes their rows at once."""
        ahead: list[ChainFrame] = []
        for step in self.playback.queue:
            if not step.chain.links:
                break
            ahead.append(step.chain)
        return tuple(ahead)

    def _show_playback_state(self) -> None:
        lang = self.lang
        behind = self.playback.behind
        keys: tuple[str, ...]
        fields: dict[str, object]
        if behind:  # longest first: the status line draws the first that fits
            keys, fields = (
                ("playback.behind", "playback.behind.short", "playback.behind.tiny"),
                {"n": behind},
            )
        else:
            keys = ("playback.pace", "playback.pace.short")
            fields = {"pace": tr(f"pace.{self.playback.pace}", lang)}
        self.query_one(TableStatus).show_playback([tr(k, lang, **fields) for k in keys])

    async def action_skip(self) -> None:
        """Space: show everything up to now at once (on a card with nothing to skip: choose
        it, as space does there)."""
        if self.playback.queue:
            await self.show_steps(self.playback.flush())
        elif isinstance(self.focused, TableTile):
            self.focused.post_message(TableTile.Chosen(self.focused))

    def action_pace(self) -> None:
        """Fast, normal, slow: how long each step of the playback stays (remembered)."""
        pace = next_pace(self.playback.pace)
        self.playback.pace = pace
        set_pace = getattr(self.app, "set_pace", None)
        if callable(set_pace):
            set_pace(pace)
        words = tr(f"pace.{pace}", self.lang)
        self.notify(tr("playback.pace_set", self.lang, pace=words), timeout=2, markup=False)
        self._show_playback_state()

    def action_result(self) -> None:
        """Open the result of a finished game (the final table stays behind it)."""
        if self.ended is not None:
            self.show_result(self.ended)

    # ── rendering ───────────────────────────────────────────────────────────────────────────

    async def render_view(self, view: View) -> None:
        """Show ``view`` everywhere: status, fields, hand, chain, prompt, the focused card."""
        first = self.view is None or not self.areas
        old_prompt = self.view.prompt if self.view is not None else None
        self.view = view
        asked = view.prompt
        if asked is not None and asked.seat == view.viewer and asked.options:
            if self._chosen_seq != asked.seq:
                self._new_question(asked.seq)
        if not self.areas:
            async with self._build_lock:  # two renders may overlap while the first mounts
                if not self.areas:
                    await self._build(view)
            if self.taken_down:  # the player left while the board was being built
                return
        lang = self.lang
        p = view.prompt
        mine = p is not None and p.seat == view.viewer and bool(p.options)
        cards_ref, seats_ref = option_refs(p.options) if mine and p is not None else ({}, {})
        choosable = frozenset(cards_ref)
        self.show_status(view)
        targeted = frozenset(
            int(t[1:])
            for link in view.chain
            for t in link.targets
            if t[:1] == "c" and t[1:].isdigit()
        )
        for seat, area in self.areas.items():
            sv = view.seats[seat]
            classes = set()
            if seat == view.turn_seat:
                classes.add("-turn")
            if sv.conceded:
                classes.add("-out")
            if seat in seats_ref:
                classes.add("-choosable")
            area.show(
                sv,
                self.seat_header(sv, view),
                lang,
                header_classes=frozenset(classes),
                choosable_cards=choosable,
                targeted=targeted,
            )
        me = view.me()
        if self.hand is not None and me is not None:
            rows = self.hand.rows
            await self.hand.show(me.hand or (), lang, choosable)
            if self.hand.rows != rows:  # the hand takes more or fewer rows: the option list
                # fits the board with them in the same layout (after it, it was a second one)
                height = CARD_MODES.get(self.hand.mode, (1, False))[0]
                self._fit_options(grown=(self.hand.rows - rows) * height)
                # where the hand goes is measured on the board laid out with its new rows (a
                # second row of my hand was left below a board that overflows, out of view)
                self.call_after_refresh(self._hand_in_view_again)
        self._show_chain(view)
        answered = p is not None and self._chosen_seq == p.seq
        if answered and p is not None:  # sent: the options go (the table is moving on)
            pview = dataclasses.replace(view, prompt=dataclasses.replace(p, options=()))
        else:
            pview = view
        now = self.now(view)
        waiting = now_words(now, lang) if now.kind == "over" else tr("table.waiting", lang)
        self.query_one(PromptBar).show(
            pview, lang, self.deadline_at, waiting=waiting, cards=self.known_cards
        )
        shown = distinct_options(p.options, view) if mine and not answered and p is not None else []
        ids = {o.id for o in shown}  # as the options list shows them (the key count)
        close = (any(i in ids for i in PASS_IDS), any(i in ids for i in END_IDS))
        keys = (now.kind == "over", mine and not answered, close, len(ids))
        if keys != (self._keys_over, self._keys_mine, self._keys_close, self._keys_count):
            # the game over: its keys go, v comes; a decision of mine: its keys come (p and e
            # only when it can be passed or ended; the option keys as far as its options go)
            self._keys_over, self._keys_mine, self._keys_close, self._keys_count = keys
            self.query_one(KeyBar).show_keys(self)
        self.query_one(CardDetail).pin(self._pinned_card(view))
        self._refresh_detail()
        new_prompt = (
            mine and p is not None and (old_prompt is None or old_prompt.seq != p.seq or first)
        )
        if new_prompt and p is not None:
            if me is not None and any(c.cid in choosable for c in me.hand or ()):
                self.board.held = False  # my decision is in my hand: show it
            self._focus_for_prompt(p.kind, choosable, frozenset(seats_ref))
        self.keep_hand_in_view()
        await self._auto_pass(view)
        self.updates += 1

    def keep_hand_in_view(self, *, retry: bool = True) -> None:
        """A board taller than the screen (100×30, a full table) scrolls so that my hand and
        field show whole — the opponents' fields above them are what goes out of view, whole
        seats at a time (:meth:`_hand_position`) — unless the player is looking at a card on an
        opponent's field (or picking a target there), or scrolled the board by hand (the wheel:
        see :class:`Board`)."""
        if self.hand is None:
            return
        at = self._hand_position(self.hand)
        focused = self.focused
        if self.board.held or at is None:
            return
        if isinstance(focused, TableTile) and focused.zone != "hand":
            area = self.areas.get(focused.seat)
            mine = self.view is not None and focused.seat == self.view.viewer
            if not mine or area is None or self._board_top(area) < at:
                return  # looking at a card the hand's place would hide
        self.board.scroll_to(y=at, animate=False)
        if retry and at > self.board.max_scroll_y:  # the foot just grew: once it is laid out
            self.call_after_refresh(self._hand_in_view_again)

    def _hand_in_view_again(self) -> None:
        if not self.taken_down:
            self.keep_hand_in_view(retry=False)

    def _board_top(self, w: Widget) -> int:
        """The first row of ``w`` (on the board) in the board's content."""
        y, parent = w.virtual_region.y, w.parent  # (within its parent's border)
        while isinstance(parent, Widget) and parent is not self.board:
            y += parent.styles.gutter.top + parent.virtual_region.y
            parent = parent.parent
        return y

    def _hand_position(self, hand: HandRow) -> int | None:
        """Where the board's top goes for my hand to show whole at its foot with the first row
        in view the top of a seat's area (or of my hand): a card is never cut by the board's top
        edge. The rows that leaves under the hand (one at least) say whose fields are above
        (:class:`BoardFoot`). None while the board is not laid out."""
        board, foot = self.board, self.query_one(BoardFoot)
        seen = board.scrollable_content_region.height
        if not seen or not hand.size.height:
            return None  # done again once it is (the board's resize)
        opponents = [a for a in self.query_one("#opponents").children if isinstance(a, SeatArea)]

        top = self._board_top
        need = top(hand) + hand.size.height - seen  # rows to hide (its size: laid out first)
        if need <= 0:
            foot.show(0, "")
            return 0
        tops = sorted({top(a) for a in opponents} | {top(self.query_one("#mine")), top(hand)})
        at = next((t for t in tops if t > need), need + 1)
        view = self.view
        names = [
            view.seats[a.seat].name if view is not None and a.seat < len(view.seats) else ""
            for a in opponents
            if top(a) < at
        ]
        words = tr("table.board.above", self.lang, names=listed(self.lang, names))
        foot.show(at - need, clean(words))
        return at

    def _say_seat_changes(self, seats: Seats) -> None:
        """Log a bot taking over an away player's seat, and the player taking it back. Not of
        my own seat: I was away then; the history I am given back places both (the seat list
        before my rejoin still said a bot played it, and the log read "Bob is back" in the
        third person after the history)."""
        for new in seats.seats:
            old = self.seat_status.get(new.seat)
            if old is None or new.kind != "human" or old.played_by_bot == new.played_by_bot:
                continue
            if new.seat == self.session.seat:
                continue
            view = self.view
            if view is not None and new.seat < len(view.seats) and view.seats[new.seat].conceded:
                continue  # a player who left concedes; the header says so
            key = "seats.bot_took_over" if new.played_by_bot else "seats.player_back"
            self.query_one(GameLog).add_lines([tr(key, self.lang, name=new.name)])

    def _note_away(self, seats: Seats) -> None:
        """When each player who is away went (as this client learnt it): waiting on them, the
        status line counts down to the bot that will play their seat."""
        self._grace = seats.grace
        for s in seats.seats:
            if s.kind == "human" and not s.connected and not s.played_by_bot:
                self._away_at.setdefault(s.seat, self.clock.now())
            else:
                self._away_at.pop(s.seat, None)
                self._away_told.discard(s.seat)  # away again later: told again

    #: Seconds a player is away before the log says so (a blip of the network is not told).
    AWAY_NOTE = 5.0

    def _tell_away(self) -> None:
        """Log each player away for :attr:`AWAY_NOTE` seconds during a game, once: that the
        table goes on, and when a bot steps in. Without it the others saw only "offline" by
        the name (a host handing the table over: their own clients reconnected, and nothing
        said why; playtest 4, F16)."""
        view, grace = self.view, self._grace
        if not self._away_at or view is None or view.result is not None or grace is None:
            return
        now = self.clock.now()
        for seat, at in self._away_at.items():
            if seat in self._away_told or now - at < self.AWAY_NOTE or seat == view.viewer:
                continue
            if seat >= len(view.seats) or view.seats[seat].conceded:
                continue  # a player who left concedes; the header says so
            self._away_told.add(seat)
            left = max(0, round(at + grace - now))
            line = tr("seats.away_goes_on", self.lang, name=view.seats[seat].name, n=left)
            self.query_one(GameLog).add_lines([line])

    def away_deadline(self, seat: int) -> float | None:
        """When a bot will play the seat of ``seat``'s player, who is away; None if not away."""
        at = self._away_at.get(seat)
        return None if at is None or self._grace is None else at + self._grace

    async def _auto_pass(self, view: View) -> None:
        """Answer "pass" for the player when auto-pass is on (a plain respond/pass only)."""
        mode_before = self.autopass.mode
        passing = self.autopass.should_pass(view)
        if self.autopass.mode != mode_before or passing:
            self._show_autopass()
        if passing:
            await self.choose("pass", by_key=False)

    def _show_autopass(self) -> None:
        mode = self.autopass.mode
        words = "" if mode == "off" else tr(f"autopass.on.{mode}", self.lang)
        self.query_one(PromptBar).show_auto(words)

    async def action_autopass(self) -> None:
        """a: off -> pass unless my cards are targeted -> pass the rest of this turn -> off."""
        view = self.view
        mode = self.autopass.cycle(view.turn if view is not None else None)
        self._show_autopass()
        self.notify(tr(f"autopass.{mode}", self.lang), timeout=4, markup=False)
        if view is not None:
            await self._auto_pass(view)

    def show_status(self, view: View) -> None:
        """The phase strip and the "what now" line for ``view``."""
        lang = self.lang
        phase: Phase | None = view.phase
        turn_seat = view.turn_seat
        turn, round_ = view.turn, view.round
        if self._shown is not None and self._shown[3] is view and view.result is None:
            phase = self._shown[1] or phase
            if self._shown[2] is not None:  # the turn played back, its number with its player
                turn_seat = self._shown[2]
                turn, round_ = self._shown[4] or (turn, round_)
        turn_name = view.seats[turn_seat].name if 0 <= turn_seat < len(view.seats) else ""
        # below 90 columns the round goes, so that the deck and discard still fit
        key = "status.turn" if self.size.width >= 90 else "status.turn_short"
        left = tr(key, lang, turn=turn, round=round_, name=turn_name)
        if view.viewer is None:
            left = tr("seats.watching", lang) + "  " + left
        right = tr("status.piles", lang, deck=view.deck_count, discard=len(view.discard))
        for tag in sorted({p.tag for p in view.prohibitions}):
            right += tr("table.prohibited", lang, tag=tr(f"tag.{tag}", lang))
        now = self.now(view)
        deadline, total = self.deadline_at, self.timer_length
        if now.kind == "away_bot" and view.prompt is not None:
            deadline = self.away_deadline(view.prompt.seat)  # the bot comes first: its clock
            total = self._grace
        if self.reconnecting is not None:  # the table is gone: the tries, not a stale wait
            step = self.reconnecting
            now, deadline, total = Now("reconnecting", f"{step.attempt}/{step.of}"), *step.clock
        self.query_one(TableStatus).show(
            lang=lang,
            phase=phase,
            info_left=left,
            info_right=right,
            now=now,
            deadline_at=deadline,
            total=total,
            idle_since=self._idle_since(view) if now.kind == "waiting" else None,
        )

    def _idle_since(self, view: View) -> float | None:
        """Since when (on the clock) the decision awaited has waited, as this table first saw
        it asked: shown counting up where no timer runs (its host switched the timers off), so
        that the others see how long a player has been idle. None for a bot's decision."""
        p = view.prompt
        if p is None:
            self._idle_from = None
            return None
        status = self.seat_status.get(p.seat)
        if status is not None and (status.kind == "bot" or status.played_by_bot):
            return None  # a bot is never idle for long: nothing to count
        if self._idle_from is None or self._idle_from[0] != (p.seat, p.seq):
            self._idle_from = ((p.seat, p.seq), self.clock.now())
        return self._idle_from[1]

    def now(self, view: View) -> Now:
        """What is wanted at ``view``, in the words of the status line."""
        p = view.prompt
        result = view.result or (self.ended.result if self.ended is not None else None)
        if result is not None:
            w = result.winner
            return Now("over", view.seats[w].name if w is not None else "")
        if p is None:
            return Now("watching" if view.viewer is None else "waiting")
        if p.seat == view.viewer and p.options:
            if self._chosen_seq == p.seq:
                return Now("sent")
            return Now("respond" if self._answering(view) else "mine")
        who = view.seats[p.seat].name
        bot_at = self.away_deadline(p.seat)
        if bot_at is None:
            return Now("waiting", who)
        # away: say what comes first, the bot taking the seat over or the prompt's timer
        timer_at = self.deadline_at
        return Now("away_timer" if timer_at is not None and timer_at < bot_at else "away_bot", who)

    def _note_words(self, note: str, view: View) -> str:
        """A playback note in words; the worship phase's, of a player whose ancestor is on
        the field, says how far its condition is (as of ``view``, the update's)."""
        if note != ANCESTOR_NOTES["worship"] or view.viewer is None:
            return tr(note, self.lang)
        progress = worship_progress(view, view.viewer, self.lang, not_yet=True) or ""
        return tr(note, self.lang, progress=progress)

    @staticmethod
    def _answering(view: View) -> bool:
        """Whether my decision answers a chain: a response, or a step of one being declared
        (its mode, target or cost, asked while the links it answers wait on the chain: a
        first activation of mine is declared with the chain empty)."""
        p = view.prompt
        if p is None:
            return False
        drafting = p.kind in (PromptKind.MODE, PromptKind.TARGET, PromptKind.COST)
        return p.kind is PromptKind.RESPOND or (drafting and bool(view.chain))

    def seat_header(self, sv: SeatView, view: View) -> str:
        """A seat's name line: turn mark, name, connection, hand size, stacked offerings."""
        lang = self.lang
        parts = [(">" if sv.seat == view.turn_seat else " ") + sv.name]
        if sv.seat == view.viewer:
            parts[0] += tr("table.you", lang)
        status = self.seat_status.get(sv.seat)
        if sv.conceded:
            parts.append(tr("table.conceded", lang))
        elif status is not None:  # a bot and how well it plays; else whether they are online
            words = bot_words(status, lang)
            parts.append(words or tr(f"table.conn.{'on' if status.connected else 'off'}", lang))
        parts.append(tr("table.hand_count", lang, n=sv.hand_count))
        if sv.stacked:
            parts.append(tr("table.stacked", lang, n=len(sv.stacked)))
        progress = worship_progress(view, sv.seat, lang) if sv.seat == view.viewer else None
        if progress:  # my ancestor on the field: how far its condition is
            parts.append(progress)
        deciding = view.prompt is not None and view.prompt.seat == sv.seat
        if deciding and view.result is None and self.away_deadline(sv.seat) is None:
            parts.append("... " + tr("table.deciding", lang))  # (away, nobody decides yet)
        return "  ".join(parts)

    def _focus_for_prompt(
        self, kind: PromptKind, cards: frozenset[int], seats: frozenset[int]
    ) -> None:
        """A new decision: targets are picked on the board, everything else in the list; a
        player looking over the board (or typing) is left where they are."""
        on_board = isinstance(self.focused, TableTile)
        if isinstance(self.focused, Input) or (on_board and kind is not PromptKind.TARGET):
            return
        if kind is PromptKind.TARGET:
            for tile in self.board_tiles():
                if (tile.zone == "seat" and tile.seat in seats) or (
                    tile.zone != "seat" and tile.card is not None and tile.card.cid in cards
                ):
                    tile.focus()
                    return
        self.query_one(PromptBar).options_list.focus()

    def _pinned_card(self, view: View) -> Text | None:
        """While I answer a link, or choose for a resolving one, that card's text stays in view."""
        p = view.prompt
        if p is None or p.seat != view.viewer or not view.chain:
            return None
        if p.kind is PromptKind.RESPOND:
            link = view.chain[-1]
            heading = tr("table.answering", self.lang)
        elif p.kind is PromptKind.EFFECT and view.resolving is not None:
            link = view.chain[view.resolving]
            heading = tr("table.resolving", self.lang)
        else:
            return None
        return pinned_text(link.card.card, self.lang, heading)

    def _refresh_detail(self) -> None:
        focused = self.focused
        if isinstance(focused, TableTile):
            self._show_tile_detail(focused)

    def _show_tile_detail(self, tile: TableTile) -> None:
        key: tuple[object, ...] = (
            tile,
            tile.card,
            tile.face_down,
            tile.stacked,
            tile.state,
            self.roomy,
            self.lang,
        )
        if tile.zone == "seat" and self.view is not None:
            key += (self.view.seats[tile.seat], self.view.turn_seat, self.view.prompt)
        if key == self._detail:
            return
        self._detail = key
        detail = self.query_one(CardDetail)
        if tile.card is None:
            hint = tr("table.detail.hint", self.lang)
            if tile.zone == "seat" and self.view is not None:
                sv = self.view.seats[tile.seat]
                names = ", ".join(card_name(c.card, self.lang) for c in sv.stacked)
                hint = self.seat_header(sv, self.view).strip() + (f"\n{names}" if names else "")
            detail.show(detail_text(None, self.lang, hint=hint))
            return
        detail.show(
            detail_text(
                tile.card.card,
                self.lang,
                tapped=tile.card.tapped,
                face_down=tile.face_down,
                negated=tile.state.negated,
                stacked=tile.stacked,
                bilingual=self.roomy,
            )
        )

    @property
    def roomy(self) -> bool:
        """Room for more than the minimum (the card text in both languages)."""
        return self.has_class("-wide") or self.has_class("-tall")

    # ── the board's tiles and moving over them ─────────────────────────────────────────────

    def board_rows(self) -> list[list[TableTile]]:
        """The tiles as rows, top to bottom, as the arrows move over them: the opponents (two
        side by side when the board shows them in two columns), my field, my hand."""
        rows: list[list[TableTile]] = []
        me = self.view.viewer if self.view is not None else None
        others = [a for a in self.areas.values() if a.seat != me]
        step = 2 if self.query_one("#opponents").has_class("-two") else 1
        groups = [others[i : i + step] for i in range(0, len(others), step)]
        if me is not None and me in self.areas:
            groups.append([self.areas[me]])
        for group in groups:
            rows.append([area.header for area in group])
            rows.append([slot for area in group for slot in area.slots])
        if self.hand is not None:
            tiles = self.hand.tiles()
            cols = self.hand.columns
            rows.extend(tiles[i : i + cols] for i in range(0, len(tiles), cols))
        return [r for r in rows if r]

    def board_tiles(self) -> list[TableTile]:
        return [t for row in self.board_rows() for t in row]

    def action_navigate(self, dx: int, dy: int) -> None:
        """Arrows: move the focus over the board (from the list or nowhere: onto the board)."""
        rows = self.board_rows()
        if not rows:
            return
        focused = self.focused
        if not isinstance(focused, TableTile):
            self.action_focus_board()
            return
        self.move_focus(focused, dx, dy)

    def move_focus(self, tile: TableTile, dx: int, dy: int) -> None:
        """An arrow on ``tile`` (called by the tile at once: see tiles.TileHost)."""
        rows = self.board_rows()
        where = [(r, row.index(tile)) for r, row in enumerate(rows) if tile in row]
        if not where:
            return
        r, c = where[0]
        if dx:
            c2 = c + dx
            if 0 <= c2 < len(rows[r]):
                rows[r][c2].focus()
            return
        r2 = r + dy
        if not 0 <= r2 < len(rows):
            return
        here = (c + 0.5) / len(rows[r])  # keep the horizontal position across rows of other widths
        target = rows[r2][min(len(rows[r2]) - 1, int(here * len(rows[r2])))]
        target.focus()
        # a field's card: its seat's area whole (its name line and cards, never cut)
        parent = target.parent
        area = parent.parent if target.zone == "slot" and parent is not None else None
        (area if isinstance(area, SeatArea) else target).scroll_visible(animate=False)

    def show_focused(self, tile: TableTile) -> None:
        """The focus came to ``tile`` (called by the tile at once: see tiles.TileHost); the
        board follows the focus again, not where the wheel left it."""
        self.board.held = False
        self._show_tile_detail(tile)
        self.key_answered()

    @on(TableTile.Chosen)
    async def _tile_chosen(self, message: TableTile.Chosen) -> None:
        """Enter or a click on a tile: take the option that names it, if exactly one does."""
        tile = message.tile
        p = self.view.prompt if self.view is not None else None
        if p is None or p.seat != self.view.viewer or not p.options:  # type: ignore[union-attr]
            return
        cards_ref, seats_ref = option_refs(p.options)
        if tile.zone == "seat":
            opts = seats_ref.get(tile.seat, [])
        else:
            opts = cards_ref.get(tile.card.cid, []) if tile.card is not None else []
        if len(opts) == 1:
            await self.choose(opts[0].id)
        elif len(opts) > 1:  # a second copy's options are listed as the first copy's
            shown = {o.id for o in distinct_options(p.options, self.view)}
            same = self.known_cards.get(opts[0].card or -1)
            listed_as = (
                o.id
                for o in p.options
                if o.id in shown
                and o.kind == opts[0].kind
                and o.card is not None
                and self.known_cards.get(o.card) == same
            )
            self.query_one(PromptBar).highlight(next(listed_as, opts[0].id))
            self.notify(tr("table.tile.several", self.lang), timeout=3, markup=False)

    @on(OptionList.OptionHighlighted, "#prompt-options")
    def _option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        p = self.view.prompt if self.view is not None else None
        if p is None or event.option.id is None:
            return
        opt = p.option(event.option.id)
        if opt is not None and opt.card is not None:
            card_id = self.known_cards.get(opt.card)
            if card_id is not None:
                self.query_one(CardDetail).show(
                    detail_text(card_id, self.lang, bilingual=self.roomy)
                )

    # ── deciding ────────────────────────────────────────────────────────────────────────────

    async def choose(self, option_id: str, *, by_key: bool = True) -> None:
        """Send a choice — only one of the pending prompt's options, and only once a prompt.
        ``by_key``: the player's key, click or Enter, which a question that has only just
        appeared does not take (:meth:`answer_armed`); auto-pass answers at once."""
        view = self.view
        p = view.prompt if view is not None else None
        if p is None or view is None or p.seat != view.viewer or p.option(option_id) is None:
            self.notify(
                tr("table.no_option", self.lang), severity="warning", timeout=3, markup=False
            )
            return
        if self._chosen_seq == p.seq:
            return  # already answered; the new view is on its way
        if by_key and not self.answer_armed():
            self._hold_dim(self.clock.now())  # a click, or a key the table never saw
            self._tell_too_soon()
            return
        self._chosen_seq = p.seq
        self.query_one(PromptBar).show_sent(True)
        if p.kind is PromptKind.ACTION:
            self._phase_open = self._played_in_action(view, option_id)
        self.show_status(view)  # "sent", no longer "your turn"
        # Sent once that is on screen: the key is answered by the next frame. Sent at once, the
        # reply (the host runs in this loop under ``qingming play``) came back and was drawn
        # first, and the key's answer waited for the host's turn and the next view's layout
        # (benchmarks/tui.py: number key -> answer frame). The send waits a frame at most.
        self.call_after_refresh(self._send, "choose", option_id)

    @staticmethod
    def _played_in_action(view: View, option_id: str) -> tuple[str, int] | None:
        """Choosing ``option_id`` in my action phase: None if it ends the phase; else the
        phase stays mine to end, with the free slots left once the card is down: if the engine
        ends the phase (nothing more can be played) the log says why — no free slot left, or
        nothing left that may be played (:func:`qm_tui.playback.closed_words`)."""
        p, me = view.prompt, view.me()
        if p is None or me is None or option_id == p.default:
            return None
        option = p.option(option_id)
        free = sum(1 for s in me.slots if s.card is None and not s.face_down)
        takes = option is not None and option.kind in ("play", "set")
        return ("action", free - (1 if takes else 0))

    # Not exclusive: a chat line must not cancel a choice on its way (nor the reverse); the
    # client's send lock keeps them in order.
    @work(group="table-send", exit_on_error=False)
    async def _send(self, method: str, *args: str) -> None:
        """One request to the session, off the screen's message queue: a host that stops
        reading (its socket buffer full) must not freeze the screen."""
        try:
            await getattr(self.session, method)(*args)
        except Exception as exc:  # the connection failed under us: say so
            if method == "choose":
                self._chosen_seq = None
                self.query_one(PromptBar).show_sent(False)
                if self.view is not None:
                    self.show_status(self.view)
            self.notify(
                clean(tr("table.error", self.lang, message=str(exc) or type(exc).__name__)),
                severity="error",
                markup=False,
            )

    # ── the answer guard: a key meant for one question must not answer the next ─────────────

    def _new_question(self, seq: int) -> None:
        """A question of mine is on screen: if it is a new one (not the same one drawn again,
        re-sent after a reconnection, or in another language), its keys wait a moment."""
        if self._asked is not None and self._asked[0] == seq:
            return
        self._asked = (seq, self.clock.now())
        self._asked_unseen = not self.is_active  # a dialog over the table takes the keys
        self._show_armed()

    def answer_armed(self, at: float | None = None) -> bool:
        """Whether a key (pressed ``at``, default now) may answer the question on screen: only
        once the keyboard has been quiet for ``answer_guard`` seconds since it appeared. A key
        pressed sooner was meant for what was there before (a playtester's ``1``, meant as their
        next action, flipped a trap on a placement prompt that had appeared 0.3 s before), and
        every key pressed while the options are dimmed dims them for as long again: a held or
        hammered key never answers a question that came in the middle of it (playtest 4: ``1``
        pressed every 0.3 s across a bot's turn flipped a counter and paid its two costs).
        The timer and auto-pass do not wait."""
        asked, guard = self._asked, self.answer_guard
        if asked is None or not guard:
            return True
        return (self.clock.now() if at is None else at) - asked[1] >= guard

    def _hold_dim(self, at: float) -> None:
        """A key pressed ``at`` while the options are dimmed: they stay dimmed until the
        keyboard has been quiet for the whole moment again (a debounce)."""
        if self._asked is not None and at > self._asked[1]:
            self._asked = (self._asked[0], at)
        self._show_armed()

    def _question_open(self) -> bool:
        """A question of mine is on screen, not yet answered (the one the guard times)."""
        view = self.view
        p = view.prompt if view is not None else None
        return (
            p is not None
            and view is not None
            and p.seat == view.viewer
            and bool(p.options)
            and self._chosen_seq != p.seq
            and self._asked is not None
            and self._asked[0] == p.seq
        )

    def _key_answers(self, event: events.Key) -> bool:
        """Whether ``event`` would answer the question: a key bound here to an option, pass,
        end or cancel, a letter naming an option, or Enter on the option list. (Enter or space
        on a card are the card's priority keys, which never come by here: :meth:`choose` holds
        them back.)"""
        for binding in self._bindings.key_to_bindings.get(event.key, ()):
            if binding.action.startswith("option(") or binding.action in ANSWER_ACTIONS:
                return True
        bar = self.query_one(PromptBar)
        if event.character is not None and bar.index_for_key(event.character) is not None:
            return True
        return event.key == "enter" and self.focused is bar.options_list

    def _held_back(self, event: events.Key) -> bool:
        """A key pressed while the question's options are dimmed (by its press time, which
        under load can be well before the table handles it): the dim starts over, and if the
        key would answer, it does not (the player told why). True: the key is not to be used."""
        if not self._question_open():
            return False
        at = self.clock.at(event.time)
        if self.answer_armed(at):
            return False
        self._hold_dim(at)
        if not self._key_answers(event):
            return False
        self._tell_too_soon()
        return True

    def _tell_too_soon(self) -> None:
        """Say that a key came too soon and did not answer: one toast at a time. A burst of
        keys added one per question (per key, had it been asked), and stacked toasts of CJK
        text clipped each other at 80x24 (playtest 4). (One toast can still lose a character
        where an edge of a widget beneath it cuts through one: Textual's compositor, its issue
        6357.)"""
        told = self._too_soon_toast
        if told is not None and not told.has_expired:
            return
        told = Notification(tr("table.guard.too_soon", self.lang), timeout=3, markup=False)
        self._too_soon_toast = told
        self.app.post_message(Notify(told))

    def _show_armed(self) -> None:
        """The option list looks not yet armed (dimmed) until its keys answer it."""
        unarmed = not self.answer_armed()
        if unarmed != self._unarmed:
            self._unarmed = unarmed
            self.query_one(PromptBar).show_armed(not unarmed)

    def on_screen_resume(self) -> None:
        """Back on top: a question that came while a dialog covered the table appears now, so
        its moment starts now."""
        if self._asked_unseen and self._asked is not None:
            self._asked = (self._asked[0], self.clock.now())
            self._show_armed()
        self._asked_unseen = False

    # ── a dialog over the table: the question waiting behind it ────────────────────────────

    def waiting_question(self) -> Waiting | None:
        """The question of mine the table waits on (as the host last sent it, whatever the
        playback shows), with its deadline; or, once its timer ran out, that question and what
        the timer took. The host's timers do not pause for one player: a dialog over the table
        (quitting, leaving) tells this (see widgets.waiting)."""
        view = self.session.view or self.view
        p = view.prompt if view is not None else None
        if (
            view is not None
            and p is not None
            and p.seat == view.viewer
            and p.options
            and view.result is None
            and self._chosen_seq != p.seq
        ):
            if self._waiting is None or self._waiting.seq != p.seq or self._waiting.timed_out:
                what = describe_prompt(view, self.lang)
                self._waiting = Waiting(p.seq, what, self.deadline_at)
            return self._waiting
        return self._waiting if self._waiting is not None and self._waiting.timed_out else None

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
        out = list(events)
        for i, e in enumerate(out):
            if e.kind == "timeout" and e.seat == me:
                opt = p.option(p.default)
                if e.data.get("option") is None and opt is not None:
                    shown = distinct_options(p.options, asked)
                    labels = dict(
                        zip(
                            (o.id for o in shown),
                            describe_options(shown, asked, self.lang, self.known_cards),
                            strict=True,
                        )
                    )
                    what = labels.get(opt.id) or describe_option(
                        opt, asked, self.lang, self.known_cards
                    )
                    out[i] = Event(e.kind, e.seat, {**e.data, "took": what}, e.to)
                break
        return tuple(out)

    def _note_timeout(self, events: Sequence[Event], me: int | None) -> None:
        """The host's timer answered my question (told as a ``timeout`` event of my seat)."""
        waiting = self._waiting
        if me is None or waiting is None or waiting.timed_out:
            return
        for e in events:
            if e.kind == "timeout" and e.seat == me:
                option, what = str(e.data.get("option")), e.data.get("took")
                key = f"log.timeout.{option}"
                if not has(key) and isinstance(what, str):  # named by _name_default
                    key = "log.timeout.took"
                took = tr(key if has(key) else "log.timeout.default", self.lang, what=what)
                self._waiting = dataclasses.replace(waiting, timed_out=took)
                return

    @on(PromptBar.Chosen)
    async def _prompt_chosen(self, message: PromptBar.Chosen) -> None:
        await self.choose(message.option_id)

    def _prompt_ids(self) -> tuple[str, ...]:
        view = self.view
        if view is None or view.prompt is None or view.prompt.seat != view.viewer:
            return ()
        return tuple(o.id for o in distinct_options(view.prompt.options, view))  # as listed

    async def action_option(self, n: int) -> None:
        ids = self._prompt_ids()
        if 1 <= n <= len(ids):
            await self.choose(ids[n - 1])

    def _use_option_keys(self) -> None:
        """Options past 0 take letters; never one the table or the app binds to something."""
        keys = (
            b.key if isinstance(b, Binding) else b[0] for b in (*self.BINDINGS, *self.app.BINDINGS)
        )
        reserved = {k.strip() for key in keys for k in key.split(",")}
        self.query_one(PromptBar).use_keys(reserved, tr("table.option_count", self.lang))

    async def on_key(self, event: events.Key) -> None:
        """A key pressed while a new question's options are dimmed is held back
        (:meth:`_held_back`): it reaches here before the bindings run. A letter that names an
        option (past 1-9 and 0) picks it, as the digits do."""
        if isinstance(self.focused, Input):
            return
        if self._held_back(event):
            event.stop()
            return
        if event.character is None:
            return
        i = self.query_one(PromptBar).index_for_key(event.character)
        if i is not None and i >= 10:
            event.stop()
            await self.action_option(i + 1)

    async def _first_of(self, wanted: tuple[str, ...]) -> None:
        ids = self._prompt_ids()
        for option_id in wanted:
            if option_id in ids:
                await self.choose(option_id)
                return

    async def action_pass(self) -> None:
        await self._first_of(PASS_IDS)

    async def action_end(self) -> None:
        await self._first_of(END_IDS)

    async def action_cancel(self) -> None:
        """Escape: close the chat line if it is open, else cancel the activation being made."""
        chat = self.query_one("#chat", Input)
        if chat.display:
            chat.value = ""
            chat.display = False
            self.action_focus_options()
            return
        await self._first_of(("cancel",))

    def action_focus_options(self) -> None:
        self.query_one(PromptBar).options_list.focus()

    def action_focus_board(self) -> None:
        tiles = self.board_tiles()
        for tile in tiles:
            if "-choosable" in tile.classes:
                tile.focus()
                return
        if tiles:
            tiles[0].focus()

    # ── chat, log, discard pile, other screens ──────────────────────────────────────────────

    def action_chat(self) -> None:
        chat = self.query_one("#chat", Input)
        chat.display = True
        chat.focus()

    @on(Input.Submitted, "#chat")
    def _chat_sent(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        event.input.value = ""
        event.input.display = False
        self.action_focus_options()
        if text:
            self._send("chat", text)

    def action_log(self) -> None:
        log = self.query_one(GameLog)
        self.app.push_screen(ListModal(tr("table.log.title", self.lang), list(log.lines_written)))

    def action_discard(self) -> None:
        pile = self.view.discard if self.view is not None else ()
        lines = [f"{i}. {card_name(c.card, self.lang)}" for i, c in enumerate(reversed(pile), 1)]
        title = tr("table.discard.title", self.lang, n=len(pile))
        self.app.push_screen(ListModal(title, lines, tr("table.discard.empty", self.lang)))

    def action_legend(self) -> None:
        from qm_tui.screens.legend import LegendScreen

        self.app.push_screen(LegendScreen(self.lang))

    def action_help(self) -> None:
        from qm_tui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen.for_screen(self, self.lang))  # type: ignore[arg-type]

    def action_rulebook(self) -> None:
        from qm_tui.screens.rulebook import RulebookScreen

        self.app.push_screen(RulebookScreen(self.lang))

    def action_gallery(self) -> None:
        from qm_tui.screens.gallery import GalleryScreen

        focused = self.focused
        card_id = focused.card.card if isinstance(focused, TableTile) and focused.card else None
        self.app.push_screen(GalleryScreen(self.lang, card_id=card_id if card_id in DEFS else None))

    def action_concede(self) -> None:
        def answered(yes: bool | None) -> None:
            if yes:
                self._send("concede")

        ask = ConfirmModal(
            tr("table.concede.ask", self.lang),
            tr("table.yes", self.lang),
            tr("table.no", self.lang),
            waiting=self.waiting_question,  # its timer goes on behind the question
            clock=self.clock,
            lang=self.lang,
        )
        self.app.push_screen(ask, answered)

    # ── the end ─────────────────────────────────────────────────────────────────────────────

    def show_result(self, ended: Ended) -> None:
        """Push the result screen; its answer (rematch or leave) goes to the session and app."""
        from qm_tui.screens.result import ResultScreen

        if self.result_shown:
            return
        self.result_shown = True

        async def answered(choice: str | None) -> None:
            self.result_shown = False
            if choice is None:
                return  # back to the final table; v opens the result again
            # The table is the app's: it goes back to the waiting room (rematch), or closes
            # the connection.
            self.ended, self.stats = None, GameStats()
            self.post_message(RematchRequested() if choice == "rematch" else LeaveTable())

        log = self.query_one(GameLog).lines_written[-8:]
        result = ResultScreen(
            ended.result,
            ended.view,
            self.lang,
            stats=self.stats,
            log=log,
            fair=ended.fair,
            record_path=ended.record_path,
            seats=self.seat_status,
            closed=self.closed,
        )
        self.app.push_screen(result, answered)
