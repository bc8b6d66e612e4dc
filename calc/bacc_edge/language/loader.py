"""Loading a paytable file (plain Python that defines BETS, and perhaps FIGURES, RULES
and GAME) and choosing bets from it: the one way a paytable comes into bacc-edge."""

from __future__ import annotations

import ast
import contextlib
import contextvars
import functools
import hashlib
import io
import os
import sys
import threading
import tokenize
import traceback
import unicodedata
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import MappingProxyType
from typing import Callable, Iterable, Mapping, Sequence

from ..util.arguments import callable_argument, names_argument, near_name, non_empty, quoted
from ..errors import ArgumentError, BaccEdgeError, PaytableError, kind_of
from .bet import Bet, Figure
from .shipped import paytable_path, shipped_hint
from .source_register import register_path
from ..game.tableau import STANDARD, Tableau


@dataclass(frozen=True)
class Paytable:
    """The bets and cross-bet figures one paytable file defines, and the tableau its
    coups are dealt by (``RULES`` in the file; the standard one by default).

    ``source`` is the file's text, for workers that do not share the file system (see
    :func:`load_paytable`'s ``text``); None for a paytable built from bets in Python.
    ``game`` is the game's name (``GAME`` in the file; None where it names none), and
    ``sha256`` the SHA-256 of the file's bytes as read (hex; None for a paytable not
    read from a file), so that a report can say exactly which file it counted.
    ``opened``: every other file the paytable's code opened while it loaded (a table of
    pays it reads, say), each as an absolute path; see :attr:`inputs`. ``defined``:
    every upper-case name the file defines (``BETS``, ``COUNTS``, ``TEAMS`` …), as its
    code left them, for the layers that know what a name means (the counts are
    :func:`~bacc_edge.analysis.card_counting.paytable_counts`'): the file's code runs
    once, here, never again to read another name.
    """

    path: Path
    bets: tuple[Bet, ...]
    figures: tuple[Figure, ...] = ()
    rules: Tableau = STANDARD
    source: str | None = field(default=None, repr=False, compare=False)
    game: str | None = field(default=None, compare=False)
    sha256: str | None = field(default=None, repr=False, compare=False)
    opened: tuple[Path, ...] = field(default=(), repr=False, compare=False)
    defined: Mapping[str, object] = field(default_factory=lambda: MappingProxyType({}),
                                          repr=False, compare=False)

    def select(self, names: Iterable[str]) -> "Paytable":
        """Only the bets named, in the paytable's order. A name must be a bet's name
        exactly, as the paytable writes it: one the paytable does not define is refused,
        suggesting the bet it nearly names ("did you mean 'Tiger Tie'?") or listing the
        ones it defines; a bet named twice is refused. The figures that span bets stay
        only when every bet does."""
        names = names_argument(names, "names")
        if not names:
            raise PaytableError(f"{self.path}: names [] chooses no bet; it defines: "
                                + ", ".join(repr(b.name) for b in self.bets))
        twice = next((name for i, name in enumerate(names) if name in names[:i]), None)
        if twice is not None:
            raise PaytableError(f"{self.path}: the bet {twice!r} is named twice: name each "
                                f"bet once")
        unknown = _unknown(names, self.bets)
        if unknown:
            raise PaytableError(f"{self.path}: {_no_bet_named(unknown, self.bets, 'it defines')}")
        wanted = set(names)
        chosen = tuple(b for b in self.bets if b.name in wanted)
        return replace(self, bets=chosen,
                       figures=self.figures if len(chosen) == len(self.bets) else ())

    @classmethod
    def of_bets(cls, bets: Sequence[Bet], rules: Tableau = STANDARD) -> "Paytable":
        """A paytable of bets written in Python rather than read from a file, held to
        what a file's ``BETS`` is held to: at least one bet, each a Bet, no name twice."""
        _check_bets(bets, "bets")
        return cls(Path(""), tuple(bets), rules=rules)

    @property
    def docstring(self) -> str:
        """The file's docstring, as its author wrote it ("" for none, or for bets written
        in Python)."""
        if not self.source:
            return ""
        try:
            return ast.get_docstring(ast.parse(self.source)) or ""
        except SyntaxError:  # a paytable built from text that was never run
            return ""

    @property
    def file(self) -> str | None:
        """The file's path as given, None for bets written in Python."""
        return str(self.path) if self.path.name else None

    @property
    def inputs(self) -> tuple[Path, ...]:
        """Every file a report of this paytable reads, which no output may replace (see
        :mod:`bacc_edge.util.safe_write`): the paytable file, the register of sources
        beside it (:func:`~bacc_edge.language.source_register.register_path`, whether or
        not it exists yet: a file written there would be read as the register) and the
        files its code opened while it loaded; none for bets written in Python."""
        if not self.file:
            return ()
        return (self.path, register_path(self.path), *self.opened)


def _unknown(names: Iterable[str], bets: Iterable[Bet]) -> list[str]:
    """The names that are no bet's name exactly."""
    known = {b.name for b in bets}
    return [n for n in names if n not in known]


def _no_bet_named(unknown: list[str], bets: Iterable[Bet], who: str) -> str:
    """Why the names ``unknown`` choose no bet: the bets they nearly name when each
    nearly names one, else every bet ``who`` (the paytable, the paytables) defines."""
    names = [b.name for b in bets]
    near = [near_name(n, names) for n in unknown]
    if all(near):
        return (f"no bet named {', '.join(map(repr, unknown))}; did you mean "
                f"{', '.join(map(repr, near))}?")
    return f"no bet named {', '.join(map(repr, unknown))}; {who}: " + ", ".join(map(repr, names))


def _check_bets(bets, what: str) -> None:
    """Refuse anything but a non-empty list of bets with different names (ignoring case);
    ``what`` says where the list came from."""
    if isinstance(bets, Bet):
        raise PaytableError(f"{what} must be a non-empty list of Bet, got the lone bet "
                            f"{bets.name!r}: write [bet]")
    if not isinstance(bets, (list, tuple)) or not bets:
        raise PaytableError(f"{what} must be a non-empty list of Bet, got {quoted(bets)}")
    names = set()
    for bet in bets:
        if not isinstance(bet, Bet):
            raise PaytableError(f"{what} holds {bet!r}, which is not a Bet")
        if bet.name.lower() in names:
            raise PaytableError(f"{what}: two bets are named {bet.name!r}")
        names.add(bet.name.lower())


def _paths(value, what: str) -> list:
    """A list of paths given as one: refuse a lone string or path, which Python would
    take letter by letter (names: :func:`~bacc_edge.util.arguments.names_argument`)."""
    if isinstance(value, (str, bytes, os.PathLike)) or not isinstance(value, Iterable):
        raise ArgumentError(f"{what} must be a list, got {kind_of(value)}")
    return list(value)


#: Seconds a paytable may take to load before the caller is told which file it is.
SLOW_LOAD_SECONDS = 3.0
#: Who hears of a paytable slow to load when its loader names no one (see
#: :func:`slow_loads_told`); None: no one.
_told_by_default: contextvars.ContextVar[Callable[[str], None] | None] = (
    contextvars.ContextVar("told_by_default", default=None))


@contextlib.contextmanager
def slow_loads_told(on_slow: Callable[[str], None]):
    """Within the block (in this thread's context), every paytable loaded without an
    ``on_slow`` of its own tells ``on_slow`` when it is still loading after
    :data:`SLOW_LOAD_SECONDS`, whichever function loads it (an analysis given a path
    loads it itself). The command line enters it once around every command, so no
    command can load a paytable that hangs in silence."""
    callable_argument(on_slow, "on_slow")
    token = _told_by_default.set(on_slow)
    try:
        yield
    finally:
        _told_by_default.reset(token)


def load_paytables(paths: Iterable, bet_names: Iterable[str] = (), *,
                   on_slow: Callable[[str], None] | None = None) -> list[Paytable]:
    """Load the paytable files and keep only the bets named (if any), each from the
    files that define it. A name no file defines is refused, listing every bet they do;
    a file none of whose bets is named is left out; a file given twice is refused.
    ``on_slow`` receives a message naming a file still loading after
    :data:`SLOW_LOAD_SECONDS` (a paytable is a program, and can hang); None: whoever
    :func:`slow_loads_told` names, if anyone."""
    paths = non_empty(_paths(paths, "paths"), "paths", "paytable file")
    names = names_argument(bet_names, "bet_names")
    seen = {}
    for path in paths:
        if not isinstance(path, (str, os.PathLike)):
            raise ArgumentError(f"paths holds {kind_of(path)}, which is not a paytable "
                                f"file's path")
        key = Path(paytable_path(path)).resolve()
        if key in seen:
            raise PaytableError(f"{path}: given twice (as {seen[key]!s} already)")
        seen[key] = path
    loaded = [load_paytable(p, on_slow=on_slow) for p in paths]
    for pt in loaded:  # a file of runs or meters alone: its bets are another command's
        if not pt.bets:
            raise PaytableError(f"{pt.path}: defines no BETS, only "
                                f"{', '.join(sorted(BEYOND_ONE_COUP & pt.defined.keys()))} "
                                f"(bets beyond one coup: bacc-edge streak, bacc-edge meter)")
    if not names:
        return loaded
    every = [b for pt in loaded for b in pt.bets]
    unknown = _unknown(names, every)
    if unknown:
        raise PaytableError(_no_bet_named(unknown, every, "the paytables define"))
    return [pt.select([n for n in names if not _unknown([n], pt.bets)])
            for pt in loaded if len(_unknown(names, pt.bets)) < len(names)]


def as_paytable(source, *, on_slow: Callable[[str], None] | None = None) -> Paytable:
    """What an analysis takes as its paytable (its ``source``), through the one door
    (:func:`load_paytable`): a loaded :class:`Paytable` as it is; a path (a string or a
    Path, or ``"shipped:NAME"``) loaded; a :class:`Bet` or a list of bets as a paytable
    under the standard tableau. Anything else is refused, naming it."""
    if isinstance(source, Bet):
        return Paytable.of_bets([source])
    if isinstance(source, (list, tuple)):
        _check_bets(source, "source")
        return Paytable.of_bets(source)
    if isinstance(source, (Paytable, str, os.PathLike)):
        return load_paytable(source, on_slow=on_slow)
    raise ArgumentError(f"source {kind_of(source)} is not a paytable: give a paytable "
                        f"file's path, a Paytable, a Bet or a list of Bet")


def load_paytable(path, *, on_slow: Callable[[str], None] | None = None,
                  text: str | None = None) -> Paytable:
    """The one door by which a paytable comes into bacc-edge: run a paytable file and
    collect its bets (and every name it defines, :attr:`Paytable.defined`), turning
    every failure into one :class:`PaytableError` that names the file (``on_slow``: see
    :func:`load_paytables`). ``path`` is the file's path, or ``"shipped:NAME"`` for a
    paytable shipped with bacc-edge (see :mod:`~bacc_edge.language.shipped`); a
    :class:`Paytable` already loaded is passed on as it is, never run again.

    ``text``: the file's text, run as if read from ``path`` without reading it (what a
    worker that does not share the file system was sent: :attr:`Paytable.source`)."""
    if isinstance(path, Paytable):
        return path
    if not isinstance(path, (str, os.PathLike)):
        raise ArgumentError(f"path {kind_of(path)} is not a paytable file's path")
    if text is not None:
        return _run_source(text, path)
    path = paytable_path(path)
    p = Path(path)
    if not os.fspath(path) or not p.exists():  # Path("") is ".", a folder: no file named
        raise PaytableError(f"{path}: no such paytable file{shipped_hint(path)}")
    if not p.is_file():
        raise PaytableError(f"{path}: not a paytable file (a {_kind_of_file(p)}, not a "
                            f"regular file of Python)")
    try:
        raw = p.read_bytes()
    except OSError as err:
        raise PaytableError(f"{path}: cannot be read ({err})") from None
    source = _python_text(raw, path)
    with _told_if_slow(path, on_slow), _files_opened() as opened:
        loaded = _run_source(source, path)
    itself = os.path.realpath(p)
    return replace(loaded, sha256=hashlib.sha256(raw).hexdigest(), opened=tuple(dict.fromkeys(
        f for f in opened if os.path.realpath(f) != itself and os.path.isfile(f))))


#: The files each thread has opened since it began to load a paytable (see
#: :func:`_files_opened`); unset where none is loading.
_loading = threading.local()


def _heard(event: str, args: tuple) -> None:
    """Python's audit hook: note a file opened (the "open" event, raised by ``open``,
    ``os.open`` and everything built on them) by a thread loading a paytable."""
    if event != "open":
        return
    files = getattr(_loading, "files", None)
    if files is not None and args and isinstance(args[0], (str, bytes, os.PathLike)):
        files.append(Path(os.path.abspath(os.fsdecode(args[0]))))


@functools.lru_cache(maxsize=1)
def _listen() -> None:
    """Install :func:`_heard` once: an audit hook stays for the life of the process,
    and costs one comparison per audited event while no paytable loads."""
    sys.addaudithook(_heard)


@contextlib.contextmanager
def _files_opened():
    """The list of files this thread opens inside the block (a paytable's code may read
    tables of pays, text, anything: each is an input a report must not replace)."""
    _listen()
    outer = getattr(_loading, "files", None)
    _loading.files = files = []
    try:
        yield files
    finally:
        _loading.files = outer


def _python_text(raw: bytes, path) -> str:
    """A paytable file's bytes as text, decoded as Python decodes a source file: UTF-8,
    unless a byte order mark (UTF-8's, dropped) or a PEP 263 coding declaration on its
    first two lines (``# -*- coding: latin-1 -*-``) says otherwise; every line ending
    (``\\r\\n``, ``\\r``) a ``\\n``. A file Python would not read either is refused in one
    line naming it."""
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(raw).readline)
        text = raw.decode(encoding)
    except SyntaxError as err:  # a declaration Python refuses, or no UTF-8 and none at all
        raise PaytableError(f"{path}: cannot be read as Python source ({err.msg})") from None
    except (UnicodeDecodeError, LookupError) as err:
        raise PaytableError(f"{path}: cannot be read as Python source ({err})") from None
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _kind_of_file(p: Path) -> str:
    """What ``p``, which exists but is no regular file, is: ``"folder"``, ``"device"`` …"""
    if p.is_dir():
        return "folder"
    if p.is_char_device() or p.is_block_device():
        return "device"
    if p.is_fifo():
        return "named pipe"
    if p.is_socket():
        return "socket"
    return "special file"


@contextlib.contextmanager
def _told_if_slow(path, on_slow: Callable[[str], None] | None):
    """Call ``on_slow`` (else whoever :func:`slow_loads_told` names) with a message
    naming ``path`` if the block is still running after :data:`SLOW_LOAD_SECONDS`."""
    on_slow = on_slow if on_slow is not None else _told_by_default.get()
    if on_slow is None:
        yield
        return
    timer = threading.Timer(SLOW_LOAD_SECONDS, on_slow, [
        f"still loading {path} after {SLOW_LOAD_SECONDS:g} s (a paytable is Python; is it "
        f"waiting or looping?)"])
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        timer.cancel()


#: Held while a paytable's code runs with stdout pointed at stderr
#: (:func:`printing_to_stderr`), and while a thread writes to stdout what must reach it
#: (:func:`stdout_as_it_is`): one thread at a time (re-entrant: a paytable may load
#: another).
_STDOUT_REDIRECTED = threading.RLock()


@contextlib.contextmanager
def stdout_as_it_is():
    """A block in which stdout is the process's own, not pointed at stderr for a
    paytable's code: it waits for a paytable being loaded on another thread to finish,
    and a paytable loaded meanwhile waits for it. For a thread that writes output a
    script reads (the live server's address) while other threads may load paytables."""
    with _STDOUT_REDIRECTED:
        yield


@contextlib.contextmanager
def printing_to_stderr():
    """While a paytable's code runs, everything it prints goes to stderr: ``print``
    (``sys.stdout``), ``sys.__stdout__`` and ``os.write(1, …)`` alike, so that stdout
    carries only bacc-edge's own output (one JSON object under ``--fmt json``). File
    descriptor 1 is pointed at stderr's for the block and restored after it, also when
    the block fails.

    Descriptor 1 and ``sys.stdout`` are the whole process's: a thread that loads a
    paytable while another does waits for it (and for a block of
    :func:`stdout_as_it_is`). Two such blocks overlapping would each save what it found,
    the second the first's redirection, and the one to end last would leave stdout
    pointed at stderr for the rest of the process."""
    with _STDOUT_REDIRECTED:
        for stream in (sys.stdout, sys.__stdout__):
            if stream is not None:
                stream.flush()  # what bacc-edge wrote before stays on stdout, in order
        try:
            saved = os.dup(1)
        except OSError:  # no file descriptor 1 at all: print is the one way out
            saved = None
        else:
            os.dup2(2, 1)
        try:
            with contextlib.redirect_stdout(sys.stderr):
                yield
        finally:
            if sys.__stdout__ is not None:
                try:
                    sys.__stdout__.flush()  # what the paytable buffered there goes to stderr
                except (OSError, ValueError):
                    pass
            if saved is not None:
                os.dup2(saved, 1)
                os.close(saved)


def _run_source(source: str, path) -> Paytable:
    """A paytable from its source text, as if read from ``path``: what
    :func:`load_paytable` does once it has the text. Whatever the file prints goes to
    stderr, so that stdout carries only bacc-edge's own output."""
    namespace = _run_code(source, path)
    return _check_loaded(namespace, source, Path(path), path)


def _run_code(source: str, path) -> dict:
    """Run a file's code as if read from ``path``, its prints on stderr; every failure
    one PaytableError naming the file and line."""
    p = Path(path)
    try:
        code = compile(source, str(p), "exec")
    except SyntaxError as err:  # Python names no line for a NUL byte: find it
        line = err.lineno or (source.count("\n", 0, source.index("\0")) + 1
                              if "\0" in source else None)
        where = f", line {line}" if line else ""
        raise PaytableError(f"{path}{where}: syntax error: {err.msg}") from None
    namespace = {"__name__": f"paytable_{p.stem}", "__file__": str(p)}
    try:
        with printing_to_stderr():
            exec(code, namespace)
    except BaccEdgeError as err:
        raise PaytableError(f"{path}{_line_in(p, err)}: {_bet_and_event(source, p, err)}"
                            f"{err}") from None
    except KeyboardInterrupt as err:  # raised by the file, or Ctrl-C while it ran: say which
        raise PaytableError(f"{path}{_line_in(p, err)}: interrupted while "
                            f"loading (KeyboardInterrupt); a paytable should only define "
                            f"BETS") from None
    except SystemExit as err:  # not the end of bacc-edge: a paytable only defines bets
        raise PaytableError(f"{path}{_line_in(p, err)}: calls sys.exit({err.code!r}) while "
                            f"loading; a paytable should only define BETS") from None
    except Exception as err:  # the user's code: report any failure, with its line
        raise PaytableError(f"{path}{_line_in(p, err)}: {type(err).__name__}: {err}") from None
    return namespace


def run_file(path) -> tuple[str, dict]:
    """Run a file of Python that defines a game in bacc-edge's words without ``BETS``
    (a file of decisions, :func:`~bacc_edge.language.decisions.load_decisions`): its
    text and the upper-case names its code defined, every failure one
    :class:`PaytableError` naming the file and line, as for a paytable; a file still
    running after :data:`SLOW_LOAD_SECONDS` is named to whoever :func:`slow_loads_told`
    names, as a paytable is."""
    p = Path(path)
    try:
        source = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        reason = getattr(err, "strerror", None) or type(err).__name__
        hint = shipped_hint(path) if isinstance(err, FileNotFoundError) else ""
        raise PaytableError(f"{path}: cannot read it ({reason}){hint}") from None
    with _told_if_slow(path, None):
        namespace = _run_code(source, path)
    return source, {name: value for name, value in namespace.items() if name.isupper()}


def _check_loaded(namespace: dict, source: str, p: Path, path) -> Paytable:
    bets = namespace.get("BETS")
    if bets is None and "DECISIONS" in namespace:
        raise PaytableError(f"{path}: defines no BETS, only DECISIONS (a game with a "
                            f"decision: bacc-edge decide)")
    if bets is None and BEYOND_ONE_COUP.isdisjoint(namespace):
        raise PaytableError(f"{path}: defines no BETS (a list of Bet)")
    if bets is None:  # a file of bets over several coups (STREAKS) or meters alone
        bets = ()
    else:
        _check_bets(bets, f"{path}: BETS")
    figures = namespace.get("FIGURES", ())
    if not isinstance(figures, (list, tuple)) or not all(isinstance(f, Figure) for f in figures):
        raise PaytableError(f"{path}: FIGURES must be a list of Figure")
    rules = namespace.get("RULES", STANDARD)
    if not isinstance(rules, Tableau):
        raise PaytableError(f"{path}: RULES must be a Tableau, written as the printed one "
                            f"with Tableau.parse(...), not {rules!r}")
    game = _game_name(namespace, path)
    defined = MappingProxyType({name: value for name, value in namespace.items()
                                if name.isupper()})
    return Paytable(p, tuple(bets), tuple(figures), rules, source, game, defined=defined)


#: The names a file of bets beyond one coup defines in place of BETS (read from
#: :attr:`Paytable.defined` by :mod:`~bacc_edge.language.several_coups`)
BEYOND_ONE_COUP = frozenset({"STREAKS", "METERS"})

#: The longest game name (``GAME``) a paytable may give: a title, not a description.
MAX_GAME_NAME = 120


def _game_name(namespace: dict, path) -> str | None:
    """The paytable's ``GAME`` (None where it sets none), refused unless it is a name:
    one line of printable text (as a bet's name is: no control, format or invisible
    character, no line or paragraph separator), at most :data:`MAX_GAME_NAME`
    characters; ``GAME = None`` is no name either."""
    if "GAME" not in namespace:
        return None
    game = namespace["GAME"]
    why = ""
    if isinstance(game, str):
        bad = next((ch for ch in game if not ch.isprintable() and ch != " "), None)
        if bad is not None:
            why = f": it holds the character U+{ord(bad):04X}" + (
                f" ({unicodedata.name(bad)})" if unicodedata.name(bad, "") else "")
    if not isinstance(game, str) or not game.strip() or len(game) > MAX_GAME_NAME or why:
        raise PaytableError(f"{path}: GAME must be the game's name, one line of text of at "
                            f"most {MAX_GAME_NAME} characters, not {game!r:.80}{why}")
    return game.strip()


def _bet_and_event(source: str, path: Path, err: BaseException) -> str:
    """``"bet 'B', event 'E': "`` for an error raised inside ``Bet('B', [Event('E', …)])``
    before either was built (``for_one('foo')``, ``pays('foo')``, a card misnamed in a
    condition), found by the position Python records for the failing call; "" when the
    message names its bet already or the call is not inside a Bet written out."""
    if str(err).startswith("bet "):
        return ""
    frames = [f for f in traceback.extract_tb(err.__traceback__) if Path(f.filename) == path]
    if not frames or frames[-1].colno is None:
        return ""
    at = frames[-1]
    span = (at.lineno, at.colno, at.end_lineno, at.end_colno)
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return ""
    names = {}

    def visit(node, inside):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id in ("Bet", "Event") and node.args \
                and isinstance(node.args[0], ast.Constant) \
                and isinstance(node.args[0].value, str):
            inside = {**inside, node.func.id: node.args[0].value}
        if (getattr(node, "lineno", None), getattr(node, "col_offset", None),
                getattr(node, "end_lineno", None), getattr(node, "end_col_offset", None)) == span:
            names.update(inside)
            return
        for child in ast.iter_child_nodes(node):
            visit(child, inside)

    visit(tree, {})
    if "Bet" not in names:
        return ""
    event = f", event {names['Event']!r}" if "Event" in names else ""
    return f"bet {names['Bet']!r}{event}: "


def _line_in(path: Path, err: BaseException) -> str:
    """", line N" for the deepest frame of the error inside the paytable file."""
    lines = [f.lineno for f in traceback.extract_tb(err.__traceback__)
             if Path(f.filename) == path]
    return f", line {lines[-1]}" if lines else ""


__all__ = ["Paytable", "as_paytable", "load_paytable",
           "load_paytables", "printing_to_stderr", "run_file", "slow_loads_told",
           "stdout_as_it_is"]
