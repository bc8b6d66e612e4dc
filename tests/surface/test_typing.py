"""The public names as a type checker and an IDE see them: the package imports each on
first use (``bacc_edge.__getattr__``), which no type checker runs, so ``__init__.py``
writes the same imports out under ``if TYPE_CHECKING:``; these tests hold the two to one
list, and run mypy (configured in pyproject's [tool.mypy]) over the shipped paytables and
scripts that use the public names."""

import ast
import os
import subprocess
import sys

import pytest

import bacc_edge
from conftest import ROOT

INIT = ROOT / "calc" / "bacc_edge" / "__init__.py"


def _type_checked_imports() -> set[tuple[str, str, str]]:
    """(module, name in it, name in the package) of each import under ``if TYPE_CHECKING:``
    in ``__init__.py``; nothing else may stand there."""
    tree = ast.parse(INIT.read_text(encoding="utf-8"))
    (block,) = [node for node in tree.body
                if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING"]
    assert all(isinstance(node, ast.ImportFrom) for node in block.body), (
        "only imports stand under if TYPE_CHECKING:")
    return {("." * node.level + (node.module or ""), alias.name, alias.asname or alias.name)
            for node in block.body for alias in node.names}


def _lazy_imports() -> set[tuple[str, str, str]]:
    """The same, as ``__getattr__`` imports them: every public name, every folder."""
    return ({(module, attribute, name) for name, (module, attribute) in bacc_edge._WHERE.items()}
            | {(".", folder, folder) for folder in bacc_edge._MODULES})


def _as_import(module: str, name: str, public: str) -> str:
    return f"from {module} import {name}" + ("" if public == name else f" as {public}")


def test_the_type_checking_block_imports_exactly_what_getattr_imports():
    written, lazy = _type_checked_imports(), _lazy_imports()
    missing = sorted(_as_import(*row) for row in lazy - written)
    extra = sorted(_as_import(*row) for row in written - lazy)
    assert not missing and not extra, (
        "__init__.py's TYPE_CHECKING block and _PUBLIC/_RENAMED/_MODULES disagree.\n"
        "add under if TYPE_CHECKING:\n    " + "\n    ".join(missing)
        + "\nremove from it (or add to _PUBLIC):\n    " + "\n    ".join(extra))


def test_every_public_name_is_exported_to_a_type_checker():
    # a type checker (pyright; mypy with implicit_reexport off) exports an import of
    # __init__.py only when __all__ lists it or it is imported "as" itself
    assert set(bacc_edge._WHERE) <= set(bacc_edge.__all__), (
        set(bacc_edge._WHERE) - set(bacc_edge.__all__))


@pytest.fixture(scope="module")
def mypy(tmp_path_factory):
    """mypy as pyproject configures it, run from the repository with its cache in a
    temporary folder (the first run reads numpy's stubs: some tens of seconds; a second
    run reuses the cache). Returns (exit code, what it printed)."""
    pytest.importorskip("mypy", reason="mypy is in the dev extra: pip install -e '.[dev]'")
    cache = tmp_path_factory.mktemp("mypy_cache")

    def run(*files):
        done = subprocess.run(
            [sys.executable, "-m", "mypy", "--cache-dir", str(cache), "--no-color-output",
             "--no-error-summary", *map(str, files)],
            cwd=ROOT, capture_output=True, text=True, timeout=600,
            env={**os.environ, "MYPY_FORCE_COLOR": "0"})
        return done.returncode, done.stdout + done.stderr

    return run


def test_mypy_passes_the_paytables_and_the_scripts_using_the_public_names(mypy):
    code, printed = mypy()  # the files pyproject's [tool.mypy] names
    assert code == 0, printed


#: Mistakes a type checker must find in a user's script, each with the words mypy says;
#: were the names unknown to it (hidden behind __getattr__) it would pass every one.
MISTAKES = [
    ("from bacc_edge import Bets", 'Module "bacc_edge" has no attribute "Bets"'),
    ("import bacc_edge\nbacc_edge.reprot", 'Module has no attribute "reprot"'),
    ("from bacc_edge import Shoe\nShoe.decks('8')",
     'Argument 1 to "decks" of "Shoe" has incompatible type "str"; expected "int"'),
    ("from bacc_edge import BetResult\ndef f(r: BetResult) -> str:\n    return r.edge",
     'Incompatible return value type (got "Fraction", expected "str")'),
    ("from bacc_edge import RemovalEffects\ndef f(fx: RemovalEffects) -> None:\n"
     "    fx.by_ranks", '"RemovalEffects" has no attribute "by_ranks"'),
    # the list report() returns holds BetResults, each with its notebook faces
    ("from bacc_edge import Bet, report\ndef f(bet: Bet) -> str:\n    return report(bet)[0].edge",
     'Incompatible return value type (got "Fraction", expected "str")'),
    ("from bacc_edge import Bet, report\ndef f(bet: Bet) -> None:\n    report(bet).to_pandsa()",
     '"Results[BetResult]" has no attribute "to_pandsa"'),
]


def test_mypy_finds_each_mistake_in_a_script(mypy, tmp_path):
    scripts = []
    for i, (code, _) in enumerate(MISTAKES):
        scripts.append(tmp_path / f"mistake_{i}.py")
        scripts[-1].write_text(code + "\n")
    code, printed = mypy(*scripts)
    assert code == 1, printed
    for script, (_, words) in zip(scripts, MISTAKES):
        said = [line for line in printed.splitlines() if line.startswith(str(script))]
        assert any(words in line for line in said), (script.read_text(), printed)
