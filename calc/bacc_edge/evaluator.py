"""One compiled evaluator: bets turned into payoffs per outcome cell once, then valued
on any number of shoes, exactly or in floating point.

This is the one place where a bet becomes payoffs. Compiling a list of bets on a
:class:`~bacc_edge.outcomes.CellLayout` settles every cell for every bet: the first
event whose condition holds there, else the bet's otherwise line. Cells that every bet
settles alike share a *settle class*, so valuing the bets on a shoe costs one grouped
sum of the outcome table's counts into the classes and a small product per bet.

Counts are int64, or Python integers where int64 could overflow (the enumeration
decides, :func:`bacc_edge.outcomes.needs_python_integers`); class totals follow the
counts' type (:meth:`Evaluator.new_totals`), and every sum goes through
:func:`bacc_edge.outcomes.sum_by_class`, exact for both.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Sequence

import numpy as np

from .errors import BaccEdgeError
from .outcomes import CellLayout, OutcomeTable, sum_by_class
from .payouts import Pays
from .paytable import Bet
from .rules import STANDARD, Tableau

#: Below this |EV| a floating-point value's sign is settled with exact fractions.
SIGN_CHECK = 1e-9


def _layout_text(layout: CellLayout) -> str:
    return (f"{'with' if layout.suits else 'without'} suits under the {layout.tableau.name} "
            f"tableau")


def settle(bet: Bet, layout: CellLayout) -> np.ndarray:
    """Per cell of ``layout``, the index of the bet's event that settles it (the first
    whose condition holds), ``len(bet.events)`` for its otherwise line."""
    out = np.full(layout.n_cells, len(bet.events), dtype=np.int64)
    for i in reversed(range(len(bet.events))):
        out[bet.events[i].when.mask(layout)] = i
    return out


class Evaluator:
    """A list of bets compiled on one cell layout (suit mode and tableau).

    ``pays[b]`` holds bet b's pays, its events' then its otherwise line's;
    ``cell_class`` the settle class of every cell; ``class_events[b]`` the line of bet
    b that settles each class; ``nets[b]`` bet b's exact net win per class and
    ``float_nets`` the same as a bets × classes float array.
    """

    def __init__(self, bets: Sequence[Bet], layout: CellLayout):
        self.bets = tuple(bets)
        if not self.bets:
            raise BaccEdgeError("no bets to evaluate")
        self.layout = layout
        suited = [b.name for b in self.bets if b.needs_suits]
        if suited and not layout.suits:
            raise BaccEdgeError(f"bet {suited[0]!r} asks about suits: count the shoe with "
                                f"suits=True")
        self.pays: tuple[tuple[Pays, ...], ...] = tuple(
            (*b.event_pays, b.otherwise_pays) for b in self.bets)
        settles = np.stack([settle(b, layout) for b in self.bets])
        classes, cell_class = np.unique(settles.T, axis=0, return_inverse=True)
        self.cell_class = np.ascontiguousarray(cell_class.reshape(-1), dtype=np.int64)
        self.class_events = np.ascontiguousarray(classes.T, dtype=np.int64)
        self.nets = tuple(tuple(self.pays[b][line].net for line in lines)
                          for b, lines in enumerate(self.class_events.tolist()))
        self.float_nets = np.array([[float(x) for x in row] for row in self.nets])

    @classmethod
    def of(cls, bets: Sequence[Bet], *, suits: bool | None = None,
           tableau: Tableau = STANDARD) -> "Evaluator":
        """Compile ``bets`` under ``tableau``, counting suits when ``suits`` says so (by
        default when any bet asks about them)."""
        if suits is None:
            suits = any(b.needs_suits for b in bets)
        return cls(bets, CellLayout(bool(suits), tableau))

    @property
    def n_classes(self) -> int:
        return self.class_events.shape[1]

    def new_totals(self, python_ints: bool = False) -> np.ndarray:
        """An array for the class totals: int64, or Python integers (dtype object)."""
        return np.zeros(self.n_classes, dtype=object if python_ints else np.int64)

    def class_totals(self, table: OutcomeTable) -> np.ndarray:
        """The table's deals summed by settle class, exactly."""
        if table.layout != self.layout:
            raise BaccEdgeError(f"the bets were compiled {_layout_text(self.layout)}, "
                                f"the table counted {_layout_text(table.layout)}")
        out = self.new_totals(table.counts.dtype == object)
        return sum_by_class(table.counts, self.cell_class, out)

    def _totals(self, on: OutcomeTable | np.ndarray) -> np.ndarray:
        return self.class_totals(on) if isinstance(on, OutcomeTable) else on

    def line_counts(self, on: OutcomeTable | np.ndarray) -> list[tuple[int, ...]]:
        """Per bet, the deals each of its lines settles (its events', then otherwise's),
        on an outcome table or from its class totals; exact."""
        totals = self._totals(on)
        out = []
        for b, lines in enumerate(self.class_events):
            sums = sum_by_class(totals, lines, np.zeros(len(self.pays[b]), dtype=totals.dtype))
            out.append(tuple(int(x) for x in sums.tolist()))
        return out

    def evs(self, on: OutcomeTable | np.ndarray) -> list[Fraction]:
        """Every bet's exact expected result per unit staked, on an outcome table or
        from its class totals."""
        totals = self._totals(on)
        total = int(totals.sum())  # exact: int64 totals sum to a table's total, which fits
        return [Fraction(sum(n * p.net for n, p in zip(counts, pays)), total)
                for counts, pays in zip(self.line_counts(totals), self.pays)]

    def float_evs(self, on: OutcomeTable | np.ndarray) -> np.ndarray:
        """Every bet's expected result per unit in floating point, on an outcome table or
        from its class totals; a value within SIGN_CHECK of zero gets its sign (or its
        zero) from the exact one."""
        totals = self._totals(on)
        total = int(totals.sum())  # exact: int64 totals sum to a table's total, which fits
        evs = self.float_nets @ np.asarray(totals, dtype=np.float64) / float(total)
        for b in np.flatnonzero(np.abs(evs) < SIGN_CHECK):
            exact = sum(Fraction(int(c)) * n for c, n in zip(totals.tolist(), self.nets[b]))
            evs[b] = 0.0 if exact == 0 else float(exact / total)
        return evs


__all__ = ["Evaluator", "SIGN_CHECK", "settle"]
