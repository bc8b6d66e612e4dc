"""Effects of removal: how a bet's expected value moves as cards leave the shoe, and
the linear count a player could build from them."""

from __future__ import annotations

import math
import numbers
import time
from dataclasses import dataclass
from fractions import Fraction

from ..game.cards import RANKS, SUITS, card_name
from ..util.arguments import callable_argument, non_empty, quoted
from ..errors import ArgumentError, OptionError, ShoeError
from .evaluator import Evaluator, answering_cells, plan_cost
from ..language.bet import Bet, bets_argument
from ..util.progress import Progress, Steps
from ..util.shown import Results, Shown
from .bet_report import Tables, each_paytable, layouts, report, tables_argument
from ..game.tableau import STANDARD, Tableau, tableau_argument
from ..game.shoe import Shoe, shoe_argument


@dataclass(frozen=True)
class RemovalEffects(Shown):
    """For one bet on one shoe: the exact change in expected value per unit staked when
    one card of each rank (and, for bets that ask about suits, of each rank and suit)
    leaves the shoe."""

    bet: Bet
    shoe: Shoe
    ev: Fraction
    by_rank: dict[str, Fraction]
    by_card: dict[str, Fraction] | None
    #: the drawing rules the coups were counted by
    tableau: Tableau = STANDARD

    @property
    def rank_counts(self) -> dict[str, int]:
        return dict(zip(RANKS, self.shoe.ranks))

    @property
    def by_suit(self) -> dict[str, Fraction] | None:
        """For a bet whose effects depend on the suit (``by_card``), each suit's effect:
        the average over the ranks of the effects of its cards, weighted by how many of
        each the shoe holds (what removing an unseen card of that suit does); None for
        a bet on points and ranks alone."""
        if self.by_card is None:
            return None
        out = {}
        for s, suit in enumerate(SUITS):
            held = [(self.shoe.suits[r][s], card_name(r, s)) for r in range(len(RANKS))
                    if self.shoe.suits[r][s]]
            if held:
                out[suit] = (sum((n * self.by_card[card] for n, card in held), Fraction(0))
                             / sum(n for n, _ in held))
        return out

    @property
    def sum_check(self) -> Fraction:
        """Σ over the shoe's cards of their effects. Dealing an unseen card changes
        nothing on average, so this is exactly zero; it is printed as a check."""
        return sum((n * self.by_rank[r] for r, n in self.rank_counts.items() if n), Fraction(0))


def effects_of_removal(bets: list[Bet], shoe: Shoe, *, tables: Tables | None = None,
                       tableau: Tableau = STANDARD, full_shoe: Shoe | None = None,
                       on_progress: Progress | None = None) -> Results[RemovalEffects]:
    """Exact effects of removal for each bet, by recounting the shoe less one card,
    coups dealt by ``tableau``.

    By rank for every bet; by rank and suit too for bets that ask about suits (their
    rank effect is then the average over the suits, weighted by the cards of each).
    ``on_progress(done, total)`` hears of each shoe counted: per layout of bets, the
    full shoe and each removal, of a rank or of a card (see :mod:`bacc_edge.util.progress`).
    An event that can never happen on ``full_shoe`` is refused, as
    :func:`~bacc_edge.analysis.bet_report.report` refuses it (which takes ``full_shoe`` too).
    """
    bets = non_empty(bets_argument(bets), "bets", "Bet")
    shoe_argument(shoe)
    callable_argument(on_progress)
    tableau_argument(tableau)
    if shoe.replacement:
        raise ShoeError("an infinite deck has no effects of removal: dealing changes nothing")
    tables = tables_argument(tables) or Tables()
    refuse_too_large(bets, tableau, shoe)
    report(bets, shoe, full_shoe=full_shoe, tables=tables, tableau=tableau)  # tables kept
    # bets by layout, each layout's bets compiled once and valued on every shoe
    modes = {layout: (Evaluator([bets[i] for i in chosen], layout), chosen)
             for layout, chosen in layouts(bets, tableau, shoe).items()}
    by_suit = {layout: layout.tells_suits for layout in modes}
    if any(by_suit.values()) and not shoe.suits_known:
        raise ShoeError(f"effects of removal by suit need a shoe whose suits are all known, "
                        f"not {shoe.label}")

    def evs(on: Shoe, layout) -> list[Fraction]:
        return modes[layout][0].evs(tables.get(on, layout))

    ranks_left = [r for r in range(len(RANKS)) if shoe.ranks[r]]
    suits_left = sum(1 for r in ranks_left for n in shoe.suits[r] if n) if any(
        by_suit.values()) else 0
    step = Steps(on_progress, sum(1 + (suits_left if by_suit[layout] else len(ranks_left))
                                  for layout in modes))
    base = [Fraction(0)] * len(bets)
    for layout, (_, chosen) in modes.items():
        for i, ev in zip(chosen, evs(shoe, layout)):
            base[i] = ev
        step()
    by_rank: list[dict[str, Fraction]] = [{} for _ in bets]
    by_card: list[dict[str, Fraction]] = [{} for _ in bets]
    suited = set()
    for r in ranks_left:
        rank = RANKS[r]
        for layout, (_, chosen) in modes.items():
            if not by_suit[layout]:
                # a suit-free table depends on rank counts only: one removal of the rank
                for i, ev in zip(chosen, evs(shoe.remove(rank), layout)):
                    by_rank[i][rank] = ev - base[i]
                step()
                continue
            weights = {card_name(r, s): shoe.suits[r][s]
                       for s in range(len(SUITS)) if shoe.suits[r][s]}
            after = {}
            for card in weights:
                after[card] = evs(shoe.remove(card), layout)
                step()
            for j, i in enumerate(chosen):
                effects = {card: after[card][j] - base[i] for card in weights}
                by_rank[i][rank] = (sum(effects[k] * weights[k] for k in effects)
                                    / sum(weights.values()))
                by_card[i].update(effects)
                suited.add(i)
    return Results(RemovalEffects(b, shoe, base[i], by_rank[i],
                                  by_card[i] if i in suited else None, tableau)
                   for i, b in enumerate(bets))


def removal_seconds(layout, shoe: Shoe, tables: Tables) -> float:
    """About how many seconds :func:`effects_of_removal` takes for the bets counted on
    ``layout`` (one of :func:`~bacc_edge.analysis.bet_report.layouts`) on ``shoe``: one
    removal counted and timed (the table kept in ``tables``, where the effects find it),
    times the removals, one per card kind left where the layout tells suits, else one
    per rank. A card-level count runs milliseconds to seconds, the point tables far
    less; this says which before the minutes are spent."""
    if shoe.replacement:
        raise ShoeError("an infinite deck has no effects of removal: dealing changes nothing")
    by_suit = layout.tells_suits
    if by_suit and not shoe.suits_known:
        raise ShoeError(f"effects of removal by suit need a shoe whose suits are all known, "
                        f"not {shoe.label}")
    held = [card_name(r, s) for r in range(len(RANKS)) for s in range(len(SUITS))
            if shoe.suits[r][s]] if by_suit else [RANKS[r] for r in range(len(RANKS))
                                                   if shoe.ranks[r]]
    start = time.perf_counter()
    tables.get(shoe.remove(held[0]), layout)
    return (time.perf_counter() - start) * len(held)


def effects_and_counts(paytables, shoe: Shoe, level: int = 3, *,
                       tables: Tables | None = None, full_shoe: Shoe | None = None,
                       on_progress: Progress | None = None
                       ) -> tuple[list[RemovalEffects], list[LinearCount | None]]:
    """The effects of removal of every bet of ``paytables`` (loaded paytables, each
    dealt by its own tableau) on ``shoe``, and beside each the linear count of
    ``level`` built from them (:func:`linear_count`; None where no count helps).
    ``full_shoe``: as :func:`effects_of_removal` takes it."""
    level_argument(level)  # before any counting
    tables = tables_argument(tables) or Tables()
    effects = []
    for paytable, stage in each_paytable(paytables, on_progress):
        refuse_too_large(paytable.bets, paytable.rules, shoe)
        # an event that can never happen, refused naming the paytable's file
        report(paytable, shoe, full_shoe=full_shoe, tables=tables)
        effects += effects_of_removal(paytable.bets, shoe, tables=tables, full_shoe=full_shoe,
                                      tableau=paytable.rules, on_progress=stage)
    return effects, [linear_count(fx, level) for fx in effects]


def refuse_too_large(bets, tableau: Tableau, shoe: Shoe) -> None:
    """Refuse, naming it, a bet whose card layout is too large to keep (its plan:
    :func:`~bacc_edge.analysis.evaluator.plan_cost`): the effects of removal read its
    cells on every shoe less a card, so it is refused before its report would stream the
    full shoe only to be refused after (issue 31's tester: 8 s)."""
    for bet in bets:
        plan_cost(answering_cells([bet], tableau, shoe=shoe), [bet])


def level_argument(level) -> None:
    """Refuse a count level that is not a whole number from 1 to :data:`MAX_LEVEL`."""
    if not isinstance(level, int) or isinstance(level, bool) or not 1 <= level <= MAX_LEVEL:
        raise OptionError(f"count level {level!r} must be a whole number from 1 to "
                          f"{MAX_LEVEL} (as --level)")


#: How much betting correlation a count that tags equal effects alike may give up.
TIED_PREFERENCE = 0.005


@dataclass(frozen=True)
class LinearCount:
    """Integer tags per rank, proportional to the effects of removal (a card whose
    removal helps the bettor counts +), and how well they track the bet."""

    tags: dict[str, int]
    level: int
    betting_correlation: float
    imbalance: int
    slope_per_true_count: float
    positive_at_true_count: float | None

    @property
    def balanced(self) -> bool:
        return self.imbalance == 0


#: The largest count level: tags from -20 to +20 already tell every effect apart, and the
#: tag search grows with the level (a level of 10**30 would never end).
MAX_LEVEL = 20


def linear_count(effects: RemovalEffects, level: int = 3) -> LinearCount | None:
    """The best count with tags from -level to +level proportional to the effects.

    Ranks whose removal has exactly the same effect share a tag, unless splitting them
    raises the betting correlation by more than TIED_PREFERENCE. Among the roundings
    of the effects at every scale, each also nudged to balance (tags summing to zero
    over the shoe), it keeps the balanced ones and picks the one with the highest
    betting correlation, then improves it by moving units between tags of equally many
    cards; if none balances, the best one and its imbalance per shoe.
    None when no card's removal moves the bet (a pair bet on a full shoe: every rank
    has the same effect, and the effects sum to zero), or when the best count tags no
    rank at all (on a part-dealt shoe, effects that differ too little to tell apart).
    The true count (running count per 52 cards left) at which the bet turns in the
    bettor's favour is the first-order estimate EV + slope · TC = 0, with the slope
    from the regression of the effects on the tags.
    """
    _effects_argument(effects)
    level_argument(level)
    ranks = [r for r in RANKS if r in effects.by_rank]
    if all(effects.by_rank[r] == 0 for r in ranks):
        return None
    # ranks whose removal has exactly the same effect (10, J, Q, K on most bets) may share
    # a tag; the search runs with and without that tie and keeps the better count
    groups: dict[Fraction, list[str]] = {}
    for r in ranks:
        groups.setdefault(effects.by_rank[r], []).append(r)
    best = None
    for members, preference in ((list(groups.values()), TIED_PREFERENCE), ([[r] for r in ranks], 0)):
        n = [sum(effects.rank_counts[r] for r in g) for g in members]
        e = [float(effects.by_rank[g[0]]) for g in members]
        unbalanced, neg_bc, off, found = _search(n, e, level)
        key = (unbalanced, neg_bc - preference, off)
        if best is None or key < best[0]:
            best = (key, neg_bc, {r: t for g, t in zip(members, found) for r in g})
    _, neg_bc, tags_by_rank = best
    n = [effects.rank_counts[r] for r in ranks]
    e = [float(effects.by_rank[r]) for r in ranks]
    tags = [tags_by_rank[r] for r in ranks]
    if not any(tags):  # the best count tags nothing (effects too alike to tell apart)
        return None
    imbalance = sum(k * t for k, t in zip(n, tags))
    beta = sum(k * t * x for k, t, x in zip(n, tags, e)) / sum(k * t * t for k, t in zip(n, tags))
    slope = beta * effects.shoe.cards / 52
    ev = float(effects.ev)
    positive_at = -ev / slope if slope > 0 and imbalance == 0 else None
    return LinearCount(tags_by_rank, level, -neg_bc, imbalance, slope, positive_at)


def _search(n, e, level):
    """(unbalanced?, -correlation, |imbalance|, tags): the best rounding of the effects
    ``e`` of groups of ``n`` cards, nudged to balance, then improved by exchanges."""
    roundings = tag_roundings(e, level)
    candidates = set(roundings) | {_balanced(tags, n, e, level) for tags in roundings}
    candidates.discard(None)
    scored = []
    for tags in candidates:
        imbalance = sum(k * t for k, t in zip(n, tags))
        scored.append((imbalance != 0, -_correlation(n, tags, e), abs(imbalance), tags))
    unbalanced, neg_bc, off, tags = min(scored)
    tags, neg_bc = _exchange(list(tags), n, e, level, neg_bc)
    return unbalanced, neg_bc, off, tags


def tag_roundings(e, level) -> list[tuple[int, ...]]:
    """Every distinct rounding (halves away from zero) of the effects ``e`` scaled so
    that the largest stays within ``level``: the scale runs over (0, (level + ½) / max|e|],
    and the rounding changes only where some |e_i|·scale crosses a half, so one scale
    inside each interval between those crossings gives them all, exactly."""
    top = max(abs(x) for x in e)
    most = (level + 0.5) / top
    cuts = sorted({(k + 0.5) / abs(x) for x in e if x for k in range(level + 1)
                   if (k + 0.5) / abs(x) <= most} | {most})
    scales = [(a + b) / 2 for a, b in zip([0.0] + cuts, cuts)] + [most]
    out = []
    for scale in scales:
        tags = tuple(int(math.copysign(math.floor(abs(x) * scale + 0.5), x)) for x in e)
        if max(abs(t) for t in tags) <= level and any(tags) and tags not in out:
            out.append(tags)
    return out


def _balanced(tags, n, e, level):
    """The rounding nudged to balance: while the shoe's tags do not sum to zero, move
    by one the tag whose move brings the sum closer to zero and keeps the betting
    correlation highest. None if no move within the level gets it there."""
    tags = list(tags)
    while (off := sum(k * t for k, t in zip(n, tags))) != 0:
        step = -1 if off > 0 else 1
        moves = [i for i in range(len(tags))
                 if abs(tags[i] + step) <= level and abs(off + step * n[i]) < abs(off)]
        if not moves:
            return None

        def score(i):
            tags[i] += step
            bc = _correlation(n, tags, e)
            tags[i] -= step
            return bc

        tags[max(moves, key=score)] += step
    return tuple(tags)


def _exchange(tags, n, e, level, neg_bc):
    """Local search: move one unit between two tags of equally many cards (the balance
    stays) while that raises the betting correlation."""
    improved = True
    while improved:
        improved = False
        for i in range(len(tags)):
            for j in range(len(tags)):
                if i == j or n[i] != n[j] or tags[i] == level or tags[j] == -level:
                    continue
                tags[i] += 1
                tags[j] -= 1
                bc = _correlation(n, tags, e)
                if bc > -neg_bc + 1e-12:
                    neg_bc, improved = -bc, True
                else:
                    tags[i] -= 1
                    tags[j] += 1
    return tuple(tags), neg_bc


def betting_correlation(effects: RemovalEffects, tags) -> float:
    """The betting correlation of a count (13 tags, A … K) with a bet: the correlation
    of the tags and the effects of removal over the shoe's cards. Tags equal on every
    card of the shoe (all 0, say) are refused: a correlation with something that does
    not vary is undefined."""
    _effects_argument(effects)
    if (not isinstance(tags, (list, tuple)) or len(tags) != len(RANKS)
            or not all(isinstance(t, numbers.Real) and not isinstance(t, bool)
                       and math.isfinite(t) for t in tags)):
        raise ArgumentError(f"tags {quoted(tags)} must be {len(RANKS)} numbers, the tags of "
                            f"A … K")
    ranks = [r for r in RANKS if r in effects.by_rank]
    by_rank = dict(zip(RANKS, tags))
    if len({by_rank[r] for r in ranks}) < 2:
        raise OptionError(f"tags {quoted(tags)}: every card of {effects.shoe.label} has the "
                          f"same tag; the betting correlation of tags that do not vary is "
                          f"undefined")
    return _correlation([effects.rank_counts[r] for r in ranks], [by_rank[r] for r in ranks],
                        [float(effects.by_rank[r]) for r in ranks])


def _effects_argument(effects) -> None:
    if not isinstance(effects, RemovalEffects):
        raise ArgumentError(f"effects {quoted(effects)} must be one bet's RemovalEffects, "
                            f"an item of effects_of_removal(bets, shoe)")


def _correlation(n, tags, e) -> float:
    """Betting correlation: the correlation of tags and effects over the shoe's cards."""
    total = sum(n)
    mt = sum(k * t for k, t in zip(n, tags)) / total
    me = sum(k * x for k, x in zip(n, e)) / total
    cov = sum(k * (t - mt) * (x - me) for k, t, x in zip(n, tags, e))
    vt = sum(k * (t - mt) ** 2 for k, t in zip(n, tags))
    ve = sum(k * (x - me) ** 2 for k, x in zip(n, e))
    return cov / math.sqrt(vt * ve) if vt and ve else 0.0
