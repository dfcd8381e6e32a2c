"""A running table's journal is its own: a second writer is refused and changes nothing.

A host plays a game with its journal open (and locked); a line of it is half written (as a
write in progress would leave it). ``qingming serve --resume`` and ``serve --journal`` pointed at
that file, run as processes of their own, and the app's reopen (``resume_host``) must each say
so in plain words and leave the file byte for byte as it was: before the lock was enforced they
cut the line in progress off and then wrote beside the running host.
"""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path

import pytest
from net_support import cli, cli_env, client, options, wait_for

from qm_net.host import Host
from qm_net.journal_io import JournalInUse, JournalWriter
from qm_rules.i18n import tr

WORDS = "this journal is being written by a table that is running"


@contextlib.asynccontextmanager
async def _live_table(path: Path):
    """A table playing a game (Ann's turn: nothing moves) whose journal is ``path``."""
    host = Host(
        "live",
        2,
        bots=1,
        options=options(round_limit=6),
        journal_path=str(path),
        seed=5,
        bind="127.0.0.1",
        advertise=False,
    )
    await host.start()
    c = await client(host, "Ann")
    try:
        assert await c.join() == 0
        await c.set_ready(True)
        await wait_for(lambda: host.state == "playing" and host.game.prompt.seat == 0)
        await wait_for(lambda: path.read_bytes().count(b'"type":"game"') == 1)
        with path.open("ab") as f:  # the host's next line, half written
            f.write(b'{"type":"choice","i":')
        yield host
    finally:
        await c.close()
        await host.stop()


async def _refused(path: Path, *args: str) -> str:
    """Run ``qingming ARGS`` against the live journal ``path``; its stderr once it has exited
    (the test fails as soon as the journal changes, which the refusal must not do)."""
    before = path.read_bytes()
    proc = await asyncio.create_subprocess_exec(
        *cli(*args),
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env=cli_env(),
    )
    talk = asyncio.ensure_future(proc.communicate())
    try:
        await wait_for(lambda: talk.done() or path.read_bytes() != before, 60)
    finally:
        if not talk.done():
            proc.kill()
        _, err = await talk
    assert path.read_bytes() == before, "the running table's journal was written"
    words = err.decode()
    assert proc.returncode == 1, words
    return words


async def test_a_running_tables_journal_is_not_resumed_or_written_by_serve(
    tmp_path: Path,
) -> None:
    path = tmp_path / "live.jsonl"
    async with _live_table(path):
        common = ("--bind", "127.0.0.1", "--port", "0", "--no-advertise", "--lang", "en")
        err = await _refused(path, "serve", "--resume", str(path), *common)
        assert f"qingming serve: {path}: {WORDS}" in err
        err = await _refused(path, "serve", "--journal", str(path), "--seats", "2", *common)
        assert f"qingming serve: {path}: {WORDS}" in err


async def test_the_writer_and_the_apps_reopen_refuse_a_running_tables_journal(
    tmp_path: Path,
) -> None:
    from qm_tui.net import resume_host

    path = tmp_path / "live.jsonl"
    async with _live_table(path) as host:
        before = path.read_bytes()
        with pytest.raises(JournalInUse) as refused:
            JournalWriter(str(path))  # in this very process too
        assert str(refused.value) == WORDS and refused.value.path == str(path)
        with pytest.raises(JournalInUse):
            await resume_host(str(path))
        assert path.read_bytes() == before
        assert tr(refused.value.key, "zh") != WORDS  # the app says it in the player's language
        assert host.state == "playing"
    # once that table has stopped, its journal can be written again (its torn tail cut)
    writer = JournalWriter(str(path))
    writer.close()
    assert path.read_bytes().endswith(b"\n")


async def test_a_reopen_cancelled_halfway_leaves_no_table_running(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The lobby's reopen runs in a worker that a second key press cancels; a cancel while the
    host starts (here: while it advertises) must stop that host, or its journal stays locked and
    every later reopen of the table in this process is refused."""
    from qm_net.host.advert import Advert
    from qm_net.journal_io import in_use
    from qm_tui.net import resume_host

    path = tmp_path / "cut.jsonl"
    async with _live_table(path):
        pass  # stopped mid-game: an interrupted table
    assert not in_use(str(path))
    advertising = asyncio.Event()

    async def never(self, *args) -> None:
        advertising.set()
        await asyncio.Event().wait()

    with monkeypatch.context() as m:
        m.setattr(Advert, "start", never)
        first = asyncio.ensure_future(
            resume_host(str(path), bind="127.0.0.1", interfaces=["127.0.0.1"], advertise=True)
        )
        await asyncio.wait_for(advertising.wait(), 30)  # listening, its journal open
        assert in_use(str(path))
        first.cancel()
        with pytest.raises(asyncio.CancelledError):
            await first
    assert not in_use(str(path)), "the cancelled host still holds the journal"
    again = await resume_host(str(path))  # the table can be reopened
    try:
        assert again.state == "playing"
    finally:
        await again.stop()
