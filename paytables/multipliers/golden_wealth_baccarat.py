"""Golden Wealth Baccarat (Evolution, 2022; also as "First Person Golden Wealth
Baccarat"): baccarat with a 20% Gold Fee and five "Gold Cards" that multiply the wins
of the hands holding them.

Rules, as an operator's terms of play state them (win2day, the Austrian Lotteries'
"Ergänzungsspielbedingungen First Person Golden Wealth Baccarat"; 8 decks, the standard
tableau):

- Every bet pays a Gold Fee of 20% of the stake besides, never returned.
- Before the deal, 5 Gold Cards are drawn at random from a virtual 52-card deck, each
  with a multiplier of 2x, 3x, 5x or 8x, at random.
- Player 1-512:1 and Banker 1-512:1 (the stake returned in full, or 95% of it on a
  Banker win): 1:1 times the multipliers of the Gold Cards in the winning hand; a tie
  pushes both (the fee kept).
- Tie 5:1, times the multipliers of the Gold Cards among both hands' cards (the terms
  print no range for it; a Tie paid 5:1 alone would return about 47.6%, not the
  published 93.4%, so it is multiplied, as Lightning Baccarat's is).
- P Pair and B Pair 9-576:1: 9:1 times the multipliers of the Gold Cards among the
  pair's two cards (576 = 9 × 8 × 8).
- Several matching cards multiply together; a card dealt twice counts each time (as in
  Lightning Baccarat, whose advertised top needs it). A round's win is capped at
  €500,000 in money, not per unit staked, and the cap is not modelled.

The law: five cards (published); the multipliers' weights are not published. The
weights below are **calibrated** on all five published returns. ``bacc-edge calibrate
--unknown multipliers --values 2,3,5,8 --grid 80`` finds no law on its grid meeting all
five (the closest, 2x 42.5%, 3x 51.25%, 5x 6.25%, 8x 0, misses the Banker's 98.7% by
0.016%); a finer grid (steps of 1/400 over 2x 25-65%, 5x 0-15%, 8x 0-3%, the returns
through the same moments in floating point) finds 108 laws meeting all five: 2x
37.75-52.25%, 3x 37-60.75%, 5x 0-10.75%, 8x 0-2%. The figures pin the 8x weight to at
most about 2% and leave the rest loose. The law below is one of the 108 with every
multiplier possible (2x 42.5%, 3x 54.25%, 5x 1.5%, 8x 1.75%), checked exactly by
``bacc-edge multipliers --check``.

Published returns ("Durchschnittliche Ausschüttung", printed "ca.", checked at their
printed precision): Player 98.9%, Banker 98.7%, P Pair and B Pair 86%, Tie 93.4%;
www.win2day.at/fairplay/spielbedingungen/firstpersongoldenwealthbaccarat-spielbedingungen
(seen 2026-11-29), an operator's own terms, first-hand.
"""

from bacc_edge import Law, Overlay, PublishedReturn, multiplier_baccarat

GAME = "Golden Wealth Baccarat"

GOLD = Overlay(5, Law({2: 170, 3: 217, 5: 6, 8: 7}), law_source="calibrated")

WIN2DAY = ("www.win2day.at/fairplay/spielbedingungen/firstpersongoldenwealthbaccarat-"
           "spielbedingungen, seen 2026-11-29")


def published(printed: str, finding: str | None = None) -> list:
    return [PublishedReturn(printed, WIN2DAY, finding=finding)]


MULTIPLIER_BETS = multiplier_baccarat(
    GOLD, fee="20%", tie_pays=5, pair_pays=9,
    advertised={"Player": 512, "Banker": "511.95", "P Pair": 576, "B Pair": 576},
    published={"Player": published("98.9%"), "Banker": published("98.7%"),
               "Tie": published("93.4%"), "P Pair": published("86%"),
               "B Pair": published("86%")})

#: the bets before the overlay and the fee, for the commands that read BETS
BETS = [bet.base for bet in MULTIPLIER_BETS]
