"""One track at a time on a session file: an exclusive lock, so that a second server
(or script) on the same ``--session`` is refused at its start instead of overwriting
the first one's shoe at its next card (the last writer would win and the other shoe be
lost).

The lock is a :class:`~bacc_edge.util.safe_write.FileLock` on a lock file beside the
session (``.NAME.lock``; the session itself is replaced by a rename at every save, so a
lock on it would not outlive the first card): made by the track itself, never a link or
a file of other names, never truncated. The kernel releases it when its process ends,
however it ends (Ctrl-C, SIGTERM, SIGKILL, a crash): a session is never left locked by a
process that is gone. The lock file holds the process id of its holder, for the message;
it is removed when the lock is released by :meth:`SessionLock.release`. Where the system
has no ``flock`` (Windows) there is no lock.
"""

from __future__ import annotations

import os
from pathlib import Path

from ..errors import BaccEdgeError
from ..util.safe_write import FileLock, LockedError


class SessionBusyError(BaccEdgeError):
    """A session another process is tracking: the message names it and the process."""


class SessionLock:
    """The exclusive lock on the session ``path`` (the folder's symlinks followed), taken
    at once or refused: :class:`SessionBusyError` names ``name`` and the process holding
    it. Held until :meth:`release` or the end of the process."""

    def __init__(self, path: Path, name: str):
        path = Path(path)
        self.path = Path(os.path.realpath(path.parent)) / path.name
        self.file = self.path.with_name(f".{self.path.name}.lock")
        try:
            self._lock = FileLock(self.file, name)
        except LockedError as err:
            holder = err.holder
            who = ("" if holder is None else " (another LiveTrack of this process: close "
                   "it first)" if holder == os.getpid() else f" (process {holder})")
            raise SessionBusyError(f"{name}: another bacc-edge track is using it{who}; "
                                   f"stop that one first, or name another --session"
                                   ) from None

    @property
    def held(self) -> bool:
        return self._lock.held

    def release(self) -> None:
        """Remove the lock file and let the lock go."""
        self._lock.release()


__all__ = ["SessionBusyError", "SessionLock"]
