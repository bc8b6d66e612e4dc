"""Conditions on a finished coup, written the way rule sheets word them.

``banker.wins & (banker.cards == 3) & banker.points.between(1, 5)`` reads "banker wins
with three cards and 1-5 points". A condition is evaluated on every outcome cell at
once (see :mod:`bacc_edge.engine.point_table`) and composes with ``&``, ``|`` and ``~``.
"""

from __future__ import annotations

import numpy as np

from .card_words import Card, CardGroup, all_cards, coup, first_four, hand_cards
from ..game.coup import Winner
from .condition_algebra import Condition, ConditionError, Quantity
from .condition_algebra import flag as _flag


def _winner(code: int, text: str) -> Condition:
    return Condition(text, lambda f: f["winner"] == code, frozenset({"winner"}))


class Hand:
    """What a bet can ask about one hand: ``player`` or ``banker``."""

    def __init__(self, side: str, code: int):
        self.side = side
        #: the hand wins the coup
        self.wins = _winner(code, f"{side}.wins")
        #: final points, 0-9
        self.points = Quantity.of(f"{side}_points", f"{side}.points", (0, 9))
        #: cards in the hand, 2 or 3
        self.cards = Quantity.of(f"{side}_cards", f"{side}.cards", (2, 3))
        #: points of the first two cards
        self.two_card_total = Quantity.of(f"{side}_two_card_total",
                                          f"{side}.two_card_total", (0, 9))
        #: point value of the third card; -1 when the hand stood
        self.third = Quantity.of(f"{side}_third", f"{side}.third", (-1, 9))
        #: the first two cards make 8 or 9
        self.natural = _flag(f"{side}_natural", f"{side}.natural")
        #: the first two cards share a rank (10-10 is a pair, 10-J is not)
        self.pair = _flag(f"{side}_pair", f"{side}.pair")
        #: the first two cards share rank and suit
        self.suited_pair = _flag(f"{side}_suited_pair", f"{side}.suited_pair")

        #: the hand's cards, two or three, as a group (count, same_suit, rank_counts …)
        self.hand = hand_cards(side)

    def card(self, number: int) -> Card:
        """The hand's 1st, 2nd or 3rd card (the 3rd may not be dealt)."""
        if isinstance(number, bool) or number not in (1, 2, 3):
            raise ConditionError(f"{self.side}.card({number!r}): a hand holds cards 1, 2 "
                                 f"and 3")
        return Card(f"{self.side[0].upper()}{number}")

    def __getattr__(self, name: str):
        if name.startswith("__"):
            raise AttributeError(name)
        words = [w for w in vars(self) if w != "side"] + ["card(1)", "card(2)", "card(3)"]
        raise ConditionError(
            f"{self.side}.{name} is not a word of the paytable language; a hand has "
            f"{', '.join(words)}")

    def __repr__(self) -> str:
        return f"<Hand {self.side}>"


player = Hand("player", Winner.PLAYER)
banker = Hand("banker", Winner.BANKER)
#: both hands finish on the same points
tie = _winner(Winner.TIE, "tie")
#: the winning margin in points (0 on a tie)
margin = Quantity.of("margin", "margin", (0, 9))
#: cards dealt in the coup, 4-6
cards_dealt = Quantity.of("cards_dealt", "cards_dealt", (4, 6))
#: every coup: for an event that always applies
always = Condition("always", lambda f: np.True_, frozenset())


__all__ = ["Card", "CardGroup", "Condition", "ConditionError", "Hand", "Quantity", "all_cards",
           "always", "banker", "cards_dealt", "coup", "first_four", "margin", "player", "tie"]
