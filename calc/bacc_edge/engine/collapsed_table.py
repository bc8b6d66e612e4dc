"""Card bets that name suits but read them only on some cards: counted with the other
cards' suits not dealt at all.

A bet that names a suit (Lucky Nines' "three nines of one suit", "the nine of diamonds")
is counted by :mod:`bacc_edge.engine.card_table` on cells that tell every card's suit
apart: four positions of 40 (value, suit) kinds, 123,410 cells, each dealt suit by suit.
Lucky Nines reads a suit only on a nine; the suits of the other values change no line.
:func:`bacc_edge.analysis.evaluator.layout_for` finds such bases (a fine card's value, or
rank where ranks are told apart), exactly, for the bets given: on every cell of their
card layout it settles each bet, and collapses the bases one by one, each where every
bet still settles alike the cells that then differ only in the suits collapsed so far.
Then a :class:`CollapsedLayout`'s cell is a class of card-layout cells that agree on all
but the suits of those bases (its number: the card layout's cell number with those
suits 0), and :func:`collapsed_table` counts it by dealing each such base as one pool of
all its suits (Lucky Nines: 1,820 cells, dealt as 1,820 card sequences from 715 coups of
point values, where its card layout deals 123,410).

The layout answers the bets it was made for: its features are those of one card-layout
cell of each class, which every condition of those bets reads alike. Any other
condition asked of its table (:meth:`~bacc_edge.engine.outcome_table.OutcomeTable.count`)
is counted on the card layout's cells, which tell it
(:meth:`~bacc_edge.engine.cell_classes.CellClasses.answering`).
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from ..game.coup import POSITIONS
from ..game.shoe import Shoe
from ..util.progress import Progress
from .card_cells import BINOM, cell_numbering
from .card_enumeration import count_run, on_cells, tail_ways
from .card_table import CardDetail, CardLayout
from .cell_classes import CellClasses, classes_table
from .outcome_table import OutcomeTable


def collapsible(detail: CardDetail) -> bool:
    """Whether cells of ``detail`` may have the suits of some bases collapsed: suits
    named (not renamed in order of appearance, which the factored count handles), and
    every position whose suit is read also told apart by its base."""
    if not detail.suits or detail.relabel:
        return False
    cells = cell_numbering(detail)
    return all(cells.base_radix[p] > 1 for p in range(len(POSITIONS))
               if cells.suit_radix[p] > 1)


def collapsed_numbers(fine: CardLayout, bases) -> np.ndarray:
    """Per cell of ``fine``, its cell number with the suit of every card of ``bases``
    (indices of the detail's bases) 0: the number of its class. A block's codes come
    sorted (:meth:`~bacc_edge.engine.card_cells.CellNumbering.decode`), and a code with its
    suit 0 stays in order (a base's codes are next to each other), so they are ranked
    as a multiset as they are."""
    cells = cell_numbering(fine.detail)
    parts, positions = fine.decoded()
    number = np.zeros(fine.n_cells, dtype=np.int64)
    step = 1
    for k, r in zip(fine.detail.parts, cells.part_radix):
        number += parts[k] * step
        step *= r
    term_at = np.empty(fine.n_cells, dtype=np.int64)
    for block, stride, alphabet in zip(cells.blocks, cells.stride, cells.alphabet):
        if alphabet == 1:  # one code: its part of every number is 0
            continue
        for i, p in enumerate(block):
            erased = np.arange(alphabet)
            radix = cells.suit_radix[p]
            if radix > 1:  # a code is base · radix + suit (no card: past every base)
                for base in bases:
                    erased[base * radix:(base + 1) * radix] = base * radix
            # a block of one: its code; of several: the multiset's rank, as the kernel's
            # multiset_rank, the i-th code's term looked up per code (in place: a fresh
            # array per term costs more than the term)
            term = (erased if len(block) == 1 else BINOM[erased + i, i + 1]) * stride
            np.take(term, positions[POSITIONS[p]][0], out=term_at)
            number += term_at
    return number


#: Cell numbers up to this are checked for classes in an array, not sorted.
DENSE_NUMBERS = 1 << 24


@lru_cache(maxsize=16)
def _numbers(fine: CardLayout, bases: tuple) -> np.ndarray:
    """:func:`collapsed_numbers`, kept for the last few: choosing the bases to collapse
    asks for the same bases for each bet, and the layout then made numbers its classes
    by them."""
    number = collapsed_numbers(fine, bases)
    number.setflags(write=False)
    return number


def settled_alike(fine: CardLayout, bases: tuple, settles: np.ndarray) -> bool:
    """Whether ``settles`` (a value per cell of ``fine``) is the same on all the cells
    of each class of :class:`CollapsedLayout` ``(fine, bases)``: each number's value
    written in an array of every number and read back (or, past DENSE_NUMBERS, the
    numbers sorted)."""
    number = _numbers(fine, bases)
    top = cell_numbering(fine.detail).size
    if top <= DENSE_NUMBERS:
        seen = np.empty(top, dtype=settles.dtype)
        seen[number] = settles  # of cells of one number, one value is kept
        return bool((seen[number] == settles).all())
    order = np.argsort(number, kind="stable")
    number, settles = number[order], settles[order]
    return bool(((number[1:] != number[:-1]) | (settles[1:] == settles[:-1])).all())


class CollapsedLayout(CellClasses):
    """Classes of the cells of ``fine`` (a :class:`CardLayout` whose suits are named)
    that agree on all but the suits of the cards of ``bases``: the cells counted by
    :func:`collapsed_table`, in the order of their numbers ``keys`` (cell numbers of
    ``fine`` with those suits 0). ``features()`` reads each class at one of its cells
    (the first): only for conditions that settle every cell of a class alike
    (:func:`bacc_edge.analysis.evaluator.layout_for` checks the bets it picks one for);
    a condition asked of its table is counted on ``fine``'s cells."""

    def __init__(self, fine: CardLayout, bases: tuple):
        self.fine = fine
        self.bases = bases
        keys, first, cell_class = np.unique(_numbers(fine, bases), return_index=True,
                                            return_inverse=True)
        self.keys, self.first, self.cell_class = keys, first, cell_class.reshape(-1)
        for a in (self.keys, self.first, self.cell_class):
            a.setflags(write=False)

    def counted(self, shoe: Shoe, fine_counts: np.ndarray,
                value_counts: np.ndarray) -> np.ndarray | None:
        detail = self.detail
        pools = fine_counts.reshape(detail.n_bases, detail.n_suit_classes).copy()
        collapsed = list(self.bases)
        pools[collapsed, 0] = pools[collapsed].sum(axis=1)
        pools[collapsed, 1:] = 0
        counts = on_cells(count_run(detail, self.tableau, pools.reshape(-1), value_counts,
                                    tail_ways(shoe), int(not shoe.replacement), 0), self.keys)
        return counts if int(counts.sum(dtype=np.uint64)) == shoe.coups else None

    def describe(self) -> str:
        """In words: the card layout's detail, and the bases whose suits are not read."""
        return (f"{self.detail.describe()}; the {self.detail.suits}s of {len(self.bases)} "
                f"of its {self.detail.n_bases} values or ranks not read")

    def __repr__(self) -> str:
        return f"<CollapsedLayout {self.describe()}>"


@lru_cache(maxsize=16)
def collapsed_layout(fine: CardLayout, bases: tuple) -> CollapsedLayout:
    """The :class:`CollapsedLayout` of ``fine`` with the suits of ``bases`` collapsed
    (one object per pair, kept among the last few)."""
    return CollapsedLayout(fine, bases)


def collapsed_table(shoe: Shoe, layout: CollapsedLayout, *,
                    on_progress: Progress | None = None) -> OutcomeTable:
    """Count every cell of ``layout`` on ``shoe`` exactly. On a shoe whose suits are
    all known, each collapsed base dealt as one pool of all its suits (the card
    layout's kernel, :func:`~bacc_edge.engine.card_kernels.count_cells`, deals suit 0
    of it only: the ordered deals of its cards, whatever their suits); else (cards
    removed without their suit) the card layout's counts
    (:func:`~bacc_edge.engine.card_table.card_table`) summed per class. One step for
    ``on_progress``; the last few tables are kept (read-only): see
    :func:`~bacc_edge.engine.cell_classes.classes_table`."""
    return classes_table(shoe, layout, on_progress=on_progress)


__all__ = ["CollapsedLayout", "collapsed_layout", "collapsed_numbers", "collapsed_table",
           "collapsible", "settled_alike"]
