"""What a card layout's cell numbers stand for, against what is known of the cards by
hand: the multisets a block's rank stands for, and what a card's code reads of it (a
third card's point value and rank, or no card)."""

from __future__ import annotations

from itertools import combinations_with_replacement

import numpy as np
import pytest

from bacc_edge import banker, player
from bacc_edge.engine import card_cells
from bacc_edge.engine.card_cells import cell_numbering, multiset_codes
from bacc_edge.engine.card_table import CardDetail, CardLayout, cells_valid, keep_cells
from bacc_edge.errors import BaccEdgeError


@pytest.mark.parametrize("tabled", [True, False])
@pytest.mark.parametrize("n, alphabet", [(2, 3), (3, 14), (6, 5)])
def test_multiset_ranks_count_in_colex_order(n, alphabet, tabled, monkeypatch):
    """Rank r stands for the r-th multiset of ``n`` codes in colex order (the
    combinatorial number system: the largest code first, then the next), looked up in
    a table of them all or worked out rank by rank."""
    if not tabled:
        monkeypatch.setattr(card_cells, "TABLED_MULTISETS", 0)
    colex = sorted(combinations_with_replacement(range(alphabet), n), key=lambda m: m[::-1])
    codes = multiset_codes(np.arange(len(colex)), n, alphabet)
    assert [tuple(c) for c in codes.T.tolist()] == colex


def test_a_third_card_reads_its_value_its_rank_where_named_and_no_card():
    """P3 read for a king and for its value: its cells are each value 0-9 (a value-0
    card other than the king is a 10, J or Q: no one rank), the king, and no card (the
    player stood), which reads -1 for every attribute."""
    features = (player.card(3).rank == "K").features | (player.card(3).value == 5).features
    layout = CardLayout(CardDetail.of(features))
    f = layout.features()
    seen = set(zip(f["P3.dealt"].tolist(), f["P3.value"].tolist(), f["P3.rank"].tolist()))
    ace_to_nine = {(True, v, v - 1) for v in range(1, 10)}  # ranks from 0: A = 0
    assert seen == ace_to_nine | {(True, 0, -1), (True, 0, 12), (False, -1, -1)}


def test_no_card_is_the_last_code_where_a_card_may_be_missing():
    detail = CardDetail.of((player.card(3).rank == "K").features
                           | (player.card(1).rank == "K").features)
    numbering = cell_numbering(detail)
    assert numbering.no_card(0) is None  # the player's first card is always dealt
    assert numbering.no_card(4) == numbering.alphabet[4] - 1 == 11  # 11 bases, then none


@pytest.mark.parametrize("radix", [[49] * 9 + [39], [3] * 39, [1000003, 999983, 1213, 1],
                                   [39, 39, 39, 14, 14, 10, 3]])
def test_cell_numbers_split_into_digits_as_python_divides_them(radix):
    """Each cell number's mixed-radix digits, least significant first, as Python's
    exact integer division gives them: through floating-point reciprocals for numbers up
    to FLOAT_EXACT_BELOW (the largest such, and numbers at and just off a multiple of a
    radix: 49 times the float nearest 1/49 is just below 1, so a quotient estimated
    falls one short), by integer division past it; a card's code in one byte, the rest in
    eight."""
    from bacc_edge.engine.feature_kernels import FLOAT_EXACT_BELOW, digits
    rng = np.random.default_rng(7)
    size = int(np.prod(radix, dtype=object))
    narrow_rows = [j for j, r in enumerate(radix) if j % 2 == 0 and r <= 127]  # a byte
    wide_rows = [j for j in range(len(radix)) if j not in narrow_rows]
    row = np.array([wide_rows.index(j) if j in wide_rows else -1 - narrow_rows.index(j)
                    for j in range(len(radix))], dtype=np.int64)
    for top in (FLOAT_EXACT_BELOW, 2 ** 62):
        float_exact = top == FLOAT_EXACT_BELOW
        most = min(size, top)
        numbers = [most - 1, 0, 1, *rng.integers(0, most, 2000).tolist()]
        step = 1
        for r in radix:  # just below and above multiples of each place value
            step *= r
            numbers += [n for k in (1, 3, most // step) for n in (k * step - 1, k * step)
                        if 0 <= n < most]
        wide = np.zeros((len(wide_rows), len(numbers)), dtype=np.int64)
        narrow = np.zeros((len(narrow_rows), len(numbers)), dtype=np.int8)
        digits(np.array(numbers, dtype=np.int64), np.array(radix, dtype=np.int64), row,
               float_exact, wide, narrow)
        for c, n in enumerate(numbers):
            for j, r in enumerate(radix):
                n, d = divmod(n, r)
                got = wide[row[j], c] if row[j] >= 0 else narrow[-1 - row[j], c]
                assert got == d, (numbers[c], j)


@pytest.mark.parametrize("cards", [1, 2, 4, 6])
def test_one_value_among_the_dealt_cards_as_python_reads_it(cards):
    """same_values (a group's same suit or colour): at least one card dealt, and every
    dealt card's value the same, a cell (column) at a time in plain Python; the first
    cards undealt and values of -1 (no card) among them."""
    from bacc_edge.engine.feature_kernels import same_values
    rng = np.random.default_rng(cards)
    values = rng.integers(-1, 2, (cards, 3000)).astype(np.int8)
    dealt = rng.random((cards, 3000)) < 0.6
    dealt[:, :50] = False  # none dealt
    dealt[0, 50:100] = False  # the first card missing, the others read
    out = np.empty(3000, dtype=bool)
    same_values(values, dealt, out)
    for c in range(3000):
        read = {int(values[i, c]) for i in range(cards) if dealt[i, c]}
        assert out[c] == (len(read) == 1), c


@pytest.mark.parametrize("rows", [1, 6, 127, 128, 300])
def test_cards_counted_are_whole_numbers_however_many_the_rows(rows):
    """cards_counted sums a group's rows in one byte where that holds them: 300 rows all
    true count 300 (a byte would wrap to 44), as 64-bit integers."""
    from bacc_edge.language.card_words import cards_counted
    holds = np.ones((rows, 5), dtype=bool)
    holds[0, 0] = False
    out = cards_counted(holds)
    assert out.dtype == np.int64 and out.tolist() == [rows - 1] + [rows] * 4


def _cells_moved(cells, how):
    out = cells.copy()
    if how == "swapped":
        out[[3, 4]] = out[[4, 3]]
    elif how == "repeated":
        out[4] = out[3]
    elif how == "negative":
        out[0] = -1
    elif how == "past the numbering":
        out[-1] = 10 ** 15
    return out.astype(np.int32) if how == "32 bits" else out


@pytest.mark.parametrize("how", ["swapped", "repeated", "negative", "past the numbering",
                                 "32 bits"])
def test_cells_given_to_a_layout_are_refused_unless_increasing_numbers_of_its_own(how):
    """A layout's cells read back from disk (keep_cells) are checked: cell numbers of its
    numbering, in increasing order, int64; the cells a count found pass."""
    layout = CardLayout(CardDetail.of((player.card(1).rank == "K").features
                                      | (banker.card(1).suit == "h").features))
    cells = layout.cells
    assert cells_valid(layout, cells)
    moved = _cells_moved(cells, how)
    assert not cells_valid(layout, moved)
    with pytest.raises(BaccEdgeError, match="cells given that are not cell numbers below"):
        keep_cells(layout, moved)
