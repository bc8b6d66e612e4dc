"""Known card, its figures (analysis/; written in output/).

A known card: what each bet is worth when one of the next coup's cards is known, by
rank or by a class of ranks (edge sorting), and what a player who bets only then wins.

The strongest attacks on baccarat are one known card: a card followed through the shoe
after a ribbon spread exposed it, a dealer's flash, or edge sorting, where the backs
tell a class of ranks (the high cards 6-9 from the rest). For each position among the
next coup's cards, in the order they leave the shoe (``coup.card(n)``: P1 B1 P2 B2,
then the third cards in the order drawn, or the cards the coup leaves in the shoe), and
each rank or class that card may hold, every bet of a paytable is valued exactly given
that card; the player bets one unit on the best bet where it is favourable and sits out
elsewhere, so the average over the ranks, weighted by their chance, of the best bet's
value (0 where none is favourable) is what the known card is worth per coup.

Each position is one count of the paytable's bets beside one more condition, the card's
class (:func:`known_card`): the bets and the class are compiled together
(:class:`~bacc_edge.analysis.evaluator.Evaluator`), so that every settle class belongs
to one card class, and the bets' values given each class are sums over those settle
classes, exact fractions. Bets that never read the card (a pair bet, and card 5) are
valued on the shoe less a card of each rank instead: the cards of a shuffled shoe are
alike, so knowing one the bet never sees is knowing it gone (valued once, for every
position asked that they never read).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Sequence

import numpy as np

from ..errors import ArgumentError, OptionError, ShoeError, kind_of
from ..game.cards import CardNameError, RANKS, parse_rank
from ..engine.card_table import CardDetail
from ..engine.outcome_table import Layout, needs_python_integers
from ..game.coup import COUP_CARDS, POSITIONS, SHOE_ORDER
from ..game.shoe import SUITS_NEEDED, Shoe, shoe_argument
from ..game.tableau import Tableau, tableau_argument
from ..language.bet import Bet, Event
from ..language.card_words import coup
from ..language.loader import as_paytable
from ..util.arguments import callable_argument, quoted
from ..util.progress import Progress, Steps, part
from .bet_report import Tables, announce_count, layouts, report, tables_argument
from .evaluator import Evaluator, answering_cells, bet_features, layout_for, plan_cost
from .streamed_count import streamed_or_layout_for
from .progress_shares import QUICK_SECONDS, CountPrice, Told, count_price, steps

#: Edge sorting's two classes as the literature sorts them: the cards that tend to make
#: a natural, 6 7 8 9, and the rest.
EDGE_SORT = "6 7 8 9 | A 2 3 4 5 10 J Q K"
#: Where each card out of the shoe goes, in words.
DEALT_AS = (
    "the player's first card", "the banker's first card", "the player's second card",
    "the banker's second card",
    "the player's third card if he draws, else the banker's if he draws, else not dealt",
    "the banker's third card if both hands draw, else not dealt",
)


@dataclass(frozen=True)
class KnownRank:
    """One rank, or one class of ranks, that the known card may hold: how many cards of
    it the shoe has, the chance the card is one of them, and each bet's expected result
    per unit staked given that (``evs``, the paytable's bets in order)."""

    ranks: tuple[str, ...]
    cards: int
    probability: Fraction
    evs: tuple[Fraction, ...]

    @property
    def label(self) -> str:
        return " ".join(self.ranks)

    @property
    def best(self) -> int:
        """The bet worth most given the card (the first of several alike)."""
        return max(range(len(self.evs)), key=lambda b: (self.evs[b], -b))

    @property
    def best_ev(self) -> Fraction:
        return self.evs[self.best]

    @property
    def favourable(self) -> bool:
        """Whether the best bet favours the player: else the player sits out."""
        return self.best_ev > 0


@dataclass(frozen=True)
class KnownPosition:
    """One card out of the shoe (``position`` 1-6, ``coup.card(position)``) and what
    knowing it is worth, rank (or class) by rank."""

    position: int
    rows: tuple[KnownRank, ...]

    @property
    def dealt_as(self) -> str:
        return DEALT_AS[self.position - 1]

    @property
    def average_edge(self) -> Fraction:
        """The player's expected gain per coup: one unit on the best bet where the card
        makes one favourable, nothing where it makes none (sitting out counts 0)."""
        return sum((r.probability * r.best_ev for r in self.rows if r.favourable), Fraction(0))

    @property
    def bet_frequency(self) -> Fraction:
        """The share of coups on which the player bets."""
        return sum((r.probability for r in self.rows if r.favourable), Fraction(0))

    @property
    def edge_per_bet(self) -> Fraction | None:
        """The player's average advantage per unit bet (None where no rank is worth a
        bet)."""
        frequency = self.bet_frequency
        return None if frequency == 0 else self.average_edge / frequency


@dataclass(frozen=True)
class KnownCard:
    """What a known card is worth on ``shoe``: per position asked, per rank or class
    (``classes``; None: each rank alone) that card may hold, each of ``bets`` valued
    exactly, counted under ``tableau``; ``warnings``: the events only the cards gone
    rule out, as the report warns of them."""

    shoe: Shoe
    bets: tuple[str, ...]
    tableau: Tableau
    classes: tuple[tuple[str, ...], ...] | None
    positions: tuple[KnownPosition, ...]
    file: str | None = None
    warnings: tuple[str, ...] = ()


def parse_classes(classes) -> tuple[tuple[int, ...], ...]:
    """Classes of ranks, each rank in exactly one: ``"6 7 8 9 | A 2 3 4 5 10 J Q K"``
    (classes between ``|``, ranks between spaces), or a list of classes, each a string of
    ranks or a list of rank names. Ranks as :func:`~bacc_edge.game.cards.parse_rank`
    reads them (``T`` is 10). A rank left out, named twice, or not a rank, an empty
    class, a comma (neither a rank's nor a class's separator: never guessed to be one)
    and a single class (it tells no card from another) are refused, quoting what was
    written."""
    if isinstance(classes, str):
        if "," in classes:
            raise OptionError(f"classes {classes!r}: ranks are apart by spaces and classes "
                              f"by '|', e.g. {EDGE_SORT!r}; a comma is neither")
        parts = classes.split("|")
    elif isinstance(classes, (list, tuple)):
        parts = list(classes)
    else:
        raise ArgumentError(f"classes {kind_of(classes)} must be text such as "
                            f"{EDGE_SORT!r} or a list of classes of ranks")
    out, seen = [], {}
    for part in parts:
        if isinstance(part, str):
            names = part.split()
        elif isinstance(part, (list, tuple)) and all(isinstance(n, str) for n in part):
            names = list(part)
        else:
            raise ArgumentError(f"class {quoted(part)} of classes must be ranks, as text "
                                f"('6 7 8 9') or a list of rank names")
        if not names:
            raise OptionError(f"classes {classes!r}: a class is empty; each class names "
                              f"one rank or more, classes apart by '|'")
        ranks = []
        for name in names:
            try:
                rank = parse_rank(name)
            except CardNameError as err:
                raise OptionError(f"classes {classes!r}: {err}") from None
            if rank in seen:
                raise OptionError(f"classes {classes!r}: rank {RANKS[rank]} is in two "
                                  f"classes (or twice in one); each rank belongs to one")
            seen[rank] = len(out)
            ranks.append(rank)
        out.append(tuple(sorted(ranks)))
    missing = [RANKS[r] for r in range(len(RANKS)) if r not in seen]
    if missing:
        raise OptionError(f"classes {classes!r} leave out {' '.join(missing)}: every rank "
                          f"belongs to one class (the card may be any of them)")
    if len(out) < 2:
        raise OptionError(f"classes {classes!r} are one class, which tells no card from "
                          f"another: give two or more apart by '|', e.g. {EDGE_SORT!r}")
    return tuple(out)


def positions_argument(positions) -> tuple[int, ...]:
    """The positions asked, 1-6 (``coup.card(n)``), each once, in the order given."""
    if isinstance(positions, (str, bytes)) or not isinstance(positions, (list, tuple, range)):
        raise ArgumentError(f"positions {kind_of(positions)} must be a list of card "
                            f"positions 1-{len(SHOE_ORDER)}")
    out = list(positions)
    if not out:
        raise OptionError(f"positions {out!r} is empty: give at least one card position "
                          f"(1-{len(SHOE_ORDER)})")
    out = [int(n) if isinstance(n, np.integer) else n for n in out]  # numpy's whole numbers
    for n in out:
        if isinstance(n, bool) or not isinstance(n, int):
            raise ArgumentError(f"position {kind_of(n)} must be a whole number, a card "
                                f"position 1-{len(SHOE_ORDER)}")
        if not 1 <= n <= len(SHOE_ORDER):
            raise OptionError(f"position {n!r}: the next coup's cards are numbered 1 to "
                              f"{len(SHOE_ORDER)} in the order they leave the shoe")
    repeated = sorted({n for n in out if out.count(n) > 1})
    if repeated:
        raise OptionError(f"position {repeated[0]} is named twice: give each position once")
    return tuple(out)


def known_card(source, shoe: Shoe | None = None, *, positions=range(1, len(SHOE_ORDER) + 1),
               classes=None, tableau: Tableau | None = None, tables: Tables | None = None,
               full_shoe: Shoe | None = None, on_progress: Progress | None = None,
               on_note: Callable[[str], None] | None = None) -> KnownCard:
    """What one known card of the next coup is worth, on ``shoe`` (8 decks by default).

    ``source`` is a paytable file's path, a loaded paytable, a :class:`Bet` or a list of
    bets (every bet is a choice the player may make); ``positions`` the cards out of the
    shoe to ask about (1-6, :data:`DEALT_AS`); ``classes`` the classes of ranks the
    player can tell apart (:func:`parse_classes`, e.g. :data:`EDGE_SORT`; None: every
    rank). Coups are dealt by ``tableau``, by default the paytable's own. An event that
    can never happen is judged as :func:`~bacc_edge.analysis.bet_report.report` judges
    it, on ``full_shoe`` (by default the whole decks ``shoe`` was dealt from): an error,
    or where only the cards gone rule it out a line of :attr:`KnownCard.warnings`.
    ``on_progress(done, total)`` hears of each table counted, and of each long count's
    own progress: the count that finds the cells and a rank's at a position where a bet
    never reads the card; the count that finds the cells, the count and its settling
    where bets do. ``on_note(line)`` hears, before it starts, of each count estimated
    past :data:`~bacc_edge.engine.card_plan.NOTICE_SECONDS`, as
    :func:`~bacc_edge.analysis.bet_report.report` tells of them; one that would take
    more memory or time than a count may is refused before it starts
    (:class:`~bacc_edge.errors.PlanTooLarge`, naming the bets), except bets read beside
    the card whose cells are too many to keep but fit streamed: those are streamed
    through the bets and the card's class together, as a report streams them
    (:mod:`~bacc_edge.analysis.streamed_count`)."""
    callable_argument(on_progress)
    callable_argument(on_note, "on_note")
    shoe = Shoe.decks(8) if shoe is None else shoe_argument(shoe)
    paytable = as_paytable(source)
    tableau = tableau_argument(tableau or paytable.rules)
    tables = tables_argument(tables) or Tables()
    asked = positions_argument(positions)
    groups = (tuple((r,) for r in range(len(RANKS))) if classes is None
              else parse_classes(classes))
    bets = list(paytable.bets)
    _countable(bets, shoe, tableau)
    held = [r for r in range(len(RANKS)) if shoe.ranks[r]]
    split = []
    for n in asked:
        blind = [i for i, b in enumerate(bets) if shoe.cards > COUP_CARDS and not _sees([b], n)]
        split.append((n, blind, [i for i in range(len(bets)) if i not in blind]))
    # bets counted together where they read the same cells: grouped before any count (a
    # bet's own layout, found by a count of the cards, is never counted where it reads
    # the card: there it is counted beside the card's class)
    cells_of = {i: answering_cells([bet], tableau, shoe=shoe) for i, bet in enumerate(bets)}
    plan = [(n, _grouped(blind, cells_of), _grouped(seeing, cells_of))
            for n, blind, seeing in split]
    cards = {n: _card_classes(n, groups) for n in asked}  # each card's class, as a bet
    shares = _shares(plan, bets, cards, shoe, tableau, held)
    step = Steps(on_progress, sum(sum(stages) for stages in shares.values()))
    lines: dict[int, tuple[int, ...]] = {}  # each bet's deals by line on the shoe (> 0 or 0)
    unseen: dict[tuple[int, ...], tuple] = {}  # the values of bets that never read the card
    warnings: tuple[str, ...] = ()
    out = []
    for n, blind_groups, seeing_groups in plan:
        card = cards[n]
        evs = np.empty((len(groups), len(bets)), dtype=object)
        mass = [Fraction(sum(shoe.ranks[r] for r in group), shoe.cards) for group in groups]
        for places in blind_groups:  # a card the bets never see: as if removed, by rank
            if tuple(places) in unseen:  # valued alike at every position they never read
                step(sum(shares[n, places[0]]))
            else:
                unseen[tuple(places)] = _unseen_card([bets[i] for i in places], held, shoe,
                                                     tableau, tables, step,
                                                     shares[n, places[0]], on_note)
            by_rank, reached = unseen[tuple(places)]
            lines.update(zip(places, reached))
            for k, group in enumerate(groups):
                if mass[k]:
                    evs[k, places] = _weighed(by_rank, group, shoe)
        for places in seeing_groups:
            together = [bets[i] for i in places] + [card]
            finding, counting, settling = shares[n, places[0]]
            told = Told(_stage(step, finding), finding)
            layout = streamed_or_layout_for(together, tableau, shoe=shoe, on_note=on_note,
                                            on_progress=told.progress)
            left = told.unreached(layout)  # its streamed count's
            step(finding - left)
            if not tables.holds(shoe, layout):
                announce_count(shoe, layout, together, on_note)
            table = tables.get(shoe, layout, on_progress=_stage(step, counting + left))
            step(counting + left)
            evaluator = Evaluator.compiled(together, layout)
            totals = evaluator.class_totals(table)
            lines.update(zip(places, evaluator.line_counts(totals)[:-1]))
            class_held = evaluator.class_events[-1]  # each settle class's class of the card
            for k in range(len(groups)):
                given = np.where(class_held == k, totals, 0)
                count = int(given.sum())
                mass[k] = Fraction(count, int(totals.sum()))
                if count:
                    evs[k, places] = evaluator.evs(given)[:-1]
            step(settling)
        if not out:  # the events are judged once, before the other positions are counted
            warnings = _never_happen(paytable, lines, shoe, full_shoe, tableau, tables)
        rows = tuple(KnownRank(tuple(RANKS[r] for r in group),
                               sum(shoe.ranks[r] for r in group), mass[k], tuple(evs[k]))
                     for k, group in enumerate(groups) if mass[k])
        out.append(KnownPosition(n, rows))
    return KnownCard(shoe, tuple(b.name for b in bets), tableau,
                     None if classes is None else tuple(tuple(RANKS[r] for r in g)
                                                        for g in groups),
                     tuple(out), paytable.file, warnings)


def _shares(plan, bets: Sequence[Bet], cards: dict[int, Bet], shoe: Shoe, tableau: Tableau,
            held: Sequence[int]) -> dict[tuple[int, int], tuple[int, ...]]:
    """Every count priced before any is made (a count that fits neither kept nor, beside
    the card, streamed is refused here, naming its bets:
    :func:`~bacc_edge.analysis.evaluator.plan_cost`), and each
    group's stages given their steps of the progress by their priced time
    (:mod:`~bacc_edge.analysis.progress_shares`), keyed by the position and the group's
    first bet. A group that never reads the card: the count that finds its cells, then
    the shoe less a card of each of the ``held`` ranks, its suit unknown (nothing where
    an earlier position valued the same bets so). A group that reads it, beside
    the card's class: the count that finds their cells, which keeps the shoe's table;
    the shoe's table, where it did not; the bets settled class by class."""
    out, valued = {}, set()
    for n, blind_groups, seeing_groups in plan:
        for places in blind_groups:
            counted = [bets[i] for i in places]
            cells = answering_cells(counted, tableau, shoe=shoe)
            plan_cost(cells, counted)
            less = shoe if shoe.replacement else shoe.remove(RANKS[held[0]])
            if tuple(places) in valued:  # valued once, at their first position
                out[n, places[0]] = (1,) + (0,) * len(held)
                continue
            valued.add(tuple(places))
            price = count_price(cells, less)
            later = QUICK_SECONDS if shoe.replacement else price.later  # the shoe, kept
            out[n, places[0]] = (steps(price.finding),) + (steps(later),) * len(held)
        for places in seeing_groups:
            counted = [bets[i] for i in places] + [cards[n]]
            cells = answering_cells(counted, tableau, shoe=shoe)
            price = count_price(cells, shoe)
            if not price.streamed:  # (a streamed count fits in the memory and time)
                plan_cost(cells, counted)
            out[n, places[0]] = (steps(price.finding),
                                 steps(QUICK_SECONDS if price.finding else price.later),
                                 steps(QUICK_SECONDS))
    return out


def _stage(step: Steps, size: int) -> Progress | None:
    """The progress of the next stage's count, within its ``size`` steps."""
    return part(step.on_progress, step.done, size, step.total)


def _countable(bets: Sequence[Bet], shoe: Shoe, tableau: Tableau) -> None:
    """Refuse, before anything is counted, a shoe the known card cannot be counted on:
    the card is read as a bet on the cards, counted in 64-bit integers; and a bet on
    suits needs a shoe whose suits are known."""
    if not shoe.replacement and needs_python_integers(shoe.cards):
        raise ShoeError(f"{shoe.label}: a known card is counted as a bet on the cards, in "
                        f"64-bit integers, which hold shoes of up to 1,448 cards (27 decks); "
                        f"this one has {shoe.cards:,}")
    if shoe.suits is None:
        for layout, chosen in layouts(bets, tableau, shoe).items():
            if layout.tells_suits:
                raise ShoeError(f"{shoe.label} was built from rank counts, so its suits are "
                                f"unknown, and bet {bets[chosen[0]].name!r} reads suits: "
                                f"{SUITS_NEEDED}")


def _never_happen(paytable, lines: dict[int, tuple[int, ...]], shoe: Shoe,
                  full_shoe: Shoe | None, tableau: Tableau, tables: Tables
                  ) -> tuple[str, ...]:
    """The bets with an event that settles no deal on ``shoe`` (``lines``: each bet's
    deals by line) judged as the report judges them: an error where the event can
    never happen on the full shoe, else its warnings."""
    bets = paytable.bets
    suspects = [bets[i].name for i, counts in sorted(lines.items())
                if not all(counts[:len(bets[i].events)])]
    if not suspects:
        return ()
    results = report(paytable.select(suspects), shoe, full_shoe=full_shoe, tables=tables,
                     tableau=tableau)
    return tuple(w for r in results for w in r.warnings)


def _grouped(chosen: list[int], cells_of: dict[int, Layout]) -> list[list[int]]:
    """The places ``chosen`` among the bets, grouped by the cells that answer each
    (``cells_of``), in the order of their first bets."""
    groups: dict[Layout, list[int]] = {}
    for i in chosen:
        groups.setdefault(cells_of[i], []).append(i)
    return list(groups.values())


def _sees(bets: Sequence[Bet], n: int) -> bool:
    """Whether the bets may read ``coup.card(n)``: they read the finished coup (every
    card may count), that card, or a group that holds it."""
    detail = CardDetail.of(frozenset().union(*(bet_features(b) for b in bets)))
    where = SHOE_ORDER[n - 1]
    if detail.coup or where in detail.beyond:
        return True
    return where in POSITIONS and bool(detail.reads[POSITIONS.index(where)])


def _unseen_card(bets: Sequence[Bet], held: Sequence[int], shoe: Shoe, tableau: Tableau,
                 tables: Tables, step: Steps, shares: tuple[int, ...],
                 on_note: Callable[[str], None] | None) -> tuple[dict, list[tuple[int, ...]]]:
    """The bets' values given that a card they never read is of each rank ``held``: the
    cards of a shuffled shoe are alike, so the coup's other cards are dealt from the shoe
    less that card, its suit the shoe's share of each (a card removed without its suit,
    exactly: where the bets read suits, its deals summed by class straight from the
    count, no table of cells made, their counts Python integers too large to keep); a
    table of progress each, after the count that finds the cells, and those counts not
    yet kept told to ``on_note`` as one where they are long. Also each bet's
    deals by line summed over those shoes: an event that settles none on any of them
    settles none on the shoe itself (a deal reaching it leaves, among seven cards or
    more, a card out of it). ``shares``: the steps of the count that finds the cells,
    then of each rank's table."""
    layout = layout_for(bets, tableau, shoe=shoe, on_note=on_note,
                        on_progress=_stage(step, shares[0]))
    step(shares[0])
    evaluator = Evaluator.compiled(bets, layout)
    shoes = {r: shoe if shoe.replacement else shoe.remove(RANKS[r]) for r in held}
    counted = [s for s in shoes.values() if not tables.holds(s, layout)]
    if counted:
        announce_count(counted[0], layout, bets, on_note, alike=len(counted),
                       named=f"{shoe.label} less a card of each rank ({len(counted)} "
                             f"count{'s' if len(counted) > 1 else ''})")
    by_rank, reached = {}, [np.zeros(len(pays), dtype=object) for pays in evaluator.pays]
    for r, share in zip(held, shares[1:]):
        if layout.tells_suits:  # by class: its cells' counts are Python integers, too many
            totals = tables.class_totals(shoes[r], evaluator, on_progress=_stage(step, share))
        else:  # its table, kept for another call
            totals = evaluator.class_totals(tables.get(shoes[r], layout,
                                                       on_progress=_stage(step, share)))
        by_rank[r] = evaluator.evs(totals)
        reached = [a + np.array(c, dtype=object) for a, c in
                   zip(reached, evaluator.line_counts(totals))]
        step(share)
    return by_rank, [tuple(int(x) for x in a) for a in reached]


def _weighed(by_rank: dict, group: tuple[int, ...], shoe: Shoe) -> list[Fraction]:
    """The values given a card of ``group``'s ranks: each rank's weighed by its cards."""
    held = sum(shoe.ranks[r] for r in group)
    out = [Fraction(0)] * len(next(iter(by_rank.values())))
    for r in group:
        if shoe.ranks[r]:
            out = [a + Fraction(shoe.ranks[r], held) * ev for a, ev in zip(out, by_rank[r])]
    return out


def _card_classes(n: int, groups: Sequence[tuple[int, ...]]) -> Bet:
    """The class of ``coup.card(n)``, as a bet whose k-th event holds where the card is
    of the k-th class (its pays unused: only which event settles a coup is read)."""
    card = coup.card(n)
    return Bet(f"coup.card({n})", [
        Event(" ".join(RANKS[r] for r in group), card.rank.isin(*(RANKS[r] for r in group)),
              "push") for group in groups])


__all__ = ["DEALT_AS", "EDGE_SORT", "KnownCard", "KnownPosition", "KnownRank", "known_card",
           "parse_classes", "positions_argument"]
