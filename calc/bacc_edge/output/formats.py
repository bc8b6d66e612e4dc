"""The output formats, and how each writes a table, a line of prose, a JSON object and
CSV rows: the one place bacc-edge writes JSON and CSV, and escapes the user's text for
HTML, Markdown and spreadsheets. It knows nothing of bets or shoes; the renderers
(:mod:`bacc_edge.output.render`, :mod:`bacc_edge.output.deck_comparison`, :mod:`bacc_edge.output.solve`,
the math report and results/) lay their tables out and hand them here.
"""

from __future__ import annotations

import csv
import html
import io
import json
import math
import re
import textwrap
from typing import Sequence

from tabulate import multiline_formats, tabulate, tabulate_formats

#: Output formats: every tabulate format but "unsafehtml" (HTML that leaves the user's
#: text unescaped; "html" escapes it), CSV, and one JSON object.
FORMATS = sorted(set(tabulate_formats) - {"unsafehtml"} | {"csv", "json"})
#: The formats whose text is HTML, and those whose text is Markdown: every piece of the
#: user's text they print (a bet's name, an event's label, a file name, a finding) is
#: escaped, so that it can neither run as markup nor break a table or a code block.
HTML_FORMATS = frozenset({"html"})
MARKDOWN_FORMATS = frozenset({"github", "pipe"})
#: The formats a person reads as plain text in a terminal (tabulate's that can show a
#: cell on several lines, Markdown's aside): their lines fit :data:`WIDTH` columns.
TEXT_FORMATS = frozenset(multiline_formats) - MARKDOWN_FORMATS
#: The columns a line of text output fits: a terminal's, a code block's on the docs site.
#: Long prose goes under a table, wrapped, never into a cell.
WIDTH = 100


def table(rows, headers, fmt: str, *, keys: int = 1) -> str:
    """One table in a tabulate format, or as CSV; the text ends with a line break.
    Text cells are escaped for the HTML and Markdown formats (tabulate's "html" escapes
    HTML; Markdown cells are escaped here). In the :data:`TEXT_FORMATS` a table wider
    than :data:`WIDTH` has its headers wrapped and, still too wide, is cut into tables of
    fewer columns, each led by the first ``keys`` columns (those that name a row)."""
    if fmt == "csv":
        return csv_text([headers, *rows], lineterminator="\r\n")
    if fmt in MARKDOWN_FORMATS:
        headers = [markdown_cell(h) for h in headers]
        rows = [[markdown_cell(c) if isinstance(c, str) else c for c in row] for row in rows]
    if fmt in TEXT_FORMATS:
        return "\n\n".join(_fitted(rows, headers, fmt, keys)) + "\n"
    return _tabulated(rows, headers, fmt) + "\n"


def _tabulated(rows, headers, fmt: str) -> str:
    return tabulate(rows, headers=headers, tablefmt=fmt, disable_numparse=True)


def _width(text: str) -> int:
    return max((len(line) for line in str(text).split("\n")), default=0)


def _fitted(rows, headers, fmt: str, keys: int) -> list[str]:
    """The table as one text, or several (see :func:`table`), each fitting WIDTH where
    its columns can."""
    whole = _tabulated(rows, headers, fmt)
    if _width(whole) <= WIDTH:
        return [whole]
    headers = [_header_lines(h, max((_width(row[i]) for row in rows), default=0))
               for i, h in enumerate(headers)]
    if any(_width(_columns(rows, headers, fmt, [*range(keys), column])) > WIDTH
           for column in range(keys, len(headers))):  # the names leave too little room
        rows = [[cell(c, KEY_WIDTH, fmt) if i < keys and isinstance(c, str) else c
                 for i, c in enumerate(row)] for row in rows]
    return [_columns(rows, headers, fmt, [*range(keys), *group])
            for group in _column_groups(rows, headers, fmt, keys)]


def _column_groups(rows, headers, fmt: str, keys: int) -> list[list[int]]:
    """The columns after the first ``keys``, in order, in groups as many as fit WIDTH
    beside those (at least one a group)."""
    groups: list[list[int]] = [[]]
    for column in range(keys, len(headers)):
        wider = [*range(keys), *groups[-1], column]
        if groups[-1] and _width(_columns(rows, headers, fmt, wider)) > WIDTH:
            groups.append([])
        groups[-1].append(column)
    return groups


def _columns(rows, headers, fmt: str, columns: list[int]) -> str:
    return _tabulated([[row[i] for i in columns] for row in rows],
                      [headers[i] for i in columns], fmt)


#: The widest a line of a cell naming a row is made when the names of a table cut into
#: parts would leave too little room for the other columns.
KEY_WIDTH = 20
#: The narrowest a wrapped header's lines are made (a narrower column's header goes on
#: lines this wide, not a word to a line).
HEADER_WIDTH = 10


def _header_lines(header: str, width: int) -> str:
    """A header on lines no wider than its column's widest cell (or HEADER_WIDTH, or its
    longest word)."""
    return "\n".join(textwrap.wrap(str(header), max(width, HEADER_WIDTH),
                                   break_long_words=False, break_on_hyphens=False)) or str(header)


def cell(text: str, width: int, fmt: str) -> str:
    """A text cell on lines of at most ``width`` in the :data:`TEXT_FORMATS` (a long name
    that would widen its column past the others), on one line in the other formats."""
    return "\n".join(textwrap.wrap(text, width, break_long_words=False,
                                   break_on_hyphens=False)) if fmt in TEXT_FORMATS else text


#: What a continued line is indented by: the line's own indentation, and a note's
#: number (``[2] ``) beside it, so that each note's lines hang under its words.
_HANGING = re.compile(r"\s*(?:\[[0-9]+\] )?")


def wrapped(text: str) -> str:
    """Text with each line longer than :data:`WIDTH` broken between words, continued
    under its first word (a note's after its number)."""
    return "\n".join(
        line if len(line) <= WIDTH else textwrap.fill(
            line, WIDTH, subsequent_indent=" " * _HANGING.match(line).end(),
            break_long_words=False, break_on_hyphens=False)
        for line in text.split("\n"))


def prose(text: str, fmt: str) -> str:
    """Words around the tables (titles, notes, findings) as ``fmt`` prints them: escaped
    in the HTML and Markdown formats, as they are in the others; wrapped to
    :data:`WIDTH` in the :data:`TEXT_FORMATS`."""
    if fmt in HTML_FORMATS:
        return html.escape(text, quote=False)
    if fmt in MARKDOWN_FORMATS:
        return markdown_text(text)
    if fmt in TEXT_FORMATS:
        return wrapped(text)
    return text


#: Characters escaped with a backslash wherever they stand in Markdown text (Markdown
#: shows ``\\*`` as ``*``): each could open emphasis, a code span, a link or an image,
#: strikethrough or a link reference, end a table's cell, or close a heading; and a run
#: of ``_`` unless it stands inside a word (``big_tiger``, ``SOURCE_DATE_EPOCH``), where
#: CommonMark never reads it as emphasis.
_MARKDOWN_INLINE = re.compile(r"[\\`*\[\]|~#]|_+")
#: What a line of text may not start with, unescaped: a quote (``>``), a list item
#: (``-``, ``+`` or ``3.`` before a space), a setext underline or a rule (``---``, ``===``).
_MARKDOWN_LINE_START = re.compile(
    r"^( {0,3})(>|[-+](?=[ \t]|$)|[0-9]{1,9}[.)](?=[ \t]|$)|[-=]+(?=[ \t]*$))", re.MULTILINE)


def markdown_inline(text: str) -> str:
    """Text inside a line of Markdown, shown as it is and never read as markup: every
    character of :data:`_MARKDOWN_INLINE` escaped with a backslash, ``&`` and ``<`` as
    entities (so that nothing opens HTML, an autolink or an entity). Rendered by any
    CommonMark reader (with tables), it is the text itself: no link, image, emphasis,
    code or HTML. A ``>`` alone opens nothing and is left as it is."""
    def escape(m: re.Match) -> str:
        run = m.group()
        if run[0] == "_" and m.start() > 0 and m.end() < len(m.string) and (
                m.string[m.start() - 1].isalnum() and m.string[m.end()].isalnum()):
            return run  # inside a word: no emphasis
        return "".join("\\" + ch for ch in run)

    escaped = _MARKDOWN_INLINE.sub(escape, str(text))
    return escaped.replace("&", "&amp;").replace("<", "&lt;")


def markdown_text(text: str) -> str:
    """Text for lines of Markdown (a paragraph, a heading, a list item): as
    :func:`markdown_inline`, and a line that would start a block (a quote, a list item,
    an underline) escaped at its start: ``\\>``, ``\\-``, ``3\\.``."""
    def escape(m: re.Match) -> str:
        lead, mark = m.group(1), m.group(2)
        if mark[0].isdigit():
            return lead + mark[:-1] + "\\" + mark[-1]
        return lead + "\\" + mark

    return _MARKDOWN_LINE_START.sub(escape, markdown_inline(text))


def markdown_cell(text: str) -> str:
    """Text for a cell of a Markdown table: as :func:`markdown_inline` (a ``|`` escaped,
    so that it cannot end the cell), a line break as a space so that it cannot end the
    row."""
    return markdown_inline(text).replace("\r", " ").replace("\n", " ")


def markdown_fence(text: str, info: str = "text") -> str:
    """A Markdown code block holding ``text`` exactly: fenced with more backticks than
    the longest run of them inside, so that no line of the text can close it."""
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}{info}\n{text}\n{fence}"


def to_json(document: dict) -> str:
    """One JSON object, the whole of a command's stdout under ``--fmt json``: strict JSON,
    a number without bound (an interval's end where one shoe leaves no spread to
    measure) written ``null``, never the ``Infinity`` or ``NaN`` no JSON parser must
    accept."""
    return json.dumps(_bounded(document), indent=2, allow_nan=False) + "\n"


def _bounded(value):
    """``value`` with every infinite or NaN float inside it as None."""
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {k: _bounded(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_bounded(v) for v in value]
    return value


#: What a spreadsheet reads as the start of a formula (OWASP's list for CSV injection).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
#: A signed decimal, perhaps a percentage: a spreadsheet reads it as a number, never runs it.
PLAIN_NUMBER = re.compile(r"[+-]?[0-9]+(\.[0-9]+)?%?")


def csv_cell(value):
    """One CSV cell: a text that a spreadsheet would run as a formula (it starts with
    one of FORMULA_STARTS: ``=HYPERLINK(…)``, a bet named ``-2+3``) gets a single quote
    in front, as OWASP recommends; numbers stay numbers (-0.08 is written -0.08, an exact
    Fraction -1/12), and so does a text that is a plain number a spreadsheet reads as
    that number and nothing more (a pay written ``-1``, a printed ``-4.9612%``); None is
    an empty cell."""
    if value is None:
        return ""
    if (isinstance(value, str) and value.startswith(FORMULA_STARTS)
            and not PLAIN_NUMBER.fullmatch(value)):
        return "'" + value
    return value


def csv_text(rows, *, lineterminator: str = "\n") -> str:
    """Rows as CSV: the one place every CSV bacc-edge prints is written, each cell
    through :func:`csv_cell`."""
    out = io.StringIO()
    csv.writer(out, lineterminator=lineterminator).writerows(
        [csv_cell(value) for value in row] for row in rows)
    return out.getvalue()


def csv_records(records: Sequence[dict], headers: Sequence[str]) -> str:
    """Real CSV, the whole of a command's stdout under ``--fmt csv``: one header row (the
    records' keys, the JSON's snake_case names), then one row per record; numbers are
    written as numbers (fractions of the stake, never "1.41%"), None as an empty cell,
    a text a spreadsheet would run as a formula behind a single quote (see
    :func:`csv_cell`)."""
    return csv_text([headers, *([record[h] for h in headers] for record in records)])


def below(table_text: str, line: str) -> str:
    """A line under a table, after a blank line, so that no format (GitHub's markdown
    among them) reads the line as one more row."""
    return f"{table_text}\n{line}\n"


def depth_interval_text(interval, digits: int = 3, *, percent: bool = False) -> str:
    """An estimate and its 95% interval as the depth figures print them, ``0.155 (0.149
    to 0.161)`` ("every shoe alike" where the interval is one point); percentages when
    ``percent``; "" for none."""
    if interval is None:
        return ""
    k, unit = (100, "%") if percent else (1, "")
    # + 0.0 makes a zero that came out negative (-0.0) plain 0: "0.000", never "-0.000"
    v, lo, hi = (x * k + 0.0 for x in (interval.value, interval.low, interval.high))
    if lo == hi == v:
        return f"{v:.{digits}f}{unit} (every shoe alike)"
    return f"{v:.{digits}f}{unit} ({lo:.{digits}f} to {hi:.{digits}f})"

__all__ = ["FORMATS", "HTML_FORMATS", "MARKDOWN_FORMATS", "TEXT_FORMATS", "WIDTH", "below",
           "cell", "csv_cell", "csv_records", "csv_text", "depth_interval_text", "markdown_cell",
           "markdown_fence", "markdown_inline", "markdown_text", "prose", "table", "to_json",
           "wrapped"]
