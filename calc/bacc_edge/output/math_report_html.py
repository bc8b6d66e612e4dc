"""The math report as one self-contained HTML page: its style inline, its charts inline
SVG, no script, nothing fetched from the network; every piece of the paytable's text
escaped (the docstring rendered as Markdown with raw HTML off, see
:mod:`bacc_edge.output.docstring_markdown`).

It prints as a submission prints: a print stylesheet that fits A4 and Letter alike
(the paper is the printer's; margins and widths fit the narrower), each bet on a new
page, no table row split across pages (a long table's header repeats on each page),
the document's identifier and page number at the foot of every page, and charts whose
bars are told apart by pattern as well as colour, with a legend, so that they read in
black and white.
"""

from __future__ import annotations

import html
import math
import re

from ..analysis.removal_effects import LinearCount, RemovalEffects
from .docstring_markdown import docstring_html
from .math_report_model import MathReport, report_argument
from .math_report_text import (EOR_LEGEND, Block, Command, Docstring, EorChart, Heading, Items,
                               Pairs, Para, Table, report_blocks)

#: Colours of the chart's bars: a removal that raises the player's value, one that
#: lowers it (the second also hatched, so the two differ in black and white).
RAISES, LOWERS = "#1e6b35", "#b03a2e"

_CSS = """
body { font-family: -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; margin: 2em auto;
       max-width: 1100px; padding: 0 1em; color: #111; line-height: 1.4; }
h1 { border-bottom: 2px solid #333; padding-bottom: .2em; }
h2 { margin-top: 2em; border-bottom: 1px solid #aaa; }
table { border-collapse: collapse; margin: .6em 0 1em; font-size: 14px; }
th, td { border: 1px solid #bbb; padding: 3px 8px; vertical-align: top; }
th { background: #eef1f5; text-align: left; }
td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
td.exact { font-family: monospace; font-size: 12px; word-break: break-all; max-width: 16em; }
table.tableau td { text-align: center; font-family: monospace; }
table.tableau td:first-child { text-align: left; font-family: inherit; }
table.depth td { white-space: pre-line; }
table.depth td.num { white-space: pre-line; }
td.marked { font-weight: bold; background: #ffe9a8; outline: 2px solid #333;
            outline-offset: -3px; }
pre { background: #f6f6f6; padding: .6em; overflow-x: auto; font-size: 13px;
      white-space: pre-wrap; word-break: break-all; }
code { font-size: 13px; }
.doc { border-left: 3px solid #ccc; padding-left: 1em; }
.doc table { display: block; max-width: 100%; overflow-x: auto; }
.doc .h7 { font-weight: bold; font-style: italic; margin: 1em 0 .4em; }
.word { white-space: nowrap; }
p, li, td, th, h1, h2, h3, h4, h5, h6, .doc { overflow-wrap: anywhere; }
/* a label beside its value wraps between words, never inside one ("anywhere" would let a
   long value squeeze it to a letter's width: "Sho / e") */
table.pairs th { overflow-wrap: normal; }
.flag { color: #8a1c1c; }
.ok { color: #1e6b35; }
.note { font-size: 13px; color: #333; }
.legend { font-size: 13px; }
figure { margin: 1em 0; }
svg { max-width: 100%; height: auto; }
thead { display: table-header-group; }
tr, figure, svg, pre, li { break-inside: avoid; page-break-inside: avoid; }
h1, h2, h3 { break-after: avoid; page-break-after: avoid; }
@media print {
  body { max-width: none; margin: 0; padding: 0; font-size: 10pt; }
  h1 { font-size: 18pt; } h2 { font-size: 14pt; margin-top: 1.2em; } h3 { font-size: 11pt; }
  table { font-size: 8.5pt; } th, td { padding: 2px 5px; }
  td.exact { font-size: 7.5pt; max-width: 12em; }
  pre, code, .note, .legend { font-size: 8.5pt; }
  th { background: #eee; }
  td.marked { background: #ddd; }
  h2.bet { break-before: page; page-break-before: always; margin-top: 0; }
  .doc table { display: table; table-layout: fixed; width: 100%; }
  .doc td, .doc th { word-break: break-word; overflow-wrap: anywhere; padding: 1px 2px; }
  pre { white-space: pre-wrap; overflow-wrap: anywhere; overflow-x: visible; }
  a { color: inherit; text-decoration: none; }
}
"""


def _page_css(identifier: str) -> str:
    """Each printed page: margins that fit A4 and Letter, the identifier and the page
    number at its foot (the identifier is bacc-edge's, but quoted as any CSS string)."""
    ident = identifier.replace("\\", "\\\\").replace('"', '\\"')
    return ("@page { margin: 16mm 14mm 18mm 14mm;"
            f' @bottom-left {{ content: "{ident}"; font-size: 8pt; color: #444; }}'
            ' @bottom-right { content: "Page " counter(page) " of " counter(pages);'
            " font-size: 8pt; color: #444; } }")


def math_report_html(r: MathReport) -> str:
    """The report as one self-contained HTML page."""
    report_argument(r)
    return blocks_html(r.title, r.identifier, report_blocks(r))


def blocks_html(title: str, identifier: str, blocks: list[Block]) -> str:
    """A report's blocks as one self-contained HTML page titled ``title``, each printed
    page's foot naming the document's ``identifier``: the one HTML writer of every math
    report (a paytable's, a file of decisions')."""
    e = html.escape
    out = ["<!DOCTYPE html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
           f"<title>{e(title)}</title>", f"<style>{_CSS}{_page_css(identifier)}\n</style>",
           "</head>", "<body>"]
    charts = 0
    for block in blocks:
        if isinstance(block, EorChart):
            charts += 1
        out.append(_block(block, charts))
    out += ["</body>", "</html>"]
    return "\n".join(out) + "\n"


def _block(block: Block, chart: int) -> str:
    e = html.escape
    if isinstance(block, Heading):
        attrs = (f' id="{e(block.anchor)}"' if block.anchor else "") + (
            ' class="bet"' if block.bet else "")
        return f"<h{block.level}{attrs}>{e(block.text)}</h{block.level}>"
    if isinstance(block, Para):
        style = f' class="{block.style}"' if block.style else ""
        return f"<p{style}>{_words(block.text, block.unbroken)}</p>"
    if isinstance(block, Items):
        style = f' class="{block.style}"' if block.style else ""
        return (f"<ul{style}>" + "".join(
            f"<li>{f'<b>{e(lead)}</b> — ' if lead else ''}{e(text)}</li>"
            for lead, text in block.items) + "</ul>")
    if isinstance(block, Table):
        return _table(block)
    if isinstance(block, Pairs):
        rows = "\n".join(f"<tr><th>{e(k)}</th><td>{e(v)}</td></tr>" for k, v in block.rows)
        return f'<table class="pairs">\n{rows}\n</table>'
    if isinstance(block, Command):
        return f"<pre><code>{e(block.head)} -o REPORT.html {e(block.tail)}</code></pre>"
    if isinstance(block, Docstring):
        return f'<div class="doc">\n{docstring_html(block.text)}</div>'
    if isinstance(block, EorChart):
        return (f"<figure>{eor_svg(block.effects, block.count, chart=chart)}"
                f'<figcaption class="legend">{e(EOR_LEGEND)}</figcaption></figure>\n'
                + _table(Table(block.headers, block.rows)))
    raise TypeError(f"no HTML for {block!r}")


def _table(t: Table) -> str:
    e = html.escape
    kind = f' class="{t.kind}"' if t.kind else ""
    out = [f"<table{kind}>", "<thead><tr>" + "".join(f"<th>{e(h)}</th>" for h in t.headers)
           + "</tr></thead>", "<tbody>"]
    for r, row in enumerate(t.rows):
        cells = []
        for c, cell in enumerate(row):
            classes = ["exact" if c in t.exact_cols else "num" if c >= t.numeric_from and
                       t.kind != "tableau" else ""]
            if (r, c) in t.marked:
                classes.append("marked")
            cls = " ".join(x for x in classes if x)
            attr = f' class="{cls}"' if cls else ""
            text = _words(str(cell), None) if c in t.unbroken_cols else e(str(cell))
            cells.append(f"<td{attr}>{text}</td>")
        out.append("<tr>" + "".join(cells) + "</tr>")
    out.append("</tbody></table>")
    if t.legend:
        out.append(f'<p class="legend">{e(t.legend)}</p>')
    return "\n".join(out)


def _words(text: str, unbroken) -> str:
    """``text`` escaped, each of its words in ``unbroken`` (every word, for None) kept
    whole on a line (a count's tag ``7-3`` never breaks at its hyphen); a line still
    breaks between words."""
    def word(m: re.Match) -> str:
        w = m.group()
        keep = unbroken is None or w.rstrip(";,.:") in unbroken
        return f'<span class="word">{html.escape(w)}</span>' if keep else html.escape(w)

    return re.sub(r"\S+", word, text) if unbroken is None or unbroken else html.escape(text)


# -- the chart -------------------------------------------------------------------------------
def eor_svg(fx: RemovalEffects, count: LinearCount | None, *, width: int = 640,
            height: int = 300, chart: int = 1) -> str:
    """The effects of removal as an inline SVG bar chart: one bar per rank, solid
    (:data:`RAISES`) where its removal raises the player's value, hatched
    (:data:`LOWERS`) where it lowers it, with a legend saying so; the count's tag on
    each bar, both axes labelled. ``chart`` numbers the page's charts (the hatch's id)."""
    ranks = list(fx.by_rank)
    values = [float(fx.by_rank[r]) * 100 for r in ranks]
    left, right, top, bottom = 78, 16, 52, 52
    plot_w, plot_h = width - left - right, height - top - bottom
    span = max((abs(v) for v in values), default=0) or 1.0
    ticks = _ticks(span)
    span = max(span, ticks[-1])
    zero_y = top + plot_h / 2
    hatch = f"lowers-{chart}"

    def y_of(v: float) -> float:
        return zero_y - v / span * (plot_h / 2)

    title = f"Effects of removal — {fx.bet.name}"
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" role="img" aria-label="{html.escape(title)}" '
             f'font-family="sans-serif" font-size="12">',
             f'<title>{html.escape(title)}</title>',
             f'<defs><pattern id="{hatch}" width="6" height="6" patternUnits="userSpaceOnUse" '
             f'patternTransform="rotate(45)"><rect width="6" height="6" fill="#ffffff"/>'
             f'<line x1="0" y1="0" x2="0" y2="6" stroke="{LOWERS}" stroke-width="3"/>'
             f'</pattern></defs>',
             f'<rect x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>',
             f'<text x="{width / 2}" y="18" text-anchor="middle" font-size="14" '
             f'font-weight="bold">{html.escape(title)}</text>']
    legend_y = 30
    for i, (fill, words) in enumerate(((RAISES, "removal raises the player's value"),
                                       (f"url(#{hatch})", "removal lowers it"))):
        x = left + i * 260
        parts.append(f'<rect x="{x}" y="{legend_y}" width="14" height="11" fill="{fill}" '
                     f'stroke="#000" stroke-width="0.8"/>')
        parts.append(f'<text x="{x + 20}" y="{legend_y + 10}">{words}</text>')
    for t in (-ticks[-1], *[-x for x in reversed(ticks[:-1])], 0.0, *ticks):
        y = y_of(t)
        parts.append(f'<line x1="{left}" y1="{y:.1f}" x2="{width - right}" y2="{y:.1f}" '
                     f'stroke="{"#000" if t == 0 else "#ccc"}" stroke-width="1"/>')
        parts.append(f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end">'
                     f'{"0" if t == 0 else format(t, "+.3g")}</text>')
    slot = plot_w / max(len(ranks), 1)
    for i, (rank, v) in enumerate(zip(ranks, values)):
        x = left + i * slot + slot * 0.15
        y0, y1 = sorted((y_of(0), y_of(v)))
        fill = RAISES if v > 0 else f"url(#{hatch})"
        parts.append(f'<rect x="{x:.1f}" y="{y0:.1f}" width="{slot * 0.7:.1f}" '
                     f'height="{max(y1 - y0, 0.5):.1f}" fill="{fill}" stroke="#000" '
                     f'stroke-width="0.8"><title>{html.escape(rank)}: {v:+.4f}%</title></rect>')
        cx = left + (i + 0.5) * slot
        parts.append(f'<text x="{cx:.1f}" y="{top + plot_h + 16}" text-anchor="middle">'
                     f'{html.escape(rank)}</text>')
        if count is not None:
            ty = y1 + 13 if v < 0 else y0 - 4
            parts.append(f'<text x="{cx:.1f}" y="{ty:.1f}" text-anchor="middle" '
                         f'font-size="11" fill="#000">{count.tags[rank]:+d}</text>')
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


__all__ = ["LOWERS", "RAISES", "blocks_html", "eor_svg", "math_report_html"]
