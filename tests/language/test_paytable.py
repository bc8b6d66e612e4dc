"""The paytable language: conditions against the reference, and every mistake caught."""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bacc_edge import Shoe, outcome_table
from bacc_edge.conditions import banker, cards_dealt, margin, player, tie
from bacc_edge.paytable import Bet, Event, PaytableError, Printed, Published
from bacc_edge.analysis.bet_report import evaluate, report
from conftest import ROOT, kinds_of
from reference import reference_counts

# Each condition, and the same question asked of the reference's own outcome keys
# (player state, banker state, player two-card total, banker two-card total, thirds).


def _points(total, third):
    return (total + third) % 10 if third >= 0 else total


def _ref(key):
    ps, bs, pt, bt, x, y = key
    pp, bp = _points(pt, x), _points(bt, y)
    return dict(ps=ps, bs=bs, pt=pt, bt=bt, x=x, y=y, pp=pp, bp=bp,
                pc=2 + (x >= 0), bc=2 + (y >= 0))


QUESTIONS = [
    (banker.wins & (banker.cards == 3) & banker.points.between(1, 5),
     lambda o: o["bp"] > o["pp"] and o["bc"] == 3 and 1 <= o["bp"] <= 5),
    (tie & (player.points == 7), lambda o: o["pp"] == o["bp"] == 7),
    ((player.third == 8) & (banker.two_card_total == 3) & (banker.cards == 2),
     lambda o: o["x"] == 8 and o["bt"] == 3 and o["bc"] == 2),
    (player.wins & (margin >= 4) & ~player.natural,
     lambda o: o["pp"] - o["bp"] >= 4 and o["pt"] < 8),
    (player.pair | banker.pair, lambda o: o["ps"] >= 1 or o["bs"] >= 1),
    (player.suited_pair | banker.suited_pair, lambda o: o["ps"] == 2 or o["bs"] == 2),
    ((cards_dealt == 5) & banker.natural, lambda o: False),
    (player.wins & (player.points == 7) & (banker.points == 6) & (cards_dealt == 6),
     lambda o: o["pp"] == 7 and o["bp"] == 6 and o["x"] >= 0 and o["y"] >= 0),
    (banker.third.isin(0, 9) & ~tie, lambda o: o["y"] in (0, 9) and o["pp"] != o["bp"]),
]


def few_rank_suited_shoes():
    """Suit-asymmetric shoes of three or four ranks (small enough for the reference)."""
    return st.tuples(
        st.lists(st.sampled_from(range(13)), min_size=3, max_size=4, unique=True),
        st.lists(st.integers(0, 2), min_size=20, max_size=20),
    ).map(lambda t: [t[1][4 * t[0].index(r):4 * t[0].index(r) + 4] if r in t[0] else [0] * 4
                     for r in range(13)]).filter(lambda rows: sum(map(sum, rows)) >= 6)


@settings(max_examples=15, deadline=None)
@given(few_rank_suited_shoes())
@pytest.mark.slow
def test_conditions_ask_what_the_reference_sees(rows):
    shoe = Shoe.from_suits(rows)
    table = outcome_table(shoe, suits=True)
    tally = reference_counts(kinds_of(shoe, True))
    for condition, question in QUESTIONS:
        expected = sum(n for key, n in tally.items() if question(_ref(key)))
        assert table.count(condition.mask(table.layout)) == expected, condition.text


def test_the_first_matching_event_decides():
    bet = Bet("Bonus", [Event("win by 9", player.wins & (margin == 9), 30),
                        Event("any win", player.wins, 1)])
    table = outcome_table(Shoe.decks(8))
    result = evaluate(bet, table)
    by9 = table.count((player.wins & (margin == 9)).mask(table.layout))
    wins = table.count(player.wins.mask(table.layout))
    assert result.line("win by 9").combinations == by9
    assert result.line("any win").combinations == wins - by9
    assert result.line("Lose").combinations == table.total - wins
    assert result.ev == Fraction(30 * by9 + (wins - by9) - (table.total - wins), table.total)


def test_probabilities_of_a_bet_sum_to_one():
    for r in report(ROOT / "paytables" / "live_dealer.py"):
        assert sum(e.probability for e in r.events) == 1


@pytest.mark.parametrize("make, words", [
    (lambda: Bet("Empty", []), ["'Empty'", "no events"]),
    (lambda: Bet("B", [Event("x", tie, "five")]), ["'B'", "'x'", "'five'"]),
    (lambda: Bet("B", [Event("x", tie, 8), Event("x", tie, 9)]), ["'B'", "'x'", "twice"]),
    (lambda: Bet("B", [Event("x", "tie", 8)]), ["'B'", "'x'", "not a condition"]),
    (lambda: Bet("B", [Event("x", tie, -3)]), ["'B'", "'x'", "-3"]),
    (lambda: Bet("B", [Event("x", tie, 8)], published=Published("s", hit_rate={"y": "1%"})),
     ["'B'", "'y'"]),
    (lambda: Bet("", [Event("x", tie, 8)]), ["name"]),
    (lambda: Bet("B", [tie]), ["'B'", "not an Event"]),
])
def test_mistakes_are_caught_naming_bet_and_event(make, words):
    with pytest.raises(PaytableError) as err:
        make()
    for w in words:
        assert w in str(err.value)


def test_python_and_or_not_are_refused_with_advice():
    with pytest.raises(TypeError, match="combine conditions with &"):
        bool(tie and player.wins)


def test_an_event_that_can_never_happen_is_an_error():
    bet = Bet("B", [Event("impossible", player.natural & (player.cards == 3), 5)])
    with pytest.raises(PaytableError, match="'impossible': can never happen"):
        report(bet)


def test_an_event_shadowed_by_earlier_ones_is_an_error():
    bet = Bet("B", [Event("tie", tie, 8), Event("tie on 0", tie & (player.points == 0), 100)])
    with pytest.raises(PaytableError, match="'tie on 0': is shadowed"):
        report(bet)


def test_an_event_only_the_depleted_shoe_rules_out_is_a_warning():
    shoe = Shoe.decks(1)
    one_of_each = shoe.remove(" ".join(r for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split()
                                       for _ in range(3)))
    bet = Bet("B", [Event("player pair", player.pair, 11)])
    result = report(bet, one_of_each, full_shoe=shoe)[0]
    assert result.warnings and "cannot happen" in result.warnings[0]
    assert result.line("player pair").combinations == 0
    assert report(bet, shoe)[0].line("player pair").combinations > 0


@pytest.mark.parametrize("text, value, tolerance", [
    ("8.304%", Fraction(8304, 100000), Fraction(5, 1000000)),
    ("-5.69%", Fraction(-569, 10000), Fraction(5, 100000)),
    ("98.94%", Fraction(9894, 10000), Fraction(5, 100000)),
    ("100%", Fraction(1), Fraction(5, 1000)),
])
def test_printed_figures_carry_half_a_unit_of_their_last_digit(text, value, tolerance):
    assert Printed(text).value == value
    assert Printed(text).tolerance == tolerance
