"""Each stage of a report's counts takes its share of the progress by its priced time.

A progress bar's ETA is the steps left at the pace so far (:mod:`bacc_edge.util.progress`),
so it holds only where a stage's share of the steps is its share of the time. A report
(and known-card, a report per position) makes, per card layout, a count that finds the
layout's cells, then a count of each shoe asked on them. Given equal shares, a lone card
bet on a full shoe showed twice the time left while its first count ran: that count
also counted the shoe, and the second share then passed at once (known-card's groups,
three shares to one count, showed three times; a tester saw 18 minutes for a 25-s run).

Here each stage is priced as the plan prices its count
(:func:`~bacc_edge.engine.card_plan.plan_cost`: the same estimate the notes of a long
count tell) and given :data:`STEPS_PER_SECOND` steps a second of it, one step at least: a
count that finds cells found before, or a shoe counted by that count, is priced at
nothing. The estimate is the bench machine's, so the shares hold on any machine; the ETA
still takes a first compile of a kernel, which no plan prices, as work.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.card_plan import plan_cost
from ..engine.card_table import cells_found, suitless_seconds
from ..engine.outcome_table import Layout
from ..game.shoe import Shoe
from ..util.progress import Progress
from .streamed_count import StreamedLayout, streams

#: Progress steps per second of a stage's priced time.
STEPS_PER_SECOND = 100
#: Seconds a stage is priced at where it counts no cards (bets on points and pairs, a table
#: kept) or only settles cells counted: one step, quick beside any slow count (at 0.05 s,
#: known-card's quick stages of a paytable took a quarter of its bar, passed at once).
QUICK_SECONDS = 0.01


@dataclass(frozen=True)
class CountPrice:
    """What counting on a layout's cells is priced at, seconds on the clock (its seconds
    of CPU shared among its threads,
    :attr:`~bacc_edge.engine.card_plan.PlanCost.threads`): ``finding``, the count that
    finds them (0 where they were found before, or the count is streamed: it finds
    none), which counts and keeps the shoe it is made on; ``later``, a count of another
    shoe once they are found (a replay of the record where one is kept; a streamed count
    where the count streams: ``streamed``, its first shoes dealt again). A count that stops
    where its cells pass the memory, and is then streamed, is priced as kept: the steps
    its count did not reach are its streamed counts'
    (:func:`~bacc_edge.analysis.bet_report.layouts`)."""

    finding: float
    later: float
    streamed: bool = False


def count_price(cells: Layout, shoe: Shoe) -> CountPrice:
    """The :class:`CountPrice` of ``cells``, the cells that answer some bets
    (:func:`~bacc_edge.analysis.evaluator.answering_cells`), ``shoe`` the other shoe
    counted on them (one with cards removed without their suit is counted from the shoes
    their suits could have left, or modulo primes:
    :func:`~bacc_edge.engine.card_table.suitless_seconds`): nothing slow for cells of
    points and pairs."""
    if not cells.reads_cards:
        return CountPrice(0.0, QUICK_SECONDS)
    cost = plan_cost(cells.detail, cells.tableau, cells.cards)
    if streams(cost):
        return CountPrice(0.0, cost.streamed_seconds / cost.streamed_threads, streamed=True)
    counting = cost.seconds / cost.threads  # on the clock
    later = suitless_seconds(shoe, cells) or (cost.replay_seconds if cost.record else counting)
    return CountPrice(0.0 if cells_found(cells) else counting, later)


class Told:
    """The progress of the count that finds a layout's cells, told within its ``share``
    of steps (``within``, None: nobody listens), and how many of them it reached: where
    the count stopped at the memory and is streamed instead, the steps it did not reach
    are the streamed counts' (:meth:`unreached`)."""

    def __init__(self, within: Progress | None, share: int):
        self.within, self.share, self.reached = within, share, None

    def __call__(self, done: int, total: int) -> None:
        self.reached = self.share * done // max(total, 1)
        if self.within is not None:
            self.within(done, total)

    @property
    def progress(self) -> "Told | None":
        """The callback to hand the count: this, where someone listens; else None."""
        return None if self.within is None else self

    def unreached(self, layout: Layout) -> int:
        """The steps of the share the count did not reach, where it stopped and
        ``layout`` is streamed instead; else 0 (it reached them all, or told none)."""
        stopped = isinstance(layout, StreamedLayout) and self.reached is not None
        return self.share - self.reached if stopped else 0


def steps(seconds: float) -> int:
    """A stage's share of the progress: its priced ``seconds``, one step at least."""
    return max(1, round(seconds * STEPS_PER_SECOND))


__all__ = ["CountPrice", "QUICK_SECONDS", "STEPS_PER_SECOND", "Told", "count_price", "steps"]
