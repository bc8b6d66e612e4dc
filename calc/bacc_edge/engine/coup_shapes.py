"""A coup by the point values it takes from the shoe: its *shapes*.

Who wins a coup depends only on the point values of its cards (ten classes, 0 … 9), so
the coups of any shoe fall into shapes: a winner and the number of cards of each point
value the coup used. The ways to deal a shape — the ordered sequences of point values
that make it, under the tableau — do not depend on the shoe: they are counted once here.
A shoe then weighs each shape by the chance of drawing those values in some order, which
depends only on how many cards of each value it holds:

    P(shape) = ways · Π_v falling(n_v, m_v) / falling(N, k)

(n_v cards of value v in a shoe of N, m_v of them used, k cards in all; with replacement,
Π_v n_v^m_v / N^k). This is what lets a bet over several coups be counted on the shoe's
ten value counts: the next coup's shapes, then the next coup's on each shoe left, and so
on (:mod:`bacc_edge.analysis.streaks`).
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

import numpy as np

from ..game.cards import POINT_VALUES, POINTS, hand_total
from ..game.coup import NO_THIRD, Winner, coup_plan
from ..game.shoe import Shoe, falling
from ..game.tableau import STANDARD, Tableau


class CoupShape(NamedTuple):
    """One shape: who won, the cards used by point value (``used[v]``, v = 0 … 9), the
    cards in all, and the ordered point-value sequences that deal it."""

    winner: Winner
    used: tuple[int, ...]
    cards: int
    ways: int
    #: (point value, cards used) for the values used, the weights' factors
    parts: tuple[tuple[int, int], ...]


def _winner(player: int, banker: int) -> Winner:
    if player == banker:
        return Winner.TIE
    return Winner.PLAYER if player > banker else Winner.BANKER


@lru_cache(maxsize=4)
def coup_shapes(tableau: Tableau = STANDARD) -> tuple[CoupShape, ...]:
    """Every shape a coup can take under ``tableau``, with its ways, read off the one
    coup plan (:func:`~bacc_edge.game.coup.coup_plan`): P1 B1 P2 B2, then the third cards
    the plan draws. The ways of all shapes of k cards add up to 10**k over the coups
    that use k cards."""
    plan = coup_plan(tableau)
    nv = POINT_VALUES
    ways: dict[tuple[Winner, tuple[int, ...]], int] = {}

    def add(winner: Winner, values: tuple[int, ...]) -> None:
        used = [0] * nv
        for v in values:
            used[v] += 1
        key = (winner, tuple(used))
        ways[key] = ways.get(key, 0) + 1

    for p1 in range(nv):
        for b1 in range(nv):
            for p2 in range(nv):
                for b2 in range(nv):
                    pt, bt = int(plan.total[p1, p2]), int(plan.total[b1, b2])
                    start = (p1, b1, p2, b2)
                    if plan.natural[pt] or plan.natural[bt]:
                        add(_winner(pt, bt), start)
                        continue
                    for x in range(nv) if plan.player_draws[pt] else [NO_THIRD]:
                        pf = hand_total(pt, x) if x != NO_THIRD else pt
                        drawn = start if x == NO_THIRD else start + (x,)
                        if plan.banker_draws[bt, x + 1]:
                            for y in range(nv):
                                add(_winner(pf, hand_total(bt, y)), drawn + (y,))
                        else:
                            add(_winner(pf, bt), drawn)
    return tuple(CoupShape(w, used, sum(used), n, tuple((v, m) for v, m in enumerate(used) if m))
                 for (w, used), n in sorted(ways.items()))


class CardsUsed(NamedTuple):
    """The shapes gathered by the cards they use: row i is one way of using cards,
    ``used[i, v]`` of point value v, ``cards[i]`` in all, and ``ways[i, w]`` the ordered
    point-value sequences using them that winner w (:class:`~bacc_edge.game.coup.Winner`)
    wins. Read-only int64 arrays."""

    used: np.ndarray
    cards: np.ndarray
    ways: np.ndarray


@lru_cache(maxsize=4)
def cards_used(tableau: Tableau = STANDARD) -> CardsUsed:
    """:func:`coup_shapes` gathered by the cards used (:class:`CardsUsed`)."""
    rows: dict[tuple[int, ...], list[int]] = {}
    for shape in coup_shapes(tableau):
        rows.setdefault(shape.used, [0] * len(Winner))[shape.winner] += shape.ways
    out = CardsUsed(np.array(list(rows), dtype=np.int64),
                    np.array([sum(u) for u in rows], dtype=np.int64),
                    np.array(list(rows.values()), dtype=np.int64))
    for a in out:
        a.setflags(write=False)
    return out


def draw_weights(values: tuple[int, ...], used: np.ndarray, *, replacement: bool = False
                 ) -> np.ndarray:
    """For each row of ``used`` (cards by point value), the ordered ways to draw exactly
    those cards from a shoe of ``values`` cards by point value in one given order of
    values: Π_v falling(n_v, m_v), or Π_v n_v^m_v with ``replacement``; Python
    integers (an object array), 0 where the shoe lacks the cards."""
    most = int(used.max(initial=0))
    table = np.array([[(n ** m if replacement else falling(n, m)) for m in range(most + 1)]
                      for n in values], dtype=object)
    out = np.ones(len(used), dtype=object)
    for v in range(len(values)):
        out *= table[v][used[:, v]]
    return out


def value_counts(shoe: Shoe) -> tuple[int, ...]:
    """The shoe's cards by point value (0 … 9: tens and court cards are 0)."""
    out = [0] * POINT_VALUES
    for rank, n in enumerate(shoe.ranks):
        out[POINTS[rank]] += n
    return tuple(out)


__all__ = ["CardsUsed", "CoupShape", "cards_used", "coup_shapes", "draw_weights", "value_counts"]
