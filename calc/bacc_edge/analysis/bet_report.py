"""Reports: what each bet returns on a shoe, and checks against printed figures."""

from __future__ import annotations

import math
import numbers
from typing import Callable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from decimal import Decimal
from fractions import Fraction
from functools import partial

import numpy as np

from ..util.arguments import callable_argument, quoted
from ..errors import ArgumentError, PaytableError, PlanTooLarge
from .evaluator import Evaluator, Layout, answering_cells, bets_named, layout_for
from .streamed_count import (StreamedLayout, counts_quickly, how_counted,
                             streamed_or_layout_for)
from .split_count import split_totals
from .progress_shares import QUICK_SECONDS, CountPrice, Told, count_price, steps
from ..language.loader import as_paytable
from ..util.progress import Progress, Steps, part
from ..util.shown import Results, Shown
from ..engine.outcome_table import OutcomeTable, table_argument
from ..engine.card_plan import NOTICE_SECONDS, describe_seconds
from ..engine.card_table import CardLayout, cards_held, count_seconds, suitless_notice
from ..engine.point_table import CellLayout
from ..language.pays import Pays
from ..language.bet import Bet, Event, Figure, Measure, Printed
from ..game.tableau import STANDARD, Tableau, tableau_argument
from ..game.cards import RANKS, SUITS
from ..game.shoe import Shoe, decks_holding, shoe_argument


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
class BetResult(Shown):
    """A bet evaluated exactly on one shoe."""

    bet: Bet
    shoe: Shoe
    total: int
    events: tuple[EventResult, ...]
    file: str | None = None
    warnings: tuple[str, ...] = field(default=())
    #: the drawing rules the coups were counted by
    tableau: Tableau = STANDARD
    #: how the deals were counted (:func:`~bacc_edge.analysis.streamed_count.how_counted`;
    #: empty where not told)
    counted: str = ""

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
    def always_pushes(self) -> bool:
        """Whether every coup returns the stake (on this shoe): the bet never resolves."""
        return self.push_probability == 1

    @property
    def edge_per_resolved_bet(self) -> Fraction | None:
        """House edge per bet that wins or loses (pushes left out); None when the bet
        never pushes (it is the edge) and when it always pushes (no bet resolves, so
        there is no such edge)."""
        push = self.push_probability
        if push == 0 or push == 1:
            return None
        return self.edge / (1 - push)

    def line(self, label: str) -> EventResult:
        return next(e for e in self.events if e.label == label)


#: The most bytes of counts the tables a :class:`Tables` keeps may take: past it, those
#: asked least lately are let go (the last one asked is always kept). A card bet counted
#: afresh on every shoe (no record of it kept) would otherwise keep every shoe's table,
#: tens of MB each, without end (issue 31's tester: 74 MB a shoe).
TABLES_BYTES = 256 << 20
#: Bytes a count held as a Python integer takes beside its pointer (a table past int64).
PYTHON_INT_BYTES = 32


class Tables:
    """Outcome tables computed once per shoe and layout, for many bets: the tables
    asked most lately, within :data:`TABLES_BYTES` (a table let go is counted again when
    asked again; the records that make a card layout's later shoes cheap are kept apart,
    for the whole process: :mod:`~bacc_edge.engine.card_replay`)."""

    def __init__(self):
        self._cache: dict[tuple[Shoe, Layout], OutcomeTable] = {}

    def _kept(self, key, table: OutcomeTable | None = None) -> OutcomeTable | None:
        """The table kept for ``key``, now the one asked most lately; given ``table``,
        that one kept for it, and the tables asked least lately let go past
        :data:`TABLES_BYTES`."""
        if table is None:
            table = self._cache.pop(key, None)
            if table is not None:
                self._cache[key] = table
            return table
        self._cache[key] = table
        while len(self._cache) > 1 and sum(map(_table_bytes, self._cache.values())) > (
                TABLES_BYTES):
            del self._cache[next(iter(self._cache))]
        return table

    def get(self, shoe: Shoe, layout: Layout | bool, tableau: Tableau = STANDARD, *,
            on_progress: Progress | None = None,
            on_note: Callable[[str], None] | None = None) -> OutcomeTable:
        """The table of ``shoe`` on ``layout``; a bool instead of a layout means the
        outcome cells with or without suits, under ``tableau`` (``on_progress``: a card
        table's shoes counted, see :func:`~bacc_edge.engine.card_table.card_table`;
        ``on_note``: a streamed layout's join given up, its count then announced, see
        :func:`~bacc_edge.analysis.streamed_count.streamed_table`)."""
        shoe = shoe_argument(shoe)
        if isinstance(layout, bool):
            layout = CellLayout(layout, tableau_argument(tableau))
        elif not isinstance(layout, Layout):
            raise ArgumentError(f"layout {quoted(layout)} must be a layout (see layouts()) "
                                f"or a bool: with suits or not")
        key = (shoe, layout)
        kept = self._kept(key)
        if kept is not None:
            return kept
        told = {"on_note": on_note} if isinstance(layout, StreamedLayout) else {}
        return self._kept(key, layout.table(shoe, on_progress=on_progress, **told))

    def holds(self, shoe: Shoe, layout: Layout) -> bool:
        """Whether the table of ``shoe`` on ``layout`` is kept: :meth:`get` counts
        nothing."""
        return (shoe, layout) in self._cache

    def class_totals(self, shoe: Shoe, evaluator: Evaluator, *,
                     on_progress: Progress | None = None,
                     on_note: Callable[[str], None] | None = None) -> np.ndarray:
        """The deals of ``shoe`` summed by ``evaluator``'s settle classes, on its layout:
        from the table where one is kept; else counted straight into the classes where
        the layout can (:meth:`~bacc_edge.engine.outcome_table.Layout.class_totals`: a
        card layout replaying its record, no count per cell made or kept); else from
        the table, counted and kept (``on_note``: as :meth:`get` tells it)."""
        shoe = shoe_argument(shoe)
        if not isinstance(evaluator, Evaluator):
            raise ArgumentError(f"evaluator {quoted(evaluator)} must be an Evaluator, e.g. "
                                f"Evaluator.of(bets)")
        layout = evaluator.layout
        if self._kept((shoe, layout)) is None:
            totals = layout.class_totals(shoe, evaluator.cell_class, evaluator.n_classes,
                                         on_progress=on_progress)
            if totals is not None:
                return totals
        return evaluator.class_totals(self.get(shoe, layout, on_progress=on_progress,
                                               on_note=on_note))


def _table_bytes(table: OutcomeTable) -> int:
    """The bytes ``table``'s counts take (Python integers each beside its pointer)."""
    counts = table.counts
    return counts.nbytes + (PYTHON_INT_BYTES * counts.size if counts.dtype == object else 0)


def _results(evaluator: Evaluator, shoe: Shoe, totals: np.ndarray, full: OutcomeTable | None,
             file: str | None, unjudged: Shoe | None = None) -> list[BetResult]:
    """Each compiled bet's table on ``shoe``, from its deals summed by the evaluator's
    settle classes (``totals``). An event that never settles its bet is an error when it
    cannot happen, or is shadowed entirely by earlier events, on ``full`` (the full
    shoe's table; None: ``shoe`` itself is), and a warning when only the depleted shoe
    rules it out. ``unjudged``: the full shoe, where the bets were counted on ``shoe``
    alone (slow or too large to count on it): see :func:`_judged_alone`."""
    line_counts = evaluator.line_counts(totals)
    full_counts = line_counts if full is None else None
    whole = shoe if full is None else full.shoe
    total = int(totals.sum())
    out = []
    for b, (bet, counts, pays) in enumerate(zip(evaluator.bets, line_counts, evaluator.pays)):
        warnings = []
        for i, event in enumerate(bet.events):
            if counts[i]:
                continue
            if full_counts is None:
                full_counts = evaluator.line_counts(full)
            where = f"{file + ': ' if file else ''}bet {bet.name!r}, event {event.label!r}"
            if unjudged is not None:
                warnings.append(_judged_alone(where, event, shoe, unjudged,
                                              evaluator.layout.tableau))
                continue
            joined = (isinstance(evaluator.layout, StreamedLayout)
                      and evaluator.layout.joins(whole))
            if not _happens(event, whole, evaluator.layout.tableau, joined=joined):
                shoes = (f"on {whole}" if full is None or whole.replacement else
                         f"on {shoe}, nor on {whole}, the full shoe that holds it")
                raise PaytableError(f"{where}: can never happen ({shoes})")
            if not full_counts[b][i]:
                raise PaytableError(f"{where}: is shadowed entirely by earlier events "
                                    f"(on {whole})")
            warnings.append(f"{where} cannot happen on {shoe}")
        lines = [EventResult(e.label, p, c, Fraction(c, total))
                 for e, p, c in zip(bet.events, pays, counts)]
        lines.append(EventResult(bet.otherwise_label, pays[-1], counts[-1],
                                 Fraction(counts[-1], total), otherwise=True))
        out.append(BetResult(bet, shoe, total, tuple(lines), file,
                             tuple(warnings), evaluator.layout.tableau,
                             how_counted(evaluator.layout, shoe)))
    return out


def _judged_alone(where: str, event: Event, shoe: Shoe, full: Shoe, tableau: Tableau) -> str:
    """The warning for an event that never settles its bet on ``shoe``, the bet counted on
    ``shoe`` alone (slow or too large to count on ``full``): an error instead where the
    event alone can never happen on ``full``, judged so where its own plan there is quick
    (a suited pair on one deck); whether earlier events shadow it on ``full`` is not
    known, only on ``shoe``."""
    alone = [Bet("alone", [Event(event.label, event.when, 1)])]
    if counts_quickly(alone, tableau, full) and not _happens(event, full, tableau):
        raise PaytableError(f"{where}: can never happen (on {shoe}, nor on {full}, the full "
                            f"shoe that holds it)")
    what = ("is shadowed entirely by earlier events on" if _happens(event, shoe, tableau)
            else "cannot happen on")
    return (f"{where} {what} {shoe}; not judged on {full}, the full shoe that holds it, "
            f"where the bet is slow or too large to count")


def _happens(event: Event, full: Shoe, tableau: Tableau, *, joined: bool = False) -> bool:
    """Whether ``event``'s condition holds in some deal of the ``full`` shoe dealt by
    ``tableau``, counted on the layout of the event alone: a bet's own layout answers how
    the bet settles each deal, not each of its conditions (cells that differ only in
    suits the settlement never needs are one cell there), so an event that earlier ones
    shadow may not show on it. ``joined``: its bet was counted on ``full`` by ranks and
    suits apart, and so is the event, its sides' answers read off the bet's, no plan of
    its own priced (pricing it took 0.5 s of a refused random bet's first count)."""
    alone = Bet("alone", [Event(event.label, event.when, 1)])
    if joined:
        totals = split_totals(full, tableau, [alone], [2])
        if totals is not None:
            return bool(totals[0])
    layout = streamed_or_layout_for([alone], tableau, shoe=full)
    return Evaluator([alone], layout).line_counts(layout.table(full))[0][0] > 0


def evaluate(bet: Bet, table: OutcomeTable, *, full: OutcomeTable | None = None,
             file: str | None = None) -> BetResult:
    """One bet's table on the outcome table's shoe, under the table's tableau (see
    :func:`report` for events that never settle the bet; ``full`` is the full shoe's
    table, by default the table itself)."""
    table = table_argument(table)
    full = table if full is None else table_argument(full, "full")
    evaluator = Evaluator([bet], table.layout)
    (result,) = _results(evaluator, table.shoe, evaluator.class_totals(table),
                         None if full is table else full, file)
    return result


def report(source, shoe: Shoe | None = None, *, full_shoe: Shoe | None = None,
           tables: Tables | None = None, tableau: Tableau | None = None,
           on_progress: Progress | None = None,
           on_note: Callable[[str], None] | None = None) -> Results[BetResult]:
    """Evaluate every bet of ``source`` on ``shoe`` (8 decks by default).

    ``source`` is a paytable file's path, a loaded :class:`Paytable`, a :class:`Bet` or
    a list of bets. Coups are dealt by ``tableau``, by default the paytable's own
    (``RULES``; the standard one for bets given directly). ``full_shoe`` is the shoe
    before any cards left it, against which impossible events are judged (default:
    the fewest whole decks that hold ``shoe``, as the command's ``--counts`` and
    ``--remove`` judge them: an event the cards left rule out is a zero line and a
    warning in :attr:`BetResult.warnings`; ``Shoe.infinite()``: judged on an infinite
    deck, one that any number of decks could be, as the math report judges them). A bet
    whose plan on the full shoe is slow, streams or is refused is planned on the kinds of
    card ``shoe`` holds where that is far smaller (a custom shoe of a few cards), and an
    event that never settles it is then a warning, unless the event alone, judged
    quickly on the full shoe, can never happen there.
    ``on_progress(done, total)`` hears of each bet counted (see
    :mod:`bacc_edge.util.progress`): bets on the cards are counted one by one, and
    slowly. ``on_note(line)`` hears, before it starts, of each count of the
    cards estimated to take more than :data:`~bacc_edge.engine.card_plan.NOTICE_SECONDS`
    (see :mod:`~bacc_edge.engine.card_plan`); a count that would take more memory or
    time than a count may is refused before it starts
    (:class:`~bacc_edge.errors.PlanTooLarge`, naming the bets).
    """
    callable_argument(on_progress)
    callable_argument(on_note, "on_note")
    shoe = Shoe.decks(8) if shoe is None else shoe_argument(shoe)
    full_shoe = (_decks_holding(shoe) if full_shoe is None
                 else _holding(shoe_argument(full_shoe, "full_shoe"), shoe))
    paytable = as_paytable(source)
    tableau = paytable.rules if tableau is None else tableau_argument(tableau)
    tables = tables_argument(tables) or Tables()
    if full_shoe is not None and full_shoe.suits is None and shoe.suits is not None:
        _refuse_rank_counts(full_shoe, paytable.bets, tableau)
    results: dict[int, BetResult] = {}
    # each bet's steps by their priced time: its layout found (a count of the fullest
    # shoe where it reaches every cell, slow for some bets on the cards), its count on
    # ``shoe`` (nothing more where that count kept it), and, streamed, the fullest shoe's
    # count again, which judges its events
    finding, counted, judged = _shares(paytable.bets, tableau, full_shoe or shoe, shoe)
    unspent = [0] * len(paytable.bets)  # of a count that stopped: its streamed counts'
    step = Steps(on_progress, sum(finding) + sum(counted) + sum(judged))
    chosen_layouts = layouts(paytable.bets, tableau, full_shoe or shoe, on_note=on_note,
                             on_progress=part(on_progress, 0, sum(finding), step.total),
                             streamed=True, counted=shoe, shares=finding, unspent=unspent)
    step(sum(finding) - sum(unspent))
    beyond = full_shoe is not None and full_shoe != shoe
    for layout, chosen in chosen_layouts.items():
        bets = [paytable.bets[i] for i in chosen]
        alone = beyond and not _reaches(layout, full_shoe)
        left = sum(unspent[i] for i in chosen)  # shared by the counts of both shoes
        halved = left // 2 if beyond and not alone else 0
        share = sum(counted[i] for i in chosen) + left - halved
        judging = sum(judged[i] for i in chosen) + halved
        try:
            evaluator = Evaluator.compiled(bets, layout)  # a card layout's cells found above
            announce_count(shoe, layout, bets, on_note)
            totals = tables.class_totals(shoe, evaluator, on_progress=part(
                on_progress, step.done, share, step.total), on_note=on_note)
            full = (tables.get(full_shoe, layout, on_progress=part(
                on_progress, step.done + share, judging, step.total), on_note=on_note)
                if beyond and not alone else None)
            results.update(zip(chosen, _results(evaluator, shoe, totals, full, paytable.file,
                                                full_shoe if alone else None)))
        except PlanTooLarge as error:  # stopped where its cells passed the memory
            named = str(error).startswith(f"{bets_named(bets)}: ")  # refused by its plan
            raise PlanTooLarge(str(error) if named else f"{bets_named(bets)}: {error}") from None
        step(share + judging)
    return Results(results[i] for i in range(len(paytable.bets)))


def _reaches(layout: Layout, full_shoe: Shoe) -> bool:
    """Whether ``layout``'s cells reach every card ``full_shoe`` holds: not where it was
    planned on the counted shoe alone
    (:func:`~bacc_edge.analysis.streamed_count.planned_alone`)."""
    cards = getattr(getattr(layout, "fine", layout), "cards", None)
    return cards is None or cards == cards_held(full_shoe)


def _refuse_rank_counts(full_shoe: Shoe, bets: list[Bet], tableau: Tableau) -> None:
    """Refuse, in one line naming it, a ``full_shoe`` built from rank counts beside a
    shoe whose suits are known, where a bet reads suits: the shoe's own check named only
    the label the two shoes may share ("custom shoe was built from rank counts")."""
    reading = [b for b in bets if answering_cells([b], tableau).tells_suits]
    if reading:
        raise ArgumentError(f"full_shoe ({full_shoe.label}) was built from rank counts, so "
                            f"its suits are unknown, and {bets_named(reading)} read"
                            f"{'' if len(reading) > 1 else 's'} suits: give full_shoe by "
                            f"its suits (Shoe.decks(n), or Shoe.from_suits), or leave it out")


def announce_count(shoe: Shoe, layout: Layout, bets: Sequence[Bet],
                   on_note: Callable[[str], None] | None, *, alike: int = 1,
                   named: str | None = None) -> None:
    """Tell ``on_note``, before it starts, of a count of ``shoe`` on ``layout``'s card
    cells, once they are found, estimated past
    :data:`~bacc_edge.engine.card_plan.NOTICE_SECONDS`: one with cards removed without
    their suit (:func:`~bacc_edge.engine.card_table.suitless_notice`), or of a card
    layout's cells (:func:`~bacc_edge.engine.card_table.count_seconds`; classes of them
    count their own, quick way). The layout's notice (:func:`layout_for`) priced only
    the count that found the cells: a rich bet on one deck, its cells found on plenty
    of every card, was told of one count of 74 s and made two, of 230 and 170 s.
    ``alike``: counts of as many shoes like ``shoe`` made one after another (a shoe less
    a card of each rank), told as one, in all, under the words ``named`` (else the
    shoe's label)."""
    fine = getattr(layout, "fine", None)
    if on_note is None or not isinstance(fine, CardLayout) or isinstance(layout,
                                                                          StreamedLayout):
        return  # a streamed count tells of each shoe, and refuses a suitless one
    named = named or shoe.label
    notice = suitless_notice(shoe, fine, alike)
    if notice:
        on_note(f"{bets_named(bets)}: counting {named}, its cards removed without "
                f"their suit, {notice} (estimated)")
        return
    seconds = alike * count_seconds(shoe, fine) if layout is fine else 0.0
    if seconds > NOTICE_SECONDS:
        on_note(f"{bets_named(bets)}: counting {named} on the cells found: "
                f"{describe_seconds(seconds)} (estimated)")


def _holding(full_shoe: Shoe, shoe: Shoe) -> Shoe:
    """``full_shoe``, once it is seen to hold every card of ``shoe`` (the shoe that was
    dealt from it): refused in one line, naming a card it holds fewer of, where not."""
    if shoe.replacement and not full_shoe.replacement:
        raise ArgumentError(f"full_shoe ({full_shoe.label}) cannot be the shoe an infinite "
                            f"deck was dealt from: it deals every card with replacement, "
                            f"from no shoe; leave full_shoe out")
    if shoe.replacement or full_shoe.replacement:
        return full_shoe
    short = ([RANKS[r] + SUITS[s] for r in range(len(RANKS)) for s in range(len(SUITS))
              if shoe.suits[r][s] > full_shoe.suits[r][s]]
             if shoe.suits is not None and full_shoe.suits is not None else [])
    short += [RANKS[r] for r in range(len(RANKS)) if shoe.ranks[r] > full_shoe.ranks[r]]
    if short:
        raise ArgumentError(f"full_shoe ({full_shoe.label}) must hold every card of the "
                            f"shoe ({shoe.label}), the shoe it was dealt from; it holds "
                            f"fewer {short[0]}")
    return full_shoe


def _decks_holding(shoe: Shoe) -> Shoe | None:
    """The fewest whole decks that hold every card of ``shoe`` (an event that cannot
    happen on them cannot happen on any shoe dealt from them), or None when that is
    ``shoe`` itself or ``shoe`` is an infinite deck."""
    if shoe.replacement:
        return None
    full = decks_holding(shoe)
    return None if full == shoe else full


#: Steps each paytable counts for in the progress of a call over several paytables
#: (:func:`report_all`, :func:`check_all`, :func:`~bacc_edge.analysis.removal_effects.effects_and_counts`),
#: whatever its bets.
PAYTABLE_SHARE = 1000


def each_paytable(paytables, on_progress: Progress | None):
    """(paytable, its callback) for each of ``paytables``, each filling an equal share
    of ``on_progress``'s steps."""
    callable_argument(on_progress)
    whole = len(paytables) * PAYTABLE_SHARE
    for i, paytable in enumerate(paytables):
        yield paytable, part(on_progress, i * PAYTABLE_SHARE, PAYTABLE_SHARE, whole)


def report_all(paytables, shoe: Shoe | None = None, *, full_shoe: Shoe | None = None,
               tables: Tables | None = None, on_progress: Progress | None = None,
               on_note: Callable[[str], None] | None = None) -> list[BetResult]:
    """:func:`report` of each of ``paytables`` (files' paths or loaded paytables) on one
    shoe, one list, the bets in order; each paytable's coups dealt by its own tableau
    (``on_note``: each slow count announced, as :func:`report`)."""
    tables = tables_argument(tables) or Tables()
    return [r for paytable, stage in each_paytable(paytables, on_progress)
            for r in report(paytable, shoe, full_shoe=full_shoe, tables=tables,
                            on_progress=stage, on_note=on_note)]


def check_all(paytables, *, tables: Tables | None = None,
              on_progress: Progress | None = None) -> list[FigureCheck]:
    """:func:`check` of each of ``paytables``, one list: every printed figure of them
    all beside the exact value."""
    tables = tables_argument(tables) or Tables()
    return [c for paytable, stage in each_paytable(paytables, on_progress)
            for c in check(paytable, tables=tables, on_progress=stage)]


def layouts(bets, tableau: Tableau = STANDARD, shoe: Shoe | None = None, *,
            on_note: Callable[[str], None] | None = None,
            on_progress: Progress | None = None,
            streamed: bool = False, counted: Shoe | None = None,
            shares: Sequence[int] | None = None,
            unspent: list[int] | None = None) -> dict[Layout, list[int]]:
    """The bets grouped by the layout each is counted on (see
    :func:`~bacc_edge.analysis.evaluator.layout_for`; ``shoe``: the fullest shoe they will be
    counted on): layout → the bets' indices. Bets on points and pairs share the compact
    outcome cells; each bet on the cards gets the coarsest card layout that answers it
    (with ``streamed``, as a report asks: streamed through the bet where its cells are
    too many to keep, :mod:`~bacc_edge.analysis.streamed_count`; ``counted``: a shoe a
    streamed layout will count besides ``shoe``, refused before it is announced where it
    cannot be streamed)
    (``on_note``: a slow count announced, see :func:`layout_for`; ``on_progress``: the
    steps of each bet, ``shares`` (by default one each), the count that finds a card
    layout's cells told within them; where that count stopped at the memory and the bet
    is streamed, the steps its count did not reach are left in ``unspent``, per bet, for
    the streamed counts to tell)."""
    out: dict[Layout, list[int]] = {}
    shares = [1] * len(bets) if shares is None else shares
    step = Steps(on_progress, sum(shares))
    choose = partial(streamed_or_layout_for, counted=counted) if streamed else layout_for
    for i, bet in enumerate(bets):
        told = Told(part(on_progress, step.done, shares[i], step.total), shares[i])
        layout = choose([bet], tableau, shoe=shoe, on_note=on_note, on_progress=told.progress)
        out.setdefault(layout, []).append(i)
        if unspent is not None:
            unspent[i] = told.unreached(layout)
        step(shares[i] - told.unreached(layout))
    return out


def _shares(bets: Sequence[Bet], tableau: Tableau, fullest: Shoe, shoe: Shoe
            ) -> tuple[list[int], list[int], list[int]]:
    """Each bet's steps of a report's progress (:mod:`~bacc_edge.analysis.progress_shares`):
    finding its layout's cells (a count of ``fullest``, which keeps its table), counting
    ``shoe`` on them (nothing more where it is ``fullest``, found so), and, streamed,
    counting ``fullest`` again to judge the events there (else nothing: kept). A bet
    whose cells an earlier bet's count finds shares that bet's counts."""
    finding, counting, judging, seen = [], [], [], set()
    for bet in bets:
        cells = answering_cells([bet], tableau, shoe=fullest)
        price = CountPrice(0.0, QUICK_SECONDS) if cells in seen else count_price(cells, shoe)
        seen.add(cells)
        kept = price.finding and fullest == shoe
        finding.append(steps(price.finding))
        counting.append(steps(QUICK_SECONDS if kept else price.later))
        judging.append(steps(price.later) if price.streamed and fullest != shoe else 0)
    return finding, counting, judging


class CheckStatus(StrEnum):
    """How a printed figure compares with the exact value."""

    OK = "ok"
    #: not reproduced, and the paytable records why
    FINDING = "finding"
    #: reproduced after all, though the paytable records a finding
    STALE_FINDING = "STALE FINDING"
    MISMATCH = "MISMATCH"

    @property
    def passed(self) -> bool:
        return self in (CheckStatus.OK, CheckStatus.FINDING)


class StudyStatus(StrEnum):
    """How a count study's published figure compares with a run (see
    :func:`~bacc_edge.depth.summary.summarize`)."""

    #: the run's 95% interval meets the range the printed figure stands for
    REPRODUCED = "reproduced"
    #: not reproduced, and the paytable records why
    FINDING = "finding"
    NOT_REPRODUCED = "not reproduced"

    @property
    def passed(self) -> bool:
        return self is not StudyStatus.NOT_REPRODUCED


@dataclass(frozen=True)
class FigureCheck:
    """One printed figure beside the exact value it claims."""

    file: str
    bet: str | None
    measure: Measure
    label: str | None
    printed: Printed
    computed: Fraction
    sheet: str
    finding: str | None = None
    #: the drawing rules the figure was recomputed under
    tableau: Tableau = STANDARD

    @property
    def difference(self) -> Fraction:
        return self.computed - self.printed.value

    @property
    def reproduced(self) -> bool:
        """Within half a unit of the last printed digit."""
        return abs(self.difference) <= self.printed.tolerance

    @property
    def status(self) -> CheckStatus:
        if self.finding:
            return CheckStatus.FINDING if not self.reproduced else CheckStatus.STALE_FINDING
        return CheckStatus.OK if self.reproduced else CheckStatus.MISMATCH

    @property
    def passed(self) -> bool:
        return self.status.passed


def check(source, *, tables: Tables | None = None,
          on_progress: Progress | None = None) -> list[FigureCheck]:
    """Every figure the paytable's sheets printed, recomputed on the sheets' shoes under
    the paytable's tableau (``on_progress``: each shoe's bets counted)."""
    callable_argument(on_progress)
    paytable = as_paytable(source)
    tables = tables_argument(tables) or Tables()
    out = []
    results: dict[int, dict[str, BetResult]] = {}
    decks_used = sorted({b.published.decks for b in paytable.bets if b.published is not None}
                        | {f.decks for f in paytable.figures})
    n = len(paytable.bets)

    def results_on(decks: int) -> dict[str, BetResult]:
        if decks not in results:
            shoe = Shoe.decks(decks)
            stage = part(on_progress, decks_used.index(decks) * n, n, len(decks_used) * n)
            results[decks] = {r.name: r for r in report(paytable, shoe, tables=tables,
                                                        on_progress=stage)}
        return results[decks]

    file = str(paytable.path)
    for bet in paytable.bets:
        if bet.published is None:
            continue
        result = results_on(bet.published.decks)[bet.name]
        for measure, label, printed in bet.published.figures():
            out.append(FigureCheck(file, bet.name, measure, label, printed,
                                   _measured(result, measure, label),
                                   bet.published.sheet, bet.published.finding(measure, label),
                                   paytable.rules))
    for figure in paytable.figures:
        edges = {name: r.edge for name, r in results_on(figure.decks).items()}
        out.append(FigureCheck(file, None, Measure.SHEET_FIGURE, figure.label,
                               Printed(figure.printed), _computed(figure, edges, file),
                               figure.sheet, figure.finding, paytable.rules))
    return out


def _computed(figure: Figure, edges: dict[str, Fraction], file: str) -> Fraction:
    """The figure's ``compute`` run on the bets' edges; a failure of the paytable's code,
    or an answer that is not a number, is an error naming the file and the figure."""
    where = f"{file}: figure {figure.label!r}"
    try:
        value = figure.compute(edges)
    except KeyError as err:
        raise PaytableError(f"{where}: compute asks for the edge of {err}, which is not one "
                            f"of the bets ({', '.join(map(repr, edges))})") from None
    except Exception as err:  # the paytable's code
        raise PaytableError(f"{where}: compute raised {type(err).__name__}: {err}") from None
    if isinstance(value, bool) or not isinstance(value, (numbers.Real, Decimal)) or not (
            math.isfinite(value)):
        raise PaytableError(f"{where}: compute returned {value!r}, not a finite number")
    return Fraction(value)


def _measured(result: BetResult, measure: Measure, label: str | None) -> Fraction:
    """The exact value of what a printed figure of the bet measures."""
    if measure is Measure.HIT_RATE:
        return result.line(label).probability
    if measure is Measure.RETURN:
        return result.line(label).ret
    if measure is Measure.COMBINATIONS:
        return Fraction(result.line(label).combinations)
    return result.ev if measure is Measure.PLAYER_NET else result.edge


def tables_argument(value):
    """``value`` if it is None or a :class:`~bacc_edge.analysis.bet_report.Tables` cache."""
    if value is not None and not isinstance(value, Tables):
        raise ArgumentError(f"tables {quoted(value)} must be a Tables cache (or None)")
    return value


__all__ = ["PYTHON_INT_BYTES", "TABLES_BYTES", "BetResult", "CheckStatus", "EventResult",
           "FigureCheck", "StudyStatus", "Tables", "announce_count", "check", "check_all",
           "evaluate", "layouts", "report", "report_all"]
