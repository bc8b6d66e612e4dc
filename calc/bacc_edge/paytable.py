"""The paytable language: bets as ordered lists of events, and the figures sheets print.

A paytable file is plain Python that defines ``BETS``, a list of :class:`Bet`, and may
define ``FIGURES``, a list of :class:`Figure` that span several bets. See the README
for a complete example.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from typing import Callable, Mapping

from .conditions import Condition
from .errors import PaytableError
from .payouts import LOSE, Pays, PaysError, pays


class Measure(StrEnum):
    """What a printed figure measures. The value is the word the sheets, the findings'
    keys and the JSON use."""

    HIT_RATE = "hit rate"
    RETURN = "return"
    PLAYER_NET = "player net"
    HOUSE_EDGE = "house edge"
    #: a figure spanning bets (a :class:`Figure`)
    SHEET_FIGURE = "figure"


@dataclass(frozen=True)
class Event:
    """One line of a bet: a label, a condition on the finished coup, and what it pays.

    ``pays`` is read by :func:`bacc_edge.pays`: ``5`` is 5 to 1, ``"7:2"``,
    ``"45 for 1"``, ``"10%"``, ``"push"``.
    """

    label: str
    when: Condition
    pays: object


_PRINTED = re.compile(r"^\s*([-+\u2212\u2010]?)\s*(\d+)(?:\.(\d*))?\s*%\s*$")


@dataclass(frozen=True)
class Printed:
    """A percentage as a sheet printed it: its value and half a unit of its last digit."""

    text: str

    def __post_init__(self):
        if not _PRINTED.match(self.text):
            raise PaytableError(f"published figure {self.text!r} is not a percentage such as '8.304%'")

    @property
    def value(self) -> Fraction:
        sign, whole, decimals = _PRINTED.match(self.text).groups()
        digits = decimals or ""
        magnitude = Fraction(int(whole + digits), 10 ** len(digits)) / 100
        return -magnitude if sign in ("-", "\u2212", "\u2010") else magnitude

    @property
    def tolerance(self) -> Fraction:
        decimals = _PRINTED.match(self.text).group(3) or ""
        return Fraction(1, 2 * 10 ** len(decimals)) / 100


@dataclass(frozen=True)
class Published:
    """The figures a rule sheet printed for one bet, checked at their printed precision.

    ``hit_rate`` and ``returns`` map an event label (or the "Lose" line) to the printed
    percentage; ``player_net`` is the sheet's expected result per unit (negative when
    the house wins), one figure or several where the sheet printed it more than once;
    ``house_edge`` is the edge as a positive percentage. ``findings`` explains, per
    figure, why a printed figure cannot be reproduced: keys are ``"player net"``,
    ``"house edge"``, ``"hit rate: LABEL"`` or ``"return: LABEL"``.
    """

    sheet: str
    hit_rate: Mapping[str, str] = field(default_factory=dict)
    returns: Mapping[str, str] = field(default_factory=dict)
    player_net: str | tuple[str, ...] = ()
    house_edge: str | tuple[str, ...] = ()
    decks: int = 8
    findings: Mapping[str, str] = field(default_factory=dict)

    def figures(self) -> list[tuple[Measure, str | None, Printed]]:
        """(what it measures, event label or None, printed figure) for every figure."""
        out = [(Measure.HIT_RATE, label, Printed(text)) for label, text in self.hit_rate.items()]
        out += [(Measure.RETURN, label, Printed(text)) for label, text in self.returns.items()]
        for measure, texts in ((Measure.PLAYER_NET, self.player_net),
                               (Measure.HOUSE_EDGE, self.house_edge)):
            for text in (texts,) if isinstance(texts, str) else texts:
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
    lost). ``published`` carries the figures a sheet printed; ``max_round`` the round of
    the shoe after which the table closes the bet, where a sheet says so.
    """

    name: str
    events: list[Event]
    otherwise: object = LOSE
    published: Published | None = None
    max_round: int | None = None
    note: str = ""

    def __post_init__(self):
        if not isinstance(self.name, str) or not self.name.strip():
            raise PaytableError(f"a bet needs a name, got {self.name!r}")
        where = f"bet {self.name!r}"
        if not isinstance(self.events, (list, tuple)) or not self.events:
            raise PaytableError(f"{where} has no events: give a list of Event(label, when, pays)")
        seen = set()
        for i, event in enumerate(self.events):
            if not isinstance(event, Event):
                raise PaytableError(f"{where}: item {i + 1} of its events is {event!r}, not an Event")
            at = f"{where}, event {event.label!r}"
            if not isinstance(event.when, Condition):
                raise PaytableError(f"{at}: its condition {event.when!r} is not a condition on "
                                    f"the coup (use player, banker, tie, margin …)")
            try:
                pays(event.pays)
            except PaysError as err:
                raise PaytableError(f"{at}: {err}") from None
            if event.label in seen or event.label == self.otherwise_label:
                raise PaytableError(f"{at}: the label is used twice")
            seen.add(event.label)
        try:
            pays(self.otherwise)
        except PaysError as err:
            raise PaytableError(f"{where}, otherwise: {err}") from None
        if self.max_round is not None and (not isinstance(self.max_round, int) or self.max_round < 1):
            raise PaytableError(f"{where}: max_round {self.max_round!r} must be a round number from 1")
        if self.published is not None:
            labels = seen | {self.otherwise_label}
            for measure, label, _ in self.published.figures():
                if label is not None and label not in labels:
                    raise PaytableError(f"{where}: published {measure} for {label!r}, which is "
                                        f"not one of its events ({', '.join(sorted(labels))})")

    @property
    def otherwise_pays(self) -> Pays:
        return pays(self.otherwise)

    @property
    def otherwise_label(self) -> str:
        net = pays(self.otherwise).net
        return "Lose" if net == -1 else "Push" if net == 0 else "Otherwise"

    @property
    def event_pays(self) -> list[Pays]:
        return [pays(e.pays) for e in self.events]

    @property
    def needs_suits(self) -> bool:
        return any(e.when.needs_suits for e in self.events)


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
        Printed(self.printed)
