"""Matching Dragon: thirteen bets, one on each rank, paid by how many of the cards dealt
have that rank.

Rules (as the game's public sources state them; pays to 1; 8 decks). The player names a rank (A, 2-10, J, Q or K); all
the cards of the coup, four to six, both hands pooled, are counted:

| cards of the rank | paytable 1 | paytable 2 |
| --- | --- | --- |
| 6 | 100 | 100 |
| 5 | 60 | 60 |
| 4 | 40 | 30 |
| 3 | 20 | 15 |
| 2 | 3 | 2 |
| 1 | 1 | 1 |
| none | lose | lose |

All thirteen bets of both paytables ship (26 bets). A rank is a rank: on a king bet a
10, J or Q does not count, though it has the same point value. No figures are published.

Five or six cards of a 3, 4, 8 or 9 cannot be dealt: one hand would need three of the
rank, but two of them make 6 (3-3, 8-8) or a natural (4-4, 9-9) and the hand stands.
Those bets leave out the lines that can never pay (the engine refuses an event that can
never happen).
"""

from bacc_edge import RANKS, Bet, Event, all_cards

GAME = "Matching Dragon"

PAYS = {1: (1, 3, 20, 40, 60, 100), 2: (1, 2, 15, 30, 60, 100)}
#: the most cards of the rank a coup can deal: 4 where a hand of two stands (see above)
MOST = {rank: 4 if rank in ("3", "4", "8", "9") else 6 for rank in RANKS}


def matching_dragon(rank: str, paytable: int) -> Bet:
    matched = all_cards.count(rank=rank)
    return Bet(f"Matching Dragon {rank}, paytable {paytable}", [
        Event(f"{n} card{'s' * (n > 1)} of rank {rank}", matched == n, pay)
        for n, pay in reversed(list(enumerate(PAYS[paytable], start=1))) if n <= MOST[rank]
    ])


BETS = [matching_dragon(rank, paytable) for paytable in PAYS for rank in RANKS]
