"""Shoe-depth analysis: the dealer, exact values per round, Dask, resuming."""

import json
import shutil

import numpy as np
import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from bacc_edge import Shoe, report
from bacc_edge.cli import main
from bacc_edge.depth import (DealRules, RoundValues, Tally, burn_count, coup_length,
                             play_shoe, run_batch, shoe_rng)
from bacc_edge.depth_run import prepare, run_depth, summarize
from bacc_edge.loader import load_paytable
from conftest import ROOT
from reference import banker_draws_prose, card_points

LIVE = ROOT / "paytables" / "live_dealer.py"


@given(st.lists(st.integers(0, 51), min_size=6, max_size=6))
def test_coup_length_follows_the_prose_rules(cards):
    p = [card_points(c // 4) for c in cards]
    pt, bt = (p[0] + p[2]) % 10, (p[1] + p[3]) % 10
    if pt >= 8 or bt >= 8:
        expected = 4
    elif pt <= 5:
        expected = 6 if banker_draws_prose(bt, p[4]) else 5
    else:
        expected = 5 if banker_draws_prose(bt, None) else 4
    assert coup_length(np.array(cards), 0) == expected


def test_burn_by_the_first_cards_value():
    assert [burn_count(r * 4) for r in range(13)] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]


@settings(max_examples=15, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=0, max_size=150))
def test_round_values_are_the_exact_edges_of_the_cards_left(dealt):
    bets = list(load_paytable(LIVE).bets)
    values = RoundValues(bets)
    unseen = np.full(52, 8, dtype=np.int64)
    for c in dealt:
        unseen[c] -= 1
    shoe = Shoe.from_suits(unseen.reshape(13, 4).tolist())
    exact = [float(r.ev) for r in report(bets, shoe)]
    assert np.allclose(values.evs(unseen), exact, rtol=1e-12, atol=1e-15)


def test_a_shoe_is_dealt_to_the_cut_card_and_no_further():
    bets = list(load_paytable(LIVE).select(["Player", "Lucky Six"]).bets)
    values, tags = RoundValues(bets), np.zeros((2, 13), dtype=np.int64)
    deal = DealRules(decks=8, cut=14)
    evs, tcs = play_shoe(shoe_rng(7, 3), deal, values, tags)
    again, _ = play_shoe(shoe_rng(7, 3), deal, values, tags)
    assert np.array_equal(evs, again)  # seeded: the same shoe again
    # replay the deal by hand: the last coup is the one that passes the cut card
    cards = shoe_rng(7, 3).permutation(np.repeat(np.arange(52), 8))
    pos, rounds = 1 + burn_count(int(cards[0])), 0
    while True:
        rounds += 1
        pos += coup_length(cards, pos)
        if pos > len(cards) - 14:
            break
    assert len(evs) == rounds
    assert 70 <= rounds <= 90
    assert evs.shape == tcs.shape == (rounds, 2)


def test_the_players_gains_are_the_sums_of_the_favourable_values():
    spec = prepare(LIVE, ["Lucky Six", "Player Bonus"], deal=DealRules(2, 10), seed=3,
                   cutoff=12)
    tally = Tally.from_arrays(run_batch(spec, 0, 5))
    values = spec.round_values()
    tags = np.array(spec.tags).reshape(2, 13)
    for shoe in range(5):
        evs, tcs = play_shoe(shoe_rng(3, shoe), spec.deal, values, tags)
        perfect = np.where(evs > 0, evs, 0).sum(0)
        assert np.allclose(tally.gains[shoe, :, 0], perfect)
        assert np.allclose(tally.gains[shoe, :, 1], np.where(evs > 0, evs, 0)[:12].sum(0))
        counted = np.array([np.where(tcs[:, b] >= spec.thresholds[b], evs[:, b], 0).sum()
                            for b in range(2)])
        assert np.allclose(tally.gains[shoe, :, 2], counted)


@pytest.fixture(scope="module")
def small_run():
    return prepare(LIVE, ["Player Bonus", "Perfect Pair"], deal=DealRules(2, 10), seed=5)


def test_a_local_dask_cluster_gives_the_serial_answer_and_resumes(small_run, tmp_path):
    state = tmp_path / "state"
    seen = []
    tally = run_depth(small_run, 6, batch=2, state=state, workers=2,
                      on_batch=lambda done, total: seen.append(done))
    serial = Tally.from_arrays(run_batch(small_run, 0, 6))
    assert seen[0] == 0 and seen[-1] == 6
    assert np.allclose(np.sort(tally.gains, axis=0), np.sort(serial.gains, axis=0))
    assert np.array_equal(tally.rounds, serial.rounds)
    # an interrupted run: one batch lost; the rerun deals only that one again
    files = sorted(state.glob("batch-*.npz"))
    assert len(files) == 3
    files[1].unlink()
    kept = {f: f.stat().st_mtime_ns for f in (files[0], files[2])}
    again = run_depth(small_run, 6, batch=2, state=state, workers=1)
    assert all(f.stat().st_mtime_ns == t for f, t in kept.items())
    assert np.array_equal(again.rounds, tally.rounds) and len(again.gains) == 6
    # more shoes later reuse the three batches already dealt
    more = run_depth(small_run, 8, batch=2, state=state, workers=1)
    assert len(more.gains) == 8 and np.array_equal(more.gains[:6], again.gains)
    shutil.rmtree(state)


def test_summary_reports_each_player_with_an_interval(small_run):
    tally = Tally.from_arrays(run_batch(small_run, 0, 4))
    (perfect, bonus) = summarize(small_run, tally)  # in the paytable's order
    assert bonus.cutoff == 40 and perfect.cutoff == 50
    for bet in (bonus, perfect):
        p = bet.players.perfect
        assert p.per_shoe >= bet.players.perfect_cutoff.per_shoe >= 0
        assert p.half_width >= 0
        assert sum(r.shoes for r in bet.by_round) == tally.rounds_dealt.sum()
    assert perfect.count.bets_from_true_count is None  # pairs: no first-order count
    assert bonus.count.bets_from_true_count is not None


def test_depth_command_json(tmp_path):
    result = CliRunner().invoke(main, [
        "depth", str(LIVE), "--bet", "Lucky Six", "--shoes", "3", "--batch", "3",
        "--decks", "2", "--cut", "10", "--workers", "1", "--state", str(tmp_path / "s"),
        "--fmt", "json", "--quiet"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    (bet,) = doc["bets"]
    assert doc["shoes"] == 3 and bet["name"] == "Lucky Six" and bet["cutoff"] == 50
    assert set(bet["players"]) == {"perfect", "perfect_cutoff", "count", "count_cutoff"}
    assert bet["players"]["perfect"]["per_shoe"] >= 0
    assert set(bet["count"]) == {"tags", "bets_from_true_count"}
    assert doc["tableau"]["name"] == "standard punto banco"
    assert bet["by_round"][0]["round"] == 1


def test_depth_command_rejects_a_bad_deal():
    result = CliRunner().invoke(main, ["depth", str(LIVE), "--decks", "1", "--cut", "50"])
    assert result.exit_code == 1 and "does not fit" in result.output
