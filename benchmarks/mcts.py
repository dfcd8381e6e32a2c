"""Search bot benchmark: how often the ``hard`` bot (ISMCTS) beats the heuristic bot, and how long
it thinks. Figures are printed, never asserted.

    nice -n 19 .venv/bin/python benchmarks/mcts.py                      # 400 + 200 games
    nice -n 19 .venv/bin/python benchmarks/mcts.py --heads-up 40 --four 20 --jobs 2
    nice -n 19 .venv/bin/python benchmarks/mcts.py --iterations 100     # another budget
    nice -n 19 .venv/bin/python benchmarks/mcts.py --four 100 --start 100  # games 100-199

Two match-ups, each game seeded from its index (the same run gives the same games):

- heads-up: one ``hard`` bot against one heuristic bot, seats alternating game by game;
- four players: one ``hard`` bot against three heuristic bots, its seat rotating.

Targets (the lead's): heads-up ≥ 65 % wins, four players ≥ 40 % (fair: 25 %); decision time at
``hard`` on one core: median ≤ 0.5 s, p99 ≤ 2 s. Decision times are CPU seconds of the process
playing the game (``--jobs`` runs games in separate processes, each timed on its own core time),
over every decision the bot made and over those it searched.
"""

from __future__ import annotations

import argparse
import ast
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from qm_rules import Game  # noqa: E402
from qm_rules.bots import HARD_ITERATIONS, make_bot, tell  # noqa: E402
from qm_rules.sim import bot_seed, game_seed  # noqa: E402

#: Attribute overrides for the hard bot (``--set name=value``), for tuning runs.
TUNE: dict[str, object] = {}


Result = tuple[bool, bool, list[float], list[float], int | None]


def play(args: tuple[int, int, int | None]) -> Result:
    """Game ``index`` of ``players`` seats, the hard bot in seat ``index % players``.
    Returns (hard won, draw, its decision times, its searched decision times, the winner's seat
    counted from the hard bot's: 0 itself, 1 the next seat, ...; None for a draw)."""
    index, players, iterations = args
    hard_seat = index % players
    bots = []
    for s in range(players):
        seed = bot_seed(f"mcts-bench-{players}", index, s)
        if s == hard_seat:
            bot = make_bot("hard", seed)
            if iterations is not None:
                bot.iterations = iterations  # type: ignore[attr-defined]
            for key, value in TUNE.items():
                setattr(bot, key, value)
            bots.append(bot)
        else:
            bots.append(make_bot("normal", seed))
    game = Game.new([f"p{i}" for i in range(players)], game_seed(f"mcts-bench-{players}", index))
    times: list[float] = []
    searched: list[float] = []
    hard = bots[hard_seat]
    events = list(game.opening)
    while game.prompt is not None:
        tell(hard, hard_seat, events)  # (the heuristic bots do not read the log)
        seat = game.prompt.seat
        view = game.view(seat)
        if seat == hard_seat:
            before = hard.searched  # type: ignore[attr-defined]
            start = time.process_time()
            option = hard.choose(view)
            spent = time.process_time() - start
            times.append(spent)
            if hard.searched > before:  # type: ignore[attr-defined]
                searched.append(spent)
        else:
            option = bots[seat].choose(view)
        events = game.choose(seat, option)
    assert game.result is not None
    winner = game.result.winner
    after = None if winner is None else (winner - hard_seat) % players
    return winner == hard_seat, winner is None, times, searched, after


def quantile(xs: list[float], q: float) -> float:
    if not xs:
        return float("nan")
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


def interval(wins: int, games: int) -> tuple[float, float]:
    """A 95 % Wilson interval for a win share."""
    if not games:
        return (float("nan"), float("nan"))
    z = 1.96
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def run(
    players: int,
    games: int,
    jobs: int,
    iterations: int | None,
    target: float,
    per_game: bool,
    start: int = 0,
) -> list[float]:
    work = [(i, players, iterations) for i in range(start, start + games)]
    results: list[Result] = []

    def tally(result: Result) -> None:
        results.append(result)
        won = sum(1 for r in results if r[0])
        line = f"  {players}p: {won}/{len(results)} won so far"
        if per_game:  # for paired comparisons: game i is the same deal in every run
            after = result[4]
            line += f"; game {start + len(results) - 1}: " + (
                "draw" if after is None else "won" if after == 0 else f"lost to seat +{after}"
            )
        if len(results) % 20 == 0:  # a long run's figures so far, should it be cut short
            lo, hi = interval(won, len(results))
            ts = [t for r in results for t in r[2]]
            line += (
                f" ({100 * lo:.1f}-{100 * hi:.1f} %; decisions median "
                f"{quantile(ts, 0.5):.3f} s, p99 {quantile(ts, 0.99):.3f} s)"
            )
        print(line, file=sys.stderr, flush=True)

    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            for result in pool.map(play, work):
                tally(result)
    else:
        for w in work:
            tally(play(w))
    wins = sum(1 for r in results if r[0])
    draws = sum(1 for r in results if r[1])
    times = [t for r in results for t in r[2]]
    searched = [t for r in results for t in r[3]]
    lo, hi = interval(wins, games)
    print(
        f"{players} players, hard vs {players - 1} heuristic: {wins}/{games} wins "
        f"= {100 * wins / games:.1f} % (95 % interval {100 * lo:.1f}-{100 * hi:.1f}), "
        f"draws {draws}; aim >= {100 * target:.0f} % (fair {100 / players:.0f} %)"
    )
    print(
        f"  decision time (CPU s): all {len(times)} decisions median {quantile(times, 0.5):.3f}, "
        f"p99 {quantile(times, 0.99):.3f}, max {max(times, default=0):.3f}; "
        f"searched {len(searched)}: median {quantile(searched, 0.5):.3f}, "
        f"p99 {quantile(searched, 0.99):.3f}"
    )
    return times


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--heads-up", type=int, default=400, help="heads-up games (default: 400)")
    ap.add_argument("--four", type=int, default=200, help="four-player games (default: 200)")
    ap.add_argument("--jobs", type=int, default=1, help="games in parallel processes (default: 1)")
    ap.add_argument(
        "--iterations",
        type=int,
        default=None,
        help=f"playouts a searched decision (default: the hard level's, {HARD_ITERATIONS}"
        " by table size)",
    )
    ap.add_argument("--set", action="append", default=[], metavar="NAME=VALUE", help="tune the bot")
    ap.add_argument(
        "--per-game",
        action="store_true",
        help="print each game's outcome in the running tally (for paired comparisons)",
    )
    ap.add_argument(
        "--start",
        type=int,
        default=0,
        help="the first game's index (default: 0): a run in parts plays the same deals",
    )
    args = ap.parse_args(argv)
    for item in args.set:
        key, _, value = item.partition("=")
        TUNE[key] = ast.literal_eval(value)
    budget = args.iterations or HARD_ITERATIONS
    print(
        f"hard bot: ISMCTS, {budget} playouts a searched decision"
        + (" (by table size)" if isinstance(budget, dict) else "")
        + (f", {TUNE}" if TUNE else "")
    )
    all_times: list[float] = []
    if args.heads_up:
        all_times += run(
            2, args.heads_up, args.jobs, args.iterations, 0.65, args.per_game, args.start
        )
    if args.four:
        all_times += run(4, args.four, args.jobs, args.iterations, 0.40, args.per_game, args.start)
    if all_times:
        print(
            f"all decisions: median {quantile(all_times, 0.5):.3f} s (aim <= 0.5), "
            f"p99 {quantile(all_times, 0.99):.3f} s (aim <= 2)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
