"""Fuzzing the host's input while a game goes on at the same table.

A host runs on loopback in a background thread with three seated clients playing a seeded game
(the host's seed and the bots' seeds fix every decision). Meanwhile hypothesis throws at the
same host, over fresh connections: random bytes, random msgpack values (framed, before and
after ``hello``, as a spectator too), mutated valid frames (flipped bytes, truncations, fields
of the wrong type, length prefixes that lie, huge strings and maps, deep nesting) and floods.

After every example the host must still accept a new connection and answer it (``hello`` →
``welcome``, ``ping`` → ``pong``). At the end the game must have finished with exactly the state
the same seeded game reaches without any fuzzing (computed here, offline, with the engine), and
every player must have seen every decision.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import struct
import threading
import time
from typing import Any

import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from net_support import WAIT, Raw, options, running_host, seated, wait_for, wire_seq

from qm_net import framing
from qm_net.framing import MAX_FRAME
from qm_net.host import Host, Limits
from qm_net.messages import GameEnded, GameUpdate
from qm_net.protocol import PROTOCOL_VERSION
from qm_rules import Game
from qm_rules.bots import make_bot

SEED = 424242
NAMES = ["Ann", "Bo", "Cy"]
STRATEGIES = ["heuristic", "random", "heuristic"]
OPTIONS = options(round_limit=10)
STRIDE = 3  # fuzz examples per decision: the game moves in step with the fuzzing

FUZZ = settings(
    max_examples=60,
    deadline=None,
    derandomize=True,  # the same inputs on every run: a failure here is reproducible
    database=None,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.large_base_example,
    ],
)


def _bots() -> list[Any]:
    return [make_bot(s, f"fuzz:{i}") for i, s in enumerate(STRATEGIES)]


def expected_game() -> Game:
    """The game these seats play when nothing disturbs them: the engine alone, no network."""
    game = Game.new(NAMES, SEED, OPTIONS)
    bots = _bots()
    while not game.over:
        p = game.prompt
        game.choose(p.seat, bots[p.seat].choose(game.view(p.seat)), p.seq)
    return game


class Table:
    """The host and its game, on an event loop in a thread of their own."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.host: Host | None = None
        self.ready = threading.Event()
        self.updates: list[list[int]] = [[] for _ in NAMES]  # the seqs each player saw
        self.ends: list[GameEnded] = []
        self.ticks = 0  # fuzz examples thrown so far (written by the test's thread)
        self.fuzz_over = False
        # Set before the coroutine starts: assigned after, it raced _main's own assignment on
        # the loop's thread and could leave None there, closing the table at the game's end.
        self.stop_event: asyncio.Event | None = None
        self.done = asyncio.run_coroutine_threadsafe(self._main(), self.loop)

    async def _play(self, i: int, c: Any, bot: Any) -> GameEnded:
        async for msg in c.messages():
            if isinstance(msg, GameUpdate):
                self.updates[i].append(msg.view.seq)
                p = msg.view.prompt
                if p is not None and p.options and p.seat == c.seat:
                    while self.ticks < p.seq * STRIDE and not self.fuzz_over:
                        await asyncio.sleep(0.002)  # wait for the fuzzing to move on
                    await c.choose(bot.choose(msg.view), p.seq)
            elif isinstance(msg, GameEnded):
                return msg
        raise AssertionError(f"{c.name}: the connection was lost: {msg}")

    async def _main(self) -> None:
        self.stop_event = asyncio.Event()
        async with running_host(seats=len(NAMES), seed=SEED, options=OPTIONS) as host:
            self.host = host
            players = await seated(host, *NAMES)
            assert [c.seat for c in players] == [0, 1, 2]
            self.ready.set()
            bots = _bots()
            # No time limit here: the game moves in step with the fuzzing, which takes as long
            # as the machine's load makes it; the test's thread bounds the wait for the end
            # once the fuzzing is over. (A limit here closed the table mid-fuzz on a slow
            # machine, and every later example failed with a refused connection.)
            self.ends = await asyncio.gather(
                *(self._play(i, c, b) for i, (c, b) in enumerate(zip(players, bots, strict=True)))
            )
            await self.stop_event.wait()  # keep serving until the fuzzing is over

    def check(self) -> None:
        """Fail with the table's own error if its game ended early (the host then stops
        listening, and every later fuzz example would fail with a refused connection that
        says nothing of the cause)."""
        if self.done.done():
            error = self.done.exception()
            raise AssertionError(f"the table stopped: {error!r}") from error

    def close(self) -> None:
        if self.stop_event is not None:
            self.loop.call_soon_threadsafe(self.stop_event.set)
        with contextlib.suppress(Exception):
            self.done.result(WAIT)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(WAIT)
        if not self.thread.is_alive():
            self.loop.close()


# ───────────────────────────── blocking peers ─────────────────────────────


def _frame(obj: Any) -> bytes:
    body = msgpack.packb(obj, use_bin_type=True)
    return struct.pack(">I", len(body)) + body


HELLO = _frame({"t": "hello", "version": PROTOCOL_VERSION, "name": "fuzz"})


def _read_frame(sock: socket.socket) -> dict[str, Any]:
    def exactly(n: int) -> bytes:
        data = b""
        while len(data) < n:
            chunk = sock.recv(n - len(data))
            if not chunk:
                raise ConnectionError("closed")
            data += chunk
        return data

    (length,) = struct.unpack(">I", exactly(4))
    return framing.decode(exactly(length))


def _expect(sock: socket.socket, t: str) -> dict[str, Any]:
    while True:
        msg = _read_frame(sock)
        if msg.get("t") == t:
            return msg


def _connect(port: int) -> socket.socket:
    """A loopback connection to the host. Hundreds of short connections a run recycle 4-tuples
    (client ports) that the host may still hold in TIME_WAIT, and the kernel then refuses a
    SYN now and then; a few quick retries tell that apart from a host that stopped listening,
    which refuses every one."""
    for _ in range(10):
        try:
            return socket.create_connection(("127.0.0.1", port), timeout=WAIT)
        except ConnectionRefusedError:
            time.sleep(0.1)
    return socket.create_connection(("127.0.0.1", port), timeout=WAIT)


def still_serving(port: int) -> None:
    """A new connection is accepted and answered: welcome, then pong."""
    with _connect(port) as sock:
        sock.sendall(HELLO)
        assert _expect(sock, "welcome")["version"] == PROTOCOL_VERSION
        sock.sendall(_frame({"t": "ping", "id": 7}))
        _expect(sock, "pong")


def throw(port: int, payload: bytes, *, prelude: bytes = b"") -> None:
    """One fuzz connection: optional prelude (hello, spectate), the payload, then our end of
    the stream closed and everything the host answers read until it hangs up, so that the
    whole payload is surely read and handled (not cut short by a reset)."""
    with _connect(port) as sock:
        if prelude:
            sock.sendall(prelude)
            _expect(sock, "welcome")
        try:
            sock.sendall(payload)
            sock.shutdown(socket.SHUT_WR)
            while sock.recv(65536):
                pass
        except OSError:
            pass  # the host may hang up mid-send (oversized, flood): that is its right


# ───────────────────────────── strategies ─────────────────────────────

scalars = (
    st.none()
    | st.booleans()
    | st.integers(-(2**63), 2**64 - 1)
    | st.floats()
    | st.text(max_size=40)
)
values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=10), inner, max_size=6)
    ),
    max_leaves=30,
)
CLIENT_TYPES = ["hello", "join", "rejoin", "spectate", "ready", "start", "add_bot", "remove_bot",
                "chat", "choose", "concede", "rematch", "leave", "ping", "pong"]  # fmt: skip
VALID = [
    {"t": "join", "seat": 1},
    {"t": "rejoin", "token": "A" * 32},
    {"t": "spectate", "id": 3},
    {"t": "ready", "ready": True},
    {"t": "chat", "text": "你好"},
    {"t": "choose", "seq": 5, "option": "play:12"},
    {"t": "add_bot", "strategy": "random"},
    {"t": "remove_bot", "seat": 2},
    {"t": "concede"},
    {"t": "ping"},
]
messages = st.fixed_dictionaries(
    {"t": st.sampled_from(CLIENT_TYPES)},
    optional={
        "id": values,
        "seq": values,
        "option": values,
        "seat": values,
        "token": values,
        "text": values,
        "ready": values,
        "name": values,
        "version": values,
    },
)


@st.composite
def mutated(draw: st.DrawFn) -> bytes:
    """A valid frame, then broken in one or more ways."""
    msg = dict(draw(st.sampled_from(VALID)))
    how = draw(
        st.sampled_from(
            ["flip", "truncate", "retype", "length", "huge_str", "huge_map", "deep", "many"]
        )
    )
    if how == "retype":
        msg[draw(st.sampled_from(sorted(msg)))] = draw(values)
    elif how == "huge_str":
        msg[draw(st.sampled_from(["text", "t", "option", "token", "name"]))] = "字" * draw(
            st.integers(1000, MAX_FRAME // 3)
        )
    elif how == "huge_map":
        msg.update({f"k{i}": i for i in range(draw(st.integers(100, 5000)))})
    elif how == "deep":
        depth = draw(st.integers(50, 20000))
        body = b"\x82\xa1t\xa4chat\xa4text" + b"\x91" * depth + b"\xc0"
        return struct.pack(">I", len(body)) + body
    frame = bytearray(_frame(msg))
    if how == "flip":
        for _ in range(draw(st.integers(1, 8))):
            i = draw(st.integers(0, len(frame) - 1))
            frame[i] ^= 1 << draw(st.integers(0, 7))
    elif how == "truncate":
        frame = frame[: draw(st.integers(0, len(frame) - 1))]
    elif how == "length":
        frame[:4] = struct.pack(
            ">I", draw(st.sampled_from([0, 1, 2, len(frame), MAX_FRAME, MAX_FRAME + 1, 2**32 - 1]))
        )
    elif how == "many":
        frame = frame * draw(st.integers(2, 50))
    return bytes(frame)


# ───────────────────────────── the test ─────────────────────────────


def test_fuzzed_host_keeps_serving_and_the_game_is_undisturbed(
    caplog: pytest.LogCaptureFixture,
) -> None:
    expected = expected_game()
    caplog.set_level(logging.ERROR, logger="qm_net")
    table = Table()
    try:
        assert table.ready.wait(WAIT), "the table did not start"
        host = table.host
        assert host is not None and host.game is not None
        port = host.port
        seq_at_start = host.game.seq

        def fuzz(payload: bytes, prelude: bytes) -> None:
            """One example: thrown at the host, which must then still answer a newcomer."""
            table.check()
            try:
                throw(port, payload, prelude=prelude)
                still_serving(port)
            except ConnectionRefusedError:
                table.check()  # the table's own error, if it stopped, says more than this
                raise
            table.ticks += 1

        @FUZZ
        @given(st.binary(min_size=1, max_size=2048), st.booleans())
        def random_bytes(data: bytes, after_hello: bool) -> None:
            fuzz(data, HELLO if after_hello else b"")

        @FUZZ
        @given(values, st.sampled_from(["none", "hello", "spectate"]))
        def random_msgpack(value: Any, stage: str) -> None:
            prelude = {"none": b"", "hello": HELLO, "spectate": HELLO + _frame({"t": "spectate"})}[
                stage
            ]
            fuzz(_frame(value), prelude)

        @FUZZ
        @given(st.lists(messages, min_size=1, max_size=20))
        def wrong_messages(msgs: list[dict[str, Any]]) -> None:
            fuzz(b"".join(_frame(m) for m in msgs), HELLO)

        @FUZZ
        @given(mutated(), st.booleans())
        def mutated_frames(frame: bytes, after_hello: bool) -> None:
            fuzz(frame, HELLO if after_hello else b"")

        random_bytes()
        random_msgpack()
        wrong_messages()
        mutated_frames()
        # Floods: thousands of frames at once, valid and not, from a few connections at a time.
        flood = b"".join(_frame({"t": "ping"}) for _ in range(3000)) + b"".join(
            _frame({"t": "chat", "text": "x"}) for _ in range(500)
        )
        junk = bytes(range(256)) * 200
        threads = [
            threading.Thread(target=throw, args=(port, p), kwargs={"prelude": HELLO})
            for p in (flood, junk, flood)
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join(WAIT)
        still_serving(port)
        fuzz_ended_at = host.game.seq
        table.fuzz_over = True

        # The game between the seated players was never disturbed.
        deadline = threading.Event()
        for _ in range(int(WAIT * 6 / 0.05)):
            if len(table.ends) == len(NAMES):
                break
            deadline.wait(0.05)
        assert len(table.ends) == len(NAMES), "the game did not finish"
        game = host.game
        assert game.over and game.state_hash() == expected.state_hash()
        assert game.choices == expected.choices
        assert {e.result for e in table.ends} == {expected.result}
        for i, seqs in enumerate(table.updates):  # every player saw every decision, in order
            assert seqs == list(range(seqs[0], wire_seq(expected, i) + 1)), seqs[:5]
        # No input made the host fail inside (it would answer `server_error` and log it).
        bugs = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
        assert bugs == [], bugs[:5]
        # The fuzzing overlapped the game: from its start to well into it (or its end).
        assert seq_at_start <= 1 and fuzz_ended_at > expected.seq // 2
    finally:
        table.close()


async def test_fuzz_baseline_matches_the_offline_game() -> None:
    """Without fuzzing, the networked game is the offline one (so the comparison above means
    something): same choices, same final state."""
    expected = expected_game()
    async with running_host(seats=len(NAMES), seed=SEED, options=OPTIONS) as host:
        players = await seated(host, *NAMES)
        bots = _bots()

        async def play(c: Any, bot: Any) -> None:
            async for msg in c.messages():
                if isinstance(msg, GameUpdate):
                    p = msg.view.prompt
                    if p is not None and p.options and p.seat == c.seat:
                        await c.choose(bot.choose(msg.view), p.seq)
                elif isinstance(msg, GameEnded):
                    return

        await asyncio.wait_for(
            asyncio.gather(*(play(c, b) for c, b in zip(players, bots, strict=True))), WAIT * 3
        )
        assert host.game.state_hash() == expected.state_hash()


async def test_a_connection_flood_does_not_lock_a_seated_player_out() -> None:
    """A peer that opens connections up to the table's limit and keeps them (they said hello,
    so they are within the rules) must not keep a seated player from coming back with its
    token: the player's seat is at stake, the flooder's connections are not."""
    async with running_host(seats=2, limits=Limits(max_connections=8)) as host:
        a, b = await seated(host, "Ann", "Bo")
        seat = b.seat
        flood = [await Raw.open(host) for _ in range(8 - len(host.conns))]
        b._writer.transport.abort()  # Bo's link fails ...
        await wait_for(lambda: host.seats[seat].conn is None)
        flood.append(await Raw.open(host, hello=False))  # ... and the flooder takes the slot
        try:
            assert await b.reconnect() == seat
        finally:
            for raw in flood:
                raw.close()
