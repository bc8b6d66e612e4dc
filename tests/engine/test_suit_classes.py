"""Suit classes (bacc_edge.engine.card_table.CardDetail.suit_classes): where a bet reads
suits only by naming some, the cells tell apart only the suits named (and the colours,
where a colour is read), worked out by hand on small layouts; a bet that relates suits
to each other keeps every suit apart. That such bets count exactly is checked against
the reference dealer with the random bets (tests/language/test_random_bets.py)."""

from __future__ import annotations

import pytest

from bacc_edge import Bet, Event, banker, first_four, player
from bacc_edge.analysis.evaluator import bet_features
from bacc_edge.engine.card_plan import plan_cost
from bacc_edge.engine.point_table import layout_answering

#: condition → the suit class of ♠ ♥ ♦ ♣ (empty: the usual classes)
PARTITIONS = [
    ("♥ named", player.card(1).suit == "♥", (0, 1, 0, 0)),
    ("♥ named, a colour read", (player.card(1).suit == "♥")
     & (banker.card(1).colour == "black"), (0, 1, 2, 0)),
    ("♣ counted, ♠ named", (first_four.count(suit="♣") >= 2) & player.card(1).is_("A♠"),
     (0, 1, 1, 2)),
    ("♦ named beside a flush", (player.card(1).suit == "♦") & player.hand.same_suit, ()),
    ("♥ named beside two suits compared", (player.card(1).suit == "♥")
     & (banker.card(1).suit == player.card(2).suit), ()),
    ("♥ named beside a suited pair", (player.card(1).suit == "♥") & banker.suited_pair, ()),
    ("every suit named", (first_four.count(suit="♠") == 1) & (first_four.count(suit="♥") == 1)
     & (first_four.count(suit="♦") == 1) & (first_four.count(suit="♣") == 1), ()),
]


def _fine(condition):
    return layout_answering(bet_features(Bet("b", [Event("e", condition, 1)])))


@pytest.mark.parametrize("condition, classes", [(c, k) for _, c, k in PARTITIONS],
                         ids=[name for name, _, _ in PARTITIONS])
def test_the_suits_told_apart_are_those_named_and_the_colours_read(condition, classes):
    assert _fine(condition).detail.suit_classes == classes


def test_one_suit_named_deals_each_card_as_that_suit_or_another():
    """P1's suit named ♥, the coup not read: P1 is dealt as each of 10 values, ♥ or not,
    20 sequences into 2 cells (♥ or not), where every suit apart dealt 40 into 4."""
    fine = _fine(player.card(1).suit == "♥")
    cost = plan_cost(fine.detail, fine.tableau, fine.cards)
    assert (cost.sequences, cost.least, cost.most) == (20, 2, 2)
    assert fine.n_cells == 2
