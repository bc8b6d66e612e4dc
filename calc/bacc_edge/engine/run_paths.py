"""Sampled paths of a run bet through a finite shoe, each run's ending counted exactly
along the way (the kernel of :mod:`bacc_edge.analysis.streak_paths`).

A path is one way the run could go on: at each coup the shoe as it stands gives, exactly
(by the coup's shapes, :mod:`~bacc_edge.engine.coup_shapes`), the chance that the coup
breaks or pushes the run, and those endings are counted at once, weighted by the
chance of the path so far. The path then goes on through a coup drawn among those that
keep the run going (continue or skip), its chance multiplied into the weight, until the
run reaches its top length or the shoe ends. Each path's weighted endings are an
unbiased estimate of the chance of every (ending, length) — their expectation over the
draws is the chance itself, the sum over every path of the product of its coups'
chances — with far less spread than dealing whole coups (a broken run is never a
path's whole answer).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ..game.coup import COUP_CARDS
from ..game.dealing import after_coup
from .coup_shapes import CardsUsed
from .jit import inline, kernel

#: The endings a path counts, as the kernel codes them (rows of ``line_of``).
BROKEN, PUSHED, SHOE_END, TOP = 0, 1, 2, 3
#: What a coup does to the run, as the kernel codes it (columns of ``ways``).
CONTINUE, SKIP, BREAK, PUSH = 0, 1, 2, 3

_after_coup = inline(after_coup)


class CoupCards(NamedTuple):
    """A coup's ways of using cards, as the kernel reads them: row r uses ``cards[r]``
    cards, its t-th card of point value ``value[r, t]``, the ``taken[r, t]``-th of that
    value in the row (so its chance of being drawn is (n_v - taken) / (left - t)), and
    ``used[r]`` of each value in all. Read-only int64 arrays."""

    value: np.ndarray
    taken: np.ndarray
    cards: np.ndarray
    used: np.ndarray


def coup_cards(table: CardsUsed) -> CoupCards:
    """``table`` (:func:`~bacc_edge.engine.coup_shapes.cards_used`) as the kernel reads
    it."""
    rows = len(table.cards)
    value = np.zeros((rows, COUP_CARDS), dtype=np.int64)
    taken = np.zeros((rows, COUP_CARDS), dtype=np.int64)
    for r, used in enumerate(table.used.tolist()):
        t = 0
        for v, m in enumerate(used):
            for j in range(m):
                value[r, t], taken[r, t] = v, j
                t += 1
    out = CoupCards(value, taken, np.ascontiguousarray(table.cards, dtype=np.int64),
                    np.ascontiguousarray(table.used, dtype=np.int64))
    for a in out:
        a.setflags(write=False)
    return out


@inline
def _drawn_row(draw, weights):
    """The row a uniform ``draw`` in [0, Σ weights) falls on; a draw past the sum by
    rounding falls on the last row of positive weight."""
    last = 0
    for r in range(weights.shape[0]):
        if weights[r] > 0.0:
            last = r
            if draw < weights[r]:
                return r
            draw -= weights[r]
    return last


@inline
def _reciprocal_falling(left, inverse):
    """``inverse[k]`` := 1 / (left (left - 1) … (left - k + 1)), the chance of one given
    order of k cards drawn from ``left``, for k up to the coup's most cards."""
    inverse[0] = 1.0
    for k in range(1, inverse.shape[0]):
        inverse[k] = inverse[k - 1] / (left - k + 1)


@inline
def _row_chance(coup, counts, inverse, r):
    """The chance that the next coup on a shoe of ``counts`` cards by point value uses
    row r's cards in one of its orders of point values (``inverse`` from
    :func:`_reciprocal_falling` of the shoe's cards)."""
    q = inverse[coup.cards[r]]
    for t in range(coup.cards[r]):
        q *= counts[coup.value[r, t]] - coup.taken[r, t]
    return q


@kernel
def coup_chances(counts, coup, ways, out):
    """``out[s]`` := the chance that the next coup on a shoe of ``counts`` cards by point
    value (at least six) is one of the ``ways[:, s]`` ordered deals of each row of
    ``coup`` (columns: winners, or steps), in floating point."""
    left = 0
    for v in range(counts.shape[0]):
        left += counts[v]
    inverse = np.empty(COUP_CARDS + 1)
    _reciprocal_falling(left, inverse)
    for s in range(out.shape[0]):
        out[s] = 0.0
    for r in range(coup.cards.shape[0]):
        q = _row_chance(coup, counts, inverse, r)
        for s in range(out.shape[0]):
            out[s] += q * ways[r, s]


@kernel
def run_paths(chunk_seed, values, cut, end, last_coup, top, coup, ways, line_of, out, counts,
              weights):
    """Fill ``out[p, line]`` with path p's weighted chance of each pay line, the paths
    drawn from numba's generator seeded ``chunk_seed``.

    ``values`` are the shoe's cards by point value (the bet placed before its next coup),
    ``cut`` of them behind the cut card, ``end`` the end rule's code, ``last_coup``
    whether its next coup is the shoe's last (one more after the cut card); ``top`` the longest
    paid length; ``coup`` a :class:`CoupCards`; ``ways[r, s]`` the ordered deals of row r
    whose coup does step s (CONTINUE, SKIP, BREAK, PUSH) to the run — the rows may leave
    out those that only break it: the chance of a break is what the others leave of 1
    (with six cards left every coup can be dealt, so the rows' chances add up to 1);
    ``line_of[e, n]``
    the line of a run of n ended by e (BROKEN, PUSHED, SHOE_END, TOP). ``counts`` (10)
    and ``weights`` (one per row) are scratch."""
    np.random.seed(chunk_seed)
    rows = coup.cards.shape[0]
    inverse = np.empty(COUP_CARDS + 1)
    for p in range(out.shape[0]):
        left = 0
        for v in range(values.shape[0]):
            counts[v] = values[v]
            left += values[v]
        run, weight, last = 0, 1.0, last_coup
        if left < COUP_CARDS:
            out[p, line_of[SHOE_END, 0]] += 1.0
            continue
        while True:
            going = 0.0
            pushed = 0.0
            _reciprocal_falling(left, inverse)
            for r in range(rows):
                q = _row_chance(coup, counts, inverse, r)
                weights[r] = q * (ways[r, CONTINUE] + ways[r, SKIP])
                going += weights[r]
                pushed += q * ways[r, PUSH]
            broken = max(1.0 - going - pushed, 0.0)  # every coup the rows leave out
            out[p, line_of[BROKEN, run]] += weight * broken
            if pushed > 0.0:
                out[p, line_of[PUSHED, run]] += weight * pushed
            if going <= 0.0:
                break
            weight *= going
            r = _drawn_row(np.random.random() * going, weights)
            if np.random.random() * (ways[r, CONTINUE] + ways[r, SKIP]) < ways[r, CONTINUE]:
                run += 1
            for v in range(counts.shape[0]):
                counts[v] -= coup.used[r, v]
            over, last = _after_coup(end, left - cut, 0, coup.cards[r], last)
            left -= coup.cards[r]
            if run >= top:
                out[p, line_of[TOP, top]] += weight
                break
            if over or left < COUP_CARDS:
                out[p, line_of[SHOE_END, run]] += weight
                break


__all__ = ["BREAK", "BROKEN", "CONTINUE", "CoupCards", "PUSH", "PUSHED", "SHOE_END", "SKIP",
           "TOP", "coup_cards", "coup_chances", "run_paths"]
