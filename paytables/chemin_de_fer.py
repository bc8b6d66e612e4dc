"""Chemin de fer's main bets, 8 decks, under a tableau of its own.

In chemin de fer the player and the banker are players at the table, and the rules
leave them a few choices that punto banco fixes for them. The traditional open choices
are three: the player on 5 (draw or stand), the banker on 3 against a player's third
card of 9, and the banker on 5 against a 4. Counting needs one rule for every coup, so
this tableau fixes them one way: the player stands on 5, the banker on 3 stands against
a 9 (and against an 8, as in punto banco), and the banker on 5 draws against a 4, as in
punto banco. Everything else is the punto banco tableau: against a 3 the banker on 5
stands; naturals are 8 and 9. Banker wins pay 0.95 (the 5% commission), a tie returns
player and banker stakes, and the tie bet pays 8:1. No sheet prints these figures.
"""

from bacc_edge import Bet, Event, Tableau, banker, player, tie

GAME = "Chemin de fer"

RULES = Tableau.parse("""
player   0 1 2 3 4 5 6 7
         D D D D D S S S

          0 1 2 3 4 5 6 7 8 9  stood
banker 0  D D D D D D D D D D  D
banker 1  D D D D D D D D D D  D
banker 2  D D D D D D D D D D  D
banker 3  D D D D D D D D S S  D
banker 4  S S D D D D D D S S  D
banker 5  S S S S D D D D S S  D
banker 6  S S S S S S D D S S  S
banker 7  S S S S S S S S S S  S
""", name="chemin de fer")

BETS = [
    Bet("Player", [Event("Player wins", player.wins, 1), Event("Tie", tie, "push")]),
    Bet("Banker", [Event("Banker wins", banker.wins, 0.95), Event("Tie", tie, "push")]),
    Bet("Tie 8:1", [Event("Tie", tie, 8)]),
]
