"""Engine benchmark: decisions and games per second, single core, and where the time goes.

    .venv/bin/python benchmarks/engine.py              # the table and a profile
    .venv/bin/python benchmarks/engine.py --seconds 5  # longer runs, steadier figures
    .venv/bin/python benchmarks/engine.py --profile 6:heuristic --top 30

Each configuration plays whole games (2, 4 and 6 players; every seat random, or every seat
heuristic) the way ``qingming sim`` does: each decision builds ``game.view(seat)``, asks the bot,
and calls ``game.choose``. The ``engine only`` rows take a random option straight from
``game.prompt`` without building a view: the rules engine's own speed, the ceiling for bots.

The anchor: RLCard's UNO (``pip install -e '.[bench]'``) with random agents, counting one
decision per agent step. It is played interleaved with each of Qingming's random-bot rows
(views built at each decision): short turns of one, then the other, for the same CPU time, so a
machine shared with other work slows both alike, and the ratio of the two says more than
absolute figures. Without RLCard the anchor is skipped with a note.

``clone`` rows: copies per second of a game in progress (``Game.clone``, what search uses),
against a round trip through plain data (``from_state(to_state())``).

The first line after the title says which build of the engine ran: pure Python, or compiled
by mypyc (``tools/compile.py``, README "A faster engine").

Targets (the lead's): ≥ 20,000 decisions/s, ≥ 30 four-player random games/s; ≥ 2× RLCard UNO.
Figures are printed, never asserted: timings do not belong in tests.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import sys
import textwrap
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from qm_rules import BUILD, Game  # noqa: E402
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
    row = Row(players, strategy, 0, 0, 0, 0.0)
    play_for(row, seconds, min_games)
    return row


def play_for(row: Row, seconds: float, min_games: int = 0) -> None:
    """Play more games of ``row``'s configuration for ``seconds`` of CPU time, adding them up."""
    start = time.process_time()
    while True:
        d, r = play_one(row.players, row.strategy, row.games)
        row.games += 1
        row.decisions += d
        row.rounds += r
        elapsed = time.process_time() - start
        if elapsed >= seconds and row.games >= min_games:
            row.seconds += elapsed
            return


class Uno:
    """RLCard's UNO with random agents, played in turns (:meth:`play_for`)."""

    def __init__(self) -> None:
        import rlcard
        from rlcard.agents import RandomAgent

        self.env = rlcard.make("uno", config={"seed": 0})
        self.env.set_agents(
            [RandomAgent(num_actions=self.env.num_actions) for _ in range(self.env.num_players)]
        )
        self.games = self.decisions = 0
        self.seconds = 0.0

    def play_for(self, seconds: float) -> None:
        start = time.process_time()
        while True:
            trajectories, _ = self.env.run(is_training=False)
            # each player's trajectory alternates state, action, ..., state: one action a decision
            self.decisions += sum((len(t) - 1) // 2 for t in trajectories)
            self.games += 1
            elapsed = time.process_time() - start
            if elapsed >= seconds:
                self.seconds += elapsed
                return

    @property
    def dps(self) -> float:
        return self.decisions / self.seconds


def anchored(players: int, seconds: float, turn: float = 0.1) -> tuple[Row, Uno]:
    """Qingming with random bots and RLCard UNO, in alternate turns of ``turn`` seconds of CPU
    until each has had ``seconds``: both see the same load on the machine."""
    row = Row(players, "random", 0, 0, 0, 0.0)
    uno = Uno()
    while True:  # at least one turn each, however short the time
        play_for(row, turn)
        uno.play_for(turn)
        if row.seconds >= seconds and uno.seconds >= seconds:
            return row, uno


def have_rlcard() -> bool:
    try:
        import rlcard  # noqa: F401
    except ImportError:
        return False
    return True


#: What the anchor rows measure, printed above them.
ANCHOR_NOTE = (
    "anchor: whole games on both sides, in alternate turns of 0.1 s of CPU time. Qingming: at "
    "each decision game.view(seat) for the deciding seat, the random bot's choice, game.choose. "
    "RLCard UNO: env.run() with RandomAgent (eval_step), rlcard building the next player's "
    "state at each step; one decision per agent step."
)

#: What ``qm_rules.BUILD`` measured means, printed at the top.
BUILD_WORDS = {
    "python": "pure Python (tools/compile.py builds the compiled one)",
    "mypyc": "compiled by mypyc (tools/compile.py; --clean for pure Python)",
}

HEAD = (
    f"{'players':>7}  {'bots':<11} {'games':>6} {'games/s':>9} {'decisions/s':>12} "
    f"{'dec/game':>9} {'rounds':>7}"
)


def line(r: Row) -> str:
    name = "engine only" if r.strategy == "engine" else r.strategy
    return (
        f"{r.players:>7}  {name:<11} {r.games:>6} {r.gps:>9,.1f} {r.dps:>12,.0f} "
        f"{r.decisions / r.games:>9.1f} {r.rounds / r.games:>7.2f}"
    )


def clone_rates(players: int, seconds: float) -> tuple[float, float]:
    """Copies per second of games in progress: ``clone()`` and a plain-data round trip."""
    games = []
    for i in range(8):
        g = Game.new([f"p{k}" for k in range(players)], game_seed("bench-clone", i))
        rng = Rng(game_seed("bench-clone-moves", i))
        for _ in range(20 + 5 * i):  # spread over the opening and the middle game
            if g.prompt is None:
                break
            opts = [o for o in g.prompt.options if o.kind != "cancel"]
            g.choose(g.prompt.seat, opts[rng.below(len(opts))].id)
        games.append(g)
    rates = []
    for copy in (lambda g: g.clone(), lambda g: Game.from_state(g.to_state())):
        n = 0
        start = time.process_time()
        while True:  # at least one round, however short the time
            for g in games:
                copy(g)
            n += len(games)
            elapsed = time.process_time() - start
            if elapsed >= seconds / 2:
                break
        rates.append(n / max(elapsed, 1e-9))
    return rates[0], rates[1]


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
        f"Qingming engine benchmark (Python {sys.version.split()[0]}, one core, "
        f"{args.seconds:g} s CPU a row)"
    )
    print(f"engine build: {BUILD_WORDS[BUILD]}")
    print()
    print(HEAD)
    print("-" * len(HEAD))
    rows = []
    unos: list[tuple[Row, Uno]] = []
    anchor = have_rlcard()
    for strategy in strategies:
        for n in players:
            if strategy == "random" and anchor:
                row, uno = anchored(n, args.seconds)
                unos.append((row, uno))
                rows.append(row)
            else:
                rows.append(measure(n, strategy, args.seconds))
            print(line(rows[-1]), flush=True)
    print()
    if not anchor:
        print("anchor: RLCard not installed (pip install -e '.[bench]'); UNO comparison skipped")
    elif unos:
        print(textwrap.fill(ANCHOR_NOTE, width=100))
    for row, uno in unos:
        print(
            f"anchor, played in turns with {row.players} players' random bots: RLCard UNO "
            f"{uno.games / uno.seconds:,.1f} games/s, {uno.dps:,.0f} decisions/s; Qingming "
            f"{row.dps / uno.dps:.2f}x its decisions/s (aim: 2x, at least 1.3x)"
        )
        bare = next((r for r in rows if r.players == row.players and r.strategy == "engine"), None)
        if bare is not None:
            print(
                f"  the engine alone at {row.players} players (no view, no bot; not played in "
                f"turns with UNO): {bare.dps / uno.dps:.2f}x, the ceiling were views free"
            )
    print()
    for n in players:
        fast, plain = clone_rates(n, args.seconds)
        print(
            f"clone, {n} players: {fast:,.0f} copies/s (from_state(to_state()): {plain:,.0f}/s, "
            f"clone {fast / plain:.0f}x faster)"
        )
    four_random = next((r for r in rows if r.players == 4 and r.strategy == "random"), None)
    if four_random is not None:
        ok_d = "ok" if four_random.dps >= 20_000 else "below target"
        ok_g = "ok" if four_random.gps >= 30 else "below target"
        print()
        print(
            f"targets (4 players, random bots): {four_random.dps:,.0f} decisions/s "
            f"vs 20,000 ({ok_d}); "
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
