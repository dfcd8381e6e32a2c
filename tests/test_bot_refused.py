"""``qingming bot`` refused a seat (a game is on): it says why in plain words, not the host's
error code, and exits non-zero so that a script notices (playtest 4, F19)."""

from __future__ import annotations

import asyncio

from net_support import WAIT, cli, cli_env, running_host, wait_for

from qm_net.client import TableClient


async def test_a_bot_refused_its_seat_says_why_plainly_and_fails() -> None:
    async with running_host(seats=3, bots=1, anyone_starts=True) as host:
        ann = await TableClient.connect("127.0.0.1", host.port, "Ann")
        await ann.join()
        bob = await TableClient.connect("127.0.0.1", host.port, "Bob")
        await bob.join()
        await ann.start_game()
        await wait_for(lambda: host.state == "playing")
        bot = await asyncio.create_subprocess_exec(
            *cli("bot", "--connect", f"127.0.0.1:{host.port}", "--seat", "2"),
            env=cli_env(),
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
        out, err = await asyncio.wait_for(bot.communicate(), WAIT)
        said = (out + err).decode()
        assert bot.returncode == 1, said
        assert "A game is being played at this table" in said, said
        assert "a bot can sit down only between games" in said, said
        assert "wrong_state" not in said, said
        await ann.close()
        await bob.close()
