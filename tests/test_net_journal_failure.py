"""A journal the host cannot write (a full disk, say) costs the journal, never the game.

The host catches the ``OSError`` of a journal write, logs it, closes the file and plays on
without it: the players still get every update and the result.
"""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from net_support import client, play_to_end, running_host, wait_for

from qm_net.journal_io import JournalWriter
from qm_rules.bots import make_bot


@pytest.mark.parametrize("failing", ["begin_game", "sync_choices"])
async def test_a_failing_journal_write_leaves_the_game_going(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, failing: str
) -> None:
    def full_disk(self: JournalWriter, *args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(JournalWriter, failing, full_disk)
    path = tmp_path / "table.jsonl"
    with caplog.at_level(logging.ERROR, logger="qm_net.host"):
        async with running_host(bots=1, journal_path=str(path)) as host:
            c = await client(host, "Ann")
            await c.join()
            await c.set_ready(True)
            ended = await play_to_end(c, make_bot("heuristic", 1))
            await wait_for(lambda: host.state == "ended")
            assert not host.journal.active  # given up after the failure, not retried per choice
            await c.close()
    assert ended.result.reason
    assert any("cannot write the journal" in r.getMessage() and r.exc_info for r in caplog.records)
