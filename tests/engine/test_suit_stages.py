"""Bets on suits or colours and no rank or value, counted in stages
(bacc_edge.engine.suit_stages) and with the coups of alike values folded
(card_enumeration.value_folded): every line against the language read a second time on
the slow reference's deals (tests/reference_language.py), exactly.

On 8 decks a count takes these ways only where it deals millions of card sequences; here
the thresholds are lowered so that small shoes, which the reference deals in full, take
them too (and a test asks that they did).
"""

from __future__ import annotations

import numpy as np
import pytest
from reference_language import line_counts

from bacc_edge import Shoe, Tables
from bacc_edge.analysis.evaluator import Evaluator, layout_for
from bacc_edge.engine import card_enumeration
from bacc_edge.language.random_bets import bet_from_source

S, H, D, C = range(4)  # ♠ ♥ ♦ ♣
#: name → ((rank, suit), copies), ranks 0 (A) … 12 (K): small, suits uneven
SHOES = {
    "uneven": (((0, S), 2), ((0, H), 1), ((4, D), 2), ((8, C), 1), ((9, S), 1),
               ((12, H), 2), ((5, C), 1), ((7, D), 1)),
    # aces and twos alike, fives as many but split otherwise (folded where read alike)
    "aces and twos alike": (((0, S), 2), ((0, H), 1), ((1, S), 2), ((1, H), 1), ((4, S), 1),
                            ((4, H), 2), ((12, D), 2), ((11, C), 1)),
}
BETS = {
    "Red Rush": (
        'Bet("Red Rush", [Event("Red flush vs black", player.hand.same_suit & '
        '(player.card(1).colour == "red") & banker.hand.same_colour & '
        '(banker.card(1).colour == "black"), 100), Event("Red vs black", '
        '(player.hand.count(colour="red") == player.hand.size) & '
        '(banker.hand.count(colour="black") == banker.hand.size), 12), '
        'Event("Four of a suit", first_four.same_suit, 30)])'),
    # a suit named beside the points: the coup's key tells cells apart
    "suits and points": (
        'Bet("Suited points", [Event("e0", player.hand.same_suit & (player.points >= 5), 10), '
        'Event("e1", (banker.card(1).suit == "♠") & ~tie, 2)])'),
    # suits never named: renamed in order of appearance
    "flushes": (
        'Bet("Flushes", [Event("e0", player.hand.same_suit & banker.hand.same_suit, 20), '
        'Event("e1", first_four.same_suit & player.wins, 3)])'),
    # colours of the third cards only: the first four cards' suits unread
    "third colours": (
        'Bet("Third colours", [Event("e0", (player.card(3).colour == "red") & '
        '(banker.card(3).colour == "black"), 8), Event("e1", banker.hand.same_colour & '
        '~banker.natural, 2)])'),
}


def engine_shoe(kinds) -> Shoe:
    rows = [[0] * 4 for _ in range(13)]
    for (rank, suit), copies in kinds:
        rows[rank][suit] += copies
    return Shoe.from_suits(rows)


def card_level_counts(source: str, shoe: Shoe, then=lambda: None) -> tuple[int, ...]:
    """Each line's deals, counted on the bet's card-level cells (never its factored or
    collapsed classes, which have kernels of their own): the cells found first, then
    ``then()`` called, then the shoe counted."""
    bet = bet_from_source(source)
    layout = layout_for([bet], shoe=shoe)
    fine = getattr(layout, "fine", layout)
    assert len(fine.cells)
    then()
    return Evaluator([bet], fine).line_counts(Tables().get(shoe, fine))[0]


@pytest.fixture
def taken(monkeypatch):
    """The ways counts took ("staged", "folded"); the coups of alike values folded in
    every count where they can be."""
    seen = []
    staged, folded = card_enumeration.count_staged, card_enumeration.value_folded
    monkeypatch.setattr(card_enumeration, "FOLD_SEQUENCES", -1.0)

    def count_staged(*args):
        seen.append("staged")
        return staged(*args)

    def value_folded(*args):
        seen.append("folded")
        return folded(*args)

    monkeypatch.setattr(card_enumeration, "count_staged", count_staged)
    monkeypatch.setattr(card_enumeration, "value_folded", value_folded)
    return seen


@pytest.mark.parametrize("source", BETS.values(), ids=BETS.keys())
@pytest.mark.parametrize("shoe_name", sorted(SHOES))
def test_a_bet_counted_in_stages_counts_as_the_reference_counts_it(source, shoe_name, taken,
                                                                    monkeypatch):
    # the cells found as before (dealt one by one), then the shoe counted in stages: a
    # count must reach the cells the layout numbers, suits renamed alike
    kinds = SHOES[shoe_name]
    assert card_level_counts(source, engine_shoe(kinds), lambda: monkeypatch.setattr(
        card_enumeration, "staged_steps", lambda detail: -1.0)) == line_counts(source, kinds)
    assert "staged" in taken


@pytest.mark.parametrize("source", [BETS["Red Rush"], BETS["suits and points"]],
                         ids=["Red Rush", "suits and points"])
def test_a_bet_counted_with_alike_values_folded_counts_as_the_reference_counts_it(
        source, taken, monkeypatch):
    monkeypatch.setattr(card_enumeration, "staged_steps", lambda detail: float("inf"))
    kinds = SHOES["aces and twos alike"]
    assert card_level_counts(source, engine_shoe(kinds)) == line_counts(source, kinds)
    assert "folded" in taken


def test_the_values_a_shoe_cannot_tell_apart_are_found():
    # Red Rush reads no rank or value: on this shoe the ace and the two are alike; the
    # five (as many cards, split otherwise between the suits) is not; nor are the values
    # 3, 4 and 6-9, alike among themselves (none held)
    shoe = engine_shoe(SHOES["aces and twos alike"])
    detail = layout_for([bet_from_source(BETS["Red Rush"])], shoe=shoe).fine.detail
    counts = card_enumeration.shoe_counts(detail, np.array(shoe.suits))
    assert card_enumeration.interchangeable(detail, *counts) == (0, 1, 1, 3, 3, 5, 3, 3, 3, 3)
