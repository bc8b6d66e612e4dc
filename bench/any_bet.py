"""How fast any bet counts: random bets of the paytable language, timed one by one.

Every shipped bet on the cards counts quickly because its layout was made fast by hand; a
bet a user writes is any sentence of the language. ``any_bet_figures`` draws bets with
:func:`bacc_edge.language.random_bets.random_bets` and times each in a fresh process:
its first report on a full 8-deck shoe (its set-up: the layout planned, the bet
compiled, the full shoe counted, on which impossible events are judged), then reports
on part-dealt 8-deck shoes (6 to 300 named cards removed, seeded), as ``card_bet_ms``
times the shipped bets.

Many such bets take minutes and gigabytes today, so each process is capped: a count is
cut at ``cap_s`` seconds of CPU (``RLIMIT_CPU``: a busy machine slows the clock, not the
work) or when its address space passes ``memory_mb`` (``RLIMIT_AS``), and the process is
ended if a count runs ``WALL_FACTOR`` times the cap on the clock. A bet is timed on its
part-dealt shoes until it has done them all or spent the cap on them (after one at
least). A bet cut at a cap is over the cap in the figures: its time is at least the cap,
never a guess. So is a bet whose count the engine refuses as too large, before it
starts or where it stops it (``PlanTooLarge``): refused, it is not counted, and a
refusal is no speed.

``--baseline PATH`` (:func:`any_bet_side_by_side`) times every bet on this checkout and
on another alike, bet by bet, the order flipped from one bet to the next.
"""

from __future__ import annotations

import json
import math
import os
import select
import signal
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

#: Bets drawn (random_bets(seed, n): a smaller sample is the first bets of this one), the
#: part-dealt shoes each is timed on, the seed of both, and the caps of each count.
ANY_BETS, ANY_BET_SHOES, ANY_BET_SEED = 200, 5, 1
ANY_BET_CAP_S, ANY_BET_MEMORY_MB = 20, 2048
#: A count running this many times its CPU cap on the wall clock ends its process (a
#: machine so busy that the CPU cap would take too long to reach).
WALL_FACTOR = 10
#: Seconds a process may take to start: import, kernels loaded from numba's cache.
START_CAP_S = 600
#: How often a running count's memory is read, seconds.
POLL_S = 0.25
#: The bets named in the figures: the slowest, the largest.
NAMED = 3

#: Times one bet (its source text), capped, in a process of its own. Prints one JSON line
#: when ready, then one per report: wall and CPU seconds, peak memory so far (MB), and a
#: refusal (an event that can never happen, judged on the full shoe) or a memory cap hit
#: when there is one; stops after the full shoe and every part-dealt shoe, or once the
#: part-dealt shoes took the cap in CPU.
_TIMER = r"""
import json, resource, sys, time
source, removals, cap, memory = json.loads(sys.argv[1])
resource.setrlimit(resource.RLIMIT_CORE, (0, 0))  # a count cut at the CPU cap leaves no core
resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
import bacc_edge as b
from bacc_edge.language.random_bets import bet_from_source
full = b.Shoe.decks(8)
shoes = [full.remove(cards) for cards in removals]
b.report([b.Bet("warm-up", [b.Event("hit", b.player.card(1).suit == "d", 1)])],
         b.Shoe.decks(1))  # loads the compiled kernels from numba's cache
bet, tables = bet_from_source(source), b.Tables()
too_large = getattr(b, "PlanTooLarge", ())  # a checkout without a planner refuses nothing

def cpu():
    used = resource.getrusage(resource.RUSAGE_SELF)
    return used.ru_utime + used.ru_stime

def say(**line):
    line["peak_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps(line), flush=True)

say(ready=True)
spent = 0.0
for shoe in [full] + shoes:
    start = cpu()
    hard = resource.getrlimit(resource.RLIMIT_CPU)[1]
    resource.setrlimit(resource.RLIMIT_CPU, (int(start + cap) + 1, hard))
    t = time.perf_counter()
    try:
        b.report([bet], shoe, full_shoe=full, tables=tables)
        refused = None
    except too_large as error:  # refused before it starts, or stopped: over the cap
        say(over="plan", refused=str(error))
        break
    except b.PaytableError as error:
        refused = str(error)
    except MemoryError:
        say(over="memory")
        break
    except RuntimeError as error:  # numba's typed dict when an allocation fails
        if "failed unexpectedly" not in str(error):
            raise
        say(over="memory")
        break
    say(s=time.perf_counter() - t, cpu_s=cpu() - start, refused=refused)
    if refused:
        break
    if shoe is not full:
        spent += cpu() - start
        if spent >= cap:
            break
"""


def part_dealt_removals(count: int, seed) -> list[str]:
    """The cards removed from 8 decks to make ``count`` part-dealt shoes: 6 to 300 named
    cards each, drawn from ``default_rng(seed)`` (as ``card_bet_ms`` draws its shoes)."""
    rng = np.random.default_rng(seed)
    deck = [r + s for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split() for s in "shdc"
            for _ in range(8)]
    return [" ".join(deck[i] for i in rng.choice(
        len(deck), size=int(rng.integers(6, 301)), replace=False)) for _ in range(count)]


def _peak_mb(pid: int) -> float:
    """The peak resident memory of process ``pid`` so far (VmHWM), MB; 0 once it is
    gone."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except (OSError, ValueError):
        pass
    return 0.0


def time_bet(source: str, removals: list[str], *, cap_s: float = ANY_BET_CAP_S,
             memory_mb: int = ANY_BET_MEMORY_MB, env: dict | None = None) -> dict:
    """One bet timed by :data:`_TIMER` in a fresh process: ``{"first_s", "first_cpu_s",
    "shoe_s", "shoe_cpu_s" (lists), "peak_mb", "over", "refused", "failed"}``. ``over``
    is None, or where a cap cut it and which: "cpu" (:data:`ANY_BET_CAP_S` of CPU),
    "memory", "wall" (:data:`WALL_FACTOR` times the cap on the clock), or "plan" (the
    engine refused the count as too large, ``refused`` saying why); "failed" the last
    line of a process that ended otherwise (a bug)."""
    out = {"first_s": None, "first_cpu_s": None, "shoe_s": [], "shoe_cpu_s": [],
           "peak_mb": 0.0, "over": None, "refused": None, "failed": None}
    args = json.dumps([source, removals, cap_s, memory_mb << 20])
    with tempfile.TemporaryFile("w+") as errors, subprocess.Popen(
            [sys.executable, "-c", _TIMER, args], stdout=subprocess.PIPE, stderr=errors,
            text=True, env=env, start_new_session=True) as proc:
        for line in _lines(proc, out, cap_s):
            if "s" in line:
                first = out["first_s"] is None
                out["first_s" if first else "shoe_s"] = (
                    line["s"] if first else out["shoe_s"] + [line["s"]])
                out["first_cpu_s" if first else "shoe_cpu_s"] = (
                    line["cpu_s"] if first else out["shoe_cpu_s"] + [line["cpu_s"]])
            out["refused"] = line.get("refused") or out["refused"]
            out["over"] = line.get("over") or out["over"]
        code = proc.wait()
        if out["over"] is None and code == -signal.SIGXCPU:
            out["over"] = "cpu"
        elif out["over"] is None and code:
            errors.seek(0)
            lines = [t.strip() for t in errors.read().splitlines() if t.strip()]
            out["failed"] = f"exit {code}: {lines[-1] if lines else '(nothing on stderr)'}"
    return out


def _lines(proc: subprocess.Popen, out: dict, cap_s: float):
    """Each JSON line the timer prints, while keeping ``out["peak_mb"]`` (read from
    /proc as it runs, since a count cut at the CPU cap cannot say); ends the process and
    sets ``out["over"] = "wall"`` when a count runs past :data:`WALL_FACTOR` times the
    cap on the clock (or its start past :data:`START_CAP_S`)."""
    waited, limit = 0.0, START_CAP_S
    while True:
        ready = select.select([proc.stdout], [], [], POLL_S)[0]
        out["peak_mb"] = max(out["peak_mb"], _peak_mb(proc.pid))
        if not ready:
            waited += POLL_S
            if waited > limit:
                os.killpg(proc.pid, signal.SIGKILL)
                out["over"] = "wall"
                return
            continue
        text = proc.stdout.readline()
        if not text:
            return
        line = json.loads(text)
        out["peak_mb"] = max(out["peak_mb"], line.get("peak_mb", 0.0))
        waited, limit = 0.0, WALL_FACTOR * cap_s
        yield line


def nearest_rank(values: list[float], q: float) -> float:
    """The q-quantile of ``values`` by nearest rank: the smallest value with at least a
    share q of the values at or below it (inf stands for a bet over the cap)."""
    ordered = sorted(values)
    return ordered[max(math.ceil(q * len(ordered)), 1) - 1]


def distribution(values: list[float], cap_ms: float) -> dict:
    """Median, p90, p99 and max (nearest rank) of ``values`` in ms, inf for a bet over the
    cap: a quantile that falls on one is the cap, listed in ``at_least`` (the true figure
    is at least that). ``n`` and ``over_cap`` count the values and those over the cap."""
    out: dict = {"n": len(values), "over_cap": sum(math.isinf(v) for v in values),
                 "at_least": []}
    if not values:
        return out
    for name, q in (("median", 0.5), ("p90", 0.9), ("p99", 0.99), ("max", 1.0)):
        value = nearest_rank(values, q)
        out[name] = cap_ms if math.isinf(value) else value
        if math.isinf(value):
            out["at_least"].append(name)
    return out


def _bet_ms(timed: dict) -> float | None:
    """The bet's figure on part-dealt shoes: the median ms of its counts, inf when a cap
    cut it, None when it was refused or failed (not counted)."""
    if timed["failed"] or (timed["refused"] and not timed["over"]):
        return None
    if timed["over"]:
        return math.inf
    return 1e3 * statistics.median(timed["shoe_s"])


def _first_ms(timed: dict) -> float | None:
    if timed["failed"]:
        return None
    return math.inf if timed["first_s"] is None else 1e3 * timed["first_s"]


def any_bet_figures(n_bets: int = ANY_BETS, *, shoes: int = ANY_BET_SHOES,
                    seed: int = ANY_BET_SEED, cap_s: float = ANY_BET_CAP_S,
                    memory_mb: int = ANY_BET_MEMORY_MB, sources: list[str] | None = None,
                    env: dict | None = None, progress=None) -> dict:
    """The figures of ``n_bets`` random bets (or the bets ``sources``), each timed by
    :func:`time_bet` on the full shoe and ``shoes`` part-dealt shoes drawn from
    ``[seed, i]`` for bet i: ``any_bet_ms`` (per bet, the median of its part-dealt
    counts), ``any_bet_first_ms`` (the first count), ``any_bet_cpu_ms`` (as
    ``any_bet_ms``, CPU time), each a :func:`distribution`; ``any_bet_peak_mb`` (the
    largest peak resident memory of any count, and the median of the bets' peaks);
    ``any_bet_slowest`` and ``any_bet_largest`` (the :data:`NAMED` slowest and largest
    bets, with their source text); ``any_bet_over`` (how many bets each cap cut);
    ``any_bet_each`` (each bet's figures, for comparing runs bet by bet);
    ``any_bet_refused`` and ``any_bet_failed`` (the bets a report refused as impossible,
    or whose process failed, with why); ``any_bet_too_large`` (the bets whose count the
    engine refused as too large, with why: over the cap in the figures);
    ``any_bet_sizes``."""
    if sources is None:
        sources = bet_sources(seed, n_bets)
    timed = []
    for i, source in enumerate(sources, start=1):
        timed.append(timed_bet(i, source, shoes, seed, cap_s, memory_mb, env))
        if progress:
            progress(f"any bet {i}/{len(sources)}")
    return summary(timed, shoes=shoes, seed=seed, cap_s=cap_s, memory_mb=memory_mb)


def bet_sources(seed: int, n_bets: int) -> list[str]:
    """The text of the first ``n_bets`` random bets of ``seed``."""
    from bacc_edge.language.random_bets import random_bets
    return [b.source for b in random_bets(seed, n_bets)]


def timed_bet(i: int, source: str, shoes: int, seed: int, cap_s: float, memory_mb: int,
              env: dict | None) -> dict:
    """Bet ``i`` (from 1) timed by :func:`time_bet` on its part-dealt shoes."""
    return {"source": source, **time_bet(source, part_dealt_removals(shoes, [seed, i]),
                                         cap_s=cap_s, memory_mb=memory_mb, env=env)}


def any_bet_side_by_side(baseline: Path, n_bets: int = ANY_BETS, *,
                         shoes: int = ANY_BET_SHOES, seed: int = ANY_BET_SEED,
                         cap_s: float = ANY_BET_CAP_S, memory_mb: int = ANY_BET_MEMORY_MB,
                         progress=None) -> dict:
    """:func:`any_bet_figures` of this checkout and of ``baseline`` (another checkout's
    top folder, its ``calc/`` imported instead), each bet timed on both in turn, the
    order flipped from one bet to the next: ``{"this": figures, "baseline": figures}``."""
    here = Path(__file__).resolve().parent.parent / "calc"
    envs = {"this": {**os.environ, "PYTHONPATH": str(here)},
            "baseline": {**os.environ, "PYTHONPATH": str(Path(baseline).resolve() / "calc"),
                         "PYTHONDONTWRITEBYTECODE": "1"}}  # leave the other checkout as it is
    timed: dict = {"this": [], "baseline": []}
    sources = bet_sources(seed, n_bets)
    for i, source in enumerate(sources, start=1):
        for side in (("this", "baseline") if i % 2 else ("baseline", "this")):
            timed[side].append(timed_bet(i, source, shoes, seed, cap_s, memory_mb, envs[side]))
        if progress:
            progress(f"any bet {i}/{len(sources)}, both checkouts")
    return {side: summary(timed[side], shoes=shoes, seed=seed, cap_s=cap_s,
                          memory_mb=memory_mb) for side in timed}


def summary(timed: list[dict], *, shoes: int, seed: int, cap_s: float,
            memory_mb: int) -> dict:
    """The figures of bets timed by :func:`timed_bet` (see :func:`any_bet_figures`)."""
    sources = [t["source"] for t in timed]
    cap_ms = 1e3 * cap_s
    per_bet = [(t, _bet_ms(t)) for t in timed]
    cpu = [math.inf if t["over"] else 1e3 * statistics.median(t["shoe_cpu_s"])
           for t, ms in per_bet if ms is not None]

    def slowness(item):
        t, ms = item
        return (t["over"] is not None, ms or 0.0, t["first_s"] or 0.0)

    return {
        "any_bet_ms": distribution([ms for _, ms in per_bet if ms is not None], cap_ms),
        "any_bet_first_ms": distribution(
            [v for v in map(_first_ms, timed) if v is not None], cap_ms),
        "any_bet_cpu_ms": distribution(cpu, cap_ms),
        "any_bet_peak_mb": {"max": max(t["peak_mb"] for t in timed),
                            "median": statistics.median(t["peak_mb"] for t in timed)},
        "any_bet_slowest": [_named(t, ms) for t, ms in sorted(
            per_bet, key=slowness, reverse=True)[:NAMED]],
        "any_bet_largest": [_named(t, ms) for t, ms in sorted(
            per_bet, key=lambda item: item[0]["peak_mb"], reverse=True)[:NAMED]],
        "any_bet_over": {cap: sum(t["over"] == cap for t in timed)
                         for cap in ("cpu", "memory", "wall", "plan")},
        "any_bet_each": [_each(i, t, ms) for i, (t, ms) in enumerate(per_bet, start=1)],
        "any_bet_refused": [{"source": t["source"], "refused": t["refused"]}
                            for t in timed if t["refused"] and t["over"] != "plan"],
        "any_bet_too_large": [{"source": t["source"], "refused": t["refused"]}
                              for t in timed if t["over"] == "plan"],
        "any_bet_failed": [{"source": t["source"], "failed": t["failed"]}
                           for t in timed if t["failed"]],
        "any_bet_sizes": {"bets": len(sources), "shoes": shoes, "seed": seed,
                          "cap_cpu_s": cap_s, "memory_mb": memory_mb,
                          "removed": "6..300 named cards, seed [seed, bet]"},
    }


def _each(i: int, timed: dict, ms: float | None) -> dict:
    """What was measured of bet ``i`` (from 1; its text is random_bets(seed, n)'s i-th,
    or the i-th source given), for comparing runs bet by bet."""
    def ms_of(seconds):
        return None if seconds is None else 1e3 * seconds
    return {"bet": i, "ms": None if ms is None or math.isinf(ms) else ms,
            "cpu_ms": (1e3 * statistics.median(timed["shoe_cpu_s"])
                       if timed["shoe_cpu_s"] else None),
            "first_ms": ms_of(timed["first_s"]), "first_cpu_ms": ms_of(timed["first_cpu_s"]),
            "shoes": len(timed["shoe_s"]), "peak_mb": round(timed["peak_mb"], 1),
            "over": timed["over"], "refused": timed["refused"] is not None,
            "failed": timed["failed"] is not None}


def _named(timed: dict, ms: float | None) -> dict:
    """A bet as the figures name it: its text and what was measured of it."""
    first = timed["first_s"]
    return {"source": timed["source"], "ms": None if ms is None or math.isinf(ms) else ms,
            "first_ms": None if first is None else 1e3 * first,
            "peak_mb": timed["peak_mb"], "over": timed["over"],
            "shoes": len(timed["shoe_s"])}


def any_bet_rows(figures: dict) -> list[tuple[str, str]]:
    """The table's rows of :func:`any_bet_figures`' figures."""
    sizes = figures["any_bet_sizes"]

    def spread(d: dict) -> str:
        if not d["n"]:
            return "—"
        text = ", ".join(("≥ " if k in d["at_least"] else "") + f"{k} {d[k]:,.1f} ms"
                         for k in ("median", "p90", "p99", "max"))
        return f"{text}; {d['over_cap']} of {d['n']} over the cap"

    caps = f"cut at {sizes['cap_cpu_s']} s of CPU or {sizes['memory_mb']} MB"
    rows = [(f"any bet: {sizes['bets']} random bets, per bet the median of up to "
             f"{sizes['shoes']} part-dealt 8-deck shoes ({caps})", spread(figures["any_bet_ms"])),
            ("  the same, CPU time", spread(figures["any_bet_cpu_ms"])),
            ("  its first count, full 8-deck shoe (planning and compiling included)",
             spread(figures["any_bet_first_ms"])),
            ("  peak resident memory of any count (median of the bets' peaks; the cap is "
             "on address space)",
             "%.0f MB (%.0f MB)" % (figures["any_bet_peak_mb"]["max"],
                                    figures["any_bet_peak_mb"]["median"])),
            ("  bets over the cap, by cap", ", ".join(
                f"{n} {cap}" for cap, n in figures["any_bet_over"].items())),
            ("  refused by the report (an event that can never happen, or is shadowed)",
             str(len(figures["any_bet_refused"]))),
            ("  refused by the engine as too large (counted over the cap)",
             str(len(figures.get("any_bet_too_large", []))))]
    if figures["any_bet_failed"]:
        rows.append(("  FAILED (a bug)", "; ".join(f"{f['failed']}: {f['source']}"
                                                   for f in figures["any_bet_failed"])))
    for what, key in (("slowest", "any_bet_slowest"), ("largest", "any_bet_largest")):
        for named in figures[key]:
            measured = (f"over the cap ({named['over']})" if named["over"] else
                        f"{named['ms']:,.1f} ms" if named["ms"] is not None else "refused")
            rows.append((f"  {what}: {measured}, first count "
                         f"{_ms(named['first_ms'])}, {named['peak_mb']:.0f} MB",
                         named["source"]))
    return rows


def _ms(value: float | None) -> str:
    return "over the cap" if value is None else f"{value:,.0f} ms"
