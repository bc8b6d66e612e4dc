"""Lucky 8: a side bet on the chosen hand finishing on 8, paying most for suited
three-card eights.

Rules (as the game's public sources state them; pays to 1; 8 decks), one bet on the player's hand and one on the
banker's; only the highest win is paid:

| the coup | pays |
| --- | --- |
| both hands a suited three-card 8 (each hand's three cards of one suit; the two suits may differ) | 200 |
| the chosen hand a suited three-card 8 | 25 |
| both hands 8 points | 15 |
| the chosen hand loses with 8 | 8 |
| the chosen hand wins with 8 | 4 |
| anything else | lose |

The bets below follow the rule as written, as a dealer pays it: "suited" is all three
of the hand's cards in one suit, the lines are tried in order, and each coup is paid on
the first that holds.

Finding: the published figures (player: 38,708,182,784 / 8,230,060,380,160 /
53,649,934,949,376 / 54,643,925,237,760 / 548,824,514,488,320 coups, return −0.136508;
banker house edge 16.60%) do not follow the rule as written: as written, the first and
fourth counts reproduce, the other three do not, the player's return is −0.119759 and
the banker's edge 15.249%. The figures reproduce exactly (every count, the return and
the banker's edge) when two lines read differently:
- the 25 is paid only when the *other* hand drew a third card too (a six-card coup); a
  suited three-card 8 facing a hand that stood is paid 4 as a plain win with 8
  (3,532,917,806,592 player coups: counted 11,762,978,186,752 as written);
- the 15 for both hands on 8 is not paid when either hand is a suited three-card 8, so
  a tie on 8 against the other hand's suited three-card 8 loses (595,312,896,000 player
  coups: 54,245,247,845,376 as written).
Counted under that reading, every printed figure reproduces. Suits in any other sense
(three cards of one colour: 47,979,435,684,096 player coups) reproduce nothing.
"""

from bacc_edge import Bet, Event, Published, banker, player, tie

GAME = "Lucky 8"

SHEET = "published analysis: Lucky 8"
LABELS = ("Both hands a suited three-card 8", "Suited three-card 8", "Both hands 8 points",
          "Loses with 8", "Wins with 8")
AS_WRITTEN = ("As written the figures do not reproduce (the reading that reproduces them "
              "is in the description of the game): ")


def suited_three_card_8(hand):
    """The hand's three cards make 8 and are of one suit."""
    return (hand.cards == 3) & (hand.points == 8) & hand.hand.same_suit


def lucky_8(hand, *, reading: str = "as written", published: Published | None = None) -> Bet:
    """The Lucky 8 bet on ``hand``; ``reading="published"`` is the reading behind the
    published figures (see the module's docstring)."""
    other = banker if hand is player else player
    both = suited_three_card_8(player) & suited_three_card_8(banker)
    suited = suited_three_card_8(hand)
    both_eight = tie & (hand.points == 8)
    if reading == "published":
        suited = suited & (other.cards == 3)
        both_eight = both_eight & ~suited_three_card_8(player) & ~suited_three_card_8(banker)
    elif reading != "as written":
        raise ValueError(f"reading {reading!r}: 'as written' or 'published'")
    name = f"Lucky 8, {hand.side}" + (" (as the published figures read it)"
                                      if reading == "published" else "")
    return Bet(name, [
        Event(LABELS[0], both, 200),
        Event(LABELS[1], suited, 25),
        Event(LABELS[2], both_eight, 15),
        Event(LABELS[3], other.wins & (hand.points == 8), 8),
        Event(LABELS[4], hand.wins & (hand.points == 8), 4),
    ], published=published)


def player_figures(findings: dict[str, str] | None = None) -> Published:
    """The printed figures of the bet on the player, with the findings of the bet as
    written (the published reading reproduces them all, and needs none)."""
    return Published(SHEET, combinations=dict(zip(LABELS, (
        "38,708,182,784", "8,230,060,380,160", "53,649,934,949,376", "54,643,925,237,760",
        "548,824,514,488,320"))), player_net="-13.6508%", findings=findings or {})


def banker_figures(findings: dict[str, str] | None = None) -> Published:
    """The printed figure of the bet on the banker, as :func:`player_figures`."""
    return Published(SHEET, house_edge="16.60%", findings=findings or {})


BETS = [
    lucky_8(player, published=player_figures({
        "combinations: Suited three-card 8": AS_WRITTEN + "the published count leaves out "
        "the 3,532,917,806,592 coups where the banker stood (11,762,978,186,752 as written)",
        "combinations: Both hands 8 points": AS_WRITTEN + "the published count leaves out "
        "the 595,312,896,000 ties on 8 against a banker's suited three-card 8",
        "combinations: Wins with 8": AS_WRITTEN + "the published count adds the "
        "3,532,917,806,592 suited three-card 8s where the banker stood",
        "player net": AS_WRITTEN + "as written the return is -11.9759%; the published "
        "reading gives the printed -13.6508%"})),
    lucky_8(banker, published=banker_figures({
        "house edge": AS_WRITTEN + "as written the edge is 15.249%; the published reading "
        "gives 16.598%, the printed 16.60%"})),
]
