"""What a depth run adds up to and what a study reports: the run's batches added up
(:class:`DepthTally`), and summed up (:func:`summarize`) into frozen results, per bet and
player, each figure with its 95% interval, and the published figures checked
(:class:`StudySummary`).
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, replace
from enum import StrEnum
from types import MappingProxyType
from typing import Mapping, Sequence

import numpy as np

from ..analysis.bankroll import (Bankroll, BankrollFigures, bankroll_figures,
                                 desirability_index_off_the_top)
from ..analysis.bet_report import StudyStatus, layouts
from ..analysis.card_counting import StudyMeasure
from ..analysis.evaluator import Evaluator
from ..analysis.intervals import Interval, IntervalMethod, mean_interval, ratio_interval
from ..engine.deal_kernels import StudyTally
from ..errors import ArgumentError, BaccEdgeError, kind_of
from .options import OWN_COUNT
from .shoes import COLUMNS, CUT_PREFIX, DepthSpec, GroupKind, Player


@dataclass(frozen=True, eq=False, init=False)
class DepthTally:
    """A run's batches added up (what :func:`~bacc_edge.depth.run.run_depth` returns, read by
    :func:`summarize`): sums over shoes of every per-player column and its products, per
    round of the shoe, and (depth runs) each shoe's gains. Frozen: its arrays are
    read-only, so a summary never sees a tally changed behind it."""

    #: the per-batch arrays that are summed (each batch's "gains" are concatenated): the
    #: shoes, the players' tally as the count study's kernel fills it
    #: (:class:`~bacc_edge.engine.deal_kernels.StudyTally`, whose fields every batch
    #: holds), the shoes that reached each round, and per bet the exact values' sums
    #: (over the rounds valued: a screened run leaves out those its bound ruled out,
    #: counted in ``ev_unvalued``)
    SUMMED = ("shoes", *StudyTally._fields, "reached", "ev_sum", "ev_unvalued", "favourable")

    shoes: np.ndarray
    sums: np.ndarray
    cross: np.ndarray
    squares: np.ndarray
    shoes_betting: np.ndarray
    shoes_nonzero: np.ndarray
    shoes_won: np.ndarray
    shoes_lost: np.ndarray
    rounds_histogram: np.ndarray
    reached: np.ndarray
    ev_sum: np.ndarray
    ev_unvalued: np.ndarray
    favourable: np.ndarray
    gains: np.ndarray
    #: shoes dealt
    n: int
    #: per further cut card of the run
    #: (:attr:`~bacc_edge.depth.shoes.DepthSpec.further_cuts`), the same shoes added up as
    #: dealt with the cut card there
    at_cuts: Mapping[int, "DepthTally"]

    def __init__(self, batches: Sequence[dict]):
        if not batches:
            raise BaccEdgeError("no batches to add up")
        arrays = {k: np.sum([b[k] for b in batches], axis=0) for k in self.SUMMED}
        arrays["gains"] = np.concatenate([b["gains"] for b in batches])
        for name, array in arrays.items():
            array.flags.writeable = False
            object.__setattr__(self, name, array)
        object.__setattr__(self, "n", int(self.shoes[0]))
        # each further cut card's arrays, keyed "cut:52:sums", as a batch of their own
        at: dict[int, list[dict]] = {}
        for i, b in enumerate(batches):
            for key, array in b.items():
                if key.startswith(CUT_PREFIX):
                    cut, _, name = key[len(CUT_PREFIX):].partition(":")
                    at.setdefault(int(cut), [{} for _ in batches])[i][name] = array
        object.__setattr__(self, "at_cuts", MappingProxyType(
            {cut: DepthTally(parts) for cut, parts in sorted(at.items())}))


class GainMethod(StrEnum):
    """How a run measures what a bet placed wins: exactly on the cards left, or by what
    the coup paid."""

    #: each bet valued exactly on the cards left
    EXACT = "exact"
    #: what each coup paid
    OUTCOME = "outcome"


@dataclass(frozen=True)
class PlayerSummary:
    """One player on one bet over the run, each figure with its 95% interval.

    ``bet_frequency``: the share of all rounds dealt on which they bet. ``average_edge``:
    their average advantage per unit bet (None if they never bet). ``units_per_shoe``
    and ``units_per_100_rounds``: what they win. ``desirability_index``: 1000 × the
    mean win per round dealt / its standard deviation per round dealt (rounds without a
    bet count as 0: the SD of the bets placed). ``desirability_index_off_the_top``: as
    published studies compute it, 1000 × the mean win per round / (the bet's SD off
    the top × √ bet frequency; a ramp's: √ mean squared stake per round); None for a
    row of several bets. ``bankroll``: Kelly, SCORE, risk of ruin, the bankroll, and
    the win per stretch of play (:class:`~bacc_edge.analysis.bankroll.BankrollFigures`).
    ``units_per_bet``: the mean stake of a bet placed (1 without a ramp). ``group``:
    for a row that adds several players up, what it stands for
    (:class:`~bacc_edge.depth.shoes.GroupKind`), and its ``team``. ``method``: how gains
    are measured (:class:`GainMethod`)."""

    player: str
    count: dict | None
    cutoff: int | None
    method: GainMethod
    bet_frequency: Interval
    average_edge: Interval | None
    units_per_shoe: Interval
    units_per_100_rounds: Interval
    desirability_index: Interval | None
    betting_correlation: float | None
    bets_per_shoe: float
    shoes_betting: int
    #: shoes whose gain is not zero: won or lost (the key's old name, kept for scripts)
    shoes_with_a_gain: int
    #: shoes the player ended ahead, and behind
    shoes_won: int
    shoes_lost: int
    desirability_index_off_the_top: Interval | None = None
    bankroll: BankrollFigures | None = None
    units_per_bet: float | None = None
    group: str | None = None
    team: str | None = None

    def __post_init__(self):
        object.__setattr__(self, "method", GainMethod(self.method))

    def as_json(self) -> dict:
        """The player as the depth command's JSON lists it."""
        return _json(asdict(self))


@dataclass(frozen=True)
class RoundSummary:
    """One round of the shoe over every shoe that reached it (depth runs)."""

    round: int
    shoes: int
    #: the house edge averaged over those shoes; None where a screened run ruled some
    #: of them out by a bound (it knows their sign, not their value:
    #: :mod:`bacc_edge.depth.screen`)
    mean_edge: float | None
    #: share of those shoes in which the bet favoured the player that round
    favourable: float


@dataclass(frozen=True)
class StudyCheck:
    """A published figure of a count study beside the run's interval, or, for a figure
    the run computes exactly (the betting correlation, from the effects of removal),
    beside its ``exact`` value (no interval)."""

    count: str
    bet: str
    measure: StudyMeasure
    printed: str
    published: float
    interval: Interval | None
    status: StudyStatus
    finding: str | None
    exact: float | None = None

    def __post_init__(self):
        object.__setattr__(self, "status", StudyStatus(self.status))


@dataclass(frozen=True)
class AtCutCard:
    """One bet had the cut card been placed ``cut`` cards from the end: the same shoes,
    each ending where that cut card ends it (a bet's value before a coup depends on the
    cards seen, never on where the cut card lies). ``perfect_player`` and ``count`` (the
    bet's own linear count, from its effects of removal; None when the run played none)
    within the bet's cutoff, as the table runs it."""

    cut: int
    rounds_per_shoe: Interval
    perfect_player: PlayerSummary
    count: PlayerSummary | None
    #: whether the run played each bet's own count (``count`` None with it asked for: the
    #: bet's effects of removal make no count that ever bets)
    own_counts_asked: bool = True


@dataclass(frozen=True)
class BetSummary:
    """One bet over the run: its cutoff, how often it favoured the player (depth runs),
    each player, the share of the perfect player's gain the cutoff removes, and the
    edge round by round; with further cut cards (``depth --cuts``), its perfect player
    and own count at each cut card, nearest the end first."""

    name: str
    cutoff: int | None
    favourable_share: float | None
    players: tuple[PlayerSummary, ...]
    cutoff_removes: float | None
    by_round: tuple[RoundSummary, ...]
    at_cut_cards: tuple[AtCutCard, ...] = ()

    def as_json(self) -> dict:
        """The bet as the depth command's JSON lists it (``at_cut_cards`` only when the
        run has further cut cards)."""
        out = _json(asdict(self))
        if not self.at_cut_cards:
            del out["at_cut_cards"]
        return out


def _json(value):
    if isinstance(value, dict):
        return {k: _json(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_json(v) for v in value]
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


@dataclass(frozen=True)
class StudySummary:
    """A whole run: shoes, rounds per shoe (95% interval), each bet, and the
    published figures checked."""

    shoes: int
    rounds_per_shoe: Interval
    bets: tuple[BetSummary, ...]
    checks: tuple[StudyCheck, ...]
    #: the rows that add up players across bets: each count over its bets, each team's
    #: players and each team
    across_bets: tuple[PlayerSummary, ...] = ()
    #: what the bankroll measures were taken at
    bankroll: Bankroll = Bankroll()

    @property
    def failed_checks(self) -> tuple[StudyCheck, ...]:
        """The published figures outside this run's 95% intervals that no finding
        explains: what makes ``depth --check`` exit 1."""
        return tuple(c for c in self.checks if not c.status.passed)


def player_name(spec: DepthSpec, p: Player) -> str:
    if p.follows is not None:
        side = spec.players[p.follows]
        return (f"{player_name(spec, side)}: the main bet beside {spec.bets[side.bet]}"
                + ("" if side.cutoff is None else f" (closes after round {side.cutoff})"))
    return "perfect player" if p.count is None else spec.counts[p.count].name


def summarize(spec: DepthSpec, tally: DepthTally, *,
              bankroll: Bankroll = Bankroll()) -> StudySummary:
    """Per bet and player: bet frequency, average edge when betting, units per shoe and
    per 100 rounds, desirability index (both ways), betting correlation, the bankroll
    measures (at ``bankroll``); per bet, the edge and share of favourable rounds by
    round (depth runs); each group of players (a side bet with the table's main bet,
    beside the player; a count over its bets and each team, after the bets); published
    figures checked; with further cut cards, each bet's perfect player and own count at
    every cut card (:class:`AtCutCard`)."""
    if not isinstance(spec, DepthSpec) or not isinstance(tally, DepthTally):
        raise ArgumentError(f"summarize_depth(spec, tally) takes the DepthSpec of "
                            f"prepare_depth() and the DepthTally of run_depth(), not "
                            f"{type(spec).__name__} and {type(tally).__name__}")
    if not isinstance(bankroll, Bankroll):
        raise ArgumentError(f"bankroll {kind_of(bankroll)} must be Bankroll(...)")
    if set(tally.at_cuts) != set(spec.further_cuts):
        raise ArgumentError(f"summarize_depth(spec, tally): the tally is of further cut cards "
                            f"{sorted(tally.at_cuts)}, the run of {list(spec.further_cuts)}")
    summary = _summary(spec, tally, bankroll)
    if not spec.cuts:
        return summary
    at = [(cut, summary if cut == spec.deal.cut
           else _summary(spec.at_cut(cut), tally.at_cuts[cut], bankroll)) for cut in spec.cuts]
    bets = tuple(replace(bet, at_cut_cards=tuple(_at_cut_card(spec, b, cut, s)
                                                 for cut, s in at))
                 if _played_alone(spec, b) else bet for b, bet in enumerate(summary.bets))
    return replace(summary, bets=bets)


def _played_alone(spec: DepthSpec, b: int) -> bool:
    """Whether bet ``b`` has a perfect player of its own (the table's main bet placed
    beside each side bet has none: it is played only as each side bet's player plays)."""
    return any(p.bet == b and p.count is None and p.follows is None for p in spec.players)


def _at_cut_card(spec: DepthSpec, b: int, cut: int, summary: StudySummary) -> AtCutCard:
    """Bet ``b``'s perfect player and own count, within its cutoff, in ``summary`` (the
    run summed up at cut card ``cut``)."""
    players = [p for p in spec.players if p.bet == b]
    rows = [s for s in summary.bets[b].players if s.group is None]
    perfect = count = None
    for p, row in zip(players, rows):
        if p.cutoff != spec.cutoffs[b] or p.follows is not None:
            continue
        if p.count is None:
            perfect = row
        elif spec.counts[p.count].name.startswith(OWN_COUNT):
            count = row
    return AtCutCard(cut, summary.rounds_per_shoe, perfect, count, spec.own_counts)


def _summary(spec: DepthSpec, tally: DepthTally, bankroll: Bankroll) -> StudySummary:
    """:func:`summarize` at the run's own cut card."""
    n = tally.n
    nets = _nets(spec)
    total_rounds = float(tally.sums[0, 3]) if len(spec.players) else 0.0
    q_rr = float(tally.cross[0, 3, 3])
    rounds = mean_interval(None, n=n, total=total_rounds, total_sq=q_rr, bounds=(0, None))
    col = 1 if spec.exact else 0
    staked = COLUMNS.index("staked")

    def row(j: int, name: str, bounds: tuple, gain_bounds: tuple, *, count=None,
            cutoff=None, correlation=None, sd_top=None, group=None, team=None):
        s, q = tally.sums[j], tally.cross[j]
        won, bets, units = float(s[col]), float(s[2]), float(s[staked])
        per_shoe = mean_interval(tally.gains[:, j] if len(tally.gains) else None, n=n,
                                 total=won, total_sq=float(q[col, col]),
                                 bounds=gain_bounds, seed=spec.seed + 7919 * j)
        if per_shoe.method is IntervalMethod.NORMAL:
            per_100 = ratio_interval(n=n, sum_y=100 * won, sum_x=total_rounds,
                                     q_yy=1e4 * float(q[col, col]),
                                     q_xy=100 * float(q[col, 3]), q_xx=q_rr,
                                     bounds=gain_bounds)
        else:
            per_100 = per_shoe.scaled(100 * n / total_rounds)
        freq = ratio_interval(n=n, sum_y=bets, sum_x=total_rounds, q_yy=float(q[2, 2]),
                              q_xy=float(q[2, 3]), q_xx=q_rr, bounds=(0.0, 1.0))
        edge = ratio_interval(n=n, sum_y=won, sum_x=units, q_yy=float(q[col, col]),
                              q_xy=float(q[col, staked]), q_xx=float(q[staked, staked]),
                              bounds=bounds, shoes_with_x=int(tally.shoes_betting[j]))
        second = float(tally.squares[j, col]) / total_rounds
        mean_round = won / total_rounds
        sd = math.sqrt(max(second - mean_round ** 2, 0.0)) if math.isfinite(second) \
            else math.nan
        di = per_100.scaled(1000 / 100 / sd) if sd > 0 else None
        di_top = None
        if sd_top and units > 0:
            scale = desirability_index_off_the_top(1.0, sd_top, float(tally.squares[j, 2])
                                                   / total_rounds)
            di_top = per_100.scaled(scale / 100) if scale is not None else None
        measures = None
        if math.isfinite(sd):
            shoe_var = max(float(q[col, col]) - n * (won / n) ** 2, 0.0) / max(n - 1, 1)
            measures = bankroll_figures(per_100.scaled(1 / 100), second, per_shoe=per_shoe,
                                        sd_per_shoe=math.sqrt(shoe_var),
                                        rounds_per_shoe=rounds.value, at=bankroll)
        return PlayerSummary(
            player=name, count=count, cutoff=cutoff,
            method=GainMethod.EXACT if spec.exact else GainMethod.OUTCOME,
            bet_frequency=freq, average_edge=edge, units_per_shoe=per_shoe,
            units_per_100_rounds=per_100, desirability_index=di,
            betting_correlation=correlation, bets_per_shoe=bets / n,
            shoes_betting=int(tally.shoes_betting[j]),
            shoes_with_a_gain=int(tally.shoes_nonzero[j]),
            shoes_won=int(tally.shoes_won[j]), shoes_lost=int(tally.shoes_lost[j]),
            desirability_index_off_the_top=di_top, bankroll=measures,
            units_per_bet=units / bets if bets else None, group=group, team=team)

    n_players = len(spec.players)
    with_main = {g.bet: [] for g in spec.groups if g.kind is GroupKind.WITH_MAIN}
    across = []
    for k, group in enumerate(spec.groups):
        members = [spec.players[m] for m in group.members]
        # a win per unit staked is a mean of the members' nets, weighted by their stakes
        lowest = min(nets[p.bet][0] for p in members)
        highest = max(nets[p.bet][1] for p in members)
        summary = row(n_players + k, group.name, (lowest, highest), (None, None),
                      cutoff=members[0].cutoff if group.kind is GroupKind.WITH_MAIN else None,
                      group=group.kind.value, team=group.team)
        if group.kind is GroupKind.WITH_MAIN:
            with_main[group.bet].append((group.members[0], summary))
        else:
            across.append(summary)
    summaries = []
    for b, name in enumerate(spec.bets):
        lo_net, hi_net = nets[b]
        players = []
        for j, p in enumerate(spec.players):
            if p.bet != b:
                continue
            perfect = p.count is None and p.follows is None
            gain_bounds = (0.0, None) if perfect and spec.exact else (None, None)
            players.append(row(
                j, player_name(spec, p), (0.0 if gain_bounds[0] == 0 else lo_net, hi_net),
                gain_bounds, count=None if p.count is None else spec.counts[p.count].describe(),
                cutoff=p.cutoff,
                correlation=spec.correlations[j] if spec.correlations else None,
                sd_top=spec.sd_off_the_top[b] if spec.sd_off_the_top else None))
            players += [s for m, s in with_main.get(b, ()) if m == j]
        removed = None
        perfect = [x for x in players if x.count is None and x.group is None
                   and x.player == "perfect player"]
        if len(perfect) == 2 and perfect[0].units_per_shoe.value > 0:
            removed = 1 - perfect[1].units_per_shoe.value / perfect[0].units_per_shoe.value
        by_round, favourable = (), None
        if spec.exact_every_round:
            reached = np.flatnonzero(tally.reached)
            by_round = tuple(RoundSummary(
                round=int(r + 1), shoes=int(tally.reached[r]),
                mean_edge=(None if tally.ev_unvalued[b, r]
                           else float(-tally.ev_sum[b, r] / tally.reached[r])),
                favourable=float(tally.favourable[b, r] / tally.reached[r])) for r in reached)
            favourable = float(tally.favourable[b].sum() / tally.reached.sum())
        summaries.append(BetSummary(name, spec.cutoffs[b], favourable, tuple(players),
                                    removed, by_round))
    return StudySummary(n, rounds, tuple(summaries), _checks(spec, summaries, rounds),
                        tuple(across), bankroll)


def _nets(spec: DepthSpec) -> list[tuple[float, float]]:
    """Per bet, the least and most it nets per unit on a coup that can happen: each
    layout's bets compiled together (as :func:`~bacc_edge.analysis.bet_report.report`
    groups them), never every bet on one layout of all their cards."""
    bets = spec.paytable().bets
    out: dict[int, tuple[float, float]] = {}
    for layout, chosen in layouts(bets, spec.tableau).items():
        nets = Evaluator([bets[i] for i in chosen], layout).float_nets
        out.update((i, (float(row.min()), float(row.max()))) for i, row in zip(chosen, nets))
    return [out[b] for b in range(len(bets))]


def _checks(spec, summaries, rounds) -> tuple[StudyCheck, ...]:
    """Each published figure beside the run: reproduced when the run's 95% interval
    meets the range the printed figure stands for (within half a unit of its last
    digit); a correlation, which is computed rather than sampled, must round to it."""
    out = []
    for count in spec.counts:
        study = count.published
        if study is None:
            continue
        for bet in summaries:
            mine = [p for p in bet.players if p.player == count.name and p.cutoff is None
                    and p.group is None]
            if not mine:
                continue
            for measure, printed in study.figures.items():
                figure = study.printed(measure)
                published, half = float(figure.value), float(figure.tolerance)
                exact = None
                if measure is StudyMeasure.BETTING_CORRELATION:
                    interval = None
                    exact = mine[0].betting_correlation
                    ok = exact is not None and abs(exact - published) <= half
                else:
                    interval = rounds if measure is StudyMeasure.ROUNDS_PER_SHOE \
                        else getattr(mine[0], measure.value)
                    ok = interval is not None and (interval.low <= published + half
                                                   and published - half <= interval.high)
                finding = study.findings.get(measure)
                status = (StudyStatus.REPRODUCED if ok else StudyStatus.FINDING if finding
                          else StudyStatus.NOT_REPRODUCED)
                out.append(StudyCheck(count.name, bet.name, measure, printed, published,
                                      interval, status, finding, exact))
    return tuple(out)


__all__ = ["AtCutCard", "BetSummary", "DepthTally", "GainMethod", "PlayerSummary", "RoundSummary",
           "StudyCheck", "StudySummary", "player_name", "summarize"]
