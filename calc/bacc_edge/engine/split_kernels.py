"""The numba kernels of a count made by ranks and suits apart on any shoe
(:mod:`~bacc_edge.analysis.split_count`): the suit side's sequences weighed into rank
sequences one position at a time, and the rank side's sequences read off the result
(where each reads, found once for all the suit side's answers).

Where the cards of ``k`` positions are dealt as one card each, a rank sequence r and a
suit sequence z are dealt together in Π_j n[r_j, z_j] ways (``n``: the shoe's cards by
rank and suit). Summed over the suit sequences a side's answer b holds for, that is a
tensor contraction — ``q[b, z_1 … z_k]`` with ``n`` along each position — made one
position at a time: k passes of (ranks · suits) products over a tensor that grows from
suits**k to ranks**k entries, rather than suits**k products for each of ranks**k
sequences (1.9 × 10**7 multiply-adds against 2 × 10**10 for six cards). Integer
arithmetic throughout: every entry is a count of deals, bounded by the caller.
"""

from __future__ import annotations

from .jit import kernel


@kernel
def weigh_suits(q, n, k, kept, out, scratch):
    """``out[b, r, z_1] = Σ_z q[b, z] Π_{j > 1} n[r_j, z_j]`` for every answer b (rows of
    ``q``), every rank sequence r of positions 2 … ``k`` (the first most significant, as
    z in ``q``'s columns) and every suit of the first, where ``kept`` is 1; where it is
    0, ``out[b, r]`` with the first position's ranks too. ``scratch``: two rows of at
    least max(ranks, suits)**k entries.
    The last position first: each pass turns one position's suits into ranks, the
    positions after it already ranks. The costliest pass, the first position's (every
    other one ranks: ranks**k entries), is left to the reader where ``kept`` is 1
    (:func:`read_ranks`), which sums its suits only at the rank sequences dealt."""
    ranks, suits = n.shape
    for b in range(q.shape[0]):
        size = q.shape[1]
        now, then = 0, 1
        for i in range(size):
            scratch[now, i] = q[b, i]
        after = 1  # entries of the positions after the one turned: ranks**(k-1-m)
        for m in range(k - 1, kept - 1, -1):
            before = size // (suits * after)  # suits**m
            for a in range(before):
                for r in range(ranks):
                    to = (a * ranks + r) * after
                    for j in range(after):
                        scratch[then, to + j] = 0
                    for z in range(suits):
                        w = n[r, z]
                        if w == 0:
                            continue
                        at = (a * suits + z) * after
                        for j in range(after):
                            scratch[then, to + j] += w * scratch[now, at + j]
            size = before * ranks * after
            after *= ranks
            now, then = then, now
        if kept:  # the first position's suits last: read four in a row
            stride = size // suits
            for z in range(suits):
                for i in range(stride):
                    out[b, i * suits + z] = scratch[now, z * stride + i]
        else:
            for i in range(size):
                out[b, i] = scratch[now, i]


@kernel
def rank_places(rows, place, labels, spans, weighed_at, free_at, sign, answer, at, free,
                their_answer):
    """For each rank sequence c of each span ``start:stop`` (its ranks ``labels[c]``), in
    the order the spans read them: ``at`` its ranks' places at ``weighed_at`` as one
    number (``place``: per rank its number among the ranks weighed, -1 for a rank the
    shoe lacks; the first position most significant), ``free`` sign · Π rows[rank at
    free_at] (``rows``: per rank its cards in all the suits, the weight of a position
    whose suit is not weighed), 0 where the sequence holds a rank the shoe lacks, and
    ``their_answer`` its rank side's answer ``answer[c]``."""
    ranks = 0
    for r in range(len(place)):
        ranks += place[r] >= 0
    i = 0
    for s in range(spans.shape[0]):
        for c in range(spans[s, 0], spans[s, 1]):
            weight = sign
            for j in range(len(free_at)):
                weight *= rows[labels[c, free_at[j]]]
            code = 0
            for j in range(len(weighed_at)):
                p = place[labels[c, weighed_at[j]]]
                if p < 0:
                    weight = 0
                    break
                code = code * ranks + p
            at[i] = code
            free[i] = weight
            their_answer[i] = answer[c]
            i += 1


@kernel
def read_ranks(weighed, n, stride, at, free, answer, out):
    """``out[answer[i], b] += free[i] · Σ_z n[f, z] · weighed[b, r · suits + z]`` for
    each rank sequence i (:func:`rank_places`' ``at`` = f · stride + r and ``free``, its
    rank side's answer ``answer[i]``) and each row b of ``weighed`` (:func:`weigh_suits`
    with its first position's suits kept, last; ``n`` one 1 and ``stride`` 1 where no
    position is weighed). Read in the order of ``at``: one pass along each row."""
    suits = n.shape[1]
    for i in range(len(at)):
        if free[i] == 0:
            continue
        a, f, r = answer[i], at[i] // stride, at[i] % stride
        for b in range(weighed.shape[0]):
            total = 0
            for z in range(suits):
                total += n[f, z] * weighed[b, r * suits + z]
            out[a, b] += free[i] * total


@kernel
def read_whole(rows, labels, spans, weighed_at, free, answer, whole):
    """``whole[answer[i]] += free[i] · Π rows[rank at weighed_at]`` for each rank
    sequence i of the spans (as :func:`rank_places` reads them): its deals whatever the
    suits."""
    i = 0
    for s in range(spans.shape[0]):
        for c in range(spans[s, 0], spans[s, 1]):
            every = free[i]
            for j in range(len(weighed_at)):
                every *= rows[labels[c, weighed_at[j]]]
            whole[answer[i]] += every
            i += 1


@kernel
def partition_codes(labels, out):
    """Per sequence (a row of ``labels``: a rank or suit per position, -1 for no card),
    each position's block's first position (the earliest position of the same label; a
    position with no card its own), as digits base (positions) over the positions, the
    first least significant."""
    width = labels.shape[1]
    for c in range(labels.shape[0]):
        code, scale = 0, 1
        for i in range(width):
            first = i
            if labels[c, i] >= 0:
                for j in range(i):
                    if labels[c, j] == labels[c, i]:
                        first = j
                        break
            code += first * scale
            scale *= width
        out[c] = code
