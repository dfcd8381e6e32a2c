"""The replay's source: a kept game step by step, as each seat the file may show saw it,
from a real journal of a six-seat game (a host on loopback, six bots, played to its end) and a
player's real game record; and ``qingming replay`` with no file replaying the last game kept."""

from __future__ import annotations

import asyncio
import io
import shutil
from contextlib import redirect_stdout
from dataclasses import replace
from pathlib import Path

import pytest
from net_support import client, options, play_to_end, running_host, six_seat_journal

from qm_net.fairdeal import sent_view
from qm_net.replay_source import EVERY, NotShown, ReplaySource
from qm_rules import Game
from qm_rules.bots import make_bot


@pytest.fixture(scope="module")
def six(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A real journal of a six-seat game played to its end by the host's bots, long enough
    to go back from a copy and forward from another (the deal is a fair one, not seeded: a
    few games are tried)."""
    for _ in range(8):
        path = tmp_path_factory.mktemp("six") / "six.jsonl"
        six_seat_journal(path)
        if ReplaySource.from_file(path).steps > 2 * EVERY:
            return path
    raise AssertionError(f"no six-seat game of 8 took more than {2 * EVERY} choices")


def test_every_seat_sees_each_step_as_the_game_showed_it(six: Path) -> None:
    source = ReplaySource.from_file(six)
    assert source.seats == (0, 1, 2, 3, 4, 5, None)
    assert source.steps > 2 * EVERY  # back from a copy, forward from another
    steps = sorted({0, 1, EVERY - 1, EVERY, EVERY + 1, source.steps // 2, source.steps})
    for step in steps:
        fresh = Game.replay(replace(source.journal, choices=source.journal.choices[:step]))
        for seat in source.seats:
            view, events = source.at(step, seat)
            assert view == sent_view(fresh, seat), (step, seat)  # as the host sent it
            assert all(e.visible_to(seat) for e in events)
            for other in view.seats:  # a seat's hand is seen by its own seat alone...
                if other.seat != seat and view.result is None:  # (...until the end shows all)
                    assert other.hand is None
    # back again: the same as before
    assert source.at(EVERY + 1, 3) == source.at(EVERY + 1, 3)
    assert source.at(1, 2)[0] == sent_view(
        Game.replay(replace(source.journal, choices=source.journal.choices[:1])), 2
    )


def test_turns_and_chains_to_jump_to(six: Path) -> None:
    source = ReplaySource.from_file(six)
    assert source.turns[0] == 0 and source.turns == sorted(source.turns)
    for n, step in enumerate(source.turns[1:], start=2):
        view, events = source.at(step, None)
        assert view.turn == n and any(e.kind == "turn" for e in events)
        assert source.turn_of(step) == n
    assert source.chains
    for step in source.chains:
        _, events = source.at(step, None)
        assert any(e.kind == "activate" for e in events)


def test_a_players_record_shows_their_seat_and_the_spectators_only(tmp_path: Path) -> None:
    async def play() -> Path:
        async with running_host(seed=None, seats=3, bots=2, options=options(round_limit=3)) as host:
            ann = await client(host, "Ann")
            await ann.join()
            await ann.set_ready(True)
            end = await asyncio.wait_for(play_to_end(ann, make_bot("random", 1)), 60)
            assert end.fair is not None
            path = tmp_path / "ann.json"
            end.fair.save(str(path))
            await ann.close()
            return path

    path = asyncio.run(play())
    source = ReplaySource.from_file(path)
    mine = source.seats[0]
    assert source.seats == (mine, None) and mine is not None
    view, _ = source.at(source.steps, mine)
    assert view.seats[mine].hand is not None
    other = (mine + 1) % 3
    with pytest.raises(NotShown):
        source.at(1, other)


def test_replay_with_no_file_replays_the_last_game(
    six: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from qingming.cli import main

    monkeypatch.setenv("QINGMING_DATA_DIR", str(tmp_path))
    (tmp_path / "journals").mkdir()
    shutil.copy(six, tmp_path / "journals" / "20261201-120000-six.jsonl")
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["replay", "--no-step"]) == 0
    names = ReplaySource.from_file(six).names
    assert all(name in out.getvalue() for name in names)
    monkeypatch.setenv("QINGMING_DATA_DIR", str(tmp_path / "empty"))
    assert main(["replay"]) == 1
