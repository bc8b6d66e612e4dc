"""The Python API's argument checks, shared by every public function: an argument of the
wrong kind (``None``, a number where a shoe belongs, a lone string or bet where a list
belongs) is one :class:`~bacc_edge.errors.ArgumentError` naming the argument and what it
must be, raised before any work, never a KeyError or AttributeError from deep inside.

The checks of one class's arguments (``shoe_argument``, ``bet_argument`` …) live beside
the class; these are the checks that know no class of the package, so every layer can
use them.
"""

from __future__ import annotations

import difflib
import json
import os
from collections.abc import Iterable

from ..errors import ArgumentError, OptionError, kind_of


def flag_argument(value, name: str):
    """``value`` if it is True or False: a switch given as text ("yes", "no"), a number
    or None is refused, never read by its truth (``"no"`` is true)."""
    if not isinstance(value, bool):
        raise ArgumentError(f"{name} {kind_of(value)} must be True or False")
    return value


def names_argument(value, name: str) -> list:
    """``value`` as a list of names: any iterable of strings but a lone string, which
    Python would read letter by letter."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise ArgumentError(f"{name} must be a list, got {quoted(value)}")
    out = list(value)
    for item in out:
        if not isinstance(item, str):
            raise ArgumentError(f"{name} holds {quoted(item)}, which is not a name (a str)")
    return out


def non_empty(values: list, name: str, what: str) -> list:
    """``values`` if it holds something: an empty list where it would mean nothing, or
    be read in silence as "all", is refused naming the argument."""
    if not values:
        raise OptionError(f"{name} {quoted(values)} is empty: give at least one {what}")
    return values


def callable_argument(value, name: str = "on_progress"):
    """``value`` if it is None or a function: a callback such as ``on_progress`` given a
    number or text is refused here, not as Python's TypeError when it is first called."""
    if value is not None and not callable(value):
        raise ArgumentError(f"{name} {quoted(value)} must be a function (or None)")
    return value


def path_argument(value, name: str = "path"):
    """``value`` if it is a file's path (a str or a path object); an empty one names no
    file."""
    if not isinstance(value, (str, os.PathLike)):
        raise ArgumentError(f"{name} {quoted(value)} must be a file's path")
    if not os.fspath(value):
        raise OptionError(f"{name} '' is empty: name a file")
    return value


def member_argument(value, kind, name: str, error=OptionError):
    """``value`` as a member of the enum ``kind`` (a member, or its value as text): any
    other is refused naming the argument and the members, never Python's ValueError or
    an enum's repr."""
    try:
        return kind(value)
    except (ValueError, TypeError):
        members = ", ".join(str(m.value) for m in kind)
        raise error(f"{name} {quoted(value)} must be one of {members}") from None


def mapping_argument(value, name: str):
    """``value`` if it is None or a mapping (``{"y": 5}``)."""
    if value is not None and not hasattr(value, "items"):
        raise ArgumentError(f"{name} {quoted(value)} must be a mapping such as "
                            f"{{'y': 5}} (or None)")
    return value


def near_name(name: str, names: list[str]) -> str | None:
    """The name among ``names`` that ``name`` nearly is (a misspelt bet's name, say):
    the same but for case and spacing, else the one closest in spelling (difflib's ratio
    at least 0.8); None for none."""
    def plain(text: str) -> str:
        return " ".join(text.split()).casefold()

    same = [n for n in names if plain(n) == plain(name)]
    if same:
        return same[0]
    close = difflib.get_close_matches(plain(name), [plain(n) for n in names], 1, 0.8)
    return next((n for n in names if plain(n) == close[0]), None) if close else None


def quoted(value) -> str:
    """A wrong argument as an error quotes it: its repr, shortened, and its type."""
    text = kind_of(value)
    return text if len(text) <= 80 else f"{text[:60]}… ({type(value).__name__})"


def clipped(value, most: int = 40) -> str:
    """``repr(value)``, shortened to about ``most`` characters: a refusal quotes what
    was read or sent, never all of a long one."""
    return _shortened(repr(value), most)


def clipped_json(value, most: int = 40) -> str:
    """``value`` written as JSON (``true``, ``"eight"``), shortened as :func:`clipped`
    shortens: a refusal of a JSON request quotes what was sent as it was sent, not as
    Python writes it (``True``)."""
    return _shortened(json.dumps(value, ensure_ascii=False), most)


def _shortened(text: str, most: int) -> str:
    return text if len(text) <= most else f"{text[:most]}… ({len(text):,} characters)"


__all__ = ["callable_argument", "clipped", "clipped_json", "flag_argument", "mapping_argument", "names_argument", "non_empty", "path_argument",
           "quoted"]
