"""Loading a paytable file: plain Python that defines BETS (and perhaps FIGURES)."""

from __future__ import annotations

import traceback
from dataclasses import dataclass
from pathlib import Path

from .paytable import Bet, Figure, PaytableError


@dataclass(frozen=True)
class Paytable:
    """The bets and cross-bet figures one paytable file defines."""

    path: Path
    bets: tuple[Bet, ...]
    figures: tuple[Figure, ...] = ()

    @property
    def name(self) -> str:
        return self.path.stem

    def select(self, names) -> "Paytable":
        """Only the bets named (exactly, ignoring case)."""
        wanted = {n.lower() for n in names}
        chosen = tuple(b for b in self.bets if b.name.lower() in wanted)
        return Paytable(self.path, chosen, self.figures)


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
    """A paytable from its source text, as if read from ``path`` (for workers that
    do not share the file system)."""
    p = Path(path)
    try:
        code = compile(source, str(p), "exec")
    except SyntaxError as err:
        raise PaytableError(f"{path}, line {err.lineno}: syntax error: {err.msg}") from None
    namespace = {"__name__": f"paytable_{p.stem}", "__file__": str(p)}
    try:
        exec(code, namespace)
    except PaytableError as err:
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
    return Paytable(p, tuple(bets), tuple(figures))


def _line_in(path: Path, err: BaseException) -> str:
    """", line N" for the deepest frame of the error inside the paytable file."""
    lines = [f.lineno for f in traceback.extract_tb(err.__traceback__)
             if Path(f.filename) == path]
    return f", line {lines[-1]}" if lines else ""
