"""A bet's count made from its ranks and its suits apart, on any shoe whose every
card's suit is known (an endless one too).

A bet that reads the ranks and the suits of five or six cards deals 10**8 to 10**10
card sequences a shoe (:mod:`~bacc_edge.engine.card_plan`). But where each of the words
its events are made of (:func:`~bacc_edge.language.condition_algebra.words`) reads ranks
(points, pairs, ranks, values, straights …) or suits (suits, colours, flushes …), never
both in one word, the count splits:

* the *rank side*: every sequence of ranks the coup can deal (its cards in the shoe
  order P1 B1 P2 B2 P3 B3, a third card only where drawn; cards 5 and 6 always where a
  bet reads them out of the shoe), each once (a few million), with which rank words
  hold, which hands drew, and which of its cards share a rank (a partition π);
* the *suit side*: every sequence of suits of those cards (4**6 at most), with which
  suit words hold and which cards share a suit (a partition σ);
* a sequence of ranks and one of suits are dealt together in as many ways as the n
  cards they name can be taken from the shoe, one by one, times (N - n)_(6 - n) for
  the six-card convention's undealt cards (:attr:`~bacc_edge.game.shoe.Shoe.coups`).

Where the shoe holds ``c`` cards of every card of each rank it holds (a full shoe of
whole decks), those ways depend on the partitions alone, W(π, σ) = Π over the blocks
of π ∧ σ of (c)_k, and per drawing shape the deals whose rank words answer a and suit
words b are Σ_{π, σ} A[a, π] · W(π, σ) · B[b, σ], a product of three small integer
matrices (:func:`_alike`). On any other shoe (cards removed by name) they depend on
the ranks and suits themselves; inclusion-exclusion over the partitions of the
positions turns them into sums of products over single cards: per rank side's answer
its rank sequences are turned into suit sequences a position at a time, then met by
the suit side's answers (:func:`_dealt_apart`). Each (a, b) settles
the bets as their events join the words' answers
(:func:`~bacc_edge.language.condition_algebra.holds`). Exact: every number is a count
of deals, or a term of the inclusion-exclusion, below 2**63 (:func:`joinable`).
Random bet 75 (ranks and suits of six cards, 1.6 × 10**9 sequences) counts its full
shoe in under a second, and a part-dealt shoe in about two.

A word may read a rank and a suit at once and still split. A hand's suited pair holds
exactly where a rank word (the hand's pair: its first two cards share a rank) and a
suit word (they share a suit) both hold: it is answered as those two words joined
(:func:`_factors`). A word comparing quantities (``player.hand.count(suit="♥") >
player.points``) is answered from the numbers each side reads, each in a few bits of
the side's key, and a count of cards of one rank in one suit (``count(rank="7",
suit="♠")``) from which of the group's cards each side's half holds for, a bit a card:
the word is made again of those answers (:meth:`~bacc_edge.language.condition_algebra.
Condition.remade`) and asked of every pair of them (:class:`_Piece`). Where a word is
none of these (made by hand of the features), a side's answers pass KEY_BITS, or a
card's suit is unknown, :func:`split_totals` answers None and the count is dealt as
before.
"""

from __future__ import annotations

import threading
from dataclasses import replace
from functools import lru_cache, partial
from math import factorial, prod
from typing import NamedTuple, Sequence

import numpy as np

from ..engine import split_kernels
from ..engine.card_table import (ALL_CARDS, CardDetail, CardLayout, cards_held, cells_found,
                                 cells_valid, keep_cells)
from ..engine.count_threads import most_threads, run_parts
from ..engine.features import (COUP_FEATURES, RELATED_RANKS, RELATED_SUITS, beyond_hands,
                               card_read)
from ..engine.outcome_table import sum_by_class
from ..game.cards import RANKS, SUITS_PER_RANK
from ..game.coup import COUP_CARDS, POSITIONS
from ..game.shoe import Shoe, falling
from ..game.tableau import Tableau
from ..language.bet import Bet
from ..language.card_words import cards_counted
from ..language.condition_algebra import Condition, Quantity, holds, words
from ..language.point_words import Hand, banker, player
from ..util.kept_arrays import kept_arrays
from ..util.progress import Progress, Steps, part
from .evaluator import settle_first

#: The parts of a finished coup that say only which hands drew (how many cards each
#: holds): both sides of a split count know them.
_SHAPE_PARTS = frozenset({"dp", "db"})
#: A split count's progress in steps: reading the sides' sequences and answers the
#: first quarter, their join the rest.
_STEPS = 1000
#: The most bits of a side's answers (:class:`_Piece`: a word one, a number its range's,
#: a count's cards one each; one 64-bit key), and the most pairs of the sides' answers
#: joined in one shape (8 bytes each, in a few arrays): past either, a bet is dealt as
#: it would be on any shoe.
KEY_BITS = 62
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


@lru_cache(maxsize=2)
def _pair_words(hand: Hand) -> tuple[Condition, Condition]:
    """A hand's suited pair as its rank word and its suit word (:func:`_factors`), the
    same two objects every time (the words are told apart by identity)."""
    return hand.pair, hand.card(1).suit == hand.card(2).suit


def _factors(word: Condition) -> tuple[Condition, Condition] | None:
    """A word reading a rank and a suit at once that holds exactly where a rank word and
    a suit word both hold: (the rank word, the suit word); None for any other. A hand's
    suited pair is its pair (the first two cards share a rank) where those two cards
    share a suit too."""
    for hand in (player, banker):
        if word is hand.suited_pair:
            return _pair_words(hand)
    return None


class _Piece(NamedTuple):
    """What a side answers of a bet's words, in ``bits`` of its key: a ``"word"`` (a
    bit: it holds), a ``"number"`` (a quantity a word of both sides compares: its value
    less its least plus one, 0 where it has none) or a count's ``"cards"`` word (a bit
    a card of the group: the card meets the side's half of what the count asks)."""

    what: Condition | Quantity
    kind: str
    bits: int


def _number_pieces(quantity: Quantity) -> list[tuple[_Piece, str]] | None:
    """The pieces, and their sides, that a quantity of a word of both sides is answered
    from: itself where one side reads it; a count's card words where each side reads
    each (``count(rank="7", suit="♠")``); else those of the quantities it is made of
    (a suit count less the points); None where none of these."""
    where = side(quantity)
    if where is not None:
        low, high = quantity.bounds
        return [(_Piece(quantity, "number", (high - low + 1).bit_length()), where or "rank")]
    if quantity.each_card is not None:
        found = [(w, side(w)) for w in words(quantity.each_card)]
        if any(where is None for _, where in found):
            return None
        return [(_Piece(w, "cards", quantity.bounds[1]), where or "rank") for w, where in found]
    return _made_of(quantity.made)


def _made_of(made: tuple | None) -> list[tuple[_Piece, str]] | None:
    """The pieces of the quantities a word or a quantity is ``made`` of
    (:attr:`~bacc_edge.language.condition_algebra.Quantity.made`), None where one has
    none or is made of nothing."""
    if made is None:
        return None
    found = []
    for part in (made[0], *made[2]):
        more = _number_pieces(part) if isinstance(part, Quantity) else []
        if more is None:
            return None
        found += more
    return found


def _pieces(word: Condition) -> list[tuple[_Piece, str]] | None:
    """The pieces each side answers of ``word``, and their sides (:class:`_Piece`);
    None where a word reads a rank and a suit in a way the sides cannot answer apart."""
    where = side(word)
    if where is not None:
        return [(_Piece(word, "word", 1), where or "rank")]
    factors = _factors(word)
    if factors is not None:
        return [(_Piece(factors[0], "word", 1), "rank"), (_Piece(factors[1], "word", 1), "suit")]
    return _made_of(word.made)


def _name(piece: _Piece) -> int | tuple:
    """What tells a piece apart from the others: the object it answers, but a count's
    card word by its text and the features it reads (the language makes one for each
    count, ``all_cards.rank == 'A'`` as often as a count names the ace; each answers
    alike)."""
    return (piece.what.text, piece.what.features) if piece.kind == "cards" else id(piece.what)


def _by_side(bets: Sequence[Bet]) -> dict[str, list[_Piece]] | str:
    """The pieces of ``bets``' words (:func:`_pieces`), each once, by the side that
    answers it (a word of neither side: the rank side's); else why they do not split: a
    word reads both in a way the sides cannot answer apart, or a side's answers need
    more than KEY_BITS."""
    by_side: dict[str, list[_Piece]] = {"rank": [], "suit": []}
    seen = set()
    for w in (w for b in bets for e in b.events for w in words(e.when)):
        found = _pieces(w)
        if found is None:
            return f"its word {w.text} reads a rank and a suit at once"
        for piece, where in found:
            if _name(piece) not in seen:
                seen.add(_name(piece))
                by_side[where].append(piece)
    for where, found in by_side.items():
        bits = sum(piece.bits for piece in found)
        if bits > KEY_BITS:
            return (f"what it reads of the {where}s takes {bits} bits, past the {KEY_BITS} "
                    f"a count apart holds")
    return by_side


def splits(bets: Sequence[Bet]) -> bool:
    """Whether every word of ``bets``' events reads ranks or suits, not both (and each
    side has at most MOST_WORDS): their count on a shoe whose suits are known
    (:func:`joinable`) may be made by ranks and suits apart."""
    return not_split(bets) is None


def not_split(bets: Sequence[Bet]) -> str | None:
    """Why ``bets`` are not counted by ranks and suits apart on any shoe (a word that
    reads both, too many words), None where they may be (:func:`splits`)."""
    found = _by_side(bets)
    return found if isinstance(found, str) else None


def split_totals(shoe: Shoe, tableau: Tableau, bets: Sequence[Bet], lines: Sequence[int],
                 on_progress: Progress | None = None) -> np.ndarray | None:
    """Per way the lines of ``bets`` fall together (``lines`` per bet, the first bet
    most significant, as a streamed count numbers them), the deals of ``shoe`` that
    settle so, counted by ranks and suits apart (see the module); None where the shoe
    or a word does not allow it. ``on_progress`` is told the sides' sequences read,
    then each drawing shape's join, a term of the inclusion-exclusion at a time."""
    by_side = _by_side(bets)
    if isinstance(by_side, str) or not joinable(shoe):
        return None
    found = by_side["rank"] + by_side["suit"]
    beyond = tuple(sorted({card_read(name)[0][0] for piece in found
                           for name in piece.what.features if beyond_hands(name)}))
    dealt = _sides_cards(shoe)
    ranks = _side_layout(tableau, dealt, "rank", beyond)
    suits = _side_layout(tableau, dealt, "suit", beyond)
    if ranks is None or suits is None:
        return None
    read = Steps(part(on_progress, 0, _STEPS // 4, _STEPS), 5)  # the sides' sequences, answers
    rank_seq = _side(ranks)  # kept; else found by a count of plenty of cards, once a machine
    read(2)
    rank_answers = _side_answers(ranks, rank_seq, by_side["rank"])
    read()
    suit_seq = _side(suits)
    suit_answers = _side_answers(suits, suit_seq, by_side["suit"])
    if rank_answers is None or suit_answers is None:
        return None
    (a_codes, a_keys), (b_codes, b_keys) = rank_answers, suit_answers
    read(3)
    copies = suit_copies(shoe)
    totals = np.zeros(int(np.prod(lines)), dtype=np.int64)
    shapes = sorted(set(rank_seq.held) | set(suit_seq.held))
    step = Steps(part(on_progress, _STEPS // 4, _STEPS - _STEPS // 4, _STEPS), sum(
        1 if copies or shape not in rank_seq.held else len(_lattice(sum(rank_seq.held[shape])).mu)
        for shape in shapes))
    for shape in shapes:
        held = rank_seq.held.get(shape)
        if held is None or held != suit_seq.held.get(shape):
            return None  # the sides deal other cards in this shape: not one coup
        ra, rb = rank_seq.spans[shape], suit_seq.spans[shape]
        a_rows, a_col = _used(a_codes, a_keys[ra])
        b_rows, b_col = _used(b_codes, b_keys[rb])
        if len(a_rows) * len(b_rows) > MOST_ANSWERS:
            return None
        key = _settled(bets, lines, by_side, a_rows, b_rows)
        a_side, b_side = (rank_seq, ra, a_col), (suit_seq, rb, b_col)
        if copies:
            deals = _alike(sum(held), a_side, b_side, key.shape, copies, shoe.cards)
            step()
        else:
            deals, key = _dealt_apart(shoe, shape, held, key, a_side, b_side, step)
        sum_by_class(deals.reshape(-1), key.reshape(-1), shaped := np.zeros_like(totals))
        totals += shaped
    return totals


def _sides_cards(shoe: Shoe) -> tuple[bool, ...]:
    """The cards the sides' layouts deal for ``shoe``: every card where it holds every
    rank and every suit (their sequences are the full shoe's, a card it lacks weighing
    nothing in the join, and those are kept on disk: made for the cards it holds, a
    part-dealt shoe lacking one card took 3 s to make them), else the cards it holds (a
    shoe of few ranks joins far fewer sequences)."""
    held = cards_held(shoe)
    ranks = {i // SUITS_PER_RANK for i, h in enumerate(held) if h}
    suits = {i % SUITS_PER_RANK for i, h in enumerate(held) if h}
    return ALL_CARDS if len(ranks) == len(RANKS) and len(suits) == SUITS_PER_RANK else held


def joinable(shoe: Shoe) -> bool:
    """Whether a count of ``shoe`` can be made by ranks and suits apart
    (:func:`not_joinable`)."""
    return not_joinable(shoe) is None


def not_joinable(shoe: Shoe) -> str | None:
    """Why a count of ``shoe`` cannot be made by ranks and suits apart, None where it
    can: every card's suit must be known, and each sum of the join below 2**63 (at most
    N·(N+1)·…·(N+5), the inclusion-exclusion's terms in absolute value; N**6 where
    cards are dealt with replacement, a sequence's ways the product of its cards')."""
    if not shoe.suits_known:
        return "the suits of its cards are not all known"
    most = (shoe.cards ** COUP_CARDS if shoe.replacement
            else prod(range(shoe.cards, shoe.cards + COUP_CARDS)))
    if most >= 1 << 63:
        return f"its {shoe.cards:,} cards are too many for the join's 64-bit sums"
    return None


#: The sides' answers last found (:func:`_side_answers`): (layout, pieces, answers).
_ANSWERED: list[tuple] = []
_ANSWERED_KEPT = 2
_ANSWERING = threading.Lock()


def _side_answers(layout: CardLayout, seq: "_Sequences",
                  pieces: list[_Piece]) -> tuple[np.ndarray, np.ndarray] | None:
    """A side's distinct answers to ``pieces`` and each of its sequences' number among
    them, in the order of ``seq`` (:func:`_answers`, :func:`_numbered`); None where a
    number passes its bounds. The last two sides' are kept: a bet's later shoes ask the
    same (0.5 s for the 4.8 million rank sequences of cards 5 and 6), and an event of
    the bet asked alone (whether it can happen at all) asks some of them, read off the
    bet's (:func:`_projected`). Pieces are told apart by what they answer (held while
    kept, so no other object takes its place)."""
    with _ANSWERING:
        kept = list(_ANSWERED)
    for kept_layout, kept_pieces, found in reversed(kept):  # read off outside the lock
        if kept_layout == layout and found is not None:
            projected = _projected(found, kept_pieces, pieces)
            if projected is not None:
                return projected
    answers = _answers(layout, pieces)
    found = None if answers is None else _numbered(answers[seq.order])
    with _ANSWERING:
        _ANSWERED.append((layout, list(pieces), found))
        del _ANSWERED[:-_ANSWERED_KEPT]
    return found


def _projected(found: tuple[np.ndarray, np.ndarray], kept: list[_Piece],
               pieces: list[_Piece]) -> tuple[np.ndarray, np.ndarray] | None:
    """``pieces``' answers read off ``found``, the answers to ``kept`` (as
    :func:`_side_answers` returns them): each piece's bits moved from its place among
    ``kept`` to its place among ``pieces``, on the distinct answers alone; ``found``
    itself where the pieces are the same; None where one of ``pieces`` is not kept."""
    if len(kept) == len(pieces) and all(_name(a) == _name(b) and a.kind == b.kind
                                        for a, b in zip(kept, pieces)):
        return found
    at, place = {}, 0
    for piece in kept:
        at[_name(piece), piece.kind, piece.bits] = place
        place += piece.bits
    codes, keys = found
    moved, place = np.zeros_like(codes), 0
    for piece in pieces:
        where = at.get((_name(piece), piece.kind, piece.bits))
        if where is None:
            return None
        moved |= ((codes >> where) & ((1 << piece.bits) - 1)) << place
        place += piece.bits
    distinct, number = _numbered(moved)
    return distinct, number[keys]


def _numbered(keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The distinct ``keys`` (non-negative), and each key's number among them: where
    they are below 2**22, by which are found (a pass over millions of keys, where
    sorting them took a second)."""
    if len(keys) and keys.max() < 1 << 22:
        found = np.bincount(keys) > 0
        return np.flatnonzero(found), (np.cumsum(found) - 1)[keys]
    codes, number = np.unique(keys, return_inverse=True)
    return codes, number.reshape(-1)


def _used(codes: np.ndarray, numbers: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The codes of ``numbers`` (:func:`_numbered`) found among them, and each one's
    number among those: a sort of millions of keys once, not once a shape."""
    found, renumbered = _numbered(numbers)
    return codes[found], renumbered


def _answers(layout: CardLayout, pieces: list[_Piece]) -> np.ndarray | None:
    """Per cell of a side's layout, its answer to each of ``pieces``, in their bits of
    one key (the first piece least significant); None where a number passes its
    quantity's bounds (which would spill into the next piece's bits)."""
    keys = np.zeros(layout.n_cells, dtype=np.int64)
    for where, part in layout.parts():
        at = 0
        for piece in pieces:
            if piece.kind == "number":
                value, defined = piece.what.values(part)
                code = np.where(defined, value - piece.what.bounds[0] + 1, 0)
                if ((code < 0) | (code >> piece.bits != 0)).any():
                    return None
            elif piece.kind == "cards":  # a bit a card of the group, the first lowest
                held = piece.what.mask(part).astype(np.int64)
                code = (held << np.arange(len(held))[:, None]).sum(axis=0)
            else:
                code = piece.what.mask(part).astype(np.int64)
            keys[where] |= code << at
            at += piece.bits
    return keys


def _read(pieces: list[_Piece], rows: np.ndarray, axis: int) -> dict[int, np.ndarray]:
    """Per piece of one side (by its :func:`_name`), its answer in each of
    ``rows`` (that side's keys, :func:`_answers`), along ``axis`` of the join's grid
    (0: the rank side's rows, 1: the suit side's columns): a word's whether it holds, a
    number's code, a card word's whether each card meets it (a row a card, first)."""
    out, at = {}, 0
    for piece in pieces:
        code = (rows >> at) & ((1 << piece.bits) - 1)
        if piece.kind == "cards":
            code = ((code[None, :] >> np.arange(piece.bits)[:, None]) & 1).astype(bool)
        elif piece.kind == "word":
            code = code.astype(bool)
        out[_name(piece)] = np.expand_dims(code, axis=-1 - axis)
        at += piece.bits
    return out


class _Grid(NamedTuple):
    """The join's answers as a layout of cells (the rank side's rows, the suit side's
    columns) for a word remade of their quantities (:func:`_settled`): it reads no
    feature of its own."""

    n_cells: int

    @staticmethod
    def features() -> dict:
        return {}


def _remade_word(word: Condition, pieces: dict, read: dict) -> Condition:
    """``word`` (of both sides) remade of quantities that are the sides' answers
    (``read``: :func:`_read`'s, both sides'): each number one side answers, and each
    count whose card words the sides answer apart (its cards counted where both do)."""
    def replace(quantity: Quantity) -> Quantity | None:
        piece = pieces.get(id(quantity))
        if piece is not None:  # a number one side answers: its code
            code, (low, _) = read[id(quantity)], quantity.bounds
            return Quantity(lambda f: code + low - 1, quantity.text, (),
                            lambda f: code > 0, bounds=quantity.bounds)
        if quantity.each_card is not None and side(quantity) is None:
            cards = quantity.each_card
            return Quantity(lambda f: cards_counted(
                holds(cards, lambda w: read[w.text, w.features])),
                            quantity.text, (), bounds=quantity.bounds)
        return None

    return word.remade(replace)


def _settled(bets: Sequence[Bet], lines: Sequence[int], by_side: dict,
             a_rows: np.ndarray, b_rows: np.ndarray) -> np.ndarray:
    """Per rank side's answer (``a_rows``: keys as :func:`_answers` makes them) and
    suit side's (``b_rows``), the way the lines of ``bets`` fall together (as
    :func:`split_totals` numbers them)."""
    read = {**_read(by_side["rank"], a_rows, 0), **_read(by_side["suit"], b_rows, 1)}
    numbers = {id(p.what): p for found in by_side.values() for p in found
               if p.kind == "number"}
    shape = (len(a_rows), len(b_rows))

    def answer(word: Condition) -> np.ndarray:
        factors = _factors(word)
        if factors is not None:  # a word of both sides: its rank word's and suit word's
            return answer(factors[0]) & answer(factors[1])
        if id(word) not in read:  # a word remade of both sides' answers: asked once
            found = _remade_word(word, numbers, read).mask(_Grid(shape[0] * shape[1]))
            read[id(word)] = found.reshape(shape) if found.ndim == 1 else found
        return read[id(word)]

    def holds_where(condition: Condition) -> np.ndarray:
        return np.broadcast_to(holds(condition, answer), shape)

    key = np.zeros(shape, dtype=np.int64)
    for bet, n in zip(bets, lines):
        key = key * n + settle_first(bet, holds_where, np.full(
            shape, len(bet.events), dtype=np.int64))
    return key


def _alike(n: int, rank_side: tuple, suit_side: tuple, answers: tuple, copies: int,
           cards: int) -> np.ndarray:
    """The deals per rank side's answer and suit side's in one drawing shape of ``n``
    cards, on a shoe holding ``copies`` of every card: each side's sequences counted per
    answer and partition, joined by W(π, σ) (see the module). Each side: its
    :class:`_Sequences`, which of them deal the shape, and their answers' numbers;
    ``answers``: how many answers each side has."""
    kinds = len(_lattice(n).mu)
    counted = []
    for (seq, where, answer), n_answers in zip((rank_side, suit_side), answers):
        count = np.bincount(answer * kinds + seq.partition[where],
                            minlength=n_answers * kinds).reshape(n_answers, kinds)
        used = np.flatnonzero(count.any(axis=0))
        counted.append((used, count[:, used]))
    (pi, a), (sigma, b) = counted
    return a @ _ways(n, pi, sigma, copies, cards) @ b.T


def _ways(n: int, pi: np.ndarray, sigma: np.ndarray, copies: int, cards: int) -> np.ndarray:
    """W(π, σ) for every partition of the ranks of ``n`` cards π (rows, numbered as
    :func:`_lattice` numbers them) and of their suits σ: per card, the copies of its
    rank and suit left once the cards of both before it are dealt, times the undealt
    cards' ways (see the module)."""
    first = _lattice(n).first
    rank_first, suit_first = first[pi], first[sigma]
    ways = np.full((len(pi), len(sigma)), falling(cards - n, COUP_CARDS - n), dtype=np.int64)
    for i in range(n):
        before = np.zeros(ways.shape, dtype=np.int64)
        for j in range(i):
            before += ((rank_first[:, j] == rank_first[:, i])[:, None]
                       & (suit_first[:, j] == suit_first[:, i])[None, :])
        ways *= np.maximum(copies - before, 0)
    return ways


def _dealt_apart(shoe: Shoe, shape: int, held: tuple, key: np.ndarray, rank_side: tuple,
                 suit_side: tuple, step: Steps) -> tuple[np.ndarray, np.ndarray]:
    """The deals of ``shoe`` per rank side's answer and suit side's in one drawing
    ``shape`` (``held``: the positions it deals), on any shoe whose suits are known,
    with ``key`` (the lines they settle) for them: answers that settle alike joined
    first. Each side as :func:`_alike` takes it; ``step`` told after each partition of
    the positions.

    A rank sequence r and a suit sequence z of the n cards dealt are dealt together in
    as many ways as n distinct cards can be taken, card j of rank r_j and suit z_j
    (where cards are dealt with replacement, Π_j n[r_j, z_j], the first term below). By
    inclusion-exclusion over the partitions τ of the n positions (Möbius function μ of
    the partition lattice), that is Σ_τ μ(τ) Π_{blocks of τ} n[rank, suit], over the τ
    on whose blocks both sequences are constant (each block one card): per τ, a product
    over its blocks, which :func:`_join` sums per pair of answers, the rank sequences
    turned into suits a position at a time; the terms of a long join
    (:data:`THREAD_PRODUCTS`) on every core, the dearest first. The undealt cards of the
    six-card convention add (N - n)_(6 - n) ways (N**(6 - n) with replacement)."""
    rows, a_map = np.unique(key, axis=0, return_inverse=True)
    columns, b_map = np.unique(rows.T, axis=0, return_inverse=True)
    answers = []
    for (seq, where, answer), to in ((rank_side, a_map), (suit_side, b_map)):
        of = np.full(len(seq.order), -1, dtype=np.int64)
        of[where] = to.reshape(-1)[answer]
        answers.append(of)
    counts = np.asarray(shoe.suits, dtype=np.int64)
    sides = (rank_side[0], suit_side[0])
    terms = []
    for term in _inclusion_exclusion(shape, held, *sides, shoe.replacement):
        if term is None:
            step()
        else:
            terms.append(term)
    ranks = int((counts.sum(axis=1) > 0).sum())
    prices = [_term_price(term, len(rows), ranks, counts.shape[1]) for term in terms]
    terms = [terms[t] for t in np.argsort(prices)[::-1]]  # the dearest begun first
    threads = most_threads() if sum(prices) >= THREAD_PRODUCTS else 1
    intos = [np.zeros((len(rows), len(columns)), dtype=np.int64) for _ in range(threads)]

    def join(term: _Term, into: np.ndarray) -> int:
        _join(term, counts, sides, answers, into)
        return 0

    run_parts(terms, join, intos, step)
    deals = sum(intos[1:], intos[0])
    n = sum(held)
    undealt = (shoe.cards ** (COUP_CARDS - n) if shoe.replacement
               else falling(shoe.cards - n, COUP_CARDS - n))
    return deals * undealt, columns.T


class _Term(NamedTuple):
    """One partition τ of the inclusion-exclusion: its Möbius value, the positions of
    its blocks' first cards, and the sequences of each side constant on its blocks (the
    rank side's as spans of them, the suit side's one by one)."""

    mu: int
    columns: np.ndarray
    rank_spans: np.ndarray
    suit_cells: np.ndarray


def _inclusion_exclusion(shape: int, held: tuple, rank_seq: "_Sequences",
                         suit_seq: "_Sequences", replacement: bool):
    """Per partition of the positions of one drawing shape, its :class:`_Term`, None
    where a side deals no sequence constant on its blocks or, with replacement, for
    every partition but the finest (μ = 1: a sequence's ways are the product of its
    cards')."""
    lattice = _lattice(sum(held))
    positions = np.flatnonzero(held)
    for t, firsts in enumerate(lattice.firsts):
        if replacement and len(firsts) < len(positions):
            yield None
            continue
        coarser = np.flatnonzero(lattice.coarser[t])
        spans = np.stack([rank_seq.starts[shape, coarser], rank_seq.starts[shape, coarser + 1]],
                         axis=1)
        suit_cells = np.concatenate([np.arange(a, b) for a, b in zip(
            suit_seq.starts[shape, coarser], suit_seq.starts[shape, coarser + 1])])
        yield (_Term(int(lattice.mu[t]), positions[firsts], spans, suit_cells)
               if len(suit_cells) and (spans[:, 1] > spans[:, 0]).any() else None)


def _term_size(term: _Term) -> int:
    """The rank sequences a term turns into suits."""
    return int((term.rank_spans[:, 1] - term.rank_spans[:, 0]).sum())


def _term_price(term: _Term, answers: int, ranks: int, suits: int) -> float:
    """A term's join priced in products (:func:`_products`) the way :func:`_sparse`
    chooses, before it finds which of its positions' suits the answers tell apart (all
    of them here)."""
    shape = (_term_size(term), answers, len(term.columns), ranks, suits)
    return _products(*shape, _sparse(*shape))


#: A drawing shape's terms priced at this many products in all (:func:`_products`, about
#: a nanosecond each) are joined on every core
#: (:func:`~bacc_edge.engine.count_threads.run_parts`, each thread its own deals, added
#: up). Its kernels are bound by memory: two threads take some 40% more CPU between them,
#: so a join gains on two cores only where it is long (random bets 132 and 20 of the
#: benchmark, 7.6e8 and 5.9e8 products: 0.9 → 0.75 s and 0.7 → 0.6 s a part-dealt shoe),
#: and none where it is short (bet 6, 1.8e8: 0.2 s either way).
THREAD_PRODUCTS = 3e8
#: The most entries of the rank side's answers turned into suits at once (8 bytes each).
WEIGHED_AT_ONCE = 1 << 20
#: The positions of a term turned into suits a rank sequence at a time (the others over
#: every rank at once, :func:`_sparse`); None: as priced.
SPARSE_POSITIONS: int | None = None
#: What a product written a sequence at a time costs against one over every rank at once
#: (written along a row, where the sequences' are spread over many): measured on random
#: bets 11 and 132 of the benchmark, part-dealt joins quickest priced at 4 to 8.
SCATTER_COST = 6


def _join(term: _Term, counts: np.ndarray, sides: tuple, answers: list,
          out: np.ndarray) -> None:
    """Add one term's deals to ``out`` [rank side's answer, suit side's]: per rank side's
    answer a, its rank sequences constant on the term's blocks turned into suit
    sequences, ``R[a, z] = Σ_r μ Π_blocks n[r, z]``
    (:func:`~bacc_edge.engine.split_kernels.scatter_suits`, then
    :func:`~bacc_edge.engine.split_kernels.ranks_into_suits`), and met by the suit side's
    answers: ``out += R · q.T``, ``q[b, z]`` the suit sequences constant on the blocks
    that answer b. A block whose suit no answer tells apart is not turned: its rank's
    cards in every suit; and only the ranks the shoe holds are weighed (a shoe of few
    ranks: 3**6 entries an answer, not 13**6). ``sides``: the rank side's and the suit
    side's :class:`_Sequences`; ``answers``: each side's answer per cell (-1: another
    shape)."""
    (rank_seq, suit_seq), (a_of, b_of) = sides, answers
    rows = counts.sum(axis=1)
    held = np.flatnonzero(rows)  # only the ranks the shoe holds weighed
    place = np.full(len(rows), -1, dtype=np.int64)
    place[held] = np.arange(len(held))
    counts = counts[held]
    n_ranks, n_suits = counts.shape
    k = len(term.columns)
    q = np.zeros((out.shape[1], n_suits ** k), dtype=np.int64)
    np.add.at(q, (b_of[term.suit_cells],
                  _places(suit_seq.labels[term.suit_cells][:, term.columns], n_suits)), 1)
    q = q.reshape((len(q),) + (n_suits,) * k)
    told = [m for m in range(k) if not (q == q.take([0], axis=m + 1)).all()]
    q = q[(slice(None),) + tuple(slice(None) if m in told else 0 for m in range(k))]
    q = q.reshape(len(q), n_suits ** len(told))
    weighed_at, free_at = term.columns[told], np.delete(term.columns, told)
    n = _term_size(term)
    at, free, answer = (np.empty(n, dtype=t)  # places below 13**6, answers below 2**22
                        for t in (np.int32, np.int64, np.int32))
    split_kernels.rank_places(rows, place, rank_seq.labels, term.rank_spans, weighed_at,
                              free_at, term.mu, a_of, at, free, answer)
    sparse = _sparse(n, out.shape[0], len(told), n_ranks, n_suits)
    dense = len(told) - sparse
    stride, width = n_ranks ** dense, n_suits ** len(told)
    entries = max(n_suits ** sparse * stride, width)  # an answer's, at most
    step = max(1, WEIGHED_AT_ONCE // entries)
    scratch = np.empty((2, entries * min(step, out.shape[0])), dtype=np.int64)
    products = np.empty(n_suits ** sparse, dtype=np.int64)
    for lo in range(0, out.shape[0], step):
        c = min(step, out.shape[0] - lo)
        mixed = np.zeros((n_suits ** sparse * stride, c), dtype=np.int64)
        split_kernels.scatter_suits(at, free, answer, lo, counts, sparse, stride, mixed,
                                    products)
        turned = np.empty((width, c), dtype=np.int64)
        split_kernels.ranks_into_suits(mixed.reshape(-1), counts, sparse, dense, c,
                                       turned.reshape(-1), scratch)
        out[lo:lo + c] += turned.T @ q.T


def _sparse(sequences: int, answers: int, positions: int, ranks: int, suits: int) -> int:
    """How many of a term's ``positions`` to turn into suits a rank sequence at a time
    (:data:`SPARSE_POSITIONS` where set): the cheapest, priced in products
    (:func:`_products`). Six positions, 13 ranks, 3 million sequences, 29 answers: two
    (48 million products written a sequence at a time, 89 million over every rank; one:
    12 and 291)."""
    if SPARSE_POSITIONS is not None:
        return min(SPARSE_POSITIONS, positions)
    return min(range(positions + 1),
               key=partial(_products, sequences, answers, positions, ranks, suits))


def _products(sequences: int, answers: int, positions: int, ranks: int, suits: int,
              sparse: int) -> float:
    """The price of a term's join, in products, with ``sparse`` of its ``positions``
    turned into suits a rank sequence at a time: each of the ``sequences`` costs
    suits**sparse products (each SCATTER_COST); the others, held as ranks for each of
    the ``answers``, cost (suits**sparse · ranks**(positions - sparse) entries) a
    product an entry for each rank turned into a suit."""
    dense = sum(suits ** (sparse + m + 1) * ranks ** (positions - sparse - m)
                for m in range(positions - sparse))
    held = suits ** sparse * ranks ** (positions - sparse)
    return SCATTER_COST * sequences * suits ** sparse + answers * (dense + held)


def _places(labels: np.ndarray, base: int) -> np.ndarray:
    """Each row of ``labels`` as one number, its first column most significant."""
    out = np.zeros(len(labels), dtype=np.int64)
    for column in labels.T:
        out = out * base + column
    return out


class _Lattice(NamedTuple):
    """The partitions of n positions: per partition each position's block's first
    position, the first position of each block (in order), μ(finest, τ), and per
    partition τ which partitions it refines (``coarser[t, p]``: every block of τ lies in
    one of p)."""

    first: np.ndarray
    firsts: list
    mu: np.ndarray
    coarser: np.ndarray


#: The most partitions of the positions of one coup (Bell number B6)
_MOST_PARTITIONS = 203


@lru_cache(maxsize=8)
def _lattice(n: int) -> _Lattice:
    """The :class:`_Lattice` of ``n`` positions."""
    found = [()]
    for i in range(n):  # each position joins an earlier block or starts one
        found = [f + (b,) for f in found for b in sorted({*f, i})]
    first = np.array(found, dtype=np.int64).reshape(len(found), n)
    mu = np.array([prod((-1) ** (f.count(b) - 1) * factorial(f.count(b) - 1) for b in set(f))
                   for f in found], dtype=np.int64)
    coarser = np.array([(first[:, t] == first).all(axis=1) for t in first], dtype=bool)
    return _Lattice(first, [sorted(set(f)) for f in found], mu, coarser)


@lru_cache(maxsize=16)
def _numbers(held: tuple) -> np.ndarray:
    """Per code of :func:`~bacc_edge.engine.split_kernels.partition_codes` (each
    position's block's first position, base 6), the number (:func:`_lattice`) of the
    partition of the positions ``held`` it stands for (-1: a code no sequence so held
    has)."""
    width, at = len(held), np.flatnonzero(held)
    lattice = _lattice(len(at))
    first = np.tile(np.arange(width), (len(lattice.mu), 1))
    first[:, at] = at[lattice.first]
    out = np.full(width ** width, -1, dtype=np.int64)
    out[_places(first[:, ::-1], width)] = np.arange(len(lattice.mu))
    return out


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


class _Sequences(NamedTuple):
    """The sequences of a side's layout, one a cell, grouped by drawing shape (2 ·
    player drew + banker drew) and partition of their cards into equal ranks or suits
    (:func:`_lattice`'s number): per sequence, per position the rank (the rank side) or
    suit of its card (-1: none), and its partition; where
    each shape's sequences of each partition start; which cell of the layout each is;
    per shape, which positions hold a card (absent where its sequences differ), and
    where its sequences lie; and the layout's cells (:attr:`CardLayout.cells`)."""

    labels: np.ndarray
    partition: np.ndarray
    starts: np.ndarray
    order: np.ndarray
    held: dict
    spans: dict
    cells: np.ndarray


#: The drawing shapes (2 · player drew + banker drew)
_SHAPES = 4
#: The sources a side's sequences are made by: kept on disk under their digest
#: (:mod:`~bacc_edge.util.kept_arrays`), made again once they change.
SIDE_SOURCES = ("engine", "game", "analysis/split_count.py")


def _side(layout: CardLayout) -> _Sequences:
    """The :class:`_Sequences` of a side's layout, its cells known to it
    (:func:`~bacc_edge.engine.card_table.keep_cells`: its features are read of them)."""
    found = _sequences(layout)
    if not cells_found(layout):
        keep_cells(layout, found.cells)
    return found


@lru_cache(maxsize=8)
def _sequences(layout: CardLayout) -> _Sequences:
    """The :class:`_Sequences` of a side's layout, kept in this process, as the side's
    layout is every bet's; where the shoe holds every card (every full shoe, most
    part-dealt ones), made once a machine and kept on disk too
    (:func:`~bacc_edge.util.kept_arrays.kept_arrays`: finding the rank side's cells and
    ordering them took 1 to 4 s of every run's first count by ranks and suits apart).
    Those of shoes lacking some cards are made in each run: they are many, and each a
    file of tens of MB."""
    if layout.cards != ALL_CARDS:
        arrays = _made_sequences(layout)
    else:
        arrays = kept_arrays("side", (layout.detail, layout.tableau, layout.cards),
                             lambda: _made_sequences(layout), sources=SIDE_SOURCES,
                             valid=partial(_whole, layout))
    held = {s: tuple(bool(h) for h in row) for s, row in enumerate(arrays["held"])
            if row.min() >= 0}
    starts = arrays["starts"]
    for array in arrays.values():
        array.setflags(write=False)
    spans = {s: slice(int(starts[s, 0]), int(starts[s, -1])) for s in held}
    return _Sequences(arrays["labels"], arrays["partition"], starts, arrays["order"], held,
                      spans, arrays["cells"])


def _whole(layout: CardLayout, arrays: dict[str, np.ndarray]) -> bool:
    """Whether ``arrays`` read back are ``layout``'s sequences whole: every array there, of
    its type and of as many rows as the cells, and the cells those a layout may have
    (:func:`~bacc_edge.engine.card_table.cells_valid`)."""
    kinds = {"labels": np.int8, "partition": np.int16, "starts": np.int64,
             "order": np.int32, "held": np.int8, "cells": np.int64}
    if set(arrays) != set(kinds) or any(arrays[k].dtype != t for k, t in kinds.items()):
        return False
    n = len(arrays["cells"])
    return (cells_valid(layout, arrays["cells"])
            and arrays["labels"].shape == (n, len(POSITIONS)) and len(arrays["partition"]) == n
            and len(arrays["order"]) == n
            and arrays["starts"].shape == (_SHAPES, _MOST_PARTITIONS + 1)
            and arrays["held"].shape == (_SHAPES, len(POSITIONS)))


def _made_sequences(layout: CardLayout) -> dict[str, np.ndarray]:
    """The arrays of :class:`_Sequences` of a side's layout (its cards read by
    :meth:`~bacc_edge.engine.card_table.CardLayout.held_card`); ``held`` a row a shape,
    -1 where its sequences differ. Its cells decoded a part at a time (the rank side's
    every part of the coup, for millions of cells, would take hundreds of MB at once)."""
    attribute = "rank" if layout.detail.ranks else "suit"
    shape = np.zeros(layout.n_cells, dtype=np.int8)
    labels = np.empty((layout.n_cells, len(POSITIONS)), dtype=np.int8)
    for where, part in layout.parts():
        parts, _ = part.decoded()
        shape[where] = parts["dp"] * 2 + parts["db"]
        for i, p in enumerate(POSITIONS):
            labels[where, i] = part.held_card(p, attribute)
    partition = np.empty(layout.n_cells, dtype=np.int64)
    split_kernels.partition_codes(labels, partition)
    held = np.full((_SHAPES, len(POSITIONS)), -1, dtype=np.int8)
    for s in np.unique(shape):
        where = shape == s
        row = labels[np.argmax(where)] >= 0
        if ((labels[where] >= 0) == row).all():
            held[s] = row
            partition[where] = _numbers(tuple(bool(h) for h in row))[partition[where]]
    # grouped by shape and partition, each group in the order of its labels (the first
    # position most significant): a join reads its weighed sums in that order, one
    # after the next, where the layout's order read them all over (0.15 s for millions)
    group = (shape.astype(np.int64) * (_MOST_PARTITIONS + 1) + partition).astype(np.int16)
    order = np.lexsort([labels[:, i] for i in reversed(range(len(POSITIONS)))]
                       + [group]).astype(np.int32)
    starts = np.searchsorted(group[order],
                             np.arange(_SHAPES * (_MOST_PARTITIONS + 1) + 1)
                             )[:-1].reshape(_SHAPES, _MOST_PARTITIONS + 1).astype(np.int64)
    return {"labels": labels[order], "partition": partition[order].astype(np.int16),
            "starts": starts, "order": order, "held": held,
            "cells": np.asarray(layout.cells, dtype=np.int64)}
