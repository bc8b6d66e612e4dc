"""Where bacc-edge keeps its own state when the user names no place for it: the user's
data and cache folders as the platform defines them (:mod:`platformdirs`; on Linux
``$XDG_DATA_HOME/bacc-edge``, else ``~/.local/share/bacc-edge``, and
``$XDG_CACHE_HOME/bacc-edge``, else ``~/.cache/bacc-edge``), never the folder a command
happens to run from: a state file left in whatever folder, and a shoe resumed only from
there, is clutter the user did not ask for.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

from .safe_write import OutputError

#: The name of bacc-edge's folder in the user's data and cache folders.
APP = "bacc-edge"


def track_session(paytable) -> Path:
    """The file a track of the paytable at ``paytable`` saves its shoe to when the user
    names none: ``track/NAME.json`` (NAME the paytable file's) in the user's *data*
    folder, made where missing (readable by the user alone). Data, not cache: the cards
    of a shoe entered by hand cannot be made again, and a cache folder is for what the
    system or a cleaner may delete. One file per paytable name, so that tracking another
    paytable starts its own shoe rather than meeting the last one's."""
    folder = Path(platformdirs.user_data_dir(APP, appauthor=False)) / "track"
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError as err:
        raise OutputError(f"{folder}: cannot keep the track's session there "
                          f"({err.strerror or err}); name a file with --session") from None
    return folder / f"{Path(paytable).stem}.json"


def depth_state() -> Path:
    """The folder a depth run keeps its finished batches in when the user names none:
    ``depth`` in the user's *cache* folder. A cache: every batch is dealt again from its
    seed, so one deleted costs only the time to deal it, and a long run's batches can be
    large."""
    return Path(platformdirs.user_cache_dir(APP, appauthor=False)) / "depth"


def kept_base() -> Path:
    """The folder bacc-edge keeps what it makes once for every later run in: the compiled
    kernels (:mod:`~bacc_edge.engine.jit`) and the tables every count by ranks and suits
    apart reads (:mod:`~bacc_edge.util.kept_arrays`). ``$NUMBA_CACHE_DIR`` where set (a
    test run's, which its tests share), else ``bacc-edge`` in the user's cache folder
    (``$XDG_CACHE_HOME``, else ``~/.cache``)."""
    return Path(os.environ.get("NUMBA_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(Path.home(), ".cache"), APP))


def shown(path: Path) -> str:
    """``path`` as a note prints it: under the user's home folder as ``~/…`` (shorter, and
    the same words on every machine), else as it is."""
    try:
        return str(Path("~") / path.relative_to(Path.home()))
    except ValueError:
        return str(path)


__all__ = ["APP", "depth_state", "kept_base", "shown", "track_session"]
