"""A count the plan refuses as too long runs where the user says they will wait:
BACC_EDGE_COUNT_MINUTES (bacc_edge.util.environment, card_plan.time_limit).

Counts are priced slowly here (a second a card sequence), so that a tiny shoe's count
is refused before it starts, saying how many minutes would let it run; with those
minutes set, it counts as the reference dealer does. Bugs planted by hand, each failing
these tests: the variable not read (the counted rows refused), the minutes read as
seconds (the same), the hint's minutes rounded down (its row), a bad value taken as
unset (the bad-value rows).
"""

from __future__ import annotations

import re

import pytest
from test_card_bets import engine, physical, reference_count
from test_card_sparse import ROWS

from bacc_edge import Bet, Event, OptionError, PlanTooLarge, Shoe, Tables
from bacc_edge.analysis.evaluator import answering_cells, layout_for
from bacc_edge.engine import card_plan
from bacc_edge.util import environment

SPEC = ("and", ("suit", "B1", 2), ("rank", "P3", 12))  # banker ♦ first, player draws a K


@pytest.fixture
def slow(monkeypatch) -> float:
    """Every count priced at a second a card sequence, kept or streamed: the seconds the
    tiny shoe's count is priced at."""
    monkeypatch.setattr(card_plan, "SECONDS_PER_SEQUENCE", {False: 1.0, True: 1.0})
    monkeypatch.setattr(card_plan, "SECONDS_PER_STREAMED_SEQUENCE", 1.0)
    monkeypatch.setattr(card_plan, "SECONDS_PER_STREAMED_CELL", 1.0)
    monkeypatch.delenv(environment.COUNT_MINUTES, raising=False)
    cells = answering_cells([_bet()], shoe=Shoe.from_suits(ROWS))
    return card_plan.plan_cost(cells.detail, cells.tableau, cells.cards).seconds


def _bet() -> Bet:
    return Bet("slow", [Event("hit", engine(SPEC), 1)])


def _count() -> tuple[int, int]:
    shoe = Shoe.from_suits(ROWS)
    table = Tables().get(shoe, layout_for([_bet()], shoe=shoe))
    return table.count(engine(SPEC)), table.total


def test_a_count_too_long_says_how_many_minutes_let_it_run(slow):
    assert slow > card_plan.TIME_LIMIT
    minutes = -(-slow // 60)
    with pytest.raises(PlanTooLarge, match=rf"past the 10\.0 minutes a count may take; .*"
                                           rf"BACC_EDGE_COUNT_MINUTES={minutes:.0f} lets "
                                           rf"it run$"):
        _count()


def test_with_those_minutes_it_counts_as_the_reference(monkeypatch, slow):
    monkeypatch.setenv(environment.COUNT_MINUTES, str(int(-(-slow // 60))))
    assert _count() == reference_count(SPEC, physical(ROWS))


@pytest.mark.parametrize("minutes, counts", [("0.5", False), ("1e9", True)])
def test_the_minutes_are_minutes(monkeypatch, slow, minutes, counts):
    """Half a minute is too few; 10⁹ minutes (an exponent, as numbers are written) is
    enough."""
    monkeypatch.setenv(environment.COUNT_MINUTES, minutes)
    if counts:
        assert _count() == reference_count(SPEC, physical(ROWS))
    else:
        with pytest.raises(PlanTooLarge, match=r"past the 30\.0 s a count may take"):
            _count()


@pytest.mark.parametrize("value", ["0", "-5", "abc", "1_0", " 5", "+5", ".5", "5.", "inf",
                                   "nan", "10 minutes", "1e999"])
def test_minutes_that_are_no_number_above_0_are_refused(monkeypatch, value):
    """An OptionError naming the value (one line from the command:
    tests/util/test_environment.py)."""
    monkeypatch.setenv(environment.COUNT_MINUTES, value)
    with pytest.raises(OptionError, match="^" + re.escape(f"BACC_EDGE_COUNT_MINUTES={value!r}: "
                                                          f"give a number of minutes above 0")):
        card_plan.time_limit()


@pytest.mark.parametrize("value, hinted", [(" 5", True), ("+5", True), (".5", True),
                                           ("0", False), ("-5", False), ("abc", False)])
def test_a_loosely_written_number_is_told_how_to_write_it(monkeypatch, value, hinted):
    """As a number option: " 5" or "+5" is told to drop the space or sign; "0", written
    well, is only out of range."""
    monkeypatch.setenv(environment.COUNT_MINUTES, value)
    with pytest.raises(OptionError) as refused:
        card_plan.time_limit()
    assert str(refused.value).endswith("without spaces, a '+' or a bare decimal point)") == hinted
