"""``qingming stats --cards``: card by card from real games kept on this machine.

A folder of real journals and game records (real hosts on loopback, games played to their
end) of a tiny hand-made set whose answer is known — one ancestor's condition always holds, so
worshipping with it wins, the other five can never be met — plus a game of the game's own set,
a damaged journal and a file that is no game. The figures are checked against what is counted
here by hand from the same games: each counted seat's opening hand and every hand it held, read
from the views the engine gives that seat (not from the events the figures are read from), and
who won. A journal counts every seat; a game record only its player's own seat; a game kept
both ways counts once."""

from __future__ import annotations

import asyncio
import dataclasses
import io
import json
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest
from net_support import kept_game

from qingming.cli import main
from qm_net import fairdeal
from qm_net.journal_io import read_games
from qm_rules import Game, Journal
from qm_rules.cards import CardSet, parse_cards

TINY = (Path(__file__).parent / "cardsets" / "tiny.toml").read_text(encoding="utf-8")


def _sure_set() -> str:
    """The tiny set with a1 sure to win when worshipped, a2-a6 never."""
    out, card = [], None
    for line in TINY.splitlines():
        if line.startswith("id = "):
            card = line.split('"')[1]
        if line.startswith("condition = "):
            sure = 'condition = { op = "hand_size", n = 0 }'
            line = sure if card == "a1" else 'condition = { op = "stacked", n = 60 }'
        out.append(line)
    return "\n".join(out) + "\n"


SURE = _sure_set()


@pytest.fixture(scope="module")
def kept(tmp_path_factory: pytest.TempPathFactory) -> Path:
    top = tmp_path_factory.mktemp("kept")
    (top / "sure.toml").write_text(SURE, encoding="utf-8")
    folder = top / "games"  # the games alone: what `stats` is pointed at
    (folder / "journals").mkdir(parents=True)
    (folder / "records").mkdir()
    sure = parse_cards(SURE.encode())

    async def play() -> None:
        async def game(
            people: list[str], bots: int, journal: str | None, record: bool, seed: int
        ) -> None:
            await kept_game(
                folder,
                people=people,
                bots=bots,
                strategy="heuristic",
                journal=journal,
                seed=seed,
                record=record,
                cards=sure if seed < 4 else None,
                round_limit=8,
            )

        # hosted here with Bob and a bot: its journal, and Ann's record of it (counted once)
        await game(["Ann", "Bob"], 1, "t1.jsonl", True, 1)
        # Ann against three bots here: its journal only
        await game(["Ann"], 3, "t2.jsonl", False, 2)
        # Ann at Cat's table elsewhere: her record only (her own seat counts)
        await game(["Cat", "Ann"], 0, None, True, 3)
        # a game of the game's own cards, hosted here
        await game(["Ann"], 1, "own.jsonl", False, 4)

    asyncio.run(play())
    lines = (folder / "journals" / "t1.jsonl").read_text(encoding="utf-8").splitlines()
    lines[len(lines) // 2] = lines[len(lines) // 2][:7]  # a line cut short, mid-journal
    (folder / "journals" / "damaged.jsonl").write_text("\n".join(lines) + "\n", "utf-8")
    (folder / "records" / "notes.txt").write_text("my shopping list\n", "utf-8")
    return top


def _run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(["stats", "--cards", *args])
    return code, out.getvalue(), err.getvalue()


def _by_hand(
    games: list[tuple[Journal, int | None]], ids: list[str], cards: CardSet
) -> dict[str, Any]:
    """Each card's counts, by hand: each counted seat's opening hand and every card it ever
    held, from the views the engine gives that seat, and whether that seat won."""
    n: dict[str, dict[str, list[int]]] = {
        c: {k: [0, 0] for k in ("opening_hand", "in_hand", "not_seen", "drawn")} for c in ids
    }
    for journal, only in games:
        game = Game.replay(dataclasses.replace(journal, choices=[], result=None), cards=cards)
        seats = range(game.n) if only is None else [only]

        def hand(seat: int, game: Game = game) -> set[str]:
            me = game.view(seat).me()
            assert me is not None and me.hand is not None
            return {c.card for c in me.hand}

        opening = {s: hand(s) for s in seats}
        held = {s: set(opening[s]) for s in seats}
        for seat, option in journal.choices:
            game.choose(seat, option)
            for s in seats:
                held[s] |= hand(s)
        assert journal.result is not None
        for s in seats:
            won = int(journal.result.winner == s)
            for c in ids:
                for key, yes in (
                    ("opening_hand", c in opening[s]),
                    ("drawn", c in held[s] and c not in opening[s]),
                    ("in_hand", c in held[s]),
                    ("not_seen", c not in held[s]),
                ):
                    if yes:
                        n[c][key][0] += won
                        n[c][key][1] += 1
    return n


def _counted(folder: Path) -> list[tuple[Journal, int | None]]:
    """The sure set's games as they should count: the two journals (every seat) and Cat's
    table from Ann's record (her seat); Ann's record of the first game is the journal's."""
    games: list[tuple[Journal, int | None]] = []
    for name in ("t1.jsonl", "t2.jsonl"):
        games += [(g.journal(), None) for g in read_games(str(folder / "journals" / name))]
    rec = fairdeal.load(str(folder / "records" / "3.json"))
    games.append((fairdeal.revealed_journal(rec), rec.seat))
    return games


def test_the_figures_are_those_counted_by_hand(kept: Path) -> None:
    code, out, err = _run(str(kept / "games"), "--cards-file", str(kept / "sure.toml"), "--json")
    assert code == 0 and not err
    got = json.loads(out)
    [group] = got["sets"]
    counted = _counted(kept / "games")
    assert (group["games"], group["hosted"], group["recorded"]) == (3, 2, 1)
    assert group["seat_games"] == 3 + 4 + 1
    assert got["other_set"] == 1  # the game of the game's own cards
    skipped = {Path(s["path"]).name: s["why"] for s in got["skipped"]}
    assert skipped == {"damaged.jsonl": "malformed", "notes.txt": "not_game"}

    ids = list(group["by_card"])
    by_hand = _by_hand(counted, ids, parse_cards(SURE.encode()))
    for card, figures in group["by_card"].items():
        for key, (won, of) in by_hand[card].items():
            assert (figures[key]["won"], figures[key]["of"]) == (won, of), (card, key)
    # the ancestor that wins when worshipped shows it: every seat-game it was played in was
    # won, and those are the games won at worship with it (of the seats counted)
    worshipped = [
        (j.result.winner, only)
        for j, only in counted
        if j.result is not None and j.result.ancestor == "a1"
    ]
    a1_wins = sum(only is None or winner == only for winner, only in worshipped)
    played = group["by_card"]["a1"]["played"]
    assert played["won"] == played["of"] == a1_wins
    assert group["wins_by_ancestor"] == {
        f"a{i}": int(i == 1) * len(worshipped) for i in range(1, 7)
    }
    for never in ("a2", "a3", "a4", "a5", "a6"):
        assert group["by_card"][never]["played"]["won"] == 0


def test_each_set_apart_without_a_file_and_a_page(kept: Path, tmp_path: Path) -> None:
    page = tmp_path / "cards.html"
    code, out, err = _run(str(kept / "games"), "--json", "--report", str(page))
    assert code == 0 and not err
    got = json.loads(out)
    sets = {s["games"]: s for s in got["sets"]}
    assert set(sets) == {3, 1} and got["other_set"] == 0  # the sure set's three, the own one
    assert "rice" in sets[3]["by_card"] and "taigong" in sets[1]["by_card"]
    html = page.read_text(encoding="utf-8")
    assert "First (Ancestor)" in html and "<svg" in html
    for outside in ("http:", "https:", "<script", "src=", "@import", "url("):
        assert outside not in html


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_figures_in_words(kept: Path, lang: str) -> None:
    code, out, err = _run(
        str(kept / "games"), "--cards-file", str(kept / "sure.toml"), "--lang", lang
    )
    assert code == 0 and not err and "Traceback" not in out
    said = {
        "en": (
            "3 games: 2 hosted here",
            "1 from game records",
            "First (Ancestor)",
            "improvement when drawn",
            "Played with another card set, not counted: 1",
            "damaged.jsonl: the file is damaged",
            "notes.txt: not a game file",
        ),
        "zh": (
            "3 局：2 局在这里开桌",
            "甲 (祖宗牌)",
            "用别的卡牌组下的、未计入：1 局",
            "文件已损坏",
        ),
    }[lang]
    for words in said:
        assert words in out, (words, out)
