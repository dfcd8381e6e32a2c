"""The limits on what a peer sends behave as docs/protocol.md says.

Strikes (malformed or over-rate messages) decay with time, so a client with a small bug is not
dropped over a long life; the connection is closed only after a ``flood`` error; an error caused
by a message carries its ``ref`` whenever the message had a valid ``id`` (and only then); the
host pings only after ``hello`` and takes a ``pong`` at any time; a frame that does not decode
gets a documented code in plain words; chat is limited per seat and per address, so a new
connection does not get round it.
"""

from __future__ import annotations

import asyncio
import re

from net_support import Raw, client, packb, running_host, until

from qm_net.host import Limits
from qm_net.messages import ErrorMessage
from qm_net.protocol import ERROR_CODES, MAX_INT, PROTOCOL_VERSION

BAD = {"t": "join", "seat": "one"}  # well framed, but a field of the wrong type: a strike


async def errors_until_closed(raw: Raw) -> list[dict]:
    out = []
    try:
        while True:
            msg = await raw.recv(5.0)
            if msg["t"] == "error":
                out.append(msg)
    except (asyncio.IncompleteReadError, ConnectionError):
        return out


async def test_strikes_decay_so_a_slow_trickle_of_mistakes_is_never_dropped() -> None:
    limits = Limits(strikes=5, strike_decay=20.0)  # one strike forgiven every 50 ms
    async with running_host(limits=limits) as host:
        raw = await Raw.open(host)
        for _ in range(20):  # 20 mistakes in all, far over 5, but never 5 at once
            await raw.send(BAD)
            assert (await raw.expect("error"))["code"] == "bad_message"
            await asyncio.sleep(0.1)
        await raw.send({"t": "ping"})
        assert (await raw.expect("pong"))["t"] == "pong"  # still connected


async def test_the_flood_error_always_comes_before_the_close() -> None:
    async with running_host(limits=Limits(strikes=5, strike_decay=0.01)) as host:
        for bad in (packb(BAD), b"\xc1not msgpack"):  # malformed messages, undecodable frames
            raw = await Raw.open(host)
            for _ in range(8):
                await raw.send_body(bad)
            errors = await errors_until_closed(raw)
            assert [e["code"] for e in errors][-1] == "flood", errors
            assert len(errors) == 7  # one for each of the 6 strikes, then flood; then silence


async def test_errors_carry_the_ref_of_a_message_with_a_valid_id() -> None:
    async with running_host() as host:
        raw = await Raw.open(host)
        await raw.send({**BAD, "id": 7})
        assert (await raw.expect("error"))["ref"] == 7
        for bad_id in (-1, MAX_INT + 1, "7"):  # not a valid id: not echoed
            await raw.send({**BAD, "id": bad_id})
            assert (await raw.expect("error")).get("ref") is None
    async with running_host(limits=Limits(rate=1.0, burst=1.0, strikes=1000)) as host:
        raw = await Raw.open(host)
        for i in range(20):  # over the rate: the rate_limited errors name their message
            await raw.send({"t": "ping", "id": 100 + i})
        replies = [await raw.recv() for _ in range(3)]
        limited = [m for m in replies if m.get("code") == "rate_limited"]
        assert limited and all(100 <= m["ref"] < 120 for m in limited)


async def test_no_ping_before_hello_and_a_pong_is_taken_at_any_time() -> None:
    async with running_host(limits=Limits(ping_interval=0.05, hello_timeout=5.0)) as host:
        raw = await Raw.open(host, hello=False)
        await raw.send({"t": "pong"})
        try:
            msg = await raw.recv(0.3)
        except TimeoutError:
            msg = None
        assert msg is None  # neither a ping nor a hello_required for the pong
        await raw.send({"t": "hello", "version": PROTOCOL_VERSION, "name": "late"})
        await raw.expect("welcome")
        assert (await raw.expect("ping", 2.0))["t"] == "ping"  # after hello, pings come


async def test_an_undecodable_frame_gets_a_documented_code_in_plain_words() -> None:
    async with running_host() as host:
        raw = await Raw.open(host)
        for body in (b"\xc1", b"\x92\x01", packb({1: 2}), packb({"t": "x" * 10, "y": b"bin"})):
            await raw.send_body(body)
            err = await raw.expect("error")
            assert err["code"] in ERROR_CODES
            python_names = r"[A-Z][a-z]+(Error|Exception)|TypeError|ValueError"
            assert not re.search(python_names, err["message"]), err


async def test_chat_limits_hold_per_seat_and_per_address() -> None:
    limits = Limits(chat_rate=0.01, chat_burst=3.0)
    async with running_host(limits=limits) as host:
        ann = await client(host, "Ann")
        await ann.join()
        for i in range(3):
            await ann.chat(f"hi {i}")
        again = await client(host, "Ann again")  # the same seat on a new connection
        await again.rejoin(ann.token)
        await again.chat("one more")
        err = await until(again, lambda m: isinstance(m, ErrorMessage))
        assert err.code == "rate_limited"
        # watchers on new connections from the same address share that address's allowance
        codes = []
        for i in range(10):
            w = await Raw.open(host)
            await w.send({"t": "chat", "text": f"w{i}"})
            reply = await w.recv()
            while reply["t"] not in ("chat", "error"):
                reply = await w.recv()
            codes.append(reply.get("code", "ok"))
        assert "rate_limited" in codes
