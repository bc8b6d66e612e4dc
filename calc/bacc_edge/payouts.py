"""What a bet pays, read the way rule sheets print it, as an exact net win per unit.

(The module was ``bacc_edge.pays``; that import path still works, but
``bacc_edge.pays`` itself is the function :func:`pays`.)"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from .errors import BaccEdgeError


class PaysError(BaccEdgeError):
    """A pay that is not a sensible number of units."""


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
        value = Fraction(Decimal(text.strip()))
    except (InvalidOperation, ValueError):
        raise PaysError(f"{text!r} is not a number") from None
    return value


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
    ``"7:2"``, ``"1:2"``, ``"19-20"`` or ``"5 to 1"`` (a to b), ``"45 for 1"`` (stake
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
        net = Fraction(Decimal(repr(value)))
        text = repr(value)
    elif isinstance(value, str):
        net, text = _parse(value)
    else:
        raise PaysError(f"{value!r} ({type(value).__name__}) is not a pay: "
                        f"give a number such as 5, or a string such as '7:2'")
    if net < -1:
        raise PaysError(f"{value!r} loses more than the stake")
    if net < 0 and not isinstance(value, str):
        raise PaysError(f"{value!r} is negative: a bet that loses pays 'lose'")
    return Pays(net, text)


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
    try:
        net = _number(t)
    except PaysError:
        raise PaysError(
            f"{text!r} is not a pay: write a number ('5'), odds ('7:2', '19-20', '5 to 1'), "
            f"'45 for 1', '10%', 'push' or 'lose'"
        ) from None
    if net < 0:
        raise PaysError(f"{text!r} is negative: a bet that loses pays 'lose'")
    return net, _show(net)
