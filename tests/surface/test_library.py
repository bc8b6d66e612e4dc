"""The library's one surface: the names bacc_edge exports, its errors, loading and
selecting bets, the compiled evaluator, and a paytable that brings its own tableau."""

import ast
import json
import subprocess
import sys
from fractions import Fraction

import numpy as np
import pytest
from click.testing import CliRunner

import bacc_edge
from bacc_edge import (STANDARD, BaccEdgeError, Bet, CardNameError, ConditionError, Event,
                       Evaluator,
                       OptionError, PaysError, PaytableError, PlotError, Shoe, ShoeError,
                       Tableau, TableauError, banker, effects_of_removal, load_paytable,
                       load_paytables, outcome_table, player, report, tie)
from bacc_edge.cli import main
from bacc_edge.depth.shoes import DealRules, RoundValues
from bacc_edge.depth.options import prepare
from conftest import ROOT
from reference import coup_length

PAYTABLES = ROOT / "paytables"
LIVE = PAYTABLES / "live_dealer.py"
PUNTO = PAYTABLES / "punto_banco.py"
CHEMIN = PAYTABLES / "chemin_de_fer.py"


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


# -- one public surface -------------------------------------------------------------------
NEEDED = """player banker tie margin cards_dealt always Bet Event Published Figure pays for_one
percent Shoe Tableau STANDARD outcome_table OutcomeTable CellLayout report check
effects_of_removal linear_count banker_commission_edge prepare_depth run_depth
summarize_depth BetResult FigureCheck RemovalEffects LinearCount CommissionEdge BetSummary
Winner PairState BaccEdgeError ShoeError CardNameError PaysError PaytableError TableauError
OptionError ArgumentError""".split()


def test_every_exported_name_resolves_and_the_needed_ones_are_exported():
    assert len(set(bacc_edge.__all__)) == len(bacc_edge.__all__)
    # a star import (what a paytable file does) brings exactly the names listed, each the
    # object bacc_edge holds; a name listed but not defined makes the import fail
    namespace: dict = {}
    exec("from bacc_edge import *", namespace)
    assert set(namespace) - {"__builtins__"} == set(bacc_edge.__all__)
    # every function and class exported is bacc-edge's own, not one it imported
    for name in bacc_edge.__all__:
        module = getattr(namespace[name], "__module__", None)
        if callable(namespace[name]) and module is not None:
            assert module.split(".")[0] == "bacc_edge", (name, module)
    assert set(NEEDED) <= set(bacc_edge.__all__), set(NEEDED) - set(bacc_edge.__all__)


def test_report_and_pays_are_the_functions_not_modules():
    assert callable(bacc_edge.report) and bacc_edge.report.__module__ == "bacc_edge.analysis.bet_report"
    assert callable(bacc_edge.pays) and bacc_edge.pays("7:2").net == Fraction(7, 2)


def test_old_import_paths_still_work_in_a_fresh_process():
    code = ("from bacc_edge.pays import for_one, percent\n"
            "from bacc_edge.conditions import banker, tie\n"
            "from bacc_edge.paytable import Bet, Event\n"
            "import bacc_edge, bacc_edge.pays\n"
            "assert callable(bacc_edge.pays) and for_one is bacc_edge.for_one\n"
            "assert banker is bacc_edge.banker and Bet is bacc_edge.Bet\n"
            "assert percent(10).net == bacc_edge.pays('10%').net\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


LAYERS = ["analysis", "depth", "engine", "game", "language", "live", "output", "util",
          "errors", "conditions", "paytable"]


@pytest.mark.parametrize("code, printed", [
    # importing the package loads no engine: numba is imported by the first name that
    # counts (a command's start-up loads only what it runs)
    ("import bacc_edge, sys; print('numba' in sys.modules)", "False"),
    ("import bacc_edge, sys; bacc_edge.Bet; print('numba' in sys.modules)", "False"),
    ("import bacc_edge, sys; bacc_edge.report; print('numba' in sys.modules)", "True"),
    # every folder and old module path is an attribute, as when the package imported it
    (f"import bacc_edge; print([getattr(bacc_edge, m).__name__ for m in {LAYERS!r}] == "
     f"['bacc_edge.' + m for m in {LAYERS!r}])", "True"),
    ("import bacc_edge; print(set(dir(bacc_edge)) >= set(bacc_edge.__all__))", "True"),
    # a misspelt name is an AttributeError naming it, never another name
    ("import bacc_edge\ntry:\n    bacc_edge.Bets\nexcept AttributeError as e:\n    print(e)",
     "module 'bacc_edge' has no attribute 'Bets'"),
    # the function pays, whichever of the two is imported first
    ("import bacc_edge; bacc_edge.Bet; import bacc_edge.pays; print(callable(bacc_edge.pays))",
     "True"),
], ids=["no engine", "language only", "engine on use", "folders", "dir", "misspelt", "pays"])
def test_the_package_imports_each_name_on_first_use(code, printed):
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == printed


@pytest.mark.parametrize("path", sorted(PAYTABLES.glob("*.py")), ids=lambda p: p.stem)
def test_shipped_paytables_import_from_bacc_edge_alone(path):
    imports = [node for node in ast.walk(ast.parse(path.read_text()))
               if isinstance(node, (ast.Import, ast.ImportFrom))]
    assert imports
    for node in imports:
        assert isinstance(node, ast.ImportFrom) and node.module == "bacc_edge", ast.dump(node)


# -- one error base -------------------------------------------------------------------------
@pytest.mark.parametrize("make, error", [
    (lambda: Shoe.infinite().remove("5"), ShoeError),
    (lambda: Shoe.decks(1).remove("Z"), CardNameError),
    (lambda: bacc_edge.pays("lots"), PaysError),
    (lambda: banker.points.between(5, 1), PaytableError),
    (lambda: Tableau.parse("player 0\nD"), TableauError),
    (lambda: DealRules(1, 50), OptionError),
    (lambda: __import__("bacc_edge.output.plot").output.plot.check_plot_path("eor.not-a-format"),
     PlotError),
    (lambda: banker.points == "6", ConditionError),
    (lambda: Shoe.decks(1).remove(5), bacc_edge.ArgumentError),
], ids=lambda x: x.__name__ if isinstance(x, type) else "")
def test_every_input_error_is_caught_as_a_bacc_edge_error(make, error):
    # what the command does with any bad input: catch BaccEdgeError, print one line
    with pytest.raises(BaccEdgeError) as caught:
        make()
    assert type(caught.value) is error
    assert str(caught.value) and "\n" not in str(caught.value)


@pytest.mark.parametrize("make, error", [
    (lambda: Shoe.decks(1).remove("Z"), CardNameError),
    (lambda: Shoe.decks(1).remove("Z"), ShoeError),
    (lambda: bacc_edge.pays("lots"), PaysError),
    (lambda: Tableau.parse("player 0\nD"), TableauError),
    (lambda: DealRules(1, 50), OptionError),
    (lambda: bacc_edge.banker_commission_edge(-5, 1), OptionError),
    (lambda: bacc_edge.banker_commission_edge("ten", 1), OptionError),
    (lambda: bacc_edge.banker_commission_edge(1, 10), OptionError),  # commission above the win
    (lambda: banker.points.between(5, 1), PaytableError),
    (lambda: banker.points == "6", ConditionError),
    (lambda: banker.points == "6", TypeError),  # still what Python would raise
])
def test_bad_input_raises_the_error_for_it(make, error):
    with pytest.raises(error):
        make()


# -- loading and selecting --------------------------------------------------------------------
def test_select_refuses_an_unknown_name_listing_the_known_ones():
    paytable = load_paytable(LIVE)
    with pytest.raises(PaytableError) as err:
        paytable.select(["Lucky Six", "No Such Bet"])
    assert "'No Such Bet'" in str(err.value) and "'Perfect Pair'" in str(err.value)
    assert "'Lucky Six'" not in str(err.value).split(";")[0]
    chosen = paytable.select(["Lucky Six", "Perfect Pair"])  # in the paytable's order
    assert [b.name for b in chosen.bets] == ["Perfect Pair", "Lucky Six"]
    with pytest.raises(PaytableError, match=r"no bet named 'perfect pair', 'LUCKY SIX'; did "
                                            r"you mean 'Perfect Pair', 'Lucky Six'\?"):
        paytable.select(["perfect pair", "LUCKY SIX"])  # a name is the bet's, exactly
    assert chosen.figures == () and paytable.select([b.name for b in paytable.bets]).figures


def test_selecting_across_files_takes_each_bet_from_the_files_that_define_it():
    both = load_paytables([PUNTO, LIVE], ["Tie 8:1", "Lucky Six"])
    assert [[b.name for b in pt.bets] for pt in both] == [["Tie 8:1"], ["Lucky Six"]]
    assert [pt.path.name for pt in load_paytables([PUNTO, LIVE], ["Lucky Six"])] == [
        "live_dealer.py"]
    with pytest.raises(PaytableError, match="no bet named 'Nope'; the paytables define: "):
        load_paytables([PUNTO, LIVE], ["Lucky Six", "Nope"])


def test_depth_refuses_an_unknown_bet_in_one_line_before_dealing():
    result = CliRunner().invoke(main, ["depth", str(LIVE), "--bet", "No Such Bet", "--quiet"])
    assert result.exit_code == 1
    assert result.output.strip().count("\n") == 0, result.output
    assert "no bet named 'No Such Bet'" in result.output
    assert "Traceback" not in result.output and result.exception.__class__ is SystemExit


# -- the compiled evaluator ---------------------------------------------------------------------
TIES = [Bet("Tie 8:1", [Event("Tie", tie, 8)]), Bet("Tie 9:1", [Event("Tie", tie, 9)])]


def test_bets_that_settle_alike_share_their_classes():
    evaluator = Evaluator.of(TIES)
    assert evaluator.n_classes == 2  # a tie, or not
    table = outcome_table(Shoe.decks(8))
    ties = table.count(tie)
    assert evaluator.evs(evaluator.class_totals(table)) == [
        Fraction(pay * ties - (table.total - ties), table.total) for pay in (8, 9)]
    assert evaluator.line_counts(table) == [(ties, table.total - ties)] * 2


def test_python_integer_counts_are_evaluated_exactly():
    table = outcome_table(Shoe.decks(30))  # beyond int64
    assert table.counts.dtype == object
    evaluator = Evaluator.of(TIES)
    ties = table.count(tie)
    assert evaluator.evs(evaluator.class_totals(table))[0] == Fraction(
        9 * ties - table.total, table.total)


def test_an_exactly_even_bet_is_exactly_zero_in_floating_point():
    # on an infinite deck a pair is exactly 1/13, so 12 to 1 is a fair bet
    evaluator = Evaluator.of([Bet("Pair", [Event("pair", player.pair, 12)])])
    totals = evaluator.class_totals(outcome_table(Shoe.infinite()))
    assert evaluator.evs(totals) == [0]
    assert evaluator.float_evs(totals)[0] == 0.0


def test_a_table_of_another_layout_is_refused():
    evaluator = Evaluator.of(TIES)
    with pytest.raises(BaccEdgeError,
                       match="compiled on outcome cells without suits under the standard"):
        evaluator.class_totals(outcome_table(Shoe.decks(8), tableau=load_paytable(CHEMIN).rules))


# -- a paytable with its own tableau -----------------------------------------------------------
@pytest.fixture(scope="module")
def chemin():
    return load_paytable(CHEMIN)


def test_the_chemin_de_fer_tableau_changes_only_the_three_open_choices(chemin):
    rules = chemin.rules
    assert rules.name == "chemin de fer" and rules != STANDARD
    changed = [("player", t) for t in range(10) if rules.player_draws(t) != STANDARD.player_draws(t)]
    changed += [("banker", t, x) for t in range(10) for x in [None, *range(10)]
                if rules.banker_draws(t, x) != STANDARD.banker_draws(t, x)]
    # the traditional open choices: the player on 5, the banker on 3 against a 9 and on
    # 5 against a 4; this paytable fixes the first two away from punto banco
    assert changed == [("player", 5), ("banker", 3, 9)]
    assert not rules.player_draws(5) and not rules.banker_draws(3, 9)
    assert rules.banker_draws(5, 4) and not rules.banker_draws(5, 3)


def _wins(result):
    return {e.label: e.combinations for e in result.events}


def test_a_paytable_is_counted_with_its_own_tableau(chemin):
    shoe = Shoe.decks(8)
    own = outcome_table(shoe, tableau=chemin.rules)
    standard = outcome_table(shoe)
    results = {r.name: r for r in report(chemin, shoe)}
    assert all(r.tableau == chemin.rules for r in results.values())
    assert _wins(results["Player"])["Player wins"] == own.count(player.wins)
    assert _wins(results["Banker"])["Banker wins"] == own.count(banker.wins)
    assert _wins(results["Tie 8:1"])["Tie"] == own.count(tie)
    for condition in (player.wins, banker.wins, tie):
        assert own.probability(condition) != standard.probability(condition)
    # the same bets under the standard tableau, asked for explicitly
    again = {r.name: r for r in report(chemin, shoe, tableau=STANDARD)}
    assert _wins(again["Player"])["Player wins"] == standard.count(player.wins)


def test_the_command_counts_with_the_paytable_tableau_and_says_so(chemin):
    doc = json.loads(run(CHEMIN, "--fmt", "json").output)
    own = outcome_table(Shoe.decks(8), tableau=chemin.rules)
    for bet in doc["bets"]:
        assert bet["tableau"] == chemin.rules.describe()
    player_bet = next(b for b in doc["bets"] if b["name"] == "Player")
    assert player_bet["events"][0]["combinations"] == own.count(player.wins)
    assert "under the chemin de fer tableau" in run(CHEMIN).output
    assert "tableau" not in run(PUNTO).output


def test_two_tableaux_in_one_command_are_each_counted_with_their_own(chemin):
    shoe = Shoe.decks(8)
    doc = json.loads(run(PUNTO, CHEMIN, "--bet", "Player", "--fmt", "json").output)
    punto, cdf = doc["bets"]
    assert punto["tableau"]["name"] == "standard punto banco"
    assert cdf["tableau"]["name"] == "chemin de fer"
    assert punto["events"][0]["combinations"] == outcome_table(shoe).count(player.wins)
    assert cdf["events"][0]["combinations"] == outcome_table(
        shoe, tableau=chemin.rules).count(player.wins)
    eor = json.loads(run("eor", PUNTO, CHEMIN, "--bet", "Player", "--fmt", "json").output)
    assert [b["tableau"]["name"] for b in eor["bets"]] == ["standard punto banco", "chemin de fer"]
    assert eor["bets"][0]["eor"] != eor["bets"][1]["eor"]


@pytest.mark.parametrize("rules, message", [
    ('RULES = "standard"\n', "RULES must be a Tableau"),
    ('RULES = Tableau.parse("player 0 1 2 3 4 5 6 7\\n D D D D D D S S")\n',
     "the banker's table is missing"),
])
def test_rules_that_are_not_a_tableau_are_one_error_naming_the_file(tmp_path, rules, message):
    path = tmp_path / "odd_rules.py"
    path.write_text("from bacc_edge import Bet, Event, Tableau, tie\n" + rules
                    + "BETS = [Bet('Tie', [Event('Tie', tie, 8)])]\n")
    with pytest.raises(PaytableError, match=message):
        load_paytable(path)
    result = run(path)
    assert result.exit_code == 1
    assert str(path) in result.output and message in result.output
    assert "Traceback" not in result.output


def test_depth_deals_and_values_by_the_paytable_tableau(chemin):
    # player 2 + 3 = 5 against banker K + K = 0: the standard player draws, chemin de
    # fer's stands (and the banker, on 0, draws)
    cards = np.array([4, 48, 8, 48, 0, 0])
    assert coup_length(cards, 0) == 6 and coup_length(cards, 0, chemin.rules) == 5
    spec = prepare(CHEMIN, deal=DealRules(2, 10))
    assert spec.tableau == chemin.rules
    values = spec.round_values()
    unseen = np.full(52, 2, dtype=np.int64)
    exact = [float(r.ev) for r in report(chemin, Shoe.from_suits(unseen.reshape(13, 4).tolist()))]
    assert np.allclose(values.evs(unseen), exact, rtol=1e-12)
    standard = RoundValues(chemin.bets, cards=104).evs(unseen)
    assert not np.allclose(standard, exact, rtol=1e-6)


def test_effects_of_removal_use_the_tableau_given(chemin):
    bets = list(chemin.select(["Player"]).bets)
    (own,) = effects_of_removal(bets, Shoe.decks(8), tableau=chemin.rules)
    (std,) = effects_of_removal(bets, Shoe.decks(8))
    assert own.tableau == chemin.rules and own.by_rank != std.by_rank
    assert own.sum_check == 0
    assert own.ev == report(chemin.select(["Player"]), Shoe.decks(8))[0].ev


# -- pictures ------------------------------------------------------------------------------------
def test_drawing_leaves_the_matplotlib_backend_alone(tmp_path):
    matplotlib = pytest.importorskip("matplotlib")
    from bacc_edge.output.plot import plot_effects

    before = matplotlib.get_backend()
    matplotlib.use("svg")  # a backend a notebook might have chosen, not Agg
    try:
        (fx,) = effects_of_removal(list(load_paytable(PUNTO).select(["Player"]).bets),
                                   Shoe.decks(8))
        plot_effects([fx], [None], tmp_path / "eor.png")
        assert matplotlib.get_backend() == "svg"
    finally:
        matplotlib.use(before)
    assert (tmp_path / "eor.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


# -- check's enums in the JSON --------------------------------------------------------------------
def test_check_json_keeps_its_keys_and_words():
    doc = json.loads(run(PAYTABLES / "three_card_win.py", "--check", "--fmt", "json").stdout)
    kinds = {c["kind"] for c in doc["checks"]}
    assert kinds == {"hit rate", "return", "player net"}
    assert {c["status"] for c in doc["checks"]} == {"ok"}
    assert doc["checks"][0]["tableau"]["name"] == "standard punto banco"
