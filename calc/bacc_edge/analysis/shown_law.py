"""How far published returns pin down an unpublished law of how many cards are shown.

A game such as Peek Baccarat shows "one to four" of the first four cards and does not
say how often each. Under optimal play, the return with exactly k cards shown is exact
(:func:`~bacc_edge.analysis.decisions.solve_decision` with ``Shown.how_many({k: 1})``);
under a law ``p`` (p_k the chance that k are shown) the bet's net and the amount
wagered are the p-weighted sums of those, because the bettor knows how many he sees.
A published return to player, rounded to its printed places, then bounds a linear
function of ``p``: the laws that reproduce every published figure form a polytope in
the simplex, whose corners are found exactly here (every choice of active constraints
solved in fractions), and the range of each p_k and of the mean number shown over it
says how far the figures pin the law down.

Two readings of "return to player" are offered, as a rule sheet rarely says which:
``stake and fee`` (the return over the first stake and its fee, the amount a bettor puts
down before any card is seen) and ``wagered`` (over everything staked, raises included).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from itertools import combinations
from numbers import Rational
from typing import Mapping, Sequence

from dataclasses import replace

from ..errors import ArgumentError, OptionError, kind_of
from ..game.shoe import Shoe, shoe_argument
from ..game.tableau import STANDARD, Tableau
from ..language.decisions import FIRST_FOUR, DecidedBet, Shown
from ..util.arguments import member_argument
from .decisions import solve_decision


class Measure(StrEnum):
    """What a published return to player is a share of."""

    STAKE_AND_FEE = "stake and fee"
    WAGERED = "wagered"


@dataclass(frozen=True)
class Played:
    """One bet with k cards shown, under optimal play: its expected net and the amount
    wagered per unit of the first stake, and its fee."""

    net: Fraction
    wagered: Fraction
    fee: Fraction


@dataclass(frozen=True)
class LawRange:
    """The laws of how many cards are shown that reproduce the published figures: the
    least and most chance of each number shown over them, and of the mean number shown;
    ``corners`` the polytope's corners (each a law, k → chance). Empty when no law does."""

    measure: Measure
    corners: tuple[dict, ...]

    @property
    def feasible(self) -> bool:
        return bool(self.corners)

    def low(self, k: int) -> Fraction:
        return min(c[k] for c in self.corners)

    def high(self, k: int) -> Fraction:
        return max(c[k] for c in self.corners)

    @property
    def mean_shown(self) -> tuple[Fraction, Fraction]:
        means = [sum(k * w for k, w in c.items()) for c in self.corners]
        return min(means), max(means)


def _solve(rows: list[list[Fraction]], rhs: list[Fraction]) -> list[Fraction] | None:
    """The exact solution of a square linear system (None when singular)."""
    n = len(rows)
    a = [list(r) + [b] for r, b in zip(rows, rhs)]
    for col in range(n):
        pivot = next((i for i in range(col, n) if a[i][col] != 0), None)
        if pivot is None:
            return None
        a[col], a[pivot] = a[pivot], a[col]
        for i in range(n):
            if i != col and a[i][col] != 0:
                f = a[i][col] / a[col][col]
                a[i] = [x - f * y for x, y in zip(a[i], a[col])]
    return [a[i][n] / a[i][i] for i in range(n)]


def _constraint(played: Mapping[int, Played], ks: Sequence[int], rtp: Fraction,
                measure: Measure) -> list[Fraction]:
    """The coefficients c with c·p >= 0 exactly when the law p's return to player is at
    least ``rtp``."""
    out = []
    for k in ks:
        x = played[k]
        base = 1 + x.fee if measure is Measure.STAKE_AND_FEE else x.wagered
        out.append(x.net - (rtp - 1) * base)
    return out


def law_range(played: Sequence[Mapping[int, Played]],
              published: Sequence[tuple[Fraction, Fraction]], *,
              measure: Measure = Measure.STAKE_AND_FEE) -> LawRange:
    """The laws over how many cards are shown that reproduce every published return.

    ``played[j][k]``: bet j with k cards shown, under optimal play; ``published[j]``:
    the range its published return to player stands for (e.g. 98.75% to 98.85% for a
    printed "98.8%")."""
    measure = member_argument(measure, Measure, "measure")
    if not isinstance(played, Sequence) or not all(isinstance(p, Mapping) for p in played):
        raise ArgumentError(f"played {kind_of(played)} must be a list of what "
                            f"played_by_count gives, one per bet")
    if not isinstance(published, Sequence) or not all(
            isinstance(r, Sequence) and len(r) == 2
            and all(isinstance(x, Rational) for x in r) for r in published):
        raise ArgumentError(f"published {kind_of(published)} must be a list of (low, high) "
                            f"returns as exact numbers (Fraction), one per bet")
    if len(played) != len(published) or not played:
        raise OptionError("give one published return for each bet played")
    ks = sorted(played[0])
    inequalities = [[Fraction(int(i == j)) for j in range(len(ks))] for i in range(len(ks))]
    for bet, (low, high) in zip(played, published):
        inequalities.append(_constraint(bet, ks, low, measure))
        inequalities.append([-c for c in _constraint(bet, ks, high, measure)])
    ones = [Fraction(1)] * len(ks)
    corners = []
    for active in combinations(inequalities, len(ks) - 1):
        p = _solve([ones, *active], [Fraction(1)] + [Fraction(0)] * len(active))
        if p is None or any(sum(c * x for c, x in zip(row, p)) < 0 for row in inequalities):
            continue
        law = dict(zip(ks, p))
        if law not in corners:
            corners.append(law)
    return LawRange(measure, tuple(corners))


def played_by_count(game: DecidedBet, shoe: Shoe, tableau: Tableau = STANDARD, *,
                    which: str = "any") -> dict[int, Played]:
    """``game`` played optimally with exactly k of the first four cards shown, for k =
    1 … 4: any k of them alike, or the first k dealt (``which``, as
    :meth:`~bacc_edge.language.decisions.Shown.how_many` reads it)."""
    if not isinstance(game, DecidedBet):
        raise ArgumentError(f"game {kind_of(game)} must be a DecidedBet")
    shoe = shoe_argument(shoe)
    out = {}
    for k in range(1, len(FIRST_FOUR) + 1):
        solved = solve_decision(replace(game, shown=Shown.how_many({k: 1}, which=which)),
                                shoe, tableau=tableau)
        out[k] = Played(solved.optimal_return, solved.wagered(), game.fee)
    return out


__all__ = ["LawRange", "Measure", "Played", "law_range", "played_by_count"]
