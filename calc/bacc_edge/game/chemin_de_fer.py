"""Chemin de fer, its rules (game/; solved in analysis/, written in output/).

Chemin de fer's rules as the game-theoretic literature reads them: who chooses where.

In chemin de fer the player and the banker are two people at the table, and the rules
leave each a choice where punto banco fixes one. The traditional table
(:data:`TRADITIONAL`, the tableau ``paytables/chemin_de_fer.py`` counts by, its open
choices fixed one way) leaves three: the player's on a two-card total of 5, the
banker's on 3 against a player's third card of 9, and on 5 against a 4
(:data:`OPEN_CELLS`). The game-theoretic model (Kemeny and Snell, Downton and Lockwood,
Ethier and Gámez) frees more: the player chooses only on 5 (:data:`PLAYER_CHOICE`), the
banker at every total 0-7 against every third card the player shows, or none (88
cells). Naturals end the coup as ever. Where a side sees his two cards and not only
their total, his choice may depend on them: the banker's on each of his 44 two-card
hands without a natural (:data:`BANKER_HANDS`), the player's on each of his five ways
to make 5 (:data:`PLAYER_FIVES`).
"""

from __future__ import annotations

from .cards import POINT_VALUES, hand_total
from .tableau import NATURALS, Tableau

#: The one total on which the player may draw or stand; below it he draws, above it
#: (6, 7) he stands.
PLAYER_CHOICE = 5

#: The traditional chemin de fer table, its three open choices fixed one way (the
#: player stands on 5, the banker on 3 stands against a 9, on 5 draws against a 4); the
#: same as ``paytables/chemin_de_fer.py``'s RULES (a test holds them equal).
TRADITIONAL = Tableau.parse("""
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

#: The banker's cells the traditional table leaves open: (his total, the player's third
#: card).
OPEN_CELLS = frozenset({(3, 9), (5, 4)})

#: The totals on which the banker may choose: every one but the naturals.
BANKER_TOTALS = tuple(t for t in range(POINT_VALUES) if t not in NATURALS)

#: The banker's two-card hands without a natural, as their two point values (smaller
#: first), by total then by the smaller card: 44 hands.
BANKER_HANDS = tuple(sorted(((u, v) for u in range(POINT_VALUES) for v in range(u, POINT_VALUES)
                             if hand_total(u, v) not in NATURALS),
                            key=lambda h: (hand_total(*h), h)))

#: The player's five ways to make 5 with two cards, as their point values.
PLAYER_FIVES = tuple(h for h in sorted(BANKER_HANDS) if hand_total(*h) == PLAYER_CHOICE)


def traditional_player_draws(total: int) -> bool | None:
    """What the traditional table has the player do on his two-card ``total`` (no
    natural): True draws (0-4), False stands (6, 7), None on 5, the choice the table
    leaves open (:data:`TRADITIONAL` fixes it one way, standing, only to count by)."""
    if total == PLAYER_CHOICE:
        return None
    return TRADITIONAL.player_draws(total)


def traditional_draws(total: int, third: int | None) -> bool | None:
    """What the traditional table has the banker do on ``total`` against the player's
    third card ``third`` (None: the player stood): True draws, False stands, None where
    the table leaves the choice open."""
    if (total, third) in OPEN_CELLS:
        return None
    return TRADITIONAL.banker_draws(total, third)


__all__ = ["BANKER_HANDS", "BANKER_TOTALS", "OPEN_CELLS", "PLAYER_CHOICE", "PLAYER_FIVES",
           "TRADITIONAL", "traditional_draws", "traditional_player_draws"]
