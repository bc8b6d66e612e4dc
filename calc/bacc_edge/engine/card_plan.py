"""The plan of a card-level count, priced before it starts: how many card sequences the
kernel will deal and how many cells it will fill, so how long and how much memory it
will take. A count that will not fit (:data:`TIME_LIMIT`, and
:data:`~bacc_edge.engine.card_enumeration.MEMORY_LIMIT`) is refused before it starts,
with the reason; one whose cells cannot be told before it runs is stopped where they
pass the memory a count may take (:data:`~bacc_edge.engine.card_enumeration.SPARSE_CELLS`),
never left to exhaust the machine.

A card layout (:class:`~bacc_edge.engine.card_table.CardLayout`) is counted by dealing,
for every coup of point values (:func:`~bacc_edge.engine.card_enumeration.enumeration`),
every fine class its fine cards can be (:func:`~bacc_edge.engine.card_kernels.count_cells`),
each position only as finely as its own code reads it: a fine card whose suit or colour
is read as its base and suit class, one whose suit is not read as its base only (dealt
after the others, from its base's cards less theirs). Its time is the number of those
*sequences*, Σ over coups of Π over fine cards of the classes (or bases) of their
value, fewer where a block's cards of one value are dealt in one order
only (a multiset: C(k + g - 1, g) for g cards of k classes) or suits are named in order
of appearance (one naming of each sequence's suits: Σ_{j <= m} S(n, j) of m**n for n
fine cards of m suit classes). Its memory is the more of its first count and its
cells kept. The first count holds a count per cell number (an array where they are at
most :data:`~bacc_edge.engine.card_enumeration.DENSE_CELLS`, else the cells reached as
sorted arrays, a buffer of leaves merged into them as it fills:
:mod:`~bacc_edge.engine.spill`); a later shoe of the layout is counted into an array of
the cells known, 8 bytes a cell, where the cells are many, and by re-weighing a record of
the sequences the layout deals where that is priced faster than a count
(:mod:`~bacc_edge.engine.card_replay`: some bytes a sequence, kept beside the cells,
:attr:`PlanCost.record`). The cells kept are what each
cell keeps (:data:`~bacc_edge.engine.card_enumeration.KEPT_BYTES`: its number, settle
class, its count on each shoe) and the features the bets' conditions read cell by cell,
made for at most :data:`~bacc_edge.engine.card_enumeration.PART_CELLS` cells at a time
(:meth:`~bacc_edge.engine.card_table.CardLayout.parts`). A coup reaches every cell its
codes can make (on a shoe with enough of every card), so the cells reached are at least,
for each part of the coup read, the most any one of its coups reaches, and at most their
sum; their sum itself where every card's code tells its point value (the coups, folded
where they deal alike, then reach cells apart). The figures are estimates: bounds on the
cells, and the bench machine's pace per sequence and bytes per cell.

A count whose cells will not fit kept, but whose dealing and the settling of each cell
reached fit the time (:attr:`PlanCost.streams`), is *streamed* where a report asks
(:mod:`~bacc_edge.analysis.streamed_count`): its cells settled through the bets as the
spill buffer hands them on, none kept, so its memory is the buffer's and its shoes are
dealt again until its card sequences are summed for the later ones
(:meth:`PlanCost.describe_streamed` prices it before it starts).

Where no card's code reads its rank or value (the cells read suits or colours, and
parts of the coup), a count takes fewer steps than its sequences, and is priced so
(:attr:`PlanCost.stages`): it is made in stages (:mod:`~bacc_edge.engine.suit_stages`,
about 10**8 steps for four suit classes, on any shoe), and on a shoe that holds as many
cards of several point values, suit class by suit class (a full shoe), the coups that
differ only by those values are dealt once
(:func:`~bacc_edge.engine.card_enumeration.value_folded`; not priced: the plan holds for
every shoe of the layout's cards). Where the coups deal far more sequences than their
groups of coups alike do (the same fine cards' values and the same part of the cell
number: :mod:`~bacc_edge.engine.coup_groups`), a count is made a group at a time, and
priced so (:attr:`PlanCost.grouped`): each coup weighed (:data:`SECONDS_PER_COUP`), then
the groups' sequences, Σ over groups of Π over their fine cards as above. What the plan
still prices high, and why (see the speed page): a rank read on one card is read on
every fine card (a card whose suit alone is read is still dealt as each rank of its
value), and a suit on one is read as
finely on every card whose suit is read (the suit classes,
:attr:`~bacc_edge.engine.card_table.CardDetail.suit_classes`, tell apart the suits a bet
names and the colours where it reads one: ♥ named on one card deals every suited card
as ♥ or not, but ♥ beside a colour as ♥, ♦ or black, and suits compared with each other
in all four); naming any suit or colour stops the suits being renamed everywhere; the
cells themselves (a bet that reads ranks at six positions reaches hundreds of millions
of cells, past the memory, whatever the sequences; past some 11 million cells, what
each cell keeps, KEPT_BYTES, passes it even with its features read a part at a time);
the coup is kept as both hands' points where a bet may need only the winner or
nothing; and conditions are closures the engine cannot look into, so a bet's events
share no work.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from math import ceil, comb, factorial

import numpy as np

from ..errors import PlanTooLarge
from ..game.cards import SUITS_PER_RANK
from ..game.coup import POSITIONS
from .card_cells import cell_numbering
from .suit_stages import staged, staged_steps
from .card_enumeration import (ABSENT, CELL_BYTES, COUP_STEPS, DENSE_CELLS, MEMORY_LIMIT,
                               PART_CELLS, SPARSE_CELLS, SPILLED_BYTES, cells_memory,
                               coup_groups, enumeration, grouped_steps, shoe_counts)
from .card_replay import kept_beside, record_bytes
from .count_threads import count_threads
from ..util.environment import COUNT_MINUTES, minutes_setting
from .spill import SPILL_BYTES

#: The longest a count may take unless ``BACC_EDGE_COUNT_MINUTES`` says otherwise
#: (:func:`time_limit`), seconds of CPU (estimated): a plan past it is refused.
TIME_LIMIT = 600.0
#: A count estimated to take longer than this, seconds, is announced before it starts.
NOTICE_SECONDS = 3.0
#: Seconds per card sequence dealt into an array of counts, and spilled (its cells too
#: many for an array: :mod:`~bacc_edge.engine.spill`), measured on the bench's machine
#: (CPU, warm kernels, random bets of seed 1 with a kept plan). Into an array: 35-55 ns
#: on most bets (92: 909 ms for 2.6e7 sequences, idle), 100-250 ns where blocks are
#: sorted or suits renamed. Spilled: on two part-dealt 8-deck shoes each (6-300 cards
#: removed, one other process running; report's CPU, settling included), 76-139 ns
#: (median 122) on bets 26, 44, 99, 103, 110 (5.1e7-3.9e8 sequences; the full 8-deck
#: shoe, 43-124: faster, not priced); 150 ns priced them 1.1-2 times
#: long once the buffer was sorted by radix (it was 120-240 ns into a numba dict). 15
#: and 60 ns, measured on Red Rush when it was counted so, priced the random bets'
#: counts two to six times short: the announced seconds, and the ten minutes a count
#: may take.
SECONDS_PER_SEQUENCE = {False: 40e-9, True: 120e-9}
#: Seconds per step of a count made in stages (:mod:`~bacc_edge.engine.suit_stages`;
#: measured on the bench's machine: Red Rush, 0.25 s for 1.0e8 steps).
SECONDS_PER_STEP = 2.5e-9
#: Seconds per coup weighed into its group, where a count is made a group of coups at a
#: time (:mod:`~bacc_edge.engine.coup_groups`).
SECONDS_PER_COUP = COUP_STEPS * SECONDS_PER_SEQUENCE[False]
#: Seconds per leaf of a record re-weighed to count a later shoe
#: (:mod:`~bacc_edge.engine.card_replay`), on the scale of SECONDS_PER_SEQUENCE: measured
#: beside counts into an array, the same shoes (CPU, one part-dealt 8-deck shoe), the
#: replay took 0.58-0.78 of their time (random bets 13, 18, 83, 92: 263 ms against 357,
#: 58 against 74, 421 against 723, 608 against 909), each leaf some 20-45 ns; bisected
#: counts into the cells known took 250-330 ns a sequence (bets 1, 12, 34, 46, 176).
#: (10 ns on the 15-ns scale the sequences were once priced on; 25 on today's 40.)
SECONDS_PER_LEAF = 25e-9

#: Seconds per card sequence and prime of a count modulo primes (a shoe with cards removed
#: without their suit: :func:`~bacc_edge.engine.card_table.card_table`), beside each
#: sequence's own SECONDS_PER_SEQUENCE (into an array), measured on the bench's machine:
#: Red Rush on 8 decks less 5 5 K, 1.28e9 sequences, 4 primes, 96 s of CPU (75 ns a
#: sequence); a flush bet, 9.6e5 sequences, 3 primes, 0.19-0.22 s (some of it the
#: count's set-up). Priced at 20 ns a sequence and prime alone, one prime's count of
#: 2.0e10 sequences was announced at 6.6 minutes and ran past 8 (issue 31's tester).
SECONDS_PER_RESIDUE = 9e-9
#: Seconds per cell to add a shoe's counts, weighed, into the sum over the shoes the cards
#: removed without a suit could have left (:mod:`~bacc_edge.engine.suit_spread`: Python
#: integers).
SECONDS_PER_SPREAD_CELL = 1e-7

#: Seconds of CPU per card sequence of a streamed count whose cells are spilled, and per
#: cell it reaches, settled through its bets as it comes
#: (:mod:`~bacc_edge.engine.streamed_count`: the buffer handed on unsorted, not merged
#: as a kept count's is; each cell's number decoded, the features its bets read made,
#: their conditions tested, its weight summed into its line). Measured on the bench's
#: machine (report's CPU, the full 8-deck shoe and two part-dealt ones each, one other
#: process running): 90-140 ns a sequence with its cell, on random bets of seed 1
#: 4, 6, 20, 24, 41, 49, 60, 63, 107, 116 (1.3e7-1.6e8 sequences, as many cells: 1.5 to
#: 22.5 s a shoe); bet 24 on a part-dealt shoe, profiled: 5.5 s dealing its 1.1e8
#: sequences, 3.7 s settling. Priced at 60 + 60 ns, their shoes take 0.8-1.3 times the
#: price. (Priced at a kept count's spilled pace and 0.2 µs a cell settled, measured
#: before the cells were read in one compiled pass, they took 0.27-0.45 of it: the
#: refusals of counts past ten minutes streamed were of counts of three to four.)
SECONDS_PER_STREAMED_SEQUENCE = 60e-9
SECONDS_PER_STREAMED_CELL = 60e-9

#: What each part of the coup a layout reads is, in words.
PART_WORDS = {"pp": "the player's points", "bp": "the banker's points",
              "pt": "the player's two-card total", "bt": "the banker's two-card total",
              "x": "the player's third card", "y": "the banker's third card",
              "dp": "whether the player drew", "db": "whether the banker drew"}


def time_limit() -> float:
    """The longest a count may take, seconds of CPU (estimated): the minutes of
    ``BACC_EDGE_COUNT_MINUTES`` (:mod:`~bacc_edge.util.environment`) where it is set,
    else :data:`TIME_LIMIT`. A user who will wait longer for a bet the plan refuses as
    too long says so there; the memory a count may take stays as it is."""
    return 60.0 * minutes_setting(COUNT_MINUTES, TIME_LIMIT / 60)


def _allowed_by(seconds: float) -> str:
    """What lets a count estimated at ``seconds`` run: "; BACC_EDGE_COUNT_MINUTES=40
    lets it run"."""
    return f"; {COUNT_MINUTES}={max(1, ceil(seconds / 60))} lets it run"


def _stirling(n: int) -> list[list[int]]:
    """S[k][j] for k <= n: the ways to split k cards into j non-empty sets of one suit."""
    out = [[1]]
    for k in range(1, n + 1):
        out.append([0] + [j * (out[-1][j] if j < k else 0) + out[-1][j - 1]
                          for j in range(1, k + 1)])
    return out


#: STIRLING[n][j]: the ways to split n cards into j non-empty sets of one suit.
STIRLING = _stirling(len(POSITIONS))
assert ABSENT == -1  # _possible looks a coup's values up with ABSENT last


@dataclass(frozen=True)
class PlanCost:
    """What counting a card layout once will cost, estimated (see the module).

    Attributes
    ----------
    sequences : float
        Card sequences the kernel deals, per count.
    cell_numbers : int
        The cell numbers of the layout's numbering.
    least, most : float
        The fewest and the most cells a count of a full shoe reaches.
    sparse : bool
        Whether the counts are kept in a dict (too many cell numbers for an array).
    why : str
        What makes it large, in words.
    stages : float
        The steps of the count made in stages where it is
        (:mod:`~bacc_edge.engine.suit_stages`: fewer than the sequences), else 0.
    grouped : float
        The card sequences of the count made a group of coups at a time where it is
        (:mod:`~bacc_edge.engine.coup_groups`: fewer steps than the sequences), else 0.
    weighed : int
        The coups weighed into their groups there, else 0.
    record : float
        The bytes of the record of its sequences kept to count later shoes
        (:mod:`~bacc_edge.engine.card_replay`), at its peak, 0 where none is made (a
        replay priced no faster than a count: :func:`_record`); made only where it fits
        beside the cells reached.
    """

    sequences: float
    cell_numbers: int
    least: float
    most: float
    sparse: bool
    why: str
    stages: float = 0.0
    grouped: float = 0.0
    weighed: int = 0
    record: float = 0.0

    @property
    def replay_seconds(self) -> float:
        """Seconds of CPU a later shoe takes replayed from the record
        (:mod:`~bacc_edge.engine.card_replay`): each sequence a leaf (each group's,
        where counted a group of coups at a time), and each coup weighed into its
        group as a count in groups weighs it."""
        return ((self.grouped if self.weighed else self.sequences) * SECONDS_PER_LEAF
                + self.weighed * SECONDS_PER_COUP)

    @property
    def seconds(self) -> float:
        """Seconds of CPU a count takes on the bench's machine."""
        return self._dealing(SECONDS_PER_SEQUENCE[self.sparse])

    def _dealing(self, per_sequence: float) -> float:
        """Seconds of CPU the count's dealing takes, ``per_sequence`` a card sequence
        dealt (in stages and a group of coups at a time, as those are priced)."""
        if self.stages:
            return self.stages * SECONDS_PER_STEP
        if self.weighed:
            return self.weighed * SECONDS_PER_COUP + self.grouped * per_sequence
        return self.sequences * per_sequence

    @property
    def threads(self) -> int:
        """Threads a count deals on (:func:`~bacc_edge.engine.count_threads.count_threads`):
        each its own array of counts where the cell numbers are few enough for one, else
        its own spill buffer (the cells kept once); one where it is made in stages. Its
        time on the clock is about :attr:`seconds` over these (measured: 1.9-2.0 times
        faster on 2 threads); the prices stay in seconds of CPU, the same on every
        machine."""
        if self.stages:
            return 1
        if self.sparse:  # each thread a buffer of its own, the cells kept once
            return count_threads(self._steps, SPILL_BYTES)
        return count_threads(self._steps, 8 * self.cell_numbers, summed=True)

    @property
    def _steps(self) -> float:
        """The sequences the count deals (a group of coups at a time, the groups')."""
        return self.grouped if self.weighed else self.sequences

    @property
    def streamed_threads(self) -> int:
        """Threads a streamed count deals on, each with a buffer of its own and the
        features of a batch settled (or an array of counts, as :attr:`threads`)."""
        if not self.sparse:
            return self.threads
        return count_threads(self._steps, SPILL_BYTES + CELL_BYTES * PART_CELLS)

    def memory(self, cells: float) -> float:
        """Bytes a count takes if it reaches ``cells`` cells: the more of its count (the
        counts of every cell number; or the cells reached, spilled, and the buffer:
        :data:`~bacc_edge.engine.card_enumeration.SPILLED_BYTES` and
        :data:`~bacc_edge.engine.spill.SPILL_BYTES`; and the cells read off them) and
        its cells settled (:func:`~bacc_edge.engine.card_enumeration.cells_memory`) with
        the record kept beside them where it fits (:attr:`record`,
        :func:`~bacc_edge.engine.card_replay.kept_beside`): the count is freed before the
        cells are settled."""
        counts = (SPILLED_BYTES * cells + SPILL_BYTES if self.sparse
                  else 8.0 * self.cell_numbers)
        return max(counts + 16.0 * cells, cells_memory(cells) + kept_beside(self.record, cells))

    @property
    def fits(self) -> bool:
        """Whether the count may start: within the time, and its fewest cells within the
        memory, a count may take (past its most, it is stopped where they pass)."""
        return self.seconds <= time_limit() and self.fits_memory

    @property
    def fits_memory(self) -> bool:
        """Whether its fewest cells fit in the memory a count may take."""
        return (self.memory(self.least) <= MEMORY_LIMIT
                and not (self.sparse and self.least > SPARSE_CELLS))

    @property
    def streamed_seconds(self) -> float:
        """Seconds of CPU a streamed count takes (:mod:`~bacc_edge.engine.streamed_count`),
        on every shoe: its dealing (spilled and handed on,
        :data:`SECONDS_PER_STREAMED_SEQUENCE`; into an array, as a count), and each cell
        it reaches settled through the bets as it comes
        (:data:`SECONDS_PER_STREAMED_CELL`, the most cells)."""
        dealing = (self._dealing(SECONDS_PER_STREAMED_SEQUENCE) if self.sparse
                   else self.seconds)
        return dealing + SECONDS_PER_STREAMED_CELL * self.most

    @property
    def streamed_memory(self) -> float:
        """Bytes a streamed count takes: its counts (the spill buffer,
        :data:`~bacc_edge.engine.spill.SPILL_BYTES`, or an array of every cell number)
        and the features of the cells of a batch settled at once."""
        counts = SPILL_BYTES if self.sparse else 8.0 * self.cell_numbers
        return counts + CELL_BYTES * PART_CELLS

    @property
    def streamable(self) -> bool:
        """Whether the count fits streamed: its cells settled through the bets as they
        come and none kept, within the memory and the time a count may take
        (:attr:`streamed_memory`, :attr:`streamed_seconds`)."""
        return self.streamed_memory <= MEMORY_LIMIT and self.streamed_seconds <= time_limit()

    @property
    def streams(self) -> bool:
        """Whether a count that will not fit kept is streamed instead
        (:attr:`streamable`)."""
        return not self.fits and self.streamable

    def _dealt(self) -> str:
        """E.g. "about 1.4e+09 card sequences dealt into 6,400 cells"."""
        cells = (f"{self.least:,.0f}" if self.least == self.most else
                 f"{self.least:.1e} to {self.most:.1e}")
        dealt = (f"about {self.stages:.1e} steps in stages" if self.stages else
                 f"about {self.grouped:.1e} card sequences dealt in groups of coups"
                 if self.weighed else f"about {self.sequences:.1e} card sequences dealt")
        return f"{dealt} into {cells} cells"

    def describe(self) -> str:
        """E.g. "about 1.4e+09 card sequences into 6,400 cells or fewer: 2 MB of memory
        and 21 s a count"."""
        return (f"{self._dealt()}: "
                f"{_bytes(self.memory(self.least))}"
                + (f" to {_bytes(self.memory(self.most))}" if self.most > self.least else "")
                + f" of memory and {describe_seconds(self.seconds)} a count")

    def describe_streamed(self) -> str:
        """E.g. "about 4.5e+07 card sequences dealt into 44,793,027 cells, streamed
        through the bets (settled as they come, none kept): 190 MB of memory and 47.5 s
        a shoe" (the caller says which shoes are dealt again)."""
        return (f"{self._dealt()}, streamed through the bets (settled as they come, none "
                f"kept): {_bytes(self.streamed_memory)} of memory and "
                f"{describe_seconds(self.streamed_seconds)} a shoe")


def _bytes(n: float) -> str:
    return f"{n / (1 << 30):,.1f} GB" if n >= 1 << 30 else f"{n / (1 << 20):,.0f} MB"


def describe_seconds(s: float) -> str:
    """Seconds in words: "21.5 s", "1.7 minutes", "2.3 hours"."""
    if s >= 3600:
        return f"{s / 3600:,.1f} hours"
    return f"{s / 60:,.1f} minutes" if s >= 120 else f"{s:,.1f} s"


@lru_cache(maxsize=16)
def plan_cost(detail, tableau, cards: tuple) -> PlanCost:
    """The cost of counting the card layout of ``detail`` under ``tableau`` once, for
    shoes holding only ``cards`` (rank · 4 + suit; see
    :func:`~bacc_edge.engine.card_table.cards_held`). Kept for the last few."""
    cells, block_stride = enumeration(detail, tableau)
    numbering = cell_numbering(detail)
    per_key = numbering.size // int(np.prod(numbering.part_radix, dtype=np.int64))
    _, key = np.unique(cells.coup_key, return_inverse=True)
    key = key.reshape(-1)
    held = _held(detail, cells, cards)
    dealt = _sequences(detail, cells, held, block_stride is not None)
    reached = _codes(detail, cells, held)
    if detail.relabel:  # each cell stands for up to m! namings of the suits
        reached = np.maximum(reached / factorial(detail.n_suit_classes), 1.0)
    reached = np.minimum(reached, dealt)
    most = np.minimum(np.bincount(key, reached), per_key)
    if all(numbering.base_radix[p] > 1 for p in range(len(POSITIONS))
           if detail.coup or detail.reads[p]):
        least = most  # every card's code tells its value: the coups' cells are apart
    else:
        least = np.zeros(len(most))
        np.maximum.at(least, key, reached)
    steps = staged_steps(detail)
    stages = steps if (staged(detail) and numbering.size <= DENSE_CELLS
                       and dealt.sum() > steps) else 0.0
    grouped, weighed = (0.0, 0) if stages else _grouped(detail, tableau, held, dealt.sum())
    cost = PlanCost(float(dealt.sum()), numbering.size, float(least.sum()),
                    float(most.sum()), numbering.size > DENSE_CELLS, _why(detail), stages,
                    grouped, weighed)
    return replace(cost, record=_record(detail, tableau, cells, cost))


def _record(detail, tableau, cells, cost: PlanCost) -> float:
    """The bytes of the record kept to count later shoes
    (:func:`~bacc_edge.engine.card_replay.record_bytes`) where a replay takes less time
    than a count: always where the cells are too many for an array (a count bisects the
    cells known for each sequence); where they are few, wherever the count (sequence by
    sequence, in groups or in stages) is priced longer than the replay
    (:attr:`PlanCost.replay_seconds`). A count made a group of coups at a time is
    recorded so, its groups' leaves, each group weighed again on each shoe. Else 0, none
    made; also where suits are renamed in order of appearance and the cells fit an array
    (no bisection to save: a replay sums each leaf's namings as the count does)."""
    if (not cost.sparse and cost.replay_seconds >= cost.seconds
            or detail.relabel and not cost.sparse):
        return 0.0
    if cost.weighed:  # its leaves are those of the groups of coups alike
        return record_bytes(detail, coup_groups(detail, tableau).cells, cost.grouped,
                            cost.least, 0 if cost.sparse else cost.cell_numbers)
    return record_bytes(detail, cells, cost.sequences, cost.least,
                        0 if cost.sparse else cost.cell_numbers)


@lru_cache(maxsize=16)
def residue_sequences(detail, tableau, cards: tuple, relabel: int, *,
                      residues: bool = True) -> float:
    """The card sequences a count modulo primes deals (a shoe with cards removed without
    their suit, :func:`~bacc_edge.engine.card_table.card_table`), for shoes holding only
    ``cards``, its suits named as ``relabel`` says
    (:func:`~bacc_edge.engine.card_enumeration.relabelling`): every fine card dealt with
    its suit class, the coups neither folded, grouped nor counted in stages. Not
    ``residues``: as a count of a shoe of known suits deals them, so named (a shoe not
    symmetric in its suits deals every naming of a renamed layout's: many more than the
    plan prices on the full shoe, which deals one)."""
    cells, block_stride = enumeration(detail, tableau)
    held = _held(detail, cells, cards)
    return float(_sequences(detail, cells, held, block_stride is not None, relabel,
                            residues).sum())


def _grouped(detail, tableau, held: dict, sequences: float) -> tuple[float, int]:
    """The card sequences dealt and the coups weighed where a count of ``sequences`` is
    made a group of coups at a time
    (:func:`~bacc_edge.engine.card_enumeration.grouped_steps`), else (0, 0)."""
    if not grouped_steps(detail, tableau, sequences):
        return 0.0, 0
    groups = coup_groups(detail, tableau)
    return float(_sequences(detail, groups.cells, held, False).sum()), len(groups.group)


def _held(detail, cells, cards: tuple) -> dict[str, np.ndarray]:
    """What the cards held are, per point value: their fine classes (``classes``), their
    bases of any suit (``bases``), their suit classes of any base (``suits``), and
    whether any is held (``value``)."""
    m = detail.n_suit_classes
    fine = shoe_counts(detail, np.array(cards, dtype=np.int64).reshape(
        len(cards) // SUITS_PER_RANK, SUITS_PER_RANK))[0].reshape(-1, m) > 0
    out = {name: np.zeros(len(cells.n_bases)) for name in ("classes", "bases", "suits")}
    for v, n in enumerate(cells.n_bases):
        of_value = fine[cells.bases[v, :n]]
        out["classes"][v] = of_value.sum()
        out["bases"][v] = of_value.any(axis=1).sum()
        out["suits"][v] = of_value.any(axis=0).sum()
    out["value"] = out["classes"] > 0
    return out


def _sequences(detail, cells, held: dict, blocked: bool, relabel: int = -1,
               suited_all: bool = False) -> np.ndarray:
    """Per coup of ``cells`` (the kernel's inputs), the card sequences dealt for it:
    where ``relabel`` is -1, as a shoe symmetric in its suit classes deals them; else as
    :func:`~bacc_edge.engine.card_enumeration.relabelling` says the shoe does (2: every
    naming dealt). ``suited_all``: every fine card dealt with its suit class, as a count
    modulo primes deals it."""
    m = detail.n_suit_classes
    coups = cells.coups
    fine = np.asarray(cells.fine, dtype=bool)
    suited = np.asarray(cells.suited, dtype=bool) | suited_all
    relabel = int(detail.relabel) if relabel < 0 else relabel
    ordered = blocked and not relabel  # a block's cards of one value in one order
    out = _possible(coups, held)
    for block in detail.blocks:
        at = [p for p in block if fine[p]]
        if at:  # a suited card as any fine class of its value, another as any base
            options = held["classes"] if suited[at[0]] else held["bases"]
            out *= _block_ways(coups[:, at], options, ordered and len(block) > 1)
    if relabel == 1:  # one naming of the suits of each sequence
        n = (coups[:, suited] != ABSENT).sum(axis=1)
        share = np.array([sum(STIRLING[k][:m + 1]) / m ** k for k in range(len(POSITIONS) + 1)])
        out *= share[n]
    return out


def _block_ways(values: np.ndarray, ways: np.ndarray, multisets: bool) -> np.ndarray:
    """Per row of ``values`` (the point values of some cards, ABSENT: none), the ways to
    give each card one of ``ways[v]`` things, v its value: in order (a product), or, with
    ``multisets``, as one multiset per value (C(k + g - 1, g) for g cards of k things)."""
    present = values != ABSENT
    value = np.maximum(values, 0)
    if not multisets:
        return np.where(present, ways[value], 1.0).prod(axis=1)
    rows = np.arange(len(values))
    counts = np.zeros((len(values), len(ways)), dtype=np.int64)
    for j in range(values.shape[1]):  # one card a row per column: no index repeats
        counts[rows, value[:, j]] += present[:, j]
    out = np.ones(len(values))
    for v, k in enumerate(ways):
        out *= _multisets(k, values.shape[1])[counts[:, v]]
    return out


def _possible(coups: np.ndarray, held: dict) -> np.ndarray:
    """1 for a coup whose every card's value is held, else 0: looked up per value, no
    card (ABSENT, -1: the last entry) held."""
    return np.append(held["value"], True)[coups].all(axis=1).astype(np.float64)


def _multisets(k: float, most: int) -> np.ndarray:
    """C(k + g - 1, g) for g = 0 … ``most``: the multisets of g of k things (none of
    none but the empty one)."""
    return np.array([comb(int(k) + g - 1, g) if k else float(g == 0)
                     for g in range(most + 1)], dtype=np.float64)


def _codes(detail, cells, held: dict) -> np.ndarray:
    """Per coup of ``cells``, the most cells it reaches: per position read finely, the
    codes a card of its value can have there (its suit class only where the suit is
    read, its base only where its rank or value is); per block of several, the
    multisets of them."""
    numbering = cell_numbering(detail)
    coups = cells.coups
    out = _possible(coups, held)
    for block in detail.blocks:
        at = [p for p in block if detail.fine[p]]
        if not at:
            continue
        p = at[0]  # the positions of a block are read alike
        by_base, by_suit = numbering.base_radix[p] > 1, numbering.suit_radix[p] > 1
        codes = (held["classes"] if by_base and by_suit else held["bases"] if by_base
                 else held["suits"] if by_suit else np.ones(len(held["value"])))
        out *= _block_ways(coups[:, at], codes, len(block) > 1)
    return out


def _why(detail) -> str:
    """What the layout tells apart, the cause of its size: the kinds of card at each
    position read (with its suit or colour where that is read, else its rank or value
    alone), card by card or as a set."""
    what = detail.describe().split(" of ")[0]
    suit_radix = cell_numbering(detail).suit_radix
    told = []
    for with_suit in (True, False):
        blocks = [b for b in detail.blocks
                  if detail.fine[b[0]] and (suit_radix[b[0]] > 1) == with_suit]
        if blocks:
            n, words = ((detail.n_bases * detail.n_suit_classes, what) if with_suit
                        else (detail.n_bases, what.split(" and ")[0]))
            told.append(f"{n}{'' if told else ' kinds of card apart'} ({words})"
                        + _where(blocks))
    out = "it tells " + (", and ".join(told) if told else "no card apart")
    if detail.parts:
        out += f", and {', '.join(PART_WORDS[k] for k in detail.parts)}"
    return out


def _where(blocks) -> str:
    """Where blocks are, in words: " at P1, B1 one by one and in the set P3+B3"."""
    alone = [POSITIONS[b[0]] for b in blocks if len(b) == 1]
    sets = ["+".join(POSITIONS[i] for i in b) for b in blocks if len(b) > 1]
    out = f" at {', '.join(alone)} one by one" if alone else ""
    if sets:
        out += (f"{' and' if alone else ''} in the set{'s' if len(sets) > 1 else ''} "
                f"{', '.join(sets)}")
    return out


def check_plan(layout, what: str) -> PlanCost:
    """The cost of counting the card layout ``layout`` once, after refusing
    (:class:`~bacc_edge.errors.PlanTooLarge`, one line naming ``what`` is counted, the
    estimates and the cause) a plan that will not fit."""
    cost = plan_cost(layout.detail, layout.tableau, layout.cards)
    if not cost.fits:
        limit = time_limit()
        past = [_bytes(MEMORY_LIMIT)] if not cost.fits_memory else []
        past += [describe_seconds(limit)] if cost.seconds > limit else []
        raise PlanTooLarge(
            f"{what}: too large to count: {cost.describe()}, past the {' and '.join(past)} "
            f"a count may take; {cost.why}"
            + (_allowed_by(cost.seconds) if cost.fits_memory else _streamed_words(cost)))
    return cost


def suitless_plan(cost: PlanCost, shoes: int, cells: int, sequences: float, primes: int,
                  residue_memory: float, what: str, naming: str,
                  shoe_sequences: float = 0.0) -> tuple[bool, float]:
    """How to count a shoe with cards removed without their suit, priced: as the
    ``shoes`` shoes their suits could have left (:mod:`~bacc_edge.engine.suit_spread`),
    each a count of ``cost`` (its record, made by the first, replayed by the others where
    it keeps one; each counted deals at least ``shoe_sequences``) and its ``cells`` added
    in (none: summed by class); or as one count
    modulo ``primes`` primes of its ``sequences`` card sequences, its residues taking
    ``residue_memory`` bytes at most. (True for the shoes, or False, and the cheaper
    one's seconds), after refusing (:class:`~bacc_edge.errors.PlanTooLarge`, one line
    naming ``what`` and both estimates, ending in ``naming``: how to name the removed
    cards' suits) where neither fits: the shoes past
    :data:`TIME_LIMIT`, the one count past it or past
    :data:`~bacc_edge.engine.card_enumeration.MEMORY_LIMIT`."""
    count = max(cost.seconds, shoe_sequences * SECONDS_PER_SEQUENCE[cost.sparse])
    per_shoe = min(count, cost.replay_seconds) if cost.record else count
    spread = count + (shoes - 1) * per_shoe + shoes * SECONDS_PER_SPREAD_CELL * cells
    residues = sequences * (SECONDS_PER_SEQUENCE[False] + primes * SECONDS_PER_RESIDUE)
    too_big = residue_memory > MEMORY_LIMIT
    limit = time_limit()
    if spread > limit and (too_big or residues > limit):
        one = (f"its residues would take {_bytes(residue_memory)}, past the "
               f"{_bytes(MEMORY_LIMIT)}" if too_big else
               f"{describe_seconds(residues)}, past the {describe_seconds(limit)}")
        raise PlanTooLarge(
            f"{what}: too large to count with cards removed without their suit: as the "
            f"{shoes:,} shoes their suits could have left, {describe_seconds(spread)}, past "
            f"the {describe_seconds(limit)}; as one count of {sequences:.1e} card "
            f"sequences modulo {primes_in_words(primes)}, {one} a count may take"
            f"{_allowed_by(spread if too_big else min(spread, residues))}, or {naming}")
    return (True, spread) if too_big or spread <= residues else (False, residues)


def primes_in_words(primes: int) -> str:
    """How many primes a count modulo primes keeps, in words: "1 prime", "2 primes"."""
    return f"{primes} prime{'s' if primes != 1 else ''}"


def _streamed_words(cost: PlanCost) -> str:
    """What streaming a refused count would take, where its memory would allow it: a
    report of one shoe streams it (:attr:`PlanCost.streams`; not several decks side by
    side, which read every cell), or its time is too long for that too."""
    if cost.streamed_memory > MEMORY_LIMIT:
        return ""
    if cost.streams:
        return (f"; a report of one shoe at a time streams it through its bets (its cells "
                f"settled as they come, none kept): {describe_seconds(cost.streamed_seconds)} "
                f"a shoe")
    return (f"; streamed through its bets (its cells settled as they come, none kept), it "
            f"would take {describe_seconds(cost.streamed_seconds)} a shoe, past the "
            f"{describe_seconds(time_limit())}" + _allowed_by(cost.streamed_seconds))


__all__ = ["NOTICE_SECONDS", "PlanCost", "SECONDS_PER_STREAMED_CELL",
           "SECONDS_PER_STREAMED_SEQUENCE", "TIME_LIMIT",
           "check_plan", "describe_seconds", "plan_cost", "primes_in_words",
           "residue_sequences", "suitless_plan", "time_limit"]
