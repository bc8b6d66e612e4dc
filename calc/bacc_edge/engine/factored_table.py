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
from ..errors import BaccEdgeError
from ..game.coup import POSITIONS
from ..game.shoe import Shoe, ShoeError
from .cell_classes import CellClasses
from .card_table import (BINOM, CardLayout, _cells, _enumeration, _fold,
                         _shoe_counts, _tails, card_table, cards_held, is_card_feature)
from .features import card_read
from .point_table import OutcomeTable, needs_python_integers
from ..util.progress import Progress, Steps

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
    (:func:`bacc_edge.analysis.evaluator.layout_for` checks the bets it picks one for)."""

    def __init__(self, fine: CardLayout, groups: tuple):
        self.fine = fine
        self.groups = groups
        self.keys, self.first, self.cell_class = _coarse(fine, groups)
        self.lookup = _lookup(self)

    def describe(self) -> str:
        """In words: the card layout's detail, and the groups told apart by suit."""
        sets = ", ".join("+".join(POSITIONS[i] for i in g) for g in self.groups)
        return (f"{self.detail.describe()}; its {self.detail.suits}s read only as whether "
                f"{sets} are each of one {self.detail.suits}")

    def __repr__(self) -> str:
        return f"<FactoredLayout {self.describe()}>"


def _coarse(fine: CardLayout, groups: tuple):
    """Each cell of ``fine``'s coarse number (its cell number with every suit 0, times
    2**len(groups), plus a bit per group whose cards dealt are of one suit); the
    distinct numbers, sorted, the first cell of each, and each cell's class."""
    cells = _cells(fine.detail)
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
    coarse = number * (1 << len(groups)) + flags
    keys, first, cell_class = np.unique(coarse, return_index=True, return_inverse=True)
    for a in (keys, first, cell_class):
        a.setflags(write=False)
    return keys, first, cell_class.reshape(-1)


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
def _layout(fine: CardLayout, groups: tuple) -> FactoredLayout:
    return FactoredLayout(fine, groups)


def factored_table(shoe: Shoe, layout: FactoredLayout, *,
                   on_progress: Progress | None = None) -> OutcomeTable:
    """Count every cell of ``layout`` on ``shoe`` exactly. On a shoe whose suits are
    all known, with the suits factored (:func:`~bacc_edge.engine.card_kernels.count_factored`);
    else (cards removed without their suit) the card layout's counts
    (:func:`~bacc_edge.engine.card_table.card_table`) summed per class. One step for
    ``on_progress``, as :func:`~bacc_edge.engine.card_table.card_table`. The last few
    tables are kept (read-only): a report counts its full shoe again for every shoe."""
    table = _factored_table(shoe, layout)
    Steps(on_progress, 1)()
    return table


@lru_cache(maxsize=8)
def _factored_table(shoe: Shoe, layout: FactoredLayout) -> OutcomeTable:
    detail = layout.detail
    if needs_python_integers(shoe.cards) or shoe.suits is None or not shoe.suits_known:
        fine = card_table(shoe, layout.fine)  # its own checks and one-line errors
        counts = np.zeros(layout.n_cells, dtype=fine.counts.dtype)
        np.add.at(counts, layout.cell_class, fine.counts)
        counts.setflags(write=False)
        return OutcomeTable(shoe, layout, counts, fine.total)
    if any(h and not c for h, c in zip(cards_held(shoe), layout.cards)):
        raise BaccEdgeError(f"{shoe.label} holds cards the layout was not made for; make "
                            f"it for this shoe (cards_held)")
    fine_counts, value_counts = _shoe_counts(detail, np.asarray(shoe.suits, dtype=np.int64),
                                             shoe.ranks)
    out = np.zeros(layout.n_cells, dtype=np.int64)
    found = _card_kernels.count_factored(
        *_folded(layout.fine, layout.groups), fine_counts, value_counts, _tails(shoe),
        int(not shoe.replacement), *_joined(layout.groups), layout.keys, layout.lookup, out)
    if found < 0:
        raise ShoeError(f"{shoe.label}: a deal fell outside the cells of "
                        f"{layout.describe()}")  # the cells hold every deal: never
    out.setflags(write=False)
    return OutcomeTable(shoe, layout, out, shoe.coups)


@lru_cache(maxsize=16)
def _folded(fine: CardLayout, groups: tuple):
    """The kernel's enumeration (:func:`~bacc_edge.engine.card_table._enumeration`), its
    coups folded once more where the card layout keeps every position apart: positions
    in the same groups whose rank or value the cells do not read are interchangeable
    here (their suits are read only through those groups, their codes with suit 0 are
    alike), so coups that hold the same values there in another order, the same cards
    dealt and the same coup parts, are counted once, times how many they are."""
    cells, block_stride = _enumeration(fine.detail, fine.tableau)
    if block_stride is not None:  # coups folded by the layout's own blocks already
        return cells, block_stride
    numbering = _cells(fine.detail)
    classes: dict = {}
    for p in range(len(POSITIONS)):
        member = tuple(p in g for g in groups)
        alike = fine.detail.fine[p] and numbering.base_radix[p] == 1 and any(member)
        classes.setdefault(member if alike else ("alone", p), []).append(p)
    blocks = tuple(tuple(b) for b in classes.values())
    dealt = ((cells.coups != _card_kernels.ABSENT) << np.arange(len(POSITIONS))).sum(axis=1)
    coups, keys, ways = _fold(cells.coups, cells.coup_key * (1 << len(POSITIONS)) + dealt,
                              blocks)  # below 4.9 M · 64 · 11^6: fits in 64 bits
    return cells._replace(coups=coups, coup_key=keys >> len(POSITIONS), coup_ways=ways), None


@lru_cache(maxsize=16)
def _joined(groups: tuple) -> tuple[np.ndarray, np.ndarray]:
    """For each set of positions dealt (a bitmask) and each set S of groups (a
    bitmask): the positions S joins, as their groups' dealt positions overlap, into sets
    of two or more, numbered 0, 1 … per position (-1: in none), and how many sets."""
    n_pos, n_sets = len(POSITIONS), 1 << len(groups)
    joined = np.full((1 << n_pos, n_sets, n_pos), -1, dtype=np.int64)
    n_joined = np.zeros((1 << n_pos, n_sets), dtype=np.int64)
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
            joined[dealt, t, sets] = number
            n_joined[dealt, t] += 1
    joined.setflags(write=False)
    n_joined.setflags(write=False)
    return joined, n_joined


#: Coarse numbers up to this are looked up in an array, not searched.
DENSE_LOOKUP = 1 << 22


def _lookup(layout: FactoredLayout) -> np.ndarray:
    """Each coarse number's cell index, -1 for none, where the numbers are few; else
    empty (the kernel searches the keys)."""
    top = int(layout.keys[-1]) + 1 if layout.n_cells else 0
    if top > DENSE_LOOKUP:
        return np.zeros(0, dtype=np.int64)
    out = np.full(top, -1, dtype=np.int64)
    out[layout.keys] = np.arange(layout.n_cells)
    return out


__all__ = ["FactoredLayout", "factored_for", "factored_table", "suit_groups"]
