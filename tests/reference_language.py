"""The paytable language read a second time, for tests only: any bet's text evaluated on
every six-card sequence of a small shoe.

It shares no code with the library. The words are read as the README defines them
("Conditions", "Bets on the cards"), from the cards themselves: the sequences come from
tests/reference.py (:func:`reference_kind_sequences`, the drawing rules as seed 001
words them), and each word is worked out on all of them at once, one numpy array per
word. A bet's source text (``Bet("…", [Event("e0", player.pair & tie, 25)])``, the text
of a random bet) is evaluated with this module's names in place of bacc_edge's, and
:func:`line_counts` gives the deals each of its lines settles, the first event that
holds settling the coup.
"""

from __future__ import annotations

import operator
from functools import lru_cache

import numpy as np
from reference import card_points, reference_kind_sequences

RANK_NAMES = "A 2 3 4 5 6 7 8 9 10 J Q K".split()
SUIT_NAMES = "♠♥♦♣"
RED = (1, 2)  # ♥ ♦
POINTS = np.array([card_points(r) for r in range(13)])
#: the hands' positions, as the deals' arrays hold them
P1, B1, P2, B2, P3, B3 = range(6)
NONE = -1  # a third card not dealt


class Deals:
    """Every sequence of six card kinds of a shoe: ``rank[p]``, ``suit[p]`` at each hand
    position p (P1 B1 P2 B2 P3 B3; -1 where not dealt), ``shoe_rank[k]``, ``shoe_suit[k]``
    of the k-th card out of the shoe (always there), ``ways`` the deals of each (every
    card put back before the next with ``replacement``)."""

    def __init__(self, kinds, replacement: bool = False):
        rows = [(coup, six, ways) for coup, six, ways
                in reference_kind_sequences(kinds, replacement=replacement)]
        self.ways = np.array([w for _, _, w in rows], dtype=np.int64)
        self.rank = np.array([[NONE if c is None else c[0] for c in coup] for coup, _, _ in rows]).T
        self.suit = np.array([[NONE if c is None else c[1] for c in coup] for coup, _, _ in rows]).T
        self.shoe_rank = np.array([[c[0] for c in six] for _, six, _ in rows]).T
        self.shoe_suit = np.array([[c[1] for c in six] for _, six, _ in rows]).T
        self.n = len(rows)

    def dealt(self, p):
        return self.rank[p] != NONE

    def points(self, positions):
        return sum(np.where(self.dealt(p), POINTS[self.rank[p]], 0) for p in positions) % 10


@lru_cache(maxsize=8)
def deals_of(kinds: tuple, replacement: bool = False) -> Deals:
    """:class:`Deals` of a shoe given as ((rank, suit), copies) pairs, kept for the last
    shoes asked."""
    return Deals(list(kinds), replacement)


# -- conditions and numbers --------------------------------------------------------------
class Cond:
    """A yes/no question: ``test(deals)`` is one boolean per sequence."""

    def __init__(self, test):
        self.test = test

    def __and__(self, other):
        return Cond(lambda d: self.test(d) & other.test(d))

    def __or__(self, other):
        return Cond(lambda d: self.test(d) | other.test(d))

    def __invert__(self):
        return Cond(lambda d: ~self.test(d))


def _number(value) -> "Num":
    return value if isinstance(value, Num) else Num(lambda d: (np.full(d.n, value), True))


class Num:
    """A number: ``value(deals)`` is (one whole number per sequence, where it is defined):
    a card not dealt, or a divisor of 0, leaves it undefined, and every comparison of it
    false."""

    def __init__(self, value):
        self.value = value

    def _combine(self, other, op, reflected=False):
        left, right = (_number(other), self) if reflected else (self, _number(other))

        def value(d):
            (a, da), (b, db) = left.value(d), right.value(d)
            if op in (operator.floordiv, operator.mod):
                return op(a, np.where(b == 0, 1, b)), da & db & (b != 0)
            return op(a, b), da & db
        return Num(value)

    def __add__(self, o): return self._combine(o, operator.add)  # noqa: E704
    def __radd__(self, o): return self._combine(o, operator.add, True)  # noqa: E704
    def __sub__(self, o): return self._combine(o, operator.sub)  # noqa: E704
    def __rsub__(self, o): return self._combine(o, operator.sub, True)  # noqa: E704
    def __mul__(self, o): return self._combine(o, operator.mul)  # noqa: E704
    def __rmul__(self, o): return self._combine(o, operator.mul, True)  # noqa: E704
    def __floordiv__(self, o): return self._combine(o, operator.floordiv)  # noqa: E704
    def __rfloordiv__(self, o): return self._combine(o, operator.floordiv, True)  # noqa: E704
    def __mod__(self, o): return self._combine(o, operator.mod)  # noqa: E704
    def __rmod__(self, o): return self._combine(o, operator.mod, True)  # noqa: E704

    def _map(self, f):
        def value(d):
            v, ok = self.value(d)
            return f(v), ok
        return Num(value)

    def __neg__(self):
        return self._map(np.negative)

    def __abs__(self):
        return self._map(np.abs)

    def _compare(self, other, op):
        other = _number(other)

        def test(d):
            (a, da), (b, db) = self.value(d), other.value(d)
            return op(a, b) & da & db
        return Cond(test)

    def __eq__(self, o): return self._compare(o, operator.eq)  # noqa: E704
    def __ne__(self, o): return self._compare(o, operator.ne)  # noqa: E704
    def __lt__(self, o): return self._compare(o, operator.lt)  # noqa: E704
    def __le__(self, o): return self._compare(o, operator.le)  # noqa: E704
    def __gt__(self, o): return self._compare(o, operator.gt)  # noqa: E704
    def __ge__(self, o): return self._compare(o, operator.ge)  # noqa: E704

    def isin(self, *values):
        out = self == values[0]
        for v in values[1:]:
            out = out | (self == v)
        return out

    def between(self, low, high):
        return (self >= low) & (self <= high)


def _known(values):
    """A number defined in every sequence."""
    return Num(lambda d: (values(d), True))


# -- one card -------------------------------------------------------------------------------
class Attribute:
    """A card's rank, suit or colour, compared with a name or another card's."""

    def __init__(self, card: "Card", word: str):
        self.card, self.word = card, word

    def codes(self, d):
        rank, suit = self.card.ranks(d), self.card.suits(d)
        return {"rank": rank, "suit": suit, "colour": np.isin(suit, RED)}[self.word]

    def code_of(self, name: str):
        return {"rank": RANK_NAMES.index, "suit": SUIT_NAMES.index,
                "colour": lambda n: n == "red"}[self.word](name)

    def _compare(self, other, equal: bool):
        op = operator.eq if equal else operator.ne

        def test(d):
            here = self.card.there(d)
            if isinstance(other, Attribute):
                return op(self.codes(d), other.codes(d)) & here & other.card.there(d)
            return op(self.codes(d), self.code_of(other)) & here
        return Cond(test)

    def __eq__(self, other): return self._compare(other, True)  # noqa: E704
    def __ne__(self, other): return self._compare(other, False)  # noqa: E704

    def isin(self, *names):
        out = self == names[0]
        for name in names[1:]:
            out = out | (self == name)
        return out


class Card:
    """A hand's card by position: absent where not dealt, every question about it false."""

    def __init__(self, position: int):
        self.position = position

    def ranks(self, d):
        return d.rank[self.position]

    def suits(self, d):
        return d.suit[self.position]

    def there(self, d):
        """Where the card exists, to be asked about."""
        return d.dealt(self.position)

    rank = property(lambda self: Attribute(self, "rank"))
    suit = property(lambda self: Attribute(self, "suit"))
    colour = property(lambda self: Attribute(self, "colour"))

    @property
    def dealt(self):
        return Cond(self.there)

    @property
    def value(self):
        return Num(lambda d: (POINTS[np.maximum(self.ranks(d), 0)], self.there(d)))

    def is_(self, name: str):
        if name[-1] in SUIT_NAMES:
            return (self.rank == name[:-1]) & (self.suit == name[-1])
        return self.rank == name


class ShoeCard(Card):
    """The n-th card out of the shoe: there in every sequence; ``dealt`` where a hand got
    it (cards 1-4 always; 5 and 6 where that many were dealt)."""

    def __init__(self, number: int):
        self.number = number

    def ranks(self, d):
        return d.shoe_rank[self.number - 1]

    def suits(self, d):
        return d.shoe_suit[self.number - 1]

    def there(self, d):
        return np.ones(d.n, dtype=bool)

    @property
    def dealt(self):
        return cards_dealt >= self.number


# -- groups -----------------------------------------------------------------------------------
class Group:
    """Several hand positions; only cards dealt count."""

    def __init__(self, positions):
        self.positions = positions

    def _dealt(self, d):
        return np.array([d.dealt(p) for p in self.positions])

    def _ranks(self, d):
        return np.array([d.rank[p] for p in self.positions])

    def _rank_counts(self, d):
        """[rank, sequence]: how many dealt cards of the group have each rank."""
        ranks, dealt = self._ranks(d), self._dealt(d)
        return np.array([((ranks == r) & dealt).sum(axis=0) for r in range(13)])

    @property
    def size(self):
        return _known(lambda d: self._dealt(d).sum(axis=0))

    def count(self, rank=None, suit=None, colour=None, value=None):
        def values(d):
            hit = self._dealt(d)
            ranks = self._ranks(d)
            suits = np.array([d.suit[p] for p in self.positions])
            if rank is not None:
                hit = hit & (ranks == RANK_NAMES.index(rank))
            if suit is not None:
                hit = hit & (suits == SUIT_NAMES.index(suit))
            if colour is not None:
                hit = hit & (np.isin(suits, RED) == (colour == "red"))
            if value is not None:
                hit = hit & (POINTS[np.maximum(ranks, 0)] == value)
            return hit.sum(axis=0)
        return _known(values)

    def _same(self, codes):
        def test(d):
            dealt, values = self._dealt(d), codes(d)
            first = values[0]  # the first two cards of every group are dealt
            return (np.where(dealt, values, first) == first).all(axis=0)
        return Cond(test)

    @property
    def same_suit(self):
        return self._same(lambda d: np.array([d.suit[p] for p in self.positions]))

    @property
    def same_colour(self):
        return self._same(lambda d: np.isin(np.array([d.suit[p] for p in self.positions]), RED))

    @property
    def most_of_a_rank(self):
        return _known(lambda d: self._rank_counts(d).max(axis=0))

    def ranks_held(self, at_least=1):
        return _known(lambda d: (self._rank_counts(d) >= at_least).sum(axis=0))

    @property
    def rank_counts(self):
        return RankCounts(self)

    def straight(self, ace="both"):
        def test(d):
            counts = self._rank_counts(d)
            n = counts.sum(axis=0)
            present = counts > 0
            out = np.zeros(d.n, dtype=bool)
            for ace_at in {"low": (0,), "high": (13,), "both": (0, 13)}[ace]:
                order = np.array([ace_at] + list(range(1, 13)))  # the ace's place, then 2 … K
                top = np.where(present, order[:, None], -99).max(axis=0)
                bottom = np.where(present, order[:, None], 99).min(axis=0)
                out |= top - bottom == n - 1
            return out & (counts.max(axis=0) == 1) & (n >= 2)
        return Cond(test)


class RankCounts:
    """A group's rank counts, compared with a tuple of them."""

    def __init__(self, group: Group):
        self.group = group

    def __eq__(self, pattern):
        """Every rank present listed, order ignored: as many ranks held k times as the
        pattern has k's, for every k."""
        wanted = {k: list(pattern).count(k) for k in range(1, max(7, max(pattern) + 1))}

        def test(d):
            counts = self.group._rank_counts(d)
            out = np.ones(d.n, dtype=bool)
            for k, n in wanted.items():
                out &= (counts == k).sum(axis=0) == n
            return out
        return Cond(test)

    def isin(self, *patterns):
        out = self == patterns[0]
        for p in patterns[1:]:
            out = out | (self == p)
        return out


# -- the hands and the coup ---------------------------------------------------------------------
class Hand:
    """A hand's words, read off its three positions."""

    def __init__(self, first: int, second: int, third: int, other: "Hand | None" = None):
        self.cards_at = (first, second, third)
        self.hand = Group(self.cards_at)
        self.other = other

    def card(self, number):
        return Card(self.cards_at[number - 1])

    @property
    def points(self):
        return _known(lambda d: d.points(self.cards_at))

    @property
    def two_card_total(self):
        return _known(lambda d: d.points(self.cards_at[:2]))

    @property
    def cards(self):
        return _known(lambda d: 2 + d.dealt(self.cards_at[2]))

    @property
    def third(self):
        third = self.cards_at[2]
        return _known(lambda d: np.where(d.dealt(third), POINTS[np.maximum(d.rank[third], 0)], -1))

    @property
    def natural(self):
        return self.two_card_total >= 8

    @property
    def pair(self):
        a, b = self.cards_at[:2]
        return Cond(lambda d: d.rank[a] == d.rank[b])

    @property
    def suited_pair(self):
        a, b = self.cards_at[:2]
        return self.pair & Cond(lambda d: d.suit[a] == d.suit[b])

    @property
    def wins(self):
        return self.points > self.other.points


class Coup:
    def card(self, number):
        return ShoeCard(number)


player = Hand(P1, P2, P3)
banker = Hand(B1, B2, B3, player)
player.other = banker
tie = player.points == banker.points
margin = abs(player.points - banker.points)
cards_dealt = 4 + _known(lambda d: d.dealt(P3).astype(int) + d.dealt(B3))
always = Cond(lambda d: np.ones(d.n, dtype=bool))
coup = Coup()
first_four = Group((P1, B1, P2, B2))
all_cards = Group((P1, B1, P2, B2, P3, B3))


class Bet:
    """A bet's events, in order (what they pay plays no part in a count)."""

    def __init__(self, name, events, otherwise="lose"):
        self.name, self.events = name, events


class Event:
    def __init__(self, label, when, pays):
        self.label, self.when = label, when


NAMES = {"Bet": Bet, "Event": Event, "player": player, "banker": banker, "tie": tie,
         "margin": margin, "cards_dealt": cards_dealt, "always": always, "coup": coup,
         "first_four": first_four, "all_cards": all_cards}


def settled_lines(source: str, kinds: tuple,
                  replacement: bool = False) -> tuple[np.ndarray, np.ndarray, int]:
    """Per six-card sequence of the shoe ``kinds`` (((rank, suit), copies) pairs), the
    line of the bet ``source`` that settles it (the first event that holds, else the
    number of events: otherwise); the deals of each sequence (every card put back
    before the next with ``replacement``); and the bet's lines."""
    bet = eval(source, {"__builtins__": {"abs": abs}}, dict(NAMES))
    d = deals_of(kinds, replacement)
    line = np.full(d.n, len(bet.events), dtype=np.int64)
    for i in reversed(range(len(bet.events))):
        line[np.broadcast_to(bet.events[i].when.test(d), (d.n,))] = i
    return line, d.ways, len(bet.events) + 1


def line_counts(source: str, kinds: tuple, replacement: bool = False) -> tuple[int, ...]:
    """The deals each line of the bet ``source`` builds settles (its events', then
    otherwise's) on the shoe ``kinds`` (((rank, suit), copies) pairs), exactly (every
    card put back before the next with ``replacement``)."""
    line, ways, n_lines = settled_lines(source, kinds, replacement)
    return tuple(int(ways[line == i].sum()) for i in range(n_lines))
