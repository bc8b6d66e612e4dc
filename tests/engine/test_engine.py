"""The engine against published counts, the slow reference, and invariants."""

import ast
import hashlib
import itertools
import os
import subprocess
import sys
from pathlib import Path
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bacc_edge import Shoe, ShoeError, outcome_table
from bacc_edge.game.tableau import STANDARD, Tableau
from bacc_edge.engine.point_table import CellLayout, Enumerator, PairLayout
from bacc_edge.game.shoe import falling
from conftest import ROOT, kinds_of, table_as_counter
from reference import reference_counts

SLOW = settings(max_examples=25, deadline=None,
                suppress_health_check=[HealthCheck.too_slow])


def test_eight_decks_reproduce_the_published_counts(eight_decks):
    # Figures quoted in the engine issue (ordered six-card convention, 8 decks).
    for suits in (False, True):
        table = outcome_table(eight_decks, suits=suits)
        assert table.winners() == {"banker": 2_292_252_566_437_888,
                                   "player": 2_230_518_282_592_256,
                                   "tie": 475_627_426_473_216}
        assert table.total == 4_998_398_275_503_360


@pytest.mark.parametrize("decks", [1, 2, 6, 8])
def test_counts_sum_to_the_falling_factorial(decks):
    shoe = Shoe.decks(decks)
    for suits in (False, True):
        table = outcome_table(shoe, suits=suits)
        assert sum(table.counts.tolist()) == falling(52 * decks, 6) == table.total
        assert (table.counts >= 0).all()


def test_one_full_deck_matches_the_reference_cell_by_cell():
    shoe = Shoe.decks(1)
    assert table_as_counter(outcome_table(shoe)) == reference_counts(kinds_of(shoe, False))


def small_rank_shoes():
    """Shoes of one to six ranks, often odd and lopsided."""
    return st.dictionaries(st.sampled_from(range(13)), st.integers(1, 6),
                           min_size=1, max_size=6).map(
        lambda d: [d.get(r, 0) for r in range(13)]).filter(lambda c: sum(c) >= 6)


def small_suited_shoes():
    """Suit-asymmetric shoes of two to four ranks."""
    return st.tuples(
        st.lists(st.sampled_from(range(13)), min_size=2, max_size=4, unique=True),
        st.lists(st.integers(0, 2), min_size=16, max_size=16),
    ).map(lambda t: _suited(*t)).filter(lambda rows: sum(map(sum, rows)) >= 6)


def _suited(ranks, counts):
    rows = [[0] * 4 for _ in range(13)]
    for i, r in enumerate(ranks):
        rows[r] = counts[4 * i: 4 * i + 4]
    return rows


@SLOW
@given(small_rank_shoes())
def test_random_small_shoes_match_the_reference(counts):
    shoe = Shoe.from_ranks(counts)
    assert table_as_counter(outcome_table(shoe)) == reference_counts(kinds_of(shoe, False))


@SLOW
@given(small_suited_shoes())
@pytest.mark.slow
def test_suit_asymmetric_shoes_match_the_reference_with_suited_pairs(rows):
    shoe = Shoe.from_suits(rows)
    assert table_as_counter(outcome_table(shoe, suits=True)) == reference_counts(
        kinds_of(shoe, True))
    assert table_as_counter(outcome_table(shoe)) == reference_counts(kinds_of(shoe, False))


@given(st.lists(st.integers(0, 6), min_size=52, max_size=52).filter(lambda c: sum(c) >= 6),
       st.permutations(range(4)))
@settings(max_examples=25, deadline=None)
def test_relabelling_suits_changes_no_count(counts, perm):
    rows = [counts[4 * r: 4 * r + 4] for r in range(13)]
    swapped = [[row[perm[s]] for s in range(4)] for row in rows]
    for suits in (False, True):
        a = outcome_table(Shoe.from_suits(rows), suits=suits)
        b = outcome_table(Shoe.from_suits(swapped), suits=suits)
        assert np.array_equal(a.counts, b.counts)


def test_suited_table_folds_back_to_the_suit_free_one():
    shoe = Shoe.decks(2).remove("A♠ A♠ 7h K♣ K♣ 10d")
    plain = outcome_table(shoe)
    suited = outcome_table(shoe, suits=True)
    f = suited.features
    # fold the suited pair state into the plain pair state and compare cell by cell
    n_core = suited.layout.n_core
    folded = np.zeros_like(plain.counts)
    for sp, sb in itertools.product(range(3), range(3)):
        block = suited.counts[(sp * 3 + sb) * n_core:(sp * 3 + sb + 1) * n_core]
        target = (min(sp, 1) * 2 + min(sb, 1)) * n_core
        folded[target:target + n_core] += block
    assert np.array_equal(folded, plain.counts)
    assert f["player_suited_pair"].sum() > 0


def test_removing_a_card_of_unknown_suit_averages_over_its_suits():
    # a small shoe, so that the slow reference deals every suit the 5 could have had
    rows = [[0] * 4 for _ in range(13)]
    rows[4], rows[7], rows[12] = [1, 2, 0, 1], [1, 1, 1, 0], [2, 0, 1, 1]
    shoe = Shoe.from_suits(rows)
    unknown = outcome_table(shoe.remove("5"), suits=True)
    expected = Counter()
    for s in range(4):
        for _ in range(shoe.suits[4][s]):  # each 5♠, 5♥ … that could have left
            expected.update(reference_counts(kinds_of(shoe.remove("5" + "shdc"[s]), True)))
    assert table_as_counter(unknown) == +expected
    assert unknown.total == 4 * falling(shoe.cards - 1, 6)


def _counts(shoe: Shoe, suits: bool) -> np.ndarray:
    """The shoe as :meth:`Enumerator.count` takes it: 52 counts by rank and suit, or 13
    by rank."""
    return np.asarray(shoe.suits if suits else shoe.ranks, dtype=np.int64).reshape(-1)


def test_the_big_integer_path_agrees_with_int64_exactly():
    shoe = Shoe.decks(2).remove("A♠ 9h 9d K♥")
    for suits in (False, True):
        counts = _counts(shoe, suits)
        fast = Enumerator(CellLayout(suits), big=False).count(counts)
        slow = Enumerator(CellLayout(suits), big=True).count(counts)
        assert slow.dtype == object and fast.dtype == np.int64
        assert fast.tolist() == slow.tolist()


@pytest.mark.parametrize("big", [False, True])
@pytest.mark.parametrize("suits", [False, True])
@pytest.mark.parametrize("shoe", [Shoe.decks(1).remove("5h 5d Kc Ks 9h 2c"),
                                  Shoe.infinite()], ids=["one deck less six", "infinite"])
def test_pair_states_alone_are_the_tables_sums_by_pair_state(shoe, suits, big):
    table = outcome_table(shoe, suits=suits)
    n = 3 if suits else 2
    state = [table.features["player_pair"], table.features["banker_pair"]]
    if suits:
        state = [s + table.features[f"{side}_suited_pair"]
                 for s, side in zip(state, ("player", "banker"))]
    expected = Counter()
    for count, p, b in zip(table.counts.tolist(), *state):
        expected[p * n + b] += count
    pairs = Enumerator(PairLayout(suits), big=big, removal=int(not shoe.replacement))
    got = pairs.count(_counts(shoe, suits))
    assert got.tolist() == [expected[i] for i in range(n * n)]


@pytest.mark.parametrize("decks", [1, 2, 8])
def test_a_table_on_the_pair_states_gives_the_pair_chances_worked_by_hand(decks):
    # a hand's first two cards from d decks: the second shares the first's rank with
    # chance (4d - 1) / (52d - 1), its rank and suit with chance (d - 1) / (52d - 1); the
    # banker pairs on his two cards alike, and both hands pair with the chance of two
    # pairs dealt one after the other (the first pair's rank, or another)
    shoe, n = Shoe.decks(decks), 52 * decks
    for suits in (False, True):
        table = PairLayout(suits).table(shoe)
        assert table.total == falling(n, 6) and sum(table.counts.tolist()) == table.total
        player, banker = table.features["player_pair"], table.features["banker_pair"]
        assert table.probability(player == 1) == Fraction(4 * decks - 1, n - 1)
        assert table.probability(banker == 1) == Fraction(4 * decks - 1, n - 1)
        same_rank = Fraction(4 * decks - 1, n - 1) * Fraction(4 * decks - 2, n - 2) * Fraction(
            4 * decks - 3, n - 3)
        other_rank = Fraction(4 * decks - 1, n - 1) * Fraction(n - 4 * decks, n - 2) * Fraction(
            4 * decks - 1, n - 3)
        assert table.probability((player == 1) & (banker == 1)) == same_rank + other_rank
        if suits:
            suited = table.features["player_suited_pair"] == 1
            assert table.probability(suited) == Fraction(decks - 1, n - 1)


def test_a_table_on_the_pair_states_refuses_a_shoe_it_cannot_count():
    with pytest.raises(ShoeError, match="suits are unknown"):
        PairLayout(True).table(Shoe.from_ranks([4] * 13))
    with pytest.raises(ShoeError, match="removed without their suit: its suited pairs are "
                                        "counted on the outcome cells"):
        PairLayout(True).table(Shoe.decks(1).remove("5"))


def test_shoes_beyond_int64_are_counted_exactly_with_python_integers():
    fits, beyond = Shoe.decks(27), Shoe.decks(28)
    assert outcome_table(fits).counts.dtype == np.int64
    assert falling(beyond.cards, 6) > np.iinfo(np.int64).max
    for suits in (False, True):
        table = outcome_table(beyond, suits=suits)
        assert table.counts.dtype == object
        assert sum(table.counts.tolist()) == falling(beyond.cards, 6)
    # the ratio of banker to player wins moves smoothly with the number of decks
    win = {d: outcome_table(Shoe.decks(d)).winners() for d in (26, 27, 28)}
    ratio = {d: win[d]["banker"] / win[d]["player"] for d in win}
    assert ratio[26] > ratio[27] > ratio[28] > 1


def test_suited_pairs_need_known_suits():
    with pytest.raises(ShoeError, match="suits are unknown"):
        outcome_table(Shoe.from_ranks([4] * 13), suits=True)


# SHA-256 of the whole 8-deck outcome table (counts as little-endian int64, in cell
# order), taken from the engine before the kernel was rewritten: any change to any cell
# of any table fails here.
PINNED_TABLES = {
    ("8 decks", False): "08829bb310ee34617e0c36f7253ef8e828f4cafc51d89ce6e333129ac4670d3f",
    ("8 decks", True): "8e5c9550b16903948c15231313f8f8e1184f33300647175431be2c711b163449",
    ("8 decks less A♠ 5h 5d 9 K♣ 7", True):
        "bfaec98210099f2db9581ee06ffd205a88f50cc39151e09181132612c77a150e",
}


@pytest.mark.parametrize("shoe_name, suits", list(PINNED_TABLES))
def test_whole_outcome_tables_are_pinned(shoe_name, suits):
    shoe = Shoe.decks(8)
    if " less " in shoe_name:
        shoe = shoe.remove(shoe_name.split(" less ", 1)[1])
    counts = outcome_table(shoe, suits=suits).counts
    digest = hashlib.sha256(np.asarray(counts, dtype="<i8").tobytes()).hexdigest()
    assert digest == PINNED_TABLES[(shoe_name, suits)]


def legal_tableaux():
    """Random tableaux: any marks for the player's 0-7 and the banker's 0-7 rows, every
    column; naturals never draw."""
    marks = st.lists(st.booleans(), min_size=8 + 8 * 11, max_size=8 + 8 * 11)
    return marks.map(_tableau)


def _tableau(marks):
    player = tuple(marks[:8]) + (False, False)
    rows = [tuple(marks[8 + 11 * t: 19 + 11 * t]) for t in range(8)]
    return Tableau(player=player, banker=tuple(rows) + ((False,) * 11,) * 2, name="random")


@SLOW
@given(small_rank_shoes(), legal_tableaux())
def test_random_tableaux_match_the_reference_on_random_shoes(counts, tableau):
    shoe = Shoe.from_ranks(counts)
    table = outcome_table(shoe, tableau=tableau)
    assert table_as_counter(table) == reference_counts(kinds_of(shoe, False), tableau=tableau)
    assert sum(table.counts.tolist()) == table.total


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_suited_shoes(), legal_tableaux())
@pytest.mark.slow
def test_random_tableaux_match_the_reference_with_suited_pairs(rows, tableau):
    shoe = Shoe.from_suits(rows)
    assert table_as_counter(outcome_table(shoe, suits=True, tableau=tableau)) == (
        reference_counts(kinds_of(shoe, True), tableau=tableau))


def test_the_standard_tableau_read_as_data_agrees_with_the_prose_reading():
    shoe = Shoe.from_ranks([2, 3, 1, 0, 2, 1, 3, 0, 1, 2, 0, 1, 0])
    kinds = kinds_of(shoe, False)
    assert reference_counts(kinds, tableau=STANDARD) == reference_counts(kinds)


def test_a_changed_tableau_changes_the_counts_where_it_should():
    # the player stands on 5: no coup has a player third card after a two-card 5
    stands_on_5 = Tableau(player=STANDARD.player[:5] + (False,) + STANDARD.player[6:],
                          banker=STANDARD.banker, name="player stands on 5")
    table = outcome_table(Shoe.decks(1), tableau=stands_on_5)
    f = table.features
    assert table.count((f["player_two_card_total"] == 5) & (f["player_third"] >= 0)) == 0
    assert table.count((f["player_two_card_total"] == 4) & (f["player_third"] >= 0)) > 0
    assert table.total == outcome_table(Shoe.decks(1)).total
    assert table.winners() != outcome_table(Shoe.decks(1)).winners()


BOUNDS_SCRIPT = """
import dataclasses, itertools, random, sys
from bacc_edge import Bet, Count, Event, Shoe, player, report
from bacc_edge.depth.shoes import DealRules, game
from bacc_edge.depth.options import prepare
from bacc_edge.engine.point_table import outcome_table
from bacc_edge.game.tableau import Tableau
rng = random.Random(5)
def tableau(p):
    marks = [rng.random() < p for _ in range(8 + 88)]
    rows = tuple(tuple(marks[8 + 11 * t: 19 + 11 * t]) for t in range(8))
    return Tableau(player=tuple(marks[:8]) + (False, False),
                   banker=rows + ((False,) * 11,) * 2)
shoes = [Shoe.decks(1), Shoe.decks(2).remove("A♠ 9h 9d K♥"), Shoe.infinite()]
for p in (0.0, 1.0, 0.2, 0.5, 0.8, 0.5, 0.5):
    t = tableau(p)
    for shoe, suits in itertools.product(shoes, (False, True)):
        outcome_table(shoe, suits=suits, tableau=t)
# the card-level kernel (a rank bet and a suited bet; a shoe with cards named and one with
# cards removed without their suit) and the shoe dealer, under the same tableaux
bets = [Bet("king", [Event("hit", player.card(1).rank == "K", 1)]),
        Bet("flush", [Event("hit", player.card(1).suit == player.card(2).suit, 1)])]
spec = prepare(sys.argv[1], ["Player", "Lucky Six"], deal=DealRules(1, 14), seed=1,
               counts=(Count("c", {"6": -3, "7": 1}, trigger=1),))
for p in (0.0, 1.0, 0.5):
    t = tableau(p)
    for shoe in (Shoe.decks(1).remove("A♠ 9h"), Shoe.decks(1).remove("K 5 5")):
        report(bets, shoe, tableau=t)
    game(dataclasses.replace(spec, tableau=t)).deal_shoes(1, 0, 20, keep_cards=True)
print("ok")
"""


@pytest.mark.slow
def test_every_legal_tableau_stays_inside_the_kernels_arrays():
    # compiled, numba checks no bounds: run the kernels' own source as plain Python
    # (NUMBA_DISABLE_JIT), where numpy checks every index, and count shoes under extreme
    # and random tableaux; a bad index raises IndexError. (Compiling every kernel again
    # with NUMBA_BOUNDSCHECK in a fresh cache checks the same indices, in 20 s, not 4.)
    env = {**os.environ, "NUMBA_DISABLE_JIT": "1"}
    live = str(ROOT / "paytables" / "live_dealer.py")
    run = subprocess.run([sys.executable, "-c", BOUNDS_SCRIPT, live], env=env,
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.strip() == "ok"


def _positional_parameters(node) -> int:
    return len(node.args.posonlyargs) + len(node.args.args)


def test_no_function_outside_the_cli_commands_takes_more_than_twelve_positional_parameters():
    # kernels take named tuples of arrays instead (issue 18); a CLI command's options
    # are click's to pass, so the commands alone may take more
    package = ROOT / "calc" / "bacc_edge"
    too_many = []
    for path in sorted(package.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            command = path.name == "cli.py" and any(
                isinstance(d, ast.Call) and isinstance(d.func, ast.Attribute)
                and d.func.attr == "command" for d in node.decorator_list)
            if _positional_parameters(node) > 12 and not command:
                too_many.append(f"{path.relative_to(package)}:{node.lineno} {node.name} "
                                f"({_positional_parameters(node)})")
    assert not too_many, too_many


@pytest.mark.parametrize("tableau", [STANDARD, Tableau(
    player=STANDARD.player[:5] + (False,) + STANDARD.player[6:], banker=STANDARD.banker,
    name="player stands on 5")], ids=["standard", "stands on 5"])
def test_the_coup_features_follow_from_the_totals_and_third_cards(tableau):
    # every feature of a finished coup, worked out by hand from the cell's two-card
    # totals and third cards (the one place both tables compute them is features.py)
    f = CellLayout(suits=True, tableau=tableau).features()
    for i, (pt, bt, x, y) in enumerate(zip(*(f[k].tolist() for k in (
            "player_two_card_total", "banker_two_card_total", "player_third",
            "banker_third")))):
        pp = (pt + x) % 10 if x >= 0 else pt
        bp = (bt + y) % 10 if y >= 0 else bt
        expected = {"player_points": pp, "banker_points": bp,
                    "winner": 0 if pp > bp else 1 if bp > pp else 2,
                    "margin": abs(pp - bp), "player_cards": 2 + (x >= 0),
                    "banker_cards": 2 + (y >= 0), "cards_dealt": 4 + (x >= 0) + (y >= 0),
                    "player_natural": int(pt >= 8), "banker_natural": int(bt >= 8)}
        assert {k: int(f[k][i]) for k in expected} == expected, (pt, bt, x, y)


#: run in a copy of the package: one small kernel called; says whether it was compiled
#: (not found in NUMBA_CACHE_DIR) or loaded
ONE_KERNEL = """
import numpy as np
import bacc_edge
from bacc_edge.engine import jit
from bacc_edge.engine.outcome_table import sum_by_class
assert bacc_edge.__file__.startswith({root!r}), bacc_edge.__file__
compiled = []
jit.on_first_compile(lambda: compiled.append(True))
out = sum_by_class(np.arange(4), np.zeros(4, dtype=np.int64), np.zeros(1, dtype=np.int64))
assert out.tolist() == [6]
print("compiled" if compiled else "loaded")
"""


def test_a_second_copy_of_the_same_sources_loads_the_kernels_the_first_compiled(tmp_path):
    """Kernels are kept by their module's place in the package, not by the folder it
    sits in: another clone or install of the same sources, elsewhere, loads what the
    first compiled (numba's own way named the folder by its absolute path, so every
    fresh clone, every CI run, compiled them all again: minutes)."""
    import shutil

    import bacc_edge
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "kernels")}
    said = []
    for copy in ("first", "second"):
        root = tmp_path / copy
        shutil.copytree(Path(bacc_edge.__file__).parent, root / "bacc_edge",
                        ignore=shutil.ignore_patterns("__pycache__"))
        done = subprocess.run([sys.executable, "-c", ONE_KERNEL.format(root=str(root))],
                              capture_output=True, text=True, cwd=tmp_path,
                              env={**env, "PYTHONPATH": str(root)})
        assert done.returncode == 0, done.stderr
        said.append(done.stdout.strip())
    assert said == ["compiled", "loaded"]


def test_compiled_kernels_are_kept_per_version_of_the_engine_and_game_sources(tmp_path,
                                                                              monkeypatch):
    """numba checks only a kernel's own file: an edit to a helper it inlines from another
    module, or to a game constant it reads, must move the kernels to a new folder."""
    import shutil

    import bacc_edge
    from bacc_edge.engine.jit import cache_folder
    package = tmp_path / "bacc_edge"
    for part in ("engine", "game"):
        shutil.copytree(Path(bacc_edge.__file__).parent / part, package / part,
                        ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "cache"))
    first = cache_folder(package)
    assert first.startswith(str(tmp_path / "cache"))
    assert cache_folder(package) == first
    for edited in (package / "game" / "coup.py", package / "engine" / "card_kernels.py"):
        edited.write_text(edited.read_text() + "\n# edited\n")
        assert cache_folder(package) != first
        first = cache_folder(package)
