"""docs/protocol.schema.json: current, and obeyed by every frame of many real games.

The schema is generated from the typed definitions (``python -m qm_net.schema``); the first
tests hold the shipped file and the doc's generated tables to them. The game tests record every
frame that crosses the wire, in both directions, over full games at 2 to 6 seats with bots,
spectators, a player who drops and rejoins, and timers that run out, and validate each against
the schema made strict (no field it does not name), so the schema (and with it the doc) names
everything the host sends: every event's ``data`` and every prompt's ``context`` included.
"""

from __future__ import annotations

import asyncio
import copy
import json
import random
from typing import Any

import jsonschema
import msgspec
import pytest
from net_support import Raw, client, options, running_host, until, wait_for

from qm_net import compact, delta, framing, payloads, schema
from qm_net import protocol as p
from qm_net.messages import ChatMessage, ConnectionLost, GameEnded, GameUpdate
from qm_rules.bots import make_bot

PUBLISHED = json.loads(schema.SCHEMA_PATH.read_text(encoding="utf-8"))


def strict(doc: dict[str, Any]) -> dict[str, Any]:
    """The schema with ``additionalProperties: false`` on every object it defines and
    ``items: false`` on every array of positions (a Card, a Seat, an Event...): what the host
    sends must be named in it (the published schema lets receivers ignore extras)."""
    doc = copy.deepcopy(doc)
    for d in doc["$defs"].values():
        if d.get("type") == "object" and "additionalProperties" not in d:
            d["additionalProperties"] = False
        if d.get("type") == "array" and "prefixItems" in d:
            d["items"] = False
    return doc


STRICT = strict(PUBLISHED)


def validator(doc: dict[str, Any], name: str) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator({"$ref": f"#/$defs/{name}", "$defs": doc["$defs"]})


HOST = validator(STRICT, "HostMessage")
CLIENT = validator(STRICT, "ClientMessage")


def check(v: jsonschema.Draft202012Validator, msg: dict[str, Any]) -> None:
    error = jsonschema.exceptions.best_match(v.iter_errors(msg))
    assert error is None, f"{msg.get('t')}: {error.message[:300]} at {list(error.absolute_path)}"


# ───────────────────────────── the files are current ─────────────────────────────


def test_the_shipped_schema_is_generated_from_the_definitions() -> None:
    assert schema.SCHEMA_PATH.read_text(encoding="utf-8") == schema.schema_text(), (
        "docs/protocol.schema.json is out of date: run python -m qm_net.schema"
    )
    jsonschema.Draft202012Validator.check_schema(PUBLISHED)


def test_the_docs_generated_tables_are_current() -> None:
    text = schema.DOC_PATH.read_text(encoding="utf-8")
    assert schema.render_doc(text) == text, (
        "docs/protocol.md is out of date: run python -m qm_net.schema"
    )


def test_the_check_command_fails_on_a_stale_file(tmp_path, monkeypatch) -> None:
    stale = tmp_path / "protocol.schema.json"
    stale.write_text("{}\n", encoding="utf-8")
    monkeypatch.setattr(schema, "SCHEMA_PATH", stale)
    assert schema.main(["--check"]) == 1
    assert schema.main([]) == 0 and schema.main(["--check"]) == 0
    assert json.loads(stale.read_text(encoding="utf-8")) == PUBLISHED


# ───────────────────────────── examples ─────────────────────────────


def test_the_update_examples_show_the_keys_the_host_sends() -> None:
    """protocol.md §5.5's updates as the host frames them (``update_body``): no ``timer`` key
    while no timer runs (the generated example once showed ``"timer": null``), and ``ref``
    only on an answer."""
    lines = [line for line in schema.examples_block().splitlines() if "→" in line]
    shown = [json.loads(line.split("  ", 1)[1]) for line in lines]
    shown = [m for m in shown if m.get("t") == "update"]
    sent = [m for _, m in schema.EXAMPLES if isinstance(m, p.Update)]
    assert len(shown) == len(sent) == 3
    for doc, msg in zip(shown, sent, strict=True):
        view = None if msg.view is None else compact.plain(msg.view)
        events = compact.plain(msg.events)
        body = p.update_body(events, msg.deadline, view, msg.patch, msg.timer)
        frame = p.update_frame(body, msg.n, msg.base, msg.ref)
        on_wire = framing.decode(frame[framing.HEADER.size :])
        assert set(doc) == set(on_wire)
        assert {k: v for k, v in doc.items() if k != "view"} == {
            k: v for k, v in on_wire.items() if k != "view"
        }


def test_every_message_has_an_example_that_decodes_and_validates() -> None:
    shown = {type(m) for _, m in schema.EXAMPLES}
    assert shown == set(p.CLIENT_MESSAGES) | set(p.HOST_MESSAGES), "a message without an example"
    for direction, msg in schema.EXAMPLES:
        body = framing.decode(p.encode_body(msg))
        if direction == "client":
            assert p.decode_client(body) == msg
            check(CLIENT, body)
        else:
            assert p.decode_host(body) == msg
            check(HOST, body)


@pytest.mark.parametrize(
    ("kind", "cls"),
    [
        *(("event " + k, c) for k, c in payloads.EVENT_DATA.items()),
        *(("prompt " + k, c) for k, c in payloads.PROMPT_CONTEXT.items()),
    ],
)
def test_every_payload_example_fits_its_definition(kind: str, cls: type[payloads.Payload]) -> None:
    from qm_rules import shipped_cards

    value = msgspec.convert(cls.EXAMPLE, cls)
    assert json.loads(msgspec.json.encode(value)) == cls.EXAMPLE, (
        f"{kind}: the example names fields the definition lacks"
    )
    check(validator(STRICT, cls.__name__), cls.EXAMPLE)
    defs = [v for k, v in cls.EXAMPLE.items() if k in ("def", "source", "ancestor")]
    defs += [
        d
        for k in ("defs", "cost", "stacked")
        if isinstance(cls.EXAMPLE.get(k), list)
        for d in cls.EXAMPLE[k]
    ]
    assert all(d in shipped_cards().by_id for d in defs), (
        f"{kind}: the example names a card that does not exist"
    )


# ───────────────────────────── evolving the wire ─────────────────────────────


def test_a_message_with_a_field_nobody_knows_is_valid_and_understood() -> None:
    """The rule of protocol.md §9: unknown fields are ignored, by the schema and by both sides."""
    msg = {"t": "choose", "seq": 3, "option": "pass", "id": 2, "urgency": "high"}
    check(validator(PUBLISHED, "ClientMessage"), msg)
    assert p.decode_client(msg) == p.Choose(seq=3, option="pass", id=2)
    update = framing.decode(
        p.encode_body(next(m for _, m in schema.EXAMPLES if isinstance(m, p.Update)))
    )
    update["view"]["weather"] = "rain"
    update["view"]["seats"][0].append("mood")  # an item past those of a Seat
    update["view"]["discard"][0].extend([False, "foil"])  # past those of a Card
    update["events"][0].extend([None, 3])  # past those of an Event
    check(validator(PUBLISHED, "HostMessage"), update)
    with pytest.raises(AssertionError):
        check(HOST, update)  # (the strict schema the host's own frames are held to)
    assert isinstance(p.decode_host(update), p.Update)


async def test_the_host_acts_on_a_message_with_an_extra_field() -> None:
    async with running_host(seats=2) as host:
        raw = await Raw.open(host)
        await raw.send({"t": "join", "id": 5, "note": "from a newer client"})
        joined = await raw.expect("joined")
        assert joined["ref"] == 5 and host.seats[joined["seat"]].kind == "human"


# ───────────────────────────── every frame of many games ─────────────────────────────


class Recorder:
    """Every frame read on this loop, host's and clients' alike: a host message carries ``n``,
    a client message never does. For each update that carries a patch, the whole view it
    stands for (rebuilt on that connection, as its client does) is kept too, to be checked."""

    def __init__(self) -> None:
        self.host: list[dict[str, Any]] = []
        self.client: list[dict[str, Any]] = []
        self.patched: list[dict[str, Any]] = []
        self._views: dict[int, Any] = {}  # per connection (reader): the last update's view
        self._read = framing.read_frame

    async def read_frame(self, reader: asyncio.StreamReader) -> dict[str, Any]:
        msg = await self._read(reader)
        (self.host if "n" in msg else self.client).append(msg)
        if msg.get("t") == "update":
            view = msg["view"]
            if view is None:
                view = delta.apply(self._views[id(reader)], msg["patch"])
                self.patched.append({**msg, "view": view, "patch": None, "base": None})
            self._views[id(reader)] = view
        return msg


async def player(c: Any, seed: int, *, lazy: bool, rejoin_at: int | None) -> None:
    """Answer this seat's prompts (a lazy player leaves responses to the timer); at the
    ``rejoin_at``-th update drop the connection and come back with the token."""
    bot = make_bot("random", seed)
    updates = 0
    while True:
        async for msg in c.messages():
            if isinstance(msg, GameEnded):
                return
            if isinstance(msg, ConnectionLost):
                break
            if not isinstance(msg, GameUpdate):
                continue
            updates += 1
            if updates == rejoin_at:
                await c._drop()  # the link fails: what is still queued, then a ConnectionLost
            if c.closed:
                continue
            pr = msg.view.prompt
            if pr is None or pr.seat != c.seat or not pr.options:
                continue
            if lazy and pr.kind.value == "respond":
                continue  # the response timer answers for us
            await c.choose(bot.choose(msg.view), pr.seq)
        await c.reconnect()


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
async def test_every_frame_of_a_game_fits_the_schema(seats: int, seed: int, monkeypatch) -> None:
    rec = Recorder()
    monkeypatch.setattr(framing, "read_frame", rec.read_frame)
    humans = min(seats, 3)
    timers = options(round_limit=3, response_timer=0.05, turn_timer=2.0 if seats % 2 else None)
    async with running_host(
        seats=seats, bots=seats - humans, options=timers, seed=seed * 10 + seats
    ) as host:
        watcher = await client(host, "watcher")
        await watcher.spectate()
        clients = [await client(host, f"p{i}") for i in range(humans)]
        for c in clients:
            await c.join()
        for c in clients:
            await c.set_ready(True)
        await wait_for(lambda: host.state == "playing")
        rng = random.Random(seed * 10 + seats)
        tasks = [
            asyncio.create_task(
                player(c, rng.randrange(1 << 30), lazy=i == 1, rejoin_at=5 if i == 0 else None)
            )
            for i, c in enumerate(clients)
        ]
        await asyncio.wait_for(asyncio.gather(*tasks), 60)
        await wait_for(lambda: host.state == "ended")
        for c in (watcher, *clients):
            await c.chat("gg")
            # the host's chat frame read (every connection gets it, the sender too) before
            # closing, however quickly the client closes
            await until(c, lambda m: isinstance(m, ChatMessage) and m.text == "gg")
            await c.close()
    for msg in rec.client:
        check(CLIENT, msg)
    for msg in rec.host:
        check(HOST, msg)
    assert len(rec.patched) > len(rec.host) // 4, "(almost) no update came as a patch"
    for msg in rec.patched:  # the views the patches stand for fit the schema as well
        check(HOST, msg)
    kinds = {m["t"] for m in rec.host}
    assert {"welcome", "joined", "spectating", "lobby", "update", "ended", "chat"} <= kinds
    assert {"hello", "join", "rejoin", "spectate", "ready", "choose", "chat"} <= {
        m["t"] for m in rec.client
    }
    events = {e[0] for m in rec.host if m["t"] == "update" for e in m["events"]}  # its kind
    assert {"turn", "draw", "phase", "activate", "game_over"} <= events
    assert any(m["t"] == "update" and m["deadline"] is not None for m in rec.host), "no timer ran"
