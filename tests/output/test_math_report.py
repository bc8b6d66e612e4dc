"""The math report: what it says (identity, statistics, rules, sources, the docstring as
Markdown), the regulator's flags, the re-run line that makes it again byte for byte,
bad input; the browser tests are in tests/output/test_math_report_print.py."""

import datetime
import hashlib
import re
import shlex
from fractions import Fraction
from html import unescape

import pytest
from click.testing import CliRunner

from bacc_edge import (Bet, Event, FlagKind, build_math_report, compare_decks,
                       math_report_html, math_report_markdown, player)
from bacc_edge.cli import main
from bacc_edge.depth.summary import DepthTally
from bacc_edge.depth.shoes import deal_batch
from bacc_edge.game.dealing import BURN_RULE, EndRule
from bacc_edge.language.pays import pays as read_pays
from bacc_edge.output import math_report as mr
from bacc_edge.output.math_report_text import pay_reading
from conftest import ROOT

SMALL = '''"""A small paytable for the math report's tests."""
from bacc_edge import Bet, Event, Published, banker, player, tie

BETS = [
    Bet("Player Pair", [Event("Player pair", player.pair, 11)],
        published=Published("sheet.txt", player_net="-10.361%")),
    Bet("Tie Bet", [Event("Tie", tie, 8)], otherwise="lose"),
    Bet("Suited", [Event("Suited pair", player.suited_pair, 400),
                   Event("Tie on 6", tie & (banker.points == 6), "push")], max_round=50),
]
'''
DAY = "2026-01-15"


@pytest.fixture(scope="module")
def small(tmp_path_factory):
    path = tmp_path_factory.mktemp("paytable") / "small.py"
    path.write_text(SMALL)
    return path


@pytest.fixture(scope="module")
def small_report(small):
    return build_math_report(small, date=DAY)


def section(report, name):
    return next(s for s in report.sections if s.name == name)


# -- identity --------------------------------------------------------------------------------
def test_the_report_names_the_game_and_identifies_itself(tmp_path):
    path = tmp_path / "tiger.py"
    # CRLF line ends: the SHA-256 is of the file's bytes, as sha256sum reads them
    path.write_bytes(b'"""A tie bet."""\r\nfrom bacc_edge import *\r\nGAME = "Tiger Tie"\r\n'
                     b'BETS = [Bet("T", [Event("tie", tie, 8)])]\r\n')
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    r = build_math_report(path, date=datetime.date(2026, 3, 1))
    assert r.title == "Math report: Tiger Tie" and r.paytable.sha256 == digest
    assert r.identifier == f"BE-{mr.version()}-{digest[:16]}-20260301"
    page, md = unescape(math_report_html(r)), math_report_markdown(r)
    for text in (page, md):
        assert digest in text and r.identifier in text
    assert "| Date | 2026-03-01 |" in md and "<th>Date</th><td>2026-03-01</td>" in page
    assert md.startswith("# Math report: Tiger Tie\n")
    assert "<title>Math report: Tiger Tie</title>" in math_report_html(r)
    assert page.count(r.identifier) >= 3  # the table, the foot of each printed page, the end


def test_without_a_game_name_the_title_is_the_files_and_says_so(small_report):
    assert small_report.title == "Math report: small"
    assert "the file's name: the paytable sets no GAME" in math_report_markdown(small_report)


@pytest.mark.parametrize("env, given, day", [
    ({"SOURCE_DATE_EPOCH": "1767225600"}, None, datetime.date(2026, 1, 1)),
    ({"SOURCE_DATE_EPOCH": "1767225600"}, "2025-12-24", datetime.date(2025, 12, 24)),
    ({}, datetime.date(2025, 2, 3), datetime.date(2025, 2, 3)),
    ({}, None, "today"),
])
def test_the_date_comes_from_the_option_else_source_date_epoch_else_today(
        monkeypatch, env, given, day):
    """"today" is read around the call, not when the tests are collected: a run that
    crossed midnight failed (Dec 1 against the Nov 30 collected)."""
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    for k, v in env.items():
        monkeypatch.setenv(k, v)
    before = datetime.date.today()
    got = mr.report_date(given)
    assert got in ((before, datetime.date.today()) if day == "today" else (day,))


def test_the_same_paytable_version_and_date_make_the_same_report_byte_for_byte(small):
    a = build_math_report(small, date=DAY)
    b = build_math_report(small, date=DAY)
    assert math_report_html(a) == math_report_html(b)
    assert math_report_markdown(a) == math_report_markdown(b)


TIE_ONLY = '"""One bet on a tie."""\nfrom bacc_edge import *\nBETS = [Bet("T", [Event("tie", tie, 8)])]\n'


@pytest.mark.parametrize("options, rerun", [
    ([], f"--date {DAY}"),
    (["--level", "1"], f"--date {DAY} --level 1"),
    (["--level", "2", "--decks", "6"], f"--date {DAY} --level 2 --decks 6"),
    (["--level", "3", "--decks", "8"], f"--date {DAY}"),  # the defaults, said or not
    (["--cut", "20", "--end", "one-more"], f"--date {DAY} --cut 20 --end one-more"),
])
def test_the_rerun_line_makes_the_same_report_again(tmp_path, monkeypatch, options, rerun):
    # the paytable's folder is kept (today's line dropped it), every option that is not
    # the default is named (--level sets the tags of the report's best count), and the
    # date; run again from the same folder it writes the same bytes
    (tmp_path / "tables").mkdir()
    (tmp_path / "tables" / "tie.py").write_text(TIE_ONLY)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1768435200")  # 2026-01-15: the day it ran
    r = CliRunner().invoke(main, ["math-report", "tables/tie.py", "-o", "first.md", *options])
    assert r.exit_code == 0, r.output
    text = (tmp_path / "first.md").read_text()
    line = f"bacc-edge math-report tables/tie.py -o REPORT.md {rerun}"
    assert f"```sh\n{line}\n```" in text
    level = options[options.index("--level") + 1] if "--level" in options else "3"
    assert f"Best level-{level} count" in text
    args = shlex.split(line)[1:]
    args[args.index("REPORT.md")] = "again.md"
    monkeypatch.delenv("SOURCE_DATE_EPOCH")  # another day: the line names the date
    r = CliRunner().invoke(main, args)
    assert r.exit_code == 0, r.output
    assert (tmp_path / "again.md").read_bytes() == (tmp_path / "first.md").read_bytes()


# -- per bet ---------------------------------------------------------------------------------
def test_report_content(small_report):
    html = unescape(math_report_html(small_report))
    for text in ("Rules as applied", "standard punto banco", "N·(N−1)·…·(N−5)",
                 "Every deck count", "infinite deck", "Published figures", "-10.361%",
                 "Effects of removal — Tie Bet", "betting correlation",
                 "House edge per resolved bet", "4,998,398,275,503,360",
                 f"bacc-edge {mr.version()}", "\"to 1\": wins 11 per unit staked",
                 "True odds", "1 in 10.51", "Volatility index (90% confidence)",
                 "Range of the hold", "normal approximation from the SD", "Element of risk",
                 "Largest win in one round"):
        assert text in html, text
    # the tie bet (8 to 1) on 8 decks: 475,627,426,473,216 ties in 4,998,398,275,503,360
    # deals (the well-known count, Wizard of Odds), edge 1 - 9·p = 14.3596%
    tie_section = section(small_report, "Tie Bet")
    assert tie_section.result.edge == 1 - 9 * Fraction(475_627_426_473_216,
                                                        4_998_398_275_503_360)
    assert len(tie_section.decks.results) == 9
    md = math_report_markdown(small_report)
    assert md.startswith("# Math report: small") and "## Tie Bet" in md and "█" in md


def test_each_bets_statistics_are_shown_as_computed(small_report):
    tie_bet = section(small_report, "Tie Bet")
    s = tie_bet.stats
    md = math_report_markdown(small_report)
    part = md[md.index("## Tie Bet"):md.index("## Suited")]
    assert f"| Volatility index (90% confidence) | {s.volatility_index:.4f} (z·SD, z = 1.6449) |" in part
    low, high = s.hold(1_000_000, 95).low, s.hold(1_000_000, 95).high
    assert "| 1,000,000 | " in part and f"{low * 100:.2f}% to {high * 100:.2f}% |" in part
    # the hold's SD over 10,000 rounds: SD/√10,000 = SD/100
    assert re.search(rf"\| 10,000 \| [^|]+ \| [^|]+ \| {s.sd:.3f}% \|", part), part
    assert "| Largest win in one round | 8 to 1: 8 won per unit staked |" in part
    assert "Element of risk" not in part  # a bet that never pushes
    suited = md[md.index("## Suited"):]
    assert "| Element of risk |" in suited and "House edge per resolved bet" in suited
    # every event's true odds beside its pay and probability
    assert re.search(r"\| Tie \| 475,627,426,473,216 \| 9\.51560% \| 1 in 10\.51 \| 8 \|", part)


# -- flags -----------------------------------------------------------------------------------
def test_flags_a_big_win_and_an_event_impossible_on_one_deck(small_report):
    flags = {(f.bet, f.kind) for f in small_report.flags}
    assert ("Suited", FlagKind.BIG_WIN) in flags
    assert ("Suited", FlagKind.IMPOSSIBLE) in flags
    assert not any(bet == "Player Pair" for bet, _ in flags)
    impossible = next(f for f in small_report.flags if f.kind is FlagKind.IMPOSSIBLE)
    assert impossible.text == "'Suited pair' never settles the bet on 1 deck"


def test_an_edge_negative_on_some_deck_counts_says_which():
    # a player pair paying 12.5: 13.5 × 3/51 < 1 on one deck, 13.5/13 > 1 on the infinite deck
    (c,) = compare_decks(Bet("Rich Pair", [Event("Pair", player.pair, "12.5")]), "1,inf")
    flags = mr.flags_of(c)
    assert [f.kind for f in flags] == [FlagKind.NEGATIVE_EDGE]
    # one deck count, named once in a sentence: 13.5 × 1/13 − 1 = 1/26 on the infinite deck
    assert flags[0].text == "the player has the edge on the infinite deck, by 3.846%"


def test_an_edge_negative_on_every_deck_count_says_so():
    (c,) = compare_decks(Bet("Richer Pair", [Event("Pair", player.pair, 20)]), "1-8,inf")
    (flag,) = mr.flags_of(c)
    assert flag.text.startswith("the player has the edge on every deck count compared (1 deck, "
                                "2 decks, 3 decks, 4 decks, 5 decks, 6 decks, 7 decks, 8 decks, "
                                "infinite deck): 1 deck ")


def test_flags_a_rare_event(monkeypatch):
    # a suited pair of the player's first two cards on 2 decks has chance 1/103: flagged
    # below 1 in 100
    monkeypatch.setattr(mr, "RARE_COUPS", 100)
    (c,) = compare_decks(Bet("Suited", [Event("Suited pair", player.suited_pair, 50)]), "2")
    (flag,) = mr.flags_of(c)
    assert flag.kind is FlagKind.RARE
    assert "on every deck count compared (2 decks)" in flag.text


@pytest.mark.parametrize("pays, to_one", [
    (300, "300"), (299, None), ("300.5", "300.5"), ("299.5", None),
    ("301 for 1", "300"), ("300 for 1", None), ("300:1", "300"), ("599:2", None),
])
def test_a_win_of_300_to_1_or_more_is_flagged_and_one_below_is_not(pays, to_one):
    # the README: "a win paying 300 to 1 or more"; 300 for 1 is 299 to 1, 599:2 is
    # 299.5 to 1. The flag gives the pay as written and as so many to 1
    (c,) = compare_decks(Bet("Big", [Event("Suited pair", player.suited_pair, pays)]), "inf")
    wins = [f.text for f in mr.flags_of(c) if f.kind is FlagKind.BIG_WIN]
    written = c.results[0].events[0].pays.text
    assert wins == ([] if to_one is None else
                    [f"'Suited pair' pays {written} ({to_one} to 1)"])


@pytest.mark.parametrize("pays, reading", [
    ("45 for 1", '"for 1": the 45 handed back include the stake; wins 44 per unit'),
    ("10%", "wins 10% of the stake; the stake is returned"),
    ("7:2", '"to 1": wins 3.5 per unit staked; the stake is returned'),
    ("19-20", '"to 1": wins 0.95 per unit staked; the stake is returned'),
    ("push", "push: the stake is returned, nothing won"),
    ("lose", "loses the stake"),
])
def test_every_pay_is_read_back_in_words(pays, reading):
    # the rules as applied give "every pay as written and as read ("to 1", "for 1")"
    assert pay_reading(read_pays(pays)) == reading


@pytest.mark.parametrize("rare_coups, rare", [(12, True), (13, False), (14, False)])
def test_an_event_once_in_exactly_the_rare_coups_is_not_rarer(monkeypatch, rare_coups, rare):
    # a player pair on the infinite deck has chance exactly 1/13: rarer than once in
    # 12 coups, not than once in 13 ("rarer than once in 100 million coups")
    monkeypatch.setattr(mr, "RARE_COUPS", rare_coups)
    (c,) = compare_decks(Bet("Pair", [Event("Pair", player.pair, 11)]), "inf")
    assert [f.kind for f in mr.flags_of(c)] == ([FlagKind.RARE] if rare else [])


def test_an_edge_of_exactly_zero_is_not_the_players():
    # a player pair paying 12 on the infinite deck: 13 x 1/13 - 1 = 0, no edge to flag;
    # on one deck 13 x 3/51 < 1, the house's
    (c,) = compare_decks(Bet("Even Pair", [Event("Pair", player.pair, 12)]), "1,inf")
    assert c.results[-1].edge == 0 and c.results[0].edge > 0
    assert mr.flags_of(c) == []


def test_a_flag_appears_once_in_the_report(small_report):
    assert small_report.flags
    for text in (unescape(math_report_html(small_report)), math_report_markdown(small_report)):
        for flag in small_report.flags:
            assert text.count(flag.text) == 1, flag.text
        assert "listed under Flags for the regulator" in text


# -- the rules as applied --------------------------------------------------------------------
def test_the_dealing_procedure_is_the_dealers_own(tmp_path):
    path = tmp_path / "tie.py"
    path.write_text(TIE_ONLY)
    r = build_math_report(path, date=DAY, cut=26, end="one-more", decks=6)
    md = math_report_markdown(r)
    assert f"| Burn | {BURN_RULE} |" in md
    assert "| Cut card | placed 26 cards from the end of the shoe |" in md
    assert f"| End of shoe | one-more: {EndRule.ONE_MORE.meaning} |" in md
    assert "| Shoe | 6 decks (312 cards), shuffled |" in md


def test_a_paytables_own_tableau_has_the_cells_that_differ_marked():
    r = build_math_report(ROOT / "paytables" / "chemin_de_fer.py", date=DAY)
    md = math_report_markdown(r)
    # chemin de fer's two open choices fixed otherwise than punto banco: the player on 5
    # stands, the banker on 3 stands against a 9
    assert md.count("**S†**") == 2 and "**D†**" not in md
    assert "| Player draws? | D | D | D | D | D | **S†** | S | S |" in md
    assert "| Banker 3 | D | D | D | D | D | D | D | D | S | **S†** | D |" in md
    assert "- player on 5: stands (punto banco: draws)" in md
    assert "- banker on 3 against a player's third card of 9: stands (punto banco: draws)" in md
    page = math_report_html(r)
    assert page.count('class="marked"') == 2
    plain = math_report_markdown(build_math_report(ROOT / "paytables" / "punto_banco.py",
                                                   date=DAY))
    assert "†" not in plain and "differs from punto banco" not in plain


# -- sources and the docstring ---------------------------------------------------------------
REGISTERED = '''"""A bet with its sheet.

## Rules

| total | pays |
| --- | --- |
| tie | 8 |

```python
GAME = "x"
```
"""
from bacc_edge import Bet, Event, Published, tie

BETS = [Bet("T", [Event("Tie", tie, 8)], published=Published("sheet-7.txt", house_edge="14.360%")),
        Bet("U", [Event("Tie", tie, 9)], published=Published("my notes", house_edge="4.844%"))]
'''
REGISTER = """# Sources

| key | what the source is | where it was published |
| --- | --- | --- |
| `sheet-7.txt` | The Tie Bet rules of play, 8 decks | a regulator's site |
"""


def shown(markdown: str) -> str:
    """The text a reader sees of Markdown rendered by CommonMark with tables (tags out,
    entities read), and whether any link or image is in it."""
    from markdown_it import MarkdownIt

    page = MarkdownIt("commonmark").enable("table").render(markdown)
    assert "<a " not in page and "<img" not in page, page
    return unescape(re.sub(r"<[^>]+>", "", page))


def test_sources_are_named_as_the_register_describes_them(tmp_path):
    (tmp_path / "bets.py").write_text(REGISTERED)
    (tmp_path / "SOURCES.md").write_text(REGISTER)
    r = build_math_report(tmp_path / "bets.py", date=DAY)
    for text in (unescape(math_report_html(r)), shown(math_report_markdown(r))):
        # what the source is, and every other column of the register's row by its heading
        assert ("[1] The Tie Bet rules of play, 8 decks — where it was published: a "
                "regulator's site") in text
        assert "sheet-7.txt" not in text  # the key is the paytable's, not the reader's
        # a key the register does not hold is named as the paytable names it
        assert "[2] my notes (as the paytable names it" in text


def test_the_docstring_is_rendered_as_markdown(tmp_path):
    (tmp_path / "bets.py").write_text(REGISTERED)
    r = build_math_report(tmp_path / "bets.py", date=DAY)
    page = math_report_html(r)
    assert "<h4>Rules</h4>" in page  # its ## two levels down, under the report's own
    assert "<td>tie</td>" in page and "<th>total</th>" in page
    assert '<pre><code class="language-python">GAME = &quot;x&quot;\n</code></pre>' in page
    md = math_report_markdown(r)
    assert "#### Rules" in md and "| tie | 8 |" in md
    assert "```python\nGAME = \"x\"\n```" in md


def test_no_shipped_report_names_a_source_by_an_internal_reference():
    # seed files ("000_9d48….txt"), the project's issues and its seeds folder mean nothing
    # to a test lab; the register's description stands for each. Nor do the project's own
    # folders, tests, code names or "the module docstring" of a paytable's docstring.
    reports = sorted((ROOT / "results" / "math_reports").glob("*.*"))
    assert len(reports) == 2 * len(list((ROOT / "paytables").glob("*.py")))
    internal = (r"\b\d{3}_[0-9a-f]{16}\.txt|\bissue \d+|seeds|results/studies|module('s)? "
                r"docstring|the tests\b|max_round|lucky_8\(")
    for path in reports:
        text = unescape(path.read_text()).replace("\\_", "_").replace("\\(", "(")
        assert not re.search(internal, text), (path.name, re.search(internal, text))
    three = shown((ROOT / "results" / "math_reports" / "three_card_win.md").read_text())
    # what the source is, where it was published and by whom: enough to trace it
    assert re.search(r"\[1\] \"3 Card Win Baccarat\", rules of play.* — where it was "
                     r"published: a US state gambling regulator's approved rules of play "
                     r"\(Washington State Gambling Commission\); date: ", three)


# -- the shoe depth --------------------------------------------------------------------------
DEPTH = '''"""Two bets dealt to the cut card."""
from bacc_edge import Bet, Event, player, tie
GAME = "Depth"
BETS = [Bet("T", [Event("tie", tie, 8)], max_round=40),
        Bet("Nine", [Event("Player's first card the 9♦", player.card(1).is_("9♦"), 40)])]
'''


def test_the_depth_run_is_stated_with_its_size_and_every_bets_players(tmp_path, monkeypatch):
    # the run itself (Dask, the state folder) is tests/depth/test_depth.py's; here its shoes are
    # dealt serially and the report says what was run and what each player won
    dealt = []

    def serial(spec, shoes, **kw):
        dealt.append((spec.deal, shoes))
        return DepthTally([deal_batch(spec, 0, shoes)])

    monkeypatch.setattr(mr, "run_depth", serial)
    path = tmp_path / "depth.py"
    path.write_text(DEPTH)
    r = build_math_report(path, date=DAY, depth=6, seed=5, cut=30)
    assert [(d.cut, d.end, n) for d, n in dealt] == [(30, EndRule.AT_CUT, 6)]
    md = math_report_markdown(r)
    assert re.search(r"Shoe-depth run: 6 shoes of 8 decks dealt by these steps from seed 5, "
                     r"[\d.]+ rounds a shoe \(95%: [\d.]+ to [\d.]+\), about [\d,]+ rounds in "
                     r"all; every bet of the report valued exactly", md)
    assert md.count("Shoe depth, to the cut card (30 cards from the end, at-cut): 6 shoes "
                    "(seed 5; 95% intervals).") == 2
    for bet in r.sections:  # the card bet too: its perfect player and its own count
        players = {(p.player, p.cutoff) for p in bet.depth.players}
        assert ("perfect player", None) in players, bet.name
        assert any(name.startswith("own count") for name, _ in players), bet.name
    assert "| perfect player | after round 40 |" in md
    assert "--depth 6 --seed 5 --cut 30\n" in md.replace(" --depth-bet", "!")
    # a slow bet left out of the run: the report says which bets it valued
    chosen = build_math_report(path, date=DAY, depth=6, seed=5, depth_bets=["T"])
    assert [s.depth is not None for s in chosen.sections] == [True, False]
    md = math_report_markdown(chosen)
    assert "; the bets T (--depth-bet) valued exactly" in md
    assert "Shoe depth: not run for this bet (the run valued the bets --depth-bet named)." in md
    assert "--depth 6 --seed 5 --depth-bet T" in md


# -- bad input -------------------------------------------------------------------------------
def test_html_is_self_contained(small_report):
    html = math_report_html(small_report)
    assert "<script" not in html and "<link" not in html and " src=" not in html
    assert re.findall(r"https?://[^\"' ]+", html) == ["http://www.w3.org/2000/svg"] * html.count("<svg ")
    assert html.count("<svg ") == 3


def test_cli_writes_html_and_markdown(small, tmp_path):
    for name in ("r.html", "r.md"):
        r = CliRunner().invoke(main, ["math-report", str(small), "-o", str(tmp_path / name)])
        assert r.exit_code == 0, r.output
        assert (tmp_path / name).stat().st_size > 5000


@pytest.mark.parametrize("args, message", [
    (["-o", "{tmp}/r.pdf"], "name a .html or .md file"),
    (["-o", "{tmp}/missing/r.html"], "cannot be written"),
    (["-o", "{tmp}/r.html", "--decks", "0"], "--decks"),
    (["-o", "{tmp}/r.html", "--depth", "0"], "--depth"),
])
def test_cli_bad_input(small, tmp_path, args, message):
    args = [a.format(tmp=tmp_path) for a in args]
    r = CliRunner().invoke(main, ["math-report", str(small), *args])
    assert r.exit_code != 0 and message in r.output, r.output
    assert "Traceback" not in r.output


def test_cli_missing_paytable(tmp_path):
    r = CliRunner().invoke(main, ["math-report", str(tmp_path / "nope.py"), "-o",
                                  str(tmp_path / "r.html")])
    assert r.exit_code == 1 and "no such paytable file" in r.output


HOSTILE_DOCS = [
    "Text <script>alert(1)</script> & <b>bold</b>\n\n<div>block html</div>",
    "An unclosed fence\n\n```\n## not a heading\n<script>x</script>",
    "````\n```\n## inside\n````\nafter",
    "# Its own title\n\nSetext\n---\n\n* star item\n+ plus item\n\n1) one\n\n> quote <i>x</i>",
    "`code with ``` and <b>` then [a link](javascript:alert(1)) ![img](http://x/y.png) "
    "<http://example.com>",
    "| a | b |\n| --- | --- |\n| `x|y` | <b>z</b> \\| w |",
    "a line\n#not heading\n- not an item? \\\nhard break *em* **strong** _u_ ~~s~~",
]


@pytest.mark.parametrize("doc", HOSTILE_DOCS)
def test_a_docstring_can_neither_open_markup_nor_end_the_reports_blocks(doc):
    # the report's Markdown read back by a parser with raw HTML on, as a viewer reads it:
    # no HTML at all, the docstring's headings below the report's, and the report's own
    # headings all there, in order, after it
    from markdown_it import MarkdownIt

    from bacc_edge.output.docstring_markdown import docstring_html, docstring_markdown

    md = docstring_markdown(doc)
    report = f"# Title\n\n## The game\n\n{md}\n\n## Summary\n\nSome text.\n"
    tokens = MarkdownIt("commonmark", {"html": True}).enable("table").parse(report)
    kinds = {t.type for t in tokens} | {c.type for t in tokens for c in t.children or ()}
    assert not kinds & {"html_block", "html_inline", "link_open", "image"}, (md, kinds)
    headings = [(t.tag, tokens[i + 1].content) for i, t in enumerate(tokens)
                if t.type == "heading_open"]
    assert headings[:2] == [("h1", "Title"), ("h2", "The game")]
    assert headings[-1] == ("h2", "Summary")
    assert all(tag in ("h3", "h4", "h5", "h6") for tag, _ in headings[2:-1]), headings
    page = docstring_html(doc)
    assert "<script" not in page and "<b>" not in page and "<div" not in page
    assert "<a " not in page and "<img" not in page and "<h1" not in page and "<h2" not in page


@pytest.mark.parametrize("doc", HOSTILE_DOCS + [
    __import__("ast").get_docstring(__import__("ast").parse(p.read_text()))
    for p in sorted((ROOT / "paytables").glob("*.py"))])
def test_the_docstrings_markdown_reads_back_as_the_docstring_itself(doc):
    # the Markdown form carries the same content: read back, it is the same document
    # (headings two levels down; an unclosed fence closed, its last line ended)
    from bacc_edge.output.docstring_markdown import docstring_html, docstring_markdown

    def shape(page):
        return re.sub(r"<(/?)h\d>", r"<\1h>", page).replace("\n</code>", "</code>")

    assert shape(docstring_html(docstring_markdown(doc))) == shape(docstring_html(doc))


@pytest.mark.parametrize("epoch", ["yesterday", "1.5e9", ""])
def test_a_source_date_epoch_that_is_no_time_is_refused_naming_it(monkeypatch, epoch):
    from bacc_edge import OptionError

    monkeypatch.setenv("SOURCE_DATE_EPOCH", epoch)
    with pytest.raises(OptionError, match=f"SOURCE_DATE_EPOCH {epoch!r} must be a whole "
                                          f"number of seconds since 1970-01-01 UTC"):
        mr.report_date()
