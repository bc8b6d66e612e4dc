"""docs/notebooks/designer.ipynb, a designer's first hour (write a bet, its edge by decks,
solve its pay, effects of removal, plots), runs from top to bottom in a real Jupyter
kernel and shows its results as tables and its plots as pictures; the file is kept
without outputs."""

import json
import os
import re

import pytest

from conftest import ROOT

NOTEBOOK = ROOT / "docs" / "notebooks" / "designer.ipynb"


def test_the_committed_notebook_keeps_no_outputs():
    cells = json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]
    code = [cell for cell in cells if cell["cell_type"] == "code"]
    assert code
    assert all(cell["outputs"] == [] and cell["execution_count"] is None for cell in code), (
        "clear the notebook's outputs before committing it")


@pytest.fixture(scope="module")
def executed(tmp_path_factory):
    """Every cell of the notebook run in a fresh kernel, cell id → the executed cell. The
    kernel speaks over Unix sockets (no port) in a temporary folder, which is also the
    notebook's working folder and holds IPython's and matplotlib's settings."""
    nbformat = pytest.importorskip("nbformat", reason="the dev extra runs notebooks")
    nbclient = pytest.importorskip("nbclient", reason="the dev extra runs notebooks")
    from jupyter_client.manager import KernelManager

    folder = tmp_path_factory.mktemp("notebook")
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    kernel = KernelManager(kernel_name="python3", transport="ipc", ip=str(folder / "kernel"),
                           connection_file=str(folder / "kernel.json"))
    client = nbclient.NotebookClient(notebook, km=kernel, timeout=600,
                                     extra_arguments=["--InteractiveShell.colors=nocolor"],
                                     resources={"metadata": {"path": str(folder)}})
    try:
        client.execute(cleanup_kc=True, env={**os.environ, "IPYTHONDIR": str(folder / "ipython"),
                                             "MPLCONFIGDIR": str(folder / "matplotlib")})
    finally:
        if kernel.has_kernel:
            kernel.shutdown_kernel(now=True)
    return {cell.id: cell for cell in notebook.cells}


def _shown(cell) -> dict:
    """What a cell showed: its one output's data by MIME type."""
    (output,) = cell.outputs
    assert output.output_type in ("execute_result", "display_data"), output
    return output.data


def test_each_result_shows_as_tables(executed):
    for cell in ("the-bet", "compare", "solve-it", "the-final-bet", "effects", "frame"):
        assert "<table" in _shown(executed[cell])["text/html"], cell


def test_the_solved_pay_keeps_the_target_edge(executed):
    # the pay the notebook writes in is the marked printable one: its edge on 8 decks,
    # as the next cell shows it, is at or above the 5% asked for
    assert "◀" in _shown(executed["solve-it"])["text/html"]
    (edge,) = re.findall(r"house edge (\d+\.\d+)%", _shown(executed["the-final-bet"])["text/html"])
    assert float(edge) >= 5


def test_the_plots_are_pictures(executed):
    for cell in ("plot-decks", "plot-effects"):
        assert _shown(executed[cell])["image/png"], cell
