"""Lucky Nines: the nines among the first four cards.

Rules (as the game's public sources state them; pays to 1; 8 decks). Only the first four cards count (both hands' first
two); each coup is paid once, on the first line that holds:

| the first four cards hold | paytable 1 | paytable 2 |
| --- | --- | --- |
| four nines | 500 | 1000 |
| three nines of one suit | 250 | 500 |
| three nines | 20 | 35 |
| two nines of one suit | 8 | 16 |
| two nines | 5 | 5 |
| the nine of diamonds alone (one nine, and it is the 9♦) | 2 | 2 |
| one nine | 1 | 1 |
| no nine | lose | lose |

Readings: "three nines of one suit" is three nines all of the same suit (with exactly
three nines: four nines pay more anyway); "two nines of one suit" likewise needs exactly
two nines. "The nine of diamonds alone" is a single nine that is the 9♦; the other
reading, any holding whose nines include the 9♦, is lower than two nines anyway and
changes nothing. No figures are published.
"""

from bacc_edge import Bet, Event, first_four

GAME = "Lucky Nines"

NINES = first_four.count(rank="9")


def nines_of_one_suit(n):
    """Exactly ``n`` nines among the first four, all of one suit."""
    one_suit = first_four.count(rank="9", suit="♠") == n
    for suit in "♥♦♣":
        one_suit = one_suit | (first_four.count(rank="9", suit=suit) == n)
    return (NINES == n) & one_suit


def lucky_nines(paytable: int, pays) -> Bet:
    four, three_suited, three, two_suited, two, diamond, one = pays
    return Bet(f"Lucky Nines, paytable {paytable}", [
        Event("Four nines", NINES == 4, four),
        Event("Three nines of one suit", nines_of_one_suit(3), three_suited),
        Event("Three nines", NINES == 3, three),
        Event("Two nines of one suit", nines_of_one_suit(2), two_suited),
        Event("Two nines", NINES == 2, two),
        Event("The nine of diamonds alone",
              (NINES == 1) & (first_four.count(rank="9", suit="♦") == 1), diamond),
        Event("One nine", NINES == 1, one),
    ])


BETS = [lucky_nines(1, (500, 250, 20, 8, 5, 2, 1)), lucky_nines(2, (1000, 500, 35, 16, 5, 2, 1))]
