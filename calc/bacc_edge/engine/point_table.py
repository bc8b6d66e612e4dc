"""The outcome table: exact counts of every way a coup can finish, on one shoe.

A finished coup is summed up by its *cell*: the two hands' pair states, their two-card
totals and their third cards (if any). Every feature a bet can ask about — winner,
points, number of cards, naturals, pairs, margin — is a function of the cell, so a
paytable is turned into a payoff per cell once and each later shoe costs one
enumeration. The set of cells depends only on whether suits are counted, never on the
shoe.
"""

from __future__ import annotations

import itertools
import threading
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb, lcm, prod

import numpy as np

from . import point_kernels as _kernels
from ..util.arguments import flag_argument, quoted
from ..game.cards import POINT_VALUES, POINTS, RANKS, SUITS, SUITS_PER_RANK
from ..game.coup import BANKER_ONLY, PLAYER_THEN_BANKER, PairState, Winner, coup_plan
from ..game.tableau import STANDARD, Tableau, tableau_argument
from ..errors import ArgumentError
from .features import COUP_FEATURES, coup_feature, coup_parts
from .jit import plain
from ..game.shoe import COUP_CARDS, SUITS_NEEDED, Shoe, ShoeError, falling, shoe_argument

INT64_MAX = np.iinfo(np.int64).max


@lru_cache(maxsize=32)
def _plan(tableau: Tableau) -> tuple[_kernels.StartPlan, tuple[tuple[int, int, int, int], ...]]:
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
class _PairStates:
    """What every layout of outcome cells has: whether suited pairs are told apart
    (the pair states none / pair / suited pair, else none / pair) and the tableau."""

    suits: bool
    tableau: Tableau = STANDARD

    @property
    def n_states(self) -> int:
        return 3 if self.suits else 2


@dataclass(frozen=True)
class CellLayout(_PairStates):
    """The outcome cells under one tableau and, per cell, every feature a bet can ask
    about.

    With ``suits`` the pair states are none / pair / suited pair (same rank and suit);
    without, none / pair. Each feature is a read-only array with one entry per cell.
    """

    @property
    def n_core(self) -> int:
        return _plan(self.tableau)[0].n_core

    @property
    def n_cells(self) -> int:
        return self.n_states ** 2 * self.n_core

    def features(self) -> dict[str, np.ndarray]:
        """Feature name → per-cell array (see :data:`FEATURES`)."""
        return _features(self.suits, self.tableau)


#: What a bet can ask about a finished coup, and what each feature means.
FEATURES = {
    "winner": "who won: " + ", ".join(f"{w.value} {w.name.lower()}" for w in Winner),
    "player_points": "the player's final points, 0-9",
    "banker_points": "the banker's final points, 0-9",
    "player_cards": "cards in the player's hand, 2 or 3",
    "banker_cards": "cards in the banker's hand, 2 or 3",
    "player_two_card_total": "points of the player's first two cards",
    "banker_two_card_total": "points of the banker's first two cards",
    "player_natural": "1 when the player's first two cards make 8 or 9",
    "banker_natural": "1 when the banker's first two cards make 8 or 9",
    "player_third": "point value of the player's third card, -1 when none",
    "banker_third": "point value of the banker's third card, -1 when none",
    "player_pair": "1 when the player's first two cards share a rank (10-10 yes, 10-J no)",
    "banker_pair": "1 when the banker's first two cards share a rank",
    "player_suited_pair": "1 when the player's first two cards share rank and suit",
    "banker_suited_pair": "1 when the banker's first two cards share rank and suit",
    "margin": "the winning margin in points, 0 on a tie",
    "cards_dealt": "cards dealt in the coup, 4-6",
}
SUIT_FEATURES = ("player_suited_pair", "banker_suited_pair")
#: What a bet on the two hands' pairs alone reads (see :class:`PairLayout`).
PAIR_FEATURES = frozenset({"player_pair", "banker_pair", *SUIT_FEATURES})


@dataclass(frozen=True)
class PairLayout(_PairStates):
    """Cells that tell only the pair states of the two hands' first two cards apart,
    ``player state · n_states + banker state``: enough for a bet that reads nothing but
    :data:`PAIR_FEATURES`, and counted without dealing the rest of the coup. ``suits``
    splits suited pairs from pairs, as in :class:`CellLayout`."""

    @property
    def n_cells(self) -> int:
        return self.n_states ** 2

    def features(self) -> dict[str, np.ndarray]:
        """Feature name → per-cell array, for the features of :data:`PAIR_FEATURES`."""
        return _pair_features(self.suits)


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


@dataclass(frozen=True, eq=False)
class OutcomeTable:
    """Exact counts of the ways a coup finishes in each outcome cell, on one shoe.

    ``counts[i]`` is the number of ordered six-card deals (unused positions included)
    that end in cell ``i``; they sum to ``total``. Counts are int64, or Python integers
    (dtype object) where int64 would overflow. Where cards left the shoe without their
    suit named and suits are counted, each deal is counted once for every way those
    cards could have been dealt, so ``total`` is that many times N·(N-1)·…·(N-5).
    """

    shoe: Shoe
    layout: CellLayout
    counts: np.ndarray
    total: int

    @property
    def features(self) -> dict[str, np.ndarray]:
        return self.layout.features()

    def count(self, when) -> int:
        """Deals whose cell is selected by ``when``: a condition on the coup, or a
        boolean mask with one entry per cell. A condition these cells cannot tell (a
        card's rank, a suit) is counted on the same shoe's cells that can, when those
        count the deals alike (see :meth:`probability`)."""
        table = self._answering(when)
        if table is not self:
            if table.total != self.total:
                raise ArgumentError(
                    f"when {when!r}: this table's cells do not tell it apart, and the cells "
                    f"that do count this shoe's deals another way (cards removed without "
                    f"their suit): ask probability()")
            return table.count(when)
        if hasattr(when, "mask"):
            when = when.mask(self.layout)
        mask = np.asarray(when)
        if mask.dtype != bool or mask.shape != self.counts.shape:
            raise ArgumentError(f"when {when!r} must be a condition on the coup or a boolean "
                                f"mask of {self.counts.shape[0]} cells")
        return int(sum(self.counts[mask].tolist()))

    def probability(self, when) -> Fraction:
        """Exact probability that the coup ends where ``when`` (a condition or a mask)
        holds. A condition on the cards themselves (``player.card(1).rank == "K"``) or
        on suits is counted on the same shoe's card-level or suited cells."""
        table = self._answering(when)
        return Fraction(table.count(when), table.total)

    def _answering(self, when) -> "OutcomeTable":
        """This table, or, for a condition that reads what its cells do not tell apart,
        the same shoe counted on the cells that answer it."""
        features = getattr(when, "features", None)
        if (not isinstance(features, frozenset) or not isinstance(self.layout, CellLayout)
                or features <= self.layout.features().keys()):
            return self
        from .card_table import CardDetail, CardLayout, card_table, cards_held, is_card_feature
        if any(is_card_feature(f) for f in features):
            layout = CardLayout(CardDetail.of(features), self.layout.tableau,
                                cards_held(self.shoe))
            return card_table(self.shoe, layout)
        return outcome_table(self.shoe, suits=True, tableau=self.layout.tableau)

    def winners(self) -> dict[str, int]:
        """Deals won by the banker, by the player, and tied."""
        w = self.features["winner"]
        return {code.name.lower(): self.count(w == code)
                for code in (Winner.BANKER, Winner.PLAYER, Winner.TIE)}


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
        plan, _ = _plan(layout.tableau)
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
        self.pairs_only = isinstance(layout, PairLayout)
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


def sum_by_class(counts: np.ndarray, cell_class: np.ndarray, out: np.ndarray) -> np.ndarray:
    """Sum per-cell ``counts`` into ``out`` by the class number each cell carries in
    ``cell_class`` (int64); exact for int64 and for Python-integer (object) counts.
    Returns ``out``. Python integers are summed by numpy's unbuffered ``add.at``, as
    Python integers (a Python loop took 18 ms on the 30,546 suited cells)."""
    if counts.dtype == object or out.dtype == object:
        sums = np.zeros(out.shape, dtype=object)
        np.add.at(sums, cell_class, counts.astype(object, copy=False))
        out[:] = sums
    else:
        _kernels.group_sums(cell_class, counts, out)
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


def suit_patterns(shoe: Shoe):
    """Each way the cards removed without a suit could have been spread over the suits,
    rank by rank: per rank, a list of (ordered ways to deal them so, that rank's four
    suit counts after removing them). The ways of one rank sum to
    N_r·(N_r-1)·…·(N_r-k_r+1), N_r its cards with suits and k_r those removed."""
    out = []
    for r, k in enumerate(shoe.suitless):
        row = shoe.suits[r]
        options = []
        for spread in itertools.product(*(range(min(k, n) + 1) for n in row)):
            if sum(spread) != k:
                continue
            ways = prod(comb(k - sum(spread[:s]), spread[s]) * falling(row[s], spread[s])
                        for s in range(SUITS_PER_RANK))
            options.append((ways, tuple(n - m for n, m in zip(row, spread))))
        out.append(options)
    return out


def suitless_ways(shoe: Shoe) -> int:
    """Ordered ways to deal the cards removed without a suit from the cards of their
    ranks: the factor by which a table on a shoe with such cards counts each deal
    (its ``total`` is this times N·(N-1)·…·(N-5))."""
    return prod(falling(sum(shoe.suits[r]), k) for r, k in enumerate(shoe.suitless))


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


def _pool_classes(shoe: Shoe) -> tuple[list[int], list[tuple[Fraction, Fraction]]]:
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
    plan, _ = _plan(layout.tableau)
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
    :func:`_pool_classes`) and, for the banker, one state more for a pair of the rank
    the player paired in; exact in int64, as any shoe's count, since these states split
    the same terms, each at most N**6. Each refined state then splits into the suited
    pair states by exact chances (:func:`_suit_weights`), in Python integers over their
    common denominator."""
    rank_class, classes = _pool_classes(shoe)
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
    rank_class, classes = _pool_classes(shoe)
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


def needs_python_integers(n_cards: int) -> bool:
    """Whether counting coups dealt from ``n_cards`` cards needs Python integers: the
    kernels' terms are bounded by N**6, which int64 holds up to 1,448 cards (27 decks)."""
    return n_cards ** COUP_CARDS > INT64_MAX


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
    layout = CellLayout(suits, tableau)
    removal = int(not shoe.replacement)
    if not suits:
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
    total = suitless_ways(shoe) * shoe.coups
    counts = _expected_counts(shoe, layout)
    if total <= INT64_MAX:
        counts = counts.astype(np.int64)
    return OutcomeTable(shoe, layout, counts, total)


def table_argument(value, name: str = "table"):
    """``value`` if it is an :class:`~bacc_edge.engine.point_table.OutcomeTable`."""
    if not isinstance(value, OutcomeTable):
        raise ArgumentError(f"{name} {quoted(value)} must be an outcome table, e.g. "
                            f"outcome_table(Shoe.decks(8))")
    return value
