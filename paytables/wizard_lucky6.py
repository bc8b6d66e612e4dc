"""Lucky 6 as the Wizard of Odds analyses it, with the two counts published there.

Source: Wizard of Odds, "Lucky 6" (baccarat side bets; wizardofodds.com/games/baccarat/
side-bets/lucky-6/), 8 decks: a banker win on a two-card 6 pays 12 to 1, on a
three-card 6 pays 23 to 1; house edge 11.70%. The page states the count, its true
count (running count / decks remaining) and its trigger, but not the cut card or the
burn rule. Its 80.1 hands per shoe pin the deal: with the burn by the first card and the
coup that brings out the cut card the last, a cut card 16 cards from the end deals
80.08 rounds a shoe (14 cards: 80.48). Run that way in a count study of 1,000,000 shoes
(``bacc-edge depth paytables/wizard_lucky6.py --count-only --no-eor-count --cut 16
--shoes 1000000 --check``), with the true count per deck of the cards not seen, the
average advantage and units per shoe of both counts reproduce; their bet frequencies
come out 0.06-0.07 points above the printed ones (findings below).
"""

from bacc_edge import Bet, Count, Event, StudyFigures, banker

GAME = "Lucky 6"

BETS = [
    Bet("Lucky 6", [
        Event("Banker wins on a three-card 6",
              banker.wins & (banker.points == 6) & (banker.cards == 3), 23),
        Event("Banker wins on a two-card 6",
              banker.wins & (banker.points == 6) & (banker.cards == 2), 12),
    ]),
]

SOURCE = "Wizard of Odds, Lucky 6 (wizardofodds.com/games/baccarat/side-bets/lucky-6/)"

FREQUENCY = ("1,000,000 shoes bet on 3.15% (count 1) and 4.20% (count 2) of hands, "
             "intervals ±0.01 points: above the printed 3.09% and 4.13% under every rule "
             "tried that deals 80.1 hands a shoe (cut 16 at-cut; cut 20 one-more gives "
             "3.13% and 4.18%); the divisor by the cards still in the shoe raises them "
             "further. The page does not say how it deals, so the gap stays unexplained")

COUNTS = [
    # by point value: 6 = -3; 7, 8, 9 = +1; the rest 0
    Count.by_points("Wizard count 1", [0, 0, 0, 0, 0, 0, -3, 1, 1, 1], trigger=7,
                    bets=["Lucky 6"], published=StudyFigures(
                        SOURCE, {"bet_frequency": "3.09%", "average_edge": "6.27%",
                                 "rounds_per_shoe": "80.1", "units_per_shoe": "0.155"},
                        dealing="8 decks; cut card and burn rule not stated",
                        findings={"bet_frequency": FREQUENCY})),
    # by point value 0 … 9
    Count.by_points("Wizard count 2", [-2, -1, -1, -4, -1, -1, -18, 13, 12, 9], trigger=48,
                    bets=["Lucky 6"], published=StudyFigures(
                        SOURCE, {"bet_frequency": "4.13%", "average_edge": "7.00%",
                                 "units_per_shoe": "0.23"},
                        dealing="8 decks; cut card and burn rule not stated",
                        findings={"bet_frequency": FREQUENCY})),
]
