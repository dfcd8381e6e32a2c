"""Seats survive dropped connections: tokens, mid-chain reconnects, bots after the grace time."""

from __future__ import annotations

import asyncio

import pytest
from net_support import client, options, play_to_end, running_host, seated, until, wait_for

from qm_net.client import TableClient, TableError
from qm_net.messages import ConnectionLost, ErrorMessage, GameUpdate, LobbyUpdate
from qm_rules import PromptKind, to_plain
from qm_rules.bots import level_of, make_bot


async def _drive_until_chain(host, clients) -> None:
    """Make choices through the clients until a chain is open and someone is asked to respond.
    Activations are preferred so that a chain opens soon."""
    game = host.game
    for _ in range(500):
        p = game.prompt
        if game.chain and p.kind == PromptKind.RESPOND:
            return
        ids = p.ids
        pick = next((i for i in ids if i.startswith(("place:", "play:"))), p.default)
        seq = game.seq
        await clients[p.seat].choose(pick, host.wire.of(p.seat))
        await wait_for(lambda seq=seq: game.seq > seq)
    raise AssertionError("no chain opened")


def _drop(c: TableClient) -> None:
    """A network failure, as far as both ends can tell: the socket just goes."""
    c._writer.transport.abort()


async def test_reconnect_mid_chain_gets_same_seat_and_view() -> None:
    async with running_host(seats=2, options=options(ask_everyone=True, round_limit=10)) as host:
        a, b = await seated(host, "Ann", "Bo")
        by_seat = {a.seat: a, b.seat: b}
        await _drive_until_chain(host, by_seat)
        game = host.game
        seat = game.prompt.seat
        responder = by_seat[seat]
        token = responder.token
        latest = await until(
            responder, lambda m: isinstance(m, GameUpdate) and m.view.seq == host.wire.of(seat)
        )
        before = to_plain(latest.view)
        assert latest.view.chain and latest.view.prompt.options

        _drop(responder)
        lost = await until(responder, lambda m: isinstance(m, ConnectionLost))
        assert not lost.final
        await wait_for(lambda: host.seats[seat].conn is None)

        assert await responder.reconnect() == seat
        assert responder.token == token
        again = await until(responder, lambda m: isinstance(m, GameUpdate))
        assert to_plain(again.view) == before  # the same view, mid-chain
        assert again.view.chain and again.view.prompt.seat == seat

        seq = game.seq
        await responder.choose("pass")  # and the game goes on from there
        await wait_for(lambda: game.seq > seq)


async def test_token_on_a_new_connection_replaces_the_old_one() -> None:
    async with running_host(seats=2) as host:
        a, b = await seated(host, "Ann", "Bo")
        other = await client(host, "Ann again")
        assert await other.rejoin(a.token) == a.seat
        err = await until(a, lambda m: isinstance(m, ErrorMessage))
        assert err.code == "replaced"
        lost = await until(a, lambda m: isinstance(m, ConnectionLost))
        assert lost.final
        update = await until(other, lambda m: isinstance(m, GameUpdate))
        assert update.view.viewer == a.seat


async def test_wrong_token_is_refused() -> None:
    async with running_host(seats=2) as host:
        a, _ = await seated(host, "Ann", "Bo")
        thief = await client(host, "thief")
        with pytest.raises(TableError) as exc:
            await thief.rejoin(a.token[::-1] + "x")
        assert exc.value.code == "bad_token"
        assert host.seats[a.seat].conn is not None and thief.seat is None


async def test_bot_takes_over_a_seat_after_the_grace_time() -> None:
    async with running_host(seats=2, options=options(disconnect_grace=0.2, round_limit=3)) as host:
        a, b = await seated(host, "Ann", "Bo")
        gone = b.seat
        _drop(b)
        await wait_for(lambda: host.seats[gone].conn is None)
        dropped_at = len(host.game.choices)
        bot = make_bot("random", 1)

        end = await asyncio.wait_for(play_to_end(a, bot), 60)
        # played out with both seats in it, however it ends (nobody was left standing alone)
        assert end.result.reason in ("round_limit", "worship", "stalemate"), end.result
        later = host.game.choices[dropped_at:]
        assert any(seat == gone for seat, _ in later)  # someone played the empty seat: the bot


async def test_player_back_after_takeover_gets_the_seat_back_from_the_bot() -> None:
    # The bot is paced (bot_delay) so the game cannot run to its end between the bot's first
    # move and b's reconnect: the seat is given up when a game ends without its player.
    async with running_host(
        seats=2, bot_delay=0.05, options=options(disconnect_grace=0.1, round_limit=30)
    ) as host:
        a, b = await seated(host, "Ann", "Bo")
        game = host.game
        gone = b.seat
        watcher = await client(host, "Wu")
        await watcher.spectate()
        _drop(b)
        await until(b, lambda m: isinstance(m, ConnectionLost))  # b's old messages are read
        await wait_for(lambda: host.seats[gone].takeover)
        # the others are told a bot plays the seat now (not just "offline")
        said = await until(
            watcher, lambda m: isinstance(m, LobbyUpdate) and m.seats[gone].played_by_bot
        )
        assert not said.seats[gone].connected and not said.seats[a.seat].played_by_bot
        assert said.seats[gone].level == level_of(host.bot_strategy)  # how well it plays
        background = asyncio.create_task(play_to_end(a, make_bot("random", 5)))
        try:
            await wait_for(lambda: any(s == gone for s, _ in game.choices))  # the bot played
            assert await b.reconnect() == gone
            assert not host.seats[gone].takeover
            back = await until(b, lambda m: isinstance(m, LobbyUpdate) and m.seats[gone].connected)
            assert not back.seats[gone].played_by_bot  # and the others are told it is theirs again
            assert back.seats[gone].level is None
            # b's next prompt waits for b, and b's own answer is the one taken
            mine = await until(
                b,
                lambda m: (
                    isinstance(m, GameUpdate)
                    and m.view.prompt is not None
                    and m.view.prompt.seat == gone
                    and bool(m.view.prompt.options)
                ),
            )
            option = mine.view.prompt.options[-1].id
            n = len(game.choices)
            await b.choose(option, mine.view.prompt.seq)
            await wait_for(lambda: len(game.choices) > n)
            assert game.choices[n] == (gone, option)
        finally:
            background.cancel()
