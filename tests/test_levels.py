"""Bot levels (easy, normal, hard) are reachable from every place that seats a bot: the bots
module, ``qingming play --level``, ``serve --strategy``, ``bot --strategy``, ``sim --bots``, and
the host (its bots, ``add_bot``, the level each seat shows; the lobby's host form is tested in
``test_tui_shell``). A hard bot at a live table thinks off the host's event loop."""

from __future__ import annotations

import asyncio
import threading

import pytest
from net_support import client, options, play_to_end, running_host, until

import qm_rules.bots as bots_module
from qingming.cli import build_parser
from qm_net.messages import LobbyUpdate
from qm_rules.bots import BOT_NAMES, LEVELS, level_of, make_bot
from qm_rules.bots.heuristic import EasyBot, HeuristicBot
from qm_rules.bots.mcts import MCTSBot
from qm_rules.sim import simulate


@pytest.fixture
def quick_hard(monkeypatch: pytest.MonkeyPatch) -> None:
    """A hard bot with a tiny budget: these tests are about where levels reach, not strength."""
    monkeypatch.setattr(bots_module, "HARD_ITERATIONS", 3)


def test_each_level_makes_its_bot() -> None:
    assert type(make_bot("easy", 1)) is EasyBot
    assert type(make_bot("normal", 1)) is HeuristicBot
    assert type(make_bot("hard", 1)) is MCTSBot
    assert make_bot("hard", 1).iterations == bots_module.HARD_ITERATIONS
    assert [level_of(name) for name in LEVELS] == ["easy", "normal", "hard"]
    assert level_of("heuristic") == "normal" and level_of("mcts") == "hard"
    assert level_of("random") == "random"
    with pytest.raises(ValueError, match="unknown bot strategy 'genius'"):
        make_bot("genius", 1)


def test_easy_is_weaker_than_normal() -> None:
    # A property of the levels, over enough games that chance does not decide it.
    report = simulate(2, 80, seed="levels", bots="easy,normal")
    assert report.wins_by_seat[0] < report.wins_by_seat[1]


@pytest.mark.parametrize(
    ("argv", "attr", "value"),
    [
        (["play", "--level", "hard"], "level", "hard"),
        (["play"], "level", "normal"),
        (["serve", "--strategy", "easy"], "strategy", "easy"),
        (["bot", "--connect", "h:1", "--strategy", "hard"], "strategy", "hard"),
        (["sim", "--bots", "hard,normal"], "bots", "hard,normal"),
    ],
)
def test_the_command_line_takes_levels(argv: list[str], attr: str, value: str) -> None:
    assert getattr(build_parser().parse_args(argv), attr) == value


def test_the_command_line_refuses_an_unknown_level(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        build_parser().parse_args(["play", "--level", "genius"])
    assert "genius" in capsys.readouterr().err


def test_sim_plays_levels(quick_hard: None) -> None:
    report = simulate(2, 2, seed=1, bots="hard,easy")
    assert report.games == 2 and report.bots == ("hard", "easy")
    assert set(report.wins_by_strategy()) == {"hard", "easy"}


async def test_the_table_shows_each_bots_level_and_add_bot_takes_one(quick_hard: None) -> None:
    async with running_host(seats=4, bots=1, bot_strategy="hard", autostart=False) as host:
        owner = await client(host, "owner")
        await owner.join()
        await owner.add_bot("easy")
        lobby = await until(
            owner,
            lambda m: isinstance(m, LobbyUpdate) and sum(s.kind == "bot" for s in m.seats) == 2,
        )
        levels = {s.seat: s.level for s in lobby.seats}
        assert levels[0] is None  # a human
        assert sorted(v for v in levels.values() if v) == ["easy", "hard"]
        assert all(name in BOT_NAMES for name in ("easy", "normal", "hard"))


async def test_a_hard_bot_thinks_off_the_hosts_event_loop(
    quick_hard: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    loop_thread = threading.get_ident()
    threads: list[int] = []
    choose = MCTSBot.choose

    def spying(self: MCTSBot, view):  # noqa: ANN001, ANN202
        threads.append(threading.get_ident())
        return choose(self, view)

    monkeypatch.setattr(MCTSBot, "choose", spying)
    async with running_host(
        seats=2, bots=1, bot_strategy="hard", options=options(round_limit=3)
    ) as host:
        player = await client(host, "solo")
        await player.join()
        await player.set_ready(True)
        end = await asyncio.wait_for(play_to_end(player, make_bot("random", 3)), 60)
        assert end.result is not None
    assert threads, "the hard bot never decided"
    assert loop_thread not in threads


async def test_a_table_hosted_from_the_lobby_or_play_seats_bots_of_its_level() -> None:
    # The host form's and ``play --level``'s settings reach the host's bots.
    from qm_tui.net import HostSettings, start_host

    settings = HostSettings(name="t", seats=3, bots=2, level="easy")
    host = await start_host(settings, bind="127.0.0.1", interfaces=["127.0.0.1"], advertise=False)
    try:
        levels = [s.info().level for s in host.seats if s.kind == "bot"]
        assert levels == ["easy", "easy"]
    finally:
        await host.stop()
