"""``qingming bot`` survives its host being killed at any moment, thinking or sending.

A real ``qingming serve --journal`` with two ``qingming bot --delay`` processes is killed
(SIGKILL) again and again while they play and restarted with ``--resume`` on the same port: the
bots take their seats back with their tokens each time and play on, through the game's end and
the rematch, and exit 0 when the table has played its games.
"""

from __future__ import annotations

import json
import signal
import subprocess
import time
from pathlib import Path

import pytest
from net_support import cli, cli_env, free_port

WAIT = 60.0
KILLS = 4


def _records(path: Path) -> int:
    """Choices and results on disk so far (a torn last line is not one)."""
    try:
        lines = path.read_bytes().split(b"\n")[:-1]
    except FileNotFoundError:
        return 0
    return sum(json.loads(x)["type"] in ("choice", "result") for x in lines)


def _serve(*args: str) -> subprocess.Popen[str]:
    proc = subprocess.Popen(
        cli("serve", *args),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=cli_env(),
    )
    line = proc.stdout.readline() if proc.stdout else ""
    assert "listening on" in line, (
        line,
        proc.stderr.read() if proc.poll() is not None and proc.stderr else "",
    )
    return proc


def test_bots_come_back_after_every_host_kill_and_exit_0_at_the_end(tmp_path: Path) -> None:
    port = free_port()
    journal = tmp_path / "table.jsonl"
    where = ("--port", str(port), "--bind", "127.0.0.1", "--no-advertise")
    serve = _serve(
        *where,
        "--seats",
        "3",
        "--bots",
        "1",
        "--games",
        "2",
        "--journal",
        str(journal),
        "--response-timer",
        "0",
        "--round-limit",
        "3",
        "--seed",
        "5",
    )
    procs = [serve]
    try:
        bots = [
            subprocess.Popen(
                cli("bot", "--connect", f"127.0.0.1:{port}", "--name", f"b{i}", "--delay", "0.02"),
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                env=cli_env(),
            )
            for i in range(2)
        ]
        procs += bots
        kills = 0
        for _ in range(KILLS):
            start = _records(journal)
            deadline = time.monotonic() + WAIT
            while _records(journal) < start + 7 and serve.poll() is None:  # some play, then a kill
                if time.monotonic() > deadline:
                    pytest.fail("the table made no progress")
                time.sleep(0.01)
            if serve.poll() is not None:
                break  # the games were played before this kill
            serve.send_signal(signal.SIGKILL)
            kills += 1
            serve.wait(WAIT)
            serve = _serve("--resume", str(journal), *where)
            procs.append(serve)
        assert serve.wait(WAIT * 2) == 0, serve.stderr.read() if serve.stderr else ""
        for b in bots:
            out, err = b.communicate(timeout=WAIT)
            assert b.returncode == 0, (out, err)
            assert "cannot come back" not in out and "table is gone" not in out, out
        assert kills >= 2, "the kills did not happen while the table played"
        results = [
            json.loads(x) for x in journal.read_text().splitlines() if '"type":"result"' in x
        ]
        assert len(results) == 2  # both games played to their end
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
