"""`qingming replay` tells a game in words: as seat S saw it (R5), no card hidden from S; and
in either language without the engine's ids."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from qm_net.journal_io import JournalWriter
from qm_rules import Game, GameOptions
from qm_rules.bots import make_bot
from qm_rules.cards import shipped_cards

INTERNAL_ID = re.compile(r"\b[a-z_]+:\d+\b")  # an option id such as place:26


def _journal(path: Path, seed: int) -> Game:
    """A bot game written to a journal file as a host writes it."""
    game = Game.new(["Ann", "Bo", "Cy"], seed, GameOptions(round_limit=6))
    writer = JournalWriter(str(path))
    writer.begin_game(0, "t", [], game)
    bots = [make_bot("random", (seed, s)) for s in range(3)]
    while not game.over:
        p = game.prompt
        assert p is not None
        game.choose(p.seat, bots[p.seat].choose(game.view(p.seat)))
        writer.sync_choices(game)
    writer.end_game(game)
    writer.close()
    return game


def test_replay_for_one_seat_names_no_card_that_seat_did_not_see(tmp_path: Path) -> None:
    # R5: other seats' search picks and 借东风 takes name hidden cards; from seat 0's side they
    # are told by kind only. Every card name printed must be one seat 0 saw at that point.
    path = tmp_path / "game.jsonl"
    leaked_before = 0
    for seed in range(6):
        path.unlink(missing_ok=True)
        _journal(path, seed)
        full = subprocess.run(
            [
                sys.executable,
                "-m",
                "qingming",
                "replay",
                str(path),
                "--no-step",
                "--replay-lang",
                "en",
            ],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        mine = subprocess.run(
            [
                sys.executable,
                "-m",
                "qingming",
                "replay",
                str(path),
                "--no-step",
                "--replay-lang",
                "en",
                "--seat",
                "0",
            ],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        # Choice lines of other seats are told by kind: no card name, and no line has an id.
        for line in (*full.splitlines(), *mine.splitlines()):
            assert not INTERNAL_ID.search(line), line
        # The full replay does show other seats' picks by name where seat 0's cannot.
        picks_full = [
            ln for ln in full.splitlines() if re.match(r"#\d+ turn \d+ · (Bo|Cy): Pick ", ln)
        ]
        picks_mine = [
            ln for ln in mine.splitlines() if re.match(r"#\d+ turn \d+ · (Bo|Cy): Pick ", ln)
        ]
        leaked_before += len(picks_full)
        names = {shipped_cards()[c.id].name.en for c in shipped_cards().cards}
        for ln in picks_mine:
            assert not any(n in ln for n in names), ln
    assert leaked_before > 0, "expected other seats to have made named picks in these games"


def _takes_from_ann(seed: int) -> bool:
    """Whether the bot game of ``seed`` plays 顺手牵羊 at a card on Ann's field."""
    game = Game.new(["Ann", "Bo", "Cy"], seed, GameOptions(round_limit=6))
    bots = [make_bot("random", (seed, s)) for s in range(3)]
    targets: set[str] = set()
    while (p := game.prompt) is not None:
        for e in game.choose(p.seat, bots[p.seat].choose(game.view(p.seat))):
            if e.kind == "activate" and e.data["def"] == "shunshou":
                targets.update(e.data["targets"])
            elif e.kind == "take" and e.data.get("from") == 0 and f"c{e.data['card']}" in targets:
                return True
    return False


def _replay(path: Path, *args: str) -> list[str]:
    return subprocess.run(
        [sys.executable, "-m", "qingming", "replay", str(path), "--no-step", *args],
        capture_output=True, text=True, check=True,
    ).stdout.splitlines()  # fmt: skip


def test_replay_reads_as_words_in_both_languages(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    game = _journal(path, 3)
    assert game.result is not None
    winner = game.players[game.result.winner] if game.result.winner is not None else None
    for lang, turn, over in (("en", "turn", "Game over: "), ("zh", "回合", "游戏结束：")):
        lines = _replay(path, "--replay-lang", lang)
        choices = [ln for ln in lines if ln.startswith("#")]
        assert len(choices) == len(game.choices)
        assert all(turn in ln for ln in choices), choices[:3]
        assert not [ln for ln in lines if INTERNAL_ID.search(ln)]
        assert lines[-1].startswith(over), lines[-1]
        assert winner is None or winner in lines[-1]
        assert "_" not in lines[-1]  # no code such as "round_limit": the reason is in words


def test_replay_says_whose_card_a_link_targets(tmp_path: Path) -> None:
    """A card target is named, with whose slot it lay in: "Bo activates Sleight of Hand ->
    Rice Wine (Ann's slot 1)"; the replay read "-> a card" (it had no names for targets)."""
    path = tmp_path / "game.jsonl"
    seed = next((s for s in range(40) if _takes_from_ann(s)), None)
    assert seed is not None, "no game of the first 40 seeds plays Sleight of Hand at Ann's field"
    _journal(path, seed)
    for lang, line in (
        ("en", r"activates Sleight of Hand -> [A-Z][a-zA-Z ]+ \((Ann|Bo|Cy)'s slot [1-5]\)$"),
        ("zh", r"发动顺手牵羊 -> \w+（(Ann|Bo|Cy) 的 [1-5] 号位置）$"),
    ):
        lines = _replay(path, "--replay-lang", lang)
        assert any(re.search(line, ln) for ln in lines), lines
        assert not [ln for ln in lines if "-> a card" in ln or "-> 一张牌" in ln]
    # from Ann's side her own card is "your slot"
    mine = _replay(path, "--replay-lang", "en", "--seat", "0")
    assert any(re.search(r"Sleight of Hand -> .+ \(your slot \d\)$", ln) for ln in mine)


def test_the_replays_first_line_is_in_players_words(tmp_path: Path) -> None:
    """Who played, the day, how many moves, how the game was dealt; it showed the engine's seed
    ("seed 'deal:a606f0c8…'", 64 hex digits for a fair deal) and "99 choices"."""
    path = tmp_path / "20261201-031116-Ann-s-table.jsonl"  # named as play and serve name them
    game = _journal(path, 4)
    moves = len(game.choices)
    en = _replay(path, "--replay-lang", "en")[0]
    assert en == f"Ann · Bo · Cy — 2026-12-01, {moves} moves, dealt from the fixed number 4"
    zh = _replay(path, "--replay-lang", "zh")[0]
    assert zh == f"Ann · Bo · Cy — 2026-12-01，共 {moves} 步，固定发牌号 4"
    other = tmp_path / "game.jsonl"  # named otherwise: no day
    other.write_bytes(path.read_bytes())
    assert _replay(other, "--replay-lang", "en")[0].startswith(f"Ann · Bo · Cy — {moves} moves")
    assert not [ln for ln in (en, zh) if "seed" in ln or "种子" in ln or "choices" in ln]


def test_a_fairly_dealt_game_says_so_and_how_to_check_it(tmp_path: Path) -> None:
    from qm_net import fairdeal

    deal = fairdeal.Deal(3)  # the host's secret, a part made for each seat
    for seat in range(3):
        deal.fill(seat, "bot")
    path = tmp_path / "game.jsonl"
    game = Game.new(["Ann", "Bo", "Cy"], deal.seed(), GameOptions(round_limit=6))
    writer = JournalWriter(str(path))
    writer.begin_game(0, "t", [], game, deal.plain())
    writer.close()
    header = _replay(path, "--replay-lang", "en")[0]
    assert header == "Ann · Bo · Cy — 0 moves, dealt fairly (qingming verify checks it)"
    assert "deal:" not in header
