"""The paytable language: bets as ordered lists of events, and the figures sheets print.

A paytable file is plain Python that defines ``BETS``, a list of :class:`Bet`, and may
define ``FIGURES``, a list of :class:`Figure` that span several bets. See the README
for a complete example.
"""

from __future__ import annotations

import inspect
import re
from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum
from fractions import Fraction
from typing import Callable, Mapping, Sequence

from .point_words import Condition
from ..util.arguments import quoted
from ..errors import ArgumentError, PaytableError
from .pays import DECIMAL_TEXT, LOSE, Pays, PaysError, exact_number, pays


class Measure(StrEnum):
    """What a printed figure measures. The value is the word the sheets, the findings'
    keys and the JSON use."""

    HIT_RATE = "hit rate"
    RETURN = "return"
    PLAYER_NET = "player net"
    HOUSE_EDGE = "house edge"
    #: a figure spanning bets (a :class:`Figure`)
    SHEET_FIGURE = "figure"
    #: how many coups (ordered six-card deals) an event settles, compared exactly
    COMBINATIONS = "combinations"


#: The latest round a bet may close after (as depth's --cutoff): no shoe deals more.
MAX_ROUND = 1_000_000

@dataclass(frozen=True)
class Event:
    """One line of a bet: a label, a condition on the finished coup, and what it pays.

    ``pays`` is read by :func:`bacc_edge.pays`: ``5`` is 5 to 1, ``"7:2"``,
    ``"45 for 1"``, ``"10%"``, ``"push"``.
    """

    label: str
    when: Condition
    pays: object


_PRINTED = re.compile(r"^\s*([-+\u2212\u2010]?)\s*(\d+)(?:\.(\d*))?\s*%\s*$", re.ASCII)
#: an exact count, "49,975,532,181,504", or a share of equally likely deals, "256 of 86,320"
_COUNTED = re.compile(r"^\s*(\d[\d,]*)(?:\s+(?:out\s+)?of\s+(\d[\d,]*))?\s*$", re.ASCII)


@dataclass(frozen=True)
class Printed:
    """A figure as a sheet or a study printed it: its value, and how far from it the exact
    value may lie (its tolerance). The one reading of a printed figure: the sheets'
    checks (:func:`~bacc_edge.analysis.bet_report.check`) and the count studies'
    (:class:`~bacc_edge.analysis.card_counting.StudyFigures`) both use it.

    A percentage ("8.304%") is good to half a unit of its last digit; a count
    ("49,975,532,181,504") or a share of equally likely deals ("256 of 86,320") is exact.
    A study's figure (``study=True``, built by :meth:`of_study`) is a decimal, a
    percentage when it ends in '%' ("3.09%", "80.1", "0.981"), good to half a unit of its
    last digit."""

    text: str
    #: a count study's figure: a plain decimal or a percentage, never a count
    study: bool = False

    def __post_init__(self):
        if self.study:
            if _study_number(self.text) is None:
                raise PaytableError(f"published figure {self.text!r} is not a number")
            return
        if not isinstance(self.text, str) or not (_PRINTED.match(self.text)
                                                  or _COUNTED.match(self.text)):
            raise PaytableError(f"published figure {self.text!r} is not a percentage such as "
                                f"'8.304%', a count such as '256' or a share such as "
                                f"'256 of 86,320'")
        counted = _COUNTED.match(self.text)
        if counted and counted.group(2) and int(counted.group(2).replace(",", "")) == 0:
            raise PaytableError(f"published figure {self.text!r}: a share of no deals")

    @classmethod
    def of_study(cls, text) -> "Printed":
        """A figure a count study printed: ``"3.09%"`` is 309/10000 ± 1/20000, ``"80.1"``
        is 801/10 ± 1/20 (ASCII digits, as every number the project reads)."""
        return cls(str(text), study=True)

    @property
    def is_count(self) -> bool:
        """A plain count of coups, with no "of": what ``combinations`` records."""
        if self.study:
            return False
        counted = _COUNTED.match(self.text)
        return bool(counted) and counted.group(2) is None

    @property
    def value(self) -> Fraction:
        if self.study:
            number, scale = _study_number(self.text)
            return exact_number(number) / scale
        counted = _COUNTED.match(self.text)
        if counted:
            count, out_of = (int(g.replace(",", "")) if g else 1 for g in counted.groups())
            return Fraction(count, out_of)
        sign, whole, decimals = _PRINTED.match(self.text).groups()
        digits = decimals or ""
        magnitude = Fraction(int(whole + digits), 10 ** len(digits)) / 100
        return -magnitude if sign in ("-", "\u2212", "\u2010") else magnitude

    @property
    def tolerance(self) -> Fraction:
        """Half a unit of the last printed digit, in the figure's own terms (a
        percentage's divided by 100); 0 for a count or a share, which are exact."""
        if self.study:
            number, scale = _study_number(self.text)
            return Fraction(10) ** Decimal(number).as_tuple().exponent / 2 / scale
        if _COUNTED.match(self.text):
            return Fraction(0)
        decimals = _PRINTED.match(self.text).group(3) or ""
        return Fraction(1, 2 * 10 ** len(decimals)) / 100


def _study_number(text) -> tuple[str, int] | None:
    """A study figure's number as written and what it is divided by (100 for a
    percentage), or None when the text is no number (:data:`~bacc_edge.language.pays.DECIMAL_TEXT`:
    ASCII digits; Python's own readers take '1_0' and '５')."""
    if not isinstance(text, str):
        return None
    s = text.strip()
    number = s[:-1].strip() if s.endswith("%") else s
    if not DECIMAL_TEXT.fullmatch(number):
        return None
    try:
        exact_number(number)
    except ValueError:  # an exponent past what is ever printed
        return None
    return number, 100 if s.endswith("%") else 1


@dataclass(frozen=True)
class Published:
    """The figures a rule sheet printed for one bet, checked at their printed precision.

    ``hit_rate`` and ``returns`` map an event label (or the "Lose" line) to the printed
    percentage; ``player_net`` is the sheet's expected result per unit (negative when
    the house wins), one figure or several where the sheet printed it more than once;
    ``house_edge`` is the edge as a positive percentage. ``combinations`` maps an event
    label to the number of coups (ordered six-card deals) the sheet printed for it,
    compared exactly; a hit rate printed as a share of equally likely deals
    (``"256 of 86,320"``) is exact too. ``findings`` explains, per figure, why a printed
    figure cannot be reproduced: keys are ``"player net"``, ``"house edge"``,
    ``"hit rate: LABEL"``, ``"return: LABEL"`` or ``"combinations: LABEL"``.
    """

    sheet: str
    hit_rate: Mapping[str, str] = field(default_factory=dict)
    returns: Mapping[str, str] = field(default_factory=dict)
    player_net: str | tuple[str, ...] = ()
    house_edge: str | tuple[str, ...] = ()
    decks: int = 8
    findings: Mapping[str, str] = field(default_factory=dict)
    combinations: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self):
        if not isinstance(self.sheet, str) or not self.sheet.strip():
            raise PaytableError(f"published sheet {self.sheet!r} must name the rule sheet "
                                f"the figures come from, e.g. Published('sheet.txt', …)")

    def figures(self) -> list[tuple[Measure, str | None, Printed]]:
        """(what it measures, event label or None, printed figure) for every figure."""
        for name in ("hit_rate", "returns", "findings", "combinations"):
            if not isinstance(getattr(self, name), Mapping):
                raise PaytableError(f"published {name}={getattr(self, name)!r} must map event "
                                    f"labels to what the sheet printed")
        out = [(Measure.HIT_RATE, label, Printed(text)) for label, text in self.hit_rate.items()]
        out += [(Measure.RETURN, label, Printed(text)) for label, text in self.returns.items()]
        out += [(Measure.COMBINATIONS, label, Printed(text))
                for label, text in self.combinations.items()]
        for measure, label, printed in out:
            if printed.is_count is not (measure is Measure.COMBINATIONS):
                raise PaytableError(f"published {measure} {printed.text!r}"
                                    f"{f' for {label!r}' if label else ''}: "
                                    + ("combinations are whole numbers of coups, such as "
                                       "'256'" if measure is Measure.COMBINATIONS else
                                       "a count of coups belongs in combinations="))
        for measure, texts in ((Measure.PLAYER_NET, self.player_net),
                               (Measure.HOUSE_EDGE, self.house_edge)):
            for text in texts if isinstance(texts, (list, tuple)) else (texts,):
                out.append((measure, None, Printed(text)))
        return out

    def finding(self, measure: Measure, label: str | None) -> str | None:
        """Why the figure cannot be reproduced, if the paytable says so."""
        key = measure.value if label is None else f"{measure.value}: {label}"
        return self.findings.get(key)


@dataclass(frozen=True)
class Bet:
    """A bet: a name and its events, the first whose condition holds deciding the coup.

    A coup that matches no event settles as ``otherwise`` (by default the stake is
    lost). ``events`` may be given as a list; the bet keeps them as a tuple, so a bet
    once made cannot change. ``published`` carries the figures a sheet printed;
    ``max_round`` the round of the shoe after which the table closes the bet, where a
    sheet says so.
    """

    name: str
    #: a list or a tuple, kept as a tuple
    events: Sequence[Event]
    otherwise: object = LOSE
    published: Published | None = None
    max_round: int | None = None

    def __post_init__(self):
        if not isinstance(self.name, str) or not self.name.strip():
            raise PaytableError(f"a bet needs a name, got {self.name!r}")
        if not self.name.isprintable():
            raise PaytableError(f"bet {self.name!r}: a name is one line of printable text")
        where = f"bet {self.name!r}"
        if not isinstance(self.events, (list, tuple)) or not self.events:
            raise PaytableError(f"{where} has no events: give a list of Event(label, when, pays)")
        object.__setattr__(self, "events", tuple(self.events))
        try:
            otherwise = pays(self.otherwise)
        except PaysError as err:
            raise PaytableError(f"{where}, otherwise: {err}") from None
        seen = set()
        for i, event in enumerate(self.events):
            if not isinstance(event, Event):
                raise PaytableError(f"{where}: item {i + 1} of its events is {event!r}, not an Event")
            if not isinstance(event.label, str) or not event.label.strip():
                raise PaytableError(f"{where}: event {i + 1} needs a label (a name such as "
                                    f"'Tie'), got {event.label!r}")
            at = f"{where}, event {event.label!r}"
            if not event.label.isprintable():
                raise PaytableError(f"{at}: a label is one line of printable text")
            if not isinstance(event.when, Condition):
                hint = (f"; call it: {event.when.__self__.text}.{event.when.__name__}()"
                        if inspect.ismethod(event.when) and hasattr(event.when.__self__, "text")
                        else "")  # a word that is called, written without its brackets
                raise PaytableError(f"{at}: its condition {event.when!r} is not a condition on "
                                    f"the coup (use player, banker, tie, margin …){hint}")
            try:
                pays(event.pays)
            except PaysError as err:
                raise PaytableError(f"{at}: {err}") from None
            if event.label in seen or event.label == _otherwise_label(otherwise):
                raise PaytableError(f"{at}: the label is used twice")
            seen.add(event.label)
        if self.max_round is not None and (not _whole(self.max_round)
                                           or not 1 <= self.max_round <= MAX_ROUND):
            raise PaytableError(f"{where}: max_round {self.max_round!r} must be a round number "
                                f"from 1 to {MAX_ROUND:,} (no shoe deals more rounds)")
        if self.published is not None:
            if not isinstance(self.published, Published):
                raise PaytableError(f"{where}: published={self.published!r} is not a "
                                    f"Published(...)")
            if not _whole(self.published.decks) or self.published.decks < 1:
                raise PaytableError(f"{where}: published decks {self.published.decks!r} must "
                                    f"be a whole number from 1")
            labels = seen | {self.otherwise_label}
            try:
                figures = self.published.figures()
            except PaytableError as err:
                raise PaytableError(f"{where}: {err}") from None
            for measure, label, _ in figures:
                if label is not None and label not in labels:
                    raise PaytableError(f"{where}: published {measure} for {label!r}, which is "
                                        f"not one of its events ({', '.join(sorted(labels))})")

    @property
    def otherwise_pays(self) -> Pays:
        return pays(self.otherwise)

    @property
    def otherwise_label(self) -> str:
        return _otherwise_label(pays(self.otherwise))

    @property
    def event_pays(self) -> list[Pays]:
        return [pays(e.pays) for e in self.events]

    @property
    def needs_suits(self) -> bool:
        return any(e.when.needs_suits for e in self.events)


def _whole(n) -> bool:
    """A whole number, and not True or False."""
    return isinstance(n, int) and not isinstance(n, bool)


def _otherwise_label(otherwise: Pays) -> str:
    """The label of a bet's line for coups no event matches, from what it pays."""
    return "Lose" if otherwise.net == -1 else "Push" if otherwise.net == 0 else "Otherwise"


@dataclass(frozen=True)
class Figure:
    """A printed figure that spans bets, e.g. an average of two edges or a game's best RTP.

    ``compute`` receives a mapping from bet name to its exact house edge (a Fraction,
    positive when the house wins) and returns the figure as a fraction of the stake.
    """

    label: str
    printed: str
    compute: Callable[[Mapping[str, Fraction]], Fraction]
    sheet: str
    decks: int = 8
    finding: str | None = None

    def __post_init__(self):
        if not isinstance(self.label, str) or not self.label.strip():
            raise PaytableError(f"a figure needs a label, got {self.label!r}")
        where = f"figure {self.label!r}"
        if not isinstance(self.printed, str):
            raise PaytableError(f"{where}: printed {self.printed!r} must be the percentage as "
                                f"printed, a string such as '8.43%'")
        try:
            if Printed(self.printed).is_count:
                raise PaytableError(f"{self.printed!r} is a count; a figure is a percentage")
        except PaytableError as err:
            raise PaytableError(f"{where}: {err}") from None
        if not callable(self.compute):
            raise PaytableError(f"{where}: compute {self.compute!r} must be a function of the "
                                f"bets' house edges")
        if not _whole(self.decks) or self.decks < 1:
            raise PaytableError(f"{where}: decks {self.decks!r} must be a whole number from 1")


def bet_argument(value, name: str = "bet"):
    """``value`` if it is one :class:`~bacc_edge.paytable.Bet`."""
    if not isinstance(value, Bet):
        raise ArgumentError(f"{name} {quoted(value)} must be a Bet")
    return value


def bets_argument(value, name: str = "bets") -> list:
    """``value`` as a list of bets: a list or tuple of :class:`~bacc_edge.paytable.Bet`.
    A lone bet is refused with the fix (``[bet]``): a list is what the call iterates."""
    if isinstance(value, Bet):
        raise ArgumentError(f"{name} must be a list of Bet, got the lone bet {value.name!r}: "
                            f"write [bet]")
    if not isinstance(value, (list, tuple)):
        raise ArgumentError(f"{name} {quoted(value)} must be a list of Bet")
    for item in value:
        if not isinstance(item, Bet):
            raise ArgumentError(f"{name} holds {quoted(item)}, which is not a Bet")
    return list(value)
