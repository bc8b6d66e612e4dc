"""Card bets that read suits only as "this group is all one suit": counted with the
suits factored out, in milliseconds on any shoe.

A bet that never names a suit or colour (Lucky 8's suited hands, Contrast Bonus, Super
Tie, Colour Match, Jackpot Baccarat's flush) is counted by :mod:`bacc_edge.engine.card_table`
on cells that tell its cards' suits apart up to renaming: on a shoe whose suits are not
symmetric, a few hundred suit patterns for every coup. Most such bets read only whether
each group of cards they name (a hand, the first four, all six, two cards compared) is of
one suit (or colour). :func:`factored_layout` finds that out, exactly, for the bets
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
from ..game.tableau import STANDARD, Tableau
from .card_table import (ALL_CARDS, BINOM, CardDetail, CardLayout, _cells, _enumeration,
                         _shoe_counts, _tails, card_table, cards_held, is_card_feature)
from .features import card_read
from .point_table import OutcomeTable, needs_python_integers

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


class FactoredLayout:
    """Classes of the cells of ``fine`` (a :class:`CardLayout` whose suits are named in
    order of appearance) that agree on all but their suits and on which of ``groups``
    are one suit: the cells counted by :func:`factored_table`, in the order of their
    coarse numbers (see :func:`~bacc_edge.engine.card_kernels.count_factored`).
    ``features()`` reads each class at one of its cells (the first): only for
    conditions that settle every cell of a class alike (:func:`factored_layout`
    checks the bets it makes one for)."""

    def __init__(self, fine: CardLayout, groups: tuple):
        self.fine = fine
        self.groups = groups
        self.keys, self.first, self.cell_class = _coarse(fine, groups)

    @property
    def detail(self) -> CardDetail:
        return self.fine.detail

    @property
    def tableau(self) -> Tableau:
        return self.fine.tableau

    @property
    def cards(self) -> tuple:
        return self.fine.cards

    @property
    def n_cells(self) -> int:
        return len(self.keys)

    def features(self) -> dict[str, np.ndarray]:
        return _features_of(self)

    def describe(self) -> str:
        """In words: the card layout's detail, and the groups told apart by suit."""
        sets = ", ".join("+".join(POSITIONS[i] for i in g) for g in self.groups)
        return (f"{self.detail.describe()}; its {self.detail.suits}s read only as whether "
                f"{sets} are each of one {self.detail.suits}")

    def __repr__(self) -> str:
        return f"<FactoredLayout {self.describe()}>"


class _Representatives(dict):
    """A factored layout's features: the fine layout's, at each class's first cell."""

    def __init__(self, layout: FactoredLayout):
        super().__init__()
        self._layout = layout

    def __missing__(self, name: str) -> np.ndarray:
        value = np.asarray(self._layout.fine.features()[name])[..., self._layout.first]
        value.setflags(write=False)
        self[name] = value
        return value


def _features_of(layout: FactoredLayout) -> dict:
    return _Representatives(layout)


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


def _settles(bet, layout) -> np.ndarray:
    """Per cell, the index of the bet's event that settles it (the first that holds)."""
    out = np.full(layout.n_cells, len(bet.events), dtype=np.int64)
    for i in reversed(range(len(bet.events))):
        out[bet.events[i].when.mask(layout)] = i
    return out


def factored_layout(bets, tableau: Tableau = STANDARD, cards: tuple = ALL_CARDS
                    ) -> FactoredLayout | None:
    """A :class:`FactoredLayout` that answers ``bets`` exactly, or None: where they read
    no suits, name a suit or colour, read them in more than MAX_GROUPS groups, or
    settle two cells of one class apart (they read suits some other way than "one suit
    or not", e.g. "two hearts" or "exactly two of one suit")."""
    features = frozenset().union(*(e.when.features for b in bets for e in b.events))
    if not any(is_card_feature(f) for f in features):
        return None
    detail = CardDetail.of(features)
    groups = suit_groups(features)
    if not (detail.suits and detail.relabel and groups):
        return None
    layout = FactoredLayout(CardLayout(detail, tableau, cards), groups)
    n = layout.n_cells
    for bet in bets:
        settles = _settles(bet, layout.fine)
        low = np.full(n, np.iinfo(np.int64).max, dtype=np.int64)
        high = np.full(n, -1, dtype=np.int64)
        np.minimum.at(low, layout.cell_class, settles)
        np.maximum.at(high, layout.cell_class, settles)
        if (low != high).any():
            return None
    return layout


def factored_table(shoe: Shoe, layout: FactoredLayout) -> OutcomeTable:
    """Count every cell of ``layout`` on ``shoe`` exactly. On a shoe whose suits are
    all known, with the suits factored (:func:`~bacc_edge.engine.card_kernels.count_factored`);
    else (cards removed without their suit) the card layout's counts
    (:func:`~bacc_edge.engine.card_table.card_table`) summed per class."""
    detail = layout.detail
    if needs_python_integers(shoe.cards) or shoe.suits is None or not shoe.suits_known:
        fine = card_table(shoe, layout.fine)  # its own checks and one-line errors
        counts = np.zeros(layout.n_cells, dtype=fine.counts.dtype)
        np.add.at(counts, layout.cell_class, fine.counts)
        return OutcomeTable(shoe, layout, counts, fine.total)
    if any(h and not c for h, c in zip(cards_held(shoe), layout.cards)):
        raise BaccEdgeError(f"{shoe.label} holds cards the layout was not made for; make "
                            f"it for this shoe (cards_held)")
    fine_counts, value_counts = _shoe_counts(detail, np.asarray(shoe.suits, dtype=np.int64),
                                             shoe.ranks)
    out = np.zeros(layout.n_cells, dtype=np.int64)
    found = _card_kernels.count_factored(
        *_enumeration(detail, layout.tableau), fine_counts, value_counts, _tails(shoe),
        int(not shoe.replacement), _group_rows(layout.groups), layout.keys, out)
    if found < 0:
        raise ShoeError(f"{shoe.label}: a deal fell outside the cells of "
                        f"{layout.describe()}")  # the cells hold every deal: never
    return OutcomeTable(shoe, layout, out, shoe.coups)


@lru_cache(maxsize=16)
def _group_rows(groups: tuple) -> np.ndarray:
    rows = np.zeros((len(groups), len(POSITIONS)), dtype=np.bool_)
    for g, group in enumerate(groups):
        rows[g, list(group)] = True
    rows.setflags(write=False)
    return rows


__all__ = ["FactoredLayout", "factored_layout", "factored_table", "suit_groups"]
