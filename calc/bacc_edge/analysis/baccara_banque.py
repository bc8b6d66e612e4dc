"""Baccara banque, its solution (analysis/; its rules in game/, counted in engine/,
written in output/).

Baccara banque solved exactly on any shoe, with the two players as one coalition
against the banker (a two-person zero-sum game), and the banker's best answer to any
play of the players.

**The game** (:mod:`bacc_edge.game.baccara_banque`): each player chooses on 5 (each
sees his own total), the banker at each of his 1,144 cells (his total against what each
table showed). A share ``stake`` of the money bet is on the left table, the rest on the
right; each table wins 1 or loses 1 per unit against the banker, a tie pushes. The
payoffs are per unit of the whole stake: the coalition's is what both tables win
together, the banker's its negation (no commission).

**Counting.** Every ordered nine-card deal of the shoe, every hand drawing
(:func:`~bacc_edge.engine.banque_counts.banque_counts`), is read under each of the four
*plays* of the players (each draws or stands on 5): who draws, which banker cell it
reaches, and what each table wins when the banker stands or draws there. So the
coalition's payoff at play s is a constant plus, per banker cell, the gain of his
drawing: the :class:`~bacc_edge.analysis.team_games.TeamGame`, exact (one per table,
:class:`BanqueGame`; the stake weighs them).

**Models.** The coalition mixes over its four plays jointly (Ethier and Lee's
*correlated* cooperation: the two players may agree on a shared random signal): a
two-person zero-sum game, solved by two exact linear programs with its certificate
(:func:`solve_baccara_banque`). Its optimal mixture, where it is a product of the two
players' own probabilities, is also open to players who cannot signal (the
*independent* cooperation): the solution says whether it is. Against any probabilities
of the two players drawing on 5, played independently, :func:`banker_best_response`
gives the banker's best answer, cell by cell, and its payoff.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ..engine.banque_counts import banque_counts, limb_total
from ..errors import ArgumentError, OptionError, kind_of
from ..game.baccara_banque import BANKER_CELLS, NATURAL, SHOWN, STOOD
from ..game.cards import POINT_VALUES
from ..game.chemin_de_fer import PLAYER_CHOICE
from ..game.shoe import Shoe, shoe_argument
from ..game.tableau import NATURALS
from ..language.pays import option_number, option_share
from ..util.arguments import callable_argument
from ..util.progress import Progress, Steps
from .additive_games import Certificate
from .team_games import TeamGame, solve_team_game

#: The players' four plays, as (left draws on 5, right draws on 5).
PLAYS = ((False, False), (False, True), (True, False), (True, True))


@dataclass(frozen=True)
class BanqueGame:
    """Each table's payoff per play of the players and per banker cell (``tables``,
    left then right: a :class:`~bacc_edge.analysis.team_games.TeamGame` over the
    shoe's nine-card deals, what that table wins per unit staked on it)."""

    shoe: Shoe
    tables: tuple[TeamGame, TeamGame]

    def coalition(self, stake: Fraction) -> TeamGame:
        """The coalition's payoff per unit of the whole stake, ``stake`` of it on the
        left table: the tables' payoffs weighed, over one denominator."""
        a, b = stake.numerator, stake.denominator
        left, right = self.tables
        return TeamGame(tuple(a * u + (b - a) * v for u, v in zip(left.constant, right.constant)),
                        tuple(tuple(a * u + (b - a) * v for u, v in zip(p, q))
                              for p, q in zip(left.gain, right.gain)),
                        b * left.denominator)


@dataclass(frozen=True)
class BanqueCell:
    """The banker's choice at one cell: his ``total`` against what each table showed
    (``left``, ``right``: a third card's point value 0-9,
    :data:`~bacc_edge.game.baccara_banque.STOOD` or
    :data:`~bacc_edge.game.baccara_banque.NATURAL`); ``draws`` the probability he draws
    (None: the choice changes nothing on this shoe)."""

    total: int
    left: int
    right: int
    draws: Fraction | None


@dataclass(frozen=True)
class BanqueSolution:
    """Baccara banque solved on ``shoe`` with ``stake`` of the money on the left table,
    the two players as one coalition.

    ``value``: the coalition's payoff per unit of the whole stake under optimal play
    (the banker's is its negation); ``plays``: the coalition's optimal mixture over
    :data:`PLAYS`; ``banker``: his optimal choice per cell; ``certificate``: each side's
    best response over every choice (the coalition first); ``game``: both tables'
    payoffs, exact."""

    shoe: Shoe
    stake: Fraction
    value: Fraction
    plays: tuple[Fraction, ...]
    banker: tuple[BanqueCell, ...]
    certificate: Certificate
    game: BanqueGame

    @property
    def left_draws(self) -> Fraction:
        """The probability the left player draws on 5."""
        return self.plays[2] + self.plays[3]

    @property
    def right_draws(self) -> Fraction:
        """The probability the right player draws on 5."""
        return self.plays[1] + self.plays[3]

    @property
    def independent(self) -> bool:
        """Whether the optimal mixture is the product of the two players' own
        probabilities: then two players who cannot signal each other play it too."""
        return independent_plays(self.left_draws, self.right_draws) == self.plays


@dataclass(frozen=True)
class IndependentCooperation:
    """The coalition's optimal mixtures that two players who cannot signal each other
    can play, each drawing on 5 on his own (Ethier and Lee's *independent cooperative
    equilibrium*, with the banker's optimal strategy): ``segments``, each a range of the
    left player's probability of drawing and one of the right's (low, high; one of the
    two ranges is a single number), empty where there is none. ``interior_open``: True
    where every play is a best answer to the banker's strategy, so that such mixtures
    with both players mixing might exist and were not searched (they are then found by
    no linear condition)."""

    segments: tuple[tuple[tuple[Fraction, Fraction], tuple[Fraction, Fraction]], ...]
    interior_open: bool

    @property
    def exists(self) -> bool | None:
        """Whether any exists: None where the search could not tell."""
        return True if self.segments else None if self.interior_open else False


def independent_plays(left: Fraction, right: Fraction) -> tuple[Fraction, ...]:
    """The mixture over :data:`PLAYS` of two players drawing on 5 independently, the
    left with probability ``left``, the right with ``right``."""
    return tuple((left if l else 1 - left) * (right if r else 1 - right) for l, r in PLAYS)


def independent_cooperation(solution: BanqueSolution) -> IndependentCooperation:
    """The optimal mixtures of :func:`solve_baccara_banque`'s game that are products of
    the two players' own probabilities.

    In a zero-sum game a mixture is optimal exactly when it and the banker's optimal
    strategy answer each other: it makes only plays that are best against his strategy,
    and his strategy is a best answer to it (where he mixes, his drawing gains nothing;
    where he draws, it never costs him; where he stands, it never helps him). Where one
    player's probability is 0 or 1, those conditions are linear in the other's, and
    solved exactly; with both players mixing, every play is made, so every play must
    be best, and only the pairs at which cells that read one player's play alone hold
    the banker indifferent are tried (see ``interior_open``); the solution's own mixture
    is listed first where it is a product."""
    game = solution.game.coalition(solution.stake)
    beta = [c.draws for c in solution.banker]
    best = [game.play_value(s, beta) == solution.value for s in range(len(PLAYS))]
    segments = []
    if solution.independent:  # the solution itself
        segments.append(((solution.left_draws,) * 2, (solution.right_draws,) * 2))
    for side in range(2):
        for fixed in (Fraction(0), Fraction(1)):
            found = _free_range(game, beta, best, side, fixed)
            if found is not None:
                ranges = ((fixed, fixed), found) if side == 0 else (found, (fixed, fixed))
                if ranges not in segments:
                    segments.append(ranges)
    if all(best):  # both mixing: the pairs held by cells that read one player each
        for a in one_player_roots(game, 0):
            for b in one_player_roots(game, 1):
                if ((a, a), (b, b)) not in segments and _answers(game, beta, a, b):
                    segments.append(((a, a), (b, b)))
    return IndependentCooperation(tuple(segments), all(best))


def one_player_roots(game: TeamGame, side: int) -> set[Fraction]:
    """The probabilities in (0, 1) of the ``side``'s player (0 left, 1 right) at which a
    cell whose gain reads his play alone (the same whatever the other does: the other
    table had a natural, or stands either way) is worth nothing to the banker."""
    out = set()
    for ss, sd, ds, dd in game.gain:
        if side == 0 and ss == sd and ds == dd and ss != ds:
            root = Fraction(ss, ss - ds)
        elif side == 1 and ss == ds and sd == dd and ss != sd:
            root = Fraction(ss, ss - sd)
        else:
            continue
        if 0 < root < 1:
            out.add(root)
    return out


def _answers(game: TeamGame, beta, left: Fraction, right: Fraction) -> bool:
    """Whether the banker's ``beta`` is a best answer to the players drawing on 5 with
    ``left`` and ``right``, independently."""
    for g, y in zip(game.choice_gains(independent_plays(left, right)), beta):
        if y is not None and ((0 < y < 1 and g != 0) or (y == 1 and g > 0)
                              or (y == 0 and g < 0)):
            return False
    return True


def _free_range(game: TeamGame, beta, best, side: int, fixed: Fraction):
    """The range of the other player's probability p for which the product mixture
    (this ``side``'s player at ``fixed``) is optimal, or None. The mixture is linear in
    p, so each condition reads ``a + b p`` (=, <= or >=) 0."""
    def mixture(p):
        return independent_plays(fixed, p) if side == 0 else independent_plays(p, fixed)

    at0, at1 = mixture(Fraction(0)), mixture(Fraction(1))
    conditions = [((at0[s], at1[s] - at0[s]), "=") for s in range(len(PLAYS)) if not best[s]]
    for j, y in enumerate(beta):
        if y is not None:
            a = game.choice_gain(j, at0)
            sense = "=" if 0 < y < 1 else "<=" if y == 1 else ">="
            conditions.append(((a, game.choice_gain(j, at1) - a), sense))
    low, high = Fraction(0), Fraction(1)
    for (a, b), sense in conditions:
        if b == 0:
            if (a != 0 and sense == "=") or (a > 0 and sense == "<=") or (
                    a < 0 and sense == ">="):
                return None
            continue
        root = -a / b
        if sense == "=":
            low, high = max(low, root), min(high, root)
        elif (sense == "<=") == (b > 0):  # a + b p <= 0 with b > 0: p <= root
            high = min(high, root)
        else:
            low = max(low, root)
        if low > high:
            return None
    return low, high


def parse_stake(value) -> Fraction:
    """The share of the money bet on the left table: a fraction (``"1/2"``, ``"0.6"``,
    ``Fraction(3, 5)``) or a percentage (``"60%"``), strictly between 0 and 1."""
    if isinstance(value, bool) or not isinstance(value, (int, float, Fraction, str)):
        raise ArgumentError(f"stake {kind_of(value)} must be a fraction such as '1/2' or a "
                            f"percentage such as '50%'")
    try:
        share = option_share(value) if isinstance(value, str) else option_number(value)
    except ValueError as err:
        raise OptionError(f"stake: {err}; write a fraction such as '1/2' or a percentage "
                          f"such as '50%'") from None
    if not 0 < share < 1:
        raise OptionError(f"stake {value!r}: the left table's share of the money must be "
                          f"strictly between 0 and 1 (0% and 100%)")
    return share


@functools.lru_cache(maxsize=8)
def banque_game(shoe: Shoe) -> BanqueGame:
    """Both tables' exact payoffs on ``shoe``: its nine-card deals counted, then read
    under each play (see the module's docstring). A shoe's game is counted once per
    process (its stakes and the banker's answers all read the one count)."""
    counts = banque_counts(shoe)
    dealt = np.flatnonzero(counts.any(axis=0))
    counts = counts[:, dealt]
    deal = [a.astype(np.int8) for a in np.unravel_index(dealt, (POINT_VALUES,) * 6)]
    cell_of = _cell_numbers()
    total = limb_total(counts.sum(axis=1))
    sums = [_play_sums(counts, deal, cell_of, play) for play in PLAYS]
    left, right = (TeamGame(tuple(limb_total(per_play[table][0]) for per_play in sums),
                            tuple(tuple(limb_total(per_play[table][1][:, j]) for per_play in sums)
                                  for j in range(len(BANKER_CELLS))), total)
                   for table in range(2))
    return BanqueGame(shoe, (left, right))


def _cell_numbers() -> np.ndarray:
    """Each banker cell's number by (his total, left shown, right shown); -1 where the
    banker has no choice (a natural, or both players')."""
    cell_of = np.full((POINT_VALUES, len(SHOWN), len(SHOWN)), -1, dtype=np.int64)
    for j, (total, left, right) in enumerate(BANKER_CELLS):
        cell_of[total, left, right] = j
    return cell_of


def _play_sums(counts, deal, cell_of, play):
    """Both tables' payoff sums at one play, per limb of the counts: the constant (the
    banker standing wherever he chooses) and per banker cell the gain of his drawing.

    The gains are summed by ``np.bincount``, in float64: each term is a limb (below
    2^30) times -2 to 2, and there are at most 10^6 of them, so every partial sum is a
    whole number below 2^52, which float64 holds exactly."""
    t1, t2, tb, x1, x2, y = deal
    shown, points = [], []
    banker_natural = np.isin(tb, NATURALS)
    for total, third, draws_on_5 in zip((t1, t2), (x1, x2), play):
        natural = np.isin(total, NATURALS)
        draws = ~natural & ~banker_natural & (
            (total < PLAYER_CHOICE) | ((total == PLAYER_CHOICE) & draws_on_5))
        shown.append(np.where(natural, np.int8(NATURAL), np.where(draws, third, np.int8(STOOD))))
        points.append(np.where(draws, (total + third) % POINT_VALUES, total))
    cell = np.where(banker_natural, -1, cell_of[np.minimum(tb, 7), shown[0], shown[1]])
    decided = cell >= 0
    out = []
    for mine, what in zip(points, shown):
        stands = np.sign(mine - tb)
        drawn = np.where(what == NATURAL, 1, np.sign(mine - (tb + y) % POINT_VALUES))
        change = (drawn - stands)[decided]
        gain = np.array([np.bincount(cell[decided], weights=limb[decided] * change,
                                     minlength=len(BANKER_CELLS)) for limb in counts])
        out.append(((counts * stands).sum(axis=1), gain.astype(np.int64)))
    return out


def solve_baccara_banque(shoe: Shoe | None = None, *, stake="1/2",
                         on_progress: Progress | None = None) -> BanqueSolution:
    """Solve baccara banque on ``shoe`` (8 decks by default) exactly, the two players as
    one coalition that may correlate its play, ``stake`` of the money on the left table
    (``"1/2"``, ``"60%"``). ``on_progress(done, total)`` hears of the counting (numba
    compiling its kernel first on a fresh cache) and the solving. Shoes of up to 832
    cards (16 decks), or dealt with replacement."""
    shoe = Shoe.decks(8) if shoe is None else shoe_argument(shoe)
    stake = parse_stake(stake)
    if on_progress is not None:
        callable_argument(on_progress)
    steps = Steps(on_progress, 2)
    game = banque_game(shoe)
    steps()
    solved = solve_team_game(game.coalition(stake))
    banker = tuple(BanqueCell(t, left, right, draws)
                   for (t, left, right), draws in zip(BANKER_CELLS, solved.beta))
    steps()
    return BanqueSolution(shoe, stake, solved.value, solved.r, banker, solved.certificate, game)


@dataclass(frozen=True)
class BankerAnswer:
    """The banker's best answer to the two players drawing on 5 independently with
    probabilities ``left`` and ``right``: his choice per cell (None where drawing and
    standing pay him alike), the coalition's payoff then (``value``, per unit of the
    whole stake; the banker's is its negation), and each table's (per unit staked on
    it)."""

    left: Fraction
    right: Fraction
    banker: tuple[BanqueCell, ...]
    value: Fraction
    tables: tuple[Fraction, Fraction]


def banker_best_response(solution: BanqueSolution, left, right) -> BankerAnswer:
    """The banker's best answer, cell by cell, to the left and right players drawing on
    5 with probabilities ``left`` and ``right`` (each a number from 0 to 1: 0 stands,
    1 draws), independently, on the solution's shoe and stake."""
    if not isinstance(solution, BanqueSolution):
        raise ArgumentError(f"solution {kind_of(solution)} must be a BanqueSolution, from "
                            f"solve_baccara_banque()")
    q = tuple(_probability(v, name) for v, name in ((left, "left"), (right, "right")))
    r = independent_plays(*q)
    beta = solution.game.coalition(solution.stake).best_response(r)
    cells = tuple(BanqueCell(t, a, b, d) for (t, a, b), d in zip(BANKER_CELLS, beta))
    taken = [0 if d is None else d for d in beta]
    left, right = (table.value(r, taken) for table in solution.game.tables)
    value = solution.stake * left + (1 - solution.stake) * right
    return BankerAnswer(q[0], q[1], cells, value, (left, right))


def parse_against(text: str) -> tuple[Fraction, Fraction]:
    """Two probabilities of drawing on 5 written ``"LEFT,RIGHT"`` (``"9/11,1"``)."""
    parts = text.split(",") if isinstance(text, str) else []
    if len(parts) != 2:
        raise OptionError(f"against {text!r} is not two probabilities LEFT,RIGHT such as "
                          f"'9/11,1'")
    return _probability(parts[0].strip(), "left"), _probability(parts[1].strip(), "right")


def _probability(value, name: str) -> Fraction:
    """A probability of drawing on 5, exact."""
    if isinstance(value, bool) or not isinstance(value, (int, float, Fraction, str)):
        raise ArgumentError(f"{name} {kind_of(value)} must be a probability from 0 to 1")
    try:
        p = option_number(value)
    except (ValueError, ZeroDivisionError) as err:
        raise OptionError(f"{name}: {err}; write a probability such as '9/11'") from None
    if not 0 <= p <= 1:
        raise OptionError(f"{name} {value!r}: a probability of drawing on 5 is from 0 to 1")
    return p


__all__ = ["BankerAnswer", "BanqueCell", "BanqueGame", "BanqueSolution",
           "IndependentCooperation", "PLAYS", "banker_best_response", "banque_game",
           "independent_cooperation", "independent_plays", "one_player_roots", "parse_against",
           "parse_stake",
           "solve_baccara_banque"]
