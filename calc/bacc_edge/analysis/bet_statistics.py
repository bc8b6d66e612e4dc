"""What a par sheet states about one bet beyond its table: the largest win, the edge per
unit staked and per resolved bet, the element of risk, the volatility index, and the
range the hold can take over many rounds.

The volatility index and the hold ranges come from the bet's standard deviation by the
normal approximation (the central limit theorem), and every report that shows them says
so. Over n rounds the house's hold per unit staked (its win divided by the amount
staked, a push counting as a round staked and nothing won) has mean the house edge per
unit staked and standard deviation SD/√n; it lies within edge ± z·SD/√n with the stated
confidence, z the two-sided quantile of the standard normal (1.645 for 90%, 1.960 for
95%). The volatility index is z·SD at :data:`VOLATILITY_CONFIDENCE`, the figure a par
sheet multiplies by √n. For a bet whose top award is rare the hold over a few thousand
rounds is far from normal (skewed: most sessions keep more than the edge, a few pay out
a lot), so the ranges of the short runs are a guide, not a guarantee.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from ..errors import ArgumentError
from ..util.arguments import quoted
from .bet_report import BetResult
from .intervals import z_value

#: The confidence levels (percent) of the hold ranges.
HOLD_CONFIDENCES = (90, 95)
#: The confidence level (percent) of the volatility index.
VOLATILITY_CONFIDENCE = 90
#: The numbers of rounds over which the hold's range is given.
HOLD_ROUNDS = (1_000, 10_000, 100_000, 1_000_000)


@dataclass(frozen=True)
class HoldRange:
    """Where the hold (the house's win per unit staked) lies after ``rounds`` rounds with
    ``confidence`` percent probability, by the normal approximation."""

    rounds: int
    confidence: int
    low: float
    high: float


@dataclass(frozen=True)
class BetStatistics:
    """A bet's par-sheet statistics on one shoe (see the module's docstring).

    ``edge``: the house edge per unit staked (a push is a unit staked, nothing won);
    ``edge_per_resolved_bet``: per bet that wins or loses, None where the bet never
    pushes; ``element_of_risk``: the expected loss over the expected amount at risk, a
    push putting nothing at risk (None where the bet never pushes, when it is the edge);
    ``max_win``: the most one round can win per unit staked (the top pay of an event
    that can happen on the shoe); ``volatility_index``: z·SD at ``volatility_confidence``
    percent; ``hold_ranges``: per rounds of :data:`HOLD_ROUNDS` and confidence of
    :data:`HOLD_CONFIDENCES`."""

    edge: Fraction
    edge_per_resolved_bet: Fraction | None
    element_of_risk: Fraction | None
    max_win: Fraction
    sd: float
    volatility_confidence: int
    volatility_index: float
    hold_ranges: tuple[HoldRange, ...]

    def hold(self, rounds: int, confidence: int) -> HoldRange:
        """The range of the hold over ``rounds`` rounds at ``confidence`` percent."""
        return next(h for h in self.hold_ranges
                    if h.rounds == rounds and h.confidence == confidence)


def hold_range(edge, sd: float, rounds: int, confidence: int) -> HoldRange:
    """The hold's range over ``rounds`` rounds of a bet of house edge ``edge`` per unit
    staked and standard deviation ``sd`` per round: edge ± z·sd/√rounds."""
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 1:
        raise ArgumentError(f"rounds {quoted(rounds)} must be a whole number from 1")
    half = z_value(confidence) * sd / math.sqrt(rounds)
    return HoldRange(rounds, confidence, float(edge) - half, float(edge) + half)


def bet_statistics(result: BetResult) -> BetStatistics:
    """The par-sheet statistics of one bet's table (a :class:`BetResult`)."""
    if not isinstance(result, BetResult):
        raise ArgumentError(f"result {quoted(result)} must be a BetResult, from report()")
    resolved = 1 - result.push_probability
    # a fixed stake of one unit: at risk whenever the bet resolves, so the element of
    # risk is the expected loss over the chance of resolving, the edge per resolved bet
    at_risk = result.edge / resolved if 0 < result.push_probability < 1 else None
    wins = [e.pays.net for e in result.events if e.combinations and e.pays.net > 0]
    return BetStatistics(
        result.edge, result.edge_per_resolved_bet, at_risk, max(wins, default=Fraction(0)),
        result.sd, VOLATILITY_CONFIDENCE, z_value(VOLATILITY_CONFIDENCE) * result.sd,
        tuple(hold_range(result.edge, result.sd, n, c)
              for n in HOLD_ROUNDS for c in HOLD_CONFIDENCES))


__all__ = ["HOLD_CONFIDENCES", "HOLD_ROUNDS", "VOLATILITY_CONFIDENCE", "BetStatistics",
           "HoldRange", "bet_statistics", "hold_range"]
