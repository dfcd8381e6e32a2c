"""The host's journal: every choice on disk, a stopped host resumed to the same state."""

from __future__ import annotations

import asyncio
import json

from net_support import client, options, play_to_end, until, wait_for, wire_view

from qm_net.host import Host
from qm_net.journal_io import read_games
from qm_net.messages import ConnectionLost, GameUpdate
from qm_rules import to_plain
from qm_rules.bots import make_bot


async def _play_some(host: Host, c, bot, upto: int) -> None:
    """Answer seat 0's prompts (bots play the rest) until ``upto`` choices are made, stopping
    while it is seat 0's turn to decide so that nothing moves behind our back."""
    game = host.game
    while True:
        await wait_for(lambda: game.over or game.prompt.seat == c.seat)
        if game.over or len(game.choices) >= upto:
            return
        seq = game.seq
        await c.choose(bot.choose(game.view(c.seat)), host.wire.of(c.seat))
        await wait_for(lambda seq=seq: game.seq > seq)


async def test_stop_and_resume_restores_state_and_tokens(tmp_path) -> None:
    path = str(tmp_path / "j.jsonl")
    common = {"bind": "127.0.0.1", "advertise": False}
    host = Host(
        "resumable", 3, bots=2, options=options(round_limit=6), journal_path=path, seed=21, **common
    )
    await host.start()
    c = await client(host, "Ann")
    assert await c.join() == 0
    await c.set_ready(True)
    await wait_for(lambda: host.state == "playing")
    bot = make_bot("random", 3)
    await _play_some(host, c, bot, 25)
    game = host.game
    assert not game.over
    state_hash, n_choices = game.state_hash(), len(game.choices)
    await host.stop()  # as good as a crash for the journal: every choice is already on disk

    text = open(path, encoding="utf-8").read()
    assert c.token not in text  # only the token's hash is kept
    assert len(read_games(path)[-1].choices) == n_choices

    resumed = Host.resume(path, **common)
    assert resumed.game.state_hash() == state_hash
    assert resumed.state == "playing" and resumed.name == "resumable"
    await resumed.start()
    try:
        await until(c, lambda m: isinstance(m, ConnectionLost))  # the old host's goodbye
        c.port = resumed.port
        assert await c.reconnect() == 0  # the old token works on the new host
        update = await until(c, lambda m: isinstance(m, GameUpdate))
        assert to_plain(update.view) == wire_view(resumed.game, 0)

        assert update.view.prompt.seat == 0  # we stopped on seat 0's decision: answer it
        await c.choose(bot.choose(update.view), update.view.prompt.seq)

        end = await asyncio.wait_for(play_to_end(c, bot), 60)
        final_hash = resumed.game.state_hash()
    finally:
        await resumed.stop()
    games = read_games(path)
    assert len(games) == 1 and games[0].finished
    assert games[0].result == to_plain(end.result)
    assert games[0].replay().state_hash() == final_hash


async def test_torn_last_line_is_ignored_and_cut(tmp_path) -> None:
    path = tmp_path / "torn.jsonl"
    host = Host(
        "t",
        2,
        bots=2,
        options=options(round_limit=2),
        journal_path=str(path),
        seed=4,
        bind="127.0.0.1",
        advertise=False,
        games=1,
    )
    await host.start()
    await asyncio.wait_for(host.wait_closed(), 60)  # two bots play one game and the table closes
    whole = path.read_bytes()
    assert oct(path.stat().st_mode & 0o777) == "0o600"
    games = read_games(str(path))
    assert games[-1].finished
    # a crash in the middle of a write leaves half a line
    lines = whole.splitlines(keepends=True)
    cut = b"".join(lines[:-3]) + lines[-3][:7]
    path.write_bytes(cut)
    again = read_games(str(path))[-1]
    assert not again.finished and len(again.choices) == len(games[-1].choices) - 2
    resumed = Host.resume(str(path), bind="127.0.0.1", advertise=False)
    assert resumed.game.state_hash() == again.replay().state_hash()
    await resumed.start()  # opening the journal for append cuts the torn tail
    await resumed.stop()
    intact = b"".join(lines[:-3])
    data = path.read_bytes()
    assert data.startswith(intact)  # then the resumed table's own line: how it was started
    assert json.loads(data[len(intact) :])["type"] == "table"
    for line in path.read_text().splitlines():
        json.loads(line)


async def test_a_resumed_table_keeps_the_options_it_was_started_with(tmp_path) -> None:
    path = str(tmp_path / "kept.jsonl")
    common = {"bind": "127.0.0.1", "advertise": False}
    host = Host(
        "kept",
        3,
        bots=2,
        options=options(round_limit=6),
        journal_path=path,
        seed=21,
        games=3,
        bot_strategy="random",
        bot_delay=0.01,
        **common,
    )
    await host.start()
    c = await client(host, "Ann")
    await c.join()
    await c.set_ready(True)
    await wait_for(lambda: host.state == "playing")
    await host.stop()
    # what `qingming serve --resume` passes when those options are not given again
    resumed = Host.resume(path, games=None, seed=None, bot_strategy=None, bot_delay=None, **common)
    assert (resumed.games_limit, resumed.seed, resumed.bot_strategy, resumed.bot_delay) == (
        3,
        21,
        "random",
        0.01,
    )
    assert resumed.n_seats == 3
    assert resumed.play.next_seed() == host.play.next_seed() == 21  # game 1 again
    resumed.games_played = 1
    assert resumed.play.next_seed() == 22  # later games derive theirs from the first, as before
    again = Host.resume(path, games=5, **common)  # given again: the new value wins
    assert again.games_limit == 5 and again.seed == 21
