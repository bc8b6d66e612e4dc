"""Conditions on a finished coup, written the way rule sheets word them.

``banker.wins & (banker.cards == 3) & banker.points.between(1, 5)`` reads "banker wins
with three cards and 1-5 points". A condition is evaluated on every outcome cell at
once (see :mod:`bacc_edge.outcomes`) and composes with ``&``, ``|`` and ``~``.
"""

from __future__ import annotations

import operator
from typing import Callable

import numpy as np

from .errors import PaytableError
from .outcomes import SUIT_FEATURES, CellLayout, Winner


class ConditionError(PaytableError, TypeError):
    """A condition written wrongly: Python's ``and``/``or``/``not`` on conditions, or a
    quantity compared with something that is not a whole number. Also a TypeError, as
    Python would raise for such a misuse."""


class Condition:
    """A yes/no question about a finished coup."""

    def __init__(self, text: str, test: Callable[[dict], np.ndarray], features: frozenset):
        self.text = text
        self._test = test
        self.features = features

    @property
    def needs_suits(self) -> bool:
        """Whether the condition asks about suits (suited pairs)."""
        return bool(self.features & set(SUIT_FEATURES))

    def mask(self, layout: CellLayout) -> np.ndarray:
        """One boolean per outcome cell of ``layout``: does the condition hold there?"""
        return np.asarray(self._test(layout.features()), dtype=bool)

    def __and__(self, other: "Condition") -> "Condition":
        other = _condition(other)
        return Condition(f"{self._wrapped()} & {other._wrapped()}",
                         lambda f: self._test(f) & other._test(f), self.features | other.features)

    def __or__(self, other: "Condition") -> "Condition":
        other = _condition(other)
        return Condition(f"({self.text} | {other.text})",
                         lambda f: self._test(f) | other._test(f), self.features | other.features)

    def __invert__(self) -> "Condition":
        return Condition(f"~{self._wrapped()}", lambda f: ~self._test(f), self.features)

    def __bool__(self):
        raise ConditionError(
            f"condition {self.text!r} has no truth value of its own; combine conditions "
            f"with & | ~ (not 'and', 'or', 'not'), and ranges with .between(lo, hi)"
        )

    def _wrapped(self) -> str:
        return self.text if self.text.startswith("(") or " " not in self.text else f"({self.text})"

    def __repr__(self) -> str:
        return f"<Condition {self.text}>"


def _condition(value) -> Condition:
    if not isinstance(value, Condition):
        raise ConditionError(f"{value!r} is not a condition on the coup")
    return value


class Quantity:
    """A number read off a finished coup (points, cards, margin …), to compare."""

    def __init__(self, feature: str, text: str):
        self.feature = feature
        self.text = text

    def _compare(self, op, symbol, value) -> Condition:
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
            raise ConditionError(f"{self.text} {symbol} {value!r}: compare with a whole number")
        return Condition(f"{self.text} {symbol} {value}",
                         lambda f: op(f[self.feature], value), frozenset({self.feature}))

    def __eq__(self, value):  # type: ignore[override]
        return self._compare(operator.eq, "==", value)

    def __ne__(self, value):  # type: ignore[override]
        return self._compare(operator.ne, "!=", value)

    def __lt__(self, value):
        return self._compare(operator.lt, "<", value)

    def __le__(self, value):
        return self._compare(operator.le, "<=", value)

    def __gt__(self, value):
        return self._compare(operator.gt, ">", value)

    def __ge__(self, value):
        return self._compare(operator.ge, ">=", value)

    __hash__ = None  # type: ignore[assignment]

    def isin(self, *values: int) -> Condition:
        """The quantity is one of ``values``: ``banker.points.isin(1, 2, 3, 4, 5)``."""
        for v in values:
            if isinstance(v, bool) or not isinstance(v, (int, np.integer)):
                raise ConditionError(f"{self.text}.isin({values!r}): give whole numbers")
        return Condition(f"{self.text} in {{{', '.join(map(str, values))}}}",
                         lambda f: np.isin(f[self.feature], values), frozenset({self.feature}))

    def between(self, low: int, high: int) -> Condition:
        """``low <= quantity <= high``, both ends included."""
        if low > high:
            raise PaytableError(f"{self.text}.between({low}, {high}): low is above high")
        return (self >= low) & (self <= high)

    def __repr__(self) -> str:
        return f"<Quantity {self.text}>"


def _flag(feature: str, text: str) -> Condition:
    return Condition(text, lambda f: f[feature] == 1, frozenset({feature}))


def _winner(code: int, text: str) -> Condition:
    return Condition(text, lambda f: f["winner"] == code, frozenset({"winner"}))


class Hand:
    """What a bet can ask about one hand: ``player`` or ``banker``."""

    def __init__(self, side: str, code: int):
        self.side = side
        #: the hand wins the coup
        self.wins = _winner(code, f"{side}.wins")
        #: final points, 0-9
        self.points = Quantity(f"{side}_points", f"{side}.points")
        #: cards in the hand, 2 or 3
        self.cards = Quantity(f"{side}_cards", f"{side}.cards")
        #: points of the first two cards
        self.two_card_total = Quantity(f"{side}_two_card_total", f"{side}.two_card_total")
        #: point value of the third card; -1 when the hand stood
        self.third = Quantity(f"{side}_third", f"{side}.third")
        #: the first two cards make 8 or 9
        self.natural = _flag(f"{side}_natural", f"{side}.natural")
        #: the first two cards share a rank (10-10 is a pair, 10-J is not)
        self.pair = _flag(f"{side}_pair", f"{side}.pair")
        #: the first two cards share rank and suit
        self.suited_pair = _flag(f"{side}_suited_pair", f"{side}.suited_pair")

    def __repr__(self) -> str:
        return f"<Hand {self.side}>"


player = Hand("player", Winner.PLAYER)
banker = Hand("banker", Winner.BANKER)
#: both hands finish on the same points
tie = _winner(Winner.TIE, "tie")
#: the winning margin in points (0 on a tie)
margin = Quantity("margin", "margin")
#: cards dealt in the coup, 4-6
cards_dealt = Quantity("cards_dealt", "cards_dealt")
#: every coup: for an event that always applies
always = Condition("always", lambda f: np.ones_like(f["winner"], dtype=bool), frozenset())
