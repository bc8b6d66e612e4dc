"""The math report in a real browser (headless Chromium): a rendered page, and every
shipped report (results/math_reports/, which tests/output/test_results.py holds to today's
code) printed to PDF on Letter and on A4, as a test lab prints it. Without Chromium the
tests skip, saying why (the ``tool`` fixture of tests/conftest.py: .ci/run installs every
tool and sets BACC_EDGE_REQUIRE_TOOLS, which makes a missing one a failure). Page sizes are
read with pdfinfo where installed, else from the PDF's bytes; each page's text, and the
checks on it, need pdftotext."""

import base64
import html
import os
import re
import struct
import subprocess
from concurrent.futures import ThreadPoolExecutor

from click.testing import CliRunner

from bacc_edge.cli import main
from conftest import ROOT
from devtools import DevTools

REPORTS = sorted((ROOT / "results" / "math_reports").glob("*.html"))
#: PDF page sizes in points (width, height).
LETTER, A4 = (612, 792), (595, 842)


def _run_chromium(chromium, home, *args):
    command = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
               "--hide-scrollbars", "--enable-logging=stderr", "--v=0",
               f"--user-data-dir={home / 'profile'}", *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "HOME": str(home)})


def _png_size(path):
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    return struct.unpack(">II", data[16:24])


def test_html_renders_in_headless_chromium(chromium, tmp_path):
    page = tmp_path / "three_card_win.html"
    r = CliRunner().invoke(main, ["math-report", str(ROOT / "paytables" / "three_card_win.py"),
                                  "-o", str(page)])
    assert r.exit_code == 0, r.output
    shot = tmp_path / "shot.png"
    run = _run_chromium(chromium, tmp_path, f"--screenshot={shot}", "--window-size=1200,2400",
                        page.as_uri())
    assert shot.is_file(), run.stderr[-2000:]
    assert _png_size(shot) == (1200, 2400)
    assert shot.stat().st_size > 50_000          # a page of tables and charts, not a blank one
    console = [line for line in run.stderr.splitlines() if "CONSOLE" in line]
    assert console == [], console
    dom = _run_chromium(chromium, tmp_path, "--dump-dom", page.as_uri())
    assert "Math report: 3 Card Win Baccarat" in dom.stdout    # the page loaded and parsed
    assert dom.stdout.count("<svg") == 5 and "Effects of removal" in dom.stdout


# -- printed ---------------------------------------------------------------------------------
def _print(chromium, page, pdf, home):
    """``chromium --print-to-pdf``: one browser started for one page."""
    home.mkdir(parents=True, exist_ok=True)
    run = _run_chromium(chromium, home, "--no-pdf-header-footer", f"--print-to-pdf={pdf}",
                        page.as_uri())
    return run.stderr


def _pages(pdf, pdfinfo: str | None) -> list[tuple[float, float]]:
    """Each page's size in points: from ``pdfinfo`` (its path) where installed, else the
    page objects' /MediaBox in the PDF's bytes (Chromium writes them uncompressed)."""
    if pdfinfo:
        out = subprocess.run([pdfinfo, "-l", "9999", str(pdf)], capture_output=True,
                             text=True, timeout=60).stdout
        return [(float(w), float(h)) for w, h in
                re.findall(r"Page +\d+ size: +([\d.]+) x ([\d.]+) pts", out)]
    data = pdf.read_bytes()
    return [(float(w), float(h)) for w, h in
            re.findall(rb"/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]", data)]


def _page_texts(pdf, pdftotext: str | None) -> list[str] | None:
    """Each page's text (``pdftotext``, its path; pages split at form feeds), None
    without it."""
    if not pdftotext:
        return None
    out = subprocess.run([pdftotext, "-layout", str(pdf), "-"], capture_output=True,
                         text=True, timeout=60).stdout
    return out.split("\f")


def _print_pdf(browser: DevTools, page, pdf) -> None:
    """``Page.printToPDF`` (what ``--print-to-pdf`` runs) of one page, in a browser
    that prints many: no browser started for each page."""
    browser.navigate(page.as_uri())
    # untagged: a tagged PDF (for screen readers) takes Chromium half as long again
    data = browser.call("Page.printToPDF", {"printBackground": True, "preferCSSPageSize": True,
                                            "generateTaggedPDF": False}, page=True)["data"]
    pdf.write_bytes(base64.b64decode(data))


def _print_all(chromium, pages, folder, home):
    browser = DevTools(chromium, home, timeout=120)
    try:
        for page in pages:
            _print_pdf(browser, page, folder / f"{page.stem}.pdf")
    finally:
        browser.close()


def test_every_shipped_report_prints_with_each_bet_on_a_new_page(chromium, tool, tmp_path):
    pdfinfo, pdftotext = tool("pdfinfo", optional=True), tool("pdftotext", optional=True)
    assert len(REPORTS) == len(list((ROOT / "paytables").glob("*.py")))
    # two browsers, the reports shared out largest first
    by_size = sorted(REPORTS, key=lambda p: -p.stat().st_size)
    halves = [by_size[0::2], by_size[1::2]]
    with ThreadPoolExecutor(2) as pool:
        for done in [pool.submit(_print_all, chromium, pages, tmp_path, tmp_path / f"home{i}")
                     for i, pages in enumerate(halves)]:
            done.result()
    for page in REPORTS:
        pdf = tmp_path / f"{page.stem}.pdf"
        data = pdf.read_bytes()
        assert data[:5] == b"%PDF-" and len(data) > 30_000, page.name
        text = page.read_text()
        bets = re.findall(r'<h2 id="[^"]*" class="bet">([^<]*)</h2>', text)
        sizes = _pages(pdf, pdfinfo)
        assert {(round(w), round(h)) for w, h in sizes} == {LETTER}, page.name  # the default
        # a first page or two, then each bet on pages of its own, one to four each
        assert len(bets) + 1 <= len(sizes) <= 4 * len(bets) + 4, (page.name, len(sizes))
        texts = _page_texts(pdf, pdftotext)
        if texts is not None:
            game = html.unescape(re.search(r"<title>Math report: ([^<]*)</title>",
                                           text).group(1))
            assert "Math report:" in texts[0] and _words(game) in _words(texts[0]), page.name
            tops = [_words(t.strip().split("\n")[0]) for t in texts if t.strip()]
            for bet in bets:  # the page break before each bet: its name heads a page
                assert _words(html.unescape(bet)) in tops, (page.name, bet)
            ident = re.search(r"BE-[\w.]+-[0-9a-f]{16}-\d{8}", text).group(0)
            assert all(ident in t for t in texts if t.strip()), page.name  # each page's foot


def _words(text: str) -> str:
    return " ".join(text.split())


def test_a_report_prints_on_a4_as_well(chromium, tool, tmp_path):
    # the paper is the printer's: the same page on A4 has A4 pages, every bet still on
    # pages of its own
    page = tmp_path / "chemin_de_fer.html"
    text = (ROOT / "results" / "math_reports" / "chemin_de_fer.html").read_text()
    page.write_text(text.replace("</style>", "@page { size: A4; }\n</style>", 1))
    pdf = tmp_path / "a4.pdf"
    stderr = _print(chromium, page, pdf, tmp_path / "home")
    assert pdf.is_file(), stderr[-2000:]
    sizes = _pages(pdf, tool("pdfinfo", optional=True))
    assert {(round(w), round(h)) for w, h in sizes} == {A4}
    assert 4 <= len(sizes) <= 16


#: Every word (split at spaces and hyphens, where a line may break) of the cells of the
#: tables under the heading "Rules as applied", up to the next heading of its rank, whose
#: letters the browser laid out on more than one line.
_SPLIT_WORDS = r"""(() => {
  const heading = [...document.querySelectorAll('h2')]
    .find(h => h.textContent === 'Rules as applied');
  const cells = [];
  for (let el = heading.nextElementSibling; el && el.tagName !== 'H2';
       el = el.nextElementSibling)
    if (el.tagName === 'TABLE') cells.push(...el.querySelectorAll('th, td'));
  const split = [];
  for (const cell of cells) {
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node; (node = walker.nextNode());) {
      for (const m of node.data.matchAll(/[^\s\-‐–—]+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const lines = new Set([...range.getClientRects()].map(r => Math.round(r.bottom)));
        if (lines.size > 1) split.push(m[0]);
      }
    }
  }
  return {cells: cells.length, split};
})()"""


def test_no_word_of_the_rules_as_applied_is_split_at_1200_px(chromium, tmp_path):
    # "Sho / e", "Tabl / eau": a header squeezed by a long cell beside it, broken mid-word
    page = tmp_path / "three_card_win.html"
    r = CliRunner().invoke(main, ["math-report", str(ROOT / "paytables" / "three_card_win.py"),
                                  "-o", str(page)])
    assert r.exit_code == 0, r.output
    browser = DevTools(chromium, tmp_path / "home")
    try:
        browser.call("Emulation.setDeviceMetricsOverride", {
            "width": 1200, "height": 2400, "deviceScaleFactor": 1, "mobile": False},
            page=True)
        browser.navigate(page.as_uri())
        laid_out = browser.evaluate(_SPLIT_WORDS)
    finally:
        browser.close()
    assert laid_out["cells"] >= 10  # the rules' table and the dealing's, every cell
    assert laid_out["split"] == []
