"""The math report's vulnerability of bets on the cards themselves (issue 19): their
effects of removal, by rank and by suit, beside a bet on points, checked against
closed forms worked by hand; a bet whose removals would take too long is named as
left out."""

import html
from fractions import Fraction

import pytest

from bacc_edge import build_math_report, math_report_html, math_report_markdown
from bacc_edge.output import math_report as mr
from bacc_edge.output.formats import markdown_text

PAYTABLE = '''
from bacc_edge import Bet, Event, first_four, player, tie

BETS = [
    Bet("Colour Match", [Event("One colour", first_four.same_colour, 6)]),
    Bet("Tie", [Event("Tie", tie, 8)]),
    Bet("Nine of diamonds", [Event("Player's first card the 9♦", player.card(1).is_("9♦"),
                                   40)]),
    Bet("Red first", [Event("Player's first card red", player.card(1).colour == "red",
                            "9:10")]),
]
'''


def falling(n: int, k: int) -> int:
    out = 1
    for i in range(k):
        out *= n - i
    return out


def colour_match_ev(red: int, black: int) -> Fraction:
    """6 to 1 that the first four cards are one colour, from the colours' counts."""
    n = red + black
    one_colour = Fraction(falling(red, 4) + falling(black, 4), falling(n, 4))
    return 7 * one_colour - 1


def red_first_ev(red: int, cards: int) -> Fraction:
    """9 to 10 that the player's first card is red."""
    return Fraction(19, 10) * Fraction(red, cards) - 1


def nine_of_diamonds_ev(nines: int, cards: int) -> Fraction:
    """40 to 1 that the player's first card is the 9♦."""
    return 41 * Fraction(nines, cards) - 1


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    path = tmp_path_factory.mktemp("paytable") / "cards.py"
    path.write_text(PAYTABLE)
    return build_math_report(path, decks=2)


def test_card_bets_effects_of_removal_are_the_closed_forms(report):
    colour, tie, nine, red = report.sections
    full = colour_match_ev(52, 52)
    for card, effect in colour.effects.by_card.items():
        is_red = card[-1] in "♥♦"
        assert effect == colour_match_ev(52 - is_red, 52 - (not is_red)) - full, card
    # one colour as likely as the other either way: no card moves Colour Match at all
    assert set(colour.effects.by_card.values()) == {0} and colour.count is None
    full = nine_of_diamonds_ev(2, 104)
    for card, effect in nine.effects.by_card.items():
        assert effect == nine_of_diamonds_ev(2 - (card == "9♦"), 103) - full, card
    assert nine.effects.by_rank["9"] == (nine.effects.by_card["9♦"]
                                         + 3 * nine.effects.by_card["9♠"]) / 4
    full = red_first_ev(52, 104)
    for card, effect in red.effects.by_card.items():
        assert effect == red_first_ev(52 - (card[-1] in "♥♦"), 103) - full, card
    assert set(red.effects.by_rank.values()) == {0} and red.count is None  # suits cancel
    # by suit: a red card out lowers the chance of a red first card, a black one raises it
    for suit, effect in red.effects.by_suit.items():
        assert effect == red_first_ev(52 - (suit in "♥♦"), 103) - full, suit
    assert nine.effects.by_suit["♦"] == (nine_of_diamonds_ev(1, 103)
                                         + 12 * nine_of_diamonds_ev(2, 103)) / 13 - \
        nine_of_diamonds_ev(2, 104)
    assert tie.effects is not None and tie.effects.by_card is None  # a bet on points


def test_the_report_shows_card_bets_by_rank_and_suit(report):
    markdown, page = math_report_markdown(report), math_report_html(report)
    for text, grid in ((markdown, mr.BY_CARD), (page, html.escape(mr.BY_CARD))):
        assert html.escape(mr.CARD_BET_EOR) not in text and markdown_text(mr.CARD_BET_EOR) not in text
        assert text.count(grid) == 2  # the 9♦ and the red card; Colour Match's are all 0
        assert text.count("No linear count by rank") == 1  # the red card: suits move it
        assert text.count("| Any rank |") == (2 if text is markdown else 0)


def test_a_card_bet_whose_removals_would_take_too_long_is_left_out(tmp_path, monkeypatch):
    path = tmp_path / "cards.py"
    path.write_text(PAYTABLE)
    monkeypatch.setattr(mr, "CARD_EOR_BUDGET_S", 0)
    report = build_math_report(path, decks=2)
    colour, tie, nine, red = report.sections
    assert colour.effects is None and nine.effects is None and red.effects is None
    assert tie.effects is not None
    assert math_report_markdown(report).count(markdown_text(mr.CARD_BET_EOR)) == 3  # escaped
