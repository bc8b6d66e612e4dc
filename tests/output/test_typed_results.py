"""The typed results: what the library returns is frozen and its words are enums, whose
values are the words the JSON and the text have always printed; one reading of a printed
figure; the functions the commands call, each the sum of its parts."""

from __future__ import annotations

import dataclasses
import json
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

import bacc_edge
from bacc_edge import (STANDARD, Bet, Count, DepthTally, Event, GainMethod, Interval,
                       IntervalMethod, PaytableError, Printed, StudyFigures, StudyStatus,
                       effects_of_removal, linear_count, player, report, tie)
from bacc_edge.depth.shoes import DealRules, DepthSpec, Player
from bacc_edge.depth.summary import summarize
from bacc_edge.analysis.removal_effects import effects_and_counts
from bacc_edge.analysis.intervals import mean_interval, ratio_interval
from bacc_edge.language.loader import load_paytable
from bacc_edge.output.render import depth_json
from bacc_edge.analysis.bet_report import check, check_all, report_all
from bacc_edge.game.shoe import Shoe

PAYTABLE = ('from bacc_edge import Bet, Event, player, tie\n'
            'BETS = [Bet("Player", [Event("Player wins", player.wins, 1), '
            'Event("Tie", tie, "push")])]\n')


def _batch(per_shoe: np.ndarray) -> dict:
    """One batch as deal_batch sums it, from per-shoe columns (won, won exact, bets,
    rounds) of each player, staking one unit a bet (the units staked: the bets)."""
    rounds = int(per_shoe[0, 0, 3])
    per_shoe = np.concatenate([per_shoe, per_shoe[:, :, 2:3]], axis=2)
    return {
        "shoes": np.array([len(per_shoe)]), "sums": per_shoe.sum(axis=0),
        "cross": np.einsum("spi,spj->pij", per_shoe, per_shoe),
        "squares": np.ones((per_shoe.shape[1], 3)),
        "shoes_betting": (per_shoe[:, :, 2] > 0).sum(axis=0),
        "shoes_nonzero": (per_shoe[:, :, 1] != 0).sum(axis=0),
        "shoes_won": (per_shoe[:, :, 1] > 0).sum(axis=0),
        "shoes_lost": (per_shoe[:, :, 1] < 0).sum(axis=0),
        "rounds_histogram": np.zeros(rounds + 1, dtype=np.int64),
        "reached": np.full(rounds, len(per_shoe), dtype=np.int64),
        "ev_sum": np.zeros((1, rounds)), "ev_unvalued": np.zeros((1, rounds), dtype=np.int64),
        "favourable": np.zeros((1, rounds), dtype=np.int64),
        "gains": per_shoe[:, :, 1].copy()}


# four shoes of 10 rounds; a count player bets 1, 2, 0 and 1 times: 4 bets in 40 rounds
PER_SHOE = np.array([[[1.0, 0.1, 1, 10]], [[-1.0, 0.2, 2, 10]], [[0.0, 0.0, 0, 10]],
                     [[1.0, 0.1, 1, 10]]])


def _study(tmp_path, figures: dict, findings: dict | None = None, per_shoe=PER_SHOE,
           correlation: float = 0.5):
    path = tmp_path / "hand.py"
    path.write_text(PAYTABLE)
    count = Count("hand count", {"A": 1, "K": -1}, trigger=1, published=StudyFigures(
        "hand study", figures, findings or {}))
    spec = DepthSpec(PAYTABLE, str(path), ("Player",), DealRules(1, 10), 5, (count,),
                     (Player(0, 0, None),), (None,), STANDARD, exact_every_round=False,
                     exact_bets=True, correlations=(correlation,))
    return spec, summarize(spec, DepthTally([_batch(per_shoe)]))


# -- the run's tally: frozen ----------------------------------------------------------
def test_the_tally_adds_the_batches_and_cannot_change():
    tally = DepthTally([_batch(PER_SHOE[:2]), _batch(PER_SHOE[2:])])
    assert tally.n == 4
    assert tally.sums[0].tolist() == [1.0, 0.4, 4.0, 40.0, 4.0]  # by hand: the columns' sums
    assert tally.gains[:, 0].tolist() == [0.1, 0.2, 0.0, 0.1]
    with pytest.raises(dataclasses.FrozenInstanceError):
        tally.n = 5
    with pytest.raises(ValueError):  # its arrays are read-only too
        tally.sums[0, 0] = 99.0


def test_run_depth_says_it_returns_the_exported_tally():
    assert bacc_edge.run_depth.__annotations__["return"] == "DepthTally"
    assert "DepthTally" in bacc_edge.__all__


# -- statuses and methods: enums that print as before -----------------------------------
def test_a_study_figure_inside_the_interval_is_reproduced_and_prints_its_old_word(tmp_path):
    # bets per round: 4/40 = 10.0%, and the run's interval is around it
    spec, summary = _study(tmp_path, {"bet_frequency": "10.0%", "average_edge": "90%"})
    by = {c.measure.value: c for c in summary.checks}
    assert by["bet_frequency"].status is StudyStatus.REPRODUCED
    # an average edge of (0.1 + 0.2 + 0.1)/4 = 10% is nowhere near 90%
    assert by["average_edge"].status is StudyStatus.NOT_REPRODUCED
    assert summary.failed_checks == (by["average_edge"],)
    printed = json.loads(json.dumps(depth_json(spec, 4, summary)))
    assert [c["status"] for c in printed["checks"]] == ["reproduced", "not reproduced"]
    (p,) = summary.bets[0].players
    assert p.method is GainMethod.EXACT and printed["bets"][0]["players"][0]["method"] == "exact"


def test_a_figure_the_paytable_explains_is_a_finding_and_passes(tmp_path):
    _, summary = _study(tmp_path, {"average_edge": "90%"}, {"average_edge": "a misprint"})
    (c,) = summary.checks
    assert c.status is StudyStatus.FINDING and c.status.passed
    assert summary.failed_checks == ()
    assert not StudyStatus.NOT_REPRODUCED.passed


def test_the_half_unit_of_a_study_figure_decides_at_the_edge(tmp_path):
    # four shoes with no bet: the frequency's interval is [0, 0] exactly. "0.04%" reaches
    # down to 0.035% (not 0); "0.0%" stands for [-0.05%, 0.05%]: reproduced
    no_bet = np.array([[[0.0, 0.0, 0, 10]]] * 4)
    for printed, status in (("0.04%", StudyStatus.NOT_REPRODUCED),
                            ("0.0%", StudyStatus.REPRODUCED)):
        _, summary = _study(tmp_path, {"bet_frequency": printed}, per_shoe=no_bet)
        assert summary.checks[0].interval.high == 0
        assert summary.checks[0].status is status, printed
    # a correlation of 0.5004 rounds to "0.500" (± 0.0005), not to "0.5000" (± 0.00005)
    for printed, status in (("0.500", StudyStatus.REPRODUCED),
                            ("0.5000", StudyStatus.NOT_REPRODUCED)):
        _, summary = _study(tmp_path, {"betting_correlation": printed}, correlation=0.5004)
        assert summary.checks[0].status is status, printed


def test_an_interval_says_how_it_was_found():
    assert mean_interval(np.zeros(5), n=5, total=0.0, total_sq=0.0).method is IntervalMethod.EXACT
    values = np.array([1.0, 0.0, 2.0, 0.0])
    assert mean_interval(values, n=4, total=3.0, total_sq=5.0).method is IntervalMethod.BOOTSTRAP
    assert mean_interval(None, n=4, total=3.0, total_sq=5.0).method is IntervalMethod.NORMAL
    ratio = ratio_interval(n=4, sum_y=1.0, sum_x=4.0, q_yy=1.0, q_xy=1.0, q_xx=4.0)
    assert ratio.method is IntervalMethod.NORMAL
    assert ratio.as_json()["method"] == "normal" and json.dumps(ratio.method) == '"normal"'
    assert Interval(1.0, 0.0, 2.0, "bootstrap").method is IntervalMethod.BOOTSTRAP
    with pytest.raises(ValueError):
        Interval(1.0, 0.0, 2.0, "guess")


# -- a bet's events: a tuple ---------------------------------------------------------------
def test_a_bets_events_are_a_tuple_the_list_given_cannot_change():
    events = [Event("Tie", tie, 8)]
    bet = Bet("T", events)
    events.append(Event("Player", player.wins, 1))
    assert bet.events == (Event("Tie", tie, 8),)
    assert report(bet, Shoe.decks(1))[0].line("Tie").combinations > 0
    assert not hasattr(bet, "note")


# -- one reading of a printed figure ---------------------------------------------------------
@pytest.mark.parametrize("text, value, tolerance", [
    ("3.09%", Fraction(309, 10000), Fraction(1, 20000)),   # half of 0.01%
    ("80.1", Fraction(801, 10), Fraction(1, 20)),          # half of 0.1
    ("0.981", Fraction(981, 1000), Fraction(1, 2000)),
    ("7.00%", Fraction(7, 100), Fraction(1, 20000)),       # trailing zeros count
    ("12", Fraction(12), Fraction(1, 2)),
    ("-0.5", Fraction(-1, 2), Fraction(1, 20)),
])
def test_a_study_figure_is_good_to_half_a_unit_of_its_last_digit(text, value, tolerance):
    figure = Printed.of_study(text)
    assert (figure.value, figure.tolerance) == (value, tolerance)
    assert StudyFigures("s", {"units_per_shoe": text}).printed("units_per_shoe") == figure


@pytest.mark.parametrize("text", ["1_0", "５", "abc", "", "%", "1e999999", "12 of 15"])
def test_a_study_figure_that_is_no_number_is_refused(text):
    with pytest.raises(PaytableError, match="is not a number"):
        StudyFigures("s", {"units_per_shoe": text})


def test_a_sheets_figure_is_read_as_before():
    assert (Printed("8.304%").value, Printed("8.304%").tolerance) == (
        Fraction(8304, 100000), Fraction(5, 1000000))
    assert Printed("256 of 86,320").tolerance == 0 and not Printed("256 of 86,320").is_count
    with pytest.raises(PaytableError):
        Printed("80.1")  # a sheet's figure is a percentage, a count or a share


# -- the functions the commands call ---------------------------------------------------------
ROOT = Path(__file__).resolve().parents[2]


def test_report_all_is_each_paytables_report_in_turn():
    a, b = (load_paytable(ROOT / "paytables" / n) for n in ("punto_banco.py", "three_card_win.py"))
    shoe, full = Shoe.decks(1).remove("5 5"), Shoe.decks(1)
    together = report_all([a, b], shoe, full_shoe=full)
    alone = report(a, shoe, full_shoe=full) + report(b, shoe, full_shoe=full)
    assert [(r.name, r.tableau, r.events) for r in together] == [
        (r.name, r.tableau, r.events) for r in alone]


def test_check_all_is_each_paytables_check_in_turn():
    a, b = (load_paytable(ROOT / "paytables" / n) for n in ("punto_banco.py", "three_card_win.py"))
    assert check_all([a, b]) == check(a) + check(b)


def test_effects_and_counts_deal_each_paytable_by_its_own_tableau():
    # chemin de fer's tableau is not the standard one: its effects are its own
    cdf, pb = (load_paytable(ROOT / "paytables" / n) for n in ("chemin_de_fer.py",
                                                               "punto_banco.py"))
    assert cdf.rules != STANDARD
    shoe = Shoe.decks(1)
    effects, counts = effects_and_counts([cdf, pb], shoe, 2)
    assert effects == (effects_of_removal(cdf.bets, shoe, tableau=cdf.rules)
                       + effects_of_removal(pb.bets, shoe, tableau=pb.rules))
    assert [fx.tableau for fx in effects] == [cdf.rules] * len(cdf.bets) + [STANDARD] * len(
        pb.bets)
    assert counts == [linear_count(fx, 2) for fx in effects]
    with pytest.raises(bacc_edge.OptionError, match="count level 0"):
        effects_and_counts([pb], shoe, 0)


def test_your_count_is_named_and_serves_every_bet():
    count = Count.yours("8=+2,9=+2", "4", initial=3, trigger_on="running")
    assert (count.name, count.trigger, count.initial, count.bets) == ("your count", 4.0, 3, ())
    assert count.trigger_on.value == "running"
    assert count.tags[7:9] == (2, 2)


def test_a_count_whose_tags_are_all_equal_has_no_betting_correlation(tmp_path):
    # +1 on every card tracks only the depth of the shoe: its correlation with the
    # effects of removal is undefined (None, not 0), and the run still deals
    path = tmp_path / "hand.py"
    path.write_text(PAYTABLE)
    spec = bacc_edge.prepare_depth(path, deal=DealRules(1, 10), eor_count=False,
                                   count_only=True, counts=[Count("depth", [1] * 13, 2)])
    assert spec.correlations == (None,)
