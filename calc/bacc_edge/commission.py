"""The banker bet's real edge when the commission is rounded up to a chip fraction.

Seed 003 ("Commission is rounded up to a quarter of the lowest chip denomination in
the game") describes the practice: on a 13-unit banker win with 1-unit chips, 5% is
0.65, collected as 0.75, so the bet really pays 12.25 and its edge grows.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from .conditions import banker, player
from .outcomes import outcome_table
from .shoe import Shoe


@dataclass(frozen=True)
class CommissionEdge:
    """A banker bet of ``stake`` with the commission rounded up to ``step``."""

    stake: Fraction
    chip: Fraction
    rate: Fraction
    commission: Fraction
    edge: Fraction
    nominal_edge: Fraction

    @property
    def step(self) -> Fraction:
        return self.chip / 4


def banker_commission_edge(stake, chip, *, rate=Fraction(5, 100), shoe: Shoe | None = None
                           ) -> CommissionEdge:
    """Exact edge of a banker bet of ``stake`` when the commission (``rate`` of the win)
    is rounded up to a quarter of ``chip``, the lowest chip; a tie returns the stake."""
    stake, chip, rate = Fraction(str(stake)), Fraction(str(chip)), Fraction(str(rate))
    if stake <= 0 or chip <= 0:
        raise ValueError(f"stake {stake} and chip {chip} must be positive")
    if not 0 <= rate < 1:
        raise ValueError(f"commission rate {rate} must be from 0 up to (not including) 1")
    table = outcome_table(shoe or Shoe.decks(8))
    p_banker = table.probability(banker.wins.mask(table.layout))
    p_player = table.probability(player.wins.mask(table.layout))
    step = chip / 4
    commission = math.ceil(stake * rate / step) * step
    edge = -(p_banker * (stake - commission) - p_player * stake) / stake
    nominal = -(p_banker * (1 - rate) - p_player)
    return CommissionEdge(stake, chip, rate, commission, edge, nominal)
