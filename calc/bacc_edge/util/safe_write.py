"""Every file bacc-edge writes (math reports, pictures, results/) goes through here, so
that an output never replaces what the user wrote and an interrupted or failed write
never leaves half a file.

An output is refused when it is one of the run's inputs (a paytable, the register of
sources beside it, a file the paytable's code read), however it is spelled: symlinks followed, ``..`` resolved, a hard link to the same file caught by its
device and inode; when it is an existing ``.py`` file, which is always someone's
code; and when it is a hard link (a file of several names, a ``.py`` file under another
name among them: its content is known by its inode, not by the name given). The content goes to a new file of a unique name in the output's folder, is synced
to disk, and is renamed over the output (an atomic step), then the folder is synced: the
output is the old file or the whole new one, never a mix. An output that is a symlink is
written through it, to the file it names. The depth state folder writes its batches and
its definition through here too (:mod:`bacc_edge.depth.state`).
"""

from __future__ import annotations

import os
import secrets
import stat
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterable

from ..errors import BaccEdgeError


class OutputError(BaccEdgeError):
    """An output file that must not or cannot be written: one of the run's inputs, an
    existing ``.py`` file, a folder, a folder that does not exist or cannot be written
    to, or a write the disk refuses. The message names the path and why."""


class OverwriteError(OutputError):
    """An output refused because it would replace what the user wrote: one of the run's
    inputs, or an existing ``.py`` file (bad data, where a missing folder is a bad
    option)."""


def check_output(path, *, inputs: Iterable = (), name: str | None = None) -> Path:
    """Refuse, before any work, an output that would replace an input or a ``.py``
    file, or that cannot be written. ``inputs`` are the files the run reads: an output
    that names one (its symlinks followed) is refused even where it does not exist yet
    (a register of sources the run would read once written), and one that is an
    existing input under another name (a hard link) by its inode; ``name`` starts the
    error message (default: the path). Returns where the output will be written:
    ``path`` with its symlinks followed."""
    name = str(path) if name is None else name
    real = Path(os.path.realpath(path))
    inputs = list(inputs)
    for source in inputs:  # by name, whether or not it exists yet: the run would read it
        if os.path.realpath(source) == str(real):
            _refuse_input(name, source)
    try:
        out = os.stat(real)
    except (FileNotFoundError, NotADirectoryError):  # the folder is checked below
        out = None
    except OSError as err:
        raise OutputError(f"{name}: cannot be written ({err.strerror})") from None
    if out is not None:
        for source in inputs:
            try:
                inp = os.stat(source)
            except OSError:
                continue
            if (inp.st_dev, inp.st_ino) == (out.st_dev, out.st_ino):
                _refuse_input(name, source)
        if stat.S_ISDIR(out.st_mode):
            raise OutputError(f"{name}: cannot be written: it is a folder")
        if not stat.S_ISREG(out.st_mode):
            raise OutputError(f"{name}: cannot be written: it is not a regular file")
        if real.suffix.lower() == ".py":
            raise OverwriteError(f"{name}: is the Python file {str(real)!r}; bacc-edge "
                                 f"never writes over a .py file: name another file")
        if out.st_nlink > 1:  # one of several names of a file, perhaps a .py under any name
            raise OverwriteError(f"{name}: is a hard link, one of {out.st_nlink} names of "
                                 f"the same file (perhaps someone's .py file); bacc-edge "
                                 f"never writes over a file that has other names: name "
                                 f"another file")
    folder = real.parent
    if not folder.is_dir():
        raise OutputError(f"{name}: cannot be written: the folder {str(folder)!r} "
                          f"does not exist")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise OutputError(f"{name}: cannot be written: the folder {str(folder)!r} "
                          f"cannot be written to")
    return real


def _refuse_input(name: str, source) -> None:
    how = "the same file" if os.path.exists(source) else "which the run reads once it exists"
    raise OverwriteError(f"{name}: is the input {str(source)!r} ({how}); bacc-edge never "
                         f"writes over its input: name another file")


def write_output(path, content: str | bytes | Callable[[Path], None], *,
                 inputs: Iterable = (), name: str | None = None) -> Path:
    """Write ``content`` to ``path`` after :func:`check_output`, all at once: text (as
    UTF-8) or bytes, or a function that writes the file it is given (a temporary one
    in the same folder, of the same ending, so that a writer that reads the format
    from the name, as matplotlib does, sees it). Whatever goes wrong, the old file is
    left as it was and no temporary file remains; an error of the disk is an
    :class:`OutputError`, an error of ``content`` propagates. Returns ``path``."""
    name = str(path) if name is None else name
    real = check_output(path, inputs=inputs, name=name)
    tmp = real.parent / f".{real.stem}.{secrets.token_hex(6)}.tmp{real.suffix}"
    try:
        with _disk(name):
            old_mode = stat.S_IMODE(os.stat(real).st_mode) if real.exists() else None
            # a new output gets the permissions the umask gives; a replaced one keeps its own
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
            try:
                if old_mode is not None:
                    os.fchmod(fd, old_mode)
                if not callable(content):
                    data = content.encode("utf-8") if isinstance(content, str) else content
                    view = memoryview(data)
                    while view:
                        view = view[os.write(fd, view):]
                    os.fsync(fd)
            finally:
                os.close(fd)
        if callable(content):
            content(tmp)  # its own errors are its caller's to word
            with _disk(name):
                sync_to_disk(tmp)
        with _disk(name):
            os.replace(tmp, real)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    with _disk(name):
        sync_to_disk(real.parent)  # the rename itself, on disk
    return Path(path)


@contextmanager
def _disk(name: str):
    """Turn an error of the disk (full, read-only, permissions) into one line naming
    the output."""
    try:
        yield
    except OSError as err:
        raise OutputError(f"{name}: cannot be written ({err.strerror or err})") from None


def sync_to_disk(path) -> None:
    """Sync a file or a folder (so that a rename in it survives a crash) to disk."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


__all__ = ["OutputError", "OverwriteError", "check_output", "write_output"]
