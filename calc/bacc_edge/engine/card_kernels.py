"""The numba kernels of the card-level table: the coups a tableau deals, as point values,
and counting card-level coups into cells, exactly.

They read the game from their arguments: the dealing order and the drawing rules as a
:class:`bacc_edge.game.coup.CoupPlan`, read as the dealer of real shoes reads it
(:func:`~bacc_edge.engine.coup_kernels.read_coup`); the coups as point values, which
positions are told apart finely, each class's point value and cell code, the blocks of
positions told apart as a multiset, the shoe's counts and the cell strides from
:mod:`bacc_edge.engine.card_enumeration`. One fact they hold themselves: the columns of
a coup are its six positions in dealing order (P1 B1 P2 B2 P3 B3, as
:func:`value_coups` writes them), ABSENT where no card is.
"""

from __future__ import annotations

import numpy as np

from typing import NamedTuple

from ..game.coup import COUP_CARDS, NO_THIRD
from .coup_kernels import coup_reading, read_coup, read_thirds
from .jit import inline, kernel
from .residues import redc
from .spill import begin_coup, first_coup, spill_leaf, stopped

#: a position with no card (a third card not dealt, or a position not enumerated)
ABSENT = NO_THIRD


class CardCells(NamedTuple):
    """A layout's shoe-independent inputs of :func:`count_cells` (built by
    :mod:`bacc_edge.engine.card_table`)."""

    coups: np.ndarray
    coup_key: np.ndarray
    coup_ways: np.ndarray
    fine: np.ndarray
    suited: np.ndarray
    bases: np.ndarray
    n_bases: np.ndarray
    n_suits: int
    stride: np.ndarray
    fine_code: np.ndarray
    value_code: np.ndarray
    absent_code: np.ndarray
    label_ways: np.ndarray
    block_of: np.ndarray
    block_pos: np.ndarray
    block_start: np.ndarray
    binom: np.ndarray


def read_only(coups: np.ndarray) -> np.ndarray:
    """``coups`` (a layout's coups as the count kernels take them), contiguous and
    read-only: numba compiles a kernel again for each combination of writable and
    read-only arrays it is given (16 of the 95 a cold run of the tests compiled
    differed only so), and no kernel writes them."""
    out = np.ascontiguousarray(coups)
    if out is coups and coups.flags.writeable:
        out = coups.view()
    out.setflags(write=False)
    return out


class CardShoe(NamedTuple):
    """The shoe as :func:`count_cells` deals it."""

    fine_counts: np.ndarray
    value_counts: np.ndarray
    tails: np.ndarray
    removal: int
    relabel: int


class Residues(NamedTuple):
    """What :func:`count_cells` needs to keep counts modulo primes (cards removed
    without their suit)."""

    rank_of: np.ndarray
    moduli: np.ndarray
    merged: int
    table: np.ndarray
    residues: np.ndarray


class CardRecord(NamedTuple):
    """The leaves of a layout's enumeration, as :func:`count_cells` deals them on a shoe
    on which no branch is skipped (written there, read by :func:`replay_cells`; see
    :mod:`bacc_edge.engine.card_replay`). Coup i's leaves are ``first[i]:first[i + 1]``;
    leaf j's fine cards (in the kernel's order, ``f_pos``) are of the fine classes
    ``classes[j, :nf]`` (a card dealt by base only: its base's class of suit 0), it
    stands for ``orders[j]`` orders of them (empty: every leaf for one) and reaches cell
    ``known[at[j]]`` (``len(known)``: a cell not known). ``n[0]``: the leaves written."""

    first: np.ndarray
    classes: np.ndarray
    orders: np.ndarray
    at: np.ndarray
    n: np.ndarray


class LeafTape(NamedTuple):
    """A count's leaves in the order :func:`count_cells` deals them skipping no branch (a
    card or coup the shoe lacks dealt at weight 0), from leaf ``at[0]`` on, ``at[0]``
    moved past the last: where ``cells`` is not empty, each leaf's cell number and
    weight written down (``cells[j]``, ``weights[j]``, as many as they have room for);
    else each leaf's weight added to its class on the tape, ``out[classes[j]]`` (see
    :mod:`bacc_edge.engine.leaf_classes`)."""

    classes: np.ndarray
    cells: np.ndarray
    weights: np.ndarray
    at: np.ndarray


class CellRecord(NamedTuple):
    """A :class:`CardRecord`'s leaves in the order of their cells (``at``, then the order
    they were dealt in), each with its coup (``coup[j]``): read by :func:`replay_by_cell`,
    whose writes then run through the counts in order (made by :func:`cell_order`)."""

    classes: np.ndarray
    orders: np.ndarray
    at: np.ndarray
    coup: np.ndarray


@kernel
def count_cells(cells, block_stride, shoe, sparse, out, sparse_out, ratios, modular, known,
                record=None, in_dict=None, tape=None):
    """Add to ``out[cell]`` the ordered six-card deals of every card sequence; or, for
    cell numbers too many for an array, write each leaf (cell number, weight) into
    ``sparse_out``, a :class:`~bacc_edge.engine.spill.Spill` (None where the counts are
    dense). Returns 0; or :data:`~bacc_edge.engine.spill.STOPPED`, the buffer full: the
    caller empties it and calls again, and the count resumes where it stopped (see
    :mod:`~bacc_edge.engine.spill`). ``known`` (sorted cell numbers, with ``sparse_out``
    None), where a shoe's cells are known before it is counted: ``out[i]`` counts cell
    ``known[i]``, found by bisection, 8 bytes a cell; a cell not among them adds 1 to
    ``out[len(known)]`` (the caller counts again, spilled). None: cells are numbered as
    they are. ``sparse`` is for counts modulo primes only (with ``ratios``; below).

    ``coups[i]`` is a coup (or the positions read) as point values, ABSENT where no
    card is, standing for ``coup_ways[i]`` coups that deal alike; ``coup_key[i]`` its
    part of the cell number. A position where ``fine`` is set is dealt as every fine
    class of its value: ``bases[v, :n_bases[v]]`` times ``n_suits`` suit classes,
    class = base * n_suits + suit; one where ``suited`` is not set (its code reads no
    suit or colour) is dealt as each base only, after every suited card of the
    sequence, from the base's cards of every suit less the fine cards of that base
    dealt before it: the sum of its fine classes' weights, whatever the suits of the
    cards before it (they were dealt from the same pools), so the count stays exact in
    a quarter (or half) of the steps at each such position. Each position has a code
    (``fine_code[p, class]``, ``value_code[p, v]``, ``absent_code[p]``); a position
    alone adds ``stride[p]`` times its code to the cell number. The positions of block
    b (``block_of[p]`` = b, listed in ``block_pos[block_start[b]:block_start[b + 1]]``)
    have stride 0: the block adds ``block_stride[b]`` times the rank of its codes'
    multiset (:func:`multiset_rank`, with ``binom``), once they are all known.
    ``block_stride`` is None where no block has several positions: numba then compiles
    the kernel without the blocks' steps, which slow its loop by a quarter.

    The weight of a sequence is the same in every order of its cards, so fine cards
    come out of ``fine_counts`` first and the others out of ``value_counts`` less the
    fine cards of their value; ``removal`` 0 deals with replacement, and ``tails[k]``
    deals the positions a k-card sequence leaves unused.

    ``relabel`` 1: the cell codes carry suits renamed in order of first appearance, and
    the shoe is symmetric in its suit classes, so only sequences already so named are
    dealt, each standing for ``label_ways[j]`` namings of its j suit classes. 2: the
    same cell codes on any shoe, every sequence dealt and renamed. 0: suits as they
    are; then the fine cards of one value in one block are dealt in non-decreasing
    class order only, each sequence standing for its reorderings (the same weight, the
    same multiset, so the same cell).

    ``ratios`` None: ``out`` holds exact counts. Else the counts are kept modulo each
    prime p = ``moduli[0, k]`` (``residues[k, cell]``, uint64; with ``sparse`` above 0,
    ``in_dict[cell * K + k]``, a typed dict, ``sparse_out`` None, and the count stopped
    unfinished, returning -1, once it holds more than ``sparse`` entries), and
    a fine card of class c whose ``rank_of[c]`` = q >= 0, the t-th of its row q in the
    sequence, also multiplies the weight by
    ``ratios[k, q, t]``: the fractions the cards removed without a suit bring (see
    :func:`bacc_edge.engine.card_table.card_table`), which depend on the ranks dealt but not
    on their order or suits, so the orders and renamings a sequence stands for share
    them. Residues multiply in Montgomery form (R = 2**32, no division:
    :mod:`~bacc_edge.engine.residues`): ``ratios`` hold ratio · R mod p,
    ``moduli[1, k]`` is -1/p mod R and ``moduli[2, k]`` R mod p; each term added is
    weight · ratios / R mod p, so ``residues`` hold the counts / R mod p. Every p lies
    between 2**30 and 2**31, so two residues multiply below 2**62, and a weight below
    2**63 reduces too.

    With ``ratios``, every fine card is dealt with its suit class, ``suited`` or not
    (the table of the merged base below reads its cards' suit classes).
    The classes of base ``merged`` (-1: none) hold cards of several ranks: dealing
    one multiplies the weight by nothing; at the end of the sequence, the residues
    are multiplied by ``table[k, i]`` (in Montgomery form), i the number of its cards
    dealt of each suit class in radix ``radix``: the sum over their ranks of the
    weights and fractions those cards bring, which depends on those numbers alone.
    ``record`` (a :class:`CardRecord`, with ``ratios`` None and ``relabel`` 0; None:
    none) is written as the count runs: each coup's first leaf, and each leaf's fine
    classes, orders and place among ``known``, found once for the count and the record
    (``known`` None: its cell number; leaves past its arrays are counted in ``n`` but not
    written).
    ``tape`` (a :class:`LeafTape`, with ``ratios``, ``record`` and ``sparse_out`` None
    and ``relabel`` 0; None: none): each leaf's cell number and weight written down in
    order, or its weight added to its class on the tape (``out[tape.classes[j]]``, no
    cell number made); no branch skipped where the shoe lacks a card (dealt at weight
    0), so the leaves come in one order on every shoe.
    ``cells`` is a :class:`CardCells`, ``shoe`` a :class:`CardShoe`, ``modular`` a
    :class:`Residues`. ``block_stride`` and ``ratios`` are arguments of their own, not
    fields: numba leaves out the code of a None only for an argument.
    """
    (coups, coup_key, coup_ways, fine, suited, bases, n_bases, n_suits, stride, fine_code,
     value_code, absent_code, label_ways, block_of, block_pos, block_start, binom) = cells
    fine_counts, value_counts, tails, removal, relabel = shoe
    rank_of, moduli, merged, table, residues = modular
    n_pos = coups.shape[1]
    n_fine = 0
    for p in range(n_pos):
        if fine[p]:
            n_fine += 1
    ordered = block_stride is not None and relabel == 0
    used = np.zeros(fine_counts.shape[0], dtype=np.int64)
    base_counts = base_counts_of(fine_counts, n_suits)
    n_bases_all = base_counts.shape[0]
    base_used = np.zeros(n_bases_all, dtype=np.int64)
    v_used, code_at, codes, f_pos, f_val, closes = coup_scratch(value_counts.shape[0], n_pos)
    after = np.full(n_fine + 1, -1, dtype=np.int64)
    nth = np.ones(n_fine + 1, dtype=np.int64)
    run = np.ones(n_fine + 1, dtype=np.int64)
    option = np.zeros(n_fine + 1, dtype=np.int64)
    labels = np.zeros(n_fine + 2, dtype=np.int64)
    weight = np.zeros(n_fine + 2, dtype=np.int64)
    orders = np.ones(n_fine + 2, dtype=np.int64)
    key = np.zeros(n_fine + 2, dtype=np.int64)
    chosen = np.full(n_fine + 1, -1, dtype=np.int64)
    named = np.full(n_fine + 1, -1, dtype=np.int64)
    label_of = np.full(n_suits, -1, dtype=np.int64)
    n_primes = moduli.shape[1]
    leaf = np.zeros(n_primes, dtype=np.uint64)
    radix = n_fine + 1
    ratio = np.zeros((n_fine + 2, n_primes), dtype=np.uint64)
    for j in range(n_primes):
        ratio[0, j] = moduli[2, j]
    dealt_of = np.zeros(rank_of.shape[0] + 1, dtype=np.int64)
    if record is not None:  # its arrays taken once: each read in the loop counts a reference
        first_of, classes_of, orders_of, at_of, written = record
    on_tape, n_tape, making = 0, 0, False  # the tape's next leaf, kept here (not in its
    if tape is not None:  # array: a write to ``out`` might alias it, read again each leaf)
        making = tape.cells.shape[0] > 0
        on_tape = tape.at[0]
        n_tape = tape.cells.shape[0] if making else tape.classes.shape[0]
    for i in range(0 if ratios is not None else first_coup(sparse_out), coups.shape[0]):
        if ratios is None:
            begin_coup(sparse_out, i)
        elif in_dict is not None:
            if sparse and len(in_dict) > sparse:
                return -1  # past the most cells a count may hold: stopped
        if record is not None:
            first_of[i] = written[0]
        nf, _, _, w, cell = coup_cards(
            cells, block_stride, value_counts, tails, removal, i, v_used, code_at, f_pos,
            f_val, codes, closes)
        if tape is not None:  # a value the shoe lacks: its leaves dealt at weight 0 (their
            if w == 0 and making and block_stride is not None:  # cells made whole)
                cell += _close_blocks(f_pos, nf, cells.block_of, cells.block_pos,
                                      cells.block_start, block_stride, cells.binom, code_at,
                                      codes, closes)
            w = max(w, 0)
        elif w == 0:
            continue
        if nf == 0:
            if record is not None:
                _record_leaf(classes_of, orders_of, at_of, written, chosen, 0, 1, known,
                             cell, out, w)
            elif tape is not None:
                if on_tape < n_tape:
                    if making:
                        tape.cells[on_tape] = cell
                        tape.weights[on_tape] = w
                    else:
                        out[tape.classes[on_tape]] += w
                on_tape += 1
            elif ratios is None:
                if not _add(out, sparse_out, known, cell, w):
                    return stopped(sparse_out, i)
            else:
                _merged_factor(ratio[0], used, merged, n_suits, radix, table, moduli, leaf)
                _add_mod(sparse, residues, in_dict, cell, w, leaf, moduli)
            continue
        if ordered:
            _same_value_in_block(f_pos, f_val, nf, block_of, after, nth)
        d = 0
        option[0] = -1
        chosen[0] = -1
        labels[0] = 0
        weight[0] = w
        orders[0] = 1
        key[0] = cell
        while d >= 0:
            by_base = ratios is None and not suited[f_pos[d]]
            if chosen[d] >= 0:
                base_used[chosen[d] // n_suits] -= 1
                if not by_base:
                    used[chosen[d]] -= 1
                if ratios is not None and rank_of[chosen[d]] >= 0:
                    dealt_of[rank_of[chosen[d]]] -= 1
                chosen[d] = -1
            if named[d] >= 0:
                label_of[named[d]] = -1
                named[d] = -1
            option[d] += 1
            choices = n_suits
            if by_base:
                choices = 1
            elif relabel == 1 and labels[d] + 1 < n_suits:
                choices = labels[d] + 1
            if option[d] >= n_bases[f_val[d]] * choices:
                d -= 1
                continue
            suit = option[d] % choices
            base = bases[f_val[d], option[d] // choices]
            c = base * n_suits + suit
            if by_base:  # dealt after every suited card: its base's cards less theirs
                left = base_counts[base] - removal * base_used[base]
            else:
                left = fine_counts[c] - removal * used[c]
            if left <= 0:
                if tape is None:
                    continue
                left = 0
            base_used[base] += 1
            if not by_base:
                used[c] += 1
            chosen[d] = c
            if ratios is not None:
                q = rank_of[c]
                for j in range(n_primes):
                    ratio[d + 1, j] = ratio[d, j]
                    if q >= 0:
                        ratio[d + 1, j] = redc(ratio[d, j] * ratios[j, q, dealt_of[q]],
                                                moduli[0, j], moduli[1, j])
                if q >= 0:
                    dealt_of[q] += 1
            label = suit
            next_labels = labels[d]
            if relabel == 2 and not by_base:
                if label_of[suit] < 0:
                    label_of[suit] = labels[d]
                    named[d] = suit
                label = label_of[suit]
            if label + 1 > next_labels and not by_base:
                next_labels = label + 1
            cd = c - suit + label
            w_here = weight[d] * left
            if ratios is not None and c // n_suits == merged:
                w_here = weight[d]  # its weight is in the table
            key_here = key[d] + stride[f_pos[d]] * fine_code[f_pos[d], cd]
            orders_here = orders[d]
            if ordered:
                run[d] = 1
                if after[d] >= 0 and option[d] == option[after[d]]:
                    run[d] = run[after[d]] + 1
                orders_here = orders[d] * nth[d] // run[d]
            if block_stride is not None and (tape is None or making):
                code_at[f_pos[d]] = fine_code[f_pos[d], cd]
                if closes[d] >= 0:
                    key_here += block_stride[closes[d]] * _block_rank(
                        closes[d], code_at, block_pos, block_start, binom, codes)
            if d == nf - 1:
                if relabel == 1:
                    w_here *= label_ways[next_labels]
                if record is not None:
                    _record_leaf(classes_of, orders_of, at_of, written, chosen, nf,
                                 orders_here, known, key_here, out, w_here * orders_here)
                elif tape is not None:  # (written out here: as an inlined helper returning
                    if on_tape < n_tape:  # the next leaf, the tape's loop took twice as long)
                        if making:
                            tape.cells[on_tape] = key_here
                            tape.weights[on_tape] = w_here * orders_here
                        else:
                            out[tape.classes[on_tape]] += w_here * orders_here
                    on_tape += 1
                elif ratios is None:
                    if not _add(out, sparse_out, known, key_here, w_here * orders_here):
                        return stopped(sparse_out, i)
                else:
                    _merged_factor(ratio[d + 1], used, merged, n_suits, radix, table, moduli,
                                   leaf)
                    _add_mod(sparse, residues, in_dict, key_here, w_here * orders_here,
                             leaf, moduli)
            else:
                d += 1
                option[d] = option[after[d]] - 1 if ordered and after[d] >= 0 else -1
                chosen[d] = -1
                named[d] = -1
                labels[d] = next_labels
                weight[d] = w_here
                orders[d] = orders_here
                key[d] = key_here
    if record is not None:
        first_of[coups.shape[0]] = written[0]
    if tape is not None:
        tape.at[0] = on_tape
    return 0


@kernel
def count_named(cells, block_stride, shoe, out, sparse_out, known, record=None):
    """:func:`count_cells` for suits named in order of first appearance on a shoe that
    is not symmetric in its suit classes (``relabel`` 2), exactly, in far fewer steps.

    :func:`count_cells` deals every suit class of every fine card and renames the
    suits of each sequence (Lucky 8: 4**6 sequences a coup). Here only the sequences
    already so named are dealt (one per partition of the suited fine cards by suit: 203
    at most for six cards), their weights factored: a sequence that gives label l to
    n_bl cards of base b weighs, once its labels are named by distinct suit classes
    φ(l), Π_l G_l(φ(l)), with G_l(s) = Π_b falling(``fine_counts[b · n_suits + s]``,
    n_bl) (distinct labels, distinct pools: nothing shared). Its cell is that of every
    naming, so it adds Σ over injective φ of Π_l G_l(φ(l)) (:func:`injective_sum`):
    the weight of all the renamings :func:`count_cells` deals one by one. G is kept per
    depth as the sequence grows (``g[d, l, s]``), one factor a card. Every number is
    an ordered count of cards dealt from the shoe (a partial sum counts the deals of
    some of the sequence's cards), below the shoe's ordered six-card deals, which the
    caller bounds below 2**63. A fine card whose code reads no suit (``suited`` not
    set) gets no label: it is dealt as its base only, after every suited card, from
    the base's cards of every suit less those of the base dealt before it, whatever
    their suits (as in :func:`count_cells`); its factor multiplies the weight and
    leaves G alone, so the labels and the injective sum are the suited cards' only,
    and the sum is taken once, at the last suited card, for all the cards after it.
    Blocks, strides and codes, ``sparse_out`` and ``known``, the value returned, and a
    ``record`` written (each leaf's classes ``base · n_suits + label``, a card by base
    only of label 0; read by :func:`replay_named`), as :func:`count_cells` (exact
    counts)."""
    (coups, coup_key, coup_ways, fine, suited, bases, n_bases, n_suits, stride, fine_code,
     value_code, absent_code, label_ways, block_of, block_pos, block_start, binom) = cells
    fine_counts, value_counts, tails, removal, relabel = shoe
    n_pos = coups.shape[1]
    m = n_suits
    n_fine = 0
    for p in range(n_pos):
        if fine[p]:
            n_fine += 1
    used = np.zeros(fine_counts.shape[0], dtype=np.int64)  # per (base, label)
    base_counts = base_counts_of(fine_counts, m)
    base_used = np.zeros(base_counts.shape[0], dtype=np.int64)  # per base, any label
    v_used, code_at, codes, f_pos, f_val, closes = coup_scratch(value_counts.shape[0], n_pos)
    option = np.zeros(n_fine + 1, dtype=np.int64)
    labels = np.zeros(n_fine + 1, dtype=np.int64)
    key = np.zeros(n_fine + 1, dtype=np.int64)
    weight = np.ones(n_fine + 1, dtype=np.int64)  # w times the unlabelled cards' factors
    ways = np.ones(n_fine + 1, dtype=np.int64)  # the injective sum, once it is known
    chosen = np.full(n_fine + 1, -1, dtype=np.int64)
    g = np.ones((n_fine + 1, m, m), dtype=np.int64)
    dp = np.zeros((2, 1 << m), dtype=np.int64)
    if record is not None:  # its arrays taken once, as count_cells takes them
        first_of, classes_of, orders_of, at_of, written = record
    for i in range(first_coup(sparse_out), coups.shape[0]):
        begin_coup(sparse_out, i)
        if record is not None:
            first_of[i] = written[0]
        nf, _, _, w, cell = coup_cards(
            cells, block_stride, value_counts, tails, removal, i, v_used, code_at, f_pos,
            f_val, codes, closes)
        if w == 0:
            continue
        if nf == 0:
            if record is not None:
                _record_leaf(classes_of, orders_of, at_of, written, chosen, 0, 1, known,
                             cell, out, w)
            elif not _add(out, sparse_out, known, cell, w):
                return stopped(sparse_out, i)
            continue
        d = 0
        option[0] = -1
        chosen[0] = -1
        labels[0] = 0
        key[0] = cell
        weight[0] = w
        ways[0] = 1  # no suited card: no label to name
        while d >= 0:
            by_base = not suited[f_pos[d]]
            if chosen[d] >= 0:
                base_used[chosen[d] // m] -= 1
                if not by_base:
                    used[chosen[d]] -= 1
                chosen[d] = -1
            option[d] += 1
            choices = 1 if by_base else (labels[d] + 1 if labels[d] < m else m)
            if option[d] >= n_bases[f_val[d]] * choices:
                d -= 1
                continue
            label = option[d] % choices
            base = bases[f_val[d], option[d] // choices]
            c = base * m + label
            next_labels = labels[d]
            if by_base:  # its base's cards of every suit, less those dealt before it
                left = base_counts[base] - removal * base_used[base]
                if left <= 0:
                    continue
                weight[d + 1] = weight[d] * left
                ways[d + 1] = ways[d]
            else:
                # cards of this base already given this label: removal * used[c]
                if not _labelled(g, d, base, label, removal * used[c], fine_counts, m):
                    continue
                if label >= labels[d]:
                    next_labels = label + 1
                weight[d + 1] = weight[d]
                if d == nf - 1 or not suited[f_pos[d + 1]]:  # the last suited card
                    ways[d + 1] = injective_sum(g[d + 1], next_labels, m, dp)
                    if ways[d + 1] == 0:
                        continue
                used[c] += 1
            base_used[base] += 1
            chosen[d] = c
            key_here = key[d] + stride[f_pos[d]] * fine_code[f_pos[d], c]
            if block_stride is not None:
                code_at[f_pos[d]] = fine_code[f_pos[d], c]
                if closes[d] >= 0:
                    key_here += block_stride[closes[d]] * _block_rank(
                        closes[d], code_at, block_pos, block_start, binom, codes)
            if d == nf - 1:
                if record is not None:
                    _record_leaf(classes_of, orders_of, at_of, written, chosen, nf, 1, known,
                                 key_here, out, weight[d + 1] * ways[d + 1])
                elif not _add(out, sparse_out, known, key_here, weight[d + 1] * ways[d + 1]):
                    return stopped(sparse_out, i)
            else:
                d += 1
                option[d] = -1
                chosen[d] = -1
                labels[d] = next_labels
                key[d] = key_here
    if record is not None:
        first_of[coups.shape[0]] = written[0]
    return 0


@inline
def coup_scratch(n_values, n_pos):
    """The scratch arrays :func:`coup_cards` reads and fills, a coup at a time, for coups
    of ``n_pos`` positions and ``n_values`` point values: the cards dealt per value
    (``v_used``), each position's code (``code_at``), a block's codes (``codes``), the
    fine cards' positions and values (``f_pos``, ``f_val``) and the block each closes
    (``closes``), with room for every position."""
    return (np.zeros(n_values, dtype=np.int64), np.zeros(n_pos, dtype=np.int64),
            np.zeros(n_pos, dtype=np.int64), np.zeros(n_pos + 1, dtype=np.int64),
            np.zeros(n_pos + 1, dtype=np.int64), np.full(n_pos + 1, -1, dtype=np.int64))


@inline
def base_counts_of(fine_counts, n_suits):
    """The shoe's cards of each base, its ``n_suits`` suit classes together."""
    out = np.zeros(fine_counts.shape[0] // n_suits, dtype=np.int64)
    for c in range(fine_counts.shape[0]):
        out[c // n_suits] += fine_counts[c]
    return out


@inline
def coup_cards(cells, block_stride, value_counts, tails, removal, i, v_used, code_at, f_pos,
               f_val, codes, closes):
    """Coup i of ``cells`` (a :class:`CardCells`) as the count kernels begin it (the
    shoe's cards by value ``value_counts``, ``removal`` and ``tails`` as in a
    :class:`CardShoe`; the other arrays its scratch): its fine cards (their positions
    ``f_pos[:nf]``, the suited ones first, and values ``f_val[:nf]``, their count per
    value in ``v_used``), every
    other card's code (``code_at``, as no card where absent) and its part of the cell
    number, and the weight of the cards dealt by point value: ``coup_ways[i]`` times the
    ways to deal the unused positions (``tails[k]``, k cards dealt) times each other
    card from its value's pool less the fine cards and the others of that value before
    it (the weight of a sequence is the same in every order of its cards). Where the
    weight is not 0, the blocks of several positions are closed
    (:func:`_close_blocks`: where their fine cards end, and the part of the cell number
    of those with none). Returns nf, the positions dealt and the fine ones (bitmasks),
    the weight and the cell number so far. Shared with
    :mod:`~bacc_edge.engine.coup_groups`, which sums the weights of coups alike."""
    coups, coup_key, coup_ways, fine, suited, stride = (
        cells.coups, cells.coup_key, cells.coup_ways, cells.fine, cells.suited, cells.stride)
    value_code, absent_code = cells.value_code, cells.absent_code
    k = 0
    nf = 0
    dealt = 0
    fine_dealt = 0
    for v in range(v_used.shape[0]):
        v_used[v] = 0
    cell = coup_key[i]
    for p in range(coups.shape[1]):
        c = coups[i, p]
        if c == ABSENT:
            code_at[p] = absent_code[p]
            cell += stride[p] * absent_code[p]
            continue
        k += 1
        dealt |= 1 << p
        if fine[p]:
            fine_dealt |= 1 << p
            v_used[c] += 1
    for by_base in range(2):  # the suited fine cards first, then those by base only
        for p in range(coups.shape[1]):
            if fine_dealt >> p & 1 and suited[p] != (by_base == 1):
                f_pos[nf] = p
                f_val[nf] = coups[i, p]
                nf += 1
    w = tails[k] * coup_ways[i]
    for p in range(coups.shape[1]):
        c = coups[i, p]
        if c != ABSENT and not fine[p]:
            w *= value_counts[c] - removal * v_used[c]
            v_used[c] += 1
            code_at[p] = value_code[p, c]
            cell += stride[p] * value_code[p, c]
    if block_stride is not None and w != 0:
        cell += _close_blocks(f_pos, nf, cells.block_of, cells.block_pos, cells.block_start,
                              block_stride, cells.binom, code_at, codes, closes)
    return nf, dealt, fine_dealt, w, cell


@inline
def _labelled(g, d, base, label, held, fine_counts, m):
    """A suited card of ``base`` given ``label`` after ``d`` cards: ``g[d + 1]`` is
    ``g[d]`` with that label's factor for each suit class s it may be named, the cards of
    its base and class s less the ``held`` of its base given the label before it (none
    left: 0). Whether any naming is left (:func:`count_named`, :func:`replay_named`)."""
    for l in range(m):
        for s in range(m):
            g[d + 1, l, s] = g[d, l, s]
    possible = False
    for s in range(m):
        left = fine_counts[base * m + s] - held
        g[d + 1, label, s] = g[d, label, s] * left if left > 0 else 0
        possible |= g[d + 1, label, s] > 0
    return possible


@inline
def injective_sum(g, n_labels, m, dp):
    """Σ over injective φ: {0 … n_labels - 1} → {0 … m - 1} of Π_l ``g[l, φ(l)]``: the
    labels named one by one, ``dp[.., mask]`` the sum over the namings so far that use
    the suit classes of ``mask`` (a subset of the m <= 4 classes, so 16 at most)."""
    full = 1 << m
    for mask in range(full):
        dp[0, mask] = 0
    dp[0, 0] = 1
    now = 0
    for l in range(n_labels):
        nxt = 1 - now
        for mask in range(full):
            dp[nxt, mask] = 0
        for mask in range(full):
            here = dp[now, mask]
            if here == 0:
                continue
            for s in range(m):
                if not (mask >> s) & 1 and g[l, s] > 0:
                    dp[nxt, mask | (1 << s)] += here * g[l, s]
        now = nxt
    total = 0
    for mask in range(full):
        total += dp[now, mask]
    return total


class FactoredPlan(NamedTuple):
    """Which sets of groups :func:`count_factored` weighs for the cells of each number,
    and where those cells are (built by :mod:`bacc_edge.engine.factored_table`).

    The numbers, sorted (``numbers``), each with its plan (``plan[i]``) and the index of
    its first cell (``first[i]``; ``dense[number]`` = i where ``dense`` is not empty,
    -1 for none). A number's cells are first the cell of its least flags (the groups of
    one suit, a bitmask), which takes the deals the others leave, then its flags told
    apart, ``apart[q, :n_apart[q]]`` for plan q, in order. Plan q weighs W(S) for the
    sets ``weigh[q, :n_weigh[q]]`` (and W(no group), the number's deals), and turns
    them into the deals whose groups of one suit are exactly those flags by the Möbius
    steps W[a] -= W[b], (a, b) = ``step[q, j]`` for j < ``n_step[q]``, in order."""

    weigh: np.ndarray
    n_weigh: np.ndarray
    step: np.ndarray
    n_step: np.ndarray
    apart: np.ndarray
    n_apart: np.ndarray
    numbers: np.ndarray
    plan: np.ndarray
    first: np.ndarray
    dense: np.ndarray


@kernel
def count_factored(cells, block_stride, fine_counts, value_counts, tails, removal, comps,
                   n_comps, plan, out):
    """Count a card layout's deals by what of their suits a bet reads only through
    groups of positions: which groups have every card dealt of one suit class (a group
    of fewer than two cards dealt: yes). Adds to ``out`` the ordered six-card deals of
    each cell of ``plan`` (a :class:`FactoredPlan`): a cell is a number (the card
    layout's cell number with every suit class 0: ``cells``, ``block_stride`` as
    :func:`count_cells`) and the flags of the groups of one suit. Returns -1 where a
    deal's number has no cells (never, for the cells of a layout made for the shoe's
    cards: the numbers its cards cannot deal have none), else 0.

    Each coup of ``cells.coups`` is dealt as every base of each fine card, its suit not
    at all. For a set S of groups, W(S) counts the deals of those bases in which every
    group of S is one suit: the cards S joins into sets of two or more (``comps[dealt,
    S, j]``, bitmasks of positions, j < ``n_comps[dealt, S]``, where the positions of
    the bitmask ``dealt`` are dealt) each take one suit class, in every way, their
    cards dealt from that (base, suit) pool, and every other fine card from its base's
    pool less the cards joined, whatever their suits. Sets given one suit class share
    its pools, so a way to give them suits weighs, per suit class s, the cards of the
    sets given s dealt from the (base, s) pools: distinct suit classes draw on distinct
    pools, and each such product is made once per coup and bases (``kept``), as other
    ways and other sets ask for it again. The deals whose groups of one suit are
    exactly T follow by inclusion and exclusion, one group at a time (a Möbius step:
    W[S] - W[S + g], each a count of deals, never negative, never above W(no group)),
    from the W(S) of the sets S that contain T alone: so the plan of a number weighs the
    flags told apart and the sets above them (every superset of one is there too), and
    the first cell takes W(no group) less the deals told apart (where the bets settle
    the other flags alike, most sets need no weighing at all). Every number is a count
    of ordered deals, below the shoe's six-card deals, which the caller bounds below
    2**63.

    The weighing is written out in this body, not in helpers: numba counted references
    to the arrays such helpers took, atomic operations on every call, which cost more
    than the weighing itself (the coup's beginning, :func:`coup_cards`, costs none)."""
    (coups, coup_key, coup_ways, fine, suited, bases, n_bases, n_suits, stride, fine_code,
     value_code, absent_code, label_ways, block_of, block_pos, block_start, binom) = cells
    (weigh, n_weigh, step, n_step, apart, n_apart, numbers, number_plan, number_first,
     dense) = plan
    n_pos = coups.shape[1]
    m = n_suits
    n_sets = n_comps.shape[1]
    n_groups = 0
    while (1 << n_groups) < n_sets:
        n_groups += 1
    n_fine = 0
    for p in range(n_pos):
        if fine[p]:
            n_fine += 1
    v_used, code_at, codes, f_pos, f_val, closes = coup_scratch(value_counts.shape[0], n_pos)
    base_at = np.zeros(n_pos, dtype=np.int64)
    n_bits = np.zeros(1 << n_pos, dtype=np.int64)  # how many positions each bitmask holds
    for mask in range(1 << n_pos):
        for p in range(n_pos):
            n_bits[mask] += mask >> p & 1
    option = np.zeros(n_fine + 1, dtype=np.int64)
    key = np.zeros(n_fine + 1, dtype=np.int64)
    w_sets = np.zeros(n_sets, dtype=np.int64)
    base_counts = base_counts_of(fine_counts, m)
    n_bases_all = base_counts.shape[0]
    of_base = np.zeros(n_bases_all, dtype=np.int64)  # the positions of each base dealt
    kept = np.zeros((1 << n_pos) * m, dtype=np.int64)  # per positions and suit class
    kept_for = np.full((1 << n_pos) * m, -1, dtype=np.int64)  # the leaf it was made for
    suit_of = np.zeros(comps.shape[2] + 1, dtype=np.int64)  # each joined set's suit class
    of_suit = np.zeros(m, dtype=np.int64)  # the positions given each suit class
    ask = np.zeros(3, dtype=np.int64)  # the positions one or two sets ask products of
    leaf = 0
    for i in range(coups.shape[0]):
        nf, dealt, fine_dealt, w, cell = coup_cards(
            cells, block_stride, value_counts, tails, removal, i, v_used, code_at, f_pos,
            f_val, codes, closes)
        if w == 0:
            continue
        d = 0
        option[0] = -1
        key[0] = cell
        while d >= 0:
            key_here = cell
            if nf > 0:  # the next bases of the fine cards, depth first
                option[d] += 1
                if option[d] >= n_bases[f_val[d]]:
                    d -= 1
                    continue
                base = bases[f_val[d], option[d]]
                base_at[f_pos[d]] = base
                code = fine_code[f_pos[d], base * m]  # its suit class 0
                key_here = key[d] + stride[f_pos[d]] * code
                if block_stride is not None:
                    code_at[f_pos[d]] = code
                    if closes[d] >= 0:
                        key_here += block_stride[closes[d]] * _block_rank(
                            closes[d], code_at, block_pos, block_start, binom, codes)
                if d < nf - 1:
                    d += 1
                    option[d] = -1
                    key[d] = key_here
                    continue
            else:
                d = -1  # no fine card: the coup alone
            # the number's plan and first cell: looked up in an array, or searched
            at = -1
            if dense.shape[0] > 0:
                if key_here < dense.shape[0]:
                    at = dense[key_here]
            else:
                found = np.searchsorted(numbers, key_here)
                if found < numbers.shape[0] and numbers[found] == key_here:
                    at = found
            # (a number with no cells, none of the shoe's deals: its bases' cards missing)
            q = number_plan[at] if at >= 0 else -1
            first = number_first[at] if at >= 0 else -1
            leaf += 1
            for p in range(n_pos):
                if fine_dealt >> p & 1:
                    of_base[base_at[p]] |= 1 << p
            for e in range(-1, n_weigh[q] if q >= 0 else 0):
                t = 0 if e < 0 else weigh[q, e]
                n_c = n_comps[dealt, t]
                joined = 0
                for j in range(n_c):
                    joined |= comps[dealt, t, j]
                # the free cards, from their bases less the cards joined and the free
                # cards of their base before them
                free = 1
                loose = fine_dealt & ~joined
                for p in range(n_pos):
                    if loose >> p & 1:
                        here = of_base[base_at[p]]
                        left = base_counts[base_at[p]] - removal * (
                            n_bits[here & joined] + n_bits[here & loose & ((1 << p) - 1)])
                        free *= left if left > 0 else 0
                if free == 0 or n_c == 0:
                    w_sets[t] = free
                    continue
                # the products each way to give the sets suit classes asks for: per
                # suit class s, the deals of the cards of the sets given s, each from its
                # (base, s) pool less the cards of its base before it (``kept`` for the
                # leaf: other sets ask for the same positions and suit again)
                if n_c <= 2:  # each set alone, and two sets given one suit class together
                    n_ask = 1 if n_c == 1 else 3
                    ask[0] = comps[dealt, t, 0]
                    if n_c == 2:
                        ask[1] = comps[dealt, t, 1]
                        ask[2] = ask[0] | ask[1]
                else:  # every way: an odometer over suit_of
                    n_ask = 0
                    for j in range(n_c):
                        suit_of[j] = 0
                total = 0
                while True:
                    if n_c > 2:
                        for c in range(m):
                            of_suit[c] = 0
                        for j in range(n_c):
                            of_suit[suit_of[j]] |= comps[dealt, t, j]
                    ways = 1
                    for a in range(n_ask if n_c <= 2 else 1):
                        for c in range(m):
                            positions = ask[a] if n_c <= 2 else of_suit[c]
                            if positions == 0:
                                continue
                            slot = positions * m + c
                            if kept_for[slot] != leaf:
                                x = 1
                                for p in range(n_pos):
                                    if positions >> p & 1:
                                        before = of_base[base_at[p]] & positions & ((1 << p) - 1)
                                        left = (fine_counts[base_at[p] * m + c]
                                                - removal * n_bits[before])
                                        x *= left if left > 0 else 0
                                kept[slot] = x
                                kept_for[slot] = leaf
                            if n_c > 2:
                                ways *= kept[slot]
                    if n_c <= 2:
                        break
                    total += ways
                    j = 0
                    while j < n_c:
                        suit_of[j] += 1
                        if suit_of[j] < m:
                            break
                        suit_of[j] = 0
                        j += 1
                    if j == n_c:
                        break
                if n_c == 1:
                    for c in range(m):
                        total += kept[ask[0] * m + c]
                elif n_c == 2:
                    # sets of distinct suit classes draw on distinct pools; of one class,
                    # on the same pools (both sets together: ask[2])
                    others = 0
                    for c in range(m):
                        others += kept[ask[1] * m + c]
                    for c in range(m):
                        one = kept[ask[0] * m + c]
                        total += one * (others - kept[ask[1] * m + c]) + kept[ask[2] * m + c]
                w_sets[t] = free * total
            for p in range(n_pos):
                if fine_dealt >> p & 1:
                    of_base[base_at[p]] = 0
            if q < 0:
                if w_sets[0] != 0:
                    return -1
                continue
            for j in range(n_step[q]):  # Möbius: at least the groups of S -> exactly
                w_sets[step[q, j, 0]] -= w_sets[step[q, j, 1]]
            left_over = w_sets[0]
            for j in range(n_apart[q]):
                here = w_sets[apart[q, j]]
                left_over -= here
                out[first + 1 + j] += w * here
            out[first] += w * left_over
    return 0


@kernel
def _same_value_in_block(f_pos, f_val, nf, block_of, after, nth):
    """For each fine card d of a sequence: the last fine card before it of the same
    value in the same block (``after[d]``, -1 if none), and how many such cards, itself
    included, have been dealt (``nth[d]``). Cards alone are in no block (-1)."""
    for d in range(nf):
        after[d] = -1
        nth[d] = 1
        b = block_of[f_pos[d]]
        if b < 0:
            continue
        for e in range(d - 1, -1, -1):
            if block_of[f_pos[e]] == b and f_val[e] == f_val[d]:
                after[d] = e
                nth[d] = nth[e] + 1
                break


@kernel
def _close_blocks(f_pos, nf, block_of, block_pos, block_start, block_stride, binom, code_at,
                  codes, closes):
    """Where each block's codes are all known: ``closes[d]`` = the block whose last
    fine card is fine card d (-1: none), so its rank is added there, once for all the
    cards dealt after it. Returns the part of the cell number of the blocks with no
    fine card, whose codes are known already."""
    for d in range(nf):
        closes[d] = -1
    key = 0
    for b in range(block_stride.shape[0]):
        last = -1
        for d in range(nf):
            if block_of[f_pos[d]] == b:
                last = d
        if last >= 0:
            closes[last] = b
        else:
            key += block_stride[b] * _block_rank(b, code_at, block_pos, block_start, binom,
                                                 codes)
    return key


@inline
def _block_rank(b, code_at, block_pos, block_start, binom, codes):
    """The rank of block b's codes as a multiset; ``codes`` is scratch."""
    n = 0
    for j in range(block_start[b], block_start[b + 1]):
        codes[n] = code_at[block_pos[j]]
        n += 1
    return multiset_rank(codes, n, binom)


@inline
def multiset_rank(codes, n, binom):
    """The rank of the multiset ``codes[:n]`` among all multisets of n codes from an
    alphabet of a: sorted, c_1 <= … <= c_n, it is the sum of C(c_i + i - 1, i) (the
    n-combination c_i + i - 1 in colexicographic order), 0 … C(a + n - 1, n) - 1.
    ``binom[m, i]`` = C(m, i). ``codes[:n]`` is left sorted."""
    for i in range(1, n):
        c = codes[i]
        j = i
        while j > 0 and codes[j - 1] > c:
            codes[j] = codes[j - 1]
            j -= 1
        codes[j] = c
    rank = 0
    for i in range(n):
        rank += binom[codes[i] + i, i + 1]
    return rank


@inline
def _add(out, spill, known, cell, w):
    """Add ``w`` to the cell's count in the array ``out`` (at the cell's place among
    ``known``, where they are given: see :func:`count_cells`); or, with a ``spill``
    (:class:`~bacc_edge.engine.spill.Spill`), write the leaf into its buffer. True, or
    False where the buffer is full (the count stops). A ``spill`` of None (dense counts)
    leaves the buffer's code out of the kernel (numba prunes the branch); a ``known`` of
    None leaves out the bisection."""
    if spill is not None:
        return spill_leaf(spill, cell, w)
    if known is None:
        out[cell] += w
    else:
        at = np.searchsorted(known, cell)
        if at < known.shape[0] and known[at] == cell:
            out[at] += w
        else:
            out[known.shape[0]] += 1  # not a cell known: counted again
    return True


@inline
def _record_leaf(classes, orders_of, at_of, written, chosen, nf, orders, known, cell, out,
                 w):
    """Add a leaf of :func:`count_cells` of weight ``w`` to the counts of the cells known,
    as :func:`_add` does, and write it into a :class:`CardRecord` (its arrays
    ``classes``, ``orders_of``, ``at_of`` and ``written``, its ``n``): its fine classes
    ``chosen[:nf]``, its orders and its cell's place among ``known`` (``len(known)`` for
    a cell not known); past the record's arrays, only count it.
    ``known`` None (cell numbers few enough for an array): the cell's number itself,
    counted at it; the caller finds the places, once for all the leaves. ``out`` empty
    (with ``known`` None): the leaves recorded alone, uncounted (cell numbers of any
    size: :mod:`~bacc_edge.engine.class_multisets`)."""
    if known is None:
        at = cell
        if out.shape[0] > 0:
            out[cell] += w
    else:
        at = np.searchsorted(known, cell)
        if at >= known.shape[0] or known[at] != cell:
            at = known.shape[0]
        out[at] += w if at < known.shape[0] else 1  # a cell not known: counted again
    j = written[0]
    written[0] = j + 1
    if j >= at_of.shape[0]:
        return
    for d in range(nf):
        classes[j, d] = chosen[d]
    if orders_of.shape[0] > 0:
        orders_of[j] = orders
    at_of[j] = at


@inline
def _shared(classes, j, chosen, depth):
    """How many of the ``depth`` cards dealt (``chosen``) leaf ``j`` of a record (its fine
    classes ``classes[j]``) begins with: a replay deals only the cards after them."""
    keep = 0
    while keep < depth and classes[j, keep] == chosen[keep]:
        keep += 1
    return keep


@inline
def class_tables(n_classes, n_suits):
    """Each fine class's base and suit class (``c // n_suits``, ``c % n_suits``) as two
    tables: a replay reads them at every card, where a division by a number known only
    as the kernel runs takes tens of cycles (LLVM cannot make it a shift). With the last
    card only weighed (:func:`replay_cells`), random bets 18, 23 and 33 replayed 35-45%
    faster. The count kernels keep their divisions: tables measured no faster there."""
    base_of = np.empty(n_classes, dtype=np.int64)
    suit_of = np.empty(n_classes, dtype=np.int64)
    for c in range(n_classes):
        base_of[c] = c // n_suits
        suit_of[c] = c % n_suits
    return base_of, suit_of


@inline
def _take_back(chosen, depth, keep, used, base_used, base_of, in_used):
    """Take back the cards dealt (``chosen[:depth]``) past the first ``keep``: each from
    its base's cards used (``base_used``), and the first ``in_used`` of them from their
    fine class's too (``used``: every card in replay_cells; in replay_named only the
    suited ones, dealt first: a card by base only takes a label of none). Returns the
    cards now dealt. ``base_of``: each class's base (:func:`class_tables`)."""
    while depth > keep:
        depth -= 1
        c = chosen[depth]
        base_used[base_of[c]] -= 1
        if depth < in_used:
            used[c] -= 1
    return depth


@kernel
def coup_factors(cells, n_values, factors):
    """Per coup i of ``cells``, what its weight on any shoe is made of, as
    :func:`coup_cards` weighs it (fixed for a record's life, made once: the replays then
    skip coup_cards' positions and codes, a third of their time where coups have few
    leaves): ``factors[i, 0]`` its cards dealt; ``factors[i, 1]`` its fine cards · 8 +
    how many are suited (dealt first); ``factors[i, 2 + 2q]`` the point value of its q-th
    card dealt by value (-1 past the last), ``factors[i, 3 + 2q]`` the cards of that value
    dealt before it (its fine cards of the value, and those by value before it)."""
    coups, fine, suited = cells.coups, cells.fine, cells.suited
    n_pos = coups.shape[1]
    v_used = np.zeros(n_values, dtype=np.int64)
    for i in range(coups.shape[0]):
        v_used[:] = 0
        k = 0
        nf = 0
        n_suited = 0
        for p in range(n_pos):
            c = coups[i, p]
            if c == ABSENT:
                continue
            k += 1
            if fine[p]:
                nf += 1
                n_suited += suited[p]
                v_used[c] += 1
        q = 0
        for p in range(n_pos):
            c = coups[i, p]
            if c != ABSENT and not fine[p]:
                factors[i, 2 + 2 * q] = c
                factors[i, 3 + 2 * q] = v_used[c]
                v_used[c] += 1
                q += 1
        for r in range(q, n_pos):
            factors[i, 2 + 2 * r] = -1
        factors[i, 0] = k
        factors[i, 1] = nf * 8 + n_suited


@inline
def factored_weight(factors, i, coup_ways, value_counts, tails, removal):
    """Coup i's weight of the cards dealt by point value on this shoe, from its
    ``factors`` (:func:`coup_factors`): as :func:`coup_cards` returns it."""
    w = tails[factors[i, 0]] * coup_ways[i]
    q = 2
    while q < factors.shape[1] and factors[i, q] >= 0:
        w *= value_counts[factors[i, q]] - removal * np.int64(factors[i, q + 1])
        q += 2
    return w


@kernel
def replay_cells(cells, shoe, record, out, factors):
    """:func:`count_cells` of ``shoe`` (a :class:`CardShoe`, ``relabel`` 0) into the
    cells known, re-weighing the leaves ``record`` (a :class:`CardRecord`) holds, in one
    pass: ``out[at]`` as :func:`count_cells` with ``known`` returns it, where every
    leaf the shoe deals is in the record. Per coup, the weight of its cards dealt by
    point value (from its ``factors``, :func:`coup_factors`); per leaf, times its orders
    and each fine card from what is left, as :func:`count_cells` deals it: a suited card
    from its fine class less the cards of that class before it, one by base only (dealt
    after every suited one) from its base's cards less every card of that base before it
    (none left: 0). A leaf shares the cards its leaf before begins with, and their weight
    (``weight[d]``: the first d cards'), so only the cards after them are dealt again;
    its last card is only weighed, never dealt (no card comes after it to remove it from:
    some 15% less time a leaf, most leaves of a coup differing in their last card alone).
    A leaf of nonzero weight at a cell not known adds 1 to ``out[-1]``, as
    :func:`count_cells` does (the caller counts again). The shoe must hold no kind of
    card (fine class, point value) the shoe the record was made on lacked: a coup can
    deal no leaf there, so the record cannot tell a coup it never dealt (the caller
    checks). Weights are ordered deals of the shoe, below 2**63 as the caller bounds
    them."""
    fine_counts, value_counts, tails, removal, _ = shoe
    n_suits = cells.n_suits
    n_pos = cells.coups.shape[1]
    unknown = out.shape[0] - 1
    used = np.zeros(fine_counts.shape[0], dtype=np.int64)
    base_counts = base_counts_of(fine_counts, n_suits)
    base_used = np.zeros(base_counts.shape[0], dtype=np.int64)
    base_of, _ = class_tables(fine_counts.shape[0], n_suits)
    chosen = np.zeros(n_pos + 1, dtype=np.int64)  # the fine classes dealt, in order
    weight = np.zeros(n_pos + 1, dtype=np.int64)
    by_orders = record.orders.shape[0] > 0
    for i in range(cells.coups.shape[0]):
        w = factored_weight(factors, i, cells.coup_ways, value_counts, tails, removal)
        if w == 0:
            continue
        nf, n_suited = factors[i, 1] // 8, factors[i, 1] % 8
        weight[0] = w
        depth = 0  # the cards dealt so far, chosen[:depth]: all but the leaf's last
        for j in range(record.first[i], record.first[i + 1]):
            x = w
            if nf > 0:
                depth = _take_back(chosen, depth, _shared(record.classes, j, chosen, depth),
                                   used, base_used, base_of, nf)
                while True:  # each card after those shared, weighed; all but the last dealt
                    c = np.int64(record.classes[j, depth])
                    base = base_of[c]
                    left = (fine_counts[c] - removal * used[c] if depth < n_suited
                            else base_counts[base] - removal * base_used[base])
                    x = weight[depth] * left if left > 0 else 0
                    if depth == nf - 1:
                        break
                    weight[depth + 1] = x
                    chosen[depth] = c
                    used[c] += 1
                    base_used[base] += 1
                    depth += 1
            if by_orders:
                x *= record.orders[j]
            if x != 0:
                at = record.at[j]
                if at == unknown:
                    out[unknown] += 1
                else:
                    out[at] += x
        _take_back(chosen, depth, 0, used, base_used, base_of, nf)


@kernel
def replay_named(cells, shoe, record, out, factors):
    """:func:`count_named` of ``shoe`` into the cells known, re-weighing the leaves
    ``record`` holds (a :class:`CardRecord` count_named wrote on a shoe of plenty), in
    one pass: ``out`` as :func:`replay_cells` leaves it. Per coup, the weight of its
    cards dealt by point value (from its ``factors``, :func:`coup_factors`); per leaf,
    each suited card's factors for every suit class its label may be named
    (``g[d, label, s]``: the cards of its base and that suit class less those of its base
    given its label before it),
    the sum over every naming of the labels by distinct suit classes at the last suited
    card (:func:`injective_sum`), and each card by base only from its base's cards
    less every card of that base before it, as count_named deals them. A leaf shares
    the cards its leaf before begins with, and what they weigh, as in replay_cells.
    Weights are ordered deals of the shoe, below 2**63 as the caller bounds them."""
    fine_counts, value_counts, tails, removal, _ = shoe
    m = cells.n_suits
    n_pos = cells.coups.shape[1]
    unknown = out.shape[0] - 1
    used = np.zeros(fine_counts.shape[0], dtype=np.int64)  # per (base, label)
    base_counts = base_counts_of(fine_counts, m)
    base_used = np.zeros(base_counts.shape[0], dtype=np.int64)
    base_of, label_of = class_tables(fine_counts.shape[0], m)
    chosen = np.zeros(n_pos + 1, dtype=np.int64)
    weight = np.zeros(n_pos + 1, dtype=np.int64)  # the coup's weight times cards by base
    ways = np.ones(n_pos + 1, dtype=np.int64)  # the injective sum, once it is known
    labels = np.zeros(n_pos + 1, dtype=np.int64)
    g = np.ones((n_pos + 1, m, m), dtype=np.int64)
    dp = np.zeros((2, 1 << m), dtype=np.int64)
    for i in range(cells.coups.shape[0]):
        w = factored_weight(factors, i, cells.coup_ways, value_counts, tails, removal)
        if w == 0:
            continue
        nf, n_suited = factors[i, 1] // 8, factors[i, 1] % 8
        weight[0] = w
        depth = 0  # the cards dealt so far, chosen[:depth]
        for j in range(record.first[i], record.first[i + 1]):
            depth = _take_back(chosen, depth, _shared(record.classes, j, chosen, depth), used,
                               base_used, base_of, n_suited)
            while depth < nf:
                c = np.int64(record.classes[j, depth])
                base = base_of[c]
                if depth < n_suited:
                    label = label_of[c]
                    _labelled(g, depth, base, label, removal * used[c], fine_counts, m)
                    labels[depth + 1] = max(labels[depth], label + 1)
                    weight[depth + 1] = weight[depth]
                    ways[depth + 1] = (injective_sum(g[depth + 1], labels[depth + 1], m, dp)
                                       if depth == nf - 1 or depth + 1 >= n_suited
                                       else ways[depth])
                    used[c] += 1
                else:  # its base's cards of every suit, less those dealt before it
                    left = base_counts[base] - removal * base_used[base]
                    weight[depth + 1] = weight[depth] * left if left > 0 else 0
                    ways[depth + 1] = ways[depth]
                base_used[base] += 1
                chosen[depth] = c
                depth += 1
            x = weight[nf] * ways[nf]
            if x != 0:
                at = record.at[j]
                out[at] += 1 if at == unknown else x
        _take_back(chosen, depth, 0, used, base_used, base_of, n_suited)


@kernel
def cell_order(first, at, order, coup):
    """The leaves of a :class:`CardRecord` (its ``first`` and ``at``, ``len(known)`` the
    largest place) in the order of their cells: ``order[k]`` is the k-th leaf, and
    ``coup[k]`` its coup; leaves of one cell keep the order they were dealt in. A
    counting sort, two passes over the leaves."""
    n_cells = 0
    for j in range(at.shape[0]):
        n_cells = max(n_cells, at[j] + 1)
    start = np.zeros(n_cells + 1, dtype=np.int64)
    for j in range(at.shape[0]):
        start[at[j] + 1] += 1
    for a in range(n_cells):
        start[a + 1] += start[a]
    for i in range(first.shape[0] - 1):
        for j in range(first[i], first[i + 1]):
            k = start[at[j]]
            start[at[j]] = k + 1
            order[k] = j
            coup[k] = i


@kernel
def to_places(known, counts, at, out):
    """The cell numbers ``at`` (a record's places, as :func:`count_cells` writes them
    with ``known`` None) turned into places among the cells ``known``, in place (a cell
    not known: ``len(known)``), and ``out`` the counts of the cells known as
    :func:`count_cells` counts into them (``counts`` per cell number, 0 where none is
    reached; ``out[-1]``: the cells reached not known). ``counts`` is then its places,
    each known cell's as -1 - place: no array of the cell numbers more."""
    n = known.shape[0]
    for k in range(n):
        out[k] = counts[known[k]]
        counts[known[k]] = -1 - k
    out[n] = 0
    for c in range(counts.shape[0]):
        out[n] += counts[c] > 0  # reached, not known
    for j in range(at.shape[0]):
        place = counts[at[j]]
        at[j] = -1 - place if place < 0 else n


@kernel
def replay_by_cell(cells, shoe, record, out, factors):
    """:func:`replay_cells` of a record in the order of its cells (a :class:`CellRecord`):
    ``out`` as :func:`replay_cells` leaves it, its writes in order. Each coup's weight
    of the cards dealt by point value first (from its ``factors``), with its fine cards
    and how many of them are suited (dealt first); then each leaf alone, its weight the
    coup's times each fine card from what the leaf's cards before it leave, as
    :func:`replay_cells` deals it: a suited card from its fine class less the cards of
    that class before it, one by base only from its base's cards less every card of
    that base before it (none left: 0); times its orders. No leaf shares the cards of
    the one before it (six cards at most: 15 comparisons), but the counts are written
    in order, where a record in coup order writes them at random (some 20 ns more a
    leaf where they are past the processor's caches)."""
    fine_counts, value_counts, tails, removal, _ = shoe
    n_suits = cells.n_suits
    n_coups = cells.coups.shape[0]
    unknown = out.shape[0] - 1
    base_counts = base_counts_of(fine_counts, n_suits)
    base_of, _ = class_tables(fine_counts.shape[0], n_suits)
    coup = np.zeros((n_coups, 2), dtype=np.int64)  # its weight, its fine cards · 8 + suited
    for i in range(n_coups):
        coup[i, 0] = factored_weight(factors, i, cells.coup_ways, value_counts, tails, removal)
        coup[i, 1] = factors[i, 1]
    by_orders = record.orders.shape[0] > 0
    for j in range(record.at.shape[0]):
        i = record.coup[j]
        x = coup[i, 0]
        nf, n_suited = coup[i, 1] // 8, coup[i, 1] % 8
        for d in range(nf):
            if x == 0:
                break
            c = np.int64(record.classes[j, d])
            base, by_base = base_of[c], d >= n_suited
            same = 0  # the cards before it of its class (by base: of its base)
            for e in range(d):
                other = np.int64(record.classes[j, e])
                if (base_of[other] == base) if by_base else (other == c):
                    same += 1
            left = (base_counts[base] if by_base else fine_counts[c]) - removal * same
            x = x * left if left > 0 else 0
        if x != 0:
            if by_orders:
                x *= record.orders[j]
            at = record.at[j]
            out[at] += 1 if at == unknown else x


@inline
def _add_mod(sparse, out, sparse_out, cell, w, ratio, moduli):
    """Add ``w`` · ``ratio[k]`` / R to the cell's count modulo each prime (see
    :func:`count_cells`; ``sparse_out`` None: dense, as :func:`_add`)."""
    n = moduli.shape[1]
    for k in range(n):
        p = moduli[0, k]
        term = redc(redc(np.uint64(w), p, moduli[1, k]) * ratio[k], p, moduli[1, k])
        if sparse_out is None:
            total = out[k, cell] + term
            out[k, cell] = total - p if total >= p else total
        elif sparse:
            at = cell * n + k
            prior = sparse_out[at] if at in sparse_out else 0
            total = np.uint64(prior) + term
            sparse_out[at] = np.int64(total - p if total >= p else total)
        else:
            total = out[k, cell] + term
            out[k, cell] = total - p if total >= p else total


@inline
def _merged_factor(ratio, used, merged, n_suits, radix, table, moduli, out):
    """``out[k]`` = ``ratio[k]`` times the table's entry for the cards of base
    ``merged`` dealt (see :func:`count_cells`), in Montgomery form."""
    i = 0
    if merged >= 0:
        step = 1
        for s in range(n_suits):
            i += used[merged * n_suits + s] * step
            step *= radix
    for k in range(moduli.shape[1]):
        out[k] = redc(ratio[k] * table[k, i], moduli[0, k], moduli[1, k])


@kernel
def dict_size(table):
    """How many cells ``table`` (a typed dict of the sparse counts) holds: one compiled
    call, kept in numba's cache, where ``len()`` from Python compiles numba's own in
    every process (some 0.15 s)."""
    return len(table)


@kernel
def dict_items(table, keys, values):
    """The keys and values of ``table`` (a typed dict of the sparse counts) written into
    ``keys`` and ``values``, its size each: one compiled call, where reading it from
    Python makes one a cell (slow, and a Ctrl-C landing in one surfaces as numba's
    TypeError rather than as an interruption)."""
    i = 0
    for key, value in table.items():
        keys[i] = key
        values[i] = value
        i += 1


@kernel
def value_names(coups, classes, nth_member, out):
    """Each coup's point values named class by class in order of first appearance
    (see :func:`~bacc_edge.engine.card_enumeration.value_folded`): the first value of
    class c met in dealing order is ``nth_member[c, 0]``, the next new one
    ``nth_member[c, 1]`` …; ABSENT stays ABSENT."""
    n_values = classes.shape[0]
    named = np.full(n_values, -1, dtype=np.int64)
    met = np.zeros(n_values, dtype=np.int64)
    for i in range(coups.shape[0]):
        for v in range(n_values):
            named[v] = -1
            met[v] = 0
        for p in range(coups.shape[1]):
            v = coups[i, p]
            if v == ABSENT:
                out[i, p] = ABSENT
                continue
            if named[v] < 0:
                c = classes[v]
                named[v] = nth_member[c, met[c]]
                met[c] += 1
            out[i, p] = named[v]


@kernel
def value_coups(coup, out):
    """Every coup the tableau deals, as point values in dealing order (P1 B1 P2 B2 P3
    B3), ABSENT where a hand stood, in sorted order: writes those that fit in ``out``
    and returns how many there are (call once with no rows to size ``out``). ``coup``
    is the tableau's :class:`bacc_edge.game.coup.CoupPlan`; each coup is read off a run
    of point values as the dealer reads one off the shoe
    (:func:`~bacc_edge.engine.coup_kernels.read_coup`), once per cards it takes.
    """
    n = 0
    values = coup.total.shape[0]
    points = np.arange(values)
    hand, taken, banker_first = coup_reading(coup, points)
    cards = np.zeros(COUP_CARDS, dtype=np.int64)
    for p1 in range(values):
        for b1 in range(values):
            for p2 in range(values):
                for b2 in range(values):
                    cards[0], cards[1], cards[2], cards[3] = p1, b1, p2, b2
                    for fifth in range(values):
                        for sixth in range(values):
                            cards[4], cards[5] = fifth, sixth
                            pt, bt, n_taken = read_coup(hand, taken, points, cards, 0)
                            x, y = read_thirds(banker_first, points, cards, 0, pt, bt,
                                               n_taken)
                            # a card the coup does not take: its first value stands for all
                            if (n_taken < 5 and fifth > 0) or (n_taken < 6 and sixth > 0):
                                continue
                            n = _put(out, n, p1, b1, p2, b2, x, y)
    return n


@inline
def _put(out, n, p1, b1, p2, b2, x, y):
    if n < out.shape[0]:
        out[n, 0] = p1
        out[n, 1] = b1
        out[n, 2] = p2
        out[n, 3] = b2
        out[n, 4] = x
        out[n, 5] = y
    return n + 1
