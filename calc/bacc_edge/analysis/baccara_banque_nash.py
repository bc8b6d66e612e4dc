"""Baccara banque with its two players apart: the Nash equilibria of the three-person
game, found exactly where they are rational.

Each player plays for his own table (the left player's payoff is the left table's
result times his share of the money, the right's likewise), the banker for both
(:mod:`bacc_edge.analysis.baccara_banque`). In an equilibrium each player's
probability of drawing on 5 is a best answer to the others', and the banker's strategy
a best answer, cell by cell, to the players' (independent) play.

**Search.** Where a player mixes, the banker's indifference at some cell must hold him
there. A cell whose gain to the banker depends on one player's play alone (the other
table had a natural, or stood on 6-7 either way), or any cell where the other player is
pure, is linear in that player's probability: its root is a rational candidate. So the
candidates are: each player 0, 1 or a root of a cell linear in his probability, the
other 0 or 1; and both at roots of cells that read one player each. At each candidate
the banker is pure wherever his gain has a sign; at the cells where it is zero, his
probabilities must make each mixing player indifferent and leave each pure one no
reason to change: a linear feasibility problem, solved exactly
(:func:`~bacc_edge.analysis.exact_lp.maximize`). Each equilibrium found carries its
certificate: every player's best response, over every choice, equals his payoff.

**Not searched:** equilibria in which both players mix and a cell whose gain reads
both players' play (a bilinear one) holds them: their probabilities are then roots of
quadratics, in general irrational; and continua of equilibria (a player indifferent
over an interval of the other's play).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..game.baccara_banque import BANKER_CELLS
from .baccara_banque import BanqueCell, BanqueSolution, independent_plays, one_player_roots
from .exact_lp import LinearProgramError, maximize
from .team_games import TeamGame

PROBABILITIES = (Fraction(0), Fraction(1))


@dataclass(frozen=True)
class NashEquilibrium:
    """One equilibrium: each player's probability of drawing on 5 (``left``,
    ``right``), the banker's strategy, each table's result per unit staked on it
    (``tables``), the banker's payoff per unit of the whole stake, and the certificate:
    per player (left, right, banker) his payoff and his best response's."""

    left: Fraction
    right: Fraction
    banker: tuple[BanqueCell, ...]
    tables: tuple[Fraction, Fraction]
    banker_payoff: Fraction
    payoffs: tuple[Fraction, Fraction, Fraction]
    best: tuple[Fraction, Fraction, Fraction]

    @property
    def holds(self) -> bool:
        return self.payoffs == self.best


def nash_equilibria(solution: BanqueSolution) -> tuple[NashEquilibrium, ...]:
    """The rational Nash equilibria of baccara banque on the solution's shoe and stake,
    each with its certificate (see the module's docstring for what is searched)."""
    coalition = solution.game.coalition(solution.stake)
    found: dict[tuple, NashEquilibrium] = {}
    for q in _candidates(coalition):
        eq = _equilibrium_at(solution, coalition, *q)
        if eq is not None:
            key = (eq.left, eq.right, tuple(c.draws for c in eq.banker))
            found.setdefault(key, eq)
    return tuple(sorted(found.values(), key=lambda e: (e.left, e.right)))


def _roots(coalition: TeamGame, side: int, other: Fraction) -> set[Fraction]:
    """The probabilities in (0, 1) of this ``side``'s player (0 left, 1 right) at which
    some cell's gain to the banker vanishes, the other player's fixed at ``other``: each
    gain is then linear in the free probability."""
    def mixture(p):
        return independent_plays(p, other) if side == 0 else independent_plays(other, p)

    out = set()
    for at0, at1 in zip(coalition.choice_gains(mixture(Fraction(0))),
                        coalition.choice_gains(mixture(Fraction(1)))):
        if at0 != at1 and 0 < at0 / (at0 - at1) < 1:
            out.add(at0 / (at0 - at1))
    return out


def _candidates(coalition: TeamGame):
    """The (left, right) probabilities to try."""
    seen = set()
    for fixed in PROBABILITIES:
        for q in PROBABILITIES + tuple(_roots(coalition, 0, fixed)):
            seen.add((q, fixed))
        for q in PROBABILITIES + tuple(_roots(coalition, 1, fixed)):
            seen.add((fixed, q))
    for a in one_player_roots(coalition, 0):
        for b in one_player_roots(coalition, 1):
            seen.add((a, b))
    return sorted(seen)


def _equilibrium_at(solution: BanqueSolution, coalition: TeamGame, q1: Fraction,
                    q2: Fraction) -> NashEquilibrium | None:
    """The equilibrium with the players at (q1, q2), or None: the banker pure where his
    gain has a sign, his probabilities where it has none chosen (exactly, by a linear
    program) to leave each player as his probability needs him."""
    left, right = solution.game.tables
    r = independent_plays(q1, q2)
    beta: list = [Fraction(0)] * coalition.choices
    free = []
    for j, g in enumerate(coalition.choice_gains(r)):
        if g < 0:
            beta[j] = Fraction(1)
        elif g == 0 and (any(left.gain[j]) or any(right.gain[j])):
            free.append(j)
    rows: list[list[Fraction]] = []
    bounds: list[Fraction] = []
    one, nought = PROBABILITIES[1], PROBABILITIES[0]
    for table, q, draw, stand in ((left, q1, independent_plays(one, q2),
                                   independent_plays(nought, q2)),
                                  (right, q2, independent_plays(q1, one),
                                   independent_plays(q1, nought))):
        # the player's gain from drawing: base + Σ over free cells of beta_j coefficient_j
        base = table.value(draw, beta) - table.value(stand, beta)
        gains = [(table.choice_gain(j, draw) - table.choice_gain(j, stand)) for j in free]
        row = [g / table.denominator for g in gains]
        if q > 0:  # draws at times: the gain must not be negative
            rows.append([-c for c in row])
            bounds.append(base)
        if q < 1:  # stands at times: the gain must not be positive
            rows.append(row)
            bounds.append(-base)
    if not free:  # the banker pure everywhere: each condition reads 0 <= bound
        if any(b < 0 for b in bounds):
            return None
    else:
        rows += [[Fraction(int(i == t)) for t in range(len(free))] for i in range(len(free))]
        bounds += [Fraction(1)] * len(free)
        try:
            point = maximize([0] * len(free), rows, bounds)
        except LinearProgramError:
            return None
        for j, y in zip(free, point.x):
            beta[j] = y
    return _certified(solution, coalition, q1, q2, beta)


def _certified(solution: BanqueSolution, coalition: TeamGame, q1, q2, beta) -> NashEquilibrium:
    """The equilibrium's payoffs and every player's best response, over every choice."""
    left, right = solution.game.tables
    share = (solution.stake, 1 - solution.stake)
    r = independent_plays(q1, q2)
    tables = (left.value(r, beta), right.value(r, beta))
    payoffs = (share[0] * tables[0], share[1] * tables[1], -solution.stake * tables[0]
               - share[1] * tables[1])
    best_left = share[0] * max(left.value(independent_plays(p, q2), beta) for p in PROBABILITIES)
    best_right = share[1] * max(right.value(independent_plays(q1, p), beta)
                                for p in PROBABILITIES)
    lowest = coalition.value(r, [0] * coalition.choices) + sum(
        (min(g, Fraction(0)) for g in coalition.choice_gains(r)), Fraction(0)
    ) / coalition.denominator
    cells = tuple(BanqueCell(t, a, b, None if not (any(left.gain[j]) or any(right.gain[j]))
                             else beta[j])
                  for j, (t, a, b) in enumerate(BANKER_CELLS))
    return NashEquilibrium(q1, q2, cells, tables, payoffs[2], payoffs,
                           (best_left, best_right, -lowest))


__all__ = ["NashEquilibrium", "nash_equilibria"]
