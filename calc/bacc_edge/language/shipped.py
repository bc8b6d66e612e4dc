"""The games shipped with bacc-edge, and ``shipped:NAME``, the form that names one.

The repository's ``paytables/`` folder (the paytables, ``SOURCES.md``, their register
of sources, and a subfolder for each kind of game that is not a plain paytable) is the
package's folder ``bacc_edge/shipped_paytables``: a symbolic link in the repository, so
that the games have one copy, which a wheel carries as files and an editable install
(``make install``) reads through the link. Wherever bacc-edge is installed,
``shipped:three_card_win`` names ``three_card_win.py`` there, and
``shipped:streaks/banker_streak`` names ``streaks/banker_streak.py``: a game of one of
the :data:`KINDS`, which its own command runs (``bacc-edge streak``).

The form is never mistaken for a file the user meant, nor a file for it: a path (a
``Path``, or text that does not start ``shipped:``) is always read as a path, so a bare
``three_card_win`` is a file name; ``shipped:NAME`` names a shipped game, and where
a file of that very name exists too, neither is chosen (``./shipped:NAME`` names the
file). A name not shipped is refused, listing the names that are.
"""

from __future__ import annotations

import difflib
import os
from dataclasses import dataclass
from pathlib import Path

from ..errors import ArgumentError, PaytableError, kind_of
from ..util.safe_write import OutputError, OverwriteError, write_output
from .source_register import REGISTER, register_path

#: What a paytable argument starts with to name a shipped game: ``shipped:NAME``.
SHIPPED = "shipped:"
#: The package's folder of shipped paytables, as installed (a symbolic link to the
#: repository's ``paytables/`` in a checkout).
FOLDER = Path(__file__).resolve().parent.parent / "shipped_paytables"


@dataclass(frozen=True)
class ShippedKind:
    """A kind of shipped game that is not a plain paytable: the subfolder its files are
    in (``streaks``), the name each file defines its bets under (``STREAKS``) and the
    command that runs it (``streak``)."""

    folder: str
    defines: str
    command: str


#: The kinds of shipped game beyond the paytables, by subfolder: ``shipped:KIND/NAME``.
KINDS = {kind.folder: kind for kind in (
    ShippedKind("decisions", "DECISIONS", "decide"),
    ShippedKind("meters", "METERS", "meter"),
    ShippedKind("multipliers", "MULTIPLIER_BETS", "multipliers"),
    ShippedKind("streaks", "STREAKS", "streak"),
)}


def shipped_folder() -> Path:
    """The folder of the shipped paytables, its symbolic link followed: the repository's
    ``paytables/`` in a checkout, the package's own folder in an installed wheel."""
    return FOLDER.resolve()


def shipped_names(kind: str = "") -> tuple[str, ...]:
    """The shipped paytables' names (their file names without ``.py``), sorted; with
    ``kind`` (one of :data:`KINDS`), the names of that kind's files instead."""
    return tuple(sorted(p.stem for p in (shipped_folder() / kind).glob("*.py")))


def shipped_games() -> tuple[str, ...]:
    """Every shipped game as ``shipped:`` names it, the prefix left off: the paytables
    (``three_card_win``), then each kind's files (``streaks/banker_streak``)."""
    return shipped_names() + tuple(f"{kind}/{name}" for kind in KINDS
                                   for name in shipped_names(kind))


def shipped_path(name: str) -> Path:
    """The file of the shipped game ``name`` (``"three_card_win"``,
    ``"streaks/banker_streak"``, either with ``shipped:`` before it). A name that is not
    shipped is refused, naming the one it nearly is (``three_card_win.py``,
    ``Three_Card_Win``, ``banker_streak``, a path to one) and listing those that are."""
    if not isinstance(name, str):
        raise ArgumentError(f"name {kind_of(name)} must be a shipped game's name, e.g. "
                            f"'three_card_win' or 'streaks/banker_streak'")
    bare = name.removeprefix(SHIPPED)
    kind, _, stem = bare.rpartition("/")
    if kind and kind not in KINDS:
        raise PaytableError(_no_kind(bare, kind))
    names = shipped_names(kind)
    if stem not in names:
        raise PaytableError(_not_shipped(bare, kind, names))
    return shipped_folder() / f"{bare}.py"


def _form(kind: str, name: str) -> str:
    """``shipped:NAME`` or ``shipped:KIND/NAME``."""
    return f"{SHIPPED}{kind}/{name}" if kind else SHIPPED + name


def _no_kind(bare: str, kind: str) -> str:
    """Why ``shipped:{bare}`` names no kind of shipped game, listing the kinds."""
    kinds = ", ".join(f"{k}/ (bacc-edge {KINDS[k].command})" for k in KINDS)
    return (f"{SHIPPED}{bare}: no kind of game {kind!r} is shipped"
            f"{_did_you_mean(bare, '', ())}; the kinds: {kinds}, and the paytables "
            f"(bacc-edge shipped lists them all)")


def _not_shipped(bare: str, kind: str, names: tuple[str, ...]) -> str:
    """Why ``shipped:{bare}`` names no shipped game of ``kind`` ("": a paytable),
    listing those that are (for a paytable, the other kinds' games after them)."""
    what = f"{kind} game" if kind else "paytable"
    if not shipped_games():
        return (f"{SHIPPED}{bare}: this bacc-edge holds no shipped paytables (its folder "
                f"{str(FOLDER)!r} is missing or empty)")
    listed = f"the shipped ones: {', '.join(f'{kind}/{n}' if kind else n for n in names)}"
    if not kind:
        listed += f"; the other games: {', '.join(shipped_games()[len(names):])}"
    if not bare.rpartition("/")[2]:
        return f"{SHIPPED + bare!r} names no {what}: write {_form(kind, 'NAME')}; {listed}"
    return (f"{SHIPPED}{bare}: no {what} of that name is shipped"
            f"{_did_you_mean(bare, kind, names)}; {listed}")


def _did_you_mean(bare: str, kind: str, names: tuple[str, ...]) -> str:
    """`` (did you mean shipped:…?)`` naming the game ``bare`` nearly names: a game of
    that very name (of any kind: ``lucky_draw`` is ``decisions/lucky_draw``, not
    ``lucky_8``), else a name of its own kind it nearly is, else a game it nearly is,
    else one whose name starts with it; "" where there is none."""
    stem = Path(bare).stem.casefold()
    games = shipped_games()
    near = [SHIPPED + g for g in games if g.rpartition("/")[2] == stem]
    near += [_form(kind, n) for n in difflib.get_close_matches(stem, names, 1, 0.6)]
    near += [SHIPPED + g for g in difflib.get_close_matches(bare.casefold().removesuffix(
        ".py"), games, 1, 0.6)]
    near += [SHIPPED + g for g in games if stem and g.rpartition("/")[2].startswith(stem)]
    return f" (did you mean {near[0]}?)" if near else ""


def paytable_path(path):
    """What a paytable argument names: for text ``shipped:NAME``, the shipped game's
    file (:func:`shipped_path`); anything else, the path as given. The form where a file
    of that very name exists too is refused, never read as either."""
    if not (isinstance(path, str) and path.startswith(SHIPPED)):
        return path
    if os.path.lexists(path):
        raise PaytableError(f"{path}: names the shipped game "
                            f"{path.removeprefix(SHIPPED)!r}, and a file of that name is "
                            f"here too: write ./{path} for the file")
    return shipped_path(path)


def shipped_hint(path) -> str:
    """For a game's file that does not exist: a note naming the shipped game of the
    same name, if there is one (``paytables/three_card_win.py`` or
    ``paytables/streaks/banker_streak.py`` outside a clone of bacc-edge), else ""."""
    stem = Path(os.fspath(path)).stem
    named = [g for g in shipped_games() if g.rpartition("/")[2] == stem]
    return f" (bacc-edge ships one of that name: {SHIPPED}{named[0]})" if named else ""


def copy_shipped(name: str, dest=".") -> tuple[Path, ...]:
    """Copy the shipped game ``name`` (a paytable, or ``KIND/NAME``) out, to edit: to
    ``dest``, a ``.py`` file or a folder that exists (as ``NAME.py`` there), with the
    register of sources beside it (``SOURCES.md``) where that folder holds none, so
    that its figures still name their sources. Never over a file: a file already there
    is refused (a register already there is the user's, and kept); each file is written
    to a temporary file and renamed into place. Returns the files written."""
    source = shipped_path(name)
    target = _copy_target(source, dest)
    written = [write_output(target, source.read_bytes(), inputs=[source])]
    register = register_path(target)
    shipped_register = shipped_folder() / REGISTER
    if not os.path.lexists(register) and shipped_register.is_file():
        written.append(write_output(register, shipped_register.read_bytes(),
                                    inputs=[shipped_register]))
    return tuple(written)


def _copy_target(source: Path, dest) -> Path:
    """Where the copy of ``source`` goes: into ``dest`` if it is a folder, else ``dest``,
    which must end ``.py`` and must not exist yet."""
    if not isinstance(dest, (str, os.PathLike)):
        raise ArgumentError(f"dest {kind_of(dest)} must be a file or folder name (a str or "
                            f"Path)")
    if not os.fspath(dest):
        raise OutputError("dest '': the name is empty; name a .py file or a folder")
    target = Path(dest) / source.name if os.path.isdir(dest) else Path(dest)
    if os.path.lexists(target):
        raise OverwriteError(f"{target}: exists already; bacc-edge never writes over a file: "
                             f"name a new file, or move this one away first")
    if target.suffix.lower() != ".py":
        raise OutputError(f"{dest}: no such folder; copy into a folder that exists, or to a "
                          f"file ending .py")
    return target


__all__ = ["FOLDER", "KINDS", "SHIPPED", "ShippedKind", "copy_shipped", "paytable_path",
           "shipped_folder", "shipped_games", "shipped_hint", "shipped_names", "shipped_path"]
