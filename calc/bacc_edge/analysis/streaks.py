"""The value of a bet over several coups (:class:`~bacc_edge.language.streaks.RunBet`),
three ways, each labelled with how exact it is (:class:`ValueKind`):

- :func:`independent_coups`: every coup drawn afresh from the same shoe — the infinite
  deck exactly, or any shoe's one-coup chances taken as independent (the model behind
  published run tables). A chain over the run's length, in exact fractions.
- :func:`from_shoe`: the coups dealt one after another from one finite shoe (off the
  top, or any part-dealt shoe), the cut card ending the run. Counted exactly by the
  shoe's ten point-value counts (:mod:`~bacc_edge.engine.coup_shapes`): the next coup's
  shapes, then the next coup's on every shoe left, shoes that agree merged. Where that
  would exceed ``most_shoes`` shoe states, the runs still going are not followed; their
  chance is bounded by the least and most they could pay, so the value is an exact
  interval (``PROVEN_BOUNDS``), never an estimate.
- :func:`simulated`: whole shoes shuffled and dealt (seeded, the depth runs' dealer),
  the bet placed at every chance its rule gives: the average per bet over the shoe, a
  95% interval by the delta method over shoes.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from typing import Mapping

import numpy as np

from ..errors import ArgumentError, OptionError
from ..game.coup import COUP_CARDS, Winner
from ..game.dealing import END_AT_CUT, DealRules, EndRule, after_coup
from ..game.shoe import Shoe, falling, shoe_argument
from ..game.tableau import STANDARD, Tableau
from ..engine.coup_shapes import cards_used, draw_weights, value_counts
from ..engine.point_table import outcome_table
from ..language.streaks import Ending, RunBet, RunStep
from ..util.number_text import plural
from ..util.progress import Progress, part
from .intervals import Interval, ratio_interval
from .streak_paths import placed_paths, sample_paths

#: The shoe states :func:`from_shoe` follows before it bounds the rest.
MOST_SHOES = 20_000
#: The paths :func:`dealt_paths` samples by default (a few seconds a bet on 8 decks).
COMMAND_PATHS = 1_000
#: The shoes ``bacc-edge streak`` deals by default (:func:`simulated_paths`: some three
#: seconds a bet on 8 decks, an interval some 0.6 percentage point wide)
COMMAND_SHOES_DEALT = 200


class ValueKind(StrEnum):
    """How exact a value is."""

    EXACT = "exact"
    PROVEN_BOUNDS = "proven bounds"
    SIMULATION = "simulation, 95% interval"


@dataclass(frozen=True)
class RunLine:
    """One pay line of a run bet: its label, what it pays, and its chance (a lower bound
    where the value is bounded; an estimate in a simulation)."""

    label: str
    net: Fraction
    probability: Fraction | float


@dataclass(frozen=True)
class StreakValue:
    """A run bet's value under one model.

    ``ret`` is the player's expected net per unit staked (exact, or the estimate);
    ``low`` and ``high`` bound it (equal to ``ret`` where exact). ``unfollowed`` is the
    chance of the runs left unfollowed (bounds), ``bets`` the bets simulated, ``paths``
    the paths sampled (:func:`dealt_paths`)."""

    bet: str
    model: str
    kind: ValueKind
    lines: tuple[RunLine, ...]
    ret: Fraction | float
    low: Fraction | float
    high: Fraction | float
    unfollowed: Fraction = Fraction(0)
    bets: int = 0
    paths: int = 0

    @property
    def house_edge(self) -> Fraction | float:
        return -self.ret


def _shoe_name(shoe: Shoe) -> str:
    """The shoe as a model's name gives it: a shoe of whole decks with cards removed as
    the count removed ("8 decks, 9 cards removed"), not its whole list of cards."""
    if shoe.dealt_from and not shoe.replacement:
        gone = Shoe.decks(shoe.dealt_from).cards - shoe.cards
        if gone:
            return f"{Shoe.decks(shoe.dealt_from).label}, {plural(gone, 'card')} removed"
    return shoe.label


def _bet_argument(bet) -> RunBet:
    if not isinstance(bet, RunBet):
        raise ArgumentError(f"bet {bet!r} is not a RunBet")
    return bet


def _lines(bet: RunBet, ended: Mapping) -> tuple[RunLine, ...]:
    """The chance of each pay line, from the chance of each (length, ending): a run that
    returns the stake is "pushed", any other falls on the line of its length."""
    by: dict[str, list] = {}
    for (length, ending), p in sorted(ended.items()):
        net = bet.net(length, ending)
        pushed = ending is Ending.PUSHED or (ending is Ending.SHOE_END and net == 0)
        row = by.setdefault("pushed" if pushed else bet.label(length), [net, 0])
        row[1] += p
    return tuple(RunLine(label, net, p) for label, (net, p) in by.items())


def one_coup_steps(bet: RunBet, shoe: Shoe, tableau: Tableau = STANDARD) -> dict[RunStep, Fraction]:
    """The chance, on ``shoe``, that one coup does each step to ``bet``'s run (exact,
    from the shoe's outcome table)."""
    table = outcome_table(shoe, tableau=tableau)
    winner = table.features["winner"]
    out = dict.fromkeys(RunStep, Fraction(0))
    for w in Winner:
        out[bet.steps[w]] += Fraction(int(table.counts[winner == w].sum()), table.total)
    return out


def chain(bet: RunBet, steps: Mapping[RunStep, object]) -> Counter:
    """The chance of each (length, ending) of ``bet`` when every coup does step s with
    chance ``steps[s]`` (exact fractions, or floats), independently: a skipped coup
    leaves the run as it was, so each length j ends by a break with chance c'^j·b', a
    push c'^j·u', and the longest paid length is reached with chance c'^top (c', b',
    u' the chances among the coups not skipped)."""
    dealt = 1 - steps[RunStep.SKIP]
    c, b, u = (steps[s] / dealt for s in (RunStep.CONTINUE, RunStep.BREAK, RunStep.PUSH))
    ended: Counter = Counter()
    for j in range(bet.top):
        ended[(j, Ending.BROKEN)] += c ** j * b
        ended[(j, Ending.PUSHED)] += c ** j * u
    ended[(bet.top, Ending.TOP)] += c ** bet.top
    return ended


def independent_coups(bet: RunBet, shoe: Shoe | None = None, *,
                      tableau: Tableau = STANDARD) -> StreakValue:
    """``bet`` valued with every coup independent, each with ``shoe``'s one-coup chances
    (by default the infinite deck, where that is exact), chained by :func:`chain`."""
    bet = _bet_argument(bet)
    shoe = Shoe.infinite() if shoe is None else shoe_argument(shoe)
    ended = chain(bet, one_coup_steps(bet, shoe, tableau))
    ret = sum((bet.net(n, e) * p for (n, e), p in ended.items()), Fraction(0))
    model = ("infinite deck" if shoe.replacement else
             f"{_shoe_name(shoe)}, independent coups")
    return StreakValue(bet.name, model, ValueKind.EXACT,
                       _lines(bet, {k: v for k, v in ended.items() if v}), ret, ret, ret)


def from_shoe(bet: RunBet, shoe: Shoe, *, cut: int = 0, end: EndRule = EndRule.AT_CUT,
              most_shoes: int = MOST_SHOES, tableau: Tableau = STANDARD) -> StreakValue:
    """``bet`` placed before the next coup of ``shoe`` (a full shoe, or one part-dealt),
    its coups dealt one after another from it; ``cut`` cards of it lie behind the cut
    card, and ``end`` says which coup is the shoe's last. Exact where at most
    ``most_shoes`` shoe states are reached; else proven bounds (see the module)."""
    bet, shoe, end_code = _dealt_in_turn(bet, shoe, cut, end)
    if isinstance(most_shoes, bool) or not isinstance(most_shoes, int) or most_shoes < 1:
        raise ArgumentError(f"most_shoes {most_shoes!r} must be a whole number from 1")
    ended, live = _follow(bet, value_counts(shoe), cut, end_code, most_shoes, tableau)
    counted = sum((bet.net(n, e) * p for (n, e), p in ended.items()), Fraction(0))
    rest = sum(live.values(), Fraction(0))
    ranges = pay_ranges(bet, live, cut, end_code)
    low = counted + sum((p * least for (least, _), p in ranges.items()), Fraction(0))
    high = counted + sum((p * most for (_, most), p in ranges.items()), Fraction(0))
    kind = ValueKind.EXACT if not live else ValueKind.PROVEN_BOUNDS
    model = f"{_shoe_name(shoe)}, dealt in turn (cut {cut}, {EndRule(end).value})"
    ret = counted if not live else (low + high) / 2
    return StreakValue(bet.name, model, kind, _lines(bet, ended), ret, low, high, rest)


def _dealt_in_turn(bet, shoe, cut, end) -> tuple[RunBet, Shoe, int]:
    """The arguments of a bet dealt in turn from a finite shoe, checked: the bet, the
    shoe, and the end rule's code (read, or refused, as a table's); the cut card must
    fit the shoe."""
    bet = _bet_argument(bet)
    shoe = shoe_argument(shoe)
    if shoe.replacement:
        raise ArgumentError(f"{shoe.label}: an endless shoe has no cut card; its coups are "
                            f"independent, valued by independent_coups")
    _cut_argument(cut, shoe)
    return bet, shoe, DealRules(end=end).end_code


def dealt_paths(bet: RunBet, shoe: Shoe, *, cut: int = 0, end: EndRule = EndRule.AT_CUT,
                paths: int = COMMAND_PATHS, seed: int = 1, tableau: Tableau = STANDARD,
                on_progress: Progress | None = None) -> StreakValue:
    """``bet`` placed before the next coup of ``shoe``, dealt in turn as by
    :func:`from_shoe`, estimated from ``paths`` sampled paths of the run, each coup's
    chance to end it counted exactly on the shoe the path left
    (:mod:`~bacc_edge.analysis.streak_paths`): unbiased, with a 95% interval."""
    bet, shoe, end_code = _dealt_in_turn(bet, shoe, cut, end)
    _paths_argument(paths, 2)
    sample = sample_paths(bet, value_counts(shoe), cut=cut, end=end_code, paths=paths,
                          seed=seed, tableau=tableau, on_progress=on_progress)
    model = f"{_shoe_name(shoe)}, dealt in turn (cut {cut}, {EndRule(end).value}; seed {seed})"
    v = sample.value
    return StreakValue(bet.name, model, ValueKind.SIMULATION, tuple(
        RunLine(r.label, r.net, float(r.probability)) for r in _lines(bet, sample.ended)),
        v.value, v.low, v.high, paths=paths)


def _paths_argument(paths, least: int) -> None:
    if isinstance(paths, bool) or not isinstance(paths, int) or paths < least:
        raise ArgumentError(f"paths {paths!r} must be a whole number from {least}")


def _cut_argument(cut, shoe: Shoe) -> None:
    """Refuse a ``cut`` that is no count of cards, or does not fit ``shoe``: on a full
    shoe of whole decks, as :class:`~bacc_edge.game.dealing.DealRules` refuses it (a coup
    must begin before the cut card), whichever models run; else past its cards."""
    if isinstance(cut, bool) or not isinstance(cut, int) or cut < 0:
        raise ArgumentError(f"cut {cut!r} must be a whole number of cards behind the cut card")
    decks = whole_decks(shoe)
    if decks:  # a full shoe: the one rule whole shoes are dealt by, and its message
        try:
            DealRules(decks, cut)
        except OptionError as err:
            raise ArgumentError(str(err)) from None
    elif cut > shoe.cards:
        raise ArgumentError(f"cut card {plural(cut, 'card')} from the end does not fit "
                            f"a shoe of {shoe.cards} cards (0 to {shoe.cards})")


def most_coups(left: int, cut: int, end: int) -> int:
    """The most coups a shoe of ``left`` cards, ``cut`` of them behind the cut card, can
    still deal when its next coup is dealt: the j-th begins with at most left - 4(j-1)
    cards, and only with six cards left and (j > 1) none of the cut card's dealt; one
    more under the one-more rule."""
    by_cut = (left - cut) // 4 + 1 if left >= cut else 1
    return max(1, min(by_cut, (left - COUP_CARDS) // 4 + 1)) + (end != END_AT_CUT)


def _reachable(bet: RunBet, run: int, coups: int | None = None) -> set[Fraction]:
    """What a run going at ``run`` may still be paid, with at most ``coups`` more coups
    (any number where None)."""
    longest = bet.top if coups is None else min(bet.top, run + coups)
    out = {bet.net(n, e) for n in range(run, longest + 1)
           for e in (Ending.BROKEN, Ending.SHOE_END)}
    if RunStep.PUSH in bet.steps.values():
        out.add(Fraction(0))
    return out


def pay_ranges(bet: RunBet, live: dict, cut: int, end: int) -> dict:
    """The live states' chances (``live``: (values, run, last coup) → chance) summed by
    the least and most each may still be paid (:func:`_reachable`), worked out once per
    run and coups left: thousands of states share a few."""
    by_key: dict = {}
    for (values, run, last), p in live.items():
        key = (run, 1 if last else most_coups(sum(values), cut, end))
        by_key[key] = by_key.get(key, 0) + p
    out: dict = {}
    for key, p in by_key.items():
        pays = _reachable(bet, *key)
        out[min(pays), max(pays)] = out.get((min(pays), max(pays)), 0) + p
    return out


def _settled(bet: RunBet, run: int, coups: int) -> tuple[int, Ending] | None:
    """Where a run going at ``run`` with at most ``coups`` more coups is paid the same
    whatever they deal, on one line: the (length, ending) that stands for it."""
    longest = min(bet.top, run + coups)
    if len(_reachable(bet, run, coups)) > 1 or len(
            {bet.label(n) for n in range(run, longest + 1)}) > 1:
        return None
    return run, Ending.BROKEN


def _follow(bet: RunBet, values: tuple[int, ...], cut: int, end: int, most_shoes: int,
            tableau: Tableau):
    """Deal coup after coup from ``values``: the chance of each (length, ending), and
    the states (values, run, last coup) still going when the states followed would
    pass ``most_shoes``, with their chances.

    Chances are kept as whole numbers of ordered point-value deals over falling(N, d),
    the ordered ways to deal the d cards gone, so no fraction is reduced on the way."""
    table = cards_used(tableau)
    by_step = {s: sum((table.ways[:, w] for w in Winner if bet.steps[w] is s),
                      np.zeros(len(table.cards), dtype=np.int64)) for s in RunStep}
    n_cards = sum(values)
    ended: Counter = Counter()
    live: dict = {(values, 0, False): 1}
    followed = 0
    while live and followed + len(live) <= most_shoes:
        followed += len(live)
        after: Counter = Counter()
        for (vals, run, last), ways in live.items():
            left = sum(vals)
            rows = np.flatnonzero((table.used <= np.array(vals)).all(axis=1))
            weights = draw_weights(vals, table.used[rows]) * ways
            cards = table.cards[rows]
            for step, ending in ((RunStep.BREAK, Ending.BROKEN), (RunStep.PUSH, Ending.PUSHED)):
                _add_by_cards(ended, (run, ending), weights * by_step[step][rows], cards,
                              n_cards - left)
            for step in (RunStep.CONTINUE, RunStep.SKIP):
                n = run + (step is RunStep.CONTINUE)
                here = weights * by_step[step][rows]
                if n >= bet.top:
                    _add_by_cards(ended, (bet.top, Ending.TOP), here, cards, n_cards - left)
                    continue
                going = np.flatnonzero(by_step[step][rows])
                rests = (np.array(vals) - table.used[rows[going]]).tolist()
                for k in np.unique(cards[going]).tolist():
                    dealt = n_cards - left + k
                    over, next_last = after_coup(end, left - cut, 0, k, last)
                    settled = None if over or left - k < COUP_CARDS else _settled(
                        bet, n, 1 if next_last else most_coups(left - k, cut, end))
                    for j in np.flatnonzero(cards[going] == k).tolist():
                        ways_here = here[going[j]]
                        if over or left - k < COUP_CARDS:
                            ended[(n, Ending.SHOE_END, dealt)] += ways_here
                        elif settled is not None:  # nothing left to deal changes the pay
                            ended[settled + (dealt,)] += ways_here
                        else:
                            after[(tuple(rests[j]), n, next_last)] += ways_here
        live = after
    chance = {}
    for (length, ending, dealt), ways in ended.items():
        key = (length, ending)
        chance[key] = chance.get(key, 0) + Fraction(ways, falling(n_cards, dealt))
    return chance, {state: Fraction(ways, falling(n_cards, n_cards - sum(state[0])))
                    for state, ways in live.items()}


def _add_by_cards(ended: Counter, key: tuple, ways: np.ndarray, cards: np.ndarray,
                  dealt: int) -> None:
    """Add ``ways`` (one per row) to ``ended[key + (cards dealt after the row's coup,)]``."""
    for k in np.unique(cards).tolist():
        total = ways[cards == k].sum()
        if total:
            ended[key + (dealt + k,)] += total


def simulated(bet: RunBet, rules: DealRules = DealRules(), *, shoes: int = 10_000,
              seed: int = 1, tableau: Tableau = STANDARD) -> StreakValue:
    """``bet`` on ``shoes`` whole shoes dealt by ``rules`` (shoe i of run ``seed`` is the
    depth runs' shoe i), placed before every coup its rule allows (after a coup whose
    winner is one of ``placed_after``, or once the run has reached
    ``placed_after_run``): the average net per bet and its 95% interval over shoes
    (delta method), and each pay line's share of the bets."""
    bet = _bet_argument(bet)
    if isinstance(shoes, bool) or not isinstance(shoes, int) or shoes < 2:
        raise ArgumentError(f"shoes {shoes!r} must be a whole number from 2")
    if not isinstance(rules, DealRules):
        raise ArgumentError(f"rules {rules!r} is not a DealRules")
    winners = dealt_winners(rules, shoes, seed, tableau)
    nets, placed, lines = np.zeros(shoes), np.zeros(shoes), Counter()
    sq = np.zeros(shoes)
    for s, row in enumerate(winners):
        for _, length, ending in placed_runs(bet, row):
            net = bet.net(length, ending)
            nets[s] += float(net)
            sq[s] += float(net) ** 2
            placed[s] += 1
            lines[(length, ending)] += 1
    total = int(placed.sum())
    if not total:
        raise ArgumentError(f"{bet.name!r} was never placed in {shoes} shoes")
    interval: Interval = ratio_interval(
        n=shoes, sum_y=float(nets.sum()), sum_x=float(total), q_yy=float((nets ** 2).sum()),
        q_xy=float((nets * placed).sum()), q_xx=float((placed ** 2).sum()),
        shoes_with_x=int((placed > 0).sum()))
    shares = {k: v / total for k, v in lines.items()}
    model = (f"{rules.decks}-deck shoes simulated (cut {rules.cut}, {rules.end.value}; "
             f"{shoes:,} shoes, seed {seed})")
    return StreakValue(bet.name, model, ValueKind.SIMULATION,
                       tuple(RunLine(r.label, r.net, float(r.probability))
                             for r in _lines(bet, shares)),
                       interval.value, interval.low, interval.high, bets=total)


def simulated_paths(bet: RunBet, rules: DealRules = DealRules(), *, shoes: int = 2_000,
                    seed: int = 1, tableau: Tableau = STANDARD,
                    on_progress: Progress | None = None) -> StreakValue:
    """``bet`` placed as :func:`simulated` places it on the same shoes, each bet's run
    a sampled path from the cards left at its place
    (:func:`~bacc_edge.analysis.streak_paths.placed_paths`) in place of the run the
    cards dealt: the same expectation, far less spread. The average net per bet and its
    95% interval over shoes (delta method), and each pay line's share."""
    bet = _bet_argument(bet)
    if isinstance(shoes, bool) or not isinstance(shoes, int) or shoes < 2:
        raise ArgumentError(f"shoes {shoes!r} must be a whole number from 2")
    if not isinstance(rules, DealRules):
        raise ArgumentError(f"rules {rules!r} is not a DealRules")
    sample = placed_paths(bet, dealt_coups(rules, shoes, seed, tableau), cut=rules.cut,
                          end=rules.end_code, seed=seed, tableau=tableau,
                          on_progress=on_progress, key=(rules, shoes))
    y, x = sample.nets, sample.bets
    total = int(x.sum())
    if not total:
        raise ArgumentError(f"{bet.name!r} was never placed in {shoes} shoes")
    interval = ratio_interval(n=shoes, sum_y=float(y.sum()), sum_x=float(total),
                              q_yy=float((y * y).sum()), q_xy=float((x * y).sum()),
                              q_xx=float((x * x).sum()), shoes_with_x=int((x > 0).sum()))
    model = (f"{rules.decks}-deck shoes simulated (cut {rules.cut}, {rules.end.value}; "
             f"{shoes:,} shoes, seed {seed})")
    return StreakValue(bet.name, model, ValueKind.SIMULATION, tuple(
        RunLine(r.label, r.net, float(r.probability))
        for r in _lines(bet, {k: v / total for k, v in sample.ended.items()})),
        interval.value, interval.low, interval.high, bets=total, paths=total)


def placed_runs(bet: RunBet, row: list[int]):
    """(coup, length, ending) of every bet placed in one shoe's winners ``row``, before
    each coup its rule allows (:meth:`~bacc_edge.language.streaks.RunBet.may_place`)."""
    for i in bet.places(row):
        run = 0
        for w in row[i:]:
            step = bet.steps[Winner(w)]
            if step is RunStep.BREAK or step is RunStep.PUSH:
                yield i, run, Ending.BROKEN if step is RunStep.BREAK else Ending.PUSHED
                break
            run += step is RunStep.CONTINUE
            if run >= bet.top:
                yield i, bet.top, Ending.TOP
                break
        else:
            yield i, run, Ending.SHOE_END


def dealt_winners(rules: DealRules, shoes: int, seed: int, tableau: Tableau = STANDARD
                  ) -> list[list[int]]:
    """The winners (:class:`~bacc_edge.game.coup.Winner` codes) of every coup of shoes
    0 … ``shoes`` - 1 of run ``seed``, dealt by the depth runs' dealer."""
    return [shoe.winners for shoe in dealt_coups(rules, shoes, seed, tableau)]


@dataclass(frozen=True)
class DealtCoups:
    """One shoe dealt: each coup's winner (a :class:`~bacc_edge.game.coup.Winner`
    code) and the place of its first card, and the shoe's cards by point value in the
    order dealt (the shown card and the burn first)."""

    winners: list[int]
    starts: list[int]
    points: list[int]


def dealt_coups(rules: DealRules, shoes: int, seed: int, tableau: Tableau = STANDARD, *,
                first: int = 0) -> list[DealtCoups]:
    """Shoes ``first`` … ``first + shoes`` - 1 of run ``seed``, dealt by the depth runs'
    dealer, as :class:`DealtCoups`."""
    from ..engine import deal_kernels as K
    from ..engine.point_table import CellLayout
    from ..game.coup import coup_plan
    from ..game.dealing import deal_plan
    layout = CellLayout(False, tableau)
    f = layout.features()
    nv = 10
    cell_of = np.full((3, 3, nv, nv, nv + 1, nv + 1), -1, dtype=np.int64)
    cell_of[f["player_pair"], f["banker_pair"], f["player_two_card_total"],
            f["banker_two_card_total"], f["player_third"] + 1,
            f["banker_third"] + 1] = np.arange(layout.n_cells)
    cell_class = np.ascontiguousarray(f["winner"], dtype=np.int64)
    class_net = np.array([[0.0, 1.0, 2.0]])
    m = rules.rounds_bound
    rounds = np.zeros(shoes, dtype=np.int64)
    net = np.zeros((shoes, m, 1))
    start = np.zeros((shoes, m), np.int64)
    deal = deal_plan(rules)
    cards = np.zeros((shoes, len(deal.ordered)), np.int64)
    work = np.empty(len(deal.ordered), dtype=np.int64)
    K.deal_shoes(seed, first, deal, coup_plan(tableau),
                 K.RoundCells(cell_of, False, cell_class, class_net),
                 K.CountPlan(np.zeros((0, 13), np.int64), np.zeros(0, np.int64),
                             np.zeros(0, np.int64), np.zeros(0, np.int64),
                             np.zeros(0, np.int64)),
                 K.DealtShoes(rounds, start, np.zeros((shoes, m, 0), np.int64),
                              np.zeros((shoes, m, 0)), net, cards),
                 work, np.zeros(1, dtype=np.uint64))
    points = deal.card_points[deal.card_rank[cards]]
    return [DealtCoups(net[s, :rounds[s], 0].astype(int).tolist(),
                       start[s, :rounds[s]].tolist(), points[s].tolist())
            for s in range(shoes)]


#: The shoe states ``bacc-edge streak`` follows by default (a few seconds a bet).
COMMAND_SHOES = 300


def whole_decks(shoe: Shoe) -> int | None:
    """The decks of ``shoe`` where it is a full shoe of whole decks, the only shoe whole
    shoes are simulated from; else ``None``."""
    return shoe.dealt_from if shoe.dealt_from and shoe == Shoe.decks(shoe.dealt_from) else None


def streak_values(path, shoe: Shoe | None = None, *, names=(), cut: int = 14,
                  end: EndRule = EndRule.AT_CUT, shoes: int = COMMAND_SHOES_DEALT,
                  seed: int = 1,
                  most_shoes: int = COMMAND_SHOES, paths: int = COMMAND_PATHS,
                  on_progress: Progress | None = None) -> list[StreakValue]:
    """Each run bet of the file at ``path`` (``STREAKS``; those ``names`` names, else
    all) under every model that applies to ``shoe`` (8 decks by default): the infinite
    deck; the shoe's one-coup chances as independent coups; coups dealt in turn from the
    shoe itself, ``cut`` cards behind the cut card — exact where ``most_shoes`` states
    suffice, else ``paths`` sampled paths (:func:`dealt_paths`; 0: the proven bounds
    instead); and, for a full shoe of whole decks, ``shoes`` whole shoes dealt and the
    bet placed wherever its rule allows, each bet's run a sampled path
    (:func:`simulated_paths`; 0: none). ``on_progress`` hears of the paths."""
    from ..language.several_coups import chosen, load_several
    shoe = Shoe.decks(8) if shoe is None else shoe_argument(shoe)
    bets = chosen(load_several(path, "STREAKS"), names)
    if not shoe.replacement:
        _cut_argument(cut, shoe)
    for name, value in (("paths", paths), ("shoes", shoes)):
        if isinstance(value, bool) or not isinstance(value, int) or 0 < value < 2 or value < 0:
            raise ArgumentError(f"{name} {value!r} must be a whole number: 0, or 2 or more")
    whole = whole_decks(shoe)
    rules = DealRules(whole, cut, end) if whole and shoes else None
    out = []
    for i, bet in enumerate(bets):
        out.append(independent_coups(bet))
        if not shoe.replacement:
            out.append(independent_coups(bet, shoe))
            dealt = from_shoe(bet, shoe, cut=cut, end=end, most_shoes=most_shoes)
            if dealt.kind is not ValueKind.EXACT and paths:
                dealt = dealt_paths(bet, shoe, cut=cut, end=end, paths=paths, seed=seed,
                                    on_progress=part(on_progress, 1000 * i, 500,
                                                     1000 * len(bets)))
            out.append(dealt)
        if rules is not None:
            out.append(simulated_paths(bet, rules, shoes=shoes, seed=seed,
                                       on_progress=part(on_progress, 1000 * i + 500, 500,
                                                        1000 * len(bets))))
    return out


__all__ = ["COMMAND_PATHS", "COMMAND_SHOES", "COMMAND_SHOES_DEALT", "DealtCoups", "MOST_SHOES",
           "RunLine", "StreakValue", "ValueKind", "chain", "dealt_coups", "dealt_paths",
           "dealt_winners", "from_shoe", "independent_coups", "most_coups", "one_coup_steps",
           "pay_ranges", "placed_runs", "simulated", "simulated_paths", "streak_values",
           "whole_decks"]
