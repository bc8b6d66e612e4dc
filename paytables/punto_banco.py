"""Punto banco's main bets: the game every side bet rides on, 8 decks.

Player pays 1:1, banker 0.95:1 (5% commission), a tie 8:1 or 9:1, and the
no-commission banker pays 1:2 on a win with 6; a tie returns player and banker stakes.
The rules follow the tableau every sheet prints (an online casino's rules page, a
live-dealer studio's); no sheet prints these bets' edges, so none are checked here.
"""

from bacc_edge import Bet, Event, banker, player, tie

GAME = "Punto banco"

BETS = [
    Bet("Banker", [Event("Banker wins", banker.wins, 0.95), Event("Tie", tie, "push")]),
    Bet("Player", [Event("Player wins", player.wins, 1), Event("Tie", tie, "push")]),
    Bet("Tie 8:1", [Event("Tie", tie, 8)]),
    Bet("Tie 9:1", [Event("Tie", tie, 9)]),
    Bet("No-commission banker", [
        Event("Banker wins with 6", banker.wins & (banker.points == 6), "1:2"),
        Event("Banker wins otherwise", banker.wins, 1),
        Event("Tie", tie, "push"),
    ]),
]
