"""Every file bacc-edge writes, keeps or locks goes through here, so that an output
never replaces what the user wrote and an interrupted or failed write never leaves half
a file.

*An output the user names* (a math report, a picture): refused when it is one of the
run's inputs (a paytable, the register of sources beside it, a file the paytable's code
read), however it is spelled: symlinks followed, ``..`` resolved, a hard link to the
same file caught by its device and inode; when it is an existing ``.py`` file, which is
always someone's code; and when it is a hard link (a file of several names, a ``.py``
file under another name among them: its content is known by its inode, not by the name
given). An output that is a symlink is written through it, to the file it names: the
user named it. :func:`write_output`.

*A file bacc-edge keeps* (a track session, a depth run's batches and definition, a
report of ``bacc-edge results``) is all that and more: never written or read through a
symlink (a link planted there would send the write elsewhere), never one of several
names of a file, and, where its writer says so, only over the very file it wrote last
(a session replaced while a track runs is refused, not overwritten); a private one
(a session, a depth state file) is created readable by its owner alone (``0600``).
:func:`write_owned`, :func:`read_owned`.

Either way the content goes to a new file of a unique name in the output's folder, is
synced to disk, and is renamed over the output (an atomic step), then the folder is
synced: the output is the old file or the whole new one, never a mix. An error of the
disk (full, read-only, permissions) is one line naming the file
(:class:`OutputError`), and what the write created is removed.

*A lock* (:class:`FileLock`): ``flock`` on a lock file bacc-edge creates itself, opened
without following a link, refused where it is not a plain file of one name, never
truncated: one left by a process that is gone is removed and made anew.
"""

from __future__ import annotations

import errno
import os
import re
import secrets
import stat
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, Callable, Iterable

try:
    import fcntl
except ImportError:  # no flock on this system (Windows): one run at a time is up to the user
    fcntl = None

from ..errors import BaccEdgeError

#: Open flags: never through a link, never handed to a child process, never blocked on
#: a FIFO planted where a file should be (0 where the system has no such flag).
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(
    os, "O_NONBLOCK", 0)
#: What :func:`write_owned` may replace when its caller names nothing: any plain file.
ANY = object()


class OutputError(BaccEdgeError):
    """An output file that must not or cannot be written: one of the run's inputs, an
    existing ``.py`` file, a folder, a link where bacc-edge keeps a file of its own, a
    folder that does not exist or cannot be written to, or a write the disk refuses.
    The message names the path and why."""


class OverwriteError(OutputError):
    """An output refused because it would replace what the user wrote: one of the run's
    inputs, an existing ``.py`` file, a link or a file of several names where bacc-edge
    keeps its own (bad data, where a missing folder is a bad option)."""


class LockedError(OutputError):
    """A lock another process holds: :attr:`holder` is its process id (None: unknown)."""

    def __init__(self, message: str, holder: int | None):
        super().__init__(message)
        self.holder = holder


@dataclass(frozen=True)
class FileId:
    """A file as the system knows it, whatever its name: its device and inode."""

    device: int
    inode: int

    @classmethod
    def of(cls, st: os.stat_result) -> "FileId":
        return cls(st.st_dev, st.st_ino)


def check_output(path, *, inputs: Iterable = (), name: str | None = None,
                 follow_links: bool = True) -> Path:
    """Refuse, before any work, an output that would replace an input or a ``.py``
    file, or that cannot be written. ``inputs`` are the files the run reads: an output
    that names one (its symlinks followed) is refused even where it does not exist yet
    (a register of sources the run would read once written), and one that is an
    existing input under another name (a hard link) by its inode; ``name`` starts the
    error message (default: the path). ``follow_links=False``: a file bacc-edge keeps,
    refused where it is a symlink. Returns where the output will be written: ``path``
    with its symlinks followed."""
    name = str(path) if name is None else name
    if not follow_links:
        refuse_link(path, name)
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
        _refuse_several_names(out, name)
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


def refuse_link(path, name: str) -> None:
    """Refuse a file or folder bacc-edge keeps that is a symlink (followed, it would
    write, or read, a file elsewhere); ``name`` starts the message."""
    try:
        st = os.lstat(path)
    except (FileNotFoundError, NotADirectoryError):
        return
    except OSError as err:
        raise OutputError(f"{name}: cannot be read ({err.strerror})") from None
    if stat.S_ISLNK(st.st_mode):
        raise OverwriteError(f"{name}: is a symbolic link (to {os.readlink(path)!r}); "
                             f"bacc-edge never writes or reads a file of its own through a "
                             f"link: remove the link, or name another file")


def _refuse_several_names(st: os.stat_result, name: str) -> None:
    if st.st_nlink > 1:  # one of several names of a file, perhaps a .py under any name
        raise OverwriteError(f"{name}: is a hard link, one of {st.st_nlink} names of the "
                             f"same file (perhaps someone's .py file); bacc-edge never "
                             f"writes over a file that has other names: name another file")


def _refuse_not_plain(st: os.stat_result, name: str) -> None:
    """Refuse a file bacc-edge keeps that is not a plain file of one name."""
    if not stat.S_ISREG(st.st_mode):
        raise OverwriteError(f"{name}: is not a regular file (a folder, a device or a "
                             f"pipe); bacc-edge keeps its own files as plain files: remove "
                             f"it, or name another file")
    _refuse_several_names(st, name)


def write_output(path, content: str | bytes | Callable[[Path], None], *,
                 inputs: Iterable = (), name: str | None = None) -> Path:
    """Write ``content`` to ``path``, an output the user named, after
    :func:`check_output`, all at once: text (as UTF-8) or bytes, or a function that
    writes the file it is given (a temporary one in the same folder, of the same ending,
    so that a writer that reads the format from the name, as matplotlib does, sees it).
    Whatever goes wrong, the old file is left as it was and no temporary file remains;
    an error of the disk is an :class:`OutputError`, an error of ``content`` propagates.
    A new output gets the permissions the umask gives, a replaced one keeps its own.
    Returns ``path``."""
    name = str(path) if name is None else name
    real = check_output(path, inputs=inputs, name=name)
    _write(real, content, name, private=False, before_rename=None)
    return Path(path)


def write_owned(path, content: str | bytes | Callable[[Path], None], *, inputs: Iterable = (),
                name: str | None = None, private: bool = True, replaces=ANY) -> FileId:
    """Write ``content`` to ``path``, a file bacc-edge keeps, as :func:`write_output`
    does (text, bytes, or a function that writes the file it is given), and more:
    ``path`` is refused where it is a symlink or a file of several names, when it is
    checked and again just before the rename; ``replaces``, the
    :class:`FileId` of the file it may replace (None: no file may be there; :data:`ANY`:
    any plain file), refuses any other file found there then (a file the user put in
    its place, or a link). ``private``: created readable and writable by its owner
    alone, ``0600`` (else as :func:`write_output`). Returns the new file's
    :class:`FileId`."""
    name = str(path) if name is None else name
    real = check_output(path, inputs=inputs, name=name, follow_links=False)

    def still_ours() -> None:
        try:
            st = os.lstat(real)
        except FileNotFoundError:
            return
        if stat.S_ISLNK(st.st_mode):
            refuse_link(real, name)
        _refuse_not_plain(st, name)
        if replaces is not ANY and FileId.of(st) != replaces:
            raise OverwriteError(f"{name}: is not the file bacc-edge wrote there (another "
                                 f"took its place since); bacc-edge never replaces a file it "
                                 f"did not write: it is left as it is")

    return _write(real, content, name, private=private, before_rename=still_ours)


def _write(real: Path, content, name: str, *, private: bool,
           before_rename: Callable[[], None] | None) -> FileId:
    """The temporary file beside ``real``, written, synced and renamed over it."""
    tmp = real.parent / f".{real.stem}.{secrets.token_hex(6)}.tmp{real.suffix}"
    try:
        with _disk(name):
            old_mode = None if private else _mode(real)
            # a new output gets the permissions the umask gives; a replaced one keeps its own
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW,
                         0o600 if private else 0o666)
            try:
                written = FileId.of(os.fstat(fd))
                if old_mode is not None:
                    os.fchmod(fd, old_mode)
                if not callable(content):
                    _write_all(fd, content.encode("utf-8") if isinstance(content, str)
                               else content)
                    os.fsync(fd)
            finally:
                os.close(fd)
        if callable(content):
            content(tmp)  # its own errors are its caller's to word
            with _disk(name):
                sync_to_disk(tmp)
        with _disk(name):
            if before_rename is not None:
                before_rename()
            os.replace(tmp, real)
    except BaseException:
        with suppress(OSError):
            tmp.unlink(missing_ok=True)
        raise
    with _disk(name):
        sync_to_disk(real.parent)  # the rename itself, on disk
    return written


def _mode(real: Path) -> int | None:
    try:
        return stat.S_IMODE(os.stat(real).st_mode)
    except FileNotFoundError:
        return None


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def read_owned(path, *, name: str | None = None) -> tuple[bytes, FileId] | None:
    """The content of a file bacc-edge keeps and its :class:`FileId`, read without
    following a link; None when there is no such file. A symlink, or anything but a
    plain file of one name, is refused (:class:`OverwriteError`); a file that cannot
    be read is an :class:`OutputError`."""
    name = str(path) if name is None else name
    opened = open_owned(path, name=name)
    if opened is None:
        return None
    with opened:
        st = os.fstat(opened.fileno())
        chunks = []
        with _disk(name, "read"):
            while chunk := opened.read(1 << 20):
                chunks.append(chunk)
    return b"".join(chunks), FileId.of(st)


def open_owned(path, *, name: str | None = None) -> BinaryIO | None:
    """A file bacc-edge keeps, opened to be read as a binary file (the caller closes
    it) without following a link; None when there is no such file. Refused as
    :func:`read_owned` refuses: a symlink, anything but a plain file of one name, a
    file that cannot be opened."""
    name = str(path) if name is None else name
    try:
        fd = os.open(path, os.O_RDONLY | _NOFOLLOW)
    except (FileNotFoundError, NotADirectoryError):
        return None
    except OSError as err:
        if err.errno == errno.ELOOP:
            refuse_link(path, name)
        raise OutputError(f"{name}: cannot be read ({err.strerror})") from None
    try:
        _refuse_not_plain(os.fstat(fd), name)
    except BaseException:
        os.close(fd)
        raise
    return os.fdopen(fd, "rb")


@contextmanager
def _disk(name: str, doing: str = "written"):
    """Turn an error of the disk (full, read-only, permissions) into one line naming
    the file."""
    try:
        yield
    except OSError as err:
        raise OutputError(f"{name}: cannot be {doing} ({err.strerror or err})") from None


def sync_to_disk(path) -> None:
    """Sync a file or a folder (so that a rename in it survives a crash) to disk."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


class FileLock:
    """The exclusive lock of ``path``, a lock file bacc-edge creates (``0600``), taken at
    once or refused: :class:`LockedError` (``name`` starts its message) gives the
    process holding it. The file is opened without following a link and refused where
    it is not a plain file of one name; it is never truncated: a lock file left by a
    process that is gone (holding its process id, or nothing) is removed and made anew,
    one holding anything else is refused as someone's file. Held until :meth:`release`
    (which removes the file) or the end of the process, however it ends: the kernel
    releases a ``flock`` with its process. Where the system has no ``flock`` there is
    no lock (:attr:`held` is False)."""

    def __init__(self, path, name: str):
        self.path = Path(path)
        self._fd: int | None = None
        if fcntl is None:
            return
        what = f"{name}: its lock file {str(self.path)!r}"
        while self._fd is None:
            fd, made = self._open(what)
            try:
                self._take(fd, made, what)
            finally:
                if self._fd != fd:
                    os.close(fd)

    def _open(self, what: str) -> tuple[int, bool]:
        """The lock file, created here (True) or found (False)."""
        while True:
            try:
                return os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_EXCL | _NOFOLLOW,
                               0o600), True
            except FileExistsError:
                refuse_link(self.path, what)  # (and O_NOFOLLOW below, should it be one now)
            except OSError as err:
                raise OutputError(f"{what} cannot be made ({err.strerror})") from None
            try:
                return os.open(self.path, os.O_RDWR | _NOFOLLOW), False
            except FileNotFoundError:  # removed as we looked: make it
                continue
            except OSError as err:
                if err.errno == errno.ELOOP:
                    refuse_link(self.path, what)
                raise OutputError(f"{what} cannot be opened ({err.strerror})") from None

    def _take(self, fd: int, made: bool, what: str) -> None:
        """Lock ``fd`` and, where it is the lock file now on disk and made here, hold
        it; a stale lock file found is removed, for the caller to make anew."""
        _refuse_not_plain(os.fstat(fd), what)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise LockedError(f"{what} is held by another process", _read_pid(fd)) from None
        if not self._is_on_disk(fd):  # its holder removed it as we opened it: again
            return
        if not made:
            left = os.pread(fd, 64, 0)
            if not re.fullmatch(rb"(\d+\n)?", left):
                raise OverwriteError(f"{what} exists and is not one bacc-edge made; it is left "
                                     f"as it is: remove it if it is no one's")
            self.path.unlink()  # left by a process that is gone: made anew
            return
        try:
            _write_all(fd, f"{os.getpid()}\n".encode())
        except OSError as err:
            self.path.unlink(missing_ok=True)
            raise OutputError(f"{what} cannot be written ({err.strerror or err})") from None
        self._fd = fd

    def _is_on_disk(self, fd: int) -> bool:
        try:
            on_disk = os.lstat(self.path)
        except FileNotFoundError:
            return False
        return FileId.of(on_disk) == FileId.of(os.fstat(fd))

    @property
    def held(self) -> bool:
        return self._fd is not None

    def release(self) -> None:
        """Remove the lock file and let the lock go (removed while still held, so that
        no other process's lock file is ever removed)."""
        if self._fd is None:
            return
        with suppress(OSError):  # a folder made read-only meanwhile: the lock goes all the same
            if self._is_on_disk(self._fd):
                self.path.unlink()
        os.close(self._fd)
        self._fd = None

    def __enter__(self) -> "FileLock":
        return self

    def __exit__(self, *exc) -> None:
        self.release()


def _read_pid(fd: int) -> int | None:
    try:
        text = os.pread(fd, 32, 0).decode("ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return int(text) if text.isdigit() else None


__all__ = ["ANY", "FileId", "FileLock", "LockedError", "OutputError", "OverwriteError",
           "check_output", "open_owned", "read_owned", "refuse_link", "sync_to_disk",
           "write_output", "write_owned"]
