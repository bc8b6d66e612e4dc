"""Dealing a shoe, as game data beside the tableau: the burn by the first card, the cut
card and the end-of-shoe rules.

The first card of a shoe is shown, and as many more burned unseen as its value (10 for
tens and court cards); the cut card is placed ``cut`` cards from the end, and coups are
dealt until the end-of-shoe rule (:class:`EndRule`) stops the shoe. :func:`deal_plan`
turns a :class:`DealRules` into the arrays and numbers the dealing kernel
(:mod:`bacc_edge.engine.deal_kernels`) takes as fields of a :class:`DealPlan`, never as module
globals (numba's cache would keep a stale copy of another module's constant).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from typing import NamedTuple

import numpy as np

from .cards import CARD_KINDS, CARDS_PER_DECK, POINTS, RANKS, SUITS_PER_RANK
from .coup import COUP_CARDS
from ..errors import ArgumentError, OptionError
from ..util.arguments import quoted
from ..util.number_text import a_or_an, plural

#: The first card of a shoe is shown.
SHOWN_CARDS = 1
#: The most cards burned after it (its value; 10 for tens and court cards).
MOST_BURNED = 10
#: Cards a shoe must hold before its cut card: the shown card, the largest burn, a coup.
BEFORE_CUT = SHOWN_CARDS + MOST_BURNED + COUP_CARDS
#: The most decks a dealing shoe holds.
MOST_DECKS = 64
#: End-of-shoe rules, as the kernel codes them (:class:`EndRule`); compiled into the
#: cached kernel, so clear the numba caches after changing one.
END_AT_CUT, END_ONE_MORE = 0, 1


def after_coup(end: int, cut_at: int, before: int, after: int, last: bool
               ) -> tuple[bool, bool]:
    """The end-of-shoe rule, written once: for the dealing kernels (which compile it) and
    for a shoe dealt by hand (:meth:`DealRules.shoe_over`).

    Parameters
    ----------
    end : int
        The end rule's code: END_AT_CUT or END_ONE_MORE (:class:`EndRule`).
    cut_at : int
        The place of the first card behind the cut card (:attr:`DealRules.cut_at`).
    before, after : int
        The place of the coup's first card, and the place after its last.
    last : bool
        Whether this coup was to be the shoe's last.

    Returns
    -------
    over : bool
        Whether the shoe deals no coup after this one.
    last : bool
        Whether the next coup is the shoe's last.
    """
    if last:
        return True, False
    if end == END_AT_CUT:
        return after > cut_at, False
    if before == cut_at:  # the cut card came out before the coup's first card
        return True, False
    return False, after > cut_at


def burn_count(card: int) -> int:
    """Cards burned after the shown first card: its value, 10 for tens and court cards."""
    return POINTS[card // SUITS_PER_RANK] or MOST_BURNED


class EndRule(StrEnum):
    """When the last coup of a shoe is dealt.

    ``at-cut``: the coup that brings out the cut card is the last. ``one-more``: that
    coup is finished and one more dealt; but if the cut card comes out before the first
    card of a coup, that coup is the last (a rule published for live games)."""

    AT_CUT = "at-cut"
    ONE_MORE = "one-more"

    @property
    def meaning(self) -> str:
        """The rule in words, as a report states it."""
        return _END_MEANINGS[self]


_END_MEANINGS = {
    EndRule.AT_CUT: "the coup that brings out the cut card is the last of the shoe",
    EndRule.ONE_MORE: "the coup that brings out the cut card is finished and one more is "
                      "dealt; if the cut card comes out before the first card of a coup, "
                      "that coup is the last",
}
#: The burn, in words (:func:`burn_count` applies it).
BURN_RULE = ("the first card is shown, then as many burned as its value (10 for tens and "
             "court cards)")


@dataclass(frozen=True)
class DealRules:
    """How the table deals a shoe: decks, cards behind the cut card, the end rule."""

    decks: int = 8
    cut: int = 14  # cards behind the cut card
    end: EndRule = EndRule.AT_CUT

    def __post_init__(self):
        if (isinstance(self.decks, bool) or not isinstance(self.decks, int)
                or not 1 <= self.decks <= MOST_DECKS):  # the command's --decks says the same
            raise OptionError(f"decks {self.decks!r}: must be a whole number from 1 to "
                              f"{MOST_DECKS}" + (", the most a dealing shoe holds"
                                                 if isinstance(self.decks, int)
                                                 and self.decks > MOST_DECKS else ""))
        most = CARDS_PER_DECK * self.decks - BEFORE_CUT
        if isinstance(self.cut, bool) or not isinstance(self.cut, int):
            raise ArgumentError(f"cut {quoted(self.cut)} must be a whole number of cards "
                                f"behind the cut card")
        if not 0 <= self.cut <= most:
            raise OptionError(f"cut card {plural(self.cut, 'card')} from the end does not fit "
                              f"{a_or_an(self.decks)} {self.decks}-deck shoe (0 to {most})")
        try:
            object.__setattr__(self, "end", EndRule(self.end))
        except ValueError:
            raise OptionError(f"end-of-shoe rule {self.end!r} must be one of "
                              f"{', '.join(e.value for e in EndRule)}") from None

    @property
    def cards(self) -> int:
        return CARDS_PER_DECK * self.decks

    @property
    def rounds_bound(self) -> int:
        """A bound on the coups a shoe of these decks deals, whatever its cut card and end
        rule: coups of four cards from place 2 (the shown card and one burned) to the
        last card, so never fewer than the coups dealt (832 on 64 decks, where a shoe
        deals 831 at most: a coup begins only with six cards left). The kernels' arrays
        are sized by it; :attr:`most_rounds` is the most these rules deal."""
        return (self.cards - 2) // 4 + 1

    @property
    def end_code(self) -> int:
        """The end rule as the kernels code it: END_AT_CUT or END_ONE_MORE."""
        return END_ONE_MORE if self.end is EndRule.ONE_MORE else END_AT_CUT

    @property
    def cut_at(self) -> int:
        """The place of the first card behind the cut card (places count from 0, the
        shown card first): a coup that deals it brings the cut card out."""
        return self.cards - self.cut

    @property
    def last_coup_place(self) -> int:
        """The latest place a coup of this shoe can begin at: while a coup's cards are
        left in the shoe, and no later than the end rule (:func:`after_coup`) allows (at
        the cut under ``at-cut``; one coup past it, so at most a coup's cards beyond,
        under ``one-more``): a bound, by which a count's trigger table is checked to
        reach every depth."""
        past_cut = COUP_CARDS if self.end is EndRule.ONE_MORE else 0
        return min(self.cards - COUP_CARDS, self.cut_at + past_cut)

    @property
    def most_seen(self) -> int:
        """The most cards seen before a coup (the shown card and the coups' cards; at
        least one card is burned, unseen)."""
        return self.last_coup_place - 1

    @property
    def most_rounds(self) -> int:
        """The most coups a shoe can deal by its rules, the cut card and end rule
        included: from place 2 on (the shown card and one burned at least), four cards a
        coup at least, up to :attr:`last_coup_place` (:attr:`rounds_bound`, the bound
        the kernels' arrays are sized by, leaves the cut card out)."""
        return (self.last_coup_place - 2) // 4 + 1

    def shoe_over(self, coups) -> bool:
        """Whether the shoe deals no coup after ``coups``, each (place of its first card,
        place after its last; the shown and burned cards take the first places), as the
        dealing kernel (:func:`~bacc_edge.engine.deal_kernels.deal_shoes`) decides: by the
        end rule (:func:`after_coup`), or because fewer cards are left than a coup can
        need. For a shoe dealt by hand (the live page); the tests hold the two to the same
        shoes."""
        last = over = False
        place = None
        for before, after in coups:
            place = after
            if over:
                raise OptionError(f"a coup dealt from place {before} follows the last coup "
                                  f"of the shoe")
            over, last = after_coup(self.end_code, self.cut_at, before, after, last)
        return over or (place is not None and self.cards - place < COUP_CARDS)

    def describe(self) -> dict:
        return {"decks": self.decks, "cut": self.cut, "end": self.end.value,
                "burn": BURN_RULE}

    def procedure(self) -> tuple[tuple[str, str], ...]:
        """How a shoe is dealt, in words, step by step: (step, what happens)."""
        return (("Shoe", f"{self.decks} deck{'s' if self.decks > 1 else ''} "
                         f"({self.cards} cards), shuffled"),
                ("Burn", BURN_RULE),
                ("Cut card", f"placed {plural(self.cut, 'card')} from the end of the shoe"),
                ("End of shoe", f"{self.end.value}: {self.end.meaning}"))


class DealPlan(NamedTuple):
    """A :class:`DealRules` as the dealing kernel reads it."""

    #: the unshuffled shoe: every card kind (rank · SUITS_PER_RANK + suit), once a deck
    ordered: np.ndarray
    #: per card kind, its rank and suit; per rank, its point value
    card_rank: np.ndarray
    card_suit: np.ndarray
    card_points: np.ndarray
    #: per rank, the cards burned when a card of it is shown first
    burn_of_rank: np.ndarray
    #: cards behind the cut card, and the end rule's code (END_AT_CUT, END_ONE_MORE)
    cut: int
    end: int
    #: cards shown before the burn; the most cards a coup takes; cards in a deck
    shown: int
    coup_cards: int
    deck_cards: int


@lru_cache(maxsize=8)
def deal_plan(rules: DealRules) -> DealPlan:
    """The :class:`DealPlan` of a table's dealing rules, built once."""
    kinds = np.arange(CARD_KINDS, dtype=np.int64)
    plan = DealPlan(
        ordered=np.repeat(kinds, rules.decks), card_rank=kinds // SUITS_PER_RANK,
        card_suit=kinds % SUITS_PER_RANK,
        card_points=np.array(POINTS, dtype=np.int64),
        burn_of_rank=np.array([burn_count(r * SUITS_PER_RANK) for r in range(len(RANKS))],
                              dtype=np.int64),
        cut=rules.cut, end=rules.end_code,
        shown=SHOWN_CARDS, coup_cards=COUP_CARDS, deck_cards=CARDS_PER_DECK)
    for a in plan:
        if isinstance(a, np.ndarray):
            a.setflags(write=False)
    return plan


__all__ = ["BEFORE_CUT", "BURN_RULE", "END_AT_CUT", "END_ONE_MORE", "MOST_BURNED", "MOST_DECKS",
           "SHOWN_CARDS", "DealPlan", "DealRules", "EndRule", "after_coup", "burn_count",
           "deal_plan"]
