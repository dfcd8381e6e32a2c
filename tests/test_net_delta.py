"""Updates as patches: exact, never more than the whole view would tell, and self-healing.

The host sends each view as the steps from the previous update's view on the connection
(``qm_net.delta``); the client carries them out and hands the app whole views. These tests hold
the patch to the views it stands between over many seeded games, show that a step carries only
what the receiver's whole view holds (R5), that a client that loses track asks for the whole
view and goes on, and that a client of the old protocol is refused plainly.
"""

from __future__ import annotations

import asyncio
import copy
from typing import Any

import msgpack
import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st
from net_support import (
    Raw,
    client,
    options,
    play_to_end,
    running_host,
    seated,
    until,
    wait_for,
)

from qm_net import compact, delta, fairdeal, framing
from qm_net import protocol as p
from qm_net.host.conn import Conn
from qm_net.host.feed import Feed, patch_between
from qm_net.messages import GameUpdate
from qm_rules import Game, GameOptions, View
from qm_rules.bots import make_bot


def wire(value: Any) -> Any:
    """``value`` as the receiver decodes it (msgpack: tuples become lists); an engine view in
    its wire form (``qm_net.compact``)."""
    if isinstance(value, View):
        value = compact.Encoder().view(value)
    return msgpack.unpackb(p.encode_body(value), raw=False)


def as_view(plain: Any) -> View:
    """A wire view as the client hands it on: checked, then the engine's value."""
    return compact.to_view(msgspec.convert(plain, compact.View))


def at(view: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        view = view[key]
    return view


# ───────────────────────────── the patch itself ─────────────────────────────


@pytest.mark.parametrize("seats", [2, 4, 6])
def test_a_patch_turns_each_view_into_the_next_and_carries_only_the_new_views_values(
    seats: int,
) -> None:
    game = Game.new([f"p{i}" for i in range(seats)], seed=seats, options=GameOptions(round_limit=6))
    bot = make_bot("random", seats)
    viewers = [None, *range(seats)]
    encoder = compact.Encoder()
    held = {v: encoder.view(game.view(v)) for v in viewers}  # the host's side
    got = {v: wire(game.view(v)) for v in viewers}  # the client's side
    typed = {v: game.view(v) for v in viewers}
    patched = 0
    while not game.over:
        game.choose(game.prompt.seat, bot.choose(game.view(game.prompt.seat)))
        for v in viewers:
            new = encoder.view(game.view(v))
            steps = wire(delta.diff(held[v], new))
            paths = [tuple(path) for path, _ in steps]
            assert len(set(paths)) == len(paths), "a place set twice in one patch"
            want = wire(new)
            for path, value in steps:  # every value sent is the new view's own, where it stands
                assert path and at(want, path) == value
            before = copy.deepcopy(got[v])
            got[v] = delta.apply(got[v], steps)
            assert got[v] == want
            assert as_view(got[v]) == game.view(v)
            typed[v] = delta.typed(typed[v], got[v], steps)  # what the client hands the app
            assert typed[v] == game.view(v)
            assert before == (got[v] if not steps else before), (
                "apply changed the view it was given"
            )
            held[v] = new
            patched += bool(steps)
    assert patched > 50


def test_a_patch_on_a_hidden_card_stays_hidden() -> None:
    """Two views for the same seat differ only where that seat may look: a card set face down
    by another seat reaches it as a face-down slot and nothing more (R5)."""
    game = Game.new(["a", "b", "c"], seed=4, options=GameOptions(round_limit=8))
    bot = make_bot("random", 4)
    encoder = compact.Encoder()
    held = [encoder.view(game.view(v)) for v in range(3)]
    hand, slots = 2, 3  # a seat's places (docs/protocol.md §5.1)
    secrets_seen = 0
    while not game.over:
        game.choose(game.prompt.seat, bot.choose(game.view(game.prompt.seat)))
        for v in range(3):
            new = encoder.view(game.view(v))
            for path, value in delta.diff(held[v], new):
                if len(path) >= 3 and path[0] == "seats" and path[1] != v and path[2] == hand:
                    assert game.over, "another seat's hand in a patch"
                if path[:1] == ("seats",) and path[1:2] != (v,) and path[2:3] == (slots,):
                    places = (at(new, path[:4]),) if len(path) >= 4 else value
                    for slot in places:  # a slot: nil, or [card, face_down, negated]
                        if slot and len(slot) > 1 and slot[1] and not game.over:
                            assert slot[0] is None
                            secrets_seen += 1
            held[v] = new
    assert secrets_seen > 0, "no face-down card of another seat was ever patched in"


def test_wire_views_are_the_views_sharing_what_did_not_change() -> None:
    game = Game.new([f"p{i}" for i in range(4)], seed=9, options=GameOptions(round_limit=4))
    bot = make_bot("random", 9)
    plain = compact.Encoder()
    before = {v: plain.view(game.view(v)) for v in (None, 0, 1, 2, 3)}
    shared = 0
    while not game.over:
        game.choose(game.prompt.seat, bot.choose(game.view(game.prompt.seat)))
        for v in before:
            now = plain.view(game.view(v))
            assert as_view(wire(now)) == game.view(v)
            assert wire(delta.apply(wire(before[v]), wire(delta.diff(before[v], now)))) == wire(now)
            shared += sum(a is b for a, b in zip(before[v]["seats"], now["seats"], strict=True))
            before[v] = now
    assert shared > 100, "unchanged seats were converted again"


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=3),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from("abcd"), inner, max_size=4)
    ),
    max_leaves=20,
)


@given(
    st.dictionaries(st.sampled_from("abcdef"), json_values, min_size=1, max_size=5),
    st.dictionaries(st.sampled_from("abcdef"), json_values, min_size=1, max_size=5),
)
def test_any_two_maps_with_the_same_keys_patch_exactly(
    old: dict[str, Any], new: dict[str, Any]
) -> None:
    new = {k: new.get(k, v) for k, v in old.items()}  # a view's keys never change
    steps = wire(delta.diff(old, new))
    base = wire(old)
    assert delta.apply(base, steps) == wire(new)
    assert base == wire(old)


@pytest.mark.parametrize(
    "steps",
    [
        [[[], 1]],
        [[["nope"], 1]],
        [[["seats", 9, 0], "x"]],
        [[["seats", -1, 0], "x"]],
        [[["seats", 0, 3, 7], None]],
        [[["seats", 0, "name"], "x"]],
        [[["seq", "x"], 1]],
        [[["seats", "0"], 1]],
        "not steps",
    ],
)
def test_a_patch_that_does_not_fit_is_refused_and_changes_nothing(steps: Any) -> None:
    view = wire(Game.new(["a", "b"], seed=1).view(0))
    before = copy.deepcopy(view)
    with pytest.raises(delta.PatchError):
        delta.apply(view, steps)
    assert view == before


def test_a_patched_part_of_the_wrong_type_is_refused() -> None:
    view = Game.new(["a", "b"], seed=1).view(0)
    steps = [[["seats", 1, 1], "many"]]  # hand_count
    base = delta.apply(wire(view), steps)
    with pytest.raises(msgspec.ValidationError):
        delta.typed(view, base, steps)
    with pytest.raises(delta.PatchError):
        delta.typed(view, {**base, "mood": 1}, [[["mood"], 1]])


def test_an_update_is_a_view_or_a_patch_never_both_or_neither() -> None:
    view = wire(Game.new(["a", "b"], seed=1).view(0))
    base = {"t": "update", "n": 5, "events": [], "deadline": None}
    assert p.decode_host({**base, "view": view}).view is not None
    assert p.decode_host({**base, "patch": [[["seq"], 3]], "base": 4}).patch is not None
    for bad in (
        {},
        {"view": view, "patch": [], "base": 4},
        {"patch": [[["seq"], 3]]},
        {"view": view, "base": 4},
    ):
        with pytest.raises(framing.ProtocolError) as exc:
            p.decode_host({**base, **bad})
        assert exc.value.code == "bad_message"


# ───────────────────────────── against a real host ─────────────────────────────


async def test_every_client_view_is_the_view_the_host_built_for_it(monkeypatch) -> None:
    sent: dict[int, list[Any]] = {}  # a seat's connection → the views built for it
    published: list[Any] = []  # the public views, once for every spectator
    real_send, real_publish = Conn.send_view, Feed.publish

    def record(self: Conn, view: Any, *args: Any, **kw: Any) -> None:
        sent.setdefault(self.number, []).append(wire(view))
        real_send(self, view, *args, **kw)

    def record_public(self: Feed, view: Any, *args: Any, **kw: Any) -> None:
        published.append(wire(view))
        real_publish(self, view, *args, **kw)

    monkeypatch.setattr(Conn, "send_view", record)
    monkeypatch.setattr(Feed, "publish", record_public)
    async with running_host(seats=4, bots=1, options=options(round_limit=4)) as host:
        watcher = await client(host, "watcher")
        await watcher.spectate()
        players = await seated(host, "a", "b", "c")
        seen: list[list[GameUpdate]] = [[] for _ in players]
        games = [play_to_end(c, make_bot("random", i), seen[i]) for i, c in enumerate(players)]
        watched: list[GameUpdate] = []

        async def watch() -> None:
            while True:
                msg = await watcher.next_message()
                if isinstance(msg, GameUpdate):
                    watched.append(msg)
                elif not isinstance(msg, p.LobbyUpdate | p.ChatMessage):
                    return

        await asyncio.wait_for(asyncio.gather(*games, watch()), 60)
        conns = {c.seat: c for c in host.conns if c.seat is not None}
        for i, c in enumerate(players):
            got = [wire(u.view) for u in seen[i]]
            assert got == sent[conns[c.seat].number]
        # a spectator gets the newest public view each time it can be sent: in order, the last
        # one included, and never a view the host did not publish
        views = [wire(u.view) for u in watched]
        assert views[-1] == published[-1]
        rest = iter(published)
        assert all(any(v == w for w in rest) for v in views)
        assert len(views) > len(published) // 2
    assert sum(len(v) for v in sent.values()) > 100


async def test_sync_brings_the_whole_view() -> None:
    async with running_host(seats=2, bots=1) as host:
        raw = await Raw.open(host)
        await raw.send({"t": "join"})
        await raw.send({"t": "ready", "ready": True})
        first = await raw.expect("update")
        assert first["view"] is not None and first["patch"] is None
        me = first["view"]["viewer"]
        # asked when the game waits on us (the bot may move first), so that it stands still,
        # and once every update of the moves before has come
        await wait_for(lambda: host.game.prompt is not None and host.game.prompt.seat == me)
        view = first["view"]
        while view["seq"] != host.wire.of(me):  # (the seq this seat is told)
            update = await raw.expect("update")
            view = update["view"] or delta.apply(view, update["patch"])
        await raw.send({"t": "sync", "id": 3})
        again = await raw.expect("update")
        assert again["view"] is not None and again["patch"] is None
        assert again["events"] == [] and again["view"] == view
        assert again["view"]["seq"] == host.wire.of(me) and again["view"]["prompt"][0] == me


async def test_a_client_that_loses_track_asks_for_the_view_and_plays_on(caplog) -> None:
    async with running_host(seats=2, options=options(round_limit=3)) as host:
        a, b = await seated(host, "a", "b")
        bots = [make_bot("random", i) for i in range(2)]
        first = await until(a, lambda m: isinstance(m, GameUpdate))
        a._base_n = -7  # as if an update went missing: the next patch does not fit
        if first.view.prompt.seat == a.seat:  # answer what we read, as play_to_end would
            await a.choose(bots[0].choose(first.view), first.view.prompt.seq)
        games = [play_to_end(c, bots[i]) for i, c in enumerate((a, b))]
        ends = await asyncio.wait_for(asyncio.gather(*games), 60)
        assert ends[0].result == ends[1].result == host.game.result
    assert "asking for the whole view" in caplog.text


@pytest.mark.parametrize("old", [1, 2])  # 2: maps for every card and slot, before compact views
async def test_a_client_of_an_old_protocol_is_refused_plainly(old: int) -> None:
    async with running_host() as host:
        raw = await Raw.open(host, hello=False)
        await raw.send({"t": "hello", "version": old, "name": "old", "id": 1})
        err = await raw.expect("error")
        assert err["code"] == "version_mismatch" and err["ref"] == 1
        assert f"protocol {p.PROTOCOL_VERSION}" in err["message"]
        assert f"speaks {old}" in err["message"]
        assert await raw.closed()
        assert not host.seats.occupied


async def test_a_new_games_first_update_is_a_patch_on_the_last_games_view(monkeypatch) -> None:
    """On a connection that played the last game, the next game's first view comes as a patch
    on that game's last view when that is shorter than the view itself (it usually is: else
    whole, as any update), and the client holds the right view after it."""
    frames: list[bytes] = []
    real = Conn.send_frame

    def spy(self: Conn, frame: bytes, *rest: Any) -> None:
        if self.seat == 0:
            frames.append(frame)
        real(self, frame, *rest)

    monkeypatch.setattr(Conn, "send_frame", spy)
    async with running_host(seats=6, bots=5, options=options(round_limit=8)) as host:
        (player,) = await seated(host, "a")
        bot = make_bot("random", 0)
        await play_to_end(player, bot)
        await player.rematch()
        seen: list[GameUpdate] = []
        first = asyncio.create_task(play_to_end(player, bot, seen))
        await wait_for(lambda: bool(seen))
        msgs = [framing.decode(f[4:]) for f in frames]
        after = next(i for i, m in enumerate(msgs) if m["t"] == "ended")
        last: Any = None  # the last game's last view, as the client holds it
        for m in msgs[:after]:
            if m["t"] == "update":
                last = m["view"] if m["patch"] is None else delta.apply(last, m["patch"])
        update = next(m for m in msgs[after:] if m["t"] == "update")
        if update["patch"] is None:  # whole only when a patch on the last view is no shorter
            assert patch_between(last, update["view"]) is None
        else:
            assert update["view"] is None
            patched = msgspec.convert(delta.apply(last, update["patch"]), compact.View)
            assert compact.to_view(patched) == seen[0].view
        assert seen[0].view.seq == 0 and seen[0].view.result is None
        assert msgspec.to_builtins(seen[0].view) == msgspec.to_builtins(
            wire_view_at(host, seen[0].view)
        )
        first.cancel()


def wire_view_at(host, view):  # noqa: ANN001, ANN201
    """The view the host would build for seat 0 at the start of its current game."""
    game = Game.new(list(host.game.names), host.game.seed, host.game.options)
    assert view.seq == 0
    return fairdeal.sent_view(game, 0)  # as the host sends it (its prompt's why_not)
