"""Cards removed without their suit: the tables against brute force.

The independent reference deals every ordered way the suitless cards could have been
taken from the physical cards of their ranks, names the suits, counts each resulting
shoe with the slow reference enumerator (tests/reference.py) and adds the counts up:
what a table on the suitless shoe must hold, cell by cell, since it counts each deal
once per way those cards could have left.
"""

import itertools
from collections import Counter
from fractions import Fraction
from math import prod

import pytest

from bacc_edge import Bet, Event, Shoe, banker, outcome_table, player, report
from bacc_edge.analysis.evaluator import layout_for
from bacc_edge.game.shoe import falling
from conftest import table_as_counter
from reference import reference_counts, reference_deals

RED = (1, 2)  # ♥ ♦
RANK_NAMES = "A 2 3 4 5 6 7 8 9 10 J Q K".split()


def _rows(spec: dict) -> list[list[int]]:
    rows = [[0] * 4 for _ in range(13)]
    for rank, counts in spec.items():
        rows[rank] = list(counts)
    return rows


def _physical(rows):
    return [(r, s) for r in range(13) for s in range(4) for _ in range(rows[r][s])]


def _selections(rows, removed: dict):
    """Every ordered way to take ``removed[rank]`` physical cards of each rank: the
    rows left, one entry per way (so a shoe reached in several ways repeats)."""
    per_rank = []
    for rank, k in removed.items():
        cards = [(rank, s) for s in range(4) for _ in range(rows[rank][s])]
        per_rank.append(list(itertools.permutations(range(len(cards)), k)))
        per_rank[-1] = [[cards[i] for i in pick] for pick in per_rank[-1]]
    for choice in itertools.product(*per_rank):
        left = [row[:] for row in rows]
        for rank, s in itertools.chain.from_iterable(choice):
            left[rank][s] -= 1
        yield tuple(map(tuple, left))


def _brute_pair_table(rows, removed):
    """(cells as the reference keys them, total) summed over every way the suitless
    cards could have left."""
    ways = Counter(_selections(rows, removed))
    out: Counter = Counter()
    for left, n in ways.items():
        kinds = [(r, s, left[r][s]) for r in range(13) for s in range(4)]
        for cell, c in reference_counts(kinds).items():
            out[cell] += n * c
    cards = sum(map(sum, rows)) - sum(removed.values())
    return +out, sum(ways.values()) * falling(cards, 6)


def _names(removed: dict) -> str:
    return " ".join(RANK_NAMES[r] for r, k in removed.items() for _ in range(k))


PAIR_CASES = [
    # fives, eights and kings, lopsided suits; two fives and a king removed
    ({4: (1, 2, 0, 1), 7: (1, 1, 1, 0), 12: (2, 0, 1, 1)}, {4: 2, 12: 1}),
    # a ten and a king (one point-value class), four tens of a suit: both hands can
    # pair in one rank, by suit too, and in two ranks of the class
    ({9: (4, 0, 0, 1), 12: (1, 2, 1, 0), 0: (1, 0, 0, 0)}, {9: 1, 12: 2}),
    # one deck's aces and kings (every suit once) less two aces
    ({0: (1, 1, 1, 1), 12: (1, 1, 1, 1), 5: (0, 1, 0, 0)}, {0: 2}),
]


@pytest.mark.parametrize("rows, removed", PAIR_CASES)
def test_suited_pair_table_is_the_sum_over_every_way_the_cards_left(rows, removed):
    rows = _rows(rows)
    shoe = Shoe.from_suits(rows).remove(_names(removed))
    table = outcome_table(shoe, suits=True)
    expected, total = _brute_pair_table(rows, removed)
    assert table.total == total
    assert table_as_counter(table) == expected


def _brute_card_count(rows, removed, hit):
    """(deals where ``hit(deal)`` holds, all deals), summed over every way the suitless
    cards could have left; ``deal`` is (P1, B1, P2, B2, P3, B3) as (rank, suit)/None."""
    ways = Counter(_selections(rows, removed))
    hits = total = 0
    for left, n in ways.items():
        for deal, w in reference_deals(_physical(left)):
            total += n * w
            if hit(deal):
                hits += n * w
    return hits, total


def _suits(*cards):
    return [c[1] for c in cards if c is not None]


CARD_BETS = {
    # Perfect Pairs' top line: the player's first two cards of one rank and suit
    "suited pair": (player.card(1).suit == player.card(2).suit) & (
        player.card(1).rank == player.card(2).rank),
    # Lucky 8's kind: the player's whole hand of one suit
    "player flush": player.hand.same_suit,
    # a colour bet: the banker's first two cards both red
    "banker red": (banker.card(1).colour == "red") & (banker.card(2).colour == "red"),
    # a named suit: the player's first card a heart
    "first a heart": player.card(1).suit == "♥",
}


def _reference_hit(name):
    return {
        "suited pair": lambda d: d[0] == d[2],
        "player flush": lambda d: len(set(_suits(d[0], d[2], d[4]))) == 1,
        "banker red": lambda d: d[1][1] in RED and d[3][1] in RED,
        "first a heart": lambda d: d[0][1] == 1,
    }[name]


CARD_SHOES = [
    ({4: (1, 1, 0, 1), 12: (1, 1, 1, 0), 9: (0, 1, 1, 0), 0: (1, 0, 0, 0)}, {4: 1, 12: 1}),
    ({0: (2, 1, 0, 0), 9: (1, 0, 1, 1), 11: (0, 1, 1, 0), 5: (1, 0, 0, 1)}, {0: 2, 9: 1}),
    # a ten and a king, both of point value 0, each without its suit: spreads of the
    # two ranks that leave the same cards per value and suit are counted together
    ({9: (1, 1, 0, 0), 12: (1, 0, 1, 0), 4: (1, 1, 1, 0), 0: (0, 0, 0, 1)}, {9: 1, 12: 1}),
]


@pytest.mark.parametrize("name", list(CARD_BETS))
@pytest.mark.parametrize("rows, removed", CARD_SHOES)
def test_card_bets_on_suits_count_every_way_the_cards_left(name, rows, removed):
    rows = _rows(rows)
    shoe = Shoe.from_suits(rows).remove(_names(removed))
    condition = CARD_BETS[name]
    bet = Bet(name, [Event("hit", condition, 1)])
    table = layout_for([bet], shoe=shoe).table(shoe)
    assert (table.count(condition), table.total) == _brute_card_count(
        rows, removed, _reference_hit(name))


def _named_average(paytable: str, removed: str):
    """Each bet's edge on the shoe less ``removed`` (cards without suits), as the
    average over every suit they could have had, each shoe counted with the suits
    named, weighted by how many physical cards of that suit the full shoe held."""
    full = Shoe.decks(8)
    cards = removed.split()
    edges: dict = {}
    weight_sum = 0
    for suits in itertools.product("shdc", repeat=len(cards)):
        named = [c + s for c, s in zip(cards, suits)]
        weight = 1
        taken: Counter = Counter()
        for c in named:
            weight *= full.suits[RANK_NAMES.index(c[:-1])][
                "shdc".index(c[-1])] - taken[c]
            taken[c] += 1
        weight_sum += weight
        for result in report(paytable, full.remove(" ".join(named))):
            edges[result.name] = edges.get(result.name, 0) + weight * result.edge
    return {name: Fraction(e, weight_sum) for name, e in edges.items()}


@pytest.mark.parametrize("paytable", ["paytables/perfect_pairs.py",
                                      "paytables/majestic_match.py"])
def test_five_five_king_on_card_bets_is_the_average_over_their_suits(paytable):
    # once refused: "too many ways … 64-bit integers", with 64 ways in all
    suitless = {r.name: r.edge for r in report(paytable, Shoe.decks(8).remove("5 5 K"))}
    assert suitless == _named_average(paytable, "5 5 K")


def test_perfect_pair_on_five_suitless_cards_is_the_average_over_their_suits():
    # the case: 20 minutes before, the suit patterns a product over ranks
    suitless = report("paytables/live_dealer.py", Shoe.decks(8).remove("A K Q 5 6"))
    by_name = {r.name: r.edge for r in suitless}
    assert by_name["Perfect Pair"] == _named_average_one(
        "paytables/live_dealer.py", "Perfect Pair", "A K Q 5 6")


def _named_average_one(paytable, bet, removed):
    """As :func:`_named_average` for one bet, over the suits of one card per rank
    (every card here is of another rank, so each suit weighs alike)."""
    from bacc_edge import load_paytable
    chosen = load_paytable(paytable).select([bet])
    cards = removed.split()
    total = Fraction(0)
    for suits in itertools.product("shdc", repeat=len(cards)):
        shoe = Shoe.decks(8).remove(" ".join(c + s for c, s in zip(cards, suits)))
        total += report(chosen, shoe)[0].edge
    return total / 4 ** len(cards)


SIXTY = " ".join("A 2 3 4 5 6 7 8 9 10 J Q K".split() * 4 + "A 2 3 4 5 6 7 8".split())


def test_sixty_suitless_cards_count_every_cell():
    shoe = Shoe.decks(8).remove(SIXTY)
    suited, plain = outcome_table(shoe, suits=True), outcome_table(shoe)
    ways = prod(falling(32, 5) if r < 8 else falling(32, 4) for r in range(13))
    assert suited.total == ways * plain.total
    assert sum(suited.counts.tolist()) == suited.total
    # suited and plain pairs together are the pairs of the table without suits
    f = suited.features
    for side in ("player", "banker"):
        assert suited.count(f[f"{side}_pair"] == 1) == ways * plain.count(
            plain.features[f"{side}_pair"] == 1)
    # a suited pair of 8 decks: each pair of a rank shares a suit 7 times in 31
    assert Fraction(suited.count(f["player_suited_pair"] == 1), suited.count(
        f["player_pair"] == 1)) == Fraction(7, 31)
