"""A card layout's count streamed: its cells handed on in batches as the count reaches
them, none kept, for a layout whose cells are too many to keep
(:attr:`~bacc_edge.engine.card_plan.PlanCost.streams`).

A kept count sorts its spilled leaves and merges them into the cells so far
(:class:`~bacc_edge.engine.spill.SpilledCounts`); a streamed one
(:class:`StreamedCounts`) hands the buffer's cells and weights to ``on_batch``
(:func:`count_streamed`) and empties it: sorted and summed first while sorting pays
(it leaves fewer cells to settle than :data:`SORT_PAYS` of the leaves), else as they
are. A cell may come in several batches, or twice in one (each its weight of some of
its leaves), so what ``on_batch`` makes of them must add up: the analysis settles each
batch's cells through the bets and sums their weights into the bets' lines
(:mod:`~bacc_edge.analysis.streamed_count`). The memory stays at the buffer's
(:data:`~bacc_edge.engine.spill.SPILL_BYTES`) and a batch's features; a layout of few
enough cell numbers for an array (:data:`~bacc_edge.engine.card_enumeration.DENSE_CELLS`)
is counted into it and its cells reached handed on a part at a time. Nothing is kept,
so every shoe is dealt again.
"""

from __future__ import annotations

from typing import Callable

import numpy as np

from . import card_enumeration
from ..errors import PlanTooLarge
from ..game.shoe import Shoe
from ..util.heap import keep_freed_heap
from ..util.progress import Progress
from .card_cells import cell_numbering
from .card_enumeration import CELL_BYTES, PART_CELLS, count_run, relabelling, tail_ways
from .card_table import CardLayout, check_shoe, shoe_inputs
from .spill import FILLED, SpilledCounts

#: What a streamed count hands on: a batch's cell numbers (at most
#: :data:`~bacc_edge.engine.card_enumeration.PART_CELLS`, perhaps unsorted, a number
#: perhaps more than once) and their weights (int64).
OnBatch = Callable[[np.ndarray, np.ndarray], None]
#: A buffer is sorted (and its leaves of one cell summed) while that pays: while the
#: last sort left more than this share of its leaves, the next buffers are handed on
#: as they are, one in :data:`SORT_AGAIN` sorted to see whether it pays again. Sorting a
#: leaf (:func:`~bacc_edge.engine.spill.reduce_buffer`) costs some 50 ns, settling a
#: cell 100-200 (random bets 4, 6, 20: a part-dealt 8-deck shoe's 1.2e8 leaves reached
#: as many cells, each buffer's sort summing none).
SORT_PAYS = 2 / 3
#: One buffer in this many is sorted while sorting does not pay (:data:`SORT_PAYS`).
SORT_AGAIN = 8


class StreamedCounts(SpilledCounts):
    """The spill buffer of a streamed count: reduced as a kept count's is where sorting
    pays (:data:`SORT_PAYS`), else as it is, its cells then handed to ``on_batch`` (a
    part at a time, :meth:`take`) rather than merged, and the buffer emptied.
    ``entries``, ``held``: as :class:`~bacc_edge.engine.spill.SpilledCounts`."""

    def __init__(self, on_batch: OnBatch, entries: int | None = None,
                 held: int | None = None):
        super().__init__(0, entries, held)
        self.on_batch = on_batch
        self.sorting, self.unsorted = True, 0

    def fork(self) -> "StreamedCounts":
        """A buffer of its own for another thread, handing its cells to the same
        ``on_batch`` (which must add up batches from several threads at once); its last
        cells handed on by :meth:`items` once the thread has finished."""
        return StreamedCounts(self.on_batch, *self.sizes)

    @property
    def fork_bytes(self) -> int:
        """What a :meth:`fork` takes: its buffer, and the features of a batch settled."""
        return super().fork_bytes + CELL_BYTES * PART_CELLS

    def reduce(self, half: bool = False) -> bool:
        """The buffer sorted and summed (:meth:`SpilledCounts.reduce
        <bacc_edge.engine.spill.SpilledCounts.reduce>`) where sorting pays, or one time
        in :data:`SORT_AGAIN`, else handed on as it is; emptied once handed on."""
        filled = int(self.spill.state[FILLED])
        if self.sorting or self.unsorted % SORT_AGAIN == SORT_AGAIN - 1:
            self.unsorted, n = 0, self.sort()
            self.sorting = n <= SORT_PAYS * filled
            return self.taken(n, half)
        self.unsorted += 1
        return self.taken(filled)

    def take(self, cells: np.ndarray, weights: np.ndarray) -> bool:
        """The buffer's cells handed on rather than merged: never past the cells a count
        may hold, none being kept."""
        hand_on(self.on_batch, cells, weights)
        return True


def hand_on(on_batch: OnBatch, cells: np.ndarray, weights: np.ndarray) -> None:
    """``on_batch`` of ``cells`` and ``weights`` a part of PART_CELLS at a time."""
    for start in range(0, len(cells), PART_CELLS):
        on_batch(cells[start:start + PART_CELLS], weights[start:start + PART_CELLS])


def refuse_suitless(shoe: Shoe, layout: CardLayout, bets: str = "") -> None:
    """Refuse (:class:`~bacc_edge.errors.PlanTooLarge`, ``bets`` named first where given)
    to stream ``layout``'s count of ``shoe``, or count it by ranks and suits apart, where
    the shoe has cards removed without their suit and the cells read suits: such a
    count is made modulo primes, cell by cell, and needs every cell kept. A report asks
    before it announces the count."""
    if layout.detail.suits and not shoe.suits_known:
        raise PlanTooLarge(f"{bets + ': ' if bets else ''}{shoe.label}: its cells are too "
                           f"many to keep ({layout.detail.describe()}), and a count that "
                           f"keeps none (streamed, or by ranks and suits apart) needs the "
                           f"suits of the cards removed; {shoe.naming_suits}")


def count_streamed(layout: CardLayout, shoe: Shoe, on_batch: OnBatch, *, sequences: float,
                   on_progress: Progress | None = None) -> None:
    """Count ``shoe`` on ``layout``'s cell numbers, exactly, each cell reached handed to
    ``on_batch`` with its weight (a cell perhaps in several batches: their weights add
    up to its count), none kept; ``on_batch`` is called from each thread the count deals
    on (:mod:`~bacc_edge.engine.count_threads`), at once. ``sequences``: the plan's estimate
    (:func:`~bacc_edge.engine.card_enumeration.count_run`); ``on_progress`` hears of the
    count as ``count_run`` tells it. A shoe with cards removed without their suit, where
    the cells read suits, is refused (:class:`~bacc_edge.errors.PlanTooLarge`, before
    it starts): its counts are made modulo primes, cell by cell, and need every cell
    kept. The C heap is asked to keep what the batches free
    (:func:`~bacc_edge.util.heap.keep_freed_heap`)."""
    detail = layout.detail
    check_shoe(shoe, layout)
    refuse_suitless(shoe, layout)
    keep_freed_heap()
    fine_counts, value_counts = shoe_inputs(shoe, detail)
    args = (detail, layout.tableau, fine_counts, value_counts, tail_ways(shoe),
            int(not shoe.replacement), relabelling(detail, fine_counts), sequences)
    size = cell_numbering(detail).size
    if size > card_enumeration.DENSE_CELLS:
        count_run(*args, on_progress=on_progress, spilled=StreamedCounts(on_batch))
        return
    counts = count_run(*args, on_progress=on_progress)
    for start in range(0, size, 8 * PART_CELLS):  # the cells reached, a slice at a time
        reached = start + np.flatnonzero(counts[start:start + 8 * PART_CELLS])
        hand_on(on_batch, reached, counts[reached])


__all__ = ["OnBatch", "SORT_AGAIN", "SORT_PAYS", "StreamedCounts", "count_streamed", "hand_on",
           "refuse_suitless"]
