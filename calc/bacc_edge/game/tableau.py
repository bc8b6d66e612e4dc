"""The drawing rules: a tableau, written as the one printed on the table, is a value.

This module is the one source of truth for when a hand draws. The standard punto banco
tableau is :data:`STANDARD`; a game that changes the drawing rules (chemin de fer's open
choices fixed one way, a house variant) writes its own with :meth:`Tableau.parse`, and a
paytable file may set it as ``RULES``. The kernels never read a tableau: they receive
the arrays :func:`bacc_edge.game.coup.coup_plan` builds from it, the one place the dealing
order and the drawing rules are turned into arrays, so no drawing rule is written
anywhere else.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from .cards import POINT_VALUES
from ..errors import ArgumentError, BaccEdgeError, kind_of

#: A two-card total of 8 or 9 is a natural: nobody draws. Every tableau keeps them.
NATURALS = (8, 9)
#: The column of a banker row used when the player stood.
STOOD = "stood"
_MARKS = {"D": True, "S": False}


class TableauError(BaccEdgeError):
    """A tableau that makes no sense: the message names the row and column."""


@dataclass(frozen=True)
class Tableau:
    """When each hand draws a third card, when neither hand holds a natural.

    ``player[t]`` says whether the player draws on the two-card total t (0-9);
    ``banker[t][x]`` whether the banker draws on t when the player's third card has the
    point value x (0-9), and ``banker[t][10]`` when the player stood. Totals 8 and 9 are
    naturals and never draw. Build one from its printed form with :meth:`parse`.
    """

    player: tuple[bool, ...]
    banker: tuple[tuple[bool, ...], ...]
    name: str = field(default="custom tableau", compare=False)

    def __post_init__(self) -> None:
        _check_name(self.name)
        if len(self.player) != POINT_VALUES or any(not isinstance(m, bool) for m in self.player):
            raise TableauError(f"tableau {self.name!r}: the player's rule needs "
                               f"{POINT_VALUES} marks (True = draws), got {self.player!r}")
        if (len(self.banker) != POINT_VALUES
                or any(len(row) != POINT_VALUES + 1 for row in self.banker)
                or any(not isinstance(m, bool) for row in self.banker for m in row)):
            raise TableauError(f"tableau {self.name!r}: the banker's table needs "
                               f"{POINT_VALUES} rows of {POINT_VALUES + 1} marks (True = draws)")
        for total in NATURALS:
            if self.player[total]:
                raise TableauError(f"tableau {self.name!r}: player {total} is a natural and "
                                   f"cannot draw")
            for column, draws in enumerate(self.banker[total]):
                if draws:
                    raise TableauError(f"tableau {self.name!r}: banker {total}, column "
                                       f"{_column_name(column)}: {total} is a natural and "
                                       f"cannot draw")

    def __hash__(self) -> int:
        return self._hash

    @cached_property
    def _hash(self) -> int:
        """Tableaux key the caches of every table: hash the 110 marks once."""
        return hash((self.player, self.banker))

    # -- reading ----------------------------------------------------------------------
    def player_draws(self, total: int) -> bool:
        """Whether the player draws on this two-card total (no natural on the table)."""
        return self.player[total]

    def banker_draws(self, total: int, player_third: int | None) -> bool:
        """Whether the banker draws on this two-card total, given the point value of the
        player's third card, or ``None`` when the player stood (no natural on the table)."""
        return self.banker[total][POINT_VALUES if player_third is None else player_third]

    @staticmethod
    def natural(total: int) -> bool:
        """Whether a two-card total is a natural, which ends the coup."""
        return total in NATURALS

    @property
    def text(self) -> str:
        """The tableau as printed: the player's rule, then the banker's table."""
        totals = [t for t in range(POINT_VALUES) if t not in NATURALS]
        columns = [str(x) for x in range(POINT_VALUES)] + [STOOD]
        mark = {True: "D", False: "S"}
        lines = ["player   " + " ".join(map(str, totals)),
                 "         " + " ".join(mark[self.player[t]] for t in totals), "",
                 "          " + " ".join(columns[:-1]) + "  " + columns[-1]]
        for t in totals:
            row = [mark[m] for m in self.banker[t]]
            lines.append(f"banker {t}  " + " ".join(row[:-1]) + "  " + row[-1])
        return "\n".join(lines)

    def describe(self) -> dict:
        """The tableau as plain data, for reports and JSON."""
        return {"name": self.name, "text": self.text}

    def __str__(self) -> str:
        return self.name

    # -- building ---------------------------------------------------------------------
    @classmethod
    def parse(cls, text: str, name: str = "custom tableau") -> "Tableau":
        """Read a tableau written as the printed one (see :data:`STANDARD_TEXT`).

        A ``player`` line lists the totals 0-7 and the line under it their marks; a
        header lists the banker's columns 0-9 and ``stood``; each ``banker N`` row holds
        the marks of total N. D draws, S stands. Rows or columns for 8 and 9 may be
        given only with S. A row or column missing or given twice, a mark that is not D
        or S, or a natural that draws is refused, naming the row and column.
        """
        _check_name(name)
        if not isinstance(text, str):
            raise TableauError(f"tableau {name!r}: give its printed text, not {text!r}")
        where = f"tableau {name!r}"
        lines = [line.split() for line in text.strip().splitlines()]
        lines = [tokens for tokens in lines if tokens]
        player: dict[int, bool] = {}
        banker: dict[int, list[bool]] = {}
        columns: list[int] | None = None
        i = 0
        while i < len(lines):
            tokens = lines[i]
            head = tokens[0].lower()
            if head == "player":
                if player:
                    raise TableauError(f"{where}: the player's rule is given twice")
                totals = [_total(t, where, "player") for t in tokens[1:]]
                if i + 1 >= len(lines):
                    raise TableauError(f"{where}: the player's rule has no line of marks")
                marks = lines[i + 1]
                if len(marks) != len(totals):
                    raise TableauError(f"{where}: the player's rule gives {len(marks)} marks "
                                       f"for {len(totals)} totals")
                for total, mark in zip(totals, marks):
                    if total in player:
                        raise TableauError(f"{where}: player {total} is given twice")
                    player[total] = _mark(mark, where, f"player {total}")
                i += 2
                continue
            if head == "banker":
                if columns is None:
                    raise TableauError(f"{where}: banker rows need a header of columns "
                                       f"0-9 and {STOOD} above them")
                if len(tokens) < 2:
                    raise TableauError(f"{where}: a banker row without its total")
                total = _total(tokens[1], where, "banker")
                if total in banker:
                    raise TableauError(f"{where}: banker {total} is given twice")
                marks = tokens[2:]
                if len(marks) != len(columns):
                    raise TableauError(f"{where}: banker {total} gives {len(marks)} marks "
                                       f"for {len(columns)} columns")
                row = [False] * (POINT_VALUES + 1)
                for column, mark in zip(columns, marks):
                    row[column] = _mark(mark, where,
                                        f"banker {total}, column {_column_name(column)}")
                banker[total] = row
                i += 1
                continue
            if columns is not None:
                raise TableauError(f"{where}: the banker's header is given twice")
            columns = [_column(t, where) for t in tokens]
            for column in set(columns):
                if columns.count(column) > 1:
                    raise TableauError(f"{where}: column {_column_name(column)} is given twice")
            for column in range(POINT_VALUES + 1):
                if column not in columns:
                    raise TableauError(f"{where}: the banker's column "
                                       f"{_column_name(column)} is missing")
            i += 1
        if not player:
            raise TableauError(f"{where}: the player's rule (a 'player' line) is missing")
        if columns is None:
            raise TableauError(f"{where}: the banker's table is missing")
        for total in range(POINT_VALUES):
            if total in NATURALS:
                continue
            if total not in player:
                raise TableauError(f"{where}: player {total} is missing")
            if total not in banker:
                raise TableauError(f"{where}: banker row {total} is missing")
        empty = [False] * (POINT_VALUES + 1)
        return cls(player=tuple(player.get(t, False) for t in range(POINT_VALUES)),
                   banker=tuple(tuple(banker.get(t, empty)) for t in range(POINT_VALUES)),
                   name=name)


def _check_name(name) -> None:
    """A tableau's name is printed in reports ("under the … tableau"): a non-empty line."""
    if not isinstance(name, str) or not name.strip() or "\n" in name:
        raise ArgumentError(f"name {kind_of(name)} must be the tableau's name, a non-empty "
                            f"line of text")


def _is_point_value(token: str) -> bool:
    """Whether the token is written as a point value 0-9: ASCII digits only ('²' and
    '５' are digits to Python, not to a printed tableau)."""
    return token.isascii() and token.isdecimal() and int(token) < POINT_VALUES


def _total(token: str, where: str, hand: str) -> int:
    if not _is_point_value(token):
        raise TableauError(f"{where}: {hand} total {token!r} is not a total 0-9")
    return int(token)


def _column(token: str, where: str) -> int:
    if token.lower() == STOOD:
        return POINT_VALUES
    if not _is_point_value(token):
        raise TableauError(f"{where}: banker column {token!r} is not a third card's "
                           f"point value 0-9 or '{STOOD}'")
    return int(token)


def _column_name(column: int) -> str:
    return STOOD if column == POINT_VALUES else str(column)


def _mark(token: str, where: str, cell: str) -> bool:
    mark = _MARKS.get(token)
    if mark is None:
        raise TableauError(f"{where}: {cell}: mark {token!r} is not D (draws) or S (stands), "
                           f"written as a capital letter")
    return mark


#: The standard punto banco tableau, as printed on the table and in seeds 001, 003, 004.
STANDARD_TEXT = """
player   0 1 2 3 4 5 6 7
         D D D D D D S S

          0 1 2 3 4 5 6 7 8 9  stood
banker 0  D D D D D D D D D D  D
banker 1  D D D D D D D D D D  D
banker 2  D D D D D D D D D D  D
banker 3  D D D D D D D D S D  D
banker 4  S S D D D D D D S S  D
banker 5  S S S S D D D D S S  D
banker 6  S S S S S S D D S S  S
banker 7  S S S S S S S S S S  S
"""

#: The tableau every shipped game uses unless its paytable sets ``RULES``.
STANDARD = Tableau.parse(STANDARD_TEXT, name="standard punto banco")


def tableau_argument(value, name: str = "tableau"):
    """``value`` if it is a :class:`~bacc_edge.game.tableau.Tableau`."""
    if not isinstance(value, Tableau):
        raise ArgumentError(f"{name} {kind_of(value)} must be a Tableau, e.g. "
                            f"bacc_edge.STANDARD or Tableau.parse(text)")
    return value
