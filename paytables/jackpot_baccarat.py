"""Jackpot Baccarat: the poker value of the first four cards.

Rules (as the game's public sources state them; pays to 1; 8 decks). The first four cards of the coup (both hands'
first two) are read as a four-card poker hand, paid once, on its best line:

| the first four cards | pays |
| --- | --- |
| A-K-Q-J of one suit | 250 |
| four of a kind | 75 |
| straight flush (four consecutive ranks, one suit) | 50 |
| three of a kind | 15 |
| flush (four cards of one suit) | 10 |
| straight (four consecutive ranks) | 5 |
| two pair | 4 |
| a pair of aces | 2 |
| a pair of tens, jacks, queens or kings | push |
| anything else | lose |

Readings, as a dealer would apply them:
- An ace stands high or low in a straight (A-2-3-4 and J-Q-K-A both count); a straight
  never wraps round (Q-K-A-2 is none). Ace high only is one word away:
  ``STRAIGHT = first_four.straight(ace="high")``.
- A flush is four cards of one suit; an 8-deck shoe can deal the same card twice, and
  such a hand is still a flush (four identical cards are four of a kind, paid 75).
- A pair is exactly one pair (two cards of one rank, the other two of two other ranks):
  two pair and three of a kind pay their own lines.
No figures are published.
"""

from bacc_edge import Bet, Event, first_four

GAME = "Jackpot Baccarat"

STRAIGHT = first_four.straight(ace="both")
FLUSH = first_four.same_suit
ONE_PAIR = first_four.rank_counts == (2, 1, 1)
ROYAL = (FLUSH & (first_four.count(rank="A") == 1) & (first_four.count(rank="K") == 1)
         & (first_four.count(rank="Q") == 1) & (first_four.count(rank="J") == 1))

BETS = [Bet("Jackpot Baccarat", [
    Event("A-K-Q-J of one suit", ROYAL, 250),
    Event("Four of a kind", first_four.most_of_a_rank == 4, 75),
    Event("Straight flush", STRAIGHT & FLUSH, 50),
    Event("Three of a kind", first_four.most_of_a_rank == 3, 15),
    Event("Flush", FLUSH, 10),
    Event("Straight", STRAIGHT, 5),
    Event("Two pair", first_four.rank_counts == (2, 2), 4),
    Event("Pair of aces", ONE_PAIR & (first_four.count(rank="A") == 2), 2),
    Event("Pair of tens to kings", ONE_PAIR & (
        (first_four.count(rank="10") == 2) | (first_four.count(rank="J") == 2)
        | (first_four.count(rank="Q") == 2) | (first_four.count(rank="K") == 2)), "push"),
])]
