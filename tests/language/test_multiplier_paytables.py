"""The shipped multiplier paytables: each loads, states where its law comes from, and
records its published returns with their sources; and (slow: full 8-deck counts) every
first-hand published return of a calibrated paytable reproduces at its printed
precision."""

from __future__ import annotations

import re

import pytest

from bacc_edge import Shoe, calibrate, check_returns, load_paytable, multiplier_report
from bacc_edge.analysis.multipliers import multiplier_bets
from conftest import ROOT

FOLDER = ROOT / "paytables" / "multipliers"
GAMES = sorted(FOLDER.glob("*.py"))


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_each_states_its_law_and_its_sources(path):
    paytable = load_paytable(path)
    bets = multiplier_bets(paytable)
    assert [b.name for b in bets] == ["Player", "Banker", "Tie", "P Pair", "B Pair"]
    assert {b.overlay.law_source for b in bets} <= {"published", "assumed", "calibrated"}
    assert b"law" in path.read_bytes() and paytable.game
    assert all(p.source.strip() for b in bets for p in b.published)
    assert [b.name for b in paytable.bets] == [f"{b.name} (no multiplier, no fee)"
                                               for b in bets]


@pytest.mark.slow
@pytest.mark.parametrize("name", ["golden_wealth_baccarat", "prosperity_tree_baccarat"])
def test_a_calibrated_law_reproduces_every_published_return(name):
    results = multiplier_report(load_paytable(FOLDER / f"{name}.py"), Shoe.decks(8))
    checks = check_returns(results)
    assert checks and all(c.reproduced for c in checks), [
        (c.bet, c.published.printed, float(c.exact)) for c in checks if not c.reproduced]


@pytest.mark.slow
def test_the_calibration_a_paytable_names_finds_its_law():
    """Prosperity Tree's docstring names the command that calibrated its weights: run as
    written, it finds one law on its grid, the paytable's."""
    path = FOLDER / "prosperity_tree_baccarat.py"
    paytable = load_paytable(path)
    command = " ".join(paytable.docstring.split())
    found = re.search(r"``bacc-edge calibrate (\S+) --unknown multipliers --values (\S+) "
                      r"--grid (\d+)``", command)
    assert found and found[1] == f"shipped:multipliers/{path.stem}", command
    values, grid = [int(v) for v in found[2].split(",")], int(found[3])
    calibration = calibrate(paytable, "multipliers", values, grid=grid)
    (overlay,) = {b.overlay for b in multiplier_bets(paytable)}
    assert calibration.unique
    assert calibration.example.probabilities == overlay.multipliers.probabilities
