"""A reader that falls behind and then reads again loses no event: it is sent every event it
missed, or, when they would outgrow what the host keeps for it, it is dropped and its rejoin's
(or new ``spectate``'s) history brings them — the host never cuts the log silently.

The host replaces an update still unsent by the next (a slow reader gets the newest view, not
a backlog); the events of the replaced updates come along with it. Before, only the newest 64
of them did: a spectator or a seat (a ``qingming bot`` busy thinking, a laptop that slept) that
fell behind by more read a log with a hole in it, and a bot reading the log
(:func:`qm_rules.bots.tell`) lost what it said. Real host, raw peers on loopback, their
sockets made tiny so that the stall reaches the host's own queue at once.
"""

from __future__ import annotations

from typing import Any

import msgpack
import pytest
from net_support import Raw, client, options, running_host, wait_for

from qm_net import compact
from qm_net.host import Host, Limits
from qm_net.host.conn import Conn
from qm_net.host.feed import MAX_HELD_EVENT_BYTES
from qm_net.host.play import Play
from qm_rules.bots import make_bot

#: No pings (a peer that does not read cannot answer them); tiny buffers on the host's side,
#: as on a slow link: the kernel and asyncio would otherwise hold a whole game for a peer that
#: does not read, and the host's own queue would never be reached.
QUIET = Limits(
    ping_interval=3600.0, idle_timeout=3600.0, socket_send_buffer=2048, write_buffer_high=1024
)


def _plain(x: Any) -> Any:
    return msgpack.unpackb(msgpack.packb(x, use_bin_type=True), raw=False)


#: every event each game finished so far told, by the host it was told at (the next game
#: starts at once at a table of bots)
FINISHED: list[Any] = []


@pytest.fixture(autouse=True)
def finished(monkeypatch: pytest.MonkeyPatch) -> None:
    real = Play.end_game

    def end(self: Play) -> None:
        FINISHED.append(self.host.history.events[:])
        real(self)

    FINISHED.clear()
    monkeypatch.setattr(Play, "end_game", end)


def _told(viewer: int | None) -> list[Any]:
    """Every event of the first game that ``viewer`` was told, in its wire form."""
    return _plain([compact.event(e) for e in FINISHED[0] if e.visible_to(viewer)])


async def _stall(host: Host, raw: Raw, match: Any) -> Conn:
    """``raw`` stops reading (even into a buffer of its own); the host's connection to it."""
    raw.writer.transport.pause_reading()
    await wait_for(lambda: any(match(c) for c in host.conns))
    return next(c for c in host.conns if match(c))


async def _stalled_seat(host: Host) -> tuple[Raw, dict[str, Any], Conn]:
    """A peer that takes a seat, stops reading and says it is ready: the game starts, and it
    reads none of it (its turns are played by the timers)."""
    raw = await Raw.open(host, rcvbuf=2048)
    await raw.send({"t": "join", "id": 1})
    joined = await raw.expect("joined")
    conn = await _stall(host, raw, lambda c: c.seat is not None)
    await raw.send({"t": "ready", "ready": True})
    return raw, joined, conn


async def _read_to_the_end(raw: Raw) -> tuple[list[Any], int]:
    """The events of every update up to the game's ``ended``, and how many updates."""
    events: list[Any] = []
    updates = 0
    while True:
        msg = await raw.recv()
        if msg["t"] == "update":
            updates += 1
            events.extend(msg["events"])
        elif msg["t"] == "ended":
            return events, updates


async def test_a_spectator_that_fell_behind_is_sent_every_event_it_missed() -> None:
    table = options(round_limit=20)
    async with running_host(seats=4, bots=4, options=table, limits=QUIET) as host:
        raw = await Raw.open(host, rcvbuf=2048)
        await raw.send({"t": "spectate"})
        spectating = await raw.expect("spectating")
        conn = await _stall(host, raw, lambda c: c.spectator)
        await wait_for(lambda: bool(FINISHED), 60)
        # it fell behind by far more than 64 events: one update replaced many
        assert conn.coalesced > 0
        raw.writer.transport.resume_reading()
        events, updates = await _read_to_the_end(raw)
        history = (spectating.get("history") or {}).get("events", [])
        told = _told(None)
        assert len(told) - len(history) > 64
        assert not conn.closed
        assert history + events == told  # the whole log, no hole


async def test_a_seat_that_fell_behind_is_sent_every_event_it_missed() -> None:
    """A seated peer that stops reading (its turns are played by the timers) reads the whole
    log of the game once it reads again."""
    table = options(round_limit=12, response_timer=0.02, turn_timer=0.05)
    async with running_host(seats=4, bots=3, options=table, limits=QUIET) as host:
        raw, joined, conn = await _stalled_seat(host)
        await wait_for(lambda: bool(FINISHED), 60)
        assert conn.coalesced > 0
        raw.writer.transport.resume_reading()
        events, updates = await _read_to_the_end(raw)
        told = _told(joined["seat"])
        assert len(told) > 64 + updates
        assert not conn.closed
        assert events == told


async def test_a_reader_further_behind_than_the_host_keeps_is_dropped_and_told_on_rejoin(
    monkeypatch: Any,
) -> None:
    """Memory stays bounded: a seat behind by more events than the host keeps for it
    (:data:`MAX_HELD_EVENT_BYTES`, here made small) is dropped, not cut; taking its seat
    back, its ``joined`` history holds the whole game."""
    from qm_net.host import conn as conn_module

    real = conn_module.MAX_HELD_EVENT_BYTES
    monkeypatch.setattr(conn_module, "MAX_HELD_EVENT_BYTES", 512)
    assert MAX_HELD_EVENT_BYTES >= 64 * 1024  # (what a real host keeps: a long game's log)
    table = options(round_limit=4, response_timer=0.02, turn_timer=0.05)
    async with running_host(seats=3, bots=2, options=table, limits=QUIET) as host:
        raw, joined, conn = await _stalled_seat(host)
        await wait_for(lambda: conn.closed, 60)
        assert conn.queued == 0  # what it held is given back
        monkeypatch.setattr(conn_module, "MAX_HELD_EVENT_BYTES", real)  # (for the rejoin)
        raw.writer.transport.resume_reading()
        assert await raw.closed()
        again = await Raw.open(host)
        await again.send({"t": "rejoin", "token": joined["token"], "id": 2})
        back = await again.expect("joined")
        assert back["seat"] == joined["seat"] and back["history"]["omitted"] == 0
        await wait_for(lambda: bool(FINISHED), 60)
        events, _ = await _read_to_the_end(again)
        assert back["history"]["events"] + events == _told(joined["seat"])


async def test_a_spectator_further_behind_than_the_feed_keeps_is_dropped_and_told_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The feed keeps the public events for the spectators up to :data:`MAX_HELD_EVENT_BYTES`
    (here made small): a spectator owed some it let go is dropped when it is next sent
    anything, and watching again its history is the whole game."""
    from qm_net.host import feed as feed_module

    real = feed_module.MAX_HELD_EVENT_BYTES
    monkeypatch.setattr(feed_module, "MAX_HELD_EVENT_BYTES", 512)
    table = options(round_limit=20)
    async with running_host(seats=4, bots=4, options=table, limits=QUIET) as host:
        raw = await Raw.open(host, rcvbuf=2048)
        await raw.send({"t": "spectate"})
        await raw.expect("spectating")
        conn = await _stall(host, raw, lambda c: c.spectator)
        await wait_for(lambda: conn.closed, 60)  # at the latest at the game's end
        assert conn.queued == 0 and host.feed.cut > 0
        monkeypatch.setattr(feed_module, "MAX_HELD_EVENT_BYTES", real)  # (for the next one)
        raw.writer.transport.resume_reading()
        assert await raw.closed()
        again = await Raw.open(host)
        await again.send({"t": "spectate", "id": 2})
        history = (await again.expect("spectating"))["history"]
        if not FINISHED:  # dropped mid-game: the history is this game's so far
            assert history["omitted"] == 0
            await wait_for(lambda: bool(FINISHED), 60)
            events, _ = await _read_to_the_end(again)
            assert history["events"] + events == _told(None)


@pytest.mark.parametrize("others", [0, 1])
async def test_a_spectator_behind_that_sends_sync_is_sent_every_event_it_missed(
    others: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``sync`` asks for the whole view again; from a spectator that fell behind it must not
    skip the rounds not yet sent to it (before, the resync counted its events from the feed's
    round when asked — and a lone watcher's sync restarted the feed, letting go of them):
    whether it watches alone or ``others`` watch too, its log has no hole."""
    synced: list[Conn] = []
    real = Play.on_sync

    def on_sync(self: Play, conn: Conn, msg: Any) -> None:
        real(self, conn, msg)
        synced.append(conn)

    monkeypatch.setattr(Play, "on_sync", on_sync)
    async with running_host(
        seats=4, bots=3, bot_strategy="random", options=options(round_limit=40), limits=QUIET
    ) as host:
        ann = await client(host, "Ann")
        watchers = [await client(host, f"Sue{i}") for i in range(others)]
        for w in watchers:
            await w.spectate()
        before = set(host.conns)
        raw = await Raw.open(host, rcvbuf=2048)
        await raw.send({"t": "spectate"})
        spectating = await raw.expect("spectating")
        await ann.join()
        await ann.set_ready(True)
        await wait_for(lambda: host.state == "playing" and host.game is not None)
        conn = await _stall(host, raw, lambda c: c.spectator and c not in before)
        game = host.game
        seat = host.seats[0].index

        async def play(until: Any) -> None:
            for _ in range(500):
                if until():
                    return
                p = game.prompt
                assert p is not None and host.state == "playing", f"it ended: {game.result}"
                if p.seat == seat:
                    view = game.view(seat)
                    await ann.choose(make_bot("random", p.seq).choose(view), host.wire.of(seat))
                await wait_for(lambda p=p: game.prompt is not p)
            raise AssertionError("the game did not get there")

        await play(lambda: host.feed.round - conn.feed_round >= 3)  # it fell behind
        await raw.send({"t": "sync"})
        await wait_for(lambda: conn in synced)
        after = host.feed.round
        await play(lambda: host.feed.round >= after + 3)  # and more after
        await ann.concede()
        await wait_for(lambda: bool(FINISHED))
        raw.writer.transport.resume_reading()
        events, _ = await _read_to_the_end(raw)
        history = (spectating.get("history") or {}).get("events", [])
        assert not conn.closed
        assert history + events == _told(None)  # the whole log, no hole
