"""The ``bacc-edge`` commands: each parses its options, calls one library function and
prints what it returns (the small helpers below a command refuse option combinations
and print; none computes). What several commands share (the command group, the option
types, the options taken alike) is :mod:`bacc_edge.cli_options`.

Every error the library raises about its input (a :class:`BaccEdgeError`) is caught
once, in :class:`~bacc_edge.cli_options.CommandGroup`, and printed as one line with exit
code 1.

The modules only one command uses (the math report, index sheets, chemin de fer, the
known card, shoe shopping, the pays solver, the side-by-side decks) are imported inside
that command, so that a start-up loads only what its command runs.
"""

from __future__ import annotations

import contextlib
import gc
import sys
from pathlib import Path

import click

from .analysis.bankroll import Bankroll
from .analysis.bet_report import check_all, report_all
from .analysis.card_counting import Count, DeckRounding, DepthBy, Divisor, TriggerOn
from .analysis.chemin_de_fer import Information
from .analysis.commission import banker_commission_edges
from .analysis.deck_comparison import DeckList, check_deck_list_options, compare_decks_of
from .analysis.removal_effects import effects_and_counts
from .analysis.table_rules import WithMainBet
from .cli_options import (Amount, CommandGroup, CutCards, DeckCounts, OffOrFrom, PaytableFile,
                          PercentAmount, ProbabilityPair, ShareText, TagsValue, TriggerValue,
                          WholeNumber,
                          advantage_options, bet_option, cards_named, check_option, choice_of,
                          deal_options, dealt_to, digits_option, exact_option, fmt_option, given,
                          given_values,
                          level_option, one_deck_count, plot_option, print_version, say,
                          seed_option, shoe_options, suited_shoe_options, text_only,
                          workers_option)
from .depth.options import DepthOptions
from .engine.jit import on_first_compile
from .depth.run import depth_study
from .depth.shoes import DealRules
from .errors import OptionError
from .game.dealing import EndRule
from .game.shoe import Shoe, shoe_from_options
from .language.loader import load_paytable, load_paytables
from .language.pays import option_number
from .language.shipped import SHIPPED
from .output import progress_bar, render
from .output.plot import plot_depth, plot_effects
from .util.safe_write import OverwriteError, check_output


@click.group(cls=CommandGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--version", is_flag=True, expose_value=False, is_eager=True,
              callback=print_version, help="Print bacc-edge's version and exit.")
def main():
    """Exact house edges for baccarat and its side bets.

    \b
    bacc-edge shipped:three_card_win                  the rule-sheet table of every bet
    bacc-edge report --help                           every option of that table
    bacc-edge shipped                                 the paytables shipped, and their sources
    bacc-edge copy-shipped three_card_win my_bet.py   one copied out, to edit
    bacc-edge eor shipped:live_dealer                 effects of removal and a count
    bacc-edge commission --stake 13 --chip 1          banker edge with rounded commission
    bacc-edge depth shipped:live_dealer               side bets as the shoe runs down
    bacc-edge index shipped:big_tiger -o i.html       a count's index sheet by depth
    bacc-edge solve my_bet.py --edge 5% --scale       the pays that keep a 5% edge
    bacc-edge math-report my_bet.py -o report.html    the report a test lab can read
    bacc-edge track shipped:live_dealer               live page: every bet's value, card by card
    bacc-edge known-card shipped:punto_banco          what one known card is worth
    bacc-edge shoe-shopping shipped:punto_banco       a shoe's worth by its first card
    bacc-edge results my_tables my_results            a report of each paytable in a folder

    \b
    A paytable is a file of Python (my_bet.py), or one of those shipped with bacc-edge,
    named shipped:NAME wherever a command takes a paytable (bacc-edge shipped lists them);
    the games of decide, meter, multipliers and streak are shipped:KIND/NAME
    (bacc-edge streak shipped:streaks/banker_streak).
    """


#: What a command says on stderr when it compiles a kernel the cache does not hold.
COMPILING = ("compiling the kernels this count needs, each once for this version of "
             "bacc-edge: up to a minute or two")


def run() -> None:
    """The ``bacc-edge`` process: :func:`main`, then the objects it leaves frozen out of
    the garbage collector (:func:`gc.freeze`) as the process ends. Python's collections
    while it tears the modules down would otherwise walk every object numba made, a
    fifth of a second after every command (the memory goes back to the system with the
    process; exit handlers still run). Tests call :func:`main`, in a process that goes
    on. A cold kernel cache is told on stderr as numba starts filling it."""
    on_first_compile(lambda: say(COMPILING))
    try:
        main()
    finally:
        gc.freeze()


@main.command("report")
@click.argument("paytables", nargs=-1, required=True, type=PaytableFile())
@shoe_options
@bet_option
@fmt_option
@exact_option("Add exact combination counts and fractions.")
@digits_option(3, "Decimal places of the percentages.")
@check_option("Compare with the figures the sheets printed; exit 1 on a mismatch.")
def report_command(paytables, decks, counts, remove, infinite, bets, fmt, exact, digits,
                   do_check):
    """Print each bet's table: event, hit rate, pays, return, then the player net.

    \b
    Examples:
      bacc-edge shipped:three_card_win
      bacc-edge shipped:live_dealer --bet "Perfect Pair" --decks 6 --exact
      bacc-edge shipped:live_dealer --remove "5 5 K♠ 10h" --fmt github
      bacc-edge shipped:punto_banco --infinite
      bacc-edge shipped:live_dealer --decks 1,2,4,6,8,inf
      bacc-edge shipped:three_card_win shipped:super_tie --check
      bacc-edge my_bet.py --fmt json
    """
    text_only(fmt, "digits", *(("exact",) if fmt == "json" else ()), exact_in=("json",))
    if isinstance(decks, DeckList):  # several deck counts: options that cannot go with them
        try:
            check_deck_list_options(counts=counts, remove=remove, infinite=infinite,
                                    check=do_check, exact=exact)
        except OptionError as err:  # two options that contradict: a usage error
            raise click.UsageError(str(err)) from None
    loaded = load_paytables(paytables, bets)
    if isinstance(decks, DeckList):
        report_decks(loaded, decks, fmt, digits)
    elif do_check:
        report_checks(loaded, fmt)
    else:
        shoe, full = shoe_from_options(decks=decks, counts=counts, remove=remove,
                                       infinite=infinite)
        report_shoe(loaded, shoe, full, fmt, digits, exact)


def report_decks(loaded, decks: DeckList, fmt: str, digits: int) -> None:
    """The report on several deck counts: one table, side by side."""
    from .output.deck_comparison import decks_output
    with progress_bar.bar("bets") as on_progress:
        compared = compare_decks_of(loaded, decks, on_progress=on_progress)
    click.echo(decks_output(compared, fmt, digits=digits), nl=False)


def report_checks(loaded, fmt: str) -> None:
    """``report --check``: every printed figure recomputed; exit 1 on a mismatch."""
    ignored = given(click.get_current_context(), "decks", "counts", "remove", "infinite",
                    "exact", "digits")
    if ignored:
        raise click.UsageError(f"--check recomputes each figure on the shoe its sheet "
                               f"names, at its printed precision: {ignored[0]} does not "
                               f"apply")
    with progress_bar.bar("figures") as on_progress:
        checks = check_all(loaded, on_progress=on_progress)
    click.echo(render.checks_output(checks, fmt), nl=False)
    say(render.checks_verdict(checks, fmt))
    if not all(c.passed for c in checks):
        sys.exit(1)


def report_shoe(loaded, shoe, full, fmt: str, digits: int, exact: bool) -> None:
    """The report on one shoe: each bet's table, its warnings on stderr."""
    with progress_bar.bar("bets") as on_progress:
        results = report_all(loaded, shoe, full_shoe=full, on_progress=on_progress,
                             on_note=say)
    for r in results:
        for warning in r.warnings:
            say(f"warning: {warning}")
    click.echo(render.report_output(results, shoe, fmt, digits=digits, exact=exact), nl=False)


@main.command("eor")
@click.argument("paytables", nargs=-1, required=True, type=PaytableFile(),
                is_eager=True)  # read before --plot, which must not be one of them
@shoe_options
@bet_option
@fmt_option
@level_option("Largest count tag: tags run from -LEVEL to +LEVEL.")
@digits_option(4, "Decimal places of the effects (percent of stake).")
@exact_option("Add the effects as exact fractions.")
@plot_option("the effects as bar charts")
def eor_command(paytables, decks, counts, remove, infinite, bets, fmt, level, digits, exact,
                plot):
    """Effects of removal: how each bet's expected value moves when one card of each
    rank (and suit, for suited bets) leaves the shoe, and the count built from them.

    \b
    Examples:
      bacc-edge eor shipped:live_dealer --bet "Lucky Six"
      bacc-edge eor shipped:three_card_win --level 2 --plot eor.png
      bacc-edge eor my_bets.py --decks 6 --fmt json
    """
    text_only(fmt, "digits", "exact", exact_in=("json", "csv"))
    decks, infinite = one_deck_count(decks, infinite)
    loaded = load_paytables(paytables, bets)
    shoe, _ = shoe_from_options(decks=decks, counts=counts, remove=remove, infinite=infinite)
    with progress_bar.bar("removals") as on_progress:
        effects, linear_counts = effects_and_counts(loaded, shoe, level,
                                                    on_progress=on_progress)
    click.echo(render.eor_output(effects, linear_counts, shoe, fmt, digits=digits, exact=exact),
               nl=False)
    if plot:  # after the table: a picture that cannot be written never loses it
        plot_effects(effects, linear_counts, plot, paytables)
        say(f"wrote {plot}")


@main.command("commission")
@click.option("--stake", "stakes", multiple=True, required=True, type=Amount(),
              metavar="AMOUNT", help="A banker bet's size (repeatable), e.g. 13 or 12.5.")
@click.option("--chip", default="1", show_default=True, type=Amount(), metavar="AMOUNT",
              help="The table's lowest chip; commission is rounded up to a quarter of it.")
@click.option("--rate", default="5", show_default=True, type=PercentAmount(),
              metavar="PERCENT",
              help="The commission, percent of the win: 5 or 5%.")
@shoe_options
@fmt_option
def commission_command(stakes, chip, rate, decks, counts, remove, infinite, fmt):
    """The banker bet's real edge when its commission is rounded up to a quarter of the
    lowest chip (as an online casino's rules page prescribes).

    \b
    Examples:
      bacc-edge commission --stake 13 --chip 1
      bacc-edge commission --stake 10 --stake 13 --stake 19 --chip 1 --rate 5
    """
    decks, infinite = one_deck_count(decks, infinite)
    shoe, _ = shoe_from_options(decks=decks, counts=counts, remove=remove, infinite=infinite)
    edges = banker_commission_edges(stakes, chip, rate=rate / 100, shoe=shoe)
    click.echo(render.commission_output(edges, shoe, fmt), nl=False)


@main.command("depth")
@click.argument("paytable", type=PaytableFile(),
                is_eager=True)  # read before --plot, which must not be it
@bet_option
@click.option("--shoes", "-n", default=1000, show_default=True, type=WholeNumber(1),
              help="Shoes to deal.")
@deal_options
@seed_option("Seed of the shuffles (shoe i is shuffled from seed and i).")
@click.option("--cutoff", type=WholeNumber(1), metavar="ROUND",
              help="Close every bet after this round (default: each bet's max_round).")
@click.option("--count", "count_tags", metavar="TAGS", type=TagsValue(),
              help="Your count: tags per rank, e.g. '6=-3,7=+1,8=+1,9=+1' (10/J/Q/K=-1 "
                   "tags several); with --trigger.")
@click.option("--trigger", type=TriggerValue(),
              help="Bet one unit from this count (see --trigger-on), or from thresholds by "
                   "depth: 'cards: 0=8,104=6' (cards seen) or 'round: 1=8,30=6'.")
@click.option("--trigger-on", default="true", show_default=True,
              type=choice_of(TriggerOn),
              help="Compare the trigger with the true count (running count per deck left) "
                   "or the running count.")
@click.option("--initial", default=0, show_default=True, type=WholeNumber(),
              help="Running count at the start of a shoe (unbalanced counts).")
@click.option("--divisor", default="unseen", show_default=True,
              type=choice_of(Divisor),
              help="True count per deck of every card not seen (burned cards in), or of "
                   "the cards still in the shoe (burned cards out); given, it applies to "
                   "every count of the run.")
@click.option("--rounding", default="exact", show_default=True,
              type=choice_of(DeckRounding),
              help="Decks left for the true count: exact, nearest half deck, nearest deck, "
                   "or down or up to a half or whole deck; given, it applies to every count "
                   "of the run.")
@click.option("--exposed-card/--no-exposed-card", default=True, show_default=True,
              help="Whether the shown first card of the shoe enters the count; given, it "
                   "applies to every count of the run.")
@click.option("--eor-count/--no-eor-count", default=True, show_default=True,
              help="Also play each bet's own count, built from its effects of removal.")
@click.option("--count-only", is_flag=True,
              help="A count study: deal and count only (fast); no perfect player.")
@click.option("--screen", is_flag=True,
              help="Depth analysis: count a bet on the cards exactly only on the rounds a "
                   "proven bound cannot rule out (much faster; the perfect player's and "
                   "the counts' bets and values are the same; the edge by round only where "
                   "every round is counted).")
@click.option("--exact-bets/--outcome-bets", default=None,
              help="Count study: value each bet placed exactly on the cards left, or by "
                   "what the coup paid (default: outcome, the faster).")
@check_option("Compare the counts' published figures with this run's 95% intervals; "
              "exit 1 when one is outside and no finding explains it.")
@level_option("Largest tag of each bet's own count.")
@click.option("--batch", type=WholeNumber(1),
              help="Shoes per task (default 10; for a count study 20000, 5000 with "
                   "--exact-bets, fewer where a task would pass 5,000,000 rounds).")
@click.option("--cuts", metavar="CARDS,...", type=CutCards(), default=(),
              help="Every cut card from one run: the perfect player and each bet's own "
                   "count at each of these cut cards (cards behind it, e.g. "
                   "14,26,52,78,104; one to 12), from the same shoes, dealt to the nearest "
                   "(so not with --cut), and a verdict per bet.")
@click.option("--scheduler", metavar="tcp://HOST:PORT",
              help="Run on this Dask cluster instead of a local one.")
@workers_option("Local worker processes, started at once (default: this process while "
                "the run would take a few seconds, then all cores); threads for a count "
                "study by outcomes (default: all cores).")
@click.option("--state", type=click.Path(), metavar="DIR",
              help="Folder for finished batches (default: depth in your cache folder, "
                   "printed); each run "
                   "definition keeps its own subfolder.")
@fmt_option
@plot_option("the edge by round, cutoffs marked (not with --count-only)")
@click.option("--quiet", is_flag=True, help="No progress bar.")
@advantage_options
def depth_command(paytable, bets, shoes, decks, cut, end_rule, seed, cutoff, count_tags,
                  trigger, trigger_on, initial, divisor, rounding, exposed_card, eor_count,
                  count_only, screen, exact_bets, do_check, level, batch, cuts, scheduler,
                  workers, state, fmt, plot, quiet, strict, ramp, with_main, main_minimum,
                  side_at_most, bankroll, ruin, rounds_per_hour):
    """Deal real shoes, count them, and value the bets: does a bet favour the player as
    the shoe runs down, what could a perfect player or a counter win, and does the
    table's round cutoff stop them?

    \b
    A shoe: shuffled, the first card shown and that many more burned (10 for tens and
    court cards), the cut card CUT cards from the end, dealt to the --end rule. Counts:
    each bet's own (--no-eor-count to leave it out), the paytable's COUNTS, and yours
    (--count with --trigger). An interrupted run resumes: run the same command again.

    \b
    Examples:
      bacc-edge depth shipped:live_dealer --shoes 2000 --plot depth.png
      bacc-edge depth shipped:live_dealer --bet "Lucky Six" --cutoff 30
      bacc-edge depth shipped:live_dealer --cuts 14,26,52,78,104 --shoes 10000
      bacc-edge depth shipped:wizard_lucky6 --count-only --shoes 1000000 --check
      bacc-edge depth my.py --count "8=+2,9=+2,4=-1,5=-1,6=-1,7=-1" --trigger 4 --count-only
      bacc-edge depth shipped:live_dealer --scheduler tcp://10.0.0.5:8786
    """
    if exact_bets is not None and not count_only:
        raise click.UsageError(f"--{'exact' if exact_bets else 'outcome'}-bets says how a "
                               f"count study (--count-only) measures gains; without "
                               f"--count-only every round is valued exactly")
    if plot is not None and count_only:  # refused before any work, not dropped after it
        raise click.UsageError("--plot draws each bet's exact edge by round, which a count "
                               "study (--count-only) does not measure: drop --plot, or "
                               "--count-only for the run that values every round")
    if screen and count_only:
        raise click.UsageError("--screen screens the depth analysis's rounds for its "
                               "perfect player, which a count study (--count-only) has "
                               "not: drop --count-only, or --screen")
    yours = your_count(count_tags, trigger, initial, trigger_on)
    if yours is not None:
        yours.update(strict=strict, ramp=ramp)
    # the true-count convention, when given, is every count's: yours, the paytable's
    # COUNTS and each bet's own (the notes name each count's convention)
    convention = given_values(divisor=divisor, rounding=rounding, exposed_card=exposed_card)
    table = table_rule(with_main, main_minimum, side_at_most)
    if not 0 < ruin < 100:
        raise OptionError(f"--risk-of-ruin {float(ruin):g}: must be a percentage above 0 and "
                          f"below 100")
    cut = dealt_to(cut, cuts, bool(given(click.get_current_context(), "cut")))
    if cuts and count_only:
        raise click.UsageError("--cuts sums the perfect player and each bet's own count up "
                               "at every cut card, which values every round: drop "
                               "--count-only, or --cuts for the count study")
    options = DepthOptions(bet_names=list(bets) or None, deal=DealRules(decks, cut, end_rule),
                           seed=seed, level=level, cutoff=cutoff, eor_count=eor_count,
                           count_only=count_only, exact_bets=exact_bets, screen=screen,
                           with_main=table, cuts=cuts, **convention)
    with resumable_bar("shoes", quiet=quiet) as on_progress:
        spec, summary = depth_study(
            paytable, options, shoes=shoes, your_count=yours, check=do_check,
            batch=batch, state=state, scheduler=scheduler, workers=workers,
            on_progress=on_progress,
            on_warning=lambda line: say(f"warning: {line}"), on_slow=say, on_note=say,
            bankroll=Bankroll(float(bankroll), float(ruin) / 100, float(rounds_per_hour)))
    print_depth(spec, shoes, summary, fmt, plot=plot, paytable=paytable, check=do_check)


def your_count(count_tags, trigger, initial, trigger_on) -> dict | None:
    """--count, --trigger, --initial and --trigger-on: the keywords of
    :meth:`~bacc_edge.analysis.card_counting.Count.yours`, None without --count. An option of your count
    given without the others is a usage error."""
    if (count_tags is None) != (trigger is None):
        raise click.UsageError("--count and --trigger go together: the tags, and the count "
                               "from which to bet")
    alone = given(click.get_current_context(), "initial", "trigger_on", "strict", "ramp")
    if count_tags is None and alone:
        raise click.UsageError(f"{alone[0]} belongs to your count: give it with --count and "
                               f"--trigger (a paytable's Count sets its own)")
    if count_tags is None:
        return None
    return dict(tags=count_tags, trigger=trigger, initial=initial, trigger_on=trigger_on)


def table_rule(with_main, minimum, side_share) -> WithMainBet | None:
    """--with-main, --main-minimum and --side-at-most: the table's rule, None without
    --with-main (an option of the rule given without it is a usage error)."""
    alone = given(click.get_current_context(), "main_minimum", "side_at_most")
    if with_main is None:
        if alone:
            raise click.UsageError(f"{alone[0]} belongs to --with-main: give the main bet "
                                   f"the table demands")
        return None
    return WithMainBet(with_main, 1 if minimum is None else minimum, side_share)


@contextlib.contextmanager
def resumable_bar(label: str, *, quiet: bool = False):
    """:func:`progress_bar.bar` for a run that keeps its finished batches: Ctrl-C ends it
    with one line saying how to resume, not a traceback."""
    try:
        with progress_bar.bar(label, quiet=quiet) as on_progress:
            yield on_progress
    except KeyboardInterrupt:
        raise click.ClickException("interrupted: the finished batches are kept; run the same "
                                   "command again to resume") from None


def print_depth(spec, shoes: int, summary, fmt: str, *, plot, paytable, check: bool) -> None:
    """The depth run's table on stdout, its notes on stderr, the picture (a run valuing
    every round: the command refuses --plot with --count-only), then with --check how
    many published figures hold: exit 1 when one fails."""
    click.echo(render.depth_output(spec, shoes, summary, fmt), nl=False)
    for line in render.depth_notes(spec, summary):
        say(line)
    if plot:  # after the table, which a bad picture never loses
        plot_depth(summary.bets, render.depth_title(spec, shoes), plot, [paytable])
        say(f"wrote {plot}")
    if check:
        bad = summary.failed_checks
        say(f"{len(summary.checks) - len(bad)} of {len(summary.checks)} published figures "
            f"within this run's 95% intervals or explained by a finding")
        if bad:
            sys.exit(1)


@main.command("results")
@click.argument("paytables_dir", default="paytables", type=click.Path(file_okay=False))
@click.argument("results_dir", default="results", type=click.Path(file_okay=False))
@click.option("--date", metavar="YYYY-MM-DD",
              help="Date of the math reports (default: SOURCE_DATE_EPOCH, else today).")
def results_command(paytables_dir, results_dir, date):
    """Write one markdown report per paytable in PAYTABLES_DIR (8 decks, exact counts)
    and an index of every printed figure into RESULTS_DIR. By default, as in a clone of
    bacc-edge: paytables/ into results/.

    \b
    Examples:
      bacc-edge results
      bacc-edge results my_tables my_results
    """
    if not Path(paytables_dir).is_dir():
        if given(click.get_current_context(), "paytables_dir"):
            raise click.UsageError(f"the folder {paytables_dir!r} does not exist")
        raise click.UsageError(f"no folder {paytables_dir!r} here, where a clone of bacc-edge "
                               f"keeps its paytables: name a folder of paytables (bacc-edge "
                               f"copy-shipped NAME FOLDER copies a shipped one into it)")
    if not any(Path(paytables_dir).glob("*.py")):
        raise click.UsageError(f"{paytables_dir}: holds no paytable (no *.py file)")
    try:
        from .output.results_folder import write_results
        with progress_bar.bar("paytables") as on_progress:
            written = write_results(Path(paytables_dir), Path(results_dir), date=date,
                                    on_progress=on_progress)
    except OSError as err:  # the folder named, or a file in it, cannot be written
        raise click.ClickException(f"{err.filename or results_dir}: cannot write the "
                                   f"results ({err.strerror})") from None
    for path in written:
        click.echo(f"wrote {path}")


@main.command("shipped")
@fmt_option
def shipped_command(fmt):
    """List the paytables and games shipped with bacc-edge: each one's name as a command
    takes it (shipped:NAME, or shipped:KIND/NAME for the games of the commands decide,
    meter, multipliers and streak), its game, how many bets it defines, the command that
    runs it, and where the figures it checks were published (from the register of
    sources shipped beside them).

    \b
    Examples:
      bacc-edge shipped
      bacc-edge shipped --fmt json
    """
    from .analysis.shipped_list import list_shipped
    from .output.shipped_list import shipped_output
    click.echo(shipped_output(list_shipped(), fmt), nl=False)
    say(f"Name one to the command its row names: bacc-edge {SHIPPED}three_card_win,\n"
        f"bacc-edge streak {SHIPPED}streaks/banker_streak;\ncopy one out to edit with "
        f"bacc-edge copy-shipped NAME.")


@main.command("copy-shipped")
@click.argument("name")
@click.argument("dest", default=".", type=click.Path())
def copy_shipped_command(name, dest):
    """Copy the shipped paytable or game NAME (as bacc-edge shipped lists it, with or
    without shipped:) out, to edit: to DEST, a .py file or a folder (default: this one), with
    the register of sources (SOURCES.md) beside it where the folder holds none. A file
    already there is never replaced: the copy is refused.

    \b
    Examples:
      bacc-edge copy-shipped three_card_win
      bacc-edge copy-shipped shipped:big_tiger my_tiger.py
      bacc-edge copy-shipped streaks/banker_streak my_streaks.py
    """
    from .language.shipped import copy_shipped
    for path in copy_shipped(name, dest):
        say(f"wrote {path}")


@main.command("solve")
@click.argument("paytable", type=PaytableFile())
@click.option("--edge", "-e", "target", required=True, metavar="PERCENT",
              help="The house edge to keep, e.g. 5%.")
@click.option("--solve", "-s", "marks", multiple=True, metavar="BET:EVENT",
              help="This event's pay is unknown (repeatable; the paytable's Solve('x') "
                   "markers count too).")
@click.option("--keep-ratios", is_flag=True,
              help="Several --solve events of one bet: one factor times their present pays.")
@click.option("--scale", is_flag=True,
              help="Multiply every winning pay of each bet (or of --bet) by one factor.")
@click.option("--given", "given", multiple=True, metavar="NAME=PAY",
              help="Fix one of the paytable's unknowns, e.g. y=5 (repeatable).")
@click.option("--decks", "-d", default="8", show_default=True, metavar="DECKS",
              help="The edge must hold on every one: 8, 6-8, 1,2,4,6,8, inf.")
@click.option("--max-pay", metavar="PAY", help="No unknown pay above this, e.g. 500 or '500 to 1'.")
@bet_option
@fmt_option
@digits_option(3, "Decimal places of the percentages.")
def solve_command(paytable, target, marks, keep_ratios, scale, given, decks, max_pay, bets,
                  fmt, digits):
    """Solve the pays of a bet for a target house edge: the exact pay (a fraction: the
    edge is linear in each pay), then the nearby pays a table would print, with the
    edge each gives; ◀ marks the one closest to the target at or above it.

    \b
    Examples:
      bacc-edge solve shipped:live_dealer --edge 5% \\
          --solve "3 Cards Lucky Six:banker wins with 6, 3 cards" --decks 6-8
      bacc-edge solve shipped:live_dealer --edge 5% --scale --bet "Player Bonus"
      bacc-edge solve my_bet.py --edge 4% --decks 8,inf --max-pay 500
    """
    text_only(fmt, "digits")
    ctx = click.get_current_context()  # a deck list read as the report reads it: 8,8 refused
    DeckCounts().convert(decks, next(p for p in ctx.command.params if p.name == "decks"), ctx)
    if keep_ratios and not marks:
        raise click.UsageError("--keep-ratios keeps the ratio of several --solve events of "
                               "one bet; without --solve it does nothing (--scale keeps "
                               "every pay's ratio already)")
    if scale and marks:
        raise click.UsageError("--scale makes every winning pay of a bet unknown and --solve "
                               "names the unknown pays: give one (--solve with --keep-ratios "
                               "scales the events it names)")
    loaded = load_paytable(paytable)
    from .analysis.solve import parse_given, solve
    from .output.solve import solutions_output
    with progress_bar.bar("bets") as on_progress:
        solutions = solve(loaded, target, decks=decks, bets=bets, mark=marks,
                          keep_ratios=keep_ratios, scale=scale, max_pay=max_pay,
                          given=parse_given(given), on_progress=on_progress)
    click.echo(solutions_output(solutions, fmt, digits=digits), nl=False)


@main.command("math-report")
@click.argument("paytable", type=PaytableFile())
@click.option("--output", "-o", required=True, type=click.Path(dir_okay=False),
              metavar="FILE.html|FILE.md", help="Where to write the report (HTML or Markdown).")
@click.option("--decks", "-d", default=8, show_default=True, type=WholeNumber(1),
              help="Decks of the rule-sheet tables (every count 1-8 and ∞ is shown as well); "
                   "a file of decisions: solved on this count alone (default 1, 6 and 8).")
@click.option("--depth", type=WholeNumber(1), metavar="SHOES",
              help="Also deal this many shoes for the shoe-depth verdict (bacc-edge depth).")
@seed_option("Seed of the depth shoes.")
@level_option("Largest tag of each bet's count.")
@workers_option("Local worker processes for --depth.")
@click.option("--cut", type=WholeNumber(0), metavar="CARDS",
              help="Cards behind the cut card (default 14), in the rules and for --depth.")
@click.option("--end", "end_rule", default="at-cut", show_default=True,
              type=choice_of(EndRule),
              help="End of the shoe, in the rules and for --depth (see bacc-edge depth).")
@click.option("--date", metavar="YYYY-MM-DD",
              help="The report's date (default: SOURCE_DATE_EPOCH, else today).")
@click.option("--depth-bet", "depth_bets", multiple=True, metavar="NAME",
              help="Only this bet in the --depth run (repeatable; default: every bet).")
@click.option("--state", type=click.Path(file_okay=False), metavar="DIR",
              help="Folder for the --depth run's finished batches (default: "
                   "depth in your cache folder), as bacc-edge depth keeps them.")
@click.option("--cuts", metavar="CARDS,...", type=CutCards(), default=(),
              help="Every cut card from the --depth run (as bacc-edge depth --cuts): each "
                   "bet's vulnerability ends with them and a verdict; not with --cut.")
def math_report_command(paytable, output, decks, depth, seed, level, workers, cut, end_rule,
                        date, depth_bets, state, cuts):
    """Write the math report of a paytable a test lab can read: the rules as applied,
    every bet's table, edge on 1-8 decks and the infinite deck, published figures,
    effects of removal (a chart) and counts, the regulator's flags, and how it was
    computed. One self-contained file: HTML (charts inline, no network) or Markdown.
    Of a file of decisions (DECISIONS): each game's returns under optimal and simple
    play on 1, 6 and 8 decks, its strategy tables, the costliest errors and the
    house's exposure to a perfect decision maker. Of a multiplier game (MULTIPLIER_BETS):
    the overlay's law and its source, each bet's fee, cap, returns, SD, largest win and
    its odds, and the GLI-11 check, on one shoe (--decks, default 8). Of a file of run
    bets or progressives (STREAKS, METERS): each run bet's value under every model, how
    exact, and each line's chance; each progressive's figures by meter and its lines'
    chances.

    \b
    Examples:
      bacc-edge math-report shipped:three_card_win -o three_card_win.html
      bacc-edge math-report shipped:multipliers/lightning_baccarat -o lightning.html
      bacc-edge math-report my_bet.py -o my_bet.md
      bacc-edge math-report shipped:decisions/peek_baccarat -o peek.html
      bacc-edge math-report shipped:streaks/banker_streak -o streak.html
      bacc-edge math-report shipped:live_dealer -o live.html --depth 2000
      bacc-edge math-report shipped:live_dealer -o live.html --depth 2000 --cuts 14,52,104

    \b
    A --depth run keeps its finished batches in your cache folder (--state DIR names
    another folder): the same run again resumes from them.
    """
    from .language.decisions import defines_decisions
    if defines_decisions(paytable):  # a file of decisions: its games solved, 1, 6, 8 decks
        _decision_math_report(paytable, output, decks, date, depth_bets)
        return
    from .language.several_coups import defines_several
    if defines_several(paytable):  # run bets or progressives: their values and figures
        _several_math_report(paytable, output, decks, cut, seed, date, depth_bets)
        return
    depth_only = [*(["--depth-bet"] if depth_bets else []),
                  *given(click.get_current_context(), "seed", "workers", "state", "cuts")]
    cut = dealt_to(cut, cuts, cut is not None)
    if depth is None and depth_only:  # options of a run not asked for: a contradiction
        raise click.UsageError(f"{', '.join(depth_only)}: "
                               f"{'shapes' if len(depth_only) == 1 else 'shape'} the "
                               f"shoe-depth run: give --depth SHOES too")
    twice = next((b for i, b in enumerate(depth_bets) if b in depth_bets[:i]), None)
    if twice is not None:
        raise click.UsageError(f"--depth-bet {twice!r} is given twice: name each bet once")
    loaded = load_paytable(paytable)
    if "MULTIPLIER_BETS" in loaded.defined:  # a multiplier game: its bets on one shoe
        _multiplier_math_report(loaded, paytable, output, decks, date)
        return
    from .output.math_report import write_math_report
    # a depth run keeps its finished batches: Ctrl-C says how to resume
    with (resumable_bar if depth else progress_bar.bar)("report") as on_progress:
        path = write_math_report(loaded, output, decks=decks, depth=depth, seed=seed,
                                 level=level, workers=workers, cut=cut, end=end_rule,
                                 cuts=cuts, date=date,
                                 depth_bets=list(depth_bets) or None,
                                 state=state, on_note=say, on_progress=on_progress)
    click.echo(f"wrote {path}", err=True)


def _decision_math_report(path, output, decks, date, depth_bets) -> None:
    """math-report of a file of decisions: only --decks (one count; default 1, 6 and 8)
    and --date shape it; a paytable's options are refused by name."""
    ctx = click.get_current_context()
    other = [*(["--depth-bet"] if depth_bets else []),
             *(o.replace("--end-rule", "--end") for o in given(
                 ctx, "depth", "seed", "level", "workers", "cut", "end_rule", "state", "cuts"))]
    if other:
        raise click.UsageError(f"{', '.join(other)}: a paytable's math report only; a file of "
                               f"decisions takes --decks and --date")
    from .output.decision_math_report import write_decision_math_report
    written = write_decision_math_report(path, output, date=date,
                                         **({"decks": decks} if given(ctx, "decks") else {}))
    click.echo(f"wrote {written}", err=True)


def _multiplier_math_report(loaded, path, output, decks, date) -> None:
    """math-report of a multiplier game: only --decks (the shoe's; default 8) and --date
    shape it; a plain paytable's other options are refused by name."""
    ctx = click.get_current_context()
    other = [o.replace("--end-rule", "--end") for o in given(
        ctx, "depth", "seed", "level", "workers", "cut", "end_rule", "state", "cuts")]
    if other:
        raise click.UsageError(f"{', '.join(other)}: a paytable's math report only; a "
                               f"multiplier game's takes --decks and --date")
    from .output.multiplier_math_report import write_multiplier_math_report
    written = write_multiplier_math_report(loaded, output, date=date, command_path=path,
                                           **({"decks": decks} if given(ctx, "decks") else {}))
    click.echo(f"wrote {written}", err=True)


def _several_math_report(path, output, decks, cut, seed, date, depth_bets) -> None:
    """math-report of a file of run bets or progressives: --decks, --cut, --seed and
    --date shape it; a paytable's other options are refused by name."""
    ctx = click.get_current_context()
    other = [*(["--depth-bet"] if depth_bets else []),
             *(o.replace("--end-rule", "--end") for o in given(
                 ctx, "depth", "level", "workers", "end_rule", "state", "cuts"))]
    if other:
        raise click.UsageError(f"{', '.join(other)}: a paytable's math report only; a file of "
                               f"run bets or progressives takes --decks, --cut, --seed and "
                               f"--date")
    from .output.several_coups_math_report import write_several_math_report
    with progress_bar.bar("paths") as on_progress:
        written = write_several_math_report(path, output, decks=decks,
                                            cut=14 if cut is None else cut, seed=seed,
                                            date=date, on_progress=on_progress)
    click.echo(f"wrote {written}", err=True)


@main.command("track")
@click.argument("paytable", type=PaytableFile())
@deal_options
@click.option("--port", default=8765, show_default=True, type=WholeNumber(0, 65535),
              help="Port of the page (0: any free one).")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on; any but a loopback one needs the access token "
                   "printed at start.")
@click.option("--token-file", type=click.Path(dir_okay=False), default=None, metavar="FILE",
              help="Keep the access token in FILE (made, readable by you alone, where "
                   "missing), so that the page's address stays the same at every start.")
@click.option("--session", type=click.Path(dir_okay=False),
              help="File the shoe is saved to after every card, and resumed from "
                   "(default: one per paytable in your data folder, printed at start).")
@click.option("--no-browser", is_flag=True, help="Do not open the page in a browser.")
def track_command(paytable, decks, cut, end_rule, port, host, token_file, session,
                  no_browser):
    """Serve a live page of the shoe: enter the cards as they come out (keyboard or
    buttons) and see every bet's exact value on the cards not seen, the counts, and what
    the perfect player and each count would have won. A JSON API beside it takes cards
    from a card reader or a script. Prints the page's address; Ctrl-C stops it.

    \b
    Examples:
      bacc-edge track shipped:live_dealer
      bacc-edge track shipped:big_tiger --decks 8 --end one-more --session bt.json
      bacc-edge track shipped:lucky_8 --port 0 --no-browser
      bacc-edge track shipped:live_dealer --host 0.0.0.0 --token-file ~/.bacc-edge-token
    """
    from .live.server import track_server  # the web framework, imported only here
    chosen = given(click.get_current_context(), "decks", "cut", "end_rule")
    track_server(paytable, rules=DealRules(decks, cut, end_rule), session=session,
                 rules_given=bool(chosen), host=host, port=port, token_file=token_file,
                 open_browser=not no_browser,
                 on_address=lambda url: click.echo(url), on_note=say,
                 starting=lambda: progress_bar.bar("counting the bets on the full shoe"))


@main.command("chemin-de-fer")
@click.option("--decks", "-d", default=8, show_default=True, type=WholeNumber(1),
              help="Decks in the shoe, dealt without replacement.")
@click.option("--infinite", is_flag=True,
              help="An infinite deck: cards dealt with replacement (Kemeny and Snell's model).")
@click.option("--information", "-i", default="total", show_default=True,
              type=choice_of(Information),
              help="What each side sees of his two cards: his total, the banker his cards, "
                   "or each his cards.")
@click.option("--commission", "-c", default="0%", show_default=True, metavar="PERCENT",
              help="Commission on banker wins, e.g. 5%: the game is then not zero-sum.")
@fmt_option
def chemin_de_fer_command(decks, infinite, information, commission, fmt):
    """Chemin de fer solved as a two-person game, exactly: the player chooses on 5, the
    banker at every cell (his total, or his two cards, against the player's third card
    or none). Prints the value of the game, both sides' optimal strategies (the banker's
    marked where they differ from the traditional table) and the certificate: each
    side's best response to the other's strategy, equal to the value exactly. With a
    commission, every equilibrium found and both sides' payoffs.

    \b
    Examples:
      bacc-edge chemin-de-fer --decks 6
      bacc-edge chemin-de-fer --infinite
      bacc-edge chemin-de-fer --decks 8 --information cards
      bacc-edge chemin-de-fer --decks 6 --information banker-cards --commission 5%
      bacc-edge chemin-de-fer --decks 8 --fmt json
    """
    chosen = given(click.get_current_context(), "decks", "infinite")
    if len(chosen) > 1:
        raise click.UsageError("--decks and --infinite each describe the whole shoe: give one")
    shoe = Shoe.infinite() if infinite else Shoe.decks(decks)
    from .analysis.chemin_de_fer import solve_chemin_de_fer
    from .output.chemin_de_fer import chemin_de_fer_output
    with progress_bar.bar("deals counted, game solved") as on_progress:
        solution = solve_chemin_de_fer(shoe, information=information, commission=commission,
                                       on_progress=on_progress)
    click.echo(chemin_de_fer_output(solution, fmt), nl=False)


@main.command("baccara-banque")
@click.option("--decks", "-d", default=8, show_default=True, type=WholeNumber(1),
              help="Decks in the shoe, dealt without replacement (up to 16).")
@click.option("--infinite", is_flag=True,
              help="An infinite deck: cards dealt with replacement.")
@click.option("--stake", "-s", default="1/2", show_default=True, metavar="SHARE", type=ShareText(),
              help="The left table's share of the money bet, e.g. 1/2, 3/5 or 60%.")
@click.option("--model", "-m", default="coalition", show_default=True,
              type=click.Choice(["coalition", "nash"]),
              help="The players as one coalition (a zero-sum game), or apart, each for his "
                   "own table (the Nash equilibria found).")
@click.option("--against", metavar="LEFT,RIGHT", type=ProbabilityPair(),
              help="Print instead the banker's best answer to the players drawing on 5 "
                   "with these probabilities, independently, e.g. 9/11,1.")
@fmt_option
def baccara_banque_command(decks, infinite, stake, model, against, fmt):
    """Baccara banque solved exactly: the banker against two tables, each player choosing
    on 5, the banker once for both (his total against what each table showed). The
    players play as one coalition: prints the value of the game, their joint play on 5,
    whether players who cannot signal each other can play it, the banker's optimal
    strategy (one grid per total) and the certificate: each side's best response to the
    other's strategy, equal to the value exactly.

    \b
    Examples:
      bacc-edge baccara-banque --decks 6
      bacc-edge baccara-banque --infinite --stake 3/5
      bacc-edge baccara-banque --decks 8 --against 9/11,9/11
      bacc-edge baccara-banque --infinite --model nash
      bacc-edge baccara-banque --decks 8 --fmt json
    """
    chosen = given(click.get_current_context(), "decks", "infinite")
    if len(chosen) > 1:
        raise click.UsageError("--decks and --infinite each describe the whole shoe: give one")
    if model == "nash" and against is not None:
        raise click.UsageError("--against gives the banker's answer to given players: "
                               "leave out --model nash")
    shoe = Shoe.infinite() if infinite else Shoe.decks(decks)
    from .analysis.baccara_banque import (banker_best_response, parse_against, parse_stake,
                                          solve_baccara_banque)
    from .analysis.baccara_banque_nash import nash_equilibria
    from .output.baccara_banque import baccara_banque_output
    stake = parse_stake(stake)
    players = None if against is None else parse_against(against)
    with progress_bar.bar("deals counted, game solved") as on_progress:
        solution = solve_baccara_banque(shoe, stake=stake, on_progress=on_progress)
        found = nash_equilibria(solution) if model == "nash" else None
    answer = None if players is None else banker_best_response(solution, *players)
    click.echo(baccara_banque_output(solution, fmt, answer, found), nl=False)


@main.command("known-card")
@click.argument("paytable", type=PaytableFile())
@shoe_options
@bet_option
@click.option("--position", "-p", "positions", multiple=True, type=WholeNumber(1, 6),
              metavar="N", help="A card of the next coup, 1-6 in the order it leaves the "
                                "shoe (repeatable; default all six).")
@click.option("--classes", metavar="'RANKS | RANKS'",
              help="Classes of ranks the player tells apart (edge sorting), e.g. "
                   "'6 7 8 9 | A 2 3 4 5 10 J Q K'; default every rank alone.")
@fmt_option
@digits_option(3, "Decimal places of the percentages.")
def known_card_command(paytable, decks, counts, remove, infinite, bets, positions, classes,
                       fmt, digits):
    """What one known card of the next coup is worth: per card position and rank (or
    class of ranks), every bet's exact expected value given that card, the best bet,
    and the average over the ranks of the best bet where it favours the player.

    \b
    Cards 1-4 go player, banker, player, banker; card 5 is the player's third card if
    the player draws, else the banker's if he draws, else not dealt; card 6 likewise.

    \b
    Examples:
      bacc-edge known-card shipped:punto_banco --bet Banker --bet Player
      bacc-edge known-card shipped:punto_banco --position 1 --classes '6 7 8 9 | A 2 3 4 5 10 J Q K'
      bacc-edge known-card shipped:live_dealer --position 5 --fmt json
    """
    text_only(fmt, "digits")
    decks, infinite = one_deck_count(decks, infinite)
    repeated = sorted({n for n in positions if positions.count(n) > 1})
    if repeated:
        raise click.UsageError(f"--position {repeated[0]} is given twice: name each "
                               f"position once")
    (loaded,) = load_paytables([paytable], bets)
    shoe, full = shoe_from_options(decks=decks, counts=counts, remove=remove, infinite=infinite)
    from .analysis.known_card import known_card
    from .output.known_card import known_card_output
    with progress_bar.bar("tables counted") as on_progress:
        result = known_card(loaded, shoe, positions=positions or range(1, 7), classes=classes,
                            full_shoe=full, on_progress=on_progress, on_note=say)
    for warning in result.warnings:
        say(f"warning: {warning}")
    click.echo(known_card_output(result, fmt, digits=digits), nl=False)


@main.command("shoe-shopping")
@click.argument("paytable", type=PaytableFile())
@bet_option
@click.option("--shoes", "-n", default=2000, show_default=True, type=WholeNumber(1),
              help="Shoes to deal.")
@deal_options
@seed_option("Seed of the shuffles (shoe i is shuffled from seed and i).")
@fmt_option
@digits_option(3, "Decimal places.")
def shoe_shopping_command(paytable, bets, shoes, decks, cut, end_rule, seed, fmt, digits):
    """What a shoe is worth by the card its dealer shows first (which decides the burn):
    per rank, its chance, the cards it burns, each bet's exact value on the first coup,
    and over the whole shoe what a flat bettor and the perfect player gain (dealt shoes,
    95% intervals).

    \b
    Examples:
      bacc-edge shoe-shopping shipped:punto_banco --bet Banker --shoes 500
      bacc-edge shoe-shopping shipped:live_dealer --bet "Lucky Six" --fmt json
    """
    text_only(fmt, "digits")
    deal = DealRules(decks=decks, cut=cut, end=end_rule)
    from .depth.shoe_shopping import shoe_shopping
    from .output.shoe_shopping import shopping_output
    with progress_bar.bar("shoes dealt, first coups counted") as on_progress:
        result = shoe_shopping(load_paytable(paytable), bets or None, deal=deal,
                               shoes=shoes, seed=seed, on_progress=on_progress)
    click.echo(shopping_output(result, fmt, digits=digits), nl=False)


@main.command("index")
@click.argument("paytable", type=PaytableFile(), is_eager=True)
@bet_option
@click.option("--count", "count_tags", metavar="TAGS", type=TagsValue(),
              help="Your count: tags per rank, e.g. '6=-3,7=+1,8=+1,9=+1' (default: the "
                   "paytable's COUNTS).")
@click.option("--initial", default=0, show_default=True, type=WholeNumber(),
              help="Your count's running count at the start of a shoe.")
@click.option("--divisor", type=choice_of(Divisor),
              help="True count per deck of every card not seen, or of the cards in the "
                   "shoe (default: each count's own).")
@click.option("--rounding", type=choice_of(DeckRounding),
              help="Decks left for the true count (default: each count's own).")
@click.option("--exposed-card/--no-exposed-card", default=None,
              help="Whether the shown first card enters the count (default: each count's "
                   "own).")
@click.option("--shoes", "-n", default=2000, show_default=True, type=WholeNumber(1),
              help="Shoes to deal (every round of each valued exactly).")
@deal_options
@seed_option("Seed of the shuffles (shoe i is shuffled from seed and i).")
@click.option("--by", default="cards", show_default=True,
              type=choice_of(DepthBy),
              help="Depth as cards seen, or as the round of the shoe.")
@click.option("--every", type=WholeNumber(1),
              help="Cards seen (or rounds) a row of the sheet spans (default 26 cards: half "
                   "a deck; 5 rounds).")
@fmt_option
@click.option("--output", "-o", type=click.Path(dir_okay=False), metavar="SHEET.html",
              help="Also write the sheet as a printable HTML page.")
@click.option("--quiet", is_flag=True, help="No progress bar.")
def index_command(paytable, bets, count_tags, initial, divisor, rounding, exposed_card,
                  shoes, decks, cut, end_rule, seed, by, every, fmt, output, quiet):
    """For each depth of the shoe, the running (and true) count from which each bet
    favours the player: an index sheet, from the exact values of dealt shoes (and the
    first-order estimate beside it).

    \b
    Examples:
      bacc-edge index shipped:big_tiger
      bacc-edge index shipped:big_tiger --shoes 5000 -o tiger.html
      bacc-edge index my.py --count "8=+2,9=+2,4=-1,5=-1,6=-1,7=-1" --fmt csv
      bacc-edge index shipped:wizard_lucky6 --by round --every 10
    """
    if count_tags is None and given(click.get_current_context(), "initial"):
        raise click.UsageError("--initial belongs to your count: give it with --count")
    if output is not None:
        if Path(output).suffix.lower() not in (".html", ".htm"):
            raise click.UsageError(f"--output {output}: the sheet is written as HTML: name "
                                   f"a .html file")
        try:
            check_output(output, inputs=[paytable])
        except OverwriteError as err:
            raise click.ClickException(str(err)) from None
    count = None if count_tags is None else Count("your count", count_tags, 0, initial=initial)
    from .depth.index import index_sheets
    from .output.index_sheet import index_notes, index_output, write_index_html
    with progress_bar.bar("shoes", quiet=quiet) as on_progress:
        sheets = index_sheets(paytable, count, list(bets) or None,
                              deal=DealRules(decks, cut, end_rule), seed=seed, shoes=shoes,
                              by=by, every=every, divisor=divisor, rounding=rounding,
                              exposed_card=exposed_card, on_progress=on_progress)
    click.echo(index_output(sheets, fmt), nl=False)
    for line in index_notes(sheets):
        say(line)
    if output is not None:
        write_index_html(sheets, output, inputs=[paytable])
        say(f"wrote {output}")


@main.command("decide")
@click.argument("path", required=False, type=PaytableFile())
@click.option("--game", "-g", metavar="NAME",
              help="A shipped decision file instead of PATH: lucky_draw, peek_baccarat, "
                   "tie_offered.")
@click.option("--decks", "-d", default="1,6,8", show_default=True, type=DeckCounts(finite=True),
              help="Decks in the shoe: one count or a list (1,6,8); each solved apart.")
@click.option("--remove", "-r", default="", metavar="CARDS", callback=cards_named,
              help="Cards already dealt from each shoe, e.g. '5 5 K 9'.")
@fmt_option
def decide_command(path, game, decks, remove, fmt):
    """Games where the bettor decides after seeing some cards (a file defining
    DECISIONS, or a shipped one: shipped:decisions/NAME, or --game NAME), solved
    exactly: each game's return under optimal play, under its printed strategy table, its
    rules of thumb and simple play (always one option), and the strategy table by what
    is shown.

    \b
    Examples:
      bacc-edge decide --game lucky_draw
      bacc-edge decide --game peek_baccarat --decks 8
      bacc-edge decide --game tie_offered --fmt json
      bacc-edge decide --game lucky_draw --decks 1 --remove '9 9 9 8 8'
      bacc-edge decide shipped:decisions/tie_offered --decks 6
      bacc-edge decide my_decisions.py --decks 6
    """
    if (path is None) == (game is None):
        raise click.UsageError("give a decision file (PATH) or a shipped one (--game NAME), "
                               "one of them")
    from .analysis.decision_report import decision_report
    from .language.decisions import shipped_decision_path
    from .output.decisions import decisions_output
    report = decision_report(path or shipped_decision_path(game), decks, remove=remove)
    click.echo(decisions_output(report, fmt), nl=False)


@main.command("streak")
@click.argument("paytable", type=PaytableFile())
@shoe_options
@bet_option
@click.option("--cut", default=14, show_default=True, type=WholeNumber(0),
              help="Cards behind the cut card: the end of the shoe ends a run.")
@click.option("--end", "end_rule", default="at-cut", show_default=True, type=choice_of(EndRule),
              help="End of the shoe: at-cut or one-more (as depth's --end).")
@click.option("--shoes", "-n", default=200, show_default=True, type=OffOrFrom(2),
              help="Whole shoes to simulate, each bet's run a sampled path (a full shoe "
                   "of whole decks only; 0: none).")
@seed_option("The seed of the simulated shoes and the sampled paths.")
@click.option("--states", default=300, show_default=True, type=WholeNumber(1),
              help="Shoe states to follow exactly before sampling paths (or, with "
                   "--paths 0, bounding the rest).")
@click.option("--paths", default=1000, show_default=True, type=OffOrFrom(2),
              help="Past --states, the dealt-in-turn value from this many sampled paths "
                   "(0: the proven bounds).")
@fmt_option
def streak_command(paytable, decks, counts, remove, infinite, bets, cut, end_rule, shoes, seed,
                   states, paths, fmt):
    """Value bets over several coups (a file's STREAKS, as Banker Streak's,
    shipped:streaks/banker_streak): the infinite deck and the shoe's one-coup
    chances as independent coups (exact), the coups dealt in turn from the shoe (exact,
    else sampled paths' 95% interval, or proven bounds with --paths 0), and whole shoes
    simulated (95% interval).

    \b
    Examples:
      bacc-edge streak shipped:streaks/banker_streak --bet "Banker Streak, pay table 2"
      bacc-edge streak shipped:streaks/banker_streak --counts 2,2,2,3,2,2,3,2,2,2,3,2,3
      bacc-edge streak shipped:streaks/banker_streak --shoes 2000 --fmt json
    """
    from .analysis.streaks import streak_values, whole_decks
    from .output.several_coups import interval_notes, streaks_output
    decks, infinite = one_deck_count(decks, infinite)
    shoe, _ = shoe_from_options(decks=decks, counts=counts, remove=remove, infinite=infinite)
    ctx = click.get_current_context()
    unused = given(ctx, "cut", "states", "paths") + (["--end"] if given(ctx, "end_rule") else [])
    if shoe.replacement and unused:
        raise click.UsageError(f"{', '.join(unused)}: the infinite deck has no cut card and "
                               f"its coups are independent (exact), so no paths or states")
    if shoes and whole_decks(shoe) is None and given(ctx, "shoes"):
        click.echo(f"note: --shoes {shoes}: whole shoes are simulated from a full shoe of "
                   f"whole decks only, so none from {shoe}", err=True)
    with progress_bar.bar("paths") as on_progress:
        values = streak_values(paytable, shoe, names=bets, cut=cut, end=end_rule, shoes=shoes,
                               seed=seed, most_shoes=states, paths=paths,
                               on_progress=on_progress)
    for note in interval_notes(values):
        click.echo(f"note: {note}", err=True)
    click.echo(streaks_output(values, str(shoe), fmt), nl=False)


@main.command("streak-depth")
@click.argument("paytable", type=PaytableFile())
@bet_option
@click.option("--shoes", "-n", default=1000, show_default=True, type=WholeNumber(2),
              help="Shoes to deal.")
@deal_options
@seed_option("Seed of the shuffles (shoe i is shuffled from seed and i).")
@click.option("--bins", default=5, show_default=True, type=WholeNumber(1),
              help="Bands of depth (equal shares of the shoe's cards).")
@fmt_option
def streak_depth_command(paytable, bets, shoes, decks, cut, end_rule, seed, bins, fmt):
    """A run bet as the shoe runs down (a file's STREAKS, as
    shipped:streaks/banker_streak): dealt shoes, at each chance to bet a counter's
    signal (the bet's value on the unseen cards' one-coup chances as independent coups)
    and its bet where positive; by depth, the realised win per shoe and per 100 rounds,
    how often it bets, and every chance's net per bet, each with its 95% interval.

    \b
    Examples:
      bacc-edge streak-depth shipped:streaks/banker_streak --bet "Banker Streak, pay table 1"
      bacc-edge streak-depth shipped:streaks/banker_streak --shoes 200 --bins 2 --fmt json
    """
    from .analysis.streak_depth import streak_depths
    from .output.streak_depth import streak_depth_output
    deal = DealRules(decks=decks, cut=cut, end=end_rule)
    with progress_bar.bar("shoes") as on_progress:
        studies = streak_depths(paytable, deal, names=bets, shoes=shoes, seed=seed, bins=bins,
                                on_progress=on_progress)
    click.echo(streak_depth_output(studies, fmt), nl=False)


@main.command("meter")
@click.argument("paytable", type=PaytableFile())
@shoe_options
@bet_option
@click.option("--meter", "meters", multiple=True, type=Amount(), metavar="STAKES",
              help="A meter to show the return at, in stakes (repeatable).")
@click.option("--meter-seed", type=Amount(), metavar="STAKES",
              help="The operator's seed, in place of the file's.")
@click.option("--rate", type=ShareText(), metavar="SHARE",
              help="The share of each stake the meter takes, as a file writes it: "
                   "20% or 0.2 (a bare number is a share of one).")
@click.option("--tables", type=WholeNumber(1), help="Tables linked to the meter.")
@click.option("--bets", "stakes", type=WholeNumber(1),
              help="Stakes on the bet per coup at each table: the rate of play, and the "
                   "bettors a hit of that coup is split among [default: the file's sharing].")
@fmt_option
def meter_command(paytable, decks, counts, remove, infinite, bets, meters, meter_seed, rate,
                  tables, stakes, fmt):
    """A progressive's figures (a file's METERS, as Dragon Dragon's,
    shipped:meters/dragon_dragon): the return by meter, the break-even meter, the
    return at the seed, the meter when hit and the return over a cycle.

    \b
    Examples:
      bacc-edge meter shipped:meters/dragon_dragon --meter 50000 --meter 100000
      bacc-edge meter shipped:meters/dragon_dragon --meter-seed 5000 --rate 15% --tables 4
    """
    from .analysis.meters import meter_values
    from .output.several_coups import meter_notes, meters_output
    from .util.number_text import decimal
    twice = next((m for i, m in enumerate(meters) if m in meters[:i]), None)
    if twice is not None:
        raise click.UsageError(f"--meter {decimal(twice)} is given twice: each meter is "
                               f"one row")
    decks, infinite = one_deck_count(decks, infinite)
    shoe, _ = shoe_from_options(decks=decks, counts=counts, remove=remove, infinite=infinite)
    values = meter_values(paytable, shoe, names=bets, bets=stakes, seed=meter_seed,
                          rate=rate, tables=tables)
    for note in meter_notes(values):
        click.echo(f"note: {note}", err=True)
    click.echo(meters_output(values, meters, fmt), nl=False)


@main.command("multipliers")
@click.argument("paytable", type=PaytableFile())
@suited_shoe_options
@fmt_option
@digits_option(3, "Decimal places of the percentages.")
@check_option("Compare with the returns published for each bet; exit 1 on a mismatch "
              "that no finding explains.")
@click.option("--rtp", "target", default=None, metavar="RTP",
              help="Solve each bet for this return on stake and fee (96% or 0.96): the fee "
                   "at its pays, and its base pay at its fee.")
@click.option("--eor", "removal", is_flag=True,
              help="Effects of removal of each bet and the count built from them, as "
                   "bacc-edge eor gives them for plain bets (the fee a loss of the stake's).")
@level_option("With --eor or --count, the largest count tag: tags run from -LEVEL to "
              "+LEVEL.")
@click.option("--depth", "depth_shoes", type=WholeNumber(1, 10_000), metavar="SHOES",
              help="Deal SHOES shoes of --decks decks as bacc-edge depth does and value "
                   "every round exactly: the perfect player on each bet.")
@seed_option("With --depth, the seed of the shoes.")
@click.option("--count", "count_study", is_flag=True,
              help="With --depth, also play each bet's best linear count (of --level), "
                   "its effects of removal counted first (a minute on 8 decks).")
def multipliers_command(paytable, decks, counts, remove, infinite, fmt, digits, do_check,
                        target, removal, level, depth_shoes, seed, count_study):
    """Value a multiplier game's bets (its MULTIPLIER_BETS) exactly: fee, the return on
    stake and fee (as operators state it) and on the stake alone, SD, the largest win and
    its odds, and the GLI-11 check.

    \b
    Examples:
      bacc-edge multipliers shipped:multipliers/lightning_baccarat
      bacc-edge multipliers shipped:multipliers/golden_wealth_baccarat --check
      bacc-edge multipliers my_game.py --decks 6 --fmt json
      bacc-edge multipliers shipped:multipliers/lightning_baccarat --rtp 96%
      bacc-edge multipliers shipped:multipliers/lightning_baccarat --eor --decks 1
      bacc-edge multipliers shipped:multipliers/lightning_baccarat --depth 2 --count
    """
    from .analysis.multipliers import check_returns, multiplier_report
    from .output.multipliers import checks_output, multiplier_output
    text_only(fmt, "digits")
    if counts:
        raise click.UsageError("--counts gives rank counts without suits, and a multiplier "
                               "overlay reads each card's suit: use --decks (and --remove "
                               "with suits)")
    decks, infinite = one_deck_count(decks, infinite)
    shoe, _ = shoe_from_options(decks=decks, counts=counts, remove=remove, infinite=infinite)
    if sum((target is not None, do_check, removal, depth_shoes is not None)) > 1:
        raise click.UsageError("--rtp, --check, --eor and --depth: one at a time")
    if not (removal or count_study) and given(click.get_current_context(), "level"):
        raise click.UsageError("--level is the largest tag of the count of --eor or "
                               "--count: give --eor (or --depth SHOES --count) too")
    if depth_shoes is not None:
        if counts or remove or infinite:
            raise click.UsageError("--depth deals full shoes of --decks decks: not with "
                                   "--counts, --remove or --infinite")
        _multipliers_depth(paytable, decks, depth_shoes, seed, level, count_study, fmt)
        return
    if count_study or given(click.get_current_context(), "seed"):
        raise click.UsageError(f"{'--count plays a count' if count_study else '--seed seeds'}"
                               f" on the shoes of --depth: give --depth SHOES too")
    if removal:
        from .analysis.multiplier_counts import multiplier_counts
        effects, linear_counts = multiplier_counts(load_paytable(paytable), shoe, level)
        click.echo(render.eor_output(effects, linear_counts, shoe, fmt, digits=digits),
                   nl=False)
        return
    if target is not None:
        from .analysis.multiplier_solve import solve_multipliers
        from .output.multiplier_solve import solve_output
        solved = solve_multipliers(load_paytable(paytable), target, shoe)
        click.echo(solve_output(solved, shoe, fmt, digits=digits), nl=False)
        return
    results = multiplier_report(load_paytable(paytable), shoe)
    for warning in (w for r in results for w in r.warnings):
        say(f"warning: {warning}")
    if not do_check:
        click.echo(multiplier_output(results, shoe, fmt, digits=digits), nl=False)
        return
    checks = check_returns(results)
    click.echo(checks_output(checks, fmt), nl=False)
    if not all(c.reproduced or c.published.finding for c in checks):
        sys.exit(1)


def _multipliers_depth(paytable, decks, shoes, seed, level, count_study, fmt) -> None:
    """multipliers --depth: the perfect player (and with --count each bet's count) on
    ``shoes`` shoes of ``decks`` decks."""
    from .depth.multiplier_depth import depth_and_counts, multiplier_depth
    from .game.dealing import DealRules
    from .output.multiplier_depth import depth_output
    deal = DealRules(decks=decks)
    figures, plays = (depth_and_counts(paytable, shoes, deal=deal, seed=seed, level=level)
                      if count_study else
                      (multiplier_depth(paytable, shoes, deal=deal, seed=seed), None))
    click.echo(depth_output(figures, deal, seed, fmt, plays), nl=False)


@main.command("calibrate")
@click.argument("paytable", type=PaytableFile())
@click.option("--unknown", required=True, type=click.Choice(["identities", "multipliers"]),
              help="The law sought: how many identities are drawn, or the multipliers' "
                   "weights (the other law is the paytable's).")
@click.option("--values", required=True, metavar="V,V,...",
              help="The values whose weights are sought: numbers drawn (1,2,3,4,5) or "
                   "multipliers (2,3,4,5,8).")
@click.option("--grid", default=20, show_default=True, type=WholeNumber(1, 100_000),
              help="Steps of the grid of multiplier weights (1/GRID).")
@click.option("--decks", "-d", default=8, show_default=True, type=DeckCounts(),
              help="Decks in the shoe the published figures are stated on (inf: the "
                   "infinite deck).")
@bet_option
@fmt_option
def calibrate_command(paytable, unknown, values, grid, decks, bets, fmt):
    """Find the overlay laws that reproduce a multiplier game's published returns, and
    how far the figures pin them down (a unique law, a range for each weight, or none).

    \b
    Examples:
      bacc-edge calibrate shipped:multipliers/lightning_baccarat \\
          --unknown identities --values 1,2,3,4,5
      bacc-edge calibrate shipped:multipliers/prosperity_tree_baccarat \\
          --unknown multipliers --values 2,3 --grid 2000
    """
    from .analysis.calibration import calibrate
    from .output.multipliers import calibration_output
    try:  # a list's commas may have spaces after them (errors.md)
        parsed = [option_number(v.strip()) for v in values.split(",")]
    except ValueError as err:
        raise click.UsageError(f"--values {values!r}: {err}") from None
    decks, infinite = one_deck_count(decks, False)
    shoe, _ = shoe_from_options(decks=decks, infinite=infinite)
    with progress_bar.bar("laws") as on_progress:
        found = calibrate(load_paytable(paytable), unknown, parsed, grid=grid, bets=bets,
                          shoe=shoe, on_progress=on_progress, on_note=say)
    click.echo(calibration_output(found, fmt), nl=False)
