"""Perfect Pairs: the first two cards of one hand a pair, paid by how alike they are.

Rules (as the game's public sources state them; pays to 1; 8 decks), a bet on the player's hand and one on the banker's:

| the hand's first two cards | pays |
| --- | --- |
| same rank and suit (a perfect pair) | 25 |
| same rank and colour, different suits (a coloured pair) | 12 |
| same rank, different colours (a mixed pair) | 6 |
| anything else | lose |

A pair is two cards of one rank: 10-10 is a pair, 10-J is not (as ``player.pair``). The
paytable is a family: another paytable is one more line,
``perfect_pairs(player, (30, 10, 5))``. No figures are published.
"""

from bacc_edge import Bet, Event, banker, player

GAME = "Perfect Pairs"


def perfect_pairs(hand, pays=(25, 12, 6)) -> Bet:
    first, second = hand.card(1), hand.card(2)
    pair = first.rank == second.rank
    perfect, coloured, mixed = pays
    name = f"Perfect Pairs, {hand.side}" + ("" if pays == (25, 12, 6) else
                                            f" ({perfect}/{coloured}/{mixed})")
    return Bet(name, [
        Event("Perfect pair", pair & (first.suit == second.suit), perfect),
        Event("Coloured pair", pair & (first.colour == second.colour), coloured),
        Event("Mixed pair", pair, mixed),
    ])


BETS = [perfect_pairs(player), perfect_pairs(banker)]
