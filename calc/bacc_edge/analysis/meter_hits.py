"""The meter when a progressive's top award is hit, where lines that do not reset are
paid from the meter on the way.

The model, one round at a time: each linked table deals one coup; the round's stakes are
added to the meter first (``growth``), then the coups are settled. A round hits the top
award where any table's coup hits a resetting line (chance h = 1 - (1 - q)^tables); the
meter then paid is the meter after the round's stakes. In a round without a top award,
each table's coup that hits a line that does not reset takes that line's ``share`` of
the meter, in turn.

The mean is exact. Given no top award in a round, each table's coup takes on average
c = Σ share · P(line | no reset) of the meter, the tables independently, so the
expected meter shrinks by a = (1 - c)^tables; the expected meter of round t given no hit
before it follows m_1 = seed + growth, m_(t+1) = a · m_t + growth, and, the hit in round
t independent of the meter before it, Σ_t h (1 - h)^(t-1) m_t sums to
(h · seed + growth) / (1 - a (1 - h)).

The meter's spread has no such closed form here: its points (10%, 50%, 90%) come from a
seeded simulation of whole cycles, each the rounds to the hit drawn at once and the
non-reset payments placed among them.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

#: the hits simulated for the points of the meter when hit, and the default seed
SIMULATED_HITS = 10_000
SIMULATION_SEED = 1


def mean_meter_when_hit(seed: Fraction, growth: Fraction, top: Fraction,
                        others: tuple[tuple[Fraction, Fraction], ...], tables: int) -> Fraction:
    """The exact mean meter when the top award is hit (the module's model): ``seed``,
    ``growth`` per round, ``top`` the resetting lines' chance per coup, ``others`` each
    non-reset line's (chance per coup, share of the meter), ``tables`` coups a round."""
    h = 1 - (1 - top) ** tables
    taken = sum((chance * share for chance, share in others), Fraction(0)) / (1 - top)
    a = (1 - taken) ** tables
    return (h * seed + growth) / (1 - a * (1 - h))


@dataclass(frozen=True)
class SimulatedPoints:
    """Points of the meter when hit from a seeded simulation: ``points`` (percent, meter),
    of ``hits`` simulated hits drawn with ``seed``."""

    points: tuple[tuple[int, float], ...]
    hits: int
    seed: int


def simulated_points(seed: Fraction, growth: Fraction, top: Fraction,
                     others: tuple[tuple[Fraction, Fraction], ...], tables: int, *,
                     hits: int = SIMULATED_HITS, rng_seed: int = SIMULATION_SEED
                     ) -> SimulatedPoints:
    """The 10%, 50% and 90% points of the meter when hit (the module's model), from
    ``hits`` simulated cycles: the rounds to the hit geometric, the non-reset payments a
    binomial count of the (round, table) coups before it, placed among them at random."""
    import numpy as np
    rng = np.random.default_rng(rng_seed)
    h = 1 - (1 - float(top)) ** tables
    chance = [float(c) / (1 - float(top)) for c, _ in others]
    keep = [1 - float(s) for _, s in others]
    anything = sum(chance)
    grows = float(growth)  # once, not a Fraction's float per payment
    out = np.empty(hits)
    for i in range(hits):
        rounds = int(rng.geometric(h))
        coups = (rounds - 1) * tables
        paid = int(rng.binomial(coups, anything)) if anything and coups else 0
        where = np.sort(rng.choice(coups, size=paid, replace=False)) // tables if paid else ()
        which = rng.choice(len(keep), size=paid, p=[c / anything for c in chance]) if paid else ()
        meter, last = float(seed), 0
        for r, line in zip(where, which):
            meter = (meter + grows * (r + 1 - last)) * keep[line]
            last = r + 1
        out[i] = meter + grows * (rounds - last)
    points = tuple((p, float(np.percentile(out, p))) for p in (10, 50, 90))
    return SimulatedPoints(points, hits, rng_seed)


__all__ = ["SIMULATED_HITS", "SIMULATION_SEED", "SimulatedPoints", "mean_meter_when_hit",
           "simulated_points"]
