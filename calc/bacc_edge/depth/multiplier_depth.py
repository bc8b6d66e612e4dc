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

from ..analysis.card_counting import Count
from ..analysis.multiplier_counts import multiplier_counts
from ..analysis.multipliers import multiplier_bets, multiplier_report
from ..analysis.removal_effects import level_argument
from ..game.cards import RANKS
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
    values, _ = _valued_shoes(_paytable(path, shoes), shoes, deal or DealRules(), seed, ())
    return values


def _paytable(path, shoes):
    if isinstance(shoes, bool) or not isinstance(shoes, int) or not 1 <= shoes <= MOST_SHOES:
        raise OptionError(f"shoes {shoes!r} must be a whole number from 1 to {MOST_SHOES:,}")
    return as_paytable(path_argument(path, "path"))


def _valued_shoes(paytable, shoes: int, deal: DealRules, seed: int, counts: tuple):
    """(per shoe, per round, each bet's value; per shoe, the true count of each of
    ``counts`` before each round, as the depth run keeps it)."""
    bets = multiplier_bets(paytable)
    spec = prepare(paytable, options=DepthOptions(deal=deal, seed=seed, eor_count=False,
                                                  paytable_counts_too=False, counts=counts))
    rounds, start, _, true_count, _, cards = game(spec).deal_shoes(seed, 0, shoes,
                                                                  keep_cards=True)
    values, trues = [], []
    for s in range(shoes):
        dealt = int(rounds[s])
        unseen = unseen_by_round(cards[s], start[s], dealt) if dealt else ()
        values.append([{r.name: r.return_on_stake - 1
                        for r in multiplier_report(bets, _shoe(left), tableau=paytable.rules)}
                       for left in unseen])
        trues.append(true_count[s, :dealt])
    return values, trues


def _shoe(unseen) -> Shoe:
    """The shoe of 52 card counts (rank · 4 + suit)."""
    return Shoe.from_suits([[int(n) for n in unseen[4 * r:4 * r + 4]] for r in range(13)])


def multiplier_depth(path, shoes: int, *, deal: DealRules | None = None,
                     seed: int = 1) -> list[MultiplierDepth]:
    """The perfect player's figures per multiplier bet over the shoes
    :func:`round_values` deals and values (its arguments)."""
    return _figures(round_values(path, shoes, deal=deal, seed=seed), shoes)


def _figures(values: list, shoes: int) -> list[MultiplierDepth]:
    """The perfect player's figures from every round's values."""
    names = list(next((r for shoe in values for r in shoe), {}))
    out = []
    for name in names:
        evs = [r[name] for shoe in values for r in shoe]
        out.append(MultiplierDepth(name, shoes, len(evs), sum(1 for ev in evs if ev > 0),
                                   sum((ev for ev in evs if ev > 0), Fraction(0)),
                                   max(evs), -sum(evs, Fraction(0))))
    return out


@dataclass(frozen=True)
class MultiplierCountPlay:
    """A multiplier bet's best linear count played on the shoes dealt: its ``tags`` and
    ``trigger`` (the true count, running count per deck unseen, from which the bet
    favours the bettor at first order; None where no linear count helps, and then it
    never bets), the ``rounds`` dealt, the rounds it ``bet`` (one unit, the fee
    besides) and what it ``won``: the exact values of those rounds, summed."""

    bet: str
    shoes: int
    tags: dict[str, int] | None
    trigger: float | None
    rounds: int
    bet_rounds: int
    won: Fraction

    @property
    def win_per_shoe(self) -> Fraction:
        return self.won / self.shoes


def multiplier_count_study(path, shoes: int, *, deal: DealRules | None = None,
                           seed: int = 1, level: int = 3,
                           counts: dict | None = None) -> list[MultiplierCountPlay]:
    """Each multiplier bet's count played on the shoes :func:`round_values` deals (see
    :func:`depth_and_counts`, which gives the perfect player's figures too, from the
    same valuation)."""
    return depth_and_counts(path, shoes, deal=deal, seed=seed, level=level,
                            counts=counts)[1]


def depth_and_counts(path, shoes: int, *, deal: DealRules | None = None, seed: int = 1,
                     level: int = 3, counts: dict | None = None
                     ) -> tuple[list[MultiplierDepth], list[MultiplierCountPlay]]:
    """The perfect player's figures (:func:`multiplier_depth`'s) and each multiplier
    bet's count played on the same shoes, from one valuation of their rounds: the true
    count before each round as ``bacc-edge depth`` keeps it, the bet made when it
    reaches the trigger, every round bet valued exactly. The count is the bet's best
    linear count of ``level`` (:func:`~bacc_edge.analysis.multiplier_counts.
    multiplier_counts`, on a full shoe of ``deal``'s decks, triggered at its first-order
    break-even), or the :class:`~bacc_edge.analysis.card_counting.Count` that
    ``counts`` names for the bet (then no effects of removal are counted)."""
    level_argument(level)
    paytable, deal = _paytable(path, shoes), deal or DealRules()
    names = [b.name for b in multiplier_bets(paytable)]
    if counts is None:
        effects, linear = multiplier_counts(paytable, Shoe.decks(deal.decks), level)
        counts = {fx.bet.name: Count(f"{fx.bet.name} count",
                                     tuple(c.tags[r] for r in RANKS),
                                     c.positive_at_true_count)
                  for fx, c in zip(effects, linear)
                  if c is not None and c.positive_at_true_count is not None}
    unknown = set(counts) - set(names)
    if unknown or not all(isinstance(c, Count) for c in counts.values()):
        raise OptionError(f"counts {counts!r}: a Count for each of some of the bets "
                          f"{', '.join(map(repr, names))}")
    values, trues = _valued_shoes(paytable, shoes, deal, seed, tuple(counts.values()))
    rounds = sum(len(v) for v in values)
    out = []
    for name in names:
        if name not in counts:
            out.append(MultiplierCountPlay(name, shoes, None, None, rounds, 0, Fraction(0)))
            continue
        count, c = counts[name], list(counts).index(name)
        taken = [v[r][name] for v, tc in zip(values, trues) for r in range(len(v))
                 if tc[r, c] >= count.trigger]
        out.append(MultiplierCountPlay(name, shoes, dict(zip(RANKS, count.tags)),
                                       count.trigger, rounds, len(taken),
                                       sum(taken, Fraction(0))))
    return _figures(values, shoes), out


__all__ = ["MOST_SHOES", "MultiplierCountPlay", "MultiplierDepth", "depth_and_counts",
           "multiplier_count_study", "multiplier_depth", "round_values"]
