"""``qingming sim``'s own path against the engine's and RLCard's UNO, in one interleaved run.

Three rows, played in alternate turns of 0.1 s of CPU time until each has had ``--seconds``,
so that all three see the same load on the machine:

- ``engine``: benchmarks/engine.py's random row (whole 4-player games, random bots building a
  view at each decision, :func:`engine.play_one`);
- ``sim``: the games as ``qingming sim --bots random`` plays them (:func:`qm_rules.sim._play_chunk`:
  the bots made, the log handed to those that read it, each game timed and recorded) — the
  same games as the ``engine`` row's, seed for seed (game and bot seeds of "bench");
- ``uno``: RLCard's UNO with random agents (``pip install -e '.[bench]'``; left out without it).

It prints decisions a second, ``sim`` against ``engine`` (the target: within 10 %) and against
UNO (the floor: 1.3x). With ``--callgrind`` (valgrind installed) it also counts the
instructions a decision of ``--callgrind-games`` whole games of each under callgrind (after two
games to warm up, whose count is taken off), with ``PYTHONHASHSEED=0``: a figure the machine's
load does not move.

    .venv/bin/python benchmarks/sim.py [--seconds 3] [--players 4] [--callgrind]
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import engine  # noqa: E402  (benchmarks/engine.py, beside this file)

from qm_rules import BUILD  # noqa: E402
from qm_rules.cards import shipped_cards  # noqa: E402
from qm_rules.model import GameOptions  # noqa: E402
from qm_rules.sim import _play_chunk  # noqa: E402

TURN = 0.1


class SimRow:
    """Games as ``qingming sim --bots random`` plays them, in turns."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.games = self.decisions = 0
        self.seconds = 0.0

    def play_for(self, seconds: float) -> None:
        start = time.process_time()
        options, cards = GameOptions(), shipped_cards()
        while True:
            [(rec, _)] = _play_chunk(
                self.players, "bench", ("random",) * self.players, options, [self.games], cards
            )
            self.games += 1
            self.decisions += rec.decisions
            elapsed = time.process_time() - start
            if elapsed >= seconds:
                self.seconds += elapsed
                return

    @property
    def dps(self) -> float:
        return self.decisions / self.seconds


#: What each row's games are under callgrind: a snippet run with ``python -c``. Each first plays
#: ``{w}`` games to warm up (the imports a first game does, the caches it fills), then the ``{g}``
#: games counted, and prints their decisions.
CALLGRIND_RUNS = {
    "engine": (
        "import sys; sys.path.insert(0, 'benchmarks'); import engine\n"
        "for i in range({w}): engine.play_one({p}, 'random', 10_000 + i)\n"
        "d = sum(engine.play_one({p}, 'random', i)[0] for i in range({g}))\nprint('DECISIONS', d)"
    ),
    "sim": (
        "from qm_rules.sim import _play_chunk\nfrom qm_rules.model import GameOptions\n"
        "from qm_rules.cards import shipped_cards\n"
        "def run(games):\n"
        "    return _play_chunk({p}, 'bench', ('random',) * {p}, GameOptions(), games, "
        "shipped_cards())\n"
        "run(range(10_000, 10_000 + {w}))\n"
        "print('DECISIONS', sum(x.decisions for x, _ in run(range({g}))))"
    ),
    "uno": (
        "import rlcard\nfrom rlcard.agents import RandomAgent\n"
        "env = rlcard.make('uno', config={{'seed': 0}})\n"
        "env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(2)])\n"
        "for _ in range({w}): env.run(is_training=False)\n"
        "d = 0\nfor _ in range({g}):\n    t, _ = env.run(is_training=False)\n"
        "    d += sum((len(x) - 1) // 2 for x in t)\nprint('DECISIONS', d)"
    ),
}
#: Games played before the counted ones, in both runs (their instructions cancel out).
WARM_UP = 2


def callgrind(name: str, players: int, games: int) -> tuple[int, int] | None:
    """Instructions and decisions of ``games`` whole games of row ``name`` under callgrind:
    a run of warm-up games and the counted ones, less a run of the warm-up games alone (the
    interpreter's start-up, the imports and what a first game fills in are not a decision's)."""
    if shutil.which("valgrind") is None:
        return None
    code = CALLGRIND_RUNS[name].format(p=players, g=games, w=WARM_UP)
    empty = CALLGRIND_RUNS[name].format(p=players, g=0, w=WARM_UP)
    env = dict(os.environ, PYTHONHASHSEED="0")
    counts = []
    for snippet in (code, empty):
        with tempfile.TemporaryDirectory() as tmp:
            out = subprocess.run(
                [
                    "valgrind",
                    "--tool=callgrind",
                    f"--callgrind-out-file={tmp}/cg.out",
                    sys.executable,
                    "-c",
                    snippet,
                ],
                capture_output=True,
                text=True,
                env=env,
                cwd=Path(__file__).resolve().parent.parent,
            )
        found = re.search(r"Collected : (\d+)", out.stderr)
        decisions = re.search(r"DECISIONS (\d+)", out.stdout)
        if found is None or decisions is None:
            return None
        counts.append((int(found.group(1)), int(decisions.group(1))))
    (total, d), (base, _) = counts
    return total - base, d


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds a row")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument(
        "--callgrind", action="store_true", help="also count instructions a decision"
    )
    parser.add_argument("--callgrind-games", type=int, default=10, metavar="G")
    args = parser.parse_args()

    print(f"engine build: {engine.BUILD_WORDS.get(BUILD, BUILD)}")
    try:
        load = os.getloadavg()[0]
        print(f"load average: {load:.2f}")
    except OSError:
        pass
    rows: dict[str, object] = {
        "engine": engine.Row(args.players, "random", 0, 0, 0, 0.0),
        "sim": SimRow(args.players),
    }
    if engine.have_rlcard():
        rows["uno"] = engine.Uno()
    else:
        print("(RLCard not installed: pip install -e '.[bench]' for the UNO row)")
    done = {name: 0.0 for name in rows}
    while min(done.values()) < args.seconds:
        for name, row in rows.items():
            if name == "engine":
                engine.play_for(row, TURN)  # type: ignore[arg-type]  # (an engine.Row)
                done[name] = row.seconds  # type: ignore[attr-defined]
            else:
                row.play_for(TURN)  # type: ignore[attr-defined]
                done[name] = row.seconds  # type: ignore[attr-defined]

    instructions: dict[str, float] = {}
    if args.callgrind:
        for name in rows:
            got = callgrind(name, args.players, args.callgrind_games)
            if got is not None:
                instructions[name] = got[0] / got[1]

    print(f"{'row':<8} {'games':>6} {'decisions/s':>12}  {'instr./decision':>16}")
    dps = {}
    for name, row in rows.items():
        dps[name] = row.dps  # type: ignore[attr-defined]
        ins = f"{instructions[name]:>16,.0f}" if name in instructions else f"{'-':>16}"
        print(f"{name:<8} {row.games:>6} {dps[name]:>12,.0f}  {ins}")  # type: ignore[attr-defined]
    ratio = dps["sim"] / dps["engine"]
    print(f"sim / engine: {ratio:.3f} (target: at least 0.90)")
    if "uno" in dps:
        print(f"sim / UNO: {dps['sim'] / dps['uno']:.2f}x (floor 1.3x, aim 2x)")
    if "sim" in instructions and "engine" in instructions:
        print(f"instructions, sim / engine: {instructions['sim'] / instructions['engine']:.3f}")
    if "sim" in instructions and "uno" in instructions:
        print(f"instructions, UNO / sim: {instructions['uno'] / instructions['sim']:.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
