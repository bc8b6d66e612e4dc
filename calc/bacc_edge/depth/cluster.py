"""Where a depth run's batches are dealt: on a Dask cluster (a local one started here,
or the scheduler given), or, for a count study by the coups' outcomes with no scheduler,
on threads of this process. A run with neither a scheduler nor a number of local workers
deals its first batches in this process, and starts the local cluster only for what is
left once the run would end sooner there (:func:`_deal_here_first`): a small run never
waits for one to start. With what a cluster takes of the process: Ctrl-C kept from the
local cluster's workers while they start (:func:`workers_spared_ctrl_c`: a signal handler and
an environment variable, each restored), and Dask's log lines below ERROR silenced while
it runs (:func:`dask_logging_quiet`).

Dask is imported here, inside the functions that use it: defining a run
(:mod:`bacc_edge.depth.options`) never imports it, and a run imports it only when it
deals.
"""

from __future__ import annotations

import contextlib
import itertools
import logging
import math
import os
import re
import signal
import tempfile
import threading
import time

from ..errors import BaccEdgeError, OptionError, kind_of
from .shoes import deal_batch, game

#: Seconds to wait for a Dask scheduler to answer.
CONNECT_TIMEOUT = 5
#: Seconds a local cluster takes to start before it deals (its workers are Python
#: processes that import bacc-edge and load its kernels; measured on 2 cores: 20 shoes of
#: Lucky 8 screened 6.4 s on 2 workers, 2.5 s dealt in one process), and the share of its
#: cores it then deals at (2000 shoes of the live-dealer paytable's two bets: 8 s on 2
#: workers after their start against 12 s in one process).
#: A run given neither a scheduler nor local workers is dealt in this process while the
#: whole run would take no longer than a cluster's start and the rest on it
#: (:func:`here_seconds`).
CLUSTER_START_S, CLUSTER_SHARE = 3.5, 0.75
#: Local worker processes at most: each is a Python process holding numba's kernels
#: (about 200 MB); far past the cores they only slow the run, and 100,000 never start.
MAX_WORKERS = 256


def check_workers(workers: int | None) -> None:
    """Refuse a number of local workers that is not a whole number from 1 to
    :data:`MAX_WORKERS` (None: every core)."""
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int)
                                or not 1 <= workers <= MAX_WORKERS):
        raise OptionError(f"workers {workers!r} must be a whole number from 1 to "
                          f"{MAX_WORKERS} (each is a process of its own)")


def check_where(scheduler: str | None, workers: int | None) -> None:
    """Refuse a scheduler's address or a number of local workers that is wrong
    (:func:`check_scheduler`, :func:`check_workers`), and both given: the workers size a
    local cluster, and the scheduler's deals on its own."""
    if scheduler is not None and workers is not None:
        raise OptionError(f"workers {workers!r} and scheduler {scheduler!r}: give one or the "
                          f"other (workers size a local cluster; the scheduler's cluster "
                          f"deals on its own workers)")
    check_scheduler(scheduler)
    check_workers(workers)


@contextlib.contextmanager
def _client(scheduler: str | None, workers: int | None):
    """A client of the scheduler, or of a local cluster started here (``workers``
    processes, their scratch files, Dask's locks, in a temporary folder of their own):
    closed, with the cluster, and the folder removed, when the block ends."""
    from dask.distributed import Client, LocalCluster

    if scheduler is not None:
        try:
            client = Client(scheduler, timeout=CONNECT_TIMEOUT)
        except Exception as err:  # whatever the address does wrong, one line
            raise OptionError(f"--scheduler {scheduler}: no Dask scheduler answers there "
                              f"within {CONNECT_TIMEOUT} s ({type(err).__name__})") from None
        with contextlib.closing(client):
            yield client
        return
    import dask

    with tempfile.TemporaryDirectory(prefix="bacc-edge-dask-",
                                     ignore_cleanup_errors=True) as scratch:
        with workers_spared_ctrl_c(), dask.config.set({"temporary-directory": scratch}):
            cluster = LocalCluster(n_workers=workers or os.cpu_count() or 1,
                                   threads_per_worker=1, processes=True, host="127.0.0.1",
                                   dashboard_address=":0", worker_dashboard_address=":0")
        with contextlib.closing(cluster), contextlib.closing(Client(cluster)) as client:
            yield client


@contextlib.contextmanager
def workers_spared_ctrl_c():
    """The local cluster's worker processes, started in the block, ignore Ctrl-C and log
    only errors. Ctrl-C at a terminal signals every process of the command: each worker
    would print its own traceback of KeyboardInterrupt and Dask's warnings of tasks
    cancelled, dozens of lines before the command's one. This process alone is
    interrupted, and closing the cluster stops them. A process started with SIGINT
    ignored keeps ignoring it (Python installs its handler only over the default one),
    and a worker reads its log levels from the environment it is started with
    (``DASK_LOGGING__DISTRIBUTED``). A Ctrl-C while the workers start (a second or two)
    is lost with theirs: press it again. Outside the main thread, where no handler can
    be set, the workers are started as they are."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    level = os.environ.get(_WORKER_LOG_LEVEL)
    os.environ[_WORKER_LOG_LEVEL] = "error"
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        if level is None:
            del os.environ[_WORKER_LOG_LEVEL]
        else:
            os.environ[_WORKER_LOG_LEVEL] = level


#: the environment variable of the log level of Dask's workers (``logging.distributed``)
_WORKER_LOG_LEVEL = "DASK_LOGGING__DISTRIBUTED"


def reach_scheduler(address: str | None, wait: float | None = None) -> None:
    """Speak to the scheduler at ``address`` (checked by :func:`check_scheduler`) and
    refuse it unless it answers as a Dask scheduler within one overall deadline of
    ``wait`` seconds (default :data:`CONNECT_TIMEOUT`). Dask's own Client waits for the
    handshake with no deadline, so a port that accepts connections and never answers
    (any other server) would hang the run in silence.

    One connection is tried, once: Dask's ``connect`` retries a connection closed
    under it until its own deadline, so a server that closes every connection would
    be told from one that never answers only by which deadline came first. Here a
    closed connection is said to be closed however long it took, and the deadline
    names only a peer that was still silent when it came."""
    if address is None:
        return
    import asyncio
    import socket
    import time

    from distributed.comm import parse_address
    from distributed.comm.registry import get_backend

    wait = CONNECT_TIMEOUT if wait is None else wait
    host, port = check_scheduler(address)
    start = time.monotonic()
    late = f"--scheduler {address}: no Dask scheduler answers there within {wait:g} s"
    try:
        socket.create_connection((host, port), timeout=wait).close()
    except OSError as err:
        raise OptionError(f"{late} (nothing accepts connections there: "
                          f"{err.strerror or err or type(err).__name__})") from None

    async def identity():
        scheme, location = parse_address(address)
        comm = await get_backend(scheme).get_connector().connect(location)
        try:  # the handshakes Dask's connect exchanges, then the question
            await comm.write(comm.handshake_info())
            await comm.read()
            await comm.write({"op": "identity", "reply": True})
            return await comm.read()
        finally:
            comm.abort()

    try:
        answer = asyncio.run(asyncio.wait_for(identity(), start + wait - time.monotonic()))
    except asyncio.TimeoutError:  # first: it is an OSError too
        raise OptionError(f"{late} (something accepts connections there but never "
                          f"answered)") from None
    except OSError:  # Dask's CommClosedError, a reset, a socket no longer connected
        raise OptionError(f"{late} (something accepts connections there but closed this "
                          f"one without answering)") from None
    except Exception:  # a reply Dask cannot read: its length header, read from another
        # protocol's text, asks for exabytes (a MemoryError inside Dask), or worse
        raise OptionError(f"--scheduler {address}: what answers there is not a Dask "
                          f"scheduler: its reply is not Dask's protocol (perhaps a web "
                          f"server or a proxy)") from None
    if not isinstance(answer, dict) or answer.get("type") != "Scheduler":
        raise OptionError(f"--scheduler {address}: what answers there is not a Dask "
                          f"scheduler (it says it is {kind_of(answer)[:80]})")


def check_scheduler(address: str | None) -> tuple[str, int] | None:
    """Refuse a --scheduler that is not ``tcp://HOST:PORT`` (the one transport this
    command can open without more settings: tls needs certificates, inproc a scheduler
    in this same process, ucx a library not installed), port 1-65535, no path; give
    its host and port."""
    if address is None:
        return None
    bad = (f"--scheduler {address!r} is not a Dask scheduler address; write it as "
           f"tcp://HOST:PORT (port 1-65535)")
    if not isinstance(address, str):
        raise OptionError(bad)
    scheme, sep, rest = address.partition("://")
    if not sep or not scheme:
        raise OptionError(bad)
    if scheme.lower() != "tcp":
        raise OptionError(f"--scheduler {address!r}: only tcp:// addresses are supported "
                          f"(tcp://HOST:PORT), not {scheme}://")
    if scheme != "tcp":  # Dask reads the scheme as written: TCP:// is no address to it
        raise OptionError(f"--scheduler {address!r}: write the scheme in lower case, "
                          f"tcp://{rest}")
    match = re.fullmatch(r"(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+):([0-9]+)", rest)
    if match is None:
        raise OptionError(f"{bad}: it needs a host and a port, and nothing after them")
    port = int(match.group(2))
    if not 1 <= port <= 65535:
        raise OptionError(f"--scheduler {address!r}: port {port} is not from 1 to 65535")
    return match.group(1).strip("[]"), port


def deal_batches(spec, pending, batch, sizes, scheduler, workers):
    """Deal the ``pending`` batches of the run ``spec`` (batch i: ``sizes[i]`` shoes from
    shoe ``i * batch``): yield (batch, arrays) as the cluster finishes them, keeping a few tasks in
    flight and releasing each result once handed over. A count study by the coups'
    outcomes with no scheduler deals on threads of this process instead
    (:func:`_deal_on_threads`); a run given neither a scheduler nor ``workers`` deals
    here first (:func:`_deal_here_first`), the cluster started only for what is left."""
    if scheduler is None and not spec.exact:
        yield from _deal_on_threads(spec, pending, batch, sizes, workers)
        return
    if scheduler is None and workers is None:
        pending = yield from _deal_here_first(spec, pending, batch, sizes)
        if not pending:
            return
    with dask_logging_quiet():
        yield from deal_on_dask(spec, pending, batch, sizes, scheduler, workers)


def here_seconds(cores: int) -> float:
    """The longest a run dealt in one process may take before a local cluster of
    ``cores`` workers would end it sooner: T seconds here take CLUSTER_START_S + T / k
    there (k = CLUSTER_SHARE × cores, the cluster's speed-up), sooner from T = S·k/(k − 1)
    on (2 cores: 10.5 s; 16: 3.8 s); never, where k is 1 or less (one core)."""
    k = CLUSTER_SHARE * cores
    return CLUSTER_START_S * k / (k - 1) if k > 1 else math.inf


def _deal_here_first(spec, pending, batch, sizes):
    """Yield (batch, arrays) for the ``pending`` batches dealt one after another in this
    process (:func:`~bacc_edge.depth.shoes.deal_batch`, as a worker deals them: the same
    arrays, a failure told as a worker's) while the whole run, at the pace of the shoes
    dealt after the first batch, would take at most :func:`here_seconds` on this
    machine's cores; return the batches left."""
    left, first, paced = list(pending), None, 0
    limit = here_seconds(os.cpu_count() or 1)
    started = time.monotonic()
    while left:
        if paced and _projected(time.monotonic(), started, first, paced,
                                sum(sizes[i] for i in left)) > limit:
            break
        i = left.pop(0)
        try:
            arrays = deal_batch(spec, i * batch, sizes[i])
        except BaccEdgeError:
            raise
        except Exception as err:
            raise _failed(err, i, batch, sizes) from None
        yield i, arrays
        if first is None:
            first = time.monotonic()
        else:
            paced += sizes[i]
    return left


def _projected(now: float, started: float, first: float, paced: int, left: int) -> float:
    """The seconds a run dealt here takes to its end, from ``started``: to ``now``, and
    ``left`` shoes more at the pace of the ``paced`` shoes dealt since its first batch
    ended at ``first`` (the first pays for what a process does once: kernels loaded,
    layouts made, the state folder's first file)."""
    return (now - started) + (now - first) / paced * left


def batch_result(future, i: int, batch: int, sizes) -> tuple:
    """The arrays batch ``i`` dealt (a Dask or a thread pool's future), or its failure
    as one error naming the batch and its shoes: the finished batches stay kept."""
    try:
        return future.result()
    except BaccEdgeError:
        raise
    except Exception as err:
        raise _failed(err, i, batch, sizes) from None


def _failed(err: Exception, i: int, batch: int, sizes) -> BaccEdgeError:
    """Batch ``i``'s failure ``err`` as one error naming the batch and its shoes."""
    return BaccEdgeError(f"batch {i} (shoes {i * batch} to {i * batch + sizes[i] - 1}) "
                         f"failed: {type(err).__name__}: {err}; the finished batches are "
                         f"kept, run again to resume")


def deal_on_dask(spec, pending, batch, sizes, scheduler, workers):
    """:func:`deal_batches` on a Dask cluster: the local one it starts, or the scheduler's."""
    from dask.distributed import as_completed

    with _client(scheduler, workers) as client:
        in_flight = 2 * max(1, len(client.nthreads()) or 1)
        queue = list(pending)
        futures = {}

        def submit():
            i = queue.pop(0)
            futures[client.submit(deal_batch, spec, i * batch, sizes[i], pure=False,
                                  key=f"bacc-edge-batch-{i}-{os.getpid()}")] = i

        while queue and len(futures) < in_flight:
            submit()
        ac = as_completed(list(futures))
        for future in ac:
            i = futures.pop(future)
            arrays = batch_result(future, i, batch, sizes)
            future.release()
            del future
            yield i, arrays
            if queue:
                submit()
                ac.add(list(futures)[-1])


@contextlib.contextmanager
def dask_logging_quiet():
    """Dask's own log lines below ERROR silenced for the block: its warnings are about its
    machinery, not the run ("Worker process still alive after 4.0 seconds, killing" as a
    loaded machine closes the local cluster), and stderr carries bacc-edge's notes and
    progress. Every ``distributed`` logger is raised to ERROR and restored after. Dask's
    package is imported first: its import sets its loggers' levels from Dask's settings
    (``distributed`` to INFO), which would undo the block's if it came inside it, as it
    does in a fresh command (the nanny's warning above was then printed on a loaded
    machine)."""
    import distributed  # noqa: F401  (for its import's logging set-up, before the block's)

    names = ["distributed", *(n for n in list(logging.root.manager.loggerDict)
                               if n.startswith("distributed."))]
    loggers = [logging.getLogger(n) for n in names]
    saved = [(logger, logger.level) for logger in loggers]
    for logger in loggers:
        if logger.level < logging.ERROR:  # NOTSET too: a new child inherits ERROR
            logger.setLevel(logging.ERROR)
    try:
        yield
    finally:
        for logger, level in saved:
            logger.setLevel(level)


def _deal_on_threads(spec, pending, batch, sizes, workers):
    """Yield (batch, arrays) as ``workers`` threads (default: every core) finish them:
    the count study's kernel adds up its shoes itself and releases the GIL, so threads
    deal in parallel with no cluster to start and nothing to send between processes.
    Each batch is :func:`~bacc_edge.depth.shoes.deal_batch`, as a Dask worker deals it:
    the same tallies either way."""
    from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait

    game(spec)  # built once, here, before the threads share it
    threads = workers or os.cpu_count() or 1
    todo = iter(pending)
    pool = ThreadPoolExecutor(threads, thread_name_prefix="bacc-edge-deal")
    try:
        futures = {}
        while True:
            for i in itertools.islice(todo, 2 * threads - len(futures)):
                futures[pool.submit(deal_batch, spec, i * batch, sizes[i])] = i
            if not futures:
                break
            finished, _ = wait(list(futures), return_when=FIRST_COMPLETED)
            for future in finished:
                i = futures.pop(future)
                arrays = batch_result(future, i, batch, sizes)
                yield i, arrays
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


__all__ = ["CLUSTER_SHARE", "CLUSTER_START_S", "CONNECT_TIMEOUT", "MAX_WORKERS",
           "check_scheduler", "check_where", "check_workers", "dask_logging_quiet", "deal_batches",
           "deal_on_dask", "here_seconds", "reach_scheduler", "workers_spared_ctrl_c"]
