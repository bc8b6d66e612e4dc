"""The math report a test lab can read: one self-contained file per paytable.

``bacc-edge math-report PAYTABLE.py -o report.html`` (or ``.md``). It names the game and
identifies itself (bacc-edge's version, the paytable file's SHA-256, the date) with the
command that makes it again; gives the rules as the engine applied them (shoe, dealing
procedure, tableau with any cell that differs from punto banco's marked, counting
convention, the reading of every pay); per bet the rule-sheet table with true odds,
the house edge per unit staked and per resolved bet, the element of risk, the largest
win, SD, volatility index and the range of the hold over many rounds
(:mod:`bacc_edge.analysis.bet_statistics`), the edge on 1-8 decks and the infinite
deck, the published figures with their sources and check; the bet's vulnerability
(effects of removal by rank and by suit, the best linear count and its betting
correlation, and, when asked, the shoe-depth run of a perfect player and the counts);
and the flags a regulator looks for.

This module counts what the report says (:func:`build_math_report`) and writes it
(:func:`write_math_report`); :mod:`~bacc_edge.output.math_report_text` lays it out and
the two renderers write it as HTML (self-contained, no script, a print stylesheet) or
Markdown, with the same content.
"""

from __future__ import annotations

import datetime
import os
import re
from fractions import Fraction
from pathlib import Path
from typing import Callable, Sequence

from ..analysis.bet_report import Tables, check, layouts, report
from ..analysis.bet_statistics import bet_statistics
from ..analysis.deck_comparison import STANDARD_DECKS, DeckComparison, compare_decks, results_on
from ..analysis.removal_effects import (LinearCount, RemovalEffects, effects_and_counts,
                                        removal_seconds)
from ..depth.options import MAX_EXACT_DECKS, DepthOptions, prepare
from ..depth.run import MAX_DEPTH_SHOES, card_bet_note, run_depth
from ..depth.summary import BetSummary, summarize
from ..errors import OptionError
from ..game.dealing import MOST_DECKS, DealRules, EndRule
from ..game.shoe import Shoe
from ..language.loader import Paytable, as_paytable
from ..language.source_register import register_path, source_register
from ..util.arguments import callable_argument, path_argument
from ..util.number_text import percentage
from ..util.progress import Progress, part
from ..util.safe_write import check_output, write_output
from ..util.version import version
from .deck_comparison import deck_label
from .math_report_html import math_report_html
from .math_report_markdown import math_report_markdown
from .math_report_model import (DEFAULT_DECKS, DEFAULT_LEVEL, BetSection, DepthRun, Flag,
                                FlagKind, MathReport)
from .math_report_text import (BY_CARD, CARD_BET_EOR, command_path_argument, number,
                               pay_reading)

#: A win at or above this many to one is flagged (a US W-2G tax form threshold).
BIG_WIN = 300
#: An event rarer than once in this many coups is flagged.
RARE_COUPS = 100_000_000
#: The most seconds the effects of removal of one card layout's bets may be estimated to
#: take for the report to include them (see
#: :func:`~bacc_edge.analysis.removal_effects.removal_seconds`): a bet on the cards
#: recounts its card-level cells once per card removed, milliseconds to seconds each.
CARD_EOR_BUDGET_S = 120
#: How many passes over the bets the shoes of ``--depth`` weigh in the progress of a math
#: report: dealing and valuing shoes takes far longer than the tables.
DEPTH_WEIGHT = 20


#: A day as ``--date`` writes it: YYYY-MM-DD in ASCII digits, nothing else (not an ISO
#: week, ``2026-W03``, nor the compact ``20260115``, which ``date.fromisoformat`` takes too).
DAY_TEXT = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
#: Seconds since 1970 as ``SOURCE_DATE_EPOCH`` writes them: ASCII digits, perhaps a minus.
EPOCH_TEXT = re.compile(r"-?[0-9]+")
_EPOCH = datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)


def report_date(date=None) -> datetime.date:
    """The report's date: ``date`` (a :class:`datetime.date` or ``"YYYY-MM-DD"``,
    exactly: :data:`DAY_TEXT`) when given; else the day of ``SOURCE_DATE_EPOCH``
    (seconds since 1970, as reproducible builds set it: :data:`EPOCH_TEXT`), in UTC;
    else today. The report prints the date, not where it came from, so a report written
    again from the same paytable, version and date (its re-run line names the date) is
    the same file, byte for byte."""
    if date is not None:
        if isinstance(date, datetime.datetime) or not isinstance(date, (datetime.date, str)):
            raise OptionError(f"date {date!r} must be a day, YYYY-MM-DD")
        if isinstance(date, str):
            try:
                if not DAY_TEXT.fullmatch(date):
                    raise ValueError(date)
                date = datetime.date.fromisoformat(date)
            except ValueError:
                raise OptionError(f"date {date!r} must be a day, YYYY-MM-DD") from None
        return date
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if epoch is not None:
        if not EPOCH_TEXT.fullmatch(epoch.strip(" \t\r\n")):
            raise OptionError(f"SOURCE_DATE_EPOCH {epoch!r} must be a whole number of "
                              f"seconds since 1970-01-01 UTC")
        try:
            return (_EPOCH + datetime.timedelta(seconds=int(epoch))).date()
        except OverflowError:
            first, last = ((moment.replace(tzinfo=datetime.timezone.utc) - _EPOCH)
                           // datetime.timedelta(seconds=1)
                           for moment in (datetime.datetime.min, datetime.datetime.max))
            raise OptionError(f"SOURCE_DATE_EPOCH {epoch!r} is out of range: the days "
                              f"0001-01-01 to 9999-12-31 are {first} to {last} seconds since "
                              f"1970-01-01 UTC") from None
    return datetime.date.today()


def build_math_report(source, *, decks: int = DEFAULT_DECKS, depth: int | None = None,
                      depth_bets: Sequence[str] | None = None,
                      level: int = DEFAULT_LEVEL, seed: int = 1, cut: int | None = None,
                      end: EndRule | str = EndRule.AT_CUT, cuts: Sequence[int] = (),
                      date=None,
                      command_path: str | None = None,
                      workers: int | None = None, state=None,
                      on_batch: Callable[[int, int], None] | None = None,
                      on_note: Callable[[str], None] | None = None,
                      tables: Tables | None = None,
                      on_progress: Progress | None = None) -> MathReport:
    """Count everything the report shows for ``source`` (a paytable file or a loaded
    :class:`Paytable`): the tables on ``decks`` decks, every deck count 1-8 and the
    infinite deck, the figures the sheets printed, effects of removal and counts, and,
    with ``depth`` shoes, the shoe-depth analysis (a paytable file is needed for it) of
    the bets ``depth_bets`` names (None: every bet; a bet on the cards may take seconds
    a shoe), dealt with the cut card ``cut`` cards from the end (default: as
    :class:`~bacc_edge.game.dealing.DealRules` places it) and the end-of-shoe rule
    ``end``; ``cuts``: further cut cards (more cards from the end than ``cut``) at which
    the same shoes are summed up too, each bet's vulnerability then closing with every cut
    card and a verdict (``depth --cuts``). ``date``: the report's date (see :func:`report_date`); ``command_path``:
    the paytable's path as the re-run line names it (default: as the paytable was
    loaded). ``on_note(line)`` hears, before a depth run, how long its bets on the cards
    take a shoe when that is long (see :func:`~bacc_edge.depth.run.card_bet_note`).
    ``on_progress(done, total)`` hears of every stage (see :mod:`bacc_edge.util.progress`):
    per bet the tables, each deck count, the sheets' figures and the effects of removal,
    then the shoes dealt, which weigh :data:`DEPTH_WEIGHT` passes over the bets."""
    for name, call in (("on_progress", on_progress), ("on_batch", on_batch),
                       ("on_note", on_note)):
        callable_argument(call, name)
    if not isinstance(decks, int) or isinstance(decks, bool) or decks < 1:
        raise OptionError(f"math report: decks {decks!r} must be a whole number from 1")
    if depth is not None and (not isinstance(depth, int) or depth < 1):
        raise OptionError(f"math report: --depth {depth!r} must be a number of shoes from 1")
    command_path_argument(command_path)
    when = report_date(date)
    # how a table deals this shoe; none holds more than MOST_DECKS (the tables count any)
    deal = (DealRules(decks, *(() if cut is None else (cut,)), end=end)
            if decks <= MOST_DECKS or cut is not None or depth is not None else None)
    if depth_bets is not None and depth is None:
        raise OptionError("math report: --depth-bet chooses the bets of the shoe-depth run: "
                          "give --depth SHOES too")
    if cuts and depth is None:
        raise OptionError("math report: --cuts sums the shoe-depth run up at every cut card: "
                          "give --depth SHOES too")
    if depth is not None:  # refused before the tables are counted, not after
        if depth > MAX_DEPTH_SHOES:
            raise OptionError(f"math report: --depth {depth:,}: at most {MAX_DEPTH_SHOES:,} "
                              f"shoes (the depth analysis deals about 300 shoes a second)")
        if decks > MAX_EXACT_DECKS:
            raise OptionError(f"math report: --depth on {decks} decks: the depth analysis "
                              f"values rounds exactly on at most {MAX_EXACT_DECKS} decks")
    paytable = as_paytable(source)
    if depth_bets is not None:  # a bet the paytable does not define, before any counting
        paytable.select(depth_bets)
    register = source_register(paytable.path) if paytable.file else {}  # refused before too
    tables = tables or Tables()
    shoe = Shoe.decks(decks)
    n = len(paytable.bets)
    passes = [1, len(STANDARD_DECKS), 1, 1, DEPTH_WEIGHT if depth else 0]
    whole = sum(passes) * n

    def stage(k: int) -> Progress | None:
        return part(on_progress, sum(passes[:k]) * n, passes[k] * n, whole)

    # an event that can happen on no deck count is refused; on only some, it is a flag
    # (the tables it counts are kept: results_on only reads them)
    report(paytable, shoe, full_shoe=Shoe.infinite(), tables=tables, on_progress=stage(0))
    results = results_on(paytable, shoe, tables)
    comparisons = compare_decks(paytable, STANDARD_DECKS, tables=tables, on_progress=stage(1))
    checks = check(paytable, tables=tables, on_progress=stage(2)) if paytable.file else []
    effects, counts = _effects(paytable, shoe, level, tables, stage(3))
    summaries: dict[str, BetSummary] = {}
    run = None
    if depth:
        spec = prepare(paytable, options=DepthOptions(bet_names=depth_bets, deal=deal, seed=seed,
                                                     level=level, cuts=tuple(cuts)))
        note = card_bet_note(spec, workers) if on_note is not None else None
        if note:
            on_note(note)
        dealt = stage(4)

        def on_shoes(done: int, total: int) -> None:
            for listener in (on_batch, dealt):
                if listener is not None:
                    listener(done, total)

        summary = summarize(spec, run_depth(spec, depth, state=state, workers=workers,
                                            on_batch=on_shoes, on_note=on_note))
        summaries = {s.name: s for s in summary.bets}
        run = DepthRun(summary.shoes, seed, summary.rounds_per_shoe, spec.counts, spec.bets,
                       depth_bets is not None)
    sections = tuple(
        BetSection(result, comparison, tuple(c for c in checks if c.bet == result.name), fx,
                   count, tuple(flags_of(comparison)), summaries.get(result.name),
                   bet_statistics(result))
        for result, comparison, fx, count in zip(results, comparisons, effects, counts))
    if on_progress is not None:  # a stage with nothing to do (no bet on points) is done too
        on_progress(whole, whole)
    cited = {c.sheet for c in checks}
    return MathReport(
        paytable, shoe, sections, tuple(c for c in checks if c.bet is None), version(), deal,
        when, command_path if command_path is not None else str(paytable.path), level, run,
        tuple(register[k] for k in sorted(cited) if k in register))


def _effects(paytable: Paytable, shoe: Shoe, level: int, tables: Tables,
             on_progress: Progress | None
             ) -> tuple[list[RemovalEffects | None], list[LinearCount | None]]:
    """Each bet's effects of removal and best linear count: bets on points, and the bets
    on the cards whose layout's removals are affordable (timed: the removal counted
    stays in ``tables`` for the effects); None for the others."""
    effects: list[RemovalEffects | None] = [None] * len(paytable.bets)
    counts: list[LinearCount | None] = [None] * len(paytable.bets)
    chosen = sorted(i for layout, group in layouts(paytable.bets, paytable.rules, shoe).items()
                    if not layout.reads_cards
                    or removal_seconds(layout, shoe, tables) <= CARD_EOR_BUDGET_S
                    for i in group)
    if chosen:
        found = effects_and_counts([paytable.select([paytable.bets[i].name for i in chosen])],
                                   shoe, level, tables=tables, full_shoe=Shoe.infinite(),
                                   on_progress=on_progress)
        for i, fx, count in zip(chosen, *found):
            effects[i], counts[i] = fx, count
    return effects, counts


def flags_of(comparison: DeckComparison) -> list[Flag]:
    """The regulator's flags for one bet, over every deck count compared: each names the
    deck counts it holds on, or says it holds on every one."""
    name, out = comparison.name, []
    first = comparison.results[0]
    for i, event in enumerate(first.events):
        if event.pays.net >= BIG_WIN:
            out.append(Flag(name, FlagKind.BIG_WIN,
                            f"{event.label!r} pays {event.pays.text} "
                            f"({number(event.pays.net)} to 1)"))
        if event.otherwise:
            continue
        lines = [(r.shoe, r.events[i]) for r in comparison.results]
        never = [shoe for shoe, e in lines if e.combinations == 0]
        if never:
            out.append(Flag(name, FlagKind.IMPOSSIBLE,
                            f"{event.label!r} never settles the bet on "
                            f"{_which(never, comparison.shoes)}"))
        rare = [(shoe, e.probability) for shoe, e in lines
                if 0 < e.probability < Fraction(1, RARE_COUPS)]
        if rare:
            shoe, p = min(rare, key=lambda sp: sp[1])
            out.append(Flag(name, FlagKind.RARE,
                            f"{event.label!r} is rarer than once in {RARE_COUPS:,} coups on "
                            f"{_which([s for s, _ in rare], comparison.shoes)}; rarest on "
                            f"{deck_label(shoe)}, once in {float(1 / p):,.0f} coups"))
    negative = [r for r in comparison.results if r.edge < 0]
    if len(negative) == 1 and len(comparison.shoes) > 1:
        (r,) = negative
        out.append(Flag(name, FlagKind.NEGATIVE_EDGE, f"the player has the edge on "
                                                      f"{_the(r.shoe)}, by {percentage(-r.edge)}"))
    elif negative:
        out.append(Flag(name, FlagKind.NEGATIVE_EDGE,
                        f"the player has the edge on "
                        f"{_which([r.shoe for r in negative], comparison.shoes)}: " + ", ".join(
                            f"{deck_label(r.shoe)} {percentage(-r.edge)}" for r in negative)))
    return out


def _the(shoe: Shoe) -> str:
    """A deck count in a sentence: "1 deck", "8 decks", "the infinite deck"."""
    return f"the {deck_label(shoe)}" if shoe.replacement else deck_label(shoe)


def _which(shoes, compared) -> str:
    """The deck counts ``shoes`` of those ``compared``, or "every deck count" with them
    named when they are all of them."""
    if len(shoes) == len(compared):
        return f"every deck count compared ({', '.join(deck_label(s) for s in shoes)})"
    return ", ".join(_the(s) for s in shoes)


FORMATS = {".html": math_report_html, ".htm": math_report_html, ".md": math_report_markdown}


def write_math_report(report_or_source, path, **options) -> Path:
    """Write the report to ``path``: HTML for ``.html``, Markdown for ``.md``.
    ``report_or_source`` is a :class:`MathReport`, or what :func:`build_math_report`
    takes (with its ``options``). The path is checked before any counting, and never
    overwrites a file the report reads (the paytable, the register of sources beside
    it, a file the paytable's code opened: :attr:`Paytable.inputs`) or a ``.py`` file
    (see :mod:`bacc_edge.util.safe_write`)."""
    path = Path(path_argument(path))
    name = f"math report {str(path)!r}"
    paytable = (report_or_source.paytable if isinstance(report_or_source, MathReport)
                else report_or_source)
    inputs = ([paytable, register_path(paytable)] if isinstance(paytable, (str, os.PathLike))
              else list(paytable.inputs) if isinstance(paytable, Paytable) else [])
    check_output(path, inputs=inputs, name=name)
    render = FORMATS.get(path.suffix.lower())
    if render is None:
        raise OptionError(f"{name}: name a .html or .md file")
    r = (report_or_source if isinstance(report_or_source, MathReport)
         else build_math_report(report_or_source, **options))
    return write_output(path, render(r), inputs=r.paytable.inputs, name=name)


__all__ = ["BIG_WIN", "BY_CARD", "CARD_BET_EOR", "RARE_COUPS", "BetSection", "Flag",
           "FlagKind", "MathReport", "build_math_report", "flags_of", "math_report_html",
           "math_report_markdown", "pay_reading", "report_date", "write_math_report"]
