"""Settling dealt coups of real cards on a card-level layout, for the count studies.

A bet on the cards themselves is compiled once on its
:class:`~bacc_edge.engine.card_table.CardLayout` (the cells its conditions can see, and
the settle class of each, by :class:`~bacc_edge.analysis.evaluator.Evaluator`). The
dealer then numbers each coup it settles as the layout numbers its cells, from the coup's
cards, with the layout's own codes, strides and blocks, and finds its settle class by a
binary search: what a feature means is written once, in the card-level table.
"""

from __future__ import annotations

import itertools

import numpy as np

from ..errors import BaccEdgeError
from ..game.cards import CARD_KINDS, POINT_VALUES, POINTS, SUITS_PER_RANK
from ..game.coup import NO_THIRD, POSITIONS
from .card_cells import BINOM, bases, cell_numbering, suit_class_of
from .card_table import CardLayout
from .coup_settle_kernels import CardSettle, canonical_cells

#: Up to this many cell numbers, the dealer finds a coup's class in an array indexed by
#: cell number (4 bytes each: 16 MB at most), else by a binary search of the cells.
DENSE_CELLS = 1 << 22


def _card_codes(layout: CardLayout) -> np.ndarray:
    """``[p, card]``: the code of card kind ``card`` (rank · 4 + suit) at position p, its
    suit as dealt: its fine class's code where the position is told apart finely, else
    its point value's."""
    detail = layout.detail
    fine_code, value_code, _ = cell_numbering(detail).codes()
    m = detail.n_suit_classes
    kinds = np.arange(CARD_KINDS)
    rank, suit = kinds // SUITS_PER_RANK, kinds % SUITS_PER_RANK
    suit_class = np.array(suit_class_of(detail))[suit]
    fine_class = bases(detail)[2][rank] * m + suit_class
    points = np.array(POINTS)[rank]
    return np.ascontiguousarray(np.stack([
        fine_code[p, fine_class] if fine else value_code[p, points]
        for p, fine in enumerate(detail.fine)]), dtype=np.int64)


def _renamings(layout: CardLayout) -> np.ndarray:
    """``[q, p, code]``: each position's codes with their suit class renamed by the q-th
    permutation of the suit classes, where the layout names suits in order of first
    appearance; else the identity alone."""
    detail, cells = layout.detail, cell_numbering(layout.detail)
    m = detail.n_suit_classes
    perms = list(itertools.permutations(range(m))) if detail.relabel else [tuple(range(m))]
    width = max(cells.alphabet)
    out = np.zeros((len(perms), len(POSITIONS), width), dtype=np.int64)
    block_of = {p: b for b, block in enumerate(cells.blocks) for p in block}
    for p in range(len(POSITIONS)):
        sr, told = cells.suit_radix[p], cells.base_radix[p] * cells.suit_radix[p]
        codes = np.arange(cells.alphabet[block_of[p]])
        for q, perm in enumerate(perms):
            renamed = codes.copy()
            if sr > 1:
                real = codes < told  # past them: the no-card code
                renamed[real] = codes[real] // sr * sr + np.array(perm)[codes[real] % sr]
            out[q, p, :len(codes)] = renamed
    return out


def _coup_keys(layout: CardLayout) -> np.ndarray:
    """``[player total, banker total, player third + 1, banker third + 1]``: the coup's
    part of the cell number, by the layout's own numbering."""
    grid = np.array(list(itertools.product(range(POINT_VALUES), range(POINT_VALUES),
                                           range(NO_THIRD, POINT_VALUES),
                                           range(NO_THIRD, POINT_VALUES))), dtype=np.int64)
    coups = np.zeros((len(grid), len(POSITIONS)), dtype=np.int64)
    # a hand's two cards (t, 0) total t on every tableau
    coups[:, [0, 1, 4, 5]] = grid
    keys = cell_numbering(layout.detail).coup_keys(coups)
    return keys.reshape(POINT_VALUES, POINT_VALUES, POINT_VALUES + 1, POINT_VALUES + 1)


def card_settle(layout: CardLayout, cell_class: np.ndarray) -> CardSettle:
    """The dealer's tables for bets compiled on ``layout`` (``cell_class``: the settle
    class of each of ``layout.cells``). Refuses a layout whose renamed cells would
    settle differently (a condition that names a suit where the layout renames them:
    never, by :class:`~bacc_edge.engine.card_table.CardDetail`), or one that reads cards
    5 and 6 out of the shoe where a coup leaves them there."""
    detail, cells = layout.detail, cell_numbering(layout.detail)
    if detail.beyond:
        card = detail.beyond[-1][1]
        raise BaccEdgeError(f"a bet on coup.card({card}) reads a card the coup may leave "
                            f"in the shoe, and a count study settles each coup from its "
                            f"own cards: value the bet exactly instead (the depth "
                            f"analysis, or --exact-bets)")
    if cells.size >= 1 << 62:
        raise BaccEdgeError(f"{detail.describe()}: too many cells to number a dealt coup")
    stride, block_of, block_pos, block_start, block_stride = cells.strides()
    block_stride = (np.zeros(0, dtype=np.int64) if block_stride is None
                    else np.ascontiguousarray(block_stride, dtype=np.int64))
    perm_code = _renamings(layout)
    numbers = layout.cells
    _, positions = layout.decoded()
    codes = np.ascontiguousarray(np.stack([positions[p][0] for p in POSITIONS], axis=1),
                                 dtype=np.int64)
    coup_size = int(np.prod(cells.part_radix, dtype=np.int64))
    canonical = np.empty(len(numbers), dtype=np.int64)
    canonical_cells(np.ascontiguousarray(numbers % coup_size, dtype=np.int64), codes,
                    perm_code, stride, block_of, block_pos, block_start, block_stride, BINOM,
                    canonical)
    order = np.argsort(canonical, kind="stable")
    kept, first = np.unique(canonical[order], return_index=True)
    classes = cell_class[order]
    if (classes != np.repeat(classes[first], np.diff(np.append(first, len(order))))).any():
        raise BaccEdgeError(f"{detail.describe()}: cells that differ only by their suits' "
                            f"names settle differently")
    absent_code = cells.codes()[2]
    kept_class = np.ascontiguousarray(classes[first], dtype=np.int64)
    dense = np.zeros(0, dtype=np.int32)
    if len(kept) and kept[-1] < DENSE_CELLS:
        dense = np.full(kept[-1] + 1, -1, dtype=np.int32)
        dense[kept] = kept_class
    return CardSettle(_coup_keys(layout), _card_codes(layout), absent_code, perm_code,
                      stride, block_of, block_pos, block_start, block_stride, BINOM,
                      kept, kept_class, dense)


__all__ = ["card_settle"]
