"""Where the analyses' results find the output layer that draws them.

A result (a bet's table, its effects of removal, a deck comparison, a solved pay) shows
itself as a table in a notebook and turns into a pandas DataFrame
(:mod:`bacc_edge.util.shown`); drawing it is the output layer's work
(:mod:`bacc_edge.output.notebook`), which no layer below the output may import (imports
run one way: tests/project/test_layers.py). So the package's top, above every layer, names the
drawer here as the package is imported (``bacc_edge/__init__.py``), and a result asks
for it when it is shown. This module imports nothing, so the package's start-up does
not grow.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing's, without importing typing at start-up
if TYPE_CHECKING:
    from typing import Any, Callable, Protocol

    class Drawer(Protocol):
        """What the drawer does (the module :mod:`bacc_edge.output.notebook`)."""

        def html(self, shown: object) -> str | None: ...

        def text(self, shown: object) -> str: ...

        def data_frame(self, shown: object) -> Any: ...

_find: Callable[[], Drawer] | None = None


def draw_with(find: Callable[[], Drawer]) -> None:
    """Name ``find``, which returns the drawer (importing it the first time):
    ``bacc_edge/__init__.py`` calls this once, before any result exists."""
    global _find
    _find = find


def drawer() -> Drawer:
    """The output layer's drawer."""
    assert _find is not None, "bacc_edge/__init__.py names the drawer as it is imported"
    return _find()
