"""The math report of a file of bets beyond one coup (``STREAKS``, ``METERS``), for a test
lab: ``bacc-edge math-report shipped:streaks/banker_streak -o streak.html`` (or ``.md``).

It identifies itself as a paytable's math report does (bacc-edge's version, the file's
SHA-256, the date, the command that makes it again, byte for byte); gives the rules as
the file states them (its docstring); then per run bet its value under every model with
how exact each is (:func:`~bacc_edge.analysis.streaks.streak_values`: the infinite deck,
the shoe's one-coup chances as independent coups, the coups dealt in turn, whole shoes
simulated) and each pay line's chance under each; per progressive its figures
(:func:`~bacc_edge.analysis.meters.meter_values`: the return at the seed, the
break-even meter, the cycle's return, the meter when hit) and its lines' chances and
pays at the seed. Written by the math report's one HTML and one Markdown writer; every
random draw is seeded, so the same file, version and date give the same bytes.
"""

from __future__ import annotations

import datetime
import hashlib
from dataclasses import dataclass
from pathlib import Path

from ..analysis.bet_report import report
from ..analysis.meters import MeterValue, meter_values
from ..analysis.streaks import StreakValue, streak_values
from ..errors import ArgumentError
from ..game.dealing import DealRules
from ..game.shoe import Shoe
from ..language.several_coups import defines_several, load_several
from ..util.arguments import path_argument, quoted
from ..util.progress import Progress
from ..util.version import version
from .math_report import report_date
from .math_report_model import document_identifier
from .math_report_html import blocks_html
from .math_report_markdown import blocks_markdown
from .report_file import write_report
from .math_report_text import (Block, Docstring, Heading, Pairs, Para, Table, anchor,
                               command_path_argument, number, rerun_blocks)
from .several_coups import assumed_mark, meter_rows, shown_figure, shown_kind, shown_net

#: The report's defaults, which its re-run line leaves out.
DECKS, CUT, SEED = 8, 14, 1


@dataclass(frozen=True)
class MeterSection:
    """A progressive's figures and, at its seed, each line's chance and pay."""

    value: MeterValue
    lines: tuple[tuple[str, str, str], ...]


@dataclass(frozen=True)
class SeveralCoupsMathReport:
    """A STREAKS or METERS file's math report, ready to be written: its values, and
    what identifies the document (``command_path``: the file's path as the re-run line
    names it)."""

    path: Path
    game: str
    docstring: str
    decks: int
    cut: int
    seed: int
    streaks: tuple[StreakValue, ...]
    meters: tuple[MeterSection, ...]
    version: str
    sha256: str
    date: datetime.date
    command_path: str

    @property
    def title(self) -> str:
        return f"Math report: {self.game}"

    @property
    def identifier(self) -> str:
        """As a paytable's report's: version, 16 hex digits of the SHA-256, the date."""
        return document_identifier(self.version, self.sha256[:16], self.date)


def _meters(path, shoe: Shoe) -> tuple[MeterSection, ...]:
    out = []
    progressives = load_several(path, "METERS")
    for progressive, value in zip(progressives, meter_values(path, shoe)):
        (result,) = report(progressive.bet, shoe)
        metered = {line.label for line in progressive.lines}
        out.append(MeterSection(value, tuple(
            (e.label + (" (meter)" if e.label in metered else ""), number(e.pays.net),
             f"{float(e.probability):.6g}") for e in result.events)))
    return tuple(out)


def build_several_math_report(path, *, decks: int = DECKS, cut: int = CUT, seed: int = SEED,
                              date=None, command_path: str | None = None,
                              on_progress: Progress | None = None) -> SeveralCoupsMathReport:
    """Value every run bet and progressive of the file at ``path`` on ``decks`` decks
    (run bets: ``cut`` cards behind the cut card, draws seeded ``seed``), dated ``date``
    (:func:`~bacc_edge.output.math_report.report_date`)."""
    command_path_argument(command_path)
    kinds = defines_several(path_argument(path, "path"))
    if not kinds:
        raise ArgumentError(f"path {quoted(path)} defines no STREAKS or METERS")
    when = report_date(date)
    DealRules(decks, cut)  # the cut card fits the shoe, whichever bets the file defines
    shoe = Shoe.decks(decks)
    streaks = tuple(streak_values(path, shoe, cut=cut, seed=seed, on_progress=on_progress)
                    ) if "STREAKS" in kinds else ()
    meters = _meters(path, shoe) if "METERS" in kinds else ()
    loaded = Path(path)
    from ..language.loader import load_paytable
    paytable = load_paytable(loaded)
    return SeveralCoupsMathReport(loaded, paytable.game or loaded.stem, paytable.docstring,
                                  decks, cut, seed, streaks, meters, version(),
                                  hashlib.sha256(loaded.read_bytes()).hexdigest(), when,
                                  str(path) if command_path is None else command_path)


def several_report_blocks(r: SeveralCoupsMathReport) -> list[Block]:
    """Everything the report says, in order."""
    if not isinstance(r, SeveralCoupsMathReport):
        raise ArgumentError(f"r {quoted(r)} must be a SeveralCoupsMathReport, from "
                            f"build_several_math_report()")
    out: list[Block] = [Heading(1, r.title), *_identity(r)]
    if r.docstring:
        out += [Heading(2, "The game, as its file describes it"), Docstring(r.docstring)]
        if r.meters:
            out.append(Para("The meters this report used, in place of any the description "
                            "names in its file's code: " + "; ".join(
                                f"{m.value.bet}, {_meter_terms(m.value)}" for m in r.meters)
                            + "."))
    for bet in dict.fromkeys(v.bet for v in r.streaks):
        out += _streak(bet, [v for v in r.streaks if v.bet == bet])
    for section in r.meters:
        out += _meter(section)
    out += [Heading(2, "How it was computed"), Para(_how_computed(r), "note")]
    return out


def _identity(r: SeveralCoupsMathReport) -> list[Block]:
    rows = (("Game", r.game), ("Paytable file", r.command_path),
            ("SHA-256 of the file", r.sha256), ("Document identifier", r.identifier),
            ("Date", r.date.isoformat()), ("Shoe", f"{r.decks} decks"),
            ("Made by", f"bacc-edge {r.version}"))
    tail = ["--date", r.date.isoformat()]
    for option, value, default in (("--decks", r.decks, DECKS), ("--cut", r.cut, CUT),
                                   ("--seed", r.seed, SEED)):
        tail += [option, str(value)] if value != default else []
    return [Pairs(rows), *rerun_blocks(r.command_path, tail)]


def _streak(bet: str, values: list[StreakValue]) -> list[Block]:
    models = Table(("Model", "How exact", "Player net"),
                   tuple((v.model, shown_kind(v), shown_net(v)) for v in values),
                   numeric_from=2)
    labels = list(dict.fromkeys(line.label for v in values for line in v.lines))
    chances = [{line.label: line for line in v.lines} for v in values]
    rows = tuple((label, number(next(c[label].net for c in chances if label in c)),
                  *(f"{float(c[label].probability):.6f}" if label in c else "" for c in chances))
                 for label in labels)
    lines = Table(("Line", "Pays", *(f"({i + 1})" for i in range(len(values)))), rows,
                  numeric_from=1)
    return [Heading(2, bet, anchor(bet), bet=True), Heading(3, "Value by model"), models,
            Heading(3, "Each line's chance"), lines,
            Para("(1) … are the models above, in order. Bounds give a line's counted part; "
                 "a simulation its share of the bets or paths.", "note")]


def _meter(section: MeterSection) -> list[Block]:
    v = section.value
    figures = Table(("Figure", "Value"), tuple((name, shown_figure(name, x))
                                               for name, x in meter_rows(v, ())))
    return [Heading(2, v.bet, anchor(v.bet), bet=True),
            Para(f"On {v.shoe}: {_meter_terms(v)}. Each figure is exact but where it says "
                 f"simulation."),
            Heading(3, "Figures"), figures,
            Heading(3, "Each line's chance, pays at the seed"),
            Table(("Line", "Pays", "Chance"), section.lines, numeric_from=1)]


def _meter_terms(v: MeterValue) -> str:
    """A progressive's meter as the report used it, a placeholder marked "(assumed)"."""
    return (f"seed {number(v.seed)} stakes{assumed_mark(v, 'seed')}, {float(v.rate):.2%}"
            f"{assumed_mark(v, 'rate')} of each stake to the meter, {v.tables} table(s), a "
            f"hit shared by {number(v.sharing)}")


def _how_computed(r: SeveralCoupsMathReport) -> str:
    ways = ([f"run bets as bacc-edge streak values them (the cut card {r.cut} cards from "
             f"the end; sampled paths and simulated shoes seeded {r.seed})"] if r.streaks
            else []) + (["progressives as bacc-edge meter does (the meter when hit "
                         "simulated with its own stated seed)"] if r.meters else [])
    return (f"Computed by bacc-edge {r.version} on {r.decks} decks: {', '.join(ways)}. Each "
            f"value says how exact it is. Dated {r.date.isoformat()} (the --date "
            f"given, else the day of SOURCE_DATE_EPOCH, else the day the report was made); "
            f"document {r.identifier}.")


def several_math_report_html(r: SeveralCoupsMathReport) -> str:
    return blocks_html(r.title, r.identifier, several_report_blocks(r))


def several_math_report_markdown(r: SeveralCoupsMathReport) -> str:
    return blocks_markdown(several_report_blocks(r))


def write_several_math_report(source, output, **options) -> Path:
    """Write the report to ``output``: HTML for ``.html``, Markdown for ``.md``.
    ``source`` is a :class:`SeveralCoupsMathReport`, or a file's path (built with
    ``options``, as :func:`build_several_math_report` takes them). The output is checked
    before any counting, and never overwrites the file or a ``.py``."""
    made = isinstance(source, SeveralCoupsMathReport)
    return write_report(output, lambda: (source.path if made
                                         else Path(path_argument(source, "source"))),
                        lambda: source if made else build_several_math_report(source, **options),
                        several_math_report_html, several_math_report_markdown)


__all__ = ["MeterSection", "SeveralCoupsMathReport", "build_several_math_report",
           "several_math_report_html", "several_math_report_markdown", "several_report_blocks",
           "write_several_math_report"]
