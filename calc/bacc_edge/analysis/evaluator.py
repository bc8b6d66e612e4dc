"""One compiled evaluator: bets turned into payoffs per outcome cell once, then valued
on any number of shoes, exactly or in floating point.

This is the one place where a bet becomes payoffs. Compiling a list of bets on a
:class:`~bacc_edge.engine.point_table.CellLayout` settles every cell for every bet: the first
event whose condition holds there, else the bet's otherwise line. Cells that every bet
settles alike share a *settle class*, so valuing the bets on a shoe costs one grouped
sum of the outcome table's counts into the classes and a small product per bet.

Counts are int64, or Python integers where int64 could overflow (the enumeration
decides, :func:`bacc_edge.engine.point_table.needs_python_integers`); class totals follow the
counts' type (:meth:`Evaluator.new_totals`), and every sum goes through
:func:`bacc_edge.engine.outcome_table.sum_by_class`, exact for both.
"""

from __future__ import annotations

import weakref
from fractions import Fraction
from typing import Callable, Sequence

import numpy as np

from ..util.arguments import quoted
from ..util.progress import Progress
from ..engine.card_enumeration import PART_CELLS
from ..engine.card_plan import NOTICE_SECONDS, PlanCost, check_plan
from ..engine.card_table import (ALL_CARDS, CardLayout, cards_held, cells_found,
                                 count_first, found_too_large, is_card_feature)
from ..engine.collapsed_table import (CollapsedLayout, collapsed_layout, collapsible,
                                      settled_alike)
from ..engine.factored_table import FactoredLayout, factored_for, merge_alike
from ..engine.outcome_table import Layout, OutcomeTable, sum_by_class
from ..errors import ArgumentError, BaccEdgeError, PlanTooLarge
from ..engine.point_table import layout_answering
from ..language.pays import Pays
from ..language.bet import Bet, bets_argument
from ..game.tableau import STANDARD, Tableau, tableau_argument
from ..game.shoe import Shoe

#: Below this |EV| a floating-point value's sign is settled with exact fractions.
SIGN_CHECK = 1e-9


def _layout_text(layout: Layout) -> str:
    return f"{layout.describe()} under the {layout.tableau.name} tableau"


def bet_features(bet: Bet) -> frozenset:
    """Every feature the bet's conditions read."""
    return frozenset().union(*(e.when.features for e in bet.events))


def layout_for(bets: Sequence[Bet], tableau: Tableau = STANDARD, *,
               suits: bool | None = None, shoe: Shoe | None = None,
               on_note: Callable[[str], None] | None = None,
               on_progress: Progress | None = None) -> Layout:
    """The coarsest layout that answers every condition of ``bets`` under ``tableau``.

    The cells that answer their features
    (:func:`~bacc_edge.engine.point_table.layout_answering`, the one chooser): the
    compact outcome cells for bets on points and pairs (with suits when a bet asks, or
    when ``suits`` says so), card-level cells for bets on the cards themselves (only the
    cells ``shoe``, and any shoe dealt from it, can reach, when given). Card-level cells
    are then narrowed for the bets, as a lone condition's are not: their suits factored
    out where the bets read suits only as "this group is of one suit"
    (:mod:`bacc_edge.engine.factored_table`), or, where they name suits, not dealt on
    the values or ranks whose suits no bet reads
    (:mod:`bacc_edge.engine.collapsed_table`); both checked on every card-level cell,
    with every bet settled. Bets on card 5 or 6 out of the shoe, dealt to a hand or not,
    are counted on the card-level cells themselves.

    A card layout's count is priced first (:func:`plan_cost`): one that would take more
    memory or time than a count may is refused, naming the bets
    (:class:`~bacc_edge.errors.PlanTooLarge`), and one estimated to take more than
    :data:`~bacc_edge.engine.card_plan.NOTICE_SECONDS` is announced to ``on_note``
    where it is made (its cells not yet found by an earlier count); ``on_progress``
    hears of the count that finds its cells (of ``shoe``, or of plenty of every card
    where ``shoe`` cannot reach them all: :func:`~bacc_edge.engine.card_table.count_first`)."""
    features = frozenset().union(*(bet_features(b) for b in bets))
    cells = answering_cells(bets, tableau, suits=suits, shoe=shoe)
    if not cells.reads_cards:
        return cells
    cost = plan_cost(cells, bets)
    if (on_note is not None and cost.seconds > NOTICE_SECONDS and not cells_found(cells)
            and not found_too_large(cells)):  # (refused again at once: no count to tell)
        on_note(f"{bets_named(bets)}: counting {cost.describe()} (estimated)")
    try:
        if shoe is not None:  # its count finds the cells, where it reaches them all
            count_first(cells, shoe, on_progress=on_progress)
        if cells.detail.beyond:  # cards a coup may leave in the shoe: dealt card by card
            return cells
        if cells.n_cells > PART_CELLS:  # read in parts: not narrowed, which reads all
            return cells
        return _narrowed(cells, features, bets)
    except PlanTooLarge as error:  # stopped where its cells passed the memory
        raise PlanTooLarge(f"{bets_named(bets)}: {error}") from None


def answering_cells(bets: Sequence[Bet], tableau: Tableau = STANDARD, *,
                    suits: bool | None = None, shoe: Shoe | None = None) -> Layout:
    """The cells that answer every feature ``bets`` read, before any narrowing
    (:func:`~bacc_edge.engine.point_table.layout_answering`; see :func:`layout_for`)."""
    features = frozenset().union(*(bet_features(b) for b in bets))
    return layout_answering(features, tableau, suits=suits,
                            cards=ALL_CARDS if shoe is None else cards_held(shoe))


def bets_named(bets: Sequence[Bet]) -> str:
    """The bets as an error names them: "bet 'Red Rush'", "bets 'A', 'B'"."""
    return (f"bet{'s' if len(bets) > 1 else ''} "
            + ", ".join(repr(getattr(b, "name", b)) for b in bets))


def plan_cost(layout: Layout, bets: Sequence[Bet]) -> PlanCost | None:
    """What counting ``layout``'s card cells once costs (None: it counts no cards),
    after refusing a count that will not fit, naming ``bets``
    (:func:`~bacc_edge.engine.card_plan.check_plan`)."""
    if not layout.reads_cards:
        return None
    return check_plan(layout.fine, bets_named(bets))


def _narrowed(fine: CardLayout, features: frozenset, bets: Sequence[Bet]) -> Layout:
    """``fine``'s cells as classes that every bet settles alike, where some are: its
    suits factored out or, where the bets name suits, collapsed on the bases whose
    suits no bet reads; ``fine`` itself where neither answers the bets."""
    factored = factored_for(fine, features)
    if factored is not None and all(_answers(factored, b) for b in bets):
        return _kept((tuple(bets), factored), lambda: _merged(factored, bets))
    return _collapsed_for(fine, bets) if collapsible(fine.detail) else fine


#: id(bet) → what is found of it, while the bet lives: {factored layout: whether it
#: answers the bet, ("settle", card layout): its cells settled, ("collapses", card
#: layout, bases): whether their suits collapse for it}
_VERDICTS: dict = {}


def _remembered(bet: Bet) -> dict:
    """What is remembered of ``bet`` while it lives (:data:`_VERDICTS`)."""
    verdicts = _VERDICTS.get(id(bet))
    if verdicts is None:
        verdicts = _VERDICTS[id(bet)] = {}
        weakref.finalize(bet, _VERDICTS.pop, id(bet), None)
    return verdicts


def _answers(layout: FactoredLayout, bet: Bet) -> bool:
    """Whether ``bet`` settles alike every card-level cell of each of ``layout``'s
    classes (they differ only in suits, and agree on which groups are of one suit):
    then the factored counts answer it exactly. Remembered while the bet lives."""
    verdicts = _remembered(bet)
    if layout not in verdicts:
        settles = _settled(bet, layout.fine)
        low = np.full(layout.n_cells, np.iinfo(np.int64).max, dtype=np.int64)
        high = np.full(layout.n_cells, -1, dtype=np.int64)
        np.minimum.at(low, layout.cell_class, settles)
        np.maximum.at(high, layout.cell_class, settles)
        verdicts[layout] = bool((low == high).all())
    return verdicts[layout]


#: (the bets' ids, a layout) → the layout chosen for them from it (:func:`_kept`), the
#: newest last
_COLLAPSED: dict = {}
#: how many choices are kept
COLLAPSED_KEPT = 32


def _kept(what: tuple, choose) -> Layout:
    """The layout ``choose()`` picks for ``what`` (the bets, a layout), chosen once and
    kept for the last few bets."""
    bets, layout = what
    key = (tuple(id(b) for b in bets), layout)
    found = _COLLAPSED.pop(key, None)
    if found is None:
        found = (bets, choose())
    while len(_COLLAPSED) >= COLLAPSED_KEPT:
        del _COLLAPSED[next(iter(_COLLAPSED))]
    _COLLAPSED[key] = found  # it holds the bets, so no id is reused while kept
    return found[1]


def _merged(layout: FactoredLayout, bets: Sequence[Bet]) -> FactoredLayout:
    """``layout`` with the cells of each number that every bet settles alike with its
    cell of the fewest groups of one suit merged
    (:func:`~bacc_edge.engine.factored_table.merge_alike`)."""
    _, cell_class = _settle_classes([_settled(b, layout) for b in bets],
                                    [len(b.events) + 1 for b in bets])
    return merge_alike(layout, cell_class)


def _collapsed_for(fine: CardLayout, bets: Sequence[Bet]) -> CardLayout | CollapsedLayout:
    """``fine`` with the suits of every base (value or rank) collapsed whose suits
    ``bets`` never tell apart: base by base, the suits of a base are collapsed where
    every class of cells that then differ only in collapsed suits is settled alike by
    every bet (checked on every cell of ``fine``, the last base's check for all of them
    together). ``fine`` itself where no base collapses. Kept for the last few bets."""
    bets = tuple(bets)

    def choose():
        chosen: tuple = ()
        for base in range(fine.detail.n_bases):
            if all(_collapses(b, fine, chosen + (base,)) for b in bets):
                chosen += (base,)
        return collapsed_layout(fine, chosen) if chosen else fine

    return _kept((bets, fine), choose)


def _collapses(bet: Bet, fine: CardLayout, bases: tuple) -> bool:
    """Whether ``bet`` settles alike the cells of ``fine`` that differ only in the suits
    of the cards of ``bases`` (then so do several bets that each do). Remembered while
    the bet lives: a paytable's bets are chosen for alone, then together."""
    verdicts = _remembered(bet)
    key = ("collapses", fine, bases)
    if key not in verdicts:
        verdicts[key] = settled_alike(fine, bases, _settled(bet, fine))
    return verdicts[key]


def settle(bet: Bet, layout: Layout) -> np.ndarray:
    """Per cell of ``layout``, the index of the bet's event that settles it (the first
    whose condition holds), ``len(bet.events)`` for its otherwise line."""
    return _settled(bet, layout).astype(np.int64)


def _settled(bet: Bet, layout: Layout) -> np.ndarray:
    """:func:`settle` in the fewest bytes, read-only; remembered for card layouts while
    the bet lives: choosing a layout and compiling on it settle the same cells again."""
    known = layout.settled_lines(bet)
    if known is not None:
        return known
    verdicts = _remembered(bet) if layout.reads_cards else {}
    key = ("settle", layout)
    if key not in verdicts:
        out = settled_cells(bet, layout)
        out.setflags(write=False)
        verdicts[key] = out
    return verdicts[key]


def settled_cells(bet: Bet, layout: Layout) -> np.ndarray:
    """:func:`settle` in the fewest bytes, read a part of the cells at a time, and not
    remembered (a streamed count's batches: :mod:`~bacc_edge.analysis.streamed_count`)."""
    out = np.full(layout.n_cells, len(bet.events), dtype=np.min_scalar_type(len(bet.events)))
    for where, part in layout.parts():  # a part's features at a time
        settle_first(bet, lambda condition: condition.mask(part), out[where])
    return out


def settle_first(bet: Bet, holds_where: Callable, out: np.ndarray) -> np.ndarray:
    """Where an event of ``bet`` holds (``holds_where(condition)``: booleans shaped as
    ``out``), ``out`` set to the index of the first that does; left as it is elsewhere
    (``len(bet.events)``, its otherwise line, as the caller fills it). Returns ``out``."""
    for i in reversed(range(len(bet.events))):
        out[holds_where(bet.events[i].when)] = i
    return out


def _settle_classes(settles: list[np.ndarray], lines: list[int]
                    ) -> tuple[np.ndarray, np.ndarray]:
    """Group cells that every bet settles alike: the classes (bets × classes, the line
    of each bet) and each cell's class."""
    if np.prod(np.array(lines, dtype=float)) < 2 ** 62:
        step = int(np.prod(lines, dtype=np.int64))
        # the first bet most significant: classes sort as the bets' lines do, in order;
        # the keys in the fewest bytes that hold them, worked out in place
        key = settles[0].astype(np.min_scalar_type(step - 1))
        for s, n in zip(settles[1:], lines[1:]):
            key *= n
            key += s
        present = np.zeros(step, dtype=bool) if step <= 4 * len(key) + 64 else None
        if present is not None:  # few possible keys: number them without sorting
            present[key] = True
            number = np.cumsum(present) - 1
            codes = np.flatnonzero(present)
            cell_class = number[key]
        else:
            codes, cell_class = np.unique(key, return_inverse=True)
            codes = codes.astype(np.int64)
        classes = []
        for n in reversed(lines):
            classes.append(codes % n)
            codes = codes // n
        return np.array(classes[::-1]).reshape(len(lines), -1), cell_class.reshape(-1)
    classes, cell_class = np.unique(np.stack(settles).T, axis=0, return_inverse=True)
    return classes.T, cell_class.reshape(-1)


#: (the bets' ids, layout) → their compiled Evaluator, the most recently used last
_COMPILED: dict = {}
#: how many compiled Evaluators are kept
COMPILED_KEPT = 32


class Evaluator:
    """A list of bets compiled on one layout: the outcome cells (suit mode and
    tableau) or card-level cells (:mod:`bacc_edge.engine.card_table`).

    ``pays[b]`` holds bet b's pays, its events' then its otherwise line's;
    ``cell_class`` the settle class of every cell; ``class_events[b]`` the line of bet
    b that settles each class; ``nets[b]`` bet b's exact net win per class and
    ``float_nets`` the same as a bets × classes float array.
    """

    def __init__(self, bets: Sequence[Bet], layout: Layout):
        self.bets = tuple(bets_argument(bets))
        if not self.bets:
            raise BaccEdgeError("no bets to evaluate")
        if not isinstance(layout, Layout):
            raise ArgumentError(f"layout {quoted(layout)} must be a layout of outcome cells: "
                                f"layout_for(bets), or use Evaluator.of(bets)")
        self.layout = layout
        if not layout.reads_cards:
            carded = [b.name for b in self.bets
                      if any(is_card_feature(f) for f in bet_features(b))]
            if carded:
                raise BaccEdgeError(f"bet {carded[0]!r} asks about the cards themselves: "
                                    f"compile it on layout_for(bets)")
            suited = [b.name for b in self.bets if b.needs_suits]
            if suited and not layout.tells_suits:
                raise BaccEdgeError(f"bet {suited[0]!r} asks about suits: count the shoe "
                                    f"with suits=True")
        self.pays: tuple[tuple[Pays, ...], ...] = tuple(
            (*b.event_pays, b.otherwise_pays) for b in self.bets)
        classes, cell_class = _settle_classes([_settled(b, layout) for b in self.bets],
                                              [len(p) for p in self.pays])
        self.cell_class = np.ascontiguousarray(cell_class, dtype=np.int64)
        self.class_events = np.ascontiguousarray(classes, dtype=np.int64)
        self.nets = tuple(tuple(self.pays[b][line].net for line in lines)
                          for b, lines in enumerate(self.class_events.tolist()))
        self.float_nets = np.array([[float(x) for x in row] for row in self.nets])
        for a in (self.cell_class, self.class_events, self.float_nets):
            a.setflags(write=False)  # shared by every caller of compiled()

    @classmethod
    def of(cls, bets: Sequence[Bet], *, suits: bool | None = None,
           tableau: Tableau = STANDARD) -> "Evaluator":
        """Compile ``bets`` under ``tableau`` on the layout that answers them all
        (:func:`layout_for`), counting suits when ``suits`` says so (by default when any
        bet asks about them)."""
        bets = bets_argument(bets)
        return cls(bets, layout_for(bets, tableau_argument(tableau), suits=suits))

    @classmethod
    def compiled(cls, bets: Sequence[Bet], layout: Layout) -> "Evaluator":
        """``Evaluator(bets, layout)``, compiled once for the same bets (the same
        objects: a bet cannot change once made) on the same layout and kept among the
        last few: a report of many shoes settles the cells once, not once a shoe
        (Jackpot Baccarat's 3,640 cells cost more to settle than to count)."""
        bets = tuple(bets_argument(bets))
        key = (tuple(id(b) for b in bets), layout)
        found = _COMPILED.pop(key, None)
        if found is None:
            found = cls(bets, layout)
        while len(_COMPILED) >= COMPILED_KEPT:
            del _COMPILED[next(iter(_COMPILED))]
        _COMPILED[key] = found  # the newest last; it holds its bets, so no id is reused
        return found

    @property
    def n_classes(self) -> int:
        return self.class_events.shape[1]

    def new_totals(self, python_ints: bool = False) -> np.ndarray:
        """An array for the class totals: int64, or Python integers (dtype object)."""
        return np.zeros(self.n_classes, dtype=object if python_ints else np.int64)

    def class_totals(self, table: OutcomeTable) -> np.ndarray:
        """The table's deals summed by settle class, exactly."""
        if not isinstance(table, OutcomeTable):
            raise ArgumentError(f"table {quoted(table)} must be an OutcomeTable, e.g. "
                                f"outcome_table(shoe)")
        if table.layout != self.layout:
            raise BaccEdgeError(f"the bets were compiled on {_layout_text(self.layout)}, "
                                f"the table counted on {_layout_text(table.layout)}")
        out = self.new_totals(table.counts.dtype == object)
        return sum_by_class(table.counts, self.cell_class, out)

    def _totals(self, on: OutcomeTable | np.ndarray) -> np.ndarray:
        if isinstance(on, OutcomeTable):
            return self.class_totals(on)
        if not isinstance(on, np.ndarray) or on.shape != (self.n_classes,):
            raise ArgumentError(f"on {quoted(on)} must be an OutcomeTable or the "
                                f"{self.n_classes} class totals of class_totals()")
        return on

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


__all__ = ["Evaluator", "Layout", "SIGN_CHECK", "answering_cells", "bet_features", "bets_named",
           "layout_for", "plan_cost", "settle", "settled_cells"]
