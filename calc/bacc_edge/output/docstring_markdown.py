"""A paytable's docstring read as Markdown, and written out safely as HTML or Markdown.

The docstring is the paytable author's text, and untrusted: it is parsed by
markdown-it-py (CommonMark with tables) with raw HTML turned off, so a ``<script>`` in
it is shown as text, never run; links, autolinks and images are off too (an image
would be fetched from the network, and a report opens with none), so they read as the
text they were written as, and a link reference definition (``[r]: http://…``,
``[^1]: a note``) stays the text it is. Its headings are moved down
:data:`HEADING_SHIFT` levels, below the report's own: its ``#`` to ``####`` are the
page's ``<h3>`` to ``<h6>``, and its ``#####`` and ``######``, below HTML's last level,
are headings of level 7 and 8 (``role="heading" aria-level="7"``, styled apart); in the
Markdown form, which has six levels, those two are a line in bold.

As Markdown (:func:`docstring_markdown`), the parsed document is written again from its
tokens: text with every character that Markdown or HTML would read as markup escaped,
code blocks fenced longer than any run of backticks inside them. Nothing in the
docstring can end a block of the report, open an HTML tag or run as markup.
"""

from __future__ import annotations

import re
from functools import lru_cache

from markdown_it import MarkdownIt
from markdown_it.token import Token

from .formats import markdown_fence, markdown_inline

#: Levels a docstring's headings move down: its ``#`` is the report's third level.
HEADING_SHIFT = 2


def _level(token: Token) -> int:
    """A docstring heading's level in the report: its own, moved down."""
    return int(token.tag[1]) + HEADING_SHIFT


@lru_cache(maxsize=1)
def _parser() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False})
    # a link reference definition ("[r]: http://…", "[^1]: a note") is kept as the text
    # it is: with links off, the definition would otherwise vanish from the page
    md.enable("table").disable(["image", "link", "autolink", "reference"])

    def heading(renderer, tokens, idx, options, env):
        level = _level(tokens[idx])
        if level > 6:  # below h6, HTML's last: a heading of its own level all the same
            return (f'<p class="h7" role="heading" aria-level="{level}">'
                    if tokens[idx].nesting == 1 else "</p>\n")
        return f"<h{level}>" if tokens[idx].nesting == 1 else f"</h{level}>\n"

    md.add_render_rule("heading_open", heading)
    md.add_render_rule("heading_close", heading)
    return md


def docstring_html(text: str) -> str:
    """The docstring as an HTML fragment (headings, paragraphs, lists, tables, code),
    every piece of its text escaped."""
    return _parser().render(text)


# -- Markdown out ----------------------------------------------------------------------------
#: What a line may not start with, unescaped: a heading, a list item, a quote, a
#: setext underline, a numbered item.
_LINE_START = re.compile(r"^(\s*)([#+\-=>]|\d+[.)])", re.MULTILINE)


def _text(text: str) -> str:
    """Text as Markdown shows it and never reads as markup (its lines' starts are the
    paragraph's: :func:`_line_starts`)."""
    return markdown_inline(text)


def _line_starts(text: str) -> str:
    """Lines of a paragraph whose start would read as a block (a heading, an item, a
    quote, an underline) escaped: ``\\#``, ``\\-``, ``3\\.``."""
    def escape(m: re.Match) -> str:
        lead, mark = m.group(1), m.group(2)
        return lead + ("\\" + mark if mark[0] in "#+-=>" else mark[:-1] + "\\" + mark[-1])

    return _LINE_START.sub(escape, text)


def _code_span(code: str) -> str:
    longest = max((len(run) for run in re.findall(r"`+", code)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if code.startswith("`") or code.endswith("`") or not code.strip() else ""
    return f"{fence}{pad}{code}{pad}{fence}"


def _inline(token: Token, *, in_table: bool = False) -> str:
    out = []
    for child in token.children or ():
        kind = child.type
        if kind == "text":
            out.append(_text(child.content))
        elif kind == "code_inline":
            code = _code_span(child.content.replace("\n", " "))
            out.append(code.replace("|", "\\|") if in_table else code)
        elif kind == "softbreak":
            out.append(" " if in_table else "\n")
        elif kind == "hardbreak":
            out.append(" " if in_table else "\\\n")
        elif kind in ("em_open", "em_close"):
            out.append("*")
        elif kind in ("strong_open", "strong_close"):
            out.append("**")
        else:  # nothing else is enabled; text anyway, never markup
            out.append(_text(child.content))
    return "".join(out)


def _tree(tokens: list[Token]) -> list:
    """Block tokens as a tree: (opening token, children) for a container, a token for a
    leaf."""
    root: list = []
    stack = [root]
    for token in tokens:
        if token.nesting == 1:
            node = (token, [])
            stack[-1].append(node)
            stack.append(node[1])
        elif token.nesting == -1:
            stack.pop()
        else:
            stack[-1].append(token)
    return root


def _blocks(nodes: list) -> list[str]:
    """The lines of a sequence of blocks, a blank line between blocks."""
    out: list[str] = []
    for node in nodes:
        lines = _block(node)
        if out and lines:
            out.append("")
        out += lines
    return out


def _block(node) -> list[str]:
    if isinstance(node, Token):
        if node.type in ("fence", "code_block"):
            info = re.sub(r"[^A-Za-z0-9_+-]", "", node.info.split(" ")[0]) if node.info else ""
            return markdown_fence(node.content.rstrip("\n"), info).split("\n")
        if node.type == "hr":
            return ["---"]
        if node.type == "inline":
            return _line_starts(_inline(node)).split("\n")
        return _text(node.content).split("\n") if node.content else []
    token, children = node
    kind = token.type
    if kind == "heading_open":
        level, text = _level(token), _inline(children[0]).replace("\n", " ")
        if level > 6:  # Markdown's headings end at six: a line in bold, a heading below them
            return [f"**{text}**"] if text.strip() else []
        return ["#" * level + " " + text]
    if kind == "paragraph_open":
        return _line_starts(_inline(children[0])).split("\n") if children else []
    if kind == "blockquote_open":
        return [f"> {line}" if line else ">" for line in _blocks(children)]
    if kind in ("bullet_list_open", "ordered_list_open"):
        start = int(token.attrGet("start") or 1)
        out = []
        # the list's own marker: two lists side by side stay two lists
        mark = token.markup if token.markup in ("-", "*", "+", ".", ")") else (
            "-" if kind == "bullet_list_open" else ".")
        for n, (_, item) in enumerate(children):
            lead = f"{mark} " if kind == "bullet_list_open" else f"{start + n}{mark} "
            lines = _blocks(item) or [""]
            if any(isinstance(c, tuple) and not c[0].hidden and c[0].type == "paragraph_open"
                   for c in item) and out:
                out.append("")  # a loose list keeps its blank lines
            out += [lead + lines[0]] + [(" " * len(lead) + line) if line else ""
                                        for line in lines[1:]]
        return out
    if kind == "table_open":
        return _table(children)
    return _blocks(children)


def _table(children) -> list[str]:
    rows, aligns = [], []
    for section, body in children:  # thead, tbody
        for _, cells in body:  # tr
            row = []
            for cell, inline in cells:
                row.append(_inline(inline[0], in_table=True) if inline else "")
                if section.type == "thead_open":
                    style = cell.attrGet("style") or ""
                    aligns.append({"text-align:left": ":---", "text-align:center": ":---:",
                                   "text-align:right": "---:"}.get(style, "---"))
            rows.append(row)
    out = ["| " + " | ".join(rows[0]) + " |", "| " + " | ".join(aligns) + " |"]
    return out + ["| " + " | ".join(row) + " |" for row in rows[1:]]


def docstring_markdown(text: str) -> str:
    """The docstring as Markdown to set inside the report: its structure kept (headings
    moved down, paragraphs, lists, tables, code), every piece of its text escaped."""
    return "\n".join(_blocks(_tree(_parser().parse(text))))


__all__ = ["HEADING_SHIFT", "docstring_html", "docstring_markdown"]
