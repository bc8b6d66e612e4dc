"""bacc-edge streak and bacc-edge meter through the command line: one JSON object, real
CSV, each value beside how exact it is."""

import csv
import functools
import io
import json

from click.testing import CliRunner

from bacc_edge.cli import main
from conftest import ROOT

STREAKS = str(ROOT / "paytables" / "streaks" / "banker_streak.py")
METERS = str(ROOT / "paytables" / "meters" / "dragon_dragon.py")
TABLE_1 = "Banker Streak, pay table 1"


def run(*args):
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == 0, result.output
    return result.output


def test_a_streak_on_the_infinite_deck_is_one_exact_value_in_json():
    # planted: player_net left out of a value's record
    (value,) = json.loads(run("streak", STREAKS, "--bet", TABLE_1, "--infinite",
                              "--fmt", "json"))["streaks"]
    assert (value["model"], value["kind"]) == ("infinite deck", "exact")
    assert value["player_net"] == value["low"] == value["high"]
    assert abs(sum(line["probability"] for line in value["lines"]) - 1) < 1e-12


def test_a_small_shoe_gives_every_model_in_csv_rows():
    # a 13-card shoe (cut 4: the default 14 lies past it): the infinite deck, its one-coup chances as independent coups and
    # the coups dealt in turn from it (exact), no simulation (not whole decks)
    rows = list(csv.DictReader(io.StringIO(run(
        "streak", STREAKS, "--bet", TABLE_1, "--counts", "1,1,1,1,1,1,1,1,1,4,0,0,0", "--cut", "4",
        "--fmt", "csv"))))
    assert {r["kind"] for r in rows} == {"exact"}
    assert len({r["model"] for r in rows}) == 3


def test_the_meter_command_shows_the_return_at_each_meter_asked():
    text = run("meter", METERS, "--meter", "50000", "--meter", "100000")
    assert "player net at meter 50000" in text and "break-even meter" in text
    (value,) = json.loads(run("meter", METERS, "--fmt", "json"))["meters"]
    names = [f["figure"] for f in value["figures"]]
    assert names[:4] == ["player net at the seed", "break-even meter",
                         "top award's chance per coup",
                         "player net over a cycle (operator's, lab's)"]


def test_whole_shoes_asked_of_a_shoe_they_cannot_come_from_are_said_dropped():
    # planted: the note left out (the simulation dropped in silence)
    result = CliRunner().invoke(main, ["streak", STREAKS, "--counts", "1,1,1,1,1,1,1,1,1,1,"
                                       "1,1,1", "--cut", "0", "--shoes", "100", "--fmt", "json"])
    assert result.exit_code == 0, result.output
    assert "--shoes 100: whole shoes are simulated from a full shoe of whole decks only" in \
        result.stderr
    assert all(v["kind"] != "simulation, 95% interval"
               for v in json.loads(result.stdout)["streaks"])


def test_the_help_of_streak_and_meter_says_decks_takes_one_count():
    # planted: the old help ("the report also takes several", read as this one too)
    for command in ("streak", "meter"):
        words = " ".join(run(command, "--help").split())
        assert "Decks in the shoe: one count (bacc-edge report alone takes several" in words



@functools.lru_cache(maxsize=None)
def _meter_json(*args):
    (value,) = json.loads(run("meter", METERS, "--fmt", "json", *args))["meters"]
    return value


def _figures(value) -> dict:
    return {v["figure"]: v["value"] for v in value["figures"]}


def test_a_bare_rate_reads_as_the_file_writes_it_a_share_of_one():
    # planted: --rate read as percent again (rate / 100): 0.1 became 0.1%, and the
    # cycle's return fell by 0.199 rather than 0.1
    given = _meter_json("--rate", "0.1")
    assert given["rate"] == 0.1 and _meter_json()["rate"] == 0.2
    key = "player net over a cycle (operator's, lab's)"
    # per unit staked the cycle returns the rate: 0.1 less rate, 0.1 less return
    assert abs(_figures(_meter_json())[key] - _figures(given)[key] - 0.1) < 1e-12


def test_the_placeholder_seed_and_rate_are_marked_assumed_in_every_output(tmp_path):
    # planted: the Meter's assumed flag dropped (assumed=False in the file): no mark
    value = _meter_json()
    assert value["kind"] == "progressive" and value["assumed"] == ["seed", "rate"]
    text = run("meter", METERS, "--meter-seed", "5000")
    assert "seed 5000, 20.00% (assumed) of each stake" in text
    assert "Dragon Dragon (seed 10,000, assumed)" in run("report", METERS)
    out = tmp_path / "dd.md"
    run("math-report", METERS, "-o", str(out))
    report = out.read_text()
    assert "seed 10,000 stakes (assumed), 20.00% (assumed) of each stake" in report
    how = report[report.index("How it was computed"):]
    assert "progressives as bacc-edge meter does" in how and "run bets" not in how


def test_a_rate_of_0_says_why_the_meter_when_hit_is_not_shown():
    # planted: meter_notes returns [] (the rows dropped silently, as before)
    result = CliRunner().invoke(main, ["meter", METERS, "--rate", "0"])
    assert result.exit_code == 0, result.output
    assert "note: Dragon Dragon: a rate of 0 never grows the meter, so no rounds between " \
           "hits nor meter when hit are shown" in result.stderr
    assert "meter when hit" not in result.stdout
