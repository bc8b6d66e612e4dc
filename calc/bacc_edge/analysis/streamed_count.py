"""Bets on the cards whose cells are too many to keep, counted by streaming the cells
through the bets.

A bet's card layout (:mod:`~bacc_edge.engine.card_table`) can reach about as many cells
as it deals card sequences: 10**7 to 10**10, each kept at some 64 bytes, past the memory
a count may take, where its dealing would take seconds. Such a count is *streamed*
(:mod:`~bacc_edge.engine.streamed_count`): each batch of cells the count reaches is
settled through the bets as it comes (the batch's cell numbers decoded, the features
its bets read made, their conditions tested: :func:`~bacc_edge.analysis.evaluator.settled_cells`)
and its weights summed into the bets' lines, then dropped. What is kept is a
:class:`StreamedLayout`: one cell per way the bets' lines can fall together (a bet
alone: its lines), its count the deals that settle so, exact (int64: they sum to the
shoe's coups). Every report, every check of an event that can never happen or is
shadowed, reads a bet's line counts, which these cells give as a kept table's classes
would; a condition these cells do not answer is asked of the card layout itself, which
refuses it as too large. Nothing is kept of the cells; but from a layout's third shoe
on, its card sequences are summed by multiset and line, once, and each later shoe is
weighed from those sums in one pass rather than dealt again, exactly
(:mod:`~bacc_edge.engine.class_multisets`), where they are not too many.

A count is streamed where it will not fit kept but fits streamed
(:attr:`~bacc_edge.engine.card_plan.PlanCost.streams`: the spill buffer's memory and the
time a count may take, :data:`~bacc_edge.engine.card_plan.TIME_LIMIT`, its dealing and
each cell settled), or whose count stopped where its cells passed the memory; a count
past that time is still refused before it starts. Only a report streams
(:func:`~bacc_edge.analysis.bet_report.layouts` with ``streamed``): the analyses that
read a card layout's cells themselves (removal effects, count studies, the live page)
keep the refusal.

The same layout of lines counts a shoe whose suits are known by ranks and suits apart
where its bets' words allow (:mod:`~bacc_edge.analysis.split_count`): a bet too large to
keep, and a slow one that fits, on whole decks always and on other shoes until its joins
have cost a share of its kept count (:func:`_renting`). :func:`how_counted` says which
way a shoe was counted.
"""

from __future__ import annotations

import math
import threading
import time
from functools import partial
from math import prod
from typing import Callable, NamedTuple, Sequence

import numpy as np

from ..errors import BaccEdgeError, PlanTooLarge
from ..engine.card_plan import NOTICE_SECONDS, PlanCost, check_plan, plan_cost
from ..engine.card_table import (PROGRESS_SECONDS, CardLayout, GivenCells, cards_held,
                                check_shoe, check_shoe_size, refuse_suitless_plan)
from ..engine.class_multisets import class_multisets, summable, weigh
from ..engine.leaf_classes import (Tape, count_by_tape, leaf_classes, tape_bytes,
                                   tape_fits)
from ..engine.outcome_table import Layout, OutcomeTable
from ..engine.outcome_table import sum_by_class
from ..engine.streamed_count import count_streamed, refuse_suitless
from ..game.shoe import Shoe
from ..game.tableau import STANDARD, Tableau
from ..language.bet import Bet
from ..util.progress import Progress, Steps, part
from .evaluator import answering_cells, bets_named, layout_for, settled_cells
from .split_count import (joinable, not_joinable, not_split, split_totals, splits,
                          suit_copies)

#: A card layout whose count fits kept is streamed all the same where its cells may
#: pass this many: a test lowers it to stream small layouts, and compares their reports
#: with their kept tables'.
STREAM_PAST_CELLS = math.inf
#: The most ways the lines of the bets streamed together may fall (a cell each).
MOST_LINES = 1 << 16


class StreamedLayout(Layout):
    """The cells of a streamed count of ``bets`` on the card layout ``fine``: one per way
    their lines fall together (the first bet's line most significant), each counting
    the deals that settle so. ``cost``: the plan of ``fine``'s count."""

    reads_cards = True

    def __init__(self, fine: CardLayout, bets: Sequence[Bet], cost: PlanCost):
        self.fine, self.bets, self.cost = fine, tuple(bets), cost
        self.tableau = fine.tableau
        self.lines = tuple(len(b.events) + 1 for b in self.bets)
        #: whether a shoe whose suits are known is counted by ranks and suits apart
        #: (:mod:`~bacc_edge.analysis.split_count`); where the count does not fit
        #: streamed, every other shoe is refused
        self.split = splits(self.bets)
        #: the cards held (:func:`~bacc_edge.engine.card_table.cards_held`) of shoes whose
        #: join gave up (its answers too many, or its sides unlike in a drawing shape):
        #: that depends on the cards held alone, so every shoe of those cards is streamed
        #: at once, no join tried again (:meth:`joins`)
        self.unjoined: set[tuple] = set()

    def joins(self, shoe: Shoe) -> bool:
        """Whether ``shoe`` is counted by ranks and suits apart, not streamed: the bets'
        words split, the shoe allows it (:func:`joinable`), and no join of its cards
        gave up before."""
        return self.split and joinable(shoe) and cards_held(shoe) not in self.unjoined

    @property
    def n_cells(self) -> int:
        return prod(self.lines)

    @property
    def tells_suits(self) -> bool:
        return self.fine.tells_suits

    def describe(self) -> str:
        return f"{self.fine.describe()}, streamed through {bets_named(self.bets)}"

    def features(self) -> dict[str, np.ndarray]:
        raise BaccEdgeError(f"{self.describe()}: its cells are not kept, so none of their "
                            f"features can be read; ask its bets' lines")

    def answering(self, features: frozenset, shoe: Shoe) -> Layout:
        """The card layout itself: these cells answer only their bets' lines."""
        return self.fine

    def settled_lines(self, bet: Bet) -> np.ndarray:
        """Per cell, the line of ``bet`` (one of :attr:`bets`, the same object) it stands
        for."""
        at = [i for i, b in enumerate(self.bets) if b is bet]
        if not at:
            raise BaccEdgeError(f"bet {bet.name!r} was not counted on {self.describe()}")
        stride = prod(self.lines[at[0] + 1:])
        out = (np.arange(self.n_cells) // stride) % self.lines[at[0]]
        out = out.astype(np.min_scalar_type(self.lines[at[0]] - 1))
        out.setflags(write=False)
        return out

    def table(self, shoe: Shoe, *, on_progress: Progress | None = None,
              on_note: Callable[[str], None] | None = None) -> OutcomeTable:
        """:func:`streamed_table` of ``shoe``."""
        return streamed_table(shoe, self, on_progress=on_progress, on_note=on_note)

    def __eq__(self, other) -> bool:
        return (isinstance(other, StreamedLayout) and other.fine == self.fine
                and tuple(map(id, other.bets)) == tuple(map(id, self.bets)))

    def __hash__(self) -> int:
        return hash((self.fine, tuple(map(id, self.bets))))  # it holds them: ids not reused


def streamed_table(shoe: Shoe, layout: StreamedLayout, *,
                   on_progress: Progress | None = None,
                   on_note: Callable[[str], None] | None = None) -> OutcomeTable:
    """Count ``shoe`` on ``layout``: its card layout's cells streamed through its bets,
    each batch's weights summed into the lines its cells settle, exactly, or counted by
    ranks and suits apart (each step of the join told to ``on_progress``). Streamed,
    one step for ``on_progress``; a count estimated past
    :data:`~bacc_edge.engine.card_table.PROGRESS_SECONDS` tells it a part of its coups at
    a time. A join that gives up (its answers too many for this shoe's cards) is told
    to ``on_note`` where the streamed count that takes its place is estimated past
    :data:`~bacc_edge.engine.card_plan.NOTICE_SECONDS`: the plan promised the join, so
    nothing announced that count before."""
    totals = None
    if layout.joins(shoe):
        started = time.process_time()
        totals = split_totals(shoe, layout.tableau, layout.bets, layout.lines, on_progress)
        if totals is None:
            layout.unjoined.add(cards_held(shoe))
            if layout.cost.streamable:
                _gave_up(shoe, layout, on_note)
        else:
            _joined(layout.fine, time.process_time() - started)
    if totals is None and not layout.cost.streamable:  # not counted apart: refused
        refuse_unsplit(layout.fine, layout.bets, shoe)
    if totals is None:
        totals = _weighed(shoe, layout, on_progress)
    if totals is None:
        long = layout.cost.streamed_seconds > PROGRESS_SECONDS
        step = Steps(None if long else on_progress, 1)
        totals = np.zeros(layout.n_cells, dtype=np.int64)  # each at most the shoe's coups
        adding = threading.Lock()  # batches come from every thread the count deals on

        def settle(cells: np.ndarray, weights: np.ndarray) -> None:
            lines = sum_by_class(weights, _lines_of(layout, cells), np.zeros_like(totals))
            with adding:  # sum_by_class sets, not adds
                totals[:] += lines

        count_streamed(layout.fine, shoe, settle, sequences=layout.cost.sequences,
                       on_progress=on_progress if long else None)
        step()
    if int(totals.sum()) != shoe.coups:  # every deal settled once: never otherwise
        raise BaccEdgeError(f"{shoe.label}: a streamed count of {layout.describe()} settled "
                            f"{int(totals.sum()):,} deals of {shoe.coups:,}")
    totals.setflags(write=False)
    return OutcomeTable(shoe, layout, totals, shoe.coups)


def _gave_up(shoe: Shoe, layout: StreamedLayout,
             on_note: Callable[[str], None] | None) -> None:
    """Tell ``on_note`` that ``shoe`` is streamed after all, its join given up, where that
    count is estimated past NOTICE_SECONDS."""
    if on_note is None or layout.cost.streamed_seconds <= NOTICE_SECONDS:
        return
    later = _shoes_said(layout)
    if later:
        on_note(f"{bets_named(layout.bets)}: not counted by ranks and suits apart on "
                f"{shoe.label} (their join takes too many answers for its cards); counting "
                f"{layout.cost.describe_streamed()}, {later} (estimated)")


#: How a shoe's deals were counted (:func:`how_counted`): the compact outcome cells of
#: points and pairs; every card sequence dealt, its cells kept; dealt, its cells settled as
#: they came; its rank sequences and suit sequences joined (nothing dealt).
OUTCOME_CELLS, CARD_CELLS, STREAMED, APART = (
    "outcome cells", "card cells", "card cells streamed", "ranks and suits apart")


def how_counted(layout: Layout, shoe: Shoe) -> str:
    """How ``shoe``'s deals were counted on ``layout`` (a report's ``counted``), once
    they were: one of OUTCOME_CELLS, CARD_CELLS, STREAMED, APART. All are exact; they
    differ in time and memory."""
    if isinstance(layout, StreamedLayout):
        return APART if layout.joins(shoe) else STREAMED
    return CARD_CELLS if layout.reads_cards else OUTCOME_CELLS


def _lines_of(layout: StreamedLayout, cells: np.ndarray) -> np.ndarray:
    """Per cell number of ``layout``'s card layout (at most PART_CELLS), the cell of
    ``layout`` it settles in: its bets' lines, the first bet's most significant."""
    fine = layout.fine
    batch = GivenCells(fine.detail, fine.tableau, fine.cards, cells)
    key = np.zeros(len(cells), dtype=np.int64)
    for bet, n in zip(layout.bets, layout.lines):
        key *= n
        key += settled_cells(bet, batch)
    return key


class Taped(NamedTuple):
    """A streamed layout's tape (:class:`~bacc_edge.engine.leaf_classes.Tape`) and the
    shoes counted with it so far (-1: its sums tried, and too many)."""

    tape: Tape
    counted: int


def _weighed(shoe: Shoe, layout: StreamedLayout,
             on_progress: Progress | None) -> np.ndarray | None:
    """``shoe``'s deals per cell of ``layout`` counted from what its earlier shoes left,
    or None where the shoe is to be dealt and settled as a streamed count.

    Where a tape of its leaves' lines fits (:func:`~bacc_edge.engine.leaf_classes.tape_fits`),
    the first shoe makes it as it is counted (the leaves dealt in one order, each
    part's cells settled and its weights summed: about a streamed count's time), and
    each later shoe is dealt again, each leaf's weight added to the line on the tape,
    no cell settled (two to five times faster:
    :func:`~bacc_edge.engine.leaf_classes.count_by_tape`). Its card sequences are summed
    by multiset and line (:func:`~bacc_edge.engine.class_multisets.class_multisets`) on
    the shoe after :data:`COUNTS_BEFORE_SUMS` (some two or three counts' time, once; a
    report on the full shoe and one part-dealt shoe pays nothing for them), and each
    later shoe weighed from them in tens of milliseconds; not made where they are too
    many (:data:`~bacc_edge.engine.class_multisets.MOST_SUMS`: the tape, where there is
    one, counts the later shoes). What is made is kept for the later shoes, and not made
    again once let go for other layouts' (:data:`SUMS_BYTES`: so that layouts asked in
    turn do not make each other's again and again). Not for a shoe whose six-card deals
    reach 2**63."""
    if shoe.coups >= 1 << 63 or not shoe.suits_known:
        return None
    taped = _taped(layout)
    with _KEEPING:  # reports may count on several threads (the live page, count studies)
        made = _SUMS.pop(layout, 0)
        if layout in _GIVEN_UP:
            return None
        counted = made if isinstance(made, int) else getattr(made, "counted", -1)
        summing = counted >= COUNTS_BEFORE_SUMS and summable(layout.fine)
        if isinstance(made, int) and not (taped or summing):
            _keep(layout, made + 1)  # counted, not yet summed
            return None
    lines, totals = partial(_lines_of, layout), None
    counting = on_progress
    if summing:  # a step of progress a part of the coups
        sums = class_multisets(layout.fine, lines, layout.cost.sequences,
                               on_progress=part(on_progress, 0, 1, 2) if taped else on_progress)
        made = sums if sums is not None or not taped else made._replace(counted=-1)
        counting = part(on_progress, 1, 1, 2)
    elif isinstance(made, int):  # the shoe dealt, its tape made as it goes
        tape, totals = leaf_classes(layout.fine, lines, layout.n_cells,
                                    layout.cost.sequences, shoe, on_progress=on_progress)
        made = None if tape is None else Taped(tape, 1)
    elif isinstance(made, Taped):
        made = made._replace(counted=made.counted + 1 if made.counted >= 0 else -1)
    else:
        Steps(on_progress, 1)()
    with _KEEPING:
        if made is None:
            _give_up(layout)
        else:
            _keep(layout, made)
    if totals is not None or made is None:
        return totals
    if isinstance(made, Taped):
        return count_by_tape(made.tape, layout.fine, shoe, layout.n_cells,
                             on_progress=counting)
    return weigh(made, layout.fine, shoe, layout.n_cells)


def _taped(layout: StreamedLayout) -> bool:
    """Whether ``layout``'s later shoes are dealt again from a tape of its leaves' lines."""
    return tape_fits(layout.fine, layout.n_cells, layout.cost.sequences)


def _keep(layout: StreamedLayout, sums) -> None:
    """``sums`` kept for ``layout``, the last asked; the oldest let go past
    :data:`LAYOUTS_KEPT` or :data:`SUMS_BYTES`."""
    _SUMS[layout] = sums
    while len(_SUMS) > LAYOUTS_KEPT or sum(map(_bytes, _SUMS.values())) > SUMS_BYTES:
        oldest = next(iter(_SUMS))
        if not isinstance(_SUMS.pop(oldest), int):
            _give_up(oldest)


def _give_up(layout: StreamedLayout) -> None:
    _GIVEN_UP[layout] = True
    while len(_GIVEN_UP) > GIVEN_UP_KEPT:
        del _GIVEN_UP[next(iter(_GIVEN_UP))]


def _bytes(made) -> int:
    if isinstance(made, Taped):
        return tape_bytes(made.tape)
    return 0 if isinstance(made, int) else sum(a.nbytes for a in made)


#: Shoes of a streamed layout dealt before its sums are made (on the next).
COUNTS_BEFORE_SUMS = 2
#: Streamed layout → its card sequences summed by multiset and line, or the shoes dealt
#: so far where they are not yet made; in the order last asked, the last LAYOUTS_KEPT
#: within SUMS_BYTES.
_SUMS: dict = {}
SUMS_BYTES, LAYOUTS_KEPT = 256 << 20, 64
#: Streamed layouts whose sums are not made: too many, or let go for others' (the last
#: GIVEN_UP_KEPT).
_GIVEN_UP: dict = {}
GIVEN_UP_KEPT = 64
_KEEPING = threading.Lock()


def streams(cost: PlanCost) -> bool:
    """Whether a count planned at ``cost`` is streamed: it will not fit kept, but fits
    streamed (:attr:`~bacc_edge.engine.card_plan.PlanCost.streams`); or it fits, and its
    cells may pass :data:`STREAM_PAST_CELLS`."""
    return cost.streams or (cost.fits and cost.most > STREAM_PAST_CELLS and cost.streamable)


def streamed_or_layout_for(bets: Sequence[Bet], tableau: Tableau = STANDARD, *,
                           shoe: Shoe | None = None,
                           on_note: Callable[[str], None] | None = None,
                           on_progress: Progress | None = None,
                           counted: Shoe | None = None) -> Layout:
    """A :class:`StreamedLayout` of ``bets`` where their card cells stream
    (:func:`streams`; announced to ``on_note`` where it is estimated past
    :data:`~bacc_edge.engine.card_plan.NOTICE_SECONDS` a shoe), else
    :func:`~bacc_edge.analysis.evaluator.layout_for` (which refuses a count that fits
    neither way, before it starts). ``counted``: a shoe the layout will count besides
    ``shoe`` (the fullest), refused before any announcement where it cannot be streamed
    (:func:`~bacc_edge.engine.streamed_count.refuse_suitless`), and before ``shoe`` is
    counted where, its cards removed without their suit, it fits neither way
    (:func:`~bacc_edge.engine.card_table.refuse_suitless_plan`); where it is another,
    finite shoe, the layout is planned on ``counted`` alone where that pays
    (:func:`planned_alone`: its cells then reach only the cards ``counted`` holds)."""
    bets = tuple(bets)
    on_note = _saying_why(on_note, bets, counted or shoe)
    if counted is not None and shoe is not None and counted != shoe and not counted.replacement:
        alone = planned_alone(bets, tableau, full=shoe, shoe=counted, on_note=on_note,
                              on_progress=on_progress,
                              joined=splits(bets) and joinable(counted))
        if alone is not None:
            return alone
    cells = answering_cells(bets, tableau, shoe=shoe)
    if not isinstance(cells, CardLayout) or prod(len(b.events) + 1 for b in bets) > MOST_LINES:
        return layout_for(bets, tableau, shoe=shoe, on_note=on_note, on_progress=on_progress)
    for each in {shoe, counted} - {None}:  # no plan priced for a shoe never counted
        check_shoe_size(each)
    cost = plan_cost(cells.detail, cells.tableau, cells.cards)
    if streams(cost) or _apart(bets, cost, shoe, counted, cells):
        return _streamed(cells, bets, cost, on_note, "", counted)
    if counted is not None:  # before the count of ``shoe`` that finds the cells
        try:
            refuse_suitless_plan(counted, cells)
        except PlanTooLarge as error:
            raise PlanTooLarge(f"{bets_named(bets)}: {error}") from None
    try:
        return layout_for(bets, tableau, shoe=shoe, on_note=on_note, on_progress=on_progress)
    except PlanTooLarge as error:  # refused, or stopped where its cells passed the memory
        if not (cost.fits and cost.streamable):
            if counted is not None:  # no minutes would let it run
                refuse_suitless(counted, cells, bets_named(bets))
            why = not_split(bets)
            raise PlanTooLarge(f"{error}; not counted by ranks and suits apart: {why}"
                               if why else str(error)) from None
        return _streamed(cells, bets, cost, on_note, "its cells passed the memory kept: ",
                         counted)


def _saying_why(on_note: Callable[[str], None] | None, bets: Sequence[Bet],
                shoe: Shoe | None) -> Callable[[str], None] | None:
    """``on_note``, each slow count it hears of followed by why ``bets`` are not counted by
    ranks and suits apart on ``shoe`` instead, where a word or the shoe will not have it
    (a user whose bet is dealt for minutes asks why it was not joined). Why is found
    only where a note is told: it reads every word of the bets."""
    if on_note is None:
        return None

    def told(line: str) -> None:
        why = not_split(bets) or (not_joinable(shoe) if shoe is not None else None)
        on_note(line if why is None else f"{line}; not counted by ranks and suits apart: {why}")

    return told


def _streamed(cells: CardLayout, bets: tuple, cost: PlanCost,
              on_note: Callable[[str], None] | None, why: str,
              counted: Shoe | None) -> StreamedLayout:
    """The :class:`StreamedLayout` of ``bets`` on ``cells``, announced to ``on_note``
    (after ``why``) where it is estimated past NOTICE_SECONDS a shoe; refused first where
    it cannot count ``counted``."""
    if counted is not None:
        refuse_suitless(counted, cells, bets_named(bets))
    layout = StreamedLayout(cells, bets, cost)
    split = counted is not None and layout.joins(counted)
    if counted is not None and not cost.streamable and not split:
        refuse_unsplit(cells, bets, counted)
    later = _shoes_said(layout)
    if on_note is not None and cost.streamed_seconds > NOTICE_SECONDS and later and not split:
        on_note(f"{bets_named(bets)}: {why}counting {cost.describe_streamed()}, {later} "
                f"(estimated)")
    return layout


def _apart(bets: Sequence[Bet], cost: PlanCost, shoe: Shoe | None,
           counted: Shoe | None, cells: CardLayout | None = None) -> bool:
    """Whether ``bets`` are counted by ranks and suits apart
    (:mod:`~bacc_edge.analysis.split_count`), on a layout of their lines alone: where
    their plan will not fit (a shoe that does not allow it is then refused, saying
    why), or where the shoe counted (``counted``, else ``shoe``, the fullest) allows it
    and their kept count is slow, priced past :data:`SLOW_SECONDS` or its cells past
    :data:`SLOW_CELLS`: on whole decks always, on another shoe while its joins cost less
    than keeping (:func:`_renting`, of their ``cells`` in this process; without
    ``cells``, a question asked of the next count: joined)."""
    if shoe is None or not splits(bets):
        return False
    if not cost.fits:
        return True
    shoe = counted or shoe
    if not joinable(shoe):
        return False
    slow = cost.seconds > SLOW_SECONDS or cost.most > SLOW_CELLS
    if suit_copies(shoe) is not None:
        return slow
    return slow and (cells is None or _renting(cells, cost))


#: A bet's kept count is slow past these seconds, or where its cells may pass these many:
#: its words split, it is counted by ranks and suits apart instead. A join of whole
#: decks takes a fraction of a second (its sides' sequences kept on disk), where a kept
#: count priced at 1 to 3 s took 2 to 5 s of CPU (random bets 84 and 183 of the
#: benchmark, their first count), and one priced at 0.4 s, of up to 20 million cells,
#: 2.3 s (bet 54: the plan prices the cards dealt, not the cells sorted). Every shipped
#: bet is kept (at most 0.3 s and 211,739 cells: Lucky 8). A join of another shoe takes
#: 0.2 to 3 s: there :func:`_renting` weighs it against keeping.
SLOW_SECONDS, SLOW_CELLS = 0.5, 2_000_000


#: The card layouts of slow bets (fitting kept) counted by ranks and suits apart on shoes
#: other than whole decks in this process (:func:`_renting`), with the seconds of CPU
#: those joins took and how many they were; at most RENTED_KEPT of them, those asked
#: least lately let go.
_RENTED: dict[CardLayout, tuple[float, int]] = {}
RENTED_KEPT = 64
_RENTING = threading.Lock()
#: A slow bet's cells are kept once its joins have cost this share of the count that
#: keeps them, where a later shoe kept costs less than a join (:func:`_renting`).
KEPT_AFTER_SHARE = 0.1


def _renting(cells: CardLayout, cost: PlanCost) -> bool:
    """Whether a slow bet's shoe (not whole decks) is counted by ranks and suits apart,
    rather than on its kept ``cells`` (planned at ``cost``). Apart, every such shoe
    takes 0.2 to 3 s (the shoe is not held alike by suit: its join is summed over the
    ways the dealt cards can share a suit); kept, the first count takes the plan's
    estimate, and every later shoe a replay of its record
    (:mod:`~bacc_edge.engine.card_replay`) where one is kept, else a count again (random
    bets 84 and 141 of the benchmark: 3 to 10 s a shoe kept, 0.3 to 0.4 s joined). The
    first shoe is joined, and its join timed. Joined on, every shoe, where the joins take
    less than a later shoe kept would (:attr:`~bacc_edge.engine.card_plan.PlanCost.
    replay_seconds`, or the count's); else, as one rents skis before buying them, until
    the joins have cost KEPT_AFTER_SHARE of the kept count (its estimate), then kept: a
    report of one shoe takes the quicker count, a run over many shoes the slow one once,
    when the joins would soon have cost more."""
    with _RENTING:
        spent, joins = _RENTED.pop(cells, (0.0, 0))
        _RENTED[cells] = (spent, joins)
        while len(_RENTED) > RENTED_KEPT:
            del _RENTED[next(iter(_RENTED))]
    if not joins:
        return True
    later = cost.replay_seconds if cost.record else cost.seconds
    return spent / joins < later or spent < KEPT_AFTER_SHARE * cost.seconds


def _joined(cells: CardLayout, seconds: float) -> None:
    """Note that a join of ``cells`` (a slow bet's, see :func:`_renting`) took
    ``seconds`` of CPU."""
    with _RENTING:
        if cells in _RENTED:
            spent, joins = _RENTED[cells]
            _RENTED[cells] = (spent + seconds, joins + 1)


def forget_rented() -> None:
    """Forget which slow bets were counted apart on a shoe other than whole decks
    (:func:`_renting`): the next such shoe of each is counted apart again."""
    with _RENTING:
        _RENTED.clear()


def refuse_unsplit(cells: CardLayout, bets: Sequence[Bet], shoe: Shoe) -> None:
    """Refuse (:class:`~bacc_edge.errors.PlanTooLarge`, the plan's reason) to count
    ``shoe`` on ``cells``, a plan that fits neither kept nor streamed, not counted by
    ranks and suits apart: the shoe does not allow it (:func:`not_joinable`), or the
    answers of the bets' words were too many to join."""
    try:
        check_plan(cells, bets_named(bets))
    except PlanTooLarge as error:
        why = not_joinable(shoe)
        raise PlanTooLarge(
            f"{error}; " + ("its words' answers were too many to count it by ranks and "
                            "suits apart" if why is None else
                            f"not counted by ranks and suits apart: {why}")) from None


def _shoes_said(layout: StreamedLayout) -> str | None:
    """What the next shoe of ``layout`` costs beside a count (:func:`_weighed`): None
    where its sums are kept (the shoe weighed in a moment, no count)."""
    with _KEEPING:
        made = _SUMS.get(layout, 0)
        given_up = layout in _GIVEN_UP
    summable_ = summable(layout.fine)
    taped = isinstance(made, Taped) or isinstance(made, int) and _taped(layout)
    if given_up or not (taped or summable_):
        return "every shoe dealt again"
    if taped:
        counted = made if isinstance(made, int) else made.counted
        shoe = ("this shoe dealt, making a tape of the line each card sequence settles in, so "
                "that later shoes are dealt again settling none (two to five times as fast)"
                if isinstance(made, int) else
                "this shoe dealt again from the tape of the line each card sequence settles in "
                "(made on the first), settling none")
        if counted < 0 or not summable_:
            return shoe + ("" if counted >= 0 else "; its card sequences too many to sum by "
                           "multiset")
        if counted < COUNTS_BEFORE_SUMS:
            return (f"{shoe}; from shoe {COUNTS_BEFORE_SUMS + 1} on its card sequences summed "
                    f"by multiset where they fit, each shoe then weighed in a moment")
        return ("its card sequences summed by multiset on this shoe where they fit (some "
                "three times as long, this once), each later shoe then weighed from the sums "
                "in a moment; else this shoe and the later ones dealt again from the tape")
    if not isinstance(made, int):
        return None
    if made < COUNTS_BEFORE_SUMS:
        return (f"its first {COUNTS_BEFORE_SUMS} shoes dealt in full, then its card "
                f"sequences summed by multiset on the next (some three times as long) and "
                f"each later shoe weighed from the sums in a moment, where they fit")
    return ("its card sequences summed by multiset on this shoe (some three times as long, "
            "this once), each later shoe then weighed from the sums in a moment")


#: How many times fewer card sequences a plan on the counted shoe alone must deal than the
#: plan on the full shoe that holds it, to be chosen over it (:func:`planned_alone`): a
#: part-dealt shoe holds about every kind of card its decks do, and plans as they plan.
FAR_FEWER = 4


def planned_alone(bets: Sequence[Bet], tableau: Tableau, *, full: Shoe, shoe: Shoe,
                  on_note: Callable[[str], None] | None = None,
                  on_progress: Progress | None = None,
                  joined: bool = False) -> Layout | None:
    """The layout of ``bets`` planned on the kinds of card ``shoe`` alone holds, where
    their plan on ``full`` (the decks that hold it) is slow (estimated past
    :data:`~bacc_edge.engine.card_plan.NOTICE_SECONDS`), streams or is refused: None
    unless the plan on ``shoe`` keeps its cells and deals :data:`FAR_FEWER` times fewer
    card sequences. A custom shoe of a few cards then counts in seconds; planned for the
    deck holding it, its 52 kinds of card, a rich bet took minutes or was refused. Its
    events can be judged on ``shoe`` alone: its cells need not reach ``full``'s. A
    shoe built from rank counts is refused for a bet on suits first, before any plan's
    size is told. ``joined``: ``bets`` may be counted on ``shoe`` by ranks and suits
    apart (in seconds), so a plan of their own cards is chosen only where it is quick
    too (within NOTICE_SECONDS): a bet on one deck less 14 cards, planned alone, was
    counted on its own cards twice, 10.5 s each, where the join took 5 s. ``on_note``,
    ``on_progress``: as :func:`~bacc_edge.analysis.evaluator.layout_for` takes them."""
    cells = answering_cells(bets, tableau, shoe=shoe)
    if not cells.reads_cards:
        return None  # on points and pairs: judged on the full shoe
    check_shoe(shoe, cells)
    wide_cost = _cost(bets, tableau, full)
    if _quick(wide_cost):
        return None  # quick on the full shoe: judged there
    cost = plan_cost(cells.detail, cells.tableau, cells.cards)
    if (not _quick(cost, any_time=not joined)
            or cost.sequences * FAR_FEWER > wide_cost.sequences):
        return None
    try:
        return layout_for(bets, tableau, shoe=shoe, on_note=on_note, on_progress=on_progress)
    except PlanTooLarge:  # its count stopped where its cells passed the memory
        return None


def counts_quickly(bets: Sequence[Bet], tableau: Tableau, shoe: Shoe) -> bool:
    """Whether ``bets`` are counted on ``shoe`` within
    :data:`~bacc_edge.engine.card_plan.NOTICE_SECONDS`, their cells kept (on points and
    pairs: always), or by ranks and suits apart (:func:`_apart`)."""
    cost = _cost(bets, tableau, shoe)
    return cost is None or _quick(cost) or _apart(bets, cost, shoe, shoe)


def _cost(bets: Sequence[Bet], tableau: Tableau, shoe: Shoe) -> PlanCost | None:
    """The plan of ``bets``' card cells on ``shoe``; None for bets on points and pairs."""
    cells = answering_cells(bets, tableau, shoe=shoe)
    return plan_cost(cells.detail, cells.tableau, cells.cards) if cells.reads_cards else None


def _quick(cost: PlanCost, any_time: bool = False) -> bool:
    """Whether a count planned at ``cost`` keeps its cells, within
    :data:`~bacc_edge.engine.card_plan.NOTICE_SECONDS` (with ``any_time``: within the
    time any count may take)."""
    return cost.fits and not streams(cost) and (any_time or cost.seconds <= NOTICE_SECONDS)


__all__ = ["APART", "CARD_CELLS", "COUNTS_BEFORE_SUMS", "FAR_FEWER", "GIVEN_UP_KEPT",
           "KEPT_AFTER_SHARE", "LAYOUTS_KEPT", "MOST_LINES", "OUTCOME_CELLS", "RENTED_KEPT",
           "STREAMED", "STREAM_PAST_CELLS", "SUMS_BYTES", "StreamedLayout", "Taped",
           "counts_quickly", "forget_rented", "how_counted", "planned_alone",
           "streamed_or_layout_for", "streamed_table", "streams"]
