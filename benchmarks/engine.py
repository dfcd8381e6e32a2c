"""Engine benchmark: decisions and games per second, single core, and where the time goes.

    .venv/bin/python benchmarks/engine.py              # the table and a profile
    .venv/bin/python benchmarks/engine.py --seconds 5  # longer runs, steadier figures
    .venv/bin/python benchmarks/engine.py --profile 6:heuristic --top 30

Each configuration plays whole games (2, 4 and 6 players; every seat random, or every seat
heuristic) the way ``qingming sim`` does: each decision builds ``game.view(seat)``, asks the bot,
and calls ``game.choose``. The ``engine only`` rows take a random option straight from
``game.prompt`` without building a view: the rules engine's own speed, the ceiling for bots.

Targets (the lead's): ≥ 20,000 decisions/s, ≥ 30 four-player random games/s.
Figures are printed, never asserted: timings do not belong in tests.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from qm_rules import Game  # noqa: E402
from qm_rules.bots import make_bot  # noqa: E402
from qm_rules.rng import Rng  # noqa: E402
from qm_rules.sim import bot_seed, game_seed  # noqa: E402

PLAYERS = (2, 4, 6)
STRATEGIES = ("random", "heuristic", "engine")  # "engine": no view, no bot


@dataclass
class Row:
    players: int
    strategy: str
    games: int
    decisions: int
    rounds: int
    seconds: float

    @property
    def gps(self) -> float:
        return self.games / self.seconds

    @property
    def dps(self) -> float:
        return self.decisions / self.seconds


def play_one(players: int, strategy: str, index: int) -> tuple[int, int]:
    """One whole game; returns (decisions, rounds)."""
    game = Game.new([f"p{i}" for i in range(players)], game_seed("bench", index))
    decisions = 0
    if strategy == "engine":
        rng = Rng(game_seed("bench-engine", index))
        prompt = game.prompt
        while prompt is not None:
            opts = [o for o in prompt.options if o.kind != "cancel"]
            game.choose(prompt.seat, opts[rng.below(len(opts))].id)
            decisions += 1
            prompt = game.prompt
    else:
        bots = [make_bot(strategy, bot_seed("bench", index, s)) for s in range(players)]
        prompt = game.prompt
        while prompt is not None:
            seat = prompt.seat
            game.choose(seat, bots[seat].choose(game.view(seat)))
            decisions += 1
            prompt = game.prompt
    assert game.result is not None
    return decisions, game.result.rounds


def measure(players: int, strategy: str, seconds: float, min_games: int = 20) -> Row:
    """Play games until ``seconds`` of CPU time have passed (and at least ``min_games``).

    CPU time of this process, not wall time: other work on the machine (test runs) then slows
    the figures less."""
    games = decisions = rounds = 0
    start = time.process_time()
    while True:
        d, r = play_one(players, strategy, games)
        games += 1
        decisions += d
        rounds += r
        elapsed = time.process_time() - start
        if elapsed >= seconds and games >= min_games:
            return Row(players, strategy, games, decisions, rounds, elapsed)


HEAD = f"{'players':>7}  {'bots':<11} {'games':>6} {'games/s':>9} {'decisions/s':>12} {'dec/game':>9} {'rounds':>7}"


def line(r: Row) -> str:
    name = "engine only" if r.strategy == "engine" else r.strategy
    return (
        f"{r.players:>7}  {name:<11} {r.games:>6} {r.gps:>9,.1f} {r.dps:>12,.0f} "
        f"{r.decisions / r.games:>9.1f} {r.rounds / r.games:>7.2f}"
    )


def profile(players: int, strategy: str, games: int, top: int) -> str:
    """cProfile of ``games`` games: the top functions by cumulative and by own time."""
    prof = cProfile.Profile()

    def run() -> None:
        for i in range(games):
            play_one(players, strategy, i)

    prof.runcall(run)
    out = io.StringIO()
    stats = pstats.Stats(prof, stream=out).strip_dirs()
    stats.sort_stats("cumulative").print_stats(top)
    stats.sort_stats("tottime").print_stats(top)
    return out.getvalue()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument(
        "--seconds", type=float, default=1.5, help="time per configuration (default: 1.5)"
    )
    ap.add_argument("--players", default="2,4,6", help="player counts (default: 2,4,6)")
    ap.add_argument(
        "--bots", default="random,heuristic,engine", help="configurations (default: all)"
    )
    ap.add_argument(
        "--profile", default="4:random", metavar="N:BOTS", help="config to profile, or 'none'"
    )
    ap.add_argument(
        "--profile-games", type=int, default=100, help="games in the profile (default: 100)"
    )
    ap.add_argument(
        "--top", type=int, default=20, help="functions listed in the profile (default: 20)"
    )
    args = ap.parse_args(argv)

    players = [int(p) for p in args.players.split(",")]
    strategies = [s.strip() for s in args.bots.split(",")]
    for s in strategies:
        if s not in STRATEGIES:
            ap.error(f"unknown configuration {s!r}; choose from {', '.join(STRATEGIES)}")
    print(
        f"Qingming engine benchmark (Python {sys.version.split()[0]}, one core, {args.seconds:g} s CPU a row)"
    )
    print()
    print(HEAD)
    print("-" * len(HEAD))
    rows = []
    for strategy in strategies:
        for n in players:
            rows.append(measure(n, strategy, args.seconds))
            print(line(rows[-1]), flush=True)
    four_random = next((r for r in rows if r.players == 4 and r.strategy == "random"), None)
    if four_random is not None:
        ok_d = "ok" if four_random.dps >= 20_000 else "below target"
        ok_g = "ok" if four_random.gps >= 30 else "below target"
        print()
        print(
            f"targets (4 players, random bots): {four_random.dps:,.0f} decisions/s vs 20,000 ({ok_d}); "
            f"{four_random.gps:,.1f} games/s vs 30 ({ok_g})"
        )
    if args.profile != "none":
        n, _, strategy = args.profile.partition(":")
        print()
        print(f"Profile: {n} players, {strategy or 'random'} bots, {args.profile_games} games")
        print(profile(int(n), strategy or "random", args.profile_games, args.top))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
