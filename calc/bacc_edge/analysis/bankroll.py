"""The advantage player's measures, as the blackjack literature defines them, from what a
strategy wins per round dealt: its mean μ and variance σ² per round (rounds it does not
bet count as 0).

* Desirability index (Schlesinger), as this tool reports it: DI = 1000 · μ / σ. The
  published side-bet studies divide instead by the bet's standard deviation off the
  top (one unit on a full shoe, SD₀) times the square root of the bet frequency f:
  DIₚ = 1000 · μ / (SD₀ · √f) (a ramp's: √ of the mean squared stake per round,
  which is f for one flat unit). The two differ when the bets the count places are
  riskier than a bet off the top (the rare big win comes more often at a high count).
* Kelly: a bankroll B grows fastest betting k · B units per unit of the strategy, with
  k = μ / σ² (the first-order approximation of the Kelly criterion; exact for small
  edges), 0 when μ ≤ 0.
* SCORE (Schlesinger, *Blackjack Attack*): the win per 100 rounds of a full-Kelly
  bettor with a bankroll of 10,000 (dollars, say): 100 · 10,000 · k · μ =
  10⁶ · μ² / σ² = DI². With a bankroll of 100 units of 100, that is SCORE / 100 units.
* Risk of ruin of a bankroll of B units, playing the strategy for ever at one unit:
  RoR = exp(-2 μ B / σ²) (the diffusion approximation, which holds when B is many
  bets' SD); the bankroll for a target risk r: B = σ² · ln(1/r) / (2 μ). With μ ≤ 0
  ruin is certain and no bankroll suffices.
* What a stretch of N rounds wins: N · μ with SD √N · σ (rounds taken as independent:
  a shoe's rounds are not quite, so a shoe's own SD is measured from the shoes).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..errors import OptionError
from .intervals import Interval

#: The bankroll SCORE is defined at (Schlesinger), and the rounds it counts.
SCORE_BANKROLL, SCORE_ROUNDS = 10_000, 100


def desirability_index(mean: float, sd: float) -> float | None:
    """1000 · μ / σ, per round dealt; None when nothing varies."""
    return 1000 * mean / sd if sd > 0 else None


def desirability_index_off_the_top(mean: float, sd_off_the_top: float,
                                   mean_square_stake: float) -> float | None:
    """1000 · μ / (SD₀ · √(mean squared stake per round)): the published studies' index
    (for one flat unit the mean squared stake is the bet frequency)."""
    scale = sd_off_the_top * math.sqrt(mean_square_stake)
    return 1000 * mean / scale if scale > 0 else None


def kelly_fraction(mean: float, variance: float) -> float:
    """μ / σ²: the share of the bankroll one unit of the strategy should be (0 when the
    strategy does not win)."""
    return mean / variance if mean > 0 and variance > 0 else 0.0


def score(mean: float, variance: float) -> float:
    """10⁶ · μ² / σ²: the win per 100 rounds at full Kelly with a bankroll of 10,000
    (0 when the strategy does not win)."""
    return SCORE_ROUNDS * SCORE_BANKROLL * kelly_fraction(mean, variance) * max(mean, 0.0)


def risk_of_ruin(mean: float, variance: float, bankroll: float) -> float:
    """exp(-2 μ B / σ²), 1 when the strategy does not win."""
    if mean <= 0:
        return 1.0
    if variance <= 0:
        return 0.0
    return math.exp(-2 * mean * bankroll / variance)


def bankroll_for_risk(mean: float, variance: float, risk: float) -> float:
    """σ² · ln(1/r) / (2 μ): the units a bankroll needs for a risk of ruin r (infinite
    when the strategy does not win)."""
    if mean <= 0:
        return math.inf
    return variance * math.log(1 / risk) / (2 * mean)


@dataclass(frozen=True)
class Bankroll:
    """What the measures are taken at: a bankroll of ``units`` (for its risk of ruin),
    a target ``risk`` of ruin (for the bankroll it needs) and ``rounds_per_hour``."""

    units: float = 1000.0
    risk: float = 0.05
    rounds_per_hour: float = 80.0

    def __post_init__(self):
        for name, low, high in (("units", 0, 1e15), ("risk", 0, 1), ("rounds_per_hour", 0, 1e6)):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, (int, float)) \
                    or not math.isfinite(value) or not low < value < high:
                raise OptionError(f"{_LABELS[name]} {value!r} must be a number above {low:g} "
                                  f"and below {high:g}")
            object.__setattr__(self, name, float(value))

    def describe(self) -> dict:
        return {"bankroll_units": self.units, "risk_of_ruin": self.risk,
                "rounds_per_hour": self.rounds_per_hour}


_LABELS = {"units": "bankroll", "risk": "target risk of ruin",
           "rounds_per_hour": "rounds per hour"}


@dataclass(frozen=True)
class Stretch:
    """What the strategy wins over a stretch of play (``per``: a round, 100 rounds, a
    shoe, an hour), with its 95% interval, and the SD of that win."""

    per: str
    rounds: float
    win: Interval
    sd: float


@dataclass(frozen=True)
class BankrollFigures:
    """A strategy's measures (see the module): the Kelly fraction, SCORE, the risk of
    ruin of :attr:`Bankroll.units` and the bankroll for :attr:`Bankroll.risk`, each with
    the interval its mean win per round's 95% interval gives (σ² taken as known), and
    its win per stretch of play."""

    mean_per_round: float
    sd_per_round: float
    kelly_fraction: Interval
    score: Interval
    risk_of_ruin: Interval
    bankroll: Interval
    stretches: tuple[Stretch, ...]
    at: Bankroll


def _through(interval: Interval, f, *, falling: bool = False) -> Interval:
    """An interval of μ carried through a monotone function."""
    low, high = f(interval.low), f(interval.high)
    if falling:
        low, high = high, low
    return Interval(f(interval.value), low, high, interval.method)


def bankroll_figures(per_round: Interval, second_moment: float, *, per_shoe: Interval,
                     sd_per_shoe: float, rounds_per_shoe: float,
                     at: Bankroll = Bankroll()) -> BankrollFigures:
    """The measures of a strategy winning ``per_round`` (μ and its interval) with
    ``second_moment`` E[X²] per round; ``per_shoe`` and ``sd_per_shoe`` are measured
    from the shoes, ``rounds_per_shoe`` their mean."""
    mean = per_round.value
    variance = max(second_moment - mean * mean, 0.0)
    sd = math.sqrt(variance)
    hour = at.rounds_per_hour
    stretches = (
        Stretch("round", 1.0, per_round, sd),
        Stretch("100 rounds", 100.0, per_round.scaled(100), 10 * sd),
        Stretch("shoe", rounds_per_shoe, per_shoe, sd_per_shoe),
        Stretch("hour", hour, per_round.scaled(hour), math.sqrt(hour) * sd))
    return BankrollFigures(
        mean_per_round=mean, sd_per_round=sd,
        kelly_fraction=_through(per_round, lambda m: kelly_fraction(m, variance)),
        score=_through(per_round, lambda m: score(m, variance)),
        risk_of_ruin=_through(per_round, lambda m: risk_of_ruin(m, variance, at.units),
                              falling=True),
        bankroll=_through(per_round, lambda m: bankroll_for_risk(m, variance, at.risk),
                          falling=True),
        stretches=stretches, at=at)


__all__ = ["Bankroll", "BankrollFigures", "SCORE_BANKROLL", "SCORE_ROUNDS", "Stretch",
           "bankroll_figures", "bankroll_for_risk", "desirability_index",
           "desirability_index_off_the_top", "kelly_fraction", "risk_of_ruin", "score"]
