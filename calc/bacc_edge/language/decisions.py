"""A decision in the paytable language: at a point of the coup the bettor, having seen
some cards, chooses one of a few options, and each option says what it does.

Two kinds of game carry a decision:

- :class:`DecidedBet`: a bet on the punto banco coup (a :class:`~bacc_edge.language.bet.Bet`),
  with a fee on its stake, after whose first four cards the bettor sees some of them
  (:class:`Shown`: which, or a law over how many) and chooses a stake (:class:`Option`:
  keep, double, triple; or, for a bet offered mid-coup, take it or not). The fee is
  charged on the first stake alone, never on a raise. Peek Baccarat is one; a bet
  offered once the first cards are seen (insurance against a natural) is another.
- :class:`OwnHand`: the bettor's own hand against the dealer's, as in Lucky Draw
  Baccarat: the bettor sees his two cards and the dealer's first and chooses to stand
  or draw, drawing with a second stake that pays by his final points; the dealer draws
  by a rule of his own.

The choice may use only what is seen: an information state is the point values of the
cards shown (a ten and a king are alike to every bet on points). Counting and solving
are in :mod:`bacc_edge.analysis.decisions`.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from pathlib import Path

from ..errors import ArgumentError, PaytableError, kind_of
from ..game.cards import POINT_VALUES
from ..game.coup import POSITIONS
from ..game.tableau import STANDARD, Tableau
from .bet import Bet
from .loader import run_file
from .shipped import paytable_path, shipped_names, shipped_path
from .pays import Pays, exact_number, pays

#: The first four cards, in dealing order: the cards a bettor may be shown before he
#: chooses (no third card is dealt until he has).
FIRST_FOUR = POSITIONS[:4]
#: Which k cards :meth:`Shown.how_many` shows: any k of the four alike, or the first k dealt.
WHICH = ("any", "first")


def _fraction(value, what: str) -> Fraction:
    """An exact number from ``value`` (1, 0.2, '1/5', Fraction), refused by name."""
    if isinstance(value, bool):
        raise PaytableError(f"{what} {kind_of(value)} is not a number")
    try:
        return exact_number(value)
    except (TypeError, ValueError):
        raise PaytableError(f"{what} {kind_of(value)} is not a number "
                            f"(e.g. 2, 0.2 or '1/5')") from None


@dataclass(frozen=True)
class Shown:
    """Which of the first four cards the bettor sees before he chooses: a law over
    sets of positions, each ``(positions, weight)``; weights are exact and sum to 1.

    Build one with :meth:`cards` (always these positions) or :meth:`how_many` (a law
    over how many are shown, each set of that many equally likely).
    """

    law: tuple[tuple[tuple[str, ...], Fraction], ...]

    def __post_init__(self):
        if not isinstance(self.law, tuple) or not self.law:
            raise PaytableError(f"shown {self.law!r}: give at least one set of positions")
        seen = set()
        for positions, weight in self.law:
            for p in positions:
                if p not in FIRST_FOUR:
                    raise PaytableError(f"shown position {p!r} is not one of the first four "
                                        f"cards ({', '.join(FIRST_FOUR)})")
            if len(set(positions)) != len(positions) or positions in seen:
                raise PaytableError(f"shown positions {positions!r} are given twice")
            seen.add(positions)
            if not isinstance(weight, Fraction) or weight < 0:
                raise PaytableError(f"shown {positions!r}: weight {weight!r} must be an "
                                    f"exact number from 0")
        if sum(w for _, w in self.law) != 1:
            raise PaytableError(f"shown: the weights sum to "
                                f"{sum(w for _, w in self.law)}, not 1")

    @classmethod
    def cards(cls, *positions: str) -> "Shown":
        """Always the cards at ``positions`` (e.g. ``Shown.cards('P1', 'P2', 'B1')``)."""
        ordered = tuple(p for p in FIRST_FOUR if p in positions)
        unknown = [p for p in positions if p not in FIRST_FOUR]
        if unknown:
            raise PaytableError(f"shown position {unknown[0]!r} is not one of the first "
                                f"four cards ({', '.join(FIRST_FOUR)})")
        twice = next((p for p in ordered if positions.count(p) > 1), None)
        if twice:
            raise PaytableError(f"shown position {twice!r} is named twice: a card is shown "
                                f"once (name each of {', '.join(FIRST_FOUR)} at most once)")
        return cls(((ordered, Fraction(1)),))

    @classmethod
    def how_many(cls, law: Mapping, *, which: str = "any") -> "Shown":
        """``law[k]`` the chance that k of the first four cards are shown (k 0-4; exact
        numbers summing to 1): with ``which="any"`` the k cards are any k of the four,
        each set alike; with ``which="first"`` the first k dealt (P1, B1, P2, B2)."""
        if not isinstance(law, Mapping) or not law:
            raise PaytableError(f"how many shown {law!r}: give a mapping from a number of "
                                f"cards (0-4) to its chance, e.g. {{1: '1/2', 2: '1/2'}}")
        if which not in WHICH:
            raise PaytableError(f"how many shown: which={which!r} must be one of "
                                f"{', '.join(map(repr, WHICH))}")
        parts = []
        for k, weight in law.items():
            if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k <= len(FIRST_FOUR):
                raise PaytableError(f"how many shown: {k!r} is not a number of cards 0-4")
            w = _fraction(weight, f"the chance of {k} shown")
            sets = (list(combinations(FIRST_FOUR, k)) if which == "any"
                    else [FIRST_FOUR[:k]])
            parts += [(s, w / len(sets)) for s in sets if w]
        return cls(tuple(parts))

    @property
    def positions(self) -> tuple[str, ...]:
        """Every position ever shown, in dealing order."""
        return tuple(p for p in FIRST_FOUR if any(p in s for s, _ in self.law))

    def describe(self) -> str:
        if len(self.law) == 1:
            return " ".join(self.law[0][0]) or "no card"
        by_k: dict[int, Fraction] = {}
        for s, w in self.law:
            by_k[len(s)] = by_k.get(len(s), Fraction(0)) + w
        return ", ".join(f"{k} card{'s' if k != 1 else ''} ({w})" for k, w in sorted(by_k.items()))


@dataclass(frozen=True)
class Option:
    """One choice and what it does: ``stake``, the stake as a multiple of the first
    (2 doubles it; 0 declines a bet offered; no fee on the part above 1); ``draws``,
    whether the bettor's hand draws a third card (None: the rules decide);
    ``raise_pays``, what the stake above 1 pays by the bettor's final points (10 pays,
    points 0-9; None: as the first stake pays)."""

    name: str
    #: read as an exact number (2, '3/2', 0.5), kept as a Fraction
    stake: object = Fraction(1)
    draws: bool | None = None
    #: read by :func:`~bacc_edge.language.pays.pays` (a list of 10), kept as a tuple of Pays
    raise_pays: object = None

    def __post_init__(self):
        if not isinstance(self.name, str) or not self.name.strip() or not self.name.isprintable():
            raise PaytableError(f"an option needs a name (one line), got {self.name!r}")
        stake = _fraction(self.stake, f"option {self.name!r}: stake")
        if stake < 0:
            raise PaytableError(f"option {self.name!r}: stake {self.stake!r} is negative")
        object.__setattr__(self, "stake", stake)
        if self.draws is not None and not isinstance(self.draws, bool):
            raise PaytableError(f"option {self.name!r}: draws {self.draws!r} must be True, "
                                f"False or None")
        if self.raise_pays is not None:
            try:
                table = tuple(pays(p) for p in self.raise_pays)
            except (TypeError, ValueError) as err:
                raise PaytableError(f"option {self.name!r}: raise_pays: {err}") from None
            if len(table) != POINT_VALUES:
                raise PaytableError(f"option {self.name!r}: raise_pays needs {POINT_VALUES} "
                                    f"pays (points 0-9), got {len(table)}")
            object.__setattr__(self, "raise_pays", table)


@dataclass(frozen=True)
class RuleOfThumb:
    """A named way of playing that a person might use instead of the table: ``choose``
    takes the cards seen (position → point value) and names an option. A report plays
    it beside optimal play, with the cost of each of its errors."""

    name: str
    choose: Callable[[dict], str]

    def __post_init__(self):
        if not isinstance(self.name, str) or not self.name.strip() or not self.name.isprintable():
            raise PaytableError(f"a rule of thumb needs a name (one line), got {self.name!r}")
        if not callable(self.choose):
            raise PaytableError(f"rule of thumb {self.name!r}: choose {kind_of(self.choose)} "
                                f"must be a function of the cards seen to an option's name")


def _thumbs(thumbs, where: str) -> tuple[RuleOfThumb, ...]:
    if not isinstance(thumbs, (list, tuple)) or not all(isinstance(t, RuleOfThumb)
                                                         for t in thumbs):
        raise PaytableError(f"{where}: thumbs must be a list of RuleOfThumb(name, choose)")
    return tuple(thumbs)


def _options(options, where: str) -> tuple[Option, ...]:
    if not isinstance(options, (list, tuple)) or len(options) < 2:
        raise PaytableError(f"{where}: a decision needs at least two options")
    if not all(isinstance(o, Option) for o in options):
        raise PaytableError(f"{where}: every option must be an Option(name, ...)")
    names = [o.name for o in options]
    twice = next((n for i, n in enumerate(names) if n in names[:i]), None)
    if twice is not None:
        raise PaytableError(f"{where}: the option {twice!r} is named twice")
    return tuple(options)


@dataclass(frozen=True)
class DecidedBet:
    """A bet on the coup whose stake the bettor chooses once he has seen ``shown`` of
    the first four cards: ``options`` (their ``stake`` alone; the coup is dealt by the
    paytable's tableau); ``fee`` charged on the first stake whatever is chosen (Peek
    Baccarat's 20%). ``published``: the game's published return to player, as text
    with its source, recorded beside the counted one."""

    name: str
    bet: Bet
    shown: Shown
    options: Sequence[Option]
    #: read as an exact number (0.2, '1/5'), kept as a Fraction
    fee: object = Fraction(0)
    published: str | None = None
    thumbs: Sequence[RuleOfThumb] = ()

    def __post_init__(self):
        where = f"decided bet {self.name!r}"
        object.__setattr__(self, "thumbs", _thumbs(self.thumbs, where))
        if not isinstance(self.name, str) or not self.name.strip():
            raise PaytableError(f"a decided bet needs a name, got {self.name!r}")
        if not isinstance(self.bet, Bet):
            raise PaytableError(f"{where}: bet {self.bet!r} is not a Bet")
        if not isinstance(self.shown, Shown):
            raise PaytableError(f"{where}: shown {self.shown!r} is not a Shown(...)")
        object.__setattr__(self, "options", _options(self.options, where))
        for o in self.options:
            if o.draws is not None or o.raise_pays is not None:
                raise PaytableError(f"{where}: option {o.name!r} changes the drawing or the "
                                    f"pays; a decided bet's options choose the stake alone")
        fee = _fraction(self.fee, f"{where}: fee")
        if fee < 0:
            raise PaytableError(f"{where}: fee {self.fee!r} is negative")
        object.__setattr__(self, "fee", fee)


@dataclass(frozen=True)
class OwnHand:
    """The bettor's own hand against the dealer's (Lucky Draw Baccarat): the bettor's
    two cards are P1 and P2, the dealer's B1 (shown) and B2 (hidden). The bettor sees
    his two cards and the dealer's first and chooses among ``options`` (each says
    whether he draws, his stake, and what the stake above 1 pays); then the dealer
    draws a third card on two-card totals up to ``dealer_draws_to``. The higher points
    win; the first stake pays ``win`` on a win, is returned on a tie."""

    name: str
    options: Sequence[Option]
    dealer_draws_to: int = 4
    #: read by :func:`~bacc_edge.language.pays.pays`, kept as a Pays
    win: object = Pays(Fraction(1), "1")
    published: str | None = None
    thumbs: Sequence[RuleOfThumb] = ()

    def __post_init__(self):
        where = f"game {self.name!r}"
        object.__setattr__(self, "thumbs", _thumbs(self.thumbs, where))
        if not isinstance(self.name, str) or not self.name.strip():
            raise PaytableError(f"a game needs a name, got {self.name!r}")
        object.__setattr__(self, "options", _options(self.options, where))
        for o in self.options:
            if o.draws is None:
                raise PaytableError(f"{where}: option {o.name!r} must say whether the "
                                    f"bettor draws (draws=True or False)")
        d = self.dealer_draws_to
        if isinstance(d, bool) or not isinstance(d, int) or not -1 <= d <= POINT_VALUES - 1:
            raise PaytableError(f"{where}: dealer_draws_to {d!r} must be a total -1 "
                                f"(never draws) to 9")
        object.__setattr__(self, "win", pays(self.win))

    @property
    def shown(self) -> Shown:
        """The bettor's two cards and the dealer's first."""
        return Shown.cards("P1", "P2", "B1")


@dataclass(frozen=True)
class DecisionFile:
    """A file of games with a decision: its ``GAME`` name, its ``DECISIONS`` (a list of
    DecidedBet or OwnHand), the tableau its coups are dealt by (``RULES``), and its
    docstring, where the rules and published figures are written."""

    path: Path
    game: str
    decisions: tuple
    rules: Tableau
    docstring: str


#: The kind of shipped game the decision files are (:data:`~bacc_edge.language.shipped.KINDS`):
#: ``shipped:decisions/NAME``.
SHIPPED_DECISIONS = "decisions"


def shipped_decisions() -> tuple[str, ...]:
    """The shipped decision files' names (``lucky_draw`` …), sorted."""
    return shipped_names(SHIPPED_DECISIONS)


def shipped_decision_path(name: str) -> Path:
    """The shipped decision file ``name`` (``"lucky_draw"``, as ``--game`` takes it; it
    is ``shipped:decisions/lucky_draw`` too); a name not shipped is refused, listing
    those that are."""
    names = shipped_decisions()
    if not isinstance(name, str) or name not in names:
        raise PaytableError(f"game {name!r} is not a shipped decision file; the shipped "
                            f"ones: {', '.join(names) or 'none'}")
    return shipped_path(f"{SHIPPED_DECISIONS}/{name}")


def load_decisions(path) -> DecisionFile:
    """Run a file of games with a decision (a path, or ``"shipped:decisions/NAME"``, see
    :mod:`~bacc_edge.language.shipped`) and read its ``GAME``, ``DECISIONS`` and
    ``RULES`` (its code run by the paytable loader,
    :func:`~bacc_edge.language.loader.run_file`). Every failure is one
    :class:`~bacc_edge.errors.PaytableError` naming the file."""
    if not isinstance(path, (str, Path)):
        raise ArgumentError(f"path {kind_of(path)} must be a file's path")
    path = paytable_path(path)
    source, namespace = run_file(path)
    decisions = namespace.get("DECISIONS")
    if not isinstance(decisions, (list, tuple)) or not decisions or not all(
            isinstance(d, (DecidedBet, OwnHand)) for d in decisions):
        raise PaytableError(f"{path}: DECISIONS must be a list of DecidedBet or OwnHand")
    rules = namespace.get("RULES", STANDARD)
    if not isinstance(rules, Tableau):
        raise PaytableError(f"{path}: RULES must be a Tableau, not {rules!r}")
    game = namespace.get("GAME", Path(path).stem)
    if not isinstance(game, str) or not game.strip():
        raise PaytableError(f"{path}: GAME must be the game's name, not {game!r}")
    return DecisionFile(Path(path), game, tuple(decisions), rules,
                        ast.get_docstring(ast.parse(source)) or "")


def assigned_names(tree: ast.Module) -> set[str]:
    """The names a module's top level assigns (``X = …``, ``X: T = …``, ``X += …``)."""
    names = set()
    for node in tree.body:
        targets = (node.targets if isinstance(node, ast.Assign) else
                   [node.target] if isinstance(node, (ast.AnnAssign, ast.AugAssign)) else [])
        for target in targets:
            names |= {n.id for n in ast.walk(target) if isinstance(n, ast.Name)}
    return names


def defines_decisions(path) -> bool:
    """Whether the file at ``path`` is a file of decisions: its top level assigns
    ``DECISIONS`` (read, not run: a command that takes a paytable or a file of
    decisions chooses its loader by it, and the file's code runs once, in that
    loader). A file that cannot be read or parsed is no file of decisions (the paytable
    loader then says why); one that assigns both ``DECISIONS`` and ``BETS`` is refused,
    as neither."""
    try:
        tree = ast.parse(Path(path).read_bytes())
    except (OSError, SyntaxError, ValueError):
        return False
    names = assigned_names(tree)
    if {"DECISIONS", "BETS"} <= names:
        raise PaytableError(f"{path}: defines both BETS and DECISIONS: a paytable and a file "
                            f"of decisions are read apart; put them in two files")
    return "DECISIONS" in names


__all__ = ["FIRST_FOUR", "SHIPPED_DECISIONS", "DecidedBet", "DecisionFile", "Option", "OwnHand",
           "RuleOfThumb", "Shown", "assigned_names", "defines_decisions", "shipped_decision_path",
           "shipped_decisions", "load_decisions"]
