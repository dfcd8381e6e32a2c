"""The host's parts on their own, without a socket: seats, the clocks, the journal keeper."""

from __future__ import annotations

import asyncio
from pathlib import Path

from qm_net.host.journal import TableJournal
from qm_net.host.seats import Seats
from qm_net.host.timers import Timers
from qm_net.journal_io import read_games
from qm_rules import Game, GameOptions, PromptKind
from qm_rules.bots import make_bot


def test_seats_owner_is_the_earliest_human_and_compact_closes_gaps() -> None:
    seats = Seats(4)
    seats.seat_bot(seats[0], "random")
    token = seats.seat_human(seats[3], "Ann", conn=None)  # type: ignore[arg-type]
    seats.seat_human(seats[2], "Bo", conn=None)  # type: ignore[arg-type]
    assert seats.owner == 3  # Ann joined before Bo; bots never own the table
    assert seats.by_token(token) is seats[3]
    assert seats.by_token(token + "x") is None
    seats.compact()
    assert [(s.kind, s.name) for s in seats] == [
        ("bot", "bot-1"),
        ("human", "Bo"),
        ("human", "Ann"),
        ("empty", None),
    ]
    assert seats.by_token(token) is seats[2]  # the token moved with its player
    assert seats.owner == 2


async def test_timers_run_the_response_clock_for_a_human_and_the_bot_pause_for_a_bot() -> None:
    fired: list[tuple[str, int]] = []

    def timers_of(response_timer: float) -> Timers:
        return Timers(
            GameOptions(response_timer=response_timer, turn_timer=None),
            bot_delay=0.0,
            on_response=lambda seq: fired.append(("response", seq)),
            on_turn=lambda turn: fired.append(("turn", turn)),
            on_bot=lambda seq: fired.append(("bot", seq)),
        )

    game = Game.new(["a", "b"], 5)
    bot = make_bot("random", 1)
    while game.prompt is not None and game.prompt.kind != PromptKind.RESPOND:
        game.choose(game.prompt.seat, bot.choose(game.view(game.prompt.seat)), game.prompt.seq)
    assert game.prompt is not None
    # A clock long enough that a loaded machine cannot let it run out between the two arms.
    timers = timers_of(30.0)
    timers.arm(game, bot_controlled=False, key=3)
    started, left = timers.response_deadline, timers.deadline()
    assert left is not None and 0 < left <= 30.0
    await asyncio.sleep(0.02)
    timers.arm(game, bot_controlled=False, key=3)  # a draft's step: the same public position
    again = timers.deadline()
    # the clock ran on, it did not start again
    assert timers.response_deadline == started and again is not None and again < left
    timers.cancel()
    # A short clock runs out, and the table is told which prompt it ran out on.
    timers = timers_of(0.05)
    timers.arm(game, bot_controlled=False, key=3)
    await asyncio.sleep(0.1)
    assert fired == [("response", 3)]
    timers.arm(game, bot_controlled=True, key=4)
    assert timers.deadline() is None  # a bot's prompt shows no clock
    await asyncio.sleep(0.02)
    assert fired[-1] == ("bot", game.prompt.seq)
    timers.cancel()


def test_table_journal_writes_a_game_and_its_choices(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    journal = TableJournal(str(path))
    journal.open({"seats": 2, "games": 3})
    game = Game.new(["a", "b"], 9)
    journal.begin_game(0, "t", [{"seat": 0, "name": "a"}, {"seat": 1, "name": "b"}], game)
    for _ in range(5):
        game.apply_default()
    journal.sync(game)
    journal.close()
    (back,) = read_games(str(path))
    assert back.table_options == {"seats": 2, "games": 3}
    assert back.choices == list(game.choices)
    assert back.replay().view(None) == game.view(None)
