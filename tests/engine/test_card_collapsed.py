"""Card bets counted in milliseconds on part-dealt shoes (issue 19 §3): an evaluator
compiled once per bets and layout, and card layouts whose suits are told apart only on
the cards whose suit a bet reads (collapsed), against the slow reference."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from card_numbers import small_suited_shoes
from reference import card_points, reference_deals

from bacc_edge import Bet, Event, Shoe, banker, first_four, player
from bacc_edge.analysis.evaluator import Evaluator, layout_for
from bacc_edge.engine.card_table import CardLayout, card_table
from bacc_edge.engine.collapsed_table import CollapsedLayout, collapsed_numbers
from bacc_edge.engine.point_table import CellLayout, outcome_table


def test_a_compiled_evaluator_is_kept_per_bets_and_layout():
    """The same bets on the same layout: one compiled Evaluator; another layout, or
    other bet objects (alike or not), their own."""
    bet = Bet("player 8", [Event("8", player.points == 8, 2)])
    twin = Bet("player 8", [Event("8", player.points == 9, 2)])
    plain, suited = CellLayout(False), CellLayout(True)
    first = Evaluator.compiled([bet], plain)
    assert Evaluator.compiled([bet], plain) is first
    assert first.layout == plain
    other = Evaluator.compiled([bet], suited)
    assert other is not first and other.layout == suited
    table = outcome_table(Shoe.decks(8))
    assert Evaluator.compiled([twin], plain).bets[0] is twin
    assert Evaluator.compiled([twin], plain).evs(table) != first.evs(table)


NINE, KING, ACE, DIAMONDS, HEARTS = 8, 12, 0, 2, 1  # ranks 0 = A … 12 = K; suits ♠ ♥ ♦ ♣


def lucky_nines_line(deal) -> int:
    """Lucky Nines' line (paytable file's order) from the first four cards themselves."""
    nines = [s for r, s in deal[:4] if r == NINE]
    suited = len(set(nines)) == 1
    if len(nines) == 4:
        return 0
    if len(nines) == 3:
        return 1 if suited else 2
    if len(nines) == 2:
        return 3 if suited else 4
    if len(nines) == 1:
        return 5 if nines[0] == DIAMONDS else 6
    return 7


def king_line(deal) -> int:
    """The king of hearts bet's line: P1 the K♥ and the player wins; P1 an ace."""
    p, b = (sum(card_points(c[0]) for c in deal[side::2] if c is not None) % 10
            for side in (0, 1))
    if deal[0] == (KING, HEARTS) and p > b:
        return 0
    return 1 if deal[0][0] == ACE else 2


def _lucky_nines():
    nines = first_four.count(rank="9")

    def of_one_suit(n):
        one = first_four.count(rank="9", suit="♠") == n
        for suit in "♥♦♣":
            one = one | (first_four.count(rank="9", suit=suit) == n)
        return (nines == n) & one

    return Bet("Lucky Nines", [
        Event("four", nines == 4, 500), Event("three suited", of_one_suit(3), 250),
        Event("three", nines == 3, 20), Event("two suited", of_one_suit(2), 8),
        Event("two", nines == 2, 5),
        Event("9♦", (nines == 1) & (first_four.count(rank="9", suit="♦") == 1), 2),
        Event("one", nines == 1, 1)])


#: bet → its lines from the cards, and how many bases keep their suits
SHAPES = {
    "nines by suit, the first four": (_lucky_nines(), lucky_nines_line, 1),
    "the K♥ first and the player wins, or an ace first": (Bet("K♥", [
        Event("K♥ wins", (player.card(1).rank == "K") & (player.card(1).suit == "♥")
              & (player.points > banker.points), 10),
        Event("ace", player.card(1).rank == "A", 1)]), king_line, 1),
}

#: ranks of the small shoes: A, 8, 9, Q, K
SHOE_RANKS = (ACE, 7, NINE, 11, KING)
SMALL_SHOES = small_suited_shoes(SHOE_RANKS, 3)


@pytest.mark.parametrize("shape", list(SHAPES))
def test_the_layout_collapses_the_suits_no_line_reads(shape):
    bet, _, kept = SHAPES[shape]
    layout = layout_for([bet])
    assert isinstance(layout, CollapsedLayout)
    assert layout.detail.n_bases - len(layout.bases) == kept
    assert (collapsed_numbers(layout.fine, ()) == layout.fine.cells).all()


@settings(max_examples=15, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(SMALL_SHOES)
@pytest.mark.parametrize("shape", list(SHAPES))
def test_collapsed_counts_match_the_reference_on_asymmetric_shoes(shape, rows):
    """Every line's deals, on the collapsed layout, as the reference dealer's real
    cards settle them."""
    bet, line_of, _ = SHAPES[shape]
    shoe = Shoe.from_suits(rows)
    layout = layout_for([bet], shoe=shoe)
    table = layout.table(shoe)
    expected = [0] * (len(bet.events) + 1)
    cards = [(r, s) for r in range(13) for s in range(4) for _ in range(rows[r][s])]
    for deal, ways in reference_deals(cards):
        expected[line_of(deal)] += ways
    assert Evaluator([bet], layout).line_counts(table)[0] == tuple(expected)
    assert table.total == sum(expected)


@pytest.mark.parametrize("shape", list(SHAPES))
def test_eight_decks_part_dealt_match_the_card_layout(shape):
    """On a part-dealt 8-deck shoe, one with cards removed without their suit and an
    infinite deck, every line counts as on the card layout (itself checked against the reference in
    tests/engine/test_card_bets.py): nothing lost at full size."""
    bet = SHAPES[shape][0]
    rng = np.random.default_rng(19)
    named = Shoe.decks(8).remove(" ".join(
        f"{'A 2 3 4 5 6 7 8 9 10 J Q K'.split()[r]}{'shdc'[s]}"
        for r, s in zip(rng.integers(0, 13, 60), rng.integers(0, 4, 60))))
    for shoe in (named, Shoe.decks(2).remove("9h 9 K 5"), Shoe.infinite()):
        layout = layout_for([bet])
        table, fine = layout.table(shoe), card_table(shoe, layout.fine)
        assert table.total == fine.total
        assert (Evaluator([bet], layout).line_counts(table)
                == Evaluator([bet], layout.fine).line_counts(fine))


def test_a_bet_reading_every_suit_keeps_the_card_layout():
    """A suited pair reads the suit of every rank: nothing collapses."""
    suited = Bet("suited pair", [Event("pair", (player.card(1).rank == player.card(2).rank)
                                       & (player.card(1).suit == player.card(2).suit)
                                       & (player.card(1).suit == "♦"), 25)])
    assert isinstance(layout_for([suited]), CardLayout)


def test_a_condition_the_collapsed_classes_do_not_tell_counts_on_the_card_cells():
    """A table of collapsed classes (the suits of every rank but the nine not dealt)
    asked about a heart among the first four: counted on cells that tell it, as the
    reference dealer counts it, not read off one cell of each class."""
    nines = first_four.count(rank="9")
    bet = Bet("nine of diamonds", [
        Event("9♦", first_four.count(rank="9", suit="♦") >= 1, 5), Event("9", nines >= 1, 1)])
    rows = [[0] * 4 for _ in range(13)]
    rows[NINE] = [1, 0, 2, 0]  # nines: ♠ ♦ ♦
    rows[ACE] = [1, 2, 0, 1]  # aces: ♠ ♥ ♥ ♣
    rows[KING] = [0, 1, 1, 0]  # kings: ♥ ♦
    shoe = Shoe.from_suits(rows)
    layout = layout_for([bet], shoe=shoe)
    assert isinstance(layout, CollapsedLayout)
    table = layout.table(shoe)
    cards = [(r, s) for r in range(13) for s in range(4) for _ in range(rows[r][s])]
    hearts = sum(ways for deal, ways in reference_deals(cards)
                 if any(card[1] == HEARTS for card in deal[:4]))
    assert table.count(first_four.count(suit="♥") >= 1) == hearts
