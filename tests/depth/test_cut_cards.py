"""Every cut card from one run (``depth --cuts``): the same shoes summed up as if the cut
card had been placed further from the end, against runs dealt with the cut card there;
the verdict's words on hand-made figures; the option's bad input."""

import csv
import io
import json

import pytest
from click.testing import CliRunner

from bacc_edge.analysis.intervals import Interval, IntervalMethod
from bacc_edge.cli import main
from bacc_edge.depth.options import DepthOptions, prepare
from bacc_edge.depth.run import definition
from bacc_edge.depth.shoes import DealRules, EndRule, deal_batch
from bacc_edge.depth.summary import AtCutCard, BetSummary, DepthTally, PlayerSummary, summarize
from bacc_edge.errors import ArgumentError, OptionError
from bacc_edge.output.cut_cards import cut_card_rows, verdict
from conftest import ROOT
from dealt_here import deal_batches_here

LIVE = ROOT / "paytables" / "live_dealer.py"
#: a point bet, a pair bet with a cutoff and a bet on the cards (Super Lucky Seven reads
#: the cards' count), on 2 decks: every kind of player the verdict reads, quickly
BETS = ("Player", "Player Pair", "Super Lucky Seven")


def _options(cut, cuts=(), end=EndRule.AT_CUT):
    return DepthOptions(bet_names=BETS, deal=DealRules(2, cut, end), seed=5, cuts=cuts)


def _tally(spec, shoes=40):
    return DepthTally([deal_batch(spec, 0, shoes // 2), deal_batch(spec, shoes // 2, shoes // 2)])


def _mine(spec, summary, b):
    """Bet ``b``'s perfect player and own count within its cutoff, read off a plain run."""
    rows = [(p, s) for p, s in zip([p for p in spec.players if p.bet == b],
                                   [s for s in summary.bets[b].players if s.group is None])
            if p.cutoff == spec.cutoffs[b]]
    perfect = next(s for p, s in rows if p.count is None)
    count = next((s for p, s in rows if p.count is not None
                  and spec.counts[p.count].name.startswith("own count")), None)
    return perfect, count


@pytest.mark.parametrize("end", [EndRule.AT_CUT, EndRule.ONE_MORE])
def test_each_cut_card_is_the_run_dealt_with_the_cut_card_there(end):
    # the prefix of the shoes dealt to cut card 6 that a cut card further up deals, against
    # the dealing kernel's own end of the shoe with the cut card placed there: every
    # figure equal (planted: a shoe ending one round late at the further cut cards)
    spec = prepare(LIVE, options=_options(6, (6, 20, 33, 52), end))
    at = summarize(spec, _tally(spec))
    for cut in (6, 20, 33, 52):
        alone = prepare(LIVE, options=_options(cut, (), end))
        plain = summarize(alone, _tally(alone))
        assert plain.rounds_per_shoe == next(
            a for a in at.bets[0].at_cut_cards if a.cut == cut).rounds_per_shoe
        for b in range(len(BETS)):
            mine = next(a for a in at.bets[b].at_cut_cards if a.cut == cut)
            assert (mine.perfect_player, mine.count) == _mine(alone, plain, b), (cut, BETS[b])


def test_the_run_at_its_own_cut_card_is_unchanged_by_further_ones():
    # --cuts adds the further cut cards; the run's own figures stay what they were
    with_cuts = prepare(LIVE, options=_options(6, (6, 40)))
    without = prepare(LIVE, options=_options(6))
    a, b = summarize(with_cuts, _tally(with_cuts)), summarize(without, _tally(without))
    assert [x.players for x in a.bets] == [x.players for x in b.bets]
    assert [x.at_cut_cards for x in b.bets] == [(), (), ()]
    assert "at_cut_cards" not in b.bets[0].as_json()  # depth's JSON as it always was
    # a run without further cut cards keeps its definition (its saved batches are kept)
    assert "cuts" not in definition(without, 10) and definition(with_cuts, 10)["cuts"] == [6, 40]


def _interval(value, low, high):
    return Interval(value, low, high, IntervalMethod.NORMAL)


def _player(name, per_shoe, bets_per_shoe=1.0):
    low, high = per_shoe
    return PlayerSummary(player=name, count=None, cutoff=None, method="exact",
                         bet_frequency=_interval(0.01, 0.005, 0.015), average_edge=None,
                         units_per_shoe=_interval((low + high) / 2, low, high),
                         units_per_100_rounds=_interval(0.1, 0.05, 0.15),
                         desirability_index=None, betting_correlation=None,
                         bets_per_shoe=bets_per_shoe, shoes_betting=1, shoes_with_a_gain=1,
                         shoes_won=1, shoes_lost=0)


def _bet(rows, cutoff=None, asked=True):
    """A bet's figures at its cut cards, each row (cut card, the perfect player's interval
    of units a shoe, the count's (None: no count), bets a shoe of both [, of the count])."""
    at = tuple(AtCutCard(cut, _interval(70.0, 69.0, 71.0), _player("perfect player", p, pb),
                         None if c is None else _player("own count", c, (cb or [pb])[0]), asked)
               for cut, p, c, pb, *cb in rows)
    return BetSummary("Dragon 7", cutoff, None, (), None, (), at)


@pytest.mark.parametrize("rows, cutoff, asked, said", [
    ([(14, (0.1, 0.14), (0.02, 0.06), 1.0), (52, (0.05, 0.07), (-0.01, 0.03), 1.0)], None, True,
     'Dragon 7: beatable by a perfect player: at cut card 14 it wins 0.1200 units a shoe '
     '(95%: 0.1000 to 0.1400; a unit every 8 shoes), at cut card 52 0.0600; its own count,'
     ' at cut card 14, wins 0.0400 units a shoe (95%: 0.0200 to 0.0600; a unit every 25 '
     'shoes): countable at cut card 14.'),
    ([(14, (0.1, 0.14), (0.02, 0.06), 1.0), (26, (0.1, 0.12), (0.01, 0.03), 1.0),
      (52, (0.05, 0.07), (0.001, 0.003), 1.0)], None, True,
     'Dragon 7: beatable by a perfect player: at cut card 14 it wins 0.1200 units a shoe '
     '(95%: 0.1000 to 0.1400; a unit every 8 shoes), at cut card 52 0.0600; its own count,'
     ' at cut card 14, wins 0.0400 units a shoe (95%: 0.0200 to 0.0600; a unit every 25 '
     'shoes): countable at cut cards 14, 26 and 52.'),
    ([(14, (0.1, 0.14), (-0.02, 0.04), 1.0), (52, (0.05, 0.07), (-0.03, 0.01), 1.0)], 60, True,
     'Dragon 7 (the table closes it after round 60): beatable by a perfect player: at cut '
     'card 14 it wins 0.1200 units a shoe (95%: 0.1000 to 0.1400; a unit every 8 shoes), '
     'at cut card 52 0.0600; its own count shows no gain sure at 95% at any of these cut '
     'cards: at best, at cut card 14, it nets 0.0100 units a shoe (95%: -0.0200 to '
     '0.0400).'),
    ([(14, (0.0, 0.0004), None, 1.0)], None, True,
     "Dragon 7: a perfect player's gain is not sure at 95%: at cut card 14 it wins 0.00020 "
     'units a shoe (95%: 0.00000 to 0.00040); it has no linear count of its own (its effects'
     ' of removal make none that ever bets).'),
    ([(14, (0.0, 0.0004), None, 1.0)], None, False,
     "Dragon 7: a perfect player's gain is not sure at 95%: at cut card 14 it wins 0.00020 "
     'units a shoe (95%: 0.00000 to 0.00040); no count of its own was played (the run left '
     'it out).'),
    ([(14, (0.2, 0.3), (0.0, 0.0), 1.0), (52, (0.05, 0.07), (0.0, 0.0), 1.0)], None, True,
     'Dragon 7: beatable by a perfect player: at cut card 14 it wins 0.2500 units a shoe '
     '(95%: 0.2000 to 0.3000; a unit every 4 shoes), at cut card 52 0.0600; its own count '
     'shows no gain sure at 95% at any of these cut cards: at best, at cut card 14, it '
     'nets 0.0000 units a shoe (every shoe alike).'),
    ([(14, (0.2, 0.3), (0.0, 0.0), 1.0, 0.0), (52, (0.05, 0.07), (0.0, 0.0), 1.0, 0.0)], 60,
     True,
     'Dragon 7 (the table closes it after round 60): beatable by a perfect player: at cut '
     'card 14 it wins 0.2500 units a shoe (95%: 0.2000 to 0.3000; a unit every 4 shoes), at '
     'cut card 52 0.0600; its own count never bets at these cut cards.'),
    ([(14, (0.0, 0.0), (0.0, 0.0), 0.0), (52, (0.0, 0.0), (0.0, 0.0), 0.0)], None, True,
     'Dragon 7: not beatable in these shoes: no round favoured the player at any cut card,'
     ' so even a perfect player never bets.'),
])


def test_the_verdict_in_words(rows, cutoff, asked, said):
    assert verdict(_bet(rows, cutoff, asked)) == said


def test_a_small_figure_keeps_two_digits_and_its_sign_and_a_negative_zero_is_plain_zero():
    # (planted: four places always, which shows a perfect player's 0.0000053 as 0.0000)
    bet = _bet([(14, (0.1, 0.14), (-0.00006, 0.00002), 1.0), (20, (0.1, 0.14), (-0.0, 0.0), 1.0)])
    rows = cut_card_rows(bet)
    assert rows[1][3] == "-0.000020 (-0.000060 to 0.000020)"  # two significant digits
    assert rows[3][3] == "0.0000 (every shoe alike)"  # -0.0 to 0.0: no interval at all


@pytest.mark.parametrize("args, code, message", [
    (["--cuts", "14,52", "--cut", "20"], 2, "--cut and --cuts"),
    (["--cuts", "14,x"], 2, "'x' is not a whole number"),
    (["--cuts", " 14,26"], 2, "' 14' is not a whole number"),
    (["--cuts", "14,"], 2, "'' is not a whole number"),
    (["--cuts", "14,14"], 2, "'14,14' names cut card 14 twice: give each once"),
    (["--cuts", "26,14,26"], 2, "'26,14,26' names cut card 26 twice"),
    (["--cuts", "14,-26"], 1, "--cuts -26: must be a whole number from 0"),
    (["--cuts", "14,500"], 1, "cut card 500 cards from the end does not fit an 8-deck shoe "
                             "(0 to 399)"),
    (["--cuts", "14,52", "--count-only"], 2, "drop --count-only, or --cuts"),
    (["--cuts", ",".join(str(c) for c in range(14, 27))], 1, "at most 12 in a run, not 13"),
])
def test_bad_cut_cards_on_the_command_line(args, code, message, tmp_path):
    result = CliRunner().invoke(main, ["depth", str(LIVE), "--decks", "8", "--shoes", "2",
                                       "--state", str(tmp_path), *args])
    assert result.exit_code == code, result.output
    assert message in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("cuts, error, message", [
    ("14", ArgumentError, "cuts '14'"),
    ((14.5,), ArgumentError, "must be whole numbers"),
    ((True,), ArgumentError, "must be whole numbers"),
    ((5,), OptionError, "cut card 5: the shoes are dealt to the cut card 6 cards from the end, "
                        "so every cut card summed up at must lie 6 or more"),
    ((6, 88), OptionError, r"cut card 88 cards from the end does not fit a 2-deck shoe \(0 to 87\)"),
    ((6, 20, 6), OptionError, r"cut cards \[6, 20, 6\]: give each once"),
])
def test_bad_cut_cards_from_python(cuts, error, message):
    with pytest.raises(error, match=message):
        DepthOptions(deal=DealRules(2, 6), cuts=cuts)


def test_the_json_holds_every_cut_card_and_a_verdict_per_bet(tmp_path, monkeypatch):
    deal_batches_here(monkeypatch)
    result = CliRunner().invoke(main, ["depth", str(LIVE), "--decks", "2", "--shoes", "6",
                                       "--bet", "Player", "--cuts", "6,30", "--fmt", "json",
                                       "--state", str(tmp_path), "--quiet"])
    assert result.exit_code == 0, result.output
    bet = json.loads(result.stdout)["bets"][0]
    assert [a["cut"] for a in bet["at_cut_cards"]] == [6, 30]
    assert bet["at_cut_cards"][0]["perfect_player"]["player"] == "perfect player"
    assert bet["verdict"].startswith("Player: ")


def test_the_math_report_ends_each_vulnerability_with_every_cut_card(tmp_path, monkeypatch):
    deal_batches_here(monkeypatch)
    out = tmp_path / "live.md"
    result = CliRunner().invoke(main, ["math-report", str(LIVE), "-o", str(out), "--decks", "2",
                                       "--depth", "4", "--depth-bet", "Player",
                                       "--cuts", "6,30", "--state", str(tmp_path / "state")])
    assert result.exit_code == 0, result.output
    text = out.read_text()
    assert "| Cut card | Rounds | Player | Units a shoe (95%) | A 100 rounds | Bets on |" in text
    assert "Every cut card: Player: " in text


@pytest.mark.parametrize("args, message", [
    (["--cuts", "14,52"], "--cuts: shapes the shoe-depth run: give --depth SHOES too"),
    (["--depth", "2", "--cuts", "14,52", "--cut", "20"], "--cut and --cuts"),
])
def test_bad_cut_cards_in_the_math_report(args, message, tmp_path):
    result = CliRunner().invoke(main, ["math-report", str(LIVE), "-o", str(tmp_path / "r.md"),
                                       *args])
    assert result.exit_code == 2, result.output
    assert message in result.output and not (tmp_path / "r.md").exists()


@pytest.fixture
def depth_command(tmp_path, monkeypatch):
    """The depth command on 2 decks, its batches dealt in this process."""
    deal_batches_here(monkeypatch)
    return lambda *args: CliRunner().invoke(main, [
        "depth", str(LIVE), "--decks", "2", "--shoes", "6", "--state", str(tmp_path), "--quiet",
        "--workers", "1", *args])


def test_one_cut_card_is_summed_up_there_too(depth_command):
    # --cuts 20 alone: the shoes dealt to it, and its table and verdict (not a plain run)
    result = depth_command("--bet", "Player", "--cuts", "20", "--fmt", "json")
    bet = json.loads(result.stdout)["bets"][0]
    assert [a["cut"] for a in bet["at_cut_cards"]] == [20] and "verdict" in bet
    assert json.loads(result.stdout)["deal"]["cut"] == 20


def test_a_side_bet_beside_the_main_bet_has_its_cut_cards_and_the_main_bet_none(depth_command):
    # the main bet the table demands has no perfect player of its own (planted: a crash)
    result = depth_command("--bet", "Banker Natural", "--cuts", "6,20", "--with-main",
                           "banker", "--fmt", "json")
    assert result.exit_code == 0, result.output
    bets = json.loads(result.stdout)["bets"]
    assert [("at_cut_cards" in b, "verdict" in b) for b in bets] == [(True, True), (False, False)]


def test_the_csv_adds_each_cut_card_s_rows_and_the_text_fits_100_columns(depth_command):
    result = depth_command("--bet", "Player", "--bet", "Super Lucky Seven", "--cuts", "6,20",
                           "--fmt", "csv")
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    at = [(r["bet"], r["player"], r["cut_card"]) for r in rows if r["cut_card"]]
    assert ("Player", "perfect player", "20") in at and all(r["verdict"] for r in rows
                                                             if r["cut_card"])
    assert {r["cut_card"] for r in rows} == {"", "6", "20"}
    text = depth_command("--bet", "Player", "--bet", "Super Lucky Seven", "--cuts", "6,20")
    section = text.stdout[text.stdout.index("at each cut card"):]
    assert max(len(line) for line in section.splitlines()) <= 100


def test_a_tiny_win_shows_two_significant_digits_in_the_verdict():
    bet = _bet([(14, (0.0000006, 0.0000100), (-0.00001, 0.00002), 1.0)])
    assert "it wins 0.0000053 units a shoe (95%: 0.0000006 to 0.0000100; a unit every " \
           "190,000 shoes)" in verdict(bet)
