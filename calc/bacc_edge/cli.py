"""The ``bacc-edge`` command: parse, load, call the library, print."""

from __future__ import annotations

import csv
import io
import json
import sys

import click
from tabulate import tabulate, tabulate_formats

from . import render
from .cards import CardNameError
from .loader import load_paytable
from .paytable import PaytableError
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
    """


def shoe_options(fn):
    """--decks, --counts and --remove: the shoe to deal from."""
    fn = click.option("--remove", "-r", default="", metavar="CARDS",
                      help="Cards already dealt, e.g. '5 5 K♠ 10h' (a suit is optional).")(fn)
    fn = click.option("--counts", metavar="A,2,…,K",
                      help="A custom shoe: 13 rank counts A … K (its suits unknown).")(fn)
    fn = click.option("--decks", "-d", default=8, show_default=True, type=int,
                      help="Decks in the shoe.")(fn)
    return fn


def build_shoe(decks: int, counts: str | None, remove: str) -> tuple[Shoe, Shoe]:
    """The shoe to evaluate on, and the full shoe it came from."""
    if counts:
        parts = counts.replace(",", " ").split()
        try:
            full = Shoe.from_ranks([int(p) for p in parts], label="custom shoe")
        except ValueError as err:
            raise click.BadParameter(f"{counts!r}: {err}", param_hint="--counts") from None
    else:
        full = Shoe.decks(decks)
    return full.remove(remove) if remove.strip() else full, full


@main.command("report")
@click.argument("paytables", nargs=-1, required=True, type=click.Path(dir_okay=False))
@shoe_options
@click.option("--bet", "-b", "bets", multiple=True, metavar="NAME",
              help="Only this bet (repeatable; the name as the paytable gives it).")
@click.option("--fmt", "-f", default="simple", show_default=True, type=click.Choice(FORMATS),
              help="Table format: tabulate's, or csv, or json (one object).")
@click.option("--exact", is_flag=True, help="Add exact combination counts and fractions.")
@click.option("--digits", default=3, show_default=True, type=click.IntRange(0, 15),
              help="Decimal places of the percentages.")
@click.option("--check", "do_check", is_flag=True,
              help="Compare with the figures the sheets printed; exit 1 on a mismatch.")
def report_command(paytables, decks, counts, remove, bets, fmt, exact, digits, do_check):
    """Print each bet's table: event, hit rate, pays, return, then the player net.

    \b
    Examples:
      bacc-edge paytables/three_card_win.py
      bacc-edge paytables/live_dealer.py --bet "Perfect Pair" --decks 6 --exact
      bacc-edge paytables/live_dealer.py --remove "5 5 K♠ 10h" --fmt github
      bacc-edge paytables/*.py --check
      bacc-edge my_bet.py --fmt json
    """
    try:
        loaded = [load_paytable(p) for p in paytables]
        if bets:
            known = {b.name.lower() for pt in loaded for b in pt.bets}
            unknown = [b for b in bets if b.lower() not in known]
            if unknown:
                raise click.ClickException(
                    f"no bet named {', '.join(map(repr, unknown))}; the paytables define: "
                    + ", ".join(repr(b.name) for pt in loaded for b in pt.bets))
            loaded = [pt.select(bets) for pt in loaded]
        tables = Tables()
        if do_check:
            _print_checks([c for pt in loaded for c in check(pt, tables=tables)], fmt)
            return
        shoe, full = build_shoe(decks, counts, remove)
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


def _print_checks(checks, fmt):
    if fmt == "json":
        click.echo(json.dumps({"checks": [render.check_json(c) for c in checks]}, indent=2))
    else:
        headers, rows = render.check_rows(checks)
        if fmt == "csv":
            out = io.StringIO()
            csv.writer(out).writerows([headers, *rows])
            click.echo(out.getvalue(), nl=False)
        else:
            click.echo(tabulate(rows, headers=headers, tablefmt=fmt, disable_numparse=True))
        for c in checks:
            if c.finding:
                click.echo(f"\n{c.status}: {c.bet or c.file}: {c.label or c.kind}: {c.finding}")
    failed = [c for c in checks if not c.passed]
    click.echo(f"\n{len(checks) - len(failed)} of {len(checks)} printed figures check out"
               + (f"; {len(failed)} do not" if failed else ""), err=bool(failed))
    if failed:
        sys.exit(1)
