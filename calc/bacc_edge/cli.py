"""The ``bacc-edge`` command: parse, load, call the library, print."""

from __future__ import annotations

import csv
import io
import json
import sys
from fractions import Fraction
from pathlib import Path

import click
from tabulate import tabulate, tabulate_formats

from . import render
from .cards import CardNameError
from .commission import banker_commission_edge
from .depth import DealRules
from .depth_run import prepare, run_depth, summarize
from .eor import effects_of_removal, linear_count
from .loader import load_paytable
from .paytable import PaytableError
from .plot import plot_depth, plot_effects
from .report import Tables, check, report
from .shoe import Shoe, ShoeError

FORMATS = sorted(set(tabulate_formats) | {"csv", "json"})


class DefaultGroup(click.Group):
    """A group whose first argument, when it is not a command, goes to ``report``."""

    def parse_args(self, ctx, args):
        if args and args[0] not in self.commands and args[0] not in ("--help", "-h"):
            args = ["report", *args]
        return super().parse_args(ctx, args)


@click.group(cls=DefaultGroup, context_settings={"help_option_names": ["-h", "--help"]})
def main():
    """Exact house edges for baccarat and its side bets.

    \b
    bacc-edge paytables/three_card_win.py             the rule-sheet table of every bet
    bacc-edge report --help                           every option of that table
    bacc-edge eor paytables/live_dealer.py            effects of removal and a count
    bacc-edge commission --stake 13 --chip 1          banker edge with rounded commission
    bacc-edge depth paytables/live_dealer.py          side bets as the shoe runs down
    """


def shoe_options(fn):
    """--decks, --counts, --infinite and --remove: the shoe to deal from."""
    fn = click.option("--infinite", is_flag=True,
                      help="An infinite deck: cards dealt with replacement (the limit).")(fn)
    fn = click.option("--remove", "-r", default="", metavar="CARDS",
                      help="Cards already dealt, e.g. '5 5 K♠ 10h' (a suit is optional).")(fn)
    fn = click.option("--counts", metavar="A,2,…,K",
                      help="A custom shoe: 13 rank counts A … K (its suits unknown).")(fn)
    fn = click.option("--decks", "-d", default=8, show_default=True, type=int,
                      help="Decks in the shoe.")(fn)
    return fn


def build_shoe(decks: int, counts: str | None, remove: str, infinite: bool = False
               ) -> tuple[Shoe, Shoe]:
    """The shoe to evaluate on, and the full shoe it came from."""
    if infinite:
        full = Shoe.infinite()
    elif counts:
        parts = counts.replace(",", " ").split()
        try:
            full = Shoe.from_ranks([int(p) for p in parts], label="custom shoe")
        except ValueError as err:
            raise click.BadParameter(f"{counts!r}: {err}", param_hint="--counts") from None
    else:
        full = Shoe.decks(decks)
    return full.remove(remove) if remove.strip() else full, full


def load_selected(paths, bets):
    """The paytables, cut down to the bets named (if any)."""
    loaded = [load_paytable(p) for p in paths]
    if not bets:
        return loaded
    known = {b.name.lower() for pt in loaded for b in pt.bets}
    unknown = [b for b in bets if b.lower() not in known]
    if unknown:
        raise click.ClickException(
            f"no bet named {', '.join(map(repr, unknown))}; the paytables define: "
            + ", ".join(repr(b.name) for pt in loaded for b in pt.bets))
    return [pt.select(bets) for pt in loaded]


def bet_option(fn):
    return click.option("--bet", "-b", "bets", multiple=True, metavar="NAME",
                        help="Only this bet (repeatable; the name as the paytable gives it).")(fn)


def fmt_option(fn):
    return click.option("--fmt", "-f", default="simple", show_default=True,
                        type=click.Choice(FORMATS),
                        help="Table format: tabulate's, or csv, or json (one object).")(fn)


def print_table(rows, headers, fmt):
    """One table in a tabulate format, or as CSV."""
    if fmt == "csv":
        out = io.StringIO()
        csv.writer(out).writerows([headers, *rows])
        click.echo(out.getvalue(), nl=False)
    else:
        click.echo(tabulate(rows, headers=headers, tablefmt=fmt, disable_numparse=True))


@main.command("report")
@click.argument("paytables", nargs=-1, required=True, type=click.Path(dir_okay=False))
@shoe_options
@bet_option
@fmt_option
@click.option("--exact", is_flag=True, help="Add exact combination counts and fractions.")
@click.option("--digits", default=3, show_default=True, type=click.IntRange(0, 15),
              help="Decimal places of the percentages.")
@click.option("--check", "do_check", is_flag=True,
              help="Compare with the figures the sheets printed; exit 1 on a mismatch.")
def report_command(paytables, decks, counts, remove, infinite, bets, fmt, exact, digits,
                   do_check):
    """Print each bet's table: event, hit rate, pays, return, then the player net.

    \b
    Examples:
      bacc-edge paytables/three_card_win.py
      bacc-edge paytables/live_dealer.py --bet "Perfect Pair" --decks 6 --exact
      bacc-edge paytables/live_dealer.py --remove "5 5 K♠ 10h" --fmt github
      bacc-edge paytables/punto_banco.py --infinite
      bacc-edge paytables/*.py --check
      bacc-edge my_bet.py --fmt json
    """
    try:
        loaded = load_selected(paytables, bets)
        tables = Tables()
        if do_check:
            _print_checks([c for pt in loaded for c in check(pt, tables=tables)], fmt)
            return
        shoe, full = build_shoe(decks, counts, remove, infinite)
        results = [r for pt in loaded for r in report(pt, shoe, full_shoe=full, tables=tables)]
    except (PaytableError, ShoeError, CardNameError) as err:
        raise click.ClickException(str(err)) from None
    for r in results:
        for warning in r.warnings:
            click.echo(f"warning: {warning}", err=True)
    if fmt == "json":
        click.echo(json.dumps({"shoe": render.shoe_json(shoe),
                               "bets": [render.bet_json(r) for r in results]}, indent=2))
    elif fmt == "csv":
        out = io.StringIO()
        writer = csv.writer(out)
        for i, r in enumerate(results):
            headers, rows = render.bet_rows(r, digits=digits, exact=exact)
            if i == 0:
                writer.writerow(["File", "Bet", *headers])
            writer.writerows([[r.file, r.name, *row] for row in rows])
        click.echo(out.getvalue(), nl=False)
    else:
        click.echo(f"Shoe: {shoe}")
        for r in results:
            headers, rows = render.bet_rows(r, digits=digits, exact=exact)
            click.echo("\n" + render.bet_title(r, digits=digits, exact=exact))
            click.echo(tabulate(rows, headers=headers, tablefmt=fmt, disable_numparse=True))
            click.echo(render.bet_stats(r, digits=digits))


def _print_checks(checks, fmt):
    if fmt == "json":
        click.echo(json.dumps({"checks": [render.check_json(c) for c in checks]}, indent=2))
    else:
        headers, rows = render.check_rows(checks)
        print_table(rows, headers, fmt)
        for c in checks:
            if c.finding:
                click.echo(f"\n{c.status}: {c.bet or c.file}: {c.label or c.kind}: {c.finding}")
    failed = [c for c in checks if not c.passed]
    click.echo(f"\n{len(checks) - len(failed)} of {len(checks)} printed figures check out"
               + (f"; {len(failed)} do not" if failed else ""), err=bool(failed))
    if failed:
        sys.exit(1)


@main.command("eor")
@click.argument("paytables", nargs=-1, required=True, type=click.Path(dir_okay=False))
@shoe_options
@bet_option
@fmt_option
@click.option("--level", default=3, show_default=True, type=click.IntRange(1, 20),
              help="Largest count tag: tags run from -LEVEL to +LEVEL.")
@click.option("--digits", default=4, show_default=True, type=click.IntRange(0, 15),
              help="Decimal places of the effects (percent of stake).")
@click.option("--exact", is_flag=True, help="Add the effects as exact fractions.")
@click.option("--plot", type=click.Path(dir_okay=False), metavar="FILE.png",
              help="Also draw the effects as bar charts (needs matplotlib).")
def eor_command(paytables, decks, counts, remove, infinite, bets, fmt, level, digits, exact,
                plot):
    """Effects of removal: how each bet's expected value moves when one card of each
    rank (and suit, for suited bets) leaves the shoe, and the count built from them.

    \b
    Examples:
      bacc-edge eor paytables/live_dealer.py --bet "Lucky Six"
      bacc-edge eor paytables/three_card_win.py --level 2 --plot eor.png
      bacc-edge eor my_bets.py --decks 6 --fmt json
    """
    try:
        loaded = load_selected(paytables, bets)
        shoe, _ = build_shoe(decks, counts, remove, infinite)
        effects = [fx for pt in loaded for fx in effects_of_removal(list(pt.bets), shoe)]
    except (PaytableError, ShoeError, CardNameError) as err:
        raise click.ClickException(str(err)) from None
    counts_ = [linear_count(fx, level) for fx in effects]
    if plot:
        try:
            plot_effects(effects, counts_, plot)
        except RuntimeError as err:
            raise click.ClickException(str(err)) from None
    if fmt == "json":
        click.echo(json.dumps({"shoe": render.shoe_json(shoe), "bets": [
            render.eor_json(fx, c) for fx, c in zip(effects, counts_)]}, indent=2))
        return
    click.echo(f"Shoe: {shoe}")
    for fx, count in zip(effects, counts_):
        click.echo(f"\n{fx.bet.name} — house edge {render.percent(-fx.ev, 3)}")
        headers, rows = render.eor_rows(fx, count, digits=digits, exact=exact)
        print_table(rows, headers, fmt)
        if fx.by_card is not None and fmt != "csv":
            headers, rows = render.eor_card_rows(fx, digits=digits)
            click.echo("by suit:")
            print_table(rows, headers, fmt)
        for line in render.eor_summary(fx, count):
            click.echo(line)
    if plot:
        click.echo(f"\nwrote {plot}")


@main.command("commission")
@click.option("--stake", "stakes", multiple=True, required=True, type=str, metavar="AMOUNT",
              help="A banker bet's size (repeatable), e.g. 13 or 12.5.")
@click.option("--chip", default="1", show_default=True, metavar="AMOUNT",
              help="The table's lowest chip; commission is rounded up to a quarter of it.")
@click.option("--rate", default="5", show_default=True, metavar="PERCENT",
              help="The commission, percent of the win.")
@shoe_options
@fmt_option
def commission_command(stakes, chip, rate, decks, counts, remove, infinite, fmt):
    """The banker bet's real edge when its commission is rounded up to a quarter of the
    lowest chip (as seed 003 prescribes).

    \b
    Examples:
      bacc-edge commission --stake 13 --chip 1
      bacc-edge commission --stake 10 --stake 13 --stake 19 --chip 1 --rate 5
    """
    try:
        shoe, _ = build_shoe(decks, counts, remove, infinite)
        rows = []
        for stake in stakes:
            c = banker_commission_edge(Fraction(stake), Fraction(chip),
                                       rate=Fraction(rate) / 100, shoe=shoe)
            rows.append([stake, float(c.commission), float(c.stake - c.commission),
                         render.percent(c.nominal_edge, 4), render.percent(c.edge, 4)])
    except (ValueError, ZeroDivisionError) as err:
        raise click.ClickException(str(err)) from None
    headers = ["Stake", "Commission on a win", "Net win", "Edge at exactly " + rate + "%",
               "Real edge"]
    if fmt == "json":
        click.echo(json.dumps({"shoe": render.shoe_json(shoe), "chip": chip, "rate": rate,
                               "bets": [dict(zip(headers, r)) for r in rows]}, indent=2))
        return
    click.echo(f"Shoe: {shoe}; lowest chip {chip}, commission rounded up to {Fraction(chip) / 4}")
    print_table(rows, headers, fmt)


@main.command("depth")
@click.argument("paytable", type=click.Path(dir_okay=False))
@bet_option
@click.option("--shoes", "-n", default=1000, show_default=True, type=click.IntRange(1),
              help="Shoes to deal.")
@click.option("--decks", "-d", default=8, show_default=True, type=click.IntRange(1),
              help="Decks in the shoe.")
@click.option("--cut", default=14, show_default=True, type=click.IntRange(0),
              help="Cards behind the cut card.")
@click.option("--seed", default=1, show_default=True, type=int, help="Seed of the shuffles.")
@click.option("--cutoff", type=click.IntRange(1), metavar="ROUND",
              help="Close every bet after this round (default: each bet's max_round).")
@click.option("--level", default=3, show_default=True, type=click.IntRange(1, 20),
              help="Largest tag of each bet's count.")
@click.option("--batch", default=10, show_default=True, type=click.IntRange(1),
              help="Shoes per task.")
@click.option("--scheduler", metavar="tcp://HOST:PORT",
              help="Run on this Dask cluster instead of a local one.")
@click.option("--workers", type=click.IntRange(1), help="Local worker processes (default: all cores).")
@click.option("--state", type=click.Path(file_okay=False),
              help="Folder for finished batches (default: .bacc-edge-depth/<run>).")
@fmt_option
@click.option("--plot", type=click.Path(dir_okay=False), metavar="FILE.png",
              help="Also draw the edge by round, cutoffs marked (needs matplotlib).")
@click.option("--quiet", is_flag=True, help="No progress bar.")
def depth_command(paytable, bets, shoes, decks, cut, seed, cutoff, level, batch, scheduler,
                  workers, state, fmt, plot, quiet):
    """Deal real shoes and value every bet exactly before each coup: does a bet favour
    the player as the shoe runs down, what could a perfect player or a counter win per
    shoe, and does the table's round cutoff stop them?

    \b
    A shoe: shuffled, the first card shown and that many more burned (10 for tens and
    court cards), the cut card CUT cards from the end; coups are dealt until the one
    that brings out the cut card is finished. An interrupted run resumes: run the same
    command again.

    \b
    Examples:
      bacc-edge depth paytables/live_dealer.py --shoes 2000 --plot depth.png
      bacc-edge depth paytables/live_dealer.py --bet "Lucky Six" --cutoff 30
      bacc-edge depth paytables/live_dealer.py --scheduler tcp://10.0.0.5:8786
    """
    try:
        spec = prepare(paytable, bets, deal=DealRules(decks, cut), seed=seed, level=level,
                       cutoff=cutoff)
    except (PaytableError, ShoeError, ValueError) as err:
        raise click.ClickException(str(err)) from None
    bar = None if quiet else click.progressbar(length=shoes, label="shoes", show_eta=True,
                                               file=sys.stderr)

    def on_batch(done, total):
        if bar is not None:
            bar.update(done - bar.pos)

    try:
        tally = run_depth(spec, shoes, batch=batch, state=state, scheduler=scheduler,
                          workers=workers, on_batch=on_batch)
    except KeyboardInterrupt:
        raise click.ClickException("interrupted: the finished batches are kept; run the same "
                                   "command again to resume") from None
    finally:
        if bar is not None:
            bar.render_finish()
    summary = summarize(spec, tally)
    title = (f"{Path(paytable).name}: {shoes} shoes of {decks} decks, cut card {cut} from "
             f"the end")
    if plot:
        try:
            plot_depth(summary, title, plot)
        except RuntimeError as err:
            raise click.ClickException(str(err)) from None
    if fmt == "json":
        click.echo(json.dumps(render.depth_json(spec, shoes, summary), indent=2))
        return
    click.echo(title + f", seed {seed}; {tally.rounds_dealt.mean():.1f} rounds a shoe")
    headers, rows = render.depth_rows(summary)
    print_table(rows, headers, fmt)
    click.echo("\nRounds favouring the player, by round of the shoe:")
    headers, rows = render.depth_round_rows(summary)
    print_table(rows, headers, fmt)
    click.echo("\nUnits per shoe with a 95% interval. The perfect player bets one unit exactly "
               "when the bet favours them (the upper bound); the counter bets when the bet's own "
               "count (bacc-edge eor) reaches the true count where it turns favourable.")
    if plot:
        click.echo(f"wrote {plot}")
