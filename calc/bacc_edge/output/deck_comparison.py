"""Deck comparison, its output (output/; counted in analysis/).

The deck comparison as a person or a script reads it: a bet's edge, hit rate and SD on
each shoe side by side (any tabulate format), one CSV table, or one JSON object.

The comparison itself is counted in :mod:`bacc_edge.analysis.deck_comparison`; this module only writes
it, through the package's one percentage (:mod:`bacc_edge.util.number_text`) and its one JSON
and CSV writers (:mod:`bacc_edge.output.formats`).
"""

from __future__ import annotations

from typing import Sequence

from ..game.cards import CARDS_PER_DECK
from ..analysis.deck_comparison import DeckComparison
from ..util.number_text import fraction, percentage
from .formats import csv_records, prose, table, to_json
from ..game.shoe import Shoe


def deck_label(shoe: Shoe) -> str:
    """The shoe's column heading: "8 decks", "infinite deck"."""
    return shoe.label


def deck_key(shoe: Shoe) -> int | str:
    """The shoe as JSON and CSV name it: its number of decks, or "inf"."""
    return "inf" if shoe.replacement else shoe.cards // CARDS_PER_DECK


#: (heading, BetResult attribute, shown as a percentage?)
MEASURES = (("House edge", "edge", True), ("Hit rate", "hit_frequency", True),
            ("SD", "sd", False))


def _shown(value, percent: bool, digits: int) -> str:
    """A measure's cell: a percentage of the stake, or (the SD) units of it."""
    return percentage(value, digits) if percent else f"{float(value):.{digits}f}"


def decks_rows(comparisons: Sequence[DeckComparison], *, digits: int = 3):
    """(headers, rows): per bet, a row for each measure, a column for each shoe."""
    shoes = comparisons[0].shoes if comparisons else ()
    headers = ["Bet", "Measure", *[deck_label(s) for s in shoes]]
    rows = []
    for c in comparisons:
        for k, (heading, attr, percent) in enumerate(MEASURES):
            rows.append([c.name if k == 0 else "", heading,
                         *[_shown(getattr(r, attr), percent, digits) for r in c.results]])
    return headers, rows


def decks_json(comparisons: Sequence[DeckComparison]) -> dict:
    """One object: the shoes, and per bet its figures on each shoe, numbers as numbers."""
    shoes = comparisons[0].shoes if comparisons else ()
    return {
        "shoes": [{"decks": deck_key(s), "label": s.label, "cards": s.cards,
                   "replacement": s.replacement, "coups": s.coups} for s in shoes],
        "bets": [{
            "file": c.file,
            "name": c.name,
            "tableau": c.results[0].tableau.describe(),
            "by_shoe": [{
                "decks": deck_key(r.shoe),
                "edge": float(r.edge),
                "edge_exact": fraction(r.edge),
                "hit_frequency": float(r.hit_frequency),
                "sd": r.sd,
                "variance": float(r.variance),
                "edge_per_resolved_bet": (None if r.edge_per_resolved_bet is None
                                          else float(r.edge_per_resolved_bet)),
                "total": r.total,
                "warnings": list(r.warnings),
                "counted": r.counted or None,
            } for r in c.results],
        } for c in comparisons],
    }


def decks_records(comparisons: Sequence[DeckComparison]) -> tuple[list[str], list[dict]]:
    """(headers, records) of the CSV table: file, bet, measure, then a column per shoe
    (``decks_1`` … ``decks_inf``), the values as plain numbers (fractions of the stake)."""
    shoes = comparisons[0].shoes if comparisons else ()
    headers = ["file", "bet", "measure", *[f"decks_{deck_key(s)}" for s in shoes]]
    records = [dict(zip(headers, [c.file or "", c.name, attr,
                                  *[float(getattr(r, attr)) for r in c.results]]))
               for c in comparisons for _, attr, _ in MEASURES]
    return headers, records


def decks_csv(comparisons: Sequence[DeckComparison]) -> str:
    """One CSV table, one header row (see :func:`decks_records`)."""
    headers, records = decks_records(comparisons)
    return csv_records(records, headers)


def decks_output(comparisons: Sequence[DeckComparison], fmt: str, *, digits: int = 3) -> str:
    """The side-by-side table as text (any tabulate format), CSV, or one JSON object."""
    if fmt == "json":
        return to_json(decks_json(comparisons))
    if fmt == "csv":
        return decks_csv(comparisons)
    headers, rows = decks_rows(comparisons, digits=digits)
    notes = [prose(f"note: {w}", fmt) + "\n"
             for c in comparisons for r in c.results for w in r.warnings]
    return table(rows, headers, fmt, keys=2) + "".join(notes)


__all__ = ["MEASURES", "deck_key", "deck_label", "decks_csv", "decks_json", "decks_output",
           "decks_records", "decks_rows"]
