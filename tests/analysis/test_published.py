"""Every figure the rule sheets print, re-derived: a moved figure fails CI. Every figure
names a source that ``paytables/SOURCES.md`` records, so the record of where each
figure comes from lives in the repository, beside the paytables."""

import re
from pathlib import Path

import pytest

from bacc_edge.analysis.card_counting import paytable_counts
from bacc_edge.language.loader import load_paytable
from bacc_edge.analysis.bet_report import check
from conftest import ROOT

PAYTABLES = sorted((ROOT / "paytables").glob("*.py"))
SOURCES = ROOT / "paytables" / "SOURCES.md"


def recorded_sources() -> dict[str, str]:
    """The keys of ``paytables/SOURCES.md``'s table, each with what the source is."""
    rows = re.findall(r"^\| `([^`]+)` \| ([^|]+) \|", SOURCES.read_text(encoding="utf-8"),
                      flags=re.MULTILINE)
    return {key: what.strip() for key, what in rows}


def study_sources(paytable) -> list[str]:
    return [count.published.source for count in paytable_counts(paytable) if count.published]


@pytest.mark.parametrize("path", PAYTABLES, ids=lambda p: p.stem)
def test_every_printed_figure_reproduces_or_has_a_standing_finding(path):
    checks = check(load_paytable(path))
    assert all(c.status in ("ok", "finding") for c in checks), [
        (c.bet, c.label, c.printed.text, float(c.computed), c.status) for c in checks
        if c.status not in ("ok", "finding")]


@pytest.mark.parametrize("path", PAYTABLES, ids=lambda p: p.stem)
def test_every_figure_names_a_source_the_repository_records(path):
    recorded = recorded_sources()
    paytable = load_paytable(path)
    named = [c.sheet for c in check(paytable)] + study_sources(paytable)
    assert not [name for name in named if name not in recorded], recorded.keys()


def test_the_sources_record_is_read_as_written():
    recorded = recorded_sources()
    # the four rule sheets and the guide, four card-bet analyses, two count studies, the
    # two pages of the bets beyond one coup (paytables/streaks, paytables/meters), and the
    # second-hand review of XXXtreme Lightning's returns (paytables/multipliers)
    assert len(recorded) == 14
    assert "3 Card Win" in recorded["000_9d483a1cba396471.txt"]
    assert "Lucky 6" in recorded[
        "Wizard of Odds, Lucky 6 (wizardofodds.com/games/baccarat/side-bets/lucky-6/)"]


def test_the_sheets_figures_are_all_carried():
    checks = {p.stem: check(load_paytable(p)) for p in PAYTABLES}
    # 000: five tables; 002: 4 bet figures + 4 sheet-wide; 004: the maximum RTP
    assert len(checks["three_card_win"]) == 32
    assert len(checks["double_chance"]) == 8
    assert [c.printed.text for c in checks["live_dealer"]] == ["98.94%"]
    findings = [c for cs in checks.values() for c in cs if c.finding]
    assert sorted(c.label or c.bet for c in findings) == sorted([
        "UR WAY Egalite 7", "UR WAY Egalites: lowest edge of the ten totals "
        "('from 8.43% (for 7)')",
        # Lucky 8's published figures follow another reading (see paytables/lucky_8.py)
        "Suited three-card 8", "Both hands 8 points", "Wins with 8", "Lucky 8, player",
        "Lucky 8, banker"])


def test_a_wrong_printed_figure_is_reported_as_a_mismatch(tmp_path):
    text = Path(ROOT / "paytables" / "three_card_win.py").read_text()
    wrong = tmp_path / "wrong.py"
    wrong.write_text(text.replace('player_net="-8.304%"', 'player_net="-8.305%"'))
    statuses = {c.status for c in check(load_paytable(wrong)) if c.measure == "player net"}
    assert "MISMATCH" in statuses
