"""The perfect player on a multiplier game's bets, as the shoe runs down: the shoes
``bacc-edge depth`` deals, each round valued exactly on the cards the players have not
seen.

A multiplier bet's value on a part-dealt shoe depends on the suits of the cards left
(how likely the paid cards repeat an identity), which the depth run's kernels, built
for bets on points and ranks, do not read; so each round is valued here by the
multiplier report itself (:func:`~bacc_edge.analysis.multipliers.multiplier_report`,
exact on any shoe whose suits are known), on the very shoes the depth run deals for the
file's plain bets (same seed, same shoe i: :meth:`~bacc_edge.depth.shoes.Game.deal_shoes`),
the cards unseen before each coup as :func:`~bacc_edge.depth.shoes.unseen_by_round`
gives them (the shown first card seen, burned cards unseen). The perfect player bets
one unit, the fee besides, exactly when a bet's expected win per unit staked (the fee a
loss) is above 0. Each round takes a multiplier report's time (about a second for five
bets on 8 decks), so a run is of few shoes.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..analysis.multipliers import multiplier_bets, multiplier_report
from ..errors import OptionError
from ..game.dealing import DealRules
from ..game.shoe import Shoe
from ..language.loader import as_paytable
from ..util.arguments import path_argument
from .options import DepthOptions, prepare
from .shoes import game, unseen_by_round

#: The most shoes a run values: each round is a full multiplier report.
MOST_SHOES = 10_000


@dataclass(frozen=True)
class MultiplierDepth:
    """One multiplier bet over the shoes dealt: ``rounds`` valued, ``favourable`` of
    them with the bettor's edge, ``won`` the perfect player's expected win (the sum of
    every favourable round's value per unit staked, the fee a loss), ``best`` the best
    value a round had, ``edge_sum`` the house edges summed over every round (for the
    mean edge by round)."""

    bet: str
    shoes: int
    rounds: int
    favourable: int
    won: Fraction
    best: Fraction
    edge_sum: Fraction

    @property
    def win_per_shoe(self) -> Fraction:
        return self.won / self.shoes

    @property
    def mean_edge(self) -> Fraction:
        """The house edge per unit staked (the fee included), averaged over the rounds."""
        return self.edge_sum / self.rounds if self.rounds else Fraction(0)


def round_values(path, shoes: int, *, deal: DealRules | None = None,
                 seed: int = 1) -> list[list[dict[str, Fraction]]]:
    """Deal ``shoes`` shoes of the multiplier file at ``path`` by ``deal`` (8 decks, cut
    card 14 cards from the end by default) from ``seed``, as ``bacc-edge depth`` deals
    them for the file's plain bets, and value each multiplier bet before every coup on
    the cards unseen: per shoe, per round, each bet's expected win per unit staked (the
    fee a loss), exact."""
    if isinstance(shoes, bool) or not isinstance(shoes, int) or not 1 <= shoes <= MOST_SHOES:
        raise OptionError(f"shoes {shoes!r} must be a whole number from 1 to {MOST_SHOES:,}")
    paytable = as_paytable(path_argument(path, "path"))
    bets = multiplier_bets(paytable)
    spec = prepare(paytable, options=DepthOptions(deal=deal or DealRules(), seed=seed,
                                                  eor_count=False,
                                                  paytable_counts_too=False))
    rounds, start, _, _, _, cards = game(spec).deal_shoes(seed, 0, shoes, keep_cards=True)
    out = []
    for s in range(shoes):
        dealt = int(rounds[s])
        unseen = unseen_by_round(cards[s], start[s], dealt) if dealt else ()
        out.append([{r.name: r.return_on_stake - 1
                     for r in multiplier_report(bets, _shoe(left), tableau=paytable.rules)}
                    for left in unseen])
    return out


def _shoe(unseen) -> Shoe:
    """The shoe of 52 card counts (rank · 4 + suit)."""
    return Shoe.from_suits([[int(n) for n in unseen[4 * r:4 * r + 4]] for r in range(13)])


def multiplier_depth(path, shoes: int, *, deal: DealRules | None = None,
                     seed: int = 1) -> list[MultiplierDepth]:
    """The perfect player's figures per multiplier bet over the shoes
    :func:`round_values` deals and values (its arguments)."""
    values = round_values(path, shoes, deal=deal, seed=seed)
    names = list(next((r for shoe in values for r in shoe), {}))
    out = []
    for name in names:
        evs = [r[name] for shoe in values for r in shoe]
        out.append(MultiplierDepth(name, shoes, len(evs), sum(1 for ev in evs if ev > 0),
                                   sum((ev for ev in evs if ev > 0), Fraction(0)),
                                   max(evs), -sum(evs, Fraction(0))))
    return out


__all__ = ["MOST_SHOES", "MultiplierDepth", "multiplier_depth", "round_values"]
