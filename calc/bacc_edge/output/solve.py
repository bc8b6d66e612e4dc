"""Solving pays, its output (output/; solved in analysis/).

A solved pay as a person or a script reads it: the answer in words with its printable
pays as a table (any tabulate format), one CSV table, or one JSON object.

The solving is done in :mod:`bacc_edge.analysis.solve`; this module only writes its
:class:`~bacc_edge.analysis.solve.Solution`, through the package's one percentage and fraction
(:mod:`bacc_edge.util.number_text`) and its one JSON and CSV writers (:mod:`bacc_edge.output.formats`).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Sequence

from .deck_comparison import deck_key, deck_label
from ..util.number_text import fraction, percentage
from .formats import csv_records, prose, table, to_json
from ..analysis.solve import Solution, printable_text


def _to_and_for(net: Fraction) -> str:
    """A printable pay both ways a table writes it: ``15 to 1 = 16 for 1``."""
    return f"{printable_text(net)} to 1 = {printable_text(net + 1)} for 1"


def _exact_text(value: Fraction) -> str:
    """An exact pay, with its decimal beside it when it is not a whole number."""
    text = fraction(value)
    return text if value.denominator == 1 else f"{text} ≈ {float(value):.4f}"


def solution_text(s: Solution, fmt: str = "simple", *, digits: int = 3) -> str:
    """One bet's answer in words, then its printable pays as a table."""
    headers, rows = solution_rows(s, digits=digits)
    body = table(rows, headers, fmt) if rows else "no printable pay to list\n"
    return ("\n".join(prose(line, fmt) for line in solution_head(s, digits=digits)) + "\n"
            + body + solution_mark(s) + "\n")


def solution_head(s: Solution, *, digits: int = 3) -> list[str]:
    """One bet's answer in words, a line each: the target, the unknowns, the exact pay
    and the edge at it, notes and the problem."""
    on = ", ".join(deck_label(shoe) for shoe in s.shoes)
    head = [f"{s.name} — target house edge {percentage(s.target, digits)} "
            f"{'on every one of ' if len(s.shoes) > 1 else 'on '}{on}"]
    if s.given:
        head.append("given: " + ", ".join(f"{n} = {printable_text(v)}" for n, v in s.given))
    factor = s.unknowns[0].name
    for u in s.unknowns:
        pays_as = factor if u.times == 1 else f"{printable_text(u.times)} × {factor}"
        head.append(f"unknown: {u.label!r} pays {pays_as} to 1")
    if s.value is not None:
        if len(s.unknowns) > 1 or s.unknowns[0].times != 1:
            head.append(f"exact: {factor} = {_exact_text(s.value)}")
        what = "exact pay" if s.reached else "highest pay within the limit"
        for u, p in zip(s.unknowns, s.pays):
            for_one = p + 1 if p.denominator == 1 else f"≈ {float(p + 1):.4f}"
            head.append(f"{what} of {u.label!r}: {_exact_text(p)} to 1 ({for_one} for 1)")
        at = ", ".join(f"{deck_label(line.shoe)} {percentage(e, digits)}"
                       for line, e in zip(s.lines, s.edges))
        head.append(f"edge at that pay: {at}"
                    + (f" ({deck_label(s.binding)} binds)" if s.binding and len(s.shoes) > 1 else ""))
    head += [f"note: {n}" for n in s.notes]
    if s.problem:
        head.append(s.problem)
    return head


def solution_mark(s: Solution) -> str:
    """The line under the table of printable pays, saying what its mark means."""
    return ("◀ marks the printable pay closest to the target at or above it"
            if s.marked else "no printable pay keeps the target")


def solution_rows(s: Solution, *, digits: int = 3):
    """(headers, rows): per printable candidate, its pays, the edge per shoe, and the mark."""
    headers = [f"{u.label} pays" for u in s.unknowns]
    headers += [f"Edge, {deck_label(shoe)}" for shoe in s.shoes]
    if len(s.shoes) > 1:
        headers.append("Lowest edge")
    headers.append("")
    rows = []
    for c in s.candidates:
        row = [_to_and_for(p) for p in c.pays]
        row += [percentage(e, digits) for e in c.edges]
        if len(s.shoes) > 1:
            row.append(percentage(c.worst_edge, digits))
        row.append("◀" if c.marked else "")
        rows.append(row)
    return headers, rows


def solution_json(s: Solution) -> dict:
    """One bet's answer as ``--fmt json`` lists it: numbers as numbers, exact values as
    fractions' text, shoes by their number of decks."""
    def edges(values):
        return [{"decks": deck_key(shoe), "edge": float(e), "edge_exact": fraction(e)}
                for shoe, e in zip(s.shoes, values)]

    return {
        "file": s.file,
        "bet": s.name,
        "target_edge": float(s.target),
        "target_edge_exact": fraction(s.target),
        "decks": [deck_key(shoe) for shoe in s.shoes],
        "unknowns": [{"label": u.label, "name": u.name, "times": float(u.times)} for u in s.unknowns],
        "given": {n: float(v) for n, v in s.given},
        "reached": s.reached,
        "problem": s.problem,
        "notes": list(s.notes),
        "max_pay": None if s.max_pay is None else float(s.max_pay),
        "value": None if s.value is None else float(s.value),
        "value_exact": None if s.value is None else fraction(s.value),
        "pays": None if s.value is None else [
            {"label": u.label, "pays": float(p), "pays_exact": fraction(p), "for_one": float(p + 1)}
            for u, p in zip(s.unknowns, s.pays)],
        "binding_decks": None if s.binding is None else deck_key(s.binding),
        "edges": None if s.value is None else edges(s.edges),
        "candidates": [{
            "pays": [float(p) for p in c.pays],
            "pays_text": [_to_and_for(p) for p in c.pays],
            "edges": edges(c.edges),
            "lowest_edge": float(c.worst_edge),
            "marked": c.marked,
        } for c in s.candidates],
        "tableau": s.tableau.describe(),
    }


def solutions_output(solutions: Sequence[Solution], fmt: str, *, digits: int = 3) -> str:
    """Every bet's answer: text (any tabulate format), one CSV table, or one JSON object."""
    if fmt == "json":
        return to_json({"solutions": [solution_json(s) for s in solutions]})
    if fmt == "csv":
        headers, records = solution_records(solutions)
        return csv_records(records, headers)
    return "\n".join(solution_text(s, fmt, digits=digits) for s in solutions)


def solution_records(solutions: Sequence[Solution]) -> tuple[list[str], list[dict]]:
    """(headers, records) of the CSV table: per bet, the exact pay's row (where there is
    one) then each printable pay's, a row per unknown event, with the edge on each shoe
    (fractions of the stake)."""
    shoes = list(dict.fromkeys(deck_key(shoe) for s in solutions for shoe in s.shoes))
    headers = ["file", "bet", "row", "event", "pays", "for_one",
               *[f"edge_decks_{k}" for k in shoes], "lowest_edge", "marked"]
    records = []
    for s in solutions:
        rows = []
        if s.value is not None:
            rows.append(("exact", s.pays, s.edges, False))
        rows += [("printable", c.pays, c.edges, c.marked) for c in s.candidates]
        for kind, pays_, edges_, marked in rows:
            by_key = {deck_key(shoe): e for shoe, e in zip(s.shoes, edges_)}
            for u, p in zip(s.unknowns, pays_):
                records.append(dict(zip(headers, [
                    s.file or "", s.name, kind, u.label, float(p), float(p + 1),
                    *[float(by_key[k]) if k in by_key else None for k in shoes],
                    float(min(edges_)), "yes" if marked else ""])))
    return headers, records


__all__ = ["solution_head", "solution_json", "solution_mark", "solution_records",
           "solution_rows", "solution_text", "solutions_output"]
