"""Layouts whose cells are classes of a card layout's cells: what a factored layout
(:mod:`bacc_edge.engine.factored_table`) and a collapsed one
(:mod:`bacc_edge.engine.collapsed_table`) share.

Each class is read at one of its cells (the first): its features are the card layout's
there, which answers only conditions that settle every cell of a class alike
(:func:`bacc_edge.analysis.evaluator.layout_for` checks the bets it picks one for). Any
other condition asked of a table of classes is counted on the card layout's cells
(:meth:`CellClasses.answering`).
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from .card_enumeration import shoe_counts
from .card_table import CardDetail, CardLayout, card_table, cards_held, first_table
from .outcome_table import Layout, OutcomeTable, needs_python_integers
from ..errors import BaccEdgeError
from ..game.shoe import Shoe, ShoeError
from ..game.tableau import Tableau
from ..util.progress import Progress, Steps


class CellClasses(Layout):
    """Classes of the cells of ``fine``: ``keys`` their numbers in order, ``first`` the
    first cell of each, ``cell_class`` each cell's class (set by the subclass).

    It answers only the conditions that settle every cell of a class alike: the bets it
    was made for (the evaluator checks them on every cell of ``fine``).
    """

    reads_cards = True

    fine: CardLayout
    keys: np.ndarray
    first: np.ndarray
    cell_class: np.ndarray
    _features: "_Representatives | None" = None

    @property
    def detail(self) -> CardDetail:
        return self.fine.detail

    @property
    def tableau(self) -> Tableau:
        return self.fine.tableau

    @property
    def cards(self) -> tuple:
        return self.fine.cards

    @property
    def n_cells(self) -> int:
        return len(self.keys)

    @property
    def tells_suits(self) -> bool:
        return bool(self.detail.suits)

    def table(self, shoe: Shoe, *, on_progress: Progress | None = None) -> OutcomeTable:
        """:func:`classes_table` of ``shoe`` on these classes."""
        return classes_table(shoe, self, on_progress=on_progress)

    def answering(self, features: frozenset, shoe: Shoe) -> Layout:
        """The card layout's cells, or those that answer where it does not: a class is
        read at one of its cells, which answers only the bets the classes were made
        for, so a condition asked of a table of classes
        (:meth:`~bacc_edge.engine.outcome_table.OutcomeTable.count`) is counted on the
        cells that tell every deal apart, as finely as it reads them."""
        return self.fine.answering(features, shoe)

    def features(self) -> dict[str, np.ndarray]:
        if self._features is None:
            self._features = _Representatives(self)
        return self._features

    def summed_from_fine(self, shoe: Shoe) -> OutcomeTable | None:
        """``shoe``'s table as the card layout's counts summed per class, where the shoe
        needs the card layout's own count (cards removed without their suit, or counts
        past 64 bits: its own checks and one-line errors), or where that count was made
        as the cells were found (:func:`~bacc_edge.engine.card_table.count_first`); else
        None, once the shoe is checked to hold only cards the layout was made for (the
        classes' own count)."""
        fine = first_table(shoe, self.fine)
        if fine is None and (needs_python_integers(shoe.cards) or shoe.suits is None
                             or not shoe.suits_known):
            fine = card_table(shoe, self.fine)
        if fine is not None:
            counts = np.zeros(self.n_cells, dtype=fine.counts.dtype)
            np.add.at(counts, self.cell_class, fine.counts)
            counts.setflags(write=False)
            return OutcomeTable(shoe, self, counts, fine.total)
        if any(h and not c for h, c in zip(cards_held(shoe), self.cards)):
            raise BaccEdgeError(f"{shoe.label} holds cards the layout was not made for; make "
                                f"it for this shoe (cards_held)")
        return None

    def counted(self, shoe: Shoe, fine_counts: np.ndarray,
                value_counts: np.ndarray) -> np.ndarray | None:
        """The classes' own count of ``shoe`` (its suits all known; its cards per fine
        class and per point value), int64; None where a deal fell outside the classes
        (never: their cells hold every deal). Set by the subclass."""
        raise NotImplementedError


def classes_table(shoe: Shoe, layout: CellClasses, *,
                  on_progress: Progress | None = None) -> OutcomeTable:
    """Count every class of ``layout`` on ``shoe`` exactly: by the classes' own count
    (:meth:`CellClasses.counted`) on a shoe whose suits are all known, else the card
    layout's counts summed per class (:meth:`CellClasses.summed_from_fine`). One step
    for ``on_progress``, as :func:`~bacc_edge.engine.card_table.card_table`. The last
    few tables are kept (read-only): a report counts its full shoe again for every
    shoe."""
    table = _classes_table(shoe, layout)
    Steps(on_progress, 1)()
    return table


@lru_cache(maxsize=16)
def _classes_table(shoe: Shoe, layout: CellClasses) -> OutcomeTable:
    summed = layout.summed_from_fine(shoe)
    if summed is not None:
        return summed
    counts = layout.counted(shoe, *shoe_counts(
        layout.detail, np.asarray(shoe.suits, dtype=np.int64), shoe.ranks))
    if counts is None:
        raise ShoeError(f"{shoe.label}: a deal fell outside the cells of "
                        f"{layout.describe()}")  # the cells hold every deal: never
    counts.setflags(write=False)
    return OutcomeTable(shoe, layout, counts, shoe.coups)


class _Representatives(dict):
    """A layout's features: the fine layout's, at each class's first cell."""

    def __init__(self, layout: CellClasses):
        super().__init__()
        self._layout = layout

    def __missing__(self, name: str) -> np.ndarray:
        value = np.asarray(self._layout.fine.features()[name])[..., self._layout.first]
        value.setflags(write=False)
        self[name] = value
        return value


__all__ = ["CellClasses", "classes_table"]
