"""The numba kernels of a count made by ranks and suits apart on any shoe
(:mod:`~bacc_edge.analysis.split_count`): the suit side's sequences weighed into rank
sequences one position at a time, and the rank side's sequences read off the result.

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
def weigh_suits(q, n, k, out, scratch):
    """``out[b, r] = Σ_z q[b, z] Π_j n[r_j, z_j]`` for every answer b (rows of ``q``)
    and every rank sequence r of ``k`` positions (the first most significant, as z in
    ``q``'s columns). ``scratch``: two rows of at least max(ranks, suits)**k entries.
    The last position first: each pass turns one position's suits into ranks, the
    positions after it already ranks, so that the costliest pass (the first position,
    every other one ranks) runs along rows of ranks**(k-1) entries."""
    ranks, suits = n.shape
    for b in range(q.shape[0]):
        size = q.shape[1]
        now, then = 0, 1
        for i in range(size):
            scratch[now, i] = q[b, i]
        after = 1  # entries of the positions after the one turned: ranks**(k-1-m)
        for m in range(k - 1, -1, -1):
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
        for i in range(size):
            out[b, i] = scratch[now, i]


@kernel
def read_ranks(weighed, rows, place, labels, spans, weighed_at, free_at, answer, sign, out,
               whole):
    """For each rank sequence c of each span ``start:stop`` (its ranks ``labels[c]``,
    its rank side's answer ``answer[c]``): ``out[answer[c], b] +=
    sign · weighed[b, at(c)] · Π rows[rank at free_at]`` for each row b of
    ``weighed``, ``at(c)`` its ranks' places (``place``: per rank its number among the
    ranks weighed, -1 for a rank the shoe lacks) at ``weighed_at`` as one number (the
    first most significant); and where ``whole`` has entries, ``whole[answer[c]] +=
    sign · Π rows[rank at every position]``. ``rows``: per rank its cards in all the
    suits (the weight of a position whose suit the suit side never reads, and of one
    summed over every suit). A sequence holding a rank the shoe lacks adds nothing. The
    sequences lie in the order the spans read them (read through an index of cells,
    three times the time)."""
    ranks = 0
    for r in range(len(place)):
        ranks += place[r] >= 0
    for s in range(spans.shape[0]):
        for c in range(spans[s, 0], spans[s, 1]):
            a = answer[c]
            free = sign
            for j in range(len(free_at)):
                free *= rows[labels[c, free_at[j]]]
            at = 0
            for j in range(len(weighed_at)):
                p = place[labels[c, weighed_at[j]]]
                if p < 0:
                    free = 0
                    break
                at = at * ranks + p
            if free == 0:
                continue
            if len(whole):
                every = free
                for j in range(len(weighed_at)):
                    every *= rows[labels[c, weighed_at[j]]]
                whole[a] += every
            if weighed.shape[0]:
                for b in range(weighed.shape[0]):
                    out[a, b] += free * weighed[b, at]


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
