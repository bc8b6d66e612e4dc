"""The numba kernels a test run compiled rather than loaded from the kernel cache.

``make test`` compiles the suite's kernels first (tests/warm_kernels.py), so that its
workers load them all; a kernel compiled during the tests is one that warm-up missed
(a kernel or a specialisation new since its tour was chosen), compiled by each worker
that needs it. conftest.py lists them at the end of the run, with the test that compiled
each, so the tour can be kept up to date; on a warm cache the list is empty.
"""

from __future__ import annotations

import os
import time

from numba.core import event


class Compiles(event.Listener):
    """Notes each kernel of bacc_edge compiled in this process (numba fires its
    ``numba:compile`` event only on a cache miss): its name, the test then running and
    the seconds it took, kernels compiled inside another's compile counted in that one."""

    def __init__(self):
        self.seen: list[dict] = []
        self._started: list[float] = []

    def on_start(self, ev):
        self._started.append(time.perf_counter())

    def on_end(self, ev):
        started = self._started.pop()
        kernel = ev.data["dispatcher"].py_func
        if self._started or not kernel.__module__.startswith("bacc_edge."):
            return
        self.seen.append({
            "kernel": f"{kernel.__module__.removeprefix('bacc_edge.')}.{kernel.__qualname__}",
            "worker": os.environ.get("PYTEST_XDIST_WORKER", ""),
            "test": os.environ.get("PYTEST_CURRENT_TEST", "").rsplit(" ", 1)[0],
            "seconds": time.perf_counter() - started})


def listen() -> Compiles:
    """Start noting this process's compiles."""
    compiles = Compiles()
    event.register("numba:compile", compiles)
    return compiles


def summary(seen: list[dict]) -> list[str]:
    """The lines that report ``seen`` (every worker's compiles): none when it is empty."""
    if not seen:
        return []
    lines = [f"{len(seen)} kernel compiles during the tests, "
             f"{sum(s['seconds'] for s in seen):.0f} s in all (a cold kernel cache; make "
             f"test compiles first what tests/warm_kernels.py's tour compiles: add to it "
             f"a test that compiles each of these)"]
    lines += [f"  {s['seconds']:5.1f} s {s['worker']:>4}  {s['kernel']}  ({s['test']})"
              for s in sorted(seen, key=lambda s: -s["seconds"])]
    return lines
