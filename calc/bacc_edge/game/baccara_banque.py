"""Baccara banque, its rules (game/; counted in engine/, solved in analysis/, written in
output/).

Baccara banque (à deux tableaux): one banker against two player hands, the left table's
(player 1) and the right table's (player 2), as Ethier and Lee (2015) and Downton and
Lockwood (1976) read the game. Each of the three hands gets two cards. If the banker
has a natural, or both players have, the coup ends. A player with a natural (the banker
without one) wins his table at once, and the coup goes on between the banker and the
other table. Each player who has no natural draws on 0-4, stands on 6-7 and chooses on
5 (:data:`~bacc_edge.game.chemin_de_fer.PLAYER_CHOICE`), as in chemin de fer. The banker
then chooses once, seeing his own total and what each table showed: its third card, a
stand, or a natural (:data:`BANKER_CELLS`, 1,144 cells); his one drawing decision
settles both tables, each against his final points.

Counted as chemin de fer is, every hand drawing: the three hands' six cards, then
player 1's third card, player 2's, the banker's (:data:`BANQUE_CARDS`, nine); a coup in
which a hand stands is the same deal with a card unused (the cards after the sixth are
exchangeable, so those the coup uses come out alike wherever they lie).
"""

from __future__ import annotations

from .cards import POINT_VALUES
from .chemin_de_fer import BANKER_TOTALS

#: The cards of a coup where every hand draws: three two-card hands, then three third
#: cards (player 1's, player 2's, the banker's).
BANQUE_CARDS = 9
#: The two tables, as the output names them.
TABLES = ("left", "right")
#: What a table shows the banker when he chooses, past its third card's point value
#: (0-9): that the player stood, or that he had a natural (and has been paid).
STOOD = POINT_VALUES
NATURAL = POINT_VALUES + 1
SHOWN = tuple(range(POINT_VALUES)) + (STOOD, NATURAL)


def shown_text(shown: int) -> str:
    """What a table showed, in words: its third card's point value, ``stood`` or
    ``natural``."""
    return "stood" if shown == STOOD else "natural" if shown == NATURAL else str(shown)


#: The banker's cells: his total (0-7) against what each table showed; never both
#: naturals (the coup has ended). By total, then the left table's, then the right's.
BANKER_CELLS = tuple((total, left, right) for total in BANKER_TOTALS for left in SHOWN
                     for right in SHOWN if not left == right == NATURAL)


__all__ = ["BANKER_CELLS", "BANQUE_CARDS", "NATURAL", "SHOWN", "STOOD", "TABLES",
           "shown_text"]
