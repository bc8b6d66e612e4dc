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
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Mapping, Sequence

import math

from ..game.cards import CARDS_PER_DECK, POINTS, RANKS, parse_card
from ..util.arguments import names_argument, non_empty, quoted
from ..errors import ArgumentError, BaccEdgeError, OptionError
from ..language.pays import exact_number, whole_number
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
    (at least one half), or to the nearest whole deck (at least one); halves round up."""

    EXACT = "exact"
    HALF = "half"
    WHOLE = "whole"


class StudyMeasure(StrEnum):
    """A figure a count study reports, as the depth command's JSON names it."""

    BET_FREQUENCY = "bet_frequency"            # share of all rounds dealt, a fraction
    AVERAGE_EDGE = "average_edge"              # player's edge per unit bet, a fraction
    UNITS_PER_SHOE = "units_per_shoe"
    UNITS_PER_100_ROUNDS = "units_per_100_rounds"
    ROUNDS_PER_SHOE = "rounds_per_shoe"
    DESIRABILITY_INDEX = "desirability_index"
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
        try:  # int() reads '５' and '1_0': a tag is written in ASCII digits
            value = tag if isinstance(tag, int) else whole_number(str(tag))
        except ValueError:
            raise OptionError(f"{where}: tag {tag!r} of {rank!r} is not a whole number") from None
        if isinstance(tag, bool) or abs(value) > 1000:
            raise OptionError(f"{where}: tag {tag!r} of {rank!r} must be a whole number "
                              f"from -1000 to 1000")
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
    ``published``: the figures a study of this count printed."""

    name: str
    tags: object
    trigger: float
    bets: tuple[str, ...] | None = None
    initial: int = 0
    trigger_on: TriggerOn = TriggerOn.TRUE
    divisor: Divisor = Divisor.UNSEEN
    rounding: DeckRounding = DeckRounding.EXACT
    exposed_card: bool = True
    published: StudyFigures | None = None

    def __post_init__(self):
        where = f"count {self.name!r}"
        if not isinstance(self.name, str) or not self.name.strip():
            raise OptionError(f"a count needs a name, not {self.name!r}")
        object.__setattr__(self, "tags", parse_tags(self.tags, where))
        try:  # one reading of numbers: float() would take '1_0', '５' and ' inf'
            trigger = float(exact_number(self.trigger))
        except ValueError as err:
            raise OptionError(f"{where}: trigger {err}") from None
        except OverflowError:
            raise OptionError(f"{where}: trigger {str(self.trigger)[:20]}… is too large") from None
        object.__setattr__(self, "trigger", trigger)
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
    def yours(cls, tags, trigger: float, *, initial: int = 0,
              trigger_on: TriggerOn | str = TriggerOn.TRUE) -> "Count":
        """The count a user gives on the command line (``--count``, ``--trigger``,
        ``--initial``, ``--trigger-on``), named "your count"; it serves every bet."""
        return cls("your count", tags, trigger, initial=initial, trigger_on=trigger_on)

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
        :attr:`rounding` says; in floating point as the dealing kernel computes it."""
        cards = unseen if self.divisor is Divisor.UNSEEN else in_shoe
        return running / decks_left(cards, self.rounding)

    def reached(self, running: int, true_count: float) -> bool:
        """Whether the player of this count bets: its true count (or, on ``trigger_on``
        running, its running count) reaches the trigger."""
        level = true_count if self.trigger_on is TriggerOn.TRUE else float(running)
        return level >= self.trigger

    def describe(self) -> dict:
        """The count as JSON: every field that defines it."""
        return {"name": self.name, "tags": dict(zip(RANKS, self.tags)),
                "initial": self.initial, "trigger": self.trigger,
                "trigger_on": self.trigger_on.value, "divisor": self.divisor.value,
                "rounding": self.rounding.value, "exposed_card": self.exposed_card}

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
        return f"bets at {what} ≥ {self.trigger:+g}{shown}"


def decks_left(cards: int, rounding: DeckRounding) -> float:
    """The decks in ``cards`` cards, as a true count divides by them: exact (cards / 52),
    or to the nearest half deck (at least one half) or whole deck (at least one), halves
    up; in floating point as the dealing kernel computes them."""
    if rounding is DeckRounding.HALF:
        return max(0.5, math.floor(cards / (CARDS_PER_DECK / 2.0) + 0.5) / 2.0)
    if rounding is DeckRounding.WHOLE:
        return max(1.0, float(math.floor(cards / CARDS_PER_DECK + 0.5)))
    return cards / CARDS_PER_DECK


def paytable_counts(paytable) -> tuple[Count, ...]:
    """The ``COUNTS`` a paytable file lists (none for bets written in Python), each
    checked: a Count, a name used once, bets the paytable defines."""
    if paytable.source is None:
        return ()
    namespace = {"__name__": f"paytable_{paytable.path.stem}", "__file__": str(paytable.path)}
    from ..language.loader import printing_to_stderr
    try:  # what the file prints goes to stderr, as when it was loaded
        with printing_to_stderr():
            exec(compile(paytable.source, str(paytable.path), "exec"), namespace)
    except BaccEdgeError as err:
        raise BaccEdgeError(f"{paytable.path}: {err}") from None
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


__all__ = ["Count", "RUNNING_COUNT_LIMIT", "DeckRounding", "Divisor", "StudyFigures", "StudyMeasure", "TriggerOn",
           "decks_left", "paytable_counts", "parse_tags"]
