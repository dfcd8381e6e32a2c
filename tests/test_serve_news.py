"""``qingming serve`` tells the one who runs the table what happens there: players sitting
down, leaving, dropping and coming back, each game starting (with whom) and ending (who won,
how, where it is journaled), in the language asked for. The host says it as data
(:mod:`qm_net.host.news`); the command prints it in words."""

from __future__ import annotations

import asyncio
import dataclasses
import re
import subprocess
from pathlib import Path

import pytest
from net_support import cli, cli_env, client, options, play_to_end, until, wait_for

from qingming.commands.serve import news_line
from qm_net.host import Host
from qm_net.host.news import News
from qm_net.journal_io import read_games
from qm_net.messages import ConnectionLost
from qm_rules.bots import make_bot
from qm_rules.i18n import tr

COMMON = {"bind": "127.0.0.1", "advertise": False}


async def test_the_host_tells_who_comes_and_goes_and_each_game(tmp_path: Path) -> None:
    journal = str(tmp_path / "j.jsonl")
    host = Host(
        "news",
        3,
        options=options(disconnect_grace=0.3, round_limit=2),
        journal_path=journal,
        seed=4,
        games=1,
        **COMMON,
    )
    told: list[News] = []
    host.news = told.append
    await host.start()
    try:
        ann = await client(host, "Ann")
        await ann.join()
        cy = await client(host, "Cy")
        await cy.join()
        await cy.close()  # gone before the game: the seat is free again
        await wait_for(lambda: len(told) == 3)
        bo = await client(host, "Bo")
        await bo.join()
        await ann.add_bot()
        await wait_for(lambda: len(told) == 5)
        assert [(n.kind, n.name, n.seat, n.bot) for n in told] == [
            ("joined", "Ann", 0, False),
            ("joined", "Cy", 1, False),
            ("left", "Cy", 1, False),
            ("joined", "Bo", 1, False),
            ("joined", told[4].name, 2, True),
        ]
        for c in (ann, bo):
            await c.set_ready(True)
        await wait_for(lambda: host.state == "playing")
        started = told[5]
        assert started.kind == "game_started" and started.game == 1
        assert started.players == ("Ann", "Bo", told[4].name)
        assert started.bots == (False, False, True)

        bo._writer.transport.abort()  # type: ignore[union-attr]  # a crash, not a goodbye
        await wait_for(lambda: [n.kind for n in told[6:]] == ["dropped", "bot_plays"])
        assert told[6].name == told[7].name == "Bo"
        await until(bo, lambda m: isinstance(m, ConnectionLost))
        assert await bo.reconnect() == 1
        await wait_for(lambda: told[-1].kind == "back")
        assert (told[-1].name, told[-1].seat) == ("Bo", 1)

        bots = [make_bot("random", 0), make_bot("random", 1)]
        await asyncio.gather(play_to_end(ann, bots[0]), play_to_end(bo, bots[1]))
        await wait_for(lambda: any(n.kind == "game_over" for n in told))
        over = next(n for n in told if n.kind == "game_over")
        assert over.game == 1 and over.journal == journal
        assert over.result == host.game.result  # type: ignore[union-attr]
        assert over.players == started.players
    finally:
        await host.stop()
    assert told[-1].kind == "closed" and told[-1].game == 1


def test_the_end_of_a_game_reads_as_words_in_serve_s_own_process() -> None:
    """``serve`` runs on its own: the words of how a game ended are there without anything
    else having loaded them (a test process has loaded them all)."""
    import sys

    code = (
        "from qingming.commands.serve import news_line\n"
        "from qm_net.host.news import News\n"
        "from qm_rules.model import Result\n"
        "r = Result(winner=0, ancestor=None, reason='worship', rounds=3, turns=11)\n"
        "print(news_line(News('game_over', game=1, players=('Ann', 'Bo'), result=r), 'en', 1))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    ).stdout
    assert out.strip() == "Game 1 over: Ann wins (by worship) after 11 turns", out


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_each_piece_of_news_reads_as_words(lang: str) -> None:
    from qm_rules.model import Result

    result = Result(winner=1, ancestor=None, reason="worship", rounds=3, turns=11)
    lines = {
        kind: news_line(news, lang, 120.0)
        for kind, news in {
            "joined": News("joined", seat=0, name="Ann"),
            "bot": News("joined", seat=2, name="bot-3", bot=True),
            "bot_level": News("joined", seat=2, name="bot-3", bot=True, level="hard"),
            "netbot": News("joined", seat=3, name="rb", level="easy"),  # qingming bot
            "left": News("left", seat=1, name="Bo", conceded=True),
            "dropped": News("dropped", seat=1, name="Bo"),
            "away": News("away", seat=1, name="Bo"),
            "back": News("back", seat=1, name="Bo"),
            "bot_plays": News("bot_plays", seat=1, name="Bo"),
            "freed": News("freed", seat=1, name="Bo"),
            "game_started": News(
                "game_started", game=2, players=("Ann", "Bo", "bot-3"), bots=(False, False, True)
            ),
            "game_levels": News(
                "game_started",
                game=2,
                players=("Ann", "rb", "bot-3"),
                bots=(False, True, True),
                levels=(None, "easy", "hard"),
            ),
            "game_over": News(
                "game_over", game=2, players=("Ann", "Bo"), result=result, journal="/j.jsonl"
            ),
            "closed": News("closed", game=2),
        }.items()
    }
    if lang == "en":
        assert lines == {
            "joined": "Ann sat down at seat 1",
            "bot": "A bot, bot-3, sat down at seat 3",
            "bot_level": "A bot, bot-3 (hard), sat down at seat 3",
            "netbot": "rb, a bot over the network (easy), sat down at seat 4",
            "left": "Bo left seat 2, conceding the game",
            "dropped": "Bo (seat 2) lost the connection; the seat is kept for 120 s",
            "away": "Bo (seat 2) went away keeping the seat; it is kept for 120 s",
            "back": "Bo is back at seat 2",
            "bot_plays": "Bo did not come back in time: a bot plays seat 2",
            "freed": "Bo did not ask for a rematch in time: seat 2 is free",
            "game_started": "Game 2 starts: Ann, Bo, bot-3 (bot)",
            "game_levels": "Game 2 starts: Ann, rb (bot, easy), bot-3 (bot, hard)",
            "game_over": "Game 2 over: Bo wins (by worship) after 11 turns (journaled in /j.jsonl)",
            "closed": "The table closed after 2 games",
        }
    else:
        assert lines["game_started"] == "第 2 局开始：Ann、Bo、bot-3（机器人）"
        assert lines["netbot"] == "联网的机器人 rb（简单）坐到了 4 号座位"
        assert lines["game_levels"] == "第 2 局开始：Ann、rb（机器人，简单）、bot-3（机器人，困难）"
        assert (
            lines["game_over"] == "第 2 局结束：Bo 获胜（祭祀成功），11 个回合（记录在 /j.jsonl）"
        )
        words = [line for kind, line in lines.items() if kind != "game_over"]  # (a path)
        assert all(not re.search(r"[A-Za-z]{4,}", line) for line in words), lines


async def test_a_player_going_away_keeping_the_seat_is_told_as_such() -> None:
    """A player who quits choosing "keep my seat" says so (``leave`` with ``keep``): the host's
    log says the seat is kept, not that the connection was lost; nothing is conceded, and the
    token brings the player back. To a host that does not list ``leave_keep`` (an older one)
    the client says nothing: that host would take any ``leave`` for giving the seat up."""
    host = Host("away", 2, bots=1, options=options(), seed=4, **COMMON)
    told: list[News] = []
    host.news = told.append
    await host.start()
    try:
        ann = await client(host, "Ann")
        assert ann.table is not None and "leave_keep" in ann.table.features
        await ann.join()
        await ann.set_ready(True)
        await wait_for(lambda: host.state == "playing" and host.game is not None)
        await ann.go_away()
        await ann.close()
        await wait_for(lambda: host.seats[0].conn is None and told[-1].kind in ("away", "dropped"))
        assert [n.kind for n in told if n.seat == 0][-1] == "away"
        assert not host.game.conceded[0]  # type: ignore[union-attr]
        assert host.seats[0].grace is not None  # the seat waits for its player
        assert await ann.reconnect() == 0
        await wait_for(lambda: told[-1].kind == "back")

        # the same client at a host that lists no feature: nothing is sent, the drop is a drop
        ann.table = dataclasses.replace(ann.table, features=frozenset())
        await ann.go_away()
        await ann.close()
        await wait_for(lambda: told[-1].kind in ("away", "dropped"))
        assert told[-1].kind == "dropped"
        assert not host.game.conceded[0]  # type: ignore[union-attr]
    finally:
        await host.stop()


def test_serve_prints_the_operators_lines(tmp_path: Path) -> None:
    """A real ``qingming serve`` of bots (it plays on its own), in Chinese: the line scripts
    read first, then how to join, where games are journaled, the game and the table's end."""
    journal = tmp_path / "j.jsonl"
    out = subprocess.run(
        cli(
            "serve",
            "--bind",
            "127.0.0.1",
            "--port",
            "0",
            "--no-advertise",
            "--seats",
            "2",
            "--bots",
            "2",
            "--games",
            "1",
            "--seed",
            "9",
            "--round-limit",
            "3",
            "--journal",
            str(journal),
            "--lang",
            "zh",
        ),  # fmt: skip
        env=dict(cli_env(), QINGMING_CONFIG_DIR=str(tmp_path / "config")),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    port = re.fullmatch(
        r'qingming serve: table "Qingming" listening on 127\.0\.0\.1:(\d+)', lines[0]
    )
    assert port, lines
    assert lines[1] == tr("serve.join_with", "zh", commands=f"qingming join 127.0.0.1:{port[1]}")
    assert lines[2] == tr("serve.journal", "zh", path=str(journal))
    logged = [re.sub(r"^\d\d:\d\d:\d\d ", "", line) for line in lines[3:]]
    assert logged[0] == "第 1 局开始：bot-1（机器人，普通）、bot-2（机器人，普通）"  # and how well
    result = read_games(str(journal))[-1].replay().result
    names = ("bot-1", "bot-2")
    over = News("game_over", game=1, players=names, result=result, journal=str(journal))
    assert logged[1:] == [news_line(over, "zh", 0), "牌桌关闭了，共进行了 1 局"]


async def test_a_listener_that_fails_does_not_stop_the_table(tmp_path: Path) -> None:
    def broken(news: News) -> None:
        raise BrokenPipeError("stdout is gone")

    host = Host("bots", 2, bots=2, options=options(round_limit=2), seed=3, games=1, **COMMON)
    host.news = broken
    await host.start()
    try:
        await wait_for(lambda: host.games_played == 1)
    finally:
        await host.stop()
