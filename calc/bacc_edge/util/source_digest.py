"""A digest of some of bacc-edge's own sources: the one way anything it keeps between
processes (the compiled kernels, a depth run's saved batches) is tied to the code that
made it, so that no one has to remember to bump a version by hand when that code
changes."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Iterable


def source_digest(package: Path, parts: Iterable[str]) -> str:
    """SHA-256 (hex) of the Python sources of ``package`` (bacc_edge's folder) that
    ``parts`` names: a folder (``"engine"``: every ``*.py`` in it) or one file
    (``"depth/shoes.py"``). Each file counts by its name and its bytes, in the order of
    their paths: an edit, a file added or one removed changes it; a comment too, which
    errs on the side of recomputing."""
    files = []
    for part in parts:
        path = package / part
        files += sorted(path.glob("*.py")) if path.is_dir() else [path]
    digest = hashlib.sha256()
    for path in sorted(files):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


__all__ = ["source_digest"]
