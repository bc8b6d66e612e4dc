"""One track at a time on a session file: an exclusive lock, so that a second server
(or script) on the same ``--session`` is refused at its start instead of overwriting
the first one's shoe at its next card (the last writer would win and the other shoe be
lost).

The lock is ``flock`` on a lock file beside the session (``.NAME.lock``; the session
itself is replaced by a rename at every save, so a lock on it would not outlive the
first card). The kernel releases a flock when its process ends, however it ends (Ctrl-C,
SIGTERM, SIGKILL, a crash): a session is never left locked by a process that is gone.
The lock file holds the process id of its holder, for the message; it is removed when
the lock is released by :meth:`SessionLock.release`, and a lock taken on a file that was
removed meanwhile is taken again on the new one, so two holders can never meet.
Where the system has no ``flock`` (Windows) there is no lock.
"""

from __future__ import annotations

import os
from pathlib import Path

try:
    import fcntl
except ImportError:  # no flock on this system: one track at a time is up to the user
    fcntl = None

from ..errors import BaccEdgeError


class SessionBusyError(BaccEdgeError):
    """A session another process is tracking: the message names it and the process."""


class SessionLock:
    """The exclusive lock on the session ``path`` (its symlinks followed), taken at
    once or refused: :class:`SessionBusyError` names ``name`` and the process holding
    it. Held until :meth:`release` or the end of the process."""

    def __init__(self, path: Path, name: str):
        self.path = Path(os.path.realpath(path))
        self.file = self.path.with_name(f".{self.path.name}.lock")
        self._fd: int | None = None
        if fcntl is None:
            return
        while self._fd is None:
            fd = self._open(name)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                holder = _read_pid(fd)
                os.close(fd)
                who = ("" if holder is None else " (another LiveTrack of this process: close "
                       "it first)" if holder == os.getpid() else f" (process {holder})")
                raise SessionBusyError(f"{name}: another bacc-edge track is using it{who}; "
                                       f"stop that one first, or name another --session"
                                       ) from None
            if self._same_file(fd):
                self._fd = fd
            else:  # its holder removed it as we opened it: take the new one
                os.close(fd)
        os.ftruncate(self._fd, 0)
        os.write(self._fd, f"{os.getpid()}\n".encode())

    def _open(self, name: str) -> int:
        try:
            return os.open(self.file, os.O_RDWR | os.O_CREAT, 0o666)
        except OSError as err:
            raise SessionBusyError(f"{name}: its lock file {str(self.file)!r} cannot be "
                                   f"made ({err.strerror})") from None

    def _same_file(self, fd: int) -> bool:
        try:
            on_disk = os.stat(self.file)
        except FileNotFoundError:
            return False
        held = os.fstat(fd)
        return (held.st_dev, held.st_ino) == (on_disk.st_dev, on_disk.st_ino)

    @property
    def held(self) -> bool:
        return self._fd is not None

    def release(self) -> None:
        """Remove the lock file and let the lock go (removed while still held, so that
        no other process's lock file is ever removed)."""
        if self._fd is None:
            return
        try:
            self.file.unlink(missing_ok=True)
        except OSError:  # a folder made read-only meanwhile: the lock goes all the same
            pass
        os.close(self._fd)
        self._fd = None


def _read_pid(fd: int) -> int | None:
    try:
        text = os.pread(fd, 32, 0).decode("ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return int(text) if text.isdigit() else None


__all__ = ["SessionBusyError", "SessionLock"]
