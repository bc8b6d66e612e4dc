"""Can a multiplier game's bet be counted? Its effects of removal and the linear count
built from them, in the plain bets' own terms.

:func:`~bacc_edge.analysis.multipliers.multiplier_effects` gives each identity's exact
effect on the return on stake and fee. The fee is a fixed share of the stake, so the
effect on the expected win per unit staked (the fee counted as a loss of the stake's,
as the plain bets' effects are stated) is that effect times (1 + fee); a rank's effect
is its suits' effects averaged over the cards of each the shoe holds (what removing an
unseen card of that rank does). The result is a
:class:`~bacc_edge.analysis.removal_effects.RemovalEffects`, so the plain bets' count
(:func:`~bacc_edge.analysis.removal_effects.linear_count`) and writers read it as they
read any bet's.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from ..game.cards import RANKS, card_name
from ..game.shoe import Shoe
from ..game.tableau import Tableau
from .removal_effects import LinearCount, RemovalEffects, level_argument, linear_count
from .multipliers import multiplier_effects, multiplier_exposures


def multiplier_removal_effects(source, shoe: Shoe | None = None, *,
                               tableau: Tableau | None = None) -> list[RemovalEffects]:
    """Each multiplier bet of ``source`` (as :func:`~bacc_edge.analysis.multipliers.
    multiplier_report` reads it; ``shoe`` 8 decks by default): its expected win per unit
    staked, the fee included (``ev``: :attr:`~bacc_edge.analysis.multipliers.
    MultiplierResult.ev` less the fee), and the exact change in it when one card of each
    rank, and of each rank and suit, leaves the shoe (per unit staked:
    :func:`~bacc_edge.analysis.multipliers.multiplier_effects` times (1 + fee)). The
    effects' ``bet`` is the bet before the overlay (its events), named as the multiplier
    bet is."""
    seen = multiplier_exposures(source, shoe, tableau=tableau)
    by_card = multiplier_effects(source, seen[0].shoe, tableau=tableau)
    return [_effects(one, by_card[one.bet.name]) for one in seen]


def _effects(seen, changes: dict[str, Fraction]) -> RemovalEffects:
    bet, shoe = seen.bet, seen.shoe
    result = seen.valued()
    by_card = {card: change * (1 + bet.fee) for card, change in changes.items()}
    by_rank = {}
    for r, row in enumerate(shoe.suits):
        held = [(n, card_name(r, s)) for s, n in enumerate(row) if n]
        if held:
            by_rank[RANKS[r]] = (sum((n * by_card[card] for n, card in held), Fraction(0))
                                 / sum(n for n, _ in held))
    return RemovalEffects(replace(bet.base, name=bet.name), shoe,
                          result.return_on_stake - 1, by_rank, by_card, seen.tableau)


def multiplier_counts(source, shoe: Shoe | None = None, level: int = 3, *,
                      tableau: Tableau | None = None
                      ) -> tuple[list[RemovalEffects], list[LinearCount | None]]:
    """The effects of removal of every multiplier bet of ``source`` on ``shoe``, and
    beside each the best linear count of ``level`` built from them (None where no count
    helps), as ``bacc-edge eor`` gives them for plain bets. A bad ``level`` is refused
    before any counting."""
    level_argument(level)
    effects = multiplier_removal_effects(source, shoe, tableau=tableau)
    return effects, [linear_count(fx, level) for fx in effects]


__all__ = ["multiplier_counts", "multiplier_removal_effects"]
