"""The card-level paytables: every printed figure re-derived (or its finding
standing), the Lucky 8 figures' own reading reproducing them all, and the bets without
printed figures against values worked out by hand."""

import importlib.util
from fractions import Fraction
from itertools import product
from math import perm

import pytest

from bacc_edge import Bet, Event, Shoe, check, report
from bacc_edge.language.loader import load_paytable
from bacc_edge.paytable import Measure
from bacc_edge.analysis.bet_report import Tables
from conftest import ROOT

CARD_PAYTABLES = ("contrast_bonus", "super_tie", "majestic_match", "lucky_8", "lucky_match",
                  "matching_dragon", "lucky_nines", "jackpot_baccarat", "colour_match",
                  "perfect_pairs")
#: printed figures per paytable (the others publish none)
FIGURES = {"contrast_bonus": 5, "super_tie": 8, "majestic_match": 8, "lucky_8": 7}
EIGHT = Shoe.decks(8)


@pytest.fixture(scope="module")
def tables():
    """One set of tables for the module: bets on the same layout count it once."""
    return Tables()


def paytable(stem):
    return load_paytable(ROOT / "paytables" / f"{stem}.py")


@pytest.mark.parametrize("stem", CARD_PAYTABLES)
def test_every_printed_figure_reproduces_or_its_finding_stands(stem, tables):
    checks = check(paytable(stem), tables=tables)
    assert len(checks) == FIGURES.get(stem, 0)
    assert all(c.passed for c in checks), [
        (c.bet, c.measure.value, c.label, c.printed.text, float(c.computed), c.status.value)
        for c in checks if not c.passed]


@pytest.mark.parametrize("stem", CARD_PAYTABLES)
def test_a_shipped_card_bet_keeps_its_cells_on_whole_decks(stem, tables):
    """Whole decks are counted by ranks and suits apart where a bet's kept count is priced
    slow (analysis.streamed_count.SLOW_SECONDS, SLOW_CELLS); every shipped
    bet is quick, its cells kept: a part-dealt shoe is then re-weighed from its record."""
    assert {r.counted for r in report(paytable(stem), EIGHT, tables=tables)} <= {
        "card cells", "outcome cells"}


def test_only_lucky_8_has_findings_and_counts_are_exact(tables):
    findings = [(c.bet, str(c.label or c.measure)) for stem in FIGURES
                for c in check(paytable(stem), tables=tables) if c.finding]
    assert findings == [
        ("Lucky 8, player", "Suited three-card 8"), ("Lucky 8, player", "Both hands 8 points"),
        ("Lucky 8, player", "Wins with 8"), ("Lucky 8, player", "player net"),
        ("Lucky 8, banker", "house edge")]
    counts = [c for c in check(paytable("contrast_bonus"), tables=tables)
              if c.measure is Measure.COMBINATIONS]
    assert [c.computed for c in counts] == [49_975_532_181_504, 95_217_257_023_488,
                                            237_970_360_442_880]
    assert all(c.printed.tolerance == 0 for c in counts)


def test_lucky_8_figures_follow_the_published_reading_exactly(tables):
    spec = importlib.util.spec_from_file_location("lucky_8", ROOT / "paytables" / "lucky_8.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    bets = [module.lucky_8(module.player, reading="published",
                           published=module.player_figures()),
            module.lucky_8(module.banker, reading="published",
                           published=module.banker_figures())]
    checks = check(bets, tables=tables)
    assert len(checks) == 7
    assert all(c.status.value == "ok" for c in checks), [
        (c.label, c.printed.text, float(c.computed)) for c in checks]


def test_colour_match_by_hand(tables):
    (result,) = report(paytable("colour_match"), EIGHT, tables=tables)
    assert result.events[0].probability == Fraction(2 * perm(208, 4), perm(416, 4))


@pytest.mark.parametrize("side", ["player", "banker"])
def test_perfect_pairs_by_hand(side, tables):
    (result,) = [r for r in report(paytable("perfect_pairs"), EIGHT, tables=tables)
                 if r.name == f"Perfect Pairs, {side}"]
    # the second card against the first: 7 of 415 the same card, 8 the same rank in the
    # other suit of its colour, 16 in the other colour
    assert [e.probability for e in result.events] == [Fraction(7, 415), Fraction(8, 415),
                                                      Fraction(16, 415), Fraction(384, 415)]


def test_lucky_nines_by_hand(tables):
    """The first four cards dealt one by one from 8 × (9♠ 9♥ 9♦ 9♣) and 384 others."""
    kinds = ("♠", "♥", "♦", "♣", None)
    lines = {}
    for deal in product(kinds, repeat=4):
        left = {k: 8 for k in kinds[:4]} | {None: 384}
        ways = 1
        for k in deal:
            ways *= left[k]
            left[k] -= 1
        nines = [k for k in deal if k]
        most = max((nines.count(s) for s in kinds[:4]), default=0)
        line = ("Four nines" if len(nines) == 4 else
                "Three nines of one suit" if len(nines) == 3 and most == 3 else
                "Three nines" if len(nines) == 3 else
                "Two nines of one suit" if len(nines) == 2 and most == 2 else
                "Two nines" if len(nines) == 2 else
                "The nine of diamonds alone" if nines == ["♦"] else
                "One nine" if nines else "Lose")
        lines[line] = lines.get(line, 0) + ways
    (result, _) = report(paytable("lucky_nines"), EIGHT, tables=tables)
    assert {e.label: e.probability for e in result.events} == {
        k: Fraction(v, perm(416, 4)) for k, v in lines.items()}


def test_matching_dragon_leaves_out_only_the_lines_no_coup_can_deal():
    bets = paytable("matching_dragon").bets
    assert len(bets) == 26
    short = {b.name for b in bets if len(b.events) == 4}
    assert short == {f"Matching Dragon {r}, paytable {t}" for r in "3489" for t in (1, 2)}


def test_card_words_are_what_the_bets_are_made_of():
    """A coup of all one rank is no straight and one rank count; the words refuse nonsense."""
    from bacc_edge import ConditionError
    from bacc_edge.conditions import first_four, player
    with pytest.raises(ConditionError):
        first_four.rank_counts == (2, 0)  # noqa: B015
    with pytest.raises(Exception, match="not a suit"):
        player.card(1).suit == "x"  # noqa: B015
    bet = Bet("Suited K-Q", [Event("K-Q suited", player.card(1).is_("K♥")
                                   & player.card(2).is_("Q♥"), 1)])
    (result,) = report(bet, EIGHT)
    assert result.events[0].probability == Fraction(8 * 8, 416 * 415)
