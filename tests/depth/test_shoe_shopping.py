"""Shoe shopping (``bacc-edge shoe-shopping``): a shoe's worth by the card shown first.

The first coup's exact value given the shown card rests on one claim, that the burned
cards, unseen, change nothing in expectation: checked here by dealing every way to show,
burn and deal from a small shoe. The dealt shoes are grouped by their first card as the
dealer shows it, each round valued as the depth analysis values it."""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import combinations

import numpy as np
import pytest
from click.testing import CliRunner
from reference import card_points, reference_sequences

from bacc_edge import Bet, DealRules, Event, Shoe, banker, report, tie
from bacc_edge.cli import main
from bacc_edge.game.cards import RANKS
from bacc_edge.analysis.intervals import IntervalMethod, mean_interval
from bacc_edge.depth.shoe_shopping import first_card_row, shoe_shopping
from bacc_edge.depth.shoes import game
from conftest import ROOT

PUNTO = str(ROOT / "paytables" / "punto_banco.py")
BANKER = Bet("Banker", [Event("Banker wins", banker.wins, 0.95), Event("Tie", tie, "push")])


@pytest.mark.parametrize("cards, shown_rank", [
    ("A A 2 5 8 9 K K", "A"),      # an ace shown burns one more: six cards left
    ("A 2 2 5 7 8 9 K K", "2"),    # a 2 burns two
])
def test_burned_cards_unseen_leave_the_first_coup_as_the_shoe_less_the_shown_card(
        cards, shown_rank):
    """Show the first card, burn as many unseen as its value, deal the coup from the six
    left in every order (the reference's dealing): the banker bet's value given the shown
    rank is its value on the shoe less that one card."""
    names = cards.split()
    rank = RANKS.index(shown_rank)
    physical = [(RANKS.index(n), i % 4) for i, n in enumerate(names)]
    shoe = Shoe.from_suits([[sum(1 for c in physical if c == (r, s)) for s in range(4)]
                            for r in range(13)])
    net, ways = Fraction(0), 0
    for i, shown in enumerate(physical):
        if shown[0] != rank:
            continue
        rest = physical[:i] + physical[i + 1:]
        for burned in combinations(range(len(rest)), card_points(rank)):
            left = [c for j, c in enumerate(rest) if j not in burned]
            assert len(left) == 6
            for deal, _ in reference_sequences(left):
                p = sum(card_points(deal[k][0]) for k in (0, 2, 4) if deal[k]) % 10
                b = sum(card_points(deal[k][0]) for k in (1, 3, 5) if deal[k]) % 10
                net += Fraction(19, 20) if b > p else (0 if b == p else -1)
                ways += 1
    (exact,) = report([BANKER], shoe.remove(shown_rank))
    assert net / ways == exact.ev


@pytest.fixture(scope="module")
def shopped():
    deal = DealRules(decks=2, cut=14)
    return deal, shoe_shopping(PUNTO, ["Banker", "Player"], deal=deal, shoes=60, seed=7)


def test_each_shoe_is_grouped_by_the_card_its_dealer_shows(shopped):
    deal, result = shopped
    rounds, _, _, _, _, cards = game(result.spec).deal_shoes(7, 0, 60, keep_cards=True)
    ranks = [r.rank for r in result.ranks]
    shown = [ranks[c // 4] for c in cards[:, 0]]
    assert [r.shoes for r in result.ranks] == [shown.count(rank) for rank in ranks]
    assert result.every_shoe.shoes == 60 and sum(r.shoes for r in result.ranks) == 60
    for r in result.ranks:  # the rounds of the shoes that showed that card, as dealt
        held = [n for n, s in zip(rounds, shown) if s == r.rank]
        assert r.rounds_per_shoe == (pytest.approx(np.mean(held)) if held else None)
    # a rank's chance and its burn: the first card's value, 10 for tens and court cards
    assert [r.burn for r in result.ranks] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]
    assert all(r.probability == Fraction(8, 104) for r in result.ranks)


def test_the_first_coup_is_valued_on_the_shoe_less_the_shown_card(shopped):
    deal, result = shopped
    full = Shoe.decks(deal.decks)
    for r in result.ranks:
        assert r.first_coup == tuple(b.ev for b in report(
            result.spec.paytable(), full.remove(r.rank), full_shoe=full))
    # and the depth analysis, valuing round 1 on the cards unseen, agrees shoe by shoe
    g = game(result.spec)
    rounds, start, _, _, _, cards = g.deal_shoes(7, 0, 60, keep_cards=True)
    unseen = np.zeros((60, 52), dtype=np.int64)
    for s in range(60):
        unseen[s] = np.bincount(cards[s], minlength=52)
        unseen[s, cards[s, 0]] -= 1
    first_round = g.values.moments_each(unseen)[0]
    by_rank = {r.rank: r.first_coup for r in result.ranks}
    for s in range(60):
        exact = by_rank[result.ranks[cards[s, 0] // 4].rank]
        assert first_round[s] == pytest.approx([float(v) for v in exact], abs=1e-12)


def test_the_groups_add_up_to_every_shoe(shopped):
    """The mean over every shoe is the shoes' mean of each group's mean, weighted by
    their shoes; a perfect player's gain never has a negative end."""
    _, result = shopped
    for b in range(2):
        for measure in ("flat_per_shoe", "perfect_per_shoe"):
            whole = getattr(result.every_shoe, measure)[b].value
            parts = sum(r.shoes * getattr(r, measure)[b].value for r in result.ranks if r.shoes)
            assert parts / 60 == pytest.approx(whole, rel=1e-12, abs=1e-15)
        assert all(r.perfect_per_shoe[b].low >= 0 for r in result.ranks if r.shoes)
        flat = result.every_shoe.flat_per_shoe[b]
        assert flat.low < flat.value < flat.high  # shoes differ: a real interval


def test_the_command_prints_one_json_object_and_real_csv():
    args = ["shoe-shopping", PUNTO, "--bet", "Banker", "--shoes", "20", "--decks", "1",
            "--cut", "10"]
    out = CliRunner().invoke(main, [*args, "--fmt", "json"])
    assert out.exit_code == 0, out.output
    document = json.loads(out.stdout)
    (bet,) = document["bets"]
    assert bet["name"] == "Banker" and len(bet["first_cards"]) == 13
    assert document["deal"]["cut"] == 10 and document["shoes"] == 20
    assert sum(r["shoes"] for r in bet["first_cards"]) == bet["every_shoe"]["shoes"] == 20
    lines = CliRunner().invoke(main, [*args, "--fmt", "csv"]).stdout.splitlines()
    assert lines[0].startswith("bet,rank,cards,probability,burn") and len(lines) == 1 + 14


def test_a_bet_the_table_closes_is_valued_over_the_rounds_it_is_open(tmp_path):
    """A banker bet that closes after round 3 is bet three rounds a shoe: a flat bettor
    expects three times its value on the full shoe (every round's value, averaged over
    the shoes, is the full shoe's), inside the run's 95% interval; the open bet's far
    more rounds cost far more."""
    paytable = tmp_path / "closing.py"
    paytable.write_text("from bacc_edge import *\n"
                        "BETS = [Bet('Banker', [Event('w', banker.wins, 0.95), "
                        "Event('t', tie, 'push')], max_round=3)]\n")
    result = shoe_shopping(str(paytable), deal=DealRules(decks=2), shoes=200, seed=3)
    flat = result.every_shoe.flat_per_shoe[0]
    (full,) = report([BANKER], Shoe.decks(2))
    assert flat.low <= 3 * float(full.ev) <= flat.high
    assert flat.high < 0 and flat.low > 4 * float(full.ev)


# -- the tester's findings: progress, one shoe, the order of summation -----------------------
def test_progress_moves_between_every_two_first_coups_counted(monkeypatch):
    """A step after the run is checked, after each batch of shoes, and after each first
    card's first coup is counted (a report each), never two reports without one."""
    import bacc_edge.depth.shoe_shopping as shopping

    heard = []
    counted = shopping.report
    monkeypatch.setattr(shopping, "report",
                        lambda *a, **k: heard.append("report") or counted(*a, **k))
    shoe_shopping(PUNTO, ["Banker"], deal=DealRules(decks=1, cut=10),
                  shoes=2 * shopping.SHOPPING_BATCH + 1,
                  on_progress=lambda done, total: heard.append((done, total)))
    assert heard.count("report") == 14
    for before, after in zip(heard, heard[1:]):
        assert before != "report" or after != "report", heard
    steps = [h for h in heard if h != "report"]
    assert [d for d, _ in steps] == list(range(len(steps)))  # one at a time, 0 to the end
    assert steps[-1][0] == steps[-1][1] == 1 + 3 + 13 + 1
    assert heard[-1] == steps[-1]


def test_one_shoe_is_every_shoe_alike_in_words_and_numbers():
    out = CliRunner().invoke(main, ["shoe-shopping", PUNTO, "--bet", "Banker", "--shoes", "1",
                                    "--decks", "1", "--cut", "10"])
    assert out.exit_code == 0, out.output
    assert out.stdout.startswith("punto_banco.py: 1 shoe of 1 deck, cut card 10 from the end")
    # the row in each part of the table (too wide for 100 columns, it is cut in two)
    any_row = " ".join(line for line in out.stdout.splitlines() if line.startswith("any "))
    assert any_row.count("(every shoe alike)") == 2 and " to " not in any_row
    document = json.loads(CliRunner().invoke(main, ["shoe-shopping", PUNTO, "--bet", "Banker",
                                                    "--shoes", "1", "--decks", "1", "--cut",
                                                    "10", "--fmt", "json"]).stdout)
    flat = document["bets"][0]["every_shoe"]["flat_per_shoe"]
    assert flat["method"] == "exact" and flat["low"] == flat["value"] == flat["high"] != 0


def test_shoes_all_alike_have_their_value_exactly_and_no_spread():
    # three shoes each worth 0.1: summed and divided, 0.1 comes back as 0.10000000000000002
    alike = np.full(3, 0.1)
    interval = mean_interval(alike, n=3, total=float(alike.sum()),
                             total_sq=float((alike ** 2).sum()))
    assert (interval.value, interval.low, interval.high) == (0.1, 0.1, 0.1)
    assert interval.method is IntervalMethod.EXACT


def test_a_groups_figures_do_not_depend_on_the_order_of_its_shoes():
    """Shoes worth 1e16, 1 and -1e16 average 1/3 in any order: summed left to right in
    floating point the 1 is lost in one order and kept in another."""
    column = np.array([1e16, 1.0, -1e16])
    rows = []
    for order in ([0, 1, 2], [0, 2, 1], [1, 2, 0]):
        values = column[order][:, None]
        rows.append(first_card_row("A", 4, Fraction(1, 13), 1, (Fraction(0),), np.ones(3, dtype=bool),
                         np.array([7, 8, 8]), values, values, seed=1))
    assert {r.flat_per_shoe[0].value for r in rows} == {1 / 3}
    assert {r.perfect_per_shoe[0].value for r in rows} == {1 / 3}
    assert rows[0].rounds_per_shoe == 23 / 3
