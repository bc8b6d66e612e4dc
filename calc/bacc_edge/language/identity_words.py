"""How a group's cards repeat *identities* (rank and suit together, the 52 faces of a
deck): the word a multiplier overlay reads.

An eight-deck shoe holds eight cards of each identity, so a hand may hold the 7♣ twice.
:func:`identity_counts` is the multiset of how many of the group's dealt cards share
each identity (``(1, 1, 1)``: three different cards; ``(2, 1)``: two alike and one
other), as :class:`~bacc_edge.language.card_words.Multiplicities` is for ranks alone.
It reads the group's ranks and suits in no particular order and never names a suit, so
the engine counts it with suits named in order of appearance
(:mod:`bacc_edge.engine.card_table`).

:func:`group_patterns` lists every pattern a group can show: a multiplier overlay
(:mod:`bacc_edge.language.overlay`) splits each multiplied event by it, since what the
overlay pays depends on the winning cards only through it (or, on a shoe whose ranks
all hold their suits alike, through the pattern of their ranks).
"""

from __future__ import annotations

import numpy as np

from ..engine.features import RELATED_RANKS, group_name
from ..game.coup import POSITIONS
from .card_words import CardGroup
from .condition_algebra import Condition, ConditionError

#: the cards every coup deals (both hands' first two), whatever the tableau
ALWAYS_DEALT = frozenset(POSITIONS[:4])


def partitions(n: int, largest: int | None = None) -> list[tuple[int, ...]]:
    """Every way to write ``n`` as a sum of whole numbers from 1 up, largest first:
    ``partitions(3) == [(3,), (2, 1), (1, 1, 1)]``."""
    largest = n if largest is None else largest
    if n == 0:
        return [()]
    return [(k,) + rest for k in range(min(n, largest), 0, -1)
            for rest in partitions(n - k, k)]


def group_patterns(group: CardGroup) -> list[tuple[int, ...]]:
    """Every pattern of repeats (of ranks, or of identities) ``group`` can show, from its
    fewest cards dealt to its most: a hand's ``[(2,), (1, 1), (3,), (2, 1), (1, 1, 1)]``."""
    fewest = max(1, len(ALWAYS_DEALT.intersection(group.positions)))
    return [p for n in range(fewest, len(group.positions) + 1) for p in partitions(n)]


def identity_counts(group: CardGroup, pattern) -> Condition:
    """The group's dealt cards repeat identities (rank and suit) as ``pattern`` says:
    ``identity_counts(player.hand, (2, 1))`` holds when two of the player's three cards
    are the same card (say two 7♣) and the third another. The order of the tuple does
    not matter."""
    if not isinstance(group, CardGroup):
        raise ConditionError(f"identity_counts({group!r}, …): give a group of cards, "
                             f"e.g. player.hand")
    if (not isinstance(pattern, (tuple, list)) or not pattern
            or not all(isinstance(k, int) and not isinstance(k, bool) and k > 0
                       for k in pattern)):
        raise ConditionError(f"identity_counts({group.text}, {pattern!r}): give the "
                             f"counts as a tuple of whole numbers, e.g. (2, 1)")
    pattern = tuple(sorted(pattern, reverse=True))
    where = group_name(group.positions)
    ranks, suits, dealt = (f"{where}.{a}" for a in ("rank", "suit", "dealt"))

    def test(f):
        copies, first, held = _copies(np.asarray(f[ranks]), np.asarray(f[suits]),
                                      np.asarray(f[dealt], dtype=bool))
        ok = held.sum(axis=0) == sum(pattern)
        for k in range(1, len(group.positions) + 1):
            ok &= ((copies == k) & first).sum(axis=0) == pattern.count(k)
        return ok

    return Condition(f"{group.text}.identity_counts == {pattern}", test,
                     frozenset({ranks, suits, dealt, RELATED_RANKS}))


def _copies(ranks: np.ndarray, suits: np.ndarray, held: np.ndarray):
    """Per card (one row each): how many dealt cards of the group are the same card (0
    for a card not dealt), and whether it is the first of them."""
    copies = np.zeros(ranks.shape, dtype=np.int8)
    first = held.copy()
    for i in range(len(ranks)):
        for j in range(len(ranks)):
            same = (ranks[i] == ranks[j]) & (suits[i] == suits[j]) & held[j]
            copies[i] += same
            if j < i:
                first[i] &= ~same
    return np.where(held, copies, 0), first, held


__all__ = ["ALWAYS_DEALT", "group_patterns", "identity_counts", "partitions"]
