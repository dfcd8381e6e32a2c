"""R22 round limit 0 ("none"): a dead position must still end (as a draw, "stalemate")."""

from __future__ import annotations

import signal

from qm_rules import Game, GameOptions
from qm_rules.bots import make_bot


def _play(seed: int) -> Game:
    g = Game.new(["a", "b"], seed, GameOptions(round_limit=0))
    bots = [make_bot("random", (seed, s)) for s in range(2)]
    while not g.over:
        p = g.prompt
        assert p is not None
        g.choose(p.seat, bots[p.seat].choose(g.view(p.seat)))
    return g


def _alarm(signum: int, frame: object) -> None:
    raise TimeoutError("choose() did not return: the engine spins in a dead position")


def test_dead_position_without_round_limit_ends_as_a_draw() -> None:
    # R22: with round limit 0 two random bots soon fill both fields with offerings and
    # face-down cards and empty both piles; nobody can ever decide anything again.
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(60)
    try:
        results = [_play(seed).result for seed in range(40)]
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    stalemates = [r for r in results if r is not None and r.reason == "stalemate"]
    assert stalemates, "expected some of these games to reach a dead position"
    for r in stalemates:
        assert r.winner is None and r.ancestor is None
    assert all(r is not None for r in results)
