"""The math report of a multiplier game (a file defining ``MULTIPLIER_BETS``, see
:mod:`bacc_edge.language.overlay`), for a test lab: ``bacc-edge math-report
shipped:multipliers/lightning_baccarat -o lightning.html`` (or ``.md``).

It identifies itself as a paytable's math report does (bacc-edge's version, the file's
SHA-256, the date, the command that makes it again, byte for byte); gives the game's
rules as the file states them (its docstring); the overlay's law and where it comes from
(published, assumed or calibrated); per bet its fee, cap, returns on stake and fee and on
the stake alone, house edge, SD and volatility index, its largest win and that win's
true odds, and the GLI-11 check (an advertised award at least once in 100,000,000
games, or its true odds shown), flagged where it fails; the hold ranges; and each
published return beside the exact one at its printed precision.

The figures are :func:`~bacc_edge.analysis.multipliers.multiplier_report`'s and
:func:`~bacc_edge.analysis.multipliers.check_returns`', the blocks those of
:mod:`~bacc_edge.output.math_report_text`, written by the math report's one HTML and one
Markdown writer.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from pathlib import Path

from ..analysis.bet_statistics import HOLD_CONFIDENCES, HOLD_ROUNDS, VOLATILITY_CONFIDENCE
from ..analysis.multipliers import (GLI_GAMES, MultiplierResult, ReturnCheck, check_returns,
                                    multiplier_report)
from ..errors import ArgumentError, OptionError
from ..game.shoe import Shoe
from ..language.loader import Paytable, as_paytable
from ..util.arguments import path_argument, quoted
from ..util.number_text import decimal, exact_share, fraction, one_in, percentage
from ..util.version import version
from .math_report import report_date
from .math_report_model import document_identifier
from .math_report_html import blocks_html
from .math_report_markdown import blocks_markdown
from .report_file import write_report
from .math_report_text import (Block, Docstring, Heading, Items, Pairs, Para, Table,
                               command_path_argument, rerun_blocks)

#: The decks of the shoe a multiplier game's report counts, unless told otherwise.
DEFAULT_DECKS = 8

#: What each source of a law means, as the report says it.
LAW_SOURCES = {
    "published": "published by the game's maker: the figures below are the game's",
    "assumed": "assumed, not published: the figures below are the game's only if its "
               "maker's law is this one",
    "calibrated": "calibrated on the published returns (the maker's law is not "
                  "published): the figures below hold under this law, one of those the "
                  "returns allow (see the file's docstring)"}


@dataclass(frozen=True)
class MultiplierMathReport:
    """A multiplier game's math report, ready to be written: each bet valued
    (``results``) and its published returns checked (``checks``) on ``decks`` decks, and
    what identifies the document (bacc-edge's ``version``, the file's ``sha256``, the
    ``date``; ``command_path``: the file's path as the re-run line names it)."""

    paytable: Paytable
    decks: int
    results: tuple[MultiplierResult, ...]
    checks: tuple[ReturnCheck, ...]
    version: str
    sha256: str
    date: datetime.date
    command_path: str

    @property
    def game(self) -> str:
        return self.paytable.game or self.paytable.path.stem

    @property
    def title(self) -> str:
        return f"Math report: {self.game}"

    @property
    def identifier(self) -> str:
        """As a paytable's report's: version, the first 16 hex digits of the SHA-256,
        the date's eight digits."""
        return document_identifier(self.version, self.sha256[:16], self.date)


def build_multiplier_math_report(path, decks: int = DEFAULT_DECKS, *, date=None,
                                 command_path: str | None = None) -> MultiplierMathReport:
    """Value every multiplier bet of the file at ``path`` (or loaded: a
    :class:`~bacc_edge.language.loader.Paytable`) on a full shoe of ``decks``
    decks, dated ``date`` (see :func:`~bacc_edge.output.math_report.report_date`);
    ``command_path`` the path as the re-run line names it (default: ``path``)."""
    command_path_argument(command_path)
    if isinstance(decks, bool) or not isinstance(decks, int) or decks < 1:
        raise OptionError(f"decks {decks!r} must be a whole number of decks from 1")
    when = report_date(date)
    paytable = path if isinstance(path, Paytable) else as_paytable(path_argument(path, "path"))
    results = tuple(multiplier_report(paytable, Shoe.decks(decks)))
    return MultiplierMathReport(paytable, decks, results, tuple(check_returns(list(results))),
                                version(), paytable.sha256 or "", when,
                                str(paytable.path) if command_path is None else command_path)


def multiplier_report_blocks(r: MultiplierMathReport) -> list[Block]:
    """Everything the report says, in order."""
    if not isinstance(r, MultiplierMathReport):
        raise ArgumentError(f"r {quoted(r)} must be a MultiplierMathReport, from "
                            f"build_multiplier_math_report()")
    out: list[Block] = [Heading(1, r.title), *_identity(r)]
    if r.paytable.docstring:
        out += [Heading(2, "The game, as its file describes it"),
                Docstring(r.paytable.docstring)]
    out += _overlays(r) + _bets(r) + _gli(r) + _holds(r) + _published(r)
    out += [Heading(2, "How it was computed"), Para(_how_computed(r), "note")]
    return out


# -- who made it -----------------------------------------------------------------------------
def _identity(r: MultiplierMathReport) -> list[Block]:
    rows = (("Game", r.game), ("Multiplier file", r.command_path),
            ("SHA-256 of the file", r.sha256), ("Document identifier", r.identifier),
            ("Date", r.date.isoformat()),
            ("Shoe", f"{r.decks} deck{'s' if r.decks != 1 else ''}, a full shoe"),
            ("Tableau", r.paytable.rules.name),
            ("Made by", f"bacc-edge {r.version}, exact enumeration"))
    tail = ["--date", r.date.isoformat()] + (
        [] if r.decks == DEFAULT_DECKS else ["--decks", str(r.decks)])
    return [Pairs(rows), *rerun_blocks(r.command_path, tail)]


# -- the overlay -----------------------------------------------------------------------------
def _overlays(r: MultiplierMathReport) -> list[Block]:
    out: list[Block] = [Heading(2, "The overlay's law")]
    overlays = dict.fromkeys(x.bet.overlay for x in r.results)
    for overlay in overlays:
        names = ", ".join(x.name for x in r.results if x.bet.overlay == overlay)
        out += [Pairs((("Bets", names), ("Law", overlay.describe()),
                       ("Where the law comes from", LAW_SOURCES[overlay.law_source])))]
        if overlay.law_source != "published":
            out.append(Para(f"The law is {overlay.law_source}, not the maker's.", "flag"))
    return out


# -- the bets --------------------------------------------------------------------------------
def _largest(x: MultiplierResult) -> tuple[str, str]:
    if not x.ever_wins:
        return "no win", "-"
    return decimal(x.largest_win), one_in(x.probability_of(x.largest_win))


def _bets(r: MultiplierMathReport) -> list[Block]:
    headers = ("Bet", "Fee", "Cap per unit", "RTP (stake+fee)", "RTP (stake)",
               "House edge", "SD", "Volatility index", "Largest win", "Its odds")
    rows = tuple((x.name, exact_share(x.fee),
                  "none" if x.bet.cap is None else decimal(x.bet.cap),
                  percentage(x.return_on_stake_and_fee), percentage(x.return_on_stake),
                  percentage(x.edge), f"{x.sd:.3f}", f"{x.volatility_index:.3f}", *_largest(x))
                 for x in r.results)
    exact = tuple((x.name, fraction(x.return_on_stake_and_fee), fraction(x.return_on_stake))
                  for x in r.results)
    return [Heading(2, "Returns, house edge and volatility"),
            Para("Per unit staked, the fee paid besides the stake and never returned. RTP "
                 "(stake+fee) is what comes back per unit paid, as operators and labs state "
                 "it; RTP (stake) and the house edge count the fee as a loss of the stake's. "
                 f"SD is of a round's result per unit staked; the volatility index is z·SD at "
                 f"{VOLATILITY_CONFIDENCE}%. The largest win is per unit staked, after the "
                 f"cap; its odds are its true odds per round."),
            Table(headers, rows, numeric_from=1),
            Table(("Bet", "RTP (stake+fee), exact", "RTP (stake), exact"), exact,
                  numeric_from=1, exact_cols=(1, 2))]


def _gli(r: MultiplierMathReport) -> list[Block]:
    items = []
    for x in r.results:
        if not x.ever_wins and x.bet.advertised is None:
            items.append((x.name, "no round wins on this shoe: no award to check"))
            continue
        what = "advertised award" if x.bet.advertised is not None else "largest win"
        odds = one_in(x.probability_of(x.award_checked))
        verdict = ("passes" if x.gli_passes else
                   f"FLAGGED: comes less often than once in {GLI_GAMES:,} games; its true "
                   f"odds must be shown")
        items.append((x.name, f"{what} {decimal(x.award_checked)}: {odds}; {verdict}"))
    flagged = any(not x.gli_passes for x in r.results if x.ever_wins or x.bet.advertised)
    return [Heading(2, "GLI-11: the largest advertised award"),
            Para(f"An advertised award (else the largest win) must be reachable at least once "
                 f"in {GLI_GAMES:,} games, or the game must show its true odds."),
            Items(tuple(items), "flag" if flagged else "ok")]


def _holds(r: MultiplierMathReport) -> list[Block]:
    rows = tuple((x.name, f"{n:,}", f"{c}%", percentage(h.low), percentage(h.high))
                 for x in r.results for n in HOLD_ROUNDS for c in HOLD_CONFIDENCES
                 for h in (x.hold(n, c),))
    return [Heading(2, "Hold ranges"),
            Para("Where the house's hold per unit staked (the fee included) lies after so "
                 "many rounds, by the normal approximation; rare large wins make it a poor "
                 "guide over short runs."),
            Table(("Bet", "Rounds", "Confidence", "Low", "High"), rows, numeric_from=1)]


def _status(c: ReturnCheck) -> str:
    if c.reproduced:
        return "reproduced"
    return "finding" if c.published.finding else "MISMATCH"


def _published(r: MultiplierMathReport) -> list[Block]:
    if not r.checks:
        return [Heading(2, "Published returns"), Para("The file records none.")]
    rows = tuple((c.bet, c.published.printed, c.published.on, percentage(c.exact, 4),
                  f"{float(c.difference) * 100:+.4f}%", _status(c),
                  c.published.source + (" (second-hand)" if c.published.second_hand else ""))
                 for c in r.checks)
    out: list[Block] = [
        Heading(2, "Published returns"),
        Para("Each return a source printed, beside the exact one (on the stake and fee, or "
             "on the stake alone, as the figure says), reproduced where it lies within half "
             "a unit of its last printed digit."),
        Table(("Bet", "Printed", "On", "Exact", "Difference", "Status", "Source"), rows,
              numeric_from=1)]
    findings = tuple((f"{c.bet} {c.published.printed}", c.published.finding)
                     for c in r.checks if not c.reproduced and c.published.finding)
    if findings:
        out += [Para("Findings, as the file records them:"), Items(findings, "flag")]
    if any(_status(c) == "MISMATCH" for c in r.checks):
        out.append(Para("A published return does not reproduce and the file records no "
                        "finding for it.", "flag"))
    return out


def _how_computed(r: MultiplierMathReport) -> str:
    return (f"Computed by bacc-edge {r.version} by exact enumeration (bacc-edge "
            f"multipliers): every deal of a full shoe of {r.decks} deck"
            f"{'s' if r.decks != 1 else ''} and every draw of the overlay; each event's "
            f"coups counted by the ranks of its paid cards, the law of their identity "
            f"pattern from the suits of the shoe, the combined multiplier's law from the "
            f"overlay's. Every value is exact, rounded only for display. Dated "
            f"{r.date.isoformat()} (the --date given, else the day of SOURCE_DATE_EPOCH, "
            f"else the day the report was made); document {r.identifier}.")


# -- writing it ------------------------------------------------------------------------------
def multiplier_math_report_html(r: MultiplierMathReport) -> str:
    return blocks_html(r.title, r.identifier, multiplier_report_blocks(r))


def multiplier_math_report_markdown(r: MultiplierMathReport) -> str:
    return blocks_markdown(multiplier_report_blocks(r))


def write_multiplier_math_report(source, output, **options) -> Path:
    """Write the report to ``output``: HTML for ``.html``, Markdown for ``.md``.
    ``source`` is a :class:`MultiplierMathReport`, or a multiplier file (its path, or
    the file loaded: a :class:`~bacc_edge.language.loader.Paytable`; built with
    ``options``, as :func:`build_multiplier_math_report` takes them). The output is
    checked before any counting, and never overwrites the file or a ``.py``."""
    made = isinstance(source, MultiplierMathReport)

    def read() -> Path:
        if made:
            return source.paytable.path
        if isinstance(source, Paytable):
            return source.path
        return Path(path_argument(source, "source"))

    return write_report(output, read,
                        lambda: source if made else build_multiplier_math_report(source,
                                                                                 **options),
                        multiplier_math_report_html, multiplier_math_report_markdown)


__all__ = ["DEFAULT_DECKS", "LAW_SOURCES", "MultiplierMathReport",
           "build_multiplier_math_report", "multiplier_math_report_html",
           "multiplier_math_report_markdown", "multiplier_report_blocks",
           "write_multiplier_math_report"]
