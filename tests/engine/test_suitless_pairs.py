"""The suited outcome table (what pair bets on suits read) on a shoe with cards removed
without their suit, against independent knowledge, every cell exactly.

Brute force: each way the suitless cards' suits could have fallen is a shoe with every
suit named; the table of the suitless shoe counts each deal once per ordered way those
cards could have been dealt, so it must be the sum, over every ordered sequence of
suits they could have left in, of the named shoe's table (counted the ordinary way,
card kinds by rank and suit) times that sequence's ways. Where that is too many shoes
(8 decks less 60 cards), the former way of counting them, averaged pair tables run as
plain Python (tests/suitless_reference.py), is the reference.
"""

import itertools
from collections import defaultdict
from fractions import Fraction
from math import prod

import numpy as np
import pytest

from bacc_edge import Shoe, outcome_table
from bacc_edge.engine.outcome_table import needs_python_integers
from bacc_edge.engine.outcome_table import sum_by_class
from bacc_edge.game.shoe import falling
from suitless_reference import expected_counts

RANK_NAMES = "A 2 3 4 5 6 7 8 9 10 J Q K".split()
SUIT_LETTERS = "shdc"  # ♠ ♥ ♦ ♣, the order of a shoe's suit counts
INT64_MAX = 2 ** 63 - 1


def _ordered_suits(pool: list[int], k: int):
    """Every ordered sequence of suits k cards of one rank could have left in from
    ``pool`` (cards per suit), grouped by the cards taken per suit: {taken: ways}."""
    out: dict = defaultdict(int)
    for seq in itertools.product(range(4), repeat=k):
        left, ways = list(pool), 1
        for s in seq:
            ways *= left[s]
            left[s] -= 1
        if ways:
            out[tuple(seq.count(s) for s in range(4))] += ways
    return out


def _brute_table(rows: list[list[int]], suitless: dict[int, int]):
    """(counts per cell as Python integers, total): the named tables of every way the
    ``suitless`` cards (rank → how many) could have left ``rows`` (13 × 4 counts, named
    removals already out), each times its ways, summed."""
    per_rank = [[(r, taken, w) for taken, w in _ordered_suits(rows[r], k).items()]
                for r, k in suitless.items()]
    by_ways: dict[int, np.ndarray] = {}  # sums of the tables of equal ways
    bound: dict[int, int] = defaultdict(int)
    total = 0
    for choice in itertools.product(*per_rank):
        left = [row[:] for row in rows]
        for r, taken, _ in choice:
            left[r] = [n - t for n, t in zip(left[r], taken)]
        ways = prod(w for _, _, w in choice)
        table = outcome_table(Shoe.from_suits(left), suits=True)
        total += ways * table.total
        if table.counts.dtype == np.int64:
            bound[ways] += table.total  # every count is at most its table's total
            assert bound[ways] <= INT64_MAX, "an int64 sum of tables would overflow"
        if ways in by_ways:
            by_ways[ways] += table.counts
        else:
            by_ways[ways] = table.counts.copy()
    counts = [0] * len(next(iter(by_ways.values())))
    for ways, summed in by_ways.items():
        counts = [c + ways * x for c, x in zip(counts, summed.tolist())]
    return counts, total


def _deck_rows(decks: int) -> list[list[int]]:
    return [[decks] * 4 for _ in range(13)]


def _card(text: str) -> tuple[int, int]:
    return RANK_NAMES.index(text[:-1]), SUIT_LETTERS.index(text[-1])


def _case(rows, named: str, suitless: str):
    """(the rows left after the named removals, suitless cards per rank), from the
    spec itself rather than from the library's shoe."""
    rows = [row[:] for row in rows]
    for card in named.split():
        r, s = _card(card)
        rows[r][s] -= 1
    counts: dict[int, int] = defaultdict(int)
    for card in suitless.split():
        counts[RANK_NAMES.index(card)] += 1
    return rows, dict(counts)


#: one rank's cards per suit, A … K, for one card of each rank removed without its suit:
#: nine pool classes (and the 10, one card left, none). A, 3, 6 and 8 share q1 = 1/3
#: but not q22 (1/3, 3/35, 0, 0), and 3 keeps six cards, so both hands can pair in it;
#: 9 and Q have one suit (q1 = 1); 2 and 7 are alike but for the suits' names
THIRTEEN_POOLS = [[2, 2, 0, 0], [3, 1, 0, 0], [4, 2, 1, 0], [4, 1, 0, 0], [3, 2, 0, 0],
                  [0, 2, 1, 0], [0, 0, 3, 1], [1, 0, 0, 2], [3, 0, 0, 0], [1, 0, 0, 1],
                  [3, 0, 0, 3], [0, 0, 4, 0], [5, 0, 1, 0]]

BRUTE_CASES = {
    "one deck less a king": (_deck_rows(1), "", "K"),
    "one deck less two aces": (_deck_rows(1), "", "A A"),
    # tens and courts: four ranks of one point value, two tens taken
    "one deck less 10 10 J Q K": (_deck_rows(1), "", "10 10 J Q K"),
    "two decks less K♠ K♥ named and two kings": (_deck_rows(2), "Ks Kh", "K K 5"),
    "two decks less 5♦ named, 5 5 5 5 without suits": (_deck_rows(2), "5d", "5 5 5 5 9"),
    "eight decks less A K Q 5 6": (_deck_rows(8), "", "A K Q 5 6"),
    "eight decks less 5 5 5 K Q": (_deck_rows(8), "", "5 5 5 K Q"),
    "eight decks less A♠ A♠ A♥ 7♥ named, A A 7": (_deck_rows(8), "As As Ah 7h", "A A 7"),
    # 1,452 cards: the suitless table and every named one in Python integers
    "28 decks less Q♠ Q♠ named and two queens": (_deck_rows(28), "Qs Qs", "Q Q"),
    "a card of each of the 13 ranks, each rank its own pool": (
        THIRTEEN_POOLS, "", " ".join(RANK_NAMES)),
}


def _library_shoe(rows, named: str, suitless: str) -> Shoe:
    return Shoe.from_suits(rows).remove(" ".join(
        RANK_NAMES[r] + "♠♥♦♣"[s] for r, s in map(_card, named.split())) + " " + suitless)


@pytest.mark.parametrize("name", list(BRUTE_CASES))
def test_suited_table_is_the_sum_over_every_way_the_suits_fell(name):
    rows, named, suitless = BRUTE_CASES[name]
    left, per_rank = _case(rows, named, suitless)
    shoe = _library_shoe(rows, named, suitless)
    table = outcome_table(shoe, suits=True)
    counts, total = _brute_table(left, per_rank)
    assert table.total == total
    assert table.counts.tolist() == counts


def test_thirteen_pools_make_many_classes():
    # the case above reaches the refined states of many pool classes, not one
    from bacc_edge.engine.point_table import pair_pool_classes
    rows, _, suitless = BRUTE_CASES["a card of each of the 13 ranks, each rank its own pool"]
    assert len(pair_pool_classes(_library_shoe(rows, "", suitless))[1]) == 9


def _random_cases(n: int):
    """Seeded random small shoes: one or two decks, a few named removals and one to
    five suitless cards, some of one rank."""
    rng = np.random.default_rng(20261125)
    for _ in range(n):
        decks = int(rng.integers(1, 3))
        rows = _deck_rows(decks)
        ranks = rng.choice(13, size=int(rng.integers(1, 4)), replace=False)
        suitless = [RANK_NAMES[int(r)] for r in rng.choice(ranks, size=int(rng.integers(1, 6)))]
        named = []
        for r in ranks:
            for s in rng.choice(4, size=int(rng.integers(0, 3)), replace=False):
                named.append(RANK_NAMES[int(r)] + SUIT_LETTERS[int(s)])
        # keep the case possible: the suitless cards of a rank fit what is left of it
        held = {r: 4 * decks - sum(c[:-1] == r for c in named) for r in set(suitless)}
        suitless = [c for i, c in enumerate(suitless) if suitless[:i + 1].count(c) <= held[c]]
        yield rows, " ".join(named), " ".join(suitless)


@pytest.mark.parametrize("rows, named, suitless", list(_random_cases(8)))
def test_random_small_shoes_against_brute_force(rows, named, suitless):
    left, per_rank = _case(rows, named, suitless)
    table = outcome_table(_library_shoe(rows, named, suitless), suits=True)
    counts, total = _brute_table(left, per_rank)
    assert (table.total, table.counts.tolist()) == (total, counts)


SIXTY = " ".join(RANK_NAMES * 4 + RANK_NAMES[:8])
MANY_NAMED = ("A♠ A♠ 2♥ 3♦ 3♦ 3♦ 4♣ 4♠ 4♠ 5♠ 5♥ 6♦ 6♦ 6♣ 7♣ 7♣ 7♣ 7♣ 8♠ 8♥ 8♦ 9♥ 9♥ 9♥ 9♦ "
              "J♣ J♣ J♦ J♦ Q♠ Q♠ Q♠ Q♠ Q♠ K♥ K♦ K♠ K♣")


@pytest.mark.parametrize("shoe, big", [
    (Shoe.decks(8).remove(SIXTY), False),
    # named cards first, spread so that the ranks fall in eleven pool classes
    (Shoe.decks(8).remove(MANY_NAMED + " " + SIXTY), False),
    # 1,450 cards: int64 would overflow, the kernels run on Python integers; two pool
    # classes (the queens less two spades, the rest)
    (Shoe.decks(28).remove("A K K Q♠ Q♠ Q"), True),
    # and eleven pool classes, in Python integers
    (Shoe.decks(30).remove(MANY_NAMED + " " + SIXTY), True),
], ids=["8 decks less 60", "8 decks less 38 named and 60", "28 decks", "30 decks"])
def test_large_shoes_against_the_former_averaged_tables(shoe, big):
    assert needs_python_integers(shoe.cards) == big
    table = outcome_table(shoe, suits=True)
    assert table.counts.tolist() == expected_counts(shoe, table.layout).tolist()
    assert sum(table.counts.tolist()) == table.total


def test_many_named_cards_make_eleven_pool_classes():
    # twelve suit patterns; one named card of a full rank (the 2♥) leaves chances as of
    # the full rank (whatever suit it had, by symmetry), so the 2 shares the 10's class
    from bacc_edge.engine.point_table import pair_pool_classes
    assert len(pair_pool_classes(Shoe.decks(8).remove(MANY_NAMED + " " + SIXTY))[1]) == 11


def test_python_integer_sums_by_class_are_exact():
    big = [3 ** 200, 2 ** 70 + 1, 5, 0, 7 ** 90, 1]
    counts = np.array(big, dtype=object)
    cell_class = np.array([2, 0, 2, 1, 0, 2], dtype=np.int64)
    out = sum_by_class(counts, cell_class, np.zeros(3, dtype=object))
    assert out.tolist() == [2 ** 70 + 1 + 7 ** 90, 0, 3 ** 200 + 5 + 1]
    assert all(type(x) is int for x in out.tolist())
    # int64 counts into Python-integer sums: no int64 wraparound on the way
    wide = np.array([INT64_MAX, INT64_MAX, 1], dtype=np.int64)
    assert sum_by_class(wide, np.zeros(3, dtype=np.int64), np.zeros(1, dtype=object)
                        ).tolist() == [2 * INT64_MAX + 1]
    # sums an int64 out cannot hold are refused, not wrapped
    with pytest.raises(OverflowError):
        sum_by_class(counts, cell_class, np.zeros(3, dtype=np.int64))


def test_suited_share_of_pairs_on_eight_decks_less_one_of_each_rank():
    # hand-worked: every rank has 8 of each suit, one card of it gone without its suit;
    # two cards of a rank dealt share a suit with chance Σ 8·7 / (32·31) = 7/31, and the
    # player's first two cards pair by rank as on the rank-only table
    shoe = Shoe.decks(8).remove(" ".join(RANK_NAMES))
    suited, plain = outcome_table(shoe, suits=True), outcome_table(shoe)
    f, g = suited.features, plain.features
    ways = 32 ** 13
    assert suited.total == ways * falling(8 * 52 - 13, 6)
    pairs = plain.count(g["player_pair"] == 1)
    assert suited.count(f["player_suited_pair"] == 1) * 31 == 7 * pairs * ways
    # both hands suited pairs, over every cell: four cards of one rank (13·31·30·29·28
    # ways) make two suited pairs with chance q22 = (4·8·7·6·5 + 12·(8·7)²)/(32·31·30·29);
    # pairs of two ranks (13·12·(31·30)²) with (7/31)²; the last two cards any of the rest
    q22 = Fraction(4 * falling(8, 4) + 12 * falling(8, 2) ** 2, falling(32, 4))
    rest = falling(8 * 52 - 13 - 4, 2)
    both = q22 * 13 * falling(31, 4) + Fraction(7, 31) ** 2 * 13 * 12 * falling(31, 2) ** 2
    assert suited.count((f["player_suited_pair"] == 1) & (f["banker_suited_pair"] == 1)
                        ) == both * rest * ways
