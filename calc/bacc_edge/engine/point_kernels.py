"""The numba kernels of the point-level outcome table (``outcomes``): they count coups by
point values and pair states. (The card-level kernel is ``_card_kernels``, the shoe
dealer ``_deal_kernels``; all three compile through :mod:`bacc_edge.engine.jit`.)

Kernels take plain, validated arrays and fill the output arrays they are given; they
never see user input and never allocate. Each also runs as plain Python (see
:func:`bacc_edge.engine.jit.plain`) on arrays of Python integers: the big-integer path for shoes
whose counts would overflow int64. So the kernels use nothing that plain Python lacks.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ..game import coup as _coup
from ..game.coup import PairState
from .jit import inline, kernel

#: Pair states of a hand's first two cards (``coup.PairState``) and the third cards a
#: block deals (``coup.CoupPlan.thirds``), as the kernels code them.
NO_PAIR, PAIR, SUITED_PAIR = (int(s) for s in PairState)
NO_THIRDS, BANKER_ONLY, PLAYER_THEN_BANKER = _coup.NO_THIRDS, _coup.BANKER_ONLY, \
    _coup.PLAYER_THEN_BANKER


@inline
def _ff2(x, removal):
    """Ordered ways to take two cards from x: x·(x-1) with removal (zero below two),
    x·x with replacement (``removal == 0``)."""
    if removal == 0:
        return x * x
    return x * (x - 1) if x > 1 else 0 * x


@kernel
def pair_weights(kind_count, kind_rank, class_start, n_states, removal, class_size, two,
                 four, rank_count):
    """Per point-value class, the ordered two-card and four-card weights by pair state.

    ``kind_count`` holds the cards of each distinct kind (a rank, or a rank and suit),
    grouped by point value: the kinds of value v are ``class_start[v]:class_start[v+1]``.
    Fills ``class_size[v]``; ``two[v, s]``, the ways to deal a hand's two cards from class
    v in pair state s; ``four[v, s, t]``, the ways to deal four cards of class v, the
    player's two (state s) then the banker's two (state t). With ``n_states == 2`` a
    suited pair is folded into the plain pair. ``removal`` is 1 for a real shoe and 0
    for cards dealt with replacement. ``rank_count`` is scratch, one per kind.
    """
    for v in range(class_size.shape[0]):
        lo = class_start[v]
        hi = class_start[v + 1]
        size = 0 * class_size[v]
        same_type = 0 * size
        for t in range(lo, hi):
            size += kind_count[_i(t)]
            same_type += _ff2(kind_count[_i(t)], removal)
        # cards of each kind's rank within the class, for "same rank" pairs
        for t in range(lo, hi):
            rank_count[_i(t)] = 0 * size
            for u in range(lo, hi):
                if kind_rank[_i(u)] == kind_rank[_i(t)]:
                    rank_count[_i(t)] += kind_count[_i(u)]
        same_rank = 0 * size
        for t in range(lo, hi):
            first = True
            for u in range(lo, t):
                if kind_rank[_i(u)] == kind_rank[_i(t)]:
                    first = False
            if first:
                same_rank += _ff2(rank_count[_i(t)], removal)
        class_size[v] = size
        two[v, SUITED_PAIR] = same_type
        two[v, PAIR] = same_rank - same_type
        two[v, NO_PAIR] = _ff2(size, removal) - same_rank
        for s in range(3):
            for t in range(3):
                # with replacement the two hands' pairs are independent
                four[v, s, t] = 0 * size if removal else two[v, s] * two[v, t]
        rest = _ff2(size - 2, 1)
        for t1 in range(lo, hi if removal else lo):
            for t2 in range(lo, hi):
                c1 = kind_count[_i(t1)]
                c2 = kind_count[_i(t2)] - (1 if t1 == t2 else 0)
                w = c1 * c2
                if w <= 0:
                    continue
                # the banker's same-kind and same-rank ways once the player's two are out
                if t1 == t2:
                    b_type = same_type - _ff2(c1, 1) + _ff2(c1 - 2, 1)
                    s = SUITED_PAIR
                else:
                    k2 = kind_count[_i(t2)]
                    b_type = (same_type - _ff2(c1, 1) - _ff2(k2, 1)
                              + _ff2(c1 - 1, 1) + _ff2(k2 - 1, 1))
                    s = PAIR if kind_rank[_i(t1)] == kind_rank[_i(t2)] else NO_PAIR
                r1 = rank_count[_i(t1)]
                r2 = rank_count[_i(t2)]
                if kind_rank[_i(t1)] == kind_rank[_i(t2)]:
                    b_rank = same_rank - _ff2(r1, 1) + _ff2(r1 - 2, 1)
                else:
                    b_rank = (same_rank - _ff2(r1, 1) - _ff2(r2, 1)
                              + _ff2(r1 - 1, 1) + _ff2(r2 - 1, 1))
                four[v, _i(s), NO_PAIR] += w * (rest - b_rank)
                four[v, _i(s), PAIR] += w * (b_rank - b_type)
                four[v, _i(s), SUITED_PAIR] += w * b_type
        if n_states == 2:
            two[v, PAIR] += two[v, SUITED_PAIR]
            two[v, SUITED_PAIR] = 0 * size
            for s in range(3):
                four[v, s, PAIR] += four[v, s, SUITED_PAIR]
                four[v, s, SUITED_PAIR] = 0 * size
            for t in range(2):
                four[v, PAIR, t] += four[v, SUITED_PAIR, t]
                four[v, SUITED_PAIR, t] = 0 * size


class StartPlan(NamedTuple):
    """Everything the enumeration knows about the game, as arrays built from a tableau
    by :mod:`bacc_edge.engine.point_table`: its own arrays of the starts (the first four cards),
    and the game's, which are the :class:`bacc_edge.game.coup.CoupPlan`'s own arrays. Point
    values run 0 … NV-1 (NV = ``total.shape[0]``); a *block* is a pair of two-card
    totals, numbered ``player total · NV + banker total``.
    """

    #: [u, v]: the hand total of two cards of point values u and v
    total: np.ndarray
    #: the unordered two-card value pairs (a ≤ b), grouped by their total: those of
    #: total t are ``pair_a[i], pair_b[i]`` for i in ``pair_start[t]:pair_start[t+1]``,
    #: the pairs of one value (a = b) last, from ``pair_same[t]``
    pair_a: np.ndarray
    pair_b: np.ndarray
    pair_start: np.ndarray
    pair_same: np.ndarray
    #: [u, t]: the point value that makes total t with a card of value u, -1 if none
    partner: np.ndarray
    #: per block, the third cards: NO_THIRDS; BANKER_ONLY (the player stood);
    #: PLAYER_THEN_BANKER, the banker's where ``banker_draws`` says so
    thirds: np.ndarray
    #: per block, the start sums its third cards need: 0 s0; 1 also s1; 2 also s2
    level: np.ndarray
    #: per block, its row in s1 (level ≥ 1) and in s2 (level 2) within a pair-state block
    s1_row: np.ndarray
    s2_row: np.ndarray
    #: rows of s1 and of s2 per pair state
    n_s1: int
    n_s2: int
    #: [banker total, player third + 1]: 1 where the banker draws (column 0: stood)
    banker_draws: np.ndarray
    #: [player total, banker total, player third + 1, banker third + 1]: the outcome
    #: cell within a pair-state block; a banker's drawn thirds sit side by side
    core: np.ndarray
    n_core: int


# Kinds, PairWork and StartSums name the fields of the per-shoe entry points' groups,
# but reach the kernels as plain tuples (``tuple(kinds)``), unpacked in order: numba types
# a plain tuple's fields in C at every call, a named tuple's in Python (about 0.5 µs a
# field, against 45 µs for a whole shoe).


class Kinds(NamedTuple):
    """How a shoe's counts become the enumeration's kinds of card (see
    :func:`pair_weights`): ``kind_of`` picks each kind's count from the shoe into
    ``kind_count`` (scratch), ordered by point value, with its rank ``kind_rank`` and
    ``class_start`` per point value; the pair states told apart (``n_states``) and
    ``removal`` (1 a real shoe, 0 dealt with replacement)."""

    kind_of: np.ndarray
    kind_count: np.ndarray
    kind_rank: np.ndarray
    class_start: np.ndarray
    n_states: int
    removal: int


class PairWork(NamedTuple):
    """What :func:`pair_weights` fills for one shoe: cards per point value, the ways of
    two and of four cards by pair state, cards per rank."""

    class_size: np.ndarray
    two: np.ndarray
    four: np.ndarray
    rank_count: np.ndarray


class StartSums(NamedTuple):
    """The start sums s0, s1, s2 of :func:`sum_starts` and the scratch u0, v0 and
    ``then`` of the two stages (sizes in :mod:`bacc_edge.engine.point_table`)."""

    s0: np.ndarray
    s1: np.ndarray
    s2: np.ndarray
    u0: np.ndarray
    v0: np.ndarray
    then: np.ndarray


@kernel
def enumerate_coups(counts, kinds, plan, pairs, sums, out):
    """Count every ordered six-card deal of a coup, by outcome cell, into ``out``.

    The shoe is ``counts`` (by rank, or by rank and suit); ``kinds`` (a :class:`Kinds`)
    picks from it the cards per kind as :func:`pair_weights` takes them; ``pairs`` (a
    :class:`PairWork`) receives that kernel's results. ``plan`` (a :class:`StartPlan`)
    says how totals are made and when each hand draws; ``sums`` is a :class:`StartSums`.

    Cards are dealt player, banker, player, banker, then the third cards the plan
    calls for. A coup that uses fewer than six cards counts the ways to deal the unused
    positions, so ``out`` sums to N·(N-1)·…·(N-5). Cell of a coup: ``(player state ·
    n_states + banker state) · n_core + core[player two-card total, banker two-card
    total, player third + 1, banker third + 1]``, a third of -1 meaning none.

    Stage one (:func:`sum_starts`) sums the starts (the first four cards' point
    values) per pair state and block: the ways ``s0``, the ways times the cards of value
    u taken (``s1``, rows of NV), and times the cards of values u and v taken (``s2``,
    rows of NV²), as far as the block's level needs them.
    Stage two (:func:`third_cards`) turns them into the third cards' counts, which
    are polynomials in those sums. ``sums`` is scratch; every cell of ``out`` is
    written.

    With ``removal == 0`` the cards are dealt with replacement (an infinite deck of
    this composition): nothing is taken out, and only s0 is needed.

    Exact while N**6 fits the integer type: every term is at most that.
    """
    _take_kinds(counts, kinds, pairs)
    n_states, removal = kinds[4], kinds[5]
    class_size, two, four, _ = pairs
    s0, s1, s2, u0, v0, then = sums
    sum_starts(removal, n_states, plan, class_size, two, four, s0, s1, s2, u0, v0)
    third_cards(removal, n_states, plan, class_size, s0, s1, s2, then, out)


@kernel
def _take_kinds(counts, kinds, pairs):
    """The shoe ``counts`` as the enumeration's kinds, and their :func:`pair_weights`."""
    kind_of, kind_count, kind_rank, class_start, n_states, removal = kinds
    class_size, two, four, rank_count = pairs
    for k in range(kind_count.shape[0]):
        kind_count[k] = counts[kind_of[k]]
    pair_weights(kind_count, kind_rank, class_start, n_states, removal, class_size, two,
                 four, rank_count)


@kernel
def sum_starts(removal, ns, plan, class_size, two, four, s0, s1, s2, u0, v0):
    """Stage one of :func:`enumerate_coups`: the start sums s0, s1 and s2.

    Within a block, with kp and kb the value counts of the player's and the banker's
    two cards (k = kp + kb) and w a start's ways: s1 = Σ w·k and s2 = Σ w·k·kᵀ =
    C + Cᵀ + Σ w·kp·kpᵀ + Σ w·kb·kbᵀ with the cross term C = Σ w·kp·kbᵀ. Each start
    adds its C and Cᵀ (eight additions); each hand's own term depends on its pair
    alone, so it is added once per pair from the marginals U0 = Σ w per player pair
    and V0 = Σ w per banker pair (scratch ``u0``, ``v0``). s2 is kept whole and
    symmetric, so that stage two reads its rows in order.
    """
    nv = plan.total.shape[0]
    nb = nv * nv
    nst = ns * ns
    n1 = plan.n_s1
    n2 = plan.n_s2
    level = plan.level
    s1_row = plan.s1_row
    s2_row = plan.s2_row
    pa = plan.pair_a
    pb = plan.pair_b
    ps = plan.pair_start
    _zero(s0)
    _zero(s1)
    _zero(s2)
    _ways_only(removal, ns, plan, class_size, two, four, s0, False)
    dims = (nv, nb, n1, n2)
    sums = (s0, s1, s2)
    for pt in range(nv):
        for bt in range(nv):
            blk = pt * nv + bt
            lv = level[blk] if removal else 0
            j0 = ps[bt]
            j1 = ps[bt + 1]
            if lv == 0:
                continue
            for jj in range(j1 - j0):
                for st in range(nst):
                    v0[jj, st] = 0 * v0[jj, st]
            g1 = s1_row[blk] * nv
            g2 = s2_row[blk] * nb
            x2 = lv == 2
            for i in range(ps[pt], ps[pt + 1]):
                a = pa[_i(i)]
                b = pb[_i(i)]
                ca = class_size[_i(a)]
                cb = class_size[_i(b)]
                for st in range(nst):
                    u0[st] = 0 * u0[st]
                xa = g2 + a * nv
                xb = g2 + b * nv
                plain = 0 * s0[0]  # the starts with no pair, in a register, not in u0
                for j in range(j0, j1):
                    c = pa[_i(j)]
                    d = pb[_i(j)]
                    cc = class_size[_i(c)]
                    cd = class_size[_i(d)]
                    jj = j - j0
                    if a != b and c != d:
                        w = 4 * ca * cb * (cc - removal * ((c == a) + (c == b))) * (
                            cd - removal * ((d == a) + (d == b)))
                        plain += w
                        v0[_i(jj), 0] += w
                        if x2:
                            s2[_i(xa + c)] += w
                            s2[_i(xa + d)] += w
                            s2[_i(xb + c)] += w
                            s2[_i(xb + d)] += w
                            s2[_i(g2 + c * nv + a)] += w
                            s2[_i(g2 + d * nv + a)] += w
                            s2[_i(g2 + c * nv + b)] += w
                            s2[_i(g2 + d * nv + b)] += w
                    elif a != b:
                        # the banker's two cards of one value c: split by its pair state
                        rest = 2 * (ca - 2 * removal * (a == c)) * (cb - 2 * removal * (b == c))
                        for sb in range(ns):
                            w = two[_i(c), sb] * rest
                            u0[sb] += w
                            v0[_i(jj), sb] += w
                            if x2:
                                h = sb * n2 * nb
                                s2[_i(h + xa + c)] += 2 * w
                                s2[_i(h + xb + c)] += 2 * w
                                s2[_i(h + g2 + c * nv + a)] += 2 * w
                                s2[_i(h + g2 + c * nv + b)] += 2 * w
                    elif c != d:
                        rest = 2 * (cc - 2 * removal * (c == a)) * (cd - 2 * removal * (d == a))
                        for sp in range(ns):
                            w = two[_i(a), sp] * rest
                            st = sp * ns
                            u0[_i(st)] += w
                            v0[_i(jj), _i(st)] += w
                            if x2:
                                h = st * n2 * nb
                                s2[_i(h + xa + c)] += 2 * w
                                s2[_i(h + xa + d)] += 2 * w
                                s2[_i(h + g2 + c * nv + a)] += 2 * w
                                s2[_i(h + g2 + d * nv + a)] += 2 * w
                    else:
                        for sp in range(ns):
                            for sb in range(ns):
                                w = (two[_i(a), sp] * two[_i(c), sb] if a != c
                                     else four[_i(a), sp, sb])
                                st = sp * ns + sb
                                u0[_i(st)] += w
                                v0[_i(jj), _i(st)] += w
                                if x2:
                                    s2[_i(st * n2 * nb + xa + c)] += 4 * w
                                    s2[_i(st * n2 * nb + g2 + c * nv + a)] += 4 * w
                u0[0] += plain
                _pair_terms(a, b, blk, g1, g2, u0, nst if a == b else ns, 1, lv, dims, sums,
                            True)
            for j in range(j0, j1):
                c = pa[_i(j)]
                d = pb[_i(j)]
                _pair_terms(c, d, blk, g1, g2, v0[_i(j - j0)], nst, 1 if c == d else ns, lv,
                            dims, sums, False)


@inline
def _pair_terms(a, b, blk, g1, g2, ways, hi, step, lv, dims, sums, count):
    """One hand's pair a, b with ``ways[st]`` ways per pair state st (0:hi:step): its
    ways into s0 (when ``count``), its cards into s1, and its own k·kᵀ into s2.
    ``dims`` = (nv, nb, n1, n2), ``sums`` = (s0, s1, s2)."""
    nv, nb, n1, n2 = dims
    s0, s1, s2 = sums
    for st in range(0, hi, step):
        w = ways[_i(st)]
        if count:
            s0[_i(st * nb + blk)] += w
        h1 = st * n1 * nv + g1
        s1[_i(h1 + a)] += w
        s1[_i(h1 + b)] += w
        if lv == 2:
            h2 = st * n2 * nb + g2
            if a != b:
                s2[_i(h2 + a * nv + b)] += w
                s2[_i(h2 + b * nv + a)] += w
                s2[_i(h2 + a * nv + a)] += w
                s2[_i(h2 + b * nv + b)] += w
            else:
                s2[_i(h2 + a * nv + a)] += 4 * w


@kernel
def _ways_only(removal, ns, plan, class_size, two, four, s0, every):
    """The ways s0 of the blocks whose third cards need no more (level 0), or of every
    block (``every``), each by :func:`_block_ways`. Apart from the main loop of
    :func:`sum_starts`, which runs faster without them."""
    nv = plan.total.shape[0]
    nb = nv * nv
    ps = plan.pair_start
    pairs = (plan.pair_a, plan.pair_b, plan.partner)
    for pt in range(nv):
        for bt in range(nv):
            blk = pt * nv + bt
            if removal and not every and plan.level[blk] != 0:
                continue
            _block_ways(removal, ns, nb, blk, bt, (ps[pt], ps[pt + 1], ps[bt],
                        plan.pair_same[bt], ps[bt + 1]), pairs, class_size, two, four, s0)


@inline
def _block_ways(removal, ns, nb, blk, bt, rows, pairs, class_size, two, four, s0):
    """Only the ways s0 of the starts of one block: player pairs i0:i1, banker pairs
    j0:j1 of total ``bt``, those from ``j_same`` of one value (``rows`` = (i0, i1, j0,
    j_same, j1); ``pairs`` = the plan's (pair_a, pair_b, partner)).

    The banker's pairs of two values are summed in closed form. With Q = Σ cc·cd over
    them, the player's cards take one card from each banker pair they share a value
    with, and a value is in one pair of a total at most (its partner): for a player
    pair of values a ≠ b the sum is Q − c(partner a) − c(partner b) (+1 if a, b is
    itself such a pair), for a pair of value a, 2·(Q − 2·c(partner a)), with removal.
    The banker's pairs of one value, two at most, are dealt one by one.
    """
    i0, i1, j0, j_same, j1 = rows
    pa, pb, partner = pairs
    q = 0 * s0[0]
    for j in range(j0, j_same):
        q += class_size[_i(pa[_i(j)])] * class_size[_i(pb[_i(j)])]
    plain = 0 * q  # the starts with no pair, in a register rather than in s0
    for i in range(i0, i1):
        a = pa[_i(i)]
        b = pb[_i(i)]
        ca = class_size[_i(a)]
        cb = class_size[_i(b)]
        if a != b:
            both = 1 if partner[_i(a), _i(bt)] == b else 0
            taken = (_partner_cards(a, bt, partner, class_size)
                     + _partner_cards(b, bt, partner, class_size) - both)
            plain += 4 * ca * cb * (q - removal * taken)
            for j in range(j_same, j1):
                c = pa[_i(j)]
                rest = 2 * (ca - 2 * removal * (a == c)) * (cb - 2 * removal * (b == c))
                for sb in range(ns):
                    s0[_i(sb * nb + blk)] += two[_i(c), sb] * rest
        else:
            rest = 2 * (q - 2 * removal * _partner_cards(a, bt, partner, class_size))
            for sp in range(ns):
                s0[_i(sp * ns * nb + blk)] += two[_i(a), sp] * rest
            for j in range(j_same, j1):
                c = pa[_i(j)]
                for sp in range(ns):
                    for sb in range(ns):
                        w = (two[_i(a), sp] * two[_i(c), sb] if a != c
                             else four[_i(a), sp, sb])
                        s0[_i((sp * ns + sb) * nb + blk)] += w
    s0[_i(blk)] += plain


@inline
def _partner_cards(u, t, partner, class_size):
    """The cards of the value that makes total t with u, where that is another value
    (a pair of two values); else 0."""
    v = partner[_i(u), _i(t)]
    return class_size[_i(v)] if v >= 0 and v != u else 0 * class_size[0]


@kernel
def third_cards(removal, ns, plan, class_size, s0, s1, s2, then, out):
    """Stage two of :func:`enumerate_coups`: every outcome cell from the start sums."""
    nv = plan.total.shape[0]
    nb = nv * nv
    thirds = plan.thirds
    s1_row = plan.s1_row
    s2_row = plan.s2_row
    n1 = plan.n_s1
    n2 = plan.n_s2
    n_core = plan.n_core
    banker_draws = plan.banker_draws
    core = plan.core
    one, two_left = _unused_ways(class_size, removal)
    for st in range(ns * ns):
        base = st * n_core
        for pt in range(nv):
            for bt in range(nv):
                blk = pt * nv + bt
                w = s0[st * nb + blk]
                kind = thirds[blk]
                if kind == NO_THIRDS:
                    out[_i(base + core[pt, bt, 0, 0])] = w * two_left
                    continue
                g1 = (st * n1 + s1_row[blk]) * nv
                if kind == BANKER_ONLY:
                    first = base + core[pt, bt, 0, 1]
                    for y in range(nv):
                        out[_i(first + y)] = (w * class_size[y] - s1[_i(g1 + y)]) * one
                    continue
                g2 = (st * n2 + s2_row[blk]) * nb
                # then[y]: ways to deal the start, then a card of value y
                for y in range(nv):
                    then[y] = class_size[y] * w - s1[_i(g1 + y)]
                for x in range(nv):
                    cx = class_size[x]
                    sx = s1[_i(g1 + x)]
                    if banker_draws[bt, x + 1] != 0:
                        first = base + core[pt, bt, x + 1, 1]
                        row = g2 + x * nv
                        for y in range(nv):
                            out[_i(first + y)] = (cx * then[y] - class_size[y] * sx
                                                  + s2[_i(row + y)])
                        # the player's third card is gone when the banker's is of its value
                        out[_i(first + x)] -= removal * then[x]
                    else:
                        out[_i(base + core[pt, bt, x + 1, 0])] = then[x] * one


@inline
def _i(k):
    """``k`` as an unsigned index: numba then leaves out the negative-index wraparound
    (a compare and a select at every access), which these loops would pay millions of
    times. Only for indices known to be in range; no arithmetic on the result."""
    return np.uint64(k)


@inline
def _unused_ways(class_size, removal):
    """Ways to deal one, and two, more cards after the first four: what a coup that
    stops early counts for the positions it leaves unused."""
    n = 0 * class_size[0]
    for v in range(class_size.shape[0]):
        n += class_size[v]
    one = n - 4 * removal - removal
    return one, (n - 4 * removal) * one


@inline
def _zero(arr):
    for i in range(arr.shape[0]):
        arr[i] = 0


@kernel
def group_sums(groups, counts, out):
    """Sum ``counts`` into ``out`` by the group number each cell carries in ``groups``."""
    for g in range(out.shape[0]):
        out[g] = 0 * counts[0]
    for i in range(counts.shape[0]):
        out[_i(groups[i])] += counts[i]


@kernel
def class_totals_each(shoes, kinds, plan, pairs, sums, cells, groups, totals):
    """For each row of ``shoes`` (a shoe's counts as :func:`enumerate_coups` takes
    them), its outcome counts summed by the group each cell carries in ``groups``, into
    that row of ``totals``: many shoes in one call (``cells`` is scratch)."""
    for r in range(shoes.shape[0]):
        enumerate_coups(shoes[r], kinds, plan, pairs, sums, cells)
        group_sums(groups, cells, totals[r])


@kernel
def pair_totals_each(shoes, kinds, plan, pairs, s0, groups, totals):
    """For each row of ``shoes`` (as :func:`class_totals_each` takes them), the deals by
    the two hands' pair states alone, state ``player · n_states + banker``, summed by the
    group each state carries in ``groups`` into that row of ``totals``: what a bet on
    pairs alone needs, without the rest of the coup. Each start of four cards goes on
    in as many ways, whatever the third cards: (N-4)·(N-5) with removal."""
    nv = plan.total.shape[0]
    nb = nv * nv
    n_states, removal = kinds[4], kinds[5]
    class_size, two, four, _ = pairs
    for r in range(shoes.shape[0]):
        _take_kinds(shoes[r], kinds, pairs)
        _zero(s0)
        _ways_only(removal, n_states, plan, class_size, two, four, s0, True)
        rest = _unused_ways(class_size, removal)[1]
        row = totals[r]
        _zero(row)
        for st in range(n_states * n_states):
            ways = 0 * rest
            for blk in range(nb):
                ways += s0[st * nb + blk]
            row[groups[st]] += ways * rest

