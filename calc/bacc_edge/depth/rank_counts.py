"""Exact class totals of bets that read only which cards a coup deals, in no order (their
ranks or point values, both hands pooled), counted without the card layout: one falling
product per multiset of the coup's cards.

Lucky Match (the poker value of all the cards dealt, ranks only) and Matching Dragon (how
many cards of one rank are dealt) settle every coup on the multiset of its cards' *bases*
(:func:`~bacc_edge.engine.card_cells.bases`: the ranks, or the point values and the 10, J,
Q or K a bet names) and how many cards it deals: their card layout is one block of the six
positions "in any order" (24,395 multisets of ranks for Lucky Match, 6,958 of point values
for Matching Dragon A-9). Counting that layout a round costs milliseconds; here a round
costs one product of falling factors per multiset of point values (6,958), the multisets'
orders worked out once, and a few hundred for the ten-value cards' ranks: tens of
microseconds.

Why the counts are exact
------------------------
Number the cards left by base b: ``n[b]`` cards, N in all; ``[p]_j = p (p-1) ... (p-j+1)``.
The engine counts ordered six-card deals. A coup deals k cards (4 to 6) to positions P1 B1
P2 B2 (P3) (B3) in dealing order, which positions the tableau decides on the cards' point
values alone: a sequence of k point values is *valid* where the tableau deals exactly those
k cards to it. Fix a multiset K of k bases (``K[b]`` cards of base b), of point values V
(``V[v] = sum of K[b]`` over the bases b of value v). The deals whose coup's cards make K:

- choose a valid sequence of point values with multiset V: ``c(V)`` ways, a number of the
  tableau alone (:func:`value_orders`, every four-card start through the tableau);
- give each value's ``V[v]`` positions their bases: ``V[v]! / prod_b K[b]!`` ways (the
  bases of value v, K[b] of each); the validity depends on the values alone, so every way
  deals the same coup shape;
- choose the cards, in order, position by position: ``prod_b [n[b]]_{K[b]}``;
- the cards beyond the coup, any ``6 - k`` of the ``N - k`` left: ``[N - k]_{6-k}``.

So each multiset's deals are ``w(K) · prod_b [n[b]]_{K[b]} · [N - k]_{6-k}``, with ``w(K) =
c(V) prod_v V[v]! / prod_b K[b]!`` an integer of the tableau (at most 6! = 720), and a
class's total is the sum over its multisets: exact integers. The cells of the bets' own
card layout are those multisets (each names its class): the counts are the layout's, by
another road.

Only the point value 0 has more than one base (10, J, Q, K; each of A-9 is its own), so
``w(K) prod_b [n[b]]_{K[b]} [N - k]_{6-k}`` is the product of ``c(V) prod_{v>0}
[m[v]]_{V[v]} [N - k]_{6-k}`` (the multiset V's part, ``m[v]`` the cards of value v) and
``V[0]! / prod_{b of value 0} K[b]! · prod_{b of value 0} [n[b]]_{K[b]}`` (the *split* of
its ten-value cards among their bases). :class:`RankCounts` sums the first per *pattern*
(the splits of V[0] cards and the class each names, the same for many V) and multiplies
each pattern's sum by its classes' sums of the second: the same integers, added in
another order.

Which bets: :meth:`RankCounts.of` takes an evaluator whose layout is a card layout of one
block of the six positions, read by rank or point value and whether dealt, and nothing
else (no suits, no part of the finished coup such as who wins, no card beyond the coup);
else None (the caller counts on the card layout).

Overflow: a multiset's count is at most the ``[N]_6`` ordered deals, and, every factor of
its product at least 1 where none is 0, so is each partial product; a pattern's sum of
its multisets' parts times ``[m[0]]_{V[0]}`` (which its splits' sums together make, by
Vandermonde's identity) counts deals of distinct multisets, so the sum, and its product
by any of its classes' split sums, are at most that too (a group with fewer than V[0]
ten-value cards left is skipped); int64 holds that up to
1,448 cards (:func:`~bacc_edge.engine.outcome_table.needs_python_integers`). Beyond, no
totals are given (the caller counts on the card layout, in Python integers).
"""

from __future__ import annotations

from functools import lru_cache
from math import factorial

import numpy as np

from ..analysis.evaluator import Evaluator
from ..engine.card_cells import bases, cell_numbering
from ..engine.card_table import CardLayout
from ..engine.jit import kernel
from ..engine.outcome_table import needs_python_integers
from ..game.cards import POINT_VALUES, POINTS, RANKS, SUITS_PER_RANK
from ..game.coup import BANKER_ONLY, COUP_CARDS, NO_THIRDS, POSITIONS, coup_plan
from ..game.tableau import Tableau

#: The one block of every position, as a card layout's detail names it.
WHOLE_COUP = (tuple(range(COUP_CARDS)),)
#: A multiset of point values as one number: its counts in base 7 (at most six cards).
_RADIX = COUP_CARDS + 1


def _value_key(counts: np.ndarray) -> np.ndarray:
    """Per row of counts of each point value, its number in base 7."""
    return counts @ (_RADIX ** np.arange(POINT_VALUES, dtype=np.int64))


@lru_cache(maxsize=8)
def value_orders(tableau: Tableau) -> dict[int, int]:
    """{a multiset of point values (its :func:`_value_key`): the valid sequences of point
    values (see the module) with that multiset}: every four-card start P1 B1 P2 B2, then
    the third cards the tableau deals on it."""
    plan = coup_plan(tableau)
    first = np.stack(np.meshgrid(*[np.arange(POINT_VALUES)] * 4, indexing="ij"),
                     axis=-1).reshape(-1, 4)
    pt = plan.total[first[:, 0], first[:, 2]]
    bt = plan.total[first[:, 1], first[:, 3]]
    kind = plan.thirds[pt * POINT_VALUES + bt]
    one_hot = np.eye(POINT_VALUES, dtype=np.int64)
    start = one_hot[first].sum(axis=1)
    keys = [_value_key(start[kind == NO_THIRDS])]
    for third in range(POINT_VALUES):
        keys.append(_value_key(start[kind == BANKER_ONLY] + one_hot[third]))
    drawn = np.flatnonzero((kind != NO_THIRDS) & (kind != BANKER_ONLY))
    for x in range(POINT_VALUES):
        banker = plan.banker_draws[bt[drawn], x + 1] == 1
        keys.append(_value_key(start[drawn[~banker]] + one_hot[x]))
        for y in range(POINT_VALUES):
            keys.append(_value_key(start[drawn[banker]] + one_hot[x] + one_hot[y]))
    found, orders = np.unique(np.concatenate(keys), return_counts=True)
    return dict(zip(found.tolist(), orders.tolist()))


def _whole_coup_in_any_order(layout) -> bool:
    """Whether ``layout`` is the card layout reasoned about here (see the module)."""
    if not isinstance(layout, CardLayout):
        return False
    detail = layout.detail
    if (detail.blocks != WHOLE_COUP or detail.parts or detail.beyond or detail.suits
            or detail.suit_classes or not detail.coup):
        return False
    numbering = cell_numbering(detail)
    return (all(r == 1 for r in numbering.suit_radix)
            and all(r > 1 for r in numbering.base_radix)
            and len(set(detail.fine)) == 1)


class RankCounts:
    """Exact class totals of ``evaluator`` (bets on a card layout of the coup's cards in
    any order) from one falling product per multiset of the coup's point values and one
    per split of its ten-value cards (see the module): :meth:`of` gives one where the
    layout is such, else None.

    The layout's cells are grouped by their multiset of point values V (a *group*); the
    cells of a group differ only in how its ``V[0]`` ten-value cards split among the
    ten-value bases (a *split*), and the group's splits with their classes make its
    *pattern*, which many groups share. A round then costs, per split, its product;
    per pattern and class, the sum of its splits' products; per group, its product of
    the other values' falling factors, summed per pattern; per pattern and class, one
    product: far fewer products than cells (Lucky Match: 6,958 groups, 25 patterns,
    24,395 cells)."""

    def __init__(self, evaluator: Evaluator):
        self.evaluator = evaluator
        layout, detail = evaluator.layout, evaluator.layout.detail
        if detail.fine[0]:
            base_value, _, base_of = bases(detail)
        else:  # read by point value: the bases are the values
            base_value, base_of = np.arange(POINT_VALUES), np.array(POINTS)
        #: how many bases; per rank, its base; the bases of point value 0
        self.n_bases = len(base_value)
        self.base_of = np.asarray(base_of, dtype=np.int64)
        self.zero_bases = np.flatnonzero(np.asarray(base_value) == 0)
        value_base = {v: b for b, v in enumerate(np.asarray(base_value).tolist()) if v}
        held = _held(layout, len(base_value))
        by_value = np.zeros((len(held), POINT_VALUES), dtype=np.int64)
        np.add.at(by_value.T, np.asarray(base_value), held.T)
        self._splits(held[:, self.zero_bases])
        split = np.array([self.split_number[tuple(row)] for row in
                          held[:, self.zero_bases].tolist()], dtype=np.int64)
        self._groups(by_value, split, evaluator.cell_class, value_orders(layout.tableau),
                     value_base)

    def _splits(self, zero_held: np.ndarray) -> None:
        """Every split of up to six ten-value cards among the ten-value bases the cells
        hold (:attr:`splits`, each numbered, :attr:`split_number`) and the ways to give
        a hand's positions of value 0 those bases, ``j! / prod_b K[b]!``
        (:attr:`split_orders`)."""
        rows = sorted({tuple(row) for row in zero_held.tolist()})
        self.split_number = {row: i for i, row in enumerate(rows)}
        self.splits = np.array(rows, dtype=np.int64).reshape(len(rows), zero_held.shape[1])
        self.split_orders = np.array([_multinomial(row) for row in rows], dtype=np.int64)

    def _groups(self, by_value: np.ndarray, split: np.ndarray, cell_class: np.ndarray,
                orders: dict, value_base: dict) -> None:
        """The groups (:attr:`groups`: per multiset of point values, its ordering count
        c(V), cards dealt k, pattern, V[0], then (base, count) of each value 1-9 it
        holds, -1 past them; ``value_base``: each value's one base), each pattern's classes
        (:attr:`pattern_classes`, -1 past them) and its (pattern, split, the class's
        place among the pattern's) entries (:attr:`entries`)."""
        keys = _value_key(by_value)
        unique, first, group = np.unique(keys, return_index=True, return_inverse=True)
        members: list[list] = [[] for _ in unique]
        for g, s, c in zip(group.reshape(-1).tolist(), split.tolist(), cell_class.tolist()):
            members[g].append((s, c))
        patterns: dict = {}
        pattern = [patterns.setdefault(tuple(sorted(m)), len(patterns)) for m in members]
        values = by_value[first]
        self.groups = np.full((len(unique), 4 + 2 * COUP_CARDS), -1, dtype=np.int64)
        for g, (key, v, p) in enumerate(zip(unique.tolist(), values.tolist(), pattern)):
            pairs = [(value_base[x], n) for x, n in enumerate(v) if x and n]
            self.groups[g, :4 + 2 * len(pairs)] = [orders.get(key, 0), sum(v), p, v[0],
                                                   *(a for pair in pairs for a in pair)]
        most = max(len({c for _, c in m}) for m in patterns)
        self.pattern_classes = np.full((len(patterns), most), -1, dtype=np.int64)
        entries = []
        for m, p in patterns.items():
            classes = sorted({c for _, c in m})
            self.pattern_classes[p, :len(classes)] = classes
            entries += [(p, s, classes.index(c)) for s, c in m]
        self.entries = np.array(entries, dtype=np.int64).reshape(-1, 3)

    @classmethod
    def of(cls, evaluator: Evaluator) -> "RankCounts | None":
        """The counts of ``evaluator``'s classes where its layout is the coup's cards in
        any order by rank or point value (see the module), else None."""
        return cls(evaluator) if _whole_coup_in_any_order(evaluator.layout) else None

    def class_totals_each(self, unseen: np.ndarray) -> np.ndarray | None:
        """Per row of 52 card counts (rank · 4 + suit), the bets' exact class totals
        (int64; rows × classes); None where a row holds too many cards for int64 (see
        the module)."""
        cards = unseen.sum(axis=1)
        if len(unseen) and needs_python_integers(int(cards.max())):
            return None
        by_rank = unseen.reshape(len(unseen), len(RANKS), SUITS_PER_RANK).sum(axis=2)
        by_base = np.zeros((len(unseen), self.n_bases), dtype=np.int64)
        np.add.at(by_base.T, self.base_of, by_rank.T)
        totals = np.zeros((len(unseen), self.evaluator.n_classes), dtype=np.int64)
        multiset_totals(by_base, cards.astype(np.int64), self.zero_bases, self.splits,
                        self.split_orders, self.entries, self.groups, self.pattern_classes,
                        totals)
        return totals


def _held(layout: CardLayout, n_bases: int) -> np.ndarray:
    """Per cell of ``layout``, how many of its cards are of each base."""
    _, positions = layout.decoded()
    held = np.zeros((layout.n_cells, n_bases), dtype=np.int64)
    for p in POSITIONS:
        code, dealt = positions[p]
        np.add.at(held, (np.flatnonzero(dealt), code[dealt]), 1)
    return held


def _multinomial(counts) -> int:
    """(sum of counts)! / prod of counts!."""
    out = factorial(sum(counts))
    for k in counts:
        out //= factorial(k)
    return out


@kernel
def multiset_totals(by_base, cards, zero_bases, splits, split_orders, entries, groups,
                    pattern_classes, totals):
    """Add to ``totals[r]`` row r's deals of every class (``by_base``: the cards of each
    base left; ``cards`` in all; the arrays of :class:`RankCounts`): per split, its
    orders times the falling factors of the ten-value bases; per pattern and class (its
    place in ``pattern_classes``), the sum of its splits'; per group (c(V), k, pattern,
    V[0], then its other values' (base, count) pairs), c(V) times their falling factors
    times ``[N - k]_(6 - k)``, summed per pattern; each pattern's sum times each of its
    classes' sums, into that class. A group with a factor 0, or too few ten-value cards,
    counts none, before its product is taken: every partial product and pattern's sum
    is then at most the deals it stands for, at most ``[N]_6`` (see the module; a
    pattern's sums are at most ``[tens]_(V[0])``, all its splits' together)."""
    n_bases = by_base.shape[1]
    fall = np.zeros((n_bases, COUP_CARDS + 1), dtype=np.int64)
    rest = np.zeros(COUP_CARDS + 1, dtype=np.int64)
    split = np.zeros(splits.shape[0], dtype=np.int64)
    sums = np.zeros(pattern_classes.shape, dtype=np.int64)
    weight = np.zeros(pattern_classes.shape[0], dtype=np.int64)
    for r in range(by_base.shape[0]):
        for b in range(n_bases):
            fall[b, 0] = 1
            for j in range(1, COUP_CARDS + 1):
                left = by_base[r, b] - j + 1
                fall[b, j] = fall[b, j - 1] * left if left > 0 else 0
        tens = 0
        for i in range(zero_bases.shape[0]):
            tens += by_base[r, zero_bases[i]]
        for k in range(COUP_CARDS + 1):
            rest[k] = 1
            for i in range(k, COUP_CARDS):
                rest[k] *= max(cards[r] - i, 0)
        for s in range(splits.shape[0]):
            w = split_orders[s]
            for i in range(zero_bases.shape[0]):
                w *= fall[zero_bases[i], splits[s, i]]
            split[s] = w
        sums[:, :] = 0
        for e in range(entries.shape[0]):
            sums[entries[e, 0], entries[e, 2]] += split[entries[e, 1]]
        weight[:] = 0
        for g in range(groups.shape[0]):
            w = groups[g, 0] * rest[groups[g, 1]]
            if w == 0 or groups[g, 3] > tens:
                continue
            for i in range(4, groups.shape[1], 2):
                if groups[g, i] < 0:
                    break
                w *= fall[groups[g, i], groups[g, i + 1]]
            weight[groups[g, 2]] += w
        for p in range(pattern_classes.shape[0]):
            if weight[p] == 0:
                continue
            for i in range(pattern_classes.shape[1]):
                c = pattern_classes[p, i]
                if c < 0:
                    break
                totals[r, c] += weight[p] * sums[p, i]


__all__ = ["RankCounts", "WHOLE_COUP", "multiset_totals", "value_orders"]
