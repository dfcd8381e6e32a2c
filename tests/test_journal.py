"""The journal (seed, players, options, choices, result) replays a game exactly; a journal from
other rules is refused; a saved state round-trips (R2: same seed, players and choices give the
same game; R23: the result is kept in the journal)."""

from __future__ import annotations

import msgpack
import pytest

from qm_rules import Game, GameOptions, Journal, JournalError, to_plain
from qm_rules.bots import make_bot


def play(
    players: int, seed: int, decisions: int = 10_000, options: GameOptions | None = None
) -> Game:
    g = Game.new([f"P{i}" for i in range(players)], seed, options or GameOptions(round_limit=10))
    bots = [make_bot("random", (seed, i)) for i in range(players)]
    for _ in range(decisions):
        if g.over:
            break
        g.choose(g.prompt.seat, bots[g.prompt.seat].choose(g.view(g.prompt.seat)))
    return g


def wire(plain: dict) -> dict:
    """Through msgpack and back, as a journal file or a network message would go."""
    return msgpack.unpackb(msgpack.packb(plain), strict_map_key=False)


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, "text seed"), (4, 99), (6, 5)])
def test_replay_reproduces_the_game(players: int, seed: int | str) -> None:
    # R2: same seed, players and choices → same game.
    g = play(players, seed)
    assert g.over
    again = Game.replay(Journal.from_plain(wire(g.journal.to_plain())))
    assert again.state_hash() == g.state_hash()
    assert again.result == g.result
    assert again.view(0) == g.view(0)


def test_replay_of_an_unfinished_game_reaches_the_same_prompt() -> None:
    # R2
    g = play(3, 8, decisions=15)
    assert not g.over
    again = Game.replay(Journal.from_plain(wire(g.journal.to_plain())))
    assert again.state_hash() == g.state_hash()
    assert again.prompt == g.prompt


def test_result_is_kept_in_the_journal() -> None:
    # R23: the result (winner, ancestor, turn count) is kept in the journal.
    g = play(2, 3)
    plain = g.journal.to_plain()
    assert plain["result"] is not None
    assert Journal.from_plain(plain).result == g.result
    assert plain["result"]["turns"] == g.result.turns


def test_journal_from_other_rules_is_refused() -> None:
    # R2 (journal names its rules)
    g = play(2, 4, decisions=30)
    plain = g.journal.to_plain()
    plain["rules"] = "0000000000000000"
    with pytest.raises(JournalError) as exc:
        Game.replay(Journal.from_plain(plain))
    msg = str(exc.value)
    assert "0000000000000000" in msg and "rules" in msg and "cannot replay" in msg
    assert exc.value.code == "journal_error"


def test_not_a_journal_is_refused() -> None:
    # R2 (journal)
    with pytest.raises(JournalError):
        Journal.from_plain({"seed": 1})
    with pytest.raises(JournalError):
        Journal.from_plain({"rules": "x", "seed": [1], "players": ["a", "b"]})


def test_tampered_choice_is_refused() -> None:
    # R2 (journal)
    g = play(2, 5, decisions=20)
    plain = g.journal.to_plain()
    plain["choices"][3] = [plain["choices"][3][0], "play:99999"]
    with pytest.raises(JournalError) as exc:
        Game.replay(Journal.from_plain(plain))
    assert "choice 4" in str(exc.value)


def test_check_hashes_detects_a_different_state() -> None:
    # R2 (journal)
    g = Game.new(["A", "B"], 6)
    bots = [make_bot("random", i) for i in range(2)]
    hashes = []
    for _ in range(30):
        if g.over:
            break
        g.choose(g.prompt.seat, bots[g.prompt.seat].choose(g.view(g.prompt.seat)))
        hashes.append(g.state_hash())
    journal = Journal.from_plain(g.journal.to_plain())
    assert Game.replay(journal, check_hashes=hashes).state_hash() == g.state_hash()
    hashes[10] = "not the hash"
    with pytest.raises(JournalError) as exc:
        Game.replay(journal, check_hashes=hashes)
    assert "choice 11" in str(exc.value)


def test_options_travel_with_the_journal() -> None:
    # R22
    opts = GameOptions(round_limit=3, hand_limit=6, ask_everyone=True)
    g = play(3, 7, options=opts)
    j = Journal.from_plain(wire(g.journal.to_plain()))
    assert j.options == opts
    assert Game.replay(j).state_hash() == g.state_hash()


def test_state_round_trips() -> None:
    # R2 (saved state)
    g = play(4, 12, decisions=80)
    data = g.to_state()
    restored = Game.from_state(wire(to_plain(data)), list(g.choices))
    assert restored.state_hash() == g.state_hash()
    assert restored.prompt == g.prompt
    for seat in (None, 0, 1, 2, 3):
        assert restored.view(seat) == g.view(seat)


def test_state_from_other_rules_is_refused() -> None:
    # R2 (saved state)
    g = play(2, 13, decisions=10)
    data = g.to_state()
    data["rules"] = "ffffffffffffffff"
    with pytest.raises(JournalError):
        Game.from_state(data)


def test_different_seeds_give_different_games() -> None:
    # R2 (control for the replay tests: the hash does depend on the seed).
    assert Game.new(["A", "B"], 1).state_hash() != Game.new(["A", "B"], 2).state_hash()
    assert Game.new(["A", "B"], 1).state_hash() == Game.new(["A", "B"], 1).state_hash()
