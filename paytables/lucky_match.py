"""Lucky Match: the poker value of all the cards of the coup, ranks only.

Rules (as the game's public sources state them; pays to 1; 8 decks). All the cards dealt, four to six, both hands
pooled, are read by their ranks alone (suits play no part); each coup is paid once, on
its best line:

| all the cards dealt hold | pays |
| --- | --- |
| five or six cards of one rank | 250 |
| two sets of three (six cards) | 100 |
| four of a kind | 30 |
| a full house (three of one rank and two of another) | 15 |
| three of a kind | 6 |
| two or three pairs | 4 |
| anything else | lose |

Readings: the lines are tried in the order printed, so four of a kind with a pair (4-2)
is four of a kind, and a set of three with two pairs is impossible in six cards. A rank
is one of A, 2-10, J, Q, K: a 10 and a king are two ranks, no pair. No figures are
published.
"""

from bacc_edge import Bet, Event, all_cards

GAME = "Lucky Match"

MOST = all_cards.most_of_a_rank

BETS = [Bet("Lucky Match", [
    Event("Five or six of a kind", MOST >= 5, 250),
    Event("Two sets of three", all_cards.ranks_held(3) == 2, 100),
    Event("Four of a kind", MOST == 4, 30),
    Event("Full house", (MOST == 3) & (all_cards.ranks_held(2) == 2), 15),
    Event("Three of a kind", MOST == 3, 6),
    Event("Two or three pairs", all_cards.ranks_held(2) >= 2, 4),
])]
