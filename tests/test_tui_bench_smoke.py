"""``benchmarks/tui.py`` still runs end to end with a handful of samples: it reaches the table
through ``qingming play``'s path, its hooks still see views, frames and keys (every figure gets
samples), and it puts the table screen and the host back as they were. No timing is asserted."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest
from tui_support import isolate

import qm_tui.screens.table as table_module
from qm_net.host.standins import StandIns
from qm_tui.screens.table import TableScreen

BENCH = Path(__file__).resolve().parent.parent / "benchmarks" / "tui.py"


def load_bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_tui", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_the_tui_benchmark_fills_every_figure(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    isolate(tmp_path, monkeypatch)
    bench = load_bench()
    bot_move = StandIns.bot_move
    assert bench.main(["--samples", "3", "--size", "120x40", "--budget", "60"]) == 0
    out = capsys.readouterr().out
    for name in ("view -> applied", "view -> frame", "arrow -> frame"):
        line = next(x for x in out.splitlines() if name in x)
        assert "(n=3)" in line, out
    for name in (
        "number key -> sent",
        "number key -> answer frame",
        "number key -> reply frame",
        "step -> frame",
        "first view",
    ):
        line = next(x for x in out.splitlines() if name in x)
        assert "no samples" not in line, out
    assert "load average" in out
    assert "backlog: 0 " in out  # the bots waited for each sampled view to be drawn
    # the targets, each said to be met or not
    targets = out[out.index("targets (p99 under 50 ms") :].splitlines()
    for name in ("view -> frame", "key -> frame", "playback"):
        line = next(x for x in targets if x.strip().startswith(name))
        assert "MET" in line, out
    # nothing of the benchmark is left behind
    assert table_module.TableScreen is TableScreen
    assert StandIns.bot_move is bot_move
    assert bench.PROBE is None


def test_the_tui_benchmark_says_which_targets_are_met() -> None:
    load_bench()
    bench = sys.modules["tui_report"]  # the figures and their verdict, beside the benchmark
    f = bench.Figures()
    f.view_frame = [10.0] * 99 + [49.0]
    f.arrow_frame, f.arrow_playing, f.number_frame = [20.0], [30.0], [40.0]
    f.frames_waited = [0, 0, 1]
    for values in (f.view_frame, f.arrow_frame, f.arrow_playing, f.number_frame):
        f.cpu[id(values)] = [5.0]
    said = {line.split()[0]: line for line in bench.verdict(f)[1:]}
    assert "NOT" not in said["view"] and "NOT" not in said["key"] and "NOT" not in said["playback"]
    f.number_frame = [10.0, 60.0]  # one answer frame late: a miss, whatever the CPU time
    f.cpu[id(f.number_frame)] = [5.0, 5.0]
    f.frames_waited = [0, 2]  # an arrow waited two frames during the playback
    said = {line.split()[0]: line for line in bench.verdict(f)[1:]}
    assert "NOT MET (met in CPU time)" in said["key"]
    assert "NOT MET" in said["playback"] and "NOT" not in said["view"]
