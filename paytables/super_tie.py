"""Super Tie: a tie bet that pays more for six-card ties on 6-9, most when all six cards
are one colour.

Rules (as the game's public sources state them; pays to 1; 8 decks):

| event | paytable 1 | paytable 2 |
| --- | --- | --- |
| tie on 6, 7, 8 or 9, both hands three cards, all six cards one colour | 100 | 100 |
| the same, the six cards of mixed colours | 25 | 20 |
| any other tie | 7 | 7 |
| no tie | lose | lose |

Published (8 decks): the three ties as combinations, and the house edge of each
paytable. All reproduce.
"""

from bacc_edge import Bet, Event, Published, all_cards, banker, player, tie

GAME = "Super Tie"

SHEET = "published analysis: Super Tie"
SIX_CARD_TIE = tie & player.points.between(6, 9) & (player.cards == 3) & (banker.cards == 3)
COMBINATIONS = {"Six-card tie on 6-9, one colour": "1,326,729,820,672",
                "Six-card tie on 6-9, mixed colours": "42,861,591,369,728",
                "Any other tie": "431,439,105,282,816"}


def super_tie(paytable: int, mixed_pays: int, house_edge: str) -> Bet:
    return Bet(f"Super Tie, paytable {paytable}", [
        Event("Six-card tie on 6-9, one colour", SIX_CARD_TIE & all_cards.same_colour, 100),
        Event("Six-card tie on 6-9, mixed colours", SIX_CARD_TIE, mixed_pays),
        Event("Any other tie", tie, 7),
    ], published=Published(SHEET, combinations=COMBINATIONS, house_edge=house_edge))


BETS = [super_tie(1, 25, "5.97%"), super_tie(2, 20, "10.26%")]
