"""The package's layers import one way: a module imports only from its own layer and
the layers below it (util ← game ← engine ← language ← analysis ← depth ← output ← live ←
the command line), at the top of the file or inside a function alike. An import that runs
upward would tie a lower layer to a higher one; this test names each.

Within a layer too, imports run one way: no module imports, even lazily inside a
function, a module that imports it back (directly or round a longer circle). And a
module's private names (``_x``) are its own: no other module imports them, or reads them
off a module it imported."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import bacc_edge

PACKAGE = Path(bacc_edge.__file__).parent
#: The layers, lowest first; errors.py is beneath them all, the command line and the
#: public surface (with the old module paths kept for paytables) above them all.
LAYERS = ["errors", "util", "game", "engine", "language", "analysis", "depth", "output", "live",
          "top"]


def _layer(module: str) -> int:
    """The rank of ``module`` (a dotted path under bacc_edge)."""
    first = module.split(".")[0]
    if first in LAYERS:
        return LAYERS.index(first)
    return LAYERS.index("top")


def _dotted(path: Path) -> str:
    """The dotted name of the module at ``path`` under bacc_edge ("" for the package)."""
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_module(name: str) -> bool:
    """Whether ``name`` (dotted, under bacc_edge) is a module or a package."""
    path = PACKAGE.joinpath(*name.split(".")) if name else PACKAGE
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def _source(path: Path, node: ast.ImportFrom) -> str:
    """The dotted name under bacc_edge of the module a relative ``from`` import in
    ``path`` reads from."""
    here = path.relative_to(PACKAGE).with_suffix("").parts
    base = list(here[:len(here) - node.level])
    return ".".join(base + ([node.module] if node.module else []))


def _imports(path: Path):
    """(line, module imported) for every relative import in ``path``."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level:
            target = _source(path, node)
            names = [target] if node.module else [f"{target}.{a.name}".strip(".")
                                                  for a in node.names]
            for name in names:
                yield node.lineno, name


def _imported_modules(path: Path) -> set[str]:
    """The modules of bacc_edge that ``path`` imports, anywhere in the file: ``from .x
    import y`` imports ``x``, or ``x.y`` where that is a module."""
    out = set()
    for _, name in _imports(path):
        first, _, last = name.rpartition(".")
        out.add(name if _is_module(name) or not first else first)
    return out - {_dotted(path)}


def _private_reads(path: Path):
    """(line, text) for every private name ``path`` takes from another module: ``from
    .x import _y``, or ``m._y`` on a module ``m`` it imported (dunder names aside)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    modules = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level:
            for alias in node.names:
                if alias.name.startswith("_") and not alias.name.startswith("__"):
                    source = "." * node.level + (node.module or "")
                    yield node.lineno, f"from {source} import {alias.name}"
                if _is_module(f"{_source(path, node)}.{alias.name}".strip(".")):
                    modules.add(alias.asname or alias.name)
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                and node.value.id in modules and node.attr.startswith("_")
                and not node.attr.startswith("__")):
            yield node.lineno, f"{node.value.id}.{node.attr}"


MODULES = sorted(p for p in PACKAGE.rglob("*.py"))


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_a_module_imports_only_its_layer_and_those_below(path):
    module = ".".join(path.relative_to(PACKAGE).with_suffix("").parts)
    rank = _layer(module)
    upward = [f"line {line}: {name} ({LAYERS[_layer(name)]})"
              for line, name in _imports(path) if _layer(name) > rank]
    assert not upward, f"{module} ({LAYERS[rank]}) imports upward: {upward}"


def test_every_module_sits_in_a_layer():
    loose = [p.name for p in PACKAGE.glob("*.py")
             if p.stem not in {"__init__", "__main__", "cli", "cli_options", "errors",
                               "conditions", "paytable", "pays"}]
    assert not loose, f"modules outside the layers' folders: {loose}"


def test_defining_a_run_imports_neither_dask_nor_the_machinery_that_deals_it():
    # the live page and the index sheets define depth runs (bacc_edge.depth.options) and
    # deal none on a cluster: neither they nor the definition bring in the runner, its
    # cluster, or Dask
    code = ("import sys, bacc_edge.depth.options, bacc_edge.live.server; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed')"
            " or m in ('bacc_edge.depth.run', 'bacc_edge.depth.cluster')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "[]", done.stdout


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_a_module_reads_no_other_modules_private_names(path):
    taken = [f"line {line}: {text}" for line, text in _private_reads(path)]
    assert not taken, f"{_dotted(path)} takes private names of other modules: {taken}"


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles of ``graph`` (module → modules it imports): per strongly
    connected component of more than one module (Tarjan's algorithm), its modules."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out = []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_no_module_imports_a_module_that_imports_it_back():
    graph = {_dotted(p): _imported_modules(p) for p in MODULES}
    circles = _cycles(graph)
    assert not circles, f"modules that import each other (round a circle): {circles}"


def test_the_circle_finder_finds_a_circle_and_no_more():
    # a hand-drawn graph: a → b → c → a is a circle, d → a and c → e are not
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "e"}, "d": {"a"}, "e": set()}
    assert _cycles(graph) == [["a", "b", "c"]]


def test_only_the_loader_runs_a_paytables_code():
    # the one door: a paytable file's code runs in language/loader.py alone, once per
    # load; a layer that wants a name the file defines reads Paytable.defined
    runners = [str(p.relative_to(PACKAGE)) for p in MODULES
               if any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
                      and n.func.id == "exec"
                      for n in ast.walk(ast.parse(p.read_text(encoding="utf-8"))))]
    assert runners == ["language/loader.py"], runners


TESTS = Path(__file__).resolve().parents[1]
#: The private names tests still read, each for a reason: ``_repr_html_`` is IPython's
#: protocol, not a private name; ``bacc_edge._WHERE`` and ``_MODULES`` are the package's
#: table of lazily imported names, which test_typing holds to its ``__all__``;
#: ``card_table._blocks_pay`` is the card planner's, being rewritten apart from this.
TESTS_MAY_READ = {"_repr_html_", "_WHERE", "_MODULES", "_blocks_pay"}


def _private_reads_of_tests(path: Path):
    """(line, text) for every private name of bacc_edge that the test file ``path``
    takes: ``from bacc_edge.x import _y``, ``m._y`` on a module or name imported from
    bacc_edge, ``monkeypatch.setattr(m, "_y", …)`` or ``"bacc_edge.x._y"``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("bacc_edge"):
            for alias in node.names:
                if _private(alias.name):
                    yield node.lineno, f"from {node.module} import {alias.name}"
                names.add(alias.asname or alias.name)
        elif isinstance(node, ast.Import):
            names |= {a.asname or a.name.split(".")[0] for a in node.names
                      if a.name.startswith("bacc_edge")}
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                and node.value.id in names and _private(node.attr)):
            yield node.lineno, f"{node.value.id}.{node.attr}"
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr == "setattr" and len(node.args) > 1
                and isinstance(node.args[1], ast.Constant) and _private(str(node.args[1].value))):
            yield node.lineno, f"setattr(…, {node.args[1].value!r})"
        if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                and node.value.startswith("bacc_edge.")
                and any(_private(part) for part in node.value.split("."))):
            yield node.lineno, repr(node.value)


def _private(name: str) -> bool:
    """Whether ``name`` is private to its module (``_x``; not ``__x``, nor one the tests
    may read, :data:`TESTS_MAY_READ`)."""
    return name.startswith("_") and not name.startswith("__") and name not in TESTS_MAY_READ


@pytest.mark.parametrize("path", sorted(TESTS.rglob("*.py")),
                         ids=lambda p: str(p.relative_to(TESTS)))
def test_a_test_reads_no_private_name_of_the_package(path):
    taken = [f"line {line}: {text}" for line, text in _private_reads_of_tests(path)]
    assert not taken, f"{path.name} takes private names of bacc_edge: {taken}"
