"""The session seam: NetSession's mapping of client messages (deadline to clock time), and how
the table shows what else a session says (seats, refusals, a lost table, a spectator's view)."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import AsyncIterator
from typing import Any

import pytest
from test_tui_table_support import ScriptedSession, TableApp, chain_position, screen_text, until

from qm_net.messages import (
    ChatMessage,
    ConnectionLost,
    ErrorMessage,
    GameEnded,
    GameUpdate,
    LobbyUpdate,
    SeatInfo,
)
from qm_rules.model import Option, Prompt, PromptKind, Result
from qm_tui.clock import FakeClock
from qm_tui.i18n import tr
from qm_tui.screens.table import SessionArrived
from qm_tui.seat_words import leveled
from qm_tui.session import Chat, Ended, Failure, Lost, NetSession, Seats, SeatStatus, Update
from qm_tui.widgets.log import GameLog
from qm_tui.widgets.status import TableStatus
from qm_tui.widgets.tiles import TableTile


class FakeClient:
    """The parts of TableClient a NetSession uses."""

    def __init__(self, messages: list[Any]) -> None:
        self._messages = messages
        self.seat = 0
        self.lobby = None  # the seats the waiting room read (none: the session waits for them)
        self.table = None  # the table's name and options (not needed here)
        self.sent: list[tuple[str, Any]] = []
        self.can_take_back = False  # (an older host's: no take-backs)

    async def messages(self) -> AsyncIterator[Any]:
        for m in self._messages:
            yield m

    def take_history(self) -> Any:
        return None  # (the host told no game so far: the client came before it began)

    async def choose(self, option_id: str) -> None:
        self.sent.append(("choose", option_id))

    async def chat(self, text: str) -> None:
        self.sent.append(("chat", text))

    async def concede(self) -> None:
        self.sent.append(("concede", None))

    async def rematch(self) -> None:
        self.sent.append(("rematch", None))

    async def leave(self) -> None:
        self.sent.append(("leave", None))


async def test_net_session_turns_client_messages_into_session_messages() -> None:
    view = chain_position()
    final = chain_position(over=True)
    result = Result(1, "zufu", "worship", 3, 11)
    lobby = LobbyUpdate("t", "playing", (SeatInfo(0, "Me", "human", True, False),), 0, 0)
    client = FakeClient(
        [
            lobby,
            GameUpdate(view, (), 12.5),
            GameUpdate(view, (), None),
            ChatMessage(1, "Bob", "hi"),
            ErrorMessage("stale_prompt", "too late"),
            GameEnded(result, final),
            ConnectionLost("bye", final=True),
        ]
    )
    clock = FakeClock(500.0)
    session = NetSession(client, clock=clock)  # type: ignore[arg-type]
    got = [m async for m in session.messages()]
    assert got == [
        Seats((SeatStatus(0, "Me", "human", False),)),
        Update(view, (), 512.5),  # seconds left, made a time on the session's clock
        Update(view, (), None),
        Chat(1, "Bob", "hi"),
        Failure("stale_prompt", "too late"),
        Ended(result, final),
        Lost("bye", True),
    ]
    assert session.view == final and session.seat == 0
    await session.choose("pass")
    await session.chat("gg")
    assert client.sent == [("choose", "pass"), ("chat", "gg")]


async def test_seats_refusals_and_a_lost_table_are_shown() -> None:
    clock = FakeClock()
    view = chain_position()
    seats = Seats(
        (
            SeatStatus(0, "Me", "human", True),
            SeatStatus(1, "Bob", "human", False),
            SeatStatus(2, "Cat", "bot", True),
            SeatStatus(3, "Dan", "human", True),
        )
    )
    session = ScriptedSession(
        [
            Update(view, (), None),
            seats,
            Failure("stale_prompt", "too late"),
            Lost("the host closed the table", True),
        ]
    )
    app = TableApp(session, clock=clock)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: bool(app.left))
        text = screen_text(app)
        assert "Bob  offline" in text and "Cat  bot" in text and "Dan  online" in text
        messages = [n.message for n in app._notifications]
        # The refusal in the player's words, not the host's "too late" nor its code.
        assert any("Too late: that decision has passed." in m for m in messages), messages
        assert not any("stale_prompt" in m for m in messages)
        assert any("the host closed the table" in m for m in messages)
        assert app.left[0].reason == "the host closed the table"


@pytest.mark.parametrize("lang", ["en", "zh"])
async def test_a_seat_given_up_after_the_game_is_said_in_words_and_kept_in_the_log(
    lang: str,
) -> None:
    """The host gives up the seat of a player who did not ask for the rematch in time; the
    player, still on the final table, read nothing (and later a "Refused" would have been wrong
    words: nothing was asked)."""
    clock = FakeClock()
    session = ScriptedSession(
        [Update(chain_position(), (), None), Failure("seat_freed", "your seat is free")]
    )
    app = TableApp(session, lang=lang, clock=clock)
    async with app.run_test(size=(100, 30)) as pilot:
        said = tr("seat.freed", lang)
        await until(pilot, lambda: any(n.message == said for n in app._notifications))
        assert not any(tr("table.error", lang, message="") in n.message for n in app._notifications)
        assert said in app.table.query_one(GameLog).lines_written


@pytest.mark.parametrize("lang", ["en", "zh"])
async def test_waiting_on_a_player_who_is_away_counts_down_to_the_bot(lang: str) -> None:
    # Bob decides but his client is gone: "Waiting for Bob" with no timer left the table
    # waiting up to the grace with nothing to see. Now the bar counts down to the bot.
    clock = FakeClock()
    base = chain_position()
    view = dataclasses.replace(
        base,
        chain=(),
        prompt=dataclasses.replace(base.prompt, seat=1, options=(), context={}, default=""),  # type: ignore[arg-type]
    )
    statuses = [SeatStatus(i, s.name, "human", i != 1) for i, s in enumerate(view.seats)]
    away = Seats(tuple(statuses), grace=120.0)
    session = ScriptedSession([away, Update(view, (), None)])
    app = TableApp(session, lang=lang, clock=clock)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: app.table.updates > 0)
        now = app.table.query_one(TableStatus).now_shown()
        assert now.strip() == tr("now.away_bot", lang, who="Bob"), now
        assert "0s" not in now  # ("a bot takes over at 0s" beside "120s" read as a contradiction)
        bar = app.table.query_one(TableStatus).timer
        assert str(bar.render()).endswith("120s")
        assert "... " + tr("table.deciding", lang) not in screen_text(app)  # nobody decides
        clock.advance(30)
        bar.refresh_bar()
        assert str(bar.render()).endswith("90s")
        # the grace over, a bot plays Bob's seat: plain waiting, no bot's countdown
        statuses[1] = dataclasses.replace(statuses[1], played_by_bot=True, level="hard")
        app.table.post_message(SessionArrived(Seats(tuple(statuses), grace=120.0)))
        waiting = tr("now.waiting", lang, who="Bob")
        status = app.table.query_one(TableStatus)
        await until(pilot, lambda: status.now_shown().strip() == waiting)
        assert str(bar.render()) == ""
        # Bob's row says a bot plays his seat, and how well
        bot = leveled(tr("seats.bot_playing", lang), "hard", lang)
        assert bot in app.table.seat_header(view.seats[1], view)


@pytest.mark.parametrize("lang", ["en", "zh"])
async def test_an_away_player_s_bar_counts_what_comes_first_the_bot_or_the_timer(
    lang: str,
) -> None:
    # Playtest 4, F12: "Waiting for Bob (away; then a bot takes over) 35s" counted Bob's turn
    # timer (60 s, 38 s left at the drop) while the bot took over after the 30 s grace, 8 s
    # before the bar ran out. The line says what happens first and counts down to it, the
    # bar full at the whole of that clock.
    clock = FakeClock()
    base = chain_position()
    view = dataclasses.replace(
        base,
        chain=(),
        prompt=dataclasses.replace(base.prompt, seat=1, options=(), context={}, default=""),  # type: ignore[arg-type]
    )
    statuses = tuple(SeatStatus(i, s.name, "human", i != 1) for i, s in enumerate(view.seats))
    session = ScriptedSession([Seats(statuses, grace=30.0), Update(view, (), clock.now() + 38.0)])
    app = TableApp(session, lang=lang, clock=clock)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: app.table.updates > 0)
        status = app.table.query_one(TableStatus)
        bar = status.timer
        assert status.now_shown().strip() == tr("now.away_bot", lang, who="Bob")
        assert str(bar.render()) == "█" * 12 + " 30s"  # the grace, whole: not 38 s of the timer
        clock.advance(10)
        bar.refresh_bar()
        assert str(bar.render()) == "█" * 8 + "░" * 4 + " 20s"  # 20 of 30 s
        # a new decision of Bob's whose timer runs out first (10 s, the bot 20 s away)
        later = dataclasses.replace(view, seq=view.seq + 1)
        app.table.post_message(SessionArrived(Update(later, (), clock.now() + 10.0)))
        timer = tr("now.away_timer", lang, who="Bob")
        await until(pilot, lambda: status.now_shown().strip() == timer)
        bar.refresh_bar()
        assert str(bar.render()).endswith(" 10s")


@pytest.mark.parametrize("lang", ["en", "zh"])
async def test_a_player_away_for_a_few_seconds_is_told_in_the_log_once(lang: str) -> None:
    # A host handing its table over (or any player's client gone): the others saw only
    # "offline" by the name (playtest 4, F16). After a few seconds away the log says the table
    # goes on and when a bot steps in; a blip shorter than that is not told.
    clock = FakeClock()
    view = dataclasses.replace(chain_position(), chain=())
    here = [SeatStatus(i, s.name, "human", True) for i, s in enumerate(view.seats)]
    session = ScriptedSession([Seats(tuple(here), grace=30.0), Update(view, (), None)])
    app = TableApp(session, lang=lang, clock=clock)
    told = tr("seats.away_goes_on", lang, name="Bob", n=25)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: app.table.updates > 0)
        log = app.table.query_one(GameLog)
        away = list(here)
        away[1] = dataclasses.replace(here[1], connected=False)

        async def seats(statuses: list[SeatStatus]) -> None:
            app.table.post_message(SessionArrived(Seats(tuple(statuses), grace=30.0)))
            await pilot.pause()

        await seats(away)
        clock.advance(4)
        await seats(here)  # back within a few seconds: nothing told
        clock.advance(10)
        await pilot.pause(0.1)
        assert not any("Bob" in line for line in log.lines_written), log.lines_written
        await seats(away)
        clock.advance(5)
        await until(pilot, lambda: told in log.lines_written)
        clock.advance(3)
        await pilot.pause(0.1)
        assert log.lines_written.count(told) == 1  # once
        await seats(here)
        await seats(away)  # away again: told again
        clock.advance(5)
        await until(pilot, lambda: log.lines_written.count(told) == 2)


async def test_a_spectator_sees_every_field_and_no_options() -> None:
    view = dataclasses.replace(
        chain_position(),
        viewer=None,
        prompt=dataclasses.replace(chain_position().prompt, options=(), context={}, default=""),
    )  # type: ignore[arg-type]
    seats = tuple(dataclasses.replace(s, hand=None) for s in view.seats)
    view = dataclasses.replace(view, seats=seats)
    session = ScriptedSession([Update(view, (), None)], seat=None)
    app = TableApp(session)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: app.table.updates > 0)
        text = screen_text(app)
        for name in ("Me", "Bob", "Cat", "Dan"):
            assert name in text
        assert "Waiting for Me" in text
        await pilot.press("1")  # nothing to choose
        await pilot.pause()
        assert session.chosen == []


async def test_conceding_asks_first() -> None:
    session = ScriptedSession([Update(chain_position(), (), None)])
    app = TableApp(session)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: app.table.updates > 0)
        await pilot.press("x")
        await pilot.press("n")
        await pilot.pause()
        assert session.chosen == []
        await pilot.press("x")
        await pilot.press("y")
        await until(pilot, lambda: session.chosen == ["concede"])


async def test_targets_are_chosen_by_moving_over_the_field() -> None:
    base = chain_position()
    target = Prompt(
        0,
        PromptKind.TARGET,
        58,
        (
            Option("target:c30", "target", card=30),
            Option("target:c32", "target", card=32),
            Option("cancel", "cancel"),
        ),
        {"card": 4, "def": "shunshou", "target": "opp_offering"},
        "cancel",
    )
    session = ScriptedSession(
        [Update(dataclasses.replace(base, chain=(), prompt=target), (), None)]
    )
    app = TableApp(session)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: app.table.updates > 0)
        await pilot.pause()
        focused = app.focused
        assert (
            isinstance(focused, TableTile) and focused.card is not None and focused.card.cid == 30
        )
        await pilot.press("enter", "right")  # Enter on 30 chooses it; then move on
        assert session.chosen == ["target:c30"]
        session.chosen.clear()
        app.table._chosen_seq = None  # as if the host had refused: the prompt is open again
        await pilot.press("enter")  # on 31 now, which no option names: nothing
        assert session.chosen == []
        await pilot.press("right", "enter")
        assert session.chosen == ["target:c32"]


async def test_a_player_target_is_chosen_on_their_name_line() -> None:
    base = chain_position()
    target = Prompt(
        0,
        PromptKind.TARGET,
        58,
        (
            Option("target:p1", "target", seat=1),
            Option("target:p3", "target", seat=3),
            Option("cancel", "cancel"),
        ),
        {"card": 4, "def": "qingming_yu", "target": "opponent"},
        "cancel",
    )
    session = ScriptedSession(
        [Update(dataclasses.replace(base, chain=(), prompt=target), (), None)]
    )
    app = TableApp(session)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: app.table.updates > 0)
        await pilot.pause()
        focused = app.focused
        assert isinstance(focused, TableTile) and focused.zone == "seat" and focused.seat == 1
        await pilot.press(
            "down", "down", "down", "down"
        )  # Bob's slots, Cat's name, Cat's slots, Dan
        focused = app.focused
        assert isinstance(focused, TableTile) and focused.zone == "seat" and focused.seat == 3
        await pilot.press("enter")
        assert session.chosen == ["target:p3"]


async def test_the_language_can_change_at_the_table() -> None:
    session = ScriptedSession([Update(chain_position(), (), None)])
    app = TableApp(session, lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: app.table.updates > 0)
        assert "Respond, or pass" in screen_text(app)
        app.lang = "zh"
        app.table.relocalize()
        await until(pilot, lambda: "跟牌，或不跟" in screen_text(app))
        assert "不跟牌" in screen_text(app) and "选项" in screen_text(app)


@pytest.mark.parametrize("lang", ["en", "zh"])
async def test_a_seat_header_tells_a_network_bot_and_its_level(lang: str) -> None:
    """A player's seat whose client said it is a bot (``qingming bot``): "network bot (hard)"
    while connected, like the host's "bot (easy)"; away, "offline" as anyone's."""
    view = chain_position()
    statuses = [
        SeatStatus(0, view.seats[0].name, "human", True),
        SeatStatus(1, view.seats[1].name, "human", True, level="hard"),
    ]
    session = ScriptedSession([Seats(tuple(statuses), grace=120.0), Update(view, (), None)])
    app = TableApp(session, lang=lang)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: app.table.updates > 0)
        netbot = leveled(tr("table.conn.netbot", lang), "hard", lang)
        await until(pilot, lambda: netbot in app.table.seat_header(view.seats[1], view))
        assert netbot in screen_text(app)  # drawn on its seat's name line
        mine = app.table.seat_header(view.seats[0], view)
        assert tr("table.conn.on", lang) in mine and tr("level.hard", lang) not in mine
        statuses[1] = dataclasses.replace(statuses[1], connected=False)
        app.table.post_message(SessionArrived(Seats(tuple(statuses), grace=120.0)))
        off = tr("table.conn.off", lang)
        await until(pilot, lambda: off in app.table.seat_header(view.seats[1], view))
        assert netbot not in app.table.seat_header(view.seats[1], view)


@pytest.mark.parametrize("lang", ["en", "zh"])
async def test_the_result_names_the_bot_that_played_each_seat_and_its_level(lang: str) -> None:
    from qm_tui.screens.result import ResultScreen

    view = chain_position()
    final = chain_position(over=True)
    assert final.result is not None
    statuses = (
        SeatStatus(0, view.seats[0].name, "human", True),
        SeatStatus(1, view.seats[1].name, "human", True, level="easy"),  # qingming bot
    )
    session = ScriptedSession(
        [Seats(statuses, grace=120.0), Update(view, (), None), Ended(final.result, final)]
    )
    app = TableApp(session, lang=lang)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: app.table.ended is not None)
        await pilot.press("v")
        await until(pilot, lambda: isinstance(app.screen, ResultScreen))
        await pilot.pause()
        text = screen_text(app)
    netbot = leveled(tr("table.conn.netbot", lang), "easy", lang)
    me, other = view.seats[0].name, view.seats[1].name
    # the revealed hands: a row starts with its player's name, a bot's followed by who it is
    assert f" {other} {netbot} " in text, text
    assert not re.search(
        rf" {me} +\S*(?:{tr('table.conn.netbot', lang)}|{tr('level.easy', lang)})", text
    )
