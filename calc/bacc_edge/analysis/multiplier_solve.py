"""A multiplier game solved for a target return: the fee, or a base pay, that makes each
bet's return on stake and fee (as operators state it) a given share, exactly.

The expected net win per unit staked does not depend on the fee, so the fee for a
target t is (1 + ev) / t - 1 (:meth:`MultiplierResult.fee_for`). It is linear in the
base pay x of a multiplied event too, where no cap cuts the wins: each of the event's
rounds nets x·f - less (f the combined multiplier; 1 when no card matches and the
event has no plain pay of its own), so ev = A + x·S with S the event's expected factor
(over every deal and draw, the plain rounds counting 0), and x = ((1 + fee)·t - 1 - A)/S.
A cap cuts the wins, so a capped bet's return is no straight line in its pay; it is
solved uncapped and the solution kept only where the cap cannot bind at it (the largest
win at the solved pay, checked exactly, within the cap), else refused with its reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..game.shoe import Shoe
from ..game.tableau import Tableau
from ..language.overlay import Multiplied
from .multipliers import (Exposure, multiplier_exposures, needed_fee, no_fee_reason,
                          target_return)
from ..util.number_text import decimal
from .overlay_draw import multiplier_law


@dataclass(frozen=True)
class MultiplierSolution:
    """One bet solved for ``target`` (a return on stake and fee): its return now, the
    fee that gives the target at its pays (None, with ``fee_note``, where no fee from 0
    to below the stake does), and the base pay of its multiplied ``event`` that gives it
    at its fee (None, with ``pay_note``, where none can); ``less``: the share of the stake
    the event takes from each multiplied win besides (Lightning's banker: 5%, so a win
    with no card matched pays the base pay less 5%: 0.95:1 at a base pay of 1:1)."""

    bet: str
    target: Fraction
    rtp: Fraction
    fee_now: Fraction
    fee: Fraction | None
    fee_note: str
    event: str | None
    pay_now: Fraction | None
    base_pay: Fraction | None
    pay_note: str
    less: Fraction = Fraction(0)


def solve_multipliers(source, target, shoe: Shoe | None = None, *,
                      tableau: Tableau | None = None) -> list[MultiplierSolution]:
    """Each multiplier bet of ``source`` (as :func:`~bacc_edge.analysis.multipliers.
    multiplier_report` reads it, on ``shoe``, 8 decks by default) solved for the return
    on stake and fee ``target`` (``"96%"``): the fee at its pays, and the base pay of
    its multiplied event at its fee."""
    share = target_return(target)
    return [_solved(seen, share) for seen in multiplier_exposures(source, shoe,
                                                                   tableau=tableau)]


def _solved(seen: Exposure, share: Fraction) -> MultiplierSolution:
    result = seen.valued()
    fee = needed_fee(result.ev, share)
    fee_note = no_fee_reason(fee)
    event, pay, base, pay_note = _base_pay(seen, share)
    less = next((e.pays.less.net for e in seen.bet.events if e.label == event
                 and isinstance(e.pays, Multiplied)), Fraction(0))
    return MultiplierSolution(seen.bet.name, share, result.return_on_stake_and_fee,
                              seen.bet.fee, fee if not fee_note else None, fee_note,
                              event, pay, base, pay_note, less)


def _base_pay(seen: Exposure, share: Fraction):
    """(event label, its base pay now, the base pay for ``share``, why none)."""
    bet = seen.bet
    multiplied = [e for e in bet.events if isinstance(e.pays, Multiplied)]
    if len(multiplied) != 1:
        return None, None, None, (f"{len(multiplied)} multiplied events: a base pay is "
                                  f"solved for a bet with one")
    (event,) = multiplied
    now = event.pays.pays.net
    fixed, slope, largest = _linear(seen, event.pays)
    if not slope:
        return event.label, now, None, f"event {event.label!r} never happens on this shoe"
    base = ((1 + bet.fee) * share - 1 - fixed) / slope
    if base <= 0:
        return event.label, now, None, ("no pay above 0 gives it: the bet's other "
                                         "lines alone return more")
    top = largest(base)
    if bet.cap is not None and top > bet.cap:
        return event.label, now, None, (f"its cap of {decimal(bet.cap)} binds at the pay "
                                        f"solved uncapped ({float(base):.6g}:1, whose "
                                        f"largest win is {float(top):.6g}): the return is "
                                        f"no straight line in the pay there")
    return event.label, now, base, ""


def _linear(seen: Exposure, pay: Multiplied):
    """The expected net win per unit, uncapped, as ``fixed + x·slope`` in the event's
    base pay x, and the largest net win a round pays at x (a function of x). A round of
    the event nets x·f - less (f its combined multiplier; 1 when no card matches,
    unless a plain pay of its own is paid then, which does not move with x)."""
    fixed = sum((net * p for net, p in seen.plain), Fraction(0))
    slope, factors, plains = Fraction(0), set(), {net for net, p in seen.plain if p}
    for line_pay, patterns in seen.multiplied:
        if line_pay is not pay:
            continue
        for pattern, q in patterns.items():
            for factor, p in multiplier_law(seen.bet.overlay, pattern).items():
                if not p:
                    continue
                if factor is None and pay.plain is not None:
                    fixed += q * p * pay.plain.net
                    plains.add(pay.plain.net)
                    continue
                factor = 1 if factor is None else factor
                slope += q * p * factor
                fixed -= q * p * pay.less.net
                factors.add(factor)
    return fixed, slope, lambda x: max({x * f - pay.less.net for f in factors} | plains)


__all__ = ["MultiplierSolution", "solve_multipliers"]
