"""The outcome table: exact counts of the ways a coup finishes, per cell of a layout, on
one shoe; and what every layout of cells promises (:class:`Layout`).

Every table of the engine is an :class:`OutcomeTable`, whatever its cells: the compact
outcome cells of :mod:`~bacc_edge.engine.point_table`, the card-level cells of
:mod:`~bacc_edge.engine.card_table`, or the classes of those in
:mod:`~bacc_edge.engine.factored_table` and :mod:`~bacc_edge.engine.collapsed_table`.
Each counts ordered six-card deals, unused positions included, so tables of one shoe on
different layouts count the same total.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from math import prod

import numpy as np

from . import point_kernels
from ..errors import ArgumentError
from ..game.coup import COUP_CARDS, Winner
from ..game.shoe import Shoe, falling
from ..game.tableau import Tableau
from ..util.arguments import quoted
from ..util.progress import Progress

INT64_MAX = np.iinfo(np.int64).max


class Layout(ABC):
    """What every layout of cells promises.

    A layout numbers the cells a coup can finish in, as finely as some bets need: the
    outcome cells (totals, third cards, pair states:
    :class:`~bacc_edge.engine.point_table.CellLayout`), the pair states alone
    (:class:`~bacc_edge.engine.point_table.PairLayout`), the cards themselves as finely
    as a :class:`~bacc_edge.engine.card_table.CardDetail` says
    (:class:`~bacc_edge.engine.card_table.CardLayout`), or classes of those cells
    (:class:`~bacc_edge.engine.factored_table.FactoredLayout`,
    :class:`~bacc_edge.engine.collapsed_table.CollapsedLayout`). Whichever it is, the
    evaluator and the engine call it through this interface alone.

    Attributes
    ----------
    tableau : Tableau
        The drawing rules its coups are dealt by.
    reads_cards : bool
        Whether its cells tell the cards themselves apart (a card layout, or classes of
        one), not only the outcome of the coup.
    """

    tableau: Tableau
    reads_cards: bool = False

    @property
    @abstractmethod
    def n_cells(self) -> int:
        """How many cells there are."""

    @property
    @abstractmethod
    def tells_suits(self) -> bool:
        """Whether cards of one rank are told apart by suit or colour: its counts need a
        shoe whose suits are known, and removing a card matters by its suit."""

    @abstractmethod
    def features(self) -> dict[str, np.ndarray]:
        """Per feature it answers (``"winner"``, ``"P1.rank"`` …), a read-only array with
        one value per cell."""

    @abstractmethod
    def describe(self) -> str:
        """What the cells tell apart, in words."""

    @abstractmethod
    def table(self, shoe: Shoe, *, on_progress: Progress | None = None) -> OutcomeTable:
        """``shoe`` counted on these cells, exactly (one step for ``on_progress``, on the
        layouts that count one)."""

    def class_totals(self, shoe: Shoe, cell_class: np.ndarray, n_classes: int, *,
                     on_progress: Progress | None = None) -> np.ndarray | None:
        """The deals of ``shoe`` summed by class (``cell_class``: each cell's, of
        ``n_classes``), counted straight into the classes where a layout can, faster
        than its table summed; None where it cannot (the caller counts the table), as
        unless a layout says otherwise."""
        return None

    def answering(self, features: frozenset, shoe: Shoe) -> Layout:
        """The layout whose cells answer conditions reading ``features`` on ``shoe``, where
        these cells do not: for a table that counts such a condition on other cells of the
        same shoe. These cells themselves, unless a layout says otherwise."""
        return self

    def settled_lines(self, bet) -> np.ndarray | None:
        """Per cell, the line of ``bet`` that settles it, where the layout knows it
        without reading its features (a layout whose cells are its bets' lines:
        :mod:`~bacc_edge.analysis.streamed_count`); None, unless a layout says
        otherwise: the evaluator reads the features."""
        return None

    def parts(self) -> Iterator[tuple[slice, Layout]]:
        """The cells in parts whose features are read one part at a time (each part's
        cells, and a layout of them alone), for a layout whose features would not all
        fit in memory at once; one part of every cell, unless a layout says otherwise."""
        yield slice(0, self.n_cells), self


@dataclass(frozen=True, eq=False)
class OutcomeTable:
    """Exact counts of the ways a coup finishes in each cell of a layout, on one shoe.

    ``counts[i]`` is the number of ordered six-card deals (unused positions included)
    that end in cell ``i``; they sum to ``total``. Counts are int64, or Python integers
    (dtype object) where int64 would overflow. Where cards left the shoe without their
    suit named and suits are counted, each deal is counted once for every way those
    cards could have been dealt, so ``total`` is that many times N·(N-1)·…·(N-5).
    """

    shoe: Shoe
    layout: Layout
    counts: np.ndarray
    total: int

    @property
    def features(self) -> dict[str, np.ndarray]:
        return self.layout.features()

    def count(self, when) -> int:
        """Deals whose cell is selected by ``when``: a condition on the coup, or a
        boolean mask with one entry per cell. A condition these cells cannot tell (a
        card's rank, a suit) is counted on the same shoe's cells that can, when those
        count the deals alike (see :meth:`probability`)."""
        table = self._answering(when)
        if table is not self:
            if table.total != self.total:
                raise ArgumentError(
                    f"when {when!r}: this table's cells do not tell it apart, and the cells "
                    f"that do count this shoe's deals another way (cards removed without "
                    f"their suit): ask probability()")
            return table.count(when)
        if hasattr(when, "mask"):
            when = when.mask(self.layout)
        mask = np.asarray(when)
        if mask.dtype != bool or mask.shape != self.counts.shape:
            raise ArgumentError(f"when {when!r} must be a condition on the coup or a boolean "
                                f"mask of {self.counts.shape[0]} cells")
        return int(sum(self.counts[mask].tolist()))

    def probability(self, when) -> Fraction:
        """Exact probability that the coup ends where ``when`` (a condition or a mask)
        holds. A condition on the cards themselves (``player.card(1).rank == "K"``) or
        on suits is counted on the same shoe's card-level or suited cells."""
        table = self._answering(when)
        return Fraction(table.count(when), table.total)

    def _answering(self, when) -> OutcomeTable:
        """This table, or, for a condition that reads what its cells do not tell apart,
        the same shoe counted on the cells that answer it (:meth:`Layout.answering`)."""
        features = getattr(when, "features", None)
        if not isinstance(features, frozenset):
            return self
        layout = self.layout.answering(features, self.shoe)
        return self if layout == self.layout else layout.table(self.shoe)

    def winners(self) -> dict[str, int]:
        """Deals won by the banker, by the player, and tied."""
        w = self.features["winner"]
        return {code.name.lower(): self.count(w == code)
                for code in (Winner.BANKER, Winner.PLAYER, Winner.TIE)}


def needs_python_integers(n_cards: int) -> bool:
    """Whether counting coups dealt from ``n_cards`` cards needs Python integers: the
    kernels' terms are bounded by N**6, which int64 holds up to 1,448 cards (27 decks)."""
    return n_cards ** COUP_CARDS > INT64_MAX


def suitless_ways(shoe: Shoe) -> int:
    """Ordered ways to deal the cards removed without a suit from the cards of their
    ranks: the factor by which a table on a shoe with such cards counts each deal
    (its ``total`` is this times N·(N-1)·…·(N-5))."""
    return prod(falling(sum(shoe.suits[r]), k) for r, k in enumerate(shoe.suitless))


def table_argument(value, name: str = "table"):
    """``value`` if it is an :class:`OutcomeTable`."""
    if not isinstance(value, OutcomeTable):
        raise ArgumentError(f"{name} {quoted(value)} must be an outcome table, e.g. "
                            f"outcome_table(Shoe.decks(8))")
    return value


def sum_by_class(counts: np.ndarray, cell_class: np.ndarray, out: np.ndarray) -> np.ndarray:
    """Sum per-cell ``counts`` into ``out`` by the class number each cell carries in
    ``cell_class`` (int64); exact for int64 and for Python-integer (object) counts.
    Returns ``out``. Python integers are summed by numpy's unbuffered ``add.at``, as
    Python integers (a Python loop took 18 ms on the 30,546 suited cells)."""
    if counts.dtype == object or out.dtype == object:
        sums = np.zeros(out.shape, dtype=object)
        np.add.at(sums, cell_class, counts.astype(object, copy=False))
        out[:] = sums
    else:
        point_kernels.group_sums(cell_class, counts, out)
    return out


__all__ = ["INT64_MAX", "Layout", "OutcomeTable", "needs_python_integers", "sum_by_class",
           "suitless_ways", "table_argument"]
