"""Whole outcome tables pinned by a digest: any change to any cell fails here, in a second.

The slow reference dealer (tests/reference.py) checks the tables cell by cell on small
shoes; these digests were taken from tables that match it, on the full 8-deck shoe,
where the reference is too slow to run in the everyday loop. A change that moves a cell
on purpose (a new feature column, a new cell order) must say so by updating a digest
here, in the same commit.
"""

import hashlib

import numpy as np
import pytest

from bacc_edge import Shoe, outcome_table

#: every ordered six-card deal of 8 decks (416 cards): 416·415·414·413·412·411
EIGHT_DECK_DEALS = 4_998_398_275_503_360

PINNED = {
    # 13,576 cells: pair states, two-card totals and third cards
    False: (13_576, "bd9bced194bd7e40c76b06e6c57ced717b424b89ac33c9e9919b6c7a50100c6e"),
    # 30,546 cells: pairs split into suited and unsuited ones
    True: (30_546, "773eb303b6a51ab133563608a70363d49ba5a745acdf0dc910d149a1aab78d8a"),
}


def digest(table) -> str:
    """The table's counts and every feature column, as little-endian int64, hashed."""
    h = hashlib.sha256(np.ascontiguousarray(table.counts, dtype="<i8").tobytes())
    for name in sorted(table.features):
        h.update(name.encode())
        h.update(np.ascontiguousarray(table.features[name], dtype="<i8").tobytes())
    return h.hexdigest()


@pytest.mark.parametrize("suits", [False, True], ids=["ranks", "suited pairs"])
def test_the_eight_deck_outcome_table_is_the_pinned_one(suits):
    table = outcome_table(Shoe.decks(8), suits=suits)
    cells, pinned = PINNED[suits]
    assert int(table.counts.sum()) == table.total == EIGHT_DECK_DEALS
    assert len(table.counts) == cells
    assert digest(table) == pinned
