"""Shoes per second of count studies (depth --count-only, outcome method), this tree
beside another checkout (``--baseline DIR``), each in a fresh process of its own.

Per tree and study: ``cluster`` deals on a warm local Dask cluster of every core (as
``bench.py``'s ``count_shoes_per_s`` does), ``local`` is a whole local run with no
scheduler (whatever the tree does then: a cluster it starts, or threads), and ``start``
the seconds from the paytable to the first shoes dealt (the run's definition, the game
built, the kernels loaded). Studies: the Big Tiger paytable and its published count;
Lucky Nines (paytable 1) with its own count from the effects of removal (A, 2, 3 = +1,
9 = -3, true count per deck unseen >= 3.1).

    .venv/bin/python bench/count_study_speed.py [--shoes N] [--baseline DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

_TIMER = r"""
import json, os, sys, tempfile, time
from pathlib import Path
t0 = time.perf_counter()
from bacc_edge import Count
from bacc_edge.depth.options import prepare
from bacc_edge.depth.run import run_depth
root, study, shoes = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])
if study == "big_tiger":
    spec = prepare(root / "paytables" / "big_tiger.py", count_only=True, eor_count=False)
else:
    count = Count("Lucky Nines own count", {"A": 1, "2": 1, "3": 1, "9": -3}, trigger=3.1,
                  divisor="unseen", rounding="exact")
    spec = prepare(root / "paytables" / "lucky_nines.py", ["Lucky Nines, paytable 1"],
                   count_only=True, eor_count=False, paytable_counts_too=False,
                   counts=[count])
workers = os.cpu_count() or 1
out = {}
with tempfile.TemporaryDirectory() as tmp:
    run_depth(spec, 1, batch=1, state=Path(tmp) / "first", workers=1)
    out["start"] = time.perf_counter() - t0
    t = time.perf_counter()
    run_depth(spec, shoes, batch=20_000, state=Path(tmp) / "local", workers=workers)
    out["local"] = shoes / (time.perf_counter() - t)
    from dask.distributed import LocalCluster
    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                      host="127.0.0.1", dashboard_address=":0",
                      worker_dashboard_address=":0") as cluster:
        address = cluster.scheduler_address
        run_depth(spec, 10_000 * workers, batch=5_000, state=Path(tmp) / "warm",
                  scheduler=address)
        t = time.perf_counter()
        run_depth(spec, shoes, batch=20_000, state=Path(tmp) / "cluster", scheduler=address)
        out["cluster"] = shoes / (time.perf_counter() - t)
print(json.dumps(out))
"""


def measure(tree: Path, study: str, shoes: int) -> dict:
    env = {**os.environ, "PYTHONPATH": str(tree / "calc")}
    run = subprocess.run([sys.executable, "-c", _TIMER, str(tree), study, str(shoes)],
                         capture_output=True, text=True, env=env, cwd=tree)
    if run.returncode:
        return {"error": run.stderr.strip().splitlines()[-1]}
    return json.loads(run.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shoes", type=int, default=400_000)
    parser.add_argument("--baseline", type=Path)
    args = parser.parse_args()
    trees = {"this tree": ROOT}
    if args.baseline:
        trees["baseline"] = args.baseline.resolve()
    for study in ("big_tiger", "lucky_nines"):
        for name, tree in trees.items():
            print(study, name, json.dumps(measure(tree, study, args.shoes)), flush=True)


if __name__ == "__main__":
    main()
