"""A journal the host cannot write (a full disk, an I/O error) never goes by silently.

While a write fails the host tells every client why ("the host cannot save the game: disk
full"), refuses choices, runs no clock and moves no bot, and keeps trying; nothing that is not
on disk is broadcast. When the disk takes the writes again play goes on, and the journal holds
every choice and the result. A journal that cannot be written at all stops the table starting.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest
from net_support import client, options, play_to_end, running_host, until, wait_for

from qm_net.host import Host
from qm_net.host import play as host_play
from qm_net.journal_io import JournalWriter, read_games
from qm_net.messages import ErrorMessage, GameUpdate
from qm_rules.bots import make_bot


class Disk:
    """The journal's writes fail while ``broken`` holds an errno."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.broken: int | None = None
        self.refused = 0
        real = JournalWriter._append

        def append(writer: JournalWriter, text: str) -> None:
            if self.broken is not None:
                self.refused += 1
                raise OSError(self.broken, os.strerror(self.broken))
            real(writer, text)

        monkeypatch.setattr(JournalWriter, "_append", append)
        monkeypatch.setattr(host_play, "JOURNAL_RETRY", 0.05)


@pytest.mark.parametrize(
    ("code", "words"), [(errno.ENOSPC, "disk full"), (errno.EIO, "input/output error")]
)
async def test_play_waits_while_the_journal_fails_and_goes_on_after(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, code: int, words: str
) -> None:
    disk = Disk(monkeypatch)
    path = tmp_path / "table.jsonl"
    async with running_host(bots=1, journal_path=str(path)) as host:
        c = await client(host, "Ann")
        await c.join()
        await c.set_ready(True)
        bot = make_bot("heuristic", 1)
        update = await until(
            c, lambda m: isinstance(m, GameUpdate) and m.view.prompt.seat == c.seat
        )
        game = host.game
        disk.broken = code
        choices = len(game.choices)
        await c.choose(bot.choose(update.view), update.view.prompt.seq)
        told = await until(c, lambda m: isinstance(m, ErrorMessage | GameUpdate))
        assert isinstance(told, ErrorMessage) and told.code == "cannot_save"
        assert f"the host cannot save the game: {words}" in told.message
        assert len(game.choices) == choices + 1  # taken, but not told to anyone
        await wait_for(lambda: disk.refused >= 3)  # it keeps trying
        assert len(game.choices) == choices + 1  # no bot moved, no clock ran
        await c.concede()  # and no one may decide meanwhile
        refused = await until(c, lambda m: isinstance(m, ErrorMessage | GameUpdate))
        assert isinstance(refused, ErrorMessage) and refused.code == "cannot_save"
        assert not game.conceded[c.seat]
        disk.broken = None  # the disk has room again: play goes on from where it was
        ended = await play_to_end(c, bot)
        await wait_for(lambda: host.state == "ended")
    assert ended.result.reason
    (saved,) = read_games(str(path))
    assert saved.choices == list(game.choices) and saved.result is not None
    assert saved.replay().state_hash() == game.state_hash()


async def test_a_journal_that_cannot_be_written_stops_the_table_starting(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    disk = Disk(monkeypatch)
    disk.broken = errno.ENOSPC
    host = Host(
        "t",
        2,
        bots=1,
        options=options(),
        journal_path=str(tmp_path / "j.jsonl"),
        bind="127.0.0.1",
        advertise=False,
    )
    with pytest.raises(OSError, match="cannot write the journal .*: disk full"):
        await host.start()
    assert host._server is None  # it never listened


async def test_a_game_whose_first_line_failed_still_tells_its_opening(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """The game line itself (written when a game is dealt) fails: nobody is told the game
    until it is on disk, the host's operator reads why in its log, and once the disk takes it
    the players get the opening — the deal and the first turn — as the game's first events,
    once (a rejoining seat's history holds them once too)."""
    disk = Disk(monkeypatch)
    path = tmp_path / "table.jsonl"
    async with running_host(bots=1, journal_path=str(path)) as host:
        c = await client(host, "Ann")
        await c.join()
        disk.broken = errno.ENOSPC  # the table line is written; the game's is not
        with caplog.at_level("ERROR", logger="qm_net.host"):
            await c.set_ready(True)
            told = await until(c, lambda m: isinstance(m, ErrorMessage | GameUpdate))
        assert isinstance(told, ErrorMessage) and told.code == "cannot_save"
        assert "disk full" in told.message
        assert any(
            "cannot write the journal" in r.getMessage() and "disk full" in r.getMessage()
            for r in caplog.records
        )
        game = host.game
        assert game is not None and game.opening and not game.choices  # held: no bot moved
        disk.broken = None
        first = await until(c, lambda m: isinstance(m, GameUpdate))
        assert first.events and first.events == tuple(
            e for e in game.opening if e.visible_to(c.seat)
        )
        told_history = host.history.seen_by(c.seat)
        opening = [e for e in game.opening if e.visible_to(c.seat)]
        assert told_history[: len(opening)] == opening
        assert told_history[len(opening) : 2 * len(opening)] != opening  # not twice
    (saved,) = read_games(str(path))
    assert saved.header["seed"] == game.seed
