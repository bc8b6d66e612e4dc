"""A slow, independent enumerator of coups, for tests only.

It shares no code with the engine: it deals real cards one at a time from a list of
card kinds, applies the drawing rules as the guide in seed 001 words them, and tallies
every finished coup under its own description of the outcome. Use it on small shoes.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache


def card_points(rank: int) -> int:
    """Rank 0 = ace … 12 = king: aces one, tens and court cards nothing."""
    return (rank + 1) % 10 if rank < 9 else 0


def banker_draws_prose(banker: int, player_third: int | None) -> bool:
    """The banker's rule as seed 001 states it in prose (no natural on the table)."""
    if player_third is None:  # the player stood: the banker draws on 0-5
        return banker <= 5
    if banker <= 2:
        return True
    if banker == 3:
        return player_third != 8
    if banker == 4:
        return player_third in (2, 3, 4, 5, 6, 7)
    if banker == 5:
        return player_third in (4, 5, 6, 7)
    if banker == 6:
        return player_third in (6, 7)
    return False


def _drawing_rules(tableau=None):
    """(player draws on total?, banker draws on total against the player's third or
    None?): the prose of seed 001, or a tableau's marks read directly."""
    if tableau is None:
        return (lambda total: total <= 5), banker_draws_prose
    return ((lambda total: tableau.player[total]),
            (lambda total, third: tableau.banker[total][10 if third is None else third]))


def coup_length(cards, pos: int, tableau=None) -> int:
    """How many cards the coup starting at ``cards[pos]`` takes (cards numbered rank · 4 +
    suit), by the prose rules of seed 001 or a tableau's marks read directly."""
    player_draws, banker_draws = _drawing_rules(tableau)
    p = [card_points(int(c) // 4) for c in cards[pos:pos + 6]]
    pt, bt = (p[0] + p[2]) % 10, (p[1] + p[3]) % 10
    if pt >= 8 or bt >= 8:
        return 4
    if player_draws(pt):
        return 6 if banker_draws(bt, p[4]) else 5
    return 5 if banker_draws(bt, None) else 4


def _ways_unused(n: int, k: int, taken: int = 1) -> int:
    out = 1
    for i in range(k):
        out *= n - i * taken
    return out


def reference_counts(kinds: list[tuple[int, int | None, int]], replacement: bool = False,
                     tableau=None) -> Counter:
    """Ordered six-card deals by outcome, from kinds (rank, suit or None, count);
    with ``replacement`` every card goes back before the next is dealt.

    The drawing rules are the prose of seed 001 (the player draws on 0-5), or, given a
    ``tableau``, its marks read directly: ``tableau.player[total]`` and
    ``tableau.banker[total][player third, or 10 when the player stood]``. Naturals
    (8 and 9) end the coup either way.

    The outcome is (player pair state, banker pair state, player two-card total, banker
    two-card total, player third value or -1, banker third value or -1), pair state 0
    none, 1 same rank, 2 same rank and a known, equal suit.
    """
    counts = [k[2] for k in kinds]
    tally: Counter = Counter()
    player_draws, banker_draws = _drawing_rules(tableau)

    taken = 0 if replacement else 1

    def draw():
        total = sum(counts)
        for i, c in enumerate(counts):
            if c:
                counts[i] -= taken
                yield i, c, total
                counts[i] += taken

    def pair_state(i, j):
        (ri, si, _), (rj, sj, _) = kinds[i], kinds[j]
        if ri != rj:
            return 0
        return 2 if (si is not None and si == sj) else 1

    for p1, w1, _ in draw():
        for b1, w2, _ in draw():
            for p2, w3, _ in draw():
                for b2, w4, left in draw():
                    w = w1 * w2 * w3 * w4
                    left -= taken
                    pt = (card_points(kinds[p1][0]) + card_points(kinds[p2][0])) % 10
                    bt = (card_points(kinds[b1][0]) + card_points(kinds[b2][0])) % 10
                    head = (pair_state(p1, p2), pair_state(b1, b2), pt, bt)
                    if pt >= 8 or bt >= 8:
                        tally[head + (-1, -1)] += w * _ways_unused(left, 2, taken)
                        continue
                    if not player_draws(pt):
                        if banker_draws(bt, None):
                            for b3, w5, rest in draw():
                                y = card_points(kinds[b3][0])
                                tally[head + (-1, y)] += w * w5 * _ways_unused(rest - taken, 1)
                        else:
                            tally[head + (-1, -1)] += w * _ways_unused(left, 2, taken)
                        continue
                    for p3, w5, rest in draw():
                        x = card_points(kinds[p3][0])
                        if banker_draws(bt, x):
                            for _b3, w6, _ in draw():
                                y = card_points(kinds[_b3][0])
                                tally[head + (x, y)] += w * w5 * w6
                        else:
                            tally[head + (x, -1)] += w * w5 * _ways_unused(rest - taken, 1)
    return tally


def reference_deals(cards: list[tuple[int, int]], tableau=None):
    """Every coup dealt from ``cards`` (a list of (rank, suit), one entry per physical
    card), one by one: yields (P1, B1, P2, B2, P3, B3) as (rank, suit) or None for a
    third card not dealt, and the ordered six-card deals that begin so (the unused
    positions dealt from what is left). Drawing rules as :func:`reference_counts`."""
    player_draws, banker_draws = _drawing_rules(tableau)
    n = len(cards)

    def points(*idx):
        return sum(card_points(cards[i][0]) for i in idx) % 10

    def tail(used):
        return _ways_unused(n - used, 6 - used)

    for p1, b1, p2, b2 in _orderings(n, 4):
        hand = [cards[p1], cards[b1], cards[p2], cards[b2]]
        pt, bt = points(p1, p2), points(b1, b2)
        if pt >= 8 or bt >= 8:
            yield (*hand, None, None), tail(4)
            continue
        rest = [i for i in range(n) if i not in (p1, b1, p2, b2)]
        if not player_draws(pt):
            if banker_draws(bt, None):
                for b3 in rest:
                    yield (*hand, None, cards[b3]), tail(5)
            else:
                yield (*hand, None, None), tail(4)
            continue
        for p3 in rest:
            x = card_points(cards[p3][0])
            if banker_draws(bt, x):
                for b3 in rest:
                    if b3 != p3:
                        yield (*hand, cards[p3], cards[b3]), 1
            else:
                yield (*hand, cards[p3], None), tail(5)


@lru_cache(maxsize=64)
def coups_dealt(cards: tuple[tuple[int, int], ...]) -> tuple:
    """:func:`reference_deals` of ``cards`` (a tuple, one entry per physical card), each
    coup once, with the ordered six-card deals of every physical way to deal it summed:
    ((P1, B1, P2, B2, P3, B3), deals) pairs. Copies of one card deal the same coup
    many times over, so a test that settles each coup by hand settles far fewer; kept
    for the last shoes asked, which tests ask again for other bets."""
    deals: Counter = Counter()
    for coup, ways in reference_deals(list(cards)):
        deals[coup] += ways
    return tuple(deals.items())


def _orderings(n: int, k: int):
    """Every ordered choice of k distinct indices from n."""
    if k == 0:
        yield ()
        return
    for head in _orderings(n, k - 1):
        for i in range(n):
            if i not in head:
                yield head + (i,)


def reference_sequences(cards: list[tuple[int, int]], tableau=None):
    """Every ordered sequence of six of ``cards`` (a list of (rank, suit), one entry per
    physical card), one by one: yields the coup it deals, as :func:`reference_deals`
    yields it ((P1, B1, P2, B2, P3, B3), None for a third card not dealt), and the six
    cards in the order they leave the shoe, dealt to a hand or not. Each sequence is one
    of the ordered six-card deals the counts count. Drawing rules as
    :func:`reference_counts`."""
    rules = _drawing_rules(tableau)
    for order in _orderings(len(cards), 6):
        six = tuple(cards[i] for i in order)
        yield _coup_of(six, *rules), six


def reference_kind_sequences(kinds: list[tuple[tuple[int, int], int]], tableau=None,
                             replacement: bool = False):
    """Every sequence of six card kinds a shoe deals, with how many ordered six-card
    deals of its physical cards give it: ``kinds`` is a list of ((rank, suit), copies).
    Yields (coup, six, deals) as :func:`reference_sequences` yields (coup, six), once per
    sequence of kinds instead of once per physical ordering (deals: the product of the
    copies left of each card as it is dealt; with ``replacement`` every card goes back
    first). Drawing rules as :func:`reference_counts`."""
    rules = _drawing_rules(tableau)
    left = [n for _, n in kinds]
    taken = 0 if replacement else 1

    def deal(six, ways):
        if len(six) == 6:
            yield six, ways
            return
        for i, n in enumerate(left):
            if n:
                left[i] -= taken
                yield from deal(six + (kinds[i][0],), ways * n)
                left[i] += taken

    for six, ways in deal((), 1):
        yield _coup_of(six, *rules), six, ways


def _coup_of(six, player_draws, banker_draws) -> tuple:
    """(P1, B1, P2, B2, P3, B3) that the six cards out of the shoe deal, None for a third
    card not dealt."""
    points = [card_points(rank) for rank, _ in six]
    pt, bt = (points[0] + points[2]) % 10, (points[1] + points[3]) % 10
    player_third = banker_third = None
    if pt < 8 and bt < 8:
        if player_draws(pt):
            player_third = six[4]
            if banker_draws(bt, points[4]):
                banker_third = six[5]
        elif banker_draws(bt, None):
            banker_third = six[4]
    return (*six[:4], player_third, banker_third)
