"""The command line's side of progress (:mod:`bacc_edge.util.progress`): a progress bar with
its ETA on stderr when stderr is a terminal, and nothing at all otherwise (a log file
never fills with bar frames); it appears only once the work has run past
:data:`SHOW_AFTER_SECONDS`, so quick commands stay quiet. The library never imports it.
"""

from __future__ import annotations

import contextlib
import sys
import threading
import time
from typing import Iterator

import click

from ..util.progress import Progress

#: Seconds of work before a bar is drawn: anything quicker shows nothing.
SHOW_AFTER_SECONDS = 1.0


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
    state: dict = {"bar": None, "done": 0, "total": None, "over": False}

    def draw() -> None:  # under the lock: the bar as the last step left it
        if state["bar"] is None:
            state["bar"] = click.progressbar(length=max(state["total"], 1), label=label,
                                             show_eta=True, file=sys.stderr)
        drawn = state["bar"]
        if state["total"] != drawn.length:  # a stage found more work than announced
            drawn.length = max(state["total"], 1)
        drawn.update(max(state["done"] - drawn.pos, 0))
        drawn.render_progress()

    def on_progress(done: int, total: int) -> None:
        with lock:
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
    try:
        yield on_progress
    finally:
        timer.cancel()
        with lock:
            state["over"] = True
            if state["bar"] is not None:
                state["bar"].render_finish()


__all__ = ["SHOW_AFTER_SECONDS", "bar", "shown"]
