"""Pilot tests of a seat's life at the app: journals by default, the result saying where, leaving
deliberately, and the waiting room."""

from __future__ import annotations

import io
import json
import re
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

import pytest
from tui_support import isolate, make_app, open_result, screen_name, until

from qm_net.journal_io import read_games
from qm_tui.app import PlayLocal
from qm_tui.i18n import all_strings, tr
from qm_tui.messages import LeaveTable
from qm_tui.screens.lobby import LobbyScreen

SIZE = (120, 36)


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return isolate(tmp_path, monkeypatch)


async def _leave(pilot: object, app: object) -> None:
    app.post_message(LeaveTable())  # type: ignore[attr-defined]
    await until(
        pilot,  # type: ignore[arg-type]
        lambda: isinstance(app.screen, LobbyScreen) and app.client is None,  # type: ignore[attr-defined]
        "back in the lobby",
    )


async def test_play_journals_the_game_and_the_result_says_where(tmp_path: Path) -> None:
    app = make_app(start=PlayLocal(bots=1, seed=3), journal=True)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "TableScreen", "the table")
        path = app.journal_path
        assert path is not None and Path(path).parent == tmp_path / "data" / "journals"
        # a table of bots runs no clock (nobody waits on you)
        assert app.hosted is not None and app.hosted.options.turn_timer is None
        assert app.hosted.options.response_timer is None
        assert app.client is not None
        await app.client.concede()  # two players: the game ends at once
        await open_result(pilot, app)
        shown = str(app.screen.query_one("#result-kept").render()).replace("\n", "")
        assert path in shown and "qingming replay" in shown
        await _leave(pilot, app)
    games = read_games(path)
    assert len(games) == 1 and games[0].finished
    # ... and `qingming replay PATH` reads it.
    from qingming.cli import main

    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["replay", path, "--json"]) == 0
    assert json.loads(out.getvalue())


@pytest.mark.parametrize("size", [(160, 48), (100, 30)])
async def test_where_the_game_is_saved_shows_when_the_result_opens(size: tuple[int, int]) -> None:
    """Four players, fairly dealt: the result's first screen shows the deal's verdict, the
    journal's path and the check's record (they came after the hands, the stats and the last
    moves, below the fold at 160x48), and says there is more below while there is."""
    from textual.containers import VerticalScroll

    app = make_app(start=PlayLocal(bots=3), journal=True)
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: screen_name(app) == "TableScreen", "the table")
        await until(pilot, lambda: app.hosted is not None and app.hosted.game is not None, "dealt")
        assert app.client is not None
        await app.client.concede()  # the three bots play on to the end
        await open_result(pilot, app, timeout=120)
        screen = app.screen
        await until(pilot, lambda: screen.verdict is not None, "the deal checked")  # type: ignore[attr-defined]
        await pilot.pause()
        box = screen.query_one("#result", VerticalScroll)
        seen = box.content_region
        assert box.scroll_y == 0
        for selector in ("#result-fair", "#result-kept"):
            line = screen.query_one(selector)
            assert seen.contains_region(line.region), f"{selector} is out of sight"
        kept = str(screen.query_one("#result-kept").render()).replace("\n", "")
        assert app.journal_path in kept
        assert "verified" in str(screen.query_one("#result-fair").render())
        more = screen.query_one("#result-box")
        # a short game's result may fit (the bots' game is not seeded): then nothing is below
        if box.max_scroll_y > 0:
            # said once the box has heard of its new size (a message after the layout)
            await until(pilot, lambda: "more below" in str(more.border_subtitle), "more below")
            await pilot.press("end")
            await until(pilot, lambda: box.scroll_y == box.max_scroll_y, "scrolled to the end")
        await until(pilot, lambda: "more below" not in str(more.border_subtitle), "nothing below")
        await _leave(pilot, app)


async def test_no_journal_means_none_and_the_result_does_not_mention_one(tmp_path: Path) -> None:
    app = make_app(start=PlayLocal(bots=1, seed=3), journal=False)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "TableScreen", "the table")
        assert app.journal_path is None and app.client is not None
        await app.client.concede()
        await open_result(pilot, app)
        assert not app.screen.query("#result-kept")
        await _leave(pilot, app)
    assert not (tmp_path / "data" / "journals").exists()


# ───────────────────────────── leaving on purpose ─────────────────────────────


def _asking(app: object) -> str | None:
    """The leave question on screen, if one is."""
    from qm_tui.screens.leave import LeaveModal

    screen = app.screen  # type: ignore[attr-defined]
    if not isinstance(screen, LeaveModal):
        return None
    return str(screen.query_one("#leave-question").render())


async def test_quitting_from_the_lobby_asks_nothing() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+q")
        await until(pilot, lambda: not app.is_running, "the app to quit")


async def test_quitting_a_game_of_bots_asks_first_and_keeps_it_to_resume() -> None:
    from qm_tui import seat_tokens

    app = make_app(start=PlayLocal(bots=1, seed=4), journal=True)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "TableScreen", "the table")
        journal = app.journal_path
        assert journal is not None
        await pilot.press("ctrl+q")
        await until(pilot, lambda: _asking(app) is not None, "the question")
        assert "qingming play --resume" in (_asking(app) or "")
        await pilot.press("n")  # stay: nothing happened
        await until(pilot, lambda: screen_name(app) == "TableScreen", "back at the table")
        assert app.is_running and app.hosted is not None and app.hosted.state == "playing"
        game = app.hosted.game
        await pilot.press("ctrl+q")
        await until(pilot, lambda: _asking(app) is not None, "the question again")
        await pilot.press("y")
        await until(pilot, lambda: not app.is_running, "the app to quit")
    assert game is not None and not any(game.conceded)  # quitting did not concede
    assert not read_games(journal)[-1].finished
    assert seat_tokens.for_journal(journal)  # the seat can be taken back with --resume


async def _join_and_start(pilot: Any, app: Any, host: Any, other: Any) -> int:
    """The app joins ``host``'s room as a guest, ``other`` (seated already) starts the game;
    the app's seat once its table shows."""
    app.join_table("127.0.0.1", host.port)
    await until(pilot, lambda: screen_name(app) == "RoomScreen", "the room")
    await other.start_game()
    await until(pilot, lambda: screen_name(app) == "TableScreen", "the table")
    seat = app.client.seat if app.client else None
    assert seat is not None
    return seat


async def test_a_guest_quitting_mid_game_is_told_it_concedes() -> None:
    from qm_net.host import Host

    host = Host("Den", 2, bind="127.0.0.1", port=0, advertise=False, anyone_starts=True)
    await host.start()
    try:
        app = make_app()
        async with app.run_test(size=SIZE) as pilot:
            from qm_net.client import TableClient

            other = await TableClient.connect("127.0.0.1", host.port, "Bo")
            await other.join()
            seat = await _join_and_start(pilot, app, host, other)
            await pilot.press("ctrl+q")
            await until(pilot, lambda: _asking(app) is not None, "the question")
            assert "leaving concedes" in (_asking(app) or "")
            assert "keep your seat" in (_asking(app) or "")
            await pilot.press("escape")  # stays
            await until(pilot, lambda: _asking(app) is None, "the question gone")
            assert host.game is not None and not host.game.conceded[seat]
            await pilot.press("ctrl+q")
            await until(pilot, lambda: _asking(app) is not None, "the question again")
            await pilot.press("y")
            await until(pilot, lambda: not app.is_running, "the app to quit")
        assert host.game is not None and (host.game.conceded[seat] or host.game.over)
        await other.close()
    finally:
        await host.stop()


async def test_the_host_quitting_mid_game_may_hand_the_table_over() -> None:
    """The others' game goes on in a ``qingming serve --resume`` of its own, on the same port:
    their clients reconnect with their tokens and find their seats, hands and the game. What
    that serve writes (``serve.log``, beside the journal) is the user's alone, as the journal
    is: it names the table, its players and its address."""
    import asyncio
    import os
    import stat

    from qm_net.client import TableClient
    from qm_net.messages import GameUpdate
    from qm_tui.net import HostSettings

    app = make_app(journal=True)
    guest: TableClient | None = None
    try:
        async with app.run_test(size=SIZE) as pilot:
            app.host_table(HostSettings(name="Hall", seats=2))
            await until(pilot, lambda: screen_name(app) == "RoomScreen", "the room")
            assert app.hosted is not None
            port = app.hosted.port
            guest = await TableClient.connect("127.0.0.1", port, "Bo")
            seat = await guest.join()
            room = app.screen
            await guest.set_ready(True)
            await until(
                pilot,
                lambda: (
                    room.lobby is not None
                    and room.is_owner  # type: ignore[attr-defined]
                    and room.lobby.seats[seat].ready
                ),  # type: ignore[attr-defined]
                "Bo in the room, ready",
            )
            room.action_start()  # type: ignore[attr-defined]
            await until(pilot, lambda: screen_name(app) == "TableScreen", "the game")
            # the table shows while the game is being dealt (every seat adds to the deal)
            dealt = lambda: app.hosted is not None and app.hosted.game is not None  # noqa: E731
            await until(pilot, dealt, "the deal")
            before = app.hosted.game.view(seat) if app.hosted and app.hosted.game else None
            await pilot.press("ctrl+q")
            await until(pilot, lambda: _asking(app) is not None, "the question")
            question = _asking(app) or ""
            assert "closes for 1 other player." in question and "hand it over" in question
            journal = app.journal_path
            assert journal is not None
            umask = os.umask(0o022)  # files made without a mode of their own: world-readable
            try:
                await pilot.press("h")
                await until(pilot, lambda: not app.is_running, "the app to quit", timeout=60)
            finally:
                os.umask(umask)
        assert app.handed_over is not None and app.handed_over.poll() is None
        log = Path(journal).with_suffix(".serve.log")
        assert b"listening on" in log.read_bytes()
        for private in (journal, log):
            assert stat.S_IMODE(os.stat(private).st_mode) == 0o600, private
        # Bo's connection dropped without a goodbye; Bo reconnects to the same port.
        for _ in range(50):
            try:
                assert await guest.reconnect() == seat
                break
            except (OSError, TimeoutError):
                await asyncio.sleep(0.2)
        else:
            raise AssertionError("Bo could not get back to the handed-over table")
        update = None
        while not isinstance(update, GameUpdate):
            update = await guest.next_message(20)
        assert before is not None and update.view.me() is not None
        assert update.view.turn == before.turn and update.view.me().hand == before.me().hand
    finally:
        if guest is not None:
            await guest.close()
        if app.handed_over is not None:
            app.handed_over.terminate()
            app.handed_over.wait(10)


# ───────────────────────────── the waiting room ─────────────────────────────


def _footer_keys(app: object) -> list[str]:
    from textual.widgets._footer import FooterKey

    return [k.description for k in app.screen.query(FooterKey)]  # type: ignore[attr-defined]


async def test_the_room_shows_where_friends_join_and_the_owner_start_asks_when_not_ready() -> None:
    from textual.widgets import Button

    from qm_net.client import TableClient
    from qm_tui.net import HostSettings
    from qm_tui.widgets.modals import ConfirmModal

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        app.host_table(HostSettings(name="Hall", seats=3))
        await until(pilot, lambda: screen_name(app) == "RoomScreen", "the room")
        assert app.hosted is not None
        port = app.hosted.port
        room = app.screen
        line = lambda: str(room.query_one("#join-line").render())  # noqa: E731
        # tests bind to loopback, so that is the address to give
        await until(pilot, lambda: f"qingming join 127.0.0.1:{port}" in line(), "the address")
        await until(pilot, lambda: {"Start", "Add bot"} <= set(_footer_keys(app)), "owner's keys")
        guest = await TableClient.connect("127.0.0.1", port, "Bo")
        seat = await guest.join()
        await until(
            pilot,
            lambda: room.lobby is not None and room.lobby.seats[seat].kind == "human",  # type: ignore[attr-defined]
            "Bo in the room",
        )
        # Bo is not ready: Start asks first, and "wait" starts nothing.
        await pilot.press("s")
        await until(pilot, lambda: isinstance(app.screen, ConfirmModal), "the question")
        assert "Bo" in app.screen.question  # type: ignore[attr-defined]
        # the keys that answer are on the buttons (they read "Start anyway" / "Wait" only)
        labels = [str(b.label) for b in app.screen.query(Button)]
        assert labels == ["y) Start anyway", "n) Wait"], labels
        await pilot.press("n")
        await until(pilot, lambda: app.screen is room, "back in the room")
        assert app.hosted.state == "lobby"
        # Once Bo is ready, Start starts at once.
        await guest.set_ready(True)
        await until(pilot, lambda: not room.not_ready(), "Bo ready")  # type: ignore[attr-defined]
        await pilot.press("s")
        await until(
            pilot, lambda: app.hosted is not None and app.hosted.state == "playing", "a game"
        )
        await guest.close()
        await _leave(pilot, app)


async def _join_room(pilot: object, app: object, port: int, key: str) -> object:
    """Join the table at ``port`` from the app; the room, once its seats and ``key`` show."""
    app.join_table("127.0.0.1", port)  # type: ignore[attr-defined]
    await until(pilot, lambda: screen_name(app) == "RoomScreen", "the room")  # type: ignore[arg-type]
    room = app.screen  # type: ignore[attr-defined]
    await until(pilot, lambda: room.lobby is not None, "the seats")  # type: ignore[arg-type]
    await until(pilot, lambda: key in _footer_keys(app), "the keys")  # type: ignore[arg-type]
    return room


async def test_a_guest_sees_only_the_keys_it_can_use_and_the_address() -> None:
    from qm_net.host import Host

    host = Host("Den", 3, bind="127.0.0.1", port=0, advertise=False)
    await host.start()
    try:
        from qm_net.client import TableClient

        owner = await TableClient.connect("127.0.0.1", host.port, "Bo")
        await owner.join()
        app = make_app()
        async with app.run_test(size=SIZE) as pilot:
            room = await _join_room(pilot, app, host.port, "Ready")
            keys = _footer_keys(app)
            assert "Leave" in keys and not {"Start", "Add bot", "Remove bot"} & set(keys)
            await pilot.press("s")  # nothing happens: not the owner's
            await pilot.pause(0.2)
            assert host.state == "lobby" and app.screen is room
            # what it waits for, and on whom
            you = lambda: str(room.query_one("#you").render())  # noqa: E731
            await until(pilot, lambda: "Waiting for Bo, the owner, to start" in you(), "owner")
            line = lambda: str(room.query_one("#join-line").render())  # noqa: E731
            await until(pilot, lambda: f"qingming join 127.0.0.1:{host.port}" in line(), "address")
            await _leave(pilot, app)
        await owner.close()
    finally:
        await host.stop()


async def test_a_table_lost_keeps_the_token_and_a_table_left_forgets_it() -> None:
    """Lost (the host gone, the client done trying): the token stays on disk, to take the seat
    back when the table is there again. Left on purpose: the seat is given up, token and all."""
    from qm_net.host import Host
    from qm_tui import seat_tokens

    host = Host("Den", 3, bind="127.0.0.1", port=0, advertise=False)
    await host.start()
    try:
        app = make_app()
        async with app.run_test(size=SIZE) as pilot:
            for reason, kept in (("the host went silent", True), (None, False)):
                app.join_table("127.0.0.1", host.port)
                await until(pilot, lambda: screen_name(app) == "RoomScreen", "the room")
                token = app.client.token if app.client else None
                assert token and [s.token for s in seat_tokens.load()] == [token]
                app.leave_table(reason)
                await until(
                    pilot,
                    lambda: screen_name(app) == "LobbyScreen" and app.client is None,
                    "back in the lobby",
                )
                assert [s.token for s in seat_tokens.load()] == ([token] if kept else [])
                seat_tokens.forget(token)
    finally:
        await host.stop()


async def test_a_seat_held_under_another_address_is_taken_back_when_a_game_is_on() -> None:
    """Joined once by one address (say the LAN one, from the lobby), again by another (say
    127.0.0.1): a game being on, the token stored for the same table and port is tried."""
    from qm_net.client import TableClient
    from qm_net.host import Host
    from qm_tui import seat_tokens

    host = Host("Den", 2, bind="127.0.0.1", port=0, advertise=False, anyone_starts=True)
    await host.start()
    try:
        ann = await TableClient.connect("127.0.0.1", host.port, "Ann")
        seat = await ann.join()
        assert ann.token is not None
        seat_tokens.remember(f"192.0.2.7:{host.port}", "Den", ann.token, seat)
        seat_tokens.remember(f"192.0.2.8:{host.port + 1}", "Den", "not-this-port-000000000")
        bo = await TableClient.connect("127.0.0.1", host.port, "Bo")
        await bo.join()
        await bo.start_game()
        await ann.close()  # Ann's client is gone; her seat waits for her
        app = make_app(name="Ann")
        async with app.run_test(size=SIZE) as pilot:
            app.join_table("127.0.0.1", host.port)
            await until(pilot, lambda: screen_name(app) == "TableScreen", "the table")
            assert app.client is not None and app.client.seat == seat
            # now also kept under the address it was reached at this time
            assert seat_tokens.lookup(f"127.0.0.1:{host.port}", "Den")
            await _leave(pilot, app)
        await bo.close()
    finally:
        await host.stop()


async def test_a_guest_may_quit_keeping_the_seat_for_later() -> None:
    from qm_net.client import TableClient
    from qm_net.host import Host
    from qm_tui import seat_tokens

    host = Host("Den", 2, bind="127.0.0.1", port=0, advertise=False, anyone_starts=True)
    await host.start()
    try:
        other = await TableClient.connect("127.0.0.1", host.port, "Bo")
        await other.join()
        app = make_app()
        async with app.run_test(size=SIZE) as pilot:
            seat = await _join_and_start(pilot, app, host, other)
            await pilot.press("ctrl+q")
            await until(pilot, lambda: _asking(app) is not None, "the question")
            await pilot.press("k")
            await until(pilot, lambda: not app.is_running, "the app to quit")
        assert host.game is not None and not host.game.conceded[seat]
        await until_host(lambda: host.seats[seat].conn is None)
        assert host.seats[seat].kind == "human"  # kept for its player
        assert seat_tokens.lookup(f"127.0.0.1:{host.port}", "Den")
        await other.close()
    finally:
        await host.stop()


async def until_host(cond: object, timeout: float = 10.0) -> None:
    import asyncio

    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not cond():  # type: ignore[operator]
        assert loop.time() < end, "timed out waiting for the host"
        await asyncio.sleep(0.02)


async def test_the_room_says_which_seat_a_bot_plays_for_its_away_player() -> None:
    from qm_net.messages import LobbyUpdate, SeatInfo

    lobby = LobbyUpdate(
        "Den",
        "ended",
        (
            SeatInfo(0, "Me", "human", False, True),
            SeatInfo(1, "Gone", "human", False, False, played_by_bot=True, level="hard"),
            SeatInfo(2, "Away", "human", False, False),
        ),
        0,
        1,
    )
    rows = [" ".join(row) for row in await _room_rows(lobby, "en")]
    assert "a bot plays (hard)" in rows[1] and "away" not in rows[1]  # and how well
    assert "away" in rows[2] and "a bot plays" not in rows[2]


async def _room_rows(lobby: Any, lang: str) -> list[list[str]]:
    """The waiting room's seat rows (their cells as text) for ``lobby``."""
    from test_tui_hostile_text import RoomClient

    from qm_tui.screens.room import RoomScreen

    app = make_app(lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
        room = RoomScreen(RoomClient([lobby]), 0)  # type: ignore[arg-type]
        await app.push_screen(room)
        await until(pilot, lambda: room.lobby is not None, "the seats")
        table = room.query_one("#seats")
        return [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]  # type: ignore[attr-defined]


async def test_seat_labels_are_right_from_the_first_frame_and_after_a_rematch(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The bot's "bot (normal)" and our "online" are on the very first frame of a game, and of
    the next game after a rematch, not only once the host next sends the seats."""
    from qm_tui.screens.table import TableScreen

    first_frames: list[str] = []
    render = TableScreen.render_view

    async def recording(self: TableScreen, view: object) -> None:
        first = self.updates == 0
        await render(self, view)  # type: ignore[arg-type]
        if first:
            first_frames.append(" | ".join(a.header._text for a in self.areas.values()))

    monkeypatch.setattr(TableScreen, "render_view", recording)
    app = make_app(start=PlayLocal(bots=1, seed=11, level="normal"))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: len(first_frames) == 1, "the first frame")
        assert app.client is not None
        await app.client.concede()
        await open_result(pilot, app)
        await pilot.press("r")
        await until(pilot, lambda: len(first_frames) == 2, "the next game's first frame")
        await _leave(pilot, app)
    for frame in first_frames:
        assert "bot (normal)" in frame and "online" in frame, frame


#: A log line naming where a targeted card lay: "-> Joss Paper (bot-3's slot 1)".
_PLACED = re.compile(r"-> .*\((your slot \d+|\S+'s slot \d+)\)")


async def _play_until_a_target_is_placed(seed: int) -> tuple[str, list[str]] | None:
    """``play`` with two bots, this seat answering its first option (or ending its phase),
    until the log has named where a targeted card lay, then quit keeping the game: the
    journal and the log as read; None if the game ended before any such line."""
    from qm_tui.widgets.log import GameLog

    app = make_app(start=PlayLocal(bots=2, seed=seed), journal=True)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "TableScreen", "the table")
        table = app.screen
        journal = app.journal_path
        assert journal is not None and app.hosted is not None
        hosted = app.hosted

        def over() -> bool:
            return hosted.game is not None and hosted.game.result is not None

        def placed() -> bool:
            logs = table.query(GameLog)  # (none until the table's widgets are mounted)
            return any(_PLACED.search(line) for log in logs for line in log.lines_written)

        while not (placed() and hosted.game is not None and hosted.game.turn >= 2):
            await until(pilot, lambda: bool(table._prompt_ids()) or over(), "my decision")  # type: ignore[attr-defined]
            if over():
                await _leave(pilot, app)
                return None
            ids = table._prompt_ids()  # type: ignore[attr-defined]
            await pilot.press("e" if any(i in ids for i in ("end", "skip", "decline")) else "1")
            await pilot.pause(0.05)
        await until(pilot, lambda: bool(table._prompt_ids()) or over(), "my decision")  # type: ignore[attr-defined]
        if over():
            await _leave(pilot, app)
            return None
        await pilot.press("space")  # everything played back: the log is all I saw
        await pilot.pause(0.1)
        seen = _game_lines(table)
        await pilot.press("ctrl+q")
        await until(pilot, lambda: _asking(app) is not None, "the question")
        await pilot.press("y")
        await until(pilot, lambda: not app.is_running, "the app to quit")
    return journal, seen


async def test_a_resumed_game_shows_what_this_seat_saw_of_it_in_the_log() -> None:
    """``play --resume``: the log starts with the game so far, as this seat saw it (the
    same lines it had read before quitting, where each targeted card lay included), and
    nothing the seat was not allowed to see. The game is found by a bounded search: one
    where a card on a field was targeted before quitting."""
    from qm_net.journal_io import read_games
    from qm_tui.widgets.log import GameLog
    from qm_words import describe_events

    for seed in range(1, 9):
        played = await _play_until_a_target_is_placed(seed)
        if played is not None:
            break
    else:
        raise AssertionError("no game of seeds 1-8 targeted a card on a field before its end")
    journal, seen = played
    assert any(_PLACED.search(line) for line in seen)

    record = read_games(journal)[-1]
    names = list(record.journal().players)
    everything = describe_events(_all_events(record), None, "en", names, everything=True)
    hidden = set(everything) - set(describe_events(record.seen_by(0), 0, "en", names))
    assert hidden  # (the bots drew cards this seat never saw)

    app = make_app(start=PlayLocal(resume=journal), journal=True)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "TableScreen", "the resumed table")
        table = app.screen
        # (the screen is on top before its widgets are all mounted: the log once it has a view)
        await until(pilot, lambda: table.updates > 0, "the first view")  # type: ignore[attr-defined]
        log = table.query_one(GameLog)
        lines = list(log.lines_written)
        await _leave(pilot, app)
    assert lines[0] == "── Earlier in this game ──"
    end = lines.index("── The game goes on from here ──")
    assert lines[1:end] == seen
    assert not hidden & set(lines)


def _game_lines(table: object) -> list[str]:
    """The table's log as the game told it: without the playback's notes of my phases with
    nothing to play, remarks of the live table that a history (events only) does not have.
    A note may carry its reason or progress ("You cannot worship yet (...): ..."): every
    ``table.idle.*`` string of the catalogue, its fields matching any words, is such a note."""
    from qm_tui.widgets.log import GameLog

    notes = [_note_pattern(key) for key in all_strings() if key.startswith("table.idle.")]
    log = table.query_one(GameLog)  # type: ignore[attr-defined]
    return [line for line in log.lines_written if not any(note.fullmatch(line) for note in notes)]


def _note_pattern(key: str) -> re.Pattern[str]:
    """The English string ``key`` as a pattern: its ``{fields}`` match any words."""
    parts = re.split(r"\{[^{}]*\}", str(all_strings()[key]["en"]))
    return re.compile(".+".join(re.escape(part) for part in parts))


def _all_events(record: object) -> list[object]:
    """Every event of a journaled game, whoever was allowed to see it."""
    from qm_rules import Game

    journal = record.journal()  # type: ignore[attr-defined]
    game = Game.new(list(journal.players), journal.seed, journal.options)
    events = list(game.opening)
    for seat, option in journal.choices:
        events.extend(game.choose(seat, option))
    return events


@pytest.mark.parametrize("anyone", [False, True])
async def test_the_room_calls_someone_owner_only_at_a_table_that_has_one(anyone: bool) -> None:
    """``qingming serve`` tables let anyone seated start: nobody is marked "owner" there, and
    the room says anyone may start. At a table with an owner, the owner is marked."""
    from qm_net.host import Host

    host = Host("Den", 3, bind="127.0.0.1", port=0, advertise=False, anyone_starts=anyone)
    await host.start()
    try:
        app = make_app()
        async with app.run_test(size=SIZE) as pilot:
            room = await _join_room(pilot, app, host.port, "Start")
            table = room.query_one("#seats")
            rows = [" ".join(str(c) for c in table.get_row_at(i)) for i in range(table.row_count)]  # type: ignore[attr-defined]
            you = str(room.query_one("#you").render())
            assert ("owner" in rows[0]) is not anyone, rows
            assert ("anyone seated may start" in you) is anyone, you
            await _leave(pilot, app)
    finally:
        await host.stop()


async def test_a_client_started_again_shows_the_game_so_far_in_its_log() -> None:
    """A guest's client that went away (here: quit keeping the seat; a crash is the same to the
    host) and is started again gets its seat back, and its log starts with the game so far as
    the host told it to this seat: the very lines it had shown before, and nothing of Bo's."""
    import asyncio

    from net_support import play_to_end

    from qm_net.client import TableClient
    from qm_net.host import Host
    from qm_rules.bots import make_bot
    from qm_tui.widgets.log import GameLog
    from qm_words import describe_events

    host = Host("Den", 2, bind="127.0.0.1", port=0, advertise=False, anyone_starts=True, seed=3)
    await host.start()
    bo = await TableClient.connect("127.0.0.1", host.port, "Bo")
    await bo.join()

    playing = asyncio.ensure_future(play_to_end(bo, make_bot("heuristic", "bo")))
    try:
        app = make_app(name="Ann")
        async with app.run_test(size=SIZE) as pilot:
            seat = await _join_and_start(pilot, app, host, bo)
            table = app.screen
            while host.game is None or host.game.seq < 6:
                await until(pilot, lambda: bool(table._prompt_ids()), "my decision")  # type: ignore[attr-defined]
                ids = table._prompt_ids()  # type: ignore[attr-defined]
                await pilot.press("e" if any(i in ids for i in ("end", "skip", "decline")) else "1")
                await pilot.pause(0.05)
            await until(pilot, lambda: bool(table._prompt_ids()), "my decision")  # type: ignore[attr-defined]
            await pilot.press("space")  # everything played back: the log is all I was told
            await pilot.pause(0.1)
            seen = _game_lines(table)
            await pilot.press("ctrl+q")
            await until(pilot, lambda: _asking(app) is not None, "the question")
            await pilot.press("k")  # keep the seat
            await until(pilot, lambda: not app.is_running, "the app to quit")
        assert len(seen) > 5
        await until_host(lambda: host.seats[seat].conn is None)
        game = host.game
        assert game is not None
        theirs = describe_events(host.history.seen_by(1 - seat), 1 - seat, "en", list(game.names))
        hidden = set(theirs) - set(seen)
        assert hidden  # (Bo was told of cards Ann never saw)

        app = make_app(name="Ann")
        async with app.run_test(size=SIZE) as pilot:
            app.join_table("127.0.0.1", host.port)
            await until(pilot, lambda: screen_name(app) == "TableScreen", "the table again")
            table = app.screen
            await until(pilot, lambda: table.updates > 0, "the first view")  # type: ignore[attr-defined]
            assert app.client is not None and app.client.seat == seat
            lines = list(table.query_one(GameLog).lines_written)
            await _leave(pilot, app)
        assert lines[0] == "── Earlier in this game ──"
        end = lines.index("── The game goes on from here ──")
        assert lines[1:end] == seen
        assert not hidden & set(lines)
    finally:
        playing.cancel()
        await bo.close()
        await host.stop()


@pytest.mark.parametrize("lang", ["en", "zh"])
async def test_the_room_tells_a_bot_that_joined_over_the_network_and_its_level(lang: str) -> None:
    """A ``qingming bot`` client's seat (a player's seat with a level) reads as a network bot
    of that level, beside the host's bot of its level, one standing in, and a person."""

    from qm_net.messages import LobbyUpdate, SeatInfo

    lobby = LobbyUpdate(
        "Den",
        "lobby",
        (
            SeatInfo(0, "Me", "human", False, True),
            SeatInfo(1, "rb", "human", True, True, level="hard"),
            SeatInfo(2, "bot-3", "bot", True, True, level="easy"),
            SeatInfo(3, "Gone", "human", False, False, played_by_bot=True, level="normal"),
        ),
        0,
        0,
    )
    rows = await _room_rows(lobby, lang)
    kinds = [row[2] for row in rows]
    level = {name: tr(f"level.{name}", lang) for name in ("easy", "normal", "hard")}
    (o, c) = ("（", "）") if lang == "zh" else (" (", ")")  # full-width brackets in zh
    assert kinds == [
        tr("room.kind.human", lang),
        f"{tr('room.kind.netbot', lang)}{o}{level['hard']}{c}",
        f"{tr('room.kind.bot', lang)}{o}{level['easy']}{c}",
        tr("room.kind.human", lang),  # its player's seat, which a bot plays for now:
    ]
    assert f"{tr('seats.bot_playing', lang)}{o}{level['normal']}{c}" in rows[3][1]
    assert tr("seats.bot_playing", lang) not in rows[1][1]  # its own bot, not a stand-in


@pytest.mark.parametrize(
    ("lang", "bot", "stand_in", "netbot"),
    [
        ("zh", "电脑（困难）", "电脑代打（简单）", "联网电脑（普通）"),
        ("en", "bot (hard)", "a bot plays (easy)", "network bot (normal)"),
    ],
)
def test_a_bots_level_is_bracketed_as_the_language_brackets(
    lang: str, bot: str, stand_in: str, netbot: str
) -> None:
    """Playtest 3: zh read "电脑 (困难)", half-width brackets beside "root（你）"."""
    from types import SimpleNamespace

    from qm_tui.seat_words import bot_words

    def seat(kind: str, level: str, played_by_bot: bool = False) -> Any:
        return SimpleNamespace(kind=kind, level=level, played_by_bot=played_by_bot, connected=True)

    assert bot_words(seat("bot", "hard"), lang) == bot
    assert bot_words(seat("human", "easy", played_by_bot=True), lang) == stand_in
    assert bot_words(seat("human", "normal"), lang) == netbot
