"""Card-level outcome tables: coups told apart by their cards, only as finely as the
bets ask.

Bets on points and pairs are counted on the compact cells of
:mod:`bacc_edge.engine.point_table`. A bet on the cards themselves (a rank, a suit, a colour, a
card's position) is counted here. Its conditions read features such as ``"P1.rank"``
or ``"winner"``; from them :class:`CardDetail` takes the coarsest description of the
cards that answers them:

- a card is dealt as its point value (which the drawing needs) unless a condition reads
  its rank, suit or colour; then as its rank (or point value, where no rank is asked)
  and its suit or colour (where asked);
- when no condition reads the finished coup (winner, points, third cards …), only the
  positions read are dealt; the others are dealt in every way, a factor of the weight;
- when the conditions tell suits (or colours) apart but never name one (a flush, "all
  one colour"), suits are named in order of first appearance, and one sequence stands
  for all its renamings;
- positions read only through groups, in no particular order (``all_cards``' rank
  counts), form *blocks*: the positions that belong to the same groups. A block is
  told apart by the multiset of its cards, not card by card.

A *cell* is what the conditions can see: per block the multiset of what is read of its
cards (a block of one position: that card's attributes read, and whether it was dealt),
and the parts of the finished coup read (points, totals, third cards, cards per hand).
The kernel deals every sequence of cards and adds its weight, the ordered six-card deals
that begin with it, to its cell; so the counts keep the outcome table's convention and
sum to the same total.

The machinery the card layouts share has modules of its own: how a coup becomes a cell
number (:mod:`~bacc_edge.engine.card_cells`), the kernels' inputs and one count of a shoe
(:mod:`~bacc_edge.engine.card_enumeration`), and the exact arithmetic past 64 bits that
a shoe with cards removed without their suit needs (:mod:`~bacc_edge.engine.residues`).
"""

from __future__ import annotations

import itertools
import weakref
from dataclasses import dataclass, field, replace
from enum import StrEnum
from functools import cached_property, lru_cache
from math import comb, factorial, prod

import numba as nb
import numpy as np

from . import card_enumeration, card_kernels
from ..game.cards import CARD_KINDS, POINTS, RANKS, SUIT_COLOURS, SUITS, SUITS_PER_RANK
from ..game.coup import BEYOND_HANDS, POSITIONS, THIRD_CARDS, coup_plan
from ..errors import BaccEdgeError, PlanTooLarge
from .card_cells import RANK_OF_VALUE, bases, cell_numbering, class_readings, suit_class_of
from .card_plan import (NOTICE_SECONDS, check_plan, describe_seconds, plan_cost,
                        primes_in_words, residue_sequences, suitless_plan, time_limit)
from .card_replay import class_totals_known, count_known, first_counted, recorded
from .card_enumeration import (DENSE_CELLS, DICT_BYTES, MEMORY_LIMIT, PART_CELLS,
                               cells_memory, count_parts, count_run, coup_slices,
                               enumeration, on_cells, relabelling, shoe_counts, sparse_items,
                               tail_ways, too_many_cells)
from .feature_kernels import look_up
from .features import (COUP_FEATURES, FEATURES, NAMED, PART_RADIX, RELATED_RANKS,
                       RELATED_SUITS, beyond_hands, card_read, coup_feature, named_rank,
                       named_suit)
from ..util.progress import Progress, Steps
from .count_threads import count_threads, run_parts
from .outcome_table import (Layout, OutcomeTable, needs_python_integers, sum_by_class,
                            suitless_ways)
from .suit_spread import class_counts, spread_count, spread_shoes
from .residues import chinese_remainders, largest_primes, montgomery, montgomery_moduli
from ..game.tableau import STANDARD, Tableau
from ..game.shoe import COUP_CARDS, SUITS_NEEDED, Shoe, ShoeError, falling

#: Blocks pay where they make this many times fewer cell numbers (see :func:`_blocks_pay`).
BLOCK_GAIN = 10
#: features about the first two cards of a hand: what they read of which cards
_PAIR_FEATURES = {"player_pair": (("P1", "P2"), ("rank",)),
                  "banker_pair": (("B1", "B2"), ("rank",)),
                  "player_suited_pair": (("P1", "P2"), ("rank", "suit")),
                  "banker_suited_pair": (("B1", "B2"), ("rank", "suit"))}
assert set(COUP_FEATURES) | set(_PAIR_FEATURES) == set(FEATURES)
#: the pair features that read suits (a suited pair: two cards' suits related)
_SUIT_PAIRS = frozenset(k for k, (_, read) in _PAIR_FEATURES.items() if "suit" in read)


def is_card_feature(name: str) -> bool:
    """Whether a feature name reads a card by position (``"P1.rank"``), or a group's
    cards (``"{P1,B1,P2,B2}.rank"``)."""
    return card_read(name) is not None


class SuitDetail(StrEnum):
    """What a card bet tells apart of the cards' suits: each suit, only their colour, or
    nothing (false, so ``if detail.suits`` asks whether suits are read at all)."""

    NONE = ""
    SUIT = "suit"
    COLOUR = "colour"


@dataclass(frozen=True)
class CardDetail:
    """How finely a set of conditions must tell the cards of a coup apart.

    ``reads``: per position (in dealing order), the attributes read; ``fine``: the
    positions dealt finer than point value; ``ranks``: the ranks fine cards are told
    apart by beyond their point value (all 13 where ranks are compared with each other,
    only the 10, J, Q or K named where ranks are only named, none: point values);
    ``suits``: what is told apart of the suits (:class:`SuitDetail`); ``coup``:
    the whole coup is dealt by the tableau (else only the positions read); ``parts``:
    the parts of the finished coup read; ``relabel``: suits are named in order of first
    appearance (the conditions never name a suit or colour); ``blocks``: a partition of
    the positions (indices in dealing order), each block told apart only as a multiset
    of its cards where that pays (see :func:`_blocks_pay`); ``beyond``: the cards 5 and 6
    out of the shoe read whether dealt to a hand or not (``"C5"``, ``"C6"``);
    ``suit_classes``: per suit (♠ ♥ ♦ ♣) its *suit class*, where the conditions read
    suits only by naming some (and perhaps by colour): the coarsest partition of the
    four suits that tells each suit named from the others, and the colours apart where
    a colour is read (♥ named alone: (0, 1, 0, 0)); empty for the usual classes, every
    suit apart, or the two colours (:func:`~bacc_edge.engine.card_cells.suit_class_of`).
    Where the
    coup is read, a card the coup leaves in the shoe is dealt in a third card's empty
    position (see :func:`_fill_unused`) and whether each hand drew is read; where it is
    not, card 5 is dealt in the player's third card's position and card 6 in the
    banker's, as any card of the sequence (every position's weight is alike).
    """

    reads: tuple
    ranks: tuple
    suits: SuitDetail
    coup: bool
    parts: tuple
    relabel: bool
    blocks: tuple
    beyond: tuple = ()
    suit_classes: tuple = ()

    @classmethod
    def of(cls, features) -> "CardDetail":
        """The coarsest detail that answers conditions reading ``features``."""
        features = frozenset(features)
        reads: dict[str, set] = {p: set() for p in POSITIONS}
        parts: set[str] = set()
        groups: set[tuple] = set()
        alone: set[str] = set()
        beyond: dict[str, set] = {}
        for name in features:
            if beyond_hands(name):  # card 5 or 6 out of the shoe: placed below
                (card,), attribute, _ = card_read(name)
                beyond.setdefault(card, set()).add(attribute)
            elif name in _PAIR_FEATURES:
                positions, attributes = _PAIR_FEATURES[name]
                alone.update(positions)
                for p in positions:
                    reads[p].update(attributes)
            elif name in COUP_FEATURES:
                parts.update(COUP_FEATURES[name])
            elif is_card_feature(name):
                positions, attribute, grouped = card_read(name)
                if grouped:
                    groups.add(positions)
                else:
                    alone.update(positions)
                for p in positions:
                    reads[p].add(attribute)
        coup = bool(parts) or bool(reads["P3"] or reads["B3"])
        for card, read in beyond.items():
            # where the coup is read, card 5 or 6 may be a hand's third card: it is read
            # in both third cards' positions, by whether each hand drew; else it is just
            # the fifth or sixth card dealt, in a position of its own
            columns = THIRD_CARDS if coup else (THIRD_CARDS[BEYOND_HANDS.index(card)],)
            alone.update(columns)
            for p in columns:
                reads[p].update(read)
            if coup:
                parts.update(("dp", "db"))
        attributes = set().union(*reads.values())
        suits = (SuitDetail.SUIT if "suit" in attributes else
                 SuitDetail.COLOUR if "colour" in attributes else SuitDetail.NONE)
        relabel = bool(suits) and not (
            suits is SuitDetail.SUIT and "colour" in attributes) and not (
            features & set(NAMED.values()))
        named = tuple(r for r in range(len(RANKS)) if named_rank(r) in features)
        ranks: tuple = ()
        if "rank" in attributes:
            related = RELATED_RANKS in features or not named or features & set(_PAIR_FEATURES)
            ranks = tuple(range(len(RANKS))) if related else named
        apart = cls(tuple(frozenset(reads[p]) for p in POSITIONS), ranks, suits, coup,
                    tuple(k for k in PART_RADIX if k in parts), relabel,
                    tuple((i,) for i in range(len(POSITIONS))),
                    tuple(c for c in BEYOND_HANDS if c in beyond),
                    _suit_partition(features, suits, "colour" in attributes))
        grouped = replace(apart, blocks=_blocks(reads, groups, alone))
        return grouped if _blocks_pay(apart, grouped) else apart

    @property
    def fine(self) -> tuple[bool, ...]:
        return tuple(bool(r & {"rank", "suit", "colour"}) for r in self.reads)

    @property
    def n_suit_classes(self) -> int:
        return max(suit_class_of(self)) + 1

    @property
    def n_bases(self) -> int:
        return len(bases(self)[0])

    def describe(self) -> str:
        """In words, e.g. "ranks and suits of P1, P2 (suits up to renaming)"."""
        what = ("ranks" if len(self.ranks) == 13 else "point values" + "".join(
            f", {RANKS[r]}" for r in self.ranks)) + (
            f" and {self.suits}s" if self.suits else "") + _classes_text(self.suit_classes)
        where = ", ".join(p for p, f in zip(POSITIONS, self.fine) if f) or "no card"
        sets = ["+".join(POSITIONS[i] for i in b) for b in self.blocks if len(b) > 1]
        return (f"{what} of {where}" + (" (named in order of appearance)" if self.relabel
                                        else "")
                + "".join(f"; {s} in any order" for s in sets)
                + ("" if self.coup else "; the coup's outcome not read")
                + "".join(f"; card {c[1]} out of the shoe, dealt to a hand or not"
                          for c in self.beyond))


def _suit_partition(features: frozenset, suits: SuitDetail, colour: bool) -> tuple:
    """:attr:`CardDetail.suit_classes` of conditions reading ``features``: where suits
    are read only by naming some (no suit compared with another, no suited pair), the
    coarsest partition of the four suits that tells each suit named from the others,
    and the colours apart where ``colour`` is read, numbered in order of their least
    suit; else empty (every suit apart)."""
    named = [s for s in range(SUITS_PER_RANK) if named_suit(s) in features]
    if (suits is not SuitDetail.SUIT or not named or RELATED_SUITS in features
            or features & _SUIT_PAIRS):
        return ()
    keys = [(SUIT_COLOURS[s] if colour else 0, s if s in named else -1)
            for s in range(SUITS_PER_RANK)]
    order = list(dict.fromkeys(keys))
    return () if len(order) == SUITS_PER_RANK else tuple(order.index(k) for k in keys)


def _refines(detail: CardDetail, wanted: CardDetail) -> bool:
    """Whether ``detail``'s suit classes tell apart every two suits ``wanted``'s do."""
    mine, theirs = suit_class_of(detail), suit_class_of(wanted)
    return all(theirs[a] == theirs[b] for a in range(SUITS_PER_RANK)
               for b in range(SUITS_PER_RANK) if mine[a] == mine[b])


def _classes_text(suit_classes: tuple) -> str:
    """The suit classes in words: " (as ♥ | ♠♦♣)"; nothing for the usual ones."""
    if not suit_classes:
        return ""
    classes = ["".join(SUITS[s] for s in range(SUITS_PER_RANK) if suit_classes[s] == c)
               for c in range(max(suit_classes) + 1)]
    return f" (as {' | '.join(classes)})"


def _blocks_pay(apart: CardDetail, grouped: CardDetail) -> bool:
    """Whether to keep blocks as multisets. It costs a sort of a block's codes per
    sequence dealt, and pays where it makes BLOCK_GAIN times fewer cells, each of which
    the conditions work on (ranks: Lucky Match's 1.66 million cells become 24 thousand),
    or where every position dealt is in a block of several, so the coups that are
    reorderings of each other are dealt once (Lucky 8: 339,400 coups dealt as 45,079).
    A hand alone, or cards read by position beside a group, fold too few."""
    if cell_numbering(grouped).size * BLOCK_GAIN <= cell_numbering(apart).size:
        return True
    dealt = [apart.coup or bool(r) for r in apart.reads]
    return all(len(b) > 1 for b in grouped.blocks if any(dealt[i] for i in b))


def _blocks(reads: dict, groups: set, alone: set) -> tuple:
    """The positions told apart only as a multiset: those read only through groups, and
    through the same groups. Every other position is a block of its own."""
    blocks: dict = {}
    for i, p in enumerate(POSITIONS):
        member = frozenset(g for g in groups if p in g)
        key = member if reads[p] and p not in alone else p
        blocks.setdefault(key, []).append(i)
    return tuple(tuple(b) for b in blocks.values())


#: (detail, tableau, cards) → the cells reached, in order; the last few layouts
_OCCUPIED: dict = {}
_OCCUPIED_KEPT = 32


def _occupied(layout: "CardLayout", on_progress: Progress | None = None) -> np.ndarray:
    """The cells a shoe holding only the layout's cards can reach: those a shoe with
    plenty of each of them reaches (known after counting any such shoe, else found by
    counting one, which ``on_progress`` hears of a part of its coups at a time where it
    is estimated past :data:`PROGRESS_SECONDS`)."""
    key = (layout.detail, layout.tableau, layout.cards)
    if key not in _OCCUPIED:
        detail = layout.detail
        cost = check_plan(layout, f"the cells of {detail.describe()}")
        held = shoe_counts(detail, np.array(layout.cards, dtype=np.int64).reshape(
            len(RANKS), SUITS_PER_RANK))
        plenty = np.where(held[0] > 0, COUP_CARDS, 0)
        values = np.where(held[1] > 0, COUP_CARDS * CARD_KINDS, 0)
        _remember(key, count_run(detail, layout.tableau, plenty, values,
                                 np.ones(COUP_CARDS + 1, dtype=np.int64), 1,
                                 relabelling(detail, plenty), cost.sequences,
                                 on_progress=on_progress if cost.seconds > PROGRESS_SECONDS
                                 else None))
    return _OCCUPIED[key]


def _remember(key, reach) -> None:
    """Keep the cells a count reached as the layout's cells, once they are known to fit:
    they take :func:`~bacc_edge.engine.card_enumeration.cells_memory`. A sparse count's
    cells are kept as they are where it reached each (no copy: its counts are then read
    on them as they are, :func:`~bacc_edge.engine.card_enumeration.on_cells`)."""
    if isinstance(reach, np.ndarray):
        out = np.flatnonzero(reach)
    else:
        out = reach[0] if reach[1].all() else reach[0][reach[1] != 0]
    if cells_memory(len(out)) > MEMORY_LIMIT:
        raise PlanTooLarge(f"{key[0].describe()}: too large to count: its {len(out):,} "
                           f"cells would take {int(cells_memory(len(out))) >> 20:,} MB, past "
                           f"the {MEMORY_LIMIT >> 20:,} MB a count may take")
    _keep_occupied(key, out)


def _keep_occupied(key, cells: np.ndarray) -> None:
    cells.setflags(write=False)
    while len(_OCCUPIED) >= _OCCUPIED_KEPT:
        del _OCCUPIED[next(iter(_OCCUPIED))]
    _OCCUPIED[key] = cells


def keep_cells(layout: "CardLayout", cells: np.ndarray) -> None:
    """Keep ``cells`` as ``layout``'s cells, the cells a count of it reaches, found by an
    earlier run (kept on disk: :mod:`~bacc_edge.util.kept_arrays`), so that no count
    finds them again. Refused (:class:`~bacc_edge.errors.BaccEdgeError`) unless they
    are cell numbers of its numbering, in increasing order."""
    cells = np.asarray(cells)
    if not cells_valid(layout, cells):
        raise BaccEdgeError(f"{layout.describe()}: cells given that are not cell numbers "
                            f"below {cell_numbering(layout.detail).size:,} in increasing "
                            f"order")
    _keep_occupied((layout.detail, layout.tableau, layout.cards), cells)


def cells_valid(layout: "CardLayout", cells: np.ndarray) -> bool:
    """Whether ``cells`` may be ``layout``'s cells (:func:`keep_cells`): int64 cell numbers
    of its numbering, in increasing order."""
    return (cells.dtype == np.int64 and cells.ndim == 1 and len(cells) > 0
            and cells[0] >= 0 and cells[-1] < cell_numbering(layout.detail).size
            and bool((np.diff(cells) > 0).all()))


#: every card of the 52 in the shoe
ALL_CARDS = (True,) * CARD_KINDS


def cards_held(shoe: Shoe) -> tuple[bool, ...]:
    """Which of the 52 cards (rank · 4 + suit) the shoe holds at least one of; where
    its suits are unknown, every suit of a rank it holds."""
    if shoe.suits is None:
        return tuple(shoe.ranks[i // SUITS_PER_RANK] > 0 for i in range(CARD_KINDS))
    return tuple(shoe.suits[i // SUITS_PER_RANK][i % SUITS_PER_RANK] > 0
                 for i in range(CARD_KINDS))


class _LazyFeatures(dict):
    """Feature arrays of a card layout, each computed when first asked for. The layout
    holds them, so they hold it weakly: a cycle would keep a part's features
    (:meth:`CardLayout.parts`, some 100 bytes a cell) until Python's cycle collector ran,
    which large arrays do not prompt (Rank groups' ten parts all stayed, 590 MB)."""

    def __init__(self, layout: "CardLayout"):
        super().__init__()
        self._layout = weakref.ref(layout)

    def __missing__(self, name: str) -> np.ndarray:
        value = np.asarray(self._layout()._feature(name))
        value.setflags(write=False)
        self[name] = value
        return value


@dataclass(frozen=True)
class CardLayout(Layout):
    """The cells of one :class:`CardDetail` under one tableau, and per cell every
    feature its conditions read: each card's ``rank``, ``suit``, ``colour``, ``value``
    and ``dealt`` (``"P1.rank"`` …), and the outcome table's features of the coup.

    Its cells are the cell numbers (:mod:`~bacc_edge.engine.card_cells`) that a shoe
    holding only ``cards`` can reach, sorted; it answers every condition whose features
    its detail was made of (:meth:`CardDetail.of`), and refuses, naming it, a feature
    it does not tell apart.
    """

    detail: CardDetail
    tableau: Tableau = STANDARD
    #: the cards (rank · 4 + suit) the shoes counted on it may hold; fewer cards, fewer
    #: cells (see :func:`cards_held`)
    cards: tuple = ALL_CARDS
    #: (not a field: every card layout reads the cards)
    reads_cards = True

    @property
    def suits(self) -> bool:
        """Whether suits are told apart."""
        return self.detail.suits is SuitDetail.SUIT

    @property
    def tells_suits(self) -> bool:
        return bool(self.detail.suits)

    @property
    def fine(self) -> CardLayout:
        """The card layout whose cells these are: itself (the classes of a card
        layout's cells name theirs)."""
        return self

    @property
    def cells(self) -> np.ndarray:
        """The cell numbers, in the order of the counts."""
        return _occupied(self)

    def describe(self) -> str:
        return self.detail.describe()

    def class_totals(self, shoe: Shoe, cell_class: np.ndarray, n_classes: int, *,
                     on_progress: Progress | None = None) -> np.ndarray | None:
        """:func:`card_class_totals` of ``shoe`` on these cells."""
        return card_class_totals(shoe, self, cell_class, n_classes, on_progress=on_progress)

    def answering(self, features: frozenset, shoe: Shoe) -> Layout:
        """These cells; or, where they tell apart only the suits their bets name
        (:attr:`CardDetail.suit_classes`) and ``features`` read suits they mix (another
        suit named, suits compared, a colour), the same cells with every suit apart."""
        if self.detail.suit_classes and not _refines(self.detail, CardDetail.of(features)):
            return CardLayout(replace(self.detail, suit_classes=()), self.tableau, self.cards)
        return self

    def table(self, shoe: Shoe, *, on_progress: Progress | None = None) -> OutcomeTable:
        """:func:`card_table` of ``shoe`` on these cells."""
        return card_table(shoe, self, on_progress=on_progress)

    @property
    def n_cells(self) -> int:
        return len(self.cells)

    def features(self) -> dict[str, np.ndarray]:
        return _features_of(self)

    def parts(self):
        """These cells in parts of
        :data:`~bacc_edge.engine.card_enumeration.PART_CELLS`, each a layout of its cells alone,
        whose features are made when asked and dropped with it (a layout keeps every
        feature read of all its cells); all at once where they are no more."""
        n = self.n_cells
        if n <= PART_CELLS:
            yield slice(0, n), self
            return
        for start in range(0, n, PART_CELLS):
            stop = min(n, start + PART_CELLS)
            yield slice(start, stop), _CellsPart(self.detail, self.tableau, self.cards,
                                                 start=start, stop=stop)

    def decoded(self) -> tuple[dict, dict]:
        """What each cell stands for: :meth:`~bacc_edge.engine.card_cells.CellNumbering.decode`
        of :attr:`cells`."""
        return _decoded(self)

    def held_card(self, position: str, attribute: str) -> np.ndarray:
        """The ``attribute`` of the card each cell holds at ``position``, -1 for none: a
        card 5 or 6 left in the shoe (:attr:`CardDetail.beyond`) read in a third card's
        position whether or not the hand drew it (the sequence of cards dealt, where
        :meth:`features` read the hands)."""
        return self._read(position, attribute, self.decoded()[1][position][0])

    def _card(self, position: str, attribute: str) -> np.ndarray:
        parts, positions = self.decoded()
        if position in BEYOND_HANDS:
            return self._beyond_hands(position, attribute)
        code, dealt = positions[position]
        if self.detail.beyond and position in THIRD_CARDS:  # a card left in the shoe
            drew = parts["dp" if position[0] == "P" else "db"] == 1  # is not the hand's
            if attribute == "dealt":
                return dealt & drew
            return np.where(drew, self._read(position, attribute, code), -1).astype(np.int8)
        return dealt if attribute == "dealt" else self._read(position, attribute, code)

    def _read(self, position: str, attribute: str, code: np.ndarray) -> np.ndarray:
        """The ``attribute`` of the card at ``position`` in each cell, from its cell code
        (-1 where no card is), one byte a cell (int8): a layout keeps every feature its
        bets read, and the quantities' arithmetic works in 64 bits
        (:class:`~bacc_edge.language.condition_algebra.Quantity`). Looked up per code
        (:func:`_readings`) in one pass (:func:`~bacc_edge.engine.feature_kernels.look_up`;
        ``np.take`` widens one-byte codes first, five times the time)."""
        table = _readings(self.detail, POSITIONS.index(position), attribute)
        out = np.empty(len(code), dtype=table.dtype)
        look_up(table, np.ascontiguousarray(code), out)
        return out

    def _beyond_hands(self, card: str, attribute: str) -> np.ndarray:
        """Card 5 or 6 out of the shoe, always there ("dealt"). Where the coup is read:
        in the player's third card's position, except where only the banker drew: card
        5 is then his third card, and card 6 in the player's position (see
        :func:`_fill_unused`). Else card 5 in the player's, card 6 in the banker's."""
        if card not in self.detail.beyond:
            raise BaccEdgeError(f"{card}.{attribute} was not read by this layout")
        parts, positions = self.decoded()
        if attribute == "dealt":
            return np.ones(self.n_cells, dtype=bool)
        if not self.detail.coup:
            own = THIRD_CARDS[BEYOND_HANDS.index(card)]
            return self._read(own, attribute, positions[own][0])
        player, banker = (self._read(p, attribute, positions[p][0]) for p in THIRD_CARDS)
        banker_only = (parts["dp"] == 0) & (parts["db"] == 1)
        first, second = (banker, player) if card == BEYOND_HANDS[0] else (player, banker)
        return np.where(banker_only, first, second)

    def _feature(self, name: str) -> np.ndarray:
        if is_card_feature(name):
            positions, attribute, grouped = card_read(name)
            self._check_read(name, positions, grouped)
            if grouped:
                return np.stack([self._card(p, attribute) for p in positions])
            return self._card(positions[0], attribute)
        if name in _PAIR_FEATURES:
            (first, second), attributes = _PAIR_FEATURES[name]
            self._check_read(name, (first, second), False)
            same = np.ones(self.n_cells, dtype=bool)
            for attribute in attributes:
                same &= self._card(first, attribute) == self._card(second, attribute)
            return same.astype(np.int64)
        if name not in COUP_FEATURES:
            raise BaccEdgeError(f"no feature {name!r}")
        parts, _ = self.decoded()
        missing = set(COUP_FEATURES[name]) - set(parts)
        if missing:
            raise BaccEdgeError(f"feature {name!r} was not read by this layout")
        return coup_feature(name, parts, coup_plan(self.tableau))

    def _check_read(self, name: str, positions: tuple, grouped: bool) -> None:
        """Refuse to read a card of a block alone, or a group that splits a block: the
        layout keeps a block's cards only as a multiset."""
        read = {POSITIONS.index(p) for p in positions if p in POSITIONS}
        for block in self.detail.blocks:
            if len(block) > 1 and read & set(block) and not (grouped and set(block) <= read):
                raise BaccEdgeError(f"feature {name!r} was not read by this layout: it "
                                    f"keeps {'+'.join(POSITIONS[i] for i in block)} only "
                                    f"as a set of cards")

    def __hash__(self) -> int:
        return hash((self.detail, self.tableau, self.cards))


@dataclass(frozen=True, eq=False)
class GivenCells(CardLayout):
    """Some cell numbers of a card layout, ``given`` (at most
    :data:`~bacc_edge.engine.card_enumeration.PART_CELLS`: a batch of a streamed count,
    :mod:`~bacc_edge.engine.streamed_count`), a layout of their own: their features
    made for them alone and kept while it lives, in none of the layouts' caches."""

    given: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))

    @property
    def cells(self) -> np.ndarray:
        return self.given

    def features(self) -> dict[str, np.ndarray]:
        return self._made[0]

    def decoded(self) -> tuple[dict, dict]:
        return self._made[1]

    @cached_property
    def _made(self) -> tuple:
        return _LazyFeatures(self), cell_numbering(self.detail).decode(self.cells)

    __eq__ = object.__eq__
    __hash__ = object.__hash__


@dataclass(frozen=True, eq=False)
class _CellsPart(GivenCells):
    """The cells ``start:stop`` of a card layout (:meth:`CardLayout.parts`)."""

    start: int = 0
    stop: int = 0

    @property
    def cells(self) -> np.ndarray:
        return _occupied(self)[self.start:self.stop]


@lru_cache(maxsize=256)
def _readings(detail: CardDetail, p: int, attribute: str) -> np.ndarray:
    """Per code a card at position ``p`` can have in ``detail``'s cells
    (:class:`~bacc_edge.engine.card_cells.CellNumbering`), the ``attribute`` (rank,
    suit, colour or point value) it reads, -1 for no card (int8, read-only); refused,
    naming it, where the code does not tell the attribute."""
    cells = cell_numbering(detail)
    base_radix, suit_radix = cells.base_radix[p], cells.suit_radix[p]
    if attribute in ("rank", "value") and base_radix == 1 or (
            attribute in ("suit", "colour") and suit_radix == 1):
        raise BaccEdgeError(f"{POSITIONS[p]}.{attribute} was not read by this layout")
    block = next(b for b, block in enumerate(cells.blocks) if p in block)
    code = np.arange(cells.alphabet[block])
    no_card = cells.no_card(p)
    dealt = np.ones(len(code), dtype=bool) if no_card is None else code != no_card
    code = np.where(dealt, code, 0)  # the no-card code indexes nothing
    base, suit = code // suit_radix, code % suit_radix
    base_value, base_rank, _ = bases(detail)
    fine = detail.fine[p]
    if attribute == "rank":
        out = base_rank[base] if fine else RANK_OF_VALUE[base]
    elif attribute == "value":
        out = base_value[base] if fine else base
    else:
        out = class_readings(detail)[attribute == "colour"][suit]
    out = np.where(dealt, out, -1).astype(np.int8)
    out.setflags(write=False)
    return out


@lru_cache(maxsize=4)
def _decoded(layout: CardLayout):
    return cell_numbering(layout.detail).decode(layout.cells)


@lru_cache(maxsize=4)
def _features_of(layout: CardLayout) -> dict:
    return _LazyFeatures(layout)


def _common_denominator(pool: np.ndarray, suitless, dealt: int) -> int:
    """The least common multiple of the denominators Π_r falling(c_r, d_r) over the
    ranks r removed without a suit (c_r cards of rank r in the pool), for every way
    to deal at most ``dealt`` fine cards of them (Σ d_r <= dealt): per prime, the most
    times it can divide such a product (a knapsack over the ranks)."""
    ranks = [r for r in range(len(RANKS)) if suitless[r]]
    factors: dict = {}
    for r in ranks:
        for t in range(min(dealt, int(pool[r]))):
            rest, q = int(pool[r]) - t, 2
            while q * q <= rest:
                while rest % q == 0:
                    factors[q] = True
                    rest //= q
                q += 1
            if rest > 1:
                factors[rest] = True
    out = 1
    for q in factors:
        best = [0] * (dealt + 1)  # best[j]: the most factors q with j cards dealt
        for r in ranks:
            gain, product = [0], 1
            for d in range(1, min(dealt, int(pool[r])) + 1):
                product *= int(pool[r]) - d + 1
                e, x = 0, product
                while x % q == 0:
                    e, x = e + 1, x // q
                gain.append(e)
            best = [max(best[j - d] + gain[d] for d in range(min(j, len(gain) - 1) + 1))
                    for j in range(dealt + 1)]
        out *= q ** max(best)
    return out


def _merged_ranks(detail: CardDetail, suitless) -> tuple[int, ...]:
    """The ranks of the one base that holds several (the 10, J, Q and K no condition
    names, point value 0), where one of them was removed without its suit: their
    cards weigh through :func:`_merged_table`. Else none."""
    if len(detail.ranks) == 13:
        return ()
    ranks = tuple(r for r in range(len(RANKS)) if POINTS[r] == 0 and r not in detail.ranks)
    return ranks if any(suitless[r] for r in ranks) else ()


@lru_cache(maxsize=8)
def _merged_table(shoe: Shoe, detail: CardDetail, moduli_key: tuple) -> np.ndarray:
    """Per number e_s of cards of each suit class s dealt from the base of the merged
    ranks G (:func:`_merged_ranks`), in one order: the sum over every way to give
    them ranks in G of the ways to deal them from the pool and the fractions they
    bring, Π_s e_s! · Σ_x Π_r Π_s C(c_rs, x_rs) · falling(n_r, d_r) / falling(c_r,
    d_r) (x_rs of rank r and class s, Σ_r x_rs = e_s, d_r = Σ_s x_rs; no fraction
    for a rank with none removed), a convolution over the ranks. Per prime of
    ``moduli_key``, in Montgomery form, at index Σ_s e_s · radix**s (radix: the fine
    positions + 1)."""
    m, dealt = detail.n_suit_classes, sum(detail.fine)
    vectors = [x for x in itertools.product(range(dealt + 1), repeat=m) if sum(x) <= dealt]
    convolved, scale = {(0,) * m: 1}, 1
    for r in _merged_ranks(detail, shoe.suitless):
        pool, c, n = class_counts(detail, shoe.suits[r]), sum(shoe.suits[r]), shoe.ranks[r]
        top = min(dealt, c) if shoe.suitless[r] else 0  # scale the fractions to integers
        scale *= falling(c, top)
        weight = {}
        for x in vectors:
            d = sum(x)
            if d <= c:
                weight[x] = prod(comb(a, b) for a, b in zip(pool, x)) * (
                    falling(n, d) * falling(c - d, top - d) if top else 1)
        nxt: dict = {}
        for a, wa in convolved.items():
            for x, wx in weight.items():
                y = tuple(i + j for i, j in zip(a, x))
                if sum(y) <= dealt and wx:
                    nxt[y] = nxt.get(y, 0) + wa * wx
        convolved = nxt
    radix = dealt + 1
    table = np.zeros((len(moduli_key), radix ** m), dtype=np.uint64)
    for e, value in convolved.items():
        at = sum(i * radix ** s for s, i in enumerate(e))
        value *= prod(factorial(i) for i in e)
        for k, p in enumerate(moduli_key):
            table[k, at] = montgomery(value * pow(scale, -1, p), p)
    return table


def _suitless_table(shoe: Shoe, layout: CardLayout, cost,
                    on_progress: Progress | None) -> tuple[np.ndarray, int]:
    """The counts of a card bet that reads suits (or colours) on a shoe with cards
    removed without their suit, on ``layout.cells``, and their total, the cheaper of two
    ways, priced before either starts (:func:`~bacc_edge.engine.card_plan.suitless_plan`,
    which refuses a count neither way fits): the sum over the shoes the removed cards'
    suit classes could have left (:func:`_spread_counts`), or one count modulo primes
    (:func:`_suitless_counts`). ``on_progress`` hears of each shoe counted, or of parts
    of the count's coups where it is estimated past :data:`PROGRESS_SECONDS`."""
    spread, seconds = _suitless_route(shoe, layout, cost)[:2]
    if spread:
        return _spread_counts(shoe, layout, on_progress)
    return _suitless_counts(shoe, layout, on_progress if seconds > PROGRESS_SECONDS else None)


def _suitless_route(shoe: Shoe, layout: CardLayout, cost, by_class: bool = False,
                    cells: int | None = None) -> tuple[bool, float, str]:
    """:func:`_suitless_table`'s way, priced (:func:`~bacc_edge.engine.card_plan.suitless_plan`,
    which refuses a count neither way fits): the shoes summed (True) or one count modulo
    primes, its estimated seconds, and that way in words. ``by_class``: the shoes summed
    by class (:func:`_suitless_class_totals`), none of their cells added up. ``cells``: how
    many cells to price, where they are not yet known (else the layout's own, which a
    count finds)."""
    detail = layout.detail
    cells = layout.n_cells if cells is None else cells
    pool = _pool(shoe, detail)
    fine_counts = shoe_counts(detail, pool, shoe.ranks)[0]
    primes = _fractions(shoe, sum(detail.fine))[1].shape[1]
    sequences = residue_sequences(detail, layout.tableau, layout.cards,
                                  _residue_relabel(shoe, detail, fine_counts))
    shoes = spread_count(shoe, detail)
    dense = _residues_dense(detail, primes)
    named = (residue_sequences(detail, layout.tableau, layout.cards, 2, residues=False)
             if detail.relabel else 0.0)  # the shoes left are not symmetric in their suits
    spread, seconds = suitless_plan(
        cost, shoes, 0 if by_class else cells, sequences, primes,
        0.0 if dense else float(cells) * primes * DICT_BYTES,
        f"{shoe.label} on {detail.describe()}", shoe.naming_suits, named)
    way = (f"as the {shoes:,} shoes their suits could have left" if spread else
           f"as one count of {sequences:.1e} card sequences modulo {primes_in_words(primes)}")
    return spread, seconds, way


def suitless_notice(shoe: Shoe, layout: CardLayout, alike: int = 1) -> str | None:
    """What counting ``shoe``, with cards removed without their suit, on ``layout`` will
    take for a report (its deals by class, :func:`card_class_totals`), in words ("as the
    40 shoes their suits could have left: 21.5 s"), where it is
    estimated past :data:`~bacc_edge.engine.card_plan.NOTICE_SECONDS`; else None (its
    suits all known, a layout that reads none, a count kept or short). ``alike``: counts
    of as many shoes like it, priced in all. A count neither way fits is refused here,
    before it starts (:class:`~bacc_edge.errors.PlanTooLarge`)."""
    if not _suitless(shoe, layout) or first_table(shoe, layout) is not None:
        return None
    cost = check_plan(layout, f"{shoe.label} on {layout.detail.describe()}")
    _, seconds, way = _suitless_route(shoe, layout, cost, by_class=True)
    seconds *= alike
    return f"{way}: {describe_seconds(seconds)}" if seconds > NOTICE_SECONDS else None


def suitless_seconds(shoe: Shoe, layout: CardLayout) -> float:
    """What counting ``shoe``, with cards removed without their suit, on ``layout`` is
    estimated to take, seconds, priced before its cells are found (on none: the least it
    can take); 0 where its suits are known, the layout reads none, or the count fits
    neither way (refused where it is asked: :func:`refuse_suitless_plan`)."""
    if not _suitless(shoe, layout):
        return 0.0
    cost = plan_cost(layout.detail, layout.tableau, layout.cards)
    try:
        return _suitless_route(shoe, layout, cost, by_class=True, cells=0)[1]
    except PlanTooLarge:
        return 0.0


def _suitless(shoe: Shoe, layout: CardLayout) -> bool:
    """Whether ``layout`` reads suits and ``shoe``, whose suits are kept, has cards removed
    without theirs: its count is then summed over the shoes they could have left, or
    made modulo primes (a shoe from rank counts is refused by :func:`check_shoe`)."""
    return bool(layout.detail.suits) and shoe.suits is not None and not shoe.suits_known


def refuse_suitless_plan(shoe: Shoe, layout: CardLayout) -> None:
    """Refuse (:class:`~bacc_edge.errors.PlanTooLarge`), before ``layout``'s cells are
    found, a count of ``shoe``, with cards removed without their suit, that fits neither
    way (:func:`suitless_notice` refuses it once they are found: finding them is a count
    of the full shoe, minutes for a rich bet on the cards). Priced on no cells at all:
    each way only costs more with cells, so what is refused here is refused once they
    are known, and nothing else is. A layout whose own count will not fit is left to
    its own refusal."""
    if not _suitless(shoe, layout):
        return
    cost = plan_cost(layout.detail, layout.tableau, layout.cards)
    if cost.fits:
        _suitless_route(shoe, layout, cost, by_class=True, cells=0)


def _spread_counts(shoe: Shoe, layout: CardLayout,
                   on_progress: Progress | None) -> tuple[np.ndarray, int]:
    """:func:`_suitless_table`'s counts as the sum over the shoes the cards removed
    without a suit could have left (:func:`_spread_sum` of each shoe's table)."""
    counts = _spread_sum(shoe, layout, layout.n_cells,
                         lambda named: card_table(named, layout).counts, on_progress)
    return counts, shoe.coups * suitless_ways(shoe)


def _spread_sum(shoe: Shoe, layout: CardLayout, size: int, of_shoe,
                on_progress: Progress | None) -> np.ndarray:
    """The sum over the shoes the cards removed without a suit could have left of
    ``of_shoe(named)`` (``size`` counts of each), each weighed by the ordered ways to deal
    those cards (:func:`~bacc_edge.engine.suit_spread.spread_shoes`), in Python integers,
    int64 where the shoe's total fits: each shoe one step of ``on_progress``."""
    shoes = spread_shoes(shoe, layout.detail)
    step = Steps(on_progress, len(shoes))
    out = np.zeros(size, dtype=object)
    for weight, named in shoes:
        out += of_shoe(named).astype(object) * weight
        step()
    total = shoe.coups * suitless_ways(shoe)
    return out if total > np.iinfo(np.int64).max else out.astype(np.int64)


def _pool(shoe: Shoe, detail: CardDetail) -> np.ndarray:
    """The cards a shoe with cards removed without their suit deals them from (its suit
    counts before they left, 13 × 4), refused where they pass 64-bit counts."""
    pool = np.asarray(shoe.suits, dtype=np.int64)
    in_pool = pool.sum(axis=1)
    if needs_python_integers(int(in_pool.sum())):
        raise ShoeError(f"{shoe.label}: a bet on {detail.suits}s counts a shoe with cards "
                        f"removed without their suit from every card their suits could "
                        f"have been, in 64-bit integers, which hold up to 1,448 cards (27 "
                        f"decks); this one has {int(in_pool.sum()):,} with them; "
                        f"{shoe.naming_suits}")
    return pool


def _residue_relabel(shoe: Shoe, detail: CardDetail, fine_counts: np.ndarray) -> int:
    """How a count modulo primes names suits
    (:func:`~bacc_edge.engine.card_enumeration.relabelling`): never in order of
    appearance alone where a merged base's ranks (:func:`_merged_ranks`) hold unlike
    suits, though their sums are alike (so is the merged table)."""
    relabel = relabelling(detail, fine_counts)
    if relabel == 1 and any(len(set(class_counts(detail, shoe.suits[r]))) > 1
                            for r in _merged_ranks(detail, shoe.suitless)):
        return 2
    return relabel


def _residues_dense(detail: CardDetail, primes: int) -> bool:
    """Whether a count modulo ``primes`` primes keeps its residues in an array, a row a
    prime (its cell numbers few enough: :data:`DENSE_CELLS` entries), not in a dict of
    an entry per cell reached and prime (:data:`DICT_BYTES` each)."""
    return cell_numbering(detail).size * primes <= DENSE_CELLS


def _suitless_counts(shoe: Shoe, layout: CardLayout, on_progress: Progress | None,
                     classes: tuple[np.ndarray, int] | None = None) -> tuple[np.ndarray, int]:
    """:func:`_suitless_table`'s counts as one count modulo primes; with ``classes``
    (each cell's class, and how many), the counts summed by class instead: the residues
    are summed by class before they are put together (:func:`_by_class`).

    Per rank r: c_rs cards of suit s in the pool (``shoe.suits``: before the cards
    removed without a suit), c_r in all, u_r removed without a suit, n_r = c_r - u_r
    left. The removed cards are a uniform sample of the pool, rank by rank, so a card
    sequence that deals e_rs cards of rank r and suit s where suits are told apart,
    d_r = Σ_s e_rs, weighs on average Π_s falling(c_rs, e_rs) · falling(n_r, d_r) /
    falling(c_r, d_r) in place of its weight on a shoe of known suits: it is dealt
    from the pool, and multiplied by a fraction that depends on the d_r alone. The
    table counts each deal once per ordered way the removed cards could have left
    (:func:`~bacc_edge.engine.point_table.suitless_ways`, S), so a cell holds S · X, X the sum
    of those averaged weights: one kernel run on the pool, exact modulo primes whose
    product exceeds L · coups (L the fractions' common denominator, L · X an
    integer of at most L · coups), put together by the Chinese remainder theorem."""
    detail = layout.detail
    pool = _pool(shoe, detail)
    # the fine classes from the pool, the point values from the cards left
    fine_counts, value_counts = shoe_counts(detail, pool, shoe.ranks)
    denominator, moduli, ratios, rows = _fractions(shoe, sum(detail.fine))
    k = moduli.shape[1]
    rank = np.repeat(bases(detail)[1], detail.n_suit_classes)
    rank_of = np.array([rows.index(r) if r in rows else -1 for r in rank], dtype=np.int64)
    merged = _merged_ranks(detail, shoe.suitless)
    table = _merged_table(shoe, detail, tuple(moduli[0].tolist()))
    relabel = _residue_relabel(shoe, detail, fine_counts)
    size = cell_numbering(detail).size
    if size * k >= 1 << 62:
        raise BaccEdgeError(f"{detail.describe()}: too many cells to count a shoe with "
                            f"cards removed without their suit; name their suits")
    sparse = 0 if _residues_dense(detail, k) else MEMORY_LIMIT // DICT_BYTES  # K a cell
    out = np.zeros((k, 1 if sparse else size), dtype=np.uint64)
    sparse_out = nb.typed.Dict.empty(nb.types.int64, nb.types.int64) if sparse else None
    exact = np.zeros(1, dtype=np.int64)  # not written: the counts are kept in residues
    cells, block_stride = enumeration(detail, layout.tableau)
    sequences = residue_sequences(detail, layout.tableau, layout.cards, relabel)
    # residues in an array a thread, added modulo their primes (in a dict: one thread)
    threads = 1 if sparse else count_threads(sequences, out.nbytes, summed=True)
    n_parts = count_parts(sequences, on_progress, threads)
    card_shoe = card_kernels.CardShoe(fine_counts, value_counts, tail_ways(shoe), 1, relabel)

    def count(part, residues: np.ndarray) -> int:  # a coup adds to the same residues
        return card_kernels.count_cells(
            part, block_stride, card_shoe, sparse, exact, None, ratios,
            card_kernels.Residues(rank_of, moduli, 0 if merged else -1, table, residues),
            None, None, sparse_out)

    outs = [out] + [np.zeros_like(out) for _ in range(threads - 1)]
    if run_parts([part for _, _, part in coup_slices(cells, n_parts)], count, outs,
                 Steps(on_progress, n_parts)) < 0:
        raise too_many_cells(detail, sparse // k)
    for other in outs[1:]:  # each residue below 2**31: their sum fits
        out += other
        out %= moduli[0].astype(np.uint64)[:, None]
    if sparse:
        keys, values = sparse_items(sparse_out)
        reached = np.unique(keys // k)
        out = np.zeros((k, len(reached)), dtype=np.uint64)
        out[keys % k, np.searchsorted(reached, keys // k)] = values
        reach = (reached, np.ones(len(reached), dtype=np.int64))
    else:
        reach = out.any(axis=0)
    key = (detail, layout.tableau, layout.cards)
    held = fine_counts[shoe_counts(detail, np.array(layout.cards).reshape(13, 4))[0] > 0]
    left = np.asarray(shoe.ranks)[np.array(layout.cards).reshape(13, 4).any(axis=1)]
    if (key not in _OCCUPIED and layout.cards == cards_held(shoe)
            and min(held.min(), left.min()) >= COUP_CARDS):
        _remember(key, reach)  # every sequence dealt: the cells reached are all there are
    rows = (on_cells((reached, row) if sparse else row, layout.cells).view(np.uint64)
            for row in out.view(np.int64))
    if classes is None:
        residues = np.stack(list(rows))
    else:
        summed = _by_class(*classes)
        residues = np.stack([summed(row, p) for row, p in zip(rows, moduli[0].tolist())])
    ways = suitless_ways(shoe)
    counts = chinese_remainders(residues, moduli[0].tolist(), denominator, ways,
                                 f"{shoe.label}: the counts of {detail.describe()}")
    total = shoe.coups * ways
    return (counts if total > np.iinfo(np.int64).max else counts.astype(np.int64)), total


def _by_class(cell_class: np.ndarray, n_classes: int):
    """A function summing the residues of each cell's count modulo a prime by class
    (``cell_class``, of ``n_classes``), modulo it: a class's count is the sum of its
    cells', and the primes' product exceeds every count the shoe's coups can make, the
    class's as a cell's. Exact in 64 bits: a residue is below 2**31, a class holds
    fewer than 2**33 cells. The cells are put in class order once (a radix sort where the
    classes fit 16 bits), then each prime's residues summed run by run."""
    small = np.uint16 if n_classes <= 1 << 16 else np.int64
    order = np.argsort(cell_class.astype(small), kind="stable")
    held = np.bincount(cell_class, minlength=n_classes)
    starts = (np.cumsum(held) - held)[held > 0]

    def summed(residues: np.ndarray, prime: int) -> np.ndarray:
        out = np.zeros(n_classes, dtype=np.uint64)
        if len(order):
            out[held > 0] = np.add.reduceat(residues[order], starts) % np.uint64(prime)
        return out
    return summed


@lru_cache(maxsize=8)
def _fractions(shoe: Shoe, dealt: int):
    """For a shoe with cards removed without their suit, and sequences of at most
    ``dealt`` fine cards: the common denominator L of their fractions, the kernel's
    moduli (primes whose product exceeds L · coups, see
    :func:`~bacc_edge.engine.card_kernels.count_cells`), the fractions (n_r - t) / (c_r - t)
    for the t-th card of each rank r removed so (in Montgomery form), and those ranks."""
    in_pool = [sum(row) for row in shoe.suits]
    denominator = _common_denominator(np.array(in_pool), shoe.suitless, dealt)
    bound, k = shoe.coups * denominator, 1
    while prod(largest_primes(k)) <= bound:
        k += 1
    primes = largest_primes(k)
    moduli = montgomery_moduli(primes)
    rows = [r for r in range(len(RANKS)) if shoe.suitless[r]]
    ratios = np.zeros((k, len(rows), COUP_CARDS), dtype=np.uint64)
    for j, p in enumerate(primes):
        for q, r in enumerate(rows):
            for t in range(min(COUP_CARDS, in_pool[r])):
                ratios[j, q, t] = montgomery((shoe.ranks[r] - t) * pow(in_pool[r] - t, -1, p), p)
    return denominator, moduli, ratios, rows


def card_table(shoe: Shoe, layout: CardLayout, *,
               on_progress: Progress | None = None) -> OutcomeTable:
    """Count every cell of ``layout`` on ``shoe`` exactly: an outcome table whose cells
    are the layout's. A card removed without its suit is averaged over the suits it
    could have been, as :func:`~bacc_edge.engine.point_table.outcome_table` does (see
    :func:`_suitless_counts`): one count, one step for ``on_progress``; a count
    estimated past :data:`PROGRESS_SECONDS` tells it a part of its coups at a time."""
    detail = layout.detail
    check_shoe(shoe, layout)
    cost = check_plan(layout, f"{shoe.label} on {detail.describe()}")
    kept = first_table(shoe, layout)
    if kept is not None:
        Steps(on_progress, 1)()
        return kept
    if detail.suits and not shoe.suits_known:
        return OutcomeTable(shoe, layout, *_suitless_table(shoe, layout, cost, on_progress))
    removal = int(not shoe.replacement)
    key = (detail, layout.tableau, layout.cards)
    fine_counts, value_counts = shoe_inputs(shoe, detail)
    long = cost.seconds > PROGRESS_SECONDS
    step = Steps(None if long else on_progress, 1)
    known = _OCCUPIED.get(key)  # cells known: into an array of them, or replayed
    counts = None if known is None else count_known(layout, cost, known, fine_counts,
                                                    value_counts, tail_ways(shoe), removal,
                                                    on_progress if long else None)
    if known is None:
        first_counted(layout)
    if counts is None:
        counts = count_run(detail, layout.tableau, fine_counts, value_counts, tail_ways(shoe),
                           removal, relabelling(detail, fine_counts), cost.sequences, known,
                           on_progress if long else None)
    step()
    if key not in _OCCUPIED and _reaches_every_cell(layout, shoe):
        _remember(key, counts)  # every sequence dealt: the cells reached are all there are
    counts = on_cells(counts, layout.cells)
    total = shoe.coups
    if total > np.iinfo(np.int64).max:
        counts = counts.astype(object)
    return OutcomeTable(shoe, layout, counts, total)


def card_class_totals(shoe: Shoe, layout: CardLayout, cell_class: np.ndarray,
                      n_classes: int, *,
                      on_progress: Progress | None = None) -> np.ndarray | None:
    """The deals of ``shoe`` summed by class (``cell_class``: the class of each of the
    layout's cells, of ``n_classes``), as :func:`card_table`'s counts summed, but
    replayed straight into the classes where the layout's record of its sequences serves
    the shoe (:func:`~bacc_edge.engine.card_replay.class_totals_known`: no count per
    cell made), or, a shoe with cards removed without their suit, summed by class
    (:func:`_suitless_class_totals`); None elsewhere (the caller counts the table): past
    64-bit counts, kept from the layout's first count, or one the record does not
    serve."""
    detail = layout.detail
    check_shoe(shoe, layout)
    cost = check_plan(layout, f"{shoe.label} on {detail.describe()}")
    known = _OCCUPIED.get((detail, layout.tableau, layout.cards))
    if first_table(shoe, layout) is not None:
        return None
    if detail.suits and not shoe.suits_known:
        return _suitless_class_totals(shoe, layout, cell_class, n_classes, cost, on_progress)
    if known is None or shoe.coups > np.iinfo(np.int64).max:
        return None
    fine_counts, value_counts = shoe_inputs(shoe, detail)
    step = Steps(on_progress, 1)
    totals = class_totals_known(layout, cost, known, cell_class, n_classes, fine_counts,
                                value_counts, tail_ways(shoe), int(not shoe.replacement))
    if totals is not None:
        step()
    return totals


def _suitless_class_totals(shoe: Shoe, layout: CardLayout, cell_class: np.ndarray,
                           n_classes: int, cost, on_progress: Progress | None) -> np.ndarray:
    """:func:`_suitless_table`'s counts summed by class, the cheaper way priced
    (:func:`_suitless_route`), no count per cell kept or added up: the shoes a shoe's
    cards removed without their suit could have left, each summed by class (replayed
    straight into the classes where the layout's record serves it, else its table
    summed: some 120 ns a cell a shoe, 13 s for 32 shoes of 3.5 million cells) and
    weighed by the ordered ways to deal the cards removed (:func:`_spread_sum`), each
    shoe one step of ``on_progress``; or one count modulo primes, its residues summed
    by class before they are put together (each cell's put together, as Python
    integers, took half a known-card's time at a card its bets never read, and 1.1 GB)."""
    spread, seconds = _suitless_route(shoe, layout, cost, by_class=True)[:2]
    if not spread:
        return _suitless_counts(shoe, layout,
                                on_progress if seconds > PROGRESS_SECONDS else None,
                                (cell_class, n_classes))[0]

    def by_class(named: Shoe) -> np.ndarray:
        totals = card_class_totals(named, layout, cell_class, n_classes)
        return totals if totals is not None else sum_by_class(
            card_table(named, layout).counts, cell_class, np.zeros(n_classes, dtype=np.int64))
    return _spread_sum(shoe, layout, n_classes, by_class, on_progress)


def check_shoe_size(shoe: Shoe) -> None:
    """Refuse, in one line, a shoe past the 64-bit counts bets on the cards are made in
    (before any plan for it is priced or announced)."""
    if needs_python_integers(shoe.cards):
        raise ShoeError(f"{shoe.label}: bets on the cards themselves are counted in 64-bit "
                        f"integers, which hold shoes of up to 1,448 cards (27 decks); this "
                        f"one has {shoe.cards:,}")


def check_shoe(shoe: Shoe, layout: CardLayout) -> None:
    """Refuse, in one line, a shoe ``layout``'s cells cannot be counted on: past 64-bit
    counts, its suits unknown where the cells read them, or holding cards the layout
    was not made for."""
    check_shoe_size(shoe)
    if layout.detail.suits and shoe.suits is None:
        raise ShoeError(f"{shoe.label} was built from rank counts, so its suits are unknown, "
                        f"and a bet on {layout.detail.suits}s needs them: {SUITS_NEEDED}")
    if any(h and not c for h, c in zip(cards_held(shoe), layout.cards)):
        raise BaccEdgeError(f"{shoe.label} holds cards the layout was not made for; make "
                            f"it for this shoe (cards_held)")


def shoe_inputs(shoe: Shoe, detail: CardDetail) -> tuple[np.ndarray, np.ndarray]:
    """``shoe``'s cards per fine class of ``detail`` and per point value, as the count
    kernels deal them (:func:`~bacc_edge.engine.card_enumeration.shoe_counts`)."""
    suits = np.zeros((13, 4), dtype=np.int64) if shoe.suits is None else np.asarray(
        shoe.suits, dtype=np.int64)
    fine_counts = shoe_counts(detail, suits, shoe.ranks)[0]
    value_counts = shoe_counts(detail, np.zeros((13, 4), dtype=np.int64), shoe.ranks)[1]
    return fine_counts, value_counts


def card_shoe(shoe: Shoe, detail: CardDetail) -> card_kernels.CardShoe:
    """``shoe`` as the count kernels deal it for ``detail``'s cells
    (:func:`shoe_inputs`, its ways for the positions a sequence leaves unused, dealt
    without replacement unless it is an infinite deck), its suits as they are."""
    fine_counts, value_counts = shoe_inputs(shoe, detail)
    return card_kernels.CardShoe(fine_counts, value_counts, tail_ways(shoe),
                                 int(not shoe.replacement), 0)


#: A count estimated to take more than this, seconds, tells its progress part by part
#: of its coups (:data:`~bacc_edge.engine.card_enumeration.PROGRESS_PARTS`); a shorter one
#: in one step, its coups in one run.
PROGRESS_SECONDS = 2.0


def _reaches_every_cell(layout: CardLayout, shoe: Shoe) -> bool:
    """Whether a count of ``shoe`` (its suits known) reaches every cell of ``layout``:
    it holds only the layout's cards, and as many of each kind the cells tell apart as
    a coup can deal (one, dealt with replacement)."""
    detail = layout.detail
    by_rank = np.array(layout.cards).reshape(len(RANKS), SUITS_PER_RANK)
    suits = np.zeros((13, 4), dtype=np.int64) if shoe.suits is None else np.asarray(
        shoe.suits, dtype=np.int64)
    fine_counts = shoe_counts(detail, suits, shoe.ranks)[0]
    held = fine_counts[shoe_counts(detail, by_rank)[0] > 0]
    return (layout.cards == cards_held(shoe)
            and held.min() >= max(1, int(not shoe.replacement) * COUP_CARDS))


#: (shoe, layout) → the table counted where the layout's cells were found
#: (:func:`count_first`), for the last few
_FIRST: dict = {}
_FIRST_KEPT = 2
#: (detail, tableau, cards, and the limits a count is held to) → why finding the
#: layout's cells was refused or stopped (:class:`~bacc_edge.errors.PlanTooLarge`: its
#: cells past the memory a count may take), for the last few. Its cells are the same for
#: every shoe of its cards (those a shoe of plenty of each reaches), so a later shoe is
#: refused at once, not counted again to the same stop: a report streaming random bet
#: 183 counted 0.9 s of every part-dealt shoe so, then weighed the shoe in 25 ms.
_TOO_LARGE: dict = {}


def count_first(layout: CardLayout, shoe: Shoe, *,
                on_progress: Progress | None = None) -> None:
    """Find ``layout``'s cells by counting ``shoe`` itself, where that count reaches
    every cell (its suits known, at least six of each kind of card the cells tell apart:
    a full shoe), and keep the table (:func:`card_table` and the classes of its cells,
    :meth:`~bacc_edge.engine.cell_classes.CellClasses.summed_from_fine`, take it): a bet's
    first count is then its only one, where the cells were otherwise found by counting a
    shoe with plenty of every card first. Elsewhere the cells are found by counting such
    a shoe now (:func:`_occupied`), where they are not known yet. ``on_progress`` hears
    of the count made, as :func:`card_table` tells it: minutes for a rich bet (one on the
    suits and ranks of a deck's every card was once counted 230 s, silent). A layout
    whose cells were once refused or stopped here (:class:`~bacc_edge.errors.PlanTooLarge`)
    is refused again at once, on any shoe, with the same reason (:data:`_TOO_LARGE`)."""
    detail = layout.detail
    if cells_found(layout) or (shoe, layout) in _FIRST:
        return
    key = _too_large_key(layout)
    if key in _TOO_LARGE:
        raise PlanTooLarge(_TOO_LARGE[key])
    try:
        if ((detail.suits and not shoe.suits_known) or needs_python_integers(shoe.cards)
                or not _reaches_every_cell(layout, shoe)):
            _occupied(layout, on_progress)
            return
        table = card_table(shoe, layout, on_progress=on_progress)
    except PlanTooLarge as error:
        while len(_TOO_LARGE) >= _OCCUPIED_KEPT:
            del _TOO_LARGE[next(iter(_TOO_LARGE))]
        _TOO_LARGE[key] = str(error)
        raise
    table.counts.setflags(write=False)
    while len(_FIRST) >= _FIRST_KEPT:
        del _FIRST[next(iter(_FIRST))]
    _FIRST[(shoe, layout)] = table


def _too_large_key(layout: CardLayout) -> tuple:
    """The key of :data:`_TOO_LARGE` for ``layout`` under the limits a count is held to
    now."""
    return (layout.detail, layout.tableau, layout.cards, time_limit(),
            card_enumeration.MEMORY_LIMIT, card_enumeration.SPARSE_CELLS,
            card_enumeration.DENSE_CELLS)


def found_too_large(layout: CardLayout) -> bool:
    """Whether finding ``layout``'s cells was refused or stopped before, under the
    limits a count is held to now: :func:`count_first` refuses it again at once."""
    return _too_large_key(layout) in _TOO_LARGE


def first_table(shoe: Shoe, layout: CardLayout) -> OutcomeTable | None:
    """The table :func:`count_first` kept of ``shoe`` on ``layout``, if it did."""
    return _FIRST.get((shoe, layout))


def cells_found(layout: CardLayout) -> bool:
    """Whether ``layout``'s cells are known: found by an earlier count, so finding them
    (:func:`count_first`) counts nothing."""
    return (layout.detail, layout.tableau, layout.cards) in _OCCUPIED


def count_seconds(shoe: Shoe, layout: CardLayout) -> float:
    """What counting ``shoe`` on ``layout`` is estimated to take once its cells are
    found: nothing where the count that found them kept ``shoe``'s table
    (:func:`count_first`), a replay of the layout's record where one is kept
    (:mod:`~bacc_edge.engine.card_replay`), else a count as its plan prices it. Nothing
    for a shoe with cards removed without their suit, which :func:`suitless_notice`
    prices."""
    if first_table(shoe, layout) is not None or _suitless(shoe, layout):
        return 0.0
    cost = check_plan(layout, f"{shoe.label} on {layout.detail.describe()}")
    return cost.replay_seconds if recorded(layout) is not None else cost.seconds


__all__ = ["ALL_CARDS", "CardDetail", "CardLayout", "GivenCells", "card_class_totals",
           "card_shoe", "card_table", "cards_held", "cells_found", "cells_valid", "check_shoe",
           "check_shoe_size",
           "count_first",
           "count_seconds", "first_table", "found_too_large", "is_card_feature",
           "keep_cells", "refuse_suitless_plan",
           "shoe_inputs", "suitless_notice", "suitless_seconds"]
