"""Two-person games of yes-or-no choices whose payoffs add up: the form of chemin de fer.

Player I makes ``k`` yes-or-no choices, each at one of his information sets, and takes
choice i with probability ``q[i]``; player II makes ``n``, taking choice j with
probability ``beta[j]`` (behaviour strategies: each probability is chosen on its own,
which loses nothing in a game of perfect recall). Every deal meets at most one choice
of each player, so each player's expected payoff is bilinear::

    payoff(q, beta) = (constant + Σ_i a_i q_i + Σ_j beta_j (b_j + Σ_i c_ji q_i)) / denominator

(:class:`Payoff`, all integers over one denominator: exact). Against a fixed ``q``,
II's best response is taken choice by choice (take j where its gain ``b_j + Σ_i c_ji
q_i`` is positive), and against a fixed ``beta`` I's is too: this is what Ethier and
Gámez call an *additive* game, and why a game of 2 × 2^88 pure strategies is solved
without ever listing them.

- :func:`solve_zero_sum`: the value and a pair of optimal strategies of a zero-sum
  game, as two exact linear programs (one per side) over the choices whose best
  response changes with the other side's strategy; the others are fixed first.
- :func:`equilibria`: every equilibrium of a game that need not be zero-sum, in which
  a player mixes exactly where he is indifferent, by the indifference conditions.
- :func:`certificate`: each side's best response to the other's strategy, computed
  over every choice: a pair is an equilibrium (optimal, in a zero-sum game) exactly
  when neither best response does better than the pair itself.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Sequence

import numpy as np

from ..errors import BaccEdgeError
from ..util.progress import Progress, Steps
from .exact_lp import LinearProgramError, maximize


class GameError(BaccEdgeError):
    """A game that cannot be solved as asked, or a solution whose certificate fails."""


@dataclass(frozen=True)
class Payoff:
    """One player's expected payoff in an additive game, as integers over
    ``denominator``: ``constant``; ``first[i]``, the gain from I's choice i;
    ``second[j]``, the gain from II's choice j; ``joint[j][i]``, the gain from both."""

    constant: int
    first: tuple[int, ...]
    second: tuple[int, ...]
    joint: tuple[tuple[int, ...], ...]
    denominator: int

    def __post_init__(self) -> None:
        if self.denominator <= 0 or len(self.joint) != len(self.second) or any(
                len(row) != len(self.first) for row in self.joint):
            raise GameError("a payoff needs a positive denominator and one row of joint "
                            "gains per choice of the second player, each as long as the "
                            "first player's choices")

    def value(self, q: Sequence, beta: Sequence) -> Fraction:
        """The expected payoff when I takes choice i with probability ``q[i]`` and II
        choice j with probability ``beta[j]``."""
        total = self.constant + sum(a * x for a, x in zip(self.first, q) if x)
        for b, row, y in zip(self.second, self.joint, beta):
            if y:
                total += y * (b + sum(c * x for c, x in zip(row, q) if x))
        return Fraction(total) / self.denominator

    def second_gain(self, j: int, q: Sequence) -> Fraction:
        """What II's taking choice j adds to this payoff against ``q`` (times the
        denominator)."""
        return self.second[j] + sum((c * x for c, x in zip(self.joint[j], q) if x), Fraction(0))

    def first_gain(self, i: int, beta: Sequence) -> Fraction:
        """What I's taking choice i adds to this payoff against ``beta`` (times the
        denominator)."""
        return self.first[i] + sum((row[i] * y for row, y in zip(self.joint, beta) if y),
                                   Fraction(0))

    def negated(self) -> "Payoff":
        return Payoff(-self.constant, tuple(-a for a in self.first),
                      tuple(-b for b in self.second),
                      tuple(tuple(-c for c in row) for row in self.joint), self.denominator)


def combination(terms: Sequence[tuple[int, Payoff]], denominator: int) -> Payoff:
    """The payoff Σ c × p over ``terms`` (whole numbers c, payoffs p of the same
    choices), over ``denominator``: exact in Python's integers, however large c is."""
    coefficients = [c for c, _ in terms]

    def add(values) -> int:
        return sum(c * v for c, v in zip(coefficients, values))

    payoffs = [p for _, p in terms]
    return Payoff(add(p.constant for p in payoffs),
                  tuple(map(add, zip(*(p.first for p in payoffs)))),
                  tuple(map(add, zip(*(p.second for p in payoffs)))),
                  tuple(tuple(map(add, zip(*rows))) for rows in zip(*(p.joint for p in payoffs))),
                  denominator)


@dataclass(frozen=True)
class AdditiveGame:
    """I's payoff ``first`` (which I maximizes) and II's ``second`` (which II
    maximizes). Zero-sum when ``second`` is ``first`` negated."""

    first: Payoff
    second: Payoff

    def __post_init__(self) -> None:
        if (len(self.first.first) != len(self.second.first)
                or len(self.first.second) != len(self.second.second)):
            raise GameError("both payoffs must be over the same choices")

    @property
    def first_choices(self) -> int:
        return len(self.first.first)

    @property
    def second_choices(self) -> int:
        return len(self.first.second)

    @property
    def zero_sum(self) -> bool:
        return self.second == self.first.negated()

    def idle(self, j: int) -> bool:
        """Whether II's choice j changes nobody's payoff, whatever I does (a hand that
        is never dealt): its probability is then of no consequence."""
        return all(p.second[j] == 0 and not any(p.joint[j]) for p in (self.first, self.second))

    def first_idle(self, i: int) -> bool:
        """Whether I's choice i changes nobody's payoff, whatever II does (a hand that
        is never dealt): its probability is then of no consequence."""
        return all(p.first[i] == 0 and not any(row[i] for row in p.joint)
                   for p in (self.first, self.second))


@dataclass(frozen=True)
class Certificate:
    """The proof that a pair of strategies is an equilibrium: each player's payoff at
    the pair, and the most each could get by changing his own strategy alone (his best
    response, over every choice). It holds when those are equal."""

    first_payoff: Fraction
    second_payoff: Fraction
    first_best: Fraction
    second_best: Fraction

    @property
    def holds(self) -> bool:
        return self.first_best == self.first_payoff and self.second_best == self.second_payoff


@dataclass(frozen=True)
class Equilibrium:
    """A pair of strategies and its certificate. ``first[i]`` is None where I's choice i
    changes nothing (:meth:`AdditiveGame.first_idle`), ``second[j]`` where II's choice j
    does (:meth:`AdditiveGame.idle`)."""

    first: tuple[Fraction | None, ...]
    second: tuple[Fraction | None, ...]
    certificate: Certificate


def best_response_value(payoff: Payoff, fixed: Sequence, *, of_second: bool) -> Fraction:
    """The most this payoff can be made by the player who owns it (II where
    ``of_second``) changing his own choices alone, the other's fixed at ``fixed``:
    each choice taken where its gain is positive."""
    if of_second:
        gains = (payoff.second_gain(j, fixed) for j in range(len(payoff.second)))
        base = payoff.value(fixed, [0] * len(payoff.second))
    else:
        gains = (payoff.first_gain(i, fixed) for i in range(len(payoff.first)))
        base = payoff.value([0] * len(payoff.first), fixed)
    return base + sum((g for g in gains if g > 0), Fraction(0)) / payoff.denominator


def certificate(game: AdditiveGame, q: Sequence, beta: Sequence) -> Certificate:
    """Each player's payoff at ``(q, beta)`` and his best response to the other's
    strategy, over every choice (None in ``q`` or ``beta`` is an idle choice: not
    taken)."""
    q = [0 if x is None else x for x in q]
    beta = [0 if y is None else y for y in beta]
    return Certificate(game.first.value(q, beta), game.second.value(q, beta),
                       best_response_value(game.first, beta, of_second=False),
                       best_response_value(game.second, q, of_second=True))


def _span(payoff: Payoff, j: int, fixed: dict[int, int]) -> tuple[int, int]:
    """The least and the most II's gain from choice j can be (times the denominator)
    over I's strategies with the choices in ``fixed`` held there (0 or 1) and the
    others free."""
    low = high = payoff.second[j]
    for i, c in enumerate(payoff.joint[j]):
        if i in fixed:
            low += c * fixed[i]
            high += c * fixed[i]
        elif c < 0:
            low += c
        else:
            high += c
    return low, high


def _scaled(probabilities: Sequence) -> tuple[list[int], int]:
    """Probabilities as whole numerators over one common denominator, so that many gains
    are compared with zero in whole numbers."""
    common = math.lcm(*(Fraction(p).denominator for p in probabilities)) if probabilities else 1
    return [int(Fraction(p) * common) for p in probabilities], common


def _second_gain_signs(payoff: Payoff, q: Sequence, choices) -> dict[int, int]:
    """The sign (-1, 0, 1) of II's gain from each of ``choices`` against ``q``."""
    numerators, common = _scaled(q)
    out = {}
    for j in choices:
        gain = payoff.second[j] * common + sum(c * x for c, x in zip(payoff.joint[j], numerators))
        out[j] = (gain > 0) - (gain < 0)
    return out


@dataclass(frozen=True)
class ZeroSumSolution:
    """A zero-sum game's value (I's payoff) and a pair of optimal strategies."""

    value: Fraction
    equilibrium: Equilibrium


def solve_zero_sum(game: AdditiveGame) -> ZeroSumSolution:
    """The value of a zero-sum additive game and a pair of optimal strategies, exactly.

    II's choices whose gain to I has one sign against every strategy of I are set
    aside first: against every q, II takes a choice that never helps I and leaves one
    that never hurts him (a dominated choice: some optimal strategy does so too). The
    rest, *contested*, enter two linear programs: I's maximin over q (one variable per
    contested choice for II's answer to it), and II's minimax over beta (one variable
    per choice of I for I's answer). Both are solved exactly; the certificate (each
    side's best response over every choice equals the value) proves the pair optimal,
    and a pair whose certificate failed would raise :class:`GameError`."""
    if not game.zero_sum:
        raise GameError("solve_zero_sum needs a zero-sum game; use equilibria")
    payoff, k, n = game.first, game.first_choices, game.second_choices
    sure, contested, never = [], [], []
    for j in range(n):
        low, high = _span(payoff, j, {})
        (never if low >= 0 else sure if high <= 0 else contested).append(j)
    q = _first_maximin(payoff, k, sure, contested)
    beta = _second_minimax(payoff, k, n, sure, contested)
    value = payoff.value(q, beta)
    proof = certificate(game, q, beta)
    if not proof.holds:
        raise GameError(f"the certificate of the solution fails: I's best response "
                        f"{proof.first_best}, II's {proof.second_best}, value {value}")
    return ZeroSumSolution(value, _marked(game, q, beta, proof))


def _marked(game: AdditiveGame, q: Sequence, beta: Sequence, proof: Certificate) -> Equilibrium:
    """The pair as an :class:`Equilibrium`, None at each side's idle choices."""
    return Equilibrium(tuple(None if game.first_idle(i) else x for i, x in enumerate(q)),
                       tuple(None if game.idle(j) else y for j, y in enumerate(beta)), proof)


def _first_maximin(payoff: Payoff, k: int, sure: list[int], contested: list[int]
                   ) -> list[Fraction]:
    """I's optimal q: maximize constant + a·q + Σ over II's sure choices of their gain
    + Σ over contested ones of min(0, gain), as ``x = (q, v)`` with ``v_j >= -gain_j``,
    ``v_j >= 0`` and ``q <= 1``."""
    a = list(payoff.first)
    for j in sure:
        a = [ai + c for ai, c in zip(a, payoff.joint[j])]
    m = len(contested)
    objective = a + [-1] * m
    rows = [[int(i == t) for t in range(k)] + [0] * m for i in range(k)]
    bounds = [1] * k
    for r, j in enumerate(contested):
        rows.append([-c for c in payoff.joint[j]] + [-int(r == t) for t in range(m)])
        bounds.append(payoff.second[j])
    solution = maximize(objective, rows, bounds)
    return list(solution.x[:k])


def _second_minimax(payoff: Payoff, k: int, n: int, sure: list[int], contested: list[int]
                    ) -> list[Fraction]:
    """II's optimal beta: the sure choices taken, the others left, and over the
    contested ones minimize Σ_j beta_j b_j + Σ_i max(0, a_i + Σ_j c_ji beta_j), as
    ``x = (beta_contested, w)`` with ``w_i >= a_i + …``, ``w >= 0``, ``beta <= 1``."""
    a = list(payoff.first)
    for j in sure:
        a = [ai + c for ai, c in zip(a, payoff.joint[j])]
    m = len(contested)
    objective = [-payoff.second[j] for j in contested] + [-1] * k
    rows = [[int(r == t) for t in range(m)] + [0] * k for r in range(m)]
    bounds = [1] * m
    for i in range(k):
        rows.append([payoff.joint[j][i] for j in contested] + [-int(i == t) for t in range(k)])
        bounds.append(-a[i])
    solution = maximize(objective, rows, bounds)
    beta = [Fraction(0)] * n
    for j in sure:
        beta[j] = Fraction(1)
    for r, j in enumerate(contested):
        beta[j] = solution.x[r]
    return beta


def equilibria(game: AdditiveGame, *, on_progress: Progress | None = None
               ) -> tuple[Equilibrium, ...]:
    """The equilibria of the game, each with its certificate: every one in which I's
    mixed probabilities are fixed by II's indifference.

    For each *pattern* — which of I's choices are mixed and the pure value of the
    others, and as many of II's choices at which II is to be indifferent — the
    conditions are linear: II's gains at those choices are zero (a square system in
    I's mixed probabilities, solved exactly), II takes every other choice as its
    gain's sign says (several at zero gain: his indifference is wider, as in a
    degenerate game), and his probabilities where he is indifferent must make I's
    gain zero where I mixes and of the right sign where he does not (a linear
    feasibility problem, solved exactly). Only II's choices whose gain can change sign
    over the box of I's strategies in the pattern are tried. Where II's indifference
    leaves him a range of equilibrium strategies, one is given. An equilibrium in which
    II's indifference does not pin I's mixed probabilities (a continuum of them) is not
    listed. I's idle choices (:meth:`AdditiveGame.first_idle`) are held at 0 and
    given as None, so that equilibria differing only there are one. ``on_progress``
    hears of each of I's 3^k patterns, k his choices that are not idle."""
    n = game.second_choices
    live = [j for j in range(n) if not game.idle(j)]
    idle_first = {i: 0 for i in range(game.first_choices) if game.first_idle(i)}
    choices = [i for i in range(game.first_choices) if i not in idle_first]
    found: dict[tuple, Equilibrium] = {}
    step = Steps(on_progress, 3 ** len(choices))
    for mixed_count in range(len(choices) + 1):
        for mixed in itertools.combinations(choices, mixed_count):
            pure = [i for i in choices if i not in mixed]
            for values in itertools.product((0, 1), repeat=len(pure)):
                step()
                fixed = {**idle_first, **dict(zip(pure, values))}
                spans = {j: _span(game.second, j, fixed) for j in live}
                candidates = [j for j in live if spans[j][0] <= 0 <= spans[j][1]]
                for chosen in _plausible(game, candidates, mixed, fixed):
                    pair = _pattern(game, live, mixed, fixed, chosen)
                    if pair is not None:
                        q, beta = pair
                        key = (tuple(q), tuple(beta))
                        if key not in found:
                            proof = certificate(game, q, beta)
                            if not proof.holds:
                                raise GameError("an equilibrium's certificate fails")
                            found[key] = _marked(game, q, beta, proof)
    return tuple(found.values())


#: Float solutions this far outside [0, 1] are let go without an exact look; a system
#: whose condition number passes COND_LIMIT is always looked at exactly.
SLACK, COND_LIMIT = 1e-6, 1e9


def _plausible(game: AdditiveGame, candidates: list[int], mixed: tuple[int, ...],
               fixed: dict[int, Fraction]):
    """The sets of ``len(mixed)`` candidate choices of II whose zero gains may put I's
    mixed probabilities in [0, 1]: every set's square system is solved at once in
    floating point, and only those whose solution lies within SLACK of the box, or
    whose system is too ill-conditioned to tell, are handed on to be solved exactly.
    A filter, never a verdict: what it lets through is checked exactly."""
    s = len(mixed)
    if s == 0:
        yield ()
        return
    if len(candidates) < s:
        return
    cells = np.array(candidates)
    combos = np.array(list(itertools.combinations(range(len(cells)), s)), dtype=np.int64)
    chosen = cells[combos]
    d = game.second.denominator  # each gain as a fraction of the stake: a float never overflows
    joint = np.array([[c / d for c in row] for row in game.second.joint])[chosen]  # (sets, s, k)
    matrix = joint[:, :, list(mixed)]
    rhs = -np.array([b / d for b in game.second.second])[chosen]
    for i, v in fixed.items():
        rhs -= joint[:, :, i] * float(v)
    scale = np.maximum(np.abs(matrix).max(axis=2), np.abs(rhs))
    scale[scale == 0] = 1.0
    matrix, rhs = matrix / scale[:, :, None], rhs / scale
    cond = np.linalg.cond(matrix)
    sharp = np.isfinite(cond) & (cond < COND_LIMIT)
    keep = ~sharp
    if sharp.any():
        x = np.linalg.solve(matrix[sharp], rhs[sharp][:, :, None])[:, :, 0]
        keep[np.flatnonzero(sharp)] = ((x >= -SLACK) & (x <= 1 + SLACK)).all(axis=1)
    for row in chosen[keep]:
        yield tuple(int(j) for j in row)


def _pattern(game: AdditiveGame, live: list[int], mixed: tuple[int, ...],
             fixed: dict[int, Fraction], chosen: tuple[int, ...]):
    """The equilibrium of one indifference pattern, or None: I mixes at ``mixed`` (his
    other choices ``fixed``), and II's gains at ``chosen`` are zero.

    Those zeros fix I's mixed probabilities. II is then indifferent at ``chosen`` and
    wherever else his gain is zero (several cells alike: a degenerate game) and takes
    every other choice as its gain's sign says. His probabilities at the indifferent
    choices must leave I's gain zero at each mixed choice and of the right sign at
    each pure one: a linear feasibility problem, solved exactly (one point of it)."""
    k, n = game.first_choices, game.second_choices
    first, second = game.first, game.second
    # II indifferent at each chosen choice: b_j + Σ_i c_ji q_i = 0, unknowns q_mixed
    matrix = [[second.joint[j][i] for i in mixed] for j in chosen]
    rhs = [-(second.second[j] + sum(second.joint[j][i] * v for i, v in fixed.items()))
           for j in chosen]
    solved = _linear_solve(matrix, rhs)
    if solved is None or any(not 0 <= x <= 1 for x in solved):
        return None
    q = [Fraction(0)] * k
    for i, v in fixed.items():
        q[i] = Fraction(v)
    for i, x in zip(mixed, solved):
        q[i] = x
    beta: list = [0] * n
    indifferent = []
    for j, sign in _second_gain_signs(second, q, live).items():
        if sign == 0:
            indifferent.append(j)
        else:
            beta[j] = int(sign > 0)
    # I's gain at each of his choices, as a constant plus the indifferent choices' terms
    rows, bounds = [], []
    for i in range(k):
        base = first.first[i] + sum(first.joint[j][i] * beta[j] for j in live)
        row = [first.joint[j][i] for j in indifferent]
        if i in fixed:  # taken: gain >= 0, i.e. -row·y <= base; left: row·y <= -base
            taken = fixed[i] == 1
            rows.append([-c if taken else c for c in row])
            bounds.append(base if taken else -base)
        else:  # mixed: gain == 0
            rows += [row, [-c for c in row]]
            bounds += [-base, base]
    rows += [[int(r == t) for t in range(len(indifferent))] for r in range(len(indifferent))]
    bounds += [1] * len(indifferent)
    try:
        point = maximize([0] * len(indifferent), rows, bounds)
    except LinearProgramError:
        return None
    for j, y in zip(indifferent, point.x):
        beta[j] = y
    return q, [Fraction(y) for y in beta]


def _linear_solve(matrix: list[list], rhs: list) -> list[Fraction] | None:
    """The one solution of a square linear system, exactly, or None when it has not
    exactly one (a singular matrix). The empty system has the empty solution."""
    size = len(rhs)
    rows = [[Fraction(v) for v in row] + [Fraction(r)] for row, r in zip(matrix, rhs)]
    for col in range(size):
        pivot = next((r for r in range(col, size) if rows[r][col]), None)
        if pivot is None:
            return None
        rows[col], rows[pivot] = rows[pivot], rows[col]
        head = rows[col][col]
        rows[col] = [v / head for v in rows[col]]
        for r in range(size):
            if r != col and rows[r][col]:
                factor = rows[r][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col])]
    return [row[-1] for row in rows]


__all__ = ["AdditiveGame", "Certificate", "Equilibrium", "GameError", "Payoff",
           "ZeroSumSolution", "best_response_value", "certificate", "combination", "equilibria",
           "solve_zero_sum"]
