"""An online live-dealer baccarat table: both playing modes and its 17 side bets.

Sheet: the studio's public rules page. 8 decks; a burn by the first card's
value; a cut card ends the shoe. Every side bet closes after its "Max Round
Availability", the last round of a shoe on which it is taken (its "Closes after round").
Pays are "to 1" (the page writes 11:1, 7:2, 1:2).

Readings:
- "Draw" is a tie; on a draw the player and banker bets return the stake.
- Lucky Six pays when the banker *wins* with 6 ("receives a reward"), Lucky Seven when
  the player wins with 7; the 2 Cards / 3 Cards versions also need that many cards.
- Bonus: a win by a natural pays 1:1 and a natural draw returns the stake; otherwise
  the hand must win by 4 or more points, paid by the margin.
- Any Pair and Perfect Pair pay once even when both hands pair. Perfect Pair needs the
  two cards to share rank and suit.
- The page's "maximum RTP of the game is 98.94%" is the best return among all bets.
"""

from bacc_edge import Bet, Event, Figure, banker, cards_dealt, margin, player, tie

GAME = "Live-dealer baccarat: both playing modes and 17 side bets"

SHEET = "004_62f1329169082959.txt"
BONUS_BY_MARGIN = {9: 30, 8: 10, 7: 6, 6: 4, 5: 2, 4: 1}


def bonus(hand) -> Bet:
    """Player Bonus or Banker Bonus: natural wins 1:1, natural draws push, non-natural
    wins by 4-9 points paid by the margin."""
    side = hand.side.capitalize()
    return Bet(f"{side} Bonus", [
        Event("Natural win", hand.wins & hand.natural, 1),
        Event("Natural draw", tie & hand.natural, "push"),
        *[Event(f"Non-natural win by {m}", hand.wins & ~hand.natural & (margin == m), pay)
          for m, pay in BONUS_BY_MARGIN.items()],
    ], max_round=40)


def lucky(hand, points, two_card_pays, three_card_pays, name) -> list[Bet]:
    """A hand winning on a lucky total: one bet paying by its cards, and the 2 Cards
    and 3 Cards bets that each take only one of the two."""
    side = hand.side
    wins = hand.wins & (hand.points == points)
    two, three = wins & (hand.cards == 2), wins & (hand.cards == 3)
    singles = {"Lucky Six": (22, 50), "Lucky Seven": (15, 30)}[name]
    return [
        Bet(name, [Event(f"{side} wins with {points}, 2 cards", two, two_card_pays),
                   Event(f"{side} wins with {points}, 3 cards", three, three_card_pays)],
            max_round=50),
        Bet(f"2 Cards {name}", [Event(f"{side} wins with {points}, 2 cards", two, singles[0])],
            max_round=50),
        Bet(f"3 Cards {name}", [Event(f"{side} wins with {points}, 3 cards", three, singles[1])],
            max_round=50),
    ]


BETS = [
    Bet("Player", [Event("Player wins", player.wins, 1), Event("Draw", tie, "push")]),
    Bet("Banker (Baccarat mode)",
        [Event("Banker wins", banker.wins, "0.95:1"), Event("Draw", tie, "push")]),
    Bet("Banker (No Commission mode)", [
        Event("Banker wins with 6", banker.wins & (banker.points == 6), "1:2"),
        Event("Banker wins otherwise", banker.wins, 1),
        Event("Draw", tie, "push"),
    ]),
    Bet("Draw", [Event("Draw", tie, 8)]),
    Bet("Player Pair", [Event("Player pair", player.pair, 11)], max_round=60),
    Bet("Banker Pair", [Event("Banker pair", banker.pair, 11)], max_round=60),
    Bet("Any Pair", [Event("Either hand pairs", player.pair | banker.pair, 5)], max_round=50),
    Bet("Perfect Pair", [Event("Either hand pairs in one suit",
                               player.suited_pair | banker.suited_pair, 25)], max_round=50),
    Bet("Player Natural", [Event("Player natural", player.natural, "7:2")], max_round=50),
    Bet("Banker Natural", [Event("Banker natural", banker.natural, "7:2")], max_round=50),
    bonus(player),
    bonus(banker),
    *lucky(banker, 6, 12, 20, "Lucky Six"),
    *lucky(player, 7, 6, 15, "Lucky Seven"),
    Bet("Super Lucky Seven", [
        Event(f"Player 7 over banker 6, {n} cards",
              player.wins & (player.points == 7) & (banker.points == 6) & (cards_dealt == n), pay)
        for n, pay in ((4, 30), (5, 40), (6, 100))
    ], max_round=50),
]

FIGURES = [
    Figure("Maximum RTP of the game (best return of any bet)", "98.94%",
           lambda edge: 1 - min(edge.values()), SHEET),
]
