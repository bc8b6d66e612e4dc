"""Chemin de fer, its output (output/; its rules in game/, solved in analysis/).

Chemin de fer solved, as a person or a script reads it: the value (or each
equilibrium's payoffs), the player's choice on 5, the banker's table cell by cell
marked against the traditional one, and the certificate; one JSON object (with every
pure choice's exact payoff); or one CSV table of the strategies.

The solving is :mod:`bacc_edge.analysis.chemin_de_fer`; numbers are written by
:mod:`bacc_edge.util.number_text`, tables and JSON by :mod:`bacc_edge.output.formats`.
"""

from __future__ import annotations

from fractions import Fraction

from ..analysis.chemin_de_fer import (BankerChoice, CheminDeFerEquilibrium, CheminDeFerSolution,
                                      Information, PlayerChoice)
from ..game.cards import POINT_VALUES
from ..util.number_text import decimal, fraction, percentage
from .formats import csv_records, prose, table, to_json

#: What each model lets a side see, and its size in pure strategies.
MODELS = {
    Information.TOTAL: "each side sees his own two-card total (2 × 2^88 pure strategies)",
    Information.BANKER_CARDS: "the banker sees his two cards, the player his total "
                              "(2 × 2^484 pure strategies)",
    Information.CARDS: "each side sees his own two cards (2^5 × 2^484 pure strategies)",
}
#: Decimals of the probabilities and payoffs in the text.
PLACES = 6
KEY = ("D draws, S stands, a number is the banker's probability of drawing; * differs from "
       "the traditional table; [ ] a choice the traditional table leaves open")


def hand_text(hand: tuple[int, int] | None) -> str | None:
    """Two cards' point values as ``"0+5"``, or None (the total alone)."""
    return None if hand is None else f"{hand[0]}+{hand[1]}"


def _payoff_text(value: Fraction) -> str:
    """A payoff per unit staked: the decimal and the percentage."""
    return f"{float(value):+.{PLACES}f} ({percentage(value, 4, sign=True)})"


def _exact_text(value: Fraction) -> str:
    return f"{float(value):+.{PLACES + 4}f} = {fraction(value)}"


#: What a choice that changes nothing says, beside its mark (·).
IDLE = ("the choice changes nothing on this shoe (the cell is never reached, or drawing and "
        "standing pay alike)")


def _draws_text(draws: Fraction | None) -> str:
    if draws is None:  # the player's: a banker's idle cell is a · in his table
        return ("· (the choice changes nothing on this shoe: no such hand is dealt, or "
                "drawing and standing pay alike)")
    if draws in (0, 1):
        return "stands" if draws == 0 else "draws"
    return f"draws with probability {fraction(draws)} ≈ {float(draws):.{PLACES}f}"


def _cell(choice: BankerChoice) -> str:
    """A banker cell as the table shows it."""
    if choice.draws is None:
        return "·"
    text = ("D" if choice.draws == 1 else "S" if choice.draws == 0
            else f"{float(choice.draws):.3f}")
    if choice.traditional is None:
        return f"[{text}]"
    return text + ("*" if choice.differs else "")


def _traditional_text(draws: bool | None) -> str:
    """A choice of the traditional table as JSON and CSV write it: True ``draws``,
    False ``stands``, None ``open`` (the table leaves it to the side)."""
    return "open" if draws is None else "draws" if draws else "stands"


def _player_line(p: PlayerChoice) -> str:
    """The player's choice on 5 beside what the traditional table has him do."""
    where = ("open in the traditional table" if p.traditional is None else
             f"the traditional table: {_traditional_text(p.traditional)}"
             + ("; changed" if p.differs else ""))
    return f"player on {p.label}: {_draws_text(p.draws)} ({where})"


def banker_rows(eq: CheminDeFerEquilibrium) -> tuple[list[str], list[list[str]]]:
    """The banker's strategy as the tableau is printed: one row per total (or two-card
    hand), one column per player's third card, then ``stood``."""
    headers = ["banker"] + [str(x) for x in range(POINT_VALUES)] + ["stood"]
    rows, row = [], []
    for choice in eq.banker:
        if choice.third == 0:
            label = str(choice.total) + ("" if choice.hand is None
                                         else f" = {hand_text(choice.hand)}")
            row = [label]
            rows.append(row)
        row.append(_cell(choice))
    return headers, rows


def _where(b: BankerChoice) -> str:
    return (f"banker on {b.total}" + ("" if b.hand is None else f" = {hand_text(b.hand)}")
            + f" against {'a stand' if b.third is None else f'a third card of {b.third}'}")


def equilibrium_text(solution: CheminDeFerSolution, eq: CheminDeFerEquilibrium,
                     fmt: str) -> str:
    """One equilibrium: payoffs, the player's choices, the banker's table, the mixed
    cells exactly, the changes from the traditional table, and the certificate."""
    if solution.zero_sum:
        lines = [f"value of the game to the player: {_payoff_text(eq.player_payoff)}",
                 f"  exact: {fraction(eq.player_payoff)}"]
    else:
        lines = [f"player's expected payoff: {_payoff_text(eq.player_payoff)} "
                 f"= {fraction(eq.player_payoff)}",
                 f"banker's expected payoff: {_payoff_text(eq.banker_payoff)} "
                 f"= {fraction(eq.banker_payoff)} (his wins less "
                 f"{decimal(solution.commission * 100)}% commission)",
                 f"the house's commission: {_payoff_text(-eq.player_payoff - eq.banker_payoff)}"
                 f" per unit staked"]
    lines += [_player_line(p) for p in eq.player]
    out = "".join(prose(line, fmt) + "\n" for line in lines)
    headers, rows = banker_rows(eq)
    out += "\n" + prose("banker: " + KEY, fmt) + "\n" + table(rows, headers, fmt)
    notes = []
    for b in eq.banker:
        if b.draws is not None and b.draws not in (0, 1):
            notes.append(f"mixed: {_where(b)} {_draws_text(b.draws)} (the traditional table: "
                         f"{_traditional_text(b.traditional)})")
        elif b.differs:
            notes.append(f"changed: {_where(b)} {_draws_text(b.draws)}, where the traditional "
                         f"table {_traditional_text(b.traditional)}")
    if any(b.draws is None for b in eq.banker):
        notes.append("· " + IDLE)
    cert = eq.certificate
    notes += [
        "",
        "certificate: each side's best response to the other's strategy, over every choice",
        f"  player's best response to the banker's strategy: {_exact_text(cert.first_best)}",
        f"  player's payoff at the solution:                 {_exact_text(cert.first_payoff)}",
        f"  banker's best response to the player's strategy: {_exact_text(cert.second_best)}",
        f"  banker's payoff at the solution:                 {_exact_text(cert.second_payoff)}",
        "  holds: equal, exactly; neither side gains by changing his strategy alone"
        if cert.holds else "  FAILS: a best response does better than the solution"]
    return out + "\n" + "".join(prose(n, fmt) + "\n" for n in notes)


def solution_text(solution: CheminDeFerSolution, fmt: str = "simple") -> str:
    head = [f"Chemin de fer on {solution.shoe}: {MODELS[solution.information]}",
            "the player chooses on 5, the banker at every cell; naturals end the coup"]
    if solution.zero_sum:
        head.append("zero-sum: the player wins 1 or loses 1 per unit staked, a tie pushes")
    else:
        count = len(solution.equilibria)
        head.append(f"{decimal(solution.commission * 100)}% commission on banker wins, so not "
                    f"zero-sum: {count} equilibri{'um' if count == 1 else 'a'} found")
    if solution.shoe.replacement and solution.information is not Information.TOTAL:
        head.append("dealt with replacement, two cards tell no more than their total: "
                    "strategies that split one total's play among its hands differently "
                    "are worth the same")
    out = "".join(prose(line, fmt) + "\n" for line in head)
    for n, eq in enumerate(solution.equilibria, 1):
        if not solution.zero_sum:
            out += "\n" + prose(f"equilibrium {n}", fmt) + "\n"
        out += "\n" + equilibrium_text(solution, eq, fmt)
    return out


def _number(key: str, value: Fraction | None) -> dict:
    """``{key: float, key_exact: "a/b"}``, null when there is none."""
    return {key: None if value is None else float(value),
            f"{key}_exact": None if value is None else fraction(value)}


def _player_json(p: PlayerChoice) -> dict:
    return {"total": 5, "hand": hand_text(p.hand), **_number("draws", p.draws),
            "traditional": _traditional_text(p.traditional), "differs": p.differs}


def _banker_json(b: BankerChoice) -> dict:
    return {"total": b.total, "hand": hand_text(b.hand), "third": b.third,
            **_number("draws", b.draws), "traditional": _traditional_text(b.traditional),
            "differs": b.differs}


def _equilibrium_json(eq: CheminDeFerEquilibrium) -> dict:
    cert = eq.certificate
    return {**_number("player_payoff", eq.player_payoff),
            **_number("banker_payoff", eq.banker_payoff),
            "strategies": {"player": [_player_json(p) for p in eq.player],
                           "banker": [_banker_json(b) for b in eq.banker]},
            "certificate": {**_number("player_best_response", cert.first_best),
                            **_number("player_payoff", cert.first_payoff),
                            **_number("banker_best_response", cert.second_best),
                            **_number("banker_payoff", cert.second_payoff),
                            "holds": cert.holds}}


def payoffs_json(solution: CheminDeFerSolution) -> dict:
    """Every pure choice's exact payoff, per unit staked, for each side: ``base`` when the
    player stands on 5 and the banker stands at every cell; per player choice, what his
    drawing adds (the banker standing everywhere); per banker cell, what the banker's
    drawing adds when the player stands on 5, and when he draws with each hand. Any pair
    of pure strategies pays the base plus the gains of the choices it makes."""
    out = {}
    sides = [("player", solution.game.first), ("banker", solution.game.second)]
    labels = [hand_text(h) or "5" for h in solution.player_hands]
    for name, payoff in sides:
        d = payoff.denominator
        cells = []
        for (total, hand, third), b, row in zip(solution.banker_cells, payoff.second, payoff.joint):
            cells.append({"total": total, "hand": hand_text(hand), "third": third,
                          **_number("gain_player_stands", Fraction(b, d)),
                          "gain_player_draws": {label: float(Fraction(b + c, d))
                                                for label, c in zip(labels, row)},
                          "gain_player_draws_exact": {label: fraction(Fraction(b + c, d))
                                                      for label, c in zip(labels, row)}})
        out[name] = {**_number("base", Fraction(payoff.constant, d)),
                     "player_draws": {label: float(Fraction(a, d))
                                      for label, a in zip(labels, payoff.first)},
                     "player_draws_exact": {label: fraction(Fraction(a, d))
                                            for label, a in zip(labels, payoff.first)},
                     "banker_draws": cells}
    return out


def solution_json(solution: CheminDeFerSolution) -> dict:
    """The ``--fmt json`` object: the first equilibrium's strategies and certificate at the
    top (zero-sum: the optimal pair), every equilibrium, every pure choice's payoff."""
    first = _equilibrium_json(solution.equilibria[0])
    return {"shoe": {**solution.shoe.describe(), "coups": solution.shoe.coups},
            "information": solution.information.value,
            **_number("commission", solution.commission),
            "zero_sum": solution.zero_sum,
            **_number("value", solution.value),
            "strategies": first["strategies"],
            "certificate": first["certificate"],
            "equilibria": [_equilibrium_json(eq) for eq in solution.equilibria],
            "payoffs": payoffs_json(solution)}


CSV_COLUMNS = ["equilibrium", "side", "total", "hand", "third", "draws", "draws_exact",
               "traditional", "differs"]


def solution_csv(solution: CheminDeFerSolution) -> str:
    """One row per choice of each equilibrium: the player's on 5, then the banker's cells
    (``third`` empty where the player stood, as is ``draws`` where a cell is never
    reached)."""
    records = []
    for n, eq in enumerate(solution.equilibria, 1):
        for p in eq.player:
            records.append({"equilibrium": n, "side": "player", "third": None,
                            **_player_json(p)})
        for b in eq.banker:
            records.append({"equilibrium": n, "side": "banker", **_banker_json(b)})
    return csv_records(records, CSV_COLUMNS)


def chemin_de_fer_output(solution: CheminDeFerSolution, fmt: str) -> str:
    """The command's stdout in ``fmt``: text in any tabulate format, one JSON object, or
    one CSV table."""
    if fmt == "json":
        return to_json(solution_json(solution))
    if fmt == "csv":
        return solution_csv(solution)
    return solution_text(solution, fmt)


__all__ = ["chemin_de_fer_output", "solution_csv", "solution_json", "solution_text"]
