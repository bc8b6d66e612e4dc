"""Majestic Match: a side bet on the chosen hand's first two cards, paying most for a
king and queen of one suit.

Rules (as the game's public sources state them; pays to 1; 8 decks), one bet on the player's hand and one on the
banker's:

| the hand's first two cards | pays |
| --- | --- |
| a king and a queen of one suit (in either order) | 25 |
| otherwise, two cards of one suit | 2.5 |
| anything else | lose |

Published: each line as first-two-card combinations out of 86,320 (416 cards taken two
at a time, order ignored): 256, 21,168 and 64,896; return −0.064597. Recorded as shares
of those 86,320 equally likely pairs, exact; the bet reads nothing else, so the shares
are the hit rates. Both hands reproduce.
"""

from bacc_edge import Bet, Event, Published, banker, player

GAME = "Majestic Match"

SHEET = "published analysis: Majestic Match"


def majestic_match(hand) -> Bet:
    first, second = hand.card(1), hand.card(2)
    suited = first.suit == second.suit
    king_queen = ((first.rank == "K") & (second.rank == "Q")) | (
        (first.rank == "Q") & (second.rank == "K"))
    return Bet(f"Majestic Match, {hand.side}", [
        Event("King and queen of one suit", king_queen & suited, 25),
        Event("Two cards of one suit", suited, 2.5),
    ], published=Published(SHEET, hit_rate={
        "King and queen of one suit": "256 of 86,320",
        "Two cards of one suit": "21,168 of 86,320",
        "Lose": "64,896 of 86,320"}, player_net="-6.4597%"))


BETS = [majestic_match(player), majestic_match(banker)]
