"""Exact class totals without the card layout (issue 31 §2,
:mod:`bacc_edge.depth.suited_counts`): each bet's line counts on small shoes dealt card by
card by the reference dealer and settled here by the bet's printed rules, never by the
engine."""

import numpy as np
import pytest

from bacc_edge.analysis.evaluator import Evaluator, layout_for
from bacc_edge.depth.suited_counts import SuitedCounts
from bacc_edge.game.tableau import STANDARD
from bacc_edge import load_paytable
from conftest import ROOT
from reference import card_points, coups_dealt

#: suits ♠ ♥ ♦ ♣ (rank · 4 + suit): black, red, red, black
RED = {1, 2}


def small_shoe(seed: int, size: int, suits: tuple[int, ...]) -> tuple:
    """``size`` physical cards (rank, suit) of ranks A-5 and 10 in ``suits``: hands of
    one suit or colour are common, every hand total reachable."""
    rng = np.random.default_rng(seed)
    kinds = [(r, s) for r in (0, 1, 2, 3, 4, 9) for s in suits]
    return tuple(kinds[i] for i in rng.choice(len(kinds), size=size))


def lucky_8_line(hands, points, side: int) -> int:
    """Lucky 8 as written, on hand ``side`` (0 player, 1 banker): both hands a suited
    three-card 8 (line 0), the chosen (1), a tie on 8 (2), the chosen hand loses with 8
    (3), wins with 8 (4), else 5."""
    suited8 = [len(h) == 3 and p == 8 and len({s for _, s in h}) == 1
               for h, p in zip(hands, points)]
    mine, theirs = points[side], points[1 - side]
    if suited8[0] and suited8[1]:
        return 0
    if suited8[side]:
        return 1
    if mine == 8:
        return 2 if theirs == 8 else (3 if theirs > mine else 4)
    return 5


def contrast_line(hands, points, side: int) -> int:
    """Contrast Bonus: each hand of one colour, the two of two colours, by the cards
    dealt (six: line 0, five: 1, four: 2), else 3."""
    colours = [{s in RED for _, s in h} for h in hands]
    if len(colours[0]) == 1 and len(colours[1]) == 1 and colours[0] != colours[1]:
        return 6 - len(hands[0]) - len(hands[1])
    return 3


def reference_lines(cards, settle, side: int, lines: int) -> list[int]:
    """The ordered six-card deals of each line of a bet, coup by coup from the reference
    dealer, settled by ``settle``."""
    out = [0] * lines
    for coup, deals in coups_dealt(cards):
        hands = [[c for c in coup[i::2] if c is not None] for i in (0, 1)]
        points = [sum(card_points(r) for r, _ in h) % 10 for h in hands]
        out[settle(hands, points, side)] += deals
    return out


@pytest.mark.parametrize("stem, bet, settle, side, seed, suits", [
    # shoes dealing both hands suited three-card 8s, of two suits (15), of one (11)
    ("lucky_8", "Lucky 8, player", lucky_8_line, 0, 15, (0, 1)),
    ("lucky_8", "Lucky 8, banker", lucky_8_line, 1, 11, (0, 1)),
    ("contrast_bonus", "Contrast Bonus, paytable 1", contrast_line, 0, 15, (0, 1, 2))])
def test_line_counts_are_the_reference_dealers(stem, bet, settle, side, seed, suits):
    """On a 10-card shoe, the bet's line counts from the point cells and the hands'
    suit sums are the reference dealer's, every line, the best-paying one dealt."""
    paytable = load_paytable(ROOT / "paytables" / f"{stem}.py").select([bet])
    evaluator = Evaluator(paytable.bets, layout_for(paytable.bets, STANDARD))
    counts = SuitedCounts.of(evaluator, STANDARD)
    cards = small_shoe(seed, 10, suits)
    row = np.bincount([4 * r + s for r, s in cards], minlength=52)[None, :]
    got = evaluator.line_counts(counts.class_totals_each(row)[0])[0]
    want = reference_lines(cards, settle, side, len(got))
    assert list(got) == want and want[0] > 0


@pytest.mark.parametrize("decks, counted", [(27, True), (28, False)])
def test_past_int64_no_totals_are_given(decks, counted):
    """Every count is at most [N]_6 <= N**6: 27 decks (1,404 cards) are counted in
    int64, 28 (1,456 cards, 1456**6 > 2**63) are not (the caller counts on the card
    layout in Python integers), never wrapped round."""
    paytable = load_paytable(ROOT / "paytables" / "lucky_8.py").select(["Lucky 8, player"])
    evaluator = Evaluator(paytable.bets, layout_for(paytable.bets, STANDARD))
    totals = SuitedCounts.of(evaluator, STANDARD).class_totals_each(
        np.full((1, 52), decks, dtype=np.int64))
    assert (totals is not None) == counted
    if counted:
        assert int(totals.sum()) == 1404 * 1403 * 1402 * 1401 * 1400 * 1399
