"""Text, CSV and JSON of bets over several coups (``bacc-edge streak``) and of progressive
meters (``bacc-edge meter``): each value beside how exact it is."""

from __future__ import annotations

from fractions import Fraction
from typing import Sequence

from ..analysis.meters import MeterValue
from ..analysis.streaks import StreakValue, ValueKind
from ..util.number_text import decimal, fraction, percentage
from .formats import csv_records, prose, table, to_json

STREAK_HEADERS = ["Model", "How exact", "Player net"]


def _number(value, digits: int = 6) -> str:
    return f"{float(value):.{digits}f}"


def _exact(value) -> str | None:
    return fraction(value) if isinstance(value, Fraction) else None


def streak_record(v: StreakValue) -> dict:
    """One value as JSON: floats, and the exact fractions where the value is exact or
    bounded."""
    return {"bet": v.bet, "model": v.model, "kind": v.kind.value, "player_net": _net(v),
            "low": float(v.low), "high": float(v.high), "exact_low": _exact(v.low),
            "exact_high": _exact(v.high), "unfollowed": float(v.unfollowed),
            "bets_simulated": v.bets, "paths_sampled": v.paths,
            "lines": [{"line": line.label, "pays": float(line.net),
                       "probability": float(line.probability),
                       "exact_probability": _exact(line.probability)} for line in v.lines]}


#: An interval wider than this (a percentage point) is said wide; one from fewer paths
#: than this is said rough (its spread itself is poorly known).
WIDE_INTERVAL, FEW_PATHS = 0.01, 30


def interval_notes(values: Sequence[StreakValue]) -> list[str]:
    """What to tell of the dealt-in-turn value's sampled paths (not the simulated
    shoes'): an interval from fewer than :data:`FEW_PATHS` paths is rough; one wider than
    :data:`WIDE_INTERVAL` is wide (a run whose skipped coups, ties, leave it going
    without a win draws along each path how many it skips, which moves the path's
    weight and where it ends, so its paths spread far more than where every coup that
    keeps the run going lengthens it)."""
    out = []
    for v in values:
        if not v.paths or v.bets:
            continue
        width = float(v.high) - float(v.low)
        if v.paths < FEW_PATHS:
            out.append(f"{v.bet}, {v.model}: an interval from {v.paths} paths is rough; "
                       f"give --paths {FEW_PATHS} or more to trust it")
        elif width > WIDE_INTERVAL:
            out.append(f"{v.bet}, {v.model}: the 95% interval is {100 * width:.2f} "
                       f"percentage points wide (where skipped coups keep a run going, "
                       f"each path draws how many it skips); more --paths narrow it as "
                       f"one over their square root")
    return out


def streaks_output(values: Sequence[StreakValue], shoe: str, fmt: str) -> str:
    """Per bet: its value under each model, how exact, then each pay line's chance under
    each model."""
    if fmt == "json":
        return to_json({"shoe": shoe, "streaks": [streak_record(v) for v in values]})
    if fmt == "csv":
        records = [{"bet": v.bet, "model": v.model, "kind": v.kind.value,
                    "player_net": _net(v), "low": float(v.low), "high": float(v.high),
                    "line": line.label, "pays": float(line.net),
                    "probability": float(line.probability)}
                   for v in values for line in v.lines]
        return csv_records(records, list(records[0]))
    out = [prose(f"Shoe: {shoe}. Each value says how exact it is: exact; proven bounds (the "
                 f"chances counted, the runs left unfollowed at their least and most pay; "
                 f"a line's chance is then its counted part); or a simulation, its 95% "
                 f"interval (sampled paths: each coup's chance to end the run counted "
                 f"exactly along sampled runs).", fmt)]
    for bet in dict.fromkeys(v.bet for v in values):
        mine = [v for v in values if v.bet == bet]
        rows = [[v.model, shown_kind(v), shown_net(v)] for v in mine]
        labels = list(dict.fromkeys(line.label for v in mine for line in v.lines))
        chances = [{line.label: line for line in v.lines} for v in mine]
        lines = [[label, decimal(next(c[label].net for c in chances if label in c))]
                 + [_number(c[label].probability) if label in c else "" for c in chances]
                 for label in labels]
        out.append(prose(bet, fmt) + "\n" + table(rows, STREAK_HEADERS, fmt) + "\n"
                   + table(lines, ["Line", "Pays"] + [f"({i + 1})" for i in range(len(mine))],
                           fmt) + "\n" + prose("(1) … are the models above, in order.", fmt))
    return "\n".join(out) + "\n"


def _net(v: StreakValue) -> float | None:
    return None if v.kind is ValueKind.PROVEN_BOUNDS else float(v.ret)


def shown_net(v: StreakValue) -> str:
    """A value's player net as text: exact, bounds, or an estimate and its interval."""
    if v.kind is ValueKind.EXACT:
        return percentage(v.ret, 4)
    if v.kind is ValueKind.PROVEN_BOUNDS:
        return f"between {percentage(v.low, 4)} and {percentage(v.high, 4)}"
    return f"{percentage(v.ret, 4)} ({percentage(v.low, 4)} to {percentage(v.high, 4)})"


def shown_kind(v: StreakValue) -> str:
    """How exact a value is, as text (the unfollowed chance, the bets or paths)."""
    if v.kind is ValueKind.PROVEN_BOUNDS:
        return f"{v.kind.value} ({percentage(v.unfollowed, 2)} unfollowed)"
    if v.paths:
        return f"{v.kind.value} ({v.paths:,} sampled paths)"
    if v.kind is ValueKind.SIMULATION:
        return f"{v.kind.value} ({v.bets:,} bets)"
    return v.kind.value


METER_HEADERS = ["Figure", "Value"]


def shown_figure(name: str, x) -> str:
    """One of :func:`meter_rows`' figures as text: a net as a percentage, a chance to
    four figures, else two decimals ("none" for none)."""
    return "none" if x is None else _shown(name, x)


def meter_rows(v: MeterValue, meters: Sequence[Fraction]) -> list[tuple[str, object]]:
    """(figure, value) of one progressive, the return at each of ``meters`` too: exact
    fractions, but the simulated points of the meter when hit (floats, said so)."""
    rows = [("player net at the seed", v.at_seed),
            ("break-even meter", v.break_even),
            ("top award's chance per coup", v.top_chance),
            ("player net over a cycle (operator's, lab's)", v.cycle_return)]
    rows += [(f"player net at meter {decimal(m)}"
              + (" (below the seed)"
                 if m < v.seed else ""), v.at(m)) for m in meters]
    if v.hit_meter is not None:
        rows += [("rounds between hits, mean", v.rounds_per_hit),
                 ("meter when hit, mean", v.hit_meter)]
        sim = v.hit_points
        rows += [(f"meter when hit, {p}% of hits below (simulation: {sim.hits:,} hits, "
                  f"seed {sim.seed})", m) for p, m in sim.points]
    return rows


def meter_notes(values: Sequence[MeterValue]) -> list[str]:
    """Why a progressive's meter-when-hit rows are missing: no top award can be hit on
    the shoe, or a rate of 0 that never grows the meter (the simulation needs a rate)."""
    return [f"{v.bet}: " + ("its top award cannot be hit on this shoe" if not v.top_chance
                            else "a rate of 0 never grows the meter")
            + ", so no rounds between hits nor meter when hit are shown"
            for v in values if v.hit_meter is None]


def meters_output(values: Sequence[MeterValue], meters: Sequence[Fraction], fmt: str) -> str:
    """Per progressive: its figures, the meter in stake units, each exact but where it
    says simulation."""
    if fmt == "json":
        return to_json({"meters": [{
            "kind": "progressive", "bet": v.bet, "shoe": v.shoe, "seed": float(v.seed),
            "rate": float(v.rate), "assumed": list(v.assumed),
            "tables": v.tables, "sharing": float(v.sharing),
            "figures": [{"figure": name, "value": None if x is None else float(x),
                         "exact": _exact(x)}
                        for name, x in meter_rows(v, meters)]} for v in values]})
    if fmt == "csv":
        records = [{"bet": v.bet, "shoe": v.shoe, "seed": float(v.seed), "rate": float(v.rate),
                    "assumed": " ".join(v.assumed), "tables": v.tables, "figure": name,
                    "value": None if x is None else float(x)}
                   for v in values for name, x in meter_rows(v, meters)]
        return csv_records(records, list(records[0]))
    out = []
    for v in values:
        head = (f"{v.bet} on {v.shoe}: seed {decimal(v.seed)}{assumed_mark(v, 'seed')}, "
                f"{percentage(v.rate, 2)}{assumed_mark(v, 'rate')} of "
                f"each stake to the meter, {v.tables} table(s), a hit shared by "
                f"{decimal(v.sharing)}; meters in stakes. Each figure is exact but where it says "
                f"simulation.")
        rows = [[name, "none" if x is None else _shown(name, x)]
                for name, x in meter_rows(v, meters)]
        out.append(prose(head, fmt) + "\n" + table(rows, METER_HEADERS, fmt) + "\n")
    return "\n".join(out)


def assumed_mark(v: MeterValue, value: str) -> str:
    """" (assumed)" beside a meter's ``value`` ("seed", "rate") that is a placeholder."""
    return " (assumed)" if value in v.assumed else ""


def _shown(name: str, x) -> str:
    if name.startswith("player net"):
        return percentage(x, 4)
    if "chance" in name:
        return f"{float(x):.4g}"
    return f"{float(x):,.2f}"


__all__ = ["assumed_mark", "interval_notes", "meter_notes", "meter_rows", "meters_output",
           "shown_figure", "shown_kind", "shown_net", "streak_record", "streaks_output"]
