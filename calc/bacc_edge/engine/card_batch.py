"""Card bets' settle-class totals on many shoes in one kernel call: the depth analysis
values every round of every shoe, so the per-shoe path's Python (a Shoe, its caches, an
outcome table, a grouped sum) would cost more than the count itself.

:class:`CardBatch` takes rows of 52 card counts (rank · 4 + suit), one a shoe, and
returns each row's exact class totals of an :class:`~bacc_edge.analysis.evaluator.Evaluator`
compiled on a card layout: the same numbers as
``evaluator.class_totals(layout.table(shoe))``, in int64. Two ways:

* bets that read only one group of the first four cards, in no order (Colour Match,
  Lucky Nines, Jackpot Baccarat: :func:`first_cards_plan`), are settled once on every
  multiset of the 52 cards at those positions, the cards then merged into the fewest
  kinds the bets tell apart (every card a bet reads alike) or into ranks and whether the
  group is of one suit; a row costs a sum over those kinds' multisets (5 for Colour
  Match, 70 for Lucky Nines), each a product of falling factors;
* any other card layout runs the per-shoe kernel
  (:func:`~bacc_edge.engine.card_kernels.count_factored`,
  :func:`~bacc_edge.engine.card_kernels.count_named` or
  :func:`~bacc_edge.engine.card_kernels.count_cells`, as the per-shoe wrappers pick) on
  each row inside one compiled loop, summing its cells straight into the classes.

Every count is an ordered six-card deal of the row's cards, below its ``falling(n, 6)``
(2**63 for up to 1,448 cards): :meth:`CardBatch.class_totals_each` returns None where a
row needs Python integers, holds fewer than six cards, or the layout's cells are too many
for an array, and the caller takes the per-shoe path (with its own checks and errors).
"""

from __future__ import annotations

from functools import singledispatch
from math import comb, factorial

import numpy as np

from . import card_kernels
from .card_cells import bases, cell_numbering, multiset_ranks, suit_class_of
from .card_enumeration import DENSE_CELLS, enumeration, no_residues
from .card_table import ALL_CARDS, CardDetail, CardLayout
from .factored_table import FactoredLayout, folded_enumeration, joined_positions
from .features import MARKS, NAMED, RELATED_RANKS, RELATED_SUITS, card_read, group_name
from .jit import kernel
from .outcome_table import needs_python_integers
from ..errors import BaccEdgeError
from ..game.cards import CARD_KINDS, POINT_VALUES, POINTS, RANKS, SUITS_PER_RANK
from ..game.coup import POSITIONS
from ..game.shoe import COUP_CARDS, falling

#: The first four cards: the positions a first-cards plan may read.
FIRST_FOUR = POSITIONS[:4]
#: A first-cards plan sums at most this many multisets a row; else the kernel's way.
MAX_MULTISETS = 4096
#: The count kernels' modes, called from the kernels here: cards dealt without
#: replacement, no count in a dict. Numbers, not literals: a literal argument would
#: compile each count kernel once more, for the literal's own type (some 5 s each).
WITHOUT_REPLACEMENT, NOT_SPARSE = np.int64(1), np.int64(0)


def _multisets(n: int, k: int) -> np.ndarray:
    """Every multiset of k codes of n, as rows of sorted codes, in rank order."""
    rows = [()]
    for _ in range(k):
        rows = [r + (c,) for r in rows for c in range(r[-1] if r else 0, n)]
    out = np.array(rows, dtype=np.int64).reshape(len(rows), k)
    return out[np.argsort(multiset_ranks(out))]


def first_cards_group(bets) -> tuple[str, ...] | None:
    """The positions of the one group of the first four cards that every card feature
    of ``bets`` reads (in no order), where they read nothing else (no coup, no card by
    position, no pair); else None."""
    group = None
    for bet in bets:
        for event in bet.events:
            for name in event.when.features:
                if name in MARKS:
                    continue
                read = card_read(name)
                if read is None or not read[2] or not set(read[0]) <= set(FIRST_FOUR):
                    return None
                if group is not None and read[0] != group:
                    return None
                group = read[0]
    return group


class FirstCardsPlan:
    """How a row's class totals follow from one group of k of the first four cards: the
    cards merged into kinds (``kind_of[card]``), each multiset of k kinds (``counts``:
    how many of each kind) and its settle class (``classes``), and, where the group's
    suits are read only as "all of one suit" (``suited``), the multisets' classes when
    it is (``suited_classes``), the kinds then the ranks."""

    def __init__(self, k: int, kind_of: np.ndarray, counts: np.ndarray, classes: np.ndarray,
                 suited: bool, suited_classes: np.ndarray):
        self.k = k
        self.kind_of = kind_of
        self.n_kinds = int(kind_of.max()) + 1
        self.counts = counts
        #: per multiset, its kinds in order, and how many of the same kind come before each
        self.members = np.array([np.repeat(np.arange(counts.shape[1]), row) for row in counts],
                                dtype=np.int64).reshape(len(counts), k)
        self.nth = np.array([(self.members[:, :i] == self.members[:, i:i + 1]).sum(axis=1)
                             for i in range(k)], dtype=np.int64).T.reshape(len(counts), k)
        self.orders = np.array([factorial(k) // int(np.prod([factorial(int(c)) for c in row]))
                                for row in counts], dtype=np.int64)
        self.classes = classes
        self.suited = suited
        self.suited_classes = suited_classes


def first_cards_plan(bets, evaluator_class, tableau) -> FirstCardsPlan | None:
    """The :class:`FirstCardsPlan` of ``bets`` (see :func:`first_cards_group`), or None
    where they read more, or tell too many kinds of cards apart.

    The bets are compiled (``evaluator_class``) on the finest layout of their group:
    every card's rank and suit, the group's cards as a multiset, so each cell is a
    multiset of k of the 52 cards. Two cards are of one kind where every multiset holding
    one settles as the multiset with it replaced by the other: then a multiset's class
    follows from its kinds (any two with the same kinds are joined by such
    replacements). Else, where each multiset's class follows from its ranks and whether
    its cards are of one suit, the kinds are the ranks and that flag is kept."""
    group = first_cards_group(bets)
    if group is None:
        return None
    k = len(group)
    name = group_name(group)
    features = frozenset().union(*(e.when.features for b in bets for e in b.events))
    finest = CardLayout(CardDetail.of(features | {f"{name}.rank", f"{name}.suit",
                                                  RELATED_RANKS, RELATED_SUITS,
                                                  NAMED["suit"]}), tableau)
    detail = finest.detail
    if (detail.coup or len(detail.ranks) != len(RANKS) or detail.relabel
            or not any(sorted(b) == sorted(POSITIONS.index(p) for p in group)
                       for b in detail.blocks)):
        return None  # not the layout reasoned about here: the kernel's way
    _, positions = finest.decoded()
    cards = np.sort(np.stack([positions[p][0] for p in group], axis=1), axis=1)
    cell_class = evaluator_class(bets, finest).cell_class
    everything = _multisets(CARD_KINDS, k)
    if len(cards) != len(everything) or not (cards == everything).all():
        return None  # the cells are not every multiset of the 52 cards
    # per card a, per multiset R of k - 1 cards: the class of R + a
    rest = _multisets(CARD_KINDS, k - 1)
    with_card = np.concatenate([np.broadcast_to(np.arange(CARD_KINDS)[:, None, None],
                                                (CARD_KINDS, len(rest), 1)),
                                np.broadcast_to(rest, (CARD_KINDS,) + rest.shape)], axis=2)
    by_card = cell_class[multiset_ranks(np.sort(with_card.reshape(-1, k), axis=1))]
    _, kind_of = np.unique(by_card.reshape(CARD_KINDS, -1), axis=0, return_inverse=True)
    kind_of = kind_of.reshape(-1).astype(np.int64)
    n_kinds = int(kind_of.max()) + 1
    if comb(n_kinds + k - 1, k) <= MAX_MULTISETS:
        kinds = _multisets(n_kinds, k)
        # a multiset of kinds: any multiset of cards of those kinds
        first = np.array([np.flatnonzero(kind_of == g)[0] for g in range(n_kinds)])
        classes = cell_class[multiset_ranks(np.sort(first[kinds], axis=1))]
        return FirstCardsPlan(k, kind_of, _kind_counts(kinds, n_kinds), classes, False,
                              classes)
    rank = np.arange(CARD_KINDS) // SUITS_PER_RANK
    suit = np.arange(CARD_KINDS) % SUITS_PER_RANK
    ranks = rank[cards]
    one_suit = (suit[cards] == suit[cards[:, :1]]).all(axis=1)
    key = multiset_ranks(ranks) * 2 + one_suit
    pairs = np.unique(np.stack([key, cell_class]), axis=1)
    if len(np.unique(pairs[0])) != pairs.shape[1]:
        return None  # a class depends on more than ranks and one suit: the kernel's way
    by_ranks = _multisets(len(RANKS), k)
    base = multiset_ranks(by_ranks) * 2
    lookup = dict(zip(pairs[0].tolist(), pairs[1].tolist()))
    classes = np.array([lookup.get(x, -1) for x in (base + (k == 1)).tolist()], dtype=np.int64)
    suited = np.array([lookup[x] for x in (base + 1).tolist()], dtype=np.int64)
    return FirstCardsPlan(k, rank, _kind_counts(by_ranks, len(RANKS)), classes, True, suited)


def _kind_counts(multisets: np.ndarray, n_kinds: int) -> np.ndarray:
    """Per multiset (rows of codes), how many of each code it holds."""
    out = np.zeros((len(multisets), n_kinds), dtype=np.int64)
    for column in multisets.T:
        out[np.arange(len(multisets)), column] += 1
    return out


@kernel
def first_cards_rows(kind_counts, suit_counts, members, nth, orders, classes, suited,
                     suited_classes, tails, totals):
    """Add to ``totals[r, class]`` the ordered six-card deals of row r whose group's
    cards make each multiset of kinds: per multiset j, its cards' orders (``orders[j]``)
    times Π_i (``kind_counts[r, members[j, i]]`` - ``nth[j, i]``) (the i-th card of the
    multiset is the ``nth``-th of its kind: falling factors), the group's k cards, times
    ``tails[r]`` (the other 6 - k positions, in every way). With ``suited``, the kinds
    are ranks and the deals whose cards are all of one suit (the same product on
    ``suit_counts[r, rank, s]``, summed over the suits s) go to ``suited_classes``, the
    rest to ``classes``. Every product counts ordered deals of the row's cards: below its
    six-card deals, which the caller bounds below 2**63."""
    k = members.shape[1]
    for r in range(kind_counts.shape[0]):
        for j in range(members.shape[0]):
            w = orders[j]
            for i in range(k):
                left = kind_counts[r, members[j, i]] - nth[j, i]
                w *= left if left > 0 else 0
            if w == 0:
                continue
            if suited:
                same = 0
                for s in range(suit_counts.shape[2]):
                    ws = orders[j]
                    for i in range(k):
                        left = suit_counts[r, members[j, i], s] - nth[j, i]
                        ws *= left if left > 0 else 0
                    same += ws
                totals[r, suited_classes[j]] += same * tails[r]
                w -= same
            totals[r, classes[j]] += w * tails[r]


@kernel
def factored_rows(cells, block_stride, fine_counts, value_counts, tails, comps, n_comps,
                  plan, cell_class, out, totals):
    """:func:`~bacc_edge.engine.card_kernels.count_factored` of each row's shoe (dealt
    without replacement), its cells summed into ``totals[r, cell_class[cell]]``. Returns
    the first row with a deal outside the cells (never, for a layout of every card), else
    -1."""
    for r in range(fine_counts.shape[0]):
        out[:] = 0
        if card_kernels.count_factored(cells, block_stride, fine_counts[r], value_counts[r],
                                        tails[r], WITHOUT_REPLACEMENT, comps, n_comps, plan,
                                        out) < 0:
            return r
        for j in range(out.shape[0]):
            totals[r, cell_class[j]] += out[j]
    return -1


@kernel
def cell_rows(cells, block_stride, fine_counts, value_counts, tails, relabel, modular, numbers,
              cell_class, out, totals):
    """Each row's shoe (dealt without replacement) counted as
    :func:`~bacc_edge.engine.card_table.card_table` counts it, suits named as ``relabel[r]``
    says (2: :func:`~bacc_edge.engine.card_kernels.count_named`, else
    :func:`~bacc_edge.engine.card_kernels.count_cells`), into the dense ``out`` (zero on
    entry); the layout's cells (cell numbers ``numbers``) summed into ``totals[r,
    cell_class[j]]`` and set back to zero."""
    for r in range(fine_counts.shape[0]):
        shoe = card_kernels.CardShoe(fine_counts[r], value_counts[r], tails[r],
                                     WITHOUT_REPLACEMENT, relabel[r])
        if relabel[r] == 2:
            card_kernels.count_named(cells, block_stride, shoe, out, None, None)
        else:
            card_kernels.count_cells(cells, block_stride, shoe, NOT_SPARSE, out, None, None,
                                      modular, None)
        for j in range(numbers.shape[0]):
            totals[r, cell_class[j]] += out[numbers[j]]
            out[numbers[j]] = 0


def _class_matrix(detail: CardDetail) -> tuple[np.ndarray, np.ndarray]:
    """52 × fine classes and 52 × point values one-hot matrices: a row of card counts
    times them gives :func:`~bacc_edge.engine.card_enumeration.shoe_counts`."""
    m = detail.n_suit_classes
    base_of, of = bases(detail)[2], suit_class_of(detail)
    fine = np.zeros((CARD_KINDS, detail.n_bases * m), dtype=np.int64)
    value = np.zeros((CARD_KINDS, POINT_VALUES), dtype=np.int64)
    for card in range(CARD_KINDS):
        r, s = divmod(card, SUITS_PER_RANK)
        fine[card, base_of[r] * m + of[s]] = 1
        value[card, POINTS[r]] = 1
    return fine, value


class CardBatch:
    """An evaluator on a card layout, ready to give many shoes' class totals at once
    (see the module). ``evaluator_class`` compiles bets on a layout (the
    :class:`~bacc_edge.analysis.evaluator.Evaluator`), for the first-cards plan."""

    def __init__(self, evaluator, evaluator_class=None):
        self.evaluator = evaluator
        layout = evaluator.layout
        self.layout = layout
        self.plan = None
        if evaluator_class is not None:
            self.plan = first_cards_plan(evaluator.bets, evaluator_class, layout.tableau)
        self.fine_matrix, self.value_matrix = _class_matrix(layout.detail)
        #: how the layout's cells are counted row by row in one kernel call (None: not)
        self.rows = rows_counter(layout)
        self.usable = layout.cards == ALL_CARDS and (self.plan is not None
                                                     or self.rows is not None)

    def class_totals_each(self, unseen: np.ndarray) -> np.ndarray | None:
        """Per row of 52 card counts (a shoe dealt without replacement), the evaluator's
        exact class totals, int64; None where the batch cannot count them exactly (see
        the module): the per-shoe path then can, or says why not."""
        unseen = np.ascontiguousarray(unseen, dtype=np.int64)
        n = unseen.sum(axis=1)
        if (not self.usable or (unseen < 0).any() or len(n) == 0
                or needs_python_integers(int(n.max())) or n.min() < COUP_CARDS):
            return None
        totals = np.zeros((len(unseen), self.evaluator.n_classes), dtype=np.int64)
        if self.plan is not None:
            self._first_cards(unseen, n, totals)
        else:
            self.rows(self.layout, unseen @ self.fine_matrix, unseen @ self.value_matrix,
                      _tails(n, None), self.evaluator.cell_class, totals)
        coups = _tails(n, 0)
        if (totals.sum(axis=1) != coups).any():  # every deal lands in one class: never
            raise BaccEdgeError(f"the batched counts of {self.layout!r} miss deals")
        return totals

    def _first_cards(self, unseen, n, totals) -> None:
        plan = self.plan
        onehot = np.zeros((CARD_KINDS, plan.n_kinds), dtype=np.int64)
        onehot[np.arange(CARD_KINDS), plan.kind_of] = 1
        kind_counts = unseen @ onehot
        suit_counts = (unseen.reshape(len(unseen), len(RANKS), SUITS_PER_RANK) if plan.suited
                       else np.zeros((len(unseen), 0, 0), dtype=np.int64))
        first_cards_rows(kind_counts, np.ascontiguousarray(suit_counts), plan.members,
                         plan.nth, plan.orders, plan.classes, plan.suited, plan.suited_classes,
                         _tails(n, plan.k), totals)


def _tails(n: np.ndarray, dealt: int | None) -> np.ndarray:
    """Per row of ``n`` cards, the ordered ways to deal the six positions after
    ``dealt`` cards, or (``dealt`` None) after k cards, k = 0 … 6, as
    :func:`~bacc_edge.engine.card_enumeration.tail_ways` per shoe."""
    distinct, at = np.unique(n, return_inverse=True)
    table = np.array([[falling(int(x) - j, COUP_CARDS - j) for j in range(COUP_CARDS + 1)]
                      for x in distinct], dtype=np.int64)
    rows = table[at.reshape(-1)]
    return rows if dealt is None else np.ascontiguousarray(rows[:, dealt])


@singledispatch
def rows_counter(layout):
    """How :class:`CardBatch` counts rows of card counts on ``layout``'s cells in one
    kernel call: a function (layout, fine counts, value counts, tails, cell_class,
    totals) that adds each row's class totals into ``totals``; None where the kernel
    loop cannot number the cells (a collapsed layout's classes, which only the
    first-cards plan batches)."""
    return None


@rows_counter.register
def _card_rows(layout: CardLayout):
    return _count_card_rows if cell_numbering(layout.detail).size <= DENSE_CELLS else None


@rows_counter.register
def _factored_rows(layout: FactoredLayout):
    return _count_factored_rows


def _count_factored_rows(layout, fine_counts, value_counts, tails, cell_class, totals) -> None:
    """:func:`factored_rows` on a factored layout's classes."""
    cells, block_stride = folded_enumeration(layout.fine, layout.groups)
    out = np.zeros(layout.n_cells, dtype=np.int64)
    bad = factored_rows(cells, block_stride, fine_counts, value_counts, tails,
                        *joined_positions(layout.groups), layout.plan, cell_class, out, totals)
    if bad >= 0:
        raise BaccEdgeError(f"row {bad}: a deal fell outside the cells of "
                            f"{layout.describe()}")  # the cells hold every deal: never


def _count_card_rows(layout, fine_counts, value_counts, tails, cell_class, totals) -> None:
    """:func:`cell_rows` on a card layout's cells, suits named as each row's shoe asks
    (:func:`~bacc_edge.engine.card_enumeration.relabelling`)."""
    detail = layout.detail
    if detail.relabel:
        by_suit = fine_counts.reshape(len(fine_counts), detail.n_bases, detail.n_suit_classes)
        relabel = np.where((by_suit == by_suit[:, :, :1]).all(axis=(1, 2)), 1, 2)
    else:
        relabel = np.zeros(len(fine_counts), dtype=np.int64)
    cell_rows(*enumeration(detail, layout.tableau), fine_counts, value_counts, tails,
              relabel.astype(np.int64), no_residues(), layout.cells, cell_class,
              np.zeros(cell_numbering(detail).size, dtype=np.int64), totals)


__all__ = ["CardBatch", "FirstCardsPlan", "first_cards_group", "first_cards_plan",
           "rows_counter"]
