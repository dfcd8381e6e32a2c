"""The table screen driven by its own keys against bots, at a table served by the host that
``qingming play`` runs (on loopback: its timers and bots are what players get)."""

from __future__ import annotations

import math

import pytest
from test_tui_table_support import (
    HostedTable,
    TableApp,
    bob_springs_his_trap,
    my_prompt,
    play_until,
    play_with_keys,
    screen_text,
    trap_table,
    until,
)

from qm_rules.model import PromptKind
from qm_tui.clock import FakeClock
from qm_tui.screens.result import ResultScreen
from qm_tui.widgets.log import chat_line
from qm_tui.widgets.prompt import PromptBar
from qm_tui.widgets.tiles import TableTile


async def test_a_whole_game_with_the_first_option_each_time_reaches_the_result() -> None:
    session = HostedTable(seed=3, round_limit=6)
    app = TableApp(session)
    async with app.run_test(size=(100, 30)) as pilot:
        await play_with_keys(pilot, app, "1")
        assert session.game.over
        result = session.game.result
        assert result is not None
        text = screen_text(app)
        assert "Game over" in text
        # every hand is revealed on the result screen (R5): my opponents' names and hands show
        assert "Bob" in text and "Cat" in text
        await pilot.press("q")
        await until(pilot, lambda: bool(app.left))


async def test_a_whole_game_at_80x24_with_six_players_in_chinese() -> None:
    session = HostedTable(["我", "乙", "丙", "丁", "戊", "己"], seed=11, round_limit=3)
    app = TableApp(session, lang="zh")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.table.view is not None and app.table.updates > 0)
        text = screen_text(app)
        for name in ["乙", "丙", "丁", "戊", "己"]:
            assert name in text  # every opponent's area is on screen at 80x24
        await play_with_keys(pilot, app, None)  # pass / end / skip / decline whenever offered
        assert "游戏结束" in screen_text(app)


async def test_the_decline_keys_play_a_game_through_pass_and_end() -> None:
    session = HostedTable(seed=5, round_limit=4, ask_everyone=True)
    app = TableApp(session)
    async with app.run_test(size=(100, 30)) as pilot:
        await play_with_keys(pilot, app, None)
        assert (0, "pass") in session.game.choices and (0, "end") in session.game.choices


async def test_enter_on_a_focused_hand_card_places_it() -> None:
    """The first Enter shows what the card will do; the second places it."""
    session = HostedTable(seed=3)
    app = TableApp(session)
    async with app.run_test(size=(100, 30)) as pilot:
        await play_until(pilot, app, lambda: my_prompt(app, PromptKind.PLACE))
        await pilot.press("b")  # onto the board: the first card an option names
        focused = app.focused
        assert (
            isinstance(focused, TableTile) and focused.zone == "hand" and focused.card is not None
        )
        placed = focused.card.card
        seq = app.table.view.seq  # type: ignore[union-attr]
        await pilot.press("enter")
        await pilot.pause()
        assert app.table.view.seq == seq  # type: ignore[union-attr]  # looking: nothing placed
        await pilot.press("enter")
        await until(pilot, lambda: app.table.view.seq > seq)  # type: ignore[union-attr]
        me = app.table.view.seats[0]  # type: ignore[union-attr]
        assert any(s.card is not None and s.card.card == placed for s in me.slots)


async def test_arrows_move_over_the_board_and_show_the_card() -> None:
    session = HostedTable(seed=3)
    app = TableApp(session)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: app.table.updates > 0)
        await pilot.press("b")
        start = app.focused
        assert isinstance(start, TableTile)
        await pilot.press("up")
        assert app.focused is not start and isinstance(app.focused, TableTile)
        await pilot.press("down")
        assert app.focused is start
        # a hand card's full text shows in the detail pane
        hand = app.table.hand
        assert hand is not None
        tile = hand.tiles()[0]
        tile.focus()
        await pilot.pause()
        assert tile.card is not None
        from qm_rules.cards import shipped_cards

        assert shipped_cards()[tile.card.card].name.en in screen_text(app)


async def test_a_number_beyond_the_options_does_nothing_and_a_refusal_is_shown() -> None:
    session = HostedTable(seed=3)
    app = TableApp(session)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: my_prompt(app))
        seq = app.table.view.seq  # type: ignore[union-attr]
        await pilot.press("9")  # fewer than 9 options at the start
        await pilot.pause()
        assert app.table.view.seq == seq  # type: ignore[union-attr]
        # the host refusing is shown, not swallowed
        assert session.client is not None
        await session.client.choose("place:99999")
        await until(pilot, lambda: any("Refused" in n.message for n in app._notifications))


async def test_responding_to_a_chain_in_time() -> None:
    clock = FakeClock()
    session = HostedTable(seed=5, clock=clock, ask_everyone=True, response_timer=20.0)
    app = TableApp(session, clock=clock)
    async with app.run_test(size=(100, 30)) as pilot:
        await play_until(pilot, app, lambda: my_prompt(app, PromptKind.RESPOND))
        bar = app.table.query_one(PromptBar)
        assert bar.query_one("#prompt-countdown").render().plain == "20s"  # type: ignore[attr-defined]
        clock.advance(12.5)
        bar.refresh_countdown()
        assert bar.query_one("#prompt-countdown").render().plain == "8s"  # type: ignore[attr-defined]
        seq = app.table.view.seq  # type: ignore[union-attr]
        await pilot.press("p")
        await until(pilot, lambda: app.table.view.seq > seq)  # type: ignore[union-attr]
        assert (0, "pass") in session.game.choices
        assert "Me passes" in "\n".join(app.table.query_one("#log").lines_written)  # type: ignore[attr-defined]


async def test_the_countdown_runs_out_and_the_host_passes_for_me() -> None:
    clock = FakeClock()
    session = HostedTable(seed=5, clock=clock, ask_everyone=True, response_timer=6.0)
    app = TableApp(session, clock=clock)
    async with app.run_test(size=(100, 30)) as pilot:
        await play_until(pilot, app, lambda: my_prompt(app, PromptKind.RESPOND))
        seq = app.table.view.seq  # type: ignore[union-attr]
        choices = len(session.game.choices)
        clock.advance(25)  # the screen's clock: the countdown shows the time is up
        bar = app.table.query_one(PromptBar)
        bar.refresh_countdown()
        assert bar.query_one("#prompt-countdown").render().plain == "0s"  # type: ignore[attr-defined]
        assert len(session.game.choices) == choices  # the host's timer decides, not the screen
        # the host's own timer (6 s of the loop's time) takes the default: pass
        for _ in range(600):
            if app.table.view.seq > seq:  # type: ignore[union-attr]
                break
            await pilot.pause(0.05)
        assert session.game.choices[choices] == (0, "pass")
        await pilot.press("space")
        log = app.table.query_one("#log").lines_written  # type: ignore[attr-defined]
        assert "Me timed out (passed)" in log and "Me passes" not in log, log[-12:]


async def test_discard_log_help_rulebook_and_gallery_open_from_the_table() -> None:
    session = HostedTable(seed=3)
    app = TableApp(session)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: app.table.updates > 0)
        from qm_tui.screens.gallery import GalleryScreen
        from qm_tui.screens.help import HelpScreen
        from qm_tui.screens.rulebook import RulebookScreen
        from qm_tui.widgets.modals import ListModal

        for key, kind in [
            ("d", ListModal),
            ("l", ListModal),
            ("question_mark", HelpScreen),
            ("r", RulebookScreen),
            ("g", GalleryScreen),
        ]:
            await pilot.press(key)
            await until(pilot, lambda kind=kind: isinstance(app.screen, kind))
            await pilot.press("escape")
            await until(pilot, lambda: app.screen is app.table)


async def test_chat_goes_to_the_log() -> None:
    session = HostedTable(seed=3)
    app = TableApp(session)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: app.table.updates > 0)
        await pilot.press("c")
        await pilot.press(*"hi [red]all")
        await pilot.press("enter")
        log = app.table.query_one("#log")
        said = chat_line("Me", "hi [red]all", "en")  # the waiting room's form: "Me: hi [red]all"
        assert said == "Me: hi [red]all"  # kept as typed: never read as markup
        await until(pilot, lambda: said in log.lines_written)  # type: ignore[attr-defined]


async def test_rematch_at_the_table_starts_a_new_game() -> None:
    session = HostedTable(seed=3, round_limit=2)
    app = TableApp(session)
    async with app.run_test(size=(100, 30)) as pilot:
        await play_with_keys(pilot, app, None)
        assert isinstance(app.screen, ResultScreen)
        await pilot.press("r")
        # the app asks the host for a rematch; the bots agree and the next game starts
        await until(pilot, lambda: app.screen is app.table and bool(app.rematches), tries=2000)
        await until(
            pilot,
            lambda: (
                session.host is not None
                and session.host.games_played == 1
                and not session.game.over
            ),
            tries=2000,
        )


async def test_the_mouse_picks_a_card_and_an_option() -> None:
    session = HostedTable(seed=3)
    app = TableApp(session)
    async with app.run_test(size=(100, 30)) as pilot:
        await play_until(pilot, app, lambda: my_prompt(app, PromptKind.PLACE))
        hand = app.table.hand
        assert hand is not None
        tile = next(t for t in hand.tiles() if "-choosable" in t.classes)
        assert tile.card is not None
        placed, cid = tile.card.card, tile.card.cid
        n = len(session.game.choices)
        await pilot.click(tile)  # the first click shows what it will do
        await pilot.pause()
        assert len(session.game.choices) == n
        await pilot.click(tile)  # the second does it
        await until(pilot, lambda: len(session.game.choices) > n)
        assert session.game.choices[n] == (0, f"place:{cid}")
        await play_until(pilot, app, lambda: my_prompt(app))
        assert any(
            s.card is not None and s.card.card == placed for s in app.table.view.seats[0].slots
        )  # type: ignore[union-attr]
        first = app.table.view.prompt.ids[0]  # type: ignore[union-attr]
        n = len(session.game.choices)
        await pilot.click(app.table.query_one(PromptBar).options_list, offset=(3, 0))
        await until(pilot, lambda: len(session.game.choices) > n)
        assert session.game.choices[n] == (0, first)


async def test_the_countdown_of_a_response_runs_on_through_the_steps_of_declaring_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The host's response clock covers a response and the steps of declaring the activation
    made in response, without starting again (so that nobody can stall the table with them).
    The table shows that one clock: the same deadline at each step, and a bar that runs on
    rather than filling up again as if a new clock had started.

    I play 扫墓, Bob springs 鬼打墙, and I answer it with 拆台, whose cost (discard 2) is two
    more steps."""
    from helpers import in_hand

    from qm_tui.clock import SystemClock
    from qm_tui.session import NetSession
    from qm_tui.widgets.status import TableStatus

    clock = SystemClock()

    async def key_for(option: str) -> None:
        await pilot.press(str(app.table.view.prompt.ids.index(option) + 1))  # type: ignore[union-attr]

    async with trap_table(monkeypatch, response_timer=20.0) as (host, me, bob):
        app = TableApp(NetSession(me, clock=clock, reconnect_delays=()), clock=clock)  # type: ignore[arg-type]
        async with app.run_test(size=(100, 30)) as pilot:
            await me.set_ready(True)
            await bob.set_ready(True)
            await until(pilot, lambda: my_prompt(app, PromptKind.ACTION))
            game = host.game
            assert game is not None
            await key_for(f"play:{in_hand(game, 0, 'saomu')}")
            await bob_springs_his_trap(game, bob)
            await until(pilot, lambda: my_prompt(app, PromptKind.RESPOND))
            table = app.table
            deadline, seq = table.deadline_at, table.view.seq  # type: ignore[union-attr]
            assert deadline is not None
            bar = table.query_one(TableStatus).timer
            total = bar.total
            assert total is not None and total > 19
            await pilot.pause(1.0)  # a second goes by before I answer
            await key_for(f"counter:{in_hand(game, 0, 'chaitai')}")
            await until(pilot, lambda: my_prompt(app) and table.view.seq != seq)  # type: ignore[union-attr]
            assert table.view.prompt.kind is PromptKind.COST  # type: ignore[union-attr]
            assert abs(table.deadline_at - deadline) < 0.3  # type: ignore[operator]  # one clock
            assert bar.total == total  # the bar runs on from where it was
            left = bar.seconds_left()
            assert left is not None and left < total - 0.9
            shown = table.query_one(PromptBar).query_one("#prompt-countdown").render().plain  # type: ignore[attr-defined]
            assert shown == f"{math.ceil(left)}s", shown
