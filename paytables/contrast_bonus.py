"""Contrast Bonus: a side bet on the colours of all the cards of the coup.

Rules (as the game's public sources state them; all pays to 1; 8 decks): the bet wins when every
card of the player's hand is one colour and every card of the banker's hand is the
other colour (red player against black banker, or black against red). It pays by how
many cards the coup dealt:

| paytable | six cards | five cards | four cards |
| --- | --- | --- | --- |
| 1 | 35 | 15 | 5 |
| 2 | 33 | 15 | 5 |
| 3 | 30 | 17 | 5 |
| 4 | 30 | 15 | 6 |

Published (8 decks, paytable 1): the coups of each line as combinations, and the return
per unit for paytables 1 and 2. All reproduce exactly.
"""

from bacc_edge import Bet, Event, Published, banker, cards_dealt, player

GAME = "Contrast Bonus"

SHEET = "published analysis: Contrast Bonus"
PAYS = {1: (35, 15, 5), 2: (33, 15, 5), 3: (30, 17, 5), 4: (30, 15, 6)}

#: each hand one colour, the two hands of different colours
CONTRAST = (player.hand.same_colour & banker.hand.same_colour
            & (player.card(1).colour != banker.card(1).colour))
LABELS = ("Six cards in contrast", "Five cards in contrast", "Four cards in contrast")


def contrast_bonus(paytable: int, published: Published | None = None) -> Bet:
    return Bet(f"Contrast Bonus, paytable {paytable}", [
        Event(label, CONTRAST & (cards_dealt == n), pay)
        for label, n, pay in zip(LABELS, (6, 5, 4), PAYS[paytable])
    ], published=published)


BETS = [
    contrast_bonus(1, Published(SHEET, combinations={
        "Six cards in contrast": "49,975,532,181,504",
        "Five cards in contrast": "95,217,257,023,488",
        "Four cards in contrast": "237,970,360,442,880"}, player_net="-4.9612%")),
    contrast_bonus(2, Published(SHEET, player_net="-6.9609%")),
    contrast_bonus(3),
    contrast_bonus(4),
]
