"""The numba helpers that settle a dealt coup of real cards on a card-level layout: its
cell number, as :mod:`bacc_edge.engine.card_table` numbers cells, from the codes of its
six positions; and the cell found among the layout's.

A cell number is the coup's part (from its totals and third cards) plus, per block of
positions, its stride times its code (a block of one position) or the rank of its
codes as a multiset (:func:`~bacc_edge.engine.card_kernels.multiset_rank`, a block of
several). Where the layout names suits in order of first appearance (no condition names
one), a coup and its suits renamed are one cell to the conditions but may be two cell
numbers; so every renaming is numbered and the smallest number stands for them all
(:func:`canonical_cell`), for the layout's cells once when a run starts and for each
dealt coup a count bets on. The tables come from :mod:`bacc_edge.engine.dealt_cells`.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from .card_kernels import multiset_rank
from .jit import inline, kernel


class CardSettle(NamedTuple):
    """How the count study's dealer settles a coup of real cards (built by
    :func:`bacc_edge.engine.dealt_cells.card_settle`).

    ``coup_key[player total, banker total, player third + 1, banker third + 1]``: the
    coup's part of the cell number. ``pos_code[p, card]``: the code of card kind
    ``card`` (rank · 4 + suit) dealt at position p (dealing order P1 B1 P2 B2 P3 B3),
    ``absent_code[p]`` of no card there. ``perm_code[q, p, code]``: the code with its
    suit renamed by the q-th renaming (one, the identity, where suits are not renamed).
    ``stride[p]``: a position alone, its stride (0 in a block of several); ``block_of``,
    ``block_pos``, ``block_start``, ``block_stride``: the blocks of several positions
    (see :class:`~bacc_edge.engine.card_kernels.CardCells`); ``binom`` their multiset
    ranks' binomials. ``cells``: the layout's cell numbers that stand for their
    renamings, sorted; ``cell_class[i]`` the settle class of ``cells[i]``. ``dense``:
    where the cell numbers are few enough (:data:`~bacc_edge.engine.dealt_cells.DENSE_CELLS`),
    the class of every cell number (-1: no cell), one look-up in place of a search;
    else empty."""

    coup_key: np.ndarray
    pos_code: np.ndarray
    absent_code: np.ndarray
    perm_code: np.ndarray
    stride: np.ndarray
    block_of: np.ndarray
    block_pos: np.ndarray
    block_start: np.ndarray
    block_stride: np.ndarray
    binom: np.ndarray
    cells: np.ndarray
    cell_class: np.ndarray
    dense: np.ndarray


@inline
def canonical_cell(key, codes, perm_code, stride, block_of, block_pos, block_start,
                   block_stride, binom, renamed, block_codes):
    """The smallest cell number of the coup whose positions have ``codes`` (and whose
    coup part is ``key``) over the renamings of its suits in ``perm_code`` (one: the
    identity, the codes as they are).
    ``renamed`` and ``block_codes`` are scratch of six codes."""
    best = np.int64(-1)
    named = perm_code.shape[0] == 1  # suits as dealt: no renaming to look up
    for q in range(perm_code.shape[0]):
        cell = key
        for p in range(codes.shape[0]):
            c = codes[p] if named else perm_code[q, p, codes[p]]
            renamed[p] = c
            if block_of[p] < 0:
                cell += stride[p] * c
        for b in range(block_stride.shape[0]):
            n = 0
            for j in range(block_start[b], block_start[b + 1]):
                block_codes[n] = renamed[block_pos[j]]
                n += 1
            cell += block_stride[b] * multiset_rank(block_codes, n, binom)
        if best < 0 or cell < best:
            best = cell
    return best


@inline
def class_of_cell(card, cell):
    """The settle class of cell number ``cell`` on the layout of ``card`` (a
    :class:`CardSettle`); -1 where it is none of the layout's cells."""
    dense = card.dense
    if dense.shape[0] > 0:
        return np.int64(dense[cell]) if 0 <= cell < dense.shape[0] else np.int64(-1)
    i = find_cell(card.cells, cell)
    return card.cell_class[i] if i >= 0 else np.int64(-1)


@inline
def find_cell(cells, cell):
    """The index of ``cell`` in the sorted ``cells``; -1 where it is not there."""
    lo, hi = 0, cells.shape[0]
    while lo < hi:
        mid = (lo + hi) >> 1
        if cells[mid] < cell:
            lo = mid + 1
        else:
            hi = mid
    if lo < cells.shape[0] and cells[lo] == cell:
        return lo
    return -1


@kernel
def canonical_cells(keys, codes, perm_code, stride, block_of, block_pos, block_start,
                    block_stride, binom, out):
    """``out[i]``: :func:`canonical_cell` of the cell whose coup part is ``keys[i]`` and
    whose positions have ``codes[i]``: a layout's cells, numbered as the dealer numbers
    its coups."""
    renamed = np.zeros(codes.shape[1], dtype=np.int64)
    block_codes = np.zeros(codes.shape[1], dtype=np.int64)
    for i in range(keys.shape[0]):
        out[i] = canonical_cell(keys[i], codes[i], perm_code, stride, block_of, block_pos,
                                block_start, block_stride, binom, renamed, block_codes)


__all__ = ["CardSettle", "canonical_cell", "canonical_cells", "class_of_cell", "find_cell"]
