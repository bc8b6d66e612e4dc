"""Card bets that read suits (or colours) but no card's rank or value: counted in two
stages, the first four cards' values summed out before the third cards are dealt.

:func:`~bacc_edge.engine.card_kernels.count_cells` deals, for every coup of point
values, every suit of every card read: 339,400 coups times 4**6 suits for a bet that
reads the suits of all six cards (the issue's *Red Rush*, 1.3 billion card sequences).
Where no card's code reads its rank or value, a cell is the coup's part of the cell
number (its points, third cards, whether each hand drew: all told by the two-card totals
and the third cards) and the suits. So, per suit of each of the first four cards, the
deals of their values are summed per pair of two-card totals (pt, bt) before the third
cards are dealt, keeping with each sum what the third cards' weights need of the values
summed out: a third card of value x and suit s is dealt from the shoe's (x, s) cards less
the first four's cards of that value and suit, u(x, s). With T the weight of the first
four cards,

    Σ T · (n[x, s] - u(x, s)) · (n[y, t] - u(y, t) - [x, s = y, t])
      = A · X · Y - B[s, x] · Y - X · B[t, y] + C[s, t, x, y]

(X = n[x, s], Y = n[y, t] - [x, s = y, t]; A = Σ T, B[s, x] = Σ T · u(x, s),
C[s, t, x, y] = Σ T · u(x, s) · u(y, t), each per (pt, bt)), which the first stage sums
card by card: each of the four cards adds T to B at its suit and value, each pair of them
(itself twice included) to C. The work is 4**4 suits times 10**4 values and 100 totals
times 11 · 4 third cards twice: about 10**8 steps, where the sequences dealt one by one
are 1.3 billion.

A card whose suit no condition reads is dealt in every suit class all the same (its code
does not change): its weight, summed over them, is its value's cards less those dealt.
Where suits are named in order of appearance, each suit sequence is renamed at the
end, as :func:`~bacc_edge.engine.card_kernels.count_cells` renames them.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from ..game.cards import POINT_VALUES
from ..game.coup import POSITIONS, coup_plan
from ..game.tableau import Tableau
from .card_cells import cell_numbering
from .card_kernels import ABSENT
from .jit import inline, kernel

#: The first four cards' positions, in dealing order (P1 B1 P2 B2), and the third cards'.
FIRST_FOUR, THIRDS = 4, 2


def staged(detail) -> bool:
    """Whether :func:`count_staged` counts ``detail``: the whole coup dealt, no card 5 or
    6 read beyond the hands, suits or colours read, no block of several positions, and
    no position's code reading a rank or value."""
    numbering = cell_numbering(detail)
    return (detail.coup and not detail.beyond and bool(detail.suits)
            and all(len(b) == 1 for b in detail.blocks)
            and all(r == 1 for r in numbering.base_radix) and len(detail.ranks) == 0)


def staged_steps(detail) -> float:
    """About how many steps :func:`count_staged` takes (see the module)."""
    m = detail.n_suit_classes
    return float(m ** FIRST_FOUR * (POINT_VALUES ** FIRST_FOUR * 21
                                    + POINT_VALUES ** 2 * (POINT_VALUES + 1) ** 2 * m * m))


#: (detail, tableau) → :func:`stage_inputs`; the last few
_INPUTS: dict = {}
_INPUTS_KEPT = 8


def stage_inputs(detail, tableau: Tableau, cells) -> tuple:
    """What :func:`count_staged` reads of ``detail`` and ``tableau`` (``cells``: their
    :class:`~bacc_edge.engine.card_kernels.CardCells`), whatever the shoe: the coup's
    part of the cell number per (pt, bt, x + 1, y + 1) (-1: the tableau deals no such
    coup; x, y -1: no third card), each position's code per suit class, its no-card
    code, its stride, and whether its suit is read (renamed where suits are)."""
    key = (detail, tableau)
    if key not in _INPUTS:
        while len(_INPUTS) >= _INPUTS_KEPT:
            del _INPUTS[next(iter(_INPUTS))]
        _INPUTS[key] = _inputs(detail, tableau, cells)
    return _INPUTS[key]


def _inputs(detail, tableau: Tableau, cells) -> tuple:
    coups = cells.coups
    total = coup_plan(tableau).total
    keys = np.full((POINT_VALUES, POINT_VALUES, POINT_VALUES + 1, POINT_VALUES + 1), -1,
                   dtype=np.int64)
    pt, bt = total[coups[:, 0], coups[:, 2]], total[coups[:, 1], coups[:, 3]]
    keys[pt, bt, coups[:, 4] - ABSENT, coups[:, 5] - ABSENT] = cells.coup_key
    m = detail.n_suit_classes
    code = np.zeros((len(POSITIONS), m), dtype=np.int64)
    for p in range(len(POSITIONS)):
        code[p] = cells.fine_code[p, :m] if cells.fine[p] else cells.value_code[p, 0]
    for a in (keys, code):
        a.setflags(write=False)
    return (keys, code, cells.absent_code, cells.stride,
            np.asarray(cells.fine, dtype=np.int64))


def count_staged(detail, tableau: Tableau, cells, pools: np.ndarray, tails: np.ndarray,
                 removal: int, out: np.ndarray) -> None:
    """Add to ``out`` (a count per cell number of ``detail``) the ordered six-card deals of
    every coup, counted in stages (see the module). ``cells``: the count kernels' inputs
    (:func:`~bacc_edge.engine.card_enumeration.enumeration`); ``pools``: the shoe's cards
    per point value and suit class (10 × m); ``tails`` and ``removal`` as
    :func:`~bacc_edge.engine.card_enumeration.count_run` takes them."""
    keys, code, absent, stride, fine = stage_inputs(detail, tableau, cells)
    _stages(np.ascontiguousarray(pools, dtype=np.int64), coup_plan(tableau).total, keys, code,
            absent, stride, fine, int(detail.relabel), tails, removal, out)


@kernel
def _stages(pools, total, keys, code, absent, stride, fine, relabel, tails, removal, out):
    """The two stages (see the module): per suit of each of the first four cards, ``a``,
    ``b`` and ``c`` (scratch, per pt and bt) summed over their values, then every third
    card's value and suit dealt from them. Every product is an ordered count of deals,
    kept modulo 2**64 on the way (int64 wraps), exact once summed below 2**63."""
    nv, m = pools.shape
    a = np.zeros((nv, nv), dtype=np.int64)
    b = np.zeros((nv, nv, m, nv), dtype=np.int64)
    c = np.zeros((nv, nv, m, m, nv, nv), dtype=np.int64)
    suit = np.zeros(6, dtype=np.int64)
    label_of = np.zeros(m, dtype=np.int64)
    v = np.zeros(4, dtype=np.int64)
    for sig in range(m ** 4):
        rest = sig
        for p in range(4):
            suit[p] = rest % m
            rest //= m
        a[:] = 0
        b[:] = 0
        c[:] = 0
        for v0 in range(nv):  # the first four cards' values, a product pruned at 0
            w0 = pools[v0, suit[0]]
            if w0 <= 0:
                continue
            v[0] = v0
            for v1 in range(nv):
                w1 = w0 * _left(pools, v, suit, 1, v1, removal)
                if w1 <= 0:
                    continue
                v[1] = v1
                for v2 in range(nv):
                    w2 = w1 * _left(pools, v, suit, 2, v2, removal)
                    if w2 <= 0:
                        continue
                    v[2] = v2
                    for v3 in range(nv):
                        w = w2 * _left(pools, v, suit, 3, v3, removal)
                        if w <= 0:
                            continue
                        v[3] = v3
                        _first_four(v, suit, w, total, removal, a, b, c)
        for pt in range(nv):
            for bt in range(nv):
                if a[pt, bt] == 0:
                    continue
                for xi in range(nv + 1):
                    for yi in range(nv + 1):
                        key = keys[pt, bt, xi, yi]
                        if key < 0:
                            continue
                        k = 4 + (1 if xi > 0 else 0) + (1 if yi > 0 else 0)
                        for s5 in range(m if xi > 0 else 1):
                            for s6 in range(m if yi > 0 else 1):
                                w = _third_cards(pools, a, b, c, removal, pt, bt, xi - 1,
                                                 yi - 1, s5, s6) * tails[k]
                                if w == 0:
                                    continue
                                suit[4], suit[5] = s5, s6
                                cell = key + _suit_codes(suit, xi > 0, yi > 0, code, absent,
                                                         stride, fine, relabel, label_of)
                                out[cell] += w


@inline
def _left(pools, v, suit, p, value, removal):
    """The cards left for card p of the first four (of ``value``, its suit
    ``suit[p]``): its pool less the cards before it of that value and suit."""
    same = 0
    for q in range(p):
        if v[q] == value and suit[q] == suit[p]:
            same += 1
    return pools[value, suit[p]] - removal * same


@inline
def _first_four(v, suit, w, total, removal, a, b, c):
    """Add the first four cards' weight ``w`` to ``a``, and to ``b`` and ``c`` at their
    values and suits, per their two-card totals."""
    pt = total[v[0], v[2]]
    bt = total[v[1], v[3]]
    a[pt, bt] += w
    if removal:
        for p in range(4):
            b[pt, bt, suit[p], v[p]] += w
            for q in range(4):
                c[pt, bt, suit[p], suit[q], v[p], v[q]] += w


@inline
def _third_cards(pools, a, b, c, removal, pt, bt, x, y, s5, s6):
    """Σ T · (n[x, s5] - u(x, s5)) · (n[y, s6] - u(y, s6) - [x, s5 = y, s6]) over the
    first four cards' values of totals pt, bt (x, y -1: that third card not dealt)."""
    if x < 0 and y < 0:
        return a[pt, bt]
    if y < 0:
        return a[pt, bt] * pools[x, s5] - removal * b[pt, bt, s5, x]
    if x < 0:
        return a[pt, bt] * pools[y, s6] - removal * b[pt, bt, s6, y]
    big_x = pools[x, s5]
    big_y = pools[y, s6] - (removal if x == y and s5 == s6 else 0)
    return (a[pt, bt] * big_x * big_y
            - removal * (b[pt, bt, s5, x] * big_y + big_x * b[pt, bt, s6, y]
                         - c[pt, bt, s5, s6, x, y]))


@inline
def _suit_codes(suit, p3, b3, code, absent, stride, fine, relabel, label_of):
    """The part of the cell number the six cards' suits make (``p3``, ``b3``: whether the
    third cards are dealt), suits renamed in order of first appearance among the cards
    read finely where ``relabel``."""
    for s in range(label_of.shape[0]):
        label_of[s] = -1
    labels = 0
    cell = 0
    for p in range(6):
        if (p == 4 and not p3) or (p == 5 and not b3):
            cell += stride[p] * absent[p]
            continue
        s = suit[p]
        if relabel and fine[p]:
            if label_of[s] < 0:
                label_of[s] = labels
                labels += 1
            s = label_of[s]
        cell += stride[p] * code[p, s]
    return cell


__all__ = ["count_staged", "stage_inputs", "staged", "staged_steps"]
