"""Big Tiger: a banker win on a three-card 6 pays 50 to 1 (8 decks: house edge
15.2533%), with the count and study of its published vulnerability analysis.

Source: Eliot Jacobson, "Card Counting the Big Tiger Baccarat Side Bet"
(advancedadvantageplay.com/2024/07/card-counting-the-big-tiger-baccarat-side-bet; 8
decks, cut card 14 cards from the end, 100 million shoes; house edge 15.2533%, SD
6.519): tags A … 10 = 0, 0, -1, -1, -1, -2, +1, +2, +2, 0, bet
at true count +8 or more.

Reproduced in a count study of 1,000,000 shoes dealt with the burn by the first card,
the true count per deck of the cards not seen, and the end-of-shoe rule ``one-more``
(``bacc-edge depth paytables/big_tiger.py --count-only --no-eor-count --end one-more
--shoes 1000000 --check``): bet frequency, average edge, units per 100 hands, betting
correlation, and the desirability index as the study computes it (1000 × win per hand /
(the bet's SD off the top × √ bet frequency)). Under ``at-cut`` the count bets on 3.30%
of hands, not 3.536%.
"""

from bacc_edge import Bet, Count, Event, StudyFigures, banker

GAME = "Big Tiger"

BETS = [
    Bet("Big Tiger", [
        Event("Banker wins on a three-card 6",
              banker.wins & (banker.points == 6) & (banker.cards == 3), 50),
    ]),
]

COUNTS = [
    Count("Big Tiger count", {"A": 0, "2": 0, "3": -1, "4": -1, "5": -1, "6": -2, "7": 1,
                              "8": 2, "9": 2, "10/J/Q/K": 0}, trigger=8,
          bets=["Big Tiger"], published=StudyFigures(
              "Jacobson, Card Counting the Big Tiger Baccarat Side Bet "
              "(advancedadvantageplay.com)",
              # the study's index divides by a standard deviation per hand of √(bet
              # frequency) × the bet's SD off the top (6.519): 1000 × 0.00256 /
              # (√0.03536 × 6.519) = 2.09, its printed figures give; bacc-edge's own
              # desirability_index divides by the SD of what the count's bets really pay
              # (at true count +8 the three-card 6 comes more often), which is larger
              {"bet_frequency": "3.536%", "average_edge": "7.227%",
               "units_per_100_rounds": "0.256", "desirability_index_off_the_top": "2.08",
               "betting_correlation": "0.981"},
              dealing="8 decks, cut card 14 cards from the end")),
]
