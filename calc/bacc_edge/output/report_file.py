"""A math report written to its file, as every kind of game's report is: HTML for
``.html`` (or ``.htm``), Markdown for ``.md``; the output checked before any counting,
never replacing the file the report reads or a ``.py``, written to a temporary file and
renamed into place (:mod:`~bacc_edge.util.safe_write`)."""

from __future__ import annotations

from pathlib import Path
from typing import Callable, TypeVar

from ..errors import OptionError
from ..util.arguments import path_argument
from ..util.safe_write import check_output, write_output

Report = TypeVar("Report")


def write_report(output, read: Callable[[], Path], make: Callable[[], Report],
                 html: Callable[[Report], str], markdown: Callable[[Report], str]) -> Path:
    """Write the report ``make()`` builds to ``output``, rendered by ``html`` or
    ``markdown`` as its suffix says; ``read()`` is the file the report reads (checked
    after ``output``, both before ``make`` counts anything). Returns the path written."""
    output = Path(path_argument(output, "output"))
    name = f"math report {str(output)!r}"
    source = read()
    check_output(output, inputs=[source], name=name)
    render = {".html": html, ".htm": html, ".md": markdown}.get(output.suffix.lower())
    if render is None:
        raise OptionError(f"{name}: name a .html or .md file")
    return write_output(output, render(make()), inputs=[source], name=name)


__all__ = ["write_report"]
