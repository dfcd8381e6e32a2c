"""The fair deal over the wire: commitment first, parts, the seed, the reveal, every client's check.

A table with no fixed seed deals each game together with its players (qm_net.fairdeal); these
tests play such games on loopback — in-process and across processes — and make a host cheat in
each way the check must catch: another seed, a rewritten choice, one altered view.
"""

from __future__ import annotations

import asyncio
import dataclasses
import os
import re
import subprocess

import msgpack
import msgspec
import pytest
from net_support import (
    WAIT,
    Raw,
    bot_process,
    cli,
    client,
    options,
    play_to_end,
    running_host,
    until,
    wait_for,
)

from qm_net import fairdeal
from qm_net import protocol as p
from qm_net.host import Host
from qm_net.host.play import Play
from qm_net.host.updates import Updates
from qm_net.messages import Dealt, GameEnded, GameUpdate
from qm_rules import Game, View
from qm_rules.bots import make_bot


async def _fair_game(host: Host, n: int, **_: object) -> list[GameEnded]:
    clients = [await client(host, f"p{i}") for i in range(n)]
    for c in clients:
        await c.join()
    for c in clients:
        await c.set_ready(True)
    games = (play_to_end(c, make_bot("random", c.name)) for c in clients)
    return list(await asyncio.wait_for(asyncio.gather(*games), 60))


async def test_a_fair_game_verifies_on_every_client_and_for_a_spectator() -> None:
    async with running_host(seed=None, seats=3, bots=1, options=options(round_limit=3)) as host:
        watcher = await client(host, "watcher")
        await watcher.spectate()
        ends = await _fair_game(host, 2)
        watched = await until(watcher, lambda m: isinstance(m, GameEnded))
        assert host.game is not None and host.deal is not None
        assert host.game.seed == host.deal.seed()
        assert host.deal.sources() == ["player", "player", "bot"]
        for end in [*ends, watched]:
            assert end.fair is not None
            assert end.fair.sources == ["player", "player", "bot"]
            verdict = fairdeal.verify(end.fair)
            assert verdict.ok, verdict.failed
        assert ends[0].fair.part != ends[1].fair.part  # each client drew its own


async def test_a_fixed_seed_table_deals_as_before_and_says_there_is_nothing_to_check() -> None:
    async with running_host(seed=5, seats=2, options=options(round_limit=2)) as host:
        ends = await _fair_game(host, 2)
        assert all(e.fair is None for e in ends)
        assert host.game.seed == 5


def _cheat(how: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Make every host cheat in one way, chosen by ``how``: deal from its own ``seed``, rewrite
    a ``choice`` in the reveal, or show each seat one altered ``view``."""
    altered: set[int] = set()
    deal_game, deal_reveal, sent_view = Play.deal_game, Updates.deal_reveal, Updates.view

    def dealt(play: Play, seed: int | str) -> None:
        deal_game(play, "stacked" if how == "seed" else seed)

    def revealed(updates: Updates) -> p.Reveal | None:
        revealed = deal_reveal(updates)
        if revealed is None or how not in ("seed", "choice"):
            return revealed
        reveal = msgspec.to_builtins(revealed)
        if how == "seed":
            assert updates.host.deal is not None
            reveal["journal"]["seed"] = updates.host.deal.seed()  # claims the fair seed
        else:
            journal = reveal["journal"]
            journal["choices"] = [list(c) for c in journal["choices"]]
            _forge_one(journal["players"], journal["seed"], journal["choices"])
        return msgspec.convert(reveal, p.Reveal)

    def view(updates: Updates, game: Game, viewer: int | None) -> View:
        view = sent_view(updates, game, viewer)
        if how == "view" and viewer is not None and game.seq >= 3 and viewer not in altered:
            altered.add(viewer)  # one update to each seat shows one card too few
            view = dataclasses.replace(view, deck_count=view.deck_count - 1)
        return view

    monkeypatch.setattr(Play, "deal_game", dealt)
    monkeypatch.setattr(Updates, "deal_reveal", revealed)
    monkeypatch.setattr(Updates, "view", view)


def _forge_one(players: list[str], seed: str, choices: list[list]) -> None:
    """Replace one later choice by another option that was legal at that point."""
    game = Game.new(list(players), seed)
    for i, (s, o) in enumerate(choices):
        prompt = game.prompt
        others = [x.id for x in prompt.options if x.id != o]
        if i >= len(choices) // 2 and others:
            choices[i] = [s, others[0]]
            return
        game.choose(s, o)
    raise AssertionError("no choice could be forged")


async def _cheated(how: str, monkeypatch: pytest.MonkeyPatch) -> list[fairdeal.Verdict]:
    _cheat(how, monkeypatch)
    host = Host(
        "cheat",
        3,
        bots=1,
        seed=None,
        options=options(round_limit=3),
        bind="127.0.0.1",
        advertise=False,
    )
    await host.start()
    try:
        ends = await _fair_game(host, 2)
    finally:
        await host.stop()
    return [fairdeal.verify(e.fair) for e in ends]


async def test_a_host_that_deals_from_its_own_seed_is_caught_by_every_client(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    verdicts = await _cheated("seed", monkeypatch)
    assert all(not v.ok and v.failed.name in ("replay", "views") for v in verdicts), verdicts


async def test_a_host_that_rewrites_a_choice_is_caught_by_every_client(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    verdicts = await _cheated("choice", monkeypatch)
    assert all(not v.ok and v.failed.name in ("replay", "views") for v in verdicts), verdicts


async def test_a_host_that_alters_one_view_is_caught_and_the_view_named(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    verdicts = await _cheated("view", monkeypatch)
    for v in verdicts:
        assert not v.ok and v.failed.name == "views", v
        assert re.search(r"view \d+ of \d+", v.failed.detail)


async def test_the_commitment_comes_first_and_no_part_is_shown_before_the_seed_is_fixed() -> None:
    async with running_host(
        seed=None, seats=2, options=options(round_limit=2), deal_timeout=WAIT
    ) as host:
        a, b = await Raw.open(host), await Raw.open(host)
        await a.send({"t": "deal_part", "part": "00" * 32})  # no deal yet: refused
        assert (await a.expect("error"))["code"] == "wrong_state"
        frames: dict[str, list[dict]] = {"a": [], "b": []}
        for raw in (a, b):
            await raw.send({"t": "join"})
            await raw.expect("joined")
            await raw.send({"t": "ready", "ready": True})

        async def until_type(raw: Raw, key: str, t: str) -> dict:
            while True:
                msg = await raw.recv()
                frames[key].append(msg)
                if msg["t"] == t:
                    return msg

        deal_a = await until_type(a, "a", "deal")
        deal_b = await until_type(b, "b", "deal")
        assert deal_a["commitment"] == deal_b["commitment"] == host.deal.commitment
        assert sorted(deal_a["seats"]) == [0, 1]
        assert not any(f["t"] == "update" for f in frames["a"] + frames["b"])  # no game yet
        part_a, part_b = os.urandom(32).hex(), os.urandom(32).hex()
        await a.send({"t": "deal_part", "part": part_a})
        await a.send({"t": "deal_part", "part": part_a})  # a second part is refused
        assert (await until_type(a, "a", "error"))["code"] == "wrong_state"
        await b.send({"t": "deal_part", "part": "XYZ"})  # malformed: refused, nothing changes
        assert (await until_type(b, "b", "error"))["code"] == "bad_message"
        assert host.game is None
        await b.send({"t": "deal_part", "part": part_b})
        dealt = await until_type(b, "b", "dealt")
        await until_type(a, "a", "dealt")
        assert dealt["sources"] == ["player", "player"]
        before = msgpack.packb(frames["a"] + frames["b"], use_bin_type=True)
        assert part_a.encode() not in msgpack.packb(
            frames["b"]
        ) and part_b.encode() not in msgpack.packb(frames["a"])
        assert host.deal.secret.hex().encode() not in before
        a.close()
        b.close()


async def test_nothing_before_the_end_reveals_the_secret_or_the_seed() -> None:
    async with running_host(seed=None, seats=3, bots=1, options=options(round_limit=3)) as host:
        watcher = await Raw.open(host)
        await watcher.send({"t": "spectate"})
        frames: list[dict] = []

        async def record() -> dict:
            while True:
                msg = await watcher.recv()
                frames.append(msg)
                if msg["t"] == "ended":
                    return msg

        recorder = asyncio.create_task(record())
        ends = await _fair_game(host, 2)
        ended = await asyncio.wait_for(recorder, WAIT)
        secret, seed = host.deal.secret.hex(), host.deal.seed()
        before = msgpack.packb(frames[:-1], use_bin_type=True)
        assert secret.encode() not in before and seed.encode() not in before
        assert seed[5:15].encode() not in before  # not even a piece of it
        assert ended["deal"]["secret"] == secret and ended["deal"]["journal"]["seed"] == seed
        assert all(fairdeal.verify(e.fair).ok for e in ends)
        watcher.close()


async def test_a_seat_that_sends_no_part_in_time_gets_one_from_the_host_and_the_table_says_so() -> (
    None
):
    async with running_host(
        seed=None, seats=2, options=options(round_limit=2), deal_timeout=0.3
    ) as host:
        silent = await Raw.open(host)  # a client that never sends its part
        await silent.send({"t": "join"})
        await silent.expect("joined")
        await silent.send({"t": "ready", "ready": True})
        player = await client(host, "player")
        await player.join()
        await player.set_ready(True)
        fixed = await until(player, lambda m: isinstance(m, Dealt))
        assert fixed.sources == ("absent", "player")
        assert (await silent.expect("dealt"))["sources"] == ["absent", "player"]
        await wait_for(lambda: host.game is not None)
        assert host.game.seed == host.deal.seed()
        silent.close()


async def test_a_resumed_game_keeps_its_deal_and_still_verifies(tmp_path) -> None:
    journal = str(tmp_path / "t.jsonl")
    async with running_host(
        seed=None, seats=2, bots=1, journal_path=journal, options=options(round_limit=3)
    ) as host:
        c = await client(host, "p")
        await c.join()
        await c.set_ready(True)
        playing = asyncio.create_task(play_to_end(c, make_bot("random", 1)))
        await wait_for(lambda: host.game is not None and host.game.seq > 4)
        deal = host.deal
        playing.cancel()
    resumed = Host.resume(journal, bind="127.0.0.1", advertise=False)
    assert resumed.deal is not None and resumed.deal.secret == deal.secret
    assert resumed.game.seed == resumed.deal.seed()


def test_across_processes_every_bot_client_verifies_its_game(tmp_path) -> None:
    env = dict(os.environ, CI="1")
    serve = subprocess.Popen(
        cli("serve", "--name", "fair", "--seats", "3", "--bind", "127.0.0.1", "--no-advertise",
             "--games", "1", "--round-limit", "3", "--journal", str(tmp_path / "t.jsonl")),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
    )  # fmt: skip
    try:
        port = int(re.search(r"listening on \S+:(\d+)", serve.stdout.readline()).group(1))
        bots = [bot_process(port, f"b{i}", "random", env, tmp_path / "records") for i in range(3)]
        outs = [b.communicate(timeout=WAIT * 3) for b in bots]
        assert [b.returncode for b in bots] == [0, 0, 0], outs
        assert serve.wait(timeout=WAIT) == 0
    finally:
        serve.kill()
    assert all("fair deal: verified" in out for out, _ in outs), outs
    records = sorted((tmp_path / "records").iterdir())
    assert len(records) == 3
    for path in records:
        check = subprocess.run(cli("verify", str(path)), capture_output=True, text=True, env=env)
        assert check.returncode == 0 and "Fair deal: verified" in check.stdout, check
    check = subprocess.run(
        cli("verify", str(tmp_path / "t.jsonl"), "--seat", "1"),
        capture_output=True,
        text=True,
        env=env,
    )
    assert check.returncode == 0, check


async def _crash_and_return(
    seed: int | None, restore: object = None
) -> tuple[GameEnded, GameEnded, fairdeal.ClientRecord | None]:
    """A seated client plays a few moves and dies; a new client (a process started again)
    takes the seat back with its token — handed ``restore(record)`` of the dead one's record
    as if kept on disk, or nothing — and plays to the end. A watcher who came in just before
    the crash watches it. Returns the player's end, the watcher's, and the dead one's record."""
    async with running_host(seed=seed, seats=2, bots=1, options=options(round_limit=6)) as host:
        c = await client(host, "p")
        await c.join()
        await c.set_ready(True)
        bot = make_bot("random", 1)
        async for msg in c.messages():  # a few moves in, then the game waits on this player
            assert not isinstance(msg, GameEnded)
            p = msg.view.prompt if isinstance(msg, GameUpdate) else None
            if p is not None and p.options and p.seat == c.seat:
                if host.game is not None and host.game.seq >= 4:
                    break
                await c.choose(bot.choose(msg.view), p.seq)
        watcher = await client(host, "late")
        await watcher.spectate()
        old = c.fair
        kept = None if old is None else dataclasses.replace(old, views=list(old.views))
        token = c.token
        assert token is not None
        c._writer.transport.abort()  # type: ignore[union-attr]
        await wait_for(lambda: host.seats[0].conn is None)
        again = await client(host, "p")
        again.restore_fair(restore(kept) if restore is not None else None)  # type: ignore[operator]
        assert await again.rejoin(token) == 0
        end = await play_to_end(again, make_bot("random", 2))
        watched = await until(watcher, lambda m: isinstance(m, GameEnded))
        for x in (again, watcher):
            await x.close()
        return end, watched, kept


async def test_a_client_started_again_without_its_record_checks_what_it_can(tmp_path) -> None:
    end, watched, kept = await _crash_and_return(None)
    assert kept is not None and kept.part is not None
    for record in (end.fair, watched.fair):  # the player back, and a watcher come late
        assert record is not None and record.partial
        verdict = fairdeal.verify(record)
        assert verdict.ok and verdict.partial, verdict.failed
        assert {"commitment", "seed", "replay", "views", "history"} <= {
            s.name for s in verdict.steps
        }
        assert record.events and record.views
    # each part it checks can fail: one event of the log it was given, one view since
    assert end.fair is not None
    lied = dataclasses.replace(
        end.fair, events=[*end.fair.events[:-3], "0" * 64, *end.fair.events[-2:]]
    )
    assert fairdeal.verify(lied).failed.name == "history"  # type: ignore[union-attr]
    altered = dataclasses.replace(end.fair, views=["0" * 64, *end.fair.views[1:]])
    assert fairdeal.verify(altered).failed.name == "views"  # type: ignore[union-attr]
    # saved, ``qingming verify`` says the same: verified, from the return on
    saved = tmp_path / "record.json"
    end.fair.save(str(saved))
    check = subprocess.run(
        cli("verify", str(saved)), capture_output=True, text=True, env=dict(os.environ, CI="1")
    )
    assert check.returncode == 0, check
    assert "Fair deal: verified from your return on" in check.stdout
    assert "ok   the game's log you were given" in check.stdout


async def test_a_client_started_again_with_its_record_checks_the_whole_game() -> None:
    end, _, kept = await _crash_and_return(None, restore=lambda r: r)
    record = end.fair
    assert record is not None and not record.partial and kept is not None
    assert record.part == kept.part and record.views[: len(kept.views)] == kept.views
    verdict = fairdeal.verify(record)
    assert verdict.ok and not verdict.partial, verdict.failed
    assert "your contribution was used as sent" in [s.detail for s in verdict.steps]
    assert "history" in [s.name for s in verdict.steps]  # and the log it was given at its return


async def test_a_record_of_an_earlier_game_is_not_taken_for_this_one() -> None:
    # kept from the table's game before (another commitment): what can be checked, is
    def earlier(r: fairdeal.ClientRecord) -> fairdeal.ClientRecord:
        return dataclasses.replace(r, commitment="ab" * 32, game=(r.game or 0) - 1)

    end, _, _ = await _crash_and_return(None, restore=earlier)
    assert end.fair is not None and end.fair.partial
    assert fairdeal.verify(end.fair).ok


async def test_a_fixed_seed_table_has_nothing_to_check_for_a_client_started_again() -> None:
    end, watched, _ = await _crash_and_return(5)
    assert end.fair is None and watched.fair is None


async def test_a_client_started_again_while_the_deal_waits_keeps_the_part_it_sent() -> None:
    # Killed after sending its part, before the deal was done (another player is slow): the
    # host sends the commitment again to the new client, which must know the part as its own.
    async with running_host(seed=None, seats=2, deal_timeout=30.0) as host:
        a, b = await client(host, "a"), await client(host, "b")
        for c in (a, b):
            await c.join()
        slow = b._spawn_send  # b holds its part back, for now
        b._spawn_send = lambda m: None if isinstance(m, p.DealPart) else slow(m)  # type: ignore[method-assign]
        for c in (a, b):
            await c.set_ready(True)
        await wait_for(lambda: host.deal is not None and a.seat in host.deal.parts)
        assert a.fair is not None and a.fair.part is not None and host.game is None
        kept, token = dataclasses.replace(a.fair), a.token
        assert token is not None
        a._writer.transport.abort()  # type: ignore[union-attr]
        await wait_for(lambda: host.seats[a.seat].conn is None)
        again = await client(host, "a")
        again.restore_fair(kept)
        assert await again.rejoin(token) == a.seat
        assert b.fair is not None and b.fair.part is not None
        await b._send(p.DealPart(part=b.fair.part))
        ends = await asyncio.wait_for(
            asyncio.gather(*(play_to_end(c, make_bot("random", c.name)) for c in (again, b))),
            WAIT,
        )
        record = ends[0].fair
        assert record is not None and record.part == kept.part
        verdict = fairdeal.verify(record)
        assert verdict.ok and not verdict.partial, verdict.failed
        assert "your contribution was used as sent" in [s.detail for s in verdict.steps]
        for c in (again, b):
            await c.close()
