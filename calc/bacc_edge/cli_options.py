"""What the ``bacc-edge`` commands share, apart from any one command: the command group
(a first argument that is not a command goes to ``report``, each option given once, an
error about the input one line), the option types that read a number, a deck list or a
paytable as an option writes it, and the options several commands take alike (the shoe,
the deal, the format, the seed …), each one decorator with one wording. :mod:`bacc_edge.cli`
holds the commands themselves.

The types' rule of exit codes: text that cannot be read as what the option takes is a
usage error (exit 2); a value that reads but is out of range is bad data (exit 1), as
``--decks 0`` is. A choice list is built from the enum whose values it mirrors, so that
the option and the library never disagree on a word.
"""

from __future__ import annotations

import functools
import os
import re

import click
from click.core import ParameterSource

from .analysis.deck_comparison import DeckList, RepeatedDecks
from .analysis.table_rules import MainBet
from .depth.options import MAX_SEED
from .errors import BaccEdgeError, OptionError
from .game.dealing import MOST_DECKS, EndRule
from .language.loader import slow_loads_told
from .language.pays import (OPTION_DECIMAL, OPTION_WHOLE, exact_number, loosely_written,
                            option_number, option_percentage, option_share)
from .language.shipped import paytable_path
from .output import progress_bar, render
from .output.plot import check_plot_path
from .output.stdout_guard import OutputNotWritten, guarded_stdout
from .util.arguments import near_name
from .util.safe_write import OverwriteError


def choice_of(values) -> click.Choice:
    """A choice option's type, its words the values of the enum ``values`` (in the
    enum's order), so that the option and the library say the same words."""
    return click.Choice([v.value for v in values])


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
    input is one line, not a traceback (a usage error too: the message, then where help
    is, with no usage block above it), and so are an output that cannot be written
    (:mod:`~bacc_edge.output.stdout_guard`) and Ctrl-C. A paytable still loading after
    a few seconds is named on stderr, whichever command, and whichever function of the
    library loads it (:func:`~bacc_edge.language.loader.slow_loads_told`)."""

    command_class = OnceCommand

    def parse_args(self, ctx, args):
        if args and args[0] not in self.commands and args[0] not in ("--help", "-h",
                                                                     "--version"):
            _no_command_mistyped(args[0], list(self.commands))
            args = ["report", *args]
        try:
            return super().parse_args(ctx, args)
        except click.UsageError as err:
            raise one_line_usage_error(err) from None

    def invoke(self, ctx):
        try:
            with guarded_stdout(), slow_loads_told(say):
                return super().invoke(ctx)
        except click.UsageError as err:  # a command's own options, parsed in invoke
            raise one_line_usage_error(err) from None
        except BaccEdgeError as err:
            raise click.ClickException(str(err)) from None
        except OutputNotWritten as err:
            raise click.ClickException(str(err)) from None
        except KeyboardInterrupt:  # Ctrl-C: one line, as every other ending
            raise click.ClickException("interrupted") from None


def _no_command_mistyped(first: str, commands: list[str]) -> None:
    """Refuse a first argument that is a bare word, no file, but nearly a command's name
    (``multiplier`` for ``multipliers``), rather than read it as report's paytable; a
    path or a ``shipped:`` name is left to report."""
    bare = re.fullmatch(r"[A-Za-z-]+", first) and not os.path.exists(first)
    near = near_name(first, commands) if bare else None
    if near is not None:
        raise click.UsageError(f"{first}: no such paytable file; did you mean the command "
                               f"{near!r}?")


#: The usage error click (8.2 on) raises to print a group's help when it is given nothing.
NO_ARGS_IS_HELP = getattr(click.exceptions, "NoArgsIsHelpError", ())


def one_line_usage_error(err: click.UsageError) -> click.UsageError:
    """``err`` told in one line: its message, then the command whose ``--help`` explains
    the usage. Click prints a usage error after the command's usage block and a hint, four
    lines; a usage error without a context is printed as its message alone, still with
    exit code 2. The help that ``bacc-edge`` alone prints (click 8.2 on raises it as a
    usage error) stays the help."""
    if err.ctx is None or isinstance(err, NO_ARGS_IS_HELP):
        return err
    return click.UsageError(f"{err.format_message()} (see '{err.ctx.command_path} --help')")


def given(ctx: click.Context, *names: str) -> list[str]:
    """The options among ``names`` (parameter names) that the command line set, as
    ``--option``: a default is not a choice the user made."""
    return [f"--{name.replace('_', '-')}" for name in names
            if ctx.get_parameter_source(name) not in (None, ParameterSource.DEFAULT,
                                                      ParameterSource.DEFAULT_MAP)]


def given_values(**values) -> dict:
    """The options among ``values`` (parameter name → value) the command line set."""
    ctx = click.get_current_context()
    return {name: value for name, value in values.items() if given(ctx, name)}



def say(message: str) -> None:
    """Prose for the person at the terminal (progress, notices): stderr, so that stdout
    holds only the output a script reads; above a progress bar drawn, never on its line
    (:func:`~bacc_edge.output.progress_bar.aside`)."""
    progress_bar.aside(message)


def print_version(ctx: click.Context, param, value: bool) -> None:
    """--version: print bacc-edge's version and stop."""
    if value and not ctx.resilient_parsing:
        from .util.version import version
        click.echo(f"bacc-edge {version()}")
        ctx.exit()


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


class OffOrFrom(WholeNumber):
    """A whole-number option that 0 turns off, else at least ``least`` (``--paths 0``: no
    sampled paths; one path has no spread): every value out of range is told the same."""

    def __init__(self, least: int):
        super().__init__(0)
        self.least = least

    def convert(self, value, param, ctx):
        number = super().convert(value, param, ctx)
        if 0 < number < self.least:
            raise OptionError(f"{_option_name(param)} {number}: must be a whole number "
                              f"{self._span()}")
        return number

    def _span(self) -> str:
        return f"0, or {self.least} or more"


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
                  signed: int, whole: int) -> str:
    """``text``, whose ``items`` are ``KEY=NUMBER`` apart by commas (a trigger table's
    rows, a ramp's steps, a count's tags), each number written as a number option is,
    but for the count on side ``signed`` of the '=' (0 the key, 1 the number), which
    keeps its sign as counts are written (``+12``), and side ``whole`` is a whole number
    (a depth, units, a tag), written as a whole-number option is: a number written more
    loosely (``.5``, ``5.``, a '+' elsewhere), or a whole one with a point or an exponent
    (``2.5``, ``1e3``), is a usage error, as alone; everything else (a word, an empty
    item, what the items mean) is read, and refused with one line, by the library."""
    for item in items.split(","):
        for side, part in enumerate(item.partition("=")[::2]):
            part = part.strip()
            if side == signed and part.startswith("+"):
                part = part[1:]
            hint = "" if _finite_decimal(part) else loosely_written(part)
            if hint:
                kind.fail(f"{part!r} in {text!r} is not a number{hint}", param, ctx)
            if side == whole and _finite_decimal(part) and not _WHOLE.fullmatch(part):
                kind.fail(f"{part!r} in {text!r} is not a whole number{_WHOLE_FORM}", param,
                          ctx)
    return text


class TriggerValue(FiniteNumber):
    """--trigger: a number (as :class:`FiniteNumber` reads it), or a table of thresholds
    by depth, ``"cards: 0=8, 104=6"`` or ``"round: 1=8, 30=6"`` (its numbers as options
    write them; read, and refused with one line, by
    :class:`~bacc_edge.analysis.card_counting.TriggerTable`)."""

    name = "number or table"

    def convert(self, value, param, ctx):
        if isinstance(value, str) and ":" in value:
            return _option_pairs(value, value.partition(":")[2], param, ctx, self, signed=1,
                                 whole=0)
        return super().convert(value, param, ctx)


class RampValue(click.ParamType):
    """--ramp: ``COUNT=UNITS`` steps, ``"10=2, 12=4"``, their numbers as options write
    them (read, and refused with one line, by the count)."""

    name = "ramp"
    example = "'10=2, 12=4'"

    def convert(self, value, param, ctx):
        if not value.strip():  # no steps at all: an error, not the default of one unit
            self.fail(f"{value!r} has no steps: write {self.example}", param, ctx)
        return _option_pairs(value, value, param, ctx, self, signed=0, whole=1)


class TagsValue(click.ParamType):
    """--count: ``RANK=TAG`` pairs, ``'6=-3,7=+1'``, each tag a whole number with its sign
    (read, and refused with one line, by the count)."""

    name = "tags"

    def convert(self, value, param, ctx):
        return _option_pairs(value, value, param, ctx, self, signed=1, whole=1)


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
    fn = click.option("--with-main", type=choice_of(MainBet),
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
    data (exit 1), refused where the shoe is built. ``finite=True`` for a command that
    counts finite shoes only: its usage error offers no inf (the library refuses one)."""

    name = "decks"

    def __init__(self, finite: bool = False):
        self.finite = finite

    def convert(self, value, param, ctx):
        if isinstance(value, (int, DeckList)):
            return value
        text = str(value)
        if not _DECKS.fullmatch(text):
            bad = next((p for p in re.split(r"\s*,\s*", text) if not _DECK_ONE.fullmatch(p)),
                       text)
            offered = ("a range such as 6-8 (a list: 1,6,8)" if self.finite else
                       "a range such as 6-8, or inf (a list: 1,2,4,6,8,inf)")
            self.fail(f"{bad!r} is not a number of decks, {offered}{loosely_written(bad)}",
                      param, ctx)
        if _WHOLE.fullmatch(text):
            return int(text)
        try:
            return DeckList(text)
        except RepeatedDecks as err:  # a list that says something else: a usage error
            self.fail(str(err), param, ctx)


class ShareText(click.ParamType):
    """A share written as a number option, a fraction or a percentage (1/2, 0.6, 60%),
    checked as written and passed on as text: a value that is no share of that form is a
    usage error (2), one out of range the library's to refuse (1)."""

    name = "share"

    def convert(self, value, param, ctx):
        try:
            option_share(value)
        except ValueError as err:
            self.fail(str(err), param, ctx)
        return value


class ProbabilityPair(click.ParamType):
    """Two probabilities written LEFT,RIGHT (9/11,1), checked as written (each a number
    option or a fraction) and passed on as text, as :class:`ShareText`."""

    name = "pair"

    def convert(self, value, param, ctx):
        parts = value.split(",")
        if len(parts) != 2:
            self.fail(f"{value!r} is not two probabilities LEFT,RIGHT such as '9/11,1'",
                      param, ctx)
        for part in parts:
            try:
                option_number(part.strip())
            except (ValueError, ZeroDivisionError) as err:
                self.fail(str(err), param, ctx)
        return value


class CutCards(click.ParamType):
    """--cuts: whole numbers of cards behind the cut card, "14,26,52" (spaces beside a
    comma allowed, as in a --decks list), returned sorted, nearest the end first. Text
    that is no such list, or names a cut card twice, is a usage error (exit 2); a cut
    card that does not fit the shoe is bad data (exit 1), refused where the run is
    defined."""

    name = "cuts"

    def convert(self, value, param, ctx):
        if isinstance(value, tuple):
            return value
        numbers = tuple(sorted(WholeNumber(0).convert(part, param, ctx)
                               for part in re.split(r"\s*,\s*", str(value))))
        twice = next((n for n in numbers if numbers.count(n) > 1), None)
        if twice is not None:
            self.fail(f"{value!r} names cut card {twice} twice: give each once", param, ctx)
        return numbers


def dealt_to(cut, cuts: tuple[int, ...], cut_given: bool):
    """The cut card the shoes are dealt to: ``--cut``'s, or with ``--cuts`` the nearest of
    them (the others are summed up from the same shoes); both given is a usage error."""
    if not cuts:
        return cut
    if cut_given:
        raise click.UsageError("--cut and --cuts: the shoes are dealt to the nearest cut card "
                               "of --cuts; give every cut card in --cuts")
    return cuts[0]


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


def cards_named(ctx: click.Context, param: click.Parameter, value: str) -> str:
    """--remove's cards, as given: a --remove given that names no card (``""``, ``" , "``)
    is refused, not read as no card removed (an empty variable in a script would report
    the full shoe, silently)."""
    if given(ctx, param.name) and not re.sub(r"[\s,]", "", value):
        raise click.UsageError("--remove names no card: give the cards already dealt, "
                               "e.g. '5h 9s', or leave --remove out")
    return value


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
    fn = click.option("--remove", "-r", default="", metavar="CARDS", callback=cards_named,
                      help="Cards already dealt, e.g. '5 5 K♠ 10h' (a suit is optional; "
                           "spaces or commas between cards).")(fn)
    fn = click.option("--counts", metavar="A,2,…,K",
                      help="A custom shoe: 13 rank counts A … K (its suits unknown).")(fn)
    fn = click.option("--decks", "-d", default=8, show_default=True, type=DeckCounts(),
                      help="Decks in the shoe: one count (bacc-edge report alone takes "
                           "several, e.g. 1,2,4,6,8,inf or 1-8: one table side by side).")(fn)
    return fn


def suited_shoe_options(fn):
    """:func:`shoe_options` for a command whose bets read each card's suit (a multiplier
    overlay): its help says --remove names each card's suit, and that --counts (rank
    counts, the suits unknown) cannot serve."""
    fn = shoe_options(fn)
    helps = {"remove": "Cards already dealt, each with its suit, e.g. 'K♠ 10h 5d'.",
             "counts": "Not for these bets: rank counts leave the suits unknown, and the "
                       "overlay reads each card's suit."}
    for param in fn.__click_params__:
        param.help = helps.get(param.name, param.help)
    return fn


def bet_option(fn):
    return click.option("--bet", "-b", "bets", multiple=True, metavar="NAME",
                        help="Only this bet (repeatable; the name as the paytable gives it).")(fn)


def fmt_option(fn):
    """--fmt: a table format of tabulate's, csv or json; the choices listed in the help's
    text, which wraps, not in the option's line, which would not."""
    tables = ", ".join(f for f in render.FORMATS if f not in ("csv", "json"))
    return click.option("--fmt", "-f", default="simple", show_default=True, metavar="FORMAT",
                        type=click.Choice(render.FORMATS),
                        help=f"Output format: csv, json (one object), or a table format of "
                             f"tabulate's: {tables}.")(fn)


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
                      type=choice_of(EndRule),
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
