"""3 Card Win Baccarat: two optional bonus bets on a standard 8-deck punto banco game.

Sheet: a US state regulator's approved rules of play (Washington State Gambling
Commission). A bonus bet wins when its hand wins the coup holding three cards; "All
pays are to 1".
"""

from bacc_edge import Bet, Event, Published, banker, player

GAME = "3 Card Win Baccarat"

SHEET = "000_9d483a1cba396471.txt"


def three_card_win(hand, low_pays=None, high_pays=None, whole_pays=None):
    """The hand wins with three cards: one pay for any such win, or a pay for points
    1-5 and another for 6-9."""
    side = hand.side.capitalize()
    wins = hand.wins & (hand.cards == 3)
    if whole_pays is not None:
        return [Event(f"{side} 3 Card Win", wins, whole_pays)]
    return [
        Event(f"{side} 3 card win with point 5,4,3,2,1", wins & hand.points.between(1, 5), low_pays),
        Event(f"{side} 3 card win with point 9,8,7,6", wins & hand.points.between(6, 9), high_pays),
    ]


def split_published(side, low_hit, high_hit, lose, low_return, player_net):
    """The figures the sheet prints for a paytable that pays points 1-5 only."""
    low, high = (f"{side} 3 card win with point 5,4,3,2,1", f"{side} 3 card win with point 9,8,7,6")
    return Published(
        SHEET,
        hit_rate={low: low_hit, high: high_hit, "Lose": lose},
        returns={low: low_return, high: "0.000%", "Lose": "-" + lose},
        player_net=player_net)


BETS = [
    Bet("Banker 3 Card Win, paytable 1", three_card_win(banker, whole_pays=5),
        published=Published(
            SHEET,
            hit_rate={"Banker 3 Card Win": "15.283%", "Lose": "84.717%"},
            returns={"Banker 3 Card Win": "76.413%", "Lose": "-84.717%"},
            player_net="-8.304%")),
    Bet("Banker 3 Card Win, paytable 2", three_card_win(banker, low_pays=15, high_pays=0),
        published=split_published("Banker", "5.284%", "9.999%", "84.717%", "79.260%", "-5.458%")),
    Bet("Player 3 Card Win, paytable 1", three_card_win(player, whole_pays=4),
        published=Published(
            SHEET,
            hit_rate={"Player 3 Card Win": "18.863%", "Lose": "81.137%"},
            returns={"Player 3 Card Win": "75.451%", "Lose": "-81.137%"},
            # the sheet prints the player net twice, rounded to two and to three places
            player_net=("-5.69%", "-5.686%"))),
    Bet("Player 3 Card Win, paytable 2a", three_card_win(player, low_pays=10, high_pays=0),
        published=split_published("Player", "6.821%", "12.042%", "81.137%", "68.205%", "-12.932%")),
    Bet("Player 3 Card Win, paytable 2b", three_card_win(player, low_pays=11, high_pays=0),
        published=split_published("Player", "6.821%", "12.042%", "81.137%", "75.026%", "-6.111%")),
]
