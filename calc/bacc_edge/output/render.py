"""The output of the core commands — ``report`` (and its ``--check``), ``eor``,
``commission`` and ``depth`` — as text a person reads (any tabulate format, or CSV) and
the JSON a script reads, and the pieces of a bet's table the other outputs share; the
command prints the text. Each other command's output has its own module in this folder
(:mod:`~bacc_edge.output.deck_comparison`, :mod:`~bacc_edge.output.solve`,
:mod:`~bacc_edge.output.known_card`, :mod:`~bacc_edge.output.shoe_shopping`,
:mod:`~bacc_edge.output.chemin_de_fer`, :mod:`~bacc_edge.output.shipped_list`,
:mod:`~bacc_edge.output.index_sheet`, the math report, ``results/`` and the live page).
How a table, a line of prose, JSON and CSV are written in each format is
:mod:`bacc_edge.output.formats`; how a number is written, :mod:`bacc_edge.util.number_text`.

The tableau a result was counted by is always in the JSON; the text mentions it only
when it is not the standard one.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Sequence

from ..game.cards import SUITS
from ..analysis.commission import CHIP_SHARE, CommissionEdge
from ..depth.shoes import DepthSpec
from ..analysis.removal_effects import LinearCount, RemovalEffects
from .formats import FORMATS  # noqa: F401 (not used here: the CLI's --fmt reads render.FORMATS)
from .cut_cards import HEADERS as CUT_CARD_HEADERS, cut_card_rows, cut_card_title, verdict
from .formats import (below, csv_records, depth_interval_text, prose, table, to_json,
                      wrapped)
from ..util.number_text import amount, decimal, fraction, percentage, plural
from ..analysis.bet_report import BetResult, CheckStatus, EventResult, FigureCheck, StudyStatus
from ..language.bet import Measure
from ..game.tableau import STANDARD, Tableau
from ..game.shoe import Shoe

def under(tableau: Tableau) -> str:
    """", under the … tableau" for a tableau other than the standard one, else nothing."""
    return "" if tableau == STANDARD else f", under the {tableau.name} tableau"


# -- the bet's table (bacc-edge report) ---------------------------------------------------
def bet_rows(result: BetResult, *, digits: int = 3, exact: bool = False):
    """(headers, rows) for one bet, laid out like a rule sheet: event, hit rate, pays,
    return, with the player net last."""
    headers = ["Event", "Hit rate", "Pays", "Return"]
    if exact:
        headers += ["Combinations", "Probability (exact)", "Return (exact)"]
    rows = []
    for e in result.events:
        row = [e.label, percentage(e.probability, digits), e.pays.text,
               percentage(e.ret, digits)]
        if exact:
            row += [e.combinations, fraction(e.probability), fraction(e.ret)]
        rows.append(row)
    net = ["Player net", percentage(Fraction(1), digits), "", percentage(result.ev, digits)]
    if exact:
        net += [result.total, "1", fraction(result.ev)]
    rows.append(net)
    return headers, rows


def bet_title(result: BetResult, *, digits: int = 3, exact: bool = False) -> str:
    edge = f"house edge {percentage(result.edge, digits)}"
    if exact:
        edge += f" = {fraction(result.edge)}"
    closes = f", closes after round {result.bet.max_round}" if result.bet.max_round else ""
    return f"{result.name} — {result.shoe}{under(result.tableau)}: {edge}{closes}"


def bet_stats(result: BetResult, *, digits: int = 3) -> str:
    """The line under a bet's table: volatility, how often it wins, pushes left out."""
    parts = [f"SD {result.sd:.{digits}f} per unit", f"variance {float(result.variance):.{digits}f}",
             f"wins {percentage(result.hit_frequency, digits)} of coups"]
    if result.always_pushes:
        parts.append("always pushes, so no bet resolves: edge per resolved bet undefined")
    elif result.edge_per_resolved_bet is not None:
        parts.append(f"edge per resolved bet {percentage(result.edge_per_resolved_bet, digits)}")
    return "; ".join(parts)


def shoe_json(shoe: Shoe) -> dict:
    return {**shoe.describe(), "coups": shoe.coups}


def bet_json(result: BetResult) -> dict:
    """One bet as the ``--fmt json`` object lists it."""
    return {
        "file": result.file,
        "name": result.name,
        "events": [{
            "label": e.label,
            "pays": float(e.pays.net),
            "pays_text": e.pays.text,
            "otherwise": e.otherwise,
            "combinations": e.combinations,
            "probability": float(e.probability),
            "probability_exact": fraction(e.probability),
            "return": float(e.ret),
        } for e in result.events],
        "edge": float(result.edge),
        "edge_exact": fraction(result.edge),
        "variance": float(result.variance),
        "variance_exact": fraction(result.variance),
        "sd": result.sd,
        "hit_frequency": float(result.hit_frequency),
        "push_probability": float(result.push_probability),
        "edge_per_resolved_bet": (None if result.edge_per_resolved_bet is None
                                  else float(result.edge_per_resolved_bet)),
        "total": result.total,
        "max_round": result.bet.max_round,
        "warnings": list(result.warnings),
        "tableau": result.tableau.describe(),
        "counted": result.counted or None,
    }


def report_output(results: Sequence[BetResult], shoe: Shoe, fmt: str, *, digits: int = 3,
                  exact: bool = False) -> str:
    """Every bet's table: one JSON object, one CSV table, or the shoe then a titled
    table per bet."""
    if fmt == "json":
        return to_json({"shoe": shoe_json(shoe), "bets": [bet_json(r) for r in results]})
    if fmt == "csv":
        headers = [*EVENT_CSV, *(EXACT_CSV if exact else ())]
        return csv_records([event_record(r, e) for r in results for e in r.events], headers)
    parts = [prose(f"Shoe: {shoe}", fmt) + "\n"]
    for r in results:
        headers, rows = bet_rows(r, digits=digits, exact=exact)
        parts += [f"\n{prose(bet_title(r, digits=digits, exact=exact), fmt)}\n",
                  below(table(rows, headers, fmt), prose(bet_stats(r, digits=digits), fmt))]
    return "".join(parts)


#: The columns of ``--fmt csv``: one row per line of a bet's table (the player net is
#: the sum of ``return``); ``--exact`` adds the exact fractions.
EVENT_CSV = ("file", "bet", "event", "otherwise", "pays", "pays_text", "combinations",
             "probability", "return")
EXACT_CSV = ("probability_exact", "return_exact")


def event_record(result: BetResult, e: EventResult) -> dict:
    """One line of a bet's table as a CSV record: names as in the JSON, numbers as
    fractions of the stake."""
    return {"file": result.file, "bet": result.name, "event": e.label,
            "otherwise": e.otherwise, "pays": float(e.pays.net), "pays_text": e.pays.text,
            "combinations": e.combinations, "probability": float(e.probability),
            "return": float(e.ret), "probability_exact": e.probability,
            "return_exact": e.ret}


# -- printed figures (bacc-edge --check) ----------------------------------------------
def check_rows(checks: Sequence[FigureCheck]):
    headers = ["Bet", "Figure", "Printed", "Computed", "Difference", "Status", "Sheet"]
    rows = []
    for c in checks:
        digits = len(c.printed.text.split(".")[1].rstrip("%")) + 3 if "." in c.printed.text else 3
        what = c.measure if c.label is None else f"{c.measure}: {c.label}" if c.bet else c.label
        computed, difference = (
            (f"{int(c.computed):,}", f"{int(c.difference):+,}")
            if c.measure is Measure.COMBINATIONS else
            (percentage(c.computed, digits),
             percentage(c.difference, digits, sign=True, mark=False)))
        rows.append([c.bet or "(whole sheet)", str(what), c.printed.text, computed, difference,
                     str(c.status), c.sheet])
    return headers, rows


def check_json(c: FigureCheck) -> dict:
    """One printed figure beside the computed one: ``printed`` as the sheet has it,
    ``printed_value`` and the rest as fractions of the stake."""
    return {
        "file": c.file, "bet": c.bet, "kind": c.measure.value, "label": c.label,
        "printed": c.printed.text, "printed_value": float(c.printed.value),
        "computed": float(c.computed), "difference": float(c.difference),
        "tolerance": float(c.printed.tolerance), "status": c.status.value, "sheet": c.sheet,
        "finding": c.finding, "tableau": c.tableau.describe(),
    }


#: The columns of ``--check --fmt csv``: the JSON's keys, the tableau by name.
CHECK_CSV = ("file", "bet", "kind", "label", "printed", "printed_value", "computed",
             "difference", "tolerance", "status", "sheet", "finding", "tableau")


def check_summary(checks: Sequence[FigureCheck]) -> dict:
    """How many figures there are and how each came out; ``passed`` is the exit code's
    verdict (no mismatch, no stale finding)."""
    count = {status: sum(c.status is status for c in checks) for status in CheckStatus}
    return {"figures": len(checks),
            "reproduced": count[CheckStatus.OK] + count[CheckStatus.STALE_FINDING],
            "findings": count[CheckStatus.FINDING],
            "mismatches": count[CheckStatus.MISMATCH],
            "stale_findings": count[CheckStatus.STALE_FINDING],
            "passed": all(c.passed for c in checks)}


def checks_output(checks: Sequence[FigureCheck], fmt: str) -> str:
    """The printed figures beside the computed ones: one JSON object (the summary
    inside), CSV rows, or a table followed by each finding in words."""
    if fmt == "json":
        return to_json({"checks": [check_json(c) for c in checks],
                        "summary": check_summary(checks)})
    if fmt == "csv":
        return csv_records([{**check_json(c), "tableau": c.tableau.name} for c in checks],
                           CHECK_CSV)
    headers, rows = check_rows(checks)
    findings = ["\n" + prose(f"{c.status}: {c.bet or c.file}: {c.label or c.measure}: "
                             f"{c.finding}", fmt) + "\n"
                for c in checks if c.finding]
    return table(rows, headers, fmt, keys=2) + "".join(findings)


def checks_verdict(checks: Sequence[FigureCheck], fmt: str) -> str:
    """The line after the checks, counting what it says: "39 of 41 printed figures
    reproduced, 2 findings (see …)", then any that fail."""
    n = check_summary(checks)
    where = {"json": "each check's finding", "csv": "the finding column"}.get(fmt, "above")
    parts = [f"{n['reproduced']} of {n['figures']} printed figures reproduced"]
    if n["findings"]:
        parts.append(f"{n['findings']} finding{'s' * (n['findings'] != 1)}, not reproduced "
                     f"for a reason the paytable records (see {where})")
    if n["mismatches"]:
        parts.append(f"{n['mismatches']} MISMATCH{'ES' * (n['mismatches'] != 1)}")
    if n["stale_findings"]:
        parts.append(f"{n['stale_findings']} STALE FINDING{'S' * (n['stale_findings'] != 1)} "
                     f"(reproduced after all: drop the finding)")
    return ", ".join(parts)


# -- effects of removal (bacc-edge eor) -----------------------------------------------
def eor_rows(fx: RemovalEffects, count: LinearCount | None, *, digits: int = 4,
             exact: bool = False):
    """(headers, rows): per rank, the cards in the shoe, the effect and the count tag."""
    headers = ["Rank", "Cards", "Effect of removal (% of stake)", "Tag"]
    if exact:
        headers.append("Effect (exact, per unit)")
    rows = []
    for rank, effect in fx.by_rank.items():
        tag = "" if count is None else f"{count.tags[rank]:+d}"
        row = [rank, fx.rank_counts[rank], percentage(effect, digits, sign=True, mark=False), tag]
        rows.append(row + [fraction(effect)] if exact else row)
    return headers, rows


def eor_card_rows(fx: RemovalEffects, *, digits: int = 4):
    """(headers, rows): the effects by rank (rows) and suit (columns)."""
    headers = ["Rank", *SUITS]
    rows = []
    for rank in fx.by_rank:
        row = [rank]
        for suit in SUITS:
            effect = fx.by_card.get(rank + suit)
            row.append("" if effect is None
                       else percentage(effect, digits, sign=True, mark=False))
        rows.append(row)
    return headers, rows


def eor_summary(fx: RemovalEffects, count: LinearCount | None) -> list[str]:
    """The sum check and the count, in words."""
    lines = [f"sum over the shoe's {fx.shoe.cards} cards of their effects: "
             f"{fraction(fx.sum_check)} (exact; dealing an unseen card changes nothing on average)"]
    if count is None:
        lines.append("no linear count: every rank's removal moves this bet alike, so the "
                     "first-order effects are all zero" if not any(fx.by_rank.values()) else
                     "no linear count: the ranks' effects differ too little for a count of "
                     "whole tags to tell them apart (every tag rounds to 0)")
        return lines
    tags = " ".join(f"{r}{t:+d}" for r, t in count.tags.items())
    balance = ("balanced" if count.balanced
               else f"unbalanced: the tags of a full shoe sum to {count.imbalance:+d}")
    lines.append(f"level-{count.level} count: {tags}; {balance}; "
                 f"betting correlation {count.betting_correlation:.3f}")
    if count.positive_at_true_count is not None:
        lines.append(f"first-order estimate: the bet favours the player from a true count of "
                     f"{count.positive_at_true_count:+.1f} (running count per 52 cards left; "
                     f"{percentage(count.slope_per_true_count, 4, sign=True)} of stake per "
                     f"unit of true count)")
    elif count.balanced:
        lines.append("the count's slope is not positive: no true count makes the bet favourable")
    return lines


def eor_title(fx: RemovalEffects) -> str:
    """The line above a bet's effects: its name and house edge on the shoe."""
    return f"{fx.bet.name} — house edge {percentage(-fx.ev, 3)}{under(fx.tableau)}"


def eor_json(fx: RemovalEffects, count: LinearCount | None) -> dict:
    return {
        "name": fx.bet.name,
        "ev": float(fx.ev),
        "eor": {r: float(e) for r, e in fx.by_rank.items()},
        "eor_exact": {r: fraction(e) for r, e in fx.by_rank.items()},
        "eor_by_card": None if fx.by_card is None else {k: float(e) for k, e in fx.by_card.items()},
        "sum_check": fraction(fx.sum_check),
        "count": None if count is None else {
            "tags": count.tags, "level": count.level,
            "betting_correlation": count.betting_correlation, "imbalance": count.imbalance,
            "slope_per_true_count": count.slope_per_true_count,
            "positive_at_true_count": count.positive_at_true_count,
        },
        "tableau": fx.tableau.describe(),
    }


def eor_records(effects: Sequence[RemovalEffects], counts: Sequence[LinearCount | None]
                ) -> list[dict]:
    """One record per bet and rank: what ``eor --fmt csv`` writes (effects as fractions
    of the stake)."""
    return [{"bet": fx.bet.name, "rank": rank, "cards": fx.rank_counts[rank],
             "effect": float(effect), "effect_exact": effect,
             "tag": None if count is None else count.tags[rank],
             "house_edge": float(-fx.ev)}
            for fx, count in zip(effects, counts) for rank, effect in fx.by_rank.items()]


EOR_CSV = ("bet", "rank", "cards", "effect", "effect_exact", "tag", "house_edge")


def eor_output(effects: Sequence[RemovalEffects], counts: Sequence[LinearCount | None],
               shoe: Shoe, fmt: str, *, digits: int = 4, exact: bool = False) -> str:
    """Per bet: the effects by rank (and by suit), the sum check and the count. CSV:
    one header, one row per bet and rank; JSON: one object."""
    if fmt == "json":
        return to_json({"shoe": shoe_json(shoe),
                        "bets": [eor_json(fx, c) for fx, c in zip(effects, counts)]})
    if fmt == "csv":
        return csv_records(eor_records(effects, counts), EOR_CSV)
    parts = [prose(f"Shoe: {shoe}", fmt) + "\n"]
    for fx, count in zip(effects, counts):
        parts.append("\n" + prose(eor_title(fx), fmt) + "\n")
        headers, rows = eor_rows(fx, count, digits=digits, exact=exact)
        parts.append(table(rows, headers, fmt) + "\n")
        if fx.by_card is not None:
            headers, rows = eor_card_rows(fx, digits=digits)
            parts += ["by suit:\n", table(rows, headers, fmt) + "\n"]
        parts += [prose(line, fmt) + "\n" for line in eor_summary(fx, count)]
    return "".join(parts)


# -- commission rounding (bacc-edge commission) -----------------------------------------
def money(amount: Fraction) -> int | float:
    """An amount of money as a JSON or CSV number: whole amounts exactly as integers (a
    31-digit stake stays its 31 digits, never ``1e+30``), others as the nearest float
    (their ``…_exact`` twin keeps them exact)."""
    return int(amount) if amount.denominator == 1 else float(amount)


def commission_record(c: CommissionEdge, exact=fraction) -> dict:
    """One stake's line: amounts in the units of the stake, edges as fractions of it;
    the ``…_exact`` values through ``exact`` (a fraction's text for the JSON; the CSV
    keeps the Fraction, a number to :func:`csv_cell`)."""
    return {"stake": money(c.stake), "commission": money(c.commission),
            "net_win": money(c.net_win), "nominal_edge": float(c.nominal_edge),
            "edge": float(c.edge), "stake_exact": exact(c.stake),
            "commission_exact": exact(c.commission), "edge_exact": exact(c.edge),
            "nominal_edge_exact": exact(c.nominal_edge)}


def commission_output(edges: Sequence[CommissionEdge], shoe: Shoe, fmt: str,
                      tableau: Tableau = STANDARD) -> str:
    """Per stake: the commission taken on a win, the net win, and the edge at exactly
    the rate beside the real one. The JSON and CSV name the rate ``rate`` (a fraction of
    the win) and the chip ``chip``; the CSV repeats them on every row."""
    chip, rate = edges[0].chip, edges[0].rate
    if fmt == "json":
        return to_json({"shoe": shoe_json(shoe), "chip": money(chip), "rate": float(rate),
                        "commission_step": money(chip * CHIP_SHARE),
                        "tableau": tableau.describe(),
                        "bets": [commission_record(c) for c in edges]})
    if fmt == "csv":
        records = [{"chip": money(chip), "rate": float(rate), **commission_record(c, Fraction)}
                   for c in edges]
        return csv_records(records, list(records[0]))
    headers = ["Stake", "Commission on a win", "Net win",
               f"Edge at exactly {decimal(rate * 100)}%", "Real edge"]
    rows = [[decimal(c.stake), amount(c.commission), amount(c.net_win),
             percentage(c.nominal_edge, 4), percentage(c.edge, 4)] for c in edges]
    return (prose(f"Shoe: {shoe}{under(tableau)}; lowest chip {decimal(chip)}, commission "
                  f"rounded up to {chip * CHIP_SHARE}", fmt) + "\n" + table(rows, headers, fmt))


# -- shoe depth and count studies (bacc-edge depth) ---------------------------------------

def depth_player_label(p) -> str:
    if p.group is not None:  # a group's name says its cutoff
        return p.player
    return p.player + ("" if p.cutoff is None else f", closes after round {p.cutoff}")


def depth_rows(summary, *, digits: int = 3):
    """(headers, rows): per bet and player, the study's figures with 95% intervals."""
    headers = ["Bet", "Player", "Bets on", "Average edge when betting", "Units per shoe",
               "Units per 100 rounds", "Desirability index", "Betting correlation",
               "Shoes won / lost"]
    rows = []
    for bet in summary.bets:
        for p in bet.players:
            rows.append([bet.name, depth_player_label(p),
                         depth_interval_text(p.bet_frequency, 2, percent=True),
                         depth_interval_text(p.average_edge, 2, percent=True),
                         depth_interval_text(p.units_per_shoe, digits),
                         depth_interval_text(p.units_per_100_rounds, digits),
                         depth_interval_text(p.desirability_index, 2),
                         "" if p.betting_correlation is None else f"{p.betting_correlation:.3f}",
                         f"{p.shoes_won} / {p.shoes_lost} of {summary.shoes}"])
    return headers, rows


def _measure_text(value: float, digits: int) -> str:
    """A bankroll measure: ``∞`` for an unbounded one (no bankroll suffices)."""
    return "∞" if value == float("inf") else f"{value:.{digits}f}"


def depth_bankroll_rows(summary):
    """(headers, rows): per bet and player (and each row across bets), the desirability
    index both ways and the bankroll measures, at the run's bankroll settings."""
    at = summary.bankroll
    headers = ["Bet", "Player", "DI (SD of the bets placed)", "DI (SD off the top, as "
               "studies print it)", "SCORE", "Kelly fraction",
               f"Risk of ruin, {at.units:g} units", f"Bankroll for {at.risk:.0%} ruin",
               "Units per 100 rounds (SD)", "Units per shoe (SD)",
               f"Units per hour of {at.rounds_per_hour:g} rounds (SD)", "Units a bet"]
    rows = []
    every = [(bet.name, p) for bet in summary.bets for p in bet.players]
    every += [("", p) for p in summary.across_bets]
    for name, p in every:
        m = p.bankroll
        if m is None:
            continue
        stretch = {x.per: x for x in m.stretches}
        rows.append([name, depth_player_label(p),
                     depth_interval_text(p.desirability_index, 2),
                     depth_interval_text(p.desirability_index_off_the_top, 2),
                     f"{m.score.value:.2f}", f"{m.kelly_fraction.value:.5f}",
                     percentage(m.risk_of_ruin.value, 2),
                     _measure_text(m.bankroll.value, 0),
                     *(f"{stretch[k].win.value:.3f} ({stretch[k].sd:.2f})"
                       for k in ("100 rounds", "shoe", "hour")),
                     "" if p.units_per_bet is None else f"{p.units_per_bet:.2f}"])
    return headers, rows


def depth_across_rows(summary, *, digits: int = 3):
    """(headers, rows): each count over its several bets, each team's players and each
    team, their bets added up round by round."""
    headers = ["Players", "Kind", "Bets on", "Average edge when betting", "Units per shoe",
               "Units per 100 rounds", "Desirability index", "Shoes won / lost"]
    rows = [[p.player, p.group, depth_interval_text(p.bet_frequency, 2, percent=True),
             depth_interval_text(p.average_edge, 2, percent=True),
             depth_interval_text(p.units_per_shoe, digits),
             depth_interval_text(p.units_per_100_rounds, digits),
             depth_interval_text(p.desirability_index, 2),
             f"{p.shoes_won} / {p.shoes_lost} of {summary.shoes}"]
            for p in summary.across_bets]
    return headers, rows


def depth_round_rows(summary, width: int = 10):
    """(headers, rows): per bet, the share of rounds favouring the player, by rounds of
    the shoe in bins of ``width`` (depth runs)."""
    last = max((r.round for bet in summary.bets for r in bet.by_round), default=0)
    bins = [(lo, min(lo + width - 1, last)) for lo in range(1, last + 1, width)]
    headers = ["Bet", *[f"{lo}-{hi}" for lo, hi in bins]]
    rows = []
    for bet in summary.bets:
        row = [bet.name]
        for lo, hi in bins:
            inside = [r for r in bet.by_round if lo <= r.round <= hi]
            shoes = sum(r.shoes for r in inside)
            share = sum(r.favourable * r.shoes for r in inside) / shoes if shoes else 0
            row.append(percentage(share, 1))
        rows.append(row)
    return headers, rows


def shoes_dealt(deal, shoes: int) -> str:
    """``shoes`` shoes dealt by ``deal`` (a :class:`~bacc_edge.game.dealing.DealRules`), in
    words: "400 shoes of 8 decks, cut card 14 from the end" (and the one-more rule)."""
    end = "" if deal.end.value == "at-cut" else ", one more coup after the cut card"
    return (f"{plural(shoes, 'shoe')} of {plural(deal.decks, 'deck')}, cut card {deal.cut} "
            f"from the end{end}")


def depth_title(spec: DepthSpec, shoes: int) -> str:
    """What the run dealt, as the title of its table and its picture."""
    return f"{Path(spec.filename).name}: {shoes_dealt(spec.deal, shoes)}{under(spec.tableau)}"


#: The unit each published figure of a count study is shown in, and its scale from the
#: run's figures (shares are fractions there, percentages here).
STUDY_UNITS = {"bet_frequency": ("% of rounds", 100), "average_edge": ("% of the bet", 100),
               "units_per_shoe": ("units", 1), "units_per_100_rounds": ("units", 1),
               "rounds_per_shoe": ("rounds", 1), "desirability_index": ("index", 1),
               "desirability_index_off_the_top": ("index", 1),
               "betting_correlation": ("correlation", 1)}


def depth_check_rows(summary):
    """(headers, rows, findings): each published figure beside this run's, both in the
    unit its row names (one unit to a row, never a percentage beside a fraction); a row
    a finding explains says ``finding [n]``, the finding's words the n-th of
    ``findings`` (prose for under the table, never in a cell)."""
    headers = ["Count", "Bet", "Figure", "Unit", "Published", "This run (95% interval)",
               "Status"]
    rows, findings = [], []
    for c in summary.checks:
        unit, k = STUDY_UNITS[c.measure.value]
        printed = c.printed.strip()
        published = (printed[:-1].strip() if printed.endswith("%") and k == 100
                     else printed if not printed.endswith("%") and k == 1
                     else f"{c.published * k:g}")
        run = ""
        if c.interval is not None:
            digits = 2 if k == 100 else 4
            v, lo, hi = (x * k for x in (c.interval.value, c.interval.low, c.interval.high))
            run = f"{v:.{digits}f} ({lo:.{digits}f} to {hi:.{digits}f})"
        elif c.exact is not None:  # no interval: computed exactly, not measured
            run = f"{c.exact:.4f} (exact)"
        status = str(c.status)
        if c.finding and c.status is StudyStatus.FINDING:
            if c.finding not in findings:
                findings.append(c.finding)
            status += f" [{findings.index(c.finding) + 1}]"
        rows.append([c.count, c.bet, c.measure.value.replace("_", " "), unit, published, run,
                     status])
    return headers, rows, findings


def depth_json(spec: DepthSpec, shoes: int, summary) -> dict:
    """The whole run as one JSON object; fractions of the stake, snake_case keys."""
    return {
        "paytable": spec.filename,
        "tableau": spec.tableau.describe(),
        "deal": spec.deal.describe(),
        "seed": spec.seed,
        "shoes": shoes,
        "engine": "depth" if spec.exact_every_round else "count",
        "method": "exact" if spec.exact else "outcome",
        # only where set: an unscreened run's JSON is as it was
        **({"screened": True} if spec.screened else {}),
        "rounds_per_shoe": summary.rounds_per_shoe.as_json(),
        "counts": [c.describe() for c in spec.counts],
        "with_main": None if spec.with_main is None else spec.with_main.describe(),
        "bankroll": summary.bankroll.describe(),
        "bets": [bet.as_json() | ({"verdict": verdict(bet)} if bet.at_cut_cards else {})
                 for bet in summary.bets],
        "across_bets": [p.as_json() for p in summary.across_bets],
        "checks": [{"count": c.count, "bet": c.bet, "measure": c.measure.value,
                    "printed": c.printed, "published": c.published,
                    "interval": None if c.interval is None else c.interval.as_json(),
                    "exact": c.exact,
                    "status": c.status, "finding": c.finding} for c in summary.checks],
    }


#: The bankroll measures ``depth --fmt csv`` adds, each with its interval.
BANKROLL_CSV = ("kelly_fraction", "score", "risk_of_ruin", "bankroll")
#: The stretches of play whose win and SD ``depth --fmt csv`` adds.
STRETCH_CSV = {"round": "per_round", "100 rounds": "per_100_rounds", "shoe": "per_shoe",
               "hour": "per_hour"}

#: ``depth --fmt csv``: one row per bet and player (then each row across bets, its bet
#: empty). The columns after ``shoes_lost`` were added with the bankroll measures.
DEPTH_CSV = ["bet", "player", "cutoff", "method", "shoes", "rounds_per_shoe"] + [
    f"{name}{suffix}" for name in ("bet_frequency", "average_edge", "units_per_shoe",
                                   "units_per_100_rounds", "desirability_index")
    for suffix in ("", "_low", "_high")] + [
    "betting_correlation", "bets_per_shoe", "shoes_betting", "shoes_with_a_gain",
    "shoes_won", "shoes_lost"] + [
    f"desirability_index_off_the_top{suffix}" for suffix in ("", "_low", "_high")] + [
    f"{name}{suffix}" for name in BANKROLL_CSV for suffix in ("", "_low", "_high")] + [
    f"{kind}_{per}" for per in STRETCH_CSV.values() for kind in ("win", "sd")] + [
    "bankroll_units", "target_risk_of_ruin", "rounds_per_hour", "units_per_bet", "group",
    "team"]


def _interval_columns(record: dict, name: str, interval) -> None:
    record[name] = None if interval is None else interval.value
    record[name + "_low"] = None if interval is None else interval.low
    record[name + "_high"] = None if interval is None else interval.high


def _player_record(bet: str, p, summary, rounds_per_shoe: float) -> dict:
    """One row of ``depth --fmt csv``: a player on ``bet`` (DEPTH_CSV's columns)."""
    record = {"bet": bet, "player": p.player, "cutoff": p.cutoff,
              "method": p.method, "shoes": summary.shoes,
              "rounds_per_shoe": rounds_per_shoe,
              "betting_correlation": p.betting_correlation,
              "bets_per_shoe": p.bets_per_shoe, "shoes_betting": p.shoes_betting,
              "shoes_with_a_gain": p.shoes_with_a_gain,
              "shoes_won": p.shoes_won, "shoes_lost": p.shoes_lost,
              "units_per_bet": p.units_per_bet, "group": p.group, "team": p.team,
              **{k: v for k, v in zip(("bankroll_units", "target_risk_of_ruin",
                                       "rounds_per_hour"),
                                      summary.bankroll.describe().values())}}
    for column in ("bet_frequency", "average_edge", "units_per_shoe",
                   "units_per_100_rounds", "desirability_index",
                   "desirability_index_off_the_top"):
        _interval_columns(record, column, getattr(p, column))
    m = p.bankroll
    for column in BANKROLL_CSV:
        _interval_columns(record, column, None if m is None else getattr(m, column))
    for stretch in (m.stretches if m is not None else ()):
        record[f"win_{STRETCH_CSV[stretch.per]}"] = stretch.win.value
        record[f"sd_{STRETCH_CSV[stretch.per]}"] = stretch.sd
    return record


#: ``depth --cuts … --fmt csv`` adds these columns: the rows above have no cut card (they
#: are the run's, at its nearest); then per bet, its perfect player and own count at each
#: cut card, the bet's verdict on each.
CUT_CARD_CSV = ["cut_card", "verdict"]


def depth_records(spec: DepthSpec, summary) -> list[dict]:
    every = [(bet.name, p) for bet in summary.bets for p in bet.players]
    every += [("", p) for p in summary.across_bets]
    out = [_player_record(name, p, summary, summary.rounds_per_shoe.value)
           for name, p in every]
    if spec.cuts:
        for record in out:
            record.update(cut_card=None, verdict=None)
        for bet in (b for b in summary.bets if b.at_cut_cards):
            said = verdict(bet)
            for at in bet.at_cut_cards:
                for p in (at.perfect_player, at.count):
                    if p is not None:
                        out.append(_player_record(bet.name, p, summary,
                                                  at.rounds_per_shoe.value)
                                   | {"cut_card": at.cut, "verdict": said})
    return out


def depth_output(spec: DepthSpec, shoes: int, summary, fmt: str) -> str:
    """What stdout gets: the players per bet (then, for depth runs, the share of
    favourable rounds by round, and any published figures checked); CSV is one table,
    JSON one object."""
    if fmt == "json":
        return to_json(depth_json(spec, shoes, summary))
    if fmt == "csv":
        return csv_records(depth_records(spec, summary),
                           DEPTH_CSV + (CUT_CARD_CSV if spec.cuts else []))
    headers, rows = depth_rows(summary)
    parts = [prose(f"{depth_title(spec, shoes)}, seed {spec.seed}; rounds per shoe "
                   f"{depth_interval_text(summary.rounds_per_shoe, 2)}", fmt) + "\n",
             table(rows, headers, fmt, keys=2)]
    if summary.across_bets:
        across_headers, across_rows = depth_across_rows(summary)
        parts += ["\nPlayers across bets (their bets added up round by round):\n",
                  table(across_rows, across_headers, fmt, keys=2)]
    bankroll_headers, bankroll_rows = depth_bankroll_rows(summary)
    if bankroll_rows:
        parts += ["\nDesirability and bankroll:\n",
                  table(bankroll_rows, bankroll_headers, fmt, keys=2)]
    if spec.exact_every_round:
        round_headers, round_rows = depth_round_rows(summary)
        parts += ["\nRounds favouring the player, by round of the shoe:\n",
                  table(round_rows, round_headers, fmt)]
    if summary.checks:
        check_headers, check_rows_, findings = depth_check_rows(summary)
        checked = table(check_rows_, check_headers, fmt, keys=2)
        if findings:
            checked = below(checked, "\n".join(prose(f"[{n}] {finding}", fmt)
                                                for n, finding in enumerate(findings, 1)))
        parts += ["\nPublished figures:\n", checked]
    for bet in (b for b in summary.bets if b.at_cut_cards):
        parts += ["\n" + prose(cut_card_title(bet), fmt) + "\n",
                  table(cut_card_rows(bet), CUT_CARD_HEADERS, fmt, keys=3),
                  prose(verdict(bet), fmt) + "\n"]
    return "".join(parts)


def depth_notes(spec: DepthSpec, summary) -> list[str]:
    """The prose that explains the table (for stderr), each line wrapped to WIDTH."""
    method = ("each bet valued exactly on the cards left" if spec.exact
              else "what each coup paid")
    lines = [f"95% intervals. Gains are measured by {method}. The perfect player bets one "
             "unit exactly when the bet favours them (the upper bound); a count player bets "
             "one unit when their count reaches its trigger."]
    if spec.screened:
        lines.append("Screened (--screen): a bet on the cards is counted exactly on every "
                     "round where its lines read only points, cards and hands of one suit "
                     "or colour, else only on the rounds a proven bound of its value cannot "
                     "rule out; every bet, win and favourable round is as without it, the "
                     "mean edge by round is measured only for the bets counted exactly "
                     "every round (null for the others).")
    for c in spec.counts:
        lines.append(f"count {c.name!r}: {c.text()}")
    if spec.cuts:
        cuts = [str(c) for c in spec.cuts]
        listed = cuts[0] if len(cuts) == 1 else f"{', '.join(cuts[:-1])} and {cuts[-1]}"
        lines.append(f"At each cut card (cards behind it: {listed}): the same shoes, each ended where "
                     f"that cut card ends it (the value of a bet before a coup does not "
                     f"depend on where the cut card lies, only whether the coup is dealt); "
                     f"the perfect player and the bet's own count, within the bet's cutoff. "
                     f"A count is countable at a cut card where its 95% interval of units a "
                     f"shoe lies above zero; the JSON gives every figure's interval.")
    if spec.with_main is not None:
        lines.append(f"the table takes a side bet only {spec.with_main.text()}: each player "
                     f"is shown without it and with it ({spec.with_main.name!r} beside each "
                     f"side bet)")
    if summary.bankroll is not None and any(p.bankroll for b in summary.bets
                                            for p in b.players):
        at = summary.bankroll
        lines.append(
            "Desirability and bankroll, per round dealt (μ: mean win, σ: its SD, rounds "
            "without a bet 0): DI = 1000·μ/σ; as studies print it, 1000·μ/(the bet's SD "
            "off the top × √bet frequency); SCORE = 10⁶·μ²/σ² (the win per 100 rounds at "
            "full Kelly with a bankroll of 10,000); Kelly fraction μ/σ²; risk of ruin "
            f"exp(-2μB/σ²) for B = {at.units:g} units; the bankroll for {at.risk:.0%} "
            f"ruin σ²·ln(1/{at.risk:g})/(2μ); the win per stretch N·μ with SD √N·σ (a "
            f"shoe's measured from the shoes), {at.rounds_per_hour:g} rounds an hour.")
    return [wrapped(line) for line in lines]
