"""Card layouts whose cells are too many for an array (past ``DENSE_CELLS``: the
live-dealer paytable's known-card tables) are counted into a sparse table; their counts
read back through one compiled call must be those of the slow reference dealer, cell by
cell, as the dense counts are."""

import numpy as np
import pytest
from test_card_bets import engine, engine_count, physical, reference_count

from bacc_edge import Bet, Event, Shoe, Tables
from bacc_edge.analysis.evaluator import layout_for
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


#: ROWS less the king of clubs and the five: a later shoe of the same layout
LATER = [row[:] for row in ROWS]
LATER[12][3] = 0
LATER[4][2] = 0


@pytest.mark.parametrize("spec", SPECS[:2], ids=["rank", "suit and third card"])
def test_a_later_shoe_counts_into_the_cells_known_as_the_reference(monkeypatch, spec):
    """Once a layout's cells are known, a shoe's sparse counts go into an array of them
    (no dict read back), and agree with the reference dealer."""
    monkeypatch.setattr(card_enumeration, "DENSE_CELLS", 0)
    condition = engine(spec)
    bet = Bet("random", [Event("hit", condition, 1)])
    layout = layout_for([bet], shoe=Shoe.from_suits(ROWS))
    assert len(layout.cells)  # the cells known, found on a shoe of plenty of its cards
    read = []
    items = card_enumeration.sparse_items
    monkeypatch.setattr(card_enumeration, "sparse_items",
                        lambda table: read.append(len(table)) or items(table))
    table = Tables().get(Shoe.from_suits(LATER), layout)
    assert not read  # counted into the array, not a dict
    assert sum(table.counts.tolist()) == table.total
    assert (table.count(condition), table.total) == reference_count(spec, physical(LATER))


def test_a_cell_not_known_is_counted_again_in_a_dict(monkeypatch):
    """A shoe that reaches a cell missing from the cells given is counted again in a dict,
    every cell it reaches kept."""
    monkeypatch.setattr(card_enumeration, "DENSE_CELLS", 0)
    bet = Bet("random", [Event("hit", engine(SPECS[1]), 1)])
    layout = layout_for([bet], shoe=Shoe.from_suits(ROWS))
    detail, shoe = layout.detail, Shoe.from_suits(LATER)
    fine, values = (card_enumeration.shoe_counts(detail, np.asarray(shoe.suits), shoe.ranks)[0],
                    card_enumeration.shoe_counts(detail, np.zeros((13, 4), dtype=np.int64),
                                                 shoe.ranks)[1])
    args = (detail, layout.tableau, fine, values, card_enumeration.tail_ways(shoe), 1,
            card_enumeration.relabelling(detail, fine))
    reached, counts = card_enumeration.count_run(*args)
    missing = reached[counts > 0][len(reached) // 2]
    known = layout.cells[layout.cells != missing]
    again, counted = card_enumeration.count_run(*args, known=known)
    assert missing in again
    assert dict(zip(again.tolist(), counted.tolist())) == dict(zip(reached.tolist(),
                                                                   counts.tolist()))
