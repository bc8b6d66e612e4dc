"""Index sheets: for each stretch of the shoe, the running (and true) count from which each
bet favours the player, found from the exact values of dealt shoes.

Shoes are dealt as the depth analysis deals them (seeded: shoe i is the same shoe in
every run), and before every coup every bet is valued exactly on the cards not seen.
Each round falls in a *depth bucket* (``every`` cards seen, by default half a deck; or
``every`` rounds) and has a running count. Per bet and bucket, the mean exact value of
the rounds at each running count is fitted by an increasing step function (the
isotonic regression, each count weighted by its rounds: a noisy dip at a count seen
rarely is pooled with its neighbours), and the index is the least running count whose
fitted value is above zero: from there on the bet favours the player on average. The
rounds behind each figure are given: those of the bucket and those of the pooled step
the index lies in.

Beside it, the first-order estimate from the effects of removal off the top:
EV ≈ EV₀ + N/(N−k) · b · (RC − initial − k·t̄) after k cards seen of N (b the slope
and t̄ the mean tag of the regression of the effects on the count's tags), zero at
RC* = initial + k·t̄ − EV₀·(N−k)/(N·b) (with the shown first card left out of the count,
t̄ is taken for it). True counts are the running count over the bucket's mean decks left
as the count's convention reckons them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Sequence

import numpy as np

from ..analysis.card_counting import Count, DepthBy, Divisor, decks_left, paytable_counts
from ..analysis.removal_effects import effects_of_removal
from ..errors import ArgumentError, OptionError, kind_of
from ..game.cards import RANKS
from ..game.shoe import Shoe
from ..language.loader import as_paytable
from ..util.arguments import callable_argument
from ..util.progress import Progress, Steps
from .run import MAX_EXACT_DECKS, count_convention, prepare
from .shoes import DealRules, game, unseen_by_round

#: Shoes an index sheet may deal: every round is valued exactly (hundreds of shoes a
#: second for bets on points on one core; a bet on the cards, seconds a shoe).
MAX_INDEX_SHOES = 1_000_000
#: Shoes valued in one call of the exact kernels.
INDEX_BATCH = 25
#: The default width of a depth bucket: half a deck of cards seen, or five rounds.
DEFAULT_EVERY = {DepthBy.CARDS: 26, DepthBy.ROUND: 5}


class IndexStatus(StrEnum):
    """What a bucket's index says."""

    #: the bet favours the player from the running count given
    FROM = "from"
    #: it favours the player at every running count dealt in the bucket
    ALWAYS = "always"
    #: at no running count dealt in the bucket
    NEVER = "never"
    #: no round was dealt in the bucket
    EMPTY = "no rounds"


@dataclass(frozen=True)
class IndexRow:
    """One bet in one depth bucket (``start`` … ``end`` cards seen or rounds): its
    ``rounds``, the mean decks left, the running counts dealt (``lowest`` …
    ``highest``), the index (``running``; ``true`` over those decks) with the rounds of
    the pooled step it lies in, the bet's mean exact value over the bucket, and the
    first-order estimate."""

    bet: str
    start: int
    end: int
    rounds: int
    decks_left: float
    lowest: int
    highest: int
    status: IndexStatus
    running: int | None
    true: float | None
    rounds_at_index: int
    mean_value: float
    first_order_running: float | None
    first_order_true: float | None

    def __post_init__(self):
        object.__setattr__(self, "status", IndexStatus(self.status))


@dataclass(frozen=True)
class IndexSheet:
    """A count's index sheet: the paytable, the count, how the shoes were dealt, the
    depth buckets (``by``, ``every``) and a row per bet and bucket."""

    paytable: str
    count: Count
    bets: tuple[str, ...]
    deal: DealRules
    seed: int
    shoes: int
    by: DepthBy
    every: int
    rows: tuple[IndexRow, ...]

    def trigger_text(self, bet: str) -> str | None:
        """The bet's sheet as a trigger table for ``--trigger`` (with ``--trigger-on
        running``), a row per bucket that says when to bet: its index; where every count
        dealt favours the bet, the lowest dealt; where none does, once a row is in force,
        one above the highest dealt (so that an earlier bucket's index does not stay in
        force where the sheet says no). Before the first bucket that bets, no row: the
        player sits out. None when no bucket bets at all."""
        rows = []
        for r in self.rows:
            if r.bet != bet:
                continue
            if r.status is IndexStatus.FROM:
                rows.append((r.start, r.running))
            elif r.status is IndexStatus.ALWAYS:
                rows.append((r.start, r.lowest))
            elif r.status is IndexStatus.NEVER and rows:
                rows.append((r.start, r.highest + 1))
        if not rows:
            return None
        return f"{self.by.value}: " + ", ".join(f"{start}={at:+d}" for start, at in rows)


def increasing_fit(values: np.ndarray, weights: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The weighted isotonic (non-decreasing) regression of ``values`` in their order, by
    pooling adjacent violators: (the fitted value of each block, the index of each
    value's block)."""
    means, sizes, starts = [], [], []
    for i, (v, w) in enumerate(zip(values.tolist(), weights.tolist())):
        means.append(v)
        sizes.append(w)
        starts.append(i)
        while len(means) > 1 and means[-2] > means[-1]:
            w2, w1 = sizes.pop(), sizes.pop()
            m2, m1 = means.pop(), means.pop()
            starts.pop()
            means.append((m1 * w1 + m2 * w2) / (w1 + w2))
            sizes.append(w1 + w2)
    block = np.searchsorted(np.array(starts), np.arange(len(values)), side="right") - 1
    return np.array(means), block


def favourable_from(counts: np.ndarray, rounds: np.ndarray, sums: np.ndarray
                    ) -> tuple[IndexStatus, int | None, int]:
    """From the rounds at each running count (``counts`` rising) and the sum of the
    bet's exact values over them: whether and from which count the increasing fit of
    the mean values is above zero, and the rounds of the fitted step it lies in."""
    fitted, block = increasing_fit(sums / rounds, rounds)
    above = np.flatnonzero(fitted > 0)
    if len(above) == 0:
        return IndexStatus.NEVER, None, 0
    first = int(np.flatnonzero(block == above[0])[0])
    status = IndexStatus.ALWAYS if above[0] == 0 else IndexStatus.FROM
    return status, int(counts[first]), int(rounds[block == above[0]].sum())


def _first_order(effects, count: Count, cards: int, seen: float) -> float | None:
    """The first-order running count at which the bet breaks even after ``seen`` cards
    of ``cards`` (see the module's docstring); None when the count's tags do not rise
    with the bet's effects."""
    n = np.array([effects.rank_counts[r] for r in RANKS], dtype=float)
    e = np.array([float(effects.by_rank[r]) for r in RANKS])
    t = np.array(count.tags, dtype=float)
    mean_t = (n * t).sum() / n.sum()
    spread = (n * (t - mean_t) ** 2).sum()
    slope = (n * (t - mean_t) * e).sum() / spread if spread else 0.0
    if slope <= 0:
        return None
    shown = 0.0 if count.exposed_card else mean_t
    return (count.initial + seen * mean_t - shown
            - float(effects.ev) * (cards - seen) / (cards * slope))


def index_sheets(paytable, count: Count | None = None, bets: Sequence[str] | None = None, *,
                 deal: DealRules = DealRules(), seed: int = 1, shoes: int = 2000,
                 by: DepthBy | str = DepthBy.CARDS, every: int | None = None,
                 divisor=None, rounding=None, exposed_card=None,
                 on_progress: Progress | None = None) -> tuple[IndexSheet, ...]:
    """Index sheets of ``count`` (None: each of the paytable's ``COUNTS``, for the bets
    it serves) for the bets named (None: every bet it serves), from ``shoes`` shoes dealt
    by ``deal`` from ``seed``, in depth buckets of ``every`` cards seen or rounds
    (``by``; default half a deck, or five rounds). ``divisor``, ``rounding`` and
    ``exposed_card``, when given, are every count's true-count convention (as
    :func:`~bacc_edge.depth.run.prepare` takes them). ``on_progress(shoes done,
    total)``."""
    callable_argument(on_progress)
    if not isinstance(deal, DealRules):
        raise ArgumentError(f"deal {kind_of(deal)} must be DealRules, e.g. DealRules(decks=8)")
    try:
        by = DepthBy(by)
    except ValueError:
        raise OptionError(f"by {by!r} must be one of "
                          f"{', '.join(d.value for d in DepthBy)}") from None
    every = DEFAULT_EVERY[by] if every is None else every
    if isinstance(every, bool) or not isinstance(every, int) or not 1 <= every <= deal.cards:
        raise OptionError(f"every {every!r} must be a whole number of "
                          f"{'cards' if by is DepthBy.CARDS else 'rounds'} from 1 to "
                          f"{deal.cards}")
    if isinstance(shoes, bool) or not isinstance(shoes, int) or not 1 <= shoes <= MAX_INDEX_SHOES:
        raise OptionError(f"shoes {shoes!r} must be a whole number from 1 to "
                          f"{MAX_INDEX_SHOES:,} (every round of every shoe is valued "
                          f"exactly)")
    if deal.decks > MAX_EXACT_DECKS:
        raise OptionError(f"decks {deal.decks}: an index sheet values every round exactly, "
                          f"on at most {MAX_EXACT_DECKS} decks")
    paytable = as_paytable(paytable)
    if count is not None and not isinstance(count, Count):
        raise ArgumentError(f"count {kind_of(count)} must be a Count (None: the paytable's "
                            f"COUNTS)")
    counts = [count] if count is not None else list(paytable_counts(paytable))
    if not counts:
        raise OptionError(f"{paytable.path.name}: no count to index: give one (--count) or "
                          f"a paytable with COUNTS")
    counts = [c.with_convention(**count_convention(divisor, rounding, exposed_card))
              for c in counts]
    steps = Steps(on_progress, shoes * len(counts))
    return tuple(_sheet(paytable, c, bets, deal, seed, shoes, by, every, steps)
                 for c in counts)


def _sheet(paytable, count, bets, deal, seed, shoes, by, every, steps) -> IndexSheet:
    spec = prepare(paytable, bets, deal=deal, seed=seed, counts=[count], eor_count=False,
                   paytable_counts_too=False)
    served = sorted({p.bet for p in spec.players if p.count == 0})
    names = [spec.bets[b] for b in served]
    g = game(spec)
    decks_of = np.array([decks_left(x, count.rounding) for x in range(deal.cards + 1)])
    # per (bucket, running count): rounds and the sum of each bet's exact value; per
    # bucket: rounds, cards seen and decks left summed
    by_count: dict[tuple[int, int], np.ndarray] = {}
    by_bucket: dict[int, np.ndarray] = {}
    for first in range(0, shoes, INDEX_BATCH):
        size = min(INDEX_BATCH, shoes - first)
        rounds, start, running, _, _, cards = g.deal_shoes(seed, first, size, keep_cards=True)
        valid = np.arange(start.shape[1])[None, :] < rounds[:, None]
        seen = start - start[:, :1] + g.dealing.shown
        depth = (seen if by is DepthBy.CARDS else
                 np.broadcast_to(np.arange(1, start.shape[1] + 1), start.shape))
        burned = start[:, :1] - g.dealing.shown
        left = deal.cards - start + (burned if count.divisor is Divisor.UNSEEN else 0)
        unseen = np.concatenate([unseen_by_round(cards[s], start[s], int(rounds[s]))
                                 for s in range(size)])
        values = g.values.moments_each(unseen)[0][:, served]
        # rows of every cards seen from 0, or of every rounds from the first
        first_depth = 0 if by is DepthBy.CARDS else 1
        bucket, rc = (depth[valid] - first_depth) // every, running[:, :, 0][valid]
        pairs, where = np.unique(np.stack([bucket, rc], axis=1), axis=0, return_inverse=True)
        where = where.reshape(-1)
        sums = np.stack([np.bincount(where, minlength=len(pairs))] + [
            np.bincount(where, weights=values[:, i], minlength=len(pairs))
            for i in range(len(served))], axis=1)
        for (b, c), row in zip(pairs.tolist(), sums):
            by_count[(b, c)] = by_count.get((b, c), 0) + row
        buckets, inverse = np.unique(bucket, return_inverse=True)
        inverse = inverse.reshape(-1)
        totals = np.stack([np.bincount(inverse), np.bincount(inverse, weights=seen[valid]),
                           np.bincount(inverse, weights=decks_of[left[valid]])], axis=1)
        for b, row in zip(buckets.tolist(), totals):
            by_bucket[b] = by_bucket.get(b, 0) + row
        steps(size)
    effects = effects_of_removal([spec.paytable().bets[b] for b in served],
                                 Shoe.decks(deal.decks), tableau=spec.tableau)
    rows = []
    first_depth = 0 if by is DepthBy.CARDS else 1
    for i, name in enumerate(names):
        for bucket in sorted(by_bucket):
            rounds_here, seen_sum, decks_sum = by_bucket[bucket]
            decks = decks_sum / rounds_here
            here = sorted((c, row) for (b, c), row in by_count.items() if b == bucket)
            counts_seen = np.array([c for c, _ in here])
            n = np.array([row[0] for _, row in here])
            sums = np.array([row[1 + i] for _, row in here])
            status, index, at = favourable_from(counts_seen, n, sums)
            estimate = _first_order(effects[i], count, deal.cards, seen_sum / rounds_here)
            rows.append(IndexRow(
                bet=name, start=first_depth + bucket * every,
                end=first_depth + bucket * every + every - 1,
                rounds=int(rounds_here), decks_left=float(decks),
                lowest=int(counts_seen[0]), highest=int(counts_seen[-1]), status=status,
                running=index, true=None if index is None else index / decks,
                rounds_at_index=at, mean_value=float(sums.sum() / n.sum()),
                first_order_running=estimate,
                first_order_true=None if estimate is None else estimate / decks))
    return IndexSheet(str(paytable.path), count, tuple(names), deal, seed, shoes, by, every,
                      tuple(rows))


__all__ = ["DEFAULT_EVERY", "INDEX_BATCH", "IndexRow", "IndexSheet", "IndexStatus",
           "MAX_INDEX_SHOES", "favourable_from", "increasing_fit", "index_sheets"]
