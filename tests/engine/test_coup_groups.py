"""Counting a card layout's coups a group at a time (bacc_edge.engine.coup_groups): every
line of bets whose layouts deal far more card sequences than they fill cells, counted
through the groups on small shoes, against the language read a second time on the slow
reference's deals (tests/reference_language.py), exactly; and the plan that prices it.

Each layout is made for every card (as for an 8-deck shoe), so that its plan counts a
group at a time; the test sees the count take that path (the groups weighed), so it
cannot pass through the coup-by-coup count. The shoes are small and uneven in suits;
some kinds are held once, so a fine class runs out when two fine cards ask for it.
"""

from __future__ import annotations

import pytest
from reference_language import line_counts

from bacc_edge import Shoe, Tables
from bacc_edge.analysis.evaluator import Evaluator, answering_cells, layout_for
from bacc_edge.engine import card_enumeration, card_kernels, card_replay
from bacc_edge.engine.card_plan import plan_cost
from bacc_edge.game.tableau import STANDARD
from bacc_edge.language.random_bets import bet_from_source, random_bets

S, H, D, C = range(4)  # ♠ ♥ ♦ ♣
#: name → ((rank, suit), copies), ranks 0 (A) … 12 (K)
SHOES = {
    "threes, sevens to tens, a queen": (((2, H), 2), ((2, S), 1), ((6, D), 2), ((8, C), 2),
                                        ((9, H), 1), ((11, S), 1)),
    # the same, part dealt: a three of spades and a seven of diamonds gone
    "the same, part dealt": (((2, H), 2), ((6, D), 1), ((8, C), 2), ((9, H), 1),
                             ((11, S), 1)),
    "aces, threes and kings": (((0, S), 2), ((0, D), 1), ((2, C), 3), ((12, H), 1),
                               ((12, S), 1)),
    # as many of each suit: suits named in order of appearance deal one naming only
    "an ace and a three of each suit": tuple(((rank, suit), 1) for rank in (0, 2)
                                             for suit in (S, H, D, C)),
}
#: bets whose layouts are counted a group at a time, as their text
BETS = {
    # 40 kinds of card (values and suits) at B1, B2, P3, B3, whether each hand drew;
    # cell numbers in an array
    "random bet 3": random_bets(1, 3)[2].source,
    # ranks and suits at five positions, both two-card totals; cell numbers in a dict,
    # a later shoe's counted into an array of the cells known
    "random bet 38": random_bets(1, 38)[37].source,
    # the player's points, of cards read by value alone (P2, P3), beside the fine cards:
    # groups of coups told apart by more than their fine cards
    "suits and points": 'Bet("Suits and points", [Event("e0", (banker.card(1).suit == "♥") '
                        '& (banker.card(2).colour == "red") & (banker.card(1).value > '
                        'player.points), 8), Event("e1", (banker.card(3).colour == "red") | '
                        '(player.card(1).suit == "♦"), 1)])',
    # suits compared, never named: named in order of appearance
    "suits compared": 'Bet("Suits compared", [Event("e0", (player.card(3).suit == '
                      'banker.card(3).suit) & (banker.card(1).value == player.card(3).value), '
                      '5), Event("e1", banker.card(2).suit == banker.card(1).suit, 1)])',
}


def engine_shoe(kinds) -> Shoe:
    rows = [[0] * 4 for _ in range(13)]
    for (rank, suit), copies in kinds:
        rows[rank][suit] += copies
    return Shoe.from_suits(rows)


@pytest.fixture(scope="module")
def layouts():
    """Each bet with its card layout for every card (kept for the module: made once): the
    cells of each card, before any narrowing for the bets (whose counts may take
    another path)."""
    out = {}
    for name, source in BETS.items():
        bet = bet_from_source(source)
        layout = layout_for([bet])
        out[name] = bet, getattr(layout, "fine", layout)
    return out


@pytest.mark.parametrize("bet_name", sorted(BETS))
@pytest.mark.parametrize("shoe_name", sorted(SHOES))
def test_a_count_made_a_group_of_coups_at_a_time_is_the_reference_count(
        bet_name, shoe_name, layouts, monkeypatch):
    bet, layout = layouts[bet_name]
    weighed = []

    def spy(*args):
        weighed.append(args)
        return card_enumeration.weighed.__wrapped__(*args)

    spy.__wrapped__ = card_enumeration.weighed
    monkeypatch.setattr(card_enumeration, "weighed", spy)
    monkeypatch.setattr(card_replay, "weighed", spy)  # a later shoe replays the groups
    kinds = SHOES[shoe_name]
    counted = Evaluator([bet], layout).line_counts(Tables().get(engine_shoe(kinds), layout))[0]
    assert weighed, "counted coup by coup, not a group at a time"
    assert counted == line_counts(BETS[bet_name], kinds)


def test_the_plan_prices_a_count_made_a_group_of_coups_at_a_time(layouts):
    """Random bet 3 deals 8.0e7 sequences coup by coup, 6,090 groups' worth a group at
    a time (1.4e6: 1.7 % of them) after weighing the coups (fewer than the 339,400: the
    coups of a group whose other cards are the same values in another order weigh
    alike, weighed once): priced so, well under the second the coup-by-coup count was
    priced at."""
    fine = layouts["random bet 3"][1]
    cost = plan_cost(fine.detail, fine.tableau, fine.cards)
    assert cost.sequences > 5e7 and 0 < cost.weighed < 339_400
    assert cost.grouped < cost.sequences / 50
    assert cost.seconds < cost.sequences * 15e-9 / 5
    assert "card sequences dealt in groups of coups" in cost.describe()


@pytest.mark.parametrize("bet_name", ["random bet 3", "random bet 38"])
def test_later_shoes_replay_a_record_of_the_groups(bet_name, layouts, monkeypatch):
    """Shoe after shoe of one layout counted a group at a time (its cells in an array,
    bet 3; or many, bet 38), the later ones re-weigh a record of the groups' sequences
    (each group weighed again on the shoe) rather than deal them again, summed into the
    cells and, straight, into the bet's classes: every line as the reference counts it."""
    bet, layout = layouts[bet_name]
    card_replay.forget()
    replayed = []
    for name in ("replay_cells", "replay_named", "replay_by_cell"):
        real = getattr(card_kernels, name)
        monkeypatch.setattr(card_kernels, name,
                            lambda *a, real=real: replayed.append(a[0]) or real(*a))
    evaluator = Evaluator([bet], layout)
    for shoe_name in sorted(SHOES):
        kinds = SHOES[shoe_name]
        shoe = engine_shoe(kinds)
        assert evaluator.line_counts(Tables().get(shoe, layout))[0] == \
            line_counts(BETS[bet_name], kinds), shoe_name
        assert evaluator.line_counts(Tables().class_totals(shoe, evaluator))[0] == \
            line_counts(BETS[bet_name], kinds), shoe_name
    groups = card_enumeration.coup_groups(layout.detail, layout.tableau)
    assert len(replayed) >= len(SHOES)
    assert all(len(cells.coups) == len(groups.cells.coups) for cells in replayed)
    card_replay.forget()


def test_a_layout_whose_coups_are_each_a_group_of_their_own_makes_no_groups():
    """Random bet 49 deals 5.6e7 sequences over a million coups, but no two of its coups
    share their fine positions' values and their cells' part: a group at a time would
    deal as many sequences and weigh every coup besides. No groups are made (making
    them, to price them, took half its first count), and the plan prices it coup by
    coup; the bets above, whose coups do share groups, still make theirs."""
    cells = answering_cells([bet_from_source(random_bets(1, 49)[48].source)], STANDARD,
                            shoe=Shoe.decks(8))
    assert card_enumeration.coup_groups(cells.detail, cells.tableau) is None
    assert plan_cost(cells.detail, cells.tableau, cells.cards).weighed == 0
    for name in BETS:
        grouped = answering_cells([bet_from_source(BETS[name])], STANDARD, shoe=Shoe.decks(8))
        assert card_enumeration.coup_groups(grouped.detail, grouped.tableau) is not None, name
