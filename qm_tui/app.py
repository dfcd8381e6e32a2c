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
import os
import subprocess
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

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
from qm_tui.net import HostSettings, bind_address, connect, connect_failure, start_host
from qm_tui.safe import clean
from qm_tui.tablelist import DiscoverySource, TableSource

# Chinese wraps by its line-breaking rules on every screen (the widgets install it too).
install_line_breaking()

if TYPE_CHECKING:
    from textual.screen import Screen

    from qm_net.client import TableClient
    from qm_net.host import Host
    from qm_tui.screens.leave import TableState


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


@dataclass(frozen=True, slots=True)
class JoinAddress:
    """Start by joining the table at ``host:port`` (``qingming join``)."""

    host: str
    port: int


Start = PlayLocal | JoinAddress | None


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
        self.answer_guard = cfg.answer_guard(saved) if answer_guard is None else answer_guard
        """Seconds a new question's keys wait before they answer it (see config.ANSWER_GUARD)."""

    # ── screens ────────────────────────────────────────────────────────────────────────────

    def on_mount(self) -> None:
        from qm_tui.screens.lobby import LobbyScreen

        self.theme = "textual-dark"
        localize_bindings(self, self.lang)
        # Pushed rather than returned by get_default_screen(): a default screen's CSS_PATH is
        # not loaded by Textual. The lobby stays at the bottom of the stack.
        self.push_screen(LobbyScreen(self._table_source()))
        if self._start is not None:
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
                start.bots, start.seed, start.level, timers=(start.response_timer, start.turn_timer)
            )
        elif isinstance(self._start, JoinAddress):
            self.join_table(self._start.host, self._start.port)

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
                self.host_table(dataclasses.replace(settings, bot_delay=self.bot_delay))

        self.push_screen(HostFormScreen(self.lang, default_name=self.player_name), hosted)

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

    # ── joining and hosting (workers) ──────────────────────────────────────────────────────

    @work(exclusive=True, group="table", exit_on_error=False)
    async def join_table(self, address: str, port: int, seat: int | None = None) -> None:
        """Connect to ``address:port``, take a seat and open the waiting room."""
        await self._close_table(keep_start=True)
        self.notify(
            tr("app.connecting", self.lang, address=f"{address}:{port}"), timeout=3, markup=False
        )
        from qm_net.client import TableError

        try:
            client = await connect(address, port, self.player_name)
        except (OSError, TimeoutError, TableError) as exc:  # unreachable, or refused at hello
            await self._pop_to_lobby()
            self.notify(
                connect_failure(exc, address, port, self.lang),
                severity="error",
                timeout=8,
                markup=False,
            )
            return
        await self._sit(client, seat)

    @work(exclusive=True, group="table", exit_on_error=False)
    async def host_table(self, settings: HostSettings) -> None:
        """Serve a table on the LAN from this process and sit at it as its owner."""
        await self._close_table()
        bind = bind_address(self.interfaces)
        journal = self._new_journal(settings.name)
        self.hosted = await start_host(  # on the usual port if free: friends can join HOST
            settings,
            bind=bind,
            interfaces=self.interfaces,
            advertise=True,
            port=None,
            journal=journal,
        )
        self.journal_path = journal
        client = await connect(
            "127.0.0.1" if bind == "0.0.0.0" else bind, self.hosted.port, self.player_name
        )
        await self._sit(client, None, journal=journal)

    @work(exclusive=True, group="table", exit_on_error=False)
    async def play_local(
        self,
        bots: int,
        seed: int | str | None,
        level: str = "normal",
        timers: tuple[float | None, float | None] = (None, None),
    ) -> None:
        """``qingming play``: a private table on loopback, you and ``bots`` bots of ``level``,
        started now, with no clock but the ``timers`` (response, turn) the player set."""
        from qm_rules.options import GameOptions

        await self._close_table(keep_start=True)
        settings = HostSettings(
            name=tr("app.practice_table", self.lang, name=self.player_name),
            seats=bots + 1,
            bots=bots,
            seed=seed,
            bot_delay=self.bot_delay,
            level=level,
            # the table's defaults but the timers: they are there so that nobody waits on an
            # idle player for ever, and at a table of bots nobody waits on you
            options=GameOptions(response_timer=timers[0], turn_timer=timers[1]),
        )
        journal = self._new_journal(settings.name)
        self.hosted = await start_host(
            settings, bind="127.0.0.1", interfaces=["127.0.0.1"], advertise=False, journal=journal
        )
        self.journal_path = journal
        client = await connect("127.0.0.1", self.hosted.port, self.player_name)
        await self._sit(client, None, autostart=True, journal=journal)

    @property
    def reopening(self) -> bool:
        """Whether a :meth:`resume_local` is under way (the lobby's reopen key waits for it)."""
        return any(w.name == "resume_local" and not w.is_finished for w in self.workers)

    @work(exclusive=True, group="table", exit_on_error=False)
    async def resume_local(self, journal: str) -> None:
        """Reopen the table ``journal`` records, where its game was cut off (a crash, a kill,
        a game against bots quit to carry on later), and take our seat at it (its token is
        stored with the journal's name, or its hash is in the journal): ``qingming play
        --resume``, and the lobby's reopen key. What ``qingming serve --resume`` does, hosted
        in this process: a table that was on the LAN is served and advertised again (on its
        old port if free, so that the others' programs reconnect by themselves), as one
        hosted from the lobby is; a private table against bots on loopback."""
        from qm_net.journal_io import JournalInUse
        from qm_tui import interrupted
        from qm_tui.net import resume_host

        await self._close_table(keep_start=True)
        table = interrupted.describe(journal)
        lan = table is not None and table.lan
        bind = bind_address(self.interfaces) if lan else "127.0.0.1"
        try:
            if lan:
                assert table is not None
                self.hosted = await resume_host(
                    journal,
                    bot_delay=self.bot_delay,
                    bind=bind,
                    interfaces=self.interfaces,
                    advertise=True,
                    port=table.port,
                )
            else:
                self.hosted = await resume_host(journal, bot_delay=self.bot_delay)
        except (OSError, ValueError) as exc:
            await self._pop_to_lobby()
            error = tr(exc.key, self.lang) if isinstance(exc, JournalInUse) else str(exc)
            self.notify(
                tr("seats.resume_failed", self.lang, path=journal, error=error),
                severity="error",
                timeout=10,
                markup=False,
            )
            return
        self.journal_path = journal
        here = "127.0.0.1" if bind == "0.0.0.0" else bind
        client = await connect(here, self.hosted.port, self.player_name)
        await self._sit(client, None, journal=journal)

    def _new_journal(self, table: str) -> str | None:
        """A new journal file for a table hosted here; None when not journaling (or when the
        data directory cannot be written: the game goes on, and the player is told)."""
        if not self.journal:
            return None
        try:
            return str(cfg.new_journal_path(table))
        except OSError as exc:
            self.notify(
                tr("seats.no_journal", self.lang, error=str(exc)),
                severity="warning",
                timeout=8,
                markup=False,
            )
            return None

    async def _sit(
        self,
        client: TableClient,
        seat: int | None,
        *,
        autostart: bool = False,
        journal: str | None = None,
    ) -> None:
        """Take a seat at the table ``client`` is connected to and open its waiting room.

        A seat this player already holds there (its token stored on disk, see
        :mod:`qm_tui.seat_tokens`) is taken back first: after a crash the game goes on where
        it was (the host tells the seat the game so far, for its log). Otherwise a free seat;
        when none can be had the player watches, and is told why.
        """
        from qm_tui.screens.room import RoomScreen

        self.client = client
        my_seat = await self._take_back(client, journal)
        back = my_seat is not None
        if my_seat is None:
            my_seat = await self._take_free(client, seat, journal)
        await self._pop_to_lobby()
        await self.push_screen(
            RoomScreen(
                client,
                my_seat,
                hosting=self.hosted is not None,
                autostart=autostart and not back,
            )
        )

    async def _take_back(
        self, client: TableClient, journal: str | None, *, elsewhere: bool = False
    ) -> int | None:
        """Rejoin with a token stored for this table, if one still works; its seat or None.

        ``elsewhere``: the tokens stored for a table of the same name and port at another
        address (joined before by another of its addresses: 127.0.0.1, then its LAN address
        from the lobby). Tried only when the host will not seat us otherwise."""
        from qm_net.client import TableError
        from qm_tui import seat_tokens

        address = seat_tokens.address_key(client.host, client.port)
        table = client.table.name if client.table else ""
        if elsewhere:
            stored = seat_tokens.same_table_elsewhere(address, table)
        else:
            stored = seat_tokens.lookup(address, table)
            if journal is not None:
                stored += [s for s in seat_tokens.for_journal(journal) if s not in stored]
        for entry in stored:
            client.restore_fair(seat_tokens.load_deal(entry.token))  # the deal's record kept
            try:
                seat = await client.rejoin(entry.token)
            except TableError as exc:
                client.restore_fair(None)
                if exc.code == "bad_token":  # the host no longer knows it
                    if not elsewhere:  # (another table's, maybe, when found elsewhere)
                        seat_tokens.forget(entry.token)
                    continue
                return None
            seat_tokens.remember(address, table, entry.token, seat, journal)
            client.keep_record = seat_tokens.DealFile(entry.token)
            self.notify(tr("seats.back", self.lang, seat=seat + 1), timeout=6, markup=False)
            return seat
        return None

    async def _take_free(
        self, client: TableClient, seat: int | None, journal: str | None
    ) -> int | None:
        """Sit on a free seat (and store its token); None, said plainly, if the player watches."""
        from qm_net.client import TableError
        from qm_tui import seat_tokens

        try:
            my_seat = await client.join(seat)
        except TableError as exc:  # the host refused (a game is on, full...): watch instead
            if exc.code == "wrong_state":  # a game is on: a seat of ours under another address?
                back = await self._take_back(client, journal, elsewhere=True)
                if back is not None:
                    return back
            key = {"wrong_state": "seats.watching.game_on", "table_full": "seats.watching.full"}
            self.notify(
                tr(key.get(exc.code, "seats.watching.other"), self.lang, error=exc.message),
                severity="warning",
                timeout=10,
                markup=False,
            )
            await client.spectate()
            return None
        if client.token is not None:
            address = seat_tokens.address_key(client.host, client.port)
            table = client.table.name if client.table else ""
            seat_tokens.remember(address, table, client.token, my_seat, journal)
            client.keep_record = seat_tokens.DealFile(client.token)
        return my_seat

    async def _pop_to_lobby(self, *, keep_start: bool = False) -> None:
        """Pop every screen above the lobby (``keep_start``: stop at the StartScreen saying
        what is starting, which the waiting room replaces)."""
        from qm_tui.screens.lobby import LobbyScreen
        from qm_tui.screens.start import StartScreen

        stop: tuple[type, ...] = (LobbyScreen, StartScreen) if keep_start else (LobbyScreen,)
        while len(self.screen_stack) > 2 and not isinstance(self.screen, stop):
            await self._pop_quietly()

    async def _pop_quietly(self) -> None:
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

    async def _close_table(self, *, give_up: bool = True, keep_start: bool = False) -> None:
        """Back to the lobby, leave the table we sit at and stop the one we host, if any.

        The screens go first: their readers stop before the connection closes, so that its
        "connection lost" does not come back as a LeaveTable that would cancel the worker
        doing this (joining another table, say).
        """
        await self._pop_to_lobby(keep_start=keep_start)
        await self._disconnect(give_up=give_up)

    async def _disconnect(self, *, give_up: bool = True) -> None:
        """Leave the table we sit at and stop the one we host, if any. ``give_up`` False keeps
        the seat: no ``leave`` (which concedes), the token stays on disk to come back with."""
        client, self.client = self.client, None
        host, self.hosted = self.hosted, None
        self.journal_path = None
        if client is not None:
            if give_up:
                if client.token is not None:
                    from qm_tui import seat_tokens

                    seat_tokens.forget(client.token)  # leaving is deliberate: the seat is given up
                try:
                    await client.leave()
                except Exception:  # already gone: nothing to say goodbye to
                    pass
            try:
                await client.close()
            except Exception:
                pass
        if host is not None:
            await host.stop()

    # ── leaving on purpose ─────────────────────────────────────────────────────────────────

    def table_state(self) -> TableState | None:
        """What leaving the table now would cost (None: the player sits at no table)."""
        from qm_tui.screens.leave import TableState

        client, host = self.client, self.hosted
        if client is None:
            return None
        if host is not None:
            playing = host.state == "playing"
            others = sum(1 for c in host.conns if c.name is not None) - 1  # not our own
        else:
            playing = client.lobby is not None and client.lobby.state == "playing"
            others = 0
        return TableState(
            hosting=host is not None,
            playing=playing,
            seated=client.seat is not None,
            others=max(0, others),
            journal=self.journal_path is not None,
        )

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
        state = self.table_state()
        said: str | None = None
        await self._pop_to_lobby()
        if answer == "hand_over":
            said = await self._hand_over()
        elif answer == "keep" and self.client is not None:
            # A guest going without conceding: the token stays on disk, the host keeps the
            # seat for its grace, then a bot plays it until the player is back.
            client = self.client
            address = f"{client.host}:{client.port}"
            grace = client.table.options.disconnect_grace if client.table else 0
            said = tr("seats.left.kept", self.lang, address=address, grace=round(grace))
            await self._disconnect(give_up=False)
        else:
            # A game against bots here, journaled, is kept to carry on (play --resume).
            keep = bool(
                state and state.hosting and state.playing and state.journal and not state.others
            )
            if keep:
                said = tr("seats.left.saved", self.lang)
            await self._disconnect(give_up=not keep)
        if quitting or self.web:
            self.exit(message=said)
        elif said:
            self.notify(said, timeout=15, markup=False)

    async def _hand_over(self) -> str:
        """Keep the table we host running without us: stop it here without a goodbye (the
        players' clients reconnect by themselves) and start ``qingming serve --resume`` of its
        journal on the same port, until its game ends. Our seat is kept (a bot plays it after
        the grace); ``qingming join`` takes it back. Returns what to tell the player."""
        host, journal, client = self.hosted, self.journal_path, self.client
        assert host is not None and journal is not None
        self.hosted, self.client, self.journal_path = None, None, None
        cmd = [
            sys.executable, "-m", "qingming", "serve", "--resume", journal,
            "--port", str(host.port), "--bind", host.bind,
            "--games", str(host.games_played + 1), "--bot-delay", str(host.bot_delay),
        ]  # fmt: skip
        if not host.advertise:
            cmd.append("--no-advertise")
        for interface in host.interfaces or ():
            cmd += ["--interface", interface]
        await host.stop(goodbye=False)  # the port is free again, the journal closed
        if client is not None:
            with contextlib.suppress(Exception):
                await client.close()
        log = Path(journal).with_suffix(".serve.log")
        # the user's alone, as the journal beside it is (it names the table, players, address)
        fd = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        os.fchmod(fd, 0o600)  # also when it was there already with looser bits
        with os.fdopen(fd, "ab") as out:
            self.handed_over = subprocess.Popen(
                cmd,
                stdin=subprocess.DEVNULL,
                stdout=out,
                stderr=out,
                start_new_session=True,  # not ended with this terminal
            )
        loop = asyncio.get_running_loop()
        end = loop.time() + 20.0
        while loop.time() < end and self.handed_over.poll() is None:
            if b"listening on" in log.read_bytes():
                address = f"127.0.0.1:{host.port}"
                return tr("seats.handed_over", self.lang, port=host.port, address=address)
            await asyncio.sleep(0.1)
        tail = log.read_bytes().decode(errors="replace").strip().splitlines()[-1:]
        return tr("seats.hand_over_failed", self.lang, error=" ".join(tail) or "timeout")

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
        await self._close_table(give_up=reason is None)
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
            await self._pop_quietly()
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
