"""R5 on the wire: through whole games, no frame to a seat names a card hidden from that seat.

Every frame the host queues for a connection (``Conn.send_frame``, below every message kind) is
decoded at the moment it is queued and checked against the host's full state at that moment:

- hidden from seat p: the cards in another seat's hand, face-down on another seat's field, and
  in the deck (once the game is over every hand and face-down card is revealed, R5; the deck
  never is). Hidden from a spectator: every hand, every face-down card, the deck.
- an ``update`` is checked as sent (a ``patch``'s values included); the view its client then
  holds is rebuilt from the patches, for what the prompt in it shows;
- no such card's instance id may appear anywhere in the frame: as a ``cid``, as a ``card``
  value (options, events), in ``cards`` (lists, or the prompt context's maps keyed by cid, and
  its ``why_not``, the reasons the decider's own cards cannot be played), in a
  link's ``targets`` (``c<cid>``), in an option id (``pick:<cid>``), in ``hands``.

What the rules themselves show a player (R5: "a card revealed by an effect is seen by those the
effect names") is allowed, and only that, checked against the state rather than taken on trust:

- the options of the deciding seat's own EFFECT prompt for ``search`` (cards in the deck) or
  ``take_hand`` (cards in the hand of a player the deciding seat's link targets), and the
  ``look`` event naming that hand to that seat only;
- in events, a card that moves into a hidden place *in this decision* but was in view of this
  seat just before it (a card on the chain returned to its owner's hand is news to nobody).

Seven connections play: five seated clients (random and heuristic bots), a spectator from the
start and one that comes in mid-game; one seated client drops and comes back with its token.
"""

from __future__ import annotations

import asyncio
import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

import doc_wire
import pytest
from net_support import client, options, play_to_end, running_host, seated, until, wait_for

from qm_net import delta, framing
from qm_net.host import Conn, Host
from qm_net.messages import ConnectionLost, GameEnded, GameUpdate
from qm_rules import Game
from qm_rules.bots import make_bot

_OPTION_CARD = re.compile(r"^(?!mode:)[a-z_]+:c?(\d+)$")
_TARGET_CARD = re.compile(r"^c(\d+)$")


def card_refs(value: Any, path: str = "") -> Iterator[tuple[str, int]]:
    """Every card instance id named anywhere in a decoded frame, with where it is."""
    if isinstance(value, dict):
        for k, v in value.items():
            here = f"{path}.{k}"
            if k in ("cid", "card", "payload") and type(v) is int:
                yield here, v
            elif k in ("cards", "why_not") and isinstance(v, dict):  # {str(cid): ...}
                yield from ((f"{here}[{c}]", int(c)) for c in v if str(c).isdigit())
            elif k in ("cards", "hands") and isinstance(
                v, list | dict
            ):  # lists of cids, {seat: [[cid, def]]}
                # (a bare int under "cards" is a count, e.g. a reshuffle's)
                yield from ((here, c) for c in _ints(v))
            elif k == "targets" and isinstance(v, list):
                for t in v:
                    if isinstance(t, str) and (m := _TARGET_CARD.match(t)):
                        yield here, int(m.group(1))
            elif k == "id" and isinstance(v, str) and "kind" in value:  # an option
                if m := _OPTION_CARD.match(v):
                    yield here, int(m.group(1))
            yield from card_refs(v, here)
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from card_refs(v, f"{path}[{i}]")


def at(view: Any, path: list[Any]) -> Any:
    for key in path:
        view = view[key]
    return view


def _ints(value: Any) -> Iterator[int]:
    if type(value) is int:
        yield value
    elif isinstance(value, list):
        for v in value:
            yield from _ints(v)
    elif isinstance(value, dict):
        for v in value.values():
            yield from _ints(v)


def hidden_from(game: Game, viewer: int | None) -> set[int]:
    """The cards ``viewer`` (None: a spectator) may not see now, from the full state."""
    st = game.st
    hidden = set(st.deck)
    if game.over:
        return hidden
    for s in range(game.n):
        if s == viewer:
            continue
        hidden.update(st.hands[s])
        hidden.update(c for c in st.fields[s] if c >= 0 and st.face_down[c])
    return hidden


def revealed_by_effect(game: Game, viewer: int | None, view: dict[str, Any]) -> set[int]:
    """Cards the pending effect shows ``viewer`` (its own search / take_hand prompt), checked
    against where those cards really are (``view``: as maps)."""
    prompt = view.get("prompt") or {}
    ctx = prompt.get("context") or {}
    if viewer is None or prompt.get("seat") != viewer or prompt.get("kind") != "effect":
        return set()
    st = game.st
    if ctx.get("op") == "search":
        return set(st.deck)
    if ctx.get("op") == "take_hand":
        link = (
            game.chain[ctx["link"]]
            if isinstance(ctx.get("link"), int) and ctx["link"] < len(game.chain)
            else None
        )
        if link is not None and link.seat == viewer:
            return {c for kind, s in link.targets if kind == "p" for c in st.hands[s]}
    return set()


def looked_at(game: Game, viewer: int | None, event: dict[str, Any]) -> set[int]:
    """A ``look`` event shows the viewer (only) the hand of a player its own link targets."""
    if event.get("kind") != "look" or viewer is None or event.get("to") != [viewer]:
        return set()
    victim = (event.get("data") or {}).get("seat")
    mine = any(link.seat == viewer and ("p", victim) in link.targets for link in game.chain)
    return set(game.st.hands[victim]) if mine else set()


class LeakWatch:
    """Checks every frame the host queues; collects violations instead of raising inside the
    host (whose handlers would turn an exception into a ``server_error``)."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.leaks: list[str] = []
        self.frames = Counter[str]()
        self.refs = 0  # card ids checked: the watch must have seen real traffic
        self.reasons = 0  # of them, cards a prompt said could not be played, and why
        self.before: dict[int | None, set[int]] = {}  # hidden sets just before this decision
        self.views: dict[Conn, Any] = {}  # each connection's view as its client holds it (patched)

    def snapshot(self, game: Game) -> None:
        self.before = {v: hidden_from(game, v) for v in [None, *range(game.n)]}

    def check(self, conn: Conn, frame: bytes) -> None:
        msg = framing.decode(frame[framing.HEADER.size :])
        game = self.host.game
        t = msg.get("t", "?")
        self.frames[t] += 1
        if game is None:
            return
        viewer = conn.seat if conn.seat is not None and conn.seat < game.n else None
        hidden = hidden_from(game, viewer)
        # the view's parts are arrays by position (docs/protocol.md §5.1): read them as maps
        view = msg.get("view") or {}
        if t == "update" and msg.get("view") is None:
            # a patch: the view it makes is checked whole, and each of its values stands there
            # (so checking the view checks every value the patch carries)
            view = delta.apply(self.views[conn], msg["patch"])
            for path, value in msg["patch"]:
                if at(view, path) != value:
                    self.leaks.append(f"update #{msg.get('n')}: a step not in the view: {path}")
        if t == "update":
            self.views[conn] = view
        expanded = doc_wire.view(view)
        shown = revealed_by_effect(game, viewer, expanded)  # the effect prompt may show cards
        body = {k: v for k, v in msg.items() if k not in ("events", "view", "patch")}
        for where, cid in card_refs({**body, "view": expanded}):
            self.refs += 1
            self.reasons += ".why_not[" in where
            if cid in hidden and cid not in shown:
                self.leaks.append(
                    f"{t} #{msg.get('n')} to {conn.name} (seat {viewer}): card {cid} at {where}"
                )
        for i, wired in enumerate(msg.get("events") or []):
            event = doc_wire.event(wired)
            ok = looked_at(game, viewer, event)
            seen_before = hidden - self.before.get(viewer, hidden)  # moved out of sight just now
            for where, cid in card_refs(event, f"events[{i}]<{event.get('kind')}>"):
                self.refs += 1
                if cid in hidden and cid not in ok and cid not in seen_before:
                    self.leaks.append(
                        f"{t} #{msg.get('n')} to {conn.name} (seat {viewer}): card {cid} at {where}"
                    )


@pytest.fixture
def watch(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[LeakWatch]]:
    watches: list[LeakWatch] = []
    real_send_frame = Conn.send_frame

    def spy(self: Conn, frame: bytes, *rest: Any) -> None:
        for w in watches:
            if self in w.host.conns:
                w.check(self, frame)
        real_send_frame(self, frame, *rest)

    def before(method):  # noqa: ANN001, ANN202
        def wrapped(game: Game, *args: Any, **kwargs: Any) -> Any:
            for w in watches:
                if w.host.game is game:
                    w.snapshot(game)
            return method(game, *args, **kwargs)

        return wrapped

    monkeypatch.setattr(Conn, "send_frame", spy)
    monkeypatch.setattr(Game, "choose", before(Game.choose))
    monkeypatch.setattr(Game, "apply_default", before(Game.apply_default))
    yield watches


def test_the_checker_catches_a_planted_leak() -> None:
    """The watch must be able to fail: a frame naming another seat's card is flagged."""
    game = Game.new(["a", "b", "c"], 3)
    other = game.st.hands[1][0]
    deck = game.st.deck[-1]

    class FakeHost:
        pass

    host = FakeHost()
    host.game = game  # type: ignore[attr-defined]
    w = LeakWatch(host)  # type: ignore[arg-type]
    w.snapshot(game)
    conn = type("C", (), {"seat": 0, "name": "a"})()
    mine = game.st.hands[0][0]
    slots = [None] * 5
    clean = {
        "t": "update",
        "n": 1,
        "view": {"seats": [["a", 1, [[mine, "x"]], slots]]},
        "events": [],
    }
    w.check(conn, framing.encode(clean))  # type: ignore[arg-type]
    assert w.leaks == []
    planted = [
        {  # a patch: the card it puts on a slot of ours is someone else's
            "t": "update",
            "n": 2,
            "view": None,
            "patch": [[["seats", 0, 3, 2], [[other, "x"]]]],
            "base": 1,
            "events": [],
        },
        {"t": "update", "n": 2, "view": {"discard": [[other, "x"]]}, "events": []},
        {"t": "update", "n": 3, "view": {}, "events": [["draw", 1, {"cards": [other]}]]},
        {
            "t": "update",
            "n": 4,
            "view": {"prompt": [0, "action", 4, [[f"play:{deck}", "play"]]]},
            "events": [],
        },
        {
            "t": "update",
            "n": 5,
            "view": {"chain": [[1, "action", [mine, "x"], None, [f"c{other}"]]]},
            "events": [],
        },
        {"t": "update", "n": 6, "view": {}, "events": [["take", 0, {"card": deck}]]},
        {  # a reason given for a card that is not the decider's
            "t": "update",
            "n": 7,
            "view": {"prompt": [0, "action", 7, [], {"why_not": {str(other): ["cost", 1, ""]}}]},
            "events": [],
        },
        {"t": "ended", "n": 8, "result": {}, "view": {"seats": [["b", 1, [[deck, "y"]], slots]]}},
    ]
    for i, msg in enumerate(planted):
        w.check(conn, framing.encode(msg))  # type: ignore[arg-type]
        assert len(w.leaks) == i + 1, msg


def _drop(c) -> None:  # noqa: ANN001
    c._writer.transport.abort()  # as a network failure looks to both ends


async def _play_with_a_drop(c, bot, host: Host) -> GameEnded:  # noqa: ANN001
    """Play; after a few of its own decisions drop the connection, come back with the token,
    and play on to the end."""
    decided = 0
    async for msg in c.messages():
        if isinstance(msg, GameUpdate):
            p = msg.view.prompt
            if p is not None and p.options and p.seat == c.seat:
                await c.choose(bot.choose(msg.view), p.seq)
                decided += 1
                if decided == 3:
                    _drop(c)
        elif isinstance(msg, GameEnded):
            return msg
        elif isinstance(msg, ConnectionLost):
            break
    seat = c.seat
    await wait_for(lambda: host.seats[seat].conn is None)
    assert await c.reconnect() == seat
    return await play_to_end(c, bot)


@pytest.mark.parametrize("seed", [5, 2026])
async def test_no_frame_names_a_card_hidden_from_its_receiver(
    watch: list[LeakWatch], seed: int
) -> None:
    opts = options(ask_everyone=True, round_limit=8)
    async with running_host(seats=5, seed=seed, options=opts, games=1) as host:
        w = LeakWatch(host)
        watch.append(w)
        early = await client(host, "watcher")
        await early.spectate()
        players = await seated(host, *(f"p{i}" for i in range(5)))
        strategies = ["random", "heuristic", "random", "heuristic", "random"]
        bots = [make_bot(s, f"{seed}:{i}") for i, s in enumerate(strategies)]
        games = [play_to_end(c, b) for c, b in zip(players[1:], bots[1:], strict=True)]
        games.append(_play_with_a_drop(players[0], bots[0], host))
        running = [asyncio.ensure_future(g) for g in games]
        await wait_for(
            lambda: host.game is not None and host.game.seq >= 20 or all(t.done() for t in running)
        )
        late = await client(host, "latecomer")  # comes in mid-game: the public view at once
        await late.spectate()
        ends = await asyncio.wait_for(asyncio.gather(*running), 90)
        assert len({e.result for e in ends}) == 1
        for spectator in (early, late):
            end = await until(spectator, lambda m: isinstance(m, GameEnded))
            assert end.result == ends[0].result

    assert host.game.over
    assert w.frames["update"] >= 7 * 20 and w.frames["ended"] == 7, w.frames
    assert w.refs > 1000, w.refs  # it looked at a lot of cards
    assert w.reasons > 100, w.reasons  # the reasons sent with the prompts among them
    assert w.leaks == [], "\n".join(w.leaks[:20])
