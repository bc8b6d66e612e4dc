"""The one percentage, fraction and decimal every report writes, against values worked by
hand: binary halves rounded to even, a figure whose float sits below its exact half,
signs, the minus of a negative too small to show, and fractions read back exactly."""

import re
from fractions import Fraction
from pathlib import Path

import pytest

from bacc_edge.util.number_text import decimal, exact_share, fraction, percentage

CALC = Path(__file__).resolve().parents[2] / "calc" / "bacc_edge"


@pytest.mark.parametrize("value, digits, written", [
    (Fraction(1, 8), 3, "12.500%"),
    (Fraction(-1, 8), 1, "-12.5%"),
    # 1/8 and 3/8 of the stake are 12.5% and 37.5% exactly (binary halves): to even
    (Fraction(1, 8), 0, "12%"),
    (Fraction(3, 8), 0, "38%"),
    # 1/80 = 1.25%, 3/80 = 3.75%, both exact in binary: to even again
    (Fraction(1, 80), 1, "1.2%"),
    (Fraction(3, 80), 1, "3.8%"),
    # 23/40 = 57.5% exactly, but float(23/40) = 0.57499999999999995559… lies below the
    # half, and times 100 is 57.49999999999999: "57%", where float(23/40 * 100) = 57.5
    # would give "58%". Every published figure was written the first way.
    (Fraction(23, 40), 0, "57%"),
    (Fraction(-23, 40), 0, "-57%"),
    # the same at a house edge's scale: 0.0575% is below its half as a float too
    (Fraction(23, 40000), 3, "0.057%"),
    (Fraction(0), 3, "0.000%"),
    (1, 2, "100.00%"),
    (0.0125, 1, "1.2%"),  # a float (a depth run's share) is written alike
])
def test_a_percentage_rounds_the_float_of_the_exact_value(value, digits, written):
    assert percentage(value, digits) == written


def test_a_percentage_has_three_decimals_unless_told():
    assert percentage(Fraction(1, 3)) == "33.333%"


@pytest.mark.parametrize("value, digits, written", [
    (Fraction(1, 40), 2, "+2.50"),
    (Fraction(-1, 40), 2, "-2.50"),
    (Fraction(0), 4, "+0.0000"),
    # a negative figure too small to show keeps its minus: it is below zero
    (Fraction(-1, 10**9), 4, "-0.0000"),
    (Fraction(1, 10**9), 4, "+0.0000"),
])
def test_a_signed_change_without_its_mark(value, digits, written):
    assert percentage(value, digits, sign=True, mark=False) == written


def test_a_figure_too_small_to_show_says_which_side_of_zero_it_is():
    # a hit rate or an edge that is not zero never reads as 0.000%; a signed change
    # too small to show keeps its sign
    assert percentage(Fraction(-1, 10**9)) == "<0.000%"
    assert percentage(Fraction(1, 10**9)) == ">0.000%"
    assert percentage(Fraction(-1, 10**9), sign=True) == "-0.000%"


def test_a_signed_percentage_keeps_its_mark():
    assert percentage(Fraction(-49, 1000), 1, sign=True) == "-4.9%"
    assert percentage(Fraction(49, 1000), 1, sign=True) == "+4.9%"


@pytest.mark.parametrize("value, written", [
    (Fraction(-3, 4), "-3/4"),
    (Fraction(10, 2), "5"),
    (Fraction(-6), "-6"),
    (Fraction(0), "0"),
    (Fraction(6, 8), "3/4"),
    (Fraction(-10**30 - 1, 10**30),
     "-1000000000000000000000000000001/1000000000000000000000000000000"),
])
def test_a_fraction_is_written_in_lowest_terms_and_reads_back(value, written):
    assert fraction(value) == written
    assert Fraction(written) == value


@pytest.mark.parametrize("value, written", [
    (Fraction(25, 2), "12.5"),
    (Fraction(-1, 8), "-0.125"),
    (Fraction(7), "7"),
    (Fraction(1, 20), "0.05"),
    # 1/2**20 = 5**20/10**20 = 95367431640625/10**20, every digit (a float says 9.5367e-07)
    (Fraction(1, 2**20), "0.00000095367431640625"),
    # a whole number is written whole, however long
    (Fraction(10**30 + 1), "1000000000000000000000000000001"),
])
def test_a_decimal_has_a_point_only_where_it_needs_one(value, written):
    assert decimal(value) == written


def test_no_module_writes_a_percentage_of_its_own():
    # every "% of the stake" a report prints goes through number_text.percentage: an
    # f-string that multiplies by 100 and formats the product is a second definition
    own = re.compile(r"\{[^{}]*\* 100:[^{}]*\}")
    found = [f"{path.name}:{n}" for path in sorted(CALC.glob("*.py"))
             if path.name != "number_text.py"
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if own.search(line)]
    assert found == []


@pytest.mark.parametrize("value, digits, written", [
    (Fraction(1, 5), 3, "20%"), (Fraction(1, 5), 0, "20%"), (Fraction(1, 16), 3, "6.25%"),
    (Fraction(1, 16), 1, "6.2%"), (Fraction(64355, 1000000), 3, "6.435%"),
    (Fraction(64355, 1000000), 4, "6.4355%"), (Fraction(1, 3), 2, "33.33%"),
    (Fraction(0), 3, "0%"),
], ids=["a fifth", "a fifth, no decimals", "a sixteenth", "a sixteenth at one place",
        "a fee rounded", "a fee in full", "a third", "none"])
def test_a_share_set_by_the_rules_is_exact_where_it_ends_within_the_digits(value, digits,
                                                                           written):
    # hand-written: 1/16 = 6.25%; 0.064355 = 6.4355%, to three places as percentage()
    # rounds it (its float times 100 is 6.435499…, so 6.435); 1/3 = 33.333…%
    assert exact_share(value, digits) == written
