"""Helpers for the qm_net tests: a host on loopback, raw frame I/O, waiting on a client."""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
import struct
import subprocess
import sys
from collections.abc import AsyncIterator, Callable
from typing import Any

import msgpack

from qm_net import fairdeal, framing
from qm_net.client import TableClient
from qm_net.host import Host, Limits
from qm_net.host.wireseq import WireSeq
from qm_net.messages import Message
from qm_net.protocol import PROTOCOL_VERSION
from qm_rules import Game, GameOptions, to_plain

WAIT = 20.0  # generous: a wait that ends by progress, not a timing assertion


def cli(*args: str) -> list[str]:
    """``qingming ARGS…`` as a command line for a process of its own."""
    return [sys.executable, "-m", "qingming", *args]


def cli_env() -> dict[str, str]:
    """The environment for such a process: discovery on loopback, output unbuffered."""
    return dict(os.environ, CI="1", PYTHONUNBUFFERED="1")


def bot_process(
    port: int | str, name: str, strategy: str, env: dict[str, str], record: Any = None
) -> subprocess.Popen[str]:
    """``qingming bot`` in a process of its own, playing at the table on loopback ``port``
    (keeping its game records in ``record``, when given); its output piped, as text."""
    args = ["bot", "--connect", f"127.0.0.1:{port}", "--name", name, "--strategy", strategy]
    if record is not None:
        args += ["--record", str(record)]
    return subprocess.Popen(
        cli(*args), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
    )


def free_port() -> int:
    """A loopback port nothing listens on (bound, then closed)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wire_seq(game: Game, seat: int | None) -> int:
    """The seq the host shows ``seat`` after ``game``'s choices (a draft's steps count only
    for the drafter: see qm_net.host.wireseq)."""
    return WireSeq.replay(list(game.names), game.seed, game.options, list(game.choices)).of(seat)


def wire_view(game: Game, seat: int | None) -> dict[str, Any]:
    """``seat``'s view of ``game`` as the host sends it (plain, numbered for ``seat``)."""
    view = to_plain(fairdeal.sent_view(game, seat))  # as the host sends it (why_not)
    view["seq"] = wire_seq(game, seat)
    if view["prompt"] is not None:
        view["prompt"]["seq"] = view["seq"]
    return view


def options(**kw: Any) -> GameOptions:
    # untimed unless a test asks (tables have a 90 s turn timer by default)
    base = {"response_timer": None, "turn_timer": None, "round_limit": 3, "disconnect_grace": 60.0}
    base.update(kw)
    return GameOptions(**base)


@contextlib.asynccontextmanager
async def running_host(**kw: Any) -> AsyncIterator[Host]:
    kw.setdefault("advertise", False)
    kw.setdefault("bind", "127.0.0.1")
    kw.setdefault("seed", 7)
    kw.setdefault("options", options())
    host = Host(kw.pop("name", "test table"), kw.pop("seats", 2), **kw)
    await host.start()
    try:
        yield host
    finally:
        await host.stop()


async def client(host: Host, name: str) -> TableClient:
    return await TableClient.connect("127.0.0.1", host.port, name)


async def until(c: TableClient, pred: Callable[[Message], bool], timeout: float = WAIT) -> Message:
    """Read ``c``'s messages until one satisfies ``pred``; returns it."""

    async def go() -> Message:
        while True:
            msg = await c.next_message()
            if pred(msg):
                return msg

    return await asyncio.wait_for(go(), timeout)


async def wait_for(cond: Callable[[], bool], timeout: float = WAIT) -> None:
    """Poll a condition on the host's state until it holds (progress, not timing)."""

    async def go() -> None:
        while not cond():
            await asyncio.sleep(0.01)

    await asyncio.wait_for(go(), timeout)


class Raw:
    """A bare TCP peer that writes whatever bytes a test wants and reads frames back."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer

    @classmethod
    async def open(cls, host: Host, hello: bool = True, *, rcvbuf: int | None = None) -> Raw:
        """A connection to ``host`` (``rcvbuf``: its kernel receive buffer, set before it
        connects, so that a peer that stops reading stalls the host at once)."""
        if rcvbuf is None:
            r, w = await asyncio.open_connection("127.0.0.1", host.port)
        else:
            sock = socket.socket()
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
            sock.setblocking(False)
            await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", host.port))
            r, w = await asyncio.open_connection(sock=sock)
        raw = cls(r, w)
        if hello:
            await raw.send({"t": "hello", "version": PROTOCOL_VERSION, "name": "raw"})
            await raw.expect("welcome")
        return raw

    async def send(self, msg: dict[str, Any]) -> None:
        self.writer.write(framing.encode(msg))
        await self.writer.drain()

    async def send_bytes(self, data: bytes) -> None:
        self.writer.write(data)
        await self.writer.drain()

    async def send_body(self, body: bytes) -> None:
        await self.send_bytes(struct.pack(">I", len(body)) + body)

    async def recv(self, timeout: float = WAIT) -> dict[str, Any]:
        return await asyncio.wait_for(framing.read_frame(self.reader), timeout)

    async def expect(self, t: str, timeout: float = WAIT) -> dict[str, Any]:
        """The next message of type ``t`` (others skipped)."""
        while True:
            msg = await self.recv(timeout)
            if msg.get("t") == t:
                return msg

    async def closed(self, timeout: float = WAIT) -> bool:
        """True once the host has hung up (frames before that are read and dropped)."""
        try:
            while True:
                await self.recv(timeout)
        except (asyncio.IncompleteReadError, ConnectionError):
            return True

    def close(self) -> None:
        self.writer.close()


def packb(obj: Any) -> bytes:
    return msgpack.packb(obj, use_bin_type=True)


FAST = Limits(ping_interval=0.5, idle_timeout=30.0)


async def seated(host: Host, *names: str) -> list[TableClient]:
    """Clients that join, say ready, and are in the game once it has started."""
    clients = [await client(host, n) for n in names]
    for c in clients:
        await c.join()
    for c in clients:
        await c.set_ready(True)
    await wait_for(lambda: host.state == "playing")
    return clients


def six_seat_journal(path: Any) -> None:
    """A real journal of a six-seat game at ``path``, played to its end by the host's bots."""

    async def play() -> None:
        async with running_host(
            seed=None,
            seats=6,
            bots=6,
            games=1,
            options=options(round_limit=4),
            journal_path=str(path),
        ) as host:
            await wait_for(lambda: host.games_played >= 1, timeout=120)

    asyncio.run(play())


async def play_to_end(c: TableClient, bot: Any, seen: list[Any] | None = None) -> Any:
    """Answer c's prompts with ``bot`` until the game ends; returns the GameEnded. ``seen``
    collects every GameUpdate, for checks."""
    from qm_net.messages import ConnectionLost, GameEnded, GameUpdate

    async for msg in c.messages():
        if isinstance(msg, GameUpdate):
            if seen is not None:
                seen.append(msg)
            p = msg.view.prompt
            if p is not None and p.options and p.seat == c.seat:
                await c.choose(bot.choose(msg.view), p.seq)
        elif isinstance(msg, GameEnded):
            return msg
        elif isinstance(msg, ConnectionLost):
            raise AssertionError(f"connection lost: {msg.reason}")
    raise AssertionError("the messages ended without a result")


async def bot_clients(host: Host, strategy: str, said: list[str], count: int = 2) -> list[int]:
    """``count`` ``qingming bot`` clients (``bot0``, ``bot1``, ...) play at ``host`` until it
    closes or their games are done; their exit codes. What they say goes to ``said``."""
    from qingming.commands.bot import play

    bots = [
        play("127.0.0.1", host.port, f"bot{i}", strategy=strategy, seed=i, say=said.append)
        for i in range(count)
    ]
    return list(await asyncio.wait_for(asyncio.gather(*bots), 60))


async def kept_game(
    folder: Any,
    *,
    people: list[str],
    bots: int,
    strategy: str,
    journal: str | None,
    seed: int,
    record: bool = True,
    cards: Any = None,
    round_limit: int = 6,
) -> tuple[list[str], Any, list[bool]]:
    """A fairly dealt game at a real host on loopback, played to its end by the people
    (random bots playing for them) and the host's bots of ``strategy``, with the card set
    ``cards`` (None: the game's own); Ann's record saved as ``folder/records/<seed>.json`` if
    ``record``; the host's journal as ``folder/journals/<journal>`` (None: not kept). Returns
    the players' names, the result and which seats were the host's bots."""
    from qm_rules.bots import make_bot

    path = str(folder / "journals" / journal) if journal else None
    async with running_host(
        seed=None,
        seats=len(people) + bots,
        bots=bots,
        bot_strategy=strategy,
        options=options(round_limit=round_limit),
        journal_path=path,
        cards=cards,
    ) as host:
        clients = [await client(host, name) for name in people]
        for c in clients:
            await c.join()
        for c in clients:
            await c.set_ready(True)
        ends = await asyncio.wait_for(
            asyncio.gather(
                *(play_to_end(c, make_bot("random", seed + i)) for i, c in enumerate(clients))
            ),
            90,
        )
        ann = ends[people.index("Ann")]
        assert ann.fair is not None
        if record:
            ann.fair.save(str(folder / "records" / f"{seed}.json"))
        game = host.game
        assert game is not None and game.result is not None
        names = list(game.names)
        bot_seats = [host.seats[i].kind == "bot" for i in range(len(names))]
        for c in clients:
            await c.close()
        return names, game.result, bot_seats
