"""A record's leaves summed by the multiset of what their weight is made of.

On any shoe, a leaf of a :class:`~bacc_edge.engine.card_kernels.CardRecord` weighs a
product of one factor a card: the ways to deal its unused positions (``tails`` of its
cards dealt), its coup's ways, and per card the cards of its pool left before it — a
suited card from its fine class less the cards of that class before it, a card by base
only from its base less every card of that base before it, a card by point value from
its value less the cards of that value before it — as
:func:`~bacc_edge.engine.card_kernels.replay_cells` weighs it. The order of those
factors does not matter, only which (pool, cards before) pairs there are. Where the
coups are not grouped (each coup's ways fixed), leaves of one multiset of pairs weigh
alike on every shoe, though dealt in other orders or other coups: a bet reading the
cards' ranks (random bet 1) deals 1.7 million leaves, of 24,000 multisets (43,000 at
one of its two settle classes or the other).

So a record's leaves are summed by multiset and cell as it is made (:func:`leaf_sums`:
each leaf's key, the keys sorted, each run of one key folded by cell), and by the
settle classes a report asks for (:func:`multisets_of`: each multiset's cells turned
into classes and folded again, some 60 ms for 1.7 million leaves, at once where the
report asked before the record was made): per multiset its key, and per class it
reaches its ways, the sum of its leaves' coup ways times orders. Each later shoe is
then weighed once a multiset (:func:`replay_multisets`), not once a leaf: random bets 1,
12, 33, 34 and 17, 8 to 38 times fewer; their later shoes 2-5 ms of CPU, where the
leaves took 21-140. Where the multisets a class are more than half the leaves, the
leaves are replayed. A record of coups grouped (a group's ways are a sum over its
coups, differing shoe by shoe) is not summed. A record of suits renamed in order of
appearance is: a suited card's pool is then its base and label, and a multiset weighs
the sum over the namings of its labels by suit classes (:func:`replay_named_multisets`).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from .card_kernels import base_counts_of, class_tables, injective_sum
from .jit import inline, kernel

#: Bits of a pair in a key: its pool (fine class, base, then point value, numbered in
#: that order) times 8 plus the cards of that pool before it (at most 5 of six cards).
PAIR_BITS, BEFORE_BITS = 10, 3
#: A key holds at most six pairs, and its cards dealt above them.
MAX_CARDS = 6
CARDS_SHIFT = PAIR_BITS * MAX_CARDS
#: The most pools a key can number.
MAX_POOLS = 1 << (PAIR_BITS - BEFORE_BITS)
#: Bytes a leaf may take while its record is summed by cell (its key, ways and coup; their
#: order; key, place and ways in that order, and their sums: by cell, few leaves share a
#: sum): the caller sums by cell no record whose leaves would take more than its records
#: may, and sums it by class instead.
SUMMING_BYTES = 64
#: Leaves summed at a time (:func:`leaf_sums`): some 70 bytes each while a part is summed.
PART_LEAVES = 1 << 19
#: Bytes a sum takes while the parts' sums are summed again (its key, place and ways, in
#: the parts and in their sum, and its order): the caller bounds the sums by it.
SUM_BYTES = 48
#: A run of leaves of one key at most this long is summed by place without sorting.
SHORT_RUN = 32
#: A record is summed only where its multisets (a place each) are at most this share of
#: its leaves: else its leaves' own replay costs about as little, and summing them was
#: time lost once.
MOST_SHARE = 0.5


class CardMultisets(NamedTuple):
    """A record's leaves summed by multiset (by cell, :func:`leaf_sums`; by class,
    :func:`multisets_of`): multiset k's key ``keys[k]`` (its cards dealt, in bits
    CARDS_SHIFT up, above one pair each: pool · 8 + the cards of its pool before it,
    PAIR_BITS bits a pair, in increasing order), and its places ``first[k]:first[k +
    1]``: each reached (``at``, as the record's) by leaves of ``ways`` coup ways times
    orders in all."""

    keys: np.ndarray
    first: np.ndarray
    at: np.ndarray
    ways: np.ndarray


@inline
def _insert(pairs, n, pair):
    """``pair`` put among the first ``n`` of ``pairs`` (in increasing order) in its place."""
    k = n
    while k > 0 and pairs[k - 1] > pair:
        pairs[k] = pairs[k - 1]
        k -= 1
    pairs[k] = pair


@kernel
def leaf_keys(record, coup_of, factors, coup_ways, n_classes, n_suits, keys, ways):
    """Each leaf j of ``record`` (of coup ``coup_of[j]``; its coup's ``factors`` and
    ``coup_ways``; shoes of ``n_classes`` fine classes of ``n_suits`` suit classes): its
    multiset's key into ``keys[j]`` (as :class:`CardMultisets` keys it), its coup's ways
    times its orders into ``ways[j]``. Pools: fine class c is c, base b is n_classes +
    b, point value v is n_classes + n_classes // n_suits + v (the caller checks they
    fit a pair). A coup's cards are its fine ones (``factors[i, 1]``) and those by value
    (from ``factors[i, 2:]``, with the cards of their value before each, as
    :func:`~bacc_edge.engine.card_kernels.coup_factors` reads them). Returns False, the
    keys unfinished, where a count of cards before does not fit a pair, or a coup's
    cards are not as many as its cards dealt."""
    n_bases = n_classes // n_suits
    base_of, _ = class_tables(n_classes, n_suits)  # no division a card (tens of cycles)
    pairs = np.zeros(2 * MAX_CARDS, dtype=np.int64)
    by_orders = record.orders.shape[0] > 0
    for j in range(coup_of.shape[0]):
        i = coup_of[j]
        nf, n_suited = factors[i, 1] // 8, factors[i, 1] % 8
        n = 0
        for d in range(nf):
            c = np.int64(record.classes[j, d])
            before = 0
            if d < n_suited:
                pool = c
                for e in range(d):
                    if record.classes[j, e] == c:
                        before += 1
            else:
                pool = n_classes + base_of[c]
                for e in range(d):
                    if base_of[record.classes[j, e]] == base_of[c]:
                        before += 1
            _insert(pairs, n, (pool << BEFORE_BITS) + before)
            n += 1
        q = 2
        while q < factors.shape[1] and factors[i, q] >= 0 and n < pairs.shape[0]:
            before = np.int64(factors[i, q + 1])
            if before >= 1 << BEFORE_BITS:
                return False
            _insert(pairs, n, ((n_classes + n_bases + np.int64(factors[i, q])) << BEFORE_BITS)
                    + before)
            n += 1
            q += 2
        if n != factors[i, 0] or n > MAX_CARDS:
            return False
        key = np.int64(n) << CARDS_SHIFT
        for k in range(n):
            key |= pairs[k] << (PAIR_BITS * k)
        keys[j] = key
        ways[j] = coup_ways[i] * (np.int64(record.orders[j]) if by_orders else 1)
    return True


@inline
def _fold_run(at, ways, start, stop, place_of, out_at, out_ways, held):
    """The leaves ``start:stop`` of one key (their places ``at``, each turned into
    ``place_of[at]`` unless that is None, and ``ways``) summed by place into ``out_at``
    and ``out_ways`` from ``held`` on (which may be the leaves' own arrays: each is
    written at or before the leaves read after it). Returns the new ``held``. A run finds
    each leaf's place among those it has summed so far (most runs are a few leaves), or
    sorts its places where it is longer than :data:`SHORT_RUN`."""
    first = held
    if stop - start <= SHORT_RUN:
        for e in range(start, stop):
            place = at[e] if place_of is None else place_of[at[e]]
            h = first
            while h < held and out_at[h] != place:
                h += 1
            if h < held:
                out_ways[h] += ways[e]
            else:
                out_at[h], out_ways[h] = place, ways[e]
                held += 1
        return held
    places = at[start:stop].copy() if place_of is None else place_of[at[start:stop]]
    order = np.argsort(places, kind="mergesort")  # copied: the output may be the input
    run_ways = ways[start:stop][order]
    for r in range(stop - start):
        place = places[order[r]]
        if held > first and place == out_at[held - 1]:
            out_ways[held - 1] += run_ways[r]
        else:
            out_at[held], out_ways[held] = place, run_ways[r]
            held += 1
    return held


@kernel
def fold_leaves(keys, at, ways, first):
    """Leaves in the order of their keys (``keys``, their places ``at`` and ``ways``)
    summed by key and place, in place: the k-th key is written into ``keys[k]``, and its
    places and their ways into ``at`` and ``ways`` from ``first[k]`` to ``first[k + 1]``.
    Returns how many keys there are."""
    n = keys.shape[0]
    n_keys, held, start = 0, 0, 0
    while start < n:
        stop = start + 1
        while stop < n and keys[stop] == keys[start]:
            stop += 1
        keys[n_keys] = keys[start]
        first[n_keys] = held
        held = _fold_run(at, ways, start, stop, None, at, ways, held)
        n_keys += 1
        first[n_keys] = held
        start = stop
    return n_keys


@kernel
def fold_places(multisets, place_of, out_first, out_at, out_ways):
    """``multisets``' places ``at`` turned into ``place_of[at]`` and summed again, key by
    key: key k's into ``out_at`` and ``out_ways`` from ``out_first[k]`` to
    ``out_first[k + 1]``. Returns how many (key, place) there are."""
    held = 0
    for k in range(multisets.keys.shape[0]):
        out_first[k] = held
        held = _fold_run(multisets.at, multisets.ways, multisets.first[k],
                         multisets.first[k + 1], place_of, out_at, out_ways, held)
    out_first[multisets.keys.shape[0]] = held
    return held


def pools_fit(n_classes: int, n_suits: int, n_values: int) -> bool:
    """Whether shoes of ``n_classes`` fine classes of ``n_suits`` suit classes and
    ``n_values`` point values have pools (fine classes, their bases, point values) few
    enough for a key (:data:`MAX_POOLS`)."""
    return n_classes + n_classes // n_suits + n_values <= MAX_POOLS


def leaf_sums(record, factors: np.ndarray, coup_ways: np.ndarray, n_classes: int,
              n_suits: int, n_values: int, place_of: np.ndarray | None = None,
              most: float = np.inf) -> CardMultisets | None:
    """``record``'s leaves (a :class:`~bacc_edge.engine.card_kernels.CardRecord`, or a
    :class:`~bacc_edge.engine.card_kernels.CellRecord`, of coups not grouped; its coups'
    ``factors`` and ``coup_ways``; its shoes of ``n_classes`` fine classes of ``n_suits``
    suit classes and ``n_values`` point values) summed by multiset and place (the
    record's, a cell known; or ``place_of[at]``, its class). By class, :data:`PART_LEAVES`
    leaves at a time, and the parts' sums summed again: a record of millions of leaves is
    summed by class in tens of megabytes (bet 13's 6.2 million leaves are 898,000 sums
    by class), where summing it whole took 64 bytes a leaf. By cell, whole: few leaves
    share a cell, so parts would save no memory and sort the sums again (the caller sums
    by cell only a record that fits whole, :data:`SUMMING_BYTES`). None where its pools
    do not fit a key, or its sums pass ``most``."""
    n = len(record.at)
    if not pools_fit(n_classes, n_suits, n_values) or n == 0:
        return None
    first = getattr(record, "first", None)  # a CellRecord has each leaf's coup instead
    part_leaves = n if place_of is None else PART_LEAVES
    summed, parts = None, []
    for start in range(0, n, part_leaves):
        stop = min(n, start + part_leaves)
        part = record._replace(
            classes=record.classes[start:stop], at=record.at[start:stop],
            orders=record.orders[start:stop] if len(record.orders) else record.orders)
        coup_of = (record.coup[start:stop] if first is None else (np.searchsorted(
            first, np.arange(start, stop), side="right") - 1).astype(np.int32))
        keys, ways = np.empty(stop - start, dtype=np.int64), np.empty(stop - start,
                                                                      dtype=np.int64)
        if not leaf_keys(part, coup_of, factors, coup_ways, n_classes, n_suits, keys, ways):
            return None
        parts.append(_summed(keys, part.at if place_of is None else place_of[part.at], ways))
        held = sum(len(p.at) for p in parts)
        if stop == n or held > max(part_leaves, 0 if summed is None else len(summed.at)):
            # the parts summed into the sums so far while they are still few (at most
            # about twice the sums); one part alone is summed already
            held_parts = parts if summed is None else [summed, *parts]
            summed = held_parts[0] if len(held_parts) == 1 else _summed(
                *(np.concatenate(a) for a in zip(*(
                    (np.repeat(p.keys, np.diff(p.first)), p.at, p.ways) for p in held_parts))))
            parts = []
            if len(summed.at) > most:
                return None
    return summed


def _summed(keys: np.ndarray, at: np.ndarray, ways: np.ndarray) -> CardMultisets:
    """Leaves (their keys, places and ways) summed by key and place."""
    order = np.argsort(keys)
    keys, at, ways = keys[order], at[order], ways[order]
    del order
    first = np.empty(len(keys) + 1, dtype=np.int64)
    n_keys = fold_leaves(keys, at, ways, first)
    held = int(first[n_keys])
    return CardMultisets(keys[:n_keys].copy(), first[:n_keys + 1].copy(), at[:held].copy(),
                         ways[:held].copy())


def multisets_of(sums: CardMultisets, place_of: np.ndarray,
                 leaves: int) -> CardMultisets | None:
    """A record's ``leaves`` summed by multiset and place (:func:`leaf_sums`), each place
    ``at`` now ``place_of[at]`` (a cell known, its class) and summed again; None where
    the (multiset, place) are more than :data:`MOST_SHARE` of the leaves (known before
    summing where the multisets alone are)."""
    if len(sums.keys) > MOST_SHARE * leaves:
        return None
    n = len(sums.at)
    first = np.empty(len(sums.keys) + 1, dtype=np.int64)
    at, ways = np.empty(n, dtype=place_of.dtype), np.empty(n, dtype=np.int64)
    held = fold_places(sums, place_of, first, at, ways)
    if held > MOST_SHARE * leaves:
        return None
    return CardMultisets(sums.keys, first, at[:held].copy(), ways[:held].copy())


@inline
def _pair_factors(fine_counts, value_counts, n_suits, removal, first):
    """Per pair (pool · 8 + cards before) of the pools from ``first`` on, its factor:
    the pool's cards less ``removal`` times those before it, 0 where that is not
    positive (pools as :func:`leaf_keys` numbers them)."""
    n_classes = fine_counts.shape[0]
    n_bases = n_classes // n_suits
    n_pools = n_classes + n_bases + value_counts.shape[0]
    base_counts = base_counts_of(fine_counts, n_suits)
    factor = np.zeros(n_pools << BEFORE_BITS, dtype=np.int64)
    for pool in range(first, n_pools):
        if pool < n_classes:
            cards = fine_counts[pool]
        elif pool < n_classes + n_bases:
            cards = base_counts[pool - n_classes]
        else:
            cards = value_counts[pool - n_classes - n_bases]
        for before in range(1 << BEFORE_BITS):
            left = cards - removal * before
            factor[(pool << BEFORE_BITS) + before] = left if left > 0 else 0
    return factor


@inline
def _add_places(multisets, k, x, out):
    """Multiset ``k``'s ways at each place times its weight ``x`` added to ``out`` (1 a
    multiset at no place known, ``out[-1]``)."""
    unknown = out.shape[0] - 1
    for e in range(multisets.first[k], multisets.first[k + 1]):
        at = multisets.at[e]
        if at == unknown:
            out[unknown] += 1
        else:
            out[at] += multisets.ways[e] * x


@kernel
def replay_multisets(multisets, shoe, n_suits, out):
    """Add to ``out[at]`` each multiset's weight on ``shoe`` (a
    :class:`~bacc_edge.engine.card_kernels.CardShoe`, ``relabel`` 0) times the ways it
    reaches ``at`` with, as :func:`~bacc_edge.engine.card_kernels.replay_cells` adds its
    leaves' (``out[-1]``: 1 a multiset of nonzero weight at no place known). A pair's
    factor is its pool's cards less ``removal`` times those before it, none where that
    is not positive. Weights are ordered deals of the shoe, below 2**63 as the caller
    bounds them, and so is each sum of a multiset's leaves."""
    fine_counts, value_counts, tails, removal, _ = shoe
    factor = _pair_factors(fine_counts, value_counts, n_suits, removal, 0)
    pair_mask = (1 << PAIR_BITS) - 1
    for k in range(multisets.keys.shape[0]):
        key = multisets.keys[k]
        n_cards = key >> CARDS_SHIFT
        x = tails[n_cards]
        for p in range(n_cards):
            x *= factor[(key >> (PAIR_BITS * p)) & pair_mask]
        if x != 0:
            _add_places(multisets, k, x, out)


@kernel
def replay_named_multisets(multisets, shoe, n_suits, out):
    """:func:`replay_multisets` for a layout whose suits are renamed in order of
    appearance (:func:`~bacc_edge.engine.card_kernels.count_named`'s sequences): a pair
    of a suited fine class is a base and a label, not a suit class, so a multiset weighs,
    beside its other pairs' factors, the sum over every naming of its labels by distinct
    suit classes φ of Π over its suited pairs of the cards of their base and suit class
    φ(label) less ``removal`` times those before it
    (:func:`~bacc_edge.engine.card_kernels.injective_sum`), as
    :func:`~bacc_edge.engine.card_kernels.replay_named` weighs a leaf. The labels are
    named in order of appearance, so a multiset's labels are 0 up to its largest."""
    fine_counts, value_counts, tails, removal, _ = shoe
    n_classes = fine_counts.shape[0]
    factor = _pair_factors(fine_counts, value_counts, n_suits, removal, n_classes)
    g = np.ones((n_suits, n_suits), dtype=np.int64)
    dp = np.zeros((2, 1 << n_suits), dtype=np.int64)
    pair_mask, before_mask = (1 << PAIR_BITS) - 1, (1 << BEFORE_BITS) - 1
    for k in range(multisets.keys.shape[0]):
        key = multisets.keys[k]
        n_cards = key >> CARDS_SHIFT
        x = tails[n_cards]
        g[:, :] = 1
        n_labels = 0
        for p in range(n_cards):
            pair = (key >> (PAIR_BITS * p)) & pair_mask
            pool = pair >> BEFORE_BITS
            if pool >= n_classes:
                x *= factor[pair]
                continue
            base, label, before = pool // n_suits, pool % n_suits, pair & before_mask
            n_labels = max(n_labels, label + 1)
            for c in range(n_suits):
                left = fine_counts[base * n_suits + c] - removal * before
                g[label, c] *= left if left > 0 else 0
        if x != 0:
            x *= injective_sum(g, n_labels, n_suits, dp)
        if x != 0:
            _add_places(multisets, k, x, out)


def multisets_replay(relabel: int):
    """The kernel that weighs a layout's multisets on a shoe: :func:`replay_named_multisets`
    where its suits are renamed in order of appearance (``relabel`` set), else
    :func:`replay_multisets`."""
    return replay_named_multisets if relabel else replay_multisets


def parts(multisets: CardMultisets, n: int):
    """``multisets`` in ``n`` parts of about as many multisets, for a step of progress
    each: the places of each part's multisets stay where they are."""
    edges = np.linspace(0, len(multisets.keys), n + 1).astype(int)
    for start, stop in zip(edges[:-1], edges[1:]):
        yield multisets._replace(keys=multisets.keys[start:stop],
                                 first=multisets.first[start:stop + 1])



__all__ = ["MOST_SHARE", "PART_LEAVES", "SUMMING_BYTES", "SUM_BYTES", "CardMultisets",
           "fold_leaves", "fold_places", "leaf_keys", "leaf_sums", "multisets_of", "parts",
           "multisets_replay", "pools_fit", "replay_multisets", "replay_named_multisets"]
