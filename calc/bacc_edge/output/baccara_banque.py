"""Baccara banque, its output (output/; its rules in game/, solved in analysis/).

Baccara banque solved, as a person or a script reads it: the value, the players' joint
play on 5, the banker's strategy as one grid per total (the left table's showing down,
the right's across), the independent cooperation and the certificate; or the banker's
best answer to given players; one JSON object; or one CSV table of the strategies.

The solving is :mod:`bacc_edge.analysis.baccara_banque`; numbers are written by
:mod:`bacc_edge.util.number_text`, tables and JSON by :mod:`bacc_edge.output.formats`.
"""

from __future__ import annotations

from fractions import Fraction

from ..analysis.baccara_banque import (PLAYS, BankerAnswer, BanqueCell, BanqueSolution,
                                       IndependentCooperation, independent_cooperation)
from ..analysis.baccara_banque_nash import NashEquilibrium
from ..game.baccara_banque import SHOWN, shown_text
from ..game.chemin_de_fer import BANKER_TOTALS
from ..util.number_text import fraction, percentage
from .formats import csv_records, prose, table, to_json

#: Decimals of the probabilities and payoffs in the text.
PLACES = 6
KEY = ("D draws, S stands, a number is the banker's probability of drawing, · the choice "
       "changes nothing on this shoe, – both tables had naturals (no choice)")


def _payoff_text(value: Fraction) -> str:
    return f"{float(value):+.{PLACES}f} ({percentage(value, 4, sign=True)})"


def _exact_text(value: Fraction) -> str:
    return f"{float(value):+.{PLACES + 4}f} = {fraction(value)}"


def _probability_text(p: Fraction) -> str:
    return fraction(p) if p in (0, 1) else f"{fraction(p)} ≈ {float(p):.{PLACES}f}"


def _play_text(play: tuple[bool, bool]) -> str:
    return " and ".join(f"{side} {'draws' if d else 'stands'}"
                        for side, d in zip(("left", "right"), play))


def _cell(c: BanqueCell | None) -> str:
    if c is None:
        return "–"
    if c.draws is None:
        return "·"
    return "D" if c.draws == 1 else "S" if c.draws == 0 else f"{float(c.draws):.3f}"


def banker_grids(banker: tuple[BanqueCell, ...], fmt: str) -> str:
    """The banker's strategy: a line for each total on which he does one thing
    whatever the tables showed, a grid for each other (rows: the left table's showing,
    columns: the right's)."""
    by_cell = {(c.total, c.left, c.right): c for c in banker}
    out = []
    for total in BANKER_TOTALS:
        cells = [c for c in banker if c.total == total]
        marks = {_cell(c) for c in cells}
        if len(marks) == 1:
            out.append(prose(f"banker on {total}: {_everywhere(marks.pop())} whatever the "
                             f"tables showed", fmt) + "\n")
            continue
        headers = [f"banker {total}: left \\ right"] + [shown_text(s) for s in SHOWN]
        rows = [[shown_text(a)] + [_cell(by_cell.get((total, a, b))) for b in SHOWN]
                for a in SHOWN]
        out.append("\n" + table(rows, headers, fmt))
    return "".join(out)


def _everywhere(mark: str) -> str:
    return {"D": "draws", "S": "stands", "·": "(the choice changes nothing)"}.get(
        mark, f"draws with probability {mark}")


def _where(c: BanqueCell) -> str:
    return (f"banker on {c.total} against left {shown_text(c.left)}, right "
            f"{shown_text(c.right)}")


def _mixed_notes(banker: tuple[BanqueCell, ...]) -> list[str]:
    return [f"mixed: {_where(c)} draws with probability {_probability_text(c.draws)}"
            for c in banker if c.draws is not None and c.draws not in (0, 1)]


def _range_text(low: Fraction, high: Fraction) -> str:
    return _probability_text(low) if low == high else (
        f"any probability from {_probability_text(low)} to {_probability_text(high)}")


def _independent_text(found: IndependentCooperation) -> str:
    if found.exists is None:
        return ("independent cooperation (players who cannot signal each other): not found "
                "with either player's probability 0 or 1; with both mixing it is not "
                "searched (every play is a best answer to the banker's strategy)")
    if not found.exists:
        return ("independent cooperation (players who cannot signal each other): none — no "
                "optimal mixture is a product of the players' own probabilities, so the "
                "players must agree on a joint play to hold the banker to the value")
    ways = "; or ".join(f"the left draws on 5 with {_range_text(*left)}, the right with "
                        f"{_range_text(*right)}" for left, right in found.segments)
    return f"independent cooperation (players who cannot signal each other): {ways}"


def _certificate_lines(solution: BanqueSolution) -> list[str]:
    cert = solution.certificate
    return [
        "certificate: each side's best response to the other's strategy, over every choice",
        f"  players' best response to the banker's strategy: {_exact_text(cert.first_best)}",
        f"  players' payoff at the solution:                 {_exact_text(cert.first_payoff)}",
        f"  banker's best response to the players' strategy: {_exact_text(cert.second_best)}",
        f"  banker's payoff at the solution:                 {_exact_text(cert.second_payoff)}",
        "  holds: equal, exactly; neither side gains by changing his strategy alone"
        if cert.holds else "  FAILS: a best response does better than the solution"]


def _head(solution: BanqueSolution) -> list[str]:
    return [f"Baccara banque on {solution.shoe}: the banker against two tables; each player "
            f"sees his own total and chooses on 5, the banker sees his total and what each "
            f"table showed (a third card, a stand or a natural)",
            f"{fraction(solution.stake)} of the money on the left table, "
            f"{fraction(1 - solution.stake)} on the right; each table wins 1 or loses 1 per "
            f"unit staked, a tie pushes; payoffs per unit of the whole stake"]


def solution_text(solution: BanqueSolution, fmt: str = "simple") -> str:
    lines = _head(solution) + [
        "the players as one coalition that may agree on a joint play (Ethier and Lee's "
        "correlated cooperation): a two-person zero-sum game",
        "",
        f"value of the game to the players: {_payoff_text(solution.value)}",
        f"  exact: {fraction(solution.value)}",
        "the players' joint play on 5:"]
    lines += [f"  {_play_text(play)}: {_probability_text(p)}"
              for play, p in zip(PLAYS, solution.plays)]
    lines += [f"  the left draws on 5 with probability {_probability_text(solution.left_draws)}"
              f", the right with {_probability_text(solution.right_draws)}"
              + ("" if solution.independent else " (jointly: not a product of these)"),
              _independent_text(independent_cooperation(solution)), "", "banker: " + KEY]
    out = "".join(prose(line, fmt) + "\n" for line in lines)
    out += banker_grids(solution.banker, fmt)
    notes = _mixed_notes(solution.banker) + [""] + _certificate_lines(solution)
    return out + "\n" + "".join(prose(n, fmt) + "\n" for n in notes)


def answer_text(solution: BanqueSolution, answer: BankerAnswer, fmt: str = "simple") -> str:
    """The banker's best answer to given players, on the solution's shoe and stake."""
    lines = _head(solution) + [
        f"the banker's best answer to the left player drawing on 5 with probability "
        f"{_probability_text(answer.left)} and the right with "
        f"{_probability_text(answer.right)}, independently",
        "",
        f"the players' payoff: {_payoff_text(answer.value)} = {fraction(answer.value)}",
        f"  the left table's, per unit staked on it: {_payoff_text(answer.tables[0])}",
        f"  the right table's, per unit staked on it: {_payoff_text(answer.tables[1])}",
        f"  the value of the game (players as one coalition): {_payoff_text(solution.value)}",
        "", "banker: " + KEY]
    out = "".join(prose(line, fmt) + "\n" for line in lines)
    return out + banker_grids(answer.banker, fmt)


def _nash_text(solution: BanqueSolution, n: int, eq: NashEquilibrium, fmt: str) -> str:
    lines = [f"equilibrium {n}",
             f"the left player draws on 5 with probability {_probability_text(eq.left)}, the "
             f"right with {_probability_text(eq.right)}",
             f"the left table's result per unit staked on it: {_payoff_text(eq.tables[0])}",
             f"the right table's result per unit staked on it: {_payoff_text(eq.tables[1])}",
             f"the banker's payoff per unit of the whole stake: {_payoff_text(eq.banker_payoff)}"
             f" = {fraction(eq.banker_payoff)} (against the players as one coalition: "
             f"{_payoff_text(-solution.value)})", "", "banker: " + KEY]
    out = "".join(prose(line, fmt) + "\n" for line in lines) + banker_grids(eq.banker, fmt)
    names = ("left player", "right player", "banker")
    notes = _mixed_notes(eq.banker) + [
        "", "certificate: each player's best response to the others' strategies, over every "
            "choice"]
    for name, payoff, best in zip(names, eq.payoffs, eq.best):
        notes += [f"  {name + chr(39) + 's best response:':<30}{_exact_text(best)}",
                  f"  {name + chr(39) + 's payoff:':<30}{_exact_text(payoff)}"]
    notes.append("  holds: equal, exactly; no player gains by changing his strategy alone"
                 if eq.holds else "  FAILS: a best response does better than the equilibrium")
    return out + "\n" + "".join(prose(line, fmt) + "\n" for line in notes)


def nash_text(solution: BanqueSolution, equilibria: tuple[NashEquilibrium, ...],
              fmt: str = "simple") -> str:
    """The Nash equilibria found, the players apart."""
    count = len(equilibria)
    lines = _head(solution) + [
        "the players apart, each playing for his own table: the Nash equilibria of the "
        "three-person game, searched where each mixing player is held by a cell that reads "
        "his play alone (or the other player is pure): then every probability is rational",
        f"{count} equilibri{'um' if count == 1 else 'a'} found" if count else
        "no equilibrium of that kind: any equilibrium has both players mixing, held by cells "
        "that read both their plays (probabilities that are roots of quadratics)"]
    out = "".join(prose(line, fmt) + "\n" for line in lines)
    return out + "".join("\n" + _nash_text(solution, n, eq, fmt)
                         for n, eq in enumerate(equilibria, 1))


def _number(key: str, value: Fraction | None) -> dict:
    return {key: None if value is None else float(value),
            f"{key}_exact": None if value is None else fraction(value)}


def _cell_json(c: BanqueCell) -> dict:
    return {"total": c.total, "left": shown_text(c.left), "right": shown_text(c.right),
            **_number("draws", c.draws)}


def solution_json(solution: BanqueSolution) -> dict:
    """The ``--fmt json`` object."""
    cert = solution.certificate
    found = independent_cooperation(solution)
    return {"shoe": solution.shoe.describe(), **_number("stake", solution.stake),
            "model": "coalition", **_number("value", solution.value),
            "plays": [{"left": "draws" if l else "stands", "right": "draws" if r else "stands",
                       **_number("probability", p)}
                      for (l, r), p in zip(PLAYS, solution.plays)],
            **_number("left_draws", solution.left_draws),
            **_number("right_draws", solution.right_draws),
            "independent": solution.independent,
            "independent_cooperation": {
                "exists": found.exists,
                "segments": [{"left": [fraction(v) for v in left],
                              "right": [fraction(v) for v in right]}
                             for left, right in found.segments]},
            "banker": [_cell_json(c) for c in solution.banker],
            "certificate": {**_number("players_best_response", cert.first_best),
                            **_number("players_payoff", cert.first_payoff),
                            **_number("banker_best_response", cert.second_best),
                            **_number("banker_payoff", cert.second_payoff),
                            "holds": cert.holds}}


def answer_json(solution: BanqueSolution, answer: BankerAnswer) -> dict:
    return {"shoe": solution.shoe.describe(), **_number("stake", solution.stake),
            "model": "banker's best answer", **_number("left", answer.left),
            **_number("right", answer.right), **_number("players_payoff", answer.value),
            **_number("left_table", answer.tables[0]),
            **_number("right_table", answer.tables[1]),
            **_number("value", solution.value),
            "banker": [_cell_json(c) for c in answer.banker]}


def nash_json(solution: BanqueSolution, equilibria: tuple[NashEquilibrium, ...]) -> dict:
    names = ("left_player", "right_player", "banker")
    return {"shoe": solution.shoe.describe(), **_number("stake", solution.stake),
            "model": "nash", **_number("coalition_value", solution.value),
            "equilibria": [{**_number("left", eq.left), **_number("right", eq.right),
                            **_number("left_table", eq.tables[0]),
                            **_number("right_table", eq.tables[1]),
                            **_number("banker_payoff", eq.banker_payoff),
                            "banker": [_cell_json(c) for c in eq.banker],
                            "certificate": {
                                **{k: v for name, p, b in zip(names, eq.payoffs, eq.best)
                                   for k, v in {**_number(f"{name}_payoff", p),
                                                **_number(f"{name}_best_response", b)}.items()},
                                "holds": eq.holds}}
                           for eq in equilibria]}


CSV_COLUMNS = ["side", "total", "left", "right", "draws", "draws_exact"]


def _csv(banker, players) -> str:
    records = [{"side": side, "total": 5, "left": None, "right": None, **_number("draws", p)}
               for side, p in players]
    records += [{"side": "banker", **_cell_json(c)} for c in banker]
    return csv_records(records, CSV_COLUMNS)


#: The solution's CSV: the strategy rows (the players' draws on 5, the banker's cells),
#: then the players' joint plays on 5 ("players together", left and right each draws
#: or stands, with its probability), every row with the stake and the players' value.
SOLUTION_COLUMNS = (["stake", "stake_exact", "value", "value_exact"] + CSV_COLUMNS
                    + ["probability", "probability_exact"])


def _solution_csv(solution: BanqueSolution) -> str:
    common = {**_number("stake", solution.stake), **_number("value", solution.value)}
    records = [{**common, "side": side, "total": 5, **_number("draws", p)}
               for side, p in (("left player", solution.left_draws),
                               ("right player", solution.right_draws))]
    records += [{**common, "side": "players together", "total": 5,
                 "left": "draws" if l else "stands", "right": "draws" if r else "stands",
                 **_number("probability", p)} for (l, r), p in zip(PLAYS, solution.plays)]
    records += [{**common, "side": "banker", **_cell_json(c)} for c in solution.banker]
    blank = dict.fromkeys(SOLUTION_COLUMNS)
    return csv_records([{**blank, **r} for r in records], SOLUTION_COLUMNS)


def baccara_banque_output(solution: BanqueSolution, fmt: str,
                          answer: BankerAnswer | None = None,
                          equilibria: tuple[NashEquilibrium, ...] | None = None) -> str:
    """The command's stdout in ``fmt``: the solution, the banker's best ``answer`` to
    given players, or the Nash ``equilibria`` of the players apart."""
    if equilibria is not None:
        if fmt == "json":
            return to_json(nash_json(solution, equilibria))
        if fmt == "csv":
            records = [{"equilibrium": n, "side": side, "total": 5, "left": None, "right": None,
                        **_number("draws", p)}
                       for n, eq in enumerate(equilibria, 1)
                       for side, p in (("left player", eq.left), ("right player", eq.right))]
            records += [{"equilibrium": n, "side": "banker", **_cell_json(c)}
                        for n, eq in enumerate(equilibria, 1) for c in eq.banker]
            return csv_records(records, ["equilibrium"] + CSV_COLUMNS)
        return nash_text(solution, equilibria, fmt)
    if answer is None:
        if fmt == "json":
            return to_json(solution_json(solution))
        if fmt == "csv":
            return _solution_csv(solution)
        return solution_text(solution, fmt)
    if fmt == "json":
        return to_json(answer_json(solution, answer))
    if fmt == "csv":
        return _csv(answer.banker,
                    [("left player", answer.left), ("right player", answer.right)])
    return answer_text(solution, answer, fmt)


__all__ = ["answer_json", "baccara_banque_output", "banker_grids", "nash_json", "nash_text",
           "solution_json", "solution_text"]
