"""The pages a user reads — ``README.md`` and every page of the documentation site
(``docs/**/*.md``) — and the examples in them, for the tests that run every example.

A page is named by its path from the repository, ``docs/`` and ``.md`` left out
(``README``, ``tutorial``, ``how-to/depth``); a place in it is ``page:line``
(``how-to/depth:84``), short and stable, the id of the tests that run it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from conftest import ROOT

DOCS = ROOT / "docs"
#: a fenced block, with the ``<!-- mark -->`` on the line before it, if any
FENCE = re.compile(r"(?:<!-- (?P<mark>[^>]*) -->\n)?```(?P<lang>\w*)\n(?P<body>.*?)```", re.S)


@dataclass(frozen=True)
class Block:
    """A fenced block of a page: its language (``""`` for a plain block), the marker
    before it, its text, and the line of the page its text starts on."""

    page: str
    line: int
    lang: str
    mark: str | None
    body: str

    @property
    def where(self) -> str:
        return f"{self.page}:{self.line}"


@cache
def pages() -> dict[str, str]:
    """Every page a user reads, by name, README first."""
    found = {"README": (ROOT / "README.md").read_text(encoding="utf-8")}
    for path in sorted(DOCS.rglob("*.md")):
        found[path.relative_to(DOCS).with_suffix("").as_posix()] = path.read_text(
            encoding="utf-8")
    return found


def page(name: str) -> str:
    """One page's text: ``page("how-to/chemin-de-fer")``."""
    return pages()[name]


def blocks(lang: str | None = None) -> list[Block]:
    """Every page's fenced blocks, in order (only those in ``lang``, when given)."""
    return [Block(name, text[:m.start("body")].count("\n") + 1, m["lang"], m["mark"], m["body"])
            for name, text in pages().items() for m in FENCE.finditer(text)
            if lang is None or m["lang"] == lang]
