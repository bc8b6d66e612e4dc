"""Shoe shopping, its shoes dealt and valued (depth/; written in output/).

Shoe shopping: what a shoe is worth by the card its dealer shows first, the card that
decides the burn, so that a player can choose which shoes (which tables) to play.

A shoe's first card is shown, then as many more burned unseen as its value (10 for tens
and court cards, :func:`~bacc_edge.game.dealing.burn_count`). Per rank that card may
be (its chance is its share of the shoe):

* the first coup, exactly: it is dealt from the shoe less the shown card (the burned
  cards are unseen, so by symmetry they change nothing in expectation); so is every
  later coup, before a card of it has been seen;
* the whole shoe, dealt as :mod:`bacc_edge.depth.shoes` deals it (shoe i shuffled from
  (seed, i), the cut card, the end-of-shoe rule), the shoes grouped by their first
  card: per shoe, the rounds dealt (the burn takes some), what a flat bettor expects
  (one unit on the bet every round the table takes it: the sum of the bet's exact value
  on the cards unseen, round by round) and what the perfect player wins (one unit
  exactly where that value favours the player), each a mean with its 95% interval
  (:func:`~bacc_edge.analysis.intervals.mean_interval`).

Every round is valued exactly as the depth analysis values it
(:meth:`~bacc_edge.depth.shoes.RoundValues.moments_each`), on the run's own definition
(:func:`~bacc_edge.depth.options.prepare`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Sequence

import numpy as np

from ..analysis.bet_report import Tables, report
from ..analysis.intervals import Interval, mean_interval
from ..errors import ArgumentError, OptionError, kind_of
from ..game.cards import RANKS, SUITS_PER_RANK
from ..game.dealing import burn_count
from ..game.shoe import Shoe
from ..util.arguments import callable_argument
from ..util.progress import Progress, Steps
from .options import MAX_EXACT_DECKS, DepthOptions, prepare
from .run import MAX_DEPTH_SHOES
from .shoes import DealRules, DepthSpec, game, unseen_by_round

#: Shoes dealt and valued at a time.
SHOPPING_BATCH = 20


@dataclass(frozen=True)
class FirstCard:
    """Shoes whose shown first card is of ``rank`` (None: every shoe): the rank's cards
    and chance, the cards it burns, each bet's exact value per unit on the first coup
    (``first_coup``), and from the shoes dealt with it (``shoes`` of them): the rounds a
    shoe deals, and per bet what a flat bettor and the perfect player gain a shoe, in
    units, with 95% intervals."""

    rank: str | None
    cards: int
    probability: Fraction
    burn: int | None
    first_coup: tuple[Fraction, ...]
    shoes: int
    rounds_per_shoe: float | None
    flat_per_shoe: tuple[Interval | None, ...]
    perfect_per_shoe: tuple[Interval | None, ...]


@dataclass(frozen=True)
class ShoeShopping:
    """What each first card makes a shoe worth (``ranks``, in rank order, the ranks the
    shoe holds) and every shoe together (``every_shoe``), for ``bets``, dealt by
    ``spec``'s rules from ``shoes`` shoes."""

    spec: DepthSpec
    shoes: int
    bets: tuple[str, ...]
    ranks: tuple[FirstCard, ...]
    every_shoe: FirstCard


def shoe_shopping(paytable, bets: Sequence[str] | None = None, *,
                  deal: DealRules = DealRules(), shoes: int = 2000, seed: int = 1,
                  on_progress: Progress | None = None) -> ShoeShopping:
    """What a shoe is worth by its shown first card (see the module's text), for the
    bets of ``paytable`` (a paytable file, or a paytable loaded from one) named in
    ``bets`` (None: every bet), dealt by ``deal`` (decks, cut card, end rule); ``shoes``
    shoes shuffled from ``seed``. ``on_progress(done, total)`` hears of the run checked,
    each batch of shoes dealt and valued, and each first card's first coup counted."""
    callable_argument(on_progress)
    if isinstance(shoes, bool) or not isinstance(shoes, int) or not 1 <= shoes <= MAX_DEPTH_SHOES:
        raise OptionError(f"shoes {shoes!r} must be a whole number from 1 to "
                          f"{MAX_DEPTH_SHOES:,}")
    if not isinstance(deal, DealRules):
        raise ArgumentError(f"deal {kind_of(deal)} must be DealRules, e.g. DealRules(decks=8)")
    if deal.decks > MAX_EXACT_DECKS:
        raise OptionError(f"decks {deal.decks}: shoe shopping values every round exactly, on "
                          f"at most {MAX_EXACT_DECKS} decks")
    full = Shoe.decks(deal.decks)
    held = [r for r in range(len(RANKS)) if full.ranks[r]]
    step = Steps(on_progress, 1 + -(-shoes // SHOPPING_BATCH) + len(held) + 1)
    spec = prepare(paytable, options=DepthOptions(bet_names=bets, deal=deal, seed=seed,
                                                  eor_count=False, paytable_counts_too=False))
    step()
    cutoffs = [c if c is not None else deal.rounds_bound for c in spec.cutoffs]
    first, rounds, flat, perfect = _deal(spec, shoes, cutoffs, step)
    selected = spec.paytable()
    tables = Tables()
    rows = []
    for r in held:
        less = report(selected, full.remove(RANKS[r]), full_shoe=full, tables=tables)
        rows.append(first_card_row(RANKS[r], full.ranks[r], Fraction(full.ranks[r], full.cards),
                         burn_count(r * SUITS_PER_RANK), tuple(b.ev for b in less),
                         first == r, rounds, flat, perfect, seed))
        step()
    everything = report(selected, full, tables=tables)
    every = first_card_row(None, full.cards, Fraction(1), None, tuple(b.ev for b in everything),
                 np.ones(shoes, dtype=bool), rounds, flat, perfect, seed)
    step()
    return ShoeShopping(spec, shoes, spec.bets, tuple(rows), every)


def _deal(spec: DepthSpec, shoes: int, cutoffs: list[int], step: Steps):
    """Deal shoes 0 … shoes - 1 as the depth analysis deals them (a step of progress a
    batch); per shoe its first card's rank and rounds, and per shoe and bet the sum of
    the bet's exact values over the rounds it is open (the flat bettor) and of those
    that favour the player (the perfect player), each sum rounded once (:func:`_sums`)."""
    g = game(spec)
    n_bets = len(spec.bets)
    first = np.zeros(shoes, dtype=np.int64)
    rounds = np.zeros(shoes, dtype=np.int64)
    flat = np.zeros((shoes, n_bets))
    perfect = np.zeros((shoes, n_bets))
    open_until = np.array(cutoffs, dtype=np.int64)
    for start in range(0, shoes, SHOPPING_BATCH):
        count = min(SHOPPING_BATCH, shoes - start)
        dealt, begins, _, _, _, cards = g.deal_shoes(spec.seed, start, count, keep_cards=True)
        unseen = [unseen_by_round(cards[s], begins[s], int(dealt[s])) for s in range(count)]
        values = g.values.moments_each(np.concatenate(unseen))[0]
        at = 0
        for s in range(count):
            n = int(dealt[s])
            ev = values[at:at + n]
            at += n
            open_ = np.arange(1, n + 1)[:, None] <= open_until[None, :]
            flat[start + s] = _sums(np.where(open_, ev, 0.0))
            perfect[start + s] = _sums(np.where(open_ & (ev > 0), ev, 0.0))
        first[start:start + count] = cards[:count, 0] // SUITS_PER_RANK
        rounds[start:start + count] = dealt
        step()
    return first, rounds, flat, perfect


def _sums(values: np.ndarray) -> np.ndarray:
    """The sums of ``values``' columns, each the float nearest the exact sum of its
    terms (:func:`math.fsum`): the same whatever order the terms come in, so that a
    group's figure never depends on which shoes were dealt first."""
    return np.array([math.fsum(column) for column in values.T.tolist()])


def first_card_row(rank, cards, probability, burn, first_coup, chosen, rounds, flat, perfect,
         seed) -> FirstCard:
    """The row of the shoes ``chosen`` (a mask over the shoes dealt; ``rank`` the first
    card they show, None for every shoe): their number, mean rounds, and per bet the
    flat bettor's and the perfect player's mean gain per shoe with its 95% interval
    (None where no shoe was chosen), a perfect player's bounded below by 0."""
    n = int(chosen.sum())

    def mean(values: np.ndarray, bounds) -> Interval | None:
        if n == 0:
            return None
        total, total_sq = _sums(np.stack([values, values ** 2], axis=1))
        return mean_interval(values, n=n, total=float(total), total_sq=float(total_sq),
                             bounds=bounds, seed=seed)

    return FirstCard(rank, cards, probability, burn, first_coup, n,
                     int(rounds[chosen].sum()) / n if n else None,
                     tuple(mean(flat[chosen, b], (None, None)) for b in range(flat.shape[1])),
                     tuple(mean(perfect[chosen, b], (0.0, None))
                           for b in range(perfect.shape[1])))


__all__ = ["FirstCard", "SHOPPING_BATCH", "ShoeShopping", "first_card_row", "shoe_shopping"]
