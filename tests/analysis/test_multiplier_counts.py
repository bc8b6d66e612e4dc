"""Counting a multiplier game's bet: its effects of removal in the plain bets' terms (the
expected win per unit staked, the fee counted as a loss), against the reference that
deals every coup of a small shoe less a card and draws every set of identities."""

from __future__ import annotations

from fractions import Fraction

from overlay_reference import physical, reference_law, rows_of

from bacc_edge import Event, Shoe, player, tie
from bacc_edge.analysis.multiplier_counts import multiplier_counts
from bacc_edge.language.overlay import Law, Multiplied, MultiplierBet, Overlay

#: aces (two A♠, one A♥), a 5♥ and a 5♦, a K♠ and a K♥: seven cards, six left after one
SEVEN = {0: (2, 1, 0, 0), 4: (0, 1, 1, 0), 12: (1, 1, 0, 0)}
IDENTITIES, MULTIPLIERS = Law({1: 1}), Law({2: 1})
DECK = len(set(physical(SEVEN))) + 1


def ev(shape):
    """The Player bet's expected win per unit staked, its 20% fee a loss, by the
    reference."""
    law = reference_law(shape, "Player", "product", "each card", IDENTITIES.probabilities,
                        MULTIPLIERS.probabilities, DECK - len(set(physical(shape))))
    return sum(x * p for x, p in law.items()) - Fraction(1, 5)


def test_effects_by_card_and_rank_and_the_count_match_the_reference():
    bet = MultiplierBet("Player", [Event("Player wins", player.wins, Multiplied(1, player.hand)),
                                   Event("Tie", tie, "push")],
                        Overlay(IDENTITIES, MULTIPLIERS, deck=DECK))
    (effects,), (count,) = multiplier_counts(bet, Shoe.from_suits(rows_of(SEVEN)))
    assert effects.bet.name == "Player" and effects.ev == ev(SEVEN)
    less_spade, less_heart = {**SEVEN, 0: (1, 1, 0, 0)}, {**SEVEN, 0: (2, 0, 0, 0)}
    assert effects.by_card["A♥"] == ev(less_heart) - ev(SEVEN)
    # the rank's effect: its cards' effects, two A♠ to one A♥
    assert effects.by_rank["A"] == (2 * (ev(less_spade) - ev(SEVEN))
                                    + ev(less_heart) - ev(SEVEN)) / 3
    assert set(effects.by_rank) == {"A", "5", "K"} and effects.sum_check == 0
    # the count tags a rank + when its removal helps the bettor
    assert count is not None and all(
        (count.tags[r] > 0) == (effects.by_rank[r] > 0) for r in effects.by_rank
        if count.tags[r])
