"""The perfect player on a multiplier game's bets, in every format: per bet the rounds
valued, how many favoured the bettor, the perfect player's expected win per shoe, the
best round's value and the mean house edge by round."""

from __future__ import annotations

from typing import Sequence

from ..depth.multiplier_depth import MultiplierCountPlay, MultiplierDepth
from ..game.dealing import DealRules
from ..util.number_text import fraction, percentage
from .formats import below, csv_records, prose, table, to_json

#: The columns of ``--fmt csv``, one row per bet (shares of a unit staked).
DEPTH_CSV = ("bet", "shoes", "rounds", "favourable", "win_per_shoe", "best_round",
             "mean_edge")
#: The count player's columns, with ``--count``.
COUNT_CSV = ("count_tags", "count_trigger", "count_bets", "count_win_per_shoe")
HEADERS = ("bet", "rounds", "favourable", "perfect player's win per shoe", "best round",
           "mean edge")


def _record(d: MultiplierDepth) -> dict:
    return {"bet": d.bet, "shoes": d.shoes, "rounds": d.rounds, "favourable": d.favourable,
            "win_per_shoe": float(d.win_per_shoe), "best_round": float(d.best),
            "mean_edge": float(d.mean_edge)}


def _count_record(c: MultiplierCountPlay | None) -> dict:
    if c is None:
        return {}
    return {"count_tags": None if c.tags is None else " ".join(f"{r}{t:+d}"
                                                               for r, t in c.tags.items()),
            "count_trigger": c.trigger, "count_bets": c.bet_rounds,
            "count_win_per_shoe": float(c.win_per_shoe)}


def depth_output(figures: Sequence[MultiplierDepth], deal: DealRules, seed: int,
                 fmt: str, counts: Sequence[MultiplierCountPlay] | None = None) -> str:
    """One row a bet; with ``counts``, each bet's count player beside its perfect
    player; the shoes dealt said under the table."""
    plays = list(counts) if counts is not None else [None] * len(figures)
    if fmt == "json":
        return to_json({"deal": deal.describe(), "seed": seed,
                        "bets": [{**_record(d), "win_per_shoe_exact": fraction(d.win_per_shoe),
                                  "best_round_exact": fraction(d.best),
                                  "mean_edge_exact": fraction(d.mean_edge),
                                  **_count_record(c)}
                                 for d, c in zip(figures, plays)]})
    if fmt == "csv":
        columns = DEPTH_CSV + (COUNT_CSV if counts is not None else ())
        return csv_records([{**_record(d), **_count_record(c)}
                            for d, c in zip(figures, plays)], columns)
    rows = [[d.bet, f"{d.rounds:,}", f"{d.favourable:,}", percentage(d.win_per_shoe, 4),
             percentage(d.best, 4, sign=True), percentage(d.mean_edge, 4)] for d in figures]
    shoes = figures[0].shoes if figures else 0
    note = (f"{shoes:,} shoe{'s' if shoes != 1 else ''} of {deal.decks} deck"
            f"{'s' if deal.decks != 1 else ''}, the cut card {deal.cut} cards from the end "
            f"(seed {seed}), "
            f"as bacc-edge depth deals them; every round valued exactly on the cards "
            f"unseen. The perfect player bets one unit (the fee besides) exactly when the "
            f"round favours the bettor; wins and values are per unit staked, the fee a loss.")
    text = below(table(rows, HEADERS, fmt), prose(note, fmt)) + "\n"
    if counts is None:
        return text
    count_rows = [[c.bet, "none" if c.tags is None else " ".join(
                       f"{r}{t:+d}" for r, t in c.tags.items()),
                   "-" if c.trigger is None else f"{c.trigger:+.1f}", f"{c.bet_rounds:,}",
                   percentage(c.win_per_shoe, 4)] for c in counts]
    count_note = ("Each bet's best linear count (its effects of removal on the full shoe), "
                  "betting one unit when the true count (running count per 52 cards unseen) "
                  "reaches the first-order break-even; each round it bets valued exactly.")
    return text + below(table(count_rows, ("bet", "count", "bets from",
                                                   "rounds bet", "win per shoe"), fmt),
                               prose(count_note, fmt)) + "\n"


__all__ = ["COUNT_CSV", "DEPTH_CSV", "depth_output"]
