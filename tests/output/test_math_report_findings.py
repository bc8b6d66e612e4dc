"""The math report against an independent tester's findings: the paytable's and the
register's text is plain text in the Markdown form too, every column of the register is
printed, the re-run line survives any path, the docstring keeps every line, print
pages keep their scale, a shoe-depth run names each count's bets, a paytable is read as
Python reads it, and the words say what they mean. (Bad input is in
tests/surface/test_bad_input.py's tables.)"""

import hashlib
import logging
import re
import shlex
import subprocess
import sys
from html import unescape

import pytest
from click.testing import CliRunner
from markdown_it import MarkdownIt

from bacc_edge import build_math_report, load_paytable, math_report_html, math_report_markdown
from bacc_edge.cli import main
from bacc_edge.depth import cluster as depth_cluster
from bacc_edge.depth.summary import DepthTally
from bacc_edge.depth.shoes import deal_batch
from bacc_edge.output import math_report as mr
from bacc_edge.output.docstring_markdown import docstring_html, docstring_markdown

DAY = "2026-01-15"
TIE = 'from bacc_edge import *\nBETS = [Bet("T", [Event("tie", tie, 8)])]\n'


def rendered(markdown: str) -> str:
    """The Markdown as a viewer shows it: CommonMark with tables, raw HTML on."""
    return MarkdownIt("commonmark", {"html": True}).enable("table").render(markdown)


def text_of(page: str) -> str:
    """What a reader sees of an HTML page or fragment: its text, entities read, spaces
    as one."""
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", page)).split())


# -- the paytable's and the register's text, as plain text in Markdown ----------------------
HOSTILE = '''"""A paytable whose every name is Markdown."""
from bacc_edge import *

GAME = "![pixel](http://evil.example/game.png) Game"
BETS = [
    Bet("[click](http://evil.example/bet)", [Event("![e](http://evil.example/e.png)", tie, 8)],
        published=Published("<http://evil.example/key>", house_edge="99%",
                            findings={"house edge": "see [here](http://evil.example/f) *now*"})),
    Bet("`code` _u_ ~~s~~ # 1. > q &amp;", [Event("x | y <b>", player.pair, 11)],
        published=Published("[r]: http://evil.example/ref", player_net="-10.361%")),
]
'''
REGISTER = """| key | what the source is | where it was published | date |
| --- | --- | --- | --- |
| `<http://evil.example/key>` | ![img](http://evil.example/s.png) the sheet | [site](http://evil.example/site) \\| a pipe | 2024 |
"""
#: Every piece of text the report takes from the paytable or the register, as written.
PLAIN = ["![pixel](http://evil.example/game.png) Game", "[click](http://evil.example/bet)",
         "![e](http://evil.example/e.png)", "see [here](http://evil.example/f) *now*",
         "`code` _u_ ~~s~~ # 1. > q &amp;", "x | y <b>",
         "[r]: http://evil.example/ref (as the paytable names it",
         "![img](http://evil.example/s.png) the sheet — where it was published: "
         "[site](http://evil.example/site) | a pipe; date: 2024"]


@pytest.fixture(scope="module")
def hostile(tmp_path_factory):
    folder = tmp_path_factory.mktemp("hostile")
    (folder / "bets.py").write_text(HOSTILE)
    (folder / "SOURCES.md").write_text(REGISTER)
    return build_math_report(folder / "bets.py", date=DAY, decks=1)


def test_the_markdown_form_shows_the_paytables_text_as_plain_text(hostile):
    page = rendered(math_report_markdown(hostile))
    # no link, image, emphasis from the paytable, code span or HTML: only the text
    for tag in ("<a ", "<img", "<code>", "<b>", "<em>", "<del>", "<blockquote"):
        assert tag not in page, tag
    assert page.startswith("<h1>Math report: ![pixel](http://evil.example/game.png) Game</h1>")
    seen = text_of(page)
    for text in PLAIN:
        assert text in seen, text


def test_the_html_form_shows_the_same_text(hostile):
    seen = text_of(math_report_html(hostile))
    for text in PLAIN:
        assert text in seen, text


def test_an_underscore_inside_a_word_stays_plain_and_one_around_a_word_is_escaped():
    from bacc_edge.output.formats import markdown_text

    text = "big_tiger _em_ __strong__ a__b SOURCE_DATE_EPOCH *x*"
    written = markdown_text(text)
    assert "big_tiger" in written and "SOURCE_DATE_EPOCH" in written  # readable as written
    page = rendered(written)
    assert "<em>" not in page and "<strong>" not in page and text_of(page) == text


def test_a_figure_below_its_rounding_reads_plainly_in_markdown():
    # ">0.00%" (a hold range rounded to zero) is no HTML: written as it is, not "&gt;"
    from bacc_edge.output.formats import markdown_cell, markdown_text

    assert markdown_cell(">0.00% to 0.97%") == ">0.00% to 0.97%"
    assert markdown_text(">0.00%") == "\\>0.00%"  # at a line's start it would be a quote
    assert rendered(markdown_text(">0.00%\n- x\n1. y\n---")) == "<p>&gt;0.00%\n- x\n1. y\n---</p>\n"


# -- the register of sources: every column --------------------------------------------------
def test_the_sources_list_gives_every_column_of_the_register(hostile):
    md = math_report_markdown(hostile)
    item = next(line for line in md.splitlines() if line.startswith("- \\[1\\]"))
    assert text_of(rendered(item)) == (
        "[1] ![img](http://evil.example/s.png) the sheet — where it was published: "
        "[site](http://evil.example/site) | a pipe; date: 2024")


# -- the re-run line -------------------------------------------------------------------------
@pytest.mark.parametrize("given, named", [
    ("./-dash.py", "./-dash.py"),
    ("-x/my bets.py", "'./-x/my bets.py'"),
    ("tables/it's here.py", "'tables/it'\"'\"'s here.py'"),
])
def test_the_rerun_line_runs_whatever_the_paytables_path(tmp_path, monkeypatch, given, named):
    path = tmp_path / given
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(TIE)
    monkeypatch.chdir(tmp_path)
    # "--" before it: a path that starts with "-" is no option
    r = CliRunner().invoke(main, ["math-report", "-o", "first.md", "--date", DAY, "--", given])
    assert r.exit_code == 0, r.output
    text = (tmp_path / "first.md").read_text()
    line = re.search(r"^bacc-edge math-report .*$", text, re.MULTILINE).group(0)
    assert line == f"bacc-edge math-report {named} -o REPORT.md --date {DAY}"
    args = shlex.split(line)[1:]  # as the shell splits it
    args[args.index("REPORT.md")] = "again.md"
    r = CliRunner().invoke(main, args)
    assert r.exit_code == 0, r.output
    assert (tmp_path / "again.md").read_bytes() == (tmp_path / "first.md").read_bytes()


def test_the_identifier_writes_the_date_in_eight_digits(tmp_path):
    (tmp_path / "tie.py").write_text(TIE)
    r = build_math_report(tmp_path / "tie.py", date="0001-01-01", decks=1)
    assert r.identifier.endswith("-00010101") and "| Date | 0001-01-01 |" in (
        math_report_markdown(r))


# -- a paytable read as Python reads it ------------------------------------------------------
def test_a_paytable_with_a_byte_order_mark_or_a_coding_declaration_loads(tmp_path):
    bom = tmp_path / "bom.py"
    bom.write_bytes(b"\xef\xbb\xbf" + ('GAME = "Caf\u00e9"\n' + TIE).encode("utf-8"))
    latin = tmp_path / "latin.py"
    latin.write_bytes(("# -*- coding: latin-1 -*-\n" + 'GAME = "Caf\u00e9"\n' + TIE)
                      .encode("latin-1"))
    for path in (bom, latin):
        namespace = {}  # Python itself compiles and runs the file's bytes
        exec(compile(path.read_bytes(), str(path), "exec"), namespace)
        loaded = load_paytable(path)
        assert loaded.game == namespace["GAME"] == "Caf\u00e9"
        assert [b.name for b in loaded.bets] == ["T"]
        assert loaded.sha256 == hashlib.sha256(path.read_bytes()).hexdigest()  # the bytes


# -- the docstring keeps every line ----------------------------------------------------------
def test_link_reference_definitions_stay_as_text_and_deep_headings_keep_their_level():
    doc = ("Intro [r] and a note[^1].\n\n[r]: http://example.com/rules\n\n[^1]: the note\n\n"
           "#### four\n\n##### five\n\n###### six\n")
    page = docstring_html(doc)
    seen = text_of(page)
    assert "[r]: http://example.com/rules" in seen and "[^1]: the note" in seen
    assert "<a " not in page
    # the docstring's 4, 5 and 6 are the report's 6, 7 and 8: three levels, told apart
    assert "<h6>four</h6>" in page
    assert '<p class="h7" role="heading" aria-level="7">five</p>' in page
    assert '<p class="h7" role="heading" aria-level="8">six</p>' in page
    md = docstring_markdown(doc)
    assert "###### four" in md and "**five**" in md and "**six**" in md
    assert "[r]: http://example.com/rules" in text_of(rendered(md))


# -- printed pages keep their scale ----------------------------------------------------------
WIDE = ('"""A docstring a printer must fit.\n\n' + "x" * 800 + "\n\n"
        + "| " + " | ".join(f"c{i}" for i in range(60)) + " |\n"
        + "|" + "---|" * 60 + "\n"
        + "| " + " | ".join(f"value{i}" for i in range(60)) + " |\n"
        + '"""\n' + TIE)


def test_a_long_word_or_a_wide_table_in_the_docstring_does_not_shrink_the_printed_page(
        chromium, tool, tmp_path):
    # Chromium shrinks a page whose content is wider than the paper: the report's text
    # would print at a fraction of its size. Its headings must print at their own size.
    pdftotext = tool("pdftotext")
    (tmp_path / "wide.py").write_text(WIDE)
    page = tmp_path / "wide.html"
    page.write_text(math_report_html(build_math_report(tmp_path / "wide.py", date=DAY,
                                                       decks=1)))
    pdf = tmp_path / "wide.pdf"
    subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                    f"--user-data-dir={tmp_path / 'profile'}", "--no-pdf-header-footer",
                    f"--print-to-pdf={pdf}", page.as_uri()], capture_output=True, timeout=120,
                   env={"HOME": str(tmp_path), "PATH": "/usr/bin:/bin"})
    assert pdf.is_file()
    boxes = subprocess.run([pdftotext, "-bbox", str(pdf), "-"], capture_output=True,
                           text=True, timeout=60).stdout
    # the h2 "Summary" is 14 pt: its box is about that tall unless the page was shrunk
    (y0, y1), = [(float(a), float(b)) for a, b in re.findall(
        r'<word xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">Summary</word>',
        boxes)][:1]
    assert y1 - y0 > 12, y1 - y0


# -- a shoe-depth run names each count's bets ------------------------------------------------
DEPTH = '''"""Two bets dealt to the cut card."""
from bacc_edge import Bet, Event, player, tie
BETS = [Bet("T", [Event("tie", tie, 8)]),
        Bet("Nine", [Event("Player's natural 9", player.natural & (player.points == 9), 4)])]
'''


@pytest.fixture(scope="module")
def depth_report(tmp_path_factory):
    def serial(spec, shoes, **kw):  # the run itself is tests/depth/test_depth.py's
        return DepthTally([deal_batch(spec, 0, shoes)])

    path = tmp_path_factory.mktemp("depth") / "depth.py"
    path.write_text(DEPTH)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(mr, "run_depth", serial)
        return build_math_report(path, date=DAY, depth=3, seed=2, cut=1, decks=1)


def test_the_depth_runs_counts_are_a_table_naming_each_counts_bets(depth_report):
    md = math_report_markdown(depth_report)
    rules = md[md.index("## Rules as applied"):md.index("### Tableau")]
    assert "| Count | Bets it serves | Tags | When it bets |" in rules
    rows = [line for line in rules.splitlines() if line.startswith("| own count")]
    assert [row.split(" | ")[1] for row in rows] == ["T", "Nine"]
    for count in depth_report.depth.counts:  # each count's own tags, in its row
        assert any(count.tags_text() in row for row in rows)
    assert "| Cut card | placed 1 card from the end of the shoe |" in md


def test_a_counts_tags_never_break_at_their_hyphen_in_html(depth_report):
    page = math_report_html(depth_report)
    tags = [t for c in depth_report.depth.counts for t in c.tags_text().split()]
    assert any("-" in t for t in tags)
    for tag in tags:
        assert f'<span class="word">{tag}</span>' in page, tag
    assert ".word { white-space: nowrap; }" in page
    best = re.search(r"<p>Best level-3 count: (.*?)</p>", page).group(1)
    assert re.fullmatch(r'(<span class="word">[^<]+</span> )+[^<]*', best), best


def test_depth_cells_say_every_shoe_alike_as_depth_does(depth_report):
    # where every shoe gave the same figure (a player who never bet wins 0 in each), the
    # cell says so in the depth command's words, never "0.000% (0.000% to 0.000%)" or
    # "-0.000"
    md = math_report_markdown(depth_report)
    alike = [(cell, percent) for s in depth_report.sections for p in s.depth.players
             for cell, percent in ((p.bet_frequency, True), (p.units_per_shoe, False))
             if cell.low == cell.high]
    assert alike
    for cell, percent in alike:
        shown = f"{cell.value * (100 if percent else 1) + 0.0:.3f}{'%' if percent else ''}"
        assert f"| {shown} (every shoe alike) |" in md, shown
    assert "-0.000" not in md and not re.search(r"\(([-\d.]+%?) to \1\)", md)
    assert "units a shoe" in md and "(95%: +0.000 to +0.000)" not in md


def test_a_zero_that_came_out_negative_reads_zero():
    # -0.0 (a sum of no bets, a mean of zeros times -1) is zero: "0.000", never "-0.000"
    from bacc_edge.analysis.intervals import Interval, IntervalMethod
    from bacc_edge.output.formats import depth_interval_text

    none = Interval(-0.0, -0.0, -0.0, IntervalMethod.EXACT)
    assert depth_interval_text(none) == "0.000 (every shoe alike)"
    assert depth_interval_text(none, percent=True) == "0.000% (every shoe alike)"
    assert depth_interval_text(Interval(-0.0004, -0.001, 0.0, IntervalMethod.NORMAL)) == (
        "-0.000 (-0.001 to 0.000)")  # a small loss keeps its sign


# -- words ------------------------------------------------------------------------------------
WORDS = '''from bacc_edge import *
BETS = [Bet("Push", [Event("tie", tie, "push")], otherwise="push"),
        Bet("Never", [Event("ten", banker.points == 0, "push")], otherwise="lose")]
'''


def test_a_bet_that_never_wins_or_always_pushes_says_so(tmp_path):
    (tmp_path / "words.py").write_text(WORDS)
    md = math_report_markdown(build_math_report(tmp_path / "words.py", date=DAY, decks=1))
    assert "| 0 to 1" not in md and " 0 won" not in md
    assert md.count("| Largest win in one round | none: the bet never wins") == 2
    assert ("| House edge per resolved bet | none: the bet always pushes, so no bet "
            "resolves") in md
    assert "| Push | 0.000% | none: always pushes |" in md
    assert re.search(r"\| Never \| [^|]+ \| [^|]+ \| [^|]+ \| never wins \|", md)


def test_a_declared_tableau_identical_to_the_standard_has_one_name(tmp_path):
    (tmp_path / "house.py").write_text(
        "from bacc_edge import *\nfrom bacc_edge.game.tableau import STANDARD_TEXT\n"
        "RULES = Tableau.parse(STANDARD_TEXT, name='the house rules')\n" + TIE.split("\n", 1)[1])
    md = math_report_markdown(build_math_report(tmp_path / "house.py", date=DAY, decks=1))
    assert ("| Tableau | the paytable's own: the house rules, every cell as standard punto "
            "banco's |") in md
    assert "exact enumeration under the house rules tableau" in md and "†" not in md


# -- Dask's own logging ----------------------------------------------------------------------
def test_dasks_warnings_are_silenced_while_a_run_deals(monkeypatch):
    # the nanny's "Worker process still alive after 4.0 seconds, killing" is logged as the
    # local cluster closes, at the end of the deal: below ERROR, Dask says nothing on
    # stderr while a run deals, and speaks again after it
    heard = []

    def on_dask(*args):  # the cluster's work and its closing
        heard.append(logging.getLogger("distributed.nanny").isEnabledFor(logging.WARNING))
        heard.append(logging.getLogger("distributed").isEnabledFor(logging.ERROR))
        yield from ()

    monkeypatch.setattr(depth_cluster, "deal_on_dask", on_dask)
    spec = type("Spec", (), {"exact": True})()
    assert list(depth_cluster.deal_batches(spec, [0], 1, [1], None, 1)) == []
    assert heard == [False, True]
    assert logging.getLogger("distributed.nanny").isEnabledFor(logging.WARNING)  # restored


#: A fresh process, as a command is: Dask first imported inside the quiet block, where
#: the local cluster's code imports it.
FRESH_QUIET = """
import logging, sys
from bacc_edge.depth.cluster import dask_logging_quiet
assert "distributed" not in sys.modules
with dask_logging_quiet():
    import distributed.nanny
    print(logging.getLogger("distributed.nanny").isEnabledFor(logging.WARNING))
print(logging.getLogger("distributed.nanny").isEnabledFor(logging.WARNING))
"""


def test_dasks_warnings_are_silenced_in_a_fresh_command_too():
    # Dask's import sets its loggers' levels from its settings: inside the block it
    # undid the block's own, and a loaded machine's depth run printed the nanny's warning
    done = subprocess.run([sys.executable, "-c", FRESH_QUIET], capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False", "True"]  # quiet in the block, as it was after
