"""The outcome cells and their table: exact counts of every way a coup can finish, on
one shoe.

A finished coup is summed up by its *cell*: the two hands' pair states, their two-card
totals and their third cards (if any). Every feature a bet can ask about — winner,
points, number of cards, naturals, pairs, margin — is a function of the cell, so a
paytable is turned into a payoff per cell once and each later shoe costs one
enumeration. The set of cells depends only on whether suits are counted, never on the
shoe.

Which cells answer a set of conditions — these, with suits or without, or the cards
themselves (:mod:`~bacc_edge.engine.card_table`) — is chosen in one place,
:func:`layout_answering`.
"""

from __future__ import annotations

import itertools
import threading
from dataclasses import dataclass
from typing import ClassVar
from fractions import Fraction
from functools import lru_cache
from math import lcm

import numpy as np

from . import point_kernels as _kernels
from ..errors import ArgumentError
from ..util.arguments import flag_argument
from ..game.cards import POINT_VALUES, POINTS, RANKS, SUITS, SUITS_PER_RANK
from ..game.coup import BANKER_ONLY, PLAYER_THEN_BANKER, PairState, coup_plan
from ..game.tableau import STANDARD, Tableau, tableau_argument
from .card_table import ALL_CARDS, CardDetail, CardLayout, cards_held, is_card_feature
from .features import COUP_FEATURES, SUIT_FEATURES, coup_feature, coup_parts
from .jit import plain
from .outcome_table import (INT64_MAX, Layout, OutcomeTable, needs_python_integers,
                            suitless_ways)
from ..game.shoe import SUITS_NEEDED, Shoe, ShoeError, falling, shoe_argument
from ..util.progress import Progress


@lru_cache(maxsize=32)
def start_plan(tableau: Tableau
               ) -> tuple[_kernels.StartPlan, tuple[tuple[int, int, int, int], ...]]:
    """The enumeration's :class:`~bacc_edge.engine.point_kernels.StartPlan` for a tableau (its game
    arrays are the :func:`~bacc_edge.game.coup.coup_plan`'s own), and the outcome cells
    (player total, banker total, player third, banker third)."""
    nv = POINT_VALUES
    coup = coup_plan(tableau)
    totals = coup.total
    # by total, the pairs of one value last
    pairs = sorted(((a, b) for a in range(nv) for b in range(a, nv)),
                   key=lambda p: (totals[p], p[0] == p[1], p))
    pair_start = [sum(1 for a, b in pairs if totals[a, b] < t) for t in range(nv + 1)]
    pair_same = [pair_start[t] + sum(1 for a, b in pairs if totals[a, b] == t and a != b)
                 for t in range(nv)]
    partner = np.full((nv, nv), -1, dtype=np.int64)
    for u, v in itertools.product(range(nv), range(nv)):
        assert partner[u, totals[u, v]] < 0, "the kernel takes one partner per value and total"
        partner[u, totals[u, v]] = v
    # the start sums a block's third cards need: s1 for one third card, s2 for two
    level = np.zeros(nv * nv, dtype=np.int64)
    for pt, bt in itertools.product(range(nv), range(nv)):
        blk = pt * nv + bt
        if coup.thirds[blk] == PLAYER_THEN_BANKER:
            level[blk] = 2 if coup.banker_draws[bt, 1:].any() else 1
        elif coup.thirds[blk] == BANKER_ONLY:
            level[blk] = 1
    s1_row = np.where(level >= 1, np.cumsum(level >= 1) - 1, -1)
    s2_row = np.where(level == 2, np.cumsum(level == 2) - 1, -1)
    plan = _kernels.StartPlan(
        total=coup.total, pair_a=np.array([a for a, _ in pairs], dtype=np.int64),
        pair_b=np.array([b for _, b in pairs], dtype=np.int64),
        pair_start=np.array(pair_start, dtype=np.int64),
        pair_same=np.array(pair_same, dtype=np.int64), partner=partner, thirds=coup.thirds,
        level=level,
        s1_row=s1_row.astype(np.int64), s2_row=s2_row.astype(np.int64),
        n_s1=int((level >= 1).sum()), n_s2=int((level == 2).sum()),
        banker_draws=coup.banker_draws, core=coup.core, n_core=coup.n_core)
    for arr in plan:
        if isinstance(arr, np.ndarray):
            arr.setflags(write=False)
    return plan, tuple(map(tuple, coup.cells.tolist()))


@dataclass(frozen=True)
class _PairStates(Layout):
    """What every layout of outcome cells has: whether suited pairs are told apart
    (the pair states none / pair / suited pair, else none / pair) and the tableau."""

    suits: bool
    tableau: Tableau = STANDARD
    #: whether only the pair states are counted, not the rest of the coup
    pairs_only: ClassVar[bool] = False

    @property
    def n_states(self) -> int:
        return 3 if self.suits else 2

    @property
    def tells_suits(self) -> bool:
        return self.suits


@dataclass(frozen=True)
class CellLayout(_PairStates):
    """The outcome cells under one tableau and, per cell, every feature a bet can ask
    about.

    With ``suits`` the pair states are none / pair / suited pair (same rank and suit);
    without, none / pair. Each feature is a read-only array with one entry per cell.
    """

    @property
    def n_core(self) -> int:
        return start_plan(self.tableau)[0].n_core

    @property
    def n_cells(self) -> int:
        return self.n_states ** 2 * self.n_core

    def features(self) -> dict[str, np.ndarray]:
        """Feature name → per-cell array (see :data:`~bacc_edge.engine.features.FEATURES`)."""
        return _features(self.suits, self.tableau)

    def describe(self) -> str:
        return f"outcome cells {'with' if self.suits else 'without'} suits"

    def table(self, shoe: Shoe, *, on_progress: Progress | None = None) -> OutcomeTable:
        """:func:`outcome_table` of ``shoe`` on these cells."""
        return outcome_table(shoe, suits=self.suits, tableau=self.tableau)

    def answering(self, features: frozenset, shoe: Shoe) -> Layout:
        """These cells where they answer every feature; else, for a condition on the
        cards themselves or on suited pairs, the cells that answer it, those ``shoe`` can
        reach (:func:`layout_answering`)."""
        if features <= self.features().keys():
            return self
        layout = layout_answering(features, self.tableau, cards=cards_held(shoe))
        unread = set() if layout.reads_cards else features - layout.features().keys()
        if unread:
            raise ArgumentError(f"no cells tell {', '.join(map(repr, sorted(unread)))} apart: "
                                f"a condition reads the features of FEATURES, or the cards "
                                f"themselves (P1.rank …)")
        return layout


@dataclass(frozen=True)
class PairLayout(_PairStates):
    """Cells that tell only the pair states of the two hands' first two cards apart,
    ``player state · n_states + banker state``: enough for a bet that reads nothing but
    :data:`~bacc_edge.engine.features.PAIR_FEATURES`, and counted without dealing the
    rest of the coup. ``suits`` splits suited pairs from pairs, as in
    :class:`CellLayout`."""

    pairs_only: ClassVar[bool] = True

    @property
    def n_cells(self) -> int:
        return self.n_states ** 2

    def features(self) -> dict[str, np.ndarray]:
        """Feature name → per-cell array, for the features of
        :data:`~bacc_edge.engine.features.PAIR_FEATURES`."""
        return _pair_features(self.suits)

    def describe(self) -> str:
        return f"pair states {'with' if self.suits else 'without'} suits"

    def table(self, shoe: Shoe, *, on_progress: Progress | None = None) -> OutcomeTable:
        """``shoe`` counted on the pair states alone, as :func:`outcome_table` counts the
        outcome cells (a shoe whose suits are known, where suits are counted)."""
        return _counted(shoe_argument(shoe), self)


def layout_answering(features: frozenset, tableau: Tableau = STANDARD, *,
                     cards: tuple = ALL_CARDS, suits: bool | None = None
                     ) -> CellLayout | CardLayout:
    """The coarsest cells that answer conditions reading ``features``: the one place
    that chooses them.

    Parameters
    ----------
    features : frozenset of str
        Every feature the conditions read.
    tableau : Tableau
        The drawing rules.
    cards : tuple of bool
        The cards (rank · 4 + suit) the shoes counted may hold
        (:func:`~bacc_edge.engine.card_table.cards_held`): card-level cells are made for
        those only.
    suits : bool, optional
        Whether the outcome cells tell suited pairs apart; by default, where a feature
        reads them.

    Returns
    -------
    CardLayout or CellLayout
        Card-level cells (:class:`~bacc_edge.engine.card_table.CardLayout`, as finely as
        :meth:`~bacc_edge.engine.card_table.CardDetail.of` says) where a feature reads a
        card itself; else the outcome cells.
    """
    if any(is_card_feature(f) for f in features):
        return CardLayout(CardDetail.of(features), tableau, cards)
    if suits is None:
        suits = not features.isdisjoint(SUIT_FEATURES)
    return CellLayout(bool(suits), tableau)


@lru_cache(maxsize=2)
def _pair_features(suits: bool) -> dict[str, np.ndarray]:
    n = 3 if suits else 2
    out = _pair_state_features(*np.divmod(np.arange(n * n), n), suits)
    for arr in out.values():
        arr.setflags(write=False)
    return out


def _pair_state_features(p_state: np.ndarray, b_state: np.ndarray, suits: bool
                         ) -> dict[str, np.ndarray]:
    """The pair features of cells whose hands are in pair states ``p_state``,
    ``b_state``."""
    out = {"player_pair": (p_state >= PairState.PAIR).astype(np.int64),
           "banker_pair": (b_state >= PairState.PAIR).astype(np.int64)}
    if suits:
        out["player_suited_pair"] = (p_state == PairState.SUITED).astype(np.int64)
        out["banker_suited_pair"] = (b_state == PairState.SUITED).astype(np.int64)
    return out


@lru_cache(maxsize=16)
def _features(suits: bool, tableau: Tableau) -> dict[str, np.ndarray]:
    n_states = 3 if suits else 2
    coup = coup_plan(tableau)
    core, totals = coup.cells, coup.total
    n_core = len(core)
    state = np.arange(n_states ** 2).repeat(n_core)
    p_state, b_state = state // n_states, state % n_states
    pt, bt, x, y = (np.tile(core[:, i], n_states ** 2) for i in range(4))
    parts = coup_parts(pt, bt, x, y, totals)
    out = {name: coup_feature(name, parts, coup) for name in COUP_FEATURES}
    out.update(_pair_state_features(p_state, b_state, suits))
    for arr in out.values():
        arr.setflags(write=False)
    return out


# -- the wrapper round the kernel ------------------------------------------------------
def _kinds(suits: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The distinct kinds of card (ranks, or rank-suits) ordered by point value: the
    flat index of each kind into a shoe's counts, its rank, and each class's start."""
    per = 4 if suits else 1
    order = sorted(range(13 * per), key=lambda i: (POINTS[i // per], i))
    values = [POINTS[i // per] for i in order]
    start = [values.index(v) if v in values else len(values) for v in range(POINT_VALUES)]
    return (np.array(order, dtype=np.int64), np.array(order, dtype=np.int64) // per,
            np.array(start + [len(order)], dtype=np.int64))


_KINDS = {suits: _kinds(suits) for suits in (False, True)}


class Enumerator:
    """The enumeration with its scratch buffers, kept for counting many shoes of one
    layout (suit mode and tableau), integer type and removal in a row. Not for sharing
    between threads. On a :class:`PairLayout` it counts the pair states alone."""

    def __init__(self, layout: CellLayout | PairLayout, *, big: bool = False,
                 removal: int = 1):
        self.layout = layout
        plan, _ = start_plan(layout.tableau)
        if big:  # plain Python: indices as Python integers, so no term falls back to int64
            plan = plan._replace(**{k: v.astype(object) for k, v in plan._asdict().items()
                                    if isinstance(v, np.ndarray)})
        kind_of, kind_rank, class_start = _KINDS[layout.suits]
        n_st = layout.n_states ** 2
        nv = POINT_VALUES
        self.big = big
        self.dtype = object if big else np.int64
        self.n_cells = layout.n_cells

        def zeros(*shape):
            return np.zeros(shape, dtype=self.dtype)

        def kernel(k):
            return plain(k) if big else k

        #: the counts of the last shoe counted, one per outcome cell (overwritten)
        self.out = zeros(self.n_cells)
        # the shoe's part of the inputs (its kinds and pairs, the starts' ways s0), then
        # the coup's (the other start sums and stage two's scratch)
        kinds = _kernels.Kinds(kind_of, zeros(len(kind_of)), kind_rank, class_start,
                               layout.n_states, removal)
        pairs = _kernels.PairWork(zeros(nv), zeros(nv, 3), zeros(nv, 3, 3),
                                  zeros(len(kind_of)))
        s0 = zeros(n_st * nv * nv)
        self.pairs_only = layout.pairs_only
        if self.pairs_only:
            self._each = kernel(_kernels.pair_totals_each)
            self._each_inputs = (tuple(kinds), plan, tuple(pairs), s0)
            self._cells = np.arange(self.n_cells, dtype=np.int64)  # each state its own
            return
        most_pairs = int(np.diff(plan.pair_start).max())
        sums = _kernels.StartSums(s0, zeros(n_st * plan.n_s1 * nv),
                                  zeros(n_st * plan.n_s2 * nv * nv), zeros(n_st),
                                  zeros(most_pairs, n_st), zeros(nv))
        self._inputs = (tuple(kinds), plan, tuple(pairs), tuple(sums))
        self._kernel = kernel(_kernels.enumerate_coups)
        self._each, self._each_inputs = kernel(_kernels.class_totals_each), self._inputs + (
            self.out,)

    def count(self, counts: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
        """Count a shoe given as its 13 rank counts (a layout without suits) or its 52
        counts by rank and suit (rank · 4 + suit), int64, into ``out`` (every cell is
        written); by default into :attr:`out`. Returns the counts."""
        if self.big:
            counts = counts.astype(object)
        out = self.out if out is None else out
        if self.pairs_only:
            self._each(counts[None, :], *self._each_inputs, self._cells, out[None, :])
        else:
            self._kernel(counts, *self._inputs, out)
        return out

    def class_totals_each(self, cards: np.ndarray, cell_class: np.ndarray, out: np.ndarray
                          ) -> np.ndarray:
        """Count many shoes in one call, each summed by the class its cells carry in
        ``cell_class`` (int64, one per cell): row i of ``out`` (zeros, of the counts'
        type) for the 52 card counts (rank · 4 + suit) of row i of ``cards``."""
        shoes = cards if self.layout.suits else cards.reshape(
            len(cards), len(RANKS), SUITS_PER_RANK).sum(axis=2)
        shoes = shoes.astype(object) if self.big else np.ascontiguousarray(shoes, np.int64)
        self._each(shoes, *self._each_inputs, cell_class, out)
        return out


_ENUMERATORS = threading.local()


def _count(counts: np.ndarray, layout: CellLayout, big: bool, removal: int = 1
           ) -> np.ndarray:
    """Count one shoe given as :meth:`Enumerator.count` takes it; ``removal`` 0 deals
    with replacement. Each thread keeps its enumerators; the counts are a new array of
    the caller's."""
    cache = _ENUMERATORS.__dict__
    key = (layout, big, removal)
    enumerator = cache.get(key)
    if enumerator is None:
        enumerator = cache[key] = Enumerator(layout, big=big, removal=removal)
    return enumerator.count(counts, np.empty(enumerator.n_cells, dtype=enumerator.dtype))


@lru_cache(maxsize=256)
def _same_suit(pool: tuple[int, ...], pairs: int) -> Fraction:
    """For cards of one rank drawn without replacement from ``pool`` (its four suit
    counts): the probability that the first two share a suit (``pairs`` 1), or that the
    first two and the next two each do (``pairs`` 2)."""
    n = sum(pool)
    same = [falling(c, 2) for c in pool]
    if pairs == 1:
        return Fraction(sum(same), falling(n, 2)) if n > 1 else Fraction(0)
    if n < 4:
        return Fraction(0)
    # all four of one suit, or the first two of one suit and the next two of another
    both = sum(falling(c, 4) for c in pool) + sum(same) ** 2 - sum(x * x for x in same)
    return Fraction(both, falling(n, 4))


def pair_pool_classes(shoe: Shoe) -> tuple[list[int], list[tuple[Fraction, Fraction]]]:
    """The ranks grouped by how their pairs fall into suits: per rank its class (-1 for
    a rank with fewer than two cards left, which cannot pair), and per class the chance
    q1 that two cards of such a rank share a suit and q22 that four cards make two such
    pairs (:func:`_same_suit` on the rank's pool, every card of it whose suit was not
    named). With no card named all ranks are alike: one class."""
    rank_class, classes = [], []
    for r in range(len(RANKS)):
        if shoe.ranks[r] < 2:
            rank_class.append(-1)
            continue
        pool = tuple(sorted(shoe.suits[r]))
        q = (_same_suit(pool, 1), _same_suit(pool, 2))
        if q not in classes:
            classes.append(q)
        rank_class.append(classes.index(q))
    return rank_class, classes


def _pair_tables(shoe: Shoe, ns: int, single, double):
    """The tables :func:`~bacc_edge.engine.point_kernels.pair_weights` fills (class sizes, and per
    point value the two- and four-card ways by pair state), counted on the shoe's ranks
    with ``ns`` pair states of the caller's: state 0 is no pair; a hand's pair of rank r
    counts ``weight`` in state s for each (s, weight) of ``single(r)``, both hands'
    pairs of two ranks the product of their weights, and both hands' pairs of one rank r
    ``weight`` in states s, t for each ((s, t), weight) of ``double(r)``. Integers."""
    nv = POINT_VALUES
    class_size = [0] * nv
    two = [[0] * ns for _ in range(nv)]
    four = [[[0] * ns for _ in range(ns)] for _ in range(nv)]
    for v in range(nv):
        ranks = [r for r in range(len(RANKS)) if POINTS[r] == v]
        size = sum(shoe.ranks[r] for r in ranks)
        class_size[v] = size
        pairs = {r: falling(shoe.ranks[r], 2) for r in ranks}
        all_pairs = sum(pairs.values())
        two[v][0] = falling(size, 2) - all_pairs
        four[v][0][0] = falling(size, 4)
        for r in ranks:
            both = falling(shoe.ranks[r], 4)  # both hands' pairs of rank r
            # the player's pair of rank r, the banker's no pair (and the other way round)
            alone = pairs[r] * (falling(size - 2, 2) - all_pairs + pairs[r]) - both
            four[v][0][0] -= 2 * alone + both + pairs[r] * (all_pairs - pairs[r])
            for s, w in single(r):
                two[v][s] += pairs[r] * w
                four[v][s][0] += alone * w
                four[v][0][s] += alone * w
                for r2 in ranks:
                    if r2 != r:
                        for t, w2 in single(r2):
                            four[v][s][t] += pairs[r] * pairs[r2] * w * w2
            for (s, t), w in double(r):
                four[v][s][t] += both * w
    return class_size, two, four


def _run_stages(shoe: Shoe, layout: CellLayout, tables, ns: int, big: bool) -> np.ndarray:
    """The enumeration's two stages on pair tables of ``ns`` states (as
    :func:`_pair_tables` makes them): the counts, one row of outcome cells per pair
    state (player · ns + banker). int64 kernels, or plain Python on Python integers
    (``big``)."""
    plan, _ = start_plan(layout.tableau)
    dtype = object if big else np.int64
    if big:
        plan = plan._replace(**{k: v.astype(object) for k, v in plan._asdict().items()
                                if isinstance(v, np.ndarray)})
    class_size, two, four = (np.array(t, dtype=dtype) for t in tables)
    nv, n_st = POINT_VALUES, ns * ns

    def zeros(*shape):
        return np.zeros(shape, dtype=dtype)

    def kernel(k):
        return plain(k) if big else k

    s0, s1, s2 = zeros(n_st * nv * nv), zeros(n_st * plan.n_s1 * nv), zeros(
        n_st * plan.n_s2 * nv * nv)
    out = zeros(n_st * plan.n_core)
    most_pairs = int(np.diff(plan.pair_start).max())
    kernel(_kernels.sum_starts)(1, ns, plan, class_size, two, four, s0, s1, s2, zeros(n_st),
                                zeros(most_pairs, n_st))
    kernel(_kernels.third_cards)(1, ns, plan, class_size, s0, s1, s2, zeros(nv), out)
    return out.reshape(n_st, plan.n_core)


def _suit_weights(classes: list[tuple[Fraction, Fraction]]):
    """For each refined pair state of :func:`_refined_counts` (player · ns + banker), the
    chance of each pair state with suits (player · 3 + banker): a pair of a rank of
    class k is suited with chance q1; two pairs of different ranks fall independently;
    both hands' pairs of one rank are four cards of it, both suited with chance q22.
    Why: given the ranks dealt, the suits of the dealt cards of a rank are an ordered
    draw without replacement from that rank's pool (the cards left and those removed
    without their suit alike, as nothing tells them apart), independent across ranks;
    by exchangeability the chance for two (four) of them is q1 (q22), whichever other
    cards of that rank the coup dealt. Returns {refined: [(suited state, chance)]}."""
    ns = len(classes) + 2
    n, p, s = int(PairState.NONE), int(PairState.PAIR), int(PairState.SUITED)

    def split(state):
        if state == 0:
            return [(n, Fraction(1))]
        q1 = classes[state - 1][0]
        return [(s, q1), (p, 1 - q1)]

    out = {0: [(n * 3 + n, Fraction(1))]}
    for sp in range(1, ns - 1):
        for sb in range(ns - 1):
            out[sp * ns + sb] = [(a * 3 + b, x * y) for a, x in split(sp) for b, y in split(sb)]
            out[sb * ns + sp] = [(b * 3 + a, x * y) for a, x in split(sp) for b, y in split(sb)]
        out[sp * ns + ns - 1] = _double_split(*classes[sp - 1])
    return out


def _double_split(q1: Fraction, q22: Fraction) -> list[tuple[int, Fraction]]:
    """Both hands' pairs of one rank: the chance of each suited pair state (player · 3
    + banker)."""
    p, s = int(PairState.PAIR), int(PairState.SUITED)
    return [(s * 3 + s, q22), (s * 3 + p, q1 - q22), (p * 3 + s, q1 - q22),
            (p * 3 + p, 1 - 2 * q1 + q22)]


def _refined_counts(shoe: Shoe, layout: CellLayout, ways: int) -> np.ndarray:
    """:func:`_expected_counts` by the int64 kernels: counted on the shoe's ranks with
    the pair states refined by the paired rank's pool class (state 1 + k, class k of
    :func:`pair_pool_classes`) and, for the banker, one state more for a pair of the rank
    the player paired in; exact in int64, as any shoe's count, since these states split
    the same terms, each at most N**6. Each refined state then splits into the suited
    pair states by exact chances (:func:`_suit_weights`), in Python integers over their
    common denominator."""
    rank_class, classes = pair_pool_classes(shoe)
    ns = len(classes) + 2
    tables = _pair_tables(
        shoe, ns, lambda r: [(1 + rank_class[r], 1)] if rank_class[r] >= 0 else [],
        lambda r: [((1 + rank_class[r], ns - 1), 1)] if rank_class[r] >= 0 else [])
    refined = _run_stages(shoe, layout, tables, ns, False)
    # per suited pair state, the refined states it gathers, each with its chance
    # times the ways, where the enumeration found any deal
    sources: dict[int, list[tuple[int, Fraction]]] = {}
    for st, split in _suit_weights(classes).items():
        if refined[st].any():
            for state, x in split:
                if x:
                    sources.setdefault(state, []).append((st, x * ways))
    d = lcm(*(x.denominator for terms in sources.values() for _, x in terms))
    out = np.zeros((layout.n_states ** 2, refined.shape[1]), dtype=object)
    done: dict[tuple, int] = {}
    for state, terms in sources.items():
        key = tuple(terms)
        if key in done:  # e.g. player suited / banker plain and the other way round
            out[state] = out[done[key]]
            continue
        done[key] = state
        rows = refined[[st for st, _ in terms]]
        cells = np.flatnonzero(rows.any(axis=0))  # Python integers only where needed
        acc = rows[0, cells].astype(object) * int(terms[0][1] * d)
        for i in range(1, len(terms)):
            acc += rows[i, cells].astype(object) * int(terms[i][1] * d)
        if d > 1:
            assert not (acc % d).any(), "the expected counts times the ways are whole"
            acc //= d
        out[state, cells] = acc
    return out.reshape(-1)


def _weighted_counts(shoe: Shoe, layout: CellLayout, ways: int) -> np.ndarray:
    """:func:`_expected_counts` in Python integers (a shoe too big for int64): the
    chances go into the pair tables themselves, over a common denominator d, so that
    every term of a suited pair state with k paired hands is d**k times its
    expectation, and the plain kernels run on the three suited pair states alone
    (refining by pool class would cost their square)."""
    rank_class, classes = pair_pool_classes(shoe)
    d = lcm(*(x.denominator for q in classes for x in q))
    p, s = int(PairState.PAIR), int(PairState.SUITED)

    def single(r):
        if rank_class[r] < 0:
            return []
        q1 = classes[rank_class[r]][0]
        return [(s, int(q1 * d)), (p, int((1 - q1) * d))]

    def double(r):
        if rank_class[r] < 0:
            return []
        return [(divmod(state, 3), int(x * d * d))
                for state, x in _double_split(*classes[rank_class[r]])]

    rows = _run_stages(shoe, layout, _pair_tables(shoe, 3, single, double), 3, True)
    out = []
    for st, row in enumerate(rows):
        scale = d ** ((st // 3 > 0) + (st % 3 > 0))
        counts = row * ways
        assert not (counts % scale).any(), "the expected counts times the ways are whole"
        out.append(counts // scale)
    return np.concatenate(out)


def _expected_counts(shoe: Shoe, layout: CellLayout) -> np.ndarray:
    """The suited outcome counts on a shoe with cards removed without their suit: each
    deal counted once per way those cards could have been dealt (times
    :func:`suitless_ways`), Python integers; by the int64 kernels where the shoe allows
    (:func:`_refined_counts`), else in Python integers (:func:`_weighted_counts`)."""
    if needs_python_integers(shoe.cards):
        return _weighted_counts(shoe, layout, suitless_ways(shoe))
    return _refined_counts(shoe, layout, suitless_ways(shoe))


def outcome_table(shoe: Shoe, *, suits: bool = False, tableau: Tableau = STANDARD
                  ) -> OutcomeTable:
    """Count every coup the shoe can deal under the tableau, exactly.

    ``suits=True`` also splits pairs into suited and unsuited ones, which needs a shoe
    whose suits are known (one built with :meth:`Shoe.decks` or :meth:`Shoe.from_suits`).
    A card removed without its suit is averaged over the suits it could have been,
    weighted by the cards of each suit the shoe held. ``tableau`` sets the drawing
    rules (standard punto banco by default). Shoes of more than 1,448 cards (27 decks)
    would overflow int64 and are counted with Python integers instead: slower, still
    exact.
    """
    shoe_argument(shoe)
    flag_argument(suits, "suits")
    tableau_argument(tableau)
    return _counted(shoe, CellLayout(suits, tableau))


def _counted(shoe: Shoe, layout: CellLayout | PairLayout) -> OutcomeTable:
    """:func:`outcome_table` on ``layout``'s cells, the arguments checked."""
    removal = int(not shoe.replacement)
    if not layout.suits:
        counts = _count(np.fromiter(shoe.ranks, np.int64, len(shoe.ranks)), layout,
                        needs_python_integers(shoe.cards), removal)
        return OutcomeTable(shoe, layout, counts, shoe.coups)
    if shoe.suits is None:
        raise ShoeError(
            f"{shoe.label} was built from rank counts, so its suits are unknown and suited "
            f"pairs cannot be counted: {SUITS_NEEDED}"
        )
    big = needs_python_integers(shoe.cards)
    if shoe.suits_known:
        counts = _count(np.fromiter(itertools.chain.from_iterable(shoe.suits), np.int64,
                                    len(RANKS) * len(SUITS)), layout, big, removal)
        return OutcomeTable(shoe, layout, counts, shoe.coups)
    if layout.pairs_only:
        raise ShoeError(f"{shoe.label} has cards removed without their suit: its suited "
                        f"pairs are counted on the outcome cells (CellLayout), not on the "
                        f"pair states alone")
    total = suitless_ways(shoe) * shoe.coups
    counts = _expected_counts(shoe, layout)
    if total <= INT64_MAX:
        counts = counts.astype(np.int64)
    return OutcomeTable(shoe, layout, counts, total)


