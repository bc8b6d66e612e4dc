"""A multiplier game solved for a target return, against values worked by hand.

The shoe holds eight cards of one identity, the ten of spades: every coup is a tie 0-0
of six cards (both hands draw on 0), all one identity. One identity of a virtual deck of
52 is drawn, at 2x: it is the ten of spades with probability 1/52, and then each of the
six cards counts, 2^6 = 64x. A Tie paid x:1 so nets x·(51/52 + 64/52) = 115x/52 per unit
staked, and returns (1 + 115x/52)/(1 + fee) on stake and fee.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from overlay_reference import rows_of

from bacc_edge import BaccEdgeError, Event, Shoe, all_cards, tie
from bacc_edge.analysis.multiplier_solve import solve_multipliers
from bacc_edge.language.overlay import Law, Multiplied, MultiplierBet, Overlay

TENS = Shoe.from_suits(rows_of({9: (8, 0, 0, 0)}))
ONE_AT_2X = Overlay(1, Law.fixed(2))


def tie_bet(pays, **settings):
    return MultiplierBet("Tie", [Event("Tie", tie, pays)], ONE_AT_2X, fee="20%", **settings)


def test_the_fee_and_the_base_pay_for_a_target_return_by_hand():
    (solved,) = solve_multipliers(tie_bet(Multiplied(1, all_cards)), "200%", TENS)
    # 1 + ev = 1 + 115/52 = 167/52; the fee f with (167/52)/(1 + f) = 2
    assert solved.rtp == Fraction(167, 52) / Fraction(6, 5)
    assert solved.fee == Fraction(167, 52) / 2 - 1 == Fraction(63, 104)
    # at the 20% fee: 1 + 115x/52 = 6/5 · 2 = 12/5, x = 7/5 · 52/115
    assert (solved.event, solved.pay_now, solved.base_pay) == ("Tie", 1, Fraction(364, 575))


def test_a_cap_that_cannot_bind_at_the_solved_pay_leaves_it_solved():
    """The same solve under a cap of 41: the largest win at x = 364/575 is 64x ≈ 40.5,
    within it, so the capped bet's return is the uncapped one's there."""
    (solved,) = solve_multipliers(tie_bet(Multiplied(1, all_cards), cap=41), "200%", TENS)
    assert solved.base_pay == Fraction(364, 575) and not solved.pay_note


def test_a_plain_pay_and_less_of_the_stake_by_hand():
    """With a plain pay of 1 when no card matches and 1/2 of the stake less when one
    does, ev = 51/52 · 1 + 1/52 · (64x - 1/2): only the multiplied rounds move with x."""
    bet = tie_bet(Multiplied(5, all_cards, plain=1, less="1/2"))
    (solved,) = solve_multipliers(bet, 2, TENS)
    # 1 + ev = 2 · 6/5 = 12/5: 64x/52 = 12/5 - 1 - 51/52 + 1/104
    assert solved.base_pay == (Fraction(12, 5) - 1 - Fraction(51, 52) + Fraction(1, 104)
                               ) * Fraction(52, 64)


@pytest.mark.parametrize("target,settings,fee_note,pay_note", [
    ("10%", {}, "no fee from 0 to below the stake", "no pay above 0"),
    # solved uncapped, x = 364/575: six cards at 2x win 64x = 23296/575 ≈ 40.5 > 40
    ("200%", {"cap": 40}, "", "its cap of 40 binds at the pay solved uncapped"),
], ids=["target too low", "a cap that binds"])
def test_what_cannot_be_solved_says_why(target, settings, fee_note, pay_note):
    (solved,) = solve_multipliers(tie_bet(Multiplied(1, all_cards), **settings), target, TENS)
    assert (solved.fee is None) == bool(fee_note) and fee_note in solved.fee_note
    assert solved.base_pay is None and pay_note in solved.pay_note


@pytest.mark.parametrize("target,message", [
    ("ninety", "target return 'ninety' \\(str\\) must be a number such as 0.96 or '96%'"),
    (0, r"target return 0 \(int\) must be above 0"),
])
def test_a_bad_target_is_one_clear_error(target, message):
    with pytest.raises(BaccEdgeError, match=message):
        solve_multipliers(tie_bet(Multiplied(1, all_cards)), target, TENS)
