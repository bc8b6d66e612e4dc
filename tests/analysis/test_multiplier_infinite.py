"""A multiplier game on the infinite deck (cards dealt with replacement, the limit of a
shoe of ever more decks), against values worked by hand."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bacc_edge import BaccEdgeError, Event, Shoe, multiplier_effects, player, report, tie
from bacc_edge.analysis.multipliers import multiplier_report
from bacc_edge.language.card_words import CardGroup
from bacc_edge.language.overlay import Law, Multiplied, MultiplierBet, Overlay

PAIR_CARDS = CardGroup(["P1", "P2"], "the pair")
ONE_AT_2X = Overlay(1, Law({2: 1}))


def test_a_pair_s_identities_by_hand():
    """A pair comes 1 time in 13; its second card then has the first's suit 1 time in 4
    (one identity held twice: when drawn, 1 in 52, it counts twice, 4x) and another
    suit 3 times in 4 (two identities: one of them drawn 2 in 52, 2x). Paid 9, no fee."""
    bet = MultiplierBet("Pair", [Event("Pair", player.pair, Multiplied(9, PAIR_CARDS))],
                        ONE_AT_2X, fee=0)
    (result,) = multiplier_report(bet, Shoe.infinite())
    same = Fraction(51, 52) * 9 + Fraction(1, 52) * 36
    other = Fraction(50, 52) * 9 + Fraction(2, 52) * 18
    assert result.ev == Fraction(1, 13) * (Fraction(1, 4) * same + Fraction(3, 4) * other) \
        - Fraction(12, 13)


def test_no_identity_drawn_is_the_plain_bet_less_its_fee():
    """With no identity drawn the Player bet is the plain one: its expected win on the
    infinite deck as the plain report counts it, less the 20% fee."""
    events = [Event("Player wins", player.wins, Multiplied(1, player.hand)),
              Event("Tie", tie, "push")]
    bet = MultiplierBet("Player", events, Overlay(0, Law({2: 1})))
    (result,) = multiplier_report(bet, Shoe.infinite())
    (plain,) = report([bet.base], Shoe.infinite())
    assert result.return_on_stake - 1 == plain.ev - Fraction(1, 5)


def test_an_infinite_deck_has_no_effects_of_removal():
    bet = MultiplierBet("Pair", [Event("Pair", player.pair, Multiplied(9, PAIR_CARDS))],
                        ONE_AT_2X)
    with pytest.raises(BaccEdgeError, match="an infinite deck has no effects of removal"):
        multiplier_effects(bet, Shoe.infinite())
