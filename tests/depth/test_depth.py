"""Shoe depth and count studies: the dealer, the counts, exact values per round, Dask,
a state that survives any crash and never mixes runs, and the command's bad input."""

import csv
import errno
import io
import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

import bacc_edge
from bacc_edge import Count, Shoe, outcome_table, report
from bacc_edge.engine import deal_kernels as K
from bacc_edge.cli import main
from bacc_edge.game.coup import BANKER_ONLY, NO_THIRDS, coup_plan
from bacc_edge.game.dealing import after_coup
from bacc_edge.game.tableau import STANDARD
from bacc_edge.depth.shoes import (DealRules, EndRule, RoundValues, burn_count, deal_batch, game,
                             unseen_by_round)
from bacc_edge.depth import run as depth_run
from bacc_edge.depth.cluster import reach_scheduler
from bacc_edge.depth.options import prepare
from bacc_edge.depth.run import definition, run_depth
from bacc_edge.depth.summary import DepthTally, summarize
from bacc_edge.depth.state import BadBatch, RunFolder
from bacc_edge.errors import BaccEdgeError, OptionError
from bacc_edge.analysis.evaluator import Evaluator
from bacc_edge.analysis.intervals import ratio_interval
from bacc_edge.language.loader import load_paytable
from conftest import ROOT
from dealt_here import deal_batches_here
from reference import banker_draws_prose, card_points, coup_length

LIVE = ROOT / "paytables" / "live_dealer.py"
BACC_EDGE = [sys.executable, "-m", "bacc_edge"]
LUCKY = Count("lucky", {"6": -3, "7": 1, "8": 1, "9": 1}, trigger=3)


@given(st.lists(st.integers(0, 51), min_size=6, max_size=6))
def test_the_coup_plan_deals_by_the_prose_rules(cards):
    # the one coup plan every kernel reads, against the rules of seed 001 in prose
    p = [card_points(c // 4) for c in cards]
    pt, bt = (p[0] + p[2]) % 10, (p[1] + p[3]) % 10
    if pt >= 8 or bt >= 8:
        expected = 4
    elif pt <= 5:
        expected = 6 if banker_draws_prose(bt, p[4]) else 5
    else:
        expected = 5 if banker_draws_prose(bt, None) else 4
    assert coup_length(np.array(cards), 0) == expected
    plan = coup_plan(STANDARD)
    assert plan.total[p[0], p[2]] == pt and plan.total[p[1], p[3]] == bt
    kind = plan.thirds[pt * 10 + bt]
    dealt = 4 if kind == NO_THIRDS else 5 if kind == BANKER_ONLY else \
        5 + plan.banker_draws[bt, p[4] + 1]
    assert dealt == expected


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


PAIR_ONLY = {"Player Pair", "Banker Pair", "Any Pair", "Perfect Pair"}


@pytest.mark.parametrize("cards", [416, 2000])  # int64 counts; Python integers
@pytest.mark.parametrize("which", ["all", "pairs only", "no pairs"])
def test_many_shoes_valued_at_once_are_their_exact_values(cards, which):
    bets = [b for b in load_paytable(LIVE).bets
            if which == "all" or (b.name in PAIR_ONLY) == (which == "pairs only")]
    values = RoundValues(bets, cards=cards)
    full = Evaluator.of(bets, suits=True)  # every bet on the whole coup, suits counted
    rng = np.random.default_rng(7)
    unseen = np.full((4, 52), 8, dtype=np.int64) - rng.integers(0, 6, size=(4, 52))
    evs, squares = values.moments_each(unseen)
    for row, ev, square in zip(unseen, evs, squares):
        table = outcome_table(Shoe.from_suits(row.reshape(13, 4).tolist()), suits=True)
        exact = full.evs(table)
        totals = full.class_totals(table)
        exact_squares = [sum(Fraction(int(t)) * n * n for t, n in zip(totals, nets))
                         / table.total for nets in full.nets]
        assert np.allclose(ev, [float(x) for x in exact], rtol=1e-12, atol=1e-15)
        assert np.allclose(square, [float(x) for x in exact_squares], rtol=1e-12)


def test_an_edge_seen_in_one_shoe_only_has_no_narrow_interval():
    # one shoe of 40 bet once and won 0.0159: its spread is unknown, not zero
    one = ratio_interval(n=40, sum_y=0.0159, sum_x=1.0, q_yy=0.0159 ** 2, q_xy=0.0159,
                         q_xx=1.0, bounds=(0.0, 8.0), shoes_with_x=1)
    assert (one.low, one.high) == (0.0, 8.0)
    # two shoes that bet are enough for the delta method
    two = ratio_interval(n=40, sum_y=0.05, sum_x=2.0, q_yy=0.01 ** 2 + 0.04 ** 2,
                         q_xy=0.05, q_xx=2.0, bounds=(0.0, 8.0), shoes_with_x=2)
    assert 0.0 < two.low < two.value < two.high < 8.0


def test_the_shuffle_kernel_is_its_plain_python_twin():
    ordered = np.repeat(np.arange(52), 2)
    out, state = np.empty_like(ordered), np.zeros(1, dtype=np.uint64)
    for seed, shoe in ((0, 0), (1, 7), (2 ** 63 - 1, 123456789)):
        K.shuffle(seed, shoe, ordered, out, state)
        assert out.tolist() == K.shuffle_plain(seed, shoe, ordered.tolist())
        assert sorted(out.tolist()) == ordered.tolist()


def test_shuffles_are_uniform_enough():
    # each card is equally likely at the top: chi-square over 2,600 one-deck shoes
    ordered = np.arange(52)
    out, state = np.empty_like(ordered), np.zeros(1, dtype=np.uint64)
    tops = np.zeros(52)
    for shoe in range(2600):
        K.shuffle(5, shoe, ordered, out, state)
        tops[out[0]] += 1
    chi2 = ((tops - 50) ** 2 / 50).sum()
    assert chi2 < 90  # 51 degrees of freedom: p < 0.001 beyond 87.97


def spec_of(bets=("Player", "Lucky Six"), *, counts=(LUCKY,), deal=DealRules(2, 10), seed=3,
            **kw):
    return prepare(LIVE, list(bets), deal=deal, seed=seed, counts=counts, **kw)


def replay(cards, deal: DealRules, tableau):
    """The shoe dealt by hand: the start of every coup, by the end rule."""
    pos, starts = 1 + burn_count(int(cards[0])), []
    cut_at = len(cards) - deal.cut
    one_more = False
    while len(cards) - pos >= 6:
        starts.append(pos)
        before, pos = pos, pos + coup_length(cards, pos, tableau)
        if one_more:
            break
        if deal.end is EndRule.AT_CUT and pos > cut_at:
            break
        if deal.end is EndRule.ONE_MORE:
            if before == cut_at:
                break
            if pos > cut_at:
                one_more = True
    return starts


@pytest.mark.parametrize("end", list(EndRule))
@pytest.mark.parametrize("cut", [0, 6, 14, 30])
def test_the_kernel_deals_as_the_rules_say(end, cut):
    spec = spec_of(deal=DealRules(2, cut, end))
    g = game(spec)
    rounds, start, running, tc, net, cards = g.deal_shoes(spec.seed, 0, 40, keep_cards=True)
    for s in range(40):
        assert cards[s].tolist() == K.shuffle_plain(spec.seed, s, g.dealing.ordered.tolist())
        starts = replay(cards[s], spec.deal, spec.tableau)
        assert start[s, :rounds[s]].tolist() == starts


# The end rule worked by hand, the cut card before place 100: (rule, coup from place
# `before` to `after`, it was to be the last) → (the shoe is over, the next coup is the last).
END_RULE_CASES = [
    (EndRule.AT_CUT, 94, 100, False, (False, False)),  # the cut card not reached
    (EndRule.AT_CUT, 95, 101, False, (True, False)),   # it came out in this coup
    (EndRule.AT_CUT, 100, 104, False, (True, False)),  # it came out before the coup
    (EndRule.ONE_MORE, 94, 100, False, (False, False)),
    (EndRule.ONE_MORE, 95, 101, False, (False, True)),  # one more coup follows
    (EndRule.ONE_MORE, 101, 106, True, (True, False)),  # that one was the last
    (EndRule.ONE_MORE, 100, 104, False, (True, False)),  # out before the coup's first card
]


@pytest.mark.parametrize("end, before, after, last, expected", END_RULE_CASES)
def test_the_end_of_shoe_rule_worked_by_hand(end, before, after, last, expected):
    rules = DealRules(4, 108, end)  # 208 cards: plenty left for another coup
    assert rules.cut_at == 100
    assert after_coup(rules.end_code, rules.cut_at, before, after, last) == expected
    assert rules.shoe_over([(before, after)] if not last else
                           [(before - 6, before), (before, after)]) == expected[0]


def test_one_more_coup_deals_more_rounds_than_at_cut():
    at_cut = game(spec_of(deal=DealRules(8, 14))).deal_shoes(1, 0, 300)[0]
    one_more = game(spec_of(deal=DealRules(8, 14, EndRule.ONE_MORE))).deal_shoes(1, 0, 300)[0]
    extra = one_more - at_cut
    assert set(extra.tolist()) <= {0, 1} and 0.6 < extra.mean() < 1


def test_no_shoe_deals_more_rounds_than_831_nor_more_than_the_kernels_arrays_hold():
    # 64 decks, 3,328 cards: the shown card and one burned (an ace) at least, then coups
    # of four cards at least, each begun only while six cards are left: from place 2 to
    # place 3,322, (3,322 - 2) / 4 + 1 = 831 coups, whatever the cut card and end rule
    assert max(DealRules(64, cut, end).most_rounds
               for cut in range(0, 60) for end in EndRule) == 831
    for decks in (1, 2, 8, 64):
        for cut in (0, 6, 14):
            for end in EndRule:
                rules = DealRules(decks, cut, end)
                assert rules.most_rounds <= rules.rounds_bound


def test_the_kernel_settles_each_coup_as_the_evaluator_does():
    spec = spec_of(bets=("Player", "Banker (Baccarat mode)", "Lucky Six", "Perfect Pair",
                          "Player Pair", "Super Lucky Seven"))
    g = game(spec)
    f = g.values.evaluator.layout.features()
    rounds, start, _, _, net, cards = g.deal_shoes(spec.seed, 0, 30, keep_cards=True)
    for s in range(30):
        for r in range(rounds[s]):
            c = cards[s, start[s, r]:start[s, r] + 6]
            n = coup_length(c, 0)
            p = [card_points(x // 4) for x in c]
            third_p = p[4] if n >= 5 and spec.tableau.player_draws((p[0] + p[2]) % 10) \
                and not max((p[0] + p[2]) % 10, (p[1] + p[3]) % 10) >= 8 else -1
            third_b = -1
            if n == 6:
                third_b = p[5]
            elif n == 5 and third_p == -1:
                third_b = p[4]

            def state(a, b):
                return 0 if a // 4 != b // 4 else (2 if a == b else 1)
            cell = np.flatnonzero(
                (f["player_two_card_total"] == (p[0] + p[2]) % 10)
                & (f["banker_two_card_total"] == (p[1] + p[3]) % 10)
                & (f["player_third"] == third_p) & (f["banker_third"] == third_b)
                & (f["player_pair"] + f["player_suited_pair"] == state(c[0], c[2]))
                & (f["banker_pair"] + f["banker_suited_pair"] == state(c[1], c[3])))
            assert len(cell) == 1
            cls = g.values.evaluator.cell_class[cell[0]]
            assert net[s, r].tolist() == g.values.evaluator.float_nets[:, cls].tolist()


@pytest.mark.parametrize("divisor,rounding,exposed", [
    ("shoe", "exact", True), ("unseen", "exact", False), ("shoe", "half", True),
    ("unseen", "whole", True), ("shoe", "half-down", True), ("unseen", "half-up", True),
    ("shoe", "whole-down", False), ("unseen", "whole-up", True)])
def test_counts_run_and_divide_as_the_count_says(divisor, rounding, exposed):
    count = Count("c", "A=+1,2=-2,10/K=+3", trigger=2, initial=-5, divisor=divisor,
                  rounding=rounding, exposed_card=exposed)
    spec = spec_of(counts=(count,), eor_count=False)
    rounds, start, running, tc, _, cards = game(spec).deal_shoes(2, 0, 5, keep_cards=True)
    tags = np.array(count.tags)
    for s in range(5):
        c = cards[s]
        burned = burn_count(int(c[0]))
        for r in range(rounds[s]):
            rc = -5 + (tags[c[0] // 4] if exposed else 0) + tags[c[1 + burned:start[s, r]] // 4].sum()
            assert running[s, r, 0] == rc
            left = len(c) - start[s, r] + (burned if divisor == "unseen" else 0)
            decks = {"exact": left / 52, "half": max(0.5, np.floor(left / 26 + 0.5) / 2),
                     "whole": max(1.0, np.floor(left / 52 + 0.5)),
                     "half-down": max(0.5, np.floor(left / 26) / 2),
                     "half-up": max(0.5, np.ceil(left / 26) / 2),
                     "whole-down": max(1.0, np.floor(left / 52)),
                     "whole-up": max(1.0, np.ceil(left / 52))}[rounding]
            assert tc[s, r, 0] == pytest.approx(rc / decks, rel=1e-12)


def test_players_win_the_sums_of_their_rounds():
    spec = spec_of(cutoff=12)
    arrays = deal_batch(spec, 0, 5)
    g = game(spec)
    rounds, start, running, tc, net, cards = g.deal_shoes(spec.seed, 0, 5, keep_cards=True)
    gains = arrays["gains"]
    for s in range(5):
        unseen = unseen_by_round(cards[s], start[s], int(rounds[s]))
        evs = np.array([g.values.evs(u) for u in unseen])
        for j, p in enumerate(spec.players):
            if p.count is None:
                bet = evs[:, p.bet] > 0
            else:
                bet = tc[s, :rounds[s], p.count] >= spec.counts[p.count].trigger
            if p.cutoff is not None:
                bet[p.cutoff:] = False
            assert gains[s, j] == pytest.approx(evs[bet, p.bet].sum(), abs=1e-12)
    # the unseen cards of a round are the shoe less the shown card and the coups dealt
    u = unseen_by_round(cards[0], start[0], int(rounds[0]))
    assert u[0].sum() == len(cards[0]) - 1 and (u[-1] >= 0).all()


def test_a_count_that_bets_exactly_gains_its_exact_values():
    exact = spec_of(count_only=True, exact_bets=True, eor_count=False)
    outcome = spec_of(count_only=True, exact_bets=False, eor_count=False)
    depth = spec_of(eor_count=False)
    a, b, c = deal_batch(exact, 0, 20), deal_batch(outcome, 0, 20), deal_batch(depth, 0, 20)
    # the same shoes, the same bets placed; the outcome run's won column is what coups paid
    assert np.array_equal(a["sums"][:, 2], b["sums"][:, 2])
    counted = [j for j, p in enumerate(depth.players) if p.count is not None]
    assert [depth.players[j] for j in counted] == list(exact.players)
    players = len(exact.players)  # (the groups of players follow them)
    assert np.allclose(a["sums"][:players, 1], c["sums"][counted, 1], rtol=1e-12)
    assert np.array_equal(a["sums"][:, 0], b["sums"][:, 0])


# -- intervals ---------------------------------------------------------------------------
def test_intervals_respect_the_bounds_and_say_who_won():
    spec = spec_of(bets=("Lucky Six",), deal=DealRules(8, 14))
    tally = DepthTally([deal_batch(spec, 0, 40)])
    summary = summarize(spec, tally)
    for p in summary.bets[0].players:
        if p.player == "perfect player":
            assert p.units_per_shoe.low >= 0 and p.units_per_100_rounds.low >= 0
            assert p.average_edge is None or p.average_edge.low >= 0
        assert 0 <= p.bet_frequency.low <= p.bet_frequency.value <= p.bet_frequency.high <= 1
        assert 0 <= p.shoes_with_a_gain <= p.shoes_betting <= 40
    closed = [p for p in summary.bets[0].players if p.player == "perfect player"
              and p.cutoff is not None][0]
    if closed.shoes_with_a_gain == 0:
        assert closed.units_per_shoe.low == closed.units_per_shoe.high == 0


# -- running on Dask, the state ----------------------------------------------------------
@pytest.fixture(scope="module")
def scheduler():
    from dask.distributed import LocalCluster

    with LocalCluster(n_workers=1, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address=":0", worker_dashboard_address=":0") as cluster:
        yield cluster.scheduler_address


def test_dask_gives_the_serial_answer_and_resumes_without_redealing(scheduler, tmp_path):
    spec = spec_of()
    seen = []
    tally = run_depth(spec, 6, batch=2, state=tmp_path, scheduler=scheduler,
                      on_batch=lambda done, total: seen.append(done))
    serial = DepthTally([deal_batch(spec, 0, 2), deal_batch(spec, 2, 2), deal_batch(spec, 4, 2)])
    assert seen[0] == 0 and seen[-1] == 6
    assert np.array_equal(tally.gains, serial.gains) and np.array_equal(tally.sums, serial.sums)
    (run,) = tmp_path.glob("run-*")
    files = sorted(run.glob("batch-*.npz"))
    assert len(files) == 3
    files[1].unlink()
    kept = {f: f.stat().st_mtime_ns for f in (files[0], files[2])}
    again = run_depth(spec, 6, batch=2, state=tmp_path, scheduler=scheduler)
    assert all(f.stat().st_mtime_ns == t for f, t in kept.items())
    assert np.array_equal(again.gains, tally.gains)
    more = run_depth(spec, 8, batch=2, state=tmp_path, scheduler=scheduler)
    assert np.array_equal(more.gains[:6], tally.gains) and len(more.gains) == 8


def test_run_depth_tells_on_progress_of_each_batch_as_the_other_long_calls_do(scheduler,
                                                                              tmp_path):
    spec = spec_of()
    calls = []
    run_depth(spec, 6, batch=2, state=tmp_path, scheduler=scheduler,
              on_progress=lambda done, total: calls.append((done, total)))
    assert calls == [(0, 6), (2, 6), (4, 6), (6, 6)]  # from 0, a batch of 2 at a time
    (run,) = tmp_path.glob("run-*")
    sorted(run.glob("batch-*.npz"))[1].unlink()
    calls.clear()
    run_depth(spec, 6, batch=2, state=tmp_path, scheduler=scheduler,
              on_progress=lambda done, total: calls.append((done, total)))
    assert calls == [(0, 6), (4, 6), (6, 6)]  # two batches kept, one dealt again


def test_shoe_i_is_shoe_i_whatever_the_batch_size(scheduler, tmp_path):
    spec = spec_of()
    by2 = run_depth(spec, 6, batch=2, state=tmp_path, scheduler=scheduler)
    by3 = run_depth(spec, 6, batch=3, state=tmp_path, scheduler=scheduler)
    assert len(list(tmp_path.glob("run-*"))) == 2  # two layouts, kept apart
    assert np.array_equal(by2.gains, by3.gains)
    assert np.allclose(by2.sums, by3.sums, rtol=1e-12)


@pytest.mark.parametrize("change", [
    {"seed": 4}, {"bets": ("Player", "Player Bonus")}, {"deal": DealRules(2, 12)},
    {"deal": DealRules(2, 10, EndRule.ONE_MORE)},
    {"counts": (Count("lucky", {"6": -3, "7": 1, "8": 1, "9": 1}, trigger=4),)},
    {"cutoff": 5}])
def test_a_changed_run_on_the_same_state_is_never_mixed(scheduler, tmp_path, change):
    run_depth(spec_of(), 4, batch=2, state=tmp_path, scheduler=scheduler)
    changed = spec_of(**change)
    assert definition(changed, 2) != definition(spec_of(), 2)
    shared = run_depth(changed, 4, batch=2, state=tmp_path, scheduler=scheduler)
    fresh = DepthTally([deal_batch(changed, 0, 2), deal_batch(changed, 2, 2)])
    assert np.array_equal(shared.gains, fresh.gains) and np.array_equal(shared.sums, fresh.sums)
    assert len(list(tmp_path.glob("run-*"))) == 2


def test_a_changed_paytable_file_is_another_run(scheduler, tmp_path):
    text = LIVE.read_text()
    a, b = tmp_path / "a" / "pt.py", tmp_path / "b" / "pt.py"
    a.parent.mkdir(), b.parent.mkdir()
    a.write_text(text)
    b.write_text(text + "\n# the same bets, another file: another run\n")
    sa, sb = (prepare(p, ["Lucky Six"], deal=DealRules(2, 10)) for p in (a, b))
    run_depth(sa, 2, batch=2, state=tmp_path / "s", scheduler=scheduler)
    run_depth(sb, 2, batch=2, state=tmp_path / "s", scheduler=scheduler)
    assert len(list((tmp_path / "s").glob("run-*"))) == 2


@pytest.mark.parametrize("damage", ["truncate", "flip", "empty", "header"])
def test_a_bad_batch_file_is_named_set_aside_and_dealt_again(scheduler, tmp_path, damage):
    spec = spec_of()
    clean = run_depth(spec, 6, batch=2, state=tmp_path, scheduler=scheduler)
    (run,) = tmp_path.glob("run-*")
    victim = sorted(run.glob("batch-*.npz"))[1]
    data = victim.read_bytes()
    if damage == "truncate":
        data = data[:len(data) // 2]
    elif damage == "flip":
        data = bytearray(data)
        data[-40] ^= 0x10
        data = bytes(data)
    elif damage == "empty":
        data = b""
    else:
        data = data.replace(b'"batch": 1', b'"batch": 2', 1)
    victim.write_bytes(data)
    warnings = []
    again = run_depth(spec, 6, batch=2, state=tmp_path, scheduler=scheduler,
                      on_warning=warnings.append)
    assert len(warnings) == 1 and str(victim) in warnings[0], warnings
    assert len(list((run / "bad").iterdir())) == 1
    assert np.array_equal(again.gains, clean.gains) and np.array_equal(again.sums, clean.sums)


def test_a_second_run_on_a_busy_folder_is_refused(scheduler, tmp_path):
    spec = spec_of()
    with RunFolder(tmp_path, definition(spec, 2)):
        with pytest.raises(OptionError, match="another bacc-edge depth run"):
            run_depth(spec, 2, batch=2, state=tmp_path, scheduler=scheduler)


def _batch_header(tamper):
    """A batch file's first line changed by ``tamper`` (its JSON text → new text)."""
    def plant(folder: RunFolder, users: Path):
        path = folder.batch_path(0, 2)
        line, _, payload = path.read_bytes().partition(b"\n")
        path.write_bytes(tamper(line.decode()).encode() + b"\n" + payload)
    return plant


def _linked(kind: str, name: str):
    """``name`` in the run folder made a symlink or hard link to the user's file."""
    def plant(folder: RunFolder, users: Path):
        (folder.path / name).unlink(missing_ok=True)
        if kind == "symlink":
            (folder.path / name).symlink_to(users)
        else:
            os.link(users, folder.path / name)
    return plant


def _definition(text: str):
    """The run's definition.json holding ``text``."""
    def plant(folder: RunFolder, users: Path):
        (folder.path / "definition.json").write_text(text)
    return plant


def _full_disk(folder: RunFolder, users: Path):
    """The definition to be written again on a disk full once the lock is written: the
    ``os`` that :mod:`bacc_edge.util.safe_write` sees."""
    class Full:
        writes = 0

        def __getattr__(self, name):
            return getattr(os, name)

        def write(self, fd, data):
            self.writes += 1
            if self.writes > 1:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            return os.write(fd, data)

    (folder.path / "definition.json").unlink()
    return Full()


#: (case, what is planted in a run folder that holds batch 0 (of 2 shoes), what is
#: refused and a fragment of its message: "read", the batch, set aside and dealt again;
#: "open", the folder; None: the run goes on)
STATE_CASES = [
    ("batch header naming a key twice", _batch_header(lambda h: '{"batch": 0, ' + h[1:]),
     "read", "no readable header: it names 'batch' twice: give each key once"),
    ("batch header nested 100,000 deep", _batch_header(
        lambda h: '{"format": ' + "[" * 100000 + "]" * 100000 + "}"), "read",
     "no readable header: it is not JSON bacc-edge reads: it is nested too deep"),
    ("batch header holding a 5,000-digit number", _batch_header(
        lambda h: h.replace('"batch": 0', '"batch": ' + "1" * 5000)), "read",
     "no readable header: it holds a number of 5,000 characters"),
    ("batch header holding NaN", _batch_header(
        lambda h: h.replace('"batch": 0', '"batch": NaN')), "read", "it holds NaN"),
    ("batch a symlink to the user's file", _linked("symlink", "batch-0000000.npz"), "read",
     "is a symbolic link (to '"),
    ("batch a hard link to the user's file", _linked("hard link", "batch-0000000.npz"), "read",
     "is a hard link, one of 2 names"),
    ("definition nested 100,000 deep", _definition("[" * 100000 + "]" * 100000), None, None),
    ("definition holding a 5,000-digit number", _definition('{"batch": ' + "7" * 5000 + "}"),
     None, None),
    ("definition a symlink to the user's file", _linked("symlink", "definition.json"), "open",
     "cannot write there (" ),
    ("lock a symlink to the user's file", _linked("symlink", "lock"), "open",
     "/lock': is a symbolic link (to '"),
    ("lock a hard link to the user's file", _linked("hard link", "lock"), "open",
     "/lock': is a hard link, one of 2 names"),
    ("definition on a full disk", _full_disk, "open",
     "definition.json: cannot be written (No space left on device))"),
]


@pytest.mark.parametrize("plant, refused, fragment", [c[1:] for c in STATE_CASES],
                         ids=[c[0] for c in STATE_CASES])
def test_a_state_folder_is_read_strictly_and_never_writes_a_users_file(
        tmp_path, monkeypatch, plant, refused, fragment):
    definition = {"a run": 1, "batch": 2}
    users = tmp_path / "mine.txt"
    users.write_text("the user's own text\n")
    with RunFolder(tmp_path / "state", definition) as folder:
        folder.write(0, 0, 2, {"gains": np.arange(2.0)})
    fake_os = plant(folder, users)
    if fake_os is not None:
        monkeypatch.setattr("bacc_edge.util.safe_write.os", fake_os)
    if refused == "open":
        planted = sorted(folder.path.iterdir())
        with pytest.raises(BaccEdgeError) as caught:
            folder.open()
        monkeypatch.undo()
        assert fragment in str(caught.value)
        assert sorted(folder.path.iterdir()) == planted   # no lock, no half a file, left
    else:
        with folder:
            if refused == "read":
                with pytest.raises(BadBatch) as caught:
                    folder.read(0, 0, 2)
                assert fragment in str(caught.value)
            else:  # read as no definition: written again, and the batch kept
                assert np.array_equal(folder.read(0, 0, 2)["gains"], np.arange(2.0))
        if refused is None:
            assert json.loads((folder.path / "definition.json").read_text()) == definition
    assert users.read_text() == "the user's own text\n"


def test_the_dashboard_port_taken_by_someone_else_changes_nothing(tmp_path):
    held = socket.socket()
    try:
        held.bind(("127.0.0.1", 8787))
        held.listen()
    except OSError:
        held.close()
        held = None  # someone else holds it already: the same test
    try:
        tally = run_depth(spec_of(), 2, batch=1, state=tmp_path, workers=1)
        assert tally.n == 2
    finally:
        if held is not None:
            held.close()


# -- the command: output a script can read ---------------------------------------------
def depth_args(state, *more):
    return ["depth", str(LIVE), "--bet", "Lucky Six", "--shoes", "4", "--batch", "2",
            "--decks", "2", "--cut", "10", "--state", str(state), "--quiet", *more]


def test_depth_command_json_and_csv(scheduler, tmp_path):
    run = CliRunner().invoke(main, depth_args(tmp_path, "--scheduler", scheduler, "--fmt",
                                              "json", "--count", "6=-3,7/8/9=+1",
                                              "--trigger", "2"), catch_exceptions=False)
    assert run.exit_code == 0, run.output
    doc = json.loads(run.stdout)
    (bet,) = doc["bets"]
    assert doc["shoes"] == 4 and bet["name"] == "Lucky Six" and bet["cutoff"] == 50
    players = {(p["player"], p["cutoff"]) for p in bet["players"]}
    assert ("perfect player", None) in players and ("your count", 50) in players
    for p in bet["players"]:
        assert isinstance(p["units_per_shoe"]["value"], float)
        assert p["units_per_shoe"]["low"] <= p["units_per_shoe"]["value"]
    assert doc["tableau"]["name"] == "standard punto banco"
    assert doc["deal"]["end"] == "at-cut" and isinstance(doc["rounds_per_shoe"]["value"], float)
    run = CliRunner().invoke(main, depth_args(tmp_path, "--scheduler", scheduler, "--fmt",
                                              "csv"), catch_exceptions=False)
    rows = list(csv.DictReader(io.StringIO(run.stdout)))
    assert len(rows) == 4 and {r["bet"] for r in rows} == {"Lucky Six"}
    float(rows[0]["units_per_shoe"]), float(rows[0]["bet_frequency_high"])
    assert "95% intervals" in run.stderr and "95% intervals" not in run.stdout


def test_eor_csv_is_one_table():
    run = CliRunner().invoke(main, ["eor", str(LIVE), "--bet", "Lucky Six", "--bet",
                                    "Perfect Pair", "--fmt", "csv"], catch_exceptions=False)
    rows = list(csv.DictReader(io.StringIO(run.stdout)))
    assert len(rows) == 26 and rows[0].keys() >= {"bet", "rank", "effect", "tag"}
    assert sum(float(r["effect"]) * int(r["cards"]) for r in rows[:13]) == pytest.approx(0, abs=1e-12)


BAD_INPUT = [
    (["--bet", "No Such Bet"], "no bet named 'No Such Bet'", 1),
    (["--seed", "-5"], "--seed -5: must be a whole number from 0", 1),
    (["--seed", "abc"], "'abc' is not a whole number", 2),
    (["--shoes", "0"], "--shoes 0: must be a whole number from 1", 1),
    (["--decks", "0"], "--decks 0: must be a whole number from 1 to 64", 1),
    (["--decks", "1", "--cut", "50"], "does not fit a 1-deck shoe", 1),
    (["--batch", "0"], "--batch 0: must be a whole number from 1", 1),
    (["--end", "sometime"], "'sometime' is not one of", 2),
    (["--scheduler", "nonsense"], "'nonsense' is not a Dask scheduler address", 1),
    (["--scheduler", "tcp://localhost"], "it needs a host and a port", 1),
    (["--scheduler", "tcp://127.0.0.1:1/"], "it needs a host and a port", 1),
    (["--scheduler", "tcp://:8786"], "it needs a host and a port", 1),
    (["--scheduler", "tcp://127.0.0.1:0"], "port 0 is not from 1 to 65535", 1),
    (["--scheduler", "tcp://127.0.0.1:65536"], "port 65536 is not from 1 to 65535", 1),
    (["--scheduler", "inproc://foo"], "only tcp:// addresses are supported", 1),
    (["--scheduler", "tls://127.0.0.1:1"], "only tcp:// addresses are supported", 1),
    (["--scheduler", "ucx://127.0.0.1:1"], "only tcp:// addresses are supported", 1),
    (["--initial", "99999999999999999999", "--count", "6=1", "--trigger", "1"],
     "beyond what a running count may reach (±2**53", 1),
    (["--initial", "9223372036854775807", "--trigger-on", "running", "--count", "6=1",
      "--trigger", "1"], "beyond what a running count may reach", 1),
    (["--initial", str(2 ** 53 - 100), "--count", "6=1", "--trigger", "1"],
     "its running count could reach 9,007,199,254,741,308", 1),
    (["--initial", "5"], "--initial belongs to your count", 2),
    (["--trigger-on", "running"], "--trigger-on belongs to your count", 2),
    (["--shoes", "1000000000000"], "shoes 1,000,000,000,000: at most 10,000,000", 1),
    (["--shoes", "1000000000000", "--count-only"], "at most 1,000,000,000", 1),
    (["--shoes", "2000000", "--batch", "1"], "more than 1,000,000: give a larger --batch", 1),
    (["--batch", "100000000"], "at most 48,076 shoes a task on 8 decks", 1),
    (["--decks", "64"], "exact values are counted on at most 27 decks", 1),
    (["--decks", "28", "--count-only", "--exact-bets"], "at most 27 decks", 1),
    (["--decks", "65"], "--decks 65: must be a whole number from 1 to 64", 1),
    (["--cutoff", "99999999999999999999"], "must be a round number from 1 to 1,000,000", 1),
    (["--count", "6=-3"], "--count and --trigger go together", 2),
    (["--trigger", "3"], "--count and --trigger go together", 2),
    (["--count", "6=x", "--trigger", "3"], "tag 'x' of '6' is not a whole number", 1),
    (["--count", "Z=1", "--trigger", "3"], "'Z' is not a rank", 1),
    (["--count", "6", "--trigger", "3"], "should read RANK=TAG", 1),
    (["--count", "6=0", "--trigger", "3"], "every tag is 0", 1),
    (["--count", "6=1,6=2", "--trigger", "3"], "rank 6 is tagged twice", 1),
    (["--trigger-on", "both", "--count", "6=1", "--trigger", "3"], "'both' is not one of", 2),
    (["--count-only", "--no-eor-count"], "a count study needs a count", 1),
    (["--cutoff", "0"], "--cutoff 0: must be a whole number from 1", 1),
    (["--workers", "0"], "--workers 0: must be a whole number from 1", 1),
    (["--state", "UNDER_A_FILE"], "cannot keep batches there", 1),
    (["--fmt", "yaml"], "'yaml' is not one of", 2),
]


@pytest.mark.parametrize("args,message,code", BAD_INPUT, ids=[" ".join(a) for a, _, _ in BAD_INPUT])
def test_bad_input_is_one_line_before_any_worker_starts(tmp_path, args, message, code,
                                                        monkeypatch):
    dealt = []  # the one way to the workers (a cluster, or threads): never reached
    monkeypatch.setattr(depth_run, "deal_batches", lambda *args: dealt.append(args) or iter(()))
    a_file = tmp_path / "file"
    a_file.write_text("")
    args = [str(a_file / "state") if x == "UNDER_A_FILE" else x for x in args]
    base = ["depth", str(LIVE), "--quiet"]
    if "--shoes" not in args:  # an option is given once
        base += ["--shoes", "2"]
    if "--state" not in args:
        base += ["--state", str(tmp_path / "s")]
    result = CliRunner().invoke(main, base + args)
    assert result.exit_code == code, result.output
    assert message in result.output, result.output
    assert "Traceback" not in result.output and isinstance(result.exception, SystemExit)
    errors = [line for line in result.output.splitlines() if line.startswith("Error")]
    assert len(errors) == 1
    assert dealt == []  # refused before any worker starts, not after a cluster's timeout
    assert not list((tmp_path / "s").glob("run-*/batch-*"))


def test_a_scheduler_nobody_listens_on_is_one_line_and_deals_nothing(tmp_path):
    with socket.socket() as sock:  # a port that was free a moment ago, and is closed now
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    result = CliRunner().invoke(main, ["depth", str(LIVE), "--bet", "Lucky Six", "--shoes", "2",
                                       "--quiet", "--state", str(tmp_path / "s"),
                                       "--scheduler", f"tcp://127.0.0.1:{port}"])
    assert result.exit_code == 1, result.output
    assert f"--scheduler tcp://127.0.0.1:{port}: no Dask scheduler answers there" in result.stderr
    assert "Traceback" not in result.output
    assert not list((tmp_path / "s").glob("run-*/batch-*"))


def test_a_scheduler_that_closes_every_connection_is_told_so_not_as_silent():
    # Dask's connect() retries a connection closed under it until its own deadline: a
    # port that closed every connection was told as one that never answers when the
    # command's deadline came first (as it did on a loaded machine, and often on an
    # idle one). One connection, once: closed is closed, however long the deadline.
    accepted = []
    with socket.socket() as listening:
        listening.bind(("127.0.0.1", 0))
        listening.listen()

        def serve():
            while True:
                try:
                    conn, _ = listening.accept()
                except OSError:  # closed: the test is over
                    return
                accepted.append(conn.getpeername())
                conn.close()

        threading.Thread(target=serve, daemon=True).start()
        address = f"tcp://127.0.0.1:{listening.getsockname()[1]}"
        with pytest.raises(OptionError, match=re.escape(
                f"--scheduler {address}: no Dask scheduler answers there within 60 s "
                f"(something accepts connections there but closed this one without "
                f"answering)")):
            reach_scheduler(address, wait=60)
    assert len(accepted) == 2, accepted  # the port's check, then Dask's protocol: no retry


def test_a_bad_scheduler_leaves_the_state_folder_untouched(tmp_path):
    result = CliRunner().invoke(main, ["depth", str(LIVE), "--shoes", "2", "--quiet",
                                       "--state", str(tmp_path / "s"),
                                       "--scheduler", "tcp://localhost"])
    assert result.exit_code == 1 and not (tmp_path / "s").exists()


def test_a_convention_given_applies_to_every_count_of_the_run():
    lucky6 = ROOT / "paytables" / "wizard_lucky6.py"
    mine = Count("mine", "6=-1,7=+1", trigger=1)
    own = prepare(lucky6, counts=(mine,))
    assert len(own.counts) == 4 and {c.divisor.value for c in own.counts} == {"unseen"}
    assert {c.exposed_card for c in own.counts} == {True}
    spec = prepare(lucky6, counts=(mine,), divisor="shoe", rounding="half", exposed_card=False)
    assert [c.name for c in spec.counts] == [c.name for c in own.counts]
    for count in spec.counts:
        assert (count.divisor.value, count.rounding.value, count.exposed_card) == (
            "shoe", "half", False), count
    assert "the shown first card not counted" in spec.counts[1].text()
    # and the dealt counts follow: the true counts differ from the default convention's
    assert not np.array_equal(game(spec).deal_shoes(1, 0, 2)[3], game(own).deal_shoes(1, 0, 2)[3])


def test_the_command_line_convention_reaches_the_paytables_counts(tmp_path):
    lucky6 = str(ROOT / "paytables" / "wizard_lucky6.py")
    docs = []
    for extra in ([], ["--divisor", "shoe", "--rounding", "whole", "--no-exposed-card"]):
        run = CliRunner().invoke(main, ["depth", lucky6, "--count-only", "--no-eor-count",
                                        "--shoes", "40", "--workers", "1", "--quiet", "--fmt",
                                        "json", "--state", str(tmp_path), *extra])
        assert run.exit_code == 0, run.output
        docs.append(json.loads(run.stdout))
    assert [(c["divisor"], c["rounding"], c["exposed_card"]) for c in docs[1]["counts"]] == [
        ("shoe", "whole", False)] * 2
    assert [(c["divisor"], c["rounding"]) for c in docs[0]["counts"]] == [("unseen", "exact")] * 2
    assert docs[0]["bets"] != docs[1]["bets"]  # the 24-convention grid no longer comes out alike


@pytest.mark.parametrize("names", [("mine", "Mine"), ("Wizard count 1",),
                                   ("own count (eor, level 3)",)])
def test_two_counts_of_one_name_are_refused(names):
    counts = [Count(n, "6=-1,7=+1", trigger=1) for n in names]
    with pytest.raises(OptionError, match="two counts are named"):
        prepare(ROOT / "paytables" / "wizard_lucky6.py", counts=counts)


def test_a_running_count_is_bounded_by_its_worst_case_before_dealing():
    cards = DealRules(8, 14).cards
    at_limit = Count("edge", "6=-1000", trigger=1, initial=2 ** 53 - 1000 * cards)
    spec = spec_of(counts=(at_limit,), deal=DealRules(8, 14), eor_count=False)
    assert spec.counts[0].initial == 2 ** 53 - 1000 * cards
    over = Count("over", "6=-1000", trigger=1, initial=2 ** 53 - 1000 * cards + 1)
    with pytest.raises(OptionError, match=r"could reach 9,007,199,254,740,993 \(initial"):
        spec_of(counts=(over,), deal=DealRules(8, 14), eor_count=False)


def test_a_running_trigger_far_from_zero_bets_on_every_round():
    big = Count("big", "6=+1", trigger=2 ** 52, initial=2 ** 52, trigger_on="running")
    spec = spec_of(("Lucky Six",), counts=(big,), count_only=True, eor_count=False)
    arrays = deal_batch(spec, 0, 3)
    (j,) = [j for j, p in enumerate(spec.players) if p.cutoff is None]
    bets, rounds = arrays["sums"][j, 2], arrays["sums"][j, 3]
    assert bets == rounds > 0  # 6s only raise it: never below the trigger


def test_shoes_won_and_lost_split_the_shoes_with_a_gain_or_loss():
    spec = spec_of(("Lucky Six",), count_only=True, exact_bets=True)
    tally = DepthTally([deal_batch(spec, 0, 300)])
    summary = summarize(spec, tally)
    players = [p for bet in summary.bets for p in bet.players]
    gains = np.concatenate([deal_batch(spec, s, 1)["sums"][:, 1][None] for s in range(300)])
    for j, p in enumerate(players):
        assert p.shoes_won == int((gains[:, j] > 0).sum())
        assert p.shoes_lost == int((gains[:, j] < 0).sum())
        assert p.shoes_with_a_gain == p.shoes_won + p.shoes_lost
    assert any(p.shoes_lost > 0 for p in players)


def test_fewer_shoes_than_the_folder_holds_use_its_batches_and_keep_the_rest(tmp_path):
    spec = spec_of(("Lucky Six",), count_only=True)
    warnings = []
    full = run_depth(spec, 10, batch=4, state=tmp_path, workers=1, on_warning=warnings.append)
    (run,) = tmp_path.glob("run-*")
    before = {f.name: f.stat().st_mtime_ns for f in run.glob("batch-*.npz")}
    fewer = run_depth(spec, 5, batch=4, state=tmp_path, workers=1, on_warning=warnings.append)
    again = run_depth(spec, 10, batch=4, state=tmp_path, workers=1, on_warning=warnings.append)
    assert warnings == [] and not list((run / "bad").iterdir())
    assert all((run / name).stat().st_mtime_ns == t for name, t in before.items())
    assert np.array_equal(again.sums, full.sums)
    serial = DepthTally([deal_batch(spec, 0, 4), deal_batch(spec, 4, 1)])
    assert fewer.n == 5 and np.array_equal(fewer.sums, serial.sums)


def test_an_event_that_can_never_happen_is_refused_by_depth_as_by_report(tmp_path):
    path = tmp_path / "never.py"
    path.write_text("from bacc_edge import *\nBETS = [Bet('N', [Event('3-card natural', "
                    "player.natural & (player.cards == 3), 5)])]\n")
    with pytest.raises(bacc_edge.PaytableError, match="can never happen"):
        prepare(path)


def test_what_a_paytable_prints_stays_off_depths_stdout(tmp_path, monkeypatch):
    deal_batches_here(monkeypatch)  # the paytable is loaded, and prints, in this process
    path = tmp_path / "chatty.py"
    path.write_text("print('hello from the paytable')\n" + LIVE.read_text())
    run = CliRunner().invoke(main, ["depth", str(path), "--bet", "Lucky Six", "--shoes", "2",
                                    "--decks", "2", "--cut", "10", "--workers", "1", "--quiet",
                                    "--state", str(tmp_path / "s"), "--fmt", "json"])
    assert run.exit_code == 0, run.output
    assert json.loads(run.stdout)["shoes"] == 2
    assert "hello from the paytable" in run.stderr


def test_the_command_compiles_its_bets_for_valuing_rounds_once(tmp_path, monkeypatch):
    """The note on slow bets on the cards and the run's game (its batches dealt here)
    each ask for the bets compiled for valuing rounds: compiled once (a bet on the cards
    plans its cells again each time, seconds for one on the first four cards)."""
    path = tmp_path / "once.py"  # a file of its own: no run before compiled its bets
    path.write_text(LIVE.read_text())
    deal_batches_here(monkeypatch)
    built = []
    compile_bets = RoundValues.__init__

    def counted(self, *args, **kwargs):
        built.append(args)
        compile_bets(self, *args, **kwargs)
    monkeypatch.setattr(RoundValues, "__init__", counted)
    run = CliRunner().invoke(main, ["depth", str(path), "--bet", "Lucky Six", "--shoes", "2",
                                    "--decks", "1", "--no-eor-count", "--workers", "1",
                                    "--state", str(tmp_path / "s"), "--fmt", "json"])
    assert run.exit_code == 0, run.output
    assert json.loads(run.stdout)["shoes"] == 2 and len(built) == 1


def test_an_unwritable_state_folder_is_one_line(tmp_path):
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        if os.access(locked, os.W_OK):
            pytest.skip("running as a user who may write anywhere")
        result = CliRunner().invoke(main, ["depth", str(LIVE), "--shoes", "1", "--quiet",
                                           "--state", str(locked / "s")])
        assert result.exit_code == 1 and "cannot keep batches there" in result.output
    finally:
        locked.chmod(0o700)


# -- crashes: kill -9 of the command and of a worker, then resume ---------------------------
def cli(state, shoes, *more):
    return [*BACC_EDGE, "depth", str(LIVE), "--bet", "Lucky Six", "--bet", "Player",
            "--shoes", str(shoes), "--batch", "1", "--decks", "8", "--workers", "1",
            "--state", str(state), "--fmt", "json", "--quiet", *more]


def children(pid: int) -> list[int]:
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            out.append(int(stat.parent.name))
    return out


def wait_for_batches(state: Path, n: int, proc, timeout=600):
    t0 = time.time()
    while time.time() - t0 < timeout:
        if len(list(state.glob("run-*/batch-*.npz"))) >= n:
            return
        if proc.poll() is not None:
            pytest.fail(f"the run ended before {n} batches: {proc.communicate()}")
        time.sleep(0.05)
    pytest.fail("no batches written")


def kill_group(proc):
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    proc.communicate()


KILLED_SHOES = 24


def run_here(state, shoes, monkeypatch) -> bytes:
    """The command :func:`cli` runs, run in this process, its batches dealt here too
    (what it prints is the same, byte for byte); its stdout."""
    deal_batches_here(monkeypatch)
    run = CliRunner().invoke(main, cli(state, shoes)[len(BACC_EDGE):], catch_exceptions=False)
    assert run.exit_code == 0, run.output
    return run.stdout_bytes


@pytest.fixture(scope="module")
def whole(tmp_path_factory):
    """The run of KILLED_SHOES never killed: what every killed run resumes to (run once
    for both victims, in this process: a killed run is killed in a process of its own)."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        return run_here(tmp_path_factory.mktemp("whole") / "whole", KILLED_SHOES, monkeypatch)


@pytest.mark.parametrize("victim", ["command", "worker"])
@pytest.mark.slow
def test_a_run_killed_with_sigkill_resumes_to_the_same_bytes(tmp_path, victim, whole,
                                                             monkeypatch):
    shoes = KILLED_SHOES
    env = {**os.environ, "PYTHONPATH": str(ROOT / "calc")}
    proc = subprocess.Popen(cli(tmp_path / "cut", shoes), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env, cwd=tmp_path,
                            start_new_session=True)
    try:
        wait_for_batches(tmp_path / "cut", 3, proc)
        if victim == "command":
            os.kill(proc.pid, signal.SIGKILL)
            proc.communicate()
        else:
            workers = [c for p in children(proc.pid) for c in [p, *children(p)]
                       if b"spawn" in Path(f"/proc/{c}/cmdline").read_bytes()
                       or b"multiprocessing" in Path(f"/proc/{c}/cmdline").read_bytes()]
            assert workers
            os.kill(workers[-1], signal.SIGKILL)
            out, err = proc.communicate(timeout=300)
            assert proc.returncode == 0, err
            assert out == whole
    finally:
        kill_group(proc)
    assert len(list((tmp_path / "cut").glob("run-*/batch-*.npz"))) < shoes or victim == "worker"
    # resumed (in this process: the batches kept, and any a kill left half-written, are
    # read here), to the never-killed run's bytes
    assert run_here(tmp_path / "cut", shoes, monkeypatch) == whole


def test_the_published_figures_table_keeps_one_unit_to_a_row_and_names_it():
    from types import SimpleNamespace

    from bacc_edge.analysis.card_counting import StudyMeasure
    from bacc_edge.depth.summary import StudyCheck
    from bacc_edge.analysis.intervals import Interval
    from bacc_edge.output.render import depth_check_rows
    checks = [  # a share printed as a percentage, one printed as a fraction, and units
        StudyCheck("C", "B", StudyMeasure.BET_FREQUENCY, "3.09%", 0.0309,
                   Interval(0.0306, 0.0280, 0.0333, "normal"), "reproduced", None),
        StudyCheck("C", "B", StudyMeasure.AVERAGE_EDGE, "0.0627", 0.0627,
                   Interval(0.1085, -0.0109, 0.2280, "bootstrap"), "reproduced", None),
        StudyCheck("C", "B", StudyMeasure.UNITS_PER_SHOE, "0.155", 0.155,
                   Interval(0.2675, -0.0277, 0.5627, "bootstrap"), "reproduced", None),
        # computed exactly from the effects of removal: its value, with no interval
        StudyCheck("C", "B", StudyMeasure.BETTING_CORRELATION, "0.981", 0.981, None,
                   "reproduced", None, 0.98125)]
    headers, rows, _ = depth_check_rows(SimpleNamespace(checks=checks))
    assert headers[3:6] == ["Unit", "Published", "This run (95% interval)"]
    assert [r[3:6] for r in rows] == [
        ["% of rounds", "3.09", "3.06 (2.80 to 3.33)"],
        ["% of the bet", "6.27", "10.85 (-1.09 to 22.80)"],
        ["units", "0.155", "0.2675 (-0.0277 to 0.5627)"],
        ["correlation", "0.981", "0.9812 (exact)"]]


def test_a_batch_that_fails_is_one_error_naming_its_shoes():
    from concurrent.futures import Future

    from bacc_edge.depth.cluster import batch_result
    failed = Future()
    failed.set_exception(ZeroDivisionError("division by zero"))
    with pytest.raises(BaccEdgeError) as caught:
        batch_result(failed, 3, 100, [100, 100, 100, 40])
    assert str(caught.value) == ("batch 3 (shoes 300 to 339) failed: ZeroDivisionError: "
                                 "division by zero; the finished batches are kept, run "
                                 "again to resume")
    ours = Future()
    ours.set_exception(BaccEdgeError("a bet's own words"))
    with pytest.raises(BaccEdgeError, match="^a bet's own words$"):
        batch_result(ours, 0, 100, [100])
    done = Future()
    done.set_result(("arrays",))
    assert batch_result(done, 0, 100, [100]) == ("arrays",)


def test_finished_batches_are_kept_in_the_users_cache_folder_by_default(tmp_path, monkeypatch,
                                                                        user_folders):
    # platformdirs on Linux: $XDG_CACHE_HOME/bacc-edge (conftest points it at a tmp folder,
    # here the home folder too: the note names it from ~)
    kept = user_folders / "cache" / "bacc-edge" / "depth"
    monkeypatch.setenv("HOME", str(user_folders))
    here = tmp_path / "here"
    here.mkdir()
    monkeypatch.chdir(here)
    args = ["depth", "shipped:wizard_lucky6", "--count-only", "--no-eor-count", "--shoes",
            "40", "--batch", "20", "--fmt", "json"]
    result = CliRunner().invoke(main, args, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert ("finished batches are kept in ~/cache/bacc-edge/depth (--state DIR for another "
            "folder)") in result.stderr.splitlines()
    assert json.loads(result.stdout)["shoes"] == 40
    (run,) = kept.glob("run-*")
    assert len(list(run.glob("*.npz"))) == 2
    assert list(here.iterdir()) == []  # nothing left in the folder it ran from
    named = CliRunner().invoke(main, [*args, "--state", str(tmp_path / "mine")])
    assert named.exit_code == 0, named.output
    assert "finished batches are kept" not in named.stderr  # said only of the default
