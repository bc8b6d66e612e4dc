"""Linear programs solved exactly: the simplex method in rational arithmetic.

A game's value and optimal strategies are the solution of a linear program; solved in
floating point they are approximations, and a certificate that must hold *exactly*
(each side's best response equal to the value) would fail on rounding. Here every
number is a :class:`~fractions.Fraction`. The programs this package solves are small (a
few dozen variables once dominated choices are set aside), so a dense tableau with
Bland's rule (the smallest index enters and leaves: it never cycles) is enough.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Sequence

from ..errors import BaccEdgeError


class LinearProgramError(BaccEdgeError):
    """A linear program with no solution: no point meets its constraints, or its
    objective grows without bound."""


@dataclass(frozen=True)
class LinearProgramSolution:
    """An optimal point ``x`` of a linear program and its objective ``value``."""

    value: Fraction
    x: tuple[Fraction, ...]


def maximize(objective: Sequence, rows: Sequence[Sequence], bounds: Sequence, *,
             constant=0) -> LinearProgramSolution:
    """Maximize ``constant + objective · x`` subject to ``rows[i] · x <= bounds[i]`` for
    every i and ``x >= 0``, exactly (every number is read as a Fraction: give integers or
    Fractions, never floats, so that the program is the one meant).

    Two phases: a point meeting the constraints is found first (an artificial variable
    for each row whose bound is negative, their sum driven to zero), then the objective
    is raised from it. Raises :class:`LinearProgramError` when no point meets the
    constraints or the objective has no maximum."""
    n, m = len(objective), len(rows)
    if any(len(row) != n for row in rows) or len(bounds) != m:
        raise LinearProgramError(f"a linear program of {n} variables needs rows of {n} "
                                 f"coefficients and one bound per row")
    c = [Fraction(v) for v in objective]
    artificial = [i for i in range(m) if Fraction(bounds[i]) < 0]
    width = n + m + len(artificial)  # x, one slack per row, the artificials
    table: list[list[Fraction]] = []
    basis: list[int] = []
    for i, (row, bound) in enumerate(zip(rows, bounds)):
        sign = -1 if i in artificial else 1
        line = [sign * Fraction(v) for v in row] + [Fraction(0)] * (width - n) + [
            sign * Fraction(bound)]
        line[n + i] = Fraction(sign)
        if sign < 0:
            column = n + m + artificial.index(i)
            line[column] = Fraction(1)
            basis.append(column)
        else:
            basis.append(n + i)
        table.append(line)
    if artificial:  # phase one: maximize minus the artificials' sum
        cost = [Fraction(0)] * (n + m) + [Fraction(-1)] * len(artificial)
        _run(table, basis, cost, range(width))
        if any(table[i][-1] for i in range(m) if basis[i] >= n + m):
            raise LinearProgramError("no point meets every constraint of the linear program")
        _drive_out(table, basis, n + m)
        for line in table:
            del line[n + m:-1]
    cost = c + [Fraction(0)] * m
    _run(table, basis, cost, range(n + m))
    x = [Fraction(0)] * (n + m)
    for i, b in enumerate(basis):
        x[b] = table[i][-1]
    value = Fraction(constant) + sum((ci * xi for ci, xi in zip(c, x)), Fraction(0))
    return LinearProgramSolution(value, tuple(x[:n]))


def _reduced_costs(table, basis, cost, columns) -> list[Fraction]:
    """Per column, how much the objective rises per unit of it entering the basis."""
    out = []
    for j in columns:
        out.append(cost[j] - sum((cost[b] * table[i][j] for i, b in enumerate(basis)
                                  if table[i][j]), Fraction(0)))
    return out


def _run(table, basis, cost, columns) -> None:
    """Pivot until no column raises the objective (Bland's rule: the first column that
    raises it enters; of the rows that bound it most, the one whose basic variable has
    the smallest index leaves)."""
    columns = list(columns)
    while True:
        reduced = _reduced_costs(table, basis, cost, columns)
        entering = next((j for j, r in zip(columns, reduced) if r > 0), None)
        if entering is None:
            return
        best = None
        for i, line in enumerate(table):
            if line[entering] > 0:
                ratio = line[-1] / line[entering]
                if best is None or (ratio, basis[i]) < (best[0], basis[best[1]]):
                    best = (ratio, i)
        if best is None:
            raise LinearProgramError("the linear program's objective grows without bound")
        _pivot(table, basis, best[1], entering)


def _pivot(table, basis, row: int, column: int) -> None:
    """Make ``column`` basic in ``row``: divide the row by its entry there and clear the
    column from every other row."""
    line = table[row]
    entry = line[column]
    table[row] = line = [v / entry for v in line]
    for i, other in enumerate(table):
        factor = other[column]
        if i != row and factor:
            table[i] = [a - factor * b for a, b in zip(other, line)]
    basis[row] = column


def _drive_out(table, basis, first_artificial: int) -> None:
    """After phase one, every artificial still basic sits at zero: swap it for a real
    column of its row, or drop the row (then it repeats the others)."""
    i = 0
    while i < len(table):
        if basis[i] >= first_artificial:
            column = next((j for j in range(first_artificial) if table[i][j]), None)
            if column is None:
                del table[i], basis[i]
                continue
            _pivot(table, basis, i, column)
        i += 1


__all__ = ["LinearProgramError", "LinearProgramSolution", "maximize"]
