"""``qingming replay`` of a game still being played (playtest 4, F13): the journal holds every
choice, so whoever hosts the table could read every live hand with it. While a running table
writes the journal (it holds the file's lock) and the game has no end, replay refuses in plain
words unless ``--live``; an interrupted game (the table gone) replays as before."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest
from net_support import WAIT, cli, cli_env, options, running_host, seated, wait_for

from qm_net.journal_io import in_use, read_games

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="no flock: nothing reads as in use")


async def _replay(path: Path, *flags: str) -> tuple[int, str, str]:
    proc = await asyncio.create_subprocess_exec(
        *cli("replay", str(path), "--no-step", *flags),
        env=cli_env(),
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(proc.communicate(), WAIT)
    assert proc.returncode is not None
    return proc.returncode, out.decode(), err.decode()


async def test_a_game_being_played_is_not_replayed_unless_asked(tmp_path: Path) -> None:
    path = tmp_path / "table.jsonl"
    async with running_host(
        seats=2, bots=1, journal_path=str(path), options=options(round_limit=10)
    ) as host:
        (ann,) = await seated(host, "Ann")
        await wait_for(lambda: host.game is not None)
        # a few moves on disk: Ann answers her prompts (the bot its own)
        while not (games := read_games(str(path))) or len(games[-1].choices) < 3:
            msg = await asyncio.wait_for(ann.next_message(), WAIT)
            p = getattr(getattr(msg, "view", None), "prompt", None)
            if p is not None and p.options and p.seat == ann.seat:
                await ann.choose(p.options[0].id, p.seq)
        assert in_use(str(path))
        code, out, err = await _replay(path)
        assert code == 1, (out, err)
        assert "this game is still being played" in err and "--live" in err, err
        assert out == ""  # not a line of the game, so no hand
        code, out, err = await _replay(path, "--live")
        assert code == 0 and "#3 turn" in out, (out, err)
        code, out, err = await _replay(path, "--json")  # a summary shows no card: as before
        assert code == 0 and '"finished": false' in out, (out, err)
        await ann.close()
    # the table gone, the game interrupted: it replays as any interrupted game
    assert not in_use(str(path))
    code, out, err = await _replay(path)
    assert code == 0 and "Interrupted" in out, (out, err)
