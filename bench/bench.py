"""Benchmark of bacc-edge: medians over many runs, the machine noted.

``python bench/bench.py`` prints a table; ``--json`` also prints one JSON object on
its last line. ``--baseline PATH`` also times another checkout of bacc-edge (its
``calc/`` folder is imported instead of this one's) side by side on three workloads: the
outcome table, the shipped card-level bets, and the depth analysis. The two are timed in
alternating rounds, each in a fresh process, so that the machine's drift falls on both
alike, and the ratios this / baseline are reported (below 1: this checkout is faster).
The side-by-side timers use only ``import bacc_edge``'s public names, so any two
checkouts compare, whatever their modules are called.

Issue 19's figures (card bets in every analysis; see :func:`issue19_figures`) are timed
through the command line in fresh processes and public names only, on this checkout and,
with ``--baseline``, on the baseline in the same run, alternating; their speed-ups are
"how many times faster this checkout is" (this / baseline for shoes a second, baseline /
this for times). ``--only-issue19`` times those alone.

The any-bet figures (``any_bet_ms`` and its kin; see :mod:`any_bet`) time random bets of
the paytable language, each in a capped process of its own; ``--only any-bet`` times them
alone (with ``--baseline PATH``, on both checkouts, bet by bet), ``--bets N`` times the
first N of them (200 by default).

The perfect player's figures (``perfect_card_shoes_per_s`` and its kin; see
:mod:`perfect_card`) time ``depth --screen`` on every shipped bet on the cards, on two
worker processes, with Lucky 8's player unscreened and a bet on points screened and not
beside them, this checkout only; ``--only perfect-card`` times them alone.
"""

from __future__ import annotations

import json
import os
import platform
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from bacc_edge import Shoe, outcome_table

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from any_bet import (ANY_BETS, any_bet_figures, any_bet_rows, any_bet_side_by_side,  # noqa: E402
                     part_dealt_removals)
from perfect_card import perfect_card_figures, perfect_card_rows  # noqa: E402
from reference import reference_counts  # noqa: E402

RUNS = 2000
#: Alternating rounds of the side-by-side comparison, and shoes per round.
ROUNDS, ROUND_SHOES = 3, 400
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


def byte_compiled(checkout: Path) -> None:
    """``checkout``'s sources byte-compiled, as ``make install`` (and any regular
    install) leaves them: every start-up timed then reads them as an installed bacc-edge
    does. Without it, where ``PYTHONDONTWRITEBYTECODE`` is set (this machine's shells
    set it), each fresh process would compile every module it imports again, about a
    quarter of a second of each start-up, on both sides alike."""
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(checkout / "calc")],
                   check=True, stdout=subprocess.DEVNULL)


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

    from bacc_edge.depth.options import prepare
    from bacc_edge.depth.run import run_depth

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


def depth_start_s() -> float:
    """Seconds from the paytable to a depth run's definition (the live-dealer paytable,
    all its bets: effects of removal and each bet's count), in a fresh process."""
    root = Path(__file__).resolve().parent.parent
    code = ("import time, bacc_edge.depth.options as d; t = time.perf_counter(); "
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


def chemin_de_fer_s() -> dict[str, float]:
    """Wall time of ``bacc-edge chemin-de-fer`` on 8 decks and the infinite deck under each
    model, zero-sum and with a 5% commission: a fresh process each, median of 3 after an
    untimed run."""
    out = {}
    for shoe in (["--decks", "8"], ["--infinite"]):
        for information in ("total", "banker-cards", "cards"):
            for commission in ("0%", "5%"):
                cmd = [sys.executable, "-m", "bacc_edge", "chemin-de-fer", *shoe,
                       "--information", information, "--commission", commission]
                subprocess.run(cmd, check=True, capture_output=True)
                times = []
                for _ in range(3):
                    t0 = time.perf_counter()
                    subprocess.run(cmd, check=True, capture_output=True)
                    times.append(time.perf_counter() - t0)
                out[f"{shoe[-1].lstrip('-')} {information} {commission}"] = statistics.median(times)
    return out


_CARD_TIMER = r"""
import json, sys, time
import bacc_edge as b
from bacc_edge.analysis.bet_report import layouts
from bacc_edge.engine.point_table import CellLayout
paytable = b.load_paytable(sys.argv[1])
shoe = b.Shoe.decks(8)
warm = b.Bet("warm-up", [b.Event("hit", b.player.card(1).suit == "d", 1)])
b.report([warm], b.Shoe.decks(1))  # loads the compiled kernels from numba's cache
out = {}
for layout, chosen in layouts(paytable.bets, paytable.rules, shoe).items():
    if not isinstance(layout, CellLayout):  # card-level, factored or collapsed
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


# --- Issue 19's figures: card bets everywhere, timed through stable entry points --------
#
# Each is timed through what a user runs, so that any two checkouts compare whatever their
# modules: the command line in fresh processes (``python -m bacc_edge depth … --fmt json``,
# ``python -m bacc_edge eor …``) and ``import bacc_edge``'s public names. With a baseline
# both checkouts are timed in the same run, alternating which goes first. A refusal is
# kept as its one-line text; a run cut at its time limit is kept as a bound, never
# extrapolated.

#: Shoes of a count study's start-up run (its fixed cost) and of its steady run.
COUNT_SHOES = (100, 1_000_000)
#: Timed rounds of each count study per side (after one untimed warm-up run).
COUNT_ROUNDS = 3
#: The count of the card bet's count study: Lucky Nines reads only nines, and every
#: other rank's effect of removal is one twelfth of a nine's with the sign flipped (eor:
#: +0.2365 against -2.8384 % of stake), so these tags are its effects to scale: a
#: balanced count whose betting correlation is 1 for ranks. Paytable 1 breaks even near
#: a true count of +10 (paytable 2 near +3).
CARD_COUNT = ("A/2/3/4/5/6/7/8/10/J/Q/K=+1,9=-12", "10")
#: A count-study run cut at this many seconds is kept as a bound.
COUNT_CAP_S = 180
#: Random part-dealt shoes of card_bet_ms (each 8 decks less 6 … 300 named cards, seeded),
#: the time after which a bet stops at fewer shoes (the baseline's slow bets), and the
#: fewest shoes a bet is timed on even so.
CARD_SHOES, CARD_BUDGET_S, CARD_LEAST = 50, 5.0, 3
#: Seconds after which ``bacc-edge eor`` is cut (its time then a lower bound), and the
#: cut of the untimed warm-up run before it (it only fills numba's cache).
EOR_CAP_S, EOR_WARM_CAP_S = 30, 5
#: The card bets of the exact depth study: (paytable, bet, shoes of the steady run), on
#: DEPTH_WORKERS local workers, one shoe a task; the start-up run deals one shoe a worker.
DEPTH_BETS = (("lucky_8", "Lucky 8, player", 10), ("colour_match", "Colour Match", 200),
              ("lucky_nines", "Lucky Nines, paytable 1", 200),
              ("jackpot_baccarat", "Jackpot Baccarat", 200),
              ("contrast_bonus", "Contrast Bonus, paytable 1", 40))
DEPTH_WORKERS, DEPTH_CAP_S = 2, 90

#: Prints {paytable stem: [names of its bets on the cards themselves]}: the bets the
#: engine counts on a card layout, of whatever kind: any but the outcome cells (internal
#: names: tried on each checkout in turn).
_CARD_BETS_FINDER = r"""
import json, sys
from pathlib import Path
import bacc_edge as b
from bacc_edge.analysis.bet_report import layouts
from bacc_edge.engine.point_table import CellLayout
out, full = {}, b.Shoe.decks(8)
for path in sorted(Path(sys.argv[1]).glob("*.py")):
    paytable = b.load_paytable(path)
    names = [paytable.bets[i].name for layout, chosen in
             layouts(paytable.bets, paytable.rules, full).items()
             if not isinstance(layout, CellLayout) for i in chosen]  # any card layout
    if names:
        out[path.stem] = names
print(json.dumps(out))
"""
#: Times the named bets of one paytable alone on random part-dealt 8-deck shoes, one
#: report at a time when told: reads a line on stdin ("go", or "next" to go on to the
#: next bet) and answers each "go" with one line, the seconds it took: first the set-up
#: of the bet (its first report, on the full shoe, whose tables then judge impossible
#: events), then one shoe after another. Run side by side with the same timer of the
#: other checkout, in lockstep, so that both see the machine alike.
_CARD_MS_TIMER = r"""
import json, sys, time
import bacc_edge as b
path, names, removals = json.loads(sys.argv[1])
full = b.Shoe.decks(8)
shoes = [full.remove(cards) for cards in removals]
b.report([b.Bet("warm-up", [b.Event("hit", b.player.card(1).suit == "d", 1)])],
         b.Shoe.decks(1))  # loads the compiled kernels from numba's cache
paytable = b.load_paytable(path)
print("ready", flush=True)
for name in names:
    bet, tables, todo = paytable.select([name]), b.Tables(), [full] + shoes
    while sys.stdin.readline().strip() == "go" and todo:
        shoe = todo.pop(0)
        t = time.perf_counter()
        b.report(bet, shoe, full_shoe=full, tables=tables)
        print(time.perf_counter() - t, flush=True)
"""


def lockstep_card_bets(timers: list[subprocess.Popen], names: list[str], shoes: int,
                       budget: float, least: int) -> list[dict]:
    """Drives one :data:`_CARD_MS_TIMER` per side through the bets ``names``: each bet's
    set-up on every side, then shoe after shoe, the sides taking turns (the one that
    goes first flipping each shoe), so that a busy spell of the machine falls on both
    alike. A side stops at ``shoes`` shoes, or once it has spent ``budget`` seconds
    and timed ``least`` shoes (the baseline's slow bets), each side on its own. Per
    side: {bet: {"ms": median, "setup_ms": …, "shoes": n}}."""
    def ask(timer: subprocess.Popen, line: str) -> float | None:
        timer.stdin.write(line + "\n")
        timer.stdin.flush()
        if line != "go":
            return None
        answer = timer.stdout.readline()
        if not answer:
            raise RuntimeError(f"the card timer ended early (exit {timer.wait()})")
        return float(answer)

    for timer in timers:
        if timer.stdout.readline().strip() != "ready":
            raise RuntimeError(f"the card timer did not start (exit {timer.wait()})")
    out: list[dict] = [{} for _ in timers]
    for name in names:
        setups = [ask(timer, "go") for timer in timers]
        times: list[list[float]] = [[] for _ in timers]
        going = list(range(len(timers)))
        turn = 0
        while going:
            turn += 1
            for side in (going if turn % 2 else going[::-1]):
                times[side].append(ask(timers[side], "go"))
            going = [s for s in going if len(times[s]) < shoes and not (
                len(times[s]) >= least and sum(times[s]) > budget)]
        for side, timer in enumerate(timers):
            ask(timer, "next")
            out[side][name] = {"ms": 1e3 * statistics.median(times[side]),
                               "setup_ms": 1e3 * setups[side], "shoes": len(times[side])}
    return out


def steady_rate(small: tuple[int, float], big: tuple[int, float]) -> float:
    """Shoes a second once a run is under way: the shoes the ``big`` run deals beyond the
    ``small`` one over the seconds it takes beyond it (each ``(shoes, seconds)``), so
    that the fixed cost both share (process, cluster, definition) drops out."""
    (n, t), (big_n, big_t) = small, big
    if big_n <= n or big_t <= t:
        raise ValueError(f"a steady rate needs a bigger, longer run: {small} against {big}")
    return (big_n - n) / (big_t - t)


def speedup(this: float | None, base: float | None, *, rate: bool,
            this_bound: str | None = None, base_bound: str | None = None
            ) -> tuple[float | None, str | None]:
    """How many times faster this checkout is than the baseline (above 1: faster):
    this / baseline for a ``rate`` (shoes/s), baseline / this for a time; None when
    either side has no figure (a refusal). A side's bound ("lower": the true figure is
    at least this, "upper": at most) makes the speed-up a bound too, or unknown (None)
    when the two bounds point the same way; returns (speed-up, its bound or None)."""
    if this is None or base is None:
        return None, None
    ratio = this / base if rate else base / this
    # which way each side's bound moves the speed-up: a higher this-rate or a lower
    # this-time means a bigger speed-up, and the other way round for the baseline
    ways = set()
    for bound, raises in ((this_bound, rate), (base_bound, not rate)):
        if bound is not None:
            ways.add("lower" if (bound == "lower") == raises else "upper")
    if len(ways) > 1:
        return None, None
    return ratio, (ways.pop() if ways else None)


def refusal(stderr: str, returncode: int) -> str:
    """The one-line refusal a command ended with (its last line on stderr), with the
    exit status when it is not 1 or 2 (bacc-edge's own: bad data, bad usage)."""
    lines = [line.strip() for line in stderr.splitlines() if line.strip()]
    text = lines[-1] if lines else "(nothing on stderr)"
    return text if returncode in (1, 2) else f"exit {returncode}: {text}"


def run_capped(cmd: list[str], env: dict, cap: float) -> tuple[float | None, int, str, str]:
    """Runs ``cmd`` in a fresh process group; (wall seconds, exit status, stdout,
    stderr), seconds None when it ran past ``cap`` seconds and was ended, it and every
    process it started (a depth run's Dask workers)."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, start_new_session=True)
    try:
        out, err = proc.communicate(timeout=cap)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        return None, proc.returncode, out, err
    return time.perf_counter() - t0, proc.returncode, out, err


class _Progress:
    """One line on a terminal's stderr per step of the issue-19 figures, with the time
    so far and a naive estimate of what is left; nothing when stderr is no terminal."""

    def __init__(self, total: int):
        self.total, self.done, self.t0 = total, 0, time.perf_counter()
        self.shown = sys.stderr.isatty()

    def __call__(self, label: str) -> None:
        self.done += 1
        if self.shown:
            spent = time.perf_counter() - self.t0
            left = spent / self.done * (self.total - self.done)
            print(f"\rbench: {self.done}/{self.total} {label[:50]:<50} {spent:5.0f} s, "
                  f"about {left:4.0f} s left", end="", file=sys.stderr, flush=True)

    def close(self) -> None:
        if self.shown:
            print(file=sys.stderr)


def _depth_cmd(paytable: Path, shoes: int, state: str, *extra: str) -> list[str]:
    return [sys.executable, "-m", "bacc_edge", "depth", str(paytable), "--shoes", str(shoes),
            "--fmt", "json", "--quiet", "--state", state, *extra]


def _study_run(cmd_for, env: dict, cap: float) -> tuple[float | None, str | None]:
    """(seconds, None) of one depth run in a fresh state folder, (None, None) when cut at
    ``cap``, (None, refusal) when refused; ``cmd_for(state folder)`` gives the command. A
    run whose JSON does not report the shoes asked for is an error."""
    with tempfile.TemporaryDirectory() as tmp:
        cmd = cmd_for(str(Path(tmp) / "state"))
        seconds, code, out, err = run_capped(cmd, env, cap)
    if seconds is None:
        return None, None
    if code:
        return None, refusal(err, code)
    asked = int(cmd[cmd.index("--shoes") + 1])
    if json.loads(out).get("shoes") != asked:
        raise RuntimeError(f"{' '.join(cmd)}: dealt {json.loads(out).get('shoes')} shoes, "
                           f"not {asked}")
    return seconds, None


def _study(side: dict, key: str, cmd_for, sizes: tuple[int, int], cap: float) -> None:
    """One round of a study on one side: the start-up run then the steady run, added to
    ``side[key]``'s rounds (or its refusal); a start-up run cut at ``cap`` leaves the
    steady run out (it could only be cut too)."""
    if side.get(f"{key}_refused"):
        return
    rounds = side.setdefault(f"{key}_rounds", [])
    timed = []
    for shoes in sizes:
        seconds, refused = _study_run(lambda state: cmd_for(shoes, state), side["env"], cap)
        if refused:
            side[f"{key}_refused"] = refused
            return
        timed.append((shoes, seconds))
        if seconds is None:
            timed += [(big, None) for big in sizes[len(timed):]]
            break
    rounds.append(timed)


def _study_figures(rounds: list, cap: float) -> tuple:
    """(steady shoes/s, its bound, start-up seconds, its bound) from rounds of (small,
    big) runs: medians over the rounds; a steady run cut at ``cap`` gives an upper bound
    (the rate as if it had ended at the cut), a start-up run cut in every round a lower
    bound of the start-up (``cap``) and no rate. A round whose steady run took no longer
    than its start-up run (a busy machine, a steady run too small) gives no rate."""
    starts = [small[1] for small, _ in rounds if small[1] is not None]
    start, start_bound = (statistics.median(starts), None) if starts else (cap, "lower")
    rates, bound = [], None
    for (n, t), (big_n, big_t) in rounds:
        if t is None:
            continue
        if big_t is None:
            big_t, bound = cap, "upper"
        if big_t > t:
            rates.append(steady_rate((n, t), (big_n, big_t)))
    return (statistics.median(rates) if rates else None), bound, start, start_bound


def issue19_figures(baseline: Path | None, *, count_shoes=COUNT_SHOES,
                    count_rounds=COUNT_ROUNDS, card_shoes=CARD_SHOES,
                    card_budget_s=CARD_BUDGET_S, eor_cap_s=EOR_CAP_S,
                    depth_bets=DEPTH_BETS, paytables: list[str] | None = None) -> dict:
    """Issue 19's figures of this checkout, and of ``baseline`` alongside when given
    (each unit of work run on both sides in turn, the order flipping from unit to unit):

    - ``count_shoes_per_s``, ``count_start_s``: the Big Tiger paytable's published
      count, ``depth --count-only --no-eor-count`` on every core (the command's default);
      the steady rate from a run of ``count_shoes[1]`` shoes less one of
      ``count_shoes[0]``, whose time is the start-up; medians of ``count_rounds`` rounds;
    - ``card_count_shoes_per_s``, ``card_count_start_s``: the same for Lucky Nines with
      :data:`CARD_COUNT`;
    - ``card_bet_ms``, ``card_bet_setup_ms``, ``card_bet_shoes``: {paytable: {bet: …}}
      per shipped card bet (``paytables``: only these stems), see the timer;
    - ``card_eor_s``: {paytable: seconds of ``bacc-edge eor``}, fresh process, after an
      untimed warm-up run;
    - ``card_depth_shoes_per_s``, ``card_depth_start_s``: {bet: …} of ``depth --bet B
      --no-eor-count`` on :data:`DEPTH_WORKERS` workers, one shoe a task.

    A refusal is ``<key>_refused`` (its text) in place of the figure; a figure from a cut
    run is named in ``<key>_bound`` ("lower": the true figure is at least this, "upper":
    at most). The baseline's are the same keys with ``baseline_`` in front, and
    ``<key>_speedup`` how many times faster this checkout is (this / baseline for
    shoes/s, baseline / this for times; ``<key>_speedup_bound`` when a bound)."""
    root = Path(__file__).resolve().parent.parent
    folder = root / "paytables"
    sides = [{"name": "this", "env": {**os.environ, "PYTHONPATH": str(root / "calc")}}]
    if baseline is not None:
        there = Path(baseline).resolve() / "calc"
        sides.append({"name": "baseline", "env": {**os.environ, "PYTHONPATH": str(there)},
                      # its own paytables: a study figure this checkout added is no
                      # measure to an older one (the bets and counts are the same)
                      "paytables": Path(baseline).resolve() / "paytables"})
    card_bets = None
    for side in sides:  # the bets on the cards, by the first checkout that can tell
        run = subprocess.run([sys.executable, "-c", _CARD_BETS_FINDER, str(folder)],
                             env=side["env"], capture_output=True, text=True)
        if run.returncode == 0:
            card_bets = json.loads(run.stdout.strip().splitlines()[-1])
            break
    if card_bets is None:
        sys.exit("bench: neither checkout tells which bets are on the cards")
    if paytables is not None:
        card_bets = {k: v for k, v in card_bets.items() if k in paytables}
        depth_bets = tuple(d for d in depth_bets if d[0] in paytables)
    units = ((count_rounds + 1) * 2 + len(card_bets) + len(depth_bets)) * len(sides)
    progress = _Progress(units + len(card_bets))
    flip = [0]

    def each_side():
        flip[0] += 1
        return sides if flip[0] % 2 else sides[::-1]

    count_sizes = tuple(count_shoes)
    studies = (("count", folder / "big_tiger.py", ("--count-only", "--no-eor-count")),
               ("card_count", folder / "lucky_nines.py",
                ("--count-only", "--no-eor-count", "--count", CARD_COUNT[0],
                 "--trigger", CARD_COUNT[1])))
    for r in range(-1, count_rounds):  # round -1 warms each side's numba cache, untimed
        for key, paytable, extra in studies:
            for side in each_side():
                def cmd_for(shoes, state, paytable=side.get("paytables", folder) / paytable.name,
                            extra=extra):
                    return _depth_cmd(paytable, shoes, state, *extra)
                if r < 0:
                    seconds, refused = _study_run(lambda s: cmd_for(count_sizes[0], s),
                                                  side["env"], COUNT_CAP_S)
                    if refused:
                        side[f"{key}_refused"] = refused
                else:
                    _study(side, key, cmd_for, count_sizes, COUNT_CAP_S)
                progress(f"{key} study, {side['name']}, round {r + 1}")
    for side in sides:
        for key in ("count", "card_count"):
            figures = side.setdefault("figures", {})
            if side.get(f"{key}_refused"):
                figures[f"{key}_shoes_per_s_refused"] = side[f"{key}_refused"]
                figures[f"{key}_shoes_per_s"] = figures[f"{key}_start_s"] = None
                continue
            rate, bound, start, start_bound = _study_figures(side[f"{key}_rounds"],
                                                             COUNT_CAP_S)
            figures[f"{key}_shoes_per_s"], figures[f"{key}_start_s"] = rate, start
            if bound:
                figures[f"{key}_shoes_per_s_bound"] = bound
            if start_bound:
                figures[f"{key}_start_s_bound"] = start_bound

    for stem, names in card_bets.items():
        order = each_side()
        args = json.dumps([str(folder / f"{stem}.py"), names,
                           part_dealt_removals(card_shoes, 19)])
        with tempfile.TemporaryFile("w+") as errors:
            timers = [subprocess.Popen([sys.executable, "-c", _CARD_MS_TIMER, args],
                                       env=side["env"], stdin=subprocess.PIPE,
                                       stdout=subprocess.PIPE, stderr=errors, text=True)
                      for side in order]
            try:
                timed = lockstep_card_bets(timers, names, card_shoes, card_budget_s,
                                           CARD_LEAST)
            except (RuntimeError, ValueError, BrokenPipeError) as error:
                errors.seek(0)
                sys.exit(f"bench: card_bet_ms of {stem}: {error}\n{errors.read()}")
            finally:
                for timer in timers:
                    timer.stdin.close()
                    timer.wait()
                    timer.stdout.close()
        for side, side_timed in zip(order, timed):
            for key, field in (("card_bet_ms", "ms"), ("card_bet_setup_ms", "setup_ms"),
                               ("card_bet_shoes", "shoes")):
                side["figures"].setdefault(key, {})[stem] = {
                    name: t[field] for name, t in side_timed.items()}
        progress(f"card_bet_ms {stem}")
    for stem in card_bets:
        for side in each_side():
            figures = side["figures"]
            cmd = [sys.executable, "-m", "bacc_edge", "eor", str(folder / f"{stem}.py")]
            run_capped(cmd, side["env"], EOR_WARM_CAP_S)  # fills numba's cache, untimed
            seconds, code, _, err = run_capped(cmd, side["env"], eor_cap_s)
            figures.setdefault("card_eor_s", {})
            if seconds is None:
                figures["card_eor_s"][stem] = float(eor_cap_s)
                figures.setdefault("card_eor_s_bound", {})[stem] = "lower"
            elif code:
                figures["card_eor_s"][stem] = None
                figures.setdefault("card_eor_s_refused", {})[stem] = refusal(err, code)
            else:
                figures["card_eor_s"][stem] = seconds
            progress(f"card_eor_s {stem}, {side['name']}")
    for stem, bet, shoes in depth_bets:
        for side in each_side():
            figures = side["figures"]
            for key in ("card_depth_shoes_per_s", "card_depth_start_s"):
                figures.setdefault(key, {})[bet] = None

            def cmd_for(n, state, stem=stem, bet=bet):
                return _depth_cmd(folder / f"{stem}.py", n, state, "--bet", bet,
                                  "--no-eor-count", "--workers", str(DEPTH_WORKERS),
                                  "--batch", "1")
            # untimed: fills numba's cache, so that the start-up run times no compiling
            _study_run(lambda state: cmd_for(DEPTH_WORKERS, state), side["env"], DEPTH_CAP_S)
            trial = {"env": side["env"]}
            _study(trial, "depth", cmd_for, (DEPTH_WORKERS, DEPTH_WORKERS + shoes),
                   DEPTH_CAP_S)
            if trial.get("depth_refused"):
                figures.setdefault("card_depth_shoes_per_s_refused", {})[bet] = \
                    trial["depth_refused"]
            else:
                rate, bound, start, start_bound = _study_figures(trial["depth_rounds"],
                                                                 DEPTH_CAP_S)
                figures["card_depth_shoes_per_s"][bet] = rate
                figures["card_depth_start_s"][bet] = start
                if bound:
                    figures.setdefault("card_depth_shoes_per_s_bound", {})[bet] = bound
                if start_bound:
                    figures.setdefault("card_depth_start_s_bound", {})[bet] = start_bound
            progress(f"card_depth {bet}, {side['name']}")
    progress.close()

    out = dict(sides[0]["figures"])
    out["issue19_sizes"] = {
        "count_shoes": list(count_sizes), "count_rounds": count_rounds,
        "card_count": {"count": CARD_COUNT[0], "trigger": CARD_COUNT[1]},
        "card_bet": {"shoes": card_shoes, "budget_s": card_budget_s, "least": CARD_LEAST,
                     "removed": "6..300 named cards, seed 19"},
        "eor_cap_s": eor_cap_s, "depth_workers": DEPTH_WORKERS, "depth_cap_s": DEPTH_CAP_S,
        "depth_shoes": {bet: shoes for _, bet, shoes in depth_bets}}
    if baseline is None:
        return out
    base = sides[1]["figures"]
    out.update({f"baseline_{k}": v for k, v in base.items()})
    this = sides[0]["figures"]

    def ratio(key: str, rate: bool, path: tuple = ()) -> tuple[float | None, str | None]:
        t, b = this.get(key), base.get(key)
        tb, bb = this.get(f"{key}_bound"), base.get(f"{key}_bound")
        for p in path:
            t, b = (t or {}).get(p), (b or {}).get(p)
            tb = tb.get(p) if isinstance(tb, dict) else None
            bb = bb.get(p) if isinstance(bb, dict) else None
        return speedup(t, b, rate=rate, this_bound=tb, base_bound=bb)

    def put(key: str, path: tuple, value: tuple) -> None:
        for name, v in ((f"{key}_speedup", value[0]), (f"{key}_speedup_bound", value[1])):
            if v is None and name.endswith("bound"):
                continue
            if not path:
                out[name] = v
                continue
            d = out.setdefault(name, {})
            for p in path[:-1]:
                d = d.setdefault(p, {})
            d[path[-1]] = v

    for key, rate in (("count_shoes_per_s", True), ("count_start_s", False),
                      ("card_count_shoes_per_s", True), ("card_count_start_s", False)):
        put(key, (), ratio(key, rate))
    for stem, names in card_bets.items():
        for name in names:
            put("card_bet_ms", (stem, name), ratio("card_bet_ms", False, (stem, name)))
        put("card_eor_s", (stem,), ratio("card_eor_s", False, (stem,)))
    for _, bet, _ in depth_bets:
        put("card_depth_shoes_per_s", (bet,), ratio("card_depth_shoes_per_s", True, (bet,)))
    return out


def _num(value, fmt: str, bound: str | None = None) -> str:
    """A figure as text: ``fmt`` of it, "≥"/"≤" in front when it is a bound."""
    return "—" if value is None else {"lower": "≥ ", "upper": "≤ ", None: ""}[bound] + fmt % value


def issue19_rows(figures: dict, baseline: Path | None) -> list[tuple[str, str]]:
    """The table's rows of :func:`issue19_figures`' figures, the baseline's and the
    speed-ups beside this checkout's when there is one."""
    sizes, rows = figures["issue19_sizes"], []

    def row(label: str, key: str, fmt: str, path: tuple = (), extra=None) -> None:
        def get(prefix: str, suffix: str = ""):
            value = figures.get(f"{prefix}{key}{suffix}")
            for p in path:
                value = value.get(p) if isinstance(value, dict) else None
            return value if path or not isinstance(value, dict) else None

        def side(prefix: str) -> str:
            refused = get(prefix, "_refused")
            if refused:
                return f"refused: {refused}"
            text = _num(get(prefix), fmt, get(prefix, "_bound"))
            return text + (extra(prefix) if extra and get(prefix) is not None else "")

        text = side("")
        if baseline is not None:
            text += f" | baseline {side('baseline_')}"
            ratio = get("", "_speedup")
            if ratio is not None:
                text += f" | {_num(ratio, '%.2f', get('', '_speedup_bound'))}× as fast"
        rows.append((label, text))

    n, big = sizes["count_shoes"]
    rounds = sizes["count_rounds"]
    row(f"count study, Big Tiger count, all cores, command line (steady: {big:,} less {n} "
        f"shoes, median of {rounds})", "count_shoes_per_s", "%.0f shoes/s")
    row(f"  its start-up: a run of {n} shoes, fresh process", "count_start_s", "%.2f s")
    row(f"count study of a card bet, Lucky Nines, count {sizes['card_count']['count']} "
        f"trigger {sizes['card_count']['trigger']}", "card_count_shoes_per_s", "%.0f shoes/s")
    row(f"  its start-up: a run of {n} shoes, fresh process", "card_count_start_s", "%.2f s")
    card = sizes["card_bet"]
    for stem, bets in figures.get("card_bet_ms", {}).items():
        for name in bets:
            def shoes(prefix: str, stem=stem, name=name) -> str:
                return (f" (set-up {figures[prefix + 'card_bet_setup_ms'][stem][name]:.0f} ms; "
                        f"{figures[prefix + 'card_bet_shoes'][stem][name]} shoes)")
            row(f"card bet {name}, median of up to {card['shoes']} part-dealt shoes",
                "card_bet_ms", "%.2f ms", (stem, name), shoes)
    for stem in figures.get("card_eor_s", {}):
        row(f"bacc-edge eor paytables/{stem}.py, fresh process (cut at "
            f"{sizes['eor_cap_s']} s)", "card_eor_s", "%.2f s", (stem,))
    for bet, shoes in sizes["depth_shoes"].items():
        row(f"depth, perfect player, {bet}, {sizes['depth_workers']} workers (steady: "
            f"{shoes} shoes)", "card_depth_shoes_per_s", "%.2f shoes/s", (bet,),
            lambda prefix, bet=bet: " (start-up %s)" % _num(
                figures[prefix + "card_depth_start_s"][bet], "%.1f s",
                figures.get(prefix + "card_depth_start_s_bound", {}).get(bet)))
    return rows


def track_update_ms(cards: int = 200) -> float:
    """``bacc-edge track`` of the live-dealer paytable, served on a free port: the median
    time from a card POSTed to /api/cards to the new state received, over the first
    ``cards`` cards of a seeded 8-deck shoe, each posted alone (the session file saved
    each time, as a user's page does)."""
    import random
    import select
    import urllib.request
    deck = [r + s for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
            for s in "♠♥♦♣"] * 8
    random.Random(20).shuffle(deck)
    paytable = Path(__file__).resolve().parent.parent / "paytables" / "live_dealer.py"
    with tempfile.TemporaryDirectory() as folder, subprocess.Popen(
            [sys.executable, "-m", "bacc_edge", "track", str(paytable), "--port", "0",
             "--no-browser", "--session", str(Path(folder) / "s.json")],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True) as server:
        try:
            assert select.select([server.stdout], [], [], 120)[0], "the server never started"
            url = server.stdout.readline().strip() + "api/cards"
            times = []
            for i, card in enumerate(deck[:cards]):
                body = json.dumps({"exposed" if i == 0 else "cards": card}).encode()
                request = urllib.request.Request(url, data=body, headers={
                    "Content-Type": "application/json"})
                t = time.perf_counter()
                with urllib.request.urlopen(request) as answer:
                    json.load(answer)
                times.append(1e3 * (time.perf_counter() - t))
        finally:
            server.terminate()
    return statistics.median(times[1:])  # the first card's state is the first page load


def show(rows: list[tuple[str, str]], figures: dict, as_json: bool) -> None:
    """The table of ``rows``; with ``as_json`` then ``figures`` as one JSON object on
    the last line."""
    width = max(len(k) for k, _ in rows)
    for k, v in rows:
        print(f"{k:<{width}}  {v}")
    if as_json:
        print(json.dumps(figures))


def option(argv: list[str], name: str, what: str) -> str | None:
    """The value given after ``name`` in ``argv``, None when ``name`` is not there; the
    bench ends with a one-line message when ``name`` comes last (``what`` it needs)."""
    if name not in argv:
        return None
    at = argv.index(name) + 1
    if at >= len(argv):
        sys.exit(f"{name} needs {what}")
    return argv[at]


#: What ``--only`` may time alone
ONLY = ("any-bet", "perfect-card")


def this_card_bets() -> dict[str, list[str]]:
    """{paytable stem: its bets on the cards} of this checkout's paytables."""
    root = Path(__file__).resolve().parent.parent
    run = subprocess.run([sys.executable, "-c", _CARD_BETS_FINDER, str(root / "paytables")],
                         env={**os.environ, "PYTHONPATH": str(root / "calc")},
                         capture_output=True, text=True, check=True)
    return json.loads(run.stdout.strip().splitlines()[-1])


def perfect_card() -> dict:
    """:func:`perfect_card.perfect_card_figures` of this checkout's paytables."""
    bets = this_card_bets()
    progress = _Progress(sum(map(len, bets.values())) + 3)
    try:
        return perfect_card_figures(Path(__file__).resolve().parent.parent / "paytables",
                                    bets, progress=progress)
    finally:
        progress.close()


def any_bet_count(argv: list[str]) -> int:
    """How many random bets the any-bet figures time: ``--bets N`` (a whole number from
    1), else :data:`ANY_BETS`."""
    text = option(argv, "--bets", "a number of bets, e.g. --bets 20")
    if text is None:
        return ANY_BETS
    if not (text.isascii() and text.isdigit()) or int(text) < 1:
        sys.exit(f"--bets {text}: give a whole number of bets from 1, e.g. --bets 20")
    return int(text)


#: The bench's options: flags, and those followed by a value.
FLAGS, VALUED = ("--json", "--only-issue19"), ("--only", "--bets", "--baseline")


def check_arguments(argv: list[str]) -> None:
    """``--help`` prints the module's text and ends the bench; an option the bench does
    not know ends it with a one-line message, before any timing."""
    if "--help" in argv or "-h" in argv:
        print(__doc__)
        sys.exit(0)
    values = {argv[i + 1] for i, a in enumerate(argv[:-1]) if a in VALUED}
    unknown = [a for a in argv if a not in FLAGS + VALUED and a not in values]
    if unknown:
        sys.exit(f"bench: {unknown[0]!r} is no option of the bench (options: "
                 f"{', '.join(FLAGS + VALUED)}; --help)")


def checkout_argument(text: str) -> Path:
    """``--baseline``'s checkout, its top folder; the bench ends with a one-line message
    when it holds no calc/bacc_edge."""
    baseline = Path(text)
    if not (baseline / "calc" / "bacc_edge").is_dir():
        sys.exit(f"--baseline {baseline}: no calc/bacc_edge there (give a checkout's "
                 f"top folder)")
    return baseline


def main() -> None:
    check_arguments(sys.argv[1:])
    as_json = "--json" in sys.argv
    only = option(sys.argv, "--only", f"what to time alone: {', '.join(ONLY)}")
    if only is not None and only not in ONLY:
        sys.exit(f"--only {only}: the bench times alone {', '.join(ONLY)}")
    bets = any_bet_count(sys.argv)
    machine = f"{cpu_name()}, {os.cpu_count()} cores, Python {platform.python_version()}"
    if only == "perfect-card":  # the perfect player on every card bet (minutes)
        figures = {"machine": machine, **perfect_card()}
        show([("machine", machine)] + perfect_card_rows(figures), figures, as_json)
        return
    baseline = option(sys.argv, "--baseline", "the path of another checkout of bacc-edge")
    if only == "any-bet" and baseline is not None:  # both checkouts, bet by bet
        sides = any_bet_side_by_side(checkout_argument(baseline), bets,
                                     progress=_Progress(bets))
        figures = {"machine": machine, "baseline": baseline, **sides}
        show([("machine", machine)] + any_bet_rows(sides["this"])
             + [(f"baseline {baseline}: {k.strip()}", v)
                for k, v in any_bet_rows(sides["baseline"])], figures, as_json)
        return
    if only == "any-bet":  # the random bets alone (minutes to an hour)
        figures = {"machine": machine, **any_bet_figures(bets, progress=_Progress(bets))}
        show([("machine", machine)] + any_bet_rows(figures), figures, as_json)
        return
    if baseline is not None:
        baseline = checkout_argument(baseline)
    for checkout in (Path(__file__).resolve().parent.parent, baseline):
        if checkout is not None:
            byte_compiled(checkout.resolve())
    if "--only-issue19" in sys.argv:  # issue 19's figures alone (a few minutes)
        figures = {"machine": machine}
        figures.update(issue19_figures(baseline))
        if baseline is not None:
            figures["baseline"] = str(baseline)
        show([("machine", figures["machine"])] + issue19_rows(figures, baseline), figures,
             as_json)
        return
    shoes = fresh_shoes(RUNS)
    figures = {
        "machine": machine,
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
    figures["depth_start_s"] = depth_start_s()
    figures["eor_s"] = eor_command_s()
    figures["card_bet_s"] = card_bet_s()
    figures["suitless_remove_s"] = suitless_remove_s()
    figures["chemin_de_fer_s"] = chemin_de_fer_s()
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
    figures["track_update_ms"] = track_update_ms()
    rows.append(("bacc-edge track, live-dealer paytable: a card POSTed to its new state "
                 "(median of 199)", "%.1f ms" % figures["track_update_ms"]))
    for name, seconds in figures["chemin_de_fer_s"].items():
        rows.append((f"bacc-edge chemin-de-fer, {name}, fresh process (median of 3)",
                     "%.2f s" % seconds))
    figures.update(issue19_figures(baseline))
    rows += issue19_rows(figures, baseline)
    figures.update(perfect_card())
    rows += perfect_card_rows(figures)
    figures.update(any_bet_figures(bets, progress=_Progress(bets)))
    rows += any_bet_rows(figures)
    if baseline is not None:
        figures.update(side_by_side(baseline))
        figures["baseline"] = str(baseline)
        for key, (label, unit) in SIDE_KEYS.items():
            rows.append((f"side by side with {baseline}, {label} (median of {ROUNDS} "
                         f"alternating rounds)",
                         "%.3f %s against %.3f %s: %.2f×" % (
                             figures[f"side_by_side_{key}"], unit, figures[f"baseline_{key}"],
                             unit, figures[f"{key.rsplit('_', 1)[0]}_ratio"])))
    show(rows, figures, as_json)


if __name__ == "__main__":
    main()
