"""The waiting room of a table: who sits where, ready marks, chat; the owner starts the game.

One long-lived worker reads the client's messages and turns them into updates of this screen.
When the table's state turns to ``playing`` the worker stops reading and the table screen
takes the connection over; after the game (rematch) the app brings this screen back
and :meth:`RoomScreen.rematch` resumes reading.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Input, Label, RichLog, Static

from qm_tui.bindings import localize_bindings
from qm_tui.i18n import tr
from qm_tui.messages import LeaveTable
from qm_tui.net import lost_reason, refusal, seat_freed_text
from qm_tui.safe import clean
from qm_tui.seat_words import leveled, plays
from qm_tui.widgets.footer import Footer
from qm_tui.widgets.modals import ListModal

if TYPE_CHECKING:
    from qm_net.client import TableClient
    from qm_net.messages import LobbyUpdate, Message
    from qm_tui.app import QingmingApp
    from qm_web.server import WebDoor


class _Replay:
    """The client, with messages already read put back in front of its stream: the table
    screen then sees the update that told the room the game had begun."""

    def __init__(self, client: TableClient, first: list[Message]) -> None:
        self._client = client
        self._first = list(first)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._client, name)

    async def messages(self) -> AsyncIterator[Message]:
        while self._first:
            yield self._first.pop(0)
        async for msg in self._client.messages():
            yield msg


class RoomScreen(Screen[None]):
    """Seats, ready marks and chat before a game; start (owner), add or remove bots (owner)."""

    CSS_PATH = "room.tcss"
    HELP_AREAS = (
        ("join-line", "area.room.join", "area.room.join.text"),
        ("seats-pane", "area.room.seats", "area.room.seats.text"),
        ("chat-pane", "area.room.chat", "area.room.chat.text"),
    )
    BINDINGS = [
        Binding("r", "ready", "Ready", id="room.ready"),
        Binding("s", "start", "Start", id="room.start"),
        Binding("b", "add_bot", "Add bot", id="room.add_bot"),
        Binding("x", "remove_bot", "Remove bot", id="room.remove_bot"),
        Binding("w", "web_qr", "QR code", id="room.web_qr"),  # the table's web page, for phones
        Binding("c", "chat", "Chat", id="room.chat"),
        Binding("escape", "leave", "Leave", id="room.leave"),
        Binding("question_mark", "app.help", "Help", id="room.help", show=False),
    ]

    def __init__(
        self,
        client: TableClient,
        seat: int | None,
        *,
        hosting: bool = False,
        autostart: bool = False,
    ) -> None:
        super().__init__()
        self.client = client
        self.seat = seat
        """Our seat (None: watching)."""
        self.hosting = hosting
        """Whether this process serves the table."""
        self.autostart = autostart
        """Start the game as soon as the table tells us we own it (``qingming play``)."""
        self.lobby: LobbyUpdate | None = None
        """The table's latest seats and state."""
        self.ready = False
        self._started_once = False
        self.in_game = False
        """True while the table screen holds the connection."""

    @property
    def qm(self) -> QingmingApp:
        return self.app  # type: ignore[return-value]  # the app is a QingmingApp

    @property
    def anyone_starts(self) -> bool:
        """The table has no owner: any seated player may start it (``qingming serve``)."""
        return bool(self.client.table and self.client.table.anyone_starts)

    @property
    def is_owner(self) -> bool:
        """Whether we may start the game and add or remove bots."""
        lobby = self.lobby
        return (
            self.seat is not None
            and lobby is not None
            and (self.anyone_starts or lobby.owner_seat == self.seat)
        )

    def compose(self) -> ComposeResult:
        yield Label("", id="title", markup=False)
        yield Static("", id="join-line", markup=False)
        with Horizontal(id="room"):
            with Vertical(id="seats-pane"):
                yield Label("", id="seats-heading")
                seats: DataTable[Text] = DataTable(id="seats", cursor_type="row")
                yield seats
                yield Static("", id="you", markup=False)
            with Vertical(id="chat-pane"):
                yield Label("", id="chat-heading")
                yield RichLog(id="chat-log", wrap=True, markup=False, auto_scroll=True)
                yield Input(id="chat-input", max_length=200)
        yield Footer()

    def on_mount(self) -> None:
        self.relocalize()
        self.query_one("#seats", DataTable).focus()
        if self.client.lobby is not None:
            self._show_lobby(self.client.lobby)
        self._read()

    def relocalize(self) -> None:
        lang = self.qm.lang
        localize_bindings(self, lang)
        self.query_one("#seats-heading", Label).update(tr("room.seats", lang))
        self.query_one("#chat-heading", Label).update(tr("room.chat", lang))
        self.query_one("#chat-input", Input).placeholder = tr("room.chat_placeholder", lang)
        seats = self.query_one("#seats", DataTable)
        seats.clear(columns=True)
        for column in ("seat", "name", "kind", "ready"):
            seats.add_column(tr(f"room.col.{column}", lang), key=column)
        self._redraw()

    # ── reading the table ──────────────────────────────────────────────────────────────────

    @work(exclusive=True, group="room-reader", exit_on_error=False)
    async def _read(self) -> None:
        from qm_net.messages import (
            ChatMessage,
            ConnectionLost,
            ErrorMessage,
            GameEnded,
            GameUpdate,
            LobbyUpdate,
        )

        async for msg in self.client.messages():
            if isinstance(msg, LobbyUpdate):
                self._show_lobby(msg)
                if msg.state == "playing":
                    self._open_table([])
                    return
                await self._maybe_autostart()
            elif isinstance(msg, GameUpdate | GameEnded):  # we came in while a game was on
                self._open_table([msg])
                return
            elif isinstance(msg, ChatMessage):
                self._show_chat(msg.name, msg.text)
            elif isinstance(msg, ErrorMessage) and msg.code == "seat_freed":
                self.seat = None  # (the client dropped it too)
                self._redraw()
                text = seat_freed_text(self.qm.lang)
                self.notify(clean(text), severity="warning", timeout=20, markup=False)
            elif isinstance(msg, ErrorMessage) and msg.code == "replaced":
                pass  # the connection closes with it: the ConnectionLost says so
            elif isinstance(msg, ErrorMessage):
                self.notify(
                    clean(self._refused(msg.code, msg.message)),
                    severity="warning",
                    markup=False,  # the host wrote the message
                )
            elif isinstance(msg, ConnectionLost):
                reason = lost_reason(msg.reason, msg.code, self.qm.lang)
                if reason == msg.reason:  # (the host's own words are the whole story)
                    reason = tr("room.lost", self.qm.lang, reason=reason)
                if msg.code in ("dropped", "silent"):  # not closed: it may be reopened
                    reason += " " + tr("table.lost.come_back", self.qm.lang)
                self.post_message(LeaveTable(reason))
                return

    async def _maybe_autostart(self) -> None:
        if (
            self.autostart
            and not self._started_once
            and self.is_owner
            and self.lobby
            and self.lobby.state != "playing"
        ):
            self._started_once = True
            await self.client.start_game()

    def _open_table(self, first: list[Message]) -> None:
        """Hand the connection to the table screen."""
        self.in_game = True
        client: Any = _Replay(self.client, first) if first else self.client
        from qm_tui.screens.table import TableScreen
        from qm_tui.session import NetSession

        session = NetSession(client, clock=self.qm.clock, keep_records=self.qm.journal)
        self.app.push_screen(TableScreen(session, lang=self.qm.lang, clock=self.qm.clock))

    def rematch(self) -> None:
        """Back from a game: read the table again, and say we are ready for the next one. At
        a table this screen starts itself (``qingming play``) it starts the next game instead,
        once: saying ready too set the host's own start going beside ours, and one of the
        two came back refused ("Not now: the table is not at that stage")."""
        self.in_game = False
        self._started_once = False
        self.ready = False
        if self.client.lobby is not None:
            self._show_lobby(self.client.lobby)
        starting = self.autostart and self.is_owner
        if starting:
            self._started_once = True  # (the lobby updates read below do not start it again)
        self._read()
        if starting:
            self._send("start_game")
        elif self.seat is not None:
            self._send("set_ready", True)
            self.ready = True
            self._redraw()

    # ── what the screen shows ──────────────────────────────────────────────────────────────

    def _show_lobby(self, lobby: LobbyUpdate) -> None:
        self.lobby = lobby
        self.seat = self.client.seat  # the host may move us when it closes gaps
        self._redraw()

    def _redraw(self) -> None:
        lang = self.qm.lang
        lobby = self.lobby
        table_name = (
            lobby.table_name if lobby else (self.client.table.name if self.client.table else "")
        )
        title = tr("room.title", lang, table=table_name)
        if lobby is not None:
            title += "  " + tr(f"room.state.{lobby.state}", lang)
        self.query_one("#title", Label).update(clean(title))
        seats = self.query_one("#seats", DataTable)
        cursor = seats.cursor_row
        seats.clear()
        for info in lobby.seats if lobby else ():
            name = clean(info.name) if info.name else tr("room.empty_seat", lang)
            marks = []
            if info.seat == self.seat:
                marks.append(tr("room.you", lang))
            if lobby is not None and info.seat == lobby.owner_seat and not self.anyone_starts:
                marks.append(tr("room.owner", lang))
            who = plays(info)
            if who == "stand_in":  # and how well the bot playing it plays
                marks.append(leveled(tr("seats.bot_playing", lang), info.level, lang))
            elif info.kind == "human" and not info.connected:
                marks.append(tr("room.away", lang))
            label = Text(name, style="bold" if info.seat == self.seat else "")
            if marks:
                label.append(f"  ({', '.join(marks)})", style="dim")
            ready = tr("room.is_ready", lang) if info.ready and info.kind != "empty" else ""
            if who in ("bot", "netbot"):  # a bot's seat: the host's, or a bot client's
                kind = leveled(tr(f"room.kind.{who}", lang), info.level, lang)
            else:
                kind = tr(f"room.kind.{info.kind}", lang)
            seats.add_row(
                Text(str(info.seat + 1)),
                label,
                Text(clean(kind)),
                Text(ready, style="green"),
                key=str(info.seat),
            )
        if seats.row_count:
            seats.move_cursor(row=min(max(cursor, 0), seats.row_count - 1))
        if self.seat is None:
            you = tr("room.watching", lang)
        else:
            you = tr("room.your_seat", lang, seat=self.seat + 1, name=self.qm.player_name)
        if self.anyone_starts:
            you += "  " + tr("room.anyone_starts", lang)
        elif lobby is not None and lobby.state == "lobby" and not self.is_owner:
            owner = next((i.name for i in lobby.seats if i.seat == lobby.owner_seat), "")
            if owner:  # a guest waits on someone: say on whom
                you += "  " + tr("room.waiting_for_owner", lang, name=owner)
        self.query_one("#you", Static).update(clean(you))
        self.query_one("#join-line", Static).update(clean(self.join_line()))
        self.refresh_bindings()

    def join_addresses(self) -> list[str]:
        """``HOST:PORT`` for each address friends can join this table at: the addresses of a
        table this process hosts, else the one we joined it at."""
        host = self.qm.hosted
        if host is not None:
            from qm_net.discovery import reachable_addresses

            return [f"{a}:{host.port}" for a in reachable_addresses(host.interfaces, host.bind)]
        return [f"{self.client.host}:{self.client.port}"]

    def join_line(self) -> str:
        lang = self.qm.lang
        first, *more = self.join_addresses()
        line = tr("room.join_with", lang, command=f"qingming join {first}")
        if more:
            line += "  " + tr("room.join_also", lang, addresses=", ".join(more))
        page = self.web_page()
        if page is not None:
            line += "\n" + tr("room.web", lang, url=page[0], code=page[1])
        return line

    @property
    def web_door(self) -> WebDoor | None:
        """The web page of the table this process hosts, if it has one."""
        return getattr(self.qm, "web_door", None) if self.qm.hosted is not None else None

    def web_page(self) -> tuple[str, str] | None:
        """The table's page for browsers (its address with the code, and the code), for the
        players seated at it: the host's own, or the one the host told this seat."""
        from qm_web import page_url

        door = self.web_door
        if door is not None:
            return door.url(door.addresses[0]), door.code
        told = self.client.web if self.client.seat is not None else None
        if told is not None:
            return page_url(self.client.host, told.port, told.code), told.code
        return None

    def action_web_qr(self) -> None:
        """The table's address with its code as a QR code, for phones to scan."""
        from qm_web import qr_lines

        page = self.web_page()
        if page is None:
            return
        url = page[0]
        title = tr("room.web_qr.title", self.qm.lang)
        self.app.push_screen(QrModal(title, [*qr_lines(url), "", url]))

    def _show_chat(self, name: str, text: str) -> None:
        from qm_tui.widgets.log import chat_line

        line = Text(chat_line(name, text, self.qm.lang))
        line.stylize("bold", 0, len(clean(name)))
        self.query_one("#chat-log", RichLog).write(line)

    def chat_lines(self) -> list[str]:
        """The chat as plain text lines (for tests)."""
        return [strip.text for strip in self.query_one("#chat-log", RichLog).lines]

    # ── actions ────────────────────────────────────────────────────────────────────────────

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("start", "add_bot", "remove_bot"):
            return self.is_owner  # a guest is not shown keys that would do nothing
        if action == "ready":
            return self.seat is not None
        if action == "web_qr":
            return self.web_page() is not None
        return True

    def _refused(self, code: str, message: str) -> str:
        lang = self.qm.lang
        return tr("room.refused", lang, message=refusal(code, message, lang))

    @work(group="room-send", exit_on_error=False)
    async def _send(self, method: str, *args: object) -> None:
        """One request to the host; a refusal comes back as an error message (shown)."""
        from qm_net.client import TableError

        try:
            await getattr(self.client, method)(*args)
        except TableError as error:
            self.notify(
                clean(self._refused(error.code, error.message)),
                severity="warning",
                markup=False,
            )

    def action_ready(self) -> None:
        if self.seat is None:
            return
        self.ready = not self.ready
        self._send("set_ready", self.ready)

    def not_ready(self) -> list[str]:
        """The other people seated who have not said they are ready."""
        lobby = self.lobby
        if lobby is None:
            return []
        return [
            clean(s.name or "?")
            for s in lobby.seats
            if s.kind == "human" and s.seat != self.seat and not s.ready
        ]

    def action_start(self) -> None:
        """Start the game; when someone is not ready, ask first."""
        if not self.is_owner:
            return
        waiting = self.not_ready()
        if not waiting:
            self._send("start_game")
            return
        from qm_tui.widgets.modals import ConfirmModal

        lang = self.qm.lang

        def answered(yes: bool | None) -> None:
            if yes:
                self._send("start_game")

        question = tr("room.start_unready", lang, names=", ".join(waiting), n=len(waiting))
        self.app.push_screen(
            ConfirmModal(question, tr("room.start_anyway", lang), tr("room.wait", lang)),
            answered,
        )

    def action_add_bot(self) -> None:
        """Ask how well the bot should play (the table's level focused: Enter takes it)."""
        if not self.is_owner:
            return
        from qm_rules.bots import LEVELS
        from qm_tui.widgets.modals import level_question

        lang = self.qm.lang

        def answered(level: str | None) -> None:
            if level in LEVELS:
                self._send("add_bot", level)

        self.app.push_screen(
            level_question(tr("room.add_bot.level", lang), lang, self._tables_level()), answered
        )

    def _tables_level(self) -> str:
        """The level a new bot is offered at first: the one this app's table was hosted with,
        else the one every bot seated shares, else normal."""
        from qm_rules.bots import level_of

        host = self.qm.hosted
        if host is not None:
            return level_of(host.bot_strategy)
        levels: set[str | None] = (
            {s.level for s in self.lobby.seats if s.kind == "bot"} if self.lobby else set()
        )
        level = levels.pop() if len(levels) == 1 else None
        return level if level is not None else "normal"

    def action_remove_bot(self) -> None:
        """Remove the bot under the cursor (or the last bot)."""
        if not self.is_owner or self.lobby is None:
            return
        bots = [s.seat for s in self.lobby.seats if s.kind == "bot"]
        if not bots:
            return
        seats = self.query_one("#seats", DataTable)
        row = seats.cursor_row
        target = row if row in bots else bots[-1]
        self._send("remove_bot", target)

    def action_chat(self) -> None:
        self.query_one("#chat-input", Input).focus()

    def action_leave(self) -> None:
        chat = self.query_one("#chat-input", Input)
        if chat.has_focus:  # Escape first leaves the chat line, then the table
            self.query_one("#seats", DataTable).focus()
            return
        self.qm.ask_to_leave(quitting=False)  # the host's player is asked: others are here

    @on(Input.Submitted, "#chat-input")
    def _chat_submitted(self, event: Input.Submitted) -> None:
        text = " ".join(event.value.split())
        event.input.value = ""
        if text:
            self._send("chat", text[:200])


class QrModal(ListModal):
    """The QR code, read from its top (a list shows its end first)."""

    def on_mount(self) -> None:
        self.query_one("#list-body").focus()
