"""Reports: what each bet returns on a shoe, and checks against printed figures."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

import numpy as np

from . import _kernels
from .loader import Paytable, load_paytable
from .outcomes import CellLayout, OutcomeTable, outcome_table
from .paytable import Bet, PaytableError, Printed
from .pays import Pays
from .shoe import Shoe


@dataclass(frozen=True)
class EventResult:
    """One line of a bet's table: how often the event settles the bet, and its worth."""

    label: str
    pays: Pays
    combinations: int
    probability: Fraction
    otherwise: bool = False

    @property
    def ret(self) -> Fraction:
        """Contribution to the expected result per unit staked."""
        return self.probability * self.pays.net


@dataclass(frozen=True)
class BetResult:
    """A bet evaluated exactly on one shoe."""

    bet: Bet
    shoe: Shoe
    total: int
    events: tuple[EventResult, ...]
    file: str | None = None
    warnings: tuple[str, ...] = field(default=())

    @property
    def name(self) -> str:
        return self.bet.name

    @property
    def ev(self) -> Fraction:
        """Expected result per unit staked: the sheet's "player net"."""
        return sum((e.ret for e in self.events), Fraction(0))

    @property
    def edge(self) -> Fraction:
        """House edge per unit staked, positive when the house wins."""
        return -self.ev

    @property
    def variance(self) -> Fraction:
        """Variance of the result of one unit staked."""
        second = sum((e.probability * e.pays.net ** 2 for e in self.events), Fraction(0))
        return second - self.ev ** 2

    @property
    def sd(self) -> float:
        """Standard deviation of the result of one unit staked."""
        return math.sqrt(self.variance)

    @property
    def hit_frequency(self) -> Fraction:
        """How often the bet wins anything."""
        return sum((e.probability for e in self.events if e.pays.net > 0), Fraction(0))

    @property
    def push_probability(self) -> Fraction:
        return sum((e.probability for e in self.events if e.pays.net == 0), Fraction(0))

    @property
    def edge_per_resolved_bet(self) -> Fraction | None:
        """House edge per bet that wins or loses (pushes left out); None when the bet
        never pushes."""
        push = self.push_probability
        if push == 0:
            return None
        return self.edge / (1 - push)

    def line(self, label: str) -> EventResult:
        return next(e for e in self.events if e.label == label)


def settle_counts(settles: np.ndarray, n_groups: int, table: OutcomeTable) -> list[int]:
    """Deals per settling event, exactly: the table's counts summed by ``settles``."""
    counts = table.counts
    if counts.dtype == object:
        out = np.zeros(n_groups, dtype=object)
        _kernels.plain(_kernels.group_sums)(settles, counts, out)
    else:
        out = np.zeros(n_groups, dtype=np.int64)
        _kernels.group_sums(settles, counts, out)
    return [int(x) for x in out.tolist()]


@dataclass(frozen=True, eq=False)
class CompiledBet:
    """A bet turned into a settling event per outcome cell: on every later shoe its
    expected value costs one grouped sum of the table's counts."""

    bet: Bet
    suits: bool
    settles: np.ndarray
    nets: tuple[Fraction, ...]

    @classmethod
    def of(cls, bet: Bet) -> "CompiledBet":
        layout = CellLayout(bet.needs_suits)
        nets = tuple(p.net for p in (*bet.event_pays, bet.otherwise_pays))
        return cls(bet, layout.suits, bet.settle(layout), nets)

    def ev(self, table: OutcomeTable) -> Fraction:
        """Exact expected result per unit staked on the table's shoe."""
        counts = settle_counts(self.settles, len(self.nets), table)
        return Fraction(sum(c * n for c, n in zip(counts, self.nets)), table.total)


def evaluate(bet: Bet, table: OutcomeTable, *, full: OutcomeTable | None = None,
             file: str | None = None) -> BetResult:
    """The bet's table on the outcome table's shoe.

    An event that never settles the bet is an error when it cannot happen, or is
    entirely shadowed by earlier events, on ``full`` (the full shoe; by default the
    table's own shoe), and a warning when only the depleted shoe rules it out.
    """
    if bet.needs_suits and not table.layout.suits:
        raise ValueError(f"bet {bet.name!r} asks about suits: count the shoe with suits=True")
    settles = bet.settle(table.layout)
    n_events = len(bet.events)
    counts = settle_counts(settles, n_events + 1, table)
    warnings = []
    for i, event in enumerate(bet.events):
        if counts[i]:
            continue
        problem = _never_settles(bet, i, full or table)
        where = f"{file + ': ' if file else ''}bet {bet.name!r}, event {event.label!r}"
        if problem:
            raise PaytableError(f"{where}: {problem} (on {(full or table).shoe})")
        warnings.append(f"{where} cannot happen on {table.shoe}")
    lines = [EventResult(e.label, p, c, Fraction(c, table.total))
             for e, p, c in zip(bet.events, bet.event_pays, counts)]
    lines.append(EventResult(bet.otherwise_label, bet.otherwise_pays, counts[-1],
                             Fraction(counts[-1], table.total), otherwise=True))
    return BetResult(bet, table.shoe, table.total, tuple(lines), file, tuple(warnings))


def _never_settles(bet: Bet, i: int, table: OutcomeTable) -> str | None:
    """Why event i settles no coup on this table, or None if it does settle some."""
    mask = bet.event_masks(table.layout)[i]
    if table.count(mask) == 0:
        return "can never happen"
    if table.count(bet.settle(table.layout) == i) == 0:
        return "is shadowed entirely by earlier events"
    return None


class Tables:
    """Outcome tables computed once per shoe and suit mode, for many bets."""

    def __init__(self):
        self._cache: dict[tuple[Shoe, bool], OutcomeTable] = {}

    def get(self, shoe: Shoe, suits: bool) -> OutcomeTable:
        key = (shoe, suits)
        if key not in self._cache:
            self._cache[key] = outcome_table(shoe, suits=suits)
        return self._cache[key]


def report(source, shoe: Shoe | None = None, *, full_shoe: Shoe | None = None,
           tables: Tables | None = None) -> list[BetResult]:
    """Evaluate every bet of ``source`` on ``shoe`` (8 decks by default).

    ``source`` is a paytable file's path, a loaded :class:`Paytable`, a :class:`Bet` or
    a list of bets. ``full_shoe`` is the shoe before any cards left it, against which
    impossible events are judged (default: ``shoe`` itself).
    """
    shoe = shoe or Shoe.decks(8)
    paytable = _as_paytable(source)
    tables = tables or Tables()
    file = str(paytable.path) if paytable.path.name else None
    out = []
    for bet in paytable.bets:
        suits = bet.needs_suits
        table = tables.get(shoe, suits)
        full = tables.get(full_shoe, suits) if full_shoe is not None else None
        out.append(evaluate(bet, table, full=full, file=file))
    return out


def _as_paytable(source) -> Paytable:
    if isinstance(source, Paytable):
        return source
    if isinstance(source, Bet):
        return Paytable(Path(""), (source,))
    if isinstance(source, (list, tuple)) and all(isinstance(b, Bet) for b in source):
        return Paytable(Path(""), tuple(source))
    return load_paytable(source)


@dataclass(frozen=True)
class FigureCheck:
    """One printed figure beside the exact value it claims."""

    file: str
    bet: str | None
    kind: str
    label: str | None
    printed: Printed
    computed: Fraction
    sheet: str
    finding: str | None = None

    @property
    def difference(self) -> Fraction:
        return self.computed - self.printed.value

    @property
    def reproduced(self) -> bool:
        """Within half a unit of the last printed digit."""
        return abs(self.difference) <= self.printed.tolerance

    @property
    def status(self) -> str:
        if self.finding:
            return "finding" if not self.reproduced else "STALE FINDING"
        return "ok" if self.reproduced else "MISMATCH"

    @property
    def passed(self) -> bool:
        return self.status in ("ok", "finding")


def check(source, *, tables: Tables | None = None) -> list[FigureCheck]:
    """Every figure the paytable's sheets printed, recomputed on the sheets' shoes."""
    paytable = _as_paytable(source)
    tables = tables or Tables()
    out = []
    results: dict[int, dict[str, BetResult]] = {}

    def results_on(decks: int) -> dict[str, BetResult]:
        if decks not in results:
            shoe = Shoe.decks(decks)
            results[decks] = {r.name: r for r in report(paytable, shoe, tables=tables)}
        return results[decks]

    file = str(paytable.path)
    for bet in paytable.bets:
        if bet.published is None:
            continue
        result = results_on(bet.published.decks)[bet.name]
        for kind, label, printed in bet.published.figures():
            if kind == "hit rate":
                value = result.line(label).probability
            elif kind == "return":
                value = result.line(label).ret
            elif kind == "player net":
                value = result.ev
            else:
                value = result.edge
            out.append(FigureCheck(file, bet.name, kind, label, printed, value,
                                   bet.published.sheet, bet.published.finding(kind, label)))
    for figure in paytable.figures:
        edges = {name: r.edge for name, r in results_on(figure.decks).items()}
        out.append(FigureCheck(file, None, "figure", figure.label, Printed(figure.printed),
                               Fraction(figure.compute(edges)), figure.sheet, figure.finding))
    return out


__all__ = ["BetResult", "CompiledBet", "EventResult", "FigureCheck", "Tables", "check", "evaluate",
           "report"]
