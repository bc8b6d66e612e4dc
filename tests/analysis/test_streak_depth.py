"""A run bet's depth study (analysis/streak_depth): the counter's signal against the
exact independent chain on the unseen cards, and every figure of a small study against
the dealt shoes walked here by their winners and cards, its intervals by hand."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from bacc_edge import Shoe
from bacc_edge.analysis.intervals import Z95
from bacc_edge.analysis.streak_depth import signal, streak_depth
from bacc_edge.analysis.streaks import dealt_coups, independent_coups
from bacc_edge.errors import ArgumentError
from bacc_edge.game.dealing import DealRules
from bacc_edge.language.streaks import RunStep, banker_run, player_run

#: two banker wins pay 15 to 4: worth about -0.1% off the top of one deck, so removal
#: moves it either side of zero and the counter both bets and passes
BET = banker_run("B", {2: Fraction(15, 4)})
RULES = DealRules(decks=1, cut=14)


def _shoe(values: list[int]) -> Shoe:
    """A shoe of these cards by point value (tens for 0): a coup's winner reads only
    point values."""
    ranks = [0] * 13
    for v, n in enumerate(values):
        ranks[9 if v == 0 else v - 1] += n
    return Shoe.from_ranks(ranks)


@pytest.mark.parametrize("bet", [BET, player_run("P", {3: 9}, ties=RunStep.SKIP)], ids=str)
@pytest.mark.parametrize("values", [[16, 4, 4, 4, 4, 4, 4, 4, 4, 4], [9, 1, 3, 4, 2, 4, 0, 3, 4, 2]],
                         ids=str)
def test_the_signal_is_the_exact_independent_chain_on_the_unseen_cards(bet, values):
    # planted: the winners' chances read in the wrong order (banker for player), the
    # skipped coups counted as continuing: each fails
    assert signal(bet, values) == pytest.approx(
        float(independent_coups(bet, _shoe(values)).ret), abs=1e-12)


def _walk(shoes: int, seed: int, bins: int) -> list[list[list[float]]]:
    """Per shoe and band: [chances, counter's bets, its win, every chance's net, rounds],
    read off the dealt shoes here: a chance after a player or tie win, its run the
    banker wins that follow (two or more pay 15 to 4), the unseen cards the shoe's less the
    shown card and the coups dealt, the signal the exact chain on them."""
    out = []
    for dealt in dealt_coups(RULES, shoes, seed):
        n, rows = len(dealt.points), [[0.0] * 5 for _ in range(bins)]
        band = [min(s * bins // n, bins - 1) for s in dealt.starts]
        for b in band:
            rows[b][4] += 1
        for i in range(1, len(dealt.winners)):
            if dealt.winners[i - 1] == 1:  # after a banker win: no chance
                continue
            wins = 0
            for w in dealt.winners[i:]:
                if w != 1 or wins == 2:
                    break
                wins += 1
            net = 3.75 if wins >= 2 else -1.0
            seen = [dealt.points[0]] + dealt.points[dealt.starts[0]:dealt.starts[i]]
            unseen = [dealt.points.count(v) - seen.count(v) for v in range(10)]
            row = rows[band[i]]
            row[0] += 1
            row[3] += net
            if independent_coups(BET, _shoe(unseen)).ret > 0:
                row[1] += 1
                row[2] += net
        out.append(rows)
    return out


def _delta(y: list[float], x: list[float]) -> tuple[float, float]:
    """Σy/Σx and its 95% half-width by the delta method, written out."""
    n, r = len(y), sum(y) / sum(x)
    var = sum((a - r * b) ** 2 for a, b in zip(y, x)) / (n - 1)
    return r, Z95 * math.sqrt(var / n) / (sum(x) / n)


def test_a_small_study_is_what_the_dealt_shoes_show_band_by_band():
    # planted: the shown card left among the unseen, the rounds tallied per chance not
    # per coup, the counter's win taken from every chance, the ratio's residual
    # without its cross term: each fails
    shoes, bins = 12, 2
    study = streak_depth(BET, RULES, shoes=shoes, seed=4, bins=bins)
    walked = _walk(shoes, 4, bins)
    for b, band in enumerate(study.bands[:bins]):
        figures = [[shoe[b][k] for shoe in walked] for k in range(5)]
        chances, bets, win, every, rounds = figures
        assert band.chances.value == pytest.approx(sum(chances) / shoes)
        assert band.win_per_shoe.value == pytest.approx(sum(win) / shoes)
        assert 0 < sum(bets) < sum(chances)  # the counter both bets and passes
        for interval, (y, x, scale) in ((band.share_bet, (bets, chances, 1)),
                                        (band.win_per_100_rounds, (win, rounds, 100)),
                                        (band.every_chance_net, (every, chances, 1))):
            r, half = _delta(y, x)
            low, high = (r - half) * scale, (r + half) * scale
            if interval is band.share_bet:  # a share: cut to 0 … 1
                low, high = max(low, 0.0), min(high, 1.0)
            assert interval.value == pytest.approx(r * scale)
            assert (interval.low, interval.high) == pytest.approx((low, high))
    whole = study.bands[-1]
    assert whole.label == "whole shoe"
    assert whole.chances.value == pytest.approx(
        sum(shoe[b][0] for shoe in walked for b in range(bins)) / shoes)


@pytest.mark.parametrize("call,message", [
    (lambda: streak_depth("B", RULES), "bet 'B' is not a RunBet"),
    (lambda: streak_depth(BET, 8), "rules 8 is not a DealRules"),
    (lambda: streak_depth(BET, RULES, shoes=1), "shoes 1 must be a whole number from 2"),
    (lambda: streak_depth(BET, RULES, bins=0), "bins 0 must be a whole number from 1"),
    (lambda: streak_depth(BET, RULES, bins=True), "bins True must be a whole number"),
], ids=lambda x: x if isinstance(x, str) else "")
def test_bad_arguments_are_refused_quoting_them(call, message):
    with pytest.raises(ArgumentError, match=message):
        call()
