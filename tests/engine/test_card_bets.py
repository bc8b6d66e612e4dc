"""Bets on the cards themselves: the engine against the slow reference, card by card.

Random conditions are drawn as small specs; each spec becomes an engine condition (the
paytable language) and, separately, a plain Python predicate on the dealt cards, which
the reference (tests/reference.py) evaluates on every deal of small, odd and
suit-asymmetric shoes. The counts must agree exactly.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement
from math import comb

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from card_numbers import physical
from reference import card_points, coups_dealt

from bacc_edge import (Bet, BaccEdgeError, ConditionError, Event, Shoe, Tables, all_cards,
                       banker, first_four, margin, player, report, tie)
from bacc_edge.engine import card_table as card_layout
from bacc_edge.engine.card_cells import BINOM, multiset_codes
from bacc_edge.engine.card_kernels import multiset_rank
from bacc_edge.engine.card_table import CardDetail
from bacc_edge.game.cards import RANKS, SUITS
from bacc_edge.analysis.evaluator import layout_for

POS = ("P1", "B1", "P2", "B2", "P3", "B3")
GROUPS = {"player.hand": (0, 2, 4), "banker.hand": (1, 3, 5), "first_four": (0, 1, 2, 3),
          "all_cards": (0, 1, 2, 3, 4, 5)}
RED = {1, 2}  # ♥ ♦


def card_of(pos: str):
    hand = player if pos[0] == "P" else banker
    return hand.card(int(pos[1]))


def group_of(name: str):
    return {"player.hand": player.hand, "banker.hand": banker.hand,
            "first_four": first_four, "all_cards": all_cards}[name]


# -- the reference's own reading of each word, on a deal (6 cards or None) -----------
def _dealt(deal, group):
    return [deal[i] for i in GROUPS[group] if deal[i] is not None]


def _hand_points(deal, idx):
    return sum(card_points(deal[i][0]) for i in idx if deal[i] is not None) % 10


def _straight(ranks, ace):
    if len(set(ranks)) != len(ranks) or len(ranks) < 2:
        return False
    options = []
    if ace in ("low", "both"):
        options.append([r for r in ranks])
    if ace in ("high", "both"):
        options.append([13 if r == 0 else r for r in ranks])
    return any(max(v) - min(v) == len(v) - 1 for v in options)


def ref(spec, deal) -> bool:
    kind = spec[0]
    if kind == "and":
        return ref(spec[1], deal) and ref(spec[2], deal)
    if kind == "or":
        return ref(spec[1], deal) or ref(spec[2], deal)
    if kind == "not":
        return not ref(spec[1], deal)
    if kind in ("rank", "rank_ne", "suit", "colour", "value", "dealt"):
        c = deal[POS.index(spec[1])]
        if c is None:
            return False
        return {"rank": lambda: c[0] == spec[2], "rank_ne": lambda: c[0] != spec[2],
                "suit": lambda: c[1] == spec[2], "colour": lambda: (c[1] in RED) == spec[2],
                "value": lambda: card_points(c[0]) == spec[2], "dealt": lambda: True}[kind]()
    if kind in ("suit_eq", "rank_eq", "value_gt"):
        a, b = deal[POS.index(spec[1])], deal[POS.index(spec[2])]
        if a is None or b is None:
            return False
        return {"suit_eq": a[1] == b[1], "rank_eq": a[0] == b[0],
                "value_gt": card_points(a[0]) > card_points(b[0])}[kind]
    if kind in ("same_suit", "same_colour"):
        cards = _dealt(deal, spec[1])
        key = (lambda c: c[1]) if kind == "same_suit" else (lambda c: c[1] in RED)
        return len({key(c) for c in cards}) == 1
    if kind == "count_rank":
        return sum(c[0] == spec[2] for c in _dealt(deal, spec[1])) == spec[3]
    if kind == "count_suit":
        return sum(c[1] == spec[2] for c in _dealt(deal, spec[1])) >= spec[3]
    ranks = Counter(c[0] for c in _dealt(deal, spec[1])) if len(spec) > 1 and spec[1] in GROUPS else None
    if kind == "most":
        return max(ranks.values()) == spec[2]
    if kind == "held":
        return sum(m >= spec[2] for m in ranks.values()) == spec[3]
    if kind == "pattern":
        return sorted(ranks.values()) == sorted(spec[2])
    if kind == "straight":
        return _straight([c[0] for c in _dealt(deal, spec[1])], spec[2])
    pp, bp = _hand_points(deal, (0, 2, 4)), _hand_points(deal, (1, 3, 5))
    if kind == "sum_mod":
        return (pp + bp) % spec[1] == spec[2]
    if kind == "ratio":  # a quotient by 0 (or by a card not dealt) does not exist: false
        c = deal[POS.index(spec[1])]
        if bp == 0 or c is None or card_points(c[0]) == 0:
            return False
        return (pp // bp if spec[2] == "//" else pp % bp) == spec[3]
    if kind == "winner":
        return {"player": pp > bp, "banker": bp > pp, "tie": pp == bp}[spec[1]]
    if kind == "pair":
        i, j = (0, 2) if spec[1] == "player" else (1, 3)
        return deal[i][0] == deal[j][0]
    if kind == "two_total_eq":
        return _hand_points(deal, (0, 2)) == _hand_points(deal, (1, 3))
    raise AssertionError(spec)


# -- the same specs in the paytable language -----------------------------------------
def engine(spec):
    kind = spec[0]
    if kind == "and":
        return engine(spec[1]) & engine(spec[2])
    if kind == "or":
        return engine(spec[1]) | engine(spec[2])
    if kind == "not":
        return ~engine(spec[1])
    if kind in ("rank", "rank_ne", "suit", "colour", "value", "dealt"):
        c = card_of(spec[1])
        return {"rank": lambda: c.rank == RANKS[spec[2]], "rank_ne": lambda: c.rank != RANKS[spec[2]],
                "suit": lambda: c.suit == SUITS[spec[2]],
                "colour": lambda: c.colour == ("red" if spec[2] else "black"),
                "value": lambda: c.value == spec[2], "dealt": lambda: c.dealt}[kind]()
    if kind == "suit_eq":
        return card_of(spec[1]).suit == card_of(spec[2]).suit
    if kind == "rank_eq":
        return card_of(spec[1]).rank == card_of(spec[2]).rank
    if kind == "value_gt":
        return card_of(spec[1]).value > card_of(spec[2]).value
    if kind in ("same_suit", "same_colour"):
        return getattr(group_of(spec[1]), kind)
    if kind == "count_rank":
        return group_of(spec[1]).count(rank=RANKS[spec[2]]) == spec[3]
    if kind == "count_suit":
        return group_of(spec[1]).count(suit=SUITS[spec[2]]) >= spec[3]
    if kind == "most":
        return group_of(spec[1]).most_of_a_rank == spec[2]
    if kind == "held":
        return group_of(spec[1]).ranks_held(spec[2]) == spec[3]
    if kind == "pattern":
        return group_of(spec[1]).rank_counts == spec[2]
    if kind == "straight":
        return group_of(spec[1]).straight(ace=spec[2])
    if kind == "sum_mod":
        return (player.points + banker.points) % spec[1] == spec[2]
    if kind == "ratio":  # the card's value, as a divisor, only where it is dealt and not 0
        by = player.points // banker.points if spec[2] == "//" else player.points % banker.points
        return (by == spec[3]) & (player.points // card_of(spec[1]).value >= 0)
    if kind == "winner":
        return {"player": player.wins, "banker": banker.wins, "tie": tie}[spec[1]]
    if kind == "pair":
        return (player if spec[1] == "player" else banker).pair
    if kind == "two_total_eq":
        return player.two_card_total == banker.two_card_total
    raise AssertionError(spec)


def group_rank_atoms(group, rank):
    """Random specs on a group's ranks (or point values, for a rank of its own value)."""
    return [
        st.tuples(st.just("count_rank"), group, rank, st.integers(0, 3)),
        st.tuples(st.just("most"), group, st.integers(1, 4)),
        st.tuples(st.just("held"), group, st.integers(1, 3), st.integers(0, 3)),
        st.tuples(st.just("pattern"), group,
                  st.lists(st.integers(1, 3), min_size=1, max_size=4).map(tuple)),
        st.tuples(st.just("straight"), group, st.sampled_from(["low", "high", "both"])),
    ]


def group_suit_atoms(group):
    return [st.tuples(st.just("same_suit"), group), st.tuples(st.just("same_colour"), group),
            st.tuples(st.just("count_suit"), group, st.integers(0, 3), st.integers(1, 2))]


#: specs on the finished coup, none on a card by position
COUP_ATOMS = [st.tuples(st.just("sum_mod"), st.integers(2, 3), st.integers(0, 1)),
              st.tuples(st.just("winner"), st.sampled_from(["player", "banker", "tie"])),
              st.tuples(st.just("two_total_eq"))]


def atoms(ranks, suits: bool):
    """Random atomic specs over the given ranks (suit words only when ``suits``)."""
    pos, group, rank = st.sampled_from(POS), st.sampled_from(sorted(GROUPS)), st.sampled_from(ranks)
    plain = [
        st.tuples(st.just("rank"), pos, rank), st.tuples(st.just("rank_ne"), pos, rank),
        st.tuples(st.just("value"), pos, st.integers(0, 9)), st.tuples(st.just("dealt"), pos),
        st.tuples(st.just("rank_eq"), pos, pos), st.tuples(st.just("value_gt"), pos, pos),
        *group_rank_atoms(group, rank), *COUP_ATOMS,
        st.tuples(st.just("pair"), st.sampled_from(["player", "banker"])),
        st.tuples(st.just("ratio"), pos, st.sampled_from(["//", "%"]), st.integers(0, 2)),
    ]
    suited = [
        st.tuples(st.just("suit"), pos, st.integers(0, 3)),
        st.tuples(st.just("colour"), pos, st.booleans()),
        st.tuples(st.just("suit_eq"), pos, pos), *group_suit_atoms(group),
    ]
    return st.one_of(plain + (suited if suits else []))


def combined(leaves, max_leaves: int = 4):
    return st.recursive(leaves, lambda inner: st.one_of(
        st.tuples(st.just("and"), inner, inner), st.tuples(st.just("or"), inner, inner),
        st.tuples(st.just("not"), inner)), max_leaves=max_leaves)


def specs(ranks, suits: bool):
    return combined(atoms(ranks, suits))


def group_specs(ranks, suits: bool):
    """Random specs that read the cards only through groups, such that the engine keeps
    them as multisets (blocks): the first four or all the cards with their ranks among
    the words (far fewer cells), or both hands (every coup folded with its
    reorderings); and the coup's outcome."""
    rank = st.sampled_from(ranks)

    def words(*groups):
        group = st.sampled_from(groups)
        return group_rank_atoms(group, rank) + (group_suit_atoms(group) if suits else [])

    def spec(first, leaves):
        return st.tuples(st.sampled_from(["and", "or"]), first, combined(leaves, 3))

    big = ("first_four", "all_cards")
    both_hands = st.tuples(st.just("and"), st.one_of(words("player.hand")),
                           st.one_of(words("banker.hand")))
    return st.one_of(
        spec(st.one_of(group_rank_atoms(st.sampled_from(big), rank)),
             st.one_of(words(*big) + COUP_ATOMS)),
        spec(both_hands, st.one_of(words("player.hand", "banker.hand", "all_cards") + COUP_ATOMS)))


def by_multisets(condition) -> bool:
    """Whether the engine keeps some of the condition's cards as a multiset."""
    return any(len(block) > 1 for block in CardDetail.of(condition.features).blocks)


def engine_count(condition, shoe: Shoe) -> tuple[int, int]:
    bet = Bet("random", [Event("hit", condition, 1)])
    table = Tables().get(shoe, layout_for([bet], shoe=shoe))
    assert sum(table.counts.tolist()) == table.total
    return table.count(condition), table.total


def reference_count(spec, cards) -> tuple[int, int]:
    hit = total = 0
    for deal, ways in coups_dealt(tuple(cards)):
        total += ways
        if ref(spec, deal):
            hit += ways
    return hit, total


def suited_shoes():
    """Suit-asymmetric shoes of 6-9 cards over two or three ranks."""
    return st.tuples(
        st.lists(st.sampled_from([0, 4, 8, 9, 11, 12]), min_size=2, max_size=3, unique=True),
        st.lists(st.integers(0, 1), min_size=12, max_size=12),
    ).map(_rows).filter(lambda rows: 6 <= sum(map(sum, rows)) <= 9)


def _rows(t):
    ranks, counts = t
    rows = [[0] * 4 for _ in range(13)]
    for i, r in enumerate(ranks):
        rows[r] = [counts[4 * i + s] + (1 if i == 0 and s == 0 else 0) for s in range(4)]
    return rows


CARD_SETTINGS = settings(max_examples=30, deadline=None,
                         suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


@CARD_SETTINGS
@given(suited_shoes(), st.data())
@pytest.mark.slow
def test_card_conditions_match_the_reference_on_suit_asymmetric_shoes(rows, data):
    ranks = sorted({r for r in range(13) if sum(rows[r])})
    spec = data.draw(specs(ranks + [5], suits=True))
    assert engine_count(engine(spec), Shoe.from_suits(rows)) == reference_count(spec, physical(rows))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from([0, 8, 9, 12]), min_size=2, max_size=2, unique=True), st.data())
def test_card_conditions_match_the_reference_on_suit_symmetric_shoes(ranks, data):
    # every rank once in each suit: the engine deals suits in order of appearance
    rows = [[1] * 4 if r in ranks else [0] * 4 for r in range(13)]
    spec = data.draw(specs(ranks, suits=True))
    assert engine_count(engine(spec), Shoe.from_suits(rows)) == reference_count(spec, physical(rows))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(st.sampled_from([0, 3, 8, 9, 10, 12]), st.integers(1, 3), min_size=2,
                       max_size=4).filter(lambda d: 6 <= sum(d.values()) <= 9), st.data())
def test_rank_conditions_match_the_reference_on_rank_only_shoes(counts, data):
    spec = data.draw(specs(sorted(counts), suits=False))
    shoe = Shoe.from_ranks([counts.get(r, 0) for r in range(13)])
    cards = [(r, None) for r, n in counts.items() for _ in range(n)]
    assert engine_count(engine(spec), shoe) == reference_count(spec, cards)


@CARD_SETTINGS
@given(suited_shoes(), st.data())
@pytest.mark.slow
def test_group_conditions_counted_by_multisets_match_the_reference(rows, data):
    ranks = sorted({r for r in range(13) if sum(rows[r])})
    spec = data.draw(group_specs(ranks + [5], suits=True))
    condition = engine(spec)
    assert by_multisets(condition)
    assert engine_count(condition, Shoe.from_suits(rows)) == reference_count(spec, physical(rows))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from([0, 8, 9, 12]), min_size=2, max_size=2, unique=True), st.data())
@pytest.mark.slow
def test_group_conditions_by_multisets_on_suit_symmetric_shoes(ranks, data):
    rows = [[1] * 4 if r in ranks else [0] * 4 for r in range(13)]
    spec = data.draw(group_specs(ranks, suits=True))
    condition = engine(spec)
    assert by_multisets(condition)
    assert engine_count(condition, Shoe.from_suits(rows)) == reference_count(spec, physical(rows))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(st.sampled_from([0, 3, 8, 9, 10, 12]), st.integers(1, 3), min_size=2,
                       max_size=4).filter(lambda d: 6 <= sum(d.values()) <= 9), st.data())
@pytest.mark.slow
def test_group_conditions_by_multisets_on_rank_only_shoes(counts, data):
    spec = data.draw(group_specs(sorted(counts), suits=False))
    condition = engine(spec)
    assert by_multisets(condition)
    shoe = Shoe.from_ranks([counts.get(r, 0) for r in range(13)])
    cards = [(r, None) for r, n in counts.items() for _ in range(n)]
    assert engine_count(condition, shoe) == reference_count(spec, cards)


@pytest.mark.parametrize("condition", [
    all_cards.ranks_held(2) >= 2,
    (first_four.most_of_a_rank == 2) & tie,
    (first_four.rank_counts == (2, 1, 1)) & first_four.same_suit,
    (first_four.count(rank="K") == 2) & (first_four.count(suit="♦") == 1),
    player.hand.same_suit & banker.hand.same_suit & (player.points == 8),
])
@pytest.mark.slow
def test_multisets_count_as_cards_by_position_do_on_eight_decks(condition, eight_decks,
                                                                   monkeypatch):
    assert by_multisets(condition)
    counted = engine_count(condition, eight_decks)
    monkeypatch.setattr(card_layout, "_blocks_pay", lambda apart, grouped: False)
    assert not by_multisets(condition)
    assert engine_count(condition, eight_decks) == counted


@pytest.mark.parametrize("n, alphabet", [(1, 5), (3, 5), (4, 14), (6, 14)])
def test_multisets_are_numbered_one_to_one(n, alphabet):
    multisets = list(combinations_with_replacement(range(alphabet), n))
    ranks = [multiset_rank(np.array(m, dtype=np.int64), n, BINOM) for m in multisets]
    assert sorted(ranks) == list(range(comb(alphabet + n - 1, n)))
    codes = multiset_codes(np.array(ranks), n, alphabet)
    assert [tuple(c) for c in codes.T.tolist()] == multisets


def test_a_card_kept_in_a_multiset_is_not_read_alone(eight_decks):
    bet = Bet("pairs", [Event("two pair", all_cards.ranks_held(2) >= 2, 4)])
    layout = layout_for([bet], shoe=eight_decks)
    with pytest.raises(BaccEdgeError, match="P1\\+B1\\+P2\\+B2\\+P3\\+B3 only as a set"):
        (player.card(1).rank == "K").mask(layout)


def test_eight_decks_total_is_the_ordered_six_card_count(eight_decks):
    for condition in (all_cards.same_colour, first_four.rank_counts == (2, 2),
                      player.card(3).suit == "♦", player.hand.same_suit & (player.points == 8)):
        _, total = engine_count(condition, eight_decks)
        assert total == 4_998_398_275_503_360


def test_the_engine_reads_only_as_finely_as_asked():
    nines = CardDetail.of((first_four.count(rank="9") >= 2).features)
    assert not any(nines.fine) and not nines.ranks and not nines.coup  # nines are values
    kings = CardDetail.of((first_four.count(rank="K") >= 2).features)
    assert kings.ranks == (12,) and not kings.suits and not kings.coup  # K apart, no more
    pairs = CardDetail.of((first_four.most_of_a_rank >= 2).features)
    assert pairs.ranks == tuple(range(13))
    assert pairs.blocks == ((0, 1, 2, 3), (4,), (5,))  # the first four as a multiset
    flush = CardDetail.of((player.hand.same_suit & player.wins).features)
    assert flush.suits == "suit" and flush.relabel and flush.coup and not flush.ranks
    assert all(len(block) == 1 for block in flush.blocks)  # few cells already
    king = (all_cards.most_of_a_rank >= 2) & (player.card(1).rank == "K")
    assert CardDetail.of(king.features).blocks == ((0,), (1, 2, 3, 4, 5))  # P1 read alone
    diamonds = CardDetail.of((player.card(1).suit == "♦").features)
    assert not diamonds.relabel


def test_a_suit_question_on_a_rank_only_shoe_is_refused():
    bet = Bet("flush", [Event("hit", player.hand.same_suit, 5)])
    with pytest.raises(BaccEdgeError, match="suits are unknown"):
        report([bet], Shoe.from_ranks([8] * 13))


@pytest.mark.parametrize("written, meant", [
    (lambda: abs(player.points - banker.points) == 2, lambda: margin == 2),
    (lambda: -player.points == -3, lambda: player.points == 3),
    (lambda: 7 // (player.points + 1) == 1, lambda: player.points.isin(3, 4, 5, 6)),
    (lambda: 9 % player.points == 0, lambda: player.points.isin(1, 3, 9)),
    (lambda: (player.points // banker.points == 2) | (banker.points == 0),
     lambda: (banker.points == 0) | ((player.points >= 2 * banker.points)
                                     & (player.points < 3 * banker.points))),
], ids=["abs", "negation", "number // quantity", "number % quantity", "quantity // 0"])
def test_arithmetic_on_quantities_means_what_it_says(written, meant):
    layout = layout_for([Bet("b", [Event("e", written(), 1)])])
    assert np.array_equal(written().mask(layout), meant().mask(layout))


@pytest.mark.parametrize("make, message", [
    (lambda: player.card(4), "cards 1, 2 and 3"),
    (lambda: player.card(1).rank == "Z", "'Z' is not a rank"),
    (lambda: player.card(1).suit == "x", "'x' is not a suit"),
    (lambda: player.card(1).colour == "green", "'green' is not a colour"),
    (lambda: player.card(1).rank == player.card(2).suit, "compare a rank with a rank"),
    (lambda: first_four.count(), "say what to count"),
    (lambda: first_four.count(value=12), "0-9"),
    (lambda: first_four.rank_counts == 2, "tuple"),
    (lambda: first_four.straight(ace="middle"), "'low', 'high' or 'both'"),
    (lambda: player.first, "player.first is not a word"),
    (lambda: tie & banker.points == 6, "put brackets round"),
    (lambda: bool(player.card(1).rank), "no truth value"),
    (lambda: player.points % 0, "division by zero"),
    (lambda: first_four.count(rnk="K"), "count takes rank="),
    (lambda: all_cards.rank_counts >= (2, 1), "compare rank_counts with =="),
    (lambda: player.card(1).rank + 1, "is a name"),
    (lambda: player.card(1).rank < "K", "is a name"),
    (lambda: player.card(1).rank.between("2", "5"), "has no word 'between'"),
    (lambda: player.points / 2, "// divides to a whole number"),
    (lambda: 2 / player.points, "// divides to a whole number"),
    (lambda: player.points ** 2, "quantities are whole numbers"),
    # a tester's misuses (issue 31): each message says what was written and what to write
    (lambda: first_four.rank_counts != (2, 2),
     r"first_four.rank_counts != \(2, 2\): compare rank_counts with == .* for 'not', "
     r"~\(first_four.rank_counts == \(2, 2\)\)"),
    (lambda: first_four.rank_counts.isin(5),
     r"first_four.rank_counts.isin\(5\): give the rank counts as a tuple"),
    (lambda: first_four.rank_counts.isin((2, 2), (0, 4)),
     r"first_four.rank_counts.isin\(\(2, 2\), \(0, 4\)\): give the rank counts"),
    (lambda: first_four.count("9"),
     r"first_four.count\('9'\): name what to count, e.g. count\(rank='9'\)"),
    (lambda: all_cards.most_of_a_rank(),
     r"all_cards.most_of_a_rank\(…\): all_cards.most_of_a_rank is a word, not a function"),
    (lambda: first_four.same_suit(), r"first_four.same_suit\(…\): .* not a function"),
    (lambda: player.card(1).rank(), r"player.card\(1\).rank\(…\): .* not a function"),
    (lambda: tie(), r"tie\(…\): tie is a word, not a function"),
    (lambda: Bet("Straight", [Event("Any", first_four.straight, 5)]),
     r"event 'Any': its condition .* is not a condition .*; call it: "
     r"first_four.straight\(\)"),
])
def test_card_words_written_wrongly_say_what_is_wrong(make, message):
    with pytest.raises((ConditionError, BaccEdgeError), match=message):
        make()
