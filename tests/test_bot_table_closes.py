"""``qingming bot`` at a table that plays its last game and closes: the host's ``ended`` and
its ``bye`` come one right after the other, often in the same read. A bot that asks for a
rematch on a link the goodbye has already closed must take that for the table's end (exit 0),
not for a dropped link to reconnect over until it gives up (exit 1)."""

from __future__ import annotations

import asyncio

import pytest
from net_support import bot_clients, options, running_host

from qm_net.client import TableClient


async def test_a_bot_whose_rematch_meets_the_goodbye_exits_cleanly(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rematch = TableClient.rematch

    async def after_the_goodbye(self: TableClient) -> None:
        while not self.closed:  # the goodbye wins the race
            await asyncio.sleep(0.01)
        await rematch(self)

    monkeypatch.setattr(TableClient, "rematch", after_the_goodbye)
    said: list[str] = []
    async with running_host(seats=2, games=1, options=options(round_limit=2)) as host:
        codes = await bot_clients(host, "random", said)
    assert codes == [0, 0], said
    assert sum("game 1 over" in line for line in said) == 2, said
    assert sum("the table closed" in line for line in said) == 2, said  # and says why it left
