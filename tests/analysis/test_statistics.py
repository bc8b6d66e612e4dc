"""The statistics, each held against knowledge that is not the engine's: the coverage of
the 95% intervals measured on seeded samples of a known mean, a depth summary and a
linear count worked out by hand, the deck table's SD from the 8-deck counts, an EV of
1e-12 that keeps its sign, a tableau read by its header, and the commission rounded up,
not to the nearest chip fraction.

The 8-deck counts below are the published ones (the Wizard of Odds' baccarat analysis,
quoted in the engine issue; tests/engine/test_engine.py holds the engine to them): of
4,998,398,275,503,360 ordered deals of six cards, the banker wins 2,292,252,566,437,888,
the player 2,230,518,282,592,256 and 475,627,426,473,216 are ties.
"""

import csv
import io
import json
import math
from fractions import Fraction

import numpy as np
import pytest
from click.testing import CliRunner

from bacc_edge import (STANDARD, Bet, Count, Event, Shoe, Tableau, compare_decks,
                       outcome_table, player, report, tie)
from bacc_edge.analysis import intervals as intervals
from bacc_edge.cli import main
from bacc_edge.analysis.commission import banker_commission_edge, banker_commission_edges
from bacc_edge.output.deck_comparison import decks_output
from bacc_edge.depth.shoes import (DealRules, DepthSpec, Player, RoundValues, deal_batch, game,
                             unseen_by_round)
from bacc_edge.depth.options import prepare
from bacc_edge.depth.summary import DepthTally, summarize
from bacc_edge.analysis.removal_effects import RemovalEffects, betting_correlation, linear_count
from bacc_edge.analysis.evaluator import SIGN_CHECK, Evaluator
from bacc_edge.analysis.intervals import mean_interval, ratio_interval
from bacc_edge.output.render import depth_output, depth_rows
from bacc_edge.game.tableau import STANDARD_TEXT

DEALS_8 = 4_998_398_275_503_360
BANKER_8 = 2_292_252_566_437_888
PLAYER_8 = 2_230_518_282_592_256
TIE_8 = 475_627_426_473_216
PB, PP = Fraction(BANKER_8, DEALS_8), Fraction(PLAYER_8, DEALS_8)
Z = 1.959963984540054  # the 97.5% point of the standard normal


def test_the_8_deck_counts_add_up():
    assert BANKER_8 + PLAYER_8 + TIE_8 == DEALS_8
    assert outcome_table(Shoe.decks(8)).total == DEALS_8 == 416 * 415 * 414 * 413 * 412 * 411


# -- coverage of the 95% intervals ---------------------------------------------------------
def _band(reps: int, p: float = 0.95) -> tuple[float, float]:
    """The range a 95% interval's measured coverage over ``reps`` independent samples
    falls in with probability 0.999 (binomial, normal approximation: 3.29 SD). A z of
    1.645 covers about 90%, outside it for a few hundred samples or more."""
    half = 3.29 * math.sqrt(p * (1 - p) / reps)
    return p - half, p + half


def test_the_normal_interval_covers_a_known_mean_95_percent_of_the_time():
    # 1000 seeded samples of 100 normal draws of mean 2, SD 3
    rng = np.random.default_rng(20261125)
    reps, n, mean = 1000, 100, 2.0
    hits = 0
    for _ in range(reps):
        x = rng.normal(mean, 3.0, n)
        iv = mean_interval(None, n=n, total=float(x.sum()), total_sq=float(x @ x))
        assert iv.method == "normal"
        hits += iv.low <= mean <= iv.high
    low, high = _band(reps)
    assert low <= hits / reps <= high, hits / reps


def test_the_normal_interval_of_a_small_sample_by_hand():
    # values 1, 2, 6: mean 3, sample variance ((1-3)² + (2-3)² + (6-3)²) / 2 = 14/2 = 7,
    # half width 1.96 · sqrt(7/3) = 1.959964 · 1.527525 = 2.993894
    iv = mean_interval(None, n=3, total=9.0, total_sq=41.0)
    assert iv.value == 3.0
    assert iv.low == pytest.approx(3 - 2.993894, abs=1e-6)
    assert iv.high == pytest.approx(3 + 2.993894, abs=1e-6)
    # a gain that cannot be negative: the interval is cut at 0, the value kept
    cut = mean_interval(None, n=3, total=9.0, total_sq=41.0, bounds=(0.0, None))
    assert (cut.low, cut.value) == (pytest.approx(0.006106, abs=1e-6), 3.0)


def test_the_bootstrap_interval_covers_a_known_mean_95_percent_of_the_time(monkeypatch):
    # Gains that are zero in half the shoes (as a player who rarely bets wins nothing
    # in most), else normal of mean 2, SD 1: the mean is 0.5 · 2 = 1. 800 seeded
    # samples of 400 shoes. The bootstrap draws 200 resamples here instead of 2000 to
    # keep the test to a second; its 2.5 and 97.5 percentiles are what is tested, and
    # test_the_bootstrap_interval_is_the_normal_one_on_a_big_sample tests it at 2000.
    monkeypatch.setattr(intervals, "RESAMPLES", 200)
    rng = np.random.default_rng(7)
    reps, n, mean = 800, 400, 1.0
    hits = 0
    for i in range(reps):
        x = np.where(rng.random(n) < 0.5, rng.normal(2.0, 1.0, n), 0.0)
        iv = mean_interval(x, n=n, total=float(x.sum()), total_sq=float(x @ x), seed=i)
        assert iv.method == "bootstrap"
        hits += iv.low <= mean <= iv.high
    low, high = _band(reps)
    assert low <= hits / reps <= high, hits / reps


def test_the_bootstrap_interval_is_the_normal_one_on_a_big_sample():
    # On 3000 normal draws the sample mean is normal and the percentile bootstrap's
    # 2.5 and 97.5 percentiles are mean ± 1.96 s/sqrt(n), s the sample SD, to within the
    # bootstrap's own noise (2000 resamples: a few percent of the half width).
    # 5/95 percentiles would give 1.645/1.96 = 84% of it.
    x = np.random.default_rng(11).normal(5.0, 2.0, 3000)
    iv = mean_interval(x, n=len(x), total=float(x.sum()), total_sq=float(x @ x), seed=3)
    assert iv.method == "bootstrap"
    half = Z * x.std(ddof=1) / math.sqrt(len(x))
    assert iv.value == pytest.approx(x.mean())
    assert (iv.high - iv.low) / 2 == pytest.approx(half, rel=0.06)
    assert iv.low == pytest.approx(x.mean() - half, rel=0.01)


def test_the_delta_method_ratio_covers_a_known_ratio_95_percent_of_the_time():
    # rounds per shoe x ~ Poisson(70), bets y ~ Binomial(x, 0.1): Σy/Σx estimates 0.1
    rng = np.random.default_rng(3)
    reps, n, ratio = 1000, 100, 0.1
    hits = 0
    for _ in range(reps):
        x = rng.poisson(70, n).astype(float)
        y = rng.binomial(x.astype(np.int64), ratio).astype(float)
        iv = ratio_interval(n=n, sum_y=float(y.sum()), sum_x=float(x.sum()),
                            q_yy=float(y @ y), q_xy=float(x @ y), q_xx=float(x @ x))
        hits += iv.low <= ratio <= iv.high
    low, high = _band(reps)
    assert low <= hits / reps <= high, hits / reps


def test_the_delta_method_ratio_by_hand():
    # x = (4, 3, 3), y = (1, 2, 0): r = 3/10; residuals y - r·x = (-0.2, 1.1, -0.9),
    # squares 0.04 + 1.21 + 0.81 = 2.06, over n - 1 = 2: 1.03; half width
    # 1.96 · sqrt(1.03/3) / (10/3) = 1.959964 · 0.585947 / 3.333333 = 0.344530
    iv = ratio_interval(n=3, sum_y=3.0, sum_x=10.0, q_yy=5.0, q_xy=10.0, q_xx=34.0)
    assert iv.value == pytest.approx(0.3)
    assert iv.high == pytest.approx(0.3 + 0.344530, abs=1e-6)
    assert iv.low == pytest.approx(0.3 - 0.344530, abs=1e-6)
    bounded = ratio_interval(n=3, sum_y=3.0, sum_x=10.0, q_yy=5.0, q_xy=10.0, q_xx=34.0,
                             bounds=(0.0, 1.0))
    assert bounded.low == 0.0 and bounded.high == pytest.approx(0.644530, abs=1e-6)


# -- a depth summary by hand -----------------------------------------------------------------
PAYTABLE = ('from bacc_edge import Bet, Event, player, tie\n'
            'BETS = [Bet("Player", [Event("Player wins", player.wins, 1), '
            'Event("Tie", tie, "push")])]\n')


def _hand_tally(unvalued=(0, 0, 0, 0)):
    """Three shoes of 4, 3 and 3 rounds, one bet, two perfect players: without a cutoff
    (player 0) and with the table's cutoff at round 2 (player 1). Per shoe and player:
    the exact gain, bets placed, rounds dealt (as deal_batch sums them)."""
    # columns: won (coups' outcomes), won_exact, bets, rounds, units staked (one a bet)
    per_shoe = np.array([
        [[1.0, 0.5, 1, 4, 1], [1.0, 0.5, 1, 4, 1]],    # shoe 1: one bet worth 0.5, round 2
        [[-1.0, 0.2, 2, 3, 2], [0.0, 0.0, 0, 3, 0]],   # shoe 2: two bets worth 0.2, from 3
        [[0.0, 0.0, 0, 3, 0], [0.0, 0.0, 0, 3, 0]],    # shoe 3: no bet
    ])
    batch = {
        "shoes": np.array([3]),
        "sums": per_shoe.sum(axis=0),
        "cross": np.einsum("spi,spj->pij", per_shoe, per_shoe),
        # Σ over the rounds bet of the expected squared result: 10.049 for player 0, so
        # that its per-round second moment is 10.049/10 = 1.0049 (see the test)
        "squares": np.array([[2.0, 10.049, 3.0], [1.0, 5.0, 1.0]]),  # (…, stakes²)
        "shoes_betting": np.array([2, 1]),
        "shoes_nonzero": np.array([2, 1]),
        "shoes_won": np.array([2, 1]), "shoes_lost": np.array([0, 0]),
        "rounds_histogram": np.array([0, 0, 0, 2, 1]),
        "reached": np.array([3, 3, 3, 1]),
        "ev_sum": np.array([[-0.03, -0.06, 0.03, 0.01]]),
        # the shoes per round whose value a screened run's bound ruled out (not summed)
        "ev_unvalued": np.array([unvalued]),
        "favourable": np.array([[0, 1, 1, 1]]),
        "gains": per_shoe[:, :, 1].copy(),
    }
    return DepthTally([batch])


def _hand_spec(tmp_path):
    path = tmp_path / "hand.py"
    path.write_text(PAYTABLE)
    return DepthSpec(PAYTABLE, str(path), ("Player",), DealRules(1, 10), 5, (),
                     (Player(0, None, None), Player(0, None, 2)), (2,), STANDARD,
                     exact_every_round=True, exact_bets=True, correlations=(None, None))


def test_a_depth_summary_worked_out_by_hand(tmp_path):
    summary = summarize(_hand_spec(tmp_path), _hand_tally())
    assert summary.shoes == 3
    # rounds per shoe: (4 + 3 + 3)/3 = 3.3333; sample variance ((2/3)² + 2·(1/3)²)/2 = 1/3,
    # half width 1.96 · sqrt((1/3)/3) = 1.959964/3 = 0.653321
    assert summary.rounds_per_shoe.value == pytest.approx(10 / 3)
    assert summary.rounds_per_shoe.high - summary.rounds_per_shoe.value == pytest.approx(
        0.653321, abs=1e-6)
    (bet,) = summary.bets
    free, closed = bet.players
    assert (free.cutoff, closed.cutoff) == (None, 2)
    # units per shoe: exact gains 0.5 + 0.2 + 0 over 3 shoes
    assert free.units_per_shoe.value == pytest.approx(0.7 / 3)
    # per 100 rounds: 100 · 0.7 / 10 rounds dealt = 7
    assert free.units_per_100_rounds.value == pytest.approx(7.0)
    # bet frequency: 3 bets in 10 rounds, with the delta-method half width worked out in
    # test_the_delta_method_ratio_by_hand (x = rounds (4, 3, 3), y = bets (1, 2, 0))
    assert free.bet_frequency.value == pytest.approx(0.3)
    assert (free.bet_frequency.low, free.bet_frequency.high) == (
        0.0, pytest.approx(0.644530, abs=1e-6))
    # average edge: 0.7 won on 3 bets = 0.23333; residuals of y = gains (0.5, 0.2, 0) on
    # x = bets (1, 2, 0): (0.5 - 0.23333, 0.2 - 0.46667, 0) = (4/15, -4/15, 0), squares
    # 32/225 over n - 1 = 2: 16/225; half width 1.96 · sqrt(16/225/3)/(3/3) = 0.301756
    assert free.average_edge.value == pytest.approx(0.7 / 3)
    assert free.average_edge.high - free.average_edge.value == pytest.approx(0.301756,
                                                                             abs=1e-6)
    assert free.average_edge.low == 0.0  # a perfect player's exact gain is never negative
    # desirability index: 1000 × mean per round dealt / its SD per round dealt, rounds
    # without a bet counted as 0: mean 0.7/10 = 0.07, second moment 10.049/10 = 1.0049,
    # variance 1.0049 - 0.07² = 1, SD 1: 1000 · 0.07 / 1 = 70
    assert free.desirability_index.value == pytest.approx(70.0)
    # its interval is the per-100-rounds one scaled by 1000/100/SD = 10
    assert free.desirability_index.low == pytest.approx(10 * free.units_per_100_rounds.low)
    assert free.bets_per_shoe == pytest.approx(1.0)  # 3 bets in 3 shoes
    assert (free.shoes_betting, free.shoes_with_a_gain) == (2, 2)
    # the cutoff keeps 0.5 of 0.7 per three shoes: it removes 1 - 0.5/0.7 = 2/7
    assert closed.units_per_shoe.value == pytest.approx(0.5 / 3)
    assert bet.cutoff_removes == pytest.approx(2 / 7)
    # the closed player: bets once in 10 rounds, second moment 5/10, mean 0.05: SD
    # sqrt(0.5 - 0.0025) = 0.705337, index 1000 · 0.05 / 0.705337 = 70.888
    assert closed.desirability_index.value == pytest.approx(70.888, abs=1e-3)
    # by round: the edge is minus the mean EV of the shoes that reached the round
    assert [r.mean_edge for r in bet.by_round] == pytest.approx([0.01, 0.02, -0.01, -0.01])
    assert [r.shoes for r in bet.by_round] == [3, 3, 3, 1]
    assert [r.favourable for r in bet.by_round] == pytest.approx([0, 1 / 3, 1 / 3, 1])
    assert bet.favourable_share == pytest.approx(3 / 10)


def test_a_round_a_screened_run_left_unvalued_has_no_mean_edge(tmp_path):
    """A round where a screened run ruled a shoe's value out by its bound (not summed)
    has no mean edge; the other rounds keep theirs, as worked out above."""
    summary = summarize(_hand_spec(tmp_path), _hand_tally(unvalued=(0, 1, 0, 0)))
    (bet,) = summary.bets
    assert [r.mean_edge for r in bet.by_round] == [
        pytest.approx(0.01), None, pytest.approx(-0.01), pytest.approx(-0.01)]
    assert [r.favourable for r in bet.by_round] == pytest.approx([0, 1 / 3, 1 / 3, 1])



def test_the_depth_output_prints_the_hand_worked_figures_where_they_belong(tmp_path):
    # the summary of _hand_tally, as the depth command prints it: CSV, JSON and text
    spec = _hand_spec(tmp_path)
    summary = summarize(spec, _hand_tally())
    rows = list(csv.DictReader(io.StringIO(depth_output(spec, 3, summary, "csv"))))
    free = rows[0]
    hand = {"rounds_per_shoe": 10 / 3, "bet_frequency": 0.3, "bet_frequency_high": 0.644530,
            "average_edge": 0.7 / 3, "units_per_shoe": 0.7 / 3, "units_per_100_rounds": 7.0,
            "desirability_index": 70.0, "bets_per_shoe": 1.0, "shoes_betting": 2,
            "shoes": 3}
    for key, value in hand.items():
        assert float(free[key]) == pytest.approx(value, abs=1e-6), key
    doc = json.loads(depth_output(spec, 3, summary, "json"))
    assert doc["rounds_per_shoe"]["value"] == pytest.approx(10 / 3)
    player_json = doc["bets"][0]["players"][0]
    for key in ("bet_frequency", "average_edge", "units_per_shoe", "units_per_100_rounds",
                "desirability_index"):
        assert player_json[key]["value"] == pytest.approx(hand[key], abs=1e-6), key
    assert player_json["bets_per_shoe"] == pytest.approx(1.0)
    headers, text_rows = depth_rows(summary)
    shown = dict(zip(headers, text_rows[0]))
    assert shown["Desirability index"].startswith("70.00 (")
    assert shown["Bets on"].startswith("30.00% (0.00 to 64.45)")


def test_the_desirability_index_of_one_favourable_bet_by_hand(tmp_path):
    # One shoe of 100 rounds, bet once on a coup worth +0.01 whose result is +1 or -1
    # (expected square 1). Per round dealt: mean 0.01/100 = 1e-4, second moment 1/100,
    # variance 0.01 - 1e-8, SD 0.09999995; index 1000 · 1e-4 / 0.09999995 = 1.0000005.
    per_shoe = np.array([[[1.0, 0.01, 1, 100, 1]]])
    tally = DepthTally([{
        "shoes": np.array([1]), "sums": per_shoe.sum(axis=0),
        "cross": np.einsum("spi,spj->pij", per_shoe, per_shoe),
        "squares": np.array([[1.0, 1.0, 1.0]]), "shoes_betting": np.array([1]),
        "shoes_nonzero": np.array([1]), "shoes_won": np.array([1]),
            "shoes_lost": np.array([0]), "rounds_histogram": np.zeros(101, dtype=np.int64),
        "reached": np.ones(100, dtype=np.int64), "ev_sum": np.zeros((1, 100)),
        "ev_unvalued": np.zeros((1, 100), dtype=np.int64),
        "favourable": np.zeros((1, 100), dtype=np.int64), "gains": per_shoe[:, :, 1].copy()}])
    path = tmp_path / "one.py"
    path.write_text(PAYTABLE)
    spec = DepthSpec(PAYTABLE, str(path), ("Player",), DealRules(1, 10), 5, (),
                     (Player(0, None, None),), (None,), STANDARD, correlations=(None,))
    (p,) = summarize(spec, tally).bets[0].players
    assert p.desirability_index.value == pytest.approx(1.0000005, rel=1e-9)
    assert p.units_per_100_rounds.value == pytest.approx(0.01)
    assert p.bet_frequency.value == pytest.approx(0.01)



def test_a_batch_sums_what_each_player_bet_and_won_round_by_round(tmp_path):
    # The sums a batch hands to the summary, recounted round by round from the dealt
    # shoes: a player bet winning 1.02 (losing 1, a tie a push) valued on the cards left
    # by the report (P(win), P(lose), P(tie)): its EV is 1.02·P(win) - P(lose) and its
    # expected squared result 1.02²·P(win) + P(lose). (At 1.02 it often favours the
    # player on one deck, so the perfect player bets.)
    path = tmp_path / "player.py"
    path.write_text(PAYTABLE.replace("player.wins, 1)", "player.wins, 1.02)"))
    bet = Bet("Player", [Event("Player wins", player.wins, "1.02"), Event("Tie", tie, "push")])
    count = Count("aces less kings", {"A": 1, "K": -1}, trigger=1)
    spec = prepare(path, deal=DealRules(1, 10), seed=4, counts=[count], eor_count=False)
    assert [(p.count, p.cutoff) for p in spec.players] == [(None, None), (0, None)]
    shoes = 8
    arrays = deal_batch(spec, 0, shoes)
    rounds, start, _, true_count, net, cards = game(spec).deal_shoes(spec.seed, 0, shoes,
                                                                     keep_cards=True)
    m = start.shape[1]
    per_shoe = np.zeros((shoes, 2, 5))
    squares = np.zeros((2, 3))
    ev_sum, favourable, reached = np.zeros(m), np.zeros(m), np.zeros(m)
    for s in range(shoes):
        unseen = unseen_by_round(cards[s], start[s], int(rounds[s]))
        for r in range(int(rounds[s])):
            shoe = Shoe.from_suits(unseen[r].reshape(13, 4).tolist())
            (result,) = report(bet, shoe, full_shoe=Shoe.decks(1))
            win, _, lose = (float(e.probability) for e in result.events)
            ev = 1.02 * win - lose
            ev_sum[r] += ev
            favourable[r] += ev > 0
            reached[r] += 1
            for j, bets in enumerate((ev > 0, true_count[s, r, 0] >= 1)):
                if bets:
                    per_shoe[s, j] += (net[s, r, 0], ev, 1, 0, 1)
                    squares[j] += (net[s, r, 0] ** 2, 1.02 ** 2 * win + lose, 1)
        per_shoe[s, :, 3] = rounds[s]
    assert per_shoe[:, 0, 2].sum() > 0 and per_shoe[:, 1, 2].sum() > 0  # both bet
    assert arrays["shoes"].tolist() == [shoes]
    assert np.allclose(arrays["sums"], per_shoe.sum(axis=0), rtol=1e-12, atol=1e-12)
    assert np.allclose(arrays["cross"], np.einsum("spi,spj->pij", per_shoe, per_shoe),
                       rtol=1e-12, atol=1e-12)
    assert np.allclose(arrays["squares"], squares, rtol=1e-12, atol=1e-12)
    assert arrays["shoes_betting"].tolist() == (per_shoe[:, :, 2] > 0).sum(axis=0).tolist()
    assert arrays["shoes_nonzero"].tolist() == (per_shoe[:, :, 1] != 0).sum(axis=0).tolist()
    assert arrays["shoes_won"].tolist() == (per_shoe[:, :, 1] > 0).sum(axis=0).tolist()
    assert arrays["shoes_lost"].tolist() == (per_shoe[:, :, 1] < 0).sum(axis=0).tolist()
    assert arrays["reached"].tolist() == reached.tolist()
    assert np.allclose(arrays["ev_sum"][0], ev_sum, rtol=1e-12, atol=1e-12)
    assert arrays["favourable"][0].tolist() == favourable.tolist()
    assert arrays["rounds_histogram"].tolist() == np.bincount(rounds, minlength=m + 1).tolist()
    assert np.allclose(arrays["gains"], per_shoe[:, :, 1], rtol=1e-12, atol=1e-12)


# -- a linear count by hand -------------------------------------------------------------------
def _effects(shoe: Shoe, ev: Fraction) -> RemovalEffects:
    """Made-up effects of removal (per card removed): A +0.004, 2 +0.002, 3 and 4 -0.003,
    the other ranks 0. They sum to 0 over any whole number of decks (4·(4+2-3-3) = 0)."""
    by_rank = {r: Fraction(0) for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split()}
    by_rank.update({"A": Fraction(4, 1000), "2": Fraction(2, 1000), "3": Fraction(-3, 1000),
                    "4": Fraction(-3, 1000)})
    return RemovalEffects(Bet("Made up", [Event("Player wins", player.wins, 1)]), shoe, ev,
                          by_rank, None)


def test_a_linear_count_its_correlation_slope_and_break_even_by_hand():
    # 8 decks (32 cards a rank), the bet's EV -0.006 on the full shoe.
    # Level 1: A and 2 tag +1, 3 and 4 tag -1 (balanced: 32·(1+1-1-1) = 0).
    # Betting correlation: the means of tags and effects over the cards are 0, so
    # cov = 32·(0.004 + 0.002 + 0.003 + 0.003) = 32·0.012, var(tags) = 32·4,
    # var(effects) = 32·(16 + 4 + 9 + 9)e-6 = 32·38e-6:
    # BC = 0.012 / sqrt(4 · 38e-6) = 0.012 / 0.0123288 = 6/sqrt(38) = 0.973329.
    # Slope: regression of the effects on the tags, β = Σ n·t·e / Σ n·t² = 32·0.012 /
    # (32·4) = 0.003 per unit of running count; per true count (running count per 52
    # cards) on 416 cards: 0.003 · 416/52 = 0.024. Break-even: -0.006 + 0.024·TC = 0 at
    # TC = 0.25.
    fx = _effects(Shoe.decks(8), Fraction(-6, 1000))
    count = linear_count(fx, 1)
    assert {r: t for r, t in count.tags.items() if t} == {"A": 1, "2": 1, "3": -1, "4": -1}
    assert count.imbalance == 0
    assert count.betting_correlation == pytest.approx(6 / math.sqrt(38), rel=1e-12)
    assert count.slope_per_true_count == pytest.approx(0.024, rel=1e-12)
    assert count.positive_at_true_count == pytest.approx(0.25, rel=1e-12)
    # one deck: the same tags and correlation, slope 0.003 · 52/52, break-even at 2
    one = linear_count(_effects(Shoe.decks(1), Fraction(-6, 1000)), 1)
    assert one.slope_per_true_count == pytest.approx(0.003, rel=1e-12)
    assert one.positive_at_true_count == pytest.approx(2.0, rel=1e-12)


def test_betting_correlation_of_a_given_count_by_hand():
    # Tags A +1, 3 -1 (others 0) on the effects above, 8 decks: means 0, cov =
    # 32·(0.004 + 0.003), var(tags) = 32·2, var(effects) = 32·38e-6:
    # BC = 0.007 / sqrt(2 · 38e-6) = 0.007 / 0.0087178 = 0.802955
    fx = _effects(Shoe.decks(8), Fraction(-6, 1000))
    tags = [1, 0, -1] + [0] * 10
    assert betting_correlation(fx, tags) == pytest.approx(0.007 / math.sqrt(76e-6), rel=1e-12)
    # an unbalanced count, A alone +1: mean tag 32/416 = 1/13, mean effect 0,
    # cov = 32·0.004, var(tags) = 32·(1 - 1/13) = 32·12/13, var(effects) = 32·38e-6
    lone = [1] + [0] * 12
    assert betting_correlation(fx, lone) == pytest.approx(
        0.004 / math.sqrt(12 / 13 * 38e-6), rel=1e-12)
    # a correlation does not move when every effect moves by the same amount (made-up
    # effects that no longer sum to 0 over the shoe: their mean is no longer 0)
    shifted = RemovalEffects(fx.bet, fx.shoe, fx.ev,
                             {r: e + Fraction(1, 100) for r, e in fx.by_rank.items()}, None)
    assert betting_correlation(shifted, tags) == pytest.approx(0.007 / math.sqrt(76e-6),
                                                               rel=1e-12)
    assert betting_correlation(shifted, lone) == pytest.approx(
        0.004 / math.sqrt(12 / 13 * 38e-6), rel=1e-12)


# -- the deck table's SD ----------------------------------------------------------------------
PLAYER_BET = Bet("Player", [Event("Player wins", player.wins, 1), Event("Tie", tie, "push")])


def _player_variance_8() -> Fraction:
    # the player bet wins 1 (pp), loses 1 (pb), pushes (pt): EV = pp - pb,
    # E[X²] = pp + pb, variance = pp + pb - (pp - pb)² = 0.904691, SD 0.951153
    return PP + PB - (PP - PB) ** 2


def test_the_deck_tables_json_sd_is_the_square_root_of_the_bets_variance():
    assert float(_player_variance_8()) == pytest.approx(0.904691, abs=1e-6)
    doc = json.loads(decks_output(compare_decks(PLAYER_BET, "8"), "json"))
    (row,) = doc["bets"][0]["by_shoe"]
    assert row["edge"] == pytest.approx(float(PB - PP), rel=1e-12)
    assert row["variance"] == pytest.approx(float(_player_variance_8()), rel=1e-12)
    assert row["sd"] == pytest.approx(math.sqrt(_player_variance_8()), rel=1e-12)
    assert row["sd"] == pytest.approx(0.951153, abs=1e-6)


def test_the_deck_tables_csv_and_cli_json_sd(tmp_path):
    path = tmp_path / "player.py"
    path.write_text(PAYTABLE)
    rows = list(csv.reader(io.StringIO(decks_output(compare_decks(path, "8,inf"), "csv"))))
    sd = next(r for r in rows if r[2] == "sd")
    assert float(sd[3]) == pytest.approx(math.sqrt(_player_variance_8()), rel=1e-12)
    result = CliRunner().invoke(main, [str(path), "--decks", "8,inf", "--fmt", "json"])
    assert result.exit_code == 0, result.output
    by_shoe = json.loads(result.stdout)["bets"][0]["by_shoe"]
    assert by_shoe[0]["sd"] == pytest.approx(math.sqrt(_player_variance_8()), rel=1e-12)
    for row in by_shoe:  # on the infinite deck too
        assert row["sd"] ** 2 == pytest.approx(row["variance"], rel=1e-12)
        assert 0.95 < row["sd"] < 0.952


# -- an EV of 1e-12 keeps its sign ------------------------------------------------------------
def _player_bet_with_ev(ev: Fraction) -> Bet:
    """The player bet paying a on a win, a tie a push, on 8 decks: EV = pp·a - pb, so
    a = (pb + ev)/pp gives exactly ``ev``."""
    return Bet(f"Player, EV {ev}", [Event("Player wins", player.wins, (PB + ev) / PP),
                                    Event("Tie", tie, "push")])


TINY = [Fraction(1, 10 ** 12), Fraction(-1, 10 ** 12), Fraction(3, 10 ** 20),
        Fraction(-3, 10 ** 20), Fraction(0)]


def test_an_ev_of_1e_12_keeps_its_sign_and_value():
    bets = [_player_bet_with_ev(ev) for ev in TINY]
    evaluator = Evaluator.of(bets)
    table = outcome_table(Shoe.decks(8))
    assert evaluator.evs(table) == TINY  # exact
    floats = evaluator.float_evs(table)
    # 1e-12 is well within float precision of a sum of terms near 0.45 (errors ~1e-16);
    # 3e-20 is not, and only the exact settling gives it (and exactly 0) back
    assert abs(TINY[0]) < SIGN_CHECK
    for got, want in zip(floats.tolist(), TINY):
        assert got == pytest.approx(float(want), rel=1e-9, abs=0), (got, want)
        assert np.sign(got) == np.sign(float(want))


def test_the_depth_values_of_a_tiny_ev_keep_its_sign():
    # depth values each round through RoundValues: the full 8-deck shoe, 8 cards a kind
    values = RoundValues([_player_bet_with_ev(ev) for ev in TINY], cards=416)
    evs = values.evs(np.full(52, 8, dtype=np.int64))
    assert evs.tolist() == pytest.approx([float(x) for x in TINY], rel=1e-9, abs=0)
    assert [np.sign(x) for x in evs] == [1, -1, 1, -1, 0]


# -- a tableau read by its header -------------------------------------------------------------
# The standard tableau written with its columns in another order: the player's totals
# from 7 down to 0, the banker's columns stood first, then 9 down to 0. Each mark was
# moved with its column by hand, from the seed 004 table (tests/game/test_rules.py): banker 3 stands
# only on an 8, banker 4 draws on 2-7, banker 5 on 4-7, banker 6 on 6-7 and when the
# player stood.
PERMUTED = """
player   7 6 5 4 3 2 1 0
         S S D D D D D D

          stood  9 8 7 6 5 4 3 2 1 0
banker 0  D      D D D D D D D D D D
banker 1  D      D D D D D D D D D D
banker 2  D      D D D D D D D D D D
banker 3  D      D S D D D D D D D D
banker 4  D      S S D D D D D D S S
banker 5  D      S S D D D D S S S S
banker 6  S      S S D D S S S S S S
banker 7  S      S S S S S S S S S S
"""


def test_a_tableau_with_its_columns_in_another_order_is_the_same_tableau():
    assert Tableau.parse(PERMUTED) == STANDARD


def test_a_permuted_header_over_marks_left_in_place_is_another_tableau():
    # Swap the headings of columns 3 and 8 only: banker 3's marks D (under "3") and
    # S (under "8") now read as standing on a 3 and drawing on an 8.
    header = "          0 1 2 3 4 5 6 7 8 9  stood"
    assert header in STANDARD_TEXT
    swapped = Tableau.parse(STANDARD_TEXT.replace(header, "          0 1 2 8 4 5 6 7 3 9  stood"))
    assert swapped != STANDARD
    assert not swapped.banker_draws(3, 3) and swapped.banker_draws(3, 8)
    # banker 4 row "S S D D D D D D S S": under the new headings, 3 gets the mark of the
    # old column 8 (S) and 8 that of column 3 (D)
    assert not swapped.banker_draws(4, 3) and swapped.banker_draws(4, 8)
    # the player's totals read in another order: "6 7" over "D D S S…" are swapped too
    player_line = "player   0 1 2 3 4 5 6 7\n         D D D D D D S S"
    assert player_line in STANDARD_TEXT
    other = Tableau.parse(STANDARD_TEXT.replace(
        player_line, "player   0 1 2 3 4 6 5 7\n         D D D D D D S S"))
    assert other.player_draws(6) and not other.player_draws(5)
    assert other != STANDARD


# -- the commission rounded UP to a quarter chip -------------------------------------------
# Each stake's commission (5% of the win) is rounded up to a quarter of the chip; a win
# pays stake - commission, a tie returns the stake, a loss loses it. The edge per unit
# staked is pp - pb·(stake - commission)/stake. Worked out with the 8-deck counts:
#   stake 11, chip 1: 5% = 0.55 → 0.75 (to the nearest quarter: 0.50); 10.25/11:
#     pp - pb·41/44 = 0.018917 (nearest would give 0.008495)
#   stake 7, chip 1: 0.35 → 0.50 (nearest 0.25); 6.5/7: pp - pb·13/14 = 0.020406
#     (nearest 0.004028)
#   stake 110, chip 5: a quarter chip is 1.25; 5.50 → 6.25 (nearest 5.00): 103.75/110:
#     pp - pb·83/88 = 0.013706 (nearest 0.008495)
#   stake 20, chip 1: 1.00 exactly, no rounding: pp - pb·0.95 = 0.010579, the nominal edge
COMMISSIONS = [
    # stake, chip, commission rounded up, edge as a decimal
    (11, 1, Fraction(3, 4), 0.018917),
    (7, 1, Fraction(1, 2), 0.020406),
    (110, 5, Fraction(25, 4), 0.013706),
    (20, 1, Fraction(1), 0.010579),
]


@pytest.mark.parametrize("stake, chip, commission, edge", COMMISSIONS)
def test_the_commission_is_rounded_up_not_to_the_nearest_quarter_chip(stake, chip, commission,
                                                                       edge):
    c = banker_commission_edge(stake, chip)
    assert c.commission == commission
    assert c.net_win == stake - commission
    assert c.edge == PP - PB * (stake - commission) / stake
    assert float(c.edge) == pytest.approx(edge, abs=1e-6)
    assert c.nominal_edge == PP - PB * Fraction(19, 20)


def test_commission_edges_of_several_stakes_at_once():
    edges = banker_commission_edges([11, 7, 20], 1)
    assert [e.commission for e in edges] == [Fraction(3, 4), Fraction(1, 2), Fraction(1)]
    assert [float(e.edge) for e in edges] == pytest.approx([0.018917, 0.020406, 0.010579],
                                                           abs=1e-6)
