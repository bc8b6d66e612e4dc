"""Deck comparison, its figures (analysis/; written in output/).

Every deck count in one table: a bet's edge, hit rate and SD on 1, 2, … 8 decks and
the infinite deck, side by side, the way published tables show them.

``--decks 1,2,4,6,8,inf`` (or a range, ``1-8``) is read by :func:`parse_decks`; each
shoe is counted exactly, and an event that cannot happen on some shoe (a suited pair
on one deck) is a zero line and a note there, not an error, since on another deck
count it can.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Sequence

from ..util.arguments import callable_argument, quoted
from ..errors import ArgumentError, OptionError
from .evaluator import Evaluator
from ..language.loader import Paytable, as_paytable
from ..language.bet import Bet
from ..language.pays import loosely_written
from ..util.progress import Progress, Steps, part
from ..util.shown import Results, Shown
from .bet_report import BetResult, EventResult, Tables, each_paytable, layouts, tables_argument
from .streamed_count import how_counted
from ..game.shoe import Shoe

#: The most shoes one table compares (a range like 1-1000 is refused).
MAX_SHOES = 64
#: What ``--decks`` calls the infinite deck.
INFINITE_WORDS = ("inf", "infinite", "∞")
#: The deck counts the math report and results/ compare: 1 to 8 decks and the infinite deck.
STANDARD_DECKS = "1-8,inf"


class RepeatedDecks(OptionError):
    """A deck list that names one deck count twice (``"8,8"``, ``"1-8,6"``): refused, not
    dropped in silence, since the table would then say something other than the list."""


def parse_decks(text: str) -> tuple[Shoe, ...]:
    """The shoes a deck list names, in its order: ``"8"``, ``"6-8"``, ``"1,2,4,6,8,inf"``.

    Counts are whole numbers from 1; ``inf`` is the infinite deck. A count named twice
    is refused (:class:`RepeatedDecks`)."""
    if isinstance(text, bool) or not isinstance(text, (str, int)):
        raise ArgumentError(f"text {quoted(text)} must be a deck list such as '1,2,4,6,8,inf', "
                            f"'6-8' or '8'")
    raw = str(text)
    if not raw.strip():
        raise OptionError("deck counts: give a count such as 8, a list such as 1,2,4,6,8,inf "
                          "or a range such as 6-8")
    counts: list[int | None] = []
    for piece in re.split(r"\s*,\s*", raw):  # spaces beside a comma; none in a count
        counts += _deck_counts(piece, raw)
    unique = list(dict.fromkeys(counts))
    if len(unique) > MAX_SHOES:
        raise OptionError(f"deck counts {raw!r} name {len(unique)} shoes; at most {MAX_SHOES} "
                          f"in one table")
    seen: set[int | None] = set()
    for n in counts:
        if n in seen:
            raise RepeatedDecks(f"{raw!r} names {'inf' if n is None else f'{n} decks'} twice: "
                                f"give each deck count once")
        seen.add(n)
    return tuple(Shoe.infinite() if n is None else Shoe.decks(n) for n in counts)


#: Several shoes as a call takes them: a deck list (``"1-8,inf"``), a number of decks, a
#: :class:`Shoe`, or a list of numbers of decks and shoes (see :func:`deck_list_argument`).
Decks = str | int | Shoe | Sequence[int | Shoe]


def deck_list_argument(value: Decks, name: str = "shoes") -> tuple[Shoe, ...]:
    """The shoes an API call is given: a deck list (``"1-8,inf"``, read by
    :func:`parse_decks`), a number of decks, a :class:`Shoe`, or a list of shoes and
    numbers of decks. Anything else is an ArgumentError naming ``name``; a shoe named
    twice, in any form, is refused as the text's repeats are (:class:`RepeatedDecks`)."""
    if isinstance(value, str):
        return parse_decks(value)
    items = list(value) if isinstance(value, (list, tuple)) else [value]
    for item in items:
        if isinstance(item, bool) or not isinstance(item, (int, Shoe)):
            raise ArgumentError(f"{name} {quoted(value)} must be a deck list such as "
                                f"'1,2,4,6,8,inf', a number of decks, a Shoe or a list of "
                                f"them")
    if not items:
        raise ArgumentError(f"{name} {quoted(value)} is empty: give at least one shoe, e.g. 8")
    shoes = tuple(Shoe.decks(n) if isinstance(n, int) else n for n in items)
    for i, shoe in enumerate(shoes):
        if shoe in shoes[:i]:
            raise RepeatedDecks(f"{name} {quoted(value)} names {shoe.label} twice: give each "
                                f"shoe once")
    return shoes


class DeckList(tuple):
    """Several shoes named by a deck list (``"1,2,4,6,8,inf"``), remembering the text: a
    command that takes one shoe names it back as written."""

    text: str

    def __new__(cls, text: str):
        self = super().__new__(cls, parse_decks(text))
        self.text = str(text).strip()
        return self

    def __repr__(self) -> str:
        return repr(self.text)


def check_deck_list_options(*, counts=None, remove: str = "", infinite: bool = False,
                            check: bool = False, exact: bool = False) -> None:
    """Refuse the report options that do not go with several deck counts: the table
    compares full shoes of each count."""
    clash = [name for name, on in (("--counts", counts), ("--remove", (remove or "").strip()),
                                   ("--infinite", infinite), ("--check", check),
                                   ("--exact", exact)) if on]
    if clash:
        raise OptionError(f"--decks with several deck counts compares full shoes side by side; "
                          f"it does not go with {clash[0]} (add inf to the list for the "
                          f"infinite deck)")


def _whole(text: str) -> bool:
    """Whether the text is a whole number in ASCII digits (str.isdigit also takes '²',
    which int cannot read)."""
    return text.isascii() and text.isdecimal()


def _deck_counts(part: str, raw: str) -> list[int | None]:
    if part.lower() in INFINITE_WORDS:
        return [None]
    low, dash, high = part.partition("-")
    if dash and _whole(low) and _whole(high):
        lo, hi = int(low), int(high)
        if lo < 1:
            raise OptionError(f"deck counts {raw!r}: the range {part!r} starts at {lo} decks; "
                              f"a shoe holds 1 deck at least")
        if hi < lo:
            raise OptionError(f"deck counts {raw!r}: the range {part!r} runs downwards; write "
                              f"the fewer decks first ({hi}-{lo})")
        if hi - lo >= MAX_SHOES:
            raise OptionError(f"deck counts {raw!r}: the range {part!r} names more than "
                              f"{MAX_SHOES} shoes")
        return list(range(lo, hi + 1))
    if _whole(part) and int(part) >= 1:
        return [int(part)]
    raise OptionError(f"deck counts {raw!r}: {part!r} is not a number of decks from 1, a range "
                      f"such as 6-8, or inf{loosely_written(part)}")


def results_on(paytable: Paytable, shoe: Shoe, tables: Tables,
               on_progress: Progress | None = None) -> list[BetResult]:
    """Every bet of the paytable on ``shoe``, exactly, under its tableau. Unlike
    :func:`bacc_edge.report`, an event that never settles the bet on this shoe is a zero
    line with a warning, not an error: it may happen on other deck counts.
    ``on_progress``: each bet counted (see :mod:`bacc_edge.util.progress`). Each shoe's
    layouts are its own: a bet too large or slow to keep is counted on it by ranks and
    suits apart, or streamed, as a report of that shoe alone counts it."""
    results: dict[int, BetResult] = {}
    step = Steps(on_progress, len(paytable.bets))
    for layout, chosen in layouts(paytable.bets, paytable.rules, shoe, streamed=True,
                                  counted=shoe).items():
        evaluator = Evaluator([paytable.bets[i] for i in chosen], layout)
        table = tables.get(shoe, layout)
        for i, counts, pays in zip(chosen, evaluator.line_counts(table), evaluator.pays):
            results[i] = _result(paytable.bets[i], counts, pays, table.total, shoe, paytable,
                                 how_counted(layout, shoe))
        step(len(chosen))
    return [results[i] for i in range(len(paytable.bets))]


def _result(bet: Bet, counts, pays, total: int, shoe: Shoe, paytable: Paytable,
            counted: str) -> BetResult:
    lines = [EventResult(e.label, p, c, Fraction(c, total))
             for e, p, c in zip(bet.events, pays, counts)]
    lines.append(EventResult(bet.otherwise_label, pays[-1], counts[-1],
                             Fraction(counts[-1], total), otherwise=True))
    warnings = tuple(f"bet {bet.name!r}, event {e.label!r} never settles the bet on {shoe.label}"
                     for e, c in zip(bet.events, counts) if c == 0)
    return BetResult(bet, shoe, total, tuple(lines), paytable.file, warnings, paytable.rules,
                     counted)


@dataclass(frozen=True)
class DeckComparison(Shown):
    """One bet on several shoes: ``results[i]`` is its table on ``shoes[i]``."""

    bet: Bet
    shoes: tuple[Shoe, ...]
    results: tuple[BetResult, ...]
    file: str | None = None

    @property
    def name(self) -> str:
        return self.bet.name

    @property
    def edges(self) -> tuple[Fraction, ...]:
        return tuple(r.edge for r in self.results)


def compare_decks(source, shoes: Decks = STANDARD_DECKS, *,
                  tables: Tables | None = None,
                  on_progress: Progress | None = None) -> Results[DeckComparison]:
    """Every bet of ``source`` (a paytable file, a loaded :class:`Paytable`, a bet or a
    list of bets) on each shoe of ``shoes`` (a deck list such as ``"1,2,4,6,8,inf"``, or
    shoes), exactly (``on_progress``: each bet counted on each shoe)."""
    callable_argument(on_progress)
    shoes = deck_list_argument(shoes)
    if not shoes:
        raise OptionError("no shoes to compare")
    paytable = as_paytable(source)
    tables = tables_argument(tables) or Tables()
    n = len(paytable.bets)
    per_shoe = [results_on(paytable, shoe, tables,
                           part(on_progress, k * n, n, len(shoes) * n))
                for k, shoe in enumerate(shoes)]
    return Results(DeckComparison(bet, shoes, tuple(rs[b] for rs in per_shoe), paytable.file)
                   for b, bet in enumerate(paytable.bets))


def compare_decks_of(paytables: Sequence, shoes: Decks, *,
                     tables: Tables | None = None,
                     on_progress: Progress | None = None) -> list[DeckComparison]:
    """:func:`compare_decks` over several paytables, one list (``on_progress``: each
    paytable an equal share)."""
    tables = tables or Tables()
    return [c for paytable, stage in each_paytable(paytables, on_progress)
            for c in compare_decks(paytable, shoes, tables=tables, on_progress=stage)]


__all__ = ["DeckComparison", "DeckList", "Decks", "MAX_SHOES", "RepeatedDecks", "STANDARD_DECKS",
           "check_deck_list_options", "compare_decks", "compare_decks_of", "parse_decks",
           "results_on"]
