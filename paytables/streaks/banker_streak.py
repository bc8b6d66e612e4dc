"""Banker Streak: a bet on the length of the next run of the Banker's wins.

Rules (as the game's public sources state them; pays to 1; the figures are for 8 decks):
the bet may be placed after a Player win, a Tie, or ten Banker wins in a row; from the
next coup on, the dealer counts the Banker's wins in a row; a Player win or a Tie ends
the run; four or more pay, by the table below; at ten the top award is paid and the bet
is over. The Orleans (Las Vegas, May 2017) used pay table 2.

| Banker wins in a row | table 1 | table 2 | table 3 | table 4 |
| --- | --- | --- | --- | --- |
| 10 or more | 250 | 250 | 200 | 200 |
| 9 | 150 | 100 | 100 | 100 |
| 8 | 60 | 60 | 60 | 60 |
| 7 | 40 | 40 | 40 | 40 |
| 6 | 25 | 25 | 25 | 20 |
| 5 | 15 | 15 | 15 | 15 |
| 4 | 10 | 10 | 10 | 10 |
| 3 or fewer | lose | lose | lose | lose |

Readings, where the rules say nothing: "after ten Banker wins in a row" is read as once
the Banker has won the last ten coups or more (``placed_after_run=10``: after the eleventh
too, the run not yet broken); the end of the shoe (the cut card) ends a run, paid by the
run seen (``at_shoe_end``; ``AtShoeEnd.PUSH`` returns the stake instead).

Published: Wizard of Odds, "Banker Streak",
https://wizardofodds.com/games/baccarat/side-bets/banker-streak/ (last updated June 20,
2017; seen 2026-11-29), pay table 1: probabilities 10 or more 0.000411, 9 0.000486,
8 0.001059, 7 0.002310, 6 0.005036, 5 0.010982, 4 0.023947, 3 or fewer 0.955769; return
-0.094006. They reproduce to every printed digit as 8 decks' one-coup chances taken as
independent coups (b^j (1 - b), b = 0.458597 the Banker's chance on a full 8-deck shoe);
the infinite deck gives -0.095819, and whole shoes dealt to a cut card 14 cards from the
end give about -0.144 (a simulation of 50,000 shoes, the bet placed after ten Banker wins
too: -0.1510, 95% interval -0.1601 to -0.1419; pay table 2: -0.1730, against -0.1183 as
independent coups; each bet's run a sampled path from the cards left at its place,
2,000 shoes: -0.1437, 95% interval -0.1446 to -0.1428): bets placed late in
the shoe lose their run to the cut card. Card removal is not the cause: the first two
coups of a full 8-deck shoe both go to the Banker with chance 0.2103110586 exactly
(counted), against b^2 = 0.2103115960; placed off the top of 8 decks and dealt in turn
to that cut card, pay table 1 returns -0.094028 (20,000 sampled paths, 95% interval
-0.094042 to -0.094013: ``bacc-edge streak shipped:streaks/banker_streak --shoes 0
--paths 20000``). The other tables' figures are not in the source seen.
"""

from bacc_edge.language.streaks import banker_run

GAME = "Banker Streak"

TABLES = {
    1: {4: 10, 5: 15, 6: 25, 7: 40, 8: 60, 9: 150, 10: 250},
    2: {4: 10, 5: 15, 6: 25, 7: 40, 8: 60, 9: 100, 10: 250},
    3: {4: 10, 5: 15, 6: 25, 7: 40, 8: 60, 9: 100, 10: 200},
    4: {4: 10, 5: 15, 6: 20, 7: 40, 8: 60, 9: 100, 10: 200},
}

#: Pay table 1's published figures (see the module's docstring)
PUBLISHED = {"return": "-0.094006", "lines": {
    "10 or more": "0.000411", "9": "0.000486", "8": "0.001059", "7": "0.002310",
    "6": "0.005036", "5": "0.010982", "4": "0.023947", "3 or fewer": "0.955769"}}

STREAKS = [banker_run(f"Banker Streak, pay table {n}", table, placed_after_run=10)
           for n, table in TABLES.items()]
