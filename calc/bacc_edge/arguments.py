"""The Python API's argument checks, shared by every public function: an argument of the
wrong kind (``None``, a number where a shoe belongs, a lone string or bet where a list
belongs) is one :class:`~bacc_edge.errors.ArgumentError` naming the argument and what it
must be, raised before any work, never a KeyError or AttributeError from deep inside.

The classes are imported where they are checked: this module sits below all of them.
"""

from __future__ import annotations

import os
from collections.abc import Iterable

from .errors import ArgumentError, kind_of


def flag_argument(value, name: str):
    """``value`` if it is True or False: a switch given as text ("yes", "no"), a number
    or None is refused, never read by its truth (``"no"`` is true)."""
    if not isinstance(value, bool):
        raise ArgumentError(f"{name} {kind_of(value)} must be True or False")
    return value


def shoe_argument(value, name: str = "shoe"):
    """``value`` if it is a :class:`~bacc_edge.shoe.Shoe`; a number of decks is not taken
    for one (``Shoe.decks(8)`` says which shoe, with suits, it is)."""
    from .shoe import Shoe
    if not isinstance(value, Shoe):
        raise ArgumentError(f"{name} {kind_of(value)} must be a Shoe, e.g. Shoe.decks(8)")
    return value


def tableau_argument(value, name: str = "tableau"):
    """``value`` if it is a :class:`~bacc_edge.rules.Tableau`."""
    from .rules import Tableau
    if not isinstance(value, Tableau):
        raise ArgumentError(f"{name} {kind_of(value)} must be a Tableau, e.g. "
                            f"bacc_edge.STANDARD or Tableau.parse(text)")
    return value


def bet_argument(value, name: str = "bet"):
    """``value`` if it is one :class:`~bacc_edge.paytable.Bet`."""
    from .paytable import Bet
    if not isinstance(value, Bet):
        raise ArgumentError(f"{name} {quoted(value)} must be a Bet")
    return value


def bets_argument(value, name: str = "bets") -> list:
    """``value`` as a list of bets: a list or tuple of :class:`~bacc_edge.paytable.Bet`.
    A lone bet is refused with the fix (``[bet]``): a list is what the call iterates."""
    from .paytable import Bet
    if isinstance(value, Bet):
        raise ArgumentError(f"{name} must be a list of Bet, got the lone bet {value.name!r}: "
                            f"write [bet]")
    if not isinstance(value, (list, tuple)):
        raise ArgumentError(f"{name} {quoted(value)} must be a list of Bet")
    for item in value:
        if not isinstance(item, Bet):
            raise ArgumentError(f"{name} holds {quoted(item)}, which is not a Bet")
    return list(value)


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


def path_argument(value, name: str = "path"):
    """``value`` if it is a file's path (a str or a path object)."""
    if not isinstance(value, (str, os.PathLike)) or not str(value):
        raise ArgumentError(f"{name} {quoted(value)} must be a file's path")
    return value


def table_argument(value, name: str = "table"):
    """``value`` if it is an :class:`~bacc_edge.outcomes.OutcomeTable`."""
    from .outcomes import OutcomeTable
    if not isinstance(value, OutcomeTable):
        raise ArgumentError(f"{name} {quoted(value)} must be an outcome table, e.g. "
                            f"outcome_table(Shoe.decks(8))")
    return value


def tables_argument(value):
    """``value`` if it is None or a :class:`~bacc_edge.reports.Tables` cache."""
    from .reports import Tables
    if value is not None and not isinstance(value, Tables):
        raise ArgumentError(f"tables {quoted(value)} must be a Tables cache (or None)")
    return value


def mapping_argument(value, name: str):
    """``value`` if it is None or a mapping (``{"y": 5}``)."""
    if value is not None and not hasattr(value, "items"):
        raise ArgumentError(f"{name} {quoted(value)} must be a mapping such as "
                            f"{{'y': 5}} (or None)")
    return value


def quoted(value) -> str:
    """A wrong argument as an error quotes it: its repr, shortened, and its type."""
    text = kind_of(value)
    return text if len(text) <= 80 else f"{text[:60]}… ({type(value).__name__})"


__all__ = ["quoted", "bet_argument", "bets_argument", "mapping_argument", "names_argument",
           "path_argument", "shoe_argument", "table_argument", "tableau_argument",
           "tables_argument"]
