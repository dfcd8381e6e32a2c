"""A client that stops reading does not hold up the table: the host drops it, the game goes on.

Two stalled peers sit at a real five-seat host on loopback: a spectator and a seated player.
Each says hello, takes its place (and is ready) and then never reads again, with a tiny receive
buffer so the kernel cannot soak up much on its behalf. The host's per-connection queue is bounded
(an unsent update is replaced by the next, so what piles up is the rest: lobby, pings): once a
stalled peer is that far behind, or has not answered a ping within the read timeout, the host
hangs up on it.
The stalled *player*'s prompts are answered by the R22 timers until it is dropped and then by
the host's bot after the grace time. Meanwhile the other players and a reading spectator play
to the end.
"""

from __future__ import annotations

import asyncio
import socket
import struct
from typing import Any

import msgpack
import pytest
from net_support import WAIT, client, options, play_to_end, running_host, until, wait_for

from qm_net.host import Limits
from qm_net.host.links import Links
from qm_net.messages import GameEnded
from qm_net.protocol import PROTOCOL_VERSION
from qm_rules.bots import make_bot


def _frame(obj: dict[str, Any]) -> bytes:
    body = msgpack.packb(obj, use_bin_type=True)
    return struct.pack(">I", len(body)) + body


SLOW_PORTS: set[int] = set()  # the stalled peers' own ports: the host's side is narrowed for them


def stalled_peer(port: int, *then: dict[str, Any]) -> socket.socket:
    """A peer that says hello and ``then``, and never reads a byte (a blocking socket nobody
    calls recv on, its receive buffer made as small as the kernel allows)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
    sock.bind(("127.0.0.1", 0))
    SLOW_PORTS.add(sock.getsockname()[1])
    sock.connect(("127.0.0.1", port))
    sock.sendall(_frame({"t": "hello", "version": PROTOCOL_VERSION, "name": "stalled"}))
    for msg in then:
        sock.sendall(_frame(msg))
    return sock


@pytest.fixture(autouse=True)
def narrow_link(monkeypatch: pytest.MonkeyPatch) -> None:
    """On loopback the kernel would buffer megabytes for a peer that does not read (send
    buffers autotune up to tcp_wmem's maximum), more than a whole game sends. A fixed small
    send buffer on the host's side of the stalled peers' connections, as on a slow link, makes
    the host's own bounded queue the thing that fills up within one game (asyncio's write buffer
    is narrowed too: its 64 KiB hold about what a whole game sends, now that updates are small)."""
    real = Links.on_connect

    async def narrowed(self: Links, reader: Any, writer: Any) -> None:
        if writer.get_extra_info("peername")[1] in SLOW_PORTS:
            writer.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
            writer.transport.set_write_buffer_limits(high=4096)  # asyncio's own buffer: as small
        await real(self, reader, writer)

    monkeypatch.setattr(Links, "on_connect", narrowed)


@pytest.fixture
def closings(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str | None, int | None, str]]:
    """Every connection the host closes: (name, seat, reason)."""
    seen: list[tuple[str | None, int | None, str]] = []
    real = Links.on_conn_closed

    def spy(self: Links, conn: Any, reason: str) -> None:
        seen.append((conn.name, conn.seat, reason))
        real(self, conn, reason)

    monkeypatch.setattr(Links, "on_conn_closed", spy)
    return seen


async def test_stalled_peers_are_dropped_and_the_table_plays_on(closings) -> None:  # noqa: ANN001
    # a game sends a peer ~70 KiB (small patches), but unsent updates are replaced, not queued:
    # a stalled peer is dropped for its queue (lobby, pings) or for never answering a ping
    limits = Limits(send_queue_bytes=16 * 1024, ping_interval=0.5, idle_timeout=2.0)
    dropped = ("send queue full", "timeout")
    opts = options(
        turn_timer=0.5, response_timer=0.2, disconnect_grace=0.2, round_limit=12, ask_everyone=True
    )
    async with running_host(seats=5, limits=limits, options=opts, seed=99, games=1) as host:
        watcher = await client(host, "watcher")
        await watcher.spectate()
        ghost = stalled_peer(host.port, {"t": "spectate"})
        players = [await client(host, name) for name in ("Ann", "Bo", "Cy", "Di")]
        for c in players:
            await c.join()
        stuck = stalled_peer(host.port, {"t": "join"}, {"t": "ready", "ready": True})
        try:
            for c in players:
                await c.set_ready(True)
            await wait_for(lambda: host.state == "playing")
            stuck_seat = next(s.index for s in host.seats if s.name == "stalled")
            assert {c.seat for c in players} | {stuck_seat} == set(range(5))

            bots = [make_bot("random", i) for i in range(len(players))]
            ends = await asyncio.wait_for(
                asyncio.gather(*(play_to_end(c, b) for c, b in zip(players, bots, strict=True))),
                WAIT * 6,
            )
            end = await until(watcher, lambda m: isinstance(m, GameEnded))
            assert len({e.result for e in ends} | {end.result}) == 1

            game = host.game
            assert game.over
            # Both stalled peers were dropped for falling behind, not for anything else.
            full = [(name, seat) for name, seat, reason in closings if reason in dropped]
            assert ("stalled", None) in full, closings  # the spectator
            assert ("stalled", stuck_seat) in full, closings  # the player
            first = [r for name, _, r in closings if name == "stalled"][:2]
            assert len(first) == 2 and all(r in dropped for r in first), closings
            # The stalled seat was played (by timers, then the bot) and the game finished.
            assert any(seat == stuck_seat for seat, _ in game.choices)
            # The readers were never dropped (only closed when the table closed after its game).
            readers = ("Ann", "Bo", "Cy", "Di", "watcher")
            assert all(
                reason == "table closed" for name, _, reason in closings if name in readers
            ), closings
        finally:
            ghost.close()
            stuck.close()
