"""Double Chance Baccarat (a UK casino): punto banco on 8 decks where a tie pays the
banker and player bets an agreed percentage of the stake, with its side bets.

Sheet: the casino's printed rules and its side-bet poster (UR WAY Egalites, 3G8, the
house-edge summary).

How the poster is read, and what it cannot support:
- "A winning bet wagered with the BANK is paid at 19 - 20 odds": 19 to 20, i.e. 0.95.
- On a tie the banker and player bets win the agreed percentage and keep the stake;
  the poster's 0.195% - 0.956% for 2% - 10% is the average of the banker and player
  edges at 10% and at 2%.
- Egalite (any tie) 9-1 and 3G8 180-1 are "to 1".
- UR WAY prints total "4" twice; the second line (120) is total 5. Its edges from
  8.43% (7) to 13.42% (6) come out only if "45 - 1" is read as 45 *for* 1 (the stake
  included), which is how these lines are paid here.
- With 120 for 1 the tie on 5 has an edge of 4.73% (3.93% if read as 120 to 1), below
  the poster's stated range: the range check below fails, as recorded.
- The edge for 7 is 8.42488%: the poster's 8.43% is a double rounding (recorded below).
"""

from bacc_edge import Bet, Event, Figure, Published, banker, for_one, percent, player, tie

GAME = "Double Chance Baccarat"

SHEET = "002_2d60bbf64984e77f.txt"
TIE_PERCENTAGES = range(2, 11)
#: UR WAY pays per tied total, as the poster prints them (the second "4" is 5).
UR_WAY = {0: 150, 1: 215, 2: 225, 3: 200, 4: 120, 5: 120, 6: 45, 7: 45, 8: 80, 9: 80}


def double_chance(side: str, share: int) -> Bet:
    """The banker (19-20) or player (1-1) bet, a tie paying ``share`` percent."""
    hand, pay = (banker, "19-20") if side == "banker" else (player, 1)
    return Bet(f"Double Chance {side}, tie pays {share}%", [
        Event(f"{side.capitalize()} wins", hand.wins, pay),
        Event(f"Egalite, {share}% of stake", tie, percent(share)),
    ])


#: Why a printed UR WAY edge cannot be reproduced, by total.
UR_WAY_FINDINGS = {
    7: "the exact edge is 8.42488% (45 for 1, 8 decks), which rounds to 8.42%; the poster's "
       "8.43% is that figure rounded twice (to 8.425%, then half up). No deck count near 8 "
       "gives 8.43% while also giving the poster's 13.42%, 4.84% and 17.77%",
}


def ur_way(total: int) -> Bet:
    """A tie on one named total, paid as the poster prints it, read 'for 1'."""
    edges = {7: "8.43%", 6: "13.42%"}
    published = None
    if total in edges:
        findings = {"house edge": UR_WAY_FINDINGS[total]} if total in UR_WAY_FINDINGS else {}
        published = Published(SHEET, house_edge=edges[total], findings=findings)
    return Bet(f"UR WAY Egalite {total}", [
        Event(f"Tie on {total}", tie & (player.points == total), for_one(UR_WAY[total])),
    ], published=published)


def _average(name_a, name_b):
    return lambda edge: (edge[name_a] + edge[name_b]) / 2


BETS = [
    Bet("Banker", [Event("Banker wins", banker.wins, "19-20"), Event("Egalite", tie, "push")]),
    Bet("Player", [Event("Player wins", player.wins, 1), Event("Egalite", tie, "push")]),
    *[double_chance(side, share) for share in TIE_PERCENTAGES for side in ("banker", "player")],
    Bet("Egalite (any tie)", [Event("Tie", tie, 9)],
        published=Published(SHEET, house_edge="4.84%")),
    *[ur_way(total) for total in range(10)],
    Bet("3G8 (Three Giving Eight)", [
        Event("Banker 3 with two cards, player's third card an 8",
              (banker.two_card_total == 3) & (banker.cards == 2) & (player.third == 8), 180),
    ], published=Published(SHEET, house_edge="17.77%")),
]

FIGURES = [
    Figure("Double Chance house edge, ties paid 2% (banker and player averaged)", "0.956%",
           _average("Double Chance banker, tie pays 2%", "Double Chance player, tie pays 2%"),
           SHEET),
    Figure("Double Chance house edge, ties paid 10% (banker and player averaged)", "0.195%",
           _average("Double Chance banker, tie pays 10%", "Double Chance player, tie pays 10%"),
           SHEET),
    Figure("UR WAY Egalites: lowest edge of the ten totals ('from 8.43% (for 7)')", "8.43%",
           lambda edge: min(edge[f"UR WAY Egalite {t}"] for t in range(10)), SHEET,
           finding="the tie on 5 at 120 for 1 has an edge of 4.73% (3.93% at 120 to 1), "
                   "below the poster's range under either reading; the poster's line for 5 "
                   "(printed as a second '4') cannot agree with its own summary. Without 5 "
                   "the lowest is 7's, 8.42488% (see UR WAY Egalite 7)"),
    Figure("UR WAY Egalites: highest edge of the ten totals ('to 13.42% (for 6)')", "13.42%",
           lambda edge: max(edge[f"UR WAY Egalite {t}"] for t in range(10)), SHEET),
]
