"""A count's cells where cell numbers are too many for an array, kept without a dict.

The count kernels (:func:`~bacc_edge.engine.card_kernels.count_cells`,
:func:`~bacc_edge.engine.card_kernels.count_named`) write each leaf they reach, its cell
number and weight, into a fixed buffer (a :class:`Spill`), and stop where it is full.
:class:`SpilledCounts` then sorts the buffer and sums its equal numbers; once they fill
half of it, it merges them into the cells so far (sorted numbers and their counts) and
empties it; and the count resumes where it stopped. In front of the buffer, a cell per
slot of its hash is held and adds the leaves that reach it (:data:`CACHE_CELLS`): a count
of many leaves into few cells spills and sorts few (a random bet of 8e7 leaves into 4,000
cells sorted each leaf, 2.7 times the dict's time, without it). A cell kept takes 16 bytes (its
number and count; 32 while a merge writes the next arrays), where a typed dict took
120-136, and the buffer :data:`SPILL_BYTES` beside.

A count resumes exactly: stopped at coup ``state[RESUME]`` with ``state[SKIP]`` of that
coup's leaves spilled, it deals that coup again from its first leaf and spills none of
the first ``state[SKIP]`` (a coup's leaves come in one order, the same every time), so no
leaf is lost or spilled twice, whatever the buffer's size (a test makes it tiny).
"""

from __future__ import annotations

import threading
from typing import NamedTuple

import numpy as np

from .jit import inline, kernel

#: Leaves the buffer holds (16 bytes each, and 16 more while it is sorted).
SPILL_ENTRIES = 1 << 20
#: Cells held in front of the buffer (a power of two): a leaf whose cell is held adds to
#: it, spilling nothing, so a count of many leaves into few cells sorts few.
CACHE_CELLS = 1 << 14
#: The buffer's bytes, while it is sorted.
SPILL_BYTES = 32 * SPILL_ENTRIES
#: What a count kernel returns where it stopped with the buffer full.
STOPPED = -2
#: ``Spill.state``: entries filled; the coup to resume at, and its leaves spilled before
#: it stopped (skipped on resuming); the leaves of the current coup met so far.
FILLED, RESUME, SKIP, MET = range(4)


class Spill(NamedTuple):
    """The buffer of leaves a count kernel fills: ``cells[:state[FILLED]]`` and
    ``weights[:state[FILLED]]``, and where the count resumes (``state``); in front of
    it, ``held[slot]`` (-1: none) and its weight ``held_weights[slot]``, a cell per slot
    of its hash, put out into the buffer when a leaf of another cell takes its slot."""

    cells: np.ndarray
    weights: np.ndarray
    state: np.ndarray
    held: np.ndarray
    held_weights: np.ndarray


@inline
def first_coup(spill):
    """The coup a count begins at: 0, or where it stopped (``spill`` None: 0)."""
    if spill is None:
        return 0
    return spill.state[RESUME]


@inline
def begin_coup(spill, i):
    """Coup i begins: none of its leaves met; none to skip unless the count stopped in
    it."""
    if spill is not None:
        if i != spill.state[RESUME]:
            spill.state[SKIP] = 0
        spill.state[MET] = 0


@inline
def spill_leaf(spill, cell, w):
    """Write the leaf (cell number, weight) into the buffer: True; or False, the buffer
    full (the count then stops: :func:`stopped`). A leaf spilled before the count
    stopped in this coup is skipped."""
    state = spill.state
    if state[MET] < state[SKIP]:
        state[MET] += 1
        return True
    held = spill.held
    slot = (np.uint64(cell) * np.uint64(0x9E3779B97F4A7C15)) % np.uint64(held.shape[0])
    if held[slot] == cell:
        spill.held_weights[slot] += w
    else:
        if held[slot] >= 0:  # put out into the buffer
            if state[FILLED] == spill.cells.shape[0]:
                return False
            spill.cells[state[FILLED]] = held[slot]
            spill.weights[state[FILLED]] = spill.held_weights[slot]
            state[FILLED] += 1
        held[slot] = cell
        spill.held_weights[slot] = w
    state[MET] += 1
    return True


@inline
def stopped(spill, i):
    """The count stops in coup i, its buffer full: :data:`STOPPED` (``spill`` None: 0,
    never reached)."""
    if spill is None:
        return 0
    spill.state[RESUME] = i
    spill.state[SKIP] = spill.state[MET]
    return STOPPED


#: The bits of a cell number :func:`reduce_buffer` sorts on at a time (2,048 buckets).
RADIX_BITS = 11


@kernel
def reduce_buffer(cells, weights, filled):
    """Sort the first ``filled`` leaves by cell number and sum those of one number, in
    place: returns how many numbers there are (``cells[:n]``, ``weights[:n]``).

    A radix sort, :data:`RADIX_BITS` bits of the numbers (never negative) at a time
    from the lowest, as many passes as the largest number has digits, each a count of
    the digits and one stable pass of every leaf into place: 3-4 times faster than an
    argsort of a full buffer (a million leaves 50-60 ms, not 175-190; a pass writes
    into a second pair of arrays, 16 bytes a leaf)."""
    if filled == 0:
        return 0
    largest = 0
    for j in range(filled):
        largest = max(largest, cells[j])
    digits = np.zeros(1 << RADIX_BITS, dtype=np.int64)
    src_cells, src_weights = cells[:filled], weights[:filled]
    dst_cells, dst_weights = np.empty(filled, dtype=np.int64), np.empty(filled, dtype=np.int64)
    shift = 0
    while shift == 0 or largest >> shift > 0:
        digits[:] = 0
        for j in range(filled):
            digits[(src_cells[j] >> shift) & ((1 << RADIX_BITS) - 1)] += 1
        start = 0
        for k in range(digits.shape[0]):
            start, digits[k] = start + digits[k], start
        for j in range(filled):
            k = (src_cells[j] >> shift) & ((1 << RADIX_BITS) - 1)
            dst_cells[digits[k]], dst_weights[digits[k]] = src_cells[j], src_weights[j]
            digits[k] += 1
        src_cells, dst_cells = dst_cells, src_cells
        src_weights, dst_weights = dst_weights, src_weights
        shift += RADIX_BITS
    n = 0  # src now sorted (perhaps cells itself: n <= j, so nothing is read once written)
    for j in range(filled):
        if n > 0 and cells[n - 1] == src_cells[j]:
            weights[n - 1] += src_weights[j]
        else:
            cells[n] = src_cells[j]
            weights[n] = src_weights[j]
            n += 1
    return n


@kernel
def merged_size(kept, new):
    """How many numbers ``kept`` and ``new`` (each sorted, distinct) hold together."""
    i = j = n = 0
    while i < kept.shape[0] and j < new.shape[0]:
        if kept[i] <= new[j]:
            j += kept[i] == new[j]
            i += 1
        else:
            j += 1
        n += 1
    return n + kept.shape[0] - i + new.shape[0] - j


@kernel
def merge(kept, kept_counts, new, new_counts, out, out_counts):
    """Merge the sorted cells ``kept`` and ``new`` (each distinct) and their counts into
    ``out`` and ``out_counts``, summing a number's counts where both hold it."""
    i = j = n = 0
    while i < kept.shape[0] or j < new.shape[0]:
        if j == new.shape[0] or (i < kept.shape[0] and kept[i] < new[j]):
            out[n], out_counts[n] = kept[i], kept_counts[i]
            i += 1
        elif i == kept.shape[0] or new[j] < kept[i]:
            out[n], out_counts[n] = new[j], new_counts[j]
            j += 1
        else:
            out[n], out_counts[n] = kept[i], kept_counts[i] + new_counts[j]
            i += 1
            j += 1
        n += 1


class SpilledCounts:
    """The cells a count reached so far, sorted, and the buffer it spills into.

    ``most`` cells at most: past them, :meth:`reduce` says so (the count is stopped).
    ``entries``, ``held``: the buffer's size and the cells held in front of it (default
    :data:`SPILL_ENTRIES`, :data:`CACHE_CELLS`).
    """

    def __init__(self, most: int, entries: int | None = None, held: int | None = None,
                 into: "SpilledCounts | None" = None):
        self.most = most
        entries = SPILL_ENTRIES if entries is None else entries
        held = CACHE_CELLS if held is None else held
        self.sizes = entries, held
        self.spill = Spill(np.empty(entries, dtype=np.int64), np.empty(entries, dtype=np.int64),
                           np.zeros(4, dtype=np.int64), np.full(held, -1, dtype=np.int64),
                           np.zeros(held, dtype=np.int64))
        self.cells = np.zeros(0, dtype=np.int64)
        self.counts = np.zeros(0, dtype=np.int64)
        self.into = into
        self._merging = threading.Lock()

    def fork(self) -> "SpilledCounts":
        """Spilled counts for another thread: a buffer of its own, whose cells are merged
        into these (:meth:`take`, one merge at a time), so that the cells are kept once
        however many threads deal (each thread's cells of its own took a tester's rich
        bet to 1.07 GB on two threads, 2.4 GB on eight, where one took 650 MB); its last
        cells merged by :meth:`items` once the thread has finished."""
        return SpilledCounts(self.most, *self.sizes, into=self)

    @property
    def fork_bytes(self) -> int:
        """What a :meth:`fork` takes: its buffer while it is sorted, and the cells held
        in front of it."""
        return 32 * self.sizes[0] + 16 * self.sizes[1]

    def run(self, count) -> int:
        """``count()`` (a count kernel's call on this buffer) until it finishes, the
        buffer reduced each time it stops full: what it returns (-1: stopped past the
        cells a count may hold, in the kernel or here)."""
        state = self.spill.state
        while True:
            done = count()
            if done != STOPPED:
                state[RESUME] = state[SKIP] = 0  # the next run begins at its first coup
                return done
            if not self.reduce(half=True):
                return -1

    def reduce(self, half: bool = False) -> bool:
        """Sum the buffer's leaves by cell number, and merge them into the cells so far
        where they fill half the buffer (or with ``half`` False, always): False where the
        cells pass ``most``."""
        return self.taken(self.sort(), half)

    def sort(self) -> int:
        """Sort the buffer's leaves by cell number and sum those of one number
        (:func:`reduce_buffer`): how many numbers it then holds."""
        cells, weights, state = self.spill[:3]
        state[FILLED] = reduce_buffer(cells, weights, state[FILLED])
        return int(state[FILLED])

    def taken(self, n: int, half: bool = False) -> bool:
        """The buffer's first ``n`` cells and weights taken (:meth:`take`) and the buffer
        emptied, unless ``half`` and they fill less than half of it: False where they
        would pass ``most``."""
        cells, weights, state = self.spill[:3]
        if n == 0 or (half and 2 * n < len(cells)):
            return True
        if not self.take(cells[:n], weights[:n]):
            return False
        state[FILLED] = 0
        return True

    def take(self, cells: np.ndarray, weights: np.ndarray) -> bool:
        """The buffer's summed cells and weights (sorted, distinct) merged into the cells
        so far (a fork's: into those it was forked from), one thread's at a time, before
        it is emptied: False, nothing merged, where they would pass ``most``."""
        if self.into is not None:
            return self.into.take(cells, weights)
        with self._merging:
            size = merged_size(self.cells, cells)
            if size > self.most:
                return False
            out, out_counts = np.empty(size, dtype=np.int64), np.empty(size, dtype=np.int64)
            merge(self.cells, self.counts, cells, weights, out, out_counts)
            self.cells, self.counts = out, out_counts
            return True

    def items(self) -> tuple[np.ndarray, np.ndarray] | None:
        """The cells reached and their counts, sorted by cell number, the buffer freed
        (call once the count has finished); None where they pass ``most``."""
        cells, weights, state, held, held_weights = self.spill
        if not self.reduce():
            return None
        at = held >= 0  # the cells held: into the emptied buffer, a buffer's worth a time
        held, held_weights = held[at], held_weights[at]
        for start in range(0, len(held), len(cells)):
            n = min(len(cells), len(held) - start)
            cells[:n], weights[:n] = held[start:start + n], held_weights[start:start + n]
            state[FILLED] = n
            if not self.reduce():
                return None
        self.spill = None
        return self.cells, self.counts


__all__ = ["CACHE_CELLS", "FILLED", "MET", "RESUME", "SKIP", "SPILL_BYTES", "SPILL_ENTRIES",
           "STOPPED", "Spill", "SpilledCounts", "begin_coup", "first_coup", "merge", "merged_size",
           "reduce_buffer", "spill_leaf", "stopped"]
