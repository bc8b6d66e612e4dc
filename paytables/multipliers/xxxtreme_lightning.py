"""XXXtreme Lightning Baccarat (Evolution, 2023): Lightning Baccarat's game "with the
highest fees and the highest payouts" of the multiplier baccarats, as a review calls it.

Rules: the game's own rules page was not found (searched 2026-11-29: Evolution's pages,
operators' help pages, reviews). What is known, second-hand, from one review
(kkulpick.com, "익스트림 라이트닝 바카라 룰과 배당 알아보기 – 라이트닝 시리즈 [7]",
seen 2026-11-29): an Evolution live baccarat released in 2023, the seventh game of the
Lightning series, built on Lightning Baccarat, with its five bets (Player, Banker, Tie,
Player Pair, Banker Pair) and the returns below. Everything else is **assumed**, as
Lightning Baccarat's rules state it (see ``shipped:multipliers/lightning_baccarat``):

- a fee of 20% of the stake on every bet, never returned (assumed: the review says the
  fee is the highest of these games, but not what it is);
- before the deal, Lightning Cards (rank and suit) drawn from a virtual 52-card deck,
  each with a multiplier; Player 1:1 and Banker 1:1 less 5% of the stake, times the
  multipliers of the Lightning Cards in the winning hand, a tie pushing both; Tie 5:1
  times those among both hands' cards; each Pair 9:1 times those among its two cards;
  several matching cards multiply together, a card dealt twice counting each time
  (all assumed, as in Lightning Baccarat);
- no cap per unit staked, no advertised top award known (the GLI-11 check is made on
  the largest win).

The law: not published. Calibrated, as far as the figures allow, and a **finding**: no
law tried meets all four figures under the assumed rules.

- Lightning's multipliers (2x 40, 3x 30, 4x 15, 5x 10, 8x 5) with 1 to 8 or 1 to 12
  cards drawn (``bacc-edge calibrate … --unknown identities``, exact): none at fees of
  20, 25, 30, 40 or 50%; the closest, at 20% (3 cards 12.6%, 4 cards 87.4%), misses
  the Tie by 2.35% (95.02% against 92.67%): a Tie multiplied on four to six cards
  outgrows the Pairs, paid on two.
- A fixed number of cards and the weights of 2x, 3x, 4x, 5x, 8x on a grid of 1/20: the
  closest misses by 0.78% (3 cards), 1.80% (4), 2.37% (5), 0.09% (2), 10.5% (1); two
  cards fit best, the figures asking few cards with large multipliers.
- Two cards, the weights of 2x, 3x, 5x, 8x on a grid of 1/60
  (``bacc-edge calibrate shipped:multipliers/xxxtreme_lightning --unknown
  multipliers --values 2,3,5,8 --grid 60``): none meets all four; the closest, shipped
  below (2x 1/60, 3x 4/60, 5x 47/60, 8x 8/60), gives Player 98.643%, Banker 98.503%,
  Tie 92.753%, Pairs 90.417%, the Tie missing its band by 0.078%. Two cards over all
  five of Lightning's multipliers on a grid of 1/40 (135,751 laws) fare no better: the
  closest (3x 10%, 4x 12.5%, 5x 60%, 8x 17.5%) misses by 0.082%.

So the figures are not met by Lightning's rules with any law tried; either the fee,
the base pays or the multipliers differ from Lightning's (as "the highest fees and
payouts" says they do), and the law below is a stand-in until the rules are found.

Published returns (second-hand: the review quoting the game's help), on the stake and
fee: Player 98.68%, Banker 98.53%, Tie 92.67%, Player Pair and Banker Pair 90.45%;
kkulpick.com, "익스트림 라이트닝 바카라 룰과 배당 알아보기 – 라이트닝 시리즈 [7]"
(seen 2026-11-29).
"""

from bacc_edge import Law, Overlay, PublishedReturn, multiplier_baccarat

GAME = "XXXtreme Lightning Baccarat"

XXXTREME = Overlay(2, Law({2: 1, 3: 4, 5: 47, 8: 8}), law_source="calibrated")

KKULPICK = ("kkulpick.com, \"익스트림 라이트닝 바카라 룰과 배당 알아보기 – 라이트닝 시리즈 "
            "[7]\" (a review quoting the game's help), seen 2026-11-29")
UNMET = ("the rules are assumed (Lightning Baccarat's), and no law tried meets all four "
         "figures under them: the closest misses the Tie by 0.078% (see the docstring)")


def published(printed: str) -> list:
    return [PublishedReturn(printed, KKULPICK, second_hand=True, finding=UNMET)]


MULTIPLIER_BETS = multiplier_baccarat(
    XXXTREME, fee="20%", tie_pays=5, pair_pays=9,
    published={"Player": published("98.68%"), "Banker": published("98.53%"),
               "Tie": published("92.67%"), "P Pair": published("90.45%"),
               "B Pair": published("90.45%")})

#: the bets before the overlay and the fee, for the commands that read BETS
BETS = [bet.base for bet in MULTIPLIER_BETS]
