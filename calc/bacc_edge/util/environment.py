"""Settings bacc-edge reads from the environment, about how it counts, not what: the
figures are the same whatever they say.

- :data:`THREADS` (``BACC_EDGE_THREADS``): the most threads a count of a bet on the
  cards deals on (:mod:`~bacc_edge.engine.count_threads`); unset, every core.
- :data:`COUNT_MINUTES` (``BACC_EDGE_COUNT_MINUTES``): the most minutes of CPU a count
  may be estimated to take before it is refused
  (:func:`~bacc_edge.engine.card_plan.time_limit`); unset, ten.

- :data:`TABLES` (``BACC_EDGE_TABLES``): the folder the tables of a count by ranks and
  suits apart are kept in (:mod:`~bacc_edge.util.kept_arrays`), an absolute path (``~``
  is the home folder: never the folder a command runs from), or ``0`` to keep none;
  unset, beside the compiled kernels.

Each is read where it is used, so a process sees a change at its next count (and the
worker processes of a local cluster inherit it). A number is written as a number option
is (:data:`~bacc_edge.util.number_grammar.OPTION_WHOLE`,
:data:`~bacc_edge.util.number_grammar.OPTION_DECIMAL`: ASCII digits, nothing round them),
a folder as an absolute path, nothing round it; an empty value is unset; any other is an
:class:`~bacc_edge.errors.OptionError`, one line from the command.
"""

from __future__ import annotations

import os
from pathlib import Path

from ..errors import OptionError
from .number_grammar import OPTION_DECIMAL, OPTION_WHOLE, loosely_written

THREADS = "BACC_EDGE_THREADS"
COUNT_MINUTES = "BACC_EDGE_COUNT_MINUTES"
TABLES = "BACC_EDGE_TABLES"


def whole_setting(name: str, default: int) -> int:
    """The whole number from 1 the variable ``name`` holds, or ``default`` where it is
    unset or empty."""
    text = os.environ.get(name, "")
    if not text:
        return default
    written = OPTION_WHOLE.fullmatch(text)
    if not written or int(text) < 1:
        raise OptionError(f"{name}={text!r}: give a whole number from 1, e.g. {name}=2 "
                          f"(unset: {_unset(name)}){_hint(text, written)}")
    return int(text)


def minutes_setting(name: str, default: float) -> float:
    """The number of minutes above 0 the variable ``name`` holds, or ``default`` where it
    is unset or empty."""
    text = os.environ.get(name, "")
    if not text:
        return default
    written = OPTION_DECIMAL.fullmatch(text)
    if not written or not 0 < float(text) < float("inf"):
        raise OptionError(f"{name}={text!r}: give a number of minutes above 0, e.g. "
                          f"{name}=60 (unset: {_unset(name)}){_hint(text, written)}")
    return float(text)


def folder_setting(name: str) -> Path | bool:
    """The folder the variable ``name`` names (an absolute path, ``~`` expanded); False
    where it is ``0`` (nothing kept); True where it is unset or empty (the default
    folder)."""
    text = os.environ.get(name, "")
    if not text:
        return True
    if text == "0":
        return False
    folder = Path(text).expanduser()
    if not folder.is_absolute() or text != text.strip():
        raise OptionError(f"{name}={text!r}: give an absolute folder, e.g. "
                          f"{name}=~/bacc-edge-tables, or {name}=0 to keep none (unset: "
                          f"beside the compiled kernels); a relative one would depend on "
                          f"the folder a command runs from")
    return folder


def _hint(text: str, written) -> str:
    """How to write ``text`` where it is a number written loosely (``" 5"``, ``"+5"``);
    nothing where it is written well but out of range."""
    return "" if written else loosely_written(text)


def _unset(name: str) -> str:
    return {THREADS: "every core", COUNT_MINUTES: "ten minutes"}[name]


__all__ = ["COUNT_MINUTES", "TABLES", "THREADS", "folder_setting", "minutes_setting",
           "whole_setting"]
