"""Shoe-depth analysis and count studies: deal real shoes, count them, and value the bets.

A shoe is dealt as :mod:`bacc_edge.game.dealing` says: shuffled, its first card shown and
burned with as many more as its value (10 and court cards: 10), the cut card placed
``cut`` cards from the end, and coups dealt until the end-of-shoe rule
(:class:`~bacc_edge.game.dealing.EndRule`) stops the shoe. Shoe i is
shuffled from (seed, i) by the numba kernel of :mod:`bacc_edge.engine.deal_kernels`, so a run
split into batches of any size, spread over workers or resumed deals the same shoes,
and the depth analysis and a count study deal the same shoe i.

The kernel deals, counts and settles every coup (what it paid each bet). On top:

* the *perfect player* bets one unit exactly when the bet favours them, valued
  exactly before every coup on the cards the players have not seen (burned cards are
  unseen): the upper bound, and the depth analysis proper;
* each *count player* bets one unit when their count reaches its trigger. What they
  win is measured by the coups' outcomes, or (``exact_bets``) by the bet's exact value
  at each round they bet, which has far less noise.

Each player also plays within the table's round cutoff (the last round a bet is open).
"""

from __future__ import annotations

import functools
import math
import threading
import time
from dataclasses import dataclass, replace
from enum import StrEnum
from fractions import Fraction
from typing import Sequence

import numpy as np

from ..engine import deal_kernels as K
from ..engine.cut_card_kernels import rounds_at_cuts as rounds_at_cuts_kernel
from ..engine.dealt_cells import card_settle
from ..game.cards import CARD_KINDS, CARDS_PER_DECK, POINT_VALUES, RANKS, SUITS_PER_RANK
from ..analysis.card_counting import Count, DeckRounding, DepthBy, Divisor, TriggerOn
from ..analysis.table_rules import WithMainBet
from ..game.coup import coup_plan
from ..game.dealing import BEFORE_CUT, DealRules, EndRule, burn_count, deal_plan
from ..errors import BaccEdgeError
from ..analysis.bet_report import layouts
from ..analysis.evaluator import Evaluator, Layout, bet_features, layout_for
from ..engine.card_batch import CardBatch
from .card_totals import card_class_totals, class_values
from .screen import ScreenedValues
from ..language.loader import Paytable, load_paytable
from ..engine.features import PAIR_FEATURES
from ..engine.outcome_table import needs_python_integers
from ..engine.point_table import CellLayout, Enumerator, PairLayout
from ..language.bet import Bet
from ..game.shoe import Shoe
from ..game.tableau import STANDARD, Tableau

def card_bets(bets: Sequence[Bet], tableau: Tableau = STANDARD) -> list[int]:
    """The places of the bets on the cards themselves (counted on card-level cells)."""
    return [i for i, b in enumerate(bets) if layout_for([b], tableau).reads_cards]


class RoundValues:
    """Every bet's expected value per unit on the cards left, from one enumeration per
    round and layout: the bets compiled once
    (:class:`~bacc_edge.analysis.evaluator.Evaluator`), each round's count summed straight
    into their settle classes.

    The bets that read only the hands' pairs are valued on the pair states alone
    (:class:`~bacc_edge.engine.point_table.PairLayout`), the other bets on points on the
    coarsest layout that answers them: a suited pair bet does not make every round
    count suits. A bet on the cards themselves is counted on its card-level cells
    (:meth:`~bacc_edge.engine.outcome_table.Layout.table`) on each round's cards left, bets
    sharing a layout counted once, as :func:`~bacc_edge.analysis.bet_report.report`
    groups them. :attr:`evaluator` holds every bet on points (:attr:`on_points`, their
    places) on one layout, to settle dealt coups with; None when every bet is on the
    cards. ``cards`` is the most cards a shoe will hold, which decides whether counts
    need Python integers (bets on the cards are counted in int64 only: up to 1,448
    cards, as :func:`~bacc_edge.engine.card_table.card_table` says).
    """

    def __init__(self, bets: Sequence[Bet], tableau: Tableau = STANDARD, *,
                 cards: int = 8 * CARDS_PER_DECK):
        self.tableau = tableau
        self.bets = tuple(bets)
        python_ints = needs_python_integers(cards)
        carded = card_bets(self.bets, tableau)
        self.on_points = np.array([i for i in range(len(self.bets)) if i not in carded],
                                  dtype=np.int64)
        points = [self.bets[i] for i in self.on_points]
        self.evaluator = Evaluator.of(points, tableau=tableau) if points else None
        on_pairs = [i for i in self.on_points if bet_features(self.bets[i]) <= PAIR_FEATURES]
        rest = [i for i in self.on_points if i not in on_pairs]
        parts = []
        if on_pairs:
            paired = [self.bets[i] for i in on_pairs]
            parts.append((on_pairs, Evaluator(paired, PairLayout(
                any(b.needs_suits for b in paired), tableau))))
        if rest:
            parts.append((rest, self.evaluator if not on_pairs else
                          Evaluator.of([self.bets[i] for i in rest], tableau=tableau)))
        #: (the bets' places, their evaluator, its enumerator) per layout of bets on points
        self._parts = [(np.array(places), evaluator,
                        Enumerator(evaluator.layout, big=python_ints))
                       for places, evaluator in parts]
        #: per card layout, its bets' places, their evaluator and its batch
        self.card_parts = []
        for layout, chosen in layouts([self.bets[i] for i in carded], tableau).items():
            evaluator = Evaluator([self.bets[carded[j]] for j in chosen], layout)
            self.card_parts.append(CardPart(np.array([carded[j] for j in chosen]),
                                            evaluator, CardBatch(evaluator, Evaluator)))

    @property
    def card_layouts(self) -> list[tuple[tuple[str, ...], Layout]]:
        """Per card layout, the names of the bets counted on it, and the layout."""
        return [(tuple(b.name for b in evaluator.bets), evaluator.layout)
                for _, evaluator, _ in self.card_parts]

    def evs(self, unseen: np.ndarray) -> np.ndarray:
        """Expected value per unit of every bet, on a shoe of 52 card counts (rank·4 +
        suit). Floats from exact counts; signs near zero are settled exactly."""
        return self.moments(unseen)[0]

    def moments(self, unseen: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Every bet's expected value and expected squared result per unit."""
        evs, squares = self.moments_each(unseen[None, :])
        return evs[0], squares[0]

    def moments_each(self, unseen: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """:meth:`moments` of many shoes, one per row of 52 card counts: (values,
        squares), a row each. The shoes are counted in one kernel call per layout
        (:class:`~bacc_edge.engine.card_batch.CardBatch` for card layouts; one count per
        shoe where it cannot count them in int64, whose errors then say why); a value
        near zero gets its sign from :meth:`Evaluator.float_evs`."""
        evs, squares = self.point_moments_each(unseen)
        for places, evaluator, batch in self.card_parts:
            if len(unseen):
                evs[:, places], squares[:, places] = class_values(
                    evaluator, card_class_totals(evaluator, batch, unseen))
        return evs, squares

    def point_moments_each(self, unseen: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """:meth:`moments_each` of the bets on points and pairs alone; the columns of
        the bets on the cards are NaN."""
        evs = np.full((len(unseen), len(self.bets)), np.nan)
        squares = np.full_like(evs, np.nan)
        for places, evaluator, enumerator in self._parts:
            totals = enumerator.class_totals_each(
                unseen, evaluator.cell_class,
                np.zeros((len(unseen), evaluator.n_classes), dtype=enumerator.dtype))
            evs[:, places], squares[:, places] = class_values(evaluator, totals)
        return evs, squares

    @property
    def first_cards_only(self) -> bool:
        """Whether every card layout is counted on the first cards' multisets alone
        (:func:`~bacc_edge.engine.card_batch.first_cards_plan`): milliseconds a shoe."""
        return all(batch.plan is not None for _, _, batch in self.card_parts)

    def seconds_per_round(self, unseen: np.ndarray) -> list[tuple[tuple[str, ...], float]]:
        """Per card layout (its bets' names), the seconds a round's count takes, timed as
        :meth:`moments_each` counts a shoe's rounds: all the rows of 52 card counts
        ``unseen`` (different shoes, none counted before: a count kept from an earlier
        call would time nothing) in one go, divided by the rows. Call once first on
        other rows: a layout's first count includes its one-off set-up."""
        out = []
        for _, evaluator, batch in self.card_parts:
            start = time.perf_counter()
            if batch.class_totals_each(unseen) is None:
                for row in unseen:
                    evaluator.layout.table(Shoe.from_suits(
                        row.reshape(len(RANKS), SUITS_PER_RANK).tolist(),
                        label="the cards left"))
            out.append((tuple(b.name for b in evaluator.bets),
                        (time.perf_counter() - start) / len(unseen)))
        return out


@dataclass(frozen=True)
class CardPart:
    """The bets of a run counted on one card layout: their places among the run's bets,
    their :class:`~bacc_edge.analysis.evaluator.Evaluator` and its
    :class:`~bacc_edge.engine.card_batch.CardBatch`."""

    places: np.ndarray
    evaluator: Evaluator
    batch: CardBatch

    def __iter__(self):
        return iter((self.places, self.evaluator, self.batch))


@dataclass(frozen=True)
class Player:
    """Who bets, on which bet: the perfect player (``count`` None) or the count at
    index ``count`` of the run; within the table's cutoff (``cutoff``, the last round
    the bet is open) or with none. ``follows``: the player (an index of the run's
    players) beside whose side bet this one places the main bet the table demands
    (:class:`~bacc_edge.analysis.table_rules.WithMainBet`), on the same rounds."""

    bet: int
    count: int | None
    cutoff: int | None
    follows: int | None = None


class GroupKind(StrEnum):
    """What a group of players added up round by round stands for."""

    #: a side bet and the main bet the table demands beside it
    WITH_MAIN = "with the main bet"
    #: one count's bets on several bets of the run
    COUNT = "every bet of the count"
    #: one player of a team: the bets of the counts they play
    TEAM_PLAYER = "team player"
    #: a whole team
    TEAM = "team"


@dataclass(frozen=True)
class Group:
    """Players whose wins are added up round by round and reported as one: ``members``
    (indices of the run's players), named ``name``; ``bet`` the side bet of a
    :attr:`GroupKind.WITH_MAIN` group, ``team`` the team of a team's groups."""

    name: str
    kind: GroupKind
    members: tuple[int, ...]
    bet: int | None = None
    team: str | None = None

    def describe(self) -> dict:
        return {"name": self.name, "kind": self.kind.value, "members": list(self.members),
                "bet": self.bet, "team": self.team}


#: The paytables of this process's last few runs, by their text and file name: each
#: loaded once (:func:`keep_run_paytable`).
_LOADED: dict[tuple[str, str], Paytable] = {}
#: Held while :data:`_LOADED` changes (the live page defines runs on several threads).
_LOADED_LOCK = threading.Lock()
#: How many runs' paytables a process keeps.
KEPT_RUNS = 4


def keep_run_paytable(paytable: Paytable) -> Paytable:
    """Keep ``paytable`` (loaded from a file) as the one its runs read, so that the
    process that defines a run never runs the file's code again: :func:`run_paytable`
    loads the text sent along only in a process that has not loaded it (a worker).
    Returns it; the oldest of more than :data:`KEPT_RUNS` is let go. A paytable cut
    down to some of its bets (:meth:`~bacc_edge.language.loader.Paytable.select`) is not
    kept: another run of the same file may choose others."""
    if paytable.source is None or paytable.bets != tuple(paytable.defined.get("BETS", ())):
        return paytable
    key = (paytable.source, str(paytable.path))
    with _LOADED_LOCK:
        _LOADED.pop(key, None)
        _LOADED[key] = paytable
        while len(_LOADED) > KEPT_RUNS:
            del _LOADED[next(iter(_LOADED))]
    return paytable


@functools.lru_cache(maxsize=KEPT_RUNS)
def run_paytable(source: str, filename: str, bets: tuple[str, ...],
                 with_main: WithMainBet | None) -> Paytable:
    """A run's paytable (:meth:`DepthSpec.paytable`): the one this process loaded
    (:func:`keep_run_paytable`), else its text loaded once, cut down to ``bets``, kept
    for the last few runs. The run's definition, its game and its summary each ask for
    it, and bets on the cards compiled on new :class:`~bacc_edge.language.bet.Bet`
    objects would have their cells chosen and settled again (a twentieth of a second for
    Lucky Nines), for the same bets."""
    loaded = _LOADED.get((source, filename))
    if loaded is None:
        loaded = keep_run_paytable(load_paytable(filename, text=source))
    if with_main is None:
        return loaded.select(bets)
    side = loaded.select(bets[:-1])
    return replace(side, bets=(*side.bets, with_main.bet()), figures=())


@functools.lru_cache(maxsize=KEPT_RUNS)
def run_round_values(source: str, filename: str, bets: tuple[str, ...],
                     with_main: WithMainBet | None, tableau: Tableau, cards: int) -> RoundValues:
    """A run's bets compiled for valuing rounds (:meth:`DepthSpec.round_values`), on shoes
    of up to ``cards`` cards, kept for the last few runs. The run's batch size, the note
    on slow bets on the cards and the run's game each ask for them, and compiling a bet
    on the cards plans its cells again (seconds for the bets on the first four cards,
    for the same bets). Read-only once made: runs of the same bets share them."""
    return RoundValues(run_paytable(source, filename, bets, with_main).bets, tableau,
                       cards=cards)


@dataclass(frozen=True)
class DepthSpec:
    """Everything a worker needs to deal, count and value a batch of shoes: the run's
    whole definition (see :func:`bacc_edge.depth.run.definition`)."""

    source: str
    filename: str
    bets: tuple[str, ...]
    deal: DealRules
    seed: int
    counts: tuple[Count, ...]
    players: tuple[Player, ...]
    cutoffs: tuple[int | None, ...]        # per bet, last round the table accepts it
    tableau: Tableau = STANDARD            # the paytable's drawing rules
    #: value every round exactly (the depth analysis, with its perfect player); else a
    #: count study, which values only the rounds where a count bets, if ``exact_bets``
    exact_every_round: bool = True
    exact_bets: bool = True
    #: per player, its count's betting correlation with the bet's effects of removal
    correlations: tuple[float | None, ...] = ()
    #: the table's main bet a side bet must ride on (its bet is the run's last), or None
    with_main: WithMainBet | None = None
    #: players added up round by round (a side bet with its main bet, a count's bets,
    #: a team): tallied after the players, in this order
    groups: tuple[Group, ...] = ()
    #: per bet, the standard deviation of one unit off the top (a full shoe)
    sd_off_the_top: tuple[float, ...] = ()
    #: every cut card (cards behind it, none nearer the end than ``deal.cut``, to which
    #: the shoes are dealt) the run is summed up at, from the same shoes
    #: (:func:`rounds_at_cuts`); empty: the run's own alone, as it always was
    cuts: tuple[int, ...] = ()
    #: whether each bet's own count (from its effects of removal) was asked for
    own_counts: bool = True
    #: the depth analysis counts a bet on the cards exactly only on the rounds a proven
    #: bound cannot rule out (:mod:`bacc_edge.depth.screen`): the perfect player's
    #: decisions and values are the same; the mean edge by round is measured only for
    #: the bets counted exactly every round
    screened: bool = False

    @property
    def further_cuts(self) -> tuple[int, ...]:
        """The cut cards of :attr:`cuts` further from the end than the run's own: those
        summed up apart (:data:`CUT_PREFIX`)."""
        return tuple(c for c in self.cuts if c != self.deal.cut)

    def paytable(self) -> Paytable:
        """The paytable cut down to the run's bets, loaded from the source sent along
        (with the table's main bet last, when the run has one); loaded once per process
        (:func:`run_paytable`)."""
        return run_paytable(self.source, self.filename, self.bets, self.with_main)

    def round_values(self) -> RoundValues:
        """The run's bets compiled for valuing every round of its shoes; compiled once per
        process (:func:`run_round_values`)."""
        return run_round_values(self.source, self.filename, self.bets, self.with_main,
                                self.tableau, self.deal.cards)

    @property
    def exact(self) -> bool:
        """Whether the players' gains are exact values rather than coups' outcomes."""
        return self.exact_every_round or self.exact_bets

    def at_cut(self, cut: int) -> "DepthSpec":
        """The run as dealt with its cut card ``cut`` cards from the end (one of
        :attr:`further_cuts`), for summing up its shoes there."""
        return replace(self, deal=replace(self.deal, cut=cut), cuts=())


class Game:
    """The run's game facts as the dealing kernels take them: how shoes are dealt
    (:func:`~bacc_edge.game.dealing.deal_plan`), the tableau's coup plan, the bets' settle
    classes and nets per outcome cell (bets on the cards themselves: per card-level
    cell, :func:`~bacc_edge.engine.dealt_cells.card_settle`), the counts and the count
    players. A count study settling coups by their outcomes never values a round, so
    never builds :attr:`values`."""

    def __init__(self, spec: DepthSpec):
        deal, tableau = spec.deal, spec.tableau
        self.spec = spec
        self.dealing = deal_plan(deal)
        nv = POINT_VALUES
        self.coup = coup_plan(tableau)
        n_bets = len(spec.bets)
        if spec.exact:
            # rounds are valued exactly; the coups are settled on the bets on points only
            # (a bet on the cards themselves has its exact value; its outcome column is
            # NaN, never read by an exact run)
            evaluator = self.values.evaluator
            layout = evaluator.layout if evaluator is not None else CellLayout(False, tableau)
        else:
            evaluator = Evaluator.of(spec.paytable().bets, tableau=tableau)
            if evaluator.layout.reads_cards and evaluator.layout.fine is not evaluator.layout:
                # classes of card-level cells: the dealer reads the cells they group
                evaluator = Evaluator(evaluator.bets, evaluator.layout.fine)
            layout = evaluator.layout
        self.cell_of = np.full((3, 3, nv, nv, nv + 1, nv + 1), -1, dtype=np.int64)
        #: how the count study settles coups of card bets (None: on points and pairs)
        self.card = None
        if layout.reads_cards:
            self.card = card_settle(layout, evaluator.cell_class)
            self.suited_pairs = False
        else:
            f = layout.features()
            p_state = f["player_pair"] + (f["player_suited_pair"] if layout.suits else 0)
            b_state = f["banker_pair"] + (f["banker_suited_pair"] if layout.suits else 0)
            self.cell_of[p_state, b_state, f["player_two_card_total"],
                         f["banker_two_card_total"], f["player_third"] + 1,
                         f["banker_third"] + 1] = np.arange(layout.n_cells)
            self.suited_pairs = bool(layout.suits)
        if spec.exact:
            self.cell_class = (evaluator.cell_class if evaluator is not None
                               else np.zeros(layout.n_cells, dtype=np.int64))
            self.class_net = np.full((n_bets, evaluator.n_classes if evaluator else 1), np.nan)
            if evaluator is not None:
                self.class_net[self.values.on_points] = evaluator.float_nets
            self.nets = None
        else:
            self.cell_class = evaluator.cell_class
            self.class_net = np.ascontiguousarray(evaluator.float_nets)
            self.nets = _whole_nets(evaluator, deal.rounds_bound)
            self._whole_denominators = [
                math.lcm(*(Fraction(x).denominator for x in nets)) for nets in evaluator.nets]
        counts = spec.counts
        self.tags = np.array([c.tags for c in counts], dtype=np.int64).reshape(len(counts),
                                                                               len(RANKS))
        self.initial = np.array([c.initial for c in counts], dtype=np.int64)
        self.exposed = np.array([c.exposed_card for c in counts], dtype=np.int64)
        self.divisor = np.array([K.DIVIDE_BY_UNSEEN if c.divisor is Divisor.UNSEEN
                                 else K.DIVIDE_BY_SHOE for c in counts], dtype=np.int64)
        self.rounding = np.array([ROUNDING_CODES[c.rounding] for c in counts],
                                 dtype=np.int64)
        self.deal = deal
        #: per count, its threshold at each depth (cards seen, or the round: see
        #: :func:`thresholds_by_depth`), for the exact runs' bets
        self.thresholds = [thresholds_by_depth(c, deal.cards) for c in counts]
        #: per player, the units staked at each step of its count's ramp, over stake_den
        self.stake_num, self.stake_den = stakes_of(spec)
        counted = [j for j, p in enumerate(spec.players) if p.count is not None]
        players = [spec.players[j] for j in counted]
        if self.nets is not None:  # a shoe's win, stakes and all, stays a whole number
            for j in counted:
                bet = spec.players[j].bet
                most = (int(np.abs(self.nets.numerator[bet]).max())
                        * int(self.stake_num[j].max()) * deal.rounds_bound)
                if most >= 2 ** 53:
                    raise BaccEdgeError(f"{spec.bets[bet]!r}: its pays times the stakes of "
                                        f"{spec.counts[spec.players[j].count].name!r} are "
                                        f"too fine to add up {deal.rounds_bound} rounds of a "
                                        f"shoe exactly")
        rows, depth_row = _trigger_rows(counts, deal.cards)
        steps = max([len(c.ramp) for c in counts] + [1])
        groups, group_mult, group_den = self._groups(counted)
        self.players = K.CountPlayers(
            np.array([p.bet for p in players], dtype=np.int64),
            np.array([p.count for p in players], dtype=np.int64),
            np.array([K.NO_CUTOFF if p.cutoff is None else p.cutoff for p in players],
                     dtype=np.int64),
            rows,
            np.array([c.trigger_on is TriggerOn.TRUE for c in counts], dtype=np.int64),
            np.array([c.strict for c in counts], dtype=np.bool_),
            depth_row,
            np.array([c.table.by is DepthBy.ROUND for c in counts], dtype=np.bool_),
            np.array([[at for at, _ in c.ramp] + [np.inf] * (steps - len(c.ramp))
                      for c in counts], dtype=np.float64).reshape(len(counts), steps),
            np.array([len(c.ramp) for c in counts], dtype=np.int64),
            self.stake_num[counted],
            self.stake_den[counted].astype(np.float64),
            groups, group_mult, group_den)
        #: the shoe in one-byte card codes, for the count study's dealer
        self.bytes = self.dealing._replace(ordered=self.dealing.ordered.astype(np.uint8))

    def _groups(self, counted: list[int]):
        """The kernel's groups (members as places among the ``counted`` players), each
        member's whole win's multiplier over the group's common denominator, and that
        denominator; each checked to stay exact over a shoe. Empty unless the run is a
        count study by the coups' outcomes (the exact runs add groups up themselves)."""
        spec, width = self.spec, max([len(g.members) for g in self.spec.groups] + [1])
        if self.nets is None or not spec.groups:
            return (np.full((0, width), -1, dtype=np.int64), np.zeros((0, width), np.int64),
                    np.zeros(0))
        place = {j: i for i, j in enumerate(counted)}
        members = np.full((len(spec.groups), width), -1, dtype=np.int64)
        mult = np.zeros((len(spec.groups), width), dtype=np.int64)
        den = np.zeros(len(spec.groups))
        numerator = self.nets.numerator
        for g, group in enumerate(spec.groups):
            dens = [self._whole_denominators[spec.players[j].bet] * int(self.stake_den[j])
                    for j in group.members]
            common = math.lcm(*dens)
            most = sum(int(np.abs(numerator[spec.players[j].bet]).max())
                       * int(self.stake_num[j].max()) * (common // d)
                       for j, d in zip(group.members, dens)) * self.deal.rounds_bound
            if max(most, common) >= 2 ** 53:
                raise BaccEdgeError(f"{group.name!r}: the pays and stakes of its bets, over "
                                    f"their common denominator {common}, are too fine to "
                                    f"add up a shoe exactly")
            for m, (j, d) in enumerate(zip(group.members, dens)):
                members[g, m] = place[j]
                mult[g, m] = common // d
            den[g] = common
        return members, mult, den

    @functools.cached_property
    def values(self) -> RoundValues:
        """The bets compiled for valuing rounds exactly (the depth analysis,
        ``exact_bets``)."""
        return self.spec.round_values()

    @functools.cached_property
    def screened(self) -> ScreenedValues:
        """:attr:`values` where the perfect player might bet (a screened run)."""
        return ScreenedValues(self.values, self.spec.tableau)

    def deal_shoes(self, seed: int, first: int, count: int, *, keep_cards: bool = False):
        """Deal shoes ``first`` … ``first + count - 1``: (rounds, start, running, true
        count, net, cards) as :func:`bacc_edge.engine.deal_kernels.deal_shoes` fills them."""
        m, n_counts, n_bets = self.deal.rounds_bound, len(self.initial), self.class_net.shape[0]
        rounds = np.zeros(count, dtype=np.int64)
        start = np.zeros((count, m), dtype=np.int64)
        running = np.zeros((count, m, n_counts), dtype=np.int64)
        true_count = np.zeros((count, m, n_counts), dtype=np.float64)
        net = np.zeros((count, m, n_bets), dtype=np.float64)
        n_cards = len(self.dealing.ordered)
        cards = np.zeros((count if keep_cards else 0, n_cards), dtype=np.int64)
        work = np.empty(n_cards, dtype=np.int64)
        state = np.zeros(1, dtype=np.uint64)
        K.deal_shoes(seed, first, self.dealing, self.coup,
                     K.RoundCells(self.cell_of, self.suited_pairs, self.cell_class,
                                  self.class_net),
                     K.CountPlan(self.tags, self.initial, self.exposed, self.divisor,
                                 self.rounding),
                     K.DealtShoes(rounds, start, running, true_count, net, cards), work, state)
        return rounds, start, running, true_count, net, cards


    def tally(self, seed: int, first: int, count: int) -> dict[str, np.ndarray]:
        """Deal shoes ``first`` … ``first + count - 1`` and add up what each count player
        wins by the coups' outcomes, in the kernel
        (:func:`~bacc_edge.engine.deal_kernels.tally_shoes`): the sums of
        :func:`deal_batch`, the count players' rows in the order of ``spec.players``."""
        players, m = len(self.players.bet) + len(self.players.group), self.deal.rounds_bound
        tally = K.StudyTally(np.zeros((players, len(COLUMNS))),
                             np.zeros((players, len(COLUMNS), len(COLUMNS))),
                             np.zeros((players, 3)), *(np.zeros(players, dtype=np.int64)
                                                       for _ in range(4)),
                             np.zeros(m + 1, dtype=np.int64))
        missing = K.tally_shoes(seed, first, count, self.bytes, self.coup,
                                K.RoundCells(self.cell_of, self.suited_pairs, self.cell_class,
                                             self.class_net),
                                self.card, self.nets,
                                K.CountPlan(self.tags, self.initial, self.exposed,
                                            self.divisor, self.rounding),
                                self.players, tally)
        if missing:
            raise BaccEdgeError(f"{missing} coups dealt from shoes {first} to "
                                f"{first + count - 1} fell in no cell of the bets' layout "
                                f"(a fault of bacc-edge: please report it)")
        histogram = tally.rounds_histogram
        n_bets = self.class_net.shape[0]
        return {
            "shoes": np.array([count], dtype=np.int64),
            **tally._asdict(),
            # shoes that reached round r + 1: those that dealt more than r rounds
            "reached": histogram[::-1].cumsum()[::-1][1:].copy(),
            "ev_sum": np.zeros((n_bets, m)),
            "ev_unvalued": np.zeros((n_bets, m), dtype=np.int64),
            "favourable": np.zeros((n_bets, m), dtype=np.int64),
            "gains": np.zeros((0, players)),
        }


#: How the kernels code each rounding of the decks left.
ROUNDING_CODES = {DeckRounding.EXACT: K.DECKS_EXACT, DeckRounding.HALF: K.DECKS_HALF,
                  DeckRounding.WHOLE: K.DECKS_WHOLE, DeckRounding.HALF_DOWN: K.DECKS_HALF_DOWN,
                  DeckRounding.HALF_UP: K.DECKS_HALF_UP,
                  DeckRounding.WHOLE_DOWN: K.DECKS_WHOLE_DOWN,
                  DeckRounding.WHOLE_UP: K.DECKS_WHOLE_UP}


def thresholds_by_depth(count: Count, cards: int) -> np.ndarray:
    """The count's threshold at each depth 0 … ``cards`` (cards seen, or the round, as
    its trigger table says; infinite before the table's first row: no bet)."""
    table = count.table
    out = np.full(cards + 1, np.inf)
    for start, value in table.rows:
        if start <= cards:
            out[start:] = value
    return out


def _trigger_rows(counts: Sequence[Count], cards: int) -> tuple[np.ndarray, np.ndarray]:
    """Per count, its distinct thresholds (a row each, infinite included where a table
    starts late) and, per depth 0 … ``cards``, the row in force: what the count study's
    kernel reads."""
    by_depth = [thresholds_by_depth(c, cards) for c in counts]
    distinct = [sorted(set(t.tolist())) for t in by_depth]
    width = max([len(d) for d in distinct] + [1])
    rows = np.full((len(counts), width), np.inf)
    depth_row = np.zeros((len(counts), cards + 1), dtype=np.int64)
    for c, (values, thresholds) in enumerate(zip(distinct, by_depth)):
        rows[c, :len(values)] = values
        depth_row[c] = np.searchsorted(np.array(values), thresholds)
    return rows, depth_row


def stakes_of(spec: DepthSpec) -> tuple[np.ndarray, np.ndarray]:
    """Per player, the units staked at each step of its count's ramp (step 0: below the
    first step, one unit), as whole numerators over one denominator a player: a count's
    ramp in whole units; the perfect player one unit; a main bet beside a side bet
    (:class:`~bacc_edge.analysis.table_rules.WithMainBet`) as the table demands, exact."""
    steps = max([len(c.ramp) for c in spec.counts] + [0]) + 1
    side = []
    for p in spec.players:
        units = [1] if p.count is None else [1] + [u for _, u in spec.counts[p.count].ramp]
        side.append([Fraction(u) for u in units + [units[-1]] * (steps - len(units))])
    num = np.zeros((len(spec.players), steps), dtype=np.int64)
    den = np.ones(len(spec.players), dtype=np.int64)
    for j, p in enumerate(spec.players):
        stakes = side[j] if p.follows is None else [
            spec.with_main.main_stake(x) for x in side[p.follows]]
        den[j] = math.lcm(*(x.denominator for x in stakes))
        num[j] = [int(x * int(den[j])) for x in stakes]
    return num, den


def count_bets(count: Count, thresholds: np.ndarray, running: np.ndarray,
               true_count: np.ndarray, seen: np.ndarray, round_no: np.ndarray
               ) -> tuple[np.ndarray, np.ndarray]:
    """Where a count bets, and the ramp step it reached there (0: below the first), on
    rounds given by their running and true counts (as the dealing kernel computed them),
    the cards seen before them and their round numbers: what the count study's kernel
    decides with whole-number comparisons, here in floating point as
    :meth:`~bacc_edge.analysis.card_counting.Count.reaches` compares."""
    level = true_count if count.trigger_on is TriggerOn.TRUE else running.astype(np.float64)
    depth = round_no if count.table.by is DepthBy.ROUND else seen
    threshold = thresholds[np.minimum(depth, len(thresholds) - 1)]
    compare = np.greater if count.strict else np.greater_equal
    bets = compare(level, threshold)
    step = np.zeros(level.shape, dtype=np.int64)
    for at, _ in count.ramp:
        step += compare(level, at)
    return bets, step


def _whole_nets(evaluator: Evaluator, rounds: int) -> K.WholeNets:
    """The bets' nets per class over each bet's common denominator, checked so that a
    shoe's win (at most ``rounds`` bets) stays a whole number a float holds exactly."""
    numerators, denominators = [], []
    for bet, nets in zip(evaluator.bets, evaluator.nets):
        common = math.lcm(*(Fraction(x).denominator for x in nets))
        whole = [int(Fraction(x) * common) for x in nets]
        if max(max(map(abs, whole)) * max(rounds, 1), common) >= 2 ** 53:
            raise BaccEdgeError(f"{bet.name!r}: its pays, over their common denominator "
                                f"{common}, are too fine to add up {rounds} rounds of a "
                                f"shoe exactly")
        numerators.append(whole)
        denominators.append(common)
    return K.WholeNets(np.array(numerators, dtype=np.int64).reshape(len(numerators), -1),
                       np.array(denominators, dtype=np.float64))


@functools.lru_cache(maxsize=4)
def game(spec: DepthSpec) -> Game:
    """The run's :class:`Game`, built once per process (a worker keeps it)."""
    return Game(spec)


def unseen_by_round(cards: np.ndarray, start: np.ndarray, rounds: int) -> np.ndarray:
    """Per round, the 52 card counts the players have not seen before the coup: the
    shoe less the shown first card and the coups dealt (burned cards stay unseen)."""
    full = np.bincount(cards, minlength=CARD_KINDS).astype(np.int64)
    full[cards[0]] -= 1
    first = start[0]
    # the round each card from the first coup on is dealt in (the last takes the rest)
    which = np.searchsorted(start[1:rounds], np.arange(first, len(cards)), side="right")
    per_round = np.bincount(which * CARD_KINDS + cards[first:],
                            minlength=rounds * CARD_KINDS).reshape(rounds, CARD_KINDS)
    before = np.zeros((rounds, CARD_KINDS), dtype=np.int64)
    np.cumsum(per_round[:-1], axis=0, out=before[1:])
    return full - before


#: Per player (and group) and shoe: outcome gain, exact gain, bets placed (a group: the
#: rounds one of its players bets on), rounds dealt, units staked.
COLUMNS = ("won", "won_exact", "bets", "rounds", "staked")


#: The keys of a batch's sums at a further cut card (:attr:`DepthSpec.further_cuts`):
#: ``cut:52:sums`` is the ``sums`` of the shoes cut 52 cards from the end.
CUT_PREFIX = "cut:"


def rounds_at_cuts(spec: DepthSpec, start: np.ndarray, rounds: np.ndarray) -> np.ndarray:
    """Per cut card of :attr:`DepthSpec.further_cuts`, the rounds each shoe dealt by ``spec``
    (``start``, ``rounds``: as :meth:`Game.deal_shoes` gives them) would have dealt with
    its cut card there (:func:`~bacc_edge.engine.cut_card_kernels.rounds_at_cuts`)."""
    out = np.zeros((len(spec.further_cuts), len(rounds)), dtype=np.int64)
    rounds_at_cuts_kernel(start, rounds, spec.deal.cards, spec.deal.end_code,
                          np.array(spec.further_cuts, dtype=np.int64), out)
    return out


def _screened_moments(g: Game, cards: np.ndarray, start: np.ndarray, rounds: np.ndarray,
                      masks: list, valid: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """A screened run's values of every round dealt (rows in the order of
    ``np.nonzero(valid)``; NaN for a bet on the cards where the screen ruled the round
    out), every round a count player bets (``masks``) counted exactly."""
    must = np.zeros_like(valid)
    for mask in masks:
        if mask is not None:
            must |= mask
    dealt = np.flatnonzero(rounds > 0)
    return g.screened.moments(
        [unseen_by_round(cards[s], start[s], int(rounds[s])) for s in dealt],
        [must[s, :rounds[s]] for s in dealt],
        np.bincount(cards[0], minlength=CARD_KINDS).astype(np.int64))


def deal_batch(spec: DepthSpec, first: int, count: int) -> dict[str, np.ndarray]:
    """Deal, count and value shoes ``first`` … ``first + count - 1``; the sums a run
    adds up (see :class:`~bacc_edge.depth.summary.DepthTally`), a row per player then per
    group. Runs on a worker. A count study by the coups' outcomes is dealt and added up
    in the kernel (:meth:`Game.tally`); the others keep every round's counts to value
    them."""
    g = game(spec)
    if not spec.exact:
        return g.tally(spec.seed, first, count)
    need_cards = spec.exact
    rounds, start, running, true_count, net, cards = g.deal_shoes(
        spec.seed, first, count, keep_cards=need_cards)
    m = start.shape[1]
    round_no = np.arange(1, m + 1)
    valid = round_no[None, :] <= rounds[:, None]
    # cards seen before each round: the shown card and the coups dealt
    seen = start - start[:, :1] + g.dealing.shown
    n_bets = len(spec.bets)
    # the count players' bets, and their ramps' steps
    masks, steps = [], []
    for p in spec.players:
        if p.count is None or p.follows is not None:
            masks.append(None)
            steps.append(None)
            continue
        bets, step = count_bets(spec.counts[p.count], g.thresholds[p.count],
                                running[:, :, p.count], true_count[:, :, p.count], seen,
                                round_no[None, :])
        masks.append(valid & bets)
        steps.append(step)
    # exact values, at every round or where a count bets
    ev = np.zeros((count, m, n_bets))
    ev2 = np.zeros((count, m, n_bets))
    if spec.exact_every_round:
        need = valid
    elif spec.exact_bets:
        need = np.zeros_like(valid)
        for mask in masks:
            if mask is not None:
                need |= mask
    else:
        need = None
    if spec.screened:
        ev[valid], ev2[valid] = _screened_moments(g, cards, start, rounds, masks, valid)
    elif need is not None and need.any():
        shoe_of, round_of = np.nonzero(need)
        unseen = np.concatenate([
            unseen_by_round(cards[s], start[s], int(rounds[s]))[need[s, :rounds[s]]]
            for s in np.flatnonzero(need.any(axis=1))])
        ev[shoe_of, round_of], ev2[shoe_of, round_of] = g.values.moments_each(unseen)
    out = _sums(spec, g, valid, rounds, masks, steps, ev, ev2, net)
    for cut, dealt in zip(spec.further_cuts, rounds_at_cuts(spec, start, rounds)):
        at = valid & (round_no[None, :] <= dealt[:, None])
        out.update((f"{CUT_PREFIX}{cut}:{key}", array) for key, array in _sums(
            spec, g, at, dealt, [None if mask is None else mask & at for mask in masks],
            steps, ev, ev2, net).items())
    return out


def _sums(spec: DepthSpec, g: Game, valid: np.ndarray, rounds: np.ndarray, masks: list,
          steps: list, ev: np.ndarray, ev2: np.ndarray, net: np.ndarray) -> dict[str, np.ndarray]:
    """A batch's sums (:func:`deal_batch`) over the rounds ``valid`` marks, ``rounds`` a
    shoe: each count player bets where its ``masks`` say (within those rounds), the
    perfect player where the round's exact value ``ev`` is positive."""
    masks, steps = list(masks), list(steps)
    m = valid.shape[1]
    round_no = np.arange(1, m + 1)
    count = len(rounds)
    n_players = len(spec.players)
    rows = n_players + len(spec.groups)
    per_shoe = np.zeros((count, rows, len(COLUMNS)))
    sq = np.zeros((rows, 3))
    wins = np.zeros((n_players, count, m))  # each player's outcome win, round by round
    for j, p in enumerate(spec.players):
        if p.follows is not None:  # the main bet beside another player's side bet
            masks[j], steps[j] = masks[p.follows], steps[p.follows]
        elif p.count is None:
            masks[j] = valid & (ev[:, :, p.bet] > 0)
            if p.cutoff is not None:
                masks[j] &= round_no[None, :] <= p.cutoff
        mask = masks[j]
        if p.count is not None and p.follows is None and p.cutoff is not None:
            mask = masks[j] = mask & (round_no[None, :] <= p.cutoff)
        stake = (g.stake_num[j][steps[j]] if steps[j] is not None
                 else g.stake_num[j][0]) / g.stake_den[j]
        stake = np.where(mask, stake, 0.0)
        b = p.bet
        wins[j] = stake * np.where(mask, net[:, :, b], 0.0)
        per_shoe[:, j, 0] = wins[j].sum(axis=1)
        per_shoe[:, j, 1] = (stake * np.where(mask, ev[:, :, b], 0.0)).sum(axis=1)
        per_shoe[:, j, 2] = mask.sum(axis=1)
        per_shoe[:, j, 4] = stake.sum(axis=1)
        sq[j, 0] = (wins[j] ** 2).sum()
        sq[j, 1] = (stake ** 2 * np.where(mask, ev2[:, :, b], 0.0)).sum()
        sq[j, 2] = (stake ** 2).sum()
    for k, group in enumerate(spec.groups):
        row = n_players + k
        members = list(group.members)
        per_shoe[:, row] = per_shoe[:, members].sum(axis=1)
        # its bets: the rounds one of its players bets on
        per_shoe[:, row, 2] = np.logical_or.reduce([masks[m] for m in members]).sum(axis=1)
        together = wins[members].sum(axis=0)
        # a group's second moment by the coups' outcomes: bets on one coup are not
        # independent, and the exact values give no moment of two bets together
        sq[row, 0] = sq[row, 1] = (together ** 2).sum()
        sq[row, 2] = sq[members, 2].sum()
    per_shoe[:, :, 3] = rounds[:, None]
    cross = np.einsum("spi,spj->pij", per_shoe, per_shoe)
    unvalued = np.isnan(ev)
    gain = per_shoe[:, :, 1] if spec.exact else per_shoe[:, :, 0]
    return {
        "shoes": np.array([count], dtype=np.int64),
        "sums": per_shoe.sum(axis=0),
        "cross": cross,
        "squares": sq,
        "shoes_betting": (per_shoe[:, :, 2] > 0).sum(axis=0).astype(np.int64),
        "shoes_nonzero": (gain != 0).sum(axis=0).astype(np.int64),
        "shoes_won": (gain > 0).sum(axis=0).astype(np.int64),
        "shoes_lost": (gain < 0).sum(axis=0).astype(np.int64),
        "rounds_histogram": np.bincount(rounds, minlength=m + 1).astype(np.int64),
        "reached": valid.sum(axis=0).astype(np.int64),
        # a screened run's rounds ruled out are NaN (not valued): summed apart, so that a
        # bet counted exactly every round has its mean edge by round all the same
        "ev_sum": np.where(valid[:, :, None] & ~unvalued, ev, 0.0).sum(axis=0).T.copy(),
        "ev_unvalued": (valid[:, :, None] & unvalued).sum(axis=0).T.astype(np.int64),
        "favourable": (valid[:, :, None] & (ev > 0)).sum(axis=0).T.astype(np.int64),
        # per shoe, each player's gain: what the bootstrap resamples (depth runs only)
        "gains": gain.copy() if spec.exact_every_round else np.zeros((0, rows)),
    }


__all__ = ["BEFORE_CUT", "COLUMNS", "CUT_PREFIX", "DealRules", "DepthSpec", "EndRule",
           "Game", "Group", "GroupKind", "Player", "ROUNDING_CODES", "RoundValues",
           "burn_count", "count_bets", "deal_batch", "game", "rounds_at_cuts", "stakes_of",
           "thresholds_by_depth", "unseen_by_round"]
