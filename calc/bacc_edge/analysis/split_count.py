"""A bet's count made from its ranks and its suits apart, where the shoe holds every
card of a rank alike in each suit (a full shoe of whole decks).

A bet that reads the ranks and the suits of five or six cards deals 10**8 to 10**10
card sequences a shoe (:mod:`~bacc_edge.engine.card_plan`). But where each of the words
its events are made of (:func:`~bacc_edge.language.condition_algebra.words`) reads ranks
(points, pairs, ranks, values, straights …) or suits (suits, colours, flushes …), never
both in one word, and the shoe holds ``c`` cards of every card of each rank it holds,
the count splits:

* the *rank side*: every sequence of ranks the coup can deal (its cards in the shoe
  order P1 B1 P2 B2 P3 B3, a third card only where drawn; cards 5 and 6 always where a
  bet reads them out of the shoe), each once (a few million), with which rank words
  hold, which hands drew, and which of its cards share a rank (a partition π);
* the *suit side*: every sequence of suits of those cards (4**6 at most), with which
  suit words hold and which cards share a suit (a partition σ);
* a sequence of ranks and one of suits are dealt together in
  W(π, σ) = Π over the blocks of π ∧ σ of (c)_k · (N - n)_(6 - n) ways: the cards of one
  rank and suit come from the c of that card, and the six-card convention's undealt
  cards from the N - n left (:attr:`~bacc_edge.game.shoe.Shoe.coups`).

So per drawing shape, the deals whose rank words answer a and suit words b are
Σ_{π, σ} A[a, π] · W(π, σ) · B[b, σ], a product of three small integer matrices, and
each (a, b) settles the bets as their events join the words' answers
(:func:`~bacc_edge.language.condition_algebra.holds`). Exact: every number is a count
of deals of the shoe, below its six-card deals, which the caller bounds below 2**63.
Random bet 75 (ranks and suits of six cards, 1.6 × 10**9 sequences) counts its full
shoe in under a second.

Where a word reads a rank and a suit at once (a suited pair, a card named by rank and
suit, a count of one rank in one suit) or the shoe is another (cards removed by name),
:func:`split_totals` answers None and the count is dealt as before.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import Sequence

import numpy as np

from ..engine.card_table import CardDetail, CardLayout, cards_held
from ..engine.features import (COUP_FEATURES, RELATED_RANKS, RELATED_SUITS, beyond_hands,
                               card_read)
from ..engine.outcome_table import sum_by_class
from ..game.coup import COUP_CARDS, POSITIONS
from ..game.shoe import Shoe, falling
from ..game.tableau import Tableau
from ..language.bet import Bet
from ..language.condition_algebra import Condition, holds, words
from .evaluator import settle_first

#: The parts of a finished coup that say only which hands drew (how many cards each
#: holds): both sides of a split count know them.
_SHAPE_PARTS = frozenset({"dp", "db"})
#: The most words a side answers (a bit each, beside a cell's shape and partition in one
#: 64-bit key), and the most pairs of the sides' answers joined in one shape (8 bytes
#: each, in a few arrays): past either, a bet is dealt as it would be on any shoe.
MOST_WORDS = 40
MOST_ANSWERS = 1 << 22


def suit_copies(shoe: Shoe) -> int | None:
    """The cards of each card a shoe holds, where it holds every card of a rank alike in
    each suit and as many of every card (c: whole decks), else None."""
    if shoe.suits is None or not shoe.suits_known or shoe.replacement:
        return None
    held = {n for row in shoe.suits for n in row} - {0}
    if len(held) != 1 or any(0 in row and any(row) for row in shoe.suits):
        return None
    return held.pop()


def side(word: Condition) -> str | None:
    """What a word reads of the cards: "rank", "suit", "" (only which hands drew, or
    nothing), or None for both or a feature not known here."""
    sides = set()
    for name in word.features:
        read = card_read(name)
        if name.startswith(("suit:", "colour:")) or name == RELATED_SUITS:
            sides.add("suit")
        elif name.startswith("rank:") or name == RELATED_RANKS:
            sides.add("rank")
        elif read is not None:
            attribute = read[1]
            if attribute != "dealt":
                sides.add("suit" if attribute in ("suit", "colour") else "rank")
        elif name in COUP_FEATURES:
            if not set(COUP_FEATURES[name]) <= _SHAPE_PARTS:
                sides.add("rank")
        elif name in ("player_pair", "banker_pair"):
            sides.add("rank")
        else:
            return None
    return None if len(sides) > 1 else (sides.pop() if sides else "")


def _by_side(bets: Sequence[Bet]) -> dict[str, list[Condition]] | None:
    """The words of ``bets``' events, each once, by the side that answers it (a word of
    neither side: the rank side's); None where a word reads both, or a side has more
    than MOST_WORDS."""
    by_side: dict[str, list[Condition]] = {"rank": [], "suit": []}
    seen = set()
    for w in (w for b in bets for e in b.events for w in words(e.when)):
        where = side(w)
        if where is None:
            return None
        if id(w) not in seen:
            seen.add(id(w))
            by_side[where or "rank"].append(w)
    return None if max(map(len, by_side.values())) > MOST_WORDS else by_side


def splits(bets: Sequence[Bet]) -> bool:
    """Whether every word of ``bets``' events reads ranks or suits, not both (and each
    side has at most MOST_WORDS): their count on a shoe of whole decks may be made by
    ranks and suits apart."""
    return _by_side(bets) is not None


def split_totals(shoe: Shoe, tableau: Tableau, bets: Sequence[Bet],
                 lines: Sequence[int]) -> np.ndarray | None:
    """Per way the lines of ``bets`` fall together (``lines`` per bet, the first bet
    most significant, as a streamed count numbers them), the deals of ``shoe`` that
    settle so, counted by ranks and suits apart (see the module); None where the shoe
    or a word does not allow it."""
    copies = suit_copies(shoe)
    by_side = _by_side(bets)
    if copies is None or by_side is None or shoe.coups >= 1 << 63:
        return None
    found = by_side["rank"] + by_side["suit"]
    beyond = tuple(sorted({card_read(name)[0][0] for w in found for name in w.features
                           if beyond_hands(name)}))
    ranks = _side_layout(tableau, cards_held(shoe), "rank", beyond)
    suits = _side_layout(tableau, cards_held(shoe), "suit", beyond)
    if ranks is None or suits is None:
        return None
    a_keys, a_shape, a_part, a_count = _classes(ranks, by_side["rank"])
    b_keys, b_shape, b_part, b_count = _classes(suits, by_side["suit"])
    n_rank = len(by_side["rank"])
    totals = np.zeros(int(np.prod(lines)), dtype=np.int64)
    answer_of = {id(w): i for i, w in enumerate(by_side["rank"])}
    answer_of.update({id(w): n_rank + i for i, w in enumerate(by_side["suit"])})
    for shape in np.union1d(a_shape, b_shape):
        ra, rb = a_shape == shape, b_shape == shape
        if not ra.any() or not rb.any():
            return None  # a shape one side deals and the other not: never so
        a_rows, a_col = np.unique(a_keys[ra], return_inverse=True)
        pi, pi_col = np.unique(a_part[ra], return_inverse=True)
        b_rows, b_col = np.unique(b_keys[rb], return_inverse=True)
        sigma, sigma_col = np.unique(b_part[rb], return_inverse=True)
        if _held(pi) != _held(sigma):
            return None  # the sides deal other cards in this shape: not one coup
        if len(a_rows) * len(b_rows) > MOST_ANSWERS:
            return None
        a = np.zeros((len(a_rows), len(pi)), dtype=np.int64)
        np.add.at(a, (a_col.reshape(-1), pi_col.reshape(-1)), a_count[ra])
        b = np.zeros((len(b_rows), len(sigma)), dtype=np.int64)
        np.add.at(b, (b_col.reshape(-1), sigma_col.reshape(-1)), b_count[rb])
        deals = a @ _ways(pi, sigma, copies, shoe.cards) @ b.T  # [rank answers, suit answers]

        def answer(word: Condition) -> np.ndarray:
            k = answer_of[id(word)]
            return (((a_rows >> k) & 1).astype(bool)[:, None] if k < n_rank
                    else ((b_rows >> (k - n_rank)) & 1).astype(bool)[None, :])

        def holds_where(condition: Condition) -> np.ndarray:
            return np.broadcast_to(holds(condition, answer), deals.shape)

        key = np.zeros(deals.shape, dtype=np.int64)
        for bet, n in zip(bets, lines):
            key = key * n + settle_first(bet, holds_where, np.full(
                deals.shape, len(bet.events), dtype=np.int64))
        sum_by_class(deals.reshape(-1), key.reshape(-1), part := np.zeros_like(totals))
        totals += part
    return totals


@lru_cache(maxsize=8)
def _side_layout(tableau: Tableau, cards: tuple, attribute: str,
                 beyond: tuple) -> CardLayout | None:
    """The cells of one side, the same for every bet: every card the coup deals (and
    cards 5 and 6 where read out of the shoe, ``beyond``) read by ``attribute`` alone,
    every rank or every suit apart, each sequence its own cell, with every part of the
    finished coup (the rank side) or which hands drew (the suit side); None where the
    layout would not be so."""
    features = {f"{p}.{attribute}" for p in (*POSITIONS, *beyond)}
    if attribute == "rank":
        features |= {RELATED_RANKS, *COUP_FEATURES}
    else:
        features |= {RELATED_SUITS, "cards_dealt"}
    detail = replace(CardDetail.of(features), relabel=False, suit_classes=())
    apart = all(len(b) == 1 for b in detail.blocks) and detail.coup
    told = len(detail.ranks) == 13 if attribute == "rank" else not detail.ranks
    if not apart or not told or detail.beyond != beyond:
        return None
    return CardLayout(detail, tableau, cards)


#: A partition of the positions (:func:`_classes`) packs, per position, 0 for no card or 1
#: + the first position of its block, in 3 bits.
_BITS = 3


def _firsts(packed: np.ndarray) -> list[np.ndarray]:
    """Per position, its digit of each packed partition (0: no card)."""
    return [(packed >> (_BITS * i)) & ((1 << _BITS) - 1) for i in range(len(POSITIONS))]


def _held(packed: np.ndarray) -> set:
    """Which positions hold a card (bit i for position i), in each partition of
    ``packed`` (one shape's: the same in all)."""
    held = sum((f != 0).astype(np.int64) << i for i, f in enumerate(_firsts(packed)))
    return set(np.unique(held).tolist())


def _classes(layout: CardLayout, side_words: list) -> tuple:
    """The cells of a side's layout grouped by which of ``side_words`` hold (bit k for
    word k), their drawing shape and their partition (:func:`_shapes`), with how many
    sequences each group holds (one a cell)."""
    keys = np.zeros(layout.n_cells, dtype=np.int64)
    for where, part in layout.parts():
        for k, w in enumerate(side_words):
            keys[where] |= w.mask(part).astype(np.int64) << k
    width = len(side_words)
    group, count = np.unique((_shapes(layout) << width) | keys, return_counts=True)
    shape_bits = _BITS * len(POSITIONS)
    return (group & ((1 << width) - 1), group >> (width + shape_bits),
            (group >> width) & ((1 << shape_bits) - 1), count.astype(np.int64))


@lru_cache(maxsize=8)
def _shapes(layout: CardLayout) -> np.ndarray:
    """Per cell of a side's layout, its drawing shape (2 · player drew + banker drew)
    and its partition of the positions, packed (:data:`_BITS` a position, the shape
    above them): kept, as the side's layout is every bet's. Its cells decoded a part at
    a time (the rank side's every part of the coup, for millions of cells, would take
    hundreds of MB at once)."""
    packed = np.zeros(layout.n_cells, dtype=np.int64)
    for where, part in layout.parts():
        parts, positions = part.decoded()
        codes = [positions[p][0] for p in POSITIONS]
        held = [positions[p][1] for p in POSITIONS]
        here = (parts["dp"] * 2 + parts["db"]) << (_BITS * len(POSITIONS))
        for i in range(len(POSITIONS)):
            first = np.zeros(len(here), dtype=np.int64)
            for j in range(i, -1, -1):  # the earliest card of the same code
                first[held[i] & held[j] & (codes[i] == codes[j])] = j + 1
            here |= first << (_BITS * i)
        packed[where] = here
    packed.setflags(write=False)
    return packed


def _ways(pi: np.ndarray, sigma: np.ndarray, copies: int, cards: int) -> np.ndarray:
    """W(π, σ) for every partition of ranks π (rows) and of suits σ (packed, of one
    shape): per card, the copies of its rank and suit left once the cards of both
    before it are dealt, times the undealt cards' ways (see the module)."""
    rank_first, suit_first = _firsts(pi), _firsts(sigma)
    held = [int(f[0]) > 0 for f in rank_first]
    n = sum(held)
    ways = np.full((len(pi), len(sigma)), falling(cards - n, COUP_CARDS - n), dtype=np.int64)
    for i in range(len(POSITIONS)):
        if not held[i]:
            continue
        before = np.zeros(ways.shape, dtype=np.int64)
        for j in range(i):
            if held[j]:
                before += ((rank_first[j] == rank_first[i])[:, None]
                           & (suit_first[j] == suit_first[i])[None, :])
        ways *= np.maximum(copies - before, 0)
    return ways
