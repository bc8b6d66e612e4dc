"""Later shoes of a card layout counted by re-weighing a record of its enumeration.

The card sequences :func:`~bacc_edge.engine.card_kernels.count_cells` deals for a
layout, and the cell each reaches, do not depend on the shoe, only their weights do,
for shoes holding the same kinds of card: on a shoe holding at least six of every
fine class and point value the layout's cards make (one, dealt with replacement), no
branch is skipped, so the sequences it deals are all that any shoe of those cards can
deal. Recorded there once (a :class:`~bacc_edge.engine.card_kernels.CardRecord`: per
coup its leaves, each leaf's fine classes, orders and place among the cells known),
every later shoe is counted in one sequential pass over the record
(:func:`~bacc_edge.engine.card_kernels.replay_cells`), where a count deals every
sequence again, and, where the cells are too many for an array, finds each leaf's cell
among the cells known by bisection, some 250 ns a sequence.

Where suits are renamed in order of appearance (a bet comparing suits, naming none),
the record holds the sequences so named, as
:func:`~bacc_edge.engine.card_kernels.count_named` deals them, and each later shoe sums
every naming of each leaf's suits on its own suit classes
(:func:`~bacc_edge.engine.card_kernels.replay_named`). Their number is priced on
average over the namings; a record found to hold more is dealt again at its size,
once, where it still fits.

It serves the exact counts of layouts on shoes of known suits (not those with cards
removed without their suit, counted modulo primes), where its plan prices the replay
below the count
(:func:`~bacc_edge.engine.card_plan.plan_cost`): those of more cells than an array
holds (past :data:`~bacc_edge.engine.card_enumeration.DENSE_CELLS`, counted into the
cells known), unless counted a group of coups at a time, and those counted into an
array where their count is priced longer than the replay. Where the cells are many
(past :data:`CACHE_CELLS`) and each coup has many leaves (:data:`LEAVES_PER_COUP`), the
record is put in the order of its cells
(:class:`~bacc_edge.engine.card_kernels.CellRecord`,
:func:`~bacc_edge.engine.card_kernels.replay_by_cell`), so that the replay writes the
counts in order, not at random (:func:`by_cell`). The record's bytes are kept with the
layout's cells, so its plan prices them (:func:`record_bytes`, :func:`kept_beside`): a
record past :data:`RECORD_LIMIT`, or past what the cells leave of the memory a count
may take, is not made, and those shoes are counted as before. The records of every
layout share :data:`RECORD_LIMIT`: a record is evicted for another layout's only where it
was not asked since that layout's shoe before, and, where that is not room enough,
records summed by class are let go but for those sums (:func:`_room`), so that several
bets asked in turn keep what fits rather than evict each other shoe after shoe.

A report needs a shoe's deals only summed by its bets' settle classes. Once a record is
made, :func:`class_totals_known` replays a shoe straight into them: each leaf's place
turned once into its class, its weight added into a handful of classes, not written at
random into a count per cell (millions of them, past the processor's caches, in memory
fresh for each shoe) and summed afterwards. Where the record's coups are not grouped,
its leaves are summed by the multiset of what their weight is made of and by class
(:mod:`~bacc_edge.engine.card_multisets`), and a shoe is weighed once a multiset.
"""

from __future__ import annotations

from functools import partial
from itertools import count
from typing import NamedTuple

import numpy as np

from . import card_enumeration, card_kernels, card_multisets
from ..game.cards import CARD_KINDS, RANKS, SUITS_PER_RANK
from ..game.shoe import COUP_CARDS
from ..util.progress import Progress, Steps
from .count_threads import count_threads, run_parts
from .coup_groups import CoupGroups, weighed
from .card_enumeration import (MEMORY_LIMIT, PROGRESS_PARTS, cells_memory, coup_groups,
                               coup_slices, enumeration, no_residues, shoe_counts)

#: The most bytes the records kept take, all layouts together: past it, none is made.
RECORD_LIMIT = 256 << 20
#: Bytes a leaf takes beside one a fine card: its cell's place (4), its orders (2) where
#: a block's cards of one value are dealt in one order, and its coup (4) in a record in
#: the order of its cells.
AT_BYTES, ORDERS_BYTES, COUP_BYTES = 4, 2, 4
#: A record is put in the order of its cells where they are more than this many (their
#: counts, 8 bytes each, past the processor's caches: 4 MB) and its leaves at least
#: LEAVES_PER_COUP a coup (each leaf reads its coup's weight, at random where the coups
#: are many). Measured (CPU, one part-dealt 8-deck shoe): random bets 13, 46 and 176
#: (5.2-6.5 million cells, 72-200 leaves a coup) 263, 259 and 269 ms in the order of the
#: coups, 130, 120 and 166 ms in the order of the cells; bets 1 and 12 (1.7 and 3.3
#: million cells, 5 and 10 leaves a coup) 130 and 221 ms against 208 and 252; bets 83 and
#: 92 (232,000 and 186,000 cells) 421 and 608 against 473 and 792.
CACHE_CELLS = 1 << 19
LEAVES_PER_COUP = 16


class _Kept(NamedTuple):
    """A record (None: made, but not as many leaves as priced, so not replayed), the
    kernel that replays it and how its coups and record split into parts
    (:func:`_coup_parts`, :func:`_leaf_parts`), the cells known it points into, the
    fine classes and point values the shoe it was made on held plenty of, its bytes,
    the record with its leaves' classes for the last evaluator asked (:func:`_by_class`;
    until then, its leaves summed by multiset and cell, :func:`leaves_summed`),
    the groups of coups its leaves belong to where it was made a group at a time
    (None: coup by coup), what each coup's weight is made of
    (:func:`~bacc_edge.engine.card_kernels.coup_factors`; none without a record), and
    whether its record was let go to make room for another layout's, its leaves summed
    by the last classes asked kept alone (:func:`_slimmed`: those classes replayed still;
    any other shoe makes the record again)."""

    known: np.ndarray
    record: card_kernels.CardRecord | card_kernels.CellRecord | None
    replay: object
    parts: object
    fine: np.ndarray
    values: np.ndarray
    nbytes: int
    by_class: dict
    groups: CoupGroups | None
    factors: np.ndarray
    summed_only: bool = False


#: (detail, tableau, cards) → the record made for it; the last few, within RECORD_LIMIT
_RECORDS: dict = {}
#: (detail, tableau, cards) → when a shoe of it a record could serve (not one folded) was
#: last counted or replayed (a tick of _CLOCK): the last few. A record is evicted for
#: another layout's only if it was not asked since that layout's shoe before
#: (:func:`_room`): several layouts asked in turn,
#: whose records do not all fit, keep those that do, not evict each other in turn (each
#: later shoe then made a record again, and counted afresh: issue 31's tester).
_ASKED: dict = {}
_CLOCK = count()
#: (detail, tableau, cards) → the cells known of a layout counted into an array whose
#: first later shoe was counted as before; the last few (see :func:`count_known`)
_COUNTED_ONCE: dict = {}
_COUNTED_ONCE_KEPT = 32
#: (detail, tableau, cards) → (the cells known, each one's class, how many classes) a
#: report asked its deals summed by before the layout's record was made (the last few)
_CLASSES_ASKED: dict = {}


def by_cell(cells: float, sequences: float, coups: int) -> bool:
    """Whether the record of ``sequences`` leaves of ``coups`` coups into ``cells`` cells
    (at least) is put in the order of its cells (see :data:`CACHE_CELLS`)."""
    return cells > CACHE_CELLS and sequences >= LEAVES_PER_COUP * coups


def record_bytes(detail, cells, sequences: float, reached: float, numbers: int = 0, *,
                 kept: bool = False) -> float:
    """The bytes of the record of a layout (``cells``: its
    :func:`~bacc_edge.engine.card_enumeration.enumeration`) dealing ``sequences``
    sequences into at least ``reached`` cells, at its peak; 0 where the record would pass
    :data:`RECORD_LIMIT`. A record put in the order of its cells (:func:`by_cell`)
    peaks while it is ordered: itself, each leaf's coup, the order (4 bytes a leaf),
    the copy of one of its arrays (its fine classes or places) and the start of each
    cell's leaves (8 bytes a cell, fewer than the leaves). A record of ``numbers`` cell
    numbers counted into an array (few enough for one; 0: not) is made with a count of
    each (8 bytes a number), its cell numbers then turned into places among the cells
    known. Each coup keeps its first leaf and what its weight is made of
    (:func:`~bacc_edge.engine.card_kernels.coup_factors`). Made only beside cells it
    fits with (:func:`kept_beside`), where the plan prices it below a count. ``kept``:
    its bytes once made, not at its peak (its leaves' coups, not their order)."""
    ordered = any(len(b) > 1 for b in detail.blocks) and not detail.relabel
    width = int(np.count_nonzero(cells.fine))
    leaf = width + AT_BYTES + ORDERS_BYTES * ordered
    if by_cell(reached, sequences, len(cells.coups)) and not detail.relabel:
        leaf += COUP_BYTES + (0 if kept else 4 + max(width, AT_BYTES) + 8)
    per_coup = 8 + 2 + 2 * cells.coups.shape[1]  # its first leaf, its factors
    size = sequences * leaf + per_coup * len(cells.coups) + 8.0
    return 0.0 if size > RECORD_LIMIT else size + 8.0 * numbers * (not kept)


def kept_beside(record: float, cells: float) -> float:
    """The bytes a record of ``record`` bytes takes beside ``cells`` cells of its layout
    kept (:func:`~bacc_edge.engine.card_enumeration.cells_memory`): itself, where both
    fit in :data:`~bacc_edge.engine.card_enumeration.MEMORY_LIMIT`; else 0, none made."""
    return record if cells_memory(cells) + record <= MEMORY_LIMIT else 0.0


def count_known(layout, cost, known: np.ndarray, fine_counts: np.ndarray,
                value_counts: np.ndarray, tails: np.ndarray, removal: int,
                on_progress: Progress | None = None):
    """The counts of a shoe on the cells ``known`` of ``layout``, replayed: ``(known,
    counts)`` as :func:`~bacc_edge.engine.card_enumeration.count_run` returns them; None
    where the shoe is not replayed (no record priced, ``cost.record`` 0; a shoe dealing
    a sequence the record lacks, or a cell not known: counted as before).

    The first shoe makes the record (of a layout counted into an array, the second: a
    record there takes two to three counts to make, writing each leaf into memory never
    touched before, so one later shoe alone never repays it): on itself, counted as it
    is made, where it holds plenty of every kind of card the layout's cards make, else
    on a shoe that does. Told ``on_progress``, a replay is made in
    :data:`~bacc_edge.engine.card_enumeration.PROGRESS_PARTS` parts, a step each.
    """
    if not kept_beside(cost.record, len(known)) or _folds(layout.detail, cost, fine_counts,
                                                         value_counts):
        return None
    key = (layout.detail, layout.tableau, layout.cards)
    since = _stamp(key)  # counted or replayed, a shoe a record could serve asks for it
    kept = _RECORDS.get(key)
    if kept is None or kept.known is not known or kept.summed_only:
        if not cost.sparse and _COUNTED_ONCE.get(key) is not known:
            while len(_COUNTED_ONCE) >= _COUNTED_ONCE_KEPT:
                del _COUNTED_ONCE[next(iter(_COUNTED_ONCE))]
            _COUNTED_ONCE[key] = known
            return None  # its first later shoe: counted as before
        kept, counts = _make(layout, cost, known, fine_counts, value_counts, tails, removal,
                             since)
        if counts is not None:
            return known, counts[:-1]
        if kept is None:  # no room among the records kept: counted as before
            return None
    if not _serves(kept, fine_counts, value_counts):
        return None
    out = _replayed(layout, kept, kept.record, len(known), fine_counts, value_counts, tails,
                    removal, on_progress)
    if out[-1]:
        return None
    return known, out[:-1]


def class_totals_known(layout, cost, known: np.ndarray, cell_class: np.ndarray,
                       n_classes: int, fine_counts: np.ndarray, value_counts: np.ndarray,
                       tails: np.ndarray, removal: int,
                       on_progress: Progress | None = None) -> np.ndarray | None:
    """The deals of a shoe summed by class (``cell_class[i]``: the class of
    ``known[i]``, one of ``n_classes``), replayed straight into the classes: the
    record's leaves each read their class, not their cell (:func:`_by_class`), so the
    replay adds into ``n_classes`` counts, not into a count per cell written at random
    and then summed (some 60-150 ns a leaf more where the cells are millions, past the
    processor's caches). None where :func:`count_known` would not replay the shoe from a
    record already made (none is made here: the caller counts the cells), or the classes'
    leaves would not fit in :data:`RECORD_LIMIT`. Asked before the record is made, the
    classes are remembered (:data:`_CLASSES_ASKED`), and the record's leaves summed by
    them as it is made: the first shoe replayed then weighs its multisets at once."""
    key = (layout.detail, layout.tableau, layout.cards)
    kept = _RECORDS.get(key)
    if kept is None or kept.known is not known:
        while len(_CLASSES_ASKED) >= _COUNTED_ONCE_KEPT:
            del _CLASSES_ASKED[next(iter(_CLASSES_ASKED))]
        _CLASSES_ASKED[key] = (known, cell_class, n_classes)
        return None
    if (not (kept.summed_only or _serves(kept, fine_counts, value_counts))
            or not _holds(kept, fine_counts, value_counts)
            or _folds(layout.detail, cost, fine_counts, value_counts)):
        return None
    record = _by_class(layout, kept, cell_class, n_classes, _ASKED.get(key, -1))
    if record is None:
        return None
    out = _replayed(layout, kept, record, n_classes, fine_counts, value_counts, tails,
                    removal, on_progress)
    if out[-1]:
        return None
    _stamp(key)  # replayed: not counted again (count_known, which stamps, not asked)
    return out[:-1]


def _serves(kept: _Kept, fine_counts: np.ndarray, value_counts: np.ndarray) -> bool:
    """Whether ``kept``'s record serves a shoe of these cards: it was made with as many
    leaves as priced, and the shoe holds no kind of card the record's shoe lacked
    (:func:`_holds`)."""
    return kept.record is not None and _holds(kept, fine_counts, value_counts)


def _holds(kept: _Kept, fine_counts: np.ndarray, value_counts: np.ndarray) -> bool:
    """Whether the shoe of these cards holds no kind of card ``kept``'s record was made
    without (a coup of it could deal a sequence the record never saw)."""
    return not fine_counts[~kept.fine].any() and not value_counts[~kept.values].any()


def _replayed(layout, kept: _Kept, record, places: int, fine_counts: np.ndarray,
              value_counts: np.ndarray, tails: np.ndarray, removal: int,
              on_progress: Progress | None) -> np.ndarray:
    """The shoe's counts at the ``places`` places ``record``'s leaves point into (the
    cells known, or classes), and at ``places`` one for each leaf at none: ``kept``'s
    replay over the layout's coups, or over its groups of coups alike, each weighed on
    the shoe (:func:`~bacc_edge.engine.coup_groups.weighed`), where it was counted a
    group at a time. Made in parts on as many threads as a count of its leaves into
    counts of that size deals on (:func:`~bacc_edge.engine.count_threads.count_threads`:
    each thread its own counts, added up at the end; :data:`PARTS_PER_THREAD` parts a
    thread), and told ``on_progress`` a step a part, in
    :data:`~bacc_edge.engine.card_enumeration.PROGRESS_PARTS` parts at least."""
    shoe = card_kernels.CardShoe(fine_counts, value_counts, tails, removal, 0)
    if kept.groups is None:
        cells, _ = enumeration(layout.detail, layout.tableau)
    else:
        cells, shoe = weighed(kept.groups, shoe)
    out = np.zeros(places + 1, dtype=np.int64)
    threads = count_threads(len(record.at), out.nbytes, summed=True)
    n_parts = max(PROGRESS_PARTS if on_progress else 1,
                  PARTS_PER_THREAD * threads if threads > 1 else 1)
    if isinstance(record, card_multisets.CardMultisets):
        weigh = card_multisets.multisets_replay(layout.detail.relabel)
        parts = [partial(weigh, part, shoe, cells.n_suits)
                 for part in card_multisets.parts(record, n_parts)]
    else:
        parts = [partial(_replay_part, kept.replay, cells_part, shoe, record_part, factors)
                 for cells_part, record_part, factors
                 in kept.parts(cells, record, kept.factors, n_parts)]
    outs = [out] + [np.zeros_like(out) for _ in range(threads - 1)]
    run_parts(parts, lambda part, into: part(into) or 0, outs, Steps(on_progress, len(parts)))
    for other in outs[1:]:
        out += other  # each count at most the shoe's deals: below 2**63 added up
    return out


#: Parts a replay is made in for each thread it runs on (threads ending at once).
PARTS_PER_THREAD = 4


def _replay_part(replay, cells, shoe, record, factors, out) -> None:
    """``replay`` (a record's kernel) of one part into ``out``, in the order it takes."""
    replay(cells, shoe, record, out, factors)


def _by_class(layout, kept: _Kept, cell_class: np.ndarray, n_classes: int, since: int):
    """``kept.record`` with each leaf's place among the cells known turned into its
    class (a leaf at no cell known: ``n_classes``, as the replay tells it), made once
    for the classes of the last evaluator asked (kept while it is) and within
    :data:`RECORD_LIMIT` (other layouts' records not asked ``since`` evicted for it,
    :func:`_room`); None past it. Summed by multiset
    (:mod:`~bacc_edge.engine.card_multisets`) where the record's coups are not grouped
    and its multisets a class are few enough: from its leaves summed by multiset and
    cell when the record was made (:func:`leaves_summed`), then let go; or else from its
    leaves, straight into the classes a part at a time, the sums within what the records
    leave of :data:`RECORD_LIMIT`."""
    made = kept.by_class.get("classes")
    if made is not None and made[0] is cell_class:
        return made[1]
    if kept.summed_only:  # the record let go: other classes need it made again
        return None
    sums = kept.by_class.pop("sums", (None, None))[1]
    kept.by_class.clear()
    key = (layout.detail, layout.tableau, layout.cards)
    own = _own_bytes(kept.record)  # its leaves' classes, where not summed
    if not _room(key, own, since):
        return None
    to_class = np.append(cell_class, n_classes).astype(np.int32)
    leaves = len(kept.record.at)
    most = card_multisets.MOST_SHARE * leaves
    if sums is not None:
        summed = card_multisets.multisets_of(sums, to_class, leaves)
    elif _summable(kept.record, kept.groups):  # straight into classes, in parts
        _room(key, own + most * card_multisets.SUM_BYTES, since, partial=True)  # at most
        room = (RECORD_LIMIT - kept_bytes() - own) // card_multisets.SUM_BYTES
        summed = _sums(layout, kept.record, kept.factors, len(kept.fine), len(kept.values),
                       place_of=to_class, most=min(most, room))
    else:
        summed = None
    record = kept.record._replace(at=to_class[kept.record.at]) if summed is None else summed
    kept.by_class["classes"] = (cell_class, record)
    return record


def leaves_summed(layout, record, groups, factors: np.ndarray, n_fine: int,
                  n_values: int) -> card_multisets.CardMultisets | None:
    """``record``'s leaves summed by multiset and place
    (:func:`~bacc_edge.engine.card_multisets.leaf_sums`), where its coups are not grouped
    (a group's ways differ shoe by shoe), its suits are named, and the summing fits
    within :data:`RECORD_LIMIT`; else None."""
    if (not _summable(record, groups)
            or len(record.at) * card_multisets.SUMMING_BYTES > RECORD_LIMIT):
        return None
    return _sums(layout, record, factors, n_fine, n_values)


def _sums(layout, record, factors: np.ndarray, n_fine: int, n_values: int,
          **where) -> card_multisets.CardMultisets | None:
    """:func:`~bacc_edge.engine.card_multisets.leaf_sums` of ``record``, a record of
    ``layout``'s coups (``where``: its ``place_of`` and ``most``)."""
    cells = enumeration(layout.detail, layout.tableau)[0]
    return card_multisets.leaf_sums(record, factors, cells.coup_ways, n_fine, cells.n_suits,
                                    n_values, **where)


def _summable(record, groups) -> bool:
    """Whether ``record``'s leaves weigh alike by multiset on every shoe: its coups not
    grouped (a group's ways differ shoe by shoe). Suits renamed in order of appearance
    are weighed over the namings of each multiset's labels
    (:func:`~bacc_edge.engine.card_multisets.replay_named_multisets`)."""
    return record is not None and groups is None


def _folds(detail, cost, fine_counts: np.ndarray, value_counts: np.ndarray) -> bool:
    """Whether a count of this shoe deals the coups of point values it cannot tell apart
    once (:func:`~bacc_edge.engine.card_enumeration.value_folded`, as
    :func:`~bacc_edge.engine.card_enumeration.count_run` does): far fewer sequences than
    the record's (a full shoe: 1,276 coups for 339,400), so counted, not replayed."""
    return card_enumeration.fold_classes(detail, fine_counts, value_counts,
                                         cost.sequences) is not None


def recorded(layout) -> card_kernels.CardRecord | card_kernels.CellRecord | None:
    """The record kept for ``layout`` (a card layout), if one is."""
    kept = _RECORDS.get((layout.detail, layout.tableau, layout.cards))
    return None if kept is None else kept.record


def forget() -> None:
    """Drop every record kept (their memory freed; later shoes make them again)."""
    _RECORDS.clear()
    _COUNTED_ONCE.clear()
    _CLASSES_ASKED.clear()
    _ASKED.clear()


def first_counted(layout) -> None:
    """Note that ``layout`` (a card layout) was counted before its cells were known, as
    a shoe it asks for (:data:`_ASKED`): its first count, then, is its shoe before its
    first replayable one, and the records asked since are not evicted for it."""
    _stamp((layout.detail, layout.tableau, layout.cards))


def _stamp(key) -> int:
    """Note that a shoe of the layout ``key`` is asked for now (:data:`_ASKED`), and
    return when it was asked before (-1: never)."""
    since = _ASKED.pop(key, -1)
    while len(_ASKED) >= _COUNTED_ONCE_KEPT:
        del _ASKED[next(iter(_ASKED))]
    _ASKED[key] = next(_CLOCK)
    return since


def _room(key, wanted: float, since: int, *, partial: bool = False) -> bool:
    """Whether ``wanted`` bytes more fit beside the records kept (:data:`RECORD_LIMIT`),
    once other layouts' records are evicted for them, those asked least lately first,
    but only those not asked since ``since`` (the layout ``key``'s shoe before; -1, a
    layout never asked before: any); and then, where that is not room enough, once the
    others' records summed by class are let go but for those sums (:func:`_slimmed`).
    Nothing is evicted or let go where even all of that would not make room, unless
    ``partial`` (``wanted`` is a bound, not a size: as much room as can be made)."""
    others = sorted((k for k in _RECORDS if k != key), key=lambda k: _ASKED.get(k, -1))
    stale = [k for k in others if not 0 <= since <= _ASKED.get(k, -1)]
    fresh = [k for k in others if k not in stale]
    freed = (sum(_bytes_of(_RECORDS[k]) for k in stale)
             + sum(_bytes_of(_RECORDS[k]) - _bytes_of(_slimmed(_RECORDS[k])) for k in fresh))
    if kept_bytes() + wanted - freed > RECORD_LIMIT and not partial:
        return False
    for other in stale:
        if kept_bytes() + wanted <= RECORD_LIMIT:
            break
        del _RECORDS[other]
    for other in [*stale, *fresh]:
        if kept_bytes() + wanted <= RECORD_LIMIT:
            break
        if other in _RECORDS:
            _RECORDS[other] = _slimmed(_RECORDS[other])
    return kept_bytes() + wanted <= RECORD_LIMIT


def _slimmed(kept: _Kept) -> _Kept:
    """``kept`` with its record let go where its leaves are summed by the classes last
    asked (multisets, :func:`_by_class`): those sums alone kept, a tenth to a quarter of
    it, serving those classes' shoes as before (several bets in turn whose records do
    not all fit keep every bet's sums); else ``kept`` itself."""
    made = kept.by_class.get("classes")
    if kept.summed_only or made is None or not isinstance(made[1],
                                                          card_multisets.CardMultisets):
        return kept
    return kept._replace(record=None, nbytes=0, factors=kept.factors[:0], summed_only=True,
                         by_class={"classes": made})


def _bytes_of(kept: _Kept) -> int:
    """The bytes ``kept`` takes, its leaves' classes and sums included."""
    return kept.nbytes + sum(_own_bytes(r) for _, r in kept.by_class.values())


def _make(layout, cost, known, fine_counts, value_counts, tails, removal, since: int):
    """Record the layout's leaves (kept in :data:`_RECORDS`, within
    :data:`RECORD_LIMIT`, where :func:`_room` finds room for them, ``since`` the layout's
    shoe before), on this shoe where it holds plenty of each kind of its cards, else on a
    shoe of :data:`~bacc_edge.game.shoe.COUP_CARDS` of each. Returns what is kept (its
    record None where its leaves were not as many as its plan priced: tried once; None,
    none made, where no room is found) and this shoe's counts where the record was made
    on it (else None)."""
    detail = layout.detail
    key = (detail, layout.tableau, layout.cards)
    _RECORDS.pop(key, None)  # made for other cells known: made again
    held_fine, held_values = held_kinds(layout)
    least = max(1, removal * COUP_CARDS)
    own = (fine_counts[held_fine] >= least).all() and (value_counts[held_values] >= least).all()
    if not own:
        fine_counts, value_counts, tails, removal = plenty_shoe(held_fine, held_values)
    groups = coup_groups(detail, layout.tableau) if cost.weighed else None
    cells = enumeration(detail, layout.tableau)[0] if groups is None else groups.cells
    n = int(round(cost.grouped if groups is not None else cost.sequences))
    if not _room(key, record_bytes(detail, cells, float(n), cost.least, kept=True), since):
        return None, None
    dealing = (layout, cost, known, groups, fine_counts, value_counts, tails, removal)
    record, out = _dealt(*dealing, n)
    written = int(record.n[0])
    if detail.relabel and written > n and kept_beside(
            record_bytes(detail, cells, float(written), cost.least), len(known)):
        n = written  # its namings' leaves, priced on average, are more: dealt again
        record, out = _dealt(*dealing, n)
    counts = out if own and not out[-1] else None
    replay = card_kernels.replay_named if detail.relabel else card_kernels.replay_cells
    parts = _coup_parts
    written = int(record.n[0])
    if written != n and not (detail.relabel and written < n):
        record = None  # not the leaves priced: the record dropped
    elif written < n:  # a renamed layout's, fewer than priced: those dealt
        record = record._replace(classes=record.classes[:written], at=record.at[:written])
    factors = np.zeros((0 if record is None else len(cells.coups),
                        2 + 2 * cells.coups.shape[1]), dtype=np.int8)
    if record is not None:  # what each coup's weight is made of, for its replays
        card_kernels.coup_factors(cells, len(value_counts), factors)
    if record is not None and by_cell(cost.least, n, len(cells.coups)) and not detail.relabel:
        record, replay, parts = (_in_cell_order(record), card_kernels.replay_by_cell,
                                 _leaf_parts)
    nbytes = 0 if record is None else sum(a.nbytes for a in record) + factors.nbytes
    sums = leaves_summed(layout, record, groups, factors, len(fine_counts), len(value_counts))
    if sums is not None and not _room(key, nbytes + _own_bytes(sums), since):
        sums = None  # the record kept without them, where it fits
    kept = _Kept(known, record, replay, parts, held_fine, held_values, nbytes,
                 {} if sums is None else {"sums": (None, sums)}, groups, factors)
    if not _room(key, nbytes, since):
        return kept, counts  # this shoe's, not kept
    _RECORDS[key] = kept
    asked = _CLASSES_ASKED.pop(key, None)
    if record is not None and asked is not None and asked[0] is known:
        _by_class(layout, kept, asked[1], asked[2], since)  # summed by class now
    return kept, counts


def held_kinds(layout) -> tuple[np.ndarray, np.ndarray]:
    """Which fine classes and point values of ``layout`` (a card layout) its cards hold."""
    cards = np.array(layout.cards, dtype=np.int64).reshape(len(RANKS), SUITS_PER_RANK)
    held_fine, held_values = (a > 0 for a in shoe_counts(layout.detail, cards))
    return held_fine, held_values


def plenty_shoe(held_fine: np.ndarray, held_values: np.ndarray) -> tuple:
    """A shoe of :data:`~bacc_edge.game.shoe.COUP_CARDS` cards of each fine class and
    point value held, and none other: as ``(fine_counts, value_counts, tails,
    removal)``. A coup dealt from it skips no branch, so it deals every card sequence
    that any shoe of those cards can."""
    return (np.where(held_fine, COUP_CARDS, 0), np.where(held_values, COUP_CARDS * CARD_KINDS, 0),
            np.ones(COUP_CARDS + 1, dtype=np.int64), 1)


def _dealt(layout, cost, known, groups, fine_counts, value_counts, tails, removal, n: int):
    """A record of room for ``n`` leaves of ``layout``, written by a count of the shoe
    given (one of plenty: no branch skipped), and the counts (of every cell number where
    the cells fit an array, then turned into the cells known: else of the cells known).
    Suits renamed in order of appearance are dealt as count_named deals them, the
    sequences so named; else as count_cells does; a group of coups alike at a time where
    ``groups`` are given (:mod:`~bacc_edge.engine.coup_groups`), as the count deals them."""
    detail = layout.detail
    cells, block_stride = enumeration(detail, layout.tableau)
    shoe = card_kernels.CardShoe(fine_counts, value_counts, tails, removal,
                                 2 if detail.relabel else 0)
    if groups is not None:
        cells, shoe = weighed(groups, shoe)
    ordered = block_stride is not None and not detail.relabel
    record = card_kernels.CardRecord(  # orders where a block's cards are dealt in order
        np.zeros(len(cells.coups) + 1, dtype=np.int64),
        np.zeros((n, int(np.count_nonzero(cells.fine))), dtype=np.uint8),
        np.zeros(n if ordered else 0, dtype=np.uint16),
        np.zeros(n, dtype=np.int32), np.zeros(1, dtype=np.int64))
    numbered = not cost.sparse  # each leaf's cell number, its place found afterwards
    out = np.zeros((cost.cell_numbers if numbered else len(known)) + 1, dtype=np.int64)
    if detail.relabel:
        card_kernels.count_named(cells, block_stride, shoe, out, None,
                                 None if numbered else known, record)
    else:
        card_kernels.count_cells(cells, block_stride, shoe, 1, out, None, None,
                                 no_residues(), None if numbered else known, record)
    if numbered:  # into places among the cells known, the counts' array reused for them
        by_number, out = out, np.zeros(len(known) + 1, dtype=np.int64)
        card_kernels.to_places(known, by_number, record.at[:min(int(record.n[0]), n)], out)
    return record, out


def kept_bytes() -> int:
    """The bytes the records kept take, all layouts together, their leaves' classes and
    sums included (within :data:`RECORD_LIMIT`)."""
    return sum(map(_bytes_of, _RECORDS.values()))


def _own_bytes(record) -> int:
    """The bytes of ``record`` (kept beside a layout's record) it does not share with it:
    a record of its leaves' classes, its places (its classes and coups shared); multisets,
    or the leaves summed, every array; none, none."""
    if record is None:
        return 0
    if isinstance(record, card_multisets.CardMultisets):
        return sum(a.nbytes for a in record)
    return record.at.nbytes


def _coup_parts(cells, record: card_kernels.CardRecord, factors: np.ndarray, n: int):
    """The coups of ``cells`` and their leaves of ``record`` (in the order of the coups)
    in ``n`` parts: (cells, record, factors) that replay_cells takes."""
    for start, stop, part in coup_slices(cells, n):
        yield part, record._replace(first=record.first[start:stop + 1]), factors[start:stop]


def _leaf_parts(cells, record: card_kernels.CellRecord, factors: np.ndarray, n: int):
    """The leaves of ``record`` (in the order of their cells) in ``n`` parts, each with
    every coup of ``cells``: (cells, record, factors) that replay_by_cell takes."""
    edges = np.linspace(0, len(record.at), n + 1).astype(int)
    for start, stop in zip(edges[:-1], edges[1:]):
        yield cells, card_kernels.CellRecord(*(a[start:stop] if len(a) else a
                                               for a in record)), factors


def _in_cell_order(record: card_kernels.CardRecord) -> card_kernels.CellRecord:
    """``record``'s leaves in the order of their cells, each with its coup
    (:func:`~bacc_edge.engine.card_kernels.cell_order`)."""
    n = len(record.at)
    order, coup = np.empty(n, dtype=np.int32), np.empty(n, dtype=np.int32)
    card_kernels.cell_order(record.first, record.at, order, coup)
    orders = record.orders[order] if len(record.orders) else record.orders
    return card_kernels.CellRecord(record.classes[order], orders, record.at[order], coup)


__all__ = ["AT_BYTES", "CACHE_CELLS", "COUP_BYTES", "LEAVES_PER_COUP", "ORDERS_BYTES",
           "RECORD_LIMIT", "by_cell", "class_totals_known", "count_known", "first_counted",
           "forget", "held_kinds", "kept_beside", "kept_bytes", "leaves_summed", "plenty_shoe",
           "record_bytes", "recorded"]
