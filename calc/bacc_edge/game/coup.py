"""One coup: the order cards are dealt in and the drawing rules as arrays, written once.

A coup deals player, banker, player, banker (P1 B1 P2 B2); on a natural (either two-card
total 8 or 9) it ends; else the player draws a third card (P3) on the totals the tableau
says, and the banker (B3) by his total and the player's third card, or by his total
alone when the player stood. :func:`coup_plan` turns a :class:`~bacc_edge.game.tableau.Tableau`
into the arrays every kernel and table reads (the point-level outcome table, the
card-level table and the dealer of real shoes): this is the one place the tableau's
arrays are written. The dealing order is read off them once for the kernels
(:func:`~bacc_edge.engine.coup_kernels.read_coup`, which the dealer of real shoes and
the card-level table share) and once for a coup dealt by hand (:func:`coup_order`).

The banker's table has one encoding here: ``banker_draws[total, third + 1]``, column 0
when the player stood. It is the "third + 1, 0 = none" convention of every cell index,
so no kernel branches on "stood". (The printed tableau, ``Tableau.banker``, keeps the
stood column last, as the table shows it.)
"""

from __future__ import annotations

from enum import IntEnum
from functools import lru_cache
from typing import NamedTuple

import numpy as np

from .cards import POINT_VALUES, hand_total
from .tableau import Tableau

#: The positions of a coup's cards, in dealing order.
POSITIONS = ("P1", "B1", "P2", "B2", "P3", "B3")
#: A coup needs at most six cards.
COUP_CARDS = len(POSITIONS)
#: The six cards in the order they leave the shoe, as the card words name them. The
#: first four are P1 B1 P2 B2. The fifth and sixth, ``C5`` and ``C6``, are the third
#: cards in the order drawn (the player's first), or, where fewer were drawn, the cards
#: after the coup's, which the six-card counting convention deals too: card 5 is the
#: player's third card if the player draws, else the banker's if he draws, else not
#: dealt to a hand; card 6 is the banker's third card if both hands draw, else not.
SHOE_ORDER = POSITIONS[:4] + ("C5", "C6")
#: The cards of :data:`SHOE_ORDER` that are no fixed hand's position.
BEYOND_HANDS = SHOE_ORDER[4:]
#: The hands' positions a card of BEYOND_HANDS may be dealt to (the third cards).
THIRD_CARDS = POSITIONS[4:]
#: A third card not dealt (the hand stood), as a point value.
NO_THIRD = -1
#: ``CoupPlan.thirds``: no third card; the banker's alone (the player stood); the
#: player's, then the banker's where ``banker_draws`` says so. These codes (like
#: ``NO_THIRD`` and :class:`PairState`'s) are compiled into the cached kernels, which
#: numba does not recompile when this file changes: clear the caches after changing one.
NO_THIRDS, BANKER_ONLY, PLAYER_THEN_BANKER = 0, 1, 2


class Winner(IntEnum):
    """Who won the coup, as the outcome tables' features code it under ``"winner"``."""

    PLAYER = 0
    BANKER = 1
    TIE = 2


class PairState(IntEnum):
    """A hand's first two cards: no pair, a pair (same rank), a suited pair (same rank
    and suit; only where suits are counted)."""

    NONE = 0
    PAIR = 1
    SUITED = 2


class CoupPlan(NamedTuple):
    """A tableau as the kernels read it (read-only int64 arrays). Point values run
    0 … NV-1; a *block* is a pair of two-card totals, ``player total · NV + banker
    total``."""

    #: [u, v]: the hand total of two cards of point values u and v
    total: np.ndarray
    #: [t]: 1 where a two-card total t is a natural (the coup ends)
    natural: np.ndarray
    #: [t]: 1 where the player draws on a two-card total t (no natural on the table)
    player_draws: np.ndarray
    #: [banker total, player third + 1]: 1 where the banker draws; column 0: the
    #: player stood
    banker_draws: np.ndarray
    #: per block, the third cards dealt: NO_THIRDS, BANKER_ONLY or PLAYER_THEN_BANKER
    thirds: np.ndarray
    #: [player total, banker total, player third + 1, banker third + 1]: the coup's
    #: outcome cell (-1: unreachable), numbered so a banker's drawn thirds sit side by side
    core: np.ndarray
    #: [cell]: (player total, banker total, player third, banker third), NO_THIRD where
    #: a hand stood
    cells: np.ndarray
    n_core: int


@lru_cache(maxsize=32)
def coup_plan(tableau: Tableau) -> CoupPlan:
    """The :class:`CoupPlan` of a tableau, built once."""
    nv = POINT_VALUES
    v = np.arange(nv)
    total = np.asarray(hand_total(v[:, None], v[None, :]), dtype=np.int64)
    natural = np.array([tableau.natural(t) for t in v], dtype=np.int64)
    player_draws = np.array([tableau.player_draws(t) for t in v], dtype=np.int64)
    banker_draws = np.array([[tableau.banker_draws(t, None if x == NO_THIRD else x)
                              for x in range(NO_THIRD, nv)] for t in v], dtype=np.int64)
    thirds = np.full(nv * nv, NO_THIRDS, dtype=np.int64)
    core = np.full((nv, nv, nv + 1, nv + 1), -1, dtype=np.int64)
    cells = []
    for pt in range(nv):
        for bt in range(nv):
            if natural[pt] or natural[bt]:
                drawn = []
            elif player_draws[pt]:
                thirds[pt * nv + bt] = PLAYER_THEN_BANKER
                drawn = list(range(nv))
            else:
                drawn = [NO_THIRD]
                if banker_draws[bt, 0]:
                    thirds[pt * nv + bt] = BANKER_ONLY
            for x in drawn or [NO_THIRD]:
                for y in range(nv) if drawn and banker_draws[bt, x + 1] else [NO_THIRD]:
                    core[pt, bt, x + 1, y + 1] = len(cells)
                    cells.append((pt, bt, x, y))
    plan = CoupPlan(total, natural, player_draws, banker_draws, thirds, core,
                    np.array(cells, dtype=np.int64).reshape(-1, 4), len(cells))
    for a in plan:
        if isinstance(a, np.ndarray):
            a.setflags(write=False)
    return plan


def coup_order(plan: CoupPlan, points) -> tuple[tuple[str, ...], bool]:
    """The positions (:data:`POSITIONS`) a coup deals its cards to, in dealing order, as
    far as the point values of its cards so far (``points``, dealing order) decide them,
    and whether that is the whole coup: P1 B1 P2 B2 until the four are out, then the
    third cards ``plan`` draws (the fifth is the banker's where the player stood). A coup
    is complete when the order is whole and as long as ``points``. For a shoe dealt by
    hand (the live page), read off the same arrays the kernels deal by."""
    points = [int(p) for p in points]
    if len(points) < 4:
        return POSITIONS[:4], False
    nv = plan.natural.shape[0]
    pt, bt = int(plan.total[points[0], points[2]]), int(plan.total[points[1], points[3]])
    kind = int(plan.thirds[pt * nv + bt])
    if kind == NO_THIRDS:
        return POSITIONS[:4], True
    if kind == BANKER_ONLY:
        return POSITIONS[:4] + ("B3",), True
    if len(points) < 5:
        return POSITIONS[:5], False
    return POSITIONS[:5] + (("B3",) if plan.banker_draws[bt, points[4] + 1] else ()), True


__all__ = ["BANKER_ONLY", "BEYOND_HANDS", "COUP_CARDS", "NO_THIRD", "NO_THIRDS",
           "PLAYER_THEN_BANKER", "POSITIONS", "SHOE_ORDER", "THIRD_CARDS", "CoupPlan",
           "PairState", "Winner", "coup_order", "coup_plan"]
