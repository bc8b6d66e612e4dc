"""The paytables shipped with bacc-edge, and ``shipped:NAME``, the form that names one.

The repository's ``paytables/`` folder (the paytables and ``SOURCES.md``, their register
of sources) is the package's folder ``bacc_edge/shipped_paytables``: a symbolic link in
the repository, so that the paytables have one copy, which a wheel carries as files and
an editable install (``make install``) reads through the link. Wherever bacc-edge is
installed, ``shipped:three_card_win`` names ``three_card_win.py`` there.

The form is never mistaken for a file the user meant, nor a file for it: a path (a
``Path``, or text that does not start ``shipped:``) is always read as a path, so a bare
``three_card_win`` is a file name; ``shipped:NAME`` names a shipped paytable, and where
a file of that very name exists too, neither is chosen (``./shipped:NAME`` names the
file). A name not shipped is refused, listing the names that are.
"""

from __future__ import annotations

import difflib
import os
from pathlib import Path

from ..errors import ArgumentError, PaytableError, kind_of
from ..util.safe_write import OutputError, OverwriteError, write_output
from .source_register import register_path

#: What a paytable argument starts with to name a shipped paytable: ``shipped:NAME``.
SHIPPED = "shipped:"
#: The package's folder of shipped paytables, as installed (a symbolic link to the
#: repository's ``paytables/`` in a checkout).
FOLDER = Path(__file__).resolve().parent.parent / "shipped_paytables"


def shipped_folder() -> Path:
    """The folder of the shipped paytables, its symbolic link followed: the repository's
    ``paytables/`` in a checkout, the package's own folder in an installed wheel."""
    return FOLDER.resolve()


def shipped_names() -> tuple[str, ...]:
    """The shipped paytables' names (their file names without ``.py``), sorted."""
    return tuple(sorted(p.stem for p in shipped_folder().glob("*.py")))


def shipped_path(name: str) -> Path:
    """The file of the shipped paytable ``name`` (``"three_card_win"``, or
    ``"shipped:three_card_win"``). A name that is not shipped is refused, naming the one
    it nearly is (``three_card_win.py``, ``Three_Card_Win``, a path to one) and listing
    every one that is."""
    if not isinstance(name, str):
        raise ArgumentError(f"name {kind_of(name)} must be a shipped paytable's name, e.g. "
                            f"'three_card_win'")
    bare = name.removeprefix(SHIPPED)
    names = shipped_names()
    if bare not in names:
        raise PaytableError(_not_shipped(bare, names))
    return shipped_folder() / f"{bare}.py"


def _not_shipped(bare: str, names: tuple[str, ...]) -> str:
    """Why ``shipped:{bare}`` names no shipped paytable, listing those that are."""
    if not names:
        return (f"{SHIPPED}{bare}: this bacc-edge holds no shipped paytables (its folder "
                f"{str(FOLDER)!r} is missing or empty)")
    listed = f"the shipped ones: {', '.join(names)}"
    if not bare:
        return f"{SHIPPED!r} names no paytable: write {SHIPPED}NAME; {listed}"
    near = difflib.get_close_matches(Path(bare).stem.casefold(), names, 1, 0.6)
    hint = f" (did you mean {SHIPPED}{near[0]}?)" if near else ""
    return f"{SHIPPED}{bare}: no paytable of that name is shipped{hint}; {listed}"


def paytable_path(path):
    """What a paytable argument names: for text ``shipped:NAME``, the shipped paytable's
    file (:func:`shipped_path`); anything else, the path as given. The form where a file
    of that very name exists too is refused, never read as either."""
    if not (isinstance(path, str) and path.startswith(SHIPPED)):
        return path
    if os.path.lexists(path):
        raise PaytableError(f"{path}: names the shipped paytable "
                            f"{path.removeprefix(SHIPPED)!r}, and a file of that name is "
                            f"here too: write ./{path} for the file")
    return shipped_path(path)


def shipped_hint(path) -> str:
    """For a paytable file that does not exist: a note naming the shipped paytable of the
    same name, if there is one (``paytables/three_card_win.py`` outside a clone of
    bacc-edge), else ""."""
    stem = Path(os.fspath(path)).stem
    return f" (bacc-edge ships one of that name: {SHIPPED}{stem})" if (
        stem in shipped_names()) else ""


def copy_shipped(name: str, dest=".") -> tuple[Path, ...]:
    """Copy the shipped paytable ``name`` out, to edit: to ``dest``, a ``.py`` file or a
    folder that exists (as ``NAME.py`` there), with the register of sources beside it
    (``SOURCES.md``) where that folder holds none, so that its figures still name their
    sources. Never over a file: a file already there is refused (a register already
    there is the user's, and kept); each file is written to a temporary file and renamed
    into place. Returns the files written."""
    source = shipped_path(name)
    target = _copy_target(source, dest)
    written = [write_output(target, source.read_bytes(), inputs=[source])]
    register = register_path(target)
    if not os.path.lexists(register) and register_path(source).is_file():
        written.append(write_output(register, register_path(source).read_bytes(),
                                    inputs=[register_path(source)]))
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


__all__ = ["FOLDER", "SHIPPED", "copy_shipped", "paytable_path", "shipped_folder",
           "shipped_hint", "shipped_names", "shipped_path"]
