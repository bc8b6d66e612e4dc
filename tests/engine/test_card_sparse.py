"""Card layouts whose cells are too many for an array (past ``DENSE_CELLS``: the
live-dealer paytable's known-card tables) are counted into a sparse table; their counts
read back through one compiled call must be those of the slow reference dealer, cell by
cell, as the dense counts are."""

import pytest
from test_card_bets import engine, engine_count, physical, reference_count

from bacc_edge import Shoe
from bacc_edge.engine import card_enumeration

#: a suit-asymmetric shoe of 8 cards: two nines (♥ ♦), three kings, two aces, a five
ROWS = [[1, 0, 1, 0]] + [[0] * 4] * 3 + [[0, 0, 1, 0]] + [[0] * 4] * 3 + \
       [[0, 1, 1, 0]] + [[0] * 4] * 3 + [[1, 1, 0, 1]]

SPECS = [
    ("rank", "P1", 8),                                  # the player's first card a nine
    ("and", ("suit", "B1", 2), ("rank", "P3", 12)),     # banker ♦ first, player draws a K
    ("or", ("colour", "B3", 1), ("rank_ne", "P2", 0)),  # banker's third red, or P2 no ace
    ("not", ("dealt", "P3")),                           # the player stands
]


@pytest.mark.parametrize("spec", SPECS, ids=["rank", "suit and third card", "colour or rank",
                                              "stands"])
def test_sparse_counts_match_the_reference(monkeypatch, spec):
    read = []
    items = card_enumeration.sparse_items

    def spy(table):
        read.append(len(table))
        return items(table)

    monkeypatch.setattr(card_enumeration, "DENSE_CELLS", 0)  # every layout counted sparsely
    monkeypatch.setattr(card_enumeration, "sparse_items", spy)
    assert engine_count(engine(spec), Shoe.from_suits(ROWS)) == \
        reference_count(spec, physical(ROWS))
    assert read and all(n > 0 for n in read)  # the sparse path ran, and held cells
