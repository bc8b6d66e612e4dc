from fractions import Fraction

import pytest

from bacc_edge.pays import PaysError, for_one, pays, percent


@pytest.mark.parametrize("given, net", [
    (5, 5), (0.95, Fraction(19, 20)), ("1:2", Fraction(1, 2)), ("7:2", Fraction(7, 2)),
    ("19-20", Fraction(19, 20)), ("5 to 1", 5), ("45 for 1", 44), ("10%", Fraction(1, 10)),
    ("push", 0), ("lose", -1), (Fraction(3, 2), Fraction(3, 2)), ("0.95:1", Fraction(19, 20)),
])
def test_pays_read_as_sheets_print_them(given, net):
    assert pays(given).net == net


def test_helpers_match_the_strings():
    assert for_one(120) == pays("120 for 1")
    assert percent(2).net == Fraction(1, 50)


@pytest.mark.parametrize("nonsense", [
    "x", "five", -2, -0.5, float("nan"), float("inf"), True, None, [5], "1:0", "3 for 0", "-3",
])
def test_nonsense_pays_are_refused_with_the_value_quoted(nonsense):
    with pytest.raises(PaysError) as err:
        pays(nonsense)
    assert repr(nonsense) in str(err.value) or str(nonsense) in str(err.value)
