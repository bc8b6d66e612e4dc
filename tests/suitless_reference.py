"""The former way to count a suited outcome table on a shoe with cards removed without
their suit, kept for tests only as a slow second reference (the brute force of
tests/engine/test_suitless_pairs.py is the first; this one reaches 8 decks less many cards).

It averages the pair tables of :func:`bacc_edge.engine.point_kernels.pair_weights` over the suits
the cards could have had, as exact fractions, and runs the enumeration's two stages as
plain Python on them. The library now counts the pairs by the rank-pool class that
paired instead (bacc_edge.engine.point_table): a different route to the same numbers.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from math import lcm

import numpy as np

from bacc_edge.engine import point_kernels as _kernels
from bacc_edge.game.cards import POINT_VALUES, POINTS
from bacc_edge.engine.jit import plain
from bacc_edge.engine.outcome_table import suitless_ways
from bacc_edge.engine.point_table import CellLayout, start_plan
from bacc_edge.game.coup import PairState
from bacc_edge.game.shoe import Shoe, falling


def same_suit(pool, pairs: int) -> Fraction:
    """For cards of one rank drawn without replacement from ``pool`` (its four suit
    counts): the probability that the first two share a suit (``pairs`` 1), or that the
    first two and the next two each do (``pairs`` 2)."""
    n = sum(pool)
    if pairs == 1:
        return Fraction(sum(falling(c, 2) for c in pool), falling(n, 2)) if n > 1 else \
            Fraction(0)
    if n < 4:
        return Fraction(0)
    both = sum(falling(c, 4) for c in pool) + sum(
        falling(a, 2) * falling(b, 2) for i, a in enumerate(pool) for j, b in enumerate(pool)
        if i != j)
    return Fraction(both, falling(n, 4))


def _expected_pair_tables(shoe: Shoe):
    """The pair tables :func:`~bacc_edge.engine.point_kernels.pair_weights` fills (class sizes, and
    per point-value class the two- and four-card ways by pair state), averaged over
    the suits the cards removed without one could have had: exact Fractions.

    Why this is exact: given the ranks dealt, the suits of the dealt cards of rank r
    are drawn without replacement from every card of rank r whose suit was not named
    (those left and those removed suitless alike: nothing tells them apart), and the
    ranks of different ranks' suits are independent. So a hand's two cards of rank r
    share a suit with the probability q1 of two cards drawn from that pool, both hands'
    four cards of rank r pair by suit with that of four cards (q22), and pairs of two
    ranks pair independently. The rest of the enumeration is a sum of terms each
    linear in one class's tables (two classes' tables multiply only for two different
    point values, whose ranks differ), so it takes these expectations as it takes the
    tables of one shoe.
    """
    nv = POINT_VALUES
    class_size = np.zeros(nv, dtype=object)
    two = np.zeros((nv, 3), dtype=object)
    four = np.zeros((nv, 3, 3), dtype=object)
    s, p, o = int(PairState.SUITED), int(PairState.PAIR), int(PairState.NONE)
    for v in range(nv):
        ranks = [r for r in range(13) if POINTS[r] == v]
        n = {r: shoe.ranks[r] for r in ranks}
        q1 = {r: same_suit(shoe.suits[r], 1) for r in ranks}
        q22 = {r: same_suit(shoe.suits[r], 2) for r in ranks}
        size = sum(n.values())
        class_size[v] = size
        pairs = {r: falling(n[r], 2) for r in ranks}
        two[v, s] = sum(pairs[r] * q1[r] for r in ranks)
        two[v, p] = sum(pairs[r] * (1 - q1[r]) for r in ranks)
        two[v, o] = Fraction(falling(size, 2) - sum(pairs.values()))
        all_pairs = sum(pairs.values())
        both = {(s, s): Fraction(0), (s, p): Fraction(0), (p, s): Fraction(0),
                (p, p): Fraction(0)}
        paired_none = {s: Fraction(0), p: Fraction(0)}  # one hand paired, the other not
        for r in ranks:
            same = falling(n[r], 4)  # both hands' pairs of rank r
            both[s, s] += same * q22[r]
            both[s, p] += same * (q1[r] - q22[r])
            both[p, s] += same * (q1[r] - q22[r])
            both[p, p] += same * (1 - 2 * q1[r] + q22[r])
            for r2 in ranks:
                if r2 != r:
                    w = pairs[r] * pairs[r2]
                    both[s, s] += w * q1[r] * q1[r2]
                    both[s, p] += w * q1[r] * (1 - q1[r2])
                    both[p, s] += w * (1 - q1[r]) * q1[r2]
                    both[p, p] += w * (1 - q1[r]) * (1 - q1[r2])
            alone = pairs[r] * falling(size - 2, 2) - same - pairs[r] * (all_pairs - pairs[r])
            paired_none[s] += alone * q1[r]
            paired_none[p] += alone * (1 - q1[r])
        for (a, b), w in both.items():
            four[v, a, b] = w
        for a in (s, p):
            four[v, a, o] = four[v, o, a] = paired_none[a]
        four[v, o, o] = Fraction(falling(size, 4) - 2 * all_pairs * falling(size - 2, 2)
                                 + sum(both.values()))
    return class_size, two, four


def _over(d: int):
    """A number type for n / d**k, exact: sums and products of integers over powers of
    one common denominator d, with no gcd taken at each step (as Fraction does, ten
    times slower here)."""

    class Over:
        __slots__ = ("n", "k")

        def __init__(self, n: int, k: int):
            self.n, self.k = n, k

        @staticmethod
        def _nk(x):
            return (x.n, x.k) if isinstance(x, Over) else (x, 0)

        def __add__(self, other):
            n, k = Over._nk(other)
            if k == self.k:
                return Over(self.n + n, k)
            if k < self.k:
                return Over(self.n + n * d ** (self.k - k), self.k)
            return Over(self.n * d ** (k - self.k) + n, k)

        __radd__ = __add__

        def __neg__(self):
            return Over(-self.n, self.k)

        def __sub__(self, other):
            return self + (-other)

        def __rsub__(self, other):
            return (-self) + other

        def __mul__(self, other):
            n, k = Over._nk(other)
            return Over(self.n * n, self.k + k)

        __rmul__ = __mul__

        def times(self, ways: int) -> int:
            """This number times ``ways``, which must make it whole."""
            whole, rest = divmod(self.n * ways, d ** self.k)
            assert rest == 0, "the expectation times the ways is whole"
            return whole

    return Over


def expected_counts(shoe: Shoe, layout: CellLayout) -> np.ndarray:
    """The outcome counts averaged over the suits of the cards removed without one,
    times :func:`suitless_ways`: Python integers. The enumeration's two stages run as
    plain Python on the exact tables of :func:`_expected_pair_tables`, written over
    their common denominator."""
    plan, _ = start_plan(layout.tableau)
    plan = plan._replace(**{k: v.astype(object) for k, v in plan._asdict().items()
                            if isinstance(v, np.ndarray)})
    class_size, two, four = _expected_pair_tables(shoe)
    d = 1
    for x in itertools.chain(two.flat, four.flat):
        d = lcm(d, x.denominator)
    over = _over(d)
    two, four = (np.vectorize(lambda x: over(int(x * d), 1), otypes=[object])(t)
                 for t in (two, four))
    nv, n_st = POINT_VALUES, layout.n_states ** 2

    def zeros(*shape):
        return np.zeros(shape, dtype=object)

    s0, s1, s2 = zeros(n_st * nv * nv), zeros(n_st * plan.n_s1 * nv), zeros(
        n_st * plan.n_s2 * nv * nv)
    out = zeros(layout.n_cells)
    most_pairs = int(np.diff(plan.pair_start).max())
    plain(_kernels.sum_starts)(1, layout.n_states, plan, class_size, two, four, s0, s1, s2,
                               zeros(n_st), zeros(most_pairs, n_st))
    plain(_kernels.third_cards)(1, layout.n_states, plan, class_size, s0, s1, s2, zeros(nv),
                                out)
    ways = suitless_ways(shoe)
    return np.array([x.times(ways) if isinstance(x, over) else x * ways
                     for x in out.tolist()], dtype=object)

