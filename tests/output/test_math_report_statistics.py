"""The math report's par-sheet statistics (analysis/bet_statistics.py), each held against
knowledge that is not the engine's: the normal quantiles as statistical tables print
them, the SD of a two-outcome bet in closed form, the banker bet's element of risk
from the published 8-deck counts, true odds worked by hand, and the hold's range
checked by a seeded simulation of the rounds themselves.

The 8-deck counts are the published ones (the Wizard of Odds' baccarat analysis; see
tests/analysis/test_statistics.py): of 4,998,398,275,503,360 ordered deals the banker wins
2,292,252,566,437,888, the player 2,230,518,282,592,256, and 475,627,426,473,216 tie.
"""

import math
from fractions import Fraction

import numpy as np
import pytest

from bacc_edge import Bet, Event, Shoe, banker, player, report, tie
from bacc_edge.analysis.bet_statistics import (HOLD_CONFIDENCES, HOLD_ROUNDS, bet_statistics,
                                               hold_range)
from bacc_edge.analysis.intervals import z_value
from bacc_edge.util.number_text import one_in

DEALS_8 = 4_998_398_275_503_360
BANKER_8 = 2_292_252_566_437_888
PLAYER_8 = 2_230_518_282_592_256
TIE_8 = 475_627_426_473_216
#: Two-sided normal quantiles as tables print them (6 decimals).
Z90, Z95 = 1.644854, 1.959964


def one(bet, shoe=None, **kw):
    (result,) = report(bet, shoe or Shoe.decks(8), **kw)
    return result


@pytest.fixture(scope="module")
def tie_bet():
    return one(Bet("Tie", [Event("Tie", tie, 8)]))


@pytest.fixture(scope="module")
def banker_bet():
    return one(Bet("Banker", [Event("Banker wins", banker.wins, "0.95"),
                              Event("Tie", tie, "push")]))


def test_z_is_the_two_sided_normal_quantile_of_the_tables():
    # a one-sided quantile (1.2816 for 90%) or a 95% z for every level fails here
    assert round(z_value(90), 6) == Z90
    assert round(z_value(95), 6) == Z95
    assert round(z_value(99), 6) == 2.575829


def test_volatility_index_and_hold_of_a_two_outcome_bet_in_closed_form(tie_bet):
    # the tie at 8 to 1 nets +8 with chance p and -1 otherwise: SD = 9·√(p(1−p))
    p = Fraction(TIE_8, DEALS_8)
    edge = 1 - 9 * p
    sd = 9 * math.sqrt(p * (1 - p))
    stats = bet_statistics(tie_bet)
    assert stats.edge == edge and stats.max_win == 8
    assert stats.sd == pytest.approx(sd, rel=1e-12)
    assert stats.volatility_confidence == 90
    assert stats.volatility_index == pytest.approx(Z90 * sd, rel=1e-6)
    assert [(h.rounds, h.confidence) for h in stats.hold_ranges] == [
        (n, c) for n in (1_000, 10_000, 100_000, 1_000_000) for c in (90, 95)]
    for h in stats.hold_ranges:
        z = {90: Z90, 95: Z95}[h.confidence]
        half = z * sd / math.sqrt(h.rounds)  # √n, never n
        # z as printed to 6 decimals: within a millionth of the half-width
        assert h.low == pytest.approx(float(edge) - half, rel=0, abs=1e-6 * half)
        assert h.high == pytest.approx(float(edge) + half, rel=0, abs=1e-6 * half)
    # over a million rounds the 95% range of the 8:1 tie is 14.36% ± 0.52%
    assert round(stats.hold(1_000_000, 95).high - stats.hold(1_000_000, 95).low, 4) == 0.0104
    assert stats.edge_per_resolved_bet is None and stats.element_of_risk is None


def test_the_banker_bet_per_unit_staked_per_resolved_bet_and_element_of_risk(banker_bet):
    # per unit staked: a tie is a round staked and nothing won
    net = Fraction(95, 100) * BANKER_8 - PLAYER_8
    edge = Fraction(-net, DEALS_8)
    stats = bet_statistics(banker_bet)
    assert stats.edge == edge
    # element of risk: the expected loss over the expected amount at risk, a tie risking
    # nothing: -net / (banker wins + player wins); 1.169% (Wizard of Odds, ties excluded)
    assert stats.element_of_risk == Fraction(-net, BANKER_8 + PLAYER_8)
    assert stats.edge_per_resolved_bet == stats.element_of_risk
    assert round(float(stats.element_of_risk) * 100, 3) == 1.169
    assert stats.max_win == Fraction(95, 100)
    # the hold is per unit staked, centred on the edge per round (not per resolved bet)
    for h in stats.hold_ranges:
        assert (h.low + h.high) / 2 == pytest.approx(float(edge), rel=1e-9)


def test_the_hold_ranges_cover_simulated_sessions_as_stated(banker_bet):
    # sessions of 1,000 banker bets dealt with replacement from the 8-deck chances: the
    # share of sessions whose hold lies in the stated range is 90% and 95%, within
    # 3.29 binomial SDs (a range of √n for n, or a one-sided z, misses by far)
    rng = np.random.default_rng(20_260_115)
    probabilities = [BANKER_8 / DEALS_8, TIE_8 / DEALS_8, PLAYER_8 / DEALS_8]
    rounds, sessions = 1_000, 6_000
    wins, _, losses = rng.multinomial(rounds, probabilities, size=sessions).T
    hold = -(0.95 * wins - losses) / rounds
    stats = bet_statistics(banker_bet)
    for confidence in HOLD_CONFIDENCES:
        h = stats.hold(rounds, confidence)
        covered = np.mean((hold >= h.low) & (hold <= h.high))
        target = confidence / 100
        assert abs(covered - target) < 3.29 * math.sqrt(target * (1 - target) / sessions), (
            confidence, covered)


def test_the_largest_win_is_of_an_event_that_can_happen():
    # a suited pair cannot be dealt from one deck: its 400 is no win there
    bet = Bet("Suited", [Event("Suited pair", player.suited_pair, 400),
                         Event("Pair", player.pair, 11), Event("Tie", tie, "push")])
    one_deck = one(bet, Shoe.decks(1), full_shoe=Shoe.decks(2))
    assert bet_statistics(one_deck).max_win == 11
    assert bet_statistics(one(bet)).max_win == 400


def test_true_odds_are_one_over_the_probability():
    # ties: 4,998,398,275,503,360 / 475,627,426,473,216 = 10.5091…
    assert one_in(Fraction(TIE_8, DEALS_8)) == "1 in 10.51"
    assert one_in(Fraction(1, 8)) == "1 in 8.000"
    assert one_in(Fraction(2, 3)) == "1 in 1.500"
    assert one_in(Fraction(1, 3_767_466)) == "1 in 3,767,466"
    assert one_in(Fraction(0)) == "never"


def test_hold_range_refuses_what_is_not_a_number_of_rounds():
    from bacc_edge import ArgumentError

    with pytest.raises(ArgumentError, match="rounds 0"):
        hold_range(Fraction(1, 100), 1.0, 0, 90)
    with pytest.raises(ArgumentError, match="confidence 100"):
        z_value(100)
    assert HOLD_ROUNDS == (1_000, 10_000, 100_000, 1_000_000)
