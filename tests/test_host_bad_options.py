"""Option values no table can play with are refused up front, in one plain line; and a bug in a
bot's move (or the engine's default) never leaves the table silently frozen."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from net_support import client, options, running_host, until, wait_for

from qm_net.host.table import Host
from qm_net.host.updates import Updates
from qm_net.messages import ConnectionLost, ErrorMessage
from qm_rules import Game, GameOptions
from qm_rules.bots import make_bot


@pytest.mark.parametrize(
    "bad",
    [
        {"hand_limit": -1},
        {"round_limit": -3},
        {"response_timer": -5.0},
        {"turn_timer": 0},
        {"disconnect_grace": -1.0},
        {"hand_limit": 2.5},
    ],
)
def test_the_engine_refuses_options_no_game_can_be_played_with(bad: dict) -> None:
    name = next(iter(bad))
    with pytest.raises(ValueError, match=f"^{name} must be"):
        Game.new(["a", "b"], 1, GameOptions(**bad))


def test_the_engine_takes_the_edge_values() -> None:
    Game.new(
        ["a", "b"],
        1,
        GameOptions(hand_limit=0, round_limit=0, response_timer=None, disconnect_grace=0),
    )


@pytest.mark.parametrize(("flag", "value"), [("--hand-limit", "-1"), ("--round-limit", "-2")])
def test_serve_refuses_a_bad_option_in_one_line(flag: str, value: str) -> None:
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "qingming",
            "serve",
            "--bind",
            "127.0.0.1",
            "--port",
            "0",
            "--no-advertise",
            flag,
            value,
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode != 0 and out.stdout == ""
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"qingming serve: {flag} must be"), out.stderr


async def test_a_bot_move_that_fails_closes_the_table_loudly(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async with running_host(bots=1, options=options()) as host:
        c = await client(host, "Ann")
        await c.join()
        await c.set_ready(True)
        await wait_for(lambda: host.state == "playing")

        class Broken:
            def choose(self, view: object) -> str:
                raise IndexError("a bot's bug")

            def new_game(self) -> None:
                pass

        def broken_default(game: Game) -> list:
            raise IndexError("an engine's bug")

        game = host.game
        monkeypatch.setattr(Game, "apply_default", broken_default)
        bot_seat = host.seats[1]
        bot_seat.bot = Broken()
        while game.prompt.seat != bot_seat.index:  # play Ann's turn until the bot must move
            p = game.prompt
            await c.choose(make_bot("random", 1).choose(game.view(p.seat)), host.wire.of(p.seat))
            await wait_for(lambda p=p: game.prompt is not p)
        told = await until(c, lambda m: isinstance(m, ErrorMessage | ConnectionLost))
        assert isinstance(told, ErrorMessage) and told.code == "server_error"
        assert "cannot go on" in told.message
        lost = await until(c, lambda m: isinstance(m, ConnectionLost))
        assert lost.final  # a goodbye, not a table that hangs


@pytest.mark.parametrize("by", ["player", "bot", "timer"])
async def test_a_decision_that_cannot_be_told_closes_the_table_loudly(
    by: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The engine took a decision and the journal holds it, then telling it fails (a bug in
    building a view): every client — the one who chose, the others, a spectator — is told the
    game cannot go on and the table closes, rather than leaving them waiting for an update;
    the journal holds the decision, so the table resumes at the state the host reached."""
    path = str(tmp_path / "table.jsonl")
    timed = {"turn_timer": 0.3} if by == "timer" else {}
    async with running_host(
        seats=3, bots=1, options=options(round_limit=8, **timed), journal_path=path
    ) as host:
        ann, bob, sue = (
            await client(host, "Ann"),
            await client(host, "Bob"),
            await client(host, "Sue"),
        )
        await ann.join()
        await bob.join()
        await sue.spectate()
        await ann.set_ready(True)
        await bob.set_ready(True)
        await wait_for(lambda: host.state == "playing" and host.game is not None)
        game = host.game
        bot = host.seats[2].index
        broke: list[int] = []
        real = Updates.plain_view

        def breaks(self: Updates, g: Game, viewer: int | None) -> dict:
            seat = g.choices[-1][0] if g.choices else None
            timeout = len(g.choices) - 1 in self.host.journal.timeouts
            wanted = {
                "player": seat is not None and seat != bot and not timeout,
                "bot": seat == bot,
                "timer": timeout,
            }[by]
            if wanted and not broke:
                broke.append(len(g.choices))
                raise IndexError("a bug while telling")
            return real(self, g, viewer)

        monkeypatch.setattr(Updates, "plain_view", breaks)
        while not broke:  # the players play (or, for the timer, let their clock run out)
            p = game.prompt
            assert p is not None and host.state == "playing"
            if by != "timer" and p.seat != bot:
                who = ann if p.seat == host.seats[0].index else bob
                await who.choose(
                    make_bot("random", 1).choose(game.view(p.seat)), host.wire.of(p.seat)
                )
            await wait_for(lambda p=p: game.prompt is not p or bool(broke))
        for c in (ann, bob, sue):
            told = await until(c, lambda m: isinstance(m, ErrorMessage | ConnectionLost))
            assert isinstance(told, ErrorMessage) and told.code == "server_error"
            assert "cannot go on" in told.message
            lost = await until(c, lambda m: isinstance(m, ConnectionLost))
            assert lost.final  # a goodbye: nobody is left waiting
        await host.wait_closed()
        assert len(game.choices) == broke[0]  # nothing moved on after it
        state = game.state_hash()
    again = Host.resume(path, bind="127.0.0.1", advertise=False)
    assert again.game is not None and again.game.state_hash() == state
