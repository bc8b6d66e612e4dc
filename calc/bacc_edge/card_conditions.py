"""Words for bets on the cards themselves: each card by position, and groups of cards.

Cards are named by dealing position: the player's 1st, 2nd and 3rd card and the
banker's (cards 1-4 are dealt player, banker, player, banker). A card has a rank, a
suit, a colour and a point value; a third card that was not dealt is absent, and every
question about it is false. A group (a hand's cards, the first four, all the cards of
the coup) can count its cards by rank, suit, colour or value, tell whether they share a
suit or a colour, and give the multiplicities of its ranks, of which poker categories
are made.

Each word reads features named ``"<position>.<attribute>"`` (``"P1.rank"``,
``"B3.dealt"`` …) from which the engine chooses how finely it must tell cards apart
(:mod:`bacc_edge.card_layout`). A rank that has a point value of its own (A-9) is read
as that value, so asking for nines needs no rank detail.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np

from .cards import COLOURS, POINTS, RANKS, SUITS, parse_card, parse_colour, parse_rank, parse_suit
from .logic import Condition, ConditionError, Quantity

#: Dealing order: cards 1-6 of the coup.
POSITIONS = ("P1", "B1", "P2", "B2", "P3", "B3")
#: Features that mark a condition naming one suit or one colour (they break the suits'
#: symmetry: a flush is a flush in any suit, a diamond is not a heart).
NAMED = {"suit": "suit:named", "colour": "colour:named"}
#: A feature that marks a condition relating ranks to each other (pairs, rank counts,
#: straights): every rank must be told apart, not only the ranks named.
RELATED_RANKS = "rank:related"


def named_rank(rank: int) -> str:
    """The feature that marks a condition naming a rank that shares its point value."""
    return f"rank:named:{rank}"
_OWNERS = {"P": "player", "B": "banker"}
#: ranks that share their point value with another rank (10, J, Q, K)
_SHARED_VALUE = frozenset(r for r in range(13) if POINTS.count(POINTS[r]) > 1)


def _key(position: str, attribute: str) -> str:
    return f"{position}.{attribute}"


def _name(position: str) -> str:
    return f"{_OWNERS[position[0]]}.card({position[1]})"


def _dealt(position: str):
    key = _key(position, "dealt")
    return lambda f: f[key]


class CardAttribute:
    """A card's rank, suit or colour: compare it with a name (``== "K"``, ``== "♦"``,
    ``== "red"``), with the same attribute of another card, or test ``isin``."""

    def __init__(self, position: str, attribute: str, parse):
        self.position = position
        self.attribute = attribute
        self._parse = parse
        self.text = f"{_name(position)}.{attribute}"

    def _feature(self, code: int | None) -> tuple[str, frozenset]:
        """The feature that answers a comparison with ``code`` (None: with another card)."""
        if self.attribute == "rank" and code is not None and code not in _SHARED_VALUE:
            return _key(self.position, "value"), frozenset()
        if self.attribute == "rank":
            marks = {RELATED_RANKS if code is None else named_rank(code)}
        else:
            marks = set() if code is None else {NAMED[self.attribute]}
        return _key(self.position, self.attribute), frozenset(marks)

    def _compare(self, other, equal: bool) -> Condition:
        symbol = "==" if equal else "!="
        dealt = _dealt(self.position)
        if isinstance(other, CardAttribute):
            if other.attribute != self.attribute:
                raise ConditionError(f"{self.text} {symbol} {other.text}: compare a "
                                     f"{self.attribute} with a {self.attribute}")
            mine, marks = self._feature(None)
            theirs, _ = other._feature(None)
            odealt = _dealt(other.position)
            op = np.equal if equal else np.not_equal
            test = lambda f: op(f[mine], f[theirs]) & dealt(f) & odealt(f)  # noqa: E731
            features = {mine, theirs, _key(self.position, "dealt"),
                        _key(other.position, "dealt")} | marks
            return Condition(f"{self.text} {symbol} {other.text}", test, frozenset(features))
        code = self._parse(other)
        feature, extra = self._feature(code)
        value = POINTS[code] if feature.endswith(".value") else code
        op = np.equal if equal else np.not_equal
        test = lambda f: op(f[feature], value) & dealt(f)  # noqa: E731
        return Condition(f"{self.text} {symbol} {other!r}", test,
                         frozenset({feature, _key(self.position, "dealt")}) | extra)

    def __eq__(self, other):  # type: ignore[override]
        return self._compare(other, True)

    def __ne__(self, other):  # type: ignore[override]
        return self._compare(other, False)

    __hash__ = None  # type: ignore[assignment]

    def isin(self, *names) -> Condition:
        """The attribute is one of ``names``: ``player.card(1).rank.isin("J", "Q", "K")``."""
        if not names:
            raise ConditionError(f"{self.text}.isin(): give at least one name")
        out = self == names[0]
        for name in names[1:]:
            out = out | (self == name)
        return out

    def __bool__(self):
        raise ConditionError(f"{self.text} has no truth value; compare it, e.g. "
                             f"{self.text} == {self._example()!r}")

    def _example(self) -> str:
        return {"rank": "K", "suit": "♦", "colour": "red"}[self.attribute]

    def __repr__(self) -> str:
        return f"<{self.text}>"


class Card:
    """One card of the coup by its dealing position, e.g. ``player.card(1)``.

    ``rank`` (A, 2-10, J, Q, K), ``suit`` (♠ ♥ ♦ ♣, or s h d c), ``colour`` (red or
    black) compare with names or with another card's; ``value`` is its point value
    (0-9), a quantity; ``dealt`` holds when the card exists (a third card may not).
    ``is_("K♥")`` tests rank and, when given, suit. Every question about a card that was
    not dealt is false.
    """

    def __init__(self, position: str):
        if position not in POSITIONS:
            raise ConditionError(f"no card at position {position!r}")
        self.position = position
        self.text = _name(position)
        #: the card's rank: compare with "A", "2" … "10", "J", "Q", "K"
        self.rank = CardAttribute(position, "rank", parse_rank)
        #: the card's suit: compare with "♠" "♥" "♦" "♣" (or s h d c)
        self.suit = CardAttribute(position, "suit", parse_suit)
        #: the card's colour: compare with "red" or "black"
        self.colour = CardAttribute(position, "colour", parse_colour)
        #: the card's point value, 0-9 (a quantity; false everywhere if not dealt)
        self.value = Quantity(lambda f, k=_key(position, "value"): f[k], f"{self.text}.value",
                              {_key(position, "value"), _key(position, "dealt")},
                              defined=_dealt(position))
        #: the card was dealt (always for cards 1-2 of a hand)
        self.dealt = Condition(f"{self.text}.dealt", lambda f, d=_dealt(position): d(f) == 1,
                               frozenset({_key(position, "dealt")}))

    def is_(self, name: str) -> Condition:
        """The card is ``name``: ``"K"`` (any suit) or ``"K♥"``."""
        rank, suit = parse_card(name)
        out = self.rank == RANKS[rank]
        return out if suit is None else out & (self.suit == SUITS[suit])

    def __repr__(self) -> str:
        return f"<Card {self.text}>"


class Multiplicities:
    """How many cards of each rank a group holds, as a multiset: compare with a tuple
    such as ``(3, 2)`` for a full house of five cards or ``(2, 1, 1)`` for one pair in
    four. The order of the tuple does not matter; every rank present is listed."""

    def __init__(self, group: "CardGroup"):
        self.group = group
        self.text = f"{group.text}.rank_counts"

    def __eq__(self, pattern) -> Condition:  # type: ignore[override]
        return self._is(pattern)

    __hash__ = None  # type: ignore[assignment]

    def _is(self, pattern) -> Condition:
        if (not isinstance(pattern, (tuple, list)) or not pattern
                or not all(isinstance(k, int) and not isinstance(k, bool) and k > 0
                           for k in pattern)):
            raise ConditionError(f"{self.text} == {pattern!r}: give the rank counts as a "
                                 f"tuple of whole numbers, e.g. (2, 2) for two pair")
        want = {k: list(pattern).count(k) for k in range(1, len(self.group.positions) + 1)}
        group = self.group

        def test(f):
            m, first, dealt = group._multiplicities(f)
            ok = np.ones(dealt[0].shape, dtype=bool)
            for k, n in want.items():
                distinct = sum(((mi == k) & fi).astype(np.int8) for mi, fi in zip(m, first))
                ok &= distinct == n
            return ok & (sum(d.astype(np.int8) for d in dealt) == sum(pattern))

        return Condition(f"{self.text} == {tuple(pattern)}", test, group._rank_features())

    def isin(self, *patterns) -> Condition:
        """One of several multisets: ``all_cards.rank_counts.isin((2, 2), (2, 2, 1))``."""
        if not patterns:
            raise ConditionError(f"{self.text}.isin(): give at least one tuple")
        out = self._is(patterns[0])
        for p in patterns[1:]:
            out = out | self._is(p)
        return out

    def __repr__(self) -> str:
        return f"<{self.text}>"


class CardGroup:
    """Several cards of the coup: a hand's cards (``player.hand``), the first four
    (``first_four``) or all the cards dealt (``all_cards``). Only cards dealt count."""

    def __init__(self, positions: Sequence[str], text: str):
        self.positions = tuple(positions)
        self.text = text
        dealt = [_key(p, "dealt") for p in self.positions]
        #: how many cards of the group were dealt
        self.size = Quantity(lambda f: sum(f[k].astype(np.int64) for k in dealt),
                             f"{text}.size", set(dealt))
        #: every card of the group has one suit (a flush)
        self.same_suit = self._same("suit")
        #: every card of the group has one colour
        self.same_colour = self._same("colour")
        #: the multiset of rank counts, e.g. ``== (2, 2)`` for two pair in four cards
        self.rank_counts = Multiplicities(self)
        #: the largest number of cards of one rank (1 when all ranks differ)
        self.most_of_a_rank = Quantity(lambda f: np.max(self._multiplicities(f)[0], axis=0),
                                       f"{text}.most_of_a_rank", self._rank_features())

    def _dealt_features(self) -> set[str]:
        return {_key(p, "dealt") for p in self.positions}

    def _rank_features(self) -> frozenset:
        return frozenset({_key(p, "rank") for p in self.positions} | self._dealt_features()
                         | {RELATED_RANKS})

    def _multiplicities(self, f):
        """Per card: how many cards of the group share its rank (0 if not dealt), whether
        it is the first of its rank, and whether it was dealt. Kept in ``f`` once
        worked out, since several words of one bet ask for it."""
        memo = ("multiplicities", self.positions)
        if memo in f:  # a plain membership test: a layout's features compute on lookup
            return f[memo]
        ranks = [np.asarray(f[_key(p, "rank")], dtype=np.int8) for p in self.positions]
        dealt = [np.asarray(f[_key(p, "dealt")], dtype=bool) for p in self.positions]
        m, first = [], []
        for i, (ri, di) in enumerate(zip(ranks, dealt)):
            count = np.zeros(ri.shape, dtype=np.int8)
            earlier = np.zeros(ri.shape, dtype=bool)
            for j, (rj, dj) in enumerate(zip(ranks, dealt)):
                same = (ri == rj) & dj
                count += same
                if j < i:
                    earlier |= same
            m.append(np.where(di, count, 0).astype(np.int8))
            first.append(di & ~earlier)
        f[memo] = (m, first, dealt)
        return f[memo]

    def _same(self, attribute: str) -> Condition:
        keys = [_key(p, attribute) for p in self.positions]
        dealt = [_key(p, "dealt") for p in self.positions]

        def test(f):
            lead = f[keys[0]]
            ok = f[dealt[0]].astype(bool)
            for k, d in zip(keys[1:], dealt[1:]):
                ok &= (f[k] == lead) | ~f[d].astype(bool)
            return ok

        return Condition(f"{self.text}.same_{attribute}", test,
                         frozenset(keys) | self._dealt_features())

    def count(self, *, rank=None, suit=None, colour=None, value=None) -> Quantity:
        """How many cards of the group have the given rank, suit, colour and/or point
        value (all that are given): ``first_four.count(rank="9", suit="♦")``."""
        cards = [Card(p) for p in self.positions]
        parts: list[Condition] = []
        words = []
        for word, given in (("rank", rank), ("suit", suit), ("colour", colour)):
            if given is not None:
                parts.append([getattr(c, word) == given for c in cards])
                words.append(f"{word}={given!r}")
        if value is not None:
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 9:
                raise ConditionError(f"{self.text}.count(value={value!r}): a point value "
                                     f"is a whole number 0-9")
            parts.append([c.value == value for c in cards])
            words.append(f"value={value}")
        if not parts:
            raise ConditionError(f"{self.text}.count(): say what to count, e.g. "
                                 f"count(rank='K') or count(suit='♦')")
        per_card = [parts[0][i] for i in range(len(cards))]
        for more in parts[1:]:
            per_card = [a & b for a, b in zip(per_card, more)]
        features = frozenset().union(*(c.features for c in per_card))
        return Quantity(lambda f: sum(c._test(f).astype(np.int64) for c in per_card),
                        f"{self.text}.count({', '.join(words)})", features)

    def ranks_held(self, at_least: int = 1) -> Quantity:
        """How many different ranks the group holds at least ``at_least`` times:
        ``all_cards.ranks_held(3) == 2`` is two sets of three."""
        if isinstance(at_least, bool) or not isinstance(at_least, int) or at_least < 1:
            raise ConditionError(f"{self.text}.ranks_held({at_least!r}): give a whole "
                                 f"number from 1 up")

        def value(f):
            m, first, _ = self._multiplicities(f)
            return sum(((mi >= at_least) & fi).astype(np.int64) for mi, fi in zip(m, first))

        return Quantity(value, f"{self.text}.ranks_held({at_least})", self._rank_features())

    def straight(self, ace: str = "both") -> Condition:
        """The group's ranks are all different and consecutive. ``ace`` says where an ace
        may stand: ``"low"`` (A-2-3-4), ``"high"`` (J-Q-K-A) or ``"both"``; a straight
        never wraps round (Q-K-A-2 is none)."""
        if ace not in ("low", "high", "both"):
            raise ConditionError(f"{self.text}.straight(ace={ace!r}): ace is 'low', "
                                 f"'high' or 'both'")
        ends = {"low": (0,), "high": (13,), "both": (0, 13)}[ace]

        def test(f):
            m, _, dealt = self._multiplicities(f)
            ranks = [f[_key(p, "rank")].astype(np.int64) for p in self.positions]
            n = sum(d.astype(np.int64) for d in dealt)
            distinct = np.max(m, axis=0) == 1
            hit = np.zeros(n.shape, dtype=bool)
            for ace_rank in ends:
                vals = [np.where(r == 0, ace_rank, r) for r in ranks]
                hi = np.max([np.where(d, v, -99) for v, d in zip(vals, dealt)], axis=0)
                lo = np.min([np.where(d, v, 99) for v, d in zip(vals, dealt)], axis=0)
                hit |= hi - lo == n - 1
            return distinct & hit & (n >= 2)

        return Condition(f"{self.text}.straight(ace={ace!r})", test, self._rank_features())

    def __repr__(self) -> str:
        return f"<CardGroup {self.text}>"


def hand_cards(side: str) -> CardGroup:
    """The cards of one hand, ``"player"`` or ``"banker"``, in the order dealt."""
    prefix = side[0].upper()
    return CardGroup([f"{prefix}{i}" for i in (1, 2, 3)], f"{side}.hand")


#: the first four cards: both hands' first two
first_four = CardGroup(POSITIONS[:4], "first_four")
#: every card of the coup, four to six
all_cards = CardGroup(POSITIONS, "all_cards")

__all__ = ["COLOURS", "POSITIONS", "Card", "CardAttribute", "CardGroup", "Multiplicities",
           "all_cards", "first_four", "hand_cards"]
