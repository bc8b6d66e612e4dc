"""The live page's bets beyond the plain ``BETS``: a file's run bets (``STREAKS``), its
progressives (``METERS``) and its multiplier bets (``MULTIPLIER_BETS``), each valued on
the cards not seen by the one analysis that values it everywhere else.

- A run bet: :func:`~bacc_edge.analysis.streaks.from_shoe`, placed before the next coup
  to be dealt, on the cards not seen then, with the cut card where it lies (the burned
  cards not shown count among the cards behind it: they are never dealt), by the shoe's
  end rule; exact, or past :data:`LIVE_STATES` shoe states the sampled paths'
  estimate (:func:`~bacc_edge.analysis.streaks.dealt_paths`, the default paths, seed 1)
  with its 95% interval — the ``streak`` command's defaults, so the page shows what
  ``bacc-edge streak FILE --remove "<cards>" --cut K`` prints for the coups dealt in
  turn. While a coup is
  being entered, the value shown is the one before it: a run bet is placed between
  coups.
- A progressive: :func:`~bacc_edge.analysis.meters.meter_value` on the cards not seen,
  its return at the meter entered (:meth:`LiveBeyond.set_meter`; the seed until one is)
  and its break-even meter, exactly.
- The multiplier bets: :func:`~bacc_edge.analysis.multipliers.multiplier_report` on the
  cards not seen, each bet's exact return on stake and fee and on the stake alone.

Each value is counted once per shoe and kept; :meth:`LiveBeyond.next_job` gives the
next one missing, for a thread of the server to count.
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass
from fractions import Fraction

from ..analysis.meters import meter_value
from ..analysis.multipliers import multiplier_bets, multiplier_report
from ..analysis.streaks import COMMAND_PATHS, COMMAND_SHOES, ValueKind, dealt_paths, from_shoe
from ..errors import ArgumentError, BaccEdgeError, PaytableError
from ..game.dealing import DealRules, EndRule
from ..game.shoe import Shoe
from ..language.loader import Paytable
from ..language.several_coups import KINDS
from ..util.arguments import clipped

#: The shoe states a run bet's value follows before it bounds the rest: the ``streak``
#: command's default (a few seconds a bet at most, measured 0.3-1.6 s on 8 decks).
LIVE_STATES = COMMAND_SHOES
#: A meter as the page takes it: digits, a decimal point and digits (no sign, exponent,
#: separator or other script's digits), at most 30 characters.
METER_PATTERN = re.compile(r"[0-9]{1,24}(\.[0-9]{1,5})?")
#: Values kept (each a shoe's), oldest dropped first.
KEPT = 4096


@dataclass(frozen=True)
class RunPlace:
    """Where a run bet is placed: before round ``round``, on ``shoe`` (the cards not seen
    then), ``cut`` of them behind the cut card, the shoe ending by ``end``."""

    round: int
    shoe: Shoe
    cut: int
    end: EndRule


@dataclass(frozen=True)
class Unvalued:
    """A shoe its analysis refuses to value (a multiplier bet on cards entered without
    their suits), and its reason, shown in place of the value."""

    reason: str


def run_place(unseen, rules: DealRules, place: int, round_no: int) -> RunPlace | None:
    """The run bets' place before round ``round_no``, whose first card is at ``place``
    (cards out of the shoe), ``unseen`` the cards not seen then; None where no coup can
    be dealt (fewer cards than a coup needs). The cut card out, the cards behind it are
    all the cards left: the next coup is the last (:func:`~bacc_edge.game.dealing.after_coup`)."""
    if not isinstance(unseen, Shoe):
        return None
    before_cut = max(0, rules.cut_at - place)
    return RunPlace(round_no, unseen, max(0, unseen.cards - before_cut), rules.end)


def meter_argument(meter) -> Fraction:
    """A meter entered on the page (a string of digits, e.g. ``"25000.50"``), exactly."""
    if meter is None:
        raise ArgumentError('no meter given: send it in stakes, e.g. {"meter": "25000"}')
    if not isinstance(meter, str) or not METER_PATTERN.fullmatch(meter):
        raise ArgumentError(f"meter {clipped(meter)} must be a number of stakes written in "
                            f"digits, e.g. \"25000\" or \"25000.50\"")
    return Fraction(meter)


class LiveBeyond:
    """The run bets, progressives and multiplier bets of ``paytable`` (those it defines),
    valued on the live shoe, each value kept per shoe."""

    def __init__(self, paytable: Paytable):
        defined = paytable.defined
        self.runs = _items(paytable, "STREAKS")
        self.progressives = _items(paytable, "METERS")
        self.multiplied = ("MULTIPLIER_BETS" in defined
                           and multiplier_bets(paytable))  # malformed: refused here
        self.paytable = paytable
        self.tableau = paytable.rules
        #: each progressive's meter as entered (its seed until one is)
        self.meters = {p.name: Fraction(p.meter.seed) for p in self.progressives}
        self._kept: dict = {}
        self._lock = threading.Lock()

    def __bool__(self) -> bool:
        return bool(self.runs or self.progressives or self.multiplied)

    def set_meter(self, meter, bet=None) -> None:
        """The meter of progressive ``bet`` (its name; None: the file's one progressive)."""
        names = list(self.meters)
        if not names:
            raise ArgumentError(f"meter {clipped(meter)}: this paytable has no progressive "
                                f"(METERS)")
        if bet is None and len(names) > 1:
            raise ArgumentError(f"meter {clipped(meter)}: name the progressive (bet): one "
                                f"of " + ", ".join(map(repr, names)))
        name = names[0] if bet is None else bet
        if name not in self.meters:
            raise ArgumentError(f"bet {clipped(bet)} is no progressive of this paytable: "
                                f"its progressives are " + ", ".join(map(repr, names)))
        self.meters[name] = meter_argument(meter)

    # -- the values, counted once per shoe -------------------------------------------
    def keys(self, place: RunPlace | None, shoe) -> list[tuple]:
        """What the page shows now: each run bet at ``place``, each progressive and the
        multiplier bets on ``shoe`` (the cards not seen)."""
        out = []
        if place is not None:
            out += [("run", i, place) for i in range(len(self.runs))]
        if isinstance(shoe, Shoe):
            out += [("meter", i, shoe) for i in range(len(self.progressives))]
            if self.multiplied:
                out.append(("multipliers", 0, shoe))
        return out

    def known(self, key):
        """The value ``key`` names: None while not counted, :class:`Unvalued` where its
        analysis refuses the shoe."""
        with self._lock:
            return self._kept.get(key)

    def next_job(self, keys):
        """The count of the first of ``keys`` not counted yet (None: all are)."""
        for key in keys:
            if self.known(key) is None:
                return lambda: self.count(key)
        return None

    def count(self, key):
        """The value ``key`` names (counted once, then kept)."""
        found = self.known(key)
        if found is None:
            try:
                found = self._value(*key)
            except BaccEdgeError as err:  # said in the value's place, never counted again
                found = Unvalued(str(err))
            with self._lock:
                while len(self._kept) >= KEPT:
                    del self._kept[next(iter(self._kept))]
                self._kept[key] = found
        return found

    def _value(self, kind: str, i: int, where):
        if kind == "run":
            value = from_shoe(self.runs[i], where.shoe, cut=where.cut, end=where.end,
                              most_shoes=LIVE_STATES, tableau=self.tableau)
            if value.kind is ValueKind.EXACT:
                return value
            return dealt_paths(self.runs[i], where.shoe, cut=where.cut, end=where.end,
                               paths=COMMAND_PATHS, tableau=self.tableau)
        if kind == "meter":
            return meter_value(self.progressives[i], where)
        return multiplier_report(self.paytable, where)


def _items(paytable: Paytable, name: str) -> list:
    """The items ``paytable`` defines under ``name`` (none where it defines none)."""
    items = paytable.defined.get(name)
    if items is None:
        return []
    kind = KINDS[name]
    if not isinstance(items, (list, tuple)) or not all(isinstance(i, kind) for i in items):
        raise PaytableError(f"{paytable.path}: {name} must be a list of {kind.__name__}")
    return list(items)


__all__ = ["KEPT", "LIVE_STATES", "METER_PATTERN", "LiveBeyond", "RunPlace", "Unvalued",
           "meter_argument", "run_place"]
