"""Exact class totals of bets on the multiset of the coup's cards, without the card layout
(issue 31 §2, :mod:`bacc_edge.depth.rank_counts`): each bet's line counts on small shoes
dealt card by card by the reference dealer and settled here by the bet's printed rules,
never by the engine; and the perfect player's values, round by round, the card layout's."""

from collections import Counter

import numpy as np
import pytest

from bacc_edge import load_paytable
from bacc_edge.analysis.evaluator import Evaluator, layout_for
from bacc_edge.depth.options import prepare
from bacc_edge.depth.rank_counts import RankCounts
from bacc_edge.depth.screen import ScreenedValues
from bacc_edge.depth.shoes import game, unseen_by_round
from bacc_edge.game.dealing import DealRules
from bacc_edge.game.tableau import STANDARD
from conftest import ROOT
from reference import coups_dealt

#: ranks: 0 ace … 9 ten, 10 jack, 11 queen, 12 king
ACE, FIVE, TEN, JACK, KING = 0, 4, 9, 10, 12
RANK_NAMES = "A 2 3 4 5 6 7 8 9 10 J Q K".split()


def lucky_match_line(ranks: list[int]) -> int:
    """Lucky Match as its table reads, the first line that holds: five or six of a kind
    (0), two sets of three (1), four of a kind (2), a full house (3), three of a kind
    (4), two or three pairs (5), else 6."""
    held = sorted(Counter(ranks).values(), reverse=True) + [0]
    if held[0] >= 5:
        return 0
    if held[:2] == [3, 3]:
        return 1
    if held[0] == 4:
        return 2
    if held[0] == 3:
        return 3 if held[1] == 2 else 4
    return 5 if held.count(2) >= 2 else 6


def dragon_line(rank: int, most: int):
    """Matching Dragon on ``rank``: its lines from ``most`` cards of the rank down to
    one, then none."""
    def line(ranks: list[int]) -> int:
        n = ranks.count(rank)
        return most - n if n else most
    return line


def reference_lines(cards, settle, lines: int) -> list[int]:
    """The ordered six-card deals of each line of a bet, coup by coup from the reference
    dealer, settled by ``settle`` on the ranks of all the cards dealt."""
    out = [0] * lines
    for coup, deals in coups_dealt(cards):
        out[settle([r for r, _ in (c for c in coup if c is not None)])] += deals
    return out


def shoe_of(**ranks: int) -> tuple:
    """A small shoe: ``{rank name: copies}``, each copy of a suit of its own (suits play
    no part)."""
    names = {"ace": ACE, "five": FIVE, "ten": TEN, "jack": JACK, "king": KING}
    return tuple((names[name], i % 4) for name, n in ranks.items() for i in range(n))


@pytest.mark.parametrize("stem, bet, settle, cards", [
    # every line dealt: five kings, three jacks (two sets of three, full houses …)
    ("lucky_match", "Lucky Match", lucky_match_line, shoe_of(king=5, jack=3, ace=2)),
    # six kings, among jacks (a jack is not a king: the ten-value cards split by rank)
    ("matching_dragon", "Matching Dragon K, paytable 1", dragon_line(KING, 6),
     shoe_of(king=6, jack=2, ace=2)),
    # point values alone (A-9: the rank is the value)
    ("matching_dragon", "Matching Dragon A, paytable 2", dragon_line(ACE, 6),
     shoe_of(ace=6, ten=2, king=1, five=1))])
def test_line_counts_are_the_reference_dealers(stem, bet, settle, cards):
    """On a 10-card shoe, the bet's line counts from one product a multiset of the
    coup's cards are the reference dealer's, every line, the best-paying one dealt."""
    paytable = load_paytable(ROOT / "paytables" / f"{stem}.py").select([bet])
    evaluator = Evaluator(paytable.bets, layout_for(paytable.bets, STANDARD))
    row = np.bincount([4 * r + s for r, s in cards], minlength=52)[None, :]
    got = evaluator.line_counts(RankCounts.of(evaluator).class_totals_each(row)[0])[0]
    want = reference_lines(cards, settle, len(got))
    assert list(got) == want and want[0] > 0


def test_a_paytables_bets_together_are_each_the_reference_dealers():
    """All 26 Matching Dragon bets on one layout (every ten-value rank named: 14 bases,
    value 0 left empty), each bet's line counts the reference dealer's."""
    paytable = load_paytable(ROOT / "paytables" / "matching_dragon.py")
    evaluator = Evaluator(paytable.bets, layout_for(paytable.bets, STANDARD))
    cards = shoe_of(king=6, jack=2, ace=2)
    row = np.bincount([4 * r + s for r, s in cards], minlength=52)[None, :]
    got = evaluator.line_counts(RankCounts.of(evaluator).class_totals_each(row)[0])
    for bet, lines in zip(paytable.bets, got):
        rank = RANK_NAMES.index(bet.name.split()[2].rstrip(","))
        most = 4 if RANK_NAMES[rank] in "3489" else 6
        assert list(lines) == reference_lines(cards, dragon_line(rank, most), len(lines)), bet


def test_other_card_layouts_are_left_to_the_card_layout():
    """A bet that reads cards by position (the hands' pairs) is not counted here (None)."""
    bets = list(load_paytable(ROOT / "paytables" / "perfect_pairs.py").bets)[:1]
    assert RankCounts.of(Evaluator(bets, layout_for(bets, STANDARD))) is None


@pytest.mark.parametrize("decks, counted", [(27, True), (28, False)])
def test_past_int64_no_totals_are_given(decks, counted):
    """Every count is at most [N]_6 <= N**6: 27 decks (1,404 cards) are counted in int64,
    28 (1,456 cards) are not (the caller counts on the card layout in Python integers),
    never wrapped round."""
    paytable = load_paytable(ROOT / "paytables" / "lucky_match.py")
    evaluator = Evaluator(paytable.bets, layout_for(paytable.bets, STANDARD))
    totals = RankCounts.of(evaluator).class_totals_each(np.full((1, 52), decks, dtype=np.int64))
    assert (totals is not None) == counted
    if counted:
        assert int(totals.sum()) == 1404 * 1403 * 1402 * 1401 * 1400 * 1399


@pytest.mark.parametrize("stem, bet", [
    ("lucky_match", "Lucky Match"), ("matching_dragon", "Matching Dragon Q, paytable 1"),
    ("matching_dragon", "Matching Dragon 7, paytable 2")])
def test_screened_values_are_the_card_layouts_every_round(stem, bet):
    """Shoe by shoe, on two-deck shoes: the screened run counts these bets every round
    without their card layout, each value and squared result the card layout's, to the
    bit."""
    spec = prepare(ROOT / "paytables" / f"{stem}.py", [bet], eor_count=False,
                   paytable_counts_too=False, deal=DealRules(decks=2))
    g = game(spec)
    rounds, start, _, _, _, cards = g.deal_shoes(spec.seed, 0, 2, keep_cards=True)
    unseen = [unseen_by_round(cards[s], start[s], int(rounds[s])) for s in range(2)]
    values = ScreenedValues(g.values, spec.tableau, cheap_s=0)
    assert values.exact[0] is not None and values.screens[0] is None
    evs, squares = values.moments(unseen, [np.zeros(len(u), dtype=bool) for u in unseen],
                                  np.bincount(cards[0], minlength=52))
    want = [g.values.moments_each(u) for u in unseen]
    assert (evs == np.concatenate([ev for ev, _ in want])).all()
    assert (squares == np.concatenate([sq for _, sq in want])).all()
