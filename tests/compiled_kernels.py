"""The numba kernels a test run compiled rather than loaded from the kernel cache.

On a cold cache (every change to the engine's or the game's sources starts a new one:
bacc_edge.engine.jit) compiling is a third of the suite's time. conftest.py lists, at
the end of the run, the slowest compiles with the test that made each, and how many and
how long in all: where a test compiles a type specialisation of a kernel that the library
itself never makes (an int32 array where the library passes int64, a writable array where
it passes a read-only one), that is time to save. On a warm cache the list is empty.
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
            "types": str(ev.data.get("args")),
            "worker": os.environ.get("PYTEST_XDIST_WORKER", ""),
            "test": os.environ.get("PYTEST_CURRENT_TEST", "").rsplit(" ", 1)[0],
            "seconds": time.perf_counter() - started})


def listen() -> Compiles:
    """Start noting this process's compiles."""
    compiles = Compiles()
    event.register("numba:compile", compiles)
    return compiles


def summary(seen: list[dict], shown: int = 10) -> list[str]:
    """The lines that report ``seen`` (every worker's compiles), the ``shown`` slowest
    one a line: none when it is empty."""
    if not seen:
        return []
    lines = [f"{len(seen)} kernel compiles during the tests (a cold kernel cache), "
             f"{sum(s['seconds'] for s in seen):.0f} s in all; the slowest:"]
    lines += [f"  {s['seconds']:5.1f} s {s['worker']:>4}  {s['kernel']}  ({s['test'][:120]})"
              for s in sorted(seen, key=lambda s: -s["seconds"])[:shown]]
    again = twice(seen)
    if again:
        lines.append(f"compiled again in another worker (the same kernel and types): "
                     f"{len(again)}, {sum(s['seconds'] for s in again):.0f} s")
    return lines


def twice(seen: list[dict]) -> list[dict]:
    """The compiles of ``seen`` that repeat one made before them, the same kernel for the
    same argument types (in another worker: each worker compiles what the shared cache
    did not hold when it asked)."""
    first, again = set(), []
    for s in seen:
        key = (s["kernel"], s.get("types"))
        if key in first:
            again.append(s)
        first.add(key)
    return again
