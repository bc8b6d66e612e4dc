"""The math report a test lab can read: one self-contained file per paytable.

``bacc-edge math-report PAYTABLE.py -o report.html`` (or ``.md``). It gives the rules as
the engine applied them (shoe, tableau, counting convention, the reading of every pay);
per bet the rule-sheet table, house edge, edge per resolved bet, SD and variance, hit
frequency, the edge on 1-8 decks and the infinite deck, the published figures with
their check; the bet's vulnerability (effects of removal as a chart, the best linear
count and its betting correlation, and, when asked, the shoe-depth verdict); the flags
a regulator looks for; and how it was computed, so that a lab can run it again.

The HTML carries its charts as inline SVG and its style inline: it opens with no network
access, and holds no script.
"""

from __future__ import annotations

import ast
import html
import importlib.metadata
import math
import os
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from pathlib import Path
from typing import Callable, Sequence

from ..game.cards import CARDS_PER_DECK
from .deck_comparison import deck_label
from .render import eor_card_rows
from ..analysis.deck_comparison import STANDARD_DECKS, DeckComparison, compare_decks, results_on
from ..depth.shoes import DealRules
from ..depth.run import (MAX_DEPTH_SHOES, MAX_EXACT_DECKS, BetSummary, prepare, run_depth,
                        summarize)
from ..analysis.removal_effects import (LinearCount, RemovalEffects, effects_and_counts,
                                        removal_seconds)
from ..util.arguments import callable_argument, path_argument, quoted
from ..errors import ArgumentError, OptionError
from ..language.loader import Paytable, as_paytable
from ..util.number_text import fraction, percentage
from ..util.progress import Progress, part
from ..language.pays import Pays
from ..language.bet import Measure
from .formats import markdown_cell, markdown_fence, markdown_text
from ..analysis.bet_report import BetResult, FigureCheck, Tables, check, layouts, report
from ..analysis.evaluator import CARD_LAYOUTS
from ..game.tableau import STANDARD
from ..util.safe_write import check_output, write_output
from ..game.shoe import Shoe

#: A win at or above this many to one is flagged (a US W-2G tax form threshold).
BIG_WIN = 300
#: An event rarer than once in this many coups is flagged.
RARE_COUPS = 100_000_000
#: The shoe the report counts unless told (``--decks``), and the highest tag of its best
#: linear counts (``--level``): the re-run line names either only when it differs.
DEFAULT_DECKS = 8
DEFAULT_LEVEL = 3


class FlagKind(StrEnum):
    """What a regulator's flag is about."""

    BIG_WIN = "win of 300 to 1 or more"
    RARE = "rarer than once in 100 million coups"
    IMPOSSIBLE = "cannot happen on some deck count"
    NEGATIVE_EDGE = "edge negative on some deck count"


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

    @property
    def name(self) -> str:
        return self.result.name


@dataclass(frozen=True)
class MathReport:
    """A paytable's math report, ready to be written as HTML or Markdown.

    ``depth_shoes`` and ``depth_seed`` are the shoe-depth run's (None: no run);
    ``depth_level`` is the count level (``--level``), the highest tag of every linear
    count the report shows, with or without a depth run."""

    paytable: Paytable
    shoe: Shoe
    sections: tuple[BetSection, ...]
    sheet_checks: tuple[FigureCheck, ...]
    version: str
    depth_shoes: int | None = None
    depth_level: int = DEFAULT_LEVEL
    depth_seed: int = 1
    notes: tuple[str, ...] = field(default=())

    @property
    def title(self) -> str:
        return f"Math report: {self.paytable.path.stem or 'bets'}"

    @property
    def flags(self) -> tuple[Flag, ...]:
        return tuple(f for s in self.sections for f in s.flags)


def version() -> str:
    """bacc-edge's version, as installed."""
    try:
        return importlib.metadata.version("bacc-edge")
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


#: The most seconds the effects of removal of one card layout's bets may be estimated to
#: take for the report to include them (see
#: :func:`~bacc_edge.analysis.removal_effects.removal_seconds`): a bet on the cards
#: recounts its card-level cells once per card removed, milliseconds to seconds each.
CARD_EOR_BUDGET_S = 120
#: What the report says where it leaves out a card-level bet's effects of removal.
CARD_BET_EOR = (f"Effects of removal are left out of this report for this bet on the cards "
                f"themselves: recounting its card-level cells once for each card removed was "
                f"estimated at more than {CARD_EOR_BUDGET_S} s where the report was written. "
                f"Run `bacc-edge eor PAYTABLE --bet NAME` for them.")


def build_math_report(source, *, decks: int = DEFAULT_DECKS, depth: int | None = None,
                      level: int = DEFAULT_LEVEL,
                      seed: int = 1, workers: int | None = None, state=None,
                      on_batch: Callable[[int, int], None] | None = None,
                      tables: Tables | None = None,
                      on_progress: Progress | None = None) -> MathReport:
    """Count everything the report shows for ``source`` (a paytable file or a loaded
    :class:`Paytable`): the tables on ``decks`` decks, every deck count 1-8 and the
    infinite deck, the figures the sheets printed, effects of removal and counts, and,
    with ``depth`` shoes, the shoe-depth analysis (a paytable file is needed for it).
    ``on_progress(done, total)`` hears of every stage (see :mod:`bacc_edge.util.progress`):
    per bet the tables, each deck count, the sheets' figures and the effects of removal,
    then the shoes dealt, which weigh :data:`DEPTH_WEIGHT` passes over the bets."""
    for name, call in (("on_progress", on_progress), ("on_batch", on_batch)):
        callable_argument(call, name)
    if not isinstance(decks, int) or isinstance(decks, bool) or decks < 1:
        raise OptionError(f"math report: decks {decks!r} must be a whole number from 1")
    if depth is not None and (not isinstance(depth, int) or depth < 1):
        raise OptionError(f"math report: --depth {depth!r} must be a number of shoes from 1")
    if depth is not None:  # refused before the tables are counted, not after
        if depth > MAX_DEPTH_SHOES:
            raise OptionError(f"math report: --depth {depth:,}: at most {MAX_DEPTH_SHOES:,} "
                              f"shoes (the depth analysis deals about 300 shoes a second)")
        DealRules(decks)  # a shoe the dealer can deal
        if decks > MAX_EXACT_DECKS:
            raise OptionError(f"math report: --depth on {decks} decks: the depth analysis "
                              f"values rounds exactly on at most {MAX_EXACT_DECKS} decks")
    paytable = as_paytable(source)
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
    effects: list[RemovalEffects | None] = [None] * len(paytable.bets)
    counts: list[LinearCount | None] = [None] * len(paytable.bets)
    # bets on points, and the bets on the cards whose layout's removals are affordable
    # (timed: the removal counted stays in ``tables`` for the effects)
    chosen = sorted(i for layout, group in layouts(paytable.bets, paytable.rules, shoe).items()
                    if not isinstance(layout, CARD_LAYOUTS)
                    or removal_seconds(layout, shoe, tables) <= CARD_EOR_BUDGET_S
                    for i in group)
    if chosen:
        found = effects_and_counts([paytable.select([paytable.bets[i].name for i in chosen])],
                                   shoe, level, tables=tables, full_shoe=Shoe.infinite(),
                                   on_progress=stage(3))
        for i, fx, count in zip(chosen, *found):
            effects[i], counts[i] = fx, count
    summaries: dict[str, BetSummary] = {}
    if depth:
        spec = prepare(paytable, deal=DealRules(decks), seed=seed, level=level)
        dealt = stage(4)

        def on_shoes(done: int, total: int) -> None:
            for listener in (on_batch, dealt):
                if listener is not None:
                    listener(done, total)

        tally = run_depth(spec, depth, state=state, workers=workers, on_batch=on_shoes)
        summary = summarize(spec, tally)
        summaries = {s.name: s for s in getattr(summary, "bets", summary)}
    sections = []
    for result, comparison, fx, count in zip(results, comparisons, effects, counts):
        sections.append(BetSection(
            result, comparison, tuple(c for c in checks if c.bet == result.name), fx, count,
            tuple(flags_of(comparison)), summaries.get(result.name)))
    if on_progress is not None:  # a stage with nothing to do (no bet on points) is done too
        on_progress(whole, whole)
    return MathReport(paytable, shoe, tuple(sections), tuple(c for c in checks if c.bet is None),
                      version(), depth, level, seed)


#: How many passes over the bets the shoes of ``--depth`` weigh in the progress of a math
#: report: dealing and valuing shoes takes far longer than the tables.
DEPTH_WEIGHT = 20


def flags_of(comparison: DeckComparison) -> list[Flag]:
    """The regulator's flags for one bet, over every deck count compared."""
    name, out = comparison.name, []
    first = comparison.results[0]
    for i, event in enumerate(first.events):
        if event.pays.net >= BIG_WIN:
            out.append(Flag(name, FlagKind.BIG_WIN,
                            f"{event.label!r} pays {event.pays.text} ({_num(event.pays.net)} to 1)"))
        if event.otherwise:
            continue
        lines = [(r.shoe, r.events[i]) for r in comparison.results]
        never = [shoe for shoe, e in lines if e.combinations == 0]
        if never:
            out.append(Flag(name, FlagKind.IMPOSSIBLE,
                            f"{event.label!r} never settles the bet on "
                            f"{', '.join(deck_label(s) for s in never)}"))
        rare = [(shoe, e.probability) for shoe, e in lines
                if 0 < e.probability < Fraction(1, RARE_COUPS)]
        if rare:
            shoe, p = min(rare, key=lambda sp: sp[1])
            out.append(Flag(name, FlagKind.RARE,
                            f"{event.label!r} happens once in {_coups(p)} coups on "
                            f"{deck_label(shoe)} (rarer than once in 100 million on "
                            f"{', '.join(deck_label(s) for s, _ in rare)})"))
    negative = [r for r in comparison.results if r.edge < 0]
    if negative:
        out.append(Flag(name, FlagKind.NEGATIVE_EDGE,
                        "the player has the edge on " + ", ".join(
                            f"{deck_label(r.shoe)} ({percentage(-r.edge)})" for r in negative)))
    return out


# -- words shared by both formats ------------------------------------------------------------
def pay_reading(p: Pays) -> str:
    """How the engine read a pay as written."""
    if p.net == 0:
        return "push: the stake is returned, nothing won"
    if p.net == -1:
        return "loses the stake"
    if " for " in p.text:
        return (f"\"for 1\": the {_num(p.net + 1)} handed back include the stake; "
                f"wins {_num(p.net)} per unit")
    if p.text.endswith("of stake"):
        return f"wins {_num(p.net * 100)}% of the stake; the stake is returned"
    return f"\"to 1\": wins {_num(p.net)} per unit staked; the stake is returned"


COUNTING = ("Every ordered sequence of six cards from the shoe is counted once (a coup that "
            "uses four or five cards counts once for each way to deal the unused positions), "
            "so the counts of a shoe of N cards sum to N·(N−1)·…·(N−5); the infinite deck deals "
            "with replacement (N⁶). Counts are exact integers and probabilities exact "
            "fractions; figures are rounded only for display.")


def _how_computed(r: MathReport) -> str:
    """How the figures were counted, ending with the command that counts them again: it
    names every option whose value is not the default."""
    suits = any(s.result.bet.needs_suits for s in r.sections)
    decks = r.shoe.cards // CARDS_PER_DECK
    return (f"Computed by bacc-edge {r.version} by exact enumeration under the "
            f"{r.paytable.rules.name} tableau: {r.shoe.coups:,} ordered six-card deals on "
            f"{r.shoe}{' (suits counted for suited bets; same total)' if suits else ''}; "
            f"every deck count from 1 to 8 and the infinite deck likewise. Re-run: "
            f"bacc-edge math-report {r.paytable.path.name or 'PAYTABLE.py'} -o REPORT"
            + (f" --depth {r.depth_shoes} --seed {r.depth_seed}" if r.depth_shoes else "")
            + (f" --level {r.depth_level}" if r.depth_level != DEFAULT_LEVEL else "")
            + (f" --decks {decks}" if decks != DEFAULT_DECKS else "") + ".")


def _num(value: Fraction) -> str:
    if value.denominator == 1:
        return f"{value.numerator:,}"
    return format(float(value), ".6g")


def _coups(p: Fraction) -> str:
    return f"{float(1 / p):,.0f}"


def _module_doc(paytable: Paytable) -> str:
    if not paytable.source:
        return ""
    try:
        return ast.get_docstring(ast.parse(paytable.source)) or ""
    except SyntaxError:
        return ""


def _event_rows(result: BetResult) -> tuple[list[str], list[list[str]]]:
    headers = ["Event", "Combinations", "Probability", "Probability (exact)", "Pays", "Return"]
    rows = [[e.label, f"{e.combinations:,}", percentage(e.probability, 5),
             fraction(e.probability), e.pays.text, percentage(e.ret, 5)] for e in result.events]
    rows.append(["Total (player net)", f"{result.total:,}", "100.00000%", "1", "",
                 percentage(result.ev, 5)])
    return headers, rows


def _stats_rows(result: BetResult) -> list[tuple[str, str]]:
    rows = [("House edge", f"{percentage(result.edge, 4)} (exactly {fraction(result.edge)})")]
    if result.edge_per_resolved_bet is not None:
        rows.append(("Edge per resolved bet (pushes left out)",
                     percentage(result.edge_per_resolved_bet, 4)))
    rows += [("Standard deviation per unit", f"{result.sd:.4f}"),
             ("Variance per unit", f"{float(result.variance):.4f}"),
             ("Hit frequency (wins anything)", percentage(result.hit_frequency, 4))]
    if result.bet.max_round:
        rows.append(("Closes after round", str(result.bet.max_round)))
    return rows


def _deck_rows(c: DeckComparison) -> tuple[list[str], list[list[str]]]:
    headers = ["", *[deck_label(s) for s in c.shoes]]
    rows = [["House edge", *[percentage(r.edge) for r in c.results]],
            ["Hit frequency", *[percentage(r.hit_frequency) for r in c.results]],
            ["SD", *[f"{r.sd:.3f}" for r in c.results]]]
    return headers, rows


def _check_rows(checks: Sequence[FigureCheck]) -> tuple[list[str], list[list[str]]]:
    headers = ["Figure", "Printed", "Computed", "Status", "Sheet"]
    rows = []
    for c in checks:
        what = str(c.measure) if c.label is None else f"{c.measure}: {c.label}"
        computed = (f"{int(c.computed):,}" if c.measure is Measure.COMBINATIONS
                    else percentage(c.computed, 4))
        rows.append([what, c.printed.text, computed, str(c.status), c.sheet])
    return headers, rows


def _eor_rows(fx: RemovalEffects, count: LinearCount | None):
    headers = ["Card removed", "Cards in shoe", "Effect (% of stake)", "Tag"]
    rows = [[rank, str(fx.rank_counts[rank]), percentage(e, 4, sign=True, mark=False),
             "" if count is None else f"{count.tags[rank]:+d}"] for rank, e in fx.by_rank.items()]
    return headers, rows


#: Above the grid of a bet whose effects depend on the suit of the card removed.
BY_CARD = ("By rank and suit (% of stake; each rank's effect above is their average, "
           "weighted by the cards of each suit):")


def _suits_matter(fx: RemovalEffects) -> bool:
    """Whether some card's effect differs from its rank's: then the report shows the
    grid by rank and suit (a suited pair bet on a full shoe, all alike, needs none)."""
    return fx.by_card is not None and any(
        effect != fx.by_rank[card[:-1]] for card, effect in fx.by_card.items())


def _count_lines(fx: RemovalEffects, count: LinearCount | None) -> list[str]:
    if count is None and _suits_matter(fx):
        return ["No linear count by rank: each rank's removal moves this bet alike on "
                "average over its suits, so every rank's effect is zero; the suit of the card "
                "removed moves it (the grid above), which a count of ranks cannot follow."]
    if count is None and any(fx.by_rank.values()):
        return ["No linear count: the ranks' effects differ too little for a count of whole "
                "tags to tell them apart (every tag rounds to 0)."]
    if count is None:
        return ["No linear count: every card's removal moves this bet alike, so every "
                "first-order effect is zero (a pair bet on a full shoe)."]
    tags = " ".join(f"{r}{t:+d}" for r, t in count.tags.items())
    lines = [f"Best level-{count.level} count: {tags}; "
             + ("balanced" if count.balanced else f"unbalanced ({count.imbalance:+d} a shoe)")
             + f"; betting correlation {count.betting_correlation:.3f}."]
    if count.positive_at_true_count is not None:
        lines.append(f"First-order estimate: the bet favours the player from a true count of "
                     f"{count.positive_at_true_count:+.1f} (running count per 52 cards left).")
    lines.append(f"Sum of the effects over the shoe's cards: {fraction(fx.sum_check)} (exact).")
    return lines


def _gains(d: BetSummary) -> list[tuple[str, bool, float, float, float]]:
    """(player, within the cutoff?, units per shoe, 95% low, 95% high) per player."""
    players = d.players
    if isinstance(players, tuple):  # one summary per player and cutoff
        return [(p.player, p.cutoff is not None, p.units_per_shoe.value, p.units_per_shoe.low,
                 p.units_per_shoe.high) for p in players]
    out = []
    for key, label, within in (("perfect", "perfect player", False),
                               ("perfect_cutoff", "perfect player", True),
                               ("count", "counter", False), ("count_cutoff", "counter", True)):
        e = getattr(players, key)
        out.append((label, within, e.per_shoe, e.per_shoe - e.half_width,
                    e.per_shoe + e.half_width))
    return out


def _depth_rows(d: BetSummary) -> list[tuple[str, str]]:
    rows = [("Closes after round", str(d.cutoff or "never"))]
    if d.favourable_share is not None:
        rows.append(("Rounds favouring the player", percentage(d.favourable_share, 2)))
    for player, within, value, low, high in _gains(d):
        rows.append((f"{player}, {'with' if within else 'no'} cutoff (units/shoe)",
                     f"{value:+.3f} (95%: {low:+.3f} to {high:+.3f})"))
    if d.cutoff_removes is not None:
        rows.append(("Share of the perfect player's gain the cutoff removes",
                     percentage(d.cutoff_removes, 1)))
    return rows


def _depth_verdict(d: BetSummary) -> str:
    gains = _gains(d)
    within = [g for g in gains if g[1]] if d.cutoff is not None else []
    free = [g for g in gains if not g[1]]
    parts = []
    if free:
        best = max(free, key=lambda g: g[2])
        parts.append(f"with no cutoff the {best[0]} wins {best[2]:+.3f} units a shoe "
                     f"(95%: {best[3]:+.3f} to {best[4]:+.3f})")
    if within:
        best = max(within, key=lambda g: g[2])
        parts.append(f"with the table's cutoff after round {d.cutoff} the {best[0]} wins "
                     f"{best[2]:+.3f} (95%: {best[3]:+.3f} to {best[4]:+.3f})"
                     + ("; no gain beyond 0.01 units a shoe can be told from zero"
                        if best[3] < 0.01 else ""))
    return "Verdict: " + "; ".join(parts) + "." if parts else "Verdict: no player was dealt."


def _rules_rows(r: MathReport) -> list[tuple[str, str]]:
    return [("Shoe", f"{r.shoe} — the tables below; every deck count 1-8 and the infinite "
                     f"deck side by side per bet"),
            ("Tableau", "standard punto banco" if r.paytable.rules == STANDARD
             else f"the paytable's own: {r.paytable.rules.name}"),
            ("Counting", COUNTING)]


def _pay_rows(r: MathReport) -> tuple[list[str], list[list[str]]]:
    headers = ["Bet", "Event", "Pays as written", "Read as", "Net win per unit"]
    rows = []
    for s in r.sections:
        for e in s.result.events:
            rows.append([s.name, e.label, e.pays.text, pay_reading(e.pays), _num(e.pays.net)])
    return headers, rows


def _summary_rows(r: MathReport) -> tuple[list[str], list[list[str]]]:
    headers = ["Bet", f"House edge ({r.shoe.label})", "Edge per resolved bet", "Hit frequency",
               "SD", "Edge, 1-8 decks and ∞", "Flags"]
    rows = []
    for s in r.sections:
        res, edges = s.result, s.decks.edges
        epr = res.edge_per_resolved_bet
        rows.append([s.name, percentage(res.edge), "" if epr is None else percentage(epr),
                     percentage(res.hit_frequency), f"{res.sd:.3f}",
                     f"{percentage(min(edges))} to {percentage(max(edges))}",
                     str(len(s.flags) or "")])
    return headers, rows


# -- the chart -------------------------------------------------------------------------------
def eor_svg(fx: RemovalEffects, count: LinearCount | None, *, width: int = 640,
            height: int = 280) -> str:
    """The effects of removal as an inline SVG bar chart: one bar per rank (green: its
    removal helps the player), the count's tag on each bar, both axes labelled."""
    ranks = list(fx.by_rank)
    values = [float(fx.by_rank[r]) * 100 for r in ranks]
    left, right, top, bottom = 78, 16, 34, 52
    plot_w, plot_h = width - left - right, height - top - bottom
    span = max((abs(v) for v in values), default=0) or 1.0
    ticks = _ticks(span)
    span = max(span, ticks[-1])
    zero_y = top + plot_h / 2

    def y_of(v: float) -> float:
        return zero_y - v / span * (plot_h / 2)

    title = f"Effects of removal — {fx.bet.name}"
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" role="img" aria-label="{html.escape(title)}" '
             f'font-family="sans-serif" font-size="12">',
             f'<title>{html.escape(title)}</title>',
             f'<rect x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>',
             f'<text x="{width / 2}" y="20" text-anchor="middle" font-size="14" '
             f'font-weight="bold">{html.escape(title)}</text>']
    for t in (-ticks[-1], *[-x for x in reversed(ticks[:-1])], 0.0, *ticks):
        y = y_of(t)
        parts.append(f'<line x1="{left}" y1="{y:.1f}" x2="{width - right}" y2="{y:.1f}" '
                     f'stroke="{"#444" if t == 0 else "#ddd"}" stroke-width="1"/>')
        parts.append(f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end">{t:+.3g}</text>')
    slot = plot_w / max(len(ranks), 1)
    for i, (rank, v) in enumerate(zip(ranks, values)):
        x = left + i * slot + slot * 0.15
        y0, y1 = sorted((y_of(0), y_of(v)))
        colour = "#2e8b57" if v > 0 else "#c0392b"
        parts.append(f'<rect x="{x:.1f}" y="{y0:.1f}" width="{slot * 0.7:.1f}" '
                     f'height="{max(y1 - y0, 0.5):.1f}" fill="{colour}">'
                     f'<title>{rank}: {v:+.4f}%</title></rect>')
        cx = left + (i + 0.5) * slot
        parts.append(f'<text x="{cx:.1f}" y="{top + plot_h + 16}" text-anchor="middle">'
                     f'{rank}</text>')
        if count is not None:
            ty = y1 + 13 if v < 0 else y0 - 4
            parts.append(f'<text x="{cx:.1f}" y="{ty:.1f}" text-anchor="middle" '
                         f'font-size="11" fill="#222">{count.tags[rank]:+d}</text>')
    parts.append(f'<text x="{left + plot_w / 2}" y="{height - 10}" text-anchor="middle">'
                 f'Card removed (numbers on the bars: the count\'s tags)</text>')
    parts.append(f'<text x="16" y="{top + plot_h / 2}" text-anchor="middle" '
                 f'transform="rotate(-90 16 {top + plot_h / 2})">Effect (% of stake)</text>')
    if not any(values):
        parts.append(f'<text x="{left + plot_w / 2}" y="{zero_y - 10}" text-anchor="middle" '
                     f'fill="#555">every effect is exactly zero</text>')
    parts.append("</svg>")
    return "\n".join(parts)


def _ticks(span: float) -> list[float]:
    """Round tick values, a step apart, up to at least ``span``."""
    raw = span / 2
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw)
    n = math.ceil(span / step - 1e-9)
    return [step * k for k in range(1, max(n, 1) + 1)]


# -- HTML ------------------------------------------------------------------------------------
_CSS = """
body { font-family: -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; margin: 2em auto;
       max-width: 1100px; padding: 0 1em; color: #111; line-height: 1.4; }
h1 { border-bottom: 2px solid #333; padding-bottom: .2em; }
h2 { margin-top: 2em; border-bottom: 1px solid #aaa; }
table { border-collapse: collapse; margin: .6em 0 1em; font-size: 14px; }
th, td { border: 1px solid #bbb; padding: 3px 8px; vertical-align: top; }
th { background: #eef1f5; text-align: left; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
td.exact { font-family: monospace; font-size: 12px; word-break: break-all; max-width: 22em; }
pre { background: #f6f6f6; padding: .6em; overflow-x: auto; font-size: 13px; }
.flag { color: #8a1c1c; }
.ok { color: #1e6b35; }
.how { font-size: 13px; color: #333; border-top: 1px solid #aaa; padding-top: .6em; }
"""


def _html_table(headers, rows, numeric_from: int = 1, exact_cols: Sequence[int] = ()) -> str:
    out = ["<table>", "<tr>" + "".join(f"<th>{html.escape(str(h))}</th>" for h in headers)
           + "</tr>"]
    for row in rows:
        cells = []
        for i, cell in enumerate(row):
            cls = ' class="exact"' if i in exact_cols else (' class="num"' if i >= numeric_from
                                                          else "")
            cells.append(f"<td{cls}>{html.escape(str(cell))}</td>")
        out.append("<tr>" + "".join(cells) + "</tr>")
    out.append("</table>")
    return "\n".join(out)


def _html_pairs(rows) -> str:
    return ("<table>\n" + "\n".join(f"<tr><th>{html.escape(k)}</th><td>{html.escape(v)}</td></tr>"
                                    for k, v in rows) + "\n</table>")


def _report_argument(r) -> None:
    if not isinstance(r, MathReport):
        raise ArgumentError(f"r {quoted(r)} must be a MathReport, from build_math_report()")


def math_report_html(r: MathReport) -> str:
    """The report as one self-contained HTML page."""
    _report_argument(r)
    e = html.escape
    out = ["<!DOCTYPE html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
           f"<title>{e(r.title)}</title>", f"<style>{_CSS}</style>", "</head>", "<body>",
           f"<h1>{e(r.title)}</h1>"]
    doc = _module_doc(r.paytable)
    if doc:
        out.append(f"<pre>{e(doc)}</pre>")
    out += ["<h2>Summary</h2>", _html_table(*_summary_rows(r))]
    out.append("<h2>Flags for the regulator</h2>")
    if r.flags:
        out.append("<ul>" + "".join(f'<li class="flag"><b>{e(f.bet)}</b> — {e(str(f.kind))}: '
                                    f"{e(f.text)}</li>" for f in r.flags) + "</ul>")
    else:
        out.append('<p class="ok">None: no win of 300 to 1 or more, no event rarer than once '
                   "in 100 million coups, none impossible on a deck count, no negative edge "
                   "on 1-8 decks or the infinite deck.</p>")
    out += ["<h2>Rules as applied</h2>", _html_pairs(_rules_rows(r)),
            f"<p>Tableau (D draws, S stands; the banker's columns are the player's third "
            f"card):</p><pre>{e(r.paytable.rules.text)}</pre>",
            "<p>Every pay as written and as read:</p>", _html_table(*_pay_rows(r), numeric_from=4)]
    if r.sheet_checks:
        out += ["<h2>Figures that span bets</h2>", _html_table(*_check_rows(r.sheet_checks))]
    for s in r.sections:
        out += [f'<h2 id="{e(_anchor(s.name))}">{e(s.name)}</h2>',
                f"<h3>Rule-sheet table, {e(str(r.shoe))}</h3>",
                _html_table(*_event_rows(s.result), exact_cols=(3,)),
                _html_pairs(_stats_rows(s.result)),
                "<h3>Every deck count</h3>", _html_table(*_deck_rows(s.decks))]
        notes = [w for res in s.decks.results for w in res.warnings]
        out += [f"<p>{e(n)}</p>" for n in notes]
        out.append("<h3>Published figures</h3>")
        out.append(_html_table(*_check_rows(s.checks)) if s.checks
                   else "<p>No figures printed for this bet.</p>")
        out.append("<h3>Vulnerability</h3>")
        if s.effects is None:
            out.append(f"<p>{e(CARD_BET_EOR)}</p>")
        else:
            out += [f"<figure>{eor_svg(s.effects, s.count)}</figure>",
                    _html_table(*_eor_rows(s.effects, s.count))]
            if _suits_matter(s.effects):
                out += [f"<p>{e(BY_CARD)}</p>", _html_table(*eor_card_rows(s.effects))]
            out += [f"<p>{e(line)}</p>" for line in _count_lines(s.effects, s.count)]
        if s.depth is not None:
            out += [f"<p>Shoe depth, {r.depth_shoes:,} shoes of {r.shoe.label} (seed "
                    f"{r.depth_seed}; 95% intervals):</p>", _html_pairs(_depth_rows(s.depth)),
                    f"<p>{e(_depth_verdict(s.depth))}</p>"]
        if s.flags:
            out.append("<ul>" + "".join(f'<li class="flag">{e(str(f.kind))}: {e(f.text)}</li>'
                                        for f in s.flags) + "</ul>")
    out += [f'<p class="how">{e(_how_computed(r))}</p>', "</body>", "</html>"]
    return "\n".join(out) + "\n"


def _anchor(name: str) -> str:
    return "bet-" + "".join(ch.lower() if ch.isalnum() else "-" for ch in name)


# -- Markdown --------------------------------------------------------------------------------
def _md_table(headers, rows) -> str:
    cell = markdown_cell
    out = ["| " + " | ".join(cell(h) for h in headers) + " |",
           "|" + "|".join(" --- " for _ in headers) + "|"]
    out += ["| " + " | ".join(cell(c) for c in row) + " |" for row in rows]
    return "\n".join(out)


def _md_bar(value: float, span: float, width: int = 20) -> str:
    n = round(abs(value) / span * width) if span else 0
    return ("+" if value > 0 else "−") + "█" * n if n else ""


def math_report_markdown(r: MathReport) -> str:
    """The report as Markdown: the same content, the chart drawn as text bars. The
    user's text is escaped (see :func:`bacc_edge.output.formats.markdown_text`), the docstring
    and the tableau fenced so that nothing in them can close the fence."""
    _report_argument(r)
    md = markdown_text
    out = [f"# {md(r.title)}", ""]
    doc = _module_doc(r.paytable)
    if doc:
        out += [markdown_fence(doc), ""]
    out += ["## Summary", "", _md_table(*_summary_rows(r)), "", "## Flags for the regulator", ""]
    if r.flags:
        out += [f"- **{md(f.bet)}** — {f.kind}: {md(f.text)}" for f in r.flags]
    else:
        out.append("None: no win of 300 to 1 or more, no event rarer than once in 100 million "
                   "coups, none impossible on a deck count, no negative edge on 1-8 decks or "
                   "the infinite deck.")
    out += ["", "## Rules as applied", "", _md_table(["", ""], _rules_rows(r)), "",
            "Tableau (D draws, S stands; the banker's columns are the player's third card):", "",
            markdown_fence(r.paytable.rules.text), "", "Every pay as written and as read:", "",
            _md_table(*_pay_rows(r)), ""]
    if r.sheet_checks:
        out += ["## Figures that span bets", "", _md_table(*_check_rows(r.sheet_checks)), ""]
    for s in r.sections:
        out += [f"## {md(s.name)}", "", f"### Rule-sheet table, {md(str(r.shoe))}", "",
                _md_table(*_event_rows(s.result)), "", _md_table(["", ""], _stats_rows(s.result)),
                "", "### Every deck count", "", _md_table(*_deck_rows(s.decks)), ""]
        out += [f"- {md(w)}" for res in s.decks.results for w in res.warnings]
        out += ["", "### Published figures", ""]
        out += [_md_table(*_check_rows(s.checks)) if s.checks
                else "No figures printed for this bet.", ""]
        out += ["### Vulnerability", ""]
        if s.effects is None:
            out += [CARD_BET_EOR, ""]
        else:
            headers, rows = _eor_rows(s.effects, s.count)
            span = max((abs(float(v)) for v in s.effects.by_rank.values()), default=0)
            rows = [row + [_md_bar(float(s.effects.by_rank[row[0]]), span)] for row in rows]
            out += ["Effects of removal (+ bars: the card's removal helps the player):", "",
                    _md_table([*headers, "Chart"], rows), ""]
            if _suits_matter(s.effects):
                out += [BY_CARD, "", _md_table(*eor_card_rows(s.effects)), ""]
            out += [*_count_lines(s.effects, s.count), ""]
        if s.depth is not None:
            out += [f"Shoe depth, {r.depth_shoes:,} shoes of {r.shoe.label} (seed "
                    f"{r.depth_seed}; 95% intervals):", "",
                    _md_table(["", ""], _depth_rows(s.depth)), "", _depth_verdict(s.depth), ""]
        if s.flags:
            out += [f"- **Flag** — {f.kind}: {md(f.text)}" for f in s.flags] + [""]
    out += ["---", "", md(_how_computed(r)), ""]
    return "\n".join(out)


FORMATS = {".html": math_report_html, ".htm": math_report_html, ".md": math_report_markdown}


def write_math_report(report_or_source, path, **options) -> Path:
    """Write the report to ``path``: HTML for ``.html``, Markdown for ``.md``.
    ``report_or_source`` is a :class:`MathReport`, or what :func:`build_math_report`
    takes (with its ``options``). The path is checked before any counting, and never
    overwrites the paytable or a ``.py`` file (see :mod:`bacc_edge.util.safe_write`)."""
    path = Path(path_argument(path))
    name = f"math report {str(path)!r}"
    paytable = (report_or_source.paytable if isinstance(report_or_source, MathReport)
                else report_or_source)
    inputs = ([paytable] if isinstance(paytable, (str, os.PathLike))
              else [paytable.path] if isinstance(paytable, Paytable) and paytable.file else [])
    check_output(path, inputs=inputs, name=name)
    render = FORMATS.get(path.suffix.lower())
    if render is None:
        raise OptionError(f"{name}: name a .html or .md file")
    r = (report_or_source if isinstance(report_or_source, MathReport)
         else build_math_report(report_or_source, **options))
    return write_output(path, render(r), inputs=inputs, name=name)


__all__ = ["BIG_WIN", "RARE_COUPS", "BetSection", "Flag", "FlagKind", "MathReport",
           "build_math_report", "eor_svg", "flags_of", "math_report_html",
           "math_report_markdown", "pay_reading", "write_math_report"]
