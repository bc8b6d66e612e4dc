"""The access token of a live page reachable from other machines: a fresh one at every
start, or one kept in a file across restarts (``bacc-edge track --token-file``), so
that the page's address, and a bookmark of it, stays the same.

A token file is the user's secret, treated as ssh treats a private key: it is read only
where it is a regular file (not a symlink) of this user that no one else may read or
write, holding one token; where it is missing it is created so, readable by its user
alone from its first byte, through :func:`~bacc_edge.util.safe_write.write_owned` (a
private temporary file renamed into place). A refusal never quotes the file's content.
"""

from __future__ import annotations

import errno
import os
import re
import secrets
import stat
from pathlib import Path

from ..errors import OptionError
from ..util.safe_write import write_owned

#: Random bytes in a fresh token (its text is 24 URL-safe characters, 144 bits).
TOKEN_BYTES = 18
#: What a token is: URL-safe characters (it travels in the page's address and a
#: header, unquoted), at least as many as a fresh one has.
TOKEN = re.compile(r"[A-Za-z0-9_-]{24,256}")
#: The most a token file is read of (a token and its line end fit many times over).
MOST_READ = 4096


def new_token() -> str:
    """A fresh access token."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def kept_token(path) -> str:
    """The token kept in the file ``path``: read where it exists, else a fresh one
    written there (mode 0600). :class:`~bacc_edge.errors.OptionError` where the file
    is not a regular file of this user that only it may use, holds no token, or
    cannot be read or made."""
    name = f"token file {str(path)!r}"
    if not str(path):
        raise OptionError(f"{name}: the name is empty; give a file name")
    try:  # not following a symlink; a FIFO opened without waiting for a writer
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0))
    except FileNotFoundError:
        token = new_token()
        _create(Path(path), token, name)
        return token
    except OSError as err:
        if err.errno == errno.ELOOP:
            raise OptionError(f"{name}: is a symlink; a token is read only from a file "
                              f"itself: name the file it points to") from None
        raise OptionError(f"{name}: cannot be read ({err.strerror})") from None
    try:
        return _read(fd, name)
    finally:
        os.close(fd)


def _read(fd: int, name: str) -> str:
    """The token in the open file ``fd``, once the file is found to be one of ours."""
    info = os.fstat(fd)
    if stat.S_ISDIR(info.st_mode):
        raise OptionError(f"{name}: is a folder; name a file (made where it is missing)")
    if not stat.S_ISREG(info.st_mode):
        raise OptionError(f"{name}: is not a regular file; name a file (made where it is "
                          f"missing)")
    if hasattr(os, "geteuid") and info.st_uid != os.geteuid():
        raise OptionError(f"{name}: belongs to another user (uid {info.st_uid}); a token "
                          f"is read only from a file of this user's")
    if info.st_mode & 0o077:
        raise OptionError(f"{name}: others may read or write it (mode "
                          f"{stat.S_IMODE(info.st_mode):04o}); a token is a secret: "
                          f"chmod 600 it, or name a file to be made")
    try:
        text = os.read(fd, MOST_READ + 1).decode("ascii").strip()
    except UnicodeDecodeError:
        text = ""
    except OSError as err:
        raise OptionError(f"{name}: cannot be read ({err.strerror})") from None
    if not TOKEN.fullmatch(text):
        raise OptionError(f"{name}: holds no token: a token is one line of 24 to 256 "
                          f"letters, digits, '-' or '_' (a missing file is made with one)")
    return text


def _create(path: Path, token: str, name: str) -> None:
    """Write ``token`` to the new file ``path``, readable and writable by this user
    alone from its first byte; a file that appeared there meanwhile is left alone."""
    try:
        write_owned(path, f"{token}\n", name=name, replaces=None)
    except OSError as err:  # the disk's own errors (write_owned words its own)
        raise OptionError(f"{name}: cannot be written ({err.strerror})") from None


__all__ = ["TOKEN", "kept_token", "new_token"]
