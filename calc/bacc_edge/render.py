"""Turning reports into rows a person reads, and into JSON a script reads."""

from __future__ import annotations

from fractions import Fraction

from .report import BetResult, FigureCheck
from .shoe import Shoe


def percent(value: Fraction, digits: int = 3) -> str:
    """An exact fraction as a rounded percentage, for display only."""
    return f"{float(value) * 100:.{digits}f}%"


def fraction(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def bet_rows(result: BetResult, *, digits: int = 3, exact: bool = False):
    """(headers, rows) for one bet, laid out like a rule sheet: event, hit rate, pays,
    return, with the player net last."""
    headers = ["Event", "Hit rate", "Pays", "Return"]
    if exact:
        headers += ["Combinations", "Probability (exact)", "Return (exact)"]
    rows = []
    for e in result.events:
        row = [e.label, percent(e.probability, digits), e.pays.text, percent(e.ret, digits)]
        if exact:
            row += [e.combinations, fraction(e.probability), fraction(e.ret)]
        rows.append(row)
    net = ["Player net", percent(Fraction(1), digits), "", percent(result.ev, digits)]
    if exact:
        net += [result.total, "1", fraction(result.ev)]
    rows.append(net)
    return headers, rows


def bet_title(result: BetResult, *, digits: int = 3, exact: bool = False) -> str:
    edge = f"house edge {percent(result.edge, digits)}"
    if exact:
        edge += f" = {fraction(result.edge)}"
    closes = f", closes after round {result.bet.max_round}" if result.bet.max_round else ""
    return f"{result.name} — {result.shoe}: {edge}{closes}"


def check_rows(checks: list[FigureCheck]):
    headers = ["Bet", "Figure", "Printed", "Computed", "Difference", "Status", "Sheet"]
    rows = []
    for c in checks:
        digits = len(c.printed.text.split(".")[1].rstrip("%")) + 3 if "." in c.printed.text else 3
        what = c.kind if c.label is None else f"{c.kind}: {c.label}" if c.bet else c.label
        rows.append([c.bet or "(whole sheet)", what, c.printed.text, percent(c.computed, digits),
                     f"{float(c.difference) * 100:+.{digits}f}", c.status, c.sheet])
    return headers, rows


def shoe_json(shoe: Shoe) -> dict:
    return {**shoe.describe(), "coups": shoe.coups}


def bet_json(result: BetResult) -> dict:
    """One bet as the ``--fmt json`` object lists it."""
    return {
        "file": result.file,
        "name": result.name,
        "events": [{
            "label": e.label,
            "pays": float(e.pays.net),
            "pays_text": e.pays.text,
            "otherwise": e.otherwise,
            "combinations": e.combinations,
            "probability": float(e.probability),
            "probability_exact": fraction(e.probability),
            "return": float(e.ret),
        } for e in result.events],
        "edge": float(result.edge),
        "edge_exact": fraction(result.edge),
        "total": result.total,
        "max_round": result.bet.max_round,
        "warnings": list(result.warnings),
    }


def check_json(c: FigureCheck) -> dict:
    return {
        "file": c.file, "bet": c.bet, "kind": c.kind, "label": c.label,
        "printed": c.printed.text, "computed": float(c.computed),
        "difference": float(c.difference), "tolerance": float(c.printed.tolerance),
        "status": c.status, "sheet": c.sheet, "finding": c.finding,
    }
