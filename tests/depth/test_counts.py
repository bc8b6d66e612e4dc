"""Counts a user writes, the published studies' paytables, and the count's tag search."""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bacc_edge import Count, Shoe, StudyFigures, report
from bacc_edge.analysis.card_counting import Divisor, paytable_counts, parse_tags
from bacc_edge.depth.shoes import DealRules, deal_batch
from bacc_edge.depth.options import prepare
from bacc_edge.depth.summary import DepthTally, summarize
from bacc_edge.analysis.removal_effects import tag_roundings, betting_correlation, effects_of_removal, linear_count
from bacc_edge.errors import BaccEdgeError, OptionError
from bacc_edge.language.loader import load_paytable
from conftest import ROOT

WIZARD = ROOT / "paytables" / "wizard_lucky6.py"
TIGER = ROOT / "paytables" / "big_tiger.py"


def test_tags_are_read_by_rank_from_text_or_a_mapping():
    assert parse_tags("8=+2,9=+2,4=-1,10/J/Q/K=-1") == (0, 0, 0, -1, 0, 0, 0, 2, 2, -1, -1, -1, -1)
    assert parse_tags({"K": 1, "T": -1}) == (0,) * 9 + (-1, 0, 0, 1)
    by_points = Count.by_points("p", [-2, -1, -1, -4, -1, -1, -18, 13, 12, 9], 48)
    assert by_points.tags == (-1, -1, -4, -1, -1, -18, 13, 12, 9, -2, -2, -2, -2)
    assert sum(t * 4 for t in by_points.tags) == 0  # balanced
    assert Count("c", "6=-1", 1).divisor is Divisor.UNSEEN  # the documented default


@pytest.mark.parametrize("kwargs,message", [
    ({"tags": "6=+x"}, "is not a whole number"),
    ({"tags": {"Q♠": 1}}, "names a card"),
    ({"trigger": "high"}, "is not a number"),
    ({"trigger": float("nan")}, "finite"),
    ({"initial": 1.5}, "initial running count"),
    ({"divisor": "decks"}, "divisor 'decks' must be one of shoe, unseen"),
    ({"rounding": "up"}, "rounding 'up' must be one of"),
    ({"trigger_on": "both"}, "trigger_on 'both'"),
])
def test_a_bad_count_is_refused_naming_what_is_wrong(kwargs, message):
    args = {"name": "c", "tags": "6=-1", "trigger": 1, **kwargs}
    with pytest.raises(OptionError, match=message):
        Count(**args)


def test_a_published_figure_must_be_a_known_measure():
    with pytest.raises(BaccEdgeError, match="'edge' is not a valid StudyMeasure"):
        StudyFigures("s", {"edge": "1%"})


def test_the_study_paytables_have_the_published_house_edges():
    (lucky,) = report(load_paytable(WIZARD), Shoe.decks(8))
    (tiger,) = report(load_paytable(TIGER), Shoe.decks(8))
    assert round(float(lucky.edge) * 100, 2) == 11.70
    assert round(float(tiger.edge) * 100, 4) == 15.2533


def test_a_paytables_counts_serve_its_bets(tmp_path):
    counts = paytable_counts(load_paytable(WIZARD))
    assert [c.name for c in counts] == ["Wizard count 1", "Wizard count 2"]
    bad = tmp_path / "bad.py"
    bad.write_text(WIZARD.read_text().replace('bets=["Lucky 6"]', 'bets=["Lucky 7"]', 1))
    with pytest.raises(BaccEdgeError, match="serves 'Lucky 7', which no bet"):
        paytable_counts(load_paytable(bad))


def test_the_big_tiger_counts_betting_correlation_is_the_published_one():
    (fx,) = effects_of_removal(list(load_paytable(TIGER).bets), Shoe.decks(8))
    (count,) = paytable_counts(load_paytable(TIGER))
    assert round(betting_correlation(fx, count.tags), 3) == 0.981


def test_a_study_checks_its_published_figures_against_its_intervals():
    spec = prepare(WIZARD, deal=DealRules(8, 16), eor_count=False, count_only=True)
    summary = summarize(spec, DepthTally([deal_batch(spec, 0, 2000)]))
    checks = {(c.count, c.measure.value): c for c in summary.checks}
    assert set(checks) == {("Wizard count 1", m) for m in (
        "bet_frequency", "average_edge", "rounds_per_shoe", "units_per_shoe")} | {
        ("Wizard count 2", m) for m in ("bet_frequency", "average_edge", "units_per_shoe")}
    rounds = checks[("Wizard count 1", "rounds_per_shoe")]
    assert rounds.status == "reproduced" and rounds.interval.low <= 80.1 <= rounds.interval.high


@settings(max_examples=40, deadline=None)
@given(st.lists(st.fractions(-1, 1).map(float), min_size=2, max_size=13), st.integers(1, 5))
def test_the_tag_search_sees_every_rounding_the_old_scale_grid_did(e, level):
    if not any(e):
        return
    top = max(abs(x) for x in e)
    grid = set()
    for step in range(1, 2001):
        tags = tuple(int(math.copysign(math.floor(abs(x * (level + 0.5) * step / 2000 / top)
                                                  + 0.5), x)) for x in e)
        if max(abs(t) for t in tags) <= level and any(tags):
            grid.add(tags)
    assert grid <= set(tag_roundings(e, level))


def test_the_faster_tag_search_finds_the_counts_it_found_before():
    # pinned from the 2,000-scale search it replaced (level 3, 8 decks)
    bets = {b.name: b for b in load_paytable(ROOT / "paytables" / "live_dealer.py").bets}
    (fx,) = effects_of_removal([bets["Lucky Six"]], Shoe.decks(8))
    count = linear_count(fx, 3)
    assert count.tags == {"A": 0, "2": 0, "3": -1, "4": 0, "5": 0, "6": -3, "7": 2, "8": 2,
                          "9": 1, "10": -1, "J": 0, "Q": 0, "K": 0}
    assert round(count.betting_correlation, 3) == 0.966
