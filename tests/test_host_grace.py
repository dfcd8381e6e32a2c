"""A seat is kept for its player for the grace time, whatever the table is doing meanwhile.

Across a resume and across the end of a game, an away player keeps the seat until the grace
runs out; after a game the same clock runs for every player to ask for the rematch, so one who
never comes back, or never answers, does not hold the table for ever.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from net_support import options, play_to_end, seated, until, wait_for

from qm_net.client import TableClient
from qm_net.host import Host
from qm_net.messages import ConnectionLost, ErrorMessage, GameEnded, GameUpdate
from qm_rules.bots import make_bot

COMMON = {"bind": "127.0.0.1", "advertise": False}


async def seated_host(
    path: Path, humans: list[str], bots: int, **opts: object
) -> tuple[Host, list[TableClient]]:
    host = Host(
        "grace",
        len(humans) + bots,
        bots=bots,
        options=options(**opts),
        journal_path=str(path),
        seed=5,
        **COMMON,
    )
    await host.start()
    return host, await seated(host, *humans)


async def two_played_a_game(path: Path) -> tuple[Host, TableClient, TableClient]:
    """Ann and Bo (and a bot) at a table with a 1 s grace, their first game played."""
    host, (ann, bo) = await seated_host(path, ["Ann", "Bo"], 1, disconnect_grace=1.0, round_limit=2)
    bots = [make_bot("random", 1), make_bot("random", 2)]
    await asyncio.gather(play_to_end(ann, bots[0]), play_to_end(bo, bots[1]))
    await wait_for(lambda: host.state == "ended")
    return host, ann, bo


async def ann_played_alone(path: Path) -> tuple[Host, TableClient]:
    """`qingming play`'s shape: Ann and two bots, a 0.3 s grace, their first game played."""
    host, (ann,) = await seated_host(path, ["Ann"], 2, disconnect_grace=0.3, round_limit=2)
    await play_to_end(ann, make_bot("random", 0))
    await wait_for(lambda: host.state == "ended")
    return host, ann


async def back(c: TableClient, host: Host) -> int | None:
    """Come back to a host (a resumed one on another port, say) with the seat's token."""
    await until(c, lambda m: isinstance(m, ConnectionLost))
    c.port = host.port
    return await c.reconnect()


async def test_after_a_resume_bots_finishing_the_game_do_not_cost_the_away_humans_their_seats(
    tmp_path: Path,
) -> None:
    path = tmp_path / "j.jsonl"
    # the timers play the away player's turns, fast; its grace is far longer than the game
    host, (ann,) = await seated_host(
        path, ["Ann"], 2, turn_timer=0.05, response_timer=0.05, disconnect_grace=30.0, round_limit=2
    )
    await host.stop()
    resumed = Host.resume(str(path), **COMMON)
    await resumed.start()
    try:
        await wait_for(lambda: resumed.state == "ended")  # the game ended without Ann
        assert resumed.seats[0].kind == "human" and resumed.seats[0].name == "Ann"
        assert await back(ann, resumed) == 0  # the token still holds the seat
        end = await until(ann, lambda m: isinstance(m, GameEnded))  # told how it ended...
        assert end.view is not None and end.view.result == end.result  # ...with the final view
        assert all(s.hand is not None for s in end.view.seats)  # every hand shown
        await ann.rematch()
        await wait_for(lambda: resumed.state == "playing")  # and the next game is on, with her
        assert resumed.seats[0].conn is not None and resumed.game.names[0] == "Ann"
    finally:
        await resumed.stop()


async def test_a_table_resumed_between_games_starts_the_rematch_once_the_grace_is_over(
    tmp_path: Path,
) -> None:
    host, ann, _ = await two_played_a_game(tmp_path / "j.jsonl")
    await host.stop()
    resumed = Host.resume(str(tmp_path / "j.jsonl"), **COMMON)
    assert resumed.state == "ended"
    await resumed.start()
    try:
        assert await back(ann, resumed) == 0
        await ann.rematch()  # Bo never comes back
        await wait_for(lambda: resumed.state == "playing")  # after Bo's grace, without him
        assert [s.kind for s in resumed.seats] == ["human", "bot", "empty"]
        assert resumed.game.n == 2 and "Bo" not in resumed.game.names
    finally:
        await resumed.stop()


async def test_a_connected_player_who_never_answers_the_rematch_gives_the_seat_up(
    tmp_path: Path,
) -> None:
    host, ann, bo = await two_played_a_game(tmp_path / "j.jsonl")
    try:
        await ann.rematch()
        await wait_for(lambda: host.state == "playing")  # Bo, connected and pinging, never answered
        assert host.games_played == 1 and "Bo" not in host.game.names
        # Bo is told, and holds no seat: his client kept seat 1 and its room showed the seat's
        # next holder as "you", with nothing said.
        told = await until(bo, lambda m: isinstance(m, ErrorMessage) and m.code == "seat_freed")
        assert "rematch" in told.message
        assert bo.seat is None and bo.token is None
        update = await until(ann, lambda m: isinstance(m, GameUpdate))
        assert update.view.seq == 0  # the new game
    finally:
        await host.stop()


async def test_bots_left_alone_after_the_players_walked_away_do_not_play_on_by_themselves(
    tmp_path: Path,
) -> None:
    # `qingming play`: one player, bots, a table that starts games by itself. The player goes
    # away after the game: the seat is given up, and the bots must not then deal game after
    # game among themselves into the journal.
    host, ann = await ann_played_alone(tmp_path / "j.jsonl")
    try:
        await ann.close()
        await wait_for(lambda: all(s.name != "Ann" for s in host.seats))  # the grace ran out
        await asyncio.sleep(0.5)  # time enough for a game among the bots to be dealt
        assert host.state == "ended" and host.games_played == 1
    finally:
        await host.stop()


async def test_a_player_reading_the_result_at_a_table_of_bots_keeps_the_seat(
    tmp_path: Path,
) -> None:
    # Nobody waits for the rematch but bots: a connected player may read the result as long
    # as they like, then ask for the rematch and play on.
    host, ann = await ann_played_alone(tmp_path / "j.jsonl")
    try:
        await asyncio.sleep(0.9)  # three graces
        assert host.seats[ann.seat].name == "Ann" and host.games_played == 1
        await ann.rematch()
        await wait_for(lambda: host.state == "playing" and host.game is not None)
        assert "Ann" in host.game.names
    finally:
        await host.stop()


async def test_a_table_of_bots_only_still_plays_its_games(tmp_path: Path) -> None:
    host = Host(
        "bots",
        2,
        bots=2,
        options=options(round_limit=2),
        journal_path=str(tmp_path / "j.jsonl"),
        seed=3,
        games=2,
        **COMMON,
    )
    await host.start()
    try:
        await wait_for(lambda: host.games_played == 2)
    finally:
        await host.stop()
