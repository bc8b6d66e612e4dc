"""Text, CSV and JSON of a run bet's depth study (``bacc-edge streak-depth``): by band
of depth, each figure with its 95% interval over shoes."""

from __future__ import annotations

from typing import Sequence

from ..analysis.streak_depth import DepthBand, StreakDepth
from .formats import csv_records, depth_interval_text, prose, table, to_json

#: (key, heading, shown as a percentage) of each figure of a band
FIGURES = (("chances", "Chances to bet per shoe", False),
           ("share_bet", "Share the counter bets", True),
           ("win_per_shoe", "Counter's win per shoe", False),
           ("win_per_100_rounds", "Counter's win per 100 rounds", False),
           ("every_chance_net", "Net per bet, every chance", True))


def _record(study: StreakDepth, band: DepthBand) -> dict:
    out = {"bet": study.bet, "depth": band.label}
    for key, _, _ in FIGURES:
        interval = getattr(band, key)
        out |= {key: None if interval is None else interval.value,
                f"{key}_low": None if interval is None else interval.low,
                f"{key}_high": None if interval is None else interval.high}
    return out


def streak_depth_output(studies: Sequence[StreakDepth], fmt: str) -> str:
    """Each study: what was dealt and the signal, then a row per band of depth."""
    if fmt == "json":
        return to_json({"studies": [{"bet": s.bet, "model": s.model, "shoes": s.shoes,
                                     "seed": s.seed, "signal": s.signal,
                                     "bands": [_record(s, b) for b in s.bands]}
                                    for s in studies]})
    if fmt == "csv":
        records = [_record(s, b) for s in studies for b in s.bands]
        return csv_records(records, list(records[0]))
    out = []
    for s in studies:
        head = (f"{s.bet} on {s.model}. Depth: the share of the shoe dealt before the chance "
                f"to bet. Signal: {s.signal}. Each figure is realised on the cards dealt, "
                f"with its 95% interval over shoes.")
        rows = [[b.label] + [depth_interval_text(getattr(b, key), 3, percent=percent)
                             for key, _, percent in FIGURES] for b in s.bands]
        out.append(prose(head, fmt) + "\n"
                   + table(rows, ["Depth"] + [h for _, h, _ in FIGURES], fmt) + "\n")
    return "\n".join(out)


__all__ = ["FIGURES", "streak_depth_output"]
