"""The live page's JSON for the bets beyond one coup (``bacc-edge track``): a run bet's
value (exact, or proven bounds), a progressive's return at the meter entered and its
break-even meter, a multiplier bet's returns. Every figure as a float and exactly
(``"…_exact": "-31/2000"``), a return as a percentage as ``bacc-edge`` prints it; a
figure still being counted is null, with ``"pending": true``; one its analysis refuses
on these cards is null, with the refusal as ``"note"``.
"""

from __future__ import annotations

from fractions import Fraction

from ..analysis.meters import MeterValue
from ..analysis.multipliers import MultiplierResult
from ..analysis.streaks import StreakValue, ValueKind
from ..util.number_text import fraction, percentage
from .live_page import DIGITS


def figure(name: str, value: Fraction | float | None) -> dict:
    """``name`` as a float, ``name_exact`` as a fraction (None for an estimate, a
    float), ``name_text`` as a percentage."""
    if value is None:
        return {name: None, f"{name}_exact": None, f"{name}_text": None}
    return {name: float(value),
            f"{name}_exact": fraction(value) if isinstance(value, Fraction) else None,
            f"{name}_text": percentage(value, DIGITS)}


def run_json(name: str, round_no: int | None, value: StreakValue | None,
             note: str | None = None) -> dict:
    """A run bet placed before round ``round_no`` (None: no coup is left to place it on):
    its expected net per unit staked, exact (``low`` = ``high`` = ``ret``), proven
    bounds (and the chance of the runs left unfollowed), or the sampled paths' estimate
    and 95% interval (``paths``)."""
    out = {"name": name, "placed_before": round_no, "note": note,
           "pending": round_no is not None and value is None and note is None,
           "kind": None, "exact": None, "favourable": None, "unfollowed": None, "paths": None,
           **figure("ret", None), **figure("low", None), **figure("high", None)}
    if value is not None:
        out.update(kind=value.kind.value, exact=value.kind is ValueKind.EXACT,
                   favourable=value.low > 0, unfollowed=float(value.unfollowed),
                   paths=value.paths or None,
                   **figure("ret", value.ret), **figure("low", value.low),
                   **figure("high", value.high))
    return out


def meter_json(name: str, meter: Fraction, valued: bool, value: MeterValue | None,
               note: str | None = None) -> dict:
    """A progressive at ``meter`` (stakes): its return at that meter (the player's net per
    unit staked) and its break-even meter, on the cards not seen. ``valued``: whether
    the cards left can make a coup."""
    out = {"name": name, "meter": float(meter), "meter_exact": fraction(meter),
           "pending": valued and value is None and note is None, "note": note,
           "break_even": None,
           "break_even_exact": None, **figure("ret", None), "favourable": None}
    if value is not None:
        ret = value.at(meter)
        even = value.break_even
        out.update(**figure("ret", ret), favourable=ret > 0,
                   break_even=None if even is None else float(even),
                   break_even_exact=None if even is None else fraction(even))
    return out


def multiplier_json(name: str, valued: bool, result: MultiplierResult | None,
                    note: str | None = None) -> dict:
    """A multiplier bet on the cards not seen: its return on stake and fee (as operators
    state it), on the stake alone, and the house's edge per unit staked."""
    out = {"name": name, "pending": valued and result is None and note is None, "note": note,
           "fee": None,
           **figure("return_on_stake_and_fee", None), **figure("return_on_stake", None),
           **figure("edge", None)}
    if result is not None:
        out.update(fee=float(result.fee), **figure("return_on_stake_and_fee",
                                                    result.return_on_stake_and_fee),
                   **figure("return_on_stake", result.return_on_stake),
                   **figure("edge", result.edge))
    return out


__all__ = ["figure", "meter_json", "multiplier_json", "run_json"]
