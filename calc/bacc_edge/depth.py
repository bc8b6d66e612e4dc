"""Shoe-depth analysis: deal real shoes and value every bet exactly before each coup.

A shoe is shuffled, the first card is shown and burned with as many more as its value
(10 and court cards: 10), the cut card is placed ``cut`` cards from the end, and coups
are dealt until the coup that brings out the cut card is finished. Before every coup
each bet is valued exactly on the cards the players have not seen (burned cards are
unseen), so a player who bets only when the bet favours them gains exactly the sum of
those values: the upper bound. A counting player bets when the true count of the bet's
own count reaches the count's estimated break-even.

Shoes are numbered; shoe i is shuffled by a generator seeded from (seed, i), so a run
split into batches, spread over workers or resumed gives the same shoes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

import numpy as np

from .cards import POINTS, hand_total
from .errors import OptionError
from .evaluator import Evaluator
from .loader import Paytable, load_paytable_source
from .outcomes import Enumerator, needs_python_integers
from .paytable import Bet
from .rules import STANDARD, Tableau

#: Rounds tracked per shoe; an 8-deck shoe deals about 80.
MAX_ROUNDS = 200


class RoundValues:
    """Every bet's expected value per unit on the cards left, from one enumeration per
    round: the bets compiled once (:class:`~bacc_edge.evaluator.Evaluator`), each
    round's count summed straight into their settle classes.

    ``cards`` is the most cards a shoe will hold, which decides whether counts need
    Python integers.
    """

    def __init__(self, bets: Sequence[Bet], tableau: Tableau = STANDARD, *, cards: int = 416):
        self.tableau = tableau
        self.evaluator = Evaluator.of(bets, tableau=tableau)
        python_ints = needs_python_integers(cards)
        self.enumerator = Enumerator(self.evaluator.layout, big=python_ints)
        self.totals = self.evaluator.new_totals(python_ints)

    def evs(self, unseen: np.ndarray) -> np.ndarray:
        """Expected value per unit of every bet, on a shoe of 52 card counts (rank·4 +
        suit). Floats from exact counts; signs near zero are settled exactly."""
        totals = self.enumerator.class_totals(unseen, self.evaluator.cell_class, self.totals)
        return self.evaluator.float_evs(totals)


def coup_length(cards: np.ndarray, pos: int, tableau: Tableau = STANDARD) -> int:
    """How many cards the coup starting at ``cards[pos]`` takes, by the tableau."""
    p = [POINTS[c // 4] for c in cards[pos:pos + 6].tolist()]
    pt, bt = hand_total(p[0], p[2]), hand_total(p[1], p[3])
    if tableau.natural(pt) or tableau.natural(bt):
        return 4
    if tableau.player_draws(pt):
        return 6 if tableau.banker_draws(bt, p[4]) else 5
    return 5 if tableau.banker_draws(bt, None) else 4


def burn_count(card: int) -> int:
    """Cards burned after the shown first card: its value, 10 for tens and court cards."""
    return POINTS[card // 4] or 10


#: Cards a shoe must hold before its cut card: the shown card, the largest burn, a coup.
BEFORE_CUT = 1 + 10 + 6


@dataclass(frozen=True)
class DealRules:
    """How the table deals a shoe."""

    decks: int = 8
    cut: int = 14  # cards behind the cut card

    def __post_init__(self):
        if not isinstance(self.decks, int) or self.decks < 1:
            raise OptionError(f"decks {self.decks!r} must be a whole number from 1")
        most = 52 * self.decks - BEFORE_CUT
        if not 0 <= self.cut <= most:
            raise OptionError(f"cut card {self.cut} cards from the end does not fit a "
                             f"{self.decks}-deck shoe (0 to {most})")


def shoe_rng(seed: int, shoe: int) -> np.random.Generator:
    return np.random.default_rng(np.random.SeedSequence([seed, shoe]))


def play_shoe(rng: np.random.Generator, deal: DealRules, values: RoundValues,
              tags: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Deal one shoe; returns, per round, every bet's exact EV before the coup and its
    count's true count (running count per 52 unseen cards), each rounds × bets."""
    cards = rng.permutation(np.repeat(np.arange(52), deal.decks))
    unseen = np.full(52, deal.decks, dtype=np.int64)
    first = int(cards[0])
    unseen[first] -= 1
    running = tags[:, first // 4].astype(float)
    pos = 1 + burn_count(first)
    cut_at = len(cards) - deal.cut
    evs, tcs = [], []
    while len(cards) - pos >= 6 and len(evs) < MAX_ROUNDS:
        evs.append(values.evs(unseen))
        tcs.append(running * 52 / unseen.sum())
        n = coup_length(cards, pos, values.tableau)
        dealt = cards[pos:pos + n]
        np.subtract.at(unseen, dealt, 1)
        running += tags[:, dealt // 4].sum(axis=1)
        pos += n
        if pos > cut_at:
            break
    return np.array(evs), np.array(tcs)


@dataclass(frozen=True)
class DepthSpec:
    """Everything a worker needs to deal and value a batch of shoes."""

    source: str
    filename: str
    bets: tuple[str, ...]
    deal: DealRules
    seed: int
    tags: tuple[tuple[int, ...], ...]      # per bet, 13 count tags (zeros: no count)
    thresholds: tuple[float | None, ...]   # per bet, true count from which the counter bets
    cutoffs: tuple[int | None, ...]        # per bet, last round the table accepts it
    tableau: Tableau = STANDARD            # the paytable's drawing rules

    def paytable(self) -> Paytable:
        """The paytable cut down to the run's bets, loaded from the source sent along."""
        return load_paytable_source(self.source, self.filename).select(self.bets)

    def round_values(self) -> RoundValues:
        """The run's bets compiled for valuing every round of its shoes."""
        return RoundValues(self.paytable().bets, self.tableau, cards=52 * self.deal.decks)


@dataclass
class Tally:
    """Sums over shoes: per bet and round, and per shoe the four players' gains."""

    n_bets: int
    rounds: np.ndarray = field(default=None)        # shoes that reached round r
    ev_sum: np.ndarray = field(default=None)        # bets × rounds: sum of EVs
    favourable: np.ndarray = field(default=None)    # bets × rounds: rounds with EV > 0
    # shoes × bets × 4 players: perfect, perfect within the cutoff, counter, counter
    # within the cutoff
    gains: np.ndarray = field(default=None)
    bets_made: np.ndarray = field(default=None)     # shoes × bets × 4 players
    rounds_dealt: np.ndarray = field(default=None)  # shoes

    def __post_init__(self):
        if self.rounds is None:
            self.rounds = np.zeros(MAX_ROUNDS, dtype=np.int64)
            self.ev_sum = np.zeros((self.n_bets, MAX_ROUNDS))
            self.favourable = np.zeros((self.n_bets, MAX_ROUNDS), dtype=np.int64)
            self.gains = np.zeros((0, self.n_bets, 4))
            self.bets_made = np.zeros((0, self.n_bets, 4), dtype=np.int64)
            self.rounds_dealt = np.zeros(0, dtype=np.int64)

    def add_shoe(self, evs: np.ndarray, tcs: np.ndarray, spec: DepthSpec) -> None:
        k = len(evs)
        self.rounds[:k] += 1
        self.ev_sum[:, :k] += evs.T
        self.favourable[:, :k] += (evs.T > 0)
        round_no = np.arange(1, k + 1)
        gains = np.zeros((1, self.n_bets, 4))
        made = np.zeros((1, self.n_bets, 4), dtype=np.int64)
        for b in range(self.n_bets):
            open_ = round_no <= (spec.cutoffs[b] or MAX_ROUNDS)
            threshold = spec.thresholds[b]
            counted = tcs[:, b] >= threshold if threshold is not None else np.zeros(k, bool)
            for j, when in enumerate((evs[:, b] > 0, (evs[:, b] > 0) & open_, counted,
                                      counted & open_)):
                gains[0, b, j] = evs[when, b].sum()
                made[0, b, j] = when.sum()
        self.gains = np.concatenate([self.gains, gains])
        self.bets_made = np.concatenate([self.bets_made, made])
        self.rounds_dealt = np.append(self.rounds_dealt, k)

    def merge(self, other: "Tally") -> None:
        self.rounds += other.rounds
        self.ev_sum += other.ev_sum
        self.favourable += other.favourable
        self.gains = np.concatenate([self.gains, other.gains])
        self.bets_made = np.concatenate([self.bets_made, other.bets_made])
        self.rounds_dealt = np.concatenate([self.rounds_dealt, other.rounds_dealt])

    def arrays(self) -> dict[str, np.ndarray]:
        return {"rounds": self.rounds, "ev_sum": self.ev_sum, "favourable": self.favourable,
                "gains": self.gains, "bets_made": self.bets_made,
                "rounds_dealt": self.rounds_dealt}

    @classmethod
    def from_arrays(cls, arrays) -> "Tally":
        return cls(arrays["ev_sum"].shape[0], **{k: arrays[k] for k in (
            "rounds", "ev_sum", "favourable", "gains", "bets_made", "rounds_dealt")})


_VALUES_CACHE: dict[DepthSpec, RoundValues] = {}


def run_batch(spec: DepthSpec, first: int, count: int) -> dict[str, np.ndarray]:
    """Deal and value shoes ``first`` … ``first + count - 1``; returns the Tally's arrays.
    Runs on a worker: the paytable is compiled once per worker and spec."""
    if spec not in _VALUES_CACHE:
        _VALUES_CACHE[spec] = spec.round_values()
    values = _VALUES_CACHE[spec]
    tags = np.array(spec.tags, dtype=np.int64).reshape(len(spec.bets), 13)
    tally = Tally(len(spec.bets))
    for shoe in range(first, first + count):
        evs, tcs = play_shoe(shoe_rng(spec.seed, shoe), spec.deal, values, tags)
        tally.add_shoe(evs, tcs, spec)
    return tally.arrays()


__all__ = ["DealRules", "DepthSpec", "RoundValues", "Tally", "burn_count", "coup_length",
           "play_shoe", "run_batch", "shoe_rng"]
