"""Loading a file of bets beyond one coup: ``STREAKS`` (a list of
:class:`~bacc_edge.language.streaks.RunBet`) or ``METERS`` (a list of
:class:`~bacc_edge.language.meters.Progressive`), as the shipped
``paytables/streaks/`` and ``paytables/meters/`` define them.

The file is plain Python, run as a paytable is (what it prints goes to stderr:
:func:`~bacc_edge.language.loader.printing_to_stderr`); every failure is one
:class:`~bacc_edge.errors.PaytableError` naming the file.
"""

from __future__ import annotations

from pathlib import Path

from ..errors import BaccEdgeError, PaytableError
from .loader import printing_to_stderr
from .meters import Progressive
from .streaks import RunBet

#: the name a file defines → what each item of it must be
KINDS = {"STREAKS": RunBet, "METERS": Progressive}


def load_several(path, name: str) -> list:
    """The items ``path`` defines under ``name`` ("STREAKS" or "METERS")."""
    kind = KINDS[name]
    p = Path(path)
    try:
        source = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise PaytableError(f"{path}: cannot be read ({err.__class__.__name__}: "
                            f"{getattr(err, 'strerror', None) or err})") from None
    namespace = {"__name__": f"paytable_{p.stem}", "__file__": str(p)}
    try:
        code = compile(source, str(p), "exec")
        with printing_to_stderr():
            exec(code, namespace)
    except SyntaxError as err:
        raise PaytableError(f"{path}, line {err.lineno}: syntax error: {err.msg}") from None
    except BaccEdgeError as err:
        raise PaytableError(f"{path}: {err}") from None
    except (Exception, SystemExit, KeyboardInterrupt) as err:
        raise PaytableError(f"{path}: {type(err).__name__}: {err}") from None
    items = namespace.get(name)
    if not isinstance(items, (list, tuple)) or not items or not all(
            isinstance(i, kind) for i in items):
        raise PaytableError(f"{path}: defines no {name} (a list of {kind.__name__})")
    return list(items)


def chosen(items: list, names) -> list:
    """The items named (by ``.name``), in the file's order; all where ``names`` is empty.
    A name the file does not define is refused, listing those it does."""
    names = list(names)
    known = [i.name for i in items]
    unknown = [n for n in names if n not in known]
    if unknown:
        raise PaytableError(f"no bet named {unknown[0]!r}; the file defines: "
                            + ", ".join(map(repr, known)))
    return [i for i in items if not names or i.name in names]


__all__ = ["KINDS", "chosen", "load_several"]
