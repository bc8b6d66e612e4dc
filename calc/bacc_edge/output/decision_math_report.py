"""The math report of a file of games with a decision (``DECISIONS``, see
:mod:`bacc_edge.language.decisions`), for a test lab: ``bacc-edge math-report
paytables/decisions/peek_baccarat.py -o peek.html`` (or ``.md``).

It identifies itself as a paytable's math report does (bacc-edge's version, the file's
SHA-256, the date, the command that makes it again, byte for byte); gives the game's
rules as the file states them (its docstring) and as applied; the house's exposure to a
perfect decision maker (how much more optimal play returns than the typical plays, per
unit of the first stake and in points of RTP, and whether optimal play has the edge on
any shoe); then per game its returns on each deck count under optimal play, the printed
strategy table, each rule of thumb and simple play (always one option), with the amount
wagered and the RTP; the strategy as the grids ``bacc-edge decide`` prints
(:func:`~bacc_edge.output.decisions.grids`); and each play's costliest errors.

The figures are :func:`~bacc_edge.analysis.decision_report.decision_report`'s, the
blocks those of :mod:`~bacc_edge.output.math_report_text`, written by the math report's
one HTML and one Markdown writer.
"""

from __future__ import annotations

import datetime
import hashlib
from dataclasses import dataclass
from pathlib import Path

from ..analysis.decision_report import (DEFAULT_DECKS, DecisionReport, Play, SolvedGame,
                                        decision_report)
from ..analysis.decisions import HAIR
from ..errors import ArgumentError
from ..language.decisions import DecidedBet, OwnHand
from ..util.arguments import path_argument, quoted
from ..util.number_text import fraction, percentage
from ..util.version import version
from .decisions import CLOSE, ERRORS_SHOWN, MIXED, grids, letters
from .math_report import report_date
from .math_report_model import document_identifier
from .math_report_html import blocks_html
from .math_report_markdown import blocks_markdown
from .report_file import write_report
from .math_report_text import (Block, Docstring, Heading, Items, Pairs, Para, Table, anchor,
                               command_path_argument, rerun_blocks)


@dataclass(frozen=True)
class DecisionMathReport:
    """A decision file's math report, ready to be written: the solved games
    (``report``), and what identifies the document (bacc-edge's ``version``, the file's
    ``sha256``, the ``date``; ``command_path``: the file's path as the re-run line names
    it)."""

    report: DecisionReport
    version: str
    sha256: str
    date: datetime.date
    command_path: str

    @property
    def game(self) -> str:
        return self.report.source.game

    @property
    def title(self) -> str:
        return f"Math report: {self.game}"

    @property
    def identifier(self) -> str:
        """As a paytable's report's: version, the first 16 hex digits of the SHA-256,
        the date's eight digits."""
        return document_identifier(self.version, self.sha256[:16], self.date)


def build_decision_math_report(path, decks=DEFAULT_DECKS, *, date=None,
                               command_path: str | None = None) -> DecisionMathReport:
    """Solve every game of the decision file at ``path`` on shoes of each number of
    ``decks`` (as :func:`~bacc_edge.analysis.decision_report.decision_report`), dated
    ``date`` (see :func:`~bacc_edge.output.math_report.report_date`); ``command_path``
    the path as the re-run line names it (default: ``path``)."""
    command_path_argument(command_path)
    when = report_date(date)
    report = decision_report(path, decks)
    digest = hashlib.sha256(report.source.path.read_bytes()).hexdigest()
    return DecisionMathReport(report, version(), digest, when,
                              str(path) if command_path is None else command_path)


def decision_report_blocks(r: DecisionMathReport) -> list[Block]:
    """Everything the report says, in order."""
    if not isinstance(r, DecisionMathReport):
        raise ArgumentError(f"r {quoted(r)} must be a DecisionMathReport, from "
                            f"build_decision_math_report()")
    out: list[Block] = [Heading(1, r.title), *_identity(r)]
    if r.report.source.docstring:
        out += [Heading(2, "The game, as its file describes it"),
                Docstring(r.report.source.docstring)]
    out += _exposure(r.report)
    out += _rules(r.report)
    for name in dict.fromkeys(g.game for g in r.report.games):
        out += _game(r.report, [g for g in r.report.games if g.game == name])
    out += [Heading(2, "How it was computed"), Para(_how_computed(r), "note")]
    return out


# -- who made it -----------------------------------------------------------------------------
def _identity(r: DecisionMathReport) -> list[Block]:
    decks = ", ".join(str(d) for d in r.report.decks)
    rows = (("Game", r.game), ("Decision file", r.command_path),
            ("SHA-256 of the file", r.sha256), ("Document identifier", r.identifier),
            ("Date", r.date.isoformat()), ("Decks", f"{decks}, each a full shoe"),
            ("Made by", f"bacc-edge {r.version}, exact enumeration"))
    out: list[Block] = [Pairs(rows)]
    tail = _rerun_tail(r)
    if tail is None:
        out.append(Para(f"Made from Python on the deck counts {decks}: the command line "
                        f"solves the default ones ({', '.join(map(str, DEFAULT_DECKS))}) or "
                        f"one (--decks N)."))
    else:
        out += rerun_blocks(r.command_path, tail)
    return out


def _rerun_tail(r: DecisionMathReport) -> list[str] | None:
    """The re-run command's options after its output file: the date, and the deck count
    where it is one and not the default; None where the command line cannot say the
    deck counts."""
    tail = ["--date", r.date.isoformat()]
    if r.report.decks == DEFAULT_DECKS:
        return tail
    if len(r.report.decks) == 1:
        return tail + ["--decks", str(r.report.decks[0])]
    return None


# -- the house's exposure --------------------------------------------------------------------
def _rtp(p: Play) -> str:
    return "-" if p.rtp is None else percentage(p.rtp)


def _gap_points(optimal: Play, p: Play) -> str:
    """Optimal play's RTP less the play's, in points of RTP."""
    if optimal.rtp is None or p.rtp is None:
        return "-"
    return f"{float(optimal.rtp - p.rtp) * 100:.3f}"


def exposure_rows(report: DecisionReport) -> list[tuple[str, ...]]:
    """Per game, shoe and play other than optimal: its return and RTP, and how much more
    optimal play returns (per unit of the first stake, and in points of RTP)."""
    rows = []
    for g in report.games:
        optimal = g.plays[0]
        for p in g.plays[1:]:
            rows.append((g.game, str(g.decks), p.name, percentage(p.net), _rtp(p),
                         percentage(optimal.net), _rtp(optimal),
                         percentage(optimal.net - p.net), _gap_points(optimal, p)))
    return rows


def player_edges(report: DecisionReport) -> list[SolvedGame]:
    """The games and shoes on which optimal play has the edge (a positive return)."""
    return [g for g in report.games if g.plays[0].net > 0]


def _exposure(report: DecisionReport) -> list[Block]:
    headers = ("Game", "Decks", "Play", "Return", "RTP", "Optimal return", "Optimal RTP",
               "Exposure per unit", "Exposure, RTP points")
    out: list[Block] = [
        Heading(2, "The house's exposure to a perfect decision maker", "exposure"),
        Para("Returns are expected nets per unit of the first stake (a fee counted as lost); "
             "the RTP is what comes back as a share of everything wagered (the fee and any "
             "raise). The exposure is how much more a bettor who always makes the best "
             "choice gets back than one who plays the way named: per unit of the first "
             "stake, and in points of RTP (a play that stakes less may have the higher "
             "RTP and still return less: the figure per unit counts the money)."),
        Table(headers, tuple(exposure_rows(report)), numeric_from=3)]
    edges = player_edges(report)
    if edges:
        out.append(Items(tuple((g.game, f"optimal play has the player's edge on {g.decks} "
                                        f"deck{'s' if g.decks != 1 else ''}: "
                                        f"{percentage(g.plays[0].net, sign=True)} per unit of "
                                        f"the first stake")
                               for g in edges), "flag"))
    else:
        out.append(Para("Optimal play leaves the house its edge on every game and shoe "
                        "given.", "ok"))
    return out


# -- the rules as applied --------------------------------------------------------------------
def _option_text(game, o) -> str:
    stake = f"stake {fraction(o.stake)} × the first"
    if isinstance(game, OwnHand):
        return f"{o.name}: {stake}, {'draws' if o.draws else 'stands'}" + (
            "; the stake above 1 pays by the final points " + ", ".join(
                f"{t}: {p.text}" for t, p in enumerate(o.raise_pays)) if o.raise_pays else "")
    return f"{o.name}: {stake}"


def _game_rules(game) -> tuple[tuple[str, str], ...]:
    rows = [("Shown before the choice", game.shown.describe()),
            ("Options", "; ".join(_option_text(game, o) for o in game.options))]
    if isinstance(game, DecidedBet):
        bet = game.bet
        rows += [("Bet", f"{bet.name}: " + "; ".join(
                     f"{e.label} pays {p.text}" for e, p in zip(bet.events, bet.event_pays))
                  + f"; anything else: {bet.otherwise_label.lower()}"),
                 ("Fee", f"{fraction(game.fee)} of the first stake, never on a raise"
                  if game.fee else "none")]
    else:
        rows += [("Dealer", f"draws a third card on {game.dealer_draws_to} or less"),
                 ("First stake", f"pays {game.win.text} on a win; a tie returns it")]
    if game.thumbs:
        rows.append(("Rules of thumb", "; ".join(t.name for t in game.thumbs)))
    return tuple(rows)


def _rules(report: DecisionReport) -> list[Block]:
    source = report.source
    out: list[Block] = [Heading(2, "Rules as applied"),
                        Pairs((("Tableau", f"{source.rules.name} (a decided bet's coups; an "
                                           f"own hand follows its own rule)"),
                               ("Counting", COUNTING)))]
    for game in source.decisions:
        out += [Heading(3, game.name), Pairs(_game_rules(game))]
    return out


COUNTING = ("Every ordered deal of the shoe's cards is counted once; each information state "
            "(the point values of the cards shown) sums the deals that show it, so each "
            "option's value given the state is an exact fraction and the best option is "
            "read off them (the first listed of equals). Figures are rounded only for "
            "display.")


# -- one game --------------------------------------------------------------------------------
def _game(report: DecisionReport, solved: list[SolvedGame]) -> list[Block]:
    name = solved[0].game
    out: list[Block] = [Heading(2, name, anchor(name), bet=True)]
    if solved[0].published:
        out.append(Para(f"Published: {solved[0].published}"))
    rows = tuple((str(g.decks), p.name, percentage(p.net), fraction(p.net),
                  f"{float(p.wagered):.4f}", _rtp(p)) for g in solved for p in g.plays)
    out += [Heading(3, "Returns"),
            Table(("Decks", "Play", "Return", "Return, exact", "Wagered", "RTP"), rows,
                  numeric_from=2, exact_cols=(3,))]
    out += _strategy(report, solved)
    out += _errors(solved)
    return out


def _strategy(report: DecisionReport, solved: list[SolvedGame]) -> list[Block]:
    mark = letters(solved[0].solution.options)
    legend = (", ".join(f"{v} {k}" for k, v in mark.items())
              + (f"; the deck counts {'/'.join(str(g.decks) for g in solved)} where they "
                 f"differ" if len(solved) > 1 else "")
              + f"; {CLOSE} the best two within {float(HAIR):g} of a stake, {MIXED} the "
                f"cards inside the cell disagree")
    out: list[Block] = [Heading(3, "Optimal strategy"),
                        Para("The best option by what is shown, a hand whose two cards are "
                             "both shown read by its total.")]
    for title, headers, rows in grids(report, solved[0].game):
        out += [Para(f"Shown: {title}"),
                Table(tuple(headers), tuple(tuple(r) for r in rows), legend=legend,
                      kind="tableau")]
    return out


def _errors(solved: list[SolvedGame]) -> list[Block]:
    rows = tuple((str(g.decks), play, " ".join(f"{p}={v}" for p, v in e.shown), e.chosen,
                  e.best, percentage(e.cost))
                 for g in solved for play, errors in g.errors.items()
                 for e in errors[:ERRORS_SHOWN])
    if not rows:
        return []
    return [Heading(3, "Costliest errors"),
            Para(f"Each way of playing's {ERRORS_SHOWN} costliest departures from optimal "
                 f"play on each shoe, summed by printed cell: the cost is the return lost "
                 f"per unit of the first stake."),
            Table(("Decks", "Play", "Shown", "Chosen", "Best", "Cost"), rows, numeric_from=5)]


def _how_computed(r: DecisionMathReport) -> str:
    return (f"Computed by bacc-edge {r.version} by exact enumeration (bacc-edge decide): "
            f"every game of the file solved on full shoes of "
            f"{', '.join(map(str, r.report.decks))} "
            f"deck{'' if r.report.decks == (1,) else 's'}. Every value is exact, rounded "
            f"only for display. Dated {r.date.isoformat()} (the --date given, else the day "
            f"of SOURCE_DATE_EPOCH, else the day the report was made); document "
            f"{r.identifier}.")


# -- writing it ------------------------------------------------------------------------------
def decision_math_report_html(r: DecisionMathReport) -> str:
    return blocks_html(r.title, r.identifier, decision_report_blocks(r))


def decision_math_report_markdown(r: DecisionMathReport) -> str:
    return blocks_markdown(decision_report_blocks(r))


def write_decision_math_report(source, output, **options) -> Path:
    """Write the report to ``output``: HTML for ``.html``, Markdown for ``.md``.
    ``source`` is a :class:`DecisionMathReport`, or a decision file's path (built with
    ``options``, as :func:`build_decision_math_report` takes them). The output is
    checked before any counting, and never overwrites the decision file or a ``.py``."""
    made = isinstance(source, DecisionMathReport)
    return write_report(output, lambda: (source.report.source.path if made
                                         else Path(path_argument(source, "source"))),
                        lambda: source if made else build_decision_math_report(source,
                                                                               **options),
                        decision_math_report_html, decision_math_report_markdown)


__all__ = ["DecisionMathReport", "build_decision_math_report", "decision_math_report_html",
           "decision_math_report_markdown", "decision_report_blocks", "exposure_rows",
           "player_edges", "write_decision_math_report"]
