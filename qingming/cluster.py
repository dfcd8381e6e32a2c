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

import logging
import os
import signal
import uuid
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

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
#: Seconds to reach a scheduler, and to wait for its first worker.
CONNECT_TIMEOUT = 10
WORKER_TIMEOUT = 60
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
    cluster = None
    if where == LOCAL:
        n = workers or os.cpu_count() or 1
        say(tr("sim.cluster.starting", lang, n=n))
        # Loopback only, no dashboard: nothing here listens beyond this machine. The worker
        # processes are started with Ctrl-C ignored (they keep it so): the terminal sends it
        # to all of them, and this process alone stops the run and then the cluster.
        interrupt = signal.signal(signal.SIGINT, signal.SIG_IGN)
        try:
            cluster = distributed.LocalCluster(
                n_workers=n,
                threads_per_worker=1,
                processes=True,
                host=LOOPBACK,
                dashboard_address=None,
                worker_dashboard_address=None,
                silence_logs=logging.ERROR,
            )
        finally:
            signal.signal(signal.SIGINT, interrupt)
        address = cluster.scheduler_address
    else:
        address = where
        say(tr("sim.cluster.connecting", lang, address=address))
    try:
        try:
            client = distributed.Client(address, timeout=CONNECT_TIMEOUT, set_as_default=False)
        except (OSError, TimeoutError) as exc:
            raise ClusterError(
                tr("sim.cluster.unreachable", lang, address=address, why=exc)
            ) from None
        try:
            threads = _ready(client, address, say, lang)
            yield client, threads
        finally:
            client.close()
    finally:
        if cluster is not None:
            cluster.close()


def _ready(client: Client, address: str, say: Callable[[str], None], lang: str) -> int:
    """The cluster's worker threads once it has a worker, each worker's engine checked to be
    this one's (another version would play other games)."""
    if not client.nthreads():
        say(tr("sim.cluster.waiting", lang, address=address))
        try:
            client.wait_for_workers(1, timeout=WORKER_TIMEOUT)
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
