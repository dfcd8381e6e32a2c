"""``qingming sim --cluster``: games played on a Dask cluster give a serial run's figures.

Every cluster here listens on 127.0.0.1 only. The runs are small (a dozen games): what is
checked is that the figures are exactly equal, not how fast they come.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from qingming.cli import main
from qm_rules.cards import shipped_cards
from qm_rules.sim import TIMING_KEYS, in_order

distributed = pytest.importorskip("distributed")

#: The run every test plays: mixed bots, a custom card set, the figures card by card.
GAMES = 12
RUN = ["sim", "--players", "3", "--games", str(GAMES), "--seed", "cluster"]
RUN += ["--bots", "heuristic,random,heuristic", "--json"]
#: Bounds on a run (a local cluster's workers start in a few seconds, more on a loaded machine).
TIMEOUT = 240


def figures(plain: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in plain.items() if k not in TIMING_KEYS}


@pytest.fixture(scope="module")
def card_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The game's own set with one offering doubled: games that differ from the shipped set's,
    so a worker that played the shipped set instead would show."""
    path = tmp_path_factory.mktemp("cards") / "doubled.toml"
    assert main(["cards", "new", str(path)]) == 0
    text = path.read_text(encoding="utf-8")
    assert "copies = 2" in text
    path.write_text(text.replace("copies = 2", "copies = 4", 1), encoding="utf-8")
    return path


def sim(*extra: str, hashseed: int, cards: Path) -> dict[str, Any]:
    """One ``qingming sim`` process under ``PYTHONHASHSEED=hashseed`` (a local cluster's workers
    inherit it), its JSON report."""
    env = {**os.environ, "PYTHONHASHSEED": str(hashseed)}
    done = subprocess.run(
        [sys.executable, "-m", "qingming", *RUN, "--cards", str(cards), *extra],
        capture_output=True,
        text=True,
        env=env,
        timeout=TIMEOUT,
    )
    assert done.returncode == 0, done.stderr
    plain: dict[str, Any] = json.loads(done.stdout)
    return plain


@pytest.fixture(scope="module")
def serial(card_file: Path) -> dict[str, Any]:
    plain = sim(hashseed=1, cards=card_file)
    assert plain["cluster"] is None and plain["games"] == GAMES
    assert plain["cards"]["digest"] != shipped_cards().digest
    assert "by_card" in plain  # on with --cards
    return plain


def test_local_cluster_gives_the_serial_figures(serial: dict[str, Any], card_file: Path) -> None:
    """Two workers started here, another hash seed: the same figures, card by card."""
    local = sim("--cluster", "local", "--jobs", "2", hashseed=2, cards=card_file)
    assert local["cluster"] == "local" and local["jobs"] == 2
    assert figures(local) == figures(serial)


@pytest.fixture
def scheduler() -> Iterator[str]:
    """A running cluster's scheduler address: one worker in this process, on the loopback."""
    cluster = distributed.LocalCluster(
        n_workers=1,
        threads_per_worker=1,
        processes=False,
        protocol="tcp://",  # a real address for another process to reach
        host="127.0.0.1",
        dashboard_address=None,
    )
    try:
        address: str = cluster.scheduler_address
        assert address.startswith("tcp://127.0.0.1:")
        yield address
    finally:
        cluster.close()


def test_cluster_at_an_address_gives_the_serial_figures(
    serial: dict[str, Any], card_file: Path, scheduler: str
) -> None:
    """A cluster already running (its worker never sees the card file: the set is sent)."""
    remote = sim("--cluster", scheduler, hashseed=3, cards=card_file)
    assert remote["cluster"] == scheduler and remote["jobs"] == 1
    assert figures(remote) == figures(serial)


def test_a_worker_of_another_engine_is_refused(
    scheduler: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its games would differ from a serial run's: sim says so before playing any."""
    import qm_rules.journal

    monkeypatch.setattr(qm_rules.journal, "ENGINE_VERSION", "another")  # the worker's, here
    done = subprocess.run(
        [sys.executable, "-m", "qingming", *RUN, "--cluster", scheduler],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )
    assert done.returncode == 1 and done.stdout == ""
    assert "another version of the Qingming engine" in done.stderr
    assert "Traceback" not in done.stderr


def test_ctrl_c_stops_the_run_and_the_local_cluster() -> None:
    """Ctrl-C (the terminal's interrupt, to sim's process group): sim says it was interrupted
    and exits 130, and the cluster it started (its scheduler and workers, in sessions of their
    own so that only sim hears the interrupt) is gone with it."""
    import psutil  # Dask's own dependency

    proc = subprocess.Popen(
        [sys.executable, "-m", "qingming", "sim", "--games", "5000", "--cluster", "local"]
        + ["--jobs", "2", "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own group, as a terminal's foreground job
    )
    try:
        assert proc.stderr is not None
        lines = []
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            line = proc.stderr.readline()
            assert line, f"sim ended before its cluster was ready: {lines}"
            lines.append(line)
            if line.startswith("Cluster ready"):
                break
        else:
            pytest.fail(f"no cluster after {TIMEOUT} s: {lines}")
        cluster = psutil.Process(proc.pid).children(recursive=True)
        assert sum("distributed.cli" in " ".join(p.cmdline()) for p in cluster) == 2
        os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=TIMEOUT)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 130, err
    assert "interrupted" in err and "Traceback" not in err and out == ""
    # A process's exit is reaped a moment after its parent's own.
    _, alive = psutil.wait_procs(cluster, timeout=30)
    assert not alive, f"left behind: {[p.cmdline() for p in alive]}"


def test_stock_install_says_how_to_get_dask(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in [m for m in sys.modules if m == "distributed" or m.startswith("distributed.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed: ImportError
    assert main(["sim", "--games", "1", "--cluster", "local"]) == 1
    err = capsys.readouterr().err
    assert "pip install 'qingming[cluster]'" in err and "Traceback" not in err


def test_plain_sim_never_imports_dask() -> None:
    code = (
        "import sys\nfrom qingming.cli import main\n"
        "assert main(['sim', '--games', '2', '--players', '2', '--bots', 'random']) == 0\n"
        "assert 'distributed' not in sys.modules and 'dask' not in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, timeout=60)


def test_jobs_are_not_a_remote_clusters_to_choose(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "--games", "1", "--cluster", "tcp://127.0.0.1:1", "--jobs", "2"]) == 2
    assert "--jobs" in capsys.readouterr().err


def test_an_empty_address_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "--games", "1", "--cluster", " "]) == 2
    assert "scheduler's address" in capsys.readouterr().err


def test_in_order_hands_on_by_position() -> None:
    arrived = [(2, "c"), (0, "a"), (3, "d"), (1, "b")]
    assert list(in_order(arrived)) == ["a", "b", "c", "d"]
