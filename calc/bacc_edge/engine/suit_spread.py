"""A shoe with cards removed without their suit, as the shoes their suits could have left.

``8 decks less 5 5 K`` names the ranks of three cards, not their suits. A bet that reads
suits or colours is counted on such a shoe as the sum, over every way the removed cards'
suits could have fallen, of its count on the shoe so left, each weighed by the ordered
ways to deal those cards (the table's total is the coups times
:func:`~bacc_edge.engine.outcome_table.suitless_ways`). A card layout reads a card's suit
only as its suit class (:func:`~bacc_edge.engine.card_cells.suit_class_of`: its colour, or
"♥" against the rest, or its own suit), so the shoes that differ only in which suits of
one class left count alike: the sum runs over the removed cards' classes, rank by rank,
a handful of shoes where a bet reads colours (three for two fives: none, one or both
red). Each shoe is a shoe of known suits, counted as fast as any (its record replayed,
its count made in stages or in groups); the alternative, one count that weighs every card
sequence by the fractions the removed cards bring, kept modulo primes
(:func:`~bacc_edge.engine.card_table.card_table`), deals every sequence with each card's
suit class. :func:`spread_shoes` gives the shoes and their weights; the caller prices both
ways and takes the cheaper.
"""

from __future__ import annotations

import itertools
from math import factorial, prod

from ..game.cards import SUITS_PER_RANK
from ..game.shoe import Shoe, falling
from .card_cells import suit_class_of


def spread_count(shoe: Shoe, detail) -> int:
    """How many shoes :func:`spread_shoes` gives for ``shoe`` and ``detail``'s suit
    classes: the product over ranks of the ways to split the cards removed without a
    suit among the classes (no more of a class than the rank holds)."""
    out = 1
    for r, n in enumerate(shoe.suitless):
        if n:
            ways = [1] + [0] * n  # ways[j]: splits of j cards among the classes so far
            for c in class_counts(detail, shoe.suits[r]):
                ways = [sum(ways[j - a] for a in range(min(j, c) + 1)) for j in range(n + 1)]
            out *= ways[n]
    return out


def spread_shoes(shoe: Shoe, detail) -> list[tuple[int, Shoe]]:
    """Every shoe ``shoe``'s cards removed without a suit could have left, one per way
    to split them, rank by rank, among ``detail``'s suit classes, with its weight: the
    ordered ways to deal those cards from the shoe's cards of their rank, Π over ranks of
    u! / Π_s x_s! · Π_s falling(c_s, x_s) (u cards of the rank removed, x_s of class s,
    c_s of class s before). The weights sum to
    :func:`~bacc_edge.engine.outcome_table.suitless_ways`. The suits of a class's cards
    removed are taken from its suits with the most cards (any of the class count alike)."""
    of = suit_class_of(detail)
    per_rank = []
    for r, n in enumerate(shoe.suitless):
        if n:
            pool = class_counts(detail, shoe.suits[r])
            per_rank.append([(r, x, factorial(n) // prod(factorial(a) for a in x)
                              * prod(falling(c, a) for c, a in zip(pool, x)))
                             for x in _splits(n, pool)])
    out = []
    for choice in itertools.product(*per_rank):
        rows = [list(row) for row in shoe.suits]
        for r, x, _ in choice:
            for s_class, take in enumerate(x):
                for _ in range(take):  # from the class's suit with the most cards left
                    s = max((s for s in range(SUITS_PER_RANK) if of[s] == s_class),
                            key=lambda s: rows[r][s])
                    rows[r][s] -= 1
        named = Shoe(ranks=shoe.ranks, suits=tuple(tuple(row) for row in rows),
                     label=shoe.label, dealt_from=shoe.dealt_from)
        out.append((prod(w for _, _, w in choice), named))
    return out


def class_counts(detail, row) -> list[int]:
    """A rank's cards per suit class of ``detail``, from its four suit counts."""
    of = suit_class_of(detail)
    out = [0] * detail.n_suit_classes
    for s in range(SUITS_PER_RANK):
        out[of[s]] += int(row[s])
    return out


def _splits(n: int, pool: list[int]) -> list[tuple[int, ...]]:
    """Every way to take ``n`` cards from classes holding ``pool`` cards: x with Σ x = n
    and x_s <= pool[s]."""
    if not pool:
        return [()] if n == 0 else []
    return [(a, *rest) for a in range(min(n, pool[0]) + 1) for rest in _splits(n - a, pool[1:])]


__all__ = ["class_counts", "spread_count", "spread_shoes"]
