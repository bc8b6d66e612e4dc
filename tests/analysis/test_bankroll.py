"""The literature's measures (analysis/bankroll.py and the depth summary), each against a
calculation of its own: the Big Tiger study's printed figures through the study's index,
the classic gambler's ruin of a ±1 walk, the exact Kelly bet of a binary wager, SCORE as
Schlesinger defines it (the win of a full-Kelly bettor with 10,000), and a tally worked
out by hand through the summary."""

import math

import numpy as np
import pytest

from bacc_edge.analysis.bankroll import (Bankroll, bankroll_for_risk, desirability_index,
                                         desirability_index_off_the_top, kelly_fraction,
                                         risk_of_ruin, score)
from bacc_edge.depth.summary import DepthTally, summarize
from bacc_edge.depth.shoes import DealRules, DepthSpec, Player
from bacc_edge import STANDARD, Count
from bacc_edge.analysis.bet_report import report
from bacc_edge.language.loader import load_paytable
from bacc_edge.game.shoe import Shoe
from conftest import ROOT


def test_the_big_tiger_studys_index_is_its_own_figures_through_its_formula():
    # The study prints bet frequency 3.536%, average edge 7.227% and DI 2.08, and the
    # bet's house edge 15.2533%: a win of 50 with probability p = (1 - 0.152533)/51,
    # else a loss, so its SD off the top is √(2500p + (1 - p) - (51p - 1)²) = 6.519.
    p = (1 - 0.152533) / 51
    sd_top = math.sqrt(2500 * p + (1 - p) - (51 * p - 1) ** 2)
    assert sd_top == pytest.approx(6.519, abs=5e-4)
    per_round = 0.07227 * 0.03536  # the win per hand dealt
    assert round(desirability_index_off_the_top(per_round, sd_top, 0.03536), 2) == 2.08
    # and the exact engine's SD off the top of the shipped bet is that figure
    (result,) = report(load_paytable(ROOT / "paytables" / "big_tiger.py"), Shoe.decks(8))
    assert result.sd == pytest.approx(6.519, abs=5e-4)


@pytest.mark.parametrize("variance,frequency,per_100,printed", [
    (182.715, 0.23207, 3.928, "6.03"),   # "3 Giving 8"
    (18.594, 0.1361, 1.213, "7.62"),     # "88 89 98 99"
    (42.503, 0.03536, 0.256, "2.08"),    # Big Tiger
])
def test_the_same_authors_other_studies_print_the_index_off_the_top(variance, frequency,
                                                                     per_100, printed):
    # The author's page of baccarat side-bet studies (advancedadvantageplay.com, "Baccarat
    # Side Bets") prints each bet's variance off the top, bet frequency, units won per
    # 100 hands and desirability index: 100 × win per 100 / SD per 100, the SD per 100
    # hands √(100 · f) × SD₀ — the index off the top. Each input is printed rounded, so
    # the index they give spans their half units; the printed index lies in that span.
    def half(text):
        return 0.5 * 10 ** -len(str(text).split(".")[1])
    corners = [desirability_index_off_the_top((per_100 + a * half(per_100)) / 100,
                                              math.sqrt(variance + b * half(variance)),
                                              frequency + c * half(frequency))
               for a in (-1, 1) for b in (-1, 1) for c in (-1, 1)]
    value, tolerance = float(printed), half(printed)
    assert min(corners) <= value + tolerance and value - tolerance <= max(corners)


def test_the_index_over_the_sd_of_the_bets_placed_by_hand():
    # one bet in 100 rounds, +1 or -1 worth +0.01: μ = 1e-4, σ² = 0.01 - 1e-8
    assert desirability_index(1e-4, math.sqrt(0.01 - 1e-8)) == pytest.approx(1.0000005)


def test_risk_of_ruin_is_the_gamblers_ruin_of_a_plus_minus_one_walk():
    # a ±1 bet won with p = 0.51: ruin from B units is (q/p)^B exactly (infinite play)
    p, q = 0.51, 0.49
    mean, variance = p - q, 1 - (p - q) ** 2
    for units in (10, 50, 150):
        exact = (q / p) ** units
        assert risk_of_ruin(mean, variance, units) == pytest.approx(exact, rel=5e-3)
    # the bankroll for 5% ruin: (q/p)^B = 0.05
    exact = math.log(0.05) / math.log(q / p)
    assert bankroll_for_risk(mean, variance, 0.05) == pytest.approx(exact, rel=5e-3)
    assert risk_of_ruin(-0.01, 1.0, 100) == 1.0
    assert bankroll_for_risk(0.0, 1.0, 0.05) == math.inf


def test_kelly_is_the_exact_kelly_bet_of_a_binary_wager_for_small_edges():
    # paying b to 1 with probability p, the growth-optimal share is p - q/b
    for p, b in ((0.51, 1), (0.0204, 50), (0.3, 2.5)):
        q = 1 - p
        mean = p * b - q
        variance = p * b * b + q - mean ** 2
        assert kelly_fraction(mean, variance) == pytest.approx(p - q / b, rel=0.05)
    assert kelly_fraction(-0.01, 1.0) == 0.0


def test_score_is_the_full_kelly_win_per_100_rounds_with_10000():
    mean, variance = 0.0025, 1.9
    bet = 10_000 * mean / variance  # full Kelly on 10,000
    assert score(mean, variance) == pytest.approx(100 * bet * mean)
    # and Schlesinger's identity SCORE = DI²
    assert score(mean, variance) == pytest.approx(
        desirability_index(mean, math.sqrt(variance)) ** 2)
    assert score(-mean, variance) == 0.0


PAYTABLE = ('from bacc_edge import Bet, Event, player, tie\n'
            'BETS = [Bet("Player", [Event("Player wins", player.wins, 1), '
            'Event("Tie", tie, "push")])]\n')


def test_the_summary_measures_of_a_ramped_count_worked_out_by_hand(tmp_path):
    # Two shoes of 50 rounds; a count bet 3 times in all: 1 unit won (+1), 2 units lost
    # (-2), 4 units won at 1 to 2 (+2). Per shoe: (won, 0, bets, rounds, staked).
    per_shoe = np.array([[[-1.0, 0, 2, 50, 3]], [[2.0, 0, 1, 50, 4]]])
    tally = DepthTally([{
        "shoes": np.array([2]), "sums": per_shoe.sum(axis=0),
        "cross": np.einsum("spi,spj->pij", per_shoe, per_shoe),
        # Σ squared round wins 1 + 4 + 4 = 9; Σ squared stakes 1 + 4 + 16 = 21
        "squares": np.array([[9.0, 0.0, 21.0]]), "shoes_betting": np.array([2]),
        "shoes_nonzero": np.array([2]), "shoes_won": np.array([1]),
        "shoes_lost": np.array([1]), "rounds_histogram": np.zeros(51, dtype=np.int64),
        "reached": np.zeros(50, dtype=np.int64), "ev_sum": np.zeros((1, 50)),
        "ev_unvalued": np.zeros((1, 50), dtype=np.int64),
        "favourable": np.zeros((1, 50), dtype=np.int64), "gains": np.zeros((0, 1))}])
    path = tmp_path / "p.py"
    path.write_text(PAYTABLE)
    count = Count("c", {"A": 1}, 1, ramp="2=2, 3=4")
    spec = DepthSpec(PAYTABLE, str(path), ("Player",), DealRules(1, 10), 5, (count,),
                     (Player(0, 0, None),), (None,), STANDARD, exact_every_round=False,
                     exact_bets=False, correlations=(None,), sd_off_the_top=(0.5,))
    at = Bankroll(units=200, risk=0.1, rounds_per_hour=60)
    (p,) = summarize(spec, tally, bankroll=at).bets[0].players
    mean, second = 1 / 100, 9 / 100           # per round dealt
    variance = second - mean ** 2              # 0.0899
    assert p.average_edge.value == pytest.approx(1 / 7)  # 1 unit won on 7 staked
    assert p.units_per_bet == pytest.approx(7 / 3)
    assert p.desirability_index.value == pytest.approx(1000 * mean / math.sqrt(variance))
    # the study's index: the SD off the top (0.5) × √(mean squared stake, 21/100)
    assert p.desirability_index_off_the_top.value == pytest.approx(
        1000 * mean / (0.5 * math.sqrt(0.21)))
    m = p.bankroll
    assert m.kelly_fraction.value == pytest.approx(mean / variance)
    assert m.score.value == pytest.approx(1e6 * mean ** 2 / variance)
    assert m.risk_of_ruin.value == pytest.approx(math.exp(-2 * mean * 200 / variance))
    assert m.bankroll.value == pytest.approx(variance * math.log(10) / (2 * mean))
    stretch = {s.per: s for s in m.stretches}
    assert stretch["100 rounds"].win.value == pytest.approx(1.0)
    assert stretch["100 rounds"].sd == pytest.approx(10 * math.sqrt(variance))
    assert stretch["hour"].win.value == pytest.approx(60 * mean)
    assert stretch["hour"].sd == pytest.approx(math.sqrt(60 * variance))
    # a shoe: mean 0.5 of (-1, 2), sample SD √4.5
    assert stretch["shoe"].win.value == pytest.approx(0.5)
    assert stretch["shoe"].sd == pytest.approx(math.sqrt(4.5))
    # the measures' intervals follow the mean's: a risk of ruin falls as μ rises
    assert m.risk_of_ruin.low <= m.risk_of_ruin.value <= m.risk_of_ruin.high
    assert m.score.low <= m.score.value <= m.score.high


@pytest.mark.parametrize("kwargs,message", [
    (dict(units=0), "bankroll 0 must be a number above 0"),
    (dict(risk=1.5), "target risk of ruin 1.5 must be a number above 0 and below 1"),
    (dict(rounds_per_hour=float("inf")), "rounds per hour inf must be"),
])
def test_bad_bankroll_settings_are_refused(kwargs, message):
    from bacc_edge.errors import OptionError
    with pytest.raises(OptionError, match=message):
        Bankroll(**kwargs)
