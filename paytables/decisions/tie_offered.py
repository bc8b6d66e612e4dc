"""A bet offered mid-coup (an example, not a game on sale): the Tie at 8 to 1, offered
again once the first four cards are face up, before any third card.

With both hands seen, a tie is sometimes certain (7 against 7: neither draws) and often
impossible; the bettor who takes the offer only where it pays turns the Tie's house
edge into a player's edge. The table's answer is to close the offer where the bettor
can see a tie coming; bacc-edge decide says how often the offer is worth taking, and
what it gives away when it is always open.
"""

from bacc_edge import Bet, Event, tie
from bacc_edge.language.decisions import DecidedBet, Option, RuleOfThumb, Shown

GAME = "Tie offered after four cards"

DECISIONS = [
    DecidedBet("Tie 8:1, offered on four cards", Bet("Tie 8:1", [Event("Tie", tie, 8)]),
               Shown.cards("P1", "B1", "P2", "B2"),
               [Option("decline", 0), Option("take", 1)],
               thumbs=[RuleOfThumb("take on equal totals",
                                   lambda seen: "take" if (seen["P1"] + seen["P2"]) % 10
                                   == (seen["B1"] + seen["B2"]) % 10 else "decline")]),
]
