"""The banker bet's real edge when the commission is rounded up to a chip fraction.

Seed 003 ("Commission is rounded up to a quarter of the lowest chip denomination in
the game") describes the practice: on a 13-unit banker win with 1-unit chips, 5% is
0.65, collected as 0.75, so the bet really pays 12.25 and its edge grows.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable

from ..language.point_words import banker, tie
from ..errors import ArgumentError, OptionError, kind_of
from .evaluator import Evaluator
from ..engine.point_table import outcome_table
from ..language.pays import option_number
from ..language.bet import Bet, Event
from ..game.tableau import STANDARD, Tableau
from ..game.shoe import Shoe

#: The commission is rounded up to this share of the lowest chip.
CHIP_SHARE = Fraction(1, 4)


@dataclass(frozen=True)
class CommissionEdge:
    """A banker bet of ``stake`` with the commission rounded up to a quarter of
    ``chip``: the commission taken on a win, and the edge beside the nominal one (the
    commission at exactly ``rate``)."""

    stake: Fraction
    chip: Fraction
    rate: Fraction
    commission: Fraction
    edge: Fraction
    nominal_edge: Fraction

    @property
    def net_win(self) -> Fraction:
        """What a winning bet takes home, commission paid."""
        return self.stake - self.commission


def _amount(value, what: str) -> Fraction:
    """An amount as an exact fraction (13, "12.5", "1/4": text as every number option
    writes it), or an error naming it."""
    try:
        return option_number(value)
    except ValueError as err:
        raise OptionError(f"{what}: {err}") from None


def _banker_bet(name: str, net_win: Fraction) -> Bet:
    """The banker bet winning ``net_win`` per unit; a tie returns the stake."""
    return Bet(name, [Event("Banker wins", banker.wins, net_win), Event("Tie", tie, "push")])


def banker_commission_edges(stakes: Iterable, chip, *, rate=Fraction(5, 100),
                            shoe: Shoe | None = None, tableau: Tableau = STANDARD
                            ) -> list[CommissionEdge]:
    """Exact edge of a banker bet of each of ``stakes`` when the commission (``rate`` of
    the win) is rounded up to a quarter of ``chip``, the lowest chip; a tie returns the
    stake. One count of the shoe serves every stake."""
    if isinstance(stakes, (str, bytes)) or not isinstance(stakes, Iterable):
        raise ArgumentError(f"stakes {kind_of(stakes)} must be a list of amounts")
    stakes = [_amount(s, "stake") for s in stakes]
    chip, rate = _amount(chip, "chip"), _amount(rate, "commission rate")
    if not stakes:
        raise OptionError("no stakes: give at least one")
    for what, amount in [("chip", chip), *(("stake", s) for s in stakes)]:
        if amount <= 0:
            raise OptionError(f"{what} {float(amount):g} must be more than 0")
    if not 0 <= rate < 1:
        raise OptionError(f"commission rate {float(rate * 100):g}% must be from 0% up to "
                          f"(not including) 100%")
    step = chip * CHIP_SHARE
    commissions = [math.ceil(s * rate / step) * step for s in stakes]
    for s, c in zip(stakes, commissions):
        if c >= s:
            raise OptionError(f"stake {float(s):g}: a commission of {float(c):g} (rounded up to "
                              f"a quarter of the chip {float(chip):g}) takes "
                              f"{'the whole' if c == s else 'more than the'} win; the stake "
                              f"must be larger than its commission")
    bets = [_banker_bet(f"Banker, commission exactly {rate}", 1 - rate)]
    bets += [_banker_bet(f"Banker, stake {s}", (s - c) / s) for s, c in zip(stakes, commissions)]
    evaluator = Evaluator.of(bets, tableau=tableau)
    nominal, *evs = evaluator.evs(outcome_table(shoe or Shoe.decks(8), tableau=tableau))
    return [CommissionEdge(s, chip, rate, c, -ev, -nominal)
            for s, c, ev in zip(stakes, commissions, evs)]


def banker_commission_edge(stake, chip, *, rate=Fraction(5, 100), shoe: Shoe | None = None,
                           tableau: Tableau = STANDARD) -> CommissionEdge:
    """Exact edge of a banker bet of ``stake`` when the commission (``rate`` of the win)
    is rounded up to a quarter of ``chip``, the lowest chip; a tie returns the stake."""
    (edge,) = banker_commission_edges([stake], chip, rate=rate, shoe=shoe, tableau=tableau)
    return edge


__all__ = ["CHIP_SHARE", "CommissionEdge", "banker_commission_edge", "banker_commission_edges"]
