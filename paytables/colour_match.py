"""Colour Match: the first four cards all one colour.

Rules (as the game's public sources state them; pays to 1; 8 decks): the first four cards of the coup (both hands'
first two) all red or all black pay 6; anything else loses. No figures are published;
the exact value is easy to check by hand: 2 × 208·207·206·205 of the 416·415·414·413
ordered ways to deal four cards.
"""

from bacc_edge import Bet, Event, first_four

GAME = "Colour Match"

BETS = [Bet("Colour Match", [Event("First four cards one colour", first_four.same_colour, 6)])]
