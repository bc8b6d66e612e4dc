"""Card bets that read suits only as "this group is all one suit": counted with the
suits factored out, in milliseconds on any shoe.

A bet that never names a suit or colour (Lucky 8's suited hands, Contrast Bonus, Super
Tie, Colour Match, Jackpot Baccarat's flush) is counted by :mod:`bacc_edge.engine.card_table`
on cells that tell its cards' suits apart up to renaming: on a shoe whose suits are not
symmetric, a few hundred suit patterns for every coup. Most such bets read only whether
each group of cards they name (a hand, the first four, all six, two cards compared) is of
one suit (or colour). :func:`bacc_edge.analysis.evaluator.layout_for` finds that out, exactly, for the bets
given: on every cell of their card layout it settles each bet, and checks that cells
which differ only in their suits and agree on which groups are one suit settle alike.
Then a :class:`FactoredLayout`'s cell is such a class of card-layout cells (its
*coarse* cell), and :func:`factored_table` counts it without dealing suits at all: per
coup and bases the deals in which given groups are each one suit are products of falling
factors per (base, suit) pool, summed over a suit per set of joined cards; which groups
are exactly one suit follows by inclusion and exclusion
(:func:`~bacc_edge.engine.card_kernels.count_factored`).

The layout answers the bets it was made for, and only them: its features are those of
one card-layout cell of each class, which every condition of those bets reads alike.
"""

from __future__ import annotations

import itertools
from functools import lru_cache

import numpy as np

from . import card_kernels as _card_kernels
from ..game.coup import POSITIONS
from ..game.shoe import Shoe
from .cell_classes import CellClasses, classes_table
from .card_cells import BINOM, cell_numbering
from .card_enumeration import enumeration, fold_coups, tail_ways
from .card_table import CardLayout, is_card_feature
from .features import card_read
from .outcome_table import OutcomeTable
from ..util.progress import Progress

#: The most groups whose one-suitedness a factored layout tells apart (2**n flags).
MAX_GROUPS = 6


def suit_groups(features) -> tuple[tuple[int, ...], ...] | None:
    """The groups of positions (indices in dealing order) whose suits or colours the
    features read: each group read as a whole, and every two cards whose suit is read
    alone (compared with each other). None where there are more than MAX_GROUPS."""
    groups, alone = set(), set()
    for name in features:
        read = card_read(name) if is_card_feature(name) else None
        if read is None or read[1] not in ("suit", "colour"):
            continue
        positions, _, grouped = read
        index = tuple(POSITIONS.index(p) for p in positions)
        if grouped:
            groups.add(index)
        else:
            alone.update(index)
    groups.update(itertools.combinations(sorted(alone), 2))
    out = tuple(sorted(g for g in groups if len(g) > 1))
    return out if len(out) <= MAX_GROUPS else None


class FactoredLayout(CellClasses):
    """Classes of the cells of ``fine`` (a :class:`CardLayout` whose suits are named in
    order of appearance) that agree on all but their suits and on which of ``groups``
    are one suit: the cells counted by :func:`factored_table`, in the order of their
    coarse numbers (see :func:`~bacc_edge.engine.card_kernels.count_factored`).
    ``features()`` reads each class at one of its cells (the first): only for
    conditions that settle every cell of a class alike
    (:func:`bacc_edge.analysis.evaluator.layout_for` checks the bets it picks one for).

    ``merged``: pairs (number, flags), sorted by number: the cells of that number whose
    flags (the groups of one suit, a bitmask) are among those flags are one cell,
    numbered by the least of them: cells the bets settle alike (:func:`merge_alike`).
    Its deals are counted as what the number's other cells leave, so the sets of groups
    above its flags are never weighed."""

    def __init__(self, fine: CardLayout, groups: tuple, merged: tuple = ()):
        self.fine = fine
        self.groups = groups
        self.merged = merged
        self.keys, self.first, self.cell_class = _coarse(fine, groups, merged)
        self.plan = _plan(self)

    def counted(self, shoe: Shoe, fine_counts: np.ndarray,
                value_counts: np.ndarray) -> np.ndarray | None:
        out = np.zeros(self.n_cells, dtype=np.int64)
        found = _card_kernels.count_factored(
            *folded_enumeration(self.fine, self.groups), fine_counts, value_counts,
            tail_ways(shoe), int(not shoe.replacement), *joined_positions(self.groups),
            self.plan, out)
        return out if found == 0 else None

    def describe(self) -> str:
        """In words: the card layout's detail, and the groups told apart by suit."""
        sets = ", ".join("+".join(POSITIONS[i] for i in g) for g in self.groups)
        return (f"{self.detail.describe()}; its {self.detail.suits}s read only as whether "
                f"{sets} are each of one {self.detail.suits}"
                + (" (where the bets tell it)" if self.merged else ""))

    def __repr__(self) -> str:
        return f"<FactoredLayout {self.describe()}>"


def _coarse(fine: CardLayout, groups: tuple, merged: tuple = ()):
    """Each cell of ``fine``'s coarse number (its cell number with every suit 0, times
    2**len(groups), plus a bit per group whose cards dealt are of one suit, or the
    least flags of the flag sets ``merged`` joins its flags with); the distinct
    numbers, sorted, the first cell of each, and each cell's class."""
    cells = cell_numbering(fine.detail)
    parts, positions = cells.decode(fine.cells)
    number = np.zeros(fine.n_cells, dtype=np.int64)
    step = 1
    for k, r in zip(fine.detail.parts, cells.part_radix):
        number += parts[k] * step
        step *= r
    suit = {}
    for block, stride in zip(cells.blocks, cells.stride):
        erased = []
        for p in block:
            code, dealt = positions[POSITIONS[p]]
            radix = cells.suit_radix[p]
            erased.append(code - code % radix if radix > 1 else code)
            suit[p] = (np.where(dealt, code % radix, -1), dealt)
        if len(block) == 1:
            number += stride * erased[0]
            continue
        ordered = np.sort(np.stack(erased), axis=0)
        rank = sum(BINOM[ordered[i] + i, i + 1] for i in range(len(block)))
        number += stride * rank
    flags = np.zeros(fine.n_cells, dtype=np.int64)
    for g, group in enumerate(groups):
        dealt_suits = np.stack([suit[p][0] for p in group])
        dealt = np.stack([suit[p][1] for p in group])
        one = (np.where(dealt, dealt_suits, 99).min(axis=0)
               == np.where(dealt, dealt_suits, -1).max(axis=0)) | (dealt.sum(axis=0) < 2)
        flags |= one.astype(np.int64) << g
    n_sets = 1 << len(groups)
    if merged:
        source = np.array([n * n_sets + f for n, joined in merged for f in joined],
                          dtype=np.int64)
        target = np.array([min(joined) for _, joined in merged for _ in joined],
                          dtype=np.int64)
        order = np.argsort(source)
        source, target = source[order], target[order]
        own = number * n_sets + flags
        at = np.minimum(np.searchsorted(source, own), len(source) - 1)
        flags = np.where(source[at] == own, target[at], flags)
    coarse = number * n_sets + flags
    keys, first, cell_class = np.unique(coarse, return_index=True, return_inverse=True)
    for a in (keys, first, cell_class):
        a.setflags(write=False)
    return keys, first, cell_class.reshape(-1)


def merge_alike(layout: FactoredLayout, cell_class: np.ndarray) -> FactoredLayout:
    """``layout`` (with no cells merged) with, per number, the cells that bets settle
    alike with the cell of the fewest groups of one suit (its least flags) merged into
    one (``cell_class``: the bets' settle class of each cell, see
    :func:`bacc_edge.analysis.evaluator.layout_for`): a bet that pays for one hand of one
    suit needs no other group weighed, and none at all where that hand cannot win.
    ``layout`` itself where nothing merges."""
    n_sets = 1 << len(layout.groups)
    numbers, flags = layout.keys // n_sets, layout.keys % n_sets
    merged = []
    starts = np.flatnonzero(np.r_[True, numbers[1:] != numbers[:-1]])
    for begin, end in zip(starts, np.r_[starts[1:], len(numbers)]):
        alike = flags[begin:end][cell_class[begin:end] == cell_class[begin]]
        if len(alike) > 1:  # the keys are sorted: the number's least flags come first
            merged.append((int(numbers[begin]), tuple(alike.tolist())))
    return _layout(layout.fine, layout.groups, tuple(merged)) if merged else layout


def factored_for(fine: CardLayout, features) -> FactoredLayout | None:
    """The :class:`FactoredLayout` of ``fine`` for conditions reading ``features``, or
    None where they read no suits, name a suit or colour, or read them in more than
    MAX_GROUPS groups. Whether it answers a bet (settles every cell of a class alike)
    is the caller's to check: :func:`bacc_edge.analysis.evaluator.layout_for` does."""
    groups = suit_groups(features)
    if not (fine.detail.suits and fine.detail.relabel and groups):
        return None
    return _layout(fine, groups)


@lru_cache(maxsize=16)
def _layout(fine: CardLayout, groups: tuple, merged: tuple = ()) -> FactoredLayout:
    return FactoredLayout(fine, groups, merged)


def factored_table(shoe: Shoe, layout: FactoredLayout, *,
                   on_progress: Progress | None = None) -> OutcomeTable:
    """Count every cell of ``layout`` on ``shoe`` exactly. On a shoe whose suits are
    all known, with the suits factored (:func:`~bacc_edge.engine.card_kernels.count_factored`);
    else (cards removed without their suit) the card layout's counts
    (:func:`~bacc_edge.engine.card_table.card_table`) summed per class. One step for
    ``on_progress``; the last few tables are kept (read-only): see
    :func:`~bacc_edge.engine.cell_classes.classes_table`."""
    return classes_table(shoe, layout, on_progress=on_progress)


@lru_cache(maxsize=16)
def folded_enumeration(fine: CardLayout, groups: tuple):
    """The kernel's enumeration (:func:`~bacc_edge.engine.card_enumeration.enumeration`), its
    coups folded once more where the card layout keeps every position apart: positions
    in the same groups whose rank or value the cells do not read are interchangeable
    here (their suits are read only through those groups, their codes with suit 0 are
    alike), so coups that hold the same values there in another order, the same cards
    dealt and the same coup parts, are counted once, times how many they are."""
    cells, block_stride = enumeration(fine.detail, fine.tableau)
    if block_stride is not None:  # coups folded by the layout's own blocks already
        return cells, block_stride
    numbering = cell_numbering(fine.detail)
    classes: dict = {}
    for p in range(len(POSITIONS)):
        member = tuple(p in g for g in groups)
        alike = fine.detail.fine[p] and numbering.base_radix[p] == 1 and any(member)
        classes.setdefault(member if alike else ("alone", p), []).append(p)
    blocks = tuple(tuple(b) for b in classes.values())
    dealt = ((cells.coups != _card_kernels.ABSENT) << np.arange(len(POSITIONS))).sum(axis=1)
    coups, keys, ways = fold_coups(cells.coups, cells.coup_key * (1 << len(POSITIONS)) + dealt,
                              blocks)  # below 4.9 M · 64 · 11^6: fits in 64 bits
    return cells._replace(coups=coups, coup_key=keys >> len(POSITIONS), coup_ways=ways), None


@lru_cache(maxsize=16)
def joined_positions(groups: tuple) -> tuple[np.ndarray, np.ndarray]:
    """For each set of positions dealt (a bitmask) and each set S of groups (a
    bitmask): the sets of two or more positions S joins, as their groups' dealt
    positions overlap (bitmasks of positions, in order of their least position), and
    how many sets."""
    n_pos, n_sets = len(POSITIONS), 1 << len(groups)
    comps = np.zeros((1 << n_pos, n_sets, n_pos // 2), dtype=np.int64)
    n_comps = np.zeros((1 << n_pos, n_sets), dtype=np.int64)
    for dealt, t in itertools.product(range(1 << n_pos), range(n_sets)):
        parent = list(range(n_pos))

        def root(a):
            while parent[a] != a:
                a = parent[a]
            return a

        for g, group in enumerate(groups):
            here = [p for p in group if dealt >> p & 1]
            if t >> g & 1:
                for p in here[1:]:
                    parent[root(p)] = root(here[0])
        members: dict = {}
        for p in range(n_pos):
            if dealt >> p & 1:
                members.setdefault(root(p), []).append(p)
        for number, sets in enumerate(m for m in members.values() if len(m) > 1):
            comps[dealt, t, number] = sum(1 << p for p in sets)
            n_comps[dealt, t] += 1
    comps.setflags(write=False)
    n_comps.setflags(write=False)
    return comps, n_comps


#: Numbers up to this are looked up in an array, not searched.
DENSE_LOOKUP = 1 << 22


def _plan(layout: FactoredLayout) -> _card_kernels.FactoredPlan:
    """The kernel's plan of each number (see
    :class:`~bacc_edge.engine.card_kernels.FactoredPlan`): the flags of its cells, but
    its least, told apart (its least flags' cell, merged or not, takes what the others
    leave), every set of groups that contains one of them weighed, and the Möbius steps
    among those sets (W[S] -= W[S + g], group by group)."""
    n_groups = len(layout.groups)
    n_sets = 1 << n_groups
    numbers, flags = layout.keys // n_sets, layout.keys % n_sets
    plans: dict = {}
    distinct, first = np.unique(numbers, return_index=True)
    of = np.empty(len(distinct), dtype=np.int64)
    for i, (begin, end) in enumerate(zip(first, np.r_[first[1:], len(numbers)])):
        apart = tuple(flags[begin + 1:end].tolist())  # sorted: the least first
        of[i] = plans.setdefault(apart, len(plans))
    n = len(plans)
    weigh = np.zeros((n, n_sets), dtype=np.int64)
    step = np.zeros((n, n_groups * n_sets, 2), dtype=np.int64)
    apart_at = np.zeros((n, n_sets), dtype=np.int64)
    counts = np.zeros((3, n), dtype=np.int64)
    for apart, q in plans.items():
        sets = [s for s in range(1, n_sets) if any(s & t == t for t in apart)]
        steps = [(s, s | 1 << g) for g in range(n_groups) for s in sets if not s >> g & 1]
        weigh[q, :len(sets)] = sets
        step[q, :len(steps)] = np.array(steps, dtype=np.int64).reshape(-1, 2)
        apart_at[q, :len(apart)] = apart
        counts[:, q] = len(sets), len(steps), len(apart)
    dense = np.zeros(0, dtype=np.int64)
    if len(distinct) and distinct[-1] < DENSE_LOOKUP:
        dense = np.full(int(distinct[-1]) + 1, -1, dtype=np.int64)
        dense[distinct] = np.arange(len(distinct))
    plan = _card_kernels.FactoredPlan(weigh, counts[0], step, counts[1], apart_at, counts[2],
                                      distinct, of, first.astype(np.int64), dense)
    for a in plan:
        a.setflags(write=False)
    return plan


__all__ = ["FactoredLayout", "factored_for", "factored_table", "merge_alike", "suit_groups"]
