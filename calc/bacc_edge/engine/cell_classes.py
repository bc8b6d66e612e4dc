"""Layouts whose cells are classes of a card layout's cells: what a factored layout
(:mod:`bacc_edge.engine.factored_table`) and a collapsed one
(:mod:`bacc_edge.engine.collapsed_table`) share.

Each class is read at one of its cells (the first): its features are the card layout's
there, which answers only conditions that settle every cell of a class alike
(:func:`bacc_edge.analysis.evaluator.layout_for` checks the bets it picks one for).
"""

from __future__ import annotations

import numpy as np

from .card_table import CardDetail, CardLayout
from ..game.tableau import Tableau


class CellClasses:
    """Classes of the cells of ``fine``: ``keys`` their numbers in order, ``first`` the
    first cell of each, ``cell_class`` each cell's class (set by the subclass)."""

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

    def features(self) -> dict[str, np.ndarray]:
        if self._features is None:
            self._features = _Representatives(self)
        return self._features


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


__all__ = ["CellClasses"]
