"""Table rules that limit a side-bet player: a side bet placed only beside a main bet, and
at most a share of it.

Many tables take a side bet only with a bet on the player or the banker. A counter (or
the perfect player) who wants the side bet alone must then put at least the table's
least main bet beside it, and, where the side bet may be at most a share of the main
(``side_share``: a side bet of 2 units at most half the main needs a main bet of 4),
more: the main bet's own edge is a cost of playing the side bet. A run with this rule
reports each player with it and without it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from ..errors import OptionError
from ..language.bet import Bet, Event
from ..language.pays import exact_number, option_percentage
from ..language.point_words import banker, player, tie


class MainBet(StrEnum):
    """The main bet a side bet must ride on."""

    BANKER = "banker"
    PLAYER = "player"


#: The largest least main bet and the smallest share, in side-bet units: beyond, a
#: main bet's whole-number win over a shoe would no longer be held exactly.
MOST_MAIN_UNITS = 10_000


def _amount(value, what: str) -> Fraction:
    try:
        return exact_number(value)
    except ValueError as err:
        raise OptionError(f"{what}: {err}") from None


@dataclass(frozen=True)
class WithMainBet:
    """A side bet may only be placed beside a ``main`` bet (:class:`MainBet`: the banker,
    paid 0.95 to 1, or the player, paid 1 to 1; a tie returns it) of at least
    ``minimum`` units (the side bet's unit), and, when ``side_share`` is given, the side
    bet may be at most that share of the main bet (``"1/2"``: the main bet at least
    twice the side bet). Amounts are exact (``"1/2"``, ``0.5``, ``"50%"``)."""

    main: MainBet = MainBet.BANKER
    minimum: object = 1
    side_share: object = None

    def __post_init__(self):
        try:
            object.__setattr__(self, "main", MainBet(str(self.main)))
        except ValueError:
            raise OptionError(f"main bet {self.main!r} must be one of "
                              f"{', '.join(m.value for m in MainBet)}") from None
        minimum = _amount(self.minimum, "the least main bet")
        if not 0 < minimum <= MOST_MAIN_UNITS:
            raise OptionError(f"the least main bet {self.minimum!r} must be more than 0 and "
                              f"at most {MOST_MAIN_UNITS:,} units")
        object.__setattr__(self, "minimum", minimum)
        if self.side_share is not None:
            what = "the side bet's share of the main"
            if isinstance(self.side_share, str) and "%" in self.side_share:
                try:  # '50%', as every percentage is written ('50 %' is not)
                    share = option_percentage(self.side_share)
                except ValueError as err:
                    raise OptionError(f"{what}: {err}") from None
            else:
                share = _amount(self.side_share, what)
            if not Fraction(1, MOST_MAIN_UNITS) <= share:
                raise OptionError(f"the side bet's share of the main {self.side_share!r} "
                                  f"must be at least 1/{MOST_MAIN_UNITS:,} (the side bet "
                                  f"at most that share of the main bet)")
            object.__setattr__(self, "side_share", share)

    @property
    def name(self) -> str:
        """The main bet's name in a run's bets."""
        return f"{self.main.value.capitalize()} (main bet)"

    def bet(self) -> Bet:
        """The main bet, in the paytable language."""
        if self.main is MainBet.BANKER:
            return Bet(self.name, [Event("Banker wins", banker.wins, Fraction(19, 20)),
                                   Event("Tie", tie, "push")])
        return Bet(self.name, [Event("Player wins", player.wins, 1), Event("Tie", tie, "push")])

    def main_stake(self, side: Fraction) -> Fraction:
        """The main bet placed beside a side bet of ``side`` units: the least main bet,
        or the side bet over its largest share, whichever is more."""
        side = Fraction(side)
        if self.side_share is None:
            return self.minimum
        return max(self.minimum, side / self.side_share)

    def describe(self) -> dict:
        return {"main": self.main.value, "minimum": str(self.minimum),
                "side_share": None if self.side_share is None else str(self.side_share)}

    def text(self) -> str:
        share = ("" if self.side_share is None else
                 f", the side bet at most {self.side_share} of it")
        units = "unit" if self.minimum == 1 else "units"
        return f"with a {self.main.value} bet of at least {self.minimum} {units}{share}"


__all__ = ["MainBet", "WithMainBet"]
