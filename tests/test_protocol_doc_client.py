"""docs/protocol.md is enough to write a client: this one is written from the doc alone.

It uses a raw socket and msgpack only — nothing from ``qm_net`` or ``qm_rules`` — and plays a
whole game against a real ``qingming serve --seats 2 --bots 1`` process on loopback: hello,
join, ready, every view, a choice for each of its prompts, the result, the goodbye. Every
message it receives is held to the shapes the doc gives (field names, types, ranges), so a
change on the wire that the doc does not follow fails here. The field lists below are copied
from the doc's §5 tables, not from the code; the table options are read from the doc's own
table; a view's compact parts (arrays by position, §5.1) are read as maps by ``doc_wire``,
written from the doc too. Further games check chat's limit, a `sync`'s answer and what follows
a game's end, and a declaration the response timer cancels (seen by the drafter alone). (Only
the two tests that hold the doc's error and message tables to the code's lists import from the
project.)
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import random
import re
import socket
import struct
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import doc_wire
import msgpack  # type: ignore[import-untyped]
import pytest

DOC = Path(__file__).resolve().parent.parent / "docs" / "protocol.md"

# §1: a frame is a 4-byte big-endian length 1..262144, then one msgpack map.
MAX_FRAME = 262144
VERSION = 4  # the doc's title
# §5, host → client: type → the fields the doc lists (besides `t` and `n`); optional ones apart.
HOST_FIELDS: dict[str, tuple[set[str], set[str]]] = {
    "welcome": ({"version", "table", "ref"}, {"features"}),
    "joined": ({"seat", "token"}, {"ref", "history", "web"}),
    "spectating": ({"ref"}, {"history"}),
    "lobby": ({"table_name", "state", "seats", "owner_seat", "games_played"}, set()),
    "update": ({"view", "patch", "base", "events", "deadline"}, {"timer", "ref"}),
    "deal": ({"commitment", "seats", "deadline"}, set()),
    "dealt": ({"sources"}, set()),
    "ended": ({"result", "view", "deal"}, {"ref", "takebacks"}),  # view nil: the last update's
    "chat": ({"seat", "name", "text"}, set()),
    "error": ({"code", "message"}, {"ref"}),
    "cards": ({"sha256", "source"}, {"ref"}),
    "ping": (set(), set()),
    "pong": (set(), set()),
    "bye": ({"reason"}, set()),
}
TABLE = {"name", "seats", "options", "anyone_starts", "cards"}


def _table_options() -> set[str]:
    """§5's TableOptions table, read from the doc (its first column names each field)."""
    text = DOC.read_text(encoding="utf-8")
    start = text.index("**TableOptions**")
    table = text[start : text.index("\n\n", text.index("| field |", start))]
    return set(re.findall(r"^\| (\w+) \|", table, re.M)) - {"field"}


TABLE_OPTIONS = _table_options()
SEAT_INFO = {"seat", "name", "kind", "ready", "connected", "played_by_bot", "level"}
VIEW = {
    "viewer", "seq", "turn", "round", "turn_seat", "first_seat", "phase", "deck_count",
    "discard", "seats", "chain", "resolving", "prohibitions", "prompt", "result",
}  # fmt: skip
PHASES = {"draw", "place", "action", "worship", "end", "over"}
CARD = {"cid", "card", "tapped"}
SEAT_VIEW = {"seat", "name", "hand_count", "hand", "slots", "stacked", "conceded"}
SLOT = {"index", "card", "face_down", "negated"}
LINK = {
    "index",
    "seat",
    "kind",
    "card",
    "mode",
    "targets",
    "cost",
    "negated",
    "responds_to",
    "payload",
}
LINK_KINDS = {"place", "action", "trap", "counter", "worship", "manifest", "ability"}
PROHIBITION = {"tag", "actions", "source", "until_turn"}
PROMPT = {"seat", "kind", "seq", "options", "context", "default"}
PROMPT_KINDS = {
    "place",
    "action",
    "worship",
    "mode",
    "target",
    "cost",
    "respond",
    "effect",
    "hand_limit",
}
OPTION = {"id", "kind", "card", "seat", "mode"}
EVENT = {"kind", "seat", "data", "to"}
RESULT = {"winner", "ancestor", "reason", "rounds", "turns"}
REASONS = {"worship", "last_standing", "round_limit", "stalemate"}
TOKEN = re.compile(r"[A-Za-z0-9_-]{16,128}")
OPTION_ID = re.compile(r"[a-z_]{1,16}(:[a-z]?[0-9]{1,9})?")


def is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def opt_int(v: Any) -> bool:
    return v is None or is_int(v)


def keys(obj: Any, expected: set[str], what: str) -> None:
    assert isinstance(obj, dict), f"{what} is not a map: {obj!r}"
    assert set(obj) == expected, f"{what}: fields {sorted(obj)} but the doc says {sorted(expected)}"


# ───────────────────────────── the client ─────────────────────────────


class DocClient:
    """Frames and sequence numbers as §1 and §2 describe them; answers `ping` (§7)."""

    def __init__(self, port: int) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=30)
        self.n = -1
        self.seen: list[str] = []

    def send(self, msg: dict[str, Any]) -> None:
        body = msgpack.packb(msg, use_bin_type=True)
        self.sock.sendall(struct.pack(">I", len(body)) + body)

    def _exact(self, k: int) -> bytes:
        buf = b""
        while len(buf) < k:
            chunk = self.sock.recv(k - len(buf))
            if not chunk:
                raise ConnectionError("the host closed the connection")
            buf += chunk
        return buf

    def recv(self) -> dict[str, Any]:
        """The next host message other than `ping`, its envelope checked against the doc."""
        while True:
            (length,) = struct.unpack(">I", self._exact(4))
            assert 1 <= length <= MAX_FRAME, length
            msg = msgpack.unpackb(self._exact(length), raw=False)
            assert isinstance(msg, dict) and isinstance(msg.get("t"), str), msg
            t = msg["t"]
            assert t in HOST_FIELDS, f"host sent type {t!r}, which the doc does not list"
            assert is_int(msg.get("n")) and msg["n"] == self.n + 1, (
                f"n went {self.n} -> {msg.get('n')}"
            )
            self.n = msg["n"]
            required, optional = HOST_FIELDS[t]
            present = set(msg) - {"t", "n"}
            assert required <= present <= required | optional, f"{t}: fields {sorted(present)}"
            self.seen.append(t)
            if t == "ping":
                self.send({"t": "pong"})
                continue
            return msg

    def expect(self, t: str) -> dict[str, Any]:
        msg = self.recv()
        assert msg["t"] == t, f"expected {t}, got {msg}"
        return msg

    def close(self) -> None:
        self.sock.close()


# ───────────────────────────── shape checks (§5) ─────────────────────────────


def check_lobby(msg: dict[str, Any], seats: int) -> None:
    assert isinstance(msg["table_name"], str)
    assert msg["state"] in ("lobby", "playing", "ended")
    assert opt_int(msg["owner_seat"]) and is_int(msg["games_played"])
    assert len(msg["seats"]) == seats
    for i, s in enumerate(msg["seats"]):
        keys(s, SEAT_INFO, "SeatInfo")
        assert s["seat"] == i and s["kind"] in ("human", "bot", "empty")
        assert s["name"] is None or isinstance(s["name"], str)
        assert isinstance(s["ready"], bool) and isinstance(s["connected"], bool)
        assert isinstance(s["played_by_bot"], bool)
        assert s["level"] in (
            ("easy", "normal", "hard", "random") if s["kind"] == "bot" else (None,)
        )


def check_card(c: Any, what: str) -> None:
    keys(c, CARD, what)
    assert is_int(c["cid"]) and isinstance(c["card"], str) and isinstance(c["tapped"], bool)


def check_result(r: Any) -> None:
    keys(r, RESULT, "Result")
    assert opt_int(r["winner"]) and (r["ancestor"] is None or isinstance(r["ancestor"], str))
    assert r["reason"] in REASONS and is_int(r["rounds"]) and is_int(r["turns"])


def check_view(wired: Any, me: int, *, over: bool = False) -> None:
    keys(wired, VIEW, "View")
    v = doc_wire.view(wired)  # its parts as maps (§5.1)
    assert v["viewer"] == me
    for f in ("seq", "turn", "round", "turn_seat", "first_seat", "deck_count"):
        assert is_int(v[f]), f
    assert v["phase"] in PHASES and opt_int(v["resolving"])
    for c in v["discard"]:
        check_card(c, "discard Card")
    for i, s in enumerate(v["seats"]):
        keys(s, SEAT_VIEW, "SeatView")
        assert s["seat"] == i and isinstance(s["name"], str) and is_int(s["hand_count"])
        assert isinstance(s["conceded"], bool)
        if i == me or over:  # own hand; every hand once the game is over
            assert s["hand"] is not None and len(s["hand"]) == s["hand_count"]
            for c in s["hand"]:
                check_card(c, "hand Card")
        else:
            assert s["hand"] is None, "another seat's hand reached us (R5)"
        assert len(s["slots"]) == 5
        for j, slot in enumerate(s["slots"]):
            keys(slot, SLOT, "Slot")
            assert slot["index"] == j and isinstance(slot["face_down"], bool)
            assert isinstance(slot["negated"], bool)
            if slot["card"] is not None:
                check_card(slot["card"], "slot Card")
            elif slot["face_down"]:
                assert i != me and not over, "our own face-down card must be shown to us"
        for c in s["stacked"]:
            check_card(c, "stacked Card")
    for k, link in enumerate(v["chain"]):
        keys(link, LINK, "Link")
        assert link["index"] == k and is_int(link["seat"]) and link["kind"] in LINK_KINDS
        check_card(link["card"], "link Card")
        assert (
            opt_int(link["mode"])
            and opt_int(link["responds_to"])
            and isinstance(link["negated"], bool)
        )
        assert all(re.fullmatch(r"[pc][0-9]+", t) for t in link["targets"]), link["targets"]
        for c in link["cost"]:
            check_card(c, "cost Card")
        if link["payload"] is not None:
            check_card(link["payload"], "payload Card")
    for p in v["prohibitions"]:
        keys(p, PROHIBITION, "prohibition")
    prompt = v["prompt"]
    if over:
        assert prompt is None
        check_result(v["result"])
        return
    assert v["result"] is None
    keys(prompt, PROMPT, "Prompt")
    assert is_int(prompt["seat"]) and is_int(prompt["seq"]) and prompt["kind"] in PROMPT_KINDS
    assert prompt["seq"] == v["seq"], "a prompt's seq is the decisions made so far"
    if prompt["seat"] != me:  # only the deciding seat gets options, context and default
        assert (prompt["options"], prompt["context"], prompt["default"]) == ([], {}, "")
        return
    assert prompt["options"], "our prompt offers nothing"
    for o in prompt["options"]:
        keys(o, OPTION, "Option")
        assert OPTION_ID.fullmatch(o["id"]) and isinstance(o["kind"], str), o
        assert opt_int(o["card"]) and opt_int(o["seat"]) and opt_int(o["mode"])
    assert prompt["default"] in {o["id"] for o in prompt["options"]}
    assert isinstance(prompt["context"], dict)


def check_event(wired: Any, me: int) -> None:
    e = doc_wire.event(wired)  # [kind, seat, data, to] as a map (§5.1)
    keys(e, EVENT, "Event")
    assert isinstance(e["kind"], str) and opt_int(e["seat"]) and isinstance(e["data"], dict)
    assert e["to"] is None or me in e["to"], "an event for other seats reached us (R5)"


# ───────────────────────────── the fair deal (§11) ─────────────────────────────


def h(label: str, *fields: bytes) -> bytes:
    """§11's H: SHA-256 over each field's 4-byte big-endian length and bytes, label first."""
    out = b""
    for f in (label.encode(), *fields):
        out += struct.pack(">I", len(f)) + f
    return hashlib.sha256(out).digest()


def check_reveal(
    reveal: dict[str, Any], commitment: str, me: int, mine: str, sources: list, cards: str
) -> None:
    """The first three steps of §11's check, from the doc alone: commitment (bound to the card
    set ``welcome`` named), parts, seed."""
    secret = bytes.fromhex(reveal["secret"])
    made = h("qingming/deal/commit/v2", secret, bytes.fromhex(cards)).hex()
    assert made == commitment == reveal["commitment"]
    parts = reveal["parts"]
    assert [x["seat"] for x in parts] == list(range(len(parts)))
    assert [x["source"] for x in parts] == sources
    assert parts[me] == {"seat": me, "source": "player", "part": mine}
    fields = [secret, str(len(parts)).encode()]
    for x in parts:
        value = bytes.fromhex(x["part"])
        if x["source"] != "player":
            made = h(
                "qingming/deal/host-part/v1", secret, str(x["seat"]).encode(), x["source"].encode()
            )
            assert value == made
        fields += [str(x["seat"]).encode(), x["source"].encode(), value]
    assert reveal["journal"]["seed"] == "deal:" + h("qingming/deal/seed/v1", *fields).hex()
    assert len(reveal["journal"]["choices"]) > 0


# ───────────────────────────── the game ─────────────────────────────


def chat_burst(c: DocClient) -> None:
    """§4, §6, §7: chat is allowed bursts of 5; every line over the allowance is answered
    `rate_limited` with its `ref`, and each line sent goes to everyone, ourselves included."""
    for i in range(8):
        c.send({"t": "chat", "text": f"line {i}", "id": 100 + i})
    got = [c.recv() for _ in range(8)]
    said = [m["text"] for m in got if m["t"] == "chat"]
    refused = [(m["code"], m["ref"]) for m in got if m["t"] == "error"]
    assert said == [f"line {i}" for i in range(5)], got
    assert refused == [("rate_limited", 105), ("rate_limited", 106), ("rate_limited", 107)], got


def play_one_game(port: int, rng: random.Random, *, more: bool = False) -> dict[str, Any]:
    """§3 from start to end; returns what happened. ``more``: also what §2, §6 and §7 say of
    chat, of a `sync`'s answer mid-game, and of a game that is over (the host must not close
    the table after it)."""
    c = DocClient(port)
    try:
        c.send({"t": "hello", "version": VERSION, "name": "Doc", "client": "doc-client", "id": 1})
        welcome = c.expect("welcome")
        assert welcome["version"] == VERSION and welcome["ref"] == 1
        keys(welcome["table"], TABLE, "welcome.table")
        keys(welcome["table"]["options"], TABLE_OPTIONS, "TableOptions")
        seats = welcome["table"]["seats"]
        assert 2 <= seats <= 6
        check_lobby(c.expect("lobby"), seats)
        # §3: the card set, asked for (a client that has it need not) and checked by its hash
        cards = welcome["table"]["cards"]
        assert re.fullmatch(r"[0-9a-f]{64}", cards)
        c.send({"t": "cards", "sha256": cards, "id": 3})
        sent = c.expect("cards")
        assert sent["ref"] == 3 and sent["sha256"] == cards
        assert hashlib.sha256(sent["source"].encode("utf-8")).hexdigest() == cards
        assert "[[card]]" in sent["source"]

        c.send({"t": "join", "id": 2})
        joined = c.expect("joined")
        assert joined["ref"] == 2 and TOKEN.fullmatch(joined["token"])
        me = joined["seat"]
        check_lobby(c.expect("lobby"), seats)
        if more:
            chat_burst(c)
        c.send({"t": "ready", "ready": True})

        updates = events = choices = patched = 0
        held: dict[str, Any] = {}  # §5.1: the last update's view and its n, for the next patch
        stale_checked = False
        synced = 0  # more: our prompts before the sync; then -1 once answered
        last_seq = -1  # §2: each pushed update's view counts more decisions than the last
        deal: dict[str, Any] = {}  # §11: the commitment, our part, the sources
        while True:
            msg = c.recv()
            t = msg["t"]
            if t == "lobby":
                check_lobby(msg, seats)
                continue
            if t == "deal":
                assert updates == 0 and re.fullmatch(r"[0-9a-f]{64}", msg["commitment"])
                assert me in msg["seats"] and msg["deadline"] > 0
                deal.update(commitment=msg["commitment"], part=rng.randbytes(32).hex())
                c.send({"t": "deal_part", "part": deal["part"]})
                continue
            if t == "dealt":
                assert deal and updates == 0
                deal["sources"] = msg["sources"]
                continue
            if t == "ended":
                check_result(msg["result"])
                # §5: nil, since the last update carried the final view (whole only for a
                # connection that comes back after the game)
                assert msg["view"] is None
                final = held["view"]
                check_view(final, me, over=True)
                assert final["result"] == msg["result"]
                if deal:
                    check_reveal(
                        msg["deal"], deal["commitment"], me, deal["part"], deal["sources"], cards
                    )
                else:
                    assert msg["deal"] is None
                break
            assert t == "update", f"unexpected {msg}"
            updates += 1
            view = doc_wire.whole_view(msg, held)
            patched += msg["patch"] is not None
            over = view["result"] is not None
            check_view(view, me, over=over)
            assert not doc_wire.trailing_defaults(view), doc_wire.trailing_defaults(view)
            assert msg.get("ref") is None, "a pushed update answers no request (§2)"
            assert view["seq"] > last_seq, f"§2: seq went {last_seq} -> {view['seq']}"
            last_seq = view["seq"]
            assert msg["deadline"] is None or isinstance(msg["deadline"], float)
            timer = msg.get("timer")  # §5: the whole timer, told while one runs
            assert (timer is None) == (msg["deadline"] is None), msg
            assert timer is None or (isinstance(timer, float) and timer >= msg["deadline"])
            for e in msg["events"]:
                check_event(e, me)
            events += len(msg["events"])
            prompt = doc_wire.prompt(view["prompt"])  # §5.1: [seat, kind, seq, options…]
            if over or prompt["seat"] != me:
                continue
            if not stale_checked:  # §2: a choice for another seq is refused and changes nothing
                c.send(
                    {"t": "choose", "seq": prompt["seq"] + 1, "option": prompt["default"], "id": 7}
                )
                err = c.expect("error")
                assert (err["code"], err.get("ref")) == ("stale_prompt", 7), err
                stale_checked = True
            if more and synced >= 0 and (synced := synced + 1) == 3:
                # §2, §4: a sync's answer carries its id as `ref`, the view whole, nothing new
                # (the table waits on us), and the same seq as the view it repeats
                c.send({"t": "sync", "id": 50})
                answer = c.expect("update")
                assert answer["ref"] == 50 and answer["view"] is not None, answer
                assert answer["events"] == [] and doc_wire.whole_view(answer, held) == view
                assert answer["view"]["seq"] == last_seq
                synced = -1
            option = rng.choice([o["id"] for o in prompt["options"]])
            c.send({"t": "choose", "seq": prompt["seq"], "option": option})
            choices += 1

        after = c.expect("lobby")  # §3: the table's state after the game
        assert after["state"] == "ended" and after["games_played"] == 1
        if more:
            assert synced == -1, "the sync was never sent"
            # §6: a choice after the end is `game_over`
            c.send({"t": "choose", "seq": last_seq, "option": "pass", "id": 60})
            err = c.expect("error")
            assert (err["code"], err["ref"]) == ("game_over", 60), err
            # §2, §5: sync after the end is answered by `ended` with its ref and the view whole,
            # the final view we hold, trailing defaults left out as everywhere (§5.1)
            c.send({"t": "sync", "id": 61})
            again = c.expect("ended")
            assert again["ref"] == 61 and again["result"] == held["view"]["result"]
            check_view(again["view"], me, over=True)
            assert doc_wire.view(again["view"]) == doc_wire.view(held["view"])
            assert not doc_wire.trailing_defaults(again["view"])
            return {"synced": True}
        bye = c.expect("bye")  # --games 1: the host closes the table
        assert isinstance(bye["reason"], str)
        with pytest.raises(ConnectionError):
            c.recv()
        return {"updates": updates, "events": events, "choices": choices, "seen": set(c.seen),
                "stale": stale_checked, "patched": patched, "fair": bool(deal)}  # fmt: skip
    finally:
        c.close()


@contextlib.contextmanager
def serving(*args: str) -> Iterator[tuple[int, subprocess.Popen[str]]]:
    """A `qingming serve --seats 2 --bots 1` process on loopback (and ``args``, which may say
    otherwise): its port."""
    serve = subprocess.Popen(
        [sys.executable, "-m", "qingming", "serve", "--seats", "2", "--bots", "1", "--no-advertise",
         "--bind", "127.0.0.1", "--port", "0", *args],
        env=dict(os.environ, CI="1", PYTHONUNBUFFERED="1"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )  # fmt: skip
    try:
        assert serve.stdout is not None
        line = serve.stdout.readline()
        found = re.search(r"listening on 127\.0\.0\.1:(\d+)", line)
        assert found, (
            f"no listening line: {line!r}; stderr: {serve.stderr.read() if serve.stderr else ''}"
        )
        yield int(found.group(1)), serve
    finally:
        if serve.poll() is None:
            serve.kill()
            serve.wait()
        for pipe in (serve.stdout, serve.stderr):
            if pipe is not None:
                pipe.close()


@pytest.mark.parametrize("seed", ["11", None], ids=["fixed-seed", "fair-deal"])
def test_doc_only_client_plays_a_whole_game_against_qingming_serve(seed: str | None) -> None:
    with serving("--games", "1", *(["--seed", seed] if seed else [])) as (port, serve):
        outcome = play_one_game(port, random.Random(11))
        assert serve.wait(timeout=30) == 0
    assert outcome["choices"] > 0 and outcome["stale"], "we never got to decide anything"
    assert outcome["updates"] > outcome["choices"] and outcome["events"] > 0
    assert outcome["patched"] > outcome["updates"] // 2, "the host sent (almost) no patches"
    assert {"welcome", "joined", "lobby", "update", "ended", "bye"} <= outcome["seen"]
    assert outcome["fair"] == (seed is None)


def test_doc_only_client_chats_syncs_and_asks_after_the_game() -> None:
    """What §2, §5, §6 and §7 promise of chat's limit, a `sync`'s answer (its `ref`) mid-game
    and after the end, and a choice after the end, from the doc alone."""
    with serving("--seed", "11") as (port, _):
        assert play_one_game(port, random.Random(5), more=True) == {"synced": True}


def test_the_doc_lists_the_fields_this_client_relies_on() -> None:
    """The field lists above were copied from the doc; each name still appears there."""
    text = DOC.read_text(encoding="utf-8")
    names = set().union(*(r | o for r, o in HOST_FIELDS.values()), TABLE, TABLE_OPTIONS,
                        SEAT_INFO, VIEW, CARD, SEAT_VIEW, SLOT, LINK, PROHIBITION, PROMPT,
                        OPTION, EVENT, RESULT)  # fmt: skip
    missing = sorted(n for n in names if not re.search(rf"\b{n}\b", text))
    assert not missing, f"fields this client expects that docs/protocol.md does not name: {missing}"
    for t in HOST_FIELDS:
        assert f"| `{t}` |" in text, f"host message {t!r} has no row in the doc"


def test_the_docs_error_table_is_the_hosts_list_of_codes() -> None:
    """§6 lists exactly the codes ``qm_net.protocol.ERROR_CODES`` knows (the one place the
    reference implementation names them); the engine's codes pass through as they are."""
    from qm_net.protocol import ERROR_CODES
    from qm_rules.model import RulesError

    text = DOC.read_text(encoding="utf-8")
    section = text[text.index("## 6. Errors") : text.index("## 7.")]
    documented = set(re.findall(r"^\| `([a-z_]+)` \|", section, re.M))
    assert documented == set(ERROR_CODES), (
        f"only in the doc: {sorted(documented - set(ERROR_CODES))}; "
        f"only in the code: {sorted(set(ERROR_CODES) - documented)}"
    )
    engine = {RulesError.code} | {c.code for c in RulesError.__subclasses__()}
    assert engine <= documented, f"engine codes missing from the doc: {sorted(engine - documented)}"


def test_the_docs_message_tables_are_the_codes_schemas() -> None:
    """§4 has a row for each client message ``qm_net.protocol`` defines, naming its fields;
    §5 a row for each host message, naming its fields (``id`` and ``n``, common to all, apart)."""
    import msgspec

    from qm_net.protocol import CLIENT_TYPES, HOST_TYPES

    def names(cls: type) -> set[str]:
        return {f.encode_name for f in msgspec.structs.fields(cls)} - {"id", "n"}

    text = DOC.read_text(encoding="utf-8")
    for title, nxt, schemas in (
        ("## 4. Client", "## 5. Host", {t: names(c) for t, c in CLIENT_TYPES.items()}),
        ("## 5. Host", "### 5.1", {t: names(c) for t, c in HOST_TYPES.items()}),
    ):
        section = text[text.index(title) : text.index(nxt)]
        rows = {
            m.group(1): m.group(2)
            for m in re.finditer(r"^\| `([a-z_]+)` \|(.*)$", section, re.M)
            if m.group(1) != "t"
        }
        assert set(rows) == set(schemas), (
            f"{title}: doc rows {sorted(rows)} vs code {sorted(schemas)}"
        )
        for t, fields in schemas.items():
            fields_cell = re.split(r"(?<!\\)\|", rows[t])[0]
            missing = sorted(f for f in fields if f"`{f}`" not in fields_cell)
            assert not missing, f"{title}: the `{t}` row does not name {missing}"


# ───────────────────────────── a declaration the clock cancels (§5.1, §5.4) ─────────────

STARTS = ("flip:", "counter:", "manifest:")  # §5.1's option ids that declare in response
STEPS = ("mode", "target", "cost")  # §5.1: the prompt kinds of declaring an activation


def watch(port: int, frames: list[dict[str, Any]]) -> threading.Thread:
    """A spectator on its own connection, keeping every message until the host closes."""
    w = DocClient(port)
    w.send({"t": "hello", "version": VERSION, "name": "Watcher"})
    w.expect("welcome")
    w.send({"t": "spectate"})

    def run() -> None:
        try:
            while True:
                frames.append(w.recv())
        except (ConnectionError, OSError):
            pass
        finally:
            w.close()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


def ready_player(port: int) -> tuple[DocClient, int]:
    """§3: a client that said hello, took the first free seat and said it is ready."""
    c = DocClient(port)
    c.send({"t": "hello", "version": VERSION, "name": "Doc"})
    c.expect("welcome")
    c.expect("lobby")
    c.send({"t": "join"})
    me = c.expect("joined")["seat"]
    c.send({"t": "ready", "ready": True})
    return c, me


def declare_then_wait(port: int, rng: random.Random) -> dict[str, Any] | None:
    """Play (choosing at random) until a respond prompt lets us declare with a step to take;
    declare, then answer nothing: the response timer cancels the declaration and passes. What
    we saw then; None when the game gave no such moment."""
    c, me = ready_player(port)
    try:
        held: dict[str, Any] = {}
        waiting: int | None = None  # the seq before we declared, while the clock runs
        seen: dict[str, Any] | None = None
        while True:
            msg = c.recv()
            if msg["t"] == "ended":
                return seen
            if msg["t"] != "update":
                continue
            view = doc_wire.whole_view(msg, held)
            events = [doc_wire.event(e) for e in msg["events"]]
            if waiting is not None:
                if seen is None:
                    seen = {"before": waiting, "seq": view["seq"], "events": events, "me": me}
                    waiting = None
                continue
            prompt = doc_wire.prompt(view["prompt"])
            if prompt is None or prompt["seat"] != me or not prompt["options"]:
                continue
            ids = [o["id"] for o in prompt["options"]]
            if prompt["kind"] in STEPS and seen is None and "declared" in held:
                held.pop("declared")  # a step to take (our declaring counted: §2): we take none
                waiting = view["seq"]
                continue
            starts = [i for i in ids if i.startswith(STARTS)]
            if prompt["kind"] == "respond" and starts and seen is None:
                held["declared"] = True
                c.send({"t": "choose", "seq": view["seq"], "option": rng.choice(starts)})
                continue
            held.pop("declared", None)  # (declared without a step to take: on we go)
            choice = rng.choice([i for i in ids if i != "cancel"])
            c.send({"t": "choose", "seq": view["seq"], "option": choice})
    finally:
        c.close()


def test_doc_only_client_sees_its_declaration_time_out_and_the_others_see_a_pass() -> None:
    """§5.1/§5.4: a declaration in response that the clock cancels is the drafter's alone. We
    get one update: our `timeout` (option nil) addressed to us, then the public one (`pass`),
    our seq up by 2 (our cancel, then the pass, §2); a spectator sees only the pass, its seq up
    by 1, and never one of our declaring prompts. Seeds are tried until a game gives us the
    moment (bounded)."""
    for seed in range(1, 9):
        frames: list[dict[str, Any]] = []
        args = ["--games", "1", "--seed", str(seed), "--response-timer", "1", "--turn-timer", "0"]
        args += ["--ask-everyone", "--round-limit", "6", "--seats", "3", "--bots", "2"]
        with serving(*args) as (port, serve):
            watcher = watch(port, frames)
            seen = declare_then_wait(port, random.Random(seed))
            assert serve.wait(timeout=60) == 0
            watcher.join(timeout=30)
        if seen is None:
            continue
        me = seen["me"]
        mine = [(e["kind"], e["seat"], e["data"], e["to"]) for e in seen["events"][:2]]
        assert mine == [
            ("timeout", me, {"option": None}, [me]),
            ("timeout", me, {"option": "pass"}, None),
        ], seen["events"]
        assert seen["seq"] == seen["before"] + 2, seen
        held: dict[str, Any] = {}
        told: list[tuple[int, list[Any]]] = []
        for msg in frames:
            if msg["t"] == "update":
                view = doc_wire.whole_view(msg, held)
                prompt = doc_wire.prompt(view["prompt"])
                assert prompt is None or prompt["kind"] not in STEPS, "a declaring prompt shown"
                told.append((view["seq"], [doc_wire.event(e) for e in msg["events"]]))
        ours = [
            (i, e["data"]) for i, (_, events) in enumerate(told) for e in events
            if e["kind"] == "timeout" and e["seat"] == me
        ]  # fmt: skip
        assert [data for _, data in ours] == [{"option": "pass"}], ours
        at = ours[0][0]
        assert told[at][0] == told[at - 1][0] + 1, "the spectator's seq moved by more than 1"
        return
    pytest.fail("no game of seeds 1-8 let the doc client declare in response")


def test_doc_only_client_leaves_mid_game_then_watches() -> None:
    """§4 `leave` during a game: the concession's update, then a `lobby` showing the seat
    conceded, not connected and played by nobody; no more updates (nor the `ended`) until the
    client spectates, whose answer carries its `ref`; as a spectator it sees the game end."""
    args = ["--seats", "3", "--bots", "2", "--games", "1", "--seed", "11", "--round-limit", "2"]
    with serving(*args, "--bot-delay", "0.2", "--turn-timer", "0", "--response-timer", "0") as (
        port,
        serve,
    ):
        c, me = ready_player(port)
        try:
            while c.recv()["t"] != "update":
                pass
            c.send({"t": "leave"})
            while True:  # the updates before our leave was read, the concession's among them
                msg = c.recv()
                if msg["t"] == "lobby":
                    break
                assert msg["t"] == "update" and msg.get("ref") is None, msg
                told = [doc_wire.event(e) for e in msg["events"]]
            assert ("concede", me) in [(e["kind"], e["seat"]) for e in told]
            seat = msg["seats"][me]
            assert (seat["kind"], seat["name"], seat["connected"], seat["played_by_bot"]) == (
                "human",
                "Doc",
                False,
                False,
            ), seat
            c.send({"t": "spectate", "id": 20})
            assert c.expect("spectating")["ref"] == 20
            answer = c.recv()
            while answer["t"] == "lobby":
                answer = c.recv()
            assert answer["t"] in ("update", "ended") and answer["ref"] == 20, answer
            while answer["t"] != "ended":
                answer = c.recv()
                assert answer["t"] in ("update", "ended", "lobby"), answer
                if answer["t"] == "lobby":
                    assert answer["seats"][me]["played_by_bot"] is False
            assert serve.wait(timeout=60) == 0
        finally:
            c.close()
