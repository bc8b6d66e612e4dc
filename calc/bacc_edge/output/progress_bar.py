"""The command line's side of progress (:mod:`bacc_edge.util.progress`): a progress bar with
its ETA on stderr when stderr is a terminal, and nothing at all otherwise (a log file
never fills with bar frames); it appears only once the work has run past
:data:`SHOW_AFTER_SECONDS`, so quick commands stay quiet. The library never imports it.

The ETA is the pace since the first step was done, times the steps left: the first
step pays for what the others do not (numba compiling the kernels on a fresh cache, a
cluster starting), so a guess from it would be hours off. Until a second step is done
no ETA is shown: there is nothing yet to tell it by.

A line told while a bar is drawn (a notice of a long count, :func:`aside`) is written on a
line of its own above the bar, which is drawn again below it. A bar hides the terminal's
cursor while it is drawn; stopped by SIGTERM, the command still shows it again.
"""

from __future__ import annotations

import contextlib
import signal
import sys
import threading
import time
from typing import Iterator

import click

from ..util.progress import Progress

#: Seconds of work before a bar is drawn: anything quicker shows nothing.
SHOW_AFTER_SECONDS = 1.0
#: The bars open now, innermost last: each its lock and its state (its drawn bar, if any)
_OPEN: list = []


def shown(stream=None) -> bool:
    """Whether a bar can be seen: the stream (stderr by default) is a terminal."""
    stream = sys.stderr if stream is None else stream
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):  # a closed or unusual stream: no bar
        return False


@contextlib.contextmanager
def bar(label: str, *, quiet: bool = False) -> Iterator[Progress | None]:
    """A progress bar on stderr, as an ``on_progress`` callback for the library: drawn
    (with its ETA) once the work has run :data:`SHOW_AFTER_SECONDS` — by a timer, so a
    first step that takes long (a cluster starting) still shows the bar — only on a
    terminal, and finished when the block ends. None when nothing would be shown
    (``quiet``, or stderr is not a terminal), so the library skips the calls."""
    if quiet or not shown():
        yield None
        return
    lock = threading.Lock()
    started = time.monotonic()
    state: dict = {"bar": None, "done": 0, "total": None, "over": False, "first": None}

    def draw() -> None:  # under the lock: the bar as the last step left it
        if state["bar"] is None:
            state["bar"] = click.progressbar(length=max(state["total"], 1), label=label,
                                             show_eta=False, item_show_func=lambda eta: eta,
                                             file=sys.stderr)
        drawn = state["bar"]
        if state["total"] != drawn.length:  # a stage found more work than announced
            drawn.length = max(state["total"], 1)
        drawn.update(max(state["done"] - drawn.pos, 0), current_item=_eta(state))
        drawn.render_progress()

    def on_progress(done: int, total: int) -> None:
        with lock:
            if done > 0 and state["first"] is None:
                state["first"] = (time.monotonic(), done)
            state["done"], state["total"] = done, total
            if state["bar"] is not None or time.monotonic() - started >= SHOW_AFTER_SECONDS:
                draw()

    def due() -> None:
        with lock:
            if not state["over"] and state["total"] is not None:
                draw()

    timer = threading.Timer(SHOW_AFTER_SECONDS, due)
    timer.daemon = True
    timer.start()
    _OPEN.append((lock, state))
    terminated = _exit_on_sigterm()
    try:
        yield on_progress
    finally:
        timer.cancel()
        if terminated is not None:
            signal.signal(signal.SIGTERM, terminated)
        _OPEN.remove((lock, state))
        with lock:
            state["over"] = True
            if state["bar"] is not None:
                state["bar"].render_finish()


def aside(message: str) -> None:
    """``message`` on stderr, on a line of its own: where a bar is drawn, its line is
    cleared first and the bar drawn again below it (a notice told during a count was
    written on the end of the bar: "…  0%bet 'SuitByCard': counting …")."""
    if not _OPEN:
        click.echo(message, err=True)
        return
    lock, state = _OPEN[-1]
    with lock:
        drawn = state["bar"] if not state["over"] else None
        if drawn is not None:
            sys.stderr.write("\r\x1b[2K")
        click.echo(message, err=True)
        if drawn is not None:
            drawn.render_progress()


def _exit_on_sigterm():
    """Make SIGTERM exit as an error does (SystemExit, 143), so that the bar is finished
    and the cursor it hid shown again; the handler it replaced, to put back (None where
    it left it alone: not the main thread, or a handler of the caller's own)."""
    if threading.current_thread() is not threading.main_thread():
        return None
    previous = signal.getsignal(signal.SIGTERM)
    if previous is not signal.SIG_DFL:
        return None

    def terminate(signum, frame):
        raise SystemExit(128 + signal.SIGTERM)

    signal.signal(signal.SIGTERM, terminate)
    return previous


def _eta(state: dict) -> str:
    """The time left as click writes it (``00:04:10``, ``2d 03:00:00``), from the pace
    since the first step was done; "" before a second step, and once all is done."""
    first, done, total = state["first"], state["done"], state["total"]
    if first is None or done <= first[1] or done >= total:
        return ""
    seconds = int((time.monotonic() - first[0]) / (done - first[1]) * (total - done))
    days, rest = divmod(seconds, 86400)
    clock = f"{rest // 3600:02}:{rest // 60 % 60:02}:{rest % 60:02}"
    return f"{days}d {clock}" if days else clock


__all__ = ["SHOW_AFTER_SECONDS", "aside", "bar", "shown"]
