"""The register of sources beside a paytable: ``SOURCES.md`` in its folder.

A printed figure names its source by a key (``Published("sheet-3.txt", …)``); the
register says what each key's source is, in a Markdown table whose rows read
``| `KEY` | what the source is | where it was published |`` (``paytables/SOURCES.md``
is the shipped one). A report names a source by what the register says it is, not by
its key, which may be a file name or a note only its author reads; a key the register
does not hold, or a paytable with no register, is named as the paytable names it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..errors import PaytableError

#: The register's file name, in the paytable's folder.
REGISTER = "SOURCES.md"
#: One row of the register's table: the key in backticks, what the source is, where.
_ROW = re.compile(r"^\|\s*`([^`]+)`\s*\|([^|]*)\|([^|]*)\|", re.MULTILINE)


@dataclass(frozen=True)
class SourceRecord:
    """One source as the register records it."""

    key: str
    what: str
    where: str


def source_register(paytable_path) -> dict[str, SourceRecord]:
    """The register beside the paytable file ``paytable_path`` (key → record); empty
    when the folder holds none. A register that cannot be read is an error naming it."""
    path = Path(paytable_path).parent / REGISTER
    if not path.is_file():
        return {}
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise PaytableError(f"{path}: the register of sources cannot be read ({err})") from None
    return {key: SourceRecord(key, what.strip(), where.strip())
            for key, what, where in _ROW.findall(text)}


__all__ = ["REGISTER", "SourceRecord", "source_register"]
