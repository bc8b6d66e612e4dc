"""Later shoes replayed where the layout's cells are few enough for an array, and records
put in the order of their cells (bacc_edge.engine.card_replay): every line of a bet,
shoe after shoe, against the language read a second time on the slow reference's deals
(tests/reference_language.py) and against a fresh count, exactly; and the replay left
out where the plan prices it slower than a count.

The shoes and bets are test_card_replay's: small shoes of seven kinds of card, three of
its later shoes (the reference's deals of each take a second or two to list).
"""

from __future__ import annotations

import numpy as np
import pytest
from reference_language import line_counts
from test_card_replay import BETS, LATER, kinds_of, later, shoe_of, spy

from bacc_edge import Tables
from bacc_edge.analysis.evaluator import Evaluator, layout_for
from bacc_edge.engine import card_enumeration, card_kernels, card_plan, card_replay
from bacc_edge.language.random_bets import bet_from_source

#: later shoes, in order: counted as before (few cells) or making the record on a shoe of
#: plenty (many); making it on itself, counted in the same pass (few) or replayed; replayed
SHOES = {name: LATER[name] for name in
         ("part-dealt", "six of every kind", "a kind run out, others down to one")}


@pytest.fixture
def fresh():
    """No record or plan kept from another test, none left to another."""
    card_replay.forget()
    card_plan.plan_cost.cache_clear()
    yield
    card_replay.forget()
    card_plan.plan_cost.cache_clear()


def in_cell_order(monkeypatch, many_cells: bool) -> None:
    """Every record put in the order of its cells, on layouts of few cells (an array)
    or of many (counted into the cells known: DENSE_CELLS 0)."""
    monkeypatch.setattr(card_replay, "CACHE_CELLS", -1)
    monkeypatch.setattr(card_replay, "LEAVES_PER_COUP", 0)
    if many_cells:
        for module in (card_enumeration, card_plan):
            monkeypatch.setattr(module, "DENSE_CELLS", 0)


def replayed_as_the_reference(monkeypatch, source, kernel, many_cells=False) -> None:
    """The later shoes of ``source``'s layout (:data:`SHOES`) count every line as the
    reference does, and each cell as a fresh count does; ``kernel`` replays the last
    (few cells), or every one (many)."""
    bet = bet_from_source(source)
    layout = layout_for([bet], shoe=shoe_of(kinds_of({})))
    tables, evaluator = Tables(), Evaluator([bet], layout)
    replays = spy(monkeypatch, card_kernels, kernel)
    for name, changes in SHOES.items():
        kinds = kinds_of(changes)
        table = tables.get(shoe_of(kinds), layout)
        assert evaluator.line_counts(table)[0] == line_counts(source, kinds), name
        args = later(layout, changes)
        fresh_count = card_enumeration.count_run(layout.detail, layout.tableau, *args[3:], 0)
        assert (card_enumeration.on_cells(fresh_count, layout.cells) == table.counts).all()
    assert len(replays) == (len(SHOES) if many_cells else 1)  # not counted again
    assert card_replay.recorded(layout) is not None


@pytest.mark.parametrize("source", BETS.values(), ids=BETS.keys())
def test_few_cells_replayed_as_the_reference(fresh, monkeypatch, source):
    layout = layout_for([bet_from_source(source)], shoe=shoe_of(kinds_of({})))
    cost = card_plan.plan_cost(layout.detail, layout.tableau, layout.cards)
    assert not cost.sparse and cost.record and not card_replay.by_cell(
        cost.least, cost.sequences, 1)
    replayed_as_the_reference(monkeypatch, source, "replay_cells")


@pytest.mark.parametrize("source, many_cells", [(BETS["suits named, ranks in a block"], False),
                                                 (BETS["suit then rank"], True)],
                         ids=["few cells, a block", "many cells"])
def test_in_the_order_of_cells_replayed_as_the_reference(fresh, monkeypatch, source,
                                                         many_cells):
    in_cell_order(monkeypatch, many_cells)
    replayed_as_the_reference(monkeypatch, source, "replay_by_cell", many_cells)
    layout = layout_for([bet_from_source(source)], shoe=shoe_of(kinds_of({})))
    cost = card_plan.plan_cost(layout.detail, layout.tableau, layout.cards)
    record = card_replay.recorded(layout)
    assert isinstance(record, card_kernels.CellRecord) and len(record.at) == cost.sequences
    assert (np.diff(record.at) >= 0).all()  # its counts written in order
    assert cost.record >= sum(a.nbytes for a in record)
    if "block" in source:
        assert record.orders.max() > 1  # a leaf standing for several orders, moved whole


def test_a_replay_priced_slower_than_a_count_is_not_made(fresh, monkeypatch):
    """Where the plan prices re-weighing a leaf above dealing a sequence, no record is
    made, and the later shoes are counted as before, still exactly."""
    source = BETS["suit then rank"]
    monkeypatch.setattr(card_plan, "SECONDS_PER_LEAF", 1.0)
    layout = layout_for([bet_from_source(source)], shoe=shoe_of(kinds_of({})))
    cost = card_plan.plan_cost(layout.detail, layout.tableau, layout.cards)
    assert cost.record == 0 and cost.replay_seconds > cost.seconds
    replays = spy(monkeypatch, card_kernels, "replay_cells")
    kinds = kinds_of(LATER["part-dealt"])
    table = Tables().get(shoe_of(kinds), layout)
    assert Evaluator([bet_from_source(source)], layout).line_counts(table)[0] == line_counts(
        source, kinds)
    assert not replays and card_replay.recorded(layout) is None
