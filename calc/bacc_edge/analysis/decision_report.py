"""The report of a file of games with a decision (``bacc-edge decide``): each game solved
on each shoe of a deck list, its return under optimal play, under the printed table and
under each simple play (always the same option), and the strategy."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..errors import ArgumentError, OptionError, PaytableError, kind_of
from ..game.shoe import Shoe
from ..language.decisions import DecisionFile, load_decisions
from .decisions import DecisionSolution, solve_decision

#: The deck counts a decision report solves by default.
DEFAULT_DECKS = (1, 6, 8)
#: The largest number of decks a decision is counted on (the card-level table's int64).
MOST_DECKS = 27
#: How many of the printed table's costliest errors a report keeps.
ERRORS_KEPT = 10


@dataclass(frozen=True)
class Play:
    """A way of playing and what it returns, per unit of the first stake: ``net`` the
    expected net (the fee counted as lost), ``wagered`` the average amount staked (fee
    included); ``rtp`` the return to player as a share of everything wagered."""

    name: str
    net: Fraction
    wagered: Fraction

    @property
    def rtp(self) -> Fraction | None:
        """None for a play that never stakes anything."""
        return 1 + self.net / self.wagered if self.wagered else None


@dataclass(frozen=True)
class SolvedGame:
    """One game on one shoe: its solution, its plays (optimal, the printed table, its
    rules of thumb, then always each option), each play's costliest errors against
    optimal play, summed by printed cell (play name → errors), and the figure the game's sources publish (text,
    None where none)."""

    game: str
    decks: int
    solution: DecisionSolution
    plays: tuple[Play, ...]
    errors: dict
    published: str | None


@dataclass(frozen=True)
class DecisionReport:
    """Every game of a decision file on every shoe of the deck list."""

    source: DecisionFile
    decks: tuple[int, ...]
    games: tuple[SolvedGame, ...]
    #: the cards dealt from every shoe before the coup (empty: full shoes)
    removed: str = ""


def _shoes(decks) -> tuple[Shoe, ...]:
    """Full shoes of each number of ``decks`` (a number, or a list of numbers or shoes
    as the command's deck list gives them)."""
    listed = (decks,) if isinstance(decks, (int, Shoe)) else decks
    try:
        listed = tuple(listed)
    except TypeError:
        raise OptionError(f"decks {kind_of(decks)} must be a number of decks or a list of "
                          f"them, e.g. (1, 6, 8)") from None
    if not listed:
        raise OptionError("give at least one number of decks")
    shoes = []
    for n in listed:
        if n is None or (isinstance(n, Shoe) and n.replacement):
            raise OptionError("decisions are counted on finite shoes (the cards seen change "
                              "those left): give whole numbers of decks, not inf")
        if isinstance(n, Shoe):
            n = n.dealt_from
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MOST_DECKS:
            raise OptionError(f"decks {n!r}: a decision is counted on 1 to {MOST_DECKS} decks")
        shoes.append(Shoe.decks(n))
    return tuple(shoes)


def _solved(game, shoe: Shoe, source: DecisionFile) -> SolvedGame:
    solution = solve_decision(game, shoe, tableau=source.rules)
    strategies = {"printed table": solution.printed_strategy(),
                  **{t.name: t.choose for t in game.thumbs},
                  **{f"always {o}": o for o in solution.options}}
    plays = [Play("optimal", solution.optimal_return, solution.wagered())]
    errors = {}
    for name, strategy in strategies.items():
        try:
            plays.append(Play(name, solution.return_under(strategy), solution.wagered(strategy)))
            if not isinstance(strategy, str):
                errors[name] = tuple(solution.printed_errors(strategy)[:ERRORS_KEPT])
        except ArgumentError as err:  # a rule of thumb of the file that fails: name it
            raise PaytableError(f"{source.path}: game {game.name!r}, play {name!r}: "
                                f"{err}") from None
    return SolvedGame(game.name, shoe.dealt_from, solution, tuple(plays), errors,
                      game.published)


def _names_apart(source: DecisionFile) -> None:
    """Refuse names that would make two rows of the report alike: two games of one name,
    or a rule of thumb named as a play the report writes itself (``optimal``, ``printed
    table``, ``always OPTION``) or as another rule of the same game."""
    seen = set()
    for game in source.decisions:
        if game.name in seen:
            raise PaytableError(f"{source.path}: two games are named {game.name!r}: name each "
                                f"apart, so that their rows can be told apart")
        seen.add(game.name)
        taken = {"optimal", "printed table", *(f"always {o.name}" for o in game.options)}
        for thumb in game.thumbs:
            if thumb.name in taken:
                raise PaytableError(f"{source.path}: game {game.name!r}: a rule of thumb is "
                                    f"named {thumb.name!r}, as another play of the report; "
                                    f"name it apart")
            taken.add(thumb.name)


def decision_report(path, decks=DEFAULT_DECKS, *, remove: str = "") -> DecisionReport:
    """Load the decision file at ``path`` and solve each of its games on shoes of each
    number of ``decks``, less the cards ``remove`` names (e.g. ``"5 5 K 9"``: a shoe
    part dealt)."""
    if not isinstance(remove, str):
        raise OptionError(f"remove {kind_of(remove)} must be card names in a string, "
                          f"e.g. '5 5 K 9'")
    full = _shoes(decks)
    shoes = tuple(s.remove(remove) for s in full) if remove.strip() else full
    source = load_decisions(path)
    _names_apart(source)
    # solved shoe by shoe (a shoe's count is kept for its next game), listed game by game
    solved = {(i, j): _solved(g, s, source) for j, s in enumerate(shoes)
              for i, g in enumerate(source.decisions)}
    return DecisionReport(source, tuple(s.dealt_from for s in full),
                          tuple(solved[i, j] for i in range(len(source.decisions))
                                for j in range(len(shoes))),
                          " ".join(remove.split()))


__all__ = ["DEFAULT_DECKS", "DecisionReport", "Play", "SolvedGame", "decision_report"]
