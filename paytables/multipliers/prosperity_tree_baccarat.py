"""Prosperity Tree Baccarat (Evolution, 2023): baccarat with a 20% fee and eight
"Prosperity Cards" at 2x or 3x that multiply the wins of the hands holding them.

Rules, as an operator's terms of play state them (win2day, the Austrian Lotteries'
"Ergänzungsspielbedingungen Prosperity Tree Baccarat"; 8 decks, the standard tableau):

- Every bet pays a fee of 20% of the stake besides, never returned.
- Before the deal, 8 Prosperity Cards are drawn at random from a 52-card deck, each with
  a multiplier of 2x or 3x, at random.
- Player 1-27:1 and Banker 1-27:1 (95% of the stake returned on a Banker win): 1:1 times
  the multipliers of the Prosperity Cards in the winning hand (27 = 3 × 3 × 3); a tie
  pushes both (the fee kept).
- Tie 5:1 (up to €500,000), times the multipliers among both hands' cards (a review
  gives the game's top win as 3,645x = 5 × 3⁶).
- P Pair and B Pair 10-90:1: 10:1 times the multipliers of the pair's two cards.
- Several matching cards multiply together; a card dealt twice counts each time. A
  round's win is capped at €500,000 in money, not modelled.

The law: eight cards (published); the weights of 2x and 3x are not published. The
weights below are **calibrated** on the published returns with ``bacc-edge calibrate
shipped:multipliers/prosperity_tree_baccarat --unknown multipliers --values 2,3 --grid
500``: on that grid one law meets every figure, 2x 93.8% and 3x 6.2% (469:31); the
Player and Banker figures alone (``--bet Player --bet Banker``) find the same one law on
the grids of 1/500 and 1/2000. The grid of 1/100 holds no law meeting them (its
closest, 2x 94%, misses the Tie's 92.8% by 0.085% and the review's Player 98.89% by
0.033%).

Published returns ("Durchschnittliche Ausschüttung", printed "ca.", checked at their
printed precision): Player 98.9%, Banker 98.7%, P Pair and B Pair 92.5%, Tie 92.8%;
win2day's "Ergänzungsspielbedingungen Prosperity Tree Baccarat" (its address not
recorded; seen 2026-11-29), first-hand. A review gives "RTP: 92.53% - 98.89%" and a top
win of 3,645x (gamblingbaba.com/game/prosperity-tree-baccarat, seen 2026-11-29;
second-hand).
"""

from bacc_edge import Law, Overlay, PublishedReturn, multiplier_baccarat

GAME = "Prosperity Tree Baccarat"

PROSPERITY = Overlay(8, Law({2: 469, 3: 31}), law_source="calibrated")

WIN2DAY = ("win2day, Ergänzungsspielbedingungen Prosperity Tree Baccarat (address not "
           "recorded), seen 2026-11-29")
BABA = "gamblingbaba.com/game/prosperity-tree-baccarat, seen 2026-11-29"

MULTIPLIER_BETS = multiplier_baccarat(
    PROSPERITY, fee="20%", tie_pays=5, pair_pays=10,
    advertised={"Player": 27, "Banker": "26.95", "Tie": 3645, "P Pair": 90, "B Pair": 90},
    published={
        "Player": [PublishedReturn("98.9%", WIN2DAY),
                   PublishedReturn("98.89%", BABA, second_hand=True)],
        "Banker": [PublishedReturn("98.7%", WIN2DAY)],
        "Tie": [PublishedReturn("92.8%", WIN2DAY)],
        "P Pair": [PublishedReturn("92.5%", WIN2DAY),
                   PublishedReturn("92.53%", BABA, second_hand=True)],
        "B Pair": [PublishedReturn("92.5%", WIN2DAY)]})

#: the bets before the overlay and the fee, for the commands that read BETS
BETS = [bet.base for bet in MULTIPLIER_BETS]
