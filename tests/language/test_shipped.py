"""The paytables ship with bacc-edge: a wheel carries them, the games of the other
commands (each kind in its subfolder), their register of sources and the licence, and
the installed command reads ``shipped:NAME`` and ``shipped:KIND/NAME`` from any folder;
the form is never a file's name, nor a file's name the form; the list of them says
which command runs each and where each figure was published; a copy out never replaces
a file."""

import csv
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

import bacc_edge
from bacc_edge import PaytableError, load_paytable
from bacc_edge.analysis.shipped_list import list_shipped
from bacc_edge.cli import main
from bacc_edge.language.shipped import (KINDS, copy_shipped, paytable_path, shipped_games,
                                        shipped_names)
from conftest import ROOT

PAYTABLES = sorted((ROOT / "paytables").glob("*.py"))
#: the games of the other commands, one subfolder of paytables/ a kind, as the disk holds them
GAMES = sorted((ROOT / "paytables").glob("*/*.py"))
#: how shipped: names each game, read off its path
GAME_NAMES = [p.relative_to(ROOT / "paytables").with_suffix("").as_posix() for p in GAMES]
VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
PACKAGE = Path(bacc_edge.__file__).parent


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


# -- the wheel, installed outside the repository ---------------------------------------------
def _built_from(src: Path) -> None:
    """Copy into ``src`` what a wheel is built from (the paytables' link kept a link)."""
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy2(ROOT / name, src / name)
    ignore = shutil.ignore_patterns("__pycache__", "*.egg-info")
    shutil.copytree(ROOT / "calc", src / "calc", symlinks=True, ignore=ignore)
    shutil.copytree(ROOT / "paytables", src / "paytables", ignore=ignore)


def _pip(*args: str) -> None:
    done = subprocess.run([sys.executable, "-m", "pip", *args, "--quiet", "--no-index"],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The wheel, built offline from a copy of the sources (the build leaves its build/
    folder there, not in the repository)."""
    src = tmp_path_factory.mktemp("src")
    _built_from(src)
    dist = tmp_path_factory.mktemp("dist")
    _pip("wheel", "--no-deps", "--no-build-isolation", "-w", str(dist), str(src))
    (built,) = dist.glob("bacc_edge-*.whl")
    return built


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory) -> Path:
    """The wheel installed into a folder of its own, its command in ``bin/``."""
    site = tmp_path_factory.mktemp("site")
    _pip("install", "--no-deps", "--target", str(site), str(wheel))
    return site


def _installed_command(site: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess:
    """The installed ``bacc-edge`` run in ``cwd``, importing the installed package (the
    dependencies from this environment). Kernels run as plain Python: compiling them
    for a new install takes a minute, and how they compile is not what is tested."""
    env = {**os.environ, "PYTHONPATH": str(site), "NUMBA_DISABLE_JIT": "1"}
    return subprocess.run([str(site / "bin" / "bacc-edge"), *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=600)


def test_the_wheel_carries_the_paytables_their_register_every_module_the_licence_and_py_typed(
        wheel):
    with zipfile.ZipFile(wheel) as whl:
        names = set(whl.namelist())
        (licence,) = [n for n in names if n.endswith(".dist-info/licenses/LICENSE")]
        (metadata,) = [n for n in names if n.endswith(".dist-info/METADATA")]
        (entry_points,) = [n for n in names if n.endswith(".dist-info/entry_points.txt")]
        assert whl.read(licence) == (ROOT / "LICENSE").read_bytes()
        assert "License-Expression: MIT" in whl.read(metadata).decode()
        assert "bacc-edge = bacc_edge.cli:run" in whl.read(entry_points).decode()
    shipped = {f"bacc_edge/shipped_paytables/{p.relative_to(ROOT / 'paytables').as_posix()}"
               for p in [*PAYTABLES, *GAMES, ROOT / "paytables/SOURCES.md"]}
    assert shipped <= names, shipped - names
    assert {name.partition("/")[0] for name in GAME_NAMES} == set(KINDS)
    # Path.rglob follows no symbolic link: these are the package's own modules
    modules = {f"bacc_edge/{p.relative_to(PACKAGE).as_posix()}" for p in PACKAGE.rglob("*.py")}
    assert modules <= names, modules - names
    # the marker that tells a type checker to read the package's annotations (PEP 561)
    assert "bacc_edge/py.typed" in names


def test_the_installed_command_reads_a_shipped_paytable_from_a_folder_outside_the_clone(
        installed, tmp_path):
    away = tmp_path / "away"
    away.mkdir()
    done = _installed_command(installed, "shipped:three_card_win", "--bet",
                              "Banker 3 Card Win, paytable 1", "--fmt", "json", cwd=away)
    assert done.returncode == 0, done.stderr
    (bet,) = json.loads(done.stdout)["bets"]
    assert Path(bet["file"]) == installed / "bacc_edge" / "shipped_paytables" / "three_card_win.py"
    # the house edge the Washington State Gambling Commission's rules of play print
    assert f"{bet['edge']:.3%}" == "8.304%"
    listed = _installed_command(installed, "shipped", "--fmt", "json", cwd=away)
    assert [p["name"] for p in json.loads(listed.stdout)["paytables"]] == [
        f"shipped:{name}" for name in [p.stem for p in PAYTABLES] + GAME_NAMES]
    version = _installed_command(installed, "--version", cwd=away)
    assert version.stdout == f"bacc-edge {VERSION}\n"


def test_the_installed_command_runs_and_copies_a_game_of_another_command_outside_the_clone(
        installed, tmp_path):
    done = _installed_command(installed, "streak", "shipped:streaks/banker_streak",
                              "--infinite", "--bet", "Banker Streak, pay table 1", "--shoes",
                              "0", "--fmt", "json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    (value,) = json.loads(done.stdout)["streaks"]
    assert (value["bet"], value["model"]) == ("Banker Streak, pay table 1", "infinite deck")
    copied = _installed_command(installed, "copy-shipped", "shipped:meters/dragon_dragon",
                                cwd=tmp_path)
    assert copied.returncode == 0, copied.stderr
    assert (tmp_path / "dragon_dragon.py").read_bytes() == (
        ROOT / "paytables" / "meters" / "dragon_dragon.py").read_bytes()
    assert (tmp_path / "SOURCES.md").read_bytes() == (ROOT / "paytables/SOURCES.md").read_bytes()


# -- the form, read in a clone -----------------------------------------------------------------
def test_the_form_names_the_paytables_of_the_repository_in_a_clone():
    assert shipped_names() == tuple(p.stem for p in PAYTABLES)
    assert paytable_path("shipped:three_card_win") == ROOT / "paytables" / "three_card_win.py"
    assert load_paytable("shipped:super_tie").path == ROOT / "paytables" / "super_tie.py"


def test_the_form_names_each_game_of_another_command_by_its_kind_and_name():
    assert shipped_games() == tuple(p.stem for p in PAYTABLES) + tuple(GAME_NAMES)
    for name, path in zip(GAME_NAMES, GAMES):
        assert paytable_path(f"shipped:{name}") == path
    # decide reads its files through the form too, as --game names them
    assert bacc_edge.load_decisions("shipped:decisions/tie_offered").path == (
        ROOT / "paytables" / "decisions" / "tie_offered.py")


@pytest.mark.parametrize("path", ["three_card_win", Path("shipped:three_card_win"),
                                  "./shipped:three_card_win"])
def test_a_path_is_never_read_as_a_shipped_name(path, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(PaytableError, match="no such paytable file"):
        load_paytable(path)


def test_the_form_beside_a_file_of_that_name_is_neither(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("shipped:punto_banco").write_text("from bacc_edge import *\n"
                                           "BETS = [Bet('Mine', [Event('tie', tie, 8)])]\n")
    with pytest.raises(PaytableError, match=r"write \./shipped:punto_banco for the file"):
        load_paytable("shipped:punto_banco")
    assert [b.name for b in load_paytable("./shipped:punto_banco").bets] == ["Mine"]


# -- the list ------------------------------------------------------------------------------------
def test_the_list_names_each_paytable_its_game_bets_and_where_its_figures_were_published():
    listed = {p.name: p for p in list_shipped()}
    assert list(listed) == [p.stem for p in PAYTABLES] + GAME_NAMES
    three = listed["three_card_win"]
    # as the file and SOURCES.md read, by hand
    assert (three.form, three.game) == ("shipped:three_card_win", "3 Card Win Baccarat")
    assert three.bets[0] == "Banker 3 Card Win, paytable 1" and len(three.bets) == 5
    assert [s.key for s in three.sources] == ["000_9d483a1cba396471.txt"]
    assert "Washington State Gambling Commission" in three.sources[0].citation
    # a count study is a source too: Big Tiger's bet prints no figure, its count does
    assert [s.key for s in listed["big_tiger"].sources] == [
        "Jacobson, Card Counting the Big Tiger Baccarat Side Bet (advancedadvantageplay.com)"]
    assert listed["punto_banco"].sources == ()
    # the games of the other commands: what runs each, as the help of each command says
    assert {name: p.command for name, p in listed.items() if "/" in name} == {
        "decisions/lucky_draw": "decide", "decisions/peek_baccarat": "decide",
        "decisions/tie_offered": "decide", "meters/dragon_dragon": "meter",
        "multipliers/golden_wealth_baccarat": "multipliers",
        "multipliers/lightning_baccarat": "multipliers",
        "multipliers/prosperity_tree_baccarat": "multipliers",
        "multipliers/xxxtreme_lightning": "multipliers",
        "streaks/banker_streak": "streak"}
    assert listed["three_card_win"].command == "report"
    # as the files read, by hand: Banker Streak's four pay tables, Lightning's two sources
    streak = listed["streaks/banker_streak"]
    assert (streak.game, streak.bets[-1]) == ("Banker Streak", "Banker Streak, pay table 4")
    assert [s.key[:30] for s in listed["multipliers/lightning_baccarat"].sources] == [
        "ltccasino.com/cryptocasino/lig", "reallivedealer.ag/baccarat/202"]


def test_the_command_lists_them_and_cites_each_source_under_the_table():
    result = run("shipped")
    assert result.exit_code == 0, result.output
    rows = {line.split()[0]: line for line in result.stdout.splitlines()
            if line.startswith("shipped:")}
    assert list(rows) == [f"shipped:{name}" for name in [p.stem for p in PAYTABLES] + GAME_NAMES]
    assert rows["shipped:punto_banco"].endswith("report       none printed")
    assert rows["shipped:streaks/banker_streak"].split()[-3] == "streak"
    (json_row,) = [p for p in json.loads(run("shipped", "--fmt", "json").stdout)["paytables"]
                   if p["name"] == "shipped:multipliers/lightning_baccarat"]
    assert (json_row["kind"], json_row["command"]) == ("multipliers", "multipliers")
    csv_rows = list(csv.DictReader(io.StringIO(run("shipped", "--fmt", "csv").stdout)))
    assert [(r["kind"], r["command"]) for r in csv_rows if r["name"] in (
        "shipped:big_tiger", "shipped:decisions/lucky_draw")] == [
        ("paytable", "report"), ("decisions", "decide")]
    number = rows["shipped:three_card_win"].split()[-1]
    # its note, wrapped to 100 columns: the numbered line and those hanging under it
    notes = re.split(r"\n(?=\[[0-9]+\] )", result.stdout.split("\n\n")[-1])
    (cited,) = [" ".join(n.split()) for n in notes if n.startswith(number + " ")]
    assert "where it was published: a US state gambling regulator's approved rules" in cited


# -- a copy out, to edit ---------------------------------------------------------------------------
def test_a_copy_is_the_shipped_file_with_its_register_and_keeps_the_users_register(tmp_path):
    written = copy_shipped("three_card_win", tmp_path)
    assert written == (tmp_path / "three_card_win.py", tmp_path / "SOURCES.md")
    assert written[0].read_bytes() == (ROOT / "paytables" / "three_card_win.py").read_bytes()
    assert written[1].read_bytes() == (ROOT / "paytables" / "SOURCES.md").read_bytes()
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "SOURCES.md").write_text("my own register\n")
    assert copy_shipped("shipped:big_tiger", mine / "tiger.py") == (mine / "tiger.py",)
    assert (mine / "SOURCES.md").read_text() == "my own register\n"


def test_a_copy_of_a_game_of_another_command_brings_the_register_its_figures_cite(tmp_path):
    written = copy_shipped("streaks/banker_streak", tmp_path)
    assert written == (tmp_path / "banker_streak.py", tmp_path / "SOURCES.md")
    assert written[0].read_bytes() == (ROOT / "paytables/streaks/banker_streak.py").read_bytes()
    assert written[1].read_bytes() == (ROOT / "paytables" / "SOURCES.md").read_bytes()


def test_a_copy_never_writes_through_a_link_to_nowhere(tmp_path):
    (tmp_path / "mine.py").symlink_to(tmp_path / "elsewhere.py")
    result = run("copy-shipped", "three_card_win", tmp_path / "mine.py")
    assert result.exit_code == 1
    assert "mine.py: exists already; bacc-edge never writes over a file" in result.stderr
    assert not (tmp_path / "elsewhere.py").exists()


# -- the command's first hour --------------------------------------------------------------------
def test_results_outside_a_clone_says_what_it_looks_for(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("results")
    assert result.exit_code == 2
    assert ("Error: no folder 'paytables' here, where a clone of bacc-edge keeps its "
            "paytables: name a folder of paytables") in result.stderr


def _examples() -> list[str]:
    """Every example line of every command's help."""
    helps = [run("--help").stdout, *(run(name, "--help").stdout for name in main.commands)]
    return [line.strip() for text in helps for line in text.splitlines()
            if line.strip().startswith("bacc-edge ")]


def test_every_example_of_the_help_names_paytables_an_installed_bacc_edge_holds():
    examples = _examples()
    assert len(examples) > 40
    assert not [e for e in examples if "paytables/" in e]
    named = {word.removeprefix("shipped:") for e in examples for word in e.split()
             if word.startswith("shipped:")}
    assert named and named <= set(shipped_games()), named - set(shipped_games())
    # each command of a kind of game shows one shipped with bacc-edge, run as it is
    shown = {e.split()[1] for e in examples if any(w.startswith("shipped:") for w in e.split())}
    assert {kind.command for kind in KINDS.values()} <= shown
