"""Dragon Dragon Baccarat Progressive: a flat-stake bet on every card of the coup, its
top award a meter.

Rules (as the game's public sources state them; pays "for one": the stake is never
returned on top; 8 decks), paid once, on the highest line; the ranks of all the coup's
cards, both hands together:

| the coup's cards | pays |
| --- | --- |
| six of a kind | the jackpot (the meter), split among the bettors |
| five of a kind | 10% of the jackpot |
| two three of a kinds (six cards; the two may mix the hands) | 250 |
| four of a kind | 50 |
| three of a kind out of four cards (neither hand drew) | 25 |
| anything else | lose |

The meter's seed and the share of each stake it takes are the operator's; the source
prints neither. ``SEED`` and ``RATE`` below are placeholders, marked "(assumed)" in
every output (``report`` names the bet at the assumed seed): enter the meter with
``--meter``, and the operator's seed and rate with ``--meter-seed`` and ``--rate``.

Published (second-hand: the Wizard of Odds' Dragon Dragon page as mirrored at
https://jndiario.com/games/baccarat/side-bets/dragon-dragon/, "Last Updated: January 20,
2019", seen 2026-11-29), for $1 and $2 bets on 8 decks: six of a kind 5,872,124,160
coups, five of a kind 351,070,863,360, two three of a kinds 616,417,689,600, four of a
kind 12,273,961,559,040, three of a kind out of four cards 32,896,683,048,960, of
4,998,398,275,503,360; return 0.318146 + x + y (x, y: the two meter lines), i.e. the
fixed lines return 0.318146 of each unit staked.
"""

from fractions import Fraction

from bacc_edge import Bet, Event, Published, all_cards, cards_dealt, for_one
from bacc_edge.language.meters import Meter, MeterLine, Progressive

GAME = "Dragon Dragon"

#: placeholders (the source prints neither): the meter restarts at 10,000 stakes and
#: takes 20% of every stake
SEED, RATE = 10_000, "0.2"

LABELS = ("Six of a kind", "Five of a kind", "Two three of a kinds", "Four of a kind",
          "Three of a kind out of four cards")
PUBLISHED = Published(
    "Wizard of Odds, Dragon Dragon Baccarat Progressive (second-hand mirror)",
    combinations=dict(zip(LABELS, ("5,872,124,160", "351,070,863,360", "616,417,689,600",
                                   "12,273,961,559,040", "32,896,683,048,960"))))


def dragon_dragon(seed=SEED, *, published: Published | None = None,
                  name: str = "Dragon Dragon") -> Bet:
    """The bet, named ``name``, with its meter lines paying their value at ``seed``."""
    most = all_cards.most_of_a_rank
    return Bet(name, [
        Event(LABELS[0], most == 6, for_one(seed)),
        Event(LABELS[1], most == 5, for_one(Fraction(seed) / 10)),
        Event(LABELS[2], all_cards.rank_counts == (3, 3), for_one(250)),
        Event(LABELS[3], most == 4, for_one(50)),
        Event(LABELS[4], (most == 3) & (cards_dealt == 4), for_one(25)),
    ], published=published)


METERS = [Progressive(dragon_dragon(published=PUBLISHED),
                      (MeterLine(LABELS[0]), MeterLine(LABELS[1], "1/10", resets=False)),
                      Meter(SEED, RATE, assumed=True))]

#: the bet at the placeholder seed, for ``bacc-edge report`` (its published counts
#: checked), its name saying the seed is assumed
BETS = [dragon_dragon(name=f"Dragon Dragon (seed {SEED:,}, assumed)", published=PUBLISHED)]
