"""Benchmark of bacc-edge: medians over many runs, the machine noted.

``python bench/bench.py`` prints a table; ``--json`` also prints one JSON object on
its last line.
"""

from __future__ import annotations

import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from bacc_edge import Shoe, outcome_table

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from reference import reference_counts  # noqa: E402

RUNS = 2000


def cpu_name() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def fresh_shoes(n: int, seed: int = 1) -> list[Shoe]:
    """8-deck shoes with a few random cards (suits named) dealt out, all different."""
    rng = np.random.default_rng(seed)
    full = Shoe.decks(8)
    cards = [f"{r}{s}" for r in ("A 2 3 4 5 6 7 8 9 10 J Q K".split()) for s in "shdc"]
    return [full.remove(" ".join(rng.choice(cards, size=rng.integers(0, 12))))
            for _ in range(n)]


def median_ms(fn, shoes) -> float:
    fn(shoes[0])
    times = []
    for shoe in shoes:
        t0 = time.perf_counter()
        fn(shoe)
        times.append(time.perf_counter() - t0)
    return 1e3 * statistics.median(times)


def fresh_process_s(code: str, repeats: int = 5) -> float:
    subprocess.run([sys.executable, "-c", code], check=True)  # warm the numba cache
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def depth_shoes_per_s(shoes: int = 300) -> tuple[float, float, int]:
    """Shoes per second of the depth analysis on the live-dealer paytable (all its bets,
    Perfect Pair included), on a local Dask cluster of every core: steady throughput
    once the workers are warm, and the whole run with the cluster's start."""
    from dask.distributed import LocalCluster

    from bacc_edge.depth_run import prepare, run_depth

    root = Path(__file__).resolve().parent.parent
    spec = prepare(root / "paytables" / "live_dealer.py")
    workers = os.cpu_count() or 1
    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                          dashboard_address=None) as cluster:
            address = cluster.scheduler_address
            run_depth(spec, 2 * workers, batch=1, state=Path(tmp) / "warm", scheduler=address)
            t1 = time.perf_counter()
            run_depth(spec, shoes, batch=10, state=Path(tmp) / "run", scheduler=address)
            t2 = time.perf_counter()
    return shoes / (t2 - t1), (shoes + 2 * workers) / (t2 - t0), workers


def main() -> None:
    as_json = "--json" in sys.argv
    shoes = fresh_shoes(RUNS)
    figures = {
        "machine": f"{cpu_name()}, {os.cpu_count()} cores, Python {platform.python_version()}",
        "runs": RUNS,
        "solve_ms": median_ms(lambda s: outcome_table(s), shoes),
        "solve_suited_ms": median_ms(lambda s: outcome_table(s, suits=True), shoes),
        "import_s": fresh_process_s("import bacc_edge"),
        "first_table_s": fresh_process_s(
            "import bacc_edge as b; b.outcome_table(b.Shoe.decks(8), suits=True)"),
    }
    per_s, with_start, workers = depth_shoes_per_s()
    figures["shoes_per_s"] = per_s
    figures["shoes_per_s_per_core"] = per_s / workers
    figures["shoes_per_s_with_cluster_start"] = with_start
    ref = shoes[1]
    t0 = time.perf_counter()
    reference_counts([(r, None, n) for r, n in enumerate(ref.ranks)])
    figures["reference_ms"] = 1e3 * (time.perf_counter() - t0)
    figures["reference_ratio"] = figures["reference_ms"] / figures["solve_ms"]
    rows = [
        ("machine", figures["machine"]),
        ("outcome table, 8 decks, no suits (median of %d)" % RUNS,
         "%.3f ms" % figures["solve_ms"]),
        ("outcome table, 8 decks, suited pairs (median of %d)" % RUNS,
         "%.3f ms" % figures["solve_suited_ms"]),
        ("fresh process: import bacc_edge (median of 5)", "%.3f s" % figures["import_s"]),
        ("fresh process: import + first suited table, warm cache",
         "%.3f s" % figures["first_table_s"]),
        ("depth analysis, live-dealer paytable, %d workers (300 shoes)" % workers,
         "%.1f shoes/s (%.1f per core; %.1f with the cluster's start)"
         % (per_s, per_s / workers, with_start)),
        ("slow reference enumerator, same shoe, no suits (1 run)",
         "%.0f ms (%.0f× the engine)" % (figures["reference_ms"], figures["reference_ratio"])),
    ]
    width = max(len(k) for k, _ in rows)
    for k, v in rows:
        print(f"{k:<{width}}  {v}")
    if as_json:
        print(json.dumps(figures))


if __name__ == "__main__":
    main()
