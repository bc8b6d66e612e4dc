"""What a math report says, laid out once for both of its formats: a list of blocks
(headings, paragraphs, tables, the docstring, charts) that
:mod:`~bacc_edge.output.math_report_html` and :mod:`~bacc_edge.output.math_report_markdown`
each write in their own markup, so that the two carry the same content.

The paytable's own text (the game's name, bets' names, events' labels, the docstring,
findings, source records) is held here as it is written: each renderer escapes it.
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Sequence

from ..analysis.bet_report import BetResult, FigureCheck
from ..analysis.bet_statistics import HOLD_CONFIDENCES, BetStatistics
from ..analysis.intervals import z_value
from ..analysis.deck_comparison import DeckComparison
from ..analysis.removal_effects import LinearCount, RemovalEffects
from ..depth.summary import BetSummary, PlayerSummary
from ..game.cards import CARDS_PER_DECK, SUITS
from ..game.dealing import DealRules
from ..game.tableau import NATURALS, STANDARD, STOOD, Tableau
from ..language.bet import Measure
from ..language.pays import Pays
from ..errors import ArgumentError
from ..util.arguments import quoted
from ..util.number_text import fraction, one_in, percentage, plural
from .cut_cards import HEADERS as CUT_CARD_HEADERS, cut_card_rows
from .cut_cards import verdict as cut_card_verdict
from .deck_comparison import deck_label
from .math_report_model import DEFAULT_DECKS, DEFAULT_LEVEL, FlagKind, MathReport
from .formats import depth_interval_text
from .render import eor_card_rows


# -- the blocks ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Heading:
    """A heading; ``bet`` starts a bet's section (a new printed page)."""

    level: int
    text: str
    anchor: str | None = None
    bet: bool = False


@dataclass(frozen=True)
class Para:
    """A paragraph; ``style``: "" (plain), "flag", "ok", "note"; ``unbroken``: words of
    it (a count's tags, ``7-3``) that a line never breaks inside."""

    text: str
    style: str = ""
    unbroken: frozenset = field(default_factory=frozenset)


@dataclass(frozen=True)
class Items:
    """A bulleted list: each item a bold lead (may be empty) and its text."""

    items: tuple[tuple[str, str], ...]
    style: str = ""


@dataclass(frozen=True)
class Table:
    """A table: cells from column ``numeric_from`` on are figures (right-aligned);
    ``exact_cols`` hold long exact fractions (allowed to wrap); ``marked`` holds the
    (row, column) of cells to mark, ``legend`` saying what the mark means;
    ``unbroken_cols``: columns whose words a line never breaks inside (a count's tags,
    ``7-3``), though it may break between them."""

    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    numeric_from: int = 1
    exact_cols: tuple[int, ...] = ()
    marked: frozenset = field(default_factory=frozenset)
    legend: str | None = None
    kind: str = ""
    unbroken_cols: tuple[int, ...] = ()


@dataclass(frozen=True)
class Pairs:
    """A two-column table of names and values."""

    rows: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Command:
    """A command a reader runs: ``head -o REPORT.<format> tail``."""

    head: str
    tail: str


@dataclass(frozen=True)
class Docstring:
    """The paytable's docstring, Markdown written by the paytable's author."""

    text: str


@dataclass(frozen=True)
class EorChart:
    """A bet's effects of removal: the chart, and its table by rank."""

    effects: RemovalEffects
    count: LinearCount | None
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


Block = Heading | Para | Items | Table | Pairs | Command | Docstring | EorChart

#: The sentence under a chart of effects of removal, in both formats (what its colours,
#: patterns or signs mean).
EOR_LEGEND = ("Each bar: what taking one card of that rank out of the shoe does to the "
              "bet's value to the player, in % of the stake; the numbers on the bars are the "
              "count's tags.")
#: Above the grid of a bet whose effects depend on the suit of the card removed.
BY_CARD = ("By rank and suit (% of stake; each rank's effect above is their average, "
           "weighted by the cards of each suit; the last row, each suit's, likewise over "
           "the ranks):")
#: What the report says where it leaves out a card-level bet's effects of removal.
CARD_BET_EOR = ("Effects of removal are left out of this report for this bet on the cards "
                "themselves: recounting its card-level cells once for each card removed was "
                "estimated at more than the report's budget where it was written. Run "
                "`bacc-edge eor PAYTABLE --bet NAME` for them.")
COUNTING = ("Every ordered sequence of six cards from the shoe is counted once (a coup that "
            "uses four or five cards counts once for each way to deal the unused positions), "
            "so the counts of a shoe of N cards sum to N·(N−1)·…·(N−5); the infinite deck deals "
            "with replacement (N⁶). Counts are exact integers and probabilities exact "
            "fractions; figures are rounded only for display.")
NORMAL_APPROXIMATION = (
    "By the normal approximation from the SD (central limit theorem): over n rounds the "
    "hold, the house's win as a share of the amount staked (a push is a round staked and "
    "nothing won), has mean the house edge and SD/√n for its standard deviation, so it "
    "lies within edge ± z·SD/√n with the stated confidence ({zs}). An approximation: "
    "where the top award is rare, the hold over a few thousand rounds is skewed, most "
    "often above the edge and now and then far below.")


# -- numbers in words ------------------------------------------------------------------------
def number(value: Fraction) -> str:
    """A pay or a count: a whole number with thousands separators, else 6 digits."""
    if value.denominator == 1:
        return f"{value.numerator:,}"
    return format(float(value), ".6g")


def pay_reading(p: Pays) -> str:
    """How the engine read a pay as written."""
    if p.net == 0:
        return "push: the stake is returned, nothing won"
    if p.net == -1:
        return "loses the stake"
    if " for " in p.text:
        return (f"\"for 1\": the {number(p.net + 1)} handed back include the stake; "
                f"wins {number(p.net)} per unit")
    if p.text.endswith("of stake"):
        return f"wins {number(p.net * 100)}% of the stake; the stake is returned"
    return f"\"to 1\": wins {number(p.net)} per unit staked; the stake is returned"


def anchor(name: str) -> str:
    return "bet-" + "".join(ch.lower() if ch.isalnum() else "-" for ch in name)


# -- the report, block by block --------------------------------------------------------------
def report_blocks(r: MathReport) -> list[Block]:
    """Everything the report says, in order."""
    out: list[Block] = [Heading(1, r.title), *_identity(r)]
    doc = r.paytable.docstring
    if doc:
        out += [Heading(2, "The game, as its paytable describes it"), Docstring(doc)]
    out += [Heading(2, "Summary"), _summary(r), Heading(2, "Flags for the regulator", "flags")]
    out += [_flags(r)]
    out += _rules(r)
    sources = _source_numbers(r)
    if sources:
        out += [Heading(2, "Sources of the published figures"),
                Items(tuple(("", f"[{n}] {text}") for text, n in sources.values()))]
    if r.sheet_checks:
        out += [Heading(2, "Figures that span bets"), _checks(r.sheet_checks, sources)]
        out += _findings(r.sheet_checks)
    for s in r.sections:
        out += _bet(r, s, sources)
    out += [Heading(2, "How it was computed"), Para(_how_computed(r), "note")]
    return out


def _identity(r: MathReport) -> list[Block]:
    rows = [("Game", r.game + ("" if r.paytable.game else
                               " (the file's name: the paytable sets no GAME)")),
            ("Paytable file", r.command_path if r.paytable.file else
             "none: bets given in Python"),
            ("SHA-256 of the file", r.paytable.sha256 or "none: bets given in Python"),
            ("Document identifier", r.identifier),
            ("Date", r.date.isoformat()),
            ("Made by", f"bacc-edge {r.version}, exact enumeration")]
    out: list[Block] = [Pairs(tuple(rows))]
    if r.paytable.file:
        out += rerun_blocks(r.command_path, _rerun_tail(r), "paytable file")
    return out


def rerun_blocks(path: str, tail: list[str], read: str = "file") -> list[Block]:
    """The command that makes a math report again from the file at ``path`` (``read``
    says what that file is), its options after the output file ``tail``: introduced,
    then given as a command."""
    return [Para(f"The command that makes this report again, byte for byte, from the "
                 f"folder it was made in (the same bacc-edge version and {read}):"),
            Command(shlex.join(["bacc-edge", "math-report", command_path(path)]),
                    shlex.join(tail))]


def _rerun_tail(r: MathReport) -> list[str]:
    """The re-run command around its output file: every option whose value is not the
    default, and the date."""
    decks = r.shoe.cards // CARDS_PER_DECK
    tail = ["--date", r.date.isoformat()]
    if r.depth is not None:
        tail += ["--depth", str(r.depth.shoes), "--seed", str(r.depth.seed)]
        if r.depth.chosen:
            tail += [x for bet in r.depth.bets for x in ("--depth-bet", bet)]
    if r.level != DEFAULT_LEVEL:
        tail += ["--level", str(r.level)]
    if decks != DEFAULT_DECKS:
        tail += ["--decks", str(decks)]
    if r.deal is not None and r.deal.cut != DealRules(r.deal.decks).cut:
        tail += ["--cut", str(r.deal.cut)]
    if r.deal is not None and r.deal.end != DealRules(r.deal.decks).end:
        tail += ["--end", r.deal.end.value]
    return tail


def command_path_argument(path: str | None) -> str | None:
    """``path``, the file's path as a math report's re-run line names it (None: as the
    file was read), checked: a path is a string."""
    if path is not None and not isinstance(path, str):
        raise ArgumentError(f"command_path {quoted(path)} must be the file's path as a "
                            f"command names it")
    return path


def command_path(path: str) -> str:
    """A path as a command line names it: one that starts with ``-`` keeps a leading
    ``./``, so that it is not read as an option (quoting for the shell is
    :func:`shlex.join`'s)."""
    return f"./{path}" if path.startswith("-") else path


def _summary(r: MathReport) -> Table:
    headers = ("Bet", f"House edge ({r.shoe.label})", "Edge per resolved bet", "Hit frequency",
               "Largest win", "SD", "Edge, 1-8 decks and ∞", "Flags")
    rows = []
    for s in r.sections:
        res, edges = s.result, s.decks.edges
        epr = res.edge_per_resolved_bet
        rows.append((s.name, percentage(res.edge),
                     "none: always pushes" if res.push_probability == 1 else
                     "" if epr is None else percentage(epr),
                     percentage(res.hit_frequency),
                     f"{number(s.stats.max_win)} to 1" if s.stats.max_win else "never wins",
                     f"{res.sd:.3f}", f"{percentage(min(edges))} to {percentage(max(edges))}",
                     str(len(s.flags) or "")))
    return Table(headers, tuple(rows))


def _flags(r: MathReport) -> Block:
    if not r.flags:
        return Para(f"None: no {FlagKind.BIG_WIN}, no event {FlagKind.RARE}, none impossible "
                    f"on a deck count, no negative house edge on 1-8 decks or the infinite "
                    f"deck.", "ok")
    return Items(tuple((f.bet, f"{f.kind}: {f.text}") for f in r.flags), "flag")


# -- the rules as applied --------------------------------------------------------------------
def _rules(r: MathReport) -> list[Block]:
    rules = r.paytable.rules
    tableau = (f"the paytable's own: {rules.name} (cells that differ from standard punto "
               f"banco are marked)" if rules != STANDARD else
               f"the paytable's own: {rules.name}, every cell as standard punto banco's"
               if rules.name != STANDARD.name else STANDARD.name)
    rows = [("Shoe", f"{r.shoe} — the tables below; every deck count 1-8 and the infinite "
                     f"deck side by side per bet"),
            ("Tableau", tableau),
            ("Counting", COUNTING)]
    out: list[Block] = [Heading(2, "Rules as applied"), Pairs(tuple(rows)),
                        Heading(3, "Dealing a shoe")]
    if r.deal is None:
        out.append(Para(f"No dealing procedure: {r.shoe.label} is more than a dealing shoe "
                        f"holds; the tables count coups off the top of it."))
    else:
        out += [Pairs(r.deal.procedure()),
                Para("The exact tables value a coup dealt from the full shoe (off the top). "
                     "A shoe dealt by these steps is what the shoe-depth figures of each "
                     "bet's vulnerability deal" + (" (below)." if r.depth else
                                                   ", when asked for (--depth)."))]
        if r.depth is not None:
            out.append(Para(_depth_run(r)))
            if r.depth.counts:
                out.append(_depth_counts(r))
    out += [Heading(3, "Tableau"), *_tableau(r.paytable.rules)]
    out += [Heading(3, "Every pay as written and as read"), _pays(r)]
    return out


def _depth_run(r: MathReport) -> str:
    d, deal = r.depth, r.deal
    rounds = d.rounds_per_shoe
    return (f"Shoe-depth run: {d.shoes:,} shoes of {deal.decks} deck"
            f"{'s' if deal.decks > 1 else ''} dealt by these steps from seed {d.seed}, "
            f"{rounds.value:,.2f} rounds a shoe ("
            + ("every shoe alike" if rounds.low == rounds.high else
               f"95%: {rounds.low:,.2f} to {rounds.high:,.2f}")
            + f"), about {rounds.value * d.shoes:,.0f} rounds in all; "
            + (f"the bets {', '.join(d.bets)} (--depth-bet)" if d.chosen
               else "every bet of the report")
            + " valued exactly on the cards left at every round. The perfect player bets "
              "exactly when the bet favours them; "
            + ("the counts played (each bet's own, from its effects of removal, and the "
               "paytable's), each with the bets it serves:" if d.counts else
               "no count was played (no bet's effects of removal make one, and the paytable "
               "lists none)."))


def _depth_counts(r: MathReport) -> Table:
    """The counts of the shoe-depth run, one a row: its name, the bets it serves, its
    tags, when it bets."""
    rows = tuple((c.name, ", ".join(c.bets) or "every bet of the run", c.tags_text(),
                  c.betting_text()) for c in r.depth.counts)
    return Table(("Count", "Bets it serves", "Tags", "When it bets"), rows, numeric_from=4,
                 unbroken_cols=(2,))


def _tableau(t: Tableau) -> list[Block]:
    """The tableau as two grids (the player's rule, the banker's table), the cells that
    differ from punto banco's marked and listed."""
    totals = [x for x in range(10) if x not in NATURALS]
    mark = {True: "D", False: "S"}
    differs = []
    player_row, marked = ["Player draws?"], set()
    for i, total in enumerate(totals):
        cell = mark[t.player[total]]
        if t.player[total] != STANDARD.player[total]:
            marked.add((0, i + 1))
            cell += DIFFERS
            differs.append(("", f"player on {total}: {_draws(t.player[total])} (punto banco: "
                                f"{_draws(STANDARD.player[total])})"))
        player_row.append(cell)
    player = Table(("Player's two-card total", *map(str, totals)), (tuple(player_row),),
                   marked=frozenset(marked), kind="tableau")
    columns = [*map(str, range(10)), STOOD]
    rows, marked = [], set()
    for i, total in enumerate(totals):
        row = [f"Banker {total}"]
        for x, draws in enumerate(t.banker[total]):
            cell = mark[draws]
            if draws != STANDARD.banker[total][x]:
                marked.add((i, x + 1))
                cell += DIFFERS
                against = ("when the player stood" if x == 10 else
                           f"against a player's third card of {x}")
                differs.append(("", f"banker on {total} {against}: {_draws(draws)} "
                                    f"(punto banco: {_draws(STANDARD.banker[total][x])})"))
            row.append(cell)
        rows.append(tuple(row))
    legend = (f"{DIFFERS} marks a cell that differs from the standard punto banco tableau."
              if differs else None)
    banker = Table(("Banker's total / player's third card", *columns), tuple(rows),
                   marked=frozenset(marked), legend=legend, kind="tableau")
    out: list[Block] = [Para("D draws, S stands; naturals (8 and 9) stand. The banker's "
                             "columns are the point value of the player's third card, or "
                             "\"stood\" when the player did not draw."), player, banker]
    if differs:
        out += [Para(f"Where {t.name} differs from punto banco:"), Items(tuple(differs))]
    return out


#: The mark of a tableau's cell that differs from punto banco's (in bold besides).
DIFFERS = "†"


def _draws(draws: bool) -> str:
    return "draws" if draws else "stands"


def _pays(r: MathReport) -> Table:
    headers = ("Bet", "Event", "Pays as written", "Read as", "Net win per unit")
    rows = tuple((s.name, e.label, e.pays.text, pay_reading(e.pays), number(e.pays.net))
                 for s in r.sections for e in s.result.events)
    return Table(headers, rows, numeric_from=4)


# -- sources and published figures -----------------------------------------------------------
def _source_numbers(r: MathReport) -> dict[str, tuple[str, int]]:
    """Each source the figures cite (its key) → (how the report names it, its number):
    what the register of sources says it is, or its key as the paytable names it."""
    register = {s.key: s for s in r.sources}
    keys: list[str] = []
    for c in (*r.sheet_checks, *(c for s in r.sections for c in s.checks)):
        if c.sheet not in keys:
            keys.append(c.sheet)
    return {k: (register[k].citation if k in register else
                f"{k} (as the paytable names it; no register of sources beside the paytable "
                f"records it)", n) for n, k in enumerate(keys, 1)}


def _checks(checks: Sequence[FigureCheck], sources) -> Table:
    headers = ("Figure", "Printed", "Computed", "Status", "Source")
    rows = []
    for c in checks:
        what = str(c.measure) if c.label is None else f"{c.measure}: {c.label}"
        computed = (f"{int(c.computed):,}" if c.measure is Measure.COMBINATIONS
                    else percentage(c.computed, 4))
        rows.append((what, c.printed.text, computed, str(c.status), f"[{sources[c.sheet][1]}]"))
    return Table(headers, tuple(rows))


def _findings(checks: Sequence[FigureCheck]) -> list[Block]:
    found = tuple((f"{c.label or c.measure}", f"{c.status}: {c.finding}")
                  for c in checks if c.finding)
    return [Para("Findings recorded in the paytable:"), Items(found)] if found else []


# -- one bet ---------------------------------------------------------------------------------
def _bet(r: MathReport, s, sources) -> list[Block]:
    out: list[Block] = [Heading(2, s.name, anchor(s.name), bet=True),
                        Heading(3, f"Rule-sheet table, {r.shoe}"), _events(s.result),
                        Heading(3, "Statistics per unit staked"),
                        Pairs(tuple(_stats(s.result, s.stats))),
                        Heading(3, "Range of the hold"), _holds(s.stats),
                        Para(NORMAL_APPROXIMATION.format(zs=", ".join(
                            f"z = {z_value(c):.3f} for {c}%" for c in HOLD_CONFIDENCES)),
                            "note"),
                        Heading(3, "Every deck count"), _decks(s.decks)]
    # (an event that never settles the bet on a deck count is a flag, said once)
    out.append(Heading(3, "Published figures"))
    out += ([_checks(s.checks, sources), *_findings(s.checks)] if s.checks
            else [Para("No figures printed for this bet.")])
    out.append(Heading(3, "Vulnerability"))
    if s.effects is None:
        out.append(Para(CARD_BET_EOR))
    else:
        headers, rows = _eor_rows(s.effects, s.count)
        out.append(EorChart(s.effects, s.count, headers, rows))
        if _suits_matter(s.effects):
            out += [Para(BY_CARD), _by_card(s.effects)]
        out += _count_lines(s.effects, s.count)
    if s.depth is not None:
        out += _depth(r, s.depth)
    elif r.depth is not None:
        out.append(Para("Shoe depth: not run for this bet (the run valued the bets "
                        "--depth-bet named).", "note"))
    else:
        out.append(Para("Shoe depth: not run for this report (--depth SHOES deals that many "
                        "shoes by the rules above and values the bet at every round).",
                        "note"))
    if s.flags:
        out.append(Para(f"{len(s.flags)} flag{'s' if len(s.flags) > 1 else ''} for the "
                        f"regulator: listed under Flags for the regulator, at the start.",
                        "flag"))
    return out


def _events(result: BetResult) -> Table:
    headers = ("Event", "Combinations", "Probability", "True odds", "Pays", "Return",
               "Probability (exact)")
    rows = [(e.label, f"{e.combinations:,}", percentage(e.probability, 5),
             one_in(e.probability), e.pays.text, percentage(e.ret, 5), fraction(e.probability))
            for e in result.events]
    rows.append(("Total (player net)", f"{result.total:,}", "100.00000%", "", "",
                 percentage(result.ev, 5), "1"))
    return Table(headers, tuple(rows), exact_cols=(6,))


def _stats(result: BetResult, stats: BetStatistics) -> list[tuple[str, str]]:
    rows = [("House edge per unit staked",
             f"{percentage(stats.edge, 4)} (exactly {fraction(stats.edge)})")]
    if result.push_probability == 1:
        rows += [("House edge per resolved bet", "none: the bet always pushes, so no bet "
                                                 "resolves (and nothing is ever at risk)")]
    if stats.edge_per_resolved_bet is not None:
        rows += [("House edge per resolved bet (pushes left out)",
                  f"{percentage(stats.edge_per_resolved_bet, 4)} (pushes: "
                  f"{percentage(result.push_probability, 4)} of rounds)"),
                 ("Element of risk", f"{percentage(stats.element_of_risk, 4)}: the expected "
                                     f"loss per unit actually at risk (a push risks "
                                     f"nothing); with one fixed stake, the edge per resolved "
                                     f"bet")]
    z = z_value(stats.volatility_confidence)
    rows += [("Largest win in one round", _largest_win(stats) if stats.max_win else
              "none: the bet never wins (no event that can happen on this shoe pays a win)"),
             ("Hit frequency (wins anything)", percentage(result.hit_frequency, 4)),
             ("Standard deviation (SD)", f"{result.sd:.4f}"),
             ("Variance", f"{float(result.variance):.4f}"),
             (f"Volatility index ({stats.volatility_confidence}% confidence)",
              f"{stats.volatility_index:.4f} (z·SD, z = {z:.4f})")]
    if result.bet.max_round:
        rows.append(("Closes after round", str(result.bet.max_round)))
    return rows


def _largest_win(stats: BetStatistics) -> str:
    return f"{number(stats.max_win)} to 1: {number(stats.max_win)} won per unit staked"


def _holds(stats: BetStatistics) -> Table:
    rounds = sorted({h.rounds for h in stats.hold_ranges})
    headers = ("Rounds", *(f"Hold, {c}% range" for c in HOLD_CONFIDENCES), "SD of the hold")
    rows = tuple((f"{n:,}", *(f"{percentage(stats.hold(n, c).low, 2)} to "
                              f"{percentage(stats.hold(n, c).high, 2)}"
                              for c in HOLD_CONFIDENCES),
                  percentage(stats.sd / n ** 0.5, 3)) for n in rounds)
    return Table(headers, rows)


def _decks(c: DeckComparison) -> Table:
    headers = ("", *(deck_label(s) for s in c.shoes))
    rows = (("House edge", *(percentage(r.edge) for r in c.results)),
            ("Hit frequency", *(percentage(r.hit_frequency) for r in c.results)),
            ("SD", *(f"{r.sd:.3f}" for r in c.results)))
    return Table(headers, rows)


def _eor_rows(fx: RemovalEffects, count: LinearCount | None):
    headers = ("Card removed", "Cards in shoe", "Effect (% of stake)", "Tag")
    rows = tuple((rank, str(fx.rank_counts[rank]), percentage(e, 4, sign=True, mark=False),
                  "" if count is None else f"{count.tags[rank]:+d}")
                 for rank, e in fx.by_rank.items())
    return headers, rows


def _by_card(fx: RemovalEffects) -> Table:
    headers, rows = eor_card_rows(fx)
    suits = fx.by_suit
    rows.append(["Any rank", *(percentage(suits[suit], 4, sign=True, mark=False)
                               if suit in suits else "" for suit in SUITS)])
    return Table(tuple(headers), tuple(map(tuple, rows)))


def _suits_matter(fx: RemovalEffects) -> bool:
    """Whether some card's effect differs from its rank's: then the report shows the
    grid by rank and suit (a suited pair bet on a full shoe, all alike, needs none)."""
    return fx.by_card is not None and any(
        effect != fx.by_rank[card[:-1]] for card, effect in fx.by_card.items())


def _count_lines(fx: RemovalEffects, count: LinearCount | None) -> list[Para]:
    """What the effects of removal make of a count: its tags (each kept whole on a line)
    and its correlation, or why there is none."""
    if count is None and _suits_matter(fx):
        return [Para("No linear count by rank: each rank's removal moves this bet alike on "
                     "average over its suits, so every rank's effect is zero; the suit of the "
                     "card removed moves it (the grid above), which a count of ranks cannot "
                     "follow.")]
    if count is None and any(fx.by_rank.values()):
        return [Para("No linear count: the ranks' effects differ too little for a count of "
                     "whole tags to tell them apart (every tag rounds to 0).")]
    if count is None:
        return [Para("No linear count: every card's removal moves this bet alike, so every "
                     "first-order effect is zero (a pair bet on a full shoe).")]
    tags = [f"{r}{t:+d}" for r, t in count.tags.items()]
    lines = [f"Best level-{count.level} count: {' '.join(tags)}; "
             + ("balanced" if count.balanced else f"unbalanced ({count.imbalance:+d} a shoe)")
             + f"; betting correlation {count.betting_correlation:.3f}."]
    if count.positive_at_true_count is not None:
        lines.append(f"First-order estimate: the bet favours the player from a true count of "
                     f"{count.positive_at_true_count:+.1f} (running count per 52 cards left).")
    lines.append(f"Sum of the effects over the shoe's cards: {fraction(fx.sum_check)} (exact).")
    return [Para(lines[0], unbroken=frozenset(tags)), *map(Para, lines[1:])]


def _depth(r: MathReport, d: BetSummary) -> list[Block]:
    deal = r.deal
    intro = (f"Shoe depth, to the cut card ({plural(deal.cut, 'card')} from the end, "
             f"{deal.end.value}): "
             f"{r.depth.shoes:,} shoes (seed {r.depth.seed}; 95% intervals). The table "
             + (f"closes this bet after round {d.cutoff}." if d.cutoff else
                "takes this bet at every round."))
    rows = []
    for p in d.players:
        rows.append((p.player, "after round " + str(p.cutoff) if p.cutoff else "none",
                     _interval(p.bet_frequency, percent=True),
                     "" if p.average_edge is None else _interval(p.average_edge, percent=True),
                     _interval(p.units_per_shoe), _interval(p.units_per_100_rounds)))
    headers = ("Player", "Stops at", "Bets on (share of rounds)", "Average edge when betting",
               "Units won a shoe", "Units won per 100 rounds")
    pairs = []
    if d.favourable_share is not None:
        pairs.append(("Rounds favouring the player", percentage(d.favourable_share, 2)))
    if d.cutoff_removes is not None:
        pairs.append(("Share of the perfect player's gain the cutoff removes",
                      percentage(d.cutoff_removes, 1)))
    out: list[Block] = [Para(intro), Table(headers, tuple(rows), numeric_from=2, kind="depth")]
    if pairs:
        out.append(Pairs(tuple(pairs)))
    out.append(Para(_verdict(d)))
    if d.at_cut_cards:
        out += [Para("At each cut card, from the same shoes (each ended where that cut card "
                     "ends it): the perfect player and the bet's own count, within the "
                     "table's cutoff."),
                Table(CUT_CARD_HEADERS, tuple(map(tuple, cut_card_rows(d))), numeric_from=2,
                      kind="depth"),
                Para("Every cut card: " + cut_card_verdict(d))]
    return out


def _interval(i, *, percent: bool = False) -> str:
    """An estimate, and its 95% interval (or "every shoe alike") on a line of its own,
    in the words of the depth command's tables
    (:func:`~bacc_edge.output.render.depth_interval_text`)."""
    return depth_interval_text(i, percent=percent).replace(" (", "\n(", 1)


def _verdict(d: BetSummary) -> str:
    players: Sequence[PlayerSummary] = d.players
    free = [p for p in players if p.cutoff is None]
    within = [p for p in players if p.cutoff is not None]
    parts = []
    if free:
        best = max(free, key=lambda p: p.units_per_shoe.value)
        u = best.units_per_shoe
        parts.append(f"with no cutoff the {best.player} wins {_units(u)}")
    if within:
        best = max(within, key=lambda p: p.units_per_shoe.value)
        u = best.units_per_shoe
        parts.append(f"with the table's cutoff after round {best.cutoff} the {best.player} "
                     f"wins {_units(u)}"
                     + ("; no gain beyond 0.01 units a shoe can be told from zero"
                        if u.low < 0.01 else ""))
    return "Verdict: " + "; ".join(parts) + "." if parts else "Verdict: no player was dealt."


def _units(u) -> str:
    """Units won a shoe, with their 95% interval, in the depth command's words: "0.155
    units a shoe (0.149 to 0.161)", "0.000 units a shoe (every shoe alike)"."""
    value, _, spread = depth_interval_text(u).partition(" (")
    return f"{value} units a shoe ({spread}"


def _how_computed(r: MathReport) -> str:
    suits = any(s.result.bet.needs_suits for s in r.sections)
    name = r.paytable.rules.name  # the tableau's one name, as the rules above give it
    the = "" if name.lower().startswith("the ") else "the "
    return (f"Computed by bacc-edge {r.version} by exact enumeration under {the}{name} "
            f"tableau: {r.shoe.coups:,} ordered six-card deals on "
            f"{r.shoe}{' (suits counted for suited bets; same total)' if suits else ''}; "
            f"every deck count from 1 to 8 and the infinite deck likewise. Every count, "
            f"probability, pay and edge is exact, rounded only for display; the volatility "
            f"index and the ranges of the hold are normal approximations from the exact SD"
            + ("; the shoe-depth figures are estimates from the shoes dealt, with their 95% "
               "intervals" if r.depth else "")
            + f". Dated {r.date.isoformat()} (the --date given, else the day of "
              f"SOURCE_DATE_EPOCH, else the day the report was made); document "
              f"{r.identifier}.")


__all__ = ["BY_CARD", "CARD_BET_EOR", "COUNTING", "EOR_LEGEND", "Block", "Command",
           "Docstring", "EorChart", "Heading", "Items", "Pairs", "Para", "Table", "anchor",
           "number", "pay_reading", "report_blocks"]
