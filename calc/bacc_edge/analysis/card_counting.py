"""Card counts a player chooses: tags per rank, an initial running count, and when to
bet (a true-count or running-count trigger); with the figures a published study of the
count printed, to check a run against.

A paytable file lists its counts next to its bets::

    from bacc_edge import Count, StudyFigures

    COUNTS = [
        Count("Wizard of Odds count 1", {"6": -3, "7": 1, "8": 1, "9": 1}, trigger=7,
              bets=["Lucky 6"]),
    ]

The true count is the running count divided by the decks left. What "decks left"
means differs between studies, so it is a choice (``divisor`` and ``rounding``): by
default every card not yet seen (the shoe's cards less the shown first card and the
coups dealt; burned cards are unseen), divided by 52, exact — the convention with which
both published studies shipped here reproduce best.

The trigger may depend on how deep the shoe is (a :class:`TriggerTable`, as the
tracking sheets used at tables print one threshold per stretch of the shoe), compare
strictly (``strict``: bet above it, not from it), and the stake may follow a ramp
(``ramp``: units by count) instead of one flat unit.
"""

from __future__ import annotations

import functools
import math
from dataclasses import KW_ONLY, dataclass, field, replace
from enum import StrEnum
from typing import Callable, Mapping, Sequence

from ..game.cards import CARDS_PER_DECK, POINTS, RANKS, parse_card
from ..util.arguments import names_argument, non_empty, quoted
from ..errors import ArgumentError, BaccEdgeError, OptionError
from ..language.pays import DECIMAL_TEXT, exact_number, whole_number
from ..language.bet import Printed


#: The largest running count a count may ever reach (its ``initial`` plus its largest
#: tag times every card of the shoe): the dealing kernel keeps it in int64 and compares
#: it with the trigger as a float64, which holds every whole number up to 2**53 exactly.
RUNNING_COUNT_LIMIT = 2 ** 53


class TriggerOn(StrEnum):
    """What the trigger compares with: the true count, or the running count."""

    TRUE = "true"
    RUNNING = "running"


class Divisor(StrEnum):
    """The cards a true count divides by (then by 52 for decks): those still in the
    shoe (burned cards are out of it), or every card not yet seen (burned included)."""

    SHOE = "shoe"
    UNSEEN = "unseen"


class DeckRounding(StrEnum):
    """How the decks left are rounded: exact (cards / 52), to the nearest half deck
    (at least one half), or to the nearest whole deck (at least one), halves up; or
    down or up to a half or whole deck (never below one half, or one deck)."""

    EXACT = "exact"
    HALF = "half"
    WHOLE = "whole"
    HALF_DOWN = "half-down"
    HALF_UP = "half-up"
    WHOLE_DOWN = "whole-down"
    WHOLE_UP = "whole-up"


def decks_left(cards: int, rounding: DeckRounding | str, deck_cards: int = 52) -> float:
    """The decks a true count divides by when ``cards`` cards are left, rounded as
    ``rounding`` says: the formula the dealing kernel's ``_decks`` computes, in plain
    Python (for sheets and estimates; the kernel keeps its own for speed)."""
    rounding = DeckRounding(rounding)
    half, whole = cards / (deck_cards / 2.0), cards / deck_cards
    if rounding is DeckRounding.HALF:
        return max(0.5, math.floor(half + 0.5) / 2.0)
    if rounding is DeckRounding.WHOLE:
        return max(1.0, float(math.floor(whole + 0.5)))
    if rounding is DeckRounding.HALF_DOWN:
        return max(0.5, math.floor(half) / 2.0)
    if rounding is DeckRounding.HALF_UP:
        return max(0.5, math.ceil(half) / 2.0)
    if rounding is DeckRounding.WHOLE_DOWN:
        return max(1.0, float(math.floor(whole)))
    if rounding is DeckRounding.WHOLE_UP:
        return max(1.0, float(math.ceil(whole)))
    return whole


class DepthBy(StrEnum):
    """What a :class:`TriggerTable` is indexed by: the cards seen before the coup (the
    shown first card and every card of the coups dealt; burned cards are not seen), or
    the round of the shoe (1 for its first coup)."""

    CARDS = "cards"
    ROUND = "round"


#: The most rows a trigger table or a ramp may have (a threshold for every round of an
#: 8-deck shoe is 80 or so; a thousand is a typo or a generated table gone wrong).
MAX_ROWS = 1000
#: The largest depth a table row may start at: every card of the largest shoe.
MAX_DEPTH = 64 * 52
#: The largest stake of a ramp, in units.
MAX_UNITS = 1000
#: The largest tag of a count, either way.
MAX_TAG = 1000


def _finite(value, what: str) -> float:
    """A finite number (one reading of numbers, as the trigger's), as a float."""
    try:
        number = exact_number(value)
    except ValueError as err:
        raise OptionError(f"{what} {err}") from None
    try:
        return float(number)
    except OverflowError:
        raise OptionError(f"{what} {str(value)[:20]}… is too large") from None


def _whole(value, low: int, high: int, what: Callable[[str], str], *,
           plural: bool = False) -> int:
    """``value`` (an int, or text as a whole number is written) as a whole number from
    ``low`` to ``high``, else one OptionError, ``what(shown)`` naming the value shown. A
    number written otherwise (``1e15``, ``2.5``) is told the limit, as one past it is;
    text that is no number (``x``, ``1_0``, ``５``), that it is none."""
    if isinstance(value, int) and not isinstance(value, bool):
        number = value
    else:
        try:
            number = whole_number(str(value))
        except ValueError:
            if DECIMAL_TEXT.fullmatch(str(value).strip()):
                raise OptionError(f"{what(repr(value))} must be a whole number from "
                                  f"{low} to {high}") from None
            raise OptionError(f"{what(repr(value))} {'are' if plural else 'is'} not "
                              f"a whole number") from None
    if not low <= number <= high:
        raise OptionError(f"{what(str(number))} must be from {low} to {high}")
    return number


def _pairs(value, what: str, example: str) -> list[tuple[str, str]]:
    """``"A=B, C=D"`` text, a mapping, or a sequence of pairs, as (key, value) pairs."""
    if isinstance(value, str):
        out = []
        for item in (x.strip() for x in value.split(",")):
            if not item:
                raise OptionError(f"{what} {value!r} has an empty item between commas "
                                  f"(write {example})")
            if "=" not in item:
                raise OptionError(f"{what}: {item!r} should read {example.split(',')[0]}")
            key, val = item.split("=", 1)
            out.append((key.strip(), val.strip()))
        return out
    if isinstance(value, Mapping):
        return list(value.items())
    if isinstance(value, (list, tuple)) and all(
            isinstance(x, (list, tuple)) and len(x) == 2 for x in value):
        return [tuple(x) for x in value]
    raise OptionError(f"{what} must be text such as {example!r}, a mapping or a list of "
                      f"pairs, not {quoted(value)}")


@dataclass(frozen=True)
class TriggerTable:
    """A trigger that depends on how deep the shoe is: ``rows`` of (depth from which a
    threshold holds, the threshold), depth counted as ``by`` says (:class:`DepthBy`:
    cards seen, or the round). A threshold holds from its depth to the next row's;
    before the first row the count does not bet. Written as text
    ``"cards: 0=8, 104=6, 208=5"`` (:meth:`parse`), or ``TriggerTable("round",
    {1: 8, 30: 6})``."""

    by: DepthBy
    rows: object

    def __post_init__(self):
        try:
            object.__setattr__(self, "by", DepthBy(self.by))
        except ValueError:
            raise OptionError(f"trigger table: depth {self.by!r} must be one of "
                              f"{', '.join(d.value for d in DepthBy)}") from None
        what = f"trigger table by {self.by.value}"
        example = "DEPTH=THRESHOLD, e.g. 0=8, 104=6" if self.by is DepthBy.CARDS \
            else "ROUND=THRESHOLD, e.g. 1=8, 30=6"
        rows = []
        if isinstance(self.rows, str) and not self.rows.strip():
            raise OptionError(f"{what} has no rows: write {example}")
        for depth, threshold in _pairs(self.rows, what, example):
            start = _whole(depth, 0 if self.by is DepthBy.CARDS else 1, MAX_DEPTH,
                           lambda shown: f"{what}: depth {shown}")
            rows.append((start, _finite(threshold, f"{what}: threshold of {start}")))
        if not rows:
            raise OptionError(f"{what} has no rows: write {example}")
        if len(rows) > MAX_ROWS:
            raise OptionError(f"{what} has {len(rows)} rows, more than {MAX_ROWS}")
        if any(b[0] <= a[0] for a, b in zip(rows, rows[1:])):
            raise OptionError(f"{what}: depths {', '.join(str(r[0]) for r in rows)} must "
                              f"rise from row to row")
        object.__setattr__(self, "rows", tuple(rows))

    @classmethod
    def parse(cls, text: str) -> "TriggerTable":
        """``"cards: 0=8, 104=6"`` or ``"round: 1=8, 30=6"``."""
        by, sep, rows = str(text).partition(":")
        if not sep:
            raise OptionError(f"trigger table {text!r} should read 'cards: 0=8, 104=6' or "
                              f"'round: 1=8, 30=6'")
        return cls(by.strip(), rows)  # 'Cards' is no word of it, as in TriggerTable()

    def threshold(self, depth: int) -> float:
        """The threshold in force at ``depth`` (infinite before the first row: no bet)."""
        out = math.inf
        for start, value in self.rows:
            if start > depth:
                break
            out = value
        return out

    @property
    def lowest(self) -> float:
        return min(v for _, v in self.rows)

    def describe(self) -> dict:
        return {"by": self.by.value, "rows": [[d, v] for d, v in self.rows]}

    def text(self) -> str:
        unit = "cards seen" if self.by is DepthBy.CARDS else "round"
        return (f"the table by {unit} (" + ", ".join(f"{v:+g} from {d}" for d, v in self.rows)
                + ")")


def parse_ramp(value, where: str = "count") -> tuple[tuple[float, int], ...]:
    """A ramp, ``"10=2, 12=4"`` (from count +10, 2 units; from +12, 4) or a mapping:
    (count, units) steps in rising order of count, units whole from 1 to
    :data:`MAX_UNITS`; None or empty: no ramp (one unit)."""
    if value is None or (isinstance(value, (str, Mapping, list, tuple)) and not value):
        return ()
    what = f"{where}: ramp"
    steps = []
    for level, units in _pairs(value, what, "COUNT=UNITS, e.g. 10=2, 12=4"):
        at = _finite(level, f"{what}: count")
        stake = _whole(units, 1, MAX_UNITS, lambda shown: f"{what}: units {shown} of {level!r}",
                       plural=True)
        steps.append((at, stake))
    if len(steps) > MAX_ROWS:
        raise OptionError(f"{what} has {len(steps)} steps, more than {MAX_ROWS}")
    if any(b[0] <= a[0] for a, b in zip(steps, steps[1:])):
        raise OptionError(f"{what}: counts {', '.join(f'{s[0]:g}' for s in steps)} must rise "
                          f"from step to step")
    stakes = [1] + [units for _, units in steps]  # one unit below the first step
    if any(b <= a for a, b in zip(stakes, stakes[1:])):
        raise OptionError(f"{what}: units {', '.join(str(s) for s in stakes[1:])} must rise "
                          f"from step to step, above the 1 unit bet below the first")
    return tuple(steps)


class StudyMeasure(StrEnum):
    """A figure a count study reports, as the depth command's JSON names it."""

    BET_FREQUENCY = "bet_frequency"            # share of all rounds dealt, a fraction
    AVERAGE_EDGE = "average_edge"              # player's edge per unit bet, a fraction
    UNITS_PER_SHOE = "units_per_shoe"
    UNITS_PER_100_ROUNDS = "units_per_100_rounds"
    ROUNDS_PER_SHOE = "rounds_per_shoe"
    DESIRABILITY_INDEX = "desirability_index"  # over the SD of the bets placed
    #: as published studies compute it: over the bet's SD off the top × √ bet frequency
    DESIRABILITY_INDEX_OFF_THE_TOP = "desirability_index_off_the_top"
    BETTING_CORRELATION = "betting_correlation"


@dataclass(frozen=True)
class StudyFigures:
    """What a published study of a count printed (``figures``: measure → text as
    printed, e.g. ``{"bet_frequency": "3.09%"}``, each read as a
    :class:`~bacc_edge.paytable.Printed` study figure), where (``source``), and for each
    figure that a run does not reproduce, why (``findings``).

    ``dealing`` records how the study dealt, in its own words: metadata for the reader
    of the paytable (the run deals by its own options, which the depth notes name), not
    printed and not compared with anything."""

    source: str
    figures: Mapping[str, str]
    findings: Mapping[str, str] = field(default_factory=dict)
    dealing: str = ""

    def __post_init__(self):
        for name in ("figures", "findings"):
            value = getattr(self, name)
            if not hasattr(value, "items"):
                raise ArgumentError(f"study {self.source!r}: {name} {quoted(value)} must be "
                                    f"a mapping, e.g. {{'bet_frequency': '3.09%'}}")
        try:
            figures = {StudyMeasure(k): str(v) for k, v in dict(self.figures).items()}
            findings = {StudyMeasure(k): str(v) for k, v in dict(self.findings).items()}
        except ValueError as err:
            raise BaccEdgeError(f"study {self.source!r}: {err}; the figures are "
                                f"{', '.join(m.value for m in StudyMeasure)}") from None
        for text in figures.values():
            Printed.of_study(text)
        object.__setattr__(self, "figures", figures)
        object.__setattr__(self, "findings", findings)

    def printed(self, measure: StudyMeasure) -> Printed:
        """The figure printed for ``measure``: its value and its tolerance."""
        return Printed.of_study(self.figures[measure])

    def value(self, measure: StudyMeasure) -> float:
        return float(self.printed(measure).value)

    def __hash__(self):
        return hash((self.source, tuple(self.figures.items()), tuple(self.findings.items())))


def _rank_index(names: str, where: str) -> list[int]:
    """The ranks ``"8"`` or ``"10/J/Q/K"`` names."""
    out = []
    for name in names.split("/"):
        try:
            rank, suit = parse_card(name.strip())
        except BaccEdgeError:
            raise OptionError(f"{where}: {name!r} is not a rank (A, 2-9, 10, J, Q, K)") from None
        if suit is not None:
            raise OptionError(f"{where}: {name!r} names a card; a count tags ranks")
        out.append(rank)
    return out


def parse_tags(text_or_map, where: str = "count") -> tuple[int, ...]:
    """13 integer tags, A … K, from ``{"8": 2, "9": 2, "4": -1}`` or the text
    ``"8=+2,9=+2,4=-1"`` (ranks not named count 0; ``"10/J/Q/K=-1"`` tags several)."""
    if isinstance(text_or_map, str):
        pairs = []
        for item in (x.strip() for x in text_or_map.split(",")):
            if not item:  # '8=+1,,9=+1': a tag lost in typing, not a rank left at 0
                raise OptionError(f"{where}: {text_or_map!r} has an empty item between "
                                  f"commas (write RANK=TAG items, e.g. 8=+2,9=+2)")
            if "=" not in item:
                raise OptionError(f"{where}: {item!r} should read RANK=TAG, e.g. 8=+2")
            ranks, tag = item.split("=", 1)
            pairs.append((ranks.strip(), tag.strip()))
    elif isinstance(text_or_map, Mapping):
        pairs = list(text_or_map.items())
    elif isinstance(text_or_map, Sequence) and len(text_or_map) == len(RANKS):
        pairs = list(zip(RANKS, text_or_map))
    else:
        raise OptionError(f"{where}: tags must be RANK=TAG text, a mapping of rank to tag, "
                          f"or 13 tags A … K, not {text_or_map!r}")
    tags = [0] * len(RANKS)
    seen = set()
    for rank, tag in pairs:
        # int() reads '５' and '1_0': a tag is written in ASCII digits
        value = _whole(tag, -MAX_TAG, MAX_TAG,
                       lambda shown: f"{where}: tag {shown} of {rank!r}")
        for r in _rank_index(str(rank), where):
            if r in seen:
                raise OptionError(f"{where}: rank {RANKS[r]} is tagged twice")
            seen.add(r)
            tags[r] = value
    if not any(tags):
        raise OptionError(f"{where}: every tag is 0; a count needs a card that moves it")
    return tuple(tags)


@dataclass(frozen=True)
class Count:
    """A count: ``tags`` per rank (see :func:`parse_tags`), the running count it starts
    from (``initial``), and the ``trigger`` from which the player bets one unit: the
    true count (``trigger_on="true"``, running count per deck left as ``divisor`` and
    ``rounding`` say) or the running count reaches it. ``bets`` names the bets it
    serves (None, the default: every bet of the run, kept as ``()``; an empty list is
    refused). ``exposed_card``: whether the shown first card
    of the shoe enters the count (it is seen; burned cards never are).
    ``published``: the figures a study of this count printed.

    Keyword-only: ``strict`` bets only when the count passes the trigger (``>``), not
    when it reaches it (``≥``, the default); the trigger may be a
    :class:`TriggerTable` (thresholds by cards seen or by round; text such as
    ``"cards: 0=8, 104=6"`` is read as one); ``ramp`` (:func:`parse_ramp`) stakes more
    units as the count rises: the units of the highest step the count reaches (compared
    as the trigger is), one unit below the first step. A ramp step below every
    threshold of the trigger is refused (the count never bets there)."""

    name: str
    tags: object
    trigger: float
    #: a list or a tuple of the bets' names, kept as a tuple
    bets: Sequence[str] | None = None
    initial: int = 0
    trigger_on: TriggerOn = TriggerOn.TRUE
    divisor: Divisor = Divisor.UNSEEN
    rounding: DeckRounding = DeckRounding.EXACT
    exposed_card: bool = True
    published: StudyFigures | None = None
    _: KW_ONLY
    strict: bool = False
    ramp: object = None

    def __post_init__(self):
        where = f"count {self.name!r}"
        if not isinstance(self.name, str) or not self.name.strip():
            raise OptionError(f"a count needs a name, not {self.name!r}")
        object.__setattr__(self, "tags", parse_tags(self.tags, where))
        trigger = self.trigger
        if isinstance(trigger, str) and ":" in trigger:
            trigger = TriggerTable.parse(trigger)
        if not isinstance(trigger, TriggerTable):
            # one reading of numbers: float() would take '1_0', '５' and ' inf'
            trigger = _finite(trigger, f"{where}: trigger")
        object.__setattr__(self, "trigger", trigger)
        if not isinstance(self.strict, bool):
            raise OptionError(f"{where}: strict must be True or False")
        object.__setattr__(self, "ramp", parse_ramp(self.ramp, where))
        lowest = trigger.lowest if isinstance(trigger, TriggerTable) else trigger
        never = [level for level, _ in self.ramp if level < lowest]
        if never:
            raise OptionError(f"{where}: ramp step {never[0]:+g} lies below the trigger "
                              f"({lowest:+g}): the count never bets there")
        object.__setattr__(self, "bets", () if self.bets is None else tuple(non_empty(
            names_argument(self.bets, f"{where}: bets"), f"{where}: bets",
            "bet's name (None: every bet of the run)")))
        if isinstance(self.initial, bool) or not isinstance(self.initial, int):
            raise OptionError(f"{where}: initial running count {self.initial!r} must be a "
                              f"whole number")
        if abs(self.initial) > RUNNING_COUNT_LIMIT:
            raise OptionError(f"{where}: initial running count {self.initial} is beyond "
                              f"what a running count may reach (±2**53 = "
                              f"±{RUNNING_COUNT_LIMIT:,})")
        for attr, kind in (("trigger_on", TriggerOn), ("divisor", Divisor),
                           ("rounding", DeckRounding)):
            value = getattr(self, attr)
            try:
                object.__setattr__(self, attr, kind(value))
            except ValueError:
                raise OptionError(f"{where}: {attr} {value!r} must be one of "
                                  f"{', '.join(k.value for k in kind)}") from None
        if not isinstance(self.exposed_card, bool):
            raise OptionError(f"{where}: exposed_card must be True or False")
        if self.published is not None and not isinstance(self.published, StudyFigures):
            raise OptionError(f"{where}: published must be StudyFigures(...)")

    @classmethod
    def yours(cls, tags, trigger, *, initial: int = 0,
              trigger_on: TriggerOn | str = TriggerOn.TRUE, strict: bool = False,
              ramp=None) -> "Count":
        """The count a user gives on the command line (``--count``, ``--trigger``,
        ``--initial``, ``--trigger-on``, ``--strict``, ``--ramp``), named "your count";
        it serves every bet."""
        return cls("your count", tags, trigger, initial=initial, trigger_on=trigger_on,
                   strict=strict, ramp=ramp)

    @functools.cached_property
    def table(self) -> TriggerTable:
        """The trigger as a table (a single threshold is a table of one row, from the
        first card)."""
        if isinstance(self.trigger, TriggerTable):
            return self.trigger
        return TriggerTable(DepthBy.CARDS, ((0, self.trigger),))

    def reaches(self, level: float, threshold: float) -> bool:
        """Whether a count at ``level`` bets against ``threshold`` (``≥``, or ``>``
        when strict)."""
        return level > threshold if self.strict else level >= threshold

    def units(self, level: float) -> int:
        """The stake at ``level`` when the count bets: the ramp's units of the highest
        step reached (as :meth:`reaches` compares), one unit below its first step."""
        out = 1
        for at, units in self.ramp:
            if self.reaches(level, at):
                out = units
        return out

    @classmethod
    def by_points(cls, name: str, tags_by_point: Sequence[int], trigger: float, **kw) -> "Count":
        """A count written by point value 0 … 9 (tens and court cards are 0), as many
        studies print theirs."""
        if not isinstance(tags_by_point, (list, tuple)):
            raise ArgumentError(f"count {name!r}: by_points tags {quoted(tags_by_point)} must "
                                f"be a list of 10 tags, point values 0 … 9")
        if len(tags_by_point) != 10:
            raise OptionError(f"count {name!r}: by_points needs 10 tags, point values 0 … 9")
        return cls(name, tuple(tags_by_point[p] for p in POINTS), trigger, **kw)

    def most_running(self, cards: int) -> int:
        """The largest running count (in size) a shoe of ``cards`` cards can bring this
        count to: its initial count plus its largest tag on every card."""
        return abs(self.initial) + max(abs(t) for t in self.tags) * cards

    def check_running(self, cards: int) -> None:
        """Refuse a count whose running count could pass :data:`RUNNING_COUNT_LIMIT` on
        a shoe of ``cards`` cards, before any shoe is dealt."""
        most = self.most_running(cards)
        if most > RUNNING_COUNT_LIMIT:
            raise OptionError(
                f"count {self.name!r}: its running count could reach {most:,} (initial "
                f"{self.initial:+d}, tags up to {max(abs(t) for t in self.tags)} on "
                f"{cards} cards), beyond the limit of 2**53 = {RUNNING_COUNT_LIMIT:,}")

    def check_reach(self, *, seen: int, rounds: int, shoe: str) -> None:
        """Refuse a trigger table with a row no coup of the shoe reaches (a depth past the
        most cards ``seen`` before a coup, or the most ``rounds``, of the ``shoe`` so
        described): a row that silently never applies is a typo, not a table."""
        if not isinstance(self.trigger, TriggerTable):
            return
        by, last = self.table.by, self.table.rows[-1][0]
        most = seen if by is DepthBy.CARDS else rounds
        if last > most:
            raise OptionError(
                f"count {self.name!r}: trigger table by {by.value}: depth {last} lies past "
                + (f"the {most} cards seen at most before a coup" if by is DepthBy.CARDS
                   else f"the {most} rounds at most")
                + f" of {shoe}: no coup is dealt there")

    def with_convention(self, *, divisor=None, rounding=None, exposed_card=None) -> "Count":
        """This count under another true-count convention (None: keep its own)."""
        changes = {k: v for k, v in (("divisor", divisor), ("rounding", rounding),
                                     ("exposed_card", exposed_card)) if v is not None}
        return replace(self, **{"bets": self.bets or None, **changes}) if changes else self

    def running(self, ranks, *, exposed: int | None = None) -> int:
        """The running count after the cards of ``ranks`` (rank indices) were seen, and
        the shown first card (its rank, ``exposed``) where this count counts it."""
        shown = self.tags[exposed] if exposed is not None and self.exposed_card else 0
        return self.initial + shown + sum(self.tags[r] for r in ranks)

    def true_count(self, running: int, *, unseen: int, in_shoe: int) -> float:
        """``running`` per deck left: of the ``unseen`` cards or the cards still
        ``in_shoe`` (burned cards out), as :attr:`divisor` says, rounded as
        :attr:`rounding` says; in floating point as the dealing kernel computes it: one
        correctly rounded division of exact numbers (exact decks: running · 52 / cards),
        so that a true count exactly at a threshold is that threshold."""
        cards = unseen if self.divisor is Divisor.UNSEEN else in_shoe
        if self.rounding is DeckRounding.EXACT:
            return running * CARDS_PER_DECK / cards
        return running / decks_left(cards, self.rounding)

    def reached(self, running: int, true_count: float, *, seen: int, round_no: int) -> bool:
        """Whether the player of this count bets before a coup: its true count (or, on
        ``trigger_on`` running, its running count) reaches the threshold in force at
        that depth (``seen``: the cards seen before the coup, the shown card and the
        coups' cards, burned cards not; ``round_no``: the coup's round, from 1), as
        :meth:`reaches` compares; what the dealing kernel and ``count_bets`` decide."""
        level = true_count if self.trigger_on is TriggerOn.TRUE else float(running)
        depth = round_no if self.table.by is DepthBy.ROUND else seen
        return self.reaches(level, self.table.threshold(depth))

    def describe(self) -> dict:
        """The count as JSON: every field that defines it (a trigger table as
        ``{"by", "rows"}``; the ramp as [count, units] steps)."""
        trigger = self.trigger.describe() if isinstance(self.trigger, TriggerTable) \
            else self.trigger
        return {"name": self.name, "tags": dict(zip(RANKS, self.tags)),
                "initial": self.initial, "trigger": trigger,
                "trigger_on": self.trigger_on.value, "divisor": self.divisor.value,
                "rounding": self.rounding.value, "exposed_card": self.exposed_card,
                "strict": self.strict, "ramp": [[at, units] for at, units in self.ramp]}

    def text(self) -> str:
        """The count in words: its tags (:meth:`tags_text`), then when it bets
        (:meth:`betting_text`)."""
        return f"{self.tags_text()}; {self.betting_text()}"

    def tags_text(self) -> str:
        """Its tags, the ranks tagged 0 left out (``"A+1 7-3 8-3"``), and its initial
        running count when it has one."""
        tags = " ".join(f"{r}{t:+d}" for r, t in zip(RANKS, self.tags) if t)
        return tags + (f", starts at {self.initial:+d}" if self.initial else "")

    def betting_text(self) -> str:
        """When its player bets: ``"bets at true count (…) ≥ +2"``."""
        what = ("true count (running count per deck in the shoe"
                if self.divisor is Divisor.SHOE else "true count (running count per deck unseen")
        what = (f"{what}, {self.rounding.value} decks)" if self.trigger_on is TriggerOn.TRUE
                else "running count")
        shown = "" if self.exposed_card else "; the shown first card not counted"
        sign = ">" if self.strict else "≥"
        trigger = self.trigger.text() if isinstance(self.trigger, TriggerTable) \
            else f"{self.trigger:+g}"
        ramp = ("; stakes " + ", ".join(f"{units} from {at:+g}" for at, units in self.ramp)
                + " (1 unit below)") if self.ramp else ""
        return f"bets at {what} {sign} {trigger}{ramp}{shown}"


@dataclass(frozen=True)
class Team:
    """A team's split of the bets between its players: ``players`` maps each player's
    name to the counts (by name) they play, each count on the bets it serves (which
    player bets which bet at which count). A run reports each player's bets added up
    round by round, and the team's. A count is played by one player of a team."""

    name: str
    players: object

    def __post_init__(self):
        if not isinstance(self.name, str) or not self.name.strip():
            raise OptionError(f"a team needs a name, not {self.name!r}")
        where = f"team {self.name!r}"
        if not isinstance(self.players, Mapping) or not self.players:
            raise OptionError(f"{where}: players must map each player's name to the counts "
                              f"they play, e.g. {{'Ann': ['Big Tiger count']}}")
        players, taken = {}, {}
        for player, counts in self.players.items():
            if not isinstance(player, str) or not player.strip():
                raise OptionError(f"{where}: a player needs a name, not {player!r}")
            if player.lower() in {p.lower() for p in players}:
                raise OptionError(f"{where}: two players are named {player!r}")
            names = tuple(non_empty(names_argument(counts, f"{where}: {player}'s counts"),
                                    f"{where}: {player}'s counts", "count's name"))
            for name in names:
                if name.lower() in taken:
                    raise OptionError(f"{where}: count {name!r} is played by "
                                      f"{taken[name.lower()]!r} and {player!r}; a count is "
                                      f"one player's")
                taken[name.lower()] = player
            players[player] = names
        object.__setattr__(self, "players", players)

    def describe(self) -> dict:
        return {"name": self.name, "players": {p: list(c) for p, c in self.players.items()}}

    def __hash__(self):
        return hash((self.name, tuple(self.players.items())))


def paytable_teams(paytable) -> tuple[Team, ...]:
    """The ``TEAMS`` a paytable file lists (none for bets written in Python), as the
    file's one run left them (:attr:`~bacc_edge.language.loader.Paytable.defined`)."""
    teams = paytable.defined.get("TEAMS", ())
    if not isinstance(teams, (list, tuple)) or not all(isinstance(t, Team) for t in teams):
        raise BaccEdgeError(f"{paytable.path}: TEAMS must be a list of Team")
    return tuple(teams)


def paytable_counts(paytable) -> tuple[Count, ...]:
    """The ``COUNTS`` a paytable file lists (none for bets written in Python), as the
    file's one run left them (:attr:`~bacc_edge.language.loader.Paytable.defined`), each
    checked: a Count, a name used once, bets the paytable defines."""
    namespace = paytable.defined
    counts = namespace.get("COUNTS", ())
    if not isinstance(counts, (list, tuple)) or not all(isinstance(c, Count) for c in counts):
        raise BaccEdgeError(f"{paytable.path}: COUNTS must be a list of Count")
    known = {b.name.lower() for b in namespace.get("BETS", ())}
    names = set()
    for count in counts:
        if count.name.lower() in names:
            raise BaccEdgeError(f"{paytable.path}: two counts are named {count.name!r}")
        names.add(count.name.lower())
        for bet in count.bets:
            if bet.lower() not in known:
                raise BaccEdgeError(f"{paytable.path}: count {count.name!r} serves "
                                    f"{bet!r}, which no bet of the paytable is named")
    return tuple(counts)


__all__ = ["Count", "RUNNING_COUNT_LIMIT", "DeckRounding", "DepthBy", "Divisor", "MAX_UNITS",
           "StudyFigures", "StudyMeasure", "Team", "TriggerOn", "TriggerTable", "decks_left",
           "paytable_counts", "paytable_teams", "parse_ramp", "parse_tags"]
