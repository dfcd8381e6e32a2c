"""Games a second of ``qingming sim`` in one process, in ``--jobs`` processes and on a local Dask
cluster's workers (``--cluster local``), over the same run.

Each row plays the same games (the same seed) and says whether its figures are the serial
run's (they must be); games a second are over the wall time of the games, a cluster's start
printed apart. On a machine shared with other work the figures are the machine's load as much
as the code's: the load average is printed beside them.

    .venv/bin/python benchmarks/cluster.py [--games 400] [--players 4] [--bots heuristic]
        [--workers 1,2]

Needs the ``cluster`` extra (``pip install -e '.[cluster]'``).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from qingming.cluster import LOCAL, open_cluster, runner  # noqa: E402
from qm_rules.sim import TIMING_KEYS, SimReport, simulate  # noqa: E402


def figures(report: SimReport) -> dict[str, Any]:
    return {k: v for k, v in report.to_plain().items() if k not in TIMING_KEYS}


def row(name: str, report: SimReport, serial: SimReport | None, extra: str = "") -> None:
    same = "-" if serial is None else ("yes" if figures(report) == figures(serial) else "NO")
    rate = report.games / report.wall_seconds
    print(
        f"{name:<26} {rate:9.1f} {report.wall_seconds:9.2f} {report.games_per_second:11.1f}"
        f"  {same:<5} {extra}",
        flush=True,
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default="heuristic")
    parser.add_argument("--seed", default="bench-cluster")
    parser.add_argument("--workers", default="1,2", help="local cluster sizes, comma-separated")
    args = parser.parse_args()
    run = {"players": args.players, "games": args.games, "seed": args.seed, "bots": args.bots}
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"{args.games} games of {args.players} players, {args.bots} bots; {os.cpu_count()} cores")
    print(f"load average before: {load}")
    print(f"{'where':<26} {'games/s':>9} {'wall s':>9} {'per worker':>11}  same")
    serial = simulate(**run)
    row("1 process", serial, None)
    row("2 processes (--jobs 2)", simulate(**run, jobs=2), serial)
    for n in (int(w) for w in args.workers.split(",")):
        start = time.perf_counter()
        with open_cluster(LOCAL, n, lambda line: None) as (client, threads):
            started = time.perf_counter() - start
            report = simulate(**run, jobs=threads, runner=runner(client), cluster=LOCAL)
        row(
            f"local cluster, {n} worker{'s' if n > 1 else ''}",
            report,
            serial,
            f"(started in {started:.1f} s)",
        )
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"load average after: {load}")
    print("games/s: over the run's wall time; per worker: over the games' own time, summed")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
