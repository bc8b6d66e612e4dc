"""Words for bets on the cards themselves: each card by position, and groups of cards.

Cards are named by dealing position: the player's 1st, 2nd and 3rd card and the
banker's (cards 1-4 are dealt player, banker, player, banker). A card has a rank, a
suit, a colour and a point value; a third card that was not dealt is absent, and every
question about it is false. A group (a hand's cards, the first four, all the cards of
the coup) can count its cards by rank, suit, colour or value, tell whether they share a
suit or a colour, and give the multiplicities of its ranks, of which poker categories
are made.

Each word reads features from which the engine chooses how finely it must tell cards
apart (:mod:`bacc_edge.engine.card_table`). A card word reads ``"<position>.<attribute>"``
(``"P1.rank"``, ``"B3.dealt"`` …), one value per cell. A group word reads its cards in
no particular order, ``"{P1,B1,P2,B2}.rank"``, one row per card: every group word is a
function of the group's cards as a multiset, so the engine may key cells by that
multiset rather than by the cards position by position. A rank that has a point value of
its own (A-9) is read as that value, so asking for nines needs no rank detail.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np

from ..game.cards import COLOURS, POINTS, RANKS, SUITS, parse_card, parse_colour, parse_rank, parse_suit
from ..game.coup import BEYOND_HANDS, POSITIONS, SHOE_ORDER
from ..engine.features import (NAMED, RELATED_RANKS, RELATED_SUITS, group_name, named_rank,
                                named_suit)
from .condition_algebra import (Condition, ConditionError, NoWord, Quantity,
                                refuses_other_operators)

_OWNERS = {"P": "player", "B": "banker"}
#: the ace's rank code: below the two in a straight, or above the king (the 13th rank)
ACE = RANKS.index("A")
#: ranks that share their point value with another rank (10, J, Q, K)
_SHARED_VALUE = frozenset(r for r in range(13) if POINTS.count(POINTS[r]) > 1)


def _key(where: str, attribute: str) -> str:
    return f"{where}.{attribute}"


def _name(position: str) -> str:
    return f"{_OWNERS[position[0]]}.card({position[1]})"


def _dealt(where: str):
    key = _key(where, "dealt")
    return lambda f: f[key]


@refuses_other_operators("a card's rank, suit or colour is a name: compare it with == or "
                          "!= (e.g. == 'K'), or .isin(…); a card's points are its .value")
class CardAttribute:
    """A card's rank, suit or colour: compare it with a name (``== "K"``, ``== "♦"``,
    ``== "red"``), with the same attribute of another card, or test ``isin``.

    ``where`` is a position (``"P1"``), or a group's name (:func:`group_name`) for a
    comparison made card by card, one row per card of the group."""

    def __init__(self, where: str, attribute: str, parse, text: str):
        self.where = where
        self.attribute = attribute
        self._parse = parse
        self.text = text

    def _feature(self, code: int | None) -> tuple[str, frozenset]:
        """The feature that answers a comparison with ``code`` (None: with another card)."""
        if self.attribute == "rank" and code is not None and code not in _SHARED_VALUE:
            return _key(self.where, "value"), frozenset()
        if self.attribute == "rank":
            marks = {RELATED_RANKS if code is None else named_rank(code)}
        elif self.attribute == "suit":
            marks = {RELATED_SUITS} if code is None else {NAMED["suit"], named_suit(code)}
        else:
            marks = set() if code is None else {NAMED[self.attribute]}
        return _key(self.where, self.attribute), frozenset(marks)

    def _compare(self, other, equal: bool) -> Condition:
        symbol = "==" if equal else "!="
        dealt = _dealt(self.where)
        if isinstance(other, CardAttribute):
            if other.attribute != self.attribute:
                raise ConditionError(f"{self.text} {symbol} {other.text}: compare a "
                                     f"{self.attribute} with a {self.attribute}")
            mine, marks = self._feature(None)
            theirs, _ = other._feature(None)
            odealt = _dealt(other.where)
            op = np.equal if equal else np.not_equal
            test = lambda f: op(f[mine], f[theirs]) & dealt(f) & odealt(f)  # noqa: E731
            features = {mine, theirs, _key(self.where, "dealt"),
                        _key(other.where, "dealt")} | marks
            return Condition(f"{self.text} {symbol} {other.text}", test, frozenset(features))
        code = self._parse(other)
        feature, extra = self._feature(code)
        value = POINTS[code] if feature.endswith(".value") else code
        op = np.equal if equal else np.not_equal
        test = lambda f: op(f[feature], value) & dealt(f)  # noqa: E731
        return Condition(f"{self.text} {symbol} {other!r}", test,
                         frozenset({feature, _key(self.where, "dealt")}) | extra)

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
    not dealt is false. ``text`` names the card where its position is not a hand's
    (:class:`ShoeCard`).
    """

    def __init__(self, position: str, text: str | None = None):
        if position not in POSITIONS + BEYOND_HANDS:
            raise ConditionError(f"no card at position {position!r}")
        self.position = position
        self.text = _name(position) if text is None else text
        #: the card's rank: compare with "A", "2" … "10", "J", "Q", "K"
        self.rank = CardAttribute(position, "rank", parse_rank, f"{self.text}.rank")
        #: the card's suit: compare with "♠" "♥" "♦" "♣" (or s h d c)
        self.suit = CardAttribute(position, "suit", parse_suit, f"{self.text}.suit")
        #: the card's colour: compare with "red" or "black"
        self.colour = CardAttribute(position, "colour", parse_colour, f"{self.text}.colour")
        #: the card's point value, 0-9 (a quantity; false everywhere if not dealt)
        self.value = Quantity(lambda f, k=_key(position, "value"): f[k], f"{self.text}.value",
                              {_key(position, "value"), _key(position, "dealt")},
                              defined=_dealt(position), bounds=(0, 9))
        #: the card was dealt (always for cards 1-2 of a hand)
        self.dealt = Condition(f"{self.text}.dealt", lambda f, d=_dealt(position): d(f) == 1,
                               frozenset({_key(position, "dealt")}))

    def is_(self, name: str) -> Condition:
        """The card is ``name``: ``"K"`` (any suit) or ``"K♥"``."""
        rank, suit = parse_card(name)
        out = self.rank == RANKS[rank]
        return out if suit is None else out & (self.suit == SUITS[suit])

    def __getattr__(self, name: str):
        """A word a card lacks (``.suited``, a misspelt ``.rnak``): a one-line error
        naming the words it has (an AttributeError too, so that ``hasattr`` works)."""
        if name.startswith("_"):
            raise AttributeError(name)
        raise NoWord(f"{self.text}.{name} is not a word of the paytable language; a card "
                      f"has rank, suit, colour, value, dealt and is_('K♥') (a hand's "
                      f"suited_pair, a group's same_suit)")

    def __repr__(self) -> str:
        return f"<Card {self.text}>"


class ShoeCard(Card):
    """The n-th card out of the shoe in this coup, ``coup.card(n)``, n = 1 … 6, read
    whether or not it is dealt to a hand: cards 1-4 are P1 B1 P2 B2; card 5 is the
    player's third card if the player draws, else the banker's if he draws, else the
    first card the coup leaves in the shoe; card 6 the banker's third card if both hands
    draw, else the next card left in the shoe. Under the six-card counting convention
    every one of them exists in every coup counted, so ``rank``, ``suit``, ``colour``,
    ``value`` and ``is_`` always read it; ``dealt`` says whether it was dealt to a hand
    (always for cards 1-4)."""

    def __init__(self, number: int):
        super().__init__(SHOE_ORDER[number - 1], f"coup.card({number})")
        self.number = number
        #: the card was dealt to a hand in this coup (cards 1-4 always; 5 and 6 where
        #: the hands drew that many)
        self.dealt = (Condition(f"{self.text}.dealt", lambda f: f["cards_dealt"] >= number,
                                frozenset({"cards_dealt"})) if self.position in BEYOND_HANDS
                      else Condition(f"{self.text}.dealt", lambda f: np.True_, frozenset()))


class Coup:
    """The coup as the shoe deals it: ``coup.card(n)`` is its n-th card out of the
    shoe (:class:`ShoeCard`), dealt to a hand or not."""

    def card(self, number: int) -> ShoeCard:
        """The n-th card out of the shoe, n = 1 … 6."""
        if isinstance(number, bool) or not isinstance(number, int) or not (
                1 <= number <= len(SHOE_ORDER)):
            raise ConditionError(f"coup.card({number!r}): the cards out of the shoe are "
                                 f"numbered 1 to {len(SHOE_ORDER)}")
        return ShoeCard(number)

    def __getattr__(self, name: str):
        if name.startswith("__"):
            raise AttributeError(name)
        raise ConditionError(f"coup.{name} is not a word of the paytable language; the "
                             f"coup has card(1) … card({len(SHOE_ORDER)}), the cards in "
                             f"the order they leave the shoe")

    def __repr__(self) -> str:
        return "<coup>"


#: the coup's cards in the order they leave the shoe: ``coup.card(5).rank == "9"``
coup = Coup()


#: how rank_counts is compared, said where it is compared otherwise
_RANK_COUNTS_USE = "compare rank_counts with == (e.g. == (3, 2)) or .isin((2, 2), (2, 2, 1))"


@refuses_other_operators(_RANK_COUNTS_USE)
class Multiplicities:
    """How many cards of each rank a group holds, as a multiset: compare with a tuple
    such as ``(3, 2)`` for a full house of five cards or ``(2, 1, 1)`` for one pair in
    four. The order of the tuple does not matter; every rank present is listed."""

    def __init__(self, group: "CardGroup"):
        self.group = group
        self.text = f"{group.text}.rank_counts"

    def __eq__(self, pattern) -> Condition:  # type: ignore[override]
        return self._is(pattern)

    def __ne__(self, pattern):  # type: ignore[override]
        # Python would answer != with `not ==`, and be told a condition has no truth value
        raise ConditionError(f"{self.text} != {pattern!r}: {_RANK_COUNTS_USE}; for "
                             f"'not', ~({self.text} == {pattern!r})")

    __hash__ = None  # type: ignore[assignment]

    def _is(self, pattern, written: str | None = None) -> Condition:
        """The condition that the rank counts are ``pattern``; ``written``: how the user
        wrote it, for an error (``== pattern`` where not given)."""
        if (not isinstance(pattern, (tuple, list)) or not pattern
                or not all(isinstance(k, int) and not isinstance(k, bool) and k > 0
                           for k in pattern)):
            raise ConditionError(f"{self.text}{written or f' == {pattern!r}'}: give the rank "
                                 f"counts as a tuple of whole numbers, e.g. (2, 2) for two "
                                 f"pair")
        want = {k: list(pattern).count(k) for k in range(1, len(self.group.positions) + 1)}
        group = self.group

        def test(f):  # counts of at most six cards: summed in one byte a cell
            m, first, dealt = group._multiplicities(f)
            ok = dealt.sum(axis=0, dtype=np.int8) == sum(pattern)
            for k, n in want.items():
                ok &= ((m == k) & first).sum(axis=0, dtype=np.int8) == n
            return ok

        return Condition(f"{self.text} == {tuple(pattern)}", test, group._rank_features())

    def isin(self, *patterns) -> Condition:
        """One of several multisets: ``all_cards.rank_counts.isin((2, 2), (2, 2, 1))``."""
        written = f".isin({', '.join(map(repr, patterns))})"
        if not patterns:
            raise ConditionError(f"{self.text}{written}: give at least one tuple")
        out = self._is(patterns[0], written)
        for p in patterns[1:]:
            out = out | self._is(p, written)
        return out

    def __repr__(self) -> str:
        return f"<{self.text}>"


def cards_counted(holds: np.ndarray) -> np.ndarray:
    """Per cell (a column), how many of a group's cards (a row each) ``holds`` is true
    of, as the quantities' arithmetic takes them (int64). Summed in one byte where the
    cards are fewer than 128 (a coup's groups hold six at most), then widened: numpy
    sums bytes into int64 a third as fast (1.3 ms a batch of 2**19 cells of six cards,
    0.3 so)."""
    holds = np.asarray(holds)
    small = holds.shape[0] <= np.iinfo(np.int8).max
    return holds.sum(axis=0, dtype=np.int8 if small else np.int64).astype(np.int64)


class CardGroup:
    """Several cards of the coup: a hand's cards (``player.hand``), the first four
    (``first_four``) or all the cards dealt (``all_cards``). Only cards dealt count.

    Every word reads the group's cards in no particular order (features named by
    :func:`group_name`, one row per card), so each is a function of the cards dealt as a
    multiset."""

    def __init__(self, positions: Sequence[str], text: str):
        if (isinstance(positions, str) or not isinstance(positions, Sequence) or not positions
                or not all(p in POSITIONS for p in positions) or not isinstance(text, str)):
            raise ConditionError(f"CardGroup({positions!r}, {text!r}): give a list of "
                                 f"positions among {', '.join(POSITIONS)} and its name")
        self.positions = tuple(positions)
        self.text = text
        self._where = group_name(self.positions)
        dealt = self._key("dealt")
        #: how many cards of the group were dealt
        many = (0, len(self.positions))  # how many of the group's cards: at most all
        self.size = Quantity(lambda f: cards_counted(f[dealt]),
                             f"{text}.size", {dealt}, bounds=many)
        #: every card of the group has one suit (a flush)
        self.same_suit = self._same("suit")
        #: every card of the group has one colour
        self.same_colour = self._same("colour")
        #: the multiset of rank counts, e.g. ``== (2, 2)`` for two pair in four cards
        self.rank_counts = Multiplicities(self)
        #: the largest number of cards of one rank (1 when all ranks differ)
        self.most_of_a_rank = Quantity(lambda f: self._multiplicities(f)[0].max(axis=0),
                                       f"{text}.most_of_a_rank", self._rank_features(),
                                       bounds=many)

    def _key(self, attribute: str) -> str:
        return _key(self._where, attribute)

    def _rank_features(self) -> frozenset:
        return frozenset({self._key("rank"), self._key("dealt"), RELATED_RANKS})

    def _multiplicities(self, f):
        """Per card (one row each): how many cards of the group share its rank (0 if not
        dealt), whether it is the first of its rank, and whether it was dealt. Kept in
        ``f`` once worked out, since several words of one bet ask for it."""
        memo = ("multiplicities", self._where)
        if memo in f:  # a plain membership test: a layout's features compute on lookup
            return f[memo]
        from ..engine.feature_kernels import rank_multiplicities  # numba: on first count
        ranks, dealt = self._ranks_dealt(f)
        m, first = np.empty(ranks.shape, dtype=np.int8), np.empty(ranks.shape, dtype=bool)
        rank_multiplicities(ranks, dealt, m, first)
        f[memo] = (m, first, dealt)
        return f[memo]

    def _ranks_dealt(self, f) -> tuple[np.ndarray, np.ndarray]:
        """The group's ranks (codes, one byte) and whether each card was dealt, one row
        per card, each array in one piece: as the kernels take them."""
        ranks = np.ascontiguousarray(f[self._key("rank")], dtype=np.int8)
        return ranks, np.ascontiguousarray(f[self._key("dealt")], dtype=bool)

    def _same(self, attribute: str) -> Condition:
        key, dealt = self._key(attribute), self._key("dealt")

        def test(f):
            from ..engine.feature_kernels import same_values  # numba: on first count
            d = np.ascontiguousarray(f[dealt], dtype=bool)
            values = np.ascontiguousarray(f[key])
            out = np.empty(d.shape[1:], dtype=bool)
            same_values(values.reshape(d.shape[0], -1), d.reshape(d.shape[0], -1),
                        out.reshape(-1))
            return out

        related = {RELATED_SUITS} if attribute == "suit" else set()
        return Condition(f"{self.text}.same_{attribute}", test,
                         frozenset({key, dealt} | related))

    def count(self, *unnamed, rank=None, suit=None, colour=None, value=None,
              **unknown) -> Quantity:
        """How many cards of the group have the given rank, suit, colour and/or point
        value (all that are given): ``first_four.count(rank="9", suit="♦")``."""
        if unnamed:
            raise ConditionError(f"{self.text}.count({', '.join(map(repr, unnamed))}): name "
                                 f"what to count, e.g. count(rank='9'): count takes rank=, "
                                 f"suit=, colour= and value=")
        if unknown:
            raise ConditionError(f"{self.text}.count({next(iter(unknown))}=…): count takes "
                                 f"rank=, suit=, colour= and value=")
        parts: list[Condition] = []
        words = []
        for word, given, parse in (("rank", rank, parse_rank), ("suit", suit, parse_suit),
                                   ("colour", colour, parse_colour)):
            if given is not None:
                cards = CardAttribute(self._where, word, parse, f"{self.text}.{word}")
                parts.append(cards == given)
                words.append(f"{word}={given!r}")
        if value is not None:
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 9:
                raise ConditionError(f"{self.text}.count(value={value!r}): a point value "
                                     f"is a whole number 0-9")
            key, dealt = self._key("value"), self._key("dealt")
            parts.append(Condition(f"{self.text}.value == {value}",
                                   lambda f: (f[key] == value) & f[dealt],
                                   frozenset({key, dealt})))
            words.append(f"value={value}")
        if not parts:
            raise ConditionError(f"{self.text}.count(): say what to count, e.g. "
                                 f"count(rank='K') or count(suit='♦')")
        each = parts[0]
        for more in parts[1:]:
            each = each & more
        return Quantity(lambda f: cards_counted(each._test(f)),
                        f"{self.text}.count({', '.join(words)})", each.features,
                        bounds=(0, len(self.positions)), each_card=each)

    def ranks_held(self, at_least: int = 1) -> Quantity:
        """How many different ranks the group holds at least ``at_least`` times:
        ``all_cards.ranks_held(3) == 2`` is two sets of three."""
        if isinstance(at_least, bool) or not isinstance(at_least, int) or at_least < 1:
            raise ConditionError(f"{self.text}.ranks_held({at_least!r}): give a whole "
                                 f"number from 1 up")

        def value(f):
            m, first, _ = self._multiplicities(f)
            return cards_counted((m >= at_least) & first)

        return Quantity(value, f"{self.text}.ranks_held({at_least})", self._rank_features(),
                        bounds=(0, len(self.positions)))

    def straight(self, ace: str = "both") -> Condition:
        """The group's ranks are all different and consecutive. ``ace`` says where an ace
        may stand: ``"low"`` (A-2-3-4), ``"high"`` (J-Q-K-A) or ``"both"``; a straight
        never wraps round (Q-K-A-2 is none)."""
        if ace not in ("low", "high", "both"):
            raise ConditionError(f"{self.text}.straight(ace={ace!r}): ace is 'low', "
                                 f"'high' or 'both'")
        ends = {"low": (ACE,), "high": (len(RANKS),), "both": (ACE, len(RANKS))}[ace]

        def test(f):
            from ..engine.feature_kernels import straights  # numba: on first count
            ranks, dealt = self._ranks_dealt(f)
            hit = np.empty(ranks.shape[1:], dtype=bool)
            straights(ranks, dealt, ACE, np.array(ends, dtype=np.int8), hit)
            return hit

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

__all__ = ["COLOURS", "POSITIONS", "Card", "CardAttribute", "CardGroup", "Coup",
           "Multiplicities", "ShoeCard", "all_cards", "coup", "first_four", "hand_cards"]
