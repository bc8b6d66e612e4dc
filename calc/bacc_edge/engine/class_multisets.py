"""A card layout's deals summed by multiset and class, made a part of its coups at a time,
then weighed on each shoe: a later shoe of a layout too large to keep, counted in one
pass over its multisets rather than by dealing every card sequence again.

The card sequences a layout deals, and the cell each reaches, do not depend on the shoe
(:mod:`~bacc_edge.engine.card_replay`); on any shoe a sequence weighs a product of one
factor a card, its pool's cards less those of its pool before it
(:mod:`~bacc_edge.engine.card_multisets`), so sequences of one multiset of such pairs
weigh alike on every shoe, whatever their order or coup. A report needs a shoe's deals
only summed by a few classes (the ways a streamed layout's bets' lines fall together:
:mod:`~bacc_edge.analysis.streamed_count`), so the layout's sequences summed by
multiset and class answer every shoe: per class, the sum over its multisets of their
ways times their weight on the shoe (:func:`weigh`).

A layout too large to keep deals 10**7 to 10**9 sequences, too many to record whole (16
bytes a leaf and more), so :func:`class_multisets` records them a part of the coups at a
time (:data:`PART_LEAVES` leaves or so, dealt on a shoe of plenty of every kind of card
the layout's cards make, on which no branch is skipped:
:func:`~bacc_edge.engine.card_replay.plenty_shoe`), hands each part's cells to the
caller to be classed, keys each leaf by its multiset
(:func:`~bacc_edge.engine.card_multisets.leaf_keys`) and adds its ways to its (multiset,
class) sum in a hash table (:func:`add_sums`); its memory is a part's record on each
thread and the table. Sums past :data:`MOST_SUMS` are given up (None): the caller then
deals each shoe as before. Made where the layout's pools fit a key. A layout whose suits
are renamed in order of appearance is recorded as
:func:`~bacc_edge.engine.card_kernels.count_named` deals it (one naming of each
sequence's suits), its suited cards' pools a base and a label: a multiset of those
weighs alike on every shoe too, summed over the namings of its labels by suit classes
(:func:`~bacc_edge.engine.card_multisets.replay_named_multisets`).
"""

from __future__ import annotations

import threading
from math import ceil
from typing import Callable, NamedTuple

import numpy as np

from ..game.shoe import Shoe
from ..util.progress import Progress, Steps
from . import card_kernels, card_multisets
from .card_enumeration import PART_CELLS, coup_slices, coup_work, enumeration, no_residues
from .card_replay import held_kinds, plenty_shoe
from .card_table import CardLayout, card_shoe
from .count_threads import count_threads, run_parts
from .jit import kernel

#: Leaves recorded at a time, about (a part of the coups; a coup's leaves are never split).
PART_LEAVES = card_multisets.PART_LEAVES
#: The most (multiset, class) sums the table holds (:func:`add_sums`), and the share of
#: its slots they may fill before it is made twice as large: 20 bytes a slot, so at
#: most 160 MB, and half that again while it grows; then a moment of some 40 bytes a
#: sum while they are put in order (:func:`_in_order`).
MOST_SLOTS = 1 << 23
FILL = 0.6
MOST_SUMS = int(FILL * MOST_SLOTS)
#: The first table's slots (a power of two, as MOST_SLOTS).
FIRST_SLOTS = 1 << 16
#: A table slot not yet holding a sum (a multiset's key is never negative).
EMPTY = -1

#: The caller's classes of cell numbers (int64, at most PART_CELLS at a time, a number
#: perhaps several times): one whole number each, from 0 up.
Classify = Callable[[np.ndarray], np.ndarray]


class SumTable(NamedTuple):
    """(multiset key, class) → ways, in open addressing: slot i holds ``keys[i]``
    (EMPTY: none), ``places[i]`` and ``ways[i]``; ``filled[0]``: the slots held."""

    keys: np.ndarray
    places: np.ndarray
    ways: np.ndarray
    filled: np.ndarray


def _table(slots: int) -> SumTable:
    return SumTable(np.full(slots, EMPTY, dtype=np.int64), np.zeros(slots, dtype=np.int32),
                    np.zeros(slots, dtype=np.int64), np.zeros(1, dtype=np.int64))


@kernel
def add_sums(keys, places, ways, start, table, most):
    """Add ``ways[j]`` to the sum of (``keys[j]``, ``places[j]``) in ``table`` for each j
    from ``start`` on, until the table holds ``most`` sums. Returns the j it stopped at
    (``len(keys)``: all added). The slot is found by a multiplicative hash of the key
    and place, then the next slots in turn."""
    t_keys, t_places, t_ways, filled = table
    mask = np.uint64(t_keys.shape[0] - 1)
    for j in range(start, keys.shape[0]):
        key, place = keys[j], places[j]
        h = (np.uint64(key) * np.uint64(0x9E3779B97F4A7C15)
             + np.uint64(place) * np.uint64(0xC2B2AE3D27D4EB4F))
        i = (h >> np.uint64(29)) & mask
        while True:
            if t_keys[i] == key and t_places[i] == place:
                t_ways[i] += ways[j]
                break
            if t_keys[i] == EMPTY:
                if filled[0] >= most:
                    return j
                t_keys[i], t_places[i], t_ways[i] = key, place, ways[j]
                filled[0] += 1
                break
            i = (i + np.uint64(1)) & mask
    return keys.shape[0]


def _added(table: SumTable, keys: np.ndarray, places: np.ndarray,
           ways: np.ndarray) -> SumTable | None:
    """``table`` with the leaves (``keys``, ``places``, ``ways``) added, made twice as
    large each time it fills (:data:`FILL`); None past :data:`MOST_SLOTS`."""
    j = 0
    while True:
        j = add_sums(keys, places, ways, j, table, int(FILL * len(table.keys)))
        if j == len(keys):
            return table
        if 2 * len(table.keys) > MOST_SLOTS:
            return None
        held = table.keys != EMPTY
        table, old = _table(2 * len(table.keys)), table
        add_sums(old.keys[held], old.places[held], old.ways[held], 0, table, len(table.keys))
        del old, held


def _in_order(table: SumTable) -> card_multisets.CardMultisets:
    """The sums of ``table`` as :class:`~bacc_edge.engine.card_multisets.CardMultisets`:
    by key, each key's places and ways."""
    held = np.flatnonzero(table.keys != EMPTY)
    order = held[np.argsort(table.keys[held], kind="stable")]
    keys = table.keys[order]
    starts = np.flatnonzero(np.r_[True, keys[1:] != keys[:-1]])
    return card_multisets.CardMultisets(keys[starts].copy(), np.r_[starts, len(keys)],
                                        table.places[order], table.ways[order])


def summable(layout: CardLayout) -> bool:
    """Whether ``layout``'s pools fit a multiset's key
    (:func:`~bacc_edge.engine.card_multisets.pools_fit`)."""
    held_fine, held_values = held_kinds(layout)
    cells = enumeration(layout.detail, layout.tableau)[0]
    return card_multisets.pools_fit(len(held_fine), cells.n_suits, len(held_values))


def class_multisets(layout: CardLayout, classify: Classify, sequences: float, *,
                    on_progress: Progress | None = None
                    ) -> card_multisets.CardMultisets | None:
    """``layout``'s card sequences summed by multiset and class (``classify`` of their
    cells), made a part of the coups at a time, on as many threads as a count of them
    deals on (see the module); None where the sums pass :data:`MOST_SUMS` (or the
    layout is not :func:`summable`). ``sequences``: the plan's estimate, which sets the
    parts; ``on_progress`` hears of each."""
    if not summable(layout):
        return None
    cells, block_stride = enumeration(layout.detail, layout.tableau)
    fine_counts, value_counts, tails, removal = plenty_shoe(*held_kinds(layout))
    shoe = card_kernels.CardShoe(fine_counts, value_counts, tails, removal,
                                 2 if layout.detail.relabel else 0)
    factors = np.zeros((len(cells.coups), 2 + 2 * cells.coups.shape[1]), dtype=np.int8)
    card_kernels.coup_factors(cells, len(value_counts), factors)
    n_parts = max(1, ceil(sequences / PART_LEAVES))
    table = [_table(min(FIRST_SLOTS, MOST_SLOTS))]
    adding = threading.Lock()
    parts = list(coup_slices(cells, n_parts))
    np.random.default_rng(0).shuffle(parts)  # a layout's multisets seen evenly (below)
    done = [0]

    def summed(part, _) -> int:
        start, stop, coups = part
        record = _recorded(coups, block_stride, shoe)
        n = len(record.at)
        keys, ways = np.empty(n, dtype=np.int64), np.empty(n, dtype=np.int64)
        coup_of = np.repeat(np.arange(len(record.first) - 1, dtype=np.int32),
                            np.diff(record.first))
        if not card_multisets.leaf_keys(record, coup_of, factors[start:stop],
                                        coups.coup_ways, len(fine_counts), cells.n_suits,
                                        keys, ways):
            return -1  # a count of cards before that does not fit a pair
        places = np.concatenate([classify(record.at[i:i + PART_CELLS])
                                 for i in range(0, n, PART_CELLS)] or
                                [np.zeros(0, dtype=np.int64)]).astype(np.int32)
        with adding:
            table[0] = _added(table[0], keys, places, ways)
            done[0] += 1
            hopeless = table[0] is None or _hopeless(table[0], done[0] / len(parts))
            return -1 if hopeless else 0

    threads = count_threads(sequences, RECORD_BYTES * PART_LEAVES)
    if run_parts(parts, summed, [None] * threads, Steps(on_progress, len(parts))) < 0:
        return None
    return _in_order(table[0])


#: A layout's parts, seen in an even (shuffled) order, hold at most ``f ** SUMS_SEEN`` of
#: its sums once a share f of them is seen: four random bets' sums (3.5 to 11.8
#: million) were at most 0.33 of them at 1/16 of their parts, 0.53 at 1/8, 0.76 at 1/4,
#: 0.92 at 1/2. So sums past ``MOST_SUMS * f ** SUMS_SEEN`` foretell more than MOST_SUMS
#: at the end, and are given up there, not after every part was dealt (random bets 4
#: and 24 at 1/8, 189 at 1/2); a layout they misjudge is dealt, as before, never
#: counted wrong.
SUMS_SEEN = 0.1


def _hopeless(table: SumTable, seen: float) -> bool:
    """Whether the sums in ``table`` at ``seen`` of the parts foretell more than
    :data:`MOST_SUMS` (:data:`SUMS_SEEN`)."""
    return int(table.filled[0]) > MOST_SUMS * seen ** SUMS_SEEN


#: Bytes a thread's part takes while it is summed, a leaf: its record (fine classes,
#: orders, cell), key, ways, class and a batch's features.
RECORD_BYTES = 64


def _recorded(part, block_stride, shoe) -> card_kernels.CardRecord:
    """The leaves of the coups of ``part`` dealt on ``shoe`` (one of plenty), recorded
    alone (uncounted), each with its cell number; sized by the coups' work
    (:func:`~bacc_edge.engine.card_enumeration.coup_work`), and dealt again at the size
    found where that was too few. Suits renamed in order of appearance (``shoe``'s
    ``relabel`` 2) are dealt as :func:`~bacc_edge.engine.card_kernels.count_named` deals
    them, with no orders, as :mod:`~bacc_edge.engine.card_replay` records them."""
    named = shoe.relabel == 2
    ordered = block_stride is not None and not named
    n_fine = int(np.count_nonzero(part.fine))
    room = int(coup_work(part).sum()) + 1
    while True:
        record = card_kernels.CardRecord(
            np.zeros(len(part.coups) + 1, dtype=np.int64),
            np.zeros((room, n_fine), dtype=np.uint8),
            np.zeros(room if ordered else 0, dtype=np.uint16),
            np.zeros(room, dtype=np.int64), np.zeros(1, dtype=np.int64))
        nothing = np.zeros(0, dtype=np.int64)
        if named:
            card_kernels.count_named(part, block_stride, shoe, nothing, None, None, record)
        else:
            card_kernels.count_cells(part, block_stride, shoe, 1, nothing, None, None,
                                     no_residues(), None, record)
        written = int(record.n[0])
        if written <= room:
            return record._replace(classes=record.classes[:written],
                                   orders=record.orders[:written] if ordered else record.orders,
                                   at=record.at[:written])
        room = written


def weigh(multisets: card_multisets.CardMultisets, layout: CardLayout, shoe: Shoe,
          n_classes: int) -> np.ndarray:
    """The deals of ``shoe`` per class of ``multisets`` (:func:`class_multisets` of
    ``layout``), exactly: each multiset's weight on the shoe times its ways, summed by
    class (:func:`~bacc_edge.engine.card_multisets.replay_multisets`). The shoe's suits
    are known and its six-card deals below 2**63 (the caller's checks)."""
    cards = card_shoe(shoe, layout.detail)
    out = np.zeros(n_classes + 1, dtype=np.int64)
    cells = enumeration(layout.detail, layout.tableau)[0]
    card_multisets.multisets_replay(layout.detail.relabel)(multisets, cards, cells.n_suits, out)
    return out[:n_classes]


__all__ = ["EMPTY", "FILL", "FIRST_SLOTS", "MOST_SLOTS", "MOST_SUMS", "PART_LEAVES",
           "RECORD_BYTES", "SUMS_SEEN", "Classify", "SumTable", "add_sums", "class_multisets",
           "summable", "weigh"]
