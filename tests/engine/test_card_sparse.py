"""Card layouts whose cells are too many for an array (past ``DENSE_CELLS``: the
live-dealer paytable's known-card tables) are counted sparsely: each leaf spilled into a
buffer, which is reduced into the sorted cells so far whenever it fills
(bacc_edge.engine.spill). Their counts must be those of the slow reference dealer, cell
by cell, as the dense counts are, whatever the buffer's size: a tiny buffer fills and is
merged many times, and stops the kernel in the middle of a coup."""

import numpy as np
import pytest
from test_card_bets import engine, engine_count, physical, reference_count

from bacc_edge import Bet, Event, Shoe, Tables
from bacc_edge.analysis.evaluator import layout_for
from bacc_edge.engine import card_enumeration, spill
from bacc_edge.engine.card_kernels import read_only

#: a suit-asymmetric shoe of 8 cards: two nines (♥ ♦), three kings, two aces, a five
ROWS = [[1, 0, 1, 0]] + [[0] * 4] * 3 + [[0, 0, 1, 0]] + [[0] * 4] * 3 + \
       [[0, 1, 1, 0]] + [[0] * 4] * 3 + [[1, 1, 0, 1]]

SPECS = [
    ("rank", "P1", 8),                                  # the player's first card a nine
    ("and", ("suit", "B1", 2), ("rank", "P3", 12)),     # banker ♦ first, player draws a K
    ("or", ("colour", "B3", 1), ("rank_ne", "P2", 0)),  # banker's third red, or P2 no ace
    ("not", ("dealt", "P3")),                           # the player stands
    # suits compared, never named, on an asymmetric shoe: count_named's kernel
    ("and", ("suit_eq", "P1", "B1"), ("rank", "P2", 12)),
    ("most", "first_four", 2),                          # a multiset of four cards' ranks
]
IDS = ["rank", "suit and third card", "colour or rank", "stands", "suits compared",
       "multiset"]


def spied(monkeypatch, name: str) -> list:
    """Every call of ``spill.<name>`` (``reduce_buffer``: a full buffer reduced;
    ``merge``: its numbers merged into the cells so far), as its third argument's size."""
    calls = []
    real = getattr(spill, name)

    def spy(*args):
        calls.append(np.size(args[2]))
        return real(*args)

    monkeypatch.setattr(spill, name, spy)
    return calls


def count_args(layout, shoe: Shoe) -> tuple:
    """count_run's arguments for ``shoe`` on the card layout ``layout``."""
    detail = layout.detail
    fine, values = (card_enumeration.shoe_counts(detail, np.asarray(shoe.suits), shoe.ranks)[0],
                    card_enumeration.shoe_counts(detail, np.zeros((13, 4), dtype=np.int64),
                                                 shoe.ranks)[1])
    return (detail, layout.tableau, fine, values, card_enumeration.tail_ways(shoe), 1,
            card_enumeration.relabelling(detail, fine))


def spilled_count(condition, shoe: Shoe) -> tuple[int, int]:
    """The deals of ``shoe`` where ``condition`` holds, and all its deals, from one
    count of the shoe into its card layout's cells, its cells not given: spilled, as a
    first count is."""
    layout = layout_for([Bet("random", [Event("hit", condition, 1)])], shoe=shoe).fine
    counts = card_enumeration.on_cells(card_enumeration.count_run(*count_args(layout, shoe)),
                                       layout.cells)
    return int(counts[condition.mask(layout)].sum()), int(counts.sum())


@pytest.mark.parametrize("entries, held", [(1, 1), (16, 4), (1 << 20, 1 << 14)],
                         ids=["1 leaf", "16 leaves", "default"])
@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_sparse_counts_match_the_reference(monkeypatch, spec, entries, held):
    """Every buffer size counts as the reference dealer: with 1 or 16 leaves (and 1 or
    4 cells held in front of it, put out as other cells take their slots), the buffer
    fills many times, within a coup too, the count stops and resumes there, and the cells
    merged so far take the next leaves' counts (a cell reached in several merges); the
    engine's own table of the shoe (counted into its cells, once found) agrees."""
    monkeypatch.setattr(card_enumeration, "DENSE_CELLS", 0)  # every layout counted sparsely
    monkeypatch.setattr(spill, "SPILL_ENTRIES", entries)
    monkeypatch.setattr(spill, "CACHE_CELLS", held)
    shoe, condition = Shoe.from_suits(ROWS), engine(spec)
    reduced, merged = spied(monkeypatch, "reduce_buffer"), spied(monkeypatch, "merge")
    expected = reference_count(spec, physical(ROWS))
    assert spilled_count(condition, shoe) == expected
    assert merged and all(n > 0 for n in merged)  # spilled, and the buffer held cells
    if entries == 1:
        assert len(reduced) > 3  # the buffer filled, and the count resumed, many times
    assert engine_count(condition, shoe) == expected


def test_a_spilled_count_that_passes_the_cells_a_count_may_hold_stops(monkeypatch):
    """Past ``most`` cells the merge refuses, whatever the buffer: the count stops."""
    kept = spill.SpilledCounts(3, entries=2)
    cells, weights, state = kept.spill[:3]
    for number in (5, 1, 9, 1):
        assert kept.reduce(half=True) if state[spill.FILLED] == 2 else True
        cells[state[spill.FILLED]], weights[state[spill.FILLED]] = number, 1
        state[spill.FILLED] += 1
    assert kept.reduce()  # 1, 5, 9: three cells
    cells[0], weights[0], state[spill.FILLED] = 7, 1, 1
    assert kept.items() is None  # a fourth


def test_a_buffer_reduces_and_merges_as_a_hand_sum_says():
    """Leaves 7:2, 3:1, 7:5 into cells 3:10, 8:1: the buffer sums to 3:1, 7:7 and merges
    to 3:11, 7:7, 8:1."""
    kept = spill.SpilledCounts(10, entries=4)
    kept.cells, kept.counts = np.array([3, 8]), np.array([10, 1])
    cells, weights, state = kept.spill[:3]
    cells[:3], weights[:3], state[spill.FILLED] = [7, 3, 7], [2, 1, 5], 3
    reached, counts = kept.items()
    assert (reached.tolist(), counts.tolist()) == ([3, 7, 8], [11, 7, 1])


@pytest.mark.parametrize("largest", [1, 3000, 1 << 33, (1 << 44) + 5],
                         ids=["one digit", "two digits", "four digits", "five digits"])
def test_a_buffer_reduces_as_numpy_sums_its_numbers(largest):
    """The buffer sorted digit by digit and summed equals numpy's unique numbers and
    their sums, for numbers of one to five radix digits (an odd number of passes
    leaves the sorted leaves in the second arrays, an even one in the buffer itself),
    the buffer's tail beyond ``filled`` untouched."""
    rng = np.random.default_rng(7)
    filled = 5000
    cells = rng.integers(0, largest + 1, filled + 10)
    cells[:20] = largest  # the largest number, repeated
    weights = rng.integers(1, 1 << 40, filled + 10)
    numbers, at = np.unique(cells[:filled], return_inverse=True)
    sums = np.zeros(len(numbers), dtype=object)
    np.add.at(sums, at.reshape(-1), weights[:filled].astype(object))
    tail = cells[filled:].copy(), weights[filled:].copy()
    n = spill.reduce_buffer(cells, weights, filled)
    assert cells[:n].tolist() == numbers.tolist()
    assert weights[:n].tolist() == sums.tolist()
    assert (cells[filled:].tolist(), weights[filled:].tolist()) == (tail[0].tolist(),
                                                                   tail[1].tolist())


#: ROWS less the king of clubs and the five: a later shoe of the same layout
LATER = [row[:] for row in ROWS]
LATER[12][3] = 0
LATER[4][2] = 0


@pytest.mark.parametrize("spec", SPECS[:2], ids=["rank", "suit and third card"])
def test_a_later_shoe_counts_into_the_cells_known_as_the_reference(monkeypatch, spec):
    """Once a layout's cells are known, a shoe's sparse counts go into an array of them
    (nothing spilled), and agree with the reference dealer."""
    monkeypatch.setattr(card_enumeration, "DENSE_CELLS", 0)
    condition = engine(spec)
    bet = Bet("random", [Event("hit", condition, 1)])
    layout = layout_for([bet], shoe=Shoe.from_suits(ROWS))
    assert len(layout.cells)  # the cells known, found on a shoe of plenty of its cards
    merged = spied(monkeypatch, "merge")
    table = Tables().get(Shoe.from_suits(LATER), layout)
    assert not merged  # counted into the array, not spilled
    assert sum(table.counts.tolist()) == table.total
    assert (table.count(condition), table.total) == reference_count(spec, physical(LATER))


def test_a_cell_not_known_is_counted_again_spilled(monkeypatch):
    """A shoe that reaches a cell missing from the cells given is counted again, spilled,
    every cell it reaches kept."""
    monkeypatch.setattr(card_enumeration, "DENSE_CELLS", 0)
    bet = Bet("random", [Event("hit", engine(SPECS[1]), 1)])
    layout = layout_for([bet], shoe=Shoe.from_suits(ROWS))
    args = count_args(layout, Shoe.from_suits(LATER))
    reached, counts = card_enumeration.count_run(*args)
    missing = reached[counts > 0][len(reached) // 2]
    known = read_only(layout.cells[layout.cells != missing])  # as the library's cells
    again, counted = card_enumeration.count_run(*args, known=known)
    assert missing in again
    assert dict(zip(again.tolist(), counted.tolist())) == dict(zip(reached.tolist(),
                                                                   counts.tolist()))
