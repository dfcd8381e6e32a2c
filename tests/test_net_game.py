"""Whole games over real TCP on loopback: in-process clients, and separate processes."""

from __future__ import annotations

import asyncio
import json
import os
import re
import subprocess
import typing

import pytest
from net_support import (
    WAIT,
    bot_process,
    cli,
    client,
    options,
    play_to_end,
    running_host,
    seated,
    until,
    wait_for,
)

from qm_net import fairdeal
from qm_net.messages import ConnectionLost, GameEnded, GameUpdate, LobbyUpdate
from qm_rules.bots import make_bot


async def test_four_clients_play_a_whole_game() -> None:
    async with running_host(seats=4, games=1, options=options(round_limit=4)) as host:
        clients = [await client(host, f"p{i}") for i in range(4)]
        for c in clients:
            await c.join()
        for c in clients:
            await c.set_ready(True)
        seen: list[list[GameUpdate]] = [[] for _ in clients]
        games = (
            play_to_end(c, make_bot("random", c.name), s)
            for c, s in zip(clients, seen, strict=True)
        )
        ends = await asyncio.wait_for(asyncio.gather(*games), 60)
        results = {e.result for e in ends}
        assert len(results) == 1  # everyone saw the same ending
        assert host.game.over and host.games_played == 1
        assert all(e.view.result is not None for e in ends)
        # the final view is the engine's, the type the client's message declares for it
        hints = typing.get_type_hints(GameEnded, localns={"ClientRecord": fairdeal.ClientRecord})
        assert all(isinstance(e.view, hints["view"]) for e in ends)
        # each seat decided in this game, through its own connection
        deciders = {s for s, _ in host.game.choices}
        assert deciders == {0, 1, 2, 3}
        # R5 on the wire: a seat's updates show its own hand only, never others' hidden cards
        for i, updates in enumerate(seen):
            assert updates, f"seat {i} got no update"
            for u in updates:
                assert u.view.viewer == i
                if u.view.result is not None:
                    continue  # the game is over: every hand is revealed (R5)
                for sv in u.view.seats:
                    if sv.seat != i:
                        assert sv.hand is None
                        assert all(sl.card is None for sl in sv.slots if sl.face_down)
                assert all(e.visible_to(i) for e in u.events)
                if u.view.prompt is not None and u.view.prompt.seat != i:
                    assert u.view.prompt.options == ()
        await wait_for(lambda: host._closed.is_set())  # --games 1: the table closes itself


async def test_spectator_gets_the_public_view_and_bots_fill_seats() -> None:
    async with running_host(seats=3, bots=2, options=options(round_limit=2)) as host:
        watcher = await client(host, "watcher")
        await watcher.spectate()
        player = await client(host, "solo")
        await player.join()
        await player.set_ready(True)
        seen: list[GameUpdate] = []
        end = await asyncio.wait_for(play_to_end(player, make_bot("random", 2), seen), 60)
        assert end.result == host.game.result
        msg = await until(watcher, lambda m: isinstance(m, GameUpdate))
        assert msg.view.viewer is None
        assert all(sv.hand is None for sv in msg.view.seats)


async def test_lobby_owner_start_bots_chat_and_rematch() -> None:
    async with running_host(seats=4, autostart=False) as host:
        owner, guest = await client(host, "owner"), await client(host, "guest")
        assert await owner.join() == 0
        assert await guest.join(3) == 3
        await guest.start_game()
        assert (
            await until(guest, lambda m: getattr(m, "code", None) is not None)
        ).code == "not_owner"
        await owner.add_bot("random")
        lobby = await until(
            owner, lambda m: isinstance(m, LobbyUpdate) and any(s.kind == "bot" for s in m.seats)
        )
        assert lobby.owner_seat == 0 and lobby.seats[1].kind == "bot"
        await owner.remove_bot(1)
        await until(
            owner,
            lambda m: isinstance(m, LobbyUpdate) and not any(s.kind == "bot" for s in m.seats),
        )
        await guest.chat("你好")
        chat = await until(owner, lambda m: getattr(m, "text", None) == "你好")
        assert (chat.seat, chat.name) == (3, "guest")
        await owner.start_game()  # 2 players, seats 0 and 3: the game closes the gap
        await until(guest, lambda m: isinstance(m, GameUpdate))
        assert guest.seat == 1 and host.game.n == 2
        await owner.concede()
        end = await until(guest, lambda m: isinstance(m, GameEnded))
        assert end.result.winner == 1 and end.result.reason == "last_standing"
        await owner.rematch()
        await guest.rematch()
        lobby = await until(
            owner,
            lambda m: isinstance(m, LobbyUpdate) and m.state == "playing" and m.games_played == 1,
        )
        assert [s.name for s in lobby.seats[:2]] == ["owner", "guest"]
        update = await until(owner, lambda m: isinstance(m, GameUpdate))
        assert update.view.result is None and update.view.seq == 0


def test_serve_and_bot_processes_play_to_the_end(tmp_path) -> None:
    journal = tmp_path / "table.jsonl"
    env = dict(os.environ, CI="1")
    serve = subprocess.Popen(
        cli(
            "serve",
            "--name",
            "proc",
            "--seats",
            "4",
            "--bind",
            "127.0.0.1",
            "--no-advertise",
            "--games",
            "1",
            "--round-limit",
            "3",
            "--seed",
            "11",
            "--journal",
            str(journal),
        ),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        line = serve.stdout.readline()
        port = int(re.search(r"listening on \S+:(\d+)", line).group(1))
        bots = [
            bot_process(port, f"b{i}", "random" if i % 2 else "heuristic", env) for i in range(4)
        ]
        outs = [b.communicate(timeout=WAIT * 3) for b in bots]
        assert [b.returncode for b in bots] == [0, 0, 0, 0], outs
        assert serve.wait(timeout=WAIT) == 0
    finally:
        serve.kill()
    assert oct(journal.stat().st_mode & 0o777) == "0o600"
    summary = json.loads(
        subprocess.run(
            cli("replay", str(journal), "--json"), capture_output=True, text=True, check=True
        ).stdout
    )
    # The game ran to its end: a win within the three rounds --round-limit allows, or the limit.
    assert summary["finished"] is True and summary["choices"] > 0
    assert 1 <= summary["rounds"] <= 3
    assert summary["reason"] != "round_limit" or summary["rounds"] == 3
    words = subprocess.run(
        cli("replay", str(journal), "--no-step"), capture_output=True, text=True, check=True
    ).stdout
    assert len(words.splitlines()) > summary["choices"]


async def test_fast_bot_peers_are_not_mistaken_for_a_flood() -> None:
    from qm_net.host import Limits

    tight = Limits(rate=2.0, burst=3.0, strikes=3)  # far below a bot's pace
    async with running_host(seats=2, limits=tight, options=options(round_limit=12)) as host:
        a, b = await seated(host, "fast", "faster")
        ends = await asyncio.wait_for(
            asyncio.gather(
                play_to_end(a, make_bot("random", 1)), play_to_end(b, make_bot("random", 2))
            ),
            60,
        )
        assert ends[0].result == ends[1].result
        assert len(host.game.choices) > 20  # many more answers than the bucket allows


async def test_leaving_a_game_concedes_it_and_the_table_goes_on() -> None:
    async with running_host(seats=3, bots=1) as host:
        a, b = await seated(host, "stays", "goes")
        await b.leave()
        await wait_for(lambda: host.game.conceded[1])
        assert host.state == "playing" and host.seats[1].conn is None
        assert b.seat is None and b.token is None


async def test_at_the_connection_cap_idle_connections_make_room_for_players() -> None:
    from qm_net.client import TableError
    from qm_net.host import Limits

    async with running_host(seats=2, limits=Limits(max_connections=3)) as host:
        a, b = await seated(host, "Ann", "Bo")
        idle = await client(host, "idle")
        newcomer = await client(host, "new")  # the idle connection (no seat) goes
        lost = await until(idle, lambda m: isinstance(m, ConnectionLost))
        assert lost.final
        assert newcomer.table is not None
        await newcomer.spectate()
        # every connection holds a seat or watches: the watcher goes for the next one
        last = await client(host, "last")
        await until(newcomer, lambda m: isinstance(m, ConnectionLost))
        await wait_for(lambda: len(host.conns) == 3)
        assert (
            last.table is not None
            and host.seats[0].conn is not None
            and host.seats[1].conn is not None
        )

    async with running_host(seats=2, limits=Limits(max_connections=2)) as host:
        await seated(host, "Ann", "Bo")
        with pytest.raises(TableError) as exc:  # every connection holds a seat: busy, retry
            await client(host, "third")
        assert exc.value.code == "table_busy"
