"""Results in a notebook: as HTML (what Jupyter shows, ``_repr_html_``) and as a pandas
DataFrame (``to_pandas``). This module is the drawer :mod:`bacc_edge.util.shown` finds
through :mod:`bacc_edge.util.drawer`.

Each kind of result is laid out by the renderer its command uses, with the same rows,
titles and lines (:mod:`bacc_edge.output.render`, :mod:`bacc_edge.output.deck_comparison`,
:mod:`bacc_edge.output.solve`), so a notebook shows the figures the command prints; and
made a DataFrame from the records ``--fmt csv`` writes, so its columns are the CSV's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Sequence

from ..analysis.bet_report import BetResult
from ..analysis.deck_comparison import DeckComparison
from ..analysis.removal_effects import RemovalEffects, linear_count
from ..analysis.solve import Solution
from ..errors import ArgumentError
from ..util.shown import Results
from .deck_comparison import decks_records, decks_rows
from .formats import prose, table
from .render import (EOR_CSV, EVENT_CSV, EXACT_CSV, bet_rows, bet_stats, bet_title,
                     eor_card_rows, eor_records, eor_rows, eor_summary, eor_title,
                     event_record)
from .solve import solution_head, solution_mark, solution_records, solution_rows

if TYPE_CHECKING:
    import pandas

HTML = "html"


def _lines(lines: Sequence[str], fmt: str, tag: str = "p") -> str:
    """Lines of prose: as HTML paragraphs (or another tag), the text escaped; in a text
    format, lines (wrapped as the commands wrap them)."""
    if fmt != HTML:
        return "".join(prose(line, fmt) + "\n" for line in lines)
    return "".join(f"<{tag}>{prose(line, HTML)}</{tag}>\n" for line in lines)


# -- each kind of result: drawn (HTML, or text as print() shows it), and its records -------------------------------
def bets_drawn(results: Sequence[BetResult], fmt: str) -> str:
    """Each bet's table under its title, as ``bacc-edge report`` prints it, with the line
    under it and any warning."""
    parts = []
    for r in results:
        headers, rows = bet_rows(r)
        parts += [_lines([bet_title(r)], fmt, "h4"), table(rows, headers, fmt),
                  _lines([bet_stats(r), *r.warnings], fmt)]
    return "".join(parts)


def bets_records(results: Sequence[BetResult]) -> tuple[list[str], list[dict]]:
    """One record per line of each bet's table: ``report --fmt csv --exact``."""
    return [*EVENT_CSV, *EXACT_CSV], [event_record(r, e) for r in results for e in r.events]


def effects_drawn(effects: Sequence[RemovalEffects], fmt: str) -> str:
    """Each bet's effects by rank (and by suit) with the level-3 count, the sum check
    and the count in words, as ``bacc-edge eor`` prints them."""
    parts = []
    for fx in effects:
        count = linear_count(fx)
        headers, rows = eor_rows(fx, count)
        parts += [_lines([eor_title(fx)], fmt, "h4"), _lines([f"Shoe: {fx.shoe}"], fmt),
                  table(rows, headers, fmt)]
        if fx.by_card is not None:
            headers, rows = eor_card_rows(fx)
            parts += [_lines(["by suit:"], fmt), table(rows, headers, fmt)]
        parts.append(_lines(eor_summary(fx, count), fmt))
    return "".join(parts)


def effects_records(effects: Sequence[RemovalEffects]) -> tuple[list[str], list[dict]]:
    """One record per bet and rank: ``eor --fmt csv``."""
    return list(EOR_CSV), eor_records(effects, [linear_count(fx) for fx in effects])


def decks_drawn(comparisons: Sequence[DeckComparison], fmt: str) -> str:
    """The bets' edge, hit rate and SD on each shoe side by side, as ``report --decks``
    prints them, with a note for each event that never settles a bet on some shoe."""
    headers, rows = decks_rows(comparisons)
    notes = [f"note: {w}" for c in comparisons for r in c.results for w in r.warnings]
    return table(rows, headers, fmt) + _lines(notes, fmt)


def solutions_drawn(solutions: Sequence[Solution], fmt: str) -> str:
    """Each bet's answer in words and its printable pays, as ``bacc-edge solve`` prints
    them."""
    parts = []
    for s in solutions:
        head = solution_head(s)
        headers, rows = solution_rows(s)
        parts += [_lines(head[:1], fmt, "h4"), _lines(head[1:], fmt),
                  table(rows, headers, fmt) if rows
                  else _lines(["no printable pay to list"], fmt),
                  _lines([solution_mark(s)], fmt)]
    return "".join(parts)


Drawn = Callable[[Sequence, str], str]
Records = Callable[[Sequence], tuple[list[str], list[dict]]]
#: each kind of result: how a list of them is drawn, and their table of records
KINDS: dict[type, tuple[Drawn, Records]] = {
    BetResult: (bets_drawn, bets_records),
    RemovalEffects: (effects_drawn, effects_records),
    DeckComparison: (decks_drawn, decks_records),
    Solution: (solutions_drawn, solution_records),
}


# -- the drawer -----------------------------------------------------------------------------
def _kind(shown: object) -> tuple[type | None, list]:
    """The kind of result and the results: a :class:`Results` list's (None for an empty
    one), or one result alone."""
    results = list(shown) if isinstance(shown, Results) else [shown]
    kinds = {type(r) for r in results}
    if len(kinds) > 1 or not kinds <= set(KINDS):
        shown_kinds = ", ".join(kind.__name__ for kind in KINDS)
        given = ", ".join(sorted(kind.__name__ for kind in kinds))
        raise ArgumentError(f"a notebook shows a {shown_kinds}, or a Results list of one "
                            f"kind of them, not {given}")
    return (kinds.pop() if kinds else None), results


def html(shown: object) -> str | None:
    """The HTML a notebook shows for a result or a :class:`Results` list; None for an
    empty list (the notebook shows ``[]``)."""
    kind, results = _kind(shown)
    return None if kind is None else KINDS[kind][0](results, HTML)


#: The table format of a result printed (``print(result)``): the commands' own.
TEXT = "simple"


def text(shown: object) -> str:
    """A result or a :class:`Results` list as ``print()`` shows it: the tables and lines
    the command prints, as text ("[]" for an empty list)."""
    kind, results = _kind(shown)
    return "[]" if kind is None else KINDS[kind][0](results, TEXT).rstrip("\n")


def data_frame(shown: object) -> pandas.DataFrame:
    """A result or a :class:`Results` list as one pandas DataFrame: the records and
    columns ``--fmt csv`` writes (an empty list: an empty DataFrame)."""
    pandas = _pandas()
    kind, results = _kind(shown)
    if kind is None:
        return pandas.DataFrame()
    headers, records = KINDS[kind][1](results)
    return pandas.DataFrame.from_records(records, columns=headers)


def _pandas():
    """The pandas module, or an error saying how to install it."""
    try:
        import pandas
    except ImportError:
        raise ModuleNotFoundError("to_pandas needs pandas, which is not installed: "
                                  "pip install 'bacc-edge[pandas]'", name="pandas") from None
    return pandas


__all__ = ["KINDS", "TEXT", "bets_drawn", "bets_records", "data_frame", "decks_drawn",
           "effects_drawn", "effects_records", "html", "solutions_drawn", "text"]
