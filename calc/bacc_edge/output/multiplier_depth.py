"""The perfect player on a multiplier game's bets, in every format: per bet the rounds
valued, how many favoured the bettor, the perfect player's expected win per shoe, the
best round's value and the mean house edge by round."""

from __future__ import annotations

from typing import Sequence

from ..depth.multiplier_depth import MultiplierDepth
from ..game.dealing import DealRules
from ..util.number_text import fraction, percentage
from .formats import below, csv_records, prose, table, to_json

#: The columns of ``--fmt csv``, one row per bet (shares of a unit staked).
DEPTH_CSV = ("bet", "shoes", "rounds", "favourable", "win_per_shoe", "best_round",
             "mean_edge")
HEADERS = ("bet", "rounds", "favourable", "perfect player's win per shoe", "best round",
           "mean edge")


def _record(d: MultiplierDepth) -> dict:
    return {"bet": d.bet, "shoes": d.shoes, "rounds": d.rounds, "favourable": d.favourable,
            "win_per_shoe": float(d.win_per_shoe), "best_round": float(d.best),
            "mean_edge": float(d.mean_edge)}


def depth_output(figures: Sequence[MultiplierDepth], deal: DealRules, seed: int,
                 fmt: str) -> str:
    """One row a bet; the shoes dealt said under the table."""
    if fmt == "json":
        return to_json({"deal": deal.describe(), "seed": seed,
                        "bets": [{**_record(d), "win_per_shoe_exact": fraction(d.win_per_shoe),
                                  "best_round_exact": fraction(d.best),
                                  "mean_edge_exact": fraction(d.mean_edge)}
                                 for d in figures]})
    if fmt == "csv":
        return csv_records([_record(d) for d in figures], DEPTH_CSV)
    rows = [[d.bet, f"{d.rounds:,}", f"{d.favourable:,}", percentage(d.win_per_shoe, 4),
             percentage(d.best, 4, sign=True), percentage(d.mean_edge, 4)] for d in figures]
    shoes = figures[0].shoes if figures else 0
    note = (f"{shoes:,} shoe{'s' if shoes != 1 else ''} of {deal.decks} deck"
            f"{'s' if deal.decks != 1 else ''}, the cut card {deal.cut} cards from the end "
            f"(seed {seed}), "
            f"as bacc-edge depth deals them; every round valued exactly on the cards "
            f"unseen. The perfect player bets one unit (the fee besides) exactly when the "
            f"round favours the bettor; wins and values are per unit staked, the fee a loss.")
    return below(table(rows, HEADERS, fmt), prose(note, fmt)) + "\n"


__all__ = ["DEPTH_CSV", "depth_output"]
