"""The register of sources beside a paytable: ``SOURCES.md`` in its folder.

A printed figure names its source by a key (``Published("sheet-3.txt", …)``); the
register says what each key's source is, in a Markdown table whose rows read
``| `KEY` | what the source is | where it was published | …`` (``paytables/SOURCES.md``
is the shipped one): the key in backticks, then any number of columns (what the source
is first; where and by whom it was published, its date, whatever a reader needs to
trace it), each named by the table's header row. A report names a source by what the
register says it is and gives every other column beside it, never its key, which may
be a file name or a note only its author reads; a key the register does not hold, or a
paytable with no register, is named as the paytable names it. A key listed twice, or a
register that is no file, is refused: either would silently lose what it says.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..errors import PaytableError

#: The register's file name, in the paytable's folder.
REGISTER = "SOURCES.md"
#: A cell boundary of a Markdown table row: a ``|`` not escaped with a backslash.
_CELL = re.compile(r"(?<!\\)\|")
#: The row under a table's header: cells of dashes, perhaps aligned with colons.
_RULE = re.compile(r"\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?")


@dataclass(frozen=True)
class SourceRecord:
    """One source as the register records it: its key, and every other column of its
    row as (the column's heading, its text), what the source is first."""

    key: str
    columns: tuple[tuple[str, str], ...]

    @property
    def what(self) -> str:
        """What the source is: the first column after the key."""
        return self.columns[0][1] if self.columns else ""

    @property
    def details(self) -> tuple[tuple[str, str], ...]:
        """The columns after what the source is (where it was published, its date …)
        that say something."""
        return tuple((heading, text) for heading, text in self.columns[1:] if text)

    @property
    def citation(self) -> str:
        """The source as a reader traces it: what it is, then every other column of its
        row by the column's heading (where and by whom it was published, its date …); its
        key alone for a row that says nothing more."""
        details = "; ".join(f"{heading}: {text}" for heading, text in self.details)
        what = self.what or self.key
        return f"{what} — {details}" if details else what


def register_path(paytable_path) -> Path:
    """Where the register of the paytable file ``paytable_path`` is, or would be."""
    return Path(paytable_path).parent / REGISTER


def _cells(line: str) -> list[str]:
    """The cells of a Markdown table row, an escaped ``\\|`` read as ``|``."""
    inner = line.strip()
    inner = inner[1:] if inner.startswith("|") else inner
    inner = inner[:-1] if inner.endswith("|") and not inner.endswith("\\|") else inner
    return [cell.strip().replace("\\|", "|") for cell in _CELL.split(inner)]


def source_register(paytable_path) -> dict[str, SourceRecord]:
    """The register beside the paytable file ``paytable_path`` (key → record); empty
    when the folder holds none. A register that cannot be read, that is a folder or
    anything but a file, or that lists a key twice is an error naming it."""
    path = register_path(paytable_path)
    if not path.exists():
        return {}
    if not path.is_file():
        raise PaytableError(f"{path}: the register of sources is not a file (a "
                            f"{'folder' if path.is_dir() else 'special file'}); name the "
                            f"sources in a Markdown table there, or remove it")
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise PaytableError(f"{path}: the register of sources cannot be read ({err})") from None
    lines = text.splitlines()
    records: dict[str, SourceRecord] = {}
    headings: list[str] = []
    for i, line in enumerate(lines):
        if not line.lstrip().startswith("|"):
            headings = []
            continue
        if _RULE.fullmatch(line.strip()):
            headings = _cells(lines[i - 1]) if i else []
            continue
        if i + 1 < len(lines) and _RULE.fullmatch(lines[i + 1].strip()):
            continue  # a header row: its names are read under it
        cells = _cells(line)
        key = re.fullmatch(r"`([^`]+)`", cells[0])
        if key is None or len(cells) < 2:
            continue
        name = key.group(1)
        if name in records:
            raise PaytableError(f"{path}: the register of sources lists the key {name!r} "
                                f"twice; give each source one row")
        named = headings[1:] + [f"column {n}" for n in range(len(headings) + 1,
                                                             len(cells) + 1)]
        records[name] = SourceRecord(name, tuple(zip(named, cells[1:])))
    return records


__all__ = ["REGISTER", "SourceRecord", "register_path", "source_register"]
