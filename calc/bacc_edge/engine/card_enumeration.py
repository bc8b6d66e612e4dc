"""The card-level kernels' inputs, and one count of a shoe into cells.

:func:`enumeration` builds what the count kernels
(:func:`~bacc_edge.engine.card_kernels.count_cells`,
:func:`~bacc_edge.engine.card_kernels.count_named`,
:func:`~bacc_edge.engine.card_kernels.count_factored`) read of a
:class:`~bacc_edge.engine.card_table.CardDetail` and a tableau, whatever the shoe: the
coups (or the positions read) as point values, each coup's part of the cell number
(:mod:`~bacc_edge.engine.card_cells`), the codes and strides. :func:`shoe_counts`,
:func:`tail_ways` and :func:`relabelling` give the shoe's part. :func:`count_run` counts
one shoe with them, :func:`on_cells` reads its counts on a layout's cells.

Every count is an ordered six-card deal, the convention of every outcome table: a coup
that takes fewer cards deals the positions it leaves unused in every way
(:func:`tail_ways`).
"""

from __future__ import annotations

import itertools
from functools import lru_cache
from math import ceil, perm

import numpy as np

from . import card_kernels
from ..errors import PlanTooLarge
from ..game.cards import POINT_VALUES, POINTS, RANKS, SUITS_PER_RANK
from ..game.coup import COUP_CARDS, POSITIONS, SHOE_ORDER, THIRD_CARDS, coup_plan
from ..game.shoe import Shoe, falling
from ..game.tableau import Tableau
from ..util.progress import Progress, Steps
from .card_cells import BINOM, bases, cell_numbering, suit_class_of
from .coup_groups import CoupGroups, group_coups, packed_values, weighed
from .count_threads import count_threads, run_parts
from .spill import SpilledCounts
from .suit_stages import count_staged, staged, staged_steps

#: A position with no card (a third card not dealt, or a position not enumerated).
ABSENT = card_kernels.ABSENT
#: Above this many cell numbers, cells are counted in spilled leaves
#: (:mod:`~bacc_edge.engine.spill`) rather than an array.
DENSE_CELLS = 1 << 25
#: The most memory a count may take, bytes (beside the 190-230 MB of the process itself,
#: its kernels loaded, so that the process stays within 1 GB): a count past it is refused.
MEMORY_LIMIT = 768 << 20
#: Bytes per cell a first count in spilled leaves takes (:mod:`~bacc_edge.engine.spill`):
#: its number and count, twice while a merge writes the next arrays, beside the buffer
#: (:data:`~bacc_edge.engine.spill.SPILL_BYTES`). Measured at its peak, the buffer
#: included: 61 bytes a cell on Rank groups (5.0 million cells) with the cells read off
#: them (16 bytes more, priced apart), 46 on random bet 60 (13 million).
SPILLED_BYTES = 32
#: Bytes per cell of the part read at once: its number decoded and the features the
#: conditions read (measured: some 110 on Rank groups).
CELL_BYTES = 150
#: A card layout reads the features of at most this many cells at once; past them, in
#: parts of this many (:meth:`~bacc_edge.engine.card_table.CardLayout.parts`), so that
#: CELL_BYTES is spent on one part, and each cell takes KEPT_BYTES beside: its number,
#: its settle class and line, the settling's arrays of every cell while they are made,
#: and its count on each shoe counted (8 bytes a shoe whose table is kept: a later
#: shoe's cells are counted into an array of the cells known; see :func:`count_run`).
#: Measured at the peak of a full and three part-dealt shoes, their tables kept, less
#: the part's features (a part of PART_CELLS at CELL_BYTES): 58 bytes a cell on Rank
#: groups (5.0 million cells), 57 on random bet 13 (6.2 million), 48 on random bet 60
#: (13 million); 8 bytes more for each further shoe whose table is kept.
PART_CELLS = 1 << 19
KEPT_BYTES = 64
#: The most cells a spilled count may hold: past them it stops, unfinished.
SPARSE_CELLS = MEMORY_LIMIT // KEPT_BYTES
#: Bytes per entry of the typed dict that counts modulo primes keep, where cell numbers are
#: too many for an array (a shoe with cards removed without their suit: an entry per
#: cell and prime; key, value, hash and slack, more while it grows).
DICT_BYTES = 136

#: Card sequences past which a count first looks for point values its shoe cannot tell
#: apart (folding takes some 30 ms, a count of this many sequences 0.15 s).
FOLD_SEQUENCES = 1e7
#: A count told ``on_progress`` runs its coups in this many parts, a step each.
PROGRESS_PARTS = 20
#: Card sequences a count deals in one kernel run, about, at most: a longer count runs its
#: coups in parts of about this many (:func:`count_parts`), since Python acts on Ctrl-C
#: only between two kernel runs, never inside one (0.2-0.8 s of dealing at 40-150 ns a
#: sequence; a count modulo primes of 1.3e9 sequences, run whole, heard Ctrl-C 72 s late).
INTERRUPT_SEQUENCES = 5e6
#: A coup weighed into its group (:mod:`~bacc_edge.engine.coup_groups`) takes as long as
#: dealing this many card sequences into an array (measured: 13-24 ns a coup, its
#: factors read off once, :class:`~bacc_edge.engine.coup_groups.WeighedCoups`, on random
#: bets 38, 42, 80 and 140's 268,600-339,400 coups, against 15 ns a sequence; 150-167 ns
#: when each coup was begun as a count begins it).
COUP_STEPS = 2
#: A layout's coups are looked at for groups only where its sequences pass this many a
#: coup: making the groups, to price them, takes a first count 0.2-0.5 s (random bets 17,
#: 18, 21, 28, 33: their coups' cell parts, np.unique, the coups to weigh), more than
#: grouping saves a count of fewer sequences (their first counts 0.2-0.8 s without it,
#: 1.3-2.0 s with it looked at from 2 sequences a coup).
GROUPS_FROM = 10


def cells_memory(cells: float) -> float:
    """Bytes ``cells`` cells of a card layout take once counted and while settled: each
    cell's KEPT_BYTES, and the features of the most read at once (CELL_BYTES each)."""
    return KEPT_BYTES * cells + CELL_BYTES * min(cells, PART_CELLS)


@lru_cache(maxsize=8)
def _value_coups(tableau: Tableau) -> np.ndarray:
    """Every coup as point values in dealing order (P1 B1 P2 B2 P3 B3), ABSENT where a
    hand stood: the coups the tableau can deal, sorted."""
    most = POINT_VALUES ** COUP_CARDS  # at most one coup per run of values read
    out = np.empty((most, len(POSITIONS)), dtype=np.int64)  # only the rows written touched
    n = card_kernels.value_coups(coup_plan(tableau), out)
    out = out[:n].copy()
    out.setflags(write=False)
    return out


@lru_cache(maxsize=4)
def enumeration(detail, tableau: Tableau):
    """The count kernels' inputs that no shoe changes.

    Parameters
    ----------
    detail : CardDetail
        What the cells tell apart.
    tableau : Tableau
        The drawing rules.

    Returns
    -------
    cells : CardCells
        The coups (or, where the coup is not read, the positions read) as point values,
        their parts of the cell number and how many coups each stands for (see
        :func:`fold_coups`), the fine classes of each point value, the cell codes and
        strides, the blocks (:class:`~bacc_edge.engine.card_kernels.CardCells`).
    block_stride : numpy.ndarray or None
        The blocks' strides; None where no block has several positions.
    """
    if detail.coup:
        coups = _value_coups(tableau)
    else:
        read = [i for i, r in enumerate(detail.reads) if r]
        grid = np.array(list(itertools.product(range(POINT_VALUES), repeat=len(read))),
                        dtype=np.int64).reshape(-1, len(read))
        coups = np.full((len(grid), len(POSITIONS)), ABSENT, dtype=np.int64)
        coups[:, read] = grid
    cells = cell_numbering(detail)
    keys = cells.coup_keys(coups)
    if detail.beyond and detail.coup:
        coups, keys = _fill_unused(coups, keys, SHOE_ORDER.index(detail.beyond[-1]) + 1)
    m = detail.n_suit_classes
    value_bases, n_bases = _value_bases(detail)
    fine = np.array(detail.fine)
    suited = fine & (np.array(cells.suit_radix) > 1)  # the others are dealt by base only
    label_ways = np.array([perm(m, j) for j in range(m + 1)], dtype=np.int64)
    stride, block_of, block_pos, block_start, block_stride = cells.strides()
    return card_kernels.CardCells(
        *fold_coups(coups, keys, detail.blocks), fine, suited, value_bases, n_bases, m,
        stride, *cells.codes(), label_ways, block_of, block_pos, block_start,
        BINOM), block_stride


def _value_bases(detail):
    """The kernel's bases per point value: ``bases[v, :n_bases[v]]``."""
    value = bases(detail)[0]
    by_value = [np.flatnonzero(value == v) for v in range(POINT_VALUES)]
    n_bases = np.array([len(b) for b in by_value], dtype=np.int64)
    out = np.zeros((POINT_VALUES, int(n_bases.max())), dtype=np.int64)
    for v, b in enumerate(by_value):
        out[v, :len(b)] = b
    return out, n_bases


def _fill_unused(coups: np.ndarray, keys: np.ndarray, cards: int):
    """Each coup with the first ``cards`` cards out of the shoe dealt, the coup's own
    and, where it takes fewer, the next ones, each as every point value: a card the
    coup leaves in the shoe goes in an empty third card's position, the player's first
    (:data:`~bacc_edge.game.coup.SHOE_ORDER`), so that the kernel deals it from the
    shoe like any other card and the tail ways shrink by it. The coups' keys stay
    theirs: whether each hand drew is read from the key, never from the positions."""
    thirds = [POSITIONS.index(p) for p in THIRD_CARDS]
    empty = coups[:, thirds] == ABSENT
    extra = np.maximum(cards - (len(POSITIONS) - empty.sum(axis=1)), 0)
    ways = POINT_VALUES ** extra
    rows = np.repeat(np.arange(len(coups)), ways)
    out = coups[rows]
    within = np.arange(len(rows)) - np.repeat(np.cumsum(ways) - ways, ways)
    for i in range(int(extra.max(initial=0))):  # the (i + 1)-th card left: a digit
        dealing = extra[rows] > i
        digit = within // POINT_VALUES ** np.maximum(extra[rows] - 1 - i, 0) % POINT_VALUES
        column = np.where(out[:, thirds[0]] == ABSENT, thirds[0], thirds[1])
        at = np.flatnonzero(dealing)
        out[at, column[at]] = digit[at]
    return out, keys[rows]


def fold_coups(coups: np.ndarray, keys: np.ndarray, blocks: tuple):
    """The coups that deal alike, counted once.

    Two coups deal alike where their blocks of several positions hold the same point
    values in another order, and their other positions and their parts of the cell
    number are the same: each card sequence of one has the same weight as its
    reordering in the other, and the same multisets, so a cell the conditions read alike
    (the same cell, or where suits are named in order of appearance, one with the suits
    renamed).

    Parameters
    ----------
    coups : numpy.ndarray
        One row per coup, point values in dealing order (ABSENT: no card).
    keys : numpy.ndarray
        Each coup's part of the cell number.
    blocks : tuple of tuple of int
        The positions told apart only as a multiset, per block.

    Returns
    -------
    coups, keys : numpy.ndarray
        The coups kept (the first of each set that deals alike; read-only, as every
        layout's coups are, so that numba compiles each count kernel once, not once
        more for writable coups) and their keys.
    ways : numpy.ndarray
        How many coups each stands for.
    """
    several = [list(b) for b in blocks if len(b) > 1]
    if not several:
        return card_kernels.read_only(coups), keys, np.ones(len(coups), dtype=np.int64)
    values = [np.ascontiguousarray(column) for column in coups.T]
    for block in several:  # each block's values sorted, row by row: odd-even transposition
        for step in range(len(block)):
            for a, b in zip(block[step % 2::2], block[step % 2 + 1::2]):
                values[a], values[b] = (np.minimum(values[a], values[b]),
                                        np.maximum(values[a], values[b]))
    alike = packed_values(keys, values)  # below 4.9 M · 11^6: fits in 64 bits
    _, first, ways = np.unique(alike, return_index=True, return_counts=True)
    order = np.argsort(first)
    kept = first[order]
    return card_kernels.read_only(coups[kept]), keys[kept], ways[order].astype(np.int64)


def fold_classes(detail, fine_counts: np.ndarray, value_counts: np.ndarray,
                 sequences: float):
    """The classes of interchangeable point values (:func:`interchangeable`) a count of
    ``sequences`` card sequences folds its coups by (:func:`value_folded`): only past
    :data:`FOLD_SEQUENCES`; None where it folds none."""
    if sequences <= FOLD_SEQUENCES:
        return None
    return interchangeable(detail, fine_counts, value_counts)


def interchangeable(detail, fine_counts: np.ndarray, value_counts: np.ndarray):
    """The point values a shoe cannot tell apart where the cells do not read them.

    Where no position dealt reads a card's rank or value (only its suit or colour, and
    the parts of the coup the key holds), two point values are interchangeable on a shoe
    that holds as many cards of each: as many per suit class of each of their bases, and
    as many in all. Swapping them in a coup swaps them in every card sequence it deals,
    which keeps each sequence's weight (its cards come from pools of the same sizes, and
    the cards of one value stay of one value) and its cell (no code reads the value).

    Parameters
    ----------
    detail : CardDetail
    fine_counts, value_counts : numpy.ndarray
        The shoe's cards per fine class and per point value (:func:`shoe_counts`).

    Returns
    -------
    tuple of int or None
        Per point value, the least value interchangeable with it; None where the cells
        read a value or rank, or no two values are interchangeable.
    """
    numbering = cell_numbering(detail)
    dealt = [detail.coup or bool(r) for r in detail.reads]
    if any(d and numbering.base_radix[p] > 1 for p, d in enumerate(dealt)):
        return None
    value_bases, n_bases = _value_bases(detail)
    pools = np.asarray(fine_counts).reshape(detail.n_bases, detail.n_suit_classes)
    signature = [(int(value_counts[v]), pools[value_bases[v, :n_bases[v]]].tobytes())
                 for v in range(POINT_VALUES)]
    out = tuple(signature.index(s) for s in signature)
    return None if out == tuple(range(POINT_VALUES)) else out


@lru_cache(maxsize=8)
def value_folded(detail, tableau: Tableau, classes: tuple):
    """:func:`enumeration` with the coups that differ only by interchangeable point values
    (``classes``: :func:`interchangeable`) counted once, times how many they are.

    Each coup's values are named, class by class, in order of first appearance (the
    first value of a class met in dealing order is its least, the next new one its
    second …): coups with the same names and the same part of the cell number are one
    another with interchangeable values swapped, so they deal the same weights into the
    same cells (a full 8-deck shoe: the nine values 1-9 are interchangeable, and
    339,400 coups read only for whether each hand drew fold to 1,276)."""
    cells, block_stride = enumeration(detail, tableau)
    coups = cells.coups
    members = {c: [v for v in range(POINT_VALUES) if classes[v] == c] for c in set(classes)}
    nth_member = np.full((POINT_VALUES, POINT_VALUES), ABSENT, dtype=np.int64)
    for c, values in members.items():
        nth_member[c, :len(values)] = values
    names = np.empty_like(coups)
    card_kernels.value_names(coups, np.array(classes, dtype=np.int64), nth_member, names)
    alike = packed_values(cells.coup_key, names.T)  # below 4.9 M · 11^6: fits in 64 bits
    _, first, group = np.unique(alike, return_index=True, return_inverse=True)
    ways = np.zeros(len(first), dtype=np.int64)
    np.add.at(ways, group.reshape(-1), cells.coup_ways)
    out = cells._replace(coups=card_kernels.read_only(coups[first]),
                         coup_key=np.ascontiguousarray(cells.coup_key[first]), coup_ways=ways)
    return out, block_stride


def shoe_counts(detail, suits: np.ndarray, ranks: np.ndarray | None = None):
    """A shoe's cards as the count kernels deal them.

    Parameters
    ----------
    detail : CardDetail
    suits : numpy.ndarray
        13 × 4 counts by rank and suit.
    ranks : numpy.ndarray, optional
        The counts by rank, for a shoe whose suits are unknown (``suits`` then unread
        where suits are not told apart).

    Returns
    -------
    fine : numpy.ndarray
        The cards of each fine class (:func:`~bacc_edge.engine.card_cells.fine_classes`).
    values : numpy.ndarray
        The cards of each point value.
    """
    ranks = suits.sum(axis=1) if ranks is None else np.asarray(ranks, dtype=np.int64)
    values = np.zeros(POINT_VALUES, dtype=np.int64)
    np.add.at(values, np.array(POINTS), ranks)
    base_of = bases(detail)[2]
    m = detail.n_suit_classes
    of = suit_class_of(detail)
    fine = np.zeros(detail.n_bases * m, dtype=np.int64)
    for r in range(len(RANKS)):
        if m == 1:
            fine[base_of[r]] += ranks[r]
            continue
        for s in range(SUITS_PER_RANK):
            fine[base_of[r] * m + of[s]] += suits[r, s]
    return fine, values


def tail_ways(shoe: Shoe) -> np.ndarray:
    """Ordered ways to deal the positions a coup leaves unused.

    Returns
    -------
    numpy.ndarray
        ``[k]``: the ways after k cards dealt, k = 0 … 6 (int64).
    """
    n = shoe.cards
    if shoe.replacement:
        return np.array([n ** (COUP_CARDS - k) for k in range(COUP_CARDS + 1)], dtype=np.int64)
    return np.array([falling(n - k, COUP_CARDS - k) for k in range(COUP_CARDS + 1)],
                    dtype=np.int64)


def relabelling(detail, fine_counts: np.ndarray) -> int:
    """How the count kernels name suits (see
    :func:`~bacc_edge.engine.card_kernels.count_cells`).

    Returns
    -------
    int
        0: as they are. 1: in order of appearance, dealing only sequences so named, where
        every suit class of a base holds as many cards. 2: in order of appearance, on any
        shoe.
    """
    if not detail.relabel:
        return 0
    by_suit = fine_counts.reshape(detail.n_bases, detail.n_suit_classes)
    return 1 if (by_suit == by_suit[:, :1]).all() else 2


def no_residues() -> card_kernels.Residues:
    """The count kernel's :class:`~bacc_edge.engine.card_kernels.Residues` for exact
    counts: none kept modulo primes."""
    return card_kernels.Residues(np.zeros(0, dtype=np.int64), np.zeros((3, 0), dtype=np.uint64),
                                 -1, np.zeros((0, 1), dtype=np.uint64),
                                 np.zeros((0, 0), dtype=np.uint64))


def count_run(detail, tableau: Tableau, fine_counts, value_counts, tails, removal,
              relabel: int, sequences: float = 0.0, known: np.ndarray | None = None,
              on_progress: Progress | None = None, spilled: SpilledCounts | None = None):
    """Count one shoe into the cell numbers of ``detail``, exactly (int64).

    Parameters
    ----------
    detail : CardDetail
    tableau : Tableau
    fine_counts, value_counts : numpy.ndarray
        The shoe's cards per fine class and per point value (:func:`shoe_counts`).
    tails : numpy.ndarray
        :func:`tail_ways`.
    removal : int
        1: dealt without replacement; 0: with.
    relabel : int
        :func:`relabelling`.
    sequences : float
        The card sequences the count deals one by one (its plan's estimate,
        :func:`~bacc_edge.engine.card_plan.plan_cost`): past :data:`FOLD_SEQUENCES`, the
        coups of interchangeable values are counted once (:func:`value_folded`), and
        where no card's rank or value is read and the stages take fewer steps, the count
        is made in stages (:mod:`~bacc_edge.engine.suit_stages`).
    known : numpy.ndarray, optional
        The cells the shoe can reach, sorted, where they are known (a layout's cells,
        found on a shoe of plenty of its cards): cell numbers more than
        :data:`DENSE_CELLS` are then counted into an array of them (8 bytes a cell); a
        cell reached not among them (none should be) is counted again, spilled
        (:mod:`~bacc_edge.engine.spill`).

    Returns
    -------
    numpy.ndarray or tuple of numpy.ndarray
        A count per cell number; or, where they are more than :data:`DENSE_CELLS`, (the
        cell numbers reached, their counts), sorted by cell number (with ``known``,
        ``known`` itself, a count of 0 where a cell is not reached).

    ``on_progress`` (see :mod:`~bacc_edge.util.progress`) hears of each of
    :data:`PROGRESS_PARTS` parts of the coups counted (a count made in stages: one step).
    ``spilled``: the buffer a sparse count spills into, where the caller gives its own
    (a streamed count's, :mod:`~bacc_edge.engine.streamed_count`, which takes each
    batch of cells as it comes and keeps none: its result is then none of its cells).
    """
    size = cell_numbering(detail).size
    sparse = size > DENSE_CELLS
    if sparse and known is not None:  # into an array of the cells known, by bisection
        out = np.zeros(len(known) + 1, dtype=np.int64)
        _run(detail, tableau, fine_counts, value_counts, tails, removal, relabel, sequences,
             (out, None, known), on_progress)
        if out[-1]:  # a cell not known: counted again, spilled
            return count_run(detail, tableau, fine_counts, value_counts, tails, removal,
                             relabel, sequences)
        return known, out[:-1]
    if not sparse:
        out = np.zeros(size, dtype=np.int64)
        _run(detail, tableau, fine_counts, value_counts, tails, removal, relabel, sequences,
             (out, None, None), on_progress)
        return out
    spilled = SpilledCounts(SPARSE_CELLS) if spilled is None else spilled
    if _run(detail, tableau, fine_counts, value_counts, tails, removal, relabel, sequences,
            (np.zeros(1, dtype=np.int64), spilled, None), on_progress) < 0:
        raise too_many_cells(detail)
    counted = spilled.items()
    if counted is None:
        raise too_many_cells(detail)
    return counted


def _run(detail, tableau: Tableau, fine_counts, value_counts, tails, removal: int,
         relabel: int, sequences: float, into: tuple, on_progress: Progress | None) -> int:
    """One count kernel's run for :func:`count_run` into ``into`` (``out``, ``spilled``,
    ``known``: the counts' array, the :class:`~bacc_edge.engine.spill.SpilledCounts` of
    a sparse count, the cells known, see :func:`_count_part`): what it returns (-1:
    stopped past the cells a count may hold). Told ``on_progress``, in
    :data:`PROGRESS_PARTS` runs of a part of the coups each (a coup's sequences add to
    the same counts whichever run deals them), the runs dealt on the threads
    :func:`~bacc_edge.engine.count_threads.count_threads` gives, each into counts of its
    own (:func:`_forked`), added up at the end (:func:`join_threads`)."""
    out = into[0]
    inputs = _inputs(detail, tableau, fine_counts, value_counts, sequences)
    if inputs is None:  # in stages: fewer steps than the sequences, even folded
        step = Steps(on_progress, 1)
        count_staged(detail, tableau, enumeration(detail, tableau)[0],
                     fine_counts.reshape(POINT_VALUES, -1), tails, removal, out)
        step()
        return 0
    shoe = card_kernels.CardShoe(fine_counts, value_counts, tails, removal, relabel)
    cells, block_stride, groups, steps = inputs
    if groups is not None:  # a group of coups alike at a time: fewer steps
        cells, shoe = weighed(groups, shoe)
    threads = threads_into(into, steps)
    n_parts = count_parts(sequences, on_progress, threads)
    step = Steps(on_progress, n_parts)
    parts = [part for _, _, part in coup_slices(cells, n_parts)]
    intos = [into] + [_forked(into) for _ in range(threads - 1)]
    done = run_parts(parts, lambda part, mine: _count_part(part, block_stride, shoe, mine),
                     intos, step)
    return done if done < 0 else join_threads(into, intos[1:])


def threads_into(into: tuple, steps: float) -> int:
    """How many threads a count of ``steps`` into ``into`` (:func:`_run`) deals on
    (:func:`~bacc_edge.engine.count_threads.count_threads`): each past the first takes a
    copy of its array of counts, or a fork of its spilled counts (a buffer of its own)."""
    out, spilled, _ = into
    if spilled is None:
        return count_threads(steps, out.nbytes, summed=True)
    return count_threads(steps, spilled.fork_bytes)


def _forked(into: tuple) -> tuple:
    """Counts of another thread for ``into`` (:func:`_run`): an array of zeros like its
    own, or a fork of its spilled counts
    (:meth:`~bacc_edge.engine.spill.SpilledCounts.fork`)."""
    out, spilled, known = into
    if spilled is None:
        return np.zeros_like(out), None, known
    return out, spilled.fork(), known


def join_threads(into: tuple, others: list[tuple]) -> int:
    """The counts of the other threads' ``others`` added into ``into``'s: their arrays
    summed in, their spilled forks' last cells merged (or handed on, streamed): 0, or -1
    where the cells kept pass the most a count may hold."""
    for out, spilled, _ in others:
        if spilled is None:
            into[0][:] += out
        elif spilled.items() is None:
            return -1
    return 0


def count_parts(sequences: float, on_progress: Progress | None, threads: int = 1) -> int:
    """How many runs a count of about ``sequences`` card sequences makes of its coups
    (:func:`coup_slices`): :data:`PROGRESS_PARTS` where ``on_progress`` listens, and one
    per :data:`INTERRUPT_SEQUENCES` where that is more, so that Ctrl-C stops it within
    a run; one where neither (a quick count is one kernel call); on ``threads`` threads,
    four runs a thread at least, so that they end near together."""
    return max(1 if on_progress is None else PROGRESS_PARTS,
               ceil(sequences / INTERRUPT_SEQUENCES), 4 * threads if threads > 1 else 1)


def coup_slices(cells, n_parts: int):
    """The coups of ``cells`` (the count kernels' inputs) in ``n_parts`` runs of about as
    much dealing (as many runs as coups at most; :func:`coup_work`): (start, stop, the
    cells of coups start:stop alone). A coup adds to the same counts whichever run deals
    it, so a count runs them one by one to tell its progress, or to hear Ctrl-C between
    them."""
    n_parts = max(1, min(n_parts, len(cells.coups)))
    if n_parts == 1:  # a quick count: its coups' work not weighed (5 ms on 339,400 coups)
        yield 0, len(cells.coups), cells
        return
    done = np.cumsum(coup_work(cells))
    edges = np.searchsorted(done, done[-1] * np.arange(1, n_parts) / n_parts, side="right")
    edges = np.concatenate(([0], edges, [len(cells.coups)]))
    for start, stop in zip(edges[:-1], edges[1:]):
        yield start, stop, coups_between(cells, start, stop)


def coups_between(cells, start: int, stop: int):
    """The count kernels' inputs ``cells`` of coups ``start:stop`` alone."""
    return cells._replace(coups=cells.coups[start:stop], coup_key=cells.coup_key[start:stop],
                          coup_ways=cells.coup_ways[start:stop])


def coup_work(cells) -> np.ndarray:
    """Per coup of ``cells``, about how many card sequences it deals, as a symmetric shoe
    holding every card deals them: each fine card any of its value's fine classes (a
    card whose suit no code reads, any of its bases). The coups of one layout differ by
    up to 250,000 times: a rich colour bet's 339,400 coups cut in equal numbers made a
    run of 5 s among runs of 0.2 s."""
    coups = np.asarray(cells.coups)
    work = np.ones(len(coups))
    for p in np.flatnonzero(np.asarray(cells.fine)):
        values = coups[:, p]
        ways = np.asarray(cells.n_bases, dtype=float) * (cells.n_suits if cells.suited[p]
                                                         else 1)
        work *= np.where(values == ABSENT, 1.0, ways[np.maximum(values, 0)])
    return work


def _count_part(part, block_stride, shoe, into: tuple) -> int:
    """The count kernel's run over the coups of ``part`` into ``into`` (:func:`_run`):
    :func:`~bacc_edge.engine.card_kernels.count_named` where suits are named in order of
    appearance on an asymmetric shoe, else
    :func:`~bacc_edge.engine.card_kernels.count_cells`; a sparse count spilled, the
    buffer emptied each time it fills (:meth:`~bacc_edge.engine.spill.SpilledCounts.run`)."""
    out, spilled, known = into
    spill = None if spilled is None else spilled.spill

    def count() -> int:
        if shoe.relabel == 2:
            return card_kernels.count_named(part, block_stride, shoe, out, spill, known)
        return card_kernels.count_cells(part, block_stride, shoe, 0, out, spill, None,
                                        no_residues(), known)

    return count() if spilled is None else spilled.run(count)


def _inputs(detail, tableau: Tableau, fine_counts, value_counts, sequences: float):
    """The count kernels' inputs for a shoe, and the groups of its coups where it is
    counted a group at a time (else None): the coups of interchangeable values folded
    where a count deals more than :data:`FOLD_SEQUENCES` sequences; None where counting
    in stages takes fewer steps than the sequences left (a dense count only); the coups
    in groups (:func:`grouped_steps`) where that takes fewer steps still; and the steps
    the count will take, about."""
    inputs = enumeration(detail, tableau)
    in_groups = grouped_steps(detail, tableau, sequences)
    classes = fold_classes(detail, fine_counts, value_counts, sequences)
    if classes is not None:
        folded = value_folded(detail, tableau, classes)
        sequences *= len(folded[0].coups) / len(inputs[0].coups)
        inputs = folded
    if (sequences > staged_steps(detail) and staged(detail)
            and cell_numbering(detail).size <= DENSE_CELLS):
        return None
    if in_groups and in_groups < sequences:
        return *enumeration(detail, tableau), coup_groups(detail, tableau), in_groups
    return *inputs, None, sequences


@lru_cache(maxsize=4)
def coup_groups(detail, tableau: Tableau) -> CoupGroups | None:
    """The groups of the layout's coups (:mod:`~bacc_edge.engine.coup_groups`); None
    where it has blocks of several positions, which are not grouped, or each coup is a
    group of its own (every position fine, or no two coups alike)."""
    cells, block_stride = enumeration(detail, tableau)
    if block_stride is not None or np.all(cells.fine):
        return None
    return group_coups(cells)


def grouped_steps(detail, tableau: Tableau, sequences: float) -> float:
    """The steps of a count of ``sequences`` card sequences made a group of coups at a
    time (:mod:`~bacc_edge.engine.coup_groups`): :data:`COUP_STEPS` for each coup's
    weight, and the groups' sequences (``sequences`` times the groups'
    :attr:`~bacc_edge.engine.coup_groups.CoupGroups.share`); 0 where its coups are not
    grouped, its sequences are fewer than :data:`GROUPS_FROM` a coup, or it would take no
    fewer steps than the sequences."""
    coups = len(enumeration(detail, tableau)[0].coups)
    groups = coup_groups(detail, tableau) if sequences > GROUPS_FROM * coups else None
    if groups is None:  # (too few sequences a coup for grouping to pay its making)
        return 0.0
    steps = COUP_STEPS * len(groups.group) + groups.share * sequences
    return steps if steps < sequences else 0.0


def too_many_cells(detail, most: int | None = None) -> PlanTooLarge:
    """The error of a count stopped at ``most`` cells (default :data:`SPARSE_CELLS`)."""
    return PlanTooLarge(f"{detail.describe()}: too large to count: it reaches more than "
                        f"{SPARSE_CELLS if most is None else most:,} cells, past the "
                        f"{MEMORY_LIMIT >> 20:,} MB a count may take")


def sparse_items(table) -> tuple[np.ndarray, np.ndarray]:
    """The keys and the values of a kernel's sparse counts (a typed dict), as arrays."""
    n = card_kernels.dict_size(table)
    keys = np.empty(n, dtype=np.int64)
    values = np.empty(n, dtype=np.int64)
    card_kernels.dict_items(table, keys, values)
    return keys, values


def on_cells(counted, cells: np.ndarray) -> np.ndarray:
    """The counts of ``cells`` (sorted cell numbers) from one :func:`count_run`."""
    if isinstance(counted, np.ndarray):
        return counted[cells]
    reached, counts = counted
    if reached is cells:  # counted into an array of these cells
        return counts
    out = np.zeros(len(cells), dtype=np.int64)
    at = np.searchsorted(cells, reached)
    out[at] = counts
    return out


__all__ = ["ABSENT", "CELL_BYTES", "COUP_STEPS", "DENSE_CELLS", "DICT_BYTES", "FOLD_SEQUENCES",
           "GROUPS_FROM", "INTERRUPT_SEQUENCES", "KEPT_BYTES", "MEMORY_LIMIT", "PART_CELLS",
           "PROGRESS_PARTS", "SPARSE_CELLS", "SPILLED_BYTES", "cells_memory", "count_parts",
           "count_run", "coup_groups", "coup_slices", "coup_work", "coups_between",
           "enumeration", "fold_classes", "fold_coups", "grouped_steps", "interchangeable",
           "join_threads", "no_residues", "on_cells", "relabelling", "shoe_counts",
           "sparse_items", "tail_ways", "threads_into", "too_many_cells", "value_folded"]
