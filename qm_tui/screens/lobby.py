"""The lobby: tables found on the LAN, live; join one, join by address, host one, or play bots.

Discovery starts in a worker (zeroconf's async browser, in the app's own loop); each change
posts :class:`~qm_tui.messages.TablesChanged` and the list is rebuilt from the source's current
tables, keeping the cursor on the same table. Above the list, a table of ours whose game was
cut off (its hosting program crashed: :mod:`qm_tui.interrupted`, read in a thread), if any;
``o`` reopens it.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, DataTable, Label, Static

from qm_tui.bindings import localize_bindings
from qm_tui.i18n import has, tr
from qm_tui.messages import TablesChanged
from qm_tui.safe import clean
from qm_tui.tablelist import TableSource
from qm_tui.widgets.footer import Footer

if TYPE_CHECKING:
    from qm_net.discovery import TableInfo
    from qm_tui.app import QingmingApp
    from qm_tui.interrupted import Interrupted

#: The side menu: (button id, action, binding key shown on the button).
MENU = (
    ("join", "screen.join_selected", "enter"),
    ("address", "app.join_address", "a"),
    ("host", "app.host_form", "h"),
    ("play", "app.play_bots", "p"),
    ("rules", "app.rulebook", "r"),
    ("cards", "app.gallery", "g"),
    ("name", "app.edit_name", "n"),
    ("lang", "app.toggle_lang", "l"),
)


class LobbyScreen(Screen[None]):
    """The first screen: where to play."""

    CSS_PATH = "lobby.tcss"
    HELP_AREAS = tuple(
        (widget_id, f"area.lobby.{area}", f"area.lobby.{area}.text")
        for widget_id, area in (("tables-pane", "tables"), ("menu", "menu"), ("status", "status"))
    )
    BINDINGS = [
        Binding("j", "join_selected", "Join", id="lobby.join"),
        Binding("h", "app.host_form", "Host", id="lobby.host"),
        Binding("a", "app.join_address", "Address", id="lobby.address"),
        Binding("p", "app.play_bots", "Bots", id="lobby.play"),
        Binding("t", "app.learn", "Learn", id="lobby.learn"),
        Binding("r", "app.rulebook", "Rules", id="lobby.rules", show=False),
        Binding("g", "app.gallery", "Cards", id="lobby.cards", show=False),
        Binding("s", "app.stats", "Record", id="lobby.stats", show=False),
        Binding("n", "app.edit_name", "Name", id="lobby.name", show=False),
        Binding("l", "app.toggle_lang", "中文/EN", id="lobby.lang", show=False),
        Binding("question_mark", "app.help", "Help", id="lobby.help", show=False),
        Binding("o", "reopen", "Reopen", id="lobby.reopen", show=False),
    ]

    def __init__(self, source: TableSource) -> None:
        super().__init__()
        self.source = source
        self._tables: dict[str, TableInfo] = {}
        self._discovery_error: str | None = None
        self.interrupted: Interrupted | None = None
        """Our table whose game was cut off, most recently played (``o`` reopens it)."""

    @property
    def qm(self) -> QingmingApp:
        return self.app  # type: ignore[return-value]  # the app is a QingmingApp

    def compose(self) -> ComposeResult:
        yield Label("", id="title")
        with Horizontal(id="main"):
            with Vertical(id="tables-pane"):
                yield Static("", id="interrupted", markup=False)
                yield Label("", id="tables-heading")
                table: DataTable[Text] = DataTable(
                    id="tables", cursor_type="row", zebra_stripes=True
                )
                yield table
                yield Static("", id="empty", markup=False)
            with Vertical(id="menu"):
                for button_id, _action, _key in MENU:
                    yield Button("", id=f"menu-{button_id}", compact=True)
        yield Static("", id="status", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.relocalize()
        self.query_one("#tables", DataTable).focus()
        self._start_discovery()
        self.look_for_interrupted()

    def on_screen_resume(self) -> None:
        self.look_for_interrupted()  # back from a table: it may have been reopened, or cut off

    # ── our own tables cut off mid-game ────────────────────────────────────────────────────

    @work(exclusive=True, group="interrupted", thread=True, exit_on_error=False)
    def look_for_interrupted(self) -> None:
        """Find our latest table whose game was cut off (the journals are read in a thread)."""
        from qm_tui import interrupted

        found = interrupted.latest()
        with contextlib.suppress(RuntimeError):  # the app closed meanwhile: no one to tell
            self.app.call_from_thread(self._show_interrupted, found)

    def _show_interrupted(self, found: Interrupted | None) -> None:
        self.interrupted = found
        if self.is_mounted:  # (not when the lobby went while the journals were read)
            self._write_interrupted()

    def _write_interrupted(self) -> None:
        line = self.query_one("#interrupted", Static)
        found, lang = self.interrupted, self.qm.lang
        line.display = found is not None
        if found is None:
            line.update("")
            return
        players = tr("lobby.interrupted.sep", lang).join(found.players)
        text = tr(
            "lobby.interrupted",
            lang,
            table=found.table,
            game=found.game,
            turn=found.turn,
            players=players,
        )
        how = tr("lobby.interrupted.lan" if found.lan else "lobby.interrupted.private", lang)
        line.update(clean(f"{text} {how}"))

    def action_reopen(self) -> None:
        """Reopen our interrupted table (what ``qingming serve --resume`` does, hosted here).
        Pressed again while it reopens, nothing: a second reopen would cancel the first."""
        if self.qm.reopening:
            return
        if self.interrupted is None:
            self.notify(tr("lobby.interrupted.none", self.qm.lang), markup=False)
            return
        self.qm.resume_local(self.interrupted.journal)

    async def on_unmount(self) -> None:
        await self.source.close()

    # ── texts ──────────────────────────────────────────────────────────────────────────────

    def relocalize(self) -> None:
        """Write every label in the app's current language (after a language switch)."""
        lang = self.qm.lang
        localize_bindings(self, lang)
        self.query_one("#title", Label).update(tr("lobby.title", lang))
        self.query_one("#tables-heading", Label).update(tr("lobby.tables", lang))
        for button_id, _action, key in MENU:
            shown = "⏎" if key == "enter" else key
            label = Content.assemble((f"{shown} ", "bold"), tr(f"menu.{button_id}", lang))
            self.query_one(f"#menu-{button_id}", Button).label = label
        table = self.query_one("#tables", DataTable)
        table.clear(columns=True)
        # The address last: on a narrow terminal it is what gets cut, not the state.
        for column in ("name", "seats", "state", "host"):
            table.add_column(tr(f"lobby.col.{column}", lang), key=column)
        self._fill_tables()
        self._update_status()
        self._write_interrupted()

    def _update_status(self) -> None:
        lang = self.qm.lang
        status = tr("lobby.status", lang, name=self.qm.player_name, lang_name=tr("lang.name", lang))
        if self._discovery_error:
            status += "  " + tr("lobby.discovery_error", lang, error=self._discovery_error)
        self.query_one("#status", Static).update(clean(status))

    # ── the live list ──────────────────────────────────────────────────────────────────────

    @work(exclusive=True, group="discovery", exit_on_error=False)
    async def _start_discovery(self) -> None:
        try:
            await self.source.start(self._tables_moved)
        except Exception as exc:  # no multicast here: joining by address still works
            self._discovery_error = f"{type(exc).__name__}: {exc}"
            self._update_status()

    def _tables_moved(self) -> None:
        """Called by the source on any change (in this loop, or from a thread: posting is safe)."""
        self.post_message(TablesChanged())

    @on(TablesChanged)
    def _tables_changed(self) -> None:
        self._fill_tables()

    def _fill_tables(self) -> None:
        lang = self.qm.lang
        table: DataTable[Text] = self.query_one("#tables", DataTable)
        selected = self.selected_key()
        tables = sorted(self.source.tables(), key=lambda t: (t.name.casefold(), t.key))
        self._tables = {t.key: t for t in tables}
        table.clear()
        for info in tables:
            seats = f"{info.seats_taken}/{info.seats_total}"
            if info.bots:
                seats = tr("lobby.seats.bots", lang, seats=seats, n=info.bots)
            table.add_row(
                # from a stranger's TXT record: data, and cleaned of control characters
                Text(clean(info.name)),
                Text(seats),
                Text(clean(self._state_text(info, lang))),
                Text(clean(self._where(info, lang))),
                key=info.key,
            )
        if selected in self._tables:
            table.move_cursor(row=table.get_row_index(selected))
        empty = self.query_one("#empty", Static)
        empty.update("" if tables else tr("lobby.empty", lang))
        empty.display = not tables

    @staticmethod
    def _where(info: TableInfo, lang: str) -> str:
        """Its address, and its web page's for browsers when it has one (the page asks for
        the table's code, which only the people at the table have)."""
        where = f"{info.address}:{info.port}"
        if info.web_url:
            where += "  " + tr("lobby.web", lang, url=info.web_url)
        return where

    @staticmethod
    def _state_text(info: TableInfo, lang: str) -> str:
        from qm_net.version import PROTOCOL_VERSION

        if info.version != PROTOCOL_VERSION:
            return tr("lobby.state.incompatible", lang)
        if info.state == "lobby" and info.seats_taken >= info.seats_total:
            state = tr("lobby.state.full", lang)
        else:
            # A state this version has no words for (a newer host's) is shown as it was sent.
            key = f"lobby.state.{info.state}"
            state = tr(key, lang) if has(key) else info.state
        # a set of the host's own: it is sent on joining, so the guest sees the host's cards
        return tr("lobby.cards.custom", lang, state=state) if info.custom_cards else state

    def selected_key(self) -> str | None:
        """The key of the table under the cursor, if any."""
        table = self.query_one("#tables", DataTable)
        if table.row_count == 0:
            return None
        try:
            row_key, _ = table.coordinate_to_cell_key(table.cursor_coordinate)
        except Exception:  # the cursor is past a row that just vanished
            return None
        return row_key.value

    def tables(self) -> list[TableInfo]:
        """The tables listed now, in display order."""
        return list(self._tables.values())

    # ── joining ────────────────────────────────────────────────────────────────────────────

    @on(DataTable.RowSelected, "#tables")
    def _row_selected(self, event: DataTable.RowSelected) -> None:
        self._join(event.row_key.value)

    def action_join_selected(self) -> None:
        """Join the table under the cursor."""
        self._join(self.selected_key())

    def _join(self, key: str | None) -> None:
        info = self._tables.get(key) if key else None
        if info is None:
            self.notify(
                tr("lobby.nothing_selected", self.qm.lang), severity="warning", markup=False
            )
            return
        self.qm.join_table(info.address, info.port)

    @on(Button.Pressed)
    async def _menu_pressed(self, event: Button.Pressed) -> None:
        button_id = (event.button.id or "").removeprefix("menu-")
        for menu_id, action, _key in MENU:
            if menu_id == button_id:
                await self.run_action(action)
                return
