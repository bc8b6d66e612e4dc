"""Exact numbers written for a person: a percentage, a fraction, a decimal.

The one place bacc-edge turns a number into text, so that a figure reads the same in every
report, table and error message. It imports nothing of the package: the analyses (whose
error messages quote edges) and the output layer both use it.
"""

from __future__ import annotations

from fractions import Fraction


def percentage(value, digits: int = 3, *, sign: bool = False, mark: bool = True) -> str:
    """``value`` (a fraction of the stake) as a percentage rounded to ``digits`` decimals,
    for display only: ``Fraction(1, 8)`` → ``"12.500%"``.

    ``sign`` writes a plus sign on a figure that is not negative (a change, such as an
    effect of removal); ``mark=False`` leaves out the ``%`` (a column whose heading says
    the unit). The exact value is turned into a float first and then multiplied by 100,
    ``float(value) * 100``, and Python rounds that float's exact binary value half to even:
    every published figure was written this way, so the rounding must not change (the
    product of the exact value, ``float(value * 100)``, can round the other way).

    A figure (neither signed nor unmarked) that is not exactly 0% or ±100% never shows as
    one: where rounding would make it so, it shows as the bound it passes, ``<100.000%``
    (99.9999%), ``>0.000%`` (a millionth of a percent), ``<0.000%`` (just below zero). A
    signed change too small to show keeps its sign (``-0.000``)."""
    text = f"{float(value) * 100:{'+' if sign else ''}.{digits}f}"
    if not sign and mark:
        shown, exact = Fraction(text), Fraction(value) * 100
        if shown in (0, 100, -100) and exact != shown:
            bound = float(abs(shown) if shown == 0 else shown)  # '0.000', never '-0.000'
            return f"{'<' if exact < shown else '>'}{bound:.{digits}f}%"
    return text + "%" if mark else text


def exact_share(value, digits: int = 3) -> str:
    """A share set by the rules (a fee) as a percentage: exactly where it is a percentage
    of at most ``digits`` decimal places (``Fraction(1, 5)`` → ``"20%"``, ``0.0625`` →
    ``"6.25%"``), else rounded to ``digits`` as :func:`percentage` rounds
    (``"6.436%"``)."""
    hundredths = Fraction(value) * 100
    if (hundredths * 10 ** digits).denominator == 1:
        return f"{decimal(hundredths)}%"
    return percentage(value, digits)


def fraction(value: Fraction) -> str:
    """An exact fraction as text a reader can paste into ``Fraction(…)``: ``"-3/4"``, or
    the whole number ``"5"`` when the denominator is one."""
    if value.denominator == 1:
        return str(value.numerator)
    return f"{value.numerator}/{value.denominator}"


#: Decimal places of an amount whose decimal never ends (a stake of 1/3), shown with ≈.
AMOUNT_PLACES = 10


def decimal(value: Fraction) -> str:
    """An amount written with a decimal point where it needs one, e.g. ``12.5``: every
    digit when its decimal ends, however many (never through a float or a 28-digit
    Decimal), else ``≈`` and :data:`AMOUNT_PLACES` places."""
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    rest, places = value.denominator, 0
    for prime in (2, 5):
        count = 0
        while rest % prime == 0:
            rest, count = rest // prime, count + 1
        places = max(places, count)
    ends = rest == 1
    places = places if ends else AMOUNT_PLACES
    scaled = round(value * 10 ** places)  # exact when the decimal ends
    digits = str(abs(scaled)).rjust(places + 1, "0")
    text = f"{'-' if scaled < 0 else ''}{digits[:-places]}.{digits[-places:]}"
    return text if ends else f"≈{text}"


def amount(value: Fraction) -> str:
    """An amount of chips, exact, always with a decimal point (``1.0``, ``12.25``)."""
    text = decimal(value)
    return text if "." in text else f"{text}.0"


def one_in(probability: Fraction) -> str:
    """A probability as true odds, "1 in N" with N = 1/p to four significant figures or
    more (``Fraction(1, 8)`` → ``"1 in 8.000"``, 0.095156 → ``"1 in 10.51"``, a rare event
    → ``"1 in 3,767,466"``); "never" for 0."""
    p = Fraction(probability)
    if p <= 0:
        return "never"
    n = 1 / p
    places = max(0, 3 - (len(str(int(n))) - 1)) if n >= 1 else 3
    return f"1 in {float(n):,.{places}f}"


def a_or_an(number: int) -> str:
    """The article before a whole number read aloud: "an" for those that start with a
    vowel sound (8, 11, 18, 80-89, 800 …, 11,000), "a" for the others ("an 8-deck
    shoe", "a 6-deck shoe")."""
    digits = str(abs(number))
    eleven = len(digits) % 3 == 2 and digits.startswith(("11", "18"))
    return "an" if digits.startswith("8") or eleven else "a"


def plural(count: int, noun: str) -> str:
    """``count`` and ``noun``, an ``s`` on the noun unless the count is one: "1 card",
    "14 cards"."""
    return f"{count} {noun}{'' if count == 1 else 's'}"


__all__ = ["a_or_an", "amount", "decimal", "exact_share", "fraction", "one_in", "percentage",
           "plural"]
