"""Results that show themselves: as tables in a notebook (Jupyter calls
``_repr_html_``) and as a pandas DataFrame (``to_pandas``).

Each result a designer meets (a bet's table, its effects of removal, a deck comparison,
a solved pay) is :class:`Shown`; the lists the analyses return, one result per bet, are
:class:`Results`, shown as their results one after another and made one DataFrame. The
drawing is the output layer's (:mod:`bacc_edge.output.notebook`, found through
:mod:`bacc_edge.util.drawer`): nothing here writes a number.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from .drawer import drawer

if TYPE_CHECKING:
    import pandas


class Shown:
    """A result a notebook shows as tables, ``print()`` as the command's text tables, and
    :meth:`to_pandas` makes a DataFrame."""

    def __str__(self) -> str:
        """The result as ``print()`` shows it: the tables and lines the command prints
        (its ``repr`` keeps every field, for a debugger)."""
        return drawer().text(self)

    def _repr_html_(self) -> str | None:
        """The result as a notebook shows it: the tables and lines the command prints,
        the same figures, as HTML (None for an empty list: the notebook shows ``[]``)."""
        return drawer().html(self)

    def to_pandas(self) -> pandas.DataFrame:
        """The result as a pandas DataFrame: the columns and rows ``--fmt csv`` writes
        (fractions of the stake), exact values as ``Fraction`` where the CSV has them.
        Needs pandas: ``pip install 'bacc-edge[pandas]'``."""
        return drawer().data_frame(self)


S = TypeVar("S", bound=Shown)


class Results(list[S], Shown):
    """The results of one analysis, one per bet (what :func:`~bacc_edge.report`,
    :func:`~bacc_edge.compare_decks`, :func:`~bacc_edge.effects_of_removal` and
    :func:`~bacc_edge.solve` return): a list, which a notebook shows as its results one
    after another, and :meth:`to_pandas` makes one DataFrame, as ``--fmt csv`` writes
    them all in one table."""


__all__ = ["Results", "Shown"]
