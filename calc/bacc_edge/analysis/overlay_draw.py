"""The overlay's draw, exactly: the law of the combined multiplier a set of paid cards
receives, from the pattern in which they repeat identities.

The draw picks K distinct identities from a virtual deck of N (K from the overlay's
law), uniformly, and gives each a multiplier from its law, independently. The paid
cards hold m distinct identities, held a_1 … a_m times (their *pattern*). By symmetry
each particular set S of j of them is exactly the set drawn among them with probability

    P(S) = sum_k P(K = k) · C(N - m, k - j) / C(N, k)

(the other k - j identities drawn come from the N - m the cards do not hold), so the
law of the combined multiplier depends on the cards only through their pattern. Given
S, each identity s in S contributes its multiplier M_s (once, or per card: M_s ** a_s in
a product, a_s · M_s in a sum) and the contributions combine by product or sum. Every
probability is a Fraction.

Given the paid cards' ranks, their identity pattern's law follows from the suits each
rank holds in the shoe (:func:`identity_law`), so the engine need not tell suits apart
at all.
"""

from __future__ import annotations

from functools import lru_cache
from fractions import Fraction
from itertools import combinations
from math import comb

from ..language.overlay import Combine, Overlay, Repeats


def matched_set_probability(overlay: Overlay, held: int, matched: int) -> Fraction:
    """The probability that one particular set of ``matched`` identities, among the
    ``held`` distinct identities of the paid cards, is exactly the set drawn among them."""
    n = overlay.deck
    return sum((p * Fraction(comb(n - held, k - matched), comb(n, k))
                for k, p in ((int(k), p) for k, p in overlay.identities.probabilities.items())
                if 0 <= k - matched <= n - held), Fraction(0))


@lru_cache(maxsize=4096)
def multiplier_law(overlay: Overlay, pattern: tuple[int, ...]) -> dict:
    """The law of the combined multiplier of cards repeating identities as ``pattern``
    (e.g. ``(2, 1)``): ``{None: P(no card matches), factor: probability, …}``."""
    out: dict = {}
    for j in range(len(pattern) + 1):
        each = matched_set_probability(overlay, len(pattern), j)
        if not each:
            continue
        for chosen in combinations(pattern, j):
            if not chosen:
                out[None] = out.get(None, Fraction(0)) + each
                continue
            for factor, p in _combined(overlay, chosen).items():
                out[factor] = out.get(factor, Fraction(0)) + each * p
    return out


@lru_cache(maxsize=65536)
def identity_law(held: tuple[tuple[tuple[int, ...], int], ...],
                 replacement: bool = False) -> dict:
    """The law of the identity pattern of cards whose ranks are known: ``held`` gives,
    per rank the cards hold, that rank's cards in the shoe by suit (any order) and how
    many of them the cards hold (``(((8, 8, 8, 8), 2), ((8, 8, 8, 8), 1))``: two of one
    rank, one of another, from a full 8-deck shoe). Given their ranks, the cards of one
    rank are a draw without replacement from that rank's cards, each rank apart; with
    ``replacement`` (an infinite deck), each card's suit is drawn anew, in proportion to
    the rank's cards of each suit. ``{identity pattern: probability}``."""
    out = {(): Fraction(1)}
    for suits, c in held:
        out = _merged(out, _suit_split(suits, c, replacement))
    return out


@lru_cache(maxsize=4096)
def _suit_split(suits: tuple[int, ...], c: int, replacement: bool = False) -> dict:
    """How ``c`` cards drawn from one rank's cards (``suits`` of each suit) split by
    suit, without replacement (the ways of choosing each suit's cards) or with it (a
    multinomial: c! / Π x! · Π (suit's share) ** x): ``{pattern: probability}``."""
    out: dict = {}
    held = sum(suits)
    whole = Fraction(held ** c if replacement else comb(held, c))

    def place(i: int, left: int, taken: tuple, ways: int) -> None:
        if i == len(suits):
            if left == 0:
                key = tuple(sorted((x for x in taken if x), reverse=True))
                out[key] = out.get(key, Fraction(0)) + ways / whole
            return
        for x in range(left + 1 if replacement else min(left, suits[i]) + 1):
            way = comb(left, x) * suits[i] ** x if replacement else comb(suits[i], x)
            if way:
                place(i + 1, left - x, taken + (x,), ways * way)

    place(0, c, (), 1)
    return out


def _merged(a: dict, b: dict) -> dict:
    """The law of two independent patterns' union."""
    out: dict = {}
    for pa, qa in a.items():
        for pb, qb in b.items():
            key = tuple(sorted(pa + pb, reverse=True))
            out[key] = out.get(key, Fraction(0)) + qa * qb
    return out


def _combined(overlay: Overlay, copies: tuple[int, ...]) -> dict[Fraction, Fraction]:
    """The law of the combined multiplier of matched identities held ``copies`` times."""
    law = overlay.multipliers.probabilities
    product = overlay.combine is Combine.PRODUCT
    out = {Fraction(1) if product else Fraction(0): Fraction(1)}
    for a in copies:
        per_card = overlay.repeats is Repeats.EACH_CARD
        one = {(m ** a if product else a * m) if per_card else m: p for m, p in law.items()}
        step: dict = {}
        for x, px in out.items():
            for y, py in one.items():
                z = x * y if product else x + y
                step[z] = step.get(z, Fraction(0)) + px * py
        out = step
    return out


__all__ = ["identity_law", "matched_set_probability", "multiplier_law"]
