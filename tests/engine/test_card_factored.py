"""Card bets whose suits are read only as "this group is one suit": the factored count
(:mod:`bacc_edge.engine.factored_table`) and the count of suits named in order of
appearance on asymmetric shoes (``count_named``), against the slow reference, cell by
cell.

Each reference deal (tests/reference.py, real cards one by one) is described by what
the bets read, worked out here from the cards: the coup's points, cards and winner,
each group's cards dealt and their values or ranks, and for each group whose suits the
bets compare, whether its cards dealt are all of one suit (or colour). The engine's
cells are described the same way from their features; the counts of each description
must agree exactly, on small suit-asymmetric shoes.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from card_numbers import small_suited_shoes
from reference import card_points, coups_dealt

from bacc_edge import (Bet, CardGroup, Event, Shoe, all_cards, banker, cards_dealt, first_four,
                       player, tie)
from bacc_edge.engine.card_table import ALL_CARDS, CardLayout, card_table
from bacc_edge.analysis.evaluator import Evaluator, layout_for
from bacc_edge.engine import factored_table as factored_table_module
from bacc_edge.engine.factored_table import (FactoredLayout, factored_for, factored_table,
                                             suit_groups)
from bacc_edge.engine.features import card_read, group_name
from bacc_edge.game.coup import POSITIONS, Winner
from bacc_edge.language.condition_algebra import Condition



def factored_layout(bets):
    """The factored layout the evaluator picks for ``bets`` (its cells that the bets
    settle alike merged), or None where it keeps the card layout."""
    layout = layout_for(bets)
    return layout if isinstance(layout, FactoredLayout) else None


def unmerged_layout(bets):
    """The factored layout of ``bets`` with every cell apart: a cell per number and
    flags of the groups of one suit."""
    features = frozenset().union(*(e.when.features for b in bets for e in b.events))
    layout = factored_for(factored_layout(bets).fine, features)
    assert not layout.merged
    return layout


def line_counts(bet, table):
    """The deals each line of ``bet`` settles (its events', then otherwise's), on a
    table of its layout."""
    return Evaluator([bet], table.layout).line_counts(table)[0]


RED = {1, 2}  # ♥ ♦ (suits ♠ ♥ ♦ ♣)


def suited(hand):
    return (hand.cards == 3) & (hand.points == 8) & hand.hand.same_suit


#: one bet per shape the factored count handles
SHAPES = {
    "one hand of one suit": Bet("one hand", [
        Event("suited 8", suited(player), 25), Event("8", player.points == 8, 2)]),
    "both hands of one suit": Bet("both hands", [
        Event("both", suited(player) & suited(banker), 200),
        Event("banker", suited(banker), 25), Event("tie", tie, 8)]),
    "colours and a card's colour against another's": Bet("contrast", [
        Event(f"{n} cards", player.hand.same_colour & banker.hand.same_colour
              & (player.card(1).colour != banker.card(1).colour) & (cards_dealt == n), n)
        for n in (6, 5, 4)]),
    "all six of one colour": Bet("six", [
        Event("one colour", tie & (player.cards == 3) & (banker.cards == 3)
              & all_cards.same_colour, 100),
        Event("tie", tie, 7)]),
    "the first four a flush, and their ranks": Bet("jackpot", [
        Event("royal", first_four.same_suit & (first_four.count(rank="A") == 1)
              & (first_four.count(rank="K") == 1), 250),
        Event("two pair", first_four.rank_counts == (2, 2), 4),
        Event("flush", first_four.same_suit, 10)]),
    "two cards' suits compared, and ranks": Bet("majestic", [
        Event("suited Q K", (player.card(1).suit == player.card(2).suit)
              & player.card(1).rank.isin("Q", "K"), 50),
        Event("suited", player.card(1).suit == player.card(2).suit, 2)]),
}

#: ranks of the small shoes: A, 3, 8, 9, Q, K (values 1, 3, 8, 9, 0, 0)
SHOE_RANKS = (0, 2, 7, 8, 11, 12)
SMALL_SHOES = small_suited_shoes(SHOE_RANKS, 2, patterns_differ=True)


def physical(rows):
    return [(r, s) for r in range(13) for s in range(4) for _ in range(rows[r][s])]


def _points(cards):
    return sum(card_points(r) for r, _ in cards) % 10


def _coup(deal):
    """The coup's features, from its cards."""
    p = [c for c in deal[0::2] if c is not None]
    b = [c for c in deal[1::2] if c is not None]
    pp, bp = _points(p), _points(b)
    return {"player_points": pp, "banker_points": bp, "player_cards": len(p),
            "banker_cards": len(b), "cards_dealt": len(p) + len(b),
            "winner": Winner.PLAYER if pp > bp else Winner.BANKER if bp > pp else Winner.TIE}


def _reads(features):
    """The features a description reads: coup features, and per card or group its
    rank, value or cards dealt (suits and colours are read through the groups' flags)."""
    out = []
    for name in sorted(features):
        read = card_read(name)
        if read is None:
            if ":" not in name:  # the marks (rank:related, …) are no features
                out.append((name, None, None, None))
        elif read[1] not in ("suit", "colour"):
            out.append((name, *read))
    return out


def _rank_read(rank: int, told: tuple) -> int:
    """A card's rank as a layout reads it: -1 for a 10, J, Q or K where neither it nor
    all ranks are told apart."""
    return rank if len(told) == 13 or rank in told or card_points(rank) else -1


def deal_description(deal, reads, groups, colour: bool, told: tuple):
    coup = _coup(deal)
    out = []
    for name, positions, attribute, grouped in reads:
        if positions is None:
            out.append(coup[name])
            continue
        cards = [deal[POSITIONS.index(p)] for p in positions]
        if attribute == "dealt":
            out.append(sum(c is not None for c in cards))
            continue
        get = ((lambda c: card_points(c[0])) if attribute == "value"
               else (lambda c: _rank_read(c[0], told)))
        values = sorted(get(c) for c in cards if c is not None)
        out.append(tuple(values) if grouped else (values[0] if values else -1))
    flags = 0
    for g, group in enumerate(groups):
        kinds = {(s in RED) if colour else s for c in (deal[p] for p in group)
                 if c is not None for s in (c[1],)}
        flags |= (len(kinds) <= 1) << g
    return tuple(out), flags


def cell_descriptions(layout, reads, groups, flags):
    """Per cell: the same description, from the layout's features, and ``flags``."""
    f = layout.features()
    out = []
    for i in range(layout.n_cells):
        row = []
        for name, positions, attribute, grouped in reads:
            value = f[name][..., i]
            if positions is None or attribute == "dealt" and not grouped:
                row.append(int(value))
            elif attribute == "dealt":
                row.append(int(np.sum(value)))
            elif grouped:
                dealt = f[name.rpartition(".")[0] + ".dealt"][:, i]
                row.append(tuple(sorted(int(v) for v, d in zip(value, dealt) if d)))
            else:
                row.append(int(value))
        out.append((tuple(row), int(flags[i])))
    return out


def fine_flags(layout: CardLayout, groups, attribute: str) -> np.ndarray:
    """Per card-layout cell, a bit per group whose cards dealt share a suit label."""
    f = layout.features()
    out = np.zeros(layout.n_cells, dtype=np.int64)
    for g, group in enumerate(groups):
        labels = f[group_name([POSITIONS[p] for p in group]) + "." + attribute]
        dealt = labels >= 0
        same = np.where(dealt, labels, 99).min(axis=0) == np.where(dealt, labels, -1).max(axis=0)
        out |= (same | (dealt.sum(axis=0) < 2)).astype(np.int64) << g
    return out


def reference_tally(rows, reads, groups, colour, told):
    tally: Counter = Counter()
    for deal, ways in coups_dealt(tuple(physical(rows))):
        tally[deal_description(deal, reads, groups, colour, told)] += ways
    return tally


def engine_tally(descriptions, counts):
    tally: Counter = Counter()
    for d, c in zip(descriptions, counts.tolist()):
        if c:
            tally[d] += c
    return tally


@lru_cache(maxsize=None)
def _setting(shape):
    """A shape's unmerged layout, what its descriptions read, and its cells described
    as factored cells and as card-layout cells (the same for every shoe)."""
    bet = SHAPES[shape]
    features = frozenset().union(*(e.when.features for e in bet.events))
    layout = unmerged_layout([bet])
    colour = layout.detail.suits == "colour"
    reads, groups, told = _reads(features), layout.groups, layout.detail.ranks
    factored = cell_descriptions(layout, reads, groups,
                                 layout.keys & ((1 << len(groups)) - 1))
    fine = cell_descriptions(layout.fine, reads, groups,
                             fine_flags(layout.fine, groups, "colour" if colour else "suit"))
    return layout, reads, groups, colour, told, factored, fine


@settings(max_examples=12, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(SMALL_SHOES)
@pytest.mark.parametrize("shape", list(SHAPES))
def test_factored_cells_match_the_reference_on_asymmetric_shoes(shape, rows):
    layout, reads, groups, colour, told, descriptions, _ = _setting(shape)
    table = factored_table(Shoe.from_suits(rows), layout)
    expected = reference_tally(rows, reads, groups, colour, told)
    assert engine_tally(descriptions, table.counts) == expected
    assert table.total == sum(expected.values())


@settings(max_examples=12, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(SMALL_SHOES)
@pytest.mark.parametrize("shape", list(SHAPES))
def test_suits_named_in_order_of_appearance_match_the_reference(shape, rows):
    """The card layout's own count on an asymmetric shoe (suits renamed by factored
    weights, ``count_named``), its cells described by their suit labels."""
    layout, reads, groups, colour, told, _, descriptions = _setting(shape)
    table = card_table(Shoe.from_suits(rows), layout.fine)
    assert engine_tally(descriptions, table.counts) == reference_tally(rows, reads, groups,
                                                                       colour, told)


def _one(cards, kind) -> bool:
    return len({kind(s) for _, s in cards}) <= 1


def _suited_8(cards) -> bool:
    return len(cards) == 3 and _points(cards) == 8 and _one(cards, lambda s: s)


def _contrast(p, b, n) -> bool:
    red = lambda s: s in RED  # noqa: E731
    return (_one(p, red) and _one(b, red) and red(p[0][1]) != red(b[0][1])
            and len(p) + len(b) == n)


def _jackpot(first):
    ranks = [r for r, _ in first]
    flush = _one(first, lambda s: s)
    return [flush and ranks.count(0) == 1 and ranks.count(12) == 1,
            sorted(Counter(ranks).values()) == [2, 2], flush]


#: per shape, its bet's events settled by hand from a deal's cards: (player's cards,
#: banker's, all dealt, the deal) → which events hold
BY_HAND = {
    "one hand of one suit": lambda p, b, a, d: [_suited_8(p), _points(p) == 8],
    "both hands of one suit": lambda p, b, a, d: [
        _suited_8(p) and _suited_8(b), _suited_8(b), _points(p) == _points(b)],
    "colours and a card's colour against another's": lambda p, b, a, d: [
        _contrast(p, b, n) for n in (6, 5, 4)],
    "all six of one colour": lambda p, b, a, d: [
        _points(p) == _points(b) and len(a) == 6 and _one(a, lambda s: s in RED),
        _points(p) == _points(b)],
    "the first four a flush, and their ranks": lambda p, b, a, d: _jackpot(d[:4]),
    "two cards' suits compared, and ranks": lambda p, b, a, d: [
        p[0][1] == p[1][1] and p[0][0] in (11, 12), p[0][1] == p[1][1]],
}


def reference_lines(bet, shape, rows):
    """The deals each line of the bet settles, every deal of the small shoe settled by
    hand (the first event that holds, else otherwise)."""
    lines = [0] * (len(bet.events) + 1)
    for deal, ways in coups_dealt(tuple(physical(rows))):
        p = [c for c in deal[0::2] if c is not None]
        b = [c for c in deal[1::2] if c is not None]
        holds = BY_HAND[shape](p, b, p + b, deal)
        lines[next((i for i, h in enumerate(holds) if h), len(holds))] += ways
    return tuple(lines)


@settings(max_examples=12, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(SMALL_SHOES)
@pytest.mark.parametrize("shape", list(SHAPES))
def test_merged_cells_settle_as_the_reference(shape, rows):
    """The layout the evaluator picks merges, per number, the cells the bet settles
    alike (their deals: what the cells told apart leave); every line of the bet counts
    as the reference's deals settled by hand."""
    bet = SHAPES[shape]
    table = factored_table(Shoe.from_suits(rows), factored_layout([bet]))
    assert line_counts(bet, table) == reference_lines(bet, shape, rows)


def test_a_layout_made_for_a_shoes_cards_counts_its_deals():
    """A layout made for the cards a shoe holds has no cells for what those cards cannot
    deal (three aces from two): the count meets such numbers with no deals, and goes
    on. Two aces and four nines, all six cards of one suit, against the reference."""
    rows = [[0] * 4 for _ in range(13)]
    rows[0], rows[8] = [1, 0, 0, 1], [1, 1, 1, 1]
    shoe = Shoe.from_suits(rows)
    bet = Bet("one suit", [Event("all one suit", all_cards.same_suit, 10)])
    layout = layout_for([bet], shoe=shoe)
    assert isinstance(layout, FactoredLayout) and layout.cards != ALL_CARDS
    expected = [0, 0]
    for deal, ways in coups_dealt(tuple(physical(rows))):
        expected[0 if _one([c for c in deal if c is not None], lambda s: s) else 1] += ways
    assert line_counts(bet, factored_table(shoe, layout)) == tuple(expected)


@pytest.mark.parametrize("shape", ["both hands of one suit",
                                   "colours and a card's colour against another's"])
def test_numbers_searched_settle_as_the_reference(shape, monkeypatch):
    """Where a layout's numbers are too many for an array, the count searches them: the
    same lines as the reference."""
    bet = SHAPES[shape]
    picked = factored_layout([bet])
    monkeypatch.setattr(factored_table_module, "DENSE_LOOKUP", 0)
    layout = FactoredLayout(picked.fine, picked.groups, picked.merged)
    assert len(layout.plan.dense) == 0
    rows = [[0] * 4 for _ in range(13)]
    rows[0], rows[7], rows[12] = [1, 1, 0, 0], [2, 0, 1, 0], [0, 1, 0, 1]
    table = factored_table(Shoe.from_suits(rows), layout)
    assert line_counts(bet, table) == reference_lines(bet, shape, rows)


def test_cells_the_bets_settle_alike_are_merged_and_never_weighed():
    """Contrast Bonus pays only when each hand is of one colour and the two differ: of
    the eight sets of groups of one colour it weighs the two above "both hands" alone;
    the one-hand bet weighs its hand only where that hand is a three-card 8, and
    nothing elsewhere."""
    contrast = factored_layout([SHAPES["colours and a card's colour against another's"]])
    assert contrast.merged and unmerged_layout([SHAPES[
        "colours and a card's colour against another's"]]).n_cells == 32
    assert contrast.n_cells == 8  # four numbers (cards dealt), contrast or not
    hands = 1 << contrast.groups.index((0, 2, 4)) | 1 << contrast.groups.index((1, 3, 5))
    plan = contrast.plan
    assert set(plan.plan.tolist()) == {0} and plan.n_apart.tolist() == [1]
    assert plan.apart[0, 0] == hands
    assert sorted(plan.weigh[0, :plan.n_weigh[0]].tolist()) == [hands, 7]
    one = factored_layout([SHAPES["one hand of one suit"]])
    weighs = one.plan.n_weigh[one.plan.plan]
    assert set(weighs.tolist()) == {0, 1}
    eights = one.features()["player_points"][one.plan.first[weighs == 1]]
    assert (eights == 8).all()
    assert (one.features()["player_cards"][one.plan.first[weighs == 1]] == 3).all()


def test_the_representatives_carry_the_flags_of_their_class():
    """A factored cell's flags (its number's low bits) are those its features show; a
    merged cell's are the least flags of its card-layout cells."""
    for bet in SHAPES.values():
        for layout in (unmerged_layout([bet]), factored_layout([bet])):
            attribute = layout.detail.suits.value
            fine = fine_flags(layout.fine, layout.groups, attribute)
            flags = layout.keys & ((1 << len(layout.groups)) - 1)
            least = np.full(layout.n_cells, 1 << 30)
            np.minimum.at(least, layout.cell_class, fine)
            assert (least == flags).all(), bet.name
            if not layout.merged:
                assert (fine[layout.first] == flags).all()


@pytest.mark.parametrize("shape", list(SHAPES))
def test_eight_decks_part_dealt_match_the_card_layout(shape):
    """On a part-dealt 8-deck shoe (named cards removed), every bet's lines count as on
    the card layout (itself checked against the reference above and in
    tests/engine/test_card_bets.py): the factored count loses nothing at full size."""
    bet = SHAPES[shape]
    rng = np.random.default_rng(19)
    shoe = Shoe.decks(8).remove(" ".join(
        f"{'A 2 3 4 5 6 7 8 9 10 J Q K'.split()[r]}{'shdc'[s]}"
        for r, s in zip(rng.integers(0, 13, 40), rng.integers(0, 4, 40))))
    layout = unmerged_layout([bet])
    table = factored_table(shoe, layout)
    fine = card_table(shoe, layout.fine)
    assert table.total == fine.total == shoe.coups
    for event in bet.events:
        assert table.count(event.when) == fine.count(event.when)
    merged = factored_table(shoe, factored_layout([bet]))
    assert line_counts(bet, merged) == line_counts(bet, fine)


def test_a_bet_reading_suits_another_way_is_not_factored():
    """"Exactly two suits among the player's cards" reads the group's suits, names none,
    and is not a question of one suit or not: the check on every cell refuses it."""
    two = Condition("two suits", lambda f: np.array([
        len({s for s, d in zip(f["{P1,P2,P3}.suit"][:, i], f["{P1,P2,P3}.dealt"][:, i])
             if d}) == 2 for i in range(f["{P1,P2,P3}.dealt"].shape[1])]),
        frozenset({"{P1,P2,P3}.suit", "{P1,P2,P3}.dealt"}))
    assert factored_layout([Bet("two suits", [Event("two", two, 2)])]) is None
    one = Bet("one suit", [Event("one", player.hand.same_suit, 2)])
    assert factored_layout([one]) is not None


def test_groups_read_are_the_groups_and_every_two_cards_read_alone():
    assert suit_groups({"{P1,P2,P3}.suit", "P1.colour", "B1.colour", "winner"}) == (
        (0, 1), (0, 2, 4))
    assert suit_groups({"P1.suit", "P2.suit", "B1.suit", "B2.suit", "P3.suit"}) is None


def test_named_suits_keep_the_card_layout():
    nine = Bet("nine of diamonds", [Event("9♦", first_four.count(rank="9", suit="♦") == 1, 2)])
    assert factored_layout([nine]) is None
    assert factored_layout([Bet("points", [Event("8", player.points == 8, 1)])]) is None


def test_a_shoe_with_suitless_removals_counts_through_the_card_layout():
    """Cards removed without their suit: the card layout's counts (averaged over the
    suits they could have been) summed per class. Two of each card of SHOE_RANKS: the
    same branches of the count as a whole deck (two primes, dense cells, suits
    relabelled), in a twentieth of the time."""
    bet = SHAPES["both hands of one suit"]
    layout = factored_layout([bet])
    rows = [[2] * 4 if r in SHOE_RANKS else [0] * 4 for r in range(13)]
    shoe = Shoe.from_suits(rows).remove("8h 9 K Ks")
    table = factored_table(shoe, layout)
    fine = card_table(shoe, layout.fine)
    assert table.total == fine.total
    assert line_counts(bet, table) == line_counts(bet, fine)


def test_the_layout_is_made_for_all_cards_by_default():
    assert factored_layout([SHAPES["all six of one colour"]]).cards == ALL_CARDS


@pytest.mark.parametrize("shape", ["both hands of one suit",
                                   "colours and a card's colour against another's"])
def test_an_infinite_deck_counts_as_the_card_layout_does(shape):
    """Cards dealt with replacement: every falling factor a power."""
    bet = SHAPES[shape]
    for layout in (unmerged_layout([bet]), factored_layout([bet])):
        table = factored_table(Shoe.infinite(), layout)
        fine = card_table(Shoe.infinite(), layout.fine)
        assert table.total == fine.total
        assert line_counts(bet, table) == line_counts(bet, fine)


# -- three groups apart: every way to give three sets of cards their suits ------------------
#: the player's first two cards, the banker's, and the two third cards: no card in two.
#: All three of one suit joins six cards into three sets, each given a suit of its own
#: or one with another: the count's every way (an odometer over the sets' suits), which
#: none of the shapes above reaches (their groups overlap, or are two)
PAIRS = (CardGroup(["P1", "P2"], "player's first two"),
         CardGroup(["B1", "B2"], "banker's first two"),
         CardGroup(["P3", "B3"], "the third cards"))
THREE_PAIRS = Bet("three pairs", [
    Event("three suited pairs", PAIRS[0].same_suit & PAIRS[1].same_suit & PAIRS[2].same_suit
          & (cards_dealt == 6), 500),
    Event("two suited pairs", PAIRS[0].same_suit & PAIRS[1].same_suit, 20),
    Event("suited thirds", PAIRS[2].same_suit & (cards_dealt == 6), 5)])


def three_pairs_by_hand(deal):
    """The bet's events on a deal (P1 B1 P2 B2 P3 B3, None where not dealt): each pair
    of one suit (a pair with no card dealt: none), all three with six cards dealt; the
    first two; the thirds with six cards dealt."""
    pairs = [[c for c in (deal[i], deal[j]) if c is not None]
             for i, j in ((0, 2), (1, 3), (4, 5))]
    one = [bool(cards) and _one(cards, lambda s: s) for cards in pairs]
    six = len(pairs[2]) == 2
    return [all(one) and six, one[0] and one[1], one[2] and six]


def rows_of(cards: str):
    """Suit rows of a shoe written as "A♠ A♠ Q♥ …"."""
    rows = [[0] * 4 for _ in range(13)]
    for card in cards.split():
        rows[RANKS.index(card[:-1])][SUITS.index(card[-1])] += 1
    return rows


RANKS, SUITS = "A 2 3 4 5 6 7 8 9 10 J Q K".split(), "♠♥♦♣"


@pytest.mark.parametrize("cards", [
    "A♠ A♠ A♥ Q♠ Q♠ Q♦ K♠ K♥ K♣",      # mostly spades: many deals of three suited pairs
    "A♠ A♥ 3♠ 3♦ Q♥ Q♦ K♠ K♣",         # two of each suit: the pairs' suits apart or shared
    "A♠ A♠ 3♥ 3♥ Q♦ Q♦ K♣ K♣ 8♠",      # four suits in pairs
])
def test_three_groups_apart_of_one_suit_count_as_the_reference(cards):
    rows = rows_of(cards)
    shoe = Shoe.from_suits(rows)
    layout = unmerged_layout([THREE_PAIRS])
    assert layout.groups == ((0, 2), (1, 3), (4, 5))
    features = frozenset().union(*(e.when.features for e in THREE_PAIRS.events))
    reads, told = _reads(features), layout.detail.ranks
    described = cell_descriptions(layout, reads, layout.groups, layout.keys & 7)
    assert engine_tally(described, factored_table(shoe, layout).counts) == reference_tally(
        rows, reads, layout.groups, False, told)
    lines = [0] * 4
    for deal, ways in coups_dealt(tuple(physical(rows))):
        holds = three_pairs_by_hand(deal)
        lines[next((i for i, h in enumerate(holds) if h), 3)] += ways
    assert line_counts(THREE_PAIRS, factored_table(shoe, factored_layout([THREE_PAIRS]))) \
        == tuple(lines)
    assert lines[0] > 0


def test_three_groups_apart_on_a_larger_shoe_count_as_the_card_layout():
    """Every suit of SHOE_RANKS less three cards (21 cards): the factored count, cells
    apart and merged, against the card layout's (itself checked against the reference
    in tests/engine/test_card_bets.py)."""
    shoe = Shoe.from_suits([[1] * 4 if r in SHOE_RANKS else [0] * 4 for r in range(13)]
                           ).remove("A♠ 9♥ Q♦")
    fine = card_table(shoe, unmerged_layout([THREE_PAIRS]).fine)
    for layout in (unmerged_layout([THREE_PAIRS]), factored_layout([THREE_PAIRS])):
        table = factored_table(shoe, layout)
        assert table.total == fine.total == shoe.coups
        assert line_counts(THREE_PAIRS, table) == line_counts(THREE_PAIRS, fine)


def test_a_layout_of_three_groups_says_which_it_reads():
    words = "its suits read only as whether P1+P2, B1+B2, P3+B3 are each of one suit"
    assert unmerged_layout([THREE_PAIRS]).describe().endswith(words)
    assert factored_layout([THREE_PAIRS]).describe().endswith(words + " (where the bets tell it)")
    assert repr(factored_layout([THREE_PAIRS])).startswith("<FactoredLayout point values")
