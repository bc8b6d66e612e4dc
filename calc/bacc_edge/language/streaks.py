"""Bets over several coups: a run of one side's wins, paid by its length.

A :class:`RunBet` is placed after certain outcomes (``placed_after``) or once a run has
grown long (``placed_after_run``), then follows the
coups: each coup's winner either *continues* the run (the side the bet counts), is
*skipped* (the run goes on as if it had not been dealt), *breaks* it (the bet is paid by
the run so far) or *pushes* it (the stake is returned). The run reaching the longest
paid length ends the bet, paid that line. The end of the shoe — the cut card — ends a
run too; ``at_shoe_end`` says whether it is then paid as seen or the stake returned.

Banker Streak (``paytables/streaks/banker_streak.py``): placed after a Player or Tie win
or ten Banker wins in a row, the Banker's wins continue, a Player or Tie win breaks, four to ten-or-more wins pay.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from typing import Mapping

from ..errors import PaytableError
from ..game.coup import Winner
from ..util.arguments import member_argument
from .pays import Pays, PaysError, pays


class RunStep(StrEnum):
    """What one coup's winner does to a run."""

    CONTINUE = "continue"
    SKIP = "skip"
    BREAK = "break"
    PUSH = "push"


class AtShoeEnd(StrEnum):
    """A run still going when the shoe ends (the cut card): paid by the run seen, or the
    stake returned."""

    PAID_AS_SEEN = "paid as seen"
    PUSH = "push"


class Ending(StrEnum):
    """How a run bet ended: broken by a coup, at the longest paid length, pushed by a
    coup, or by the end of the shoe."""

    BROKEN = "broken"
    TOP = "top"
    PUSHED = "pushed"
    SHOE_END = "shoe end"


@dataclass(frozen=True)
class RunBet:
    """A bet on a run of coups, paid by its length.

    Parameters
    ----------
    name : str
        The bet's name.
    steps : mapping of Winner to RunStep
        What each coup's winner does to the run; a winner left out breaks it.
    pays : mapping of int to pays
        Run length → what it pays (read by :func:`~bacc_edge.pays`); shorter runs than
        the least length lose, the longest length is "or more" and ends the bet.
    placed_after : frozenset of Winner
        The coups after which the bet may be placed (the rule; a part-dealt shoe is
        valued as it stands).
    at_shoe_end : AtShoeEnd
        What a run still going at the end of the shoe is paid.
    placed_after_run : int or None
        The bet may also be placed once the run, as this bet counts it (wins that
        continue it, skipped coups left out, a break or push starting it afresh), has
        reached this length: Banker Streak's "after ten Banker wins in a row" (10).
        None: only after ``placed_after``.
    """

    name: str
    steps: Mapping[Winner, RunStep]
    pays: Mapping[int, object]
    placed_after: frozenset = frozenset(Winner)
    at_shoe_end: AtShoeEnd = AtShoeEnd.PAID_AS_SEEN
    placed_after_run: int | None = None
    lines: tuple[tuple[int, Pays], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        where = f"run bet {self.name!r}"
        if not isinstance(self.name, str) or not self.name.strip() or not self.name.isprintable():
            raise PaytableError(f"a run bet needs a name (one line of text), got {self.name!r}")
        try:
            steps = {Winner(w): RunStep(s) for w, s in dict(self.steps).items()}
        except (TypeError, ValueError):
            raise PaytableError(f"{where}: steps {self.steps!r} must map each winner "
                                f"(Winner.PLAYER …) to a step ({', '.join(RunStep)})") from None
        object.__setattr__(self, "steps", {w: steps.get(w, RunStep.BREAK) for w in Winner})
        if RunStep.CONTINUE not in self.steps.values():
            raise PaytableError(f"{where}: no winner continues the run")
        if all(s in (RunStep.CONTINUE, RunStep.SKIP) for s in self.steps.values()):
            raise PaytableError(f"{where}: no winner ends the run, so it would never end")
        object.__setattr__(self, "lines", _lines(self.pays, where))
        try:
            object.__setattr__(self, "placed_after", frozenset(Winner(w) for w in self.placed_after))
            object.__setattr__(self, "at_shoe_end", AtShoeEnd(self.at_shoe_end))
        except (TypeError, ValueError):
            raise PaytableError(f"{where}: placed_after must be winners and at_shoe_end one "
                                f"of {', '.join(map(repr, AtShoeEnd))}") from None
        run = self.placed_after_run
        if run is not None and (isinstance(run, bool) or not isinstance(run, int) or run < 1):
            raise PaytableError(f"{where}: placed_after_run {run!r} must be a run length, a "
                                f"whole number from 1 (or None)")
        if not self.placed_after and run is None:
            raise PaytableError(f"{where}: placed_after names no winner, so it is never placed")

    def may_place(self, previous: Winner, run: int) -> bool:
        """Whether the bet may be placed after a coup won by ``previous``, the run as
        this bet counts it standing at ``run`` after that coup."""
        return previous in self.placed_after or (
            self.placed_after_run is not None and run >= self.placed_after_run)

    def places(self, winners) -> list[int]:
        """The coups of a shoe whose ``winners`` (in order) the bet may be placed
        before: each i from 1 whose previous coup its rule allows after."""
        out, run = [], 0
        for i in range(1, len(winners)):
            run = self.counted(run, Winner(winners[i - 1]))
            if self.may_place(Winner(winners[i - 1]), run):
                out.append(i)
        return out

    def counted(self, run: int, winner: Winner) -> int:
        """The run as this bet counts it after a coup won by ``winner``, from ``run``:
        one longer, the same (skipped), or 0 (broken or pushed: a new run begins)."""
        step = self.steps[winner]
        if step is RunStep.CONTINUE:
            return run + 1
        return run if step is RunStep.SKIP else 0

    @property
    def top(self) -> int:
        """The longest paid length: reaching it ends the bet."""
        return self.lines[-1][0]

    def net(self, length: int, ending: Ending) -> Fraction:
        """What one unit staked wins when the run ends at ``length`` by ``ending``."""
        if ending is Ending.PUSHED or (ending is Ending.SHOE_END
                                       and self.at_shoe_end is AtShoeEnd.PUSH):
            return Fraction(0)
        paid = [p.net for n, p in self.lines if n <= length]
        return paid[-1] if paid else Fraction(-1)

    def label(self, length: int) -> str:
        """The pay line a run of ``length`` falls on, as the bet's table names it: the
        lengths from one paid length to the next paid the same, "n to m", one line."""
        least = self.lines[0][0]
        if length < least:
            return "0" if least == 1 else f"{least - 1} or fewer"
        if length >= self.top:
            return f"{self.top} or more"
        start = max(n for n, _ in self.lines if n <= length)
        end = min(n for n, _ in self.lines if n > length) - 1
        return str(start) if start == end else f"{start} to {end}"


#: The longest run length a table may name: a run's chain is followed length by length.
LONGEST_RUN = 1000


def _lines(table, where: str) -> tuple[tuple[int, Pays], ...]:
    if not isinstance(table, Mapping) or not table:
        raise PaytableError(f"{where}: pays {table!r} must map run lengths to pays, e.g. "
                            f"{{4: 10, 5: 15}}")
    out = []
    for n, value in sorted(table.items(), key=lambda kv: (not isinstance(kv[0], int), kv[0])):
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise PaytableError(f"{where}: run length {n!r} must be a whole number from 1")
        if n > LONGEST_RUN:
            raise PaytableError(f"{where}: run length {n} is past the longest taken, "
                                f"{LONGEST_RUN:,} coups (an 8-deck shoe deals about 80)")
        try:
            out.append((n, pays(value)))
        except PaysError as err:
            raise PaytableError(f"{where}, run of {n}: {err}") from None
    return tuple(out)


def _run_of(runner: Winner, breaker: Winner, name, table, ties, placed_after,
            at_shoe_end, placed_after_run) -> RunBet:
    """A run of ``runner``'s wins that ``breaker``'s win breaks, a tie as ``ties`` says
    (refused, naming the bet, where it is no step): the shortcuts' one body."""
    tie_step = member_argument(ties, RunStep, f"run bet {name!r}: ties", PaytableError)
    return RunBet(name, {runner: RunStep.CONTINUE, breaker: RunStep.BREAK,
                         Winner.TIE: tie_step}, table, frozenset(placed_after), at_shoe_end,
                  placed_after_run)


def banker_run(name: str, table: Mapping[int, object], *, ties: RunStep = RunStep.BREAK,
               placed_after=(Winner.PLAYER, Winner.TIE),
               at_shoe_end: AtShoeEnd = AtShoeEnd.PAID_AS_SEEN,
               placed_after_run: int | None = None) -> RunBet:
    """A run of the banker's wins: a player's win breaks it, a tie as ``ties`` says;
    placed after ``placed_after``'s wins or once the run reaches ``placed_after_run``."""
    return _run_of(Winner.BANKER, Winner.PLAYER, name, table, ties, placed_after, at_shoe_end,
                   placed_after_run)


def player_run(name: str, table: Mapping[int, object], *, ties: RunStep = RunStep.BREAK,
               placed_after=(Winner.BANKER, Winner.TIE),
               at_shoe_end: AtShoeEnd = AtShoeEnd.PAID_AS_SEEN,
               placed_after_run: int | None = None) -> RunBet:
    """A run of the player's wins: a banker's win breaks it, a tie as ``ties`` says;
    placed after ``placed_after``'s wins or once the run reaches ``placed_after_run``."""
    return _run_of(Winner.PLAYER, Winner.BANKER, name, table, ties, placed_after, at_shoe_end,
                   placed_after_run)


__all__ = ["LONGEST_RUN", "AtShoeEnd", "Ending", "RunBet", "RunStep", "banker_run", "player_run"]
