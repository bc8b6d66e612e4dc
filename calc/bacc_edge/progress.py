"""Progress of long work: the library reports it, the command line shows it.

The library never prints. A function that may run long takes ``on_progress``, a
callable given ``(done, total)`` — two whole numbers, ``done`` never decreasing, from
0 to ``total`` — after each step (a bet counted, a card removed, a batch of shoes
dealt). :class:`Steps` counts the steps of one piece of work and :func:`part` gives a
stage of a larger one its share of the whole, so that a command made of stages (a math
report: tables, deck counts, effects of removal, shoes) reports one monotone total.

:func:`bar` is the command line's side: a progress bar with its ETA on stderr when
stderr is a terminal, and nothing at all otherwise (a log file never fills with bar
frames); it appears only once the work has run past :data:`SHOW_AFTER_SECONDS`, so
quick commands stay quiet.
"""

from __future__ import annotations

import contextlib
import sys
import threading
import time
from typing import Callable, Iterator

import click

#: ``on_progress(done, total)``: see the module's docstring.
Progress = Callable[[int, int], None]

#: Seconds of work before a bar is drawn: anything quicker shows nothing.
SHOW_AFTER_SECONDS = 1.0


class Steps:
    """Counts the steps of one piece of work of ``total`` steps and tells
    ``on_progress`` (None: nobody listens) after each, starting at 0."""

    def __init__(self, on_progress: Progress | None, total: int):
        self.on_progress = on_progress
        self.total = max(int(total), 1)
        self.done = 0
        if on_progress is not None:
            on_progress(0, self.total)

    def __call__(self, steps: int = 1) -> None:
        self.done = min(self.done + steps, self.total)
        if self.on_progress is not None:
            self.on_progress(self.done, self.total)


def part(on_progress: Progress | None, start: int, size: int, whole: int) -> Progress | None:
    """The callback for a stage that fills ``size`` of the ``whole`` steps from
    ``start``: its own ``(done, total)`` scaled into that span."""
    if on_progress is None:
        return None

    def scaled(done: int, total: int) -> None:
        on_progress(start + (size * done) // max(total, 1), whole)

    return scaled


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


__all__ = ["Progress", "SHOW_AFTER_SECONDS", "Steps", "bar", "part", "shown"]
