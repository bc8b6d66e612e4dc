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
from math import comb, prod

import numpy as np

from . import _kernels, rules
from .cards import POINTS
from .shoe import Shoe, ShoeError, falling

INT64_MAX = np.iinfo(np.int64).max
#: Winner codes in :attr:`CellLayout.winner`.
PLAYER, BANKER, TIE = 0, 1, 2
#: The most suit assignments averaged over for cards removed without their suit.
MAX_SUIT_PATTERNS = 20_000


def _core_cells() -> tuple[np.ndarray, list[tuple[int, int, int, int]]]:
    """Every reachable (player two-card total, banker two-card total, player third,
    banker third) under the rules, numbered so that a banker's ten possible third cards
    sit side by side. A third of -1 means the hand stood."""
    index = np.full((10, 10, 11, 11), -1, dtype=np.int64)
    cells: list[tuple[int, int, int, int]] = []

    def add(pt, bt, x, y):
        index[pt, bt, x + 1, y + 1] = len(cells)
        cells.append((pt, bt, x, y))

    for pt in range(10):
        for bt in range(10):
            if pt in rules.NATURALS or bt in rules.NATURALS:
                add(pt, bt, -1, -1)
                continue
            thirds = range(10) if rules.player_draws(pt) else [None]
            for x in thirds:
                px = -1 if x is None else x
                if rules.banker_draws(bt, x):
                    for y in range(10):
                        add(pt, bt, px, y)
                else:
                    add(pt, bt, px, -1)
    index.setflags(write=False)
    return index, cells


CORE_INDEX, _CORE = _core_cells()


@dataclass(frozen=True)
class CellLayout:
    """The outcome cells and, per cell, every feature a bet can ask about.

    With ``suits`` the pair states are none / pair / suited pair (same rank and suit);
    without, none / pair. Each feature is a read-only array with one entry per cell.
    """

    suits: bool

    @property
    def n_states(self) -> int:
        return 3 if self.suits else 2

    @property
    def n_core(self) -> int:
        return len(_CORE)

    @property
    def n_cells(self) -> int:
        return self.n_states ** 2 * self.n_core

    def features(self) -> dict[str, np.ndarray]:
        """Feature name → per-cell array (see :data:`FEATURES`)."""
        return _features(self.suits)


#: What a bet can ask about a finished coup, and what each feature means.
FEATURES = {
    "winner": f"who won: {PLAYER} player, {BANKER} banker, {TIE} tie",
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


@lru_cache(maxsize=2)
def _features(suits: bool) -> dict[str, np.ndarray]:
    n_states = 3 if suits else 2
    core = np.array(_CORE, dtype=np.int64)
    n_core = len(core)
    state = np.arange(n_states ** 2).repeat(n_core)
    p_state, b_state = state // n_states, state % n_states
    pt, bt, x, y = (np.tile(core[:, i], n_states ** 2) for i in range(4))
    pp = np.where(x >= 0, (pt + x) % 10, pt)
    bp = np.where(y >= 0, (bt + y) % 10, bt)
    out = {
        "winner": np.where(pp > bp, PLAYER, np.where(bp > pp, BANKER, TIE)),
        "player_points": pp,
        "banker_points": bp,
        "player_cards": 2 + (x >= 0),
        "banker_cards": 2 + (y >= 0),
        "player_two_card_total": pt,
        "banker_two_card_total": bt,
        "player_natural": (pt >= 8).astype(np.int64),
        "banker_natural": (bt >= 8).astype(np.int64),
        "player_third": x,
        "banker_third": y,
        "player_pair": (p_state >= 1).astype(np.int64),
        "banker_pair": (b_state >= 1).astype(np.int64),
        "margin": np.abs(pp - bp),
        "cards_dealt": 4 + (x >= 0) + (y >= 0),
    }
    if suits:
        out["player_suited_pair"] = (p_state == 2).astype(np.int64)
        out["banker_suited_pair"] = (b_state == 2).astype(np.int64)
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

    def count(self, mask) -> int:
        """Deals whose cell is selected by a boolean ``mask`` (one entry per cell)."""
        mask = np.asarray(mask, dtype=bool)
        if mask.shape != self.counts.shape:
            raise ValueError(f"mask has {mask.shape[0]} cells, the table {self.counts.shape[0]}")
        return int(sum(self.counts[mask].tolist()))

    def probability(self, mask) -> Fraction:
        """Exact probability that a coup ends in a cell the mask selects."""
        return Fraction(self.count(mask), self.total)

    def winners(self) -> dict[str, int]:
        """Deals won by the banker, by the player, and tied."""
        w = self.features["winner"]
        return {name: self.count(w == code)
                for name, code in (("banker", BANKER), ("player", PLAYER), ("tie", TIE))}


# -- the wrapper round the kernel ------------------------------------------------------
def _kinds(suits: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The distinct kinds of card (ranks, or rank-suits) ordered by point value: the
    flat index of each kind into a shoe's counts, its rank, and each class's start."""
    per = 4 if suits else 1
    order = sorted(range(13 * per), key=lambda i: (POINTS[i // per], i))
    values = [POINTS[i // per] for i in order]
    start = [values.index(v) if v in values else len(values) for v in range(10)]
    return (np.array(order, dtype=np.int64), np.array(order, dtype=np.int64) // per,
            np.array(start + [len(order)], dtype=np.int64))


_KINDS = {suits: _kinds(suits) for suits in (False, True)}


class Enumerator:
    """The kernels with their scratch buffers, kept for counting many shoes of one kind
    (suit mode, integer type, removal) in a row. Not for sharing between threads."""

    def __init__(self, suits: bool, *, big: bool = False, removal: int = 1):
        self.suits = suits
        order, kind_rank, class_start = _KINDS[suits]
        layout = CellLayout(suits)
        n_states = layout.n_states
        n_st = n_states ** 2
        dtype = object if big else np.int64

        def zeros(*shape):
            return np.zeros(shape, dtype=dtype)

        #: the counts of the last shoe counted, one per outcome cell (overwritten)
        self.out = zeros(layout.n_cells)
        self._kind_counts = zeros(len(order))
        self._args = (self._kind_counts, kind_rank, class_start, n_states, removal,
                      rules.PLAYER_DRAWS, rules.BANKER_DRAWS, CORE_INDEX, layout.n_core,
                      zeros(10), zeros(10, 3), zeros(10, 3, 3), zeros(len(order)),
                      zeros(n_st * 100), zeros(n_st * 1000), zeros(n_st * 4800), self.out)
        self._kernel = _kernels.plain(_kernels.enumerate_coups) if big else _kernels.enumerate_coups

    def count(self, kind_counts: np.ndarray) -> np.ndarray:
        """Count a shoe given as cards per kind, ordered by point value (see _KINDS);
        returns :attr:`out`."""
        self._kind_counts[:] = kind_counts
        self._kernel(*self._args)
        return self.out


_ENUMERATORS = threading.local()


def _count(kind_counts: np.ndarray, suits: bool, big: bool, removal: int = 1) -> np.ndarray:
    """Count one shoe given as cards per kind (ordered by point value); ``removal`` 0
    deals with replacement. Each thread keeps its enumerators; the counts are a copy."""
    cache = _ENUMERATORS.__dict__
    key = (suits, big, removal)
    if key not in cache:
        cache[key] = Enumerator(suits, big=big, removal=removal)
    return cache[key].count(kind_counts).copy()


def _suit_patterns(shoe: Shoe):
    """Each way the cards removed without a suit could have been spread over the suits:
    (ordered ways to deal them so, the shoe's 13 × 4 counts after removing them)."""
    per_rank = []
    for r, k in enumerate(shoe.unseen):
        row = shoe.suits[r]
        options = []
        for spread in itertools.product(*(range(min(k, n) + 1) for n in row)):
            if sum(spread) != k:
                continue
            ways = prod(comb(k - sum(spread[:s]), spread[s]) * falling(row[s], spread[s])
                        for s in range(4))
            options.append((ways, tuple(n - m for n, m in zip(row, spread))))
        per_rank.append(options)
    n_patterns = prod(len(options) for options in per_rank)
    if n_patterns > MAX_SUIT_PATTERNS:
        raise ShoeError(
            f"{shoe.label}: {sum(shoe.unseen)} cards were removed without a suit, which "
            f"leaves {n_patterns:,} ways their suits could fall (at most "
            f"{MAX_SUIT_PATTERNS:,} are averaged over); name their suits, e.g. '5h' not '5'"
        )
    for choice in itertools.product(*per_rank):
        yield prod(ways for ways, _ in choice), np.array([row for _, row in choice])


def _overflows(n_cards: int) -> bool:
    """Whether int64 could overflow: the kernels' terms are bounded by N**6."""
    return n_cards ** 6 > INT64_MAX


def outcome_table(shoe: Shoe, *, suits: bool = False) -> OutcomeTable:
    """Count every coup the shoe can deal, exactly.

    ``suits=True`` also splits pairs into suited and unsuited ones, which needs a shoe
    whose suits are known (one built with :meth:`Shoe.decks` or :meth:`Shoe.from_suits`).
    A card removed without its suit is averaged over the suits it could have been,
    weighted by the cards of each suit the shoe held. Shoes of more than 1,448 cards
    (27 decks) would overflow int64 and are counted with Python integers instead:
    slower, still exact.
    """
    if not isinstance(shoe, Shoe):
        raise TypeError(f"expected a Shoe, got {type(shoe).__name__}")
    layout = CellLayout(suits)
    if not suits:
        counts = _count(np.asarray(shoe.ranks, dtype=np.int64)[_KINDS[False][0]], False,
                        _overflows(shoe.cards), removal=int(not shoe.replacement))
        return OutcomeTable(shoe, layout, counts, shoe.coups)
    if shoe.suits is None:
        raise ShoeError(
            f"{shoe.label} was built from rank counts, so its suits are unknown and suited "
            f"pairs cannot be counted; build it with Shoe.decks or Shoe.from_suits"
        )
    if shoe.suits_known:
        patterns = [(1, np.asarray(shoe.suits, dtype=np.int64))]
    else:
        patterns = list(_suit_patterns(shoe))
    total = sum(ways for ways, _ in patterns) * shoe.coups
    big = _overflows(shoe.cards) or total > INT64_MAX
    counts = None
    for ways, suit_counts in patterns:
        part = _count(suit_counts.reshape(-1)[_KINDS[True][0]], True, big,
                      removal=int(not shoe.replacement))
        counts = part * ways if counts is None else counts + part * ways
    return OutcomeTable(shoe, layout, counts, total)
