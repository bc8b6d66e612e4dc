"""The one base of every error bacc-edge raises about its input, and the errors shared
by several modules."""

from __future__ import annotations


class BaccEdgeError(ValueError):
    """Bad input to bacc-edge: a shoe, a card, a tableau, a pay or a paytable that cannot
    be used. The message names the input; the command prints it as one line."""


class ShoeError(BaccEdgeError):
    """A shoe that cannot be built or cannot deal a coup."""


class PaytableError(BaccEdgeError):
    """A mistake in a paytable: the message names the file, the bet and the event."""


class PlanTooLarge(BaccEdgeError):
    """A count refused before it starts, or stopped, because it would take more memory
    or time than a count may (see :mod:`bacc_edge.engine.card_plan`): the message
    names what was counted, the estimate and what makes it large."""


class OptionError(BaccEdgeError):
    """An analysis setting that makes no sense: a count level, a stake or chip, a
    commission rate, a deal, a number of shoes."""


class ArgumentError(BaccEdgeError, TypeError):
    """A Python argument of the wrong kind (``Shoe.remove(5)``, ``report(42)``): the
    message names the argument. It is a :class:`TypeError` too, as Python would raise,
    and a :class:`BaccEdgeError`, so the command prints it as one line."""


def kind_of(value) -> str:
    """A value and its type, as error messages quote a wrong argument: ``42 (int)``."""
    return f"{value!r} ({type(value).__name__})"
