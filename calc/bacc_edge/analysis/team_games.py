"""Zero-sum games of a team against one side of yes-or-no choices: the form of baccara
banque with its two players as one coalition.

The team has a few pure *plays* (baccara banque: each of the two players draws or
stands on 5, four plays) and mixes over them jointly, as one coalition that may
correlate its members' choices. The other side makes ``n`` yes-or-no choices, taking
choice j with probability ``beta[j]``; every deal meets at most one of them, so the
team's expected payoff is linear in each side's strategy::

    payoff(r, beta) = Σ_s r_s (constant_s + Σ_j beta_j gain_js) / denominator

(:class:`TeamGame`, all integers over one denominator: exact). Against a fixed mixture
``r`` the other side's best response is taken choice by choice (take j where it lowers
the team's payoff); against a fixed ``beta`` the team's is its best pure play.

:func:`solve_team_game` finds the value and a pair of optimal strategies as two exact
linear programs (:func:`~bacc_edge.analysis.exact_lp.maximize`), and proves them by
the certificate of :mod:`~bacc_edge.analysis.additive_games`: each side's best
response, computed over every choice, equals the value.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Sequence

from .additive_games import Certificate, GameError
from .exact_lp import maximize


@dataclass(frozen=True)
class TeamGame:
    """The team's payoff, as integers over ``denominator``: ``constant[s]`` when it makes
    play s and the other side takes no choice; ``gain[j][s]``, what the other side's
    taking choice j adds when the team makes play s. The other side's payoff is the
    team's, negated."""

    constant: tuple[int, ...]
    gain: tuple[tuple[int, ...], ...]
    denominator: int

    def __post_init__(self) -> None:
        if self.denominator <= 0 or any(len(row) != len(self.constant) for row in self.gain):
            raise GameError("a team game needs a positive denominator and one gain per "
                            "play of the team at each choice")

    @property
    def plays(self) -> int:
        return len(self.constant)

    @property
    def choices(self) -> int:
        return len(self.gain)

    def idle(self, j: int) -> bool:
        """Whether choice j changes nothing, whatever the team plays."""
        return not any(self.gain[j])

    def choice_gain(self, j: int, r: Sequence) -> Fraction:
        """What taking choice j adds to the team's payoff against the mixture ``r``
        (times the denominator)."""
        return sum((Fraction(x) * g for x, g in zip(r, self.gain[j]) if x), Fraction(0))

    def choice_gains(self, r: Sequence) -> list[Fraction]:
        """:meth:`choice_gain` of every choice, in whole numbers over the mixture's
        common denominator (one pass, for the many choices of a game)."""
        common = math.lcm(*(Fraction(x).denominator for x in r))
        weights = [int(Fraction(x) * common) for x in r]
        return [Fraction(sum(w * g for w, g in zip(weights, row) if w), common)
                for row in self.gain]

    def play_value(self, s: int, beta: Sequence) -> Fraction:
        """The team's payoff when it makes play s against ``beta`` (None: not taken)."""
        whole = self.constant[s] + sum(row[s] for row, y in zip(self.gain, beta) if y == 1)
        part = sum((y * row[s] for row, y in zip(self.gain, beta) if y and y != 1),
                   Fraction(0))
        return (whole + part) / self.denominator

    def value(self, r: Sequence, beta: Sequence) -> Fraction:
        """The team's payoff at the mixture ``r`` and the other side's ``beta``."""
        return sum((Fraction(x) * self.play_value(s, beta) for s, x in enumerate(r) if x),
                   Fraction(0))

    def best_response(self, r: Sequence) -> tuple[Fraction | None, ...]:
        """The other side's best response to ``r``: each choice taken where it lowers
        the team's payoff, left where it raises it, None where it changes nothing
        against ``r`` (either is a best response there)."""
        return tuple(Fraction(1) if g < 0 else Fraction(0) if g > 0 else None
                     for g in self.choice_gains(r))


def team_certificate(game: TeamGame, r: Sequence, beta: Sequence) -> Certificate:
    """The team's payoff at ``(r, beta)`` (first) and the other side's (second, the
    negation), beside each side's best response over every choice: the team's best pure
    play against ``beta``, and the other side's payoff when it takes every choice that
    lowers the team's against ``r``."""
    payoff = game.value(r, beta)
    team_best = max(game.play_value(s, beta) for s in range(game.plays))
    lowest = game.value(r, [0] * game.choices) + sum(
        (min(g, Fraction(0)) for g in game.choice_gains(r)), Fraction(0)) / game.denominator
    return Certificate(payoff, -payoff, team_best, -lowest)


@dataclass(frozen=True)
class TeamSolution:
    """The value of a team game (the team's payoff), the team's optimal mixture ``r``
    over its plays, the other side's optimal ``beta`` (None at an idle choice) and the
    certificate (the team first)."""

    value: Fraction
    r: tuple[Fraction, ...]
    beta: tuple[Fraction | None, ...]
    certificate: Certificate


def solve_team_game(game: TeamGame) -> TeamSolution:
    """The value of the game and a pair of optimal strategies, exactly.

    The other side's choices whose gain to the team has one sign at every play are
    settled first (taken where it is never positive, left where it is never negative:
    some optimal strategy does so too). Of the rest, *contested*, most have one sign near
    the team's optimum: they are held at the other side's best answer to the team's
    current mixture, and only the others (``free``) enter two linear programs, the
    team's maximin over its mixtures (one variable per free choice for the other side's
    answer) and the other side's minimax over ``beta`` at the free choices (two
    variables for the team's best play's payoff, its positive and negative parts).
    Holding a choice can only help the team, so once every held choice is a best
    answer to the team's optimal mixture of the programs, that mixture is optimal in
    the whole game; until then the choices that are not join the free ones and the
    programs are solved again. The certificate proves the pair optimal; one that
    failed would raise :class:`~bacc_edge.analysis.additive_games.GameError`."""
    beta: list[Fraction | None] = [None if game.idle(j) else Fraction(0)
                                   for j in range(game.choices)]
    sure, contested = [], []
    for j, row in enumerate(game.gain):
        if max(row) <= 0 and any(row):
            sure.append(j)
        elif min(row) < 0 < max(row):
            contested.append(j)
    r = [Fraction(1, game.plays)] * game.plays
    free: list[int] = []
    held: dict[int, int] = {}
    while True:
        for j in contested:
            if j in free:
                continue
            g = game.choice_gain(j, r)
            if j in held and (g == 0 or (g < 0) == bool(held[j])):
                continue
            if j in held or g == 0:
                free.append(j)
            else:
                held[j] = int(g < 0)
        for j in free:
            held.pop(j, None)
        taken = sure + [j for j, t in held.items() if t]
        base = [c + sum(game.gain[j][s] for j in taken) for s, c in enumerate(game.constant)]
        r = _team_maximin(game, base, free)
        if all(game.choice_gain(j, r) == 0 or (game.choice_gain(j, r) < 0) == bool(t)
               for j, t in held.items()):
            break
    for j in sure:
        beta[j] = Fraction(1)
    for j, t in held.items():
        beta[j] = Fraction(t)
    for j, y in zip(free, _other_minimax(game, base, free)):
        beta[j] = y
    proof = team_certificate(game, r, beta)
    if not proof.holds:
        raise GameError(f"the certificate of the team game's solution fails: the team's "
                        f"best response {proof.first_best}, the other side's "
                        f"{proof.second_best}, payoff {proof.first_payoff}")
    return TeamSolution(proof.first_payoff, tuple(r), tuple(beta), proof)


def _team_maximin(game: TeamGame, base: list[int], contested: list[int]) -> list[Fraction]:
    """The team's optimal mixture: maximize Σ_s r_s base_s + Σ over contested choices
    of min(0, their gain), as ``x = (r, v)`` with ``v_j >= -gain_j(r)``, ``v >= 0``,
    ``Σ r = 1``."""
    m, c = game.plays, len(contested)
    objective = list(base) + [-1] * c
    rows = [[-g for g in game.gain[j]] + [-int(t == i) for t in range(c)]
            for i, j in enumerate(contested)]
    bounds = [0] * c
    rows += [[1] * m + [0] * c, [-1] * m + [0] * c]
    bounds += [1, -1]
    return list(maximize(objective, rows, bounds).x[:m])


def _other_minimax(game: TeamGame, base: list[int], contested: list[int]) -> list[Fraction]:
    """The other side's optimal probabilities at the contested choices: minimize the
    team's best play's payoff w, as ``x = (beta, w+, w-)`` with ``base_s + Σ_j gain_js
    beta_j <= w+ - w-`` for every play and ``beta <= 1``."""
    c = len(contested)
    objective = [0] * c + [-1, 1]
    rows, bounds = [], []
    for s in range(game.plays):
        rows.append([game.gain[j][s] for j in contested] + [-1, 1])
        bounds.append(-base[s])
    for i in range(c):
        rows.append([int(t == i) for t in range(c)] + [0, 0])
        bounds.append(1)
    return list(maximize(objective, rows, bounds).x[:c])


__all__ = ["TeamGame", "TeamSolution", "solve_team_game", "team_certificate"]
