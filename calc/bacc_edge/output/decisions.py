"""A decision report written out (``bacc-edge decide``): the returns under optimal and
simple play, and each game's strategy as grids a person can use at the table, in text,
one JSON object or one CSV table."""

from __future__ import annotations

from fractions import Fraction

from ..analysis.decision_report import DecisionReport, SolvedGame
from ..analysis.decisions import HAIR
from .formats import csv_records, prose, table, to_json

#: A cell's marks: the best two options within a hair; the cards inside disagree.
CLOSE, MIXED = "~", "*"


def _percent(x: Fraction, places: int = 3) -> str:
    return f"{float(x) * 100:.{places}f}%"


def letters(options: tuple[str, ...]) -> dict[str, str]:
    """Each option's letter in the grids: its first, capital; its number where two
    options share a first letter."""
    first = [o[0].upper() for o in options]
    if len(set(first)) == len(first):
        return dict(zip(options, first))
    return {o: str(i + 1) for i, o in enumerate(options)}


def _returns_rows(report: DecisionReport) -> list[list[str]]:
    return [[g.game, str(g.decks), p.name, _percent(p.net), f"{float(p.wagered):.4f}",
             "-" if p.rtp is None else _percent(p.rtp)] for g in report.games for p in g.plays]


def _axis(component: tuple[str, int]) -> str:
    name, _ = component
    return f"{name} total" if name in ("player", "banker") else name


def grids(report: DecisionReport, game: str) -> list[tuple[str, list[str], list[list[str]]]]:
    """The printed strategy of ``game`` as grids, one per set of cards shown: (title,
    headers, rows); a cell holds the best option's letter on each shoe, as ``K/D/D``
    where the deck counts disagree, marked :data:`CLOSE` where the best two options are
    within a hair on some shoe and :data:`MIXED` where the cards inside disagree."""
    solved = [g for g in report.games if g.game == game]
    mark = letters(solved[0].solution.options)
    cells: dict = {}
    for g in solved:
        for c in g.solution.printed():
            cells.setdefault((c.positions, c.key), []).append(c)
    by_set: dict = {}
    for (positions, key), cs in cells.items():
        by_set.setdefault(positions, {})[key] = cs
    out = []
    for positions, keyed in by_set.items():
        out.append((" ".join(positions) or "no card", *_grid(keyed, solved, mark)))
    return out


def _grid(keyed: dict, solved: list[SolvedGame], mark: dict[str, str]
          ) -> tuple[list[str], list[list[str]]]:
    """One set's cells as a table: no key (no card shown) one cell; one part of a key
    (a card or a total) a column; two parts rows by the first, columns by the second."""
    sample = next(iter(keyed))
    if not sample:
        return ["shown", "best"], [["no card", _cell(keyed[()], solved, mark)]]
    rows_v = sorted({k[0][1] for k in keyed})
    if len(sample) == 1:
        return [_axis(sample[0]), "best"], [
            [str(r), _cell(keyed.get(((sample[0][0], r),), []), solved, mark)] for r in rows_v]
    cols_v = sorted({k[1][1] for k in keyed})
    headers = [f"{_axis(sample[0])} \\ {_axis(sample[1])}"] + [str(c) for c in cols_v]
    return headers, [[str(r)] + [_cell(keyed.get(((sample[0][0], r), (sample[1][0], c)), []),
                                       solved, mark) for c in cols_v] for r in rows_v]


def _cell(cs, solved: list[SolvedGame], mark: dict[str, str]) -> str:
    if not cs:
        return "-"
    options = solved[0].solution.options
    best = [mark[options[c.best]] for c in cs]
    text = best[0] if len(set(best)) == 1 else "/".join(best)
    return text + (CLOSE if any(c.close for c in cs) else "") + (
        MIXED if any(c.mixed for c in cs) else "")


def decisions_text(report: DecisionReport, fmt: str = "simple") -> str:
    gone = f"; the shoes less {report.removed}" if report.removed else ""
    parts = [prose(f"{report.source.game} ({report.source.path.name}): returns per unit of "
                   f"the first stake; RTP over everything wagered (fee and raises){gone}", fmt)
             + "\n",
             table(_returns_rows(report), ["game", "decks", "play", "return", "wagered",
                                           "RTP"], fmt, keys=3)]
    for name in dict.fromkeys(g.game for g in report.games):
        solved = [g for g in report.games if g.game == name]
        mark = letters(solved[0].solution.options)
        legend = ", ".join(f"{v} {k}" for k, v in mark.items())
        decks = "/".join(str(g.decks) for g in solved)
        parts.append("\n" + prose(
            f"{name}: the best option by what is shown ({legend}; "
            + (f"{decks} decks where they differ; " if len(solved) > 1 else
               f"{decks} deck{'s' if solved[0].decks != 1 else ''}; ")
            + f"{CLOSE} within {float(HAIR):g} of a stake, {MIXED} the cards inside "
            f"disagree)" + (f"; published: {solved[0].published}" if solved[0].published
                            else ""), fmt) + "\n")
        for title, headers, rows in grids(report, name):
            parts.append("\n" + prose(f"shown: {title}", fmt) + "\n" + table(rows, headers, fmt))
        parts.extend(_errors_text(game, fmt) for game in solved)
    return "".join(parts)


#: How many of a play's costliest errors the text shows.
ERRORS_SHOWN = 5


def _errors_text(game: SolvedGame, fmt: str) -> str:
    """Each play's costliest errors against optimal play, on one shoe of the game."""
    rows = [[play, " ".join(f"{p}={v}" for p, v in e.shown), e.chosen, e.best,
             f"{float(e.cost) * 100:.2g}%"]
            for play, errors in game.errors.items() for e in errors[:ERRORS_SHOWN]]
    if not rows:
        return ""
    decks = f"{game.decks} deck{'s' if game.decks != 1 else ''}"
    return ("\n" + prose(f"{game.game}, {decks}: the costliest errors of each way of playing "
                         f"(the cost: what the error takes from the return, per unit of the "
                         f"first stake; a play's costs sum to its gap to optimal play)", fmt)
            + "\n" + table(rows, ["play", "shown", "chosen", "best", "cost"], fmt, keys=2))


def _fraction(x: Fraction) -> str:
    return f"{x.numerator}/{x.denominator}"


def decisions_json(report: DecisionReport) -> dict:
    return {"game": report.source.game, "file": str(report.source.path),
            "decks": list(report.decks), "removed": report.removed,
            "games": [{"game": g.game, "decks": g.decks, "published": g.published,
                       "options": list(g.solution.options),
                       "plays": [{"play": p.name, "return": float(p.net),
                                  "return_exact": _fraction(p.net),
                                  "wagered": float(p.wagered),
                                  "rtp": None if p.rtp is None else float(p.rtp)}
                                 for p in g.plays],
                       "strategy": [{"shown": list(c.positions), "cell": [list(k) for k in c.key],
                                     "chance": float(c.chance),
                                     "values": [float(v) for v in c.values],
                                     "best": g.solution.options[c.best], "close": c.close,
                                     "mixed": c.mixed} for c in g.solution.printed()],
                       "errors": {name: [{"shown": [list(s) for s in e.shown],
                                          "chosen": e.chosen, "best": e.best,
                                          "cost": float(e.cost)} for e in errors]
                                  for name, errors in g.errors.items()}}
                      for g in report.games]}


CSV_COLUMNS = ["game", "decks", "play", "return", "return_exact", "wagered", "rtp"]


def decisions_csv(report: DecisionReport) -> str:
    """One row per game, shoe and play (the strategy is in the JSON)."""
    return csv_records([{"game": g.game, "decks": g.decks, "play": p.name,
                         "return": float(p.net), "return_exact": p.net,
                         "wagered": float(p.wagered),
                         "rtp": None if p.rtp is None else float(p.rtp)}
                        for g in report.games for p in g.plays], CSV_COLUMNS)


def decisions_output(report: DecisionReport, fmt: str) -> str:
    """The command's stdout in ``fmt``."""
    if fmt == "json":
        return to_json(decisions_json(report))
    if fmt == "csv":
        return decisions_csv(report)
    return decisions_text(report, fmt)


__all__ = ["decisions_csv", "decisions_json", "decisions_output", "decisions_text", "grids",
           "letters"]
