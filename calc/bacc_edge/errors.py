"""The one base of every error bacc-edge raises about its input."""

from __future__ import annotations


class BaccEdgeError(ValueError):
    """Bad input to bacc-edge: a shoe, a card, a tableau, a pay or a paytable that cannot
    be used. The message names the input; the command prints it as one line."""
