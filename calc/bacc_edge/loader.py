"""Loading a paytable file (plain Python that defines BETS, and perhaps FIGURES and
RULES) and choosing bets from it: the one way a paytable comes into bacc-edge."""

from __future__ import annotations

import traceback
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Iterable, Sequence

from .errors import BaccEdgeError, PaytableError
from .paytable import Bet, Figure
from .rules import STANDARD, Tableau


@dataclass(frozen=True)
class Paytable:
    """The bets and cross-bet figures one paytable file defines, and the tableau its
    coups are dealt by (``RULES`` in the file; the standard one by default).

    ``source`` is the file's text, for workers that do not share the file system (see
    :func:`load_paytable_source`); None for a paytable built from bets in Python.
    """

    path: Path
    bets: tuple[Bet, ...]
    figures: tuple[Figure, ...] = ()
    rules: Tableau = STANDARD
    source: str | None = field(default=None, repr=False, compare=False)

    def select(self, names: Iterable[str]) -> "Paytable":
        """Only the bets named (exactly, ignoring case), in the paytable's order. A name
        the paytable does not define is refused, listing the ones it does. The figures
        that span bets stay only when every bet does."""
        names = list(names)
        unknown = _unknown(names, self.bets)
        if unknown:
            raise PaytableError(f"{self.path}: {_no_bet_named(unknown, self.bets, 'it defines')}")
        wanted = {n.lower() for n in names}
        chosen = tuple(b for b in self.bets if b.name.lower() in wanted)
        return replace(self, bets=chosen,
                       figures=self.figures if len(chosen) == len(self.bets) else ())

    @classmethod
    def of_bets(cls, bets: Sequence[Bet], rules: Tableau = STANDARD) -> "Paytable":
        """A paytable of bets written in Python rather than read from a file."""
        return cls(Path(""), tuple(bets), rules=rules)

    @property
    def file(self) -> str | None:
        """The file's path as given, None for bets written in Python."""
        return str(self.path) if self.path.name else None


def _unknown(names: Iterable[str], bets: Iterable[Bet]) -> list[str]:
    known = {b.name.lower() for b in bets}
    return [n for n in names if n.lower() not in known]


def _no_bet_named(unknown: list[str], bets: Iterable[Bet], who: str) -> str:
    return (f"no bet named {', '.join(map(repr, unknown))}; {who}: "
            + ", ".join(repr(b.name) for b in bets))


def load_paytables(paths: Iterable, bet_names: Iterable[str] = ()) -> list[Paytable]:
    """Load the paytable files and keep only the bets named (if any), each from the
    files that define it. A name no file defines is refused, listing every bet they do;
    a file none of whose bets is named is left out."""
    loaded = [load_paytable(p) for p in paths]
    names = list(bet_names)
    if not names:
        return loaded
    every = [b for pt in loaded for b in pt.bets]
    unknown = _unknown(names, every)
    if unknown:
        raise PaytableError(_no_bet_named(unknown, every, "the paytables define"))
    return [pt.select([n for n in names if not _unknown([n], pt.bets)])
            for pt in loaded if len(_unknown(names, pt.bets)) < len(names)]


def as_paytable(source) -> Paytable:
    """A loaded :class:`Paytable` as it is; a :class:`Bet` or a list of bets as a
    paytable under the standard tableau; anything else read as a paytable file's path."""
    if isinstance(source, Paytable):
        return source
    if isinstance(source, Bet):
        return Paytable.of_bets([source])
    if isinstance(source, (list, tuple)) and all(isinstance(b, Bet) for b in source):
        return Paytable.of_bets(source)
    return load_paytable(source)


def load_paytable(path) -> Paytable:
    """Run a paytable file and collect its bets, turning every failure into one
    :class:`PaytableError` that names the file."""
    p = Path(path)
    if not p.is_file():
        raise PaytableError(f"{path}: no such paytable file")
    try:
        source = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise PaytableError(f"{path}: cannot be read ({err})") from None
    return load_paytable_source(source, path)


def load_paytable_source(source: str, path) -> Paytable:
    """A paytable from its source text, as if read from ``path``: what
    :func:`load_paytable` does once it has the text, and what workers that do not share
    the file system call with the text they were sent."""
    p = Path(path)
    try:
        code = compile(source, str(p), "exec")
    except SyntaxError as err:
        raise PaytableError(f"{path}, line {err.lineno}: syntax error: {err.msg}") from None
    namespace = {"__name__": f"paytable_{p.stem}", "__file__": str(p)}
    try:
        exec(code, namespace)
    except BaccEdgeError as err:
        raise PaytableError(f"{path}{_line_in(p, err)}: {err}") from None
    except Exception as err:  # the user's code: report any failure, with its line
        raise PaytableError(f"{path}{_line_in(p, err)}: {type(err).__name__}: {err}") from None
    bets = namespace.get("BETS")
    if bets is None:
        raise PaytableError(f"{path}: defines no BETS (a list of Bet)")
    if not isinstance(bets, (list, tuple)) or not bets:
        raise PaytableError(f"{path}: BETS must be a non-empty list of Bet, got {bets!r}")
    names = set()
    for bet in bets:
        if not isinstance(bet, Bet):
            raise PaytableError(f"{path}: BETS holds {bet!r}, which is not a Bet")
        if bet.name.lower() in names:
            raise PaytableError(f"{path}: two bets are named {bet.name!r}")
        names.add(bet.name.lower())
    figures = namespace.get("FIGURES", ())
    if not isinstance(figures, (list, tuple)) or not all(isinstance(f, Figure) for f in figures):
        raise PaytableError(f"{path}: FIGURES must be a list of Figure")
    rules = namespace.get("RULES", STANDARD)
    if not isinstance(rules, Tableau):
        raise PaytableError(f"{path}: RULES must be a Tableau, written as the printed one "
                            f"with Tableau.parse(...), not {rules!r}")
    return Paytable(p, tuple(bets), tuple(figures), rules, source)


def _line_in(path: Path, err: BaseException) -> str:
    """", line N" for the deepest frame of the error inside the paytable file."""
    lines = [f.lineno for f in traceback.extract_tb(err.__traceback__)
             if Path(f.filename) == path]
    return f", line {lines[-1]}" if lines else ""


__all__ = ["Paytable", "as_paytable", "load_paytable", "load_paytable_source",
           "load_paytables"]
