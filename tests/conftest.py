import json
import os
import sys
from collections import Counter
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, settings

sys.path.insert(0, str(Path(__file__).parent))

import compiled_kernels  # noqa: E402
import external_tools as tools  # noqa: E402
from bacc_edge import Shoe  # noqa: E402
import bacc_edge.engine.jit  # noqa: E402,F401 (sets numba's cache folder, read below)
from bacc_edge.util.safe_write import write_output  # noqa: E402
import numba  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent

#: the kernels this process compiles, not loaded from the cache (listed at the end)
COMPILES = compiled_kernels.listen()

# CI (the CI variable set): every property test draws the same examples on every run
# and machine (derandomized, no example database carried between runs), at most 50 of
# them. Elsewhere: Hypothesis's own defaults, random examples, so new cases keep being
# tried. Neither times an example (Hypothesis's deadline, 200 ms by default) or the
# drawing of examples (its too_slow health check): how long either takes is the
# machine's load, not the code's correctness.
UNTIMED = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}
settings.register_profile("ci", derandomize=True, database=None, max_examples=50,
                          print_blob=True, **UNTIMED)
settings.register_profile("untimed", **UNTIMED)
settings.load_profile("ci" if os.environ.get("CI") else "untimed")


def table_as_counter(table) -> Counter:
    """An outcome table keyed as tests/reference.py keys its tally."""
    f = table.features
    p_state = f["player_pair"] + (f["player_suited_pair"] if table.layout.suits else 0)
    b_state = f["banker_pair"] + (f["banker_suited_pair"] if table.layout.suits else 0)
    keys = zip(p_state.tolist(), b_state.tolist(), f["player_two_card_total"].tolist(),
               f["banker_two_card_total"].tolist(), f["player_third"].tolist(),
               f["banker_third"].tolist())
    return Counter({k: int(c) for k, c in zip(keys, table.counts.tolist()) if c})


def kinds_of(shoe: Shoe, suits: bool):
    """The shoe as the reference's card kinds (rank, suit or None, count)."""
    if suits:
        return [(r, s, shoe.suits[r][s]) for r in range(13) for s in range(4)]
    return [(r, None, n) for r, n in enumerate(shoe.ranks)]


#: The folder of numba's compiled kernels for this run, as bacc_edge.engine.jit chose it
#: (from the user's cache folder, before the tests move that folder elsewhere).
KERNELS = os.path.dirname(numba.config.CACHE_DIR)


@pytest.fixture(autouse=True)
def user_folders(tmp_path_factory, monkeypatch):
    """Every test's own user data and cache folders (platformdirs reads XDG_DATA_HOME and
    XDG_CACHE_HOME on Linux), in this process and the commands it starts: a track's
    session or a depth run's batches kept by default never land in the real home. The
    kernels stay where they are (NUMBA_CACHE_DIR): compiled once, not per test; so do the
    tables a count by ranks and suits apart keeps beside them (made once a run)."""
    base = tmp_path_factory.mktemp("user")
    monkeypatch.setenv("XDG_DATA_HOME", str(base / "data"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(base / "cache"))
    monkeypatch.setenv("NUMBA_CACHE_DIR", KERNELS)
    return base


@pytest.fixture(scope="session")
def eight_decks():
    return Shoe.decks(8)


@pytest.fixture
def rng():
    return np.random.default_rng(20261121)


@pytest.fixture
def tool():
    """Find the programs a test drives (tests/external_tools.py lists them):
    ``tool("pdftotext")`` is its path. Where it is missing the test skips, saying which
    package installs it, or, with ``optional=True``, is given None and does without what
    it needs the tool for; either way, where BACC_EDGE_REQUIRE_TOOLS is set (.ci/run
    installs every tool and sets it), a missing tool fails the test: no skip there hides
    a check."""
    def find(name: str, *, optional: bool = False) -> str | None:
        found = tools.find(name)
        if found:
            return found
        install = f"Debian: apt-get install {tools.package(name)}"
        if os.environ.get(tools.REQUIRE_TOOLS):
            pytest.fail(f"{name} is required here ({tools.REQUIRE_TOOLS} is set) but not "
                        f"found; {install}")
        if optional:
            return None
        pytest.skip(f"{name} not installed ({install}); .ci/run installs it")
    return find


@pytest.fixture
def chromium(tool):
    """The headless Chromium to drive (Debian's chromium), found by :func:`tool`."""
    return tool("chromium")


def pytest_collection_modifyitems(items):
    """Every test that drives a real browser (asks for ``chromium``) is marked
    ``browser``, so the quick loop (``make test-quick``) can leave them out."""
    for item in items:
        if "chromium" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)


def pytest_sessionfinish(session):
    """A pytest-xdist worker hands the kernels it compiled to the controller."""
    if hasattr(session.config, "workeroutput"):
        session.config.workeroutput["kernels_compiled"] = COMPILES.seen


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error):
    """The controller keeps each worker's compiled kernels (pytest-xdist)."""
    COMPILES.seen.extend(getattr(node, "workeroutput", {}).get("kernels_compiled", []))


def pytest_terminal_summary(terminalreporter):
    """The kernels compiled during the tests (tests/compiled_kernels.py), if any; every
    one of them, with its types, also written as JSON to the file
    ``BACC_EDGE_COMPILES_JSON`` names, where set (to find a kernel compiled for several
    types)."""
    for line in compiled_kernels.summary(COMPILES.seen):
        terminalreporter.write_line(line)
    if os.environ.get("BACC_EDGE_COMPILES_JSON"):  # as bacc-edge writes an output
        write_output(os.environ["BACC_EDGE_COMPILES_JSON"], json.dumps(COMPILES.seen, indent=1))
