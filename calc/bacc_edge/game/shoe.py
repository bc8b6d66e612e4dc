"""The shoe: how many cards of each rank and suit are left to deal."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from math import prod

from .cards import RANKS, SUITS, card_name, parse_cards, parse_rank
from .coup import COUP_CARDS
from ..errors import ArgumentError, OptionError, ShoeError, kind_of
from ..util.number_text import plural

#: The most cards of one rank a shoe may hold (250 trillion decks): the enumeration
#: reads counts as int64, and no shoe comes near; ``Shoe.infinite()`` is the limit.
LARGEST_RANK_COUNT = 10**15


def falling(n: int, k: int) -> int:
    """n·(n-1)·…·(n-k+1): the ordered ways to deal k cards from n."""
    return prod(range(n - k + 1, n + 1)) if k > 0 else 1


@dataclass(frozen=True)
class Shoe:
    """A finite shoe, card counts by rank (and by suit where the suits are known).

    ``ranks`` holds the 13 rank counts A, 2 … 10, J, Q, K. ``suits`` holds the 13 × 4
    counts by rank and suit (♠ ♥ ♦ ♣) where the suits are known, else ``None``.
    ``suitless`` counts, by rank, cards removed without their suit being named: they are
    gone from ``ranks`` but still stand in ``suits``, because which suit left is unknown.
    Build one with :meth:`decks`, :meth:`from_ranks` or :meth:`from_suits`, and take cards
    out with :meth:`remove`.
    """

    ranks: tuple[int, ...]
    suits: tuple[tuple[int, ...], ...] | None = None
    suitless: tuple[int, ...] = (0,) * 13
    label: str = field(default="custom shoe", compare=False)
    #: Cards are dealt with replacement: the limit of an endless shoe of this make-up.
    replacement: bool = False
    #: The whole decks the shoe was dealt from (:meth:`decks`, kept by :meth:`remove`),
    #: on which impossible events are judged; None where unknown.
    dealt_from: int | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        if len(self.ranks) != 13:
            raise ShoeError(f"a shoe needs 13 rank counts (A … K), got {len(self.ranks)}")
        if self.suits is not None:
            for r, row in enumerate(self.suits):
                for s, n in enumerate(row):
                    if not isinstance(n, int) or isinstance(n, bool):
                        raise ShoeError(f"count {n!r} for {card_name(r, s)} is not a whole number")
                    if n < 0:
                        raise ShoeError(f"count {n} for {card_name(r, s)} is negative")
        for rank, n in zip(RANKS, self.ranks):
            if not isinstance(n, int) or isinstance(n, bool):
                raise ShoeError(f"count {n!r} for rank {rank} is not a whole number")
            if n < 0:
                raise ShoeError(f"count {n} for rank {rank} is negative")
            if n > LARGEST_RANK_COUNT:
                raise ShoeError(f"count {n} for rank {rank} is more than {LARGEST_RANK_COUNT:,}: "
                                f"no shoe is that big (an infinite deck is the limit)")
        if self.cards < COUP_CARDS and not (self.replacement and self.cards):
            raise ShoeError(
                f"{self.label} holds {plural(self.cards, 'card')}; a coup can need {COUP_CARDS}"
            )

    # -- building -------------------------------------------------------------------
    @classmethod
    def decks(cls, n: int = 8) -> "Shoe":
        """A full shoe of ``n`` 52-card decks."""
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise ShoeError(f"number of decks {n!r} must be a whole number from 1 up")
        if 4 * n > LARGEST_RANK_COUNT:
            raise ShoeError(f"{n:,} decks is more than any shoe holds (at most "
                            f"{LARGEST_RANK_COUNT // 4:,}); an infinite deck is the limit")
        return cls(
            ranks=(4 * n,) * 13,
            suits=((n,) * 4,) * 13,
            label=f"{n} deck" + ("s" if n > 1 else ""),
            dealt_from=n,
        )

    @classmethod
    def infinite(cls) -> "Shoe":
        """An infinite deck: every card dealt with replacement from one deck's make-up,
        the limit the edges approach as decks are added."""
        return cls(ranks=(4,) * 13, suits=((1,) * 4,) * 13, label="infinite deck",
                   replacement=True)

    @classmethod
    def from_ranks(cls, counts, label: str = "custom shoe") -> "Shoe":
        """A shoe from 13 rank counts (a sequence A … K, or a mapping from rank name).

        Its suits are unknown, so it serves every bet that does not ask about suits.
        """
        if isinstance(counts, (str, bytes)) or not isinstance(counts, Iterable):
            raise ArgumentError(f"counts {kind_of(counts)} must be 13 rank counts (A … K) "
                                f"or a mapping from rank to count")
        if isinstance(counts, Mapping):  # rank names read as everywhere (cards.parse_rank)
            by_rank: dict[int, object] = {}
            for name, n in counts.items():
                rank = parse_rank(name)
                if rank in by_rank:
                    raise ShoeError(f"counts give rank {RANKS[rank]} twice (again as {name!r})")
                by_rank[rank] = n
            counts = [by_rank.get(r, 0) for r in range(len(RANKS))]
        return cls(ranks=tuple(counts), label=label)

    @classmethod
    def from_suits(cls, counts, label: str = "custom shoe") -> "Shoe":
        """A shoe from 13 × 4 counts by rank (A … K) and suit (♠ ♥ ♦ ♣)."""
        try:
            rows = tuple(tuple(row) for row in counts)
        except TypeError:
            rows = ()
        if len(rows) != 13 or any(len(row) != 4 for row in rows):
            raise ShoeError("suit counts must be 13 rows (A … K) of 4 suits (♠ ♥ ♦ ♣)")
        return cls(ranks=tuple(sum(row) for row in rows), suits=rows, label=label)

    def remove(self, cards: str) -> "Shoe":
        """The shoe less the named cards, e.g. ``"5 5 K♠ 10h"``; refused where they name
        none (``""``, ``" , "``).

        A card named without a suit leaves its rank; its suit stays unknown (see
        :attr:`suitless`). A card named with its suit, from a shoe that keeps no suits
        (built from rank counts), is refused: its suit would be dropped unseen.
        """
        if not isinstance(cards, str):
            raise ArgumentError(f"cards {kind_of(cards)} must be card names in a string, "
                                f"e.g. '5 5 K♠ 10h'")
        if self.replacement:
            raise ShoeError(f"cannot remove {cards!r} from an infinite deck: dealing "
                            f"changes nothing there")
        ranks = list(self.ranks)
        suits = None if self.suits is None else [list(row) for row in self.suits]
        suitless = list(self.suitless)
        parsed = parse_cards(cards)
        if not parsed:  # (as the command's --remove: never read as the whole shoe, unseen)
            raise ShoeError(f"cannot remove {cards!r}: it names no card; give the cards "
                            f"already dealt, e.g. '5h 9s'")
        for rank, suit in parsed:
            name = card_name(rank, suit)
            if ranks[rank] == 0:
                raise ShoeError(f"cannot remove {name!r} from {cards!r}: no {name} is left")
            ranks[rank] -= 1
            if suits is None:
                if suit is not None:
                    raise ShoeError(f"cannot remove {name!r} from {cards!r}: the shoe "
                                    f"({self.label}) is rank counts, with no suits, so its "
                                    f"suit would be dropped unseen; name the card by its "
                                    f"rank alone, {RANKS[rank]!r}, or {SUITS_NEEDED}")
                continue
            if suit is None:
                suitless[rank] += 1
            elif suits[rank][suit] <= 0:
                raise ShoeError(f"cannot remove {name!r} from {cards!r}: no {name} is left")
            else:
                suits[rank][suit] -= 1
            if sum(suits[rank]) < suitless[rank]:
                raise ShoeError(f"cannot remove {name!r} from {cards!r}: no {name} is left")
        return Shoe(
            ranks=tuple(ranks),
            suits=None if suits is None else tuple(tuple(row) for row in suits),
            suitless=tuple(suitless),
            label=_less(self.label, parsed, suits, suitless),
            dealt_from=self.dealt_from,
        )

    # -- reading --------------------------------------------------------------------
    @property
    def cards(self) -> int:
        """How many cards are left."""
        return sum(self.ranks)

    @property
    def coups(self) -> int:
        """Ordered six-card deals: N·(N-1)·…·(N-5), the total every count sums to
        (N**6 when cards are dealt with replacement)."""
        if self.replacement:
            return self.cards ** COUP_CARDS
        return falling(self.cards, COUP_CARDS)

    @property
    def suits_known(self) -> bool:
        """Whether every card's suit is known, so suited pairs can be counted directly."""
        return self.suits is not None and not any(self.suitless)

    @property
    def naming_suits(self) -> str:
        """The end of a refusal of cards removed without their suit, shown with one of
        them, the lowest rank so removed: "name their suits, e.g. 'Kh' not 'K'" (a
        five where none is: a shoe of ranks alone)."""
        rank = RANKS[next((r for r, n in enumerate(self.suitless) if n), 4)]
        return f"name their suits, e.g. '{rank}h' not '{rank}'"

    def describe(self) -> dict:
        """The shoe as plain data, for reports and JSON."""
        return {
            "label": self.label,
            "cards": self.cards,
            "ranks": dict(zip(RANKS, self.ranks)),
            "suits_known": self.suits is not None,
            "replacement": self.replacement,
            "unseen_suits": {RANKS[r]: n for r, n in enumerate(self.suitless) if n},
        }

    def __str__(self) -> str:
        if self.replacement:
            return f"{self.label} (dealt with replacement)"
        return f"{self.label} ({self.cards} cards)"


#: A shoe less more cards than this, and more than it has left, is named by the cards
#: it has left (:func:`_less`).
NAMED_REMOVED = 12


def _less(label: str, parsed: list, suits: list | None, suitless: list) -> str:
    """The label of the shoe ``label`` less the cards ``parsed`` (rank, suit): the cards
    named (``10`` for ``t``); or, where they are more than :data:`NAMED_REMOVED` and than
    the cards left, their number and the cards left, every suit known (a custom shoe
    made by removing most of a deck: its label named 40 cards, repeated in each warning,
    where 12 were left)."""
    if not parsed:
        return label
    named = f"{label} less {' '.join(card_name(rank, suit) for rank, suit in parsed)}"
    if suits is None or any(suitless):
        return named
    left = [card_name(rank, suit) for rank, row in enumerate(suits)
            for suit, n in enumerate(row) for _ in range(n)]
    if NAMED_REMOVED < len(parsed) > len(left):
        return f"{label} less {len(parsed)} cards, leaving {' '.join(left) or 'none'}"
    return named


#: What to give instead of a shoe built from rank counts, for a bet on suits: the hint
#: every refusal of such a shoe ends with, for the command line and for Python.
SUITS_NEEDED = ("give the shoe as whole decks less the cards gone, named with their suits "
                "(--decks 8 --remove 'K♠ 10h' instead of --counts; in Python "
                "Shoe.decks(8).remove('K♠ 10h'), or Shoe.from_suits)")


def shoe_from_options(*, decks: int = 8, counts: str | None = None, remove: str = "",
                      infinite: bool = False) -> tuple[Shoe, Shoe]:
    """The shoe the command's options describe, and the full shoe it came from, against
    which an event that never happens is judged: an error if it cannot happen on the
    full shoe, a warning if only the cards left rule it out.

    ``infinite`` (an infinite deck) comes first, then ``counts`` (13 rank counts written
    ``"32,32,…"``), then ``decks``; ``remove`` names the cards already dealt. The full
    shoe of ``counts`` is the smallest whole number of decks that holds them, so a rank
    missing from the counts is treated as dealt, as with ``remove``. Errors name the
    option (``--counts``), since the values come from the command line.
    """
    for name, value in (("counts", counts), ("remove", remove)):
        if value is not None and not isinstance(value, str):
            raise ArgumentError(f"{name} {kind_of(value)} must be text, e.g. "
                                f"{'32,32,…,32' if name == 'counts' else '5 5 K♠'!r}")
    if infinite and counts is not None:
        raise OptionError("--infinite and --counts each describe the whole shoe: give one")
    if infinite:
        full = Shoe.infinite()
    elif counts is not None:
        parts = counts.replace(",", " ").split()
        bad = [p for p in parts if not (p.isascii() and p.isdigit())]
        if bad or not parts:
            what = f"{bad[0]!r} is not a number of cards (0, 1, 2 …)" if bad else "it is empty"
            raise OptionError(f"--counts {counts!r}: {what}; give 13 rank counts A … K, "
                              f"e.g. 32,32,…,32")
        if len(parts) != 13:
            raise OptionError(f"--counts {counts!r}: 13 rank counts (A … K) are needed, "
                              f"got {len(parts)}")
        huge = [p for p in parts if len(p) > len(str(LARGEST_RANK_COUNT))]
        if huge:
            raise OptionError(f"--counts: {huge[0][:20]}… cards of one rank is more than any "
                              f"shoe holds (at most {LARGEST_RANK_COUNT:,})")
        ranks = [int(p) for p in parts]
        shoe = Shoe.from_ranks(ranks, label="custom shoe")
        return (shoe.remove(remove) if remove.strip() else shoe), decks_holding(shoe)
    else:
        if not isinstance(decks, int) or isinstance(decks, bool):
            raise OptionError(f"--decks {decks!r}: this command takes one deck count")
        full = Shoe.decks(decks)
    return (full.remove(remove) if remove.strip() else full), full


def decks_holding(shoe: Shoe) -> Shoe:
    """The full shoe the finite ``shoe`` was dealt from, on which impossible events are
    judged: the decks it was made of where known (``Shoe.decks(3).remove(…)``: 3), else
    the fewest whole decks (at least one) that hold every card of it."""
    if shoe.dealt_from is not None:
        return Shoe.decks(shoe.dealt_from)
    per_suit = max((n for row in shoe.suits for n in row), default=0) if shoe.suits else 0
    return Shoe.decks(max(1, -(-max(shoe.ranks) // 4), per_suit))


def shoe_argument(value, name: str = "shoe"):
    """``value`` if it is a :class:`~bacc_edge.game.shoe.Shoe`; a number of decks is not taken
    for one (``Shoe.decks(8)`` says which shoe, with suits, it is)."""
    if not isinstance(value, Shoe):
        raise ArgumentError(f"{name} {kind_of(value)} must be a Shoe, e.g. Shoe.decks(8)")
    return value


__all__ = ["SUITS_NEEDED", "Shoe", "ShoeError", "SUITS", "falling", "shoe_from_options"]
