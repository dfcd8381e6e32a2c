"""The Qingming app: a lobby at the bottom of the screen stack, rooms and tables pushed on it.

The app owns what outlives a screen: the player's name and language, the table this process
hosts (a :class:`qm_net.host.Host` running in the app's own asyncio loop) and the connection to
the table the player sits at. Screens post intents; connecting and hosting run in workers here,
and their failures are reported in one place (:meth:`QingmingApp.on_worker_state_changed`).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import subprocess
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from textual import on, work
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.notifications import SeverityLevel
from textual.worker import Worker, WorkerState

from qm_tui import config as cfg
from qm_tui.bindings import localize_bindings
from qm_tui.clock import Clock, SystemClock
from qm_tui.commands import QingmingCommands
from qm_tui.i18n import tr
from qm_tui.linebreak import install as install_line_breaking
from qm_tui.messages import LeaveTable, RematchRequested
from qm_tui.net import HostSettings
from qm_tui.safe import clean
from qm_tui.table_life import TableLife
from qm_tui.tablelist import DiscoverySource, TableSource

# Chinese wraps by its line-breaking rules on every screen (the widgets install it too).
install_line_breaking()

if TYPE_CHECKING:
    from textual.screen import Screen

    from qm_net.client import TableClient
    from qm_net.host import Host
    from qm_rules.cards import CardSet
    from qm_tui.screens.leave import TableState
    from qm_web.server import WebDoor


@dataclass(frozen=True, slots=True)
class PlayLocal:
    """Start by hosting a table on loopback, filled with bots, and sitting at it (``play``)."""

    bots: int = 3
    seed: int | str | None = None
    resume: str | None = None
    """A journal to carry on from (``qingming play --resume``) instead of a new table."""
    level: str = "normal"
    """How well the bots play: easy, normal or hard."""
    response_timer: float | None = None
    turn_timer: float | None = None
    """The table's clocks: none unless the player set one (``play --response-timer S``)."""
    cards: CardSet | None = None
    """The card set to play (``play --cards FILE``); None: the game's own."""
    web: bool = False
    """A seat more, for a guest in a browser (``play --web``)."""


@dataclass(frozen=True, slots=True)
class JoinAddress:
    """Start by joining the table at ``host:port`` (``qingming join``)."""

    host: str
    port: int


@dataclass(frozen=True, slots=True)
class Learn:
    """Start with the lessons (``qingming learn``)."""


@dataclass(frozen=True, slots=True)
class PlayPuzzle:
    """Start with a puzzle (``qingming puzzle NAME|FILE``; a ``qm_rules.puzzles.Puzzle``), or
    with the list of the shipped ones (None)."""

    puzzle: Any = None


@dataclass(frozen=True, slots=True)
class WatchReplay:
    """Start with a kept game on the table, read-only (``qingming replay``): its
    ``qm_net.replay_source.ReplaySource``, whose view first (None: a spectator's) and whose
    record the file is (None: a host's journal, which shows every seat)."""

    source: Any
    seat: int | None = None
    owner: str | None = None


Start = PlayLocal | JoinAddress | Learn | PlayPuzzle | WatchReplay | None


class QingmingApp(App[None]):
    """Lobby, waiting room, table and result screens, in Chinese or English."""

    TITLE = "Qingming 清明"
    ENABLE_COMMAND_PALETTE = True
    COMMANDS = App.COMMANDS | {QingmingCommands}
    BINDINGS = [
        Binding("f1", "help", "Help", id="app.help"),
        Binding("f2", "rulebook", "Rules", id="app.rulebook", show=False),
        Binding("f3", "gallery", "Cards", id="app.gallery", show=False),
        Binding("ctrl+q", "quit", "Quit", id="app.quit", priority=True),
        # Declared here (Textual adds its own otherwise), so that its label is translated.
        Binding(
            "ctrl+p", "command_palette", "palette", id="app.palette", show=False, priority=True
        ),
    ]
    #: Textual's own palette commands, by their English title: the catalogue's key for each.
    SYSTEM_COMMANDS = {
        "Theme": "theme",
        "Quit": "quit",
        "Keys": "keys",
        "Minimize": "minimize",
        "Maximize": "maximize",
        "Screenshot": "screenshot",
    }

    def __init__(
        self,
        *,
        name: str,
        lang: str,
        interfaces: list[str] | None = None,
        start: Start = None,
        clock: Clock | None = None,
        table_source: Callable[[], TableSource] | None = None,
        remember: bool = True,
        bot_delay: float = 0.6,
        journal: bool = True,
        first_run: bool = False,
        answer_guard: float | None = None,
        web: bool = False,
    ) -> None:
        super().__init__()
        self.web = web
        """A browser's seat (qm_web): the app is this one table. Leaving it ends the app (the
        page says so), never the lobby; and the app ending (the browser went: a refresh, a
        closed tab) keeps the seat, for the browser to come back to."""
        self.player_name = name
        """The name this player sits down with."""
        self.lang = lang
        """``zh`` or ``en``: the language of every screen."""
        self.interfaces = interfaces
        """Interface addresses for discovery (None: the default, see qm_net.discovery)."""
        self.clock: Clock = clock or SystemClock()
        """Time for countdowns; tests pass a FakeClock."""
        self.hosted: Host | None = None
        """The table this process serves, if the player hosts one."""
        self.web_door: WebDoor | None = None
        """Its web page for browsers (qm_web), when the host form asked for one."""
        self.client: TableClient | None = None
        """The connection to the table the player sits at."""
        self._start = start
        self.bots_level = start.level if isinstance(start, PlayLocal) else "normal"
        """The level the lobby's Play bots offers first: the last one asked for."""
        self._table_source = table_source or (lambda: DiscoverySource(self.interfaces))
        self._remember = remember
        self.bot_delay = bot_delay
        """Seconds the bots of a table hosted here wait before each move (0 in tests)."""
        self.journal = journal
        """Whether games are saved: the journals of the tables hosted here, the records of
        fairly dealt games (``--no-journal``: neither)."""
        self.journal_path: str | None = None
        """The journal of the table this process hosts, if it keeps one."""
        self.handed_over: subprocess.Popen[bytes] | None = None
        """The ``qingming serve`` a table hosted here was handed over to, if it was."""
        self._first_run = first_run
        """Offer the "how to play" screen first, unless the config says it was shown."""
        saved = cfg.load() if remember else cfg.Config()
        self.pace = saved.pace or "normal"
        """How fast the table plays back what happened (fast, normal, slow)."""
        self.bell_on = saved.bell
        """Ring the terminal's bell when a game ends (config ``bell``)."""
        self.answer_guard = cfg.answer_guard(saved) if answer_guard is None else answer_guard
        """Seconds a new question's keys wait before they answer it (see config.ANSWER_GUARD)."""
        self.tables = TableLife(self)
        """Joining, hosting, sitting and leaving (qm_tui/table_life.py)."""

    # ── screens ────────────────────────────────────────────────────────────────────────────

    def on_mount(self) -> None:
        from qm_tui.screens.lobby import LobbyScreen

        self.theme = "textual-dark"
        localize_bindings(self, self.lang)
        if isinstance(self._start, WatchReplay):  # the replay alone: leaving it ends the app
            from qm_tui.screens.replay import ReplayScreen

            start = self._start
            self.bell_on = False  # (a game replayed to its end rings nothing)
            screen = ReplayScreen(
                start.source, seat=start.seat, lang=self.lang, clock=self.clock, owner=start.owner
            )
            self.push_screen(screen)
            return
        # Pushed rather than returned by get_default_screen(): a default screen's CSS_PATH is
        # not loaded by Textual. The lobby stays at the bottom of the stack.
        self.push_screen(LobbyScreen(self._table_source()))
        if isinstance(self._start, PlayLocal | JoinAddress):
            # What `play` / `join` start, said over the lobby until the waiting room opens:
            # the "how to play" below is read over it, not over a scan for tables.
            from qm_tui.screens.start import StartScreen

            self.push_screen(StartScreen(self._start, self.lang))
        if self._first_run and not cfg.load().intro_seen:
            # Before the game starts: `play` would otherwise deal while the player reads.
            self.action_intro(then=self._go_to_start)
        else:
            self._go_to_start()

    def _go_to_start(self) -> None:
        """Where the command line asked to begin: a game against bots, a table, or the lobby."""
        if isinstance(self._start, PlayLocal) and self._start.resume:
            self.resume_local(self._start.resume)
        elif isinstance(self._start, PlayLocal):
            start = self._start
            self.play_local(
                start.bots,
                start.seed,
                start.level,
                timers=(start.response_timer, start.turn_timer),
                cards=start.cards,
                web=start.web,
            )
        elif isinstance(self._start, JoinAddress):
            self.join_table(self._start.host, self._start.port)
        elif isinstance(self._start, Learn):
            self.action_learn()
        elif isinstance(self._start, PlayPuzzle) and self._start.puzzle is not None:
            from qm_tui.screens.learn import play_puzzle

            play_puzzle(self, self._start.puzzle, self.lang, self.clock, self.answer_guard)
        elif isinstance(self._start, PlayPuzzle):
            self.action_puzzles()

    async def on_unmount(self) -> None:
        await self._disconnect(give_up=not self.web)  # the screens are going anyway

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """Every notification is plain text, whatever the caller said: they carry names, host
        errors and exception texts, and a ``[@click=app.quit]`` in a toast would be a link.
        (Screens' and widgets' ``notify`` come here too.)"""
        super().notify(
            clean(message), title=clean(title), severity=severity, timeout=timeout, markup=False
        )

    # ── settings the player changes in the lobby ───────────────────────────────────────────

    def set_player_name(self, name: str) -> None:
        """Sit down as ``name`` from now on (and remember it)."""
        clean = cfg.clean_name(name)
        if not clean:
            return
        self.player_name = clean
        if self._remember:
            cfg.remember(name=clean)

    def set_pace(self, pace: str) -> None:
        """Play back at ``pace`` from now on (and remember it)."""
        self.pace = pace
        if self._remember:
            try:
                cfg.remember(pace=pace)
            except OSError:  # a read-only home must not stop a game
                pass

    def set_lang(self, lang: str) -> None:
        """Switch every screen to ``lang`` (and remember it)."""
        self.lang = lang
        localize_bindings(self, lang)
        if self._remember:
            cfg.remember(lang=lang)
        for screen in self.screen_stack:
            relocalize = getattr(screen, "relocalize", None)
            if callable(relocalize):
                relocalize()

    # ── actions reachable from every screen (and the command palette) ──────────────────────

    def action_command_palette(self) -> None:
        """Ctrl+P: the command palette, its search line in the player's language."""
        from textual.command import CommandPalette

        # is_open reads any app's screen; Textual annotates it App[object], which App[None] is
        # not (App is invariant in its return type)
        if self.use_command_palette and not CommandPalette.is_open(self):  # type: ignore[arg-type]
            placeholder = tr("palette.placeholder", self.lang)
            self.push_screen(CommandPalette(id="--command-palette", placeholder=placeholder))

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        """Textual's own commands (theme, quit, keys...), named in the player's language."""
        for command in super().get_system_commands(screen):
            key = self.SYSTEM_COMMANDS.get(command.title)
            if key is None:
                yield command
            else:
                title, help_ = tr(f"syscmd.{key}", self.lang), tr(f"syscmd.{key}.help", self.lang)
                yield command._replace(title=title, help=help_)

    def action_help(self) -> None:
        from qm_tui.screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen.for_screen(self.screen, self.lang))

    def action_intro(self, then: Callable[[], None] | None = None) -> None:
        """The one-screen "how to play"; once shown, a first run does not offer it again."""
        from qm_tui.screens.intro import IntroScreen

        def closed(_: None) -> None:
            if self._remember:
                try:
                    cfg.remember(intro_seen=True)
                except OSError:  # a read-only home must not stop a game
                    pass
            if then is not None:
                then()

        if not isinstance(self.screen, IntroScreen):
            self.push_screen(IntroScreen(self.lang), closed)

    def action_learn(self) -> None:
        """The lessons: a guided first game, one thing at a time."""
        from qm_tui.screens.learn import LessonsScreen

        if not isinstance(self.screen, LessonsScreen):
            self.push_screen(LessonsScreen(self.lang, self.clock, self.answer_guard))

    def action_puzzles(self) -> None:
        """The shipped puzzles, to play one."""
        from qm_tui.screens.learn import PuzzlesScreen

        if not isinstance(self.screen, PuzzlesScreen):
            self.push_screen(PuzzlesScreen(self.lang, self.clock, self.answer_guard))

    def action_rulebook(self) -> None:
        from qm_tui.screens.rulebook import RulebookScreen

        if not isinstance(self.screen, RulebookScreen):
            self.push_screen(RulebookScreen(self.lang))

    def action_gallery(self) -> None:
        from qm_tui.screens.gallery import GalleryScreen

        if not isinstance(self.screen, GalleryScreen):
            self.push_screen(GalleryScreen(self.lang))

    def action_stats(self) -> None:
        """The player's record from the games kept here (``qingming stats``), in a panel."""
        from qm_net.stats import collect, kept_files, record_lines
        from qm_tui import seat_tokens
        from qm_tui.widgets.modals import ListModal

        tokens = [entry.token for entry in seat_tokens.load()]
        record = collect(kept_files(cfg.data_dir()), self.player_name, tokens)
        lines = record_lines(record, self.player_name, self.lang)
        self.push_screen(ListModal(tr("stats.title", self.lang), lines))

    def action_host_form(self) -> None:
        """Open the form to host a table on the LAN."""
        from qm_tui.screens.host_form import HostFormScreen

        def hosted(settings: HostSettings | None) -> None:
            if settings is not None:
                if self._remember and settings.cards_file != cards_file:
                    try:
                        cfg.remember(cards_file=settings.cards_file or "")
                    except OSError:  # a read-only home must not stop a table
                        pass
                self.host_table(dataclasses.replace(settings, bot_delay=self.bot_delay))

        cards_file = cfg.load().cards_file if self._remember else None
        form = HostFormScreen(self.lang, default_name=self.player_name, cards_file=cards_file or "")
        self.push_screen(form, hosted)

    def action_play_bots(self) -> None:
        """Ask how well the bots should play (the level of the last game against bots focused:
        Enter takes it), then host a private table on loopback against three of them and sit
        down at once; Escape starts none."""
        from qm_rules.bots import LEVELS
        from qm_tui.widgets.modals import level_question

        def answered(level: str | None) -> None:
            if level in LEVELS:
                self.bots_level = level
                self.play_local(3, None, level)

        self.push_screen(
            level_question(tr("play_bots.level", self.lang), self.lang, self.bots_level), answered
        )

    def action_join_address(self) -> None:
        """Ask for an address and join the table there."""
        from qm_tui.net import AddressError, parse_address
        from qm_tui.screens.ask import AskScreen

        def answered(text: str | None) -> None:
            if not text:
                return
            try:
                host, port = parse_address(text)
            except AddressError:
                self.notify(
                    tr("app.error.address", self.lang, address=text), severity="error", markup=False
                )
                return
            self.join_table(host, port)

        self.push_screen(
            AskScreen(
                tr("ask.address", self.lang), placeholder="192.168.1.20:7351", lang=self.lang
            ),
            answered,
        )

    def action_edit_name(self) -> None:
        """Ask for the player's name."""
        from qm_tui.screens.ask import AskScreen

        def answered(text: str | None) -> None:
            if text:
                self.set_player_name(text)
                for screen in self.screen_stack:
                    relocalize = getattr(screen, "relocalize", None)
                    if callable(relocalize):
                        relocalize()

        self.push_screen(
            AskScreen(
                tr("ask.name", self.lang),
                value=self.player_name,
                lang=self.lang,
                max_length=cfg.MAX_NAME,
            ),
            answered,
        )

    def action_toggle_lang(self) -> None:
        self.set_lang("en" if self.lang == "zh" else "zh")

    # ── joining and hosting (workers; TableLife does the work) ─────────────────────────────

    @work(exclusive=True, group="table", exit_on_error=False)
    async def join_table(self, address: str, port: int, seat: int | None = None) -> None:
        """Connect to ``address:port``, take a seat and open the waiting room."""
        await self.tables.join(address, port, seat)

    @work(exclusive=True, group="table", exit_on_error=False)
    async def host_table(self, settings: HostSettings) -> None:
        """Serve a table on the LAN from this process and sit at it as its owner."""
        await self.tables.host(settings)

    @work(exclusive=True, group="table", exit_on_error=False)
    async def play_local(
        self,
        bots: int,
        seed: int | str | None,
        level: str = "normal",
        timers: tuple[float | None, float | None] = (None, None),
        cards: CardSet | None = None,
        web: bool = False,
    ) -> None:
        """``qingming play``: a private table on loopback, you and ``bots`` bots of ``level``,
        started now, with no clock but the ``timers`` (response, turn) the player set
        (``web``: and a seat for a guest in a browser, started when you start it)."""
        await self.tables.play_local(bots, seed, level, timers, cards, web)

    @property
    def reopening(self) -> bool:
        """Whether a :meth:`resume_local` is under way (the lobby's reopen key waits for it)."""
        return any(w.name == "resume_local" and not w.is_finished for w in self.workers)

    @work(exclusive=True, group="table", exit_on_error=False)
    async def resume_local(self, journal: str) -> None:
        """Reopen the table ``journal`` records and take our seat at it (``qingming play
        --resume``, the lobby's reopen key): see :meth:`TableLife.resume`."""
        await self.tables.resume(journal)

    async def pop_to_lobby(self, *, keep_start: bool = False) -> None:
        """Pop every screen above the lobby (``keep_start``: stop at the StartScreen saying
        what is starting, which the waiting room replaces)."""
        from qm_tui.screens.lobby import LobbyScreen
        from qm_tui.screens.start import StartScreen

        stop: tuple[type, ...] = (LobbyScreen, StartScreen) if keep_start else (LobbyScreen,)
        while len(self.screen_stack) > 2 and not isinstance(self.screen, stop):
            await self.pop_quietly()

    async def pop_quietly(self) -> None:
        """Pop the top screen once it has stopped reading and handled what it had been sent.

        A screen goes on handling the messages already in its queue while it is being taken
        down; an update arriving then would draw into widgets already gone. So its workers are
        cancelled first (no new messages), and a callback queued behind the last message tells
        when the queue is empty.
        """
        screen = self.screen
        screen.workers.cancel_node(screen)
        drained = asyncio.Event()
        screen.call_later(drained.set)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(drained.wait(), 5.0)
        await self.pop_screen()

    async def close_table(self, *, give_up: bool = True, keep_start: bool = False) -> None:
        """Back to the lobby, leave the table we sit at and stop the one we host, if any.

        The screens go first: their readers stop before the connection closes, so that its
        "connection lost" does not come back as a LeaveTable that would cancel the worker
        doing this (joining another table, say).
        """
        await self.pop_to_lobby(keep_start=keep_start)
        await self._disconnect(give_up=give_up)

    async def _disconnect(self, *, give_up: bool = True) -> None:
        await self.tables.disconnect(give_up=give_up)

    # ── leaving on purpose ─────────────────────────────────────────────────────────────────

    def table_state(self) -> TableState | None:
        """What leaving the table now would cost (None: the player sits at no table)."""
        return self.tables.state()

    async def action_quit(self) -> None:
        """Quit, asking first when that costs something (a game, the others' table)."""
        self.ask_to_leave(quitting=True)

    def ask_to_leave(self, *, quitting: bool) -> None:
        """Leave the table (``quitting``: and the app), asking first when leaving costs
        something; the host's player may hand the table over instead of closing it."""
        from qm_tui.screens.leave import LeaveModal, leave_question

        if isinstance(self.screen, LeaveModal):
            return  # already asking
        state = self.table_state()
        question = leave_question(state, self.lang, quitting=quitting) if state else None
        if question is None:
            if quitting:
                self.exit()
            else:
                self.leave_table()
            return

        def answered(answer: str | None) -> None:
            if answer in ("leave", "keep", "hand_over"):
                self._leave_as(answer, quitting)

        from qm_tui.screens.table import TableScreen

        # the question waiting at the table behind the dialog, whose timer goes on
        table = next((s for s in self.screen_stack if isinstance(s, TableScreen)), None)
        waiting = table.waiting_question if table is not None else None
        modal = LeaveModal(question, waiting=waiting, clock=self.clock, lang=self.lang)
        self.push_screen(modal, answered)

    @work(exclusive=True, group="table", exit_on_error=False)
    async def _leave_as(self, answer: str, quitting: bool) -> None:
        await self.tables.leave_as(answer, quitting)

    @work(exclusive=True, group="table", exit_on_error=False)
    async def leave_table(self, reason: str | None = None) -> None:
        """Back to the lobby, closing the connection (and our table). With a ``reason`` the
        table was lost, not left: the seat's token is kept, to take it back when the table is
        there again (a host restarted with ``--resume`` later than the client kept trying)."""
        if reason:
            self.notify(
                tr("app.left_table", self.lang, reason=reason),
                severity="warning",
                timeout=10,
                markup=False,
            )
        await self.close_table(give_up=reason is None)
        if self.web:
            self.exit()

    @on(LeaveTable)
    def _on_leave_table(self, message: LeaveTable) -> None:
        self.leave_table(message.reason)

    @on(RematchRequested)
    async def _on_rematch(self, message: RematchRequested) -> None:
        from qm_tui.screens.room import RoomScreen

        # Pop the table and result screens back to the waiting room, which resumes reading.
        while len(self.screen_stack) > 2 and not isinstance(self.screen, RoomScreen):
            await self.pop_quietly()
        if isinstance(self.screen, RoomScreen):
            self.screen.rematch()

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """One place for what a worker did not handle itself: say it, never crash the app."""
        if event.state is WorkerState.ERROR and event.worker.error is not None:
            error = event.worker.error
            from qm_tui.screens.start import StartScreen

            if isinstance(self.screen, StartScreen):  # the start failed: back to the lobby
                self.pop_screen()
            self.notify(
                tr("app.error.worker", self.lang, error=f"{type(error).__name__}: {error}"),
                severity="error",
                timeout=10,
                markup=False,
            )
