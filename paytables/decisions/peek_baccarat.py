"""Peek Baccarat (a live-dealer game): a 20% fee on Player and Banker stakes buys a look
at some of the first four cards, after which the bettor keeps, doubles or triples the
stake, with no fee on the raise.

Rules (as the game's public rule pages state them; 8 decks, the standard tableau):

| | |
| --- | --- |
| Player | pays 1 to 1, a tie returns the stake |
| Banker | pays 0.95 to 1, a tie returns the stake |
| Peek fee | 20% of the first Player or Banker stake, paid whatever happens, never on the raise |
| Peek | once the first four cards are dealt, one to four of them are shown; the bettor then keeps, doubles or triples the first stake |
| Published return to player | Player about 98.8%, Banker about 98.8% (Tie 8:1 about 85.6%, pairs 11:1 about 89.6%: the punto banco side bets, unchanged) |

Sources (seen 2026-11-29): the Austrian state lottery's supplementary rules, "Peek
Baccarat Spielbedingungen" (win2day.at/fairplay/spielbedingungen/peekbaccarat-spielbedingungen):
the fee, "1 bis 4 der ausgeteilten Karten", the pays and the returns; and a casino
review's copy of the provider's rules (bitcoincasino.news/games/peek-baccarat/, second
hand): the fee worked as 5 + 1 = 6, the raise without fee, RTP 98.80%.

Which cards are shown, and how often one, two, three or four, is not published. Here
each number k is shown with the chance below, any k of the four cards alike (an
assumption). Finding (law_range, see the decisions how-to; 8 decks, optimal play): the
published 98.8% for both Player and Banker is reproduced only when the return is read as
a share of everything wagered (the fee and the raises); read as a share of the first
stake and its fee, no law reproduces both figures, whether the k cards shown are any k
alike or the first k dealt. Read that way, the figures leave the law wide: any one
number shown may be absent from it, and the mean number shown lies between 1.80 and 2.08
(any k alike) or 1.78 and 2.48 (the first k dealt). The law shipped, one point inside
the range (3/10, 1/2, 3/20, 1/20), returns 98.806% (Player) and 98.766% (Banker) of the
amount wagered under optimal play, on 8 decks.
"""

from fractions import Fraction

from bacc_edge import Bet, Event, banker, player, tie
from bacc_edge.language.decisions import DecidedBet, Option, RuleOfThumb, Shown

GAME = "Peek Baccarat"

PUBLISHED = ("about 98.8% (win2day.at, 'Peek Baccarat Spielbedingungen', seen 2026-11-29; "
             "98.80%, bitcoincasino.news, second hand)")
#: the chance that k of the first four cards are shown (calibrated, not published)
HOW_MANY = {1: "3/10", 2: "1/2", 3: "3/20", 4: "1/20"}
RAISE = [Option("keep", 1), Option("double", 2), Option("triple", 3)]
FEE = Fraction(1, 5)



def shown_points(seen: dict, hand: str) -> float:
    """The points of a hand's shown cards (4.5, a middling hand, where none is shown)."""
    cards = [v for p, v in seen.items() if p.startswith(hand)]
    return sum(cards) % 10 if cards else 4.5


def strong_show(side: str, other: str) -> RuleOfThumb:
    """Triple when the side backed shows 3 points more than the other, else keep."""
    return RuleOfThumb("triple on a 3-point lead",
                       lambda seen: "triple" if shown_points(seen, side)
                       >= shown_points(seen, other) + 3 else "keep")


DECISIONS = [
    DecidedBet("Player", Bet("Player", [Event("Player wins", player.wins, 1),
                                        Event("Tie", tie, "push")]),
               Shown.how_many(HOW_MANY), RAISE, fee=FEE, published=PUBLISHED,
               thumbs=[strong_show("P", "B")]),
    DecidedBet("Banker", Bet("Banker", [Event("Banker wins", banker.wins, 0.95),
                                        Event("Tie", tie, "push")]),
               Shown.how_many(HOW_MANY), RAISE, fee=FEE, published=PUBLISHED,
               thumbs=[strong_show("B", "P")]),
]
