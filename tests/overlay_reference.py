"""A plain-Python reference for multiplier games, for tests only: every coup of a small
shoe (tests/reference.py) and every draw of a small virtual deck, settled from the rules
directly. It shares no code with bacc_edge's overlay arithmetic."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations, product
from math import comb, prod

from reference import card_points, coups_dealt

#: the words of the settings this reference reads (as bacc_edge names them)
PRODUCT, EACH_CARD = "product", "each card"


def rows_of(shape):
    return [list(shape.get(r, (0, 0, 0, 0))) for r in range(13)]


def physical(shape):
    return tuple((r, s) for r, row in shape.items() for s, n in enumerate(row)
                 for _ in range(n))


def terms(name, coup):
    """What bet ``name`` does on ``coup``, read from the rules directly: (its net when
    it does not win, or None when it wins; the cards it pays on; base pay; less; plain
    pay)."""
    p_cards = [c for c in (coup[0], coup[2], coup[4]) if c is not None]
    b_cards = [c for c in (coup[1], coup[3], coup[5]) if c is not None]
    pp = sum(card_points(r) for r, _ in p_cards) % 10
    bp = sum(card_points(r) for r, _ in b_cards) % 10
    paid = {"Player": (pp > bp, p_cards, 1, 0, 1), "Banker": (bp > pp, b_cards, 1,
                                                              Fraction(1, 20), Fraction(1, 2)),
            "Tie": (pp == bp, p_cards + b_cards, 5, 0, 5),
            "Pair": (coup[0][0] == coup[2][0], [coup[0], coup[2]], 9, 0, 9)}
    won, cards, base, less, plain = paid[name]
    lost = None if won else 0 if name in ("Player", "Banker") and pp == bp else -1
    return lost, cards, base, less, plain


def settle(name, terms_, drawn, combine, repeats):
    """The net win of bet ``name`` on a coup of ``terms_`` with ``drawn`` (identity →
    multiplier)."""
    lost, cards, base, less, plain = terms_
    if lost is not None:
        return lost
    hits = [c for c in (cards if repeats == EACH_CARD else set(cards)) if c in drawn]
    if not hits:
        net = plain
    else:
        ms = [drawn[c] for c in hits]
        net = base * (prod(ms) if combine == PRODUCT else sum(ms)) - less
    return min(net, 40) if name == "Tie" else net


def reference_law(shape, name, combine, repeats, klaw, mlaw, extra):
    """{net win: probability} of bet ``name`` (Player, Banker, Tie or Pair as
    :func:`terms` reads them) over every coup of the shoe ``shape`` ({rank: copies per
    suit}) and every draw: k identities (k from ``klaw``, {k: probability}) from the
    shoe's identities and ``extra`` more, each a multiplier from ``mlaw``."""
    cards = physical(shape)
    deck = sorted(set(cards)) + [(99, i) for i in range(extra)]
    draws = []
    for k, pk in klaw.items():
        for chosen in combinations(deck, int(k)):
            for ms in product(mlaw, repeat=int(k)):
                draws.append((dict(zip(chosen, ms)),
                              pk / comb(len(deck), int(k)) * prod(mlaw[m] for m in ms)))
    law: Counter = Counter()
    coups = coups_dealt(cards)
    total = sum(w for _, w in coups)
    for coup, ways in coups:
        of_coup = terms(name, coup)
        for drawn, p in draws:
            law[settle(name, of_coup, drawn, combine, repeats)] += Fraction(ways, total) * p
    return {x: p for x, p in law.items() if p}


