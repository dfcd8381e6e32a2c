"""A seat is never lost to a crash: real processes, ``kill -9``, the token kept on disk.

``qingming serve`` hosts a two-seat table on loopback (one host bot). A player's client,
``qingming join`` run headless (tests/seat_client.py: the real command line, app and token
store), sits down and is asked to move; it gets ``kill -9``. Started again with the same state
directory, it takes the seat back: the same hand and the same pending prompt, and its log the
game so far (the host tells it: the lines the killed client had shown). Killed again and
left away past the grace, the seat is played by a bot, which a watcher's table says; the player
started a third time has it back, and the table says that too. ``qingming play`` killed the
same way carries on with ``--resume``.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import stat
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).parent
# Long enough for a killed client's process to start again and reconnect on a loaded machine
# (the test's first return must come within the grace; its second absence outlasts it).
GRACE = 10.0
# The bots' pace: slow enough that two bots (the host's, and the one standing in for the player
# past the grace) cannot finish the game before the player's third start takes the seat back.
BOT_DELAY = "1.0"
WAIT = 60.0

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="kill -9 is POSIX")


def _env(state: Path) -> dict[str, str]:
    config = state / "config"  # a player past the first run's "how to play" screen
    config.mkdir(parents=True, exist_ok=True)
    (config / "config.json").write_text('{"intro_seen": true}\n', encoding="utf-8")
    return dict(
        os.environ,
        CI="1",
        PYTHONUNBUFFERED="1",
        QINGMING_STATE_DIR=str(state / "state"),
        QINGMING_CONFIG_DIR=str(state / "config"),
        QINGMING_DATA_DIR=str(state / "data"),
    )


class Client:
    """``qingming ARGS…`` (join, play) in its own process, headless, reporting its screen."""

    def __init__(self, report: Path, args: list[str], home: Path, name: str, **env: str) -> None:
        self.report = report
        report.unlink(missing_ok=True)
        self.proc = subprocess.Popen(
            [sys.executable, str(HERE / "seat_client.py"), str(report), *args,
             "--name", name, "--lang", "en"],
            env=dict(_env(home), **env),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )  # fmt: skip

    def lines(self) -> list[dict[str, Any]]:
        try:
            text = self.report.read_text()
        except FileNotFoundError:
            return []
        return [json.loads(line) for line in text.splitlines() if line.strip()]

    def until(self, cond: Callable[[dict[str, Any]], bool], what: str) -> dict[str, Any]:
        """The screen as it is now, once it satisfies ``cond`` (older lines do not count)."""
        end = time.monotonic() + WAIT
        while time.monotonic() < end:
            lines = self.lines()
            if lines and cond(lines[-1]):
                return lines[-1]
            if self.proc.poll() is not None:
                err = self.proc.stderr.read().decode() if self.proc.stderr else ""
                raise AssertionError(f"the client exited ({self.proc.returncode}): {err[-2000:]}")
            time.sleep(0.1)
        raise AssertionError(f"timed out waiting for {what}; last: {self.lines()[-3:]}")

    def kill9(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)
        if self.proc.stderr:
            self.proc.stderr.close()


def _asked(seat: int) -> Callable[[dict[str, Any]], bool]:
    def cond(line: dict[str, Any]) -> bool:
        p = line.get("prompt")
        shown = line.get("screen") == "TableScreen" and bool(line.get("status"))
        # the playback has caught up, and the question is one only the player can answer
        settled = line.get("caught_up") and p is not None and p["kind"] in ("place", "action")
        return bool(shown and settled and p["seat"] == seat)

    return cond


def _serve(tmp_path: Path, flags: str) -> tuple[subprocess.Popen[str], str]:
    """``qingming serve`` on loopback with ``flags`` (split at blanks; a ``--port`` among them
    wins over any); the process and the address it says it listens on."""
    serve = subprocess.Popen(
        [sys.executable, "-m", "qingming", "serve", "--bind", "127.0.0.1", "--port", "0",
         "--no-advertise", *flags.split()],
        env=_env(tmp_path / "host"),
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )  # fmt: skip
    assert serve.stdout is not None
    found = re.search(r"listening on [\d.]+:(\d+)", serve.stdout.readline())
    if not found:
        _stop(serve)
        raise AssertionError("serve did not say where it listens")
    return serve, f"127.0.0.1:{found.group(1)}"


def _stop(serve: subprocess.Popen[str]) -> None:
    serve.send_signal(signal.SIGTERM)
    try:
        serve.wait(10)
    except subprocess.TimeoutExpired:
        serve.kill()
        serve.wait()
    if serve.stdout is not None:
        serve.stdout.close()


@contextlib.contextmanager
def _serving(tmp_path: Path, flags: str) -> Iterator[tuple[str, list[Client]]]:
    """A table served (:func:`_serve`) for the block; yields its address and a list for the
    clients started, each stopped at the end with the host."""
    serve, address = _serve(tmp_path, flags)
    clients: list[Client] = []
    try:
        yield address, clients
    finally:
        for c in clients:
            c.stop()
        _stop(serve)


def test_a_killed_client_takes_its_seat_back_and_a_bot_plays_it_past_the_grace(
    tmp_path: Path,
) -> None:
    flags = "--name Crash --seats 2 --bots 1 --seed 11 --response-timer 0"
    flags += f" --bot-delay {BOT_DELAY} --disconnect-grace {GRACE}"
    with _serving(tmp_path, flags) as (address, clients):
        home = tmp_path / "ann"

        def start(n: int, who: Path = home, name: str = "Ann") -> Client:
            clients.append(Client(tmp_path / f"report{n}.jsonl", ["join", address], who, name))
            return clients[-1]

        first = start(1)
        seated = first.until(lambda line: line.get("screen") == "TableScreen", "the table")
        seat = seated["seat"]
        assert seat is not None, "the first client should sit, not watch"
        before = first.until(_asked(seat), "a prompt for the player")
        assert before["hand"], "a hand to compare"
        # The token is on disk, readable only by the player.
        store = home / "state" / "seats.json"
        assert stat.S_IMODE(store.stat().st_mode) == 0o600
        assert json.loads(store.read_text())["seats"][0]["address"] == address
        first.kill9()

        again = start(2)
        back = again.until(_asked(seat), "the seat, its hand and the prompt again")
        assert back["seat"] == seat and not back["status"].startswith("Watching")
        assert back["hand"] == before["hand"]
        assert back["prompt"] == before["prompt"]  # the very decision it was asked, still open
        # The log is not empty: the host told the seat the game so far, as the killed client
        # had shown it (nothing happened since: the game waits on this player).
        assert len(before["log"]) > 3
        assert back["log"][0] == "── Earlier in this game ──"
        end = back["log"].index("── The game goes on from here ──")
        assert back["log"][1:end] == before["log"]
        again.kill9()

        # Away past the grace: a bot plays the seat, and the table says so (to a watcher).
        watcher = start(3, tmp_path / "wu", "Wu")
        watching = watcher.until(
            lambda line: (
                line.get("screen") == "TableScreen"
                and bool(line.get("status"))
                and seat in line.get("bot_plays", ())
            ),
            "a bot playing the seat, as the watcher's table shows it",
        )
        assert watching["seat"] is None and watching["status"].startswith("Watching")
        assert "a bot plays" in watching["headers"][str(seat)]

        third = start(4)
        mine = third.until(
            lambda line: (
                line.get("screen") == "TableScreen"
                and line.get("seat") == seat
                and bool(line.get("status"))
            ),
            "the seat taken back from the bot",
        )
        assert not mine["status"].startswith("Watching")
        watcher.until(
            lambda line: line.get("screen") == "TableScreen" and seat not in line["bot_plays"]
            and "a bot plays" not in line["headers"][str(seat)],
            "the watcher's table showing the player back",
        )  # fmt: skip


def test_play_killed_mid_game_carries_on_with_resume(tmp_path: Path) -> None:
    """``qingming play`` hosts in its own process: killed, the table dies with it, but its
    journal and the seat's token are on disk, and ``qingming play --resume`` brings both back."""
    home = tmp_path / "ann"
    clients: list[Client] = []
    try:
        play = Client(tmp_path / "play.jsonl", ["play", "--bots", "1", "--bot-delay", "0",
                                                "--seed", "5"], home, "Ann")  # fmt: skip
        clients.append(play)
        seated = play.until(lambda line: line.get("screen") == "TableScreen", "the table")
        seat = seated["seat"]
        assert seat is not None
        before = play.until(_asked(seat), "a prompt for the player")
        play.kill9()
        journals = list((home / "data" / "journals").glob("*.jsonl"))
        assert len(journals) == 1

        again = Client(tmp_path / "resume.jsonl", ["play", "--resume"], home, "Ann")
        clients.append(again)
        back = again.until(_asked(seat), "the game again, with the seat, hand and prompt")
        assert back["hand"] == before["hand"] and back["prompt"] == before["prompt"]
        end = back["log"].index("── The game goes on from here ──")  # the resumed host's
        assert back["log"][1:end] == before["log"] and len(before["log"]) > 3
    finally:
        for c in clients:
            c.stop()


@pytest.mark.parametrize("kept", [True, False], ids=["record-kept", "record-lost"])
def test_a_client_killed_mid_game_still_checks_the_deal_at_the_end(
    tmp_path: Path, kept: bool
) -> None:
    # A fairly dealt table (no --seed): the client sends its part of the deal, and keeps it,
    # with the digests of the views it is shown, beside its seat token. Killed mid-game and
    # started again, it checks the whole game at the end (its own part included); with that
    # file gone, it checks what it still can and says so, never "nothing to check".
    flags = "--name Deal --seats 2 --bots 1 --response-timer 0 --turn-timer 2 --round-limit 3"
    flags += " --bot-delay 0.2 --disconnect-grace 60"
    with _serving(tmp_path, flags) as (address, clients):
        home = tmp_path / "ann"
        first = Client(tmp_path / "report1.jsonl", ["join", address], home, "Ann")
        clients.append(first)
        seat = first.until(_asked_any, "a prompt for the player")["seat"]
        deals = home / "state" / "deals"
        (kept_file,) = deals.iterdir()  # one seat, one record, as private as the token
        assert stat.S_IMODE(kept_file.stat().st_mode) == 0o600
        assert stat.S_IMODE(deals.stat().st_mode) == 0o700
        head = json.loads(kept_file.read_text().splitlines()[0])
        assert head["seat"] == seat and len(head["part"]) == 64 and head["commitment"]
        first.kill9()
        if not kept:
            kept_file.unlink()

        again = Client(tmp_path / "report2.jsonl", ["join", address], home, "Ann")
        clients.append(again)
        done = again.until(
            lambda line: (
                line.get("screen") == "ResultScreen"
                and "checking" not in line.get("fair", "checking")
            ),
            "the result and its fair deal's check",
        )
        fair = done["fair"]
        assert "nothing to check" not in fair and "NOT" not in fair
        if kept:  # the whole game, its own part included
            assert fair.startswith("Fair deal: verified - "), fair
        else:
            assert fair.startswith("Fair deal: verified from your return on"), fair
            assert "could not be checked" in fair
        assert not deals.exists() or not any(deals.iterdir())  # the game over: nothing kept


def _asked_any(line: dict[str, Any]) -> bool:
    p = line.get("prompt")
    return (
        line.get("screen") == "TableScreen"
        and line.get("seat") is not None
        and p is not None
        and p["seat"] == line["seat"]
    )


def test_a_client_that_stays_up_while_its_host_restarts_keeps_one_log(tmp_path: Path) -> None:
    # The host is killed and resumed from its journal on the same port while the player's
    # client stays up; the client reconnects by itself. The history the resumed host sends is
    # the whole game; the client already holds all of it, its timers' timeouts included
    # ("timed out", as the journal now says): the log goes on with nothing shown twice and no
    # "earlier in this game" block.
    from net_support import free_port

    port = free_port()
    journal = tmp_path / "table.jsonl"
    flags = f"--name Restart --seats 2 --bots 1 --seed 3 --port {port} --journal {journal}"
    flags += " --response-timer 0 --turn-timer 1.5 --bot-delay 1 --disconnect-grace 60"
    serve, address = _serve(tmp_path, flags)
    clients: list[Client] = []
    try:
        ann = Client(tmp_path / "report.jsonl", ["join", address], tmp_path / "ann", "Ann")
        clients.append(ann)
        before = ann.until(
            lambda line: (
                line.get("screen") == "TableScreen"
                and line.get("caught_up")
                and any("Ann timed out" in x for x in line.get("log", ())[-4:])
            ),
            "a turn of Ann's timed out just now (among the newest events the client holds)",
        )
        serve.send_signal(signal.SIGKILL)
        serve.wait(10)
        serve, _ = _serve(tmp_path, f"--resume {journal} --port {port}")
        held = before["log"]
        after = ann.until(
            lambda line: len(line.get("log", ())) > len(held) + 2 and line.get("caught_up"),
            "the game going on after the host's restart",
        )
        log = after["log"]
        assert log[: len(held)] == held  # what it showed stays, once
        assert "── Earlier in this game ──" not in log
        assert "── While you were disconnected ──" not in log  # nothing was told meanwhile
        assert sum("Ann timed out" in x for x in log) >= sum("Ann timed out" in x for x in held)
    finally:
        for c in clients:
            c.stop()
        _stop(serve)
