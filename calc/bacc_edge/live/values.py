"""What the live page shows beside the cards: every bet's exact value on the cards not
seen, the counts, and what a dealt coup paid each bet.

Values come from :func:`~bacc_edge.analysis.bet_report.report`, the function behind
``bacc-edge PAYTABLE --remove "<cards>"``, on the same shoe and full shoe, so the page
shows exactly what that command prints. Bets on points and pairs are counted at once
(well under a millisecond a shoe), except on shoes of more than 27 decks, where their
count takes Python's big integers (about 0.4 s a shoe): there they are counted when
asked, as the bets on the cards themselves (Lucky 8, Contrast Bonus: tens of
milliseconds each) always are, one card layout at a time (:meth:`BetValues.count`), so
that a caller counts them after answering.

The counts are the depth analysis's (:func:`~bacc_edge.depth.options.prepare`): each bet's
own count from its effects of removal, and the paytable's ``COUNTS``. A coup is settled
as the count study settles one (:class:`~bacc_edge.depth.shoes.Game`'s tables).
"""

from __future__ import annotations

import itertools
import threading
from dataclasses import dataclass, replace
from fractions import Fraction

import numpy as np

from ..analysis.bet_report import layouts, report
from ..analysis.card_counting import Count
from ..depth.options import MAX_EXACT_DECKS, DepthOptions, own_count_name, prepare
from ..depth.shoes import DepthSpec, Game, card_bets
from ..engine.deal_kernels import card_coup_class
from ..engine.point_table import needs_python_integers
from ..errors import BaccEdgeError
from ..game.cards import POINTS, SUITS, SUITS_PER_RANK
from ..game.dealing import DealRules
from ..game.shoe import Shoe
from ..language.loader import Paytable
from ..util.progress import Progress
from ..game.dealt_shoe import Coup


@dataclass(frozen=True)
class BetValue:
    """One bet's exact expected result per unit staked on a shoe, and the warnings the
    report gave (an event the cards left rule out)."""

    ev: Fraction
    warnings: tuple[str, ...] = ()


#: Shoes whose values are kept (every round of a few shoes).
KEPT_SHOES = 4096


class BetValues:
    """The bets of ``paytable`` valued on shoes dealt from ``full``, each shoe's values
    kept, by part (:attr:`parts`): ``"fast"``, the bets on points and pairs, all at once;
    then each card layout the bets on the cards share (:attr:`card_groups`), by its
    index. :attr:`inline` says whether the fast part is quick enough to count in the
    answer to a card; the others (:attr:`later`) are counted after it."""

    def __init__(self, paytable: Paytable, full: Shoe):
        self.paytable = paytable
        self.full = full
        bets = paytable.bets
        carded = set(card_bets(bets, paytable.rules))
        self.card_bets = sorted(carded)
        self.fast_bets = [i for i in range(len(bets)) if i not in carded]
        chosen = layouts([bets[i] for i in self.card_bets], paytable.rules, full)
        #: the places of the bets on the cards, one list per card layout they share
        self.card_groups = [[self.card_bets[j] for j in group] for group in chosen.values()]
        self._parts = {}
        if self.fast_bets:
            self._parts["fast"] = (self.fast_bets, self._select(self.fast_bets))
        for g, group in enumerate(self.card_groups):
            self._parts[g] = (group, self._select(group))
        #: whether the fast bets are counted in 64-bit integers (well under a
        #: millisecond), rather than with Python's (beyond 27 decks: about 0.4 s)
        self.inline = not needs_python_integers(full.cards)
        #: every part, and those counted after the answer to a card
        self.parts = list(self._parts)
        self.later = [p for p in self.parts if p != "fast" or not self.inline]
        #: (shoe, part) → {bet place: BetValue}, read and written under the lock (a
        #: server counts the card bets on a thread of its own)
        self._kept: dict = {}
        self._lock = threading.Lock()

    def _select(self, places) -> Paytable:
        return self.paytable.select([self.paytable.bets[i].name for i in places])

    def known(self, shoe: Shoe) -> dict[int, BetValue]:
        """Every value of ``shoe`` counted so far, by bet place."""
        out: dict[int, BetValue] = {}
        with self._lock:
            for part in self._parts:
                out.update(self._kept.get((shoe, part), {}))
        return out

    def has(self, shoe: Shoe, part) -> bool:
        """Whether ``part``'s bets are counted on ``shoe``."""
        with self._lock:
            return (shoe, part) in self._kept

    def fast_values(self, shoe: Shoe) -> dict[int, BetValue]:
        """The bets on points and pairs on ``shoe`` (counted once, then kept)."""
        return self.count(shoe, "fast") if self.fast_bets else {}

    def count(self, shoe: Shoe, part, on_progress: Progress | None = None
              ) -> dict[int, BetValue]:
        """The bets of ``part`` on ``shoe`` (counted once, then kept)."""
        key = (shoe, part)
        with self._lock:
            found = self._kept.get(key)
        if found is None:  # counted outside the lock: a slow count blocks no reader
            places, paytable = self._parts[part]
            results = report(paytable, shoe, full_shoe=self.full, on_progress=on_progress)
            found = {i: BetValue(r.ev, r.warnings) for i, r in zip(places, results)}
            with self._lock:
                while len(self._kept) >= KEPT_SHOES * len(self._parts):
                    del self._kept[next(iter(self._kept))]
                self._kept[key] = found
        return found


@dataclass(frozen=True)
class LiveCounts:
    """The counts played, each with the places of the bets it serves; ``note`` says why
    there are none where there are none."""

    counts: tuple[Count, ...]
    serves: tuple[tuple[int, ...], ...]
    note: str = ""


#: The largest tag of each bet's own count (the depth analysis's default).
OWN_COUNT_LEVEL = 3


def live_counts(paytable: Paytable, rules: DealRules) -> LiveCounts:
    """Each bet's own count from its effects of removal and the paytable's ``COUNTS``,
    as the depth analysis builds them (seconds for a bet on the cards); each bet's own
    count named by its bet (``"Lucky Six: own count (eor, level 3)"``), for the page
    lists them side by side where the depth analysis lists them under their bet."""
    try:  # the depth analysis's definition (a count study's past the decks it values)
        spec = prepare(paytable, options=DepthOptions(
            deal=rules, level=OWN_COUNT_LEVEL, count_only=rules.decks > MAX_EXACT_DECKS))
    except BaccEdgeError as err:
        return LiveCounts((), (), f"no count: {err}")
    own = own_count_name(OWN_COUNT_LEVEL)
    counts = tuple(replace(c, name=f"{c.bets[0]}: {own}") if c.name == own else c
                   for c in spec.counts)
    serves = tuple(tuple(sorted({p.bet for p in spec.players if p.count == c}))
                   for c in range(len(spec.counts)))
    note = "" if spec.counts else ("no count: no bet's effects of removal give it a "
                                   "first-order count (as for pairs, or colours), and the "
                                   "paytable lists no COUNTS")
    return LiveCounts(counts, serves, note)


class CoupSettler:
    """What a coup dealt by hand paid each bet of ``paytable``, exactly: the count
    study's tables (:class:`~bacc_edge.depth.shoes.Game`), which settle a coup from its
    cards on the cells that answer every bet."""

    def __init__(self, paytable: Paytable, rules: DealRules):
        if paytable.source is None:
            raise BaccEdgeError("the live page settles the bets of a paytable file: give "
                                "one")
        spec = DepthSpec(paytable.source, str(paytable.path),
                         tuple(b.name for b in paytable.bets), rules, 1, (), (),
                         tuple(b.max_round for b in paytable.bets), paytable.rules,
                         exact_every_round=False, exact_bets=False)
        self.game = Game(spec)
        numerator, denominator = self.game.nets
        self._nets = [[Fraction(int(n), int(d)) for n in row]
                      for row, d in zip(numerator.tolist(), denominator.tolist())]
        self._plan = self.game.coup
        #: whether a coup's suits can change what it pays
        self.reads_suits = self.game.card is not None or self.game.suited_pairs
        #: the cards of a coup (rank, suit) → what it paid each bet
        self._kept: dict = {}

    def nets(self, coup: Coup) -> list[Fraction | None]:
        """Per bet, what the complete ``coup`` paid one unit; None where it depends on
        the suit of a card entered without one (each suit is tried)."""
        key = tuple((c.rank, c.suit) for c in coup.cards)
        if key not in self._kept:
            suits = [(c.suit,) if c.suit is not None or not self.reads_suits
                     else tuple(range(len(SUITS))) for c in coup.cards]
            found: list[set] = [set() for _ in self._nets]
            for filling in itertools.product(*suits):
                cls = self._class(coup, filling)
                for b, nets in enumerate(self._nets):
                    found[b].add(nets[cls])
            self._kept[key] = [next(iter(f)) if len(f) == 1 else None for f in found]
        return self._kept[key]

    def _class(self, coup: Coup, suits) -> int:
        kinds = [c.rank * SUITS_PER_RANK + (s or 0) for c, s in zip(coup.cards, suits)]
        points = [POINTS[c.rank] for c in coup.cards]
        at = dict(zip(coup.positions, range(len(kinds))))
        total = self._plan.total
        pt = int(total[points[at["P1"]], points[at["P2"]]])
        bt = int(total[points[at["B1"]], points[at["B2"]]])
        px = points[at["P3"]] if "P3" in at else -1
        by = points[at["B3"]] if "B3" in at else -1
        game = self.game
        if game.card is not None:
            cls = int(card_coup_class(game.card, np.array(kinds, dtype=np.int64),
                                      pt, bt, px, by))
        else:
            state = []
            for first, second in (("P1", "P2"), ("B1", "B2")):
                a, b = kinds[at[first]], kinds[at[second]]
                pair = a // SUITS_PER_RANK == b // SUITS_PER_RANK
                state.append(0 if not pair else 2 if game.suited_pairs and a == b else 1)
            cell = int(game.cell_of[state[0], state[1], pt, bt, px + 1, by + 1])
            cls = int(game.cell_class[cell]) if cell >= 0 else -1
        if cls < 0:
            raise BaccEdgeError(f"coup {coup.round} fell in no cell of the bets' layout "
                                f"(a fault of bacc-edge: please report it)")
        return cls


__all__ = ["BetValue", "BetValues", "CoupSettler", "LiveCounts", "live_counts"]
