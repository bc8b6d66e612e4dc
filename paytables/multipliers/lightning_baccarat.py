"""Lightning Baccarat (Evolution, 2019): baccarat with a 20% Lightning Fee and one to
five "Lightning Cards" that multiply the wins of the hands holding them.

Rules, as the game's help and the operators' rules pages state them (8 decks, the
standard tableau):

- Every bet pays a Lightning Fee of 20% of the stake besides (a stake of 10 costs 12);
  the fee is never returned, not on a push either.
- Before the deal, 1 to 5 Lightning Cards (a rank and a suit each) are drawn at random
  from a virtual 52-card deck, each with a multiplier of 2x, 3x, 4x, 5x or 8x.
- Player pays 1:1, Banker 1:1 less 5% of the stake ("95% of your Banker bet is returned
  if the Banker wins": 0.95 net without a multiplier, 7.95 with an 8x), each times the
  multipliers of the Lightning Cards in the winning hand; a tie pushes both.
- Tie pays 5:1 times the multipliers of the Lightning Cards among both hands' cards.
- P Pair and B Pair pay 9:1 times the multipliers of the Lightning Cards among the
  pair's two cards.
- Several matching cards multiply together. The advertised tops fix how a card dealt
  twice counts: "Tie up to 1,310,720:1" is 5 × 8⁶, six matching cards in a six-card tie
  when at most five identities are drawn, so each card counts (a 7♣ dealt twice at 8x
  is 64x); "P Pair up to 576:1" is 9 × 8 × 8.
- A round's win is capped in money by the operator (e.g. €500,000); per unit staked it
  is not capped, and the cap is not modelled.

The law: neither the number of Lightning Cards drawn nor the multipliers' weights are
published. The law below is **assumed**: 1-5 cards equally likely and multiplier
weights falling with the multiplier; ``bacc-edge calibrate`` says what laws the
published returns allow (see docs/how-to/multipliers.md). Findings:

- The two second-hand Player figures (98.76% and 98.67%) cannot both hold: at their
  printed precision they are 0.09% apart, so no law meets both. ``bacc-edge calibrate
  … --unknown identities --values 1,2,3,4,5`` (the multipliers' law as assumed below)
  finds none meeting all four figures; the closest (3 cards 59.3%, 4 cards 3.7%, 5
  cards 37.0%) misses each by 0.04%.
- The Tie's advertised 1,310,720:1 comes about once in 270 billion rounds under the
  assumed law, and at best once in 28 million (every round five cards, all at 8x):
  GLI-11's once in 100,000,000 is met only by a law near that extreme, so a lab would
  flag it under any plausible law.

Published returns (all second-hand: reviews quoting the game's help):

- Player 98.76%: ltccasino.com/cryptocasino/lightning-baccarat ("Lightning Baccarat",
  seen 2026-11-29) and expert.boomcasino.com/en/lightning-baccarat ("A closer look at
  Lightning Baccarat", seen 2026-11-29).
- House edges Banker 1.41%, Player 1.33%, Tie 5.49% (returns 98.59%, 98.67%, 94.51%):
  reallivedealer.ag/baccarat/2020/07/15/working-on-the-multipliers-with-lightning-baccarat
  (seen 2026-11-29). The Player figure disagrees with 98.76% in its last two digits.
- Tie 94.51%: livecasinodata.com/games/lightning-baccarat/how-to-play (seen 2026-11-29),
  a page whose other figures are wrong (Banker "98.76%", Tie paid 8:1 elsewhere on the
  site), so only the Tie figure, which agrees with the edge above, is recorded.
"""

from bacc_edge import Law, Overlay, PublishedReturn, multiplier_baccarat

GAME = "Lightning Baccarat"

LIGHTNING = Overlay(Law({1: 1, 2: 1, 3: 1, 4: 1, 5: 1}),
                    Law({2: 40, 3: 30, 4: 15, 5: 10, 8: 5}),
                    law_source="assumed")

LTC = "ltccasino.com/cryptocasino/lightning-baccarat, seen 2026-11-29"
RLD = ("reallivedealer.ag/baccarat/2020/07/15/working-on-the-multipliers-with-lightning-"
       "baccarat (house edge as printed, 100% less it), seen 2026-11-29")
ASSUMED = ("the law is assumed, not published, and misses every figure (the Tie's by "
           "about 10.8 points); `bacc-edge calibrate … --unknown identities --values "
           "1,2,3,4,5` finds no law of how many identities are drawn meeting all four "
           "(the two Player figures are 0.09% apart): the closest misses each by 0.04%")

MULTIPLIER_BETS = multiplier_baccarat(
    LIGHTNING, fee="20%", tie_pays=5, pair_pays=9,
    advertised={"Player": 512, "Banker": "511.95", "Tie": 1310720, "P Pair": 576,
                "B Pair": 576},
    published={
        "Player": [PublishedReturn("98.76%", LTC, second_hand=True, finding=ASSUMED),
                   PublishedReturn("98.67%", RLD, second_hand=True, finding=ASSUMED)],
        "Banker": [PublishedReturn("98.59%", RLD, second_hand=True, finding=ASSUMED)],
        "Tie": [PublishedReturn("94.51%", RLD, second_hand=True, finding=ASSUMED)],
    })

#: the bets before the overlay and the fee, for the commands that read BETS
BETS = [bet.base for bet in MULTIPLIER_BETS]
