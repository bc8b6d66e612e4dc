"""The programs outside Python that tests drive (a browser, poppler's PDF tools): the
names each goes by and the Debian package that installs it. The ``tool`` fixture of
tests/conftest.py finds them for the tests; .ci/run runs this file to learn which
packages to install (``python3 tests/external_tools.py`` prints those of the tools
missing, one a line). Nothing imported beyond the standard library: .ci/run runs it
before anything is installed."""

import shutil

#: For each tool: the names it goes by, first found first used, and its Debian package.
TOOLS = {
    "chromium": (("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"),
                 "chromium"),
    "pdftotext": (("pdftotext",), "poppler-utils"),
    "pdfinfo": (("pdfinfo",), "poppler-utils"),
}
#: Set (to anything but empty), a tool missing fails the test that needs it rather than
#: skipping it: .ci/run sets it, so no skip there hides a check never made.
REQUIRE_TOOLS = "BACC_EDGE_REQUIRE_TOOLS"


def find(name: str) -> str | None:
    """The path of the tool ``name`` (a key of :data:`TOOLS`), None where missing."""
    return next(filter(None, map(shutil.which, TOOLS[name][0])), None)


def package(name: str) -> str:
    """The Debian package that installs the tool ``name``."""
    return TOOLS[name][1]


if __name__ == "__main__":
    for each in sorted({package(name) for name in TOOLS if find(name) is None}):
        print(each)
