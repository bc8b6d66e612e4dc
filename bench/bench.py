"""Benchmark of bacc-edge: medians over many runs, the machine noted.

``python bench/bench.py`` prints a table; ``--json`` also prints one JSON object on
its last line. ``--baseline PATH`` also times another checkout of bacc-edge (its
``calc/`` folder is imported instead of this one's) side by side on three workloads: the
outcome table, the shipped card-level bets, and the depth analysis. The two are timed in
alternating rounds, each in a fresh process, so that the machine's drift falls on both
alike, and the ratios this / baseline are reported (below 1: this checkout is faster).
The side-by-side timers use only ``import bacc_edge``'s public names, so any two
checkouts compare, whatever their modules are called.
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
#: Alternating rounds of the side-by-side comparison, and shoes per round.
ROUNDS, ROUND_SHOES = 6, 400
#: Times the outcome table of whichever bacc_edge is first on sys.path; prints JSON.
_TIMER = """
import json, sys, time, statistics
import numpy as np
from bacc_edge import Shoe, outcome_table
rng = np.random.default_rng(int(sys.argv[1]))
full = Shoe.decks(8)
cards = [r + s for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split() for s in "shdc"]
shoes = [full.remove(" ".join(rng.choice(cards, size=rng.integers(0, 12))))
         for _ in range(int(sys.argv[2]))]
out = {}
for key, suits in (("solve_ms", False), ("solve_suited_ms", True)):
    outcome_table(shoes[0], suits=suits)
    times = []
    for shoe in shoes:
        t0 = time.perf_counter()
        outcome_table(shoe, suits=suits)
        times.append(time.perf_counter() - t0)
    out[key] = 1e3 * statistics.median(times)
print(json.dumps(out))
"""


#: Card-level bets timed side by side: (paytable, bets) — every shipped paytable with bets
#: on the cards themselves, the slow Lucky 8 by one of its two bets.
SIDE_CARD_BETS = (("contrast_bonus", ()), ("jackpot_baccarat", ()), ("lucky_8", ("Lucky 8, player",)),
                  ("lucky_match", ()), ("lucky_nines", ()), ("majestic_match", ()),
                  ("matching_dragon", ()), ("perfect_pairs", ()), ("super_tie", ()))
#: Reports those bets on 8 decks less five named cards, the full shoe's tables (which
#: judge impossible events) counted beforehand; prints the seconds as JSON.
_CARD_SIDE_TIMER = r"""
import json, sys, time
import bacc_edge as b
shoe = b.Shoe.decks(8).remove("5h Kd 9s 2c 7h")
b.report([b.Bet("warm-up", [b.Event("hit", b.player.card(1).suit == "d", 1)])],
         b.Shoe.decks(1))  # loads the compiled kernels from numba's cache
full, tables = b.Shoe.decks(8), b.Tables()
paytables = [(b.load_paytable(path), names) for path, names in json.loads(sys.argv[1])]
paytables = [paytable.select(names) if names else paytable for paytable, names in paytables]
for paytable in paytables:  # the full shoe's tables, which judge impossible events: untimed
    b.report(paytable, full, tables=tables)
t = time.perf_counter()
for paytable in paytables:
    b.report(paytable, shoe, full_shoe=full, tables=tables)
print(json.dumps({"card_bets_s": time.perf_counter() - t}))
"""
#: Shoes of the depth analysis timed per round, after two warm-up shoes on the same worker.
SIDE_DEPTH_SHOES = 150
#: Times the depth analysis (live-dealer paytable, every bet valued exactly each round) on
#: a local one-worker Dask cluster, warm; prints the seconds as JSON.
_DEPTH_SIDE_TIMER = r"""
import json, sys, tempfile, time
from pathlib import Path
from dask.distributed import LocalCluster
import bacc_edge as b
spec = b.prepare_depth(sys.argv[1])
with tempfile.TemporaryDirectory() as tmp, LocalCluster(
        n_workers=1, threads_per_worker=1, processes=True, host="127.0.0.1",
        dashboard_address=":0", worker_dashboard_address=":0") as cluster:
    b.run_depth(spec, 2, batch=1, state=Path(tmp) / "warm", scheduler=cluster.scheduler_address)
    t = time.perf_counter()
    b.run_depth(spec, int(sys.argv[2]), batch=10, state=Path(tmp) / "run",
                scheduler=cluster.scheduler_address)
    print(json.dumps({"depth_s": time.perf_counter() - t}))
"""


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

    from bacc_edge.depth.run import prepare, run_depth

    root = Path(__file__).resolve().parent.parent
    spec = prepare(root / "paytables" / "live_dealer.py")
    workers = os.cpu_count() or 1
    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                          host="127.0.0.1", dashboard_address=":0",
                          worker_dashboard_address=":0") as cluster:
            address = cluster.scheduler_address
            run_depth(spec, 2 * workers, batch=1, state=Path(tmp) / "warm", scheduler=address)
            t1 = time.perf_counter()
            run_depth(spec, shoes, batch=10, state=Path(tmp) / "run", scheduler=address)
            t2 = time.perf_counter()
    return shoes / (t2 - t1), (shoes + 2 * workers) / (t2 - t0), workers


def count_study_shoes_per_s(shoes: int = 400_000) -> float:
    """Shoes per second of a count-only study (deal, count and settle in numba; the Big
    Tiger paytable and its published count, outcome method) on a warm local cluster of
    every core."""
    from dask.distributed import LocalCluster

    from bacc_edge.depth.run import prepare, run_depth

    root = Path(__file__).resolve().parent.parent
    spec = prepare(root / "paytables" / "big_tiger.py", count_only=True, eor_count=False)
    workers = os.cpu_count() or 1
    with tempfile.TemporaryDirectory() as tmp, LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, host="127.0.0.1",
            dashboard_address=":0", worker_dashboard_address=":0") as cluster:
        address = cluster.scheduler_address
        run_depth(spec, 10_000 * workers, batch=5_000, state=Path(tmp) / "warm",
                  scheduler=address)
        t0 = time.perf_counter()
        run_depth(spec, shoes, batch=20_000, state=Path(tmp) / "run", scheduler=address)
        return shoes / (time.perf_counter() - t0)


def depth_start_s() -> float:
    """Seconds from the paytable to a depth run's definition (the live-dealer paytable,
    all its bets: effects of removal and each bet's count), in a fresh process."""
    root = Path(__file__).resolve().parent.parent
    code = ("import time, bacc_edge.depth.run as d; t = time.perf_counter(); "
            f"d.prepare({str(root / 'paytables' / 'live_dealer.py')!r}); "
            "print(time.perf_counter() - t)")
    subprocess.run([sys.executable, "-c", code], check=True, capture_output=True)
    runs = [float(subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                                 text=True).stdout) for _ in range(3)]
    return statistics.median(runs)


def eor_command_s() -> float:
    """Wall time of ``bacc-edge eor paytables/live_dealer.py``, a fresh process."""
    root = Path(__file__).resolve().parent.parent
    cmd = [sys.executable, "-m", "bacc_edge", "eor", str(root / "paytables" / "live_dealer.py")]
    subprocess.run(cmd, check=True, capture_output=True)
    times = []
    for _ in range(3):
        t0 = time.perf_counter()
        subprocess.run(cmd, check=True, capture_output=True)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


_CARD_TIMER = r"""
import json, sys, time
import bacc_edge as b
from bacc_edge.analysis.bet_report import layouts
from bacc_edge.engine.card_table import CardLayout
paytable = b.load_paytable(sys.argv[1])
shoe = b.Shoe.decks(8)
warm = b.Bet("warm-up", [b.Event("hit", b.player.card(1).suit == "d", 1)])
b.report([warm], b.Shoe.decks(1))  # loads the compiled kernels from numba's cache
out = {}
for layout, chosen in layouts(paytable.bets, paytable.rules, shoe).items():
    if isinstance(layout, CardLayout):
        for i in chosen:
            t = time.perf_counter()
            b.report(paytable.select([paytable.bets[i].name]), shoe)
            out[paytable.bets[i].name] = time.perf_counter() - t
print(json.dumps(out))
"""


def card_bet_s() -> dict[str, float]:
    """Seconds to report each card-level bet of the shipped paytables on 8 decks, one
    core, warm numba cache: each bet timed alone, in a fresh process per paytable, after
    a warm-up that only loads the kernels."""
    root = Path(__file__).resolve().parent.parent
    out: dict[str, float] = {}
    for path in sorted((root / "paytables").glob("*.py")):
        run = subprocess.run([sys.executable, "-c", _CARD_TIMER, str(path)], check=True,
                             capture_output=True, text=True)
        for name, seconds in json.loads(run.stdout.strip().splitlines()[-1]).items():
            out[f"{path.stem}: {name}"] = seconds
    return out


#: 60 cards removed from 8 decks: four of every rank and one more of A … 8
SUITLESS_CARDS = "A 2 3 4 5 6 7 8 9 10 J Q K".split() * 4 + "A 2 3 4 5 6 7 8".split()
_SUITLESS_TIMER = r"""
import json, sys, time
import bacc_edge as b
paytable = b.load_paytable(sys.argv[1])
full = b.Shoe.decks(8)
b.report(paytable, full)  # kernels loaded, the layouts' cells found: alike for both sides
cards = sys.argv[2].split()
named = " ".join(c + "shdc"[i % 4] for i, c in enumerate(cards))
times = {"suitless_s": [], "named_s": []}
out = {"cards": len(cards)}
try:
    while len(times["named_s"]) < 2 or (len(times["named_s"]) < 5 and max(
            min(v) for v in times.values()) < 0.1):  # best of two; of five where quick
        for key, removed in (("suitless_s", " ".join(cards)), ("named_s", named)):
            t = time.perf_counter()
            b.report(paytable, full.remove(removed))
            times[key].append(time.perf_counter() - t)
except b.BaccEdgeError as error:
    out["refused"] = str(error)
else:
    out.update({k: min(v) for k, v in times.items()})
    out["ratio"] = out["suitless_s"] / out["named_s"]
print(json.dumps(out))
"""


def suitless_remove_s() -> dict[str, dict]:
    """Per shipped paytable, seconds to report it on 8 decks less 60 cards named without
    their suits, and less the same cards with suits named, and the ratio: one fresh
    process per paytable, warm numba cache, both sides after the same warm-up, each the
    best of two alternating runs (of five where a report takes under 0.1 s, whose
    times a busy machine shakes most). A refusal is kept in place of the times."""
    root = Path(__file__).resolve().parent.parent
    out: dict[str, dict] = {}
    for path in sorted((root / "paytables").glob("*.py")):
        run = subprocess.run([sys.executable, "-c", _SUITLESS_TIMER, str(path),
                              " ".join(SUITLESS_CARDS)], check=True, capture_output=True,
                             text=True)
        out[path.stem] = json.loads(run.stdout.strip().splitlines()[-1])
    return out


def side_by_side(baseline: Path) -> dict[str, float]:
    """Medians of three workloads, this checkout and ``baseline``, over alternating
    rounds of fresh processes (the order flips each round): the outcome table
    (``solve_ms``, ``solve_suited_ms``), the shipped card-level bets (``card_bets_s``)
    and the depth analysis (``depth_s``, :data:`SIDE_DEPTH_SHOES` shoes); and their
    ratios this / baseline (``solve_ratio``, ``solve_suited_ratio``, ``card_bets_ratio``,
    ``depth_ratio``)."""
    root = Path(__file__).resolve().parent.parent
    here = root / "calc"
    there = Path(baseline).resolve() / "calc"
    if not (there / "bacc_edge").is_dir():
        sys.exit(f"--baseline {baseline}: no calc/bacc_edge there (give a checkout's top folder)")
    card_bets = json.dumps([(str(root / "paytables" / f"{name}.py"), list(names))
                            for name, names in SIDE_CARD_BETS])
    depth_paytable = str(root / "paytables" / "live_dealer.py")
    workloads = [lambda r: [_TIMER, str(r), str(ROUND_SHOES)],
                 lambda r: [_CARD_SIDE_TIMER, card_bets],
                 lambda r: [_DEPTH_SIDE_TIMER, depth_paytable, str(SIDE_DEPTH_SHOES)]]
    rounds: dict[str, list[dict]] = {"this": [], "baseline": []}
    for r in range(-1, ROUNDS):  # round -1 warms each side's numba cache, untimed
        sides = [("this", here), ("baseline", there)]
        for side, path in sides if r % 2 == 0 else sides[::-1]:
            env = {**os.environ, "PYTHONPATH": str(path)}
            timed: dict = {}
            for args in workloads:
                run = subprocess.run([sys.executable, "-c", *args(max(r, 0))], env=env,
                                     check=True, capture_output=True, text=True)
                timed.update(json.loads(run.stdout.strip().splitlines()[-1]))
            if r >= 0:
                rounds[side].append(timed)
    out = {}
    for key in SIDE_KEYS:
        this = statistics.median(r[key] for r in rounds["this"])
        base = statistics.median(r[key] for r in rounds["baseline"])
        out[f"side_by_side_{key}"] = this
        out[f"baseline_{key}"] = base
        out[f"{key.rsplit('_', 1)[0]}_ratio"] = this / base
    return out


#: The side-by-side figures (see :func:`side_by_side`) and how the table labels them.
SIDE_KEYS = {"solve_ms": ("outcome table, no suits", "ms"),
             "solve_suited_ms": ("outcome table, suited pairs", "ms"),
             "card_bets_s": ("card-level bets, 8 decks less 5 cards", "s"),
             "depth_s": (f"depth, live dealer, {SIDE_DEPTH_SHOES} shoes, 1 worker", "s")}


def main() -> None:
    as_json = "--json" in sys.argv
    baseline = None
    if "--baseline" in sys.argv:
        at = sys.argv.index("--baseline") + 1
        if at >= len(sys.argv):
            sys.exit("--baseline needs the path of another checkout of bacc-edge")
        baseline = Path(sys.argv[at])
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
    figures["count_shoes_per_s"] = count_study_shoes_per_s()
    figures["depth_start_s"] = depth_start_s()
    figures["eor_s"] = eor_command_s()
    figures["card_bet_s"] = card_bet_s()
    figures["suitless_remove_s"] = suitless_remove_s()
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
        ("count-only study, Big Tiger count, %d workers (400,000 shoes)" % workers,
         "%.0f shoes/s" % figures["count_shoes_per_s"]),
        ("depth run's start: live-dealer definition and counts (median of 3)",
         "%.2f s" % figures["depth_start_s"]),
        ("bacc-edge eor paytables/live_dealer.py, fresh process (median of 3)",
         "%.2f s" % figures["eor_s"]),
        ("slow reference enumerator, same shoe, no suits (1 run)",
         "%.0f ms (%.0f× the engine)" % (figures["reference_ms"], figures["reference_ratio"])),
    ]
    if figures["card_bet_s"]:
        slowest = max(figures["card_bet_s"], key=figures["card_bet_s"].get)
        rows.append(("card-level bets, each alone, 8 decks, one core (%d bets)"
                     % len(figures["card_bet_s"]),
                     "median %.2f s; slowest %.2f s (%s)" % (
                         statistics.median(figures["card_bet_s"].values()),
                         figures["card_bet_s"][slowest], slowest)))
    for name, timed in figures["suitless_remove_s"].items():
        if "ratio" in timed:
            rows.append((f"{name}: {timed['cards']} cards removed, suitless against named",
                         "%.3f s against %.3f s: %.2f×" % (
                             timed["suitless_s"], timed["named_s"], timed["ratio"])))
    if baseline is not None:
        figures.update(side_by_side(baseline))
        figures["baseline"] = str(baseline)
        for key, (label, unit) in SIDE_KEYS.items():
            rows.append((f"side by side with {baseline}, {label} (median of {ROUNDS} "
                         f"alternating rounds)",
                         "%.3f %s against %.3f %s: %.2f×" % (
                             figures[f"side_by_side_{key}"], unit, figures[f"baseline_{key}"],
                             unit, figures[f"{key.rsplit('_', 1)[0]}_ratio"])))
    width = max(len(k) for k, _ in rows)
    for k, v in rows:
        print(f"{k:<{width}}  {v}")
    if as_json:
        print(json.dumps(figures))


if __name__ == "__main__":
    main()
