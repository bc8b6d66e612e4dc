"""Lucky Draw Baccarat: the bettor's own hand against the dealer's, the bettor choosing
to stand or to draw a third card with a second stake (the Draw bet) that pays more for
a drawn 7, 8 or 9.

Rules (8 decks):

| | |
| --- | --- |
| Deal | the bettor two cards face up; the dealer one face up, one face down |
| Choice | stand, or make a Draw bet equal to the Enter bet and take one card |
| Dealer | shows his hidden card and draws one card on 0-4, stands on 5-9 (no naturals) |
| Enter bet | pays 1 to 1 when the bettor's points are higher; a tie returns both stakes; a loss loses both |
| Draw bet (paytable 1) | a drawn 9 pays 3 to 1, 8 pays 2 to 1, 7 pays 2 to 1, anything else 1 to 1 |
| Draw bet (paytable 2) | as paytable 1, but a drawn 7 pays 3 to 2 |

Published house edges under optimal play, 8 decks: paytable 1 1.79% (-0.017931 per
Enter bet), paytable 2 3.34% (Stephen How, "Lucky Draw Baccarat", discountgambling.net,
2 October 2013, seen 2026-11-29; the rules also on the Wizard of Odds' page, quoted at
ourgyn.com/games/lucky-draw-baccarat/, and the maker's, tcsjohnhuxley.com). Both
reproduce: -0.0179312 and -0.0334477 counted; so does every count of How's return
table for paytable 1 (nine outcomes, out of 2,499,199,137,751,680: half the ordered
six-card deals of 416 cards), under the optimal strategy counted here.
"""

from bacc_edge.language.decisions import Option, OwnHand, RuleOfThumb

GAME = "Lucky Draw Baccarat"

#: punto banco's player rule, a baccarat player's habit: draw on 0-5, stand on 6-9
PUNTO_BANCO_HABIT = RuleOfThumb("draw on 0-5", lambda seen: "draw" if (seen["P1"] + seen["P2"])
                                % 10 <= 5 else "stand")


def lucky_draw(name: str, seven, published: str) -> OwnHand:
    """The game with its Draw bet paying ``seven`` to 1 on a drawn 7."""
    draw_pays = [1, 1, 1, 1, 1, 1, 1, seven, 2, 3]  # by the bettor's final points 0-9
    return OwnHand(name, [Option("stand", 1, draws=False),
                          Option("draw", 2, draws=True, raise_pays=draw_pays)],
                   dealer_draws_to=4, published=published, thumbs=[PUNTO_BANCO_HABIT])


DECISIONS = [
    lucky_draw("Lucky Draw, paytable 1", 2, "house edge 1.79% (-0.017931), 8 decks "
               "(discountgambling.net, 2013-10-02)"),
    lucky_draw("Lucky Draw, paytable 2", "3:2", "house edge 3.34%, 8 decks "
               "(discountgambling.net, 2013-10-02)"),
]
