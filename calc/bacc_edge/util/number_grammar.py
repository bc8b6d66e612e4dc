"""How numbers are written, once for every reader of them: a paytable's numbers (pays,
published figures, a count's tags, as rule sheets print them), and the stricter grammar
of every number option of every command, of the same text given to the Python API, and
of the environment's settings (:mod:`~bacc_edge.util.environment`). The readers are
:mod:`bacc_edge.language.pays` (which holds these names too) and the settings."""

from __future__ import annotations

import re

#: How a number written in a paytable is read (a pay, a published study figure, a
#: count's tag or trigger, as rule sheets and counting books print them): ASCII digits,
#: an optional sign, point and exponent. Python's int, float, Decimal and Fraction also
#: read '1_000' and '５', which no number here is.
DECIMAL_TEXT = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
WHOLE_TEXT = re.compile(r"[+-]?[0-9]+")
FRACTION_TEXT = re.compile(r"[+-]?[0-9]+/[0-9]+")

#: How every number option of every command is written (``--decks 6``, ``--stake 12.5``,
#: ``--commission 5%``, ``--edge -0.5%`` …), and the same text given to the Python API:
#: one strict grammar, stricter than a rule sheet's. ASCII digits; a '-' for a negative
#: number (so that ``--decks -1`` reads, and is refused as out of range); a decimal point
#: only between digits; an exponent (``1e3``); nothing round it. ``' 6'``, ``'+6'``,
#: ``'5.'``, ``'.5'``, ``'5 %'``, ``'1_000'`` and ``'５'`` are no numbers here.
OPTION_WHOLE = re.compile(r"-?[0-9]+")
OPTION_DECIMAL = re.compile(r"-?[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?")
OPTION_FRACTION = re.compile(r"-?[0-9]+/[0-9]+")
#: A percentage option: a number of that grammar, without an exponent, then '%'.
OPTION_PERCENT = re.compile(r"(-?[0-9]+(?:\.[0-9]+)?)%")
#: What an error about a loosely written number adds.
OPTION_FORM = "write numbers in ASCII digits, without spaces, a '+' or a bare decimal point"


def loosely_written(text) -> str:
    """The hint an error adds when ``text`` is a number only in a looser form than an
    option's grammar (``' 6'``, ``'+6'``, ``'.5'``, ``'5 %'``): ``" (write …)"``, else
    ``""``."""
    t = str(text).strip()
    t = t[:-1].strip() if t.endswith("%") else t
    return f" ({OPTION_FORM})" if DECIMAL_TEXT.fullmatch(t) else ""


__all__ = ["DECIMAL_TEXT", "FRACTION_TEXT", "OPTION_DECIMAL", "OPTION_FORM", "OPTION_FRACTION",
           "OPTION_PERCENT", "OPTION_WHOLE", "WHOLE_TEXT", "loosely_written"]
