"""Solving pays, the solver (analysis/; its answer written in output/).

Solving pays for a target house edge: the designer's question turned round.

Mark the unknown pays of a bet with :class:`Solve` (``Event("3 cards", …, Solve("x"))``)
or with :func:`mark_unknown`, give the house edge to keep, and :func:`solve_bet` returns
the exact pay (a fraction: on every shoe the edge is linear in each pay) and the nearby
pays a table would print, with the edge each gives.

The edge on a shoe is ``fixed - per_unit · x``: ``fixed`` the edge with the unknown
pays at zero, ``per_unit`` the chance of the unknown events weighted by their share of
x. Asking the edge to hold on several shoes (``--decks 6-8``, the infinite deck) asks
for the largest x that keeps it at or above the target on each; the shoe where it is
exactly the target is the *binding* one.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Iterable, Mapping, Sequence

from ..util.arguments import callable_argument, mapping_argument, names_argument
from .deck_comparison import Decks, deck_list_argument
from ..errors import BaccEdgeError, OptionError
from .evaluator import Evaluator, layout_for
from ..language.loader import Paytable, as_paytable
from ..util.number_text import fraction, percentage
from ..util.progress import Progress, Steps
from ..util.shown import Results, Shown
from ..language.pays import Pays, PaysError, option_percentage, pays
from ..language.bet import Bet, bet_argument
from .bet_report import Tables, tables_argument
from ..game.tableau import STANDARD, Tableau, tableau_argument
from ..game.shoe import Shoe


class SolveError(BaccEdgeError):
    """A solve that cannot be set up: no unknown pay, too many free ones, a bad target."""


class Solve(Pays):
    """An unknown pay, to be solved for: ``Solve("x")`` pays x to 1; ``Solve("x", 2)``
    pays twice x, so events sharing a name keep their ratio.

    It stands wherever a pay does (``Event(label, when, Solve("x"))``); counting a bet
    that still holds one (``bacc-edge report``) is refused until the pay is known.
    """

    def __init__(self, name: str = "x", times=1):
        if not isinstance(name, str) or not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name):
            raise PaysError(f"unknown pay name {name!r}: use a short name such as 'x'")
        try:
            factor = pays(times).net
        except PaysError:
            factor = None
        if factor is None or factor <= 0:
            raise PaysError(f"Solve({name!r}, {times!r}): the multiple must be a positive number")
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "times", factor)
        object.__setattr__(self, "text", name if factor == 1 else f"{_number(factor)}·{name}")

    @property
    def net(self) -> Fraction:
        raise PaysError(f"pay {self.text!r} is unknown: find it with `bacc-edge solve` "
                        f"(or bacc_edge.solve), then write the number")

    def __eq__(self, other) -> bool:
        return isinstance(other, Solve) and (self.name, self.times) == (other.name, other.times)

    def __hash__(self) -> int:
        return hash(("Solve", self.name, self.times))

    def __repr__(self) -> str:
        times = "" if self.times == 1 else f", {_number(self.times)}"
        return f"Solve({self.name!r}{times})"


def _number(value: Fraction) -> str:
    """A multiple as ``Solve``'s repr writes it: 2, 1.5, or the exact fraction."""
    if value.denominator == 1:
        return str(value.numerator)
    return format(float(value), "g") if float(value) == value else fraction(value)


# -- reading the designer's settings ---------------------------------------------------------
def parse_edge(value) -> Fraction:
    """A target house edge: ``"5%"``, ``"-0.5%"``, or a fraction of the stake as a number
    (``Fraction(1, 20)``, ``0.05``). Text needs its % sign, so that 5 is never read as
    500%."""
    if isinstance(value, bool):
        raise SolveError(f"target edge {value!r} is not a number")
    if isinstance(value, (int, Fraction)):
        edge = Fraction(value)
    elif isinstance(value, float):
        if not math.isfinite(value):
            raise SolveError(f"target edge {value!r} is not a number")
        edge = Fraction(repr(value))
    elif isinstance(value, str):
        try:  # the one grammar of number options: ASCII digits, nothing round them
            edge = option_percentage(value)
        except ValueError as err:
            raise SolveError(f"target edge {err}") from None
    else:
        raise SolveError(f"target edge {value!r} is not a percentage such as '5%'")
    if edge >= 1:
        raise SolveError(f"target edge {value!r}: the house cannot keep the whole stake or more")
    return edge


def parse_limit(value) -> Fraction | None:
    """A pay limit read as pays are (``500``, ``"500 to 1"``, ``"501 for 1"``): its net
    win per unit, or None for no limit."""
    if value is None or value == "":
        return None
    try:
        net = pays(value).net
    except PaysError as err:
        raise SolveError(f"pay limit: {err}") from None
    if net <= 0:
        raise SolveError(f"pay limit {value!r} must be a win (more than a push)")
    return net


def parse_given(items: Iterable[str]) -> dict[str, str]:
    """``NAME=PAY`` items (``y=5``, ``y=7:2``) as a mapping from unknown name to pay."""
    out = {}
    for item in items:
        name, eq, value = str(item).partition("=")
        if not eq or not name.strip() or not value.strip():
            raise SolveError(f"given {item!r}: write NAME=PAY, e.g. y=5")
        if name.strip() in out:
            raise SolveError(f"given {item!r}: {name.strip()} is given twice")
        out[name.strip()] = value.strip()
    return out


# -- marking unknowns ------------------------------------------------------------------------
@dataclass(frozen=True)
class Unknown:
    """An event whose pay is unknown: it pays ``times`` · ``name``."""

    label: str
    name: str
    times: Fraction


def unknowns_of(bet: Bet) -> tuple[Unknown, ...]:
    """The events of the bet whose pay is a :class:`Solve`, in the bet's order."""
    return tuple(Unknown(e.label, e.pays.name, e.pays.times) for e in bet.events
                 if isinstance(e.pays, Solve))


def mark_unknown(bet: Bet, labels: Iterable[str], *, keep_ratios: bool = False) -> Bet:
    """The bet with the pays of the named events unknown. Each is its own unknown (one
    name each), unless ``keep_ratios``: then all are one multiple ``k`` of the pays the
    bet gives them, so the paytable's ratios stay."""
    bet_argument(bet)
    labels = names_argument(labels, "labels")
    by_label = {e.label.lower(): e for e in bet.events}
    for label in labels:
        if label.lower() not in by_label:
            raise SolveError(f"bet {bet.name!r} has no event {label!r}; its events: "
                             + ", ".join(repr(e.label) for e in bet.events))
    if not labels:
        raise SolveError(f"bet {bet.name!r}: name an event whose pay is unknown")
    marked = unknowns_of(bet)
    if marked:  # a second unknown of the same name would silently join the paytable's
        raise SolveError(
            f"bet {bet.name!r} already has an unknown pay in the paytable (event "
            f"{marked[0].label!r} pays Solve({marked[0].name!r})): mark the unknowns in one "
            f"place, either with Solve in the paytable or with --solve (mark=) or --scale, "
            f"not both")
    wanted = [label.lower() for label in labels]
    if len(set(wanted)) < len(wanted):
        raise SolveError(f"bet {bet.name!r}: an event is named twice as unknown")
    events, n = [], 0
    for e in bet.events:
        if e.label.lower() not in wanted:
            events.append(e)
            continue
        if keep_ratios:
            net = pays(e.pays).net
            if net <= 0:
                raise SolveError(f"bet {bet.name!r}, event {e.label!r} pays {pays(e.pays).text}: "
                                 f"only wins keep a ratio")
            marker = Solve("k", net)
        else:
            n += 1
            marker = Solve("x" if len(labels) == 1 else f"x{n}")
        events.append(replace(e, pays=marker))
    return replace(bet, events=events)


def scale_unknown(bet: Bet) -> Bet:
    """The bet with every winning pay multiplied by one unknown factor ``k`` (a whole
    paytable scaled, its ratios kept)."""
    bet_argument(bet)
    labels = [e.label for e in bet.events if not isinstance(e.pays, Solve) and pays(e.pays).net > 0]
    if not labels:
        raise SolveError(f"bet {bet.name!r} has no winning pay to scale")
    return mark_unknown(bet, labels, keep_ratios=True)


def _substitute(bet: Bet, values: Mapping[str, Fraction], what: Mapping[str, str] | None = None) -> Bet:
    """The bet with the unknowns named in ``values`` replaced by their pays."""
    events = []
    for e in bet.events:
        if isinstance(e.pays, Solve) and e.pays.name in values:
            net = e.pays.times * values[e.pays.name]
            events.append(replace(e, pays=Pays(net, printable_text(net))))
        else:
            events.append(e)
    return replace(bet, events=events)


# -- the answer ------------------------------------------------------------------------------
@dataclass(frozen=True)
class ShoeLine:
    """On one shoe: the edge with the unknown pays at zero (``fixed``) and the chance of
    each unknown event (``chances``, in the order of the bet's unknowns). With the
    unknown events paying ``q`` the edge is ``fixed - Σ chance·q``; with each paying its
    multiple of x, ``fixed - per_unit · x``."""

    shoe: Shoe
    fixed: Fraction
    chances: tuple[Fraction, ...]
    times: tuple[Fraction, ...]

    @property
    def per_unit(self) -> Fraction:
        return sum((p * t for p, t in zip(self.chances, self.times)), Fraction(0))

    def edge(self, x: Fraction) -> Fraction:
        return self.fixed - self.per_unit * x

    def edge_with(self, pays: Sequence[Fraction]) -> Fraction:
        return self.fixed - sum((p * q for p, q in zip(self.chances, pays)), Fraction(0))


@dataclass(frozen=True)
class Candidate:
    """Printable pays for the unknown events (one per :class:`Unknown`, net to 1) and the
    exact edge they give on each shoe; ``marked`` for the one closest to the target at or
    above it."""

    pays: tuple[Fraction, ...]
    edges: tuple[Fraction, ...]
    marked: bool = False

    @property
    def worst_edge(self) -> Fraction:
        return min(self.edges)


@dataclass(frozen=True)
class Solution(Shown):
    """A bet's unknown pays solved for a target house edge on one or more shoes.

    ``value`` is the exact x (None when no pay reaches the target; ``problem`` says
    why); each unknown event pays ``times · value``. ``edges`` are the exact edges at
    that pay, per shoe; ``binding`` the shoe where it equals the target. With
    ``max_pay`` the pays stop at the limit: ``value`` is then the highest allowed and
    ``problem`` says the target needs more.
    """

    bet: Bet
    unknowns: tuple[Unknown, ...]
    target: Fraction
    shoes: tuple[Shoe, ...]
    lines: tuple[ShoeLine, ...]
    value: Fraction | None
    binding: Shoe | None
    candidates: tuple[Candidate, ...]
    max_pay: Fraction | None = None
    problem: str | None = None
    given: tuple[tuple[str, Fraction], ...] = ()
    file: str | None = None
    tableau: Tableau = STANDARD

    @property
    def name(self) -> str:
        return self.bet.name

    @property
    def reached(self) -> bool:
        """Whether the exact pay hits the target (on the binding shoe)."""
        return self.problem is None

    @property
    def pays(self) -> tuple[Fraction, ...] | None:
        """The exact pay (net, to 1) of each unknown event."""
        if self.value is None:
            return None
        return tuple(u.times * self.value for u in self.unknowns)

    @property
    def edges(self) -> tuple[Fraction, ...] | None:
        """The exact edge on each shoe at the exact pay."""
        if self.value is None:
            return None
        return tuple(line.edge(self.value) for line in self.lines)

    @property
    def notes(self) -> tuple[str, ...]:
        """Shoes on which the unknown events never happen, so their pay changes nothing."""
        return tuple(f"the unknown events never happen on {line.shoe.label}: the edge there is "
                     f"{percentage(line.fixed)} whatever they pay"
                     for line in self.lines if line.per_unit == 0)

    @property
    def marked(self) -> Candidate | None:
        return next((c for c in self.candidates if c.marked), None)

    def solved_bet(self, candidate: Candidate | None = None) -> Bet:
        """The bet with the exact pays (or a candidate's) written in."""
        if candidate is None:
            if self.value is None:
                raise SolveError(f"bet {self.name!r}: no pay reaches the target")
            values = {u.name: self.value for u in self.unknowns}
            return _substitute(self.bet, values)
        events, k = [], 0
        for e in self.bet.events:
            if isinstance(e.pays, Solve) and k < len(candidate.pays):
                net = candidate.pays[k]
                k += 1
                events.append(replace(e, pays=Pays(net, printable_text(net))))
            else:
                events.append(e)
        return replace(self.bet, events=events)


def solve_bet(bet: Bet, edge, *, shoes: Decks = "8", tableau: Tableau = STANDARD,
              max_pay=None, given: Mapping[str, object] | None = None,
              tables: Tables | None = None, file: str | None = None,
              around: int = 2) -> Solution:
    """Solve the bet's unknown pays (its :class:`Solve` markers) for the house edge
    ``edge`` (``"5%"`` or a fraction), held on every shoe of ``shoes`` (a deck list such
    as ``"6-8"`` or ``"8,inf"``, or shoes; 8 decks by default).

    ``given`` fixes unknowns by name (``{"y": 5}``); exactly one name may stay free (events
    sharing it keep their ratio). ``max_pay`` caps every unknown pay (read as a pay is).
    ``around`` printable pays are listed on each side of the exact one.
    """
    bet_argument(bet)
    tableau_argument(tableau)
    mapping_argument(given, "given")
    tables_argument(tables)
    target = parse_edge(edge)
    limit = parse_limit(max_pay)
    shoes = deck_list_argument(shoes)
    given_values = {}
    for name, value in (given or {}).items():
        try:
            given_values[name] = pays(value).net
        except PaysError as err:
            raise SolveError(f"bet {bet.name!r}, given {name}: {err}") from None
    unknowns = unknowns_of(bet)
    names = list(dict.fromkeys(u.name for u in unknowns))
    if not names:
        raise SolveError(f"bet {bet.name!r} has no unknown pay: mark one with Solve('x') or "
                         f"--solve 'BET:EVENT'")
    extra = [n for n in given_values if n not in names]
    if extra:
        raise SolveError(f"bet {bet.name!r} has no unknown named {extra[0]!r}; its unknowns: "
                         + ", ".join(names))
    bet = _substitute(bet, given_values)
    unknowns = unknowns_of(bet)
    free = list(dict.fromkeys(u.name for u in unknowns))
    if not free:
        raise SolveError(f"bet {bet.name!r}: every unknown is given, nothing is left to solve")
    if len(free) > 1:
        listed = ", ".join(f"{u.label!r} ({u.name})" for u in unknowns)
        raise SolveError(f"bet {bet.name!r} has {len(free)} free unknown pays ({listed}): the "
                         f"target has many answers. Fix their ratio (the same name, "
                         f"Solve('x', 2) for twice x; --keep-ratios on the command line) or "
                         f"give all but one")
    tables = tables or Tables()
    lines = tuple(_shoe_line(bet, shoe, tableau, tables) for shoe in shoes)
    if all(line.per_unit == 0 for line in lines):
        raise SolveError(f"bet {bet.name!r}: the unknown events never settle the bet on "
                         f"{', '.join(s.label for s in shoes)}; their pay changes nothing")
    value, binding, problem = _exact(bet, unknowns, target, lines, limit)
    candidates = _candidates(unknowns, lines, target, value, limit, around)
    return Solution(bet, unknowns, target, tuple(shoes), lines, value, binding, candidates,
                    limit, problem, tuple(given_values.items()), file, tableau)


def _shoe_line(bet: Bet, shoe: Shoe, tableau: Tableau, tables: Tables) -> ShoeLine:
    """The edge on ``shoe`` with the unknown pays at zero, and each unknown event's
    chance, from the deals each line settles."""
    placeholder = replace(bet, events=[replace(e, pays=Pays(Fraction(0), "x"))
                                       if isinstance(e.pays, Solve) else e for e in bet.events])
    layout = layout_for([placeholder], tableau)
    counts = Evaluator([placeholder], layout).line_counts(tables.get(shoe, layout))[0]
    total = sum(counts)
    fixed, chances, times = Fraction(0), [], []
    for line, count in zip([*bet.events, None], counts):
        p = bet.otherwise if line is None else line.pays
        if isinstance(p, Solve):
            chances.append(Fraction(count, total))
            times.append(p.times)
        else:
            fixed -= Fraction(count, total) * pays(p).net
    return ShoeLine(shoe, fixed, tuple(chances), tuple(times))


def _exact(bet, unknowns, target, lines, limit):
    """(x, binding shoe, problem): the largest x keeping the edge at or above the target
    on every shoe, within the limit."""
    stuck = [line for line in lines if line.per_unit == 0 and line.fixed < target]
    if stuck:
        line = stuck[0]
        return None, None, (f"the unknown events never happen on {line.shoe.label}, where the "
                            f"edge is {percentage(line.fixed)} whatever they pay, below the target")
    bounds = [((line.fixed - target) / line.per_unit, line) for line in lines if line.per_unit]
    x, line = min(bounds, key=lambda b: b[0])
    if x < 0:
        return None, None, (f"no pay reaches the target: the unknown events are too likely; "
                            f"paying nothing (a push) already leaves the house only "
                            f"{percentage(line.fixed)} on {line.shoe.label}")
    top = max(u.times for u in unknowns)
    if limit is not None and top * x > limit:
        capped = limit / top
        worst = min(line.edge(capped) for line in lines)
        return capped, None, (f"the target needs {_approx(top * x)} to 1, above the limit "
                              f"of {printable_text(limit)} to 1; at the limit the edge is "
                              f"{percentage(worst)}, above the target")
    return x, line.shoe, None


def _approx(value: Fraction) -> str:
    return printable_text(value) if (value * 2).denominator == 1 else f"{float(value):.4f}"


# -- printable pays --------------------------------------------------------------------------
def printable_step(net: Fraction) -> Fraction:
    """The step between pays a table prints near ``net``: twentieths below 2 to 1 (0.95,
    19-20), halves below 20 to 1, whole numbers from there."""
    if net < 2:
        return Fraction(1, 20)
    return Fraction(1, 2) if net < 20 else Fraction(1)


def round_printable(net: Fraction) -> Fraction:
    """The printable pay nearest ``net`` (halves up)."""
    step = printable_step(net)
    return max(step, math.floor(net / step + Fraction(1, 2)) * step)


def floor_printable(net: Fraction) -> Fraction:
    """The printable pay at or below ``net`` (at least the smallest step)."""
    step = printable_step(net)
    return max(step, math.floor(net / step) * step)


def printable_text(net: Fraction) -> str:
    """A net pay written as a number: 15, 15.5, or the fraction where it is neither."""
    if net.denominator == 1:
        return str(net.numerator)
    if (net * 2).denominator == 1 or (net * 100).denominator == 1:
        return format(float(net), "g")
    return fraction(net)


def _candidates(unknowns, lines, target, value, limit, around) -> tuple[Candidate, ...]:
    """The printable pays of the leading unknown (the largest multiple) around the exact
    one, the other unknowns rounded to printable at the same x; the edge of each exactly;
    the one with the smallest worst edge at or above the target marked."""
    lead = max(u.times for u in unknowns)
    if value is None:
        # nothing reaches the target: show the smallest pays, to show how far off it is
        start = Fraction(0)
    else:
        start = lead * value
    step = printable_step(start)
    below = math.floor(start / step) * step
    grid = {below + k * step for k in range(-around + 1, around + 1)}
    if value is None:
        grid = {step * k for k in range(1, 2 * around + 1)}
    grid = sorted(v for v in grid if v > 0 and (limit is None or v <= limit))
    pays_tried = []
    for v in grid:
        x = v / lead
        # the other unknowns at the same x, rounded to the nearest printable pay, and also
        # down (a rounding up can cost more edge than the lead's step gives back)
        for rounding in (round_printable, floor_printable):
            pay = tuple(v if u.times == lead else rounding(u.times * x) for u in unknowns)
            if pay not in pays_tried:
                pays_tried.append(pay)
    out = [Candidate(pay, tuple(line.edge_with(pay) for line in lines)) for pay in pays_tried]
    ok = [c for c in out if c.worst_edge >= target]
    if ok:
        best = min(ok, key=lambda c: c.worst_edge)
        out = [replace(c, marked=c is best) for c in out]
    return tuple(out)


# -- a paytable's bets ------------------------------------------------------------------------
def split_mark(paytable: Paytable, text: str) -> tuple[Bet, str]:
    """``"BET:EVENT"`` read against the paytable's bet names (either may hold a colon)."""
    names = {b.name.lower(): b for b in paytable.bets}
    for i, ch in enumerate(text):
        if ch == ":" and text[:i].strip().lower() in names:
            return names[text[:i].strip().lower()], text[i + 1:].strip()
    raise SolveError(f"--solve {text!r}: write 'BET:EVENT' with a bet of "
                     f"{paytable.file or 'the paytable'}: "
                     + ", ".join(repr(b.name) for b in paytable.bets))


def solve(source, edge, *, decks: Decks = "8", bets: Iterable[str] = (),
          mark: Iterable[str] = (), keep_ratios: bool = False, scale: bool = False,
          max_pay=None, given: Mapping[str, object] | None = None,
          tables: Tables | None = None,
          on_progress: Progress | None = None) -> Results[Solution]:
    """Solve the unknown pays of a paytable's bets for the house edge ``edge``
    (``on_progress(done, total)``: each bet solved; see :mod:`bacc_edge.util.progress`).

    ``source`` is a paytable file, a loaded :class:`Paytable`, a bet or a list of bets.
    Unknowns are the paytable's :class:`Solve` markers, plus the events named in ``mark``
    (``"BET:EVENT"``; several in one bet keep their ratio with ``keep_ratios``), plus,
    with ``scale``, every winning pay of each bet chosen (by ``bets``, else all) times one
    factor. Every bet left with an unknown is solved (see :func:`solve_bet`)."""
    edge, max_pay = parse_edge(edge), parse_limit(max_pay)  # refused before any counting
    bets, mark = names_argument(bets, "bets"), names_argument(mark, "mark")
    mapping_argument(given, "given")
    tables_argument(tables)
    callable_argument(on_progress)
    if keep_ratios and not mark:
        raise OptionError("keep_ratios keeps the ratio of several events marked in one bet "
                          "(mark=['BET:EVENT', …]); without mark it does nothing (scale "
                          "keeps every pay's ratio already)")
    if scale and mark:
        raise OptionError("scale makes every winning pay of a bet unknown and mark names the "
                          "unknown pays: give one (mark with keep_ratios scales the events "
                          "it names)")
    paytable = as_paytable(source)
    shoes = deck_list_argument(decks, "decks")
    chosen = {b.name for b in (paytable.select(bets) if bets else paytable).bets}
    marks: dict[str, list[str]] = {}
    for text in mark:
        bet, label = split_mark(paytable, text)
        marks.setdefault(bet.name, []).append(label)
    out_bets = []
    for bet in paytable.bets:
        if bet.name in marks:
            bet = mark_unknown(bet, marks[bet.name], keep_ratios=keep_ratios)
        elif scale and bet.name in chosen:
            bet = scale_unknown(bet)
        if unknowns_of(bet) and (bet.name in marks or bet.name in chosen):
            out_bets.append(bet)
    if not out_bets:
        raise SolveError(f"{paytable.file or 'the bets'}: no unknown pay to solve; mark one with "
                         f"Solve('x') in the paytable, or --solve 'BET:EVENT', or --scale")
    names = {u.name for b in out_bets for u in unknowns_of(b)}
    extra = [n for n in (given or {}) if n not in names]
    if extra:
        raise SolveError(f"given {extra[0]}: no unknown named {extra[0]!r}; the unknowns: "
                         + ", ".join(sorted(names)))
    tables = tables or Tables()
    step = Steps(on_progress, len(out_bets))
    out: Results[Solution] = Results()
    for b in out_bets:
        out.append(solve_bet(b, edge, shoes=shoes, tableau=paytable.rules, max_pay=max_pay,
                             given={k: v for k, v in (given or {}).items()
                                    if k in {u.name for u in unknowns_of(b)}} if given else None,
                             tables=tables, file=paytable.file))
        step()
    return out


__all__ = ["Candidate", "ShoeLine", "Solution", "Solve", "SolveError", "Unknown", "mark_unknown",
           "parse_edge", "parse_given", "parse_limit", "floor_printable", "printable_text", "round_printable", "scale_unknown",
           "solve", "solve_bet", "split_mark", "unknowns_of"]
