"""The protocol's defences: frames, validation, and hostile peers against a real host."""

from __future__ import annotations

import asyncio
import struct
from dataclasses import replace

import pytest
from net_support import Raw, client, packb, running_host, seated, until, wait_for

from qm_net import framing
from qm_net import protocol as p
from qm_net.client import TableClient, TableError
from qm_net.framing import MAX_FRAME, ProtocolError
from qm_net.messages import ErrorMessage, GameUpdate
from qm_net.protocol import (
    ERROR_CODES,
    PROTOCOL_VERSION,
    Choose,
    Join,
    Say,
    decode_client,
    decode_host,
)

# ───────────────────────────── frames ─────────────────────────────


def test_frame_round_trip() -> None:
    frame = framing.encode({"t": "chat", "text": "清明 hello"})
    (length,) = struct.unpack(">I", frame[:4])
    assert length == len(frame) - 4
    assert framing.decode(frame[4:]) == {"t": "chat", "text": "清明 hello"}


def test_oversize_frame_refused_before_reading() -> None:
    with pytest.raises(ProtocolError) as exc:
        framing.check_length(MAX_FRAME + 1)
    assert exc.value.code == "frame_too_large" and exc.value.fatal
    framing.check_length(MAX_FRAME)  # the limit itself is fine


def test_oversize_message_not_sent() -> None:
    with pytest.raises(ProtocolError) as exc:
        framing.encode({"t": "chat", "text": "x" * (MAX_FRAME + 1)})
    assert exc.value.code == "frame_too_large"


@pytest.mark.parametrize(
    "body",
    [
        b"\xc1",
        b"\xff\xff\xff",
        b"\x92\x01",
        packb([1, 2]),
        packb("hello"),
        packb({1: 2}),
        b"\xc4\x01x",
    ],
)
def test_garbage_and_non_maps_refused(body: bytes) -> None:
    with pytest.raises(ProtocolError) as exc:
        framing.decode(body)
    assert exc.value.code in ("bad_frame", "bad_message")


# ───────────────────────────── validation ─────────────────────────────


def test_valid_messages_pass() -> None:
    assert decode_client({"t": "hello", "version": 1, "name": "Ann"}).name == "Ann"
    assert decode_client({"t": "choose", "seq": 3, "option": "target:p2", "id": 9}) == Choose(
        id=9, seq=3, option="target:p2"
    )
    assert decode_client({"t": "join", "seat": None}) == Join()
    assert decode_client({"t": "join"}) == Join(seat=None)


def test_unknown_fields_are_ignored_in_both_directions() -> None:
    """The rule for evolving the wire (protocol.md §9): a receiver ignores the fields it does
    not know, so a newer peer may add one without a version step."""
    assert decode_client({"t": "chat", "text": "hi", "colour": "red", "id": 4}) == Say(
        id=4, text="hi"
    )
    err = decode_host(
        {"t": "error", "n": 3, "code": "x", "message": "y", "hint": "new field", "ref": None}
    )
    assert (err.n, err.code, err.message) == (3, "x", "y")


@pytest.mark.parametrize(
    ("msg", "code"),
    [
        ({"t": "teleport"}, "unknown_type"),
        ({"x": 1}, "bad_message"),
        ({"t": 5}, "bad_message"),
        ({"t": "choose", "seq": "3", "option": "pass"}, "bad_message"),
        ({"t": "choose", "seq": True, "option": "pass"}, "bad_message"),
        ({"t": "choose", "seq": -1, "option": "pass"}, "bad_message"),
        ({"t": "choose", "seq": 1, "option": "pass; rm -rf"}, "bad_message"),
        ({"t": "choose", "seq": 1}, "bad_message"),
        ({"t": "join", "seat": 6}, "bad_message"),
        ({"t": "join", "seat": 1.5}, "bad_message"),
        ({"t": "ready", "ready": 1}, "bad_message"),
        ({"t": "chat", "text": ""}, "bad_message"),
        ({"t": "chat", "text": "x" * 201}, "bad_message"),
        ({"t": "chat", "text": "evil\x1b[2J"}, "bad_message"),
        ({"t": "chat", "text": "rtl\u202eoverride"}, "bad_message"),
        ({"t": "hello", "version": 1, "name": "x" * 25}, "bad_message"),
        ({"t": "hello", "version": 1, "name": ["Ann"]}, "bad_message"),
        ({"t": "rejoin", "token": "short"}, "bad_message"),
        ({"t": "ping", "id": "1"}, "bad_message"),
    ],
)
def test_invalid_messages_refused(msg: dict, code: str) -> None:
    with pytest.raises(ProtocolError) as exc:
        decode_client(msg)
    assert exc.value.code == code
    assert exc.value.code in ERROR_CODES


def test_server_messages_checked_by_client() -> None:
    assert decode_host({"t": "error", "n": 0, "code": "x", "message": "y"}).code == "x"
    with pytest.raises(ProtocolError):
        decode_host({"t": "error", "n": -1, "code": "x", "message": "y"})
    with pytest.raises(ProtocolError):
        decode_host({"t": "update", "n": 1, "view": [], "events": [], "deadline": None})
    with pytest.raises(ProtocolError) as exc:
        decode_host({"t": "lobby", "n": 1, "table_name": "x", "state": "dancing", "seats": [],
                     "owner_seat": None, "games_played": 0})  # fmt: skip
    assert "state" in exc.value.message


# ───────────────────────────── against a real host ─────────────────────────────


async def test_oversize_frame_gets_error_and_disconnect() -> None:
    async with running_host() as host:
        raw = await Raw.open(host)
        await raw.send_bytes(struct.pack(">I", MAX_FRAME + 1))
        err = await raw.expect("error")
        assert err["code"] == "frame_too_large"
        assert await raw.closed()
        # the host is still serving
        c = await client(host, "after")
        assert await c.join() == 0


async def test_garbage_bytes_do_not_crash_the_host() -> None:
    async with running_host() as host:
        other = await client(host, "bystander")
        await other.join()
        raw = await Raw.open(host, hello=False)
        await raw.send_bytes(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")  # a length of ~1.2 GB
        assert (await raw.expect("error"))["code"] == "frame_too_large"
        assert await raw.closed()
        raw2 = await Raw.open(host)
        await raw2.send_body(b"\xc1\xc1\xc1")  # a well-framed body that is not msgpack
        assert (await raw2.expect("error"))["code"] == "bad_frame"
        await raw2.send({"t": "ping"})  # the stream is still in step: the peer may go on
        await raw2.expect("pong")
        await other.chat("still here")
        msg = await until(other, lambda m: not isinstance(m, ErrorMessage) and hasattr(m, "text"))
        assert msg.text == "still here"


async def test_hello_required_and_unknown_type_and_wrong_fields() -> None:
    async with running_host() as host:
        raw = await Raw.open(host, hello=False)
        await raw.send({"t": "join", "id": 1})
        err = await raw.expect("error")
        assert (err["code"], err.get("ref")) == ("hello_required", 1)
        await raw.send({"t": "hello", "version": PROTOCOL_VERSION, "name": "raw"})
        await raw.expect("welcome")
        await raw.send({"t": "warp", "id": 2})
        assert (await raw.expect("error"))["code"] == "unknown_type"
        await raw.send({"t": "join", "seat": "zero", "id": 3})
        err = await raw.expect("error")
        assert (err["code"], err["ref"]) == ("bad_message", 3)
        await raw.send({"t": "join", "seat": 1, "id": 4})
        assert (await raw.expect("joined"))["seat"] == 1


async def test_version_mismatch_refused_clearly() -> None:
    async with running_host() as host:
        raw = await Raw.open(host, hello=False)
        await raw.send({"t": "hello", "version": PROTOCOL_VERSION + 1, "name": "future"})
        err = await raw.expect("error")
        assert err["code"] == "version_mismatch"
        assert str(PROTOCOL_VERSION) in err["message"]
        assert await raw.closed()


async def test_stale_seq_and_out_of_turn_pass_engine_codes() -> None:
    async with running_host(seats=2) as host:
        a, b = await seated(host, "Ann", "Bo")
        game = host.game
        prompt = game.prompt
        mover, waiter = (a, b) if prompt.seat == a.seat else (b, a)
        seq_before = game.seq
        await waiter.choose(prompt.default, prompt.seq)  # not theirs
        err = await until(waiter, lambda m: isinstance(m, ErrorMessage))
        assert err.code == "not_your_turn"
        await mover.choose(prompt.default, prompt.seq + 5)  # a prompt that is not pending
        err = await until(mover, lambda m: isinstance(m, ErrorMessage))
        assert err.code == "stale_prompt"
        await mover.choose("flip:999999", prompt.seq)
        err = await until(mover, lambda m: isinstance(m, ErrorMessage))
        assert err.code == "unknown_option"
        assert game.seq == seq_before  # nothing changed
        await mover.choose(prompt.default, prompt.seq)
        await wait_for(lambda: game.seq == seq_before + 1)


async def test_choose_outside_a_game_and_without_a_seat() -> None:
    async with running_host() as host:
        c = await client(host, "early")
        await c.choose("pass", 0)
        assert (await until(c, lambda m: isinstance(m, ErrorMessage))).code == "not_seated"
        await c.join()
        await c.choose("pass", 0)
        assert (await until(c, lambda m: isinstance(m, ErrorMessage))).code == "wrong_state"


async def test_flood_is_rate_limited_then_dropped_others_unaffected() -> None:
    async with running_host() as host:
        calm = await client(host, "calm")
        await calm.join()
        raw = await Raw.open(host)
        burst = b"".join(framing.encode({"t": "ping"}) for _ in range(2000))
        await raw.send_bytes(burst)
        codes = set()
        try:
            while True:
                msg = await raw.recv()
                if msg["t"] == "error":
                    codes.add(msg["code"])
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        assert {"rate_limited", "flood"} <= codes
        await calm.chat("fine")
        msg = await until(calm, lambda m: hasattr(m, "text"))
        assert msg.text == "fine"


async def test_stalled_reader_is_dropped_without_holding_up_others() -> None:
    from qm_net.host import Limits

    limits = Limits(send_queue_bytes=256 * 1024)
    async with running_host(seats=3, limits=limits) as host:
        a, b = await client(host, "Ann"), await client(host, "Bo")
        await a.join()
        await b.join()
        b._writer.transport.pause_reading()  # b stops reading: kernel buffers, then its queue fill
        conn_b = host.seats[1].conn
        big = framing.encode({"t": "chat", "seat": None, "name": "x", "text": "y" * 200})
        for _ in range(100_000):
            if conn_b.closed:
                break
            conn_b.send_frame(big)
            await asyncio.sleep(0)
        assert conn_b.closed
        await wait_for(lambda: host.seats[1].conn is None)
        # the host still serves a at once
        await a.chat("still served")
        msg = await until(a, lambda m: getattr(m, "text", None) == "still served")
        assert msg.name == "Ann"


async def test_bad_token_refused_with_its_code() -> None:
    async with running_host() as host:
        c = await client(host, "thief")
        with pytest.raises(TableError) as exc:
            await c.rejoin("A" * 32)
        assert exc.value.code == "bad_token"


async def test_hello_timeout_drops_silent_peer() -> None:
    from qm_net.host import Limits

    async with running_host(limits=Limits(hello_timeout=0.2)) as host:
        raw = await Raw.open(host, hello=False)
        assert (await raw.expect("error"))["code"] == "timeout"
        assert await raw.closed()


async def test_client_refuses_host_of_other_version(monkeypatch) -> None:
    import qm_net.client as client_mod

    async with running_host() as host:
        monkeypatch.setattr(client_mod, "PROTOCOL_VERSION", PROTOCOL_VERSION + 7)
        with pytest.raises(TableError) as exc:
            await TableClient.connect("127.0.0.1", host.port, "old")
        assert exc.value.code == "version_mismatch"


def test_every_view_and_event_crosses_the_wire_unchanged() -> None:
    """A view and its events in their compact wire form (``qm_net.compact``), encoded, decoded
    and checked as a client does, are the engine's own values again (views of every seat,
    spectators', events, the final view of ``ended``)."""
    from qm_net import compact
    from qm_net.protocol import GameEnded, Update, encode_body
    from qm_rules import Game, GameOptions
    from qm_rules.bots import make_bot

    game = Game.new([f"p{i}" for i in range(5)], seed=12, options=GameOptions(round_limit=4))
    bot = make_bot("random", 12)
    encoder = compact.Encoder()
    checked = 0
    events: list = []
    while True:
        for viewer in [None, *range(game.n)]:
            view = game.view(viewer)
            seen = tuple(e for e in events if e.visible_to(viewer))
            wired = tuple(compact.event(e) for e in seen)
            if any(e.kind == "reveal_hands" for e in seen):  # its hands are the view's
                seen = tuple(e if e.kind != "reveal_hands" else replace(e, data={}) for e in seen)
            msg = Update(view=encoder.view(view), events=wired, deadline=None, n=checked)
            got = decode_host(framing.decode(encode_body(msg)))
            assert isinstance(got, Update) and got.view is not None
            assert compact.to_view(got.view) == view
            assert tuple(compact.to_event(e) for e in got.events) == seen
            checked += 1
        if game.over:
            ended = GameEnded(result=game.result, view=encoder.view(game.view(0)))
            got = decode_host(framing.decode(encode_body(ended)))
            assert isinstance(got, GameEnded) and got.view is not None
            assert compact.to_view(got.view) == game.view(0) and got.result == game.result
            break
        events = game.choose(game.prompt.seat, bot.choose(game.view(game.prompt.seat)))
    assert checked > 100


async def test_choose_answers_the_prompt_the_player_saw_not_a_newer_one() -> None:
    async with running_host(seats=2) as host:
        a, b = await seated(host, "Ann", "Bo")
        game = host.game
        mover = a if game.prompt.seat == a.seat else b
        seen = await until(mover, lambda m: isinstance(m, GameUpdate))
        old = seen.view.prompt
        host.play.apply_default()  # the game moves on (a timer, say) before the player clicks
        seq = game.seq
        await mover.choose(old.options[0].id)  # sends the seq of the prompt it was shown
        err = await until(mover, lambda m: isinstance(m, ErrorMessage))
        assert err.code in ("stale_prompt", "not_your_turn")
        assert game.seq == seq


def test_the_host_handles_every_client_message() -> None:
    # Each message type has its handler in the host part that owns it; a message added to the
    # protocol without one would be a KeyError at the table.
    from qm_net.host import Host

    host = Host("t", 2, advertise=False)
    assert set(host.handlers) == set(p.CLIENT_MESSAGES)
