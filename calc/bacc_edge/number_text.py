"""Exact numbers written for a person: a percentage, a fraction, a decimal.

The one place bacc-edge turns a number into text, so that a figure reads the same in every
report, table and error message. It imports nothing of the package: the analyses (whose
error messages quote edges) and the output layer both use it.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction


def percentage(value, digits: int = 3, *, sign: bool = False, mark: bool = True) -> str:
    """``value`` (a fraction of the stake) as a percentage rounded to ``digits`` decimals,
    for display only: ``Fraction(1, 8)`` → ``"12.500%"``.

    ``sign`` writes a plus sign on a figure that is not negative (a change, such as an
    effect of removal); ``mark=False`` leaves out the ``%`` (a column whose heading says
    the unit). The exact value is turned into a float first and then multiplied by 100,
    ``float(value) * 100``, and Python rounds that float's exact binary value half to even:
    every published figure was written this way, so the rounding must not change (the
    product of the exact value, ``float(value * 100)``, can round the other way). A
    negative figure too small to show keeps its minus (``-0.000%``): it is below zero."""
    text = f"{float(value) * 100:{'+' if sign else ''}.{digits}f}"
    return text + "%" if mark else text


def fraction(value: Fraction) -> str:
    """An exact fraction as text a reader can paste into ``Fraction(…)``: ``"-3/4"``, or
    the whole number ``"5"`` when the denominator is one."""
    if value.denominator == 1:
        return str(value.numerator)
    return f"{value.numerator}/{value.denominator}"


def decimal(value: Fraction) -> str:
    """An amount written with a decimal point where it needs one, e.g. ``12.5``."""
    if value.denominator == 1:
        return str(value.numerator)
    return format(Decimal(value.numerator) / Decimal(value.denominator), "f")


__all__ = ["decimal", "fraction", "percentage"]
