"""95% intervals that respect what a quantity can be.

Per-shoe gains are very skewed: a player who bets only in the rare favourable rounds
wins nothing in most shoes. A normal interval then reaches below zero for a gain that
cannot be negative. So:

* a mean per shoe with per-shoe values at hand, and at most ``BOOTSTRAP_LIMIT`` shoes
  with a non-zero value, gets a percentile bootstrap interval (``RESAMPLES`` resamples
  of the shoes, drawn from a generator seeded by the run: the same interval every
  time). Only the shoes with a non-zero value matter to a resampled sum, so a
  resample draws how many of them it holds (binomial), then which;
* otherwise (many non-zero shoes, where the normal approximation holds, or a ratio of
  totals) a normal interval — for ratios by the delta method — cut to the quantity's
  bounds.

Either way the interval never leaves the bounds, and a quantity that is exactly zero
in every shoe has the interval [0, 0].
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from decimal import Decimal, getcontext, localcontext
from enum import StrEnum
from statistics import NormalDist

import numpy as np

from ..errors import ArgumentError
from ..util.arguments import quoted

#: π to 40 digits, for the quantiles' series (:func:`z_value`).
_PI = Decimal("3.141592653589793238462643383279502884197")


@functools.lru_cache(maxsize=None)
def z_value(confidence: int | float) -> float:
    """The two-sided quantile of the standard normal for ``confidence`` percent: the z
    with P(|Z| ≤ z) = confidence / 100 (1.644853626951473 for 90, 1.959963984540054 for
    95), the one z of every interval and range bacc-edge gives.

    It is the quantile written to 16 significant digits, as tables and scipy's
    ``norm.ppf`` print it, then read as a float: the same number on every platform and
    Python version. :func:`statistics.NormalDist.inv_cdf` alone is a couple of units in
    the last place off (1.9599639845400536 at 95), and the nearest float to the quantile
    (1.9599639845400543) is not the 1.959963984540054 every saved depth run and study
    was computed with. The quantile is found to 40 digits: Newton's method from
    ``inv_cdf``'s value, on the series of the error function in decimal arithmetic."""
    if isinstance(confidence, bool) or not isinstance(confidence, (int, float)) or not (
            0 < confidence < 100):
        raise ArgumentError(f"confidence {quoted(confidence)} must be a percentage between "
                            f"0 and 100")
    with localcontext() as ctx:
        ctx.prec = 40
        half = Decimal(str(confidence)) / 200  # P(0 ≤ Z ≤ z), exactly as written
        x = Decimal(NormalDist().inv_cdf(0.5 + confidence / 200))
        for _ in range(3):  # each step doubles the digits: 16, 32, 40
            x -= (_half_erf(x / Decimal(2).sqrt()) - half) / (
                (-x * x / 2).exp() / (2 * _PI).sqrt())
        return float(format(x, ".16g"))


def _half_erf(u: Decimal) -> Decimal:
    """erf(u) / 2 = P(0 ≤ Z ≤ u√2), by its Taylor series, in the context's precision."""
    term = total = u
    n = 0
    while abs(term) > Decimal(10) ** -(getcontext().prec + 5):
        n += 1
        term = -term * u * u / n
        total += term / (2 * n + 1)
    return total / _PI.sqrt()


#: The z of a 95% interval: :func:`z_value` of 95.
Z95 = z_value(95)
BOOTSTRAP_LIMIT = 5_000
RESAMPLES = 2_000


class IntervalMethod(StrEnum):
    """How an interval was found (the value is the word the JSON prints)."""

    #: percentile bootstrap over the shoes
    BOOTSTRAP = "bootstrap"
    #: normal approximation (the delta method for ratios), cut to the bounds
    NORMAL = "normal"
    #: nothing varied: the value was the same in every shoe (zero, or one shoe's)
    EXACT = "exact"


@dataclass(frozen=True)
class Interval:
    """An estimate and its 95% interval, found by ``method`` (:class:`IntervalMethod`)."""

    value: float
    low: float
    high: float
    method: IntervalMethod

    def __post_init__(self):
        object.__setattr__(self, "method", IntervalMethod(self.method))

    def as_json(self) -> dict:
        return {"value": self.value, "low": self.low, "high": self.high,
                "method": self.method}

    def scaled(self, factor: float) -> "Interval":
        lo, hi = sorted((self.low * factor, self.high * factor))
        return Interval(self.value * factor, lo, hi, self.method)


def _clip(value, half, bounds, method) -> Interval:
    lo_b, hi_b = bounds
    low, high = value - half, value + half
    if lo_b is not None:
        low, value = max(low, lo_b), max(value, lo_b)
    if hi_b is not None:
        high, value = min(high, hi_b), min(value, hi_b)
    return Interval(float(value), float(low), float(high), method)


def _within(value, low, high, bounds, method) -> Interval:
    lo_b, hi_b = bounds
    low = low if lo_b is None else max(low, lo_b)
    high = high if hi_b is None else min(high, hi_b)
    return Interval(float(value), float(min(low, value)), float(max(high, value)), method)


def mean_interval(values: np.ndarray | None, *, n: int, total: float, total_sq: float,
                  bounds=(None, None), seed: int = 0) -> Interval:
    """The mean per shoe of a quantity summing to ``total`` (squares ``total_sq``) over
    ``n`` shoes; ``values``, when given, are its per-shoe values (for the bootstrap)."""
    mean = total / n
    if values is not None:
        # one shoe, or every shoe alike: no spread to measure, and the value exactly
        if len(values) == n and n and (values == values[0]).all():
            alike = float(values[0])
            return Interval(alike, alike, alike, IntervalMethod.EXACT)
        nonzero = values[values != 0]
        if len(nonzero) == 0:
            return Interval(0.0, 0.0, 0.0, IntervalMethod.EXACT)
        if len(nonzero) <= BOOTSTRAP_LIMIT:
            rng = np.random.default_rng(np.random.SeedSequence([seed, 0xB007]))
            k = len(nonzero)
            held = rng.binomial(n, k / n, size=RESAMPLES)
            sums = np.array([nonzero[rng.integers(0, k, size=m)].sum() for m in held.tolist()])
            low, high = np.percentile(sums / n, [2.5, 97.5])
            return _within(mean, low, high, bounds, IntervalMethod.BOOTSTRAP)
    if n < 2:
        return _clip(mean, math.inf, bounds, IntervalMethod.NORMAL)
    var = max(total_sq - n * mean * mean, 0.0) / (n - 1)
    return _clip(mean, Z95 * math.sqrt(var / n), bounds, IntervalMethod.NORMAL)


def ratio_interval(*, n: int, sum_y: float, sum_x: float, q_yy: float, q_xy: float,
                   q_xx: float, bounds=(None, None), shoes_with_x: int | None = None
                   ) -> Interval | None:
    """Σy / Σx over ``n`` shoes (``q_..``: sums over shoes of products), by the delta
    method; None when Σx is zero (the ratio is undefined). ``shoes_with_x``, when
    given, is how many shoes have a non-zero x: with fewer than two, nothing measures
    the spread, so the interval is the bounds (the delta method would give none)."""
    if sum_x == 0:
        return None
    r = sum_y / sum_x
    if n < 2 or (shoes_with_x is not None and shoes_with_x < 2):
        return _clip(r, math.inf, bounds, IntervalMethod.NORMAL)
    resid = max(q_yy - 2 * r * q_xy + r * r * q_xx, 0.0) / (n - 1)
    half = Z95 * math.sqrt(resid / n) / (sum_x / n)
    return _clip(r, half, bounds, IntervalMethod.NORMAL)


__all__ = ["BOOTSTRAP_LIMIT", "Interval", "IntervalMethod", "RESAMPLES", "Z95", "mean_interval",
           "ratio_interval", "z_value"]
