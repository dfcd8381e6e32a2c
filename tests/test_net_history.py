"""A client that comes to a game under way gets its log: ``joined``/``spectating`` ``history``.

The history a seat is sent must be exactly what the host told that seat live (every event of
its updates, in order) and nothing else: checked against the events the host queued for the
seat's connections, and by scanning the frames — every card the history names was named to that
seat before, in a view or an event (R5). The scan must be able to fail: another seat's history
names cards this seat never saw. A spectator gets the public events; a host restarted from its
journal (``--resume``) rebuilds the same history; a long game is cut to its newest events.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest
from net_support import client, options, play_to_end, running_host, seated, until, wait_for
from test_netx_leak import card_refs

from qm_net import compact, framing, protocol
from qm_net.client import TableClient
from qm_net.host import Conn, Host
from qm_net.host.history import GameHistory
from qm_net.messages import ConnectionLost, GameEnded, GameUpdate
from qm_rules import Event, to_plain
from qm_rules.bots import make_bot


class Told:
    """What the host queued for each seat (all its connections) and for the spectators."""

    def __init__(self) -> None:
        self.events: dict[int, list[Event]] = defaultdict(list)  # by seat, as sent live
        self.named: dict[int, set[int]] = defaultdict(set)  # cards any frame named to a seat
        self.public: list[Event] = []  # what the spectators' feed published


@pytest.fixture
def told(monkeypatch: pytest.MonkeyPatch) -> Iterator[Told]:
    from qm_net.host.feed import Feed

    record = Told()
    send_view, send_frame, publish = Conn.send_view, Conn.send_frame, Feed.publish

    def spy_view(self: Conn, plain: Any, events: tuple[Any, ...], *clock: Any) -> None:
        if self.seat is not None:
            record.events[self.seat].extend(_engine(events))
        send_view(self, plain, events, *clock)

    def spy_frame(self: Conn, frame: bytes, *rest: Any) -> None:
        msg = framing.decode(frame[framing.HEADER.size :])
        if self.seat is not None and msg.get("t") != "joined":  # (the history itself: not yet)
            record.named[self.seat].update(cid for _, cid in card_refs(msg))
        send_frame(self, frame, *rest)

    def spy_publish(self: Feed, plain: Any, events: tuple[Any, ...], *clock: Any) -> None:
        record.public.extend(_engine(events))
        publish(self, plain, events, *clock)

    monkeypatch.setattr(Conn, "send_view", spy_view)
    monkeypatch.setattr(Conn, "send_frame", spy_frame)
    monkeypatch.setattr(Feed, "publish", spy_publish)
    yield record


def _engine(wired: tuple[Any, ...]) -> list[Event]:
    """Events as the host queued them (their wire form), as the engine's."""
    return [compact.to_event(msgspec.convert(w, compact.Event)) for w in wired]


def _named(events: tuple[Event, ...] | list[Event]) -> set[int]:
    return {cid for _, cid in card_refs([to_plain(e) for e in events])}


async def _play_until(c: TableClient, bot: Any, host: Host, seq: int) -> None:
    """Answer ``c``'s prompts until the game has come to ``seq`` decisions and waits on ``c``
    (then nothing happens at the table until ``c`` answers: no timers run)."""
    async for msg in c.messages():
        if isinstance(msg, GameUpdate):
            p = msg.view.prompt
            if p is not None and p.options and p.seat == c.seat:
                assert host.game is not None
                if host.game.seq >= seq and msg.view.seq == c.view.seq:  # (c.view: the latest)
                    return
                await c.choose(bot.choose(msg.view), p.seq)
        elif isinstance(msg, GameEnded):
            break
    raise AssertionError("the game ended first")


async def test_a_rejoining_seat_gets_what_it_was_told_and_no_card_it_could_not_see(
    told: Told,
) -> None:
    async with running_host(
        seats=3, seed=2026, options=options(ask_everyone=True, round_limit=10)
    ) as host:
        early = await client(host, "early")
        await early.spectate()
        players = await seated(host, "p0", "p1", "p2")
        bots = [make_bot("heuristic", f"h{i}") for i in range(3)]
        others = [
            asyncio.ensure_future(play_to_end(c, b))
            for c, b in zip(players[1:], bots[1:], strict=True)
        ]
        me = players[0]
        await _play_until(me, bots[0], host, 30)
        assert me.take_history() is None  # joined at the start: no game then, nothing told

        # A spectator arriving now gets the public events so far, and only those.
        late = await client(host, "late")
        await late.spectate()
        watched = late.take_history()
        assert watched is not None and watched.omitted == 0
        assert list(watched.events) == told.public
        assert all(e.to is None for e in watched.events)

        # The seat's client dies while the game waits on it, and comes back with its token.
        seen_live = list(told.events[0])
        named_live = set(told.named[0])
        token = me.token
        assert token is not None
        me._writer.transport.abort()  # type: ignore[union-attr]
        await until(me, lambda m: isinstance(m, ConnectionLost))
        await wait_for(lambda: host.seats[0].conn is None)
        me = await client(host, "p0")  # started again: it holds nothing of the game
        assert await me.rejoin(token) == 0
        history = me.take_history()
        assert history is not None and history.omitted == 0
        assert list(history.events) == seen_live  # exactly what it was told, in order
        assert len(history.events) > 50
        # The scan: every card the history names was named to this seat before.
        assert _named(history.events) and _named(history.events) <= named_live
        # ... a scan that can fail: what seat 1 was told names cards seat 0 never saw.
        assert _named(host.history.seen_by(1)) - named_live

        ends = await asyncio.wait_for(asyncio.gather(play_to_end(me, bots[0]), *others), 90)
        assert len({e.result for e in ends}) == 1
        for c in (*players, me, early, late):
            await c.close()


async def test_a_resumed_host_tells_a_rejoining_seat_the_same_history(
    told: Told, tmp_path: Path
) -> None:
    journal = str(tmp_path / "table.jsonl")
    async with running_host(
        seats=2, seed=11, journal_path=journal, options=options(round_limit=10)
    ) as host:
        players = await seated(host, "p0", "p1")
        bots = [make_bot("heuristic", f"r{i}") for i in range(2)]
        other = asyncio.ensure_future(play_to_end(players[1], bots[1]))
        await _play_until(players[0], bots[0], host, 6)
        before = list(told.events[0])
        token = players[0].token
        other.cancel()
        for c in players:
            await c.close()
    assert token is not None and len(before) > 10

    history = await _rejoin_resumed(journal, token, "p0", 0)
    assert history.omitted == 0
    assert list(history.events) == before


async def test_a_resumed_host_tells_a_timeout_as_a_timeout(told: Told, tmp_path: Path) -> None:
    """A timer's default reads "timed out (passed)" live; after the host was restarted from its
    journal (``serve --resume``, ``play --resume``) it must read the same in the history, not as
    the player's own pass."""
    from qm_rules import PromptKind
    from qm_words import describe_events

    journal = str(tmp_path / "table.jsonl")
    opts = options(response_timer=0.05, ask_everyone=True, round_limit=10)
    async with running_host(seats=2, seed=5, journal_path=journal, options=opts) as host:
        players = await seated(host, "p0", "p1")

        async def answer(c: TableClient, bot: Any, silent: bool) -> None:
            async for msg in c.messages():  # the silent seat never answers a response
                if isinstance(msg, GameUpdate):
                    p = msg.view.prompt
                    if p is not None and p.options and p.seat == c.seat:
                        if not (silent and p.kind == PromptKind.RESPOND):
                            await c.choose(bot.choose(msg.view), p.seq)

        tasks = [
            asyncio.ensure_future(answer(c, make_bot("heuristic", f"t{i}"), i == 1))
            for i, c in enumerate(players)
        ]
        await wait_for(
            lambda: (
                sum(e.kind == "timeout" and e.seat == 1 for e in told.events[1]) >= 3
                or host.state != "playing"
            )
        )
        token = players[1].token
        for t in tasks:
            t.cancel()
        await host.stop()
        before = list(told.events[1])
    assert token is not None and sum(e.kind == "timeout" for e in before) >= 3

    history = await _rejoin_resumed(journal, token, "p1", 1)
    # the same events, the timers' marks in their places (the resumed host's own timers may
    # have run on since: what came after is its own)
    assert list(history.events)[: len(before)] == before
    lines = describe_events(tuple(history.events), 1, "en", ["p0", "p1"])
    assert sum("p1 timed out (passed)" in line for line in lines) >= 3


async def _rejoin_resumed(journal: str, token: str, name: str, seat: int) -> Any:
    """The host resumed from ``journal``: a client started again takes ``seat`` back with
    ``token``; the history it is given."""
    resumed = Host.resume(journal, bind="127.0.0.1", port=0, advertise=False)
    await resumed.start()
    try:
        again = await TableClient.connect("127.0.0.1", resumed.port, name)
        assert await again.rejoin(token) == seat
        history = again.take_history()
        assert history is not None
        await again.close()
        return history
    finally:
        await resumed.stop()


def test_a_long_game_is_cut_to_its_newest_events_and_a_drafts_steps_stay_the_drafters() -> None:
    history = GameHistory()
    history.reset([Event("start", None, {"first": 0, "players": ["a", "b"]})])
    for turn in range(1, 11):
        history.add([Event("turn", turn % 2, {"turn": turn, "round": 1})])
        history.add([Event("draw", 0, {"count": 1, "cards": [turn], "defs": ["x"]}, (0,))])
    # a draft's hidden step: whatever its events say, only the drafter was told them
    history.add([Event("tap", 1, {"card": 99, "def": "xiangzhu"})], hidden_by=1)

    mine = history.seen_by(0)
    assert len(mine) == 21 and history.for_viewer(0, limit=protocol.MAX_HISTORY).omitted == 0
    assert history.seen_by(1)[-1].data["card"] == 99
    assert all(e.data.get("card") != 99 for e in (*mine, *history.seen_by(None)))
    assert len(history.seen_by(None)) == 11  # the start and the turns only

    cut = history.for_viewer(0, limit=5)  # as sent: the newest 5, in the wire's form
    assert cut.omitted == 16 and _engine(cut.events) == mine[-5:]


async def test_a_rejoin_after_a_bot_stood_in_says_where_the_bot_played_and_where_it_ends() -> None:
    # Playtest 4, F9: Bob dropped, the grace ran out, a bot played his seat; back at the table
    # his restored log showed the bot's moves as his own ("Bob discards Disturbance as a
    # cost"), with no word that a bot played them — the others' logs said "Bob did not come
    # back: a bot plays for them" (from a lobby message, which the history did not hold). The
    # history now places the stand-in (`stand_ins`), and the table's log says it there, and
    # where the player takes the seat back. Real host, clients on loopback; the TUI for Bob.
    from test_tui_table_support import TableApp
    from test_tui_table_support import until as pilot_until

    from qm_tui.clock import FakeClock
    from qm_tui.i18n import tr
    from qm_tui.session import NetSession
    from qm_tui.widgets.log import GameLog

    opts = options(disconnect_grace=0.2, round_limit=40)
    async with running_host(seats=2, bots=1, bot_delay=0.02, options=opts) as host:
        (bob,) = await seated(host, "Bob")
        seat, token = bob.seat, bob.token
        assert seat is not None and token is not None
        await until(bob, lambda m: isinstance(m, GameUpdate))
        bob._writer.transport.abort()  # type: ignore[union-attr]  # Bob's client dies
        await wait_for(lambda: host.seats[seat].takeover)
        game = host.game
        assert game is not None
        mine = sum(1 for s, _ in game.choices if s == seat)
        await wait_for(lambda: sum(1 for s, _ in game.choices if s == seat) >= mine + 3)
        again = await client(host, "Bob")  # started again
        assert await again.rejoin(token) == seat
        told = again.history
        assert told is not None and not told.missed
        took, back = told.stand_ins
        assert (took.seat, took.playing, back.seat, back.playing) == (seat, True, seat, False)
        assert back.at == len(told.events) and took.at < back.at  # the bot's moves between
        assert any(e.seat == seat for e in told.events[took.at :])
        clock = FakeClock()
        app = TableApp(NetSession(again, clock=clock, reconnect_delays=()), clock=clock)
        async with app.run_test(size=(100, 30)) as pilot:
            log = app.table.query_one(GameLog)
            resumed = tr("table.history.resumed", "en")
            await pilot_until(pilot, lambda: resumed in log.lines_written)
            lines = log.lines_written
            bot_from = lines.index(tr("seats.bot_took_over.you", "en"))
            bot_to = lines.index(tr("seats.player_back.you", "en"))
            assert bot_from < bot_to < lines.index(resumed)
            assert bot_to - bot_from > 1  # the stand-in's moves, told between the two
            status = app.table.seat_status  # the seat list after the rejoin has come too
            await pilot_until(pilot, lambda: seat in status and not status[seat].played_by_bot)
            back = tr("seats.player_back", "en", name="Bob")
            assert back not in app.table.query_one(GameLog).lines_written  # not in 3rd person
        await again.close()


def test_a_stand_in_among_the_omitted_events_is_left_out_and_the_rest_are_placed() -> None:
    # The host's history of the whole table, cut for one viewer: a stand-in's place counts
    # that viewer's events only (a card drawn named to another seat is not one of them).
    history = GameHistory()
    public = Event("turn", 0, {"turn": 1, "round": 1})
    hidden = Event("draw", 1, {"count": 1, "cards": [3], "defs": ["qingtuan"]}, (1,))
    history.reset([public, hidden, public])
    history.stand_in(1, True)  # after 3 events: 2 of them seat 0's
    history.add([hidden, public, public])
    history.stand_in(1, False)
    told = history.for_viewer(0)
    assert [(s.at, s.seat, s.playing) for s in told.stand_ins] == [(2, 1, True), (4, 1, False)]
    told = history.for_viewer(1)
    assert [(s.at, s.playing) for s in told.stand_ins] == [(3, True), (6, False)]
    cut = history.for_viewer(0, limit=1)  # only the newest event: the first stand-in is cut
    assert cut.omitted == 3
    assert [(s.at, s.playing) for s in cut.stand_ins] == [(1, False)]


def test_a_client_that_held_part_of_the_game_gets_the_stand_ins_of_the_rest_in_place() -> None:
    # After a dropped connection in the same process the client keeps only what followed the
    # events it held: a stand-in's place is counted in that part (one before it is dropped).
    from qm_net.held import Held

    events = tuple(Event("turn", i % 2, {"turn": i + 1, "round": 1}) for i in range(5))
    held = Held()
    held.add(events[:3])
    told = _told_history(events, stand_ins=((1, 0, True), (4, 0, False)))
    new = held.take(told)
    assert new.missed and new.events == events[3:]
    assert [(s.at, s.seat, s.playing) for s in new.stand_ins] == [(1, 0, False)]


def _told_history(events, stand_ins):  # type: ignore[no-untyped-def]
    from qm_net.messages import GameHistory as Told

    ins = tuple(protocol.StandIn(at=a, seat=s, playing=p) for a, s, p in stand_ins)
    return Told(events, 0, stand_ins=ins)
