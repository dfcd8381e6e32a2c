"""Every place that runs a bot hands a bot that reads the log (``observe``) the events its seat
is shown, and only those, before it asks it to choose: ``qingming sim`` (serial and in worker
processes), the host's bot seats, and ``qingming bot`` at someone else's table. (The search
bot's use of them is tested in ``test_mcts``; ``benchmarks/mcts.py`` runs in
``test_mcts::test_the_strength_benchmark_runs``.)"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from net_support import bot_clients, client, options, play_to_end, running_host

import qm_net.host.bots as host_bots
import qm_rules.bots as bots_module
import qm_rules.sim as sim_module
from qm_rules import Event, Game, View
from qm_rules.bots import make_bot, tell
from qm_rules.bots.heuristic import HeuristicBot
from qm_rules.sim import play_game, simulate


class Reader:
    """The heuristic bot, reading the log; at each decision it checks (and fails the game
    otherwise, in whichever process plays it) that it was handed events, none its seat may not
    see, and that every card in its hand was named to it in them (so it was handed them in
    time)."""

    name = "heuristic"
    made: list[Reader] = []

    def __init__(self, seed: Any = 0) -> None:
        self.bot = HeuristicBot(seed)
        self.told: list[Event] = []
        self.decisions = 0
        Reader.made.append(self)

    def new_game(self) -> None:
        self.bot.new_game()
        self.told = []

    def observe(self, events: list[Event]) -> None:
        self.told.extend(events)

    def choose(self, view: View) -> str:
        seat = view.viewer
        assert self.told, "asked to choose before it was handed the game's opening"
        foreign = [e for e in self.told if not e.visible_to(seat)]
        assert not foreign, f"handed events its seat may not see: {foreign[:3]}"
        named: set[int] = set()
        for e in self.told:
            if isinstance(e.data.get("card"), int) and e.data.get("def") is not None:
                named.add(e.data["card"])
            if e.data.get("defs"):
                named.update(e.data.get("cards") or ())
        hand = {cv.cid for cv in view.seats[seat].hand or ()}
        assert hand <= named, f"cards in hand it was never told of: {sorted(hand - named)}"
        self.decisions += 1
        return self.bot.choose(view)


@pytest.fixture
def readers(monkeypatch: pytest.MonkeyPatch) -> list[Reader]:
    """Every bot made by name is a Reader (wherever it is made)."""
    Reader.made = []

    def make(strategy: str = "heuristic", seed: Any = 0, cards: Any = None) -> Reader:
        return Reader(seed)

    monkeypatch.setattr(bots_module, "make_bot", make)
    monkeypatch.setattr(sim_module, "make_bot", make)
    monkeypatch.setattr(host_bots, "make_bot", make)
    return Reader.made


def test_tell_hands_a_bot_only_what_its_seat_may_see() -> None:
    game = Game.new(["a", "b", "c"], 4)
    reader = Reader()
    tell(reader, 1, game.opening)
    assert reader.told and all(e.visible_to(1) for e in reader.told)
    assert [e for e in game.opening if e.visible_to(1)] == reader.told
    private = [e for e in game.opening if e.to is not None]
    assert any(e.to == (1,) for e in private) and any(e.to == (0,) for e in private)
    assert sum(e.to == (1,) for e in reader.told) == sum(e.to == (1,) for e in private)
    # a bot that does not read the log is handed nothing (and nothing fails)
    plain = make_bot("normal", 1)
    tell(plain, 1, game.opening)
    assert not hasattr(plain, "observe")


def test_sim_hands_each_bot_its_seats_events() -> None:
    bots = [Reader((9, s)) for s in range(4)]
    record = play_game(4, 5, bots)
    assert record.decisions == sum(b.decisions for b in bots)
    assert all(b.decisions for b in bots)


@pytest.mark.parametrize("jobs", [1, 2])
def test_sim_hands_the_events_serially_and_in_worker_processes(
    readers: list[Reader], jobs: int
) -> None:
    # (the workers are forked with the Readers in place: a failed check fails the run)
    report = simulate(3, 4, seed=3, jobs=jobs)
    assert report.games == 4
    if jobs == 1:
        assert len(readers) == 12 and all(r.decisions for r in readers)


async def test_the_hosts_bot_seats_are_handed_their_seats_events(readers: list[Reader]) -> None:
    async with running_host(seats=3, bots=2, options=options(round_limit=3)) as host:
        player = await client(host, "solo")
        await player.join()
        await player.set_ready(True)
        end = await asyncio.wait_for(play_to_end(player, make_bot_plain("random", 3)), 60)
        assert end.result is not None
    assert len(readers) == 2 and all(r.decisions for r in readers)


async def test_qingming_bot_is_handed_its_seats_events(readers: list[Reader]) -> None:
    said: list[str] = []
    async with running_host(seats=2, games=1, options=options(round_limit=3)) as host:
        codes = await bot_clients(host, "normal", said)
    assert codes == [0, 0], said
    assert len(readers) == 2 and all(r.decisions for r in readers)


def make_bot_plain(strategy: str, seed: int) -> Any:
    """A bot the fixture does not replace (for the human seat's client)."""
    from qm_rules.bots.random_bot import RandomBot

    assert strategy == "random"
    return RandomBot(seed)
