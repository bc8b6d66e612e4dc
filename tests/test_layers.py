"""The package's layers import one way: a module imports only from its own layer and
the layers below it (util ← game ← engine ← language ← analysis ← depth ← output ← live ←
the command line), at the top of the file or inside a function alike. An import that runs
upward would tie a lower layer to a higher one; this test names each."""

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


def _imports(path: Path):
    """(line, module imported) for every relative import in ``path``."""
    here = path.relative_to(PACKAGE).with_suffix("").parts
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level:
            base = list(here[:len(here) - node.level])
            target = ".".join(base + ([node.module] if node.module else []))
            names = [target] if node.module else [f"{target}.{a.name}".strip(".")
                                                  for a in node.names]
            for name in names:
                yield node.lineno, name


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
             if p.stem not in {"__init__", "__main__", "cli", "errors", "conditions", "paytable",
                               "pays"}]
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
