"""Card bets on suits or colours on a shoe with cards removed without their suit,
against an independent reference, cell by cell.

The reference averages over the suits: for every way the suitless cards could have
fallen (how many of each suit, rank by rank), the shoe with those suits named is
counted by the ordinary path (cards of known suits; checked against brute force in
tests/engine/test_card_bets.py), weighted by the ordered ways to take those cards from the
cards of their rank whose suit was not named. The table on the suitless shoe counts
each deal once per such way, so it must hold that sum in every cell. (This is what
the library did until it counted one kernel run per spread; the spreads now live
only here.)
"""

import itertools
import random
from collections import Counter
from math import factorial, prod
from pathlib import Path

import numpy as np
import pytest

from bacc_edge import (BaccEdgeError, Bet, Event, PlanTooLarge, Shoe, ShoeError, all_cards,
                       Tables, banker, first_four, outcome_table, player, report, tie)
from bacc_edge.engine import card_plan, card_table as card_table_module
from bacc_edge.engine.suit_spread import spread_count, spread_shoes
from bacc_edge.engine.card_table import card_table
from bacc_edge.engine.residues import chinese_remainders, largest_primes
from bacc_edge.analysis.evaluator import Evaluator, layout_for as _chosen_layout
from bacc_edge.engine.outcome_table import OutcomeTable
from bacc_edge.game.shoe import falling


def layout_for(bets, **given):
    """The card layout of ``bets``: the one the evaluator picks, or the card layout a
    factored or collapsed one classes (card_table counts card layouts)."""
    layout = _chosen_layout(bets, **given)
    return getattr(layout, "fine", layout)


ROOT = Path(__file__).resolve().parents[2]
RANK_NAMES = "A 2 3 4 5 6 7 8 9 10 J Q K".split()
SUIT_LETTERS = "shdc"  # the shoe's suit order: ♠ ♥ ♦ ♣


def _rows(spec: dict):
    rows = [[0] * 4 for _ in range(13)]
    for rank, counts in spec.items():
        rows[rank] = list(counts)
    return rows


def _spread_counts(rows, named: str, suitless: str, layout):
    """(counts per cell, total): the sum over every way the ``suitless`` cards' suits
    could have fallen of the table of the shoe with them named, each weighted by the
    ordered ways to take such cards from the pool (the cards of their rank left after
    ``named``)."""
    base = Shoe.from_suits(rows)
    if named:
        base = base.remove(named)
    per_rank = []
    for rank, k in Counter(RANK_NAMES.index(c) for c in suitless.split()).items():
        pool = base.suits[rank]
        options = []
        for x in itertools.product(*(range(min(k, c) + 1) for c in pool)):
            if sum(x) == k:
                ways = factorial(k) // prod(factorial(a) for a in x) * prod(
                    falling(c, a) for c, a in zip(pool, x))
                options.append((ways, [RANK_NAMES[rank] + SUIT_LETTERS[s]
                                       for s in range(4) for _ in range(x[s])]))
        per_rank.append(options)
    counts, total = 0, 0
    for choice in itertools.product(*per_rank):
        ways = prod(w for w, _ in choice)
        shoe = base.remove(" ".join(c for _, cards in choice for c in cards))
        table = card_table(shoe, layout)
        counts = counts + table.counts.astype(object) * ways
        total += table.total * ways
    return counts, total


BETS = {
    # a named suit, the coup's outcome not read: positions only
    "first a heart": player.card(1).suit == "♥",
    # a named colour
    "banker red": (banker.card(1).colour == "red") & (banker.card(2).colour == "red"),
    # rank and suit (Perfect Pairs' top line)
    "suited pair": (player.card(1).suit == player.card(2).suit) & (
        player.card(1).rank == player.card(2).rank),
    # suits never named: renamed in order of appearance, the whole coup read
    "player flush": player.hand.same_suit,
    # Lucky 8's top line: point values and suits, the hands as blocks (10, J, Q, K one
    # base, weighed through the table of their ranks)
    "suited three-card 8": (player.cards == 3) & (player.points == 8) & player.hand.same_suit,
    # the first four cards as a block of ranks and suits (Jackpot Baccarat)
    "flush with a pair": first_four.same_suit & (first_four.rank_counts == (2, 1, 1)),
    # a block with a named rank and suit (Lucky Nines): dealt in sorted order
    "one nine of diamonds": first_four.count(rank="9", suit="♦") == 1,
    # all six cards, colours never named (Super Tie)
    "one-colour tie": tie & all_cards.same_colour,
    # a named K beside unnamed 10, J, Q (Majestic Match)
    "king then its suit": (player.card(1).rank == "K") & (
        player.card(1).suit == player.card(2).suit),
}

SHOES = {
    # lopsided suits; two fives, a king and a ten (one point-value base) suitless
    "lopsided": ({4: (1, 1, 1, 1), 12: (1, 1, 1, 0), 9: (1, 1, 0, 1), 11: (0, 1, 1, 0),
                  7: (1, 1, 1, 1), 2: (1, 0, 1, 1), 8: (1, 1, 1, 0), 0: (1, 0, 0, 1)},
                 "", "5 5 K 10"),
    # a five named and another of the same rank without its suit
    "named and suitless": ({4: (2, 1, 1, 1), 12: (1, 1, 1, 1), 11: (1, 1, 0, 1),
                            7: (1, 1, 1, 0), 8: (1, 0, 1, 1), 5: (1, 1, 1, 1)},
                           "5h", "5 Q 8"),
    # every rank once per suit: the pool is alike in every suit (names in order of
    # appearance, only sequences so named dealt)
    "alike suits": ({r: (1, 1, 1, 1) for r in (4, 12, 9, 7, 0, 8)}, "", "K 10 5"),
    # the ten's and king's suits differ though their base's are alike in every suit
    "alike base, unlike ranks": ({9: (1, 1, 0, 0), 12: (0, 0, 1, 1), 4: (1, 1, 1, 1),
                                  7: (1, 1, 1, 1), 2: (1, 1, 1, 1), 8: (1, 1, 1, 1)},
                                 "", "10 K"),
}


#: The two ways a shoe with cards removed without their suit is counted, each forced
#: (the engine takes the one priced cheaper): the shoes their suit classes could have left,
#: summed; one count modulo primes.
ROUTES = {"spread": True, "residues": False}


def _suitless_case(bet: str, shoe: str):
    """The shoe of SHOES[``shoe``] with its cards removed, the card layout of BETS[``bet``]
    on it, and the reference counts of its cells and their total (:func:`_spread_counts`)."""
    spec, named, suitless = SHOES[shoe]
    rows = _rows(spec)
    full = Shoe.from_suits(rows)
    shoe = (full.remove(named) if named else full).remove(suitless)
    layout = layout_for([Bet(bet, [Event("hit", BETS[bet], 1)])], shoe=shoe)
    return (shoe, layout, *_spread_counts(rows, named, suitless, layout))


@pytest.mark.parametrize("bet", list(BETS))
@pytest.mark.parametrize("shoe", list(SHOES))
@pytest.mark.slow
def test_suitless_card_table_is_the_sum_over_every_way_the_suits_fell(bet, shoe, monkeypatch):
    shoe, layout, counts, total = _suitless_case(bet, shoe)
    for route, spread in ROUTES.items():  # the reference once, each way against it
        monkeypatch.setattr(card_table_module, "suitless_plan",
                            lambda *args, spread=spread: (spread, 0.0))
        table = card_table(shoe, layout)
        assert table.total == total, route
        assert table.counts.tolist() == counts.tolist(), route


@pytest.mark.parametrize("route", list(ROUTES))
@pytest.mark.parametrize("bet, shoe", [  # a colour; suits renamed; a block; a named K
    ("banker red", "lopsided"), ("player flush", "named and suitless"),
    ("one nine of diamonds", "lopsided"), ("king then its suit", "named and suitless")])
def test_a_suitless_shoe_summed_by_class_over_the_shoes_the_suits_left(bet, shoe, route,
                                                                       monkeypatch):
    """A report needs a shoe's deals only by its bets' settle classes: counted as the
    shoes the suits could have left, each is summed by class (replayed into them once a
    record serves it); counted modulo primes, the residues are summed by class before
    they are put together. Never a table of the shoe's own cells made (its cells, added
    up shoe by shoe as Python integers, took longer than the counts: issue 31's tester;
    put together one by one, half of known-card's time at a card a bet never reads, and
    1.1 GB), and every line is the reference sum's."""
    shoe, layout, counts, total = _suitless_case(bet, shoe)
    evaluator = Evaluator.compiled([Bet(bet, [Event("hit", BETS[bet], 1)])], layout)
    expected = evaluator.line_counts(evaluator.class_totals(
        OutcomeTable(shoe, layout, counts, total)))
    monkeypatch.setattr(card_table_module, "suitless_plan",
                        lambda *args: (ROUTES[route], 0.0))
    tabled, real = [], card_table_module.card_table
    monkeypatch.setattr(card_table_module, "card_table",
                        lambda s, *a, **k: tabled.append(s) or real(s, *a, **k))
    for _ in range(2):  # the second time the record made by the first is replayed
        totals = Tables().class_totals(shoe, evaluator)
        assert evaluator.line_counts(totals) == expected
        assert int(totals.sum()) == total
    assert shoe not in tabled


@pytest.mark.parametrize("bet", ["player flush", "flush with a pair", "king then its suit"])
def test_a_suitless_table_of_cells_too_many_for_an_array_is_the_same_sum(bet, monkeypatch):
    """Where a layout's cell numbers are too many for an array (here made so: every
    layout), the suitless count keeps its residues cell by cell in a dict, and its table
    still holds the sum over every way the suits fell (it stopped on a typing error of
    its kernel: issue 31's tester)."""
    monkeypatch.setattr(card_table_module, "DENSE_CELLS", 0)
    monkeypatch.setattr(card_table_module, "suitless_plan", lambda *args: (False, 0.0))
    spec, named, suitless = SHOES["lopsided"]
    rows = _rows(spec)
    shoe = Shoe.from_suits(rows).remove(suitless)
    layout = layout_for([Bet(bet, [Event("hit", BETS[bet], 1)])], shoe=shoe)
    table = card_table(shoe, layout)
    counts, total = _spread_counts(rows, named, suitless, layout)
    assert table.total == total
    assert table.counts.tolist() == counts.tolist()


def test_two_fives_without_their_suit_spread_over_the_colours_by_hand():
    """A bet on colours: two fives removed without a suit from 8 decks (16 red fives,
    16 black) left none, one or both red: 16·15 = 240 ordered ways for two red, 2·16·16 =
    512 for one of each, 240 for two black; 992 = 32·31 in all."""
    shoe = Shoe.decks(8).remove("5 5")
    detail = layout_for([Bet("red", [Event("hit", BETS["banker red"], 1)])],
                        shoe=Shoe.decks(8)).detail
    spread = spread_shoes(shoe, detail)
    red = [named.suits[4][1] + named.suits[4][2] for _, named in spread]
    assert sorted(zip(red, (w for w, _ in spread))) == [(14, 240), (15, 512), (16, 240)]
    assert spread_count(shoe, detail) == 3
    assert all(named.ranks == shoe.ranks and named.suits_known for _, named in spread)


def test_a_suit_class_holding_fewer_cards_than_were_removed_caps_the_split():
    # one deck: a single ♥ five; three fives removed without a suit, suits told apart
    shoe = Shoe.decks(1).remove("5 5 5")
    detail = layout_for([Bet("f", [Event("hit", BETS["player flush"], 1)])],
                        shoe=Shoe.decks(1)).detail
    spread = spread_shoes(shoe, detail)
    assert len(spread) == spread_count(shoe, detail) == 4  # the one five left: any suit
    assert sum(w for w, _ in spread) == falling(4, 3)


def test_a_suitless_count_neither_way_fits_is_refused_before_it_starts(monkeypatch):
    shoe = Shoe.decks(8).remove("5 5 K")  # the layout's own first count made as always
    layout = layout_for([Bet("f", [Event("hit", BETS["player flush"], 1)])], shoe=shoe)
    calls = []  # (patched after it: run alone, this test failed in layout_for)
    monkeypatch.setattr(card_table_module, "spread_shoes", lambda *a: calls.append(a))
    monkeypatch.setattr(card_table_module.card_kernels, "count_cells",
                        lambda *a: calls.append(a))
    monkeypatch.setattr(card_plan, "SECONDS_PER_RESIDUE", 1.0)
    monkeypatch.setattr(card_plan, "SECONDS_PER_SPREAD_CELL", 1e3)
    with pytest.raises(PlanTooLarge) as refused:
        card_table(shoe, layout)
    line = str(refused.value)
    assert "\n" not in line and "40 shoes their suits could have left" in line
    assert "modulo 3 primes" in line and "name their suits" in line
    assert not calls


@pytest.mark.parametrize("spread_fits", [True, False])
def test_a_count_modulo_primes_past_the_memory_is_never_started(spread_fits, monkeypatch):
    """Residues kept in a dict (here made so: no array holds them) take an entry per
    cell and prime. Where those pass the memory a count may take, the count modulo
    primes is not the way, however quick it is priced (it was started and stopped once
    its dict passed the memory: issue 31's tester): the shoes the suits could have left
    are summed where they fit in time; else the count is refused before it starts, in
    one line naming the memory and how to name the suits."""
    shoe = Shoe.decks(8).remove("5 5 K")
    layout = layout_for([Bet("f", [Event("hit", BETS["player flush"], 1)])], shoe=shoe)
    monkeypatch.setattr(card_table_module, "DENSE_CELLS", 0)
    monkeypatch.setattr(card_table_module, "DICT_BYTES", card_plan.MEMORY_LIMIT)
    monkeypatch.setattr(card_plan, "SECONDS_PER_RESIDUE", 0.0)
    monkeypatch.setattr(card_plan, "SECONDS_PER_SPREAD_CELL", 0.0 if spread_fits else 1e3)
    counted = []
    monkeypatch.setattr(card_table_module.card_kernels, "count_cells",
                        lambda *a: counted.append(a) or 0)
    if spread_fits:  # told before it starts, whatever its estimate
        monkeypatch.setattr(card_table_module, "NOTICE_SECONDS", -1.0)
        notice = card_table_module.suitless_notice(shoe, layout)
        assert notice.startswith("as the 40 shoes their suits could have left: ")
        return
    with pytest.raises(PlanTooLarge) as refused:
        card_table(shoe, layout)
    line = str(refused.value)
    assert "\n" not in line and "its residues would take" in line and "past the 768 MB" in line
    assert "name their suits" in line and not counted


@pytest.mark.parametrize("removed, told", [("5 5 K", True), ("5h 5d Ks", False)])
def test_a_slow_suitless_count_is_announced_before_it_starts(removed, told, monkeypatch):
    """A count of a shoe with cards removed without their suit is priced per shoe, not
    by the layout's plan: one estimated past NOTICE_SECONDS (here made so) is told to
    on_note before it starts, in one line with its way and estimate; the same cards
    named are not a suitless count, and are not told so."""
    monkeypatch.setattr(card_table_module, "NOTICE_SECONDS", -1.0)
    notes = []
    bet = Bet("Flush", [Event("hit", BETS["player flush"], 1)])
    report([bet], Shoe.decks(8).remove(removed), on_note=notes.append)
    suitless = [n for n in notes if "removed without their suit" in n]
    assert len(suitless) == told
    if told:
        line = suitless[0]
        assert line.startswith("bet 'Flush': counting 8 decks less 5 5 K, its cards removed")
        assert "\n" not in line and line.endswith("(estimated)") and " s (" in line


SIXTY = " ".join("A 2 3 4 5 6 7 8 9 10 J Q K".split() * 4 + "A 2 3 4 5 6 7 8".split())


def test_sixty_suitless_cards_on_a_suited_pair_match_the_pair_tables():
    # once refused (more than 20,000 ways the suits could fall); the outcome tables
    # count suited pairs in closed form, by another route
    shoe = Shoe.decks(8).remove(SIXTY)
    condition = (player.card(1).suit == player.card(2).suit) & (
        player.card(1).rank == player.card(2).rank)
    table = card_table(shoe, layout_for([Bet("p", [Event("hit", condition, 1)])],
                                        shoe=shoe))
    pairs = outcome_table(shoe, suits=True)
    assert table.total == pairs.total
    assert table.count(condition) == pairs.count(pairs.features["player_suited_pair"] == 1)


@pytest.mark.parametrize("paytable", ["perfect_pairs", "majestic_match", "colour_match",
                                      "jackpot_baccarat", "lucky_nines"])
def test_sixty_suitless_cards_are_counted_on_shipped_card_bets(paytable):
    results = report(str(ROOT / "paytables" / f"{paytable}.py"), Shoe.decks(8).remove(SIXTY))
    assert results and all(-1 < r.edge < 1 for r in results)


def test_a_pool_beyond_64_bits_is_refused_clearly():
    # 1,448 cards left, but the suits are spread over the 1,456 they were taken from
    shoe = Shoe.decks(28).remove("A 2 3 4 5 6 7 8")
    with pytest.raises(ShoeError, match="name their suits"):
        report(str(ROOT / "paytables" / "perfect_pairs.py"), shoe)


# -- the counts put back together from their residues, against Python's own integers --

def _python_crt(residues, primes):
    """The number below Π primes with these residues: the textbook sum, in Python."""
    modulus = prod(primes)
    return sum(r * (modulus // p) * pow(modulus // p, -1, p)
               for r, p in zip(residues, primes)) % modulus


def _kernel_residues(values, primes, denominator):
    """What the counting kernel leaves for cells whose X · L are ``values``: X / R mod
    p, X = value / L (R = 2**32, its Montgomery radix)."""
    return np.array([[v * pow((1 << 32) * denominator, -1, p) % p for v in values]
                     for p in primes], dtype=np.uint64)


@pytest.mark.parametrize("k", [3, 5, 12])
def test_chinese_remainders_match_python_on_random_residues(k):
    # L = 12 divides the ways: every number is whole, each count X · L · ways / L
    rng, primes, ways = random.Random(k), list(largest_primes(k)), 12 * 5 ** 150
    raw = [[rng.randrange(p) for p in primes] for _ in range(300)]  # X · L mod p
    raw += raw[:40]  # equal columns share one value
    raw += [[p - 1 for p in primes], [0] * k, [1] + [0] * (k - 1)]  # M - 1, 0, ...
    residues = np.array([[r[i] * pow((1 << 32) * 12, -1, p) % p for r in raw]
                         for i, p in enumerate(primes)], dtype=np.uint64)
    counts = chinese_remainders(residues, primes, 12, ways, "t")
    assert counts.dtype == object
    assert counts.tolist() == [_python_crt(r, primes) * ways // 12 for r in raw]
    assert counts[-3] == (prod(primes) - 1) * ways // 12  # the largest there is


@pytest.mark.parametrize("k", [3, 5, 12])
def test_chinese_remainders_divide_exactly_and_refuse_a_count_not_whole(k):
    # L = 2**5 · 3**2 · 7 · 11, ways = 2**3 · 3 · 5**100: gcd 24, B = 924, A = 5**100
    rng, primes = random.Random(k), list(largest_primes(k))
    denominator, ways = 2 ** 5 * 3 ** 2 * 7 * 11, 2 ** 3 * 3 * 5 ** 100
    modulus, divisor = prod(primes), 924
    top = (modulus - 1) // divisor * divisor  # the largest multiple of B below M
    values = [rng.randrange(modulus // divisor) * divisor for _ in range(200)]
    values += [0, divisor, top, top - divisor, top] + values[:30]
    counts = chinese_remainders(_kernel_residues(values, primes, denominator), primes,
                                 denominator, ways, "t")
    assert counts.tolist() == [v // divisor * 5 ** 100 for v in values]
    # Q = the bad number / B mod M: just past its bound (M - 1) // B, the largest, others
    edge = ((modulus - 1) // divisor + 1) * divisor - modulus
    for bad in (edge, modulus - divisor, top + 1, top - 1, 1, modulus - 1):
        with pytest.raises(BaccEdgeError, match="^t are not whole$"):
            chinese_remainders(_kernel_residues(values[:50] + [bad], primes, denominator),
                                primes, denominator, ways, "t")
