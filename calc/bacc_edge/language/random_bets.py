"""Random bets drawn from the paytable language's grammar, each with the text that builds it.

A bet a user writes is any sentence of the language, not only the shipped ones. The
property tests count random bets with the engine and with the slow reference alike
(``tests/language/test_random_bets.py``), and the benchmark times them (``bench/bench.py --only
any-bet``). Each bet is drawn word by word from a seeded numpy Generator and written as
the Python expression a paytable would hold::

    Bet("Random bet 3", [Event("e0", (player.points == 7) & first_four.same_colour, 25),
                         Event("e1", tie, 8)])

and the bet is built from that text (:func:`bet_from_source`), so the text printed beside
a slow or failing bet re-runs it.

What is drawn: one to three events of one to four conditions each, joined by ``&`` and
``|``, some negated with ``~``, the first event paying the most; the words are every word
of the README's "Conditions" and "Bets on the cards": a hand's wins, points, cards,
two-card total, third card, natural, pair and suited pair; tie, margin, cards dealt,
always; each card by position (``player.card(n)``, ``banker.card(n)``, ``coup.card(n)``)
by rank, suit, colour, value, dealt and ``is_``, or against another card's; a group's
(``player.hand``, ``banker.hand``, ``first_four``, ``all_cards``) counts, one suit, one
colour, most of a rank, ranks held, rank counts, straights and size; ``+ - * // %``,
``-x`` and ``abs`` between numbers, compared with a number or with each other, ``isin``
and ``between``.

Every bet drawn is one the language accepts, by construction, with no draw retried: the
names are the language's own, a rank-count pattern is whole numbers from 1, a divisor
written out is never 0, only like attributes are compared, ``between`` runs low to high.
The numbers compared are values the words take, each drawn as an example coup might
give it (points 0-9, a hand's cards 2 or 3, a group's count of one rank mostly 0 or 1 …;
a compound number's example is worked out from its parts' examples, a divisor whose
example is 0 taken as 1), so that most events can happen. Whether an event can ever
happen is not the language's question but a report's, on a shoe: two words that
contradict each other, ``player.natural & (player.cards == 3)``, make an event that
never happens, as they would in a paytable a user writes.
"""

from __future__ import annotations

import json
import operator
from dataclasses import dataclass
from typing import Callable, NamedTuple, Sequence

import numpy as np

from ..errors import ArgumentError, BaccEdgeError, PaytableError
from ..game.cards import COLOURS, RANKS, SUITS, parse_rank, parse_suit
from ..util.arguments import quoted
from . import point_words
from .bet import Bet, Event
from .pays import pays

#: The names a bet's source text reads, as a paytable imports them from bacc_edge.
SOURCE_NAMES = {"Bet": Bet, "Event": Event,
                **{name: getattr(point_words, name) for name in (
                    "all_cards", "always", "banker", "cards_dealt", "coup", "first_four",
                    "margin", "player", "tie")}}


@dataclass(frozen=True)
class RandomBet:
    """A bet drawn by :func:`random_bet`, and ``source``, the Python expression that
    builds it (:func:`bet_from_source`)."""

    source: str
    bet: Bet


def bet_from_source(source: str) -> Bet:
    """The bet ``source`` builds: the text of a :class:`RandomBet`, or any expression of
    the paytable language's names (:data:`SOURCE_NAMES`, and ``abs``). The text runs as
    Python, as a paytable's does: give it only text you would load as a paytable."""
    if not isinstance(source, str):
        raise ArgumentError(f"source {quoted(source)} must be the text of a bet")
    try:
        bet = eval(source, {"__builtins__": {"abs": abs}}, dict(SOURCE_NAMES))
    except SyntaxError as err:
        raise PaytableError(f"bet source {_short(source)}: not a Python expression "
                            f"({err.msg})") from None
    except Exception as err:  # noqa: BLE001 - the language's refusals and Python's alike
        raise PaytableError(f"bet source {_short(source)}: {err}") from None
    if not isinstance(bet, Bet):
        raise PaytableError(f"bet source {_short(source)} builds {quoted(bet)}, not a Bet")
    return bet


def _short(text: str) -> str:
    return repr(text) if len(text) <= 100 else repr(text[:80] + "…")


def random_bet(rng_or_seed, *, name: str = "Random bet", ranks: Sequence[str] = RANKS,
               suits: Sequence[str] = SUITS) -> RandomBet:
    """One bet drawn from the language's grammar (see the module's docstring).

    ``rng_or_seed`` is a numpy Generator (it advances), or a seed for one: a whole number
    from 0, or a list of them. ``ranks`` and ``suits`` are the ranks and suits the bet
    may name (by default all of them): a test on a small shoe names the shoe's."""
    if not isinstance(name, str):
        raise ArgumentError(f"name {quoted(name)} must be text")
    words = _Words(_generator(rng_or_seed), _names(ranks, "ranks", parse_rank, RANKS),
                   _names(suits, "suits", parse_suit, SUITS))
    source = words.bet(name)
    return RandomBet(source, bet_from_source(source))


def random_bets(seed: int, n: int, **options) -> list[RandomBet]:
    """``n`` bets, the i-th drawn from the seed ``[seed, i]`` and named "Random bet i"
    (i from 1): the first bets of a larger sample are the same bets. ``options`` as
    :func:`random_bet`'s."""
    _whole(seed, "seed")
    _whole(n, "n")
    return [random_bet([seed, i], name=f"Random bet {i}", **options)
            for i in range(1, n + 1)]


def _whole(value, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 0:
        raise ArgumentError(f"{name} {quoted(value)} must be a whole number from 0")
    return int(value)


def _generator(value) -> np.random.Generator:
    if isinstance(value, np.random.Generator):
        return value
    seeds = value if isinstance(value, (list, tuple)) else [value]
    if not seeds or not all(isinstance(s, (int, np.integer)) and not isinstance(s, bool)
                            and s >= 0 for s in seeds):
        raise ArgumentError(f"rng_or_seed {quoted(value)} must be a numpy Generator, a "
                            f"whole number from 0 or a list of them")
    return np.random.default_rng([int(s) for s in seeds])


def _names(values, what: str, parse: Callable, canonical: Sequence[str]) -> tuple[str, ...]:
    """``values``, names of ranks or suits, as the language writes them (``"T"`` is
    ``"10"``, ``"d"`` is ``"♦"``), once each."""
    if isinstance(values, str) or not isinstance(values, Sequence) or not values:
        raise ArgumentError(f"{what} {quoted(values)} must be a non-empty list of names")
    try:
        return tuple(dict.fromkeys(canonical[parse(v)] for v in values))
    except BaccEdgeError as err:
        raise ArgumentError(f"{what}: {err}") from None


# -- the text of a condition, bracketed only where Python needs it ---------------------
#: How loosely a piece of a condition binds, as Python parses it: a name or a call, ~x,
#: x & y, x | y, a comparison. A piece binding more loosely than where it goes is
#: bracketed.
ATOM, NOT, AND, OR, COMPARISON = range(5)


class Piece(NamedTuple):
    """Part of a condition's text, and how loosely it binds."""

    text: str
    binds: int


def _inside(piece: Piece, binds: int) -> str:
    return piece.text if piece.binds <= binds else f"({piece.text})"


def _not(piece: Piece) -> Piece:
    return Piece(f"~{_inside(piece, NOT)}", NOT)


def _join(a: Piece, symbol: str, b: Piece) -> Piece:
    binds = AND if symbol == "&" else OR
    return Piece(f"{_inside(a, binds)} {symbol} {_inside(b, binds)}", binds)


class Number(NamedTuple):
    """A number of the coup as text, and an example of its value (see the module)."""

    text: str
    example: int

    def called(self) -> str:
        """The text, bracketed where a method call would bind to less than all of it."""
        return f"({self.text})" if self.text.startswith("-") else self.text


def _quote(name: str) -> str:
    """A name as a Python string in double quotes."""
    return json.dumps(name, ensure_ascii=False)


#: Comparisons and what each keeps of an example value e: the constant compared with,
#: chosen so that e itself passes.
COMPARISONS = {"==": 0, "!=": 0, "<": 1, "<=": 0, ">": -1, ">=": 0}
#: Arithmetic between numbers: the text's symbol and Python's operator
ARITHMETIC = {"+": operator.add, "-": operator.sub, "*": operator.mul,
              "//": operator.floordiv, "%": operator.mod}
#: What an event pays, as a paytable writes it, most first: a bet's events pay in this
#: order (a push only on a last line for every other coup, or as ``otherwise``)
PAYS = tuple(sorted((500, 250, 100, 50, "45 for 1", 30, 25, 12, 10, 8, 5, "7:2", 2, "3:2", 1,
                     "19-20", "1:2", "10%"), key=lambda p: -pays(p).net))
#: Chances of a group's card being counted by ``count(word=…)``, for its example value
COUNTED = {"rank": 0.2, "suit": 0.25, "colour": 0.5, "value": 0.25}
#: The cards a group typically holds, for its examples
GROUP_SIZES = {"player.hand": (2, 3), "banker.hand": (2, 3), "first_four": (4,),
               "all_cards": (4, 5, 6)}


class _Words:
    """The draws of one bet: each method draws one kind of word and returns its text."""

    def __init__(self, rng: np.random.Generator, ranks: tuple[str, ...],
                 suits: tuple[str, ...]):
        self.rng, self.ranks, self.suits = rng, ranks, suits

    def pick(self, options: Sequence):
        return options[int(self.rng.integers(len(options)))]

    def chance(self, p: float) -> bool:
        return bool(self.rng.random() < p)

    # -- the bet and its events ---------------------------------------------------
    def bet(self, name: str) -> str:
        n = int(self.rng.integers(1, 4))
        chosen = sorted(self.rng.choice(len(PAYS), size=n, replace=False).tolist())
        events = [f'Event("e{i}", {self.condition().text}, {self.pay(PAYS[p])})'
                  for i, p in enumerate(chosen)]
        if self.chance(0.05):  # a last line for every other coup
            events.append(f'Event("e{n}", always, "push")')
        otherwise = ', otherwise="push"' if self.chance(0.1) else ""
        return f'Bet({_quote(name)}, [{", ".join(events)}]{otherwise})'

    @staticmethod
    def pay(value) -> str:
        return _quote(value) if isinstance(value, str) else str(value)

    def condition(self) -> Piece:
        """One to four conditions joined in a random tree of ``&`` and ``|``."""
        pieces = [self.maybe_not(self.atom()) for _ in range(int(self.rng.integers(1, 5)))]
        while len(pieces) > 1:
            i = int(self.rng.integers(len(pieces) - 1))
            joined = _join(pieces[i], "&" if self.chance(0.75) else "|", pieces[i + 1])
            pieces[i:i + 2] = [_not(joined) if self.chance(0.08) else joined]
        return pieces[0]

    def maybe_not(self, piece: Piece) -> Piece:
        return _not(piece) if self.chance(0.15) else piece

    def atom(self) -> Piece:
        kind = self.rng.choice(4, p=(0.35, 0.25, 0.15, 0.25))
        return (self.comparison, self.card_condition, self.coup_flag,
                self.group_condition)[kind]()

    # -- the coup and the hands -----------------------------------------------------
    def hand(self) -> str:
        return self.pick(("player", "banker"))

    def coup_flag(self) -> Piece:
        word = self.pick(("wins", "natural", "pair", "suited_pair", "tie"))
        return Piece("tie" if word == "tie" else f"{self.hand()}.{word}", ATOM)

    def coup_number(self) -> Number:
        word = self.pick(("points", "two_card_total", "cards", "third", "margin",
                          "cards_dealt"))
        values = {"points": range(10), "two_card_total": range(10), "cards": (2, 3),
                  "third": (-1,) * 10 + tuple(range(10)), "margin": range(10),
                  "cards_dealt": (4, 4, 5, 5, 6)}[word]
        text = word if word in ("margin", "cards_dealt") else f"{self.hand()}.{word}"
        return Number(text, int(self.pick(tuple(values))))

    # -- cards ------------------------------------------------------------------------
    def card(self) -> str:
        if self.chance(0.25):
            return f"coup.card({int(self.rng.integers(1, 7))})"
        return f"{self.hand()}.card({int(self.rng.choice(3, p=(0.4, 0.35, 0.25))) + 1})"

    def card_condition(self) -> Piece:
        card, form = self.card(), self.pick(("rank", "rank", "suit", "colour", "like",
                                             "is_", "dealt"))
        if form == "dealt":
            return Piece(f"{card}.dealt", ATOM)
        if form == "is_":
            suit = self.pick(self.suits) if self.chance(0.5) else ""
            return Piece(f"{card}.is_({_quote(self.pick(self.ranks) + suit)})", ATOM)
        if form == "like":  # against the same attribute of another card
            word, symbol = self.pick(("rank", "suit", "colour")), self.pick(("==", "!="))
            return Piece(f"{card}.{word} {symbol} {self.card()}.{word}", COMPARISON)
        names = {"rank": self.ranks, "suit": self.suits, "colour": COLOURS}[form]
        if len(names) > 2 and self.chance(0.2):
            chosen = self.rng.choice(len(names), size=2, replace=False)
            return Piece(f"{card}.{form}.isin("
                         f"{', '.join(_quote(names[i]) for i in sorted(chosen))})", ATOM)
        symbol = "==" if self.chance(0.75) else "!="
        return Piece(f"{card}.{form} {symbol} {_quote(self.pick(names))}", COMPARISON)

    # -- groups -----------------------------------------------------------------------
    def group(self) -> str:
        return self.pick(tuple(GROUP_SIZES))

    def group_condition(self) -> Piece:
        group, form = self.group(), self.pick(("same_suit", "same_colour", "straight",
                                               "rank_counts", "rank_counts"))
        if form == "straight":
            ace = self.pick(("", 'ace="low"', 'ace="high"', 'ace="both"'))
            return Piece(f"{group}.straight({ace})", ATOM)
        if form == "rank_counts":
            if self.chance(0.3):
                return Piece(f"{group}.rank_counts.isin({self.pattern(group)}, "
                             f"{self.pattern(group)})", ATOM)
            return Piece(f"{group}.rank_counts == {self.pattern(group)}", COMPARISON)
        return Piece(f"{group}.{form}", ATOM)

    def pattern(self, group: str) -> str:
        """Rank counts a group may hold: its cards drawn from a few ranks."""
        size = int(self.pick(GROUP_SIZES[group]))
        ranks = self.rng.integers(int(self.rng.integers(1, size + 1)), size=size)
        counts = sorted(np.bincount(ranks)[np.bincount(ranks) > 0].tolist(), reverse=True)
        return f"({', '.join(map(str, counts))}{',' if len(counts) == 1 else ''})"

    def group_number(self) -> Number:
        group = self.group()
        size = int(self.pick(GROUP_SIZES[group]))
        form = self.pick(("count", "count", "count", "most_of_a_rank", "ranks_held", "size"))
        if form == "size":
            return Number(f"{group}.size", size)
        if form == "most_of_a_rank":
            return Number(f"{group}.most_of_a_rank", min(size, int(self.pick((1, 1, 2, 2, 3)))))
        if form == "ranks_held":
            at_least = int(self.pick((1, 2, 2, 3)))
            example = size - 1 if at_least == 1 else min(int(self.pick((0, 1, 1, 2))),
                                                          size // at_least)
            return Number(f"{group}.ranks_held({at_least})", example)
        return self.count(group, size)

    def count(self, group: str, size: int) -> Number:
        words = self.pick((("rank",), ("suit",), ("colour",), ("value",), ("rank", "suit"),
                           ("colour", "value")))
        names = {"rank": lambda: _quote(self.pick(self.ranks)),
                 "suit": lambda: _quote(self.pick(self.suits)),
                 "colour": lambda: _quote(self.pick(COLOURS)),
                 "value": lambda: str(int(self.rng.integers(10)))}
        given = ", ".join(f"{w}={names[w]()}" for w in words)
        chance = float(np.prod([COUNTED[w] for w in words]))
        return Number(f"{group}.count({given})", int(self.rng.binomial(size, chance)))

    # -- numbers and their comparisons --------------------------------------------------
    def plain_number(self) -> Number:
        kind = self.rng.choice(3, p=(0.4, 0.25, 0.35))
        if kind == 1:
            return Number(f"{self.card()}.value", int(self.rng.integers(10)))
        return self.coup_number() if kind == 0 else self.group_number()

    def number(self, depth: int = 0) -> Number:
        """A number word, or with some chance arithmetic on number words."""
        if depth >= 2 or not self.chance(0.3):
            return self.plain_number()
        a = self.number(depth + 1)
        form = self.pick(("+", "-", "*", "//", "%", "neg", "abs", "reflected"))
        if form == "neg":
            return Number(f"-{a.called()}", -a.example)
        if form == "abs":
            b = self.number(depth + 1)
            return Number(f"abs({a.text} - {b.text})", abs(a.example - b.example))
        if form == "reflected":  # a whole number divided by a number of the coup
            symbol, k = self.pick(("//", "%")), int(self.rng.integers(1, 10))
            return Number(f"({k} {symbol} {a.called()})",
                          ARITHMETIC[symbol](k, a.example or 1))
        b = self.operand(form, depth)
        divisor = (b.example or 1) if form in ("//", "%") else b.example
        return Number(f"({a.text} {form} {b.called()})", ARITHMETIC[form](a.example, divisor))

    def operand(self, symbol: str, depth: int) -> Number:
        """What a number is combined with by ``symbol``: another number of the coup, or a
        whole number (1-9 to add or take away, 2 or 3 to multiply by, 2, 3, 4 or 10 to
        divide by: never 0)."""
        if self.chance({"+": 0.6, "-": 0.6, "*": 0.1}.get(symbol, 0.3)):
            return self.number(depth + 1)
        k = int(self.rng.integers(1, 10) if symbol in ("+", "-") else
                self.rng.integers(2, 4) if symbol == "*" else self.pick((2, 3, 4, 10)))
        return Number(str(k), k)

    def comparison(self) -> Piece:
        a = self.number()
        if self.chance(0.2):  # two numbers of the coup
            return Piece(f"{a.text} {self.pick(tuple(COMPARISONS))} {self.number().text}",
                         COMPARISON)
        e, form = a.example, self.pick(tuple(COMPARISONS) + ("isin", "between"))
        if form == "isin":
            others = (e + self.rng.integers(-3, 4, size=int(self.rng.integers(1, 3)))).tolist()
            values = sorted({e, *others})
            return Piece(f"{a.called()}.isin({', '.join(map(str, values))})", ATOM)
        if form == "between":
            low, high = e - int(self.rng.integers(3)), e + int(self.rng.integers(3))
            return Piece(f"{a.called()}.between({low}, {high})", ATOM)
        return Piece(f"{a.text} {form} {e + COMPARISONS[form]}", COMPARISON)


__all__ = ["RandomBet", "SOURCE_NAMES", "bet_from_source", "random_bet", "random_bets"]
