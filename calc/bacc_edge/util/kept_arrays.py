"""Arrays made once and kept on disk for every later run: what takes seconds to make, is
the same for every bet, and reads back in a fraction of that (the side tables of a count
by ranks and suits apart, :mod:`~bacc_edge.analysis.split_count`: 1 to 4 s of every new
bet's first count, in every run, before they were kept).

They are kept in ``tables-DIGEST`` beside the compiled kernels
(:func:`~bacc_edge.util.user_folders.kept_base`), or in the folder ``$BACC_EDGE_TABLES``
names (an absolute path: :func:`~bacc_edge.util.environment.folder_setting`), DIGEST a
digest of the sources that make them (:func:`~bacc_edge.util.source_digest.source_digest`):
a change to that code makes them anew, with no version to bump by hand. Each is one
``.npz`` file named by a digest of its key (:func:`key_text`), holding the key itself;
it is read back only where that key is the same, the file whole (the zip's CRC-32 of
each array, checked as it is read to its end) and the caller's check passes, else made
again and written in its place. It is a cache: written as every file bacc-edge keeps is
(a temporary file renamed into place, never through a link; nor is ``tables-DIGEST``
used where it is a link), but a folder that cannot be written, a full disk or a link
planted there only means the arrays are made again, each run. ``BACC_EDGE_TABLES=0``
keeps nothing (every run makes them). The kept files of every version are held under
:data:`MOST_BYTES` together, those read least lately removed past it (an earlier
version's first: they are never read again).
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import os
import stat
import zipfile
from contextlib import suppress
from functools import lru_cache
from pathlib import Path
from typing import Callable, Iterable

import numpy as np

from .environment import TABLES, folder_setting
from .safe_write import OutputError, open_owned, write_owned
from .source_digest import source_digest
from .user_folders import kept_base

#: The bytes a folder of kept arrays may hold: past them, the files read least lately go.
MOST_BYTES = 1 << 30
#: bacc_edge's folder, whose sources the digests read
PACKAGE = Path(__file__).resolve().parent.parent


def keeping() -> bool:
    """Whether arrays are kept on disk: unless ``$BACC_EDGE_TABLES`` is ``0``
    (:func:`~bacc_edge.util.environment.folder_setting`: refused where it is neither 0
    nor an absolute folder)."""
    return folder_setting(TABLES) is not False


@lru_cache(maxsize=8)
def _digest(sources: tuple[str, ...]) -> str:
    return source_digest(PACKAGE, sources)[:16]


def kept_folder(sources: Iterable[str]) -> Path:
    """The folder arrays made by ``sources`` (parts of the package, as
    :func:`~bacc_edge.util.source_digest.source_digest` names them) are kept in."""
    base = folder_setting(TABLES)
    return (base if isinstance(base, Path) else kept_base()) / f"tables-{_digest(tuple(sources))}"


def key_text(value) -> str:
    """``value`` (tuples, sets, dataclasses, enums, numbers, strings, bools) as text that
    is the same in every run: a set's members sorted (a set's own repr follows the
    order of string hashes, which differs from run to run)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = ", ".join(f"{f.name}={key_text(getattr(value, f.name))}"
                           for f in dataclasses.fields(value))
        return f"{type(value).__name__}({fields})"
    if isinstance(value, (set, frozenset)):
        return "{" + ", ".join(sorted(key_text(v) for v in value)) + "}"
    if isinstance(value, (tuple, list)):
        return "(" + ", ".join(key_text(v) for v in value) + ",)"
    if isinstance(value, enum.Enum):
        return f"{type(value).__name__}.{value.name}"
    if value is None or isinstance(value, (bool, int, float, str)):
        return repr(value)
    raise TypeError(f"{type(value).__name__} has no key text")


def kept_arrays(name: str, key, make: Callable[[], dict[str, np.ndarray]], *,
                sources: Iterable[str],
                valid: Callable[[dict[str, np.ndarray]], bool] = lambda arrays: True
                ) -> dict[str, np.ndarray]:
    """The arrays ``make()`` returns for ``key`` (named by :func:`key_text`), made by the
    code of ``sources``: read from the file this or an earlier run kept of them, where
    it is whole and ``valid(arrays)`` holds, else made and kept (see the module)."""
    text = key_text(key)
    path = kept_folder(sources) / f"{name}-{hashlib.sha256(text.encode()).hexdigest()[:32]}.npz"
    kept = keeping() and _ours(path.parent)
    if kept:
        found = _read(path, text)
        if found is not None and valid(found):
            return found
    arrays = make()
    if kept:
        _keep(path, text, arrays)
    return arrays


def _ours(folder: Path) -> bool:
    """Whether ``folder`` (``tables-DIGEST``) may be read and written: not a link (one
    planted there would send the files elsewhere), a folder or nothing yet."""
    try:
        st = os.lstat(folder)
    except FileNotFoundError:
        return True
    except OSError:
        return False
    return stat.S_ISDIR(st.st_mode)


def _read(path: Path, text: str) -> dict[str, np.ndarray] | None:
    """The arrays kept at ``path`` for the key ``text``, or None: no such file, another
    key's, not whole, a link or not a plain file."""
    try:
        opened = open_owned(path)
        if opened is None:
            return None
        with opened, np.load(opened, allow_pickle=False) as kept:
            arrays = {k: kept[k] for k in kept.files}
    except (OutputError, OSError, ValueError, EOFError, zipfile.BadZipFile):
        return None
    if str(arrays.pop("key", "")) != text:
        return None
    with suppress(OSError):
        os.utime(path)  # read lately: the last to go past MOST_BYTES
    return arrays


def _keep(path: Path, text: str, arrays: dict[str, np.ndarray]) -> None:
    """Write ``arrays`` under ``text`` to ``path``, as a file bacc-edge keeps; nothing
    where the folder or the disk will not have it. Then hold the folder under
    MOST_BYTES."""
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        write_owned(path, lambda tmp: np.savez(tmp, key=np.array(text), **arrays))
    except (OutputError, OSError):
        return
    _trimmed(path.parent)


def _trimmed(folder: Path) -> None:
    """Remove the kept files read least lately, of ``folder`` and of the folders beside it
    that earlier versions of the code kept theirs in (never read again: the first to go),
    until they hold MOST_BYTES together; a folder left empty goes too."""
    with suppress(OSError):
        files = sorted((f.stat().st_mtime, f.stat().st_size, f)
                       for f in folder.parent.glob("tables-*/*.npz")
                       if f.is_file() and not f.is_symlink())
        held = sum(size for _, size, _ in files)
        for _, size, f in files:
            if held <= MOST_BYTES:
                break
            f.unlink(missing_ok=True)
            held -= size
            with suppress(OSError):
                f.parent.rmdir()  # only where it is empty


__all__ = ["MOST_BYTES", "keeping", "kept_arrays", "kept_folder", "key_text"]
