"""Puzzle solver benchmark: the time and memory the solver takes to prove each shipped puzzle (or
the files named). Figures are printed, never asserted.

    nice -n 19 .venv/bin/python benchmarks/puzzles.py
    nice -n 19 .venv/bin/python benchmarks/puzzles.py mine.toml

Per puzzle: CPU seconds of the whole check (the search, the solutions' count, the run without a
move, the intended solution's replay), positions searched, and the peak memory the check
allocated (tracemalloc, measured in a second run: tracing slows the search several times, so
the time is from the first). Aim: every shipped puzzle proved within 10 s on one core.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from qm_rules.puzzles import load_puzzle, shipped  # noqa: E402
from qm_rules.solver import check  # noqa: E402

AIM = 10.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", help="puzzle files (default: the shipped ones)")
    args = parser.parse_args()
    puzzles = [load_puzzle(f) for f in args.files] if args.files else shipped()
    print(f"{'puzzle':<32} {'CPU s':>7} {'positions':>10} {'peak KiB':>9}  verdict")
    worst = 0.0
    for p in puzzles:
        began = time.process_time()
        v = check(p)
        cpu = time.process_time() - began
        peak = check(p, memory=True).peak_kib
        worst = max(worst, cpu)
        verdict = "proved" if v.proved else ", ".join(v.flags) or (v.error or "?")
        print(f"{p.id:<32} {cpu:>7.3f} {v.positions:>10} {peak:>9}  {verdict}", flush=True)
    met = "MET" if worst <= AIM else "NOT MET"
    print(f"slowest {worst:.3f} s CPU; aim: each within {AIM:.0f} s on one core: {met}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
