"""``coup.card(n)``, the n-th card out of the shoe, against the slow reference.

Under the six-card counting convention every ordered sequence of six cards is counted,
so cards 5 and 6 exist in every one, dealt to a hand or not. The reference
(tests/reference.py, :func:`reference_sequences`) deals every such sequence of a small
shoe one by one and reads the cards straight off it; random conditions mixing the
cards out of the shoe with every other word (tests/engine/test_card_bets.py's specs) must
count exactly as the engine counts them.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reference import card_points, reference_sequences
from test_card_bets import (POS, RED, atoms, card_of, engine, engine_count, physical, ref,
                            suited_shoes)

from bacc_edge import BaccEdgeError, ConditionError, Shoe, coup, player
from bacc_edge.conditions import coup as coup_from_conditions
from bacc_edge.game.cards import RANKS, SUITS
from bacc_edge.language.card_words import ShoeCard

NUMBERS = st.integers(1, 6)


def shoe_atoms(ranks, suits: bool):
    """Random specs on the cards out of the shoe: ("shoe_…", n, …)."""
    rank = st.sampled_from(ranks)
    plain = [
        st.tuples(st.just("shoe_rank"), NUMBERS, rank),
        st.tuples(st.just("shoe_rank_ne"), NUMBERS, rank),
        st.tuples(st.just("shoe_value"), NUMBERS, st.integers(0, 9)),
        st.tuples(st.just("shoe_dealt"), NUMBERS),
        st.tuples(st.just("shoe_rank_eq"), NUMBERS, NUMBERS),
        st.tuples(st.just("shoe_rank_eq_hand"), NUMBERS, st.sampled_from(POS)),
        st.tuples(st.just("shoe_value_gt"), NUMBERS, NUMBERS),
    ]
    suited = [
        st.tuples(st.just("shoe_suit"), NUMBERS, st.integers(0, 3)),
        st.tuples(st.just("shoe_colour"), NUMBERS, st.booleans()),
        st.tuples(st.just("shoe_suit_eq"), NUMBERS, NUMBERS),
        st.tuples(st.just("shoe_is"), NUMBERS, rank, st.integers(0, 3)),
    ]
    return plain + (suited if suits else [])


def mixed_specs(ranks, suits: bool):
    """A card out of the shoe, and a random condition built of it and every other
    word: (and, shoe atom, tree)."""
    shoe = st.one_of(shoe_atoms(ranks, suits))
    leaves = st.one_of(shoe, atoms(ranks, suits))
    tree = st.recursive(leaves, lambda inner: st.one_of(
        st.tuples(st.just("and"), inner, inner), st.tuples(st.just("or"), inner, inner),
        st.tuples(st.just("not"), inner)), max_leaves=3)
    return st.tuples(st.sampled_from(["and", "or"]), shoe, tree)


def shoe_ref(spec, deal, six) -> bool:
    """The reference's reading: card n is ``six[n - 1]``, always there."""
    kind = spec[0]
    if kind == "and":
        return shoe_ref(spec[1], deal, six) and shoe_ref(spec[2], deal, six)
    if kind == "or":
        return shoe_ref(spec[1], deal, six) or shoe_ref(spec[2], deal, six)
    if kind == "not":
        return not shoe_ref(spec[1], deal, six)
    if not kind.startswith("shoe_"):
        return ref(spec, deal)
    c = six[spec[1] - 1]
    if kind == "shoe_dealt":  # dealt to a hand: card 5 or 6 only where the hands drew
        return sum(x is not None for x in deal) >= spec[1]
    if kind == "shoe_rank_eq_hand":
        other = deal[POS.index(spec[2])]
        return other is not None and c[0] == other[0]
    if kind in ("shoe_rank_eq", "shoe_value_gt", "shoe_suit_eq"):
        d = six[spec[2] - 1]
        return {"shoe_rank_eq": c[0] == d[0], "shoe_suit_eq": c[1] == d[1],
                "shoe_value_gt": card_points(c[0]) > card_points(d[0])}[kind]
    return {"shoe_rank": lambda: c[0] == spec[2], "shoe_rank_ne": lambda: c[0] != spec[2],
            "shoe_value": lambda: card_points(c[0]) == spec[2],
            "shoe_suit": lambda: c[1] == spec[2],
            "shoe_colour": lambda: (c[1] in RED) == spec[2],
            "shoe_is": lambda: c == (spec[2], spec[3])}[kind]()


def shoe_engine(spec):
    kind = spec[0]
    if kind == "and":
        return shoe_engine(spec[1]) & shoe_engine(spec[2])
    if kind == "or":
        return shoe_engine(spec[1]) | shoe_engine(spec[2])
    if kind == "not":
        return ~shoe_engine(spec[1])
    if not kind.startswith("shoe_"):
        return engine(spec)
    c = coup.card(spec[1])
    if kind == "shoe_rank_eq_hand":
        return c.rank == card_of(spec[2]).rank
    if kind in ("shoe_rank_eq", "shoe_value_gt", "shoe_suit_eq"):
        d = coup.card(spec[2])
        return {"shoe_rank_eq": lambda: c.rank == d.rank, "shoe_suit_eq": lambda: c.suit == d.suit,
                "shoe_value_gt": lambda: c.value > d.value}[kind]()
    return {"shoe_rank": lambda: c.rank == RANKS[spec[2]],
            "shoe_rank_ne": lambda: c.rank != RANKS[spec[2]],
            "shoe_value": lambda: c.value == spec[2], "shoe_dealt": lambda: c.dealt,
            "shoe_suit": lambda: c.suit == SUITS[spec[2]],
            "shoe_colour": lambda: c.colour == ("red" if spec[2] else "black"),
            "shoe_is": lambda: c.is_(RANKS[spec[2]] + SUITS[spec[3]])}[kind]()


def reference_count(spec, cards) -> tuple[int, int]:
    hit = total = 0
    for deal, six in reference_sequences(cards):
        total += 1
        hit += shoe_ref(spec, deal, six)
    return hit, total


SHOE_SETTINGS = settings(max_examples=12, deadline=None,
                         suppress_health_check=[HealthCheck.too_slow,
                                                HealthCheck.filter_too_much])


@settings(SHOE_SETTINGS, max_examples=8)
@given(suited_shoes().filter(lambda rows: sum(map(sum, rows)) <= 7), st.data())
@pytest.mark.slow
def test_cards_out_of_the_shoe_match_the_reference_on_suit_asymmetric_shoes(rows, data):
    ranks = sorted({r for r in range(13) if sum(rows[r])})
    spec = data.draw(mixed_specs(ranks + [5], suits=True))
    assert (engine_count(shoe_engine(spec), Shoe.from_suits(rows))
            == reference_count(spec, physical(rows)))


@SHOE_SETTINGS
@given(st.dictionaries(st.sampled_from([0, 3, 7, 8, 9, 10, 12]), st.integers(1, 3), min_size=2,
                       max_size=4).filter(lambda d: 6 <= sum(d.values()) <= 7), st.data())
def test_cards_out_of_the_shoe_match_the_reference_on_rank_only_shoes(counts, data):
    spec = data.draw(mixed_specs(sorted(counts), suits=False))
    shoe = Shoe.from_ranks([counts.get(r, 0) for r in range(13)])
    cards = [(r, None) for r, n in counts.items() for _ in range(n)]
    assert engine_count(shoe_engine(spec), shoe) == reference_count(spec, cards)


SMALL = [[0] * 4 for _ in range(13)]
SMALL[0], SMALL[5], SMALL[8], SMALL[12] = [1, 1, 0, 0], [0, 1, 0, 0], [1, 0, 1, 0], [1, 1, 0, 1]


@pytest.mark.parametrize("spec", [
    ("shoe_rank", 5, 8), ("shoe_rank", 6, 12), ("shoe_suit", 5, 1), ("shoe_dealt", 5),
    ("shoe_dealt", 6), ("and", ("shoe_rank", 6, 0), ("winner", "player")),
    ("and", ("shoe_value", 5, 0), ("dealt", "P3")), ("shoe_suit_eq", 5, 6),
    ("shoe_rank_eq_hand", 6, "B3"), ("and", ("shoe_rank", 5, 12), ("rank", "B3", 12)),
], ids=str)
def test_undealt_cards_five_and_six_are_counted_card_by_card(spec):
    """A fixed shoe of 8 cards (four ranks, suits uneven), where coups of four and of
    five cards leave cards 5 and 6 in the shoe: each condition exactly as the
    reference's 20,160 sequences read it."""
    assert engine_count(shoe_engine(spec), Shoe.from_suits(SMALL)) == reference_count(
        spec, physical(SMALL))


def test_each_card_out_of_the_shoe_is_any_card_alike(eight_decks):
    """A shuffled shoe's n-th card is each of its cards alike, whatever n: a 9 with
    chance 1/13 and a diamond 1/4 on 8 decks, at every position."""
    for n in range(1, 7):
        card = coup.card(n)
        for condition, want in ((card.rank == "9", (1, 13)), (card.suit == "♦", (1, 4))):
            hit, total = engine_count(condition, eight_decks)
            assert hit * want[1] == total * want[0]


def test_the_first_four_cards_out_of_the_shoe_are_the_hands_first_two():
    assert [coup.card(n).position for n in range(1, 7)] == ["P1", "B1", "P2", "B2", "C5", "C6"]
    assert (coup.card(3).rank == "K").features == (player.card(2).rank == "K").features
    assert coup_from_conditions is coup and isinstance(coup.card(6), ShoeCard)
    assert repr(coup.card(5)) == "<Card coup.card(5)>"
    assert (coup.card(5).rank == "9").text == "coup.card(5).rank == '9'"


@pytest.mark.parametrize("make, message", [
    (lambda: coup.card(0), "numbered 1 to 6"),
    (lambda: coup.card(7), "numbered 1 to 6"),
    (lambda: coup.card(True), "numbered 1 to 6"),
    (lambda: coup.card("5"), "numbered 1 to 6"),
    (lambda: coup.cards, "coup.cards is not a word"),
    (lambda: coup.card(5).rank == "Z", "'Z' is not a rank"),
    (lambda: coup.card(5).rank < "K", "is a name"),
])
def test_coup_card_written_wrongly_says_what_is_wrong(make, message):
    with pytest.raises((ConditionError, BaccEdgeError), match=message):
        make()
