"""The shipped games' list, its output (output/; gathered in analysis/).

The list of shipped games (``bacc-edge shipped``) as a person reads it (a table, each
game's sources numbered and cited under it) and as a script reads it (one JSON object,
or CSV: one row per game). A paytable's kind is ``paytable``; every row names the
command that runs it."""

from __future__ import annotations

from typing import Sequence

from ..analysis.shipped_list import ShippedPaytable
from ..language.source_register import SourceRecord
from .formats import below, cell, csv_records, prose, table, to_json

#: ``bacc-edge shipped --fmt csv``: one row per game; its bets' names and its sources'
#: citations each one to a line of the cell (a name is one line of text).
SHIPPED_CSV = ("name", "file", "game", "bets", "sources", "kind", "command")


def _source_json(record: SourceRecord) -> dict:
    return {"key": record.key, "what": record.what,
            "details": [{"heading": heading, "text": text} for heading, text in record.details]}


def _kind(p: ShippedPaytable) -> str:
    return p.kind or "paytable"


def shipped_json(p: ShippedPaytable) -> dict:
    return {"name": p.form, "file": str(p.path), "game": p.game, "bets": list(p.bets),
            "sources": [_source_json(s) for s in p.sources], "kind": _kind(p),
            "command": p.command}


def _numbered(paytables: Sequence[ShippedPaytable]) -> dict[str, tuple[int, SourceRecord]]:
    """Each source cited (its key) → (its number, the record), numbered in the order the
    list first cites it."""
    numbered: dict[str, tuple[int, SourceRecord]] = {}
    for p in paytables:
        for s in p.sources:
            numbered.setdefault(s.key, (len(numbered) + 1, s))
    return numbered


def shipped_output(paytables: Sequence[ShippedPaytable], fmt: str) -> str:
    """The list: per game its name as a command takes it, its game, how many bets it
    defines, the command that runs it and the numbers of the sources its figures cite,
    each source cited under the table."""
    if fmt == "json":
        return to_json({"paytables": [shipped_json(p) for p in paytables]})
    if fmt == "csv":
        return csv_records([{"name": p.form, "file": str(p.path), "game": p.game,
                             "bets": "\n".join(p.bets),
                             "sources": "\n".join(s.citation for s in p.sources),
                             "kind": _kind(p), "command": p.command}
                            for p in paytables], SHIPPED_CSV)
    numbered = _numbered(paytables)
    rows = [[p.form, cell(p.game or "", 18, fmt), str(len(p.bets)), p.command,
             " ".join(f"[{numbered[s.key][0]}]" for s in p.sources) or "none printed"]
            for p in paytables]
    text = table(rows, ["Shipped as", "Game", "Bets", "Command", "Figures printed in"], fmt)
    notes = "\n".join(f"[{n}] {record.citation}" for n, record in numbered.values())
    return below(text, prose(notes, fmt)) if notes else text


__all__ = ["SHIPPED_CSV", "shipped_json", "shipped_output"]
