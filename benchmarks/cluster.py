"""Games a second of ``qingming sim`` in one process, in ``--jobs`` processes and on a local Dask
cluster's workers (``--cluster local``), over the same run.

Each row plays the same games (the same seed) and says whether its figures are the serial
run's (they must be); games a second are over the wall time of the games, a cluster's start
printed apart. On a machine shared with other work games a second are the machine's load as
much as the code's (the load average is printed beside them); the CPU time a game, over every
process of the run, is what the load moves little: what a cluster costs beyond the games.

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


def cpu_seconds() -> float:
    """CPU time so far of this process and all it started, waited for or still running (a
    local cluster's scheduler and workers): a cost the machine's load moves little."""
    import psutil  # Dask's own dependency

    me = psutil.Process()
    total = sum(me.cpu_times()[:4])  # user, system, and the waited-for children's
    for child in me.children(recursive=True):
        try:
            total += sum(child.cpu_times()[:2])
        except psutil.NoSuchProcess:
            pass
    return total


def row(
    name: str, report: SimReport, cpu: float, serial: SimReport | None, extra: str = ""
) -> None:
    same = "-" if serial is None else ("yes" if figures(report) == figures(serial) else "NO")
    rate = report.games / report.wall_seconds
    print(
        f"{name:<26} {rate:9.1f} {report.wall_seconds:9.2f} {report.games_per_second:11.1f}"
        f" {1000 * cpu / report.games:10.1f}  {same:<5} {extra}",
        flush=True,
    )


def measured(**kw: Any) -> tuple[SimReport, float]:
    before = cpu_seconds()
    report = simulate(**kw)
    return report, cpu_seconds() - before


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
    head = f"{'where':<26} {'games/s':>9} {'wall s':>9} {'per worker':>11} {'CPU ms':>10}"
    print(f"{head}  same")
    warm = {**run, "games": 8, "seed": "warm-up"}  # each process's first games cost more
    simulate(**warm)
    serial, cpu = measured(**run)
    row("1 process", serial, cpu, None)
    row("2 processes (--jobs 2)", *measured(**run, jobs=2), serial)
    for n in (int(w) for w in args.workers.split(",")):
        start = time.perf_counter()
        with open_cluster(LOCAL, n, lambda line: None) as (client, threads):
            started = time.perf_counter() - start
            simulate(**warm, jobs=threads, runner=runner(client), cluster=LOCAL)
            report, cpu = measured(**run, jobs=threads, runner=runner(client), cluster=LOCAL)
        name = f"local cluster, {n} worker{'s' if n > 1 else ''}"
        row(name, report, cpu, serial, f"(started in {started:.1f} s)")
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"load average after: {load}")
    print(
        "games/s: over the run's wall time; per worker: over the games' own time, summed;\n"
        "CPU ms: a game's CPU time, of every process of the run (a cluster's scheduler and "
        "workers, sim's own)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
