"""The ``bacc-edge`` command: each command parses its options, calls one library function
and prints what it returns (the small helpers below a command refuse option combinations
and print; none computes).

Every error the library raises about its input (a :class:`BaccEdgeError`) is caught
once, in :class:`CommandGroup`, and printed as one line with exit code 1.

The modules only one command uses (the math report, index sheets, chemin de fer, the
known card, shoe shopping, the pays solver, the side-by-side decks) are imported inside
that command, so that a start-up loads only what its command runs.
"""

from __future__ import annotations

import contextlib
import functools
import gc
import os
import re
import sys
from pathlib import Path

import click
from click.core import ParameterSource

from .output import progress_bar
from .output.stdout_guard import OutputNotWritten, guarded_stdout
from .output import render
from .analysis.commission import banker_commission_edges
from .analysis.chemin_de_fer import Information
from .game.dealing import MOST_DECKS
from .game.shoe import Shoe
from .analysis.deck_comparison import DeckList, RepeatedDecks, check_deck_list_options, compare_decks_of
from .depth.shoes import DealRules
from .depth.options import MAX_SEED, DepthOptions
from .depth.run import depth_study
from .analysis.bankroll import Bankroll
from .analysis.card_counting import Count
from .analysis.table_rules import WithMainBet
from .util.safe_write import check_output
from .analysis.removal_effects import effects_and_counts
from .errors import BaccEdgeError, OptionError
from .language.loader import load_paytable, load_paytables, slow_loads_told
from .language.shipped import SHIPPED, paytable_path
from .language.pays import (OPTION_DECIMAL, OPTION_WHOLE, exact_number, loosely_written,
                            option_number, option_percentage)
from .output.plot import check_plot_path, plot_depth, plot_effects
from .analysis.bet_report import check_all, report_all
from .util.safe_write import OverwriteError
from .game.shoe import shoe_from_options


class OnceCommand(click.Command):
    """A command whose options are each given once, but those that repeat by design
    (``multiple=True``: ``--bet``, ``--stake`` …): a second ``--decks`` is a usage error
    naming it, never a first value silently replaced by the last."""

    def parse_args(self, ctx, args):
        if not ctx.resilient_parsing:
            _, _, order = self.make_parser(ctx).parse_args(args=list(args))
            for param in dict.fromkeys(order):
                times = order.count(param)
                if (isinstance(param, click.Option) and not param.multiple
                        and not param.count and times > 1):
                    said = "twice" if times == 2 else f"{times} times"
                    raise click.UsageError(f"{_long_name(param)} is given {said}: give it "
                                           f"once", ctx)
        return super().parse_args(ctx, args)


def _long_name(param: click.Option) -> str:
    """An option as its long name, with its negative for an on/off pair:
    ``--decks``, ``--exposed-card/--no-exposed-card``."""
    def first_long(opts):
        return next((o for o in opts if o.startswith("--")), opts[0]) if opts else None

    return "/".join(filter(None, [first_long(param.opts), first_long(param.secondary_opts)]))


class CommandGroup(click.Group):
    """The command group: a first argument that is not a command goes to ``report``,
    each command's options are given once (:class:`OnceCommand`), an error about the
    input is one line, not a traceback, and so are an output that cannot be written
    (:mod:`~bacc_edge.output.stdout_guard`) and Ctrl-C. A paytable still loading after
    a few seconds is named on stderr, whichever command, and whichever function of the
    library loads it (:func:`~bacc_edge.language.loader.slow_loads_told`)."""

    command_class = OnceCommand

    def parse_args(self, ctx, args):
        if args and args[0] not in self.commands and args[0] not in ("--help", "-h",
                                                                     "--version"):
            args = ["report", *args]
        return super().parse_args(ctx, args)

    def invoke(self, ctx):
        try:
            with guarded_stdout(), slow_loads_told(say):
                return super().invoke(ctx)
        except BaccEdgeError as err:
            raise click.ClickException(str(err)) from None
        except OutputNotWritten as err:
            raise click.ClickException(str(err)) from None
        except KeyboardInterrupt:  # Ctrl-C: one line, as every other ending
            raise click.ClickException("interrupted") from None


def given(ctx: click.Context, *names: str) -> list[str]:
    """The options among ``names`` (parameter names) that the command line set, as
    ``--option``: a default is not a choice the user made."""
    return [f"--{name.replace('_', '-')}" for name in names
            if ctx.get_parameter_source(name) not in (None, ParameterSource.DEFAULT,
                                                      ParameterSource.DEFAULT_MAP)]


def say(message: str) -> None:
    """Prose for the person at the terminal (progress, notices): stderr, so that stdout
    holds only the output a script reads."""
    click.echo(message, err=True)


def print_version(ctx: click.Context, param, value: bool) -> None:
    """--version: print bacc-edge's version and stop."""
    if value and not ctx.resilient_parsing:
        from .util.version import version
        click.echo(f"bacc-edge {version()}")
        ctx.exit()


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
    named shipped:NAME wherever a command takes a paytable (bacc-edge shipped lists them).
    """


def run() -> None:
    """The ``bacc-edge`` process: :func:`main`, then the objects it leaves frozen out of
    the garbage collector (:func:`gc.freeze`) as the process ends. Python's collections
    while it tears the modules down would otherwise walk every object numba made, a
    fifth of a second after every command (the memory goes back to the system with the
    process; exit handlers still run). Tests call :func:`main`, in a process that goes
    on."""
    try:
        main()
    finally:
        gc.freeze()


class PaytableFile(click.Path):
    """A paytable argument: a file's path, or ``shipped:NAME`` for a paytable shipped with
    bacc-edge (:func:`~bacc_edge.language.shipped.paytable_path`: a name not shipped is
    refused, listing those that are), handed to the command as the shipped file's path,
    which it reads, and guards against being written over, as any file named."""

    def __init__(self):
        super().__init__(dir_okay=False)

    def convert(self, value, param, ctx):
        return super().convert(os.fspath(paytable_path(value)), param, ctx)


class Amount(click.ParamType):
    """A number of units written as a decimal or a fraction: 13, 12.5, 1/4."""

    name = "amount"

    def convert(self, value, param, ctx):
        try:
            return option_number(value)
        except ValueError as err:
            if _finite_decimal(value):  # a number, out of range: bad data, as --decks 0
                raise OptionError(f"{_option_name(param)}: {err}") from None
            self.fail(str(err), param, ctx)


class PercentAmount(Amount):
    """A percentage written as a number of percent, with or without its sign: 5 or 5%
    (as --edge and --commission take it); '5 %' is no percentage."""

    name = "percent"

    def convert(self, value, param, ctx):
        if isinstance(value, str) and value.endswith("%"):
            try:
                return option_percentage(value) * 100
            except ValueError as err:
                self.fail(str(err), param, ctx)
        return super().convert(value, param, ctx)


def _finite_decimal(value) -> bool:
    """Whether the text is a finite decimal number as every number option writes it
    (:data:`~bacc_edge.language.pays.OPTION_DECIMAL`: ASCII digits, no '_', '+' or spaces),
    however large or small."""
    return bool(OPTION_DECIMAL.fullmatch(str(value)))


#: A whole number as an option writes it: ASCII digits, a '-' for a negative ('²', '５',
#: '1_000', '+6' and ' 6' are whole numbers to Python's int, not to an option).
_WHOLE = OPTION_WHOLE
#: What an error adds for a number given where a whole number is wanted (1e3, 2.5).
_WHOLE_FORM = " (a whole number is written in digits alone, without a point or an exponent)"
#: What --decks reads: deck counts, ranges and inf, separated by commas (spaces beside a
#: comma allowed, none round the whole or inside a count).
_DECK_PART = r"(?:-?[0-9]+|[0-9]+-[0-9]+|inf|infinite|∞)"
_DECKS = re.compile(f"{_DECK_PART}(?:\\s*,\\s*{_DECK_PART})*", re.IGNORECASE)
_DECK_ONE = re.compile(_DECK_PART, re.IGNORECASE)


def _option_name(param) -> str:
    return param.opts[0] if param is not None and param.opts else "the value"


class WholeNumber(click.ParamType):
    """A whole-number option. The exit codes' rule: a value that cannot be read as a
    whole number is a usage error (exit 2); one that reads but lies outside ``low`` …
    ``high`` is bad data (exit 1), as ``--decks 0`` and ``--decks -1`` both are. Either
    message says what the option takes (``1e3`` for ``--decks`` is told 1 to 64)."""

    name = "integer"

    def __init__(self, low: int | None = None, high: int | None = None):
        self.low, self.high = low, high

    def convert(self, value, param, ctx):
        if isinstance(value, int) and not isinstance(value, bool):
            number = value
        elif isinstance(value, str) and _WHOLE.fullmatch(value):
            number = int(value)
        else:
            # a number in another form (1e3, 2.5) is told the whole number's own form
            hint = _WHOLE_FORM if _finite_decimal(value) else loosely_written(value)
            takes = f"; {_option_name(param)} takes one {self._span()}" if self._span() else ""
            self.fail(f"{value!r} is not a whole number{hint}{takes}", param, ctx)
        if (self.low is not None and number < self.low) or (
                self.high is not None and number > self.high):
            raise OptionError(f"{_option_name(param)} {number}: must be a whole number "
                              f"{self._span()}")
        return number

    def _span(self) -> str:
        """The numbers the option takes, in words ("from 1 to 64"); "" for any."""
        if self.low is None:
            return "" if self.high is None else f"up to {self.high}"
        return f"from {self.low}" if self.high is None else f"from {self.low} to {self.high}"


class FiniteNumber(click.ParamType):
    """A number option (--trigger): a finite decimal written in ASCII digits ('５' is a
    digit to Python's float, not to an option); anything else is a usage error."""

    name = "number"

    def convert(self, value, param, ctx):
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return float(value)
        if not _finite_decimal(value):
            self.fail(f"{value!r} is not a number{loosely_written(value)}", param, ctx)
        try:
            return float(exact_number(value))
        except ValueError as err:  # a number, out of range ('1e400'): bad data
            raise OptionError(f"{_option_name(param)}: {err}") from None


def _option_pairs(text: str, items: str, param, ctx, kind: click.ParamType,
                  signed: int) -> str:
    """``text``, whose ``items`` are ``KEY=NUMBER`` apart by commas (a trigger table's
    rows, a ramp's steps), each number written as a number option is, but for the count
    on side ``signed`` of the '=' (0 the key, 1 the number), which keeps its sign as
    counts are written (``+12``): a number written more loosely (``.5``, ``5.``, a '+'
    elsewhere) is a usage error, as alone; everything else (a word, an empty item, what
    the items mean) is read, and refused with one line, by the library."""
    for item in items.split(","):
        for side, part in enumerate(item.partition("=")[::2]):
            part = part.strip()
            if side == signed and part.startswith("+"):
                part = part[1:]
            hint = "" if _finite_decimal(part) else loosely_written(part)
            if hint:
                kind.fail(f"{part!r} in {text!r} is not a number{hint}", param, ctx)
    return text


class TriggerValue(FiniteNumber):
    """--trigger: a number (as :class:`FiniteNumber` reads it), or a table of thresholds
    by depth, ``"cards: 0=8, 104=6"`` or ``"round: 1=8, 30=6"`` (its numbers as options
    write them; read, and refused with one line, by
    :class:`~bacc_edge.analysis.card_counting.TriggerTable`)."""

    name = "number or table"

    def convert(self, value, param, ctx):
        if isinstance(value, str) and ":" in value:
            return _option_pairs(value, value.partition(":")[2], param, ctx, self, signed=1)
        return super().convert(value, param, ctx)


class RampValue(click.ParamType):
    """--ramp: ``COUNT=UNITS`` steps, ``"10=2, 12=4"``, their numbers as options write
    them (read, and refused with one line, by the count)."""

    name = "ramp"
    example = "'10=2, 12=4'"

    def convert(self, value, param, ctx):
        if not value.strip():  # no steps at all: an error, not the default of one unit
            self.fail(f"{value!r} has no steps: write {self.example}", param, ctx)
        return _option_pairs(value, value, param, ctx, self, signed=0)


def advantage_options(fn):
    """The depth command's options of bet sizing, table rules and bankroll: --strict and
    --ramp (your count's), --with-main, --main-minimum and --side-at-most (the table's),
    --bankroll, --risk-of-ruin and --rounds-per-hour (what the measures are taken at)."""
    fn = click.option("--rounds-per-hour", default="80", show_default=True, type=Amount(),
                      metavar="N", help="Rounds an hour, for the win per hour.")(fn)
    fn = click.option("--risk-of-ruin", "ruin", default="5", show_default=True,
                      type=PercentAmount(), metavar="PERCENT",
                      help="The target risk of ruin the bankroll needed is given for, "
                           "in percent: 5 or 5%.")(fn)
    fn = click.option("--bankroll", default="1000", show_default=True, type=Amount(),
                      metavar="UNITS", help="The bankroll whose risk of ruin is given.")(fn)
    fn = click.option("--side-at-most", metavar="SHARE",
                      help="With --with-main: the side bet at most this share of the main "
                           "bet (1/2, 50%).")(fn)
    fn = click.option("--main-minimum", metavar="UNITS",
                      help="With --with-main: the least main bet, in side-bet units "
                           "(default 1).")(fn)
    fn = click.option("--with-main", type=click.Choice(["banker", "player"]),
                      help="The table takes a side bet only beside this main bet: each "
                           "player is shown with it and without it.")(fn)
    fn = click.option("--ramp", metavar="COUNT=UNITS,…", type=RampValue(),
                      help="Your count's stakes by count, e.g. '10=2,12=4' (1 unit below "
                           "the first step).")(fn)
    fn = click.option("--strict", is_flag=True,
                      help="Your count bets only above its trigger (>), not from it (≥).")(fn)
    return fn


class DeckCounts(click.ParamType):
    """--decks: one count (a whole number), or several for the side-by-side table
    ("1,2,4,6,8,inf", "1-8"), read by :class:`bacc_edge.analysis.deck_comparison.DeckList`. Text
    that is no deck list is a usage error (exit 2); counts out of range (0, -1) are bad
    data (exit 1), refused where the shoe is built."""

    name = "decks"

    def convert(self, value, param, ctx):
        if isinstance(value, (int, DeckList)):
            return value
        text = str(value)
        if not _DECKS.fullmatch(text):
            bad = next((p for p in re.split(r"\s*,\s*", text) if not _DECK_ONE.fullmatch(p)),
                       text)
            self.fail(f"{bad!r} is not a number of decks, a range such as 6-8, or inf "
                      f"(a list: 1,2,4,6,8,inf){loosely_written(bad)}", param, ctx)
        if _WHOLE.fullmatch(text):
            return int(text)
        try:
            return DeckList(text)
        except RepeatedDecks as err:  # a list that says something else: a usage error
            self.fail(str(err), param, ctx)


def text_only(fmt: str, *names: str, exact_in: tuple[str, ...] = ()) -> None:
    """Refuse the options among ``names`` (--digits, --exact) that shape the text tables
    when --fmt json or csv gives every number in full (exact fractions too under the
    formats ``exact_in``): a usage error, never an option taken and ignored."""
    ignored = given(click.get_current_context(), *names)
    if fmt in ("json", "csv") and ignored:
        raise click.UsageError(f"{ignored[0]} shapes the text tables; --fmt {fmt} gives every "
                               f"number in full" + (", exact fractions included"
                                                    if fmt in exact_in else ""))


def one_deck_count(decks, infinite: bool) -> tuple:
    """``(decks, infinite)`` of a command that deals from one shoe: ``--decks inf`` is
    the infinite deck, as ``--infinite`` (:func:`shoe_options` refuses the two together);
    a deck list (``--decks 1,2``) is refused, for an option the command cannot read is a
    usage error."""
    if isinstance(decks, DeckList) and len(decks) == 1 and decks[0].replacement:
        return 8, True
    if isinstance(decks, DeckList):
        raise click.UsageError(f"--decks {decks.text!r}: this command takes one deck count "
                               f"(only the report compares several side by side)")
    return decks, infinite


def shoe_options(fn):
    """--decks, --counts, --infinite and --remove: the shoe to deal from. Two options
    that each describe the whole shoe are refused together, never one of them ignored."""

    command = fn

    @functools.wraps(command)
    def one_shoe(*args, **kwargs):
        whole = given(click.get_current_context(), "decks", "counts", "infinite")
        if len(whole) > 1:
            raise click.UsageError(f"{' and '.join(whole)} each describe the whole shoe: "
                                   f"give one (--remove takes cards out of it)")
        return command(*args, **kwargs)

    fn = one_shoe
    fn = click.option("--infinite", is_flag=True,
                      help="An infinite deck: cards dealt with replacement (the limit).")(fn)
    fn = click.option("--remove", "-r", default="", metavar="CARDS",
                      help="Cards already dealt, e.g. '5 5 K♠ 10h' (a suit is optional).")(fn)
    fn = click.option("--counts", metavar="A,2,…,K",
                      help="A custom shoe: 13 rank counts A … K (its suits unknown).")(fn)
    fn = click.option("--decks", "-d", default=8, show_default=True, type=DeckCounts(),
                      help="Decks in the shoe (the report also takes several, "
                           "e.g. 1,2,4,6,8,inf or 1-8: one table side by side).")(fn)
    return fn


def bet_option(fn):
    return click.option("--bet", "-b", "bets", multiple=True, metavar="NAME",
                        help="Only this bet (repeatable; the name as the paytable gives it).")(fn)


def fmt_option(fn):
    return click.option("--fmt", "-f", default="simple", show_default=True,
                        type=click.Choice(render.FORMATS),
                        help="Table format: tabulate's, or csv, or json (one object).")(fn)


def digits_option(default: int, help: str):
    """--digits: decimal places of a text table's numbers (0-15)."""
    return click.option("--digits", default=default, show_default=True,
                        type=WholeNumber(0, 15), help=help)


def exact_option(help: str):
    """--exact: add exact fractions to the tables."""
    return click.option("--exact", is_flag=True, help=help)


def check_option(help: str):
    """--check: compare with published figures, exit 1 on a mismatch (``do_check``)."""
    return click.option("--check", "do_check", is_flag=True, help=help)


def level_option(help: str):
    """--level: the largest tag of a count built from the effects of removal (1-20)."""
    return click.option("--level", default=3, show_default=True, type=WholeNumber(1, 20),
                        help=help)


def deal_options(fn):
    """--decks, --cut and --end: how a real shoe is dealt (depth, index, shoe-shopping,
    track), one wording for every command."""
    fn = click.option("--end", "end_rule", default="at-cut", show_default=True,
                      type=click.Choice(["at-cut", "one-more"]),
                      help="End of the shoe: the coup that brings out the cut card is the "
                           "last (at-cut), or one more coup follows it (one-more; none when "
                           "the cut card comes out before a coup's first card).")(fn)
    fn = click.option("--cut", default=14, show_default=True, type=WholeNumber(0),
                      help="Cards behind the cut card (a coup starts only with six "
                           "cards left, so 0 to 6 deal alike).")(fn)
    return click.option("--decks", "-d", default=8, show_default=True,
                        type=WholeNumber(1, MOST_DECKS), help="Decks in the shoe.")(fn)


def seed_option(help: str):
    """--seed: the seed of the shuffled shoes."""
    return click.option("--seed", default=1, show_default=True,
                        type=WholeNumber(0, MAX_SEED), help=help)


def workers_option(help: str):
    """--workers: local worker processes of a depth run."""
    return click.option("--workers", type=WholeNumber(1), help=help)


def plot_option(what: str):
    """--plot FILE: checked before any work (a folder that exists, a picture format,
    matplotlib installed), so a long run never ends in a bad path. A picture that would
    replace a .py file is refused as bad data (exit 1), as is one that would replace the
    paytable (the command checks that)."""
    def checked(ctx, param, value):
        if value is not None:
            # the paytables read so far: a picture over one of them is named as the input
            inputs = [*ctx.params.get("paytables", ()), *filter(None, [ctx.params.get(
                "paytable")])]
            try:
                check_plot_path(value, inputs)
            except OverwriteError as err:
                raise click.ClickException(str(err)) from None
            except BaccEdgeError as err:
                raise click.BadParameter(str(err), ctx, param) from None
        return value

    return click.option("--plot", type=click.Path(dir_okay=False), metavar="FILE.png",
                        callback=checked, help=f"Also draw {what} (needs matplotlib).")


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
@click.option("--count", "count_tags", metavar="TAGS",
              help="Your count: tags per rank, e.g. '6=-3,7=+1,8=+1,9=+1' (10/J/Q/K=-1 "
                   "tags several); with --trigger.")
@click.option("--trigger", type=TriggerValue(),
              help="Bet one unit from this count (see --trigger-on), or from thresholds by "
                   "depth: 'cards: 0=8,104=6' (cards seen) or 'round: 1=8,30=6'.")
@click.option("--trigger-on", default="true", show_default=True,
              type=click.Choice(["true", "running"]),
              help="Compare the trigger with the true count (running count per deck left) "
                   "or the running count.")
@click.option("--initial", default=0, show_default=True, type=WholeNumber(),
              help="Running count at the start of a shoe (unbalanced counts).")
@click.option("--divisor", default="unseen", show_default=True,
              type=click.Choice(["shoe", "unseen"]),
              help="True count per deck of every card not seen (burned cards in), or of "
                   "the cards still in the shoe (burned cards out); given, it applies to "
                   "every count of the run.")
@click.option("--rounding", default="exact", show_default=True,
              type=click.Choice(["exact", "half", "whole", "half-down", "half-up",
                                 "whole-down", "whole-up"]),
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
@click.option("--exact-bets/--outcome-bets", default=None,
              help="Count study: value each bet placed exactly on the cards left, or by "
                   "what the coup paid (default: outcome, the faster).")
@check_option("Compare the counts' published figures with this run's 95% intervals; "
              "exit 1 when one is outside and no finding explains it.")
@level_option("Largest tag of each bet's own count.")
@click.option("--batch", type=WholeNumber(1),
              help="Shoes per task (default 10; for a count study 20000, 5000 with "
                   "--exact-bets, fewer where a task would pass 5,000,000 rounds).")
@click.option("--scheduler", metavar="tcp://HOST:PORT",
              help="Run on this Dask cluster instead of a local one.")
@workers_option("Local worker processes; threads for a count study by outcomes "
                "(default: all cores).")
@click.option("--state", type=click.Path(), metavar="DIR",
              help="Folder for finished batches (default: .bacc-edge-depth); each run "
                   "definition keeps its own subfolder.")
@fmt_option
@plot_option("the edge by round, cutoffs marked (not with --count-only)")
@click.option("--quiet", is_flag=True, help="No progress bar.")
@advantage_options
def depth_command(paytable, bets, shoes, decks, cut, end_rule, seed, cutoff, count_tags,
                  trigger, trigger_on, initial, divisor, rounding, exposed_card, eor_count,
                  count_only, exact_bets, do_check, level, batch, scheduler, workers, state,
                  fmt, plot, quiet, strict, ramp, with_main, main_minimum, side_at_most,
                  bankroll, ruin, rounds_per_hour):
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
    options = DepthOptions(bet_names=list(bets) or None, deal=DealRules(decks, cut, end_rule),
                           seed=seed, level=level, cutoff=cutoff, eor_count=eor_count,
                           count_only=count_only, exact_bets=exact_bets, with_main=table,
                           **convention)
    with resumable_bar("shoes", quiet=quiet) as on_progress:
        spec, summary = depth_study(
            paytable, options, shoes=shoes, your_count=yours, check=do_check,
            batch=batch, state=state, scheduler=scheduler, workers=workers,
            on_progress=on_progress,
            on_warning=lambda line: say(f"warning: {line}"), on_slow=say,
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


def given_values(**values) -> dict:
    """The options among ``values`` (parameter name → value) the command line set."""
    ctx = click.get_current_context()
    return {name: value for name, value in values.items() if given(ctx, name)}


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
    """List the paytables shipped with bacc-edge: each one's name as a command takes it
    (shipped:NAME), its game, how many bets it defines, and where the figures it checks
    were published (from the register of sources shipped beside them).

    \b
    Examples:
      bacc-edge shipped
      bacc-edge shipped --fmt json
    """
    from .analysis.shipped_list import list_shipped
    from .output.shipped_list import shipped_output
    click.echo(shipped_output(list_shipped(), fmt), nl=False)
    say(f"Name one to any command as {SHIPPED}NAME (bacc-edge {SHIPPED}three_card_win); "
        f"copy one out to edit with bacc-edge copy-shipped NAME.")


@main.command("copy-shipped")
@click.argument("name")
@click.argument("dest", default=".", type=click.Path())
def copy_shipped_command(name, dest):
    """Copy the shipped paytable NAME (as bacc-edge shipped lists it, with or without
    shipped:) out, to edit: to DEST, a .py file or a folder (default: this one), with
    the register of sources (SOURCES.md) beside it where the folder holds none. A file
    already there is never replaced: the copy is refused.

    \b
    Examples:
      bacc-edge copy-shipped three_card_win
      bacc-edge copy-shipped shipped:big_tiger my_tiger.py
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
              help="Decks of the rule-sheet tables (every count 1-8 and ∞ is shown as well).")
@click.option("--depth", type=WholeNumber(1), metavar="SHOES",
              help="Also deal this many shoes for the shoe-depth verdict (bacc-edge depth).")
@seed_option("Seed of the depth shoes.")
@level_option("Largest tag of each bet's count.")
@workers_option("Local worker processes for --depth.")
@click.option("--cut", type=WholeNumber(0), metavar="CARDS",
              help="Cards behind the cut card (default 14), in the rules and for --depth.")
@click.option("--end", "end_rule", default="at-cut", show_default=True,
              type=click.Choice(["at-cut", "one-more"]),
              help="End of the shoe, in the rules and for --depth (see bacc-edge depth).")
@click.option("--date", metavar="YYYY-MM-DD",
              help="The report's date (default: SOURCE_DATE_EPOCH, else today).")
@click.option("--depth-bet", "depth_bets", multiple=True, metavar="NAME",
              help="Only this bet in the --depth run (repeatable; default: every bet).")
@click.option("--state", type=click.Path(file_okay=False), metavar="DIR",
              help="Folder for the --depth run's finished batches (default: "
                   ".bacc-edge-depth), as bacc-edge depth keeps them.")
def math_report_command(paytable, output, decks, depth, seed, level, workers, cut, end_rule,
                        date, depth_bets, state):
    """Write the math report of a paytable a test lab can read: the rules as applied,
    every bet's table, edge on 1-8 decks and the infinite deck, published figures,
    effects of removal (a chart) and counts, the regulator's flags, and how it was
    computed. One self-contained file: HTML (charts inline, no network) or Markdown.

    \b
    Examples:
      bacc-edge math-report shipped:three_card_win -o three_card_win.html
      bacc-edge math-report my_bet.py -o my_bet.md
      bacc-edge math-report shipped:live_dealer -o live.html --depth 2000

    \b
    A --depth run keeps its finished batches in .bacc-edge-depth/ (--state DIR names
    another folder): the same run again resumes from them.
    """
    depth_only = [*(["--depth-bet"] if depth_bets else []),
                  *given(click.get_current_context(), "seed", "workers", "state")]
    if depth is None and depth_only:  # options of a run not asked for: a contradiction
        raise click.UsageError(f"{', '.join(depth_only)}: "
                               f"{'shapes' if len(depth_only) == 1 else 'shape'} the "
                               f"shoe-depth run: give --depth SHOES too")
    twice = next((b for i, b in enumerate(depth_bets) if b in depth_bets[:i]), None)
    if twice is not None:
        raise click.UsageError(f"--depth-bet {twice!r} is given twice: name each bet once")
    loaded = load_paytable(paytable)
    from .output.math_report import write_math_report
    # a depth run keeps its finished batches: Ctrl-C says how to resume
    with (resumable_bar if depth else progress_bar.bar)("report") as on_progress:
        path = write_math_report(loaded, output, decks=decks, depth=depth, seed=seed,
                                 level=level, workers=workers, cut=cut, end=end_rule,
                                 date=date, depth_bets=list(depth_bets) or None,
                                 state=state, on_note=say, on_progress=on_progress)
    click.echo(f"wrote {path}", err=True)


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
@click.option("--session", default="bacc-edge-track.json", show_default=True,
              type=click.Path(dir_okay=False),
              help="File the shoe is saved to after every card, and resumed from.")
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
              type=click.Choice([i.value for i in Information]),
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
                            full_shoe=full, on_progress=on_progress)
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
@click.option("--count", "count_tags", metavar="TAGS",
              help="Your count: tags per rank, e.g. '6=-3,7=+1,8=+1,9=+1' (default: the "
                   "paytable's COUNTS).")
@click.option("--initial", default=0, show_default=True, type=WholeNumber(),
              help="Your count's running count at the start of a shoe.")
@click.option("--divisor", type=click.Choice(["shoe", "unseen"]),
              help="True count per deck of every card not seen, or of the cards in the "
                   "shoe (default: each count's own).")
@click.option("--rounding", type=click.Choice(["exact", "half", "whole", "half-down",
                                               "half-up", "whole-down", "whole-up"]),
              help="Decks left for the true count (default: each count's own).")
@click.option("--exposed-card/--no-exposed-card", default=None,
              help="Whether the shown first card enters the count (default: each count's "
                   "own).")
@click.option("--shoes", "-n", default=2000, show_default=True, type=WholeNumber(1),
              help="Shoes to deal (every round of each valued exactly).")
@deal_options
@seed_option("Seed of the shuffles (shoe i is shuffled from seed and i).")
@click.option("--by", default="cards", show_default=True,
              type=click.Choice(["cards", "round"]),
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
