"""Output part of "every cut card from one run" (``depth --cuts``): per bet, the perfect
player and the bet's own count at each cut card as a table, and the verdict in plain
words a protection team can act on: can the bet be beaten at all, by how much a shoe,
and does a count take any of it.

The figures are :class:`~bacc_edge.depth.summary.AtCutCard`'s; this module only words
and lays them out, for the depth command's text and JSON and the math report.
"""

from __future__ import annotations

import math

from ..depth.summary import AtCutCard, BetSummary, PlayerSummary
from .formats import depth_interval_text

#: Places after the point of units a shoe and a 100 rounds (a perfect player's win on a
#: side bet is often a few thousandths of a unit a shoe).
DIGITS = 4


def _places(interval) -> int:
    """Places enough for two significant digits of the interval's figure (its widest
    bound where the figure is 0), :data:`DIGITS` at least: a perfect player's win on a
    pair bet is a few hundred-thousandths of a unit a shoe, which "0.0000" would hide."""
    largest = max(abs(interval.value), abs(interval.low), abs(interval.high))
    scale = abs(interval.value) or largest
    if scale == 0 or scale >= 10 ** -(DIGITS - 1):
        return DIGITS
    return min(1 - math.floor(math.log10(scale)), 12)


def _fixed(x: float, digits: int) -> str:
    """``x`` to ``digits`` places; a zero that came out negative (-0.0) is plain "0",
    a small loss keeps its sign ("-0.0000")."""
    return f"{x + 0.0:.{digits}f}"


def _every(value: float) -> str:
    """How many shoes a unit takes at ``value`` units a shoe, to two significant digits:
    a gain can be sure and still too small to be worth a player's time."""
    return f"a unit every {float(f'{1 / value:.2g}'):,.0f} shoes"


def _units(interval, *, sure: bool) -> str:
    """Units a shoe with the 95% interval ("every shoe alike" where there is none), and,
    for a gain ``sure`` at 95%, how many shoes a unit takes: "0.0026 units a shoe (95%:
    0.0017 to 0.0037; a unit every 380 shoes)"."""
    value, low, high = interval.value, interval.low, interval.high
    places = _places(interval)
    spread = ("every shoe alike" if low == high == value else
              f"95%: {_fixed(low, places)} to {_fixed(high, places)}")
    every = f"; {_every(value)}" if sure and value > 0 else ""
    return f"{_fixed(value, places)} units a shoe ({spread}{every})"


def _figure(at: AtCutCard) -> str:
    """The perfect player's units a shoe at a cut card, the figure alone."""
    won = at.perfect_player.units_per_shoe
    return _fixed(won.value, _places(won))


def _wins(player: PlayerSummary) -> bool:
    """Whether the player's win a shoe is shown to be positive: its whole 95% interval
    above zero."""
    return player.units_per_shoe.low > 0


def _named(bet: BetSummary) -> str:
    return bet.name + ("" if bet.cutoff is None
                       else f" (the table closes it after round {bet.cutoff})")


def verdict(bet: BetSummary) -> str:
    """The bet's verdict over its cut cards, in a sentence, e.g. "beatable by a perfect
    player: at cut card 14 it wins 0.1200 units a shoe (95%: …), at cut card 104
    0.0310; its own count, at cut card 14, wins 0.0500 units a shoe (95%: …):
    countable at cut cards 14 and 26." A perfect player's win is never below zero (it
    bets only where the bet favours it); a count's can be. A gain is called so only
    where its whole 95% interval lies above zero."""
    at = bet.at_cut_cards
    near, far = at[0], at[-1]
    if all(a.perfect_player.bets_per_shoe == 0 for a in at):
        return (f"{_named(bet)}: not beatable in these shoes: no round favoured the player "
                f"at any cut card, so even a perfect player never bets.")
    sure = _wins(near.perfect_player)
    wins = (f"at cut card {near.cut} it wins "
            f"{_units(near.perfect_player.units_per_shoe, sure=sure)}"
            + ("" if far is near else f", at cut card {far.cut} {_figure(far)}"))
    said = (f"{_named(bet)}: beatable by a perfect player: {wins}" if sure else
            f"{_named(bet)}: a perfect player's gain is not sure at 95%: {wins}")
    return said + "; " + _count_said(at) + "."


def _count_said(at: tuple[AtCutCard, ...]) -> str:
    """What the bet's own count does over the cut cards ``at``."""
    if any(a.count is None for a in at):
        return ("it has no linear count of its own (its effects of removal make none that "
                "ever bets)" if at[0].own_counts_asked else
                "no count of its own was played (the run left it out)")
    if all(a.count.bets_per_shoe == 0 for a in at):
        return "its own count never bets at these cut cards"
    countable = [a for a in at if _wins(a.count)]
    if countable:
        first = countable[0]
        return (f"its own count, at cut card {first.cut}, wins "
                f"{_units(first.count.units_per_shoe, sure=True)}: countable at cut card"
                f"{'s' if len(countable) > 1 else ''} {_listed([a.cut for a in countable])}")
    best = max((a for a in at if a.count.bets_per_shoe),
               key=lambda a: a.count.units_per_shoe.value)
    return (f"its own count shows no gain sure at 95% at any of these cut cards: at best, "
            f"at cut card {best.cut}, it nets {_units(best.count.units_per_shoe, sure=False)}")


def _listed(cuts: list[int]) -> str:
    words = [str(c) for c in cuts]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _row(at: AtCutCard, who: str, player: PlayerSummary) -> list[str]:
    return [str(at.cut), f"{at.rounds_per_shoe.value:.1f}", who,
            depth_interval_text(player.units_per_shoe, _places(player.units_per_shoe)),
            _fixed(player.units_per_100_rounds.value, DIGITS),
            f"{player.bet_frequency.value * 100 + 0.0:.2f}%"]


#: The columns of :func:`cut_card_rows`: the cut card (cards behind it) and the rounds a
#: shoe deals there, who plays, what they win a shoe (with its 95% interval) and a 100
#: rounds, and the share of rounds they bet on (the JSON gives every interval).
HEADERS = ("Cut card", "Rounds", "Player", "Units a shoe (95%)", "A 100 rounds", "Bets on")


def cut_card_rows(bet: BetSummary) -> list[list[str]]:
    """Per cut card of the bet, nearest the end first: the perfect player's row, then its
    own count's (:data:`HEADERS`)."""
    rows = []
    for at in bet.at_cut_cards:
        rows.append(_row(at, "perfect", at.perfect_player))
        if at.count is not None:
            rows.append(_row(at, "own count", at.count))
    return rows


def cut_card_title(bet: BetSummary) -> str:
    """The line above the bet's table: which bet, and where its players stop."""
    return (f"{bet.name} at each cut card, from the same shoes"
            + ("" if bet.cutoff is None else
               f" (every player stops after round {bet.cutoff}: the table closes the bet)")
            + ":")


__all__ = ["HEADERS", "cut_card_rows", "cut_card_title", "verdict"]
