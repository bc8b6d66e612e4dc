"""Known card, its output (output/; counted in analysis/).

The known-card analysis as a person reads it (one table per card position) and as a
script reads it (one JSON object, or CSV: one row per position, rank and bet)."""

from __future__ import annotations

from ..analysis.known_card import KnownCard, KnownPosition, KnownRank
from ..util.number_text import fraction, percentage
from .formats import below, csv_records, prose, table, to_json
from .render import shoe_json, under


def position_title(result: KnownCard, p: KnownPosition, digits: int = 3) -> str:
    """The line above a position's table: the card, where it goes, and its worth."""
    per_bet = ("" if p.edge_per_bet is None else
               f", {percentage(p.edge_per_bet, digits)} per bet placed")
    return (f"Card {p.position} out of the shoe ({p.dealt_as}): average edge "
            f"{percentage(p.average_edge, digits)} a coup, betting on "
            f"{percentage(p.bet_frequency, digits)} of coups{per_bet}")


def position_rows(result: KnownCard, p: KnownPosition, digits: int = 3):
    """(headers, rows): per rank or class, its cards, its chance, each bet's expected
    result per unit staked given the card, and the best bet (or "sit out")."""
    what = "Ranks" if result.classes is not None else "Rank"
    headers = [what, "Cards", "Chance", *result.bets, "Best bet", "Its value", "Play"]
    rows = [[r.label, r.cards, percentage(r.probability, digits),
             *(percentage(ev, digits) for ev in r.evs), result.bets[r.best],
             percentage(r.best_ev, digits), "bet" if r.favourable else "sit out"]
            for r in p.rows]
    return headers, rows


def row_json(result: KnownCard, r: KnownRank) -> dict:
    return {"ranks": list(r.ranks), "label": r.label, "cards": r.cards,
            "probability": float(r.probability), "probability_exact": fraction(r.probability),
            "evs": {b: float(ev) for b, ev in zip(result.bets, r.evs)},
            "evs_exact": {b: fraction(ev) for b, ev in zip(result.bets, r.evs)},
            "best_bet": result.bets[r.best], "best_ev": float(r.best_ev),
            "best_ev_exact": fraction(r.best_ev), "favourable": r.favourable}


def position_json(result: KnownCard, p: KnownPosition) -> dict:
    per_bet = p.edge_per_bet
    return {"position": p.position, "dealt_as": p.dealt_as,
            "average_edge": float(p.average_edge),
            "average_edge_exact": fraction(p.average_edge),
            "bet_frequency": float(p.bet_frequency),
            "bet_frequency_exact": fraction(p.bet_frequency),
            "edge_per_bet": None if per_bet is None else float(per_bet),
            "edge_per_bet_exact": None if per_bet is None else fraction(per_bet),
            "table": [row_json(result, r) for r in p.rows]}


#: ``known-card --fmt csv``: one row per position, rank (or class) and bet; the
#: position's figures repeated on each of its rows.
KNOWN_CARD_CSV = ("position", "ranks", "cards", "probability", "probability_exact", "bet",
                  "ev", "ev_exact", "best", "favourable", "average_edge", "average_edge_exact",
                  "bet_frequency")


def known_card_records(result: KnownCard) -> list[dict]:
    return [{"position": p.position, "ranks": r.label, "cards": r.cards,
             "probability": float(r.probability), "probability_exact": r.probability,
             "bet": bet, "ev": float(ev), "ev_exact": ev, "best": b == r.best,
             "favourable": r.favourable, "average_edge": float(p.average_edge),
             "average_edge_exact": p.average_edge, "bet_frequency": float(p.bet_frequency)}
            for p in result.positions for r in p.rows
            for b, (bet, ev) in enumerate(zip(result.bets, r.evs))]


def known_card_output(result: KnownCard, fmt: str, *, digits: int = 3) -> str:
    """Per position asked: the title (its average edge), then its table. Numbers are
    the player's: an expected result above zero favours the player."""
    if fmt == "json":
        return to_json({"file": result.file, "shoe": shoe_json(result.shoe),
                        "bets": list(result.bets),
                        "classes": (None if result.classes is None
                                    else [list(c) for c in result.classes]),
                        "tableau": result.tableau.describe(),
                        "positions": [position_json(result, p) for p in result.positions]})
    if fmt == "csv":
        return csv_records(known_card_records(result), KNOWN_CARD_CSV)
    known = ("its class of ranks known (" + " | ".join(" ".join(c) for c in result.classes)
             + ")" if result.classes is not None else "its rank known")
    parts = [prose(f"Shoe: {result.shoe}{under(result.tableau)}; one card of the next coup, "
                   f"{known}; each bet's expected result per unit staked (the player's: "
                   f"above 0 favours the player)", fmt) + "\n"]
    for p in result.positions:
        headers, rows = position_rows(result, p, digits)
        parts += [f"\n{prose(position_title(result, p, digits), fmt)}\n",
                  table(rows, headers, fmt)]
    return below("".join(parts).rstrip("\n") + "\n",
                 prose("average edge: the player's gain per coup, one unit on the best bet "
                       "where it favours the player, none elsewhere", fmt))


__all__ = ["KNOWN_CARD_CSV", "known_card_output", "known_card_records", "position_json",
           "position_rows", "position_title"]
