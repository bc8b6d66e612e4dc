"""What a math report holds, counted and ready to be written (see
:mod:`bacc_edge.output.math_report`, which builds it, and the two renderers,
:mod:`~bacc_edge.output.math_report_html` and :mod:`~bacc_edge.output.math_report_markdown`)."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from enum import StrEnum

from ..analysis.bet_report import BetResult, FigureCheck
from ..analysis.bet_statistics import BetStatistics
from ..analysis.card_counting import Count
from ..analysis.deck_comparison import DeckComparison
from ..analysis.intervals import Interval
from ..analysis.removal_effects import LinearCount, RemovalEffects
from ..depth.summary import BetSummary
from ..errors import ArgumentError
from ..game.dealing import DealRules
from ..game.shoe import Shoe
from ..language.loader import Paytable
from ..language.source_register import SourceRecord
from ..util.arguments import quoted

#: The shoe the report counts unless told (``--decks``), and the highest tag of its best
#: linear counts (``--level``): the re-run line names either only when it differs.
DEFAULT_DECKS = 8
DEFAULT_LEVEL = 3


class FlagKind(StrEnum):
    """What a regulator's flag is about."""

    BIG_WIN = "win of 300 to 1 or more"
    RARE = "rarer than once in 100 million coups"
    IMPOSSIBLE = "impossible on a deck count"
    NEGATIVE_EDGE = "negative house edge"



def document_identifier(version: str, digest: str, day: datetime.date) -> str:
    """A math report's document identifier, whatever kind of game it reports:
    bacc-edge's ``version``, ``digest`` (the first 16 hex digits of the file's SHA-256)
    and the date, eight digits (year 1 is ``00010101``)."""
    return f"BE-{version}-{digest}-{day.year:04d}{day.month:02d}{day.day:02d}"

@dataclass(frozen=True)
class Flag:
    """One thing a regulator or test lab looks for, found in a bet."""

    bet: str
    kind: FlagKind
    text: str


@dataclass(frozen=True)
class BetSection:
    """Everything the report says about one bet."""

    result: BetResult
    decks: DeckComparison
    checks: tuple[FigureCheck, ...]
    effects: RemovalEffects | None
    count: LinearCount | None
    flags: tuple[Flag, ...]
    depth: BetSummary | None = None
    stats: BetStatistics | None = None

    @property
    def name(self) -> str:
        return self.result.name


@dataclass(frozen=True)
class DepthRun:
    """The shoe-depth run a report made (``--depth``): how many shoes, dealt how, from
    which seed, the rounds they dealt (a 95% interval a shoe), the counts played, and
    the bets it valued (``chosen``: named by ``--depth-bet``, not every bet)."""

    shoes: int
    seed: int
    rounds_per_shoe: Interval
    counts: tuple[Count, ...]
    bets: tuple[str, ...]
    chosen: bool = False


@dataclass(frozen=True)
class MathReport:
    """A paytable's math report, ready to be written as HTML or Markdown.

    ``deal``: how the table deals a shoe (the report's rules, and the shoe-depth run's
    when there is one: ``depth``; None for more decks than a dealing shoe holds); ``level``: the highest tag of every linear count the
    report shows. ``date`` (see :func:`~bacc_edge.output.math_report.report_date`),
    ``version`` and the paytable file's
    SHA-256 make the document's identifier; ``command_path`` is the paytable's path as
    the re-run line names it; ``sources``: the paytable's register of sources (see
    :mod:`bacc_edge.language.source_register`)."""

    paytable: Paytable
    shoe: Shoe
    sections: tuple[BetSection, ...]
    sheet_checks: tuple[FigureCheck, ...]
    version: str
    deal: DealRules | None
    date: datetime.date
    command_path: str
    level: int = DEFAULT_LEVEL
    depth: DepthRun | None = None
    sources: tuple[SourceRecord, ...] = ()

    @property
    def game(self) -> str:
        """The game's name: the paytable's ``GAME``, else its file's name."""
        return self.paytable.game or self.paytable.path.stem or "bets"

    @property
    def title(self) -> str:
        return f"Math report: {self.game}"

    @property
    def identifier(self) -> str:
        """The document's identifier: bacc-edge's version, the first 16 hex digits of
        the paytable file's SHA-256 (``python`` for bets written in Python) and the
        date, eight digits (year 1 is ``00010101``)."""
        digest = self.paytable.sha256[:16] if self.paytable.sha256 else "python"
        return document_identifier(self.version, digest, self.date)

    @property
    def flags(self) -> tuple[Flag, ...]:
        return tuple(f for s in self.sections for f in s.flags)


def report_argument(r) -> None:
    """Refuse anything but a :class:`MathReport`, naming it."""
    if not isinstance(r, MathReport):
        raise ArgumentError(f"r {quoted(r)} must be a MathReport, from build_math_report()")


__all__ = ["DEFAULT_DECKS", "DEFAULT_LEVEL", "BetSection", "DepthRun", "Flag",
           "FlagKind", "MathReport", "report_argument"]
