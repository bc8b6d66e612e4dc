"""Progress of long work: the library reports it, the command line shows it.

The library never prints. A function that may run long takes ``on_progress``, a
callable given ``(done, total)`` — two whole numbers, ``done`` never decreasing, from
0 to ``total`` — after each step (a bet counted, a card removed, a batch of shoes
dealt). :class:`Steps` counts the steps of one piece of work and :func:`part` gives a
stage of a larger one its share of the whole, so that a command made of stages (a math
report: tables, deck counts, effects of removal, shoes) reports one monotone total.

The command line's side, the bar itself, is :mod:`bacc_edge.output.progress_bar`.
"""

from __future__ import annotations

from typing import Callable

#: ``on_progress(done, total)``: see the module's docstring.
Progress = Callable[[int, int], None]


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


__all__ = ["Progress", "Steps", "part"]
