"""Progressive meters (analysis/meters): the figures by hand from a bet's line chances, the
return over a cycle against a seeded simulation of the meter coup by coup, the published
Dragon Dragon counts, and the bad inputs."""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

import pytest

from bacc_edge import Bet, Event, Shoe, for_one, player, tie
from bacc_edge.analysis.meter_hits import mean_meter_when_hit
from bacc_edge.analysis.meters import meter_value
from bacc_edge.errors import ArgumentError, PaytableError
from bacc_edge.language.meters import Meter, MeterLine, Progressive
from bacc_edge.language.several_coups import load_several

ROOT = Path(__file__).resolve().parents[2]
INFINITE = Shoe.infinite()


def _tie_jackpot(seed=100, rate="0.1", tables=1, share_line=False, sharing=1):
    """A toy progressive on the infinite deck: a tie pays the meter, a natural 9 for the
    player (not a tie) 5 for one, or a tenth of the meter where ``share_line``."""
    nine = player.natural & (player.points == 9) & ~tie
    bet = Bet("Tie jackpot", [Event("Tie", tie, for_one(seed)),
                              Event("Nine", nine, for_one(Fraction(seed, 10) if share_line
                                                          else 5))])
    lines = (MeterLine("Tie"),) + ((MeterLine("Nine", "1/10", resets=False),)
                                   if share_line else ())
    return Progressive(bet, lines, Meter(seed, rate, tables), sharing)


def _chances():
    from bacc_edge import report
    (r,) = report(_tie_jackpot().bet, INFINITE)
    return r.line("Tie").probability, r.line("Nine").probability


def test_the_return_by_meter_the_break_even_and_the_meter_when_hit_by_hand():
    # planted: the break-even without the seed; the hit meter's rate not times the tables
    q, n = _chances()
    value = meter_value(_tie_jackpot(tables=3), INFINITE)
    assert value.at_seed == q * 100 + n * 5 - 1
    assert value.at(250) == q * 250 + n * 5 - 1
    assert value.at(value.break_even) == 0
    h = 1 - (1 - q) ** 3
    assert value.hit_meter == 100 + Fraction(1, 10) * 3 / h
    assert value.cycle_return == q * 100 + n * 5 + Fraction(1, 10) - 1


def test_two_stakes_on_a_coup_split_its_hit_and_the_seed_it_costs():
    # the tie's meter paid once a coup, split between its two stakes: each gets half,
    # the meter grows twice as fast, the seed costs each stake half. Planted: --bets
    # only the rate of play (the cycle keeps q · 100, the return at the seed too)
    q, n = _chances()
    value = meter_value(_tie_jackpot(tables=3), INFINITE, bets=2)
    assert value.sharing == 2
    assert value.at_seed == q * 50 + n * 5 - 1
    assert value.at(250) == q * 125 + n * 5 - 1
    assert value.cycle_return == q * 50 + n * 5 + Fraction(1, 10) - 1
    assert value.hit_meter == 100 + Fraction(1, 10) * 2 * 3 / (1 - (1 - q) ** 3)


def test_the_mean_meter_when_hit_by_hand_with_a_line_that_does_not_reset():
    # one table, seed 0, growth 1 a coup, a top award 1/4 of coups, a line taking half
    # the meter 1/4 of coups: given no top award the line comes 1/3 of coups, so the
    # expected meter keeps 1 - 1/6 = 5/6 a coup: m_1 = 1, m_(t+1) = 5/6 m_t + 1, and
    # E = Σ 1/4 (3/4)^(t-1) m_t; E = 1/4 m_1 + 3/4 (5/6 E + 1), so (1 - 5/8) E = 1 and
    # E = 8/3. Planted: the share not conditioned on no reset (7/8 kept: 32/11); the
    # round's growth shrunk by the payment
    quarter, half = Fraction(1, 4), Fraction(1, 2)
    assert mean_meter_when_hit(Fraction(0), Fraction(1), quarter, ((quarter, half),), 1) == \
        Fraction(8, 3)
    # the same with the first terms summed by hand: m = 1, 11/6, 91/36, ...
    terms, m = Fraction(0), Fraction(1)
    for t in range(1, 80):
        terms += quarter * (1 - quarter) ** (t - 1) * m
        m = Fraction(5, 6) * m + 1
    assert abs(float(terms) - 8 / 3) < 1e-9


def _simulated_hits(seed_meter, growth, q, lines, tables, hits, seed):
    """Meters when hit, round by round: the round's stakes added, then each table's coup
    drawn; a top award at any table pays the meter (after the round's stakes), else each
    non-reset line (chance, share) takes its share of the meter in turn."""
    rng, out = random.Random(seed), []
    for _ in range(hits):
        meter = seed_meter
        while True:
            meter += growth
            drawn = [rng.random() for _ in range(tables)]
            if any(u < q for u in drawn):
                out.append(meter)
                break
            for u in drawn:
                edge = q
                for chance, share in lines:
                    if edge <= u < edge + chance:
                        meter *= 1 - share
                    edge += chance
    return out


def test_the_mean_meter_when_hit_is_what_a_simulated_meter_shows():
    # a tie pays the meter, a player's natural nine half of it without a reset, two
    # tables, two stakes each. Planted: the non-reset line left out of the mean (the
    # old figure, about 5 standard errors high); the tables' shrink not to the power of
    # the tables
    progressive = _tie_jackpot(seed=10, rate="0.5", tables=2, share_line=True)
    progressive = Progressive(progressive.bet, (MeterLine("Tie"),
                                                MeterLine("Nine", "1/2", resets=False)),
                              progressive.meter)
    q, n = _chances()
    value = meter_value(progressive, INFINITE, bets=2)
    meters = _simulated_hits(10.0, 2.0, float(q), [(float(n), 0.5)], 2, 20_000, seed=5)
    mean = sum(meters) / len(meters)
    error = (sum((x - mean) ** 2 for x in meters) / (len(meters) - 1) / len(meters)) ** 0.5
    assert abs(mean - float(value.hit_meter)) < 4 * error
    # the simulated points, said to be simulated: the median near the test's own
    ordered = sorted(meters)
    (_, median), = [(p, m) for p, m in value.hit_points.points if p == 50]
    assert ordered[9_000] <= median <= ordered[11_000]


def _simulated_cycle(seed_meter: float, rate: float, q: float, n: float, coups: int,
                     seed: int) -> float:
    """The meter dealt coup by coup, one stake a coup, a tie paying the meter (then
    restarting at the seed) and a nine a tenth of it (taken off it): what the stakes got
    back, less the stakes, per stake."""
    rng, meter, back = random.Random(seed), seed_meter, 0.0
    for _ in range(coups):
        meter += rate
        u = rng.random()
        if u < q:
            back, meter = back + meter, seed_meter
        elif u < q + n:
            back, meter = back + meter / 10, meter * 0.9
    return back / coups - 1


def test_the_return_over_a_cycle_is_what_a_simulated_meter_pays_back():
    # planted: the rate left out of the cycle's return; the seed's term times the top
    # line's pay instead of its chance (either moves it by 0.5 or more). Meters near 15
    # stakes: over 400,000 coups the estimate's standard error is about 0.0075, the
    # tolerance 0.025
    progressive = _tie_jackpot(seed=10, rate="0.5", share_line=True)
    q, n = _chances()
    value = meter_value(progressive, INFINITE)
    estimate = _simulated_cycle(10.0, 0.5, float(q), float(n), 400_000, seed=11)
    assert abs(estimate - float(value.cycle_return)) < 0.025


def test_a_hit_shared_by_the_bettors_pays_each_its_share():
    # planted: the seed's term of the cycle not divided by the bettors sharing
    q, _ = _chances()
    alone, shared = (meter_value(_tie_jackpot(sharing=k), INFINITE) for k in (1, 4))
    assert shared.cycle_return == alone.cycle_return - q * 100 * Fraction(3, 4)
    assert shared.at(400) == alone.at(100)
    assert shared.break_even == 4 * alone.break_even
    assert shared.at_seed == alone.at(25)  # the seed split four ways


def test_an_operators_meter_in_place_of_the_files_own():
    # planted: the return at the seed left at the file's seed
    q, n = _chances()
    value = meter_value(_tie_jackpot(), INFINITE, meter=Meter(300, "0.05", 2))
    assert value.at_seed == q * 300 + n * 5 - 1
    assert value.cycle_return == q * 300 + n * 5 + Fraction(1, 20) - 1


def test_the_published_dragon_dragon_counts_reproduce():
    # Wizard of Odds' Dragon Dragon, second-hand mirror (paytables/meters/dragon_dragon.py)
    (progressive,) = load_several(ROOT / "paytables/meters/dragon_dragon.py", "METERS")
    from bacc_edge import report
    (result,) = report(progressive.bet, Shoe.decks(8))
    printed = progressive.bet.published.combinations
    assert {e.label: f"{e.combinations:,}" for e in result.events if e.label in printed} == {
        label: p for label, p in printed.items()}
    fixed = sum(e.probability * (e.pays.net + 1) for e in result.events[2:])
    assert f"{float(fixed):.6f}" == "0.318146"


@pytest.mark.parametrize("make,message", [
    (lambda: Meter(-1, "0.1"), "meter seed -1"),
    (lambda: Meter(100, "1.5"), "meter rate 1.5 would be 150% of each stake"),
    (lambda: Meter(100, "150%"), "meter rate 150% is more than the whole stake"),
    (lambda: Meter(100, "20 %"), "meter rate: '20 %' is not a percentage such as '5%'"),
    (lambda: Meter(100, "0.2", assumed="yes"), "meter assumed 'yes' must be True or False"),
    (lambda: Meter(100, "x"), "not a number"),
    (lambda: Meter(100, "0.1", tables=0), "meter tables 0"),
    (lambda: Progressive(_tie_jackpot().bet, (MeterLine("Pair"),), Meter(1, 0)), "'Pair'"),
    (lambda: Progressive(_tie_jackpot().bet, (MeterLine("Tie", resets=False),), Meter(1, 0)),
     "no meter line resets"),
    (lambda: Progressive(_tie_jackpot().bet, (MeterLine("Tie"),), Meter(1, 0), 0),
     "sharing 0"),
], ids=lambda x: x if isinstance(x, str) else "")
def test_a_bad_meter_is_refused_naming_what_is_wrong(make, message):
    with pytest.raises(PaytableError, match=message):
        make()


@pytest.mark.parametrize("call,message", [
    (lambda: meter_value("Tie jackpot"), "not a Progressive"),
    (lambda: meter_value(_tie_jackpot(), INFINITE, bets=0), "bets 0"),
    (lambda: meter_value(_tie_jackpot(), INFINITE).at(-5), "meter -5"),
    (lambda: meter_value(_tie_jackpot(), INFINITE).at("lots"), "meter 'lots'"),
], ids=lambda x: x if isinstance(x, str) else "")
def test_bad_meter_arguments_are_refused_quoting_them(call, message):
    with pytest.raises(ArgumentError, match=message):
        call()


def test_a_meter_below_the_seed_is_shown_so_marked():
    # a line that does not reset can take the meter below its seed: its return is shown,
    # marked (planted: no mark)
    from bacc_edge.output.several_coups import meter_rows
    value = meter_value(_tie_jackpot(share_line=True), INFINITE)
    names = [name for name, _ in meter_rows(value, [Fraction(50), Fraction(200)])]
    assert "player net at meter 50 (below the seed)" in names
    assert "player net at meter 200" in names


def test_a_meter_rate_reads_by_the_one_share_grammar():
    # planted: a percentage not read ('20%' refused as no number, as exact_number does)
    assert {Meter(1, r).rate for r in ("20%", "0.2", 0.2, "1/5", Fraction(1, 5))} == {
        Fraction(1, 5)}
