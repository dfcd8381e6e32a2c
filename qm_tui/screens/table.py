"""The table: every player's area, your hand, the chain, the log, and the decision in front of you.

The screen reads its :class:`~qm_tui.session.TableSession` in one long-lived worker that turns
session messages into Textual messages, each handled by its type
(:class:`~qm_tui.screens.table_session.SessionHandlers`). Updates go through a
:class:`~qm_tui.playback.Playback`: their events are shown one step at a time at the player's
pace (the chain building and unwinding, each link's outcome), and everything at once when a
decision of the player's arrives or they skip (``space``). At the end of a game the final table
stays until the player opens the result (``v``). What is shown is worked out without Textual
(:class:`~qm_tui.table_model.TableModel`); widgets draw it and post intents (a tile chosen, an
option picked); the screen turns intents into calls on the session, and only ever for options
of the pending prompt (only legal choices can be made). A key meant for one question never
answers the next (:class:`~qm_tui.answer_guard.AnswerGuard`). The board's sizes and places are
:class:`~qm_tui.screens.table_layout.BoardLayout`'s. A refusal from the host comes back as a
message and is shown, never swallowed.
"""

from __future__ import annotations

import asyncio
import dataclasses
from dataclasses import dataclass
from pathlib import Path
from typing import Generic, TypeVar, cast

from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.message import Message
from textual.reactive import Reactive
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Input, OptionList

from qm_rules.model import PromptKind, SeatView, View
from qm_tui import config as cfg
from qm_tui.answer_guard import AnswerGuard
from qm_tui.autopass import AutoPass
from qm_tui.bindings import localize_bindings
from qm_tui.clock import Clock
from qm_tui.compositor import SpotCompositor
from qm_tui.i18n import tr
from qm_tui.playback import (
    DEFAULT_PACE,
    ChainFrame,
    Playback,
    Step,
)
from qm_tui.safe import clean
from qm_tui.screens import table_dialogs
from qm_tui.screens.table_bindings import HELP_AREAS, TABLE_KEYS
from qm_tui.screens.table_detail import CardPanel
from qm_tui.screens.table_keys import GuardedKeys
from qm_tui.screens.table_layout import BoardLayout
from qm_tui.screens.table_playback import PlaybackShow
from qm_tui.screens.table_session import SessionHandlers
from qm_tui.session import (
    Ended,
    History,
    Reconnecting,
    SeatStatus,
    SessionMessage,
    TableSession,
    Update,
)
from qm_tui.stats import GameStats
from qm_tui.table_model import (
    END_IDS,
    PASS_IDS,
    KeyState,
    Now,
    TableModel,
    chain_targets,
    names_on_board,
    played_in_action,
)
from qm_tui.widgets.banner import ResultBanner
from qm_tui.widgets.board import Board, BoardFoot
from qm_tui.widgets.chain import ChainStack
from qm_tui.widgets.detail import CardDetail, detail_text
from qm_tui.widgets.field import SeatArea, header_line
from qm_tui.widgets.hand import HandRow
from qm_tui.widgets.keybar import KeyBar
from qm_tui.widgets.log import GameLog
from qm_tui.widgets.prompt import PromptBar, keys_words
from qm_tui.widgets.redraw import SteadyHorizontal, SteadyVertical
from qm_tui.widgets.status import TableStatus, now_words
from qm_tui.widgets.tiles import CARD_MODES, TableTile
from qm_tui.widgets.waiting import Waiting

T = TypeVar("T")


class OnModel(Generic[T]):
    """An attribute of the table screen that its model holds (``TableModel.<name>``)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __get__(self, table: TableScreen, owner: type | None = None) -> T:
        return cast(T, getattr(table.model, self.name))

    def __set__(self, table: TableScreen, value: T) -> None:
        setattr(table.model, self.name, value)


@dataclass
class SessionArrived(Message):
    """A message from the session, handed from the reader worker to the screen."""

    item: SessionMessage


class TableScreen(Screen[None]):
    """One game at one table, from one seat (or as a spectator)."""

    CSS_PATH = Path(__file__).with_name("table.tcss")  # absolute: subclasses elsewhere find it
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (120, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (36, "-tall")]
    HELP_AREAS = HELP_AREAS
    BINDINGS = TABLE_KEYS

    BAR_KEEPS: tuple[str, ...] = ("help",)
    """Keys the key bar shows at any width (the others go from its end where it is narrow):
    the help, which lists every key."""

    PLAYER_ACTIONS = frozenset(
        {"option", "pass", "end", "cancel", "focus_options", "concede", "autopass", "take_back"}
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

    TWO_COLUMN_SLOT = BoardLayout.TWO_COLUMN_SLOT

    MODEL: type[TableModel] = TableModel
    """What works out what is shown (a replay's: no one is idle in it)."""

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
        self.model = self.MODEL(clock, session.view)
        """What is shown, worked out without Textual."""
        self.guard = AnswerGuard(clock, answer_guard)
        """When a key may answer the question on screen (the moment: None until mounted, the
        app's or else config.ANSWER_GUARD): see :meth:`answer_armed`."""
        self.board_layout = BoardLayout(self)
        self.areas: dict[int, SeatArea] = {}
        self.hand: HandRow | None = None
        self.result_shown = False
        self.closed = False
        """The table closed after the game's end (its last game): the result stays, no rematch."""
        self._keys = KeyState()  # what the key bar shows (a finished game's keys, mine...)
        self.stats = GameStats()
        """What each player did this game (the result shows it)."""
        self.stats_before: list[GameStats] = []
        """The figures as they were before each of my latest decisions (``u`` takes one back)."""
        self.playback = Playback(clock, pace or DEFAULT_PACE)
        self._pace_given = pace is not None
        self._build_lock = asyncio.Lock()
        self.updates = 0
        """How many views were rendered (tests and benchmarks wait on it)."""
        self.phase_open: tuple[str, int] | None = None
        """My action phase, which I played in and did not end, with the note the log tells if
        it ends by itself (nothing more to play): see :meth:`choose`."""
        self.autopass = AutoPass()
        """The player's auto-pass mode (answered here, client-side; reset each turn)."""
        self.waiting: Waiting | None = None
        """The question of mine last told to a dialog over the table (:meth:`waiting_question`),
        and once its timer took it, what the timer chose."""
        self.handlers = SessionHandlers(self)
        self.playback_show = PlaybackShow(self)
        self.keys = GuardedKeys(self)
        self.card_panel = CardPanel(self)

    # ── the model's state, as the screen's ──────────────────────────────────────────────────

    view = OnModel[View | None]("view")
    """The view on screen (the playback may be behind the table)."""
    deadline_at = OnModel[float | None]("deadline_at")
    _chosen_seq = OnModel[int | None]("chosen_seq")
    ended = OnModel[Ended | None]("ended")
    seat_status = OnModel[dict[int, SeatStatus]]("seat_status")
    known_cards = OnModel[dict[int, str]]("known_cards")
    reconnecting = OnModel[Reconnecting | None]("reconnecting")

    @property
    def answer_guard(self) -> float | None:
        return self.guard.moment

    @answer_guard.setter
    def answer_guard(self, moment: float | None) -> None:
        self.guard.moment = moment

    # ── layout ──────────────────────────────────────────────────────────────────────────────

    def compose(self) -> ComposeResult:
        self.board = Board(self._board_resized, self._board_scrolled, id="board")
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
        yield ResultBanner(id="banner")

    def on_mount(self) -> None:
        if self.taken_down:  # left before it was shown: its widgets may be gone already
            return
        self.keys.use_option_keys()
        localize_bindings(self, self.lang)
        self.query_one(KeyBar).show_keys(self)
        self.query_one("#chat", Input).display = False
        self.query_one(CardDetail).show(
            detail_text(None, self.lang, hint=tr("table.detail.hint", self.lang))
        )
        if not self._pace_given:
            self.playback.pace = str(getattr(self.app, "pace", None) or DEFAULT_PACE)
        if self.guard.moment is None:
            guard = getattr(self.app, "answer_guard", None)
            self.guard.moment = cfg.ANSWER_GUARD if guard is None else float(guard)
        self.set_interval(self.PLAYBACK_TICK, self.playback_show.tick)
        self.playback_show.show_state()
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
        return keys_words(self._keys.count or len(keys) + 1, keys)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        over = self.ended is not None or (self.view is not None and self.view.result is not None)
        if action == "result":
            return over
        if over and action in self.PLAYER_ACTIONS:
            return False  # nothing left to choose, pass or concede
        if action in self.DECISION_ACTIONS and not self._keys.mine:
            return False  # another player's decision: nothing of mine to pick, pass or end
        if action in ("pass", "end") and not self._keys.close[action == "end"]:
            return False  # no pass (or no end, skip or decline) among my options
        if action == "take_back" and not self.session.can_take_back:
            return False  # only a player alone with bots, at a host that does it
        return not (self.session.seat is None and action in self.PLAYER_ACTIONS)

    def relocalize(self) -> None:
        """The app's language changed: redraw in it (lines already in the log stay as they are)."""
        self.lang = str(getattr(self.app, "lang", self.lang))
        self.keys.use_option_keys()
        localize_bindings(self, self.lang)
        self.query_one(KeyBar).show_keys(self)
        self.query_one("#chat", Input).placeholder = tr("table.chat.placeholder", self.lang)
        self.query_one(PromptBar).forget()
        self.query_one(TableStatus).forget()
        self.show_autopass()
        self.card_panel.shown = ()
        if self.view is not None:
            self.call_later(self.render_view, self.view)

    # ── the board's layout (BoardLayout's) ──────────────────────────────────────────────────

    def on_resize(self) -> None:
        self.board_layout.resized()

    def _board_resized(self) -> None:
        self.board_layout.board_resized()

    def _board_scrolled(self) -> None:
        self.board_layout.say_hidden()

    def keep_hand_in_view(self, *, retry: bool = True) -> None:
        self.board_layout.keep_hand_in_view(retry=retry)

    def board_rows(self) -> list[list[TableTile]]:
        return self.board_layout.board_rows()

    def board_tiles(self) -> list[TableTile]:
        return self.board_layout.board_tiles()

    async def _build(self, view: View) -> None:
        await self.board_layout.build(view)

    def move_focus(self, tile: TableTile, dx: int, dy: int) -> None:
        """An arrow on ``tile`` (called by the tile at once: see tiles.TileHost)."""
        self.board_layout.move_focus(tile, dx, dy)

    # ── the session, read by one long-lived worker ──────────────────────────────────────────

    @work(exclusive=True, group="table-session", exit_on_error=False)
    async def _read_session(self) -> None:
        async for item in self.session.messages():
            self.post_message(SessionArrived(item))

    @on(SessionArrived)
    async def _arrived(self, message: SessionArrived) -> None:
        if self.taken_down:  # being popped: queued updates have nowhere to be drawn
            return
        await self.handlers.dispatch(message.item)

    async def apply_update(self, update: Update) -> None:
        await self.handlers.apply_update(update)

    async def show_history(self, history: History) -> None:
        await self.handlers.show_history(history)

    # ── the playback (PlaybackShow's) ───────────────────────────────────────────────────────

    def key_answered(self) -> None:
        """A key was answered on screen: the playback's next step waits for its frame."""
        self.playback_show.key_answered()

    async def advance_playback(self) -> None:
        await self.playback_show.advance()

    async def show_steps(self, steps: list[Step]) -> None:
        """Show ``steps`` (several at once when skipping)."""
        await self.playback_show.show_steps(steps)

    def show_chain(self, view: View, frame: ChainFrame | None = None) -> None:
        self.playback_show.show_chain(view, frame)

    async def action_skip(self) -> None:
        await self.playback_show.skip()

    def action_pace(self) -> None:
        self.playback_show.pace()

    def action_other_lang(self) -> None:
        """The focused card's name and text in the other language too, or no longer."""
        self.card_panel.toggle_other_lang()

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
        if asked is not None and self.model.my_question(view) and self._chosen_seq != asked.seq:
            self.keys.new_question(asked.seq)
        if not self.areas:
            async with self._build_lock:  # two renders may overlap while the first mounts
                if not self.areas:
                    await self._build(view)
            if self.taken_down:  # the player left while the board was being built
                return
        lang = self.lang
        p = view.prompt
        model = self.model
        mine = model.my_question(view)
        refs = model.refs(view)
        choosable = frozenset(refs.cards)
        self.show_status(view)
        targeted = chain_targets(view)
        peers = names_on_board(view, lang)
        for seat, area in self.areas.items():
            sv = view.seats[seat]
            area.show(
                sv,
                model.seat_header(sv, view, lang),
                lang,
                header_classes=model.header_classes(sv, view, refs),
                choosable_cards=choosable,
                targeted=targeted,
                peers=peers,
            )
        me = view.me()
        if self.hand is not None and me is not None:
            rows = self.hand.rows
            await self.hand.show(me.hand or (), lang, choosable, peers)
            if self.hand.rows != rows:  # the hand takes more or fewer rows: the option list
                # fits the board with them in the same layout (after it, it was a second one)
                height = CARD_MODES.get(self.hand.mode, (1, False))[0]
                self.board_layout.fit_options(grown=(self.hand.rows - rows) * height)
                # where the hand goes is measured on the board laid out with its new rows (a
                # second row of my hand was left below a board that overflows, out of view)
                self.call_after_refresh(self.board_layout.hand_in_view_again)
        self.show_chain(view)
        answered = model.answered(view)
        if answered and p is not None:  # sent: the options go (the table is moving on)
            pview = dataclasses.replace(view, prompt=dataclasses.replace(p, options=()))
        else:
            pview = view
        now = self.now(view)
        waiting = self.over_words(now) if now.kind == "over" else tr("table.waiting", lang)
        self.query_one(PromptBar).show(
            pview, lang, self.deadline_at, waiting=waiting, cards=self.known_cards
        )
        keys = model.keys(view, now)
        if keys != self._keys:
            # the game over: its keys go, v comes; a decision of mine: its keys come (p and e
            # only when it can be passed or ended; the option keys as far as its options go)
            self._keys = keys
            self.query_one(KeyBar).show_keys(self)
        self.query_one(CardDetail).pin(self.card_panel.pinned(view))
        self.card_panel.refresh()
        new_prompt = (
            mine and p is not None and (old_prompt is None or old_prompt.seq != p.seq or first)
        )
        if new_prompt and p is not None:
            if me is not None and any(c.cid in choosable for c in me.hand or ()):
                self.board.held = False  # my decision is in my hand: show it
            self.card_panel.focus_for_prompt(p.kind, choosable, frozenset(refs.seats))
        self.keep_hand_in_view()
        await self._auto_pass(view)
        bell = bool(getattr(self.app, "bell_on", False))
        self.query_one(ResultBanner).show(self.model.banner(view, self.lang), bell=bell)
        self.updates += 1

    def over_words(self, now: Now) -> str:
        """The prompt line's words once the game is over: who won, and that ``v`` opens the
        result."""
        return now_words(now, self.lang)

    async def _auto_pass(self, view: View) -> None:
        """Answer "pass" for the player when auto-pass is on (a plain respond/pass only)."""
        mode_before = self.autopass.mode
        passing = self.autopass.should_pass(view)
        if self.autopass.mode != mode_before or passing:
            self.show_autopass()
        if passing:
            await self.choose("pass", by_key=False)

    def show_autopass(self) -> None:
        mode = self.autopass.mode
        words = "" if mode == "off" else tr(f"autopass.on.{mode}", self.lang)
        self.query_one(PromptBar).show_auto(words)

    async def action_autopass(self) -> None:
        """a: off -> pass unless my cards are targeted -> pass the rest of this turn -> off."""
        view = self.view
        mode = self.autopass.cycle(view.turn if view is not None else None)
        self.show_autopass()
        self.notify(tr(f"autopass.{mode}", self.lang), timeout=4, markup=False)
        if view is not None:
            await self._auto_pass(view)

    def show_status(self, view: View) -> None:
        """The phase strip and the "what now" line for ``view``."""
        line = self.model.status_line(view, self.lang)
        self.query_one(TableStatus).show_line(line, self.lang)

    def now(self, view: View) -> Now:
        """What is wanted at ``view``, in the words of the status line."""
        return self.model.now(view)

    def seat_header(self, sv: SeatView, view: View) -> str:
        """A seat's name line in words (its widget draws it from the model's parts)."""
        return header_line(self.model.seat_header(sv, view, self.lang), self.lang)

    def _show_tile_detail(self, tile: TableTile) -> None:
        self.card_panel.show_tile(tile)

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

    def show_focused(self, tile: TableTile) -> None:
        """The focus came to ``tile`` (called by the tile at once: see tiles.TileHost); the
        board follows the focus again, not where the wheel left it."""
        self.board.held = False
        if self.card_panel.looking is not None:
            self.card_panel.stop_looking()
        self._show_tile_detail(tile)
        self.key_answered()
        if tile.zone == "hand":  # back to my hand: all of it in view, not the one card
            self.call_after_refresh(self.board_layout.hand_in_view_again)

    @on(TableTile.Chosen)
    async def _tile_chosen(self, message: TableTile.Chosen) -> None:
        await self.card_panel.tile_chosen(message)

    @on(OptionList.OptionHighlighted, "#prompt-options")
    def _option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.card_panel.option_highlighted(event)

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
            self.keys.hold_dim(self.clock.now())  # a click, or a key the table never saw
            self.keys.tell_too_soon()
            return
        self._chosen_seq = p.seq
        self.stats_before = [*self.stats_before[-63:], self.stats.copy()]
        self.query_one(PromptBar).show_sent(True)
        if p.kind is PromptKind.ACTION:
            self.phase_open = played_in_action(view, option_id)
        self.show_status(view)  # "sent", no longer "your turn"
        # Sent once that is on screen: the key is answered by the next frame. Sent at once, the
        # reply (the host runs in this loop under ``qingming play``) came back and was drawn
        # first, and the key's answer waited for the host's turn and the next view's layout
        # (benchmarks/tui.py: number key -> answer frame). The send waits a frame at most.
        self.call_after_refresh(self.send, "choose", option_id)

    # Not exclusive: a chat line must not cancel a choice on its way (nor the reverse); the
    # client's send lock keeps them in order.
    @work(group="table-send", exit_on_error=False)
    async def send(self, method: str, *args: str) -> None:
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

    # ── the answer guard (GuardedKeys') ─────────────────────────────────────────────────────

    def answer_armed(self, at: float | None = None) -> bool:
        """Whether a key (pressed ``at``, default now) may answer the question on screen (see
        :class:`~qm_tui.answer_guard.AnswerGuard`)."""
        return self.guard.armed(at)

    def on_screen_resume(self) -> None:
        """Back on top: a question that came while a dialog covered the table appears now."""
        self.keys.resume()

    # ── a dialog over the table: the question waiting behind it ────────────────────────────

    def waiting_question(self) -> Waiting | None:
        """The question of mine the table waits on, for a dialog over the table."""
        return table_dialogs.waiting_question(self)

    @on(PromptBar.Chosen)
    async def _prompt_chosen(self, message: PromptBar.Chosen) -> None:
        await self.choose(message.option_id)

    def _prompt_ids(self) -> tuple[str, ...]:
        return self.model.prompt_ids()  # as listed

    async def action_option(self, n: int) -> None:
        """A number key: the ``n``-th numbered option (never pass, end or cancel)."""
        ids = self.model.numbered_ids()
        if 1 <= n <= len(ids):
            await self.choose(ids[n - 1])

    async def on_key(self, event: events.Key) -> None:
        """A key pressed while a new question's options are dimmed is held back
        (:meth:`GuardedKeys.held_back`): it reaches here before the bindings run. A letter
        that names an option (past 1-9 and 0) picks it, as the digits do."""
        if isinstance(self.focused, Input):
            return
        if self.keys.held_back(event):
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
        self.board_layout.focus_board()

    # ── chat, log, discard pile, other screens (table_dialogs) ──────────────────────────────

    def action_chat(self) -> None:
        table_dialogs.open_chat(self)

    @on(Input.Submitted, "#chat")
    def _chat_sent(self, event: Input.Submitted) -> None:
        table_dialogs.chat_sent(self, event)

    def action_log(self) -> None:
        table_dialogs.show_log(self)

    def action_discard(self) -> None:
        table_dialogs.show_discard(self)

    def action_legend(self) -> None:
        table_dialogs.show_legend(self)

    def action_help(self) -> None:
        table_dialogs.show_help(self)

    def action_rulebook(self) -> None:
        table_dialogs.show_rulebook(self)

    def action_gallery(self) -> None:
        table_dialogs.show_gallery(self)

    def action_concede(self) -> None:
        table_dialogs.ask_concede(self)

    async def action_take_back(self) -> None:
        await table_dialogs.take_back(self)

    def show_result(self, ended: Ended) -> None:
        """Push the result screen; its answer (rematch or leave) goes to the session and app."""
        table_dialogs.show_result(self, ended)
