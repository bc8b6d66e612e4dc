"""The algebra of the paytable language: conditions (yes/no questions about a finished
coup) and quantities (numbers read off it), evaluated on every outcome cell at once.

A condition holds a test, a function from the layout's feature arrays (see
:mod:`bacc_edge.engine.point_table` and :mod:`bacc_edge.engine.card_table`) to one boolean per cell,
and the names of the features it reads, from which the engine chooses how finely it
must tell the cards apart. Conditions compose with ``&``, ``|`` and ``~``; quantities
with ``+ - * // %`` and compare with whole numbers or with each other.
"""

from __future__ import annotations

import operator
from functools import reduce
from typing import Callable

import numpy as np

from ..engine.features import SUIT_FEATURES
from ..errors import ArgumentError, PaytableError


class ConditionError(PaytableError, TypeError):
    """A condition written wrongly: Python's ``and``/``or``/``not`` on conditions, or a
    quantity compared with something that is not a whole number. Also a TypeError, as
    Python would raise for such a misuse."""


def _is_whole(value) -> bool:
    return isinstance(value, (int, np.integer)) and not isinstance(value, bool)


#: The largest magnitude any number of a condition may reach, a constant or a value
#: worked out cell by cell: quantities are computed in 64-bit integers, so every
#: expression's range is worked out from its parts' (points 0-9, cards 2-3 …) before it
#: is evaluated, and one that could pass this is refused, never wrapped round.
LARGEST_WHOLE = 2 ** 63 - 1


def _int64(values):
    """Values of a quantity as 64-bit integers (a card layout keeps some in int8, which
    would wrap round in arithmetic the bounds allow)."""
    return np.asarray(values, dtype=np.int64)


def _within(bounds: tuple[int, int], text: str, what: str = "its values reach {}, past"
            ) -> tuple[int, int]:
    """``bounds``, after checking they stay within :data:`LARGEST_WHOLE` either way."""
    low, high = bounds
    if low < -LARGEST_WHOLE or high > LARGEST_WHOLE:
        reach = high if high > LARGEST_WHOLE else low
        raise ConditionError(f"{text}: {what.format(_short(reach))} ±{LARGEST_WHOLE:,}, the "
                             f"64-bit limit of a whole number in a condition")
    return bounds


def _short(number: int) -> str:
    """A number quoted in an error, shortened when it has hundreds of digits."""
    text = f"{number:,}"
    digits = len(str(abs(number)))
    return text if len(text) <= 40 else f"{text[:14]}…{text[-8:]} ({digits} digits)"


def _span(symbol: str, a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int]:
    """Interval arithmetic: the range of ``a symbol b`` for every a and b in their
    ranges (where a divisor is 0 the result is undefined and 1 stands in, see
    :func:`_floordiv`)."""
    if symbol in ("+", "-", "*"):
        op = {"+": operator.add, "-": operator.sub, "*": operator.mul}[symbol]
        corners = [op(x, y) for x in a for y in b]
        return min(corners), max(corners)
    if symbol == "//":  # |a // b| <= |a| for any divisor of 1 or more in size
        most = max(abs(a[0]), abs(a[1]))
        return -most, most
    return min(0, b[0] + 1), max(0, b[1] - 1)  # %: the result takes the divisor's sign


def _called(self, *_, **__):
    """A word called as a function (``all_cards.most_of_a_rank()``, ``tie()``)."""
    raise ConditionError(f"{self.text}(…): {self.text} is a word, not a function: leave "
                         f"out the brackets")


class Condition:
    """A yes/no question about a finished coup."""

    def __init__(self, text: str, test: Callable[[dict], np.ndarray], features: frozenset,
                 *, op: str = "", parts: tuple = (), made: tuple | None = None):
        self.text = text
        self._test = test
        self.features = frozenset(features)
        #: how it is made: "" for a word (a question asked of the features themselves),
        #: else "&", "|" or "~" of :attr:`parts`, the conditions it joins (an engine may
        #: answer the words apart and join their answers: :func:`holds`)
        self.op, self.parts = op, tuple(parts)
        #: a word that compares quantities: (the quantity, the method of it that made
        #: the word, the method's arguments), that :meth:`remade` makes again of other
        #: quantities; None for any other
        self.made = made

    def remade(self, replace: Callable[["Quantity"], "Quantity | None"]) -> "Condition":
        """The same word made of other quantities: each quantity it compares, or that
        they are made of, replaced by ``replace``'s answer where it gives one (an engine
        may answer a word's quantities apart and compare their answers)."""
        return self if self.made is None else _remake(self.made, replace)

    @property
    def needs_suits(self) -> bool:
        """Whether the condition tells suits apart (suited pairs, a card's suit)."""
        return any(f in SUIT_FEATURES or f.endswith(".suit") for f in self.features)

    def mask(self, layout) -> np.ndarray:
        """One boolean per outcome cell of ``layout``: does the condition hold there?"""
        if not callable(getattr(layout, "features", None)) or not hasattr(layout, "n_cells"):
            raise ArgumentError(f"layout {layout!r} must be a layout of outcome cells, e.g. "
                                f"outcome_table(shoe).layout")
        out = np.asarray(self._test(layout.features()), dtype=bool)
        return np.broadcast_to(out, (layout.n_cells,)) if out.ndim == 0 else out

    def __and__(self, other: "Condition") -> "Condition":
        other = _condition(other, self, "&")
        return Condition(f"{self._wrapped()} & {other._wrapped()}",
                         lambda f: self._test(f) & other._test(f), self.features | other.features,
                         op="&", parts=(self, other))

    def __or__(self, other: "Condition") -> "Condition":
        other = _condition(other, self, "|")
        return Condition(f"({self.text} | {other.text})",
                         lambda f: self._test(f) | other._test(f), self.features | other.features,
                         op="|", parts=(self, other))

    def __invert__(self) -> "Condition":
        return Condition(f"~{self._wrapped()}", lambda f: ~self._test(f), self.features,
                         op="~", parts=(self,))

    def __bool__(self):
        raise ConditionError(
            f"condition {self.text!r} has no truth value of its own; combine conditions "
            f"with & | ~ (not 'and', 'or', 'not'), and ranges with .between(lo, hi)"
        )

    def _compared(self, other, symbol: str):
        """``condition == True`` and the like: a condition is yes or no already, so a
        comparison with a value is refused, saying what to write (Python would answer
        False, a bet whose event never holds). Two conditions compare as objects."""
        if isinstance(other, Condition):
            return NotImplemented
        opposite = f"~{self._wrapped()}"
        raise ConditionError(f"{self.text} {symbol} {other!r}: a condition is yes or no on "
                             f"its own; write {self.text} where it holds, {opposite} where "
                             f"it does not")

    def __eq__(self, other):  # type: ignore[override]
        return self._compared(other, "==")

    def __ne__(self, other):  # type: ignore[override]
        return self._compared(other, "!=")

    __hash__ = object.__hash__
    __call__ = _called  # tie(), first_four.same_suit(): a word, not a function

    def _wrapped(self) -> str:
        return self.text if self.text.startswith("(") or " " not in self.text else f"({self.text})"

    def __repr__(self) -> str:
        return f"<Condition {self.text}>"


def words(condition: Condition) -> list[Condition]:
    """The words ``condition`` is made of by ``&``, ``|`` and ``~``, each once, in the
    order they are written."""
    found: dict[int, Condition] = {}
    stack = [condition]
    while stack:
        c = stack.pop()
        if c.op:
            stack.extend(reversed(c.parts))
        else:
            found.setdefault(id(c), c)
    return list(found.values())


def holds(condition: Condition, answer: Callable[[Condition], np.ndarray]) -> np.ndarray:
    """Where ``condition`` holds, from ``answer``: where each of its :func:`words` holds
    (boolean arrays that broadcast together), joined as it joins them."""
    if not condition.op:
        return answer(condition)
    if condition.op == "~":
        return ~holds(condition.parts[0], answer)
    a, b = (holds(p, answer) for p in condition.parts)
    return a & b if condition.op == "&" else a | b


def _condition(value, left: Condition, symbol: str) -> Condition:
    if isinstance(value, Condition):
        return value
    if isinstance(value, Quantity):
        raise ConditionError(
            f"{left.text} {symbol} {value.text}: put brackets round a comparison before "
            f"combining it, e.g. tie {symbol} (banker.points == 6); Python's {symbol} "
            f"binds tighter than ==")
    raise ConditionError(f"{value!r} is not a condition on the coup (in "
                         f"{left.text} {symbol} …)")


def _only_where(test, defined):
    """``test``, false wherever ``defined`` (if given) is false."""
    if defined is None:
        return test
    return lambda f: test(f) & defined(f)


def _defined_all(*parts):
    """Where every one of ``parts`` (each None or a test) holds, None if all are None;
    their answers broadcast together (a join's answers: rows against columns)."""
    tests = [p for p in parts if p is not None]
    if not tests:
        return None
    if len(tests) == 1:
        return tests[0]
    return lambda f: reduce(np.logical_and, [t(f) for t in tests])


#: Python's operators a word may lack, by method name
_OPERATORS = {"__lt__": "<", "__le__": "<=", "__gt__": ">", "__ge__": ">=", "__add__": "+",
              "__radd__": "+", "__sub__": "-", "__rsub__": "-", "__mul__": "*",
              "__rmul__": "*", "__floordiv__": "//", "__rfloordiv__": "//", "__mod__": "%",
              "__rmod__": "%", "__truediv__": "/", "__rtruediv__": "/", "__neg__": "-",
              "__abs__": "abs", "__pow__": "**", "__rpow__": "**"}


class NoWord(ConditionError, AttributeError):
    """A word a condition object lacks: a ConditionError that ``hasattr`` reads as
    missing."""


def refuses_other_operators(use: str):
    """Class decorator: every operator of :data:`_OPERATORS` the class does not define,
    and every word it lacks, is a :class:`ConditionError` that says ``use``, instead of
    Python's own TypeError or AttributeError; a call (``all_cards.most_of_a_rank()``: a
    word, not a function) is one that says to leave out the brackets (:func:`_called`)."""
    def refuse(symbol):
        def method(self, *_):
            raise ConditionError(f"{self.text} {symbol} …: {use}")
        return method

    def lacks(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        raise NoWord(f"{self.text} has no word {name!r}: {use}")

    def decorate(cls):
        for method, symbol in _OPERATORS.items():
            if method not in cls.__dict__:
                setattr(cls, method, refuse(symbol))
        cls.__getattr__ = lacks
        if "__call__" not in cls.__dict__:
            cls.__call__ = _called
        return cls
    return decorate


@refuses_other_operators("quantities are whole numbers, combined with + - * // % (// "
                         "divides to a whole number)")
class Quantity:
    """A number read off a finished coup (points, cards, a card's value …), to compare
    with a whole number or another quantity, or to combine with ``+ - * // %``.

    ``value`` maps the feature arrays to one number per cell. ``defined``, when given,
    says where the number exists (a third card that was not dealt has no value): every
    comparison is false where it does not. ``bounds`` is the least and the most the
    number can be; arithmetic carries them (:func:`_span`), so that no expression can
    pass :data:`LARGEST_WHOLE` unseen.
    """

    def __init__(self, value: Callable[[dict], np.ndarray], text: str, features,
                 defined: Callable[[dict], np.ndarray] | None = None, *,
                 bounds: tuple[int, int], made: tuple | None = None,
                 each_card: "Condition | None" = None):
        self._value = value
        self.text = text
        self.features = frozenset(features)
        self._defined = defined
        self.bounds = _within(bounds, text)
        #: how it is made of other quantities: (the quantity, the method of it that made
        #: this one, the method's arguments: other quantities among them); None for a
        #: quantity read off the features themselves (:meth:`remade`)
        self.made = made
        #: a count of a group's cards: the condition on each card (one row a card) that
        #: the cards counted meet; None for any other quantity
        self.each_card = each_card

    def values(self, layout) -> tuple[np.ndarray, np.ndarray]:
        """Per outcome cell of ``layout``: the quantity, and whether it exists there (a
        third card not dealt has no value; every comparison is false where it has none)."""
        features = layout.features()
        shape = (layout.n_cells,)
        defined = np.True_ if self._defined is None else self._defined(features)
        return (np.broadcast_to(_int64(self._value(features)), shape),
                np.broadcast_to(np.asarray(defined, dtype=bool), shape))

    def remade(self, replace: Callable[["Quantity"], "Quantity | None"]) -> "Quantity":
        """This quantity made again of other ones: itself, or each quantity it is made
        of, replaced by ``replace``'s answer where it gives one (see
        :meth:`Condition.remade`)."""
        found = replace(self)
        if found is not None:
            return found
        return self if self.made is None else _remake(self.made, replace)

    @classmethod
    def of(cls, feature: str, text: str, bounds: tuple[int, int]) -> "Quantity":
        """The quantity that is one feature of the layout, between ``bounds``."""
        return cls(lambda f: f[feature], text, {feature}, bounds=bounds)

    def _operand(self, value, symbol: str):
        if isinstance(value, Quantity):
            return value._value, value.text, value.features, value._defined, value.bounds
        if _is_whole(value):
            value = int(value)
            _within((value, value), f"{self.text} {symbol} {_short(value)}",
                    "the number {} is past")
            return (lambda f: value), str(value), frozenset(), None, (value, value)
        raise ConditionError(f"{self.text} {symbol} {value!r}: use a whole number or "
                             f"another quantity of the coup")

    def _compare(self, op, symbol, value) -> Condition:
        other, text, features, defined, _ = self._operand(value, symbol)
        test = _only_where(lambda f: op(_int64(self._value(f)), other(f)),
                           _defined_all(self._defined, defined))
        return Condition(f"{self.text} {symbol} {text}", test, self.features | features,
                         made=(self, "_compare", (op, symbol, value)))

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

    def _arithmetic(self, op, symbol, value, reflected=False) -> "Quantity":
        other, text, features, defined, bounds = self._operand(value, symbol)
        divides = symbol in ("//", "%")
        if divides and not reflected and not isinstance(value, Quantity) and value == 0:
            raise ConditionError(f"{self.text} {symbol} 0: division by zero")
        left, right = (other, self._value) if reflected else (self._value, other)
        texts = (text, self.text) if reflected else (self.text, text)
        spans = (bounds, self.bounds) if reflected else (self.bounds, bounds)
        # divided by a quantity, the result does not exist where that quantity is 0:
        # every comparison is false there, as for a card not dealt
        nonzero = (lambda f: right(f) != 0) if divides and (
            reflected or isinstance(value, Quantity)) else None
        return Quantity(lambda f: op(_int64(left(f)), _int64(right(f))),
                        f"({texts[0]} {symbol} {texts[1]})", self.features | features,
                        _defined_all(self._defined, defined, nonzero),
                        bounds=_span(symbol, *spans),
                        made=(self, "_arithmetic", (op, symbol, value, reflected)))

    def __add__(self, value):
        return self._arithmetic(operator.add, "+", value)

    def __radd__(self, value):
        return self._arithmetic(operator.add, "+", value, reflected=True)

    def __sub__(self, value):
        return self._arithmetic(operator.sub, "-", value)

    def __rsub__(self, value):
        return self._arithmetic(operator.sub, "-", value, reflected=True)

    def __mul__(self, value):
        return self._arithmetic(operator.mul, "*", value)

    def __rmul__(self, value):
        return self._arithmetic(operator.mul, "*", value, reflected=True)

    def __floordiv__(self, value):
        return self._arithmetic(_floordiv, "//", value)

    def __rfloordiv__(self, value):
        return self._arithmetic(_floordiv, "//", value, reflected=True)

    def __mod__(self, value):
        return self._arithmetic(_mod, "%", value)

    def _logical(self, symbol: str):
        """``~ & | ^`` on a quantity: they combine conditions, so say to compare first
        (Python's own error would be a bare TypeError)."""
        written = f"~{self.text}" if symbol == "~" else f"{self.text} {symbol} …"
        raise ConditionError(f"{written}: ~ & | combine conditions, not quantities; compare "
                             f"the quantity first, e.g. ~({self.text} == 5) or "
                             f"({self.text} == 5) | ({self.text} == 6)")

    def __invert__(self):
        self._logical("~")

    def __and__(self, value):
        self._logical("&")

    __rand__ = __and__

    def __or__(self, value):
        self._logical("|")

    __ror__ = __or__

    def __xor__(self, value):
        self._logical("^")

    __rxor__ = __xor__

    def __rmod__(self, value):
        return self._arithmetic(_mod, "%", value, reflected=True)

    def __neg__(self):
        low, high = self.bounds
        return Quantity(lambda f: -_int64(self._value(f)), f"-{self.text}", self.features,
                        self._defined, bounds=(-high, -low), made=(self, "__neg__", ()))

    def __abs__(self):
        low, high = self.bounds
        least = 0 if low <= 0 <= high else min(abs(low), abs(high))
        return Quantity(lambda f: np.abs(_int64(self._value(f))), f"abs({self.text})",
                        self.features, self._defined, bounds=(least, max(abs(low), abs(high))),
                        made=(self, "__abs__", ()))


    def __bool__(self):
        raise ConditionError(f"quantity {self.text!r} has no truth value; compare it, "
                             f"e.g. {self.text} == 0")

    def isin(self, *values: int) -> Condition:
        """The quantity is one of ``values``: ``banker.points.isin(1, 2, 3, 4, 5)``."""
        for v in values:
            if not _is_whole(v):
                raise ConditionError(f"{self.text}.isin({values!r}): give whole numbers")
            _within((int(v), int(v)), f"{self.text}.isin(…)", "the number {} is past")
        test = _only_where(lambda f: np.isin(_int64(self._value(f)), values), self._defined)
        return Condition(f"{self.text} in {{{', '.join(map(str, values))}}}", test,
                         self.features, made=(self, "isin", values))

    def between(self, low: int, high: int) -> Condition:
        """``low <= quantity <= high``, both ends included."""
        if _is_whole(low) and _is_whole(high) and low > high:
            raise PaytableError(f"{self.text}.between({low}, {high}): low is above high")
        return (self >= low) & (self <= high)

    def __repr__(self) -> str:
        return f"<Quantity {self.text}>"


def _remake(made: tuple, replace):
    """What ``made`` (a word's or a quantity's: the quantity, its method, the method's
    arguments) makes, of its quantities each remade (:meth:`Quantity.remade`)."""
    quantity, method, args = made
    return getattr(quantity.remade(replace), method)(*(
        a.remade(replace) if isinstance(a, Quantity) else a for a in args))


def _floordiv(a, b):
    """a // b; where b is 0 the result is not defined (see :meth:`Quantity._arithmetic`),
    and 1 stands in for b to keep numpy quiet."""
    return np.floor_divide(a, np.where(b == 0, 1, b))


def _mod(a, b):
    """a % b, as :func:`_floordiv`."""
    return np.mod(a, np.where(b == 0, 1, b))


def flag(feature: str, text: str) -> Condition:
    """The condition that a 0/1 feature is 1."""
    return Condition(text, lambda f: f[feature] == 1, frozenset({feature}))


__all__ = ["Condition", "ConditionError", "LARGEST_WHOLE", "NoWord", "Quantity", "SUIT_FEATURES",
           "flag", "refuses_other_operators"]
