"""R22 round limit 0 ("none"): a dead position must still end (as a draw, "stalemate")."""

from __future__ import annotations

import signal

from qm_rules import Game, GameOptions
from qm_rules.bots import make_bot


def _play(seed: int) -> tuple[Game, int]:
    """A game of two random bots to its end, and the round of the last turn that began (as the
    ``turn`` events told the players)."""
    g = Game.new(["a", "b"], seed, GameOptions(round_limit=0))
    bots = [make_bot("random", (seed, s)) for s in range(2)]
    events = list(g.opening)
    while not g.over:
        p = g.prompt
        assert p is not None
        events += g.choose(p.seat, bots[p.seat].choose(g.view(p.seat)))
    last_round = [e.data["round"] for e in events if e.kind == "turn"][-1]
    return g, last_round


def _alarm(signum: int, frame: object) -> None:
    raise TimeoutError("choose() did not return: the engine spins in a dead position")


def test_dead_position_without_round_limit_ends_as_a_draw() -> None:
    # R22: with round limit 0 two random bots soon fill both fields with offerings and
    # face-down cards and empty both piles; nobody can ever decide anything again.
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(60)
    try:
        games = [_play(seed) for seed in range(40)]
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    results = [g.result for g, _ in games]
    stalemates = [(g, last) for g, last in games if g.result and g.result.reason == "stalemate"]
    assert stalemates, "expected some of these games to reach a dead position"
    at_round_end = 0
    for g, last_round in stalemates:
        r = g.result
        assert r is not None and r.winner is None and r.ancestor is None
        # The result names the round the game was in when it ended, also when the dead
        # position is found as a round ends: no round after it began.
        assert r.rounds == last_round == g.view(None).round, (r, last_round)
        assert r.turns == g.turn
        at_round_end += (g.turn_seat + 1) % g.n == g.first_seat
    assert at_round_end, "expected some dead positions found as the last seat's turn ends"
    assert all(r is not None for r in results)
