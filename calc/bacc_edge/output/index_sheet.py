"""Index sheets (``bacc-edge index``) as a person and a script read them: text tables, CSV,
JSON, and a printable HTML sheet a player could carry.

The HTML is one self-contained file: its style inline, a print stylesheet (small type,
no page break inside a bet's table), no script, nothing fetched.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Sequence

from ..analysis.card_counting import DepthBy
from ..depth.index import IndexRow, IndexSheet, IndexStatus
from ..game.cards import RANKS
from ..util.safe_write import write_output
from .formats import csv_records, prose, table, to_json, wrapped
from .render import shoes_dealt


def _depth_label(sheet: IndexSheet) -> str:
    return "Cards seen" if sheet.by is DepthBy.CARDS else "Rounds"


def _index_text(row: IndexRow, *, true: bool = False) -> str:
    """The index as a sheet prints it: ``+12`` (``+6.2`` true), ``≤ -3`` when every
    count dealt favours the bet, ``none to +31`` when none does."""
    if row.status is IndexStatus.NEVER:
        return f"none to {row.highest:+d}"
    value = f"{row.true:+.1f}" if true else f"{row.running:+d}"
    return ("≤ " if row.status is IndexStatus.ALWAYS else "") + value


def _estimate(value: float | None, digits: int) -> str:
    return "" if value is None else f"{value:+.{digits}f}"


def sheet_title(sheet: IndexSheet) -> str:
    """What the sheet is of, and how its shoes were dealt."""
    return (f"{Path(sheet.paytable).name}, count {sheet.count.name!r}: "
            f"{shoes_dealt(sheet.deal, sheet.shoes)}, seed {sheet.seed}")


def index_rows(sheet: IndexSheet, bet: str):
    """(headers, rows) of one bet's sheet."""
    headers = [_depth_label(sheet), "Decks left", "Bet from running count", "True count",
               "Rounds at the index", "Rounds", "First-order running", "First-order true"]
    rows = [[f"{r.start}-{r.end}", f"{r.decks_left:.2f}", _index_text(r),
             "" if r.status is IndexStatus.NEVER else _index_text(r, true=True),
             r.rounds_at_index, r.rounds, _estimate(r.first_order_running, 1),
             _estimate(r.first_order_true, 2)]
            for r in sheet.rows if r.bet == bet]
    return headers, rows


def _count_line(sheet: IndexSheet) -> str:
    count = sheet.count
    tags = " ".join(f"{r}{t:+d}" for r, t in zip(RANKS, count.tags) if t)
    start = f", starts at {count.initial:+d}" if count.initial else ""
    shown = "the shown first card counted" if count.exposed_card else \
        "the shown first card not counted"
    divisor = "unseen cards" if count.divisor.value == "unseen" else "cards in the shoe"
    return (f"tags {tags}{start}; {shown}; true count per deck of {divisor}, "
            f"{count.rounding.value} decks")


def index_notes(sheets: Sequence[IndexSheet]) -> list[str]:
    """The prose under the tables (for stderr), wrapped to WIDTH: how the index is found,
    and each bet's indexes as a --trigger table."""
    lines = ["Index: the least running count whose mean exact value (each round valued on "
             "the cards not seen, fitted increasing over the running counts, each weighted "
             "by its rounds) is above zero; 'Rounds at the index': the rounds of the fitted "
             "step it lies in. True count: the running count over the bucket's mean decks "
             "left. First-order: from the effects of removal off the top."]
    if any(r.first_order_running is None for s in sheets for r in s.rows):
        lines[0] += (" A blank first-order column: the count's tags do not rise with the "
                     "bet's effects of removal, so no first-order count makes it break even.")
    for sheet in sheets:
        for bet in sheet.bets:
            text = sheet.trigger_text(bet)
            if text:
                # the options on a line of their own, the value after an = sign: a long
                # one breaks inside its quotes, where a shell reads the break as a space
                lines.append(f"{bet}, count {sheet.count.name!r}, as a trigger:\n"
                             f"--trigger-on running --trigger='{text}'")
    return [wrapped(line) for line in lines]


#: ``index --fmt csv``: one row per count, bet and depth bucket.
INDEX_CSV = ["count", "bet", "by", "start", "end", "rounds", "decks_left", "lowest",
             "highest", "status", "running", "true", "rounds_at_index", "mean_value",
             "first_order_running", "first_order_true", "decks", "cut", "end_rule", "seed",
             "shoes"]


def index_records(sheets: Sequence[IndexSheet]) -> list[dict]:
    return [{"count": s.count.name, "bet": r.bet, "by": s.by.value, "start": r.start,
             "end": r.end, "rounds": r.rounds, "decks_left": r.decks_left,
             "lowest": r.lowest, "highest": r.highest, "status": r.status.value,
             "running": r.running, "true": r.true, "rounds_at_index": r.rounds_at_index,
             "mean_value": r.mean_value, "first_order_running": r.first_order_running,
             "first_order_true": r.first_order_true, "decks": s.deal.decks,
             "cut": s.deal.cut, "end_rule": s.deal.end.value, "seed": s.seed,
             "shoes": s.shoes}
            for s in sheets for r in s.rows]


def index_json(sheets: Sequence[IndexSheet]) -> dict:
    first = sheets[0]
    return {"paytable": first.paytable, "deal": first.deal.describe(), "seed": first.seed,
            "shoes": first.shoes, "by": first.by.value, "every": first.every,
            "sheets": [{"count": s.count.describe(), "bets": list(s.bets),
                        "triggers": {b: s.trigger_text(b) for b in s.bets},
                        "rows": [{k: v for k, v in record.items()
                                  if k not in ("count", "by", "decks", "cut", "end_rule",
                                               "seed", "shoes")}
                                 for record in index_records([s])]}
                       for s in sheets]}


def index_output(sheets: Sequence[IndexSheet], fmt: str) -> str:
    """What stdout gets: per count and bet, its sheet; CSV one table, JSON one object."""
    if fmt == "json":
        return to_json(index_json(sheets))
    if fmt == "csv":
        return csv_records(index_records(sheets), INDEX_CSV)
    parts = []
    for sheet in sheets:
        parts.append(prose(f"{sheet_title(sheet)}; {_count_line(sheet)}", fmt) + "\n")
        for bet in sheet.bets:
            headers, rows = index_rows(sheet, bet)
            parts += [f"\n{bet}:\n", table(rows, headers, fmt)]
        parts.append("\n")
    return "".join(parts)


_STYLE = """
body { font-family: Helvetica, Arial, sans-serif; margin: 1.5em; color: #111; }
h1 { font-size: 1.3em; margin-bottom: 0.2em; }
h2 { font-size: 1.1em; margin: 1.2em 0 0.3em; }
p { margin: 0.2em 0; font-size: 0.9em; }
table { border-collapse: collapse; margin: 0.4em 0 1em; }
th, td { border: 1px solid #999; padding: 0.15em 0.5em; text-align: right; }
th { background: #eee; }
td.index { font-weight: bold; font-size: 1.1em; }
td.none { color: #777; }
section { page-break-inside: avoid; break-inside: avoid; }
@media print {
  body { margin: 0; font-size: 9pt; }
  h1 { font-size: 11pt; }
  h2 { font-size: 10pt; }
  th, td { padding: 0.05em 0.3em; }
  .notes { font-size: 7pt; }
}
"""


def _cell(text, cls: str = "") -> str:
    attr = f' class="{cls}"' if cls else ""
    return f"<td{attr}>{html.escape(str(text))}</td>"


def index_html(sheets: Sequence[IndexSheet]) -> str:
    """The sheets as one printable HTML page: per count and bet, the running count to
    bet from by depth, the true count beside it, and the rounds behind each figure."""
    body = []
    for sheet in sheets:
        body.append(f"<h1>{html.escape(sheet.count.name)}</h1>")
        body.append(f"<p>{html.escape(_count_line(sheet))}</p>")
        body.append(f"<p>{html.escape(sheet_title(sheet))}</p>")
        for bet in sheet.bets:
            headers, rows = index_rows(sheet, bet)
            cells = []
            for row, record in zip(rows, [r for r in sheet.rows if r.bet == bet]):
                style = "none" if record.status is IndexStatus.NEVER else "index"
                cells.append("<tr>" + "".join(
                    _cell(v, style if i in (2, 3) else "") for i, v in enumerate(row))
                    + "</tr>")
            trigger = sheet.trigger_text(bet)
            body.append(
                f"<section><h2>{html.escape(bet)}</h2><table><thead><tr>"
                + "".join(f"<th>{html.escape(h)}</th>" for h in headers)
                + "</tr></thead><tbody>" + "".join(cells) + "</tbody></table>"
                + (f"<p class=\"notes\">As a trigger: <code>--trigger "
                   f"'{html.escape(trigger)}' --trigger-on running</code></p>"
                   if trigger else "") + "</section>")
    notes = "".join(f"<p class=\"notes\">{html.escape(line)}</p>"
                    for line in index_notes(sheets)[:1])
    title = html.escape(f"Index sheet: {Path(sheets[0].paytable).name}")
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{title}</title><style>{_STYLE}</style></head><body>"
            + "".join(body) + notes + "</body></html>\n")


def write_index_html(sheets: Sequence[IndexSheet], path, *, inputs=()) -> Path:
    """The HTML sheet written to ``path`` through the safe writer (never over an input
    or a .py file)."""
    return write_output(path, index_html(sheets), inputs=inputs)


__all__ = ["INDEX_CSV", "index_html", "index_json", "index_notes", "index_output",
           "index_records", "index_rows", "sheet_title", "write_index_html"]
