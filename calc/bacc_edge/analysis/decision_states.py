"""A decision's information states as rows of arrays, so that everything read off them
is a sum of exact integers, and a strategy is asked once per cards seen.

Each row is one state: the cards shown (a :class:`ShownSet` holds the rows of one set
of positions), its ``mass`` (its chance) and ``weighted`` (each option's chance × value)
as Python integers over the solution's two common denominators, and its best option.
A strategy is read into one choice per row (:meth:`StateRows.choices`; its answers
kept by the cards seen, for the next shoe of a report); a play's
return, the amount it wagers and its errors are then sums over rows, and the printed
table's cells groups of rows (:meth:`StateRows.cells`), each figure one Fraction at the
end. A state at a time, ``bacc-edge decide`` on Peek Baccarat (some 88 thousand states,
each asked of five plays three times) made over a million Fractions and strategy calls.

The :class:`~bacc_edge.analysis.decisions.StateValue` objects a solution lists are made
from the rows on first use (:class:`StateRows` is their sequence).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Callable

import numpy as np

from ..errors import ArgumentError
from ..game.cards import POINT_VALUES
from ..language.decisions import FIRST_FOUR

#: A hand's two cards among the first four, as the printed table reads them.
HANDS = (("player", ("P1", "P2")), ("banker", ("B1", "B2")))


def printed_parts(positions) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The parts of a printed key where ``positions`` are shown, each (its name, the
    positions it adds up): a hand whose two cards are both shown by its total
    (``("player", ("P1", "P2"))``), any other card shown by its value (``("B1",
    ("B1",))``)."""
    out = []
    for hand, pair in HANDS:
        if all(p in positions for p in pair):
            out.append((hand, pair))
        else:
            out += [(p, (p,)) for p in pair if p in positions]
    return tuple(out)


def printed_key(shown: tuple[tuple[str, int], ...]) -> tuple[tuple[str, int], ...]:
    """A state as a person reads it: a hand whose two cards are both shown by its
    total (``("player", 5)``), any other card by its value."""
    seen = dict(shown)
    return tuple((name, sum(seen[p] for p in summed) % POINT_VALUES)
                 for name, summed in printed_parts(seen))


@dataclass(frozen=True)
class ShownSet:
    """The states where ``positions`` are shown (as the law names them): rows
    ``start`` … ``start + len(cards) - 1``, ``cards[i]`` the point values shown on the
    i-th, in the order of ``positions``."""

    positions: tuple[str, ...]
    start: int
    cards: np.ndarray

    def codes(self) -> np.ndarray:
        """Each state's cards shown as one integer, base ten."""
        code = np.zeros(len(self.cards), dtype=np.int64)
        for i in range(len(self.positions)):
            code = code * POINT_VALUES + self.cards[:, i]
        return code

    def printed_codes(self) -> np.ndarray:
        """Each state's printed key (:func:`printed_key`) as one integer: its parts'
        numbers, base ten."""
        code = np.zeros(len(self.cards), dtype=np.int64)
        for _, summed in printed_parts(self.positions):
            part = sum(self.cards[:, self.positions.index(p)] for p in summed)
            code = code * POINT_VALUES + part % POINT_VALUES
        return code


#: The strategies read (:meth:`StateRows.choices`), by identity, the last
#: :data:`READ_KEPT`: per shown set and options, the option chosen on each of the set's
#: cards (an array of 10**k, -1 where not yet asked). A strategy is a function of the
#: cards seen, so a report asks its rules of thumb once per cards seen, not per shoe.
_READ: dict = {}
READ_KEPT = 8


def _read(strategy) -> dict:
    """The choices kept of ``strategy`` (see :data:`_READ`), a new entry if none."""
    entry = _READ.pop(id(strategy), None)
    if entry is None or entry[0] is not strategy:
        while len(_READ) >= READ_KEPT:  # the least recently read dropped
            _READ.pop(next(iter(_READ)))
        entry = (strategy, {})  # the strategy held: its id stays its own
    _READ[id(strategy)] = entry
    return entry[1]


@dataclass(frozen=True)
class Cells:
    """The printed table's cells as groups of rows: ``of_row[i]`` the cell of row i;
    per cell its shown set and key, its mass and weighted sums (as the rows'), its best
    option, and whether its rows disagree about the best."""

    of_row: np.ndarray
    keys: tuple[tuple[tuple[str, ...], tuple], ...]
    mass: np.ndarray
    weighted: np.ndarray
    best: np.ndarray
    mixed: np.ndarray


@dataclass(frozen=True, eq=False)
class StateRows(Sequence):
    """Every information state of a solution as rows (see the module); as a sequence,
    the states themselves, made on first use by ``make_state(shown, mass,
    weighted)``."""

    options: tuple[str, ...]
    sets: tuple[ShownSet, ...]
    mass: np.ndarray
    weighted: np.ndarray
    best: np.ndarray
    make_state: Callable | None = None

    @classmethod
    def of(cls, options: tuple[str, ...], states: Sequence) -> StateRows:
        """The rows of states given one by one (each with ``shown``, ``mass``,
        ``weighted`` and ``best``)."""
        sets: list = []
        for i, s in enumerate(states):
            positions = tuple(p for p, _ in s.shown)
            if not sets or sets[-1][0] != positions:
                sets.append((positions, i, []))
            sets[-1][2].append([v for _, v in s.shown])
        weighted = np.empty((len(states), len(options)), dtype=object)
        for i, s in enumerate(states):
            weighted[i] = s.weighted
        out = cls(options, tuple(ShownSet(p, i, np.array(c, dtype=np.int64).reshape(
            len(c), len(p))) for p, i, c in sets),
                  np.array([s.mass for s in states], dtype=object), weighted,
                  np.array([s.best for s in states], dtype=np.int64))
        out.__dict__["_states"] = tuple(states)  # the states given, not made again
        return out

    def __len__(self) -> int:
        return len(self.mass)

    def __eq__(self, other) -> bool:
        """Equal to any sequence of the same states (a solution compares by value)."""
        if not isinstance(other, Sequence):
            return NotImplemented
        return tuple(self) == tuple(other)

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __getitem__(self, i):
        return self._states[i]

    @cached_property
    def _states(self) -> tuple:
        return tuple(self.make_state(tuple(zip(s.positions, cards)), m, tuple(w))
                     for s in self.sets
                     for cards, m, w in zip(s.cards.tolist(),
                                            self.mass[s.start:s.start + len(s.cards)],
                                            self.weighted[s.start:s.start + len(s.cards)]))

    def choices(self, strategy: str | Callable[[dict], str]) -> np.ndarray:
        """The option ``strategy`` (an option's name, or a function of the cards seen
        to one) chooses on each row: its index among the options. A function is asked
        once per cards seen, in row order, and its answers kept (:data:`_READ`); any
        failure of it is one line."""
        if isinstance(strategy, str):
            return np.full(len(self), self._index(strategy), dtype=np.int64)
        out = np.empty(len(self), dtype=np.int64)
        for s in self.sets:
            grid, codes = self._grid(strategy, s), s.codes()
            for j in np.flatnonzero(grid[codes] < 0).tolist():
                grid[codes[j]] = self._asked(strategy, dict(zip(s.positions,
                                                                s.cards[j].tolist())))
            out[s.start:s.start + len(codes)] = grid[codes]
        return out

    def remember(self, strategy, choices: np.ndarray) -> None:
        """Keep ``choices`` (one per row) as what ``strategy`` chooses, without asking
        it: a strategy made from the rows (the printed table's)."""
        for s in self.sets:
            self._grid(strategy, s)[s.codes()] = choices[s.start:s.start + len(s.cards)]

    def _grid(self, strategy, s: ShownSet) -> np.ndarray:
        return _read(strategy).setdefault((s.positions, self.options), np.full(
            POINT_VALUES ** len(s.positions), -1, dtype=np.int64))

    def _asked(self, strategy, seen: dict) -> int:
        """The index of the option ``strategy`` names on ``seen``."""
        try:
            name = strategy(dict(seen))
        except Exception as err:  # the user's function: one line, never a traceback
            raise ArgumentError(f"strategy failed on the cards seen {seen}: "
                                f"{type(err).__name__}: {err}") from None
        return self._index(name)

    def _index(self, name) -> int:
        if name not in self.options:
            raise ArgumentError(f"strategy chose {name!r}, which is not one of the options "
                                f"({', '.join(self.options)})")
        return self.options.index(name)

    def chosen(self, choices: np.ndarray) -> np.ndarray:
        """Each row's weighted value of the option ``choices`` names on it."""
        return self.weighted[np.arange(len(self)), choices]

    def mass_by_option(self, choices: np.ndarray) -> list[int]:
        """The summed mass of the rows where each option is chosen."""
        return [sum(self.mass[choices == o].tolist()) for o in range(len(self.options))]

    def errors(self, choices: np.ndarray) -> list[tuple[int, int]]:
        """(row, cost) of every row where ``choices`` falls short of the best option,
        the cost as the rows' weighted integers, costliest first (rows in order among
        equals)."""
        cost = self.chosen(self.best) - self.chosen(choices)
        rows = np.flatnonzero(cost > 0).tolist()
        return sorted(((i, cost[i]) for i in rows), key=lambda e: -e[1])

    def shown(self, row: int) -> tuple[tuple[str, int], ...]:
        """Row ``row``'s cards shown, (position, point value) in the law's order."""
        for s in self.sets:
            if s.start <= row < s.start + len(s.cards):
                return tuple(zip(s.positions, s.cards[row - s.start].tolist()))
        raise IndexError(row)

    @cached_property
    def cells(self) -> Cells:
        """The printed table's cells (:func:`printed_key` per shown set), in the order
        the rows first reach them."""
        of_row = np.empty(len(self), dtype=np.int64)
        keys: dict = {}
        for s in self.sets:
            codes = s.printed_codes()
            _, first, inverse = np.unique(codes, return_index=True, return_inverse=True)
            cell = np.empty(len(first), dtype=np.int64)
            for u in np.argsort(first, kind="stable").tolist():
                shown = tuple(zip(s.positions, s.cards[first[u]].tolist()))
                cell[u] = keys.setdefault((s.positions, printed_key(shown)), len(keys))
            of_row[s.start:s.start + len(s.cards)] = cell[inverse.reshape(-1)]
        order = np.argsort(of_row, kind="stable")
        starts = np.flatnonzero(np.r_[True, np.diff(of_row[order]) != 0])
        weighted = np.add.reduceat(self.weighted[order], starts, axis=0)
        best = self.best[order]
        return Cells(of_row, tuple(keys), np.add.reduceat(self.mass[order], starts),
                     weighted, np.argmax(weighted, axis=1),
                     np.minimum.reduceat(best, starts) != np.maximum.reduceat(best, starts))


def solved_rows(options: tuple[str, ...], counts, sums, law, w: int, make_state
                ) -> StateRows:
    """The rows of every state of ``law`` (each (positions, weight)): ``counts`` and
    each option's ``sums`` (arrays over the first four cards' values) summed over the
    cards not shown, times the weight over ``w`` (the weights' common denominator);
    states no coup reaches left out. ``make_state`` makes a state of a row on first
    use."""
    sets, mass, weighted, start = [], [], [], 0
    for positions, weight in law:
        hidden = tuple(i for i, p in enumerate(FIRST_FOUR) if p not in positions)
        # (no card shown: every axis summed, a 0-d array of the one state)
        n = np.asarray(counts.sum(axis=hidden), dtype=object)
        shape = n.shape
        n = n.reshape(-1)
        keep = np.flatnonzero(n != 0)
        factor = int(weight * w)
        cards = np.array(list(np.ndindex(*shape)), dtype=np.int64).reshape(n.size, len(shape))
        sets.append(ShownSet(positions, start, cards[keep]))
        mass.append(n[keep] * factor)
        weighted.append(np.stack([np.asarray(s.sum(axis=hidden), dtype=object).reshape(-1)[keep]
                                  for s in sums], axis=1) * factor)
        start += len(keep)
    weighted = np.concatenate(weighted).reshape(start, len(options))
    return StateRows(options, tuple(sets), np.concatenate(mass), weighted,
                     np.argmax(weighted, axis=1), make_state)


__all__ = ["Cells", "HANDS", "ShownSet", "StateRows", "printed_key", "printed_parts",
           "solved_rows"]
