"""What a bet pays, read the way rule sheets print it, as an exact net win per unit.

(The module was ``bacc_edge.pays``; that import path still works, but
``bacc_edge.pays`` itself is the function :func:`pays`.)"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from ..errors import BaccEdgeError
from ..util.number_grammar import (DECIMAL_TEXT, FRACTION_TEXT, OPTION_DECIMAL,  # noqa: F401
                                   OPTION_FORM, OPTION_FRACTION, OPTION_PERCENT,
                                   OPTION_WHOLE, WHOLE_TEXT, loosely_written)

#: The largest net win a pay may name, per unit staked. No table pays more than a
#: billion to one, and below it every figure of a bet (its variance holds the pay
#: squared) stays a finite floating-point number.
LARGEST_PAY = 10**9

#: Text numbers whose decimal exponent reaches past this are refused before they are
#: read: Python would build an integer of that many digits (``1e999999999`` never ends).
LARGEST_EXPONENT = 100


def option_number(value) -> Fraction:
    """A number option as an exact fraction: an int, a Fraction, a float (as its repr
    reads), or text in the option grammar (:data:`OPTION_DECIMAL`, or a fraction such as
    ``1/4``). ValueError for anything else, with the hint of :func:`loosely_written`."""
    if isinstance(value, str) and not (OPTION_DECIMAL.fullmatch(value)
                                       or OPTION_FRACTION.fullmatch(value)):
        if value.lower().lstrip("+-") in ("inf", "infinity", "nan", "snan"):
            raise ValueError(f"{value!r} is not a finite number")
        raise ValueError(f"{value!r} is not a number{loosely_written(value)}")
    return exact_number(value)


def option_percentage(text: str) -> Fraction:
    """A percentage option (``"5%"``, ``"-0.5%"``: :data:`OPTION_PERCENT`) as a fraction
    of one: ``Fraction(1, 20)``. ValueError for anything else, or for more decimal
    places than :data:`LARGEST_EXPONENT`."""
    m = OPTION_PERCENT.fullmatch(text)
    if not m:
        raise ValueError(f"{text!r} is not a percentage such as '5%'{loosely_written(text)}")
    if len(m[1].partition(".")[2]) > LARGEST_EXPONENT:
        raise ValueError(f"{text!r} has more than {LARGEST_EXPONENT} decimal places")
    return Fraction(m[1]) / 100


def option_share(text: str) -> Fraction:
    """A share written as an option writes it: a number or a fraction of the option
    grammar (``"0.6"``, ``"3/5"``), or a percentage (``"60%"``), as an exact fraction of
    one. ValueError for anything else (``".5"``, ``"1_0%"``, ``"3/5%"``, ``" 0.5"``), with
    the hint of :func:`loosely_written`."""
    if isinstance(text, str) and text.endswith("%"):
        return option_percentage(text)
    try:
        return option_number(text)
    except ZeroDivisionError:
        raise ValueError(f"{text!r} divides by zero") from None


def whole_number(text: str) -> int:
    """A whole number written as text (:data:`WHOLE_TEXT`, spaces round it allowed);
    ValueError for anything else."""
    if not isinstance(text, str) or not WHOLE_TEXT.fullmatch(text.strip()):
        raise ValueError(f"{text!r} is not a whole number")
    return int(text.strip())


class PaysError(BaccEdgeError):
    """A pay that is not a sensible number of units."""


def exact_number(value) -> Fraction:
    """A number as an exact fraction: an int, a Fraction, a float (as its repr reads),
    or text in decimal or as a fraction (``"12.5"``, ``"1e3"``, ``"1/4"``).

    Raises ValueError for anything else, for infinities and NaN, and for text whose
    exponent passes :data:`LARGEST_EXPONENT` either way, which is refused before Python
    builds the integer it names.
    """
    if isinstance(value, bool):
        raise ValueError(f"{value!r} is not a number")
    if isinstance(value, (int, Fraction)):
        return Fraction(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"{value!r} is not a finite number")
        return Fraction(Decimal(repr(value)))  # 0.95 is 19/20, not the float's binary value
    text = str(value).strip()
    if FRACTION_TEXT.fullmatch(text):
        try:  # whole numbers each side: Python itself limits how many digits they have
            return Fraction(text)
        except (ValueError, ZeroDivisionError):
            raise ValueError(f"{value!r} is not a number") from None
    if not DECIMAL_TEXT.fullmatch(text):  # '1_000', '５', '1/2/3' are no numbers here
        if text.lower().lstrip("+-") in ("inf", "infinity", "nan", "snan"):
            raise ValueError(f"{value!r} is not a finite number")
        raise ValueError(f"{value!r} is not a number")
    number = Decimal(text)
    if number and number.adjusted() > LARGEST_EXPONENT:
        raise ValueError(f"{value!r} is too large")
    if number.as_tuple().exponent < -LARGEST_EXPONENT:
        raise ValueError(f"{value!r} has too many decimal places")
    return Fraction(number)


@dataclass(frozen=True)
class Pays:
    """The net result of one unit staked: +5 for "5 to 1", 0 for a push, -1 for a loss."""

    net: Fraction
    text: str

    def __str__(self) -> str:
        return self.text


LOSE = Pays(Fraction(-1), "-1")


def _number(text: str) -> Fraction:
    try:
        return exact_number(text)
    except ValueError as err:
        raise PaysError(str(err)) from None


def _show(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    return format(float(value), "g")


def for_one(amount) -> Pays:
    """Pays ``amount`` for 1: the amount handed back includes the stake (``45 for 1`` wins 44)."""
    return pays(f"{amount} for 1")


def percent(share) -> Pays:
    """Wins ``share`` percent of the stake, the stake returned (Double Chance on a tie)."""
    return pays(f"{share}%")


def pays(value) -> Pays:
    """Read a pay the way rule sheets print it.

    Numbers are "to 1": ``5``, ``0.95``, ``Fraction(1, 2)``. Strings may also say
    ``"7:2"``, ``"1:2"``, ``"19-20"``, ``"1/3"`` or ``"5 to 1"`` (a to b, exactly),
    ``"45 for 1"`` (stake
    included: wins 44), ``"10%"`` (wins a tenth of the stake), ``"push"`` or ``"lose"``.
    """
    if isinstance(value, Pays):
        return value
    if isinstance(value, bool) or value is None:
        raise PaysError(f"{value!r} is not a pay: give a number such as 5, or '7:2'")
    if isinstance(value, (int, Fraction)):
        net = Fraction(value)
        text = _show(net)
    elif isinstance(value, float):
        if not math.isfinite(value):
            raise PaysError(f"{value!r} is not a pay: it must be a finite number")
        net = exact_number(value)
        text = repr(value)
    elif isinstance(value, str):
        net, text = _parse(value)
    else:
        raise PaysError(f"{value!r} ({type(value).__name__}) is not a pay: "
                        f"give a number such as 5, or a string such as '7:2'")
    if net > LARGEST_PAY:
        raise PaysError(f"{_quoted(value)} pays more than {LARGEST_PAY:,} to 1: no table "
                        f"pays that much")
    if net < -1:
        raise PaysError(f"{value!r} loses more than the stake")
    if net < 0 and not isinstance(value, str):
        raise PaysError(_negative(repr(value), net))
    return Pays(net, text)


def _negative(quoted: str, net: Fraction) -> str:
    """Why a negative pay is refused, and what was likely meant: a pay between -1 and 0
    hands back part of the stake, which rule sheets write "0.5 for 1"."""
    if net > -1:
        back = 1 + net
        decimal = Decimal(back.numerator) / Decimal(back.denominator)
        written = (f"'{decimal} for 1' (for_one({decimal}))" if Fraction(decimal) == back
                   else f"'{back.numerator} for {back.denominator}'")
        return (f"{quoted} is negative: a pay that hands back part of the stake is written "
                f"{written}; a bet that loses pays 'lose'")
    return f"{quoted} is negative: a bet that loses pays 'lose'"


def _quoted(value) -> str:
    """The pay as written, shortened when it is a number of hundreds of digits."""
    text = repr(value)
    return text if len(text) <= 40 else f"{text[:12]}…{text[-6:]} ({len(text)} characters)"


_RATIO = re.compile(r"^\s*([0-9.]+)\s*(?::|-|to|/)\s*([0-9.]+)\s*$", re.IGNORECASE)
_FOR = re.compile(r"^\s*([0-9.]+)\s*for\s*([0-9.]+)\s*$", re.IGNORECASE)
_PERCENT = re.compile(r"^\s*([0-9.]+)\s*%\s*$")


def _parse(text: str) -> tuple[Fraction, str]:
    t = text.strip().lower()
    if t == "push":
        return Fraction(0), "push"
    if t == "lose":
        return Fraction(-1), "-1"
    if m := _FOR.match(t):
        a, b = _number(m[1]), _number(m[2])
        if b == 0:
            raise PaysError(f"{text!r} divides by zero")
        return a / b - 1, f"{_show(a)} for {_show(b)}"
    if m := _RATIO.match(t):
        a, b = _number(m[1]), _number(m[2])
        if b == 0:
            raise PaysError(f"{text!r} divides by zero")
        return a / b, f"{_show(a)}:{_show(b)}" if b != 1 else _show(a)
    if m := _PERCENT.match(t):
        share = _number(m[1]) / 100
        return share, f"{_show(_number(m[1]))}% of stake"
    if not DECIMAL_TEXT.fullmatch(t) and t.lstrip("+-") not in ("inf", "infinity", "nan"):
        raise PaysError(
            f"{text!r} is not a pay: write a number ('5'), odds ('7:2', '19-20', '5 to 1'), "
            f"'45 for 1', '10%', 'push' or 'lose'"
        )
    net = _number(t)  # a number, but perhaps not a finite or a usable one
    if net < 0:
        raise PaysError(_negative(repr(text), net))
    return net, _show(net)
