"""The lobby against real tables on loopback: discovery, joining, hosting, starting, leaving.

Every host here is a real :class:`qm_net.host.Host` bound to 127.0.0.1, advertised (or not) by
real zeroconf bound to 127.0.0.1; the app runs under Textual's pilot in the same loop.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from textual.widgets import DataTable, Static
from tui_support import (
    LOOPBACK,
    hosted_table_playing,
    isolate,
    make_app,
    open_result,
    screen_name,
    until,
)

from qm_net.host import Host
from qm_tui.app import PlayLocal
from qm_tui.messages import LeaveTable
from qm_tui.screens.lobby import LobbyScreen
from qm_tui.screens.room import RoomScreen
from qm_tui.widgets.modals import ChoiceModal


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return isolate(tmp_path, monkeypatch)


SIZE = (100, 30)


@contextlib.asynccontextmanager
async def table(
    name: str, seats: int = 3, *, bots: int = 0, advertise: bool = True
) -> AsyncIterator[Host]:
    host = Host(
        name,
        seats,
        bots=bots,
        bind="127.0.0.1",
        interfaces=LOOPBACK,
        advertise=advertise,
        autostart=False,
    )
    await host.start()
    try:
        yield host
    finally:
        await host.stop()


async def leave(pilot: object, app: object) -> None:
    """Leave the table (stopping the bots' flood of updates) before the app closes."""
    app.post_message(LeaveTable())  # type: ignore[attr-defined]
    await until(
        pilot,  # type: ignore[arg-type]
        lambda: isinstance(app.screen, LobbyScreen) and app.client is None and app.hosted is None,  # type: ignore[attr-defined]
        "back to the lobby, the table closed",
    )


def notified(app: object, text: str) -> bool:
    """Whether a notification holding ``text`` is on screen."""
    return any(text in n.message for n in app._notifications)  # type: ignore[attr-defined]


def lobby_of(app: object) -> LobbyScreen:
    return next(s for s in app.screen_stack if isinstance(s, LobbyScreen))  # type: ignore[attr-defined]


def listed(app: object) -> list[str]:
    return [t.name for t in lobby_of(app).tables()]


async def test_a_table_on_the_lan_appears_and_can_be_joined() -> None:
    app = make_app(discovery=True)
    async with table("Tea house 茶馆") as host, app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: "Tea house 茶馆" in listed(app), "the table to be listed")
        lobby = lobby_of(app)
        grid = lobby.query_one("#tables", DataTable)
        grid.move_cursor(row=listed(app).index("Tea house 茶馆"))
        assert lobby.query_one("#empty", Static).display is False
        await pilot.press("enter")
        await until(
            pilot,
            lambda: isinstance(app.screen, RoomScreen) and app.screen.lobby is not None,
            "the room",
        )
        room = app.screen
        assert isinstance(room, RoomScreen)
        assert room.seat == 0
        assert "seat 1" in str(room.query_one("#you", Static).content)
        assert room.query_one("#seats", DataTable).row_count == 3
        assert host.seats[0].name == "Ann"
        # The listing follows: one seat of three is taken now.
        await until(
            pilot,
            lambda: any(t.seats_taken == 1 for t in lobby.tables() if t.name == "Tea house 茶馆"),
            "the list to show the taken seat",
        )


async def test_a_table_that_stops_disappears_and_its_players_are_told() -> None:
    app = make_app(discovery=True)
    async with app.run_test(size=SIZE) as pilot:
        async with table("Short-lived") as host:
            await until(pilot, lambda: "Short-lived" in listed(app), "the table to be listed")
            app.join_table("127.0.0.1", host.port)
            await until(pilot, lambda: isinstance(app.screen, RoomScreen), "the room")
        # The host stopped: the room gives way to the lobby with a message, the table vanishes.
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "back to the lobby")
        await until(pilot, lambda: "Short-lived" not in listed(app), "the table to vanish")
        await until(pilot, lambda: notified(app, "Lost the connection to the host"), "the message")
        await until(pilot, lambda: app.client is None, "the connection closed")


async def test_join_by_address_and_chat() -> None:
    app = make_app()
    async with table("Private", advertise=False) as host, app.run_test(size=SIZE) as pilot:
        await pilot.press("a")
        await pilot.press(*f"127.0.0.1:{host.port}", "enter")
        await until(
            pilot,
            lambda: isinstance(app.screen, RoomScreen) and app.screen.lobby is not None,
            "the room",
        )
        room = app.screen
        assert isinstance(room, RoomScreen)
        await pilot.press("c", *"hello [red]", "enter")
        await until(
            pilot,
            lambda: any("Ann: hello [red]" in line for line in room.chat_lines()),
            "the chat line",
        )
        await pilot.press("escape", "escape")  # leave the chat line, then the table
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "back to the lobby")
        await until(pilot, lambda: not host.seats[0].occupied, "the seat to be free again")


async def test_a_bad_address_is_refused_and_an_unreachable_one_reported() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a", *"nonsense:port", "enter")
        await until(pilot, lambda: notified(app, "Not an address"), "the refusal")
        # A port nobody listens on (a host started and stopped frees it).
        async with table("Gone", advertise=False) as host:
            port = host.port
        app.join_table("127.0.0.1", port)
        said = f"Nothing is listening at 127.0.0.1:{port}"
        await until(pilot, lambda: notified(app, said), "the error in words")
        assert screen_name(app) == "LobbyScreen"


async def _host_from_form(pilot, app, fields: dict[str, object]):
    """Open the host form from the lobby, fill ``fields`` (by input id), host, and return the
    waiting room once it shows the table."""
    await pilot.press("h")
    await until(pilot, lambda: screen_name(app) == "HostFormScreen", "the form")
    for field_id, value in fields.items():
        app.screen.query_one(f"#{field_id}").value = value
    await pilot.press("ctrl+s")
    await until(
        pilot,
        lambda: isinstance(app.screen, RoomScreen) and app.screen.lobby is not None,
        "the room",
    )
    return app.screen


async def test_host_form_room_and_start_with_bots() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        room = await _host_from_form(
            pilot,
            app,
            {"f-name": "Ann's table", "f-seats": 3, "f-bots": "2", "f-response_timer": "15"},
        )
        assert isinstance(room, RoomScreen)
        assert app.hosted is not None and app.hosted.name == "Ann's table"
        assert app.hosted.options.response_timer == 15
        assert room.is_owner
        kinds = [s.kind for s in room.lobby.seats]
        assert kinds == ["human", "bot", "bot"]
        await pilot.press("s")
        await until(pilot, lambda: screen_name(app) == "TableScreen", "the table screen")
        assert room.in_game
        await leave(pilot, app)
        assert app.hosted is None  # leaving stops the table we served
    assert app.hosted is None  # closing the app stops the table it served


async def test_a_bot_added_is_offered_at_the_level_the_table_was_hosted_with() -> None:
    """Issue 9: levels everywhere bots are, the room's "add bot" too."""
    app = make_app(lang="zh")
    async with app.run_test(size=SIZE) as pilot:
        room = await _host_from_form(pilot, app, {"f-seats": 3, "f-bots": "0", "f-level": "easy"})
        await pilot.press("b")
        await until(pilot, lambda: isinstance(app.screen, ChoiceModal), "the level question")
        assert app.screen.focused is not None and app.screen.focused.id == "choice-easy"
        assert "1) 简单" in str(app.screen.focused.label)
        await pilot.press("enter")
        await until(pilot, lambda: any(s.kind == "bot" for s in room.lobby.seats), "a bot")
        assert [s.level for s in room.lobby.seats if s.kind == "bot"] == ["easy"]
        await leave(pilot, app)


async def test_owner_adds_and_removes_bots_and_others_cannot() -> None:
    app = make_app()
    async with table("Bots", seats=4, advertise=False) as host, app.run_test(size=SIZE) as pilot:
        app.join_table("127.0.0.1", host.port)
        await until(
            pilot,
            lambda: isinstance(app.screen, RoomScreen) and app.screen.lobby is not None,
            "the room",
        )
        room = app.screen
        # b asks how well the bot plays: Enter takes the level offered first (the bots
        # seated share none yet: normal), a number key another; Escape adds none.
        await pilot.press("b")
        await until(pilot, lambda: isinstance(app.screen, ChoiceModal), "the level question")
        await pilot.press("enter")
        await until(pilot, lambda: [s.kind for s in room.lobby.seats].count("bot") == 1, "a bot")
        await pilot.press("b")
        await until(pilot, lambda: isinstance(app.screen, ChoiceModal), "the level question")
        await pilot.press("3")
        await until(pilot, lambda: [s.kind for s in room.lobby.seats].count("bot") == 2, "two bots")
        assert sorted(s.level for s in room.lobby.seats if s.kind == "bot") == ["hard", "normal"]
        await pilot.press("b")
        await until(pilot, lambda: isinstance(app.screen, ChoiceModal), "the level question")
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is room, "back in the room")
        await pilot.pause(0.3)
        assert [s.kind for s in room.lobby.seats].count("bot") == 2
        await pilot.press("x")
        await until(pilot, lambda: [s.kind for s in room.lobby.seats].count("bot") == 1, "one bot")
        await pilot.press("r")
        await until(pilot, lambda: room.lobby.seats[0].ready, "ready mark")


async def test_play_opens_the_table_at_once() -> None:
    app = make_app(start=PlayLocal(bots=3, seed=7))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "TableScreen", "the table screen")
        assert app.hosted is not None
        assert app.hosted.advertise is False and app.hosted.bind == "127.0.0.1"
        assert [s.kind for s in app.hosted.seats] == ["human", "bot", "bot", "bot"]
        assert app.hosted.seats[0].name == "Ann"
        await leave(pilot, app)


@pytest.mark.parametrize("lang", ["zh", "en"])
async def test_losing_the_host_mid_game_says_so(lang: str) -> None:
    app = make_app(start=PlayLocal(bots=1, seed=3), lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "TableScreen", "the table screen")
        assert app.hosted is not None
        await app.hosted.stop()
        await until(pilot, lambda: screen_name(app) != "TableScreen", "leaving the table")
        # The host's own words reach the player (the table screen and the app both say it).
        await until(pilot, lambda: notified(app, "the host closed the table"), "the message")
        await until(pilot, lambda: screen_name(app) == "LobbyScreen", "back to the lobby")


async def test_rematch_goes_back_to_the_room_and_starts_again() -> None:
    app = make_app(start=PlayLocal(bots=1, seed=11))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "TableScreen", "the table screen")
        assert app.client is not None and app.hosted is not None
        await app.client.concede()  # two players: the game ends at once
        await open_result(pilot, app)
        await pilot.press("r")
        # Back in the room, ready again: the host starts the next game and the table returns.
        await until(
            pilot,
            lambda: app.hosted is not None and app.hosted.games_played == 1,
            "one game played",
        )
        await until(
            pilot,
            lambda: hosted_table_playing(app),
            "the second game",
        )
        assert [type(s).__name__ for s in app.screen_stack[1:]] == [
            "LobbyScreen",
            "RoomScreen",
            "TableScreen",
        ]
        # One start, asked once: the room neither says ready nor asks to start a game the
        # other has already started ("Refused: Not now: the table is not at that stage.")
        await until(pilot, lambda: app.screen.updates > 0, "the second game's table")  # type: ignore[attr-defined]
        for _ in range(20):
            await pilot.pause()
        said = [n.message for n in app._notifications]  # type: ignore[attr-defined]
        assert not [m for m in said if m.startswith(("Refused", "The host refused"))], said
        await leave(pilot, app)


async def test_joining_a_table_in_play_watches_it() -> None:
    from qm_net.client import TableClient

    app = make_app()
    async with (
        table("Busy", seats=2, bots=1, advertise=False) as host,
        app.run_test(size=SIZE) as pilot,
    ):
        other = await TableClient.connect("127.0.0.1", host.port, "Bo")
        await other.join()
        await other.start_game()
        await until(pilot, lambda: host.state == "playing", "the game to start")
        app.join_table("127.0.0.1", host.port)
        await until(pilot, lambda: screen_name(app) == "TableScreen", "the table, watching")
        assert app.screen.session.seat is None  # type: ignore[attr-defined]
        # The update that told the room a game was on reaches the table screen too.
        await until(pilot, lambda: app.screen.view is not None, "the view")  # type: ignore[attr-defined]
        assert notified(app, "A game is on and no seat here is yours: you are watching.")
        # The table says so for as long as it is open, and offers no player's keys.
        status = lambda: str(app.screen.query_one("#status-phases").render())  # noqa: E731
        await until(pilot, lambda: status().startswith("Watching"), "the table saying watching")
        keys = str(app.screen.query_one("KeyBar").render())
        assert "Pass" not in keys and "Concede" not in keys and "Chat" in keys
        assert app.screen.check_action("pass", ()) is False
        await leave(pilot, app)
        await other.close()


async def test_a_host_that_refuses_us_at_hello_is_reported() -> None:
    """A name the host will not take (too long for the protocol) is refused at hello."""
    app = make_app(name="N" * 40)
    async with table("Strict", advertise=False) as host, app.run_test(size=SIZE) as pilot:
        app.join_table("127.0.0.1", host.port)
        said = f"The table at 127.0.0.1:{host.port} turned you away"
        await until(pilot, lambda: notified(app, said), "the refusal")
        assert screen_name(app) == "LobbyScreen" and app.client is None


@pytest.mark.parametrize(("lang", "label"), [("en", "1) easy"), ("zh", "1) 简单")])
async def test_play_bots_in_the_lobby_asks_how_well_they_play(lang: str, label: str) -> None:
    """Playtest 3: the lobby's p started normal bots at once, whatever level was wanted. It
    asks as the room's Add bot does: a key a level, Enter the one offered first, Esc none."""
    from qm_rules.bots import level_of

    app = make_app(lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "LobbyScreen", "the lobby")
        await pilot.press("p")
        await until(pilot, lambda: isinstance(app.screen, ChoiceModal), "the level question")
        assert app.screen.focused is not None and app.screen.focused.id == "choice-normal"
        await pilot.press("escape")
        await until(pilot, lambda: screen_name(app) == "LobbyScreen", "back in the lobby")
        await pilot.pause(0.3)
        assert app.hosted is None  # Escape starts no game
        await pilot.press("p")
        await until(pilot, lambda: isinstance(app.screen, ChoiceModal), "the level question")
        assert label in [str(b.label) for b in app.screen.query("Button")]
        await pilot.press("1")
        await until(pilot, lambda: screen_name(app) == "TableScreen", "the table screen")
        assert app.hosted is not None and level_of(app.hosted.bot_strategy) == "easy"
        await leave(pilot, app)


async def test_play_bots_offers_the_level_of_the_last_game_first() -> None:
    """After ``qingming play --level easy``, Enter at the lobby's Play bots takes easy."""
    from qm_rules.bots import level_of

    app = make_app(start=PlayLocal(bots=1, seed=5, level="easy"))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "TableScreen", "the table screen")
        first = app.hosted
        await leave(pilot, app)
        await pilot.press("p")
        await until(pilot, lambda: isinstance(app.screen, ChoiceModal), "the level question")
        assert app.screen.focused is not None and app.screen.focused.id == "choice-easy"
        await pilot.press("enter")
        await until(
            pilot,
            lambda: app.hosted not in (None, first) and screen_name(app) == "TableScreen",
            "the new table",
        )
        assert app.hosted is not None and level_of(app.hosted.bot_strategy) == "easy"
        await leave(pilot, app)


async def test_a_new_table_from_the_palette_replaces_the_one_in_play() -> None:
    """Starting another game while at a table leaves the first cleanly (its host stops)."""
    app = make_app(start=PlayLocal(bots=2, seed=5))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "TableScreen", "the table screen")
        first = app.hosted
        assert first is not None
        await pilot.press("ctrl+p", *"play against bots")
        await until(
            pilot, lambda: app.screen.query("CommandList").first().option_count > 0, "a hit"
        )
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ChoiceModal), "the level question")
        await pilot.press("enter")
        await until(
            pilot,
            lambda: (
                app.hosted is not None
                and app.hosted is not first
                and screen_name(app) == "TableScreen"
            ),
            "the new table",
        )
        assert first._stopping
        assert [type(s).__name__ for s in app.screen_stack[1:]] == [
            "LobbyScreen",
            "RoomScreen",
            "TableScreen",
        ]
        await leave(pilot, app)


@pytest.mark.parametrize(
    ("lang", "one", "two"),
    [("en", "1/2 (1 bot)", "2/2 (2 bots)"), ("zh", "1/2（1 个机器人）", "2/2（2 个机器人）")],
)
async def test_the_list_says_how_many_seats_bots_play(lang: str, one: str, two: str) -> None:
    """A table's bot seats show in the list (from its mDNS record), and so does a player's seat
    once a bot plays it for them (away past the grace)."""
    from qm_net.client import TableClient
    from qm_rules.model import GameOptions

    name = "Bots' den"
    app = make_app(discovery=True, lang=lang)
    host = Host(
        name,
        2,
        bots=1,
        options=GameOptions(disconnect_grace=0.3),
        bind="127.0.0.1",
        interfaces=LOOPBACK,
        advertise=True,
        bot_delay=1.0,  # the game lasts while the list is looked at
    )
    await host.start()
    try:
        async with app.run_test(size=SIZE) as pilot:
            grid = lobby_of(app).query_one("#tables", DataTable)

            def seats() -> str:
                names = listed(app)
                return str(grid.get_row_at(names.index(name))[1]) if name in names else ""

            await until(pilot, lambda: seats() == one, f"{one!r} in the list")
            guest = await TableClient.connect("127.0.0.1", host.port, "Bo")
            await guest.join()
            await guest.set_ready(True)
            await until(pilot, lambda: host.state == "playing", "the game")
            await guest.close()  # gone without leaving: after the grace a bot plays Bo's seat
            await until(pilot, lambda: seats() == two, f"{two!r} in the list")
    finally:
        await host.stop()


async def test_a_table_hosted_for_browsers_shows_its_page_code_and_qr() -> None:
    """The host form's Browsers box: the table is served to browsers too; the waiting room
    shows the page's address with the table's code, and w (or a click on it) its QR code;
    leaving closes the page with the table."""
    pytest.importorskip("aiohttp", reason="the web extra (aiohttp) is not installed")
    from qm_tui.widgets.modals import ListModal

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        room = await _host_from_form(pilot, app, {"f-name": "Web table", "f-web": True})
        door = app.web_door
        assert door is not None and app.hosted is not None
        assert app.hosted.web_port == door.port
        assert door.cap == 4 + app.hosted.options.web_spectators
        line = str(room.query_one("#join-line", Static).content)
        assert f"http://127.0.0.1:{door.port}/?code={door.code}" in line
        assert door.code in line
        await pilot.press("w")
        await until(
            pilot,
            lambda: isinstance(app.screen, ListModal) and bool(app.screen.query("#list-lines")),
            "the QR code",
        )
        shown = str(app.screen.query_one("#list-lines", Static).content)
        assert "█" in shown and door.url("127.0.0.1") in shown
        await pilot.press("escape")
        await leave(pilot, app)
        assert app.web_door is None and door.sessions == {} and door._runner is not None


@pytest.mark.parametrize("lang", ["en", "zh"])
async def test_a_seated_guest_sees_the_page_and_its_code_and_its_qr(lang: str) -> None:
    """A guest seated at a table served to browsers sees the page's address with the code in
    the waiting room (the host's address, as the guest reached it), and w shows its QR code:
    a guest can bring a friend in from a phone."""
    pytest.importorskip("aiohttp", reason="the web extra (aiohttp) is not installed")
    from qm_tui.widgets.modals import ListModal
    from qm_web.host import open_door

    app = make_app(lang=lang)
    async with table("Served", advertise=False) as host, app.run_test(size=SIZE) as pilot:
        door = await open_door(host, port=0)
        try:
            await pilot.press("a")
            await pilot.press(*f"127.0.0.1:{host.port}", "enter")
            await until(
                pilot,
                lambda: isinstance(app.screen, RoomScreen) and app.screen.lobby is not None,
                "the room",
            )
            room = app.screen
            url = f"http://127.0.0.1:{door.port}/?code={door.code}"
            await until(
                pilot,
                lambda: url in str(room.query_one("#join-line", Static).content),
                "the page's address with its code",
            )
            await pilot.press("w")
            await until(
                pilot,
                lambda: isinstance(app.screen, ListModal) and bool(app.screen.query("#list-lines")),
                "the QR code",
            )
            shown = str(app.screen.query_one("#list-lines", Static).content)
            assert "█" in shown and url in shown
            await pilot.press("escape")
            await leave(pilot, app)
        finally:
            await door.stop()


async def test_play_web_keeps_a_seat_for_a_guest_in_a_browser() -> None:
    """``qingming play --web``: one seat more than the bots and you, the page served, the room
    showing its address and code; the game waits for the guest, then starts when you say."""
    pytest.importorskip("aiohttp", reason="the web extra (aiohttp) is not installed")
    import aiohttp

    app = make_app(start=PlayLocal(bots=1, web=True))
    async with app.run_test(size=SIZE) as pilot:
        await until(
            pilot,
            lambda: isinstance(app.screen, RoomScreen) and app.screen.lobby is not None,
            "the room",
        )
        room = app.screen
        door, host = app.web_door, app.hosted
        assert door is not None and host is not None and host.n_seats == 3
        assert door.code in str(room.query_one("#join-line", Static).content)
        assert host.game is None  # not started: a seat waits for the guest
        origin = {"Origin": f"http://127.0.0.1:{door.port}"}
        url = f"ws://127.0.0.1:{door.port}/ws/{1:032x}/{door.code}/en/Guest?width=80&height=24"
        async with aiohttp.ClientSession() as http:
            guest = await http.ws_connect(url, headers=origin)
            await until(pilot, lambda: len(host.seats.occupied) == 3, "the guest seated", 120)
            await pilot.press("s")  # the guest has not said ready: the room asks first
            await pilot.press("y")
            await until(pilot, lambda: host.game is not None, "the game started", 120)
            await guest.close()
        await leave(pilot, app)
        assert app.web_door is None


CARDSETS = Path(__file__).parent / "cardsets"


async def test_the_host_form_hosts_a_card_set_refuses_a_broken_one_and_remembers_it() -> None:
    """The form's card set: a broken file is refused with `cards check`'s lines (and nothing is
    hosted), a missing one says so, a good one is the hosted table's set and is offered again."""
    from qm_rules.cardcheck import load_file
    from qm_tui import config

    tiny, _ = load_file(str(CARDSETS / "tiny.toml"))
    assert tiny is not None
    broken = CARDSETS / "broken" / "all_at_once.toml"
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h")
        await until(pilot, lambda: screen_name(app) == "HostFormScreen", "the form")
        form = app.screen
        assert form.query_one("#f-cards").value == ""  # nothing remembered yet: the game's own
        error = form.query_one("#form-error", Static)
        form.query_one("#f-cards").value = str(broken)
        await pilot.press("ctrl+s")
        said = str(error.content)
        assert "The card set has 7 faults; the table was not hosted:" in said
        assert f"{broken}:8: card rice, colour: Unknown key colour" in said  # as cards check
        assert f"…and 6 more faults: qingming cards check {broken} lists them all." in said
        assert screen_name(app) == "HostFormScreen" and app.hosted is None
        assert form.focused is form.query_one("#f-cards")
        form.query_one("#f-cards").value = str(CARDSETS / "nowhere.toml")
        await pilot.press("ctrl+s")
        assert "cannot be read: No such file or directory" in str(error.content)
        form.query_one("#f-cards").value = str(CARDSETS / "tiny.toml")
        await pilot.press("ctrl+s")
        await until(
            pilot,
            lambda: isinstance(app.screen, RoomScreen) and app.screen.lobby is not None,
            "the room",
        )
        assert app.hosted is not None and app.hosted.cards.digest == tiny.digest
        assert config.load().cards_file == str(CARDSETS / "tiny.toml")
        await leave(pilot, app)
        await pilot.press("h")
        await until(pilot, lambda: screen_name(app) == "HostFormScreen", "the form again")
        assert app.screen.query_one("#f-cards").value == str(CARDSETS / "tiny.toml")
        await pilot.press("escape")


def test_the_host_form_refuses_a_set_its_guests_could_not_be_sent(tmp_path: Path) -> None:
    """A set that loads but that guests would refuse (a name too long to show) is refused by
    the form as the table would refuse it, naming why."""
    from qm_tui.screens.host_form import FormError, FormValues

    long_name = "Rice " * 10
    text = (CARDSETS / "tiny.toml").read_text(encoding="utf-8")
    text = text.replace('en = "Rice" }', f'en = "{long_name.strip()}" }}', 1)
    path = tmp_path / "long.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(FormError) as refused:
        FormValues(name="t", seats=2, bots="0", cards=str(path)).settings()
    said = refused.value.text("en")
    assert said.startswith(f"The card set {path} cannot be sent to the table's guests: ")
    assert "card rice: name (en) is 49 characters long; at most 40" in said
    good = FormValues(name="t", seats=2, bots="0", cards=str(CARDSETS / "tiny.toml")).settings()
    assert good.cards is not None and [c.id for c in good.cards.cards][:2] == ["rice", "tea"]
