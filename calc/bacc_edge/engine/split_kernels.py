"""The numba kernels of a count made by ranks and suits apart on any shoe
(:mod:`~bacc_edge.analysis.split_count`): the rank side's sequences turned into suits
one position at a time, per rank side's answer, then met by the suit side's answers.

Where the cards of ``k`` positions are dealt as one card each, a rank sequence r and a
suit sequence z are dealt together in Π_j n[r_j, z_j] ways (``n``: the shoe's cards by
rank and suit). Summed over the rank sequences a rank side's answer a holds for, that
is ``R[a, z] = Σ_r P[a, r] Π_j n[r_j, z_j]``: per answer, suits**k numbers (4,096 for
six cards), which meet the suit side's answers in one small matrix product. The
sequences are few against ranks**k (each answer holds for a share of them), so the
first positions are turned into suits sequence by sequence (:func:`scatter_suits`:
suits**s products a sequence), the others over every rank at once
(:func:`ranks_into_suits`: ranks · suits products an entry). Integer arithmetic
throughout: every entry is a count of deals or a term of their inclusion-exclusion,
bounded by the caller.
"""

from __future__ import annotations

from .jit import kernel


@kernel
def scatter_suits(at, weight, answer, lo, n, sparse, stride, out, products):
    """``out[zs · stride + rest, a - lo] += weight[i] · Π_{j < sparse} n[r_j, zs_j]`` for
    each rank sequence i whose answer a (``answer[i]``) lies in ``lo`` … ``lo`` +
    ``out.shape[1]``, and each suit sequence zs of its first ``sparse`` positions (the
    first most significant): ``at[i]`` holds its ranks' places, base ``n.shape[0]``, the
    first most significant, the first ``sparse`` as r, the others as ``rest`` (below
    ``stride``, ranks**(positions - sparse)): those are left ranks. The answers
    innermost: sequences in the order of their ranks write each row along.
    ``products``: suits**sparse entries."""
    ranks, suits = n.shape
    width = out.shape[1]
    combos, stride_of_first = 1, 1  # suits**sparse; ranks**(sparse - 1)
    for j in range(sparse):
        combos *= suits
        stride_of_first *= ranks
    stride_of_first //= ranks
    for i in range(len(at)):
        a = answer[i] - lo
        if a < 0 or a >= width or weight[i] == 0:
            continue
        first, rest = at[i] // stride, at[i] % stride
        products[0] = weight[i]
        size, divisor = 1, stride_of_first
        for j in range(sparse):  # the first position's suit most significant
            r = (first // divisor) % ranks
            divisor //= ranks
            for e in range(size - 1, -1, -1):  # each product so far times n[r, z]
                w = products[e]
                for z in range(suits - 1, -1, -1):
                    products[e * suits + z] = w * n[r, z]
            size *= suits
        for zs in range(combos):
            if products[zs] != 0:
                out[zs * stride + rest, a] += products[zs]


@kernel
def ranks_into_suits(mixed, n, sparse, dense, width, out, scratch):
    """``out[z · width + c] = Σ_r mixed[(zs · ranks**dense + r) · width + c] Π_j n[r_j,
    z_j]`` for each of ``width`` answers c: ``mixed`` (as :func:`scatter_suits` leaves
    it, flat) holds the suits of the first ``sparse`` positions, then the ranks of the
    ``dense`` others, then the answer; each of those positions turned into suits in
    turn, the first first, so that ``out`` holds the suits of every position, the first
    most significant, then the answer. ``scratch``: two rows of at least the larger of
    ``mixed`` and ``out``."""
    ranks, suits = n.shape
    size = len(mixed)
    now, then = 0, 1
    for i in range(size):
        scratch[now, i] = mixed[i]
    before = 1  # suits**(positions turned): the prefixes of suits
    for j in range(sparse):
        before *= suits
    after = size // before  # ranks**(positions still ranks) · width
    for m in range(dense):
        after //= ranks
        for b in range(before):
            for z in range(suits):
                to = (b * suits + z) * after
                for e in range(after):
                    scratch[then, to + e] = 0
                for r in range(ranks):
                    w = n[r, z]
                    if w == 0:
                        continue
                    at = (b * ranks + r) * after
                    for e in range(after):
                        scratch[then, to + e] += w * scratch[now, at + e]
        before *= suits
        now, then = then, now
    for i in range(len(out)):
        out[i] = scratch[now, i]


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
