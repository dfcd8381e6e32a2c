"""An answer to one's own request is told from a pushed update by its ``ref`` (protocol.md §2).

The update (or ``ended``) that brings a connection up to date in answer to ``sync``, ``rejoin``
or ``spectate`` carries that request's ``id`` as ``ref``, with the view whole and the ``seq``
as it is; every update pushed after a decision has none. Raw connections to a real host on
loopback: a seat, a spectator, the seat taken back on a new connection, and the same after the
game's end (where the answers are ``ended``, and a choice is ``game_over``).
"""

from __future__ import annotations

from typing import Any

from net_support import Raw, options, running_host, wait_for

from qm_net.host import Host


async def answer(raw: Raw, msg: dict[str, Any], t: str) -> dict[str, Any]:
    await raw.send(msg)
    return await raw.expect(t)


async def seat_in_game(host: Host) -> tuple[Raw, str]:
    """A raw seat at a 2-seat table with a host bot, the game started; and its token."""
    raw = await Raw.open(host)
    joined = await answer(raw, {"t": "join", "id": 1}, "joined")
    await raw.send({"t": "ready", "ready": True})
    await raw.expect("update")
    return raw, joined["token"]


async def test_answers_carry_the_requests_id_and_pushed_updates_none() -> None:
    async with running_host(seats=2, bots=1, options=options(round_limit=1)) as host:
        seat, token = await seat_in_game(host)
        game = host.game
        assert game is not None
        seq = host.wire.of(0)
        got = await answer(seat, {"t": "sync", "id": 5}, "update")
        assert (got["ref"], got["events"], got["patch"]) == (5, [], None)
        assert got["view"]["seq"] == seq

        watcher = await Raw.open(host)
        assert (await answer(watcher, {"t": "spectate", "id": 6}, "spectating"))["ref"] == 6
        got = await watcher.expect("update")
        assert got["ref"] == 6 and got["view"] is not None
        got = await answer(watcher, {"t": "sync", "id": 7}, "update")
        assert got["ref"] == 7 and got["view"] is not None

        again = await Raw.open(host)
        assert (await answer(again, {"t": "rejoin", "token": token, "id": 8}, "joined"))["ref"] == 8
        got = await again.expect("update")
        assert got["ref"] == 8 and got["view"]["seq"] == seq

        # play the game out from the new connection: every pushed update has no ref
        pushed = 0
        ended: dict[str, Any] | None = None
        while ended is None:
            prompt = game.prompt
            if host.state == "playing" and prompt is not None and prompt.seat == 0:
                decided = len(game.choices)
                await again.send({"t": "choose", "seq": host.wire.of(0), "option": prompt.default})
                await wait_for(lambda d=decided: len(game.choices) > d)
            msg = await again.recv()
            if msg["t"] == "update":
                assert msg.get("ref") is None, msg
                pushed += 1
            elif msg["t"] == "ended":
                ended = msg
        assert pushed > 0
        assert ended["ref"] is None and ended["view"] is None
        got = await answer(again, {"t": "sync", "id": 9}, "ended")
        assert got["ref"] == 9 and got["view"] is not None
        got = await answer(again, {"t": "choose", "seq": 0, "option": "pass", "id": 10}, "error")
        assert (got["code"], got["ref"]) == ("game_over", 10)
        got = await answer(again, {"t": "concede", "id": 11}, "error")
        assert (got["code"], got["ref"]) == ("game_over", 11)
        for raw in (seat, watcher, again):
            raw.close()
