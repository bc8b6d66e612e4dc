"""The math report as Markdown: the same blocks as the HTML page
(:mod:`bacc_edge.output.math_report_text`), the chart drawn as text bars. Every piece of
the paytable's text is escaped (see :func:`bacc_edge.output.formats.markdown_text`), and
the docstring written again from its parsed Markdown (see
:func:`bacc_edge.output.docstring_markdown.docstring_markdown`), so that nothing in it
can open markup or end a block of the report."""

from __future__ import annotations

from .docstring_markdown import docstring_markdown
from .formats import markdown_cell, markdown_fence, markdown_text
from .math_report_model import MathReport, report_argument
from .math_report_text import (EOR_LEGEND, Block, Command, Docstring, EorChart, Heading, Items,
                               Pairs, Para, Table, report_blocks)


def math_report_markdown(r: MathReport) -> str:
    """The report as Markdown: the same content as the HTML page."""
    report_argument(r)
    return blocks_markdown(report_blocks(r))


def blocks_markdown(blocks: list[Block]) -> str:
    """A report's blocks as Markdown: the one Markdown writer of every math report (a
    paytable's, a file of decisions')."""
    out: list[str] = []
    for block in blocks:
        out += [*_block(block), ""]
    return "\n".join(out).rstrip("\n") + "\n"


def _block(block: Block) -> list[str]:
    md = markdown_text
    if isinstance(block, Heading):
        return ["#" * block.level + " " + md(block.text)]
    if isinstance(block, Para):
        text = md(block.text)
        return [f"**{text}**" if block.style == "flag" else text]
    if isinstance(block, Items):
        return [f"- {f'**{md(lead)}** — ' if lead else ''}{md(text)}"
                for lead, text in block.items]
    if isinstance(block, Table):
        return _table(block)
    if isinstance(block, Pairs):
        return _table(Table(("", ""), block.rows))
    if isinstance(block, Command):
        return markdown_fence(f"{block.head} -o REPORT.md {block.tail}", "sh").split("\n")
    if isinstance(block, Docstring):
        return docstring_markdown(block.text).split("\n")
    if isinstance(block, EorChart):
        span = max((abs(float(v)) for v in block.effects.by_rank.values()), default=0)
        rows = tuple((*row, _bar(float(block.effects.by_rank[row[0]]), span))
                     for row in block.rows)
        return [md(f"Effects of removal — {block.effects.bet.name}. {EOR_LEGEND} In the "
                   f"chart column, + bars raise the player's value, − bars lower it."), "",
                *_table(Table((*block.headers, "Chart"), rows))]
    raise TypeError(f"no Markdown for {block!r}")


def _table(t: Table) -> list[str]:
    cell = markdown_cell

    def shown(r: int, c: int, text: str) -> str:
        return f"**{cell(text)}**" if (r, c) in t.marked else cell(text)

    out = ["| " + " | ".join(cell(h) for h in t.headers) + " |",
           "|" + "|".join(" --- " for _ in t.headers) + "|"]
    out += ["| " + " | ".join(shown(r, c, x) for c, x in enumerate(row)) + " |"
            for r, row in enumerate(t.rows)]
    if t.legend:
        out += ["", markdown_text(t.legend)]
    return out


def _bar(value: float, span: float, width: int = 20) -> str:
    n = round(abs(value) / span * width) if span else 0
    return ("+" if value > 0 else "−") + "█" * n if n else ""


__all__ = ["blocks_markdown", "math_report_markdown"]
