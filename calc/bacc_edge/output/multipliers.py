"""The multiplier games' reports, in every format: each bet's fee, both returns, SD,
largest win and its odds, the GLI-11 check; the published returns beside the exact
ones; and a calibration's finding."""

from __future__ import annotations

from typing import Sequence

from ..analysis.bet_statistics import HOLD_CONFIDENCES, HOLD_ROUNDS
from ..analysis.calibration import Calibration
from ..analysis.multipliers import GLI_GAMES, MultiplierResult, ReturnCheck
from ..game.shoe import Shoe
from ..language.bet import Printed
from ..util.number_text import decimal, exact_share, fraction, one_in, percentage
from .formats import below, csv_records, prose, table, to_json
from .render import shoe_json

#: The columns of ``--fmt csv``, one row per bet (fractions of the stake).
BET_CSV = ("bet", "fee", "return_on_stake_and_fee", "return_on_stake", "edge", "sd",
           "volatility_index", "largest_win", "largest_win_probability", "award_checked",
           "award_probability", "gli_passes", "law")
HEADERS = ("bet", "fee", "RTP (stake+fee)", "RTP (stake)", "SD", "largest win", "its odds",
           "GLI-11")


def bet_record(r: MultiplierResult) -> dict:
    """One bet as ``--fmt json`` and ``--fmt csv`` write it; a bet no round wins has no
    largest win, nor an award to check unless one is advertised (null, an empty cell)."""
    checked = r.ever_wins or r.bet.advertised is not None
    return {"bet": r.name, "fee": float(r.fee),
            "return_on_stake_and_fee": float(r.return_on_stake_and_fee),
            "return_on_stake": float(r.return_on_stake), "edge": float(r.edge),
            "sd": r.sd, "volatility_index": r.volatility_index,
            "largest_win": float(r.largest_win) if r.ever_wins else None,
            "largest_win_probability": (float(r.probability_of(r.largest_win))
                                        if r.ever_wins else 0.0),
            "award_checked": float(r.award_checked) if checked else None,
            "award_probability": (float(r.probability_of(r.award_checked)) if checked
                                  else None),
            "gli_passes": r.gli_passes, "law": r.bet.overlay.describe()}


def _exact(r: MultiplierResult) -> dict:
    return {"return_on_stake_and_fee_exact": fraction(r.return_on_stake_and_fee),
            "return_on_stake_exact": fraction(r.return_on_stake),
            "largest_win_probability_exact": fraction(r.probability_of(r.largest_win)
                                                      if r.ever_wins else 0),
            "hold_ranges": [{"rounds": n, "confidence": c, "low": h.low, "high": h.high}
                            for n in HOLD_ROUNDS for c in HOLD_CONFIDENCES
                            for h in (r.hold(n, c),)],
            "lines": [{"event": line.label, "combinations": line.combinations}
                      for line in r.lines]}


def _gli(r: MultiplierResult) -> str:
    if not r.ever_wins and r.bet.advertised is None:
        return "no win to check"
    odds = one_in(r.probability_of(r.award_checked))
    return "passes" if r.gli_passes else f"FLAGGED ({decimal(r.award_checked)}: {odds})"


def multiplier_output(results: Sequence[MultiplierResult], shoe: Shoe, fmt: str, *,
                      digits: int = 3) -> str:
    """Every bet of a multiplier game, one row each, the laws stated under the table."""
    if fmt == "json":
        return to_json({"shoe": shoe_json(shoe), "gli_games": GLI_GAMES,
                        "bets": [{**bet_record(r), **_exact(r)} for r in results]})
    if fmt == "csv":
        return csv_records([bet_record(r) for r in results], BET_CSV)
    rows = [[r.name, exact_share(r.fee, digits), percentage(r.return_on_stake_and_fee, digits),
             percentage(r.return_on_stake, digits), f"{r.sd:.3f}", *_largest(r), _gli(r)]
            for r in results]
    laws = dict.fromkeys(r.bet.overlay.describe() for r in results)
    notes = [f"Shoe: {shoe}. RTP (stake+fee) is what comes back per unit paid, as "
             f"operators state it; RTP (stake) counts the fee as a loss of the stake's. "
             f"GLI-11: the largest advertised award (else the largest win) must come at "
             f"least once in {GLI_GAMES:,} games."] + [f"Overlay: {law}." for law in laws]
    return below(table(rows, HEADERS, fmt), "\n".join(prose(n, fmt) for n in notes)) + "\n"


def _largest(r: MultiplierResult) -> tuple[str, str]:
    """The largest win and its odds as the table shows them: "none" and "never" for a
    bet no round of the shoe wins."""
    if not r.ever_wins:
        return "none", "never"
    return decimal(r.largest_win), one_in(r.probability_of(r.largest_win))


CHECK_HEADERS = ("bet", "printed", "on", "exact", "difference", "source", "status")


def checks_output(checks: Sequence[ReturnCheck], fmt: str) -> str:
    """The published returns beside the exact ones."""
    records = [{"bet": c.bet, "printed": c.published.printed, "on": c.published.on,
                "exact": float(c.exact), "exact_fraction": fraction(c.exact),
                "difference": float(c.difference), "source": c.published.source,
                "second_hand": c.published.second_hand, "finding": c.published.finding,
                "reproduced": c.reproduced} for c in checks]
    if fmt == "json":
        return to_json({"checks": records})
    if fmt == "csv":
        return csv_records(records, tuple(records[0]) if records else ("bet",))
    rows = [[c.bet, c.published.printed, c.published.on, percentage(c.exact, 4),
             percentage(c.difference, 4, sign=True),
             c.published.source + (" (second-hand)" if c.published.second_hand else ""),
             "ok" if c.reproduced else ("finding" if c.published.finding else "MISMATCH")]
            for c in checks]
    findings = [f"{c.bet} {c.published.printed}: {c.published.finding}" for c in checks
                if c.published.finding and not c.reproduced]
    text = table(rows, CHECK_HEADERS, fmt)
    return below(text, "\n".join(prose(f, fmt) for f in findings)) + "\n" if findings \
        else text


def calibration_output(found: Calibration, fmt: str) -> str:
    """What the figures say of the unknown law: each weight's range where laws meet every
    figure, the closest law and each figure's return under it, each figure's reach and
    status (met, missed, beyond the family's reach); CSV, a row per figure, names the
    closest law on each."""
    law = ", ".join(f"{decimal(v)}: {percentage(p, 3)}"
                    for v, p in found.closest.probabilities.items())
    record = {"unknown": found.unknown, "method": found.method, "feasible": found.feasible,
              "unique": found.unique, "found_on_grid": found.found,
              "ranges": [{"value": float(v), "low": float(lo), "high": float(hi),
                          "low_exact": fraction(lo), "high_exact": fraction(hi)}
                         for v, (lo, hi) in zip(found.unknowns, found.ranges)],
              "closest": {decimal(v): float(p)
                          for v, p in found.closest.probabilities.items()},
              "closest_exact": {decimal(v): fraction(p)
                                for v, p in found.closest.probabilities.items()},
              "largest_miss": float(found.miss),
              "figures": [{"bet": b, "printed": p, "at_closest": float(v),
                           "family_least": float(lo), "family_greatest": float(hi),
                           "status": _status(p, v, lo, hi), "closest_law": law}
                          for (b, p, v), (_, _, lo, hi) in zip(found.at_closest,
                                                                found.reach)]}
    if fmt == "json":
        return to_json(record)
    if fmt == "csv":
        return csv_records(record["figures"], ("bet", "printed", "at_closest",
                                               "family_least", "family_greatest", "status",
                                               "closest_law"))
    verdict = ("one law: the figures pin it down" if found.unique and found.found is None
               else "one law on the grid; others may lie between its points"
               if found.unique else
               "a range for each weight" if found.feasible else
               f"no law of the family meets every figure; the closest misses by "
               f"{percentage(found.miss, 4)}")
    parts = [prose(f"Unknown: the law of the {found.unknown} ({verdict}). Method: "
                   f"{found.method}.", fmt) + "\n",
             prose(f"{'A law meeting them' if found.feasible else 'The closest law'}: "
                   f"{law}.", fmt) + "\n"]
    if found.feasible:
        rows = [[decimal(v), percentage(lo, 3), percentage(hi, 3)]
                for v, (lo, hi) in zip(found.unknowns, found.ranges)]
        parts.append("\n" + table(rows, ("value", "least probability", "greatest"), fmt))
    rows = [[b, p, percentage(v, 4), percentage(lo, 3), percentage(hi, 3),
             _status(p, v, lo, hi)]
            for (b, p, v), (_, _, lo, hi) in zip(found.at_closest, found.reach)]
    parts.append("\n" + table(rows, ("bet", "printed", "at that law", "family's least",
                                      "greatest", "status"), fmt))
    return "".join(parts)


def _status(printed: str, value, low, high) -> str:
    """A figure at the closest law: met, missed (some law of the family reaches it) or
    beyond the family's reach."""
    return ("met" if _reachable(printed, value, value) else
            "missed" if _reachable(printed, low, high) else "beyond the family's reach")


def _reachable(printed: str, low, high) -> bool:
    """Whether a printed figure's band meets [low, high]."""
    figure = Printed(printed)
    return figure.value + figure.tolerance >= low and figure.value - figure.tolerance <= high


__all__ = ["BET_CSV", "bet_record", "calibration_output", "checks_output",
           "multiplier_output"]
