"""The documentation site builds as ``make docs`` builds it, with ``--strict``: a broken
link, an anchor that is gone, a page left out of the navigation, a docstring the API
page cannot read, each fails the suite (CI runs it), not only ``make docs``."""

from __future__ import annotations

import html
import os
import re
import subprocess
import sys

import pytest

from bacc_edge.cli import main
from conftest import ROOT


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The site, built once into a folder of its own (never into the repository)."""
    folder = tmp_path_factory.mktemp("site")
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict",
                           "--config-file", str(ROOT / "mkdocs.yml"), "--site-dir", str(folder)],
                          capture_output=True, text=True, timeout=900,
                          env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    assert done.returncode == 0, done.stderr[-4000:]
    return folder


def text_of(page) -> str:
    """A built page's text, its tags and entities undone."""
    return html.unescape(re.sub(r"<[^>]+>", "", page.read_text(encoding="utf-8")))


def test_the_site_builds_without_a_warning(site):
    assert (site / "index.html").is_file()
    assert (site / "track.png").is_file()  # the live page's picture, beside its page


def test_the_command_reference_has_every_command_with_its_examples_as_written(site):
    page = (site / "reference" / "commands.html").read_text(encoding="utf-8")
    for name in main.commands:
        assert f'id="bacc-edge-{name}"' in page, name
    # the examples click prints line for line (after its \b mark) stay a block of text,
    # one a line as --help aligns them, not a paragraph a browser runs together
    blocks = [html.unescape(re.sub(r"<[^>]+>", "", b))
              for b in re.findall(r"<pre\b.*?</pre>", page, flags=re.S)]
    assert any("\nbacc-edge report --help                           every option of that table\n"
               in b for b in blocks)


def test_the_api_reference_is_made_from_the_docstrings(site):
    text = text_of(site / "reference" / "api.html")
    for name in ("Shoe", "outcome_table", "report", "solve", "LiveTrack"):
        assert re.search(rf"\b{name}\(", text), name
    assert "A finite shoe, card counts by rank" in text  # Shoe's docstring
    # a cross reference written as Sphinx writes it shows as the name it refers to
    assert "Build one with decks, from_ranks or" in " ".join(text.split())
    assert not re.search(r":(class|func|meth|mod):", text)


def test_every_link_between_pages_names_a_file_so_the_site_browses_from_the_disk(site):
    # a link to a folder (how-to/solve/) opens a folder listing from file://, not the page
    # (planted: use_directory_urls back on)
    for page in site.rglob("*.html"):
        if page.name == "404.html":  # a server's page for a missing address, rooted at /
            continue
        for href in re.findall(r'href="([^"#:?]+)(?:#[^"]*)?"', page.read_text(encoding="utf-8")):
            if href.endswith((".css", ".js", ".png", ".svg", ".ico", ".xml", ".json", ".ipynb")):
                continue
            target = (page.parent / href).resolve()
            assert target.is_file(), f"{page.relative_to(site)} links to {href}"


def test_the_api_reference_documents_the_multiplier_games(site):
    text = text_of(site / "reference" / "api.html")
    for name in ("Overlay", "Law", "MultiplierBet", "Multiplied", "multiplier_report",
                 "check_returns", "Combine", "Repeats", "calibrate"):
        assert re.search(rf"\b{name}\b", text), name
    assert "A bet of a multiplier game" in text  # MultiplierBet's docstring
