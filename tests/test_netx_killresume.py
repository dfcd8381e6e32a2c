"""A host killed with SIGKILL mid-game comes back from its journal: same state, same tokens.

``qingming serve --journal`` runs as a real process on loopback; two ``qingming bot`` processes
and one in-process client play at it. Once some choices are journaled the host gets ``kill -9``
(no goodbye, possibly a torn last line), then ``qingming serve --resume`` starts on the same
port. The expected state is computed here, independently, by ``Game.replay`` over the journal
file; the restored host must hold exactly that state, every seat's token must still work (the
bots reconnect by themselves, the in-process client by hand) and the game must play to its end.
"""

from __future__ import annotations

import asyncio
import json
import re
import signal
import subprocess
from pathlib import Path

import pytest
from net_support import WAIT, cli, cli_env, free_port, until, wait_for, wire_seq, wire_view

from qm_net.client import TableClient, TableError
from qm_net.host import Host
from qm_net.messages import ConnectionLost, GameEnded, GameUpdate
from qm_rules import Game, Journal, to_plain
from qm_rules.bots import make_bot

SEATS = 4  # Ann (in this process), two `qingming bot` processes, one bot the host runs


def _last_game(path: Path) -> tuple[dict, list[tuple[int, str]], dict | None]:
    """The last game of a journal file, read here without qm_net: its header, its choices and
    its result. A torn last line (no newline: the kill hit a write) is not a record."""
    header: dict | None = None
    choices: list[tuple[int, str]] = []
    result = None
    data = path.read_bytes()
    for raw in data.split(b"\n")[:-1]:  # whatever follows the last newline is torn
        rec = json.loads(raw)
        if rec["type"] == "game":
            header, choices, result = rec["journal"], [], None
        elif rec["type"] == "choice":
            assert rec["i"] == len(choices)
            choices.append((rec["seat"], rec["option"]))
        elif rec["type"] == "result":
            result = rec["result"]
    assert header is not None, "no game in the journal"
    return header, choices, result


def _replay(header: dict, choices: list[tuple[int, str]]) -> Game:
    plain = dict(header, choices=[[s, o] for s, o in choices], result=None)
    return Game.replay(Journal.from_plain(plain))


def _choices_on_disk(path: Path) -> int:
    try:
        return path.read_bytes().count(b'"type":"choice"')
    except FileNotFoundError:
        return 0


async def _play(
    c: TableClient, bot, seen: list[GameUpdate], hold=lambda: False
) -> GameEnded | ConnectionLost:
    """Answer c's prompts until the game ends or the connection goes. While ``hold()`` is true
    prompts go unanswered: the game cannot get past this seat, so it is still on when the test
    kills the host (the bots may be deciding at that very moment)."""
    async for msg in c.messages():
        if isinstance(msg, GameUpdate):
            seen.append(msg)
            p = msg.view.prompt
            if p is not None and p.options and p.seat == c.seat and not hold():
                try:
                    await c.choose(bot.choose(msg.view), p.seq)
                except TableError:
                    pass  # the connection just went; the loop sees ConnectionLost next
        elif isinstance(msg, GameEnded | ConnectionLost):
            return msg
    raise AssertionError("messages ended without an end")


async def _reconnect(c: TableClient, timeout: float = WAIT * 2) -> int | None:
    """Reconnect with the stored token, retrying while the resumed host is not yet up."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while True:
        try:
            return await c.reconnect()
        except (OSError, TableError) as exc:
            if isinstance(exc, TableError) and exc.code == "bad_token" or loop.time() > end:
                raise
            await asyncio.sleep(0.1)


@pytest.mark.parametrize("kill_after", [6, 19])  # journaled choices before the kill
async def test_kill_9_mid_game_then_resume_restores_state_and_tokens(
    tmp_path: Path, kill_after: int
) -> None:
    journal = tmp_path / "table.jsonl"
    port = free_port()
    common = ("--bind", "127.0.0.1", "--port", str(port), "--no-advertise", "--games", "1")
    serve = subprocess.Popen(
        cli(
            "serve",
            "--name",
            "killed",
            "--seats",
            str(SEATS),
            "--bots",
            "1",
            *common,
            "--journal",
            str(journal),
            "--seed",
            "20261130",
            "--round-limit",
            "40",
            "--response-timer",
            "0",
            "--disconnect-grace",
            "300",
        ),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=cli_env(),
    )
    procs: list[subprocess.Popen[str]] = [serve]
    try:
        line = serve.stdout.readline()
        assert re.search(rf"listening on \S+:{port}\b", line), (
            line,
            serve.stderr.read() if serve.poll() is not None else "",
        )
        watcher = await TableClient.connect("127.0.0.1", port, "watcher", timeout=WAIT)
        await watcher.spectate()
        me = await TableClient.connect("127.0.0.1", port, "Ann", timeout=WAIT)
        seat = await me.join()
        await me.set_ready(True)
        bots = [
            subprocess.Popen(
                cli(
                    "bot",
                    "--connect",
                    f"127.0.0.1:{port}",
                    "--name",
                    f"bot{i}",
                    "--games",
                    "1",
                    "--strategy",
                    "random" if i else "heuristic",
                    "--seed",
                    str(i),
                ),
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                env=cli_env(),
            )
            for i in range(2)
        ]
        procs += bots
        bot = make_bot("heuristic", "Ann")
        seen: list[GameUpdate] = []
        playing = asyncio.ensure_future(
            _play(me, bot, seen, lambda: _choices_on_disk(journal) >= kill_after)
        )

        await wait_for(lambda: _choices_on_disk(journal) >= kill_after or playing.done(), WAIT * 3)
        assert not playing.done(), f"the game ended before the kill: {playing.result()}"
        serve.send_signal(signal.SIGKILL)
        assert serve.wait(WAIT) == -signal.SIGKILL
        lost = await asyncio.wait_for(playing, WAIT)
        assert isinstance(lost, ConnectionLost) and not lost.final, lost

        # What the journal says the game is, computed here: the resumed host must match it.
        header, before, result = _last_game(journal)
        assert result is None and len(before) >= kill_after
        expected = _replay(header, before)
        assert not expected.over
        assert (
            Host.resume(str(journal), bind="127.0.0.1", advertise=False).game.state_hash()
            == expected.state_hash()
        )
        # Nothing journaled was lost: every update Ann saw is at or before the journal's seq.
        assert max(u.view.seq for u in seen) <= wire_seq(expected, seat)

        resumed = subprocess.Popen(
            cli("serve", "--resume", str(journal), *common, "--lang", "en"),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=cli_env(),
        )
        procs.append(resumed)
        line = resumed.stdout.readline()
        assert re.search(rf"listening on \S+:{port}\b", line), (
            line,
            resumed.stderr.read() if resumed.poll() is not None else "",
        )
        # It says what it carries on (playtest 4 finding 22): the game, its turn, its players.
        assert resumed.stdout.readline().startswith("Players join with")
        says = resumed.stdout.readline().strip()
        assert says == f"Resuming game 1 at turn {expected.turn}: {', '.join(expected.names)}"

        assert await _reconnect(me) == seat  # the token still works: the same seat back
        # The spectator comes back too (it has no token: it watches again).
        lost = await until(watcher, lambda m: isinstance(m, ConnectionLost), timeout=WAIT)
        assert not lost.final
        assert await _reconnect(watcher) is None and watcher.spectating
        # Bots that came back first may move on; once the game waits on this seat nothing
        # moves, and the resumed host's state, as this seat sees it, must be the journal's.
        update = await until(me, lambda m: isinstance(m, GameUpdate | GameEnded), timeout=WAIT)
        assert isinstance(update, GameUpdate) and update.view.seq >= wire_seq(expected, seat)
        if update.view.seq == wire_seq(expected, seat):
            assert to_plain(update.view) == wire_view(expected, seat)
        while not (update.view.prompt is not None and update.view.prompt.seat == seat):
            update = await until(me, lambda m: isinstance(m, GameUpdate | GameEnded), timeout=WAIT)
            assert isinstance(update, GameUpdate), "the game ended without this seat deciding again"
        header_now, choices_now, _ = _last_game(journal)
        assert header_now == header and choices_now[: len(before)] == before
        now = _replay(header_now, choices_now)
        assert update.view.seq == wire_seq(now, seat)
        assert to_plain(update.view) == wire_view(now, seat)
        await me.choose(bot.choose(update.view), update.view.prompt.seq)
        end = await asyncio.wait_for(_play(me, bot, seen), WAIT * 4)
        assert isinstance(end, GameEnded), end
        seen_end = await until(watcher, lambda m: isinstance(m, GameEnded), timeout=WAIT)
        assert seen_end.result == end.result and seen_end.view.viewer is None

        # Everyone came back and played: the bots finished their game, the host its table.
        outs = [b.communicate(timeout=WAIT * 2) for b in bots]
        assert [b.returncode for b in bots] == [0, 0], outs
        assert all("game 1 over" in out for out, _ in outs), outs
        assert all("cannot come back" not in out for out, _ in outs), outs
        assert resumed.wait(WAIT) == 0, resumed.stderr.read()

        header2, after, result2 = _last_game(journal)
        assert header2 == header and result2 is not None
        assert after[: len(before)] == before  # the game went on from where it was killed
        later_seats = {s for s, _ in after[len(before) :]}
        assert later_seats == set(range(SEATS)), later_seats  # every seat decided after the resume
        final = _replay(header2, after)
        assert final.over and to_plain(final.result) == result2 == to_plain(end.result)
        records = [json.loads(line) for line in journal.read_text().splitlines()]
        seats = next(r for r in records if r["type"] == "game")["seats"]
        assert [r["kind"] for r in seats] == ["human"] * (SEATS - 1) + ["bot"]
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
                p.wait(5)


async def test_kill_9_between_games_then_resume_and_rematch(tmp_path: Path) -> None:
    """Killed after a game ended (before the rematch): the resumed table is in its "ended"
    state, the players' tokens bring them back to the result, and their rematch is the
    journal's second game."""
    journal = tmp_path / "table.jsonl"
    port = free_port()
    common = ("--bind", "127.0.0.1", "--port", str(port), "--no-advertise")
    game_options = ("--round-limit", "3", "--response-timer", "0")
    serve = subprocess.Popen(
        cli(
            "serve",
            "--seats",
            "2",
            *common,
            *game_options,
            "--journal",
            str(journal),
            "--seed",
            "5",
        ),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=cli_env(),
    )
    procs = [serve]
    try:
        assert f":{port}" in serve.stdout.readline()
        players = [
            await TableClient.connect("127.0.0.1", port, name, timeout=WAIT)
            for name in ("Ann", "Bo")
        ]
        for c in players:
            await c.join()
        for c in players:
            await c.set_ready(True)
        bots = [make_bot("random", i) for i in range(2)]
        first = await asyncio.wait_for(
            asyncio.gather(*(_play(c, b, []) for c, b in zip(players, bots, strict=True))), WAIT * 3
        )
        assert all(isinstance(e, GameEnded) for e in first)
        await wait_for(lambda: b'"type":"result"' in journal.read_bytes())
        serve.send_signal(signal.SIGKILL)
        serve.wait(WAIT)

        resumed = subprocess.Popen(
            cli("serve", "--resume", str(journal), *common, "--games", "2"),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=cli_env(),
        )
        procs.append(resumed)
        assert f":{port}" in resumed.stdout.readline()
        for i, c in enumerate(players):
            await until(c, lambda m: isinstance(m, ConnectionLost))
            assert await _reconnect(c) == i
            back = await until(c, lambda m: isinstance(m, GameEnded | GameUpdate))
            assert isinstance(back, GameEnded) and back.result == first[0].result  # the last result
        for c in players:
            await c.rematch()
        second = await asyncio.wait_for(
            asyncio.gather(*(_play(c, b, []) for c, b in zip(players, bots, strict=True))), WAIT * 3
        )
        assert all(isinstance(e, GameEnded) for e in second)
        assert resumed.wait(WAIT) == 0  # --games 2 counts the journal's finished game
        header, choices, result = _last_game(journal)
        assert result is not None
        assert to_plain(_replay(header, choices).result) == result == to_plain(second[0].result)
        assert journal.read_bytes().count(b'"type":"game"') == 2
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
                p.wait(5)
