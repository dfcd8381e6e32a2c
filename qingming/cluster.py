"""``qingming sim --cluster``: a run's batches of games played on a Dask distributed cluster.

Each batch is :func:`qm_rules.sim.play_part` of the run and an index range: a pure function of
its arguments, so any worker may play any batch, a batch lost with its worker is played again
elsewhere, and the parts, merged in index order, give exactly a serial run's figures. The run
(the card set with it, as its source) is sent to the cluster once; each task is its index range.

Dask is an optional extra (``pip install 'qingming[cluster]'``): a stock install runs ``sim``
without it, and :class:`ClusterError` says how to get it when ``--cluster`` asks for it.
Every worker needs qingming installed (the same engine version: it is checked before a game
is played), but never the card file.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack, contextmanager, suppress
from typing import IO, TYPE_CHECKING, Any

from qm_rules.i18n import tr
from qm_rules.sim import Run, SimReport, engine_stamp, in_order, play_part

if TYPE_CHECKING:
    from qm_rules.sim import Runner

# Dask's client and futures are unannotated: they are held as Any here.
Client = Any

#: ``--cluster local``: a cluster of worker processes started here, on the loopback only.
LOCAL = "local"
#: Loopback: a local cluster's scheduler, workers and nannies listen here and nowhere else.
LOOPBACK = "127.0.0.1"
#: Seconds to reach a scheduler, and to wait for its first worker (a local cluster's workers,
#: all of them; and a local worker, for its lost scheduler before it ends).
CONNECT_TIMEOUT = 10
WORKER_TIMEOUT = 60
#: Seconds a local cluster's scheduler stays with nothing to do before it ends by itself (only
#: when ``sim`` could not stop it), and that its processes are given to end when asked.
IDLE_TIMEOUT = 300
STOP_TIMEOUT = 15
#: Batches in flight a worker thread: enough to keep it busy between round trips, few enough
#: that a run of a million games is never all queued at once (and Ctrl-C has little to cancel).
IN_FLIGHT = 4


class ClusterError(Exception):
    """The cluster cannot be had or used; the message is a sentence for the player."""


def _distributed(lang: str = "en") -> Any:
    """Dask's ``distributed``, or :class:`ClusterError` saying how to install it."""
    try:
        import distributed
    except ImportError:
        raise ClusterError(tr("sim.cluster.missing", lang)) from None
    return distributed


@contextmanager
def open_cluster(
    where: str, workers: int | None, say: Callable[[str], None], lang: str = "en"
) -> Iterator[tuple[Client, int]]:
    """A client of the cluster ``where`` (a scheduler's address, or :data:`LOCAL` for one of
    ``workers`` processes started here) and its worker threads; closed (a local cluster
    stopped) on leaving, Ctrl-C included. ``say`` is told what is being waited on."""
    distributed = _distributed(lang)
    with ExitStack() as stack:
        expect = 1
        if where == LOCAL:
            expect = workers or os.cpu_count() or 1
            say(tr("sim.cluster.starting", lang, n=expect))
            address = stack.enter_context(local_cluster(expect, say, lang))
        else:
            address = where
            say(tr("sim.cluster.connecting", lang, address=address))
        try:
            client = distributed.Client(address, timeout=CONNECT_TIMEOUT, set_as_default=False)
        except (OSError, TimeoutError) as exc:
            raise ClusterError(
                tr("sim.cluster.unreachable", lang, address=address, why=exc)
            ) from None
        stack.callback(client.close)
        yield client, _ready(client, address, expect, say, lang)


@contextmanager
def local_cluster(
    workers: int, say: Callable[[str], None] = lambda line: None, lang: str = "en"
) -> Iterator[str]:
    """A Dask scheduler and ``workers`` worker processes (one thread each) started here, all
    listening on the loopback only, without dashboards; the scheduler's address. They run in
    sessions of their own, so that the terminal's Ctrl-C reaches this process alone, which
    stops them on leaving; one left behind by a killed ``sim`` ends itself when idle."""
    with tempfile.TemporaryDirectory(prefix="qingming-cluster-") as folder:
        address_file = os.path.join(folder, "scheduler.json")
        with open(os.path.join(folder, "log"), "w+b") as log:
            started: list[subprocess.Popen[bytes]] = []

            def start(*command: str) -> subprocess.Popen[bytes]:
                process = subprocess.Popen(
                    [sys.executable, "-m", *command],
                    stdin=subprocess.DEVNULL,
                    stdout=log,
                    stderr=log,
                    start_new_session=True,
                )
                started.append(process)
                return process

            try:
                scheduler = start(
                    "distributed.cli.dask_scheduler",
                    # --no-dashboard leaves Dask's other web pages on all interfaces: they
                    # are given the loopback, as everything else
                    *("--host", LOOPBACK, "--port", "0", "--no-dashboard"),
                    *("--dashboard-address", f"{LOOPBACK}:0"),
                    *("--scheduler-file", address_file, "--idle-timeout", str(IDLE_TIMEOUT)),
                )
                address = _address(address_file, scheduler, log, lang)
                start(
                    "distributed.cli.dask_worker",
                    address,
                    *("--host", LOOPBACK, "--no-dashboard", "--nthreads", "1"),
                    *("--dashboard-address", f"{LOOPBACK}:0"),
                    *("--nworkers", str(workers), "--death-timeout", str(WORKER_TIMEOUT)),
                )
                yield address
            finally:
                say(tr("sim.cluster.stopping", lang))
                _stop(started)


def _address(path: str, scheduler: subprocess.Popen[bytes], log: IO[bytes], lang: str) -> str:
    """The address a starting scheduler writes to ``path``, once it is there."""
    deadline = time.monotonic() + WORKER_TIMEOUT
    while time.monotonic() < deadline and scheduler.poll() is None:
        try:
            with open(path, encoding="utf-8") as f:
                address: str = json.load(f)["address"]
            return address
        except (OSError, ValueError, KeyError):  # not written yet, or half written
            time.sleep(0.1)
    log.seek(0)
    why = log.read().decode("utf-8", "replace").strip().splitlines()[-3:]
    raise ClusterError(tr("sim.cluster.not_started", lang, why=" / ".join(why) or "-"))


def _stop(processes: list[subprocess.Popen[bytes]]) -> None:
    """Ask each process's group to end (SIGTERM: Dask's commands close their workers), and
    make sure of it after a while (SIGKILL, to whatever of a group is left)."""
    for process in processes:
        with suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
    deadline = time.monotonic() + STOP_TIMEOUT
    for process in processes:
        with suppress(subprocess.TimeoutExpired):
            process.wait(max(0.0, deadline - time.monotonic()))
        with suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()


def _ready(client: Client, address: str, expect: int, say: Callable[[str], None], lang: str) -> int:
    """The cluster's worker threads once it has ``expect`` workers, each worker's engine
    checked to be this one's (another version would play other games)."""
    if len(client.nthreads()) < expect:
        if expect == 1:
            say(tr("sim.cluster.waiting", lang, address=address))
        try:
            client.wait_for_workers(expect, timeout=WORKER_TIMEOUT)
        except TimeoutError:
            raise ClusterError(
                tr("sim.cluster.no_workers", lang, address=address, seconds=WORKER_TIMEOUT)
            ) from None
    try:
        stamps: dict[str, tuple[str, str]] = client.run(engine_stamp)
    except Exception as exc:  # a worker that cannot import qingming fails here, however
        raise ClusterError(tr("sim.cluster.no_qingming", lang, why=exc)) from None
    version = engine_stamp()[0]
    other = sorted(w for w, (v, _) in stamps.items() if v != version)
    if other:
        raise ClusterError(
            tr("sim.cluster.other_engine", lang, workers=", ".join(other), version=version)
        )
    threads: int = sum(client.nthreads().values())
    builds = {b for _, b in stamps.values()}
    say(
        tr("sim.cluster.ready", lang, workers=len(stamps), threads=threads, builds="/".join(builds))
    )
    return threads


def runner(client: Client, lang: str = "en") -> Runner:
    """A :data:`~qm_rules.sim.Runner` on ``client``'s cluster: at most :data:`IN_FLIGHT`
    batches a worker thread queued at a time, the parts handed on in index order; batches
    still queued are cancelled when the run stops early (an error, Ctrl-C)."""
    distributed = _distributed(lang)

    def run_parts(
        run: Run, parts: Sequence[range], done: Callable[[int], None]
    ) -> Iterator[SimReport]:
        token = uuid.uuid4().hex
        [shared] = client.scatter([run], hash=False)
        live: dict[Any, int] = {}  # batches queued or playing, and their positions
        todo = iter(enumerate(parts))
        flowing = distributed.as_completed(loop=client.loop)

        def submit() -> None:
            step = next(todo, None)
            if step is not None:
                k, indices = step
                future = client.submit(play_part, shared, indices, key=f"qingming-sim-{token}-{k}")
                live[future] = k
                flowing.add(future)

        def finished() -> Iterator[tuple[int, SimReport]]:
            for _ in range(IN_FLIGHT * max(1, sum(client.nthreads().values()))):
                submit()
            for future in flowing:
                try:
                    part: SimReport = future.result()
                except Exception as exc:  # a game's error, or the cluster lost, told as such
                    why = f"{type(exc).__name__}: {exc}"
                    raise ClusterError(tr("sim.cluster.failed", lang, why=why)) from exc
                k = live.pop(future)
                future.release()
                done(part.games)
                submit()
                yield k, part

        try:
            yield from in_order(finished())
        finally:
            client.cancel([*live, shared], force=True)

    return run_parts
