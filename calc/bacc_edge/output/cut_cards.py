"""Output part of "every cut card from one run" (``depth --cuts``): per bet, the perfect
player and the bet's own count at each cut card as a table, and the verdict in plain
words a protection team can act on: can the bet be beaten at all, by how much a shoe,
and does a count take any of it.

The figures are :class:`~bacc_edge.depth.summary.AtCutCard`'s; this module only words
and lays them out, for the depth command's text and JSON and the math report.
"""

from __future__ import annotations

from ..depth.summary import AtCutCard, BetSummary, PlayerSummary

#: Places after the point of units a shoe and a 100 rounds (a perfect player's win on a
#: side bet is often a few thousandths of a unit a shoe).
DIGITS = 4


def _fixed(x: float, digits: int) -> str:
    """``x`` to ``digits`` places; a value that rounds to zero is "0.0000", never
    "-0.0000"."""
    text = f"{x:.{digits}f}"
    return text[1:] if text.startswith("-") and not text.strip("-0.") else text


def _units(interval) -> str:
    """Units a shoe with the 95% interval, and, for a win below a tenth of a unit, how
    many shoes a unit takes: "0.0026 units a shoe (95%: 0.0017 to 0.0037; a unit every
    380 shoes)" — a gain can be sure and still too small to be worth a player's time."""
    value = interval.value
    every = ""
    if 0 < value < 0.1:
        shoes = float(f"{1 / value:.2g}")  # two significant digits
        every = f"; a unit every {shoes:,.0f} shoes"
    return (f"{_fixed(value, DIGITS)} units a shoe (95%: {_fixed(interval.low, DIGITS)} to "
            f"{_fixed(interval.high, DIGITS)}{every})")


def _wins(player: PlayerSummary) -> bool:
    """Whether the player's win a shoe is shown to be positive: its whole 95% interval
    above zero."""
    return player.units_per_shoe.low > 0


def verdict(bet: BetSummary) -> str:
    """The bet's verdict over its cut cards, in a sentence, e.g. "beatable by a perfect
    player: at cut card 14 it wins 0.1200 units a shoe (95%: …), at cut card 104
    0.0310; its own count, at cut card 14, wins 0.0500 units a shoe (95%: …):
    countable at cut cards 14 and 26." A perfect player's win is never below zero (it
    bets only where the bet favours it); a count's can be."""
    at = bet.at_cut_cards
    near, far = at[0], at[-1]
    name = bet.name + ("" if bet.cutoff is None
                       else f" (the table closes it after round {bet.cutoff})")
    if all(a.perfect_player.bets_per_shoe == 0 for a in at):
        return (f"{name}: not beatable in these shoes: no round favoured the player at "
                f"any cut card, so even a perfect player never bets.")
    wins = (f"at cut card {near.cut} it wins {_units(near.perfect_player.units_per_shoe)}"
            + ("" if far is near else f", at cut card {far.cut} "
               f"{_fixed(far.perfect_player.units_per_shoe.value, DIGITS)}"))
    said = (f"{name}: beatable by a perfect player: {wins}" if _wins(near.perfect_player)
            else f"{name}: a perfect player's win is not shown above zero: {wins}")
    if any(a.count is None for a in at):
        return said + "; no count of its own was played."
    countable = [a for a in at if _wins(a.count)]
    if countable:
        first = countable[0]
        return (said + f"; its own count, at cut card {first.cut}, wins "
                f"{_units(first.count.units_per_shoe)}: countable at cut card"
                f"{'s' if len(countable) > 1 else ''} {_listed([a.cut for a in countable])}.")
    best = max(at, key=lambda a: a.count.units_per_shoe.value)
    return (said + f"; its own count shows no gain at any of these cut cards, so it is not "
            f"countable: at best, at cut card {best.cut}, it wins "
            f"{_units(best.count.units_per_shoe)}.")


def _listed(cuts: list[int]) -> str:
    words = [str(c) for c in cuts]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _interval(interval, digits: int, *, percent: bool = False) -> str:
    k, unit = (100, "%") if percent else (1, "")
    v, lo, hi = (_fixed(x * k, digits) for x in (interval.value, interval.low, interval.high))
    return f"{v}{unit} ({lo} to {hi})"


def _row(at: AtCutCard, who: str, player: PlayerSummary) -> list[str]:
    return [f"{at.cut} ({at.rounds_per_shoe.value:.1f})", who,
            _interval(player.units_per_shoe, DIGITS),
            _interval(player.units_per_100_rounds, DIGITS),
            _interval(player.bet_frequency, 2, percent=True)]


#: The columns of :func:`cut_card_rows`: the cut card (cards behind it) with the rounds a
#: shoe deals there, who plays, and what they win and how often they bet.
HEADERS = ("Cut card (rounds)", "Player", "Units a shoe", "A 100 rounds", "Bets on")


def cut_card_rows(bet: BetSummary) -> list[list[str]]:
    """Per cut card of the bet, nearest the end first: the perfect player's row, then its
    own count's (:data:`HEADERS`; each figure with its 95% interval)."""
    rows = []
    for at in bet.at_cut_cards:
        rows.append(_row(at, "perfect", at.perfect_player))
        if at.count is not None:
            rows.append(_row(at, "own count", at.count))
    return rows


__all__ = ["HEADERS", "cut_card_rows", "verdict"]
