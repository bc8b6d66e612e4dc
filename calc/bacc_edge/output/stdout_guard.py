"""The command's stdout, guarded: an output that cannot be written (a full disk,
``> /dev/full``, a quota) ends the command with one error line and exit code 1, never a
traceback, and never a figure silently lost.

Every command writes its output through ``sys.stdout`` (``click.echo``); while
:func:`guarded_stdout` is in force, ``sys.stdout`` is a thin stand-in that turns an
``OSError`` of a write or a flush into :class:`OutputNotWritten`, so that an error of
stdout is told from one of a file the command reads or writes. A closed pipe (EPIPE:
``bacc-edge … | head -1``) passes through unchanged, to click, which ends the command
quietly, as is usual for a pipe whose reader has gone.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sys
from typing import Iterator


class OutputNotWritten(Exception):
    """stdout refused a write or a flush (its ``OSError`` is the cause)."""

    def __init__(self, err: OSError):
        super().__init__(f"stdout: cannot write the output ({err.strerror or err}); what "
                         f"reached it is incomplete")


class _Guarded:
    """``stream`` as it is, but for a write or flush that fails with anything other than
    a closed pipe.

    Text goes to the stream's binary ``buffer`` until every byte is taken: Python's text
    layer drops the rest of a short write in silence (an unbuffered stdout,
    ``PYTHONUNBUFFERED=1``, on a disk that fills up mid-write keeps the first bytes and
    reports success), while asking again for the rest gets the disk's error."""

    def __init__(self, stream):
        self._stream = stream

    def _call(self, name: str, *args):
        try:
            return getattr(self._stream, name)(*args)
        except OSError as err:
            if err.errno == errno.EPIPE:
                raise
            raise OutputNotWritten(err) from err

    def write(self, text):
        buffer = getattr(self._stream, "buffer", None)
        if buffer is None or not isinstance(text, str) or os.linesep != "\n":
            return self._call("write", text)  # no bytes beneath, or newlines to translate
        self._call("flush")  # what the text layer holds goes first, in order
        rest = memoryview(text.encode(self._stream.encoding or "utf-8",
                                      self._stream.errors or "strict"))
        while rest:
            written = self._call_on(buffer, rest)
            rest = rest[written:]
        return len(text)

    def _call_on(self, buffer, data) -> int:
        """``buffer.write(data)``: how many bytes it took (None, a stream that would
        block, is none of them)."""
        try:
            return buffer.write(data) or 0
        except OSError as err:
            if err.errno == errno.EPIPE:
                raise
            raise OutputNotWritten(err) from err

    def writelines(self, lines):
        return self._call("writelines", lines)

    def flush(self):
        return self._call("flush")

    def __getattr__(self, name: str):
        return getattr(self._stream, name)


def _silence(stream) -> None:
    """Point ``stream``'s file descriptor at the null device, so that what is still
    buffered for it goes nowhere at exit instead of failing again (Python would print
    that failure and exit 120). A stream with no descriptor (a test's) is left be."""
    try:
        fd = stream.fileno()
        null = os.open(os.devnull, os.O_WRONLY)
    except (OSError, ValueError, AttributeError):
        return
    os.dup2(null, fd)
    os.close(null)


@contextlib.contextmanager
def guarded_stdout() -> Iterator[None]:
    """Run the block with ``sys.stdout`` guarded; a write that fails raises
    :class:`OutputNotWritten` out of it, the real stream silenced first."""
    real = sys.stdout
    if real is None:  # no stdout at all (pythonw): nothing to guard
        yield
        return
    guard = _Guarded(real)
    sys.stdout = guard
    try:
        yield
        guard.flush()  # what is still buffered fails here, not at exit
    except OutputNotWritten:
        _silence(real)
        raise
    finally:
        if sys.stdout is guard:
            sys.stdout = real


__all__ = ["OutputNotWritten", "guarded_stdout"]
