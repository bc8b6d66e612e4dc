"""Shoe shopping, its output (output/; dealt and valued in depth/).

Shoe shopping as a person reads it (one table per bet, a row per first card) and as a
script reads it (one JSON object, or CSV: one row per bet and first card)."""

from __future__ import annotations

from ..depth.shoe_shopping import FirstCard, ShoeShopping
from ..util.number_text import fraction, percentage
from .formats import below, csv_records, depth_interval_text, prose, table, to_json
from .render import depth_title


def shopping_rows(result: ShoeShopping, b: int, digits: int = 3):
    """(headers, rows) for bet ``b``: per first card, its chance and burn, the shoes
    dealt with it, the rounds a shoe, the first coup's exact value, and what a flat
    bettor and the perfect player gain a shoe (units, 95% intervals); every shoe last."""
    headers = ["First card", "Chance", "Burns", "Shoes", "Rounds a shoe",
               "First coup (exact)", "Flat bettor, units a shoe",
               "Perfect player, units a shoe"]
    rows = []
    for row in (*result.ranks, result.every_shoe):
        rows.append([row.rank or "any", percentage(row.probability, digits),
                     "" if row.burn is None else row.burn, row.shoes,
                     "" if row.rounds_per_shoe is None else f"{row.rounds_per_shoe:.2f}",
                     percentage(row.first_coup[b], digits),
                     depth_interval_text(row.flat_per_shoe[b], digits),
                     depth_interval_text(row.perfect_per_shoe[b], digits)])
    return headers, rows


def _interval(interval) -> dict | None:
    return None if interval is None else interval.as_json()


def first_card_json(row: FirstCard, b: int) -> dict:
    return {"rank": row.rank, "cards": row.cards, "probability": float(row.probability),
            "probability_exact": fraction(row.probability), "burn": row.burn,
            "first_coup_ev": float(row.first_coup[b]),
            "first_coup_ev_exact": fraction(row.first_coup[b]), "shoes": row.shoes,
            "rounds_per_shoe": row.rounds_per_shoe,
            "flat_per_shoe": _interval(row.flat_per_shoe[b]),
            "perfect_per_shoe": _interval(row.perfect_per_shoe[b])}


#: ``shoe-shopping --fmt csv``: one row per bet and first card ("any": every shoe).
SHOPPING_CSV = ("bet", "rank", "cards", "probability", "burn", "first_coup_ev",
                "first_coup_ev_exact", "shoes", "rounds_per_shoe", "flat_per_shoe",
                "flat_per_shoe_low", "flat_per_shoe_high", "perfect_per_shoe",
                "perfect_per_shoe_low", "perfect_per_shoe_high")


def shopping_records(result: ShoeShopping) -> list[dict]:
    out = []
    for b, bet in enumerate(result.bets):
        for row in (*result.ranks, result.every_shoe):
            record = {"bet": bet, "rank": row.rank or "any", "cards": row.cards,
                      "probability": float(row.probability), "burn": row.burn,
                      "first_coup_ev": float(row.first_coup[b]),
                      "first_coup_ev_exact": row.first_coup[b], "shoes": row.shoes,
                      "rounds_per_shoe": row.rounds_per_shoe}
            for key, interval in (("flat_per_shoe", row.flat_per_shoe[b]),
                                  ("perfect_per_shoe", row.perfect_per_shoe[b])):
                record[key] = None if interval is None else interval.value
                record[f"{key}_low"] = None if interval is None else interval.low
                record[f"{key}_high"] = None if interval is None else interval.high
            out.append(record)
    return out


def shopping_output(result: ShoeShopping, fmt: str, *, digits: int = 3) -> str:
    """Per bet, its table of first cards; the JSON names the deal and the seed."""
    spec = result.spec
    if fmt == "json":
        return to_json({"file": spec.filename, "deal": spec.deal.describe(), "seed": spec.seed,
                        "shoes": result.shoes, "tableau": spec.tableau.describe(),
                        "bets": [{"name": bet, "first_cards": [
                            first_card_json(row, b) for row in result.ranks],
                            "every_shoe": first_card_json(result.every_shoe, b)}
                            for b, bet in enumerate(result.bets)]})
    if fmt == "csv":
        return csv_records(shopping_records(result), SHOPPING_CSV)
    parts = [prose(f"{depth_title(spec, result.shoes)}, seed {spec.seed}: shoes by their "
                   f"shown first card", fmt) + "\n"]
    for b, bet in enumerate(result.bets):
        headers, rows = shopping_rows(result, b, digits)
        parts += [f"\n{prose(bet, fmt)}\n", table(rows, headers, fmt)]
    return below("".join(parts).rstrip("\n") + "\n", prose(
        "first coup: the bet's exact value per unit given the first card (the burned cards "
        "unseen); a shoe: a flat bettor's and the perfect player's gain over the rounds the "
        "table takes the bet, each round valued exactly on the cards unseen (95% "
        "intervals)", fmt))


__all__ = ["SHOPPING_CSV", "first_card_json", "shopping_output", "shopping_records",
           "shopping_rows"]
