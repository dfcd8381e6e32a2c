"""``qingming verify`` on a journal whose game is unfinished (the table gone mid-game, a quit)
checks the deal and the choices made so far, says the game is unfinished and how far it
checked, and exits 3: an unfinished game is never "verified"."""

from __future__ import annotations

import asyncio
import json
import subprocess
from pathlib import Path

from net_support import WAIT, cli, cli_env, client, options, running_host

from qm_net.messages import GameUpdate
from qm_rules.bots import make_bot


async def _unfinished_journal(path: Path) -> int:
    """A fairly dealt game at a real host, journaled to ``path``, left after a few choices of
    its player's; how many choices the journal holds."""
    async with running_host(
        seed=None, seats=2, bots=1, options=options(round_limit=10), journal_path=str(path)
    ) as host:
        c = await client(host, "Ann")
        await c.join()
        await c.set_ready(True)
        bot = make_bot("random", "Ann")
        mine = 0

        async def play() -> None:
            nonlocal mine
            async for msg in c.messages():
                if isinstance(msg, GameUpdate):
                    p = msg.view.prompt
                    if p is not None and p.options and p.seat == c.seat:
                        if mine == 3:
                            return
                        mine += 1
                        await c.choose(bot.choose(msg.view), p.seq)

        await asyncio.wait_for(play(), WAIT)
        assert host.game is not None and host.game.result is None
        made = len(host.game.journal.choices)
        await c.close()
    return made


async def test_verify_says_an_unfinished_game_is_unfinished_and_how_far(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    made = await _unfinished_journal(path)
    assert made >= 3
    check = subprocess.run(cli("verify", str(path)), capture_output=True, text=True, env=cli_env())
    assert check.returncode == 3, check
    out = check.stdout
    assert "Fair deal: verified" not in out
    assert "Fair deal: not verified: the game is unfinished" in out, out
    assert f"the {made} choices made so far, up to round " in out, out
    assert "ok   the deal:" in out  # what could be checked was
    plain = subprocess.run(
        cli("verify", str(path), "--json"), capture_output=True, text=True, env=cli_env()
    )
    assert plain.returncode == 3
    assert f"{made} choices" in json.loads(plain.stdout)["unfinished"]


def test_version() -> None:
    out = subprocess.run(cli("--version"), capture_output=True, text=True, env=cli_env())
    assert out.returncode == 0 and out.stdout.startswith("qingming "), out
    assert "rules " in out.stdout and "protocol " in out.stdout
