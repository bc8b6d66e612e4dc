"""Loading a file of bets beyond one coup: ``STREAKS`` (a list of
:class:`~bacc_edge.language.streaks.RunBet`) or ``METERS`` (a list of
:class:`~bacc_edge.language.meters.Progressive`), as the shipped
``paytables/streaks/`` and ``paytables/meters/`` define them.

The file is a paytable, loaded as every paytable is (it may define BETS beside them, as
a progressive's file does: its bet at the seed); every failure is one
:class:`~bacc_edge.errors.PaytableError` naming the file.
"""

from __future__ import annotations

import ast
from pathlib import Path

from ..errors import PaytableError, kind_of
from .decisions import assigned_names
from .loader import load_paytable
from .meters import Progressive
from .streaks import RunBet

#: the name a file defines → what each item of it must be
KINDS = {"STREAKS": RunBet, "METERS": Progressive}


def load_several(path, name: str) -> list:
    """The items ``path`` defines under ``name`` ("STREAKS" or "METERS"), the file run
    by the one door, :func:`~bacc_edge.language.loader.load_paytable`; two items of one
    name are refused (their outputs would be told apart by name alone)."""
    kind = KINDS[name]
    defined = load_paytable(path).defined
    items = defined.get(name)
    if name not in defined:
        raise PaytableError(f"{path}: defines no {name} (a list of {kind.__name__})")
    if not isinstance(items, (list, tuple)) or not items:
        raise PaytableError(f"{path}: {name} is {kind_of(items)}: it must be a list of at "
                            f"least one {kind.__name__}")
    stray = next((i for i in items if not isinstance(i, kind)), None)
    if stray is not None:
        raise PaytableError(f"{path}: {name} holds {kind_of(stray)}: it must be a list of "
                            f"{kind.__name__}")
    seen = set()
    for item in items:
        if item.name in seen:
            raise PaytableError(f"{path}: {name} names {item.name!r} twice; give each bet a "
                                f"name of its own")
        seen.add(item.name)
    return list(items)


def defines_several(path) -> tuple[str, ...]:
    """The names of :data:`KINDS` the file at ``path`` assigns at its top level
    ("STREAKS", "METERS"), read, not run (a command chooses its report by them, and the
    file's code then runs in the loader); none for a file that cannot be read or parsed
    (the loader then says why)."""
    try:
        tree = ast.parse(Path(path).read_bytes())
    except (OSError, SyntaxError, ValueError, TypeError):
        return ()
    names = assigned_names(tree)
    return tuple(kind for kind in KINDS if kind in names)


def chosen(items: list, names) -> list:
    """The items named (by ``.name``), in the file's order; all where ``names`` is empty.
    A name the file does not define is refused, listing those it does."""
    names = list(names)
    known = [i.name for i in items]
    unknown = [n for n in names if n not in known]
    if unknown:
        raise PaytableError(f"no bet named {unknown[0]!r}; the file defines: "
                            + ", ".join(map(repr, known)))
    return [i for i in items if not names or i.name in names]


__all__ = ["KINDS", "chosen", "defines_several", "load_several"]
