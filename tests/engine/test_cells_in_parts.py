"""A card layout's cells read in parts (bacc_edge.engine.card_table.CardLayout.parts):
a bet whose cells' features would not fit in memory at once is settled a part of its
cells at a time; its lines count as the reference dealer counts them, on a small shoe
whose layout is cut into parts of a few cells."""

from __future__ import annotations

import gc
import weakref

import numpy as np
from reference_language import line_counts

from bacc_edge import Shoe, Tables
from bacc_edge.analysis import evaluator
from bacc_edge.analysis.evaluator import Evaluator, layout_for
from bacc_edge.engine import card_table
from bacc_edge.language.random_bets import bet_from_source

S, H, D, C = range(4)  # ♠ ♥ ♦ ♣
#: nines, tens and kings, suits uneven: ((rank, suit), copies)
KINDS = (((8, S), 3), ((8, H), 2), ((9, D), 3), ((9, S), 1), ((12, C), 3), ((4, D), 2))
#: ranks read at every position beside a colour (random bet 12's shape)
SOURCE = ('Bet("Ranks and a colour", [Event("e0", (banker.natural | ~(player.card(1).colour '
          '== "black")) & (banker.hand.rank_counts == (2,)), 10), Event("e1", '
          'player.hand.rank_counts == (2, 1), 5), Event("e2", ~player.pair & '
          '(all_cards.most_of_a_rank >= 3), 2)])')


#: KINDS less a nine of spades and a king of clubs: a later shoe of the same layout
LATER = (((8, S), 2), ((8, H), 2), ((9, D), 3), ((9, S), 1), ((12, C), 2), ((4, D), 2))


def _shoe(kinds):
    rows = [[0] * 4 for _ in range(13)]
    for (rank, suit), copies in kinds:
        rows[rank][suit] += copies
    return Shoe.from_suits(rows)


def test_a_bet_settled_a_few_cells_at_a_time_counts_as_the_reference(monkeypatch):
    monkeypatch.setattr(card_table, "PART_CELLS", 7)
    monkeypatch.setattr(evaluator, "PART_CELLS", 7)
    bet = bet_from_source(SOURCE)
    layout = layout_for([bet], shoe=_shoe(KINDS))
    parts = [where for where, _ in layout.parts()]
    assert len(parts) > 10  # read in parts, not narrowed
    covered = np.concatenate([np.arange(layout.n_cells)[where] for where in parts])
    assert covered.tolist() == list(range(layout.n_cells))  # each cell in one part, once
    tables = Tables()
    for kinds in (KINDS, LATER):
        counted = Evaluator([bet], layout).line_counts(tables.get(_shoe(kinds), layout))[0]
        assert counted == line_counts(SOURCE, kinds)


def test_a_parts_features_are_freed_with_it_without_the_cycle_collector(monkeypatch):
    """A part's features (some 100 bytes a cell) go as soon as the part is dropped: no
    reference cycle holds them until Python's cycle collector runs, which large arrays do
    not prompt (every part of Rank groups' 5 million cells stayed, 590 MB)."""
    monkeypatch.setattr(card_table, "PART_CELLS", 7)
    monkeypatch.setattr(evaluator, "PART_CELLS", 7)
    layout = layout_for([bet_from_source(SOURCE)], shoe=_shoe(KINDS))
    gc.disable()
    try:
        _, part = next(iter(layout.parts()))
        features = part.features()
        assert features["P1.rank"].shape == (7,)
        gone = weakref.ref(features)
        del part, features
        assert gone() is None
    finally:
        gc.enable()
