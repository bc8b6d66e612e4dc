"""Arrays kept on disk between runs (bacc_edge.util.kept_arrays): made once, read back
only whole and under their own key, never through a link, never an error of their own."""

import os
import subprocess
import sys
from enum import Enum
from pathlib import Path

import numpy as np
import pytest

from bacc_edge.errors import OptionError
from bacc_edge.util import kept_arrays as kept
from bacc_edge.util.kept_arrays import kept_arrays, kept_folder, key_text

SOURCES = ("util/kept_arrays.py",)


@pytest.fixture
def folder(tmp_path, monkeypatch):
    """This test's own folder of kept arrays."""
    monkeypatch.setenv("BACC_EDGE_TABLES", str(tmp_path / "kept"))
    return kept_folder(SOURCES)


class Maker:
    """make() of kept_arrays, counting its calls; its arrays differ from call to call,
    so that what was read back is known from what was made."""

    def __init__(self):
        self.calls = 0

    def __call__(self):
        self.calls += 1
        return {"a": np.arange(1000, dtype=np.int64) * self.calls,
                "b": np.full((2, 3), self.calls, dtype=np.int8)}


def files(folder):
    return sorted(folder.glob("*.npz"))


def test_arrays_are_made_once_and_read_back_by_later_calls(folder):
    make = Maker()
    first = kept_arrays("t", ("key", 1), make, sources=SOURCES)
    again = kept_arrays("t", ("key", 1), make, sources=SOURCES)
    assert make.calls == 1 and len(files(folder)) == 1
    assert all(np.array_equal(first[k], again[k]) and first[k].dtype == again[k].dtype
               for k in ("a", "b")) and set(again) == {"a", "b"}
    other = kept_arrays("t", ("key", 2), make, sources=SOURCES)
    assert make.calls == 2 and other["b"][0, 0] == 2 and len(files(folder)) == 2


def cut(path):
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])


def flip(path):
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0xFF  # inside the bytes of array a (8,000 of them)
    path.write_bytes(bytes(data))


def other_key(path):
    """The file of another key put in this key's place."""
    kept_arrays("t", ("other",), Maker(), sources=SOURCES)
    (theirs,) = [f for f in files(path.parent) if f != path]
    os.replace(theirs, path)


def linked(path):
    """A link planted in the file's place, to a file of the same arrays elsewhere."""
    target = path.parent.parent / "elsewhere.npz"
    os.replace(path, target)
    path.symlink_to(target)


#: what is done to a kept file → it is not read back: made again (and kept again, but
#: where a link stands there: never written through it)
SPOILED = [("cut short", cut), ("a byte changed", flip), ("another key's", other_key),
           ("a link", linked)]


@pytest.mark.parametrize("how, spoil", SPOILED, ids=[s[0] for s in SPOILED])
def test_a_kept_file_not_whole_or_not_its_own_is_made_again(folder, how, spoil):
    make = Maker()
    kept_arrays("t", ("key",), make, sources=SOURCES)
    (path,) = files(folder)
    spoil(path)
    got = kept_arrays("t", ("key",), make, sources=SOURCES)
    assert make.calls == 2 and got["b"][0, 0] == 2
    if path.is_symlink():
        assert np.load(path.resolve())["b"][0, 0] == 1  # the link's target untouched
    else:
        assert kept_arrays("t", ("key",), make, sources=SOURCES)["b"][0, 0] == 2
        assert make.calls == 2  # made again, then kept whole


def test_arrays_the_caller_finds_wrong_are_made_again(folder):
    make = Maker()
    kept_arrays("t", "key", make, sources=SOURCES)
    got = kept_arrays("t", "key", make, sources=SOURCES, valid=lambda a: a["a"][1] == 2)
    assert make.calls == 2 and got["a"][1] == 2


def test_nothing_is_kept_where_told_so_or_where_the_folder_cannot_be_made(
        tmp_path, monkeypatch):
    make = Maker()
    monkeypatch.setenv("BACC_EDGE_TABLES", "0")
    for _ in range(2):
        kept_arrays("t", "key", make, sources=SOURCES)
    assert make.calls == 2 and not list(tmp_path.rglob("*.npz"))
    blocked = tmp_path / "a file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("BACC_EDGE_TABLES", str(blocked))
    for _ in range(2):
        assert kept_arrays("t", "key", make, sources=SOURCES)["a"][1] == make.calls
    assert make.calls == 4 and blocked.read_text() == "not a folder"


def test_kept_files_are_held_under_their_bytes_the_file_read_least_lately_going_first(
        folder, monkeypatch):
    """Past MOST_BYTES the files read least lately go, those an earlier version of the
    code kept (another digest's folder, never read again) among them, and its folder
    with its last file."""
    make = Maker()
    earlier = ("util/safe_write.py",)  # another digest: another version's folder
    kept_arrays("t", "earlier", make, sources=earlier)
    for key in ("old", "read", "new"):
        kept_arrays("t", key, make, sources=SOURCES)
    size = max(f.stat().st_size for f in files(folder)) + 16  # keys' lengths differ a little
    for i, path in enumerate(files(kept_folder(earlier)) + files(folder)):
        os.utime(path, (1000 + i, 1000 + i))  # in an order unlike the keys'
    kept_arrays("t", "read", make, sources=SOURCES)  # read now: kept longest
    monkeypatch.setattr(kept, "MOST_BYTES", 2 * size)
    kept_arrays("t", "newest", make, sources=SOURCES)
    assert len(files(folder)) == 2 and make.calls == 5
    assert not kept_folder(earlier).exists()
    assert kept_arrays("t", "read", make, sources=SOURCES) and make.calls == 5


class Colour(Enum):
    RED = 1


def test_a_key_is_the_same_text_in_every_run():
    """A set's own repr follows string hashes, which differ from run to run: a key's text
    sorts them, so a later run finds what an earlier one kept."""
    value = (frozenset({"rank", "suit", "colour", "value"}), Colour.RED, 3, None, (True,))
    script = ("from enum import Enum\nfrom bacc_edge.util.kept_arrays import key_text\n"
              "class Colour(Enum):\n    RED = 1\n"
              "print(key_text((frozenset({'rank', 'suit', 'colour', 'value'}), Colour.RED, 3, "
              "None, (True,))))")
    texts = {subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                            env={**os.environ, "PYTHONHASHSEED": str(seed)},
                            check=True).stdout.strip() for seed in (1, 2, 3)}
    assert texts == {key_text(value)} == {
        "({'colour', 'rank', 'suit', 'value'}, Colour.RED, 3, None, (True,),)"}
    with pytest.raises(TypeError, match="object has no key text"):
        key_text(object())


#: BACC_EDGE_TABLES → the folder kept in (None: the default one beside the kernels), or
#: False (none kept), or the error that refuses it: never a folder relative to the one a
#: command runs from
TABLES = [("", None), ("0", False), ("/srv/kept", "/srv/kept"), ("~/kept", "HOME/kept"),
          ("tables", OptionError), ("false", OptionError), ("00", OptionError),
          (" 0", OptionError), (" /srv/kept", OptionError), ("./kept", OptionError)]


@pytest.mark.parametrize("value, folder", TABLES, ids=[repr(v) for v, _ in TABLES])
def test_the_tables_setting_names_an_absolute_folder_or_none(value, folder, monkeypatch):
    monkeypatch.setenv("BACC_EDGE_TABLES", value)
    if folder is OptionError:
        with pytest.raises(OptionError, match=rf"^BACC_EDGE_TABLES={value!r}: give an "
                                              r"absolute folder, e\.g\. "):
            kept_arrays("t", "key", Maker(), sources=SOURCES)
        return
    assert kept.keeping() is (folder is not False)
    if folder is not False:
        expected = (kept.kept_base() if folder is None
                    else Path(folder.replace("HOME", str(Path.home()))))
        assert kept_folder(SOURCES).parent == expected


def test_a_link_in_the_place_of_the_tables_folder_is_not_followed(folder, tmp_path):
    """A link planted where the tables folder goes (``tables-DIGEST``) is neither read nor
    written through: the arrays are made each time, and the link's target is untouched."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    folder.parent.mkdir(parents=True)
    folder.symlink_to(elsewhere)
    make = Maker()
    for _ in range(2):
        kept_arrays("t", "key", make, sources=SOURCES)
    assert make.calls == 2 and not list(elsewhere.iterdir())
