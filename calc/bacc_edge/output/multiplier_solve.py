"""A multiplier game solved for a target return, in every format: each bet's return now,
the fee that gives the target at its pays, and the base pay that gives it at its fee."""

from __future__ import annotations

from typing import Sequence

from ..analysis.multiplier_solve import MultiplierSolution
from ..game.shoe import Shoe
from ..util.number_text import decimal, exact_share, fraction, percentage
from .formats import below, csv_records, prose, table, to_json
from .render import shoe_json

#: The columns of ``--fmt csv``, one row per bet (shares of the stake).
SOLVE_CSV = ("bet", "target", "rtp", "fee_now", "fee", "event", "pay_now", "base_pay",
             "note", "less")
HEADERS = ("bet", "RTP now", "fee now", "fee for target", "event", "pays now",
           "base pay for target")


def _record(s: MultiplierSolution) -> dict:
    return {"bet": s.bet, "target": float(s.target), "rtp": float(s.rtp),
            "fee_now": float(s.fee_now), "fee": None if s.fee is None else float(s.fee),
            "event": s.event, "pay_now": None if s.pay_now is None else float(s.pay_now),
            "base_pay": None if s.base_pay is None else float(s.base_pay),
            "less": float(s.less),
            "note": "; ".join(n for n in (s.fee_note, s.pay_note) if n)}


def _exact(s: MultiplierSolution) -> dict:
    return {"target_exact": fraction(s.target), "rtp_exact": fraction(s.rtp),
            "fee_exact": None if s.fee is None else fraction(s.fee),
            "base_pay_exact": None if s.base_pay is None else fraction(s.base_pay)}


def _pay(pay, less, digits: int) -> str:
    """A base pay as the table shows it, with the share of the stake taken besides."""
    return f"{decimal(pay)}:1" + (f" less {exact_share(less, digits)}" if less else "")


def solve_output(solutions: Sequence[MultiplierSolution], shoe: Shoe, fmt: str, *,
                 digits: int = 3) -> str:
    """One row a bet: the fee and the base pay for the target, or why there is none."""
    if fmt == "json":
        return to_json({"shoe": shoe_json(shoe),
                        "bets": [{**_record(s), **_exact(s)} for s in solutions]})
    if fmt == "csv":
        return csv_records([_record(s) for s in solutions], SOLVE_CSV)
    rows = [[s.bet, percentage(s.rtp, digits), exact_share(s.fee_now, digits),
             "none" if s.fee is None else percentage(s.fee, digits), s.event or "",
             "" if s.pay_now is None else _pay(s.pay_now, s.less, digits),
             "none" if s.base_pay is None else _pay(s.base_pay, s.less, digits)]
            for s in solutions]
    target = percentage(solutions[0].target, digits) if solutions else ""
    notes = [f"Shoe: {shoe}. Target: {target} on stake and fee, as operators state the "
             f"RTP. The fee is solved at the bet's pays; the base pay (before the "
             f"multipliers) at its fee; each exact, shown rounded."]
    notes += [f"{s.bet}: {n}." for s in solutions for n in (s.fee_note, s.pay_note) if n]
    notes += [f"{s.bet}: its base pay is before the {exact_share(s.less, digits)} of the "
              f"stake taken from every win of {s.event!r}, multiplied or not (at "
              f"{decimal(s.pay_now)}:1 an unmultiplied win pays "
              f"{decimal(s.pay_now - s.less)}:1)." for s in solutions if s.less]
    return below(table(rows, HEADERS, fmt), "\n".join(prose(n, fmt) for n in notes)) + "\n"


__all__ = ["SOLVE_CSV", "solve_output"]
