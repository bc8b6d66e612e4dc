"""The one JSON reader for everything bacc-edge reads back: a track session, a depth
run's definition and batch headers, a request to the live page.

Python's ``json`` reads more than a file bacc-edge wrote can hold, and some of it
silently: a key given twice keeps its last value (a session's ``"entries"`` named twice
loses every card of the first), ``NaN`` and ``Infinity`` are numbers, ``1e400`` is an
infinite float. Other input ends in a Python error rather than a refusal: a nesting
deeper than the interpreter's recursion limit (``RecursionError``) and an integer of
more than 4,300 digits (``ValueError`` from ``int()``). :func:`loads` refuses all of
these with :class:`JSONError`, whose message follows its subject ("the body", a file's
name): the nesting is measured before ``json`` recurses, by a scan of the brackets
outside strings, so no input reaches the recursion limit.
"""

from __future__ import annotations

import json
import math
import re
from itertools import accumulate

from ..errors import BaccEdgeError
from .arguments import clipped

#: The deepest nesting read: a session is four levels deep, a request one.
MAX_DEPTH = 64
#: The most characters a number may have (sign, digits, point and exponent).
MAX_NUMBER = 100
#: Strings (skipped whole: their brackets are text) and the brackets outside them.
_STRING_OR_BRACKET = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]', re.DOTALL)
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


class JSONError(BaccEdgeError):
    """Text that is not JSON bacc-edge reads. The message follows its subject:
    ``f"{subject} {err}"``, e.g. "the body names 'cards' twice: give each key once"."""


def loads(text: str | bytes) -> object:
    """``text`` read as JSON, refused (:class:`JSONError`) where it is not JSON, nests
    deeper than :data:`MAX_DEPTH`, names a key twice in one object, or holds ``NaN``,
    ``Infinity`` or a number longer than :data:`MAX_NUMBER` characters or beyond a
    float's range."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as err:
            raise JSONError(f"is not UTF-8 text (byte {err.start + 1} is not)") from None
    depth = _depth(text)
    if depth > MAX_DEPTH:
        raise JSONError(f"is not JSON bacc-edge reads: it is nested too deep ({depth:,} "
                        f"levels; at most {MAX_DEPTH})")
    try:
        return json.loads(text, object_pairs_hook=_each_key_once, parse_int=_integer,
                          parse_float=_decimal, parse_constant=_constant)
    except json.JSONDecodeError as err:
        raise JSONError(f"is not JSON: {err.msg} at line {err.lineno}, column "
                        f"{err.colno}") from None


def _depth(text: str) -> int:
    """The deepest nesting of brackets outside strings (0 for a lone value)."""
    steps = (_STEP.get(m.group(), 0) for m in _STRING_OR_BRACKET.finditer(text))
    return max(accumulate(steps, initial=0))


def _each_key_once(pairs: list[tuple[str, object]]) -> dict:
    seen = set()
    for key, _ in pairs:
        if key in seen:
            raise JSONError(f"names {clipped(key)} twice: give each key once")
        seen.add(key)
    return dict(pairs)


def _number_text(text: str) -> str:
    if len(text) > MAX_NUMBER:
        raise JSONError(f"holds a number of {len(text):,} characters ({text[:20]}…); "
                        f"bacc-edge reads numbers of at most {MAX_NUMBER}")
    return text


def _integer(text: str) -> int:
    return int(_number_text(text))


def _decimal(text: str) -> float:
    value = float(_number_text(text))
    if not math.isfinite(value):
        raise JSONError(f"holds the number {text}, beyond the range of a number bacc-edge "
                        f"reads")
    return value


def _constant(text: str):
    raise JSONError(f"holds {text}, which is not a number JSON has")


__all__ = ["JSONError", "MAX_DEPTH", "MAX_NUMBER", "loads"]
